/* pt-lost-cities-sheet-view.h — the Lost Cities score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-sheet-view.h"

G_BEGIN_DECLS

#define PT_TYPE_LOST_CITIES_SHEET_VIEW (pt_lost_cities_sheet_view_get_type ())
G_DECLARE_FINAL_TYPE (PtLostCitiesSheetView, pt_lost_cities_sheet_view, PT, LOST_CITIES_SHEET_VIEW, PtSheetView)

GtkWidget *pt_lost_cities_sheet_view_new (void);

/* For tests and keyboard users: the widgets of one expedition of the round
 * on screen, and the round on screen. */
GtkSpinButton *pt_lost_cities_sheet_view_get_wager_spin (PtLostCitiesSheetView *self,
                                                         guint player,
                                                         guint color);
GtkToggleButton *pt_lost_cities_sheet_view_get_card_toggle (PtLostCitiesSheetView *self,
                                                            guint player,
                                                            guint color,
                                                            guint value);
GtkLabel *pt_lost_cities_sheet_view_get_expedition_label (PtLostCitiesSheetView *self,
                                                          guint player,
                                                          guint color);
GtkLabel *pt_lost_cities_sheet_view_get_total_label (PtLostCitiesSheetView *self,
                                                     guint player);
void pt_lost_cities_sheet_view_set_round (PtLostCitiesSheetView *self,
                                          guint round);
guint pt_lost_cities_sheet_view_get_round (PtLostCitiesSheetView *self);
gboolean pt_lost_cities_sheet_view_add_round (PtLostCitiesSheetView *self);
void pt_lost_cities_sheet_view_set_reading (PtLostCitiesSheetView *self,
                                            const char *reading);
void pt_lost_cities_sheet_view_set_colors (PtLostCitiesSheetView *self,
                                           guint n_colors);

G_END_DECLS
