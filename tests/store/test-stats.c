/* test-stats.c — statistics with hand-computed expectations
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fixture, in time order (LC = lost-cities, CW = circle-the-wagons):
 *   1  t=100 LC  A 50  B 30         A wins
 *   2  t=200 LC  A 20  B 20         A and B share the win
 *   3  t=300 LC  A 10  B 40  C 40   B and C share the win
 *   4  t=400 CW  A 15  C 12         A wins
 *   5  t=500 LC  A 60  C 5          A wins
 *   6  t=600 CW  B 30  C 31         C wins
 * Night 1 holds matches 1–3, night 2 matches 4–6.
 */
#include "config.h"

#include <math.h>

#include "store-test-util.h"

typedef struct
{
  char *dir;
  PtStore *store;
  PtStats *stats;
  gint64 a, b, c;
  gint64 m[7];
  gint64 night1, night2;
} Fixture;

static void
fixture_set_up (Fixture *f,
                gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) n1 = NULL;
  g_autoptr(PtNight) n2 = NULL;
  int s1[] = { 50, 30 }, s2[] = { 20, 20 }, s3[] = { 10, 40, 40 }, s4[] = { 15, 12 };
  int s5[] = { 60, 5 }, s6[] = { 30, 31 };

  f->dir = test_tmpdir ();
  f->store = test_open (f->dir, "stats.db");
  f->stats = pt_stats_new (f->store);
  f->a = test_player (f->store, "Ana");
  f->b = test_player (f->store, "Beto");
  f->c = test_player (f->store, "Carla");
  {
    gint64 ab[] = { f->a, f->b }, abc[] = { f->a, f->b, f->c }, ac[] = { f->a, f->c };
    gint64 bc[] = { f->b, f->c };

    f->m[1] = test_match (f->store, "lost-cities", 100, 2, ab, s1);
    f->m[2] = test_match (f->store, "lost-cities", 200, 2, ab, s2);
    f->m[3] = test_match (f->store, "lost-cities", 300, 3, abc, s3);
    f->m[4] = test_match (f->store, "circle-the-wagons", 400, 2, ac, s4);
    f->m[5] = test_match (f->store, "lost-cities", 500, 2, ac, s5);
    f->m[6] = test_match (f->store, "circle-the-wagons", 600, 2, bc, s6);
  }
  n1 = pt_store_add_night (f->store, "2026-01-01", "Casa", "", &error);
  n2 = pt_store_add_night (f->store, "2026-01-08", "Bar", "", &error);
  g_assert_no_error (error);
  f->night1 = n1->id;
  f->night2 = n2->id;
  for (int i = 1; i <= 6; i++)
    g_assert_true (pt_store_set_match_night (f->store, f->m[i], i <= 3 ? f->night1 : f->night2,
                                             &error));
}

static void
fixture_tear_down (Fixture *f,
                   gconstpointer data)
{
  g_clear_object (&f->stats);
  g_clear_object (&f->store);
  test_rmdir (f->dir);
  g_free (f->dir);
}

static void
assert_line (const PtStatLine *l,
             int plays,
             int wins,
             double average,
             int best,
             int worst,
             int current,
             int longest,
             gint64 last)
{
  g_assert_cmpint (l->plays, ==, plays);
  g_assert_cmpint (l->wins, ==, wins);
  g_assert_cmpfloat_with_epsilon (l->win_rate, (double) wins / plays, 1e-9);
  g_assert_cmpfloat_with_epsilon (l->average, average, 1e-9);
  g_assert_cmpint (l->best, ==, best);
  g_assert_cmpint (l->worst, ==, worst);
  g_assert_cmpint (l->current_streak, ==, current);
  g_assert_cmpint (l->longest_streak, ==, longest);
  g_assert_cmpint (l->last_played, ==, last);
}

