/* pt-engine.c — an external computer player: the object and the protocol
 * (handshake, moves); the process and its pipes are in pt-engine-process.c.
 * See the header and docs/engine-protocol.md.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-engine.h"
#include "pt-engine-private.h"
#include "pt-engine-process.h"
#include "pt-record.h"

G_DEFINE_FINAL_TYPE (PtEngine, pt_engine, G_TYPE_OBJECT)

G_DEFINE_QUARK (pt - engine - error - quark, pt_engine_error)

enum
{
  PROP_0,
  PROP_COMMAND,
  PROP_MOVE_TIME,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_LOG,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const log_prefixes[] = { "> ", "< ", "log: ", "stderr: ", "-- " };

gboolean
pt_engine_spec_parse (const char *spec,
                      char **command)
{
  if (spec == NULL || !g_str_has_prefix (spec, PT_ENGINE_SPEC_PREFIX))
    return FALSE;
  if (command != NULL)
    *command = g_strstrip (g_strdup (spec + strlen (PT_ENGINE_SPEC_PREFIX)));
  return TRUE;
}

/* ---- the debug log ---------------------------------------------------- */

typedef struct
{
  GWeakRef engine;
  PtEngineLogKind kind;
  char *line;
} LogEmission;

static gboolean
emit_log_idle (gpointer data)
{
  LogEmission *emission = data;
  g_autoptr(PtEngine) self = g_weak_ref_get (&emission->engine);

  if (self != NULL)
    g_signal_emit (self, signals[SIGNAL_LOG], 0, emission->kind, emission->line);
  return G_SOURCE_REMOVE;
}

static void
log_emission_free (gpointer data)
{
  LogEmission *emission = data;

  g_weak_ref_clear (&emission->engine);
  g_free (emission->line);
  g_free (emission);
}

void
pt_engine_log (PtEngine *self,
               PtEngineLogKind kind,
               const char *line)
{
  g_mutex_lock (&self->log_lock);
  g_queue_push_tail (&self->log, g_strconcat (log_prefixes[kind], line, NULL));
  while (self->log.length > MAX_LOG_LINES)
    g_free (g_queue_pop_head (&self->log));
  g_mutex_unlock (&self->log_lock);

  if (g_thread_self () == self->owner)
    g_signal_emit (self, signals[SIGNAL_LOG], 0, kind, line);
  else
    {
      /* A weak reference: a main context that never runs again (a CLI)
       * must not keep the engine, and so its process, alive. */
      LogEmission *emission = g_new0 (LogEmission, 1);
      g_autoptr(GSource) source = g_idle_source_new ();

      g_weak_ref_init (&emission->engine, self);
      emission->kind = kind;
      emission->line = g_strdup (line);
      g_source_set_callback (source, emit_log_idle, emission, log_emission_free);
      g_source_attach (source, self->context);
    }
}

char **
pt_engine_dup_log (PtEngine *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **lines;

  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);

  g_mutex_lock (&self->log_lock);
  for (GList *l = self->log.head; l != NULL; l = l->next)
    g_strv_builder_add (builder, l->data);
  g_mutex_unlock (&self->log_lock);
  lines = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return lines;
}

static char *
node_to_line (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static char *
object_to_line (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return node_to_line (node);
}

/* ---- handshake -------------------------------------------------------- */

static gboolean
fail_handshake (PtEngine *self,
                const char *reason,
                GError **error)
{
  /* Translators: %s is the reason */
  g_autofree char *message = g_strdup_printf (_("The engine’s handshake is wrong: %s"), reason);

  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_HANDSHAKE, message);
  pt_engine_kill (self, message);
  return FALSE;
}

