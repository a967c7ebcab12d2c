/* test-store-health.c — a damaged history in the app: the integrity check
 * on opening finds the bad page, a dialog says so and offers to salvage,
 * nothing is written meanwhile (the file stays byte for byte, the score
 * sheet cannot save, editing in the history is off), and salvaging puts
 * every readable match back in place, keeping the damaged file beside it
 * (renamed PATH.broken-…, its name in the summary). While the salvage runs
 * the dialog stays up saying so, its buttons off; the damage is told
 * without waiting for the worker's queue.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-store-health.h"

/* The damaged file before the app opened it. */
static GBytes *pristine;

/* A job (or the salvage's hook) that waits on the worker's thread until
 * the test opens the gate; open_late() opens it after 3 s if the test
 * has not, so a main loop blocked on the worker comes back to fail. */
typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean held;
  gboolean open;
} Gate;

static void
gate_hold (gpointer data)
{
  Gate *gate = data;

  g_mutex_lock (&gate->lock);
  gate->held = TRUE;
  g_cond_broadcast (&gate->cond);
  while (!gate->open)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
}

static gpointer
gate_job (PtStore *store,
          PtStats *stats,
          gpointer data,
          GCancellable *cancellable,
          GError **error)
{
  gate_hold (data);
  return GINT_TO_POINTER (1);
}

