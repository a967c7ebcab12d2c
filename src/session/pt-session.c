/* pt-session.c — a match from setup to the history; see pt-session.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session listens to the round's PtGame (after the board, so the
 * board has redrawn before the computer is asked), saves the game in
 * progress after every move and every undo, hands finished rounds to its
 * PtMatch, and when the match is over writes it to the history in one
 * transaction (pt_session_store_match) and removes the saved game.
 *
 * With a store worker (pt_session_set_worker: the app) every one of those
 * writes is a job on the worker's thread and connection, never SQLite on
 * the main loop: the worker runs its jobs in the order they were queued,
 * so the autosaves land in move order and the final save after the last
 * of them. The saved game's id lives in a SaveSlot that only the worker's
 * thread reads and writes (the first autosave inserts, the next ones
 * update what it inserted, the final save deletes it); an autosave still
 * waiting in the queue when the next move comes takes that move's position
 * instead (one write for both). Failures come back to the main loop as
 * "save-failed", as they do without a worker.
 *
 * Saved games: the record is what pt_session_to_record() gives (a
 * partida-record/1 for a one-round match, which older versions read too,
 * else a partida-match/1), the options text
 *   {"session": 1, "seats": [SEAT…], "started": T, "rounds": N,
 *    "next_starter": "alternate", "seed": S, "night": ID}
 * with SEAT = {"name": …, "kind": "person"|"computer"|"engine",
 * "computer": BOOL, "level": "easy"|"medium"|"hard", "engine": SPEC,
 * "engine_name": NAME} ("computer" and "level" are what older versions
 * wrote and read).
 *
 * A seat played by an external engine forfeits the match when the engine
 * fails in any way (crash, timeout, garbage, illegal move): the match stops
 * there and goes into the history with the totals of that moment (the
 * finished rounds plus the rules' running scores of the round in
 * progress), every other seat a winner, the engine ranked last.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-engine.h"
#include "pt-rng.h"
#include "pt-rules.h"
#include "pt-player-name.h"
#include "pt-session.h"
#include "pt-store-worker.h"

#define MAX_SEATS PT_GAME_MAX_PLAYERS

/* The saved game as the worker's jobs see it (see the top). */
typedef struct
{
  gint ref_count;
  char *game_id;
  gint64 saved_id; /* the worker's thread only (set before the first job) */
  GMutex lock;     /* for what follows */
  char *text;      /* the position the next autosave job writes */
  char *options;
  gboolean queued; /* an autosave job is queued and has not taken its text */
} SaveSlot;

static SaveSlot *
save_slot_ref (SaveSlot *slot)
{
  g_atomic_int_inc (&slot->ref_count);
  return slot;
}

static void
save_slot_unref (SaveSlot *slot)
{
  if (!g_atomic_int_dec_and_test (&slot->ref_count))
    return;
  g_free (slot->game_id);
  g_free (slot->text);
  g_free (slot->options);
  g_mutex_clear (&slot->lock);
  g_free (slot);
}

typedef struct
{
  char *name;
  PtSeatKind kind;
  PtBotLevel level;
  char *engine; /* "engine:COMMAND" */
  char *engine_name;
  PtEngine *process; /* started on the seat's first turn */
} Seat;

struct _PtSession
{
  GObject parent_instance;

  char *game_id;
  PtStore *store;
  PtStoreWorker *worker; /* writes go through it when set */
  SaveSlot *slot;        /* made with the first write through the worker */
  gboolean final_queued; /* the final save is on the worker */
  PtSessionState state;

  Seat seats[MAX_SEATS];
  guint n_seats;
  JsonObject *options;
  guint n_rounds;
  PtNextStarter next_starter;
  guint64 seed;
  gint64 night_id;
  guint computer_delay_ms;
  guint time_budget_ms;
  gboolean autoplay;

  PtMatch *match;
  PtGame *game; /* the round in progress or the last one */
  gint64 started;
  gint64 saved_id;
  gint64 match_id;
  GError *save_error;

  gboolean thinking;
  GCancellable *cancellable;
  guint delay_id;
  JsonNode *pending_move;

  int forfeit_seat;
  char *forfeit_reason;
};

G_DEFINE_FINAL_TYPE (PtSession, pt_session, G_TYPE_OBJECT)

G_DEFINE_QUARK (pt - session - error - quark, pt_session_error)

enum
{
  ROUND_STARTED,
  ROUND_OVER,
  FINISHED,
  TURN,
  SAVE_FAILED,
  COMPUTER_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void take_turns (PtSession *self);
static void finish_match (PtSession *self);
static void autosave (PtSession *self);

void
pt_session_defaults_init (PtSessionDefaults *defaults)
{
  g_return_if_fail (defaults != NULL);

  defaults->ai_level = PT_BOT_LEVEL_MEDIUM;
  defaults->rounds = 3;
  defaults->next_starter = PT_NEXT_STARTER_ALTERNATE;
  defaults->rule_preset = 0;
}

const char *
pt_session_defaults_rule_preset (const PtSessionDefaults *defaults,
                                 const char *game_id)
{
  const char *const *presets = pt_rules_game_rule_presets (game_id);

  g_return_val_if_fail (defaults != NULL, NULL);

  if (presets == NULL || presets[0] == NULL)
    return NULL;
  return defaults->rule_preset < g_strv_length ((char **) presets) ? presets[defaults->rule_preset]
                                                                   : presets[0];
}

/* Seats ---------------------------------------------------------------- */

static void
seat_clear (Seat *seat)
{
  g_clear_pointer (&seat->name, g_free);
  g_clear_pointer (&seat->engine, g_free);
  g_clear_pointer (&seat->engine_name, g_free);
  if (seat->process != NULL && pt_engine_is_running (seat->process))
    pt_engine_stop (seat->process);
  g_clear_object (&seat->process);
}

/* Whether the game is played as a match of rounds (running totals, a
 * next-starter rule), as its rules class says. */
static gboolean
played_in_rounds (PtSession *self)
{
  return pt_rules_game_max_rounds (self->game_id) > 1;
}

guint
pt_session_get_n_seats (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  return self->n_seats;
}

void
pt_session_set_n_seats (PtSession *self,
                        guint n_seats)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);
  g_return_if_fail (n_seats >= 1 && n_seats <= MAX_SEATS);

  /* The seats beyond keep what they had, for when they come back. */
  self->n_seats = n_seats;
}

void
pt_session_set_seat_name (PtSession *self,
                          guint seat,
                          const char *name)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);
  g_return_if_fail (seat < MAX_SEATS);

  g_free (self->seats[seat].name);
  self->seats[seat].name = g_strstrip (g_strdup (name ? name : ""));
}

void
pt_session_set_seat_kind (PtSession *self,
                          guint seat,
                          PtSeatKind kind,
                          PtBotLevel level,
                          const char *engine,
                          const char *engine_name)
{
  Seat *s;

  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);
  g_return_if_fail (seat < MAX_SEATS);
  g_return_if_fail (kind != PT_SEAT_ENGINE || engine != NULL);

  s = &self->seats[seat];
  s->kind = kind;
  s->level = kind == PT_SEAT_COMPUTER ? level : PT_BOT_LEVEL_MEDIUM;
  g_free (s->engine);
  s->engine = kind == PT_SEAT_ENGINE ? g_strdup (engine) : NULL;
  g_free (s->engine_name);
  s->engine_name = kind == PT_SEAT_ENGINE ? g_strdup (engine_name ? engine_name : engine) : NULL;
  g_clear_object (&s->process);
}

