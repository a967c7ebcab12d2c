/* test-engines-page.c — Preferences → Engines in a real display: add an
 * engine (its handshake is tested first), refuse a broken one, test a row
 * again, remove it; add one from its file (a copy kept in Partida's data
 * folder, from where it plays a game; a broken new version does not replace
 * a working one; removing it deletes the copy); screenshots.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * argv[1]: the python3 to run tests/engines/random-engine.py with.
 */
#include "config.h"

/* The engine is a Python process: its answers may take longer. */
#define UI_TEST_WAIT_MS 15000

#include <glib/gstdio.h>

#include "ui-test-util.h"
#include "pt-bot.h"
#include "pt-engine.h"
#include "pt-engines-page.h"
#include "pt-preferences-window.h"
#include "pt-rules.h"

static GSettings *settings;
static PtServices *services;
static char *python;
static char *script;

static guint
n_engines (void)
{
  g_autoptr(GVariant) list = g_settings_get_value (settings, "engines");

  return (guint) g_variant_n_children (list);
}

static GtkWindow *
open_engines_page (void)
{
  GtkWindow *preferences = GTK_WINDOW (pt_preferences_window_new (services));

  gtk_window_set_default_size (preferences, 640, 700);
  gtk_window_present (preferences);
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "engines");
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  return preferences;
}

static void
type_command (GtkWindow *preferences,
              const char *command)
{
  GtkWidget *row = find_by_name (GTK_WIDGET (preferences), "engine-command-row");

  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), command);
  g_signal_emit_by_name (row, "apply");
}

static void
test_add_test_remove (void)
{
  g_autofree char *command = g_strdup_printf ("'%s' '%s'", python, script);
  g_autofree char *broken = g_strdup_printf ("'%s' '%s' --mode handshake", python, script);
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) specs = NULL;
  GtkWindow *preferences = open_engines_page ();
  AdwActionRow *status = ADW_ACTION_ROW (find_by_name (GTK_WIDGET (preferences), "engine-status-row"));
  GtkWidget *row, *button;

  g_settings_reset (settings, "engines");
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-empty");

  /* A broken engine is refused, with the reason. */
  type_command (preferences, broken);
  WAIT_UNTIL (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status)),
                         "The engine did not pass the test") == 0);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (status), "handshake is wrong"));
  g_assert_cmpuint (n_engines (), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_by_name (GTK_WIDGET (preferences),
                                                                      "engine-command-row"))),
                   ==, broken);
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-refused");

  /* A good one is added under the name from its handshake. */
  type_command (preferences, command);
  WAIT_UNTIL (n_engines () == 1);
  WAIT_UNTIL (strstr (adw_action_row_get_subtitle (status), "Lost Cities") != NULL);
  pt_engines_page_list_for_game (settings, "lost-cities", &names, &specs);
  g_assert_cmpstr (names[0], ==, "Random test engine");
  g_assert_true (g_str_has_prefix (specs[0], "engine:"));
  g_assert_nonnull (strstr (specs[0], "random-engine.py"));
  g_assert_null (names[1]);
  g_clear_pointer (&names, g_strfreev);
  g_clear_pointer (&specs, g_strfreev);
  pt_engines_page_list_for_game (settings, "chess", &names, &specs);
  g_assert_null (names[0]);

  /* Test it again from its row: the expander shows the handshake log. */
  row = find_by_name (GTK_WIDGET (preferences), "engine-row");
  g_assert_nonnull (row);
  button = find_by_name (row, "engine-test-button");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  WAIT_UNTIL (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row)), ==,
                   "by The Partida authors · plays Lost Cities, Circle the Wagons, Next Station: London");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  gtk_window_set_default_size (preferences, 360, 700);
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-narrow");

  /* Remove it. */
  {
    GtkWidget *remove = NULL;
    GtkWidget *stack[64];
    guint n = 0;

    /* The remove button is the flat icon button next to Test. */
    stack[n++] = row;
    while (n > 0 && remove == NULL)
      {
        GtkWidget *w = stack[--n];

        if (GTK_IS_BUTTON (w) && gtk_widget_has_css_class (w, "flat") &&
            g_strcmp0 (gtk_widget_get_tooltip_text (w), "Remove") == 0)
          remove = w;
        for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL && n < G_N_ELEMENTS (stack);
             c = gtk_widget_get_next_sibling (c))
          stack[n++] = c;
      }
    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
  }
  g_assert_cmpuint (n_engines (), ==, 0);
  WAIT_UNTIL (find_by_name (GTK_WIDGET (preferences), "engine-row") == NULL);

  gtk_window_destroy (preferences);
  settle (100);
}

static void
write_file (const char *path,
            const char *contents,
            int mode)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, contents, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

