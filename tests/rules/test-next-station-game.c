/* test-next-station-game.c — Next Station as a PtGame: deals, turns, records
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-rules.h"
#include "pt-next-station-game.h"
#include "pt-next-station-score.h"

#define GAME_ID "next-station-london"

static const char *const names[] = { "Ana", "Beto", "Carla", "Dani", NULL };

static const char *const *
players_of (guint n)
{
  static const char *lists[5][5];

  for (guint i = 0; i < n; i++)
    lists[n][i] = names[i];
  lists[n][n] = NULL;
  return lists[n];
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonNode) node = pt_json_parse (text, NULL);

  g_assert_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

static PtGame *
deal (guint n, const char *options_text, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) options = options_text ? parse_object (options_text) : NULL;
  PtGame *game = pt_rules_new_dealt_game (GAME_ID, players_of (n), options, -1, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
test_deal (void)
{
  g_autoptr(PtGame) a = deal (3, "{\"objectives\": true, \"powers\": true}", 42);
  g_autoptr(PtGame) b = deal (3, "{\"objectives\": true, \"powers\": true}", 42);
  g_autofree char *ra = pt_game_to_record_string (a, FALSE);
  g_autofree char *rb = pt_game_to_record_string (b, FALSE);
  const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (a));
  g_autoptr(JsonNode) record = pt_game_to_record (a);
  JsonObject *options = json_object_get_object_member (json_node_get_object (record), "options");
  JsonArray *objectives = json_object_get_array_member (options, "objectives");
  guint powers = 0;

  g_assert_cmpstr (ra, ==, rb);
  g_assert_cmpuint (json_array_get_length (objectives), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (objectives, 0), !=,
                   json_array_get_string_element (objectives, 1));
  g_assert_cmpuint (__builtin_popcount (state->objectives), ==, 2);
  g_assert_true (json_object_get_boolean_member (options, "powers"));
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    powers |= 1u << state->powers[c];
  g_assert_cmpuint (powers, ==, 0x1e);
  /* Everyone draws each colour once, and no two players share one in a round. */
  for (guint p = 0; p < 3; p++)
    {
      guint colours = 0;

      for (guint r = 0; r < PT_NS_ROUNDS; r++)
        {
          colours |= 1u << state->colour_order[p][r];
          for (guint q = 0; q < p; q++)
            g_assert_cmpuint (state->colour_order[p][r], !=, state->colour_order[q][r]);
        }
      g_assert_cmpuint (colours, ==, 0xf);
    }
}

static void
test_deal_options (void)
{
  static const struct
  {
    guint n;
    const char *options;
    const char *message;
  } bad[] = {
    { 2, "{\"colors\": 6}", "no option “colors”" },
    { 2, "{\"colour_order\": [\"pink\", \"green\", \"blue\", \"purple\"]}", "Only a solo player" },
    { 1, "{\"colour_order\": [\"pink\", \"green\", \"blue\", \"pink\"]}", "appears twice" },
    { 1, "{\"objectives\": [\"thames_7\"]}", "Unknown objective “thames_7”" },
    { 1, "{\"powers\": 1}", "The pencil powers must be on or off" },
    { 2, "{\"players\": 3}", "does not match" },
  };
  g_autoptr(PtGame) solo = deal (1, "{\"colour_order\": [\"pink\", \"green\", \"blue\", \"purple\"],"
                                     " \"players\": 1}",
                                  7);
  const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (solo));

  g_assert_cmpuint (state->colour_order[0][0], ==, PT_LINE_PINK);
  g_assert_cmpuint (state->colour_order[0][3], ==, PT_LINE_PURPLE);
  g_assert_cmpuint (state->objectives, ==, 0);
  g_assert_false (state->powers_on);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) options = parse_object (bad[i].options);
      g_autoptr(PtGame) game = pt_rules_new_dealt_game (GAME_ID, players_of (bad[i].n), options,
                                                         -1, 1, &error);

      g_assert_null (game);
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("“%s” does not say “%s”", error->message, bad[i].message);
    }
}

