/* pt-lost-cities-board.h — the Lost Cities table on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_TYPE_LOST_CITIES_BOARD (pt_lost_cities_board_get_type ())

G_DECLARE_FINAL_TYPE (PtLostCitiesBoard, pt_lost_cities_board, PT, LOST_CITIES_BOARD, GtkWidget)

GtkWidget  *pt_lost_cities_board_new        (PtGame *game);
/* Prompt shown to the player ("Choose a card from your hand", …). */
const char *pt_lost_cities_board_get_prompt (PtLostCitiesBoard *self);
/* The text describing the last move of the other player, or "". */
const char *pt_lost_cities_board_get_last_move (PtLostCitiesBoard *self);
/* TRUE while the last move's cards are still travelling. */
gboolean    pt_lost_cities_board_get_animating (PtLostCitiesBoard *self);
/* The cards in the air now, in board coordinates (FALSE: none). */
gboolean    pt_lost_cities_board_get_flight_bounds (PtLostCitiesBoard *self,
                                                    graphene_rect_t   *bounds);
/* Outlines a suggested move (a record move; NULL: none) until the next
 * move: the hand card, its pile and where it draws from (property "hint"). */
void        pt_lost_cities_board_set_hint (PtLostCitiesBoard *self,
                                           JsonNode          *move);

G_END_DECLS
