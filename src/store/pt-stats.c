/* pt-stats.c — statistics and ratings over the match history
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

struct _PtStats
{
  GObject parent_instance;

  PtStore *store;
};

G_DEFINE_FINAL_TYPE (PtStats, pt_stats, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
pt_stats_dispose (GObject *object)
{
  PtStats *self = PT_STATS (object);

  g_clear_object (&self->store);
  G_OBJECT_CLASS (pt_stats_parent_class)->dispose (object);
}

static void
pt_stats_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  PtStats *self = PT_STATS (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_stats_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  PtStats *self = PT_STATS (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_stats_class_init (PtStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_stats_dispose;
  object_class->get_property = pt_stats_get_property;
  object_class->set_property = pt_stats_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, PT_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pt_stats_init (PtStats *self)
{
}

PtStats *
pt_stats_new (PtStore *store)
{
  g_return_val_if_fail (PT_IS_STORE (store), NULL);
  return g_object_new (PT_TYPE_STATS, "store", store, NULL);
}

PtStore *
pt_stats_get_store (PtStats *self)
{
  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  return self->store;
}

/* Elo ---------------------------------------------------------------------- */

void
pt_stats_elo_update (guint         n,
                     const int    *ranks,
                     const double *before,
                     double       *after)
{
  for (guint i = 0; i < n; i++)
    {
      double sum = 0;

      for (guint j = 0; j < n; j++)
        {
          double actual, expected;

          if (i == j)
            continue;
          actual = ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0.0;
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
  gboolean dirty;   /* differs from what the stored ratings say */
} Rating;

typedef struct
{
  gint64 player;
  int seat;
  int rank;
  gboolean stored;  /* the result has a rating */
  double stored_after;
} Seat;

typedef struct
{
  PtStore *store;
  const char *game;
  gint64 from_finished;
  gint64 from_id;
  GHashTable *ratings;   /* player id (gint64*) -> Rating* */
  guint n_dirty;
  GArray *seats;         /* Seat, of the match being read */
  gint64 match_id;
  gint64 finished;
} Replay;

/* Whether @player played @game before (@finished, @id), by the aggregates
 * as they were before this transaction's changes (only changes at or after
 * that match are pending, so the answer stands). */
static gboolean
played_before (Replay  *replay,
               gint64   player)
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
replay_rating (Replay   *replay,
               gint64    player,
               GError  **error)
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
set_dirty (Replay   *replay,
           Rating   *r,
           gboolean  dirty)
{
  if (r->dirty != dirty)
    replay->n_dirty += dirty ? 1 : -1;
  r->dirty = dirty;
}

/* A match of fewer than two players is not rated: ratings it may still
 * have (from an edit that removed players) go, and its players' later
 * ratings are stale. */
static gboolean
replay_drop (Replay  *replay,
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
replay_write (Replay      *replay,
              const Seat  *seat,
              double       after,
              GError     **error)
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
replay_flush (Replay  *replay,
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
replay_finish (Replay  *replay,
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
static gboolean
recompute_from (PtStore       *store,
                const char    *game,
                gint64         finished,
                gint64         match_id,
                gboolean       may_stop,
                const GArray  *gone,
                GError       **error)
{
  g_autoptr(PtStmt) rows = NULL;
  Replay replay = { store, game, finished, match_id };
  gboolean ok = TRUE, stopped = FALSE;
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
  rows = ok ? pt_store_prepare (store,
                                "SELECT m.id, m.finished, r.player_id, r.rank, r.rating, r.seat"
                                " FROM matches m INDEXED BY matches_time JOIN results r ON r.match_id = m.id"
                                " WHERE m.deleted = 0 AND m.finished >= ?2 AND (m.finished, m.id) >= (?2, ?3)"
                                " AND m.game = ?1"
                                " ORDER BY m.finished, m.id, r.seat",
                                error)
            : NULL;
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
          /* After the changed match, all players agree with the stored
           * ratings again: everything later is unchanged. */
          if (ok && may_stop && !first && replay.n_dirty == 0)
            {
              stopped = TRUE;
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
  if (ok && !stopped && rc != SQLITE_DONE)
    ok = pt_store_set_error (store, rc, _("Could not update the ratings"), error);
  if (ok)
    ok = replay_flush (&replay, error);
  if (ok && !stopped)
    ok = replay_finish (&replay, error);

  g_hash_table_unref (replay.ratings);
  g_array_unref (replay.seats);
  return ok;
}

gboolean
pt_stats_recompute_ratings_from (PtStore     *store,
                                 const char  *game,
                                 gint64       finished,
                                 gint64       match_id,
                                 GError     **error)
{
  return recompute_from (store, game, finished, match_id, FALSE, NULL, error);
}

gboolean
pt_stats_rerate_match (PtStore       *store,
                       const char    *game,
                       gint64         finished,
                       gint64         match_id,
                       const GArray  *gone,
                       GError       **error)
{
  return recompute_from (store, game, finished, match_id, TRUE, gone, error);
}

/* A new match: usually the latest of its game, so only its own ratings are
 * written; one entered late re-rates the game from it onward. */
gboolean
pt_stats_rate_new_match (PtStore  *store,
                         gint64    match_id,
                         GError  **error)
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
pt_rating_span_add (PtRatingSpan  *span,
                    const char    *game,
                    gint64         finished,
                    gint64         match_id)
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
pt_rating_span_recompute (PtRatingSpan  *span,
                          PtStore       *self,
                          GError       **error)
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
pt_stats_recompute_ratings (PtStore     *store,
                            const char  *game,
                            GError     **error)
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
pt_stats_mark_player_dirty (PtStore  *self,
                            gint64    player_id)
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
read_match_seats (PtStore  *self,
                  gint64    match_id,
                  char    **game,
                  gint64   *finished,
                  gboolean *live,
                  GArray   *seats,
                  GError  **error)
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
pt_stats_match_removed (PtStore  *self,
                        gint64    match_id,
                        GError  **error)
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
is_latest (PtStore     *self,
           gint64       player,
           const char  *game,
           gint64       finished,
           gint64       match_id,
           gboolean    *latest,
           GError     **error)
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
add_player_play (PtStore        *self,
                 const AggSeat  *seat,
                 const char     *game,
                 gint64          finished,
                 gint64          match_id,
                 gboolean        rated,
                 GError        **error)
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
add_pair_play (PtStore        *self,
               const AggSeat  *x,
               const AggSeat  *y,
               const char     *game,
               GError        **error)
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
pt_stats_match_added (PtStore  *self,
                      gint64    match_id,
                      GError  **error)
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
agg_get (GHashTable  *aggs,
         gint64       player,
         const char  *game)
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
agg_add (Agg            *agg,
         const AggSeat  *seat,
         gint64          finished,
         gint64          match_id,
         gboolean        rated)
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
pair_get (GHashTable    *pairs,
          const AggSeat *x,
          const AggSeat *y,
          const char    *game)
{
  PairAgg key = { .a = MIN (x->player, y->player), .b = MAX (x->player, y->player),
                  .game = (char *) game };
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
pair_add (PairAgg        *agg,
          const AggSeat  *x,
          const AggSeat  *y)
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
aggregate_match (PtStore     *self,
                 GHashTable  *aggs,
                 GHashTable  *pairs,
                 const char  *game,
                 gint64       finished,
                 gint64       match_id,
                 GArray      *seats)
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

static gboolean write_agg_rows (PtStore     *self,
                                GHashTable  *aggs,
                                GHashTable  *pairs,
                                GError     **error);

static gboolean
write_aggregates (PtStore     *self,
                  GHashTable  *aggs,
                  GHashTable  *pairs,
                  GError     **error)
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
write_agg_rows (PtStore     *self,
                GHashTable  *aggs,
                GHashTable  *pairs,
                GError     **error)
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

/* One pass over the live matches in time order, for the dirty players. */
gboolean
pt_stats_flush_aggregates (PtStore  *self,
                           GError  **error)
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
pt_stats_rebuild_aggregates (PtStore  *self,
                             GError  **error)
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
  gint64 latest;         /* (finished) of the latest live match */
  GHashTable *aggs;      /* Agg, loaded from player_stats when first touched */
  GHashTable *pairs;     /* PairAgg, likewise from pair_stats */
};

PtAppend *
pt_append_new (PtStore  *self,
               GError  **error)
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
                   gint64    finished)
{
  return finished >= append->latest;
}

static Agg *
append_agg (PtAppend    *append,
            gint64       player,
            const char  *game,
            GError     **error)
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
append_pair (PtAppend       *append,
             const AggSeat  *x,
             const AggSeat  *y,
             const char     *game,
             GError        **error)
{
  PairAgg key = { .a = MIN (x->player, y->player), .b = MAX (x->player, y->player),
                  .game = (char *) game };
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
pt_append_rate (PtAppend      *append,
                PtMatchEntry  *entry,
                double        *ratings,
                GError       **error)
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
pt_append_add (PtAppend      *append,
               PtMatchEntry  *entry,
               const double  *ratings,
               GError       **error)
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
pt_append_finish (PtAppend  *append,
                  GError   **error)
{
  return write_agg_rows (append->store, append->aggs, append->pairs, error);
}

/* Reading the aggregates ----------------------------------------------------- */

#define LINE_COLUMNS \
  "s.player_id, p.name, s.game, s.plays, s.wins, s.total, s.best, s.worst, s.streak, s.longest," \
  " s.last_finished"

static PtStatLine *
read_line (PtStmt *stmt)
{
  PtStatLine *l = pt_stat_line_new ();
  const char *game = (const char *) sqlite3_column_text (stmt, 2);

  l->player_id = sqlite3_column_int64 (stmt, 0);
  l->player_name = pt_store_dup_column_text (stmt, 1);
  l->game = game != NULL && *game != '\0' ? g_strdup (game) : NULL;
  l->plays = sqlite3_column_int (stmt, 3);
  l->wins = sqlite3_column_int (stmt, 4);
  if (l->plays > 0)
    {
      l->win_rate = (double) l->wins / l->plays;
      l->average = (double) sqlite3_column_int64 (stmt, 5) / l->plays;
    }
  l->best = sqlite3_column_int (stmt, 6);
  l->worst = sqlite3_column_int (stmt, 7);
  l->current_streak = sqlite3_column_int (stmt, 8);
  l->longest_streak = sqlite3_column_int (stmt, 9);
  l->last_played = sqlite3_column_int64 (stmt, 10);
  return l;
}

static PtStatLine *
empty_line (gint64      player_id,
            const char *name,
            const char *game)
{
  PtStatLine *l = pt_stat_line_new ();

  l->player_id = player_id;
  l->player_name = g_strdup (name);
  l->game = g_strdup (game);
  return l;
}

static gboolean
player_lines (PtStats        *self,
              PtPlayerStats  *stats,
              GError        **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  stmt = pt_store_prepare (self->store,
                           "SELECT " LINE_COLUMNS ", s.rated, s.rating FROM player_stats s"
                           " JOIN players p ON p.id = s.player_id WHERE s.player_id = ? ORDER BY s.game",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, stats->player->id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtStatLine *line = read_line (stmt);

      if (line->game == NULL)
        {
          g_clear_pointer (&stats->overall, pt_stat_line_unref);
          stats->overall = line;
          continue;
        }
      g_ptr_array_add (stats->per_game, line);
      if (sqlite3_column_type (stmt, 12) != SQLITE_NULL)
        {
          PtRating *r = pt_rating_new ();

          r->player_id = line->player_id;
          r->player_name = g_strdup (line->player_name);
          r->game = g_strdup (line->game);
          r->finished = line->last_played;
          r->rating = sqlite3_column_double (stmt, 12);
          r->before = r->rating;
          r->plays = sqlite3_column_int (stmt, 11);
          g_ptr_array_add (stats->ratings, r);
        }
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
  if (stats->overall == NULL)
    stats->overall = empty_line (stats->player->id, stats->player->name, NULL);
  return TRUE;
}

#define HEAD_TO_HEAD_COLUMNS \
  "h.player_a, pa.name, h.player_b, pb.name, h.plays, h.wins_a, h.wins_b, h.a_ahead, h.b_ahead"

static PtHeadToHead *
read_head_to_head (PtStmt *stmt)
{
  PtHeadToHead *h = pt_head_to_head_new ();

  h->player_a = sqlite3_column_int64 (stmt, 0);
  h->name_a = pt_store_dup_column_text (stmt, 1);
  h->player_b = sqlite3_column_int64 (stmt, 2);
  h->name_b = pt_store_dup_column_text (stmt, 3);
  h->plays = sqlite3_column_int (stmt, 4);
  h->wins_a = sqlite3_column_int (stmt, 5);
  h->wins_b = sqlite3_column_int (stmt, 6);
  h->a_ahead = sqlite3_column_int (stmt, 7);
  h->b_ahead = sqlite3_column_int (stmt, 8);
  return h;
}

/* The line seen from @player: A is them. */
static void
orient (PtHeadToHead *h,
        gint64        player)
{
  if (h->player_a == player)
    return;
  {
    gint64 id = h->player_a;
    char *name = h->name_a;
    int wins = h->wins_a, ahead = h->a_ahead;

    h->player_a = h->player_b;
    h->name_a = h->name_b;
    h->wins_a = h->wins_b;
    h->a_ahead = h->b_ahead;
    h->player_b = id;
    h->name_b = name;
    h->wins_b = wins;
    h->b_ahead = ahead;
  }
}

static int
compare_head_to_head (gconstpointer a,
                      gconstpointer b)
{
  const PtHeadToHead *ha = *(PtHeadToHead **) a;
  const PtHeadToHead *hb = *(PtHeadToHead **) b;

  if (ha->plays != hb->plays)
    return hb->plays - ha->plays;
  return g_utf8_collate (ha->name_b, hb->name_b);
}

static gboolean
player_head_to_head (PtStats        *self,
                     PtPlayerStats  *stats,
                     GError        **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self->store,
                                             "SELECT " HEAD_TO_HEAD_COLUMNS " FROM pair_stats h"
                                             " JOIN players pa ON pa.id = h.player_a"
                                             " JOIN players pb ON pb.id = h.player_b"
                                             " WHERE (h.player_a = ?1 OR h.player_b = ?1) AND h.game = ''",
                                             error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, stats->player->id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtHeadToHead *h = read_head_to_head (stmt);

      orient (h, stats->player->id);
      g_ptr_array_add (stats->head_to_head, h);
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
  g_ptr_array_sort (stats->head_to_head, compare_head_to_head);
  return TRUE;
}

PtPlayerStats *
pt_stats_player (PtStats  *self,
                 gint64    player_id,
                 GError  **error)
{
  g_autoptr(PtPlayerStats) stats = pt_player_stats_new ();
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);

  /* Archived players are found too: their page still shows their history. */
  stmt = pt_store_prepare (self->store,
                           "SELECT id, uuid, name, colour, created, archived FROM players WHERE id = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                     _("No player with id %" PRId64), player_id);
      else
        pt_store_set_error (self->store, rc, _("Could not read the player"), error);
      return NULL;
    }
  stats->player = pt_store_read_player (stmt);
  pt_stmt_release (g_steal_pointer (&stmt));

  if (!player_lines (self, stats, error) || !player_head_to_head (self, stats, error))
    return NULL;
  return g_steal_pointer (&stats);
}

static int
compare_overview (gconstpointer a,
                  gconstpointer b)
{
  const PtStatLine *la = *(PtStatLine **) a;
  const PtStatLine *lb = *(PtStatLine **) b;

  if (la->wins != lb->wins)
    return lb->wins - la->wins;
  if (la->win_rate != lb->win_rate)
    return la->win_rate < lb->win_rate ? 1 : -1;
  return g_utf8_collate (la->player_name, lb->player_name);
}

GPtrArray *
pt_stats_overview (PtStats     *self,
                   const char  *game,
                   gboolean     include_archived,
                   GError     **error)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_stat_line_unref);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  /* Every listed player, with their line for @game when they have one. */
  stmt = pt_store_prepare (self->store,
                           "SELECT p.id, p.name, s.game, s.plays, s.wins, s.total, s.best, s.worst, s.streak,"
                           " s.longest, s.last_finished FROM players p"
                           " LEFT JOIN player_stats s ON s.player_id = p.id AND s.game = coalesce (?1, '')"
                           " WHERE p.deleted = 0 AND (p.archived = 0 OR ?2)",
                           error);
  if (stmt == NULL)
    return NULL;
  if (game != NULL)
    sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, include_archived);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtStatLine *line;

      if (sqlite3_column_type (stmt, 2) == SQLITE_NULL)
        line = empty_line (sqlite3_column_int64 (stmt, 0), (const char *) sqlite3_column_text (stmt, 1),
                           game);
      else
        line = read_line (stmt);
      g_ptr_array_add (lines, line);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  g_ptr_array_sort (lines, compare_overview);
  return g_steal_pointer (&lines);
}

GPtrArray *
pt_stats_head_to_head (PtStats     *self,
                       const char  *game,
                       GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_head_to_head_unref);
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  stmt = pt_store_prepare (self->store,
                           "SELECT " HEAD_TO_HEAD_COLUMNS " FROM pair_stats h"
                           " JOIN players pa ON pa.id = h.player_a JOIN players pb ON pb.id = h.player_b"
                           " WHERE h.game = coalesce (?1, '') ORDER BY h.player_a, h.player_b",
                           error);
  if (stmt == NULL)
    return NULL;
  if (game != NULL)
    sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (pairs, read_head_to_head (stmt));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  return g_steal_pointer (&pairs);
}

PtHeadToHead *
pt_stats_pair (PtStats     *self,
               gint64       player_a,
               gint64       player_b,
               const char  *game,
               GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  PtHeadToHead *h;
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  stmt = pt_store_prepare (self->store,
                           "SELECT pa.id, pa.name, pb.id, pb.name, coalesce (h.plays, 0),"
                           " coalesce (h.wins_a, 0), coalesce (h.wins_b, 0), coalesce (h.a_ahead, 0),"
                           " coalesce (h.b_ahead, 0)"
                           " FROM players pa JOIN players pb ON pb.id = max (?1, ?2)"
                           " LEFT JOIN pair_stats h ON h.player_a = pa.id AND h.player_b = pb.id"
                           " AND h.game = coalesce (?3, '')"
                           " WHERE pa.id = min (?1, ?2)",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_a);
  sqlite3_bind_int64 (stmt, 2, player_b);
  if (game != NULL)
    sqlite3_bind_text (stmt, 3, game, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                   _("No player with id %" PRId64), player_a);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  h = read_head_to_head (stmt);
  orient (h, player_a);
  return h;
}

static gboolean
night_details (PtStats         *self,
               PtNightSummary  *night,
               GError         **error)
{
  g_autoptr(PtStmt) winners = NULL;
  g_autoptr(PtStmt) best = NULL;
  int rc;

  winners = pt_store_prepare (self->store,
                              "SELECT r.player_id, p.name, count (*), sum (r.winner)"
                              " FROM matches m JOIN results r ON r.match_id = m.id"
                              " JOIN players p ON p.id = r.player_id"
                              " WHERE m.night_id = ? AND m.deleted = 0 GROUP BY r.player_id"
                              " HAVING sum (r.winner) > 0 ORDER BY sum (r.winner) DESC, p.name",
                              error);
  if (winners == NULL)
    return FALSE;
  sqlite3_bind_int64 (winners, 1, night->night_id);
  while ((rc = sqlite3_step (winners)) == SQLITE_ROW)
    {
      PtStatLine *line = pt_stat_line_new ();

      line->player_id = sqlite3_column_int64 (winners, 0);
      line->player_name = pt_store_dup_column_text (winners, 1);
      line->plays = sqlite3_column_int (winners, 2);
      line->wins = sqlite3_column_int (winners, 3);
      line->win_rate = (double) line->wins / line->plays;
      g_ptr_array_add (night->winners, line);
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);

  best = pt_store_prepare (self->store,
                           "SELECT r.player_id, p.name, m.game, r.score"
                           " FROM matches m JOIN results r ON r.match_id = m.id"
                           " JOIN players p ON p.id = r.player_id"
                           " WHERE m.night_id = ? AND m.deleted = 0"
                           " ORDER BY r.score DESC, m.finished, m.id LIMIT 1",
                           error);
  if (best == NULL)
    return FALSE;
  sqlite3_bind_int64 (best, 1, night->night_id);
  rc = sqlite3_step (best);
  if (rc == SQLITE_ROW)
    {
      night->best_player_id = sqlite3_column_int64 (best, 0);
      night->best_player_name = pt_store_dup_column_text (best, 1);
      night->best_game = pt_store_dup_column_text (best, 2);
      night->best_score = sqlite3_column_int (best, 3);
    }
  else if (rc != SQLITE_DONE)
    return pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
  return TRUE;
}

GPtrArray *
pt_stats_nights (PtStats  *self,
                 GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) nights = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_night_summary_unref);
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  stmt = pt_store_prepare (self->store,
                           "SELECT n.id, n.date, n.place,"
                           " (SELECT count (*) FROM matches m WHERE m.night_id = n.id AND m.deleted = 0)"
                           " FROM nights n WHERE n.deleted = 0 ORDER BY n.date DESC, n.id DESC",
                           error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtNightSummary *night = pt_night_summary_new ();

      night->night_id = sqlite3_column_int64 (stmt, 0);
      night->date = pt_store_dup_column_text (stmt, 1);
      night->place = pt_store_dup_column_text (stmt, 2);
      night->matches = sqlite3_column_int (stmt, 3);
      g_ptr_array_add (nights, night);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the nights"), error);
      return NULL;
    }
  pt_stmt_release (g_steal_pointer (&stmt));
  for (guint i = 0; i < nights->len; i++)
    if (!night_details (self, g_ptr_array_index (nights, i), error))
      return NULL;
  return g_steal_pointer (&nights);
}