static void
test_simultaneous_turns (void)
{
  g_autoptr(PtGame) game = deal (2, NULL, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) legal = NULL;
  g_autoptr(JsonNode) other = NULL;
  g_autoptr(JsonNode) pass = pt_json_parse ("{\"pass\": true}", NULL);
  const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));

  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
  g_assert_cmpuint (state->turn, ==, 1);
  g_assert_false (pt_game_request_move (game, 1, pass, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  /* Every seat may act on the flipped card: seat 1's actions are listed
   * before seat 0 has acted (they are still applied in seat order). */
  legal = pt_game_list_legal_moves (game, 0);
  other = pt_game_list_legal_moves (game, 1);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (other)), >, 1);
  g_assert_true (json_node_equal (json_array_get_element (json_node_get_array (other), 0), pass));
  g_assert_true (json_node_equal (json_array_get_element (json_node_get_array (legal), 0), pass));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (legal)), >, 1);
  g_assert_true (pt_game_request_move (game, 0, json_array_get_element (json_node_get_array (legal), 1),
                                       &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1);
  g_assert_cmpuint (state->turn, ==, 1);
  /* Seat 0 has acted: it lists nothing more on this card, seat 1 does. */
  g_clear_pointer (&legal, json_node_unref);
  legal = pt_game_list_legal_moves (game, 0);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (legal)), ==, 0);
  g_clear_pointer (&other, json_node_unref);
  other = pt_game_list_legal_moves (game, 1);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (other)), >, 1);
  g_assert_true (pt_game_request_move (game, 1, pass, &error));
  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
  g_assert_true (state->turn == 2 || state->round == 1);

  /* Undo rebuilds the position of the last action. */
  g_assert_true (pt_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1);
  g_assert_cmpuint (state->turn, ==, 1);
}

static void
test_json_actions (void)
{
  static const struct
  {
    const char *json;
    int code;
    const char *message;
  } bad[] = {
    { "{\"pass\": false}", PT_RULES_ERROR_MALFORMED_MOVE, "A pass must be marked true" },
    { "{\"from\": [3, 2]}", PT_RULES_ERROR_MALFORMED_MOVE, "needs the station it starts from" },
    { "{\"from\": [3, 2], \"to\": [3, 0]}", PT_RULES_ERROR_ILLEGAL_MOVE, "no station at column 4, row 1" },
    { "{\"from\": [3, 2], \"to\": [3, 10]}", PT_RULES_ERROR_ILLEGAL_MOVE, "off the map" },
    { "{\"from\": [3, 2], \"to\": [\"3\", 1]}", PT_RULES_ERROR_MALFORMED_MOVE, "must be a point" },
    { "{\"pass\": true, \"go\": 1}", PT_RULES_ERROR_MALFORMED_MOVE, "Unknown member “go”" },
    { "{\"pass\": true, \"power\": \"fly\"}", PT_RULES_ERROR_MALFORMED_MOVE, "Unknown pencil power" },
    { "{\"pass\": true, \"power\": \"circle\"}", PT_RULES_ERROR_MALFORMED_MOVE, "A circled station goes with" },
    { "[]", PT_RULES_ERROR_MALFORMED_MOVE, "must be a JSON object" },
  };
  const PtStationMap *map = pt_station_map_get_london ();

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonNode) node = pt_json_parse (bad[i].json, NULL);
      g_autoptr(GError) error = NULL;
      PtNextStationAction action;

      g_assert_false (pt_next_station_action_from_json (map, node, &action, &error));
      g_assert_error (error, PT_RULES_ERROR, bad[i].code);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("“%s” does not say “%s”", error->message, bad[i].message);
    }
}

/* Independent of the map's conflict table: mark every section's interior
 * half-points on a grid; two sections of one sheet may never share one. */
static void
assert_sheet_valid (const PtNextStationState *state,
                    guint player)
{
  const PtStationMap *map = state->map;
  const PtNextStationPlayer *sheet = &state->players[player];
  guint8 used[19][19] = { {
      0,
  } };
  guint n_drawn = 0;

  for (guint s = 0; s < map->n_sections; s++)
    {
      const PtSection *section = &map->sections[s];
      int ax = map->stations[section->a].x, ay = map->stations[section->a].y;
      int bx = map->stations[section->b].x, by = map->stations[section->b].y;
      int sx = (bx > ax) - (bx < ax), sy = (by > ay) - (by < ay);
      int steps = 2 * MAX (ABS (bx - ax), ABS (by - ay));
      guint owners = 0;

      for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
        owners += pt_section_set_has (&sheet->line_sections[c], s);
      g_assert_cmpuint (owners, <=, 1);
      g_assert_cmpuint (owners, ==, pt_section_set_has (&sheet->drawn, s));
      if (owners == 0)
        continue;
      n_drawn++;
      for (int k = 1; k < steps; k++)
        {
          int x = 2 * ax + k * sx, y = 2 * ay + k * sy;

          g_assert_cmpuint (used[y][x], ==, 0);
          used[y][x] = 1;
        }
    }
  /* Each line is a tree: one section fewer than its stations. */
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    if (sheet->line_stations[c] != 0)
      g_assert_cmpuint (pt_section_set_count (&sheet->line_sections[c]) + 1, ==,
                        (guint) __builtin_popcountll (sheet->line_stations[c]));
  g_assert_cmpuint (pt_section_set_count (&sheet->drawn), ==, n_drawn);
}

