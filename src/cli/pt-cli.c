/* pt-cli.c — partida-cli: dispatch to the subcommands
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

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
  { "import", "Import a Partida, BG Stats or BoardGameGeek file (all or nothing)", pt_cli_import },
  { "backup", "Copy the database to a file", pt_cli_backup },
  { "restore", "Replace the database with a backup", pt_cli_restore },
  { "salvage", "Copy what can be read from a damaged database into a new one, or in its place", pt_cli_salvage },
  { "arena", "Computer players against each other: win rate, score, time", pt_cli_arena },
  { "engine", "Play Partida's computer players over partida-engine/1 (stdin/stdout)", pt_cli_engine },
  { "play", "Play a whole match between computer players and store it", pt_cli_play },
  { "sync", "Sync the history with other devices through a shared folder", pt_cli_sync },
  { NULL, NULL, NULL }
};

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: partida-cli COMMAND [OPTIONS…]\n\n"
                "Headless access to Partida's rules, computer players and match history.\n\n"
                "Commands:\n");
  pt_cli_print_table (out, commands);
  fprintf (out, "\nEvery command has --help. Exit status: 0 success, 1 invalid input, 2 usage error.\n");
}

int
main (int argc, char **argv)
{
  return pt_cli_main ("partida-cli", "command", commands, print_usage, argc, argv);
}
