/* test-wagons-bot.c — the Circle the Wagons computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-bot.h"
#include "pt-circle-the-wagons-game.h"
#include "pt-rules.h"
#include "pt-wagons-search.h"

#define GAME_ID "circle-the-wagons"

static const char *const two_players[] = { "Ana", "Beto", NULL };

static PtGame *
deal (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  PtGame *game = pt_rules_new_dealt_game (GAME_ID, two_players, NULL, -1, seed, &error);

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

/* Full games between two levels: every move is accepted by the rules.
 * Hard thinks for 5 ms a move here: legality does not depend on it. */
static void
test_legal (void)
{
  static const PtBotLevel pairs[][2] = {
    { PT_BOT_LEVEL_EASY, PT_BOT_LEVEL_MEDIUM },
    { PT_BOT_LEVEL_HARD, PT_BOT_LEVEL_EASY },
    { PT_BOT_LEVEL_MEDIUM, PT_BOT_LEVEL_HARD },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    for (guint64 seed = 1; seed <= 2; seed++)
      {
        g_autoptr(PtGame) game = deal (seed * 17 + i);
        g_autoptr(PtBot) a = pt_bot_new (GAME_ID, pairs[i][0], seed, 5, NULL);
        g_autoptr(PtBot) b = pt_bot_new (GAME_ID, pairs[i][1], seed + 1, 5, NULL);
        guint moves = 0;

        g_assert_nonnull (a);
        g_assert_nonnull (b);
        while (!pt_game_get_is_over (game))
          {
            int player = pt_game_get_current_player (game);
            g_autoptr(JsonNode) move = bot_move (player == 0 ? a : b, game);
            g_autoptr(GError) error = NULL;

            if (!pt_game_request_move (game, (guint) player, move, &error))
              {
                g_autofree char *text = json_to_string (move, FALSE);
                g_error ("illegal move %s: %s", text, error->message);
              }
            moves++;
          }
        /* The start, at least 1 take, and 15 placements. */
        g_assert_cmpuint (moves, >=, 17);
      }
}

/* Same position and seed: same move, at every level. */
static void
test_deterministic (void)
{
  g_autoptr(PtGame) game = deal (5);
  g_autoptr(PtBot) medium = pt_bot_new (GAME_ID, PT_BOT_LEVEL_MEDIUM, 1, 0, NULL);

  for (guint step = 0; step < 5 && !pt_game_get_is_over (game); step++)
    {
      g_autoptr(JsonNode) next = NULL;
      g_autoptr(GError) error = NULL;

      const PtWagonsState *state = pt_circle_the_wagons_game_get_state (PT_CIRCLE_THE_WAGONS_GAME (game));
      PtWagonsSearchParams hard;
      PtWagonsMove ha, hb;
      PtRng ra, rb;

      for (guint level = PT_BOT_LEVEL_EASY; level <= PT_BOT_LEVEL_MEDIUM; level++)
        {
          g_autoptr(PtBot) a = pt_bot_new (GAME_ID, (PtBotLevel) level, 42, 0, NULL);
          g_autoptr(PtBot) b = pt_bot_new (GAME_ID, (PtBotLevel) level, 42, 0, NULL);
          g_autoptr(JsonNode) ma = bot_move (a, game);
          g_autoptr(JsonNode) mb = bot_move (b, game);

          g_assert_true (json_node_equal (ma, mb));
        }
      /* Hard on a smaller work budget, to keep the test fast (the budget
       * counts work, not time, so it is reproducible too). */
      pt_wagons_search_params_init (&hard, PT_BOT_LEVEL_HARD);
      hard.work_limit = 5000;
      pt_rng_init (&ra, 42);
      pt_rng_init (&rb, 42);
      g_assert_true (pt_wagons_search_move (state, &hard, &ra, NULL, &ha, NULL));
      g_assert_true (pt_wagons_search_move (state, &hard, &rb, NULL, &hb, NULL));
      g_assert_cmpuint (ha.kind, ==, hb.kind);
      g_assert_cmpuint (ha.card, ==, hb.card);
      g_assert_cmpint (ha.x, ==, hb.x);
      g_assert_cmpint (ha.y, ==, hb.y);
      g_assert_cmpuint (ha.rot180, ==, hb.rot180);
      g_assert_true (pt_wagons_state_check_move (state, (guint) pt_wagons_state_get_current_player (state),
                                                 &ha, NULL));
      next = bot_move (medium, game);
      g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game),
                                           next, &error));
      g_assert_no_error (error);
    }
}

