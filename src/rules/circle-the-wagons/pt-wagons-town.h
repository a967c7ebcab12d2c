/* pt-wagons-town.h — a player's town: a grid of territory cells
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A town is a plain value (copy it with `=`): the visible cells, an
 * occupancy bitboard for fast placement checks, and the placements in order
 * (so the cards underneath any cell can be listed for the UI).
 *
 * Coordinates are integers, y downwards; the first card's top-left is at
 * (0, 0). A card at anchor (x, y) covers (x, y), (x+1, y), (x, y+1),
 * (x+1, y+1). Cells are stored on a 64×64 torus (index = coordinate & 63).
 * A town may span at most PT_WAGONS_TOWN_MAX_SPAN = 60 cells in each
 * direction (a real town of at most 15 cards spans at most 30; the limit
 * only matters to benchmarks and bots stacking many cards), so the cells of
 * the town, the empty ring around it and every candidate anchor (from
 * min-2 to max+1) have distinct torus positions. Every lookup outside the
 * bounding box reads as empty. A placement that would widen the town past
 * the span, or a town of PT_WAGONS_TOWN_MAX_CARDS placements, is refused
 * as PT_WAGONS_PLACE_TOWN_FULL.
 */
#pragma once

#include <glib.h>

#include "pt-wagons-cards.h"

G_BEGIN_DECLS

#define PT_WAGONS_TOWN_MAX_CARDS   48
#define PT_WAGONS_TOWN_MAX_SPAN    60
#define PT_WAGONS_TOWN_MAX_ANCHORS ((PT_WAGONS_TOWN_MAX_SPAN + 3) * (PT_WAGONS_TOWN_MAX_SPAN + 3))
#define PT_WAGONS_TORUS            64
#define PT_WAGONS_TORUS_MASK       63

/* A cell: 0 when empty, else OCCUPIED | terrain << 3 | symbol. */
#define PT_WAGONS_CELL_OCCUPIED 0x80

static inline guint8
pt_wagons_cell_make (guint terrain,
                     guint symbol)
{
  return (guint8) (PT_WAGONS_CELL_OCCUPIED | (terrain << 3) | symbol);
}

static inline PtWagonsTerrain
pt_wagons_cell_terrain (guint8 cell)
{
  return (PtWagonsTerrain) ((cell >> 3) & 7);
}

static inline PtWagonsSymbol
pt_wagons_cell_symbol (guint8 cell)
{
  return (PtWagonsSymbol) (cell & 7);
}

typedef struct
{
  gint16 x;
  gint16 y;
} PtWagonsAnchor;

typedef struct
{
  gint16 x;
  gint16 y;
  guint8 card;
  guint8 rot180;
} PtWagonsPlacement;

typedef struct
{
  guint64 occupied[PT_WAGONS_TORUS];              /* row y & 63, bit x & 63 */
  guint8 cells[PT_WAGONS_TORUS][PT_WAGONS_TORUS]; /* [y & 63][x & 63] */
  PtWagonsPlacement placements[PT_WAGONS_TOWN_MAX_CARDS];
  guint8 n_placements;
  guint8 has_cells;
  gint16 min_x, max_x, min_y, max_y; /* valid when has_cells */
} PtWagonsTown;

/* Why an anchor is refused (PT_WAGONS_PLACE_OK: legal). */
typedef enum
{
  PT_WAGONS_PLACE_OK,
  PT_WAGONS_PLACE_FIRST_NOT_AT_ORIGIN,
  PT_WAGONS_PLACE_CORNER_ONLY,
  PT_WAGONS_PLACE_DETACHED,
  PT_WAGONS_PLACE_TOWN_FULL,
} PtWagonsPlaceCheck;

void pt_wagons_town_init (PtWagonsTown *town);
guint8 pt_wagons_town_get_cell (const PtWagonsTown *town,
                                int x,
                                int y);
guint pt_wagons_town_count_cells (const PtWagonsTown *town);
PtWagonsPlaceCheck pt_wagons_town_check_anchor (const PtWagonsTown *town,
                                                gint64 x,
                                                gint64 y);
void pt_wagons_town_place (PtWagonsTown *town,
                           guint card,
                           int x,
                           int y,
                           gboolean rot180);
guint pt_wagons_town_list_anchors (const PtWagonsTown *town,
                                   PtWagonsAnchor *anchors);
guint pt_wagons_town_get_stack (const PtWagonsTown *town,
                                int x,
                                int y,
                                PtWagonsPlacement *stack);
gboolean pt_wagons_town_paint (PtWagonsTown *town,
                               int x,
                               int y,
                               guint8 cell);

G_END_DECLS
