/* pt-bench.c — partida-bench: the benchmarks, a program of their own that is
 * built but not installed (`_build/src/cli/partida-bench NAME --help`)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

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
print_table (FILE *out, const PtCliCommand *table)
{
  for (const PtCliCommand *c = table; c->name != NULL; c++)
    fprintf (out, "  %-22s %s\n", c->name, c->summary);
}

static const PtCliCommand *
find_command (const PtCliCommand *table, const char *name)
{
  for (const PtCliCommand *c = table; c->name != NULL; c++)
    if (strcmp (c->name, name) == 0)
      return c;
  return NULL;
}

int
main (int argc, char **argv)
{
  const PtCliCommand *bench;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      FILE *out = argc < 2 ? stderr : stdout;
      fprintf (out, "Usage: partida-bench NAME [OPTIONS…]\n\nBenchmarks:\n");
      print_table (out, benches);
      return argc < 2 ? PT_CLI_EXIT_USAGE : PT_CLI_EXIT_OK;
    }

  bench = find_command (benches, argv[1]);
  if (bench == NULL)
    {
      fprintf (stderr, "partida-bench: unknown benchmark “%s”\n", argv[1]);
      return PT_CLI_EXIT_USAGE;
    }
  return bench->run (argc - 1, argv + 1);
}
