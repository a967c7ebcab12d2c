/* test-play-engines.c — external engines (partida-engine/1) as computer
 * opponents on the Play page: an engine saved in GSettings "engines" is
 * offered next to Easy/Medium/Hard for the games it plays, plays a whole
 * Lost Cities game against a person through the board, and an engine that
 * crashes forfeits: the result screen says why and the history keeps the
 * match with a note.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * --python=PATH: the python3 to run tests/engines/random-engine.py with.
 */
#include "config.h"

#include "play-test-util.h"
#include "pt-lost-cities-board.h"
#include "pt-rules.h"

static char *python;

#define RANDOM_NAME "Random test engine"
#define CRASH_NAME  "Crashing engine"

static char *
engine_command (const char *extra)
{
  const char *source_dir = g_getenv ("PARTIDA_SOURCE_DIR");
  g_autofree char *script = g_build_filename (source_dir ? source_dir : ".", "tests", "engines",
                                              "random-engine.py", NULL);
  g_autofree char *quoted_python = g_shell_quote (python);
  g_autofree char *quoted_script = g_shell_quote (script);

  return g_strdup_printf ("%s %s%s", quoted_python, quoted_script, extra);
}

static char *
engine_spec (const char *extra)
{
  g_autofree char *command = engine_command (extra);

  return g_strconcat ("engine:", command, NULL);
}

/* What Preferences → Engines would have saved after testing both. */
static void
save_engines (void)
{
  GSettings *settings = pt_application_get_settings (app);
  g_autofree char *random_command = engine_command (" --seed 7");
  g_autofree char *crash_command = engine_command (" --mode crash --after 3");
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sss)"));
  g_variant_builder_add (&builder, "(sss)", RANDOM_NAME, random_command,
                         "lost-cities,circle-the-wagons,next-station-london");
  g_variant_builder_add (&builder, "(sss)", CRASH_NAME, crash_command, "lost-cities");
  g_assert_true (g_settings_set_value (settings, "engines", g_variant_builder_end (&builder)));
}

static gboolean
choices_have (PtGameSetupView *setup,
              const char *label)
{
  g_auto(GStrv) choices = pt_game_setup_view_dup_seat_choices (setup, 1);

  return g_strv_contains ((const char *const *) choices, label);
}

static PtGameView *
start_against_engine (const char *spec)
{
  PtGameSetupView *setup = get_setup ();

  pt_game_setup_view_set_game_id (setup, "lost-cities");
  pt_game_setup_view_set_seat (setup, 0, "Ana", -1);
  pt_game_setup_view_set_seat (setup, 1, _("Computer"), 1);
  g_assert_true (pt_game_setup_view_set_seat_engine (setup, 1, spec));
  return start_with_seed ("4242");
}

/* One human Lost Cities turn through the board: card, target, draw. */
static void
play_human_turn (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, pt_game_get_current_player (game));
  JsonArray *moves = json_node_get_array (legal);
  guint n = json_array_get_length (moves);
  guint n_before = pt_game_get_n_moves (game);
  JsonObject *move;
  gboolean play;

  g_assert_cmpuint (n, >, 0);
  move = json_array_get_object_element (moves, (n_before * 7) % n);
  play = json_object_has_member (move, "play");
  g_assert_true (gtk_widget_activate_action (board, "board.select", "s",
                                             json_object_get_string_member (move, play ? "play" : "discard")));
  g_assert_true (gtk_widget_activate_action (board, play ? "board.play" : "board.discard", NULL));
  g_assert_true (gtk_widget_activate_action (board, "board.draw", "s",
                                             json_object_get_string_member (move, "draw")));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before + 1);
}

/* Until the result screen: the game is over, or the engine forfeited. */
static void
play_to_the_end (PtGameView *view)
{
  while (pt_game_view_get_match_id (view) == 0)
    {
      if (pt_game_view_get_thinking (view))
        {
          wait_for_computer (view, 20000);
          continue;
        }
      if (g_strcmp0 (pt_game_view_get_banner (view), _("Game over")) == 0)
        break;
      play_human_turn (view);
      g_main_context_iteration (NULL, FALSE);
    }
}

