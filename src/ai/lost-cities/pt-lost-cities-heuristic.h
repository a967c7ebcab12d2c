/* pt-lost-cities-heuristic.h — hand-written Lost Cities players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Policies for the player to move in a PtLostCitiesState. They read only
 * what that player may know (its own hand, the table, the discard piles,
 * the deck count and the opponent's hand slots marked "known"), so they
 * can run on a sampled state inside the Monte Carlo search as well as on a
 * view. No allocation: the main heuristic is the searcher's own rollout policy
 * in the Hard level (its opponent there is another player, see
 * pt-lost-cities-search.c).
 *
 * The main heuristic (Medium) is documented in pt-lost-cities-heuristic.c.
 */
#pragma once

#include "pt-lost-cities-state.h"

G_BEGIN_DECLS

/* Scores every legal move of the current player with the main heuristic:
 * fills @moves (room for PT_LOST_CITIES_MAX_MOVES) and @scores, best first;
 * returns how many. Ties keep pt_lost_cities_state_legal_moves() order. */
guint pt_lost_cities_heuristic_rank (const PtLostCitiesState *state,
                                     PtLostCitiesMove *moves,
                                     double *scores);
/* The main heuristic's best move (the same as the first of _rank, faster). */
void pt_lost_cities_heuristic_move (const PtLostCitiesState *state,
                                    PtLostCitiesMove *move);
/* The aggressive opener: a deliberately different, simpler rule set (see
 * the .c file); a yardstick for the arena. */
void pt_lost_cities_heuristic_aggressive (const PtLostCitiesState *state,
                                          PtLostCitiesMove *move);
/* The discard-denial player: another yardstick, built around never
 * feeding the opponent (see the .c file). */
void pt_lost_cities_heuristic_denial (const PtLostCitiesState *state,
                                      PtLostCitiesMove *move);
/* The main heuristic with deliberate mistakes (Easy): it ignores what the
 * opponent needs and, with probability @blunder, plays a random one of
 * the moves the heuristic ranks in its upper half. */
void pt_lost_cities_heuristic_sloppy (const PtLostCitiesState *state,
                                      PtRng *rng,
                                      double blunder,
                                      PtLostCitiesMove *move);

G_END_DECLS
