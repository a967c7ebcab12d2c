/* test-play-session.c — matches as people play them, from the Play page:
 * Preferences pre-fill the setup; a 3-round Lost Cities match with a
 * person, the summary between rounds, closing and continuing in round 2,
 * to the result with every round and the history; "Back to the Games"
 * keeps both seats' names and kinds; the first seat's default is a name
 * (never "You").
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "play-test-util.h"
#include "pt-game-ui.h"
#include "pt-learn-view.h"
#include "pt-lost-cities-board.h"
#include "pt-match-view.h"
#include "pt-player-name.h"
#include "pt-preferences-window.h"
#include "pt-replay-view.h"
#include "pt-rules.h"

/* One human turn of Lost Cities, entered through the board's actions. */
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

  g_assert_cmpuint (json_array_get_length (moves), >, 0);
  move = json_array_get_object_element (moves, (n_before * 5) % json_array_get_length (moves));
  g_assert_true (gtk_widget_activate_action (board, "board.select", "s",
                                             json_object_get_string_member (move, json_object_has_member (move, "play")
                                                                                      ? "play"
                                                                                      : "discard")));
  g_assert_true (gtk_widget_activate_action (board, json_object_has_member (move, "play") ? "board.play" : "board.discard", NULL));
  g_assert_true (gtk_widget_activate_action (board, "board.draw", "s",
                                             json_object_get_string_member (move, "draw")));
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_before + 1);
}

/* Plays the round on the board to its end (the summary or the result). */
static void
play_round (PtGameView *view)
{
  play_until (view, G_MAXUINT);
  WAIT_UNTIL_MS (g_strcmp0 (pt_game_view_get_stage (view), "play") != 0, 20000);
}

static GSettings *
settings (void)
{
  return pt_application_get_settings (app);
}

/* Lost Cities' own settings: its house rules. */
static GSettings *
lost_cities_settings (void)
{
  return pt_game_ui_get_settings (pt_game_ui_lookup ("lost-cities"), settings ());
}

/* The first seat's default on a fresh history, by the rule written
 * again here (see first_seat_default() in pt-game-setup-view.c): the
 * account's real name when it is a person's name (not empty, not
 * "Unknown", not just the login name — root under CI), else "Player 1". */
static char *
expected_first_seat (void)
{
  g_autofree char *real = g_strstrip (g_strdup (g_get_real_name ()));

  if (real[0] != '\0' && g_strcmp0 (real, "Unknown") != 0 &&
      !pt_player_name_equal (real, g_get_user_name ()) &&
      !pt_player_name_equal (real, _("Computer")) && g_utf8_strlen (real, -1) <= PT_PLAYER_NAME_MAX_CHARS)
    return g_steal_pointer (&real);
  return g_strdup_printf (_("Player %u"), 1);
}

/* "You" is how the app speaks to the person, never a player's name. */
static gboolean
is_you (const char *name)
{
  return pt_player_name_equal (name, "You") || pt_player_name_equal (name, "Tú");
}

/* On a fresh history the first seat is not "You" but the rule's name;
 * the home's read replaces that default with the last person while it is
 * untouched, never a seat the player edited; and a match against the
 * computer leaves no player called "You" in the history. */
