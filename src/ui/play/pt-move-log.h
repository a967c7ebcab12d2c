/* pt-move-log.h — every move of a match in words, newest first
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_TYPE_MOVE_LOG (pt_move_log_get_type ())

G_DECLARE_FINAL_TYPE (PtMoveLog, pt_move_log, PT, MOVE_LOG, AdwBin)

GtkWidget *pt_move_log_new (void);
/* Follows @game (its history and its move-applied/move-undone signals);
 * @title heads its moves ("Round 2"), or NULL for a one-round match. */
void pt_move_log_set_game (PtMoveLog *self,
                           PtGame *game,
                           const char *title);
/* Earlier rounds of the match, shown below the current one, each headed
 * by its title; @games and @titles have the same length. */
void pt_move_log_set_earlier_rounds (PtMoveLog *self,
                                     GPtrArray *games,
                                     const char *const *titles);

/* The log's entries, newest first, headings left out (for tests). */
guint pt_move_log_get_n_entries (PtMoveLog *self);
const char *pt_move_log_get_entry (PtMoveLog *self,
                                   guint index);
int pt_move_log_get_entry_player (PtMoveLog *self,
                                  guint index);

/* @content (the board) with the log beside it; on a narrow window the log
 * folds away into a sheet over the board that the returned toggle button
 * (put it in a header) opens and closes. */
GtkWidget *pt_move_log_wrap (PtMoveLog *self,
                             GtkWidget *content,
                             GtkWidget **out_toggle);

G_END_DECLS
