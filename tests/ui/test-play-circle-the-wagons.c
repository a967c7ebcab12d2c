/* test-play-circle-the-wagons.c — Circle the Wagons played on screen
 * through the board's actions, against the computer (PtBot has no player
 * for this game yet: the stand-in plays), to the result screen
 * and the history; then a hot-seat game closed mid-way, continued and
 * finished. Screenshots and the redraw time go to the build directory.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "play-test-util.h"
#include "pt-bot.h"
#include "pt-rules.h"
#include "pt-wagons-board.h"

/* One human action, among the legal ones, the way a player enters it. */
static void
play_human_turn (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  int player = pt_game_get_current_player (game);
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, player);
  JsonArray *moves = json_node_get_array (legal);
  guint n_before = pt_game_get_n_moves (game);
  guint n = json_array_get_length (moves);
  JsonObject *move;

  g_assert_cmpuint (n, >, 0);
  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (board)), !=, "");
  move = json_array_get_object_element (moves, (n_before * 7) % n);

  if (json_object_has_member (move, "start"))
    g_assert_true (gtk_widget_activate_action (board, "board.start", "s",
                                               json_object_get_string_member (move, "start")));
  else if (json_object_has_member (move, "take"))
    g_assert_true (gtk_widget_activate_action (board, "board.take", "s",
                                               json_object_get_string_member (move, "take")));
  else
    {
      /* The ghost shows what the placement would score. */
      g_assert_cmpstr (pt_wagons_board_get_preview (PT_WAGONS_BOARD (board)), !=, "");
      g_assert_true (gtk_widget_activate_action (board, "board.place", "(iii)",
                                                 (int) json_object_get_int_member (move, "x"),
                                                 (int) json_object_get_int_member (move, "y"),
                                                 (int) json_object_get_int_member (move, "rot")));
    }
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before + 1);
}

static void
test_against_computer (void)
{
  PtGameView *view = start_two_player_game ("circle-the-wagons", "Ana", -1, "Computer", 1, "424242");
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  PtHistoryQuery query;

  g_assert_true (PT_IS_WAGONS_BOARD (board));
  /* Stalls are measured from the board's first frame on: building and
   * laying out a new board is not the computer's thinking. */
  wait_for_frame (board);
  longest_stall_us = 0;
  set_dark (FALSE);
  play_until (view, 1);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  save_screenshot (window, "circle-the-wagons-start");

  /* A hint in words for each kind of action met: "Take B4 (gives away
   * A1, A2)", "Place A3 at (1,0) turned". */
  {
    gboolean seen_take = FALSE, seen_place = FALSE;

    while (pt_game_get_n_moves (game) < 14 && !(seen_take && seen_place))
      {
        int current = pt_game_get_current_player (game);
        g_autoptr(JsonNode) legal = NULL;
        JsonObject *first;

        WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
        current = pt_game_get_current_player (game);
        legal = pt_game_list_legal_moves (game, current);
        first = json_array_get_object_element (json_node_get_array (legal), 0);
        if ((json_object_has_member (first, "take") && !seen_take) || (json_object_has_member (first, "place") && !seen_place))
          {
            g_autofree char *hint = ask_hint (view);
            gboolean take = json_object_has_member (first, "take");
            g_autofree char *expected = g_strdup_printf (_("Hint: %s"), "");
            const char *words = take ? _("take %s (gives away %s)") : _("place %s at column %d, row %d");
            g_autofree char *verb = g_strndup (words, strcspn (words, " "));

            g_assert_true (g_str_has_prefix (hint, expected));
            g_assert_nonnull (strstr (hint, verb));
            if (take)
              seen_take = TRUE;
            else
              {
                seen_place = TRUE;
                save_screenshot (window, "circle-the-wagons-hint");
              }
          }
        play_until (view, pt_game_get_n_moves (game) + 1);
      }
    g_assert_true (seen_take && seen_place);
  }

  play_until (view, 14);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  save_screenshot (window, "circle-the-wagons-middle");
  set_dark (TRUE);
  save_screenshot (window, "circle-the-wagons-middle-dark");
  report_figure ("circle-the-wagons-board-full-redraw", measure_redraw_ms (board, 30));
  set_dark (FALSE);

  play_until (view, G_MAXUINT);
  /* The computer was PtBot's Medium player (not the stand-in), and the
   * window kept running while it thought. */
  g_assert_true (pt_bot_supports ("circle-the-wagons", PT_BOT_LEVEL_MEDIUM));
  g_assert_null (g_getenv ("PARTIDA_COMPUTER"));
  check_longest_stall ("circle-the-wagons-computer-longest-main-loop-stall", 250);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  save_screenshot (window, "circle-the-wagons-end");

  store = open_store ();
  g_assert_cmpuint (count_matches (store, "circle-the-wagons"), ==, 1);
  pt_history_query_init (&query);
  query.game = "circle-the-wagons";
  history = pt_store_history (store, &query, NULL);
  entry = pt_store_load_match (store, ((PtMatchEntry *) g_ptr_array_index (history, 0))->id, NULL);
  g_assert_cmpint (entry->mode, ==, PT_MATCH_MODE_DIGITAL);
  g_assert_nonnull (entry->record);
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);
      g_assert_cmpint (result->score, ==, pt_game_get_score (game, result->seat));
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

static void
test_hot_seat_continue (void)
{
  PtGameView *view = start_two_player_game ("circle-the-wagons", "Beto", -1, "Carla", -1, "77");
  PtGame *game = pt_game_view_get_game (view);
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  guint n_moves;

  /* Nothing is hidden in this game: no cover between the players. */
  g_assert_false (pt_game_view_get_covered (view));
  play_until (view, 9);
  n_moves = pt_game_get_n_moves (game);

  view = close_and_continue (&store);
  game = pt_game_view_get_game (view);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_moves);

  play_until (view, G_MAXUINT);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  g_assert_cmpuint (count_matches (store, "circle-the-wagons"), ==, 2);
  g_clear_pointer (&saved, g_ptr_array_unref);
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 0);
}

int
main (int argc,
      char *argv[])
{
  int ret;

  if ((ret = play_test_init (&argc, &argv)) != 0)
    return ret;
  play_test_open_window (1100, 860);

  g_test_add_func ("/ui/play/circle-the-wagons/against-computer", test_against_computer);
  g_test_add_func ("/ui/play/circle-the-wagons/hot-seat-close-continue", test_hot_seat_continue);

  ret = g_test_run ();

  play_test_finish ();
  return ret;
}
