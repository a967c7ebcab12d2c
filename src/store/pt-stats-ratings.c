/* pt-stats-ratings.c — Elo ratings, replayed in time order inside the store's transactions
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

/* Elo ---------------------------------------------------------------------- */

void
pt_stats_elo_update (guint n,
                     const int *ranks,
                     const double *before,
                     double *after)
{
  for (guint i = 0; i < n; i++)
    {
      double sum = 0;

      for (guint j = 0; j < n; j++)
        {
          double actual, expected;

          if (i == j)
            continue;
          actual = ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5
                                                                    : 0.0;
          expected = 1.0 / (1.0 + pow (10.0, (before[j] - before[i]) / 400.0));
          sum += actual - expected;
        }
      after[i] = n > 1 ? before[i] + PT_STATS_ELO_K / (n - 1) * sum : before[i];
    }
}

/* Ratings ------------------------------------------------------------------
 *
 * Each result holds the player's rating after the match (results.rating;
 * NULL when the match is not rated). Every rating depends on all earlier
 * matches of its game, so a change to a match (a late entry, an edit, a
 * trash or restore) replays the game from that match onward, in one pass
 * over the live matches by (finished, id):
 *   - a player's rating just before the match is their latest rating
 *     before it, found walking back from it (only when player_stats says
 *     they played the game before it);
 *   - each later match is re-rated and its ratings are updated in place, or
 *     left alone when they come out the same;
 *   - once every player's rating agrees with the stored ones again (an edit
 *     that changed no ranks, say), nothing later can change and it stops.
 * A replay that reaches the end writes each player's final rating into
 * player_stats (the leaderboard reads only that).
 */

typedef struct
{
  double rating;
  int plays;
  gboolean dirty; /* differs from what the stored ratings say */
} Rating;

typedef struct
{
  gint64 player;
  int seat;
  int rank;
  gboolean stored; /* the result has a rating */
  double stored_after;
} Seat;

typedef struct
{
  PtStore *store;
  const char *game;
  gint64 from_finished;
  gint64 from_id;
  GHashTable *ratings; /* player id (gint64*) -> Rating* */
  guint n_dirty;
  GArray *seats; /* Seat, of the match being read */
  gint64 match_id;
  gint64 finished;
} Replay;

/* Whether @player played @game before (@finished, @id), by the aggregates
 * as they were before this transaction's changes (only changes at or after
 * that match are pending, so the answer stands). */
static gboolean
played_before (Replay *replay,
               gint64 player)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (replay->store,
                                              "SELECT (first_finished, first_match) < (?3, ?4)"
                                              " FROM player_stats WHERE player_id = ?1 AND game = ?2",
                                              NULL);

  if (stmt == NULL)
    return TRUE;
  sqlite3_bind_int64 (stmt, 1, player);
  sqlite3_bind_text (stmt, 2, replay->game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, replay->from_finished);
  sqlite3_bind_int64 (stmt, 4, replay->from_id);
  return sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_int (stmt, 0) != 0;
}

static Rating *
replay_rating (Replay *replay,
               gint64 player,
               GError **error)
{
  g_autoptr(PtStmt) last = NULL;
  Rating *r = g_hash_table_lookup (replay->ratings, &player);
  gint64 *key;
  int rc = SQLITE_DONE;

  if (r != NULL)
    return r;
  r = g_new0 (Rating, 1);
  r->rating = PT_STATS_ELO_INITIAL;
  if (replay->from_finished != G_MININT64 && played_before (replay, player))
    {
      last = pt_store_prepare (replay->store,
                               "SELECT r.rating FROM matches m INDEXED BY matches_time"
                               " JOIN results r ON r.match_id = m.id"
                               " WHERE m.deleted = 0 AND m.finished <= ?3 AND (m.finished, m.id) < (?3, ?4)"
                               " AND m.game = ?2 AND r.player_id = ?1 AND r.rating IS NOT NULL"
                               " ORDER BY m.finished DESC, m.id DESC LIMIT 1",
                               error);
      if (last == NULL)
        {
          g_free (r);
          return NULL;
        }
      sqlite3_bind_int64 (last, 1, player);
      sqlite3_bind_text (last, 2, replay->game, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (last, 3, replay->from_finished);
      sqlite3_bind_int64 (last, 4, replay->from_id);
      rc = sqlite3_step (last);
      if (rc == SQLITE_ROW)
        r->rating = sqlite3_column_double (last, 0);
    }
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      g_free (r);
      pt_store_set_error (replay->store, rc, _("Could not read the ratings"), error);
      return NULL;
    }
  key = g_new (gint64, 1);
  *key = player;
  g_hash_table_insert (replay->ratings, key, r);
  return r;
}

