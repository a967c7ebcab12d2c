/* pt-cli-bench-store.c — partida-cli bench store
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds a temporary database of --matches matches (default 100,000) of 2–4
 * players among 12, then times: inserting batches of 10,000 matches (the
 * last 30,000 of the database, one transaction per match as the app saves
 * them, and once in a single transaction), a player's full statistics
 * (pt_stats_player: per-game lines, streaks, head-to-head, ratings) and one
 * history page (50 matches filtered by game and player), --late matches
 * dated among the stored ones (saved one by one, then as one batch) and
 * deleting/undeleting one of the first matches, each of which re-rates its
 * game from that match on. Prints medians (wall and CPU time).
 */
#include "config.h"

#include <stdio.h>
#include <time.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "pt-cli-commands.h"
#include "pt-stats.h"
#include "pt-store.h"

#define N_PLAYERS 12

static const char *const games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };

static PtMatchEntry *
random_match (GRand        *rand,
              const gint64 *players,
              gint64        finished)
{
  const char *game = games[g_rand_int_range (rand, 0, G_N_ELEMENTS (games))];
  PtMatchEntry *entry = pt_match_entry_new (game, g_rand_boolean (rand) ? PT_MATCH_MODE_DIGITAL
                                                                        : PT_MATCH_MODE_COMPANION);
  int n = g_rand_int_range (rand, 2, 5);
  int seats[N_PLAYERS], scores[4], top = G_MININT;

  for (int i = 0; i < N_PLAYERS; i++)
    seats[i] = i;
  for (int i = 0; i < n; i++)
    {
      int j = g_rand_int_range (rand, i, N_PLAYERS), t = seats[i];
      seats[i] = seats[j];
      seats[j] = t;
      scores[i] = g_rand_int_range (rand, -20, 120);
      top = MAX (top, scores[i]);
    }
  for (int i = 0; i < n; i++)
    pt_match_entry_add_result (entry, pt_match_result_new (players[seats[i]], i, scores[i],
                                                           scores[i] == top));
  entry->finished = finished;
  entry->started = finished - 1800;
  entry->options = g_strdup ("{\"rounds\":3}");
  entry->breakdown = g_strdup_printf ("{\"rounds\":[[%d,%d],[%d,%d],[%d,%d]]}", scores[0] / 3,
                                      scores[1] / 3, scores[0] / 3, scores[1] / 3,
                                      scores[0] - 2 * (scores[0] / 3), scores[1] - 2 * (scores[1] / 3));
  if (entry->mode == PT_MATCH_MODE_DIGITAL)
    entry->record = g_strdup_printf ("{\"format\":\"partida-record/1\",\"game\":\"%s\","
                                     "\"moves\":[\"…%u\"]}", game, g_rand_int (rand));
  return entry;
}

