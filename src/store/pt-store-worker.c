/* pt-store-worker.c — the store off the main loop
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-store-worker.h"

struct _PtStoreWorker
{
  GObject parent_instance;

  char *path;
  GThread *thread;
  GAsyncQueue *queue; /* of Request; a Request with job == NULL stops the thread */
  GHashTable *lanes;  /* lane (static string) -> GCancellable, main thread only */

  GMutex lock;
  GCond idle;
  guint pending;     /* queued or running on the thread */
  guint outstanding; /* main context: requests whose callback has not run */

  gboolean catching_up;  /* under lock: background steps of the statistics left */
  GMainContext *context; /* the creator's: "changed" is emitted there */
  guint unsignalled;     /* main context: "changed" emissions queued, not yet run */

  /* Worker thread only. */
  PtStore *store;
  PtStats *stats;
  gboolean caught_up_work; /* a background step did something since the last signal */
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How many matches one background step re-rates (a few ms each). */
#define CATCH_UP_BUDGET 500

G_DEFINE_FINAL_TYPE (PtStoreWorker, pt_store_worker, G_TYPE_OBJECT)

typedef struct
{
  PtStoreJob job;
  gpointer data;
  GDestroyNotify data_free;
  GDestroyNotify result_free;
  GTask *task;
  GCancellable *outer; /* the caller's cancellable, chained to the task's */
  gulong outer_id;
  gboolean write;
} Request;

typedef struct
{
  GAsyncReadyCallback callback;
  gpointer user_data;
  gboolean write;
} Reply;

/* Every answer passes here in the caller's context, so the worker knows
 * when nothing is in flight any more (pt_store_worker_is_idle). */
static void
request_done (GObject *source,
              GAsyncResult *result,
              gpointer user_data)
{
  PtStoreWorker *self = PT_STORE_WORKER (source);
  Reply *reply = user_data;

  /* The pages hear of a change before the one who made it does. */
  if (reply->write && !g_task_had_error (G_TASK (result)))
    {
      guint what = GPOINTER_TO_UINT (g_task_get_task_data (G_TASK (result)));

      g_signal_emit (self, signals[CHANGED], 0, what | PT_STORE_CHANGED_HISTORY);
    }
  if (reply->callback != NULL)
    reply->callback (source, result, reply->user_data);
  g_free (reply);
  self->outstanding--;
}

/* What a finished request leaves for the caller's context. */
typedef struct
{
  GTask *task;
  gpointer data;
  GDestroyNotify data_free;
} Leftover;

static gboolean
release_leftover (gpointer user_data)
{
  Leftover *leftover = user_data;

  if (leftover->data_free != NULL && leftover->data != NULL)
    leftover->data_free (leftover->data);
  g_object_unref (leftover->task);
  g_free (leftover);
  return G_SOURCE_REMOVE;
}

/* Worker thread. The request's data and its task (and through it the
 * worker) are let go of in the caller's context, never here: the worker
 * must not be finalized by its thread, and the data may hold references
 * the caller shares (a PtMatchEntry of the history list, whose reference
 * count is not atomic). */
static void
request_free (Request *request)
{
  if (request->outer != NULL)
    {
      g_cancellable_disconnect (request->outer, request->outer_id);
      g_object_unref (request->outer);
    }
  if (request->task != NULL)
    {
      GMainContext *context = g_task_get_context (request->task);
      GSource *source = g_idle_source_new ();
      Leftover *leftover = g_new (Leftover, 1);

      leftover->task = g_steal_pointer (&request->task);
      leftover->data = request->data;
      leftover->data_free = request->data_free;
      g_source_set_callback (source, release_leftover, leftover, NULL);
      g_source_attach (source, context);
      g_source_unref (source);
    }
  else if (request->data_free != NULL && request->data != NULL)
    request->data_free (request->data);
  g_free (request);
}

static gboolean
emit_statistics_changed (gpointer user_data)
{
  PtStoreWorker *self = user_data;

  g_atomic_int_dec_and_test ((gint *) &self->unsignalled);
  g_signal_emit (self, signals[CHANGED], 0, (guint) PT_STORE_CHANGED_STATISTICS);
  return G_SOURCE_REMOVE;
}

