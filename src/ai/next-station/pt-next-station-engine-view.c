/* pt-next-station-engine-view.c — the Next Station bot playing from a protocol
 * view: the player's own sheet as a PtNsView (see pt-engine-view.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-next-station-engine-view.h"
#include "pt-engine-view-private.h"
#include "pt-next-station-search.h"
#include "pt-record.h"

/* The bots play on a PtNsView: a one-player copy of their own sheet in
 * which the cards nobody has seen are in canonical order (see
 * pt-next-station-search.h). The view has everything that takes: the
 * flipped cards of this round (never the ones still face down), the sheet
 * line by line, its ends, the options and the powers. What it does not
 * list is derived: the sections drawn in any colour, the sections they
 * block (the map's conflict relation) and whether this round's line has
 * started. */

static gboolean
parse_ns_station (const PtStationMap *map,
                  JsonNode *node,
                  guint *station)
{
  JsonArray *point = pt_json_get_array (node);
  gint64 x, y;
  int index;

  if (point == NULL || json_array_get_length (point) != 2 ||
      !pt_json_get_int (json_array_get_element (point, 0), &x) ||
      !pt_json_get_int (json_array_get_element (point, 1), &y) ||
      x < 0 || y < 0 || x >= PT_STATION_MAP_MAX_SIZE || y >= PT_STATION_MAP_MAX_SIZE ||
      (index = pt_station_map_station_at (map, (int) x, (int) y)) < 0)
    return FALSE;
  *station = (guint) index;
  return TRUE;
}

static gboolean
parse_ns_stations (const PtStationMap *map,
                   JsonNode *node,
                   guint64 *stations)
{
  JsonArray *array = pt_json_get_array (node);

  *stations = 0;
  if (array == NULL || json_array_get_length (array) > map->n_stations)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      guint station;

      if (!parse_ns_station (map, json_array_get_element (array, i), &station))
        return FALSE;
      *stations |= PT_STATION_BIT (station);
    }
  return TRUE;
}

/* One line of the sheet; *@colour is its colour (each at most once: @seen). */
static gboolean
parse_ns_line (const PtStationMap *map,
               JsonNode *node,
               PtNextStationPlayer *sheet,
               guint *colour,
               guint *seen)
{
  JsonObject *line = pt_json_get_object (node);
  JsonArray *sections;
  JsonNode *circled;
  gboolean used;
  int c;

  if (line == NULL ||
      (c = pt_line_colour_from_string (pt_json_get_string (json_object_get_member (line, "colour")))) < 0 ||
      (*seen & (1u << c)) ||
      !parse_ns_stations (map, json_object_get_member (line, "stations"), &sheet->line_stations[c]) ||
      (sections = pt_json_get_array (json_object_get_member (line, "sections"))) == NULL ||
      json_array_get_length (sections) > map->n_sections ||
      !pt_json_get_bool (json_object_get_member (line, "power_used"), &used))
    return FALSE;
  *seen |= 1u << c;
  *colour = (guint) c;
  for (guint i = 0; i < json_array_get_length (sections); i++)
    {
      JsonArray *pair = pt_json_get_array (json_array_get_element (sections, i));
      guint a, b;
      int section;

      if (pair == NULL || json_array_get_length (pair) != 2 ||
          !parse_ns_station (map, json_array_get_element (pair, 0), &a) ||
          !parse_ns_station (map, json_array_get_element (pair, 1), &b) ||
          (section = pt_station_map_section_between (map, a, b)) < 0)
        return FALSE;
      pt_section_set_add (&sheet->line_sections[c], (guint) section);
      pt_section_set_add (&sheet->drawn, (guint) section);
      pt_section_set_union (&sheet->blocked, &map->sections[section].conflicts);
    }
  circled = json_object_get_member (line, "circled");
  if (circled != NULL)
    {
      guint station;

      if (!parse_ns_station (map, circled, &station))
        return FALSE;
      sheet->circled[c] = (guint8) station;
    }
  if (used)
    sheet->powers_used |= (guint8) (1u << c);
  return TRUE;
}

/* The bot's own sheet into solo->players[0] and colour_order[0]. */
static gboolean
parse_ns_sheet (JsonNode *node,
                PtNextStationState *solo)
{
  const PtStationMap *map = solo->map;
  PtNextStationPlayer *sheet = &solo->players[0];
  JsonObject *object = pt_json_get_object (node);
  JsonArray *lines;
  gboolean acted;
  guint seen = 0;

  memset (sheet->circled, PT_STATION_NONE, sizeof sheet->circled);
  if (object == NULL ||
      (lines = pt_json_get_array (json_object_get_member (object, "lines"))) == NULL ||
      json_array_get_length (lines) != PT_NS_ROUNDS ||
      !parse_ns_stations (map, json_object_get_member (object, "ends"), &sheet->ends) ||
      !pt_json_get_bool (json_object_get_member (object, "acted"), &acted) || acted)
    return FALSE;
  /* The lines come in the order they are drawn, one per round. */
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      guint colour;

      if (!parse_ns_line (map, json_array_get_element (lines, r), sheet, &colour, &seen))
        return FALSE;
      solo->colour_order[0][r] = (guint8) colour;
    }
  for (guint w = 0; w < G_N_ELEMENTS (sheet->drawn.w); w++)
    sheet->started |= sheet->line_sections[solo->colour_order[0][solo->round]].w[w] != 0;
  return TRUE;
}

