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
#include "pt-store-trash.h"

G_BEGIN_DECLS

#define PT_TYPE_STORE_WORKER (pt_store_worker_get_type ())
G_DECLARE_FINAL_TYPE (PtStoreWorker, pt_store_worker, PT, STORE_WORKER, GObject)

/* Runs on the worker thread with its store and statistics; returns the
 * answer (freed with the request's @result_free if nobody takes it) or
 * NULL with @error set. */
typedef gpointer (*PtStoreJob) (PtStore *store,
                                PtStats *stats,
                                gpointer data,
                                GCancellable *cancellable,
                                GError **error);

PtStoreWorker *pt_store_worker_new (const char *path);
const char *pt_store_worker_get_path (PtStoreWorker *self);

/* Queues @job in @lane (NULL: no lane, never cancelled by another). @data
 * is freed with @data_free once the job has run (or was skipped). */
void pt_store_worker_run (PtStoreWorker *self,
                          const char *lane,
                          PtStoreJob job,
                          gpointer data,
                          GDestroyNotify data_free,
                          GDestroyNotify result_free,
                          GCancellable *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer user_data);
/* The job's answer, or NULL with @error (G_IO_ERROR_CANCELLED when a newer
 * request or @cancellable cancelled it). */
gpointer pt_store_worker_finish (PtStoreWorker *self,
                                 GAsyncResult *result,
                                 GError **error);
/* Writes ----------------------------------------------------------------
 *
 * Every change the UI makes goes through the worker too, so the main loop
 * never waits for SQLite: each call below queues one transaction (no lane:
 * a write is never cancelled by a newer request, only by @cancellable
 * before it starts) and finishes with pt_store_worker_write_finish().
 * A change to an old match writes the match at once and leaves the ripple
 * (later ratings, aggregates) to background steps the worker runs when it
 * has nothing else to do (pt_store_set_defer_statistics).
 *
 * The worker emits "changed" (guint PtStoreChanged flags) in its creator's
 * main context: HISTORY after every successful write (before the write's
 * callback), STATISTICS when the statistics are up to date again — with
 * the write, or later when the background steps have finished. */
typedef enum
{
  PT_STORE_CHANGED_HISTORY = 1 << 0,    /* matches, nights, players, trash */
  PT_STORE_CHANGED_STATISTICS = 1 << 1, /* ratings and aggregates caught up */
} PtStoreChanged;

/* A write run on the worker thread: > 0 (an id, or 1) on success, else
 * 0 with @error set. */
typedef gint64 (*PtStoreWriteJob) (PtStore *store,
                                   gpointer data,
                                   GError **error);

/* Any write (e.g. the session's final save); @data freed with @data_free. */
void pt_store_worker_write (PtStoreWorker *self,
                            PtStoreWriteJob job,
                            gpointer data,
                            GDestroyNotify data_free,
                            GCancellable *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer user_data);
/* The same for a write the pages do not show (the game in progress, saved
 * after every move): no "changed" follows it. */
void pt_store_worker_write_quiet (PtStoreWorker *self,
                                  PtStoreWriteJob job,
                                  gpointer data,
                                  GDestroyNotify data_free,
                                  GCancellable *cancellable,
                                  GAsyncReadyCallback callback,
                                  gpointer user_data);
/* TRUE on success, with the job's answer in @id (may be NULL): the new
 * night's or match's id, else 1. */
gboolean pt_store_worker_write_finish (PtStoreWorker *self,
                                       GAsyncResult *result,
                                       gint64 *id,
                                       GError **error);

/* The store's changes, queued (NULL strings: unchanged where the store
 * function says so). */
void pt_store_worker_update_night (PtStoreWorker *self, gint64 night_id, const char *date, const char *place, const char *notes, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_start_night (PtStoreWorker *self, const char *date, const char *place, const char *const *who, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_trash_night (PtStoreWorker *self, gint64 night_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_restore_from_trash (PtStoreWorker *self, PtTrashKind kind, gint64 id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_empty_trash (PtStoreWorker *self, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_set_match_night (PtStoreWorker *self, gint64 match_id, gint64 night_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_set_match_notes (PtStoreWorker *self, gint64 match_id, const char *notes, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
/* @entry is kept (a reference) until the write ran: do not change it. */
void pt_store_worker_update_match (PtStoreWorker *self, const PtMatchEntry *entry, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_delete_match (PtStoreWorker *self, gint64 match_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_undelete_match (PtStoreWorker *self, gint64 match_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
/* The new player's id. */
void pt_store_worker_add_player (PtStoreWorker *self, const char *name, const char *colour, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_update_player (PtStoreWorker *self, gint64 player_id, const char *name, const char *colour, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_set_player_archived (PtStoreWorker *self, gint64 player_id, gboolean archived, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_merge_players (PtStoreWorker *self, gint64 from, gint64 into, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
void pt_store_worker_delete_saved_game (PtStoreWorker *self, gint64 saved_id, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);

/* PRAGMA quick_check on a read-only connection of its own, in a thread of
 * its own (pt_store_check_integrity_at): the requests above never wait
 * behind it. Counts as a request for _is_idle() and _drain(). */
void pt_store_worker_check_integrity (PtStoreWorker *self,
                                      GCancellable *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer user_data);
/* FALSE with @error: CORRUPT when the database is damaged. */
gboolean pt_store_worker_check_integrity_finish (PtStoreWorker *self,
                                                 GAsyncResult *result,
                                                 GError **error);

/* Cancels what is queued or running in @lane. */
void pt_store_worker_cancel_lane (PtStoreWorker *self,
                                  const char *lane);
/* Whether every request's callback has run and no background step of the
 * statistics is left (main context). */
gboolean pt_store_worker_is_idle (PtStoreWorker *self);
/* Blocks until every job queued so far has run (not the background steps,
 * which resume at the next start): at shutdown, so the last autosave of a
 * game is written before the process ends. */
void pt_store_worker_flush (PtStoreWorker *self);
/* Blocks until every queued job and background step has run (tests). */
void pt_store_worker_drain (PtStoreWorker *self);

G_END_DECLS
