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

  command = find_command (commands, argv[1]);
  if (command == NULL)
    {
      fprintf (stderr, "partida-cli: unknown command “%s”\n\n", argv[1]);
      print_usage (stderr);
      return PT_CLI_EXIT_USAGE;
    }
  return command->run (argc - 1, argv + 1);
}
