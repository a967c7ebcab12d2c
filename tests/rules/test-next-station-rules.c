/* test-next-station-rules.c — sections, turns, powers, objectives, scoring
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * These tests drive the plain state with hand-made decks, so every card
 * and every station is known.
 */
#include <string.h>

#include "pt-rules.h"
#include "pt-next-station-score.h"
#include "pt-next-station-state.h"

static const PtStationMap *map;

static guint8
st (int x, int y)
{
  int station = pt_station_map_station_at (map, x, y);

  g_assert_cmpint (station, >=, 0);
  return (guint8) station;
}

/* A solo state: @round1 is the first round's flip order (NULL: the cards
 * in code order); later rounds use the code order. */
static void
make_state (PtNextStationState *state,
            const char *const *round1,
            const guint8 colours[4],
            gboolean powers_on,
            const guint8 powers[4],
            guint objectives)
{
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 order[1][PT_NS_ROUNDS];

  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    for (guint i = 0; i < PT_NS_N_CARDS; i++)
      {
        int card = r == 0 && round1 ? pt_next_station_card_from_string (round1[i]) : (int) i;

        g_assert_cmpint (card, >=, 0);
        decks[r][i] = (guint8) card;
      }
  memcpy (order[0], colours, PT_NS_ROUNDS);
  pt_next_station_state_init (state, map, 1, (const guint8 (*)[PT_NS_N_CARDS]) decks,
                              (const guint8 (*)[PT_NS_ROUNDS]) order, powers_on, powers, objectives);
}

static PtNextStationAction
section (int fx, int fy, int tx, int ty)
{
  PtNextStationAction action = {
    0,
  };

  action.from = st (fx, fy);
  action.to = st (tx, ty);
  action.from2 = action.to2 = action.circle = PT_STATION_NONE;
  return action;
}

static PtNextStationAction
pass (void)
{
  PtNextStationAction action = {
    0,
  };

  action.pass = TRUE;
  action.from = action.to = action.from2 = action.to2 = action.circle = PT_STATION_NONE;
  return action;
}

static void
play (PtNextStationState *state,
      const PtNextStationAction *action)
{
  g_autoptr(GError) error = NULL;

  pt_next_station_state_apply (state, 0, action, &error);
  g_assert_no_error (error);
}

/* The action is refused with a message containing @message, and the
 * state is untouched. */
