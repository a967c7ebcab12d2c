/* pt-computer-player.h — the UI's adapter to the computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place where the UI asks for a computer move, so the boards do
 * not depend on how src/ai/ chooses it. Always asynchronous: the answer
 * arrives in the main loop, which never waits for it.
 */
#pragma once

#include "pt-bot.h"
#include "pt-engine.h"
#include "pt-game.h"

G_BEGIN_DECLS

/* TRUE when real bots (src/ai/) are built in; otherwise a stand-in that
 * plays a random legal move is used and hints are not offered. */
gboolean pt_computer_player_has_bots (void);

void pt_computer_player_choose_async (PtGame *game,
                                      guint player,
                                      PtBotLevel level,
                                      guint64 seed,
                                      GCancellable *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer user_data);
/* The chosen move (a record move object), or NULL with @error. For an
 * engine a PT_ENGINE_ERROR means it forfeits the game (error->message is
 * the reason); G_IO_ERROR_CANCELLED means the request was cancelled. */
JsonNode *pt_computer_player_choose_finish (GAsyncResult *result,
                                            GError **error);
/* The same, with in @reason the bot's sentence for why (for hints), or
 * NULL when it gives none (the stand-in, engines, random play). */
JsonNode *pt_computer_player_choose_finish_full (GAsyncResult *result,
                                                 char **reason,
                                                 GError **error);

/* External engines (partida-engine/1). A seat played by an engine keeps
 * one PtEngine for the whole game (its process stays running between
 * moves). @spec is "engine:COMMAND ARGS" as pt_engines_page_list_for_game()
 * gives it; NULL with @error if it is not one or cannot be split. */
PtEngine *pt_computer_player_new_engine (const char *spec,
                                         GError **error);
/* Asks @engine for @player's move; the answer comes through
 * pt_computer_player_choose_finish() like a bot's. */
void pt_computer_player_engine_choose_async (PtEngine *engine,
                                             PtGame *game,
                                             guint player,
                                             GCancellable *cancellable,
                                             GAsyncReadyCallback callback,
                                             gpointer user_data);

G_END_DECLS
