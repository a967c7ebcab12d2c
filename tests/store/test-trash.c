/* test-trash.c — "Recently deleted": trash, restore, empty, expire
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "store-test-util.h"
#include "pt-store-trash.h"

static int
wins_of (PtStore *store,
         gint64 player)
{
  g_autoptr(PtStats) stats = pt_stats_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = pt_stats_overview (stats, NULL, TRUE, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < lines->len; i++)
    {
      PtStatLine *line = lines->pdata[i];
      if (line->player_id == player)
        return line->wins;
    }
  return -1;
}

static void
test_trash_match (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "trash.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) trash = NULL;
  gint64 ana = test_player (store, "Ana"), bea = test_player (store, "Bea");
  gint64 ab[] = { ana, bea };
  int won[] = { 30, 10 };
  gint64 first = test_match (store, "lost-cities", 1000, 2, ab, won);
  gint64 second = test_match (store, "lost-cities", 2000, 2, ab, won);
  PtTrashItem *item;

  g_assert_cmpint (wins_of (store, ana), ==, 2);
  g_assert_true (pt_store_delete_match (store, second, &error));
  g_assert_no_error (error);

  /* In the trash, out of the statistics and the history. */
  g_assert_cmpint (wins_of (store, ana), ==, 1);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 1);
  trash = pt_store_list_trash (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trash->len, ==, 1);
  item = trash->pdata[0];
  g_assert_cmpint (item->kind, ==, PT_TRASH_MATCH);
  g_assert_cmpint (item->id, ==, second);
  g_assert_cmpint (item->deleted, >, 0);
  g_assert_nonnull (item->match);
  g_assert_cmpuint (item->match->results->len, ==, 2);
  g_assert_cmpstr (((PtMatchResult *) item->match->results->pdata[0])->player_name, ==, "Ana");
  g_clear_pointer (&trash, g_ptr_array_unref);

  /* Restored: counted again. */
  g_assert_true (pt_store_restore_from_trash (store, PT_TRASH_MATCH, second, &error));
  g_assert_no_error (error);
  g_assert_cmpint (wins_of (store, ana), ==, 2);
  trash = pt_store_list_trash (store, &error);
  g_assert_cmpuint (trash->len, ==, 0);
  g_clear_pointer (&trash, g_ptr_array_unref);
  /* Restoring what is not in the trash fails. */
  g_assert_false (pt_store_restore_from_trash (store, PT_TRASH_MATCH, second, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Emptied by the user: gone for good, the live match stays. */
  g_assert_true (pt_store_delete_match (store, first, &error));
  g_assert_cmpint (pt_store_empty_trash (store, 0, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_null (pt_store_load_match (store, first, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 1);
  trash = pt_store_list_trash (store, &error);
  g_assert_cmpuint (trash->len, ==, 0);
  test_rmdir (dir);
}

static void
test_expire (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "expire.db");
  g_autoptr(GError) error = NULL;
  gint64 ana = test_player (store, "Ana"), bea = test_player (store, "Bea");
  gint64 ab[] = { ana, bea };
  int scores[] = { 30, 10 };
  gint64 old = test_match (store, "lost-cities", 1000, 2, ab, scores);
  gint64 recent = test_match (store, "lost-cities", 2000, 2, ab, scores);
  g_autoptr(PtStmt) age = NULL;

  g_assert_true (pt_store_delete_match (store, old, &error));
  g_assert_true (pt_store_delete_match (store, recent, &error));
  g_assert_no_error (error);
  if (!pt_store_can_trash_nights (store))
    {
      /* Schema 4 keeps no trash times: nothing expires. */
      g_assert_cmpint (pt_store_expire_trash (store, &error), ==, 0);
      g_assert_nonnull (pt_store_load_match (store, old, NULL));
      g_test_skip ("trash times need schema 5");
      test_rmdir (dir);
      return;
    }
  /* 31 days in the trash: emptied; the recent one stays. */
  age = pt_store_prepare (store, "UPDATE matches SET deleted = deleted - 31 * 24 * 3600 WHERE id = ?",
                          &error);
  sqlite3_bind_int64 (age, 1, old);
  g_assert_cmpint (sqlite3_step (age), ==, SQLITE_DONE);
  g_assert_cmpint (pt_store_expire_trash (store, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_null (pt_store_load_match (store, old, NULL));
  {
    g_autoptr(PtMatchEntry) recent_match = pt_store_load_match (store, recent, NULL);

    g_assert_nonnull (recent_match);
  }
  test_rmdir (dir);
}

static void
test_night (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "night.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) night = pt_store_add_night (store, "2026-03-01", "Casa", "", &error);
  g_autoptr(GPtrArray) trash = NULL;
  gint64 ana = test_player (store, "Ana"), bea = test_player (store, "Bea");
  gint64 ab[] = { ana, bea };
  int scores[] = { 30, 10 };
  gint64 in_night[2], alone;
  PtTrashItem *item;

  for (guint i = 0; i < 2; i++)
    {
      in_night[i] = test_match (store, "lost-cities", 1000 + i, 2, ab, scores);
      g_assert_true (pt_store_set_match_night (store, in_night[i], night->id, &error));
    }
  alone = test_match (store, "lost-cities", 3000, 2, ab, scores);
  if (!pt_store_can_trash_nights (store))
    {
      g_assert_false (pt_store_trash_night (store, night->id, &error));
      g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED);
      g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 3);
      g_test_skip ("nights go to the trash from schema 5 on");
      test_rmdir (dir);
      return;
    }
  g_assert_true (pt_store_trash_night (store, night->id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 1);
  g_assert_cmpint (wins_of (store, ana), ==, 1);
  /* One item: the night with its two matches. */
  trash = pt_store_list_trash (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trash->len, ==, 1);
  item = trash->pdata[0];
  g_assert_cmpint (item->kind, ==, PT_TRASH_NIGHT);
  g_assert_cmpint (item->n_matches, ==, 2);
  g_assert_cmpstr (item->night->place, ==, "Casa");
  g_clear_pointer (&trash, g_ptr_array_unref);

  g_assert_true (pt_store_restore_from_trash (store, PT_TRASH_NIGHT, night->id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 3);
  g_assert_cmpint (wins_of (store, ana), ==, 3);

  /* A match restored on its own brings its night back. */
  g_assert_true (pt_store_trash_night (store, night->id, &error));
  g_assert_true (pt_store_restore_from_trash (store, PT_TRASH_MATCH, in_night[0], &error));
  g_assert_no_error (error);
  trash = pt_store_list_trash (store, &error);
  g_assert_cmpuint (trash->len, ==, 1); /* the other match, now on its own */
  g_assert_cmpint (((PtTrashItem *) trash->pdata[0])->id, ==, in_night[1]);
  g_assert_cmpint (pt_store_empty_trash (store, 0, &error), ==, 1);
  {
    g_autoptr(PtMatchEntry) alone_match = pt_store_load_match (store, alone, NULL);

    g_assert_nonnull (alone_match);
  }
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/trash/match", test_trash_match);
  g_test_add_func ("/store/trash/expire", test_expire);
  g_test_add_func ("/store/trash/night", test_night);
  return g_test_run ();
}
