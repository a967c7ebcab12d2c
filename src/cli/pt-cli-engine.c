/* pt-cli-engine.c — `partida-cli engine`: Partida's bots as a
 * partida-engine/1 engine on stdin/stdout
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   partida-cli engine [--level LEVEL] [--seed S]
 *
 * The other end of docs/engine-protocol.md: another Partida (its arena or
 * the app), another build of it, or any program can start this and play
 * against Partida's computer players. It reads one JSON message per line
 * and answers on stdout; diagnostics go out as {"type":"log"} messages.
 *
 * Every game's bot chooses from the protocol's view alone (pt-engine-view.h
 * rebuilds the bot's snapshot from it), so it plays every game at every
 * level the built-in bots have. The move for request k is seeded with
 * pt_rng_derive_seed (S, k), k the request's move_number — exactly how a
 * PtBot seeded with S seeds it — so a seed reproduces the engine's play,
 * and with the seed of a built-in bot it plays that bot's moves (except
 * when the clock cuts a search short: it uses 80 % of time_left_ms).
 *
 * It never forfeits by its own fault: if the bot fails on a view (it
 * should not), it logs why and answers a random legal move.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "pt-cli-commands.h"
#include "pt-engine.h"
#include "pt-engine-view.h"
#include "pt-rules.h"

typedef struct
{
  PtBotLevel level;
  guint64 seed;
} EngineState;

static void
send_object (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autofree char *text = json_to_string (node, FALSE);

  printf ("%s\n", text);
  fflush (stdout);
}

static void
send_log (const char *format,
          ...) G_GNUC_PRINTF (1, 2);

static void
send_log (const char *format,
          ...)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  json_object_set_string_member (message, "type", "log");
  json_object_set_string_member (message, "message", text);
  send_object (message);
}

static void
send_hello (const EngineState *state)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autofree char *name = g_strdup_printf ("Partida %s (%s)", PACKAGE_VERSION,
                                           pt_bot_level_to_id (state->level));
  JsonArray *games = json_array_new ();
  JsonArray *options = json_array_new ();
  JsonObject *level = json_object_new ();
  JsonObject *seed = json_object_new ();
  JsonArray *choices = json_array_new ();

  for (const char *const *id = pt_rules_list_games (); *id != NULL; id++)
    if (pt_engine_view_supports (*id, state->level))
      json_array_add_string_element (games, *id);
  for (guint l = 0; l < PT_BOT_N_LEVELS; l++)
    json_array_add_string_element (choices, pt_bot_level_to_id ((PtBotLevel) l));

  json_object_set_string_member (level, "name", "level");
  json_object_set_string_member (level, "type", "choice");
  json_object_set_string_member (level, "default", pt_bot_level_to_id (state->level));
  json_object_set_array_member (level, "choices", choices);
  json_array_add_object_element (options, level);
  json_object_set_string_member (seed, "name", "seed");
  json_object_set_string_member (seed, "type", "int");
  json_object_set_int_member (seed, "default", (gint64) state->seed);
  json_array_add_object_element (options, seed);

  json_object_set_string_member (message, "type", "hello");
  json_object_set_string_member (message, "protocol", PT_ENGINE_PROTOCOL);
  json_object_set_string_member (message, "name", name);
  json_object_set_string_member (message, "author", "The Partida authors");
  json_object_set_array_member (message, "games", games);
  json_object_set_array_member (message, "options", options);
  send_object (message);
}

static void
set_option (EngineState *state,
            JsonObject *message)
{
  const char *name = json_object_get_string_member_with_default (message, "name", "");
  JsonNode *value = json_object_get_member (message, "value");
  gint64 number;

  if (g_str_equal (name, "level") && value != NULL &&
      json_node_get_value_type (value) == G_TYPE_STRING &&
      pt_bot_level_from_id (json_node_get_string (value), &state->level))
    return;
  if (g_str_equal (name, "seed") && pt_json_get_int (value, &number) && number >= 0)
    {
      state->seed = (guint64) number;
      return;
    }
  send_log ("ignored the option “%s”: unknown name or bad value", name);
}

static void
answer_move (EngineState *state,
             JsonObject *message)
{
  g_autoptr(JsonObject) answer = json_object_new ();
  g_autoptr(GError) error = NULL;
  const char *game_id = json_object_get_string_member_with_default (message, "game", "");
  JsonNode *view = json_object_get_member (message, "view");
  JsonNode *legal = json_object_get_member (message, "legal");
  gint64 player = 0, move_number = 0, time_left = 0;
  gint64 deadline = 0;
  guint64 seed;
  g_autofree char *reason = NULL;
  JsonNode *move;

  pt_json_get_int (json_object_get_member (message, "player"), &player);
  pt_json_get_int (json_object_get_member (message, "move_number"), &move_number);
  if (pt_json_get_int (json_object_get_member (message, "time_left_ms"), &time_left) && time_left > 0)
    deadline = g_get_monotonic_time () + time_left * 800;
  seed = pt_rng_derive_seed (state->seed, (guint64) MAX (move_number, 0));

  if (legal == NULL || !JSON_NODE_HOLDS_ARRAY (legal) ||
      json_array_get_length (json_node_get_array (legal)) == 0 || player < 0)
    {
      send_log ("a move request without legal moves; nothing to answer");
      return;
    }
  move = pt_engine_view_choose_full (game_id, state->level, seed, (guint) player, view, legal,
                                     (guint) MAX (move_number, 0), deadline, &reason, &error);
  if (move == NULL)
    {
      send_log ("the %s bot failed (%s); playing a random legal move",
                pt_bot_level_to_id (state->level), error->message);
      move = pt_engine_view_choose (game_id, PT_BOT_LEVEL_RANDOM, seed, (guint) player, view,
                                    legal, 0, 0, NULL);
    }
  json_object_set_string_member (answer, "type", "move");
  json_object_set_member (answer, "move", move);
  /* Why, in the user's language: the protocol's optional "comment". */
  if (reason != NULL)
    json_object_set_string_member (answer, "comment", reason);
  send_object (answer);
}

