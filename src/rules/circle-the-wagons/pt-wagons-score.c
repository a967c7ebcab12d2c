/* pt-wagons-score.c — scoring; see pt-wagons-score.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The town's cells are read into bitboards (one 64-bit row per torus row,
 * see pt-wagons-town.h) so that most bonus cards are a handful of shifts
 * and ANDs per row. A town spans at most 60 cells, so shifting across the
 * torus seam only ever meets empty cells.
 */
#include "config.h"

#include <string.h>

#include "pt-wagons-score.h"

#define T(v) ((guint) (v) &PT_WAGONS_TORUS_MASK)

typedef guint64 Board[PT_WAGONS_TORUS];

/* All bitboards of one town. */
typedef struct
{
  const PtWagonsTown *town;
  int y0, y1; /* rows that may hold cells, plus a ring */
  Board terrain[PT_WAGONS_N_TERRAINS];
  Board symbol[PT_WAGONS_N_SYMBOLS];
} Boards;

static inline guint64
rotr (guint64 v, guint n)
{
  n &= 63;
  return n == 0 ? v : (v >> n) | (v << (64 - n));
}

/* Bit x set when bit x-1 (the western neighbour) is set. */
static inline guint64
from_west (guint64 v)
{
  return rotr (v, 63);
}

/* Bit x set when bit x+1 (the eastern neighbour) is set. */
static inline guint64
from_east (guint64 v)
{
  return rotr (v, 1);
}

static inline guint64
row (const guint64 *b, int y)
{
  return b[T (y)];
}

/* Cells sharing an edge with a cell of @b, in row @y. */
static inline guint64
neighbours (const guint64 *b, int y)
{
  guint64 r = row (b, y);
  return row (b, y - 1) | row (b, y + 1) | from_west (r) | from_east (r);
}

static void
boards_init (Boards *bb,
             const PtWagonsTown *town)
{
  memset (bb, 0, sizeof *bb);
  bb->town = town;
  if (!town->has_cells)
    {
      bb->y0 = 0;
      bb->y1 = -1;
      return;
    }
  bb->y0 = town->min_y - 1;
  bb->y1 = town->max_y + 1;
  for (int y = town->min_y; y <= town->max_y; y++)
    for (int x = town->min_x; x <= town->max_x; x++)
      {
        guint8 c = town->cells[T (y)][T (x)];
        guint64 bit = G_GUINT64_CONSTANT (1) << T (x);

        if (c == 0)
          continue;
        bb->terrain[pt_wagons_cell_terrain (c)][T (y)] |= bit;
        bb->symbol[pt_wagons_cell_symbol (c)][T (y)] |= bit;
      }
}

static int
count (const Boards *bb, const guint64 *b)
{
  int n = 0;

  for (int y = bb->y0; y <= bb->y1; y++)
    n += __builtin_popcountll (row (b, y));
  return n;
}

/* Removes from @sel the component holding its first cell and returns it in
 * @comp (which must be zero on entry); returns its size, 0 when @sel is
 * empty. A bitboard flood fill: grow by one ring until nothing changes. */
static int
pop_component (const Boards *bb,
               guint64 *sel,
               guint64 *comp)
{
  gboolean changed = TRUE;
  int size = 0;
  int y;

  for (y = bb->y0; y <= bb->y1 && row (sel, y) == 0; y++)
    ;
  if (y > bb->y1)
    return 0;
  comp[T (y)] = row (sel, y) & -row (sel, y);

  while (changed)
    {
      changed = FALSE;
      for (y = bb->y0; y <= bb->y1; y++)
        {
          guint64 grown = (row (comp, y) | neighbours (comp, y)) & row (sel, y);

          if (grown != row (comp, y))
            {
              comp[T (y)] = grown;
              changed = TRUE;
            }
        }
    }
  for (y = bb->y0; y <= bb->y1; y++)
    {
      sel[T (y)] &= ~row (comp, y);
      size += __builtin_popcountll (row (comp, y));
    }
  return size;
}