static gboolean
parse_hello (PtEngine *self,
             JsonObject *hello,
             GError **error)
{
  JsonNode *games = json_object_get_member (hello, "games");
  JsonNode *options = json_object_get_member (hello, "options");
  JsonNode *author = json_object_get_member (hello, "author");
  const char *name;
  g_autoptr(GStrvBuilder) builder = NULL;

  if (g_strcmp0 (json_object_get_string_member (hello, "type"), "hello") != 0)
    return fail_handshake (self, _("the engine must first introduce itself (with hello)"), error);
  if (g_strcmp0 (pt_json_get_string (json_object_get_member (hello, "protocol")),
                 PT_ENGINE_PROTOCOL) != 0)
    {
      /* Translators: %s is the protocol's name, partida-engine/1 */
      g_autofree char *reason = g_strdup_printf (_("it does not speak %s"), PT_ENGINE_PROTOCOL);

      return fail_handshake (self, reason, error);
    }
  name = pt_json_get_string (json_object_get_member (hello, "name"));
  if (name == NULL || *name == '\0')
    return fail_handshake (self, _("it has no name"), error);
  if (g_utf8_strlen (name, -1) > PT_ENGINE_MAX_NAME)
    return fail_handshake (self, _("its name is too long"), error);
  if (author != NULL && pt_json_get_string (author) != NULL &&
      g_utf8_strlen (pt_json_get_string (author), -1) > PT_ENGINE_MAX_NAME)
    return fail_handshake (self, _("its author’s name is too long"), error);
  if (author != NULL && json_node_get_value_type (author) != G_TYPE_STRING)
    return fail_handshake (self, _("the author’s name is not text"), error);
  if (games == NULL || !JSON_NODE_HOLDS_ARRAY (games) ||
      json_array_get_length (json_node_get_array (games)) == 0)
    return fail_handshake (self, _("it lists no games"), error);
  if (options != NULL && !JSON_NODE_HOLDS_ARRAY (options))
    return fail_handshake (self, _("the options are not a list"), error);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (json_node_get_array (games)); i++)
    {
      JsonNode *game = json_array_get_element (json_node_get_array (games), i);

      if (json_node_get_value_type (game) != G_TYPE_STRING)
        return fail_handshake (self, _("the list of games must name games"), error);
      g_strv_builder_add (builder, json_node_get_string (game));
    }

  g_free (self->name);
  self->name = g_strdup (name);
  g_free (self->author);
  self->author = g_strdup (author != NULL ? json_node_get_string (author) : "");
  g_strfreev (self->games);
  self->games = g_strv_builder_end (builder);
  g_clear_pointer (&self->options, json_node_unref);
  /* (json_node_init_array() would take a second reference on a new
   * array: a leak per handshake, found by fuzzing.) */
  self->options = options != NULL ? json_node_copy (options) : pt_json_node_new_array (json_array_new ());
  return TRUE;
}

static char *
set_option_line (const char *name,
                 JsonNode *value)
{
  g_autoptr(JsonObject) message = json_object_new ();

  json_object_set_string_member (message, "type", "set_option");
  json_object_set_string_member (message, "name", name);
  json_object_set_member (message, "value", json_node_copy (value));
  return object_to_line (message);
}

