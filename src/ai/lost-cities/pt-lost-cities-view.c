/* pt-lost-cities-view.c — what one Lost Cities player may know; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-lost-cities-view.h"

/* Room for every card code, whatever the encoding's stride. */
#define CARD_CODES (PT_LOST_CITIES_MAX_COLORS * 16)
G_STATIC_ASSERT (PT_LOST_CITIES_CARD (PT_LOST_CITIES_MAX_COLORS - 1, PT_LOST_CITIES_KINDS - 1) < CARD_CODES);

static void
sort_cards (PtLostCitiesCard *cards,
            guint n)
{
  for (guint i = 1; i < n; i++)
    {
      PtLostCitiesCard card = cards[i];
      guint j = i;

      while (j > 0 && cards[j - 1] > card)
        {
          cards[j] = cards[j - 1];
          j--;
        }
      cards[j] = card;
    }
}

/* Reads the viewer's own hand, the opponent's hand slots only where the
 * "known" bit says the card was seen taken from a pile, and the public
 * table. Never the opponent's other slots, never state->deck. */
void
pt_lost_cities_view_init (PtLostCitiesView *view,
                          const PtLostCitiesState *state,
                          guint player)
{
  guint opponent = player ^ 1u;

  g_return_if_fail (player < PT_LOST_CITIES_N_PLAYERS);

  memset (view, 0, sizeof *view);
  view->options = state->options;
  view->player = (guint8) player;
  view->current = state->current;
  view->over = state->over;
  view->deck_count = (guint8) pt_lost_cities_state_deck_remaining (state);

  view->hand_len = state->hand_len[player];
  memcpy (view->hand, state->hand[player], view->hand_len);
  sort_cards (view->hand, view->hand_len);
  for (guint i = 0; i < state->hand_len[player]; i++)
    if (state->known[player] & (1u << i))
      view->hand_known[view->hand_known_len++] = state->hand[player][i];
  sort_cards (view->hand_known, view->hand_known_len);

  view->opponent_hand_len = state->hand_len[opponent];
  for (guint i = 0; i < state->hand_len[opponent]; i++)
    if (state->known[opponent] & (1u << i))
      view->opponent_known[view->opponent_known_len++] = state->hand[opponent][i];
  sort_cards (view->opponent_known, view->opponent_known_len);

  memcpy (view->pile_len, state->pile_len, sizeof view->pile_len);
  for (guint c = 0; c < state->options.n_colors; c++)
    memcpy (view->pile[c], state->pile[c], state->pile_len[c]);
  memcpy (view->wagers, state->wagers, sizeof view->wagers);
  memcpy (view->values, state->values, sizeof view->values);
  view->n_turns = state->n_turns;
}

guint
pt_lost_cities_view_unseen (const PtLostCitiesView *view,
                            PtLostCitiesCard *cards)
{
  /* copies[card]: how many copies are still unaccounted for. */
  guint8 copies[CARD_CODES];
  guint n_colors = view->options.n_colors;
  guint n = 0;

  for (guint c = 0; c < n_colors; c++)
    {
      copies[PT_LOST_CITIES_CARD (c, 0)] = PT_LOST_CITIES_N_WAGERS;
      for (guint k = 1; k < PT_LOST_CITIES_KINDS; k++)
        copies[PT_LOST_CITIES_CARD (c, k)] = 1;
    }

  for (guint i = 0; i < view->hand_len; i++)
    copies[view->hand[i]]--;
  for (guint i = 0; i < view->opponent_known_len; i++)
    copies[view->opponent_known[i]]--;
  for (guint c = 0; c < n_colors; c++)
    {
      for (guint i = 0; i < view->pile_len[c]; i++)
        copies[PT_LOST_CITIES_CARD (c, view->pile[c][i])]--;
      for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
        {
          copies[PT_LOST_CITIES_CARD (c, 0)] -= view->wagers[p][c];
          for (guint k = 1; k < PT_LOST_CITIES_KINDS; k++)
            if (view->values[p][c] & (1u << (k + 1)))
              copies[PT_LOST_CITIES_CARD (c, k)]--;
        }
    }

  for (guint c = 0; c < n_colors; c++)
    for (guint k = 0; k < PT_LOST_CITIES_KINDS; k++)
      for (guint i = 0; i < copies[PT_LOST_CITIES_CARD (c, k)]; i++)
        cards[n++] = PT_LOST_CITIES_CARD (c, k);
  return n;
}

void
pt_lost_cities_view_determinize (const PtLostCitiesView *view,
                                 PtRng *rng,
                                 PtLostCitiesState *out)
{
  PtLostCitiesCard unseen[PT_LOST_CITIES_MAX_CARDS];
  guint player = view->player, opponent = player ^ 1u;
  guint n = pt_lost_cities_view_unseen (view, unseen);
  guint k = 0;

  pt_rng_shuffle (rng, unseen, n, sizeof unseen[0]);

  memset (out, 0, sizeof *out);
  out->options = view->options;
  out->current = view->current;
  out->over = view->over;
  out->deck_len = view->deck_count;
  out->deck_pos = 0;

  out->hand_len[player] = view->hand_len;
  memcpy (out->hand[player], view->hand, view->hand_len);
  for (guint i = 0; i < view->hand_known_len; i++)
    for (guint slot = 0; slot < view->hand_len; slot++)
      if (out->hand[player][slot] == view->hand_known[i] &&
          !(out->known[player] & (1u << slot)))
        {
          out->known[player] |= (guint8) (1u << slot);
          break;
        }

  /* The known cards first, marked as known; then unseen cards. */
  out->hand_len[opponent] = view->opponent_hand_len;
  for (guint i = 0; i < view->opponent_hand_len; i++)
    {
      if (i < view->opponent_known_len)
        {
          out->hand[opponent][i] = view->opponent_known[i];
          out->known[opponent] |= (guint8) (1u << i);
        }
      else if (k < n)
        out->hand[opponent][i] = unseen[k++];
    }
  for (guint i = 0; i < view->deck_count && k < n; i++)
    out->deck[i] = unseen[k++];

  memcpy (out->pile_len, view->pile_len, sizeof out->pile_len);
  for (guint c = 0; c < view->options.n_colors; c++)
    {
      memcpy (out->pile[c], view->pile[c], view->pile_len[c]);
      if (view->pile_len[c] > 0)
        out->piles_mask |= (guint8) (1u << c);
    }
  memcpy (out->wagers, view->wagers, sizeof out->wagers);
  memcpy (out->values, view->values, sizeof out->values);
  out->n_turns = view->n_turns;
}
