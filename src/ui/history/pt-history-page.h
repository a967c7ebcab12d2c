/* pt-history-page.h — the History area: every match, newest first
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"

#include "pt-history-model.h"
#include "pt-match-view.h"

G_BEGIN_DECLS

#define PT_TYPE_HISTORY_PAGE (pt_history_page_get_type ())

G_DECLARE_FINAL_TYPE (PtHistoryPage, pt_history_page, PT, HISTORY_PAGE, AdwBin)

GtkWidget *pt_history_page_new (PtServices *services);
/* Reads the history again with the filters on screen. */
void pt_history_page_reload (PtHistoryPage *self);
PtHistoryModel *pt_history_page_get_model (PtHistoryPage *self);
/* Opens the page of match @id, or the view of game night @night_id, when
 * the store worker has read it (a failure is told in a toast); a newer
 * request, or Back, cancels an older one. FALSE (with a toast): no store. */
gboolean pt_history_page_show_match (PtHistoryPage *self,
                                     gint64 id);
gboolean pt_history_page_show_night (PtHistoryPage *self,
                                     gint64 night_id);
/* (transfer none) (nullable): the match page on screen */
PtMatchView *pt_history_page_get_match_view (PtHistoryPage *self);
/* Soft-deletes the match on screen with an undo toast (the Delete button). */
gboolean pt_history_page_delete_match (PtHistoryPage *self,
                                       GError **error);
/* What the toast's Undo does. */
gboolean pt_history_page_undo_delete (PtHistoryPage *self,
                                      GError **error);
/* The summary of the night on screen, as "Copy Summary" copies it. */
char *pt_history_page_get_night_summary (PtHistoryPage *self);
/* The changes below are queued to the store worker: TRUE once queued (the
 * page shows the result, or a toast with the failure, when it is done);
 * FALSE with @error for what is refused at once (a date that is not one).
 * The night on screen: new date (YYYY-MM-DD), place and notes (NULL:
 * unchanged); to Recently Deleted with its matches (a toast offers Undo). */
gboolean pt_history_page_update_night (PtHistoryPage *self,
                                       const char *date,
                                       const char *place,
                                       const char *notes,
                                       GError **error);
gboolean pt_history_page_trash_night (PtHistoryPage *self,
                                      GError **error);
/* A match joins another night (0: none). */
gboolean pt_history_page_move_match (PtHistoryPage *self,
                                     gint64 match_id,
                                     gint64 night_id,
                                     GError **error);
gboolean pt_history_page_start_night (PtHistoryPage *self,
                                      const char *date,
                                      const char *place,
                                      const char *const *who,
                                      GError **error);

G_END_DECLS