/* CPU time of this process: on a busy machine (parallel builds) wall time
 * mostly measures the neighbours, so both are printed. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (GArray *times)
{
  g_array_sort (times, compare_doubles);
  return g_array_index (times, double, times->len / 2);
}

int
pt_cli_bench_store (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtStats) stats = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260314);
  g_autoptr(GArray) insert_each = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) insert_batch = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) stats_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) page_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) keyset_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) stats_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) page_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) insert_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) late_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) recompute_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) recompute_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  double late_total = 0, late_cpu = 0, late_batch_total = 0, late_batch_cpu = 0;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  gint64 players[N_PLAYERS];
  gint64 finished = 1600000000, busiest = 0;
  int total = 100000, runs = 7, timed_runs = 3, batch = 10000, plays_of_busiest = 0, n_late = 1000;
  gboolean keep = FALSE;
  GOptionEntry entries[] = {
    { "matches", 0, 0, G_OPTION_ARG_INT, &total, "Matches in the database (default 100000)", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs of each query (default 7)", "N" },
    { "late", 0, 0, G_OPTION_ARG_INT, &n_late, "Matches entered out of order (default 1000)", "N" },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "Keep the temporary database", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || total < 4 * batch || runs < 1 ||
      n_late < 1)
    {
      fprintf (stderr, "partida-cli bench store: %s\n",
               error != NULL ? error->message : "--matches must be at least 40000");
      return PT_CLI_EXIT_USAGE;
    }

  dir = g_dir_make_tmp ("partida-bench-XXXXXX", &error);
  path = g_build_filename (dir, "bench.db", NULL);
  store = dir != NULL ? pt_store_open (path, PT_STORE_OPEN_CREATE, &error) : NULL;
  if (store == NULL)
    {
      fprintf (stderr, "partida-cli bench store: %s\n", error->message);
      return PT_CLI_EXIT_INVALID;
    }
  for (int i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02d", i);
      g_autoptr(PtPlayer) p = pt_store_add_player (store, name, NULL, &error);
      g_assert_no_error (error);
      players[i] = p->id;
    }

  /* Untimed bulk of the database, 10,000 matches per transaction. */
  for (int done = 0; done < total - timed_runs * batch - batch;)
    {
      g_autoptr(GPtrArray) entries_batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
      int n = MIN (batch, total - timed_runs * batch - batch - done);

      for (int i = 0; i < n; i++)
        g_ptr_array_add (entries_batch, random_match (rand, players, finished += 60));
      if (!pt_store_save_matches (store, entries_batch, &error))
        {
          fprintf (stderr, "partida-cli bench store: %s\n", error->message);
          return PT_CLI_EXIT_INVALID;
        }
      done += n;
    }

  /* Timed: 10,000 matches in one transaction, once. */
  {
    g_autoptr(GPtrArray) entries_batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
    gint64 start;
    double t;

    for (int i = 0; i < batch; i++)
      g_ptr_array_add (entries_batch, random_match (rand, players, finished += 60));
    start = g_get_monotonic_time ();
    if (!pt_store_save_matches (store, entries_batch, &error))
      {
        fprintf (stderr, "partida-cli bench store: %s\n", error->message);
        return PT_CLI_EXIT_INVALID;
      }
    t = (g_get_monotonic_time () - start) / 1e6;
    g_array_append_val (insert_batch, t);
  }

  /* Timed: 10,000 matches saved one by one, as the app saves them. */
  for (int run = 0; run < timed_runs; run++)
    {
      g_autoptr(GPtrArray) entries_batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
      gint64 start;
      double t, cpu;

      for (int i = 0; i < batch; i++)
        g_ptr_array_add (entries_batch, random_match (rand, players, finished += 60));
      start = g_get_monotonic_time ();
      cpu = cpu_ms ();
      for (int i = 0; i < batch; i++)
        if (pt_store_save_match (store, entries_batch->pdata[i], &error) == 0)
          {
            fprintf (stderr, "partida-cli bench store: %s\n", error->message);
            return PT_CLI_EXIT_INVALID;
          }
      t = (g_get_monotonic_time () - start) / 1e6;
      g_array_append_val (insert_each, t);
      cpu = (cpu_ms () - cpu) / 1e3;
      g_array_append_val (insert_cpu, cpu);
    }

  /* Timed: matches entered late (dated among the ones already stored, as
   * a paper score sheet typed in days later), one transaction each; then
   * the same number in one batch. Each re-rates its game from its date on. */
  {
    g_autoptr(GPtrArray) late = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
    g_autoptr(GPtrArray) late_batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
    gint64 start;
    double cpu;

    for (int i = 0; i < n_late; i++)
      {
        g_ptr_array_add (late, random_match (rand, players,
                                             g_rand_int_range (rand, 1600000000, (gint32) finished)));
        g_ptr_array_add (late_batch, random_match (rand, players,
                                                   g_rand_int_range (rand, 1600000000, (gint32) finished)));
      }
    start = g_get_monotonic_time ();
    cpu = cpu_ms ();
    for (int i = 0; i < n_late; i++)
      {
        gint64 one = g_get_monotonic_time ();
        double t;

        if (pt_store_save_match (store, late->pdata[i], &error) == 0)
          {
            fprintf (stderr, "partida-cli bench store: %s\n", error->message);
            return PT_CLI_EXIT_INVALID;
          }
        t = (g_get_monotonic_time () - one) / 1e3;
        g_array_append_val (late_times, t);
      }
    late_total = (g_get_monotonic_time () - start) / 1e6;
    late_cpu = (cpu_ms () - cpu) / 1e3;

    start = g_get_monotonic_time ();
    cpu = cpu_ms ();
    if (!pt_store_save_matches (store, late_batch, &error))
      {
        fprintf (stderr, "partida-cli bench store: %s\n", error->message);
        return PT_CLI_EXIT_INVALID;
      }
    late_batch_total = (g_get_monotonic_time () - start) / 1e6;
    late_batch_cpu = (cpu_ms () - cpu) / 1e3;
  }

  /* Timed: deleting and restoring one of the first matches (the UI's undo),
   * each re-rating almost the whole of its game. */
  {
    PtHistoryQuery query;
    g_autoptr(GPtrArray) oldest = NULL;
    gint64 early;

    pt_history_query_init (&query);
    query.to = 1600000000 + 3600;
    query.limit = 1;
    oldest = pt_store_history (store, &query, &error);
    g_assert_no_error (error);
    g_assert_cmpint (oldest->len, ==, 1);
    early = ((PtMatchEntry *) oldest->pdata[0])->id;
    for (int run = 0; run < runs; run++)
      {
        gint64 start = g_get_monotonic_time ();
        double cpu = cpu_ms (), t;

        if (!pt_store_delete_match (store, early, &error))
          {
            fprintf (stderr, "partida-cli bench store: %s\n", error->message);
            return PT_CLI_EXIT_INVALID;
          }
        t = (g_get_monotonic_time () - start) / 1e3;
        cpu = cpu_ms () - cpu;
        g_array_append_val (recompute_times, t);
        g_array_append_val (recompute_cpu, cpu);
        start = g_get_monotonic_time ();
        cpu = cpu_ms ();
        if (!pt_store_undelete_match (store, early, &error))
          {
            fprintf (stderr, "partida-cli bench store: %s\n", error->message);
            return PT_CLI_EXIT_INVALID;
          }
        t = (g_get_monotonic_time () - start) / 1e3;
        cpu = cpu_ms () - cpu;
        g_array_append_val (recompute_times, t);
        g_array_append_val (recompute_cpu, cpu);
      }
  }

  stats = pt_stats_new (store);
  {
    g_autoptr(GPtrArray) overview = pt_stats_overview (stats, NULL, FALSE, &error);
    g_assert_no_error (error);
    busiest = ((PtStatLine *) overview->pdata[0])->player_id;
    for (guint i = 0; i < overview->len; i++)
      {
        PtStatLine *l = overview->pdata[i];
        if (l->plays > plays_of_busiest)
          {
            plays_of_busiest = l->plays;
            busiest = l->player_id;
          }
      }
  }

  for (int run = 0; run < runs; run++)
    {
      g_autoptr(PtPlayerStats) s = NULL;
      g_autoptr(GPtrArray) page = NULL;
      g_autoptr(GPtrArray) next = NULL;
      PtHistoryQuery query;
      gint64 start = g_get_monotonic_time ();
      double cpu = cpu_ms ();
      double t;

      s = pt_stats_player (stats, busiest, &error);
      t = (g_get_monotonic_time () - start) / 1e3;
      cpu = cpu_ms () - cpu;
      g_assert_no_error (error);
      g_array_append_val (stats_times, t);
      g_array_append_val (stats_cpu, cpu);

      pt_history_query_init (&query);
      query.game = games[run % G_N_ELEMENTS (games)];
      query.player_id = players[run % N_PLAYERS];
      query.limit = 50;
      start = g_get_monotonic_time ();
      cpu = cpu_ms ();
      page = pt_store_history (store, &query, &error);
      t = (g_get_monotonic_time () - start) / 1e3;
      cpu = cpu_ms () - cpu;
      g_array_append_val (page_cpu, cpu);
      g_assert_no_error (error);
      g_assert_cmpint (page->len, ==, 50);
      g_array_append_val (page_times, t);

      /* The following page by keyset. */
      query.before_finished = ((PtMatchEntry *) page->pdata[49])->finished;
      query.before_id = ((PtMatchEntry *) page->pdata[49])->id;
      start = g_get_monotonic_time ();
      next = pt_store_history (store, &query, &error);
      t = (g_get_monotonic_time () - start) / 1e3;
      g_assert_no_error (error);
      g_array_append_val (keyset_times, t);
    }

  printf ("store benchmark: %d matches of 2–4 players among %d, SQLite %s\n",
          pt_store_count_matches (store, NULL), N_PLAYERS, sqlite3_libversion ());
  printf ("insert %d matches, one transaction each: median %.2f s of %d runs (target < 3 s)"
          "  [CPU %.2f s]\n", batch, median (insert_each), timed_runs, median (insert_cpu));
  printf ("insert %d matches, one transaction:      %.2f s\n", batch, median (insert_batch));
  printf ("%d matches entered late, one transaction each: %.2f s, median %.2f ms per save"
          "  [CPU %.2f s]\n", n_late, late_total, median (late_times), late_cpu);
  printf ("%d matches entered late, one transaction:      %.2f s  [CPU %.2f s]\n", n_late,
          late_batch_total, late_batch_cpu);
  printf ("delete or undelete one of the first matches:  median %.2f ms of %d runs"
          "  [CPU %.2f ms]\n", median (recompute_times), 2 * runs, median (recompute_cpu));
  printf ("player statistics (%d plays):        median %.2f ms of %d runs (target < 50 ms)"
          "  [CPU %.2f ms]\n", plays_of_busiest, median (stats_times), runs, median (stats_cpu));
  printf ("history page (50, game + player):       median %.2f ms of %d runs (target < 10 ms)"
          "  [CPU %.2f ms]\n", median (page_times), runs, median (page_cpu));
  printf ("next history page by keyset:            median %.2f ms\n", median (keyset_times));

  g_clear_object (&stats);
  g_clear_object (&store);
  if (keep)
    printf ("database kept at %s\n", path);
  else
    {
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      g_autofree char *shm = g_strconcat (path, "-shm", NULL);
      g_unlink (path);
      g_unlink (wal);
      g_unlink (shm);
      g_rmdir (dir);
    }
  return PT_CLI_EXIT_OK;
}