const char *
pt_session_get_seat_name (PtSession *self,
                          guint seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  g_return_val_if_fail (seat < MAX_SEATS, NULL);
  return self->seats[seat].name ? self->seats[seat].name : "";
}

PtSeatKind
pt_session_get_seat_kind (PtSession *self,
                          guint seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), PT_SEAT_PERSON);
  g_return_val_if_fail (seat < MAX_SEATS, PT_SEAT_PERSON);
  return self->seats[seat].kind;
}

PtBotLevel
pt_session_get_seat_level (PtSession *self,
                           guint seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), PT_BOT_LEVEL_MEDIUM);
  g_return_val_if_fail (seat < MAX_SEATS, PT_BOT_LEVEL_MEDIUM);
  return self->seats[seat].level;
}

const char *
pt_session_get_seat_engine (PtSession *self,
                            guint seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  g_return_val_if_fail (seat < MAX_SEATS, NULL);
  return self->seats[seat].engine;
}

gboolean
pt_session_seat_is_person (PtSession *self,
                           int seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);
  return seat >= 0 && (guint) seat < self->n_seats && self->seats[seat].kind == PT_SEAT_PERSON;
}

guint
pt_session_get_n_persons (PtSession *self)
{
  guint n = 0;

  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  for (guint i = 0; i < self->n_seats; i++)
    n += self->seats[i].kind == PT_SEAT_PERSON;
  return n;
}

/* Options ---------------------------------------------------------------- */

void
pt_session_set_options (PtSession *self,
                        JsonObject *options)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);

  g_clear_pointer (&self->options, json_object_unref);
  self->options = options != NULL ? json_object_ref (options) : json_object_new ();
}

JsonObject *
pt_session_get_options (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->options;
}

void
pt_session_set_n_rounds (PtSession *self,
                         guint n_rounds)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);

  self->n_rounds = CLAMP (n_rounds, 1, pt_rules_game_max_rounds (self->game_id));
}

guint
pt_session_get_n_rounds (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 1);
  if (self->match != NULL)
    return pt_match_get_n_rounds (self->match);
  return MIN (self->n_rounds, pt_rules_game_max_rounds (self->game_id));
}

void
pt_session_set_next_starter (PtSession *self,
                             PtNextStarter policy)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);
  self->next_starter = policy;
}

PtNextStarter
pt_session_get_next_starter (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), PT_NEXT_STARTER_ALTERNATE);
  return self->next_starter;
}

void
pt_session_set_seed (PtSession *self,
                     guint64 seed)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (self->state == PT_SESSION_SETUP);
  self->seed = seed;
}

void
pt_session_set_night_id (PtSession *self,
                         gint64 night_id)
{
  g_return_if_fail (PT_IS_SESSION (self));
  self->night_id = night_id;
}

void
pt_session_set_computer_delay (PtSession *self,
                               guint ms)
{
  g_return_if_fail (PT_IS_SESSION (self));
  self->computer_delay_ms = ms;
}

void
pt_session_set_time_budget (PtSession *self,
                            guint ms)
{
  g_return_if_fail (PT_IS_SESSION (self));
  self->time_budget_ms = ms;
}

void
pt_session_set_autoplay (PtSession *self,
                         gboolean autoplay)
{
  g_return_if_fail (PT_IS_SESSION (self));
  self->autoplay = autoplay;
}

const char *
pt_session_get_game_id (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->game_id;
}

PtStore *
pt_session_get_store (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->store;
}

void
pt_session_set_worker (PtSession *self,
                       PtStoreWorker *worker)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (worker == NULL || PT_IS_STORE_WORKER (worker));
  g_return_if_fail (self->slot == NULL);

  g_set_object (&self->worker, worker);
}

PtStoreWorker *
pt_session_get_worker (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->worker;
}

PtSessionState
pt_session_get_state (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), PT_SESSION_SETUP);
  return self->state;
}

/* Construction ----------------------------------------------------------- */

PtSession *
pt_session_new (const char *game_id,
                PtStore *store,
                const PtSessionDefaults *defaults)
{
  PtSessionDefaults fallback;
  PtSession *self;
  const char *preset;

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (store == NULL || PT_IS_STORE (store), NULL);

  if (defaults == NULL)
    {
      pt_session_defaults_init (&fallback);
      defaults = &fallback;
    }

  self = g_object_new (PT_TYPE_SESSION, NULL);
  self->game_id = g_strdup (game_id);
  self->store = store != NULL ? g_object_ref (store) : NULL;
  self->n_rounds = CLAMP (defaults->rounds, 1, PT_MATCH_MAX_ROUNDS);
  self->next_starter = defaults->next_starter;
  self->seed = g_random_int () | ((guint64) g_random_int () << 32);

  /* A person against the computer at the preferred level; further seats
   * (games for more than two) are people. */
  self->n_seats = 2;
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      self->seats[i].name = g_strdup ("");
      self->seats[i].kind = i == 1 ? PT_SEAT_COMPUTER : PT_SEAT_PERSON;
      self->seats[i].level = defaults->ai_level;
    }

  self->options = json_object_new ();
  preset = pt_session_defaults_rule_preset (defaults, game_id);
  if (preset != NULL)
    json_object_set_string_member (self->options, "rules", preset);
  return self;
}

/* Rounds -------------------------------------------------------------- */

static void on_move_applied (PtGame *game, guint player, JsonNode *move, PtSession *self);
static void on_move_undone (PtGame *game, PtSession *self);

static void
set_game (PtSession *self,
          PtGame *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied), self, G_CONNECT_AFTER);
      g_signal_connect_object (game, "move-undone", G_CALLBACK (on_move_undone), self, G_CONNECT_AFTER);
    }
}