/* Worker thread: one background step of the statistics. When they are
 * caught up, the pages hear of it (once, and only if a step did work). */
static void
catch_up_step (PtStoreWorker *self)
{
  g_autoptr(GError) error = NULL;
  gboolean done = TRUE;

  if (!pt_store_catch_up (self->store, CATCH_UP_BUDGET, &done, &error))
    {
      /* Busy or failing: the steps stay queued in the database and are
       * tried again after the next request (or at the next start). */
      g_message ("Statistics left to update later: %s", error->message);
      done = TRUE;
    }
  else if (!done)
    self->caught_up_work = TRUE;
  if (!done)
    return;

  if (self->caught_up_work)
    {
      GSource *source = g_idle_source_new ();

      self->caught_up_work = FALSE;
      g_atomic_int_inc ((gint *) &self->unsignalled);
      /* The source holds the worker, let go of in the main context. */
      g_source_set_callback (source, emit_statistics_changed, g_object_ref (self), g_object_unref);
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
  g_mutex_lock (&self->lock);
  self->catching_up = FALSE;
  if (self->pending == 0)
    g_cond_broadcast (&self->idle);
  g_mutex_unlock (&self->lock);
}

/* Requests first; background steps while nothing else waits. */
static Request *
next_request (PtStoreWorker *self)
{
  for (;;)
    {
      gboolean catching_up;
      Request *request;

      g_mutex_lock (&self->lock);
      catching_up = self->catching_up;
      g_mutex_unlock (&self->lock);
      if (!catching_up)
        return g_async_queue_pop (self->queue);
      if ((request = g_async_queue_try_pop (self->queue)) != NULL)
        return request;
      if (self->store == NULL)
        {
          g_mutex_lock (&self->lock);
          self->catching_up = FALSE;
          g_mutex_unlock (&self->lock);
          continue;
        }
      catch_up_step (self);
    }
}

static gpointer
worker_thread (gpointer user_data)
{
  PtStoreWorker *self = user_data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  Request *request;

  /* Nothing completes in the caller's context from this thread. */
  g_main_context_push_thread_default (context);
  while ((request = next_request (self))->job != NULL)
    {
      GCancellable *cancellable = g_task_get_cancellable (request->task);
      g_autoptr(GError) error = NULL;
      gpointer answer = NULL;

      if (!g_task_return_error_if_cancelled (request->task))
        {
          if (self->store == NULL)
            {
              self->store = pt_store_open (self->path, PT_STORE_OPEN_NONE, &error);
              if (self->store != NULL)
                {
                  self->stats = pt_stats_new (self->store);
                  pt_store_set_defer_statistics (self->store, TRUE);
                }
            }
          if (self->store != NULL)
            answer = request->job (self->store, self->stats, request->data, cancellable, &error);
          /* A write says whether the statistics are up to date with it
           * (the task is not shared with the caller until it returns). */
          if (answer != NULL && request->write && !pt_store_has_pending_statistics (self->store))
            g_task_set_task_data (request->task, GUINT_TO_POINTER (PT_STORE_CHANGED_STATISTICS), NULL);
          if (answer != NULL)
            g_task_return_pointer (request->task, answer, request->result_free);
          else
            {
              if (error == NULL)
                g_set_error_literal (&error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED,
                                     _("Could not read the database"));
              g_task_return_error (request->task, g_steal_pointer (&error));
            }
        }
      request_free (request);

      g_mutex_lock (&self->lock);
      if (self->store != NULL && pt_store_has_pending_statistics (self->store))
        self->catching_up = TRUE;
      /* _flush() waits for this, _drain() for the background steps too. */
      if (--self->pending == 0)
        g_cond_broadcast (&self->idle);
      g_mutex_unlock (&self->lock);
    }
  g_free (request);
  g_clear_object (&self->stats);
  g_clear_object (&self->store);
  g_main_context_pop_thread_default (context);
  return NULL;
}

static void
pt_store_worker_finalize (GObject *object)
{
  PtStoreWorker *self = PT_STORE_WORKER (object);

  if (self->thread != NULL)
    {
      g_async_queue_push (self->queue, g_new0 (Request, 1));
      g_thread_join (self->thread);
    }
  g_async_queue_unref (self->queue);
  g_hash_table_unref (self->lanes);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->idle);
  g_free (self->path);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (pt_store_worker_parent_class)->finalize (object);
}

