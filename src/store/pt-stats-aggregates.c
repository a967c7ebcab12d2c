/* pt-stats-aggregates.c — the per-player and per-pair aggregates the statistics read, and appending matches
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

/* PRId64 rather than G_GINT64_FORMAT inside _(): xgettext only understands
 * the <inttypes.h> macros and would cut the message at G_GINT64_FORMAT. */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-stats.h"
#include "pt-store-private.h"

/* Aggregates ----------------------------------------------------------------
 *
 * player_stats holds, per player and game ('' = all games), what the
 * statistics pages show; pair_stats the head-to-head of each pair (the
 * smaller id first) per game. A match saved after every other match of
 * its players (the usual save) is added in place; anything else (a late
 * entry, an edit, trash, restore, merge) marks its players dirty and the
 * commit rebuilds those players' rows in one pass over the live matches.
 */

typedef struct
{
  gint64 player;
  char *game;
  int plays, wins, best, worst, streak, longest, rated;
  gint64 total, first_finished, first_match, last_finished, last_match;
  gboolean has_rating;
  double rating;
} Agg;

typedef struct
{
  gint64 a, b;
  char *game;
  int plays, wins_a, wins_b, a_ahead, b_ahead;
} PairAgg;

void
pt_stats_mark_player_dirty (PtStore *self,
                            gint64 player_id)
{
  g_hash_table_add (self->dirty_players, g_memdup2 (&player_id, sizeof player_id));
}

typedef struct
{
  gint64 player;
  int score, rank;
  gboolean winner, has_rating;
  double rating;
} AggSeat;

/* The game, time and live state of a match and its seats. */
static gboolean
read_match_seats (PtStore *self,
                  gint64 match_id,
                  char **game,
                  gint64 *finished,
                  gboolean *live,
                  GArray *seats,
                  GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT m.game, m.finished, m.deleted, r.player_id, r.score,"
                                              " r.rank, r.winner, r.rating"
                                              " FROM matches m JOIN results r ON r.match_id = m.id"
                                              " WHERE m.id = ? ORDER BY r.seat",
                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, match_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      AggSeat seat = { 0 };

      if (*game == NULL)
        {
          *game = pt_store_dup_column_text (stmt, 0);
          *finished = sqlite3_column_int64 (stmt, 1);
          *live = sqlite3_column_int64 (stmt, 2) == 0;
        }
      seat.player = sqlite3_column_int64 (stmt, 3);
      seat.score = sqlite3_column_int (stmt, 4);
      seat.rank = sqlite3_column_int (stmt, 5);
      seat.winner = sqlite3_column_int (stmt, 6) != 0;
      seat.has_rating = sqlite3_column_type (stmt, 7) != SQLITE_NULL;
      seat.rating = sqlite3_column_double (stmt, 7);
      g_array_append_val (seats, seat);
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  return TRUE;
}

gboolean
pt_stats_match_removed (PtStore *self,
                        gint64 match_id,
                        GError **error)
{
  g_autoptr(GArray) seats = g_array_new (FALSE, FALSE, sizeof (AggSeat));
  g_autofree char *game = NULL;
  gint64 finished = 0;
  gboolean live = FALSE;

  if (!read_match_seats (self, match_id, &game, &finished, &live, seats, error))
    return FALSE;
  for (guint i = 0; live && i < seats->len; i++)
    pt_stats_mark_player_dirty (self, g_array_index (seats, AggSeat, i).player);
  return TRUE;
}

/* Whether (finished, id) comes after every play of @player in @game. */
static gboolean
is_latest (PtStore *self,
           gint64 player,
           const char *game,
           gint64 finished,
           gint64 match_id,
           gboolean *latest,
           GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT (last_finished, last_match) < (?3, ?4) FROM player_stats"
                                              " WHERE player_id = ?1 AND game = ?2",
                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, player);
  sqlite3_bind_text (stmt, 2, game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, finished);
  sqlite3_bind_int64 (stmt, 4, match_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *latest = sqlite3_column_int (stmt, 0) != 0;
  else if (rc == SQLITE_DONE)
    *latest = TRUE;
  else
    return pt_store_set_error (self, rc, _("Could not read the statistics"), error);
  return TRUE;
}

