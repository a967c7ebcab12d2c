/* test-a11y.c — every board can be played without seeing it: each
 * station, town cell, card and pile is in the accessibility tree with a
 * role and a name; icon buttons and drop-downs are named; no name is a GTK
 * type or keeps a mnemonic underscore; the boards' keys work from
 * anywhere in the game view; screenshots at 360 px and with Large Text.
 *
 * Two ways to run:
 *  - as a GTest (the default): walks the GtkAccessible tree in-process.
 *    GTK 4.8 has no getter for an accessible name, so a widget's name is
 *    checked where the code keeps it (PtBoardSpot), and elsewhere that a
 *    label is set at all (gtk_test_accessible_has_property ()).
 *  - with --serve: shows each board in turn for test-a11y-atspi.py, which
 *    reads the real names and roles over AT-SPI (a session bus, at-spi2),
 *    as a screen reader does. It prints "ready GAME" and waits for a line
 *    on its standard input before the next board.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <sys/select.h>

#include "play-test-util.h"
#include "pt-board-spot.h"
#include "pt-lost-cities-board.h"
#include "pt-lost-cities-pile.h"
#include "pt-next-station-board.h"
#include "pt-next-station-game.h"
#include "pt-wagons-board.h"
#include "pt-wagons-town-view.h"

static void
play_human_turn (PtGameView *view)
{
  PtGame *game = pt_game_view_get_game (view);
  int player = pt_game_get_current_player (game);
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, player);
  g_autoptr(JsonNode) move = json_node_copy (json_array_get_element (json_node_get_array (legal), 0));

  g_assert_true (pt_game_request_move (game, player, move, NULL));
}

static PtGameView *
start_game (const char *game_id,
            const char *seed)
{
  PtGameSetupView *setup = get_setup ();

  pt_game_setup_view_set_game_id (setup, game_id);
  pt_game_setup_view_set_n_players (setup, 2);
  pt_game_setup_view_set_seat (setup, 0, "Ana", -1);
  pt_game_setup_view_set_seat (setup, 1, "Computer", 1);
  return start_with_seed (seed);
}

typedef struct
{
  guint n_spots;
  guint n_stations; /* spots that are buttons (Next Station) */
  guint n_cells;    /* spots that are images (town cells) */
  guint n_buttons;
  guint n_piles;
} Walk;

static const char *const gtk_type_names[] = {
  "GtkImage",
  "GtkMenuButton",
  "GtkDropDown",
  "GtkButton",
  "GtkToggleButton",
  "GtkWidget",
  "GtkDrawingArea",
  "GtkBox",
  NULL,
};

static void
check_name (GtkWidget *widget,
            const char *name)
{
  g_assert_nonnull (name);
  if (name[0] == '\0')
    g_error ("%s %p has an empty name", G_OBJECT_TYPE_NAME (widget), widget);
  for (guint i = 0; gtk_type_names[i] != NULL; i++)
    if (strstr (name, gtk_type_names[i]) != NULL)
      g_error ("“%s” names a GTK type", name);
  /* A mnemonic underscore: "_Start" (names of people may hold one, not these). */
  if (strchr (name, '_') != NULL)
    g_error ("“%s” keeps a mnemonic underscore", name);
}