static void
pt_store_worker_class_init (PtStoreWorkerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pt_store_worker_finalize;

  /**
   * PtStoreWorker::changed:
   * @what: #PtStoreChanged flags
   *
   * A write succeeded (HISTORY), or the statistics are up to date again
   * (STATISTICS). Emitted in the main context the worker was made in.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
pt_store_worker_init (PtStoreWorker *self)
{
  self->queue = g_async_queue_new ();
  self->lanes = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  g_mutex_init (&self->lock);
  g_cond_init (&self->idle);
  self->context = g_main_context_ref_thread_default ();
}

PtStoreWorker *
pt_store_worker_new (const char *path)
{
  PtStoreWorker *self;

  g_return_val_if_fail (path != NULL, NULL);
  self = g_object_new (PT_TYPE_STORE_WORKER, NULL);
  self->path = g_strdup (path);
  return self;
}

const char *
pt_store_worker_get_path (PtStoreWorker *self)
{
  g_return_val_if_fail (PT_IS_STORE_WORKER (self), NULL);
  return self->path;
}

static void
cancel_chained (GCancellable *outer,
                gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static void
run_request (PtStoreWorker *self,
             const char *lane,
             PtStoreJob job,
             gpointer data,
             GDestroyNotify data_free,
             GDestroyNotify result_free,
             gboolean write,
             gboolean quiet,
             GCancellable *cancellable,
             GAsyncReadyCallback callback,
             gpointer user_data)
{
  g_autoptr(GCancellable) own = g_cancellable_new ();
  Request *request;

  g_return_if_fail (PT_IS_STORE_WORKER (self));
  g_return_if_fail (job != NULL);

  if (lane != NULL)
    {
      GCancellable *older = g_hash_table_lookup (self->lanes, lane);

      if (older != NULL)
        g_cancellable_cancel (older);
      g_hash_table_insert (self->lanes, (gpointer) lane, g_object_ref (own));
    }
  request = g_new0 (Request, 1);
  request->job = job;
  request->data = data;
  request->data_free = data_free;
  request->result_free = result_free;
  request->write = write;
  {
    Reply *reply = g_new (Reply, 1);

    reply->callback = callback;
    reply->user_data = user_data;
    reply->write = write && !quiet;
    request->task = g_task_new (self, own, request_done, reply);
  }
  self->outstanding++;
  g_task_set_source_tag (request->task, pt_store_worker_run);
  if (cancellable != NULL)
    {
      request->outer = g_object_ref (cancellable);
      request->outer_id = g_cancellable_connect (cancellable, G_CALLBACK (cancel_chained),
                                                 g_object_ref (own), g_object_unref);
    }

  g_mutex_lock (&self->lock);
  self->pending++;
  g_mutex_unlock (&self->lock);
  if (self->thread == NULL)
    self->thread = g_thread_new ("pt-store-worker", worker_thread, self);
  g_async_queue_push (self->queue, request);
}

void
pt_store_worker_run (PtStoreWorker *self,
                     const char *lane,
                     PtStoreJob job,
                     gpointer data,
                     GDestroyNotify data_free,
                     GDestroyNotify result_free,
                     GCancellable *cancellable,
                     GAsyncReadyCallback callback,
                     gpointer user_data)
{
  run_request (self, lane, job, data, data_free, result_free, FALSE, FALSE, cancellable, callback,
               user_data);
}

gpointer
pt_store_worker_finish (PtStoreWorker *self,
                        GAsyncResult *result,
                        GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The integrity check ---------------------------------------------------- */

static void
check_thread (GTask *task,
              gpointer source,
              gpointer task_data,
              GCancellable *cancellable)
{
  PtStoreWorker *self = source;
  GError *error = NULL;
  gboolean ok = pt_store_check_integrity_at (self->path, &error);

  /* Done before the answer goes out: a caller that drains the worker in
   * its callback does not wait for this thread. */
  g_mutex_lock (&self->lock);
  if (--self->pending == 0 && !self->catching_up)
    g_cond_broadcast (&self->idle);
  g_mutex_unlock (&self->lock);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
check_done (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  PtStoreWorker *self = PT_STORE_WORKER (source);
  Reply *reply = user_data;

  if (reply->callback != NULL)
    reply->callback (source, result, reply->user_data);
  g_free (reply);
  self->outstanding--;
}

void
pt_store_worker_check_integrity (PtStoreWorker *self,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  Reply *reply;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (PT_IS_STORE_WORKER (self));
  reply = g_new0 (Reply, 1);
  reply->callback = callback;
  reply->user_data = user_data;
  task = g_task_new (self, cancellable, check_done, reply);
  g_task_set_source_tag (task, pt_store_worker_check_integrity);
  self->outstanding++;
  g_mutex_lock (&self->lock);
  self->pending++;
  g_mutex_unlock (&self->lock);
  g_task_run_in_thread (task, check_thread);
}

gboolean
pt_store_worker_check_integrity_finish (PtStoreWorker *self,
                                        GAsyncResult *result,
                                        GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
pt_store_worker_cancel_lane (PtStoreWorker *self,
                             const char *lane)
{
  GCancellable *cancellable;

  g_return_if_fail (PT_IS_STORE_WORKER (self));
  if ((cancellable = g_hash_table_lookup (self->lanes, lane)) != NULL)
    g_cancellable_cancel (cancellable);
}

gboolean
pt_store_worker_is_idle (PtStoreWorker *self)
{
  gboolean catching_up;

  g_return_val_if_fail (PT_IS_STORE_WORKER (self), TRUE);
  g_mutex_lock (&self->lock);
  catching_up = self->catching_up;
  g_mutex_unlock (&self->lock);
  return self->outstanding == 0 && !catching_up && g_atomic_int_get ((gint *) &self->unsignalled) == 0;
}

void
pt_store_worker_flush (PtStoreWorker *self)
{
  g_return_if_fail (PT_IS_STORE_WORKER (self));
  g_mutex_lock (&self->lock);
  while (self->pending > 0)
    g_cond_wait (&self->idle, &self->lock);
  g_mutex_unlock (&self->lock);
}

void
pt_store_worker_drain (PtStoreWorker *self)
{
  g_return_if_fail (PT_IS_STORE_WORKER (self));
  g_mutex_lock (&self->lock);
  while (self->pending > 0 || self->catching_up)
    g_cond_wait (&self->idle, &self->lock);
  g_mutex_unlock (&self->lock);
}

/* Writes --------------------------------------------------------------------- */

typedef enum
{
  OP_CUSTOM,
  OP_UPDATE_NIGHT,
  OP_START_NIGHT,
  OP_TRASH_NIGHT,
  OP_RESTORE,
  OP_EMPTY_TRASH,
  OP_MATCH_NIGHT,
  OP_MATCH_NOTES,
  OP_UPDATE_MATCH,
  OP_DELETE_MATCH,
  OP_UNDELETE_MATCH,
  OP_ADD_PLAYER,
  OP_UPDATE_PLAYER,
  OP_ARCHIVE_PLAYER,
  OP_MERGE_PLAYERS,
  OP_DELETE_SAVED,
} WriteOp;

typedef struct
{
  WriteOp op;
  gint64 a, b;
  int flag;
  char *s1, *s2, *s3;
  GStrv strv;
  PtMatchEntry *entry;
  PtStoreWriteJob job;
  gpointer data;
  GDestroyNotify data_free;
} Write;

static void
write_free (Write *write)
{
  g_free (write->s1);
  g_free (write->s2);
  g_free (write->s3);
  g_strfreev (write->strv);
  g_clear_pointer (&write->entry, pt_match_entry_unref);
  if (write->data_free != NULL && write->data != NULL)
    write->data_free (write->data);
  g_free (write);
}

static gint64
write_run (PtStore *store,
           Write *w,
           GError **error)
{
  switch (w->op)
    {
    case OP_CUSTOM:
      return w->job (store, w->data, error);
    case OP_UPDATE_NIGHT:
      return pt_store_update_night (store, w->a, w->s1, w->s2, w->s3, error) ? w->a : 0;
    case OP_START_NIGHT:
      {
        g_autoptr(PtNight) night = pt_store_start_night (store, w->s1, w->s2,
                                                          (const char *const *) w->strv, error);
        return night != NULL ? night->id : 0;
      }
    case OP_TRASH_NIGHT:
      return pt_store_trash_night (store, w->a, error) ? 1 : 0;
    case OP_RESTORE:
      return pt_store_restore_from_trash (store, (PtTrashKind) w->flag, w->a, error) ? 1 : 0;
    case OP_EMPTY_TRASH:
      return pt_store_empty_trash (store, 0, error) >= 0 ? 1 : 0;
    case OP_MATCH_NIGHT:
      return pt_store_set_match_night (store, w->a, w->b, error) ? 1 : 0;
    case OP_MATCH_NOTES:
      return pt_store_set_match_notes (store, w->a, w->s1, error) ? 1 : 0;
    case OP_UPDATE_MATCH:
      return pt_store_update_match (store, w->entry, error) ? w->entry->id : 0;
    case OP_DELETE_MATCH:
      return pt_store_delete_match (store, w->a, error) ? 1 : 0;
    case OP_UNDELETE_MATCH:
      return pt_store_undelete_match (store, w->a, error) ? 1 : 0;
    case OP_ADD_PLAYER:
      {
        g_autoptr(PtPlayer) player = pt_store_add_player (store, w->s1, w->s2, error);
        return player != NULL ? player->id : 0;
      }
    case OP_UPDATE_PLAYER:
      return pt_store_update_player (store, w->a, w->s1, w->s2, error) ? 1 : 0;
    case OP_ARCHIVE_PLAYER:
      return pt_store_set_player_archived (store, w->a, w->flag, error) ? 1 : 0;
    case OP_MERGE_PLAYERS:
      return pt_store_merge_players (store, w->a, w->b, error) ? 1 : 0;
    case OP_DELETE_SAVED:
      return pt_store_delete_saved_game (store, w->a, error) ? 1 : 0;
    default:
      g_assert_not_reached ();
    }
}

static gpointer
write_job (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  g_autoptr(GError) local_error = NULL;
  gint64 *answer;
  gint64 id = write_run (store, data, &local_error);

  if (id <= 0)
    {
      if (local_error == NULL)
        g_set_error_literal (&local_error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED,
                             _("Could not save the change"));
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  answer = g_new (gint64, 1);
  *answer = id;
  return answer;
}

static void
queue_write_full (PtStoreWorker *self,
                  Write *write,
                  gboolean quiet,
                  GCancellable *cancellable,
                  GAsyncReadyCallback callback,
                  gpointer user_data)
{
  g_return_if_fail (PT_IS_STORE_WORKER (self));
  run_request (self, NULL, write_job, write, (GDestroyNotify) write_free, g_free, TRUE, quiet,
               cancellable, callback, user_data);
}

static void
queue_write (PtStoreWorker *self,
             Write *write,
             GCancellable *cancellable,
             GAsyncReadyCallback callback,
             gpointer user_data)
{
  queue_write_full (self, write, FALSE, cancellable, callback, user_data);
}

gboolean
pt_store_worker_write_finish (PtStoreWorker *self,
                              GAsyncResult *result,
                              gint64 *id,
                              GError **error)
{
  g_autofree gint64 *answer = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (id != NULL)
    *id = answer != NULL ? *answer : 0;
  return answer != NULL;
}

static Write *
write_new (WriteOp op)
{
  Write *write = g_new0 (Write, 1);

  write->op = op;
  return write;
}

/* A job of the caller's own (pt_store_worker_write and _write_quiet). */
static Write *
custom_write_new (PtStoreWriteJob job,
                  gpointer data,
                  GDestroyNotify data_free)
{
  Write *write = write_new (OP_CUSTOM);

  write->job = job;
  write->data = data;
  write->data_free = data_free;
  return write;
}

void
pt_store_worker_write (PtStoreWorker *self,
                       PtStoreWriteJob job,
                       gpointer data,
                       GDestroyNotify data_free,
                       GCancellable *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_return_if_fail (job != NULL);
  queue_write (self, custom_write_new (job, data, data_free), cancellable, callback, user_data);
}

void
pt_store_worker_write_quiet (PtStoreWorker *self,
                             PtStoreWriteJob job,
                             gpointer data,
                             GDestroyNotify data_free,
                             GCancellable *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer user_data)
{
  g_return_if_fail (job != NULL);
  queue_write_full (self, custom_write_new (job, data, data_free), TRUE, cancellable, callback,
                    user_data);
}

void
pt_store_worker_update_night (PtStoreWorker *self, gint64 night_id, const char *date, const char *place, const char *notes, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  Write *write = write_new (OP_UPDATE_NIGHT);

  write->a = night_id;
  write->s1 = g_strdup (date);
  write->s2 = g_strdup (place);
  write->s3 = g_strdup (notes);
  queue_write (self, write, cancellable, callback, user_data);
}

void
pt_store_worker_start_night (PtStoreWorker *self, const char *date, const char *place, const char *const *who, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  Write *write = write_new (OP_START_NIGHT);

  write->s1 = g_strdup (date);
  write->s2 = g_strdup (place);
  write->strv = g_strdupv ((char **) who);
  queue_write (self, write, cancellable, callback, user_data);
}

static void
queue_id (PtStoreWorker *self, WriteOp op, gint64 a, gint64 b, int flag, const char *s1, const char *s2, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  Write *write = write_new (op);

  write->a = a;
  write->b = b;
  write->flag = flag;
  write->s1 = g_strdup (s1);
  write->s2 = g_strdup (s2);
  queue_write (self, write, cancellable, callback, user_data);
}

void
pt_store_worker_trash_night (PtStoreWorker *self, gint64 night_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_TRASH_NIGHT, night_id, 0, 0, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_restore_from_trash (PtStoreWorker *self, PtTrashKind kind, gint64 id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_RESTORE, id, 0, kind, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_empty_trash (PtStoreWorker *self, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_EMPTY_TRASH, 0, 0, 0, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_set_match_night (PtStoreWorker *self, gint64 match_id, gint64 night_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_MATCH_NIGHT, match_id, night_id, 0, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_set_match_notes (PtStoreWorker *self, gint64 match_id, const char *notes, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_MATCH_NOTES, match_id, 0, 0, notes, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_update_match (PtStoreWorker *self, const PtMatchEntry *entry, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  Write *write = write_new (OP_UPDATE_MATCH);

  g_return_if_fail (entry != NULL);
  write->entry = pt_match_entry_ref ((PtMatchEntry *) entry);
  queue_write (self, write, cancellable, callback, user_data);
}

void
pt_store_worker_delete_match (PtStoreWorker *self, gint64 match_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_DELETE_MATCH, match_id, 0, 0, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_undelete_match (PtStoreWorker *self, gint64 match_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_UNDELETE_MATCH, match_id, 0, 0, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_add_player (PtStoreWorker *self, const char *name, const char *colour, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_ADD_PLAYER, 0, 0, 0, name, colour, cancellable, callback, user_data);
}

void
pt_store_worker_update_player (PtStoreWorker *self, gint64 player_id, const char *name, const char *colour, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_UPDATE_PLAYER, player_id, 0, 0, name, colour, cancellable, callback, user_data);
}

void
pt_store_worker_set_player_archived (PtStoreWorker *self, gint64 player_id, gboolean archived, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_ARCHIVE_PLAYER, player_id, 0, archived, NULL, NULL, cancellable, callback,
            user_data);
}

void
pt_store_worker_merge_players (PtStoreWorker *self, gint64 from, gint64 into, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_MERGE_PLAYERS, from, into, 0, NULL, NULL, cancellable, callback, user_data);
}

void
pt_store_worker_delete_saved_game (PtStoreWorker *self, gint64 saved_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  queue_id (self, OP_DELETE_SAVED, saved_id, 0, 0, NULL, NULL, cancellable, callback, user_data);
}
