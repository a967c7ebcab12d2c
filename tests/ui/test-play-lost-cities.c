/* test-play-lost-cities.c — Lost Cities played on screen, through the
 * board's actions: against the computer to the result screen and the
 * history; hot seat with the cover; closing the window mid-game,
 * continuing and finishing. Screenshots and the redraw time go to the
 * build directory.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "play-test-util.h"
#include "pt-bot.h"
#include "pt-lost-cities-board.h"
#include "pt-replay-view.h"
#include "pt-rules.h"

/* One human turn, chosen among the legal moves and entered the way a
 * player does: card, then expedition or discard pile, then the draw. */
static void
play_human_turn (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  int player = pt_game_get_current_player (game);
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, player);
  JsonArray *moves = json_node_get_array (legal);
  guint n_before = pt_game_get_n_moves (game);
  JsonObject *move;
  guint pick = 0;

  g_assert_cmpuint (json_array_get_length (moves), >, 0);
  /* Prefer playing to an expedition (so expeditions grow and score), and
   * vary the choice with the move number. */
  for (guint k = 0; k < json_array_get_length (moves); k++)
    {
      guint i = (k + n_before * 5) % json_array_get_length (moves);
      JsonObject *m = json_array_get_object_element (moves, i);

      pick = i;
      if (json_object_has_member (m, "play"))
        break;
    }
  move = json_array_get_object_element (moves, pick);

  if (json_object_has_member (move, "play"))
    {
      g_assert_true (gtk_widget_activate_action (board, "board.select", "s",
                                                 json_object_get_string_member (move, "play")));
      g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (board)), !=, "");
      g_assert_true (gtk_widget_activate_action (board, "board.play", NULL));
    }
  else
    {
      g_assert_true (gtk_widget_activate_action (board, "board.select", "s",
                                                 json_object_get_string_member (move, "discard")));
      g_assert_true (gtk_widget_activate_action (board, "board.discard", NULL));
    }
  g_assert_true (gtk_widget_activate_action (board, "board.draw", "s",
                                             json_object_get_string_member (move, "draw")));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before + 1);
}

