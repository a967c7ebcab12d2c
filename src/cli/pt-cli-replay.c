/* pt-cli-replay.c — `partida-cli replay FILE`: replay a record
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Also home of the record loading shared by the commands that read a
 * record (replay, legal): one place prints record errors, in one format:
 *
 *   {"error": {"move": K, "message": "…", "player": P}}
 *
 * K is the 0-based index into "moves" (-1: the envelope or the setup), and
 * "player" is present when the rules named one.
 */
#include "config.h"

#include <stdio.h>

#include "pt-cli-commands.h"
#include "pt-rules.h"
#include "pt-session-record.h"

void
pt_cli_print_error (gboolean json,
                    const char *command,
                    int move,
                    int player,
                    const char *message)
{
  if (json)
    {
      g_autoptr(JsonObject) root = json_object_new ();
      g_autoptr(JsonNode) node = NULL;
      JsonObject *error = json_object_new ();

      if (move != PT_CLI_NO_MOVE)
        json_object_set_int_member (error, "move", move);
      json_object_set_string_member (error, "message", message);
      if (player >= 0)
        json_object_set_int_member (error, "player", player);
      json_object_set_object_member (root, "error", error);
      node = pt_json_node_new_object (json_object_ref (root));
      pt_cli_print_json (node, FALSE);
    }
  else if (move >= 0)
    fprintf (stderr, "partida-cli %s: move %d: %s\n", command, move, message);
  else
    fprintf (stderr, "partida-cli %s: %s\n", command, message);
}

/**
 * pt_cli_load_record_file:
 * @path: a file name, or "-" for standard input
 *
 * Loads and replays a record; on failure prints the error (as JSON when
 * @json) and returns %NULL.
 */
PtGame *
pt_cli_load_record_file (const char *path,
                         gboolean json,
                         const char *command)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = pt_cli_read_input (path, &error);
  PtGame *game;
  int move = -1, player = -1;

  if (text == NULL)
    {
      pt_cli_print_error (json, command, -1, -1, error->message);
      return NULL;
    }
  game = pt_rules_load_record_string (text, &move, &player, &error);
  if (game == NULL)
    pt_cli_print_error (json, command, move, player, error->message);
  return game;
}

static JsonNode *
scores_to_json (PtGame *game)
{
  int scores[PT_GAME_MAX_PLAYERS];
  JsonArray *array = json_array_new ();

  pt_game_get_scores (game, scores);
  for (guint p = 0; p < pt_game_get_n_players (game); p++)
    json_array_add_int_element (array, scores[p]);
  return pt_json_node_new_array (array);
}

static void
print_summary (PtGame *game)
{
  guint n = pt_game_get_n_players (game);
  int scores[PT_GAME_MAX_PLAYERS];
  int current = pt_game_get_current_player (game);
  guint winners = pt_game_get_winners (game);

  pt_game_get_scores (game, scores);
  printf ("%s after %u moves: ", pt_game_get_game_id (game), pt_game_get_n_moves (game));
  if (pt_game_get_is_over (game))
    printf ("over\n");
  else
    printf ("%s to move (phase %s)\n", pt_game_get_player_name (game, (guint) current),
            pt_game_get_phase (game));
  for (guint p = 0; p < n; p++)
    printf ("  %s: %d%s\n", pt_game_get_player_name (game, p), scores[p],
            winners & (1u << p) ? "  (winner)" : "");
}

/* {"game", "over", "current_player", "round" (0-based, the last one in
 * the record), "rounds" (per-round scores, the unfinished round's running
 * scores included), "scores" (their sums), "winners"}. */
