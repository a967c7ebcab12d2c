/* test-play-next-station.c — Next Station: London played on screen through
 * the board's actions: against the computer to the result screen and the
 * history; a solo game closed mid-way, continued and finished.
 * Screenshots and the redraw time go to the build directory.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "play-test-util.h"
#include "pt-bot.h"
#include "pt-next-station-board.h"
#include "pt-rules.h"

static PtGameView *
start_game (guint n_players,
            const char *name0,
            const char *name1,
            int level1,
            const char *seed)
{
  PtGameSetupView *setup = get_setup ();

  pt_game_setup_view_set_game_id (setup, "next-station-london");
  pt_game_setup_view_set_n_players (setup, n_players);
  pt_game_setup_view_set_seat (setup, 0, name0, -1);
  if (n_players > 1)
    pt_game_setup_view_set_seat (setup, 1, name1, level1);
  return start_with_seed (seed);
}

/* One human action, entered the way a player does: a line end, then a
 * target; or a pass when no section fits. */
static void
play_human_turn (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  int player = pt_game_get_current_player (game);
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, player);
  JsonArray *moves = json_node_get_array (legal);
  guint n_before = pt_game_get_n_moves (game);
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();

  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (board)), !=, "");
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (json_object_has_member (m, "from") && !json_object_has_member (m, "power"))
        g_ptr_array_add (sections, m);
    }

  if (sections->len == 0)
    g_assert_true (gtk_widget_activate_action (board, "board.pass", NULL));
  else
    {
      JsonObject *m = g_ptr_array_index (sections, (n_before * 3) % sections->len);
      JsonArray *from = json_object_get_array_member (m, "from");
      JsonArray *to = json_object_get_array_member (m, "to");

      g_assert_true (gtk_widget_activate_action (board, "board.section", "(iiii)",
                                                 (int) json_array_get_int_element (from, 0),
                                                 (int) json_array_get_int_element (from, 1),
                                                 (int) json_array_get_int_element (to, 0),
                                                 (int) json_array_get_int_element (to, 1)));
    }
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before + 1);
}

static void
test_against_computer (void)
{
  PtGameView *view = start_game (2, "Ana", "Computer", 1, "31337");
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  g_autoptr(PtStore) store = NULL;

  g_assert_true (PT_IS_NEXT_STATION_BOARD (board));
  /* Stalls are measured from the board's first frame on: building and
   * laying out a new board is not the computer's thinking. */
  wait_for_frame (board);
  longest_stall_us = 0;
  set_dark (FALSE);
  save_screenshot (window, "next-station-start");
  /* A hint in words: "Draw from the circle at column 4, row 3 to the
   * square at column 5, row 4", or "pass". */
  {
    g_autofree char *hint = NULL;
    g_autofree char *expected = g_strdup_printf (_("Hint: %s"), "");

    WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
    hint = ask_hint (view);
    g_assert_true (g_str_has_prefix (hint, expected));
    g_assert_true (strpbrk (hint, "123456789") != NULL || g_str_has_suffix (hint, _("pass")));
    save_screenshot (window, "next-station-hint");
  }
  play_until (view, 30);
  WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
  save_screenshot (window, "next-station-middle");
  set_dark (TRUE);
  save_screenshot (window, "next-station-middle-dark");
  report_figure ("next-station-board-full-redraw", measure_redraw_ms (board, 30));
  set_dark (FALSE);

  play_until (view, G_MAXUINT);
  /* The computer was PtBot's Medium player (not the stand-in), and the
   * window kept running while it thought. */
  g_assert_true (pt_bot_supports ("next-station-london", PT_BOT_LEVEL_MEDIUM));
  g_assert_null (g_getenv ("PARTIDA_COMPUTER"));
  check_longest_stall ("next-station-computer-longest-main-loop-stall", 250);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  save_screenshot (window, "next-station-end");
  g_assert_true (pt_game_get_is_over (game));

  store = open_store ();
  g_assert_cmpuint (count_matches (store, "next-station-london"), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

static void
test_solo_continue (void)
{
  PtGameView *view = start_game (1, "Dana", NULL, -1, "5");
  PtGame *game = pt_game_view_get_game (view);
  g_autoptr(PtStore) store = NULL;
  guint n_moves;

  g_assert_cmpuint (pt_game_get_n_players (game), ==, 1);
  play_until (view, 12);
  n_moves = pt_game_get_n_moves (game);

  view = close_and_continue (&store);
  game = pt_game_view_get_game (view);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_moves);

  play_until (view, G_MAXUINT);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  save_screenshot (window, "next-station-solo-end");
  g_assert_cmpuint (count_matches (store, "next-station-london"), ==, 2);
}

static void
activate_section (GtkWidget *board,
                  JsonObject *m)
{
  JsonArray *from = json_object_get_array_member (m, "from");
  JsonArray *to = json_object_get_array_member (m, "to");

  g_assert_true (gtk_widget_activate_action (board, "board.section", "(iiii)",
                                             (int) json_array_get_int_element (from, 0),
                                             (int) json_array_get_int_element (from, 1),
                                             (int) json_array_get_int_element (to, 0),
                                             (int) json_array_get_int_element (to, 1)));
}

/* A power move entered as a player does: the power toggle, then the
 * section(s), the pass, the station to circle. */
static void
play_power (PtGameView *view,
            JsonObject *m)
{
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  const char *power = json_object_get_string_member (m, "power");
  guint n_before = pt_game_get_n_moves (game);
  const PtGameMove *last;

  g_assert_true (gtk_widget_activate_action (board, "board.power", NULL));
  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (board)), !=, "");
  if (json_object_has_member (m, "from"))
    activate_section (board, m);
  else
    g_assert_true (gtk_widget_activate_action (board, "board.pass", NULL));
  if (g_strcmp0 (power, "double") == 0)
    {
      g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before);
      save_screenshot (window, "next-station-power-double");
      activate_section (board, json_object_get_object_member (m, "second"));
    }
  else if (g_strcmp0 (power, "circle") == 0)
    {
      JsonArray *circle = json_object_get_array_member (m, "circle");

      g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before);
      save_screenshot (window, "next-station-power-circle");
      g_assert_true (gtk_widget_activate_action (board, "board.station", "(ii)",
                                                 (int) json_array_get_int_element (circle, 0),
                                                 (int) json_array_get_int_element (circle, 1)));
    }
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before + 1);
  last = pt_game_get_move (game, n_before);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (last->move), "power"), ==, power);
}

