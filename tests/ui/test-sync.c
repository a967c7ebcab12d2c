/* test-sync.c — Preferences → Sync in a real display: set a folder, save a
 * match, see it appear on a second instance with another database.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first instance is the application (its Preferences window, its
 * store and sync service); the second is another database with its own
 * store worker and sync service in the same process, as a second machine
 * on the same shared folder would be. The folder is set through the
 * settings key the portal file chooser writes (a native dialog cannot be
 * driven from a test).
 */
#include "config.h"

#define UI_TEST_WAIT_MS 20000

#include "ui-test-util.h"
#include "pt-preferences-window.h"
#include "pt-sync-service.h"

static int
count_matches (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_NONE, &error);

  g_assert_no_error (error);
  return pt_store_count_matches (store, &error);
}

static void
save_match (PtStore *store,
            gint64 finished)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) ana = pt_store_find_player (store, "Ana", NULL);
  g_autoptr(PtPlayer) beto = pt_store_find_player (store, "Beto", NULL);
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);

  if (ana == NULL)
    ana = pt_store_add_player (store, "Ana", NULL, &error);
  if (beto == NULL)
    beto = pt_store_add_player (store, "Beto", NULL, &error);
  g_assert_no_error (error);
  pt_match_entry_add_result (entry, pt_match_result_new (ana->id, 0, 61, TRUE));
  pt_match_entry_add_result (entry, pt_match_result_new (beto->id, 1, 40, FALSE));
  entry->finished = finished;
  entry->started = finished - 1200;
  pt_store_save_match (store, entry, &error);
  g_assert_no_error (error);
}

static void
on_synced (PtSyncService *service,
           gboolean changed,
           guint *count)
{
  if (changed)
    (*count)++;
}

static void
test_two_instances (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (ui_test_get_tmp_dir (), "shared", NULL);
  g_autofree char *b_path = g_build_filename (ui_test_get_tmp_dir (), "b.db", NULL);
  g_autoptr(PtApplication) app = NULL;
  g_autoptr(PtStoreWorker) b_worker = NULL;
  g_autoptr(PtSyncService) b_sync = NULL;
  g_autofree char *a_export = NULL;
  g_autofree char *b_export = NULL;
  GSettings *settings;
  PtSyncService *a_sync;
  PtStore *a_store;
  GtkWindow *preferences;
  AdwActionRow *status;
  GtkWidget *sync_now;
  guint b_changed = 0;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  ui_test_use_fresh_db ("a.db");
  app = ui_test_new_application ();
  settings = pt_application_get_settings (app);
  g_settings_set_string (settings, "sync-folder", "");

  /* Preferences → Sync: off until a folder is chosen. */
  preferences = GTK_WINDOW (pt_preferences_window_new (pt_application_get_services (app)));
  gtk_window_set_application (preferences, GTK_APPLICATION (app));
  gtk_window_set_default_size (preferences, 640, 640);
  gtk_window_present (preferences);
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "sync-page");
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  status = ADW_ACTION_ROW (find_by_name (GTK_WIDGET (preferences), "sync-status-row"));
  sync_now = find_by_name (GTK_WIDGET (preferences), "sync-now-button");
  g_assert_nonnull (status);
  g_assert_nonnull (sync_now);
  g_assert_false (gtk_widget_get_sensitive (sync_now));
  g_assert_cmpstr (adw_action_row_get_subtitle (status), ==, _("Sync is off"));

  /* The folder set: synced on the spot. */
  g_settings_set_string (settings, "sync-folder", folder);
  a_sync = pt_application_get_sync (app, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pt_sync_service_get_folder (a_sync), ==, folder);
  WAIT_UNTIL (pt_sync_service_get_last_sync (a_sync) > 0 && !pt_sync_service_get_busy (a_sync));
  g_assert_null (pt_sync_service_get_error (a_sync));
  WAIT_UNTIL (gtk_widget_get_sensitive (sync_now));
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (status), "Synced at") ||
                 g_str_has_prefix (adw_action_row_get_subtitle (status), "Sincronizado a las"));
  save_screenshot (GTK_WIDGET (preferences), "preferences-sync");

  /* A match saved on the first instance goes out with "Sync Now". */
  a_store = pt_application_get_store (app, &error);
  g_assert_no_error (error);
  save_match (a_store, 1764000000);
  g_signal_emit_by_name (sync_now, "clicked");
  WAIT_UNTIL (!pt_sync_service_get_busy (a_sync) && gtk_widget_get_sensitive (sync_now));

  /* The second instance, another database on the same folder: it reads
   * the folder when it starts. */
  {
    g_autoptr(PtStore) b = pt_store_open (b_path, PT_STORE_OPEN_CREATE, &error);
    g_assert_no_error (error);
  }
  b_worker = pt_store_worker_new (b_path);
  b_sync = pt_sync_service_new (b_worker);
  pt_sync_service_set_delay (b_sync, 200);
  g_signal_connect (b_sync, "synced", G_CALLBACK (on_synced), &b_changed);
  pt_sync_service_set_folder (b_sync, folder);
  WAIT_UNTIL (b_changed == 1);
  g_assert_cmpint (count_matches (b_path), ==, 1);

  /* The next match arrives by itself: the folder changed (GFileMonitor). */
  save_match (a_store, 1764000600);
  g_signal_emit_by_name (sync_now, "clicked");
  WAIT_UNTIL (b_changed == 2);
  g_assert_cmpint (count_matches (b_path), ==, 2);
  g_assert_null (pt_sync_service_get_error (b_sync));

  /* One history: the exports are the same byte for byte. */
  {
    g_autoptr(PtStore) b = pt_store_open (b_path, PT_STORE_OPEN_NONE, &error);

    a_export = pt_store_export_json (a_store, &error);
    b_export = pt_store_export_json (b, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (a_export, ==, b_export);
  }

  g_settings_set_string (settings, "sync-folder", "");
  gtk_window_destroy (preferences);
  pt_sync_service_set_folder (b_sync, NULL);
  pt_store_worker_drain (b_worker);
  wait_for_store ();
  settle (100);
}

int
main (int argc,
      char *argv[])
{
  int ret;

  if ((ret = ui_test_init (&argc, &argv)) != 0)
    return ret;
  adw_init ();
  g_test_add_func ("/ui/preferences/sync/two-instances", test_two_instances);
  ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