static gboolean
plays_level (PtGameClass *klass,
             gpointer level)
{
  return pt_bot_supports (klass->game_id, GPOINTER_TO_INT (level));
}

static void
usage (FILE *out)
{
  g_autofree char *aggressive = pt_cli_game_ids (plays_level, GINT_TO_POINTER (PT_BOT_LEVEL_AGGRESSIVE));
  g_autofree char *denial = pt_cli_game_ids (plays_level, GINT_TO_POINTER (PT_BOT_LEVEL_DENIAL));

  fprintf (out,
           "Usage: partida-cli engine [--level LEVEL] [--seed S]\n\n"
           "Runs Partida's computer players as a partida-engine/1 engine: newline-delimited\n"
           "JSON on stdin/stdout (docs/engine-protocol.md), e.g. for\n"
           "  partida-cli arena %s --a hard --b 'engine:partida-cli engine --level medium'\n"
           "Levels: easy, medium, hard (default), random, aggressive (%s), denial (%s).\n"
           "--seed S: the bots' seed; with a built-in bot's seed it plays that bot's moves.\n",
           pt_rules_list_games ()[0], aggressive, denial);
}

int
pt_cli_engine (int argc,
               char **argv)
{
  g_autofree char *level_id = NULL;
  g_autofree char *seed_text = NULL;
  GOptionEntry entries[] = {
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_id, "Level (default hard)", "LEVEL" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, "Seed of the bots (default 1)", "S" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  EngineState state = { PT_BOT_LEVEL_HARD, 1 };
  char *line = NULL;
  size_t size = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_help_enabled (context, FALSE);
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
      {
        usage (stdout);
        return PT_CLI_EXIT_OK;
      }
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 1)
    {
      fprintf (stderr, "partida-cli engine: %s\n", error ? error->message : "unexpected argument");
      return PT_CLI_EXIT_USAGE;
    }
  if (level_id != NULL && !pt_bot_level_from_id (level_id, &state.level))
    {
      fprintf (stderr, "partida-cli engine: unknown level “%s”\n", level_id);
      return PT_CLI_EXIT_USAGE;
    }
  if (seed_text != NULL && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64,
                                                        &state.seed, &error))
    {
      fprintf (stderr, "partida-cli engine: --seed: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  pt_rules_init ();

  while (getline (&line, &size, stdin) > 0)
    {
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(GError) parse_error = NULL;
      JsonObject *message;
      const char *type;

      g_strchomp (line);
      if (line[0] == '\0')
        continue;
      node = pt_json_parse (line, &parse_error);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          send_log ("not a JSON object: %s", parse_error ? parse_error->message : line);
          continue;
        }
      message = json_node_get_object (node);
      type = json_object_get_string_member_with_default (message, "type", "");
      if (g_str_equal (type, "hello"))
        send_hello (&state);
      else if (g_str_equal (type, "set_option"))
        set_option (&state, message);
      else if (g_str_equal (type, "new_game"))
        send_log ("new game of %s", json_object_get_string_member_with_default (message, "game", "?"));
      else if (g_str_equal (type, "move"))
        answer_move (&state, message);
      else if (g_str_equal (type, "game_over"))
        ;
      else if (g_str_equal (type, "quit"))
        break;
      else
        send_log ("ignored a message of type “%s”", type);
    }
  free (line);
  return PT_CLI_EXIT_OK;
}