static void
refuse (PtNextStationState *state,
        const PtNextStationAction *action,
        const char *message)
{
  g_autoptr(GError) error = NULL;
  PtNextStationState before = *state;

  g_assert_false (pt_next_station_state_apply (state, 0, action, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” does not say “%s”", error->message, message);
  g_assert_true (memcmp (&before, state, sizeof before) == 0);
}

static void
pass_to_round (PtNextStationState *state,
               guint round)
{
  PtNextStationAction p = pass ();

  while (!state->over && state->round < round)
    play (state, &p);
}

static const guint8 green_first[4] = { PT_LINE_GREEN, PT_LINE_PURPLE, PT_LINE_PINK, PT_LINE_BLUE };

static void
test_illegal_sections (void)
{
  static const char *const round1[] = {
    "S:pentagon",
    "S:circle",
    "S:triangle",
    "S:joker",
    "U:circle",
    "U:triangle",
    "U:square",
    "U:pentagon",
    "U:joker",
    "S:square",
    "S:switch",
  };
  PtNextStationState state;
  PtNextStationAction a;

  make_state (&state, round1, green_first, FALSE, NULL, 0);
  g_assert_cmpint (pt_next_station_state_current_player (&state), ==, 0);
  g_assert_cmpuint (state.turn, ==, 1);

  /* Turn 1, a pentagon, from the green departure (3,2). */
  a = section (3, 2, 4, 3);
  refuse (&state, &a, "The station at column 5, row 4 is a triangle; the card asks for a pentagon");
  a = section (3, 2, 3, 9);
  refuse (&state, &a, "would run through the station at column 4, row 7");
  a = section (3, 2, 4, 4);
  refuse (&state, &a, "The stations at column 4, row 3 and at column 5, row 5 are not on one straight line");
  a = section (2, 3, 2, 0);
  refuse (&state, &a, "The station at column 3, row 4 is not an end of your green line");
  a = section (3, 2, 2, 3);
  play (&state, &a);
  /* The first section keeps the departure as an end. */
  g_assert_cmpuint (state.players[0].ends, ==, PT_STATION_BIT (st (3, 2)) | PT_STATION_BIT (st (2, 3)));

  a = section (2, 3, 4, 5); /* turn 2, a circle */
  play (&state, &a);
  g_assert_cmpuint (state.players[0].ends, ==, PT_STATION_BIT (st (3, 2)) | PT_STATION_BIT (st (4, 5)));
  a = section (3, 2, 4, 3); /* turn 3, a triangle */
  play (&state, &a);

  /* Turn 4, a joker. */
  g_assert_cmpuint (state.turn, ==, 4);
  a = section (4, 3, 2, 3);
  refuse (&state, &a, "Your green line already visits the station at column 3, row 4");
  a = section (4, 3, 2, 5);
  refuse (&state, &a, "would cross your section from column 3, row 4 to column 5, row 6");
  a = section (2, 3, 2, 4);
  refuse (&state, &a, "The station at column 3, row 4 is not an end of your green line");
  a = section (4, 5, 2, 5);
  play (&state, &a);

  pass_to_round (&state, 1);
  g_assert_cmpuint (state.round, ==, 1);
  g_assert_cmpint (pt_next_station_state_colour (&state, 0), ==, PT_LINE_PURPLE);
  /* Round 2 (code order: S:circle first): purple departs from (2,5), which
   * the green line visits; its section (2,5)-(4,5) may not be repeated. */
  a = section (2, 5, 4, 5);
  refuse (&state, &a, "The section from column 3, row 6 to column 5, row 6 is already drawn on your green line");
  a = section (2, 5, 0, 7);
  play (&state, &a);
  a = section (2, 5, 1, 4); /* S:triangle */
  play (&state, &a);
  g_assert_cmpuint (state.turn, ==, 3);
  g_assert_cmpuint (state.card, ==, PT_NS_CARD_S_SQUARE);
}

static void
test_switch (void)
{
  static const char *const round1[] = {
    "S:pentagon",
    "S:circle",
    "S:switch",
    "S:triangle",
    "U:circle",
    "U:triangle",
    "U:square",
    "U:pentagon",
    "U:joker",
    "S:square",
    "S:joker",
  };
  static const char *const early[] = {
    "S:switch",
    "S:circle",
    "S:triangle",
    "S:pentagon",
    "U:circle",
    "U:triangle",
    "U:square",
    "U:pentagon",
    "U:joker",
    "S:square",
    "S:joker",
  };
  PtNextStationState state;
  PtNextStationAction a;

  make_state (&state, round1, green_first, FALSE, NULL, 0);
  a = section (3, 2, 2, 3);
  play (&state, &a);
  a = section (2, 3, 4, 5);
  play (&state, &a);
  /* Turn 3: the switch and the triangle after it are one turn. */
  g_assert_cmpuint (state.turn, ==, 3);
  g_assert_true (state.switch_flipped);
  g_assert_true (state.switch_active);
  g_assert_cmpuint (state.card, ==, PT_NS_CARD_S_TRIANGLE);
  /* A branch from (2,3), which is not an end, adds an end. */
  a = section (2, 3, 1, 4);
  play (&state, &a);
  g_assert_cmpuint (state.players[0].ends, ==, PT_STATION_BIT (st (3, 2)) | PT_STATION_BIT (st (4, 5)) | PT_STATION_BIT (st (1, 4)));
  /* A switch turn starting at an end is a normal move. */
  g_assert_cmpuint (state.turn, ==, 4);
  g_assert_false (state.switch_flipped);

  /* On turn 1 the switch only flips the next card. */
  make_state (&state, early, green_first, FALSE, NULL, 0);
  g_assert_cmpuint (state.turn, ==, 1);
  g_assert_true (state.switch_flipped);
  g_assert_false (state.switch_active);
  g_assert_cmpuint (state.card, ==, PT_NS_CARD_S_CIRCLE);
}

static void
test_round_end (void)
{
  static const char *const round1[] = {
    "U:circle",
    "U:triangle",
    "U:square",
    "U:pentagon",
    "U:joker",
    "S:circle",
    "S:triangle",
    "S:square",
    "S:pentagon",
    "S:joker",
    "S:switch",
  };
  PtNextStationState state;
  PtNextStationAction p = pass ();

  make_state (&state, round1, green_first, FALSE, NULL, 0);
  for (guint t = 0; t < 4; t++)
    play (&state, &p);
  /* The 5th underground card is still played, then the round ends. */
  g_assert_cmpuint (state.round, ==, 0);
  g_assert_cmpuint (state.card, ==, PT_NS_CARD_U_JOKER);
  play (&state, &p);
  g_assert_cmpuint (state.round, ==, 1);
  g_assert_cmpuint (state.turn, ==, 1);
  /* Code order: 10 turns (the switch shares a turn). */
  for (guint t = 0; t < 9; t++)
    play (&state, &p);
  g_assert_cmpuint (state.round, ==, 1);
  play (&state, &p);
  g_assert_cmpuint (state.round, ==, 2);
  pass_to_round (&state, PT_NS_ROUNDS);
  g_assert_true (state.over);
  g_assert_cmpint (pt_next_station_state_current_player (&state), ==, -1);
}

static const guint8 powers_green[4][4] = {
  /* purple, blue, pink, green */
  { PT_NS_POWER_JOKER, PT_NS_POWER_CIRCLE, PT_NS_POWER_SWITCH, PT_NS_POWER_DOUBLE },
  { PT_NS_POWER_DOUBLE, PT_NS_POWER_CIRCLE, PT_NS_POWER_SWITCH, PT_NS_POWER_JOKER },
  { PT_NS_POWER_DOUBLE, PT_NS_POWER_CIRCLE, PT_NS_POWER_JOKER, PT_NS_POWER_SWITCH },
  { PT_NS_POWER_DOUBLE, PT_NS_POWER_JOKER, PT_NS_POWER_SWITCH, PT_NS_POWER_CIRCLE },
};

static PtNextStationAction
with_power (PtNextStationAction action,
            guint power)
{
  action.power = (guint8) power;
  return action;
}

static void
test_power_double (void)
{
  static const char *const round1[] = {
    "S:triangle",
    "S:switch",
    "S:joker",
    "U:circle",
    "U:square",
    "U:pentagon",
    "U:triangle",
    "U:joker",
    "S:circle",
    "S:square",
    "S:pentagon",
  };
  PtNextStationState state;
  PtNextStationAction a;
  g_autoptr(GError) error = NULL;

  make_state (&state, round1, green_first, TRUE, powers_green[0], 0);
  a = with_power (section (3, 2, 4, 3), PT_NS_POWER_JOKER);
  refuse (&state, &a, "The power of the green pencil is “double”, not “joker”");
  a = with_power (pass (), PT_NS_POWER_DOUBLE);
  refuse (&state, &a, "needs a section");
  a = with_power (section (3, 2, 4, 3), PT_NS_POWER_DOUBLE);
  a.from2 = st (4, 3);
  a.to2 = st (4, 4);
  refuse (&state, &a, "Second section of the double power: The station at column 5, row 5 is a pentagon");
  a.to2 = st (4, 0);
  play (&state, &a);
  g_assert_cmpuint (state.players[0].ends, ==, PT_STATION_BIT (st (3, 2)) | PT_STATION_BIT (st (4, 0)));
  g_assert_cmpuint (state.players[0].powers_used, ==, 1u << PT_LINE_GREEN);

  /* Turn 2 brings a switch: no branch from (4,3) on the 2nd turn. */
  g_assert_cmpuint (state.turn, ==, 2);
  g_assert_true (state.switch_flipped);
  a = section (4, 3, 5, 3);
  refuse (&state, &a, "a switch on the 1st or 2nd turn of a round does not allow a branch");
  a = with_power (section (4, 0, 5, 0), PT_NS_POWER_DOUBLE);
  a.from2 = st (5, 0);
  a.to2 = st (6, 1);
  refuse (&state, &a, "already used");

  /* After a joker card the second target has the first one's symbol. */
  make_state (&state, (const char *const[]){ "S:joker", "S:switch", "S:triangle", "U:circle", "U:square", "U:pentagon", "U:triangle", "U:joker", "S:circle", "S:square", "S:pentagon" },
              green_first, TRUE, powers_green[0], 0);
  a = with_power (section (3, 2, 3, 1), PT_NS_POWER_DOUBLE); /* (3,1) is a square */
  a.from2 = st (3, 1);
  a.to2 = st (1, 1); /* a pentagon */
  refuse (&state, &a, "The station at column 2, row 2 is a pentagon; the card asks for a square");
  a.to2 = st (2, 0); /* a square */
  g_assert_true (pt_next_station_state_check (&state, 0, &a, &error));
  g_assert_no_error (error);
}

static void
test_power_joker (void)
{
  PtNextStationState state;
  PtNextStationAction a;

  /* Code order: the first card is a circle. */
  make_state (&state, NULL, green_first, TRUE, powers_green[1], 0);
  a = section (3, 2, 4, 3);
  refuse (&state, &a, "the card asks for a circle");
  a = with_power (pass (), PT_NS_POWER_JOKER);
  refuse (&state, &a, "needs a section");
  a = with_power (section (3, 2, 4, 3), PT_NS_POWER_JOKER);
  play (&state, &a);
  g_assert_cmpuint (state.players[0].powers_used, ==, 1u << PT_LINE_GREEN);
  a = with_power (section (4, 3, 4, 4), PT_NS_POWER_JOKER);
  refuse (&state, &a, "already used");

  /* Spent even on a joker card. */
  make_state (&state, (const char *const[]){ "S:joker", "S:switch", "S:triangle", "U:circle", "U:square", "U:pentagon", "U:triangle", "U:joker", "S:circle", "S:square", "S:pentagon" },
              green_first, TRUE, powers_green[1], 0);
  a = with_power (section (3, 2, 4, 3), PT_NS_POWER_JOKER);
  play (&state, &a);
  g_assert_cmpuint (state.players[0].powers_used, ==, 1u << PT_LINE_GREEN);
}

static void
test_power_switch (void)
{
  static const char *const round1[] = {
    "S:pentagon",
    "S:circle",
    "S:triangle",
    "S:square",
    "U:circle",
    "U:triangle",
    "U:square",
    "U:pentagon",
    "U:joker",
    "S:switch",
    "S:joker",
  };
  PtNextStationState state;
  PtNextStationAction a;

  /* On turn 1 it is accepted, does nothing and is spent. */
  make_state (&state, round1, green_first, TRUE, powers_green[2], 0);
  a = with_power (section (3, 2, 2, 3), PT_NS_POWER_SWITCH);
  play (&state, &a);
  g_assert_cmpuint (state.players[0].powers_used, ==, 1u << PT_LINE_GREEN);
  g_assert_cmpuint (state.players[0].ends, ==, PT_STATION_BIT (st (3, 2)) | PT_STATION_BIT (st (2, 3)));

  /* On turn 3 it allows a branch. */
  make_state (&state, round1, green_first, TRUE, powers_green[2], 0);
  a = section (3, 2, 2, 3);
  play (&state, &a);
  a = section (2, 3, 4, 5);
  play (&state, &a);
  a = section (2, 3, 1, 4);
  refuse (&state, &a, "The station at column 3, row 4 is not an end of your green line");
  a = with_power (section (2, 3, 1, 4), PT_NS_POWER_SWITCH);
  play (&state, &a);
  g_assert_cmpuint (__builtin_popcountll (state.players[0].ends), ==, 3);
}

static void
test_power_circle (void)
{
  PtNextStationState state;
  PtNextStationAction a;
  PtNextStationFigures figures;

  make_state (&state, NULL, green_first, TRUE, powers_green[3], 0);
  a = with_power (pass (), PT_NS_POWER_CIRCLE);
  a.circle = st (4, 3);
  refuse (&state, &a, "The station at column 5, row 4 is not on your green line");
  /* With a section, the new station may be circled. */
  a = with_power (section (3, 2, 5, 0), PT_NS_POWER_CIRCLE); /* S:circle */
  a.circle = st (5, 0);
  g_assert_true (pt_next_station_state_check (&state, 0, &a, NULL));
  a = with_power (pass (), PT_NS_POWER_CIRCLE);
  a.circle = st (3, 2);
  play (&state, &a);
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.lines[0].districts, ==, 1);
  g_assert_cmpuint (figures.lines[0].max_in_district, ==, 2);
  a.circle = st (3, 2);
  refuse (&state, &a, "already used");
}

static void
test_powers_off (void)
{
  PtNextStationState state;
  PtNextStationAction a;

  make_state (&state, NULL, green_first, FALSE, NULL, 0);
  a = with_power (section (3, 2, 4, 3), PT_NS_POWER_JOKER);
  refuse (&state, &a, "Pencil powers are not in play");
}

/* Objectives, on hand-drawn sheets. */
static void
test_objectives (void)
{
  PtNextStationState state;
  PtNextStationFigures figures;
  PtNextStationPlayer *sheet;
  guint all = (1u << PT_NS_N_OBJECTIVES) - 1;
  guint n, s;

  make_state (&state, NULL, green_first, FALSE, NULL, all);
  sheet = &state.players[0];
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met, ==, 0);

  sheet->line_stations[PT_LINE_PURPLE] = map->tourist_sites;
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met, ==, 1u << PT_NS_OBJECTIVE_ALL_TOURIST);
  sheet->line_stations[PT_LINE_PURPLE] &= ~PT_STATION_BIT (st (9, 6));
  sheet->line_stations[PT_LINE_PURPLE] |= map->district_stations[map->central_district];
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met, ==, 1u << PT_NS_OBJECTIVE_CENTRAL_9);

  sheet->line_stations[PT_LINE_PURPLE] = 0;
  for (guint d = 0; d + 1 < map->n_districts; d++)
    sheet->line_stations[PT_LINE_PURPLE] |= map->district_stations[d] & -map->district_stations[d];
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met & (1u << PT_NS_OBJECTIVE_ALL_DISTRICTS), ==, 0);
  sheet->line_stations[PT_LINE_PURPLE] |= map->district_stations[map->n_districts - 1];
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met, ==, 1u << PT_NS_OBJECTIVE_ALL_DISTRICTS);

  /* 7, then 8 stations on two lines. */
  sheet->line_stations[PT_LINE_PURPLE] = 0xff;
  sheet->line_stations[PT_LINE_BLUE] = 0x7f;
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.interchanges[0], ==, 7);
  g_assert_cmpuint (figures.objectives_met & (1u << PT_NS_OBJECTIVE_INTERCHANGES_8), ==, 0);
  sheet->line_stations[PT_LINE_BLUE] = 0xff;
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met & (1u << PT_NS_OBJECTIVE_INTERCHANGES_8), !=, 0);
  /* Counts of 3- and 4-line interchanges are exact. */
  sheet->line_stations[PT_LINE_PINK] = 0x0f;
  sheet->line_stations[PT_LINE_GREEN] = 0x03;
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.interchanges[0], ==, 4);
  g_assert_cmpuint (figures.interchanges[1], ==, 2);
  g_assert_cmpuint (figures.interchanges[2], ==, 2);

  /* 5, then 6 Thames crossings over the lines. */
  for (n = 0, s = 0; s < map->n_sections && n < 5; s++)
    if (map->sections[s].thames)
      {
        pt_section_set_add (&sheet->line_sections[n % 2 ? PT_LINE_BLUE : PT_LINE_PINK], s);
        n++;
      }
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met & (1u << PT_NS_OBJECTIVE_THAMES_6), ==, 0);
  for (; s < map->n_sections && !map->sections[s].thames; s++)
    ;
  pt_section_set_add (&sheet->line_sections[PT_LINE_GREEN], s);
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met & (1u << PT_NS_OBJECTIVE_THAMES_6), !=, 0);

  /* Only the objectives in play count. */
  state.objectives = 1u << PT_NS_OBJECTIVE_ALL_TOURIST;
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.objectives_met, ==, 0);
}

