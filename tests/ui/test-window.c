/* test-window.c — the main window in a real display (Xvfb in CI): the
 * areas, preferences, shortcuts and about windows, and screenshots.
 *
 * Run twice by meson: in English and, with --lang=es, in Spanish.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "pt-application.h"
#include "pt-preferences-window.h"
#include "pt-window.h"

static PtApplication *app;
static PtWindow *window;
static const char *lang = "en";

/* Spin the main context until cond holds, or fail after 10 s (generous for
 * AddressSanitizer on a busy machine). */
#define WAIT_UNTIL(cond)                                                \
  G_STMT_START {                                                        \
    gint64 _deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;  \
    while (!(cond) && g_get_monotonic_time () < _deadline)              \
      {                                                                 \
        if (!g_main_context_iteration (NULL, FALSE))                    \
          g_usleep (1000);                                              \
      }                                                                 \
    g_assert_true (cond);                                               \
  } G_STMT_END

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
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
}

static char *
screenshot_path (const char *name)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *dir = g_build_filename (build_dir ? build_dir : ".", "screenshots", NULL);
  g_autofree char *file = g_strdup_printf ("%s-%s.png", lang, name);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);

  return g_build_filename (dir, file, NULL);
}

/* Renders @widget's window the way it is on screen, without a compositor. */
static void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = screenshot_path (name);
  GskRenderer *renderer;
  int width, height;

  /* Let CSS transitions (button highlights, 200 ms in Adwaita) finish. */
  settle (300);
  wait_for_frame (widget);

  paintable = gtk_widget_paintable_new (widget);
  width = gdk_paintable_get_intrinsic_width (paintable);
  height = gdk_paintable_get_intrinsic_height (paintable);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);

  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

static GtkWidget *
find_by_name (GtkWidget  *root,
              const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_name (child, name);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
find_by_type (GtkWidget *root,
              GType      type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_type (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_type_is_a (G_OBJECT_TYPE (toplevel), type)
          && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }

  return NULL;
}

static void
assert_setting (GSettings  *settings,
                const char *key,
                const char *expected)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  g_assert_cmpstr (value, ==, expected);
}

static AdwViewStack *
get_stack (void)
{
  return ADW_VIEW_STACK (find_by_type (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
}

static void
test_window_opens (void)
{
  g_assert_true (PT_IS_WINDOW (window));
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (gtk_application_get_active_window (GTK_APPLICATION (app))
                 == GTK_WINDOW (window));
  g_assert_cmpstr (pt_window_get_visible_area (window), ==, "play");
}

static void
test_window_areas (void)
{
  static const struct {
    const char *action;
    const char *area;
    const char *page_type;
  } areas[] = {
    { "win.show-score-sheet", "score-sheet", "PtScoreSheetPage" },
    { "win.show-history", "history", "PtHistoryPage" },
    { "win.show-stats", "stats", "PtStatsPage" },
    { "win.show-play", "play", "PtPlayPage" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (areas); i++)
    {
      GtkWidget *page;
      AdwStatusPage *status;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), areas[i].action, NULL));
      g_assert_cmpstr (pt_window_get_visible_area (window), ==, areas[i].area);

      page = adw_view_stack_get_visible_child (get_stack ());
      g_assert_cmpstr (G_OBJECT_TYPE_NAME (page), ==, areas[i].page_type);
      WAIT_UNTIL (gtk_widget_get_mapped (page));

      /* An area that is not built yet says so on a status page; whatever
       * status page an area shows must have a title. */
      status = ADW_STATUS_PAGE (find_by_type (page, ADW_TYPE_STATUS_PAGE));
      if (status != NULL && gtk_widget_get_mapped (GTK_WIDGET (status)))
        g_assert_cmpstr (adw_status_page_get_title (status), !=, "");

      save_screenshot (GTK_WIDGET (window), areas[i].area);
    }
}

static void
test_preferences_style (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GSettings *settings = pt_application_get_settings (app);
  GtkWindow *preferences;
  AdwComboRow *style_row;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  WAIT_UNTIL ((preferences = find_toplevel (PT_TYPE_PREFERENCES_WINDOW)) != NULL);
  g_assert_true (gtk_window_get_transient_for (preferences) == GTK_WINDOW (window));

  style_row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "style-row"));
  g_assert_nonnull (style_row);
  g_assert_cmpuint (adw_combo_row_get_selected (style_row), ==, 0);
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);

  adw_combo_row_set_selected (style_row, 2);
  assert_setting (settings, "style", "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==,
                   ADW_COLOR_SCHEME_FORCE_DARK);
  WAIT_UNTIL (adw_style_manager_get_dark (manager));
  save_screenshot (GTK_WIDGET (preferences), "preferences-dark");

  adw_combo_row_set_selected (style_row, 1);
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==,
                   ADW_COLOR_SCHEME_FORCE_LIGHT);
  WAIT_UNTIL (!adw_style_manager_get_dark (manager));

  /* A change made elsewhere (another window, dconf) shows in the row. */
  g_settings_set_string (settings, "style", "dark");
  g_assert_cmpuint (adw_combo_row_get_selected (style_row), ==, 2);

  gtk_window_destroy (preferences);
  WAIT_UNTIL (find_toplevel (PT_TYPE_PREFERENCES_WINDOW) == NULL);

  save_screenshot (GTK_WIDGET (window), "dark");

  g_settings_reset (settings, "style");
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);
}

