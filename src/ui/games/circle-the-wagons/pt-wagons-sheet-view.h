/* pt-wagons-sheet-view.h — the Circle the Wagons score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-sheet-view.h"
#include "pt-wagons-town-painter.h"

G_BEGIN_DECLS

#define PT_TYPE_WAGONS_SHEET_VIEW (pt_wagons_sheet_view_get_type ())
G_DECLARE_FINAL_TYPE (PtWagonsSheetView, pt_wagons_sheet_view, PT, WAGONS_SHEET_VIEW, PtSheetView)

GtkWidget *pt_wagons_sheet_view_new (void);
/* The widgets, for keyboard users' shortcuts and for tests. */
AdwComboRow *pt_wagons_sheet_view_get_bonus_row (PtWagonsSheetView *self,
                                                 guint slot);
/* @what: "cards", a terrain id ("desert"…), "territories", "mines", "guns",
 * "beer", or "BONUS/COUNT" for a bonus card's count ("happy_cows/cows"). */
GtkSpinButton *pt_wagons_sheet_view_get_spin (PtWagonsSheetView *self,
                                              guint player,
                                              const char *what);
GtkEditable *pt_wagons_sheet_view_get_runs_entry (PtWagonsSheetView *self,
                                                  guint player);
GtkLabel *pt_wagons_sheet_view_get_total_label (PtWagonsSheetView *self,
                                                guint player);
GtkLabel *pt_wagons_sheet_view_get_verdict_label (PtWagonsSheetView *self);
PtWagonsTownPainter *pt_wagons_sheet_view_get_painter (PtWagonsSheetView *self,
                                                       guint player);
GtkSwitch *pt_wagons_sheet_view_get_paint_switch (PtWagonsSheetView *self,
                                                  guint player);

G_END_DECLS
