/* pt-engine-view.c — Partida's own bots playing from a protocol view; see
 * the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-bot-strategy.h"
#include "pt-engine-view.h"
#include "pt-lost-cities-score.h"
#include "pt-lost-cities-view.h"
#include "pt-next-station-search.h"
#include "pt-record.h"
#include "pt-rng.h"
#include "pt-wagons-json.h"
#include "pt-wagons-state.h"

typedef gpointer (*SnapshotFromView) (JsonNode  *view,
                                      guint      player,
                                      guint      move_number,
                                      GError   **error);

typedef struct
{
  const char             *game_id;
  const PtBotStrategy    *strategy;
  SnapshotFromView        snapshot_from_view;
} Adapter;

/* REGISTRATION POINT: one line per game whose bot can play from a view. */
static const Adapter adapters[] = {
  { "lost-cities", &pt_lost_cities_bot_strategy, pt_engine_view_lost_cities_snapshot },
  { "circle-the-wagons", &pt_circle_the_wagons_bot_strategy, pt_engine_view_wagons_snapshot },
  { "next-station-london", &pt_next_station_bot_strategy, pt_engine_view_next_station_snapshot },
};

static const Adapter *
lookup_adapter (const char *game_id)
{
  for (gsize i = 0; i < G_N_ELEMENTS (adapters); i++)
    if (g_strcmp0 (adapters[i].game_id, game_id) == 0)
      return &adapters[i];
  return NULL;
}

gboolean
pt_engine_view_supports (const char *game_id,
                         PtBotLevel  level)
{
  const Adapter *adapter;

  if (level == PT_BOT_LEVEL_RANDOM)
    return pt_bot_supports (game_id, level);
  adapter = lookup_adapter (game_id);
  return adapter != NULL && (adapter->strategy->levels & (1u << level)) != 0;
}

static gboolean
bad_view (GError     **error,
          const char  *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: %s names the part of the view */
               _("The view is not valid: %s"), what);
  return FALSE;
}

/* ---- Lost Cities ------------------------------------------------------ */

static void
sort_cards (PtLostCitiesCard *cards,
            guint             n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && cards[j - 1] > cards[j]; j--)
      {
        PtLostCitiesCard card = cards[j];

        cards[j] = cards[j - 1];
        cards[j - 1] = card;
      }
}

/* A JSON array of card codes → sorted cards; FALSE if malformed. */
static gboolean
parse_cards (JsonNode         *node,
             guint             n_colors,
             guint             max,
             PtLostCitiesCard *cards,
             guint8           *n_cards)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) > max)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *code = json_array_get_element (array, i);

      if (json_node_get_value_type (code) != G_TYPE_STRING ||
          !pt_lost_cities_card_from_code (json_node_get_string (code), n_colors, &cards[i]))
        return FALSE;
    }
  *n_cards = (guint8) json_array_get_length (array);
  sort_cards (cards, *n_cards);
  return TRUE;
}