/* A random action, sometimes with a power. */
static void
random_action (const PtNextStationState *state,
               guint player,
               PtRng *rng,
               PtNextStationAction *action)
{
  if (pt_next_station_state_power_available (state, player) && pt_rng_below (rng, 3) == 0)
    {
      g_autoptr(GArray) actions = pt_next_station_state_list_actions (state, player);

      *action = g_array_index (actions, PtNextStationAction, pt_rng_below (rng, actions->len));
    }
  else
    pt_next_station_state_random_action (state, player, rng, action);
}

/* Plays a game on the typed state (every action fully checked first);
 * with @through_json, through PtGame and JSON moves instead, then the
 * record must load back to the same game. */
static void
play_random_game (guint n_players,
                  guint64 seed,
                  gboolean through_json)
{
  const char *options = (seed % 4 == 0) ? "{\"objectives\": true, \"powers\": true}" : (seed % 4 == 1) ? "{\"powers\": true}"
                                                                                   : (seed % 4 == 2)   ? "{\"objectives\": true}"
                                                                                                       : NULL;
  g_autoptr(PtGame) game = deal (n_players, options, seed);
  PtNextStationState typed = *pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));
  const PtNextStationState *state = through_json ? pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game)) : &typed;
  g_autoptr(PtGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;
  int scores[4], loaded_scores[4];
  PtRng rng;

  pt_rng_init (&rng, seed * 7919 + n_players);
  while (!state->over)
    {
      int player = pt_next_station_state_current_player (state);
      PtNextStationAction action;
      g_autoptr(JsonNode) move = NULL;

      g_assert_cmpint (player, >=, 0);
      random_action (state, player, &rng, &action);
      if (!through_json)
        {
          if (!pt_next_station_state_apply (&typed, player, &action, &error))
            g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
          continue;
        }
      move = pt_next_station_action_to_json (state->map, &action);
      if (!pt_game_request_move (game, player, move, &error))
        g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
    }
  for (guint p = 0; p < n_players; p++)
    assert_sheet_valid (state, p);
  if (!through_json)
    return;

  text = pt_game_to_record_string (game, FALSE);
  loaded = pt_rules_load_record_string (text, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pt_game_get_is_over (loaded));
  again = pt_game_to_record_string (loaded, FALSE);
  g_assert_cmpstr (text, ==, again);
  pt_game_get_scores (game, scores);
  pt_game_get_scores (loaded, loaded_scores);
  g_assert_cmpmem (scores, n_players * sizeof (int), loaded_scores, n_players * sizeof (int));
  g_assert_cmpuint (pt_game_get_winners (game), ==, pt_game_get_winners (loaded));
  g_assert_cmpuint (pt_game_get_winners (game), !=, 0);
}

/* 5,000 games; one in ten also goes through JSON moves and a record round
 * trip (the JSON layer costs far more than the rules). */
static void
test_random_games (void)
{
  for (guint i = 0; i < 5000; i++)
    play_random_game (1 + i % 4, 1000 + i, (i / 4) % 10 == 0);
}

static void
test_legal_moves_agree (void)
{
  g_autoptr(PtGame) game = deal (1, "{\"powers\": true}", 99);
  PtRng rng;

  pt_rng_init (&rng, 5);
  while (!pt_game_get_is_over (game))
    {
      g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, 0);
      JsonArray *moves = json_node_get_array (legal);
      g_autoptr(GError) error = NULL;

      /* Every listed action passes the full check, and is distinct. */
      for (guint i = 0; i < json_array_get_length (moves); i++)
        {
          PtNextStationAction action;
          const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));

          g_assert_true (pt_next_station_action_from_json (state->map, json_array_get_element (moves, i),
                                                           &action, &error));
          g_assert_true (pt_next_station_state_check (state, 0, &action, &error));
          g_assert_no_error (error);
          if (i > 0)
            g_assert_false (json_node_equal (json_array_get_element (moves, i),
                                             json_array_get_element (moves, i - 1)));
        }
      g_assert_true (pt_game_request_move (game, 0, json_array_get_element (moves, pt_rng_below (&rng, json_array_get_length (moves))),
                                           &error));
      g_assert_no_error (error);
    }
}

