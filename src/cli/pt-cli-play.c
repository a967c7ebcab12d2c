/* pt-cli-play.c — `partida-cli play GAME --players "Ana:hard,Beto:medium"`
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A whole match between computer players, headless, through the session
 * layer (PtSession) exactly as the app plays one: rounds, next starter,
 * autosave, and the final save into the match history. A person cannot sit
 * here (nobody would answer), so a "person" seat is a usage error.
 *
 * With --json it prints the stored match as `history --json` prints one,
 * plus "rounds": the scores of every round, one array per round, one
 * number per seat (their sums are the match's scores).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "pt-cli-commands.h"
#include "pt-rules.h"
#include "pt-session.h"

typedef struct
{
  GMainLoop *loop;
  char *error;
} Run;

static gboolean
next_round (gpointer user_data)
{
  PtSession *session = user_data;
  g_autoptr(GError) error = NULL;

  if (!pt_session_next_round (session, &error))
    {
      Run *run = g_object_get_data (G_OBJECT (session), "run");

      run->error = g_strdup (error->message);
      g_main_loop_quit (run->loop);
    }
  return G_SOURCE_REMOVE;
}

static void
on_round_over (PtSession *session,
               guint round,
               Run *run)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, next_round, g_object_ref (session), g_object_unref);
}

static void
on_finished (PtSession *session,
             Run *run)
{
  g_main_loop_quit (run->loop);
}

static void
on_failure (PtSession *session,
            const char *message,
            Run *run)
{
  if (run->error == NULL)
    run->error = g_strdup (message);
  g_main_loop_quit (run->loop);
}

static int
usage (const char *message)
{
  fprintf (stderr, "partida-cli play: %s\n", message);
  return PT_CLI_EXIT_USAGE;
}

/* "Ana:hard,Beto:medium" → the seats. */
static gboolean
parse_players (PtSession *session,
               const char *text,
               char **message)
{
  g_auto(GStrv) seats = g_strsplit (text, ",", -1);
  guint n = g_strv_length (seats);

  if (n < 1 || n > PT_GAME_MAX_PLAYERS)
    {
      *message = g_strdup_printf ("--players lists 1 to %d seats", PT_GAME_MAX_PLAYERS);
      return FALSE;
    }
  pt_session_set_n_seats (session, n);
  for (guint i = 0; i < n; i++)
    {
      char *colon = strrchr (seats[i], ':');
      const char *level_id = colon != NULL ? g_strstrip (colon + 1) : "medium";
      PtBotLevel level;

      if (colon != NULL)
        *colon = '\0';
      g_strstrip (seats[i]);
      if (seats[i][0] == '\0')
        {
          *message = g_strdup_printf ("seat %u has no name (NAME:LEVEL)", i + 1);
          return FALSE;
        }
      if (g_strcmp0 (level_id, "person") == 0 || g_strcmp0 (level_id, "human") == 0)
        {
          *message = g_strdup_printf ("“%s” is a person: only computer seats can play here", seats[i]);
          return FALSE;
        }
      if (!pt_bot_level_from_id (level_id, &level))
        {
          *message = g_strdup_printf ("unknown level “%s” (easy, medium, hard, random, aggressive)",
                                      level_id);
          return FALSE;
        }
      pt_session_set_seat_name (session, i, seats[i]);
      pt_session_set_seat_kind (session, i, PT_SEAT_COMPUTER, level, NULL, NULL);
    }
  return TRUE;
}

static void
print_text (PtSession *session)
{
  guint winners = pt_session_get_winners (session);

  printf ("%s, %u round%s:", pt_session_get_game_id (session), pt_session_get_n_rounds_played (session),
          pt_session_get_n_rounds_played (session) == 1 ? "" : "s");
  for (guint p = 0; p < pt_session_get_n_seats (session); p++)
    printf ("%s %s %d%s", p > 0 ? "," : "", pt_session_get_seat_name (session, p),
            pt_session_get_total (session, p), winners & (1u << p) ? " (winner)" : "");
  if (pt_session_get_match_id (session) > 0)
    printf ("; match %" G_GINT64_FORMAT, pt_session_get_match_id (session));
  printf ("\n");
}

static int
print_json (PtSession *session,
            PtStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, pt_session_get_match_id (session), &error);
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonNode) root = NULL;

  if (entry == NULL)
    {
      fprintf (stderr, "partida-cli play: %s\n", error->message);
      return PT_CLI_EXIT_INVALID;
    }
  b = json_builder_new ();
  pt_cli_match_entry_json (b, entry);
  json_builder_set_member_name (b, "rounds");
  json_builder_begin_array (b);
  for (guint r = 0; r < pt_session_get_n_rounds_played (session); r++)
    {
      json_builder_begin_array (b);
      for (guint p = 0; p < pt_session_get_n_seats (session); p++)
        json_builder_add_int_value (b, pt_session_get_round_score (session, r, p));
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  pt_cli_print_json (root, FALSE);
  return PT_CLI_EXIT_OK;
}

static gboolean
played_in_rounds (PtGameClass *klass,
                  gpointer data)
{
  return pt_rules_game_max_rounds (klass->game_id) > 1;
}

