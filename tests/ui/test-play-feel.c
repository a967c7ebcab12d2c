/* test-play-feel.c — what makes the three games feel like a table: the
 * move log (one entry per move, the right player, newest first), the other
 * player's last move in a sentence (also after a resume), the result
 * screen with the final board, and the replay stepped through every move
 * by keys and by the timeline slider. Per game; screenshots go to the
 * build directory.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <time.h>

#include "play-test-util.h"
#include "pt-computer-player.h"
#include "pt-lost-cities-board.h"
#include "pt-lost-cities-pile.h"
#include "pt-move-log.h"
#include "pt-next-station-board.h"
#include "pt-wagons-board.h"
#include "pt-wagons-town-view.h"
#include "pt-replay-view.h"
#include "pt-result-view.h"
#include "pt-rules.h"

/* A legal move of the player to act, straight through the rules (the
 * per-game tests enter moves through the boards' actions). */
static void
play_human_turn (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);
  int player = pt_game_get_current_player (game);
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, player);
  JsonArray *moves = json_node_get_array (legal);
  guint n_before = pt_game_get_n_moves (game);
  guint n = json_array_get_length (moves);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (n, >, 0);
  g_assert_true (pt_game_request_move (game, player,
                                       json_array_get_element (moves, (n_before * 7 + 3) % n), &error));
  g_assert_no_error (error);
}

/* The log says every move, newest first, with the player who made it. */
static void
check_log (PtMoveLog *log,
           PtGame *game)
{
  guint n = pt_game_get_n_moves (game);

  g_assert_cmpuint (pt_move_log_get_n_entries (log), ==, n);
  for (guint i = 0; i < n; i++)
    {
      const PtGameMove *move = pt_game_get_move (game, n - 1 - i);
      const char *entry = pt_move_log_get_entry (log, i);

      g_assert_cmpint (pt_move_log_get_entry_player (log, i), ==, (int) move->player);
      g_assert_cmpstr (entry, ==, pt_game_get_move_description (game, n - 1 - i));
      /* In words, naming the player: never a raw record move. */
      g_assert_nonnull (strstr (entry, pt_game_get_player_name (game, move->player)));
      g_assert_null (strchr (entry, '{'));
      g_assert_null (strchr (entry, '"'));
    }
}

static const char *
game_of (gconstpointer data)
{
  return data;
}

static const char *
seed_of (const char *game_id)
{
  return g_str_equal (game_id, "next-station-london") ? "31" : "4242";
}

/* Against the computer to the end: the log follows every move, the
 * computer's last move is said, and the result screen keeps the board. */