/* Solo with the powers module: each round's colour brings a different
 * power, so one game offers all four; each is used from the board when
 * the legal moves contain it, and never offered otherwise. */
static void
test_powers (void)
{
  PtPlayPage *page = get_play_page ();
  PtGameSetupView *setup = PT_GAME_SETUP_VIEW (pt_play_page_get_setup_view (page));
  PtGameView *view;
  PtGame *game;
  GtkWidget *board, *before;
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  pt_game_setup_view_set_game_id (setup, "next-station-london");
  pt_game_setup_view_set_n_players (setup, 1);
  pt_game_setup_view_set_seat (setup, 0, "Eva", -1);
  {
    g_autoptr(JsonObject) modules = json_object_new ();

    json_object_set_boolean_member (modules, "objectives", FALSE);
    json_object_set_boolean_member (modules, "powers", TRUE);
    pt_game_setup_view_set_options (setup, modules);
  }
  pt_game_setup_view_set_seed (setup, "8");
  before = pt_play_page_get_game_view (page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "play.start", NULL));
  /* Shown once the start's reads on the worker are in. */
  WAIT_UNTIL (pt_play_page_get_game_view (page) != before && PT_IS_GAME_VIEW (pt_play_page_get_game_view (page)));
  view = PT_GAME_VIEW (pt_play_page_get_game_view (page));
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (view)));
  game = pt_game_view_get_game (view);
  board = pt_game_view_get_board (view);
  {
    g_autoptr(JsonObject) modules = json_object_new ();

    json_object_set_boolean_member (modules, "objectives", FALSE);
    json_object_set_boolean_member (modules, "powers", FALSE);
    pt_game_setup_view_set_options (setup, modules);
  }

  while (!pt_game_get_is_over (game))
    {
      g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, 0);
      JsonArray *moves = json_node_get_array (legal);
      JsonObject *power_move = NULL;
      gboolean offered = FALSE;

      for (guint i = 0; i < json_array_get_length (moves); i++)
        {
          JsonObject *m = json_array_get_object_element (moves, i);
          const char *power = json_object_get_string_member_with_default (m, "power", NULL);

          offered |= power != NULL;
          if (power != NULL && power_move == NULL && !g_hash_table_contains (used, power))
            power_move = m;
        }
      if (power_move != NULL)
        {
          g_hash_table_add (used, g_strdup (json_object_get_string_member (power_move, "power")));
          play_power (view, power_move);
        }
      else
        {
          if (!offered)
            {
              /* No power to offer: the action does nothing. */
              guint n = pt_game_get_n_moves (game);

              g_assert_true (gtk_widget_activate_action (board, "board.power", NULL));
              g_assert_cmpuint (pt_game_get_n_moves (game), ==, n);
            }
          play_human_turn (view);
        }
      g_main_context_iteration (NULL, FALSE);
    }
  g_test_message ("powers used: %u", g_hash_table_size (used));
  g_assert_cmpuint (g_hash_table_size (used), ==, 4);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

int
main (int argc,
      char *argv[])
{
  int ret;

  if ((ret = play_test_init (&argc, &argv)) != 0)
    return ret;
  play_test_open_window (900, 860);

  g_test_add_func ("/ui/play/next-station/against-computer", test_against_computer);
  g_test_add_func ("/ui/play/next-station/solo-close-continue", test_solo_continue);

  g_test_add_func ("/ui/play/next-station/powers", test_powers);

  ret = g_test_run ();

  play_test_finish ();
  return ret;
}
