/* test-next-station-bot.c — the Next Station: London computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-bot.h"
#include "pt-next-station-game.h"
#include "pt-next-station-search.h"
#include "pt-rules.h"

#define GAME_ID "next-station-london"

static const char *const two_players[] = { "Ana", "Beto", NULL };

static PtGame *
deal (const char *options_text,
      guint64 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) options = pt_json_parse (options_text, &error);
  PtGame *game;

  g_assert_no_error (error);
  game = pt_rules_new_dealt_game (GAME_ID, two_players, json_node_get_object (options),
                                  -1, seed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* A game with the given round-1 deck (in flip order) and @later for the
 * other three rounds. */
static PtGame *
game_with_decks (const char *round1,
                 const char *later)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf (
      "{\"colour_order\": [[\"pink\", \"green\", \"blue\", \"purple\"],"
      "                    [\"blue\", \"pink\", \"purple\", \"green\"]],"
      " \"decks\": [%s, %s, %s, %s], \"powers\": {}}",
      round1, later, later, later);
  g_autoptr(JsonNode) setup = pt_json_parse (text, &error);
  g_autoptr(JsonNode) options = pt_json_parse ("{}", NULL);
  PtGame *game;

  g_assert_no_error (error);
  game = pt_rules_new_game (GAME_ID, two_players, json_node_get_object (options),
                            json_node_get_object (setup), &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static JsonNode *
bot_move (PtBot *bot,
          PtGame *game)
{
  g_autoptr(GError) error = NULL;
  int player = pt_game_get_current_player (game);
  JsonNode *move;

  g_assert_cmpint (player, >=, 0);
  move = pt_bot_choose_move (bot, game, (guint) player, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (move);
  return move;
}

/* Every move a bot returns is accepted by the rules, at every level, with
 * and without the modules. Hard gets a tiny time budget: legality does
 * not depend on how long it thinks. */
static void
test_legal (void)
{
  static const char *const options[] = {
    "{}",
    "{\"objectives\": true, \"powers\": true}",
  };

  for (guint level = PT_BOT_LEVEL_EASY; level <= PT_BOT_LEVEL_HARD; level++)
    for (guint o = 0; o < G_N_ELEMENTS (options); o++)
      for (guint64 seed = 1; seed <= 2; seed++)
        {
          g_autoptr(PtGame) game = deal (options[o], seed * 31 + level);
          g_autoptr(PtBot) bot = NULL;
          g_autoptr(GError) error = NULL;
          guint moves = 0;

          bot = pt_bot_new (GAME_ID, (PtBotLevel) level, seed, level == PT_BOT_LEVEL_HARD ? 2 : 0,
                            &error);
          g_assert_no_error (error);
          while (!pt_game_get_is_over (game))
            {
              int player = pt_game_get_current_player (game);
              g_autoptr(JsonNode) move = bot_move (bot, game);

              if (!pt_game_request_move (game, (guint) player, move, &error))
                {
                  g_autofree char *text = json_to_string (move, FALSE);
                  g_error ("level %u options %s: illegal move %s: %s", level, options[o],
                           text, error->message);
                }
              moves++;
            }
          g_assert_cmpuint (moves, >=, 2 * 4 * 5);
        }
}

/* The same game and seed give the same move; the bot is a pure function
 * of what it sees. */
static void
test_deterministic (void)
{
  for (guint level = PT_BOT_LEVEL_EASY; level <= PT_BOT_LEVEL_HARD; level++)
    {
      g_autoptr(PtGame) game = deal ("{\"powers\": true}", 7);
      g_autoptr(PtBot) a = pt_bot_new (GAME_ID, (PtBotLevel) level, 99, 0, NULL);
      g_autoptr(PtBot) b = pt_bot_new (GAME_ID, (PtBotLevel) level, 99, 0, NULL);

      for (guint turn = 0; turn < 6 && !pt_game_get_is_over (game); turn++)
        {
          g_autoptr(JsonNode) ma = bot_move (a, game);
          g_autoptr(JsonNode) mb = bot_move (b, game);
          g_autoptr(GError) error = NULL;

          g_assert_true (json_node_equal (ma, mb));
          g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game),
                                               ma, &error));
          g_assert_no_error (error);
        }
    }
}