static gboolean
get_uint (JsonObject *object,
          const char *member,
          guint       max,
          guint      *out)
{
  gint64 value;

  if (!pt_json_get_int (json_object_get_member (object, member), &value) ||
      value < 0 || value > max)
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

static gboolean
parse_lost_cities_view (JsonNode          *node,
                        guint              player,
                        guint              move_number,
                        PtLostCitiesView  *view,
                        GError           **error)
{
  JsonObject *object, *discards;
  JsonNode *member;
  JsonArray *known, *counts, *expeditions;
  guint value, opponent = player ^ 1u, n_colors;

  memset (view, 0, sizeof *view);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) || player > 1)
    return bad_view (error, "not an object");
  object = json_node_get_object (node);

  member = json_object_get_member (object, "options");
  if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member) ||
      !pt_lost_cities_options_parse (json_node_get_object (member), &view->options, NULL))
    return bad_view (error, "options");
  n_colors = view->options.n_colors;
  view->player = (guint8) player;
  if (!get_uint (object, "player", 1, &value) || value != player)
    return bad_view (error, "player");
  if (!get_uint (object, "current_player", 1, &value))
    return bad_view (error, "current_player");
  view->current = (guint8) value;
  view->over = json_object_get_boolean_member_with_default (object, "over", FALSE);
  if (!get_uint (object, "deck_count", PT_LOST_CITIES_MAX_DECK, &value))
    return bad_view (error, "deck_count");
  view->deck_count = (guint8) value;
  /* A Lost Cities game is one round and every move one turn. */
  view->n_turns = (guint16) MIN (move_number, G_MAXUINT16);

  if (!parse_cards (json_object_get_member (object, "hand"), n_colors, PT_LOST_CITIES_HAND_SIZE,
                    view->hand, &view->hand_len))
    return bad_view (error, "hand");

  member = json_object_get_member (object, "hand_counts");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) ||
      json_array_get_length (counts = json_node_get_array (member)) != 2 ||
      json_array_get_int_element (counts, opponent) < 0 ||
      json_array_get_int_element (counts, opponent) > PT_LOST_CITIES_HAND_SIZE)
    return bad_view (error, "hand_counts");
  view->opponent_hand_len = (guint8) json_array_get_int_element (counts, opponent);

  member = json_object_get_member (object, "known_cards");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) ||
      json_array_get_length (known = json_node_get_array (member)) != 2 ||
      !parse_cards (json_array_get_element (known, player), n_colors, PT_LOST_CITIES_HAND_SIZE,
                    view->hand_known, &view->hand_known_len) ||
      !parse_cards (json_array_get_element (known, opponent), n_colors, PT_LOST_CITIES_HAND_SIZE,
                    view->opponent_known, &view->opponent_known_len))
    return bad_view (error, "known_cards");

  member = json_object_get_member (object, "discards");
  if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member))
    return bad_view (error, "discards");
  discards = json_node_get_object (member);
  for (guint c = 0; c < n_colors; c++)
    {
      char letter[2] = { pt_lost_cities_color_letters[c], '\0' };
      JsonNode *pile = json_object_get_member (discards, letter);
      JsonArray *cards;

      if (pile == NULL || !JSON_NODE_HOLDS_ARRAY (pile) ||
          json_array_get_length (cards = json_node_get_array (pile)) > PT_LOST_CITIES_COLOR_CARDS)
        return bad_view (error, "discards");
      /* Bottom first, in play order: not sorted. */
      for (guint i = 0; i < json_array_get_length (cards); i++)
        {
          JsonNode *code = json_array_get_element (cards, i);
          PtLostCitiesCard card;

          if (json_node_get_value_type (code) != G_TYPE_STRING ||
              !pt_lost_cities_card_from_code (json_node_get_string (code), n_colors, &card) ||
              PT_LOST_CITIES_CARD_COLOR (card) != c)
            return bad_view (error, "discards");
          view->pile[c][i] = (guint8) PT_LOST_CITIES_CARD_KIND (card);
        }
      view->pile_len[c] = (guint8) json_array_get_length (cards);
    }

  member = json_object_get_member (object, "expeditions");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) ||
      json_array_get_length (expeditions = json_node_get_array (member)) != 2)
    return bad_view (error, "expeditions");
  for (guint p = 0; p < 2; p++)
    {
      JsonNode *side = json_array_get_element (expeditions, p);

      if (!JSON_NODE_HOLDS_OBJECT (side))
        return bad_view (error, "expeditions");
      for (guint c = 0; c < n_colors; c++)
        {
          char letter[2] = { pt_lost_cities_color_letters[c], '\0' };
          JsonNode *expedition = json_object_get_member (json_node_get_object (side), letter);
          JsonNode *cards;
          guint wagers;

          if (expedition == NULL || !JSON_NODE_HOLDS_OBJECT (expedition) ||
              !get_uint (json_node_get_object (expedition), "wagers", PT_LOST_CITIES_N_WAGERS, &wagers))
            return bad_view (error, "expeditions");
          view->wagers[p][c] = (guint8) wagers;
          cards = json_object_get_member (json_node_get_object (expedition), "cards");
          if (cards == NULL || !JSON_NODE_HOLDS_ARRAY (cards))
            return bad_view (error, "expeditions");
          for (guint i = 0; i < json_array_get_length (json_node_get_array (cards)); i++)
            {
              JsonNode *number = json_array_get_element (json_node_get_array (cards), i);
              gint64 v;

              if (json_node_get_value_type (number) != G_TYPE_INT64 ||
                  (v = json_node_get_int (number)) < PT_LOST_CITIES_MIN_VALUE ||
                  v > PT_LOST_CITIES_MAX_VALUE)
                return bad_view (error, "expeditions");
              view->values[p][c] |= (guint16) (1u << v);
            }
        }
    }
  return TRUE;
}

