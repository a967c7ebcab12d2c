/* test-window.c — the main window in a real display (Xvfb in CI): the
 * areas, preferences, shortcuts and about windows, and screenshots.
 *
 * Run twice by meson: in English and, with --lang=es, in Spanish.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

/* Spin the main context until cond holds, or fail after 10 s (generous for
 * AddressSanitizer on a busy machine). */
#define UI_TEST_WAIT_MS 10000

#include "ui-test-util.h"
#include "pt-game-setup-view.h"
#include "pt-game-ui.h"
#include "pt-score-sheet-page.h"
#include "pt-preferences-window.h"
#include "pt-window.h"

static PtApplication *app;
static PtWindow *window;

static void
assert_setting (GSettings *settings,
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

/* An image of libadwaita's own making (a combo row's arrow, an entry
 * row's buttons, a status page's icon): its role is fixed inside the
 * library. The nearest ancestor that is Partida's or such a widget says. */
static gboolean
inside_library_widget (GtkWidget *widget)
{
  static const char *const internal[] = {
    "AdwComboRow",
    "AdwEntryRow",
    "AdwPasswordEntryRow",
    "AdwExpanderRow",
    "AdwAvatar",
    "AdwSplitButton",
    "AdwStatusPage",
    "AdwTabBar",
    "GtkDropDown",
    "GtkPasswordEntry",
    NULL,
  };

  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL; w = gtk_widget_get_parent (w))
    {
      const char *type = G_OBJECT_TYPE_NAME (w);

      if (g_str_has_prefix (type, "Pt"))
        return FALSE;
      if (g_strv_contains (internal, type))
        return TRUE;
    }
  return FALSE;
}

/* Every image Partida puts outside the boards is named (by its tooltip)
 * or decoration (role "presentation"): GTK 4.8 would name it "GtkImage". */
static guint
check_images (GtkWidget *widget,
              guint *n_hidden)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
    return 0;
  if (GTK_IS_IMAGE (widget) && gtk_widget_get_mapped (widget))
    {
      GtkWidget *parent;
      gboolean in_button = FALSE;

      for (parent = gtk_widget_get_parent (widget); parent != NULL; parent = gtk_widget_get_parent (parent))
        in_button = in_button || GTK_IS_BUTTON (parent) || GTK_IS_MENU_BUTTON (parent);
      if (!in_button && !inside_library_widget (widget))
        {
          gboolean named = gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
          gboolean hidden = gtk_test_accessible_has_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN) || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_PRESENTATION;

          if (!named && !hidden)
            {
              g_autoptr(GString) chain = g_string_new (NULL);

              for (parent = gtk_widget_get_parent (widget); parent != NULL; parent = gtk_widget_get_parent (parent))
                g_string_append_printf (chain, " < %s", G_OBJECT_TYPE_NAME (parent));
              g_error ("an unnamed image (icon “%s”) %p%s", gtk_image_get_icon_name (GTK_IMAGE (widget)), (void *) widget, chain->str);
            }
          if (hidden)
            (*n_hidden)++;
          n++;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += check_images (child, n_hidden);
  return n;
}

static void
test_window_decorative_images (void)
{
  static const char *const actions[] = {
    "win.show-play",
    "win.show-score-sheet",
    "win.show-history",
    "win.show-stats",
  };
  guint n = 0, hidden = 0;
  GtkWidget *preferences;

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL));
      settle (100);
      n += check_images (GTK_WIDGET (window), &hidden);
    }
  preferences = GTK_WIDGET (pt_preferences_window_new (pt_application_get_services (app)));
  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));
  WAIT_UNTIL (gtk_widget_get_mapped (preferences));
  settle (100);
  n += check_images (preferences, &hidden);
  gtk_window_destroy (GTK_WINDOW (preferences));
  g_test_message ("%u images outside buttons, %u of them hidden as decoration", n, hidden);
  g_assert_cmpuint (hidden, >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-play", NULL));
}

