/* pt-session-record.c — the record of a match of several rounds
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read as strictly as a round's record: every member has its type, no
 * member is unknown, every round but the last is finished, every round is
 * of the match's game and players, and a later round is started by the
 * seat the match's next-starter rule names.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-rules.h"
#include "pt-session-record.h"

JsonNode *
pt_match_record_new (PtMatch *match,
                     PtGame *current)
{
  g_autoptr(JsonNode) summary = NULL;
  JsonObject *object = json_object_new ();
  JsonArray *rounds = json_array_new ();
  JsonArray *players = json_array_new ();
  JsonArray *done;
  JsonObject *options;
  const char *const *names = NULL;

  g_return_val_if_fail (PT_IS_MATCH (match), NULL);

  summary = pt_match_to_json (match);
  done = json_object_get_array_member (json_node_get_object (summary), "rounds");
  for (guint r = 0; r < json_array_get_length (done); r++)
    {
      JsonObject *round = json_array_get_object_element (done, r);

      json_array_add_element (rounds, json_node_copy (json_object_get_member (round, "record")));
    }
  if (current != NULL)
    json_array_add_element (rounds, pt_game_to_record (current));

  if (current != NULL)
    names = pt_game_get_players (current);
  else if (json_array_get_length (rounds) > 0)
    {
      JsonObject *first = json_array_get_object_element (rounds, 0);
      JsonArray *list = json_object_get_array_member (first, "players");

      for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
        json_array_add_string_element (players, json_array_get_string_element (list, i));
    }
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    json_array_add_string_element (players, names[i]);

  json_object_set_string_member (object, "format", PT_MATCH_RECORD_FORMAT);
  json_object_set_string_member (object, "game", pt_match_get_game_id (match));
  json_object_set_array_member (object, "players", players);
  options = pt_match_get_options (match);
  json_object_set_object_member (object, "options",
                                 options != NULL ? json_object_ref (options) : json_object_new ());
  json_object_set_int_member (object, "rounds_total", pt_match_get_n_rounds (match));
  json_object_set_string_member (object, "next_starter",
                                 pt_next_starter_to_string (pt_match_get_next_starter_policy (match)));
  json_object_set_int_member (object, "seed", (gint64) pt_match_get_seed (match));
  json_object_set_array_member (object, "rounds", rounds);
  return pt_json_node_new_object (object);
}

gboolean
pt_match_record_is (JsonNode *record)
{
  JsonObject *object = pt_json_get_object (record);
  JsonNode *format = object != NULL ? json_object_get_member (object, "format") : NULL;

  return format != NULL && g_strcmp0 (pt_json_get_string (format), PT_MATCH_RECORD_FORMAT) == 0;
}

static gboolean
bad_match (GError **error,
           const char *message)
{
  g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD, message);
  return FALSE;
}

static int
first_player (JsonNode *record)
{
  JsonObject *object = pt_json_get_object (record);
  JsonNode *setup = object != NULL ? json_object_get_member (object, "setup") : NULL;
  JsonObject *setup_object = setup != NULL ? pt_json_get_object (setup) : NULL;
  JsonNode *first = setup_object != NULL ? json_object_get_member (setup_object, "first_player") : NULL;
  gint64 value = -1;

  if (first == NULL || !pt_json_get_int (first, &value))
    return -1;
  return (int) value;
}

PtMatch *
pt_match_record_load (JsonNode *record,
                      PtGame **current,
                      int *error_round,
                      int *error_move,
                      int *error_player,
                      GError **error)
{
  static const char *const allowed[] = {
    "format", "game", "players", "options", "rounds_total", "next_starter", "seed", "rounds", NULL
  };
  JsonObject *object = pt_json_get_object (record);
  JsonNode *node;
  JsonArray *players, *rounds;
  JsonObject *options = NULL;
  const char *game_id, *unknown = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(PtMatch) match = NULL;
  g_autoptr(PtGame) last = NULL;
  PtNextStarter policy;
  gint64 n_rounds = 0, seed = 0;
  int round = -1, move = -1, player = -1;
  GError *local_error = NULL;

  g_return_val_if_fail (current != NULL, NULL);
  *current = NULL;

  if (object == NULL || !pt_match_record_is (record))
    {
      bad_match (&local_error, _("Not a partida-match/1 record"));
      goto fail;
    }
  if (!pt_json_object_only_has (object, allowed, &unknown))
    {
      g_set_error (&local_error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("Unknown member “%s” in the match record"), unknown);
      goto fail;
    }
  node = json_object_get_member (object, "game");
  game_id = node != NULL ? pt_json_get_string (node) : NULL;
  node = json_object_get_member (object, "players");
  players = node != NULL ? pt_json_get_array (node) : NULL;
  node = json_object_get_member (object, "rounds");
  rounds = node != NULL ? pt_json_get_array (node) : NULL;
  if (game_id == NULL || players == NULL || rounds == NULL)
    {
      bad_match (&local_error, _("A match record needs the game, the players and the rounds"));
      goto fail;
    }
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      const char *name = pt_json_get_string (json_array_get_element (players, i));

      if (name == NULL)
        {
          bad_match (&local_error, _("The players of a match record are names"));
          goto fail;
        }
      g_ptr_array_add (names, (gpointer) name);
    }
  g_ptr_array_add (names, NULL);
  if (names->len < 2 || names->len - 1 > PT_GAME_MAX_PLAYERS)
    {
      bad_match (&local_error, _("The players of a match record are names"));
      goto fail;
    }
  node = json_object_get_member (object, "options");
  if (node != NULL && (options = pt_json_get_object (node)) == NULL)
    {
      bad_match (&local_error, _("The options of a match record are an object"));
      goto fail;
    }
  node = json_object_get_member (object, "rounds_total");
  if (node == NULL || !pt_json_get_int (node, &n_rounds) || n_rounds < 1 || n_rounds > PT_MATCH_MAX_ROUNDS)
    {
      bad_match (&local_error, _("The number of rounds must be a whole number from 1 to 5"));
      goto fail;
    }
  node = json_object_get_member (object, "next_starter");
  policy = PT_NEXT_STARTER_ALTERNATE;
  if (node != NULL && !pt_next_starter_from_string (pt_json_get_string (node), &policy))
    {
      bad_match (&local_error, _("Who starts the next round must be: in turn, the player behind or the player ahead"));
      goto fail;
    }
  node = json_object_get_member (object, "seed");
  if (node != NULL && !pt_json_get_int (node, &seed))
    {
      bad_match (&local_error, _("The number the deals come from must be a whole number"));
      goto fail;
    }
  if (json_array_get_length (rounds) == 0 || json_array_get_length (rounds) > (guint) n_rounds)
    {
      bad_match (&local_error, _("A match record holds from one round to its number of rounds"));
      goto fail;
    }

  match = pt_match_new (game_id, (const char *const *) names->pdata, options, (guint) n_rounds,
                        policy, (guint64) seed);
  for (guint r = 0; r < json_array_get_length (rounds); r++)
    {
      JsonNode *round_record = json_array_get_element (rounds, r);
      g_autoptr(PtGame) game = NULL;
      const char *const *round_players;

      round = (int) r;
      move = -1;
      player = -1;
      if (r > 0 && first_player (round_record) >= 0 && (guint) first_player (round_record) != pt_match_get_next_starter (match))
        {
          g_set_error (&local_error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                       _("Round %u must be started by %s (%s)"), r + 1,
                          (const char *) g_ptr_array_index (names, pt_match_get_next_starter (match)),
                          policy == PT_NEXT_STARTER_LOSER ? _("the player behind starts")
                                                          : policy == PT_NEXT_STARTER_LEADER
                          ? _("the player ahead starts")
                          : _("the players take turns to start"));
          goto fail;
        }
      game = pt_rules_load_record (round_record, &move, &player, &local_error);
      if (game == NULL)
        goto fail;
      move = -1;
      player = -1;
      round_players = pt_game_get_players (game);
      if (g_strcmp0 (pt_game_get_game_id (game), game_id) != 0 || g_strv_length ((char **) round_players) != names->len - 1)
        {
          bad_match (&local_error, _("This round belongs to another game"));
          goto fail;
        }
      for (guint p = 0; round_players[p] != NULL; p++)
        if (g_strcmp0 (round_players[p], g_ptr_array_index (names, p)) != 0)
          {
            bad_match (&local_error, _("This round belongs to another game"));
            goto fail;
          }
      if (pt_game_get_is_over (game))
        {
          if (!pt_match_add_round (match, game, &local_error))
            goto fail;
        }
      else if (r + 1 == json_array_get_length (rounds))
        {
          if (!pt_match_resume_round (match, game, &local_error))
            goto fail;
          last = g_steal_pointer (&game);
        }
      else
        {
          bad_match (&local_error, _("Only the last round of a match record may be unfinished"));
          goto fail;
        }
    }

  *current = g_steal_pointer (&last);
  return g_steal_pointer (&match);

fail:
  if (error_round != NULL)
    *error_round = round;
  if (error_move != NULL)
    *error_move = move;
  if (error_player != NULL)
    *error_player = player;
  g_propagate_error (error, local_error);
  return NULL;
}
