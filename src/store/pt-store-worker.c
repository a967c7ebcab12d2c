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
  GAsyncQueue *queue;       /* of Request; a Request with job == NULL stops the thread */
  GHashTable *lanes;        /* lane (static string) -> GCancellable, main thread only */

  GMutex lock;
  GCond idle;
  guint pending;            /* queued or running on the thread */
  guint outstanding;        /* main context: requests whose callback has not run */

  /* Worker thread only. */
  PtStore *store;
  PtStats *stats;
};

G_DEFINE_FINAL_TYPE (PtStoreWorker, pt_store_worker, G_TYPE_OBJECT)

typedef struct
{
  PtStoreJob job;
  gpointer data;
  GDestroyNotify data_free;
  GDestroyNotify result_free;
  GTask *task;
  GCancellable *outer;      /* the caller's cancellable, chained to the task's */
  gulong outer_id;
} Request;

typedef struct
{
  GAsyncReadyCallback callback;
  gpointer user_data;
} Reply;

/* Every answer passes here in the caller's context, so the worker knows
 * when nothing is in flight any more (pt_store_worker_is_idle). */
static void
request_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  PtStoreWorker *self = PT_STORE_WORKER (source);
  Reply *reply = user_data;

  if (reply->callback != NULL)
    reply->callback (source, result, reply->user_data);
  g_free (reply);
  self->outstanding--;
}

static gboolean
unref_task (gpointer task)
{
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

static void
request_free (Request *request)
{
  if (request->data_free != NULL && request->data != NULL)
    request->data_free (request->data);
  if (request->outer != NULL)
    {
      g_cancellable_disconnect (request->outer, request->outer_id);
      g_object_unref (request->outer);
    }
  /* The task (and through it the worker) is let go of in the caller's
   * context, never here: the worker must not be finalized by its thread. */
  if (request->task != NULL)
    {
      GMainContext *context = g_task_get_context (request->task);
      GSource *source = g_idle_source_new ();

      g_source_set_callback (source, unref_task, g_steal_pointer (&request->task), NULL);
      g_source_attach (source, context);
      g_source_unref (source);
    }
  g_free (request);
}

static gpointer
worker_thread (gpointer user_data)
{
  PtStoreWorker *self = user_data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  Request *request;

  /* Nothing completes in the caller's context from this thread. */
  g_main_context_push_thread_default (context);
  while ((request = g_async_queue_pop (self->queue))->job != NULL)
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
                self->stats = pt_stats_new (self->store);
            }
          if (self->store != NULL)
            answer = request->job (self->store, self->stats, request->data, cancellable, &error);
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

  G_OBJECT_CLASS (pt_store_worker_parent_class)->finalize (object);
}

static void
pt_store_worker_class_init (PtStoreWorkerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pt_store_worker_finalize;
}

static void
pt_store_worker_init (PtStoreWorker *self)
{
  self->queue = g_async_queue_new ();
  self->lanes = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  g_mutex_init (&self->lock);
  g_cond_init (&self->idle);
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
                gpointer      user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

void
pt_store_worker_run (PtStoreWorker        *self,
                     const char           *lane,
                     PtStoreJob            job,
                     gpointer              data,
                     GDestroyNotify        data_free,
                     GDestroyNotify        result_free,
                     GCancellable         *cancellable,
                     GAsyncReadyCallback   callback,
                     gpointer              user_data)
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
  {
    Reply *reply = g_new (Reply, 1);

    reply->callback = callback;
    reply->user_data = user_data;
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

gpointer
pt_store_worker_finish (PtStoreWorker  *self,
                        GAsyncResult   *result,
                        GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
pt_store_worker_cancel_lane (PtStoreWorker *self,
                             const char    *lane)
{
  GCancellable *cancellable;

  g_return_if_fail (PT_IS_STORE_WORKER (self));
  if ((cancellable = g_hash_table_lookup (self->lanes, lane)) != NULL)
    g_cancellable_cancel (cancellable);
}

gboolean
pt_store_worker_is_idle (PtStoreWorker *self)
{
  g_return_val_if_fail (PT_IS_STORE_WORKER (self), TRUE);
  return self->outstanding == 0;
}

void
pt_store_worker_drain (PtStoreWorker *self)
{
  g_return_if_fail (PT_IS_STORE_WORKER (self));
  g_mutex_lock (&self->lock);
  while (self->pending > 0)
    g_cond_wait (&self->idle, &self->lock);
  g_mutex_unlock (&self->lock);
}
