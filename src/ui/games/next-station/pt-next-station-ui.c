/* pt-next-station-ui.c — Next Station: London in the shared UI
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game-ui.h"
#include "pt-next-station-colours.h"
#include "pt-next-station-board.h"
#include "pt-next-station-game.h"
#include "pt-next-station-sheet-view.h"

/* A line of a finished game: its colour, and districts × most stations
 * in one district + 2 × Thames crossings. */
static void
line_row (JsonObject *line,
          GPtrArray *rows)
{
  static const struct
  {
    const char *id;
    const char *name;
  } colours[] = {
    { "purple", N_("Purple line") }, { "blue", N_("Blue line") }, { "pink", N_("Pink line") }, { "green", N_("Green line") },
                                       };
  const char *colour = json_object_get_string_member_with_default (line, "colour", "");
  const char *title = colour;
  int d = (int) json_object_get_int_member_with_default (line, "districts", 0);
  int m = (int) json_object_get_int_member_with_default (line, "max_in_district", 0);
  int t = (int) json_object_get_int_member_with_default (line, "thames", 0);
  g_autofree char *districts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d district",
                                                             "%d districts", (gulong) ABS (d)),
                                                d);
  g_autofree char *crossings = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Thames crossing",
                                                             "%d Thames crossings", (gulong) ABS (t)),
                                                t);
  g_autofree char *detail = NULL;

  for (guint c = 0; c < G_N_ELEMENTS (colours); c++)
    if (g_strcmp0 (colours[c].id, colour) == 0)
      title = _(colours[c].name);
  /* Translators: how a line scored, e.g. "5 districts × 3 + 2 × 1 Thames crossing":
   * districts × most stations in one district + 2 × crossings */
  detail = g_strdup_printf (_("%s × %d + 2 × %s"), districts, m, crossings);
  pt_game_ui_add_row (rows, title, detail, json_object_get_int_member_with_default (line, "score", 0));
}

/* Each line's figures (a score sheet's result has only each line's
 * points), then tourist sites, interchanges and objectives, as the rules
 * reported them. */
static void
breakdown_rows (JsonObject *round,
                JsonObject *player,
                GPtrArray *rows)
{
  JsonArray *lines = json_object_has_member (player, "lines") ? json_object_get_array_member (player, "lines") : NULL;
  JsonObject *interchanges = json_object_has_member (player, "interchanges")
                                 ? json_object_get_object_member (player, "interchanges")
                                 : NULL;
  int visits = (int) json_object_get_int_member_with_default (player, "tourist_visits", 0);
  g_autofree char *tourist_detail = NULL;
  g_autofree char *inter_detail = NULL;

  for (guint i = 0; lines != NULL && i < json_array_get_length (lines); i++)
    {
      JsonNode *line = json_array_get_element (lines, i);

      if (JSON_NODE_HOLDS_OBJECT (line))
        line_row (json_node_get_object (line), rows);
      else
        {
          g_autofree char *title = g_strdup_printf (_("Line %u"), i + 1);

          pt_game_ui_add_row (rows, title, NULL, json_node_get_int (line));
        }
    }
  tourist_detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d visit", "%d visits", (gulong) ABS (visits)),
                                    visits);
  pt_game_ui_add_row (rows, _("Tourist sites"), tourist_detail,
                               json_object_get_int_member_with_default (player, "tourist_score", 0));
  if (interchanges != NULL)
    inter_detail = g_strdup_printf (_("%d on 2 lines, %d on 3, %d on 4"),
                                       (int) json_object_get_int_member_with_default (interchanges, "2", 0),
                                       (int) json_object_get_int_member_with_default (interchanges, "3", 0),
                                       (int) json_object_get_int_member_with_default (interchanges, "4", 0));
  pt_game_ui_add_row (rows, _("Interchanges"), inter_detail,
                               json_object_get_int_member_with_default (player, "interchange_score", 0));
  pt_game_ui_add_row (rows, _("Shared objectives"), NULL,
                               json_object_get_int_member_with_default (player, "objective_score", 0));
}

/* A solo game's rating. */
static char *
breakdown_describe (JsonObject *round)
{
  JsonObject *rating = json_object_has_member (round, "solo_rating")
                           ? json_object_get_object_member (round, "solo_rating")
                           : NULL;

  if (rating == NULL)
    return NULL;
  return g_strdup_printf (_("Solo rating: %s"), json_object_get_string_member_with_default (rating, "label", ""));
}

/* "the square at (4,3)": London's stations have no names on our map, so
 * a station is its symbol and its coordinates, as the board shows them. */