static int
largest_component (const Boards *bb, const guint64 *b)
{
  Board sel, comp;
  int best = 0, size;

  memcpy (sel, b, sizeof sel);
  do
    {
      memset (comp, 0, sizeof comp);
      size = pop_component (bb, sel, comp);
      best = MAX (best, size);
    }
  while (size > 0);
  return best;
}

static int
badlands (const Boards *bb)
{
  const guint64 *desert = bb->terrain[PT_WAGONS_DESERT];
  int n = 0;

  /* A Gun qualifying on both axes is one bit: it counts once. */
  for (int y = bb->y0; y <= bb->y1; y++)
    {
      guint64 d = row (desert, y);
      guint64 sides = (from_west (d) & from_east (d)) |
                      (row (desert, y - 1) & row (desert, y + 1));

      n += __builtin_popcountll (row (bb->symbol[PT_WAGONS_GUN], y) & sides);
    }
  return 4 * n;
}

static int
happy_cows (const Boards *bb)
{
  const guint64 *snow = bb->terrain[PT_WAGONS_SNOW];
  int n = 0;

  for (int y = bb->y0; y <= bb->y1; y++)
    n += __builtin_popcountll (row (bb->symbol[PT_WAGONS_COW], y) &
                               ~(row (snow, y) | neighbours (snow, y)));
  return 2 * n;
}

static int
circle_the_wagons (const Boards *bb)
{
  const guint64 *wagon = bb->symbol[PT_WAGONS_WAGON];
  int n = 0;

  /* The centre must be an occupied cell (spec), of any kind. */
  for (int y = bb->y0; y <= bb->y1; y++)
    {
      guint64 w = row (wagon, y);

      n += __builtin_popcountll (row (bb->town->occupied, y) &
                                 row (wagon, y - 1) & row (wagon, y + 1) &
                                 from_west (w) & from_east (w));
    }
  return 6 * n;
}

static int
gold_country (const Boards *bb)
{
  const guint64 *mountains = bb->terrain[PT_WAGONS_MOUNTAINS];
  int n = 0;

  for (int y = bb->y0; y <= bb->y1; y++)
    n += __builtin_popcountll (row (bb->symbol[PT_WAGONS_MINE], y) &
                               (row (mountains, y) | neighbours (mountains, y)));
  return 2 * n;
}

/* The Wagons on or next to the best of the largest Water groups. */
static int
cool_water (const Boards *bb)
{
  Board sel, comp;
  int best_size = 0, best_wagons = 0, size;

  memcpy (sel, bb->terrain[PT_WAGONS_WATER], sizeof sel);
  while (TRUE)
    {
      int wagons = 0;

      memset (comp, 0, sizeof comp);
      size = pop_component (bb, sel, comp);
      if (size == 0)
        break;
      for (int y = bb->y0; y <= bb->y1; y++)
        wagons += __builtin_popcountll (row (bb->symbol[PT_WAGONS_WAGON], y) &
                                        (row (comp, y) | neighbours (comp, y)));
      if (size > best_size || (size == best_size && wagons > best_wagons))
        {
          best_size = size;
          best_wagons = wagons;
        }
    }
  return 3 * best_wagons;
}

int
pt_wagons_boom_or_bust (int mines)
{
  if (mines <= 2)
    return 5 * MAX (mines, 0);
  if (mines <= 6)
    return 0;
  if (mines == 7)
    return 3 * 7;
  return 8 * mines;
}

int
pt_wagons_wagon_train_run (int length)
{
  static const int points[] = { 0, 0, 1, 2, 4, 7 };

  if (length >= 6)
    return 10;
  return length > 0 ? points[length] : 0;
}

/* Maximal runs, both directions; a Wagon in a horizontal and a vertical run
 * helps both. */
