/* test-match.c — PtMatch through Lost Cities: rounds, totals, shared wins
 * and who starts the next round
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "lost-cities-test-util.h"

static int
first_player_of (PtGame *game)
{
  return pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game))->first_player;
}

static void
play_round (PtGame *game,
            guint salt)
{
  for (guint i = 0; !pt_game_get_is_over (game); i++)
    {
      /* Lively but short: mostly quiet turns, some plays. */
      if (i % 3 == 0)
        lc_test_play_nth (game, i * 7 + salt);
      else
        lc_test_play_quiet (game);
    }
}

static int
expected_starter (PtMatch *match,
                  PtNextStarter policy,
                  int previous_first)
{
  int a = pt_match_get_total (match, 0), b = pt_match_get_total (match, 1);

  if (policy == PT_NEXT_STARTER_ALTERNATE || a == b)
    return 1 - previous_first;
  if (policy == PT_NEXT_STARTER_LOSER)
    return a < b ? 0 : 1;
  return a > b ? 0 : 1;
}

/* Returns how many times the policy (not the tie fallback) chose. */
static guint
run_match (PtNextStarter policy,
           guint64 seed)
{
  g_autoptr(PtMatch) match = pt_match_new ("lost-cities", lc_test_players, NULL, 3, policy, seed);
  g_autoptr(GError) error = NULL;
  int totals[2] = { 0, 0 };
  int previous_first = -1;
  guint winners = 0, decided = 0;

  g_assert_cmpuint (pt_match_get_n_rounds (match), ==, 3);
  for (guint r = 0; r < 3; r++)
    {
      PtGame *game;
      int scores[2];

      g_assert_false (pt_match_get_is_over (match));
      if (r > 0)
        {
          g_assert_cmpint ((int) pt_match_get_next_starter (match), ==,
                           expected_starter (match, policy, previous_first));
          decided += pt_match_get_total (match, 0) != pt_match_get_total (match, 1);
        }
      game = pt_match_start_round (match, &error);
      g_assert_no_error (error);
      g_assert_true (pt_match_get_current_game (match) == game);
      if (r > 0)
        g_assert_cmpint (first_player_of (game), ==, expected_starter (match, policy, previous_first));

      /* Unfinished rounds are refused, and so is a second start. */
      g_assert_false (pt_match_add_round (match, game, &error));
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE);
      g_clear_error (&error);
      g_assert_null (pt_match_start_round (match, &error));
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE);
      g_clear_error (&error);

      play_round (game, r);
      pt_game_get_scores (game, scores);
      previous_first = first_player_of (game);
      g_assert_true (pt_match_add_round (match, game, &error));
      g_assert_no_error (error);
      g_assert_null (pt_match_get_current_game (match));
      for (guint p = 0; p < 2; p++)
        {
          totals[p] += scores[p];
          g_assert_cmpint (pt_match_get_round_score (match, r, p), ==, scores[p]);
          g_assert_cmpint (pt_match_get_total (match, p), ==, totals[p]);
        }
    }
  g_assert_true (pt_match_get_is_over (match));
  g_assert_null (pt_match_start_round (match, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER);

  for (guint p = 0; p < 2; p++)
    if (totals[p] == MAX (totals[0], totals[1]))
      winners |= 1u << p;
  g_assert_cmpuint (pt_match_get_winners (match), ==, winners);
  return decided;
}

static void
test_alternate (void)
{
  run_match (PT_NEXT_STARTER_ALTERNATE, 1);
  run_match (PT_NEXT_STARTER_ALTERNATE, 2);
}

static void
test_loser (void)
{
  guint decided = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    decided += run_match (PT_NEXT_STARTER_LOSER, seed);
  g_assert_cmpuint (decided, >, 0);
}

static void
test_leader (void)
{
  guint decided = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    decided += run_match (PT_NEXT_STARTER_LEADER, seed);
  g_assert_cmpuint (decided, >, 0);
}

static void
test_shared_win (void)
{
  g_autoptr(PtMatch) match = pt_match_new ("lost-cities", lc_test_players, NULL, 1,
                                            PT_NEXT_STARTER_ALTERNATE, 3);
  g_autoptr(PtGame) replayed = lc_test_dealt_game (44);
  g_autoptr(PtGame) extra = lc_test_dealt_game (45);
  g_autoptr(GError) error = NULL;

  /* A round played elsewhere (replayed from a record) counts the same. */
  while (!pt_game_get_is_over (replayed))
    lc_test_play_quiet (replayed);
  g_assert_cmpuint (pt_match_get_winners (match), ==, 0);
  g_assert_true (pt_match_add_round (match, replayed, &error));
  g_assert_no_error (error);
  g_assert_true (pt_match_get_is_over (match));
  g_assert_cmpint (pt_match_get_total (match, 0), ==, 0);
  g_assert_cmpint (pt_match_get_total (match, 1), ==, 0);
  g_assert_cmpuint (pt_match_get_winners (match), ==, 3);

  while (!pt_game_get_is_over (extra))
    lc_test_play_quiet (extra);
  g_assert_false (pt_match_add_round (match, extra, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER);
}

static void
test_to_json (void)
{
  g_autoptr(JsonNode) options = json_from_string ("{\"colors\": 6}", NULL);
  g_autoptr(PtMatch) match = pt_match_new ("lost-cities", lc_test_players, json_node_get_object (options),
                                            2, PT_NEXT_STARTER_LOSER, 77);
  g_autoptr(JsonNode) json = NULL;
  PtGame *game;
  JsonObject *object, *round;

  game = pt_match_start_round (match, NULL);
  g_assert_nonnull (game);
  g_assert_cmpuint (pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game))->options.n_colors, ==, 6);
  play_round (game, 5);
  g_assert_true (pt_match_add_round (match, game, NULL));

  json = pt_match_to_json (match);
  object = json_node_get_object (json);
  g_assert_cmpstr (json_object_get_string_member (object, "game"), ==, "lost-cities");
  g_assert_cmpint (json_object_get_int_member (object, "rounds_total"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (object, "next_starter"), ==, "loser");
  g_assert_cmpint (json_object_get_int_member (object, "seed"), ==, 77);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "rounds")), ==, 1);
  round = json_array_get_object_element (json_object_get_array_member (object, "rounds"), 0);
  g_assert_true (json_object_has_member (round, "record"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "winners")), ==, 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "totals"), 0), ==,
                   pt_match_get_total (match, 0));
}

static void
test_next_starter_names (void)
{
  PtNextStarter policy;

  for (PtNextStarter p = PT_NEXT_STARTER_ALTERNATE; p <= PT_NEXT_STARTER_LEADER; p++)
    {
      g_assert_true (pt_next_starter_from_string (pt_next_starter_to_string (p), &policy));
      g_assert_cmpint (policy, ==, p);
    }
  g_assert_false (pt_next_starter_from_string ("winner", &policy));
  g_assert_false (pt_next_starter_from_string (NULL, &policy));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/match/alternate", test_alternate);
  g_test_add_func ("/rules/match/loser", test_loser);
  g_test_add_func ("/rules/match/leader", test_leader);
  g_test_add_func ("/rules/match/shared-win", test_shared_win);
  g_test_add_func ("/rules/match/to-json", test_to_json);
  g_test_add_func ("/rules/match/next-starter-names", test_next_starter_names);
  return g_test_run ();
}
