/* test-read-only.c — a history that cannot be written is opened read-only:
 * readable, exportable, every change refused with the reason
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "store-test-util.h"

static GBytes *
contents (const char *path)
{
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  return g_bytes_new_take (data, size);
}

static void
check_read_only (const char *path,
                 PtStore    *store,
                 const char *reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(PtPlayer) added = NULL;
  g_autofree char *json = NULL;
  PtHistoryQuery query;
  g_autoptr(GPtrArray) history = NULL;

  g_assert_true (pt_store_is_read_only (store));
  players = pt_store_list_players (store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 2);
  pt_history_query_init (&query);
  history = pt_store_history (store, &query, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (history->len, ==, 3);
  json = pt_store_export_json (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (json, "\"Ana\""));

  added = pt_store_add_player (store, "Carla", "", &error);
  g_assert_null (added);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "can be viewed and exported but not changed"));
  g_assert_nonnull (strstr (error->message, reason));
  g_clear_error (&error);
  g_assert_false (pt_store_delete_match (store, ((PtMatchEntry *) history->pdata[0])->id, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
  (void) path;
}

static char *
fill (const char *dir)
{
  g_autoptr(PtStore) store = test_open (dir, "history.db");
  gint64 ab[] = { test_player (store, "Ana"), test_player (store, "Bea") };
  int s[] = { 4, 1 };

  for (int i = 0; i < 3; i++)
    test_match (store, "lost-cities", 1000 + i, 2, ab, s);
  return g_strdup (pt_store_get_path (store));
}

static void
test_forced (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = fill (dir);
  g_autoptr(GBytes) before = contents (path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_READ_ONLY, &error);

  g_assert_no_error (error);
  check_read_only (path, store, "opened read-only");
  g_clear_object (&store);
  after = contents (path);
  g_assert_true (g_bytes_equal (before, after));
  test_rmdir (dir);
}

static void
test_permissions (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *path = fill (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root ignores file permissions");
      test_rmdir (dir);
      return;
    }
  /* A read-only file: opened read-only, the permission named. */
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  check_read_only (path, store, "no permission to write the file");
  g_clear_object (&store);
  g_chmod (path, 0644);

  /* A writable file in a read-only folder: not "damaged". */
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  check_read_only (path, store, "no permission to write in its folder");
  g_clear_object (&store);
  g_chmod (dir, 0755);
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/read-only/forced", test_forced);
  g_test_add_func ("/store/read-only/permissions", test_permissions);
  return g_test_run ();
}
