/* pt-game.c — the abstract game; see pt-game.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game.h"
#include "pt-record.h"

typedef struct
{
  GStrv players;
  guint n_players;
  JsonObject *options; /* as given to setup(), for undo; may be NULL */
  JsonObject *setup;
  GPtrArray *history; /* of PtGameMove* */
  gboolean allow_undo;
  gboolean is_set_up;
} PtGamePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PtGame, pt_game, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_GAME_ID,
  PROP_PLAYERS,
  PROP_CURRENT_PLAYER,
  PROP_IS_OVER,
  PROP_PHASE,
  PROP_ALLOW_UNDO,
  PROP_CAN_UNDO,
  PROP_N_MOVES,
  N_PROPS
};

enum
{
  MOVE_APPLIED,
  MOVE_UNDONE,
  GAME_OVER,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* What listeners may want to hear about after a change. */
typedef struct
{
  int current_player;
  gboolean is_over;
  gboolean can_undo;
  const char *phase;
} PtGameSnapshot;

static void
pt_game_move_free (PtGameMove *move)
{
  json_node_unref (move->move);
  g_free (move->description);
  g_free (move);
}

static PtGameSnapshot
take_snapshot (PtGame *self)
{
  PtGameSnapshot snap = {
    pt_game_get_current_player (self),
    pt_game_get_is_over (self),
    pt_game_get_can_undo (self),
    pt_game_get_phase (self),
  };
  return snap;
}

static void
notify_changes (PtGame *self,
                const PtGameSnapshot *before)
{
  PtGameSnapshot after = take_snapshot (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  if (after.current_player != before->current_player)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLAYER]);
  if (after.is_over != before->is_over)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_OVER]);
  if (after.can_undo != before->can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (g_strcmp0 (after.phase, before->phase) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
}

static JsonNode *
pt_game_real_build_record_moves (PtGame *self,
                                 GPtrArray *history)
{
  g_autoptr(JsonArray) moves = json_array_sized_new (history->len);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < history->len; i++)
    {
      const PtGameMove *m = g_ptr_array_index (history, i);
      json_array_add_element (moves, json_node_copy (m->move));
    }
  json_node_set_array (node, moves);
  return node;
}

static gboolean
pt_game_real_replay_record_move (PtGame *self,
                                 JsonNode *record_move,
                                 int *error_player,
                                 GError **error)
{
  int current = pt_game_get_current_player (self);

  if (current < 0)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The game is already over"));
      return FALSE;
    }
  if (error_player != NULL)
    *error_player = current;
  return pt_game_request_move (self, (guint) current, record_move, error);
}

static void
pt_game_finalize (GObject *object)
{
  PtGame *self = PT_GAME (object);
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_clear_pointer (&priv->players, g_strfreev);
  g_clear_pointer (&priv->options, json_object_unref);
  g_clear_pointer (&priv->setup, json_object_unref);
  g_clear_pointer (&priv->history, g_ptr_array_unref);

  G_OBJECT_CLASS (pt_game_parent_class)->finalize (object);
}

