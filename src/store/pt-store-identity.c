/* pt-store-identity.c — "did you mean …?": the existing player a typed
 * name is probably meant to be; see pt_store_suggest_player()
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-player-name.h"
#include "pt-store-private.h"

/* Edit distance between two identity keys, in characters; stops counting
 * past @limit (returns limit + 1). */
static guint
distance (const char *a,
          const char *b,
          guint limit)
{
  g_autofree gunichar *x = g_utf8_to_ucs4_fast (a, -1, NULL);
  g_autofree gunichar *y = g_utf8_to_ucs4_fast (b, -1, NULL);
  glong n = g_utf8_strlen (a, -1), m = g_utf8_strlen (b, -1);
  g_autofree guint *row = g_new (guint, m + 1);

  if ((guint) ABS (n - m) > limit)
    return limit + 1;
  for (glong j = 0; j <= m; j++)
    row[j] = j;
  for (glong i = 1; i <= n; i++)
    {
      guint diagonal = row[0], best;

      row[0] = i;
      best = row[0];
      for (glong j = 1; j <= m; j++)
        {
          guint up = row[j];

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + (x[i - 1] != y[j - 1]));
          diagonal = up;
          best = MIN (best, row[j]);
        }
      if (best > limit)
        return limit + 1;
    }
  return row[m];
}

PtPlayer *
pt_store_suggest_player (PtStore *self,
                         const char *typed,
                         GError **error)
{
  g_autofree char *key = NULL;
  g_autoptr(GPtrArray) players = NULL;
  PtPlayer *best = NULL;
  guint best_score = G_MAXUINT;
  glong length;
  guint limit;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);

  key = pt_player_name_key (typed != NULL ? typed : "");
  length = g_utf8_strlen (key, -1);
  if (length < 2)
    return NULL;
  /* One slip in a short name, two in a longer one. */
  limit = length < 5 ? 1 : 2;
  players = pt_store_list_players (self, FALSE, error);
  if (players == NULL)
    return NULL;
  for (guint i = 0; i < players->len; i++)
    {
      PtPlayer *player = players->pdata[i];
      g_autofree char *other = pt_player_name_key (player->name);
      guint score;

      if (strcmp (other, key) == 0)
        score = 0; /* the same player */
      else if (length >= 3 && g_str_has_prefix (other, key))
        score = 1; /* still typing */
      else if ((score = distance (key, other, limit)) <= limit)
        score += 1; /* a typo */
      else
        continue;
      if (score < best_score)
        {
          best_score = score;
          best = player;
        }
    }
  return best != NULL ? pt_player_ref (best) : NULL;
}
