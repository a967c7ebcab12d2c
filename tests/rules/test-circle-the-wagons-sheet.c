/* test-circle-the-wagons-sheet.c — the companion score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-rules.h"
#include "pt-wagons-score.h"
#include "pt-wagons-town.h"

static JsonNode *
score (const char *text, GError **error)
{
  g_autoptr(JsonNode) sheet = pt_json_parse (text, NULL);

  g_assert_nonnull (sheet);
  return pt_rules_score_sheet (sheet, error);
}

static JsonObject *
player (JsonNode *result, guint p)
{
  return json_array_get_object_element (json_object_get_array_member (json_node_get_object (result), "players"), p);
}

static gint64
bonus_of (JsonNode *result, guint p, const char *id)
{
  return json_object_get_int_member (json_object_get_object_member (player (result, p), "bonus"), id);
}

#define GROUPS_20 "\"groups\": {\"desert\": 4, \"forest\": 1, \"mountains\": 6, \"plains\": 5, \"snow\": 1, \"water\": 3}"
#define GROUPS_15 "\"groups\": {\"desert\": 1, \"forest\": 4, \"mountains\": 1, \"plains\": 2, \"snow\": 4, \"water\": 3}"

/* Counts by hand: the rulebook's 20 and the seed's 15 before bonuses;
 * Claim Jumpers 3 Mines to 2, but Beto has more Guns: 4 and 5. */
static void
test_counts (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = score (
      "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"claim_jumpers\", \"fortified\"],"
      " \"players\": ["
      "  {\"name\": \"Ana\", \"cards\": 7, " GROUPS_20 ", \"mines\": 3, \"guns\": 2,"
      "   \"bonus\": {\"happy_cows\": {\"cows\": 3}, \"fortified\": {\"points\": 7}}},"
      "  {\"name\": \"Beto\", \"cards\": 8, " GROUPS_15 ", \"mines\": 2, \"guns\": 5,"
      "   \"bonus\": {\"happy_cows\": {\"points\": 4}, \"fortified\": {\"blocks\": 0}}}]}",
      &error);
  JsonArray *winners;

  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (player (result, 0), "groups_total"), ==, 20);
  g_assert_cmpint (json_object_get_int_member (player (result, 1), "groups_total"), ==, 15);
  g_assert_cmpint (bonus_of (result, 0, "happy_cows"), ==, 6);
  g_assert_cmpint (bonus_of (result, 0, "claim_jumpers"), ==, 4);
  g_assert_cmpint (bonus_of (result, 1, "claim_jumpers"), ==, 5);
  g_assert_cmpint (bonus_of (result, 0, "fortified"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (player (result, 0), "total"), ==, 20 + 6 + 4 + 7);
  g_assert_cmpint (json_object_get_int_member (player (result, 1), "total"), ==, 15 + 4 + 5 + 0);
  g_assert_cmpstr (json_object_get_string_member (player (result, 1), "name"), ==, "Beto");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (player (result, 0), "lines")), ==, 9);
  winners = json_object_get_array_member (json_node_get_object (result), "winners");
  g_assert_cmpuint (json_array_get_length (winners), ==, 1);
  g_assert_cmpint (json_array_get_int_element (winners, 0), ==, 0);
}

/* Equal totals: fewer cards wins; equal cards would be impossible (15). */
static void
test_counts_tie_break (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = score (
      "{\"game\": \"circle-the-wagons\", \"bonus\": [\"smalltown_charm\", \"one_too_many\", \"wagon_train\"],"
      " \"players\": ["
      "  {\"cards\": 9, " GROUPS_20 ", \"territories\": 30, \"beer\": 2, \"bonus\": {\"wagon_train\": {\"runs\": [2]}}},"
      "  {\"cards\": 6, " GROUPS_15 ", \"territories\": 22, \"beer\": 3, \"bonus\": {\"wagon_train\": {\"runs\": [3, 2]}}}]}",
      &error);
  JsonArray *winners;

  /* Ana: 20 + 0 + 0 + 1 = 21. Beto: 15 + 8 − 2 + 3 = 24. */
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (player (result, 0), "total"), ==, 21);
  g_assert_cmpint (json_object_get_int_member (player (result, 1), "total"), ==, 24);
  g_clear_pointer (&result, json_node_unref);

  result = score (
      "{\"game\": \"circle-the-wagons\", \"bonus\": [\"smalltown_charm\", \"one_too_many\", \"wagon_train\"],"
      " \"players\": ["
      "  {\"cards\": 9, " GROUPS_20 ", \"territories\": 30, \"beer\": 2, \"bonus\": {\"wagon_train\": {\"points\": 4}}},"
      "  {\"cards\": 6, " GROUPS_15 ", \"territories\": 22, \"beer\": 3, \"bonus\": {\"wagon_train\": {\"points\": 3}}}]}",
      &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (player (result, 0), "total"), ==, 24);
  g_assert_cmpint (json_object_get_int_member (player (result, 1), "total"), ==, 24);
  winners = json_object_get_array_member (json_node_get_object (result), "winners");
  g_assert_cmpuint (json_array_get_length (winners), ==, 1);
  g_assert_cmpint (json_array_get_int_element (winners, 0), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (result), "tie_break"), ==, "cards");
}

