/* test-data.c — Preferences → Data and the primary menu: export, import into
 * a new database (identical statistics), import from other apps, back up,
 * restore (asks first, keeps the replaced database), failures shown.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-data-actions.h"
#include "pt-preferences-window.h"
#include "pt-stats.h"
#include "pt-store-trash.h"
#include "pt-trash-page.h"

static void
fill (PtStore *store)
{
  g_autoptr(GError) error = NULL;
  const char *names[] = { "Begoña", "Ángel", "Zoe" };
  gint64 ids[3];

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(PtPlayer) player = pt_store_add_player (store, names[i], "#3584e4", &error);
      g_assert_no_error (error);
      ids[i] = player->id;
    }
  for (guint m = 0; m < 6; m++)
    {
      g_autoptr(PtMatchEntry) entry =
                     pt_match_entry_new (m % 2 ? "lost-cities" : "next-station-london", PT_MATCH_MODE_COMPANION);
      int a = (int) (m % 3), b = (int) ((m + 1) % 3);

      entry->started = 1700000000 + m * 3600;
      entry->finished = entry->started + 1200;
      pt_match_entry_add_result (entry, pt_match_result_new (ids[a], 0, 40 + (int) m, TRUE));
      pt_match_entry_add_result (entry, pt_match_result_new (ids[b], 1, 20 - (int) m, FALSE));
      g_assert_cmpint (pt_store_save_match (store, entry, &error), >, 0);
      g_assert_no_error (error);
    }
}

/* Wins, plays and ratings of every player, as text. */
static char *
statistics (PtStore *store)
{
  g_autoptr(PtStats) stats = pt_stats_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) overview = pt_stats_overview (stats, NULL, TRUE, &error);
  g_autoptr(GPtrArray) ratings = NULL;
  GString *text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < overview->len; i++)
    {
      PtStatLine *line = overview->pdata[i];
      g_string_append_printf (text, "%s %d/%d;", line->player_name, line->wins, line->plays);
    }
  ratings = pt_stats_ratings (stats, "lost-cities", TRUE, &error);
  g_assert_no_error (error);
  g_string_append_printf (text, " %u rated", ratings->len);
  return g_string_free (text, FALSE);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (ui_test_get_tmp_dir (), name, NULL);
}

static void
test_actions (void)
{
  const char *actions[] = { "export-json", "export-csv", "import", "backup", "restore" };
  const char *rows[] = { "export-json-row", "export-csv-row", "import-row", "backup-row",
                         "restore-row" };
  GtkWidget *preferences;

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), actions[i]));
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  WAIT_UNTIL ((preferences = GTK_WIDGET (find_toplevel (PT_TYPE_PREFERENCES_WINDOW))) != NULL);
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "data-page");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *row;
      g_autofree char *expected = g_strconcat ("app.", actions[i], NULL);

      WAIT_UNTIL ((row = find_by_name (preferences, rows[i])) != NULL);
      g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), ==, expected);
    }
  save_screenshot (preferences, "preferences-data");
  gtk_window_destroy (GTK_WINDOW (preferences));
}

static void
test_export_import_new_database (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = tmp_path ("export.json");
  g_autofree char *csv = tmp_path ("export.csv");
  g_autofree char *new_db = tmp_path ("new.db");
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autoptr(PtApplication) other = NULL;
  PtStore *store;

  fill (get_store ());
  before = statistics (get_store ());

  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_EXPORT_JSON, json, &body, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("History Exported"));
  g_assert_true (g_file_get_contents (json, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "partida-export/1"));
  g_clear_pointer (&heading, g_free);
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_EXPORT_CSV, csv, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (csv, G_FILE_TEST_IS_REGULAR));

  /* A second app on a new database imports the file. */
  other = pt_application_new (APPLICATION_ID, G_APPLICATION_NON_UNIQUE);
  pt_application_set_db_path (other, new_db);
  g_clear_pointer (&heading, g_free);
  g_clear_pointer (&body, g_free);
  heading = run_data_operation (other, GTK_WINDOW (window), PT_DATA_IMPORT, json, &body, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("Import Finished"));
  if (g_str_equal (ui_test_lang, "en"))
    {
      g_assert_nonnull (strstr (body, "6 matches added."));
      g_assert_nonnull (strstr (body, "3 new players."));
    }
  store = pt_application_get_store (other, &error);
  g_assert_no_error (error);
  after = statistics (store);
  g_assert_cmpstr (before, ==, after);

  /* Again: nothing added. */
  g_clear_pointer (&heading, g_free);
  g_clear_pointer (&body, g_free);
  heading = run_data_operation (other, GTK_WINDOW (window), PT_DATA_IMPORT, json, &body, NULL, &error);
  g_assert_no_error (error);
  if (g_str_equal (ui_test_lang, "en"))
    g_assert_nonnull (strstr (body, "0 matches added. 6 matches were already present."));
  g_clear_pointer (&after, g_free);
  after = statistics (store);
  g_assert_cmpstr (before, ==, after);
}

