/* pt-lost-cities-bot.c — the Lost Cities computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The snapshot is a PtLostCitiesView (only what the player may know); the
 * levels:
 *   Easy       the main heuristic without an eye on the opponent, and a
 *              random decent-looking move 30 % of the time;
 *   Medium     the main heuristic (pt-lost-cities-heuristic.c);
 *   Hard       Monte Carlo over determinisations (pt-lost-cities-search.c);
 *   Aggressive the aggressive opener, a yardstick;
 *   Random     provided by PtBot.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-bot-strategy.h"
#include "pt-lost-cities-game.h"
#include "pt-lost-cities-heuristic.h"
#include "pt-lost-cities-search.h"
#include "pt-lost-cities-view.h"

#define EASY_BLUNDER 0.3

static gpointer
lost_cities_snapshot_new (PtGame  *game,
                          guint    player,
                          GError **error)
{
  const PtLostCitiesState *state;
  PtLostCitiesView *view;

  if (!PT_IS_LOST_CITIES_GAME (game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "not a Lost Cities game");
      return NULL;
    }
  state = pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game));
  if (state->over || state->current != player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("It is not player %u’s turn"), player + 1);
      return NULL;
    }
  /* The view reads only the player's own cards and public information. */
  view = g_new (PtLostCitiesView, 1);
  pt_lost_cities_view_init (view, state, player);
  return view;
}

static JsonNode *
lost_cities_choose (gconstpointer       snapshot,
                    const PtBotRequest *request,
                    GCancellable       *cancellable,
                    GError            **error)
{
  const PtLostCitiesView *view = snapshot;
  PtLostCitiesSearchParams params;
  PtLostCitiesState sample;
  PtLostCitiesMove move;
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  /* The heuristics read only the mover's knowledge from the state, so a
   * sample of the hidden cards is as good as any. */
  pt_lost_cities_view_determinize (view, &rng, &sample);

  switch (request->level)
    {
    case PT_BOT_LEVEL_EASY:
      pt_lost_cities_heuristic_sloppy (&sample, &rng, EASY_BLUNDER, &move);
      break;
    case PT_BOT_LEVEL_AGGRESSIVE:
      pt_lost_cities_heuristic_aggressive (&sample, &move);
      break;
    case PT_BOT_LEVEL_HARD:
      pt_lost_cities_search_params_init (&params, request->seed);
      params.deadline = request->deadline;
      if (!pt_lost_cities_search (view, &params, cancellable, &move, error))
        return NULL;
      break;
    case PT_BOT_LEVEL_MEDIUM:
    case PT_BOT_LEVEL_RANDOM:
    default:
      pt_lost_cities_heuristic_move (&sample, &move);
      break;
    }
  return pt_lost_cities_move_to_json (&move);
}

const PtBotStrategy pt_lost_cities_bot_strategy = {
  .game_id = "lost-cities",
  .levels = (1u << PT_BOT_LEVEL_EASY) | (1u << PT_BOT_LEVEL_MEDIUM) |
            (1u << PT_BOT_LEVEL_HARD) | (1u << PT_BOT_LEVEL_AGGRESSIVE),
  .descriptions = {
    [PT_BOT_LEVEL_EASY] = N_("Plays sensible cards, ignores what you collect and often slips"),
    [PT_BOT_LEVEL_MEDIUM] = N_("Opens expeditions with care, bets early and never feeds you cards"),
    [PT_BOT_LEVEL_HARD] = N_("Simulates hundreds of possible deals before every move"),
    [PT_BOT_LEVEL_RANDOM] = N_("Plays random legal moves (for testing)"),
    [PT_BOT_LEVEL_AGGRESSIVE] = N_("Opens expeditions and bets eagerly, never watching you (for testing)"),
  },
  .snapshot_new = lost_cities_snapshot_new,
  .snapshot_free = g_free,
  .choose = lost_cities_choose,
};