static int
wagon_train (const Boards *bb)
{
  const PtWagonsTown *town = bb->town;
  const guint64 *wagon = bb->symbol[PT_WAGONS_WAGON];
  int points = 0;

  if (!town->has_cells)
    return 0;
  for (int y = town->min_y; y <= town->max_y; y++)
    {
      /* Rotate so the town's first column is bit 0: no run crosses the seam. */
      guint64 r = rotr (row (wagon, y), T (town->min_x));

      while (r != 0)
        {
          int len;

          r >>= __builtin_ctzll (r);
          len = ~r == 0 ? 64 : __builtin_ctzll (~r);
          points += pt_wagons_wagon_train_run (len);
          r = len >= 64 ? 0 : r >> len;
        }
    }
  for (int x = town->min_x; x <= town->max_x; x++)
    {
      int len = 0;

      for (int y = town->min_y; y <= town->max_y + 1; y++)
        {
          if ((row (wagon, y) >> T (x)) & 1)
            len++;
          else
            {
              points += pt_wagons_wagon_train_run (len);
              len = 0;
            }
        }
    }
  return points;
}

static int
bootleggers (const Boards *bb)
{
  int good = 0, bad = 0;

  for (int y = bb->y0; y <= bb->y1; y++)
    {
      guint64 beer = row (bb->symbol[PT_WAGONS_BEER], y);
      guint64 near = neighbours (bb->symbol[PT_WAGONS_WAGON], y);

      good += __builtin_popcountll (beer & near);
      bad += __builtin_popcountll (beer & ~near);
    }
  return 2 * good - bad;
}

static int
undiscovered (const Boards *bb)
{
  const guint64 *occ = bb->town->occupied;
  int n = 0;

  for (int y = bb->y0; y <= bb->y1; y++)
    {
      guint64 up = row (occ, y - 1), mid = row (occ, y), down = row (occ, y + 1);
      guint64 ring = up & from_west (up) & from_east (up) &
                     from_west (mid) & from_east (mid) &
                     down & from_west (down) & from_east (down);

      n += __builtin_popcountll (~mid & ring);
    }
  return 5 * n;
}

static int
fortified (const Boards *bb)
{
  const guint64 *fort = bb->symbol[PT_WAGONS_FORT];
  int n = 0;

  /* Bit x: the window with top-left (x, y); windows may overlap. */
  for (int y = bb->y0; y <= bb->y1; y++)
    {
      guint64 a = row (fort, y), b = row (fort, y + 1);

      n += __builtin_popcountll (a & from_east (a) & b & from_east (b));
    }
  return 7 * n;
}

static int
rifles_ready (const Boards *bb)
{
  int n = 0;

  /* Forts are counted, not Fort–Gun pairs. */
  for (int y = bb->y0; y <= bb->y1; y++)
    n += __builtin_popcountll (row (bb->symbol[PT_WAGONS_FORT], y) &
                               neighbours (bb->symbol[PT_WAGONS_GUN], y));
  return 2 * n;
}

/* From a Beer at (x, y), the first Gun in direction (dx, dy): its distance
 * and the territories strictly between; FALSE when there is none. */
static gboolean
scan_for_gun (const PtWagonsTown *town,
              int x,
              int y,
              int dx,
              int dy,
              int *distance,
              int *between)
{
  int n = 0;

  for (int d = 1;; d++)
    {
      int cx = x + d * dx, cy = y + d * dy;
      guint8 c;

      if (cx < town->min_x || cx > town->max_x || cy < town->min_y || cy > town->max_y)
        return FALSE;
      c = town->cells[T (cy)][T (cx)];
      if (c != 0 && pt_wagons_cell_symbol (c) == PT_WAGONS_GUN)
        {
          *distance = d;
          *between = n;
          return TRUE;
        }
      if (c != 0)
        n++;
    }
}

