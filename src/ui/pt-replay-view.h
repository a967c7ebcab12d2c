/* pt-replay-view.h — a finished (or saved) game, move by move
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PT_TYPE_REPLAY_VIEW (pt_replay_view_get_type ())

G_DECLARE_FINAL_TYPE (PtReplayView, pt_replay_view, PT, REPLAY_VIEW, AdwBin)

/* @record: a partida-record/1 document (as the history stores it). NULL
 * with @error when the record does not load. Starts at the first move. */
GtkWidget *pt_replay_view_new        (JsonNode      *record,
                                      GError       **error);
guint      pt_replay_view_get_step   (PtReplayView  *self);
guint      pt_replay_view_get_n_steps (PtReplayView *self);
/* Shows the position after @step record moves (0: the deal). */
void       pt_replay_view_set_step   (PtReplayView  *self,
                                      guint          step);

G_END_DECLS
