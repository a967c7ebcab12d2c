/* pt-store-worker.h — the store off the main loop
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A PtStoreWorker owns a second connection to the database (opened in its
 * own thread on the first request) and runs requests one after another on
 * that thread; the answer comes back as a GTask in the caller's main
 * context. WAL lets its reads run beside writes made on other connections.
 *
 * Every request has a "lane" (a short static string such as "history" or
 * "stats-page"): a newer request in a lane cancels the older one still
 * waiting or running in it, so a page that asks again never receives an
 * outdated answer. A cancelled request finishes with G_IO_ERROR_CANCELLED
 * (callers ignore that error); every other failure carries a GError for
 * the user (never NULL on a read).
 */
#pragma once

#include <gio/gio.h>

#include "pt-stats.h"
#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TYPE_STORE_WORKER (pt_store_worker_get_type ())
G_DECLARE_FINAL_TYPE (PtStoreWorker, pt_store_worker, PT, STORE_WORKER, GObject)

/* Runs on the worker thread with its store and statistics; returns the
 * answer (freed with the request's @result_free if nobody takes it) or
 * NULL with @error set. */
typedef gpointer (*PtStoreJob) (PtStore       *store,
                                PtStats       *stats,
                                gpointer       data,
                                GCancellable  *cancellable,
                                GError       **error);

PtStoreWorker *pt_store_worker_new    (const char *path);
const char    *pt_store_worker_get_path (PtStoreWorker *self);

/* Queues @job in @lane (NULL: no lane, never cancelled by another). @data
 * is freed with @data_free once the job has run (or was skipped). */
void           pt_store_worker_run    (PtStoreWorker        *self,
                                       const char           *lane,
                                       PtStoreJob            job,
                                       gpointer              data,
                                       GDestroyNotify        data_free,
                                       GDestroyNotify        result_free,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
/* The job's answer, or NULL with @error (G_IO_ERROR_CANCELLED when a newer
 * request or @cancellable cancelled it). */
gpointer       pt_store_worker_finish (PtStoreWorker  *self,
                                       GAsyncResult   *result,
                                       GError        **error);
/* Cancels what is queued or running in @lane. */
void           pt_store_worker_cancel_lane (PtStoreWorker *self,
                                            const char    *lane);
/* Whether every request's callback has run (main context). */
gboolean       pt_store_worker_is_idle (PtStoreWorker *self);
/* Blocks until every queued job has run (tests, shutdown). */
void           pt_store_worker_drain  (PtStoreWorker *self);

G_END_DECLS
