/* test-history-read-only.c — a history file the user may not write: the
 * app opens it read-only and says why (the permission named), History and
 * Statistics show it, Export works, and every change is off or refused
 * with a message; the file stays byte for byte.
 *
 * File permissions do not stop root, and CI runs the tests as root: then
 * the test gives up root for good (to "nobody", 65534) right after it has
 * connected to the display (Xvfb's authority file is root's) and before
 * the app opens the history, so the kernel refuses the writes as it would
 * any user's. Without the right to change users it is skipped, saying why.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "companion-test-util.h"
#include "pt-data-actions.h"
#include "pt-history-page.h"
#include "pt-stats-page.h"
#include "pt-store-health.h"

#define NOBODY    65534
#define N_MATCHES 6

static void
chown_tree (const char *path,
            uid_t uid,
            gid_t gid)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_cmpint (lchown (path, uid, gid), ==, 0);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      chown_tree (child, uid, gid);
    }
}

/* Root gives the temporary folder to nobody (so the export can be written
 * there and it can be cleaned up), keeps the history file its own, and
 * becomes nobody. NULL, or why it could not. */
static char *
make_read_only (const char *db)
{
  if (geteuid () != 0)
    {
      g_assert_cmpint (g_chmod (db, 0444), ==, 0);
      return NULL;
    }
  chown_tree (ui_test_get_tmp_dir (), NOBODY, NOBODY);
  {
    /* The screenshots go where nobody may write them:
     * screenshots/as-nobody/screenshots/ of the build directory. */
    const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
    g_autofree char *top = g_build_filename (build_dir ? build_dir : ".", "screenshots", "as-nobody", NULL);
    g_autofree char *shots = g_build_filename (top, "screenshots", NULL);

    g_assert_cmpint (g_mkdir_with_parents (shots, 0755), ==, 0);
    chown_tree (top, NOBODY, NOBODY);
    g_setenv ("PARTIDA_BUILD_DIR", top, TRUE);
  }
  g_assert_cmpint (chown (db, 0, 0), ==, 0);
  g_assert_cmpint (g_chmod (db, 0644), ==, 0);
  if (setgroups (0, NULL) != 0 || setgid (NOBODY) != 0 || setuid (NOBODY) != 0)
    return g_strdup_printf ("cannot drop root to test a read-only history: %s", g_strerror (errno));
  if (setuid (0) == 0)
    return g_strdup ("root could be taken back after dropping it");
  /* Changing users makes a process undumpable; sanitizers and debuggers
   * still want to attach. */
  prctl (PR_SET_DUMPABLE, 1, 0, 0, 0);
  return NULL;
}

/* A mapped label under @root showing @text, or NULL. */
static GtkWidget *
find_label_with_text (GtkWidget *root,
                      const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The label of a toast shown under @widget, or NULL. */
static const char *
toast_title (GtkWidget *widget)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0 && gtk_widget_get_mapped (widget))
    {
      GtkWidget *label = find_by_type (widget, GTK_TYPE_LABEL);

      return label != NULL ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *title = toast_title (child);

      if (title != NULL)
        return title;
    }
  return NULL;
}

