/* pt-cli-arena.c — `partida-cli arena`: computer players against each other
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   partida-cli arena GAME --a LEVEL --b LEVEL [--games N] [--seed S]
 *                          [--budget MS] [--threads 1|2] [--json]
 *   partida-cli arena GAME --solo --a LEVEL [--games N] [--seed S] …
 *
 * Head to head, every deal is played twice with the seats swapped (A in
 * seat 0, then A in seat 1, same cards and same starting seat), so the
 * luck of the deal and of starting cancels out; --games is the number of
 * rounds played, rounded up to an even number. Deal k uses the seed
 * pt_rng_derive_seed (S, k). The report: A's win rate (a tie counts half)
 * with its 95 % Wilson interval, the mean score difference A − B with its
 * standard error, and per side the median and 95th percentile of the time
 * per move (wall clock and the thread's CPU time: median, 95th and 99th
 * percentile, maximum). --solo plays N one-player games with A (Next
 * Station) and reports the mean score. --json also lists every round's
 * score difference, so that two runs on the same seed against the same B
 * can be compared deal by deal (A1 − A2 ± its standard error).
 *
 * A round stops after MAX_MOVES moves (two players could take discards
 * forever in Lost Cities) and is scored as it stands; the report counts
 * such rounds as "capped".
 *
 * Either side may be an external engine, "engine:COMMAND ARGS" instead of a
 * level (docs/engine-protocol.md; each worker thread starts its own copy,
 * with --budget, or 5 s, per move). An engine that crashes, hangs, prints
 * garbage or answers an illegal move forfeits that round (a win for the
 * other side, scored as the position stood); it is restarted for the next
 * round and the report lists the forfeits with their reasons.
 *
 * With --threads 2 two worker threads play alternate deals; each round is
 * independent and its result goes into its own slot, so the figures are
 * the same as with one thread (apart from the timings).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "pt-bot.h"
#include "pt-cli-commands.h"
#include "pt-engine.h"
#include "pt-rules.h"

#define MAX_MOVES 1000

typedef struct
{
  int score[2]; /* per side: 0 = A, 1 = B */
  gboolean capped;
  gboolean failed;
  int forfeit;  /* 0, or 1 + the side that forfeited */
  char *reason; /* why it forfeited */
} RoundResult;

typedef struct
{
  const char *game_id;
  PtBotLevel level[2];
  char *engine[2]; /* the command of an engine side, else NULL */
  char *label[2];  /* the level id or "engine:…" */
  guint budget;
  guint64 seed;
  gboolean solo;
  guint n_rounds;
  RoundResult *results;
  /* Per worker thread, per side: milliseconds per move, wall clock and
   * the worker thread's CPU time (on a busy machine the wall clock also
   * counts the time other processes ran). */
  GArray *times[2][2];
  GArray *cpu_times[2][2];
  guint n_threads;
  char *error; /* the first failure */
  GMutex lock;
} Arena;

typedef struct
{
  Arena *arena;
  guint index;
} Worker;