static void
test_player_lines (Fixture *f,
                   gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayerStats) a = pt_stats_player (f->stats, f->a, &error);
  g_autoptr(PtPlayerStats) b = NULL;
  g_autoptr(PtPlayerStats) c = NULL;

  g_assert_no_error (error);
  g_assert_null (a->overall->game);
  /* W W L W W */
  assert_line (a->overall, 5, 4, 31.0, 60, 10, 2, 2, 500);
  g_assert_cmpint (a->per_game->len, ==, 2);
  g_assert_cmpstr (((PtStatLine *) a->per_game->pdata[0])->game, ==, "circle-the-wagons");
  assert_line (a->per_game->pdata[0], 1, 1, 15.0, 15, 15, 1, 1, 400);
  g_assert_cmpstr (((PtStatLine *) a->per_game->pdata[1])->game, ==, "lost-cities");
  assert_line (a->per_game->pdata[1], 4, 3, 35.0, 60, 10, 1, 2, 500);

  b = pt_stats_player (f->stats, f->b, &error);
  assert_line (b->overall, 4, 2, 30.0, 40, 20, 0, 2, 600); /* L W W L */
  c = pt_stats_player (f->stats, f->c, &error);
  assert_line (c->overall, 4, 2, 22.0, 40, 5, 1, 1, 600); /* W L L W */
}

static void
test_player_head_to_head (Fixture *f,
                          gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayerStats) a = pt_stats_player (f->stats, f->a, &error);
  g_autoptr(GPtrArray) pairs = NULL;
  PtHeadToHead *h;

  g_assert_cmpint (a->head_to_head->len, ==, 2);
  h = a->head_to_head->pdata[0]; /* 3 plays each: by name */
  g_assert_cmpint (h->player_a, ==, f->a);
  g_assert_cmpstr (h->name_b, ==, "Beto");
  g_assert_cmpint (h->plays, ==, 3);
  g_assert_cmpint (h->wins_a, ==, 2);
  g_assert_cmpint (h->wins_b, ==, 2);
  g_assert_cmpint (h->a_ahead, ==, 1);
  g_assert_cmpint (h->b_ahead, ==, 1);
  h = a->head_to_head->pdata[1];
  g_assert_cmpstr (h->name_b, ==, "Carla");
  g_assert_cmpint (h->plays, ==, 3);
  g_assert_cmpint (h->wins_a, ==, 2);
  g_assert_cmpint (h->wins_b, ==, 1);

  pairs = pt_stats_head_to_head (f->stats, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pairs->len, ==, 3);
  h = pairs->pdata[2];
  g_assert_cmpint (h->player_a, ==, f->b);
  g_assert_cmpint (h->player_b, ==, f->c);
  g_assert_cmpint (h->plays, ==, 2);
  g_assert_cmpint (h->wins_a, ==, 1);
  g_assert_cmpint (h->wins_b, ==, 2);
  g_clear_pointer (&pairs, g_ptr_array_unref);

  pairs = pt_stats_head_to_head (f->stats, "circle-the-wagons", &error);
  g_assert_cmpint (pairs->len, ==, 2);
}