/* Brute force: the value for @me of @state when both players take
 * optimally and every card is placed as the bots place it. */
static double
minimax (const PtWagonsState *state,
         guint me)
{
  PtWagonsSearchParams greedy;
  PtWagonsMove moves[PT_WAGONS_N_CIRCLE];
  PtWagonsState copy = *state;
  double best;
  guint n, mover;

  pt_wagons_search_params_init (&greedy, PT_BOT_LEVEL_MEDIUM);
  while (pt_wagons_state_get_phase (&copy) == PT_WAGONS_PHASE_PLACE)
    {
      PtWagonsMove place;

      g_assert_true (pt_wagons_search_move (&copy, &greedy, NULL, NULL, &place, NULL));
      g_assert_true (pt_wagons_state_check_move (&copy, (guint) pt_wagons_state_get_current_player (&copy),
                                                 &place, NULL));
      pt_wagons_state_apply_move (&copy, &place);
    }
  if (pt_wagons_state_get_phase (&copy) == PT_WAGONS_PHASE_OVER)
    {
      PtWagonsTally tallies[2];
      PtWagonsScore score;

      pt_wagons_state_score (&copy, tallies, &score);
      return (score.winners == 3 ? 0 : (score.winners & (1u << me)) ? 1000
                                                                    : -1000) +
             score.total[me] - score.total[1 - me];
    }
  mover = (guint) pt_wagons_state_get_current_player (&copy);
  n = pt_wagons_state_list_moves (&copy, moves);
  best = mover == me ? -G_MAXDOUBLE : G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      PtWagonsState after = copy;
      double value;

      pt_wagons_state_apply_move (&after, &moves[i]);
      value = minimax (&after, me);
      best = mover == me ? MAX (best, value) : MIN (best, value);
    }
  return best;
}

/* Near the end Hard searches to the end of the game: its take is worth
 * as much as the best one found by brute force. */
static void
test_exact_end (void)
{
  guint checked = 0;

  for (guint64 seed = 1; seed <= 4; seed++)
    {
      g_autoptr(PtGame) game = deal (seed);
      g_autoptr(PtBot) medium = pt_bot_new (GAME_ID, PT_BOT_LEVEL_MEDIUM, seed, 0, NULL);
      const PtWagonsState *state = pt_circle_the_wagons_game_get_state (PT_CIRCLE_THE_WAGONS_GAME (game));
      guint8 queue[PT_WAGONS_N_CIRCLE];

      /* Medium plays until a take with at most 4 cards in the queue. */
      while (!pt_game_get_is_over (game) &&
             !(pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_TAKE &&
               pt_wagons_state_get_queue (state, queue) <= 4))
        {
          g_autoptr(JsonNode) move = bot_move (medium, game);

          g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game),
                                               move, NULL));
        }
      if (pt_game_get_is_over (game))
        continue;

      {
        PtWagonsSearchParams hard;
        PtWagonsMove move;
        PtWagonsState after = *state;
        guint me = (guint) pt_wagons_state_get_current_player (state);
        PtRng rng;

        pt_rng_init (&rng, seed);
        pt_wagons_search_params_init (&hard, PT_BOT_LEVEL_HARD);
        g_assert_true (pt_wagons_search_move (state, &hard, &rng, NULL, &move, NULL));
        g_assert_cmpuint (move.kind, ==, PT_WAGONS_MOVE_TAKE);
        pt_wagons_state_apply_move (&after, &move);
        g_assert_cmpfloat_with_epsilon (minimax (&after, me), minimax (state, me), 1e-6);
        checked++;
      }
    }
  g_assert_cmpuint (checked, >=, 2);
}

