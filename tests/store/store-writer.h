/* store-writer.h — the matches the crash-test writer saves
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-store.h"

#define WRITER_PLAYERS 4

/* Match number @k: 2–4 players, scores and a ~20 KB breakdown derived from
 * k, so the checker can rebuild what must be in the database. */
static inline PtMatchEntry *
writer_match (guint k,
              const gint64 *players)
{
  PtMatchEntry *entry = pt_match_entry_new (k % 2 ? "lost-cities" : "circle-the-wagons",
                                            PT_MATCH_MODE_COMPANION);
  guint n = 2 + k % 3;
  GString *breakdown = g_string_new ("{\"k\":");

  g_string_append_printf (breakdown, "%u,\"pad\":\"", k);
  for (int i = 0; i < 20000; i++)
    g_string_append_c (breakdown, 'a' + (k + i) % 26);
  g_string_append (breakdown, "\"}");
  for (guint i = 0; i < n; i++)
    pt_match_entry_add_result (entry, pt_match_result_new (players[i], i, (int) ((k * 7 + i * 13) % 50),
                                                           i == 0));
  entry->finished = 1700000000 + k;
  entry->notes = g_strdup_printf ("k=%u", k);
  entry->breakdown = g_string_free (breakdown, FALSE);
  return entry;
}