static void
test_import_other_apps (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *bgg = g_build_filename (g_getenv ("PARTIDA_SOURCE_DIR"), "tests", "store",
                                           "import", "bgg-plays-sample.xml", NULL);
  g_autofree char *bad = tmp_path ("bad.json");
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  int before = pt_store_count_matches (get_store (), NULL);

  show_area ("history");
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_IMPORT, bgg, &body, "data-import-summary", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("Import Finished"));
  g_assert_nonnull (strstr (body, "Azul"));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before + 2);

  /* A refused file: the reason, and nothing imported. */
  g_assert_true (g_file_set_contents (bad, "{\"format\":\"partida-export/1\",\"matches\":"
                                           "[{\"score\":1000000000000000000000000000000}]}",
                                      -1, NULL));
  g_clear_pointer (&heading, g_free);
  g_clear_pointer (&body, g_free);
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_IMPORT, bad, &body, "data-import-refused", &error);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_assert_cmpstr (heading, ==, _("Import Failed"));
  g_assert_nonnull (strstr (body, "1000000000000000000000000000000"));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before + 2);
  screenshots ("data-imported-history");
}

static void
test_backup_restore (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = tmp_path ("backup.db");
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  int before = pt_store_count_matches (get_store (), NULL);
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);
  g_autoptr(PtPlayer) player = pt_store_find_player (get_store (), "Zoe", NULL);

  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_BACKUP, backup, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("Backup Saved"));
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));

  /* One more match, then back to the backup. */
  pt_match_entry_add_result (entry, pt_match_result_new (player->id, 0, 10, TRUE));
  g_assert_cmpint (pt_store_save_match (get_store (), entry, &error), >, 0);
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before + 1);
  g_clear_pointer (&heading, g_free);
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_RESTORE, backup, &body, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("Backup Restored"));
  g_assert_nonnull (strstr (body, ".before-restore-"));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before);

  /* Not a backup: refused, the history unchanged. */
  g_clear_pointer (&heading, g_free);
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_RESTORE, g_getenv ("PARTIDA_SOURCE_DIR"), NULL, NULL, &error);
  g_assert_nonnull (error);
  g_assert_cmpstr (heading, ==, _("Restore Failed"));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before);
}

/* The file chooser GtkFileChooserNative shows (without a portal, as in
 * this test, a GtkFileChooserDialog; inside Flatpak the portal's). */
static GtkFileChooser *
wait_for_chooser (void)
{
  GtkWindow *chooser = NULL;

  WAIT_UNTIL ((chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG)) != NULL &&
              gtk_widget_get_mapped (GTK_WIDGET (chooser)));
  return GTK_FILE_CHOOSER (chooser);
}

/* Every action of @model and its sections and submenus, "name;" each. */
static void
menu_actions (GMenuModel *model,
              GString *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *linked;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_string_append_printf (out, "%s;", action);
      while (g_menu_link_iter_get_next (links, NULL, &linked))
        {
          menu_actions (linked, out);
          g_object_unref (linked);
        }
    }
}

static gboolean
chooser_has (GtkFileChooser *chooser,
             GFile *file)
{
  g_autoptr(GFile) chosen = gtk_file_chooser_get_file (chooser);

  return chosen != NULL && g_file_equal (chosen, file);
}

static void
choose (GtkFileChooser *chooser,
        const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  if (gtk_file_chooser_get_action (chooser) == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      g_autoptr(GFile) folder = g_file_get_parent (file);
      g_autofree char *name = g_file_get_basename (file);

      g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, &error));
      gtk_file_chooser_set_current_name (chooser, name);
    }
  else
    {
      g_assert_true (gtk_file_chooser_set_file (chooser, file, &error));
      /* Selected once the folder has been read. */
      WAIT_UNTIL (chooser_has (chooser, file));
    }
  g_assert_no_error (error);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
}

/* Back up and restore as a user does: the primary menu's actions, the file
 * chooser, the question before a restore (Cancel changes nothing), the
 * summary naming the kept history. */
