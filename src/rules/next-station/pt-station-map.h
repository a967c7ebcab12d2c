/* pt-station-map.h — a Next Station city map, loaded from data
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A map is data (docs/map-format.md): stations with their symbols,
 * districts, tourist sites, the departure station of each pencil colour
 * and the sections that cross the river. Everything the rules need beyond
 * that is derived here, once, at load time:
 *
 * - the possible sections: from each station, the nearest station in each
 *   of the 8 directions (a section never runs through a station);
 * - the conflict relation: two sections conflict when they share any point
 *   other than a common end station (X-crossing diagonals, a horizontal
 *   crossing a vertical, …), kept as one bitset per section so that a
 *   player's forbidden sections are a handful of ORs.
 *
 * The map is immutable after loading and shared by every game state.
 * Limits (so station and section sets fit in machine words): a grid of at
 * most 16 × 16 points, 64 stations, 256 possible sections, 32 districts.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PT_STATION_MAP_FORMAT        "partida-map/1"
#define PT_STATION_MAP_MAX_SIZE      16
#define PT_STATION_MAP_MAX_STATIONS  64
#define PT_STATION_MAP_MAX_SECTIONS  256
#define PT_STATION_MAP_MAX_DISTRICTS 32
#define PT_STATION_NONE              0xff

/* Station symbols; PT_SYMBOL_ANY is the Central Station `?`. */
typedef enum
{
  PT_SYMBOL_CIRCLE,
  PT_SYMBOL_TRIANGLE,
  PT_SYMBOL_SQUARE,
  PT_SYMBOL_PENTAGON,
  PT_SYMBOL_ANY,
  PT_N_SYMBOLS
} PtStationSymbol;

/* The pencils, in the order of the rulebook's components list. */
typedef enum
{
  PT_LINE_PURPLE,
  PT_LINE_BLUE,
  PT_LINE_PINK,
  PT_LINE_GREEN,
  PT_N_LINE_COLOURS
} PtLineColour;

typedef enum
{
  PT_SECTION_HORIZONTAL,
  PT_SECTION_VERTICAL,
  PT_SECTION_DIAGONAL,
} PtSectionKind;

/* A set of sections, bit i = section i. */
typedef struct
{
  guint64 w[PT_STATION_MAP_MAX_SECTIONS / 64];
} PtSectionSet;

static inline gboolean
pt_section_set_has (const PtSectionSet *set,
                    guint section)
{
  return (set->w[section >> 6] >> (section & 63)) & 1;
}

static inline void
pt_section_set_add (PtSectionSet *set,
                    guint section)
{
  set->w[section >> 6] |= G_GUINT64_CONSTANT (1) << (section & 63);
}

static inline void
pt_section_set_union (PtSectionSet *set,
                      const PtSectionSet *other)
{
  for (guint i = 0; i < G_N_ELEMENTS (set->w); i++)
    set->w[i] |= other->w[i];
}

guint pt_section_set_count (const PtSectionSet *set);

#define PT_STATION_BIT(i) (G_GUINT64_CONSTANT (1) << (i))

typedef struct
{
  guint8 section; /* the possible section towards that neighbour */
  guint8 station; /* the neighbour */
} PtStationLink;

typedef struct
{
  guint8 x, y;
  guint8 symbol; /* PtStationSymbol */
  guint8 district;
  guint8 n_links;
  PtStationLink links[8];
} PtStation;

typedef struct
{
  guint8 a, b;            /* station indices, a < b */
  guint8 kind;            /* PtSectionKind */
  guint8 thames;          /* crosses the river */
  PtSectionSet conflicts; /* the sections this one may not coexist with */
} PtSection;

typedef struct
{
  char *id;
  char *name;
  guint width, height;

  guint n_stations; /* stations in row-major order */
  PtStation stations[PT_STATION_MAP_MAX_STATIONS];
  gint8 cell_station[PT_STATION_MAP_MAX_SIZE][PT_STATION_MAP_MAX_SIZE]; /* [y][x], -1: none */
  guint8 central_station;                                               /* the `?` station, or PT_STATION_NONE */

  guint n_sections;
  PtSection sections[PT_STATION_MAP_MAX_SECTIONS];
  guint8 section_between[PT_STATION_MAP_MAX_STATIONS][PT_STATION_MAP_MAX_STATIONS];
  guint n_conflict_pairs;
  PtSectionSet thames;
  guint n_thames;

  guint n_districts;
  char district_codes[PT_STATION_MAP_MAX_DISTRICTS];
  guint64 district_stations[PT_STATION_MAP_MAX_DISTRICTS];
  guint8 district_sizes[PT_STATION_MAP_MAX_DISTRICTS];
  int central_district; /* -1 when the map names none */

  guint8 departures[PT_N_LINE_COLOURS];
  guint64 tourist_sites;
  guint n_tourist_sites;

  /* Stations a card symbol reaches: [PtStationSymbol], where ANY stands
   * for the joker card. The Central Station is in every set. */
  guint64 symbol_reach[PT_N_SYMBOLS];
} PtStationMap;

PtStationMap *pt_station_map_new_from_bytes (GBytes *bytes,
                                             GError **error);
PtStationMap *pt_station_map_new_from_data (const char *text,
                                            GError **error);
PtStationMap *pt_station_map_new_from_resource (const char *path,
                                                GError **error);
void pt_station_map_free (PtStationMap *map);

const PtStationMap *pt_station_map_get_london (void);

int pt_station_map_station_at (const PtStationMap *map,
                               int x,
                               int y);
int pt_station_map_section_between (const PtStationMap *map,
                                    guint a,
                                    guint b);

const char *pt_station_symbol_to_string (PtStationSymbol symbol);
const char *pt_line_colour_to_string (PtLineColour colour);
int pt_line_colour_from_string (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtStationMap, pt_station_map_free)

G_END_DECLS
