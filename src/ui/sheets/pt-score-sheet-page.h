/* pt-score-sheet-page.h — the Score sheet area (companion mode)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"
#include "pt-sheet-view.h"

G_BEGIN_DECLS

#define PT_TYPE_SCORE_SHEET_PAGE (pt_score_sheet_page_get_type ())

G_DECLARE_FINAL_TYPE (PtScoreSheetPage, pt_score_sheet_page, PT, SCORE_SHEET_PAGE, AdwBin)

GtkWidget *pt_score_sheet_page_new (PtServices *services);
/* Opens a sheet for @game: the unsaved draft if there is one, else a new one. */
void pt_score_sheet_page_open_game (PtScoreSheetPage *self,
                                    const char *game);
/* Opens a saved companion match for editing; saving replaces it. */
gboolean pt_score_sheet_page_edit_match (PtScoreSheetPage *self,
                                         gint64 match_id,
                                         GError **error);
PtSheetView *pt_score_sheet_page_get_sheet_view (PtScoreSheetPage *self);
/* Player names typed on the page, one entry row per seat. */
void pt_score_sheet_page_set_player_name (PtScoreSheetPage *self,
                                          guint seat,
                                          const char *name);
void pt_score_sheet_page_set_n_players (PtScoreSheetPage *self,
                                        guint n_players);
/* The match being edited (0 for a new one). */
gint64 pt_score_sheet_page_get_editing_id (PtScoreSheetPage *self);
/* Saves the match (as the Save button does): checks the sheet (FALSE with
 * @error if it cannot be saved) and queues the save with the store worker;
 * the page opens a fresh sheet (or shows why not) when it is done. */
gboolean pt_score_sheet_page_save (PtScoreSheetPage *self,
                                   GError **error);
/* Writes the draft now instead of after the short delay. */
void pt_score_sheet_page_flush_draft (PtScoreSheetPage *self);

G_END_DECLS
