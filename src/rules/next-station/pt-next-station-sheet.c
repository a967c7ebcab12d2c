/* pt-next-station-sheet.c — the companion score sheet; see the header
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
#include "pt-next-station-score.h"
#include "pt-next-station-sheet.h"

static gboolean
invalid (GError **error,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError **error,
         const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                                                format, args));
  va_end (args);
  return FALSE;
}

/* What a sheet member is called where a person reads it. */
static const char *
member_label (const char *member)
{
  static const struct
  {
    const char *member;
    const char *label;
  } labels[] = {
    { "districts", N_("Districts the line reaches") },
      { "max_in_district", N_("Most stations in one district") },
        { "thames", N_("Thames crossings") },
          { "tourist_visits", N_("Tourist sites visited") },
            { "2", N_("Stations on 2 lines") },
              { "3", N_("Stations on 3 lines") },
                { "4", N_("Stations on 4 lines") },
                  { "objectives_met", N_("Shared objectives met") },
                };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (labels[i].member, member) == 0)
      return _(labels[i].label);
  return member;
}

/* An integer member within [min, max]; @optional members default to 0. */
static gboolean
read_count (JsonObject *object,
            const char *member,
            const char *who,
            gboolean optional,
            gint64 min,
            gint64 max,
            guint *out,
            GError **error)
{
  JsonNode *node = json_object_get_member (object, member);
  gint64 value;

  if (node == NULL && optional)
    {
      *out = 0;
      return TRUE;
    }
  if (!pt_json_get_int (node, &value))
    return invalid (error, _("%s: %s must be a whole number"), who, member_label (member));
  if (value < min || value > max)
    return invalid (error, _("%s: %s = %" PRId64 " is impossible (%" PRId64
                             "–%" PRId64 ")"),
                              who, member_label (member), value, min, max);
  *out = (guint) value;
  return TRUE;
}

static gboolean
read_player (const PtStationMap *map,
             JsonObject *player,
             const char *who,
             gboolean objectives,
             gboolean powers,
             PtNextStationFigures *figures,
             GError **error)
{
  static const char *const members[] = {
    "name", "lines", "tourist_visits", "interchanges", "objectives_met", NULL
  };
  static const char *const line_members[] = { "districts", "max_in_district", "thames", NULL };
  static const char *const interchange_members[] = { "2", "3", "4", NULL };
  JsonArray *lines = pt_json_get_array (json_object_get_member (player, "lines"));
  JsonObject *interchanges = pt_json_get_object (json_object_get_member (player, "interchanges"));
  const char *unknown = NULL;
  guint largest = 0, n_objectives, n_interchange_stations = 0;

  if (!pt_json_object_only_has (player, members, &unknown))
    return invalid (error, _("%s: unknown entry “%s”"), who, unknown);
  if (lines == NULL || json_array_get_length (lines) != PT_NS_ROUNDS)
    return invalid (error, _("%s: the sheet needs the 4 lines"), who);
  for (guint d = 0; d < map->n_districts; d++)
    largest = MAX (largest, map->district_sizes[d]);

  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      JsonObject *line = pt_json_get_object (json_array_get_element (lines, r));
      PtNextStationLineFigures *figure = &figures->lines[r];
      g_autofree char *line_who = g_strdup_printf (_("%s, line %u"), who, r + 1);
      guint d, m, t;

      if (line == NULL || !pt_json_object_only_has (line, line_members, &unknown))
        return invalid (error, _("%s: each line needs its districts, its most stations in one district and its Thames crossings"),
                                  line_who);
      if (!read_count (line, "districts", line_who, FALSE, 1, map->n_districts, &d, error) ||
          !read_count (line, "max_in_district", line_who, FALSE, 1, largest + (powers ? 1 : 0),
                       &m, error) ||
          !read_count (line, "thames", line_who, FALSE, 0, map->n_thames, &t, error))
        return FALSE;
      figure->played = TRUE;
      figure->colour = PT_N_LINE_COLOURS;
      figure->districts = (guint8) d;
      figure->max_in_district = (guint8) m;
      figure->thames = (guint8) t;
    }

  if (!read_count (player, "tourist_visits", who, FALSE, 0,
                   (gint64) PT_NS_ROUNDS * map->n_tourist_sites, &figures->tourist_visits, error))
    return FALSE;

  if (interchanges == NULL || !pt_json_object_only_has (interchanges, interchange_members, &unknown))
    return invalid (error, _("%s: the interchanges count the stations on 2, 3 and 4 lines"), who);
  for (guint i = 0; i < 3; i++)
    {
      if (!read_count (interchanges, interchange_members[i], who, TRUE, 0, map->n_stations,
                       &figures->interchanges[i], error))
        return FALSE;
      n_interchange_stations += figures->interchanges[i];
    }
  if (n_interchange_stations > map->n_stations)
    return invalid (error, g_dngettext (GETTEXT_PACKAGE, "%s: %u interchange station, but the map has %u stations", "%s: %u interchange stations, but the map has %u stations", n_interchange_stations),
                    who, n_interchange_stations, map->n_stations);

  if (!read_count (player, "objectives_met", who, TRUE, 0, objectives ? 2 : 0, &n_objectives, error))
    return FALSE;
  figures->objectives_met = (1u << n_objectives) - 1;
  return TRUE;
}

