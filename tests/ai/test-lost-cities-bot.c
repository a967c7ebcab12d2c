/* test-lost-cities-bot.c — the Lost Cities computer players: they do not
 * cheat, samples respect what the player knows, levels are ordered
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-bot.h"
#include "pt-lost-cities-game.h"
#include "pt-lost-cities-heuristic.h"
#include "pt-lost-cities-search.h"
#include "pt-lost-cities-view.h"
#include "pt-rules.h"

/* A mid-round position in which the opponent of the player to move holds
 * cards seen taken from a discard pile (so the known-card path is used). */
static void
mid_round (guint64 seed,
           PtLostCitiesState *state)
{
  PtLostCitiesOptions options;
  PtRng rng;

  pt_lost_cities_options_init_default (&options);
  for (guint64 attempt = 0;; attempt++)
    {
      pt_rng_init (&rng, pt_rng_derive_seed (seed, attempt));
      pt_lost_cities_state_deal (state, &options, &rng, 0);
      for (guint turn = 0; turn < 40 && !state->over; turn++)
        {
          PtLostCitiesMove move;

          /* Some variety: the opponent sometimes plays randomly. */
          if (pt_rng_below (&rng, 3) == 0)
            pt_lost_cities_state_random_move (state, &rng, &move);
          else
            pt_lost_cities_heuristic_move (state, &move);
          pt_lost_cities_state_apply (state, &move);
          if (turn >= 12 && state->known[state->current ^ 1u] != 0 &&
              pt_lost_cities_state_deck_remaining (state) > 4)
            return;
        }
    }
}

/* Another state the player to move cannot tell apart from @state: the
 * opponent's unseen cards and the deck dealt anew. */
static void
reshuffle_hidden (const PtLostCitiesState *state,
                  guint64 seed,
                  PtLostCitiesState *out)
{
  PtRng rng;

  pt_rng_init (&rng, seed);
  pt_lost_cities_state_determinize (state, state->current, &rng, out);
}

static gboolean
hidden_differs (const PtLostCitiesState *a,
                const PtLostCitiesState *b)
{
  guint opponent = a->current ^ 1u;

  return memcmp (a->hand[opponent], b->hand[opponent], sizeof a->hand[opponent]) != 0 ||
         memcmp (a->deck, b->deck, sizeof a->deck) != 0;
}

static gboolean
same_move (const PtLostCitiesMove *a,
           const PtLostCitiesMove *b)
{
  return a->card == b->card && a->discard == b->discard && a->draw == b->draw;
}

/* The view holds nothing hidden: two states that differ only in hidden
 * cards give byte-identical views. */
static void
test_view_canonical (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      PtLostCitiesState state, other;
      PtLostCitiesView view, other_view;

      mid_round (seed, &state);
      reshuffle_hidden (&state, seed + 1000, &other);
      g_assert_true (hidden_differs (&state, &other));
      pt_lost_cities_view_init (&view, &state, state.current);
      pt_lost_cities_view_init (&other_view, &other, other.current);
      g_assert_cmpmem (&view, sizeof view, &other_view, sizeof other_view);
      g_assert_cmpuint (view.opponent_known_len, >, 0);
    }
}

/* A sample keeps everything the player knows and deals exactly the cards
 * it has not seen. */
