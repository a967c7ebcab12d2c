/* play-test-util.h — shared helpers of the Play area's UI tests: a window
 * holding only the Play page, playing a game through to a point, the
 * computer's thinking, redraw timings. The general helpers are in
 * ui-test-util.h.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ui-test-util.h"
#include "pt-game-setup-view.h"
#include "pt-game-ui.h"
#include "pt-game-view.h"
#include "pt-play-page.h"
#include "pt-result-view.h"
#include "pt-window.h"

static PtApplication *app;
static GtkWidget *window;
static int play_window_width = 1000;
static int play_window_height = 760;

/* One human turn (or action), chosen among the legal moves and entered
 * the way a player does; each test defines it for its game. */
static void play_human_turn (PtGameView *view);

/* A window of the application holding only the Play page: the other pages
 * belong to other units (and their tests), and need not work for these. */
static G_GNUC_UNUSED GtkWidget *
new_play_window (void)
{
  GtkWidget *win = adw_application_window_new (GTK_APPLICATION (app));

  adw_application_window_set_content (ADW_APPLICATION_WINDOW (win),
                                      pt_play_page_new (pt_application_get_services (app)));
  gtk_window_set_title (GTK_WINDOW (win), "Partida");
  gtk_window_set_default_size (GTK_WINDOW (win), play_window_width, play_window_height);
  gtk_window_present (GTK_WINDOW (win));
  WAIT_UNTIL (gtk_widget_get_mapped (win));
  /* The home reads the store (saved games, players) on the worker, after
   * its first frame. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  wait_for_store ();
  return win;
}

static G_GNUC_UNUSED PtPlayPage *
get_play_page (void)
{
  PtPlayPage *page = PT_PLAY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_PLAY_PAGE));

  g_assert_nonnull (page);
  return page;
}

/* The test's database, opened on its own. */
static G_GNUC_UNUSED PtStore *
open_store (void)
{
  g_autoptr(GError) error = NULL;
  PtStore *store = pt_store_open (g_getenv ("PARTIDA_DB"), PT_STORE_OPEN_NONE, &error);

  g_assert_no_error (error);
  return store;
}

/* How many finished matches of @game_id the history holds. */
static G_GNUC_UNUSED guint
count_matches (PtStore *store,
               const char *game_id)
{
  g_autoptr(GPtrArray) history = NULL;
  PtHistoryQuery query;

  pt_history_query_init (&query);
  query.game = game_id;
  history = pt_store_history (store, &query, NULL);
  return history->len;
}

/* Invalidates every widget's render node, so the next snapshot redraws all. */
static G_GNUC_UNUSED void
queue_draw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    queue_draw_all (child);
}

/* Mean time of a full redraw of @widget, in milliseconds: every render
 * node of the board invalidated, then the board snapshotted again (each
 * widget's drawing) and the result rendered with the window's renderer. */
static G_GNUC_UNUSED double
measure_redraw_ms (GtkWidget *widget,
                   guint rounds)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GtkWidget *parent = gtk_widget_get_parent (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gint64 total = 0;

  g_assert_nonnull (parent);
  for (guint i = 0; i < rounds; i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      gint64 start;

      queue_draw_all (widget);
      start = g_get_monotonic_time ();
      gtk_widget_snapshot_child (parent, widget, snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      g_assert_nonnull (node);
      texture = gsk_renderer_render_texture (renderer, node,
                                             &GRAPHENE_RECT_INIT (0, 0, width, height));
      total += g_get_monotonic_time () - start;
      /* Let the frame clock catch up, as between two real frames. */
      settle (5);
    }
  return total / 1000.0 / rounds;
}

static G_GNUC_UNUSED void
report_figure (const char *name,
               double value)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *path = g_build_filename (build_dir ? build_dir : ".", "play-redraw.txt", NULL);
  FILE *file = fopen (path, "a");

  g_test_message ("%s: %.2f ms", name, value);
  if (file != NULL)
    {
      fprintf (file, "%s %s %.2f ms\n", ui_test_lang, name, value);
      fclose (file);
    }
}

