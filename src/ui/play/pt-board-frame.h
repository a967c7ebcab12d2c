/* pt-board-frame.h — a board with its move log beside it or, on a narrow
 * window, in a bottom sheet over it
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PT_TYPE_BOARD_FRAME (pt_board_frame_get_type ())

G_DECLARE_FINAL_TYPE (PtBoardFrame, pt_board_frame, PT, BOARD_FRAME, GtkWidget)

GtkWidget *pt_board_frame_new (GtkWidget *content,
                               GtkWidget *log);
/* TRUE when the window is too narrow for the log beside the content. */
gboolean pt_board_frame_get_folded (PtBoardFrame *self);
/* Whether the folded log's sheet is open (it always shows unfolded). */
gboolean pt_board_frame_get_reveal_log (PtBoardFrame *self);
void pt_board_frame_set_reveal_log (PtBoardFrame *self,
                                    gboolean reveal);

G_END_DECLS
