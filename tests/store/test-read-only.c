/* test-read-only.c — a history that cannot be written is opened read-only:
 * readable, exportable, every change refused with the reason
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* unshare (CLONE_NEWNS) */
#endif
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <sched.h>
#include <sys/mount.h>
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
                 PtStore *store,
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

/* File permissions do not stop root: run as root, the test re-runs itself
 * (g_test_trap_subprocess) and the child gives up root for good (the
 * "nobody" user, 65534) before it opens the history, so the kernel refuses
 * its writes as it would a user's. Without the right to change users the
 * test is skipped, saying why. */
#define NOBODY 65534

static gboolean
become_nobody (char **why)
{
  if (setgroups (0, NULL) != 0 || setgid (NOBODY) != 0 || setuid (NOBODY) != 0)
    {
      *why = g_strdup_printf ("cannot drop root to test permissions: %s", g_strerror (errno));
      return FALSE;
    }
  if (setuid (0) == 0)
    {
      *why = g_strdup ("root could be taken back after dropping it");
      return FALSE;
    }
  return TRUE;
}

static void
permission_case (const char *reason,
                 gboolean folder)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *skip_file = NULL;
  g_autofree char *skip = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PtStore) store = NULL;
      g_autofree char *why = NULL;

      dir = g_strdup (g_getenv ("PT_TEST_READ_ONLY_DIR"));
      path = g_build_filename (dir, "history.db", NULL);
      skip_file = g_build_filename (dir, "skip", NULL);
      if (geteuid () == 0 && !become_nobody (&why))
        {
          g_assert_true (g_file_set_contents (skip_file, why, -1, NULL));
          return;
        }
      g_assert_cmpint (g_access (folder ? dir : path, W_OK), !=, 0);
      store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
      g_assert_no_error (error);
      check_read_only (path, store, reason);
      if (folder)
        {
          /* A new history there: the permission named too. */
          g_autofree char *fresh = g_build_filename (dir, "new.db", NULL);
          g_autoptr(PtStore) none = pt_store_open (fresh, PT_STORE_OPEN_CREATE, &error);

          g_assert_null (none);
          g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
          g_assert_nonnull (strstr (error->message, "no permission to write in its folder"));
        }
      return;
    }

  dir = test_tmpdir ();
  path = fill (dir);
  skip_file = g_build_filename (dir, "skip", NULL);
  before = contents (path);
  if (geteuid () == 0)
    {
      /* Root's file in root's folder, both readable by anyone; for the
       * folder case the file is nobody's own (writable by it). */
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
      g_assert_cmpint (g_chmod (path, 0644), ==, 0);
      if (folder)
        g_assert_cmpint (chown (path, NOBODY, NOBODY), ==, 0);
    }
  else
    g_assert_cmpint (g_chmod (folder ? dir : path, folder ? 0555 : 0444), ==, 0);
  g_setenv ("PT_TEST_READ_ONLY_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_chmod (dir, 0755);
  g_chmod (path, 0644);
  g_test_trap_assert_passed ();
  if (g_file_get_contents (skip_file, &skip, NULL, NULL))
    g_test_skip (skip);
  else
    {
      after = contents (path);
      g_assert_true (g_bytes_equal (before, after)); /* nothing written */
    }
  test_rmdir (dir);
}

/* A read-only file: opened read-only, the permission named. */
static void
test_file_permission (void)
{
  permission_case ("no permission to write the file", FALSE);
}

/* A writable file in a read-only folder: not "damaged". */
static void
test_folder_permission (void)
{
  permission_case ("no permission to write in its folder", TRUE);
}

/* A read-only disk: the test folder mounted read-only over itself in a
 * mount namespace of the child's own (needs CAP_SYS_ADMIN; skipped with
 * the reason without it). */
static void
test_read_only_disk (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *skip_file = NULL;
  g_autofree char *skip = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PtStore) store = NULL;

      dir = g_strdup (g_getenv ("PT_TEST_READ_ONLY_DIR"));
      path = g_build_filename (dir, "history.db", NULL);
      skip_file = g_build_filename (dir, "skip", NULL);
      if (unshare (CLONE_NEWNS) != 0 || mount ("none", "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
          mount (dir, dir, NULL, MS_BIND, NULL) != 0 ||
          mount (NULL, dir, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL) != 0)
        {
          g_autofree char *why = g_strdup_printf ("cannot mount a folder read-only here: %s",
                                                  g_strerror (errno));

          /* Still writable if the remount is what failed: say why. */
          g_file_set_contents (skip_file, why, -1, NULL);
          return;
        }
      g_assert_cmpint (g_access (path, W_OK), !=, 0);
      store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);
      g_assert_no_error (error);
      check_read_only (path, store, "it is on a read-only disk");
      return;
    }

  dir = test_tmpdir ();
  path = fill (dir);
  skip_file = g_build_filename (dir, "skip", NULL);
  before = contents (path);
  g_setenv ("PT_TEST_READ_ONLY_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  if (g_file_get_contents (skip_file, &skip, NULL, NULL))
    g_test_skip (skip);
  else
    {
      after = contents (path);
      g_assert_true (g_bytes_equal (before, after));
    }
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/read-only/forced", test_forced);
  g_test_add_func ("/store/read-only/file-permission", test_file_permission);
  g_test_add_func ("/store/read-only/folder-permission", test_folder_permission);
  g_test_add_func ("/store/read-only/disk", test_read_only_disk);
  return g_test_run ();
}