static gboolean
add_player_play (PtStore *self,
                 const AggSeat *seat,
                 const char *game,
                 gint64 finished,
                 gint64 match_id,
                 gboolean rated,
                 GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "INSERT INTO player_stats (player_id, game, plays, wins, total, best, worst, streak, longest,"
                                              " first_finished, first_match, last_finished, last_match, rated, rating)"
                                              " VALUES (?1, ?2, 1, ?3, ?4, ?4, ?4, ?3, ?3, ?5, ?6, ?5, ?6, ?7, ?8)"
                                              " ON CONFLICT (player_id, game) DO UPDATE SET plays = plays + 1, wins = wins + excluded.wins,"
                                              " total = total + excluded.total, best = max (best, excluded.best),"
                                              " worst = min (worst, excluded.worst),"
                                              " streak = CASE WHEN excluded.wins THEN streak + 1 ELSE 0 END,"
                                              " longest = max (longest, CASE WHEN excluded.wins THEN streak + 1 ELSE 0 END),"
                                              " last_finished = excluded.last_finished, last_match = excluded.last_match,"
                                              " rated = rated + excluded.rated, rating = coalesce (excluded.rating, rating)",
                                              error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seat->player);
  sqlite3_bind_text (stmt, 2, game, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 3, seat->winner ? 1 : 0);
  sqlite3_bind_int (stmt, 4, seat->score);
  sqlite3_bind_int64 (stmt, 5, finished);
  sqlite3_bind_int64 (stmt, 6, match_id);
  sqlite3_bind_int (stmt, 7, rated ? 1 : 0);
  if (*game != '\0' && seat->has_rating)
    sqlite3_bind_double (stmt, 8, seat->rating);
  return pt_store_step_done (self, stmt, _("Could not save the statistics"), error);
}

static gboolean
add_pair_play (PtStore *self,
               const AggSeat *x,
               const AggSeat *y,
               const char *game,
               GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "INSERT INTO pair_stats (player_a, player_b, game, plays, wins_a, wins_b, a_ahead, b_ahead)"
                                              " VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7)"
                                              " ON CONFLICT (player_a, player_b, game) DO UPDATE SET plays = plays + 1,"
                                              " wins_a = wins_a + excluded.wins_a, wins_b = wins_b + excluded.wins_b,"
                                              " a_ahead = a_ahead + excluded.a_ahead, b_ahead = b_ahead + excluded.b_ahead",
                                              error);
  const AggSeat *a = x->player < y->player ? x : y;
  const AggSeat *b = a == x ? y : x;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, a->player);
  sqlite3_bind_int64 (stmt, 2, b->player);
  sqlite3_bind_text (stmt, 3, game, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 4, a->winner ? 1 : 0);
  sqlite3_bind_int (stmt, 5, b->winner ? 1 : 0);
  sqlite3_bind_int (stmt, 6, a->rank < b->rank);
  sqlite3_bind_int (stmt, 7, b->rank < a->rank);
  return pt_store_step_done (self, stmt, _("Could not save the statistics"), error);
}

gboolean
pt_stats_match_added (PtStore *self,
                      gint64 match_id,
                      GError **error)
{
  g_autoptr(GArray) seats = g_array_new (FALSE, FALSE, sizeof (AggSeat));
  g_autofree char *game = NULL;
  gint64 finished = 0;
  gboolean live = FALSE, append = TRUE, rated;

  if (!read_match_seats (self, match_id, &game, &finished, &live, seats, error))
    return FALSE;
  if (!live || self->all_dirty)
    return TRUE;
  for (guint i = 0; append && i < seats->len; i++)
    {
      AggSeat *seat = &g_array_index (seats, AggSeat, i);
      gboolean latest_all = FALSE, latest_game = FALSE;

      if (g_hash_table_contains (self->dirty_players, &seat->player))
        append = FALSE;
      else if (!is_latest (self, seat->player, "", finished, match_id, &latest_all, error) ||
               !is_latest (self, seat->player, game, finished, match_id, &latest_game, error))
        return FALSE;
      else
        append = latest_all && latest_game;
    }
  if (!append)
    {
      for (guint i = 0; i < seats->len; i++)
        pt_stats_mark_player_dirty (self, g_array_index (seats, AggSeat, i).player);
      return TRUE;
    }
  rated = seats->len >= 2 && seats->len <= 8;
  for (guint i = 0; i < seats->len; i++)
    {
      AggSeat *seat = &g_array_index (seats, AggSeat, i);

      if (!add_player_play (self, seat, "", finished, match_id, rated, error) ||
          !add_player_play (self, seat, game, finished, match_id, rated, error))
        return FALSE;
      for (guint j = i + 1; j < seats->len; j++)
        if (!add_pair_play (self, seat, &g_array_index (seats, AggSeat, j), "", error) ||
            !add_pair_play (self, seat, &g_array_index (seats, AggSeat, j), game, error))
          return FALSE;
    }
  return TRUE;
}