static void
test_determinize (void)
{
  PtLostCitiesState state, sample;
  PtLostCitiesView view, sample_view;
  PtRng rng;

  mid_round (3, &state);
  pt_lost_cities_view_init (&view, &state, state.current);
  /* The view's uniform deal, then the search's weighted one. */
  for (guint64 seed = 0; seed < 100; seed++)
    {
      guint8 count[256] = { 0 };
      PtLostCitiesCard full[PT_LOST_CITIES_MAX_CARDS];
      guint n_full = pt_lost_cities_n_cards (state.options.n_colors);
      guint opponent = state.current ^ 1u;

      pt_rng_init (&rng, seed);
      if (seed < 50)
        pt_lost_cities_view_determinize (&view, &rng, &sample);
      else
        pt_lost_cities_search_determinize (&view, &rng, &sample);
      pt_lost_cities_view_init (&sample_view, &sample, sample.current);
      g_assert_cmpmem (&view, sizeof view, &sample_view, sizeof sample_view);
      g_assert_cmpuint (pt_lost_cities_state_deck_remaining (&sample), ==,
                        pt_lost_cities_state_deck_remaining (&state));
      g_assert_cmpuint (sample.known[opponent], ==,
                        (1u << view.opponent_known_len) - 1u);

      /* Every card exactly once (wagers three times) over hands, deck,
       * piles and expeditions. */
      for (guint p = 0; p < 2; p++)
        {
          for (guint i = 0; i < sample.hand_len[p]; i++)
            count[sample.hand[p][i]]++;
          for (guint c = 0; c < sample.options.n_colors; c++)
            {
              count[PT_LOST_CITIES_CARD (c, 0)] += sample.wagers[p][c];
              for (guint k = 1; k < PT_LOST_CITIES_KINDS; k++)
                if (sample.values[p][c] & (1u << (k + 1)))
                  count[PT_LOST_CITIES_CARD (c, k)]++;
            }
        }
      for (guint c = 0; c < sample.options.n_colors; c++)
        for (guint i = 0; i < sample.pile_len[c]; i++)
          count[PT_LOST_CITIES_CARD (c, sample.pile[c][i])]++;
      for (guint i = sample.deck_pos; i < sample.deck_len; i++)
        count[sample.deck[i]]++;
      pt_lost_cities_full_deck (state.options.n_colors, full);
      for (guint i = 0; i < n_full; i++)
        count[full[i]]--;
      for (guint i = 0; i < G_N_ELEMENTS (count); i++)
        g_assert_cmpuint (count[i], ==, 0);
    }
}

/* The no-cheating test: the same view and seed give the same move whatever
 * the opponent's hidden hand and the deck order are, at every level —
 * on the typed search and through PtBot on whole PtGames. */
static void
test_no_cheating_search (void)
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      PtLostCitiesState state, other;
      PtLostCitiesView view, other_view;
      PtLostCitiesSearchParams params;
      PtLostCitiesMove move, other_move;

      mid_round (seed * 7, &state);
      reshuffle_hidden (&state, seed, &other);
      g_assert_true (hidden_differs (&state, &other));
      pt_lost_cities_view_init (&view, &state, state.current);
      pt_lost_cities_view_init (&other_view, &other, other.current);

      pt_lost_cities_search_params_init (&params, seed);
      params.n_determinizations = 12; /* fast under sanitizers */
      g_assert_true (pt_lost_cities_search (&view, &params, NULL, &move, NULL));
      g_assert_true (pt_lost_cities_search (&other_view, &params, NULL, &other_move, NULL));
      g_assert_true (same_move (&move, &other_move));

      /* The heuristics read the state, but only the mover's knowledge. */
      pt_lost_cities_heuristic_move (&state, &move);
      pt_lost_cities_heuristic_move (&other, &other_move);
      g_assert_true (same_move (&move, &other_move));
      pt_lost_cities_heuristic_aggressive (&state, &move);
      pt_lost_cities_heuristic_aggressive (&other, &other_move);
      g_assert_true (same_move (&move, &other_move));
    }
}

/* Two games dealt so that player 0 holds the same hand while player 1's
 * hand and the deck differ. */
static PtGame *
game_with_deal (const PtLostCitiesCard *hand0,
                const PtLostCitiesCard *rest,
                guint n_rest)
{
  const char *players[] = { "Ana", "Beto", NULL };
  g_autoptr(JsonObject) setup = json_object_new ();
  JsonArray *hands = json_array_new ();
  JsonArray *deck = json_array_new ();
  g_autoptr(GError) error = NULL;
  PtGame *game;
  char code[4];

  for (guint p = 0; p < 2; p++)
    {
      JsonArray *hand = json_array_new ();

      for (guint i = 0; i < PT_LOST_CITIES_HAND_SIZE; i++)
        json_array_add_string_element (hand, pt_lost_cities_card_to_code (
                                                 p == 0 ? hand0[i] : rest[i], code));
      json_array_add_array_element (hands, hand);
    }
  for (guint i = PT_LOST_CITIES_HAND_SIZE; i < n_rest; i++)
    json_array_add_string_element (deck, pt_lost_cities_card_to_code (rest[i], code));
  json_object_set_array_member (setup, "hands", hands);
  json_object_set_array_member (setup, "deck", deck);
  json_object_set_int_member (setup, "first_player", 0);

  game = pt_rules_new_game ("lost-cities", players, NULL, setup, &error);
  g_assert_no_error (error);
  return game;
}