static void
test_elo_update (void)
{
  int ranks2[] = { 1, 2 }, ranks3[] = { 1, 2, 2 };
  double before2[] = { 1500, 1500 }, before3[] = { 1500, 1500, 1500 }, after[3];
  double draw_before[] = { 1516, 1484 };
  int draw[] = { 1, 1 };

  pt_stats_elo_update (2, ranks2, before2, after);
  g_assert_cmpfloat_with_epsilon (after[0], 1516.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (after[1], 1484.0, 1e-9);
  /* Three players, one ahead of two tied: +K/2·(½+½), −K/2·(½), −K/2·(½). */
  pt_stats_elo_update (3, ranks3, before3, after);
  g_assert_cmpfloat_with_epsilon (after[0], 1516.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (after[1], 1492.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (after[2], 1492.0, 1e-9);
  /* A draw against a weaker player costs: 32·(0.5 − 1/(1+10^(−32/400))). */
  pt_stats_elo_update (2, draw, draw_before, after);
  g_assert_cmpfloat_with_epsilon (after[0], 1514.5304984710244, 1e-6);
  g_assert_cmpfloat_with_epsilon (after[0] + after[1], 3000.0, 1e-9);
}

static void
test_ratings (Fixture *f,
              gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) table = pt_stats_ratings (f->stats, "lost-cities", FALSE, &error);
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(PtPlayerStats) b = NULL;
  PtRating *r;

  g_assert_no_error (error);
  /* Computed by hand (K 32, pairwise) match by match. */
  g_assert_cmpint (table->len, ==, 3);
  r = table->pdata[0];
  g_assert_cmpint (r->player_id, ==, f->a);
  g_assert_cmpfloat_with_epsilon (r->rating, 1514.0106019113257, 1e-6);
  g_assert_cmpint (r->plays, ==, 4);
  r = table->pdata[1];
  g_assert_cmpint (r->player_id, ==, f->b);
  g_assert_cmpfloat_with_epsilon (r->rating, 1494.4714816780468, 1e-6);
  r = table->pdata[2];
  g_assert_cmpfloat_with_epsilon (r->rating, 1491.5179164106275, 1e-6);

  history = pt_stats_rating_history (f->stats, "lost-cities", f->a, &error);
  g_assert_cmpint (history->len, ==, 4);
  r = history->pdata[0];
  g_assert_cmpfloat_with_epsilon (r->before, 1500.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (r->rating, 1516.0, 1e-9);
  g_assert_cmpint (r->match_id, ==, f->m[1]);
  r = history->pdata[2];
  g_assert_cmpfloat_with_epsilon (r->rating, 1497.5285183219532, 1e-6);

  b = pt_stats_player (f->stats, f->b, &error);
  g_assert_cmpint (b->ratings->len, ==, 2);
  r = b->ratings->pdata[0];
  g_assert_cmpstr (r->game, ==, "circle-the-wagons");
  g_assert_cmpfloat_with_epsilon (r->rating, 1483.263693206478, 1e-6);
}

/* Entering an older match late re-rates the game; the result must equal a
 * rating of everything from scratch. */
static void
test_ratings_out_of_order (Fixture *f,
                           gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) incremental = g_string_new (NULL);
  g_autoptr(GString) scratch = g_string_new (NULL);
  gint64 ba[] = { f->b, f->a };
  int s[] = { 9, 1 };
  sqlite3_stmt *stmt = NULL;
  const char *dump = "SELECT match_id, player_id, seat, round (rating, 6), rank"
                     " FROM results ORDER BY match_id, player_id";

  test_match (f->store, "lost-cities", 50, 2, ba, s);
  sqlite3_prepare_v2 (pt_store_get_handle (f->store), dump, -1, &stmt, NULL);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (incremental, "%s %s %s %s %s\n", sqlite3_column_text (stmt, 0),
                            sqlite3_column_text (stmt, 1), sqlite3_column_text (stmt, 2),
                            sqlite3_column_text (stmt, 3), sqlite3_column_text (stmt, 4));
  sqlite3_reset (stmt);
  g_assert_true (pt_store_begin (f->store, &error));
  g_assert_true (pt_stats_recompute_ratings (f->store, NULL, &error));
  g_assert_true (pt_store_commit (f->store, &error));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (scratch, "%s %s %s %s %s\n", sqlite3_column_text (stmt, 0),
                            sqlite3_column_text (stmt, 1), sqlite3_column_text (stmt, 2),
                            sqlite3_column_text (stmt, 3), sqlite3_column_text (stmt, 4));
  sqlite3_finalize (stmt);
  g_assert_cmpstr (incremental->str, ==, scratch->str);
  /* B beat A first now, so A's first LC rating went down. */
  {
    g_autoptr(GPtrArray) history = pt_stats_rating_history (f->stats, "lost-cities", f->a, &error);
    g_assert_cmpint (history->len, ==, 5);
    g_assert_cmpfloat_with_epsilon (((PtRating *) history->pdata[0])->rating, 1484.0, 1e-9);
  }
}

static void
test_soft_delete_changes_stats (Fixture *f,
                                gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayerStats) a = NULL;

  g_assert_true (pt_store_delete_match (f->store, f->m[3], &error));
  a = pt_stats_player (f->stats, f->a, &error);
  assert_line (a->overall, 4, 4, 36.25, 60, 15, 4, 4, 500);
  g_clear_pointer (&a, pt_player_stats_unref);
  g_assert_true (pt_store_undelete_match (f->store, f->m[3], &error));
  a = pt_stats_player (f->stats, f->a, &error);
  assert_line (a->overall, 5, 4, 31.0, 60, 10, 2, 2, 500);
}

static void
test_overview (Fixture *f,
               gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = pt_stats_overview (f->stats, NULL, FALSE, &error);
  g_autoptr(GPtrArray) cw = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (lines->len, ==, 3);
  g_assert_cmpstr (((PtStatLine *) lines->pdata[0])->player_name, ==, "Ana");
  assert_line (lines->pdata[0], 5, 4, 31.0, 60, 10, 2, 2, 500);
  g_assert_cmpstr (((PtStatLine *) lines->pdata[1])->player_name, ==, "Beto");
  g_assert_cmpstr (((PtStatLine *) lines->pdata[2])->player_name, ==, "Carla");
  assert_line (lines->pdata[2], 4, 2, 22.0, 40, 5, 1, 1, 600);

  cw = pt_stats_overview (f->stats, "circle-the-wagons", FALSE, &error);
  g_assert_cmpint (cw->len, ==, 3);
  /* Carla: L W in CW; Beto 1 play 0 wins; Ana 1 play 1 win. */
  g_assert_cmpstr (((PtStatLine *) cw->pdata[0])->player_name, ==, "Ana");
  g_assert_cmpstr (((PtStatLine *) cw->pdata[1])->player_name, ==, "Carla");
  assert_line (cw->pdata[1], 2, 1, 21.5, 31, 12, 1, 1, 600);
}

static void
test_nights (Fixture *f,
             gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) nights = pt_stats_nights (f->stats, &error);
  PtNightSummary *n;

  g_assert_no_error (error);
  g_assert_cmpint (nights->len, ==, 2);
  n = nights->pdata[1]; /* newest first */
  g_assert_cmpint (n->night_id, ==, f->night1);
  g_assert_cmpint (n->matches, ==, 3);
  g_assert_cmpint (n->winners->len, ==, 3);
  g_assert_cmpstr (((PtStatLine *) n->winners->pdata[0])->player_name, ==, "Ana");
  g_assert_cmpint (((PtStatLine *) n->winners->pdata[0])->wins, ==, 2);
  g_assert_cmpstr (((PtStatLine *) n->winners->pdata[1])->player_name, ==, "Beto");
  g_assert_cmpint (((PtStatLine *) n->winners->pdata[1])->wins, ==, 2);
  g_assert_cmpint (((PtStatLine *) n->winners->pdata[2])->wins, ==, 1);
  g_assert_cmpint (n->best_score, ==, 50);
  g_assert_cmpint (n->best_player_id, ==, f->a);
  g_assert_cmpstr (n->best_game, ==, "lost-cities");
  n = nights->pdata[0];
  g_assert_cmpint (n->matches, ==, 3);
  g_assert_cmpint (n->winners->len, ==, 2);
  g_assert_cmpint (n->best_score, ==, 60);
}

