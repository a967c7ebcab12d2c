/* test-circle-the-wagons-cards.c — the card table
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pt-wagons-cards.h"

/* Each terrain and each symbol is on exactly 12 of the 72 quadrants. */
static void
test_balance (void)
{
  int terrains[PT_WAGONS_N_TERRAINS] = {
    0,
  };
  int symbols[PT_WAGONS_N_SYMBOLS] = {
    0,
  };

  for (guint c = 0; c < PT_WAGONS_N_CARDS; c++)
    for (guint q = 0; q < 4; q++)
      {
        PtWagonsQuadrant quadrant = pt_wagons_cards[c].quadrants[q];

        g_assert_cmpuint (quadrant.terrain, <, PT_WAGONS_N_TERRAINS);
        g_assert_cmpuint (quadrant.symbol, <, PT_WAGONS_N_SYMBOLS);
        terrains[quadrant.terrain]++;
        symbols[quadrant.symbol]++;
      }
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    g_assert_cmpint (terrains[t], ==, 12);
  for (guint s = 0; s < PT_WAGONS_N_SYMBOLS; s++)
    g_assert_cmpint (symbols[s], ==, 12);
}

/* Every bonus condition is on exactly one back. */
static void
test_backs (void)
{
  int seen[PT_WAGONS_N_BONUS_KINDS] = {
    0,
  };

  for (guint c = 0; c < PT_WAGONS_N_CARDS; c++)
    seen[pt_wagons_cards[c].bonus]++;
  for (guint b = 0; b < PT_WAGONS_N_BONUS_KINDS; b++)
    {
      g_assert_cmpint (seen[b], ==, 1);
      g_assert_cmpint (pt_wagons_bonus_from_id (pt_wagons_bonus_info[b].id), ==, (int) b);
    }
  g_assert_cmpstr (pt_wagons_cards[pt_wagons_card_from_id ("A4")].id, ==, "A4");
  g_assert_cmpint (pt_wagons_cards[pt_wagons_card_from_id ("A4")].bonus, ==, PT_WAGONS_CIRCLE_THE_WAGONS);
  g_assert_true (pt_wagons_bonus_info[PT_WAGONS_CLAIM_JUMPERS].interactive);
  g_assert_true (pt_wagons_bonus_info[PT_WAGONS_SMALLTOWN_CHARM].interactive);
  g_assert_true (pt_wagons_bonus_info[PT_WAGONS_ONE_TOO_MANY].interactive);
  g_assert_false (pt_wagons_bonus_info[PT_WAGONS_THE_HERD].interactive);
}

static void
test_ids (void)
{
  g_assert_cmpint (pt_wagons_card_from_id ("A1"), ==, 0);
  g_assert_cmpint (pt_wagons_card_from_id ("B9"), ==, 17);
  g_assert_cmpint (pt_wagons_card_from_id ("a1"), ==, -1); /* case-sensitive */
  g_assert_cmpint (pt_wagons_card_from_id ("C1"), ==, -1);
  g_assert_cmpint (pt_wagons_card_from_id (NULL), ==, -1);
  g_assert_cmpint (pt_wagons_terrain_from_id ("water"), ==, PT_WAGONS_WATER);
  g_assert_cmpint (pt_wagons_terrain_from_id ("Water"), ==, -1);
  g_assert_cmpint (pt_wagons_symbol_from_id ("gun"), ==, PT_WAGONS_GUN);
  g_assert_cmpint (pt_wagons_bonus_from_id ("badlands"), ==, PT_WAGONS_BADLANDS);
}

/* Upside down: TL↔BR, TR↔BL (A3: water/mine, water/beer, snow/wagon, water/gun). */
static void
test_rotation (void)
{
  int a3 = pt_wagons_card_from_id ("A3");
  PtWagonsQuadrant q = pt_wagons_card_quadrant (a3, TRUE, PT_WAGONS_TL);

  g_assert_cmpint (q.terrain, ==, PT_WAGONS_WATER);
  g_assert_cmpint (q.symbol, ==, PT_WAGONS_GUN);
  q = pt_wagons_card_quadrant (a3, TRUE, PT_WAGONS_TR);
  g_assert_cmpint (q.terrain, ==, PT_WAGONS_SNOW);
  g_assert_cmpint (q.symbol, ==, PT_WAGONS_WAGON);
  q = pt_wagons_card_quadrant (a3, FALSE, PT_WAGONS_TR);
  g_assert_cmpint (q.symbol, ==, PT_WAGONS_BEER);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/circle-the-wagons/cards/balance", test_balance);
  g_test_add_func ("/rules/circle-the-wagons/cards/backs", test_backs);
  g_test_add_func ("/rules/circle-the-wagons/cards/ids", test_ids);
  g_test_add_func ("/rules/circle-the-wagons/cards/rotation", test_rotation);
  return g_test_run ();
}
