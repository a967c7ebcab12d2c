/* pt-bot-strategy.h — the per-game half of a computer player (internal)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PtBot is generic; each game supplies one PtBotStrategy:
 *
 * - snapshot_new() runs on the caller's thread and copies from the PtGame
 *   what @player may know — for a hidden-information game a view that
 *   contains nothing else (never the opponents' hidden cards or the deck
 *   order) — into a self-contained value. It fails with
 *   G_IO_ERROR_INVALID_ARGUMENT when @player may not act.
 * - choose() runs in a worker thread on that snapshot only (it must not
 *   touch the PtGame), checks @cancellable now and then, and returns a move
 *   in the game's record format. It must be a pure function of the
 *   snapshot and the request. It sets *@reason (never NULL; it starts
 *   NULL) to why it chose that move: one short translated sentence built
 *   only from the snapshot and the search (see pt_bot_choose_move_full()),
 *   or leaves it NULL.
 *
 * - snapshot_from_view() (optional) rebuilds that snapshot from the JSON
 *   of the engine protocol (the player's view, as pt_game_get_view() gives
 *   it), so `partida-cli engine` plays the same moves from a view alone
 *   (see pt-engine-view.h); NULL: the game's bot cannot play as an engine.
 *
 * REGISTRATION POINT: add a game by writing its strategy in its own folder
 * (e.g. src/ai/circle-the-wagons/pt-wagons-bot.c defines
 * `const PtBotStrategy pt_circle_the_wagons_bot_strategy`, and
 * pt-wagons-engine-view.c its snapshot_from_view), listing its sources in
 * that folder's meson.build, and adding one line to STRATEGIES in
 * pt-bot-strategy.c (and one subdir() to src/ai/meson.build). Nothing else
 * changes: PtBot, the engine, the arena and the UI find it by game id. The
 * RANDOM level is provided by PtBot for every registered game; a strategy
 * sets the bits of the other levels it plays in `levels`.
 */
#pragma once

#include "pt-bot.h"
#include "pt-engine-view.h"

G_BEGIN_DECLS

typedef struct
{
  PtBotLevel level;
  guint64 seed;    /* already mixed with the move number */
  gint64 deadline; /* g_get_monotonic_time() limit; 0: none */
} PtBotRequest;

typedef struct
{
  const char *game_id;
  guint levels;                              /* bit (1 << level) per level played */
  const char *descriptions[PT_BOT_N_LEVELS]; /* N_() one-liners; NULL: the generic one */
  gpointer (*snapshot_new) (PtGame *game,
                            guint player,
                            GError **error);
  void (*snapshot_free) (gpointer snapshot);
  JsonNode *(*choose) (gconstpointer snapshot,
                       const PtBotRequest *request,
                       char **reason,
                       GCancellable *cancellable,
                       GError **error);
  gpointer (*snapshot_from_view) (JsonNode *view,
                                  guint player,
                                  guint move_number,
                                  GError **error);
} PtBotStrategy;

/* NULL when no strategy plays @game_id. */
const PtBotStrategy *pt_bot_strategy_lookup (const char *game_id);

G_END_DECLS
