/* pt-wagons-cards.c — the card table; see pt-wagons-cards.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-wagons-cards.h"

#define Q(t, s)                  \
  {                              \
    PT_WAGONS_##t, PT_WAGONS_##s \
  }

/* The published card set: fronts [TL, TR, BL, BR] and the back. The
 * balance (each terrain and each symbol on exactly 12 of the 72 quadrants)
 * is checked by tests/rules/test-circle-the-wagons-cards.c. */
const PtWagonsCard pt_wagons_cards[PT_WAGONS_N_CARDS] = {
  { "A1", { Q (PLAINS, COW), Q (PLAINS, FORT), Q (PLAINS, MINE), Q (FOREST, BEER) }, PT_WAGONS_BADLANDS },
  { "A2", { Q (MOUNTAINS, FORT), Q (MOUNTAINS, MINE), Q (DESERT, BEER), Q (MOUNTAINS, WAGON) }, PT_WAGONS_HAPPY_COWS },
  { "A3", { Q (WATER, MINE), Q (WATER, BEER), Q (SNOW, WAGON), Q (WATER, GUN) }, PT_WAGONS_THE_CLEARING },
  { "A4", { Q (SNOW, GUN), Q (SNOW, COW), Q (SNOW, FORT), Q (WATER, MINE) }, PT_WAGONS_CIRCLE_THE_WAGONS },
  { "A5", { Q (DESERT, WAGON), Q (DESERT, GUN), Q (DESERT, COW), Q (MOUNTAINS, FORT) }, PT_WAGONS_SMALLTOWN_CHARM },
  { "A6", { Q (FOREST, BEER), Q (FOREST, WAGON), Q (PLAINS, GUN), Q (FOREST, COW) }, PT_WAGONS_GOLD_COUNTRY },
  { "A7", { Q (WATER, GUN), Q (SNOW, MINE), Q (FOREST, MINE), Q (WATER, FORT) }, PT_WAGONS_PRAIRIE_LIFE },
  { "A8", { Q (FOREST, COW), Q (PLAINS, BEER), Q (DESERT, BEER), Q (FOREST, MINE) }, PT_WAGONS_COOL_WATER },
  { "A9", { Q (DESERT, FORT), Q (MOUNTAINS, WAGON), Q (SNOW, WAGON), Q (DESERT, BEER) }, PT_WAGONS_CLAIM_JUMPERS },
  { "B1", { Q (MOUNTAINS, FORT), Q (PLAINS, FORT), Q (SNOW, FORT), Q (DESERT, WAGON) }, PT_WAGONS_BOOM_OR_BUST },
  { "B2", { Q (PLAINS, COW), Q (SNOW, COW), Q (DESERT, BEER), Q (FOREST, COW) }, PT_WAGONS_WAGON_TRAIN },
  { "B3", { Q (SNOW, GUN), Q (DESERT, MINE), Q (FOREST, GUN), Q (WATER, GUN) }, PT_WAGONS_ONE_TOO_MANY },
  { "B4", { Q (SNOW, MINE), Q (WATER, GUN), Q (PLAINS, GUN), Q (SNOW, WAGON) }, PT_WAGONS_BOOTLEGGERS },
  { "B5", { Q (MOUNTAINS, WAGON), Q (DESERT, FORT), Q (WATER, FORT), Q (MOUNTAINS, COW) }, PT_WAGONS_UNDISCOVERED },
  { "B6", { Q (PLAINS, BEER), Q (FOREST, COW), Q (MOUNTAINS, COW), Q (PLAINS, GUN) }, PT_WAGONS_FORTIFIED },
  { "B7", { Q (WATER, MINE), Q (MOUNTAINS, GUN), Q (PLAINS, MINE), Q (SNOW, MINE) }, PT_WAGONS_THE_HERD },
  { "B8", { Q (DESERT, WAGON), Q (FOREST, WAGON), Q (WATER, FORT), Q (MOUNTAINS, WAGON) }, PT_WAGONS_TARGET_PRACTICE },
  { "B9", { Q (FOREST, COW), Q (WATER, BEER), Q (MOUNTAINS, BEER), Q (PLAINS, BEER) }, PT_WAGONS_RIFLES_READY },
};

#undef Q

