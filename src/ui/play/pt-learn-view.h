/* pt-learn-view.h — "Learn to play": the coach above a game view
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-lesson.h"

G_BEGIN_DECLS

#define PT_TYPE_LEARN_VIEW (pt_learn_view_get_type ())

G_DECLARE_FINAL_TYPE (PtLearnView, pt_learn_view, PT, LEARN_VIEW, AdwBin)

/* A view over @lesson, which has been started. Signals "leave" and
 * "play-again" (the game view's). */
GtkWidget *pt_learn_view_new (PtLesson *lesson);
PtLesson *pt_learn_view_get_lesson (PtLearnView *self);
/* The PtGameView below the coach. */
GtkWidget *pt_learn_view_get_game_view (PtLearnView *self);
/* What the coach says now: the explanation, and the suggested move in
 * words ("" when it is not your turn). */
const char *pt_learn_view_get_text (PtLearnView *self);
const char *pt_learn_view_get_suggestion (PtLearnView *self);

G_END_DECLS