static void
test_against_computer (void)
{
  PtGameView *view;
  PtGame *game;
  GtkWidget *board;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(PtGame) replayed = NULL;
  PtHistoryQuery query;
  PtMatchEntry *row;
  const char *title;
  double redraw;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  set_dark (FALSE);
  save_screenshot (GTK_WIDGET (window), "play-start-screen");

  view = start_two_player_game ("lost-cities", "Ana", -1, "Computer", 1, "20260101");
  game = pt_game_view_get_game (view);
  board = pt_game_view_get_board (view);
  g_assert_true (PT_IS_LOST_CITIES_BOARD (board));
  /* Stalls are measured from the board's first frame on: building and
   * laying out a new board is not the computer's thinking. */
  wait_for_frame (board);
  longest_stall_us = 0;

  /* Whoever starts, the computer's first move (if any) comes by itself. */
  play_until (view, 1);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  save_screenshot (GTK_WIDGET (window), "lost-cities-start");

  play_until (view, 24);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  /* The computer's last move is described for the human. */
  if (pt_game_get_current_player (game) == 0)
    g_assert_cmpstr (pt_lost_cities_board_get_last_move (PT_LOST_CITIES_BOARD (board)), !=, "");
  save_screenshot (GTK_WIDGET (window), "lost-cities-middle");
  set_dark (TRUE);
  save_screenshot (GTK_WIDGET (window), "lost-cities-middle-dark");
  redraw = measure_redraw_ms (board, 30);
  report_figure ("lost-cities-board-full-redraw", redraw);
  set_dark (FALSE);

  /* The game is saved while it runs. */
  store = open_store ();
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 1);

  /* Undo against the computer goes back to Ana's turn. */
  if (pt_game_get_can_undo (game) && pt_game_get_current_player (game) == 0)
    {
      guint n = pt_game_get_n_moves (game);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.undo", NULL));
      g_assert_cmpuint (pt_game_get_n_moves (game), ==, n - 2);
      g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
    }

  play_until (view, G_MAXUINT);
  /* The computer was PtBot's Medium player (not the stand-in), and the
   * window kept running while it thought. */
  g_assert_true (pt_bot_supports ("lost-cities", PT_BOT_LEVEL_MEDIUM));
  g_assert_null (g_getenv ("PARTIDA_COMPUTER"));
  check_longest_stall ("lost-cities-computer-longest-main-loop-stall", 250);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  title = pt_result_view_get_title (PT_RESULT_VIEW (pt_game_view_get_result_view (view)));
  g_assert_true (strstr (title, "Ana") != NULL || strstr (title, "Computer") != NULL || pt_game_get_winners (game) == 3);
  save_screenshot (GTK_WIDGET (window), "lost-cities-end");
  set_dark (TRUE);
  save_screenshot (GTK_WIDGET (window), "lost-cities-end-dark");
  set_dark (FALSE);

  /* The history holds the match, digital, with its record and results. */
  g_clear_pointer (&saved, g_ptr_array_unref);
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 0);
  pt_history_query_init (&query);
  query.game = "lost-cities";
  history = pt_store_history (store, &query, NULL);
  g_assert_cmpuint (history->len, ==, 1);
  row = g_ptr_array_index (history, 0);
  g_assert_cmpint (row->mode, ==, PT_MATCH_MODE_DIGITAL);
  entry = pt_store_load_match (store, row->id, NULL);
  g_assert_nonnull (entry->record);
  replayed = pt_rules_load_record_string (entry->record, NULL, NULL, NULL);
  g_assert_nonnull (replayed);
  g_assert_true (pt_game_get_is_over (replayed));
  g_assert_cmpuint (entry->results->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      g_assert_cmpint (result->score, ==, pt_game_get_score (replayed, result->seat));
      g_assert_cmpint (result->is_ai, ==, result->seat == 1);
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  g_assert_null (pt_play_page_get_game_view (get_play_page ()));

  /* Phone-sized: the start screen still fits. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  WAIT_UNTIL (gtk_widget_get_width (window) <= 400);
  save_screenshot (window, "play-start-narrow");
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_width (window) > 900);
}

/* The finished match replays move by move from its stored record. */
static void
test_replay (void)
{
  g_autoptr(PtStore) store = open_store ();
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(GError) error = NULL;
  PtHistoryQuery query;
  GtkWidget *win, *replay;
  guint n;

  pt_history_query_init (&query);
  query.game = "lost-cities";
  history = pt_store_history (store, &query, NULL);
  g_assert_cmpuint (history->len, >=, 1);
  entry = pt_store_load_match (store, ((PtMatchEntry *) g_ptr_array_index (history, 0))->id, NULL);
  record = json_from_string (entry->record, &error);
  g_assert_no_error (error);

  replay = pt_replay_view_new (record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (replay);
  n = pt_replay_view_get_n_steps (PT_REPLAY_VIEW (replay));
  g_assert_cmpuint (n, >, 10);

  win = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (win), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (win), replay);
  gtk_window_present (GTK_WINDOW (win));
  WAIT_UNTIL (gtk_widget_get_mapped (replay));

  g_assert_true (gtk_widget_activate_action (replay, "replay.next", NULL));
  g_assert_cmpuint (pt_replay_view_get_step (PT_REPLAY_VIEW (replay)), ==, 1);
  g_assert_true (gtk_widget_activate_action (replay, "replay.last", NULL));
  g_assert_cmpuint (pt_replay_view_get_step (PT_REPLAY_VIEW (replay)), ==, n);
  pt_replay_view_set_step (PT_REPLAY_VIEW (replay), n / 2);
  g_assert_true (gtk_widget_activate_action (replay, "replay.previous", NULL));
  g_assert_cmpuint (pt_replay_view_get_step (PT_REPLAY_VIEW (replay)), ==, n / 2 - 1);
  save_screenshot (win, "lost-cities-replay");
  g_assert_true (gtk_widget_activate_action (replay, "replay.first", NULL));
  g_assert_cmpuint (pt_replay_view_get_step (PT_REPLAY_VIEW (replay)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (win));

  /* A broken record is refused with a message, not shown. */
  {
    g_autoptr(JsonNode) bad = json_from_string ("{\"format\": \"partida-record/1\", \"game\": \"lost-cities\"}", NULL);
    g_autoptr(GError) bad_error = NULL;

    g_assert_null (pt_replay_view_new (bad, &bad_error));
    g_assert_nonnull (bad_error);
  }
}

static void
test_hot_seat_continue (void)
{
  PtGameView *view;
  PtGame *game;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(GPtrArray) history = NULL;
  PtHistoryQuery query;
  PtSavedGame *saved_game;
  guint n_moves;

  view = start_two_player_game ("lost-cities", "Beto", -1, "Carla", -1, "99");
  game = pt_game_view_get_game (view);

  /* Two people on one screen: the hand stays hidden until the player
   * whose turn it is confirms. */
  g_assert_true (pt_game_view_get_covered (view));
  save_screenshot (GTK_WIDGET (window), "lost-cities-cover");
  play_until (view, 7);
  g_assert_true (pt_game_view_get_covered (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.reveal", NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  WAIT_UNTIL (gtk_widget_get_width (window) <= 400);
  save_screenshot (window, "lost-cities-narrow");
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_width (window) > 900);
  n_moves = pt_game_get_n_moves (game);

  /* Close the window mid-game: nothing is lost. */
  gtk_window_destroy (GTK_WINDOW (window));
  window = NULL;
  settle (50);

  window = new_play_window ();

  store = open_store ();
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 1);
  saved_game = g_ptr_array_index (saved, 0);
  save_screenshot (GTK_WIDGET (window), "play-continue-list");

  view = continue_saved (saved_game->id);
  game = pt_game_view_get_game (view);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_moves);

  play_until (view, G_MAXUINT);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);

  g_clear_pointer (&saved, g_ptr_array_unref);
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_cmpuint (saved->len, ==, 0);
  pt_history_query_init (&query);
  query.game = "lost-cities";
  history = pt_store_history (store, &query, NULL);
  g_assert_cmpuint (history->len, ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

/* Drag and drop --------------------------------------------------------
 *
 * A real drag cannot be made under Xvfb, so the board's drag sources and
 * drop targets are driven through their signals: "prepare" and
 * "drag-begin"/"drag-end" on the sources, "drop" with the dragged string
 * on the targets, as GTK emits them at the end of a drag. */

static GtkEventController *
find_controller (GtkWidget *board,
                 const char *name,
                 GType type)
{
  GtkWidget *widget = find_by_name (board, name);
  g_autoptr(GListModel) controllers = NULL;

  g_assert_nonnull (widget);
  controllers = gtk_widget_observe_controllers (widget);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_type_is_a (G_OBJECT_TYPE (controller), type))
        return controller; /* the widget keeps it */
    }
  g_assert_not_reached ();
  return NULL;
}

