/* pt-cli-bench-store.c — partida-bench store
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds two temporary databases from the same --matches random matches of
 * 2–4 players among 12: Partida's store, and "raw", a minimal SQLite
 * schema with the same facts (players; matches with their uuid, options,
 * breakdown and record; results with the rating after the match; an index
 * on matches (finished) and one on results (player_id, match_id)). Then
 * every figure is timed on both, the store through its API and raw with
 * the SQL a programmer would write for the same answer, and printed with
 * the ratio store / raw. Times are CPU medians of --runs runs (wall time
 * on a shared machine mostly measures the neighbours).
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
#define BATCH     10000

static const char *const games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };

static const char raw_schema[] =
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;"
    "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    "CREATE TABLE matches (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL, game TEXT NOT NULL,"
    "  mode INTEGER NOT NULL, started INTEGER NOT NULL, finished INTEGER NOT NULL,"
    "  options TEXT NOT NULL, breakdown TEXT NOT NULL, record TEXT, notes TEXT NOT NULL DEFAULT '',"
    "  deleted INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX raw_time ON matches (finished);"
    "CREATE TABLE results (match_id INTEGER NOT NULL, seat INTEGER NOT NULL,"
    "  player_id INTEGER NOT NULL, score INTEGER NOT NULL, rank INTEGER NOT NULL,"
    "  winner INTEGER NOT NULL, rating REAL, PRIMARY KEY (match_id, seat)) WITHOUT ROWID;"
    "CREATE INDEX raw_player ON results (player_id, match_id);";

static PtMatchEntry *
random_match (GRand *rand,
              const gint64 *players,
              gint64 finished)
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
  /* The store gives it its UUID, as to the app's saves (raw copies it). */
  entry->finished = finished;
  entry->started = finished - 1800;
  entry->options = g_strdup ("{\"rounds\":3}");
  entry->breakdown = g_strdup_printf ("{\"rounds\":[[%d,%d],[%d,%d],[%d,%d]]}", scores[0] / 3,
                                      scores[1] / 3, scores[0] / 3, scores[1] / 3,
                                      scores[0] - 2 * (scores[0] / 3), scores[1] - 2 * (scores[1] / 3));
  if (entry->mode == PT_MATCH_MODE_DIGITAL)
    entry->record = g_strdup_printf ("{\"format\":\"partida-record/1\",\"game\":\"%s\","
                                     "\"moves\":[\"…%u\"]}",
                                     game, g_rand_int (rand));
  return entry;
}

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
  return times->len > 0 ? g_array_index (times, double, times->len / 2) : 0;
}

static void
raw_exec (sqlite3 *db,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("raw SQLite: %s: %s", sql, message);
}

static sqlite3_stmt *
raw_prepare (sqlite3 *db,
             const char *sql)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v3 (db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK)
    g_error ("raw SQLite: %s: %s", sql, sqlite3_errmsg (db));
  return stmt;
}

/* Steps @stmt to its end, reading every column of every row. */
static int
raw_drain (sqlite3_stmt *stmt)
{
  int rows = 0;

  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        (void) sqlite3_column_text (stmt, c);
      rows++;
    }
  sqlite3_reset (stmt);
  return rows;
}

typedef struct
{
  sqlite3 *db;
  sqlite3_stmt *match;
  sqlite3_stmt *result;
} Raw;