static void
test_log_and_result (gconstpointer data)
{
  const char *game_id = game_of (data);
  PtGameView *view = start_two_player_game (game_id, "Ana", -1, "Computer", 1, seed_of (game_id));
  PtGame *game = pt_game_view_get_game (view);
  PtMoveLog *log = PT_MOVE_LOG (pt_game_view_get_move_log (view));
  g_autofree char *shot = NULL;
  gboolean said = FALSE;

  g_assert_nonnull (log);
  g_assert_cmpuint (pt_move_log_get_n_entries (log), ==, 0);
  while (!pt_game_get_is_over (game))
    {
      guint n = pt_game_get_n_moves (game);

      play_until (view, n + 1);
      check_log (log, game);
      /* After the computer's move, the human sees what it did. */
      if (!pt_game_get_is_over (game) && n > 0 && pt_game_get_move (game, pt_game_get_n_moves (game) - 1)->player == 1)
        {
          g_assert_cmpstr (pt_game_view_get_last_move (view), ==,
                           pt_game_get_move_description (game, pt_game_get_n_moves (game) - 1));
          if (!said)
            {
              GtkWidget *toggle = find_by_name (GTK_WIDGET (view), "move-log-toggle");

              shot = g_strdup_printf ("feel-%s-last-move", game_id);
              save_screenshot (window, shot);
              g_clear_pointer (&shot, g_free);
              set_dark (TRUE);
              shot = g_strdup_printf ("feel-%s-last-move-dark", game_id);
              save_screenshot (window, shot);
              g_clear_pointer (&shot, g_free);
              set_dark (FALSE);
              /* 360 px: the log folds into a bottom sheet that its header
               * button opens. */
              g_assert_nonnull (toggle);
              gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
              /* (How narrow the window gets is the board's minimum width,
               * the accessibility work's; below 720 px the log folds.) */
              WAIT_UNTIL (gtk_widget_get_width (window) < 720);
              WAIT_UNTIL (gtk_widget_get_visible (toggle));
              /* …and the board with its log fits 360 px: nothing asks the
               * window to be wider (the board's scroller never scrolls
               * sideways, so a wider board would widen the window). */
              {
                int min_width = 0;

                gint64 until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

                /* (The window's width leaves out its frame: 350 of 360 px
                 * under Xvfb.) */
                while (gtk_widget_get_width (window) > 360 && g_get_monotonic_time () < until)
                  g_main_context_iteration (NULL, FALSE);
                gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
                g_test_message ("%s: minimum width %d px, width %d px at 360 px", game_id, min_width,
                                gtk_widget_get_width (window));
                g_assert_cmpint (min_width, <=, gtk_widget_get_width (window));
                g_assert_cmpint (gtk_widget_get_width (window), <=, 360);
              }
              gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
              WAIT_UNTIL (gtk_widget_get_child_visible (GTK_WIDGET (log)) && gtk_widget_get_mapped (GTK_WIDGET (log)));
              shot = g_strdup_printf ("feel-%s-narrow-log", game_id);
              save_screenshot (window, shot);
              g_clear_pointer (&shot, g_free);
              gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
              gtk_window_set_default_size (GTK_WINDOW (window), 1200, 860);
              WAIT_UNTIL (gtk_widget_get_width (window) > 1000 && !gtk_widget_get_visible (toggle));
            }
          said = TRUE;
        }
      else if (!pt_game_get_is_over (game) && n > 0)
        g_assert_cmpstr (pt_game_view_get_last_move (view), ==, "");
    }
  g_assert_true (said);
  check_log (log, game);

  /* The result screen: the final board, the winner named. */
  {
    PtResultView *result = PT_RESULT_VIEW (pt_game_view_get_result_view (view));
    GtkWidget *board = pt_result_view_get_board (result);

    WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (result)));
    g_assert_nonnull (board);
    WAIT_UNTIL (gtk_widget_get_mapped (board) && gtk_widget_get_width (board) > 200 && gtk_widget_get_height (board) > 150);
    g_assert_cmpstr (pt_result_view_get_title (result), !=, "");
    shot = g_strdup_printf ("feel-%s-result", game_id);
    save_screenshot (window, shot);
    g_clear_pointer (&shot, g_free);
  }
  gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL);
  settle (20);
}

/* Emits a key press on the replay's key controller, as a keyboard does. */
static gboolean
press_key (GtkWidget *widget,
           guint keyval)
{
  gboolean handled = FALSE;

  for (GtkEventController *c = NULL;;)
    {
      GListModel *controllers = gtk_widget_observe_controllers (widget);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (controllers, i);

          if (GTK_IS_EVENT_CONTROLLER_KEY (item))
            c = GTK_EVENT_CONTROLLER (item);
        }
      g_object_unref (controllers);
      g_assert_nonnull (c);
      g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
      break;
    }
  return handled;
}

static void
check_replay_step (PtReplayView *replay,
                   guint step)
{
  PtGame *game = pt_replay_view_get_game (replay);
  PtMoveLog *log = PT_MOVE_LOG (pt_replay_view_get_move_log (replay));

  g_assert_cmpuint (pt_replay_view_get_step (replay), ==, step);
  g_assert_cmpuint ((guint) gtk_range_get_value (GTK_RANGE (pt_replay_view_get_timeline (replay))), ==, step);
  /* The log in sync: the moves up to the step, newest first. */
  check_log (log, game);
}

/* The last finished match of @game_id, replayed forward and back through
 * every move by keys and by the slider, in a window as the History opens it. */
