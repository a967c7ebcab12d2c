/* pt-hint-text.c — a suggested move in words, for the hint line
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hint is advice to the person on turn, so it speaks to them in the
 * imperative ("play the red 7, then draw from the deck"); the rules'
 * describe_move sentences name who moved, for the log.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pt-hint-text.h"
#include "pt-lost-cities-pile.h"
#include "pt-next-station-game.h"

/* "the square at (4,3)": London's stations have no names on our map, so
 * a station is its symbol and its coordinates, as the board shows them. */
static char *
describe_station (PtGame    *game,
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
    case PT_SYMBOL_CIRCLE: return g_strdup_printf (_("the circle at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_TRIANGLE: return g_strdup_printf (_("the triangle at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_SQUARE: return g_strdup_printf (_("the square at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_PENTAGON: return g_strdup_printf (_("the pentagon at column %d, row %d"), x + 1, y + 1);
    case PT_SYMBOL_ANY: return g_strdup_printf (_("the Central Station at column %d, row %d"), x + 1, y + 1);
    default: return g_strdup_printf ("(%d,%d)", x, y);
    }
}

/* A Next Station action: "draw from the circle at (3,2) to the square at
 * (4,3)", with the pencil power it uses. */
static char *
describe_next_station_move (PtGame     *game,
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

/* A town position as the town view shows it: column and row counted from
 * 1 at the top left of the drawn area (two empty cells around the town,
 * see pt-wagons-town-view.c). */
static void
town_position (PtGame *game,
               int     player,
               int    *x,
               int    *y)
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
describe_wagons_move (PtGame     *game,
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

/* A move in words, for hints: "play the red 7, then draw from the deck". */
char *
pt_hint_text (PtGame   *game,
              JsonNode *move)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (move) ? json_node_get_object (move) : NULL;
  const char *game_id = pt_game_get_game_id (game);

  if (object != NULL && g_strcmp0 (game_id, "next-station-london") == 0)
    return describe_next_station_move (game, object);
  if (object != NULL && g_strcmp0 (game_id, "circle-the-wagons") == 0)
    {
      char *text = describe_wagons_move (game, object);

      if (text != NULL)
        return text;
    }

  if (object != NULL && g_strcmp0 (pt_game_get_game_id (game), "lost-cities") == 0)
    {
      gboolean play = json_object_has_member (object, "play");
      const char *code = json_object_get_string_member (object, play ? "play" : "discard");
      const char *draw = json_object_get_string_member (object, "draw");
      g_autofree char *card = pt_lost_cities_card_describe_definite (code);

      if (g_strcmp0 (draw, "deck") == 0)
        return g_strdup_printf (play ? _("play %s, then draw from the deck")
                                     : _("discard %s, then draw from the deck"), card);
      return g_strdup_printf (play ? _("play %s, then take the top of the %s discard pile")
                                   : _("discard %s, then take the top of the %s discard pile"),
                              card, pt_lost_cities_color_label ((int) (strchr ("YBWGRP", draw[0]) - "YBWGRP")));
    }
  return json_to_string (move, FALSE);
}
