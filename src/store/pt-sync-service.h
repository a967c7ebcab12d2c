/* pt-sync-service.h — sync in the background, for the app (no GTK)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs pt_sync_run() on a PtStoreWorker's thread: when the folder is set
 * (on start), when something changes in it (GFileMonitor, debounced), every
 * few minutes (to send this device's own changes) and on request. Keeps a
 * status line for Preferences → Sync and reports conflicts, each once.
 */
#pragma once

#include "pt-store-worker.h"
#include "pt-sync.h"

G_BEGIN_DECLS

#define PT_TYPE_SYNC_SERVICE (pt_sync_service_get_type ())
G_DECLARE_FINAL_TYPE (PtSyncService, pt_sync_service, PT, SYNC_SERVICE, GObject)

PtSyncService *pt_sync_service_new (PtStoreWorker *worker);
/* NULL or "" stops syncing. */
void pt_sync_service_set_folder (PtSyncService *self,
                                 const char *folder);
const char *pt_sync_service_get_folder (PtSyncService *self);
/* Syncs now (or right after the sync that is running). */
void pt_sync_service_sync_now (PtSyncService *self);
/* A translated line: never synced, last sync and what came, or the error
 * (naming a damaged file). */
const char *pt_sync_service_get_status (PtSyncService *self);
/* The last error, or NULL. */
const char *pt_sync_service_get_error (PtSyncService *self);
gboolean pt_sync_service_get_busy (PtSyncService *self);
/* Unix time of the last finished sync, 0 = none. */
gint64 pt_sync_service_get_last_sync (PtSyncService *self);
/* Set by tests: the debounce delay after a folder change (default 1500). */
void pt_sync_service_set_delay (PtSyncService *self,
                                guint ms);

/* Signals:
 *   "synced" (gboolean history_changed): a sync finished; history_changed
 *     when it applied other devices' changes (pages read again);
 *   "conflict" (const char *message, const char *kept, const char *lost):
 *     a conflict to show the user, once. */

G_END_DECLS
