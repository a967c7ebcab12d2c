/* test-sync-cli.c — partida-cli sync --db PATH --folder DIR
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the built partida-cli ($PARTIDA_BUILD_DIR/src/cli/partida-cli): a
 * match saved on one database appears on another through the folder; a
 * truncated change file exits 1 naming it and applies nothing of it.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "store-test-util.h"

static char *cli;

static int
run (char **out,
     char **err,
     const char *db,
     const char *folder,
     gboolean json)
{
  const char *argv[] = { cli, "sync", "--db", db, "--folder", folder, json ? "--json" : NULL, NULL };
  g_autoptr(GError) error = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static char *
only_file (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  char *found = NULL;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".ptsync"))
      {
        g_assert_null (found);
        found = g_strdup (name);
      }
  g_assert_nonnull (found);
  return found;
}

static void
test_sync (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *a_folder = g_build_filename (dir, "a", NULL);
  g_autofree char *b_folder = g_build_filename (dir, "b", NULL);
  g_autofree char *a_db = g_build_filename (dir, "a.db", NULL);
  g_autofree char *b_db = g_build_filename (dir, "b.db", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *name = NULL;
  g_autofree char *src = NULL;
  g_autofree char *dst = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  int scores[2] = { 50, 20 };

  g_assert_cmpint (g_mkdir (a_folder, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (b_folder, 0700), ==, 0);
  {
    g_autoptr(PtStore) a = test_open (dir, "a.db");
    gint64 players[2] = { test_player (a, "Ana"), test_player (a, "Beto") };

    test_match (a, "lost-cities", 1764000000, 2, players, scores);
  }
  g_assert_cmpint (run (&out, &err, a_db, a_folder, FALSE), ==, 0);
  g_assert_nonnull (strstr (out, "wrote 1 file(s) with 3 change(s)"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* The sync tool delivers it truncated: exit 1, the file named, nothing
   * applied. */
  name = only_file (a_folder);
  src = g_build_filename (a_folder, name, NULL);
  dst = g_build_filename (b_folder, name, NULL);
  g_file_get_contents (src, &data, &size, &error);
  g_assert_no_error (error);
  g_file_set_contents (dst, data, (gssize) size / 2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run (&out, &err, b_db, b_folder, TRUE), ==, 1);
  g_assert_nonnull (strstr (out, name));
  g_assert_nonnull (strstr (out, "\"files_applied\":0"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (&out, &err, b_db, b_folder, FALSE), ==, 1);
  g_assert_nonnull (strstr (err, name));
  g_assert_nonnull (strstr (err, "truncated"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    g_autoptr(PtStore) b = test_open (dir, "b.db");
    g_assert_cmpint (pt_store_count_matches (b, &error), ==, 0);
  }

  /* Whole: applied. */
  g_file_set_contents (dst, data, (gssize) size, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run (&out, &err, b_db, b_folder, TRUE), ==, 0);
  g_assert_nonnull (strstr (out, "\"files_applied\":1"));
  g_assert_nonnull (strstr (out, "\"changes_applied\":3"));
  {
    g_autoptr(PtStore) a = test_open (dir, "a.db");
    g_autoptr(PtStore) b = test_open (dir, "b.db");
    g_autofree char *ea = pt_store_export_json (a, &error);
    g_autofree char *eb = pt_store_export_json (b, &error);

    g_assert_cmpint (pt_store_count_matches (b, &error), ==, 1);
    g_assert_cmpstr (ea, ==, eb);
  }
  test_rmdir (dir);
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
  g_test_add_func ("/store/sync-cli/damaged-then-whole", test_sync);
  return g_test_run ();
}