static void
test_replay (gconstpointer data)
{
  const char *game_id = game_of (data);
  g_autoptr(PtStore) store = open_store ();
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *shot = NULL;
  PtHistoryQuery query;
  PtReplayView *replay;
  GtkWidget *win, *board;
  guint n;

  pt_history_query_init (&query);
  query.game = game_id;
  history = pt_store_history (store, &query, NULL);
  g_assert_cmpuint (history->len, >=, 1);
  entry = pt_store_load_match (store, ((PtMatchEntry *) g_ptr_array_index (history, 0))->id, NULL);
  record = json_from_string (entry->record, &error);
  g_assert_no_error (error);

  win = pt_replay_window_new (GTK_WINDOW (window), record, "Replay", &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (win));
  replay = PT_REPLAY_VIEW (find_by_name (win, "replay"));
  g_assert_nonnull (replay);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (replay)));
  n = pt_replay_view_get_n_steps (replay);
  g_assert_cmpuint (n, >, 5);

  /* Full size, not a strip: the board has the room of the window. */
  board = find_by_name (win, "replay-board");
  g_assert_nonnull (board);
  WAIT_UNTIL (gtk_widget_get_height (board) > 300);

  check_replay_step (replay, 0);
  for (guint i = 1; i <= n; i++)
    {
      g_assert_true (press_key (GTK_WIDGET (replay), GDK_KEY_Right));
      check_replay_step (replay, i);
    }
  g_assert_true (press_key (GTK_WIDGET (replay), GDK_KEY_Right));
  check_replay_step (replay, n);
  for (guint i = n; i > 0; i--)
    {
      g_assert_true (press_key (GTK_WIDGET (replay), GDK_KEY_Left));
      check_replay_step (replay, i - 1);
    }
  g_assert_true (press_key (GTK_WIDGET (replay), GDK_KEY_End));
  check_replay_step (replay, n);
  g_assert_true (press_key (GTK_WIDGET (replay), GDK_KEY_Home));
  check_replay_step (replay, 0);

  /* The slider, forward and back. */
  for (guint i = 0; i <= n; i++)
    {
      gtk_range_set_value (GTK_RANGE (pt_replay_view_get_timeline (replay)), i);
      check_replay_step (replay, i);
    }
  for (guint i = n + 1; i > 0; i--)
    {
      gtk_range_set_value (GTK_RANGE (pt_replay_view_get_timeline (replay)), i - 1);
      check_replay_step (replay, i - 1);
    }
  /* The end position equals the game as it finished. */
  pt_replay_view_set_step (replay, n);
  {
    g_autoptr(PtGame) finished = pt_rules_load_record (record, NULL, NULL, NULL);
    g_autofree char *a = pt_game_to_record_string (finished, FALSE);
    g_autofree char *b = pt_game_to_record_string (pt_replay_view_get_game (replay), FALSE);

    g_assert_cmpstr (a, ==, b);
  }
  pt_replay_view_set_step (replay, n / 2);
  settle (50);
  shot = g_strdup_printf ("feel-%s-replay", game_id);
  save_screenshot (win, shot);
  gtk_window_destroy (GTK_WINDOW (win));
  settle (20);
}

static gboolean
board_animating (GtkWidget *board)
{
  gboolean animating = FALSE;

  g_object_get (board, "animating", &animating, NULL);
  return animating;
}

/* @widget drawn into bytes, with its window's renderer. */
static GBytes *
render (GtkWidget *widget)
{
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;
  guchar *data;

  wait_for_frame (widget);
  texture = render_widget (widget);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  data = g_malloc (width * height * 4);
  gdk_texture_download (texture, data, width * 4);
  return g_bytes_new_take (data, width * height * 4);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median CPU time (this thread: drawing is on the main thread) of
 * @rounds full redraws of @board: every render node invalidated, the
 * board snapshotted (each widget's drawing, the motion included) and
 * rendered with the window's renderer. */
static double
median_redraw_cpu_ms (GtkWidget *board,
                      guint rounds)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (board));
  GtkWidget *parent = gtk_widget_get_parent (board);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  double median;

  for (guint i = 0; i < rounds; i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      double start, t;

      /* A frame first: the layout is done before each drawing, as in the app. */
      if (!gtk_widget_get_mapped (board))
        break;
      wait_for_frame (board);
      queue_draw_all (board);
      start = thread_cpu_ms ();
      gtk_widget_snapshot_child (parent, board, snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      if (node != NULL)
        texture = gsk_renderer_render_texture (renderer, node,
                                               &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (board),
                                                                    gtk_widget_get_height (board)));
      t = thread_cpu_ms () - start;
      g_array_append_val (times, t);
    }
  if (times->len == 0)
    return 0;
  g_array_sort (times, compare_doubles);
  median = g_array_index (times, double, times->len / 2);
  return median;
}

/* The board as the motion left it draws exactly as the same board redrawn
 * from the game with animations off: no card left in the air, no landing
 * card still hidden. */
