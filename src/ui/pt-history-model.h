/* pt-history-model.h — the match history as a GListModel that pages
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pt-history-item.h"
#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TYPE_HISTORY_MODEL (pt_history_model_get_type ())
G_DECLARE_FINAL_TYPE (PtHistoryModel, pt_history_model, PT, HISTORY_MODEL, GObject)

PtHistoryModel *pt_history_model_new          (void);
/* Starts over with @store and the filters of @query (copied; its paging
 * fields are ignored). Loads the first page at once. */
gboolean        pt_history_model_load         (PtHistoryModel        *self,
                                               PtStore               *store,
                                               const PtHistoryQuery  *query,
                                               GError               **error);
/* Loads the next page now; FALSE when everything is loaded. */
gboolean        pt_history_model_load_more    (PtHistoryModel        *self);
guint           pt_history_model_get_n_matches (PtHistoryModel       *self);
gboolean        pt_history_model_get_complete (PtHistoryModel        *self);
/* The position of the match @id among the items, or -1. */
int             pt_history_model_find_match   (PtHistoryModel        *self,
                                               gint64                 id);

G_END_DECLS