static void
test_read_only (void)
{
  const char *path = g_getenv ("PARTIDA_DB");
  g_autofree char *expected = g_strdup_printf (_("you have no permission to write the file (%s)"),
                                                  g_strerror (EACCES));
  g_autofree char *export_path = g_build_filename (ui_test_get_tmp_dir (), "export.json", NULL);
  g_autofree char *import_path = g_build_filename (ui_test_get_tmp_dir (), "import.json", NULL);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *exported = NULL;
  g_autoptr(GBytes) before = file_bytes (path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) zoe = NULL;
  PtScoreSheetPage *sheet;
  PtHistoryPage *history;
  PtStatsPage *stats;
  const char *toast;
  static const char *doc = "{\"format\":\"partida-export/1\",\"players\":[{\"uuid\":"
                           "\"11111111-1111-4111-8111-111111111111\",\"name\":\"Carla\",\"colour\":\"\","
                           "\"created\":0,\"archived\":false}]}";

  g_assert_cmpint (g_access (path, W_OK), !=, 0);

  /* Opened read-only, the permission named, once and for as long as it
   * lasts (a toast that waits for the user). */
  show_area ("history");
  g_assert_true (pt_store_is_read_only (get_store ()));
  g_assert_cmpstr (pt_store_get_read_only_reason (get_store ()), ==, expected);
  g_assert_true (pt_store_health_read_only (app));
  g_assert_null (pt_store_health_get_damage (app));
  WAIT_UNTIL ((toast = toast_title (GTK_WIDGET (window))) != NULL);
  g_assert_nonnull (strstr (toast, expected));

  /* The toast's Details: the whole reason, whatever the width. */
  {
    AdwMessageDialog *details;

    g_action_group_activate_action (G_ACTION_GROUP (app), "read-only-details", NULL);
    WAIT_UNTIL ((details = find_dialog ("read-only-dialog")) != NULL);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (details), expected));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (details), "read-only.db"));
    save_screenshot (GTK_WIDGET (details), "read-only-details");
    gtk_window_destroy (GTK_WINDOW (details));
  }

  /* History: the matches are there, editing is off. */
  history = PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
  screenshots ("history-read-only-toast");
  g_assert_true (pt_history_page_show_match (history, 1));
  wait_for_store ();
  g_assert_false (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "delete-match")));
  g_assert_false (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "edit-match")));
  gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL);

  /* Statistics: both players with their figures. */
  show_area ("stats");
  stats = PT_STATS_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_STATS_PAGE));
  WAIT_UNTIL (find_by_name (GTK_WIDGET (stats), "player-row-1") != NULL);
  g_assert_nonnull (find_by_name (GTK_WIDGET (stats), "player-row-2"));
  screenshots ("stats-read-only-toast");

  /* The score sheet: a valid sheet, Save off, the reason beside it. */
  show_area ("score-sheet");
  sheet = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sheet), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  type_player_name (0, "Ana");
  type_player_name (1, "Beto");
  click_card (PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (sheet)), 0, 0, 5);
  g_assert_true (pt_sheet_view_get_valid (pt_score_sheet_page_get_sheet_view (sheet)));
  g_assert_false (gtk_widget_get_sensitive (find_button_with_label (GTK_WIDGET (sheet), _("_Save Match"))));
  g_assert_nonnull (find_label_with_text (GTK_WIDGET (sheet),
                                          _("The history cannot be changed now, so this match cannot be saved in it")));
  gtk_widget_activate_action (GTK_WIDGET (sheet), "sheet.discard", NULL);

  /* Export works… */
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_EXPORT_JSON, export_path, &body, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heading, ==, _("History Exported"));
  g_assert_true (g_file_get_contents (export_path, &exported, NULL, NULL));
  g_assert_nonnull (strstr (exported, "\"Ana\""));
  g_assert_nonnull (strstr (exported, "\"Beto\""));
  g_clear_pointer (&heading, g_free);
  g_clear_pointer (&body, g_free);

  /* … an import is refused, the permission named, nothing written. */
  g_assert_true (g_file_set_contents (import_path, doc, -1, NULL));
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_IMPORT, import_path, &body, NULL, &error);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_cmpstr (heading, ==, _("Import Failed"));
  g_assert_nonnull (strstr (body, expected));

  /* A change through the store is refused as such too. */
  zoe = pt_store_add_player (get_store (), "Zoe", NULL, &error);
  g_assert_null (zoe);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);

  wait_for_store ();
  after = file_bytes (path);
  g_assert_true (g_bytes_equal (before, after));
}

int
main (int argc,
      char *argv[])
{
  int ret = ui_test_init (&argc, &argv);
  g_autofree char *why = NULL;

  if (ret != 0)
    return ret;
  ui_test_use_fresh_db ("read-only.db");
  write_history (g_getenv ("PARTIDA_DB"), N_MATCHES, NULL);
  why = make_read_only (g_getenv ("PARTIDA_DB"));
  if (why != NULL)
    {
      g_printerr ("SKIP: %s\n", why);
      ui_test_cleanup ();
      return 77;
    }
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));

  g_test_add_func ("/ui/history/read-only", test_read_only);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