static void
test_line_figures (void)
{
  static const char *const round1[] = {
    "S:pentagon",
    "S:circle",
    "S:triangle",
    "S:joker",
    "U:circle",
    "U:triangle",
    "U:square",
    "U:pentagon",
    "U:joker",
    "S:square",
    "S:switch",
  };
  PtNextStationState state;
  PtNextStationAction a;
  PtNextStationFigures figures;
  PtNextStationTotals totals;

  make_state (&state, round1, green_first, FALSE, NULL, 0);
  pt_next_station_state_figures (&state, 0, &figures);
  pt_next_station_totals (&figures, &totals);
  /* A line that never left its departure station scores 1. */
  g_assert_cmpint (totals.lines[0], ==, 1);
  g_assert_false (figures.lines[1].played);

  a = section (3, 2, 2, 3);
  play (&state, &a);
  a = section (2, 3, 4, 5);
  play (&state, &a);
  a = section (3, 2, 4, 3);
  play (&state, &a);
  a = section (4, 5, 2, 5); /* crosses the Thames */
  play (&state, &a);
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.lines[0].districts, ==, 3);
  g_assert_cmpuint (figures.lines[0].max_in_district, ==, 2);
  g_assert_cmpuint (figures.lines[0].thames, ==, 1);
  pt_next_station_totals (&figures, &totals);
  g_assert_cmpint (totals.lines[0], ==, 3 * 2 + 2);

  /* Round 2's purple line starts at (2,5): an interchange. */
  pass_to_round (&state, 1);
  pt_next_station_state_figures (&state, 0, &figures);
  g_assert_cmpuint (figures.interchanges[0], ==, 1);
  pt_next_station_totals (&figures, &totals);
  g_assert_cmpint (totals.interchanges, ==, 2);
  g_assert_cmpint (totals.total, ==, 8 + 1 + 2);
}