static PtMatchEntry *
load_only_match (PtStore *store,
                 guint expected_count)
{
  g_autoptr(GPtrArray) history = NULL;
  PtHistoryQuery query;

  pt_history_query_init (&query);
  query.game = "lost-cities";
  history = pt_store_history (store, &query, NULL);
  g_assert_cmpuint (history->len, ==, expected_count);
  /* Newest first. */
  return pt_store_load_match (store, ((PtMatchEntry *) g_ptr_array_index (history, 0))->id, NULL);
}

/* The saved engines are offered, after the levels, only for their games. */
static void
test_offered (void)
{
  PtGameSetupView *setup = get_setup ();
  g_autofree char *random_label = g_strdup_printf (_("Engine: %s"), RANDOM_NAME);
  g_autofree char *crash_label = g_strdup_printf (_("Engine: %s"), CRASH_NAME);
  g_auto(GStrv) choices = NULL;
  g_autofree char *spec = engine_spec (" --seed 7");

  pt_game_setup_view_set_game_id (setup, "lost-cities");
  choices = pt_game_setup_view_dup_seat_choices (setup, 1);
  g_assert_cmpuint (g_strv_length (choices), ==, 6);
  g_assert_cmpstr (choices[3], ==, _("Computer, hard"));
  g_assert_cmpstr (choices[4], ==, random_label);
  g_assert_cmpstr (choices[5], ==, crash_label);

  /* The crashing engine only said it plays Lost Cities. */
  pt_game_setup_view_set_game_id (setup, "circle-the-wagons");
  g_assert_true (choices_have (setup, random_label));
  g_assert_false (choices_have (setup, crash_label));

  /* Choosing it names the seat after it, and the seat records the command. */
  pt_game_setup_view_set_game_id (setup, "lost-cities");
  pt_game_setup_view_set_seat (setup, 1, _("Computer"), 1);
  g_assert_true (pt_game_setup_view_set_seat_engine (setup, 1, spec));
  {
    g_autoptr(JsonArray) seats = NULL;
    g_autoptr(JsonObject) options = NULL;
    g_autoptr(GError) error = NULL;
    guint64 seed;
    JsonObject *seat;

    g_assert_true (pt_game_setup_view_get_setup (setup, &seats, &options, &seed, &error));
    seat = json_array_get_object_element (seats, 1);
    g_assert_cmpstr (json_object_get_string_member (seat, "name"), ==, RANDOM_NAME);
    g_assert_true (json_object_get_boolean_member (seat, "computer"));
    g_assert_cmpstr (json_object_get_string_member (seat, "engine"), ==, spec);
  }
  save_screenshot (window, "play-engine-setup");

  /* Removing the engine in Preferences takes it off the list. */
  {
    GSettings *settings = pt_application_get_settings (app);
    g_autoptr(GVariant) saved = g_settings_get_value (settings, "engines");

    g_settings_reset (settings, "engines");
    g_assert_false (choices_have (setup, random_label));
    g_assert_true (g_settings_set_value (settings, "engines", saved));
    g_assert_true (choices_have (setup, random_label));
  }
}