static void
test_first_seat_default (void)
{
  g_autofree char *expected = expected_first_seat ();
  PtGameSetupView *setup = get_setup ();
  g_autoptr(PtStore) store = open_store ();
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GError) error = NULL;
  PtGameView *view;
  gboolean found = FALSE;

  g_test_message ("first seat: %s (expected %s)", pt_game_setup_view_get_seat_name (setup, 0), expected);
  g_assert_false (is_you (pt_game_setup_view_get_seat_name (setup, 0)));
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 0), ==, expected);

  /* The last person, read after the form is built. */
  {
    GtkWidget *untouched = g_object_ref_sink (pt_game_setup_view_new (NULL));
    GtkWidget *edited = g_object_ref_sink (pt_game_setup_view_new (NULL));

    g_assert_cmpstr (pt_game_setup_view_get_seat_name (PT_GAME_SETUP_VIEW (untouched), 0), ==, expected);
    pt_game_setup_view_set_default_person (PT_GAME_SETUP_VIEW (untouched), "Ana");
    g_assert_cmpstr (pt_game_setup_view_get_seat_name (PT_GAME_SETUP_VIEW (untouched), 0), ==, "Ana");
    pt_game_setup_view_set_seat (PT_GAME_SETUP_VIEW (edited), 0, "Beto", -1);
    pt_game_setup_view_set_default_person (PT_GAME_SETUP_VIEW (edited), "Ana");
    g_assert_cmpstr (pt_game_setup_view_get_seat_name (PT_GAME_SETUP_VIEW (edited), 0), ==, "Beto");
    g_object_unref (untouched);
    g_object_unref (edited);
  }

  /* A match with the seats as the form offers them. */
  pt_game_setup_view_set_game_id (setup, "lost-cities");
  view = start_with_seed ("11");
  play_until (view, G_MAXUINT);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  players = pt_store_list_players (store, TRUE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    {
      const char *name = ((PtPlayer *) players->pdata[i])->name;

      g_assert_false (is_you (name));
      found = found || g_strcmp0 (name, expected) == 0;
    }
  g_assert_true (found);
  /* The other tests count the history's matches from none. */
  g_assert_true (pt_store_delete_match (store, pt_game_view_get_match_id (view), &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  wait_for_store ();
}

/* Preferences → Lost Cities → 2 rounds: the next setup shows 2; the
 * other preferences pre-fill it too. */
static void
test_preferences_prefill (void)
{
  PtGameSetupView *setup = get_setup ();
  GtkWidget *preferences = GTK_WIDGET (pt_preferences_window_new (pt_application_get_services (app)));
  GtkSpinButton *rounds;
  g_autoptr(PtSession) session = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (pt_game_setup_view_get_rounds (setup), ==, 1);
  gtk_window_present (GTK_WINDOW (preferences));
  rounds = GTK_SPIN_BUTTON (find_by_name (preferences, "lost-cities-rounds-spin"));
  g_assert_nonnull (rounds);
  gtk_spin_button_set_value (rounds, 2);
  gtk_window_destroy (GTK_WINDOW (preferences));
  g_assert_cmpuint (pt_game_setup_view_get_rounds (setup), ==, 2);

  g_settings_set_enum (settings (), "ai-level", 2);
  g_settings_set_enum (lost_cities_settings (), "next-starter", 1);
  g_settings_set_enum (lost_cities_settings (), "scoring", 1);
  pt_game_setup_view_set_game_id (setup, "lost-cities");
  pt_game_setup_view_set_seat (setup, 0, "Ana", -1);
  pt_game_setup_view_set_seat (setup, 1, "Computer", 1);
  /* The seat played by the computer takes the preferred level when it
   * changes; the person stays a person. */
  g_settings_set_enum (settings (), "ai-level", 0);
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 1), ==, 0);
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 0), ==, -1);
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 0), ==, "Ana");

  session = pt_game_setup_view_create_session (setup, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pt_session_get_n_rounds (session), ==, 2);
  g_assert_cmpint (pt_session_get_next_starter (session), ==, PT_NEXT_STARTER_LOSER);
  g_assert_cmpstr (json_object_get_string_member (pt_session_get_options (session), "rules"), ==, "seed");
  g_assert_cmpint (pt_session_get_seat_level (session, 1), ==, PT_BOT_LEVEL_EASY);
  save_screenshot (GTK_WIDGET (window), "play-setup-rounds");

  g_settings_reset (lost_cities_settings (), "next-starter");
  g_settings_reset (lost_cities_settings (), "scoring");
}

/* A 3-round match with a person: round 1 to its end, the summary, close
 * and continue (still between rounds), round 2 begun, close and continue
 * in round 2, then to the result and the history. */