static void
test_no_cheating_bot (void)
{
  PtLostCitiesCard cards[PT_LOST_CITIES_MAX_CARDS];
  guint n = pt_lost_cities_n_cards (5);
  PtRng rng;

  pt_lost_cities_full_deck (5, cards);
  pt_rng_init (&rng, 77);
  pt_rng_shuffle (&rng, cards, n, sizeof cards[0]);

  for (guint level = 0; level < PT_BOT_N_LEVELS; level++)
    {
      PtLostCitiesCard rest[PT_LOST_CITIES_MAX_CARDS];
      g_autoptr(PtGame) game = NULL;
      g_autoptr(PtGame) other = NULL;
      g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", level, 1234, 0, NULL);
      g_autoptr(JsonNode) move = NULL;
      g_autoptr(JsonNode) other_move = NULL;
      g_autoptr(GError) error = NULL;

      memcpy (rest, cards + PT_LOST_CITIES_HAND_SIZE, n - PT_LOST_CITIES_HAND_SIZE);
      game = game_with_deal (cards, rest, n - PT_LOST_CITIES_HAND_SIZE);
      /* Player 1's hand and the deck: the same cards in another order. */
      pt_rng_shuffle (&rng, rest, n - PT_LOST_CITIES_HAND_SIZE, sizeof rest[0]);
      other = game_with_deal (cards, rest, n - PT_LOST_CITIES_HAND_SIZE);

      g_autofree char *reason = NULL;
      g_autofree char *other_reason = NULL;

      move = pt_bot_choose_move_full (bot, game, 0, NULL, &reason, &error);
      g_assert_no_error (error);
      other_move = pt_bot_choose_move_full (bot, other, 0, NULL, &other_reason, &error);
      g_assert_no_error (error);
      g_assert_true (json_node_equal (move, other_move));
      /* The reason tells nothing hidden either. */
      g_assert_cmpstr (reason, ==, other_reason);
    }
}

/* Plays @n_deals deals twice with the seats swapped; returns A's score
 * minus B's summed, and A's wins in *wins (a tie counts half). */
static int
mini_arena (PtBotLevel a,
            PtBotLevel b,
            guint n_deals,
            double *wins)
{
  const char *players[] = { "A", "B", NULL };
  g_autoptr(PtBot) bot_a = pt_bot_new ("lost-cities", a, 1, 0, NULL);
  g_autoptr(PtBot) bot_b = pt_bot_new ("lost-cities", b, 2, 0, NULL);
  int total = 0;

  *wins = 0;
  for (guint round = 0; round < 2 * n_deals; round++)
    {
      guint swap = round % 2;
      g_autoptr(PtGame) game = pt_rules_new_dealt_game ("lost-cities", players, NULL, -1,
                                                         100 + round / 2, NULL);
      int diff;

      for (guint n_moves = 0; !pt_game_get_is_over (game) && n_moves < 1000; n_moves++)
        {
          guint seat = (guint) pt_game_get_current_player (game);
          PtBot *bot = (seat ^ swap) == 0 ? bot_a : bot_b;
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonNode) move = pt_bot_choose_move (bot, game, seat, NULL, &error);

          g_assert_no_error (error);
          g_assert_true (pt_game_request_move (game, seat, move, &error));
        }
      diff = pt_game_get_score (game, swap) - pt_game_get_score (game, swap ^ 1u);
      total += diff;
      *wins += diff > 0 ? 1.0 : diff == 0 ? 0.5
                                          : 0;
    }
  return total;
}

/* Levels are ordered (short arenas; the real figures come from
 * `partida-cli arena`). */
