/* pt-wagons-state.c — the game as a value; see pt-wagons-state.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-rules-error.h"
#include "pt-wagons-state.h"

void
pt_wagons_state_init (PtWagonsState *state,
                      const guint8 bonus[PT_WAGONS_N_BONUS],
                      const guint8 circle[PT_WAGONS_N_CIRCLE],
                      guint first_player)
{
  memset (state, 0, sizeof *state);
  memcpy (state->bonus, bonus, PT_WAGONS_N_BONUS);
  memcpy (state->circle, circle, PT_WAGONS_N_CIRCLE);
  state->first_player = (guint8) first_player;
  state->taker = (guint8) first_player;
  pt_wagons_town_init (&state->towns[0]);
  pt_wagons_town_init (&state->towns[1]);
}

static inline guint8
arc_card (const PtWagonsState *state,
          guint pos)
{
  return state->circle[(state->start + pos) % PT_WAGONS_N_CIRCLE];
}

PtWagonsPhase
pt_wagons_state_get_phase (const PtWagonsState *state)
{
  if (!state->started)
    return PT_WAGONS_PHASE_START;
  if (state->pending_head < state->n_pending)
    return PT_WAGONS_PHASE_PLACE;
  if (state->head < PT_WAGONS_N_CIRCLE)
    return PT_WAGONS_PHASE_TAKE;
  return PT_WAGONS_PHASE_OVER;
}

int
pt_wagons_state_get_current_player (const PtWagonsState *state)
{
  switch (pt_wagons_state_get_phase (state))
    {
    case PT_WAGONS_PHASE_START:
      return 1 - state->first_player;
    case PT_WAGONS_PHASE_PLACE:
      return state->pending_player[state->pending_head];
    case PT_WAGONS_PHASE_TAKE:
      return state->taker;
    case PT_WAGONS_PHASE_OVER:
    default:
      return -1;
    }
}

/* The queue in order (empty before the start card is named). */
guint
pt_wagons_state_get_queue (const PtWagonsState *state,
                           guint8 *cards)
{
  guint n = 0;

  if (!state->started)
    return 0;
  for (guint pos = state->head; pos < PT_WAGONS_N_CIRCLE; pos++)
    cards[n++] = arc_card (state, pos);
  return n;
}

int
pt_wagons_state_get_card_to_place (const PtWagonsState *state)
{
  if (pt_wagons_state_get_phase (state) != PT_WAGONS_PHASE_PLACE)
    return -1;
  return state->pending_card[state->pending_head];
}

/* The cards still to place, in order, with whose town they go to. */
guint
pt_wagons_state_get_pending (const PtWagonsState *state,
                             guint8 *cards,
                             guint8 *players)
{
  guint n = 0;

  for (guint i = state->pending_head; i < state->n_pending; i++, n++)
    {
      cards[n] = state->pending_card[i];
      players[n] = state->pending_player[i];
    }
  return n;
}

void
pt_wagons_state_get_bonus_kinds (const PtWagonsState *state,
                                 PtWagonsBonus kinds[PT_WAGONS_N_BONUS])
{
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    kinds[i] = pt_wagons_cards[state->bonus[i]].bonus;
}

guint32
pt_wagons_state_bonus_mask (const PtWagonsState *state)
{
  guint32 mask = 0;

  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    mask |= 1u << pt_wagons_cards[state->bonus[i]].bonus;
  return mask;
}

static int
circle_index (const PtWagonsState *state,
              guint card)
{
  for (guint i = 0; i < PT_WAGONS_N_CIRCLE; i++)
    if (state->circle[i] == card)
      return (int) i;
  return -1;
}

static gboolean
check_place (const PtWagonsState *state,
             guint player,
             const PtWagonsMove *move,
             GError **error)
{
  int expected = pt_wagons_state_get_card_to_place (state);
  const char *id = pt_wagons_cards[move->card].id;

  if (expected < 0)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("There is no card to place now: take a card from the queue"));
      return FALSE;
    }
  if (expected != move->card)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s is the card to place now, not %s"),
                      pt_wagons_cards[expected].id, id);
      return FALSE;
    }

  switch (pt_wagons_town_check_anchor (&state->towns[player], move->x, move->y))
    {
    case PT_WAGONS_PLACE_OK:
      return TRUE;
    case PT_WAGONS_PLACE_FIRST_NOT_AT_ORIGIN:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("The first card of a town goes at (0, 0), not at (%d, %d)"),
                      move->x, move->y);
      return FALSE;
    case PT_WAGONS_PLACE_CORNER_ONLY:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s at (%d, %d) would touch the town only at a corner"),
                      id, move->x, move->y);
      return FALSE;
    case PT_WAGONS_PLACE_TOWN_FULL:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("The town has no room for more cards"));
      return FALSE;
    case PT_WAGONS_PLACE_DETACHED:
    default:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s at (%d, %d) would neither cover nor touch the town"),
                      id, move->x, move->y);
      return FALSE;
    }
}

/**
 * pt_wagons_state_check_move:
 *
 * Whether @player may play @move now; the reason in @error when not.
 */
