/* pt-wagons-board.h — the Circle the Wagons table on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_TYPE_WAGONS_BOARD (pt_wagons_board_get_type ())

G_DECLARE_FINAL_TYPE (PtWagonsBoard, pt_wagons_board, PT, WAGONS_BOARD, GtkWidget)

GtkWidget  *pt_wagons_board_new         (PtGame        *game);
const char *pt_wagons_board_get_prompt  (PtWagonsBoard *self);
/* What the ghost at the cursor would do ("…would score 23 (+4)"). */
const char *pt_wagons_board_get_preview (PtWagonsBoard *self);
/* TRUE while the last move's card is still travelling. */
gboolean    pt_wagons_board_get_animating (PtWagonsBoard *self);
/* Shows a suggested move (a record move; NULL: none) until the next move:
 * the card to take outlined, or the ghost at the placement (property "hint"). */
void        pt_wagons_board_set_hint    (PtWagonsBoard *self,
                                         JsonNode      *move);

G_END_DECLS
