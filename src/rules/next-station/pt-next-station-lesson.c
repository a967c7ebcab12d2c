/* pt-next-station-lesson.c — the "Learn to play" course of Next Station: London
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The topics the coach explains (src/session/pt-lesson.c), each when its
 * moment comes; the game's class points to the course.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pt-lesson-course.h"

static gboolean
ns_section (const PtLessonMoment *m)
{
  return m->suggestion != NULL && json_object_has_member (m->suggestion, "to");
}

static gboolean
ns_pass (const PtLessonMoment *m)
{
  return m->suggestion != NULL && json_object_has_member (m->suggestion, "pass");
}

static gboolean
ns_joker (const PtLessonMoment *m)
{
  const char *card = pt_lesson_moment_view_string (m, "card");

  return card != NULL && g_str_has_suffix (card, ":joker");
}

static gboolean
ns_switch (const PtLessonMoment *m)
{
  gboolean branch = FALSE;

  if (m->view != NULL && json_object_has_member (m->view, "branch_allowed"))
    branch = json_object_get_boolean_member (m->view, "branch_allowed");
  return branch;
}

static gboolean
ns_crossing (const PtLessonMoment *m)
{
  return m->step >= 3;
}

static gboolean
ns_underground (const PtLessonMoment *m)
{
  return pt_lesson_moment_view_int (m, "underground_flipped", 0) >= 3;
}

static gboolean
ns_scoring (const PtLessonMoment *m)
{
  return pt_lesson_moment_view_int (m, "round", 1) >= 2;
}

static gboolean
ns_extras (const PtLessonMoment *m)
{
  return pt_lesson_moment_view_int (m, "round", 1) >= 3;
}

static const PtLessonTopic next_station_topics[] = {
  { "intro", pt_lesson_moment_always,
    N_("This is your first game of Next Station: London, against an easy computer. Over four "
       "rounds you draw four underground lines, one colour each, starting from that colour’s "
       "departure station. Each turn a station card is turned over and everybody may draw one "
       "section for it. The coach suggests a section and draws it faintly on the map; you may "
       "follow it or choose another.") },
    { "section", ns_section,
      N_("Draw one straight section — across, down or diagonal — from an end of your line to the "
       "nearest station in that direction with the card’s symbol. The stations you can reach "
       "are marked.") },
      { "joker", ns_joker,
        N_("A joker card matches any symbol, and the Central Station (?) matches any card.") },
        { "switch", ns_switch,
          N_("The switch card: another card is turned over at once, and this section may start from "
       "any station of your line, not only its ends — a branch.") },
          { "pass", ns_pass,
            N_("When no section fits the card, or none is worth it, you pass: passing is always "
       "allowed.") },
            { "crossing", ns_crossing,
              N_("Sections never cross one another, not even those of other colours, and a line never "
       "visits a station twice: keep room to grow.") },
              { "underground", ns_underground,
                N_("The round ends on the turn the fifth underground card (pink and yellow back) is turned "
       "over; that card is still played.") },
                { "scoring", ns_scoring,
                  N_("A line scores the number of districts it visits times the most stations it has in one "
       "district, plus 2 for each crossing of the Thames.") },
                  { "extras", ns_extras,
                    N_("At the end of the game the tourist sites your lines visited and the stations where your "
       "lines meet add points of their own.") },
                };

const PtLessonCourse pt_next_station_lesson = {
  next_station_topics,
  G_N_ELEMENTS (next_station_topics),
  /* What a turn asks for, when no topic fits. */
  N_("Draw one section for the card turned over, or pass."),
      /* Said when the game is over. */
      N_("The game is over. Your four lines scored their districts times their best district plus "
     "the Thames crossings; the tourist sites and the stations where your lines meet added the "
     "rest."),
  };
