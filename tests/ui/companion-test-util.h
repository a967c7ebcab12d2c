/* companion-test-util.h — shared by the companion UI tests (score sheets,
 * history, statistics): a real PtApplication + PtWindow on a fresh
 * database, main-loop helpers, widget lookup and screenshots.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* Each test uses only some of these helpers. */
#pragma GCC diagnostic ignored "-Wunused-function"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "pt-application.h"
#include "pt-window.h"

static PtApplication *app;
static PtWindow *window;
static const char *lang = "en";
static char *tmp_dir;

#define WAIT_UNTIL(cond)                                                \
  G_STMT_START {                                                        \
    gint64 _deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;   \
    while (!(cond) && g_get_monotonic_time () < _deadline)              \
      g_main_context_iteration (NULL, FALSE);                           \
    g_assert_true (cond);                                               \
  } G_STMT_END

static void
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

static void
on_after_paint (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

static void
wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean painted = FALSE;
  gulong id;

  WAIT_UNTIL (gtk_widget_get_mapped (widget));
  clock = gtk_widget_get_frame_clock (widget);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  WAIT_UNTIL (painted);
  g_signal_handler_disconnect (clock, id);
}

static void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *dir = g_build_filename (build_dir ? build_dir : ".", "screenshots", NULL);
  g_autofree char *file = g_strdup_printf ("%s-%s.png", lang, name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  int width, height;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  settle (300);
  wait_for_frame (widget);
  paintable = gtk_widget_paintable_new (widget);
  width = gdk_paintable_get_intrinsic_width (paintable);
  height = gdk_paintable_get_intrinsic_height (paintable);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

static GtkWidget *
find_by_type (GtkWidget *root,
              GType      type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_by_name (GtkWidget  *root,
              const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_name (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button_with_label (GtkWidget  *root,
                        const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_label (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

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
}

static void
set_dark (gboolean dark)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                    : ADW_COLOR_SCHEME_FORCE_LIGHT);
  WAIT_UNTIL (adw_style_manager_get_dark (manager) == dark);
}

static void
set_width (int width)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, width < 500 ? 720 : 760);
  if (width < 500)
    WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) <= width);
  else
    WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) > width - 100);
  wait_for_frame (GTK_WIDGET (window));
}

static void scroll_to (GtkWidget *widget);

/* When set, screenshots() scrolls it into view at every width. */
static GtkWidget *scroll_target;

/* Light, dark and narrow screenshots of what is on screen. */
static void
screenshots (const char *name)
{
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);
  g_autofree char *narrow = g_strdup_printf ("%s-narrow", name);

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
 * file into one catalogue (--mo=FILE), which is installed in a temporary
 * locale folder here; without it the build's po/ is used. */
static gboolean
companion_setup_language (int   *argc,
                          char **argv[])
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *po_dir = g_build_filename (build_dir ? build_dir : ".", "po", NULL);
  g_autoptr(GError) error = NULL;

  tmp_dir = g_dir_make_tmp ("partida-companion-XXXXXX", &error);
  g_assert_no_error (error);
  while (*argc > 1 && g_str_has_prefix ((*argv)[1], "--"))
    {
      const char *arg = (*argv)[1];

      if (g_strcmp0 (arg, "--lang=es") == 0)
        lang = "es";
      else if (g_str_has_prefix (arg, "--mo="))
        {
          g_autofree char *dir = g_build_filename (tmp_dir, "locale", "es", "LC_MESSAGES", NULL);
          g_autofree char *dest = g_build_filename (dir, GETTEXT_PACKAGE ".mo", NULL);
          g_autofree char *contents = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (arg + strlen ("--mo="), &contents, &length, NULL));
          g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
          g_assert_true (g_file_set_contents (dest, contents, length, NULL));
          g_free (po_dir);
          po_dir = g_build_filename (tmp_dir, "locale", NULL);
        }
      else
        break;
      (*argv)[1] = (*argv)[0];
      (*argv)++;
      (*argc)--;
    }
  if (g_strcmp0 (lang, "es") == 0)
    {
      g_setenv ("LANGUAGE", "es", TRUE);
      if (setlocale (LC_ALL, "es_ES.UTF-8") == NULL)
        return FALSE;
    }
  else
    {
      g_setenv ("LANGUAGE", "en", TRUE);
      setlocale (LC_ALL, "C.UTF-8");
    }
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

/* 0 to carry on, else the exit status (77 = skipped). */
static int
companion_init (int   *argc,
                char **argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *db = NULL;
  gboolean have_locale = companion_setup_language (argc, argv);

  gtk_disable_setlocale ();
  g_test_init (argc, argv, NULL);
  if (!have_locale)
    {
      g_printerr ("SKIP: the es_ES.UTF-8 locale is not generated\n");
      return 77;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("SKIP: no display (run the tests under xvfb-run)\n");
      return 77;
    }
  g_object_set (gtk_settings_get_default (),
                "gtk-font-name", "Cantarell 11",
                "gtk-decoration-layout", "appmenu:close",
                NULL);

  /* A fresh database for every run: never the user's. */
  db = g_build_filename (tmp_dir, "test.db", NULL);
  g_setenv ("PARTIDA_DB", db, TRUE);

  app = pt_application_new (APPLICATION_ID, G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  return 0;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
companion_finish (void)
{
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_clear_object (&app);
  remove_tree (tmp_dir);
  g_clear_pointer (&tmp_dir, g_free);
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
type_player_name (guint       seat,
                  const char *name)
{
  g_autofree char *widget_name = g_strdup_printf ("player-%u", seat);
  GtkWidget *row = find_by_name (GTK_WIDGET (get_sheet_page ()), widget_name);

  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), name);
}

static void
click_card (PtLostCitiesSheetView *view,
            guint                  player,
            guint                  color,
            guint                  value)
{
  g_signal_emit_by_name (pt_lost_cities_sheet_view_get_card_toggle (view, player, color, value), "clicked");
}

/* One round: @a plays yellow cards 2..(1 + a_cards), @b blue 2..(1 + b_cards).
 * Returns the new match's id. */
static gint64
save_lost_cities_match (const char *a,
                        const char *b,
                        guint       a_cards,
                        guint       b_cards)
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
  view = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  type_player_name (0, a);
  type_player_name (1, b);
  for (guint v = 2; v < 2 + a_cards; v++)
    click_card (view, 0, 0, v);
  for (guint v = 2; v < 2 + b_cards; v++)
    click_card (view, 1, 1, v);
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before + 1);

  pt_history_query_init (&query);
  query.limit = 1;
  last = pt_store_history (store, &query, NULL);
  g_assert_nonnull (last);
  g_assert_cmpuint (last->len, ==, 1);
  return ((PtMatchEntry *) g_ptr_array_index (last, 0))->id;
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_type_is_a (G_OBJECT_TYPE (toplevel), type) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }
  return NULL;
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
