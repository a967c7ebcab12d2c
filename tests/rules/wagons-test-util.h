/* wagons-test-util.h — hand-built Circle the Wagons towns for the tests
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A town is drawn as rows of two-letter cells separated by spaces, the top
 * row first, x = 0 at the left: terrain D F M P S W (desert, forest,
 * mountains, plains, snow, water), symbol b c f g m w (beer, cow, fort,
 * gun, mine, wagon); ".." is an empty cell.
 */
#pragma once

#include <string.h>
#include <glib.h>

#include "pt-wagons-town.h"

static inline void
wagons_test_paint (PtWagonsTown *town,
                   const char *const *rows)
{
  static const char terrains[] = "DFMPSW";
  static const char symbols[] = "bcfgmw";

  pt_wagons_town_init (town);
  for (int y = 0; rows[y] != NULL; y++)
    {
      const char *r = rows[y];

      for (int x = 0; r[0] != '\0'; x++)
        {
          g_assert_true (r[1] != '\0');
          if (r[0] != '.')
            {
              const char *t = strchr (terrains, r[0]);
              const char *s = strchr (symbols, r[1]);

              g_assert_nonnull (t);
              g_assert_nonnull (s);
              g_assert_true (pt_wagons_town_paint (town, x, y,
                                                   pt_wagons_cell_make ((guint) (t - terrains),
                                                                        (guint) (s - symbols))));
            }
          r += 2;
          while (*r == ' ')
            r++;
        }
    }
}

#define WAGONS_TOWN(town, ...)                                \
  G_STMT_START                                                \
  {                                                           \
    static const char *const rows_[] = { __VA_ARGS__, NULL }; \
    wagons_test_paint ((town), rows_);                        \
  }                                                           \
  G_STMT_END