static char *
describe_station (PtGame *game,
                  JsonArray *point)
{
  const PtStationMap *map = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game))->map;
  int x, y, index = -1;

  if (point == NULL || json_array_get_length (point) != 2)
    return g_strdup ("?");
  x = json_array_get_int_element (point, 0);
  y = json_array_get_int_element (point, 1);
  if (x >= 0 && y >= 0 && (guint) x < map->width && (guint) y < map->height)
    index = map->cell_station[y][x];
  switch (index >= 0 ? map->stations[index].symbol : PT_N_SYMBOLS)
    {
    case PT_SYMBOL_CIRCLE:
      return g_strdup_printf (_("the circle at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_TRIANGLE:
      return g_strdup_printf (_("the triangle at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_SQUARE:
      return g_strdup_printf (_("the square at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_PENTAGON:
      return g_strdup_printf (_("the pentagon at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_ANY:
      return g_strdup_printf (_("the Central Station at column %d, row %d"), x + 1, y + 1);
    default:
      return g_strdup_printf ("(%d,%d)", x, y);
    }
}

/* A Next Station action: "draw from the circle at (3,2) to the square at
 * (4,3)", with the pencil power it uses. */
static char *
describe_next_station_move (PtGame *game,
                            JsonObject *object)
{
  const char *power = json_object_get_string_member_with_default (object, "power", NULL);
  g_autofree char *text = NULL;

  if (json_object_get_boolean_member_with_default (object, "pass", FALSE))
    text = g_strdup (_("pass"));
  else
    {
      g_autofree char *from = describe_station (game, json_object_get_array_member (object, "from"));
      g_autofree char *to = describe_station (game, json_object_get_array_member (object, "to"));

      if (g_strcmp0 (power, "double") == 0 && json_object_has_member (object, "second"))
        {
          JsonObject *second = json_object_get_object_member (object, "second");
          g_autofree char *from2 = describe_station (game, json_object_get_array_member (second, "from"));
          g_autofree char *to2 = describe_station (game, json_object_get_array_member (second, "to"));

          text = g_strdup_printf (_("draw from %s to %s, then with the double power from %s to %s"),
                                     from, to, from2, to2);
        }
      else if (g_strcmp0 (power, "joker") == 0)
        text = g_strdup_printf (_("use the joker power and draw from %s to %s"), from, to);
      else if (g_strcmp0 (power, "switch") == 0)
        text = g_strdup_printf (_("use the switch power and draw from %s to %s"), from, to);
      else
        text = g_strdup_printf (_("draw from %s to %s"), from, to);
    }
  if (g_strcmp0 (power, "circle") == 0)
    {
      g_autofree char *station = describe_station (game, json_object_get_array_member (object, "circle"));

      /* Translators: a hint, e.g. "pass, and circle the square at (4,3)" */
      return g_strdup_printf (_("%s, and circle %s"), text, station);
    }
  return g_steal_pointer (&text);
}

static const PtGameOption options[] = {
  { "objectives", N_("Shared objectives"), N_("Two objectives worth 10 points each"), NULL, NULL },
    { "powers", N_("Pencil powers"), N_("Each colour brings a power, usable once"), NULL, NULL },
    };

static const char *const designers[] = { "Matthew Dunstan", NULL };

/* The board's keys (installed in its class_init), for the shortcuts window. */
static const PtGameShortcut shortcuts[] = {
  { N_("Move Between Stations"), "Left Right Up Down" },
    { N_("Choose a Station"), "Return" },
      { N_("Drop the Chosen Line End"), "Escape" },
        { N_("Pass"), "p" },
          { N_("Use the Pencil Power"), "u" },
        };

const PtGameUi pt_next_station_ui = {
  .game_id = "next-station-london",
  .title = N_("Next Station: London"),
               .rules_summary = N_("Four rounds, one coloured line each. Each turn a station card is turned over and "
                      "every player may extend their line by one straight section, from either end to "
                      "the next station with the card’s symbol (a joker or the central station matches "
                      "anything), or pass. Sections never cross and a line never visits a station "
                      "twice. The switch card lets the next section branch from any station of the "
                      "line. The round ends with the fifth underground card.\n\n"
                      "A line scores districts visited × most stations in one district, plus 2 for each "
                      "crossing of the Thames. Tourist sites and stations where your lines meet add "
                      "points at the end."),
                                    .icon_name = "pt-play-symbolic",
                                    .chart_colour = "#2ec27e",
                                    .credit_title = N_("Next Station: London designed by"),
                                                        .designers = designers,
                                                        .colours = pt_next_station_colours,
                                                        .n_colours = PT_N_NEXT_STATION_COLOURS,
                                                        .board_type = pt_next_station_board_get_type,
                                                        .sheet_view_type = pt_next_station_sheet_view_get_type,
                                                        .breakdown_rows = breakdown_rows,
                                                        .breakdown_describe = breakdown_describe,
                                                        .hint_text = describe_next_station_move,
                                                        .min_players = 1,
                                                        .max_players = 4,
                                                        .options = options,
                                                        .n_options = G_N_ELEMENTS (options),
                                                        .shortcuts = shortcuts,
                                                        .n_shortcuts = G_N_ELEMENTS (shortcuts),
                                    };
