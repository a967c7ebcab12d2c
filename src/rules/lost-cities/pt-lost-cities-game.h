/* pt-lost-cities-game.h — Lost Cities as a PtGame
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One round of Lost Cities for two players. A move is one whole turn,
 * in the record's format:
 *
 *   {"play": "Y2", "draw": "deck"}      play Y2 to the own expedition, draw the deck's top
 *   {"discard": "B5", "draw": "Y"}      discard B5, take the top of the yellow pile
 *
 * Phases: "play" while the round goes on (the current player plays or
 * discards, then draws: one move), "over" once a draw emptied the deck.
 *
 * Views (pt_game_get_view()), for player p or -1 (a spectator):
 *
 *   {"player": p, "phase": …, "current_player": i|-1, "over": bool,
 *    "options": {…}, "deck_count": n, "hand_counts": [8, 8],
 *    "hand": ["B3", "YW", …],            only for p >= 0: the own hand, sorted
 *    "known_cards": [[…], […]],          per player: the cards in their hand that
 *                                        were seen taken from a discard pile
 *    "discards": {"Y": ["Y4", "Y9"], …}, every pile, bottom first (the top is last)
 *    "expeditions": [{"Y": {"wagers", "cards", "score"}, …}, {…}],
 *    "scores": [a, b]}
 *
 * A view never contains the opponent's unseen cards or the deck order.
 *
 * Breakdown (pt_game_get_breakdown()): {"options": {…}, "players":
 * [{"expeditions": {…}, "score": n}, …], "scores": [a, b]}, the shape of
 * one round of the companion score sheet.
 */
#pragma once

#include "pt-game.h"
#include "pt-lost-cities-score.h"
#include "pt-lost-cities-state.h"

G_BEGIN_DECLS

#define PT_TYPE_LOST_CITIES_GAME (pt_lost_cities_game_get_type ())

G_DECLARE_FINAL_TYPE (PtLostCitiesGame, pt_lost_cities_game, PT, LOST_CITIES_GAME, PtGame)

/* The whole state, hidden cards included: for the rules' own tests and
 * the replay tools. Bots use pt_lost_cities_game_sample_state(). */
const PtLostCitiesState *pt_lost_cities_game_get_state (PtLostCitiesGame *self);
void pt_lost_cities_game_sample_state (PtLostCitiesGame *self,
                                       guint viewer,
                                       PtRng *rng,
                                       PtLostCitiesState *out);

JsonNode *pt_lost_cities_move_to_json (const PtLostCitiesMove *move);
gboolean pt_lost_cities_move_from_json (JsonNode *node,
                                        guint n_colors,
                                        PtLostCitiesMove *move,
                                        GError **error);
/* The message for a rejected move, as a PT_RULES_ERROR. */
void pt_lost_cities_set_move_error (GError **error,
                                    const PtLostCitiesState *state,
                                    const PtLostCitiesMove *move,
                                    PtLostCitiesMoveError code);

G_END_DECLS
