/* test-safety.c — bad files, full disks and killed writers
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store-test-util.h"
#include "store-writer.h"
#include "pt-store-worker.h"

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

/* Opening @path must fail with @code and leave the file byte for byte. */
static void
assert_refused (const char *path,
                int code)
{
  g_autoptr(GBytes) before = read_bytes (path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);

  g_assert_null (store);
  g_assert_error (error, PT_STORE_ERROR, code);
  g_test_message ("%s", error->message);
  after = read_bytes (path);
  g_assert_true (g_bytes_equal (before, after));
}

static void
test_not_sqlite (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *text = g_build_filename (dir, "text.db", NULL);
  g_autofree char *tiny = g_build_filename (dir, "tiny.db", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.db", NULL);
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;

  for (int i = 0; i < 50; i++)
    g_string_append (lines, "this is a shopping list, not a database\n");
  g_assert_true (g_file_set_contents (text, lines->str, -1, NULL));
  assert_refused (text, PT_STORE_ERROR_CORRUPT);
  g_assert_true (g_file_set_contents (tiny, "SQLite format 3", 16, NULL));
  assert_refused (tiny, PT_STORE_ERROR_CORRUPT);

  g_mkdir (folder, 0755);
  store = pt_store_open (folder, PT_STORE_OPEN_CREATE, &error);
  g_assert_null (store);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  test_rmdir (dir);
}

static void
test_damaged (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "damaged.db", NULL);
  g_autoptr(PtStore) store = test_open (dir, "damaged.db");
  g_autoptr(GBytes) good = NULL;
  gint64 a = test_player (store, "Ana"), b = test_player (store, "Beto");
  gint64 ab[] = { a, b };
  int s[] = { 1, 2 };
  char *data;
  gsize size;

  for (int i = 0; i < 20; i++)
    test_match (store, "lost-cities", 1000 + i, 2, ab, s);
  g_clear_object (&store); /* checkpoints the WAL into the file */

  /* Keep the 100-byte header, scribble over the schema page. */
  good = read_bytes (path);
  data = g_bytes_unref_to_data (g_steal_pointer (&good), &size);
  g_assert_cmpuint (size, >, 8192);
  for (gsize i = 100; i < 4096; i++)
    data[i] = (char) (i * 31 + 7);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
  assert_refused (path, PT_STORE_ERROR_CORRUPT);
  {
    g_autoptr(GError) error = NULL;

    /* The check on a connection of its own says so too. */
    g_assert_false (pt_store_check_integrity_at (path, &error));
    g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
    g_assert_nonnull (strstr (error->message, path));
  }
  test_rmdir (dir);
}

/* The integrity check on open (a million matches: ~20 s) runs on its own
 * connection and thread: held in the middle by the check hook, a page's
 * read and a write on the store worker still finish, and the check's
 * answer comes when it is let go. */
typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean entered, open;
} CheckGate;

static void
hold_check (gpointer data)
{
  CheckGate *gate = data;

  g_mutex_lock (&gate->lock);
  gate->entered = TRUE;
  g_cond_broadcast (&gate->cond);
  while (!gate->open)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
}

static gpointer
count_job (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  return GINT_TO_POINTER (pt_store_count_matches (store, error) + 1);
}

typedef struct
{
  gboolean done;
  gboolean ok;
  int matches;
  GError *error;
} Answer;

static void
on_counted (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  Answer *answer = user_data;

  answer->matches = GPOINTER_TO_INT (pt_store_worker_finish (PT_STORE_WORKER (source), result, &answer->error)) - 1;
  answer->done = TRUE;
}

static void
on_written (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  Answer *answer = user_data;

  answer->ok = pt_store_worker_write_finish (PT_STORE_WORKER (source), result, NULL, &answer->error);
  answer->done = TRUE;
}

static void
on_checked (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  Answer *answer = user_data;

  answer->ok = pt_store_worker_check_integrity_finish (PT_STORE_WORKER (source), result, &answer->error);
  answer->done = TRUE;
}

static void
iterate_until (gboolean *done)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!*done)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

