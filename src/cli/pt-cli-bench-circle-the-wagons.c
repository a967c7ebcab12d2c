/* pt-cli-bench-circle-the-wagons.c — `partida-bench circle-the-wagons`
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two figures, on the typed state API the bots use:
 *   enumerate — every legal placement (anchor × rot 0/180) of a card into a
 *               town of 30 cards, grown by random legal placements;
 *               microseconds per enumeration (target < 20 µs);
 *   games     — random full games: deal, name a random start card, then
 *               random takes and random legal placements until the end,
 *               then score both towns; games per second (target ≥ 2,000).
 * Each is run --repeat times and the median is reported.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pt-circle-the-wagons-game.h"
#include "pt-cli-commands.h"
#include "pt-record.h"
#include "pt-rng.h"
#include "pt-wagons-state.h"

#define N_TOWNS 64

/* Keeps the measured work from being optimised away. */
static volatile gint64 sink;

static void
grow_town (PtWagonsTown *town,
           PtRng *rng,
           guint n_cards)
{
  static PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];

  pt_wagons_town_init (town);
  for (guint i = 0; i < n_cards; i++)
    {
      guint n = pt_wagons_town_list_anchors (town, anchors);
      guint a = pt_rng_below (rng, n);

      pt_wagons_town_place (town, pt_rng_below (rng, PT_WAGONS_N_CARDS),
                            anchors[a].x, anchors[a].y, pt_rng_below (rng, 2));
    }
}

/* The placements of @card: what pt_wagons_state_list_moves() does in the
 * place phase. */
static guint
list_placements (const PtWagonsTown *town,
                 guint card,
                 PtWagonsMove *moves)
{
  PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  guint n_anchors = pt_wagons_town_list_anchors (town, anchors), n = 0;

  for (guint i = 0; i < n_anchors; i++)
    {
      moves[n++] = (PtWagonsMove){ PT_WAGONS_MOVE_PLACE, (guint8) card, 0, anchors[i].x, anchors[i].y };
      moves[n++] = (PtWagonsMove){ PT_WAGONS_MOVE_PLACE, (guint8) card, 1, anchors[i].x, anchors[i].y };
    }
  return n;
}

/* Microseconds per enumeration over @towns; *out_moves: mean placements. */
static double
run_enumerate (const PtWagonsTown *towns,
               guint n_calls,
               double *out_moves)
{
  static PtWagonsMove moves[PT_WAGONS_MAX_MOVES];
  guint64 total = 0;
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < n_calls; i++)
    {
      guint n = list_placements (&towns[i % N_TOWNS], i % PT_WAGONS_N_CARDS, moves);

      total += n;
      sink += moves[n / 2].x;
    }
  *out_moves = (double) total / n_calls;
  return (double) (g_get_monotonic_time () - start) / n_calls;
}

static guint64
play_game (guint64 seed,
           PtRng *rng)
{
  static PtWagonsMove moves[PT_WAGONS_MAX_MOVES];
  guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
  PtWagonsState state;
  PtWagonsTally tallies[2];
  PtWagonsScore score;
  guint first, n_moves = 0;

  pt_wagons_deal_state (seed, -1, bonus, circle, &first);
  pt_wagons_state_init (&state, bonus, circle, first);
  while (pt_wagons_state_get_phase (&state) != PT_WAGONS_PHASE_OVER)
    {
      guint n = pt_wagons_state_list_moves (&state, moves);

      pt_wagons_state_apply_move (&state, &moves[pt_rng_below (rng, n)]);
      n_moves++;
    }
  pt_wagons_state_score (&state, tallies, &score);
  return (guint64) (score.total[0] + score.total[1] + 1000) + ((guint64) n_moves << 32);
}

