/* pt-next-station-sheet-view.h — the Next Station: London score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-sheet-view.h"

G_BEGIN_DECLS

#define PT_TYPE_NEXT_STATION_SHEET_VIEW (pt_next_station_sheet_view_get_type ())
G_DECLARE_FINAL_TYPE (PtNextStationSheetView, pt_next_station_sheet_view, PT, NEXT_STATION_SHEET_VIEW, PtSheetView)

GtkWidget *pt_next_station_sheet_view_new (void);
/* @what: "districts", "max_in_district", "thames" (with @line 0–3), or
 * "tourist_visits", "2", "3", "4" (interchanges), "objectives_met". */
GtkSpinButton *pt_next_station_sheet_view_get_spin (PtNextStationSheetView *self,
                                                    guint player,
                                                    int line,
                                                    const char *what);
GtkSwitch *pt_next_station_sheet_view_get_module_switch (PtNextStationSheetView *self,
                                                         const char *module);
GtkLabel *pt_next_station_sheet_view_get_total_label (PtNextStationSheetView *self,
                                                      guint player);
GtkLabel *pt_next_station_sheet_view_get_line_label (PtNextStationSheetView *self,
                                                     guint player,
                                                     guint line);
GtkLabel *pt_next_station_sheet_view_get_solo_label (PtNextStationSheetView *self);

G_END_DECLS