static void
test_check_beside_reads (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "partida.db", NULL);
  g_autoptr(PtStore) store = test_open (dir, "partida.db");
  g_autoptr(PtStoreWorker) worker = pt_store_worker_new (path);
  gint64 ab[] = { test_player (store, "Ana"), test_player (store, "Beto") };
  int s[] = { 3, 1 };
  CheckGate gate = { 0 };
  Answer check = { 0 }, read = { 0 }, write = { 0 };

  for (int i = 0; i < 30; i++)
    test_match (store, "lost-cities", 1000 + i, 2, ab, s);
  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  pt_store_debug_set_check_hook (hold_check, &gate);

  pt_store_worker_check_integrity (worker, NULL, on_checked, &check);
  g_mutex_lock (&gate.lock);
  while (!gate.entered)
    g_cond_wait (&gate.cond, &gate.lock);
  g_mutex_unlock (&gate.lock);

  /* The check is in the middle: the worker still answers. */
  pt_store_worker_run (worker, "page", count_job, NULL, NULL, NULL, NULL, on_counted, &read);
  pt_store_worker_add_player (worker, "Carla", "", NULL, on_written, &write);
  iterate_until (&read.done);
  iterate_until (&write.done);
  g_assert_no_error (read.error);
  g_assert_cmpint (read.matches, ==, 30);
  g_assert_no_error (write.error);
  g_assert_true (write.ok);
  g_assert_false (check.done);
  g_assert_false (pt_store_worker_is_idle (worker));

  g_mutex_lock (&gate.lock);
  gate.open = TRUE;
  g_cond_broadcast (&gate.cond);
  g_mutex_unlock (&gate.lock);
  iterate_until (&check.done);
  g_assert_no_error (check.error);
  g_assert_true (check.ok);
  while (!pt_store_worker_is_idle (worker))
    g_main_context_iteration (NULL, FALSE);

  pt_store_debug_set_check_hook (NULL, NULL);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
  g_clear_object (&worker);
  g_clear_object (&store);
  test_rmdir (dir);
}

static void
test_foreign_database (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "other.db", NULL);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes"
                                     " VALUES ('tortilla')",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused (path, PT_STORE_ERROR_CORRUPT);
  test_rmdir (dir);
}

static void
test_newer_version (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "future.db", NULL);
  g_autoptr(PtStore) store = test_open (dir, "future.db");
  sqlite3 *db = NULL;

  test_player (store, "Ana");
  g_clear_object (&store);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE; PRAGMA user_version = 99",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused (path, PT_STORE_ERROR_NEWER_VERSION);
  test_rmdir (dir);
}

static void
test_read_only (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *file = g_build_filename (dir, "plain-file", NULL);
  g_autofree char *below = g_build_filename (file, "partida", "partida.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;

  /* A folder that cannot be created (a file is in the way). */
  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  store = pt_store_open (below, PT_STORE_OPEN_CREATE, &error);
  g_assert_null (store);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);

  /* A read-only file (root ignores permissions, so only as a normal user). */
  if (geteuid () != 0)
    {
      g_autofree char *path = g_build_filename (dir, "ro.db", NULL);

      store = test_open (dir, "ro.db");
      test_player (store, "Ana");
      g_clear_object (&store);
      g_assert_cmpint (g_chmod (path, 0444), ==, 0);
      /* Opened read-only now (test-read-only.c): readable, not writable. */
      store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
      g_assert_no_error (error);
      g_assert_true (pt_store_is_read_only (store));
      g_clear_object (&store);
      g_chmod (path, 0644);
    }
  else
    g_test_message ("running as root: read-only file permissions not checked");
  test_rmdir (dir);
}