static void
pt_game_get_property (GObject *object,
                      guint prop_id,
                      GValue *value,
                      GParamSpec *pspec)
{
  PtGame *self = PT_GAME (object);
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME_ID:
      g_value_set_string (value, pt_game_get_game_id (self));
      break;
    case PROP_PLAYERS:
      g_value_set_boxed (value, priv->players);
      break;
    case PROP_CURRENT_PLAYER:
      g_value_set_int (value, pt_game_get_current_player (self));
      break;
    case PROP_IS_OVER:
      g_value_set_boolean (value, pt_game_get_is_over (self));
      break;
    case PROP_PHASE:
      g_value_set_string (value, pt_game_get_phase (self));
      break;
    case PROP_ALLOW_UNDO:
      g_value_set_boolean (value, priv->allow_undo);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, pt_game_get_can_undo (self));
      break;
    case PROP_N_MOVES:
      g_value_set_uint (value, priv->history->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_game_set_property (GObject *object,
                      guint prop_id,
                      const GValue *value,
                      GParamSpec *pspec)
{
  PtGame *self = PT_GAME (object);
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_PLAYERS:
      g_clear_pointer (&priv->players, g_strfreev);
      priv->players = g_value_dup_boxed (value);
      priv->n_players = priv->players ? g_strv_length (priv->players) : 0;
      break;
    case PROP_ALLOW_UNDO:
      pt_game_set_allow_undo (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_game_class_init (PtGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pt_game_finalize;
  object_class->get_property = pt_game_get_property;
  object_class->set_property = pt_game_set_property;

  klass->build_record_moves = pt_game_real_build_record_moves;
  klass->replay_record_move = pt_game_real_replay_record_move;
  klass->min_players = 1;
  klass->max_players = PT_GAME_MAX_PLAYERS;

  properties[PROP_GAME_ID] =
      g_param_spec_string ("game-id", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYERS] =
      g_param_spec_boxed ("players", NULL, NULL, G_TYPE_STRV,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_PLAYER] =
      g_param_spec_int ("current-player", NULL, NULL, -1, PT_GAME_MAX_PLAYERS - 1, -1,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_OVER] =
      g_param_spec_boolean ("is-over", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
      g_param_spec_string ("phase", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ALLOW_UNDO] =
      g_param_spec_boolean ("allow-undo", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
      g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_MOVES] =
      g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PtGame::move-applied:
   * @player: who moved
   * @move: the move, as a record move object
   *
   * Emitted once per accepted move, after the state changed; never for a
   * rejected move.
   */
  signals[MOVE_APPLIED] =
      g_signal_new ("move-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_UINT, JSON_TYPE_NODE);

  /**
   * PtGame::move-undone:
   *
   * Emitted after undo() took back the last move; views redraw from the
   * state.
   */
  signals[MOVE_UNDONE] =
      g_signal_new ("move-undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * PtGame::game-over:
   *
   * Emitted once, after the move that ended the game.
   */
  signals[GAME_OVER] =
      g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pt_game_init (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  priv->history = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_game_move_free);
  priv->allow_undo = TRUE;
}

const char *
pt_game_get_game_id (PtGame *self)
{
  g_return_val_if_fail (PT_IS_GAME (self), NULL);

  return PT_GAME_GET_CLASS (self)->game_id;
}

guint
pt_game_get_n_players (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), 0);

  return priv->n_players;
}

const char *
pt_game_get_player_name (PtGame *self,
                         guint player)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), NULL);
  g_return_val_if_fail (player < priv->n_players, NULL);

  return priv->players[player];
}

const char *const *
pt_game_get_players (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), NULL);

  return (const char *const *) priv->players;
}

int
pt_game_get_current_player (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), -1);

  if (!priv->is_set_up)
    return -1;
  return PT_GAME_GET_CLASS (self)->get_current_player (self);
}

gboolean
pt_game_get_is_over (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), FALSE);

  return priv->is_set_up && PT_GAME_GET_CLASS (self)->get_is_over (self);
}

const char *
pt_game_get_phase (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  PtGameClass *klass;

  g_return_val_if_fail (PT_IS_GAME (self), NULL);

  klass = PT_GAME_GET_CLASS (self);
  if (!priv->is_set_up)
    return "setup";
  if (klass->get_phase == NULL)
    return pt_game_get_is_over (self) ? "over" : "play";
  return klass->get_phase (self);
}

gboolean
pt_game_get_hidden_information (PtGame *self)
{
  g_return_val_if_fail (PT_IS_GAME (self), FALSE);

  return PT_GAME_GET_CLASS (self)->hidden_information;
}

/**
 * pt_game_setup:
 * @options: (nullable): the game's options; %NULL for the defaults
 * @setup: the setup object of a record (hands and deck, circle, …)
 *
 * Starts the game from @setup, forgetting any history.
 */
gboolean
pt_game_setup (PtGame *self,
               JsonObject *options,
               JsonObject *setup,
               GError **error)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  PtGameClass *klass;
  PtGameSnapshot before;

  g_return_val_if_fail (PT_IS_GAME (self), FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);

  klass = PT_GAME_GET_CLASS (self);
  if (priv->n_players < klass->min_players || priv->n_players > klass->max_players)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("The number of players must be %u to %u, not %u"),
                      klass->min_players, klass->max_players, priv->n_players);
      return FALSE;
    }

  before = take_snapshot (self);
  if (!klass->setup (self, options, setup, error))
    return FALSE;

  g_clear_pointer (&priv->options, json_object_unref);
  g_clear_pointer (&priv->setup, json_object_unref);
  priv->options = options ? json_object_ref (options) : NULL;
  priv->setup = json_object_ref (setup);
  g_ptr_array_set_size (priv->history, 0);
  priv->is_set_up = TRUE;
  notify_changes (self, &before);
  return TRUE;
}

/**
 * pt_game_request_move:
 * @player: the seat that wants to move
 * @move: a record move object
 *
 * Checks that @player may act and that @move is legal, then applies it and
 * emits #PtGame::move-applied (and #PtGame::game-over when it ended the
 * game). On rejection returns %FALSE with a %PT_RULES_ERROR, changes
 * nothing and emits nothing.
 */
