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
 *           of the game on the same sampled orders of the unseen cards,
 *           by a playout policy stronger than Medium: it also weighs the
 *           symbols its open line ends can still reach and, for each
 *           section, the best section the next card would allow, averaged
 *           over the cards of the round still face down (a set that is
 *           public: the flipped cards are known). Objectives and powers,
 *           when in play, count in the playouts' final scores.
 * Every level also says why (describe_reason()).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-next-station-engine-view.h"
#include "pt-bot-strategy.h"
#include "pt-next-station-game.h"
#include "pt-next-station-score.h"
#include "pt-next-station-search.h"

#define EASY_BLUNDER 0.25

/* What the action does for the sheet, in words (the hint names the
 * action itself): the first that applies of a tourist site, a new
 * district, the Thames, an interchange; built from the view only. */
static char *
describe_purpose (const PtNextStationState *solo,
                  const PtNextStationAction *action)
{
  const PtStationMap *map = solo->map;
  const PtNextStationPlayer *sheet = &solo->players[0];
  guint colour = pt_next_station_state_colour (solo, 0);
  guint64 line = sheet->line_stations[colour], others = 0, added = 0;
  gboolean thames = FALSE;

  if (action->pass)
    {
      if (action->power == PT_NS_POWER_CIRCLE)
        return g_strdup (_("circles a station in the line’s busiest district"));
      return g_strdup (_("passing keeps the map open: no section for this card is worth it"));
    }
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    if (c != colour)
      others |= sheet->line_stations[c];
  added |= PT_STATION_BIT (action->to);
  thames |= pt_section_set_has (&map->thames, map->section_between[action->from][action->to]);
  if (action->power == PT_NS_POWER_DOUBLE)
    {
      added |= PT_STATION_BIT (action->to2);
      thames |= pt_section_set_has (&map->thames, map->section_between[action->from2][action->to2]);
    }
  if (added & map->tourist_sites)
    return g_strdup (_("visits a tourist site"));
  for (guint64 a = added; a != 0; a &= a - 1)
    {
      guint d = map->stations[__builtin_ctzll (a)].district;

      if ((line & map->district_stations[d]) == 0)
        return g_strdup (_("reaches a new district"));
    }
  if (thames)
    return g_strdup (_("crosses the Thames"));
  if (added & others)
    return g_strdup (_("makes an interchange with an earlier line"));
  return g_strdup (_("adds a station to the line’s strongest district"));
}

static char *
describe_reason (const PtNextStationState *solo,
                 const PtNextStationAction *action,
                 gboolean searched,
                 double expected,
                 gboolean slip)
{
  g_autofree char *purpose = NULL;
  PtNextStationState after = *solo;
  PtNextStationFigures figures;
  const PtNextStationLineFigures *line;
  guint round = solo->round;

  if (slip)
    return g_strdup (_("a quick pick among the sections this card allows"));
  purpose = describe_purpose (solo, action);
  if (searched && expected >= 0)
    /* Translators: %s says what the action does (“reaches a new
     * district”); %.0f is the final score it expects, e.g. “164” */
    {
      int total = (int) (expected + 0.5);

      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %d point expected at the end of the game",
                                           "%s: %d points expected at the end of the game", (gulong) ABS (total)),
                              purpose, total);
    }
  pt_next_station_state_apply_unchecked (&after, 0, action);
  pt_next_station_state_figures (&after, 0, &figures);
  line = &figures.lines[round];
  /* Translators: %s says what the action does; %d is what this round's
   * line scores after it (districts × most in one district + 2 per
   * Thames crossing) */
  return g_strdup_printf (_("%s (the line then scores %d)"), purpose,
                             line->districts * line->max_in_district + 2 * line->thames);
}

static gpointer
next_station_snapshot_new (PtGame *game,
                           guint player,
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
next_station_choose (gconstpointer snapshot,
                     const PtBotRequest *request,
                     char **reason,
                     GCancellable *cancellable,
                     GError **error)
{
  const PtNsView *view = snapshot;
  PtNextStationAction action;
  PtNsSearchParams params;
  gboolean searched = FALSE, slip = FALSE;
  double expected = -1;
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  switch (request->level)
    {
    case PT_BOT_LEVEL_EASY:
      {
        PtRng copy = rng;

        pt_ns_greedy_action (&view->solo, EASY_BLUNDER, &rng, &action);
        /* Whether this was a slip: the blunder draw comes first. */
        slip = pt_rng_double (&copy) < EASY_BLUNDER && !action.pass;
      }
      break;
    case PT_BOT_LEVEL_HARD:
      pt_ns_search_params_init (&params);
      params.deadline = request->deadline;
      if (!pt_ns_search_full (view, &params, &rng, cancellable, &action, &expected, NULL, error))
        return NULL;
      searched = TRUE;
      break;
    case PT_BOT_LEVEL_MEDIUM:
    default:
      pt_ns_greedy_action (&view->solo, 0.0, &rng, &action);
      break;
    }
  *reason = describe_reason (&view->solo, &action, searched, expected, slip);
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
                                .snapshot_from_view = pt_engine_view_next_station_snapshot,
      };