static void
test_rulebook_examples (void)
{
  PtNextStationFigures figures = {
    0,
  };
  PtNextStationTotals totals;
  static const guint8 lines[4][3] = { { 6, 3, 1 }, { 4, 4, 0 }, { 9, 3, 1 }, { 5, 4, 1 } };

  /* The seed text's line: 6 districts × 3 + 1 crossing × 2. */
  g_assert_cmpint (pt_next_station_line_score (6, 3, 1), ==, 20);

  for (guint r = 0; r < 4; r++)
    {
      figures.lines[r].played = TRUE;
      figures.lines[r].districts = lines[r][0];
      figures.lines[r].max_in_district = lines[r][1];
      figures.lines[r].thames = lines[r][2];
    }
  figures.tourist_visits = 7;
  figures.interchanges[0] = 9;
  pt_next_station_totals (&figures, &totals);
  g_assert_cmpint (totals.lines[0] + totals.lines[1] + totals.lines[2] + totals.lines[3], ==, 87);
  g_assert_cmpint (totals.tourist, ==, 14);
  g_assert_cmpint (totals.interchanges, ==, 18);
  g_assert_cmpint (totals.total, ==, 119);
  g_assert_cmpint (totals.best_line, ==, 29);
}

static void
test_tracks_and_ties (void)
{
  PtNextStationTotals totals[3] = { { .total = 100, .best_line = 30 },
                                    { .total = 100, .best_line = 35 },
                                    { .total = 99, .best_line = 50 } };
  const guint four[3] = { 0, 0, 1 }, mixed[3] = { 2, 1, 1 };

  g_assert_cmpint (pt_next_station_tourist_score (0), ==, 0);
  g_assert_cmpint (pt_next_station_tourist_score (3), ==, 4);
  g_assert_cmpint (pt_next_station_tourist_score (10), ==, 25);
  g_assert_cmpint (pt_next_station_tourist_score (14), ==, 25);
  g_assert_cmpint (pt_next_station_interchange_score (four), ==, 9);
  g_assert_cmpint (pt_next_station_interchange_score (mixed), ==, 2 * 2 + 5 + 9);

  g_assert_cmpuint (pt_next_station_winners (totals, 3), ==, 1u << 1);
  totals[0].best_line = 35;
  g_assert_cmpuint (pt_next_station_winners (totals, 3), ==, (1u << 0) | (1u << 1));

  g_assert_cmpuint (pt_next_station_solo_band (90, 0), ==, 0);
  g_assert_cmpuint (pt_next_station_solo_band (91, 0), ==, 1);
  g_assert_cmpuint (pt_next_station_solo_band (105, 0), ==, 1);
  g_assert_cmpuint (pt_next_station_solo_band (106, 0), ==, 2);
  g_assert_cmpuint (pt_next_station_solo_band (150, 0), ==, 4);
  g_assert_cmpuint (pt_next_station_solo_band (151, 0), ==, 5);
  g_assert_cmpuint (pt_next_station_solo_band (111, 2), ==, 1);
  g_assert_cmpstr (pt_next_station_solo_band_label (0), ==, "Last stop");
  g_assert_cmpstr (pt_next_station_solo_band_label (5), ==, "Underground expert");
}

