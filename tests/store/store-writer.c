/* store-writer.c — a process that saves matches until it is killed
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Used by test-safety's crash test: `store-writer DB SEED` opens DB, then
 * saves matches forever. After each commit it prints the match UUID and the
 * seed it was built from, so the parent knows what must survive a SIGKILL.
 * The match content is a pure function of the seed (see writer_match()).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pt-store.h"
#include "store-writer.h"

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  gint64 players[WRITER_PLAYERS];
  guint seed;

  if (argc != 3)
    return 2;
  seed = (guint) g_ascii_strtoull (argv[2], NULL, 10);
  store = pt_store_open (argv[1], PT_STORE_OPEN_CREATE, &error);
  if (store == NULL)
    {
      fprintf (stderr, "store-writer: %s\n", error->message);
      return 1;
    }
  for (int i = 0; i < WRITER_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %d", i);
      g_autoptr(PtPlayer) p = pt_store_find_player (store, name, NULL);

      if (p == NULL)
        p = pt_store_add_player (store, name, NULL, &error);
      if (p == NULL)
        {
          fprintf (stderr, "store-writer: %s\n", error->message);
          return 1;
        }
      players[i] = p->id;
    }
  for (guint k = seed;; k++)
    {
      g_autoptr(PtMatchEntry) entry = writer_match (k, players);

      if (pt_store_save_match (store, entry, &error) == 0)
        {
          fprintf (stderr, "store-writer: %s\n", error->message);
          return 1;
        }
      printf ("%s %u\n", entry->uuid, k);
      fflush (stdout);
    }
  return 0;
}
