/* pt-bot.c — a computer player; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-bot.h"
#include "pt-bot-strategy.h"
#include "pt-rng.h"
#include "pt-rules.h"

struct _PtBot
{
  GObject parent_instance;

  char *game_id;
  PtBotLevel level;
  guint64 seed;
  guint time_budget;             /* ms; 0: no limit */
  const PtBotStrategy *strategy; /* NULL: the RANDOM level of a game without one */
};

G_DEFINE_FINAL_TYPE (PtBot, pt_bot, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (PtBotLevel, pt_bot_level, G_DEFINE_ENUM_VALUE (PT_BOT_LEVEL_EASY, "easy"), G_DEFINE_ENUM_VALUE (PT_BOT_LEVEL_MEDIUM, "medium"), G_DEFINE_ENUM_VALUE (PT_BOT_LEVEL_HARD, "hard"), G_DEFINE_ENUM_VALUE (PT_BOT_LEVEL_RANDOM, "random"), G_DEFINE_ENUM_VALUE (PT_BOT_LEVEL_AGGRESSIVE, "aggressive"), G_DEFINE_ENUM_VALUE (PT_BOT_LEVEL_DENIAL, "denial"))

enum
{
  PROP_0,
  PROP_GAME_ID,
  PROP_LEVEL,
  PROP_SEED,
  PROP_TIME_BUDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const level_ids[PT_BOT_N_LEVELS] = {
  "easy",
  "medium",
  "hard",
  "random",
  "aggressive",
  "denial",
};

/* Used when a game's strategy has no description of its own. */
static const char *const generic_descriptions[PT_BOT_N_LEVELS] = {
  N_("Plays reasonable moves but makes mistakes"),
      N_("Plays a careful hand-written strategy"),
          N_("Thinks ahead by simulating many possible continuations"),
              N_("Plays random legal moves (for testing)"),
                  N_("Plays a second, bolder strategy (for testing)"),
                      N_("Never hands you a card you could use (for testing)"),
                  };

const char *
pt_bot_level_to_id (PtBotLevel level)
{
  g_return_val_if_fail (level < PT_BOT_N_LEVELS, NULL);
  return level_ids[level];
}

gboolean
pt_bot_level_from_id (const char *id,
                      PtBotLevel *level)
{
  for (guint i = 0; i < PT_BOT_N_LEVELS; i++)
    if (g_strcmp0 (id, level_ids[i]) == 0)
      {
        *level = (PtBotLevel) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
pt_bot_level_is_main (PtBotLevel level)
{
  return level <= PT_BOT_LEVEL_HARD;
}

const char *
pt_bot_level_describe (const char *game_id,
                       PtBotLevel level)
{
  const PtBotStrategy *strategy = pt_bot_strategy_lookup (game_id);

  g_return_val_if_fail (level < PT_BOT_N_LEVELS, NULL);
  if (strategy != NULL && strategy->descriptions[level] != NULL)
    return _(strategy->descriptions[level]);
  return _(generic_descriptions[level]);
}

static gboolean
game_exists (const char *game_id)
{
  g_autoptr(GError) error = NULL;

  pt_rules_init ();
  return pt_rules_lookup_game (game_id, &error) != G_TYPE_INVALID;
}

gboolean
pt_bot_supports (const char *game_id,
                 PtBotLevel level)
{
  const PtBotStrategy *strategy = pt_bot_strategy_lookup (game_id);

  if (level >= PT_BOT_N_LEVELS)
    return FALSE;
  /* Random play needs only the legal moves, which every game lists. */
  if (level == PT_BOT_LEVEL_RANDOM)
    return strategy != NULL || game_exists (game_id);
  return strategy != NULL && (strategy->levels & (1u << level)) != 0;
}

PtBot *
pt_bot_new (const char *game_id,
            PtBotLevel level,
            guint64 seed,
            guint time_budget_ms,
            GError **error)
{
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!pt_bot_supports (game_id, level))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* Translators: %s is a difficulty level id, then a game id */
                   _("There is no “%s” computer player for %s"),
                      level < PT_BOT_N_LEVELS ? level_ids[level] : "?", game_id);
      return NULL;
    }
  return g_object_new (PT_TYPE_BOT,
                       "game-id", game_id,
                       "level", level,
                       "seed", seed,
                       "time-budget", time_budget_ms,
                       NULL);
}

/* The RANDOM level's snapshot: the legal moves, which are part of what
 * the player to move may know. */
typedef struct
{
  JsonNode *moves;
} RandomSnapshot;

static gpointer
random_snapshot_new (PtGame *game,
                     guint player,
                     GError **error)
{
  RandomSnapshot *snapshot;
  g_autoptr(JsonNode) moves = pt_game_list_legal_moves (game, player);

  if (moves == NULL || !JSON_NODE_HOLDS_ARRAY (moves) ||
      json_array_get_length (json_node_get_array (moves)) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Player %u has no move to make"), player + 1);
      return NULL;
    }
  snapshot = g_new0 (RandomSnapshot, 1);
  snapshot->moves = g_steal_pointer (&moves);
  return snapshot;
}

static void
random_snapshot_free (gpointer data)
{
  RandomSnapshot *snapshot = data;

  json_node_unref (snapshot->moves);
  g_free (snapshot);
}

static JsonNode *
random_choose (gconstpointer data,
               const PtBotRequest *request)
{
  const RandomSnapshot *snapshot = data;
  JsonArray *moves = json_node_get_array (snapshot->moves);
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  return json_node_copy (json_array_get_element (moves,
                                                 pt_rng_below (&rng, json_array_get_length (moves))));
}

/* One request: the snapshot and what to do with it; owned by the GTask. */
typedef struct
{
  const PtBotStrategy *strategy; /* NULL: random */
  gpointer snapshot;
  PtBotRequest request;
  char *reason; /* set by job_run() */
} Job;

static void
job_free (Job *job)
{
  if (job->snapshot != NULL)
    {
      if (job->strategy != NULL && job->request.level != PT_BOT_LEVEL_RANDOM)
        job->strategy->snapshot_free (job->snapshot);
      else
        random_snapshot_free (job->snapshot);
    }
  g_free (job->reason);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Job, job_free)

static Job *
job_new (PtBot *self,
         PtGame *game,
         guint player,
         GError **error)
{
  g_autoptr(Job) job = g_new0 (Job, 1);

  if (g_strcmp0 (pt_game_get_game_id (game), self->game_id) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "a %s bot cannot play %s", self->game_id, pt_game_get_game_id (game));
      return NULL;
    }
  if (pt_game_get_is_over (game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The game is over"));
      return NULL;
    }

  job->strategy = self->strategy;
  job->request.level = self->level;
  /* The move number is public, and varies the choices of a bot from
   * one turn to the next. */
  job->request.seed = pt_rng_derive_seed (self->seed, pt_game_get_n_moves (game));
  if (self->level == PT_BOT_LEVEL_RANDOM || job->strategy == NULL)
    job->snapshot = random_snapshot_new (game, player, error);
  else
    job->snapshot = job->strategy->snapshot_new (game, player, error);
  if (job->snapshot == NULL)
    return NULL;
  return g_steal_pointer (&job);
}

static JsonNode *
job_run (Job *job,
         guint time_budget,
         GCancellable *cancellable,
         GError **error)
{
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  /* The budget runs from when the search starts, not from the request. */
  job->request.deadline = time_budget > 0
                              ? g_get_monotonic_time () + (gint64) time_budget * 1000
                              : 0;
  g_clear_pointer (&job->reason, g_free);
  if (job->strategy == NULL || job->request.level == PT_BOT_LEVEL_RANDOM)
    return random_choose (job->snapshot, &job->request);
  return job->strategy->choose (job->snapshot, &job->request, &job->reason, cancellable, error);
}

static void
choose_thread (GTask *task,
               gpointer source_object,
               gpointer task_data,
               GCancellable *cancellable)
{
  PtBot *self = source_object;
  GError *error = NULL;
  JsonNode *move = job_run (task_data, self->time_budget, cancellable, &error);

  /* The reason stays in the job (the task data) for _finish_full(). */
  if (move == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, move, (GDestroyNotify) json_node_unref);
}

void
pt_bot_choose_move_async (PtBot *self,
                          PtGame *game,
                          guint player,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  Job *job;

  g_return_if_fail (PT_IS_BOT (self));
  g_return_if_fail (PT_IS_GAME (game));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_bot_choose_move_async);
  /* The snapshot is taken now, on the caller's thread: the worker never
   * sees the PtGame, which may change while it thinks. */
  job = job_new (self, game, player, &error);
  if (job == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, choose_thread);
}