/* The same match into the raw copy (ids follow the store's). */
static void
raw_insert (Raw *raw,
            PtMatchEntry *entry)
{
  sqlite3_bind_int64 (raw->match, 1, entry->id);
  sqlite3_bind_text (raw->match, 2, entry->uuid, -1, SQLITE_STATIC);
  sqlite3_bind_text (raw->match, 3, entry->game, -1, SQLITE_STATIC);
  sqlite3_bind_int (raw->match, 4, entry->mode);
  sqlite3_bind_int64 (raw->match, 5, entry->started);
  sqlite3_bind_int64 (raw->match, 6, entry->finished);
  sqlite3_bind_text (raw->match, 7, entry->options, -1, SQLITE_STATIC);
  sqlite3_bind_text (raw->match, 8, entry->breakdown, -1, SQLITE_STATIC);
  if (entry->record != NULL)
    sqlite3_bind_text (raw->match, 9, entry->record, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (raw->match, 9);
  if (sqlite3_step (raw->match) != SQLITE_DONE)
    g_error ("raw SQLite: %s", sqlite3_errmsg (raw->db));
  sqlite3_reset (raw->match);
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (entry->results, i);

      sqlite3_bind_int64 (raw->result, 1, entry->id);
      sqlite3_bind_int (raw->result, 2, r->seat);
      sqlite3_bind_int64 (raw->result, 3, r->player_id);
      sqlite3_bind_int (raw->result, 4, r->score);
      sqlite3_bind_int (raw->result, 5, r->rank);
      sqlite3_bind_int (raw->result, 6, r->winner);
      if (sqlite3_step (raw->result) != SQLITE_DONE)
        g_error ("raw SQLite: %s", sqlite3_errmsg (raw->db));
      sqlite3_reset (raw->result);
    }
}

static double
file_bytes (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (double) st.st_size : 0;
}

static void
row (const char *what,
     double ours,
     double raw,
     const char *unit,
     const char *target)
{
  printf ("%-44s %10.3f %-3s  raw %10.3f %-3s  ratio %6.2f  %s\n", what, ours, unit, raw, unit,
          raw > 0 ? ours / raw : 0, target);
}

/* Every background step of the deferred statistics. */
static void
catch_up_all (PtStore *store)
{
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;

  while (!done)
    if (!pt_store_catch_up (store, 500, &done, &error))
      g_error ("%s", error->message);
}

