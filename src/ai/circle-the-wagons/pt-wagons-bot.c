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

#include "pt-wagons-engine-view.h"
#include "pt-bot-strategy.h"
#include "pt-circle-the-wagons-game.h"
#include "pt-wagons-json.h"
#include "pt-wagons-search.h"

static gpointer
wagons_snapshot_new (PtGame *game,
                     guint player,
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

#define WIN_MARGIN 500.0 /* values beyond this include the ±1000 of a decided game */

/* Rounded to the nearest point, for the reasons (no “-0”). */
static int
points (double value)
{
  return (int) (value >= 0 ? value + 0.5 : value - 0.5);
}

/* Why, in words (the hint names the move itself). */
static char *
describe_reason (const PtWagonsState *state,
                 const PtWagonsMove *move,
                 double value,
                 PtWagonsHow how)
{
  guint mover = (guint) pt_wagons_state_get_current_player (state);
  g_autofree char *figure = NULL;
  const char *purpose;

  if (how == PT_WAGONS_HOW_SLIP)
    return g_strdup (_("a quick pick: any card can turn out well"));
  if (move->kind == PT_WAGONS_MOVE_PLACE)
    {
      PtWagonsState after = *state;
      PtWagonsTally tallies[2];
      PtWagonsScore score;

      pt_wagons_state_apply_move (&after, move);
      pt_wagons_state_score (&after, tallies, &score);
      /* Translators: where a card goes; %d is the mover's score with
       * it there, %+d the difference to the opponent's score. The
       * reasons are shown as hints to the player whose move it is. */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "the spot where the town scores most: %d point (%+d against the opponent)",
                                           "the spot where the town scores most: %d points (%+d against the opponent)",
                                           (gulong) ABS (score.total[mover])),
                              score.total[mover], score.total[mover] - score.total[1 - mover]);
    }

  if (move->kind == PT_WAGONS_MOVE_START)
    purpose = _("leaves the opponent the weakest first take");
  else
    {
      guint8 queue[PT_WAGONS_N_CIRCLE];
      guint n = pt_wagons_state_get_queue (state, queue), given = 0;

      for (guint i = 0; i < n && queue[i] != move->card; i++)
        given++;
      purpose = given == 0 ? _("the best card for the town, and the opponent gets no free card")
                           : _("the best card for the town, counting the free cards the opponent gets");
    }

  if (how == PT_WAGONS_HOW_EXACT && value > WIN_MARGIN)
    /* Translators: %s says why (“leaves the opponent the weakest first take”) */
    figure = g_strdup_printf (_("%s: a sure win with best play on both sides"), purpose);
  else if (how == PT_WAGONS_HOW_EXACT && value < -WIN_MARGIN)
    figure = g_strdup_printf (_("%s: the best defence in a lost position"), purpose);
  else if (how == PT_WAGONS_HOW_EXACT)
    figure = g_strdup_printf (_("%s: a tie with best play on both sides"), purpose);
  else if (how == PT_WAGONS_HOW_PLAYOUT)
    {
      if (value > WIN_MARGIN)
        value -= 1000.0;
      else if (value < -WIN_MARGIN)
        value += 1000.0;
      /* Translators: %s says why; %+d is the score difference against
       * the opponent expected at the end of the game, e.g. “+6” */
      figure = g_strdup_printf (_("%s: %+d against the opponent expected at the end"), purpose, points (value));
    }
  else
    /* Translators: %s says why; %+d is the score difference against
     * the opponent once the cards are placed, e.g. “+3” */
    figure = g_strdup_printf (_("%s: %+d against the opponent once the cards are placed"), purpose, points (value));
  return g_steal_pointer (&figure);
}

static JsonNode *
wagons_choose (gconstpointer snapshot,
               const PtBotRequest *request,
               char **reason,
               GCancellable *cancellable,
               GError **error)
{
  PtWagonsSearchParams params;
  PtWagonsMove move;
  PtWagonsHow how;
  double value;
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  pt_wagons_search_params_init (&params, request->level);
  params.deadline = request->deadline;
  if (!pt_wagons_search_move_full (snapshot, &params, &rng, cancellable, &move, &value, &how, error))
    return NULL;
  *reason = describe_reason (snapshot, &move, value, how);
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
                                .snapshot_from_view = pt_engine_view_wagons_snapshot,
      };