/* The first @type widget in any toplevel window. */
static GtkWidget *
find_by_type_in_toplevels (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) win = g_list_model_get_item (toplevels, i);
      GtkWidget *found = find_by_type (win, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Presses @keyval on @widget's key controller, as a key press would. */
static gboolean
press_replay_key (GtkWidget *widget,
                  guint keyval)
{
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  GtkEventController *c = NULL;
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (item))
        c = GTK_EVENT_CONTROLLER (item);
    }
  g_object_unref (controllers);
  g_assert_nonnull (c);
  g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
  return handled;
}

/* The board of @replay is the round it says, after the moves it says. */
static void
check_round_step (PtReplayView *replay,
                  JsonArray *rounds,
                  guint round,
                  guint moves)
{
  JsonObject *record = json_array_get_object_element (rounds, round);
  g_autoptr(PtGame) expected = NULL;
  g_autoptr(JsonNode) partial = json_node_new (JSON_NODE_OBJECT);
  JsonObject *object = json_object_new ();
  g_autoptr(GList) members = json_object_get_members (record);
  JsonArray *all = json_object_get_array_member (record, "moves");
  JsonArray *some = json_array_new ();

  /* A new object (json_node_copy shares it): the round's first @moves. */
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "moves"))
      json_object_set_member (object, l->data, json_node_copy (json_object_get_member (record, l->data)));
  for (guint i = 0; i < moves; i++)
    json_array_add_element (some, json_node_copy (json_array_get_element (all, i)));
  json_object_set_array_member (object, "moves", some);
  json_node_take_object (partial, object);
  expected = pt_rules_load_record (partial, NULL, NULL, NULL);
  g_assert_nonnull (expected);
  g_assert_cmpuint (pt_replay_view_get_round (replay), ==, round);
  g_assert_cmpuint (pt_game_get_n_moves (pt_replay_view_get_game (replay)), ==, pt_game_get_n_moves (expected));
  {
    g_autoptr(JsonNode) a = pt_game_get_view (pt_replay_view_get_game (replay), -1);
    g_autoptr(JsonNode) b = pt_game_get_view (expected, -1);

    g_assert_true (json_node_equal (a, b));
  }
}

/* The whole match is one replay: every step of every round by keys, back
 * again, the slider to each round's deal, and a round's row opening the
 * replay at that round. */
