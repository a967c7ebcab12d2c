/* pt-replay-view.h — a finished (or saved) game, move by move
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_TYPE_REPLAY_VIEW (pt_replay_view_get_type ())

G_DECLARE_FINAL_TYPE (PtReplayView, pt_replay_view, PT, REPLAY_VIEW, AdwBin)

/* @record: a partida-record/1 document (as the history stores it), or a
 * partida-match/1 of several rounds: one timeline over every round (each
 * round's deal, then its moves). NULL with @error when a record does not
 * load. Starts at the first deal. */
GtkWidget *pt_replay_view_new (JsonNode *record,
                               GError **error);
/* The step on the timeline (0: the first deal) and the last step. */
guint pt_replay_view_get_step (PtReplayView *self);
guint pt_replay_view_get_n_steps (PtReplayView *self);
/* The round on the board (0-based) and how many the match has. */
guint pt_replay_view_get_round (PtReplayView *self);
guint pt_replay_view_get_n_rounds (PtReplayView *self);
/* Jumps to the deal of @round. */
void pt_replay_view_show_round (PtReplayView *self,
                                guint round);
/* Shows the position at @step of the timeline: in a single game, after
 * @step record moves (0: the deal). */
void pt_replay_view_set_step (PtReplayView *self,
                              guint step);
/* The game at the current step, its move log and the timeline slider. */
PtGame *pt_replay_view_get_game (PtReplayView *self);
GtkWidget *pt_replay_view_get_move_log (PtReplayView *self);
GtkWidget *pt_replay_view_get_timeline (PtReplayView *self);

/* An AdwWindow holding the replay of @record (the widget named "replay",
 * also the window's data "replay-view"),
 * transient for @parent; NULL with @error when the record does not load. */
GtkWidget *pt_replay_window_new (GtkWindow *parent,
                                 JsonNode *record,
                                 const char *title,
                                 GError **error);

G_END_DECLS
