/* pt-lost-cities-search.h — the Hard Lost Cities player: Monte Carlo over
 * determinisations of the hidden cards
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pt-lost-cities-view.h"

G_BEGIN_DECLS

/* A rollout stops after this many turns of the round even if the deck is
 * not empty: two players taking discards forever would never end it. */
#define PT_LOST_CITIES_SEARCH_MAX_TURNS 400

typedef struct
{
  guint64 seed;
  /* The work: n_determinizations × n_candidates rollouts, shared out by
   * sequential halving (see the .c file), when max_steps is 0; 200 × 10. */
  guint n_determinizations;
  guint n_candidates; /* the heuristic's best moves that get searched */
  /* When > 0 (the default: 190,000), the work is this many simulated
   * turns instead, shared out the same way: a move late in the round,
   * whose rollouts are short, gets many more determinisations than an
   * early one. */
  guint64 max_steps;
  gint64 deadline; /* g_get_monotonic_time() limit; 0: none */
} PtLostCitiesSearchParams;

void pt_lost_cities_search_params_init (PtLostCitiesSearchParams *params,
                                        guint64 seed);
/* The move of the view's player with the best mean final score difference
 * over the rollouts. FALSE (and G_IO_ERROR_CANCELLED) when cancelled. */
gboolean pt_lost_cities_search (const PtLostCitiesView *view,
                                const PtLostCitiesSearchParams *params,
                                GCancellable *cancellable,
                                PtLostCitiesMove *move,
                                GError **error);

/* The same, and (each nullable) the chosen move's mean final score
 * difference over its rollouts and how many determinisations it got. */
gboolean pt_lost_cities_search_full (const PtLostCitiesView *view,
                                     const PtLostCitiesSearchParams *params,
                                     GCancellable *cancellable,
                                     PtLostCitiesMove *move,
                                     double *expected,
                                     guint *n_samples,
                                     GError **error);

/* The rollouts' opponent (see the .c file) in the style drawn from
 * @seed, without its random slips: for the tests. */
void pt_lost_cities_search_opponent_move (const PtLostCitiesState *state,
                                          guint64 seed,
                                          PtLostCitiesMove *move);

/* The search's determinisation of @view: like
 * pt_lost_cities_view_determinize(), from the view alone, but the
 * opponent's unknown slots are dealt by weight, cards it can still play
 * on its expeditions more often than dead ones (see the .c file). */
void pt_lost_cities_search_determinize (const PtLostCitiesView *view,
                                        PtRng *rng,
                                        PtLostCitiesState *out);

G_END_DECLS