/* A painted town scores exactly like the same town built from cards. */
static void
test_painted_matches_cards (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;
  PtWagonsTown town;
  PtWagonsTally tally;
  JsonObject *groups;

  /* A1 at (0,0), A6 at (2,0): P/cow P/fort F/beer F/wagon / P/mine F/beer P/gun F/cow. */
  result = score (
      "{\"game\": \"circle-the-wagons\", \"bonus\": [\"the_herd\", \"claim_jumpers\", \"bootleggers\"],"
      " \"players\": ["
      "  {\"cards\": 2, \"cells\": ["
      "    {\"x\": 0, \"y\": 0, \"terrain\": \"plains\", \"symbol\": \"cow\"},"
      "    {\"x\": 1, \"y\": 0, \"terrain\": \"plains\", \"symbol\": \"fort\"},"
      "    {\"x\": 0, \"y\": 1, \"terrain\": \"plains\", \"symbol\": \"mine\"},"
      "    {\"x\": 1, \"y\": 1, \"terrain\": \"forest\", \"symbol\": \"beer\"},"
      "    {\"x\": 2, \"y\": 0, \"terrain\": \"forest\", \"symbol\": \"beer\"},"
      "    {\"x\": 3, \"y\": 0, \"terrain\": \"forest\", \"symbol\": \"wagon\"},"
      "    {\"x\": 2, \"y\": 1, \"terrain\": \"plains\", \"symbol\": \"gun\"},"
      "    {\"x\": 3, \"y\": 1, \"terrain\": \"forest\", \"symbol\": \"cow\"}]},"
      "  {\"cards\": 13, " GROUPS_15 ", \"mines\": 0, \"guns\": 4,"
      "   \"bonus\": {\"the_herd\": {\"cows\": 2}, \"bootleggers\": {\"beer_next_to_wagon\": 1, \"other_beer\": 3}}}]}",
      &error);
  g_assert_no_error (error);

  pt_wagons_town_init (&town);
  pt_wagons_town_place (&town, pt_wagons_card_from_id ("A1"), 0, 0, FALSE);
  pt_wagons_town_place (&town, pt_wagons_card_from_id ("A6"), 2, 0, FALSE);
  pt_wagons_tally_town (&town, G_MAXUINT32, &tally);
  groups = json_object_get_object_member (player (result, 0), "groups");
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    g_assert_cmpint (json_object_get_int_member (groups, pt_wagons_terrain_id (t)), ==, tally.groups[t]);
  g_assert_cmpint (tally.groups[PT_WAGONS_FOREST], ==, 3);
  g_assert_cmpint (bonus_of (result, 0, "the_herd"), ==, tally.bonus[PT_WAGONS_THE_HERD]);
  g_assert_cmpint (bonus_of (result, 0, "bootleggers"), ==, tally.bonus[PT_WAGONS_BOOTLEGGERS]);
  /* Beers (1,1) and (2,0): (2,0) is next to the Wagon: 2 − 1. */
  g_assert_cmpint (bonus_of (result, 0, "bootleggers"), ==, 1);
  g_assert_cmpint (bonus_of (result, 1, "bootleggers"), ==, 2 - 3);
  /* Mines 1 to 0; Beto has more Guns (4 to 1). */
  g_assert_cmpint (bonus_of (result, 0, "claim_jumpers"), ==, 4);
  g_assert_cmpint (bonus_of (result, 1, "claim_jumpers"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (player (result, 0), "counts"),
                                               "territories"),
                   ==, 8);
}

#define BONUS3 "\"bonus\": [\"happy_cows\", \"claim_jumpers\", \"fortified\"]"
#define ANA_OK "{\"cards\": 7, " GROUPS_20 ", \"mines\": 3, \"guns\": 2, " \
               "\"bonus\": {\"happy_cows\": {\"cows\": 3}, \"fortified\": {\"points\": 7}}}"
#define CELL(x, y, t, s) "{\"x\": " #x ", \"y\": " #y ", \"terrain\": \"" t "\", \"symbol\": \"" s "\"}"
#define SQUARE(t, s)     CELL (0, 0, t, s) ", " CELL (1, 0, t, s) ", " CELL (0, 1, t, s) ", " CELL (1, 1, t, s)