/* The value for @me of @state played to the end by Medium on both sides:
 * the score difference, ±1000 for a game won or lost. */
static double
medium_playout (const PtWagonsState *state,
                guint me)
{
  PtWagonsSearchParams medium;
  PtWagonsState copy = *state;
  PtWagonsTally tallies[2];
  PtWagonsScore score;

  pt_wagons_search_params_init (&medium, PT_BOT_LEVEL_MEDIUM);
  while (pt_wagons_state_get_phase (&copy) != PT_WAGONS_PHASE_OVER)
    {
      PtWagonsMove move;

      g_assert_true (pt_wagons_search_move (&copy, &medium, NULL, NULL, &move, NULL));
      pt_wagons_state_apply_move (&copy, &move);
    }
  pt_wagons_state_score (&copy, tallies, &score);
  return (score.winners == 3 ? 0 : (score.winners & (1u << me)) ? 1000
                                                                : -1000) +
         score.total[me] - score.total[1 - me];
}

/* Hard plays a placement out before choosing it: with playouts that are
 * Medium's on both sides, its placement is never worse than Medium's
 * (the greedy one, which it also plays out) against Medium, and
 * somewhere it is a different one. */
static void
test_placement_lookahead (void)
{
  guint checked = 0, different = 0;

  for (guint64 seed = 1; seed <= 2; seed++)
    {
      g_autoptr(PtGame) game = deal (seed + 40);
      g_autoptr(PtBot) medium = pt_bot_new (GAME_ID, PT_BOT_LEVEL_MEDIUM, seed, 0, NULL);
      const PtWagonsState *state = pt_circle_the_wagons_game_get_state (PT_CIRCLE_THE_WAGONS_GAME (game));

      while (!pt_game_get_is_over (game))
        {
          g_autoptr(JsonNode) next = NULL;

          guint8 queue[PT_WAGONS_N_CIRCLE];

          /* The second half of the draft: short playouts, a fast test. */
          if (pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_PLACE &&
              pt_wagons_state_get_queue (state, queue) <= 8 && checked < 8 * (guint) seed)
            {
              PtWagonsSearchParams hard, greedy;
              PtWagonsMove h, g;
              PtWagonsState after_h = *state, after_g = *state;
              guint me = (guint) pt_wagons_state_get_current_player (state);
              PtRng rng;

              pt_rng_init (&rng, seed);
              pt_wagons_search_params_init (&hard, PT_BOT_LEVEL_HARD);
              pt_wagons_search_params_init (&greedy, PT_BOT_LEVEL_MEDIUM);
              /* Its own playouts take among the first cards only; with
               * all of them they are Medium's, and the claim is exact. */
              hard.rollout_horizon = 0;
              g_assert_true (pt_wagons_search_move (state, &hard, &rng, NULL, &h, NULL));
              g_assert_true (pt_wagons_search_move (state, &greedy, NULL, NULL, &g, NULL));
              g_assert_true (pt_wagons_state_check_move (state, me, &h, NULL));
              pt_wagons_state_apply_move (&after_h, &h);
              pt_wagons_state_apply_move (&after_g, &g);
              g_assert_cmpfloat (medium_playout (&after_h, me), >=, medium_playout (&after_g, me));
              different += h.x != g.x || h.y != g.y || h.rot180 != g.rot180;
              checked++;
            }
          next = bot_move (medium, game);
          g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game),
                                               next, NULL));
        }
    }
  g_assert_cmpuint (checked, ==, 16);
  g_assert_cmpuint (different, >=, 1);
}

int
main (int argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  pt_rules_init ();

  g_test_add_func ("/ai/circle-the-wagons/legal", test_legal);
  g_test_add_func ("/ai/circle-the-wagons/deterministic", test_deterministic);
  g_test_add_func ("/ai/circle-the-wagons/exact-end", test_exact_end);
  g_test_add_func ("/ai/circle-the-wagons/placement-lookahead", test_placement_lookahead);
  return g_test_run ();
}
