/* test-lost-cities.c — Lost Cities rules: moves, errors, views, records,
 * and 10,000 seeded random rounds
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "lost-cities-test-util.h"

static const char *const hand_ana[] = { "YW", "YW", "Y3", "Y5", "B7", "G10", "R2", "W4" };
static const char *const hand_beto[] = { "Y4", "Y6", "BW", "B2", "G2", "G3", "R3", "W5" };

static PtGame *
fixed_game (void)
{
  g_autoptr(JsonObject) setup = lc_test_setup (5, hand_ana, hand_beto, 0);

  return lc_test_game (NULL, setup);
}

static const PtLostCitiesState *
state_of (PtGame *game)
{
  return pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game));
}

static void
apply_ok (PtGame *game,
          const char *move)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (pt_game_request_move_string (game, (guint) pt_game_get_current_player (game),
                                              move, &error));
  g_assert_no_error (error);
}

/* Rejected with @code, the message contains @needle, nothing changed. */
static void
apply_rejected (PtGame *game,
                int player,
                const char *move,
                int code,
                const char *needle)
{
  PtLostCitiesState before = *state_of (game);
  guint n_moves = pt_game_get_n_moves (game);
  g_autoptr(GError) error = NULL;

  if (player < 0)
    player = pt_game_get_current_player (game);
  g_test_message ("%s", move);
  g_assert_false (pt_game_request_move_string (game, (guint) player, move, &error));
  g_assert_error (error, PT_RULES_ERROR, code);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, needle);
  g_assert_cmpmem (&before, sizeof before, state_of (game), sizeof before);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, n_moves);
}

