/* test-store-unopened.c — a history too damaged to open at all (its header
 * scribbled over): the app says so and offers to salvage, nothing is
 * written meanwhile, and salvaging puts every readable match back, opens
 * the salvaged history and keeps the damaged file beside it, renamed, its
 * name shown.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-store-health.h"

#define N_MATCHES 40

static char *
find_kept (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, "unopened.db.broken-"))
      return g_build_filename (dir, name, NULL);
  return NULL;
}

static void
test_unopened (void)
{
  const char *path = g_getenv ("PARTIDA_DB");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GBytes) before = file_bytes (path);
  g_autoptr(GBytes) kept_bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *count = NULL;
  PtHistoryPage *history;
  AdwMessageDialog *dialog;
  AdwStatusPage *status;
  const char *body;

  /* Opening the history fails: the problem is named, with the file, and
   * salvage is offered. */
  show_area ("history");
  WAIT_UNTIL ((dialog = find_dialog ("too-damaged-dialog")) != NULL);
  g_assert_null (pt_application_get_store (app, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  /* The store's message, then what salvage does. */
  body = adw_message_dialog_get_body (dialog);
  g_assert_nonnull (strstr (body, "unopened.db"));
  g_assert_true (g_str_has_prefix (body, error->message));
  g_assert_cmpuint (strlen (body), >, strlen (error->message) + 100);
  g_clear_error (&error);
  history = PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
  status = ADW_STATUS_PAGE (find_by_type (GTK_WIDGET (history), ADW_TYPE_STATUS_PAGE));
  g_assert_cmpstr (adw_status_page_get_title (status), ==, _("The History Cannot Be Opened"));
  save_screenshot (GTK_WIDGET (dialog), "store-too-damaged");
  set_dark (TRUE);
  save_screenshot (GTK_WIDGET (dialog), "store-too-damaged-dark");
  set_dark (FALSE);
  /* Nothing has been written to it. */
  g_assert_true (g_bytes_equal (before, file_bytes (path)));

  /* Salvage: every match back, the damaged file kept under a new name. */
  adw_message_dialog_response (dialog, "salvage");
  /* The offer stays up saying so, its buttons off, until the result. */
  g_assert_true (find_dialog ("too-damaged-dialog") == dialog);
  g_assert_nonnull (find_by_name (GTK_WIDGET (dialog), "salvaging"));
  g_assert_false (gtk_widget_get_sensitive (find_button_with_label (GTK_WIDGET (dialog), _("_Salvage"))));
  WAIT_UNTIL_MS ((dialog = find_dialog ("salvage-result-dialog")) != NULL, 20000);
  g_assert_null (find_dialog ("too-damaged-dialog"));
  kept = find_kept (dir);
  g_assert_nonnull (kept);
  kept_bytes = file_bytes (kept);
  g_assert_true (g_bytes_equal (before, kept_bytes));
  body = adw_message_dialog_get_body (dialog);
  g_assert_nonnull (strstr (body, "unopened.db.broken-"));
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d match kept", "%d matches kept", N_MATCHES),
                           N_MATCHES);
  g_assert_nonnull (strstr (body, count));
  save_screenshot (GTK_WIDGET (dialog), "store-salvaged");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* The salvaged history is the one open now, and it can be written. */
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), ==, N_MATCHES);
  g_assert_false (pt_store_health_read_only (app));
  wait_for_store ();
  g_assert_true (pt_history_page_show_match (history, 1));
  wait_for_store ();
  g_assert_true (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "delete-match")));
  gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL);
  wait_for_store ();
  screenshots ("history-salvaged");
}

int
main (int argc,
      char *argv[])
{
  int ret = ui_test_init (&argc, &argv);

  if (ret != 0)
    return ret;
  ui_test_use_fresh_db ("unopened.db");
  write_history (g_getenv ("PARTIDA_DB"), N_MATCHES, NULL);
  damage_header (g_getenv ("PARTIDA_DB"));
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));

  g_test_add_func ("/ui/store-health/unopened", test_unopened);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
