/* test-circle-the-wagons-game.c — the draft, illegal moves, random games
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-circle-the-wagons-game.h"
#include "pt-rules.h"
#include "pt-wagons-json.h"

static const char *const players[] = { "Ana", "Beto", NULL };

#define SETUP "{\"bonus\": [\"A2\", \"B5\", \"B8\"], "                                        \
              "\"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", " \
              "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\", \"B9\"], \"first_player\": 0}"

static PtGame *
new_game (const char *setup_json, GError **error)
{
  g_autoptr(JsonNode) setup = pt_json_parse (setup_json, NULL);

  g_assert_nonnull (setup);
  return pt_rules_new_game ("circle-the-wagons", players, NULL, json_node_get_object (setup), error);
}

static const PtWagonsState *
state_of (PtGame *game)
{
  return pt_circle_the_wagons_game_get_state (PT_CIRCLE_THE_WAGONS_GAME (game));
}

static void
move_ok (PtGame *game, guint player, const char *move)
{
  g_autoptr(GError) error = NULL;

  pt_game_request_move_string (game, player, move, &error);
  g_assert_no_error (error);
}

/* Rejected with @code, a message containing @reason, and nothing changed. */
static void
move_refused (PtGame *game, guint player, const char *move, int code, const char *reason)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = pt_game_to_record_string (game, FALSE);
  g_autofree char *after = NULL;
  PtWagonsState copy = *state_of (game);

  g_assert_false (pt_game_request_move_string (game, player, move, &error));
  g_assert_error (error, PT_RULES_ERROR, code);
  if (reason != NULL && strstr (error->message, reason) == NULL)
    g_error ("“%s” refused with “%s”, expected “%s”", move, error->message, reason);
  after = pt_game_to_record_string (game, FALSE);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (memcmp (&copy, state_of (game), sizeof copy) == 0);
}

static guint
queue_length (PtGame *game)
{
  guint8 cards[PT_WAGONS_N_CIRCLE];

  return pt_wagons_state_get_queue (state_of (game), cards);
}

static void
test_deal (void)
{
  g_autoptr(JsonObject) o1 = NULL, s1 = NULL, o2 = NULL, s2 = NULL, o3 = NULL, s3 = NULL;
  g_autoptr(JsonObject) bad = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) n1 = NULL, n2 = NULL, n3 = NULL;

  g_assert_true (pt_rules_deal ("circle-the-wagons", NULL, 2, -1, 42, &o1, &s1, NULL));
  g_assert_true (pt_rules_deal ("circle-the-wagons", NULL, 2, -1, 42, &o2, &s2, NULL));
  g_assert_true (pt_rules_deal ("circle-the-wagons", NULL, 2, -1, 43, &o3, &s3, NULL));
  n1 = pt_json_node_new_object (json_object_ref (s1));
  n2 = pt_json_node_new_object (json_object_ref (s2));
  n3 = pt_json_node_new_object (json_object_ref (s3));
  g_assert_true (json_node_equal (n1, n2));
  g_assert_false (json_node_equal (n1, n3));
  g_assert_cmpuint (json_object_get_size (o1), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s1, "bonus")), ==, 3);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s1, "circle")), ==, 15);

  json_object_set_int_member (bad, "colors", 6);
  g_assert_false (pt_rules_deal ("circle-the-wagons", bad, 2, -1, 1, &o1, &s1, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS);
  g_assert_nonnull (strstr (error->message, "colors"));
  g_clear_error (&error);
  g_assert_false (pt_rules_deal ("circle-the-wagons", NULL, 3, -1, 1, &o1, &s1, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS);
}

static void
test_bad_setups (void)
{
  static const struct
  {
    const char *setup;
    const char *reason;
  } cases[] = {
    { "{\"bonus\": [\"A2\", \"B5\"], \"circle\": [], \"first_player\": 0}", "bonus" },
    { "{\"bonus\": [\"a2\", \"B5\", \"B8\"], \"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", "
      "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\", \"B9\"], \"first_player\": 0}",
      "a2" },
    { "{\"bonus\": [\"A2\", \"B5\", \"B8\"], \"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", "
      "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\", \"B8\"], \"first_player\": 0}",
      "B8 appears twice" },
    { "{\"bonus\": [\"A2\", \"B5\", \"B8\"], \"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", "
      "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\"], \"first_player\": 0}",
      "circle" },
    { "{\"bonus\": [\"A2\", \"B5\", \"B8\"], \"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", "
      "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\", \"B9\"], \"first_player\": 2}",
      "who plays first" },
    { "{\"bonus\": [\"A2\", \"B5\", \"B8\"], \"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", "
      "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\", \"B9\"], \"first_player\": \"0\"}",
      "who plays first" },
    { "{\"bonus\": [\"A2\", \"B5\", \"B8\"], \"circle\": [\"A1\", \"A3\", \"A4\", \"A5\", \"A6\", \"A7\", \"A8\", \"A9\", "
      "\"B1\", \"B2\", \"B3\", \"B4\", \"B6\", \"B7\", \"B9\"], \"first_player\": 0, \"start\": \"A1\"}",
      "start" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PtGame) game = new_game (cases[i].setup, &error);

      g_assert_null (game);
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP);
      if (strstr (error->message, cases[i].reason) == NULL)
        g_error ("setup %u refused with “%s”, expected “%s”", i, error->message, cases[i].reason);
    }
}