static void
test_codes (void)
{
  PtLostCitiesCard card;
  char buffer[4];

  g_assert_true (pt_lost_cities_card_from_code ("Y2", 5, &card));
  g_assert_cmpstr (pt_lost_cities_card_to_code (card, buffer), ==, "Y2");
  g_assert_cmpint (PT_LOST_CITIES_CARD_VALUE (card), ==, 2);
  g_assert_true (pt_lost_cities_card_from_code ("R10", 5, &card));
  g_assert_cmpint (PT_LOST_CITIES_CARD_VALUE (card), ==, 10);
  g_assert_true (pt_lost_cities_card_from_code ("GW", 5, &card));
  g_assert_cmpint (PT_LOST_CITIES_CARD_VALUE (card), ==, 0);
  g_assert_true (pt_lost_cities_card_from_code ("P7", 6, &card));
  g_assert_cmpstr (pt_lost_cities_card_to_code (card, buffer), ==, "P7");

  g_assert_false (pt_lost_cities_card_from_code ("P7", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("y2", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("Yw", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("Y1", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("Y11", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("Y02", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("Y", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("", 5, &card));
  g_assert_false (pt_lost_cities_card_from_code ("Y2 ", 5, &card));
  g_assert_cmpuint (pt_lost_cities_n_cards (5), ==, 60);
  g_assert_cmpuint (pt_lost_cities_n_cards (6), ==, 72);
}

static void
test_illegal_moves (void)
{
  g_autoptr(PtGame) game = fixed_game ();

  g_assert_cmpstr (pt_game_get_phase (game), ==, "play");
  /* whose turn */
  apply_rejected (game, 1, "{\"play\": \"Y4\", \"draw\": \"deck\"}", PT_RULES_ERROR_NOT_YOUR_TURN, "Beto");
  apply_rejected (game, 2, "{\"play\": \"Y4\", \"draw\": \"deck\"}", PT_RULES_ERROR_NOT_YOUR_TURN, NULL);
  /* form */
  apply_rejected (game, -1, "[\"Y3\"]", PT_RULES_ERROR_MALFORMED_MOVE, NULL);
  apply_rejected (game, -1, "\"Y3\"", PT_RULES_ERROR_MALFORMED_MOVE, NULL);
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"discard\": \"Y3\", \"draw\": \"deck\"}",
                  PT_RULES_ERROR_MALFORMED_MOVE, "not both");
  apply_rejected (game, -1, "{\"draw\": \"deck\"}", PT_RULES_ERROR_MALFORMED_MOVE, NULL);
  apply_rejected (game, -1, "{\"play\": \"Y3\"}", PT_RULES_ERROR_MALFORMED_MOVE, "draw");
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": \"deck\", \"pass\": true}",
                  PT_RULES_ERROR_MALFORMED_MOVE, "pass");
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": \"X\"}", PT_RULES_ERROR_MALFORMED_MOVE, "X");
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": \"P\"}", PT_RULES_ERROR_MALFORMED_MOVE, "“P”");
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": \"y\"}", PT_RULES_ERROR_MALFORMED_MOVE, NULL);
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": 1}", PT_RULES_ERROR_MALFORMED_MOVE, NULL);
  apply_rejected (game, -1, "{\"play\": 3, \"draw\": \"deck\"}", PT_RULES_ERROR_MALFORMED_MOVE, NULL);
  /* unknown cards, a purple code in a 5-colour game among them */
  apply_rejected (game, -1, "{\"play\": \"Y11\", \"draw\": \"deck\"}", PT_RULES_ERROR_MALFORMED_MOVE, "Y11");
  apply_rejected (game, -1, "{\"play\": \"P5\", \"draw\": \"deck\"}", PT_RULES_ERROR_MALFORMED_MOVE, "P5");
  apply_rejected (game, -1, "{\"play\": \"y3\", \"draw\": \"deck\"}", PT_RULES_ERROR_MALFORMED_MOVE, "y3");
  /* the rules */
  apply_rejected (game, -1, "{\"play\": \"Y9\", \"draw\": \"deck\"}", PT_RULES_ERROR_ILLEGAL_MOVE,
                  "Y9 is not in your hand");
  apply_rejected (game, -1, "{\"discard\": \"BW\", \"draw\": \"deck\"}", PT_RULES_ERROR_ILLEGAL_MOVE,
                  "BW is not in your hand");
  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": \"B\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "empty");
  /* The pile was empty: drawing from it would take back the discard. */
  apply_rejected (game, -1, "{\"discard\": \"B7\", \"draw\": \"B\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B7");

  apply_ok (game, "{\"play\": \"Y5\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"discard\": \"B2\", \"draw\": \"deck\"}");

  apply_rejected (game, -1, "{\"play\": \"Y3\", \"draw\": \"deck\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "higher");
  apply_rejected (game, -1, "{\"play\": \"YW\", \"draw\": \"deck\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "wager");
  apply_rejected (game, -1, "{\"play\": \"Y5\", \"draw\": \"deck\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "not in your hand");
  /* B2 lies on the blue pile: discarding B7 on it and drawing blue would
   * take B7 back. */
  apply_rejected (game, -1, "{\"discard\": \"B7\", \"draw\": \"B\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "B7");
  apply_rejected (game, -1, "{\"discard\": \"Y3\", \"draw\": \"G\"}", PT_RULES_ERROR_ILLEGAL_MOVE, "green");

  /* Playing blue to the expedition does not stop drawing from the blue pile. */
  {
    g_autoptr(JsonNode) move = json_from_string ("{\"play\": \"B7\", \"draw\": \"B\"}", NULL);
    g_assert_true (pt_game_is_legal (game, 0, move));
  }
  apply_ok (game, "{\"play\": \"B7\", \"draw\": \"B\"}");
  g_assert_cmpint (pt_lost_cities_state_find_in_hand (state_of (game), 0, PT_LOST_CITIES_CARD (1, 1)), >=, 0);
  g_assert_cmpuint (state_of (game)->pile_len[1], ==, 0);
}

static void
test_legal_list (void)
{
  g_autoptr(PtGame) game = fixed_game ();
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, 0);
  g_autoptr(JsonNode) none = pt_game_list_legal_moves (game, 1);
  JsonArray *moves = json_node_get_array (legal);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Ana holds 7 distinct cards; all may be played except nothing (every
   * expedition is empty) → 7 plays + 7 discards, all from the deck. */
  g_assert_cmpuint (json_array_get_length (moves), ==, 14);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      char *text = json_to_string (json_array_get_element (moves, i), FALSE);
      g_assert_true (g_hash_table_add (seen, text));
    }
  g_assert_cmpuint (json_array_get_length (json_node_get_array (none)), ==, 0);
}

static void
test_view_hides (void)
{
  g_autoptr(PtGame) game = fixed_game ();
  g_autoptr(JsonNode) view = NULL;
  g_autoptr(JsonNode) spectator = NULL;
  g_autofree char *text = NULL;
  JsonObject *object;
  JsonArray *known;

  apply_ok (game, "{\"discard\": \"G10\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"play\": \"G3\", \"draw\": \"G\"}"); /* Beto takes G10 */
  view = pt_game_get_view (game, 0);
  object = json_node_get_object (view);
  text = json_to_string (view, FALSE);
  g_assert_null (strstr (text, "\"deck\":"));
  g_assert_cmpint (json_object_get_int_member (object, "deck_count"), ==, 44 - 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "hand")), ==, 8);
  /* None of Beto's unseen cards appear anywhere. */
  for (guint i = 0; i < G_N_ELEMENTS (hand_beto); i++)
    if (g_strcmp0 (hand_beto[i], "G3") != 0)
      {
        g_autofree char *quoted = g_strdup_printf ("\"%s\"", hand_beto[i]);
        g_assert_null (strstr (text, quoted));
      }
  known = json_array_get_array_element (json_object_get_array_member (object, "known_cards"), 1);
  g_assert_cmpuint (json_array_get_length (known), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (known, 0), ==, "G10");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                        json_object_get_object_member (object, "discards"), "G")),
                    ==, 0);

  spectator = pt_game_get_view (game, -1);
  g_assert_false (json_object_has_member (json_node_get_object (spectator), "hand"));

  /* Once played, a seen card is no longer "known in hand". */
  apply_ok (game, "{\"discard\": \"W4\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"play\": \"G10\", \"draw\": \"deck\"}");
  g_assert_cmpuint (state_of (game)->known[1], ==, 0);
}

