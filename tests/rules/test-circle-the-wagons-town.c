/* test-circle-the-wagons-town.c — placement legality, enumeration, covering
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pt-rng.h"
#include "pt-wagons-score.h"
#include "pt-wagons-town.h"

static int
card (const char *id)
{
  int c = pt_wagons_card_from_id (id);

  g_assert_cmpint (c, >=, 0);
  return c;
}

static gboolean
occupied (const PtWagonsTown *town, int x, int y)
{
  return pt_wagons_town_get_cell (town, x, y) != 0;
}

/* The rule as the spec words it, cell by cell: cover at least one occupied
 * cell, or have a cell sharing an edge with an occupied cell outside the
 * footprint. */
static gboolean
naive_legal (const PtWagonsTown *town, int ax, int ay)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

  if (!town->has_cells)
    return ax == 0 && ay == 0;
  /* The town's capacity: a span of 60 cells, 48 placements. */
  if (MAX (town->max_x, ax + 1) - MIN (town->min_x, ax) >= PT_WAGONS_TOWN_MAX_SPAN ||
      MAX (town->max_y, ay + 1) - MIN (town->min_y, ay) >= PT_WAGONS_TOWN_MAX_SPAN ||
      town->n_placements >= PT_WAGONS_TOWN_MAX_CARDS)
    return FALSE;
  for (int dy = 0; dy < 2; dy++)
    for (int dx = 0; dx < 2; dx++)
      {
        int x = ax + dx, y = ay + dy;

        if (occupied (town, x, y))
          return TRUE;
        for (guint i = 0; i < 4; i++)
          {
            int nx = x + dirs[i][0], ny = y + dirs[i][1];
            gboolean inside = nx >= ax && nx <= ax + 1 && ny >= ay && ny <= ay + 1;

            if (!inside && occupied (town, nx, ny))
              return TRUE;
          }
      }
  return FALSE;
}

static void
test_first_card (void)
{
  PtWagonsTown town;
  PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];

  pt_wagons_town_init (&town);
  g_assert_cmpuint (pt_wagons_town_list_anchors (&town, anchors), ==, 1);
  g_assert_cmpint (anchors[0].x, ==, 0);
  g_assert_cmpint (anchors[0].y, ==, 0);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, 0), ==, PT_WAGONS_PLACE_OK);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 1, 0), ==, PT_WAGONS_PLACE_FIRST_NOT_AT_ORIGIN);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, -1), ==, PT_WAGONS_PLACE_FIRST_NOT_AT_ORIGIN);
}

static void
test_second_card (void)
{
  PtWagonsTown town;
  PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  guint n;

  pt_wagons_town_init (&town);
  pt_wagons_town_place (&town, card ("A1"), 0, 0, FALSE);

  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 2, 0), ==, PT_WAGONS_PLACE_OK);  /* side by side */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 2, 1), ==, PT_WAGONS_PLACE_OK);  /* half offset */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 1, 1), ==, PT_WAGONS_PLACE_OK);  /* covers one */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, 0), ==, PT_WAGONS_PLACE_OK);  /* covers all */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, -2), ==, PT_WAGONS_PLACE_OK); /* above */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 1, -2), ==, PT_WAGONS_PLACE_OK); /* one edge above */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 2, 2), ==, PT_WAGONS_PLACE_CORNER_ONLY);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, -2, -2), ==, PT_WAGONS_PLACE_CORNER_ONLY);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 2, -2), ==, PT_WAGONS_PLACE_CORNER_ONLY);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 3, 0), ==, PT_WAGONS_PLACE_DETACHED);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 3, 3), ==, PT_WAGONS_PLACE_DETACHED);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, G_MAXINT64, 0), ==, PT_WAGONS_PLACE_DETACHED);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, G_MININT64), ==, PT_WAGONS_PLACE_DETACHED);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 64, 0), ==, PT_WAGONS_PLACE_DETACHED); /* no torus alias */

  /* Anchors -2…2 in both directions, without the four corner-only ones. */
  n = pt_wagons_town_list_anchors (&town, anchors);
  g_assert_cmpuint (n, ==, 21);
  g_assert_cmpint (anchors[0].x, ==, -1);
  g_assert_cmpint (anchors[0].y, ==, -2);
  g_assert_cmpint (anchors[n - 1].x, ==, 1);
  g_assert_cmpint (anchors[n - 1].y, ==, 2);
}