GPtrArray *
pt_stats_ratings (PtStats     *self,
                  const char  *game,
                  gboolean     include_archived,
                  GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) ratings = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_rating_unref);
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);
  /* Each player's current rating is kept in their aggregate row. */
  stmt = pt_store_prepare (self->store,
                           "SELECT s.player_id, p.name, s.game, s.last_finished, s.rating, s.rated"
                           " FROM player_stats s JOIN players p ON p.id = s.player_id"
                           " WHERE s.game = ?1 AND s.rating IS NOT NULL AND p.deleted = 0"
                           " AND (p.archived = 0 OR ?2)"
                           " ORDER BY s.rating DESC, p.name",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, include_archived);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtRating *r = pt_rating_new ();

      r->player_id = sqlite3_column_int64 (stmt, 0);
      r->player_name = pt_store_dup_column_text (stmt, 1);
      r->game = pt_store_dup_column_text (stmt, 2);
      r->finished = sqlite3_column_int64 (stmt, 3);
      r->rating = sqlite3_column_double (stmt, 4);
      r->before = r->rating;
      r->plays = sqlite3_column_int (stmt, 5);
      g_ptr_array_add (ratings, r);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the ratings"), error);
      return NULL;
    }
  return g_steal_pointer (&ratings);
}

/* The rows of a series come newest first from the live matches' time
 * index (stopping after PT_STATS_SERIES_LIMIT of the player's), and are
 * handed out oldest first. */