static double
run_games (guint64 seed,
           guint n_games,
           guint64 *out_moves)
{
  PtRng rng;
  guint64 moves = 0;
  gint64 start = g_get_monotonic_time ();

  pt_rng_init (&rng, seed);
  for (guint i = 0; i < n_games; i++)
    moves += play_game (seed * 1000003u + i, &rng) >> 32;
  *out_moves = moves;
  return n_games / MAX ((double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC, 1e-9);
}

int
pt_cli_bench_circle_the_wagons (int argc,
                                char **argv)
{
  int n_games = 20000, n_calls = 200000, repeats = 5;
  gint64 seed = 1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "Random games per run (default 20000)", "N" },
    { "calls", 0, 0, G_OPTION_ARG_INT, &n_calls, "Enumerations per run (default 200000)", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeats, "Runs of each; the median is reported (default 5)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed (default 1)", "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the figures as JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
                 g_option_context_new ("— Circle the Wagons: placement enumeration and random games (one core)");
  g_autoptr(GError) error = NULL;
  g_autofree PtWagonsTown *towns = NULL;
  double micros[99], rates[99], mean_moves = 0;
  guint64 game_moves = 0;
  guint max_span = 0;
  PtRng rng;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-bench circle-the-wagons: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 1 || n_games < 1 || n_calls < 1 || repeats < 1 || repeats > 99)
    {
      fprintf (stderr, "Usage: partida-bench circle-the-wagons [OPTIONS…] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  towns = g_new (PtWagonsTown, N_TOWNS);
  pt_rng_init (&rng, (guint64) seed);
  for (guint i = 0; i < N_TOWNS; i++)
    {
      grow_town (&towns[i], &rng, 30);
      max_span = MAX (max_span, (guint) MAX (towns[i].max_x - towns[i].min_x, towns[i].max_y - towns[i].min_y) + 1);
    }

  for (int i = 0; i < repeats; i++)
    micros[i] = run_enumerate (towns, (guint) n_calls, &mean_moves);
  for (int i = 0; i < repeats; i++)
    rates[i] = run_games ((guint64) seed + (guint64) i, (guint) n_games, &game_moves);
  qsort (micros, (gsize) repeats, sizeof micros[0], pt_cli_compare_doubles);
  qsort (rates, (gsize) repeats, sizeof rates[0], pt_cli_compare_doubles);

  if (json)
    {
      g_autoptr(JsonObject) root = json_object_new ();
      g_autoptr(JsonNode) node = NULL;

      json_object_set_int_member (root, "town_cards", 30);
      json_object_set_double_member (root, "placements_per_enumeration", mean_moves);
      json_object_set_double_member (root, "enumerate_us_median", micros[repeats / 2]);
      json_object_set_double_member (root, "enumerate_us_min", micros[0]);
      json_object_set_double_member (root, "enumerate_us_max", micros[repeats - 1]);
      json_object_set_int_member (root, "games", n_games);
      json_object_set_int_member (root, "runs", repeats);
      json_object_set_double_member (root, "moves_per_game", (double) game_moves / n_games);
      json_object_set_double_member (root, "games_per_second_median", rates[repeats / 2]);
      json_object_set_double_member (root, "games_per_second_min", rates[0]);
      json_object_set_double_member (root, "games_per_second_max", rates[repeats - 1]);
      node = pt_json_node_new_object (g_steal_pointer (&root));
      pt_cli_print_json (node, FALSE);
    }
  else
    {
      printf ("circle-the-wagons enumerate: %.2f µs per enumeration of a card into a 30-card town "
              "(median of %d runs of %d; min %.2f, max %.2f), %.0f placements, towns up to %u cells wide\n",
              micros[repeats / 2], repeats, n_calls, micros[0], micros[repeats - 1], mean_moves, max_span);
      printf ("circle-the-wagons games: %.0f random full games/s (median of %d runs of %d; min %.0f, max %.0f), "
              "%.1f moves/game\n",
              rates[repeats / 2], repeats, n_games, rates[0], rates[repeats - 1],
              (double) game_moves / n_games);
    }
  return PT_CLI_EXIT_OK;
}
