/* pt-match-view.h — one match of the history: results and breakdown
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-store.h"
#include "pt-store-worker.h"

G_BEGIN_DECLS

#define PT_TYPE_MATCH_VIEW (pt_match_view_get_type ())
G_DECLARE_FINAL_TYPE (PtMatchView, pt_match_view, PT, MATCH_VIEW, AdwBin)

GtkWidget *pt_match_view_new (void);
void pt_match_view_set_worker (PtMatchView *self,
                               PtStoreWorker *worker);
/* Shows @entry (loaded with its breakdown); @store saves note changes. */
void pt_match_view_set_match (PtMatchView *self,
                              PtStore *store,
                              PtMatchEntry *entry);
PtMatchEntry *pt_match_view_get_match (PtMatchView *self);

G_END_DECLS
