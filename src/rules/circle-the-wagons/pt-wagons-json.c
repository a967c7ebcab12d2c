/* pt-wagons-json.c — moves, towns and breakdowns as JSON; see pt-wagons-json.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

/* PRId64 rather than G_GINT64_FORMAT inside _(): xgettext only understands
 * the <inttypes.h> macros and would cut the message at G_GINT64_FORMAT. */
#include <inttypes.h>
#include <glib/gi18n-lib.h>

#include "pt-game.h"
#include "pt-record.h"
#include "pt-wagons-json.h"

/* Coordinates this far out touch nothing; clamping keeps them in gint32. */
#define FAR_AWAY 1000000

static gboolean
card_member (JsonObject *object,
             const char *member,
             guint8 *card,
             GError **error)
{
  const char *id = pt_json_get_string (json_object_get_member (object, member));
  int index;

  if (id == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("“%s” must name a card as a string"), member);
      return FALSE;
    }
  index = pt_wagons_card_from_id (id);
  if (index < 0)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("“%s” is not a card"), id);
      return FALSE;
    }
  *card = (guint8) index;
  return TRUE;
}

static gboolean
int_member (JsonObject *object,
            const char *member,
            gint64 *value,
            GError **error)
{
  if (!pt_json_get_int (json_object_get_member (object, member), value))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("A placement needs “%s” as an integer"), member);
      return FALSE;
    }
  return TRUE;
}

gboolean
pt_wagons_move_from_json (JsonNode *node,
                          PtWagonsMove *move,
                          GError **error)
{
  static const char *const start_members[] = { "start", NULL };
  static const char *const take_members[] = { "take", NULL };
  static const char *const place_members[] = { "place", "x", "y", "rot", NULL };
  JsonObject *object = pt_json_get_object (node);
  const char *const *allowed;
  const char *unknown = NULL;
  const char *kind_member;
  int kinds = 0;
  gint64 x, y, rot;

  if (object == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("A move must be a JSON object"));
      return FALSE;
    }
  kinds = json_object_has_member (object, "start") +
          json_object_has_member (object, "take") +
          json_object_has_member (object, "place");
  if (kinds != 1)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("A move does exactly one thing: names the starting card, takes a card or places one"));
      return FALSE;
    }
  if (json_object_has_member (object, "start"))
    {
      move->kind = PT_WAGONS_MOVE_START;
      allowed = start_members;
      kind_member = "start";
    }
  else if (json_object_has_member (object, "take"))
    {
      move->kind = PT_WAGONS_MOVE_TAKE;
      allowed = take_members;
      kind_member = "take";
    }
  else
    {
      move->kind = PT_WAGONS_MOVE_PLACE;
      allowed = place_members;
      kind_member = "place";
    }
  if (!pt_json_object_only_has (object, allowed, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("Unknown member “%s” in a “%s” move"), unknown, kind_member);
      return FALSE;
    }
  if (!card_member (object, kind_member, &move->card, error))
    return FALSE;

  move->rot180 = 0;
  move->x = move->y = 0;
  if (move->kind != PT_WAGONS_MOVE_PLACE)
    return TRUE;

  if (!int_member (object, "x", &x, error) ||
      !int_member (object, "y", &y, error) ||
      !int_member (object, "rot", &rot, error))
    return FALSE;
  if (rot != 0 && rot != 180)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("A card lies at rotation 0 or 180, not %" PRId64
                     " (cards never lie sideways)"),
                      rot);
      return FALSE;
    }
  move->rot180 = rot == 180;
  move->x = (gint32) CLAMP (x, -FAR_AWAY, FAR_AWAY);
  move->y = (gint32) CLAMP (y, -FAR_AWAY, FAR_AWAY);
  return TRUE;
}

JsonNode *
pt_wagons_move_to_json (const PtWagonsMove *move)
{
  g_autoptr(JsonObject) object = json_object_new ();
  const char *id = pt_wagons_cards[move->card].id;

  switch (move->kind)
    {
    case PT_WAGONS_MOVE_START:
      json_object_set_string_member (object, "start", id);
      break;
    case PT_WAGONS_MOVE_TAKE:
      json_object_set_string_member (object, "take", id);
      break;
    case PT_WAGONS_MOVE_PLACE:
    default:
      json_object_set_string_member (object, "place", id);
      json_object_set_int_member (object, "x", move->x);
      json_object_set_int_member (object, "y", move->y);
      json_object_set_int_member (object, "rot", move->rot180 ? 180 : 0);
      break;
    }
  return pt_json_node_new_object (g_steal_pointer (&object));
}

static JsonObject *
line_new (const char *kind,
          const char *id,
          const char *name,
          int points)
{
  JsonObject *line = json_object_new ();

  json_object_set_string_member (line, "kind", kind);
  json_object_set_string_member (line, "id", id);
  json_object_set_string_member (line, "name", name);
  json_object_set_int_member (line, "points", points);
  return line;
}