gpointer
pt_engine_view_lost_cities_snapshot (JsonNode  *view,
                                     guint      player,
                                     guint      move_number,
                                     GError   **error)
{
  g_autofree PtLostCitiesView *snapshot = g_new0 (PtLostCitiesView, 1);

  if (!parse_lost_cities_view (view, player, move_number, snapshot, error))
    return NULL;
  return g_steal_pointer (&snapshot);
}

/* ---- Circle the Wagons ------------------------------------------------- */

/* Everything in Circle the Wagons is public and the view lists all of it,
 * so the bots' snapshot (the whole PtWagonsState) is rebuilt exactly, but
 * for two pieces of bookkeeping that no move depends on: the cards of the
 * current take already placed are dropped from `pending` (pending_head is
 * 0 in the copy), and the stale entries past it are zero. */

static gboolean
parse_wagons_card (JsonNode *node,
                   guint8   *card)
{
  int index = pt_wagons_card_from_id (pt_json_get_string (node));

  if (index < 0)
    return FALSE;
  *card = (guint8) index;
  return TRUE;
}

static gboolean
get_int_in (JsonObject *object,
            const char *member,
            gint64      min,
            gint64      max,
            gint64     *out)
{
  return pt_json_get_int (json_object_get_member (object, member), out) &&
         *out >= min && *out <= max;
}

/* Replays one town's placements in order (each legal where it went, each
 * card once over the whole game: @used), then checks that the cells the
 * view shows are exactly the ones that gives. */
static gboolean
parse_wagons_town (JsonNode     *node,
                   PtWagonsTown *town,
                   guint32      *used)
{
  JsonObject *object = pt_json_get_object (node);
  JsonArray *placements, *cells;

  if (object == NULL ||
      (placements = pt_json_get_array (json_object_get_member (object, "placements"))) == NULL ||
      (cells = pt_json_get_array (json_object_get_member (object, "cells"))) == NULL ||
      json_array_get_length (placements) > PT_WAGONS_N_CIRCLE)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (placements); i++)
    {
      JsonObject *p = pt_json_get_object (json_array_get_element (placements, i));
      gint64 x, y, rot;
      guint8 card;

      if (p == NULL || !parse_wagons_card (json_object_get_member (p, "card"), &card) ||
          (*used & (1u << card)) ||
          !get_int_in (p, "x", -PT_WAGONS_TOWN_MAX_SPAN, PT_WAGONS_TOWN_MAX_SPAN, &x) ||
          !get_int_in (p, "y", -PT_WAGONS_TOWN_MAX_SPAN, PT_WAGONS_TOWN_MAX_SPAN, &y) ||
          !get_int_in (p, "rot", 0, 180, &rot) || (rot != 0 && rot != 180) ||
          pt_wagons_town_check_anchor (town, x, y) != PT_WAGONS_PLACE_OK)
        return FALSE;
      pt_wagons_town_place (town, card, (int) x, (int) y, rot == 180);
      *used |= 1u << card;
    }

  if (json_array_get_length (cells) != pt_wagons_town_count_cells (town))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonObject *c = pt_json_get_object (json_array_get_element (cells, i));
      gint64 x, y;
      int terrain, symbol;

      if (c == NULL ||
          !get_int_in (c, "x", -2 * PT_WAGONS_TOWN_MAX_SPAN, 2 * PT_WAGONS_TOWN_MAX_SPAN, &x) ||
          !get_int_in (c, "y", -2 * PT_WAGONS_TOWN_MAX_SPAN, 2 * PT_WAGONS_TOWN_MAX_SPAN, &y))
        return FALSE;
      terrain = pt_wagons_terrain_from_id (pt_json_get_string (json_object_get_member (c, "terrain")));
      symbol = pt_wagons_symbol_from_id (pt_json_get_string (json_object_get_member (c, "symbol")));
      if (terrain < 0 || symbol < 0 ||
          pt_wagons_town_get_cell (town, (int) x, (int) y) !=
          pt_wagons_cell_make ((guint) terrain, (guint) symbol))
        return FALSE;
    }
  return TRUE;
}

