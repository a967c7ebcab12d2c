/* pt-match.h — a match: several rounds of one game with running totals
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_MATCH_MAX_ROUNDS 5

/* Who starts round k > 0 (Lost Cities' `next_starter`). */
typedef enum
{
  PT_NEXT_STARTER_ALTERNATE, /* seats take turns starting */
  PT_NEXT_STARTER_LOSER,     /* the trailing player; on a tie, alternate */
  PT_NEXT_STARTER_LEADER,    /* the leading player; on a tie, alternate */
} PtNextStarter;

#define PT_TYPE_MATCH (pt_match_get_type ())

G_DECLARE_FINAL_TYPE (PtMatch, pt_match, PT, MATCH, GObject)

PtMatch *pt_match_new (const char *game_id,
                       const char *const *players,
                       JsonObject *options,
                       guint n_rounds,
                       PtNextStarter next_starter,
                       guint64 seed);
const char *pt_match_get_game_id (PtMatch *self);
guint pt_match_get_n_players (PtMatch *self);
guint pt_match_get_n_rounds (PtMatch *self);
guint64 pt_match_get_seed (PtMatch *self);
JsonObject *pt_match_get_options (PtMatch *self);
PtNextStarter pt_match_get_next_starter_policy (PtMatch *self);

PtGame *pt_match_start_round (PtMatch *self,
                              GError **error);
gboolean pt_match_add_round (PtMatch *self,
                             PtGame *game,
                             GError **error);
gboolean pt_match_resume_round (PtMatch *self,
                                PtGame *game,
                                GError **error);
PtGame *pt_match_get_current_game (PtMatch *self);
guint pt_match_get_n_rounds_played (PtMatch *self);
/* The game of finished round @round (0-based), as it ended. */
PtGame *pt_match_get_round_game (PtMatch *self,
                                 guint round);
guint pt_match_get_next_starter (PtMatch *self);
int pt_match_get_round_score (PtMatch *self,
                              guint round,
                              guint player);
int pt_match_get_total (PtMatch *self,
                        guint player);
gboolean pt_match_get_is_over (PtMatch *self);
guint pt_match_get_winners (PtMatch *self);
JsonNode *pt_match_to_json (PtMatch *self);

const char *pt_next_starter_to_string (PtNextStarter policy);
gboolean pt_next_starter_from_string (const char *text,
                                      PtNextStarter *policy);

G_END_DECLS