static void
test_window_opens (void)
{
  g_assert_true (PT_IS_WINDOW (window));
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (gtk_application_get_active_window (GTK_APPLICATION (app)) == GTK_WINDOW (window));
  g_assert_cmpstr (pt_window_get_visible_area (window), ==, "play");
}

static void
test_window_areas (void)
{
  static const struct
  {
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
      /* The areas not shown at start are built into a bin when first shown. */
      if (ADW_IS_BIN (page) && !g_type_is_a (G_OBJECT_TYPE (page), g_type_from_name (areas[i].page_type)))
        page = adw_bin_get_child (ADW_BIN (page));
      g_assert_nonnull (page);
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

/* Each House Rules / computer preference, changed in Preferences, changes
 * what it governs in the window: the Play form and the session it starts
 * (rounds, who starts the next round, the scoring reading, the computer's
 * level) and a new score sheet (the scoring reading). Not just the key. */
static void
test_preferences_rules (void)
{
  GSettings *settings = pt_application_get_settings (app);
  GSettings *lost_cities = pt_game_ui_get_settings (pt_game_ui_lookup ("lost-cities"), settings);
  PtGameSetupView *setup;
  PtScoreSheetPage *sheet_page;
  g_autoptr(PtSession) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reading = NULL;
  GtkWindow *preferences;
  AdwComboRow *row;
  GtkSpinButton *rounds;

  /* The Play form before: a Lost Cities match against the computer at
   * the default level, one round, the rulebook. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-play", NULL));
  setup = PT_GAME_SETUP_VIEW (find_by_type (GTK_WIDGET (window), PT_TYPE_GAME_SETUP_VIEW));
  g_assert_nonnull (setup);
  pt_game_setup_view_set_game_id (setup, "lost-cities");
  pt_game_setup_view_set_seat (setup, 0, "Ana", -1);
  pt_game_setup_view_set_seat (setup, 1, "Computer", PT_BOT_LEVEL_MEDIUM);
  session = pt_game_setup_view_create_session (setup, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pt_session_get_n_rounds (session), ==, 3);
  g_assert_cmpint (pt_session_get_next_starter (session), ==, PT_NEXT_STARTER_ALTERNATE);
  g_assert_cmpstr (json_object_get_string_member (pt_session_get_options (session), "rules"), ==, "rulebook");
  g_assert_cmpint (pt_session_get_seat_level (session, 1), ==, PT_BOT_LEVEL_MEDIUM);
  g_clear_object (&session);

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  WAIT_UNTIL ((preferences = find_toplevel (PT_TYPE_PREFERENCES_WINDOW)) != NULL);

  row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "lost-cities-scoring-row"));
  g_assert_nonnull (row);
  adw_combo_row_set_selected (row, 1);
  assert_setting (lost_cities, "scoring", "seed");

  row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "lost-cities-next-starter-row"));
  g_assert_nonnull (row);
  adw_combo_row_set_selected (row, 1);

  row = ADW_COMBO_ROW (find_by_name (GTK_WIDGET (preferences), "ai-level-row"));
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  adw_combo_row_set_selected (row, 2);

  rounds = GTK_SPIN_BUTTON (find_by_name (GTK_WIDGET (preferences), "lost-cities-rounds-spin"));
  g_assert_nonnull (rounds);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (rounds), ==, 3);
  gtk_spin_button_set_value (rounds, 5);
  /* The schema range and the adjustment agree: 6 rounds is not a choice. */
  gtk_spin_button_set_value (rounds, 6);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (rounds), ==, 5);

  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "rules");
  save_screenshot (GTK_WIDGET (preferences), "preferences-rules");

  gtk_window_destroy (preferences);
  WAIT_UNTIL (find_toplevel (PT_TYPE_PREFERENCES_WINDOW) == NULL);

  /* The form and the match it starts follow the preferences at once. */
  g_assert_cmpuint (pt_game_setup_view_get_rounds (setup), ==, 5);
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 1), ==, PT_BOT_LEVEL_HARD);
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 0), ==, -1);
  session = pt_game_setup_view_create_session (setup, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pt_session_get_n_rounds (session), ==, 5);
  g_assert_cmpint (pt_session_get_next_starter (session), ==, PT_NEXT_STARTER_LOSER);
  g_assert_cmpstr (json_object_get_string_member (pt_session_get_options (session), "rules"), ==, "seed");
  g_assert_cmpint (pt_session_get_seat_level (session, 1), ==, PT_BOT_LEVEL_HARD);

  /* A new Lost Cities score sheet scores with the preferred reading. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-score-sheet", NULL));
  sheet_page = PT_SCORE_SHEET_PAGE (pt_window_ensure_area (window, "score-sheet"));
  pt_score_sheet_page_open_game (sheet_page, "lost-cities");
  wait_for_store ();
  g_assert_nonnull (pt_score_sheet_page_get_sheet_view (sheet_page));
  reading = pt_sheet_view_get_rule_reading (pt_score_sheet_page_get_sheet_view (sheet_page));
  g_assert_cmpstr (reading, ==, "seed");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sheet_page), "sheet.close", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-play", NULL));

  g_settings_reset (lost_cities, "scoring");
  g_settings_reset (lost_cities, "next-starter");
  g_settings_reset (lost_cities, "rounds");
  g_settings_reset (settings, "ai-level");
}

/* A score sheet closed, and the Score Sheet area left, a moment after its
 * rows changed with the pointer over them: the entry rows' placeholder
 * animations end and are not kept alive (libadwaita 1.2 kept one for ever,
 * 144 + 48 bytes under AddressSanitizer: pt-text-hover.c). */
