/* pt-wagons-town.c — the town grid; see pt-wagons-town.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-wagons-town.h"

#define T(v) ((guint) (v) &PT_WAGONS_TORUS_MASK)

static inline guint64
rotr (guint64 v, guint n)
{
  n &= 63;
  return n == 0 ? v : (v >> n) | (v << (64 - n));
}

static inline guint64
rotl (guint64 v, guint n)
{
  return rotr (v, 64 - (n & 63));
}

void
pt_wagons_town_init (PtWagonsTown *town)
{
  memset (town, 0, sizeof *town);
}

static inline gboolean
in_box (const PtWagonsTown *town,
        gint64 x,
        gint64 y)
{
  return town->has_cells &&
         x >= town->min_x && x <= town->max_x &&
         y >= town->min_y && y <= town->max_y;
}

guint8
pt_wagons_town_get_cell (const PtWagonsTown *town,
                         int x,
                         int y)
{
  return in_box (town, x, y) ? town->cells[T (y)][T (x)] : 0;
}

static inline gboolean
occupied (const PtWagonsTown *town,
          gint64 x,
          gint64 y)
{
  return in_box (town, x, y) && (town->occupied[T (y)] >> T (x)) & 1;
}

guint
pt_wagons_town_count_cells (const PtWagonsTown *town)
{
  guint n = 0;

  for (guint r = 0; r < PT_WAGONS_TORUS; r++)
    n += (guint) __builtin_popcountll (town->occupied[r]);
  return n;
}

/* The anchors a card may take in row @ay, as a torus bit mask: the 2×2
 * footprint plus the cells sharing an edge with it form a 4×4 block
 * without its corners, starting at (ax-1, ay-1); the anchor is legal when
 * that shape meets an occupied cell. The shape is the same for every card
 * and both rotations. */
static inline guint64
anchor_row_mask (const PtWagonsTown *town,
                 int ay)
{
  guint64 outer = town->occupied[T (ay - 1)] | town->occupied[T (ay + 2)];
  guint64 inner = town->occupied[T (ay)] | town->occupied[T (ay + 1)];

  /* Bit ax of the result is set when the source has bit ax+k set
   * (rotr by k), or bit ax-1 (rotl by 1). */
  return outer | rotr (outer, 1) |
         inner | rotr (inner, 1) | rotr (inner, 2) | rotl (inner, 1);
}

PtWagonsPlaceCheck
pt_wagons_town_check_anchor (const PtWagonsTown *town,
                             gint64 x,
                             gint64 y)
{
  if (!town->has_cells)
    return x == 0 && y == 0 ? PT_WAGONS_PLACE_OK : PT_WAGONS_PLACE_FIRST_NOT_AT_ORIGIN;

  /* Far away anchors touch nothing; this also keeps huge integers from
   * the record away from the torus arithmetic. */
  if (x < town->min_x - 2 || x > town->max_x + 1 ||
      y < town->min_y - 2 || y > town->max_y + 1)
    return PT_WAGONS_PLACE_DETACHED;

  if ((anchor_row_mask (town, (int) y) >> T (x)) & 1)
    {
      if (town->n_placements >= PT_WAGONS_TOWN_MAX_CARDS ||
          x < town->max_x - (PT_WAGONS_TOWN_MAX_SPAN - 1) || x > town->min_x + (PT_WAGONS_TOWN_MAX_SPAN - 2) ||
          y < town->max_y - (PT_WAGONS_TOWN_MAX_SPAN - 1) || y > town->min_y + (PT_WAGONS_TOWN_MAX_SPAN - 2))
        return PT_WAGONS_PLACE_TOWN_FULL;
      return PT_WAGONS_PLACE_OK;
    }

  if (occupied (town, x - 1, y - 1) || occupied (town, x + 2, y - 1) ||
      occupied (town, x - 1, y + 2) || occupied (town, x + 2, y + 2))
    return PT_WAGONS_PLACE_CORNER_ONLY;
  return PT_WAGONS_PLACE_DETACHED;
}

static void
grow_box (PtWagonsTown *town,
          int x,
          int y)
{
  if (!town->has_cells)
    {
      town->min_x = town->max_x = (gint16) x;
      town->min_y = town->max_y = (gint16) y;
      town->has_cells = TRUE;
      return;
    }
  town->min_x = (gint16) MIN (town->min_x, x);
  town->max_x = (gint16) MAX (town->max_x, x);
  town->min_y = (gint16) MIN (town->min_y, y);
  town->max_y = (gint16) MAX (town->max_y, y);
}

