/* pt-station-map.c — loading a city map and deriving its tables
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-record.h"
#include "pt-station-map.h"
#include "pt-next-station-resources.h"

#define LONDON_RESOURCE "/io/github/partida/Partida/next-station/london.json"

/* The half-step grid on which any two sections of the 8 directions meet:
 * X-crossing diagonals meet half-way between grid points. */
#define HALF_SIZE  (2 * PT_STATION_MAP_MAX_SIZE - 1)
#define HALF_WORDS ((HALF_SIZE * HALF_SIZE + 63) / 64)

typedef struct
{
  guint64 w[HALF_WORDS];
} HalfPoints;

/* The 8 directions, clockwise from east (y grows downwards). */
static const int directions[8][2] = {
  { 1, 0 },
  { 1, 1 },
  { 0, 1 },
  { -1, 1 },
  { -1, 0 },
  { -1, -1 },
  { 0, -1 },
  { 1, -1 },
};

/* Record identifiers; N_() only so that messages can show them
 * translated with _(). */
static const char *const symbol_names[PT_N_SYMBOLS] = {
  /* TRANSLATORS: station symbols, as in "(3,4) is a %s station" */
  N_("circle"), N_("triangle"), N_("square"), N_("pentagon"), N_("any"),
  };

static const char *const colour_names[PT_N_LINE_COLOURS + 1] = {
  /* TRANSLATORS: line and pencil colours, as in "your %s line" */
  N_("purple"), N_("blue"), N_("pink"), N_("green"), NULL,
  };

guint
pt_section_set_count (const PtSectionSet *set)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (set->w); i++)
    n += (guint) __builtin_popcountll (set->w[i]);
  return n;
}

const char *
pt_station_symbol_to_string (PtStationSymbol symbol)
{
  g_return_val_if_fail (symbol < PT_N_SYMBOLS, NULL);
  return symbol_names[symbol];
}

const char *
pt_line_colour_to_string (PtLineColour colour)
{
  g_return_val_if_fail (colour < PT_N_LINE_COLOURS, NULL);
  return colour_names[colour];
}

int
pt_line_colour_from_string (const char *name)
{
  for (guint i = 0; name != NULL && i < PT_N_LINE_COLOURS; i++)
    if (strcmp (name, colour_names[i]) == 0)
      return (int) i;
  return -1;
}

void
pt_station_map_free (PtStationMap *map)
{
  if (map == NULL)
    return;
  g_free (map->id);
  g_free (map->name);
  g_free (map);
}

int
pt_station_map_station_at (const PtStationMap *map,
                           int x,
                           int y)
{
  if (x < 0 || y < 0 || x >= (int) map->width || y >= (int) map->height)
    return -1;
  return map->cell_station[y][x];
}

int
pt_station_map_section_between (const PtStationMap *map,
                                guint a,
                                guint b)
{
  if (a >= map->n_stations || b >= map->n_stations)
    return -1;
  return map->section_between[a][b] == PT_STATION_NONE ? -1 : map->section_between[a][b];
}

static gboolean
map_error (GError **error,
           const char *format,
           ...) G_GNUC_PRINTF (2, 3);

static gboolean
map_error (GError **error,
           const char *format,
           ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_DATA,
               _("Malformed map: %s"), message);
  return FALSE;
}

/* A point [x, y] that must be a station; its index in *out. */
static gboolean
read_station (PtStationMap *map,
              JsonNode *node,
              const char *what,
              guint *out,
              GError **error)
{
  JsonArray *array = pt_json_get_array (node);
  gint64 x, y;
  int station;

  if (array == NULL || json_array_get_length (array) != 2 ||
      !pt_json_get_int (json_array_get_element (array, 0), &x) ||
      !pt_json_get_int (json_array_get_element (array, 1), &y))
    return map_error (error, _("%s is not a point [x, y]"), what);
  if (x < 0 || y < 0 || x >= map->width || y >= map->height)
    return map_error (error, _("%s (%d,%d) is outside the map"), what, (int) x, (int) y);
  station = map->cell_station[y][x];
  if (station < 0)
    return map_error (error, _("%s (%d,%d) is not a station"), what, (int) x, (int) y);
  *out = (guint) station;
  return TRUE;
}