static gboolean
gate_get (Gate *gate,
          gboolean *field)
{
  gboolean value;

  g_mutex_lock (&gate->lock);
  value = *field;
  g_mutex_unlock (&gate->lock);
  return value;
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

static gpointer
open_late (gpointer data)
{
  Gate *gate = data;
  gint64 end = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;

  g_mutex_lock (&gate->lock);
  while (!gate->open && g_cond_wait_until (&gate->cond, &gate->lock, end))
    ;
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
  return NULL;
}

/* The check finds the damage while the worker is busy with a job: the
 * dialog comes without waiting for that job (the refusal is queued behind
 * it, ahead of any later write). */
static void
test_told_beside_busy_worker (void)
{
  Gate gate = { 0 };
  GThread *late;
  PtStoreWorker *worker;

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  g_assert_null (pt_store_health_get_damage (app));
  /* Opening the history starts the check (on a thread of its own); its
   * answer comes in the main loop, after the gate holds the worker. */
  worker = pt_application_get_worker (app, NULL);
  g_assert_nonnull (worker);
  pt_store_worker_run (worker, NULL, gate_job, &gate, NULL, NULL, NULL, NULL, NULL);
  WAIT_UNTIL (gate_get (&gate, &gate.held));
  late = g_thread_new ("open-late", open_late, &gate);
  WAIT_UNTIL_MS (find_dialog ("damaged-dialog") != NULL, 10000);
  g_assert_false (gate_get (&gate, &gate.open));
  g_assert_nonnull (pt_store_health_get_damage (app));
  gate_open (&gate);
  g_thread_join (late);
  wait_for_store ();
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
}

/* save_screenshot() waits for the store, which the held salvage keeps
 * busy: the same file, after a few frames instead. */
static void
save_held_screenshot (GtkWidget *widget,
                      const char *name)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *dir = g_build_filename (build_dir ? build_dir : ".", "screenshots", NULL);
  g_autofree char *file = g_strdup_printf ("%s-%s.png", ui_test_lang, name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint i = 0; i < 10; i++)
    wait_for_frame (widget);
  texture = render_widget (widget);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

static void
salvaging_screenshots (GtkWidget *dialog)
{
  save_held_screenshot (dialog, "store-salvaging");
  set_dark (TRUE);
  save_held_screenshot (dialog, "store-salvaging-dark");
  set_dark (FALSE);
  set_width (360);
  save_held_screenshot (dialog, "store-salvaging-narrow");
  set_width (1000);
}

/* Importing another history's export into the damaged one (the menu's
 * Import, on a connection of its own): refused, the damage named, nothing
 * imported (the store checks a history before it imports into it). */
static void
import_is_refused (void)
{
  g_autofree char *other = g_build_filename (ui_test_get_tmp_dir (), "other.db", NULL);
  g_autofree char *export = g_build_filename (ui_test_get_tmp_dir (), "other.json", NULL);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  write_history (other, 3, NULL);
  {
    g_autoptr(PtStore) store = pt_store_open (other, PT_STORE_OPEN_NONE, &error);

    g_assert_no_error (error);
    text = pt_store_export_json (store, &error);
    g_assert_no_error (error);
  }
  g_assert_true (g_file_set_contents (export, text, -1, NULL));
  heading = run_data_operation (app, GTK_WINDOW (window), PT_DATA_IMPORT, export, &body, NULL, &error);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_assert_cmpstr (heading, ==, _("Import Failed"));
  g_assert_nonnull (strstr (body, "damaged.db"));
  expected = g_strdup_printf (_("%s\n\nNothing was imported."), error->message);
  g_assert_cmpstr (body, ==, expected);
}

static void
test_damaged (void)
{
  Gate gate = { 0 };
  const char *path = g_getenv ("PARTIDA_DB");
  g_autoptr(GBytes) before = g_bytes_ref (pristine);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) zoe = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GDir) listing = NULL;
  PtScoreSheetPage *page;
  PtHistoryPage *history;
  AdwMessageDialog *dialog;
  AdwMessageDialog *result;
  GtkWidget *salvage, *later, *salvaging;
  const char *name;
  gboolean kept = FALSE;
  gint64 id;

  /* Opening the history checks it: the damage is named, with the file. */
  show_area ("history");
  WAIT_UNTIL ((dialog = find_dialog ("damaged-dialog")) != NULL);
  g_assert_nonnull (pt_store_health_get_damage (app));
  g_assert_nonnull (strstr (pt_store_health_get_damage (app), "damaged.db"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "damaged.db"));
  /* The app's own way out (the Salvage button), not the command line's. */
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "partida-cli"));
  g_assert_true (pt_store_health_read_only (app));

  /* Nothing is written: a change is refused as such… */
  zoe = pt_store_add_player (get_store (), "Zoe", NULL, &error);
  g_assert_null (zoe);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  /* … the score sheet cannot save (the dialog left up, as it may be)… */
  show_area ("score-sheet");
  page = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  type_player_name (0, "Ana");
  type_player_name (1, "Beto");
  click_card (PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page)), 0, 0, 5);
  g_assert_true (pt_sheet_view_get_valid (pt_score_sheet_page_get_sheet_view (page)));
  g_assert_false (gtk_widget_get_sensitive (find_button_with_label (GTK_WIDGET (page), _("_Save Match"))));
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
  /* … editing in the history is off … */
  show_area ("history");
  history = PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
  /* The first match is on a page that can still be read. */
  id = 1;
  g_assert_true (pt_history_page_show_match (history, id));
  wait_for_store ();
  g_assert_false (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "delete-match")));
  g_assert_false (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "edit-match")));
  gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL);
  /* … an import (on a connection of its own) is refused as well … */
  import_is_refused ();
  /* … and the file is as it was. */
  wait_for_store ();
  after = file_bytes (path);
  g_assert_true (g_bytes_equal (before, after));

  /* Salvage (the dialog's button): the readable history takes the damaged
   * one's place, through the store worker (on the main thread only the
   * application's connection is told it may write again: one pragma). */
  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  pt_store_health_debug_set_salvage_hook (gate_hold, &gate);
  g_assert_true (dialog == find_dialog ("damaged-dialog"));
  salvage = find_button_with_label (GTK_WIDGET (dialog), _("_Salvage"));
  later = find_button_with_label (GTK_WIDGET (dialog), _("_Not Now"));
  pt_store_debug_watch_thread (g_thread_self ());
  g_signal_emit_by_name (salvage, "clicked");
  /* Held half-way: the same dialog stays up, its buttons off, saying the
   * work goes on; Escape does not close it; nothing can be written. */
  WAIT_UNTIL (gate_get (&gate, &gate.held));
  g_assert_true (find_dialog ("damaged-dialog") == dialog);
  g_assert_false (gtk_widget_get_sensitive (salvage));
  g_assert_false (gtk_widget_get_sensitive (later));
  salvaging = find_by_name (GTK_WIDGET (dialog), "salvaging");
  g_assert_nonnull (salvaging);
  g_assert_true (gtk_widget_is_drawable (salvaging));
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (find_by_type (salvaging, GTK_TYPE_SPINNER))));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_by_type (salvaging, GTK_TYPE_LABEL))), ==,
                   _("Salvaging the history…"));
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (find_dialog ("damaged-dialog") == dialog);
  g_assert_null (find_dialog ("salvage-result-dialog"));
  g_assert_true (pt_store_health_busy (app, NULL));
  g_assert_true (pt_store_health_read_only (app));
  salvaging_screenshots (GTK_WIDGET (dialog));
  /* The result's dialog takes its place. */
  gate_open (&gate);
  WAIT_UNTIL_MS ((result = find_dialog ("salvage-result-dialog")) != NULL, 20000);
  g_assert_null (find_dialog ("damaged-dialog"));
  g_test_message ("store calls on the main thread: %u", pt_store_debug_get_watched_calls ());
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), <=, 1);
  pt_store_debug_watch_thread (NULL);
  pt_store_health_debug_set_salvage_hook (NULL, NULL);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
  g_assert_false (pt_store_health_busy (app, NULL));
  g_assert_cmpstr (adw_message_dialog_get_heading (result), ==, _("The History Is Salvaged"));
  summary = g_strdup (adw_message_dialog_get_body (result));
  gtk_window_destroy (GTK_WINDOW (result));
  g_assert_null (pt_store_health_get_damage (app));
  g_assert_false (pt_store_health_read_only (app));
  g_assert_true (pt_store_check_integrity (get_store (), &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), >, 0);
  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), <, 120);
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    kept |= g_str_has_prefix (name, "damaged.db.broken-");
  g_assert_true (kept);
  /* … and named. */
  g_assert_nonnull (strstr (summary, "damaged.db.broken-"));
  zoe = pt_store_add_player (get_store (), "Zoe", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (zoe);
  wait_for_store ();
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
    pristine = file_bytes (g_getenv ("PARTIDA_DB"));
  }
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));

  g_test_add_func ("/ui/store-health/told-beside-busy-worker", test_told_beside_busy_worker);
  g_test_add_func ("/ui/store-health/damaged", test_damaged);
  ret = g_test_run ();
  g_bytes_unref (pristine);
  companion_finish ();
  return ret;
}
