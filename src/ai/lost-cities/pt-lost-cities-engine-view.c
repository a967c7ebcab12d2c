/* pt-lost-cities-engine-view.c — the Lost Cities bot playing from a protocol view:
 * the view JSON maps one to one onto PtLostCitiesView (see pt-engine-view.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-lost-cities-engine-view.h"
#include "pt-engine-view-private.h"
#include "pt-lost-cities-score.h"
#include "pt-lost-cities-view.h"
#include "pt-record.h"

static void
sort_cards (PtLostCitiesCard *cards,
            guint n)
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
parse_cards (JsonNode *node,
             guint n_colors,
             guint max,
             PtLostCitiesCard *cards,
             guint8 *n_cards)
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
          guint max,
          guint *out)
{
  gint64 value;

  if (!pt_json_get_int (json_object_get_member (object, member), &value) ||
      value < 0 || value > max)
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

static gboolean
parse_lost_cities_view (JsonNode *node,
                        guint player,
                        guint move_number,
                        PtLostCitiesView *view,
                        GError **error)
{
  JsonObject *object, *discards;
  JsonNode *member;
  JsonArray *known, *counts, *expeditions;
  guint value, opponent = player ^ 1u, n_colors;

  memset (view, 0, sizeof *view);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) || player > 1)
    return pt_engine_view_bad (error, "not an object");
  object = json_node_get_object (node);

  member = json_object_get_member (object, "options");
  if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member) ||
      !pt_lost_cities_options_parse (json_node_get_object (member), &view->options, NULL))
    return pt_engine_view_bad (error, "options");
  n_colors = view->options.n_colors;
  view->player = (guint8) player;
  if (!get_uint (object, "player", 1, &value) || value != player)
    return pt_engine_view_bad (error, "player");
  if (!get_uint (object, "current_player", 1, &value))
    return pt_engine_view_bad (error, "current_player");
  view->current = (guint8) value;
  view->over = json_object_get_boolean_member_with_default (object, "over", FALSE);
  if (!get_uint (object, "deck_count", PT_LOST_CITIES_MAX_DECK, &value))
    return pt_engine_view_bad (error, "deck_count");
  view->deck_count = (guint8) value;
  /* A Lost Cities game is one round and every move one turn. */
  view->n_turns = (guint16) MIN (move_number, G_MAXUINT16);

  if (!parse_cards (json_object_get_member (object, "hand"), n_colors, PT_LOST_CITIES_HAND_SIZE,
                    view->hand, &view->hand_len))
    return pt_engine_view_bad (error, "hand");

  member = json_object_get_member (object, "hand_counts");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) ||
      json_array_get_length (counts = json_node_get_array (member)) != 2 ||
      json_array_get_int_element (counts, opponent) < 0 ||
      json_array_get_int_element (counts, opponent) > PT_LOST_CITIES_HAND_SIZE)
    return pt_engine_view_bad (error, "hand_counts");
  view->opponent_hand_len = (guint8) json_array_get_int_element (counts, opponent);

  member = json_object_get_member (object, "known_cards");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) ||
      json_array_get_length (known = json_node_get_array (member)) != 2 ||
      !parse_cards (json_array_get_element (known, player), n_colors, PT_LOST_CITIES_HAND_SIZE,
                    view->hand_known, &view->hand_known_len) ||
      !parse_cards (json_array_get_element (known, opponent), n_colors, PT_LOST_CITIES_HAND_SIZE,
                    view->opponent_known, &view->opponent_known_len))
    return pt_engine_view_bad (error, "known_cards");

  member = json_object_get_member (object, "discards");
  if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member))
    return pt_engine_view_bad (error, "discards");
  discards = json_node_get_object (member);
  for (guint c = 0; c < n_colors; c++)
    {
      char letter[2] = { pt_lost_cities_color_letters[c], '\0' };
      JsonNode *pile = json_object_get_member (discards, letter);
      JsonArray *cards;

      if (pile == NULL || !JSON_NODE_HOLDS_ARRAY (pile) ||
          json_array_get_length (cards = json_node_get_array (pile)) > PT_LOST_CITIES_COLOR_CARDS)
        return pt_engine_view_bad (error, "discards");
      /* Bottom first, in play order: not sorted. */
      for (guint i = 0; i < json_array_get_length (cards); i++)
        {
          JsonNode *code = json_array_get_element (cards, i);
          PtLostCitiesCard card;

          if (json_node_get_value_type (code) != G_TYPE_STRING ||
              !pt_lost_cities_card_from_code (json_node_get_string (code), n_colors, &card) ||
              PT_LOST_CITIES_CARD_COLOR (card) != c)
            return pt_engine_view_bad (error, "discards");
          view->pile[c][i] = (guint8) PT_LOST_CITIES_CARD_KIND (card);
        }
      view->pile_len[c] = (guint8) json_array_get_length (cards);
    }

  member = json_object_get_member (object, "expeditions");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) ||
      json_array_get_length (expeditions = json_node_get_array (member)) != 2)
    return pt_engine_view_bad (error, "expeditions");
  for (guint p = 0; p < 2; p++)
    {
      JsonNode *side = json_array_get_element (expeditions, p);

      if (!JSON_NODE_HOLDS_OBJECT (side))
        return pt_engine_view_bad (error, "expeditions");
      for (guint c = 0; c < n_colors; c++)
        {
          char letter[2] = { pt_lost_cities_color_letters[c], '\0' };
          JsonNode *expedition = json_object_get_member (json_node_get_object (side), letter);
          JsonNode *cards;
          guint wagers;

          if (expedition == NULL || !JSON_NODE_HOLDS_OBJECT (expedition) ||
              !get_uint (json_node_get_object (expedition), "wagers", PT_LOST_CITIES_N_WAGERS, &wagers))
            return pt_engine_view_bad (error, "expeditions");
          view->wagers[p][c] = (guint8) wagers;
          cards = json_object_get_member (json_node_get_object (expedition), "cards");
          if (cards == NULL || !JSON_NODE_HOLDS_ARRAY (cards))
            return pt_engine_view_bad (error, "expeditions");
          for (guint i = 0; i < json_array_get_length (json_node_get_array (cards)); i++)
            {
              JsonNode *number = json_array_get_element (json_node_get_array (cards), i);
              gint64 v;

              if (json_node_get_value_type (number) != G_TYPE_INT64 ||
                  (v = json_node_get_int (number)) < PT_LOST_CITIES_MIN_VALUE ||
                  v > PT_LOST_CITIES_MAX_VALUE)
                return pt_engine_view_bad (error, "expeditions");
              view->values[p][c] |= (guint16) (1u << v);
            }
        }
    }
  return TRUE;
}

gpointer
pt_engine_view_lost_cities_snapshot (JsonNode *view,
                                     guint player,
                                     guint move_number,
                                     GError **error)
{
  g_autofree PtLostCitiesView *snapshot = g_new0 (PtLostCitiesView, 1);

  if (!parse_lost_cities_view (view, player, move_number, snapshot, error))
    return NULL;
  return g_steal_pointer (&snapshot);
}
