/* test-cli.c — partida-cli players|history|stats|export|import|backup|restore
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the built partida-cli ($PARTIDA_BUILD_DIR/src/cli/partida-cli) on a
 * database filled through PtStore and checks its output and exit status.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "store-test-util.h"

static char *cli;

/* Runs partida-cli with @args (NULL-terminated), returns the exit status. */
static int
run (char **out,
     char **err,
     ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *stdout_text = NULL;
  g_autofree char *stderr_text = NULL;
  const char *arg;
  int status;
  va_list ap;

  g_ptr_array_add (argv, cli);
  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &stdout_text,
                &stderr_text, &status, &error);
  g_assert_no_error (error);
  if (out != NULL)
    *out = g_steal_pointer (&stdout_text);
  if (err != NULL)
    *err = g_steal_pointer (&stderr_text);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

typedef struct
{
  char *dir;
  char *db;
  gint64 ana, beto;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(PtStore) store = NULL;
  gint64 ab[2], ba[2];
  int s1[] = { 40, 10 }, s2[] = { 30, 35 };

  f->dir = test_tmpdir ();
  f->db = g_build_filename (f->dir, "cli.db", NULL);
  store = test_open (f->dir, "cli.db");
  f->ana = test_player (store, "Ana");
  f->beto = test_player (store, "Beto");
  ab[0] = ba[1] = f->ana;
  ab[1] = ba[0] = f->beto;
  test_match (store, "lost-cities", 1000, 2, ab, s1);
  test_match (store, "lost-cities", 2000, 2, ba, s2);
  test_match (store, "circle-the-wagons", 3000, 2, ab, s2);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  test_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->db);
}

static void
test_players (Fixture *f, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *array;

  g_assert_cmpint (run (&out, NULL, "players", "--db", f->db, "--json", NULL), ==, 0);
  node = parse_json (out);
  array = json_node_get_array (node);
  g_assert_cmpint (json_array_get_length (array), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 0), "name"),
                   ==, "Ana");
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run (&out, NULL, "players", "--db", f->db, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Beto"));
}

static void
test_history (Fixture *f, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *array;
  JsonObject *first;

  g_assert_cmpint (run (&out, NULL, "history", "--db", f->db, "--json", "--game", "lost-cities",
                        "--player", "ana", NULL),
                   ==, 0);
  node = parse_json (out);
  array = json_node_get_array (node);
  g_assert_cmpint (json_array_get_length (array), ==, 2);
  first = json_array_get_object_element (array, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "finished"), ==, "1970-01-01T00:33:20Z");
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (first, "results")), ==, 2);
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run (&out, NULL, "history", "--db", f->db, "--limit", "1", "--offset", "2", NULL),
                   ==, 0);
  g_assert_nonnull (strstr (out, "Ana 40*, Beto 10"));
}

static void
test_stats (Fixture *f, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *root, *overall;

  g_assert_cmpint (run (&out, NULL, "stats", "--db", f->db, "--json", "--player", "Ana", NULL), ==, 0);
  node = parse_json (out);
  root = json_node_get_object (node);
  overall = json_object_get_object_member (root, "overall");
  g_assert_cmpint (json_object_get_int_member (overall, "plays"), ==, 3);
  /* W W L */
  g_assert_cmpint (json_object_get_int_member (overall, "wins"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (overall, "longest_streak"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (overall, "current_streak"), ==, 0);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (root, "games")), ==, 2);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (root, "ratings")), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run (&out, NULL, "stats", "--db", f->db, NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "Ana"));
}

static void
test_export_import (Fixture *f, gconstpointer data)
{
  g_autofree char *json = NULL, *csv = NULL, *out = NULL, *again = NULL;
  g_autofree char *file = g_build_filename (f->dir, "export.json", NULL);
  g_autofree char *copy = g_build_filename (f->dir, "copy.db", NULL);
  g_autoptr(JsonNode) node = NULL;

  g_assert_cmpint (run (&json, NULL, "export", "--db", f->db, NULL), ==, 0);
  g_assert_cmpint (run (NULL, NULL, "export", "--db", f->db, "--output", file, NULL), ==, 0);
  g_assert_cmpint (run (&out, NULL, "import", "--db", copy, "--json", file, NULL), ==, 0);
  node = parse_json (out);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "matches_added"), ==, 3);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run (&out, NULL, "import", "--db", copy, file, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "0 matches added; 3 matches already present"));
  g_assert_cmpint (run (&again, NULL, "export", "--db", copy, NULL), ==, 0);
  g_assert_cmpstr (again, ==, json);

  g_assert_cmpint (run (&csv, NULL, "export", "--db", f->db, "--csv", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (csv, "match,game,mode,started,finished,night,player,"));
}