static int
replay_match (JsonNode *record,
              gboolean json)
{
  g_autoptr(PtMatch) match = NULL;
  g_autoptr(PtGame) current = NULL;
  g_autoptr(GError) error = NULL;
  int round = -1, move = -1, player = -1;
  int totals[PT_GAME_MAX_PLAYERS] = { 0 };
  guint n, played;

  match = pt_match_record_load (record, &current, &round, &move, &player, &error);
  if (match == NULL)
    {
      if (json)
        {
          g_autoptr(JsonObject) root = json_object_new ();
          g_autoptr(JsonNode) node = NULL;
          JsonObject *object = json_object_new ();

          json_object_set_int_member (object, "round", round);
          json_object_set_int_member (object, "move", move);
          json_object_set_string_member (object, "message", error->message);
          if (player >= 0)
            json_object_set_int_member (object, "player", player);
          json_object_set_object_member (root, "error", object);
          node = pt_json_node_new_object (json_object_ref (root));
          pt_cli_print_json (node, FALSE);
        }
      else if (round >= 0 && move >= 0)
        fprintf (stderr, "partida-cli replay: round %d, move %d: %s\n", round, move, error->message);
      else if (round >= 0)
        fprintf (stderr, "partida-cli replay: round %d: %s\n", round, error->message);
      else
        fprintf (stderr, "partida-cli replay: %s\n", error->message);
      return PT_CLI_EXIT_INVALID;
    }

  n = pt_match_get_n_players (match);
  played = pt_match_get_n_rounds_played (match);
  if (json)
    {
      g_autoptr(JsonObject) result = json_object_new ();
      g_autoptr(JsonNode) node = NULL;
      JsonArray *rounds = json_array_new ();
      JsonArray *scores = json_array_new ();

      for (guint r = 0; r < played + (current != NULL); r++)
        {
          JsonArray *line = json_array_new ();

          for (guint p = 0; p < n; p++)
            {
              int score = r < played ? pt_match_get_round_score (match, r, p) : pt_game_get_score (current, p);

              json_array_add_int_element (line, score);
              totals[p] += score;
            }
          json_array_add_array_element (rounds, line);
        }
      for (guint p = 0; p < n; p++)
        json_array_add_int_element (scores, totals[p]);
      json_object_set_string_member (result, "game", pt_match_get_game_id (match));
      json_object_set_boolean_member (result, "over", pt_match_get_is_over (match));
      json_object_set_int_member (result, "current_player",
                                  current != NULL ? pt_game_get_current_player (current) : -1);
      json_object_set_int_member (result, "round", (gint64) (played + (current != NULL)) - 1);
      json_object_set_int_member (result, "rounds_total", pt_match_get_n_rounds (match));
      json_object_set_array_member (result, "rounds", rounds);
      json_object_set_array_member (result, "scores", scores);
      json_object_set_member (result, "winners",
                              pt_game_winners_to_json (pt_match_get_winners (match), n));
      node = pt_json_node_new_object (json_object_ref (result));
      pt_cli_print_json (node, FALSE);
    }
  else
    {
      guint winners = pt_match_get_winners (match);

      printf ("%s match, %u of %u rounds played%s\n", pt_match_get_game_id (match), played,
              pt_match_get_n_rounds (match), pt_match_get_is_over (match) ? ": over" : "");
      for (guint p = 0; p < n; p++)
        printf ("  player %u: %d%s\n", p, pt_match_get_total (match, p) + (current ? pt_game_get_score (current, p) : 0),
                winners & (1u << p) ? "  (winner)" : "");
    }
  return PT_CLI_EXIT_OK;
}

int
pt_cli_replay (int argc,
               char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the result (or the error) as JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE — replay a game record (- for standard input)");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtGame) game = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
                                    "With --json prints {\"game\", \"over\", \"current_player\" (-1 when over), \"scores\",\n"
                                    "\"winners\" (empty while not over)}; an invalid record exits with status 1 and\n"
                                    "{\"error\": {\"move\": K, \"message\": …}} (K = -1 for a setup error).\n"
                                    "A match of several rounds (partida-match/1, docs/record-format.md) adds \"round\",\n"
                                    "\"rounds_total\" and \"rounds\" (per-round scores); \"scores\" are then the totals,\n"
                                    "and an error names its \"round\" too.");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-cli replay: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: partida-cli replay FILE [--json] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }

  {
    /* A match of several rounds (partida-match/1) replays every round. */
    g_autofree char *text = pt_cli_read_input (argv[1], &error);
    g_autoptr(JsonNode) record = text != NULL ? pt_json_parse (text, NULL) : NULL;

    if (record != NULL && pt_match_record_is (record))
      return replay_match (record, json);
    if (text == NULL)
      {
        pt_cli_print_error (json, "replay", -1, -1, error->message);
        return PT_CLI_EXIT_INVALID;
      }
    {
      int move = -1, player = -1;

      game = pt_rules_load_record_string (text, &move, &player, &error);
      if (game == NULL)
        {
          pt_cli_print_error (json, "replay", move, player, error->message);
          return PT_CLI_EXIT_INVALID;
        }
    }
  }

  if (json)
    {
      g_autoptr(JsonObject) result = json_object_new ();
      g_autoptr(JsonNode) node = NULL;

      json_object_set_string_member (result, "game", pt_game_get_game_id (game));
      json_object_set_boolean_member (result, "over", pt_game_get_is_over (game));
      json_object_set_int_member (result, "current_player", pt_game_get_current_player (game));
      json_object_set_member (result, "scores", scores_to_json (game));
      json_object_set_member (result, "winners",
                              pt_game_winners_to_json (pt_game_get_winners (game),
                                                       pt_game_get_n_players (game)));
      node = pt_json_node_new_object (json_object_ref (result));
      pt_cli_print_json (node, FALSE);
    }
  else
    print_summary (game);
  return PT_CLI_EXIT_OK;
}