static void
test_move_aside (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "partida.db", NULL);
  g_autofree char *aside = NULL;
  g_autofree char *aside2 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GBytes) moved = NULL;
  const char *junk = "definitely not a database, but long enough to have a header of 100 bytes "
                     "......................................................";

  g_assert_true (g_file_set_contents (path, junk, -1, NULL));
  store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_clear_error (&error);

  g_assert_true (pt_store_move_aside (path, &aside, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (aside, path));
  g_assert_nonnull (strstr (aside, ".broken-"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  moved = read_bytes (aside);
  g_assert_cmpmem (g_bytes_get_data (moved, NULL), g_bytes_get_size (moved), junk, strlen (junk));

  store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  g_assert_no_error (error);
  test_player (store, "Ana");
  g_clear_object (&store);

  /* A second move in the same second never overwrites the first. */
  g_assert_true (g_file_set_contents (path, junk, -1, NULL));
  g_assert_true (pt_store_move_aside (path, &aside2, &error));
  g_assert_cmpstr (aside, !=, aside2);
  g_assert_true (g_file_test (aside, G_FILE_TEST_EXISTS));
  g_assert_false (pt_store_move_aside (path, NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  test_rmdir (dir);
}

/* A full disk is simulated with a page limit: the save fails with FULL,
 * is rolled back completely, and what was committed before is intact. */
static void
test_disk_full (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "full.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) big = NULL;
  g_autoptr(PtNight) night = NULL;
  g_autoptr(GString) pad = g_string_new ("\"");
  sqlite3 *db = pt_store_get_handle (store);
  gint64 a = test_player (store, "Ana"), b = test_player (store, "Beto");
  gint64 ab[] = { a, b };
  int s[] = { 5, 3 };
  g_autofree char *limit = NULL;
  sqlite3_stmt *stmt = NULL;
  int pages;

  for (int i = 0; i < 10; i++)
    test_match (store, "lost-cities", 1000 + i, 2, ab, s);

  sqlite3_prepare_v2 (db, "PRAGMA page_count", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  pages = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  limit = g_strdup_printf ("PRAGMA max_page_count = %d", pages + 2);
  g_assert_cmpint (sqlite3_exec (db, limit, NULL, NULL, NULL), ==, SQLITE_OK);

  for (int i = 0; i < 200000; i++)
    g_string_append_c (pad, 'x');
  g_string_append_c (pad, '"');
  big = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_DIGITAL);
  pt_match_entry_add_result (big, pt_match_result_new (a, 0, 1, TRUE));
  pt_match_entry_add_result (big, pt_match_result_new (b, 1, 0, FALSE));
  big->breakdown = g_strdup (pad->str);
  g_assert_cmpint (pt_store_save_match (store, big, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_FULL);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_true (sqlite3_get_autocommit (db));

  /* Nothing of the failed match is left; everything before is intact. */
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 10);
  sqlite3_prepare_v2 (db, "SELECT (SELECT count (*) FROM results), (SELECT count (rating) FROM results),"
                          " (SELECT count (*) FROM breakdowns)",
                      -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 20);
  g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, 20);
  g_assert_cmpint (sqlite3_column_int (stmt, 2), ==, 10);
  sqlite3_finalize (stmt);

  /* Small changes still fit; after space is freed the big one works. */
  night = pt_store_add_night (store, "2026-05-01", "", "", &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (pt_store_save_match (store, big, &error), >, 0);
  g_assert_no_error (error);
  sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);

  g_clear_object (&store);
  test_rmdir (dir);
}

/* Kill -9 ------------------------------------------------------------------ */

typedef struct
{
  char *uuid;
  guint k;
} Commit;

static void
commit_free (Commit *c)
{
  g_free (c->uuid);
  g_free (c);
}

static void
parse_commits (GPtrArray *commits,
               GString *buffer)
{
  char *newline;

  while ((newline = strchr (buffer->str, '\n')) != NULL)
    {
      g_auto(GStrv) parts = NULL;
      Commit *c;

      *newline = '\0';
      parts = g_strsplit (buffer->str, " ", 2);
      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      c = g_new0 (Commit, 1);
      c->uuid = g_strdup (parts[0]);
      c->k = (guint) g_ascii_strtoull (parts[1], NULL, 10);
      g_ptr_array_add (commits, c);
      g_string_erase (buffer, 0, newline - buffer->str + 1);
    }
}

/* Runs the writer, lets it commit @wanted matches, kills it with SIGKILL
 * while it is writing the next one, and returns what it reported. */
static void
run_and_kill (const char *writer,
              const char *db,
              guint seed,
              guint wanted,
              GPtrArray *commits)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  const char *argv[] = { writer, db, seed_text, NULL };
  g_autoptr(GString) buffer = g_string_new (NULL);
  GPid pid;
  int out, status;
  char chunk[4096];
  ssize_t n;
  guint seen = commits->len;

  g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                            &pid, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  while (commits->len < seen + wanted && (n = read (out, chunk, sizeof chunk)) > 0)
    {
      g_string_append_len (buffer, chunk, n);
      parse_commits (commits, buffer);
    }
  /* Sometimes right away, sometimes a moment later: somewhere in a save. */
  if (seed % 3 == 1)
    g_usleep (500 + g_random_int_range (0, 3000));
  kill (pid, SIGKILL);
  while ((n = read (out, chunk, sizeof chunk)) > 0)
    {
      g_string_append_len (buffer, chunk, n);
      parse_commits (commits, buffer);
    }
  close (out);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status) || (WIFEXITED (status) && WEXITSTATUS (status) == 0));
  g_spawn_close_pid (pid);
}