/* Runs in whichever thread serves the request. */
static gboolean
engine_start (PtEngine *self,
              GCancellable *cancellable,
              GError **error)
{
  g_autoptr(JsonObject) hello = json_object_new ();
  g_autoptr(JsonObject) answer = NULL;
  g_autofree char *line = NULL;
  gint64 deadline;
  GHashTableIter iter;
  gpointer key, value;

  if (self->process != NULL)
    return TRUE;
  if (!pt_engine_spawn (self, error))
    return FALSE;

  deadline = g_get_monotonic_time () + (gint64) self->handshake_time * 1000;
  json_object_set_string_member (hello, "type", "hello");
  json_object_set_string_member (hello, "protocol", PT_ENGINE_PROTOCOL);
  json_object_set_string_member (hello, "partida", PACKAGE_VERSION);
  line = object_to_line (hello);
  if (!pt_engine_write_line (self, line, deadline, cancellable, error))
    return FALSE;
  answer = pt_engine_read_message (self, deadline, _("the handshake"), cancellable, error);
  if (answer == NULL)
    {
      /* Whatever went wrong, it went wrong during the handshake. */
      if (error != NULL && *error != NULL && (*error)->domain == PT_ENGINE_ERROR)
        (*error)->code = PT_ENGINE_ERROR_HANDSHAKE;
      return FALSE;
    }
  if (!parse_hello (self, answer, error))
    return FALSE;

  g_hash_table_iter_init (&iter, self->set_options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autofree char *option = set_option_line (key, value);

      if (!pt_engine_write_line (self, option, deadline, cancellable, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
acquire (PtEngine *self,
         GError **error)
{
  if (!g_atomic_int_compare_and_exchange (&self->busy, 0, 1))
    {
      g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_BUSY,
                           _("The engine is still busy with another request"));
      return FALSE;
    }
  return TRUE;
}

static void
release (PtEngine *self)
{
  g_atomic_int_set (&self->busy, 0);
}

gboolean
pt_engine_start (PtEngine *self,
                 GCancellable *cancellable,
                 GError **error)
{
  gboolean ok;

  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);

  if (!acquire (self, error))
    return FALSE;
  ok = engine_start (self, cancellable, error);
  release (self);
  if (ok)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  return ok;
}

static void
start_thread (GTask *task,
              gpointer source_object,
              gpointer task_data,
              GCancellable *cancellable)
{
  PtEngine *self = source_object;
  GError *error = NULL;

  gboolean ok = engine_start (self, cancellable, &error);

  release (self);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
pt_engine_start_async (PtEngine *self,
                       GCancellable *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (PT_IS_ENGINE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_engine_start_async);
  if (!acquire (self, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_run_in_thread (task, start_thread);
}

gboolean
pt_engine_start_finish (PtEngine *self,
                        GAsyncResult *result,
                        GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_had_error (G_TASK (result)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
pt_engine_is_running (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);

  return self->process != NULL;
}

void
pt_engine_stop (PtEngine *self)
{
  g_return_if_fail (PT_IS_ENGINE (self));

  if (self->process == NULL)
    return;
  if (self->in_fd >= 0)
    {
      static const char quit[] = "{\"type\":\"quit\"}\n";
      gint64 until;

      pt_engine_log (self, PT_ENGINE_LOG_SENT, "{\"type\":\"quit\"}");
      /* Best effort: a full pipe or a dead engine just gets killed. */
      if (write (self->in_fd, quit, sizeof quit - 1) > 0)
        {
          pt_engine_close_fd (&self->in_fd);
          until = g_get_monotonic_time () + PT_ENGINE_QUIT_TIME * 1000;
          while (g_subprocess_get_identifier (self->process) != NULL &&
                 g_get_monotonic_time () < until)
            {
              pt_engine_read_stderr (self, FALSE);
              g_usleep (2000);
            }
        }
    }
  pt_engine_kill (self, "stopped");
}

/* ---- moves ------------------------------------------------------------ */

static char *
new_game_line (PtGame *game,
               guint seat)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autoptr(JsonNode) record = pt_game_to_record (game);
  JsonObject *record_object = json_node_get_object (record);
  JsonArray *players = json_array_new ();

  json_object_set_string_member (message, "type", "new_game");
  json_object_set_string_member (message, "game", pt_game_get_game_id (game));
  for (guint p = 0; p < pt_game_get_n_players (game); p++)
    json_array_add_string_element (players, pt_game_get_player_name (game, p));
  json_object_set_array_member (message, "players", players);
  json_object_set_int_member (message, "seat", seat);
  /* Only the options: the record's setup is the deal, hidden. */
  if (json_object_has_member (record_object, "options"))
    json_object_set_member (message, "options",
                            json_node_copy (json_object_get_member (record_object, "options")));
  return object_to_line (message);
}

typedef struct
{
  char *game_id;
  char *new_game_line;
  char *move_line;
  JsonNode *legal;
  guint move_time;
} MoveRequest;

static void
move_request_free (MoveRequest *request)
{
  g_free (request->game_id);
  g_free (request->new_game_line);
  g_free (request->move_line);
  json_node_unref (request->legal);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MoveRequest, move_request_free)

/* On the caller's thread: everything the request needs from @game. */
static MoveRequest *
move_request_new (PtEngine *self,
                  PtGame *game,
                  guint player,
                  GError **error)
{
  g_autoptr(JsonObject) message = json_object_new ();
  MoveRequest *request;
  JsonNode *legal;
  const char *game_id = pt_game_get_game_id (game);

  if (pt_game_get_is_over (game) || pt_game_get_current_player (game) != (int) player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("It is not player %u’s turn"), player + 1);
      return NULL;
    }
  legal = pt_game_list_legal_moves (game, player);
  if (legal == NULL || json_array_get_length (json_node_get_array (legal)) == 0)
    {
      g_clear_pointer (&legal, json_node_unref);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Player %u has no move to make"), player + 1);
      return NULL;
    }
  if (self->games != NULL && !pt_engine_plays (self, game_id))
    {
      json_node_unref (legal);
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_UNSUPPORTED_GAME,
                   /* Translators: %s is an engine name, then a game id */
                   _("The engine “%s” does not play %s"), self->name, game_id);
      return NULL;
    }

  if (self->game != game)
    {
      g_set_weak_pointer (&self->game, game);
      g_free (self->new_game_line);
      self->new_game_line = new_game_line (game, player);
      self->sent_new_game = FALSE;
    }

  json_object_set_string_member (message, "type", "move");
  json_object_set_string_member (message, "game", game_id);
  json_object_set_int_member (message, "player", player);
  json_object_set_int_member (message, "move_number", pt_game_get_n_moves (game));
  json_object_set_int_member (message, "time_left_ms", self->move_time);
  json_object_set_member (message, "view", pt_game_get_view (game, (int) player));
  json_object_set_member (message, "legal", json_node_copy (legal));

  request = g_new0 (MoveRequest, 1);
  request->game_id = g_strdup (game_id);
  request->new_game_line = g_strdup (self->new_game_line);
  request->move_line = object_to_line (message);
  request->legal = legal;
  request->move_time = self->move_time;
  return request;
}

static gboolean
is_legal (JsonNode *legal,
          JsonNode *move)
{
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    if (json_node_equal (json_array_get_element (moves, i), move))
      return TRUE;
  return FALSE;
}

/* The engine's answer to a "move" request → a copy of its legal move. */
static JsonNode *
check_move_answer (PtEngine *self,
                   JsonObject *answer,
                   JsonNode *legal,
                   GError **error)
{
  JsonNode *move = json_object_get_member (answer, "move");

  if (g_strcmp0 (json_object_get_string_member (answer, "type"), "move") != 0 || move == NULL)
    {
      g_autofree char *line = object_to_line (answer);

      pt_engine_fail_malformed (self, _("expected a move"), line, error);
      return NULL;
    }
  if (!is_legal (legal, move))
    {
      g_autofree char *text = node_to_line (move);
      g_autofree char *shown = g_utf8_make_valid (text, MIN (strlen (text), 200));
      /* Translators: %s is the move in JSON */
      g_autofree char *message = g_strdup_printf (_("The engine answered an illegal move: %s"), shown);

      g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_ILLEGAL_MOVE, message);
      pt_engine_kill (self, message);
      return NULL;
    }
  return json_node_copy (move);
}

gboolean
pt_engine_check_line (PtEngine *self,
                      const char *data,
                      gsize length,
                      JsonNode *legal,
                      GError **error)
{
  g_autofree char *line = NULL;
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(JsonNode) move = NULL;

  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);

  if (length > MAX_LINE)
    {
      g_autofree char *start = g_strndup (data, 200);

      return pt_engine_fail_malformed (self, _("line too long"), start, error);
    }
  line = g_malloc (length + 1);
  memcpy (line, data, length);
  line[length] = '\0';
  message = pt_engine_parse_message (self, line, length, error);
  if (message == NULL)
    return FALSE;
  if (g_strcmp0 (json_object_get_string_member (message, "type"), "log") == 0)
    return TRUE;
  if (legal == NULL)
    return parse_hello (self, message, error);
  move = check_move_answer (self, message, legal, error);
  return move != NULL;
}

/* In whichever thread serves the request. */
static JsonNode *
move_request_run (PtEngine *self,
                  MoveRequest *request,
                  GCancellable *cancellable,
                  GError **error)
{
  g_autoptr(JsonObject) answer = NULL;
  gint64 deadline;

  if (!engine_start (self, cancellable, error))
    return NULL;
  if (!pt_engine_plays (self, request->game_id))
    {
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_UNSUPPORTED_GAME,
                   _("The engine “%s” does not play %s"), self->name, request->game_id);
      return NULL;
    }

  /* The clock starts when the request is sent. */
  deadline = g_get_monotonic_time () + ((gint64) request->move_time + PT_ENGINE_GRACE_TIME) * 1000;
  if (!self->sent_new_game)
    {
      if (!pt_engine_write_line (self, request->new_game_line, deadline, cancellable, error))
        return NULL;
      self->sent_new_game = TRUE;
    }
  if (!pt_engine_write_line (self, request->move_line, deadline, cancellable, error))
    return NULL;
  answer = pt_engine_read_message (self, deadline, _("a move"), cancellable, error);
  if (answer == NULL)
    return NULL;
  return check_move_answer (self, answer, request->legal, error);
}

