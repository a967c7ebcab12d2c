/* pt-bot.h — a computer player
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A PtBot plays one game (by id) at one level. Asked for a move, it copies
 * the player's VIEW of the game on the calling thread (for a game with
 * hidden information only what that player may know; see each game's
 * strategy) and searches on that copy in a worker thread, so the UI never
 * waits and the game may change meanwhile.
 *
 * Reproducible: the move depends only on the view, the level and the seed
 * (mixed with the number of moves played so far), unless the time budget
 * cuts a search short (then the machine's speed matters too).
 *
 * Errors are in G_IO_ERROR: NOT_SUPPORTED (no computer player for that
 * game or level), INVALID_ARGUMENT (it is not that player's turn, or the
 * game is over), CANCELLED.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pt-game.h"

G_BEGIN_DECLS

typedef enum
{
  PT_BOT_LEVEL_EASY,
  PT_BOT_LEVEL_MEDIUM,
  PT_BOT_LEVEL_HARD,
  /* Yardsticks for the arena, not offered in the UI: */
  PT_BOT_LEVEL_RANDOM,     /* a uniformly random legal move; every game */
  PT_BOT_LEVEL_AGGRESSIVE, /* a second, deliberately different heuristic */
  PT_BOT_LEVEL_DENIAL,     /* a third: never feeds the opponent (Lost Cities) */
} PtBotLevel;

#define PT_BOT_N_LEVELS (PT_BOT_LEVEL_DENIAL + 1)

#define PT_TYPE_BOT_LEVEL (pt_bot_level_get_type ())
GType pt_bot_level_get_type (void);

/* Stable ids for the CLI and saved settings: "easy", "medium", "hard",
 * "random", "aggressive", "denial". */
const char *pt_bot_level_to_id (PtBotLevel level);
gboolean pt_bot_level_from_id (const char *id,
                               PtBotLevel *level);
/* TRUE for the levels the UI offers (Easy, Medium, Hard). */
gboolean pt_bot_level_is_main (PtBotLevel level);
/* A translated one-line description of @level in @game_id, for the UI. */
const char *pt_bot_level_describe (const char *game_id,
                                   PtBotLevel level);
/* Whether a computer player exists for @game_id at @level. */
gboolean pt_bot_supports (const char *game_id,
                          PtBotLevel level);

#define PT_TYPE_BOT (pt_bot_get_type ())

G_DECLARE_FINAL_TYPE (PtBot, pt_bot, PT, BOT, GObject)

/* @time_budget_ms: how long a search may take per move; 0: no limit (the
 * level's fixed amount of work, fully reproducible). NULL + @error when
 * there is no computer player for that game or level. */
PtBot *pt_bot_new (const char *game_id,
                   PtBotLevel level,
                   guint64 seed,
                   guint time_budget_ms,
                   GError **error);

void pt_bot_choose_move_async (PtBot *self,
                               PtGame *game,
                               guint player,
                               GCancellable *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer user_data);
/* A move in the game's record format, for pt_game_request_move(). */
JsonNode *pt_bot_choose_move_finish (PtBot *self,
                                     GAsyncResult *result,
                                     GError **error);
/* The same on the calling thread (arena, CLI, tests). */
JsonNode *pt_bot_choose_move (PtBot *self,
                              PtGame *game,
                              guint player,
                              GCancellable *cancellable,
                              GError **error);

/* Why the bot chose its move: pt_bot_choose_move_finish() and
 * pt_bot_choose_move() with, in @reason (nullable), a newly allocated
 * short sentence in the user's language for the hint to show, e.g.
 * “Plays the 7 on the red expedition and draws from the deck: +12
 * expected”. It says what the move does and the figure the level chose
 * it by (Hard: the expected result of its simulations; Medium and Easy:
 * what the move scores now), and is built only from what the bot saw, so
 * it reveals nothing hidden. *@reason is NULL when the level gives no
 * reason (random play) or on error. The move is the same as without
 * asking for the reason. */
JsonNode *pt_bot_choose_move_finish_full (PtBot *self,
                                          GAsyncResult *result,
                                          char **reason,
                                          GError **error);
JsonNode *pt_bot_choose_move_full (PtBot *self,
                                   PtGame *game,
                                   guint player,
                                   GCancellable *cancellable,
                                   char **reason,
                                   GError **error);

G_END_DECLS
