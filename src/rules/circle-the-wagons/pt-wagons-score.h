/* pt-wagons-score.h — scoring Circle the Wagons
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Scoring happens in two steps so that a town on screen, a town painted
 * cell by cell and counts written down by hand all go through the same
 * code:
 *
 * 1. pt_wagons_tally_town() reads one town into a PtWagonsTally: the
 *    largest group of each terrain, the counts the interactive bonus cards
 *    compare (territories, Mines, Guns, Beer) and the points of every
 *    non-interactive bonus card asked for. A companion score sheet fills
 *    the same struct from the numbers players entered
 *    (pt_wagons_bonus_points() turns a card's counts into points).
 * 2. pt_wagons_score() combines the two tallies with the three bonus cards
 *    in play: interactive bonuses, totals and the winners after the
 *    tie-break (fewer cards in town wins; still tied: shared).
 */
#pragma once

#include <glib.h>

#include "pt-wagons-cards.h"
#include "pt-wagons-town.h"

G_BEGIN_DECLS

typedef struct
{
  int groups[PT_WAGONS_N_TERRAINS];   /* largest edge-connected group */
  int terrains[PT_WAGONS_N_TERRAINS]; /* visible territories per terrain */
  int symbols[PT_WAGONS_N_SYMBOLS];   /* visible symbols */
  int territories;                    /* visible territories */
  int bonus[PT_WAGONS_N_BONUS_KINDS]; /* non-interactive bonus points */
  int cards;                          /* cards in town, covered ones included */
} PtWagonsTally;

typedef struct
{
  PtWagonsBonus bonus[PT_WAGONS_N_BONUS];
  int groups_total[2];
  int bonus_points[2][PT_WAGONS_N_BONUS];
  int total[2];
  int cards[2];
  guint winners; /* bit i: player i */
} PtWagonsScore;

void pt_wagons_tally_town (const PtWagonsTown *town,
                           guint32 bonus_mask,
                           PtWagonsTally *tally);
int pt_wagons_bonus_town (const PtWagonsTown *town,
                          PtWagonsBonus bonus);
int pt_wagons_largest_group (const PtWagonsTown *town,
                             PtWagonsTerrain terrain);
void pt_wagons_score (const PtWagonsBonus bonus[PT_WAGONS_N_BONUS],
                      const PtWagonsTally tallies[2],
                      PtWagonsScore *score);
void pt_wagons_interactive (PtWagonsBonus bonus,
                            const PtWagonsTally tallies[2],
                            int points[2]);
int pt_wagons_boom_or_bust (int mines);
int pt_wagons_wagon_train_run (int length);

G_END_DECLS