static void
reverse (GPtrArray *array)
{
  for (guint i = 0, j = array->len; i + 1 < j; i++, j--)
    {
      gpointer t = array->pdata[i];
      array->pdata[i] = array->pdata[j - 1];
      array->pdata[j - 1] = t;
    }
}

GPtrArray *
pt_stats_rating_history (PtStats     *self,
                         const char  *game,
                         gint64       player_id,
                         GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(PtStmt) player = NULL;
  g_autoptr(GPtrArray) ratings = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_rating_unref);
  g_autofree char *name = NULL;
  int rc, plays = 0;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  player = pt_store_prepare (self->store,
                             "SELECT p.name, coalesce (s.rated, 0) FROM players p LEFT JOIN player_stats s"
                             " ON s.player_id = p.id AND s.game = ?2 WHERE p.id = ?1",
                             error);
  if (player == NULL)
    return NULL;
  sqlite3_bind_int64 (player, 1, player_id);
  sqlite3_bind_text (player, 2, game, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (player) == SQLITE_ROW)
    {
      name = pt_store_dup_column_text (player, 0);
      plays = sqlite3_column_int (player, 1);
    }
  /* One more than shown: its rating is the first one's "before". */
  stmt = pt_store_prepare (self->store,
                           "SELECT m.id, m.finished, r.rating FROM matches m INDEXED BY matches_time"
                           " JOIN results r ON r.match_id = m.id"
                           " WHERE m.deleted = 0 AND m.game = ?2 AND r.player_id = ?1 AND r.rating IS NOT NULL"
                           " ORDER BY m.finished DESC, m.id DESC LIMIT ?3",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  sqlite3_bind_text (stmt, 2, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 3, PT_STATS_SERIES_LIMIT + 1);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtRating *r = pt_rating_new ();

      r->player_id = player_id;
      r->player_name = g_strdup (name);
      r->game = g_strdup (game);
      r->match_id = sqlite3_column_int64 (stmt, 0);
      r->finished = sqlite3_column_int64 (stmt, 1);
      r->rating = sqlite3_column_double (stmt, 2);
      r->plays = plays - (int) ratings->len;
      g_ptr_array_add (ratings, r);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the ratings"), error);
      return NULL;
    }
  reverse (ratings);
  for (guint i = 0; i < ratings->len; i++)
    ((PtRating *) ratings->pdata[i])->before =
      i > 0 ? ((PtRating *) ratings->pdata[i - 1])->rating : PT_STATS_ELO_INITIAL;
  if (ratings->len > PT_STATS_SERIES_LIMIT)
    g_ptr_array_remove_index (ratings, 0);
  return g_steal_pointer (&ratings);
}