static JsonNode *
score_sheet (const char *text,
             GError **error)
{
  g_autoptr(JsonNode) sheet = pt_json_parse (text, NULL);

  g_assert_nonnull (sheet);
  return pt_rules_score_sheet (sheet, error);
}

#define LINES_119 "[{\"districts\": 6, \"max_in_district\": 3, \"thames\": 1}," \
                  " {\"districts\": 4, \"max_in_district\": 4, \"thames\": 0}," \
                  " {\"districts\": 9, \"max_in_district\": 3, \"thames\": 1}," \
                  " {\"districts\": 5, \"max_in_district\": 4, \"thames\": 1}]"

static void
test_score_sheet (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;
  JsonObject *object;
  JsonObject *player;

  result = score_sheet ("{\"game\": \"next-station-london\", \"players\": [{\"name\": \"Ana\","
                        " \"lines\": " LINES_119 ", \"tourist_visits\": 7,"
                        " \"interchanges\": {\"2\": 9, \"3\": 0, \"4\": 0}}]}",
                        &error);
  g_assert_no_error (error);
  object = json_node_get_object (result);
  player = json_array_get_object_element (json_object_get_array_member (object, "players"), 0);
  g_assert_cmpint (json_object_get_int_member (player, "total"), ==, 119);
  g_assert_cmpint (json_object_get_int_member (player, "tourist_score"), ==, 14);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "scores"), 0), ==, 119);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (object, "solo_rating"),
                                               "band"),
                   ==, 2);
  g_clear_pointer (&result, json_node_unref);

  /* Two players, objectives: 119 + 10 against 119 + 10 with a better best line. */
  result = score_sheet ("{\"game\": \"next-station-london\", \"objectives\": true, \"players\": ["
                        "{\"lines\": " LINES_119 ", \"tourist_visits\": 12,"
                        " \"interchanges\": {\"2\": 9}, \"objectives_met\": 1},"
                        "{\"lines\": [{\"districts\": 13, \"max_in_district\": 9, \"thames\": 0},"
                        " {\"districts\": 1, \"max_in_district\": 1, \"thames\": 0},"
                        " {\"districts\": 1, \"max_in_district\": 1, \"thames\": 0},"
                        " {\"districts\": 1, \"max_in_district\": 1, \"thames\": 0}],"
                        " \"tourist_visits\": 0, \"interchanges\": {}}]}",
                        &error);
  g_assert_no_error (error);
  object = json_node_get_object (result);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "scores"), 0), ==,
                   87 + 25 + 18 + 10);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "scores"), 1), ==,
                   117 + 3);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "winners"), 0), ==, 0);
  g_assert_false (json_object_has_member (object, "solo_rating"));
}