static void
set_cell (PtWagonsTown *town,
          int x,
          int y,
          guint8 cell)
{
  grow_box (town, x, y);
  town->cells[T (y)][T (x)] = cell;
  town->occupied[T (y)] |= G_GUINT64_CONSTANT (1) << T (x);
}

/* Places @card on top, without checking legality (the caller did, with
 * pt_wagons_town_check_anchor()). */
void
pt_wagons_town_place (PtWagonsTown *town,
                      guint card,
                      int x,
                      int y,
                      gboolean rot180)
{
  PtWagonsPlacement *p;

  g_return_if_fail (card < PT_WAGONS_N_CARDS);
  g_return_if_fail (town->n_placements < PT_WAGONS_TOWN_MAX_CARDS);

  for (guint pos = 0; pos < 4; pos++)
    {
      PtWagonsQuadrant q = pt_wagons_card_quadrant (card, rot180, pos);
      set_cell (town, x + (pos & 1), y + (pos >> 1), pt_wagons_cell_make (q.terrain, q.symbol));
    }
  p = &town->placements[town->n_placements++];
  p->x = (gint16) x;
  p->y = (gint16) y;
  p->card = (guint8) card;
  p->rot180 = rot180 ? 1 : 0;
}

/**
 * pt_wagons_town_list_anchors:
 * @anchors: (out caller-allocates): room for PT_WAGONS_TOWN_MAX_ANCHORS
 *
 * Every legal anchor, rows top to bottom, each row left to right. Both
 * rotations of any card are legal at exactly these anchors. A full town
 * has none.
 */
guint
pt_wagons_town_list_anchors (const PtWagonsTown *town,
                             PtWagonsAnchor *anchors)
{
  guint n = 0;
  int x0, x1, y0, y1;
  guint64 width_mask;

  if (!town->has_cells)
    {
      anchors[0].x = 0;
      anchors[0].y = 0;
      return 1;
    }
  if (town->n_placements >= PT_WAGONS_TOWN_MAX_CARDS)
    return 0;

  /* Anchors run from min-2 to max+1, but no further than keeps the
   * town within PT_WAGONS_TOWN_MAX_SPAN (which only a huge town reaches). */
  x0 = MAX (town->min_x - 2, town->max_x - (PT_WAGONS_TOWN_MAX_SPAN - 1));
  x1 = MIN (town->max_x + 1, town->min_x + (PT_WAGONS_TOWN_MAX_SPAN - 2));
  y0 = MAX (town->min_y - 2, town->max_y - (PT_WAGONS_TOWN_MAX_SPAN - 1));
  y1 = MIN (town->max_y + 1, town->min_y + (PT_WAGONS_TOWN_MAX_SPAN - 2));
  width_mask = x1 - x0 >= 63 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << (x1 - x0 + 1)) - 1;
  for (int y = y0; y <= y1; y++)
    {
      /* Rotate so bit 0 is x0: set bits then come out left to right. */
      guint64 mask = rotr (anchor_row_mask (town, y), T (x0)) & width_mask;

      while (mask != 0)
        {
          int bit = __builtin_ctzll (mask);

          anchors[n].x = (gint16) (x0 + bit);
          anchors[n].y = (gint16) y;
          n++;
          mask &= mask - 1;
        }
    }
  return n;
}

/**
 * pt_wagons_town_get_stack:
 * @stack: (out caller-allocates): room for PT_WAGONS_TOWN_MAX_CARDS
 *
 * The placements covering (x, y), bottom first; the last one is visible.
 */
guint
pt_wagons_town_get_stack (const PtWagonsTown *town,
                          int x,
                          int y,
                          PtWagonsPlacement *stack)
{
  guint n = 0;

  for (guint i = 0; i < town->n_placements; i++)
    {
      const PtWagonsPlacement *p = &town->placements[i];

      if (x >= p->x && x <= p->x + 1 && y >= p->y && y <= p->y + 1)
        stack[n++] = *p;
    }
  return n;
}

/* A painted cell (companion score sheet): no card is recorded. FALSE when
 * the town would outgrow PT_WAGONS_TOWN_MAX_SPAN. */
gboolean
pt_wagons_town_paint (PtWagonsTown *town,
                      int x,
                      int y,
                      guint8 cell)
{
  g_return_val_if_fail (cell & PT_WAGONS_CELL_OCCUPIED, FALSE);

  if (town->has_cells &&
      (MAX (town->max_x, x) - MIN (town->min_x, x) >= PT_WAGONS_TOWN_MAX_SPAN ||
       MAX (town->max_y, y) - MIN (town->min_y, y) >= PT_WAGONS_TOWN_MAX_SPAN))
    return FALSE;
  set_cell (town, x, y, cell);
  return TRUE;
}
