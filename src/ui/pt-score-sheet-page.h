/* pt-score-sheet-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PT_TYPE_SCORE_SHEET_PAGE (pt_score_sheet_page_get_type ())

G_DECLARE_FINAL_TYPE (PtScoreSheetPage, pt_score_sheet_page, PT, SCORE_SHEET_PAGE, AdwBin)

GtkWidget *pt_score_sheet_page_new (void);

G_END_DECLS
