/* companion-test-util.h — shared by the companion UI tests (score sheets,
 * history, statistics): a real PtApplication + PtWindow on a fresh
 * database, the areas, light/dark/narrow screenshots and saving a match
 * through the score sheet. The general helpers are in ui-test-util.h.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* Each test uses only some of these helpers. */
#pragma GCC diagnostic ignored "-Wunused-function"

#include "ui-test-util.h"
#include "pt-window.h"

static PtApplication *app;
static PtWindow *window;

static PtStore *
get_store (void)
{
  g_autoptr(GError) error = NULL;
  PtStore *store = pt_application_get_store (app, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
  return store;
}

static void
show_area (const char *area)
{
  g_autofree char *action = g_strdup_printf ("win.show-%s", area);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  g_assert_cmpstr (pt_window_get_visible_area (window), ==, area);
  wait_for_store ();
}

static void
set_width (int width)
{
  AdwViewSwitcherTitle *switcher = ADW_VIEW_SWITCHER_TITLE (find_by_type (GTK_WIDGET (window),
                                                                          ADW_TYPE_VIEW_SWITCHER_TITLE));

  gtk_window_set_default_size (GTK_WINDOW (window), width, width < 500 ? 720 : 760);
  if (width < 500)
    WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) <= width);
  else
    WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) > width - 100);
  /* The switcher moves between the header and the bottom bar (the title
   * shows instead of it when narrow) a layout
   * later than the width: wait for it too, or a loaded machine takes the
   * wide screenshot with the narrow bar. */
  if (switcher != NULL)
    WAIT_UNTIL (adw_view_switcher_title_get_title_visible (switcher) == (width < 500));
  wait_for_frame (GTK_WIDGET (window));
}

static void scroll_to (GtkWidget *widget);

/* When set, screenshots() scrolls it into view at every width. */
static GtkWidget *scroll_target;

/* TRUE while a toast (CSS node "toast") is shown anywhere under @widget. */
static gboolean
shows_toast (GtkWidget *widget)
{
  if (g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0 && gtk_widget_get_mapped (widget))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_toast (child))
      return TRUE;
  return FALSE;
}

/* Waits (at most 8 s, a timed toast lasts 5) for a toast left over from an
 * earlier step to time out, so whether it is in a screenshot does not
 * depend on the machine's speed. Not an assertion: a toast that waits for
 * the user (Undo) stays. Clicking a toast's close button here is not an
 * option: libadwaita 1.2 then crashes in adw_animation_skip () when the
 * style changes for the dark shot. */
static void
let_toasts_time_out (void)
{
  gint64 deadline = g_get_monotonic_time () + 8 * G_USEC_PER_SEC;

  while (shows_toast (GTK_WIDGET (window)) && g_get_monotonic_time () < deadline)
    settle (50);
}

/* Light, dark and narrow screenshots of what is on screen (after any
 * leftover timed toast, unless the shot is of a toast). */
static void
screenshots (const char *name)
{
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);
  g_autofree char *narrow = g_strdup_printf ("%s-narrow", name);

  if (strstr (name, "toast") == NULL)
    let_toasts_time_out ();
  set_dark (FALSE);
  if (scroll_target != NULL)
    {
      wait_for_frame (GTK_WIDGET (window));
      scroll_to (scroll_target);
    }
  save_screenshot (GTK_WIDGET (window), name);
  set_dark (TRUE);
  save_screenshot (GTK_WIDGET (window), dark);
  set_dark (FALSE);
  set_width (360);
  if (scroll_target != NULL)
    {
      wait_for_frame (GTK_WIDGET (window));
      scroll_to (scroll_target);
    }
  save_screenshot (GTK_WIDGET (window), narrow);
  set_width (1000);
  scroll_target = NULL;
}

/* The companion strings are translated in po/pending/companion.po until
 * the lead merges it into es.po: the test build compiles es.po plus that
 * file into one catalogue (--mo=FILE, see ui_test_init()).
 * 0 to carry on, else the exit status (77 = skipped). */
static int
companion_init (int *argc,
                char **argv[])
{
  int ret = ui_test_init (argc, argv);

  if (ret != 0)
    return ret;
  ui_test_use_fresh_db ("test.db");
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  return 0;
}

static void
companion_finish (void)
{
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_clear_object (&app);
  ui_test_cleanup ();
}

/* Saving a Lost Cities match through the score sheet's widgets ------------- */

#include "pt-lost-cities-sheet-view.h"
#include "pt-score-sheet-page.h"

static PtScoreSheetPage *
get_sheet_page (void)
{
  return PT_SCORE_SHEET_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_SCORE_SHEET_PAGE));
}

static void
type_player_name (guint seat,
                  const char *name)
{
  g_autofree char *widget_name = g_strdup_printf ("player-%u", seat);
  GtkWidget *row = find_by_name (GTK_WIDGET (get_sheet_page ()), widget_name);

  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), name);
}

static void
click_card (PtLostCitiesSheetView *view,
            guint player,
            guint color,
            guint value)
{
  g_signal_emit_by_name (pt_lost_cities_sheet_view_get_card_toggle (view, player, color, value), "clicked");
}

/* One round: @a plays yellow cards 2..(1 + a_cards), @b blue 2..(1 + b_cards).
 * Returns the new match's id. */
static gint64
save_lost_cities_match (const char *a,
                        const char *b,
                        guint a_cards,
                        guint b_cards)
{
  PtScoreSheetPage *page;
  PtLostCitiesSheetView *view;
  PtStore *store = get_store ();
  int before = pt_store_count_matches (store, NULL);
  PtHistoryQuery query;
  g_autoptr(GPtrArray) last = NULL;

  show_area ("score-sheet");
  page = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  view = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  type_player_name (0, a);
  type_player_name (1, b);
  for (guint v = 2; v < 2 + a_cards; v++)
    click_card (view, 0, 0, v);
  for (guint v = 2; v < 2 + b_cards; v++)
    click_card (view, 1, 1, v);
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before + 1);

  pt_history_query_init (&query);
  query.limit = 1;
  last = pt_store_history (store, &query, NULL);
  g_assert_nonnull (last);
  g_assert_cmpuint (last->len, ==, 1);
  return ((PtMatchEntry *) g_ptr_array_index (last, 0))->id;
}

/* Scrolls the scrolled window around @widget so that it is on screen. */
static void
scroll_to (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content;
  graphene_point_t point;

  if (scroller == NULL)
    return;
  content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  if (gtk_widget_compute_point (widget, content, &GRAPHENE_POINT_INIT (0, 0), &point))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                              MAX (0, point.y - 120));
}
