/* pt-cli-bench-next-station-bot.c — `partida-bench next-station-bot`
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays N seeded solo games of Next Station: London with one computer
 * level and prints the mean final score, its standard error and the time
 * per turn (median, 95th percentile). Game g is dealt from seed S + g
 * (4 shuffled decks and a shuffled colour order, modules as asked), so
 * two levels run with the same --seed play the same deals. The bot sees
 * only its view (pt_ns_view_init): never the unflipped cards, except
 * at --level hard-open, a yardstick of what they cost Hard. Hard's
 * search parameters may be changed for experiments (--max-steps,
 * --round-scale, --top-k, --samples), and the CPU time per turn is also
 * given per round (the first round's turns are the slowest).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "pt-cli-commands.h"
#include "pt-next-station-score.h"
#include "pt-next-station-search.h"

static void
deal (PtNextStationState *state,
      guint64 seed,
      gboolean objectives,
      gboolean powers_on)
{
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 colours[1][PT_NS_ROUNDS] = { { PT_LINE_PURPLE, PT_LINE_BLUE, PT_LINE_PINK, PT_LINE_GREEN } };
  guint8 powers[PT_N_LINE_COLOURS] = { PT_NS_POWER_DOUBLE, PT_NS_POWER_JOKER,
                                       PT_NS_POWER_SWITCH, PT_NS_POWER_CIRCLE };
  guint8 objective_ids[PT_NS_N_OBJECTIVES] = { 0, 1, 2, 3, 4 };
  guint mask = 0;
  PtRng rng;

  pt_rng_init (&rng, seed);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      for (guint i = 0; i < PT_NS_N_CARDS; i++)
        decks[r][i] = (guint8) i;
      pt_rng_shuffle (&rng, decks[r], PT_NS_N_CARDS, 1);
    }
  pt_rng_shuffle (&rng, colours[0], PT_NS_ROUNDS, 1);
  pt_rng_shuffle (&rng, powers, PT_N_LINE_COLOURS, 1);
  pt_rng_shuffle (&rng, objective_ids, PT_NS_N_OBJECTIVES, 1);
  if (objectives)
    mask = (1u << objective_ids[0]) | (1u << objective_ids[1]);
  pt_next_station_state_init (state, pt_station_map_get_london (), 1,
                              (const guint8 (*)[PT_NS_N_CARDS]) decks,
                              (const guint8 (*)[PT_NS_ROUNDS]) colours, powers_on, powers, mask);
}

/* Sums over the games of where the points came from (--breakdown). */
typedef struct
{
  double line[PT_NS_ROUNDS], districts[PT_NS_ROUNDS], most[PT_NS_ROUNDS], thames[PT_NS_ROUNDS];
  double tourist, visits, interchanges, objectives;
} Breakdown;

/* Adds the finished game @state to @parts; returns its final score. */
static int
breakdown_add (Breakdown *parts,
               const PtNextStationState *state)
{
  PtNextStationFigures figures;
  PtNextStationTotals totals;

  pt_next_station_state_figures (state, 0, &figures);
  pt_next_station_totals (&figures, &totals);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      parts->line[r] += totals.lines[r];
      parts->districts[r] += figures.lines[r].districts;
      parts->most[r] += figures.lines[r].max_in_district;
      parts->thames[r] += figures.lines[r].thames;
    }
  parts->tourist += totals.tourist;
  parts->visits += figures.tourist_visits;
  parts->interchanges += totals.interchanges;
  parts->objectives += totals.objectives;
  return totals.total;
}

static void
breakdown_print (const Breakdown *parts,
                 int n_games)
{
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    printf ("  line %u: %.2f points (D %.2f, M %.2f, T %.2f)\n", r + 1, parts->line[r] / n_games,
            parts->districts[r] / n_games, parts->most[r] / n_games, parts->thames[r] / n_games);
  printf ("  tourist sites: %.2f points (%.2f visits); interchanges: %.2f points; objectives: %.2f points\n",
          parts->tourist / n_games, parts->visits / n_games, parts->interchanges / n_games,
          parts->objectives / n_games);
}

/* Hard's search parameters as asked (--max-steps, --round-scale, …). */
static PtNsSearchParams hard_params;