static void
walk (GtkWidget *widget,
      Walk *w)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  if (!gtk_widget_get_visible (widget))
    return;
  if (PT_IS_BOARD_SPOT (widget))
    {
      check_name (widget, pt_board_spot_get_name (PT_BOARD_SPOT (widget)));
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           pt_board_spot_get_name (PT_BOARD_SPOT (widget)));
      g_assert_true (role == GTK_ACCESSIBLE_ROLE_BUTTON || role == GTK_ACCESSIBLE_ROLE_IMG);
      w->n_spots++;
      if (role == GTK_ACCESSIBLE_ROLE_BUTTON)
        w->n_stations++;
      else
        w->n_cells++;
    }
  else if (GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget))
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (widget));
      gboolean named = gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);

      /* An icon or a drawing inside: the name must be set; a text button
       * is named by its text, without the mnemonic. */
      if (label == NULL && !named)
        g_error ("a button without text or name: %s in %s (tooltip “%s”)", G_OBJECT_TYPE_NAME (widget),
                 G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), gtk_widget_get_tooltip_text (widget));
      /* GTK 4.8 would name it "_Start Start": the label property is left
       * unset (pt-accessible.c), the name is the text inside. */
      if (label != NULL && gtk_button_get_use_underline (GTK_BUTTON (widget)) && strchr (label, '_') != NULL)
        g_assert_false (named);
      g_assert_cmpint (role, ==, GTK_ACCESSIBLE_ROLE_BUTTON);
      w->n_buttons++;
    }
  else if (GTK_IS_MENU_BUTTON (widget) || GTK_IS_DROP_DOWN (widget))
    {
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_error ("an unnamed %s", G_OBJECT_TYPE_NAME (widget));
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_BUTTON (child))
          g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL));
      return;
    }
  else if (PT_IS_LOST_CITIES_PILE (widget))
    {
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL));
      g_assert_cmpint (role, ==, GTK_ACCESSIBLE_ROLE_IMG);
      w->n_piles++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, w);
}

/* The board's keys from the game view: the focus on a header button, the
 * shortcut the view forwards to the board. GTK 4.8 cannot make key events
 * in-process, so the view's shortcut for @accelerator is looked up and
 * activated, as GTK does when the key reaches the view. */
static gboolean
activate_view_key (PtGameView *view,
                   const char *accelerator)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accelerator);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                 GTK_WIDGET (view), NULL);
        }
    }
  return FALSE;
}

static void
screenshots (const char *name)
{
  g_autofree char *narrow = g_strdup_printf ("%s-360", name);
  g_autofree char *large = g_strdup_printf ("%s-large-text", name);
  g_autofree char *large_narrow = g_strdup_printf ("%s-large-text-360", name);
  g_autofree char *dark = g_strdup_printf ("%s-360-dark", name);
  GtkSettings *settings = gtk_settings_get_default ();
  int dpi;

  g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  settle (300);
  save_screenshot (window, narrow);
  /* The page fits: the window did not have to grow. */
  g_assert_cmpint (gtk_widget_get_width (window), <=, 360);
  set_dark (TRUE);
  save_screenshot (window, dark);
  set_dark (FALSE);

  /* Large Text: GNOME's text scaling factor 1.25. */
  g_object_set (settings, "gtk-xft-dpi", 120 * 1024, NULL);
  settle (50);
  save_screenshot (window, large_narrow);
  g_assert_cmpint (gtk_widget_get_width (window), <=, 360);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_width (window) > 900);
  settle (50);
  save_screenshot (window, large);
  g_object_set (settings, "gtk-xft-dpi", dpi, NULL);
  settle (50);
}

static void
test_next_station (void)
{
  PtGameView *view = start_game ("next-station-london", "7");
  GtkWidget *board = pt_game_view_get_board (view);
  PtGame *game = pt_game_view_get_game (view);
  Walk w = { 0 };
  guint n;

  wait_for_frame (board);
  walk (GTK_WIDGET (view), &w);
  /* Every station of London, and nothing else, is a button spot. */
  g_assert_cmpuint (w.n_stations, ==, 53);
  g_assert_cmpuint (w.n_stations, ==,
                    pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game))->map->n_stations);

  /* P passes from the header, once the focus has left the map (Escape
   * first, as in the report). */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (find_by_name (GTK_WIDGET (view), "rules-button"))));
  g_assert_true (activate_view_key (view, "Escape"));
  n = pt_game_get_n_moves (game);
  g_assert_true (activate_view_key (view, "p"));
  WAIT_UNTIL (pt_game_get_n_moves (game) > n);
  screenshots ("a11y-next-station");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

