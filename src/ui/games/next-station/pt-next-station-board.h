/* pt-next-station-board.h — the Next Station: London sheet on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_TYPE_NEXT_STATION_BOARD (pt_next_station_board_get_type ())

G_DECLARE_FINAL_TYPE (PtNextStationBoard, pt_next_station_board, PT, NEXT_STATION_BOARD, GtkWidget)

GtkWidget  *pt_next_station_board_new        (PtGame             *game);
const char *pt_next_station_board_get_prompt (PtNextStationBoard *self);
/* How many sections of the other players' lines of this round the map
 * drew last time, and whether the last section of one of them was
 * among them, highlighted. */
guint       pt_next_station_board_get_others_drawn (PtNextStationBoard *self,
                                                    gboolean           *last_move_drawn);
/* TRUE while the last section is still being drawn. */
gboolean    pt_next_station_board_get_animating (PtNextStationBoard *self);
/* Draws a suggested action (a record move; NULL: none) on the map until
 * the next move (property "hint"). */
void        pt_next_station_board_set_hint (PtNextStationBoard *self,
                                            JsonNode           *move);

G_END_DECLS