/* A part of a map file in words, for its messages. */
static const char *
part_words (const char *member)
{
  if (g_strcmp0 (member, "width") == 0)
    return _("The map’s width");
  if (g_strcmp0 (member, "height") == 0)
    return _("The map’s height");
  if (g_strcmp0 (member, "stations") == 0)
    return _("The grid of stations");
  if (g_strcmp0 (member, "districts") == 0)
    return _("The grid of districts");
  return member;
}

static gboolean
read_grid (JsonObject *root,
           const char *member,
           guint width,
           guint height,
           const char **rows,
           GError **error)
{
  JsonArray *array = pt_json_get_array (json_object_get_member (root, member));

  if (array == NULL)
    return map_error (error, _("%s is missing or not a list of rows"), part_words (member));
  if (json_array_get_length (array) != height)
    return map_error (error, g_dngettext (GETTEXT_PACKAGE, "%s has %u row, not %u", "%s has %u rows, not %u", json_array_get_length (array)), part_words (member),
                      json_array_get_length (array), height);
  for (guint y = 0; y < height; y++)
    {
      const char *row = pt_json_get_string (json_array_get_element (array, y));

      if (row == NULL)
        return map_error (error, _("%s: row %u is not text"), part_words (member), y + 1);
      if (strlen (row) != width)
        return map_error (error, g_dngettext (GETTEXT_PACKAGE, "%s: row %u has %u point, not %u", "%s: row %u has %u points, not %u", (gulong) strlen (row)), part_words (member), y + 1,
                          (guint) strlen (row), width);
      rows[y] = row;
    }
  return TRUE;
}

static gboolean
read_stations (PtStationMap *map,
               const char **rows,
               GError **error)
{
  memset (map->cell_station, -1, sizeof map->cell_station);
  map->central_station = PT_STATION_NONE;
  for (guint y = 0; y < map->height; y++)
    for (guint x = 0; x < map->width; x++)
      {
        const char *p = strchr ("CTSP?", rows[y][x]);
        PtStation *station;

        if (rows[y][x] == '.')
          continue;
        if (rows[y][x] == '\0' || p == NULL)
          return map_error (error, _("unknown station symbol “%c” at (%u,%u)"), rows[y][x], x, y);
        if (map->n_stations == PT_STATION_MAP_MAX_STATIONS)
          return map_error (error, g_dngettext (GETTEXT_PACKAGE, "more than %d station", "more than %d stations", PT_STATION_MAP_MAX_STATIONS), PT_STATION_MAP_MAX_STATIONS);
        station = &map->stations[map->n_stations];
        station->x = (guint8) x;
        station->y = (guint8) y;
        station->symbol = (guint8) (p - "CTSP?");
        if (station->symbol == PT_SYMBOL_ANY)
          {
            if (map->central_station != PT_STATION_NONE)
              return map_error (error, _("a second Central Station “?” at (%u,%u)"), x, y);
            map->central_station = (guint8) map->n_stations;
          }
        map->cell_station[y][x] = (gint8) map->n_stations++;
      }
  if (map->n_stations < 2)
    return map_error (error, _("fewer than 2 stations"));

  for (guint i = 0; i < map->n_stations; i++)
    for (guint s = 0; s < PT_N_SYMBOLS; s++)
      if (s == PT_SYMBOL_ANY || map->stations[i].symbol == s ||
          map->stations[i].symbol == PT_SYMBOL_ANY)
        map->symbol_reach[s] |= PT_STATION_BIT (i);
  return TRUE;
}