static void
test_circle_the_wagons (void)
{
  PtGameView *view = start_game ("circle-the-wagons", "11");
  PtGame *game = pt_game_view_get_game (view);
  GtkWidget *board = pt_game_view_get_board (view);
  Walk w = { 0 };
  guint n_cells = 0;

  play_until (view, 6);
  WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
  wait_for_frame (board);
  walk (GTK_WIDGET (view), &w);
  {
    g_autoptr(JsonNode) state = pt_game_get_view (game, 0);
    JsonArray *towns = json_object_get_array_member (json_node_get_object (state), "towns");

    for (guint p = 0; p < json_array_get_length (towns); p++)
      n_cells += json_array_get_length (json_object_get_array_member (json_array_get_object_element (towns, p),
                                                                      "cells"));
  }
  /* Every visible territory of both towns is a named image. */
  g_assert_cmpuint (n_cells, >, 0);
  g_assert_cmpuint (w.n_cells, ==, n_cells);
  g_assert_cmpuint (w.n_buttons, >, 3);
  screenshots ("a11y-circle-the-wagons");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

static void
test_lost_cities (void)
{
  PtGameView *view = start_game ("lost-cities", "5");
  GtkWidget *board = pt_game_view_get_board (view);
  PtGame *game = pt_game_view_get_game (view);
  Walk w = { 0 };
  guint n;

  play_until (view, 6);
  WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
  wait_for_frame (board);
  walk (GTK_WIDGET (view), &w);
  /* The hand (8), both rows of expeditions and the discard piles (5 × 3),
   * the deck. */
  g_assert_cmpuint (w.n_piles, >=, 8 + 15 + 1);

  /* 1 chooses the first card, D discards it, N draws from the deck: from
   * the game view, wherever the focus is. */
  n = pt_game_get_n_moves (game);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (find_by_name (GTK_WIDGET (view), "rules-button"))));
  g_assert_true (activate_view_key (view, "1"));
  g_assert_true (activate_view_key (view, "d"));
  g_assert_true (activate_view_key (view, "n"));
  WAIT_UNTIL (pt_game_get_n_moves (game) > n);
  WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
  screenshots ("a11y-lost-cities");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL));
}

/* --serve: one board after another for the AT-SPI walker. */
static int
serve (void)
{
  static const struct
  {
    const char *id;
    const char *seed;
    guint moves;
  } games[] = {
    { "next-station-london", "7", 0 },
    { "circle-the-wagons", "11", 6 },
    { "lost-cities", "5", 6 },
  };
  char line[64];

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      PtGameView *view = start_game (games[i].id, games[i].seed);

      play_until (view, games[i].moves);
      WAIT_UNTIL_MS (!pt_game_view_get_thinking (view), 20000);
      wait_for_frame (pt_game_view_get_board (view));
      settle (200);
      printf ("ready %s\n", games[i].id);
      fflush (stdout);
      /* The walker reads the tree while the main loop runs. */
      while (TRUE)
        {
          fd_set set;
          struct timeval timeout = { 0, 10000 };

          FD_ZERO (&set);
          FD_SET (0, &set);
          if (select (1, &set, NULL, NULL, &timeout) > 0)
            break;
          g_main_context_iteration (NULL, FALSE);
        }
      if (fgets (line, sizeof line, stdin) == NULL)
        break;
      gtk_widget_activate_action (GTK_WIDGET (view), "game.leave", NULL);
      settle (50);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  gboolean serving = argc > 1 && g_strcmp0 (argv[argc - 1], "--serve") == 0;
  int ret;

  if (serving)
    argc--;
  ret = play_test_init (&argc, &argv);
  if (ret != 0)
    return ret;
  play_test_open_window (1000, 760);
  if (serving)
    return serve ();

  g_test_add_func ("/ui/a11y/next-station", test_next_station);
  g_test_add_func ("/ui/a11y/circle-the-wagons", test_circle_the_wagons);
  g_test_add_func ("/ui/a11y/lost-cities", test_lost_cities);
  ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