/* Aggregate rows are keyed by (player, interned game) without allocating. */
static guint
agg_hash (gconstpointer key)
{
  const Agg *a = key;

  return g_int64_hash (&a->player) ^ g_direct_hash (a->game);
}

static gboolean
agg_equal (gconstpointer a,
           gconstpointer b)
{
  return ((const Agg *) a)->player == ((const Agg *) b)->player &&
         ((const Agg *) a)->game == ((const Agg *) b)->game;
}

static Agg *
agg_get (GHashTable *aggs,
         gint64 player,
         const char *game)
{
  Agg key = { .player = player, .game = (char *) game };
  Agg *agg = g_hash_table_lookup (aggs, &key);

  if (agg == NULL)
    {
      agg = g_new0 (Agg, 1);
      agg->player = player;
      agg->game = (char *) game;
      g_hash_table_add (aggs, agg);
    }
  return agg;
}

static void
agg_add (Agg *agg,
         const AggSeat *seat,
         gint64 finished,
         gint64 match_id,
         gboolean rated)
{
  if (agg->plays == 0)
    {
      agg->best = agg->worst = seat->score;
      agg->first_finished = finished;
      agg->first_match = match_id;
    }
  agg->best = MAX (agg->best, seat->score);
  agg->worst = MIN (agg->worst, seat->score);
  agg->plays++;
  agg->total += seat->score;
  if (seat->winner)
    {
      agg->wins++;
      agg->streak++;
      agg->longest = MAX (agg->longest, agg->streak);
    }
  else
    agg->streak = 0;
  agg->last_finished = finished;
  agg->last_match = match_id;
  agg->rated += rated;
  if (*agg->game != '\0' && seat->has_rating && rated)
    {
      agg->has_rating = TRUE;
      agg->rating = seat->rating;
    }
}

static guint
pair_hash (gconstpointer key)
{
  const PairAgg *p = key;

  return g_int64_hash (&p->a) ^ (g_int64_hash (&p->b) * 31) ^ g_direct_hash (p->game);
}

static gboolean
pair_equal (gconstpointer a,
            gconstpointer b)
{
  const PairAgg *x = a, *y = b;

  return x->a == y->a && x->b == y->b && x->game == y->game;
}

static PairAgg *
pair_get (GHashTable *pairs,
          const AggSeat *x,
          const AggSeat *y,
          const char *game)
{
  PairAgg key = { .a = MIN (x->player, y->player), .b = MAX (x->player, y->player), .game = (char *) game };
  PairAgg *agg = g_hash_table_lookup (pairs, &key);

  if (agg == NULL)
    {
      agg = g_new (PairAgg, 1);
      *agg = key;
      g_hash_table_add (pairs, agg);
    }
  return agg;
}

static void
pair_add (PairAgg *agg,
          const AggSeat *x,
          const AggSeat *y)
{
  const AggSeat *a = x->player == agg->a ? x : y;
  const AggSeat *b = a == x ? y : x;

  agg->plays++;
  agg->wins_a += a->winner;
  agg->wins_b += b->winner;
  agg->a_ahead += a->rank < b->rank;
  agg->b_ahead += b->rank < a->rank;
}

