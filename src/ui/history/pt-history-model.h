/* pt-history-model.h — the match history as a GListModel that pages
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-history-item.h"
#include "pt-store.h"
#include "pt-store-worker.h"

G_BEGIN_DECLS

#define PT_TYPE_HISTORY_MODEL (pt_history_model_get_type ())
G_DECLARE_FINAL_TYPE (PtHistoryModel, pt_history_model, PT, HISTORY_MODEL, GObject)

PtHistoryModel *pt_history_model_new (void);
/* Starts over with the filters of @query (copied; its paging fields are
 * ignored): asks @worker for the first page; the items change (and
 * "loaded" is emitted) when it arrives. */
void pt_history_model_load (PtHistoryModel *self,
                            PtStoreWorker *worker,
                            const PtHistoryQuery *query);
void pt_history_model_set_pace_widget (PtHistoryModel *self,
                                       GtkWidget *widget);
/* Asks for the next page; FALSE when everything is loaded or a page is
 * already on its way. */
gboolean pt_history_model_load_more (PtHistoryModel *self);
/* Whether a page is on its way. */
gboolean pt_history_model_get_loading (PtHistoryModel *self);
/* Everyone (also archived), as read with the first page, or NULL. */
GPtrArray *pt_history_model_get_players (PtHistoryModel *self);
guint pt_history_model_get_n_matches (PtHistoryModel *self);
gboolean pt_history_model_get_complete (PtHistoryModel *self);
/* The position of the match @id among the items, or -1. */
int pt_history_model_find_match (PtHistoryModel *self,
                                 gint64 id);

G_END_DECLS