static void
test_backup_restore (Fixture *f, gconstpointer data)
{
  g_autofree char *backup = g_build_filename (f->dir, "backup.db", NULL);
  g_autofree char *before = NULL, *after = NULL, *out = NULL;

  g_assert_cmpint (run (&before, NULL, "export", "--db", f->db, NULL), ==, 0);
  g_assert_cmpint (run (&out, NULL, "backup", "--db", f->db, backup, NULL), ==, 0);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PtStore) store = pt_store_open (f->db, PT_STORE_OPEN_NONE, &error);
    g_assert_no_error (error);
    test_player (store, "Carla");
  }
  g_assert_cmpint (run (NULL, NULL, "restore", "--db", f->db, backup, NULL), ==, 0);
  g_assert_cmpint (run (&after, NULL, "export", "--db", f->db, NULL), ==, 0);
  g_assert_cmpstr (after, ==, before);
}

static void
test_errors (Fixture *f, gconstpointer data)
{
  g_autofree char *missing = g_build_filename (f->dir, "missing.db", NULL);
  g_autofree char *junk = g_build_filename (f->dir, "junk.db", NULL);
  g_autofree char *err = NULL, *out = NULL, *contents = NULL;
  g_autoptr(JsonNode) node = NULL;
  const char *text = "this is not a database, it is a text file with more than a hundred bytes "
                     "in it so that the header check reads a full header";

  g_assert_cmpint (run (NULL, &err, "history", "--db", missing, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "no database"));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (junk, text, -1, NULL));
  g_assert_cmpint (run (&out, NULL, "players", "--db", junk, "--json", NULL), ==, 1);
  node = parse_json (out);
  g_assert_nonnull (json_object_get_object_member (json_node_get_object (node), "error"));
  g_assert_true (g_file_get_contents (junk, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);

  g_assert_cmpint (run (NULL, NULL, "history", "--db", f->db, "--bogus", NULL), ==, 2);
  g_assert_cmpint (run (NULL, NULL, "history", "--db", f->db, "--mode", "board", NULL), ==, 2);
  g_assert_cmpint (run (NULL, NULL, "import", "--db", f->db, NULL), ==, 2);
  g_assert_cmpint (run (NULL, &err, "import", "--db", f->db, junk, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "neither a Partida export"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "import", "--db", f->db, "--from", "partida", junk, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "Invalid export file"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "import", "--db", f->db, "--from", "csv", junk, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "unknown format"));
}

/* import --from bgstats|bgg, and detected from the content. */
static void
test_import_other_apps (Fixture *f, gconstpointer data)
{
  g_autofree char *bgstats = g_build_filename (g_getenv ("PARTIDA_SOURCE_DIR"), "tests", "store",
                                               "import", "bgstats-sample.json", NULL);
  g_autofree char *bgg = g_build_filename (g_getenv ("PARTIDA_SOURCE_DIR"), "tests", "store",
                                           "import", "bgg-plays-sample.xml", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  g_assert_cmpint (run (&out, NULL, "import", "--db", f->db, "--json", bgstats, NULL), ==, 0);
  node = parse_json (out);
  object = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (object, "format"), ==, "bgstats");
  g_assert_cmpint (json_object_get_int_member (object, "matches_added"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (object, "plays_other_games"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (object, "plays_unusable"), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run (&out, NULL, "import", "--db", f->db, "--from", "bgstats", bgstats, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "0 matches added; 4 matches already present"));
  g_assert_nonnull (strstr (out, "Skipped 1 play of “Catan”: not a Partida game"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run (&out, NULL, "import", "--db", f->db, "--from", "bgg", bgg, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "2 matches added"));
  /* The wrong --from is refused, not guessed around. */
  g_assert_cmpint (run (NULL, &err, "import", "--db", f->db, "--from", "bgg", bgstats, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "Invalid BoardGameGeek file"));
}

/* PARTIDA_DB is honoured when there is no --db. */
static void
test_env_path (Fixture *f, gconstpointer data)
{
  g_autofree char *out = NULL;

  g_setenv ("PARTIDA_DB", f->db, TRUE);
  g_assert_cmpint (run (&out, NULL, "players", NULL), ==, 0);
  g_unsetenv ("PARTIDA_DB");
  g_assert_nonnull (strstr (out, "Ana"));
}

/* A history too damaged to open: every command names the damage and the
 * way out, backup writes nothing, salvage --replace puts what can be read
 * in its place and keeps the damaged file beside it. */
static void
test_salvage (Fixture *f, gconstpointer data)
{
  g_autofree char *backup = g_build_filename (f->dir, "backup.db", NULL);
  g_autofree char *before = NULL, *after = NULL, *out = NULL, *err = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *summary;
  char *bytes;
  gsize size;

  g_assert_cmpint (run (&before, NULL, "export", "--db", f->db, NULL), ==, 0);
  g_assert_true (g_file_get_contents (f->db, &bytes, &size, NULL));
  memset (bytes, 0x5a, 100);
  g_assert_true (g_file_set_contents (f->db, bytes, size, NULL));
  g_free (bytes);

  g_assert_cmpint (run (NULL, &err, "players", "--db", f->db, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "partida-cli salvage --replace"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (NULL, &err, "backup", "--db", f->db, backup, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "salvage"));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpint (run (NULL, NULL, "salvage", "--db", f->db, NULL), ==, 2);

  g_assert_cmpint (run (&out, NULL, "salvage", "--db", f->db, "--replace", "--json", NULL), ==, 0);
  root = parse_json (out);
  summary = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (summary, "players"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (summary, "matches_lost"), ==, 0);
  kept = g_strdup (json_object_get_string_member (summary, "damaged_kept_as"));
  g_assert_true (g_str_has_prefix (kept, f->db));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (run (&after, NULL, "export", "--db", f->db, NULL), ==, 0);
  /* The same matches, players and nights (the export's own time stamp
   * aside). */
  {
    g_autoptr(JsonNode) a = parse_json (before), b = parse_json (after);
    JsonObject *oa = json_node_get_object (a), *ob = json_node_get_object (b);

    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (oa, "matches")), ==,
                      json_array_get_length (json_object_get_array_member (ob, "matches")));
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (oa, "players")), ==,
                      json_array_get_length (json_object_get_array_member (ob, "players")));
  }
  g_assert_cmpint (run (NULL, NULL, "backup", "--db", f->db, backup, NULL), ==, 0);
}