static gboolean
read_districts (PtStationMap *map,
                JsonObject *root,
                const char **rows,
                GError **error)
{
  JsonNode *central = json_object_get_member (root, "central_district");

  for (guint i = 0; i < map->n_stations; i++)
    {
      PtStation *station = &map->stations[i];
      char code = rows[station->y][station->x];
      guint d;

      if (code == '.' || !g_ascii_isgraph (code))
        return map_error (error, _("the station at (%u,%u) is in no district"),
                                    station->x, station->y);
      for (d = 0; d < map->n_districts; d++)
        if (map->district_codes[d] == code)
          break;
      if (d == map->n_districts)
        {
          if (map->n_districts == PT_STATION_MAP_MAX_DISTRICTS)
            return map_error (error, g_dngettext (GETTEXT_PACKAGE, "more than %d district", "more than %d districts", PT_STATION_MAP_MAX_DISTRICTS), PT_STATION_MAP_MAX_DISTRICTS);
          map->district_codes[map->n_districts++] = code;
        }
      station->district = (guint8) d;
      map->district_stations[d] |= PT_STATION_BIT (i);
      map->district_sizes[d]++;
    }

  map->central_district = -1;
  if (central != NULL)
    {
      const char *code = pt_json_get_string (central);

      for (guint d = 0; code != NULL && strlen (code) == 1 && d < map->n_districts; d++)
        if (map->district_codes[d] == code[0])
          map->central_district = (int) d;
      if (map->central_district < 0)
        return map_error (error, _("The map’s central district is not a district with stations"));
    }
  return TRUE;
}

/* From each station, the nearest station in each of the 8 directions. */
static void
derive_sections (PtStationMap *map)
{
  memset (map->section_between, PT_STATION_NONE, sizeof map->section_between);
  for (guint i = 0; i < map->n_stations; i++)
    {
      PtStation *station = &map->stations[i];

      for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
        {
          int x = station->x + directions[d][0];
          int y = station->y + directions[d][1];
          int other = -1;

          while (x >= 0 && y >= 0 && x < (int) map->width && y < (int) map->height)
            {
              other = map->cell_station[y][x];
              if (other >= 0)
                break;
              x += directions[d][0];
              y += directions[d][1];
            }
          if (other < 0 || x < 0 || y < 0 || x >= (int) map->width || y >= (int) map->height)
            continue;
          if (map->section_between[i][other] == PT_STATION_NONE)
            {
              PtSection *section = &map->sections[map->n_sections];

              section->a = (guint8) MIN (i, (guint) other);
              section->b = (guint8) MAX (i, (guint) other);
              section->kind = directions[d][1] == 0 ? PT_SECTION_HORIZONTAL : directions[d][0] == 0 ? PT_SECTION_VERTICAL
                                                                                                    : PT_SECTION_DIAGONAL;
              map->section_between[i][other] = (guint8) map->n_sections;
              map->section_between[other][i] = (guint8) map->n_sections;
              map->n_sections++;
            }
          station->links[station->n_links].section = map->section_between[i][other];
          station->links[station->n_links].station = (guint8) other;
          station->n_links++;
        }
    }
}

/* The half-step points strictly inside a section. Since a section never
 * runs through a station, two different sections conflict exactly when
 * these sets meet (an end station can only lie on another section as
 * that section's end). */
static void
section_interior (const PtStationMap *map,
                  const PtSection *section,
                  HalfPoints *points)
{
  const PtStation *a = &map->stations[section->a];
  const PtStation *b = &map->stations[section->b];
  int dx = (b->x > a->x) - (b->x < a->x);
  int dy = (b->y > a->y) - (b->y < a->y);
  int steps = 2 * MAX (ABS (b->x - a->x), ABS (b->y - a->y));

  memset (points, 0, sizeof *points);
  for (int k = 1; k < steps; k++)
    {
      guint bit = (guint) ((2 * a->y + k * dy) * HALF_SIZE + 2 * a->x + k * dx);
      points->w[bit / 64] |= G_GUINT64_CONSTANT (1) << (bit % 64);
    }
}

static void
derive_conflicts (PtStationMap *map)
{
  g_autofree HalfPoints *interiors = g_new (HalfPoints, map->n_sections);

  for (guint i = 0; i < map->n_sections; i++)
    section_interior (map, &map->sections[i], &interiors[i]);
  for (guint i = 0; i < map->n_sections; i++)
    for (guint j = i + 1; j < map->n_sections; j++)
      for (guint w = 0; w < HALF_WORDS; w++)
        if (interiors[i].w[w] & interiors[j].w[w])
          {
            pt_section_set_add (&map->sections[i].conflicts, j);
            pt_section_set_add (&map->sections[j].conflicts, i);
            map->n_conflict_pairs++;
            break;
          }
}