/* A whole Lost Cities game: the engine of @command in seat 0 against
 * Partida's random bot. */
static void
play_with_engine (const char *command)
{
  static const char *two[] = { "Ana", "Bea", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtEngine) engine = pt_engine_new (command, &error);
  g_autoptr(PtGame) game = NULL;
  g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", PT_BOT_LEVEL_RANDOM, 3, 0, NULL);
  guint engine_moves = 0, n = 0;

  g_assert_no_error (error);
  game = pt_rules_new_dealt_game ("lost-cities", two, NULL, 0, 3, &error);
  g_assert_no_error (error);
  while (!pt_game_get_is_over (game))
    {
      int player = pt_game_get_current_player (game);
      g_autoptr(JsonNode) move = NULL;

      g_assert_cmpint (player, >=, 0);
      g_assert_cmpuint (n++, <, 2000);
      if (player == 0)
        {
          move = pt_engine_choose_move (engine, game, 0, NULL, &error);
          engine_moves++;
        }
      else
        move = pt_bot_choose_move (bot, game, (guint) player, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (pt_game_request_move (game, (guint) player, move, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (engine_moves, >, 10);
  pt_engine_game_over (engine, game, -1, NULL);
  pt_engine_stop (engine);
}

/* Whether the status row still says the engine is being copied or tested. */
static gboolean
adding (AdwActionRow *status)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status));

  return g_strcmp0 (title, "Copying the engine…") == 0 || g_strcmp0 (title, "Testing the engine…") == 0;
}

static gboolean
chooser_has_file (GtkDialog *chooser,
                  GFile *file)
{
  g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  return chosen != NULL && g_file_equal (chosen, file);
}

/* Clicks "Choose…" and returns the file chooser that opens. */
static GtkDialog *
choose_file (GtkWindow *preferences)
{
  GtkWidget *button = find_by_name (GTK_WIDGET (preferences), "engine-file-button");
  GtkDialog *chooser = NULL;

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  for (guint tries = 0; chooser == NULL && tries < 500; tries++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

          if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
            chooser = GTK_DIALOG (window);
        }
      if (chooser == NULL)
        settle (20);
    }
  g_assert_nonnull (chooser);
  return chooser;
}