static void
check_match_replay (GtkWidget *page,
                    JsonNode *record)
{
  JsonArray *rounds = json_object_get_array_member (json_node_get_object (record), "rounds");
  GtkWidget *button = find_by_name (page, "replay-button");
  GtkWidget *replay_window;
  PtReplayView *replay;
  guint step = 0, total = 0;

  g_assert_nonnull (button);
  for (guint r = 0; r < json_array_get_length (rounds); r++)
    total += json_array_get_length (json_object_get_array_member (json_array_get_object_element (rounds, r), "moves")) + 1;
  g_signal_emit_by_name (button, "clicked");
  WAIT_UNTIL ((replay = PT_REPLAY_VIEW (find_by_type_in_toplevels (PT_TYPE_REPLAY_VIEW))) != NULL && gtk_widget_get_mapped (GTK_WIDGET (replay)));
  replay_window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (replay)));
  g_assert_cmpuint (pt_replay_view_get_n_rounds (replay), ==, json_array_get_length (rounds));
  g_assert_cmpuint (pt_replay_view_get_n_steps (replay), ==, total - 1);
  /* Forward through everything, then back. */
  for (guint r = 0; r < json_array_get_length (rounds); r++)
    {
      guint n = json_array_get_length (json_object_get_array_member (json_array_get_object_element (rounds, r), "moves"));

      for (guint m = 0; m <= n; m++)
        {
          g_assert_cmpuint (pt_replay_view_get_step (replay), ==, step);
          if (m == 0 || m == n || m % 7 == 0)
            check_round_step (replay, rounds, r, m);
          g_assert_cmpuint (pt_replay_view_get_round (replay), ==, r);
          if (step < total - 1)
            g_assert_true (press_replay_key (GTK_WIDGET (replay), GDK_KEY_Right));
          step++;
        }
    }
  g_assert_cmpuint (pt_replay_view_get_step (replay), ==, total - 1);
  for (guint i = total - 1; i > 0; i--)
    {
      g_assert_true (press_replay_key (GTK_WIDGET (replay), GDK_KEY_Left));
      g_assert_cmpuint (pt_replay_view_get_step (replay), ==, i - 1);
    }
  check_round_step (replay, rounds, 0, 0);
  g_assert_true (press_replay_key (GTK_WIDGET (replay), GDK_KEY_End));
  check_round_step (replay, rounds, json_array_get_length (rounds) - 1,
                    json_array_get_length (json_object_get_array_member (
                        json_array_get_object_element (rounds, json_array_get_length (rounds) - 1), "moves")));
  /* The slider: the second round's deal, in the log under its heading with
   * the first round below. */
  step = json_array_get_length (json_object_get_array_member (json_array_get_object_element (rounds, 0), "moves")) + 1;
  gtk_range_set_value (GTK_RANGE (pt_replay_view_get_timeline (replay)), step);
  check_round_step (replay, rounds, 1, 0);
  save_screenshot (replay_window, "lost-cities-match-replay");
  gtk_window_destroy (GTK_WINDOW (replay_window));

  /* Round 3's row: the same replay, at round 3's deal. */
  g_signal_emit_by_name (find_by_name (page, "replay-button-3"), "clicked");
  WAIT_UNTIL ((replay = PT_REPLAY_VIEW (find_by_type_in_toplevels (PT_TYPE_REPLAY_VIEW))) != NULL);
  check_round_step (replay, rounds, 2, 0);
  g_assert_cmpuint (pt_replay_view_get_n_rounds (replay), ==, 3);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (replay))));
  settle (20);
}