static int
target_practice (const Boards *bb)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  const PtWagonsTown *town = bb->town;
  int points = 0;

  if (!town->has_cells)
    return 0;
  for (int y = town->min_y; y <= town->max_y; y++)
    for (int x = town->min_x; x <= town->max_x; x++)
      {
        guint8 c = town->cells[T (y)][T (x)];
        int best_distance = G_MAXINT, best = 0;

        if (c == 0 || pt_wagons_cell_symbol (c) != PT_WAGONS_BEER)
          continue;
        for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
          {
            int distance, between;

            if (!scan_for_gun (town, x, y, dirs[i][0], dirs[i][1], &distance, &between))
              continue;
            /* Nearest by cell distance; equally near: the better one. */
            if (distance < best_distance || (distance == best_distance && between > best))
              {
                best_distance = distance;
                best = between;
              }
          }
        points += best;
      }
  return points;
}

static int
bonus_points (const Boards *bb, PtWagonsBonus bonus)
{
  switch (bonus)
    {
    case PT_WAGONS_BADLANDS:
      return badlands (bb);
    case PT_WAGONS_HAPPY_COWS:
      return happy_cows (bb);
    case PT_WAGONS_THE_CLEARING:
      return 2 * count (bb, bb->symbol[PT_WAGONS_FORT]) - count (bb, bb->terrain[PT_WAGONS_FOREST]);
    case PT_WAGONS_CIRCLE_THE_WAGONS:
      return circle_the_wagons (bb);
    case PT_WAGONS_GOLD_COUNTRY:
      return gold_country (bb);
    case PT_WAGONS_PRAIRIE_LIFE:
      return (count (bb, bb->symbol[PT_WAGONS_COW]) + count (bb, bb->terrain[PT_WAGONS_PLAINS])) / 2;
    case PT_WAGONS_COOL_WATER:
      return cool_water (bb);
    case PT_WAGONS_BOOM_OR_BUST:
      return pt_wagons_boom_or_bust (count (bb, bb->symbol[PT_WAGONS_MINE]));
    case PT_WAGONS_WAGON_TRAIN:
      return wagon_train (bb);
    case PT_WAGONS_BOOTLEGGERS:
      return bootleggers (bb);
    case PT_WAGONS_UNDISCOVERED:
      return undiscovered (bb);
    case PT_WAGONS_FORTIFIED:
      return fortified (bb);
    case PT_WAGONS_RIFLES_READY:
      return rifles_ready (bb);
    case PT_WAGONS_TARGET_PRACTICE:
      return target_practice (bb);
    case PT_WAGONS_THE_HERD:
      return 2 * largest_component (bb, bb->symbol[PT_WAGONS_COW]);
    case PT_WAGONS_SMALLTOWN_CHARM:
    case PT_WAGONS_CLAIM_JUMPERS:
    case PT_WAGONS_ONE_TOO_MANY:
    case PT_WAGONS_N_BONUS_KINDS:
    default:
      return 0; /* interactive: pt_wagons_interactive() */
    }
}

/**
 * pt_wagons_tally_town:
 * @bonus_mask: bit b set to compute the non-interactive bonus b
 *   (G_MAXUINT32: all of them); the others stay 0
 *
 * Reads @town into @tally; `cards` is the number of placements.
 */
void
pt_wagons_tally_town (const PtWagonsTown *town,
                      guint32 bonus_mask,
                      PtWagonsTally *tally)
{
  Boards bb;

  memset (tally, 0, sizeof *tally);
  boards_init (&bb, town);
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    {
      tally->terrains[t] = count (&bb, bb.terrain[t]);
      tally->groups[t] = tally->terrains[t] > 1 ? largest_component (&bb, bb.terrain[t])
                                                : tally->terrains[t];
      tally->territories += tally->terrains[t];
    }
  for (guint s = 0; s < PT_WAGONS_N_SYMBOLS; s++)
    tally->symbols[s] = count (&bb, bb.symbol[s]);
  for (guint b = 0; b < PT_WAGONS_N_BONUS_KINDS; b++)
    if (bonus_mask & (1u << b))
      tally->bonus[b] = bonus_points (&bb, b);
  tally->cards = town->n_placements;
}