/* The spec's example and every kind of illegal move on the way. */
static void
test_draft (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtGame) game = new_game (SETUP, &error);
  g_autoptr(JsonNode) legal = NULL;
  const PtWagonsState *state;
  int scores[2];

  g_assert_no_error (error);
  state = state_of (game);
  g_assert_cmpstr (pt_game_get_phase (game), ==, "start");
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1); /* player 2 names the start */
  legal = pt_game_list_legal_moves (game, 1);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (legal)), ==, 15);
  g_clear_pointer (&legal, json_node_unref);
  legal = pt_game_list_legal_moves (game, 0);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (legal)), ==, 0);
  g_clear_pointer (&legal, json_node_unref);

  move_refused (game, 0, "{\"start\": \"B3\"}", PT_RULES_ERROR_NOT_YOUR_TURN, NULL);
  move_refused (game, 1, "{\"take\": \"A1\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "starting card");
  move_refused (game, 1, "{\"start\": \"B5\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B5 is not in the circle");
  move_refused (game, 1, "{\"start\": \"b3\"}", PT_RULES_ERROR_MALFORMED_MOVE, "“b3” is not a card");
  move_refused (game, 1, "{\"start\": 3}", PT_RULES_ERROR_MALFORMED_MOVE, "start");
  move_refused (game, 1, "[\"start\"]", PT_RULES_ERROR_MALFORMED_MOVE, "object");
  move_refused (game, 1, "{}", PT_RULES_ERROR_MALFORMED_MOVE, "exactly one thing");
  move_ok (game, 1, "{\"start\": \"B3\"}");

  /* Queue: B3 B4 B6 B7 B9 A1 A3 … A9 B1 B2 (wrapping past the list's end). */
  g_assert_cmpstr (pt_game_get_phase (game), ==, "take");
  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
  g_assert_cmpuint (queue_length (game), ==, 15);
  move_refused (game, 1, "{\"take\": \"B3\"}", PT_RULES_ERROR_NOT_YOUR_TURN, NULL);
  move_refused (game, 0, "{\"start\": \"B4\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "already been named");
  move_refused (game, 0, "{\"take\": \"A2\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "A2 is not in the queue");
  move_refused (game, 0, "{\"place\": \"B3\", \"x\": 0, \"y\": 0, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "no card to place");
  move_refused (game, 0, "{\"take\": \"B4\", \"place\": \"B4\"}", PT_RULES_ERROR_MALFORMED_MOVE, "exactly one thing");
  move_refused (game, 0, "{\"take\": \"B4\", \"x\": 1}", PT_RULES_ERROR_MALFORMED_MOVE, "“x”");
  move_ok (game, 0, "{\"take\": \"B4\"}"); /* B3 goes to Beto for free */

  g_assert_cmpstr (pt_game_get_phase (game), ==, "place");
  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
  g_assert_cmpint (pt_wagons_state_get_card_to_place (state), ==, pt_wagons_card_from_id ("B4"));
  legal = pt_game_list_legal_moves (game, 0);
  {
    g_autoptr(JsonNode) a = pt_json_parse ("[{\"place\": \"B4\", \"x\": 0, \"y\": 0, \"rot\": 0},"
                                            " {\"place\": \"B4\", \"x\": 0, \"y\": 0, \"rot\": 180}]",
                                            NULL);
    g_assert_true (json_node_equal (a, legal));
  }
  g_clear_pointer (&legal, json_node_unref);
  move_refused (game, 0, "{\"place\": \"B3\", \"x\": 0, \"y\": 0, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "B4 is the card to place now, not B3");
  move_refused (game, 0, "{\"take\": \"B6\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B4 must be placed");
  move_refused (game, 0, "{\"place\": \"B4\", \"x\": 1, \"y\": 0, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "(0, 0)");
  move_refused (game, 0, "{\"place\": \"B4\", \"x\": 0, \"y\": 0, \"rot\": 90}",
                PT_RULES_ERROR_MALFORMED_MOVE, "90");
  move_refused (game, 0, "{\"place\": \"B4\", \"x\": 0, \"y\": 0, \"rot\": 180.0}",
                PT_RULES_ERROR_MALFORMED_MOVE, "rot");
  move_refused (game, 0, "{\"place\": \"B4\", \"x\": 0, \"y\": 0}", PT_RULES_ERROR_MALFORMED_MOVE, "rot");
  move_refused (game, 0, "{\"place\": \"B4\", \"x\": \"0\", \"y\": 0, \"rot\": 0}",
                PT_RULES_ERROR_MALFORMED_MOVE, "“x”");
  move_refused (game, 0, "{\"place\": \"B4\", \"x\": 0, \"y\": 0, \"rot\": 0, \"flip\": true}",
                PT_RULES_ERROR_MALFORMED_MOVE, "flip");
  move_ok (game, 0, "{\"place\": \"B4\", \"x\": 0, \"y\": 0, \"rot\": 0}");

  /* Beto places his free card, then takes. */
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1);
  g_assert_cmpstr (pt_game_get_phase (game), ==, "place");
  move_refused (game, 1, "{\"take\": \"B6\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B3 must be placed");
  move_ok (game, 1, "{\"place\": \"B3\", \"x\": 0, \"y\": 0, \"rot\": 180}");
  g_assert_cmpstr (pt_game_get_phase (game), ==, "take");
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1);
  move_refused (game, 1, "{\"take\": \"B3\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B3 is not in the queue");
  move_refused (game, 1, "{\"take\": \"B4\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B4 is not in the queue");
  move_ok (game, 1, "{\"take\": \"A1\"}"); /* B6 B7 B9 go to Ana */
  g_assert_cmpuint (queue_length (game), ==, 9);

  move_refused (game, 1, "{\"place\": \"A1\", \"x\": 3, \"y\": 3, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "neither cover nor touch");
  move_refused (game, 1, "{\"place\": \"A1\", \"x\": 2, \"y\": 2, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "corner");
  move_refused (game, 1, "{\"place\": \"A1\", \"x\": 9223372036854775807, \"y\": 0, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "neither cover nor touch");
  move_ok (game, 1, "{\"place\": \"A1\", \"x\": 2, \"y\": 1, \"rot\": 0}"); /* half offset */

  /* Ana's free cards, in circle order. */
  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
  move_refused (game, 0, "{\"place\": \"B7\", \"x\": 2, \"y\": 0, \"rot\": 0}",
                PT_RULES_ERROR_ILLEGAL_MOVE, "B6 is the card to place now, not B7");
  move_ok (game, 0, "{\"place\": \"B6\", \"x\": 2, \"y\": 0, \"rot\": 0}");
  move_ok (game, 0, "{\"place\": \"B7\", \"x\": 1, \"y\": 1, \"rot\": 180}"); /* covering */
  move_ok (game, 0, "{\"place\": \"B9\", \"x\": 0, \"y\": -2, \"rot\": 0}");
  g_assert_cmpstr (pt_game_get_phase (game), ==, "take");
  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);

  /* Ana takes the last card: the 8 before it go to Beto. */
  move_ok (game, 0, "{\"take\": \"B2\"}");
  g_assert_cmpuint (queue_length (game), ==, 0);
  move_ok (game, 0, "{\"place\": \"B2\", \"x\": -2, \"y\": 0, \"rot\": 0}");
  /* The log says where each card went by the cards already there, never
   * by grid numbers (they start at the first card and go negative). */
  {
    static const struct
    {
      guint move;
      const char *says;
    } placed[] = {
      { 2, "Ana placed B4 as the first card of the town." },
      { 3, "Beto placed B3 upside down, as the first card of the town." },
      { 5, "Beto placed A1 to the right of B3." },
      { 6, "Ana placed B6 to the right of B4." },
      { 7, "Ana placed B7 upside down, over 2 cards, covering 2 cells." },
      { 8, "Ana placed B9 above B4." },
      { 10, "Ana placed B2 to the left of B4." },
    };

    for (guint i = 0; i < G_N_ELEMENTS (placed); i++)
      g_assert_cmpstr (pt_game_get_move_description (game, placed[i].move), ==, placed[i].says);
    for (guint i = 0; i < pt_game_get_n_moves (game); i++)
      g_assert_null (strchr (pt_game_get_move_description (game, i), '('));
  }
  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(JsonNode) moves = NULL;
      JsonArray *array;

      g_assert_false (pt_game_get_is_over (game));
      g_assert_cmpint (pt_game_get_current_player (game), ==, 1);
      moves = pt_game_list_legal_moves (game, 1);
      array = json_node_get_array (moves);
      g_assert_cmpuint (json_array_get_length (array), >, 2);
      g_assert_true (pt_game_request_move (game, 1, json_array_get_element (array, json_array_get_length (array) - 1), &error));
      g_assert_no_error (error);
    }
  g_assert_true (pt_game_get_is_over (game));
  g_assert_cmpstr (pt_game_get_phase (game), ==, "over");
  g_assert_cmpint (pt_game_get_current_player (game), ==, -1);
  g_assert_cmpuint (state->towns[0].n_placements, ==, 5);
  g_assert_cmpuint (state->towns[1].n_placements, ==, 10);
  legal = pt_game_list_legal_moves (game, 1);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (legal)), ==, 0);
  move_refused (game, 1, "{\"take\": \"B1\"}", PT_RULES_ERROR_GAME_OVER, NULL);
  pt_game_get_scores (game, scores);
  g_assert_cmpuint (pt_game_get_winners (game), !=, 0);
}

/* Undo replays the history: the state is the one before the last move. */
static void
test_undo (void)
{
  g_autoptr(PtGame) game = new_game (SETUP, NULL);
  PtWagonsState before;

  move_ok (game, 1, "{\"start\": \"A5\"}");
  move_ok (game, 0, "{\"take\": \"A6\"}");
  before = *state_of (game);
  move_ok (game, 0, "{\"place\": \"A6\", \"x\": 0, \"y\": 0, \"rot\": 180}");
  g_assert_true (pt_game_undo (game, NULL));
  g_assert_true (memcmp (&before, state_of (game), sizeof before) == 0);
}

static void
test_view (void)
{
  g_autoptr(PtGame) game = new_game (SETUP, NULL);
  g_autoptr(JsonNode) view = NULL, spectator = NULL, breakdown = NULL;
  JsonObject *o;

  move_ok (game, 1, "{\"start\": \"A5\"}");
  move_ok (game, 0, "{\"take\": \"A6\"}");
  view = pt_game_get_view (game, 1);
  spectator = pt_game_get_view (game, -1);
  g_assert_true (json_node_equal (view, spectator)); /* perfect information */
  o = json_node_get_object (view);
  g_assert_cmpstr (json_object_get_string_member (o, "start"), ==, "A5");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "queue")), ==, 13);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "pending")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "bonus")), ==, 3);
  breakdown = pt_game_get_breakdown (game);
  o = json_node_get_object (breakdown);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "players")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "winners")), ==, 0);
}

