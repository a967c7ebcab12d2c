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
 * REGISTRATION POINT: add a game by writing its strategy (e.g.
 * src/ai/circle-the-wagons/pt-circle-the-wagons-bot.c defining
 * `const PtBotStrategy pt_circle_the_wagons_bot_strategy`), declaring it
 * below next to the Lost Cities one, listing it in `strategies[]` in
 * pt-bot-strategy.c and its sources in src/ai/meson.build. Nothing else
 * changes: PtBot, the arena and the UI find it by game id. The RANDOM
 * level is provided by PtBot for every registered game; a strategy sets
 * the bits of the other levels it plays in `levels`.
 */
#pragma once

#include "pt-bot.h"

G_BEGIN_DECLS

typedef struct
{
  PtBotLevel level;
  guint64    seed;       /* already mixed with the move number */
  gint64     deadline;   /* g_get_monotonic_time() limit; 0: none */
} PtBotRequest;

typedef struct
{
  const char *game_id;
  guint       levels;                           /* bit (1 << level) per level played */
  const char *descriptions[PT_BOT_N_LEVELS];    /* N_() one-liners; NULL: the generic one */
  gpointer  (*snapshot_new)  (PtGame              *game,
                              guint                player,
                              GError             **error);
  void      (*snapshot_free) (gpointer             snapshot);
  JsonNode *(*choose)        (gconstpointer        snapshot,
                              const PtBotRequest  *request,
                              char               **reason,
                              GCancellable        *cancellable,
                              GError             **error);
} PtBotStrategy;

/* The strategies of the games (one per game, in src/ai/<game>/). */
extern const PtBotStrategy pt_lost_cities_bot_strategy;
extern const PtBotStrategy pt_next_station_bot_strategy;
extern const PtBotStrategy pt_circle_the_wagons_bot_strategy;

/* NULL when no strategy plays @game_id. */
const PtBotStrategy *pt_bot_strategy_lookup (const char *game_id);

G_END_DECLS