static void
test_round_end (void)
{
  g_autoptr(PtGame) game = lc_test_dealt_game (5);
  const PtLostCitiesState *state = state_of (game);
  g_autoptr(GError) error = NULL;
  guint turns = 0;

  /* Let a discard pile hold a card, then bring the deck down to one. */
  while (pt_lost_cities_state_deck_remaining (state) > 1)
    {
      lc_test_play_quiet (game);
      turns++;
    }
  g_assert_cmpuint (turns, ==, 43);
  g_assert_false (pt_game_get_is_over (game));

  /* Drawing from a discard pile keeps the round going. */
  {
    PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
    guint n = pt_lost_cities_state_legal_moves (state, moves);
    gboolean found = FALSE;

    for (guint i = 0; i < n && !found; i++)
      if (moves[i].discard && moves[i].draw != PT_LOST_CITIES_DRAW_DECK)
        {
          g_autoptr(JsonNode) move = pt_lost_cities_move_to_json (&moves[i]);

          g_assert_true (pt_game_request_move (game, state->current, move, &error));
          found = TRUE;
        }
    g_assert_true (found);
  }
  g_assert_false (pt_game_get_is_over (game));
  g_assert_cmpuint (pt_lost_cities_state_deck_remaining (state), ==, 1);

  lc_test_play_quiet (game);
  g_assert_true (pt_game_get_is_over (game));
  g_assert_cmpstr (pt_game_get_phase (game), ==, "over");
  g_assert_cmpint (pt_game_get_current_player (game), ==, -1);
  g_assert_cmpuint (pt_lost_cities_state_deck_remaining (state), ==, 0);
  g_assert_cmpuint (pt_game_get_winners (game), ==, 3); /* nobody played: 0–0 */
  {
    g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, 0);
    g_assert_cmpuint (json_array_get_length (json_node_get_array (legal)), ==, 0);
  }
  g_assert_false (pt_game_request_move_string (game, 0, "{\"discard\": \"Y2\", \"draw\": \"deck\"}", &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER);
}

