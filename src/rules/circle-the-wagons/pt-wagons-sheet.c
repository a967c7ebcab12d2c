/* pt-wagons-sheet.c — the companion score sheet; see pt-wagons-sheet.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

/* PRId64 rather than G_GINT64_FORMAT inside _(): xgettext only understands
 * the <inttypes.h> macros and would cut the message at G_GINT64_FORMAT. */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-record.h"
#include "pt-wagons-json.h"
#include "pt-wagons-score.h"
#include "pt-wagons-sheet.h"

#define DECK_EACH    12 /* each terrain and symbol is on 12 quadrants */
#define MAX_CARDS    14 /* 15 circle cards, at least one each */
#define MAX_COORD    1000
#define MAX_TRAIN    40 /* generous: 12 Wagons cannot score more */
#define MAX_PRACTICE (DECK_EACH * 4 * MAX_CARDS)

/* The counts each non-interactive card needs (wagon_train: "runs"). */
typedef struct
{
  const char *names[2];
} CountSpec;

static const CountSpec count_specs[PT_WAGONS_N_BONUS_KINDS] = {
  [PT_WAGONS_BADLANDS] = { { "guns", NULL } },
  [PT_WAGONS_HAPPY_COWS] = { { "cows", NULL } },
  [PT_WAGONS_THE_CLEARING] = { { "forts", "forests" } },
  [PT_WAGONS_CIRCLE_THE_WAGONS] = { { "territories", NULL } },
  [PT_WAGONS_GOLD_COUNTRY] = { { "mines", NULL } },
  [PT_WAGONS_PRAIRIE_LIFE] = { { "cows", "plains" } },
  [PT_WAGONS_COOL_WATER] = { { "wagons", NULL } },
  [PT_WAGONS_BOOM_OR_BUST] = { { "mines", NULL } },
  [PT_WAGONS_WAGON_TRAIN] = { { "runs", NULL } },
  [PT_WAGONS_BOOTLEGGERS] = { { "beer_next_to_wagon", "other_beer" } },
  [PT_WAGONS_UNDISCOVERED] = { { "spaces", NULL } },
  [PT_WAGONS_FORTIFIED] = { { "blocks", NULL } },
  [PT_WAGONS_RIFLES_READY] = { { "forts", NULL } },
  [PT_WAGONS_TARGET_PRACTICE] = { { "territories", NULL } },
  [PT_WAGONS_THE_HERD] = { { "cows", NULL } },
};

typedef struct
{
  const char *label; /* the player's name, or "Player N" */
  char *owned_label;
} Who;

G_GNUC_PRINTF (3, 4)
static void
sheet_error (GError **error,
             const Who *who,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (who != NULL)
    g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                 /* TRANSLATORS: a player's name, then what is wrong */
                 _("%s: %s"), who->label, message);
  else
    g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET, message);
}

