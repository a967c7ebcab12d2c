/* test-store-restore.c — a backup restored over a damaged history from
 * the app's menu: the history comes from the backup, the damaged one is
 * kept beside it, and the app writes again on both of its connections (the
 * damage it had found is gone), without a restart.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-store-health.h"

static gpointer
add_player_job (PtStore *store,
                PtStats *stats,
                gpointer data,
                GCancellable *cancellable,
                GError **error)
{
  return pt_store_add_player (store, data, NULL, error);
}

static void
on_worker_answer (GObject *source,
                  GAsyncResult *result,
                  gpointer user_data)
{
  GError **error = user_data;
  g_autoptr(PtPlayer) player = pt_store_worker_finish (PT_STORE_WORKER (source), result, error);

  if (player == NULL && *error == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no player");
}

static void
test_restore_over_damage (void)
{
  const char *path = g_getenv ("PARTIDA_DB");
  g_autofree char *backup = g_build_filename (ui_test_get_tmp_dir (), "backup.db", NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *heading = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) worker_error = NULL;
  g_autoptr(PtPlayer) zoe = NULL;
  g_autoptr(GDir) listing = NULL;
  AdwMessageDialog *dialog;
  PtStoreWorker *worker;
  const char *name;
  gboolean kept = FALSE;

  /* The damage is found and told; the user says "Not Now". */
  show_area ("history");
  WAIT_UNTIL ((dialog = find_dialog ("damaged-dialog")) != NULL);
  g_assert_true (pt_store_health_read_only (app));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  WAIT_UNTIL (find_dialog ("damaged-dialog") == NULL);

  /* A whole backup of 3 matches, restored through the menu's operation. */
  write_history (backup, 3, NULL);
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_RESTORE, backup, NULL, "store-restored", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("Backup Restored"));

  /* The history is the backup's, and nothing refuses changes any more. */
  g_assert_null (pt_store_health_get_damage (app));
  g_assert_false (pt_store_health_read_only (app));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, 3);
  zoe = pt_store_add_player (get_store (), "Zoe", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (zoe);
  /* The worker's connection (the pages' saves) writes too. */
  worker = pt_application_get_worker (app, NULL);
  g_assert_nonnull (worker);
  pt_store_worker_run (worker, NULL, add_player_job, g_strdup ("Yago"), g_free, (GDestroyNotify) pt_player_unref,
                       NULL, on_worker_answer, &worker_error);
  wait_for_store ();
  g_assert_no_error (worker_error);
  g_assert_true (pt_store_check_integrity (get_store (), &error));
  g_assert_no_error (error);

  /* The damaged history is kept beside it. */
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    kept |= g_str_has_prefix (name, "damaged.db.before-restore-");
  g_assert_true (kept);
}

int
main (int argc,
      char *argv[])
{
  int ret = ui_test_init (&argc, &argv);

  if (ret != 0)
    return ret;
  ui_test_use_fresh_db ("damaged.db");
  {
    /* 120 matches over several pages, the last one scribbled over. */
    g_autofree char *notes = g_strnfill (300, 'x');

    write_history (g_getenv ("PARTIDA_DB"), 120, notes);
    damage_matches_page (g_getenv ("PARTIDA_DB"));
  }
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));

  g_test_add_func ("/ui/store-restore/over-damage", test_restore_over_damage);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
