/* pt-lost-cities-board.h — the Lost Cities table on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-board.h"

G_BEGIN_DECLS

#define PT_TYPE_LOST_CITIES_BOARD (pt_lost_cities_board_get_type ())

G_DECLARE_FINAL_TYPE (PtLostCitiesBoard, pt_lost_cities_board, PT, LOST_CITIES_BOARD, PtBoard)

GtkWidget *pt_lost_cities_board_new (PtGame *game);
/* The text describing the last move of the other player, or "". */
const char *pt_lost_cities_board_get_last_move (PtLostCitiesBoard *self);
/* The cards in the air now, in board coordinates (FALSE: none). */
gboolean pt_lost_cities_board_get_flight_bounds (PtLostCitiesBoard *self,
                                                 graphene_rect_t *bounds);

G_END_DECLS