static void
test_preferences_rules (void)
{
  GSettings *settings = pt_application_get_settings (app);
  GtkWindow *preferences;
  AdwComboRow *row;
  GtkSpinButton *rounds;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  WAIT_UNTIL ((preferences = find_toplevel (PT_TYPE_PREFERENCES_WINDOW)) != NULL);

  row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "lost-cities-scoring-row"));
  g_assert_nonnull (row);
  adw_combo_row_set_selected (row, 1);
  assert_setting (settings, "lost-cities-scoring", "seed");

  row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "lost-cities-next-starter-row"));
  g_assert_nonnull (row);
  adw_combo_row_set_selected (row, 1);
  assert_setting (settings, "lost-cities-next-starter", "loser");

  row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "ai-level-row"));
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  adw_combo_row_set_selected (row, 2);
  assert_setting (settings, "ai-level", "hard");

  rounds = GTK_SPIN_BUTTON (find_by_name (GTK_WIDGET (preferences), "lost-cities-rounds-spin"));
  g_assert_nonnull (rounds);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (rounds), ==, 3);
  gtk_spin_button_set_value (rounds, 5);
  g_assert_cmpint (g_settings_get_int (settings, "lost-cities-rounds"), ==, 5);
  /* The schema range and the adjustment agree: 6 rounds is not a choice. */
  gtk_spin_button_set_value (rounds, 6);
  g_assert_cmpint (g_settings_get_int (settings, "lost-cities-rounds"), ==, 5);

  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "rules");
  save_screenshot (GTK_WIDGET (preferences), "preferences-rules");

  gtk_window_destroy (preferences);
  WAIT_UNTIL (find_toplevel (PT_TYPE_PREFERENCES_WINDOW) == NULL);

  g_settings_reset (settings, "lost-cities-scoring");
  g_settings_reset (settings, "lost-cities-next-starter");
  g_settings_reset (settings, "lost-cities-rounds");
  g_settings_reset (settings, "ai-level");
}

static void
test_shortcuts_window (void)
{
  GtkShortcutsWindow *overlay;

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (overlay)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (overlay)));
  save_screenshot (GTK_WIDGET (overlay), "shortcuts");

  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
}

static void
test_about_window (void)
{
  GtkWindow *about;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  WAIT_UNTIL ((about = find_toplevel (ADW_TYPE_ABOUT_WINDOW)) != NULL);
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)), ==,
                   GTK_LICENSE_GPL_3_0);
  g_assert_nonnull (strstr (adw_about_window_get_comments (ADW_ABOUT_WINDOW (about)),
                            lang[0] == 'e' && lang[1] == 's' ? "no oficial" : "unofficial"));
  save_screenshot (GTK_WIDGET (about), "about");

  gtk_window_destroy (about);
  WAIT_UNTIL (find_toplevel (ADW_TYPE_ABOUT_WINDOW) == NULL);
}

/* Alt+1…4 lead to the four areas. */
static void
test_window_accelerators (void)
{
  static const char * const expected[][2] = {
    { "<Alt>1", "win.show-play" },
    { "<Alt>2", "win.show-score-sheet" },
    { "<Alt>3", "win.show-history" },
    { "<Alt>4", "win.show-stats" },
  };
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  guint found = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (!GTK_IS_NAMED_ACTION (action))
            continue;

          for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
            if (g_strcmp0 (trigger, expected[k][0]) == 0
                && g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                              expected[k][1]) == 0)
              found |= 1u << k;
        }
    }

  g_assert_cmpuint (found, ==, 0xf);
}