JsonNode *
pt_bot_choose_move_finish_full (PtBot *self,
                                GAsyncResult *result,
                                char **reason,
                                GError **error)
{
  JsonNode *move;
  Job *job;

  g_return_val_if_fail (PT_IS_BOT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  job = g_task_get_task_data (G_TASK (result));
  move = g_task_propagate_pointer (G_TASK (result), error);
  if (reason != NULL)
    *reason = move != NULL && job != NULL ? g_strdup (job->reason) : NULL;
  return move;
}

JsonNode *
pt_bot_choose_move_finish (PtBot *self,
                           GAsyncResult *result,
                           GError **error)
{
  return pt_bot_choose_move_finish_full (self, result, NULL, error);
}

JsonNode *
pt_bot_choose_move_full (PtBot *self,
                         PtGame *game,
                         guint player,
                         GCancellable *cancellable,
                         char **reason,
                         GError **error)
{
  g_autoptr(Job) job = NULL;
  JsonNode *move;

  g_return_val_if_fail (PT_IS_BOT (self), NULL);
  g_return_val_if_fail (PT_IS_GAME (game), NULL);

  if (reason != NULL)
    *reason = NULL;
  job = job_new (self, game, player, error);
  if (job == NULL)
    return NULL;
  move = job_run (job, self->time_budget, cancellable, error);
  if (move != NULL && reason != NULL)
    *reason = g_steal_pointer (&job->reason);
  return move;
}

JsonNode *
pt_bot_choose_move (PtBot *self,
                    PtGame *game,
                    guint player,
                    GCancellable *cancellable,
                    GError **error)
{
  return pt_bot_choose_move_full (self, game, player, cancellable, NULL, error);
}

static void
pt_bot_constructed (GObject *object)
{
  PtBot *self = PT_BOT (object);

  G_OBJECT_CLASS (pt_bot_parent_class)->constructed (object);
  self->strategy = pt_bot_strategy_lookup (self->game_id);
}

static void
pt_bot_finalize (GObject *object)
{
  PtBot *self = PT_BOT (object);

  g_clear_pointer (&self->game_id, g_free);
  G_OBJECT_CLASS (pt_bot_parent_class)->finalize (object);
}

static void
pt_bot_get_property (GObject *object,
                     guint prop_id,
                     GValue *value,
                     GParamSpec *pspec)
{
  PtBot *self = PT_BOT (object);

  switch (prop_id)
    {
    case PROP_GAME_ID:
      g_value_set_string (value, self->game_id);
      break;
    case PROP_LEVEL:
      g_value_set_enum (value, self->level);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_TIME_BUDGET:
      g_value_set_uint (value, self->time_budget);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_bot_set_property (GObject *object,
                     guint prop_id,
                     const GValue *value,
                     GParamSpec *pspec)
{
  PtBot *self = PT_BOT (object);

  switch (prop_id)
    {
    case PROP_GAME_ID:
      g_free (self->game_id);
      self->game_id = g_value_dup_string (value);
      break;
    case PROP_LEVEL:
      self->level = g_value_get_enum (value);
      break;
    case PROP_SEED:
      self->seed = g_value_get_uint64 (value);
      break;
    case PROP_TIME_BUDGET:
      self->time_budget = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_bot_class_init (PtBotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = pt_bot_constructed;
  object_class->finalize = pt_bot_finalize;
  object_class->get_property = pt_bot_get_property;
  object_class->set_property = pt_bot_set_property;

  /* Construct-only: a bot's identity does not change while it thinks in
   * another thread. */
  properties[PROP_GAME_ID] =
      g_param_spec_string ("game-id", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                               G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LEVEL] =
      g_param_spec_enum ("level", NULL, NULL, PT_TYPE_BOT_LEVEL, PT_BOT_LEVEL_MEDIUM,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                             G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEED] =
      g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                               G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_BUDGET] =
      g_param_spec_uint ("time-budget", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                             G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pt_bot_init (PtBot *self)
{
  self->level = PT_BOT_LEVEL_MEDIUM;
}
