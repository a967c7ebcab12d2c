/* test-focus.c — keyboard users keep their place as the window's areas
 * and pages change under them: into a match page and back to its row,
 * from a match's "Edit" into the score sheet (pt-score-sheet-page.c), and
 * in the list as it is read again.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-match-view.h"
#include "pt-score-sheet-page.h"

static PtHistoryPage *
history_page (void)
{
  return PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
}

/* The window's focus, when it is on screen inside @area (else NULL). */
static GtkWidget *
focus_inside (GtkWidget *area)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  if (focus == NULL || !gtk_widget_get_mapped (focus) || !gtk_widget_is_ancestor (focus, area))
    return NULL;
  return focus;
}

/* Keyboard users keep their place: into a match page and back to its row,
 * from its "Edit" into the score sheet, and in the list as it is read
 * again. */
static void
test_focus_follows (void)
{
  PtHistoryPage *page;
  GtkWidget *list_view, *row, *edit, *sheet_page;
  gint64 id;
  int position;

  id = save_lost_cities_match ("Ana", "Beto", 4, 2);
  show_area ("history");
  page = history_page ();
  list_view = find_by_type (find_by_type (GTK_WIDGET (page), ADW_TYPE_CLAMP_SCROLLABLE), GTK_TYPE_LIST_VIEW);
  position = pt_history_model_find_match (pt_history_page_get_model (page), id);
  g_assert_cmpint (position, >=, 0);
  g_assert_true (gtk_widget_grab_focus (list_view));
  row = focus_inside (list_view);
  g_assert_nonnull (row);

  /* Enter on the row: the match page, with the focus in it. */
  g_signal_emit_by_name (list_view, "activate", (guint) position);
  wait_for_store ();
  WAIT_UNTIL (pt_history_page_get_match_view (page) != NULL);
  g_assert_nonnull (focus_inside (GTK_WIDGET (page)));
  g_assert_null (focus_inside (list_view));

  /* Back: the row again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
  g_assert_true (focus_inside (list_view) == row);

  /* Its "Edit": the score sheet, with the focus in it once the match is in. */
  g_assert_true (pt_history_page_show_match (page, id));
  wait_for_store ();
  WAIT_UNTIL (pt_history_page_get_match_view (page) != NULL);
  edit = find_by_name (GTK_WIDGET (pt_history_page_get_match_view (page)), "edit-match");
  g_assert_true (gtk_widget_grab_focus (edit));
  g_signal_emit_by_name (edit, "clicked");
  WAIT_UNTIL (g_strcmp0 (pt_window_get_visible_area (window), "score-sheet") == 0);
  sheet_page = GTK_WIDGET (get_sheet_page ());
  WAIT_UNTIL (pt_score_sheet_page_get_editing_id (get_sheet_page ()) == id);
  WAIT_UNTIL (focus_inside (sheet_page) != NULL);

  /* Back to the history by its key (Alt+3), and to the list. */
  show_area ("history");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));

  /* The history read again under a focused row: the focus stays in the list. */
  g_assert_true (gtk_widget_grab_focus (list_view));
  row = focus_inside (list_view);
  g_assert_nonnull (row);
  pt_history_page_reload (page);
  wait_for_store ();
  settle (200);
  g_assert_nonnull (focus_inside (list_view));
}

int
main (int argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/focus/history-and-sheet", test_focus_follows);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