static gboolean
play_round (Arena *arena,
            guint worker,
            guint round,
            PtBot **bots,
            PtEngine **engines,
            GError **error)
{
  guint deal = round / 2;
  /* Side of seat 0: A in even rounds, B in odd ones (solo: A only). */
  guint swap = arena->solo ? 0 : round % 2;
  const char *names2[] = { "A", "B", NULL };
  const char *names1[] = { "A", NULL };
  g_autoptr(PtGame) game = NULL;
  RoundResult *result = &arena->results[round];
  guint n_moves = 0;

  if (arena->solo)
    deal = round;
  game = pt_rules_new_dealt_game (arena->game_id, arena->solo ? names1 : names2, NULL, -1,
                                  pt_rng_derive_seed (arena->seed, deal), error);
  if (game == NULL)
    return FALSE;

  while (!pt_game_get_is_over (game))
    {
      int seat = pt_game_get_current_player (game);
      guint side = arena->solo ? 0 : (guint) seat ^ swap;
      g_autoptr(JsonNode) move = NULL;
      gint64 start;
      double cpu_start;

      if (seat < 0)
        break;
      if (n_moves++ >= MAX_MOVES)
        {
          result->capped = TRUE;
          break;
        }
      cpu_start = pt_cli_thread_cpu_ms ();
      start = g_get_monotonic_time ();
      if (engines[side] != NULL)
        {
          g_autoptr(GError) engine_error = NULL;

          move = pt_engine_choose_move (engines[side], game, (guint) seat, NULL, &engine_error);
          if (move == NULL)
            {
              /* The engine forfeits; it was stopped and restarts next round. */
              result->forfeit = (int) side + 1;
              result->reason = g_strdup (engine_error->message);
              break;
            }
        }
      else
        move = pt_bot_choose_move (bots[side], game, (guint) seat, NULL, error);
      if (move == NULL)
        return FALSE;
      {
        double ms = (double) (g_get_monotonic_time () - start) / 1000.0;
        double cpu_ms = pt_cli_thread_cpu_ms () - cpu_start;

        g_array_append_val (arena->times[worker][side], ms);
        g_array_append_val (arena->cpu_times[worker][side], cpu_ms);
      }
      if (!pt_game_request_move (game, (guint) seat, move, error))
        return FALSE;
    }

  /* The forfeiting seat: side ^ swap, as seat ^ swap is the side. */
  for (guint side = 0; side < 2; side++)
    if (engines[side] != NULL)
      pt_engine_game_over (engines[side], game,
                           result->forfeit ? (int) ((guint) (result->forfeit - 1) ^ swap) : -1,
                           result->reason);

  if (arena->solo)
    result->score[0] = pt_game_get_score (game, 0);
  else
    for (guint seat = 0; seat < 2; seat++)
      result->score[seat ^ swap] = pt_game_get_score (game, seat);
  return TRUE;
}

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;
  Arena *arena = w->arena;
  g_autoptr(PtBot) a = NULL;
  g_autoptr(PtBot) b = NULL;
  PtBot *bots[2];
  PtEngine *engines[2] = { NULL, NULL };

  /* Bots are created per thread; their seeds are fixed by the arena seed,
   * so a bot plays the same whatever thread runs it. */
  for (guint side = 0; side < (arena->solo ? 1u : 2u); side++)
    if (arena->engine[side] != NULL)
      {
        engines[side] = pt_engine_new (arena->engine[side], NULL);
        pt_engine_set_move_time (engines[side], arena->budget ? arena->budget : PT_ENGINE_DEFAULT_MOVE_TIME);
      }
  if (engines[0] == NULL)
    a = pt_bot_new (arena->game_id, arena->level[0], pt_rng_derive_seed (arena->seed, G_MAXUINT32 + 1ull),
                    arena->budget, NULL);
  if (!arena->solo && engines[1] == NULL)
    b = pt_bot_new (arena->game_id, arena->level[1], pt_rng_derive_seed (arena->seed, G_MAXUINT32 + 2ull),
                    arena->budget, NULL);
  bots[0] = a;
  bots[1] = b;

  /* Whole deals per thread, so both seatings of a deal run on one thread. */
  for (guint round = 0; round < arena->n_rounds; round++)
    {
      g_autoptr(GError) error = NULL;
      guint unit = arena->solo ? round : round / 2;

      if (unit % arena->n_threads != w->index)
        continue;
      if (!play_round (arena, w->index, round, bots, engines, &error))
        {
          arena->results[round].failed = TRUE;
          g_mutex_lock (&arena->lock);
          if (arena->error == NULL)
            arena->error = g_strdup_printf ("round %u: %s", round, error->message);
          g_mutex_unlock (&arena->lock);
          break;
        }
    }
  for (guint side = 0; side < 2; side++)
    g_clear_object (&engines[side]);
  return NULL;
}

static double
percentile (GArray *sorted,
            double p)
{
  guint i;

  if (sorted->len == 0)
    return 0;
  i = (guint) ceil (p * sorted->len) - (p > 0 ? 1 : 0);
  return g_array_index (sorted, double, MIN (i, sorted->len - 1));
}

/* Wilson score interval for a proportion, z = 1.96. */
static void
wilson (double p,
        double n,
        double *low,
        double *high)
{
  const double z = 1.96;
  double denominator = 1 + z * z / n;
  double centre = (p + z * z / (2 * n)) / denominator;
  double half = z * sqrt (p * (1 - p) / n + z * z / (4 * n * n)) / denominator;

  /* Rounding must not leave p itself outside its interval (p = 0 or 1). */
  *low = CLAMP (centre - half, 0.0, p);
  *high = CLAMP (centre + half, p, 1.0);
}