int
pt_cli_bench_store (int argc, char **argv)
{
  g_autoptr(GOptionContext) context =
                 g_option_context_new ("- time the match history against raw SQLite");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtStats) stats = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260314);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *raw_path = NULL;
  Raw raw = { NULL };
  gint64 players[N_PLAYERS];
  gint64 finished = 1600000000;
  int total = 100000, runs = 7;
  double batch_ours = 0, batch_raw = 0;
  gboolean keep = FALSE, reused = FALSE;
  g_autofree char *reuse_dir = NULL;
  GOptionEntry entries[] = {
    { "matches", 0, 0, G_OPTION_ARG_INT, &total,
      "Matches in the database, any N >= 1000 (default 100000)", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs of each timed step (default 7)", "N" },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "Keep the temporary databases", NULL },
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &reuse_dir,
      "Build the databases in DIR and keep them; if DIR already holds them, reuse them "
      "(each run adds the timed 10,000-match batch)",
      "DIR" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context,
                                "Builds a store and a raw SQLite copy of the same N random matches (2-4 of 12 players,\n"
                                "3 games) in a temporary folder and prints, per figure, the store's CPU median, the same\n"
                                "question asked of raw SQLite, and the ratio. Figures: bytes per match, 10,000 matches in\n"
                                "one transaction, one save, the Players page, a player page, one head-to-head, a game's\n"
                                "leaderboard, a history page, correcting and trashing an old match (the write before the\n"
                                "window is free, and the re-rating left to the worker's background steps).\n"
                                "N must be at least 1000; a million matches take a while to build (see --dir).");
  if (!g_option_context_parse (context, &argc, &argv, &error) || total < 1000 || runs < 1)
    {
      fprintf (stderr, "partida-bench store: %s\n",
               error != NULL ? error->message : "--matches must be at least 1000 and --runs at least 1");
      return PT_CLI_EXIT_USAGE;
    }

  if (reuse_dir != NULL)
    {
      keep = TRUE;
      dir = g_strdup (reuse_dir);
      if (g_mkdir_with_parents (dir, 0700) != 0)
        dir = NULL;
    }
  else
    dir = g_dir_make_tmp ("partida-bench-XXXXXX", &error);
  path = dir != NULL ? g_build_filename (dir, "bench.db", NULL) : NULL;
  raw_path = dir != NULL ? g_build_filename (dir, "raw.db", NULL) : NULL;
  reused = path != NULL && g_file_test (path, G_FILE_TEST_EXISTS) && g_file_test (raw_path, G_FILE_TEST_EXISTS);
  store = dir != NULL ? pt_store_open (path, PT_STORE_OPEN_CREATE, &error) : NULL;
  if (store == NULL)
    {
      fprintf (stderr, "partida-bench store: %s\n", error->message);
      return PT_CLI_EXIT_INVALID;
    }
  if (sqlite3_open (raw_path, &raw.db) != SQLITE_OK)
    g_error ("raw SQLite: %s", sqlite3_errmsg (raw.db));
  if (!reused)
    raw_exec (raw.db, raw_schema);
  else
    raw_exec (raw.db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;");
  raw.match = raw_prepare (raw.db, "INSERT INTO matches (id, uuid, game, mode, started, finished,"
                                   " options, breakdown, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  raw.result = raw_prepare (raw.db, "INSERT INTO results (match_id, seat, player_id, score, rank,"
                                    " winner) VALUES (?, ?, ?, ?, ?, ?)");
  for (int i = 0; reused && i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02d", i);
      g_autoptr(PtPlayer) p = pt_store_find_player (store, name, &error);

      if (p == NULL)
        g_error ("%s: not a benchmark database (%s)", path, name);
      players[i] = p->id;
    }
  if (reused)
    {
      sqlite3_stmt *last = raw_prepare (raw.db, "SELECT count (*), max (finished) FROM matches");

      if (sqlite3_step (last) == SQLITE_ROW)
        {
          total = sqlite3_column_int (last, 0);
          finished = sqlite3_column_int64 (last, 1);
        }
      sqlite3_finalize (last);
    }
  for (int i = 0; !reused && i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02d", i);
      g_autofree char *sql = NULL;
      g_autoptr(PtPlayer) p = pt_store_add_player (store, name, NULL, &error);

      g_assert_no_error (error);
      players[i] = p->id;
      sql = g_strdup_printf ("INSERT INTO players VALUES (%" G_GINT64_FORMAT ", '%s')", p->id, name);
      raw_exec (raw.db, sql);
    }

  /* The history in batches of 10,000 (one transaction each); the last
   * full batch is the timed one. */
  for (int done = reused ? total - MIN (BATCH, total) : 0; done < total;)
    {
      g_autoptr(GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
      int n = MIN (BATCH, total - done);
      double t0, t1, t2;

      for (int i = 0; i < n; i++)
        g_ptr_array_add (batch, random_match (rand, players, finished += 60));
      t0 = cpu_ms ();
      if (!pt_store_save_matches (store, batch, &error))
        {
          fprintf (stderr, "partida-bench store: %s\n", error->message);
          return PT_CLI_EXIT_INVALID;
        }
      t1 = cpu_ms ();
      raw_exec (raw.db, "BEGIN");
      for (int i = 0; i < n; i++)
        raw_insert (&raw, batch->pdata[i]);
      raw_exec (raw.db, "COMMIT");
      t2 = cpu_ms ();
      /* The last full batch is the figure. */
      if (n == MIN (BATCH, total))
        {
          batch_ours = t1 - t0;
          batch_raw = t2 - t1;
        }
      done += n;
    }
  if (reused)
    total += MIN (BATCH, total);
  /* The ratings (derived) are copied into raw, for its leaderboard. */
  {
    g_autofree char *sql = g_strdup_printf ("ATTACH '%s' AS ours;"
                                            "UPDATE results SET rating = (SELECT o.rating FROM ours.results o"
                                            " WHERE o.match_id = results.match_id AND o.seat = results.seat);"
                                            "DETACH ours",
                                            path);
    raw_exec (raw.db, sql);
  }

  stats = pt_stats_new (store);
  printf ("store benchmark: %d matches of 2-4 players among %d, SQLite %s; CPU medians of %d runs\n",
          pt_store_count_matches (store, NULL), N_PLAYERS, sqlite3_libversion (), runs);

  /* Bytes per match, after a checkpoint. */
  {
    sqlite3 *ours = NULL;

    if (sqlite3_open (path, &ours) == SQLITE_OK)
      sqlite3_exec (ours, "PRAGMA wal_checkpoint (TRUNCATE)", NULL, NULL, NULL);
    sqlite3_close (ours);
    raw_exec (raw.db, "PRAGMA wal_checkpoint (TRUNCATE)");
    row ("bytes per match on disk", file_bytes (path) / total, file_bytes (raw_path) / total, "B",
         "(target <= 400 B)");
  }
  {
    g_autofree char *what = g_strdup_printf ("%d matches in one transaction", MIN (BATCH, total));
    row (what, batch_ours, batch_raw, "ms", "(target ratio <= 2)");
  }

  /* One save, as the app saves a finished match (each its transaction). */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));

    for (int run = 0; run < runs; run++)
      {
        g_autoptr(PtMatchEntry) entry = random_match (rand, players, finished += 60);
        double t0 = cpu_ms (), t1, t2;

        if (pt_store_save_match (store, entry, &error) == 0)
          g_error ("%s", error->message);
        t1 = cpu_ms ();
        raw_exec (raw.db, "BEGIN");
        raw_insert (&raw, entry);
        raw_exec (raw.db, "COMMIT");
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
      }
    row ("save one finished match", median (ours), median (ref), "ms", "");
  }

  /* The Players page: everyone's line, the leaderboard of one game and
   * the players list. Raw: the same lines grouped from every result. */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
    sqlite3_stmt *lines = raw_prepare (raw.db,
                                       "SELECT r.player_id, count (*), sum (r.winner), avg (r.score), max (r.score), min (r.score),"
                                       " max (m.finished) FROM results r JOIN matches m ON m.id = r.match_id WHERE m.deleted = 0"
                                       " GROUP BY r.player_id");
    sqlite3_stmt *board = raw_prepare (raw.db,
                                       "SELECT p.id, (SELECT r.rating FROM results r JOIN matches m ON m.id = r.match_id"
                                       " WHERE r.player_id = p.id AND m.game = ?1 AND m.deleted = 0 AND r.rating IS NOT NULL"
                                       " ORDER BY r.match_id DESC LIMIT 1) AS rating FROM players p ORDER BY rating DESC");

    for (int run = 0; run < runs; run++)
      {
        double t0 = cpu_ms (), t1, t2;
        g_autoptr(GPtrArray) overview = pt_stats_overview (stats, NULL, TRUE, &error);
        g_autoptr(GPtrArray) table = pt_stats_ratings (stats, games[0], FALSE, &error);
        g_autoptr(GPtrArray) list = pt_store_list_players (store, TRUE, &error);

        g_assert_no_error (error);
        t1 = cpu_ms ();
        raw_drain (lines);
        sqlite3_bind_text (board, 1, games[0], -1, SQLITE_STATIC);
        raw_drain (board);
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
      }
    row ("Players page (lines, leaderboard, list)", median (ours), median (ref), "ms",
         "(target <= 50 ms)");
    sqlite3_finalize (lines);
    sqlite3_finalize (board);
  }

  /* A player page: their lines, head-to-head list and the charts' series
   * (all games and each game, ratings of each game). */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
    sqlite3_stmt *lines = raw_prepare (raw.db,
                                       "SELECT m.game, count (*), sum (r.winner), avg (r.score), max (r.score), min (r.score),"
                                       " max (m.finished) FROM results r JOIN matches m ON m.id = r.match_id"
                                       " WHERE r.player_id = ?1 AND m.deleted = 0 GROUP BY m.game");
    sqlite3_stmt *pairs = raw_prepare (raw.db,
                                       "SELECT b.player_id, count (*), sum (a.winner), sum (b.winner) FROM results a"
                                       " JOIN results b ON b.match_id = a.match_id AND b.player_id <> a.player_id"
                                       " JOIN matches m ON m.id = a.match_id WHERE a.player_id = ?1 AND m.deleted = 0"
                                       " GROUP BY b.player_id");
    sqlite3_stmt *series = raw_prepare (raw.db,
                                        "SELECT m.id, m.finished, m.game, r.score, r.rating FROM results r JOIN matches m"
                                        " ON m.id = r.match_id WHERE r.player_id = ?1 AND m.deleted = 0"
                                        " ORDER BY r.match_id DESC LIMIT 500");

    for (int run = 0; run < runs; run++)
      {
        gint64 who = players[run % N_PLAYERS];
        double t0 = cpu_ms (), t1, t2;
        /* What the page reads: the figures and one series (its latest
         * matches with score and rating) that every chart draws from. */
        g_autoptr(PtPlayerStats) s = pt_stats_player (stats, who, &error);
        g_autoptr(GPtrArray) all = pt_stats_score_series (stats, who, NULL, &error);

        g_assert_no_error (error);
        t1 = cpu_ms ();
        sqlite3_bind_int64 (lines, 1, who);
        raw_drain (lines);
        sqlite3_bind_int64 (pairs, 1, who);
        raw_drain (pairs);
        sqlite3_bind_int64 (series, 1, who);
        raw_drain (series);
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
      }
    row ("player page (lines, pairs, chart series)", median (ours), median (ref), "ms",
         "(target <= 50 ms)");
    sqlite3_finalize (lines);
    sqlite3_finalize (pairs);
    sqlite3_finalize (series);
  }

  /* The head-to-head of the pair shown. */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
    sqlite3_stmt *pair = raw_prepare (raw.db,
                                      "SELECT count (*), sum (a.winner), sum (b.winner), sum (a.rank < b.rank), sum (b.rank < a.rank)"
                                      " FROM results a JOIN results b ON b.match_id = a.match_id JOIN matches m ON m.id = a.match_id"
                                      " WHERE a.player_id = ?1 AND b.player_id = ?2 AND m.deleted = 0");

    for (int run = 0; run < runs; run++)
      {
        gint64 a = players[run % N_PLAYERS], b = players[(run + 1) % N_PLAYERS];
        double t0 = cpu_ms (), t1, t2;
        g_autoptr(PtHeadToHead) h = pt_stats_pair (stats, a, b, NULL, &error);

        g_assert_no_error (error);
        t1 = cpu_ms ();
        sqlite3_bind_int64 (pair, 1, a);
        sqlite3_bind_int64 (pair, 2, b);
        raw_drain (pair);
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
      }
    row ("head-to-head of one pair", median (ours), median (ref), "ms", "(target <= 10 ms)");
    sqlite3_finalize (pair);
  }

  /* A game's leaderboard. */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
    sqlite3_stmt *board = raw_prepare (raw.db,
                                       "SELECT p.id, (SELECT r.rating FROM results r JOIN matches m ON m.id = r.match_id"
                                       " WHERE r.player_id = p.id AND m.game = ?1 AND m.deleted = 0 AND r.rating IS NOT NULL"
                                       " ORDER BY r.match_id DESC LIMIT 1) AS rating FROM players p ORDER BY rating DESC");

    for (int run = 0; run < runs; run++)
      {
        const char *game = games[run % G_N_ELEMENTS (games)];
        double t0 = cpu_ms (), t1, t2;
        g_autoptr(GPtrArray) table = pt_stats_ratings (stats, game, FALSE, &error);

        g_assert_no_error (error);
        t1 = cpu_ms ();
        sqlite3_bind_text (board, 1, game, -1, SQLITE_STATIC);
        raw_drain (board);
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
      }
    row ("leaderboard of one game", median (ours), median (ref), "ms", "(target <= 5 ms)");
    sqlite3_finalize (board);
  }

  /* One history page (50 matches of a game and a player) and its results. */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
    sqlite3_stmt *page = raw_prepare (raw.db,
                                      "SELECT m.id, m.uuid, m.game, m.mode, m.started, m.finished, m.notes FROM matches m"
                                      " WHERE m.game = ?1 AND m.deleted = 0 AND EXISTS (SELECT 1 FROM results r"
                                      " WHERE r.match_id = m.id AND r.player_id = ?2) ORDER BY m.finished DESC, m.id DESC LIMIT 50");
    sqlite3_stmt *results = raw_prepare (raw.db,
                                         "SELECT r.player_id, p.name, r.seat, r.score, r.rank, r.winner FROM results r"
                                         " JOIN players p ON p.id = r.player_id WHERE r.match_id = ?1 ORDER BY r.seat");

    for (int run = 0; run < runs; run++)
      {
        PtHistoryQuery query;
        g_autoptr(GPtrArray) entries_page = NULL;
        double t0, t1, t2;

        pt_history_query_init (&query);
        query.game = games[run % G_N_ELEMENTS (games)];
        query.player_id = players[run % N_PLAYERS];
        query.limit = 50;
        t0 = cpu_ms ();
        entries_page = pt_store_history (store, &query, &error);
        g_assert_no_error (error);
        t1 = cpu_ms ();
        sqlite3_bind_text (page, 1, query.game, -1, SQLITE_STATIC);
        sqlite3_bind_int64 (page, 2, query.player_id);
        while (sqlite3_step (page) == SQLITE_ROW)
          {
            sqlite3_bind_int64 (results, 1, sqlite3_column_int64 (page, 0));
            raw_drain (results);
          }
        sqlite3_reset (page);
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
      }
    row ("history page (50, game + player)", median (ours), median (ref), "ms", "");
    sqlite3_finalize (page);
    sqlite3_finalize (results);
  }

  /* Correcting an early match (new scores and ranks): the store re-rates
   * the game from it and rebuilds its players' aggregates; raw rewrites
   * the results only. With the app's worker this all runs off the main
   * loop: the window only queues the request. */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) trash = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) restore = g_array_new (FALSE, FALSE, sizeof (double));
    sqlite3_stmt *clear = raw_prepare (raw.db, "DELETE FROM results WHERE match_id = ?1");
    sqlite3_stmt *flag = raw_prepare (raw.db, "UPDATE matches SET deleted = ?2 WHERE id = ?1");

    g_autoptr(GArray) ripple = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) trash_ripple = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) restore_ripple = g_array_new (FALSE, FALSE, sizeof (double));

    /* As on the app's store worker: the ripple waits for background steps. */
    pt_store_set_defer_statistics (store, TRUE);
    catch_up_all (store);
    for (int run = 0; run < runs; run++)
      {
        gint64 id = 1 + run * 7;
        g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, id, &error);
        double t0, t1, t2;

        guint n = entry->results->len, winner = 0;

        g_assert_no_error (error);
        /* The next seat wins now (so the ranks change, also on a database
         * an earlier run already corrected). */
        for (guint i = 0; i < n; i++)
          if (((PtMatchResult *) g_ptr_array_index (entry->results, i))->winner)
            winner = (i + 1) % n;
        for (guint i = 0; i < n; i++)
          {
            PtMatchResult *r = g_ptr_array_index (entry->results, i);

            r->score = i == winner ? 200 + run : (int) i * 10;
            r->rank = 0;
            r->winner = i == winner;
          }
        t0 = cpu_ms ();
        if (!pt_store_update_match (store, entry, &error))
          g_error ("%s", error->message);
        t1 = cpu_ms ();
        raw_exec (raw.db, "BEGIN");
        sqlite3_bind_int64 (clear, 1, id);
        raw_drain (clear);
        for (guint i = 0; i < entry->results->len; i++)
          {
            PtMatchResult *r = g_ptr_array_index (entry->results, i);

            sqlite3_bind_int64 (raw.result, 1, id);
            sqlite3_bind_int (raw.result, 2, r->seat);
            sqlite3_bind_int64 (raw.result, 3, r->player_id);
            sqlite3_bind_int (raw.result, 4, r->score);
            sqlite3_bind_int (raw.result, 5, r->rank);
            sqlite3_bind_int (raw.result, 6, r->winner);
            sqlite3_step (raw.result);
            sqlite3_reset (raw.result);
          }
        raw_exec (raw.db, "COMMIT");
        t2 = cpu_ms ();
        t1 -= t0;
        t2 -= t0 + t1;
        g_array_append_val (ours, t1);
        g_array_append_val (ref, t2);
        t0 = cpu_ms ();
        catch_up_all (store);
        t1 = cpu_ms () - t0;
        g_array_append_val (ripple, t1);

        t0 = cpu_ms ();
        if (!pt_store_delete_match (store, id, &error))
          g_error ("%s", error->message);
        t1 = cpu_ms () - t0;
        g_array_append_val (trash, t1);
        t0 = cpu_ms ();
        catch_up_all (store);
        t1 = cpu_ms () - t0;
        g_array_append_val (trash_ripple, t1);
        t0 = cpu_ms ();
        if (!pt_store_undelete_match (store, id, &error))
          g_error ("%s", error->message);
        t1 = cpu_ms () - t0;
        g_array_append_val (restore, t1);
        t0 = cpu_ms ();
        catch_up_all (store);
        t1 = cpu_ms () - t0;
        g_array_append_val (restore_ripple, t1);
        sqlite3_bind_int64 (flag, 1, id);
        sqlite3_bind_int64 (flag, 2, 0);
        raw_drain (flag);
      }
    row ("save an edited early match (worker write)", median (ours), median (ref), "ms",
         "(target <= 20 ms; main loop: queue only)");
    row ("  then re-rating + aggregates (background)", median (ripple), median (ref), "ms",
         "(pages update when done)");
    {
      double raw_flag;
      double t0 = cpu_ms ();

      sqlite3_bind_int64 (flag, 1, 1);
      sqlite3_bind_int64 (flag, 2, 1);
      raw_drain (flag);
      sqlite3_bind_int64 (flag, 1, 1);
      sqlite3_bind_int64 (flag, 2, 0);
      raw_drain (flag);
      raw_flag = (cpu_ms () - t0) / 2;
      row ("trash an early match (worker write)", median (trash), raw_flag, "ms", "");
      row ("  then background", median (trash_ripple), raw_flag, "ms", "");
      row ("restore it (worker write)", median (restore), raw_flag, "ms", "");
      row ("  then background", median (restore_ripple), raw_flag, "ms", "");
    }
    sqlite3_finalize (clear);
    sqlite3_finalize (flag);
  }

  g_clear_object (&stats);
  g_clear_object (&store);
  sqlite3_finalize (raw.match);
  sqlite3_finalize (raw.result);
  sqlite3_close (raw.db);
  if (keep)
    printf ("databases kept in %s\n", dir);
  else
    {
      const char *names[] = { "bench.db", "bench.db-wal", "bench.db-shm", "raw.db", "raw.db-wal",
                              "raw.db-shm" };

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *file = g_build_filename (dir, names[i], NULL);
          g_unlink (file);
        }
      g_rmdir (dir);
    }
  return PT_CLI_EXIT_OK;
}