/* Two games that differ only in cards nobody has seen: after the same
 * visible turns, the bots choose the same moves. */
static void
test_no_peeking (void)
{
  /* Four street/underground cards without a switch, then two different
   * orders of the rest; the later rounds differ completely. */
  const char *prefix = "\"U:circle\", \"S:triangle\", \"S:square\", \"U:joker\"";
  g_autofree char *round1_a = g_strdup_printf (
      "[%s, \"U:square\", \"S:switch\", \"U:pentagon\", \"S:joker\", \"U:triangle\","
      " \"S:circle\", \"S:pentagon\"]",
      prefix);
  g_autofree char *round1_b = g_strdup_printf (
      "[%s, \"S:pentagon\", \"U:triangle\", \"S:circle\", \"U:pentagon\", \"S:switch\","
      " \"U:square\", \"S:joker\"]",
      prefix);
  const char *later_a = "[\"S:circle\", \"S:triangle\", \"S:square\", \"S:pentagon\", \"S:joker\","
                        " \"S:switch\", \"U:circle\", \"U:triangle\", \"U:square\", \"U:pentagon\","
                        " \"U:joker\"]";
  const char *later_b = "[\"U:joker\", \"U:pentagon\", \"U:square\", \"U:triangle\", \"U:circle\","
                        " \"S:switch\", \"S:joker\", \"S:pentagon\", \"S:square\", \"S:triangle\","
                        " \"S:circle\"]";
  g_autoptr(PtGame) a = game_with_decks (round1_a, later_a);
  g_autoptr(PtGame) b = game_with_decks (round1_b, later_b);
  g_autoptr(PtBot) medium = pt_bot_new (GAME_ID, PT_BOT_LEVEL_MEDIUM, 5, 0, NULL);

  /* Three turns (6 actions) on the shared prefix, then the 4th card. */
  for (guint step = 0; step < 8; step++)
    {
      for (guint level = PT_BOT_LEVEL_EASY; level <= PT_BOT_LEVEL_HARD; level++)
        {
          g_autoptr(PtBot) bot = pt_bot_new (GAME_ID, (PtBotLevel) level, 11, 0, NULL);
          g_autoptr(JsonNode) ma = bot_move (bot, a);
          g_autoptr(JsonNode) mb = bot_move (bot, b);

          g_assert_true (json_node_equal (ma, mb));
        }
      {
        g_autoptr(JsonNode) move = bot_move (medium, a);
        guint player = (guint) pt_game_get_current_player (a);
        g_autoptr(GError) error = NULL;

        g_assert_true (pt_game_request_move (a, player, move, &error));
        g_assert_true (pt_game_request_move (b, player, move, &error));
        g_assert_no_error (error);
      }
    }
}

/* The view hides exactly the cards not flipped yet. */
static void
test_view (void)
{
  g_autoptr(PtGame) game = deal ("{}", 3);
  const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));
  PtNsView view;
  guint16 cards = 0;

  g_assert_true (pt_ns_view_init (&view, state, 1));
  g_assert_cmpuint (view.solo.n_players, ==, 1);
  g_assert_cmpuint (view.n_unseen + state->next_card, ==, PT_NS_N_CARDS);
  for (guint i = 0; i < state->next_card; i++)
    g_assert_cmpuint (view.solo.decks[0][i], ==, state->decks[0][i]);
  for (guint i = 0; i < PT_NS_N_CARDS; i++)
    cards |= (guint16) (1u << view.solo.decks[0][i]);
  g_assert_cmpuint (cards, ==, (1u << PT_NS_N_CARDS) - 1);
  for (guint i = 1; i < view.n_unseen; i++)
    g_assert_cmpuint (view.unseen[i - 1], <, view.unseen[i]);
  g_assert_cmpuint (view.solo.colour_order[0][0], ==, state->colour_order[1][0]);

  /* Once a player has acted on the card it has no view to act from. */
  g_assert_true (pt_game_request_move_string (game, 0, "{\"pass\": true}", NULL));
  g_assert_false (pt_ns_view_init (&view, state, 0));
  g_assert_true (pt_ns_view_init (&view, state, 1));
}