static gboolean
parse_ns_options (JsonObject *object,
                  PtNextStationState *solo)
{
  JsonObject *options = pt_json_get_object (json_object_get_member (object, "options"));
  JsonObject *powers = pt_json_get_object (json_object_get_member (object, "powers"));
  JsonArray *objectives;
  gboolean powers_on;

  if (options == NULL || powers == NULL ||
      (objectives = pt_json_get_array (json_object_get_member (options, "objectives"))) == NULL ||
      json_array_get_length (objectives) > PT_NS_N_OBJECTIVES ||
      !pt_json_get_bool (json_object_get_member (options, "powers"), &powers_on))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (objectives); i++)
    {
      JsonNode *id = json_array_get_element (objectives, i);
      int objective = pt_next_station_objective_from_string (pt_json_get_string (id));

      if (objective < 0)
        return FALSE;
      solo->objectives |= (guint8) (1u << objective);
    }
  solo->powers_on = !!powers_on;
  /* The power map is {} when the powers are not in play. */
  if (json_object_get_size (powers) != (powers_on ? PT_N_LINE_COLOURS : 0))
    return FALSE;
  for (guint c = 0; powers_on && c < PT_N_LINE_COLOURS; c++)
    {
      JsonNode *name = json_object_get_member (powers, pt_line_colour_to_string (c));
      int power = pt_next_station_power_from_string (pt_json_get_string (name));

      if (power < 0)
        return FALSE;
      solo->powers[c] = (guint8) power;
    }
  return TRUE;
}

/* The round's flipped cards, then the unseen ones in canonical order; the
 * other rounds' decks canonical too (pt_ns_view_init() does the same). */
static gboolean
parse_ns_deck (JsonObject *object,
               PtNsView *view)
{
  PtNextStationState *solo = &view->solo;
  JsonArray *flipped = pt_json_get_array (json_object_get_member (object, "flipped"));
  int card = pt_next_station_card_from_string (pt_json_get_string (json_object_get_member (object, "card")));
  guint16 seen = 0;
  guint n;

  if (flipped == NULL || (n = json_array_get_length (flipped)) == 0 || n > PT_NS_N_CARDS ||
      card < 0 || card == PT_NS_CARD_S_SWITCH)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      int c = pt_next_station_card_from_string (pt_json_get_string (json_array_get_element (flipped, i)));

      if (c < 0 || (seen & (1u << c)))
        return FALSE;
      seen |= (guint16) (1u << c);
      solo->decks[solo->round][i] = (guint8) c;
    }
  /* The card in play is the last one flipped. */
  if (solo->decks[solo->round][n - 1] != card)
    return FALSE;
  solo->card = (guint8) card;
  solo->next_card = (guint8) n;
  for (guint c = 0; c < PT_NS_N_CARDS; c++)
    if (!(seen & (1u << c)))
      view->unseen[view->n_unseen++] = (guint8) c;
  memcpy (&solo->decks[solo->round][n], view->unseen, view->n_unseen);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    for (guint i = 0; r != solo->round && i < PT_NS_N_CARDS; i++)
      solo->decks[r][i] = (guint8) i;
  return TRUE;
}

static gboolean
parse_next_station_view (JsonNode *node,
                         guint player,
                         PtNsView *view,
                         GError **error)
{
  PtNextStationState *solo = &view->solo;
  JsonObject *object = pt_json_get_object (node);
  JsonArray *players;
  gboolean over, switch_flipped, switch_active;
  gint64 value;

  memset (view, 0, sizeof *view);
  if (object == NULL)
    return pt_engine_view_bad (error, "not an object");
  /* London is the only map Partida plays. */
  solo->map = pt_station_map_get_london ();
  if (g_strcmp0 (pt_json_get_string (json_object_get_member (object, "map")), solo->map->id) != 0)
    return pt_engine_view_bad (error, "map");
  if (!pt_json_get_bool (json_object_get_member (object, "over"), &over) || over)
    return pt_engine_view_bad (error, "over");
  if (!pt_engine_view_get_int_in (object, "round", 1, PT_NS_ROUNDS, &value))
    return pt_engine_view_bad (error, "round");
  solo->round = (guint8) (value - 1);
  if (!pt_engine_view_get_int_in (object, "turn", 1, PT_NS_N_CARDS, &value))
    return pt_engine_view_bad (error, "turn");
  solo->turn = (guint8) value;
  if (!pt_engine_view_get_int_in (object, "underground_flipped", 0, 5, &value))
    return pt_engine_view_bad (error, "underground_flipped");
  solo->n_underground = (guint8) value;
  if (!pt_json_get_bool (json_object_get_member (object, "switch"), &switch_flipped) ||
      !pt_json_get_bool (json_object_get_member (object, "branch_allowed"), &switch_active))
    return pt_engine_view_bad (error, "switch");
  solo->switch_flipped = !!switch_flipped;
  solo->switch_active = !!switch_active;
  if (!parse_ns_deck (object, view))
    return pt_engine_view_bad (error, "flipped and card");
  if (!parse_ns_options (object, solo))
    return pt_engine_view_bad (error, "options and powers");

  players = pt_json_get_array (json_object_get_member (object, "players"));
  if (players == NULL || player >= json_array_get_length (players) ||
      json_array_get_length (players) > PT_NS_MAX_PLAYERS)
    return pt_engine_view_bad (error, "players");
  if (!parse_ns_sheet (json_array_get_element (players, player), solo))
    return pt_engine_view_bad (error, "the player's sheet");
  solo->n_players = 1;
  view->player = (guint8) player;
  return TRUE;
}

gpointer
pt_engine_view_next_station_snapshot (JsonNode *view,
                                      guint player,
                                      guint move_number,
                                      GError **error)
{
  g_autofree PtNsView *snapshot = g_new0 (PtNsView, 1);

  if (!parse_next_station_view (view, player, snapshot, error))
    return NULL;
  return g_steal_pointer (&snapshot);
}
