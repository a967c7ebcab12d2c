/* pt-rules.h — the games Partida knows, by id, and loading records
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-game.h"
#include "pt-match.h"
#include "pt-record.h"
#include "pt-rng.h"
#include "pt-rules-error.h"

G_BEGIN_DECLS

void pt_rules_init (void);
const char *const *pt_rules_list_games (void);
GType pt_rules_lookup_game (const char *game_id,
                            GError **error);

/* What the UI shows of a game, from its rules class (translated): the title
 * ("Lost Cities"; an unknown @game_id is shown as itself) and a sentence
 * saying what the game is ("" when unknown). */
const char *pt_rules_game_title (const char *game_id);
const char *pt_rules_game_summary (const char *game_id);
/* The game's colours in record order (@n_colours set; NULL and 0 for a
 * game without colours or an unknown one); names via
 * pt_rules_game_colour_name(). */
const PtGameColour *pt_rules_game_colours (const char *game_id,
                                           guint *n_colours);
/* The index of the colour @key ("Y", "purple") in @game_id, or -1. */
int pt_rules_game_colour_index (const char *game_id,
                                const char *key);
/* The translated name of colour @colour ("yellow"), or "". */
const char *pt_rules_game_colour_name (const char *game_id,
                                       guint colour);

/* How many rounds a match of @game_id may have (1 for a game of one
 * round or an unknown one; see PtGameClass.max_rounds). */
guint pt_rules_game_max_rounds (const char *game_id);
/* The presets of @game_id's "rules" option, the default first (NULL when
 * it has none), and the rule reading @options amount to ("" when the game
 * does not say). */
const char *const *pt_rules_game_rule_presets (const char *game_id);
char *pt_rules_game_rule_reading (const char *game_id,
                                  JsonObject *options);

gboolean pt_rules_deal (const char *game_id,
                        JsonObject *options,
                        guint n_players,
                        int first_player,
                        guint64 seed,
                        JsonObject **out_options,
                        JsonObject **out_setup,
                        GError **error);
JsonNode *pt_rules_new_record (const char *game_id,
                               const char *const *players,
                               JsonObject *options,
                               int first_player,
                               guint64 seed,
                               GError **error);
JsonNode *pt_rules_score_sheet (JsonNode *sheet,
                                GError **error);
PtGame *pt_rules_new_game (const char *game_id,
                           const char *const *players,
                           JsonObject *options,
                           JsonObject *setup,
                           GError **error);
PtGame *pt_rules_new_dealt_game (const char *game_id,
                                 const char *const *players,
                                 JsonObject *options,
                                 int first_player,
                                 guint64 seed,
                                 GError **error);
PtGame *pt_rules_load_record (JsonNode *record,
                              int *error_move,
                              int *error_player,
                              GError **error);
PtGame *pt_rules_load_record_string (const char *text,
                                     int *error_move,
                                     int *error_player,
                                     GError **error);

G_END_DECLS