/* The longest the main loop went without running while a computer
 * thought, in microseconds (over the whole test). */
static gint64 longest_stall_us;

typedef struct
{
  gint64 last;
  gint64 longest;
} StallProbe;

static gboolean
stall_tick (gpointer user_data)
{
  StallProbe *probe = user_data;
  gint64 now = g_get_monotonic_time ();

  probe->longest = MAX (probe->longest, now - probe->last);
  probe->last = now;
  return G_SOURCE_CONTINUE;
}

/* Waits (at most @ms) until the computer has made its move in @view's
 * game, while a 2 ms timer checks that the main loop keeps running: the
 * computer thinks in a worker thread, so the window never freezes. */
static G_GNUC_UNUSED void
wait_for_computer (PtGameView *view,
                   guint ms)
{
  PtGame *game = pt_game_view_get_game (view);
  guint n = pt_game_get_n_moves (game);
  StallProbe probe = { g_get_monotonic_time (), 0 };
  guint id = g_timeout_add (2, stall_tick, &probe);

  WAIT_UNTIL_MS (pt_game_get_n_moves (game) > n || pt_game_get_is_over (game) || !pt_game_view_get_thinking (view), ms);
  g_source_remove (id);
  /* The last stretch too: the move arriving and the board redrawing. */
  stall_tick (&probe);
  if (probe.longest > 20000)
    g_test_message ("main loop stall of %.1f ms around move %u",
                    probe.longest / 1000.0, n);
  longest_stall_us = MAX (longest_stall_us, probe.longest);
}

/* Reports the longest stall (the target is 50 ms). Timing is a benchmark,
 * not a test verdict: a loaded CI machine or AddressSanitizer stretches it,
 * so the limit is only enforced when PARTIDA_ENFORCE_TIMING is set (as a
 * benchmark run on a quiet machine does). */
static G_GNUC_UNUSED void
check_longest_stall (const char *name,
                     double limit_ms)
{
  report_figure (name, longest_stall_us / 1000.0);
  if (g_getenv ("PARTIDA_ENFORCE_TIMING") != NULL)
    g_assert_cmpfloat (longest_stall_us / 1000.0, <, limit_ms);
}

/* Asks for a hint on the human's turn (game.hint) and returns it once it
 * is there: in words, never a raw record move. */
static G_GNUC_UNUSED char *
ask_hint (PtGameView *view)
{
  const char *hint;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL));
  WAIT_UNTIL_MS (g_strcmp0 (pt_game_view_get_hint (view), _("Thinking about a hint…")) != 0 && pt_game_view_get_hint (view)[0] != '\0', 20000);
  hint = pt_game_view_get_hint (view);
  g_test_message ("hint: %s", hint);
  g_assert_null (strchr (hint, '{'));
  g_assert_null (strchr (hint, '['));
  g_assert_null (strstr (hint, "\""));
  return g_strdup (hint);
}

static G_GNUC_UNUSED PtGameSetupView *
get_setup (void)
{
  return PT_GAME_SETUP_VIEW (pt_play_page_get_setup_view (get_play_page ()));
}

/* Sets @seed on the setup view (game and seats chosen), presses Start and
 * returns the game view once it is on screen. */
static G_GNUC_UNUSED PtGameView *
start_with_seed (const char *seed)
{
  PtPlayPage *page = get_play_page ();
  GtkWidget *before = pt_play_page_get_game_view (page);
  GtkWidget *view;

  pt_game_setup_view_set_seed (get_setup (), seed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "play.start", NULL));
  /* The seats' known names and tonight's night are read on the worker
   * first (a game still on screen stays until then). */
  WAIT_UNTIL ((view = pt_play_page_get_game_view (page)) != before && PT_IS_GAME_VIEW (view));
  WAIT_UNTIL (gtk_widget_get_mapped (view));
  return PT_GAME_VIEW (view);
}