/* The benchmark's open view hides nothing: every deck as dealt. */
static void
test_view_open (void)
{
  g_autoptr(PtGame) game = deal ("{}", 3);
  const PtNextStationState *state = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));
  PtNsView hidden, open;

  g_assert_true (pt_ns_view_init (&hidden, state, 1));
  g_assert_true (pt_ns_view_init_open (&open, state, 1));
  g_assert_false (hidden.open);
  g_assert_true (open.open);
  g_assert_cmpuint (open.n_unseen, ==, 0);
  /* (The ordinary view does hide a later deck of this deal.) */
  g_assert_cmpint (memcmp (hidden.solo.decks[1], state->decks[1], sizeof state->decks[1]), !=, 0);
  g_assert_cmpmem (open.solo.decks, sizeof open.solo.decks, state->decks, sizeof state->decks);
  /* Everything else is the ordinary view's. */
  g_assert_cmpmem (&open.solo.players[0], sizeof open.solo.players[0],
                   &hidden.solo.players[0], sizeof hidden.solo.players[0]);
  g_assert_cmpuint (open.solo.next_card, ==, hidden.solo.next_card);
  g_assert_cmpuint (open.player, ==, hidden.player);

  g_assert_true (pt_game_request_move_string (game, 0, "{\"pass\": true}", NULL));
  g_assert_false (pt_ns_view_init_open (&open, state, 0));
}

enum
{
  SOLO_MEDIUM,
  SOLO_HARD,
  SOLO_ROLLOUT, /* Hard's playout policy alone */
};

static int
solo_game (guint64 seed,
           int hard)
{
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 colours[1][PT_NS_ROUNDS] = { { PT_LINE_PURPLE, PT_LINE_BLUE, PT_LINE_PINK, PT_LINE_GREEN } };
  PtNextStationState state;
  PtRng rng;
  guint turn = 0;

  pt_rng_init (&rng, seed);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      for (guint i = 0; i < PT_NS_N_CARDS; i++)
        decks[r][i] = (guint8) i;
      pt_rng_shuffle (&rng, decks[r], PT_NS_N_CARDS, 1);
    }
  pt_rng_shuffle (&rng, colours[0], PT_NS_ROUNDS, 1);
  pt_next_station_state_init (&state, pt_station_map_get_london (), 1,
                              (const guint8 (*)[PT_NS_N_CARDS]) decks,
                              (const guint8 (*)[PT_NS_ROUNDS]) colours, FALSE, NULL, 0);
  while (!state.over)
    {
      PtNextStationAction action;
      PtNsView view;
      PtRng bot_rng;

      pt_rng_init (&bot_rng, pt_rng_derive_seed (seed, turn++));
      g_assert_true (pt_ns_view_init (&view, &state, 0));
      if (hard == SOLO_HARD)
        {
          PtNsSearchParams params;

          pt_ns_search_params_init (&params);
          params.n_samples = 24;
          params.top_k = 6;
          g_assert_true (pt_ns_search (&view, &params, &bot_rng, NULL, &action, NULL));
        }
      else if (hard == SOLO_ROLLOUT)
        pt_ns_rollout_action (&view.solo, &bot_rng, &action);
      else
        pt_ns_greedy_action (&view.solo, 0.0, &bot_rng, &action);
      g_assert_true (pt_next_station_state_apply (&state, 0, &action, NULL));
    }
  return pt_ns_solo_total (&state);
}

/* Even a small search beats greedy play on the same deals. */
static void
test_hard_beats_medium (void)
{
  int hard = 0, medium = 0;

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      hard += solo_game (seed, SOLO_HARD);
      medium += solo_game (seed, SOLO_MEDIUM);
    }
  g_test_message ("5 solo games: hard %d, medium %d", hard, medium);
  g_assert_cmpint (hard, >, medium);
}

/* Hard's playouts are only as good as their policy: over 3,000 fixed
 * deals it averages at least ROLLOUT_FLOOR (the policy scores ~14 points
 * apart from one deal to the next, so fewer deals cannot tell a point's
 * difference), and clearly more than Medium's greedy play. */