static void
test_score_series (Fixture *f,
                   gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = pt_stats_score_series (f->stats, f->a, NULL, &error);
  g_autoptr(GPtrArray) lc = pt_stats_score_series (f->stats, f->a, "lost-cities", &error);
  int expected_all[] = { 50, 20, 10, 15, 60 }, expected_lc[] = { 50, 20, 10, 60 };

  g_assert_no_error (error);
  g_assert_cmpint (all->len, ==, 5);
  for (guint i = 0; i < all->len; i++)
    g_assert_cmpint (((PtScorePoint *) all->pdata[i])->score, ==, expected_all[i]);
  g_assert_cmpint (lc->len, ==, 4);
  for (guint i = 0; i < lc->len; i++)
    g_assert_cmpint (((PtScorePoint *) lc->pdata[i])->score, ==, expected_lc[i]);
  g_assert_true (((PtScorePoint *) lc->pdata[1])->winner);
  g_assert_cmpint (((PtScorePoint *) lc->pdata[2])->rank, ==, 3);
  g_assert_cmpint (((PtScorePoint *) lc->pdata[3])->finished, ==, 500);
}

/* The ratings of the live matches and the kept aggregates as text, exact
 * to the last bit of each double. */
static char *
dump_ratings (PtStore *store)
{
  static const char *const queries[] = {
    "SELECT r.match_id, r.player_id, m.game, m.finished, r.rating FROM results r"
    " JOIN matches m ON m.id = r.match_id WHERE m.deleted = 0 ORDER BY r.match_id, r.player_id",
    "SELECT player_id, game, plays, wins, total, best, worst, streak, longest, first_finished,"
    " first_match, last_finished, last_match, rated, rating FROM player_stats"
    " ORDER BY player_id, game",
    "SELECT * FROM pair_stats ORDER BY player_a, player_b, game",
  };
  GString *out = g_string_new (NULL);

  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), queries[q], -1, &stmt, NULL), ==,
                       SQLITE_OK);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (stmt); c++)
            if (sqlite3_column_type (stmt, c) == SQLITE_FLOAT)
              g_string_append_printf (out, " %a", sqlite3_column_double (stmt, c));
            else
              g_string_append_printf (out, " %s", (const char *) sqlite3_column_text (stmt, c));
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (stmt);
      g_string_append (out, "--\n");
    }
  return g_string_free (out, FALSE);
}