static void
test_score_sheet_invalid (void)
{
  static const struct
  {
    const char *lines;
    const char *extra;
    const char *message;
  } cases[] = {
    { "{\"districts\": 14, \"max_in_district\": 3, \"thames\": 1}", "", "Districts the line reaches = 14 is impossible" },
    { "{\"districts\": 6, \"max_in_district\": 10, \"thames\": 1}", "", "Most stations in one district = 10 is impossible" },
    { "{\"districts\": 6, \"max_in_district\": 3, \"thames\": -1}", "", "Thames crossings = -1 is impossible" },
    { "{\"districts\": 6, \"max_in_district\": 3, \"thames\": 25}", "", "Thames crossings = 25 is impossible" },
    { "{\"districts\": 0, \"max_in_district\": 3, \"thames\": 1}", "", "Districts the line reaches = 0 is impossible" },
    { "{\"districts\": 6, \"max_in_district\": 3, \"thames\": 1}", ", \"objectives_met\": 1", "Shared objectives met = 1 is impossible" },
    { "{\"districts\": 6, \"max_in_district\": 3}", "", "Thames crossings must be a whole number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strdup_printf (
          "{\"game\": \"next-station-london\", \"players\": [{\"name\": \"Ana\", \"lines\": [%s,"
          " {\"districts\": 1, \"max_in_district\": 1, \"thames\": 0},"
          " {\"districts\": 1, \"max_in_district\": 1, \"thames\": 0},"
          " {\"districts\": 1, \"max_in_district\": 1, \"thames\": 0}], \"tourist_visits\": 3,"
          " \"interchanges\": {\"2\": 1}%s}]}",
          cases[i].lines, cases[i].extra);
      g_autoptr(JsonNode) result = score_sheet (text, &error);

      g_assert_null (result);
      g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET);
      if (strstr (error->message, cases[i].message) == NULL || strstr (error->message, "Ana") == NULL)
        g_error ("“%s” does not say “%s”", error->message, cases[i].message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  map = pt_station_map_get_london ();

  g_test_add_func ("/rules/next-station/sections/illegal", test_illegal_sections);
  g_test_add_func ("/rules/next-station/sections/switch", test_switch);
  g_test_add_func ("/rules/next-station/turns/round-end", test_round_end);
  g_test_add_func ("/rules/next-station/powers/double", test_power_double);
  g_test_add_func ("/rules/next-station/powers/joker", test_power_joker);
  g_test_add_func ("/rules/next-station/powers/switch", test_power_switch);
  g_test_add_func ("/rules/next-station/powers/circle", test_power_circle);
  g_test_add_func ("/rules/next-station/powers/off", test_powers_off);
  g_test_add_func ("/rules/next-station/score/objectives", test_objectives);
  g_test_add_func ("/rules/next-station/score/line-figures", test_line_figures);
  g_test_add_func ("/rules/next-station/score/rulebook-examples", test_rulebook_examples);
  g_test_add_func ("/rules/next-station/score/tracks-and-ties", test_tracks_and_ties);
  g_test_add_func ("/rules/next-station/sheet/scores", test_score_sheet);
  g_test_add_func ("/rules/next-station/sheet/invalid", test_score_sheet_invalid);
  return g_test_run ();
}