#define ROLLOUT_DEALS 3000
/* 145.29 with the free ways out of later lines' departure stations
 * (issue 20, round 5); 144.66 without them and the retuned weights. */
#define ROLLOUT_FLOOR 145.0

static void
test_rollout_policy (void)
{
  double rollout = 0, medium = 0;

  for (guint64 seed = 5001; seed < 5001 + ROLLOUT_DEALS; seed++)
    {
      rollout += solo_game (seed, SOLO_ROLLOUT);
      if (seed < 5001 + ROLLOUT_DEALS / 10)
        medium += solo_game (seed, SOLO_MEDIUM);
    }
  rollout /= ROLLOUT_DEALS;
  medium /= ROLLOUT_DEALS / 10;
  g_test_message ("%u solo games: rollout policy %.2f; %u: medium %.2f", ROLLOUT_DEALS, rollout,
                  ROLLOUT_DEALS / 10, medium);
  g_assert_cmpfloat (rollout, >=, ROLLOUT_FLOOR);
  g_assert_cmpfloat (rollout, >=, medium + 8);
}

/* The step cap bounds the work of the slowest turns (the first of the
 * game, whose rollouts play 4 rounds out): with room for 1,000 samples
 * per candidate, the search stops after about max_steps simulated turns
 * times the round's scale (each halving phase may finish the sample it
 * started: at most candidates × 40 turns over), and uses them. Checked
 * on the first turn of every round (played there by Medium): the later
 * rounds, whose rollouts are short, also spend their scaled steps. */
static void
test_step_cap (void)
{
  g_autoptr(PtGame) game = deal ("{}", 9);
  PtNextStationState state = *pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game));
  PtRng play_rng;

  pt_rng_init (&play_rng, 5);
  for (guint round = 0; round < PT_NS_ROUNDS; round++)
    {
      PtNsSearchParams params;
      PtNextStationAction action;
      guint64 steps = 0;
      double scaled;
      PtNsView view;
      PtRng rng;

      /* Both players draw by Medium's choice up to the round. */
      while (state.round < round)
        for (guint p = 0; p < state.n_players && state.round < round; p++)
          if (pt_ns_view_init (&view, &state, p))
            {
              pt_ns_greedy_action (&view.solo, 0.0, &play_rng, &action);
              g_assert_true (pt_next_station_state_apply (&state, p, &action, NULL));
            }
      g_assert_cmpuint (state.round, ==, round);
      g_assert_true (pt_ns_view_init (&view, &state, 0));
      pt_ns_search_params_init (&params);
      params.n_samples = 1000;
      params.max_steps = 3000;
      scaled = params.max_steps * params.round_scale[round];
      if (round == 0)
        g_assert_cmpfloat (params.round_scale[0], >, 1.0);
      pt_rng_init (&rng, 3);
      g_assert_true (pt_ns_search_full (&view, &params, &rng, NULL, &action, NULL, &steps, NULL));
      g_test_message ("round %u: %" G_GUINT64_FORMAT " turns simulated (cap %.0f)", round + 1, steps, scaled);
      g_assert_cmpuint (steps, <=, scaled + 5 * (params.top_k + 1) * 40);
      g_assert_cmpuint (steps, >=, scaled * 0.9);
      g_assert_true (pt_next_station_state_apply (&view.solo, 0, &action, NULL));
    }
}

int
main (int argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  pt_rules_init ();

  g_test_add_func ("/ai/next-station/legal", test_legal);
  g_test_add_func ("/ai/next-station/deterministic", test_deterministic);
  g_test_add_func ("/ai/next-station/no-peeking", test_no_peeking);
  g_test_add_func ("/ai/next-station/view", test_view);
  g_test_add_func ("/ai/next-station/view-open", test_view_open);
  g_test_add_func ("/ai/next-station/hard-beats-medium", test_hard_beats_medium);
  g_test_add_func ("/ai/next-station/rollout-policy", test_rollout_policy);
  g_test_add_func ("/ai/next-station/step-cap", test_step_cap);
  return g_test_run ();
}
