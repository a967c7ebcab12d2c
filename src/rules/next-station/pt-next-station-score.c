/* pt-next-station-score.c — scoring Next Station; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-next-station-score.h"

static const int tourist_track[] = { 0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25 };
static const int interchange_points[3] = { 2, 5, 9 };

int
pt_next_station_line_score (guint districts,
                            guint max_in_district,
                            guint thames)
{
  return (int) (districts * max_in_district + 2 * thames);
}

/* Visits above 10 are off the track and count as 10. */
int
pt_next_station_tourist_score (guint visits)
{
  return tourist_track[MIN (visits, G_N_ELEMENTS (tourist_track) - 1)];
}

int
pt_next_station_interchange_score (const guint counts[3])
{
  int score = 0;

  for (guint i = 0; i < 3; i++)
    score += (int) counts[i] * interchange_points[i];
  return score;
}

void
pt_next_station_totals (const PtNextStationFigures *figures,
                        PtNextStationTotals *totals)
{
  totals->total = 0;
  totals->best_line = 0;
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      const PtNextStationLineFigures *line = &figures->lines[r];

      totals->lines[r] = line->played ? pt_next_station_line_score (line->districts,
                                                                    line->max_in_district,
                                                                    line->thames)
                                      : 0;
      totals->total += totals->lines[r];
      totals->best_line = MAX (totals->best_line, totals->lines[r]);
    }
  totals->tourist = pt_next_station_tourist_score (figures->tourist_visits);
  totals->interchanges = pt_next_station_interchange_score (figures->interchanges);
  totals->objectives = PT_NS_OBJECTIVE_POINTS * __builtin_popcount (figures->objectives_met);
  totals->total += totals->tourist + totals->interchanges + totals->objectives;
}

/* Highest total; a tie goes to the best single line; still tied, shared. */
guint
pt_next_station_winners (const PtNextStationTotals *totals,
                         guint n_players)
{
  guint winners = 0;
  int best_total = G_MININT, best_line = G_MININT;

  for (guint p = 0; p < n_players; p++)
    {
      const PtNextStationTotals *t = &totals[p];

      if (t->total > best_total || (t->total == best_total && t->best_line > best_line))
        {
          best_total = t->total;
          best_line = t->best_line;
          winners = 1u << p;
        }
      else if (t->total == best_total && t->best_line == best_line)
        winners |= 1u << p;
    }
  return winners;
}

/* Bands are inclusive at their upper bound: ≤ 90, 91–105, …, 136–150, > 150. */
guint
pt_next_station_solo_band (int total,
                           guint n_modules)
{
  static const int upper[PT_NS_N_SOLO_BANDS - 1] = { 90, 105, 120, 135, 150 };
  int rated = total - PT_NS_SOLO_MODULE_PENALTY * (int) n_modules;

  for (guint b = 0; b < G_N_ELEMENTS (upper); b++)
    if (rated <= upper[b])
      return b;
  return PT_NS_N_SOLO_BANDS - 1;
}

/* The rulebook names the lowest and the highest band; the ones between
 * are shown by their range. */
const char *
pt_next_station_solo_band_label (guint band)
{
  static const char *const labels[PT_NS_N_SOLO_BANDS] = {
    N_("Last stop"), N_("91–105 points"), N_("106–120 points"),
                                                N_("121–135 points"), N_("136–150 points"), N_("Underground expert"),
                                                };

  g_return_val_if_fail (band < PT_NS_N_SOLO_BANDS, NULL);
  return _(labels[band]);
}

static void
line_figures (const PtStationMap *map,
              const PtNextStationPlayer *sheet,
              guint colour,
              PtNextStationLineFigures *line)
{
  guint64 stations = sheet->line_stations[colour];
  guint8 circled = sheet->circled[colour];

  line->colour = (guint8) colour;
  line->played = stations != 0;
  line->districts = line->max_in_district = 0;
  for (guint d = 0; d < map->n_districts; d++)
    {
      guint n = (guint) __builtin_popcountll (stations & map->district_stations[d]);

      if (circled != PT_STATION_NONE && map->stations[circled].district == d)
        n++;
      if (n > 0)
        line->districts++;
      line->max_in_district = (guint8) MAX (line->max_in_district, n);
    }
  line->thames = (guint8) pt_section_set_count (&(PtSectionSet){
      { sheet->line_sections[colour].w[0] & map->thames.w[0],
        sheet->line_sections[colour].w[1] & map->thames.w[1],
        sheet->line_sections[colour].w[2] & map->thames.w[2],
        sheet->line_sections[colour].w[3] & map->thames.w[3] } });
  line->tourist_sites = (guint8) __builtin_popcountll (stations & map->tourist_sites);
}

static guint
objectives_met (const PtNextStationState *state,
                const PtNextStationPlayer *sheet,
                const PtNextStationFigures *figures)
{
  const PtStationMap *map = state->map;
  guint64 visited = 0;
  guint met = 0, thames = 0, n_interchanges = 0;
  gboolean all_districts = TRUE;

  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    visited |= sheet->line_stations[c];
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    thames += figures->lines[r].thames;
  for (guint i = 0; i < 3; i++)
    n_interchanges += figures->interchanges[i];
  for (guint d = 0; d < map->n_districts; d++)
    all_districts = all_districts && (visited & map->district_stations[d]) != 0;

  if (n_interchanges >= 8)
    met |= 1u << PT_NS_OBJECTIVE_INTERCHANGES_8;
  if (all_districts)
    met |= 1u << PT_NS_OBJECTIVE_ALL_DISTRICTS;
  if ((visited & map->tourist_sites) == map->tourist_sites)
    met |= 1u << PT_NS_OBJECTIVE_ALL_TOURIST;
  if (map->central_district >= 0 &&
      (visited & map->district_stations[map->central_district]) ==
          map->district_stations[map->central_district])
    met |= 1u << PT_NS_OBJECTIVE_CENTRAL_9;
  if (thames >= 6)
    met |= 1u << PT_NS_OBJECTIVE_THAMES_6;
  return met & state->objectives;
}

/* The figures of @player's sheet as it stands (provisional before the
 * end: objectives only grow, so "met so far" is what a player expects). */
void
pt_next_station_state_figures (const PtNextStationState *state,
                               guint player,
                               PtNextStationFigures *figures)
{
  const PtNextStationPlayer *sheet = &state->players[player];
  const PtStationMap *map = state->map;
  guint64 once = 0, twice = 0, thrice = 0, four = 0;

  figures->tourist_visits = 0;
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      line_figures (map, sheet, state->colour_order[player][r], &figures->lines[r]);
      figures->tourist_visits += figures->lines[r].tourist_sites;
    }
  /* How many lines visit each station, as saturating bit-sliced counters. */
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    {
      guint64 s = sheet->line_stations[c];

      four |= thrice & s;
      thrice |= twice & s;
      twice |= once & s;
      once |= s;
    }
  /* Each set holds the stations visited at least that often. */
  figures->interchanges[0] = (guint) __builtin_popcountll (twice & ~thrice);
  figures->interchanges[1] = (guint) __builtin_popcountll (thrice & ~four);
  figures->interchanges[2] = (guint) __builtin_popcountll (four);
  figures->objectives_met = objectives_met (state, sheet, figures);
}
