/* pt-lost-cities-search.c — Monte Carlo over determinisations; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Flat Monte Carlo with common random numbers:
 *
 * 1. The main heuristic ranks the legal moves; the best n_candidates are
 *    searched (the rest are almost never right, and pruning them buys many
 *    more samples for the ones that matter).
 * 2. Determinisation d deals the cards the player has not seen (from the
 *    view: never the real hidden cards) to the opponent's unknown hand
 *    slots and the deck, from a generator seeded by (seed, d). The
 *    opponent's cards seen taken from discard piles stay in its hand.
 * 3. Every candidate is played on the SAME determinisation d and finished
 *    by the heuristic for the searcher and, for the opponent, by one of a
 *    population of players (one that watches the searcher's needs, one
 *    that plays only its own projection; both slip to a random legal move
 *    on 10 % of their turns), drawn per determinisation. The opponent is
 *    not modelled as Medium or any one level: Hard must do well against
 *    players it has never seen (issue 20). The result is the final score
 *    difference. Comparing candidates on identical deals (and identical
 *    opponents and slips) removes most of the luck from the comparison.
 * 4. The candidate with the best mean wins; ties go to the heuristic's
 *    order. Same view + same seed → same move (unless the deadline cuts
 *    the search short, which depends on the machine's speed).
 */
#include "config.h"

#include "pt-lost-cities-heuristic.h"
#include "pt-lost-cities-search.h"

/* The minimum number of determinisations before the deadline may stop
 * the search. */
#define MIN_DETERMINIZATIONS 4
/* With a step budget, at most this many determinisations in all (the
 * last turns of a round are a few steps long). */
#define MAX_DETERMINIZATIONS 3000
/* Hard's work per move, in simulated turns (~1.2 µs each): ~60 ms of CPU
 * on every move (60,000 cost a median of ~95 ms on the loaded 2-core
 * machine of round 5, too close to the 100 ms allowed). A fixed 200 determinisations × 8 candidates made the
 * first moves of a round (rollouts ~45 turns long) cost 110 ms and the
 * last ones, where counting the deck down decides most, a few ms with
 * the same 200 samples; now a move with 5 cards left in the deck gets
 * ~8 times the determinisations of the first. */
#define DEFAULT_MAX_STEPS    50000

/* The opponents of the rollouts (see rollout()): determinisation d gets
 * style d % N_OPPONENT_STYLES. */
enum
{
  OPPONENT_WATCHFUL,
  OPPONENT_SELFISH,
  N_OPPONENT_STYLES,
};
#define OPPONENT_SLIP_PERCENT 10

void
pt_lost_cities_search_params_init (PtLostCitiesSearchParams *params,
                                   guint64 seed)
{
  params->seed = seed;
  params->n_determinizations = 200;
  params->n_candidates = 8;
  params->max_steps = DEFAULT_MAX_STEPS;
  params->deadline = 0;
}

/* The rest of the round. The searching player follows the main
 * heuristic; the opponent is not assumed to be any one player: on each
 * determinisation it is drawn from a population (@style) — one who
 * watches the searcher's needs and one who plays only its own
 * projection — and it slips (a random legal move) on some turns. */
static int
rollout (PtLostCitiesState *state,
         guint player,
         guint style,
         PtRng *rng,
         guint64 *steps)
{
  while (!state->over && state->n_turns < PT_LOST_CITIES_SEARCH_MAX_TURNS)
    {
      PtLostCitiesMove move;

      (*steps)++;

      if (state->current == player)
        pt_lost_cities_heuristic_move (state, &move);
      else if (pt_rng_below (rng, 100) < OPPONENT_SLIP_PERCENT)
        pt_lost_cities_state_random_legal_move (state, rng, &move);
      else if (style == OPPONENT_WATCHFUL)
        pt_lost_cities_heuristic_move (state, &move);
      else
        pt_lost_cities_heuristic_move_careless (state, &move);
      pt_lost_cities_state_apply (state, &move);
    }
  return pt_lost_cities_state_score (state, player) -
         pt_lost_cities_state_score (state, player ^ 1u);
}