int
pt_cli_play (int argc,
             char **argv)
{
  g_autofree char *players = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *db = NULL;
  g_autofree char *next_starter = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *message = NULL;
  int rounds = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_STRING, &players, "The seats, NAME:LEVEL separated by commas (easy, medium, hard, random, aggressive)", "LIST" },
    { "rounds", 0, 0, G_OPTION_ARG_INT, &rounds, NULL, "N" },
    { "next-starter", 0, 0, G_OPTION_ARG_STRING, &next_starter, "Who starts a later round: alternate, loser, leader", "RULE" },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules, NULL, "PRESET" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, "The match seed (default: random); the same seed plays the same match", "S" },
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "Database file (default: $PARTIDA_DB or the app's)", "PATH" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the stored match as JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("GAME — play a whole match between computer players and store it");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtSession) session = NULL;
  g_autofree char *path = NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  PtSessionDefaults defaults;
  const char *game_id;
  Run run = { NULL, NULL };
  int status;

  g_autofree char *in_rounds = pt_cli_game_ids (played_in_rounds, NULL);
  g_autofree char *presets_help = pt_cli_rule_presets_help ();
  g_autofree char *rounds_help = g_strdup_printf ("Rounds of a match, 1 to %d (default 3), for the games played in rounds (%s); the others play 1",
                                                  PT_MATCH_MAX_ROUNDS, in_rounds);
  g_autofree char *rules_help = g_strdup_printf ("The rules preset (%s)", presets_help);
  g_autofree char *example = g_strdup_printf ("partida-cli play %s --players \"Ana:hard,Beto:medium\"%s --json",
                                              pt_rules_list_games ()[0],
                                              pt_rules_game_max_rounds (pt_rules_list_games ()[0]) > 1 ? " --rounds 3" : "");
  g_autofree char *description = g_strdup_printf ("Example: %s\n"
                                                  "With --json prints the stored match as `history --json` does, plus \"rounds\"\n"
                                                  "(one array of per-seat scores per round; their sums are the scores).",
                                                  example);

  entries[1].description = rounds_help;
  entries[3].description = rules_help;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context, description);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage (error->message);
  if (argc != 2 || players == NULL)
    {
      fprintf (stderr, "Usage: partida-cli play GAME --players \"NAME:LEVEL,…\" [--rounds N] "
                       "[--seed S] [--db PATH] [--json] (see --help)\n");
      return PT_CLI_EXIT_USAGE;
    }
  game_id = argv[1];
  if (pt_rules_lookup_game (game_id, &error) == G_TYPE_INVALID)
    return usage (error->message);

  pt_session_defaults_init (&defaults);
  if (rounds != 0)
    {
      if (rounds < 1 || rounds > PT_MATCH_MAX_ROUNDS)
        return usage ("--rounds is 1 to " G_STRINGIFY (PT_MATCH_MAX_ROUNDS));
      if ((guint) rounds > pt_rules_game_max_rounds (game_id))
        {
          g_autofree char *text = g_strdup_printf ("%s is played in one round", game_id);
          return usage (text);
        }
      defaults.rounds = (guint) rounds;
    }
  if (next_starter != NULL && !pt_next_starter_from_string (next_starter, &defaults.next_starter))
    return usage ("--next-starter is alternate, loser or leader");
  if (rules != NULL)
    {
      const char *const *presets = pt_rules_game_rule_presets (game_id);
      g_autofree char *list = NULL, *text = NULL;

      if (presets == NULL)
        {
          text = g_strdup_printf ("%s has no --rules presets", game_id);
          return usage (text);
        }
      if (!g_strv_contains (presets, rules))
        {
          list = g_strjoinv (", ", (char **) presets);
          text = g_strdup_printf ("--rules of %s is one of: %s", game_id, list);
          return usage (text);
        }
      for (guint i = 0; presets[i] != NULL; i++)
        if (g_strcmp0 (presets[i], rules) == 0)
          defaults.rule_preset = i;
    }

  path = pt_store_resolve_path (db);
  store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  if (store == NULL)
    {
      fprintf (stderr, "partida-cli play: %s\n", error->message);
      return PT_CLI_EXIT_INVALID;
    }

  session = pt_session_new (game_id, store, &defaults);
  if (!parse_players (session, players, &message))
    return usage (message);
  if (seed_text != NULL)
    {
      char *end = NULL;
      guint64 seed = g_ascii_strtoull (seed_text, &end, 10);

      if (end == seed_text || *end != '\0')
        return usage ("--seed is a whole number");
      pt_session_set_seed (session, seed);
    }
  /* The same seed plays the same match: no time limit on the search. */
  pt_session_set_time_budget (session, 0);
  pt_session_set_computer_delay (session, 0);

  run.loop = g_main_loop_new (NULL, FALSE);
  g_object_set_data (G_OBJECT (session), "run", &run);
  g_signal_connect (session, "round-over", G_CALLBACK (on_round_over), &run);
  g_signal_connect (session, "finished", G_CALLBACK (on_finished), &run);
  g_signal_connect (session, "computer-error", G_CALLBACK (on_failure), &run);
  g_signal_connect (session, "save-failed", G_CALLBACK (on_failure), &run);

  if (!pt_session_start (session, &error))
    {
      g_main_loop_unref (run.loop);
      if (g_error_matches (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID))
        return usage (error->message);
      fprintf (stderr, "partida-cli play: %s\n", error->message);
      return PT_CLI_EXIT_INVALID;
    }
  if (pt_session_get_state (session) != PT_SESSION_FINISHED)
    g_main_loop_run (run.loop);
  g_main_loop_unref (run.loop);
  g_signal_handlers_disconnect_by_data (session, &run);

  if (run.error != NULL)
    {
      fprintf (stderr, "partida-cli play: %s\n", run.error);
      g_free (run.error);
      return PT_CLI_EXIT_INVALID;
    }
  if (json)
    status = print_json (session, store);
  else
    {
      print_text (session);
      status = PT_CLI_EXIT_OK;
    }
  return status;
}
