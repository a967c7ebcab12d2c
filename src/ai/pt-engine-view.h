/* pt-engine-view.h — Partida's own bots playing from a protocol view
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `partida-cli engine` is Partida's bots behind partida-engine/1: all it
 * receives is the JSON the protocol carries (the player's view as
 * pt_game_get_view() gives it and the legal moves), never a PtGame. So a
 * game's bot can play there only if its snapshot can be rebuilt from that
 * JSON; an adapter per game does that, and every game has one: the view
 * holds everything the bots search on, so from it the engine plays the
 * very same moves as the built-in bot with the same seed.
 * (Each game's adapter is declared in src/ai/<game>/pt-<game>-engine-view.h,
 * with what its view holds.)
 *
 * The RANDOM level needs only the legal moves and works for every game.
 *
 * To let a game's bot play as an engine, write a `snapshot_from_view` for
 * its strategy (JSON view → the strategy's snapshot, in
 * src/ai/<game>/pt-<game>-engine-view.[ch]) and set it in the strategy
 * (pt-bot-strategy.h); nothing here changes.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pt-bot.h"

G_BEGIN_DECLS

/* Whether Partida can play @game_id at @level from a view alone. */
gboolean pt_engine_view_supports (const char *game_id,
                                  PtBotLevel level);

/* A move for @player, chosen by the built-in bot of @game_id at @level
 * from @view, @legal and @move_number (the protocol's "view", "legal" and
 * "move_number"), seeded with @seed; @deadline is a g_get_monotonic_time() limit (0: none). The
 * answer is always one of @legal. */
JsonNode *pt_engine_view_choose (const char *game_id,
                                 PtBotLevel level,
                                 guint64 seed,
                                 guint player,
                                 JsonNode *view,
                                 JsonNode *legal,
                                 guint move_number,
                                 gint64 deadline,
                                 GError **error);

/* The same, and in @reason (nullable) why the bot chose it, as
 * pt_bot_choose_move_full() gives it (NULL for random play). */
JsonNode *pt_engine_view_choose_full (const char *game_id,
                                      PtBotLevel level,
                                      guint64 seed,
                                      guint player,
                                      JsonNode *view,
                                      JsonNode *legal,
                                      guint move_number,
                                      gint64 deadline,
                                      char **reason,
                                      GError **error);

G_END_DECLS
