/* pt-next-station-score.h — scoring Next Station, for play and for sheets
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Scoring works on "figures" — per line D (districts), M (most stations in
 * one district) and T (Thames crossings), tourist visits, interchange
 * counts, objectives met — which a digital game derives from its state
 * (pt_next_station_state_figures()) and the companion score sheet reads
 * from what the players wrote down. Both then go through the same
 * pt_next_station_totals(), so the two modes can never disagree.
 */
#pragma once

#include "pt-next-station-state.h"

G_BEGIN_DECLS

#define PT_NS_OBJECTIVE_POINTS    10
#define PT_NS_SOLO_MODULE_PENALTY 10
#define PT_NS_N_SOLO_BANDS        6

typedef struct
{
  guint8 played;          /* the line exists (its round has begun) */
  guint8 colour;          /* PtLineColour; PT_N_LINE_COLOURS on a sheet */
  guint8 districts;       /* D */
  guint8 max_in_district; /* M (a circled station counts twice) */
  guint8 thames;          /* T */
  guint8 tourist_sites;   /* tourist sites on the line */
} PtNextStationLineFigures;

typedef struct
{
  PtNextStationLineFigures lines[PT_NS_ROUNDS]; /* in round order */
  guint tourist_visits;                         /* over all lines */
  guint interchanges[3];                        /* stations on exactly 2, 3, 4 lines */
  guint objectives_met;                         /* bit per PtNextStationObjective */
} PtNextStationFigures;

typedef struct
{
  int lines[PT_NS_ROUNDS];
  int tourist;
  int interchanges;
  int objectives;
  int total;
  int best_line; /* the tie-break */
} PtNextStationTotals;

int pt_next_station_line_score (guint districts,
                                guint max_in_district,
                                guint thames);
int pt_next_station_tourist_score (guint visits);
int pt_next_station_interchange_score (const guint counts[3]);
void pt_next_station_totals (const PtNextStationFigures *figures,
                             PtNextStationTotals *totals);
guint pt_next_station_winners (const PtNextStationTotals *totals,
                               guint n_players);

/* Solo: the rating band of @total with @n_modules optional modules used
 * (each costs 10 points for the rating only). */
guint pt_next_station_solo_band (int total,
                                 guint n_modules);
const char *pt_next_station_solo_band_label (guint band);

void pt_next_station_state_figures (const PtNextStationState *state,
                                    guint player,
                                    PtNextStationFigures *figures);

G_END_DECLS