/* A two-player game of @game_id; a level of -1 is a person. */
static G_GNUC_UNUSED PtGameView *
start_two_player_game (const char *game_id,
                       const char *name0,
                       int level0,
                       const char *name1,
                       int level1,
                       const char *seed)
{
  PtGameSetupView *setup = get_setup ();

  pt_game_setup_view_set_game_id (setup, game_id);
  pt_game_setup_view_set_seat (setup, 0, name0, level0);
  pt_game_setup_view_set_seat (setup, 1, name1, level1);
  return start_with_seed (seed);
}

/* Plays until @stop_after moves are made or the game ends; computer
 * turns happen on their own, covers are lifted as a player would. */
static G_GNUC_UNUSED void
play_until (PtGameView *view,
            guint stop_after)
{
  PtGame *game = pt_game_view_get_game (view);

  while (!pt_game_get_is_over (game) && pt_game_get_n_moves (game) < stop_after)
    {
      if (pt_game_view_get_thinking (view))
        {
          /* The main loop runs while the computer thinks. */
          wait_for_computer (view, 20000);
          continue;
        }
      if (pt_game_view_get_covered (view))
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.reveal", NULL));
          g_assert_false (pt_game_view_get_covered (view));
          continue;
        }
      play_human_turn (view);
      g_main_context_iteration (NULL, FALSE);
    }
}

/* Play → Continue on the saved game @id: it is read on the store worker
 * (behind the autosaves still queued), then shown. */
static G_GNUC_UNUSED PtGameView *
continue_saved (gint64 id)
{
  GtkWidget *view;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_play_page ()), "play.continue", "x", id));
  WAIT_UNTIL (PT_IS_GAME_VIEW (view = pt_play_page_get_game_view (get_play_page ())));
  return PT_GAME_VIEW (view);
}

/* Closes the Play window mid-game and opens a new one; the game waits,
 * alone, among the saved games: continues it and returns its view, with
 * the test's database opened in @out_store. */
static G_GNUC_UNUSED PtGameView *
close_and_continue (PtStore **out_store)
{
  g_autoptr(GPtrArray) saved = NULL;
  gint64 id;

  gtk_window_destroy (GTK_WINDOW (window));
  settle (50);
  window = new_play_window ();

  *out_store = open_store ();
  saved = pt_store_list_saved_games (*out_store, NULL);
  g_assert_cmpuint (saved->len, ==, 1);
  id = ((PtSavedGame *) g_ptr_array_index (saved, 0))->id;
  return continue_saved (id);
}

/* Common start: language, display, a fresh database in a temporary
 * folder, computers that answer at once, and the application (held:
 * windows come and go in these tests). 0 to carry on, else the exit
 * status (77 = skipped). */
static G_GNUC_UNUSED int
play_test_init (int *argc,
                char ***argv)
{
  int ret = ui_test_init (argc, argv);

  if (ret != 0)
    return ret;
  ui_test_use_fresh_db ("partida.db");
  pt_game_view_set_computer_delay (0);
  app = ui_test_new_application ();
  g_application_hold (G_APPLICATION (app));
  /* These tests play one-round matches (Preferences → Lost Cities →
   * rounds); test-play-session plays matches of rounds. */
  g_settings_set_int (pt_game_ui_get_settings (pt_game_ui_lookup ("lost-cities"), pt_application_get_settings (app)),
                      "rounds", 1);
  return 0;
}

/* The first Play window; new_play_window() makes the next ones the same
 * size. */
static G_GNUC_UNUSED void
play_test_open_window (int width,
                       int height)
{
  play_window_width = width;
  play_window_height = height;
  window = new_play_window ();
}

static G_GNUC_UNUSED void
play_test_finish (void)
{
  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  ui_test_cleanup ();
}