static gboolean
check_seats (PtSession *self,
             GError **error)
{
  GType type;
  PtGameClass *klass;

  type = pt_rules_lookup_game (self->game_id, error);
  if (type == G_TYPE_INVALID)
    return FALSE;
  klass = g_type_class_ref (type);
  if (self->n_seats < klass->min_players || self->n_seats > klass->max_players)
    {
      g_set_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "This game is for %u to %u player",
                                "This game is for %u to %u players", klass->max_players),
                   klass->min_players, klass->max_players);
      g_type_class_unref (klass);
      return FALSE;
    }
  g_type_class_unref (klass);

  for (guint i = 0; i < self->n_seats; i++)
    {
      if (self->seats[i].name == NULL || self->seats[i].name[0] == '\0')
        {
          g_set_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID,
                       _("Player %u needs a name"), i + 1);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (pt_player_name_equal (self->seats[i].name, self->seats[j].name))
          {
            g_set_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID,
                         _("Two players are called “%s”: give each seat its own name"),
                            self->seats[i].name);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
deal_round (PtSession *self,
            GError **error)
{
  PtGame *game = pt_match_start_round (self->match, error);

  if (game == NULL)
    return FALSE;
  set_game (self, game);
  self->state = PT_SESSION_PLAYING;
  g_signal_emit (self, signals[ROUND_STARTED], 0, pt_match_get_n_rounds_played (self->match));
  take_turns (self);
  return TRUE;
}

/* A name typed in a hurry ("begona") is the player the history knows
 * ("Begoña"): the seat takes that player's name, so the record, the
 * screens and the history say the same. @known: one name per seat, NULL
 * or "" where the history knows nobody. */
static void
take_known_names (PtSession *self,
                  const char *const *known)
{
  for (guint i = 0; known != NULL && i < self->n_seats && known[i] != NULL; i++)
    if (*known[i] != '\0' && g_strcmp0 (known[i], self->seats[i].name) != 0)
      {
        g_free (self->seats[i].name);
        self->seats[i].name = g_strdup (known[i]);
      }
}

/* The history's name for each of @names (by the identity rule), "" where
 * it knows nobody: on whichever thread @store belongs to. */
static GStrv
read_known_names (PtStore *store,
                  const char *const *names)
{
  g_autoptr(GStrvBuilder) known = g_strv_builder_new ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(PtPlayer) player = pt_session_find_player (store, names[i], NULL);

      g_strv_builder_add (known, player != NULL ? player->name : "");
    }
  return g_strv_builder_end (known);
}

static GStrv
dup_seat_names (PtSession *self)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  for (guint i = 0; i < self->n_seats; i++)
    g_strv_builder_add (names, self->seats[i].name != NULL ? self->seats[i].name : "");
  return g_strv_builder_end (names);
}

/* The seats checked and their names the history's: the match and its
 * first round. */
static gboolean
begin_match (PtSession *self,
             GError **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < self->n_seats; i++)
    g_ptr_array_add (names, self->seats[i].name);
  g_ptr_array_add (names, NULL);
  self->match = pt_match_new (self->game_id, (const char *const *) names->pdata, self->options,
                              pt_session_get_n_rounds (self), self->next_starter, self->seed);
  self->started = g_get_real_time () / G_USEC_PER_SEC;
  if (!deal_round (self, error))
    {
      g_clear_object (&self->match);
      self->state = PT_SESSION_SETUP;
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_can_start (PtSession *self,
                 GError **error)
{
  if (self->state != PT_SESSION_SETUP)
    {
      g_set_error_literal (error, PT_SESSION_ERROR, PT_SESSION_ERROR_STATE,
                           _("This match has already started"));
      return FALSE;
    }
  return check_seats (self, error);
}

gboolean
pt_session_start (PtSession *self,
                  GError **error)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);

  if (!check_can_start (self, error))
    return FALSE;
  if (self->store != NULL)
    {
      g_auto(GStrv) names = dup_seat_names (self);
      g_auto(GStrv) known = read_known_names (self->store, (const char *const *) names);

      take_known_names (self, (const char *const *) known);
    }
  return begin_match (self, error);
}

/* What pt_session_start_async() reads on the worker. */
typedef struct
{
  GStrv names;
  gboolean join_tonight;
} StartRead;

typedef struct
{
  GStrv known;
  gint64 tonight;
} StartFacts;

static void
start_read_free (StartRead *read)
{
  g_strfreev (read->names);
  g_free (read);
}

static void
start_facts_free (StartFacts *facts)
{
  g_strfreev (facts->known);
  g_free (facts);
}

static gpointer
start_read_job (PtStore *store,
                PtStats *stats,
                gpointer data,
                GCancellable *cancellable,
                GError **error)
{
  StartRead *read = data;
  StartFacts *facts = g_new0 (StartFacts, 1);

  facts->known = read_known_names (store, (const char *const *) read->names);
  if (read->join_tonight)
    facts->tonight = pt_session_find_tonight (store);
  return facts;
}

