/* pt-lost-cities-view.h — what one Lost Cities player may know, as a value
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bots never search on the real state: they search on a view that holds
 * only what the player may know (its own hand, the table, the discard piles,
 * the number of cards left in the deck and the opponent's cards that were
 * seen taken from a discard pile) and on states sampled from that view.
 *
 * The view is canonical: the own hand and the known opponent cards are
 * sorted, and the unseen cards are listed in card order, so two real states
 * that differ only in hidden cards (the opponent's unseen hand, the deck
 * order) give byte-identical views and therefore identical samples for the
 * same seed. That is what makes the bots provably not cheat.
 */
#pragma once

#include "pt-lost-cities-state.h"

G_BEGIN_DECLS

typedef struct
{
  PtLostCitiesOptions options;
  guint8 player;  /* the viewer */
  guint8 current; /* whose turn */
  guint8 over;
  guint8 deck_count; /* cards left in the deck */
  guint8 hand_len;   /* the viewer's hand */
  guint8 opponent_hand_len;
  guint8 opponent_known_len;
  guint8 hand_known_len;
  PtLostCitiesCard hand[PT_LOST_CITIES_HAND_SIZE]; /* sorted */
  /* The viewer's cards the opponent saw it take from a pile: public. */
  PtLostCitiesCard hand_known[PT_LOST_CITIES_HAND_SIZE];     /* sorted */
  PtLostCitiesCard opponent_known[PT_LOST_CITIES_HAND_SIZE]; /* sorted */
  guint8 pile_len[PT_LOST_CITIES_MAX_COLORS];
  guint8 pile[PT_LOST_CITIES_MAX_COLORS][PT_LOST_CITIES_COLOR_CARDS]; /* kinds, bottom first */
  guint8 wagers[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_MAX_COLORS];
  guint16 values[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_MAX_COLORS];
  guint16 n_turns; /* turns played this round */
} PtLostCitiesView;

/* Copies from @state only what @player may know; the rest of the view is
 * zeroed, so views compare with memcmp(). */
void pt_lost_cities_view_init (PtLostCitiesView *view,
                               const PtLostCitiesState *state,
                               guint player);
/* The cards @view's player has not seen (the opponent's unknown cards and
 * the deck), in card order, into @cards (room for PT_LOST_CITIES_MAX_CARDS);
 * returns how many. */
guint pt_lost_cities_view_unseen (const PtLostCitiesView *view,
                                  PtLostCitiesCard *cards);
/* A full state that agrees with the view, the unseen cards dealt to the
 * opponent's unknown slots and the deck in an order drawn from @rng. The
 * opponent's known cards keep their "known" mark. */
void pt_lost_cities_view_determinize (const PtLostCitiesView *view,
                                      PtRng *rng,
                                      PtLostCitiesState *out);

G_END_DECLS