static void
check_settled (GtkWidget *board)
{
  g_autoptr(GBytes) live = NULL;
  g_autoptr(GBytes) still = NULL;
  int viewer = 0;

  WAIT_UNTIL_MS (!board_animating (board), 1500);
  settle (30);
  live = render (board);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_object_get (board, "viewer", &viewer, NULL);
  g_object_set (board, "viewer", 1 - viewer, NULL);
  g_object_set (board, "viewer", viewer, NULL);
  gtk_widget_queue_draw (board);
  settle (30);
  still = render (board);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  g_assert_true (g_bytes_equal (live, still));
}

/* A whole game with animations on: every move's motion runs and ends, and
 * the board at the end draws exactly as a board that never animated. */
static void
test_motion (gconstpointer data)
{
  const char *game_id = game_of (data);
  PtGameView *view;
  PtGame *game;
  GtkWidget *board;
  g_autoptr(PtGame) loaded = NULL;
  g_autoptr(JsonNode) record = NULL;
  guint animated = 0, moves_seen = 0, next_check = 5;
  double redraw_ms = 0;
  gboolean measured = FALSE;

  /* The computer waits a little before its move, as in the app, so that
   * a motion can be seen halfway. */
  pt_game_view_set_computer_delay (300);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  view = start_two_player_game (game_id, "Ana", -1, "Computer", 1, seed_of (game_id));
  game = pt_game_view_get_game (view);
  board = pt_game_view_get_board (view);
  while (!pt_game_get_is_over (game))
    {
      guint n = pt_game_get_n_moves (game);

      play_until (view, n + 1);
      /* The view may give a new round a new board. */
      board = pt_game_view_get_board (view);
      if (pt_game_get_n_moves (game) == n)
        continue;
      moves_seen++;
      if (board_animating (board) && animated == 1 && !measured && gtk_widget_get_mapped (board))
        {
          measured = TRUE;
          /* Frames during a motion: the board with a card in the air. */
          g_autofree char *name = g_strdup_printf ("%s motion frame (CPU median)", game_id);
          double frame = median_redraw_cpu_ms (board, 9);

          if (frame > 0)
            report_figure (name, frame);
          if (g_getenv ("PARTIDA_ENFORCE_TIMING") != NULL)
            g_assert_cmpfloat (frame, <, 16);
        }
      if (board_animating (board))
        {
          animated++;
          if (animated == 3)
            {
              g_autofree char *shot = g_strdup_printf ("feel-%s-motion", game_id);

              g_autofree char *path = g_strdup_printf ("%s/screenshots/%s-%s.png", g_getenv ("PARTIDA_BUILD_DIR"),
                                                       ui_test_lang, shot);
              g_autoptr(GdkTexture) texture = NULL;

              /* Halfway through a motion (not save_screenshot(): it waits
               * for transitions to end). */
              settle (120);
              texture = render_widget (window);
              g_assert_true (gdk_texture_save_to_png (texture, path));
            }
          /* Every motion ends, on its own, within a second, or the next
           * move (the computer's) skips it. */
          n = pt_game_get_n_moves (game);
          WAIT_UNTIL_MS (!board_animating (board) || pt_game_get_n_moves (game) > n, 1500);
        }
      /* On the human's turn nothing else moves: the board settles. */
      if (moves_seen >= next_check && !pt_game_get_is_over (game) && gtk_widget_get_mapped (board) && !pt_game_view_get_thinking (view) && pt_game_get_current_player (game) == 0)
        {
          check_settled (board);
          /* A settled board, full redraw (the figure of the last check). */
          redraw_ms = median_redraw_cpu_ms (board, 15);
          next_check = moves_seen + 10;
        }
    }
  /* Motion ran (the test fails if the boards never animate). */
  g_test_message ("%u of %u moves animated", animated, moves_seen);
  g_assert_cmpuint (animated, >, moves_seen / 4);
  g_assert_false (board_animating (board));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  if (redraw_ms > 0)
    {
      g_autofree char *name = g_strdup_printf ("%s full-board redraw (CPU median)", game_id);

      report_figure (name, redraw_ms);
      if (g_getenv ("PARTIDA_ENFORCE_TIMING") != NULL)
        g_assert_cmpfloat (redraw_ms, <, 8);
    }

  /* And the game is the one its record replays. */
  record = pt_game_to_record (game);
  loaded = pt_rules_load_record (record, NULL, NULL, NULL);
  g_assert_nonnull (loaded);
  {
    g_autofree char *a = pt_game_to_record_string (game, FALSE);
    g_autofree char *b = pt_game_to_record_string (loaded, FALSE);

    g_assert_cmpstr (a, ==, b);
  }
  pt_game_view_set_computer_delay (0);

  WAIT_UNTIL (pt_game_view_get_match_id (view) > 0);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL);
  settle (20);
}

