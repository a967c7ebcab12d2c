/* test-salvage.c — a database with a bad page in matches: the damage is
 * named, nothing is written (import, backup refused), and salvage copies
 * every readable row into a new database
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "store-test-util.h"

static guint32
be32 (const guchar *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* Fills a history, closes it and scribbles over the last leaf page of the
 * matches table (the newest matches). */
static char *
damaged_database (const char *dir,
                  int *n_matches)
{
  g_autofree char *path = g_build_filename (dir, "damaged.db", NULL);
  g_autoptr(PtStore) store = test_open (dir, "damaged.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *notes = g_strnfill (300, 'x');
  gint64 a = test_player (store, "Ana"), b = test_player (store, "Beto");
  gint64 ab[] = { a, b };
  int s[] = { 5, 2 };
  g_autoptr(PtStmt) stmt = NULL;
  int root = 0, page_size = 0;
  char *data;
  gsize size;
  guchar *page;

  for (int i = 0; i < 120; i++)
    {
      gint64 id = test_match (store, "lost-cities", 1000 + i, 2, ab, s);
      g_assert_true (pt_store_set_match_notes (store, id, notes, &error));
    }
  *n_matches = 120;
  stmt = pt_store_prepare (store, "SELECT rootpage FROM sqlite_master WHERE name = 'matches'", &error);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  root = sqlite3_column_int (stmt, 0);
  g_clear_pointer (&stmt, pt_stmt_release);
  stmt = pt_store_prepare (store, "PRAGMA page_size", &error);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  page_size = sqlite3_column_int (stmt, 0);
  g_clear_pointer (&stmt, pt_stmt_release);
  g_clear_object (&store); /* checkpoints the WAL into the file */

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  page = (guchar *) data + (gsize) (root - 1) * page_size;
  g_assert_cmpint (page[0], ==, 0x05); /* an interior table page */
  page = (guchar *) data + (gsize) (be32 (page + 8) - 1) * page_size;
  g_assert_cmpint (page[0], ==, 0x0d); /* its right-most leaf */
  for (int i = 0; i < page_size; i++)
    page[i] = (guchar) (i * 31 + 7);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
  return g_steal_pointer (&path);
}

static GBytes *
contents (const char *path)
{
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  return g_bytes_new_take (data, size);
}

static void
test_damaged_page (void)
{
  g_autofree char *dir = test_tmpdir ();
  int n = 0;
  g_autofree char *path = damaged_database (dir, &n);
  g_autofree char *backup = g_build_filename (dir, "backup.db", NULL);
  g_autofree char *saved = g_build_filename (dir, "salvaged.db", NULL);
  g_autoptr(GBytes) before = contents (path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_autoptr(PtStore) fresh = NULL;
  PtSalvageSummary summary = { 0 };
  static const char *doc = "{\"format\":\"partida-export/1\",\"players\":[{\"uuid\":"
                           "\"11111111-1111-4111-8111-111111111111\",\"name\":\"Carla\",\"colour\":\"\","
                           "\"created\":0,\"archived\":false}]}";

  g_assert_no_error (error);
  g_assert_nonnull (store);

  /* Named as damage, with the file. */
  g_assert_false (pt_store_check_integrity (store, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "damaged.db"));
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_clear_error (&error);

  /* No damaged backup, no import into it. */
  g_assert_false (pt_store_backup (store, backup, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_false (pt_store_import_json (store, doc, NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_clear_error (&error);

  /* Salvage: the readable matches into a new database. */
  g_assert_true (pt_store_salvage (store, saved, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.players, ==, 2);
  g_assert_cmpint (summary.players_lost, ==, 0);
  g_assert_cmpint (summary.matches, >, 0);
  g_assert_cmpint (summary.matches_lost, >, 0);
  g_assert_cmpint (summary.matches + summary.matches_lost, ==, n);
  g_clear_object (&store);
  after = contents (path);
  g_assert_true (g_bytes_equal (before, after)); /* the damaged file is left as it was */

  fresh = pt_store_open (saved, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (pt_store_check_integrity (fresh, &error));
  g_assert_cmpint (pt_store_count_matches (fresh, NULL), ==, summary.matches);
  /* A second salvage never overwrites. */
  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_false (pt_store_salvage (store, saved, NULL, &error));
  g_assert_nonnull (error);
  test_rmdir (dir);
}

/* A closed history of @n matches with notes long enough to fill pages. */
static char *
filled_database (const char *dir,
                 const char *name,
                 int n)
{
  g_autoptr(PtStore) store = test_open (dir, name);
  g_autoptr(GError) error = NULL;
  g_autofree char *notes = g_strnfill (300, 'x');
  gint64 ab[] = { test_player (store, "Ana"), test_player (store, "Beto") };
  int s[] = { 5, 2 };

  for (int i = 0; i < n; i++)
    {
      gint64 id = test_match (store, "lost-cities", 1000 + i, 2, ab, s);
      g_assert_true (pt_store_set_match_notes (store, id, notes, &error));
    }
  return g_strdup (pt_store_get_path (store));
}

static void
scribble (guchar *data,
          gsize length)
{
  for (gsize i = 0; i < length; i++)
    data[i] = (guchar) (i * 37 + 3);
}

/* The file header scribbled over: not even an SQLite file any more, so
 * pt_store_open() refuses it; salvage reads its pages behind a fresh
 * header, puts every row back in place and keeps the damaged file,
 * renamed, byte for byte. */
static void
test_too_damaged_header (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = filled_database (dir, "history.db", 60);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GBytes) damaged = NULL;
  g_autoptr(GBytes) kept_bytes = NULL;
  g_autofree char *kept = NULL;
  PtSalvageSummary summary = { 0 };
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  scribble ((guchar *) data, 100);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
  damaged = contents (path);

  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_null (store);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_true (pt_store_can_salvage (path));

  g_assert_true (pt_store_salvage_in_place (path, &kept, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.players, ==, 2);
  g_assert_cmpint (summary.matches, ==, 60);
  g_assert_cmpint (summary.matches_lost, ==, 0);
  g_assert_cmpint (summary.tables_lost, ==, 0);
  g_assert_nonnull (kept);
  g_assert_true (g_str_has_prefix (kept, path));
  g_assert_nonnull (strstr (kept, ".broken-"));
  kept_bytes = contents (kept);
  g_assert_true (g_bytes_equal (kept_bytes, damaged));

  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (pt_store_check_integrity (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 60);
  test_rmdir (dir);
}

/* The page of the schema naming the last tables scribbled over: the file
 * cannot be opened; salvage keeps what the readable part of the schema
 * names (players, nights) and counts what is lost (matches without their
 * results, the results table). */
static void
test_too_damaged_schema (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = filled_database (dir, "history.db", 30);
  g_autofree char *saved = g_build_filename (dir, "salvaged.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  PtSalvageSummary summary = { 0 };
  guchar *page1;
  guint page_size, right;
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  page1 = (guchar *) data;
  page_size = ((guint) page1[16] << 8) | page1[17];
  g_assert_cmpint (page1[100], ==, 0x05); /* the schema spans pages: interior root */
  right = be32 (page1 + 108);
  g_assert_cmpint (page1[(right - 1) * page_size], ==, 0x0d);
  scribble (page1 + (gsize) (right - 1) * page_size, page_size);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
  before = contents (path);

  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_null (store);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_clear_error (&error);
  g_assert_true (pt_store_can_salvage (path));

  g_assert_true (pt_store_salvage_file (path, saved, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.players, ==, 2);
  g_assert_cmpint (summary.matches, ==, 0);
  g_assert_cmpint (summary.matches_lost, ==, 30);
  g_assert_cmpint (summary.tables_lost, ==, 1);
  after = contents (path);
  g_assert_true (g_bytes_equal (before, after));
  store = pt_store_open (saved, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) players = pt_store_list_players (store, FALSE, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (players->len, ==, 2);
  }
  test_rmdir (dir);
}

/* Another application's SQLite file is not Partida's to salvage. */
static void
test_foreign (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "other.db", NULL);
  g_autofree char *saved = g_build_filename (dir, "salvaged.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *kept = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 42; CREATE TABLE t (x);"
                                     " INSERT INTO t VALUES (1)",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);
  before = contents (path);
  g_assert_false (pt_store_can_salvage (path));
  g_assert_false (pt_store_salvage_file (path, saved, NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "not a Partida database"));
  g_clear_error (&error);
  g_assert_false (pt_store_salvage_in_place (path, &kept, NULL, &error));
  g_assert_nonnull (error);
  g_assert_null (kept);
  g_assert_false (g_file_test (saved, G_FILE_TEST_EXISTS));
  after = contents (path);
  g_assert_true (g_bytes_equal (before, after));
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/salvage/damaged-page", test_damaged_page);
  g_test_add_func ("/store/salvage/too-damaged-header", test_too_damaged_header);
  g_test_add_func ("/store/salvage/too-damaged-schema", test_too_damaged_schema);
  g_test_add_func ("/store/salvage/foreign", test_foreign);
  return g_test_run ();
}