/* A history that opens but whose integrity check fails (the matches'
 * page scribbled over): backup and import refuse it, naming the damage and
 * the command line's ways out (the store's own message names none: the app
 * has its Salvage button), and write nothing. */
static void
test_damaged_page (Fixture *f, gconstpointer data)
{
  g_autofree char *backup = g_build_filename (f->dir, "backup.db", NULL);
  g_autofree char *doc = g_build_filename (f->dir, "doc.json", NULL);
  g_autofree char *err = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int root, page_size;
  char *bytes;
  gsize size;

  g_assert_cmpint (sqlite3_open_v2 (f->db, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT rootpage, (SELECT page_size FROM pragma_page_size) "
                                           "FROM sqlite_master WHERE name = 'matches'",
                                       -1, &stmt, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  root = sqlite3_column_int (stmt, 0);
  page_size = sqlite3_column_int (stmt, 1);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  g_assert_cmpint (root, >, 1);
  g_assert_true (g_file_get_contents (f->db, &bytes, &size, NULL));
  g_assert_cmpuint (size, >=, (gsize) root * page_size);
  for (int i = 0; i < page_size; i++)
    bytes[(gsize) (root - 1) * page_size + i] = (char) (i * 31 + 7);
  g_assert_true (g_file_set_contents (f->db, bytes, size, NULL));
  g_free (bytes);

  g_assert_cmpint (run (NULL, &err, "backup", "--db", f->db, backup, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "is damaged ("));
  g_assert_nonnull (strstr (err, "partida-cli salvage --replace"));
  g_assert_nonnull (strstr (err, "partida-cli salvage NEW-FILE"));
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (doc, "{\"format\":\"partida-export/1\",\"players\":[]}", -1, NULL));
  g_assert_cmpint (run (NULL, &err, "import", "--db", f->db, doc, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "is damaged ("));
  g_assert_nonnull (strstr (err, "partida-cli salvage --replace"));
}

int
main (int argc, char **argv)
{
  const char *build = g_getenv ("PARTIDA_BUILD_DIR");

  g_test_init (&argc, &argv, NULL);
  cli = build != NULL ? g_build_filename (build, "src", "cli", "partida-cli", NULL) : NULL;
  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("partida-cli not found (PARTIDA_BUILD_DIR unset)");
      return g_test_run ();
    }

#define ADD(path, func) \
  g_test_add ("/store/cli/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("players", test_players);
  ADD ("history", test_history);
  ADD ("stats", test_stats);
  ADD ("export-import", test_export_import);
  ADD ("backup-restore", test_backup_restore);
  ADD ("salvage", test_salvage);
  ADD ("damaged-page", test_damaged_page);
  ADD ("errors", test_errors);
  ADD ("import-other-apps", test_import_other_apps);
  ADD ("env-path", test_env_path);
#undef ADD

  int status = g_test_run ();
  g_free (cli);
  return status;
}