gboolean
pt_wagons_state_check_move (const PtWagonsState *state,
                            guint player,
                            const PtWagonsMove *move,
                            GError **error)
{
  PtWagonsPhase phase = pt_wagons_state_get_phase (state);
  const char *id;

  if (phase == PT_WAGONS_PHASE_OVER)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The game is already over"));
      return FALSE;
    }
  if ((int) player != pt_wagons_state_get_current_player (state))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_NOT_YOUR_TURN,
                   _("It is not player %u’s turn"), player + 1);
      return FALSE;
    }
  if (move->card >= PT_WAGONS_N_CARDS || move->kind > PT_WAGONS_MOVE_PLACE)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("The move names no card"));
      return FALSE;
    }
  id = pt_wagons_cards[move->card].id;

  if (phase == PT_WAGONS_PHASE_START && move->kind != PT_WAGONS_MOVE_START)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                           _("The second player must first name the starting card"));
      return FALSE;
    }

  switch (move->kind)
    {
    case PT_WAGONS_MOVE_START:
      if (phase != PT_WAGONS_PHASE_START)
        {
          g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                               _("The starting card has already been named"));
          return FALSE;
        }
      if (circle_index (state, move->card) < 0)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                       _("%s is not in the circle"), id);
          return FALSE;
        }
      return TRUE;

    case PT_WAGONS_MOVE_TAKE:
      if (phase == PT_WAGONS_PHASE_PLACE)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                       _("%s must be placed before a card is taken"),
                          pt_wagons_cards[pt_wagons_state_get_card_to_place (state)].id);
          return FALSE;
        }
      for (guint pos = state->head; pos < PT_WAGONS_N_CIRCLE; pos++)
        if (arc_card (state, pos) == move->card)
          return TRUE;
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s is not in the queue"), id);
      return FALSE;

    case PT_WAGONS_MOVE_PLACE:
    default:
      return check_place (state, player, move, error);
    }
}

static void
push_pending (PtWagonsState *state,
              guint card,
              guint player)
{
  state->pending_card[state->n_pending] = (guint8) card;
  state->pending_player[state->n_pending] = (guint8) player;
  state->n_pending++;
  state->received[player]++;
}

/* Applies a move pt_wagons_state_check_move() accepted. */
void
pt_wagons_state_apply_move (PtWagonsState *state,
                            const PtWagonsMove *move)
{
  switch (move->kind)
    {
    case PT_WAGONS_MOVE_START:
      state->start = (guint8) circle_index (state, move->card);
      state->started = TRUE;
      state->head = 0;
      break;

    case PT_WAGONS_MOVE_TAKE:
      {
        guint taker = state->taker, other = 1 - taker;
        guint pos = state->head;

        while (arc_card (state, pos) != move->card)
          pos++;
        state->n_pending = 0;
        state->pending_head = 0;
        push_pending (state, move->card, taker);
        for (guint p = state->head; p < pos; p++)
          push_pending (state, arc_card (state, p), other);
        state->head = (guint8) (pos + 1);
        state->taker = (guint8) other;
      }
      break;

    case PT_WAGONS_MOVE_PLACE:
    default:
      {
        guint player = state->pending_player[state->pending_head];

        pt_wagons_town_place (&state->towns[player], move->card,
                              move->x, move->y, move->rot180);
        state->pending_head++;
      }
      break;
    }
}

/**
 * pt_wagons_state_list_moves:
 * @moves: (out caller-allocates): room for PT_WAGONS_MAX_MOVES
 *
 * Every legal move of the player to act: start cards in circle order, queue
 * cards in queue order, placements by anchor (rows top to bottom, left to
 * right), rot 0 before rot 180.
 */
guint
pt_wagons_state_list_moves (const PtWagonsState *state,
                            PtWagonsMove *moves)
{
  guint n = 0;

  switch (pt_wagons_state_get_phase (state))
    {
    case PT_WAGONS_PHASE_START:
      for (guint i = 0; i < PT_WAGONS_N_CIRCLE; i++)
        moves[n++] = (PtWagonsMove){ PT_WAGONS_MOVE_START, state->circle[i], 0, 0, 0 };
      return n;

    case PT_WAGONS_PHASE_TAKE:
      for (guint pos = state->head; pos < PT_WAGONS_N_CIRCLE; pos++)
        moves[n++] = (PtWagonsMove){ PT_WAGONS_MOVE_TAKE, arc_card (state, pos), 0, 0, 0 };
      return n;

    case PT_WAGONS_PHASE_PLACE:
      {
        guint card = state->pending_card[state->pending_head];
        guint player = state->pending_player[state->pending_head];
        PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
        guint n_anchors = pt_wagons_town_list_anchors (&state->towns[player], anchors);

        for (guint i = 0; i < n_anchors; i++)
          {
            moves[n++] = (PtWagonsMove){ PT_WAGONS_MOVE_PLACE, card, 0, anchors[i].x, anchors[i].y };
            moves[n++] = (PtWagonsMove){ PT_WAGONS_MOVE_PLACE, card, 1, anchors[i].x, anchors[i].y };
          }
        return n;
      }

    case PT_WAGONS_PHASE_OVER:
    default:
      return 0;
    }
}

void
pt_wagons_state_score (const PtWagonsState *state,
                       PtWagonsTally tallies[2],
                       PtWagonsScore *score)
{
  guint32 mask = pt_wagons_state_bonus_mask (state);
  PtWagonsBonus kinds[PT_WAGONS_N_BONUS];

  for (guint p = 0; p < 2; p++)
    pt_wagons_tally_town (&state->towns[p], mask, &tallies[p]);
  pt_wagons_state_get_bonus_kinds (state, kinds);
  pt_wagons_score (kinds, tallies, score);
}