static void
test_sheet_entry_row_animations (void)
{
  PtScoreSheetPage *sheet_page;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-score-sheet", NULL));
  sheet_page = PT_SCORE_SHEET_PAGE (pt_window_ensure_area (window, "score-sheet"));
  pt_score_sheet_page_open_game (sheet_page, "lost-cities");
  wait_for_store ();
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (pt_score_sheet_page_get_sheet_view (sheet_page))));

  entry_row_animations_watch ();
  /* Each row's text changes state, so each row plays its animation
   * (150 ms); the sheet closes before it ends. */
  hover_texts (GTK_WIDGET (sheet_page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sheet_page), "sheet.close", NULL));
  settle (300);
  /* Again, with the whole area leaving the screen. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sheet_page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (pt_score_sheet_page_get_sheet_view (sheet_page))));
  hover_texts (GTK_WIDGET (sheet_page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-play", NULL));
  settle (300);
  entry_row_animations_check ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-score-sheet", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sheet_page), "sheet.close", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-play", NULL));
}

/* Collects every GtkShortcutsGroup under @widget. */
static void
collect_groups (GtkWidget *widget,
                GPtrArray *groups)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    g_ptr_array_add (groups, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_groups (child, groups);
}

static guint
count_shortcuts (GtkWidget *widget)
{
  guint n = GTK_IS_SHORTCUTS_SHORTCUT (widget) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_shortcuts (child);
  return n;
}

