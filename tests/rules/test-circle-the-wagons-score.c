/* test-circle-the-wagons-score.c — groups, the 18 bonus cards, tie-break
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected value is counted by hand from the drawn town (see
 * wagons-test-util.h for the drawing).
 */
#include "pt-wagons-score.h"
#include "wagons-test-util.h"

static int
bonus (const PtWagonsTown *town, PtWagonsBonus b)
{
  return pt_wagons_bonus_town (town, b);
}

static int
groups_total (const PtWagonsTown *town)
{
  PtWagonsTally tally;
  int total = 0;

  pt_wagons_tally_town (town, 0, &tally);
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    total += tally.groups[t];
  return total;
}

/* Rulebook: desert 4, forest 1, mountains 6, plains 5, snow 1, water 3. */
static void
test_rulebook_example (void)
{
  PtWagonsTown town;
  PtWagonsTally tally;

  WAGONS_TOWN (&town,
               "Dc Dc Mc Mc Mc",
               "Dc Dc Mc Mc Mc",
               "Pc Pc Pc Fc Sc",
               "Pc Pc Wc Wc Wc",
               "Dc Mc .. .. ..");
  pt_wagons_tally_town (&town, 0, &tally);
  g_assert_cmpint (tally.groups[PT_WAGONS_DESERT], ==, 4); /* (0,4) is apart */
  g_assert_cmpint (tally.groups[PT_WAGONS_FOREST], ==, 1);
  g_assert_cmpint (tally.groups[PT_WAGONS_MOUNTAINS], ==, 6); /* (1,4) is apart */
  g_assert_cmpint (tally.groups[PT_WAGONS_PLAINS], ==, 5);
  g_assert_cmpint (tally.groups[PT_WAGONS_SNOW], ==, 1);
  g_assert_cmpint (tally.groups[PT_WAGONS_WATER], ==, 3);
  g_assert_cmpint (groups_total (&town), ==, 20);
  g_assert_cmpint (tally.territories, ==, 22);
}

/* Seed text: 1 + 4 + 1 + 2 + 4 + 3 = 15. */
static void
test_seed_example (void)
{
  PtWagonsTown town;

  WAGONS_TOWN (&town,
               "Ff Ff Sm Sm",
               "Ff Ff Sm Sm",
               "Dc Mc Pc Pc",
               "Wc Wc Wc Dc");
  g_assert_cmpint (groups_total (&town), ==, 15);
}

/* Diagonal cells are not a group. */
static void
test_groups_by_edge (void)
{
  PtWagonsTown town;

  WAGONS_TOWN (&town,
               "Wc Dc Wc",
               "Dc Wc Dc",
               "Wc Dc Wc");
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_WATER), ==, 1);
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_DESERT), ==, 1);
  g_assert_cmpint (pt_wagons_largest_group (&town, PT_WAGONS_SNOW), ==, 0);
}