static void
test_plays_a_game (void)
{
  g_autofree char *spec = engine_spec (" --seed 7");
  PtGameView *view = start_against_engine (spec);
  PtGame *game = pt_game_view_get_game (view);
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;

  play_to_the_end (view);
  g_assert_true (pt_game_get_is_over (game));
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  g_assert_cmpstr (pt_result_view_get_description (PT_RESULT_VIEW (pt_game_view_get_result_view (view))),
                   ==, "");
  save_screenshot (window, "play-engine-end");

  store = open_store ();
  entry = load_only_match (store, 1);
  g_assert_true (entry->notes == NULL || entry->notes[0] == '\0');
  for (guint i = 0; i < 2; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      g_assert_cmpint (result->score, ==, pt_game_get_score (game, result->seat));
      g_assert_cmpint (result->is_ai, ==, result->seat == 1);
      /* An engine is none of Partida's levels. */
      g_assert_cmpint (result->ai_level, ==, 0);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

static void
test_crash_forfeits (void)
{
  g_autofree char *spec = engine_spec (" --mode crash --after 3");
  PtGameView *view = start_against_engine (spec);
  PtGame *game = pt_game_view_get_game (view);
  PtResultView *result_view = PT_RESULT_VIEW (pt_game_view_get_result_view (view));
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autofree char *title = NULL;

  play_to_the_end (view);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  /* It stopped early: the rules do not think the game is over. */
  g_assert_false (pt_game_get_is_over (game));
  title = g_strdup_printf (_("%s Wins"), "Ana");
  g_assert_cmpstr (pt_result_view_get_title (result_view), ==, title);
  g_assert_nonnull (strstr (pt_result_view_get_description (result_view), CRASH_NAME));
  g_test_message ("forfeit: %s", pt_result_view_get_description (result_view));
  save_screenshot (window, "play-engine-forfeit");
  set_dark (TRUE);
  save_screenshot (window, "play-engine-forfeit-dark");
  set_dark (FALSE);

  store = open_store ();
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 0);
  entry = load_only_match (store, 2);
  g_assert_nonnull (entry->notes);
  g_assert_nonnull (strstr (entry->notes, CRASH_NAME));
  g_test_message ("history note: %s", entry->notes);
  g_assert_nonnull (entry->record);
  for (guint i = 0; i < 2; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      g_assert_cmpint (result->winner, ==, result->seat == 0);
      g_assert_cmpint (result->rank, ==, result->seat == 0 ? 1 : 2);
      g_assert_cmpint (result->score, ==, pt_game_get_score (game, result->seat));
    }
  /* The stored record is the game up to the forfeit and replays. */
  {
    g_autoptr(PtGame) replayed = pt_rules_load_record_string (entry->record, NULL, NULL, NULL);

    g_assert_nonnull (replayed);
    g_assert_cmpuint (pt_game_get_n_moves (replayed), ==, pt_game_get_n_moves (game));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

#define MARKUP "<span foreground=\"red\" size=\"xx-large\">Big</span> " \
               "<a href=\"https://example.com\">link</a> & <b>bold"

/* Whether a visible label below @root shows @text as it is. */
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

/* Issue 16: an engine named in markup that forfeits with markup in its
 * reason (an illegal move holding MARKUP): the result screen shows both
 * as typed (the status page's description is markup: they are escaped). */
static void
test_markup_forfeit (void)
{
  GSettings *settings = pt_application_get_settings (app);
  g_autoptr(GVariant) saved = g_settings_get_value (settings, "engines");
  g_autofree char *command = engine_command (" --mode markup");
  g_autofree char *spec = g_strconcat ("engine:", command, NULL);
  PtGameView *view;
  PtResultView *result_view;
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sss)"));
  g_variant_builder_add (&builder, "(sss)", MARKUP, command, "lost-cities");
  g_assert_true (g_settings_set_value (settings, "engines", g_variant_builder_end (&builder)));

  view = start_against_engine (spec);
  result_view = PT_RESULT_VIEW (pt_game_view_get_result_view (view));
  play_to_the_end (view);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  settle (100);
  g_test_message ("forfeit: %s", pt_result_view_get_description (result_view));
  g_assert_true (shows_literally (GTK_WIDGET (result_view), MARKUP));
  g_assert_true (shows_literally (GTK_WIDGET (result_view), "{\"nonsense\":\"<span foreground="));
  save_screenshot (window, "play-engine-forfeit-markup");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  g_assert_true (g_settings_set_value (settings, "engines", saved));
}

int
main (int argc,
      char *argv[])
{
  int ret;

  /* Our own argument first, so the shared start sees --lang=es in argv[1]. */
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--python="))
      {
        python = g_strdup (argv[i] + strlen ("--python="));
        for (int j = i; j < argc - 1; j++)
          argv[j] = argv[j + 1];
        argc--;
        break;
      }
  if (python == NULL)
    python = g_find_program_in_path ("python3");
  if ((ret = play_test_init (&argc, &argv)) != 0)
    return ret;
  if (python == NULL)
    {
      g_printerr ("SKIP: no python3 for the test engine\n");
      return 77;
    }

  save_engines ();
  play_test_open_window (1000, 760);

  g_test_add_func ("/ui/play/engines/offered", test_offered);
  g_test_add_func ("/ui/play/engines/plays-a-game", test_plays_a_game);
  g_test_add_func ("/ui/play/engines/crash-forfeits", test_crash_forfeits);
  g_test_add_func ("/ui/play/engines/markup-forfeit", test_markup_forfeit);

  ret = g_test_run ();

  play_test_finish ();
  g_free (python);
  return ret;
}