static void
start_read_done (GObject *source,
                 GAsyncResult *result,
                 gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  PtSession *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  StartFacts *facts = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  gboolean join_tonight = GPOINTER_TO_INT (g_task_get_task_data (task));

  /* Cancelled (a newer start, the page gone): the session stays in setup. */
  if (g_task_return_error_if_cancelled (task))
    {
      g_clear_pointer (&facts, start_facts_free);
      return;
    }
  /* The history could not be read: the names stay as typed (the final
   * save finds the players by the same rule), no night is joined. */
  if (facts != NULL)
    {
      take_known_names (self, (const char *const *) facts->known);
      if (join_tonight)
        self->night_id = facts->tonight;
      start_facts_free (facts);
    }
  if (!check_can_start (self, &error) || !begin_match (self, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

void
pt_session_start_async (PtSession *self,
                        gboolean join_tonight,
                        GCancellable *cancellable,
                        GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  StartRead *read;

  g_return_if_fail (PT_IS_SESSION (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_session_start_async);
  if (!check_can_start (self, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (self->worker == NULL)
    {
      if (join_tonight && self->store != NULL)
        self->night_id = pt_session_find_tonight (self->store);
      if (!pt_session_start (self, &error))
        g_task_return_error (task, g_steal_pointer (&error));
      else
        g_task_return_boolean (task, TRUE);
      return;
    }
  read = g_new0 (StartRead, 1);
  read->names = dup_seat_names (self);
  read->join_tonight = join_tonight;
  g_task_set_task_data (task, GINT_TO_POINTER (join_tonight), NULL);
  pt_store_worker_run (self->worker, NULL, start_read_job, read, (GDestroyNotify) start_read_free,
                       (GDestroyNotify) start_facts_free, cancellable, start_read_done,
                       g_steal_pointer (&task));
}

gboolean
pt_session_start_finish (PtSession *self,
                         GAsyncResult *result,
                         GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
pt_session_next_round (PtSession *self,
                       GError **error)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);

  if (self->state != PT_SESSION_BETWEEN_ROUNDS)
    {
      g_set_error_literal (error, PT_SESSION_ERROR, PT_SESSION_ERROR_STATE,
                           _("The round is not over yet"));
      return FALSE;
    }
  return deal_round (self, error);
}

static void
round_finished (PtSession *self)
{
  g_autoptr(GError) error = NULL;
  guint round = pt_match_get_n_rounds_played (self->match);

  if (!pt_match_add_round (self->match, self->game, &error))
    {
      g_signal_emit (self, signals[COMPUTER_ERROR], 0, error->message);
      return;
    }
  if (pt_match_get_is_over (self->match))
    {
      finish_match (self);
      return;
    }
  self->state = PT_SESSION_BETWEEN_ROUNDS;
  /* Between rounds is a place to stop too: continuing deals the next. */
  autosave (self);
  g_signal_emit (self, signals[ROUND_OVER], 0, round);
}

PtMatch *
pt_session_get_match (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->match;
}

PtGame *
pt_session_get_game (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->game;
}

guint
pt_session_get_round (PtSession *self)
{
  guint played;

  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  if (self->match == NULL)
    return 0;
  played = pt_match_get_n_rounds_played (self->match);
  if (pt_match_get_current_game (self->match) != NULL || played == 0)
    return played;
  return played - 1;
}

guint
pt_session_get_n_rounds_played (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  return self->match != NULL ? pt_match_get_n_rounds_played (self->match) : 0;
}

int
pt_session_get_round_score (PtSession *self,
                            guint round,
                            guint seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  g_return_val_if_fail (self->match != NULL, 0);

  if (round < pt_match_get_n_rounds_played (self->match))
    return pt_match_get_round_score (self->match, round, seat);
  if (pt_match_get_current_game (self->match) != NULL && round == pt_match_get_n_rounds_played (self->match))
    return pt_game_get_score (pt_match_get_current_game (self->match), seat);
  return 0;
}

int
pt_session_get_total (PtSession *self,
                      guint seat)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  return self->match != NULL ? pt_match_get_total (self->match, seat) : 0;
}

guint
pt_session_get_next_starter_seat (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  return self->match != NULL ? pt_match_get_next_starter (self->match) : 0;
}

guint
pt_session_get_winners (PtSession *self)
{
  guint all;

  g_return_val_if_fail (PT_IS_SESSION (self), 0);

  if (self->state != PT_SESSION_FINISHED || self->match == NULL)
    return 0;
  all = (1u << self->n_seats) - 1;
  if (self->forfeit_seat >= 0)
    return all & ~(1u << self->forfeit_seat);
  return pt_match_get_winners (self->match);
}

/* Saving -------------------------------------------------------------- */

static void
set_save_error (PtSession *self,
                GError *error)
{
  g_clear_error (&self->save_error);
  self->save_error = error;
  if (error != NULL)
    g_signal_emit (self, signals[SAVE_FAILED], 0, error->message);
}

JsonNode *
pt_session_to_record (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  g_return_val_if_fail (self->match != NULL, NULL);

  if (pt_match_get_n_rounds (self->match) == 1 && self->game != NULL)
    return pt_game_to_record (self->game);
  return pt_match_record_new (self->match, pt_match_get_current_game (self->match));
}

static const char *
kind_to_string (PtSeatKind kind)
{
  switch (kind)
    {
    case PT_SEAT_COMPUTER:
      return "computer";
    case PT_SEAT_ENGINE:
      return "engine";
    case PT_SEAT_PERSON:
    default:
      return "person";
    }
}

static char *
saved_options (PtSession *self)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  JsonArray *seats = json_array_new ();

  for (guint i = 0; i < self->n_seats; i++)
    {
      Seat *s = &self->seats[i];
      JsonObject *seat = json_object_new ();

      json_object_set_string_member (seat, "name", s->name);
      json_object_set_string_member (seat, "kind", kind_to_string (s->kind));
      json_object_set_boolean_member (seat, "computer", s->kind != PT_SEAT_PERSON);
      if (s->kind == PT_SEAT_ENGINE)
        {
          json_object_set_string_member (seat, "engine", s->engine);
          json_object_set_string_member (seat, "engine_name", s->engine_name);
        }
      else
        json_object_set_string_member (seat, "level", pt_bot_level_to_id (s->level));
      json_array_add_object_element (seats, seat);
    }
  json_object_set_int_member (object, "session", 1);
  json_object_set_array_member (object, "seats", seats);
  json_object_set_int_member (object, "started", self->started);
  json_object_set_int_member (object, "rounds", pt_match_get_n_rounds (self->match));
  json_object_set_string_member (object, "next_starter",
                                 pt_next_starter_to_string (pt_match_get_next_starter_policy (self->match)));
  json_object_set_int_member (object, "seed", (gint64) pt_match_get_seed (self->match));
  json_object_set_int_member (object, "night", self->night_id);
  node = pt_json_node_new_object (json_object_ref (object));
  return json_to_string (node, FALSE);
}

static void
report_autosave_error (PtSession *self,
                       const GError *error)
{
  g_autofree char *message = g_strdup_printf (_("The game could not be saved: %s"),
                                                 error ? error->message : "");

  set_save_error (self, g_error_new_literal (PT_SESSION_ERROR, PT_SESSION_ERROR_STATE, message));
}

static SaveSlot *
ensure_slot (PtSession *self)
{
  if (self->slot == NULL)
    {
      self->slot = g_new0 (SaveSlot, 1);
      self->slot->ref_count = 1;
      g_mutex_init (&self->slot->lock);
      self->slot->game_id = g_strdup (self->game_id);
      self->slot->saved_id = self->saved_id;
    }
  return self->slot;
}

/* Worker thread: the latest position handed over, inserted the first
 * time and updated after. */
static gint64
autosave_job (PtStore *store,
              gpointer data,
              GError **error)
{
  SaveSlot *slot = data;
  g_autofree char *text = NULL;
  g_autofree char *options = NULL;
  gint64 id;

  g_mutex_lock (&slot->lock);
  text = g_steal_pointer (&slot->text);
  options = g_steal_pointer (&slot->options);
  slot->queued = FALSE;
  g_mutex_unlock (&slot->lock);
  if (text == NULL)
    return MAX (slot->saved_id, 1);
  id = pt_store_save_game_in_progress (store, slot->saved_id, slot->game_id, text, options, error);
  if (id > 0)
    slot->saved_id = id;
  return id;
}

static void
autosaved (GObject *source,
           GAsyncResult *result,
           gpointer user_data)
{
  g_autoptr(PtSession) self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 id = 0;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, &id, &error))
    report_autosave_error (self, error);
  else if (self->match_id == 0)
    self->saved_id = id;
}

static void
autosave (PtSession *self)
{
  g_autoptr(JsonNode) record = NULL;
  g_autofree char *text = NULL;
  g_autofree char *options = NULL;
  GError *error = NULL;
  gint64 id;

  if ((self->store == NULL && self->worker == NULL) || self->match == NULL || self->state == PT_SESSION_FINISHED)
    return;
  record = pt_session_to_record (self);
  text = json_to_string (record, FALSE);
  options = saved_options (self);
  if (self->worker != NULL)
    {
      SaveSlot *slot = ensure_slot (self);
      gboolean queue;

      g_mutex_lock (&slot->lock);
      g_free (slot->text);
      g_free (slot->options);
      slot->text = g_steal_pointer (&text);
      slot->options = g_steal_pointer (&options);
      queue = !slot->queued;
      slot->queued = TRUE;
      g_mutex_unlock (&slot->lock);
      /* Not shown by the pages: no "changed" after each move. */
      if (queue)
        pt_store_worker_write_quiet (self->worker, autosave_job, save_slot_ref (slot),
                                     (GDestroyNotify) save_slot_unref, NULL, autosaved,
                                     g_object_ref (self));
      return;
    }
  id = pt_store_save_game_in_progress (self->store, self->saved_id, self->game_id, text, options, &error);
  if (id <= 0)
    {
      report_autosave_error (self, error);
      g_clear_error (&error);
      return;
    }
  self->saved_id = id;
}

/* The options stored with the match: the round's normalised options and,
 * for a match of rounds, how many and who starts them. */
static char *
match_options (PtSession *self,
               JsonNode *first_record)
{
  JsonObject *record = pt_json_get_object (first_record);
  JsonNode *node = record != NULL ? json_object_get_member (record, "options") : NULL;
  g_autoptr(JsonObject) options = json_object_new ();
  g_autoptr(JsonNode) out = NULL;

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *given = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (given);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (options, l->data, json_node_copy (json_object_get_member (given, l->data)));
    }
  if (played_in_rounds (self))
    {
      json_object_set_int_member (options, "rounds", pt_match_get_n_rounds (self->match));
      json_object_set_string_member (options, "next_starter",
                                     pt_next_starter_to_string (pt_match_get_next_starter_policy (self->match)));
    }
  out = pt_json_node_new_object (json_object_ref (options));
  return json_to_string (out, FALSE);
}