/* One bonus card on one town (interactive cards: 0). */
int
pt_wagons_bonus_town (const PtWagonsTown *town,
                      PtWagonsBonus bonus)
{
  Boards bb;

  g_return_val_if_fail (bonus < PT_WAGONS_N_BONUS_KINDS, 0);

  boards_init (&bb, town);
  return bonus_points (&bb, bonus);
}

int
pt_wagons_largest_group (const PtWagonsTown *town,
                         PtWagonsTerrain terrain)
{
  Boards bb;

  g_return_val_if_fail (terrain < PT_WAGONS_N_TERRAINS, 0);

  boards_init (&bb, town);
  return largest_component (&bb, bb.terrain[terrain]);
}

/* The bonus cards that compare both towns. */
void
pt_wagons_interactive (PtWagonsBonus bonus,
                       const PtWagonsTally tallies[2],
                       int points[2])
{
  const PtWagonsTally *a = &tallies[0], *b = &tallies[1];

  points[0] = points[1] = 0;
  switch (bonus)
    {
    case PT_WAGONS_SMALLTOWN_CHARM:
      if (a->territories < b->territories)
        points[0] = b->territories - a->territories;
      else if (b->territories < a->territories)
        points[1] = a->territories - b->territories;
      break;

    case PT_WAGONS_CLAIM_JUMPERS:
      {
        int mines[2] = { a->symbols[PT_WAGONS_MINE], b->symbols[PT_WAGONS_MINE] };
        int guns[2] = { a->symbols[PT_WAGONS_GUN], b->symbols[PT_WAGONS_GUN] };
        int winner, other;

        /* Guns only matter when the Mines are not tied. */
        if (mines[0] == mines[1])
          break;
        winner = mines[0] > mines[1] ? 0 : 1;
        other = 1 - winner;
        points[winner] = 9;
        if (guns[other] > guns[winner])
          {
            points[winner] = 4;
            points[other] = 5;
          }
      }
      break;

    case PT_WAGONS_ONE_TOO_MANY:
      {
        int beer0 = a->symbols[PT_WAGONS_BEER], beer1 = b->symbols[PT_WAGONS_BEER];

        if (beer0 > beer1)
          points[0] = -beer1;
        else if (beer1 > beer0)
          points[1] = -beer0;
      }
      break;

    default:
      points[0] = a->bonus[bonus];
      points[1] = b->bonus[bonus];
      break;
    }
}

/**
 * pt_wagons_score:
 *
 * Totals and winners: the highest total wins; a tie goes to the player
 * with fewer cards in town (covered cards count); still tied: shared.
 */
void
pt_wagons_score (const PtWagonsBonus bonus[PT_WAGONS_N_BONUS],
                 const PtWagonsTally tallies[2],
                 PtWagonsScore *score)
{
  memset (score, 0, sizeof *score);
  for (guint p = 0; p < 2; p++)
    {
      for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
        score->groups_total[p] += tallies[p].groups[t];
      score->total[p] = score->groups_total[p];
      score->cards[p] = tallies[p].cards;
    }
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      int points[2];

      score->bonus[i] = bonus[i];
      pt_wagons_interactive (bonus[i], tallies, points);
      for (guint p = 0; p < 2; p++)
        {
          score->bonus_points[p][i] = points[p];
          score->total[p] += points[p];
        }
    }
  if (score->total[0] != score->total[1])
    score->winners = score->total[0] > score->total[1] ? 1u : 2u;
  else if (score->cards[0] != score->cards[1])
    score->winners = score->cards[0] < score->cards[1] ? 1u : 2u;
  else
    score->winners = 3u;
}
