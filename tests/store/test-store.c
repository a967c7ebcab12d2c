/* test-store.c — schema, players, nights, matches, saved games, history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "store-test-util.h"

static int
pragma_int (PtStore *store,
            const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  int value;

  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

static void
test_schema_fresh (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *nested = g_build_filename (dir, "a", "b", "partida.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (nested, PT_STORE_OPEN_CREATE, &error);
  sqlite3_stmt *stmt = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (pt_store_get_schema_version (store), ==, PT_STORE_SCHEMA_VERSION);
  g_assert_null (pt_store_get_migration_backup (store));
  g_assert_cmpint (pragma_int (store, "PRAGMA user_version"), ==, PT_STORE_SCHEMA_VERSION);
  g_assert_cmpint (pragma_int (store, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (pragma_int (store, "PRAGMA application_id"), ==, PT_STORE_APPLICATION_ID);
  sqlite3_prepare_v2 (pt_store_get_handle (store), "PRAGMA journal_mode", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "wal");
  sqlite3_finalize (stmt);

  /* Reopening does not migrate again. */
  g_assert_finalize_object (g_steal_pointer (&store));
  store = pt_store_open (nested, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_null (pt_store_get_migration_backup (store));
  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static gpointer
open_new_database (gpointer path)
{
  g_autoptr(GError) error = NULL;
  PtStore *store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);

  if (store == NULL)
    g_printerr ("could not open %s: %s\n", (const char *) path, error->message);
  return store;
}

/* Two processes opening one new database at the same moment (a second
 * instance, the English and Spanish test runs on one test home): both get
 * it whole, made once, and neither takes the other's half-made file for an
 * old one to back up and update. Connections of one process lock as two
 * processes do. */
static void
test_schema_fresh_twice_at_once (void)
{
  g_autofree char *dir = test_tmpdir ();

  for (int round = 0; round < 20; round++)
    {
      g_autofree char *path = g_strdup_printf ("%s/at-once-%d.db", dir, round);
      GThread *first = g_thread_new ("open-1", open_new_database, path);
      GThread *second = g_thread_new ("open-2", open_new_database, path);
      g_autoptr(PtStore) one = g_thread_join (first);
      g_autoptr(PtStore) other = g_thread_join (second);
      g_autoptr(GDir) listing = NULL;
      const char *name;

      g_assert_nonnull (one);
      g_assert_nonnull (other);
      g_assert_cmpint (pt_store_get_schema_version (one), ==, PT_STORE_SCHEMA_VERSION);
      g_assert_cmpint (pt_store_get_schema_version (other), ==, PT_STORE_SCHEMA_VERSION);
      g_assert_null (pt_store_get_migration_backup (one));
      g_assert_null (pt_store_get_migration_backup (other));
      listing = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (listing)) != NULL)
        g_assert_null (strstr (name, "-backup-"));
    }
  test_rmdir (dir);
}

static void
test_schema_not_found (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "missing.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);

  g_assert_null (store);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  test_rmdir (dir);
}

/* A version 1 database (as the first release wrote it) is copied aside and
 * migrated; the migration fills the ratings from the existing matches. */