/* Drops @value on the widget named @name; TRUE if the board took it. */
static gboolean
drop_on (GtkWidget *board,
         const char *name,
         const char *value)
{
  GtkEventController *target = find_controller (board, name, GTK_TYPE_DROP_TARGET);
  GValue v = G_VALUE_INIT;
  gboolean taken = FALSE;

  g_value_init (&v, G_TYPE_STRING);
  g_value_set_string (&v, value);
  g_signal_emit_by_name (target, "drop", &v, 20.0, 20.0, &taken);
  g_value_unset (&v);
  return taken;
}

/* What a drag from the widget named @name would carry, or NULL. */
static char *
drag_from (GtkWidget *board,
           const char *name)
{
  GtkEventController *source = find_controller (board, name, GTK_TYPE_DRAG_SOURCE);
  g_autoptr(GdkContentProvider) content = NULL;
  g_autoptr(GError) error = NULL;
  GValue v = G_VALUE_INIT;
  char *text;

  g_signal_emit_by_name (source, "prepare", 10.0, 10.0, &content);
  if (content == NULL)
    return NULL;
  g_value_init (&v, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &v, &error));
  g_assert_no_error (error);
  text = g_value_dup_string (&v);
  g_value_unset (&v);
  return text;
}

static gboolean
has_move (PtGame *game,
          const char *kind,
          const char *card,
          const char *draw)
{
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, pt_game_get_current_player (game));
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (json_object_has_member (m, kind) && g_strcmp0 (json_object_get_string_member (m, kind), card) == 0 && g_strcmp0 (json_object_get_string_member (m, "draw"), draw) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The last move of the game's record. */
static JsonObject *
last_record_move (PtGame *game)
{
  g_autoptr(JsonNode) record = pt_game_to_record (game);
  JsonArray *moves = json_object_get_array_member (json_node_get_object (record), "moves");

  g_assert_cmpuint (json_array_get_length (moves), >, 0);
  return json_object_ref (json_array_get_object_element (moves, json_array_get_length (moves) - 1));
}

static void
wait_for_human (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);

  WAIT_UNTIL_MS (pt_game_get_current_player (game) == 0 && !pt_game_view_get_thinking (view),
                 20000);
  wait_for_frame (pt_game_view_get_board (view));
}

