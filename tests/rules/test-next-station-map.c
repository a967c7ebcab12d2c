/* test-next-station-map.c — the London map as data, and maps in general
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-rules-error.h"
#include "pt-station-map.h"

static void
test_london_counts (void)
{
  const PtStationMap *map = pt_station_map_get_london ();
  guint symbols[PT_N_SYMBOLS] = {
    0,
  };
  guint kinds[3] = {
    0,
  };

  g_assert_cmpstr (map->id, ==, "london");
  g_assert_cmpuint (map->n_stations, ==, 53);
  for (guint i = 0; i < map->n_stations; i++)
    symbols[map->stations[i].symbol]++;
  for (guint s = 0; s < PT_SYMBOL_ANY; s++)
    g_assert_cmpuint (symbols[s], ==, 13);
  g_assert_cmpuint (symbols[PT_SYMBOL_ANY], ==, 1);
  g_assert_cmpint (pt_station_map_station_at (map, 5, 3), ==, map->central_station);

  g_assert_cmpuint (map->n_sections, ==, 155);
  for (guint s = 0; s < map->n_sections; s++)
    kinds[map->sections[s].kind]++;
  g_assert_cmpuint (kinds[PT_SECTION_HORIZONTAL], ==, 43);
  g_assert_cmpuint (kinds[PT_SECTION_VERTICAL], ==, 43);
  g_assert_cmpuint (kinds[PT_SECTION_DIAGONAL], ==, 69);
  g_assert_cmpuint (map->n_thames, ==, 24);
  g_assert_cmpuint (pt_section_set_count (&map->thames), ==, 24);
  g_assert_cmpuint (map->n_conflict_pairs, ==, 116);
  g_assert_cmpuint (map->n_tourist_sites, ==, 5);
}

static void
test_london_districts (void)
{
  const PtStationMap *map = pt_station_map_get_london ();
  guint sizes[10] = {
    0,
  };

  g_assert_cmpuint (map->n_districts, ==, 13);
  for (guint d = 0; d < map->n_districts; d++)
    {
      g_assert_cmpuint (map->district_sizes[d], <, G_N_ELEMENTS (sizes));
      sizes[map->district_sizes[d]]++;
    }
  g_assert_cmpuint (sizes[9], ==, 1);
  g_assert_cmpuint (sizes[6], ==, 4);
  g_assert_cmpuint (sizes[4], ==, 4);
  g_assert_cmpuint (sizes[1], ==, 4);
  g_assert_cmpint (map->central_district, >=, 0);
  g_assert_cmpuint (map->district_sizes[map->central_district], ==, 9);
  /* The corner points are districts of their own. */
  g_assert_cmpuint (map->district_sizes[map->stations[pt_station_map_station_at (map, 0, 0)].district], ==, 1);
  g_assert_cmpuint (map->district_sizes[map->stations[pt_station_map_station_at (map, 9, 9)].district], ==, 1);
}

static void
test_london_departures (void)
{
  const PtStationMap *map = pt_station_map_get_london ();
  static const int expected[PT_N_LINE_COLOURS][2] = { { 2, 5 }, { 5, 7 }, { 7, 3 }, { 3, 2 } };

  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    g_assert_cmpint (map->departures[c], ==,
                     pt_station_map_station_at (map, expected[c][0], expected[c][1]));
}

/* An independent check of the derived relation: exact segment geometry on
 * doubled coordinates, not the half-point sets the loader uses. */
static gboolean
segments_conflict (const PtStationMap *map,
                   const PtSection *s,
                   const PtSection *t)
{
  int ax = map->stations[s->a].x, ay = map->stations[s->a].y;
  int bx = map->stations[s->b].x, by = map->stations[s->b].y;
  int cx = map->stations[t->a].x, cy = map->stations[t->a].y;
  int dx = map->stations[t->b].x, dy = map->stations[t->b].y;
  int n = MAX (ABS (bx - ax), ABS (by - ay)) * 2;
  int m = MAX (ABS (dx - cx), ABS (dy - cy)) * 2;

  /* Walk both at half steps and look for a common point that is not a
   * shared end. */
  for (int i = 0; i <= n; i++)
    {
      int px = 2 * ax + i * ((bx > ax) - (bx < ax));
      int py = 2 * ay + i * ((by > ay) - (by < ay));

      for (int j = 0; j <= m; j++)
        {
          int qx = 2 * cx + j * ((dx > cx) - (dx < cx));
          int qy = 2 * cy + j * ((dy > cy) - (dy < cy));
          gboolean end_s = i == 0 || i == n, end_t = j == 0 || j == m;

          if (px == qx && py == qy && !(end_s && end_t))
            return TRUE;
        }
    }
  return FALSE;
}