static void
test_badlands (void)
{
  PtWagonsTown town;

  /* (1,0): Desert left and right. (1,1), a Plains Gun: Desert above and
   * below (its own terrain does not matter). (1,3): both axes, once.
   * (3,0): Desert left and below, not opposite: nothing. */
  WAGONS_TOWN (&town,
               "Db Dg Db Mg",
               "Pc Pg Pc Dc",
               "Fc Dm Fc ..",
               "Dc Dg Dc ..",
               "Pc Db Pc ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_BADLANDS), ==, 3 * 4);

  WAGONS_TOWN (&town, "Dg");
  g_assert_cmpint (bonus (&town, PT_WAGONS_BADLANDS), ==, 0);
}

static void
test_happy_cows (void)
{
  PtWagonsTown town;

  /* Happy: (0,0) and (2,2). (1,0) is next to Snow, (2,0) on Snow, (0,1)
   * and (1,2) next to Snow. */
  WAGONS_TOWN (&town,
               "Pc Pc Sc",
               "Fc Pb Pb",
               "Sb Pc Wc");
  g_assert_cmpint (bonus (&town, PT_WAGONS_HAPPY_COWS), ==, 4);
}

static void
test_the_clearing (void)
{
  PtWagonsTown town;

  WAGONS_TOWN (&town,
               "Ff Ff Pf",
               "Fc Fb Fg");
  g_assert_cmpint (bonus (&town, PT_WAGONS_THE_CLEARING), ==, 3 * 2 - 5);
  WAGONS_TOWN (&town, "Fc Fc", "Fc Fc"); /* may go negative */
  g_assert_cmpint (bonus (&town, PT_WAGONS_THE_CLEARING), ==, -4);
}

static void
test_circle_the_wagons (void)
{
  PtWagonsTown town;

  /* Two ringed territories sharing the Wagon between them. */
  WAGONS_TOWN (&town,
               ".. Dw .. Dw ..",
               "Dw Pc Dw Pc Dw",
               ".. Dw .. Dw ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_CIRCLE_THE_WAGONS), ==, 12);

  /* The centre must be occupied. */
  WAGONS_TOWN (&town,
               ".. Dw ..",
               "Dw .. Dw",
               ".. Dw ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_CIRCLE_THE_WAGONS), ==, 0);

  /* Three Wagons are not enough; a Wagon centre counts like any other. */
  WAGONS_TOWN (&town,
               ".. Dw .. Dw",
               "Dw Pw Dw Db",
               ".. Dw .. ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_CIRCLE_THE_WAGONS), ==, 6);
}

static void
test_gold_country (void)
{
  PtWagonsTown town;

  /* (0,0) on Mountains; (1,0) and (0,1) next to it; (2,0), (1,1) not. */
  WAGONS_TOWN (&town,
               "Mm Pm Pm",
               "Fm Dm ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_GOLD_COUNTRY), ==, 6);
}

static void
test_prairie_life (void)
{
  PtWagonsTown town;

  /* Cows 2 + Plains 3 = 5, halved down: 2. */
  WAGONS_TOWN (&town,
               "Pc Pb Fc",
               "Pm .. ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_PRAIRIE_LIFE), ==, 2);
  WAGONS_TOWN (&town, "Pc"); /* one Cow on Plains: 2 / 2 */
  g_assert_cmpint (bonus (&town, PT_WAGONS_PRAIRIE_LIFE), ==, 1);
}

static void
test_cool_water (void)
{
  PtWagonsTown town;

  /* Two Water groups of 3. The top one: a Wagon on it (2,0), one beside
   * it (3,0) and (1,1), which also touches the bottom one: 3, the better. */
  WAGONS_TOWN (&town,
               "Wf Wf Ww Dw ..",
               ".. Dw .. .. ..",
               "Wb Wb Wb Pw ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_COOL_WATER), ==, 9);

  /* A larger group of 4 with one Wagon wins over the better smaller one. */
  WAGONS_TOWN (&town,
               "Wf Wf Ww Dw ..",
               ".. Dw .. .. ..",
               "Wb Wb Wb Pw ..",
               ".. .. .. .. ..",
               "Wc Wc Wc Wc Dw");
  g_assert_cmpint (bonus (&town, PT_WAGONS_COOL_WATER), ==, 3);

  WAGONS_TOWN (&town, "Dw Dw"); /* no Water */
  g_assert_cmpint (bonus (&town, PT_WAGONS_COOL_WATER), ==, 0);
}

static void
test_boom_or_bust (void)
{
  static const int expected[] = { 0, 5, 10, 0, 0, 0, 0, 21, 64, 72, 80, 88, 96 };
  PtWagonsTown town;

  for (guint n = 0; n < G_N_ELEMENTS (expected); n++)
    g_assert_cmpint (pt_wagons_boom_or_bust ((int) n), ==, expected[n]);
  WAGONS_TOWN (&town, "Dm Dm Dm Dm Dm Dm Dm Dc");
  g_assert_cmpint (bonus (&town, PT_WAGONS_BOOM_OR_BUST), ==, 21);
  WAGONS_TOWN (&town, "Dc");
  g_assert_cmpint (bonus (&town, PT_WAGONS_BOOM_OR_BUST), ==, 0);
}

static void
test_wagon_train (void)
{
  PtWagonsTown town;

  /* Row 0: a run of 3 (2). Column 0: a run of 3 (2), crossing it. Row 2:
   * a run of 2 (1). (3,2) alone: nothing. */
  WAGONS_TOWN (&town,
               "Dw Dw Dw ..",
               "Dw .. .. ..",
               "Dw Dw .. Dw");
  g_assert_cmpint (bonus (&town, PT_WAGONS_WAGON_TRAIN), ==, 5);

  WAGONS_TOWN (&town, "Dw Dw Dw Dw Dw Dw Dw"); /* 7: 10, once */
  g_assert_cmpint (bonus (&town, PT_WAGONS_WAGON_TRAIN), ==, 10);
  WAGONS_TOWN (&town, "Dw Dw Dw Dw Dw Db Dw Dw Dw Dw"); /* 5 and 4 */
  g_assert_cmpint (bonus (&town, PT_WAGONS_WAGON_TRAIN), ==, 7 + 4);
  WAGONS_TOWN (&town, "Dw Dw Dw Dw Dw Dw .. Dw"); /* 6, and a single */
  g_assert_cmpint (bonus (&town, PT_WAGONS_WAGON_TRAIN), ==, 10);
  WAGONS_TOWN (&town, "Dw", "Dw", "Dw", "Dw");
  g_assert_cmpint (bonus (&town, PT_WAGONS_WAGON_TRAIN), ==, 4);
}

static void
test_bootleggers (void)
{
  PtWagonsTown town;

  /* (0,0) and (2,0) beside the Wagon: +2 each; (0,1) alone: −1. */
  WAGONS_TOWN (&town,
               "Db Dw Db",
               "Db .. ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_BOOTLEGGERS), ==, 3);
  WAGONS_TOWN (&town, "Db Dc Db");
  g_assert_cmpint (bonus (&town, PT_WAGONS_BOOTLEGGERS), ==, -2);
}

static void
test_undiscovered (void)
{
  PtWagonsTown town;

  WAGONS_TOWN (&town,
               "Dc Dc Dc",
               "Dc .. Dc",
               "Dc Dc Dc");
  g_assert_cmpint (bonus (&town, PT_WAGONS_UNDISCOVERED), ==, 5);
  /* A missing corner: not all 8 surrounding cells hold territories. */
  WAGONS_TOWN (&town,
               "Dc Dc Dc",
               "Dc .. Dc",
               "Dc Dc ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_UNDISCOVERED), ==, 0);
  /* Two holes side by side see each other as empty: nothing. */
  WAGONS_TOWN (&town,
               "Dc Dc Dc Dc",
               "Dc .. .. Dc",
               "Dc Dc Dc Dc");
  g_assert_cmpint (bonus (&town, PT_WAGONS_UNDISCOVERED), ==, 0);
}

static void
test_fortified (void)
{
  PtWagonsTown town;

  WAGONS_TOWN (&town, "Df Df Df", "Df Df Df"); /* two overlapping */
  g_assert_cmpint (bonus (&town, PT_WAGONS_FORTIFIED), ==, 14);
  WAGONS_TOWN (&town, "Df Df Df", "Df Df Df", "Df Df Df");
  g_assert_cmpint (bonus (&town, PT_WAGONS_FORTIFIED), ==, 28);
  WAGONS_TOWN (&town, "Df Df", "Df Dc");
  g_assert_cmpint (bonus (&town, PT_WAGONS_FORTIFIED), ==, 0);
}

static void
test_rifles_ready (void)
{
  PtWagonsTown town;

  WAGONS_TOWN (&town,
               "Df Dg Df",
               ".. Df ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_RIFLES_READY), ==, 6);
  WAGONS_TOWN (&town, "Dg Df Dg"); /* one Fort, two Guns: counted once */
  g_assert_cmpint (bonus (&town, PT_WAGONS_RIFLES_READY), ==, 2);
}

static void
test_target_practice (void)
{
  PtWagonsTown town;

  /* Nearest Gun at distance 4: the empty cell counts toward the distance
   * but scores nothing; (1,0) and (3,0) score. */
  WAGONS_TOWN (&town, "Db Pc .. Dc Dg");
  g_assert_cmpint (bonus (&town, PT_WAGONS_TARGET_PRACTICE), ==, 2);
  /* The nearer Gun (left, distance 2) counts, not the better right one. */
  WAGONS_TOWN (&town, "Dg Pc Db Fc Fc Dg");
  g_assert_cmpint (bonus (&town, PT_WAGONS_TARGET_PRACTICE), ==, 1);
  /* Equal distance: the higher count. */
  WAGONS_TOWN (&town, "Dg Pc Db .. Dg");
  g_assert_cmpint (bonus (&town, PT_WAGONS_TARGET_PRACTICE), ==, 1);
  /* An adjacent Gun is the nearest: 0. No Gun in line: 0. */
  WAGONS_TOWN (&town,
               "Db Dg Pc Pc Pc Dg",
               "Pc .. .. .. .. ..",
               "Pc Db .. .. .. ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_TARGET_PRACTICE), ==, 0);
  /* Columns too: between (0,0) and the Gun at (0,3): two territories. */
  WAGONS_TOWN (&town, "Db", "Pc", "Fc", "Dg");
  g_assert_cmpint (bonus (&town, PT_WAGONS_TARGET_PRACTICE), ==, 2);
}

static void
test_the_herd (void)
{
  PtWagonsTown town;

  /* (0,0) (1,0) (1,1) (2,1), any terrain: 4; (0,2) touches only a corner. */
  WAGONS_TOWN (&town,
               "Dc Pc ..",
               ".. Sc Fc",
               "Wc .. ..");
  g_assert_cmpint (bonus (&town, PT_WAGONS_THE_HERD), ==, 8);
  WAGONS_TOWN (&town, "Db");
  g_assert_cmpint (bonus (&town, PT_WAGONS_THE_HERD), ==, 0);
}

static void
tallies_with (PtWagonsTally tallies[2],
              int territories0,
              int territories1,
              int mines0,
              int mines1,
              int guns0,
              int guns1,
              int beer0,
              int beer1)
{
  memset (tallies, 0, 2 * sizeof (PtWagonsTally));
  tallies[0].territories = territories0;
  tallies[1].territories = territories1;
  tallies[0].symbols[PT_WAGONS_MINE] = mines0;
  tallies[1].symbols[PT_WAGONS_MINE] = mines1;
  tallies[0].symbols[PT_WAGONS_GUN] = guns0;
  tallies[1].symbols[PT_WAGONS_GUN] = guns1;
  tallies[0].symbols[PT_WAGONS_BEER] = beer0;
  tallies[1].symbols[PT_WAGONS_BEER] = beer1;
}

static void
test_smalltown_charm (void)
{
  PtWagonsTally tallies[2];
  int points[2];

  tallies_with (tallies, 20, 26, 0, 0, 0, 0, 0, 0);
  pt_wagons_interactive (PT_WAGONS_SMALLTOWN_CHARM, tallies, points);
  g_assert_cmpint (points[0], ==, 6);
  g_assert_cmpint (points[1], ==, 0);
  tallies_with (tallies, 30, 21, 0, 0, 0, 0, 0, 0);
  pt_wagons_interactive (PT_WAGONS_SMALLTOWN_CHARM, tallies, points);
  g_assert_cmpint (points[0], ==, 0);
  g_assert_cmpint (points[1], ==, 9);
  tallies_with (tallies, 24, 24, 0, 0, 0, 0, 0, 0);
  pt_wagons_interactive (PT_WAGONS_SMALLTOWN_CHARM, tallies, points);
  g_assert_cmpint (points[0], ==, 0);
  g_assert_cmpint (points[1], ==, 0);
}

static void
test_claim_jumpers (void)
{
  PtWagonsTally tallies[2];
  int points[2];

  tallies_with (tallies, 0, 0, 5, 3, 2, 4, 0, 0); /* more Guns jump the claim */
  pt_wagons_interactive (PT_WAGONS_CLAIM_JUMPERS, tallies, points);
  g_assert_cmpint (points[0], ==, 4);
  g_assert_cmpint (points[1], ==, 5);
  tallies_with (tallies, 0, 0, 5, 3, 4, 4, 0, 0); /* tied Guns: all 9 */
  pt_wagons_interactive (PT_WAGONS_CLAIM_JUMPERS, tallies, points);
  g_assert_cmpint (points[0], ==, 9);
  g_assert_cmpint (points[1], ==, 0);
  tallies_with (tallies, 0, 0, 1, 6, 0, 2, 0, 0);
  pt_wagons_interactive (PT_WAGONS_CLAIM_JUMPERS, tallies, points);
  g_assert_cmpint (points[0], ==, 0);
  g_assert_cmpint (points[1], ==, 9);
  tallies_with (tallies, 0, 0, 3, 3, 0, 5, 0, 0); /* tied Mines: nobody, Guns or not */
  pt_wagons_interactive (PT_WAGONS_CLAIM_JUMPERS, tallies, points);
  g_assert_cmpint (points[0], ==, 0);
  g_assert_cmpint (points[1], ==, 0);
  tallies_with (tallies, 0, 0, 0, 0, 0, 0, 0, 0);
  pt_wagons_interactive (PT_WAGONS_CLAIM_JUMPERS, tallies, points);
  g_assert_cmpint (points[0] + points[1], ==, 0);
}

static void
test_one_too_many (void)
{
  PtWagonsTally tallies[2];
  int points[2];

  tallies_with (tallies, 0, 0, 0, 0, 0, 0, 5, 3);
  pt_wagons_interactive (PT_WAGONS_ONE_TOO_MANY, tallies, points);
  g_assert_cmpint (points[0], ==, -3);
  g_assert_cmpint (points[1], ==, 0);
  tallies_with (tallies, 0, 0, 0, 0, 0, 0, 0, 4);
  pt_wagons_interactive (PT_WAGONS_ONE_TOO_MANY, tallies, points);
  g_assert_cmpint (points[0], ==, 0);
  g_assert_cmpint (points[1], ==, 0); /* loses 1 per Beer of an opponent with none */
  tallies_with (tallies, 0, 0, 0, 0, 0, 0, 4, 4);
  pt_wagons_interactive (PT_WAGONS_ONE_TOO_MANY, tallies, points);
  g_assert_cmpint (points[0], ==, 0);
  g_assert_cmpint (points[1], ==, 0);
}

/* Totals, and the tie-break: fewer cards wins; still tied: shared. */
static void
test_totals_and_tie_break (void)
{
  const PtWagonsBonus kinds[3] = { PT_WAGONS_THE_HERD, PT_WAGONS_SMALLTOWN_CHARM, PT_WAGONS_FORTIFIED };
  PtWagonsTally tallies[2];
  PtWagonsScore score;

  memset (tallies, 0, sizeof tallies);
  tallies[0].groups[PT_WAGONS_DESERT] = 4;
  tallies[0].groups[PT_WAGONS_WATER] = 3;
  tallies[0].bonus[PT_WAGONS_THE_HERD] = 4;
  tallies[0].territories = 20;
  tallies[0].cards = 7;
  tallies[1].groups[PT_WAGONS_SNOW] = 5;
  tallies[1].bonus[PT_WAGONS_FORTIFIED] = 7;
  tallies[1].territories = 23;
  tallies[1].cards = 8;
  pt_wagons_score (kinds, tallies, &score);
  g_assert_cmpint (score.groups_total[0], ==, 7);
  g_assert_cmpint (score.bonus_points[0][0], ==, 4);
  g_assert_cmpint (score.bonus_points[0][1], ==, 3);
  g_assert_cmpint (score.bonus_points[1][2], ==, 7);
  g_assert_cmpint (score.total[0], ==, 14);
  g_assert_cmpint (score.total[1], ==, 12);
  g_assert_cmpuint (score.winners, ==, 1);

  tallies[1].groups[PT_WAGONS_SNOW] = 7; /* 14 all: player 0 has fewer cards */
  pt_wagons_score (kinds, tallies, &score);
  g_assert_cmpint (score.total[1], ==, 14);
  g_assert_cmpuint (score.winners, ==, 1);
  tallies[0].cards = 9;
  pt_wagons_score (kinds, tallies, &score);
  g_assert_cmpuint (score.winners, ==, 2);
  tallies[0].cards = 8;
  pt_wagons_score (kinds, tallies, &score);
  g_assert_cmpuint (score.winners, ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/circle-the-wagons/score/rulebook-example", test_rulebook_example);
  g_test_add_func ("/rules/circle-the-wagons/score/seed-example", test_seed_example);
  g_test_add_func ("/rules/circle-the-wagons/score/groups-by-edge", test_groups_by_edge);
  g_test_add_func ("/rules/circle-the-wagons/score/badlands", test_badlands);
  g_test_add_func ("/rules/circle-the-wagons/score/happy-cows", test_happy_cows);
  g_test_add_func ("/rules/circle-the-wagons/score/the-clearing", test_the_clearing);
  g_test_add_func ("/rules/circle-the-wagons/score/circle-the-wagons", test_circle_the_wagons);
  g_test_add_func ("/rules/circle-the-wagons/score/smalltown-charm", test_smalltown_charm);
  g_test_add_func ("/rules/circle-the-wagons/score/gold-country", test_gold_country);
  g_test_add_func ("/rules/circle-the-wagons/score/prairie-life", test_prairie_life);
  g_test_add_func ("/rules/circle-the-wagons/score/cool-water", test_cool_water);
  g_test_add_func ("/rules/circle-the-wagons/score/claim-jumpers", test_claim_jumpers);
  g_test_add_func ("/rules/circle-the-wagons/score/boom-or-bust", test_boom_or_bust);
  g_test_add_func ("/rules/circle-the-wagons/score/wagon-train", test_wagon_train);
  g_test_add_func ("/rules/circle-the-wagons/score/one-too-many", test_one_too_many);
  g_test_add_func ("/rules/circle-the-wagons/score/bootleggers", test_bootleggers);
  g_test_add_func ("/rules/circle-the-wagons/score/undiscovered", test_undiscovered);
  g_test_add_func ("/rules/circle-the-wagons/score/fortified", test_fortified);
  g_test_add_func ("/rules/circle-the-wagons/score/rifles-ready", test_rifles_ready);
  g_test_add_func ("/rules/circle-the-wagons/score/target-practice", test_target_practice);
  g_test_add_func ("/rules/circle-the-wagons/score/the-herd", test_the_herd);
  g_test_add_func ("/rules/circle-the-wagons/score/totals-and-tie-break", test_totals_and_tie_break);
  return g_test_run ();
}
