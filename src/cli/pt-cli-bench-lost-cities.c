/* pt-cli-bench-lost-cities.c — `partida-bench lost-cities`
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Random full rounds per second on one core, on the typed state API the
 * bots' Monte Carlo search uses: deal (shuffle), then random turns until a
 * draw empties the deck, then score. Three policies:
 *   legal    — enumerate every legal move into a list, pick one uniformly;
 *   uniform  — the same distribution without the list:
 *              pt_lost_cities_state_random_legal_move();
 *   playout  — pt_lost_cities_state_playout(): pt_lost_cities_state_random_move()
 *              until the end, the cheap rollout policy of the bots.
 *
 * Both wall-clock and CPU-time rates are reported: on a shared machine
 * (other builds running) the CPU-time rate is the one that says what one
 * core does.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "pt-cli-commands.h"
#include "pt-lost-cities-state.h"

typedef enum
{
  POLICY_LEGAL,
  POLICY_UNIFORM,
  POLICY_PLAYOUT,
  N_POLICIES
} Policy;

static const char *const policy_names[N_POLICIES] = { "legal", "uniform", "playout" };

typedef struct
{
  double seconds;
  double cpu_seconds;
  guint64 turns;
  gint64 score_sum; /* keeps the work observable */
} BenchResult;

static BenchResult
run (const PtLostCitiesOptions *options,
     guint64 seed,
     guint n_rounds,
     Policy policy)
{
  BenchResult result = { 0 };
  PtRng rng;
  gint64 start = g_get_monotonic_time ();
  double cpu_start = pt_cli_thread_cpu_ms () / 1000.0;

  pt_rng_init (&rng, seed);
  for (guint r = 0; r < n_rounds; r++)
    {
      PtLostCitiesState state;

      pt_lost_cities_state_deal (&state, options, &rng, -1);
      if (policy == POLICY_PLAYOUT)
        pt_lost_cities_state_playout (&state, &rng);
      while (!state.over)
        {
          PtLostCitiesMove move;

          if (policy == POLICY_LEGAL)
            {
              PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
              guint n = pt_lost_cities_state_legal_moves (&state, moves);

              move = moves[pt_rng_below (&rng, n)];
            }
          else
            pt_lost_cities_state_random_legal_move (&state, &rng, &move);
          pt_lost_cities_state_apply (&state, &move);
        }
      result.turns += state.n_turns;
      result.score_sum += pt_lost_cities_state_score (&state, 0) +
                          pt_lost_cities_state_score (&state, 1);
    }
  result.seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  result.cpu_seconds = pt_cli_thread_cpu_ms () / 1000.0 - cpu_start;
  return result;
}

int
pt_cli_bench_lost_cities (int argc,
                          char **argv)
{
  int n_rounds = 200000, repeats = 5, colors = 5;
  gint64 seed = 1;
  char *policy = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "rounds", 0, 0, G_OPTION_ARG_INT, &n_rounds, "Rounds per run (default 200000)", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeats, "Runs per policy; the median is reported (default 5)", "N" },
    { "colors", 0, 0, G_OPTION_ARG_INT, &colors, "5 or 6 colours (default 5)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed (default 1)", "N" },
    { "policy", 0, 0, G_OPTION_ARG_STRING, &policy, "legal, uniform, playout or all (default all)", "NAME" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the figures as JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— random full Lost Cities rounds per second (one core)");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) results = json_array_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *policy_owned = NULL;
  PtLostCitiesOptions options;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-bench lost-cities: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  policy_owned = policy;
  if (argc != 1 || n_rounds < 1 || repeats < 1 || repeats > 99 || (colors != 5 && colors != 6) ||
      (policy != NULL && g_strcmp0 (policy, "all") != 0 && !g_strv_contains (policy_names, policy)))
    {
      fprintf (stderr, "Usage: partida-bench lost-cities [OPTIONS…] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  pt_lost_cities_options_init_default (&options);
  options.n_colors = (guint8) colors;

  for (Policy k = 0; k < N_POLICIES; k++)
    {
      const char *name = policy_names[k];
      double rates[99], cpu_rates[99];
      guint64 turns = 0;
      JsonObject *entry;

      if (policy != NULL && g_strcmp0 (policy, "all") != 0 && g_strcmp0 (policy, name) != 0)
        continue;
      for (int i = 0; i < repeats; i++)
        {
          BenchResult r = run (&options, (guint64) seed + (guint64) i, (guint) n_rounds, k);

          rates[i] = n_rounds / MAX (r.seconds, 1e-9);
          cpu_rates[i] = n_rounds / MAX (r.cpu_seconds, 1e-9);
          turns = r.turns;
          if (r.score_sum == G_MININT64) /* never: keeps the loop from being optimised away */
            return 3;
        }
      qsort (rates, (gsize) repeats, sizeof rates[0], pt_cli_compare_doubles);
      qsort (cpu_rates, (gsize) repeats, sizeof cpu_rates[0], pt_cli_compare_doubles);

      entry = json_object_new ();
      json_object_set_string_member (entry, "policy", name);
      json_object_set_int_member (entry, "colors", colors);
      json_object_set_int_member (entry, "rounds", n_rounds);
      json_object_set_int_member (entry, "runs", repeats);
      json_object_set_double_member (entry, "turns_per_round", (double) turns / n_rounds);
      json_object_set_double_member (entry, "rounds_per_second_median", rates[repeats / 2]);
      json_object_set_double_member (entry, "rounds_per_second_min", rates[0]);
      json_object_set_double_member (entry, "rounds_per_second_max", rates[repeats - 1]);
      json_object_set_double_member (entry, "rounds_per_cpu_second_median", cpu_rates[repeats / 2]);
      json_array_add_object_element (results, entry);
      if (!json)
        printf ("lost-cities %-8s %d colours: %.0f rounds/s wall (median of %d runs of %d; min %.0f, max %.0f), "
                "%.0f rounds per CPU second, %.1f turns/round\n",
                name, colors, rates[repeats / 2], repeats, n_rounds, rates[0], rates[repeats - 1],
                cpu_rates[repeats / 2], (double) turns / n_rounds);
    }
  if (json)
    {
      node = json_node_new (JSON_NODE_ARRAY);
      json_node_set_array (node, results);
      pt_cli_print_json (node, FALSE);
    }
  return PT_CLI_EXIT_OK;
}