static JsonObject *
player_to_json (const PtWagonsScore *score,
                const PtWagonsTally *tally,
                guint p)
{
  JsonObject *player = json_object_new ();
  JsonArray *lines = json_array_new ();
  JsonObject *groups = json_object_new ();
  JsonObject *bonus = json_object_new ();
  JsonObject *counts = json_object_new ();

  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    {
      json_array_add_object_element (lines, line_new ("terrain", pt_wagons_terrain_id (t),
                                                      pt_wagons_terrain_name (t),
                                                      tally->groups[t]));
      json_object_set_int_member (groups, pt_wagons_terrain_id (t), tally->groups[t]);
    }
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      const PtWagonsBonusInfo *info = &pt_wagons_bonus_info[score->bonus[i]];

      json_array_add_object_element (lines, line_new ("bonus", info->id, info->name,
                                                      score->bonus_points[p][i]));
      json_object_set_int_member (bonus, info->id, score->bonus_points[p][i]);
    }
  json_object_set_int_member (counts, "territories", tally->territories);
  json_object_set_int_member (counts, "mines", tally->symbols[PT_WAGONS_MINE]);
  json_object_set_int_member (counts, "guns", tally->symbols[PT_WAGONS_GUN]);
  json_object_set_int_member (counts, "beer", tally->symbols[PT_WAGONS_BEER]);

  json_object_set_array_member (player, "lines", lines);
  json_object_set_object_member (player, "groups", groups);
  json_object_set_int_member (player, "groups_total", score->groups_total[p]);
  json_object_set_object_member (player, "bonus", bonus);
  json_object_set_int_member (player, "total", score->total[p]);
  json_object_set_int_member (player, "cards", score->cards[p]);
  json_object_set_object_member (player, "counts", counts);
  return player;
}

/**
 * pt_wagons_breakdown_to_json:
 * @bonus_cards: (nullable): the card of each bonus, when known
 * @over: whether the game is over (winners are given only then)
 */
JsonNode *
pt_wagons_breakdown_to_json (const PtWagonsScore *score,
                             const PtWagonsTally tallies[2],
                             const guint8 *bonus_cards,
                             gboolean over)
{
  g_autoptr(JsonObject) root = json_object_new ();
  JsonArray *bonus = json_array_new ();
  JsonArray *players = json_array_new ();
  JsonArray *scores = json_array_new ();

  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      const PtWagonsBonusInfo *info = &pt_wagons_bonus_info[score->bonus[i]];
      JsonObject *b = json_object_new ();

      json_object_set_string_member (b, "id", info->id);
      json_object_set_string_member (b, "name", info->name);
      if (bonus_cards != NULL)
        json_object_set_string_member (b, "card", pt_wagons_cards[bonus_cards[i]].id);
      json_array_add_object_element (bonus, b);
    }
  for (guint p = 0; p < 2; p++)
    {
      json_array_add_object_element (players, player_to_json (score, &tallies[p], p));
      json_array_add_int_element (scores, score->total[p]);
    }
  json_object_set_array_member (root, "bonus", bonus);
  json_object_set_array_member (root, "players", players);
  json_object_set_array_member (root, "scores", scores);
  json_object_set_member (root, "winners", pt_game_winners_to_json (over ? score->winners : 0, 2));
  if (over)
    {
      const char *tie_break = "none";

      if (score->total[0] == score->total[1])
        tie_break = score->winners == 3 ? "shared" : "cards";
      json_object_set_string_member (root, "tie_break", tie_break);
    }
  return pt_json_node_new_object (g_steal_pointer (&root));
}

/* A town for views: the visible cells and the placements in order (the
 * UI finds the cards under a cell with pt_wagons_town_get_stack() or by
 * walking "placements"). */
JsonNode *
pt_wagons_town_to_json (const PtWagonsTown *town)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonArray *cells = json_array_new ();
  JsonArray *placements = json_array_new ();

  if (town->has_cells)
    for (int y = town->min_y; y <= town->max_y; y++)
      for (int x = town->min_x; x <= town->max_x; x++)
        {
          guint8 c = pt_wagons_town_get_cell (town, x, y);
          JsonObject *cell;

          if (c == 0)
            continue;
          cell = json_object_new ();
          json_object_set_int_member (cell, "x", x);
          json_object_set_int_member (cell, "y", y);
          json_object_set_string_member (cell, "terrain", pt_wagons_terrain_id (pt_wagons_cell_terrain (c)));
          json_object_set_string_member (cell, "symbol", pt_wagons_symbol_id (pt_wagons_cell_symbol (c)));
          json_array_add_object_element (cells, cell);
        }
  for (guint i = 0; i < town->n_placements; i++)
    {
      const PtWagonsPlacement *p = &town->placements[i];
      JsonObject *placement = json_object_new ();

      json_object_set_string_member (placement, "card", pt_wagons_cards[p->card].id);
      json_object_set_int_member (placement, "x", p->x);
      json_object_set_int_member (placement, "y", p->y);
      json_object_set_int_member (placement, "rot", p->rot180 ? 180 : 0);
      json_array_add_object_element (placements, placement);
    }
  json_object_set_array_member (object, "cells", cells);
  json_object_set_array_member (object, "placements", placements);
  return pt_json_node_new_object (g_steal_pointer (&object));
}