static void
test_drag_and_drop (void)
{
  PtGameView *view = start_two_player_game ("lost-cities", "Dora", -1, "Computer", 0, "777");
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  PtLostCitiesBoard *lc = PT_LOST_CITIES_BOARD (board);
  g_autoptr(JsonNode) legal = NULL;
  g_autoptr(JsonObject) recorded = NULL;
  g_autofree char *prompt = NULL;
  g_autofree char *other_name = NULL;
  g_autofree char *own_name = NULL;
  g_autofree char *pile_name = NULL;
  g_autofree char *hand_name = NULL;
  const char *card = NULL;
  char color[2] = { 0 }, other[2] = { 0 }, no_draw[2] = { 0 };
  const char *discard = NULL, *draw = NULL;
  JsonArray *moves;
  guint n;

  wait_for_human (view);
  n = pt_game_get_n_moves (game);
  legal = pt_game_list_legal_moves (game, 0);
  moves = json_node_get_array (legal);

  /* A card with a legal play, its colour and another one. */
  for (guint i = 0; i < json_array_get_length (moves) && card == NULL; i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (json_object_has_member (m, "play"))
        card = json_object_get_string_member (m, "play");
    }
  g_assert_nonnull (card);
  color[0] = card[0];
  other[0] = card[0] == 'Y' ? 'B' : 'Y';
  own_name = g_strdup_printf ("expedition-%s", color);
  pile_name = g_strdup_printf ("discard-%s", color);
  other_name = g_strdup_printf ("expedition-%s", other);
  prompt = g_strdup (pt_board_get_prompt (PT_BOARD (lc)));

  /* The card is dragged from its place in the hand, with the card code;
   * the deck gives nothing to drag before a card is chosen. */
  for (guint i = 0; i < 8 && hand_name == NULL; i++)
    {
      g_autofree char *name = g_strdup_printf ("hand-card-%u", i);
      g_autofree char *value = NULL;

      if (!gtk_widget_get_visible (find_by_name (board, name)))
        continue;
      value = drag_from (board, name);
      if (g_strcmp0 (value, card) == 0)
        hand_name = g_steal_pointer (&name);
    }
  g_assert_nonnull (hand_name);
  g_assert_null (drag_from (board, "deck"));

  /* While it is dragged, its expedition and discard pile are marked as
   * legal drop places, and nothing else. */
  g_signal_emit_by_name (find_controller (board, hand_name, GTK_TYPE_DRAG_SOURCE),
                         "drag-begin", NULL);
  g_assert_true (gtk_widget_has_css_class (find_by_name (board, own_name), "legal-target"));
  g_assert_true (gtk_widget_get_can_target (find_by_name (board, own_name)));
  g_assert_true (gtk_widget_has_css_class (find_by_name (board, pile_name), "legal-target"));
  g_assert_false (gtk_widget_has_css_class (find_by_name (board, other_name), "legal-target"));
  g_assert_false (gtk_widget_get_can_target (find_by_name (board, other_name)));
  save_screenshot (GTK_WIDGET (window), "lost-cities-drag-highlight");
  set_dark (TRUE);
  save_screenshot (GTK_WIDGET (window), "lost-cities-drag-highlight-dark");
  set_dark (FALSE);
  g_signal_emit_by_name (find_controller (board, hand_name, GTK_TYPE_DRAG_SOURCE),
                         "drag-end", NULL, FALSE);
  g_assert_false (gtk_widget_has_css_class (find_by_name (board, own_name), "legal-target"));
  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (lc)), ==, prompt);

  /* Refused: another colour's expedition or pile, a draw before a card
   * is placed, a card dropped on the hand. Nothing changes. */
  g_assert_false (drop_on (board, other_name, card));
  {
    g_autofree char *other_pile = g_strdup_printf ("discard-%s", other);
    g_assert_false (drop_on (board, other_pile, card));
  }
  g_assert_false (drop_on (board, "hand", "deck"));
  g_assert_false (drop_on (board, "hand", card));
  g_assert_false (drop_on (board, own_name, "deck"));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n);
  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (lc)), ==, prompt);

  /* Taken: the card on its expedition, then the deck on the hand. */
  g_assert_true (drop_on (board, own_name, card));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n);
  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (lc)), !=, prompt);
  /* Now the deck can be dragged, and while it is, the hand is marked as
   * the place to drop it; a pile nobody may draw from cannot. */
  {
    g_autofree char *value = drag_from (board, "deck");
    GtkEventController *deck = find_controller (board, "deck", GTK_TYPE_DRAG_SOURCE);

    g_assert_cmpstr (value, ==, "deck");
    g_assert_false (gtk_widget_has_css_class (find_by_name (board, "hand"), "legal-drop-target"));
    g_signal_emit_by_name (deck, "drag-begin", NULL);
    g_assert_true (gtk_widget_has_css_class (find_by_name (board, "hand"), "legal-drop-target"));
    save_screenshot (GTK_WIDGET (window), "lost-cities-drag-draw");
    g_signal_emit_by_name (deck, "drag-end", NULL, FALSE);
    g_assert_false (gtk_widget_has_css_class (find_by_name (board, "hand"), "legal-drop-target"));
  }
  for (const char *l = "YBWGR"; *l != '\0' && no_draw[0] == '\0'; l++)
    {
      char d[2] = { *l, '\0' };

      if (!has_move (game, "play", card, d))
        no_draw[0] = *l;
    }
  if (no_draw[0] != '\0')
    {
      g_autofree char *name = g_strdup_printf ("discard-%s", no_draw);

      g_assert_null (drag_from (board, name));
      g_assert_false (drop_on (board, "hand", no_draw));
    }
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n);
  g_assert_true (drop_on (board, "hand", "deck"));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n + 1);
  recorded = last_record_move (game);
  g_assert_cmpstr (json_object_get_string_member (recorded, "play"), ==, card);
  g_assert_cmpstr (json_object_get_string_member (recorded, "draw"), ==, "deck");
  g_clear_pointer (&recorded, json_object_unref);

  /* Next turn: a discard by drop, and the draw by drop too (a discard
   * pile's top when the rules allow one, else the deck). */
  wait_for_human (view);
  n = pt_game_get_n_moves (game);
  g_clear_pointer (&legal, json_node_unref);
  legal = pt_game_list_legal_moves (game, 0);
  moves = json_node_get_array (legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (!json_object_has_member (m, "discard"))
        continue;
      if (discard == NULL || g_strcmp0 (json_object_get_string_member (m, "draw"), "deck") != 0)
        {
          discard = json_object_get_string_member (m, "discard");
          draw = json_object_get_string_member (m, "draw");
        }
    }
  g_assert_nonnull (discard);
  g_free (pile_name);
  pile_name = g_strdup_printf ("discard-%c", discard[0]);
  g_assert_true (drop_on (board, pile_name, discard));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n);
  {
    /* The card just discarded cannot come back by dragging its pile. */
    char back[2] = { discard[0], '\0' };

    g_assert_cmpint (drop_on (board, "hand", back), ==, has_move (game, "discard", discard, back));
  }
  if (pt_game_get_n_moves (game) == n)
    {
      g_assert_true (drop_on (board, "hand", draw));
      g_assert_cmpuint (pt_game_get_n_moves (game), ==, n + 1);
      recorded = last_record_move (game);
      g_assert_cmpstr (json_object_get_string_member (recorded, "discard"), ==, discard);
      g_assert_cmpstr (json_object_get_string_member (recorded, "draw"), ==, draw);
    }

  /* The clicks still work after drags: one more turn the usual way. */
  wait_for_human (view);
  play_human_turn (view);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