/* The bonus cards and the circle: 18 distinct cards. */
static gboolean
parse_wagons_deal (JsonObject *object,
                   guint8      bonus[PT_WAGONS_N_BONUS],
                   guint8      circle[PT_WAGONS_N_CIRCLE])
{
  JsonArray *bonus_array = pt_json_get_array (json_object_get_member (object, "bonus"));
  JsonArray *circle_array = pt_json_get_array (json_object_get_member (object, "circle"));
  guint32 seen = 0;

  if (bonus_array == NULL || json_array_get_length (bonus_array) != PT_WAGONS_N_BONUS ||
      circle_array == NULL || json_array_get_length (circle_array) != PT_WAGONS_N_CIRCLE)
    return FALSE;
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      JsonObject *b = pt_json_get_object (json_array_get_element (bonus_array, i));

      if (b == NULL || !parse_wagons_card (json_object_get_member (b, "card"), &bonus[i]) ||
          (seen & (1u << bonus[i])))
        return FALSE;
      seen |= 1u << bonus[i];
    }
  for (guint i = 0; i < PT_WAGONS_N_CIRCLE; i++)
    {
      if (!parse_wagons_card (json_array_get_element (circle_array, i), &circle[i]) ||
          (seen & (1u << circle[i])))
        return FALSE;
      seen |= 1u << circle[i];
    }
  return TRUE;
}

/* The start card and the queue, which is the tail of the arc from it. */
static gboolean
parse_wagons_queue (JsonObject    *object,
                    PtWagonsState *state)
{
  JsonNode *start = json_object_get_member (object, "start");
  JsonArray *queue = pt_json_get_array (json_object_get_member (object, "queue"));
  guint8 card;
  guint n;

  if (start == NULL || queue == NULL || (n = json_array_get_length (queue)) > PT_WAGONS_N_CIRCLE)
    return FALSE;
  if (JSON_NODE_HOLDS_NULL (start))
    return n == 0;
  if (!parse_wagons_card (start, &card))
    return FALSE;
  state->started = TRUE;
  for (guint i = 0; i < PT_WAGONS_N_CIRCLE; i++)
    if (state->circle[i] == card)
      state->start = (guint8) i;
  if (state->circle[state->start] != card)
    return FALSE;
  state->head = (guint8) (PT_WAGONS_N_CIRCLE - n);
  for (guint i = 0; i < n; i++)
    if (!parse_wagons_card (json_array_get_element (queue, i), &card) ||
        card != state->circle[(state->start + state->head + i) % PT_WAGONS_N_CIRCLE])
      return FALSE;
  return TRUE;
}

static gboolean
parse_wagons_pending (JsonObject    *object,
                      PtWagonsState *state,
                      guint32       *used)
{
  JsonArray *pending = pt_json_get_array (json_object_get_member (object, "pending"));

  if (pending == NULL || json_array_get_length (pending) > PT_WAGONS_N_CIRCLE)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (pending); i++)
    {
      JsonObject *p = pt_json_get_object (json_array_get_element (pending, i));
      gint64 player;
      guint8 card;

      if (p == NULL || !parse_wagons_card (json_object_get_member (p, "card"), &card) ||
          (*used & (1u << card)) || !get_int_in (p, "player", 0, 1, &player))
        return FALSE;
      state->pending_card[i] = card;
      state->pending_player[i] = (guint8) player;
      state->received[player]++;
      *used |= 1u << card;
    }
  state->n_pending = (guint8) json_array_get_length (pending);
  return TRUE;
}