static void
aggregate_match (PtStore *self,
                 GHashTable *aggs,
                 GHashTable *pairs,
                 const char *game,
                 gint64 finished,
                 gint64 match_id,
                 GArray *seats)
{
  gboolean rated = seats->len >= 2 && seats->len <= 8;
  const char *all_games = g_intern_static_string ("");

  for (guint i = 0; i < seats->len; i++)
    {
      AggSeat *x = &g_array_index (seats, AggSeat, i);
      gboolean dx = self->all_dirty || g_hash_table_contains (self->dirty_players, &x->player);

      if (dx)
        {
          agg_add (agg_get (aggs, x->player, all_games), x, finished, match_id, rated);
          agg_add (agg_get (aggs, x->player, game), x, finished, match_id, rated);
        }
      for (guint j = i + 1; j < seats->len; j++)
        {
          AggSeat *y = &g_array_index (seats, AggSeat, j);

          if (dx || g_hash_table_contains (self->dirty_players, &y->player))
            {
              pair_add (pair_get (pairs, x, y, all_games), x, y);
              pair_add (pair_get (pairs, x, y, game), x, y);
            }
        }
    }
}

static gboolean write_agg_rows (PtStore *self,
                                GHashTable *aggs,
                                GHashTable *pairs,
                                GError **error);

static gboolean
write_aggregates (PtStore *self,
                  GHashTable *aggs,
                  GHashTable *pairs,
                  GError **error)
{
  GHashTableIter iter;
  gpointer value;

  if (self->all_dirty)
    {
      if (!pt_store_exec (self, "DELETE FROM player_stats; DELETE FROM pair_stats", error))
        return FALSE;
    }
  else
    {
      g_autoptr(PtStmt) drop_player = pt_store_prepare (self, "DELETE FROM player_stats WHERE player_id = ?",
                                                         error);
      g_autoptr(PtStmt) drop_pair = NULL;

      if (drop_player == NULL ||
          (drop_pair = pt_store_prepare (self,
                                         "DELETE FROM pair_stats WHERE player_a = ?1 OR player_b = ?1",
                                         error)) == NULL)
        return FALSE;
      g_hash_table_iter_init (&iter, self->dirty_players);
      while (g_hash_table_iter_next (&iter, &value, NULL))
        {
          sqlite3_reset (drop_player);
          sqlite3_bind_int64 (drop_player, 1, *(gint64 *) value);
          sqlite3_reset (drop_pair);
          sqlite3_bind_int64 (drop_pair, 1, *(gint64 *) value);
          if (!pt_store_step_done (self, drop_player, _("Could not save the statistics"), error) ||
                                   !pt_store_step_done (self, drop_pair, _("Could not save the statistics"), error))
            return FALSE;
        }
    }

  return write_agg_rows (self, aggs, pairs, error);
}

static gboolean
write_agg_rows (PtStore *self,
                GHashTable *aggs,
                GHashTable *pairs,
                GError **error)
{
  g_autoptr(PtStmt) player = NULL;
  g_autoptr(PtStmt) pair = NULL;
  GHashTableIter iter;
  gpointer value;

  player = pt_store_prepare (self,
                             "INSERT OR REPLACE INTO player_stats (player_id, game, plays, wins, total, best,"
                             " worst, streak, longest, first_finished, first_match, last_finished,"
                             " last_match, rated, rating)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             error);
  if (player == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, aggs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Agg *a = value;

      sqlite3_reset (player);
      sqlite3_clear_bindings (player);
      sqlite3_bind_int64 (player, 1, a->player);
      sqlite3_bind_text (player, 2, a->game, -1, SQLITE_STATIC);
      sqlite3_bind_int (player, 3, a->plays);
      sqlite3_bind_int (player, 4, a->wins);
      sqlite3_bind_int64 (player, 5, a->total);
      sqlite3_bind_int (player, 6, a->best);
      sqlite3_bind_int (player, 7, a->worst);
      sqlite3_bind_int (player, 8, a->streak);
      sqlite3_bind_int (player, 9, a->longest);
      sqlite3_bind_int64 (player, 10, a->first_finished);
      sqlite3_bind_int64 (player, 11, a->first_match);
      sqlite3_bind_int64 (player, 12, a->last_finished);
      sqlite3_bind_int64 (player, 13, a->last_match);
      sqlite3_bind_int (player, 14, a->rated);
      if (a->has_rating)
        sqlite3_bind_double (player, 15, a->rating);
      if (!pt_store_step_done (self, player, _("Could not save the statistics"), error))
        return FALSE;
    }

  pair = pt_store_prepare (self,
                           "INSERT OR REPLACE INTO pair_stats (player_a, player_b, game, plays, wins_a,"
                           " wins_b, a_ahead, b_ahead) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           error);
  if (pair == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, pairs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      PairAgg *p = value;

      sqlite3_reset (pair);
      sqlite3_bind_int64 (pair, 1, p->a);
      sqlite3_bind_int64 (pair, 2, p->b);
      sqlite3_bind_text (pair, 3, p->game, -1, SQLITE_STATIC);
      sqlite3_bind_int (pair, 4, p->plays);
      sqlite3_bind_int (pair, 5, p->wins_a);
      sqlite3_bind_int (pair, 6, p->wins_b);
      sqlite3_bind_int (pair, 7, p->a_ahead);
      sqlite3_bind_int (pair, 8, p->b_ahead);
      if (!pt_store_step_done (self, pair, _("Could not save the statistics"), error))
        return FALSE;
    }
  return TRUE;
}

/* Deferred (the worker's connection): the dirty players are written to
 * aggregate_pending and rebuilt by a background step instead, so an edit
 * of an old match does not wait for a pass over the whole history. */
static gboolean
defer_aggregates (PtStore *self,
                  GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "INSERT OR IGNORE INTO aggregate_pending (player_id) VALUES (?)",
                                              error);
  GHashTableIter iter;
  gpointer key;

  if (stmt == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, self->dirty_players);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, *(gint64 *) key);
      if (!pt_store_step_done (self, stmt, _("Could not save the statistics"), error))
        return FALSE;
    }
  g_hash_table_remove_all (self->dirty_players);
  self->pending_statistics = TRUE;
  return TRUE;
}

