/* pt-wagons-bot.c — the Circle the Wagons computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Circle the Wagons hides nothing (the circle lies face up and both towns
 * are in view), so the snapshot is the whole PtWagonsState. The levels
 * are described in pt-wagons-search.h.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-bot-strategy.h"
#include "pt-circle-the-wagons-game.h"
#include "pt-wagons-json.h"
#include "pt-wagons-search.h"

static gpointer
wagons_snapshot_new (PtGame  *game,
                     guint    player,
                     GError **error)
{
  const PtWagonsState *state;

  if (!PT_IS_CIRCLE_THE_WAGONS_GAME (game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "not a Circle the Wagons game");
      return NULL;
    }
  state = pt_circle_the_wagons_game_get_state (PT_CIRCLE_THE_WAGONS_GAME (game));
  if (pt_wagons_state_get_current_player (state) != (int) player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("It is not player %u’s turn"), player + 1);
      return NULL;
    }
  return g_memdup2 (state, sizeof *state);
}

static JsonNode *
wagons_choose (gconstpointer       snapshot,
               const PtBotRequest *request,
               GCancellable       *cancellable,
               GError            **error)
{
  PtWagonsSearchParams params;
  PtWagonsMove move;
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  pt_wagons_search_params_init (&params, request->level);
  params.deadline = request->deadline;
  if (!pt_wagons_search_move (snapshot, &params, &rng, cancellable, &move, error))
    return NULL;
  return pt_wagons_move_to_json (&move);
}

const PtBotStrategy pt_circle_the_wagons_bot_strategy = {
  .game_id = PT_CIRCLE_THE_WAGONS_GAME_ID,
  .levels = (1u << PT_BOT_LEVEL_EASY) | (1u << PT_BOT_LEVEL_MEDIUM) |
            (1u << PT_BOT_LEVEL_HARD),
  .descriptions = {
    [PT_BOT_LEVEL_EASY] = N_("Takes and places for points, but often picks at random"),
    [PT_BOT_LEVEL_MEDIUM] = N_("Takes the card that scores most now, counting the free cards it hands you"),
    [PT_BOT_LEVEL_HARD] = N_("Looks ahead at your takes too, and plays the end of the draft perfectly"),
  },
  .snapshot_new = wagons_snapshot_new,
  .snapshot_free = g_free,
  .choose = wagons_choose,
};
