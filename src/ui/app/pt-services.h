/* pt-services.h — what the windows and pages are given: the settings, the
 * match history (store, opened on first use), its worker and sync
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application makes one PtServices and passes it to each window, which
 * passes it to the pages it builds (their construct-only "services"
 * property); nothing below the window looks the store or the settings up
 * from the application. Tests build pages on a PtServices of their own.
 */
#pragma once

#include <gio/gio.h>

#include "pt-store.h"
#include "pt-store-worker.h"
#include "pt-sync-service.h"

G_BEGIN_DECLS

#define PT_TYPE_SERVICES (pt_services_get_type ())

G_DECLARE_FINAL_TYPE (PtServices, pt_services, PT, SERVICES, GObject)

PtServices *pt_services_new (GSettings *settings,
                             const char *db_path);
GSettings *pt_services_get_settings (PtServices *self);
void pt_services_set_settings (PtServices *self,
                               GSettings *settings);
const char *pt_services_get_db_path (PtServices *self);
void pt_services_set_db_path (PtServices *self,
                              const char *db_path);
PtStore *pt_services_get_store (PtServices *self,
                                GError **error);
PtStore *pt_services_peek_store (PtServices *self);
void pt_services_block_store (PtServices *self,
                              const char *reason);
PtStoreWorker *pt_services_get_worker (PtServices *self,
                                       GError **error);
PtSyncService *pt_services_get_sync (PtServices *self,
                                     GError **error);
gboolean pt_services_is_read_only (PtServices *self);

G_END_DECLS