static gboolean
get_count (JsonObject *object,
           const char *member,
           int max,
           int *out,
           const Who *who,
           GError **error)
{
  gint64 value;

  if (!pt_json_get_int (json_object_get_member (object, member), &value))
    {
      sheet_error (error, who, _("“%s” must be a whole number"), member);
      return FALSE;
    }
  if (value < 0 || value > max)
    {
      sheet_error (error, who, _("“%s” is %" PRId64 ", but it can only be 0 to %d"), member, value, max);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

/* The highest count a card's count can reach. */
static int
count_max (PtWagonsBonus bonus)
{
  switch (bonus)
    {
    case PT_WAGONS_TARGET_PRACTICE:
      return MAX_PRACTICE;
    case PT_WAGONS_UNDISCOVERED:
      return 4 * MAX_CARDS;
    default:
      return DECK_EACH;
    }
}

static int
points_from_counts (PtWagonsBonus bonus,
                    int a,
                    int b)
{
  switch (bonus)
    {
    case PT_WAGONS_BADLANDS:
      return 4 * a;
    case PT_WAGONS_HAPPY_COWS:
      return 2 * a;
    case PT_WAGONS_THE_CLEARING:
      return 2 * a - b;
    case PT_WAGONS_CIRCLE_THE_WAGONS:
      return 6 * a;
    case PT_WAGONS_GOLD_COUNTRY:
      return 2 * a;
    case PT_WAGONS_PRAIRIE_LIFE:
      return (a + b) / 2;
    case PT_WAGONS_COOL_WATER:
      return 3 * a;
    case PT_WAGONS_BOOM_OR_BUST:
      return pt_wagons_boom_or_bust (a);
    case PT_WAGONS_BOOTLEGGERS:
      return 2 * a - b;
    case PT_WAGONS_UNDISCOVERED:
      return 5 * a;
    case PT_WAGONS_FORTIFIED:
      return 7 * a;
    case PT_WAGONS_RIFLES_READY:
      return 2 * a;
    case PT_WAGONS_TARGET_PRACTICE:
      return a;
    case PT_WAGONS_THE_HERD:
      return 2 * a;
    default:
      return 0;
    }
}

/* Whether some counts give @points (wagon_train: within its range). */
static gboolean
points_possible (PtWagonsBonus bonus,
                 int points)
{
  int max = count_max (bonus);

  if (bonus == PT_WAGONS_WAGON_TRAIN)
    return points >= 0 && points <= MAX_TRAIN;
  for (int a = 0; a <= max; a++)
    for (int b = 0; b <= (count_specs[bonus].names[1] ? DECK_EACH : 0); b++)
      {
        if (bonus == PT_WAGONS_BOOTLEGGERS && a + b > DECK_EACH)
          continue;
        if (points_from_counts (bonus, a, b) == points)
          return TRUE;
      }
  return FALSE;
}

static gboolean
read_runs (JsonObject *entry,
           int *points,
           const Who *who,
           GError **error)
{
  JsonArray *runs = pt_json_get_array (json_object_get_member (entry, "runs"));
  int total_length = 0;

  if (runs == NULL)
    {
      sheet_error (error, who, _("Wagon Train needs the lengths of the runs, as a list"));
      return FALSE;
    }
  *points = 0;
  for (guint i = 0; i < json_array_get_length (runs); i++)
    {
      gint64 length;

      if (!pt_json_get_int (json_array_get_element (runs, i), &length) ||
          length < 2 || length > DECK_EACH)
        {
          sheet_error (error, who, _("A run of Wagons is 2 to 12 Wagons long"));
          return FALSE;
        }
      total_length += (int) length;
      *points += pt_wagons_wagon_train_run ((int) length);
    }
  /* A Wagon is in at most one row run and one column run. */
  if (total_length > 2 * DECK_EACH)
    {
      sheet_error (error, who, _("There are only 12 Wagons: the runs are too long"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_bonus_entry (JsonObject *entry,
                  PtWagonsBonus bonus,
                  int *points,
                  const Who *who,
                  GError **error)
{
  const PtWagonsBonusInfo *info = &pt_wagons_bonus_info[bonus];
  const CountSpec *spec = &count_specs[bonus];
  const char *allowed[] = { spec->names[0], spec->names[1], NULL };
  static const char *const points_only[] = { "points", NULL };
  const char *unknown = NULL;
  int counts[2] = { 0, 0 };

  if (entry == NULL)
    {
      sheet_error (error, who, _("%s needs its points or its counts"), _(info->name));
      return FALSE;
    }
  if (json_object_has_member (entry, "points"))
    {
      gint64 value;

      if (!pt_json_object_only_has (entry, points_only, &unknown))
        {
          sheet_error (error, who, _("%s: give either the points or the counts, not both"), _(info->name));
          return FALSE;
        }
      if (!pt_json_get_int (json_object_get_member (entry, "points"), &value))
        {
          sheet_error (error, who, _("%s: the points must be a whole number"), _(info->name));
          return FALSE;
        }
      if (value < G_MININT16 || value > G_MAXINT16 || !points_possible (bonus, (int) value))
        {
          sheet_error (error, who, _("A score of %" PRId64 " is impossible for %s"), value, _(info->name));
          return FALSE;
        }
      *points = (int) value;
      return TRUE;
    }
  if (!pt_json_object_only_has (entry, allowed, &unknown))
    {
      sheet_error (error, who, _("%s does not count “%s”"), _(info->name), unknown);
      return FALSE;
    }
  if (bonus == PT_WAGONS_WAGON_TRAIN)
    return read_runs (entry, points, who, error);
  for (guint i = 0; i < 2 && spec->names[i] != NULL; i++)
    if (!get_count (entry, spec->names[i], count_max (bonus), &counts[i], who, error))
      return FALSE;
  if (bonus == PT_WAGONS_BOOTLEGGERS && counts[0] + counts[1] > DECK_EACH)
    {
      sheet_error (error, who, _("There are only 12 Beers"));
      return FALSE;
    }
  *points = points_from_counts (bonus, counts[0], counts[1]);
  return TRUE;
}

static gboolean
read_counts_player (JsonObject *player,
                    const PtWagonsBonus bonus[PT_WAGONS_N_BONUS],
                    PtWagonsTally *tally,
                    const Who *who,
                    GError **error)
{
  JsonObject *groups = pt_json_get_object (json_object_get_member (player, "groups"));
  JsonObject *bonus_object = pt_json_get_object (json_object_get_member (player, "bonus"));
  gboolean need_territories = FALSE, need_mines = FALSE, need_beer = FALSE;
  int groups_sum = 0;
  GPtrArray *allowed = g_ptr_array_new ();
  g_autoptr(GPtrArray) allowed_bonus = g_ptr_array_new ();
  const char *unknown = NULL;
  gboolean ok;

  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      need_territories |= bonus[i] == PT_WAGONS_SMALLTOWN_CHARM;
      need_mines |= bonus[i] == PT_WAGONS_CLAIM_JUMPERS;
      need_beer |= bonus[i] == PT_WAGONS_ONE_TOO_MANY;
      if (!pt_wagons_bonus_info[bonus[i]].interactive)
        g_ptr_array_add (allowed_bonus, (gpointer) pt_wagons_bonus_info[bonus[i]].id);
    }
  g_ptr_array_add (allowed_bonus, NULL);
  g_ptr_array_add (allowed, "name");
  g_ptr_array_add (allowed, "cards");
  g_ptr_array_add (allowed, "groups");
  if (allowed_bonus->len > 1)
    g_ptr_array_add (allowed, "bonus");
  if (need_territories)
    g_ptr_array_add (allowed, "territories");
  if (need_mines)
    {
      g_ptr_array_add (allowed, "mines");
      g_ptr_array_add (allowed, "guns");
    }
  if (need_beer)
    g_ptr_array_add (allowed, "beer");
  g_ptr_array_add (allowed, NULL);
  ok = pt_json_object_only_has (player, (const char *const *) allowed->pdata, &unknown);
  g_ptr_array_unref (allowed);
  if (!ok)
    {
      sheet_error (error, who, _("“%s” is not needed with these bonus cards"), unknown);
      return FALSE;
    }

  if (groups == NULL)
    {
      sheet_error (error, who, _("The sheet must give the largest group of each terrain"));
      return FALSE;
    }
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    {
      if (!get_count (groups, pt_wagons_terrain_id (t), DECK_EACH, &tally->groups[t], who, error))
        return FALSE;
      groups_sum += tally->groups[t];
    }
  if (json_object_get_size (groups) != PT_WAGONS_N_TERRAINS)
    {
      sheet_error (error, who, _("The largest groups name something that is not a terrain"));
      return FALSE;
    }
  if (groups_sum > 4 * tally->cards)
    {
      sheet_error (error, who, g_dngettext (GETTEXT_PACKAGE, "%d card cannot show territory groups that add up to %d", "%d cards cannot show territory groups that add up to %d", (gulong) tally->cards),
                   tally->cards, groups_sum);
      return FALSE;
    }

  tally->territories = -1;
  if (need_territories)
    {
      if (!get_count (player, "territories", 4 * tally->cards, &tally->territories, who, error))
        return FALSE;
      if (tally->territories < 4 || tally->territories < groups_sum)
        {
          sheet_error (error, who, g_dngettext (GETTEXT_PACKAGE, "%d visible territory cannot hold groups that add up to %d", "%d visible territories cannot hold groups that add up to %d", (gulong) MAX (tally->territories, 0)),
                       tally->territories, MAX (groups_sum, 4));
          return FALSE;
        }
    }
  if (need_mines &&
      (!get_count (player, "mines", DECK_EACH, &tally->symbols[PT_WAGONS_MINE], who, error) ||
       !get_count (player, "guns", DECK_EACH, &tally->symbols[PT_WAGONS_GUN], who, error)))
    return FALSE;
  if (need_beer &&
      !get_count (player, "beer", DECK_EACH, &tally->symbols[PT_WAGONS_BEER], who, error))
    return FALSE;

  if (allowed_bonus->len > 1)
    {
      if (bonus_object == NULL)
        {
          sheet_error (error, who, _("The sheet must give the points or the counts of the bonus cards"));
          return FALSE;
        }
      if (!pt_json_object_only_has (bonus_object, (const char *const *) allowed_bonus->pdata, &unknown))
        {
          sheet_error (error, who, _("“%s” is not a bonus card of this game that a player scores alone"), unknown);
          return FALSE;
        }
      for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
        {
          const char *id = pt_wagons_bonus_info[bonus[i]].id;

          if (pt_wagons_bonus_info[bonus[i]].interactive)
            continue;
          if (!read_bonus_entry (pt_json_get_object (json_object_get_member (bonus_object, id)),
                                 bonus[i], &tally->bonus[bonus[i]], who, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Which terrain/symbol pairs the deck has, and how many. */
static void
deck_pairs (int pairs[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS])
{
  memset (pairs, 0, sizeof (int) * PT_WAGONS_N_TERRAINS * PT_WAGONS_N_SYMBOLS);
  for (guint c = 0; c < PT_WAGONS_N_CARDS; c++)
    for (guint q = 0; q < 4; q++)
      pairs[pt_wagons_cards[c].quadrants[q].terrain][pt_wagons_cards[c].quadrants[q].symbol]++;
}

/* A town is edge-connected (each card shares an edge or a cell with the
 * town), and every cell is part of a fully occupied 2×2 window (the card
 * on top of it). */
static gboolean
check_town_shape (const PtWagonsTown *town,
                  const Who *who,
                  GError **error)
{
  int n_cells = (int) pt_wagons_town_count_cells (town);
  int reached = 0;
  g_autofree gint16 *stack = g_new (gint16, 2 * n_cells);
  guint64 seen[PT_WAGONS_TORUS] = {
    0,
  };
  int top = 0;

  for (int y = town->min_y; y <= town->max_y; y++)
    for (int x = town->min_x; x <= town->max_x; x++)
      {
        gboolean whole = FALSE;

        if (pt_wagons_town_get_cell (town, x, y) == 0)
          continue;
        for (int dy = -1; dy <= 0 && !whole; dy++)
          for (int dx = -1; dx <= 0 && !whole; dx++)
            whole = pt_wagons_town_get_cell (town, x + dx, y + dy) &&
                    pt_wagons_town_get_cell (town, x + dx + 1, y + dy) &&
                    pt_wagons_town_get_cell (town, x + dx, y + dy + 1) &&
                    pt_wagons_town_get_cell (town, x + dx + 1, y + dy + 1);
        if (!whole)
          {
            sheet_error (error, who, _("the cell (%d, %d) cannot be part of a whole card"), x, y);
            return FALSE;
          }
        if (top == 0 && reached == 0)
          {
            stack[top++] = (gint16) x;
            stack[top++] = (gint16) y;
            seen[y & PT_WAGONS_TORUS_MASK] |= G_GUINT64_CONSTANT (1) << (x & PT_WAGONS_TORUS_MASK);
          }
      }

  while (top > 0)
    {
      static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
      int y = stack[--top], x = stack[--top];

      reached++;
      for (guint i = 0; i < 4; i++)
        {
          int nx = x + dirs[i][0], ny = y + dirs[i][1];
          guint64 bit = G_GUINT64_CONSTANT (1) << (nx & PT_WAGONS_TORUS_MASK);

          if (pt_wagons_town_get_cell (town, nx, ny) == 0 || (seen[ny & PT_WAGONS_TORUS_MASK] & bit))
            continue;
          seen[ny & PT_WAGONS_TORUS_MASK] |= bit;
          stack[top++] = (gint16) nx;
          stack[top++] = (gint16) ny;
        }
    }
  if (reached != n_cells)
    {
      sheet_error (error, who, _("the painted town falls apart: its cells are not all connected"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_painted_player (JsonObject *player,
                     guint32 bonus_mask,
                     PtWagonsTally *tally,
                     int used[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS],
                     const Who *who,
                     GError **error)
{
  static const char *const members[] = { "name", "cards", "cells", NULL };
  static const char *const cell_members[] = { "x", "y", "terrain", "symbol", NULL };
  JsonArray *cells = pt_json_get_array (json_object_get_member (player, "cells"));
  g_autofree PtWagonsTown *town = g_new (PtWagonsTown, 1);
  int cards = tally->cards;
  const char *unknown = NULL;
  guint n;

  if (!pt_json_object_only_has (player, members, &unknown))
    {
      sheet_error (error, who, _("“%s” does not belong in a painted town"), unknown);
      return FALSE;
    }
  if (cells == NULL)
    {
      sheet_error (error, who, _("The town must be a list of painted cells"));
      return FALSE;
    }
  n = json_array_get_length (cells);
  if (n < 4 || n > (guint) (4 * cards))
    {
      sheet_error (error, who, g_dngettext (GETTEXT_PACKAGE, "%d card shows 4 to %d territories, not %u", "%d cards show 4 to %d territories, not %u", (gulong) MAX (cards, 0)), cards, 4 * cards, n);
      return FALSE;
    }

  pt_wagons_town_init (town);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *cell = pt_json_get_object (json_array_get_element (cells, i));
      gint64 x, y;
      int terrain, symbol;

      if (cell == NULL || !pt_json_object_only_has (cell, cell_members, &unknown) ||
          !pt_json_get_int (json_object_get_member (cell, "x"), &x) ||
          !pt_json_get_int (json_object_get_member (cell, "y"), &y))
        {
          sheet_error (error, who, _("cell %u must be {\"x\", \"y\", \"terrain\", \"symbol\"} with whole x and y"), i + 1);
          return FALSE;
        }
      terrain = pt_wagons_terrain_from_id (pt_json_get_string (json_object_get_member (cell, "terrain")));
      symbol = pt_wagons_symbol_from_id (pt_json_get_string (json_object_get_member (cell, "symbol")));
      if (terrain < 0 || symbol < 0)
        {
          sheet_error (error, who, _("cell (%" PRId64 ", %" PRId64 ") needs a known terrain and symbol"), x, y);
          return FALSE;
        }
      if (x < -MAX_COORD || x > MAX_COORD || y < -MAX_COORD || y > MAX_COORD)
        {
          sheet_error (error, who, _("cell (%" PRId64 ", %" PRId64 ") is too far out"), x, y);
          return FALSE;
        }
      if (pt_wagons_town_get_cell (town, (int) x, (int) y) != 0)
        {
          sheet_error (error, who, _("the cell (%" PRId64 ", %" PRId64 ") is painted twice"), x, y);
          return FALSE;
        }
      if (!pt_wagons_town_paint (town, (int) x, (int) y, pt_wagons_cell_make (terrain, symbol)))
        {
          sheet_error (error, who, _("the painted town is wider than any town can be"));
          return FALSE;
        }
      used[terrain][symbol]++;
    }
  if (!check_town_shape (town, who, error))
    return FALSE;
  pt_wagons_tally_town (town, bonus_mask, tally);
  tally->cards = cards;
  return TRUE;
}

/* Terrain/symbol pairs no card has, or more of them than the deck holds;
 * the front↔back pairing is not certain, so the whole deck is the limit. */
static gboolean
check_pairs (int used[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS],
             GError **error)
{
  int deck[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS];

  deck_pairs (deck);
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    for (guint s = 0; s < PT_WAGONS_N_SYMBOLS; s++)
      if (used[t][s] > deck[t][s])
        {
          if (deck[t][s] == 0)
            sheet_error (error, NULL, _("No card has a %s territory with a %s"), _(pt_wagons_terrain_name (t)), _(pt_wagons_symbol_name (s)));
          else
            sheet_error (error, NULL, _("The towns show %d %s territories with a %s, but the cards have only %d"), used[t][s], _(pt_wagons_terrain_name (t)), _(pt_wagons_symbol_name (s)), deck[t][s]);
          return FALSE;
        }
  return TRUE;
}

static gboolean
read_bonus_list (JsonObject *sheet,
                 PtWagonsBonus bonus[PT_WAGONS_N_BONUS],
                 GError **error)
{
  JsonArray *array = pt_json_get_array (json_object_get_member (sheet, "bonus"));

  if (array == NULL || json_array_get_length (array) != PT_WAGONS_N_BONUS)
    {
      sheet_error (error, NULL, _("The sheet must name the three bonus cards in play"));
      return FALSE;
    }
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      const char *id = pt_json_get_string (json_array_get_element (array, i));
      int b = pt_wagons_bonus_from_id (id);

      if (b < 0)
        {
          sheet_error (error, NULL, _("“%s” is not a bonus card"), id ? id : "?");
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (bonus[j] == (PtWagonsBonus) b)
          {
            sheet_error (error, NULL, _("%s is in play only once"), _(pt_wagons_bonus_info[b].name));
            return FALSE;
          }
      bonus[i] = b;
    }
  return TRUE;
}

/* Counts the two towns cannot exceed together (written-down players). */
static gboolean
check_shared_counts (const PtWagonsTally tallies[2],
                     GError **error)
{
  static const PtWagonsSymbol symbols[] = { PT_WAGONS_MINE, PT_WAGONS_GUN, PT_WAGONS_BEER };

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    {
      int sum = tallies[0].symbols[symbols[i]] + tallies[1].symbols[symbols[i]];

      if (sum > DECK_EACH)
        {
          sheet_error (error, NULL, _("The towns show %d %s symbols together, but there are only 12"), sum, _(pt_wagons_symbol_name (symbols[i])));
          return FALSE;
        }
    }
  return TRUE;
}

static void
who_clear (Who *who)
{
  g_clear_pointer (&who->owned_label, g_free);
}

static gboolean
read_player (JsonObject *sheet_player,
             guint index,
             const PtWagonsBonus bonus[PT_WAGONS_N_BONUS],
             guint32 bonus_mask,
             PtWagonsTally *tally,
             gboolean *painted,
             int used[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS],
             Who *who,
             GError **error)
{
  const char *name = pt_json_get_string (json_object_get_member (sheet_player, "name"));

  if (name != NULL && *name != '\0')
    who->label = name;
  else
    who->label = who->owned_label = g_strdup_printf (_("Player %u"), index + 1);

  if (json_object_has_member (sheet_player, "name") && name == NULL)
    {
      sheet_error (error, who, _("The name must be text"));
      return FALSE;
    }
  memset (tally, 0, sizeof *tally);
  if (!get_count (sheet_player, "cards", MAX_CARDS, &tally->cards, who, error))
    return FALSE;
  if (tally->cards < 1)
    {
      sheet_error (error, who, _("every player ends with at least one card"));
      return FALSE;
    }
  *painted = json_object_has_member (sheet_player, "cells");
  if (*painted)
    return read_painted_player (sheet_player, bonus_mask, tally, used, who, error);
  return read_counts_player (sheet_player, bonus, tally, who, error);
}

JsonNode *
pt_wagons_score_sheet (JsonObject *sheet,
                       GError **error)
{
  static const char *const members[] = { "game", "bonus", "players", NULL };
  JsonArray *players = pt_json_get_array (json_object_get_member (sheet, "players"));
  PtWagonsBonus bonus[PT_WAGONS_N_BONUS];
  PtWagonsTally tallies[2];
  gboolean painted[2];
  int used[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS] = {
    {
        0,
    },
  };
  guint32 mask = 0;
  PtWagonsScore score;
  const char *unknown = NULL;
  JsonNode *result;
  JsonArray *out_players;

  if (!pt_json_object_only_has (sheet, members, &unknown))
    {
      sheet_error (error, NULL, _("Unknown member “%s” in the score sheet"), unknown);
      return NULL;
    }
  if (!read_bonus_list (sheet, bonus, error))
    return NULL;
  if (players == NULL || json_array_get_length (players) != 2)
    {
      sheet_error (error, NULL, _("Circle the Wagons is scored for exactly 2 players"));
      return NULL;
    }
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    mask |= 1u << bonus[i];

  for (guint p = 0; p < 2; p++)
    {
      JsonObject *player = pt_json_get_object (json_array_get_element (players, p));
      Who who = { NULL, NULL };
      gboolean ok;

      if (player == NULL)
        {
          sheet_error (error, NULL, _("Each player must be a JSON object"));
          return NULL;
        }
      ok = read_player (player, p, bonus, mask, &tallies[p], &painted[p], used, &who, error);
      who_clear (&who);
      if (!ok)
        return NULL;
    }
  if (tallies[0].cards + tallies[1].cards != PT_WAGONS_N_CIRCLE)
    {
      sheet_error (error, NULL, g_dngettext (GETTEXT_PACKAGE, "The towns hold %d card together; all 15 cards of the circle end in a town", "The towns hold %d cards together; all 15 cards of the circle end in a town", (gulong) MAX (tallies[0].cards + tallies[1].cards, 0)),
                   tallies[0].cards + tallies[1].cards);
      return NULL;
    }
  if (!check_pairs (used, error) || !check_shared_counts (tallies, error))
    return NULL;

  pt_wagons_score (bonus, tallies, &score);
  result = pt_wagons_breakdown_to_json (&score, tallies, NULL, TRUE);
  json_object_set_string_member (json_node_get_object (result), "game", "circle-the-wagons");
  out_players = json_object_get_array_member (json_node_get_object (result), "players");
  for (guint p = 0; p < 2; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *out = json_array_get_object_element (out_players, p);
      const char *name = pt_json_get_string (json_object_get_member (player, "name"));

      if (name != NULL)
        json_object_set_string_member (out, "name", name);
      /* Written-down counts the bonus cards did not need are unknown. */
      if (!painted[p])
        json_object_remove_member (out, "counts");
    }
  return result;
}

/**
 * pt_wagons_score_sheet_own:
 * @sheet: a Circle the Wagons score sheet (as for pt_wagons_score_sheet())
 * @player: 0 or 1
 * @partial: (out) (optional): TRUE when bonus cards in play compare both
 *   towns, so the points below leave them out
 * @error: why that player's own entries are refused
 *
 * What @player scores from their own entries alone — the terrain groups
 * and the bonus cards a player scores alone — for a sheet that cannot be
 * scored as a whole yet (the other town unfinished, or the cards not yet
 * adding up to the circle). Checks only that player's entries.
 *
 * Returns: the points, or -1 with @error set.
 */
int
pt_wagons_score_sheet_own (JsonObject *sheet,
                           guint player,
                           gboolean *partial,
                           GError **error)
{
  JsonArray *players = pt_json_get_array (json_object_get_member (sheet, "players"));
  PtWagonsBonus bonus[PT_WAGONS_N_BONUS];
  PtWagonsTally tallies[2];
  gboolean painted = FALSE;
  int used[PT_WAGONS_N_TERRAINS][PT_WAGONS_N_SYMBOLS] = {
    {
        0,
    },
  };
  guint32 mask = 0;
  PtWagonsScore score;
  JsonObject *entry;
  Who who = { NULL, NULL };
  gboolean ok;
  int points;

  g_return_val_if_fail (player < 2, -1);
  if (partial != NULL)
    *partial = FALSE;
  if (!read_bonus_list (sheet, bonus, error))
    return -1;
  if (players == NULL || json_array_get_length (players) != 2)
    {
      sheet_error (error, NULL, _("Circle the Wagons is scored for exactly 2 players"));
      return -1;
    }
  entry = pt_json_get_object (json_array_get_element (players, player));
  if (entry == NULL)
    {
      sheet_error (error, NULL, _("Each player must be a JSON object"));
      return -1;
    }
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    mask |= 1u << bonus[i];
  memset (tallies, 0, sizeof tallies);
  ok = read_player (entry, player, bonus, mask, &tallies[player], &painted, used, &who, error);
  who_clear (&who);
  if (!ok || !check_pairs (used, error))
    return -1;

  pt_wagons_score (bonus, tallies, &score);
  points = score.groups_total[player];
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      if (pt_wagons_bonus_info[bonus[i]].interactive)
        {
          if (partial != NULL)
            *partial = TRUE;
          continue;
        }
      points += score.bonus_points[player][i];
    }
  return points;
}
