/* pt-wagons-cards.h — the 18 cards of Circle the Wagons, as data
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every card has a front of four territories (a 2×2 grid, each a terrain
 * with one symbol) and a back with a bonus condition. The pairing of fronts
 * and backs is one table (pt-wagons-cards.c) so that a correction to the
 * retail pairing is a data change, not a code change.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PT_WAGONS_N_CARDS  18
#define PT_WAGONS_N_BONUS  3
#define PT_WAGONS_N_CIRCLE 15
#define PT_WAGONS_NO_CARD  0xff

typedef enum
{
  PT_WAGONS_DESERT,
  PT_WAGONS_FOREST,
  PT_WAGONS_MOUNTAINS,
  PT_WAGONS_PLAINS,
  PT_WAGONS_SNOW,
  PT_WAGONS_WATER,
  PT_WAGONS_N_TERRAINS
} PtWagonsTerrain;

typedef enum
{
  PT_WAGONS_BEER,
  PT_WAGONS_COW,
  PT_WAGONS_FORT,
  PT_WAGONS_GUN,
  PT_WAGONS_MINE,
  PT_WAGONS_WAGON,
  PT_WAGONS_N_SYMBOLS
} PtWagonsSymbol;

/* The bonus conditions on the backs, in the order of the cards A1…B9. */
typedef enum
{
  PT_WAGONS_BADLANDS,
  PT_WAGONS_HAPPY_COWS,
  PT_WAGONS_THE_CLEARING,
  PT_WAGONS_CIRCLE_THE_WAGONS,
  PT_WAGONS_SMALLTOWN_CHARM,
  PT_WAGONS_GOLD_COUNTRY,
  PT_WAGONS_PRAIRIE_LIFE,
  PT_WAGONS_COOL_WATER,
  PT_WAGONS_CLAIM_JUMPERS,
  PT_WAGONS_BOOM_OR_BUST,
  PT_WAGONS_WAGON_TRAIN,
  PT_WAGONS_ONE_TOO_MANY,
  PT_WAGONS_BOOTLEGGERS,
  PT_WAGONS_UNDISCOVERED,
  PT_WAGONS_FORTIFIED,
  PT_WAGONS_RIFLES_READY,
  PT_WAGONS_TARGET_PRACTICE,
  PT_WAGONS_THE_HERD,
  PT_WAGONS_N_BONUS_KINDS
} PtWagonsBonus;

/* Quadrant order on the card: top-left, top-right, bottom-left, bottom-right. */
typedef enum
{
  PT_WAGONS_TL,
  PT_WAGONS_TR,
  PT_WAGONS_BL,
  PT_WAGONS_BR,
} PtWagonsQuadrantPos;

typedef struct
{
  guint8 terrain; /* PtWagonsTerrain */
  guint8 symbol;  /* PtWagonsSymbol */
} PtWagonsQuadrant;

typedef struct
{
  const char *id; /* "A1" … "B9" */
  PtWagonsQuadrant quadrants[4];
  PtWagonsBonus bonus; /* the condition on the back */
} PtWagonsCard;

typedef struct
{
  const char *id;          /* "badlands", stable: records and sheets */
  const char *name;        /* English, N_()-marked: translate with _() */
  const char *description; /* English, N_()-marked */
  gboolean interactive;    /* compares both towns */
} PtWagonsBonusInfo;

extern const PtWagonsCard pt_wagons_cards[PT_WAGONS_N_CARDS];
extern const PtWagonsBonusInfo pt_wagons_bonus_info[PT_WAGONS_N_BONUS_KINDS];

int pt_wagons_card_from_id (const char *id);
int pt_wagons_bonus_from_id (const char *id);
int pt_wagons_terrain_from_id (const char *id);
int pt_wagons_symbol_from_id (const char *id);
const char *pt_wagons_terrain_id (PtWagonsTerrain terrain);
const char *pt_wagons_terrain_name (PtWagonsTerrain terrain);
const char *pt_wagons_symbol_id (PtWagonsSymbol symbol);
const char *pt_wagons_symbol_name (PtWagonsSymbol symbol);
PtWagonsQuadrant pt_wagons_card_quadrant (guint card,
                                          gboolean rot180,
                                          PtWagonsQuadrantPos pos);

G_END_DECLS
