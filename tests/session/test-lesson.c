/* test-lesson.c — "Learn to play" without a display: each game's lesson
 * played to the end by following the coach, the same deal every time,
 * every suggestion legal, the topics explained once each; and a lesson
 * that goes its own way still ends.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-lesson.h"
#include "pt-rules.h"

typedef struct
{
  PtLesson *lesson;
  gboolean follow; /* play the suggestion (else the last legal move) */
  guint n_suggestions;
  GPtrArray *texts;
} Run;

static void
on_changed (PtLesson *lesson,
            Run *run)
{
  g_ptr_array_add (run->texts, g_strdup (pt_lesson_get_text (lesson)));
}

/* Plays the lesson to its end; returns the record of the game. */
static JsonNode *
play_lesson (const char *game_id,
             gboolean follow,
             Run *run)
{
  g_autoptr(GError) error = NULL;
  PtSession *session;
  guint guard = 0;

  run->texts = g_ptr_array_new_with_free_func (g_free);
  run->follow = follow;
  run->lesson = pt_lesson_new (game_id, &error);
  g_assert_no_error (error);
  g_signal_connect (run->lesson, "changed", G_CALLBACK (on_changed), run);
  session = pt_lesson_get_session (run->lesson);
  pt_lesson_set_computer_delay (run->lesson, 0);
  g_assert_true (pt_lesson_start (run->lesson, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pt_lesson_get_topic (run->lesson), ==, "intro");
  g_assert_cmpstr (pt_lesson_get_text (run->lesson), !=, "");

  while (pt_session_get_state (session) != PT_SESSION_FINISHED)
    {
      PtGame *game = pt_session_get_game (session);
      JsonNode *suggestion = pt_lesson_get_suggestion (run->lesson);

      g_assert_cmpuint (++guard, <, 200000);
      if (pt_game_get_current_player (game) == 0 && suggestion != NULL && !pt_session_get_thinking (session))
        {
          g_autoptr(JsonNode) move = NULL;

          g_assert_true (pt_game_is_legal (game, 0, suggestion));
          run->n_suggestions++;
          if (run->follow)
            move = json_node_copy (suggestion);
          else
            {
              g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, 0);
              JsonArray *moves = json_node_get_array (legal);

              move = json_node_copy (json_array_get_element (moves, json_array_get_length (moves) - 1));
            }
          g_assert_true (pt_session_request_move (session, 0, move, &error));
          g_assert_no_error (error);
        }
      g_main_context_iteration (NULL, TRUE);
    }
  /* The coach's last word: the scoring, once the game is over. */
  while (g_strcmp0 (pt_lesson_get_topic (run->lesson), "end") != 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (pt_lesson_get_suggestion (run->lesson));
  return pt_game_to_record (pt_session_get_game (session));
}

static void
run_clear (Run *run)
{
  g_clear_object (&run->lesson);
  g_clear_pointer (&run->texts, g_ptr_array_unref);
}

static void
test_follow (gconstpointer data)
{
  const char *game_id = data;
  Run first = { 0 }, second = { 0 };
  g_autoptr(JsonNode) record = play_lesson (game_id, TRUE, &first);
  g_autoptr(JsonNode) again = NULL;
  const char *const *shown = pt_lesson_get_topics_shown (first.lesson);
  const char *const *all = pt_lesson_list_topics (game_id);
  guint n_shown = g_strv_length ((char **) shown);

  g_assert_cmpuint (first.n_suggestions, >, 3);
  g_assert_cmpuint (pt_lesson_get_step (first.lesson), ==, first.n_suggestions);
  /* Every topic at most once, in the course's order, "intro" first and
   * "end" last; most of the course is seen by following the coach. */
  g_assert_cmpstr (shown[0], ==, "intro");
  g_assert_cmpstr (shown[n_shown - 1], ==, "end");
  for (guint i = 0; i < n_shown; i++)
    {
      g_assert_true (g_strv_contains (all, shown[i]));
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (shown[i], !=, shown[j]);
    }
  if (g_test_verbose ())
    for (guint i = 0; i < n_shown; i++)
      g_test_message ("%s", shown[i]);
  g_assert_cmpuint (n_shown, >=, g_strv_length ((char **) all) / 2);

  /* The same deal and the same game every time. */
  again = play_lesson (game_id, TRUE, &second);
  g_assert_true (json_node_equal (record, again));
  /* You play first (Circle the Wagons: after the computer names the
   * starting card). */
  {
    JsonObject *setup = json_object_get_object_member (json_node_get_object (record), "setup");

    if (json_object_has_member (setup, "first_player"))
      g_assert_cmpint (json_object_get_int_member (setup, "first_player"), ==, 0);
  }
  run_clear (&first);
  run_clear (&second);
}

static void
test_own_way (gconstpointer data)
{
  Run run = { 0 };
  g_autoptr(JsonNode) record = play_lesson (data, FALSE, &run);

  g_assert_cmpuint (run.n_suggestions, >=, 1);
  g_assert_nonnull (record);
  run_clear (&run);
}

int
main (int argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  pt_rules_init ();

  g_assert_false (pt_lesson_supports ("chess"));
  for (const char *const *g = (const char *const[]){ "lost-cities", "circle-the-wagons",
                                                     "next-station-london", NULL };
       *g; g++)
    {
      g_autofree char *follow = g_strdup_printf ("/session/lesson/%s/follow-the-coach", *g);
      g_autofree char *own = g_strdup_printf ("/session/lesson/%s/own-way", *g);

      g_assert_true (pt_lesson_supports (*g));
      g_test_add_data_func (follow, *g, test_follow);
      g_test_add_data_func (own, *g, test_own_way);
    }
  return g_test_run ();
}