static void
test_london_conflicts (void)
{
  const PtStationMap *map = pt_station_map_get_london ();
  guint pairs = 0;
  int a = pt_station_map_station_at (map, 2, 3), b = pt_station_map_station_at (map, 4, 5);
  int c = pt_station_map_station_at (map, 2, 5), d = pt_station_map_station_at (map, 4, 3);
  int x = pt_station_map_section_between (map, a, b), y = pt_station_map_section_between (map, c, d);

  for (guint i = 0; i < map->n_sections; i++)
    for (guint j = 0; j < map->n_sections; j++)
      {
        gboolean derived = pt_section_set_has (&map->sections[i].conflicts, j);

        g_assert_cmpint (derived, ==, i != j && segments_conflict (map, &map->sections[i], &map->sections[j]));
        g_assert_cmpint (derived, ==, pt_section_set_has (&map->sections[j].conflicts, i));
        pairs += derived && i < j;
      }
  g_assert_cmpuint (pairs, ==, 116);
  /* Two diagonals forming an X. */
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_true (pt_section_set_has (&map->sections[x].conflicts, y));
}

static void
test_london_thames (void)
{
  const PtStationMap *map = pt_station_map_get_london ();
  int a = pt_station_map_station_at (map, 3, 2), b = pt_station_map_station_at (map, 3, 6);
  int c = pt_station_map_station_at (map, 3, 1);

  g_assert_true (map->sections[pt_station_map_section_between (map, a, b)].thames);
  g_assert_false (map->sections[pt_station_map_section_between (map, a, c)].thames);
}

static const char *small_city =
    "{\"format\": \"partida-map/1\", \"id\": \"tiny\", \"name\": \"Tiny\","
    " \"width\": 3, \"height\": 3,"
    " \"stations\": [\"CTS\", \"P?C\", \"TSP\"],"
    " \"districts\": [\"aab\", \"aab\", \"ccb\"],"
    " \"departures\": {\"purple\": [0, 0], \"blue\": [2, 0], \"pink\": [0, 2], \"green\": [2, 2]},"
    " \"tourist_sites\": [[1, 1]],"
    " \"thames\": [[[0, 1], [1, 1]]]}";

static void
test_other_city (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStationMap) map = pt_station_map_new_from_data (small_city, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (map->name, ==, "Tiny");
  g_assert_cmpuint (map->n_stations, ==, 9);
  /* A full 3 × 3 grid: 6 horizontal, 6 vertical, 8 diagonal. */
  g_assert_cmpuint (map->n_sections, ==, 20);
  /* The 4 X crossings of the unit squares. */
  g_assert_cmpuint (map->n_conflict_pairs, ==, 4);
  g_assert_cmpuint (map->n_districts, ==, 3);
  g_assert_cmpint (map->central_district, ==, -1);
  g_assert_cmpuint (map->n_thames, ==, 1);
}

typedef struct
{
  const char *from;
  const char *to;
  const char *message;
} Corruption;

static void
test_malformed (void)
{
  static const Corruption corruptions[] = {
    { "\"format\": \"partida-map/1\"", "\"format\": \"other\"", "format" },
    { "\"width\": 3", "\"width\": 4", "The grid of stations: row 1 has 3 points, not 4" },
    { "\"CTS\", \"P?C\"", "\"CTX\", \"P?C\"", "unknown station symbol “X” at (2,0)" },
    { "\"P?C\"", "\"P??\"", "a second Central Station" },
    { "\"aab\", \"aab\", \"ccb\"", "\"aab\", \"aa.\", \"ccb\"", "the station at (2,1) is in no district" },
    { "\"green\": [2, 2]", "\"green\": [2, 3]", "the green departure (2,3) is outside the map" },
    { "\"green\": [2, 2]", "\"red\": [2, 2]", "unknown colour, “red”" },
    { "\"green\": [2, 2]", "\"green\": [0, 0]", "two colours depart from (0,0)" },
    { "[[0, 1], [1, 1]]", "[[0, 1], [2, 1]]", "(0,1)-(2,1) is not a possible section" },
    { "\"tourist_sites\": [[1, 1]]", "\"tourist_sites\": [[1, 1], [1, 1]]", "listed twice" },
    { "\"name\": \"Tiny\",", "\"name\": \"Tiny\", \"rivers\": 2,", "unknown member “rivers”" },
    { "\"stations\": [\"CTS\", \"P?C\", \"TSP\"]", "\"stations\": [\"CTS\", \"P?C\"]", "The grid of stations has 2 rows, not 3" },
    { "\"name\": \"Tiny\",", "\"name\": \"Tiny\"", "not valid JSON" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (corruptions); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) text = g_string_new (small_city);
      g_autoptr(PtStationMap) map = NULL;

      g_assert_cmpuint (g_string_replace (text, corruptions[i].from, corruptions[i].to, 1), ==, 1);
      map = pt_station_map_new_from_data (text->str, &error);
      g_assert_null (map);
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_DATA);
      if (strstr (error->message, corruptions[i].message) == NULL)
        g_error ("“%s” does not say “%s”", error->message, corruptions[i].message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/next-station/map/london-counts", test_london_counts);
  g_test_add_func ("/rules/next-station/map/london-districts", test_london_districts);
  g_test_add_func ("/rules/next-station/map/london-departures", test_london_departures);
  g_test_add_func ("/rules/next-station/map/london-conflicts", test_london_conflicts);
  g_test_add_func ("/rules/next-station/map/london-thames", test_london_thames);
  g_test_add_func ("/rules/next-station/map/other-city", test_other_city);
  g_test_add_func ("/rules/next-station/map/malformed", test_malformed);
  return g_test_run ();
}
