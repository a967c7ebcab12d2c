/* store-test-util.h — helpers shared by the store tests
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gstdio.h>

#include "pt-store.h"
#include "pt-stats.h"
#include "pt-store-private.h"

/* A fresh temporary folder per test, removed by the returned cleanup. */
static inline char *
test_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("partida-store-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static inline void
test_rmdir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        test_rmdir (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

static inline PtStore *
test_open (const char *dir,
           const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  PtStore *store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
  return store;
}

static inline gint64
test_player (PtStore *store,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) player = pt_store_add_player (store, name, "#3584e4", &error);

  g_assert_no_error (error);
  return player->id;
}

/* Saves a match of @game finished at @finished; @players and @scores have
 * @n entries; winners are the top scores (ties share the win). */
static inline gint64
test_match (PtStore *store,
            const char *game,
            gint64 finished,
            guint n,
            const gint64 *players,
            const int *scores)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new (game, PT_MATCH_MODE_DIGITAL);
  int top = G_MININT;
  gint64 id;

  for (guint i = 0; i < n; i++)
    top = MAX (top, scores[i]);
  for (guint i = 0; i < n; i++)
    pt_match_entry_add_result (entry, pt_match_result_new (players[i], i, scores[i], scores[i] == top));
  entry->started = finished - 600;
  entry->finished = finished;
  entry->breakdown = g_strdup ("{\"rounds\":[1,2,3]}");
  id = pt_store_save_match (store, entry, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}