static void
check_crash_survivors (const char *path,
                       GPtrArray *commits)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  gint64 players[WRITER_PLAYERS];
  sqlite3_stmt *stmt = NULL;

  g_assert_no_error (error);
  sqlite3_prepare_v2 (pt_store_get_handle (store), "PRAGMA integrity_check", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);
  sqlite3_prepare_v2 (pt_store_get_handle (store), "PRAGMA foreign_key_check", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);

  for (int i = 0; i < WRITER_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %d", i);
      g_autoptr(PtPlayer) p = pt_store_find_player (store, name, &error);
      g_assert_no_error (error);
      players[i] = p->id;
    }
  /* Every reported commit is there, exactly as it was built. */
  for (guint i = 0; i < commits->len; i++)
    {
      Commit *c = commits->pdata[i];
      gint64 id = pt_store_find_match_by_uuid (store, c->uuid, &error);
      g_autoptr(PtMatchEntry) loaded = NULL;
      g_autoptr(PtMatchEntry) expected = writer_match (c->k, players);
      g_autofree char *breakdown = NULL;

      g_assert_no_error (error);
      loaded = pt_store_load_match (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (loaded->notes, ==, expected->notes);
      g_assert_cmpint (loaded->results->len, ==, expected->results->len);
      for (guint r = 0; r < loaded->results->len; r++)
        g_assert_cmpint (((PtMatchResult *) loaded->results->pdata[r])->score, ==,
                         ((PtMatchResult *) expected->results->pdata[r])->score);
      g_assert_cmpstr (loaded->breakdown, ==, expected->breakdown);
    }
  /* And no half-saved match exists: each has all its results. */
  sqlite3_prepare_v2 (pt_store_get_handle (store),
                      "SELECT count (*) FROM matches m WHERE (SELECT count (*) FROM results r"
                      " WHERE r.match_id = m.id) <> 2 + (CAST (substr (m.notes, 3) AS INTEGER) % 3)"
                      " OR NOT EXISTS (SELECT 1 FROM breakdowns b WHERE b.match_id = m.id)",
                      -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 0);
  sqlite3_finalize (stmt);
  g_assert_cmpint (pt_store_count_matches (store, &error), >=, (int) commits->len);
}

static void
test_kill_writer (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "crash.db", NULL);
  g_autofree char *writer = g_build_filename (g_getenv ("PARTIDA_BUILD_DIR"), "tests", "store",
                                              "store-writer", NULL);
  g_autoptr(GPtrArray) commits = g_ptr_array_new_with_free_func ((GDestroyNotify) commit_free);
  int iterations = g_test_slow () ? 100 : 30;

  if (g_getenv ("PARTIDA_BUILD_DIR") == NULL || !g_file_test (writer, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("store-writer not found (PARTIDA_BUILD_DIR unset)");
      return;
    }
  for (int i = 0; i < iterations; i++)
    {
      /* Distinct seeds per run, so every match has its own content. */
      run_and_kill (writer, path, (guint) i * 1000, 1 + g_random_int_range (0, 6), commits);
      check_crash_survivors (path, commits);
    }
  g_test_message ("%u commits across %d kills", commits->len, iterations);
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/safety/not-sqlite", test_not_sqlite);
  g_test_add_func ("/store/safety/damaged", test_damaged);
  g_test_add_func ("/store/safety/integrity-check-beside-reads", test_check_beside_reads);
  g_test_add_func ("/store/safety/foreign-database", test_foreign_database);
  g_test_add_func ("/store/safety/newer-version", test_newer_version);
  g_test_add_func ("/store/safety/read-only", test_read_only);
  g_test_add_func ("/store/safety/move-aside", test_move_aside);
  g_test_add_func ("/store/safety/disk-full", test_disk_full);
  g_test_add_func ("/store/safety/kill-writer", test_kill_writer);

  return g_test_run ();
}
