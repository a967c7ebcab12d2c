/* pt-cli.c — partida-cli: dispatch to the subcommands
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

static const PtCliCommand commands[] = {
  { "new", "Print a freshly dealt game record", pt_cli_new },
  { "replay", "Replay a game record and print the position", pt_cli_replay },
  { "legal", "List the legal moves at the end of a game record", pt_cli_legal },
  { "score", "Score a companion score sheet", pt_cli_score },
  { "players", "List the players of the match history", pt_cli_players },
  { "history", "List matches, newest first, with filters", pt_cli_history },
  { "stats", "Player statistics and ratings", pt_cli_stats },
  { "export", "Export the history as JSON or CSV", pt_cli_export },
  { "import", "Import a JSON export (all or nothing)", pt_cli_import },
  { "backup", "Copy the database to a file", pt_cli_backup },
  { "restore", "Replace the database with a backup", pt_cli_restore },
  { "salvage", "Copy what can be read from a damaged database into a new one", pt_cli_salvage },
  { "arena", "Computer players against each other: win rate, score, time", pt_cli_arena },
  { "engine", "Play Partida's computer players over partida-engine/1 (stdin/stdout)", pt_cli_engine },
  { "play", "Play a whole match between computer players and store it", pt_cli_play },
  { "sync", "Sync the history with other devices through a shared folder", pt_cli_sync },
  { NULL, NULL, NULL }
};

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

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: partida-cli COMMAND [OPTIONS…]\n\n"
                "Headless access to Partida's rules, computer players and match history.\n\n"
                "Commands:\n");
  print_table (out, commands);
  fprintf (out, "  %-22s %s\n", "bench", "Run a benchmark (partida-cli bench --help)");
  fprintf (out, "\nEvery command has --help. Exit status: 0 success, 1 invalid input, 2 usage error.\n");
}

static const PtCliCommand *
find_command (const PtCliCommand *table, const char *name)
{
  for (const PtCliCommand *c = table; c->name != NULL; c++)
    if (strcmp (c->name, name) == 0)
      return c;
  return NULL;
}

static int
run_bench (int argc, char **argv)
{
  const PtCliCommand *bench;

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      FILE *out = argc < 2 ? stderr : stdout;
      fprintf (out, "Usage: partida-cli bench NAME [OPTIONS…]\n\nBenchmarks:\n");
      print_table (out, benches);
      return argc < 2 ? PT_CLI_EXIT_USAGE : PT_CLI_EXIT_OK;
    }

  bench = find_command (benches, argv[1]);
  if (bench == NULL)
    {
      fprintf (stderr, "partida-cli bench: unknown benchmark “%s”\n", argv[1]);
      return PT_CLI_EXIT_USAGE;
    }
  return bench->run (argc - 1, argv + 1);
}

char *
pt_cli_read_input (const char *path, GError **error)
{
  g_autoptr(GString) text = NULL;
  char buffer[65536];
  size_t n;
  char *contents = NULL;

  if (g_strcmp0 (path, "-") != 0)
    return g_file_get_contents (path, &contents, NULL, error) ? contents : NULL;

  text = g_string_new (NULL);
  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    g_string_append_len (text, buffer, (gssize) n);
  if (ferror (stdin))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not read standard input");
      return NULL;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
pt_cli_print_json (JsonNode *node, gboolean pretty)
{
  g_autofree char *text = json_to_string (node, pretty);
  printf ("%s\n", text);
}

int
main (int argc, char **argv)
{
  const PtCliCommand *command;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return PT_CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (stdout);
      return PT_CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("partida-cli %s\n", PACKAGE_VERSION);
      return PT_CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "bench") == 0)
    return run_bench (argc - 1, argv + 1);

  command = find_command (commands, argv[1]);
  if (command == NULL)
    {
      fprintf (stderr, "partida-cli: unknown command “%s”\n\n", argv[1]);
      print_usage (stderr);
      return PT_CLI_EXIT_USAGE;
    }
  return command->run (argc - 1, argv + 1);
}