static void
test_three_rounds (void)
{
  PtGameView *view;
  PtSession *session;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtStore) store2 = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  PtHistoryQuery query;
  g_autoptr(GPtrArray) history = NULL;
  guint n_moves;
  int total0;

  g_settings_set_int (lost_cities_settings (), "rounds", 3);
  g_assert_cmpuint (pt_game_setup_view_get_rounds (get_setup ()), ==, 3);
  view = start_two_player_game ("lost-cities", "Ana", -1, "Computer", 0, "3030");
  session = pt_game_view_get_session (view);
  g_assert_cmpuint (pt_session_get_n_rounds (session), ==, 3);

  play_round (view);
  g_assert_cmpstr (pt_game_view_get_stage (view), ==, "summary");
  g_assert_nonnull (strstr (pt_game_view_get_banner (view), "1"));
  g_assert_cmpint (pt_session_get_state (session), ==, PT_SESSION_BETWEEN_ROUNDS);
  g_assert_cmpint (pt_game_view_get_match_id (view), ==, 0);
  total0 = pt_session_get_total (session, 0);
  save_screenshot (GTK_WIDGET (window), "lost-cities-round-summary");

  /* Closed at the summary: continued, the summary is back. */
  view = close_and_continue (&store);
  session = pt_game_view_get_session (view);
  g_assert_cmpstr (pt_game_view_get_stage (view), ==, "summary");
  g_assert_cmpuint (pt_session_get_n_rounds_played (session), ==, 1);
  g_assert_cmpint (pt_session_get_total (session, 0), ==, total0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.next-round", NULL));
  g_assert_cmpstr (pt_game_view_get_stage (view), ==, "play");
  g_assert_cmpuint (pt_session_get_round (session), ==, 1);
  /* The board is the match's: the session it shows, its second round. */
  g_assert_true (pt_board_get_session (PT_BOARD (pt_game_view_get_board (view))) == session);
  g_assert_true (pt_board_get_game (PT_BOARD (pt_game_view_get_board (view))) == pt_session_get_game (session));

  play_until (view, 6);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  n_moves = pt_game_get_n_moves (pt_game_view_get_game (view));
  g_assert_cmpuint (n_moves, >=, 6);

  /* Closed in round 2: continued in round 2, where it stopped. */
  view = close_and_continue (&store2);
  session = pt_game_view_get_session (view);
  g_assert_cmpstr (pt_game_view_get_stage (view), ==, "play");
  g_assert_cmpuint (pt_session_get_round (session), ==, 1);
  g_assert_cmpuint (pt_game_get_n_moves (pt_game_view_get_game (view)), ==, n_moves);
  g_assert_cmpint (pt_session_get_seat_kind (session, 0), ==, PT_SEAT_PERSON);
  g_assert_cmpstr (pt_session_get_seat_name (session, 1), ==, "Computer");

  play_round (view);
  g_assert_cmpstr (pt_game_view_get_stage (view), ==, "summary");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.next-round", NULL));
  play_round (view);
  g_assert_cmpstr (pt_game_view_get_stage (view), ==, "result");
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  save_screenshot (GTK_WIDGET (window), "lost-cities-match-result");

  /* The history: once, every round, the totals. */
  pt_history_query_init (&query);
  query.game = "lost-cities";
  history = pt_store_history (store2, &query, NULL);
  g_assert_cmpuint (history->len, ==, 1);
  entry = pt_store_load_match (store2, pt_game_view_get_match_id (view), NULL);
  record = pt_json_parse (entry->record, NULL);
  g_assert_true (pt_match_record_is (record));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (record), "rounds")), ==, 3);
  for (guint p = 0; p < 2; p++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, p);

      g_assert_cmpint (result->score, ==, pt_session_get_round_score (session, 0, p) + pt_session_get_round_score (session, 1, p) + pt_session_get_round_score (session, 2, p));
      g_assert_cmpint (result->is_ai, ==, p == 1);
    }
  g_assert_cmpstr (((PtMatchResult *) entry->results->pdata[0])->player_name, ==, "Ana");
  saved = pt_store_list_saved_games (store2, NULL);
  g_assert_cmpuint (saved->len, ==, 0);

  /* The history's match page: every round, each of them replayable. */
  {
    GtkWidget *win = gtk_window_new ();
    GtkWidget *page = pt_match_view_new ();

    gtk_window_set_default_size (GTK_WINDOW (win), 800, 900);
    gtk_window_set_child (GTK_WINDOW (win), page);
    pt_match_view_set_match (PT_MATCH_VIEW (page), store2, entry);
    gtk_window_present (GTK_WINDOW (win));
    WAIT_UNTIL (gtk_widget_get_mapped (page));
    for (guint r = 1; r <= 3; r++)
      {
        g_autofree char *name = g_strdup_printf ("replay-button-%u", r);

        g_assert_nonnull (find_by_name (page, name));
      }
    g_assert_null (find_by_name (page, "replay-button-4"));
    save_screenshot (win, "lost-cities-match-page-rounds");
    check_match_replay (page, record);
    gtk_window_destroy (GTK_WINDOW (win));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  g_settings_set_int (lost_cities_settings (), "rounds", 1);
}

/* After "Back to the Games" (mid-game and after a finished match, and in a
 * new window) both seats keep their names and kinds: Player 1 never turns
 * into "Computer". */