/* What the incremental updates left must equal a rebuild from scratch
 * (done in a transaction that is rolled back). */
static void
assert_ratings_fresh (PtStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *incremental = dump_ratings (store);
  g_autofree char *scratch = NULL;

  g_assert_true (pt_store_begin (store, &error));
  g_assert_true (pt_stats_recompute_ratings (store, NULL, &error));
  g_assert_true (pt_stats_rebuild_aggregates (store, &error));
  g_assert_no_error (error);
  scratch = dump_ratings (store);
  pt_store_rollback (store);
  g_assert_cmpstr (incremental, ==, scratch);
}

static PtMatchEntry *
random_entry (GRand *rand,
              const gint64 *players,
              guint n_players)
{
  static const char *const games[] = { "lost-cities", "next-station-london" };
  PtMatchEntry *entry = pt_match_entry_new (games[g_rand_int_range (rand, 0, 2)],
                                            PT_MATCH_MODE_COMPANION);
  guint n = g_rand_int_range (rand, 1, 5), order[8];

  for (guint i = 0; i < n_players; i++)
    order[i] = i;
  for (guint i = 0; i < n; i++)
    {
      guint j = g_rand_int_range (rand, i, n_players), t = order[i];

      order[i] = order[j];
      order[j] = t;
      /* Few distinct scores, so shared ranks happen. */
      pt_match_entry_add_result (entry, pt_match_result_new (players[order[i]], i,
                                                             g_rand_int_range (rand, 0, 4), FALSE));
    }
  /* Equal times too: the order is then (finished, id). */
  entry->finished = 1000 + 10 * g_rand_int_range (rand, 0, 40);
  return entry;
}

/* Matches saved in any order, one by one and in batches, deleted, restored
 * and edited: the ratings always equal a rebuild from scratch. */
static void
test_ratings_incremental (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "incremental.db");
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  gint64 players[6];

  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i);
      players[i] = test_player (store, name);
    }
  for (int step = 0; step < 120; step++)
    {
      int what = g_rand_int_range (rand, 0, 10);

      if (what < 5 || ids->len < 4)
        {
          g_autoptr(PtMatchEntry) entry = random_entry (rand, players, G_N_ELEMENTS (players));

          g_assert_cmpint (pt_store_save_match (store, entry, &error), >, 0);
          g_assert_no_error (error);
          g_array_append_val (ids, entry->id);
        }
      else if (what < 6)
        {
          g_autoptr(GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);

          for (int i = 0; i < 5; i++)
            g_ptr_array_add (batch, random_entry (rand, players, G_N_ELEMENTS (players)));
          g_assert_true (pt_store_save_matches (store, batch, &error));
          g_assert_no_error (error);
          for (guint i = 0; i < batch->len; i++)
            g_array_append_val (ids, ((PtMatchEntry *) batch->pdata[i])->id);
        }
      else if (what < 8)
        {
          gint64 id = g_array_index (ids, gint64, g_rand_int_range (rand, 0, ids->len));
          g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, id, &error);

          g_assert_no_error (error);
          if (entry->deleted)
            {
              g_assert_true (pt_store_undelete_match (store, id, &error));
              g_assert_no_error (error);
              assert_ratings_fresh (store);
              continue;
            }
          g_assert_true (pt_store_delete_match (store, id, &error));
          g_assert_no_error (error);
          assert_ratings_fresh (store);
          if (g_rand_boolean (rand))
            {
              g_assert_true (pt_store_undelete_match (store, id, &error));
              g_assert_no_error (error);
            }
        }
      else
        {
          gint64 id = g_array_index (ids, gint64, g_rand_int_range (rand, 0, ids->len));
          g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, id, &error);

          g_assert_no_error (error);
          if (entry->deleted)
            continue;
          /* A new lineup for the same match. */
          {
            g_autoptr(PtMatchEntry) other = random_entry (rand, players, G_N_ELEMENTS (players));

            g_ptr_array_unref (entry->results);
            entry->results = g_ptr_array_ref (other->results);
          }
          g_assert_true (pt_store_update_match (store, entry, &error));
          g_assert_no_error (error);
          g_assert_cmpint (entry->id, ==, id);
        }
      assert_ratings_fresh (store);
    }
  g_clear_object (&store);
  test_rmdir (dir);
}