gboolean
pt_game_request_move (PtGame *self,
                      guint player,
                      JsonNode *move,
                      GError **error)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  PtGameSnapshot before;
  PtGameMove *entry;
  g_autofree char *description = NULL;

  g_return_val_if_fail (PT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!priv->is_set_up)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                           _("The game has not been set up"));
      return FALSE;
    }
  if (pt_game_get_is_over (self))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The game is already over"));
      return FALSE;
    }
  if (player >= priv->n_players)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_NOT_YOUR_TURN,
                   _("There is no player %u in this game"), player);
      return FALSE;
    }
  if (pt_game_get_current_player (self) != (int) player)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_NOT_YOUR_TURN,
                   _("It is not %s’s turn"), priv->players[player]);
      return FALSE;
    }

  before = take_snapshot (self);
  /* The sentence reads the position before the move. */
  if (PT_GAME_GET_CLASS (self)->describe_move != NULL)
    description = PT_GAME_GET_CLASS (self)->describe_move (self, player, move);
  if (!PT_GAME_GET_CLASS (self)->apply_move (self, player, move, error))
    return FALSE;

  entry = g_new0 (PtGameMove, 1);
  entry->player = player;
  entry->move = json_node_copy (move);
  entry->description = g_steal_pointer (&description);
  g_ptr_array_add (priv->history, entry);

  g_signal_emit (self, signals[MOVE_APPLIED], 0, player, entry->move);
  notify_changes (self, &before);
  if (!before.is_over && pt_game_get_is_over (self))
    g_signal_emit (self, signals[GAME_OVER], 0);
  return TRUE;
}

gboolean
pt_game_request_move_string (PtGame *self,
                             guint player,
                             const char *move_json,
                             GError **error)
{
  g_autoptr(JsonNode) move = NULL;
  g_autoptr(GError) local_error = NULL;

  move = pt_json_parse (move_json, &local_error);
  if (move == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("The move is not valid JSON: %s"), local_error->message);
      return FALSE;
    }
  return pt_game_request_move (self, player, move, error);
}

/* Legality without applying: the list of legal moves is the rules' own
 * answer, so this never disagrees with request_move(). */
gboolean
pt_game_is_legal (PtGame *self,
                  guint player,
                  JsonNode *move)
{
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (self, player);
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    if (json_node_equal (json_array_get_element (moves, i), move))
      return TRUE;
  return FALSE;
}

JsonNode *
pt_game_list_legal_moves (PtGame *self,
                          guint player)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), NULL);

  if (!priv->is_set_up || pt_game_get_is_over (self) || player >= priv->n_players)
    {
      JsonNode *empty = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (empty, json_array_new ());
      return empty;
    }
  return PT_GAME_GET_CLASS (self)->list_legal_moves (self, player);
}

void
pt_game_set_allow_undo (PtGame *self,
                        gboolean allow_undo)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  gboolean could_undo;

  g_return_if_fail (PT_IS_GAME (self));

  allow_undo = !!allow_undo;
  if (priv->allow_undo == allow_undo)
    return;

  could_undo = pt_game_get_can_undo (self);
  priv->allow_undo = allow_undo;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALLOW_UNDO]);
  if (could_undo != pt_game_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
}

/* A finished game cannot be taken back: its result may already be in the
 * history, and players expect the end to be the end. */
gboolean
pt_game_get_can_undo (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), FALSE);

  return priv->allow_undo && priv->is_set_up && priv->history->len > 0 &&
         !pt_game_get_is_over (self);
}

/**
 * pt_game_undo:
 *
 * Takes back the last move: the state is rebuilt from the setup and the
 * history minus that move, which keeps undo exactly as legal as the moves
 * themselves. Emits #PtGame::move-undone.
 */
gboolean
pt_game_undo (PtGame *self,
              GError **error)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  PtGameClass *klass;
  PtGameSnapshot before;

  g_return_val_if_fail (PT_IS_GAME (self), FALSE);

  if (!pt_game_get_can_undo (self))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_CANNOT_UNDO,
                           _("There is no move to take back"));
      return FALSE;
    }

  klass = PT_GAME_GET_CLASS (self);
  before = take_snapshot (self);
  g_ptr_array_remove_index (priv->history, priv->history->len - 1);
  if (!klass->setup (self, priv->options, priv->setup, error))
    g_return_val_if_reached (FALSE);
  for (guint i = 0; i < priv->history->len; i++)
    {
      const PtGameMove *m = g_ptr_array_index (priv->history, i);
      g_autoptr(GError) replay_error = NULL;

      if (!klass->apply_move (self, m->player, m->move, &replay_error))
        g_critical ("Undo could not replay move %u: %s", i, replay_error->message);
    }
  g_signal_emit (self, signals[MOVE_UNDONE], 0);
  notify_changes (self, &before);
  return TRUE;
}

guint
pt_game_get_n_moves (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), 0);

  return priv->history->len;
}