/* One round: the game's breakdown. Several, as a companion score sheet
 * of rounds has it: {"rounds": [{"players": …, "scores": […]}, …] (each
 * round's own breakdown), "totals": […]}. */
static char *
match_breakdown (PtSession *self)
{
  g_autoptr(JsonNode) summary = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(JsonNode) out = NULL;
  JsonArray *rounds, *done;

  if (pt_match_get_n_rounds (self->match) == 1)
    {
      g_autoptr(JsonNode) last = self->game ? pt_game_get_breakdown (self->game) : NULL;

      return last != NULL ? json_to_string (last, FALSE) : NULL;
    }

  object = json_object_new ();
  summary = pt_match_to_json (self->match);
  done = json_object_get_array_member (json_node_get_object (summary), "rounds");
  rounds = json_array_new ();
  for (guint r = 0; r < json_array_get_length (done); r++)
    {
      JsonObject *played = json_array_get_object_element (done, r);
      g_autoptr(PtGame) game = pt_rules_load_record (json_object_get_member (played, "record"),
                                                      NULL, NULL, NULL);
      g_autoptr(JsonNode) breakdown = game ? pt_game_get_breakdown (game) : NULL;
      JsonObject *round = breakdown && JSON_NODE_HOLDS_OBJECT (breakdown)
                              ? json_object_ref (json_node_get_object (breakdown))
                              : json_object_new ();

      json_object_set_member (round, "scores", json_node_copy (json_object_get_member (played, "scores")));
      json_array_add_object_element (rounds, round);
    }
  json_object_set_array_member (object, "rounds", rounds);
  json_object_set_member (object, "totals",
                          json_node_copy (json_object_get_member (json_node_get_object (summary), "totals")));
  out = pt_json_node_new_object (json_object_ref (object));
  return json_to_string (out, FALSE);
}

/* pt_session_store_match(); the night gone meanwhile, the match is kept
 * without one. */
static gint64
store_match (PtStore *store,
             PtMatchEntry *entry,
             const char *const *names,
             gint64 saved_id,
             GError **error)
{
  g_autoptr(GError) local_error = NULL;
  gint64 id = pt_session_store_match (store, entry, names, saved_id, &local_error);

  if (id <= 0 && entry->night_id > 0 && g_error_matches (local_error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND))
    {
      g_clear_error (&local_error);
      entry->night_id = 0;
      id = pt_session_store_match (store, entry, names, saved_id, &local_error);
    }
  if (id <= 0)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return id;
}

typedef struct
{
  SaveSlot *slot;
  PtMatchEntry *entry;
  GStrv names;
} FinalSave;

static void
final_save_free (FinalSave *job)
{
  save_slot_unref (job->slot);
  pt_match_entry_unref (job->entry);
  g_strfreev (job->names);
  g_free (job);
}

/* Worker thread, after every autosave queued before it. */
static gint64
final_save_job (PtStore *store,
                gpointer data,
                GError **error)
{
  FinalSave *job = data;
  gint64 id = store_match (store, job->entry, (const char *const *) job->names, job->slot->saved_id, error);

  if (id > 0)
    job->slot->saved_id = 0;
  return id;
}

static void
report_final_error (PtSession *self,
                    const GError *error)
{
  g_autofree char *message = g_strdup_printf (_("The match could not be saved in the history: %s"),
                                                 error ? error->message : "");

  set_save_error (self, g_error_new_literal (PT_SESSION_ERROR, PT_SESSION_ERROR_STATE, message));
}

static void
final_saved (GObject *source,
             GAsyncResult *result,
             gpointer user_data)
{
  g_autoptr(PtSession) self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 id = 0;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, &id, &error))
    {
      /* pt_session_save() may try again. */
      self->final_queued = FALSE;
      report_final_error (self, error);
      return;
    }
  self->match_id = id;
  self->saved_id = 0;
  g_clear_error (&self->save_error);
}

gboolean
pt_session_save (PtSession *self,
                 GError **error)
{
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(JsonNode) first = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  int scores[MAX_SEATS] = { 0 };
  guint winners;
  guint n;
  gint64 id;

  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);

  if ((self->store == NULL && self->worker == NULL) || self->match_id > 0 || self->final_queued)
    return TRUE;
  if (self->state != PT_SESSION_FINISHED)
    {
      g_set_error_literal (error, PT_SESSION_ERROR, PT_SESSION_ERROR_STATE,
                           _("The match is not over yet"));
      return FALSE;
    }

  n = self->n_seats;
  winners = pt_session_get_winners (self);
  for (guint i = 0; i < n; i++)
    {
      scores[i] = pt_match_get_total (self->match, i);
      /* A forfeit mid-round: the running scores of that round count. */
      if (pt_match_get_current_game (self->match) != NULL)
        scores[i] += pt_game_get_score (pt_match_get_current_game (self->match), i);
    }

  record = pt_session_to_record (self);
  first = pt_match_record_is (record)
              ? json_node_copy (json_array_get_element (json_object_get_array_member (json_node_get_object (record), "rounds"), 0))
              : json_node_copy (record);

  entry = pt_match_entry_new (self->game_id, PT_MATCH_MODE_DIGITAL);
  entry->started = self->started;
  entry->finished = g_get_real_time () / G_USEC_PER_SEC;
  entry->night_id = self->night_id;
  entry->options = match_options (self, first);
  {
    JsonObject *first_object = pt_json_get_object (first);
    JsonNode *options = first_object ? json_object_get_member (first_object, "options") : NULL;

    entry->rule_reading = pt_rules_game_rule_reading (self->game_id,
                                                      options && JSON_NODE_HOLDS_OBJECT (options)
                                                          ? json_node_get_object (options)
                                                          : NULL);
  }
  entry->breakdown = match_breakdown (self);
  entry->record = json_to_string (record, FALSE);
  if (self->forfeit_seat >= 0)
    /* Translators: the note of a match in the history; the first %s is
     * the engine's seat name, the second the reason it forfeited */
    entry->notes = g_strdup_printf (_("Forfeited by %s: %s"),
                                       self->seats[self->forfeit_seat].name, self->forfeit_reason);

  for (guint i = 0; i < n; i++)
    {
      Seat *s = &self->seats[i];
      PtMatchResult *result = pt_match_result_new (0, (int) i, scores[i], (winners & (1u << i)) != 0);

      result->is_ai = s->kind != PT_SEAT_PERSON;
      /* An engine is a computer player but none of Partida's levels: 0. */
      result->ai_level = s->kind == PT_SEAT_COMPUTER ? 1 + (int) s->level : 0;
      if (self->forfeit_seat >= 0)
        {
          /* The seat that forfeited comes last whatever its score; the
           * others are ranked among themselves by score. */
          result->rank = 1;
          if ((int) i == self->forfeit_seat)
            result->rank = (int) n;
          else
            for (guint j = 0; j < n; j++)
              result->rank += (int) j != self->forfeit_seat && scores[j] > scores[i];
        }
      pt_match_entry_add_result (entry, result);
      g_ptr_array_add (names, s->name);
    }
  g_ptr_array_add (names, NULL);

  if (self->worker != NULL)
    {
      FinalSave *job = g_new0 (FinalSave, 1);

      job->slot = save_slot_ref (ensure_slot (self));
      job->entry = g_steal_pointer (&entry);
      job->names = g_strdupv ((char **) names->pdata);
      self->final_queued = TRUE;
      pt_store_worker_write (self->worker, final_save_job, job, (GDestroyNotify) final_save_free,
                             NULL, final_saved, g_object_ref (self));
      return TRUE;
    }
  id = store_match (self->store, entry, (const char *const *) names->pdata, self->saved_id, error);
  if (id <= 0)
    return FALSE;
  self->match_id = id;
  self->saved_id = 0;
  g_clear_error (&self->save_error);
  return TRUE;
}

