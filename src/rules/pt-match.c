/* pt-match.c — several rounds of one game; see pt-match.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match deals each round from its own seed (derived from the match seed
 * and the round number), so a whole match is reproducible from one seed.
 * It is not "best of n": the highest cumulative total wins, and a tie is a
 * shared win. Rounds are finished games; the match listens to nothing and
 * reads the scores when a finished round is added, so a round replayed
 * from a record and a round played live count the same way.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-match.h"
#include "pt-rng.h"
#include "pt-rules.h"

struct _PtMatch
{
  GObject parent_instance;

  char *game_id;
  GStrv players;
  guint n_players;
  JsonObject *options;
  guint n_rounds;
  PtNextStarter next_starter;
  guint64 seed;

  GPtrArray *rounds; /* finished PtGame, in order */
  PtGame *current;   /* the round being played, or NULL */
  int round_scores[PT_MATCH_MAX_ROUNDS][PT_GAME_MAX_PLAYERS];
  int first_players[PT_MATCH_MAX_ROUNDS];
};

G_DEFINE_FINAL_TYPE (PtMatch, pt_match, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_N_ROUNDS_PLAYED,
  PROP_IS_OVER,
  PROP_CURRENT_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pt_match_finalize (GObject *object)
{
  PtMatch *self = PT_MATCH (object);

  g_clear_pointer (&self->game_id, g_free);
  g_clear_pointer (&self->players, g_strfreev);
  g_clear_pointer (&self->options, json_object_unref);
  g_clear_pointer (&self->rounds, g_ptr_array_unref);
  g_clear_object (&self->current);

  G_OBJECT_CLASS (pt_match_parent_class)->finalize (object);
}

static void
pt_match_get_property (GObject *object,
                       guint prop_id,
                       GValue *value,
                       GParamSpec *pspec)
{
  PtMatch *self = PT_MATCH (object);

  switch (prop_id)
    {
    case PROP_N_ROUNDS_PLAYED:
      g_value_set_uint (value, self->rounds->len);
      break;
    case PROP_IS_OVER:
      g_value_set_boolean (value, pt_match_get_is_over (self));
      break;
    case PROP_CURRENT_GAME:
      g_value_set_object (value, self->current);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_match_class_init (PtMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pt_match_finalize;
  object_class->get_property = pt_match_get_property;

  properties[PROP_N_ROUNDS_PLAYED] =
      g_param_spec_uint ("n-rounds-played", NULL, NULL, 0, PT_MATCH_MAX_ROUNDS, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_OVER] =
      g_param_spec_boolean ("is-over", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_GAME] =
      g_param_spec_object ("current-game", NULL, NULL, PT_TYPE_GAME,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pt_match_init (PtMatch *self)
{
  self->rounds = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * pt_match_new:
 * @options: (nullable): the game options in force for every round
 * @n_rounds: 1 to %PT_MATCH_MAX_ROUNDS
 * @seed: the match seed; round k is dealt from pt_rng_derive_seed (seed, k)
 */
PtMatch *
pt_match_new (const char *game_id,
              const char *const *players,
              JsonObject *options,
              guint n_rounds,
              PtNextStarter next_starter,
              guint64 seed)
{
  PtMatch *self;

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (players != NULL, NULL);
  g_return_val_if_fail (n_rounds >= 1 && n_rounds <= PT_MATCH_MAX_ROUNDS, NULL);

  self = g_object_new (PT_TYPE_MATCH, NULL);
  self->game_id = g_strdup (game_id);
  self->players = g_strdupv ((GStrv) players);
  self->n_players = g_strv_length (self->players);
  self->options = options ? json_object_ref (options) : NULL;
  self->n_rounds = n_rounds;
  self->next_starter = next_starter;
  self->seed = seed;
  g_return_val_if_fail (self->n_players >= 1 && self->n_players <= PT_GAME_MAX_PLAYERS, self);
  return self;
}

const char *
pt_match_get_game_id (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), NULL);
  return self->game_id;
}

guint
pt_match_get_n_players (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), 0);
  return self->n_players;
}

guint
pt_match_get_n_rounds (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), 0);
  return self->n_rounds;
}

guint64
pt_match_get_seed (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), 0);
  return self->seed;
}

JsonObject *
pt_match_get_options (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), NULL);
  return self->options;
}

PtNextStarter
pt_match_get_next_starter_policy (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), PT_NEXT_STARTER_ALTERNATE);
  return self->next_starter;
}

guint
pt_match_get_n_rounds_played (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), 0);
  return self->rounds->len;
}

PtGame *
pt_match_get_round_game (PtMatch *self,
                         guint round)
{
  g_return_val_if_fail (PT_IS_MATCH (self), NULL);
  g_return_val_if_fail (round < self->rounds->len, NULL);

  return g_ptr_array_index (self->rounds, round);
}

