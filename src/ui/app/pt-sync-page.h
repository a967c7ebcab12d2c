/* pt-sync-page.h — Preferences → Sync
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-sync-service.h"

G_BEGIN_DECLS

#define PT_TYPE_SYNC_PAGE (pt_sync_page_get_type ())
G_DECLARE_FINAL_TYPE (PtSyncPage, pt_sync_page, PT, SYNC_PAGE, AdwPreferencesPage)

/* @service may be NULL (no database): the page says so. The folder is the
 * "sync-folder" key of @settings. */
GtkWidget *pt_sync_page_new (GSettings *settings,
                             PtSyncService *service);

G_END_DECLS
