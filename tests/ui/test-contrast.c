/* test-contrast.c — every colour the boards draw stands out from what it
 * is drawn on, in the light and the dark style: 3:1 for game elements,
 * 4.5:1 for text (the shared table in src/ui/play/pt-board-colours.c and
 * each game's, PtGameUi.colours). No display needed.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>

#include "pt-board-colours.h"
#include "pt-game-ui.h"

/* The colours of @table that fall short; each one is said. */
static guint
check_table (const PtBoardColourInfo *table,
             guint n)
{
  guint failures = 0;

  for (guint i = 0; i < n; i++)
    {
      const PtBoardColourInfo *c = &table[i];
      double light = pt_board_colour_contrast (&c->light, &c->on_light);
      double dark = pt_board_colour_contrast (&c->dark, &c->on_dark);

      g_assert_nonnull (c->id);
      g_test_message ("%-18s light %5.2f:1  dark %5.2f:1  (needs %.1f:1)", c->id, light, dark, c->min_ratio);
      if (light < c->min_ratio || dark < c->min_ratio)
        {
          g_printerr ("%s: %.2f:1 light, %.2f:1 dark, needs %.1f:1\n", c->id, light, dark, c->min_ratio);
          failures++;
        }
    }
  return failures;
}

/* The shared table and every game's. */
static void
test_ratios (void)
{
  guint failures = check_table (pt_board_colours, PT_N_BOARD_COLOURS);

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];

      g_assert_true (ui->colours != NULL || ui->n_colours == 0);
      g_test_message ("%s: %u colours", ui->game_id, ui->n_colours);
      failures += check_table (ui->colours, ui->n_colours);
    }
  g_assert_cmpuint (failures, ==, 0);
}

/* The formula itself: black on white is 21:1, a colour on itself 1:1. */
static void
test_formula (void)
{
  PtRgba black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 }, grey = { 0.463, 0.463, 0.463, 1 };

  g_assert_cmpfloat_with_epsilon (pt_board_colour_contrast (&black, &white), 21.0, 0.01);
  g_assert_cmpfloat_with_epsilon (pt_board_colour_contrast (&white, &white), 1.0, 0.001);
  /* #767676 on white: the well-known 4.54:1. */
  g_assert_cmpfloat_with_epsilon (pt_board_colour_contrast (&grey, &white), 4.54, 0.02);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/contrast/formula", test_formula);
  g_test_add_func ("/ui/contrast/board-colours", test_ratios);
  return g_test_run ();
}