static int
count_rows (PtStore *store,
            const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  int n;

  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return n;
}

/* Background steps until nothing waits; returns how many did work. */
static guint
catch_up (PtStore *store,
          guint budget)
{
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;
  guint steps = 0;

  while (!done)
    {
      g_assert_true (pt_store_catch_up (store, budget, &done, &error));
      g_assert_no_error (error);
      steps += !done;
      g_assert_cmpuint (steps, <, 100000);
    }
  g_assert_false (pt_store_has_pending_statistics (store));
  g_assert_cmpint (count_rows (store, "SELECT count(*) FROM rating_pending"), ==, 0);
  g_assert_cmpint (count_rows (store, "SELECT count(*) FROM aggregate_pending"), ==, 0);
  return steps;
}

/* The worker's way (deferred statistics): the same random saves, batches,
 * trashes, restores and edits, with background steps of a few matches run
 * in between (sometimes none, sometimes only part of the work): once they
 * have all run, ratings and aggregates equal a rebuild from scratch. */
static void
test_deferred_incremental (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "deferred.db");
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  gint64 players[6];
  guint deferred = 0;

  pt_store_set_defer_statistics (store, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i);
      players[i] = test_player (store, name);
    }
  for (int step = 0; step < 150; step++)
    {
      int what = g_rand_int_range (rand, 0, 10);
      gint64 id = ids->len > 0 ? g_array_index (ids, gint64, g_rand_int_range (rand, 0, ids->len)) : 0;
      g_autoptr(PtMatchEntry) entry = id > 0 ? pt_store_load_match (store, id, NULL) : NULL;

      if (what < 5 || ids->len < 4)
        {
          g_autoptr(PtMatchEntry) fresh = random_entry (rand, players, G_N_ELEMENTS (players));

          g_assert_cmpint (pt_store_save_match (store, fresh, &error), >, 0);
          g_array_append_val (ids, fresh->id);
        }
      else if (what < 6)
        {
          g_autoptr(GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);

          for (int i = 0; i < 3; i++)
            g_ptr_array_add (batch, random_entry (rand, players, G_N_ELEMENTS (players)));
          g_assert_true (pt_store_save_matches (store, batch, &error));
          for (guint i = 0; i < batch->len; i++)
            g_array_append_val (ids, ((PtMatchEntry *) batch->pdata[i])->id);
        }
      else if (what < 8)
        {
          if (entry->deleted)
            g_assert_true (pt_store_undelete_match (store, id, &error));
          else
            g_assert_true (pt_store_delete_match (store, id, &error));
        }
      else if (!entry->deleted)
        {
          g_autoptr(PtMatchEntry) other = random_entry (rand, players, G_N_ELEMENTS (players));

          g_ptr_array_unref (entry->results);
          entry->results = g_ptr_array_ref (other->results);
          g_assert_true (pt_store_update_match (store, entry, &error));
        }
      g_assert_no_error (error);
      deferred += pt_store_has_pending_statistics (store);

      /* Some background steps now, all of them, or none yet. */
      switch (g_rand_int_range (rand, 0, 3))
        {
        case 0:
          {
            gboolean done = FALSE;

            g_assert_true (pt_store_catch_up (store, 2, &done, &error));
            g_assert_no_error (error);
          }
          break;
        case 1:
          catch_up (store, g_rand_int_range (rand, 1, 6));
          assert_ratings_fresh (store);
          break;
        default:
          break;
        }
    }
  catch_up (store, 3);
  assert_ratings_fresh (store);
  /* The walk did leave work for the background (else it tested nothing). */
  g_assert_cmpuint (deferred, >, 20);
  g_clear_object (&store);
  test_rmdir (dir);
}