JsonNode *
pt_engine_choose_move (PtEngine *self,
                       PtGame *game,
                       guint player,
                       GCancellable *cancellable,
                       GError **error)
{
  g_autoptr(MoveRequest) request = NULL;
  JsonNode *move;

  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  g_return_val_if_fail (PT_IS_GAME (game), NULL);

  if (!acquire (self, error))
    return NULL;
  request = move_request_new (self, game, player, error);
  move = request != NULL ? move_request_run (self, request, cancellable, error) : NULL;
  release (self);
  return move;
}

static void
choose_move_thread (GTask *task,
                    gpointer source_object,
                    gpointer task_data,
                    GCancellable *cancellable)
{
  GError *error = NULL;
  JsonNode *move = move_request_run (source_object, task_data, cancellable, &error);

  /* Released before the result is dispatched, so its callback may ask
   * for the next move right away. */
  release (source_object);
  if (move != NULL)
    g_task_return_pointer (task, move, (GDestroyNotify) json_node_unref);
  else
    g_task_return_error (task, error);
}

void
pt_engine_choose_move_async (PtEngine *self,
                             PtGame *game,
                             guint player,
                             GCancellable *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  MoveRequest *request;
  GError *error = NULL;

  g_return_if_fail (PT_IS_ENGINE (self));
  g_return_if_fail (PT_IS_GAME (game));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_engine_choose_move_async);
  if (!acquire (self, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  request = move_request_new (self, game, player, &error);
  if (request == NULL)
    {
      release (self);
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, request, (GDestroyNotify) move_request_free);
  g_task_run_in_thread (task, choose_move_thread);
}

JsonNode *
pt_engine_choose_move_finish (PtEngine *self,
                              GAsyncResult *result,
                              GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
pt_engine_game_over (PtEngine *self,
                     PtGame *game,
                     int forfeit_player,
                     const char *forfeit_reason)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  guint n_players = pt_game_get_n_players (game);
  int scores[PT_GAME_MAX_PLAYERS] = { 0 };
  JsonArray *score_array = json_array_new ();
  guint winners;

  g_return_if_fail (PT_IS_ENGINE (self));
  g_return_if_fail (PT_IS_GAME (game));

  json_object_set_string_member (message, "type", "game_over");
  json_object_set_string_member (message, "game", pt_game_get_game_id (game));
  pt_game_get_scores (game, scores);
  for (guint p = 0; p < n_players; p++)
    json_array_add_int_element (score_array, scores[p]);
  json_object_set_array_member (message, "scores", score_array);
  if (forfeit_reason != NULL)
    {
      JsonObject *forfeit = json_object_new ();

      json_object_set_int_member (forfeit, "player", forfeit_player);
      json_object_set_string_member (forfeit, "reason", forfeit_reason);
      json_object_set_object_member (message, "forfeit", forfeit);
      /* A forfeit: everyone else wins. */
      winners = ((1u << n_players) - 1) & ~(1u << forfeit_player);
    }
  else
    winners = pt_game_get_is_over (game) ? pt_game_get_winners (game) : 0;
  json_object_set_member (message, "winners", pt_game_winners_to_json (winners, n_players));

  if (self->game == game)
    g_clear_weak_pointer (&self->game);
  if (self->process == NULL || !self->sent_new_game || !acquire (self, NULL))
    return;
  line = object_to_line (message);
  if (!pt_engine_write_line (self, line, g_get_monotonic_time () + PT_ENGINE_GRACE_TIME * 1000, NULL, &error))
    pt_engine_log (self, PT_ENGINE_LOG_PARTIDA, error->message);
  self->sent_new_game = FALSE;
  release (self);
}

/* ---- accessors -------------------------------------------------------- */

const char *
pt_engine_get_command (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->command;
}

void
pt_engine_set_move_time (PtEngine *self,
                         guint ms)
{
  g_return_if_fail (PT_IS_ENGINE (self));

  if (self->move_time == ms)
    return;
  self->move_time = ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_TIME]);
}