static guint
count_class (GtkWidget *root,
             const char *css_class)
{
  guint n = gtk_widget_has_css_class (root, css_class) && gtk_widget_get_mapped (root);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_class (child, css_class);
  return n;
}

/* A hint shows on the board: the move it suggests is legal, and its card,
 * pile or placement is marked; the next move clears it. */
static void
test_hint (gconstpointer data)
{
  const char *game_id = game_of (data);
  PtGameView *view = start_two_player_game (game_id, "Ana", -1, "Computer", 1, seed_of (game_id));
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  g_autoptr(JsonNode) hint = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shot = NULL;
  g_autofree char *hint_prefix = g_strdup_printf (_("Hint: %s"), "");
  g_autofree char *why_prefix = g_strdup_printf (_("Why: %s"), "");
  g_autoptr(GError) error = NULL;

  /* A few moves in, on the human's turn. */
  play_until (view, 3);
  while (pt_game_view_get_thinking (view) || pt_game_get_current_player (game) != 0)
    play_until (view, pt_game_get_n_moves (game) + 1);

  text = ask_hint (view);
  g_assert_true (g_str_has_prefix (text, hint_prefix));
  /* …and why, in one sentence from the bot (all three games have one). */
  g_assert_true (g_str_has_prefix (pt_game_view_get_hint_reason (view), why_prefix));
  g_object_get (board, "hint", &hint, NULL);
  g_assert_nonnull (hint);
  g_assert_true (pt_game_is_legal (game, 0, hint));
  if (g_str_equal (game_id, "lost-cities"))
    /* The card, its pile, where it draws from. */
    g_assert_cmpuint (count_class (board, "hinted"), ==, 3);
  else if (g_str_equal (game_id, "circle-the-wagons") && !json_object_has_member (json_node_get_object (hint), "place"))
    /* The card to take (or to start from) in the circle. */
    g_assert_cmpuint (count_class (board, "hinted"), ==, 1);
  else if (g_str_equal (game_id, "circle-the-wagons"))
    {
      /* The ghost waits at the suggested placement. */
      GtkWidget *town = find_by_type (board, PT_TYPE_WAGONS_TOWN_VIEW);
      JsonObject *place = json_node_get_object (hint);
      int x, y, rot;

      pt_wagons_town_view_get_cursor (PT_WAGONS_TOWN_VIEW (town), &x, &y, &rot);
      g_assert_cmpint (x, ==, json_object_get_int_member (place, "x"));
      g_assert_cmpint (y, ==, json_object_get_int_member (place, "y"));
      g_assert_cmpint (rot, ==, json_object_get_int_member (place, "rot"));
      g_assert_true (pt_wagons_town_view_cursor_is_legal (PT_WAGONS_TOWN_VIEW (town)));
    }
  shot = g_strdup_printf ("feel-%s-hint", game_id);
  save_screenshot (window, shot);

  /* The move made, the hint is gone. */
  g_assert_true (pt_game_request_move (game, 0, hint, &error));
  g_assert_no_error (error);
  g_object_get (board, "hint", &after, NULL);
  g_assert_null (after);
  g_assert_cmpuint (count_class (board, "hinted"), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL);
  settle (20);
}

static GtkWidget *
find_nth_by_type (GtkWidget *root,
                  GType type,
                  guint *n)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type) && (*n)-- == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_nth_by_type (child, type, n);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* One click on an item of a seat's list: the popup opens, its list view
 * activates the row under the pointer, the popup closes. No tooltip may
 * be set on the list (it would cover the open popup). */
