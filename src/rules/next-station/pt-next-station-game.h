/* pt-next-station-game.h — Next Station: London as a PtGame
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Game id `next-station-london`, 1–4 players. Every player acts on the
 * same flipped card, in seat order (get_current_player() is the lowest
 * seat that has not acted on it yet); one history move is one player's
 * action, and the record groups them into one array per turn.
 *
 * Options (all optional): "objectives": true (draw 2 of the 5 shared
 * objectives from the seed) or a list of objective ids; "powers": true
 * (a random pencil power per colour); "colour_order": the 4 colours in
 * the order a solo player draws them; "players": the number of players
 * (checked against the names). Normalised: {"objectives": [ids],
 * "powers": bool}.
 */
#pragma once

#include "pt-game.h"
#include "pt-next-station-state.h"

G_BEGIN_DECLS

#define PT_NEXT_STATION_GAME_ID "next-station-london"

#define PT_TYPE_NEXT_STATION_GAME (pt_next_station_game_get_type ())

G_DECLARE_FINAL_TYPE (PtNextStationGame, pt_next_station_game, PT, NEXT_STATION_GAME, PtGame)

const PtNextStationState *pt_next_station_game_get_state (PtNextStationGame *self);

JsonNode *pt_next_station_action_to_json (const PtStationMap *map,
                                          const PtNextStationAction *action);
gboolean pt_next_station_action_from_json (const PtStationMap *map,
                                           JsonNode *node,
                                           PtNextStationAction *action,
                                           GError **error);

G_END_DECLS
