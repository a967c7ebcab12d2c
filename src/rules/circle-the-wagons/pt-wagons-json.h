/* pt-wagons-json.h — Circle the Wagons in the record's JSON
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moves: {"start": "B3"}, {"take": "A9"},
 *        {"place": "B4", "x": 0, "y": 0, "rot": 0 | 180}.
 *
 * The breakdown (PtGame::get_breakdown and the companion score sheet):
 *   {"bonus": [{"id": "happy_cows", "name": "Happy Cows", "card": "A2"}, …],
 *    "players": [{"lines": [{"kind": "terrain", "id": "desert", "name": "Desert", "points": 4}, …,
 *                           {"kind": "bonus", "id": "happy_cows", "name": "Happy Cows", "points": 2}, …],
 *                 "groups": {"desert": 4, …}, "groups_total": 20,
 *                 "bonus": {"happy_cows": 2, …}, "total": 27, "cards": 8,
 *                 "counts": {"territories": 24, "mines": 3, "guns": 2, "beer": 4}}, …],
 *    "scores": [27, 25], "winners": [0], "tie_break": "none" | "cards" | "shared"}
 * Names are English (N_-marked) so the UI can translate them; "card" is
 * absent when the bonus came from a score sheet. "winners" is empty and
 * "tie_break" absent while the game is not over.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pt-wagons-state.h"

G_BEGIN_DECLS

gboolean pt_wagons_move_from_json (JsonNode *node,
                                   PtWagonsMove *move,
                                   GError **error);
JsonNode *pt_wagons_move_to_json (const PtWagonsMove *move);
JsonNode *pt_wagons_breakdown_to_json (const PtWagonsScore *score,
                                       const PtWagonsTally tallies[2],
                                       const guint8 *bonus_cards,
                                       gboolean over);
JsonNode *pt_wagons_town_to_json (const PtWagonsTown *town);

G_END_DECLS