static void
finish_match (PtSession *self)
{
  GError *error = NULL;

  pt_session_cancel (self);
  self->state = PT_SESSION_FINISHED;
  if (!pt_session_save (self, &error))
    {
      report_final_error (self, error);
      g_clear_error (&error);
    }
  /* Engines that are still running hear how it ended. */
  for (guint i = 0; i < self->n_seats; i++)
    if (self->seats[i].process != NULL && pt_engine_is_running (self->seats[i].process))
      pt_engine_game_over (self->seats[i].process, self->game, self->forfeit_seat, self->forfeit_reason);
  g_signal_emit (self, signals[FINISHED], 0);
}

void
pt_session_forfeit (PtSession *self,
                    guint seat,
                    const char *reason)
{
  g_return_if_fail (PT_IS_SESSION (self));
  g_return_if_fail (seat < self->n_seats);

  if (self->forfeit_seat >= 0 || (self->state != PT_SESSION_PLAYING && self->state != PT_SESSION_BETWEEN_ROUNDS))
    return;
  self->forfeit_seat = (int) seat;
  self->forfeit_reason = g_strdup (reason ? reason : "");
  finish_match (self);
}

int
pt_session_get_forfeit_seat (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), -1);
  return self->forfeit_seat;
}

const char *
pt_session_get_forfeit_reason (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->forfeit_reason;
}

gint64
pt_session_get_saved_id (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  return self->saved_id;
}

gint64
pt_session_get_match_id (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), 0);
  return self->match_id;
}

const GError *
pt_session_get_save_error (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), NULL);
  return self->save_error;
}

/* Moves ---------------------------------------------------------------- */

static void
on_move_applied (PtGame *game,
                 guint player,
                 JsonNode *move,
                 PtSession *self)
{
  if (game != self->game || self->state != PT_SESSION_PLAYING)
    return;
  if (pt_game_get_is_over (game))
    {
      round_finished (self);
      return;
    }
  autosave (self);
  take_turns (self);
  g_signal_emit (self, signals[TURN], 0);
}

static void
on_move_undone (PtGame *game,
                PtSession *self)
{
  if (game == self->game && self->state == PT_SESSION_PLAYING)
    autosave (self);
}

gboolean
pt_session_request_move (PtSession *self,
                         guint seat,
                         JsonNode *move,
                         GError **error)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (self->state != PT_SESSION_PLAYING || self->game == NULL)
    {
      g_set_error_literal (error, PT_SESSION_ERROR, PT_SESSION_ERROR_STATE,
                           _("No round is being played"));
      return FALSE;
    }
  if (!pt_session_seat_is_person (self, (int) seat))
    {
      g_set_error_literal (error, PT_SESSION_ERROR, PT_SESSION_ERROR_STATE,
                           _("The computer plays this seat"));
      return FALSE;
    }
  return pt_game_request_move (self->game, seat, move, error);
}

gboolean
pt_session_get_can_undo (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);

  return self->state == PT_SESSION_PLAYING && self->game != NULL && self->forfeit_seat < 0 && pt_session_get_n_persons (self) > 0 && pt_game_get_can_undo (self->game) && !pt_game_get_is_over (self->game);
}

gboolean
pt_session_undo (PtSession *self,
                 GError **error)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);

  if (!pt_session_get_can_undo (self))
    {
      g_set_error_literal (error, PT_SESSION_ERROR, PT_SESSION_ERROR_STATE,
                           _("There is no move to take back"));
      return FALSE;
    }
  pt_session_cancel (self);
  if (!pt_game_undo (self->game, error))
    return FALSE;
  /* Against the computer, undo goes back to the person's last turn. */
  while (!pt_session_seat_is_person (self, pt_game_get_current_player (self->game)) && pt_game_get_can_undo (self->game))
    if (!pt_game_undo (self->game, NULL))
      break;
  take_turns (self);
  g_signal_emit (self, signals[TURN], 0);
  return TRUE;
}

/* The computer's turns ------------------------------------------------- */

typedef struct
{
  PtSession *self;
  GCancellable *cancellable;
  guint seat;
} Request;

static void
request_free (Request *request)
{
  g_clear_object (&request->self);
  g_clear_object (&request->cancellable);
  g_free (request);
}

gboolean
pt_session_get_thinking (PtSession *self)
{
  g_return_val_if_fail (PT_IS_SESSION (self), FALSE);
  return self->thinking;
}