static void
choose (const PtNextStationState *state,
        const char *level,
        guint64 seed,
        PtNextStationAction *action)
{
  PtNsView view;
  PtRng rng;

  pt_rng_init (&rng, seed);
  if (g_strcmp0 (level, "hard-open") == 0)
    {
      if (!pt_ns_view_init_open (&view, state, 0))
        g_assert_not_reached ();
      pt_ns_search (&view, &hard_params, &rng, NULL, action, NULL);
      return;
    }
  if (!pt_ns_view_init (&view, state, 0))
    g_assert_not_reached ();
  if (g_strcmp0 (level, "hard") == 0)
    pt_ns_search (&view, &hard_params, &rng, NULL, action, NULL);
  else if (g_strcmp0 (level, "rollout") == 0)
    pt_ns_rollout_action (&view.solo, &rng, action);
  else
    pt_ns_greedy_action (&view.solo, g_strcmp0 (level, "easy") == 0 ? 0.25 : 0.0, &rng, action);
}

static double
percentile (GArray *sorted,
            double fraction)
{
  return g_array_index (sorted, double, MIN (sorted->len - 1, (guint) (sorted->len * fraction)));
}

int
pt_cli_bench_next_station_bot (int argc,
                               char **argv)
{
  int n_games = 200;
  gint64 seed = 1;
  gboolean json = FALSE, objectives = FALSE, powers = FALSE, scores = FALSE, breakdown = FALSE;
  g_autofree char *level = NULL;
  g_autofree char *round_scale = NULL;
  gint64 max_steps = -1;
  int top_k = -1, n_samples = -1;
  GOptionEntry entries[] = {
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, "easy, medium, hard, rollout (Hard's playout policy alone) or hard-open (Hard shown every deck: a yardstick, not a level); default hard", "LEVEL" },
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "Solo games (default 200)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "First deal seed (default 1)", "N" },
    { "objectives", 0, 0, G_OPTION_ARG_NONE, &objectives, "Play with 2 shared objectives", NULL },
    { "powers", 0, 0, G_OPTION_ARG_NONE, &powers, "Play with pencil powers", NULL },
    { "max-steps", 0, 0, G_OPTION_ARG_INT64, &max_steps, "Hard: simulated turns per move before the round's scale (default: the bot's)", "N" },
    { "round-scale", 0, 0, G_OPTION_ARG_STRING, &round_scale, "Hard: the steps' scale in rounds 1–4, e.g. 3,1.5,1,1 (default: the bot's)", "A,B,C,D" },
    { "top-k", 0, 0, G_OPTION_ARG_INT, &top_k, "Hard: candidates kept after the greedy pre-filter (default: the bot's)", "N" },
    { "samples", 0, 0, G_OPTION_ARG_INT, &n_samples, "Hard: samples per candidate (default: the bot's)", "N" },
    { "breakdown", 0, 0, G_OPTION_ARG_NONE, &breakdown, "Also print where the points came from: each round's line (D, M, T), tourist sites, interchanges, objectives (not with --json)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the figures as JSON", NULL },
    { "scores", 0, 0, G_OPTION_ARG_NONE, &scores, "Also print every game's seed and score, one a line (for comparing two levels deal by deal)", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
                 g_option_context_new ("— mean solo score of a Next Station: London computer player");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *round_cpu[PT_NS_ROUNDS];
  double sum = 0, sum2 = 0, mean, se, median, p95, cpu_median, cpu_p95, cpu_max;
  int min_score = G_MAXINT, max_score = G_MININT;
  Breakdown sums = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-bench next-station-bot: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (level == NULL)
    level = g_strdup ("hard");
  pt_ns_search_params_init (&hard_params);
  if (max_steps >= 0)
    hard_params.max_steps = (guint64) max_steps;
  if (top_k > 0)
    hard_params.top_k = (guint) top_k;
  if (n_samples > 0)
    hard_params.n_samples = (guint) n_samples;
  if (round_scale != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (round_scale, ",", -1);

      if (g_strv_length (parts) != PT_NS_ROUNDS)
        {
          fprintf (stderr, "partida-bench next-station-bot: --round-scale needs %d numbers\n", PT_NS_ROUNDS);
          return PT_CLI_EXIT_USAGE;
        }
      for (guint r = 0; r < PT_NS_ROUNDS; r++)
        hard_params.round_scale[r] = g_ascii_strtod (parts[r], NULL);
    }
  if (argc != 1 || n_games < 2 ||
      (g_strcmp0 (level, "easy") != 0 && g_strcmp0 (level, "medium") != 0 &&
       g_strcmp0 (level, "hard") != 0 && g_strcmp0 (level, "rollout") != 0 &&
       g_strcmp0 (level, "hard-open") != 0))
    {
      fprintf (stderr, "Usage: partida-bench next-station-bot [OPTIONS…] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    round_cpu[r] = g_array_new (FALSE, FALSE, sizeof (double));
  for (int g = 0; g < n_games; g++)
    {
      PtNextStationState state;
      guint turn = 0;
      int score;

      deal (&state, (guint64) seed + (guint64) g, objectives, powers);
      while (!state.over)
        {
          PtNextStationAction action;
          gint64 start = g_get_monotonic_time ();
          double cpu_start = pt_cli_thread_cpu_ms ();
          double ms, cpu_ms;
          guint round = state.round;

          choose (&state, level, pt_rng_derive_seed ((guint64) seed + (guint64) g, turn++), &action);
          cpu_ms = pt_cli_thread_cpu_ms () - cpu_start;
          ms = (double) (g_get_monotonic_time () - start) / 1000.0;
          g_array_append_val (times, ms);
          g_array_append_val (cpu_times, cpu_ms);
          g_array_append_val (round_cpu[MIN (round, PT_NS_ROUNDS - 1)], cpu_ms);
          if (!pt_next_station_state_apply (&state, 0, &action, &error))
            {
              fprintf (stderr, "partida-bench next-station-bot: illegal move: %s\n",
                       error->message);
              for (guint r = 0; r < PT_NS_ROUNDS; r++)
                g_array_unref (round_cpu[r]);
              return PT_CLI_EXIT_INVALID;
            }
        }
      score = breakdown_add (&sums, &state);
      if (scores)
        printf ("game %" G_GINT64_FORMAT " %d\n", seed + g, score);
      sum += score;
      sum2 += (double) score * score;
      min_score = MIN (min_score, score);
      max_score = MAX (max_score, score);
    }

  mean = sum / n_games;
  se = sqrt (MAX (0.0, (sum2 - n_games * mean * mean) / (n_games - 1)) / n_games);
  g_array_sort (times, pt_cli_compare_doubles);
  g_array_sort (cpu_times, pt_cli_compare_doubles);
  median = percentile (times, 0.5);
  p95 = percentile (times, 0.95);
  cpu_median = percentile (cpu_times, 0.5);
  cpu_p95 = percentile (cpu_times, 0.95);
  cpu_max = g_array_index (cpu_times, double, cpu_times->len - 1);

  if (json)
    printf ("{\"level\": \"%s\", \"games\": %d, \"mean\": %.2f, \"se\": %.2f, \"min\": %d, "
            "\"max\": %d, \"turn_ms_median\": %.2f, \"turn_ms_p95\": %.2f, "
            "\"turn_cpu_ms_median\": %.2f, \"turn_cpu_ms_p95\": %.2f, \"turn_cpu_ms_max\": %.2f}\n",
            level, n_games, mean, se, min_score, max_score, median, p95, cpu_median, cpu_p95, cpu_max);
  else
    printf ("next-station-bot %s: mean solo score %.2f ± %.2f (SE) over %d games "
            "(seeds %" G_GINT64_FORMAT "…; min %d, max %d); per turn %.2f ms median, %.2f ms p95 wall, "
            "%.2f ms median, %.2f ms p95, %.2f ms max CPU%s%s\n",
            level, mean, se, n_games, seed, min_score, max_score, median, p95,
            cpu_median, cpu_p95, cpu_max,
            objectives ? ", objectives" : "", powers ? ", powers" : "");
  if (!json)
    for (guint r = 0; r < PT_NS_ROUNDS; r++)
      {
        g_array_sort (round_cpu[r], pt_cli_compare_doubles);
        if (round_cpu[r]->len > 0)
          printf ("  round %u: %u turns, CPU %.2f ms median, %.2f ms p95, %.2f ms max\n", r + 1,
                  round_cpu[r]->len, percentile (round_cpu[r], 0.5), percentile (round_cpu[r], 0.95),
                  g_array_index (round_cpu[r], double, round_cpu[r]->len - 1));
      }
  if (breakdown && !json)
    breakdown_print (&sums, n_games);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    g_array_unref (round_cpu[r]);
  return PT_CLI_EXIT_OK;
}
