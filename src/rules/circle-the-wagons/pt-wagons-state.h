/* pt-wagons-state.h — the state of a game of Circle the Wagons, as a value
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PtWagonsState holds everything (bonus cards, circle, queue, the cards
 * still to place, both towns) in one struct without pointers, so bots and
 * benchmarks copy it with `=`. Moves are typed (PtWagonsMove); the JSON
 * record layer in pt-circle-the-wagons-game.c translates.
 *
 * The draft: the queue is the arc of the circle from the start card
 * clockwise. Taking the card at queue position i gives the i cards before
 * it to the opponent as free cards, so the queue is always a suffix of the
 * arc (`head` is its first position). After a take the taker places the
 * taken card, then the opponent places its free cards in circle order, then
 * the opponent takes. The cards to place wait in `pending`.
 */
#pragma once

#include <glib.h>

#include "pt-wagons-cards.h"
#include "pt-wagons-score.h"
#include "pt-wagons-town.h"

G_BEGIN_DECLS

#define PT_WAGONS_MAX_MOVES (2 * PT_WAGONS_TOWN_MAX_ANCHORS)

typedef enum
{
  PT_WAGONS_PHASE_START, /* the second player names the starting card */
  PT_WAGONS_PHASE_TAKE,
  PT_WAGONS_PHASE_PLACE,
  PT_WAGONS_PHASE_OVER,
} PtWagonsPhase;

typedef enum
{
  PT_WAGONS_MOVE_START,
  PT_WAGONS_MOVE_TAKE,
  PT_WAGONS_MOVE_PLACE,
} PtWagonsMoveKind;

typedef struct
{
  guint8 kind; /* PtWagonsMoveKind */
  guint8 card;
  guint8 rot180; /* place only */
  gint32 x, y;   /* place only */
} PtWagonsMove;

typedef struct
{
  guint8 bonus[PT_WAGONS_N_BONUS];   /* card indices; their backs apply */
  guint8 circle[PT_WAGONS_N_CIRCLE]; /* card indices, clockwise */
  guint8 first_player;
  guint8 started;
  guint8 start; /* circle index of the start card */
  guint8 head;  /* first queue position in the arc */
  guint8 taker; /* who takes next */
  guint8 n_pending;
  guint8 pending_head;
  guint8 pending_card[PT_WAGONS_N_CIRCLE];
  guint8 pending_player[PT_WAGONS_N_CIRCLE];
  guint8 received[2]; /* cards taken or given, per player */
  PtWagonsTown towns[2];
} PtWagonsState;

void pt_wagons_state_init (PtWagonsState *state,
                           const guint8 bonus[PT_WAGONS_N_BONUS],
                           const guint8 circle[PT_WAGONS_N_CIRCLE],
                           guint first_player);
PtWagonsPhase pt_wagons_state_get_phase (const PtWagonsState *state);
int pt_wagons_state_get_current_player (const PtWagonsState *state);
guint pt_wagons_state_get_queue (const PtWagonsState *state,
                                 guint8 *cards);
int pt_wagons_state_get_card_to_place (const PtWagonsState *state);
guint pt_wagons_state_get_pending (const PtWagonsState *state,
                                   guint8 *cards,
                                   guint8 *players);
guint32 pt_wagons_state_bonus_mask (const PtWagonsState *state);
void pt_wagons_state_get_bonus_kinds (const PtWagonsState *state,
                                      PtWagonsBonus kinds[PT_WAGONS_N_BONUS]);
gboolean pt_wagons_state_check_move (const PtWagonsState *state,
                                     guint player,
                                     const PtWagonsMove *move,
                                     GError **error);
void pt_wagons_state_apply_move (PtWagonsState *state,
                                 const PtWagonsMove *move);
guint pt_wagons_state_list_moves (const PtWagonsState *state,
                                  PtWagonsMove *moves);
void pt_wagons_state_score (const PtWagonsState *state,
                            PtWagonsTally tallies[2],
                            PtWagonsScore *score);

G_END_DECLS
