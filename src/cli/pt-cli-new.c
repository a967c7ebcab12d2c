/* pt-cli-new.c — `partida-cli new GAME …`: print a freshly dealt record
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Generic over the games: the flags given become an options object and
 * the game's deal() decides whether it takes them, so a flag a game does
 * not know is refused by the game, with its own message.
 */
#include "config.h"

#include <stdio.h>

#include "pt-cli-commands.h"
#include "pt-rules.h"

typedef struct
{
  char *seed;
  int colors;
  char *rules;
  int players;
  gboolean objectives;
  gboolean powers;
  int first_player;
  char *names;
} NewArgs;

static void
new_args_clear (NewArgs *args)
{
  g_clear_pointer (&args->seed, g_free);
  g_clear_pointer (&args->rules, g_free);
  g_clear_pointer (&args->names, g_free);
}

/* The options object holds exactly the flags given. */
static JsonObject *
build_options (const NewArgs *args)
{
  JsonObject *options = json_object_new ();

  if (args->colors != 0)
    json_object_set_int_member (options, "colors", args->colors);
  if (args->rules != NULL)
    json_object_set_string_member (options, "rules", args->rules);
  if (args->objectives)
    json_object_set_boolean_member (options, "objectives", TRUE);
  if (args->powers)
    json_object_set_boolean_member (options, "powers", TRUE);
  return options;
}

/* --names wins; else --players default names; else the game's smallest
 * table of at least two (one for solitaire-only games). */
static GStrv
build_players (const NewArgs *args,
               GType type,
               GError **error)
{
  g_autoptr(GTypeClass) klass = g_type_class_ref (type);
  PtGameClass *game_class = PT_GAME_CLASS (klass);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  guint n;

  if (args->names != NULL)
    {
      g_auto(GStrv) names = g_strsplit (args->names, ",", -1);

      if (args->players > 0 && (guint) args->players != g_strv_length (names))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--players %d does not match the %u names of --names",
                       args->players, g_strv_length (names));
          return NULL;
        }
      return g_steal_pointer (&names);
    }
  if (args->players < 0 || args->players > PT_GAME_MAX_PLAYERS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--players must be 1 to %d", PT_GAME_MAX_PLAYERS);
      return NULL;
    }
  n = args->players > 0 ? (guint) args->players
                        : CLAMP (2u, game_class->min_players, game_class->max_players);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);
      g_strv_builder_add (builder, name);
    }
  return g_strv_builder_end (builder);
}

int
pt_cli_new (int argc,
            char **argv)
{
  NewArgs args = { .first_player = -1 };
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &args.seed, "Seed of the deal (default: random)", "N" },
    { "colors", 0, 0, G_OPTION_ARG_INT, &args.colors, "Number of colours, for a game that lets you choose", "N" },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &args.rules, NULL, "NAME" },
    { "players", 0, 0, G_OPTION_ARG_INT, &args.players, "Number of players", "K" },
    { "objectives", 0, 0, G_OPTION_ARG_NONE, &args.objectives, "Play with objectives", NULL },
    { "powers", 0, 0, G_OPTION_ARG_NONE, &args.powers, "Play with powers", NULL },
    { "first-player", 0, 0, G_OPTION_ARG_INT, &args.first_player, "The starting seat (default: from the seed)", "N" },
    { "names", 0, 0, G_OPTION_ARG_STRING, &args.names, "Player names, comma-separated", "A,B,…" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("GAME — print a freshly dealt game record");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) options = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_auto(GStrv) players = NULL;
  guint64 seed;
  GType type;
  int status = PT_CLI_EXIT_OK;

  g_autofree char *games = pt_cli_game_ids (NULL, NULL);
  g_autofree char *description = g_strdup_printf ("Games: %s.\n"
                                                  "A flag a game does not take is refused by that game.",
                                                  games);
  g_autofree char *presets = pt_cli_rule_presets_help ();
  g_autofree char *rules_help = g_strdup_printf ("A rules preset (%s)", presets);

  entries[2].description = rules_help;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context, description);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-cli new: %s\n", error->message);
      status = PT_CLI_EXIT_USAGE;
      goto out;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: partida-cli new GAME [OPTIONS…] (see --help)\n");
      status = PT_CLI_EXIT_USAGE;
      goto out;
    }
  if (args.first_player < -1)
    {
      fprintf (stderr, "partida-cli new: --first-player must be a seat number (from 0)\n");
      status = PT_CLI_EXIT_USAGE;
      goto out;
    }
  if (args.seed == NULL)
    seed = pt_rng_random_seed ();
  else if (!g_ascii_string_to_unsigned (args.seed, 10, 0, G_MAXUINT64, &seed, &error))
    {
      fprintf (stderr, "partida-cli new: --seed: %s\n", error->message);
      status = PT_CLI_EXIT_USAGE;
      goto out;
    }

  type = pt_rules_lookup_game (argv[1], &error);
  if (type == G_TYPE_INVALID)
    {
      fprintf (stderr, "partida-cli new: %s\n", error->message);
      status = PT_CLI_EXIT_INVALID;
      goto out;
    }
  players = build_players (&args, type, &error);
  if (players == NULL)
    {
      fprintf (stderr, "partida-cli new: %s\n", error->message);
      status = PT_CLI_EXIT_USAGE;
      goto out;
    }

  options = build_options (&args);
  record = pt_rules_new_record (argv[1], (const char *const *) players, options,
                                args.first_player, seed, &error);
  if (record == NULL)
    {
      fprintf (stderr, "partida-cli new: %s\n", error->message);
      status = PT_CLI_EXIT_INVALID;
      goto out;
    }
  pt_cli_print_json (record, TRUE);

out:
  new_args_clear (&args);
  return status;
}