void
pt_session_cancel (PtSession *self)
{
  g_return_if_fail (PT_IS_SESSION (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->delay_id, g_source_remove);
  g_clear_pointer (&self->pending_move, json_node_unref);
  self->thinking = FALSE;
}

void
pt_session_resume_turns (PtSession *self)
{
  g_return_if_fail (PT_IS_SESSION (self));
  take_turns (self);
}

static void
computer_failed (PtSession *self,
                 guint seat,
                 GError *error)
{
  self->thinking = FALSE;
  if (self->seats[seat].kind == PT_SEAT_ENGINE)
    {
      /* The engine is stopped or misbehaving: it loses the match. */
      pt_session_forfeit (self, seat, error->message);
      return;
    }
  g_signal_emit (self, signals[COMPUTER_ERROR], 0, error->message);
  g_signal_emit (self, signals[TURN], 0);
}

static gboolean
play_pending_move (gpointer user_data)
{
  PtSession *self = user_data;
  g_autoptr(JsonNode) move = g_steal_pointer (&self->pending_move);
  g_autoptr(GError) error = NULL;
  int seat = self->game ? pt_game_get_current_player (self->game) : -1;

  self->delay_id = 0;
  self->thinking = FALSE;
  g_clear_object (&self->cancellable);
  if (move == NULL || seat < 0)
    return G_SOURCE_REMOVE;
  /* On success on_move_applied() moves the turn on. */
  if (!pt_game_request_move (self->game, (guint) seat, move, &error))
    computer_failed (self, (guint) seat, error);
  return G_SOURCE_REMOVE;
}

static void
on_computer_move (PtSession *self,
                  Request *request,
                  JsonNode *move,
                  GError *error)
{
  if (request->cancellable != self->cancellable || g_cancellable_is_cancelled (request->cancellable))
    return;
  if (move == NULL)
    {
      g_clear_object (&self->cancellable);
      computer_failed (self, request->seat, error);
      return;
    }
  self->pending_move = json_node_ref (move);
  if (self->computer_delay_ms == 0)
    play_pending_move (self);
  else
    self->delay_id = g_timeout_add (self->computer_delay_ms, play_pending_move, self);
}

static void
on_bot_move (GObject *source,
             GAsyncResult *result,
             gpointer user_data)
{
  Request *request = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) move = pt_bot_choose_move_finish (PT_BOT (source), result, &error);

  on_computer_move (request->self, request, move, error);
  request_free (request);
}

static void
on_engine_move (GObject *source,
                GAsyncResult *result,
                gpointer user_data)
{
  Request *request = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) move = pt_engine_choose_move_finish (PT_ENGINE (source), result, &error);

  /* Only the engine's own failures are a forfeit; anything else (a
   * cancelled request) is not. */
  if (move == NULL && error != NULL && error->domain != PT_ENGINE_ERROR && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autoptr(GError) wrapped = g_error_new_literal (PT_ENGINE_ERROR, PT_ENGINE_ERROR_SPAWN,
                                                        error->message);
      on_computer_move (request->self, request, NULL, wrapped);
    }
  else
    on_computer_move (request->self, request, move, error);
  request_free (request);
}

/* The stand-in for a game or level without a computer player: a random
 * legal move, seeded, chosen in an idle so it is as asynchronous as a
 * bot's. */
static gboolean
play_random (gpointer user_data)
{
  Request *request = user_data;
  PtSession *self = request->self;
  g_autoptr(JsonNode) legal = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *moves;
  PtRng rng;

  if (request->cancellable == self->cancellable && !g_cancellable_is_cancelled (request->cancellable))
    {
      legal = pt_game_list_legal_moves (self->game, request->seat);
      moves = json_node_get_array (legal);
      if (json_array_get_length (moves) == 0)
        {
          error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, _("The computer has no legal move"));
          on_computer_move (self, request, NULL, error);
        }
      else
        {
          pt_rng_init (&rng, pt_rng_derive_seed (self->seed, pt_game_get_n_moves (self->game)));
          on_computer_move (self, request,
                            json_array_get_element (moves, pt_rng_below (&rng, json_array_get_length (moves))),
                            NULL);
        }
    }
  request_free (request);
  return G_SOURCE_REMOVE;
}

static void
start_computer (PtSession *self,
                guint seat)
{
  Seat *s = &self->seats[seat];
  Request *request;

  self->thinking = TRUE;
  self->cancellable = g_cancellable_new ();
  request = g_new0 (Request, 1);
  request->self = g_object_ref (self);
  request->cancellable = g_object_ref (self->cancellable);
  request->seat = seat;

  if (s->kind == PT_SEAT_ENGINE)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *command = NULL;

      if (s->process == NULL)
        {
          if (!pt_engine_spec_parse (s->engine, &command) || command == NULL || *command == '\0')
            g_set_error (&error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_SPAWN,
                         /* Translators: %s is what the saved game says about the seat */
                         _("“%s” is not an engine command"), s->engine ? s->engine : "");
          else
            s->process = pt_engine_new (command, &error);
        }
      if (s->process == NULL)
        {
          request_free (request);
          g_clear_object (&self->cancellable);
          self->thinking = FALSE;
          pt_session_forfeit (self, seat, error->message);
          return;
        }
      pt_engine_choose_move_async (s->process, self->game, seat, self->cancellable,
                                   on_engine_move, request);
      return;
    }

  if (g_strcmp0 (g_getenv ("PARTIDA_COMPUTER"), "standin") != 0 && pt_bot_supports (self->game_id, s->level))
    {
      /* Each seat and round has its own stream of choices. */
      guint64 seed = pt_rng_derive_seed (self->seed ^ 0x5e55104eu,
                                         pt_session_get_round (self) * MAX_SEATS + seat);
      g_autoptr(PtBot) bot = pt_bot_new (self->game_id, s->level, seed, self->time_budget_ms, NULL);

      if (bot != NULL)
        {
          pt_bot_choose_move_async (bot, self->game, seat, self->cancellable, on_bot_move, request);
          return;
        }
    }
  g_idle_add (play_random, request);
}

static void
take_turns (PtSession *self)
{
  int current;

  if (self->state != PT_SESSION_PLAYING || self->game == NULL || self->thinking || !self->autoplay || self->forfeit_seat >= 0)
    return;
  current = pt_game_get_current_player (self->game);
  if (current < 0 || pt_session_seat_is_person (self, current))
    return;
  start_computer (self, (guint) current);
  g_signal_emit (self, signals[TURN], 0);
}

/* Resuming ------------------------------------------------------------- */

/* Saved options come from a file anybody may have edited: typed reads,
 * a default for anything missing or of another type. */
static const char *
member_string (JsonObject *object,
               const char *name,
               const char *fallback)
{
  const char *value = object ? pt_json_get_string (json_object_get_member (object, name)) : NULL;

  return value != NULL ? value : fallback;
}

static gint64
member_int (JsonObject *object,
            const char *name,
            gint64 fallback)
{
  gint64 value;

  return object && pt_json_get_int (json_object_get_member (object, name), &value) ? value : fallback;
}

static gboolean
member_bool (JsonObject *object,
             const char *name,
             gboolean fallback)
{
  gboolean value;

  return object && pt_json_get_bool (json_object_get_member (object, name), &value) ? value : fallback;
}

static gboolean
kind_from_string (const char *text,
                  PtSeatKind *kind)
{
  if (g_strcmp0 (text, "person") == 0)
    *kind = PT_SEAT_PERSON;
  else if (g_strcmp0 (text, "computer") == 0)
    *kind = PT_SEAT_COMPUTER;
  else if (g_strcmp0 (text, "engine") == 0)
    *kind = PT_SEAT_ENGINE;
  else
    return FALSE;
  return TRUE;
}

