/* pt-cli-bench-sync.c — partida-bench sync
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A device with --matches random matches (2–4 players among 12, the three
 * games, half of them digital with a game record) syncs them into a
 * folder; then a fresh device applies them (the change file's changeset
 * through sqlite3changeset_apply and into the history), and, as the
 * reference measured in the same run, another fresh database imports the
 * same history from a partida-export/1 file. Printed: CPU medians of
 * --runs runs, the ratio sync / import, and the change file's bytes per
 * match (all at once, and one match in a file of its own).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "pt-cli-commands.h"
#include "pt-store.h"
#include "pt-sync.h"

#define N_PLAYERS 12

static const char *const games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static double
median (GArray *times)
{
  g_array_sort (times, pt_cli_compare_doubles);
  return g_array_index (times, double, times->len / 2);
}

static PtMatchEntry *
random_match (GRand *rand,
              const gint64 *players,
              gint64 finished)
{
  PtMatchEntry *entry = pt_match_entry_new (games[g_rand_int_range (rand, 0, G_N_ELEMENTS (games))],
                                            g_rand_boolean (rand) ? PT_MATCH_MODE_DIGITAL
                                                                  : PT_MATCH_MODE_COMPANION);
  int n = g_rand_int_range (rand, 2, 5), seats[N_PLAYERS], scores[4], top = G_MININT;

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
    pt_match_entry_add_result (entry, pt_match_result_new (players[seats[i]], i, scores[i], scores[i] == top));
  entry->finished = finished;
  entry->started = finished - 1800;
  entry->breakdown = g_strdup_printf ("{\"players\":[{\"score\":%d},{\"score\":%d}]}", scores[0], scores[1]);
  if (entry->mode == PT_MATCH_MODE_DIGITAL)
    {
      GString *record = g_string_new ("{\"format\":\"partida-record/1\",\"game\":\"");

      g_string_append_printf (record, "%s\",\"setup\":{\"seed\":%u},\"moves\":[", entry->game,
                              g_rand_int (rand));
      for (int m = 0; m < 60; m++)
        g_string_append_printf (record, "%s{\"card\":%d,\"to\":%d}", m > 0 ? "," : "",
                                g_rand_int_range (rand, 0, 60), g_rand_int_range (rand, 0, 10));
      g_string_append (record, "]}");
      entry->record = g_string_free (record, FALSE);
    }
  return entry;
}

static gint64
file_size (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (gint64) st.st_size : 0;
}

static gint64
folder_size (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  gint64 total = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      total += file_size (path);
    }
  return total;
}

static PtStore *
fresh (const char *dir,
       const char *name,
       GError **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return pt_store_open (path, PT_STORE_OPEN_CREATE, error);
}

int
pt_cli_bench_sync (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autoptr(PtStore) source = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
  g_autoptr(GArray) sync_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) import_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *one_folder = NULL;
  g_autofree char *export = NULL;
  gint64 players[N_PLAYERS];
  gint64 bytes, one_bytes;
  int matches = 10000, runs = 5, seed = 1;
  double publish_ms, t0;
  GOptionEntry options[] = {
    { "matches", 0, 0, G_OPTION_ARG_INT, &matches, "Matches to sync (default 10000)", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per figure; the median is printed (default 5)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Random seed (default 1)", "S" },
    { NULL }
  };

  g_set_prgname ("partida-bench sync");
  g_option_context_set_summary (context,
                                "Time to apply N matches from another device's change file (sqlite3changeset_apply and\n"
                                "writing them into the history) against importing the same matches from a\n"
                                "partida-export/1 file, CPU medians in the same run; and the change files' bytes per match.");
  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || matches < 1 || runs < 1)
    {
      fprintf (stderr, "partida-bench sync: %s\n", error != NULL ? error->message : "bad arguments");
      return PT_CLI_EXIT_USAGE;
    }
  if (!pt_sync_available ())
    {
      fprintf (stderr, "partida-bench sync: this SQLite has no session extension\n");
      return PT_CLI_EXIT_INVALID;
    }
  dir = g_dir_make_tmp ("partida-bench-sync-XXXXXX", &error);
  if (dir == NULL)
    goto fail;
  folder = g_build_filename (dir, "folder", NULL);
  one_folder = g_build_filename (dir, "one", NULL);
  g_mkdir (folder, 0700);
  g_mkdir (one_folder, 0700);

  /* The device the matches come from. */
  rand = g_rand_new_with_seed ((guint32) seed);
  if ((source = fresh (dir, "source.db", &error)) == NULL)
    goto fail;
  for (int i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %d", i + 1);
      g_autoptr(PtPlayer) p = pt_store_add_player (source, name, NULL, &error);

      if (p == NULL)
        goto fail;
      players[i] = p->id;
    }
  for (int i = 0; i < matches; i++)
    g_ptr_array_add (entries, random_match (rand, players, 1700000000 + (gint64) i * 3600));
  if (!pt_store_save_matches (source, entries, &error))
    goto fail;
  t0 = cpu_ms ();
  if (!pt_sync_run (source, folder, NULL, &error))
    goto fail;
  publish_ms = cpu_ms () - t0;
  bytes = folder_size (folder);
  if ((export = pt_store_export_json (source, &error)) == NULL)
    goto fail;

  for (int r = 0; r < runs; r++)
    {
      g_autofree char *a = g_strdup_printf ("sync-%d.db", r);
      g_autofree char *b = g_strdup_printf ("import-%d.db", r);
      g_autoptr(PtStore) dest = fresh (dir, a, &error);
      g_autoptr(PtStore) ref = dest != NULL ? fresh (dir, b, &error) : NULL;
      g_autofree char *check = NULL;
      double t1, t2, t3;

      if (ref == NULL)
        goto fail;
      t1 = cpu_ms ();
      if (!pt_sync_run (dest, folder, NULL, &error))
        goto fail;
      t2 = cpu_ms ();
      if (!pt_store_import_json (ref, export, NULL, &error))
        goto fail;
      t3 = cpu_ms ();
      g_array_append_vals (sync_times, &(double){ t2 - t1 }, 1);
      g_array_append_vals (import_times, &(double){ t3 - t2 }, 1);
      if (r == 0)
        {
          if ((check = pt_store_export_json (dest, &error)) == NULL)
            goto fail;
          if (g_strcmp0 (check, export) != 0)
            {
              fprintf (stderr, "partida-bench sync: the synced history differs from the source\n");
              return PT_CLI_EXIT_INVALID;
            }
        }
    }

  /* One more match, in a change file of its own. */
  {
    g_autoptr(PtStore) single = fresh (dir, "single.db", &error);
    g_autoptr(PtMatchEntry) one = NULL;
    gint64 single_players[N_PLAYERS];

    if (single == NULL)
      goto fail;
    for (int i = 0; i < N_PLAYERS; i++)
      {
        g_autofree char *name = g_strdup_printf ("Player %d", i + 1);
        g_autoptr(PtPlayer) p = pt_store_add_player (single, name, NULL, &error);

        if (p == NULL)
          goto fail;
        single_players[i] = p->id;
      }
    if (!pt_sync_run (single, one_folder, NULL, &error))
      goto fail;
    one_bytes = folder_size (one_folder);
    one = random_match (rand, single_players, 1800000000);
    if (pt_store_save_match (single, one, &error) == 0 || !pt_sync_run (single, one_folder, NULL, &error))
      goto fail;
    one_bytes = folder_size (one_folder) - one_bytes;
  }

  printf ("sync benchmark: %d matches of 2-4 players among %d (half digital, with a record),"
          " SQLite %s; CPU medians of %d runs\n",
          matches, N_PLAYERS, sqlite3_libversion (), runs);
  printf ("  %-52s %10.1f ms\n", "write them as one change file (publish)", publish_ms);
  printf ("  %-52s %10.1f ms\n", "apply them on a fresh device (pt_sync_run)", median (sync_times));
  printf ("  %-52s %10.1f ms\n", "reference: import the same partida-export/1", median (import_times));
  printf ("  %-52s %10.2f\n", "ratio apply / import", median (sync_times) / MAX (median (import_times), 0.001));
  printf ("  %-52s %10.1f bytes (%" G_GINT64_FORMAT " in all)\n", "change file per match, all in one file",
          (double) bytes / matches, bytes);
  printf ("  %-52s %10" G_GINT64_FORMAT " bytes\n", "a change file with one new match", one_bytes);
  printf ("  %-52s %10.1f bytes\n", "the partida-export/1 file per match", (double) strlen (export) / matches);
  g_clear_object (&source);
  {
    g_autoptr(GDir) d = g_dir_open (folder, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_unlink (path);
      }
  }
  {
    g_autoptr(GDir) d = g_dir_open (one_folder, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (one_folder, name, NULL);
        g_unlink (path);
      }
  }
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        if (!g_file_test (path, G_FILE_TEST_IS_DIR))
          g_unlink (path);
      }
  }
  g_rmdir (folder);
  g_rmdir (one_folder);
  g_rmdir (dir);
  return PT_CLI_EXIT_OK;

fail:
  fprintf (stderr, "partida-bench sync: %s\n", error != NULL ? error->message : "failed");
  return PT_CLI_EXIT_INVALID;
}