static void
choose_kind_with_one_click (GtkWidget *drop_down,
                            guint position)
{
  GtkWidget *popover = find_by_type (drop_down, GTK_TYPE_POPOVER);
  GtkWidget *list;

  g_assert_null (gtk_widget_get_tooltip_text (drop_down));
  g_assert_nonnull (popover);
  gtk_popover_popup (GTK_POPOVER (popover));
  WAIT_UNTIL (gtk_widget_get_mapped (popover));
  list = find_by_type (popover, GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (list);
  /* The popup activates on a single click and selects the row under the
   * pointer (which a tooltip over the row used to prevent): the pointer
   * over the row, then the click. */
  gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (list)), position, TRUE);
  g_signal_emit_by_name (list, "activate", position);
  WAIT_UNTIL (!gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down)), ==, position);
}

/* Person for each seat, each with one click: a hot-seat game starts, with
 * the cover between the turns. */
/* Lost Cities piles holding back a card in flight, and the hand buttons
 * hidden while their card is still on its way. */
static guint
count_held (GtkWidget *widget,
            guint *hidden_buttons)
{
  guint n = 0;

  if (PT_IS_LOST_CITIES_PILE (widget) && pt_lost_cities_pile_get_held_back (PT_LOST_CITIES_PILE (widget)) > 0)
    n++;
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget) && gtk_widget_get_opacity (widget) < 1.0)
    (*hidden_buttons)++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_held (child, hidden_buttons);
  return n;
}

/* A card in flight is drawn once: in the air, not also where it lands
 * (the pile holds it back, the new hand card is hidden, until it lands);
 * and the other player's cards never fly over their heading. */
static void
test_flight_once (void)
{
  PtGameView *view;
  PtGame *game;
  GtkWidget *board, *title;
  guint own_checked = 0, their_frames = 0;

  pt_game_view_set_computer_delay (300);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  view = start_two_player_game ("lost-cities", "Ana", -1, "Computer", 1, "4242");
  game = pt_game_view_get_game (view);
  board = pt_game_view_get_board (view);
  title = find_by_name (board, "top-title");
  g_assert_nonnull (title);
  while (!pt_game_get_is_over (game) && (own_checked < 6 || their_frames < 20))
    {
      guint n = pt_game_get_n_moves (game);
      guint hidden = 0;

      if (pt_game_get_current_player (game) == 0 && !pt_game_view_get_thinking (view))
        {
          play_human_turn (view);
          if (!board_animating (board))
            continue;
          /* Right after the move, before any frame: the card is in the
           * air only. */
          g_assert_cmpuint (count_held (board, &hidden), ==, 1);
          g_assert_cmpuint (hidden, ==, 1);
          own_checked++;
        }
      else
        {
          graphene_rect_t card, heading;

          WAIT_UNTIL_MS (pt_game_get_n_moves (game) > n || pt_game_get_is_over (game), 20000);
          g_assert_true (gtk_widget_compute_bounds (title, board, &heading));
          /* Frame by frame through the computer's motion. */
          while (board_animating (board))
            {
              if (pt_lost_cities_board_get_flight_bounds (PT_LOST_CITIES_BOARD (board), &card))
                {
                  their_frames++;
                  g_assert_false (graphene_rect_intersection (&card, &heading, NULL));
                }
              g_main_context_iteration (NULL, TRUE);
            }
        }
      /* Landed: every card drawn where it lies, once. */
      WAIT_UNTIL_MS (!board_animating (board) || pt_game_get_n_moves (game) > n + 1, 1500);
      if (!board_animating (board))
        {
          hidden = 0;
          g_assert_cmpuint (count_held (board, &hidden), ==, 0);
          g_assert_cmpuint (hidden, ==, 0);
        }
    }
  g_test_message ("%u own motions checked, %u frames of the computer's", own_checked, their_frames);
  g_assert_cmpuint (own_checked, >=, 6);
  g_assert_cmpuint (their_frames, >=, 5);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  pt_game_view_set_computer_delay (0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

/* Next Station: the other player's line of this round is on the map
 * (thin, in its colour, the last section highlighted), not only in the
 * sentence; a legend says whose it is. */
static void
test_next_station_others (void)
{
  PtGameView *view = start_two_player_game ("next-station-london", "Ana", -1, "Computer", 1, "31");
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  GtkWidget *legend = find_by_name (board, "others-legend");
  guint seen = 0;

  g_assert_nonnull (legend);
  g_assert_true (gtk_widget_get_visible (legend));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (legend)), "Computer"));
  while (!pt_game_get_is_over (game) && seen < 3)
    {
      guint n = pt_game_get_n_moves (game);
      const PtGameMove *last;

      play_until (view, n + 1);
      last = pt_game_get_move (game, pt_game_get_n_moves (game) - 1);
      if (last->player == 1 && json_object_has_member (json_node_get_object (last->move), "to"))
        {
          gboolean last_drawn = FALSE;
          guint drawn = 0;

          /* Drawn on the next frame, highlighted. */
          WAIT_UNTIL ((drawn = pt_next_station_board_get_others_drawn (PT_NEXT_STATION_BOARD (board), &last_drawn),
                       last_drawn && drawn > 0));
          if (++seen == 2)
            save_screenshot (window, "feel-next-station-london-others");
        }
    }
  g_assert_cmpuint (seen, >=, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

static void
test_person_one_click (void)
{
  PtGameSetupView *setup = get_setup ();
  PtGameView *view;
  GtkWidget *seat1;
  guint n = 1;
  g_autofree char *expected = g_strdup_printf (_("Player %u"), 2);

  pt_game_setup_view_set_game_id (setup, "lost-cities");
  /* Earlier tests in this process may have named seat 2 in English; start
   * from the computer's default name in the language under test. */
  pt_game_setup_view_set_seat (setup, 1, _("Computer"), PT_BOT_LEVEL_MEDIUM);
  seat1 = find_nth_by_type (GTK_WIDGET (setup), GTK_TYPE_DROP_DOWN, &n);
  g_assert_nonnull (seat1);
  /* Seat 2 starts as the computer. */
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (seat1)), >, 0);
  n = 0;
  choose_kind_with_one_click (find_nth_by_type (GTK_WIDGET (setup), GTK_TYPE_DROP_DOWN, &n), 0);
  choose_kind_with_one_click (seat1, 0);
  save_screenshot (window, "feel-setup-two-people");
  view = start_with_seed ("12");
  g_assert_true (pt_game_view_get_covered (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.reveal", NULL));
  play_human_turn (view);
  /* After the first move the next person is asked for: the hand is covered. */
  g_assert_cmpuint (pt_game_get_n_moves (pt_game_view_get_game (view)), ==, 1);
  g_assert_true (pt_game_view_get_covered (view));
  g_assert_false (pt_game_view_get_thinking (view));
  /* …and the seat is no longer named after the computer. */
  g_assert_cmpstr (pt_game_get_player_name (pt_game_view_get_game (view), 1), ==, expected);
  save_screenshot (window, "feel-hot-seat-cover");
  gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL);
  settle (20);
}