static void
read_seats (PtSession *self,
            JsonArray *seats,
            PtGame *game)
{
  guint n = pt_game_get_n_players (game);
  gboolean usable = seats != NULL && json_array_get_length (seats) == n;

  self->n_seats = n;
  for (guint i = 0; i < n; i++)
    {
      JsonObject *s = usable ? pt_json_get_object (json_array_get_element (seats, i)) : NULL;
      const char *kind_text = member_string (s, "kind", NULL);
      const char *engine = member_string (s, "engine", NULL);
      PtSeatKind kind = PT_SEAT_PERSON;
      PtBotLevel level = PT_BOT_LEVEL_MEDIUM;

      /* The rules' names are the seats' names. */
      g_free (self->seats[i].name);
      self->seats[i].name = g_strdup (pt_game_get_player_name (game, i));
      if (s == NULL)
        {
          /* A saved game from elsewhere: everybody is a person. */
          pt_session_set_seat_kind (self, i, PT_SEAT_PERSON, level, NULL, NULL);
          continue;
        }
      if (kind_text == NULL || !kind_from_string (kind_text, &kind))
        kind = !member_bool (s, "computer", FALSE) ? PT_SEAT_PERSON
               : engine != NULL                    ? PT_SEAT_ENGINE
                                                   : PT_SEAT_COMPUTER;
      if (kind == PT_SEAT_ENGINE && engine == NULL)
        kind = PT_SEAT_COMPUTER;
      if (!pt_bot_level_from_id (member_string (s, "level", "medium"), &level))
        level = PT_BOT_LEVEL_MEDIUM;
      pt_session_set_seat_kind (self, i, kind, level, engine, member_string (s, "engine_name", NULL));
    }
}

PtSession *
pt_session_new_from_saved (PtStore *store,
                           gint64 saved_id,
                           GError **error)
{
  g_autoptr(PtSavedGame) saved = NULL;

  g_return_val_if_fail (PT_IS_STORE (store), NULL);

  saved = pt_store_load_saved_game (store, saved_id, error);
  if (saved == NULL)
    return NULL;
  return pt_session_new_from_saved_game (saved, store, NULL, error);
}

PtSession *
pt_session_new_from_saved_game (const PtSavedGame *saved,
                                PtStore *store,
                                PtStoreWorker *worker,
                                GError **error)
{
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(JsonNode) options_node = NULL;
  g_autoptr(PtSession) self = NULL;
  g_autoptr(PtMatch) match = NULL;
  g_autoptr(PtGame) current = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonObject *options = NULL;
  JsonArray *seats = NULL;
  PtGame *any_round;

  g_return_val_if_fail (saved != NULL, NULL);
  g_return_val_if_fail (store == NULL || PT_IS_STORE (store), NULL);
  g_return_val_if_fail (worker == NULL || PT_IS_STORE_WORKER (worker), NULL);

  record = pt_json_parse (saved->record, &local_error);
  if (record != NULL && pt_match_record_is (record))
    match = pt_match_record_load (record, &current, NULL, NULL, NULL, &local_error);
  else if (record != NULL)
    {
      /* One round, as a plain record (and what older versions saved). */
      g_autoptr(PtGame) game = pt_rules_load_record (record, NULL, NULL, &local_error);

      if (game != NULL)
        {
          match = pt_match_new (pt_game_get_game_id (game), pt_game_get_players (game), NULL, 1,
                                PT_NEXT_STARTER_ALTERNATE, 0);
          if (pt_game_get_is_over (game)
                  ? !pt_match_add_round (match, game, &local_error)
                  : !pt_match_resume_round (match, game, &local_error))
            g_clear_object (&match);
          else if (!pt_game_get_is_over (game))
            current = g_object_ref (game);
        }
    }
  if (match == NULL)
    {
      g_set_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_SAVED_GAME,
                   _("This game cannot be continued: %s"), local_error ? local_error->message : "");
      return NULL;
    }

  options_node = pt_json_parse (saved->options ? saved->options : "{}", NULL);
  if (options_node != NULL && JSON_NODE_HOLDS_OBJECT (options_node))
    options = json_node_get_object (options_node);
  if (options != NULL)
    seats = pt_json_get_array (json_object_get_member (options, "seats"));

  self = pt_session_new (pt_match_get_game_id (match), store, NULL);
  if (worker != NULL)
    pt_session_set_worker (self, worker);
  any_round = current;
  if (any_round == NULL)
    {
      g_autoptr(JsonNode) again = pt_match_record_is (record)
                                       ? json_node_copy (json_array_get_element (json_object_get_array_member (json_node_get_object (record), "rounds"), 0))
                                       : json_node_copy (record);

      self->game = pt_rules_load_record (again, NULL, NULL, NULL);
      any_round = self->game;
    }
  if (any_round == NULL)
    {
      g_set_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_SAVED_GAME,
                   _("This game cannot be continued: %s"), "");
      return NULL;
    }
  read_seats (self, seats, any_round);
  g_clear_pointer (&self->options, json_object_unref);
  self->options = pt_match_get_options (match) ? json_object_ref (pt_match_get_options (match))
                                               : json_object_new ();
  self->n_rounds = pt_match_get_n_rounds (match);
  self->next_starter = pt_match_get_next_starter_policy (match);
  self->seed = pt_match_get_seed (match);
  self->saved_id = saved->id;
  self->started = member_int (options, "started", saved->created);
  self->night_id = member_int (options, "night", 0);
  self->match = g_steal_pointer (&match);

  if (current != NULL)
    {
      set_game (self, current);
      self->state = PT_SESSION_PLAYING;
    }
  else if (!pt_match_get_is_over (self->match))
    self->state = PT_SESSION_BETWEEN_ROUNDS;
  else
    {
      /* Saved after its last move but never put in the history. */
      self->state = PT_SESSION_PLAYING;
      finish_match (self);
    }
  return g_steal_pointer (&self);
}

/* GObject ---------------------------------------------------------------- */

static void
pt_session_dispose (GObject *object)
{
  PtSession *self = PT_SESSION (object);

  pt_session_cancel (self);
  set_game (self, NULL);
  for (guint i = 0; i < MAX_SEATS; i++)
    seat_clear (&self->seats[i]);
  g_clear_object (&self->match);
  g_clear_object (&self->store);
  g_clear_object (&self->worker);
  g_clear_pointer (&self->slot, save_slot_unref);

  G_OBJECT_CLASS (pt_session_parent_class)->dispose (object);
}

static void
pt_session_finalize (GObject *object)
{
  PtSession *self = PT_SESSION (object);

  g_free (self->game_id);
  g_clear_pointer (&self->options, json_object_unref);
  g_free (self->forfeit_reason);
  g_clear_error (&self->save_error);

  G_OBJECT_CLASS (pt_session_parent_class)->finalize (object);
}

static void
pt_session_class_init (PtSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_session_dispose;
  object_class->finalize = pt_session_finalize;

  /* A round was dealt (its 0-based index); pt_session_get_game() is it. */
  signals[ROUND_STARTED] = g_signal_new ("round-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* A round is over and the match is not: the summary, then next_round(). */
  signals[ROUND_OVER] = g_signal_new ("round-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* The match is over (or forfeited) and saved if it could be. */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Whose turn it is or whether the computer thinks changed. */
  signals[TURN] = g_signal_new ("turn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[COMPUTER_ERROR] = g_signal_new ("computer-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pt_session_init (PtSession *self)
{
  self->forfeit_seat = -1;
  self->autoplay = TRUE;
  self->time_budget_ms = 1500;
  self->computer_delay_ms = 0;
}
