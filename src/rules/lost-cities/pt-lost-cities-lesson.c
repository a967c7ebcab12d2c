/* pt-lost-cities-lesson.c — the "Learn to play" course of Lost Cities
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
lc_is_wager (const char *card)
{
  return card != NULL && strlen (card) == 2 && card[1] == 'W';
}

/* Expeditions you have started (cards on your side). */
static guint
lc_started (const PtLessonMoment *m)
{
  JsonNode *node = m->view ? json_object_get_member (m->view, "expeditions") : NULL;
  JsonArray *players = node && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  JsonNode *mine = players && json_array_get_length (players) > PT_LESSON_YOU ? json_array_get_element (players, PT_LESSON_YOU) : NULL;
  guint started = 0;

  if (mine == NULL || !JSON_NODE_HOLDS_OBJECT (mine))
    return 0;
  /* Each colour of mine: an object or array with cards; count non-empty. */
  {
    g_autoptr(GList) members = json_object_get_members (json_node_get_object (mine));

    for (GList *l = members; l != NULL; l = l->next)
      {
        JsonNode *colour = json_object_get_member (json_node_get_object (mine), l->data);
        JsonNode *cards = NULL;

        if (JSON_NODE_HOLDS_OBJECT (colour))
          cards = json_object_get_member (json_node_get_object (colour), "cards");
        else if (JSON_NODE_HOLDS_ARRAY (colour))
          cards = colour;
        if (cards != NULL && JSON_NODE_HOLDS_ARRAY (cards) && json_array_get_length (json_node_get_array (cards)) > 0)
          started++;
      }
  }
  return started;
}

static gboolean
lc_plays_wager (const PtLessonMoment *m)
{
  return lc_is_wager (pt_lesson_moment_move_string (m, "play"));
}

static gboolean
lc_plays (const PtLessonMoment *m)
{
  return pt_lesson_moment_move_string (m, "play") != NULL && !lc_plays_wager (m);
}

static gboolean
lc_discards (const PtLessonMoment *m)
{
  return pt_lesson_moment_move_string (m, "discard") != NULL;
}

static gboolean
lc_draws_pile (const PtLessonMoment *m)
{
  const char *draw = pt_lesson_moment_move_string (m, "draw");

  return draw != NULL && strcmp (draw, "deck") != 0;
}

static gboolean
lc_cost (const PtLessonMoment *m)
{
  return m->step >= 3 && lc_started (m) >= 1;
}

static gboolean
lc_bonus (const PtLessonMoment *m)
{
  return m->step >= 6;
}

static gboolean
lc_deck_low (const PtLessonMoment *m)
{
  return pt_lesson_moment_view_int (m, "deck_count", 99) <= 10;
}

static const PtLessonTopic lost_cities_topics[] = {
  { "intro", pt_lesson_moment_always,
    N_("This is your first game of Lost Cities, against an easy computer. You lead up to five "
       "expeditions, one per colour; your hand is at the bottom of the table. Each turn has two "
       "steps: play one card, then draw one. The coach suggests a move and outlines it on the "
       "table; you may follow it or choose another legal move.") },
    { "expedition", lc_plays,
      N_("Playing a card puts it on your expedition of its colour. In an expedition the numbers "
       "must rise: after a 5 only a 6 or higher may follow, so low cards go first. Gaps are "
       "allowed.") },
      { "wager", lc_plays_wager,
        N_("The handshake cards are wagers. A wager may only start an expedition, before its first "
       "number, and it multiplies the expedition’s result: one wager doubles it, two triple it "
       "— losses too.") },
        { "discard", lc_discards,
          N_("A card you cannot use goes face up on the discard pile of its colour. Your opponent may "
       "take it from there, so think about what you give away.") },
          { "draw-pile", lc_draws_pile,
            N_("After playing you draw: from the deck, or the top card of any discard pile — but never "
       "the card you have just discarded.") },
            { "cost", lc_cost,
              N_("Every expedition you start costs 20 points: it scores the sum of its numbers minus 20. "
       "Start only the colours you can take well beyond 20; an expedition you never start costs "
       "nothing.") },
              { "bonus", lc_bonus,
                N_("An expedition of eight cards or more earns 20 extra points, added after the wagers "
       "multiply its result.") },
                { "deck", lc_deck_low,
                  N_("The round ends the moment the last card of the deck is drawn. Drawing from a discard "
       "pile keeps the game going — useful while you still have good cards to play.") },
              };

const PtLessonCourse pt_lost_cities_lesson = {
  lost_cities_topics,
  G_N_ELEMENTS (lost_cities_topics),
  /* What a turn asks for, when no topic fits. */
  N_("Play one card — on your expedition or on its discard pile — then draw one."),
      /* Said when the game is over. */
      N_("The game is over. Each expedition you started scored the sum of its numbers minus 20, "
     "times one plus its wagers, and 20 more with eight cards or more. The result shows every "
     "expedition; you can replay the game from the history of a real match."),
  };