static void
test_through_chooser (void)
{
  g_autofree char *backup = tmp_path ("chosen-backup.db");
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *suggested = g_strdup_printf ("partida-%s.db", day);
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);
  g_autoptr(PtPlayer) player = pt_store_find_player (get_store (), "Zoe", NULL);
  GtkFileChooser *chooser;
  AdwMessageDialog *dialog;
  GtkWidget *menu_button, *popover;
  int before = pt_store_count_matches (get_store (), NULL);
  static const char *const wanted[] = { "app.export-json;", "app.export-csv;", "app.import;",
                                        "app.backup;", "app.restore;", "app.show-trash;" };
  GString *actions;

  /* The primary menu holds them. */
  menu_button = find_by_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (menu_button);
  actions = g_string_new (NULL);
  menu_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)), actions);
  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    g_assert_nonnull (strstr (actions->str, wanted[i]));
  g_string_free (actions, TRUE);
  /* A look at it, when the display lets the popover map (another test's
   * window on the same Xvfb may hold the focus). */
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  for (int i = 0; i < 40 && !gtk_widget_get_mapped (popover); i++)
    settle (50);
  if (gtk_widget_get_mapped (popover))
    save_screenshot (popover, "data-primary-menu");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));

  g_action_group_activate_action (G_ACTION_GROUP (app), "backup", NULL);
  chooser = wait_for_chooser ();
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, suggested);
  save_screenshot (GTK_WIDGET (chooser), "data-backup-chooser");
  choose (chooser, backup);
  WAIT_UNTIL_MS ((dialog = find_dialog ("data-summary-dialog")) != NULL, 20000);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, _("Backup Saved"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));

  pt_match_entry_add_result (entry, pt_match_result_new (player->id, 0, 10, TRUE));
  g_assert_cmpint (pt_store_save_match (get_store (), entry, &error), >, 0);

  /* Restore asks first; Cancel leaves the history as it is. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "restore", NULL);
  chooser = wait_for_chooser ();
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
  choose (chooser, backup);
  WAIT_UNTIL ((dialog = find_dialog ("restore-confirm-dialog")) != NULL);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "chosen-backup.db"));
  save_screenshot (GTK_WIDGET (dialog), "data-restore-confirm");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle (200);
  g_assert_null (find_dialog ("data-summary-dialog"));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before + 1);

  /* Restore: the backup's history, the replaced one kept and named. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "restore", NULL);
  choose (wait_for_chooser (), backup);
  WAIT_UNTIL ((dialog = find_dialog ("restore-confirm-dialog")) != NULL);
  adw_message_dialog_response (dialog, "restore");
  gtk_window_destroy (GTK_WINDOW (dialog));
  WAIT_UNTIL_MS ((dialog = find_dialog ("data-summary-dialog")) != NULL, 20000);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, _("Backup Restored"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), ".before-restore-"));
  save_screenshot (GTK_WIDGET (dialog), "data-restored");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before);
}

static void
test_trash (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) history = NULL;
  PtHistoryQuery query;
  GtkWidget *preferences;
  AdwMessageDialog *dialog;
  PtTrashPage *page;
  int before = pt_store_count_matches (get_store (), NULL);
  gint64 id;

  pt_history_query_init (&query);
  history = pt_store_history (get_store (), &query, &error);
  g_assert_no_error (error);
  id = ((PtMatchEntry *) history->pdata[0])->id;
  g_assert_true (pt_store_delete_match (get_store (), id, &error));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before - 1);

  /* Primary menu → Recently Deleted: the preferences at the trash. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "show-trash", NULL);
  WAIT_UNTIL ((preferences = GTK_WIDGET (find_toplevel (PT_TYPE_PREFERENCES_WINDOW))) != NULL);
  WAIT_UNTIL ((page = PT_TRASH_PAGE (find_by_type (preferences, PT_TYPE_TRASH_PAGE))) != NULL);
  /* The page asks the store worker; it fills in when the answer comes. */
  wait_for_store ();
  g_assert_cmpuint (pt_trash_page_get_n_items (page), ==, 1);
  save_screenshot (preferences, "preferences-trash");
  g_assert_true (pt_trash_page_restore (page, 0, &error));
  g_assert_no_error (error);
  wait_for_store ();
  g_assert_cmpuint (pt_trash_page_get_n_items (page), ==, 0);
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before);

  /* Empty Trash asks first. */
  g_assert_true (pt_store_delete_match (get_store (), id, &error));
  pt_trash_page_reload (page);
  wait_for_store ();
  g_assert_cmpuint (pt_trash_page_get_n_items (page), ==, 1);
  gtk_widget_activate (find_by_name (GTK_WIDGET (page), "empty-trash-button"));
  WAIT_UNTIL ((dialog = find_dialog ("empty-trash-dialog")) != NULL);
  adw_message_dialog_response (dialog, "empty");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();
  g_assert_cmpuint (pt_trash_page_get_n_items (page), ==, 0);
  g_assert_null (pt_store_load_match (get_store (), id, NULL));
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, before - 1);
  gtk_window_destroy (GTK_WINDOW (preferences));
}

int
main (int argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/data/actions", test_actions);
  g_test_add_func ("/ui/data/export-import-new-database", test_export_import_new_database);
  g_test_add_func ("/ui/data/import-other-apps", test_import_other_apps);
  g_test_add_func ("/ui/data/backup-restore", test_backup_restore);
  g_test_add_func ("/ui/data/through-chooser", test_through_chooser);
  g_test_add_func ("/ui/data/trash", test_trash);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