static void
set_dirty (Replay *replay,
           Rating *r,
           gboolean dirty)
{
  if (r->dirty != dirty)
    replay->n_dirty += dirty ? 1 : -1;
  r->dirty = dirty;
}

/* A match of fewer than two players is not rated: ratings it may still
 * have (from an edit that removed players) go, and its players' later
 * ratings are stale. */
static gboolean
replay_drop (Replay *replay,
             GError **error)
{
  g_autoptr(PtStmt) drop = NULL;
  gboolean had_rows = FALSE;

  for (guint i = 0; i < replay->seats->len; i++)
    {
      Seat *seat = &g_array_index (replay->seats, Seat, i);
      Rating *r;

      if (!seat->stored)
        continue;
      had_rows = TRUE;
      if ((r = replay_rating (replay, seat->player, error)) == NULL)
        return FALSE;
      set_dirty (replay, r, TRUE);
    }
  if (!had_rows)
    return TRUE;
  drop = pt_store_prepare (replay->store, "UPDATE results SET rating = NULL WHERE match_id = ?", error);
  if (drop == NULL)
    return FALSE;
  sqlite3_bind_int64 (drop, 1, replay->match_id);
  return pt_store_step_done (replay->store, drop, _("Could not update the ratings"), error);
}

static gboolean
replay_write (Replay *replay,
              const Seat *seat,
              double after,
              GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (replay->store,
                                              "UPDATE results SET rating = ?3 WHERE match_id = ?1 AND seat = ?2",
                                              error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, replay->match_id);
  sqlite3_bind_int (stmt, 2, seat->seat);
  sqlite3_bind_double (stmt, 3, after);
  return pt_store_step_done (replay->store, stmt, _("Could not save the ratings"), error);
}

/* Rates the match read so far and writes the ratings that changed. */
static gboolean
replay_flush (Replay *replay,
              GError **error)
{
  guint n = replay->seats->len;
  double before[8], after[8];
  int ranks[8];
  Rating *rating[8];

  if (replay->match_id == 0)
    return TRUE;
  /* More than 8 seats cannot be rated here (no game has them); such a match
   * is left unrated like a solo one rather than overflowing. */
  if (n < 2 || n > G_N_ELEMENTS (before))
    return replay_drop (replay, error);

  for (guint i = 0; i < n; i++)
    {
      Seat *seat = &g_array_index (replay->seats, Seat, i);

      if ((rating[i] = replay_rating (replay, seat->player, error)) == NULL)
        return FALSE;
      before[i] = rating[i]->rating;
      ranks[i] = seat->rank;
    }
  pt_stats_elo_update (n, ranks, before, after);
  for (guint i = 0; i < n; i++)
    {
      Seat *seat = &g_array_index (replay->seats, Seat, i);
      gboolean same = seat->stored && seat->stored_after == after[i];

      if (!same && !replay_write (replay, seat, after[i], error))
        return FALSE;
      rating[i]->rating = after[i];
      rating[i]->plays++;
      /* The player's next stored rating starts from this one. */
      set_dirty (replay, rating[i], !same);
    }
  return TRUE;
}

/* The final ratings of a replay that reached the end of its game. */
static gboolean
replay_finish (Replay *replay,
               GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (replay->store,
                                              "UPDATE player_stats SET rating = ?3"
                                              " WHERE player_id = ?1 AND game = ?2",
                                              error);
  GHashTableIter iter;
  gpointer key, value;

  if (stmt == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, replay->ratings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Rating *r = value;

      if (r->plays == 0)
        continue;
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, *(gint64 *) key);
      sqlite3_bind_text (stmt, 2, replay->game, -1, SQLITE_STATIC);
      sqlite3_bind_double (stmt, 3, r->rating);
      if (!pt_store_step_done (replay->store, stmt, _("Could not save the ratings"), error))
        return FALSE;
    }
  return TRUE;
}