static gboolean flush_aggregates_now (PtStore *self,
                                      GError **error);

gboolean
pt_stats_flush_aggregates (PtStore *self,
                           GError **error)
{
  if (self->defer_statistics && !self->all_dirty)
    return defer_aggregates (self, error);
  return flush_aggregates_now (self, error);
}

/* A background step: the players waiting in aggregate_pending rebuilt in
 * one pass (inside the caller's transaction). */
gboolean
pt_stats_catch_up_aggregates (PtStore *self,
                              gboolean *done,
                              GError **error)
{
  g_autoptr(PtStmt) read = pt_store_prepare (self, "SELECT player_id FROM aggregate_pending", error);
  int rc;

  *done = FALSE;
  if (read == NULL)
    return FALSE;
  while ((rc = sqlite3_step (read)) == SQLITE_ROW)
    pt_stats_mark_player_dirty (self, sqlite3_column_int64 (read, 0));
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not read the statistics"), error);
  pt_stmt_release (g_steal_pointer (&read));
  if (g_hash_table_size (self->dirty_players) == 0)
    {
      *done = TRUE;
      return TRUE;
    }
  return flush_aggregates_now (self, error) &&
         pt_store_exec (self, "DELETE FROM aggregate_pending", error);
}

/* One pass over the live matches in time order, for the dirty players. */
static gboolean
flush_aggregates_now (PtStore *self,
                      GError **error)
{
  g_autoptr(GHashTable) aggs = g_hash_table_new_full (agg_hash, agg_equal, g_free, NULL);
  g_autoptr(GHashTable) pairs = g_hash_table_new_full (pair_hash, pair_equal, g_free, NULL);
  g_autoptr(GArray) seats = g_array_new (FALSE, FALSE, sizeof (AggSeat));
  g_autoptr(PtStmt) rows = NULL;
  const char *game = NULL;
  gint64 match_id = 0, finished = 0;
  gboolean ok;
  int rc;

  rows = pt_store_prepare (self,
                           "SELECT m.id, m.game, m.finished, r.player_id, r.score, r.rank, r.winner, r.rating"
                           " FROM matches m INDEXED BY matches_time JOIN results r ON r.match_id = m.id"
                           " WHERE m.deleted = 0 ORDER BY m.finished, m.id, r.seat",
                           error);
  if (rows == NULL)
    return FALSE;
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (rows, 0);
      AggSeat seat = { 0 };

      if (id != match_id)
        {
          if (match_id != 0)
            aggregate_match (self, aggs, pairs, game, finished, match_id, seats);
          g_array_set_size (seats, 0);
          game = g_intern_string ((const char *) sqlite3_column_text (rows, 1));
          finished = sqlite3_column_int64 (rows, 2);
          match_id = id;
        }
      seat.player = sqlite3_column_int64 (rows, 3);
      seat.score = sqlite3_column_int (rows, 4);
      seat.rank = sqlite3_column_int (rows, 5);
      seat.winner = sqlite3_column_int (rows, 6) != 0;
      seat.has_rating = sqlite3_column_type (rows, 7) != SQLITE_NULL;
      seat.rating = sqlite3_column_double (rows, 7);
      g_array_append_val (seats, seat);
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not update the statistics"), error);
  if (match_id != 0)
    aggregate_match (self, aggs, pairs, game, finished, match_id, seats);
  pt_stmt_release (g_steal_pointer (&rows));
  ok = write_aggregates (self, aggs, pairs, error);
  g_hash_table_remove_all (self->dirty_players);
  self->all_dirty = FALSE;
  return ok;
}