PtGame *
pt_match_get_current_game (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), NULL);
  return self->current;
}

int
pt_match_get_total (PtMatch *self,
                    guint player)
{
  int total = 0;

  g_return_val_if_fail (PT_IS_MATCH (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);

  for (guint r = 0; r < self->rounds->len; r++)
    total += self->round_scores[r][player];
  return total;
}

int
pt_match_get_round_score (PtMatch *self,
                          guint round,
                          guint player)
{
  g_return_val_if_fail (PT_IS_MATCH (self), 0);
  g_return_val_if_fail (round < self->rounds->len, 0);
  g_return_val_if_fail (player < self->n_players, 0);

  return self->round_scores[round][player];
}

gboolean
pt_match_get_is_over (PtMatch *self)
{
  g_return_val_if_fail (PT_IS_MATCH (self), FALSE);
  return self->rounds->len >= self->n_rounds;
}

/* The seat with the unique best (leader) or worst (loser) total, or -1
 * when several seats share it. */
static int
unique_extreme_seat (PtMatch *self,
                     gboolean highest)
{
  int best_seat = -1, best = 0;
  gboolean shared = FALSE;

  for (guint p = 0; p < self->n_players; p++)
    {
      int total = pt_match_get_total (self, p);

      if (best_seat < 0 || (highest ? total > best : total < best))
        {
          best_seat = (int) p;
          best = total;
          shared = FALSE;
        }
      else if (total == best)
        shared = TRUE;
    }
  return shared ? -1 : best_seat;
}

/**
 * pt_match_get_next_starter:
 *
 * The seat that starts the next round. Round 0's starter comes from the
 * seed (the first round's deal chooses it); later rounds follow the
 * policy. A tie under "loser"/"leader" falls back to alternating, because
 * that is what a table does when nobody is behind.
 */
guint
pt_match_get_next_starter (PtMatch *self)
{
  guint played;
  int seat = -1;

  g_return_val_if_fail (PT_IS_MATCH (self), 0);

  played = self->rounds->len;
  if (played == 0)
    return 0;
  if (self->next_starter == PT_NEXT_STARTER_LOSER)
    seat = unique_extreme_seat (self, FALSE);
  else if (self->next_starter == PT_NEXT_STARTER_LEADER)
    seat = unique_extreme_seat (self, TRUE);
  if (seat >= 0)
    return (guint) seat;
  return ((guint) self->first_players[played - 1] + 1) % self->n_players;
}

/* Whether a round may start now: the match is not over and no round is
 * being played. */
static gboolean
may_start_round (PtMatch *self,
                 GError **error)
{
  if (pt_match_get_is_over (self))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The match is already over"));
      return FALSE;
    }
  if (self->current != NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                           _("The current round is not finished"));
      return FALSE;
    }
  return TRUE;
}

/**
 * pt_match_start_round:
 *
 * Deals the next round and returns it (owned by the match). The previous
 * round, if any, must have been finished and added.
 */
PtGame *
pt_match_start_round (PtMatch *self,
                      GError **error)
{
  guint round;
  int first;
  guint64 seed;

  g_return_val_if_fail (PT_IS_MATCH (self), NULL);

  if (!may_start_round (self, error))
    return NULL;

  round = self->rounds->len;
  seed = pt_rng_derive_seed (self->seed, round);
  /* Round 0: the deal picks the starter from the seed; later rounds follow
   * the policy. */
  first = round == 0 ? -1 : (int) pt_match_get_next_starter (self);
  self->current = pt_rules_new_dealt_game (self->game_id, (const char *const *) self->players,
                                           self->options, first, seed, error);
  if (self->current == NULL)
    return NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_GAME]);
  return self->current;
}

/* The seat that moves first in a freshly set-up game. */
static int
first_player_of (PtGame *game)
{
  g_autoptr(JsonNode) record = pt_game_to_record (game);
  JsonObject *setup = json_object_get_object_member (json_node_get_object (record), "setup");
  JsonNode *first = setup ? json_object_get_member (setup, "first_player") : NULL;
  gint64 value = 0;

  if (first != NULL && pt_json_get_int (first, &value))
    return (int) value;
  return 0;
}

/**
 * pt_match_add_round:
 * @game: a finished round of this match's game (the current round, or one
 *   replayed from a record)
 *
 * Adds @game's scores to the totals.
 */