/* Covering: the top card shows, the cards underneath are remembered. */
static void
test_covering (void)
{
  PtWagonsTown town;
  PtWagonsPlacement stack[PT_WAGONS_TOWN_MAX_CARDS];
  guint8 c;

  pt_wagons_town_init (&town);
  pt_wagons_town_place (&town, card ("A1"), 0, 0, FALSE); /* P/cow P/fort P/mine F/beer */
  pt_wagons_town_place (&town, card ("A6"), 2, 0, FALSE); /* F/beer F/wagon P/gun F/cow */
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_FOREST), ==, 3);
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_PLAINS), ==, 3);

  /* Upside down at (1, 1): F/cow P/gun on top, F/wagon F/beer below. */
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 1, 1), ==, PT_WAGONS_PLACE_OK);
  pt_wagons_town_place (&town, card ("A6"), 1, 1, TRUE);
  c = pt_wagons_town_get_cell (&town, 1, 1);
  g_assert_cmpint (pt_wagons_cell_terrain (c), ==, PT_WAGONS_FOREST);
  g_assert_cmpint (pt_wagons_cell_symbol (c), ==, PT_WAGONS_COW);
  c = pt_wagons_town_get_cell (&town, 2, 1);
  g_assert_cmpint (pt_wagons_cell_terrain (c), ==, PT_WAGONS_PLAINS);
  g_assert_cmpint (pt_wagons_cell_symbol (c), ==, PT_WAGONS_GUN);
  c = pt_wagons_town_get_cell (&town, 2, 2);
  g_assert_cmpint (pt_wagons_cell_symbol (c), ==, PT_WAGONS_BEER);
  g_assert_cmpuint (pt_wagons_town_count_cells (&town), ==, 10);

  g_assert_cmpuint (pt_wagons_town_get_stack (&town, 1, 1, stack), ==, 2);
  g_assert_cmpint (stack[0].card, ==, card ("A1"));
  g_assert_cmpint (stack[1].card, ==, card ("A6"));
  g_assert_true (stack[1].rot180);
  g_assert_cmpuint (pt_wagons_town_get_stack (&town, 2, 1, stack), ==, 2);
  g_assert_cmpuint (pt_wagons_town_get_stack (&town, 0, 0, stack), ==, 1);
  g_assert_cmpuint (pt_wagons_town_get_stack (&town, 5, 5, stack), ==, 0);

  /* Forest (1,1) (1,2) (2,2) and (2,0) (3,0) (3,1): two groups of 3. */
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_FOREST), ==, 3);
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_PLAINS), ==, 3);
}

/* Towns grown at random: the enumeration is exactly the naive rule, and
 * the check agrees with it for every anchor around the town. */
static void
test_enumeration_matches_rule (void)
{
  static PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  PtRng rng;

  pt_rng_init (&rng, 20261129);
  for (guint round = 0; round < 60; round++)
    {
      PtWagonsTown town;
      guint n_cards = 1 + round % 40;

      pt_wagons_town_init (&town);
      for (guint i = 0; i < n_cards; i++)
        {
          guint n = pt_wagons_town_list_anchors (&town, anchors), k = 0;

          g_assert_cmpuint (n, >, 0);
          /* Every listed anchor is legal, in row order, without repeats. */
          for (guint a = 0; a < n; a++)
            {
              g_assert_true (naive_legal (&town, anchors[a].x, anchors[a].y));
              if (a > 0)
                g_assert_true (anchors[a].y > anchors[a - 1].y ||
                               (anchors[a].y == anchors[a - 1].y && anchors[a].x > anchors[a - 1].x));
            }
          /* Every legal anchor is listed. */
          if (town.has_cells)
            for (int y = town.min_y - 4; y <= town.max_y + 4; y++)
              for (int x = town.min_x - 4; x <= town.max_x + 4; x++)
                {
                  gboolean legal = naive_legal (&town, x, y);
                  PtWagonsPlaceCheck check = pt_wagons_town_check_anchor (&town, x, y);

                  g_assert_cmpint (legal, ==, check == PT_WAGONS_PLACE_OK);
                  k += legal;
                }
          else
            k = 1;
          g_assert_cmpuint (k, ==, n);

          /* Spread out (touching placements) half the time, to reach
           * the widest towns the torus must hold. */
          if (pt_rng_below (&rng, 2) == 0)
            {
              guint best = 0;
              int best_w = -1;

              for (guint a = 0; a < n; a++)
                {
                  int w = MAX (ABS (anchors[a].x), ABS (anchors[a].y));
                  if (w > best_w)
                    {
                      best_w = w;
                      best = a;
                    }
                }
              pt_wagons_town_place (&town, pt_rng_below (&rng, PT_WAGONS_N_CARDS),
                                    anchors[best].x, anchors[best].y, pt_rng_below (&rng, 2));
            }
          else
            {
              guint a = pt_rng_below (&rng, n);
              pt_wagons_town_place (&town, pt_rng_below (&rng, PT_WAGONS_N_CARDS),
                                    anchors[a].x, anchors[a].y, pt_rng_below (&rng, 2));
            }
        }
      g_assert_cmpint (town.max_x - town.min_x, <, PT_WAGONS_TOWN_MAX_SPAN);
      g_assert_cmpint (town.max_y - town.min_y, <, PT_WAGONS_TOWN_MAX_SPAN);
    }
}

