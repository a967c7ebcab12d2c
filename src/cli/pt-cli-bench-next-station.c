/* pt-cli-bench-next-station.c — `partida-bench next-station-london`
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Random full solo games per second on one core, on the typed state API
 * the bots use: shuffle the 4 decks and a colour order, then on every card
 * enumerate the legal sections and draw one of them or pass (uniformly),
 * until the 4th round ends; then score the sheet (figures + totals).
 */
#include "config.h"

#include <stdio.h>

#include "pt-cli-commands.h"
#include "pt-next-station-score.h"
#include "pt-next-station-state.h"

typedef struct
{
  double seconds;
  guint64 actions;
  gint64 score_sum; /* keeps the work observable */
} BenchResult;

static void
deal (PtNextStationState *state,
      const PtStationMap *map,
      PtRng *rng)
{
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 colours[1][PT_NS_ROUNDS] = { { PT_LINE_PURPLE, PT_LINE_BLUE, PT_LINE_PINK, PT_LINE_GREEN } };

  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      for (guint i = 0; i < PT_NS_N_CARDS; i++)
        decks[r][i] = (guint8) i;
      pt_rng_shuffle (rng, decks[r], PT_NS_N_CARDS, 1);
    }
  pt_rng_shuffle (rng, colours[0], PT_NS_ROUNDS, 1);
  pt_next_station_state_init (state, map, 1, (const guint8 (*)[PT_NS_N_CARDS]) decks,
                              (const guint8 (*)[PT_NS_ROUNDS]) colours, FALSE, NULL, 0);
}

static BenchResult
run (const PtStationMap *map,
     guint64 seed,
     guint n_games)
{
  BenchResult result = { 0 };
  gint64 start = g_get_monotonic_time ();
  PtRng rng;

  pt_rng_init (&rng, seed);
  for (guint g = 0; g < n_games; g++)
    {
      PtNextStationState state;
      PtNextStationFigures figures;
      PtNextStationTotals totals;

      deal (&state, map, &rng);
      while (!state.over)
        {
          PtNextStationAction action;

          pt_next_station_state_random_action (&state, 0, &rng, &action);
          pt_next_station_state_apply_unchecked (&state, 0, &action);
          result.actions++;
        }
      pt_next_station_state_figures (&state, 0, &figures);
      pt_next_station_totals (&figures, &totals);
      result.score_sum += totals.total;
    }
  result.seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  return result;
}

int
pt_cli_bench_next_station (int argc,
                           char **argv)
{
  int n_games = 100000, repeats = 5;
  gint64 seed = 1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "Games per run (default 100000)", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeats, "Runs; the median is reported (default 5)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed (default 1)", "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the figures as JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
                 g_option_context_new ("— random full solo Next Station: London games per second (one core)");
  g_autoptr(GError) error = NULL;
  const PtStationMap *map = pt_station_map_get_london ();
  double rates[99];
  BenchResult r = { 0 };
  gint64 score_sum = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-bench next-station-london: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 1 || n_games < 1 || repeats < 1 || repeats > 99)
    {
      fprintf (stderr, "Usage: partida-bench next-station-london [OPTIONS…] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  for (int i = 0; i < repeats; i++)
    {
      r = run (map, (guint64) seed + (guint64) i, (guint) n_games);
      rates[i] = n_games / MAX (r.seconds, 1e-9);
      score_sum = r.score_sum;
    }
  qsort (rates, (gsize) repeats, sizeof rates[0], pt_cli_compare_doubles);

  if (json)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = NULL;

      json_object_set_string_member (object, "game", "next-station-london");
      json_object_set_int_member (object, "players", 1);
      json_object_set_int_member (object, "games", n_games);
      json_object_set_int_member (object, "runs", repeats);
      json_object_set_double_member (object, "actions_per_game", (double) r.actions / n_games);
      json_object_set_double_member (object, "mean_score", (double) score_sum / n_games);
      json_object_set_double_member (object, "games_per_second_median", rates[repeats / 2]);
      json_object_set_double_member (object, "games_per_second_min", rates[0]);
      json_object_set_double_member (object, "games_per_second_max", rates[repeats - 1]);
      node = json_node_init_object (json_node_alloc (), object);
      pt_cli_print_json (node, TRUE);
    }
  else
    printf ("next-station-london solo: %.0f games/s (median of %d runs of %d; min %.0f, max %.0f), "
            "%.1f actions/game, mean score %.1f\n",
            rates[repeats / 2], repeats, n_games, rates[0], rates[repeats - 1],
            (double) r.actions / n_games, (double) score_sum / n_games);
  return PT_CLI_EXIT_OK;
}
