/* pt-next-station-board.h — the Next Station: London sheet on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-board.h"

G_BEGIN_DECLS

#define PT_TYPE_NEXT_STATION_BOARD (pt_next_station_board_get_type ())

G_DECLARE_FINAL_TYPE (PtNextStationBoard, pt_next_station_board, PT, NEXT_STATION_BOARD, PtBoard)

GtkWidget *pt_next_station_board_new (PtGame *game);
/* How many sections of the other players' lines of this round the map
 * drew last time, and whether the last section of one of them was
 * among them, highlighted. */
guint pt_next_station_board_get_others_drawn (PtNextStationBoard *self,
                                              gboolean *last_move_drawn);

G_END_DECLS