gboolean
pt_match_add_round (PtMatch *self,
                    PtGame *game,
                    GError **error)
{
  guint round;
  int scores[PT_GAME_MAX_PLAYERS];
  gboolean was_over;

  g_return_val_if_fail (PT_IS_MATCH (self), FALSE);
  g_return_val_if_fail (PT_IS_GAME (game), FALSE);

  if (pt_match_get_is_over (self))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The match is already over"));
      return FALSE;
    }
  if (g_strcmp0 (pt_game_get_game_id (game), self->game_id) != 0 ||
      pt_game_get_n_players (game) != self->n_players)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("This round belongs to another game"));
      return FALSE;
    }
  if (!pt_game_get_is_over (game))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                           _("The round is not finished yet"));
      return FALSE;
    }

  was_over = pt_match_get_is_over (self);
  round = self->rounds->len;
  pt_game_get_scores (game, scores);
  for (guint p = 0; p < self->n_players; p++)
    self->round_scores[round][p] = scores[p];
  self->first_players[round] = first_player_of (game);
  g_ptr_array_add (self->rounds, g_object_ref (game));
  if (game == self->current)
    {
      g_clear_object (&self->current);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_GAME]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ROUNDS_PLAYED]);
  if (!was_over && pt_match_get_is_over (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_OVER]);
  return TRUE;
}

/**
 * pt_match_resume_round:
 * @game: the next round, unfinished, replayed from a saved record
 *
 * Makes @game the round being played, as pt_match_start_round() would
 * have dealt it, so a saved match continues in any round.
 */
gboolean
pt_match_resume_round (PtMatch *self,
                       PtGame *game,
                       GError **error)
{
  g_return_val_if_fail (PT_IS_MATCH (self), FALSE);
  g_return_val_if_fail (PT_IS_GAME (game), FALSE);

  if (!may_start_round (self, error))
    return FALSE;
  if (g_strcmp0 (pt_game_get_game_id (game), self->game_id) != 0 ||
      pt_game_get_n_players (game) != self->n_players)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("This round belongs to another game"));
      return FALSE;
    }
  self->current = g_object_ref (game);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_GAME]);
  return TRUE;
}

/* Bit i for every player with the highest total (a tie is a shared win);
 * 0 while the match is not over. */
guint
pt_match_get_winners (PtMatch *self)
{
  guint winners = 0;
  int best = G_MININT;

  g_return_val_if_fail (PT_IS_MATCH (self), 0);

  if (!pt_match_get_is_over (self))
    return 0;
  for (guint p = 0; p < self->n_players; p++)
    best = MAX (best, pt_match_get_total (self, p));
  for (guint p = 0; p < self->n_players; p++)
    if (pt_match_get_total (self, p) == best)
      winners |= 1u << p;
  return winners;
}

/* The match as the store and the CLI keep it: options, per-round scores
 * and records, totals and winners. */
JsonNode *
pt_match_to_json (PtMatch *self)
{
  JsonObject *object = json_object_new ();
  JsonArray *rounds = json_array_new ();
  JsonArray *totals = json_array_new ();

  g_return_val_if_fail (PT_IS_MATCH (self), NULL);

  for (guint r = 0; r < self->rounds->len; r++)
    {
      JsonObject *round = json_object_new ();
      JsonArray *scores = json_array_new ();

      for (guint p = 0; p < self->n_players; p++)
        json_array_add_int_element (scores, self->round_scores[r][p]);
      json_object_set_array_member (round, "scores", scores);
      json_object_set_member (round, "record",
                              pt_game_to_record (g_ptr_array_index (self->rounds, r)));
      json_array_add_object_element (rounds, round);
    }
  for (guint p = 0; p < self->n_players; p++)
    json_array_add_int_element (totals, pt_match_get_total (self, p));

  json_object_set_string_member (object, "game", self->game_id);
  json_object_set_int_member (object, "rounds_total", self->n_rounds);
  json_object_set_string_member (object, "next_starter",
                                 pt_next_starter_to_string (self->next_starter));
  json_object_set_int_member (object, "seed", (gint64) self->seed);
  json_object_set_array_member (object, "rounds", rounds);
  json_object_set_array_member (object, "totals", totals);
  json_object_set_member (object, "winners",
                          pt_game_winners_to_json (pt_match_get_winners (self), self->n_players));
  return pt_json_node_new_object (object);
}

static const char *const next_starter_names[] = { "alternate", "loser", "leader" };

const char *
pt_next_starter_to_string (PtNextStarter policy)
{
  g_return_val_if_fail (policy <= PT_NEXT_STARTER_LEADER, "alternate");
  return next_starter_names[policy];
}

gboolean
pt_next_starter_from_string (const char *text,
                             PtNextStarter *policy)
{
  for (guint i = 0; i < G_N_ELEMENTS (next_starter_names); i++)
    if (g_strcmp0 (text, next_starter_names[i]) == 0)
      {
        *policy = (PtNextStarter) i;
        return TRUE;
      }
  return FALSE;
}
