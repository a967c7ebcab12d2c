/* pt-lost-cities-score.h — Lost Cities options and expedition scoring
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one scoring function of Lost Cities: digital play, the bots and the
 * companion score sheet all call it, so they can never disagree.
 *
 * Options (JSON, the "options" member of a record or a score sheet):
 *
 *   {"colors": 5|6,                      default 5
 *    "rules": "rulebook"|"seed",         a preset, input only (see below)
 *    "bonus_counts_wagers": bool,        default true (rulebook)
 *    "wager_only_scores": bool}          default true (rulebook)
 *
 * The preset "seed" ("Seed rules", the reading of the Spanish source text)
 * sets both booleans to false, "rulebook" sets both to true; an explicit
 * boolean given next to a preset wins over it. Normalised options (what a
 * record stores) always have exactly the three members colors,
 * bonus_counts_wagers and wager_only_scores.
 *
 * The match options `rounds` (1..5) and `next_starter` are not round
 * options: PtMatch keeps them (pt_match_new() arguments; stored by
 * pt_match_to_json() as "rounds_total" and "next_starter"), so a round's
 * record stays one deal. Putting them in a round's options is refused with
 * a message that says so; pt_lost_cities_options_split_match() separates
 * them for callers (UI, store) that collect all options in one object.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pt-game.h"
#include "pt-match.h"

G_BEGIN_DECLS

#define PT_LOST_CITIES_N_PLAYERS   2
#define PT_LOST_CITIES_MIN_COLORS  5
#define PT_LOST_CITIES_MAX_COLORS  6
#define PT_LOST_CITIES_MIN_VALUE   2
#define PT_LOST_CITIES_MAX_VALUE   10
#define PT_LOST_CITIES_N_WAGERS    3
#define PT_LOST_CITIES_BONUS_CARDS 8
#define PT_LOST_CITIES_BONUS       20
#define PT_LOST_CITIES_COST        20

typedef struct
{
  guint8 n_colors;            /* 5 or 6 */
  guint8 bonus_counts_wagers; /* wagers count toward the 8 cards of the bonus */
  guint8 wager_only_scores;   /* an expedition of wagers only costs -20 × (1 + w) */
} PtLostCitiesOptions;

/* The colour letters in order: Y B W G R P. */
extern const char pt_lost_cities_color_letters[PT_LOST_CITIES_MAX_COLORS + 1];
/* The same colours with their names, for the rules class (pt-rules.h). */
extern const PtGameColour pt_lost_cities_colors[PT_LOST_CITIES_MAX_COLORS];

void pt_lost_cities_options_init_default (PtLostCitiesOptions *options);
gboolean pt_lost_cities_options_parse (JsonObject *json,
                                       PtLostCitiesOptions *options,
                                       GError **error);
JsonObject *pt_lost_cities_options_to_json (const PtLostCitiesOptions *options);
gboolean pt_lost_cities_options_split_match (JsonObject *all,
                                             JsonObject **game_options,
                                             guint *n_rounds,
                                             PtNextStarter *next_starter,
                                             GError **error);

int pt_lost_cities_color_from_letter (char letter,
                                      guint n_colors);
const char *pt_lost_cities_color_name (guint color);

/* Score of one expedition: @wagers (0..3) and the number cards @values
 * (2..10, any order). */
int pt_lost_cities_score_expedition (const PtLostCitiesOptions *options,
                                     guint wagers,
                                     const guint8 *values,
                                     guint n_values);
/* The same from a bit set of values (bit v set: the card of value v). */
int pt_lost_cities_score_expedition_mask (const PtLostCitiesOptions *options,
                                          guint wagers,
                                          guint values_mask);

/* {"Y": {"wagers": w, "cards": [2, 5, 9], "score": s}, …} for every
 * colour of the game, from per-colour wager counts and value bit sets;
 * *total receives the sum. The shape of one player's round on the score
 * sheet, in breakdowns and in views. */
JsonObject *pt_lost_cities_expeditions_to_json (const PtLostCitiesOptions *options,
                                                const guint8 *wagers,
                                                const guint16 *values_masks,
                                                int *total);

/* The companion score sheet; the format is in docs/score-sheets.md and at
 * the top of pt-lost-cities-score.c. */
JsonNode *pt_lost_cities_score_sheet (JsonObject *sheet,
                                      GError **error);

G_END_DECLS