gboolean
pt_stats_rebuild_aggregates (PtStore *self,
                             GError **error)
{
  self->all_dirty = TRUE;
  return pt_stats_flush_aggregates (self, error);
}

/* Appending ---------------------------------------------------------------
 *
 * Matches saved after every live match (the app's usual save, and a batch
 * of them in time order) need no replay and no pass over the history: the
 * ratings come from each player's current one in player_stats and are
 * written with the results, and the aggregate rows of the players involved
 * are read once, added to in memory and written back at the end.
 */

struct _PtAppend
{
  PtStore *store;
  gint64 latest;     /* (finished) of the latest live match */
  GHashTable *aggs;  /* Agg, loaded from player_stats when first touched */
  GHashTable *pairs; /* PairAgg, likewise from pair_stats */
};

PtAppend *
pt_append_new (PtStore *self,
               GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT max (finished) FROM matches INDEXED BY matches_time"
                                              " WHERE deleted = 0",
                                              error);
  PtAppend *append;
  int rc;

  if (stmt == NULL)
    return NULL;
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    {
      pt_store_set_error (self, rc, _("Could not read the matches"), error);
      return NULL;
    }
  append = g_new0 (PtAppend, 1);
  append->store = self;
  append->latest = sqlite3_column_type (stmt, 0) == SQLITE_NULL ? G_MININT64 : sqlite3_column_int64 (stmt, 0);
  append->aggs = g_hash_table_new_full (agg_hash, agg_equal, g_free, NULL);
  append->pairs = g_hash_table_new_full (pair_hash, pair_equal, g_free, NULL);
  return append;
}

void
pt_append_free (PtAppend *append)
{
  g_hash_table_unref (append->aggs);
  g_hash_table_unref (append->pairs);
  g_free (append);
}

gboolean
pt_append_accepts (PtAppend *append,
                   gint64 finished)
{
  return finished >= append->latest;
}