static void
test_back_keeps_seats (void)
{
  PtGameSetupView *setup;
  PtGameView *view;

  view = start_two_player_game ("lost-cities", "Ana", -1, "Computer", 1, "5");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  setup = get_setup ();
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 0), ==, "Ana");
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 0), ==, -1);
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 1), ==, "Computer");
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 1), ==, 1);

  /* A fresh window, the history knowing "Computer" (who sorts before
   * "You"): the first seat is the last person who played, not the
   * computer. */
  gtk_window_destroy (GTK_WINDOW (window));
  settle (50);
  window = new_play_window ();
  setup = get_setup ();
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 0), ==, "Ana");
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 0), ==, -1);
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 1), ==, _("Computer"));
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 1), >=, 0);

  /* And once more after a whole match. */
  pt_game_setup_view_set_seed (setup, "6");
  view = PT_GAME_VIEW (pt_play_page_get_game_view (get_play_page ()));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_play_page ()), "play.start", NULL));
  WAIT_UNTIL (pt_play_page_get_game_view (get_play_page ()) != GTK_WIDGET (view) &&
              PT_IS_GAME_VIEW (pt_play_page_get_game_view (get_play_page ())));
  view = PT_GAME_VIEW (pt_play_page_get_game_view (get_play_page ()));
  play_until (view, G_MAXUINT);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  setup = get_setup ();
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 0), ==, "Ana");
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 0), ==, -1);
  g_assert_cmpstr (pt_game_setup_view_get_seat_name (setup, 1), ==, _("Computer"));
  g_assert_cmpint (pt_game_setup_view_get_seat_level (setup, 1), >=, 0);
}

/* Holds the store worker's thread until opened. */
typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean open;
} Gate;

static gpointer
gate_job (PtStore *store,
          PtStats *stats,
          gpointer data,
          GCancellable *cancellable,
          GError **error)
{
  Gate *gate = data;

  g_mutex_lock (&gate->lock);
  while (!gate->open)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
  return GINT_TO_POINTER (1);
}

/* The saved game @id among @saved, or NULL. */
static PtSavedGame *
find_saved (GPtrArray *saved,
            gint64 id)
{
  for (guint i = 0; saved != NULL && i < saved->len; i++)
    if (((PtSavedGame *) saved->pdata[i])->id == id)
      return saved->pdata[i];
  return NULL;
}

static char *
session_record_text (PtSession *session)
{
  g_autoptr(JsonNode) record = pt_session_to_record (session);

  return json_to_string (record, FALSE);
}

/* A match played on the Play page writes only through the store worker:
 * no store call on the main thread from the first move to the match in
 * the history. Left with two autosaves still queued (the worker held),
 * Continue at once shows exactly the last position. */
static void
test_saves_on_the_worker (void)
{
  PtStoreWorker *worker = pt_services_get_worker (pt_application_get_services (app), NULL);
  PtGameView *view;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  Gate gate = { 0 };
  gint64 saved_id;
  guint n_moves;

  g_assert_nonnull (worker);
  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  g_settings_set_int (lost_cities_settings (), "rounds", 1);
  view = start_two_player_game ("lost-cities", "Ana", -1, "Computer", 0, "5151");
  wait_for_store ();
  pt_store_debug_watch_thread (g_thread_self ());
  play_until (view, 6);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  WAIT_UNTIL (pt_game_view_get_saved_id (view) > 0);
  saved_id = pt_game_view_get_saved_id (view);

  pt_store_worker_run (worker, NULL, gate_job, &gate, NULL, NULL, NULL, NULL, NULL);
  play_until (view, 8);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  n_moves = pt_game_get_n_moves (pt_game_view_get_game (view));
  expected = session_record_text (pt_game_view_get_session (view));
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);

  /* Not written yet: the main connection still has the older position. */
  store = open_store ();
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_nonnull (find_saved (saved, saved_id));
  g_assert_cmpstr (find_saved (saved, saved_id)->record, !=, expected);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_play_page ()), "play.continue", "x", saved_id));
  g_mutex_lock (&gate.lock);
  gate.open = TRUE;
  g_cond_broadcast (&gate.cond);
  g_mutex_unlock (&gate.lock);
  WAIT_UNTIL (PT_IS_GAME_VIEW (pt_play_page_get_game_view (get_play_page ())));
  view = PT_GAME_VIEW (pt_play_page_get_game_view (get_play_page ()));
  got = session_record_text (pt_game_view_get_session (view));
  g_assert_cmpstr (got, ==, expected);
  g_assert_cmpuint (pt_game_get_n_moves (pt_game_view_get_game (view)), ==, n_moves);

  /* To the end and the history, still nothing on the main thread. */
  pt_store_debug_watch_thread (g_thread_self ());
  play_until (view, G_MAXUINT);
  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
  wait_for_store ();
  g_clear_pointer (&saved, g_ptr_array_unref);
  saved = pt_store_list_saved_games (store, NULL);
  g_assert_null (find_saved (saved, saved_id));
  {
    g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, pt_game_view_get_match_id (view), NULL);

    g_assert_nonnull (entry);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  wait_for_store ();
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
}