void
pt_engine_set_handshake_time (PtEngine *self,
                              guint ms)
{
  g_return_if_fail (PT_IS_ENGINE (self));
  self->handshake_time = ms;
}

const char *
pt_engine_get_name (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->name;
}

const char *
pt_engine_get_author (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->author;
}

const char *const *
pt_engine_get_games (PtEngine *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->games != NULL ? (const char *const *) self->games : none;
}

JsonNode *
pt_engine_get_options (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->options;
}

gboolean
pt_engine_plays (PtEngine *self,
                 const char *game_id)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);
  return self->games != NULL && g_strv_contains ((const char *const *) self->games, game_id);
}

void
pt_engine_set_option (PtEngine *self,
                      const char *name,
                      JsonNode *value)
{
  g_return_if_fail (PT_IS_ENGINE (self));
  g_return_if_fail (name != NULL && value != NULL);

  g_hash_table_replace (self->set_options, g_strdup (name), json_node_copy (value));
  if (self->process != NULL && acquire (self, NULL))
    {
      g_autofree char *line = set_option_line (name, value);
      g_autoptr(GError) error = NULL;

      if (!pt_engine_write_line (self, line, g_get_monotonic_time () + PT_ENGINE_GRACE_TIME * 1000, NULL, &error))
        pt_engine_log (self, PT_ENGINE_LOG_PARTIDA, error->message);
      release (self);
    }
}