/* One random game on the typed API; the moves in @moves. */
static void
play_random (guint64 seed, PtWagonsState *state, GArray *moves)
{
  static PtWagonsMove legal[PT_WAGONS_MAX_MOVES];
  guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
  guint first;
  PtRng rng;

  pt_wagons_deal_state (seed, -1, bonus, circle, &first);
  pt_wagons_state_init (state, bonus, circle, first);
  pt_rng_init (&rng, pt_rng_derive_seed (seed, 1));
  while (pt_wagons_state_get_phase (state) != PT_WAGONS_PHASE_OVER)
    {
      guint n = pt_wagons_state_list_moves (state, legal);
      PtWagonsMove *m;

      g_assert_cmpuint (n, >, 0);
      m = &legal[pt_rng_below (&rng, n)];
      g_assert_true (pt_wagons_state_check_move (state, pt_wagons_state_get_current_player (state), m, NULL));
      pt_wagons_state_apply_move (state, m);
      g_array_append_val (moves, *m);
    }
}

static void
check_invariants (const PtWagonsState *state, guint n_moves)
{
  int seen[PT_WAGONS_N_CARDS] = {
    0,
  };
  guint placed = 0;

  for (guint p = 0; p < 2; p++)
    {
      g_assert_cmpuint (state->towns[p].n_placements, ==, state->received[p]);
      g_assert_cmpuint (state->towns[p].n_placements, >=, 1);
      for (guint i = 0; i < state->towns[p].n_placements; i++)
        seen[state->towns[p].placements[i].card]++;
      placed += state->towns[p].n_placements;
    }
  for (guint i = 0; i < PT_WAGONS_N_CIRCLE; i++)
    g_assert_cmpint (seen[state->circle[i]], ==, 1);
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    g_assert_cmpint (seen[state->bonus[i]], ==, 0);
  g_assert_cmpuint (placed, ==, PT_WAGONS_N_CIRCLE);
  /* start + takes + 15 placements */
  g_assert_cmpuint (n_moves, >, 1 + PT_WAGONS_N_CIRCLE);
}