static void
test_shortcuts_window (void)
{
  GtkShortcutsWindow *overlay;
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");

  /* Built when first asked for, not at start-up. */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (g_strv_contains ((const char *const *) accels, "<Control>question"));

  /* The application's groups, then each game's keys under its title. */
  collect_groups (GTK_WIDGET (overlay), groups);
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      GtkWidget *found = NULL;

      g_assert_cmpuint (ui->n_shortcuts, >, 0);
      for (guint g = 0; g < groups->len; g++)
        {
          g_autofree char *title = NULL;

          g_object_get (groups->pdata[g], "title", &title, NULL);
          if (g_strcmp0 (title, pt_game_ui_title (ui->game_id)) == 0)
            found = groups->pdata[g];
        }
      g_assert_nonnull (found);
      g_assert_cmpuint (count_shortcuts (found), ==, ui->n_shortcuts);
    }
  g_assert_cmpuint (groups->len, ==, 3 + pt_game_ui_get_n ());
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
                            g_strcmp0 (ui_test_lang, "es") == 0 ? "no oficial" : "unofficial"));
  save_screenshot (GTK_WIDGET (about), "about");

  gtk_window_destroy (about);
  WAIT_UNTIL (find_toplevel (ADW_TYPE_ABOUT_WINDOW) == NULL);
}

/* Alt+1…4 lead to the four areas. */
static void
test_window_accelerators (void)
{
  static const char *const expected[][2] = {
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
            if (g_strcmp0 (trigger, expected[k][0]) == 0 && g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
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

  /* Wide: the switcher sits in the header bar. */
  /* The window's own width leaves out the few pixels of its frame. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) > 900);
  wait_for_frame (GTK_WIDGET (window));
  WAIT_UNTIL (!adw_view_switcher_title_get_title_visible (title));
  /* No bar at the bottom (none is built before the window is first narrow). */
  bar = ADW_VIEW_SWITCHER_BAR (find_by_type (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR));
  g_assert_true (bar == NULL || !adw_view_switcher_bar_get_reveal (bar));

  /* Phone-sized: the switcher moves to a bar at the bottom. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (window)) <= 360);
  g_test_message ("narrow width %d", gtk_widget_get_width (GTK_WIDGET (window)));
  wait_for_frame (GTK_WIDGET (window));
  WAIT_UNTIL (adw_view_switcher_title_get_title_visible (title));
  bar = ADW_VIEW_SWITCHER_BAR (find_by_type (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR));
  g_assert_nonnull (bar);
  g_assert_true (adw_view_switcher_bar_get_reveal (bar));
  revealer = GTK_REVEALER (find_by_type (GTK_WIDGET (bar), GTK_TYPE_REVEALER));
  WAIT_UNTIL (gtk_revealer_get_child_revealed (revealer));
  wait_for_frame (GTK_WIDGET (window));
  /* Every page's name fits its quarter of the bottom bar, in English and
   * in Spanish. */
  g_assert_cmpuint (count_ellipsized (GTK_WIDGET (bar)), ==, 0);

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
  static const char *const titles[][2] = {
    { "play", "Jugar" },
    { "score-sheet", "Puntuación" },
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

int
main (int argc,
      char *argv[])
{
  int ret;

  if ((ret = ui_test_init (&argc, &argv)) != 0)
    return ret;
  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));

  g_test_add_func ("/ui/window/opens", test_window_opens);
  g_test_add_func ("/ui/window/areas", test_window_areas);
  g_test_add_func ("/ui/window/decorative-images", test_window_decorative_images);
  g_test_add_func ("/ui/window/accelerators", test_window_accelerators);
  g_test_add_func ("/ui/window/narrow", test_window_narrow);
  g_test_add_func ("/ui/window/remembers-size", test_window_remembers_size);
  g_test_add_func ("/ui/preferences/style", test_preferences_style);
  g_test_add_func ("/ui/preferences/rules", test_preferences_rules);
  g_test_add_func ("/ui/score-sheet/entry-row-animations", test_sheet_entry_row_animations);
  g_test_add_func ("/ui/shortcuts-window/opens", test_shortcuts_window);
  g_test_add_func ("/ui/about-window/opens", test_about_window);
  if (g_strcmp0 (ui_test_lang, "es") == 0)
    g_test_add_func ("/ui/i18n/spanish", test_spanish);
  g_test_add_func ("/ui/quit/saves-size", test_quit_saves_size);

  ret = g_test_run ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_clear_object (&app);
  ui_test_cleanup ();

  return ret;
}