GPtrArray *
pt_stats_score_series (PtStats     *self,
                       gint64       player_id,
                       const char  *game,
                       GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) points = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_score_point_unref);
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  stmt = pt_store_prepare (self->store,
                           "SELECT m.id, m.finished, m.game, r.score, r.rank, r.winner, r.rating"
                           " FROM matches m INDEXED BY matches_time JOIN results r ON r.match_id = m.id"
                           " WHERE m.deleted = 0 AND r.player_id = ?1 AND (?2 IS NULL OR m.game = ?2)"
                           " ORDER BY m.finished DESC, m.id DESC LIMIT ?3",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  if (game != NULL)
    sqlite3_bind_text (stmt, 2, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 3, PT_STATS_SERIES_LIMIT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtScorePoint *p = pt_score_point_new ();

      p->match_id = sqlite3_column_int64 (stmt, 0);
      p->finished = sqlite3_column_int64 (stmt, 1);
      p->game = pt_store_dup_column_text (stmt, 2);
      p->score = sqlite3_column_int (stmt, 3);
      p->rank = sqlite3_column_int (stmt, 4);
      p->winner = sqlite3_column_int (stmt, 5) != 0;
      p->rated = sqlite3_column_type (stmt, 6) != SQLITE_NULL;
      p->rating = sqlite3_column_double (stmt, 6);
      g_ptr_array_add (points, p);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  reverse (points);
  return g_steal_pointer (&points);
}