/* Writes the record of @moves by hand, loads it (every move validated
 * again through PtGame and the JSON layer), and compares the position, the
 * scores and the record written back. */
static void
round_trip (guint64 seed, const PtWagonsState *state, GArray *moves)
{
  g_autoptr(JsonObject) options = NULL, setup = NULL;
  g_autoptr(JsonObject) record = json_object_new ();
  g_autoptr(JsonNode) node = NULL, written = NULL;
  g_autoptr(PtGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *names = json_array_new (), *array = json_array_new ();
  int s[2];
  PtWagonsTally tallies[2];
  PtWagonsScore score;

  g_assert_true (pt_rules_deal ("circle-the-wagons", NULL, 2, -1, seed, &options, &setup, NULL));
  json_array_add_string_element (names, players[0]);
  json_array_add_string_element (names, players[1]);
  for (guint i = 0; i < moves->len; i++)
    json_array_add_element (array, pt_wagons_move_to_json (&g_array_index (moves, PtWagonsMove, i)));
  json_object_set_string_member (record, "format", "partida-record/1");
  json_object_set_string_member (record, "game", "circle-the-wagons");
  json_object_set_object_member (record, "options", g_steal_pointer (&options));
  json_object_set_array_member (record, "players", names);
  json_object_set_object_member (record, "setup", g_steal_pointer (&setup));
  json_object_set_array_member (record, "moves", array);
  node = pt_json_node_new_object (g_steal_pointer (&record));

  loaded = pt_rules_load_record (node, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pt_game_get_is_over (loaded));
  g_assert_true (memcmp (state, state_of (loaded), sizeof *state) == 0);
  written = pt_game_to_record (loaded);
  g_assert_true (json_node_equal (node, written));
  pt_game_get_scores (loaded, s);
  pt_wagons_state_score (state, tallies, &score);
  g_assert_cmpint (s[0], ==, score.total[0]);
  g_assert_cmpint (s[1], ==, score.total[1]);
  g_assert_cmpuint (pt_game_get_winners (loaded), ==, score.winners);
}

static void
test_random_games (void)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (PtWagonsMove));
  guint n_games = g_test_slow () ? 50000 : 5000;

  for (guint64 seed = 1; seed <= n_games; seed++)
    {
      PtWagonsState state;

      g_array_set_size (moves, 0);
      play_random (seed, &state, moves);
      check_invariants (&state, moves->len);
      round_trip (seed, &state, moves);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/circle-the-wagons/game/deal", test_deal);
  g_test_add_func ("/rules/circle-the-wagons/game/bad-setups", test_bad_setups);
  g_test_add_func ("/rules/circle-the-wagons/game/draft", test_draft);
  g_test_add_func ("/rules/circle-the-wagons/game/undo", test_undo);
  g_test_add_func ("/rules/circle-the-wagons/game/view", test_view);
  g_test_add_func ("/rules/circle-the-wagons/game/random-games", test_random_games);
  return g_test_run ();
}