static void
test_refused (void)
{
  static const struct
  {
    const char *sheet;
    const char *reason;
  } cases[] = {
    { "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"claim_jumpers\"], \"players\": []}", "three bonus" },
    { "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"happy_cows\", \"fortified\"], \"players\": []}", "only once" },
    { "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"A2\", \"fortified\"], \"players\": []}", "“A2” is not a bonus card" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK "]}", "exactly 2 players" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"round\": 1, \"players\": [" ANA_OK ", " ANA_OK "]}", "round" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", " ANA_OK "]}", "14 cards together" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 0}]}", "at least one card" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 15}]}", "“cards” is 15" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"name\": \"Beto\", \"cards\": 8, "
      "\"groups\": {\"desert\": 4, \"forest\": 1, \"mountains\": 6, \"plains\": 5, \"snow\": 1}, \"mines\": 1, \"guns\": 1, "
      "\"bonus\": {\"happy_cows\": {\"cows\": 3}, \"fortified\": {\"points\": 7}}}]}",
      "Beto: “water”" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"guns\": 1, "
      "\"bonus\": {\"happy_cows\": {\"cows\": 3}, \"fortified\": {\"points\": 7}}}]}",
      "Player 2: “mines”" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"mines\": 1, "
      "\"guns\": 1, \"beer\": 2, \"bonus\": {\"happy_cows\": {\"cows\": 3}, \"fortified\": {\"points\": 7}}}]}",
      "“beer” is not needed" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"mines\": 10, "
      "\"guns\": 1, \"bonus\": {\"happy_cows\": {\"cows\": 3}, \"fortified\": {\"points\": 7}}}]}",
      "13 Mine symbols together" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"mines\": 1, "
      "\"guns\": 1, \"bonus\": {\"happy_cows\": {\"points\": 3}, \"fortified\": {\"points\": 7}}}]}",
      "A score of 3 is impossible for Happy Cows" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"mines\": 1, "
      "\"guns\": 1, \"bonus\": {\"happy_cows\": {\"cows\": 13}, \"fortified\": {\"points\": 7}}}]}",
      "“cows” is 13" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"mines\": 1, "
      "\"guns\": 1, \"bonus\": {\"happy_cows\": {\"cows\": 1}}}]}",
      "Fortified needs" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, " GROUPS_15 ", \"mines\": 1, "
      "\"guns\": 1, \"bonus\": {\"happy_cows\": {\"cows\": 1}, \"fortified\": {\"blocks\": 1}, \"the_herd\": {\"cows\": 1}}}]}",
      "“the_herd”" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 1, " GROUPS_15 ", \"mines\": 1, "
      "\"guns\": 1, \"bonus\": {\"happy_cows\": {\"cows\": 1}, \"fortified\": {\"blocks\": 1}}}]}",
      "1 card cannot show territory groups that add up to 15" },
    { "{\"game\": \"circle-the-wagons\", \"bonus\": [\"wagon_train\", \"claim_jumpers\", \"fortified\"], \"players\": ["
      "{\"cards\": 7, " GROUPS_20 ", \"mines\": 3, \"guns\": 2, \"bonus\": {\"wagon_train\": {\"runs\": [1]}, \"fortified\": {\"blocks\": 0}}},"
      "{\"cards\": 8, " GROUPS_15 ", \"mines\": 3, \"guns\": 2, \"bonus\": {\"wagon_train\": {\"runs\": []}, \"fortified\": {\"blocks\": 0}}}]}",
      "2 to 12 Wagons" },
    /* Painted towns. */
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" SQUARE ("snow", "beer") "]}]}", "No card has a Snow territory with a Beer" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" SQUARE ("desert", "gun") "]}]}", "4 Desert territories with a Gun, but the cards have only 1" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" CELL (0, 0, "water", "gun") ", " CELL (0, 0, "water", "gun") ", " CELL (1, 0, "water", "gun") ", " CELL (1, 1, "water", "gun") "]}]}", "(0, 0) is painted twice" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" CELL (0, 0, "water", "gun") ", " CELL (1, 0, "water", "gun") ", " CELL (0, 1, "water", "gun") ", " CELL (5, 5, "water", "fort") "]}]}", "cannot be part of a whole card" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" SQUARE ("water", "fort") ", " CELL (3, 0, "water", "mine") ", " CELL (4, 0, "water", "mine") ", " CELL (3, 1, "water", "mine") ", " CELL (4, 1, "plains", "beer") "]}]}", "not all connected" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" CELL (0, 0, "lava", "gun") "]}]}", "4 to 32 territories, not 1" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"cells\": [" CELL (0, 0, "lava", "gun") ", " CELL (0, 0, "lava", "gun") ", " CELL (0, 0, "lava", "gun") ", " CELL (0, 0, "lava", "gun") "]}]}", "known terrain" },
    { "{\"game\": \"circle-the-wagons\", " BONUS3 ", \"players\": [" ANA_OK ", {\"cards\": 8, \"groups\": {}, \"cells\": []}]}",
      "“groups” does not belong" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) result = score (cases[i].sheet, &error);

      g_assert_null (result);
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET);
      if (strstr (error->message, cases[i].reason) == NULL)
        g_error ("sheet %u refused with “%s”, expected “%s”", i, error->message, cases[i].reason);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/circle-the-wagons/sheet/counts", test_counts);
  g_test_add_func ("/rules/circle-the-wagons/sheet/counts-tie-break", test_counts_tie_break);
  g_test_add_func ("/rules/circle-the-wagons/sheet/painted-matches-cards", test_painted_matches_cards);
  g_test_add_func ("/rules/circle-the-wagons/sheet/refused", test_refused);
  return g_test_run ();
}