static gboolean
read_departures (PtStationMap *map,
                 JsonObject *root,
                 GError **error)
{
  JsonObject *departures = pt_json_get_object (json_object_get_member (root, "departures"));
  const char *unknown = NULL;
  guint64 seen = 0;

  if (departures == NULL)
    return map_error (error, _("The map needs the departure station of each colour"));
  if (!pt_json_object_only_has (departures, (const char *const *) colour_names, &unknown))
    return map_error (error, _("The map gives a departure station to an unknown colour, “%s”"), unknown);
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    {
      JsonNode *node = json_object_get_member (departures, colour_names[c]);
      g_autofree char *what = g_strdup_printf (_("the %s departure"), colour_names[c]);
      guint station;

      if (node == NULL)
        return map_error (error, _("there is no %s departure station"), colour_names[c]);
      if (!read_station (map, node, what, &station, error))
        return FALSE;
      if (seen & PT_STATION_BIT (station))
        return map_error (error, _("two colours depart from (%u,%u)"),
                                    map->stations[station].x, map->stations[station].y);
      seen |= PT_STATION_BIT (station);
      map->departures[c] = (guint8) station;
    }
  return TRUE;
}

static gboolean
read_tourist_sites (PtStationMap *map,
                    JsonObject *root,
                    GError **error)
{
  JsonArray *sites = pt_json_get_array (json_object_get_member (root, "tourist_sites"));

  if (sites == NULL)
    return map_error (error, _("The map needs its list of tourist sites"));
  for (guint i = 0; i < json_array_get_length (sites); i++)
    {
      g_autofree char *what = g_strdup_printf (_("tourist site %u"), i);
      guint station;

      if (!read_station (map, json_array_get_element (sites, i), what, &station, error))
        return FALSE;
      if (map->tourist_sites & PT_STATION_BIT (station))
        return map_error (error, _("the tourist site (%u,%u) is listed twice"),
                                    map->stations[station].x, map->stations[station].y);
      map->tourist_sites |= PT_STATION_BIT (station);
      map->n_tourist_sites++;
    }
  return TRUE;
}

static gboolean
read_thames (PtStationMap *map,
             JsonObject *root,
             GError **error)
{
  JsonArray *river = pt_json_get_array (json_object_get_member (root, "thames"));

  if (river == NULL)
    return map_error (error, _("The map needs the list of the sections that cross the Thames"));
  for (guint i = 0; i < json_array_get_length (river); i++)
    {
      JsonArray *pair = pt_json_get_array (json_array_get_element (river, i));
      g_autofree char *what = g_strdup_printf (_("river section %u"), i);
      guint a, b;
      int section;

      if (pair == NULL || json_array_get_length (pair) != 2)
        return map_error (error, _("%s is not a pair of points"), what);
      if (!read_station (map, json_array_get_element (pair, 0), what, &a, error) ||
          !read_station (map, json_array_get_element (pair, 1), what, &b, error))
        return FALSE;
      section = pt_station_map_section_between (map, a, b);
      if (section < 0)
        return map_error (error, _("%s (%u,%u)-(%u,%u) is not a possible section"), what,
                                    map->stations[a].x, map->stations[a].y,
                                    map->stations[b].x, map->stations[b].y);
      if (map->sections[section].thames)
        return map_error (error, _("%s (%u,%u)-(%u,%u) is listed twice"), what,
                                    map->stations[a].x, map->stations[a].y,
                                    map->stations[b].x, map->stations[b].y);
      map->sections[section].thames = TRUE;
      pt_section_set_add (&map->thames, (guint) section);
      map->n_thames++;
    }
  return TRUE;
}

static gboolean
read_dimension (JsonObject *root,
                const char *member,
                guint *out,
                GError **error)
{
  gint64 value;

  if (!pt_json_get_int (json_object_get_member (root, member), &value))
    return map_error (error, _("%s is missing or not a whole number"), part_words (member));
  if (value < 2 || value > PT_STATION_MAP_MAX_SIZE)
    return map_error (error, _("%s must be between 2 and %d"), part_words (member), PT_STATION_MAP_MAX_SIZE);
  *out = (guint) value;
  return TRUE;
}