static JsonObject *
timing_json (GArray *times,
             GArray *cpu_times)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "moves", times->len);
  json_object_set_double_member (object, "median_ms", percentile (times, 0.5));
  json_object_set_double_member (object, "p95_ms", percentile (times, 0.95));
  json_object_set_double_member (object, "cpu_median_ms", percentile (cpu_times, 0.5));
  json_object_set_double_member (object, "cpu_p95_ms", percentile (cpu_times, 0.95));
  json_object_set_double_member (object, "cpu_p99_ms", percentile (cpu_times, 0.99));
  json_object_set_double_member (object, "cpu_max_ms", percentile (cpu_times, 1.0));
  return object;
}

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: partida-cli arena GAME --a LEVEL --b LEVEL [--games N] [--seed S]\n"
           "                             [--budget MS] [--threads 1|2] [--json]\n"
           "       partida-cli arena GAME --solo --a LEVEL [--games N] [--seed S] …\n\n"
           "Plays computer players against each other on seeded deals, every deal twice\n"
           "with the seats swapped, and reports A's win rate (95 %% Wilson interval), the\n"
           "mean score difference and the time per move. --solo: one-player games, mean score.\n"
           "Levels: easy, medium, hard, random, aggressive, or an external engine\n"
           "'engine:COMMAND ARGS' (docs/engine-protocol.md). --budget: ms per move (0: none;\n"
           "an engine then gets 5000 ms).\n");
}

