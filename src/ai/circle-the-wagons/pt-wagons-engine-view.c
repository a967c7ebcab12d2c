/* pt-wagons-engine-view.c — the Circle the Wagons bot playing from a protocol
 * view: nothing is hidden, the whole PtWagonsState is rebuilt (see
 * pt-engine-view.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-wagons-engine-view.h"
#include "pt-engine-view-private.h"
#include "pt-record.h"
#include "pt-wagons-json.h"
#include "pt-wagons-state.h"

/* Everything in Circle the Wagons is public and the view lists all of it,
 * so the bots' snapshot (the whole PtWagonsState) is rebuilt exactly, but
 * for two pieces of bookkeeping that no move depends on: the cards of the
 * current take already placed are dropped from `pending` (pending_head is
 * 0 in the copy), and the stale entries past it are zero. */

static gboolean
parse_wagons_card (JsonNode *node,
                   guint8 *card)
{
  int index = pt_wagons_card_from_id (pt_json_get_string (node));

  if (index < 0)
    return FALSE;
  *card = (guint8) index;
  return TRUE;
}

/* Replays one town's placements in order (each legal where it went, each
 * card once over the whole game: @used), then checks that the cells the
 * view shows are exactly the ones that gives. */
static gboolean
parse_wagons_town (JsonNode *node,
                   PtWagonsTown *town,
                   guint32 *used)
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
          !pt_engine_view_get_int_in (p, "x", -PT_WAGONS_TOWN_MAX_SPAN, PT_WAGONS_TOWN_MAX_SPAN, &x) ||
          !pt_engine_view_get_int_in (p, "y", -PT_WAGONS_TOWN_MAX_SPAN, PT_WAGONS_TOWN_MAX_SPAN, &y) ||
          !pt_engine_view_get_int_in (p, "rot", 0, 180, &rot) || (rot != 0 && rot != 180) ||
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
          !pt_engine_view_get_int_in (c, "x", -2 * PT_WAGONS_TOWN_MAX_SPAN, 2 * PT_WAGONS_TOWN_MAX_SPAN, &x) ||
          !pt_engine_view_get_int_in (c, "y", -2 * PT_WAGONS_TOWN_MAX_SPAN, 2 * PT_WAGONS_TOWN_MAX_SPAN, &y))
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
                   guint8 bonus[PT_WAGONS_N_BONUS],
                   guint8 circle[PT_WAGONS_N_CIRCLE])
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
parse_wagons_queue (JsonObject *object,
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
parse_wagons_pending (JsonObject *object,
                      PtWagonsState *state,
                      guint32 *used)
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
          (*used & (1u << card)) || !pt_engine_view_get_int_in (p, "player", 0, 1, &player))
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
parse_wagons_view (JsonNode *node,
                   guint player,
                   PtWagonsState *state,
                   GError **error)
{
  JsonObject *object = pt_json_get_object (node);
  JsonArray *towns;
  guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
  guint32 used = 0, out_of_queue = 0;
  gint64 first_player, current;

  memset (state, 0, sizeof *state);
  if (object == NULL || player > 1)
    return pt_engine_view_bad (error, "not an object");
  if (!parse_wagons_deal (object, bonus, circle))
    return pt_engine_view_bad (error, "bonus and circle");
  if (!pt_engine_view_get_int_in (object, "first_player", 0, 1, &first_player))
    return pt_engine_view_bad (error, "first_player");
  pt_wagons_state_init (state, bonus, circle, (guint) first_player);
  if (!parse_wagons_queue (object, state))
    return pt_engine_view_bad (error, "start and queue");
  towns = pt_json_get_array (json_object_get_member (object, "towns"));
  if (towns == NULL || json_array_get_length (towns) != 2)
    return pt_engine_view_bad (error, "towns");
  for (guint p = 0; p < 2; p++)
    {
      if (!parse_wagons_town (json_array_get_element (towns, p), &state->towns[p], &used))
        return pt_engine_view_bad (error, "towns");
      state->received[p] = state->towns[p].n_placements;
    }
  if (!parse_wagons_pending (object, state, &used))
    return pt_engine_view_bad (error, "pending");

  /* Every card taken or given away is placed or waiting to be. */
  for (guint pos = 0; state->started && pos < state->head; pos++)
    out_of_queue |= 1u << state->circle[(state->start + pos) % PT_WAGONS_N_CIRCLE];
  if (used != out_of_queue)
    return pt_engine_view_bad (error, "the towns and pending cards are not the cards out of the queue");

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

  if (!pt_engine_view_get_int_in (object, "current_player", -1, 1, &current) ||
      current != pt_wagons_state_get_current_player (state))
    return pt_engine_view_bad (error, "current_player");
  if (current != (gint64) player)
    return pt_engine_view_bad (error, "it is not this player's turn");
  return TRUE;
}

gpointer
pt_engine_view_wagons_snapshot (JsonNode *view,
                                guint player,
                                guint move_number,
                                GError **error)
{
  g_autofree PtWagonsState *snapshot = g_new0 (PtWagonsState, 1);

  if (!parse_wagons_view (view, player, snapshot, error))
    return NULL;
  return g_steal_pointer (&snapshot);
}