static gboolean
parse_wagons_view (JsonNode       *node,
                   guint           player,
                   PtWagonsState  *state,
                   GError        **error)
{
  JsonObject *object = pt_json_get_object (node);
  JsonArray *towns;
  guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
  guint32 used = 0, out_of_queue = 0;
  gint64 first_player, current;

  memset (state, 0, sizeof *state);
  if (object == NULL || player > 1)
    return bad_view (error, "not an object");
  if (!parse_wagons_deal (object, bonus, circle))
    return bad_view (error, "bonus and circle");
  if (!get_int_in (object, "first_player", 0, 1, &first_player))
    return bad_view (error, "first_player");
  pt_wagons_state_init (state, bonus, circle, (guint) first_player);
  if (!parse_wagons_queue (object, state))
    return bad_view (error, "start and queue");
  towns = pt_json_get_array (json_object_get_member (object, "towns"));
  if (towns == NULL || json_array_get_length (towns) != 2)
    return bad_view (error, "towns");
  for (guint p = 0; p < 2; p++)
    {
      if (!parse_wagons_town (json_array_get_element (towns, p), &state->towns[p], &used))
        return bad_view (error, "towns");
      state->received[p] = state->towns[p].n_placements;
    }
  if (!parse_wagons_pending (object, state, &used))
    return bad_view (error, "pending");

  /* Every card taken or given away is placed or waiting to be. */
  for (guint pos = 0; state->started && pos < state->head; pos++)
    out_of_queue |= 1u << state->circle[(state->start + pos) % PT_WAGONS_N_CIRCLE];
  if (used != out_of_queue)
    return bad_view (error, "the towns and pending cards are not the cards out of the queue");

  /* Whose take is next is not in the view, but follows from it: takes
   * alternate, and the card taken last (the one before the queue) went to
   * the town of the player who took it. */
  if (state->head > 0)
    {
      guint8 last = state->circle[(state->start + state->head - 1) % PT_WAGONS_N_CIRCLE];
      guint owner = 0;

      for (guint p = 0; p < 2; p++)
        for (guint i = 0; i < state->towns[p].n_placements; i++)
          if (state->towns[p].placements[i].card == last)
            owner = p;
      for (guint i = 0; i < state->n_pending; i++)
        if (state->pending_card[i] == last)
          owner = state->pending_player[i];
      state->taker = (guint8) (1 - owner);
    }

  if (!get_int_in (object, "current_player", -1, 1, &current) ||
      current != pt_wagons_state_get_current_player (state))
    return bad_view (error, "current_player");
  if (current != (gint64) player)
    return bad_view (error, "it is not this player's turn");
  return TRUE;
}

gpointer
pt_engine_view_wagons_snapshot (JsonNode  *view,
                                guint      player,
                                guint      move_number,
                                GError   **error)
{
  g_autofree PtWagonsState *snapshot = g_new0 (PtWagonsState, 1);

  if (!parse_wagons_view (view, player, snapshot, error))
    return NULL;
  return g_steal_pointer (&snapshot);
}

