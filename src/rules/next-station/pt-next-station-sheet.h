/* pt-next-station-sheet.h — the companion score sheet of Next Station
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the physical game: players copy their sheet's figures, Partida adds
 * them up with the same functions as digital play (pt-next-station-score.h).
 *
 * Input (a JSON object):
 *
 *   {
 *     "game": "next-station-london",
 *     "objectives": true,          optional (false): the shared objectives module
 *     "powers": false,             optional (false): the pencil powers module
 *     "players": [                 1–4 players
 *       {
 *         "name": "Ana",           optional
 *         "lines": [               the 4 lines, in any order
 *           {"districts": 6, "max_in_district": 3, "thames": 1}, …
 *         ],
 *         "tourist_visits": 7,     over the game; above 10 counts as 10
 *         "interchanges": {"2": 9, "3": 0, "4": 0},   stations on 2, 3, 4 lines
 *         "objectives_met": 1      optional (0): 0–2, only with objectives
 *       }
 *     ]
 *   }
 *
 * Impossible values are refused with PT_RULES_ERROR_INVALID_SHEET and a
 * message naming the player and the value: D outside 1–13 (the departure
 * station always counts), M outside 1 to the largest district's station
 * count (one more with powers: the circled station counts twice), T above
 * the 24 Thames sections, negative counts, more tourist visits than 4 lines
 * × 5 sites, more interchange stations than stations, objectives without
 * the module or more than 2.
 *
 * Output:
 *
 *   {
 *     "game": "next-station-london",
 *     "players": [{"name": "Ana", "lines": [20, 16, 29, 22], "tourist_visits": 7,
 *                  "tourist_score": 14, "interchange_score": 18, "objective_score": 0,
 *                  "best_line": 29, "total": 119}],
 *     "scores": [119],
 *     "winners": [0],               after the tie-break (best single line)
 *     "solo_rating": {"modules": 0, "rated_total": 119, "band": 2,
 *                     "label": "106–120 points"}      one player only
 *   }
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

JsonNode *pt_next_station_score_sheet (JsonObject *sheet,
                                       GError **error);

G_END_DECLS
