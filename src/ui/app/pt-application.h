/* pt-application.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"

G_BEGIN_DECLS

#define PT_TYPE_APPLICATION (pt_application_get_type ())

G_DECLARE_FINAL_TYPE (PtApplication, pt_application, PT, APPLICATION, AdwApplication)

PtApplication *pt_application_new (const char *application_id,
                                   GApplicationFlags flags);
const char *pt_application_get_db_path (PtApplication *self);
void pt_application_set_db_path (PtApplication *self,
                                 const char *db_path);
GSettings *pt_application_get_settings (PtApplication *self);
PtServices *pt_application_get_services (PtApplication *self);
PtStoreWorker *pt_application_get_worker (PtApplication *self,
                                          GError **error);
PtStore *pt_application_get_store (PtApplication *self,
                                   GError **error);
PtSyncService *pt_application_get_sync (PtApplication *self,
                                        GError **error);

G_END_DECLS
