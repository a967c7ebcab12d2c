/* test-store-health.c — a damaged history in the app: the integrity check
 * on opening finds the bad page, a dialog says so and offers to salvage,
 * nothing is written meanwhile (the file stays byte for byte, the score
 * sheet cannot save, editing in the history is off), and salvaging puts
 * every readable match back in place, keeping the damaged file beside it
 * (renamed PATH.broken-…, its name in the summary).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sqlite3.h>

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-store-health.h"

static guint32
be32 (const guchar *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static int
query_int (sqlite3 *db,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  int value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

/* 120 matches, then the last leaf page of the matches table scribbled
 * over (as tests/store/test-salvage.c does). */
static void
make_damaged (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  g_autoptr(PtPlayer) ana = NULL;
  g_autoptr(PtPlayer) beto = NULL;
  g_autofree char *notes = g_strnfill (300, 'x');
  sqlite3 *db = NULL;
  int root, page_size;
  char *data;
  gsize size;
  guchar *page;

  g_assert_no_error (error);
  ana = pt_store_add_player (store, "Ana", NULL, &error);
  beto = pt_store_add_player (store, "Beto", NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 120; i++)
    {
      g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);

      pt_match_entry_add_result (entry, pt_match_result_new (ana->id, 0, 5, TRUE));
      pt_match_entry_add_result (entry, pt_match_result_new (beto->id, 1, 2, FALSE));
      entry->started = 1000 + i * 1000;
      entry->finished = entry->started + 600;
      entry->notes = g_strdup (notes);
      g_assert_cmpint (pt_store_save_match (store, entry, &error), >, 0);
      g_assert_no_error (error);
    }
  g_clear_object (&store); /* checkpoints the WAL into the file */

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  root = query_int (db, "SELECT rootpage FROM sqlite_master WHERE name = 'matches'");
  page_size = query_int (db, "PRAGMA page_size");
  sqlite3_close (db);

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  page = (guchar *) data + (gsize) (root - 1) * page_size;
  g_assert_cmpint (page[0], ==, 0x05); /* an interior table page */
  page = (guchar *) data + (gsize) (be32 (page + 8) - 1) * page_size;
  g_assert_cmpint (page[0], ==, 0x0d); /* its right-most leaf */
  for (int i = 0; i < page_size; i++)
    page[i] = (guchar) (i * 31 + 7);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
}

static GBytes *
file_bytes (const char *path)
{
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  return g_bytes_new_take (data, size);
}

static AdwMessageDialog *
dialog_named (const char *name)
{
  for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
    if (ADW_IS_MESSAGE_DIALOG (l->data) && g_strcmp0 (gtk_widget_get_name (l->data), name) == 0 &&
        gtk_widget_get_visible (l->data))
      {
        AdwMessageDialog *found = l->data;

        g_list_free (l);
        return found;
      }
  return NULL;
}

static void
test_damaged (void)
{
  const char *path = g_getenv ("PARTIDA_DB");
  g_autoptr(GBytes) before = file_bytes (path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) zoe = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GDir) listing = NULL;
  PtScoreSheetPage *page;
  PtHistoryPage *history;
  AdwMessageDialog *dialog;
  const char *name;
  gboolean kept = FALSE;
  gint64 id;

  /* Opening the history checks it: the damage is named, with the file. */
  show_area ("history");
  WAIT_UNTIL ((dialog = dialog_named ("damaged-dialog")) != NULL);
  g_assert_nonnull (pt_store_health_get_damage (app));
  g_assert_nonnull (strstr (pt_store_health_get_damage (app), "damaged.db"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "damaged.db"));
  g_assert_true (pt_store_health_read_only (app));

  /* Nothing is written: a change is refused as such… */
  zoe = pt_store_add_player (get_store (), "Zoe", NULL, &error);
  g_assert_null (zoe);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  /* … the score sheet cannot save… */
  adw_message_dialog_response (dialog, "later");
  gtk_window_destroy (GTK_WINDOW (dialog));
  show_area ("score-sheet");
  page = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
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
  g_assert_false (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "delete-match")));
  g_assert_false (gtk_widget_get_sensitive (find_by_name (GTK_WIDGET (history), "edit-match")));
  gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL);
  /* … and the file is as it was. */
  wait_for_store ();
  after = file_bytes (path);
  g_assert_true (g_bytes_equal (before, after));

  /* Salvage: the readable history takes the damaged one's place. */
  g_assert_true (pt_store_health_salvage (app, &summary, &error));
  g_assert_no_error (error);
  g_assert_nonnull (summary);
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
  make_damaged (g_getenv ("PARTIDA_DB"));
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));

  g_test_add_func ("/ui/store-health/damaged", test_damaged);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