/* ---- Next Station: London ---------------------------------------------- */

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
                  JsonNode           *node,
                  guint              *station)
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
                   JsonNode           *node,
                   guint64            *stations)
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
parse_ns_line (const PtStationMap  *map,
               JsonNode            *node,
               PtNextStationPlayer *sheet,
               guint               *colour,
               guint               *seen)
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
parse_ns_sheet (JsonNode           *node,
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
parse_ns_options (JsonObject         *object,
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
               PtNsView   *view)
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
parse_next_station_view (JsonNode  *node,
                         guint      player,
                         PtNsView  *view,
                         GError   **error)
{
  PtNextStationState *solo = &view->solo;
  JsonObject *object = pt_json_get_object (node);
  JsonArray *players;
  gboolean over, switch_flipped, switch_active;
  gint64 value;

  memset (view, 0, sizeof *view);
  if (object == NULL)
    return bad_view (error, "not an object");
  /* London is the only map Partida plays. */
  solo->map = pt_station_map_get_london ();
  if (g_strcmp0 (pt_json_get_string (json_object_get_member (object, "map")), solo->map->id) != 0)
    return bad_view (error, "map");
  if (!pt_json_get_bool (json_object_get_member (object, "over"), &over) || over)
    return bad_view (error, "over");
  if (!get_int_in (object, "round", 1, PT_NS_ROUNDS, &value))
    return bad_view (error, "round");
  solo->round = (guint8) (value - 1);
  if (!get_int_in (object, "turn", 1, PT_NS_N_CARDS, &value))
    return bad_view (error, "turn");
  solo->turn = (guint8) value;
  if (!get_int_in (object, "underground_flipped", 0, 5, &value))
    return bad_view (error, "underground_flipped");
  solo->n_underground = (guint8) value;
  if (!pt_json_get_bool (json_object_get_member (object, "switch"), &switch_flipped) ||
      !pt_json_get_bool (json_object_get_member (object, "branch_allowed"), &switch_active))
    return bad_view (error, "switch");
  solo->switch_flipped = !!switch_flipped;
  solo->switch_active = !!switch_active;
  if (!parse_ns_deck (object, view))
    return bad_view (error, "flipped and card");
  if (!parse_ns_options (object, solo))
    return bad_view (error, "options and powers");

  players = pt_json_get_array (json_object_get_member (object, "players"));
  if (players == NULL || player >= json_array_get_length (players) ||
      json_array_get_length (players) > PT_NS_MAX_PLAYERS)
    return bad_view (error, "players");
  if (!parse_ns_sheet (json_array_get_element (players, player), solo))
    return bad_view (error, "the player's sheet");
  solo->n_players = 1;
  view->player = (guint8) player;
  return TRUE;
}

gpointer
pt_engine_view_next_station_snapshot (JsonNode  *view,
                                      guint      player,
                                      guint      move_number,
                                      GError   **error)
{
  g_autofree PtNsView *snapshot = g_new0 (PtNsView, 1);

  if (!parse_next_station_view (view, player, snapshot, error))
    return NULL;
  return g_steal_pointer (&snapshot);
}

/* ---- choosing --------------------------------------------------------- */

static gboolean
is_legal (JsonNode *legal,
          JsonNode *move)
{
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    if (json_node_equal (json_array_get_element (moves, i), move))
      return TRUE;
  return FALSE;
}

JsonNode *
pt_engine_view_choose (const char  *game_id,
                       PtBotLevel   level,
                       guint64      seed,
                       guint        player,
                       JsonNode    *view,
                       JsonNode    *legal,
                       guint        move_number,
                       gint64       deadline,
                       GError     **error)
{
  return pt_engine_view_choose_full (game_id, level, seed, player, view, legal, move_number,
                                     deadline, NULL, error);
}

JsonNode *
pt_engine_view_choose_full (const char  *game_id,
                            PtBotLevel   level,
                            guint64      seed,
                            guint        player,
                            JsonNode    *view,
                            JsonNode    *legal,
                            guint        move_number,
                            gint64       deadline,
                            char       **reason,
                            GError     **error)
{
  const Adapter *adapter;
  PtBotRequest request = { level, seed, deadline };
  g_autofree char *why = NULL;
  gpointer snapshot;
  JsonNode *move;

  if (reason != NULL)
    *reason = NULL;

  if (legal == NULL || !JSON_NODE_HOLDS_ARRAY (legal) ||
      json_array_get_length (json_node_get_array (legal)) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("There is no legal move"));
      return NULL;
    }
  if (level == PT_BOT_LEVEL_RANDOM)
    {
      JsonArray *moves = json_node_get_array (legal);
      PtRng rng;

      pt_rng_init (&rng, seed);
      return json_node_copy (json_array_get_element (moves,
                                                     pt_rng_below (&rng, json_array_get_length (moves))));
    }

  adapter = lookup_adapter (game_id);
  if (adapter == NULL || !pt_engine_view_supports (game_id, level))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("There is no “%s” computer player for %s"), pt_bot_level_to_id (level), game_id);
      return NULL;
    }
  snapshot = adapter->snapshot_from_view (view, player, move_number, error);
  if (snapshot == NULL)
    return NULL;
  move = adapter->strategy->choose (snapshot, &request, &why, NULL, error);
  adapter->strategy->snapshot_free (snapshot);
  /* The view came from outside: never answer something the other side
   * did not list (it would forfeit the game). */
  if (move != NULL && !is_legal (legal, move))
    {
      g_autofree char *text = json_to_string (move, FALSE);

      json_node_unref (move);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the bot chose %s, which is not in the legal list", text);
      return NULL;
    }
  if (move != NULL && reason != NULL)
    *reason = g_steal_pointer (&why);
  return move;
}
