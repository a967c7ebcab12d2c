/* pt-wagons-lesson.c — the "Learn to play" course of Circle the Wagons
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
ctw_takes (const PtLessonMoment *m)
{
  return pt_lesson_moment_move_string (m, "take") != NULL;
}

static gboolean
ctw_starts (const PtLessonMoment *m)
{
  return pt_lesson_moment_move_string (m, "start") != NULL;
}

static gboolean
ctw_places (const PtLessonMoment *m)
{
  return pt_lesson_moment_move_string (m, "place") != NULL;
}

/* A free card: you place a card after your opponent's move, not yours. */
static gboolean
ctw_free (const PtLessonMoment *m)
{
  return ctw_places (m) && pt_lesson_moment_previous_player (m) != (int) PT_LESSON_YOU && pt_game_get_n_moves (m->game) > 2;
}

static gboolean
ctw_groups (const PtLessonMoment *m)
{
  return ctw_places (m) && m->step >= 4;
}

static gboolean
ctw_bonus (const PtLessonMoment *m)
{
  return m->step >= 7;
}

static gboolean
ctw_cover (const PtLessonMoment *m)
{
  return ctw_places (m) && m->step >= 10;
}

static const PtLessonTopic wagons_topics[] = {
  { "intro", pt_lesson_moment_always,
    N_("This is your first game of Circle the Wagons, against an easy computer. Fifteen cards lie "
       "in a circle; the three in the middle are this game’s bonus cards. On your turn you take "
       "one card of the circle and place it in your town. The coach suggests a move and outlines "
       "it; you may follow it or choose another legal move.") },
    { "start", ctw_starts,
      N_("As the second player you choose where the circle starts: your opponent will take that "
       "card or one after it, clockwise.") },
      { "take", ctw_takes,
        N_("Take any card of the circle, counting clockwise from the start. Every card you skip goes "
       "to your opponent for free, so skipping far is generous.") },
        { "place", ctw_places,
          N_("Place the card in your town: it must cover a cell of your town or touch it along an edge "
       "— a corner alone is not enough. You may turn it upside down, never sideways. The cells "
       "where it may go are marked.") },
          { "free", ctw_free,
            N_("Your opponent skipped these cards, so they are yours for free: you place every one of "
       "them, in circle order, before you take a card. A free card cannot be refused.") },
            { "groups", ctw_groups,
              N_("At the end each terrain scores the size of its largest connected group of that terrain. "
       "A few big groups score more than many small ones.") },
              { "bonus", ctw_bonus,
                N_("Look at the three bonus cards in the middle: they add points — or take them away — for "
       "the symbols and shapes in your town.") },
                { "cover", ctw_cover,
                  N_("Covering your own cells is allowed and often useful: a new card always lies on top, and "
       "only what is visible scores.") },
              };

const PtLessonCourse pt_wagons_lesson = {
  wagons_topics,
  G_N_ELEMENTS (wagons_topics),
  /* What a turn asks for, when no topic fits. */
  N_("Take a card of the circle, or place the card you have."),
      /* Said when the game is over. */
      N_("The game is over. Each terrain scored its largest connected group, and the bonus cards "
     "added or took away their points. On a tie, the town with fewer cards wins."),
  };