const PtGameMove *
pt_game_get_move (PtGame *self,
                  guint index)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_val_if_fail (PT_IS_GAME (self), NULL);
  g_return_val_if_fail (index < priv->history->len, NULL);

  return g_ptr_array_index (priv->history, index);
}

/**
 * pt_game_get_move_description:
 *
 * The sentence for move @index of the history ("Ana played the red 7 and
 * drew from the deck."), as the game described it when it was made; a
 * generic sentence naming the player when the game has none.
 *
 * Returns: (transfer none): the sentence
 */
const char *
pt_game_get_move_description (PtGame *self,
                              guint index)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  PtGameMove *move;

  g_return_val_if_fail (PT_IS_GAME (self), NULL);
  g_return_val_if_fail (index < priv->history->len, NULL);

  move = g_ptr_array_index (priv->history, index);
  if (move->description == NULL)
    /* Translators: a move log entry for a game that cannot say more */
    move->description = g_strdup_printf (_("%s made a move."), priv->players[move->player]);
  return move->description;
}

void
pt_game_get_scores (PtGame *self,
                    int *scores)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);

  g_return_if_fail (PT_IS_GAME (self));
  g_return_if_fail (scores != NULL);

  for (guint i = 0; i < priv->n_players; i++)
    scores[i] = 0;
  if (priv->is_set_up)
    PT_GAME_GET_CLASS (self)->get_scores (self, scores);
}

int
pt_game_get_score (PtGame *self,
                   guint player)
{
  int scores[PT_GAME_MAX_PLAYERS];

  g_return_val_if_fail (PT_IS_GAME (self), 0);
  g_return_val_if_fail (player < pt_game_get_n_players (self), 0);

  pt_game_get_scores (self, scores);
  return scores[player];
}

/* Bit i set when player i won; 0 while the game is not over. */
guint
pt_game_get_winners (PtGame *self)
{
  g_return_val_if_fail (PT_IS_GAME (self), 0);

  if (!pt_game_get_is_over (self))
    return 0;
  return PT_GAME_GET_CLASS (self)->get_winners (self);
}

JsonNode *
pt_game_get_breakdown (PtGame *self)
{
  g_return_val_if_fail (PT_IS_GAME (self), NULL);

  return PT_GAME_GET_CLASS (self)->get_breakdown (self);
}

JsonNode *
pt_game_get_view (PtGame *self,
                  int player)
{
  g_return_val_if_fail (PT_IS_GAME (self), NULL);
  g_return_val_if_fail (player >= -1 && player < (int) pt_game_get_n_players (self), NULL);

  return PT_GAME_GET_CLASS (self)->get_view (self, player);
}

/**
 * pt_game_to_record:
 *
 * The game as a `partida-record/1` document: options, players, setup and
 * every move so far. Loading it back yields the same position.
 */
JsonNode *
pt_game_to_record (PtGame *self)
{
  PtGamePrivate *priv = pt_game_get_instance_private (self);
  PtGameClass *klass;
  g_autoptr(JsonObject) record = json_object_new ();
  g_autoptr(JsonArray) players = json_array_new ();
  JsonNode *node;

  g_return_val_if_fail (PT_IS_GAME (self), NULL);
  g_return_val_if_fail (priv->is_set_up, NULL);

  klass = PT_GAME_GET_CLASS (self);
  for (guint i = 0; i < priv->n_players; i++)
    json_array_add_string_element (players, priv->players[i]);

  json_object_set_string_member (record, "format", PT_RECORD_FORMAT);
  json_object_set_string_member (record, "game", klass->game_id);
  json_object_set_object_member (record, "options", klass->save_options (self));
  json_object_set_array_member (record, "players", g_steal_pointer (&players));
  json_object_set_object_member (record, "setup", klass->save_setup (self));
  json_object_set_member (record, "moves", klass->build_record_moves (self, priv->history));

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, record);
  return node;
}

char *
pt_game_to_record_string (PtGame *self,
                          gboolean pretty)
{
  g_autoptr(JsonNode) record = pt_game_to_record (self);

  return json_to_string (record, pretty);
}

/* Replays one element of a record's "moves" array. */
gboolean
pt_game_replay_record_move (PtGame *self,
                            JsonNode *record_move,
                            int *error_player,
                            GError **error)
{
  g_return_val_if_fail (PT_IS_GAME (self), FALSE);

  if (error_player != NULL)
    *error_player = -1;
  return PT_GAME_GET_CLASS (self)->replay_record_move (self, record_move, error_player, error);
}

JsonNode *
pt_game_winners_to_json (guint winners_mask,
                         guint n_players)
{
  JsonArray *winners = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < n_players; i++)
    if (winners_mask & (1u << i))
      json_array_add_int_element (winners, i);
  json_node_take_array (node, winners);
  return node;
}