/* Real drags, when xdotool is there to move the X pointer (Xvfb has the
 * XTest extension): the same card and deck, dragged with the mouse. Only
 * on request (PARTIDA_REAL_DRAG=1, one test at a time): the pointer and
 * the top of the screen are shared by every test running on the display,
 * so in a parallel run another window may be hit. */
static void
xdo (const char *args)
{
  g_autofree char *cmd = g_strdup_printf ("xdotool %s", args);

  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL));
  settle (60);
}

static void
real_drag_between (GtkWidget *from,
                   GtkWidget *to,
                   const char *shot_name)
{
  g_autofree char *out = NULL;
  g_autofree char *press = NULL;
  g_autofree char *import = g_find_program_in_path ("import");
  graphene_point_t a, b;
  double sx, sy;
  int wx = 0, wy = 0;
  const char *position;

  g_assert_true (gtk_widget_compute_point (from, window,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (from) / 2.0,
                                                                 gtk_widget_get_height (from) / 2.0),
                                           &a));
  g_assert_true (gtk_widget_compute_point (to, window,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (to) / 2.0, 30),
                                           &b));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  /* Where the window is on the screen (0,0 without a window manager). */
  if (g_spawn_command_line_sync ("xdotool search --name ^Partida$ getwindowgeometry", &out,
                                 NULL, NULL, NULL) &&
      (position = strstr (out, "Position: ")) != NULL)
    sscanf (position, "Position: %d,%d", &wx, &wy);
  a.x += wx + sx, a.y += wy + sy;
  b.x += wx + sx, b.y += wy + sy;

  press = g_strdup_printf ("mousemove %d %d", (int) a.x, (int) a.y);
  xdo (press);
  xdo ("mousedown 1");
  for (int i = 1; i <= 8; i++)
    {
      g_autofree char *step = g_strdup_printf ("mousemove %d %d",
                                               (int) (a.x + (b.x - a.x) * i / 8),
                                               (int) (a.y + (b.y - a.y) * i / 8));
      xdo (step);
    }
  settle (200);
  /* The whole screen, drag icon included, when ImageMagick is there. */
  if (import != NULL)
    {
      const char *dir = g_getenv ("PARTIDA_BUILD_DIR");
      g_autofree char *shot = g_strdup_printf ("import -window root %s/screenshots/%s-%s.png",
                                               dir ? dir : ".", ui_test_lang, shot_name);

      g_spawn_command_line_sync (shot, NULL, NULL, NULL, NULL);
    }
  xdo ("mouseup 1");
  settle (200);
}

