/* pt-board-spot.h — one thing on a drawn board that a person acts on
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PT_TYPE_BOARD_SPOT (pt_board_spot_get_type ())

G_DECLARE_FINAL_TYPE (PtBoardSpot, pt_board_spot, PT, BOARD_SPOT, GtkWidget)

GtkWidget *pt_board_spot_new (GtkAccessibleRole role);
void pt_board_spot_set_name (PtBoardSpot *self,
                             const char *name);
const char *pt_board_spot_get_name (PtBoardSpot *self);

G_END_DECLS