static char *
record_with_moves (const char *moves)
{
  g_autoptr(PtGame) game = deal (2, NULL, 11);
  g_autoptr(JsonNode) record = pt_game_to_record (game);
  g_autoptr(JsonNode) parsed = pt_json_parse (moves, NULL);

  json_object_set_member (json_node_get_object (record), "moves", g_steal_pointer (&parsed));
  return json_to_string (record, FALSE);
}

static void
test_record_errors (void)
{
  g_autoptr(PtGame) game = deal (2, NULL, 11);
  const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));
  g_autoptr(GError) error = NULL;
  g_autofree char *partial = NULL, *mid = NULL, *too_long = NULL, *illegal = NULL, *bad_deck = NULL;
  g_autoptr(PtGame) loaded = NULL;
  g_autoptr(PtGame) failed = NULL;
  g_autofree char *text = NULL;
  int move = 0, player = 0;

  /* A game saved mid-turn ends with a shorter array and loads back. */
  partial = record_with_moves ("[[{\"pass\": true}, {\"pass\": true}], [{\"pass\": true}]]");
  loaded = pt_rules_load_record_string (partial, &move, &player, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_game_get_current_player (loaded), ==, 1);
  text = pt_game_to_record_string (loaded, FALSE);
  g_assert_cmpstr (text, ==, partial);

  /* … but not in the middle of the moves: the short turn is the error,
   * at its own index, naming the first seat that did not act. */
  mid = record_with_moves ("[[{\"pass\": true}], [{\"pass\": true}]]");
  failed = pt_rules_load_record_string (mid, &move, &player, &error);
  g_assert_null (failed);
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE);
  g_assert_cmpint (move, ==, 0);
  g_assert_cmpint (player, ==, 1);
  g_assert_nonnull (strstr (error->message, "Round 1, turn 1, Beto: "));
  g_assert_nonnull (strstr (error->message, "one action per player (2), not 1"));
  g_clear_error (&error);

  too_long = record_with_moves ("[[{\"pass\": true}, {\"pass\": true}, {\"pass\": true}]]");
  g_assert_null (pt_rules_load_record_string (too_long, &move, &player, &error));
  g_assert_cmpint (move, ==, 0);
  g_clear_error (&error);

  /* An illegal section names the turn, the player and the reason. */
  illegal = record_with_moves ("[[{\"pass\": true}, {\"from\": [0, 0], \"to\": [1, 0]}]]");
  g_assert_null (pt_rules_load_record_string (illegal, &move, &player, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE);
  g_assert_cmpint (move, ==, 0);
  g_assert_cmpint (player, ==, 1);
  g_assert_nonnull (strstr (error->message, "Round 1, turn 1, Beto: "));
  g_clear_error (&error);

  /* A bad deck is a setup error. */
  bad_deck = g_strdup (partial);
  g_assert_nonnull (strstr (bad_deck, "\"U:joker\""));
  memcpy (strstr (bad_deck, "\"U:joker\""), "\"U:jokes\"", 9);
  g_assert_null (pt_rules_load_record_string (bad_deck, &move, &player, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP);
  g_assert_cmpint (move, ==, -1);
  g_assert_nonnull (strstr (error->message, "unknown card “U:jokes”"));
  (void) state;
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/next-station/game/deal", test_deal);
  g_test_add_func ("/rules/next-station/game/deal-options", test_deal_options);
  g_test_add_func ("/rules/next-station/game/simultaneous-turns", test_simultaneous_turns);
  g_test_add_func ("/rules/next-station/game/json-actions", test_json_actions);
  g_test_add_func ("/rules/next-station/game/legal-moves-agree", test_legal_moves_agree);
  g_test_add_func ("/rules/next-station/record/errors", test_record_errors);
  g_test_add_func ("/rules/next-station/record/random-games", test_random_games);
  return g_test_run ();
}
