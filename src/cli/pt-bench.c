/* pt-bench.c — partida-bench: the benchmarks, a program of their own that is
 * built but not installed (`_build/src/cli/partida-bench NAME --help`)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "pt-cli-commands.h"

static const PtCliCommand benches[] = {
  { "lost-cities", "Random full rounds per second", pt_cli_bench_lost_cities },
  { "store", "Match history: insert, statistics, history page at 100k matches", pt_cli_bench_store },
  { "sync", "Apply 10,000 matches from another device's change file vs an import; bytes per match", pt_cli_bench_sync },
  { "next-station-london", "Random full solo games per second", pt_cli_bench_next_station },
  { "next-station-bot", "Mean solo score and time per turn of a Next Station computer player", pt_cli_bench_next_station_bot },
  { "wagons-bot", "CPU time per move of the Circle the Wagons computer players", pt_cli_bench_wagons_bot },
  { "circle-the-wagons", "Placement enumeration (30-card town) and random full games per second", pt_cli_bench_circle_the_wagons },
  { NULL, NULL, NULL }
};

static void
usage (FILE *out)
{
  fprintf (out, "Usage: partida-bench NAME [OPTIONS…]\n\nBenchmarks:\n");
  pt_cli_print_table (out, benches);
}

int
main (int argc, char **argv)
{
  return pt_cli_main ("partida-bench", "benchmark", benches, usage, argc, argv);
}