static void
test_levels_ordered (void)
{
  double wins;
  int diff;

  diff = mini_arena (PT_BOT_LEVEL_MEDIUM, PT_BOT_LEVEL_RANDOM, 10, &wins);
  g_test_message ("medium vs random: %.1f of 20, %+d", wins, diff);
  g_assert_cmpfloat (wins, >=, 18);
  g_assert_cmpint (diff, >, 20 * 50);

  diff = mini_arena (PT_BOT_LEVEL_EASY, PT_BOT_LEVEL_RANDOM, 5, &wins);
  g_test_message ("easy vs random: %.1f of 10, %+d", wins, diff);
  g_assert_cmpfloat (wins, >=, 8);

  diff = mini_arena (PT_BOT_LEVEL_MEDIUM, PT_BOT_LEVEL_EASY, 15, &wins);
  g_test_message ("medium vs easy: %.1f of 30, %+d", wins, diff);
  g_assert_cmpfloat (wins, >, 15);
  g_assert_cmpint (diff, >, 0);
}

/* The rollouts' opponent is not the main heuristic (issue 20: Hard must
 * not model its opponent as Medium): on positions from games the main
 * heuristic plays against itself, in whatever style, it picks another
 * move on a good share of the turns (Medium itself: none). */
static void
test_rollout_opponent_independent (void)
{
  guint n_positions = 0, n_differ = 0;

  for (guint deal = 0; deal < 20; deal++)
    {
      PtLostCitiesOptions options;
      PtLostCitiesState state;
      PtRng rng;

      pt_lost_cities_options_init_default (&options);
      pt_rng_init (&rng, 300 + deal);
      pt_lost_cities_state_deal (&state, &options, &rng, 0);
      while (!state.over && state.n_turns < 200)
        {
          PtLostCitiesMove move, opponent_move;

          pt_lost_cities_heuristic_move (&state, &move);
          pt_lost_cities_search_opponent_move (&state, deal * 1000 + state.n_turns, &opponent_move);
          g_assert_cmpint (pt_lost_cities_state_check_move (&state, &opponent_move), ==,
                           PT_LOST_CITIES_MOVE_OK);
          n_positions++;
          n_differ += !same_move (&move, &opponent_move);
          pt_lost_cities_state_apply (&state, &move);
        }
    }
  g_test_message ("the rollout opponent differs on %u of %u positions", n_differ, n_positions);
  g_assert_cmpuint (n_differ * 4, >=, n_positions);
}

/* With a step budget the search spends about the same work on every
 * move: a move late in the round, whose rollouts are a few turns long,
 * gets many more determinisations than one early in the round. */
static void
test_step_budget (void)
{
  PtLostCitiesSearchParams params;
  PtLostCitiesOptions options;
  PtLostCitiesState state;
  PtLostCitiesView view;
  PtLostCitiesMove move;
  guint early = 0, late = 0;
  double expected;
  PtRng rng;

  pt_lost_cities_search_params_init (&params, 5);
  params.max_steps = 20000;

  pt_rng_init (&rng, 5);
  pt_lost_cities_options_init_default (&options);
  pt_lost_cities_state_deal (&state, &options, &rng, 0);
  pt_lost_cities_view_init (&view, &state, state.current);
  g_assert_true (pt_lost_cities_search_full (&view, &params, NULL, &move, &expected, &early, NULL));

  while (pt_lost_cities_state_deck_remaining (&state) > 5 && !state.over)
    {
      pt_lost_cities_heuristic_move (&state, &move);
      pt_lost_cities_state_apply (&state, &move);
    }
  g_assert_false (state.over);
  pt_lost_cities_view_init (&view, &state, state.current);
  g_assert_true (pt_lost_cities_search_full (&view, &params, NULL, &move, &expected, &late, NULL));
  g_test_message ("determinisations: %u at the start, %u with 5 cards in the deck", early, late);
  g_assert_cmpuint (early, >=, 4);
  g_assert_cmpuint (late, >, 3 * early);
}

/* The search's weighted deal: over positions from real games, the
 * opponent's unknown slots get the cards it can no longer play less
 * often than the uniform deal gives them, and the cards it can still play
 * on its expeditions more often. */