static void
test_window_narrow (void)
{
  AdwViewSwitcherTitle *title;
  AdwViewSwitcherBar *bar;
  GtkRevealer *revealer;

  title = ADW_VIEW_SWITCHER_TITLE (find_by_type (GTK_WIDGET (window),
                                                 ADW_TYPE_VIEW_SWITCHER_TITLE));
  bar = ADW_VIEW_SWITCHER_BAR (find_by_type (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR));

  /* Wide: the switcher sits in the header bar. */
  /* The window's own width leaves out the few pixels of its frame. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) > 900);
  wait_for_frame (GTK_WIDGET (window));
  WAIT_UNTIL (!adw_view_switcher_title_get_title_visible (title));
  g_assert_false (adw_view_switcher_bar_get_reveal (bar));

  /* Phone-sized: the switcher moves to a bar at the bottom. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) <= 360);
  g_test_message ("narrow width %d", gtk_widget_get_width (GTK_WIDGET (window)));
  wait_for_frame (GTK_WIDGET (window));
  WAIT_UNTIL (adw_view_switcher_title_get_title_visible (title));
  g_assert_true (adw_view_switcher_bar_get_reveal (bar));
  revealer = GTK_REVEALER (find_by_type (GTK_WIDGET (bar), GTK_TYPE_REVEALER));
  WAIT_UNTIL (gtk_revealer_get_child_revealed (revealer));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-score-sheet", NULL));
  save_screenshot (GTK_WIDGET (window), "narrow");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-play", NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) > 900);
}

static void
test_window_remembers_size (void)
{
  GSettings *settings = pt_application_get_settings (app);
  PtWindow *second;
  int width, height;

  second = pt_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (second), 640, 480);
  gtk_window_present (GTK_WINDOW (second));
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (second)));
  gtk_window_close (GTK_WINDOW (second));

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 640);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 480);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  second = pt_window_new (app);
  gtk_window_get_default_size (GTK_WINDOW (second), &width, &height);
  g_assert_cmpint (width, ==, 640);
  g_assert_cmpint (height, ==, 480);
  gtk_window_destroy (GTK_WINDOW (second));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* Runs last: it closes every window. */
static void
test_quit_saves_size (void)
{
  GSettings *settings = pt_application_get_settings (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) > 700);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 800);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 600);
  window = NULL;
}

static void
test_spanish (void)
{
  static const char * const titles[][2] = {
    { "play", "Jugar" },
    { "score-sheet", "Hoja de puntuación" },
    { "history", "Historial" },
    { "stats", "Jugadores" },
  };
  AdwViewStack *stack = get_stack ();

  /* The labels of the view switcher come from the template, translated. */
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      GtkWidget *child = adw_view_stack_get_child_by_name (stack, titles[i][0]);
      AdwViewStackPage *page = adw_view_stack_get_page (stack, child);

      g_assert_cmpstr (adw_view_stack_page_get_title (page), ==, titles[i][1]);
    }

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Partida");
  g_assert_cmpstr (_("Preferences"), ==, "Preferencias");
}

static gboolean
setup_language (const char *test_lang)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *po_dir = g_build_filename (build_dir ? build_dir : ".", "po", NULL);

  if (g_strcmp0 (test_lang, "es") == 0)
    {
      lang = "es";
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

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  const char *test_lang = NULL;
  gboolean have_locale;
  int ret;

  /* Our own option, taken out before GTest sees the arguments. */
  if (argc > 1 && g_strcmp0 (argv[1], "--lang=es") == 0)
    {
      test_lang = "es";
      argv[1] = argv[0];
      argv++;
      argc--;
    }

  have_locale = setup_language (test_lang);
  gtk_disable_setlocale ();
  g_test_init (&argc, &argv, NULL);

  if (!have_locale)
    {
      g_printerr ("SKIP: the es_ES.UTF-8 locale is not generated "
                  "(localedef -i es_ES -c -f UTF-8 es_ES.UTF-8)\n");
      return 77;
    }

  if (!gtk_init_check ())
    {
      g_printerr ("SKIP: no display (run the tests under xvfb-run)\n");
      return 77;
    }

  /* GNOME-like screenshots: GNOME's font and window buttons. Animations
   * stay on: with them off, GTK 4.8 revealers warn about a -1 height. */
  g_object_set (gtk_settings_get_default (),
                "gtk-font-name", "Cantarell 11",
                "gtk-decoration-layout", "appmenu:close",
                NULL);

  /* Non-unique: the English and Spanish runs may overlap in time. */
  app = pt_application_new (APPLICATION_ID, G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));

  g_test_add_func ("/ui/window/opens", test_window_opens);
  g_test_add_func ("/ui/window/areas", test_window_areas);
  g_test_add_func ("/ui/window/accelerators", test_window_accelerators);
  g_test_add_func ("/ui/window/narrow", test_window_narrow);
  g_test_add_func ("/ui/window/remembers-size", test_window_remembers_size);
  g_test_add_func ("/ui/preferences/style", test_preferences_style);
  g_test_add_func ("/ui/preferences/rules", test_preferences_rules);
  g_test_add_func ("/ui/shortcuts-window/opens", test_shortcuts_window);
  g_test_add_func ("/ui/about-window/opens", test_about_window);
  if (g_strcmp0 (lang, "es") == 0)
    g_test_add_func ("/ui/i18n/spanish", test_spanish);
  g_test_add_func ("/ui/quit/saves-size", test_quit_saves_size);

  ret = g_test_run ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_clear_object (&app);

  return ret;
}
