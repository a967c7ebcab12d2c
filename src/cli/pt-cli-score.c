/* pt-cli-score.c — `partida-cli score FILE`: score a companion sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sheet's "game" member picks the game; the formats are in
 * docs/score-sheets.md.
 */
#include "config.h"

#include <stdio.h>

#include "pt-cli-commands.h"
#include "pt-rules.h"

int
pt_cli_score (int argc,
              char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the result (or the error) as compact JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE — score a companion score sheet (- for standard input)");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) sheet = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *text = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
                                    "Prints the scores of every round, the totals and the winners (see docs/score-sheets.md);\n"
                                    "an impossible sheet exits with status 1 and {\"error\": {\"message\": …}} with --json.");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-cli score: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: partida-cli score FILE [--json] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  text = pt_cli_read_input (argv[1], &error);
  if (text != NULL)
    sheet = pt_json_parse (text, &error);
  if (sheet != NULL)
    result = pt_rules_score_sheet (sheet, &error);
  if (result == NULL)
    {
      pt_cli_print_error (json, "score", PT_CLI_NO_MOVE, -1, error->message);
      return PT_CLI_EXIT_INVALID;
    }
  /* Readable output is the pretty-printed result: the formats differ by
   * game and this command knows none of them. */
  pt_cli_print_json (result, !json);
  return PT_CLI_EXIT_OK;
}