/* Opening Play (the saved games, the known players, the last person to
 * play), setting up and starting a match (the seats' known names,
 * tonight's game night), leaving it, Continue and a lesson: not one store
 * call on the main thread, and the start still finds the player
 * "Begoña" behind "begona" and joins tonight's night. */
static void
test_home_and_start_on_the_worker (void)
{
  g_autoptr(PtStore) store = open_store ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) player = pt_store_add_player (store, "Begoña", "", &error);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(PtNight) night = pt_store_add_night (store, today, "Casa", NULL, &error);
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(JsonNode) options = NULL;
  PtGameView *view;
  gint64 saved_id;

  g_assert_no_error (error);
  g_settings_set_int (lost_cities_settings (), "rounds", 1);
  gtk_window_destroy (GTK_WINDOW (window));
  settle (50);
  wait_for_store ();

  pt_store_debug_watch_thread (g_thread_self ());
  window = new_play_window ();
  view = start_two_player_game ("lost-cities", "begona", -1, "Computer", 0, "2929");
  g_assert_cmpstr (pt_session_get_seat_name (pt_game_view_get_session (view), 0), ==, "Begoña");
  play_until (view, 4);
  WAIT_UNTIL (!pt_game_view_get_thinking (view));
  WAIT_UNTIL (pt_game_view_get_saved_id (view) > 0);
  saved_id = pt_game_view_get_saved_id (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  wait_for_store ();
  view = continue_saved (saved_id);
  g_assert_cmpstr (pt_session_get_seat_name (pt_game_view_get_session (view), 0), ==, "Begoña");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  wait_for_store ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_play_page ()), "play.learn", "s", "lost-cities"));
  WAIT_UNTIL (PT_IS_LEARN_VIEW (pt_play_page_get_game_view (get_play_page ())));
  g_assert_true (gtk_widget_activate_action (pt_learn_view_get_game_view (PT_LEARN_VIEW (pt_play_page_get_game_view (get_play_page ()))),
                                             "game.leave", NULL));
  wait_for_store ();
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);

  /* The saved game joined tonight's night. */
  saved = pt_store_list_saved_games (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (find_saved (saved, saved_id));
  options = pt_json_parse (find_saved (saved, saved_id)->options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (options), "night"), ==, night->id);
  g_assert_true (pt_store_delete_saved_game (store, saved_id, &error));
  g_assert_no_error (error);
}

int
main (int argc,
      char *argv[])
{
  int ret;

  if ((ret = play_test_init (&argc, &argv)) != 0)
    return ret;
  play_test_open_window (1000, 760);

  g_test_add_func ("/ui/play/session/first-seat-default", test_first_seat_default);
  g_test_add_func ("/ui/play/session/preferences-prefill", test_preferences_prefill);
  g_test_add_func ("/ui/play/session/three-rounds-summary-continue", test_three_rounds);
  g_test_add_func ("/ui/play/session/back-keeps-seats", test_back_keeps_seats);
  g_test_add_func ("/ui/play/session/saves-on-the-worker", test_saves_on_the_worker);
  g_test_add_func ("/ui/play/session/home-and-start-on-the-worker", test_home_and_start_on_the_worker);

  ret = g_test_run ();

  play_test_finish ();
  return ret;
}