static void
test_add_from_file (void)
{
  g_autofree char *engines_dir = pt_engines_page_dup_engines_dir ();
  g_autofree char *kept = g_build_filename (engines_dir, "random-engine.py", NULL);
  g_autofree char *source_dir = g_build_filename (ui_test_get_tmp_dir (), "downloads", NULL);
  g_autofree char *broken_dir = g_build_filename (ui_test_get_tmp_dir (), "broken", NULL);
  g_autofree char *source = g_build_filename (source_dir, "random-engine.py", NULL);
  g_autofree char *broken = g_build_filename (broken_dir, "random-engine.py", NULL);
  g_autofree char *program = NULL;
  g_autofree char *kept_contents = NULL;
  g_autofree char *quoted = g_shell_quote (kept);
  g_autoptr(GFile) source_file = NULL;
  g_autoptr(GFile) broken_file = NULL;
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) specs = NULL;
  g_autofree char *command = NULL;
  GtkWindow *preferences;
  PtEnginesPage *page;
  AdwActionRow *status;
  GtkDialog *chooser;
  GtkWidget *row;

  g_settings_reset (settings, "engines");
  g_unlink (kept);
  g_assert_cmpint (g_mkdir_with_parents (source_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (broken_dir, 0755), ==, 0);
  /* What a download looks like: not executable. */
  g_assert_true (g_file_get_contents (script, &program, NULL, NULL));
  write_file (source, program, 0644);
  write_file (broken, "#!/bin/sh\necho 'this is not an engine'\n", 0644);
  source_file = g_file_new_for_path (source);
  broken_file = g_file_new_for_path (broken);

  /* Inside the Flatpak the page says what works there. */
  g_setenv ("FLATPAK_ID", "io.github.partida.Partida", TRUE);
  preferences = open_engines_page ();
  g_assert_true (gtk_widget_get_visible (find_by_name (GTK_WIDGET (preferences), "engine-sandbox-row")));
  g_assert_nonnull (find_by_name (GTK_WIDGET (preferences), "engine-file-button"));
  g_assert_nonnull (find_by_name (GTK_WIDGET (preferences), "engine-builtin-row"));
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-flatpak");
  gtk_window_destroy (preferences);
  g_unsetenv ("FLATPAK_ID");

  preferences = open_engines_page ();
  g_assert_false (gtk_widget_get_visible (find_by_name (GTK_WIDGET (preferences), "engine-sandbox-row")));
  /* The built-in engine is listed even with no engine of one's own. */
  g_assert_true (gtk_widget_get_visible (find_by_name (GTK_WIDGET (preferences), "engine-builtin-row")));
  page = PT_ENGINES_PAGE (find_by_type (GTK_WIDGET (preferences), PT_TYPE_ENGINES_PAGE));
  g_assert_nonnull (page);
  status = ADW_ACTION_ROW (find_by_name (GTK_WIDGET (preferences), "engine-status-row"));

  /* Added from its file through the file chooser (the portal inside the
   * Flatpak; here GTK's own dialog): copied into the data folder,
   * executable, and run from there. */
  chooser = choose_file (preferences);
  g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), source_file, NULL));
  /* The dialog selects the file once it has read its folder. */
  WAIT_UNTIL (chooser_has_file (chooser, source_file));
  gtk_dialog_response (chooser, GTK_RESPONSE_ACCEPT);
  WAIT_UNTIL (n_engines () == 1 || !adding (status));
  g_test_message ("adding: %s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status)),
                  adw_action_row_get_subtitle (status));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status)), ==,
                   "Added “Random test engine”");
  g_assert_cmpuint (n_engines (), ==, 1);
  pt_engines_page_list_for_game (settings, "lost-cities", &names, &specs);
  g_assert_cmpstr (names[0], ==, "Random test engine");
  g_assert_true (pt_engine_spec_parse (specs[0], &command));
  g_assert_cmpstr (command, ==, quoted);
  g_assert_true (g_str_has_prefix (kept, g_get_user_data_dir ()));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_EXECUTABLE));
  g_assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
  g_assert_cmpstr (kept_contents, ==, program);
  g_clear_pointer (&kept_contents, g_free);
  WAIT_UNTIL (!gtk_widget_get_visible (GTK_WIDGET (find_by_type (GTK_WIDGET (status), GTK_TYPE_SPINNER))));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (status), "Lost Cities"));

  /* The original may go: the copy plays a whole game. */
  g_assert_cmpint (g_unlink (source), ==, 0);
  play_with_engine (command);

  /* Cancelling the chooser adds nothing. */
  chooser = choose_file (preferences);
  gtk_dialog_response (chooser, GTK_RESPONSE_CANCEL);
  settle (200);
  g_assert_cmpuint (n_engines (), ==, 1);

  /* A broken file of the same name is refused and leaves the working copy. */
  pt_engines_page_add_file (page, broken_file);
  WAIT_UNTIL (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status)),
                         "The engine did not pass the test") == 0);
  g_assert_cmpuint (n_engines (), ==, 1);
  g_assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
  g_assert_cmpstr (kept_contents, ==, program);
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_EXECUTABLE));
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-from-file");
  play_with_engine (command);

  /* Nothing is left behind in the engines folder but the copy. */
  {
    g_autoptr(GDir) dir = g_dir_open (engines_dir, 0, NULL);
    const char *name;
    guint n = 0;

    g_assert_nonnull (dir);
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_assert_cmpstr (name, ==, "random-engine.py");
        n++;
      }
    g_assert_cmpuint (n, ==, 1);
  }

  /* Removing the engine deletes its copy. */
  row = find_by_name (GTK_WIDGET (preferences), "engine-row");
  g_assert_nonnull (row);
  {
    GtkWidget *remove = NULL;
    GtkWidget *stack[64];
    guint n = 0;

    stack[n++] = row;
    while (n > 0 && remove == NULL)
      {
        GtkWidget *w = stack[--n];

        if (GTK_IS_BUTTON (w) && gtk_widget_has_css_class (w, "flat") &&
            g_strcmp0 (gtk_widget_get_tooltip_text (w), "Remove") == 0)
          remove = w;
        for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL && n < G_N_ELEMENTS (stack);
             c = gtk_widget_get_next_sibling (c))
          stack[n++] = c;
      }
    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
  }
  g_assert_cmpuint (n_engines (), ==, 0);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));

  g_unlink (broken);
  g_rmdir (broken_dir);
  g_rmdir (source_dir);
  gtk_window_destroy (preferences);
  settle (100);
}

/* The markup the markup modes of random-engine.py put everywhere. */
#define MARKUP "<span foreground=\"red\" size=\"xx-large\">Big</span> " \
               "<a href=\"https://example.com\">link</a> & <b>bold"

/* Whether a label below @root shows @text literally (with its markup
 * characters): gtk_label_get_text() is the text as displayed. */
static gboolean
shows_literally (GtkWidget *root,
                 const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_visible (root) &&
      strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (shows_literally (c, text))
      return TRUE;
  return FALSE;
}

/* Issue 16: an engine whose hello is ~400 KB of nested "[" crashed the
 * app (exit 139) when added; now it is refused with the reason, and the
 * window stays. */