static void
test_setup_errors (void)
{
  static const struct
  {
    const char *options;
    const char *setup;
    const char *needle;
  } bad[] = {
    { "{\"colors\": 6}", NULL, "P" }, /* a 6-colour option with a 60-card deal */
    { NULL, "{\"hands\": [[\"Y2\"], []], \"deck\": [], \"first_player\": 0}", "has 1 card, not" },
    { NULL, "{\"hands\": [], \"deck\": [], \"first_player\": 0}", "2 players" },
    { NULL, "{\"deck\": [], \"first_player\": 0}", "2 players" },
  };
  g_autoptr(JsonObject) good = lc_test_setup (5, hand_ana, hand_beto, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtGame) game = NULL;
  JsonArray *deck = json_object_get_array_member (good, "deck");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonNode) options = bad[i].options ? json_from_string (bad[i].options, NULL) : NULL;
      g_autoptr(JsonNode) setup = bad[i].setup ? json_from_string (bad[i].setup, NULL) : NULL;
      g_autoptr(GError) local_error = NULL;
      g_autoptr(PtGame) bad_game = NULL;

      bad_game = pt_rules_new_game ("lost-cities", lc_test_players,
                                    options ? json_node_get_object (options) : NULL,
                                    setup ? json_node_get_object (setup) : good, &local_error);
      g_assert_null (bad_game);
      g_assert_error (local_error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP);
      g_assert_nonnull (strstr (local_error->message, bad[i].needle));
    }

  /* A duplicate card; then a first player out of range. */
  json_array_remove_element (deck, 0);
  json_array_add_string_element (deck, "Y3");
  game = pt_rules_new_game ("lost-cities", lc_test_players, NULL, good, &error);
  g_assert_null (game);
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP);
  g_assert_nonnull (strstr (error->message, "Y3"));
  g_clear_error (&error);

  {
    g_autoptr(JsonObject) fine = lc_test_setup (5, hand_ana, hand_beto, 2);
    game = pt_rules_new_game ("lost-cities", lc_test_players, NULL, fine, &error);
    g_assert_null (game);
    g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP);
  }
}

static void
test_six_colors (void)
{
  g_autoptr(JsonNode) options = json_from_string ("{\"colors\": 6, \"rules\": \"seed\"}", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtGame) game = pt_rules_new_dealt_game ("lost-cities", lc_test_players,
                                                     json_node_get_object (options), 1, 99, &error);
  g_autoptr(JsonNode) record = NULL;
  JsonObject *saved;

  g_assert_no_error (error);
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1);
  g_assert_cmpuint (state_of (game)->deck_len, ==, 72 - 16);
  record = pt_game_to_record (game);
  saved = json_object_get_object_member (json_node_get_object (record), "options");
  g_assert_cmpint (json_object_get_int_member (saved, "colors"), ==, 6);
  g_assert_false (json_object_get_boolean_member (saved, "bonus_counts_wagers"));
  g_assert_false (json_object_has_member (saved, "rules"));
}

static void
test_deal_reproducible (void)
{
  g_autoptr(PtGame) a = lc_test_dealt_game (12345);
  g_autoptr(PtGame) b = lc_test_dealt_game (12345);
  g_autoptr(PtGame) c = lc_test_dealt_game (12346);

  g_assert_cmpmem (state_of (a), sizeof (PtLostCitiesState), state_of (b), sizeof (PtLostCitiesState));
  g_assert_true (memcmp (state_of (a), state_of (c), sizeof (PtLostCitiesState)) != 0);

  /* The deal is the documented one: pt_rng_shuffle() of the full deck
   * (colour by colour, wagers then 2..10), 8 + 8 cards, the rest the deck,
   * then the starter from the same generator. */
  for (guint colors = 5; colors <= 6; colors++)
    {
      PtLostCitiesCard cards[PT_LOST_CITIES_MAX_CARDS];
      PtLostCitiesOptions options;
      PtLostCitiesState state;
      PtRng rng, rng2;
      guint n = pt_lost_cities_n_cards (colors);

      pt_lost_cities_options_init_default (&options);
      options.n_colors = (guint8) colors;
      pt_rng_init (&rng, 31337);
      rng2 = rng;
      pt_lost_cities_state_deal (&state, &options, &rng, -1);
      pt_lost_cities_full_deck (colors, cards);
      pt_rng_shuffle (&rng2, cards, n, 1);
      g_assert_cmpmem (state.hand[0], 8, cards, 8);
      g_assert_cmpmem (state.hand[1], 8, cards + 8, 8);
      g_assert_cmpmem (state.deck, n - 16, cards + 16, n - 16);
      g_assert_cmpuint (state.first_player, ==, pt_rng_below (&rng2, 2));
      g_assert_cmpmem (&rng, sizeof rng, &rng2, sizeof rng2);
    }
}

/* Random rounds --------------------------------------------------------- */

/* Every card exactly once (wagers three times) across hands, expeditions,
 * piles and the rest of the deck. */
