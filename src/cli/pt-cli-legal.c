/* pt-cli-legal.c — `partida-cli legal FILE`: the legal moves after a record
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "pt-cli-commands.h"
#include "pt-rules.h"

int
pt_cli_legal (int argc,
              char **argv)
{
  gboolean json = FALSE;
  int player = -1;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON array (errors as JSON too)", NULL },
    { "player", 0, 0, G_OPTION_ARG_INT, &player, "Whose moves (default: the player to move)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE — list the legal moves at the end of a record");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtGame) game = NULL;
  g_autoptr(JsonNode) moves = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
                                    "Each distinct legal move once, as record move objects: a JSON array with --json,\n"
                                    "else one move per line. Empty when the player may not act (or the game is over).");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-cli legal: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 2 || player < -1)
    {
      fprintf (stderr, "Usage: partida-cli legal FILE [--player N] [--json] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  game = pt_cli_load_record_file (argv[1], json, "legal");
  if (game == NULL)
    return PT_CLI_EXIT_INVALID;
  if (player >= (int) pt_game_get_n_players (game))
    {
      g_autofree char *message = g_strdup_printf ("there is no player %d in this game", player);
      pt_cli_print_error (json, "legal", PT_CLI_NO_MOVE, -1, message);
      return PT_CLI_EXIT_INVALID;
    }
  if (pt_game_get_is_over (game) && PT_GAME_GET_CLASS (game)->legal_after_end_is_error)
    {
      pt_cli_print_error (json, "legal", PT_CLI_NO_MOVE, -1,
                          "the game is over: there are no legal actions to list");
      return PT_CLI_EXIT_INVALID;
    }
  if (player < 0)
    player = pt_game_get_current_player (game);

  if (player < 0)
    {
      moves = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (moves, json_array_new ());
    }
  else
    moves = pt_game_list_legal_moves (game, (guint) player);

  if (json)
    pt_cli_print_json (moves, FALSE);
  else
    {
      JsonArray *array = json_node_get_array (moves);

      for (guint i = 0; i < json_array_get_length (array); i++)
        pt_cli_print_json (json_array_get_element (array, i), FALSE);
    }
  return PT_CLI_EXIT_OK;
}
