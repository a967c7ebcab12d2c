/* pt-bot-strategy.c — the registry of per-game strategies; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-bot-strategy.h"

/* REGISTRATION POINT: one line per game, naming its strategy (see
 * pt-bot-strategy.h); it is declared and listed from here. */
#define STRATEGIES(X)                   \
  X (pt_lost_cities_bot_strategy)       \
  X (pt_circle_the_wagons_bot_strategy) \
  X (pt_next_station_bot_strategy)

#define DECLARE(strategy) extern const PtBotStrategy strategy;
#define LIST(strategy)    &strategy,

STRATEGIES (DECLARE)

static const PtBotStrategy *const strategies[] = { STRATEGIES (LIST) };

const PtBotStrategy *
pt_bot_strategy_lookup (const char *game_id)
{
  if (game_id == NULL)
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (strategies); i++)
    if (strcmp (strategies[i]->game_id, game_id) == 0)
      return strategies[i];
  return NULL;
}