PtEngine *
pt_engine_new (const char *command,
               GError **error)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) local_error = NULL;
  PtEngine *self;

  g_return_val_if_fail (command != NULL, NULL);

  if (!g_shell_parse_argv (command, NULL, &argv, &local_error))
    {
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_SPAWN,
                   _("Could not start the engine “%s”: %s"), command, local_error->message);
      return NULL;
    }
  self = g_object_new (PT_TYPE_ENGINE, "command", command, NULL);
  self->argv = g_steal_pointer (&argv);
  return self;
}

static void
pt_engine_dispose (GObject *object)
{
  PtEngine *self = PT_ENGINE (object);

  pt_engine_stop (self);
  g_clear_weak_pointer (&self->game);

  G_OBJECT_CLASS (pt_engine_parent_class)->dispose (object);
}

static void
pt_engine_finalize (GObject *object)
{
  PtEngine *self = PT_ENGINE (object);

  g_free (self->command);
  g_strfreev (self->argv);
  g_string_free (self->out_buf, TRUE);
  g_string_free (self->err_buf, TRUE);
  g_free (self->name);
  g_free (self->author);
  g_strfreev (self->games);
  g_clear_pointer (&self->options, json_node_unref);
  g_hash_table_unref (self->set_options);
  g_free (self->new_game_line);
  g_main_context_unref (self->context);
  g_queue_clear_full (&self->log, g_free);
  g_mutex_clear (&self->log_lock);

  G_OBJECT_CLASS (pt_engine_parent_class)->finalize (object);
}

static void
pt_engine_get_property (GObject *object,
                        guint prop_id,
                        GValue *value,
                        GParamSpec *pspec)
{
  PtEngine *self = PT_ENGINE (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;
    case PROP_MOVE_TIME:
      g_value_set_uint (value, self->move_time);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_engine_set_property (GObject *object,
                        guint prop_id,
                        const GValue *value,
                        GParamSpec *pspec)
{
  PtEngine *self = PT_ENGINE (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      self->command = g_value_dup_string (value);
      break;
    case PROP_MOVE_TIME:
      pt_engine_set_move_time (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_engine_class_init (PtEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  struct sigaction action;

  object_class->dispose = pt_engine_dispose;
  object_class->finalize = pt_engine_finalize;
  object_class->get_property = pt_engine_get_property;
  object_class->set_property = pt_engine_set_property;

  properties[PROP_COMMAND] =
      g_param_spec_string ("command", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MOVE_TIME] =
      g_param_spec_uint ("move-time", NULL, NULL, 1, G_MAXINT / 1000, PT_ENGINE_DEFAULT_MOVE_TIME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
      g_param_spec_string ("name", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* PtEngine::log (kind, line): a line for the debug view. */
  signals[SIGNAL_LOG] =
      g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);

  /* Writing to an engine that just died raises SIGPIPE, whose default
   * action would end Partida; we handle EPIPE instead. Only when nobody
   * installed a handler of their own. */
  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);
}

static void
pt_engine_init (PtEngine *self)
{
  self->move_time = PT_ENGINE_DEFAULT_MOVE_TIME;
  self->handshake_time = PT_ENGINE_DEFAULT_HANDSHAKE_TIME;
  self->owner = g_thread_self ();
  self->context = g_main_context_ref_thread_default ();
  self->in_fd = self->out_fd = self->err_fd = -1;
  self->out_buf = g_string_new (NULL);
  self->err_buf = g_string_new (NULL);
  self->set_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) json_node_unref);
  g_mutex_init (&self->log_lock);
  g_queue_init (&self->log);
}
