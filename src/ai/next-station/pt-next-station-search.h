/* pt-next-station-search.h — how the Next Station computer players think
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain typed functions on PtNextStationState values, used by the bot
 * strategy (pt-next-station-bot.c), the benchmark and the tests.
 *
 * Next Station is a race against the deck, not against the other
 * players: nothing one player draws changes what another may draw, so a
 * bot maximises its own final score. It therefore works on a solo copy of
 * its own sheet (PtNsView), in which the cards nobody has seen yet are
 * replaced by a canonical order: whatever the real deck order, the view —
 * and so the move — is the same.
 */
#pragma once

#include <gio/gio.h>

#include "pt-next-station-state.h"

G_BEGIN_DECLS

typedef struct
{
  /* A one-player game holding only the bot's sheet. The cards of the
   * current round not flipped yet, and every card of the later rounds,
   * are in canonical (ascending) order: they carry no information. */
  PtNextStationState solo;
  guint8 player;   /* the bot's seat in the real game */
  guint8 n_unseen; /* cards of this round not flipped yet */
  guint8 unseen[PT_NS_N_CARDS];
  /* Every deck as dealt, none hidden (pt_ns_view_init_open()): the search
   * then samples nothing. */
  gboolean open;
} PtNsView;

/* FALSE when @player may not act now (the game is over or it has acted). */
gboolean pt_ns_view_init (PtNsView *view,
                          const PtNextStationState *state,
                          guint player);

/* A yardstick for the benchmark, never a way to play: the same view with
 * every card of every deck in its dealt order, so that Hard's search
 * knows the future. What it scores so shows how much the hidden cards
 * cost the search, and how far any search that keeps Hard's rollouts
 * can go. */
gboolean pt_ns_view_init_open (PtNsView *view,
                               const PtNextStationState *state,
                               guint player);

/* Medium: the action with the best immediate gain (line score, tourist
 * sites, interchanges, objectives; powers when they add most). With
 * @blunder > 0, that fraction of turns picks a random legal action that is
 * not worse than passing, and the immediate gain ignores interchanges and
 * objectives (Easy). Player 0 of @solo acts. */
void pt_ns_greedy_action (const PtNextStationState *solo,
                          double blunder,
                          PtRng *rng,
                          PtNextStationAction *out);

/* The policy of Hard's rollouts: Medium's greedy choice, plus the symbols
 * the line ends can still reach and a one-card lookahead (the best
 * section for each card of the round still face down, on average; the
 * set of those cards is public). 134 → 144 mean solo score alone. */
void pt_ns_rollout_action (const PtNextStationState *solo,
                           PtRng *rng,
                           PtNextStationAction *out);

typedef struct
{
  guint n_samples;   /* determinisations of the unseen cards per candidate (the
                      * work is n_samples × candidates rollouts, shared out by
                      * sequential halving) */
  guint top_k;       /* candidates kept after the greedy pre-filter */
  guint64 max_steps; /* at most this many simulated turns in all; 0: no cap */
  /* max_steps is multiplied by this in each round (0–3): the first
   * rounds' sections shape the whole game. */
  double round_scale[PT_NS_ROUNDS];
  gint64 deadline; /* g_get_monotonic_time () limit; 0: none */
} PtNsSearchParams;

void pt_ns_search_params_init (PtNsSearchParams *params);

/* Hard: Monte Carlo over the unseen cards. Every candidate action is
 * followed, on the same sampled deck orders, by the rollout policy
 * (pt_ns_rollout_action()) to the end of the game, and the one with the
 * best mean final score wins. FALSE only when cancelled. */
gboolean pt_ns_search (const PtNsView *view,
                       const PtNsSearchParams *params,
                       PtRng *rng,
                       GCancellable *cancellable,
                       PtNextStationAction *out,
                       GError **error);

/* The same, and (each nullable) in @expected the chosen action's mean
 * final score over its samples, in @n_steps the turns simulated in all. */
gboolean pt_ns_search_full (const PtNsView *view,
                            const PtNsSearchParams *params,
                            PtRng *rng,
                            GCancellable *cancellable,
                            PtNextStationAction *out,
                            double *expected,
                            guint64 *n_steps,
                            GError **error);

/* The final score of player 0 of @solo as it stands (all modules). */
int pt_ns_solo_total (const PtNextStationState *solo);

G_END_DECLS