/* A seat renamed a moment before Start, the pointer over the names: the
 * entry rows' placeholder animations end and are not kept alive (libadwaita
 * 1.2 kept one for ever when the hovered row was unmapped while it played:
 * pt-play-page.c). */
static void
test_entry_row_animations (void)
{
  PtGameSetupView *setup = get_setup ();
  PtGameView *view;

  entry_row_animations_watch ();
  pt_game_setup_view_set_game_id (setup, "lost-cities");
  hover_texts (GTK_WIDGET (setup));
  pt_game_setup_view_set_seat (setup, 1, "Zoe", PT_BOT_LEVEL_EASY);
  view = start_with_seed ("77");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
  settle (300);
  /* The renamed seat's row animated, and the unmap ended it. */
  entry_row_animations_check ();
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
      g_autofree char *log = g_strdup_printf ("/ui/play/feel/%s/log-and-result", games[i]);
      g_autofree char *replay = g_strdup_printf ("/ui/play/feel/%s/replay", games[i]);

      g_autofree char *motion = g_strdup_printf ("/ui/play/feel/%s/motion", games[i]);

      g_test_add_data_func (log, games[i], test_log_and_result);
      g_autofree char *hint = g_strdup_printf ("/ui/play/feel/%s/hint", games[i]);

      g_test_add_data_func (motion, games[i], test_motion);
      g_test_add_data_func (hint, games[i], test_hint);
      g_test_add_data_func (replay, games[i], test_replay);
    }

  g_test_add_func ("/ui/play/feel/setup/person-one-click", test_person_one_click);
  g_test_add_func ("/ui/play/feel/setup/entry-row-animations", test_entry_row_animations);
  g_test_add_func ("/ui/play/feel/lost-cities/flight-drawn-once", test_flight_once);
  g_test_add_func ("/ui/play/feel/next-station-london/others-on-the-map", test_next_station_others);

  ret = g_test_run ();

  play_test_finish ();
  return ret;
}