static void
assert_conserved (const PtLostCitiesState *s)
{
  guint8 counts[PT_LOST_CITIES_CARD_CODES] = { 0 };
  guint n_colors = s->options.n_colors;

  for (guint p = 0; p < 2; p++)
    {
      g_assert_cmpuint (s->hand_len[p], ==, PT_LOST_CITIES_HAND_SIZE);
      for (guint i = 0; i < s->hand_len[p]; i++)
        counts[s->hand[p][i]]++;
      for (guint c = 0; c < n_colors; c++)
        {
          counts[PT_LOST_CITIES_CARD (c, 0)] += s->wagers[p][c];
          for (guint k = 1; k < PT_LOST_CITIES_KINDS; k++)
            if (s->values[p][c] & (1u << (k + 1)))
              counts[PT_LOST_CITIES_CARD (c, k)]++;
          g_assert_cmpuint (s->values[p][c] & ~0x7fcu, ==, 0);
        }
    }
  for (guint c = 0; c < n_colors; c++)
    {
      g_assert_cmpuint (!!(s->piles_mask & (1u << c)), ==, s->pile_len[c] > 0);
      for (guint i = 0; i < s->pile_len[c]; i++)
        counts[PT_LOST_CITIES_CARD (c, s->pile[c][i])]++;
    }
  for (guint i = s->deck_pos; i < s->deck_len; i++)
    counts[s->deck[i]]++;
  for (guint card = 0; card < PT_LOST_CITIES_CARD_CODES; card++)
    g_assert_cmpuint (counts[card], ==, !PT_LOST_CITIES_CARD_IS_VALID (card, n_colors) ? 0 : PT_LOST_CITIES_CARD_KIND (card) == 0 ? 3
                                                                                                                                  : 1);
}

/* The ascending rule, checked independently of the state's own check. */
static void
assert_move_respects_rules (const PtLostCitiesState *s,
                            const PtLostCitiesMove *m)
{
  guint color = PT_LOST_CITIES_CARD_COLOR (m->card);
  guint value = PT_LOST_CITIES_CARD_VALUE (m->card);
  guint mask = s->values[s->current][color];

  g_assert_cmpint (pt_lost_cities_state_find_in_hand (s, s->current, m->card), >=, 0);
  if (!m->discard)
    {
      if (value == 0)
        g_assert_cmpuint (mask, ==, 0);
      else
        for (guint v = value; v <= 10; v++)
          g_assert_false (mask & (1u << v));
    }
  if (m->draw != PT_LOST_CITIES_DRAW_DECK)
    {
      g_assert_cmpuint (s->pile_len[m->draw], >, 0);
      g_assert_false (m->discard && m->draw == color);
    }
}

/* The list of legal moves is exactly the set of moves check_move()
 * accepts (invalid codes included: never listed), each once. */
static void
assert_legal_list_exact (const PtLostCitiesState *s)
{
  PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
  guint n = pt_lost_cities_state_legal_moves (s, moves);
  guint n_draws = s->options.n_colors + 1u;
  gboolean listed[PT_LOST_CITIES_CARD_CODES * 2 * (PT_LOST_CITIES_MAX_COLORS + 1)] = { 0 };

  for (guint i = 0; i < n; i++)
    {
      guint d = moves[i].draw == PT_LOST_CITIES_DRAW_DECK ? s->options.n_colors : moves[i].draw;
      guint index = (moves[i].card * 2u + moves[i].discard) * n_draws + d;

      g_assert_true (PT_LOST_CITIES_CARD_IS_VALID (moves[i].card, s->options.n_colors));
      g_assert_false (listed[index]);
      listed[index] = TRUE;
    }

  /* The list-free API yields the same set, each move once. */
  g_assert_cmpuint (pt_lost_cities_state_count_legal_moves (s), ==, n);
  {
    gboolean again[G_N_ELEMENTS (listed)] = { 0 };
    PtLostCitiesMove m;

    for (guint k = 0; k < n; k++)
      {
        guint d, index;

        g_assert_true (pt_lost_cities_state_nth_legal_move (s, k, &m));
        d = m.draw == PT_LOST_CITIES_DRAW_DECK ? s->options.n_colors : m.draw;
        index = (m.card * 2u + m.discard) * n_draws + d;
        g_assert_true (listed[index]);
        g_assert_false (again[index]);
        again[index] = TRUE;
      }
    g_assert_false (pt_lost_cities_state_nth_legal_move (s, n, &m));
  }

  for (guint card = 0; card < PT_LOST_CITIES_CARD_CODES; card++)
    for (guint discard = 0; discard < 2; discard++)
      for (guint d = 0; d < n_draws; d++)
        {
          PtLostCitiesMove m = { (guint8) card, (guint8) discard,
                                 d == s->options.n_colors ? PT_LOST_CITIES_DRAW_DECK : (guint8) d, 0 };

          g_assert_cmpint (listed[(card * 2u + discard) * n_draws + d], ==,
                           pt_lost_cities_state_check_move (s, &m) == PT_LOST_CITIES_MOVE_OK);
        }
}