static Agg *
append_agg (PtAppend *append,
            gint64 player,
            const char *game,
            GError **error)
{
  Agg key = { .player = player, .game = (char *) game };
  Agg *agg = g_hash_table_lookup (append->aggs, &key);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  if (agg != NULL)
    return agg;
  stmt = pt_store_prepare (append->store,
                           "SELECT plays, wins, total, best, worst, streak, longest, first_finished,"
                           " first_match, last_finished, last_match, rated, rating FROM player_stats"
                           " WHERE player_id = ? AND game = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player);
  sqlite3_bind_text (stmt, 2, game, -1, SQLITE_STATIC);
  agg = g_new0 (Agg, 1);
  agg->player = player;
  agg->game = (char *) game;
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      agg->plays = sqlite3_column_int (stmt, 0);
      agg->wins = sqlite3_column_int (stmt, 1);
      agg->total = sqlite3_column_int64 (stmt, 2);
      agg->best = sqlite3_column_int (stmt, 3);
      agg->worst = sqlite3_column_int (stmt, 4);
      agg->streak = sqlite3_column_int (stmt, 5);
      agg->longest = sqlite3_column_int (stmt, 6);
      agg->first_finished = sqlite3_column_int64 (stmt, 7);
      agg->first_match = sqlite3_column_int64 (stmt, 8);
      agg->last_finished = sqlite3_column_int64 (stmt, 9);
      agg->last_match = sqlite3_column_int64 (stmt, 10);
      agg->rated = sqlite3_column_int (stmt, 11);
      agg->has_rating = sqlite3_column_type (stmt, 12) != SQLITE_NULL;
      agg->rating = sqlite3_column_double (stmt, 12);
    }
  else if (rc != SQLITE_DONE)
    {
      g_free (agg);
      pt_store_set_error (append->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  g_hash_table_add (append->aggs, agg);
  return agg;
}

static PairAgg *
append_pair (PtAppend *append,
             const AggSeat *x,
             const AggSeat *y,
             const char *game,
             GError **error)
{
  PairAgg key = { .a = MIN (x->player, y->player), .b = MAX (x->player, y->player), .game = (char *) game };
  PairAgg *agg = g_hash_table_lookup (append->pairs, &key);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  if (agg != NULL)
    return agg;
  stmt = pt_store_prepare (append->store,
                           "SELECT plays, wins_a, wins_b, a_ahead, b_ahead FROM pair_stats"
                           " WHERE player_a = ? AND player_b = ? AND game = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, key.a);
  sqlite3_bind_int64 (stmt, 2, key.b);
  sqlite3_bind_text (stmt, 3, game, -1, SQLITE_STATIC);
  agg = g_new (PairAgg, 1);
  *agg = key;
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      agg->plays = sqlite3_column_int (stmt, 0);
      agg->wins_a = sqlite3_column_int (stmt, 1);
      agg->wins_b = sqlite3_column_int (stmt, 2);
      agg->a_ahead = sqlite3_column_int (stmt, 3);
      agg->b_ahead = sqlite3_column_int (stmt, 4);
    }
  else if (rc != SQLITE_DONE)
    {
      g_free (agg);
      pt_store_set_error (append->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  g_hash_table_add (append->pairs, agg);
  return agg;
}

gboolean
pt_append_rate (PtAppend *append,
                PtMatchEntry *entry,
                double *ratings,
                GError **error)
{
  const char *game = g_intern_string (entry->game);
  guint n = entry->results->len;
  double before[8];
  int ranks[8];

  for (guint i = 0; i < n; i++)
    ratings[i] = NAN;
  if (n < 2 || n > G_N_ELEMENTS (before))
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      PtMatchResult *r = g_ptr_array_index (entry->results, i);
      Agg *agg = append_agg (append, r->player_id, game, error);

      if (agg == NULL)
        return FALSE;
      before[i] = agg->has_rating ? agg->rating : PT_STATS_ELO_INITIAL;
      ranks[i] = r->rank;
    }
  pt_stats_elo_update (n, ranks, before, ratings);
  return TRUE;
}

gboolean
pt_append_add (PtAppend *append,
               PtMatchEntry *entry,
               const double *ratings,
               GError **error)
{
  const char *game = g_intern_string (entry->game);
  const char *all_games = g_intern_static_string ("");
  guint n = entry->results->len;
  gboolean rated = n >= 2 && n <= 8;
  g_autofree AggSeat *seats = g_new0 (AggSeat, n);

  for (guint i = 0; i < n; i++)
    {
      PtMatchResult *r = g_ptr_array_index (entry->results, i);

      seats[i].player = r->player_id;
      seats[i].score = r->score;
      seats[i].rank = r->rank;
      seats[i].winner = r->winner;
      seats[i].has_rating = !isnan (ratings[i]);
      seats[i].rating = ratings[i];
    }
  for (guint i = 0; i < n; i++)
    {
      Agg *all = append_agg (append, seats[i].player, all_games, error);
      Agg *one = all != NULL ? append_agg (append, seats[i].player, game, error) : NULL;

      if (one == NULL)
        return FALSE;
      agg_add (all, &seats[i], entry->finished, entry->id, rated);
      agg_add (one, &seats[i], entry->finished, entry->id, rated);
      for (guint j = i + 1; j < n; j++)
        {
          PairAgg *p = append_pair (append, &seats[i], &seats[j], all_games, error);
          PairAgg *q = p != NULL ? append_pair (append, &seats[i], &seats[j], game, error) : NULL;

          if (q == NULL)
            return FALSE;
          pair_add (p, &seats[i], &seats[j]);
          pair_add (q, &seats[i], &seats[j]);
        }
    }
  append->latest = MAX (append->latest, entry->finished);
  return TRUE;
}

gboolean
pt_append_finish (PtAppend *append,
                  GError **error)
{
  return write_agg_rows (append->store, append->aggs, append->pairs, error);
}