/* A straight line of 30 cards: the widest town (60 cells); its ends must
 * not see each other across the torus seam, and it cannot grow wider. */
static void
test_widest_town (void)
{
  static PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  PtWagonsTown town;
  guint n, k = 0;

  pt_wagons_town_init (&town);
  for (int i = 0; i < 30; i++)
    {
      g_assert_cmpint (pt_wagons_town_check_anchor (&town, 2 * i, 0), ==, PT_WAGONS_PLACE_OK);
      pt_wagons_town_place (&town, card ("B8"), 2 * i, 0, FALSE); /* D/w F/w W/f M/w */
    }
  g_assert_cmpint (town.max_x - town.min_x + 1, ==, PT_WAGONS_TOWN_MAX_SPAN);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 60, 0), ==, PT_WAGONS_PLACE_TOWN_FULL);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, -2, 0), ==, PT_WAGONS_PLACE_TOWN_FULL);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, -1, 0), ==, PT_WAGONS_PLACE_TOWN_FULL);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, 0), ==, PT_WAGONS_PLACE_OK);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 58, -2), ==, PT_WAGONS_PLACE_OK);
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 59, 1), ==, PT_WAGONS_PLACE_TOWN_FULL);
  n = pt_wagons_town_list_anchors (&town, anchors);
  for (guint a = 0; a < n; a++)
    g_assert_true (naive_legal (&town, anchors[a].x, anchors[a].y));
  for (int y = -4; y <= 5; y++)
    for (int x = -4; x <= 64; x++)
      k += naive_legal (&town, x, y);
  g_assert_cmpuint (n, ==, k);
  g_assert_cmpuint (n, ==, 59 * 5); /* x 0…58, y −2…2 */
  g_assert_false (naive_legal (&town, -3, 0));
  g_assert_cmpint (pt_wagons_town_get_cell (&town, -1, 0), ==, 0);
  g_assert_cmpint (pt_wagons_town_get_cell (&town, 60, 0), ==, 0);
  /* The top row: one run of 60 Wagons, 10 points once; each of the 30
   * forest/mountains columns: a run of 2, 1 point. */
  g_assert_cmpint (pt_wagons_bonus_town (&town, PT_WAGONS_WAGON_TRAIN), ==, 10 + 30);
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_WATER), ==, 1);
}

/* Cards pile up to the placement limit; covering keeps working until then. */
static void
test_placement_limit (void)
{
  static PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  PtWagonsTown town;

  pt_wagons_town_init (&town);
  for (int i = 0; i < PT_WAGONS_TOWN_MAX_CARDS; i++)
    {
      g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, 0), ==, PT_WAGONS_PLACE_OK);
      pt_wagons_town_place (&town, i % PT_WAGONS_N_CARDS, 0, 0, i & 1);
    }
  g_assert_cmpint (pt_wagons_town_check_anchor (&town, 0, 0), ==, PT_WAGONS_PLACE_TOWN_FULL);
  g_assert_cmpuint (pt_wagons_town_list_anchors (&town, anchors), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/circle-the-wagons/town/first-card", test_first_card);
  g_test_add_func ("/rules/circle-the-wagons/town/second-card", test_second_card);
  g_test_add_func ("/rules/circle-the-wagons/town/covering", test_covering);
  g_test_add_func ("/rules/circle-the-wagons/town/enumeration-matches-rule", test_enumeration_matches_rule);
  g_test_add_func ("/rules/circle-the-wagons/town/widest", test_widest_town);
  g_test_add_func ("/rules/circle-the-wagons/town/placement-limit", test_placement_limit);
  return g_test_run ();
}
