/* test-game-ui.c — the per-game UI registry is complete: every game of the
 * rules has a registration with a title, a rules summary, a chart colour,
 * a PtBoard, a PtSheetView for the same game, a breakdown renderer that
 * draws every player of a finished game, and hint words; the registry
 * names no game the rules do not know.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ui-test-util.h"
#include "pt-board.h"
#include "pt-game-ui.h"
#include "pt-game-view.h"
#include "pt-hint-text.h"
#include "pt-rules.h"
#include "pt-sheet-view.h"

static void
test_every_rules_game (void)
{
  const char *const *games = pt_rules_list_games ();

  g_assert_cmpuint (g_strv_length ((char **) games), ==, pt_game_ui_get_n ());
  for (guint i = 0; games[i] != NULL; i++)
    {
      const PtGameUi *ui = pt_game_ui_lookup (games[i]);
      GdkRGBA rgba;

      g_test_message ("%s", games[i]);
      g_assert_nonnull (ui);
      g_assert_cmpint (pt_game_ui_index_of (games[i]), ==, (int) i);
      g_assert_cmpstr (pt_game_ui_title (games[i]), !=, "");
      g_assert_cmpstr (pt_game_ui_title (games[i]), !=, games[i]);
      g_assert_cmpstr (pt_game_view_rules_summary (games[i]), !=, "");
      g_assert_nonnull (ui->icon_name);
      g_assert_nonnull (ui->credit_title);
      g_assert_true (ui->designers != NULL && ui->designers[0] != NULL);
      g_assert_true (gdk_rgba_parse (&rgba, ui->chart_colour));
      g_assert_nonnull (ui->board_type);
      g_assert_true (g_type_is_a (ui->board_type (), PT_TYPE_BOARD));
      g_assert_nonnull (ui->sheet_view_type);
      g_assert_true (g_type_is_a (ui->sheet_view_type (), PT_TYPE_SHEET_VIEW));
      g_assert_nonnull (ui->breakdown_rows);
      g_assert_nonnull (ui->hint_text);
      g_assert_cmpuint (ui->min_players, >=, 1);
      g_assert_cmpuint (ui->min_players, <=, ui->max_players);
    }
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    g_assert_true (g_strv_contains (games, pt_game_ui_list ()[i]->game_id));
  g_assert_null (pt_game_ui_lookup ("no-such-game"));
  g_assert_cmpstr (pt_game_ui_title ("no-such-game"), ==, "no-such-game");
}

/* The sheet view of each registration scores the registration's game. */
static void
test_sheet_views (void)
{
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      PtSheetView *view = g_object_ref_sink (g_object_new (ui->sheet_view_type (), NULL));

      g_assert_cmpstr (pt_sheet_view_get_game_id (view), ==, ui->game_id);
      g_assert_cmpuint (pt_sheet_view_get_min_players (view), >=, 1);
      g_assert_finalize_object (view);
    }
}

/* A game played to the end with the first legal move each turn: its board
 * shows it, the renderer explains every player's score in rows, and the
 * first move of the game has hint words that are not JSON. */
static void
test_boards_and_breakdowns (void)
{
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      const char *players[] = { "Ana", "Beto", NULL };
      g_autoptr(GError) error = NULL;
      g_autoptr(PtGame) game = pt_rules_new_dealt_game (ui->game_id, players, NULL, 0, 7, &error);
      g_autoptr(JsonNode) breakdown = NULL;
      JsonArray *breakdown_players;
      PtBoard *board;
      guint guard = 0;

      g_test_message ("%s", ui->game_id);
      g_assert_no_error (error);
      board = g_object_ref_sink (pt_game_view_create_board (game, NULL));
      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (board, ui->board_type ()));
      g_assert_true (pt_board_get_game (board) == game);
      g_assert_null (pt_board_get_session (board));
      pt_board_set_interactive (board, TRUE);
      g_assert_cmpstr (pt_board_get_prompt (board), !=, "");

      while (!pt_game_get_is_over (game) && guard++ < 5000)
        {
          int player = pt_game_get_current_player (game);
          g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, player);
          JsonNode *move = json_array_get_element (json_node_get_array (legal), 0);

          if (pt_game_get_n_moves (game) == 0)
            {
              g_autofree char *words = pt_hint_text (game, move);
              g_autofree char *json = json_to_string (move, FALSE);

              g_assert_cmpstr (words, !=, json);
            }
          g_assert_true (pt_game_request_move (game, player, move, &error));
          g_assert_no_error (error);
        }
      g_assert_true (pt_game_get_is_over (game));
      g_assert_finalize_object (board);

      breakdown = pt_game_get_breakdown (game);
      breakdown_players = json_object_get_array_member (json_node_get_object (breakdown), "players");
      g_assert_cmpuint (json_array_get_length (breakdown_players), ==, 2);
      for (guint p = 0; p < 2; p++)
        {
          g_autoptr(GPtrArray) rows = pt_game_ui_breakdown_rows (ui->game_id, json_node_get_object (breakdown),
                                                                  json_array_get_object_element (breakdown_players, p));

          g_assert_cmpuint (rows->len, >, 0);
          for (guint r = 0; r < rows->len; r++)
            {
              g_assert_true (ADW_IS_ACTION_ROW (g_ptr_array_index (rows, r)));
              g_assert_cmpstr (adw_preferences_row_get_title (g_ptr_array_index (rows, r)), !=, "");
            }
        }
    }
}

/* A match's board holds its session and shows the round on the table;
 * the next round's board shows the next round of the same session. */
static void
test_board_session (void)
{
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      g_autoptr(PtSession) session = pt_session_new (ui->game_id, NULL, NULL);
      g_autoptr(GError) error = NULL;
      PtBoard *board;

      g_test_message ("%s", ui->game_id);
      pt_session_set_n_seats (session, MAX (2, ui->min_players));
      for (guint s = 0; s < pt_session_get_n_seats (session); s++)
        {
          g_autofree char *name = g_strdup_printf ("Seat %u", s + 1);

          pt_session_set_seat_name (session, s, name);
          pt_session_set_seat_kind (session, s, PT_SEAT_PERSON, PT_BOT_LEVEL_RANDOM, NULL, NULL);
        }
      pt_session_set_seed (session, 11);
      pt_session_start (session, &error);
      g_assert_no_error (error);

      board = g_object_ref_sink (g_object_new (ui->board_type (), "session", session, NULL));
      g_assert_true (pt_board_get_session (board) == session);
      g_assert_true (pt_board_get_game (board) == pt_session_get_game (session));
      g_assert_finalize_object (board);

      board = g_object_ref_sink (pt_game_view_create_board (pt_session_get_game (session), session));
      g_assert_true (pt_board_get_session (board) == session);
      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (board, ui->board_type ()));
      g_assert_finalize_object (board);
    }
}

int
main (int argc,
      char *argv[])
{
  int status = ui_test_init (&argc, &argv);

  if (status != 0)
    return status;
  adw_init ();
  g_test_add_func ("/ui/game-ui/every-rules-game", test_every_rules_game);
  g_test_add_func ("/ui/game-ui/sheet-views", test_sheet_views);
  g_test_add_func ("/ui/game-ui/boards-and-breakdowns", test_boards_and_breakdowns);
  g_test_add_func ("/ui/game-ui/board-session", test_board_session);
  return g_test_run ();
}