/* Sorts candidates [0, n) by total, best first (stable: ties keep the
 * heuristic's order). */
static void
sort_by_total (PtLostCitiesMove *moves,
               double *totals,
               guint n)
{
  for (guint i = 1; i < n; i++)
    {
      PtLostCitiesMove move = moves[i];
      double total = totals[i];
      guint j = i;

      while (j > 0 && totals[j - 1] < total)
        {
          moves[j] = moves[j - 1];
          totals[j] = totals[j - 1];
          j--;
        }
      moves[j] = move;
      totals[j] = total;
    }
}

gboolean
pt_lost_cities_search (const PtLostCitiesView *view,
                       const PtLostCitiesSearchParams *params,
                       GCancellable *cancellable,
                       PtLostCitiesMove *move,
                       GError **error)
{
  return pt_lost_cities_search_full (view, params, cancellable, move, NULL, NULL, error);
}

gboolean
pt_lost_cities_search_full (const PtLostCitiesView *view,
                            const PtLostCitiesSearchParams *params,
                            GCancellable *cancellable,
                            PtLostCitiesMove *move,
                            double *expected,
                            guint *n_samples,
                            GError **error)
{
  PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
  double scores[PT_LOST_CITIES_MAX_MOVES];
  double totals[PT_LOST_CITIES_MAX_MOVES] = { 0 };
  PtLostCitiesState sample;
  PtRng rng;
  guint n, alive, n_phases = 0, d = 0;
  guint64 steps = 0;

  g_return_val_if_fail (view->current == view->player && !view->over, FALSE);

  /* The heuristic reads only the player's own knowledge, so any sample
   * ranks the moves the same way. */
  pt_rng_init (&rng, params->seed);
  pt_lost_cities_view_determinize (view, &rng, &sample);
  n = pt_lost_cities_heuristic_rank (&sample, moves, scores);
  alive = MIN (n, MAX (1u, params->n_candidates));

  /* Sequential halving: the rollouts are shared out over log2 (alive)
   * phases; after each phase the worse half of the candidates drops out.
   * The survivors keep accumulating on the same determinisations, so
   * they are always compared on identical deals. */
  for (guint k = alive; k > 1; k = (k + 1) / 2)
    n_phases++;
  for (guint phase = 0; phase < n_phases && alive > 1; phase++)
    {
      guint budget = params->n_determinizations * params->n_candidates / n_phases;
      guint phase_end = d + MAX (1u, budget / alive);
      guint phase_start = d;
      guint64 phase_steps = params->max_steps / n_phases, steps_start = steps;

      if (params->max_steps > 0)
        phase_end = d + MAX_DETERMINIZATIONS / n_phases;
      for (; d < phase_end; d++)
        {
          if (params->max_steps > 0 && d - phase_start >= MIN_DETERMINIZATIONS &&
              steps - steps_start >= phase_steps)
            break;
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (params->deadline > 0 && d >= MIN_DETERMINIZATIONS &&
              g_get_monotonic_time () > params->deadline)
            {
              phase = n_phases;
              break;
            }

          pt_rng_init (&rng, pt_rng_derive_seed (params->seed, d + 1));
          pt_lost_cities_view_determinize (view, &rng, &sample);
          for (guint i = 0; i < alive; i++)
            {
              PtLostCitiesState state = sample;
              /* The same opponent and slips for every candidate. */
              PtRng slips = rng;

              pt_lost_cities_state_apply (&state, &moves[i]);
              totals[i] += rollout (&state, view->player, d % N_OPPONENT_STYLES, &slips, &steps);
            }
        }
      sort_by_total (moves, totals, alive);
      alive = (alive + 1) / 2;
    }
  *move = moves[0];
  /* The winner was rolled out on every determinisation so far. */
  if (expected != NULL)
    *expected = d > 0 ? totals[0] / d : 0;
  if (n_samples != NULL)
    *n_samples = d;
  return TRUE;
}