static void
test_nested_engine (void)
{
  g_autofree char *nested = g_strdup_printf ("'%s' '%s' --mode nested", python, script);
  GtkWindow *preferences = open_engines_page ();
  AdwActionRow *status = ADW_ACTION_ROW (find_by_name (GTK_WIDGET (preferences), "engine-status-row"));

  g_settings_reset (settings, "engines");
  type_command (preferences, nested);
  WAIT_UNTIL (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status)),
                         "The engine did not pass the test") == 0);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (status), "deeper than 64 levels"));
  g_assert_true (shows_literally (GTK_WIDGET (status), "deeper than 64 levels"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  g_assert_cmpuint (n_engines (), ==, 0);
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-nested");

  gtk_window_destroy (preferences);
  settle (100);
}

/* Every string from an engine — name, author, the reason of a failure —
 * is shown as plain text: the markup in it appears as typed, and a broken
 * tag (the unclosed <b>) cannot hide the reason (nor, with fatal
 * warnings, abort the test). */
static void
test_markup_engine (void)
{
  g_autofree char *command = g_strdup_printf ("'%s' '%s' --mode markup", python, script);
  g_autofree char *broken = g_strdup_printf ("'%s' '%s' --mode markup-hello", python, script);
  GtkWindow *preferences = open_engines_page ();
  AdwActionRow *status = ADW_ACTION_ROW (find_by_name (GTK_WIDGET (preferences), "engine-status-row"));
  GtkWidget *row, *button;

  g_settings_reset (settings, "engines");

  /* A failure whose reason holds markup shows the reason. */
  type_command (preferences, broken);
  WAIT_UNTIL (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (status)),
                         "The engine did not pass the test") == 0);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (status), MARKUP));
  g_assert_true (shows_literally (GTK_WIDGET (status), MARKUP));

  /* Added under its markup name, shown as it is (title and subtitle). */
  type_command (preferences, command);
  WAIT_UNTIL (n_engines () == 1);
  WAIT_UNTIL (strstr (adw_action_row_get_subtitle (status), "Lost Cities") != NULL);
  g_assert_true (shows_literally (GTK_WIDGET (status), "Added “" MARKUP "”"));
  g_assert_true (shows_literally (GTK_WIDGET (status), "by " MARKUP " · plays"));

  row = find_by_name (GTK_WIDGET (preferences), "engine-row");
  g_assert_nonnull (row);
  g_assert_true (shows_literally (row, MARKUP));
  button = find_by_name (row, "engine-test-button");
  g_signal_emit_by_name (button, "clicked");
  WAIT_UNTIL (gtk_widget_get_sensitive (button));
  g_assert_true (shows_literally (row, "by " MARKUP " · plays"));
  /* The log: the handshake line, with the markup in the name, author
   * and options, as the engine sent it. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  settle (100);
  {
    GtkWidget *log = g_object_get_data (G_OBJECT (row), "log-label");

    g_assert_true (shows_literally (log, "< {\"type\":\"hello\""));
    g_assert_true (shows_literally (log, "\"name\":\"<span foreground=\\\"red\\\""));
    g_assert_true (shows_literally (log, "\"options\":[{\"name\":\"<span foreground="));
  }
  save_screenshot (GTK_WIDGET (preferences), "preferences-engines-markup");

  g_settings_reset (settings, "engines");
  gtk_window_destroy (preferences);
  settle (100);
}

int
main (int argc,
      char *argv[])
{
  const char *source_dir = g_getenv ("PARTIDA_SOURCE_DIR");
  int ret;

  if ((ret = ui_test_init (&argc, &argv)) != 0)
    return ret;
  python = argc > 1 ? g_strdup (argv[1]) : g_find_program_in_path ("python3");
  if (python == NULL)
    {
      g_printerr ("SKIP: no python3 for the test engine\n");
      return 77;
    }
  script = g_build_filename (source_dir ? source_dir : ".", "tests", "engines", "random-engine.py", NULL);
  adw_init ();
  settings = g_settings_new (SCHEMA_ID);
  /* The preferences' history (Sync, Recently Deleted): the run's own. */
  ui_test_use_fresh_db ("engines-page.db");
  services = pt_services_new (settings, g_getenv ("PARTIDA_DB"));

  g_test_add_func ("/ui/preferences/engines", test_add_test_remove);
  g_test_add_func ("/ui/preferences/engines/from-file", test_add_from_file);
  g_test_add_func ("/ui/preferences/engines/nested", test_nested_engine);
  g_test_add_func ("/ui/preferences/engines/markup", test_markup_engine);
  ret = g_test_run ();

  g_clear_object (&services);
  g_clear_object (&settings);
  g_free (python);
  g_free (script);
  ui_test_cleanup ();
  return ret;
}
