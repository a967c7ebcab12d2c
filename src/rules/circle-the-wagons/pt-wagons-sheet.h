/* pt-wagons-sheet.h — the companion score sheet of Circle the Wagons
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Scores a game played on the table with the same functions as digital
 * play (pt-wagons-score.h). The sheet (also in docs/score-sheets.md):
 *
 *   {"game": "circle-the-wagons",
 *    "bonus": ["happy_cows", "claim_jumpers", "fortified"],
 *    "players": [PLAYER, PLAYER]}
 *
 * "bonus": the three bonus conditions in the centre, by bonus id (see
 * pt_wagons_bonus_info), distinct. Each PLAYER is either written down by
 * hand (counts) or painted cell by cell; the two may be mixed.
 *
 * Counts:
 *   {"name": "Ana",                                  (optional)
 *    "cards": 7,                                     (cards in town, covered ones included)
 *    "groups": {"desert": 4, "forest": 1, "mountains": 6,
 *               "plains": 5, "snow": 1, "water": 3}, (largest group of each terrain)
 *    "territories": 24,        (visible territories; needed by smalltown_charm)
 *    "mines": 3, "guns": 2,    (visible symbols; needed by claim_jumpers)
 *    "beer": 4,                (needed by one_too_many)
 *    "bonus": {"happy_cows": {"cows": 3}, "fortified": {"points": 7}}}
 *   "bonus" has one entry per non-interactive bonus in play: either
 *   {"points": N} or the counts the card needs:
 *     badlands {"guns"} (Guns flanked by Desert), happy_cows {"cows"},
 *     the_clearing {"forts", "forests"}, circle_the_wagons {"territories"}
 *     (territories ringed by Wagons), gold_country {"mines"},
 *     prairie_life {"cows", "plains"}, cool_water {"wagons"},
 *     boom_or_bust {"mines"}, wagon_train {"runs": [3, 2, …]} (lengths of
 *     the maximal runs of 2 or more), bootleggers {"beer_next_to_wagon",
 *     "other_beer"}, undiscovered {"spaces"}, fortified {"blocks"},
 *     rifles_ready {"forts"}, target_practice {"territories"} (the sum over
 *     the Beers), the_herd {"cows"} (Cows in the largest herd).
 *   The counts interactive bonuses compare are needed only when that bonus
 *   is in play; members a sheet does not need are refused, so typos show.
 *
 * Painted:
 *   {"name": "Beto", "cards": 8,
 *    "cells": [{"x": 0, "y": 0, "terrain": "water", "symbol": "gun"}, …]}
 *   the visible territories, y downwards, |x|, |y| ≤ 1000.
 *
 * Refused as impossible (PT_RULES_ERROR_INVALID_SHEET, the message names
 * the player and the problem): cards outside 1–14 or not adding up to 15
 * (every circle card ends in a town, and each player has at least one);
 * more territories than 4 per card, or fewer than 4; a count above what the
 * deck holds (12 of each terrain and symbol, also both towns together);
 * largest groups adding up to more than the territories; a painted
 * terrain/symbol pair that no card has, or more of a pair than the deck
 * holds (both towns together); two paints of one cell; a painted town that
 * is not connected, or with a cell that no whole card could show.
 *
 * The result is the breakdown of pt-wagons-json.h, plus "game" and each
 * player's "name" when given.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

JsonNode *pt_wagons_score_sheet (JsonObject *sheet,
                                 GError **error);
/* One player's points from their own entries, while the sheet as a whole
 * cannot be scored yet; -1 with @error when they are refused. */
int pt_wagons_score_sheet_own (JsonObject *sheet,
                               guint player,
                               gboolean *partial,
                               GError **error);

G_END_DECLS