static void
test_schema_migrate_v1 (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "old.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  sqlite3 *db = NULL;
  sqlite3 *copy = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, pt_store_migration_sql (1), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "PRAGMA user_version = 1; PRAGMA application_id = 1347699777;"
                                 "INSERT INTO players VALUES (1, 'u1', 'Ana', '', 0, 0, 0);"
                                 "INSERT INTO players VALUES (2, 'u2', 'Beto', '', 0, 0, 0);"
                                 "INSERT INTO matches (id, uuid, game, mode, started, finished)"
                                 "  VALUES (1, 'm1', 'lost-cities', 0, 100, 200);"
                                 "INSERT INTO results VALUES (1, 0, 1, 50, 1, 1, 0, 0);"
                                 "INSERT INTO results VALUES (1, 1, 2, 20, 2, 0, 0, 0);"
                                 "INSERT INTO breakdowns VALUES (1, '{}');",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);

  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_get_schema_version (store), ==, PT_STORE_SCHEMA_VERSION);
  g_assert_nonnull (pt_store_get_migration_backup (store));
  g_assert_true (g_str_has_prefix (pt_store_get_migration_backup (store), path));

  /* The copy is the old version, untouched. */
  g_assert_cmpint (sqlite3_open_v2 (pt_store_get_migration_backup (store), &copy,
                                    SQLITE_OPEN_READONLY, NULL),
                   ==, SQLITE_OK);
  sqlite3_prepare_v2 (copy, "PRAGMA user_version", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
  sqlite3_finalize (stmt);
  sqlite3_close (copy);

  g_assert_cmpint (pragma_int (store, "SELECT count (rating) FROM results"), ==, 2);
  g_assert_cmpint (pragma_int (store, "SELECT round (rating) FROM results WHERE player_id = 1"), ==,
                   1516);
  /* Schema 5: name keys, distinct colours, stamps, aggregates. */
  g_assert_cmpint (pragma_int (store, "SELECT count (DISTINCT colour) FROM players WHERE colour <> ''"),
                   ==, 2);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM players WHERE name_key = 'beto'"), ==, 1);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM matches WHERE modified > 0"), ==, 1);
  g_assert_cmpint (pragma_int (store, "SELECT plays FROM pair_stats WHERE game = ''"), ==, 1);
  entry = pt_store_load_match (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (entry->results->len, ==, 2);
  {
    /* The columns copied into results by the migration feed the statistics. */
    g_autoptr(PtStats) stats = pt_stats_new (store);
    g_autoptr(PtPlayerStats) ps = pt_stats_player (stats, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (ps->overall->plays, ==, 1);
    g_assert_cmpint (ps->overall->last_played, ==, 200);
    g_assert_cmpint (ps->head_to_head->len, ==, 1);
    g_assert_cmpstr (((PtHeadToHead *) ps->head_to_head->pdata[0])->name_b, ==, "Beto");
    g_assert_cmpint (((PtHeadToHead *) ps->head_to_head->pdata[0])->wins_a, ==, 1);
    g_assert_cmpint (((PtHeadToHead *) ps->head_to_head->pdata[0])->a_ahead, ==, 1);
  }

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* A night started with who came: both, or neither when a name is unknown. */
static void
test_nights_start (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "ns.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) night = NULL;
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GPtrArray) came = NULL;
  const char *who[] = { "Beto", "Ana", NULL };
  const char *unknown[] = { "Ana", "Nobody", NULL };

  test_player (store, "Ana");
  test_player (store, "Beto");
  g_assert_null (pt_store_start_night (store, "2026-01-02", "Casa", unknown, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  nights = pt_store_list_nights (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (nights->len, ==, 0);

  night = pt_store_start_night (store, "2026-01-02", NULL, who, &error);
  g_assert_no_error (error);
  g_assert_nonnull (night);
  came = pt_store_get_night_players (store, night->id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (came->len, ==, 2);
  g_assert_cmpstr (((PtPlayer *) came->pdata[0])->name, ==, "Ana");
  g_clear_pointer (&nights, g_ptr_array_unref);
  nights = pt_store_list_nights (store, &error);
  g_assert_cmpuint (nights->len, ==, 1);
  test_rmdir (dir);
}

/* Who came to a night: set, replaced, refused whole, kept through a
 * merge, gone with the night. */
static void
test_nights_attendance (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "na.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) night = pt_store_add_night (store, "2026-01-02", "Casa", "", &error);
  g_autoptr(PtNight) other = pt_store_add_night (store, "2026-01-09", "Bar", "", &error);
  g_autoptr(GPtrArray) came = NULL;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto");
  gint64 carla = test_player (store, "Carla"), dani = test_player (store, "dani");
  gint64 first[] = { carla, ana, ana }, second[] = { beto, dani }, bad[] = { ana, 4242 };

  g_assert_no_error (error);
  came = pt_store_get_night_players (store, night->id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (came->len, ==, 0);
  g_clear_pointer (&came, g_ptr_array_unref);

  g_assert_true (pt_store_set_night_players (store, night->id, first, G_N_ELEMENTS (first), &error));
  g_assert_no_error (error);
  came = pt_store_get_night_players (store, night->id, &error);
  g_assert_cmpint (came->len, ==, 2);
  g_assert_cmpstr (((PtPlayer *) came->pdata[0])->name, ==, "Ana");
  g_assert_cmpstr (((PtPlayer *) came->pdata[1])->name, ==, "Carla");
  g_clear_pointer (&came, g_ptr_array_unref);

  /* Replaced as a whole; an unknown player or night changes nothing. */
  g_assert_true (pt_store_set_night_players (store, night->id, second, G_N_ELEMENTS (second), &error));
  g_assert_false (pt_store_set_night_players (store, night->id, bad, G_N_ELEMENTS (bad), &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (pt_store_set_night_players (store, 999, second, 1, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  /* The window shows this as it is: words, not a database id. */
  g_assert_nonnull (strstr (error->message, "game night"));
  g_assert_null (strstr (error->message, "999"));
  g_clear_error (&error);
  g_assert_null (pt_store_get_night_players (store, 999, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  came = pt_store_get_night_players (store, night->id, &error);
  g_assert_cmpint (came->len, ==, 2);
  g_assert_cmpstr (((PtPlayer *) came->pdata[0])->name, ==, "Beto");
  g_assert_cmpstr (((PtPlayer *) came->pdata[1])->name, ==, "dani");
  g_clear_pointer (&came, g_ptr_array_unref);

  /* Dani was Beto all along: one line for the night; the other night moves. */
  g_assert_true (pt_store_set_night_players (store, other->id, &dani, 1, &error));
  g_assert_true (pt_store_merge_players (store, dani, beto, &error));
  g_assert_no_error (error);
  came = pt_store_get_night_players (store, night->id, &error);
  g_assert_cmpint (came->len, ==, 1);
  g_assert_cmpint (((PtPlayer *) came->pdata[0])->id, ==, beto);
  g_clear_pointer (&came, g_ptr_array_unref);
  came = pt_store_get_night_players (store, other->id, &error);
  g_assert_cmpint (came->len, ==, 1);
  g_assert_cmpint (((PtPlayer *) came->pdata[0])->id, ==, beto);
  g_clear_pointer (&came, g_ptr_array_unref);

  g_assert_true (pt_store_delete_night (store, night->id, &error));
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM night_players"), ==, 1);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* A version 3 database (before attendance lists) is copied aside, then
 * migrated; its data stays. */
static void
test_schema_migrate_v3 (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "v3.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GPtrArray) came = NULL;
  sqlite3 *db = NULL;
  sqlite3 *copy = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  for (int version = 1; version <= 3; version++)
    g_assert_cmpint (sqlite3_exec (db, pt_store_migration_sql (version), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "PRAGMA user_version = 3; PRAGMA application_id = 1347699777;"
                                 "INSERT INTO players VALUES (1, 'u1', 'Ana', '', 0, 0, 0);"
                                 "INSERT INTO nights VALUES (1, 'n1', '2026-01-02', 'Casa', '');",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);

  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_get_schema_version (store), ==, PT_STORE_SCHEMA_VERSION);
  g_assert_nonnull (pt_store_get_migration_backup (store));
  g_assert_nonnull (strstr (pt_store_get_migration_backup (store), ".v3-backup-"));
  g_assert_cmpint (sqlite3_open_v2 (pt_store_get_migration_backup (store), &copy,
                                    SQLITE_OPEN_READONLY, NULL),
                   ==, SQLITE_OK);
  sqlite3_prepare_v2 (copy, "PRAGMA user_version", -1, &stmt, NULL);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 3);
  sqlite3_finalize (stmt);
  sqlite3_close (copy);

  nights = pt_store_list_nights (store, &error);
  g_assert_cmpint (nights->len, ==, 1);
  g_assert_true (pt_store_set_night_players (store, 1, (gint64[]){ 1 }, 1, &error));
  g_assert_no_error (error);
  came = pt_store_get_night_players (store, 1, &error);
  g_assert_cmpint (came->len, ==, 1);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* A version 4 database (the last before schema 5's compaction) with a
 * handful of matches goes up the whole chain (5: compact results and
 * aggregates, 6: the queues of deferred statistics): every match is kept,
 * rated, counted, and nothing is left waiting. */
static void
test_schema_migrate_v4 (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "v4.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, pt_store_migration_sql (1), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "PRAGMA application_id = 1347699777;"
                                 "INSERT INTO players VALUES (1, 'u1', 'Ana', '', 0, 0, 0);"
                                 "INSERT INTO players VALUES (2, 'u2', 'Beto', '', 0, 0, 0);"
                                 "INSERT INTO players VALUES (3, 'u3', 'Carla', '', 0, 0, 0);",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  for (int i = 1; i <= 12; i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO matches (id, uuid, game, mode, started, finished)"
                                              "  VALUES (%d, 'm%d', '%s', 0, %d, %d);"
                                              "INSERT INTO results VALUES (%d, 0, %d, %d, 1, 1, 0, 0);"
                                              "INSERT INTO results VALUES (%d, 1, %d, 20, 2, 0, 0, 0);"
                                              "INSERT INTO breakdowns VALUES (%d, '{}');",
                                              i, i, i % 3 == 0 ? "next-station-london" : "lost-cities",
                                              100 * i, 100 * i + 50, i, 1 + i % 3, 30 + i, i,
                                              1 + (i + 1) % 3, i);

      g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  for (int version = 2; version <= 4; version++)
    g_assert_cmpint (sqlite3_exec (db, pt_store_migration_sql (version), NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 4", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_get_schema_version (store), ==, PT_STORE_SCHEMA_VERSION);
  g_assert_cmpint (PT_STORE_SCHEMA_VERSION, ==, 6);
  g_assert_nonnull (strstr (pt_store_get_migration_backup (store), ".v4-backup-"));
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 12);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM results"), ==, 24);
  g_assert_cmpint (pragma_int (store, "SELECT count (rating) FROM results"), ==, 24);
  g_assert_cmpint (pragma_int (store, "SELECT sum (plays) FROM player_stats WHERE game = ''"), ==, 24);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM rating_pending"), ==, 0);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM aggregate_pending"), ==, 0);
  for (gint64 id = 1; id <= 12; id++)
    {
      g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, id, &error);

      g_assert_no_error (error);
      g_assert_cmpint (entry->results->len, ==, 2);
      g_assert_cmpint (entry->finished, ==, 100 * id + 50);
    }
  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_path_resolve (void)
{
  g_autofree char *explicit = NULL;
  g_autofree char *from_env = NULL;
  g_autofree char *fallback = NULL;
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "partida", "partida.db", NULL);

  explicit = pt_store_resolve_path ("/x/y.db");
  g_assert_cmpstr (explicit, ==, "/x/y.db");
  g_setenv ("PARTIDA_DB", "/from/env.db", TRUE);
  from_env = pt_store_resolve_path (NULL);
  g_assert_cmpstr (from_env, ==, "/from/env.db");
  g_unsetenv ("PARTIDA_DB");
  fallback = pt_store_resolve_path ("");
  g_assert_cmpstr (fallback, ==, expected);
}

static void
test_players_basic (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "p.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) ana = pt_store_add_player (store, "  Ana ", "#ff0000", &error);
  g_autoptr(PtPlayer) dup = NULL;
  g_autoptr(PtPlayer) found = NULL;
  g_autoptr(GPtrArray) list = NULL;
  gint64 beto;

  g_assert_no_error (error);
  g_assert_cmpstr (ana->name, ==, "Ana");
  g_assert_cmpstr (ana->colour, ==, "#ff0000");
  g_assert_nonnull (ana->uuid);
  g_assert_cmpint (ana->created, >, 0);

  dup = pt_store_add_player (store, "ana", NULL, &error);
  g_assert_null (dup);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_null (pt_store_add_player (store, "   ", NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);

  beto = test_player (store, "Beto");
  g_assert_false (pt_store_update_player (store, beto, "ANA", NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_true (pt_store_update_player (store, beto, "Alberto", "#00ff00", &error));
  g_assert_no_error (error);
  g_assert_false (pt_store_update_player (store, 999, "X", NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  list = pt_store_list_players (store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (list->len, ==, 2);
  g_assert_cmpstr (((PtPlayer *) list->pdata[0])->name, ==, "Alberto");
  g_assert_cmpstr (((PtPlayer *) list->pdata[0])->colour, ==, "#00ff00");
  g_assert_cmpstr (((PtPlayer *) list->pdata[1])->name, ==, "Ana");

  found = pt_store_find_player (store, "ANA", &error);
  g_assert_no_error (error);
  g_assert_cmpint (found->id, ==, ana->id);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_players_archive (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "a.db");
  g_autoptr(PtStats) stats = pt_stats_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) active = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(PtPlayerStats) ps = NULL;
  g_autoptr(GPtrArray) overview = NULL;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto"), ana2;
  gint64 players[2] = { ana, beto };
  int scores[2] = { 10, 5 };

  test_match (store, "lost-cities", 1000, 2, players, scores);
  g_assert_true (pt_store_set_player_archived (store, ana, TRUE, &error));
  g_assert_no_error (error);

  active = pt_store_list_players (store, FALSE, &error);
  g_assert_cmpint (active->len, ==, 1);
  all = pt_store_list_players (store, TRUE, &error);
  g_assert_cmpint (all->len, ==, 2);
  overview = pt_stats_overview (stats, NULL, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (overview->len, ==, 1);

  /* History is kept. */
  ps = pt_stats_player (stats, ana, &error);
  g_assert_no_error (error);
  g_assert_true (ps->player->archived);
  g_assert_cmpint (ps->overall->plays, ==, 1);
  g_assert_cmpint (ps->overall->wins, ==, 1);

  /* The name is free again among active players, so un-archiving the old
   * Ana now clashes. */
  ana2 = test_player (store, "Ana");
  g_assert_cmpint (ana2, !=, ana);
  g_assert_false (pt_store_set_player_archived (store, ana, FALSE, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE);

  g_clear_object (&stats);
  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_players_merge (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "m.db");
  g_autoptr(PtStats) stats = pt_stats_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayerStats) ps = NULL;
  g_autoptr(PtPlayer) gone = NULL;
  gint64 ana = test_player (store, "Ana"), anita = test_player (store, "Anita");
  gint64 beto = test_player (store, "Beto");
  gint64 p1[2] = { ana, beto }, p2[2] = { anita, beto }, p3[2] = { ana, anita };
  int s1[2] = { 10, 5 }, s2[2] = { 7, 9 };
  gint64 m3;

  test_match (store, "lost-cities", 1000, 2, p1, s1);
  test_match (store, "lost-cities", 2000, 2, p2, s2);
  test_match (store, "circle-the-wagons", 3000, 2, p2, s1);

  /* Two seats of the same match cannot merge: refused, nothing changed. */
  m3 = test_match (store, "next-station-london", 4000, 2, p3, s1);
  g_assert_false (pt_store_merge_players (store, anita, ana, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  ps = pt_stats_player (stats, anita, &error);
  g_assert_cmpint (ps->overall->plays, ==, 3);
  g_clear_pointer (&ps, pt_player_stats_unref);

  g_assert_true (pt_store_delete_match (store, m3, &error));
  g_assert_true (pt_store_purge (store, &error) == 1);
  g_assert_no_error (error);
  g_assert_true (pt_store_merge_players (store, anita, ana, &error));
  g_assert_no_error (error);

  ps = pt_stats_player (stats, ana, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ps->overall->plays, ==, 3);
  g_assert_cmpint (ps->overall->wins, ==, 2);
  /* Head-to-head follows the merge: Beto met Ana (10–5) and Anita (7–9, 10–5). */
  g_assert_cmpint (ps->head_to_head->len, ==, 1);
  g_assert_cmpint (((PtHeadToHead *) ps->head_to_head->pdata[0])->player_b, ==, beto);
  g_assert_cmpint (((PtHeadToHead *) ps->head_to_head->pdata[0])->plays, ==, 3);
  g_assert_cmpint (((PtHeadToHead *) ps->head_to_head->pdata[0])->wins_a, ==, 2);
  g_assert_cmpint (((PtHeadToHead *) ps->head_to_head->pdata[0])->wins_b, ==, 1);
  g_assert_cmpint (ps->per_game->len, ==, 2);
  g_assert_cmpint (ps->ratings->len, ==, 2);
  gone = pt_store_get_player (store, anita, &error);
  g_assert_null (gone);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);

  g_clear_object (&stats);
  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_players_delete (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "d.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto");
  gint64 carla = test_player (store, "Carla");
  gint64 players[2] = { ana, beto };
  int scores[2] = { 1, 2 };

  test_match (store, "lost-cities", 1000, 2, players, scores);
  g_assert_false (pt_store_delete_player (store, ana, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_IN_USE);
  g_clear_error (&error);

  g_assert_true (pt_store_delete_player (store, carla, &error));
  list = pt_store_list_players (store, TRUE, &error);
  g_assert_cmpint (list->len, ==, 2);
  g_clear_pointer (&list, g_ptr_array_unref);
  g_assert_true (pt_store_undelete_player (store, carla, &error));
  g_assert_no_error (error);
  list = pt_store_list_players (store, TRUE, &error);
  g_assert_cmpint (list->len, ==, 3);
  g_clear_pointer (&list, g_ptr_array_unref);

  g_assert_true (pt_store_delete_player (store, carla, &error));
  g_assert_cmpint (pt_store_purge (store, &error), ==, 1);
  g_assert_false (pt_store_undelete_player (store, carla, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_matches_save_load (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "s.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_DIGITAL);
  g_autoptr(PtMatchEntry) loaded = NULL;
  g_autoptr(PtMatchEntry) bad = NULL;
  g_autoptr(PtNight) night = pt_store_add_night (store, "2026-03-14", "Casa", "", &error);
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto"), id;
  PtMatchResult *r;

  g_assert_no_error (error);
  pt_match_entry_add_result (entry, pt_match_result_new (ana, 0, 40, FALSE));
  r = pt_match_result_new (beto, 1, 55, TRUE);
  r->is_ai = TRUE;
  r->ai_level = 3;
  pt_match_entry_add_result (entry, r);
  entry->started = 1700000000;
  entry->finished = 1700001800;
  entry->night_id = night->id;
  entry->options = g_strdup ("{ \"rounds\" : 3 }");
  entry->rule_reading = g_strdup ("official-2008");
  entry->notes = g_strdup ("close game");
  entry->breakdown = g_strdup ("{\"expeditions\": [[1, 2], [3]]}");
  entry->record = g_strdup ("{\"format\": \"partida-record/1\", \"moves\": []}");

  id = pt_store_save_match (store, entry, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, ==, entry->id);
  g_assert_nonnull (entry->uuid);

  loaded = pt_store_load_match (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->uuid, ==, entry->uuid);
  g_assert_cmpstr (loaded->game, ==, "lost-cities");
  g_assert_cmpint (loaded->mode, ==, PT_MATCH_MODE_DIGITAL);
  g_assert_cmpint (loaded->started, ==, 1700000000);
  g_assert_cmpint (loaded->finished, ==, 1700001800);
  g_assert_cmpint (loaded->night_id, ==, night->id);
  g_assert_cmpstr (loaded->options, ==, "{\"rounds\":3}");
  g_assert_cmpstr (loaded->rule_reading, ==, "official-2008");
  g_assert_cmpstr (loaded->notes, ==, "close game");
  g_assert_cmpstr (loaded->breakdown, ==, "{\"expeditions\":[[1,2],[3]]}");
  g_assert_cmpstr (loaded->record, ==, "{\"format\":\"partida-record/1\",\"moves\":[]}");
  g_assert_false (loaded->deleted);
  g_assert_cmpint (loaded->results->len, ==, 2);
  r = loaded->results->pdata[1];
  g_assert_cmpint (r->player_id, ==, beto);
  g_assert_cmpstr (r->player_name, ==, "Beto");
  g_assert_cmpint (r->score, ==, 55);
  g_assert_cmpint (r->rank, ==, 1); /* computed from the scores */
  g_assert_true (r->winner);
  g_assert_true (r->is_ai);
  g_assert_cmpint (r->ai_level, ==, 3);
  g_assert_cmpint (((PtMatchResult *) loaded->results->pdata[0])->rank, ==, 2);
  g_assert_cmpint (pt_store_find_match_by_uuid (store, entry->uuid, &error), ==, id);

  /* Bad input is refused and leaves nothing behind. */
  bad = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);
  pt_match_entry_add_result (bad, pt_match_result_new (ana, 0, 1, TRUE));
  pt_match_entry_add_result (bad, pt_match_result_new (4242, 1, 0, FALSE));
  g_assert_cmpint (pt_store_save_match (store, bad, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (bad->uuid);
  ((PtMatchResult *) bad->results->pdata[1])->player_id = ana;
  g_assert_cmpint (pt_store_save_match (store, bad, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  ((PtMatchResult *) bad->results->pdata[1])->player_id = beto;
  bad->breakdown = g_strdup ("{not json");
  g_assert_cmpint (pt_store_save_match (store, bad, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 1);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM results"), ==, 2);

  /* Notes and night can change afterwards; a deleted night leaves the match. */
  g_assert_true (pt_store_set_match_notes (store, id, "edited", &error));
  g_assert_true (pt_store_delete_night (store, night->id, &error));
  g_assert_no_error (error);
  g_clear_pointer (&loaded, pt_match_entry_unref);
  loaded = pt_store_load_match (store, id, &error);
  g_assert_cmpstr (loaded->notes, ==, "edited");
  g_assert_cmpint (loaded->night_id, ==, 0);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_matches_soft_delete (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "sd.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) page = NULL;
  g_autoptr(PtMatchEntry) loaded = NULL;
  PtHistoryQuery query;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto");
  gint64 players[2] = { ana, beto };
  int scores[2] = { 3, 4 };
  gint64 m1 = test_match (store, "lost-cities", 1000, 2, players, scores);
  gint64 m2 = test_match (store, "lost-cities", 2000, 2, players, scores);

  pt_history_query_init (&query);
  g_assert_true (pt_store_delete_match (store, m1, &error));
  g_assert_no_error (error);
  g_assert_false (pt_store_delete_match (store, m1, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 1);
  page = pt_store_history (store, &query, &error);
  g_assert_cmpint (page->len, ==, 1);
  g_assert_cmpint (((PtMatchEntry *) page->pdata[0])->id, ==, m2);
  g_clear_pointer (&page, g_ptr_array_unref);
  g_assert_cmpint (pragma_int (store, "SELECT count (rating) FROM results"), ==, 2);

  g_assert_true (pt_store_undelete_match (store, m1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 2);
  g_assert_cmpint (pragma_int (store, "SELECT count (rating) FROM results"), ==, 4);

  g_assert_true (pt_store_delete_match (store, m2, &error));
  loaded = pt_store_load_match (store, m2, &error);
  g_assert_true (loaded->deleted);
  g_assert_cmpint (pt_store_purge (store, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_null (pt_store_load_match (store, m2, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (pt_store_undelete_match (store, m2, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM results"), ==, 2);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM breakdowns"), ==, 1);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_saved_games_and_drafts (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "g.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(PtSavedGame) saved = NULL;
  g_autofree char *draft = NULL;
  gint64 id;

  id = pt_store_save_game_in_progress (store, 0, "lost-cities", "{\"moves\":[]}", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpint (pt_store_save_game_in_progress (store, id, "lost-cities",
                                                   "{\"moves\":[{\"play\":\"Y2\"}]}",
                                                   "{\"rounds\":3}", &error),
                   ==, id);
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_save_game_in_progress (store, id, "lost-cities", "{oops", NULL, &error),
                   ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  list = pt_store_list_saved_games (store, &error);
  g_assert_cmpint (list->len, ==, 1);
  saved = pt_store_load_saved_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->record, ==, "{\"moves\":[{\"play\":\"Y2\"}]}");
  g_assert_cmpstr (saved->options, ==, "{\"rounds\":3}");
  g_assert_true (pt_store_delete_saved_game (store, id, &error));
  g_assert_false (pt_store_delete_saved_game (store, id, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_null (pt_store_get_draft (store, "circle-the-wagons", &error));
  g_assert_no_error (error);
  g_assert_true (pt_store_set_draft (store, "circle-the-wagons", "{\"players\":[\"Ana\"]}", &error));
  g_assert_true (pt_store_set_draft (store, "circle-the-wagons", "{\"players\":[\"Ana\",\"Bo\"]}",
                                     &error));
  draft = pt_store_get_draft (store, "circle-the-wagons", &error);
  g_assert_cmpstr (draft, ==, "{\"players\":[\"Ana\",\"Bo\"]}");
  g_assert_true (pt_store_clear_draft (store, "circle-the-wagons", &error));
  g_assert_null (pt_store_get_draft (store, "circle-the-wagons", &error));
  g_assert_no_error (error);

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_nights (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "n.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) a = pt_store_add_night (store, "2026-01-02", "Casa", "", &error);
  g_autoptr(PtNight) b = pt_store_add_night (store, "2026-02-30", "", "", &error);
  g_autoptr(PtNight) c = NULL;
  g_autoptr(GPtrArray) list = NULL;

  g_assert_null (b);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  c = pt_store_add_night (store, "2026-03-01", "Bar", "cumple", &error);
  g_assert_no_error (error);
  g_assert_true (pt_store_update_night (store, a->id, NULL, "Casa de Ana", NULL, &error));
  list = pt_store_list_nights (store, &error);
  g_assert_cmpint (list->len, ==, 2);
  g_assert_cmpstr (((PtNight *) list->pdata[0])->date, ==, "2026-03-01");
  g_assert_cmpstr (((PtNight *) list->pdata[1])->place, ==, "Casa de Ana");

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* History ----------------------------------------------------------------- */

static GArray *
history_ids (PtStore *store,
             const PtHistoryQuery *query)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) page = pt_store_history (store, query, &error);
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_assert_no_error (error);
  for (guint i = 0; i < page->len; i++)
    g_array_append_val (ids, ((PtMatchEntry *) page->pdata[i])->id);
  return ids;
}

static void
test_history_filters (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "h.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) page = NULL;
  PtHistoryQuery q;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto 50%");
  gint64 carla = test_player (store, "Carla");
  gint64 ab[2] = { ana, beto }, bc[2] = { beto, carla }, abc[3] = { ana, beto, carla };
  int s2[2] = { 1, 2 }, s3[3] = { 3, 2, 1 };
  gint64 m[6];

  m[0] = test_match (store, "lost-cities", 1000, 2, ab, s2);
  m[1] = test_match (store, "circle-the-wagons", 2000, 2, bc, s2);
  m[2] = test_match (store, "lost-cities", 3000, 3, abc, s3);
  m[3] = test_match (store, "next-station-london", 4000, 2, bc, s2);
  m[4] = test_match (store, "lost-cities", 5000, 2, bc, s2);
  m[5] = test_match (store, "lost-cities", 5000, 2, ab, s2); /* same time: id orders */
  g_assert_true (pt_store_set_match_notes (store, m[1], "Carla's birthday", &error));
  {
    /* One companion match */
    g_autoptr(PtStmt) stmt = pt_store_prepare (store, "UPDATE matches SET mode = 1 WHERE id = ?", &error);
    sqlite3_bind_int64 (stmt, 1, m[3]);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  }

  pt_history_query_init (&q);
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (g_array_index (ids, gint64, i), ==, m[5 - i]);
  g_clear_pointer (&ids, g_array_unref);

  q.game = "lost-cities";
  q.player_id = ana;
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 3);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, m[5]);
  g_assert_cmpint (g_array_index (ids, gint64, 1), ==, m[2]);
  g_assert_cmpint (g_array_index (ids, gint64, 2), ==, m[0]);
  g_clear_pointer (&ids, g_array_unref);

  pt_history_query_init (&q);
  q.mode = PT_MATCH_MODE_COMPANION;
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, m[3]);
  g_clear_pointer (&ids, g_array_unref);

  pt_history_query_init (&q);
  q.from = 2000;
  q.to = 4000;
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 2);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, m[2]);
  g_clear_pointer (&ids, g_array_unref);

  /* Search: a name, notes, and a literal % that must not act as a wildcard. */
  pt_history_query_init (&q);
  q.search = "carla";
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 4);
  g_clear_pointer (&ids, g_array_unref);
  q.search = "birthday";
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, m[1]);
  g_clear_pointer (&ids, g_array_unref);
  q.search = "50%";
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 6);
  g_clear_pointer (&ids, g_array_unref);
  q.search = "o 5";
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 6);
  g_clear_pointer (&ids, g_array_unref);
  q.search = "arl"; /* only Carla: 4 of 6 */
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 4);
  g_clear_pointer (&ids, g_array_unref);
  q.search = "%%";
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 0);
  g_clear_pointer (&ids, g_array_unref);

  /* Paging by offset and by keyset give the same pages. */
  pt_history_query_init (&q);
  q.limit = 4;
  q.offset = 4;
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 2);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, m[1]);
  g_clear_pointer (&ids, g_array_unref);
  pt_history_query_init (&q);
  q.limit = 3;
  page = pt_store_history (store, &q, &error);
  q.before_finished = ((PtMatchEntry *) page->pdata[2])->finished;
  q.before_id = ((PtMatchEntry *) page->pdata[2])->id;
  ids = history_ids (store, &q);
  g_assert_cmpint (ids->len, ==, 3);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, m[2]);
  g_assert_cmpint (g_array_index (ids, gint64, 2), ==, m[0]);
  g_clear_pointer (&ids, g_array_unref);

  /* Results come with the page, in seat order, with names. */
  g_assert_cmpint (((PtMatchEntry *) page->pdata[2])->results->len, ==, 2);
  g_assert_cmpstr (((PtMatchResult *) ((PtMatchEntry *) page->pdata[1])->results->pdata[1])->player_name,
                   ==, "Carla");

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* The history page of the benchmark must walk an index newest first and
 * stop, not sort the whole table. */
static void
test_matches_update (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "u.db");
  g_autoptr(PtStore) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) loaded = NULL;
  g_autoptr(PtMatchEntry) edit = NULL;
  g_autoptr(PtMatchEntry) wrong = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *exported = NULL;
  PtImportSummary summary;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto");
  gint64 carla = test_player (store, "Carla");
  gint64 players[2] = { ana, beto };
  int scores[2] = { 30, 20 };
  gint64 m1 = test_match (store, "lost-cities", 1000, 2, players, scores);
  gint64 m2 = test_match (store, "lost-cities", 2000, 2, players, scores);

  loaded = pt_store_load_match (store, m1, &error);
  g_assert_no_error (error);
  uuid = g_strdup (loaded->uuid);
  g_assert_cmpint (pragma_int (store, "SELECT round (rating) FROM results WHERE match_id = 1"
                                      " AND player_id = 1"),
                   ==, 1516);

  /* The sheet is corrected: Beto won after all, Carla was there too, with
   * a new note and breakdown. The UI builds a new entry, as for a save. */
  edit = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);
  edit->id = m1;
  edit->finished = 99999; /* the time of the correction: ignored */
  edit->notes = g_strdup ("corrected");
  edit->breakdown = g_strdup ("{\"rounds\": [9]}");
  edit->options = g_strdup ("{\"rounds\": 1}");
  pt_match_entry_add_result (edit, pt_match_result_new (ana, 0, 10, FALSE));
  pt_match_entry_add_result (edit, pt_match_result_new (beto, 1, 40, TRUE));
  pt_match_entry_add_result (edit, pt_match_result_new (carla, 2, 5, FALSE));
  g_assert_true (pt_store_update_match (store, edit, &error));
  g_assert_no_error (error);
  g_assert_cmpint (edit->id, ==, m1);
  g_assert_cmpstr (edit->uuid, ==, uuid);
  g_assert_cmpint (edit->finished, ==, 1000);

  g_clear_pointer (&loaded, pt_match_entry_unref);
  loaded = pt_store_load_match (store, m1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->uuid, ==, uuid);
  g_assert_cmpint (loaded->mode, ==, PT_MATCH_MODE_DIGITAL); /* kept */
  g_assert_cmpint (loaded->finished, ==, 1000);
  g_assert_cmpstr (loaded->notes, ==, "corrected");
  g_assert_cmpstr (loaded->breakdown, ==, "{\"rounds\":[9]}");
  g_assert_cmpstr (loaded->options, ==, "{\"rounds\":1}");
  g_assert_cmpint (loaded->results->len, ==, 3);
  g_assert_cmpint (((PtMatchResult *) loaded->results->pdata[1])->rank, ==, 1);
  g_assert_cmpint (((PtMatchResult *) loaded->results->pdata[0])->rank, ==, 2);
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 2);
  /* Ratings follow: Ana now beat Carla and lost to Beto, all at 1500, so
   * she stays at 1500 (she had 1516); the later match moved too. */
  g_assert_cmpint (pragma_int (store, "SELECT count (rating) FROM results WHERE match_id = 1"), ==, 3);
  g_assert_cmpint (pragma_int (store, "SELECT round (rating, 6) FROM results WHERE match_id = 1"
                                      " AND player_id = 1"),
                   ==, 1500);
  g_assert_cmpint (pragma_int (store, "SELECT rated FROM player_stats WHERE player_id = 1"
                                      " AND game = 'lost-cities'"),
                   ==, 2);
  /* The player statistics see the new lineup (kept aggregates). */
  {
    g_autoptr(PtStats) stats = pt_stats_new (store);
    g_autoptr(PtPlayerStats) ps = pt_stats_player (stats, carla, &error);

    g_assert_no_error (error);
    g_assert_cmpint (ps->overall->plays, ==, 1);
    g_assert_cmpint (ps->overall->last_played, ==, 1000);
  }

  /* Back to two players: Carla's rating row goes. */
  g_ptr_array_remove_index (edit->results, 2);
  g_assert_true (pt_store_update_match (store, edit, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM results WHERE player_id = 3"), ==, 0);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM player_stats WHERE player_id = 3"), ==, 0);

  /* Refused, and nothing changes: another game, an unknown player, a
   * deleted match. */
  wrong = pt_match_entry_new ("next-station-london", PT_MATCH_MODE_COMPANION);
  wrong->id = m1;
  pt_match_entry_add_result (wrong, pt_match_result_new (ana, 0, 1, TRUE));
  g_assert_false (pt_store_update_match (store, wrong, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_free (wrong->game);
  wrong->game = g_strdup ("lost-cities");
  pt_match_entry_add_result (wrong, pt_match_result_new (4242, 1, 0, FALSE));
  g_assert_false (pt_store_update_match (store, wrong, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (pragma_int (store, "SELECT count (*) FROM results WHERE match_id = 1"), ==, 2);
  g_assert_true (pt_store_delete_match (store, m2, &error));
  edit->id = m2;
  g_assert_false (pt_store_update_match (store, edit, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (pt_store_undelete_match (store, m2, &error));

  /* The same UUID: a copy of the history imported before the edit gets
   * nothing twice. */
  exported = pt_store_export_json (store, &error);
  g_assert_no_error (error);
  copy = test_open (dir, "copy.db");
  g_assert_true (pt_store_import_json (copy, exported, &summary, &error));
  g_assert_cmpint (summary.matches_added, ==, 2);
  g_assert_true (pt_store_import_json (copy, exported, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.matches_added, ==, 0);
  g_assert_cmpint (summary.matches_skipped, ==, 2);
  g_assert_cmpint (pt_store_find_match_by_uuid (copy, uuid, &error), >, 0);

  g_clear_object (&copy);
  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* Re-rating a game walks the live matches' time index in order. */
static void
test_ratings_plan (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "rplan.db");
  g_autoptr(GString) plan = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  /* The store's own text, not a copy of it. */
  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store),
                                       "EXPLAIN QUERY PLAN " PT_STATS_REPLAY_SQL,
                                       -1, &stmt, NULL),
                   ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (plan, "%s\n", sqlite3_column_text (stmt, 3));
  sqlite3_finalize (stmt);
  g_test_message ("%s", plan->str);
  g_assert_nonnull (strstr (plan->str, "INDEX matches_time (finished>?)"));
  g_assert_null (strstr (plan->str, "TEMP B-TREE"));

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

static void
test_history_plan (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "plan.db");
  g_autoptr(GString) plan = g_string_new (NULL);
  g_autofree char *sql = NULL;
  g_autofree char *explain = NULL;
  PtHistoryQuery query;
  sqlite3_stmt *stmt = NULL;

  /* The SQL pt_store_history() runs for one game and one player. */
  pt_history_query_init (&query);
  query.game = "lost-cities";
  query.player_id = 1;
  sql = pt_store_history_sql (&query);
  explain = g_strconcat ("EXPLAIN QUERY PLAN ", sql, NULL);
  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), explain, -1, &stmt, NULL),
                   ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (plan, "%s\n", sqlite3_column_text (stmt, 3));
  sqlite3_finalize (stmt);
  g_test_message ("%s", plan->str);
  g_assert_nonnull (strstr (plan->str, "matches_time"));
  g_assert_null (strstr (plan->str, "TEMP B-TREE"));
  g_assert_null (strstr (plan->str, "SCAN r"));

  g_assert_finalize_object (g_steal_pointer (&store));
  test_rmdir (dir);
}

/* The store's fast path gives exactly what json-glib would. */
static void
test_canonical_json (void)
{
  static const char *const texts[] = {
    "{}",
    "[]",
    "{\"rounds\":3}",
    "{\"a\":[1,-2,0,true,false,null,\"x\"]}",
    "{ \"a\": 1 }",
    "{\"a\":1,\"a\":2}",
    "[1.5]",
    "[1e3]",
    "[-0]",
    "[007]",
    "[\"\\u00e9\"]",
    "[\"é\"]",
    "[\"tab\\t\"]",
    "[12345678901234567890]",
    "[[[[]]]]",
    "{\"\":{\"\":[]}}",
    "\"s\"",
    "42",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *expected = NULL;
      g_autofree char *got = pt_store_canonical_json (texts[i], "null", "test", NULL);

      g_assert_true (json_parser_load_from_data (parser, texts[i], -1, NULL));
      expected = json_to_string (json_parser_get_root (parser), FALSE);
      g_assert_cmpstr (got, ==, expected);
    }
  g_assert_null (pt_store_canonical_json ("{\"a\":", "null", "test", NULL));
  g_assert_null (pt_store_canonical_json ("[1,]", "null", "test", NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/schema/fresh", test_schema_fresh);
  g_test_add_func ("/store/json/canonical", test_canonical_json);
  g_test_add_func ("/store/schema/fresh-twice-at-once", test_schema_fresh_twice_at_once);
  g_test_add_func ("/store/schema/not-found", test_schema_not_found);
  g_test_add_func ("/store/schema/migrate-v1", test_schema_migrate_v1);
  g_test_add_func ("/store/schema/migrate-v3", test_schema_migrate_v3);
  g_test_add_func ("/store/schema/migrate-v4", test_schema_migrate_v4);
  g_test_add_func ("/store/path/resolve", test_path_resolve);
  g_test_add_func ("/store/players/basic", test_players_basic);
  g_test_add_func ("/store/players/archive", test_players_archive);
  g_test_add_func ("/store/players/merge", test_players_merge);
  g_test_add_func ("/store/players/delete", test_players_delete);
  g_test_add_func ("/store/nights", test_nights);
  g_test_add_func ("/store/nights/attendance", test_nights_attendance);
  g_test_add_func ("/store/nights/start", test_nights_start);
  g_test_add_func ("/store/matches/save-load", test_matches_save_load);
  g_test_add_func ("/store/matches/soft-delete", test_matches_soft_delete);
  g_test_add_func ("/store/matches/update", test_matches_update);
  g_test_add_func ("/store/ratings/plan", test_ratings_plan);
  g_test_add_func ("/store/saved-games-and-drafts", test_saved_games_and_drafts);
  g_test_add_func ("/store/history/filters", test_history_filters);
  g_test_add_func ("/store/history/plan", test_history_plan);

  return g_test_run ();
}