static JsonObject *
player_result (const char *name,
               const PtNextStationFigures *figures,
               const PtNextStationTotals *totals)
{
  JsonObject *object = json_object_new ();
  JsonArray *lines = json_array_new ();

  if (name != NULL)
    json_object_set_string_member (object, "name", name);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    json_array_add_int_element (lines, totals->lines[r]);
  json_object_set_array_member (object, "lines", lines);
  json_object_set_int_member (object, "tourist_visits", figures->tourist_visits);
  json_object_set_int_member (object, "tourist_score", totals->tourist);
  json_object_set_int_member (object, "interchange_score", totals->interchanges);
  json_object_set_int_member (object, "objective_score", totals->objectives);
  json_object_set_int_member (object, "best_line", totals->best_line);
  json_object_set_int_member (object, "total", totals->total);
  return object;
}

JsonNode *
pt_next_station_score_sheet (JsonObject *sheet,
                             GError **error)
{
  static const char *const members[] = { "game", "objectives", "powers", "players", NULL };
  const PtStationMap *map = pt_station_map_get_london ();
  JsonArray *players = pt_json_get_array (json_object_get_member (sheet, "players"));
  PtNextStationTotals totals[PT_NS_MAX_PLAYERS];
  g_autoptr(JsonObject) result = json_object_new ();
  JsonArray *results, *scores;
  gboolean objectives = FALSE, powers = FALSE;
  const char *unknown = NULL;
  JsonNode *node;
  guint n_players;

  if (!pt_json_object_only_has (sheet, members, &unknown))
    return invalid (error, _("Unknown score sheet entry “%s”"), unknown), NULL;
  if ((node = json_object_get_member (sheet, "objectives")) != NULL &&
      !pt_json_get_bool (node, &objectives))
    return invalid (error, _("Whether the shared objectives are played must be yes or no")), NULL;
  if ((node = json_object_get_member (sheet, "powers")) != NULL && !pt_json_get_bool (node, &powers))
    return invalid (error, _("Whether the pencil powers are played must be yes or no")), NULL;
  if (players == NULL || json_array_get_length (players) < 1 ||
      json_array_get_length (players) > PT_NS_MAX_PLAYERS)
    return invalid (error, _("The sheet needs 1 to 4 players")), NULL;

  n_players = json_array_get_length (players);
  results = json_array_new ();
  scores = json_array_new ();
  json_object_set_string_member (result, "game", "next-station-london");
  json_object_set_array_member (result, "players", results);
  json_object_set_array_member (result, "scores", scores);
  for (guint p = 0; p < n_players; p++)
    {
      JsonObject *player = pt_json_get_object (json_array_get_element (players, p));
      const char *name = player ? pt_json_get_string (json_object_get_member (player, "name")) : NULL;
      g_autofree char *who = name ? g_strdup (name) : g_strdup_printf (_("Player %u"), p + 1);
      PtNextStationFigures figures = {
        0,
      };

      if (player == NULL)
        return invalid (error, _("%s: a player’s entry must be an object"), who), NULL;
      if (player && json_object_has_member (player, "name") && name == NULL)
        return invalid (error, _("%s: the name must be text"), who), NULL;
      if (!read_player (map, player, who, objectives, powers, &figures, error))
        return NULL;
      pt_next_station_totals (&figures, &totals[p]);
      json_array_add_object_element (results, player_result (name, &figures, &totals[p]));
      json_array_add_int_element (scores, totals[p].total);
    }
  json_object_set_member (result, "winners",
                          pt_game_winners_to_json (pt_next_station_winners (totals, n_players),
                                                   n_players));
  if (n_players == 1)
    {
      JsonObject *rating = json_object_new ();
      guint modules = (objectives ? 1 : 0) + (powers ? 1 : 0);
      guint band = pt_next_station_solo_band (totals[0].total, modules);

      json_object_set_int_member (rating, "modules", modules);
      json_object_set_int_member (rating, "rated_total",
                                  totals[0].total - PT_NS_SOLO_MODULE_PENALTY * (int) modules);
      json_object_set_int_member (rating, "band", band);
      json_object_set_string_member (rating, "label", pt_next_station_solo_band_label (band));
      json_object_set_object_member (result, "solo_rating", rating);
    }
  return pt_json_node_new_object (g_steal_pointer (&result));
}