static void
test_real_drag (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  PtGameView *view;
  PtGame *game;
  GtkWidget *board, *card;
  g_autofree char *code = NULL;
  g_autofree char *pile = NULL;
  JsonObject *move;
  guint n;

  if (g_getenv ("PARTIDA_REAL_DRAG") == NULL)
    {
      g_test_skip ("real drags only with PARTIDA_REAL_DRAG=1 (needs the display to itself)");
      return;
    }
  if (xdotool == NULL)
    {
      g_test_skip ("xdotool is not installed");
      return;
    }

  view = start_two_player_game ("lost-cities", "Dora", -1, "Computer", 0, "31");
  game = pt_game_view_get_game (view);
  board = pt_game_view_get_board (view);
  wait_for_human (view);
  n = pt_game_get_n_moves (game);

  /* Any card may be discarded: the first of the hand onto its pile. */
  card = find_by_name (board, "hand-card-0");
  code = g_strdup (g_object_get_data (G_OBJECT (card), "code"));
  pile = g_strdup_printf ("discard-%c", code[0]);
  real_drag_between (card, find_by_name (board, pile), "lost-cities-real-drag-card");
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n);
  g_assert_cmpstr (pt_board_get_prompt (PT_BOARD (board)), ==,
                   _("Draw a card: from the deck or the top of a discard pile"));

  real_drag_between (find_by_name (board, "deck"), find_by_name (board, "hand"),
                     "lost-cities-real-drag-deck");
  g_assert_cmpuint (pt_game_get_n_moves (game), >, n);
  move = json_node_get_object (pt_game_get_move (game, n)->move);
  g_assert_cmpstr (json_object_get_string_member (move, "discard"), ==, code);
  g_assert_cmpstr (json_object_get_string_member (move, "draw"), ==, "deck");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

int
main (int argc,
      char *argv[])
{
  int ret;

  if ((ret = play_test_init (&argc, &argv)) != 0)
    return ret;
  play_test_open_window (1000, 760);

  g_test_add_func ("/ui/play/lost-cities/against-computer", test_against_computer);
  g_test_add_func ("/ui/play/lost-cities/replay", test_replay);
  g_test_add_func ("/ui/play/lost-cities/hot-seat-close-continue", test_hot_seat_continue);
  /* Last: they leave games in progress in the store. */
  g_test_add_func ("/ui/play/lost-cities/drag-and-drop", test_drag_and_drop);
  g_test_add_func ("/ui/play/lost-cities/real-drag", test_real_drag);

  ret = g_test_run ();

  play_test_finish ();
  return ret;
}
