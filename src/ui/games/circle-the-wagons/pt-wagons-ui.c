/* pt-wagons-ui.c — Circle the Wagons in the shared UI
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game-ui.h"
#include "pt-wagons-colours.h"
#include "pt-wagons-board.h"
#include "pt-wagons-sheet-view.h"

/* The game's own lines (largest group per terrain, each bonus card),
 * named in the rules' translatable words, then the cards in town. */
static void
breakdown_rows (JsonObject *round,
                JsonObject *player,
                GPtrArray *rows)
{
  JsonArray *lines = json_object_has_member (player, "lines") ? json_object_get_array_member (player, "lines") : NULL;

  for (guint i = 0; lines != NULL && i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);
      gboolean bonus = g_strcmp0 (json_object_get_string_member_with_default (line, "kind", ""), "bonus") == 0;

      pt_game_ui_add_row (rows, _(json_object_get_string_member_with_default (line, "name", "")),
                                   bonus ? _("bonus card") : _("largest group"), json_object_get_int_member_with_default (line, "points", 0));
    }
  pt_game_ui_add_row (rows, _("Cards in town"), _("fewer wins a tie"),
                                                    json_object_get_int_member_with_default (player, "cards", 0));
}

/* The bonus cards of the game, and how a tie was broken. */
static char *
breakdown_describe (JsonObject *round)
{
  JsonArray *bonus = json_object_has_member (round, "bonus") ? json_object_get_array_member (round, "bonus") : NULL;
  const char *tie_break = json_object_get_string_member_with_default (round, "tie_break", "none");
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; bonus != NULL && i < json_array_get_length (bonus); i++)
    {
      JsonNode *node = json_array_get_element (bonus, i);

      if (JSON_NODE_HOLDS_OBJECT (node))
        g_string_append_printf (text, "%s%s", text->len > 0 ? " · " : "",
                                _(json_object_get_string_member_with_default (json_node_get_object (node),
                                                                              "name", "")));
    }
  if (g_strcmp0 (tie_break, "cards") == 0)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                            _("Tied: the player with fewer cards in town won"));
  else if (g_strcmp0 (tie_break, "shared") == 0)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                            _("Tied on points and cards: the win is shared"));
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* A town position as the town view shows it: column and row counted from
 * 1 at the top left of the drawn area (two empty cells around the town,
 * see pt-wagons-town-view.c). */
static void
town_position (PtGame *game,
               int player,
               int *x,
               int *y)
{
  g_autoptr(JsonNode) view = pt_game_get_view (game, player);
  JsonArray *towns = json_object_get_array_member (json_node_get_object (view), "towns");
  JsonArray *cells = NULL;
  gint64 min_x = 0, min_y = 0;

  if (towns != NULL && player >= 0 && (guint) player < json_array_get_length (towns))
    cells = json_object_get_array_member (json_array_get_object_element (towns, player), "cells");
  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      JsonObject *c = json_array_get_object_element (cells, i);

      min_x = MIN (min_x, json_object_get_int_member (c, "x"));
      min_y = MIN (min_y, json_object_get_int_member (c, "y"));
    }
  *x = (int) (*x - (min_x - 2) + 1);
  *y = (int) (*y - (min_y - 2) + 1);
}

/* A Circle the Wagons action: "take B4 (gives away A1, A2)". */
static char *
describe_wagons_move (PtGame *game,
                      JsonObject *object)
{
  if (json_object_has_member (object, "start"))
    return g_strdup_printf (_("start the circle at %s"), json_object_get_string_member (object, "start"));
  if (json_object_has_member (object, "take"))
    {
      const char *card = json_object_get_string_member (object, "take");
      g_autoptr(JsonNode) view = pt_game_get_view (game, pt_game_get_current_player (game));
      JsonArray *queue = json_object_get_array_member (json_node_get_object (view), "queue");
      g_autoptr(GString) given = g_string_new (NULL);

      /* Every card before the one taken goes to the opponent. */
      for (guint i = 0; queue != NULL && i < json_array_get_length (queue); i++)
        {
          const char *code = json_array_get_string_element (queue, i);

          if (g_strcmp0 (code, card) == 0)
            break;
          g_string_append_printf (given, "%s%s", given->len > 0 ? ", " : "", code);
        }
      if (given->len == 0)
        return g_strdup_printf (_("take %s (gives nothing away)"), card);
      return g_strdup_printf (_("take %s (gives away %s)"), card, given->str);
    }
  if (json_object_has_member (object, "place"))
    {
      const char *card = json_object_get_string_member (object, "place");
      int x = json_object_get_int_member_with_default (object, "x", 0);
      int y = json_object_get_int_member_with_default (object, "y", 0);

      town_position (game, pt_game_get_current_player (game), &x, &y);
      if (json_object_get_int_member_with_default (object, "rot", 0) == 180)
        return g_strdup_printf (_("place %s upside down at column %d, row %d"), card, x, y);
      return g_strdup_printf (_("place %s at column %d, row %d"), card, x, y);
    }
  return NULL;
}

static const char *const designers[] = { "Steven Aramini", "Danny Devine", "Paul Kluka", NULL };

/* The board's keys (installed in its class_init), for the shortcuts window. */
static const PtGameShortcut shortcuts[] = {
  { N_("Go to the Circle"), "c" },
    { N_("Go to Your Town"), "t" },
      { N_("Move the Card"), "Left Right Up Down" },
        { N_("Turn the Card"), "r" },
          { N_("Place the Card"), "Return" },
            { N_("Zoom In and Out"), "plus minus" },
              /* Two rows, not one of four Ctrl+arrows: the shortcuts window gives
               * every key of a column the widest one's room. */
              { N_("Move the View Left or Right"), "<Control>Left <Control>Right" },
                { N_("Move the View Up or Down"), "<Control>Up <Control>Down" },
              };

const PtGameUi pt_wagons_ui = {
  .game_id = "circle-the-wagons",
  .title = N_("Circle the Wagons"),
               .rules_summary = N_("Fifteen cards lie in a circle; three more show the bonus rules of this game. "
                      "The second player picks where the circle starts. On your turn take any card of "
                      "the circle: every card before it goes to your opponent for free. Place each card "
                      "you get in your town, covering or touching the cards already there along an "
                      "edge, turned upright or upside down.\n\n"
                      "At the end each terrain scores the size of its largest connected group, and the "
                      "three bonus cards add or take away points. On a tie, fewer cards in town wins."),
                                    .icon_name = "pt-play-symbolic",
                                    .chart_colour = "#3584e4",
                                    .credit_title = N_("Circle the Wagons designed by"),
                                                        .designers = designers,
                                                        .stylesheet = "/io/github/partida/Partida/circle-the-wagons/pt-wagons.css",
                                                        .colours = pt_wagons_colours,
                                                        .n_colours = PT_N_WAGONS_COLOURS,
                                                        .board_type = pt_wagons_board_get_type,
                                                        .sheet_view_type = pt_wagons_sheet_view_get_type,
                                                        .breakdown_rows = breakdown_rows,
                                                        .breakdown_describe = breakdown_describe,
                                                        .hint_text = describe_wagons_move,
                                                        .min_players = 2,
                                                        .max_players = 2,
                                                        .shortcuts = shortcuts,
                                                        .n_shortcuts = G_N_ELEMENTS (shortcuts),
                                    };