int
pt_cli_arena (int argc,
              char **argv)
{
  g_autofree char *a_id = NULL;
  g_autofree char *b_id = NULL;
  g_autofree char *seed_text = NULL;
  int n_games = 100, budget = 0, threads = 1;
  gboolean json = FALSE, solo = FALSE;
  GOptionEntry entries[] = {
    { "a", 0, 0, G_OPTION_ARG_STRING, &a_id, "Level of player A", "LEVEL" },
    { "b", 0, 0, G_OPTION_ARG_STRING, &b_id, "Level of player B", "LEVEL" },
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "Rounds to play (default 100)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, "Seed of the deals and bots (default 1)", "S" },
    { "budget", 0, 0, G_OPTION_ARG_INT, &budget, "Time budget per move in ms (default 0: none)", "MS" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Worker threads, 1 or 2 (default 1)", "T" },
    { "solo", 0, 0, G_OPTION_ARG_NONE, &solo, "One-player games", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("GAME");
  g_autoptr(GError) error = NULL;
  Arena arena = { 0 };
  GThread *workers[2] = { NULL, NULL };
  Worker worker_data[2];
  GArray *times[2], *cpu_times[2];
  double wins = 0, sum = 0, sum2 = 0, rate, low, high, mean, se;
  guint capped = 0, n;
  guint forfeits[2] = { 0, 0 };
  int status = PT_CLI_EXIT_OK;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_help_enabled (context, FALSE);
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
      {
        usage (stdout);
        return PT_CLI_EXIT_OK;
      }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-cli arena: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 2 || a_id == NULL || (b_id == NULL && !solo) ||
      n_games < 1 || budget < 0 || threads < 1 || threads > 2)
    {
      usage (stderr);
      return PT_CLI_EXIT_USAGE;
    }

  pt_rules_init ();
  g_mutex_init (&arena.lock);
  arena.game_id = argv[1];
  arena.solo = solo;
  arena.budget = (guint) budget;
  arena.n_threads = (guint) threads;
  arena.seed = 1;
  if (seed_text != NULL && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64,
                                                        &arena.seed, &error))
    {
      fprintf (stderr, "partida-cli arena: --seed: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  for (guint side = 0; side < (solo ? 1u : 2u); side++)
    if (pt_engine_spec_parse (side == 0 ? a_id : b_id, &arena.engine[side]))
      {
        g_autoptr(PtEngine) engine = NULL;

        /* Start it once here, so a broken command or handshake stops the
         * arena before it starts instead of forfeiting every round. */
        engine = pt_engine_new (arena.engine[side], &error);
        if (engine != NULL && pt_engine_start (engine, NULL, &error) &&
            !pt_engine_plays (engine, arena.game_id))
          g_set_error (&error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_UNSUPPORTED_GAME,
                       "the engine “%s” does not play %s", pt_engine_get_name (engine),
                       arena.game_id);
        if (error != NULL)
          {
            fprintf (stderr, "partida-cli arena: %s: %s\n", side == 0 ? "A" : "B", error->message);
            status = PT_CLI_EXIT_INVALID;
            goto out;
          }
        arena.label[side] = g_strdup_printf ("%s (%s)", side == 0 ? a_id : b_id,
                                             pt_engine_get_name (engine));
      }
    else if (pt_bot_level_from_id (side == 0 ? a_id : b_id, &arena.level[side]))
      arena.label[side] = g_strdup (pt_bot_level_to_id (arena.level[side]));
  if (arena.label[0] == NULL || (!solo && arena.label[1] == NULL))
    {
      fprintf (stderr, "partida-cli arena: unknown level “%s”\n",
               arena.label[0] != NULL ? b_id : a_id);
      status = PT_CLI_EXIT_USAGE;
      goto out;
    }
  for (guint side = 0; side < (solo ? 1u : 2u); side++)
    if (arena.engine[side] == NULL && !pt_bot_supports (arena.game_id, arena.level[side]))
      {
        fprintf (stderr, "partida-cli arena: no “%s” computer player for %s\n",
                 pt_bot_level_to_id (arena.level[side]), arena.game_id);
        status = PT_CLI_EXIT_INVALID;
        goto out;
      }

  arena.n_rounds = solo ? (guint) n_games : ((guint) n_games + 1u) & ~1u;
  arena.results = g_new0 (RoundResult, arena.n_rounds);
  for (guint t = 0; t < arena.n_threads; t++)
    for (guint side = 0; side < 2; side++)
      {
        arena.times[t][side] = g_array_new (FALSE, FALSE, sizeof (double));
        arena.cpu_times[t][side] = g_array_new (FALSE, FALSE, sizeof (double));
      }

  for (guint t = 0; t < arena.n_threads; t++)
    {
      worker_data[t].arena = &arena;
      worker_data[t].index = t;
    }
  if (arena.n_threads == 1)
    worker_run (&worker_data[0]);
  else
    {
      for (guint t = 0; t < arena.n_threads; t++)
        workers[t] = g_thread_new ("arena", worker_run, &worker_data[t]);
      for (guint t = 0; t < arena.n_threads; t++)
        g_thread_join (workers[t]);
    }

  if (arena.error != NULL)
    {
      if (json)
        {
          g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
          JsonObject *root = json_object_new ();
          JsonObject *inner = json_object_new ();

          json_object_set_string_member (inner, "message", arena.error);
          json_object_set_object_member (root, "error", inner);
          json_node_take_object (node, root);
          pt_cli_print_json (node, FALSE);
        }
      else
        fprintf (stderr, "partida-cli arena: %s\n", arena.error);
      status = PT_CLI_EXIT_INVALID;
      goto out;
    }

  for (guint side = 0; side < 2; side++)
    {
      times[side] = g_array_new (FALSE, FALSE, sizeof (double));
      cpu_times[side] = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint t = 0; t < arena.n_threads; t++)
        {
          g_array_append_vals (times[side], arena.times[t][side]->data, arena.times[t][side]->len);
          g_array_append_vals (cpu_times[side], arena.cpu_times[t][side]->data,
                               arena.cpu_times[t][side]->len);
        }
      g_array_sort (times[side], pt_cli_compare_doubles);
      g_array_sort (cpu_times[side], pt_cli_compare_doubles);
    }

  n = arena.n_rounds;
  for (guint r = 0; r < n; r++)
    {
      const RoundResult *result = &arena.results[r];
      double diff = solo ? result->score[0] : result->score[0] - result->score[1];

      if (result->forfeit)
        {
          wins += result->forfeit == 2 ? 1.0 : 0;
          forfeits[result->forfeit - 1]++;
        }
      else if (!solo)
        wins += result->score[0] > result->score[1] ? 1.0 : result->score[0] == result->score[1] ? 0.5
                                                                                                 : 0;
      sum += diff;
      sum2 += diff * diff;
      capped += result->capped;
    }
  mean = sum / n;
  se = n > 1 ? sqrt (MAX (0.0, (sum2 - n * mean * mean) / (n - 1)) / n) : 0;
  rate = wins / n;
  wilson (rate, n, &low, &high);

  if (json)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      JsonObject *root = json_object_new ();
      JsonObject *timing = json_object_new ();

      json_object_set_string_member (root, "game", arena.game_id);
      json_object_set_string_member (root, "a", arena.label[0]);
      if (!solo)
        json_object_set_string_member (root, "b", arena.label[1]);
      json_object_set_int_member (root, "rounds", n);
      json_object_set_int_member (root, "seed", (gint64) arena.seed);
      json_object_set_int_member (root, "capped", capped);
      if (solo)
        {
          json_object_set_double_member (root, "mean_score", mean);
          json_object_set_double_member (root, "score_se", se);
        }
      else
        {
          JsonArray *ci = json_array_new ();

          json_object_set_double_member (root, "win_rate_a", rate);
          json_array_add_double_element (ci, low);
          json_array_add_double_element (ci, high);
          json_object_set_array_member (root, "win_rate_ci95", ci);
          json_object_set_double_member (root, "mean_diff", mean);
          json_object_set_double_member (root, "diff_se", se);
        }
      /* Per round, A's score minus B's (solo: A's score), in round order:
       * two runs with the same seed and B play the same deals, so their
       * lists pair up round by round (A1 − A2 on the same deals). */
      {
        JsonArray *diffs = json_array_new ();

        for (guint r = 0; r < n; r++)
          json_array_add_int_element (diffs, solo ? arena.results[r].score[0]
                                                  : arena.results[r].score[0] - arena.results[r].score[1]);
        json_object_set_array_member (root, "round_diffs", diffs);
      }
      /* Per round, A's and B's scores (where a difference comes from). */
      if (!solo)
        {
          JsonArray *scores = json_array_new ();

          for (guint r = 0; r < n; r++)
            {
              JsonArray *pair = json_array_new ();

              json_array_add_int_element (pair, arena.results[r].score[0]);
              json_array_add_int_element (pair, arena.results[r].score[1]);
              json_array_add_array_element (scores, pair);
            }
          json_object_set_array_member (root, "round_scores", scores);
        }
      json_object_set_object_member (timing, "a", timing_json (times[0], cpu_times[0]));
      if (!solo)
        json_object_set_object_member (timing, "b", timing_json (times[1], cpu_times[1]));
      json_object_set_object_member (root, "time", timing);
      if (arena.engine[0] != NULL || arena.engine[1] != NULL)
        {
          JsonArray *list = json_array_new ();

          for (guint r = 0; r < n; r++)
            if (arena.results[r].forfeit)
              {
                JsonObject *forfeit = json_object_new ();

                json_object_set_int_member (forfeit, "round", r);
                json_object_set_string_member (forfeit, "side", arena.results[r].forfeit == 1 ? "a" : "b");
                json_object_set_string_member (forfeit, "reason", arena.results[r].reason);
                json_array_add_object_element (list, forfeit);
              }
          json_object_set_array_member (root, "forfeits", list);
        }
      json_node_take_object (node, root);
      pt_cli_print_json (node, TRUE);
    }
  else
    {
      g_autofree char *capped_note = capped ? g_strdup_printf (", %u capped at %d moves",
                                                               capped, MAX_MOVES)
                                            : NULL;

      printf ("%s: %u %s, seed %" G_GUINT64_FORMAT "%s\n", arena.game_id, n,
              solo ? "solo games" : "rounds (each deal twice, seats swapped)", arena.seed,
              capped_note ? capped_note : "");
      if (solo)
        printf ("A (%s): mean score %.2f ± %.2f (s.e.)\n",
                arena.label[0], mean, se);
      else
        {
          printf ("A (%s) vs B (%s): A wins %.1f %% [95 %% CI %.1f – %.1f %%]\n",
                  arena.label[0], arena.label[1],
                  100 * rate, 100 * low, 100 * high);
          printf ("score difference A − B: %+.2f ± %.2f (s.e.) per round\n", mean, se);
        }
      for (guint side = 0; side < (solo ? 1u : 2u); side++)
        printf ("time per move, %s (%s): median %.3f ms, 95th percentile %.3f ms "
                "(CPU: median %.3f / p95 %.3f / p99 %.3f / max %.3f ms; %u moves)\n",
                side == 0 ? "A" : "B", arena.label[side],
                percentile (times[side], 0.5), percentile (times[side], 0.95),
                percentile (cpu_times[side], 0.5), percentile (cpu_times[side], 0.95),
                percentile (cpu_times[side], 0.99), percentile (cpu_times[side], 1.0),
                times[side]->len);
      for (guint side = 0; side < 2; side++)
        if (forfeits[side] > 0)
          for (guint r = 0; r < n; r++)
            if (arena.results[r].forfeit == (int) side + 1)
              {
                /* The first reason says enough; the JSON lists them all. */
                printf ("%s forfeited %u round%s (first, round %u: %s)\n", side == 0 ? "A" : "B",
                        forfeits[side], forfeits[side] == 1 ? "" : "s", r, arena.results[r].reason);
                break;
              }
    }
  for (guint side = 0; side < 2; side++)
    {
      g_array_unref (times[side]);
      g_array_unref (cpu_times[side]);
    }

out:
  for (guint t = 0; t < arena.n_threads; t++)
    for (guint side = 0; side < 2; side++)
      {
        g_clear_pointer (&arena.times[t][side], g_array_unref);
        g_clear_pointer (&arena.cpu_times[t][side], g_array_unref);
      }
  for (guint r = 0; arena.results != NULL && r < arena.n_rounds; r++)
    g_free (arena.results[r].reason);
  for (guint side = 0; side < 2; side++)
    {
      g_free (arena.engine[side]);
      g_free (arena.label[side]);
    }
  g_free (arena.results);
  g_free (arena.error);
  g_mutex_clear (&arena.lock);
  return status;
}
