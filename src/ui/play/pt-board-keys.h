/* pt-board-keys.h — a board's keys, wherever the focus is in the game view
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  const char *accelerator; /* gtk_shortcut_trigger_parse_string () syntax */
  const char *action;      /* an action of the board, "board.pass" */
  const char *target;      /* its parameter in GVariant text, or NULL */
} PtBoardKey;

void pt_board_keys_install (GtkWidget *board,
                            const PtBoardKey *keys,
                            guint n_keys);
void pt_board_keys_forward (GtkWidget *board,
                            GtkWidget *scope);

G_END_DECLS
