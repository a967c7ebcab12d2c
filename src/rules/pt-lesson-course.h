/* pt-lesson-course.h — a game's "Learn to play" course
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The coach (src/session/pt-lesson.c) follows a guided first game and, at
 * each of your turns, explains the first topic of the game's course whose
 * moment has come. A course is data of the game, next to its rules: its
 * class points to it (PtGameClass.lesson), so the session names no game.
 * The conditions read only the public view, the coach's suggestion and the
 * history; whether a move is legal is always the rules' answer.
 */
#pragma once

#include "pt-game.h"

G_BEGIN_DECLS

/* The seat you play in a lesson. */
#define PT_LESSON_YOU 0u

typedef struct
{
  PtGame *game;
  JsonObject *view;       /* your view of the game */
  JsonObject *suggestion; /* the move suggested now */
  guint step;             /* your turns so far, this one included */
} PtLessonMoment;

typedef struct
{
  const char *id;
  gboolean (*when) (const PtLessonMoment *m);
  const char *text; /* marked for translation */
} PtLessonTopic;

struct _PtLessonCourse
{
  const PtLessonTopic *topics; /* in the order they are tried */
  guint n_topics;
  const char *turn; /* marked: what a turn asks for, when no topic fits */
  const char *end;  /* marked: said when the game is over */
};

/* The suggestion's string member @member, or NULL. */
const char *pt_lesson_moment_move_string (const PtLessonMoment *m,
                                          const char *member);
/* The view's integer member @member, or @fallback. */
gint64 pt_lesson_moment_view_int (const PtLessonMoment *m,
                                  const char *member,
                                  gint64 fallback);
const char *pt_lesson_moment_view_string (const PtLessonMoment *m,
                                          const char *member);
/* The player of the move before this one (-1: none). */
int pt_lesson_moment_previous_player (const PtLessonMoment *m);
/* A topic for any moment (the first one of a course). */
gboolean pt_lesson_moment_always (const PtLessonMoment *m);

G_END_DECLS
