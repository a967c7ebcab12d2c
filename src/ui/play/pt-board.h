/* pt-board.h — what every game's board has in common
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A board shows one round (a PtGame) from one seat, the viewer, and sends
 * the moves chosen on it to the rules. The shell (game view, replay) only
 * talks to this class: "game", "viewer", "interactive", "animating",
 * "hint", "prompt" and the "move-error" signal.
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-game.h"
#include "pt-session.h"

G_BEGIN_DECLS

#define PT_TYPE_BOARD (pt_board_get_type ())

G_DECLARE_DERIVABLE_TYPE (PtBoard, pt_board, PT, BOARD, GtkWidget)

struct _PtBoardClass
{
  GtkWidgetClass parent_class;

  /* Redraws from the game's view; called when "viewer" or "interactive"
   * change after construction. */
  void (*refresh) (PtBoard *self);
  /* Called before refresh when "viewer" changed; NULL: nothing more. */
  void (*viewer_changed) (PtBoard *self);
  /* "hint" changed (pt_board_get_hint()). */
  void (*hint_changed) (PtBoard *self);
  /* Lands a running motion at once; a click on the board calls it.
   * NULL: the board has no motion. */
  void (*skip_motion) (PtBoard *self);

  gpointer padding[8];
};

PtSession *pt_board_get_session (PtBoard *self);
PtGame *pt_board_get_game (PtBoard *self);
int pt_board_get_viewer (PtBoard *self);
void pt_board_set_viewer (PtBoard *self,
                          int viewer);
gboolean pt_board_get_interactive (PtBoard *self);
void pt_board_set_interactive (PtBoard *self,
                               gboolean interactive);
/* TRUE while the last move is still travelling on the board. */
gboolean pt_board_get_animating (PtBoard *self);
/* A suggested move (a record move; NULL: none), shown until the next move. */
JsonNode *pt_board_get_hint (PtBoard *self);
void pt_board_set_hint (PtBoard *self,
                        JsonNode *move);
/* The hint as an object, or NULL. */
JsonObject *pt_board_get_hint_object (PtBoard *self);
/* What the board asks the viewer to do ("Choose a card from your hand"), or "". */
const char *pt_board_get_prompt (PtBoard *self);

/* For the boards themselves. */
void pt_board_set_animating (PtBoard *self,
                             gboolean animating);
void pt_board_set_prompt (PtBoard *self,
                          const char *prompt);
/* Forgets the hint without redrawing (the board is about to redraw). */
void pt_board_clear_hint (PtBoard *self);
/* Sends @move for @player to the rules; on refusal emits "move-error" with
 * the rules' message and returns FALSE. @player < 0: the game is over. */
gboolean pt_board_request_move (PtBoard *self,
                                int player,
                                JsonNode *move);
/* For a board's dispose: disconnects what the board connected to
 * *@animation (with itself as data) and clears it. The board's children
 * are unparented by PtBoard's own dispose. */
void pt_board_clear_animation (PtBoard *self,
                               gpointer animation);

G_END_DECLS
