/* pt-lesson-course.c — reading a lesson's moment; see pt-lesson-course.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-lesson-course.h"
#include "pt-record.h"

const char *
pt_lesson_moment_move_string (const PtLessonMoment *m,
                              const char *member)
{
  if (m->suggestion == NULL || !json_object_has_member (m->suggestion, member))
    return NULL;
  return pt_json_get_string (json_object_get_member (m->suggestion, member));
}

gint64
pt_lesson_moment_view_int (const PtLessonMoment *m,
                           const char *member,
                           gint64 fallback)
{
  gint64 value;

  if (m->view == NULL || !json_object_has_member (m->view, member) || !pt_json_get_int (json_object_get_member (m->view, member), &value))
    return fallback;
  return value;
}

const char *
pt_lesson_moment_view_string (const PtLessonMoment *m,
                              const char *member)
{
  if (m->view == NULL || !json_object_has_member (m->view, member))
    return NULL;
  return pt_json_get_string (json_object_get_member (m->view, member));
}

int
pt_lesson_moment_previous_player (const PtLessonMoment *m)
{
  guint n = pt_game_get_n_moves (m->game);

  return n > 0 ? (int) pt_game_get_move (m->game, n - 1)->player : -1;
}

gboolean
pt_lesson_moment_always (const PtLessonMoment *m)
{
  return TRUE;
}
