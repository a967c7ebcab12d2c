/* pt-cli-bench-wagons-bot.c — `partida-bench wagons-bot`
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thinking time of the Circle the Wagons computer players, in CPU
 * time (what one core does, whatever else runs on the machine): N seeded
 * deals, each played twice with the seats swapped between level A and
 * level B, on the typed API the bots use. Prints A's wins and the CPU
 * time per move of each level (median, 95th percentile, maximum). The
 * arena (`partida-cli arena circle-the-wagons`) is the yardstick for
 * strength; this is the one for speed.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "pt-bot.h"
#include "pt-circle-the-wagons-game.h"
#include "pt-cli-commands.h"
#include "pt-wagons-search.h"

static const char *const phase_names[] = { "start", "take", "place" };

static void
print_times (const char *label,
             GArray *times,
             double max_by_phase[3])
{
  g_array_sort (times, pt_cli_compare_doubles);
  printf ("  %-8s CPU per move: median %.2f ms, 95th percentile %.2f ms, max %.2f ms (%u moves); "
          "max by phase:",
          label, g_array_index (times, double, times->len / 2),
          g_array_index (times, double, MIN (times->len - 1, (guint) (times->len * 0.95))),
          g_array_index (times, double, times->len - 1), times->len);
  for (guint i = 0; i < 3; i++)
    printf (" %s %.2f ms", phase_names[i], max_by_phase[i]);
  printf ("\n");
}

int
pt_cli_bench_wagons_bot (int argc,
                         char **argv)
{
  int n_deals = 20;
  gint64 seed = 1;
  g_autofree char *a_id = NULL, *b_id = NULL;
  GOptionEntry entries[] = {
    { "a", 0, 0, G_OPTION_ARG_STRING, &a_id, "Level A (default hard)", "LEVEL" },
    { "b", 0, 0, G_OPTION_ARG_STRING, &b_id, "Level B (default medium)", "LEVEL" },
    { "deals", 0, 0, G_OPTION_ARG_INT, &n_deals, "Deals, each played twice (default 20)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed (default 1)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
                 g_option_context_new ("— CPU time per move of the Circle the Wagons computer players");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) times_a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) times_b = g_array_new (FALSE, FALSE, sizeof (double));
  PtBotLevel levels[2];
  double wins_a = 0, max_by_phase[2][3] = { { 0 } };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-bench wagons-bot: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 1 || n_deals < 1 ||
      !pt_bot_level_from_id (a_id != NULL ? a_id : "hard", &levels[0]) ||
      !pt_bot_level_from_id (b_id != NULL ? b_id : "medium", &levels[1]) ||
      levels[0] > PT_BOT_LEVEL_HARD || levels[1] > PT_BOT_LEVEL_HARD)
    {
      fprintf (stderr, "Usage: partida-bench wagons-bot [--a LEVEL] [--b LEVEL] [--deals N] [--seed S]\n");
      return PT_CLI_EXIT_USAGE;
    }

  for (int d = 0; d < n_deals; d++)
    for (guint swap = 0; swap < 2; swap++)
      {
        guint64 deal_seed = pt_rng_derive_seed ((guint64) seed, (guint64) d);
        guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
        PtWagonsSearchParams params[2];
        PtWagonsState state;
        PtWagonsTally tallies[2];
        PtWagonsScore score;
        guint first, a_seat = swap;
        PtRng rng;

        pt_wagons_deal_state (deal_seed, -1, bonus, circle, &first);
        pt_wagons_state_init (&state, bonus, circle, first);
        pt_rng_init (&rng, deal_seed ^ swap);
        for (guint side = 0; side < 2; side++)
          pt_wagons_search_params_init (&params[side], levels[side]);
        while (pt_wagons_state_get_phase (&state) != PT_WAGONS_PHASE_OVER)
          {
            guint player = (guint) pt_wagons_state_get_current_player (&state);
            guint side = player == a_seat ? 0 : 1;
            PtWagonsPhase phase = pt_wagons_state_get_phase (&state);
            double start = pt_cli_thread_cpu_ms (), ms;
            PtWagonsMove move;

            pt_wagons_search_move (&state, &params[side], &rng, NULL, &move, NULL);
            ms = pt_cli_thread_cpu_ms () - start;
            g_array_append_val (side == 0 ? times_a : times_b, ms);
            max_by_phase[side][phase] = MAX (max_by_phase[side][phase], ms);
            if (!pt_wagons_state_check_move (&state, player, &move, &error))
              {
                fprintf (stderr, "partida-bench wagons-bot: illegal move: %s\n", error->message);
                return PT_CLI_EXIT_INVALID;
              }
            pt_wagons_state_apply_move (&state, &move);
          }
        pt_wagons_state_score (&state, tallies, &score);
        if (score.winners == 3)
          wins_a += 0.5;
        else if (score.winners & (1u << a_seat))
          wins_a += 1;
      }

  printf ("wagons-bot %s vs %s: %d deals played twice, A wins %.1f %%\n",
          pt_bot_level_to_id (levels[0]), pt_bot_level_to_id (levels[1]), n_deals,
          100.0 * wins_a / (2 * n_deals));
  print_times (pt_bot_level_to_id (levels[0]), times_a, max_by_phase[0]);
  print_times (pt_bot_level_to_id (levels[1]), times_b, max_by_phase[1]);
  return PT_CLI_EXIT_OK;
}