static PtStationMap *
load_map (JsonNode *node,
          GError **error)
{
  static const char *const members[] = {
    "format", "id", "name", "width", "height", "stations", "districts",
    "central_district", "departures", "tourist_sites", "thames", NULL
  };
  JsonObject *root = pt_json_get_object (node);
  g_autoptr(PtStationMap) map = g_new0 (PtStationMap, 1);
  const char *rows[PT_STATION_MAP_MAX_SIZE], *district_rows[PT_STATION_MAP_MAX_SIZE];
  const char *unknown = NULL, *format, *id, *name;

  if (root == NULL)
    return map_error (error, _("the map is not a JSON object")), NULL;
  format = pt_json_get_string (json_object_get_member (root, "format"));
  if (g_strcmp0 (format, PT_STATION_MAP_FORMAT) != 0)
    return map_error (error, _("the format is not “%s”"), PT_STATION_MAP_FORMAT), NULL;
  if (!pt_json_object_only_has (root, members, &unknown))
    return map_error (error, _("unknown member “%s”"), unknown), NULL;
  id = pt_json_get_string (json_object_get_member (root, "id"));
  name = pt_json_get_string (json_object_get_member (root, "name"));
  if (id == NULL || *id == '\0')
    return map_error (error, _("The map has no identifier")), NULL;
  if (name == NULL || *name == '\0')
    return map_error (error, _("The map has no name")), NULL;
  map->id = g_strdup (id);
  map->name = g_strdup (name);

  if (!read_dimension (root, "width", &map->width, error) ||
      !read_dimension (root, "height", &map->height, error) ||
      !read_grid (root, "stations", map->width, map->height, rows, error) ||
      !read_stations (map, rows, error) ||
      !read_grid (root, "districts", map->width, map->height, district_rows, error) ||
      !read_districts (map, root, district_rows, error))
    return NULL;

  derive_sections (map);
  if (map->n_sections > PT_STATION_MAP_MAX_SECTIONS)
    return map_error (error, g_dngettext (GETTEXT_PACKAGE, "more than %d possible section", "more than %d possible sections", PT_STATION_MAP_MAX_SECTIONS), PT_STATION_MAP_MAX_SECTIONS), NULL;
  derive_conflicts (map);

  if (!read_departures (map, root, error) ||
      !read_tourist_sites (map, root, error) ||
      !read_thames (map, root, error))
    return NULL;
  return g_steal_pointer (&map);
}

PtStationMap *
pt_station_map_new_from_data (const char *text,
                              GError **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local_error = NULL;

  node = pt_json_parse (text, &local_error);
  if (node == NULL)
    return map_error (error, "%s", local_error->message), NULL;
  return load_map (node, error);
}

PtStationMap *
pt_station_map_new_from_bytes (GBytes *bytes,
                               GError **error)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autofree char *text = g_strndup (data, size);

  return pt_station_map_new_from_data (text, error);
}

/* The maps compiled into this library. The resource is looked up in the
 * generated GResource directly (not through the global registry), which
 * also keeps the resource's object file when the library is linked
 * statically. */
PtStationMap *
pt_station_map_new_from_resource (const char *path,
                                  GError **error)
{
  g_autoptr(GBytes) bytes = g_resource_lookup_data (pt_next_station_get_resource (), path,
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, error);

  if (bytes == NULL)
    return NULL;
  return pt_station_map_new_from_bytes (bytes, error);
}

/* London is built in and tested: failing to load it is a packaging bug,
 * not bad input, so it is reported loudly. */
const PtStationMap *
pt_station_map_get_london (void)
{
  static PtStationMap *london = NULL;

  if (g_once_init_enter (&london))
    {
      g_autoptr(GError) error = NULL;
      PtStationMap *map = pt_station_map_new_from_resource (LONDON_RESOURCE, &error);

      if (map == NULL)
        g_error ("The built-in London map does not load: %s", error->message);
      g_once_init_leave (&london, map);
    }
  return london;
}