/* Re-rates @game from the match (@finished, @match_id) onward, inside the
 * caller's transaction. Ratings of matches before it are trusted. With
 * @may_stop, only that match changed, so the replay stops once every
 * player agrees with the stored ratings again; after a batch (other
 * changed or unrated matches further on) or a rebuild it must go to the
 * end. @gone: players whose later ratings are stale from the start. */
/* With @limit > 0, at most @limit matches are re-rated: when more would
 * have to follow, *@next_finished and *@next_id say where to go on and
 * *@more is TRUE (the final ratings are then written only if
 * @write_partial: a background step, whose later steps overwrite them). */
static gboolean
recompute_from_limited (PtStore *store,
                        const char *game,
                        gint64 finished,
                        gint64 match_id,
                        gboolean may_stop,
                        const GArray *gone,
                        guint limit,
                        gboolean write_partial,
                        gboolean *more,
                        gint64 *next_finished,
                        gint64 *next_id,
                        GError **error)
{
  g_autoptr(PtStmt) rows = NULL;
  Replay replay = { store, game, finished, match_id };
  gboolean ok = TRUE, stopped = FALSE, limited = FALSE;
  guint flushed = 0;
  int rc = SQLITE_DONE;

  g_return_val_if_fail (game != NULL, FALSE);

  replay.ratings = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  replay.seats = g_array_new (FALSE, FALSE, sizeof (Seat));
  for (guint i = 0; gone != NULL && i < gone->len; i++)
    {
      Rating *r = replay_rating (&replay, g_array_index (gone, gint64, i), error);

      if (r == NULL)
        {
          ok = FALSE;
          break;
        }
      set_dirty (&replay, r, TRUE);
    }

  /* The live matches in replay order, with their results. */
  rows = ok ? pt_store_prepare (store, PT_STATS_REPLAY_SQL, error) : NULL;
  if (rows == NULL)
    ok = FALSE;
  else
    {
      sqlite3_bind_text (rows, 1, game, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (rows, 2, finished);
      sqlite3_bind_int64 (rows, 3, match_id);
    }

  while (ok && (rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (rows, 0);
      Seat seat = { 0 };

      if (id != replay.match_id)
        {
          gboolean first = replay.match_id == 0;

          ok = replay_flush (&replay, error);
          if (!first)
            flushed++;
          /* After the changed match, all players agree with the stored
           * ratings again: everything later is unchanged. */
          if (ok && may_stop && !first && replay.n_dirty == 0)
            {
              stopped = TRUE;
              replay.match_id = 0;
              break;
            }
          if (ok && limit > 0 && flushed >= limit)
            {
              limited = TRUE;
              *next_finished = sqlite3_column_int64 (rows, 1);
              *next_id = id;
              replay.match_id = 0;
              break;
            }
          g_array_set_size (replay.seats, 0);
          replay.match_id = id;
          replay.finished = sqlite3_column_int64 (rows, 1);
        }
      seat.player = sqlite3_column_int64 (rows, 2);
      seat.rank = sqlite3_column_int (rows, 3);
      seat.stored = sqlite3_column_type (rows, 4) != SQLITE_NULL;
      seat.stored_after = seat.stored ? sqlite3_column_double (rows, 4) : 0;
      seat.seat = sqlite3_column_int (rows, 5);
      g_array_append_val (replay.seats, seat);
    }
  if (ok && !stopped && !limited && rc != SQLITE_DONE)
    ok = pt_store_set_error (store, rc, _("Could not update the ratings"), error);
  if (ok)
    ok = replay_flush (&replay, error);
  if (ok && !stopped && (!limited || write_partial))
    ok = replay_finish (&replay, error);
  if (more != NULL)
    *more = limited;

  g_hash_table_unref (replay.ratings);
  g_array_unref (replay.seats);
  return ok;
}

static gboolean
recompute_from (PtStore *store,
                const char *game,
                gint64 finished,
                gint64 match_id,
                gboolean may_stop,
                const GArray *gone,
                GError **error)
{
  return recompute_from_limited (store, game, finished, match_id, may_stop, gone, 0, FALSE, NULL,
                                 NULL, NULL, error);
}

/* Deferred ratings (the store worker's connection) -------------------------
 *
 * rating_pending holds, per game, the earliest match from which the stored
 * ratings may be stale; pt_stats_catch_up_ratings() replays from there in
 * steps of a few hundred matches, each its own transaction, until the end
 * of the game. Ratings before the point are always right, so a step needs
 * nothing from the one before it, and a change made between two steps
 * only moves the point back (never forward). */
static gboolean
queue_rerate (PtStore *store,
              const char *game,
              gint64 finished,
              gint64 match_id,
              GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (store,
                                              "INSERT INTO rating_pending (game, finished, match_id)"
                                              " VALUES (?1, ?2, ?3) ON CONFLICT (game) DO UPDATE"
                                              " SET finished = excluded.finished, match_id = excluded.match_id"
                                              " WHERE (excluded.finished, excluded.match_id) < (finished, match_id)",
                                              error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, finished);
  sqlite3_bind_int64 (stmt, 3, match_id);
  if (!pt_store_step_done (store, stmt, _("Could not update the ratings"), error))
    return FALSE;
  store->pending_statistics = TRUE;
  return TRUE;
}

/* Whether the ratings and aggregates this connection sees before
 * (@finished, @match_id) of @game can be trusted: nothing earlier waits
 * for a background step. */
static gboolean
trusted_before (PtStore *store,
                const char *game,
                gint64 finished,
                gint64 match_id,
                gboolean *trusted,
                GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (store,
                                              "SELECT EXISTS (SELECT 1 FROM aggregate_pending)"
                                              " OR EXISTS (SELECT 1 FROM rating_pending WHERE game = ?1"
                                              " AND (finished, match_id) < (?2, ?3))",
                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, finished);
  sqlite3_bind_int64 (stmt, 3, match_id);
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    return pt_store_set_error (store, rc, _("Could not read the ratings"), error);
  *trusted = sqlite3_column_int (stmt, 0) == 0;
  return TRUE;
}

gboolean
pt_stats_catch_up_ratings (PtStore *store,
                           guint budget,
                           gboolean *done,
                           GError **error)
{
  g_autoptr(PtStmt) next = NULL;
  g_autoptr(PtStmt) move = NULL;
  g_autofree char *game = NULL;
  gint64 finished, match_id, next_finished = 0, next_id = 0;
  gboolean more = FALSE;
  int rc;

  *done = FALSE;
  next = pt_store_prepare (store, "SELECT game, finished, match_id FROM rating_pending ORDER BY game LIMIT 1",
                           error);
  if (next == NULL)
    return FALSE;
  rc = sqlite3_step (next);
  if (rc == SQLITE_DONE)
    {
      *done = TRUE;
      return TRUE;
    }
  if (rc != SQLITE_ROW)
    return pt_store_set_error (store, rc, _("Could not read the ratings"), error);
  game = pt_store_dup_column_text (next, 0);
  finished = sqlite3_column_int64 (next, 1);
  match_id = sqlite3_column_int64 (next, 2);
  pt_stmt_release (g_steal_pointer (&next));

  if (!recompute_from_limited (store, game, finished, match_id, FALSE, NULL, budget, TRUE, &more,
                               &next_finished, &next_id, error))
    return FALSE;
  if (more)
    move = pt_store_prepare (store, "UPDATE rating_pending SET finished = ?2, match_id = ?3 WHERE game = ?1",
                             error);
  else
    move = pt_store_prepare (store, "DELETE FROM rating_pending WHERE game = ?1", error);
  if (move == NULL)
    return FALSE;
  sqlite3_bind_text (move, 1, game, -1, SQLITE_STATIC);
  if (more)
    {
      sqlite3_bind_int64 (move, 2, next_finished);
      sqlite3_bind_int64 (move, 3, next_id);
    }
  return pt_store_step_done (store, move, _("Could not update the ratings"), error);
}

gboolean
pt_stats_recompute_ratings_from (PtStore *store,
                                 const char *game,
                                 gint64 finished,
                                 gint64 match_id,
                                 GError **error)
{
  return recompute_from (store, game, finished, match_id, FALSE, NULL, error);
}

/* Deferred (the worker's connection): the changed match itself is rated
 * at once; if that leaves later ratings stale, the rest of the game is
 * queued for the background steps. When something earlier is still queued
 * the foreground cannot trust what it reads, so the match is just queued. */
gboolean
pt_stats_rerate_match (PtStore *store,
                       const char *game,
                       gint64 finished,
                       gint64 match_id,
                       const GArray *gone,
                       GError **error)
{
  gint64 next_finished = 0, next_id = 0;
  gboolean trusted = TRUE, more = FALSE;

  if (!store->defer_statistics)
    return recompute_from (store, game, finished, match_id, TRUE, gone, error);
  if (!trusted_before (store, game, finished, match_id, &trusted, error))
    return FALSE;
  if (!trusted)
    return queue_rerate (store, game, finished, match_id, error);
  if (!recompute_from_limited (store, game, finished, match_id, TRUE, gone, 1, FALSE, &more,
                               &next_finished, &next_id, error))
    return FALSE;
  return !more || queue_rerate (store, game, next_finished, next_id, error);
}

/* A new match: usually the latest of its game, so only its own ratings are
 * written; one entered late re-rates the game from it onward. */
gboolean
pt_stats_rate_new_match (PtStore *store,
                         gint64 match_id,
                         GError **error)
{
  g_autoptr(PtStmt) match = NULL;
  g_autofree char *game = NULL;
  gint64 finished;
  int rc;

  match = pt_store_prepare (store, "SELECT game, finished FROM matches WHERE id = ?", error);
  if (match == NULL)
    return FALSE;
  sqlite3_bind_int64 (match, 1, match_id);
  if ((rc = sqlite3_step (match)) != SQLITE_ROW)
    return pt_store_set_error (store, rc, _("Could not read the match"), error);
  game = pt_store_dup_column_text (match, 0);
  finished = sqlite3_column_int64 (match, 1);
  sqlite3_reset (match);
  return pt_stats_rerate_match (store, game, finished, match_id, NULL, error);
}

void
pt_rating_span_init (PtRatingSpan *span)
{
  span->games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
pt_rating_span_add (PtRatingSpan *span,
                    const char *game,
                    gint64 finished,
                    gint64 match_id)
{
  gint64 *from = g_hash_table_lookup (span->games, game);

  if (from == NULL)
    {
      from = g_new (gint64, 2);
      from[0] = finished;
      from[1] = match_id;
      g_hash_table_insert (span->games, g_strdup (game), from);
    }
  else if (finished < from[0] || (finished == from[0] && match_id < from[1]))
    {
      from[0] = finished;
      from[1] = match_id;
    }
}

gboolean
pt_rating_span_recompute (PtRatingSpan *span,
                          PtStore *self,
                          GError **error)
{
  GHashTableIter iter;
  gpointer game, from;

  g_hash_table_iter_init (&iter, span->games);
  while (g_hash_table_iter_next (&iter, &game, &from))
    if (!pt_stats_recompute_ratings_from (self, game, ((gint64 *) from)[0], ((gint64 *) from)[1],
                                          error))
      return FALSE;
  return TRUE;
}

void
pt_rating_span_clear (PtRatingSpan *span)
{
  g_clear_pointer (&span->games, g_hash_table_unref);
}

/* Rebuilds the ratings of @game (NULL = every game) from scratch, in the
 * order the matches were played. Runs inside the caller's transaction. */
gboolean
pt_stats_recompute_ratings (PtStore *store,
                            const char *game,
                            GError **error)
{
  g_autoptr(PtStmt) games = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int rc;

  if (game != NULL)
    return pt_stats_recompute_ratings_from (store, game, G_MININT64, G_MININT64, error);
  games = pt_store_prepare (store, "SELECT DISTINCT game FROM matches", error);
  if (games == NULL)
    return FALSE;
  while ((rc = sqlite3_step (games)) == SQLITE_ROW)
    g_ptr_array_add (names, pt_store_dup_column_text (games, 0));
  if (rc != SQLITE_DONE)
    return pt_store_set_error (store, rc, _("Could not update the ratings"), error);
  sqlite3_reset (games);
  for (guint i = 0; i < names->len; i++)
    if (!pt_stats_recompute_ratings_from (store, names->pdata[i], G_MININT64, G_MININT64, error))
      return FALSE;
  return TRUE;
}