/* The ratings of every match, by match id and seat. */
static GHashTable *
match_ratings (PtStore *store)
{
  GHashTable *ratings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store),
                                       "SELECT match_id, seat, rating FROM results", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_hash_table_insert (ratings,
                         g_strdup_printf ("%" G_GINT64_FORMAT "/%d", (gint64) sqlite3_column_int64 (stmt, 0),
                                          sqlite3_column_int (stmt, 1)),
                         g_strdup_printf ("%a", sqlite3_column_double (stmt, 2)));
  sqlite3_finalize (stmt);
  return ratings;
}

static gboolean
rating_changed (GHashTable *before,
                GHashTable *after,
                gint64 match,
                int seat)
{
  g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%d", match, seat);

  return g_strcmp0 (g_hash_table_lookup (before, key), g_hash_table_lookup (after, key)) != 0;
}

/* Editing an old match (a new winner): the edit itself writes only that
 * match's ratings and queues the rest; the background steps then re-rate
 * exactly the later matches of the players it touched — Ana and Beto's,
 * not Carla and Dani's (they never met) nor anything before the edit. */
static void
test_deferred_edit_ripple (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "ripple.db");
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) right_after = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  gint64 ana = test_player (store, "Ana"), beto = test_player (store, "Beto");
  gint64 carla = test_player (store, "Carla"), dani = test_player (store, "Dani");
  gint64 ab[] = { ana, beto }, cd[] = { carla, dani };
  gint64 m[40];
  const guint edited = 10;

  for (guint i = 0; i < G_N_ELEMENTS (m); i++)
    {
      int scores[] = { 10 + (int) (i % 3), 11 };

      m[i] = test_match (store, "lost-cities", 1000 + 10 * i, 2, i % 2 == 0 ? ab : cd, scores);
    }
  before = match_ratings (store);

  pt_store_set_defer_statistics (store, TRUE);
  catch_up (store, 5);
  entry = pt_store_load_match (store, m[edited], &error);
  g_assert_no_error (error);
  /* It was a shared win (11 to 11): now the second seat wins alone. */
  {
    PtMatchResult *r0 = g_ptr_array_index (entry->results, 0);
    PtMatchResult *r1 = g_ptr_array_index (entry->results, 1);
    gboolean first_won = r0->winner;

    r0->score = first_won ? 0 : 99;
    r1->score = first_won ? 99 : 0;
    r0->winner = !first_won;
    r1->winner = first_won;
    r0->rank = r1->rank = 0;
  }
  g_assert_true (pt_store_update_match (store, entry, &error));
  g_assert_no_error (error);
  g_assert_true (pt_store_has_pending_statistics (store));
  g_assert_cmpint (count_rows (store, "SELECT count(*) FROM rating_pending"), ==, 1);

  /* Before the background: the edited match is rated anew, nothing later. */
  right_after = match_ratings (store);
  g_assert_true (rating_changed (before, right_after, m[edited], 0));
  g_assert_true (rating_changed (before, right_after, m[edited], 1));
  for (guint i = edited + 1; i < G_N_ELEMENTS (m); i++)
    g_assert_false (rating_changed (before, right_after, m[i], 0));

  g_assert_cmpuint (catch_up (store, 4), >, 1);
  after = match_ratings (store);
  for (guint i = 0; i < G_N_ELEMENTS (m); i++)
    for (int seat = 0; seat < 2; seat++)
      {
        gboolean affected = i >= edited && i % 2 == 0;

        g_assert_cmpint (rating_changed (before, after, m[i], seat), ==, affected);
      }
  assert_ratings_fresh (store);
  g_clear_object (&store);
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/store/stats/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("player-lines", test_player_lines);
  ADD ("head-to-head", test_player_head_to_head);
  ADD ("ratings", test_ratings);
  ADD ("ratings-out-of-order", test_ratings_out_of_order);
  ADD ("soft-delete", test_soft_delete_changes_stats);
  ADD ("overview", test_overview);
  ADD ("nights", test_nights);
  ADD ("score-series", test_score_series);
#undef ADD
  g_test_add_func ("/store/stats/elo-update", test_elo_update);
  g_test_add_func ("/store/stats/ratings-incremental", test_ratings_incremental);
  g_test_add_func ("/store/stats/deferred-incremental", test_deferred_incremental);
  g_test_add_func ("/store/stats/deferred-edit-ripple", test_deferred_edit_ripple);

  return g_test_run ();
}