static void
test_weighted_determinize (void)
{
  double dead[2] = { 0 }, live[2] = { 0 };

  for (guint64 position = 0; position < 20; position++)
    {
      PtLostCitiesState state, sample;
      PtLostCitiesView view;
      guint opponent;

      mid_round (100 + position, &state);
      opponent = state.current ^ 1u;
      pt_lost_cities_view_init (&view, &state, state.current);
      for (guint64 seed = 0; seed < 400; seed++)
        for (guint weighted = 0; weighted < 2; weighted++)
          {
            PtRng rng;

            pt_rng_init (&rng, seed);
            if (weighted)
              pt_lost_cities_search_determinize (&view, &rng, &sample);
            else
              pt_lost_cities_view_determinize (&view, &rng, &sample);
            for (guint i = view.opponent_known_len; i < sample.hand_len[opponent]; i++)
              {
                PtLostCitiesCard card = sample.hand[opponent][i];
                guint c = PT_LOST_CITIES_CARD_COLOR (card);
                guint kind = PT_LOST_CITIES_CARD_KIND (card);
                guint played = sample.values[opponent][c];

                if (kind == 0 || (played == 0 && sample.wagers[opponent][c] == 0))
                  continue;
                if ((played >> (kind + 1)) != 0)
                  dead[weighted]++;
                else
                  live[weighted]++;
              }
          }
    }
  g_test_message ("dead cards: %.0f uniform, %.0f weighted; live ones: %.0f, %.0f",
                  dead[0], dead[1], live[0], live[1]);
  g_assert_cmpfloat (dead[0], >, 500);
  g_assert_cmpfloat (live[0], >, 500);
  g_assert_cmpfloat (dead[1], <, 0.8 * dead[0]);
  g_assert_cmpfloat (live[1], >, 1.15 * live[0]);
}

/* The rollouts' opponent is a population: with a 9 it can play seven
 * above the top of its red expedition on the red pile, some of its
 * styles take it and some do not. */
static void
test_rollout_opponent_population (void)
{
  PtLostCitiesState state;
  guint n_take = 0;
  PtRng rng;

  for (guint64 attempt = 0;; attempt++)
    {
      PtLostCitiesOptions options;
      guint me;

      pt_lost_cities_options_init_default (&options);
      pt_rng_init (&rng, 700 + attempt);
      pt_lost_cities_state_deal (&state, &options, &rng, 0);
      me = state.current;
      /* Red (colour 0): not in the hand of the player to move; its 2 on
       * its expedition, its 9 on the pile. */
      for (guint i = 0; i < state.hand_len[me]; i++)
        if (PT_LOST_CITIES_CARD_COLOR (state.hand[me][i]) == 0)
          goto next;
      state.values[me][0] = 1u << 2;
      state.pile[0][0] = 8;
      state.pile_len[0] = 1;
      state.piles_mask |= 1u;
      break;
    next:;
    }
  for (guint64 seed = 0; seed < 200; seed++)
    {
      PtLostCitiesMove move;

      pt_lost_cities_search_opponent_move (&state, seed, &move);
      g_assert_cmpint (pt_lost_cities_state_check_move (&state, &move), ==, PT_LOST_CITIES_MOVE_OK);
      n_take += move.draw == 0;
    }
  g_test_message ("%u of 200 styles take the red 9", n_take);
  g_assert_cmpuint (n_take, >=, 20);
  g_assert_cmpuint (n_take, <=, 180);
}

int
main (int argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  pt_rules_init ();

  g_test_add_func ("/ai/lost-cities/view-canonical", test_view_canonical);
  g_test_add_func ("/ai/lost-cities/determinize", test_determinize);
  g_test_add_func ("/ai/lost-cities/no-cheating/search", test_no_cheating_search);
  g_test_add_func ("/ai/lost-cities/no-cheating/bot", test_no_cheating_bot);
  g_test_add_func ("/ai/lost-cities/levels-ordered", test_levels_ordered);
  g_test_add_func ("/ai/lost-cities/search/step-budget", test_step_budget);
  g_test_add_func ("/ai/lost-cities/search/rollout-opponent", test_rollout_opponent_independent);
  g_test_add_func ("/ai/lost-cities/search/rollout-opponent-population", test_rollout_opponent_population);
  g_test_add_func ("/ai/lost-cities/search/weighted-determinize", test_weighted_determinize);

  return g_test_run ();
}
