/* pt-next-station-bot.c — the Next Station: London computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The snapshot is a PtNsView: the bot's own sheet and the cards flipped so
 * far, never the order of the cards still face down (see
 * pt-next-station-search.h). The levels:
 *   Easy    greedy on the line score and tourist sites only, and a random
 *           section a quarter of the time;
 *   Medium  greedy: the section with the best immediate gain (line score,
 *           tourist sites, interchanges, objectives), powers when they
 *           clearly pay;
 *   Hard    Monte Carlo: every promising action is played out to the end
 *           of the game on the same sampled orders of the unseen cards.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-bot-strategy.h"
#include "pt-next-station-game.h"
#include "pt-next-station-search.h"

#define EASY_BLUNDER 0.25

static gpointer
next_station_snapshot_new (PtGame  *game,
                           guint    player,
                           GError **error)
{
  PtNsView *view;

  if (!PT_IS_NEXT_STATION_GAME (game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "not a Next Station game");
      return NULL;
    }
  view = g_new (PtNsView, 1);
  if (!pt_ns_view_init (view, pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game)),
                        player))
    {
      g_free (view);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("It is not player %u’s turn"), player + 1);
      return NULL;
    }
  return view;
}

static JsonNode *
next_station_choose (gconstpointer       snapshot,
                     const PtBotRequest *request,
                     GCancellable       *cancellable,
                     GError            **error)
{
  const PtNsView *view = snapshot;
  PtNextStationAction action;
  PtNsSearchParams params;
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  switch (request->level)
    {
    case PT_BOT_LEVEL_EASY:
      pt_ns_greedy_action (&view->solo, EASY_BLUNDER, &rng, &action);
      break;
    case PT_BOT_LEVEL_HARD:
      pt_ns_search_params_init (&params);
      params.deadline = request->deadline;
      if (!pt_ns_search (view, &params, &rng, cancellable, &action, error))
        return NULL;
      break;
    case PT_BOT_LEVEL_MEDIUM:
    default:
      pt_ns_greedy_action (&view->solo, 0.0, &rng, &action);
      break;
    }
  return pt_next_station_action_to_json (view->solo.map, &action);
}

const PtBotStrategy pt_next_station_bot_strategy = {
  .game_id = PT_NEXT_STATION_GAME_ID,
  .levels = (1u << PT_BOT_LEVEL_EASY) | (1u << PT_BOT_LEVEL_MEDIUM) |
            (1u << PT_BOT_LEVEL_HARD),
  .descriptions = {
    [PT_BOT_LEVEL_EASY] = N_("Chases districts and tourist sites, and often draws a stray section"),
    [PT_BOT_LEVEL_MEDIUM] = N_("Draws the section that scores most right now"),
    [PT_BOT_LEVEL_HARD] = N_("Plays each option out over hundreds of possible card orders"),
  },
  .snapshot_new = next_station_snapshot_new,
  .snapshot_free = g_free,
  .choose = next_station_choose,
};