const PtWagonsBonusInfo pt_wagons_bonus_info[PT_WAGONS_N_BONUS_KINDS] = {
  { "badlands", N_("Badlands"),
                    N_("+4 per Gun with Desert on two opposite sides"), FALSE },
    { "happy_cows", N_("Happy Cows"),
                        N_("+2 per Cow not on and not next to Snow"), FALSE },
      { "the_clearing", N_("The Clearing"),
                            N_("+2 per Fort, −1 per Forest territory"), FALSE },
        { "circle_the_wagons", N_("Circle the Wagons"),
                                   N_("+6 per territory surrounded by four Wagons"), FALSE },
          { "smalltown_charm", N_("Smalltown Charm"),
                                   N_("The player with fewer territories gains the difference"), TRUE },
            { "gold_country", N_("Gold Country"),
                                  N_("+2 per Mine on or next to Mountains"), FALSE },
              { "prairie_life", N_("Prairie Life"),
                                    N_("+1 per two Cows or Plains territories"), FALSE },
                { "cool_water", N_("Cool Water"),
                                    N_("+3 per Wagon on or next to your largest Water group"), FALSE },
                  { "claim_jumpers", N_("Claim Jumpers"),
                                         N_("Most Mines: 9 points; 5 of them go to the player with more Guns"), TRUE },
                    { "boom_or_bust", N_("Boom or Bust"),
                                          N_("Mines: 1–2 score 5 each, 3–6 nothing, 7 score 3 each, 8+ score 8 each"), FALSE },
                      { "wagon_train", N_("Wagon Train"),
                                           N_("Rows of Wagons: 2 → 1, 3 → 2, 4 → 4, 5 → 7, 6+ → 10"), FALSE },
                        { "one_too_many", N_("One Too Many"),
                                              N_("Most Beer loses 1 per Beer of the opponent"), TRUE },
                          { "bootleggers", N_("Bootleggers"),
                                               N_("Per Beer: +2 next to a Wagon, else −1"), FALSE },
                            { "undiscovered", N_("Undiscovered"),
                                                  N_("+5 per empty space surrounded by territories"), FALSE },
                              { "fortified", N_("Fortified"),
                                                 N_("+7 per 2×2 block of Forts"), FALSE },
                                { "rifles_ready", N_("Rifles Ready"),
                                                      N_("+2 per Fort next to a Gun"), FALSE },
                                  { "target_practice", N_("Target Practice"),
                                                           N_("Per Beer: +1 per territory between it and the nearest Gun in line"), FALSE },
                                    { "the_herd", N_("The Herd"),
                                                      N_("+2 per Cow in your largest group of Cows"), FALSE },
                                    };

static const char *const terrain_ids[PT_WAGONS_N_TERRAINS] = {
  "desert",
  "forest",
  "mountains",
  "plains",
  "snow",
  "water",
};
static const char *const terrain_names[PT_WAGONS_N_TERRAINS] = {
  N_("Desert"), N_("Forest"), N_("Mountains"), N_("Plains"), N_("Snow"), N_("Water"),
  };
static const char *const symbol_ids[PT_WAGONS_N_SYMBOLS] = {
  "beer",
  "cow",
  "fort",
  "gun",
  "mine",
  "wagon",
};
static const char *const symbol_names[PT_WAGONS_N_SYMBOLS] = {
  N_("Beer"), N_("Cow"), N_("Fort"), N_("Gun"), N_("Mine"), N_("Wagon"),
  };

/* Ids are case-sensitive: "a1" is not a card. */
int
pt_wagons_card_from_id (const char *id)
{
  for (guint i = 0; id != NULL && i < PT_WAGONS_N_CARDS; i++)
    if (strcmp (pt_wagons_cards[i].id, id) == 0)
      return (int) i;
  return -1;
}

int
pt_wagons_bonus_from_id (const char *id)
{
  for (guint i = 0; id != NULL && i < PT_WAGONS_N_BONUS_KINDS; i++)
    if (strcmp (pt_wagons_bonus_info[i].id, id) == 0)
      return (int) i;
  return -1;
}

static int
lookup (const char *const *ids, guint n, const char *id)
{
  for (guint i = 0; id != NULL && i < n; i++)
    if (strcmp (ids[i], id) == 0)
      return (int) i;
  return -1;
}

int
pt_wagons_terrain_from_id (const char *id)
{
  return lookup (terrain_ids, PT_WAGONS_N_TERRAINS, id);
}

int
pt_wagons_symbol_from_id (const char *id)
{
  return lookup (symbol_ids, PT_WAGONS_N_SYMBOLS, id);
}

const char *
pt_wagons_terrain_id (PtWagonsTerrain terrain)
{
  g_return_val_if_fail (terrain < PT_WAGONS_N_TERRAINS, NULL);
  return terrain_ids[terrain];
}

const char *
pt_wagons_terrain_name (PtWagonsTerrain terrain)
{
  g_return_val_if_fail (terrain < PT_WAGONS_N_TERRAINS, NULL);
  return terrain_names[terrain];
}

const char *
pt_wagons_symbol_id (PtWagonsSymbol symbol)
{
  g_return_val_if_fail (symbol < PT_WAGONS_N_SYMBOLS, NULL);
  return symbol_ids[symbol];
}

const char *
pt_wagons_symbol_name (PtWagonsSymbol symbol)
{
  g_return_val_if_fail (symbol < PT_WAGONS_N_SYMBOLS, NULL);
  return symbol_names[symbol];
}

/* Turning a card upside down swaps TL↔BR and TR↔BL: pos 3 - i. */
PtWagonsQuadrant
pt_wagons_card_quadrant (guint card,
                         gboolean rot180,
                         PtWagonsQuadrantPos pos)
{
  return pt_wagons_cards[card].quadrants[rot180 ? 3 - pos : pos];
}
