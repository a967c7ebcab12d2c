/* test-play-learn.c — "Learn to play" in a real window, per game: reached
 * from the Play page, the coach explains at every turn, the suggested move
 * is outlined on the board and is legal, the lesson is followed to the
 * result, the rules button offers the lesson again, nothing is saved.
 * Screenshots go to the build directory.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "play-test-util.h"
#include "pt-learn-view.h"
#include "pt-lesson.h"

/* Not used: the lesson's turns follow the coach (below). */
static void
play_human_turn (PtGameView *view)
{
  g_assert_not_reached ();
}

static PtLearnView *
open_lesson (const char *game_id)
{
  PtPlayPage *page = get_play_page ();
  GtkWidget *group = find_by_name (GTK_WIDGET (page), "learn-group");
  GtkWidget *row;
  GtkWidget *view;

  /* On the Play page, one row per game. */
  g_assert_nonnull (group);
  row = find_by_name (group, game_id);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), ==, "play.learn");
  g_assert_true (gtk_widget_activate (row));
  view = pt_play_page_get_game_view (page);
  g_assert_true (PT_IS_LEARN_VIEW (view));
  WAIT_UNTIL (gtk_widget_get_mapped (view));
  return PT_LEARN_VIEW (view);
}

static void
test_lesson (gconstpointer data)
{
  const char *game_id = data;
  PtLearnView *learn = open_lesson (game_id);
  PtLesson *lesson = pt_learn_view_get_lesson (learn);
  PtGameView *view = PT_GAME_VIEW (pt_learn_view_get_game_view (learn));
  PtSession *session = pt_game_view_get_session (view);
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *learn_button;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint turns = 0;

  g_assert_cmpstr (pt_lesson_get_game_id (lesson), ==, game_id);
  g_assert_cmpstr (pt_learn_view_get_text (learn), !=, "");
  g_assert_cmpstr (pt_lesson_get_topic (lesson), ==, "intro");

  while (pt_session_get_state (session) != PT_SESSION_FINISHED)
    {
      JsonNode *suggestion = pt_lesson_get_suggestion (lesson);
      g_autoptr(JsonNode) hint = NULL;
      g_autoptr(GError) error = NULL;

      if (pt_game_get_current_player (game) != 0 || suggestion == NULL || pt_game_view_get_thinking (view))
        {
          g_main_context_iteration (NULL, TRUE);
          continue;
        }
      /* Your turn: a sentence of the rules, the move in words, and the
       * same move outlined on the board; the rules accept it. */
      turns++;
      g_assert_cmpstr (pt_learn_view_get_text (learn), !=, "");
      g_assert_cmpstr (pt_learn_view_get_suggestion (learn), !=, "");
      g_assert_null (strchr (pt_learn_view_get_suggestion (learn), '{'));
      g_hash_table_add (texts, g_strdup (pt_learn_view_get_text (learn)));
      g_object_get (pt_game_view_get_board (view), "hint", &hint, NULL);
      g_assert_nonnull (hint);
      g_assert_true (json_node_equal (hint, suggestion));
      g_assert_true (pt_game_is_legal (game, 0, suggestion));
      if (turns == 3)
        {
          g_autofree char *shot = g_strdup_printf ("learn-%s", game_id);

          save_screenshot (window, shot);
        }
      g_assert_true (pt_game_request_move (game, 0, suggestion, &error));
      g_assert_no_error (error);
    }
  /* The end: the result with the final board, and the coach's scoring. */
  WAIT_UNTIL (g_strcmp0 (pt_lesson_get_topic (lesson), "end") == 0);
  WAIT_UNTIL (g_strcmp0 (pt_game_view_get_stage (view), "result") == 0);
  g_assert_cmpstr (pt_learn_view_get_suggestion (learn), ==, "");
  g_assert_cmpuint (turns, >, 3);
  /* Several rules explained, not one sentence again and again. */
  g_assert_cmpuint (g_hash_table_size (texts), >=, 4);
  {
    g_autofree char *shot = g_strdup_printf ("learn-%s-end", game_id);

    save_screenshot (window, shot);
  }

  /* A lesson is not a match: nothing in the history or the saved games. */
  store = open_store ();
  g_assert_cmpuint (count_matches (store, game_id), ==, 0);
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 0);

  /* The rules button offers the lesson too: it starts it again. */
  learn_button = find_by_name (GTK_WIDGET (view), "learn-button");
  g_assert_nonnull (learn_button);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (learn_button)), ==, "play.learn");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "play.learn", "s", game_id));
  g_assert_true (PT_IS_LEARN_VIEW (pt_play_page_get_game_view (get_play_page ())));
  g_assert_true (pt_play_page_get_game_view (get_play_page ()) != GTK_WIDGET (learn));
  learn = PT_LEARN_VIEW (pt_play_page_get_game_view (get_play_page ()));
  g_assert_cmpstr (pt_lesson_get_topic (pt_learn_view_get_lesson (learn)), ==, "intro");

  /* Back to the games. */
  g_assert_true (gtk_widget_activate_action (pt_learn_view_get_game_view (learn), "game.leave", NULL));
  WAIT_UNTIL (find_by_name (GTK_WIDGET (get_play_page ()), "learn-group") != NULL && gtk_widget_get_mapped (find_by_name (GTK_WIDGET (get_play_page ()), "learn-group")));
}

int
main (int argc,
      char *argv[])
{
  static const char *const games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };
  int ret;

  if ((ret = play_test_init (&argc, &argv)) != 0)
    return ret;
  play_test_open_window (1200, 860);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/play/learn/%s", games[i]);

      g_test_add_data_func (path, games[i], test_lesson);
    }

  ret = g_test_run ();

  play_test_finish ();
  return ret;
}
