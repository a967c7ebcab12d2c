/* pt-wagons-board.h — the Circle the Wagons table on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-board.h"

G_BEGIN_DECLS

#define PT_TYPE_WAGONS_BOARD (pt_wagons_board_get_type ())

G_DECLARE_FINAL_TYPE (PtWagonsBoard, pt_wagons_board, PT, WAGONS_BOARD, PtBoard)

GtkWidget *pt_wagons_board_new (PtGame *game);
/* What the ghost at the cursor would do ("…would score 23 (+4)"). */
const char *pt_wagons_board_get_preview (PtWagonsBoard *self);

G_END_DECLS