static void
round_trip (const PtLostCitiesState *initial,
            const PtLostCitiesMove *history,
            guint n_moves,
            const PtLostCitiesState *final)
{
  g_autoptr(PtGame) game = NULL;
  g_autoptr(PtGame) loaded = NULL;
  g_autoptr(JsonObject) options = pt_lost_cities_options_to_json (&initial->options);
  g_autoptr(JsonObject) setup = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  JsonArray *hands = json_array_new ();
  JsonArray *deck = json_array_new ();
  char code[4];
  int scores[2], loaded_scores[2];

  for (guint p = 0; p < 2; p++)
    {
      JsonArray *hand = json_array_new ();

      for (guint i = 0; i < PT_LOST_CITIES_HAND_SIZE; i++)
        json_array_add_string_element (hand, pt_lost_cities_card_to_code (initial->hand[p][i], code));
      json_array_add_array_element (hands, hand);
    }
  for (guint i = 0; i < initial->deck_len; i++)
    json_array_add_string_element (deck, pt_lost_cities_card_to_code (initial->deck[i], code));
  json_object_set_array_member (setup, "hands", hands);
  json_object_set_array_member (setup, "deck", deck);
  json_object_set_int_member (setup, "first_player", initial->first_player);

  game = lc_test_game (options, setup);
  for (guint i = 0; i < n_moves; i++)
    {
      g_autoptr(JsonNode) move = pt_lost_cities_move_to_json (&history[i]);

      g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game), move, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpmem (state_of (game), sizeof *final, final, sizeof *final);

  text = pt_game_to_record_string (game, FALSE);
  loaded = pt_rules_load_record_string (text, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (state_of (loaded), sizeof *final, final, sizeof *final);
  pt_game_get_scores (game, scores);
  pt_game_get_scores (loaded, loaded_scores);
  g_assert_cmpint (scores[0], ==, loaded_scores[0]);
  g_assert_cmpint (scores[1], ==, loaded_scores[1]);
  g_assert_cmpint (scores[0], ==, pt_lost_cities_state_score (final, 0));
  g_assert_cmpuint (pt_game_get_winners (loaded), ==, pt_lost_cities_state_winners (final));
  g_assert_cmpuint (pt_game_get_n_moves (loaded), ==, n_moves);
}

#define N_ROUNDS  10000
#define MAX_TURNS 4096

static void
test_random_rounds (void)
{
  PtLostCitiesMove *history = g_new (PtLostCitiesMove, MAX_TURNS);
  guint64 total_turns = 0;
  PtRng rng;

  pt_rng_init (&rng, 20260101);
  for (guint r = 0; r < N_ROUNDS; r++)
    {
      PtLostCitiesOptions options;
      PtLostCitiesState s, initial;
      guint n = 0;
      /* A mix of the policies (listed legal moves, list-free uniform
       * legal moves, playouts), both readings and both deck sizes. */
      gboolean uniform = r % 4 == 1;
      gboolean check_all = r % 100 == 0;

      pt_lost_cities_options_init_default (&options);
      options.n_colors = r % 3 == 0 ? 6 : 5;
      options.bonus_counts_wagers = options.wager_only_scores = r % 4 < 2;
      pt_lost_cities_state_deal (&s, &options, &rng, -1);
      initial = s;

      while (!s.over)
        {
          PtLostCitiesMove m;
          guint remaining = pt_lost_cities_state_deck_remaining (&s);

          g_assert_cmpuint (remaining, >, 0);
          if (uniform)
            {
              PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
              guint k = pt_lost_cities_state_legal_moves (&s, moves);

              g_assert_cmpuint (k, >, 0);
              m = moves[pt_rng_below (&rng, k)];
            }
          else if (r % 4 == 3)
            pt_lost_cities_state_random_legal_move (&s, &rng, &m);
          else
            pt_lost_cities_state_random_move (&s, &rng, &m);

          if (check_all)
            {
              assert_legal_list_exact (&s);
              assert_conserved (&s);
            }
          assert_move_respects_rules (&s, &m);
          g_assert_cmpint (pt_lost_cities_state_play (&s, &m), ==, PT_LOST_CITIES_MOVE_OK);
          g_assert_cmpuint (n, <, MAX_TURNS);
          history[n++] = m;

          /* The round ends exactly when a draw from the deck empties it. */
          g_assert_cmpint (s.over, ==, pt_lost_cities_state_deck_remaining (&s) == 0);
          g_assert_cmpuint (pt_lost_cities_state_deck_remaining (&s), ==,
                            remaining - (m.draw == PT_LOST_CITIES_DRAW_DECK));
        }
      assert_conserved (&s);
      g_assert_cmpuint (s.n_turns, ==, n);
      g_assert_cmpuint (pt_lost_cities_state_legal_moves (&s, history + n), ==, 0);
      total_turns += n;

      if (r % 50 == 0)
        round_trip (&initial, history, n, &s);
    }
  g_test_message ("%u rounds, %.1f turns per round", N_ROUNDS, (double) total_turns / N_ROUNDS);
  g_free (history);
}

/* pt_lost_cities_state_random_legal_move() is uniform over the list. */
static void
test_uniform (void)
{
  g_autoptr(PtGame) game = fixed_game ();
  PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
  guint counts[PT_LOST_CITIES_MAX_MOVES] = { 0 };
  const PtLostCitiesState *s;
  guint n, n_samples;
  PtRng rng;

  /* Piles with cards, a wager held twice, a card that cannot be played. */
  apply_ok (game, "{\"play\": \"Y5\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"discard\": \"B2\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"discard\": \"W4\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"discard\": \"R3\", \"draw\": \"deck\"}");
  s = state_of (game);
  n = pt_lost_cities_state_legal_moves (s, moves);
  n_samples = n * 400;

  pt_rng_init (&rng, 11);
  for (guint i = 0; i < n_samples; i++)
    {
      PtLostCitiesMove m;
      guint k;

      pt_lost_cities_state_random_legal_move (s, &rng, &m);
      for (k = 0; k < n; k++)
        if (memcmp (&moves[k], &m, sizeof m) == 0)
          break;
      g_assert_cmpuint (k, <, n);
      counts[k]++;
    }
  /* 400 expected each; 6 standard deviations is 120. */
  for (guint k = 0; k < n; k++)
    g_assert_cmpuint (ABS ((int) counts[k] - 400), <, 120);
}

static void
test_determinize (void)
{
  g_autoptr(PtGame) game = fixed_game ();
  const PtLostCitiesState *s;
  PtLostCitiesState sample;
  PtRng rng;

  apply_ok (game, "{\"discard\": \"G10\", \"draw\": \"deck\"}");
  apply_ok (game, "{\"play\": \"G3\", \"draw\": \"G\"}");
  s = state_of (game);
  pt_rng_init (&rng, 3);
  for (guint i = 0; i < 20; i++)
    {
      pt_lost_cities_game_sample_state (PT_LOST_CITIES_GAME (game), 0, &rng, &sample);
      assert_conserved (&sample);
      /* Ana's hand, the table and Beto's seen G10 stay. */
      g_assert_cmpmem (sample.hand[0], 8, s->hand[0], 8);
      g_assert_cmpmem (sample.pile, sizeof sample.pile, s->pile, sizeof s->pile);
      g_assert_cmpint (pt_lost_cities_state_find_in_hand (&sample, 1, PT_LOST_CITIES_CARD (3, 9)), >=, 0);
      g_assert_cmpuint (sample.known[1], ==, s->known[1]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/lost-cities/codes", test_codes);
  g_test_add_func ("/rules/lost-cities/illegal-moves", test_illegal_moves);
  g_test_add_func ("/rules/lost-cities/legal-list", test_legal_list);
  g_test_add_func ("/rules/lost-cities/view-hides", test_view_hides);
  g_test_add_func ("/rules/lost-cities/round-end", test_round_end);
  g_test_add_func ("/rules/lost-cities/setup-errors", test_setup_errors);
  g_test_add_func ("/rules/lost-cities/six-colors", test_six_colors);
  g_test_add_func ("/rules/lost-cities/deal-reproducible", test_deal_reproducible);
  g_test_add_func ("/rules/lost-cities/determinize", test_determinize);
  g_test_add_func ("/rules/lost-cities/uniform", test_uniform);
  g_test_add_func ("/rules/lost-cities/random-rounds", test_random_rounds);
  return g_test_run ();
}
