/* pt-lesson.h — "Learn to play": a guided first game
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A PtLesson is a PtSession on a fixed deal (the same every time) between
 * you (seat 0, a person, named as the caller says) and an easy computer, with a coach beside it:
 * at each of your turns it suggests a move (the medium computer's choice,
 * with its reason) and explains the rule that matters now, one topic at a
 * time, in our own words. Nothing is saved to the history. The moves go
 * through the session and the rules like any game; the lesson only reads
 * the game's public view and its legal moves. No GTK here.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pt-session.h"

G_BEGIN_DECLS

#define PT_TYPE_LESSON (pt_lesson_get_type ())

G_DECLARE_FINAL_TYPE (PtLesson, pt_lesson, PT, LESSON, GObject)

/* Whether there is a lesson for @game_id. */
gboolean pt_lesson_supports (const char *game_id);
/* A new lesson for @game_id, its session set up but not started. */
PtLesson *pt_lesson_new (const char *game_id,
                         GError **error);
/* Starts the session on the fixed deal and the coaching. */
gboolean pt_lesson_start (PtLesson *self,
                          GError **error);
/* Your name in the lesson (default "Player 1"; ignored when empty or
 * the computer's); before pt_lesson_start(). */
void pt_lesson_set_player_name (PtLesson *self,
                                const char *name);
/* How long the computer's moves stay announced (see
 * pt_session_set_computer_delay; default 450 ms). */
void pt_lesson_set_computer_delay (PtLesson *self,
                                   guint ms);
PtSession *pt_lesson_get_session (PtLesson *self);
const char *pt_lesson_get_game_id (PtLesson *self);
/* Your seat (always 0). */
guint pt_lesson_get_seat (PtLesson *self);
/* Your turns so far, counting the one being played (1-based; 0 before
 * the first). */
guint pt_lesson_get_step (PtLesson *self);
/* The id of the topic explained now ("intro", "wager", …, "end"), and
 * its text, translated. */
const char *pt_lesson_get_topic (PtLesson *self);
const char *pt_lesson_get_text (PtLesson *self);
/* The move suggested for your turn (a record move, legal now), or NULL
 * when it is not your turn; and why, in the computer's words (or NULL). */
JsonNode *pt_lesson_get_suggestion (PtLesson *self);
const char *pt_lesson_get_reason (PtLesson *self);
/* Every topic of @game_id's lesson, in the order they may come
 * (for tests). */
const char *const *pt_lesson_list_topics (const char *game_id);
/* The topics shown so far, in order. */
const char *const *pt_lesson_get_topics_shown (PtLesson *self);

G_END_DECLS
