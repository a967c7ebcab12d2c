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
 * A rating row (match, player) holds the player's rating before and after
 * the match and how many rated matches of the game they had played by then.
 * Every row depends on all earlier matches of its game, so a change to a
 * match (a late entry, an edit, a delete or undelete) replays the game from
 * that match onward, in one pass over (finished, id):
 *   - the players' ratings just before the match come from their last row
 *     before it (one index seek each, on first sight of the player);
 *   - each later match is re-rated and its rows are updated in place, or
 *     left alone when they come out the same;
 *   - once every player's rating agrees with the stored rows again (an edit
 *     that changed no ranks, say), nothing later can change and it stops.
 * Invariant: a soft-deleted match has no rating rows (the delete removes
 * them; the replay reads only matches that are not deleted).
 */

typedef struct
{
  double rating;
  int plays;
  gboolean dirty;   /* differs from what the stored rows say */
} Rating;

typedef struct
{
  gint64 player;
  int rank;
  gboolean stored;  /* the match already has a row for this player */
  gint64 stored_finished;
  double stored_before;
  double stored_after;
  int stored_plays;
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

static Rating *
replay_rating (Replay   *replay,
               gint64    player,
               GError  **error)
{
  g_autoptr(PtStmt) last = NULL;
  Rating *r = g_hash_table_lookup (replay->ratings, &player);
  gint64 *key;
  int rc;

  if (r != NULL)
    return r;
  last = pt_store_prepare (replay->store,
                           "SELECT after, plays FROM ratings WHERE player_id = ?1 AND game = ?2"
                           " AND (finished, match_id) < (?3, ?4)"
                           " ORDER BY finished DESC, match_id DESC LIMIT 1",
                           error);
  if (last == NULL)
    return NULL;
  sqlite3_bind_int64 (last, 1, player);
  sqlite3_bind_text (last, 2, replay->game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (last, 3, replay->from_finished);
  sqlite3_bind_int64 (last, 4, replay->from_id);
  r = g_new0 (Rating, 1);
  r->rating = PT_STATS_ELO_INITIAL;
  rc = sqlite3_step (last);
  if (rc == SQLITE_ROW)
    {
      r->rating = sqlite3_column_double (last, 0);
      r->plays = sqlite3_column_int (last, 1);
    }
  else if (rc != SQLITE_DONE)
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

/* A match of fewer than two players is not rated: rows it may still have
 * (from an edit that removed players) go, and its players' later rows are
 * stale. */
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
  drop = pt_store_prepare (replay->store, "DELETE FROM ratings WHERE match_id = ?", error);
  if (drop == NULL)
    return FALSE;
  sqlite3_bind_int64 (drop, 1, replay->match_id);
  return pt_store_step_done (replay->store, drop, _("Could not update the ratings"), error);
}

static gboolean
replay_write (Replay      *replay,
              const Seat  *seat,
              double       before,
              double       after,
              int          plays,
              GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  /* The index on (player, game, finished, match) is only rewritten when
   * the time moved, which a replay never does by itself. */
  if (seat->stored && seat->stored_finished == replay->finished)
    stmt = pt_store_prepare (replay->store,
                             "UPDATE ratings SET before = ?5, after = ?6, plays = ?7"
                             " WHERE match_id = ?1 AND player_id = ?2",
                             error);
  else if (seat->stored)
    stmt = pt_store_prepare (replay->store,
                             "UPDATE ratings SET finished = ?4, before = ?5, after = ?6, plays = ?7"
                             " WHERE match_id = ?1 AND player_id = ?2",
                             error);
  else
    stmt = pt_store_prepare (replay->store,
                             "INSERT INTO ratings (match_id, player_id, game, finished, before,"
                             " after, plays) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                             error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, replay->match_id);
  sqlite3_bind_int64 (stmt, 2, seat->player);
  sqlite3_bind_text (stmt, 3, replay->game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, replay->finished);
  sqlite3_bind_double (stmt, 5, before);
  sqlite3_bind_double (stmt, 6, after);
  sqlite3_bind_int (stmt, 7, plays);
  return pt_store_step_done (replay->store, stmt, _("Could not save the ratings"), error);
}

/* Rates the match read so far and writes the rows that changed. */
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
      int plays = rating[i]->plays + 1;
      gboolean same = seat->stored && seat->stored_finished == replay->finished &&
                      seat->stored_before == before[i] && seat->stored_after == after[i] &&
                      seat->stored_plays == plays;

      if (!same && !replay_write (replay, seat, before[i], after[i], plays, error))
        return FALSE;
      rating[i]->rating = after[i];
      rating[i]->plays = plays;
      /* The player's next stored row starts from this row's stored rating. */
      set_dirty (replay, rating[i],
                 !(seat->stored && seat->stored_after == after[i] && seat->stored_plays == plays));
    }
  return TRUE;
}

/* Re-rates @game from the match (@finished, @match_id) onward, inside the
 * caller's transaction. Rows of matches before it are trusted. With
 * @may_stop, only that match changed, so the replay stops once every
 * player agrees with the stored rows again; after a batch (other changed
 * or unrated matches further on) or a rebuild it must go to the end. */
static gboolean
recompute_from (PtStore     *store,
                const char  *game,
                gint64       finished,
                gint64       match_id,
                gboolean     may_stop,
                GError     **error)
{
  g_autoptr(PtStmt) rows = NULL;
  Replay replay = { store, game, finished, match_id };
  gboolean ok = TRUE, stopped = FALSE;
  int rc = SQLITE_DONE;

  g_return_val_if_fail (game != NULL, FALSE);

  /* One range of the covering index results_game_time, in replay order;
   * deleted matches are not read (their rows went when they were deleted). */
  rows = pt_store_prepare (store,
                           "SELECT r.match_id, r.finished, r.player_id, r.rank,"
                           " g.finished, g.before, g.after, g.plays"
                           " FROM results r"
                           " LEFT JOIN ratings g ON g.match_id = r.match_id AND g.player_id = r.player_id"
                           " WHERE r.game = ?1 AND r.deleted = 0 AND (r.finished, r.match_id) >= (?2, ?3)"
                           " ORDER BY r.finished, r.match_id, r.seat",
                           error);
  if (rows == NULL)
    return FALSE;
  sqlite3_bind_text (rows, 1, game, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (rows, 2, finished);
  sqlite3_bind_int64 (rows, 3, match_id);

  replay.ratings = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  replay.seats = g_array_new (FALSE, FALSE, sizeof (Seat));

  while (ok && (rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (rows, 0);
      Seat seat = { 0 };

      if (id != replay.match_id)
        {
          gboolean first = replay.match_id == 0;

          ok = replay_flush (&replay, error);
          /* After the changed match, all players agree with the stored
           * rows again: everything later is unchanged. */
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
      if (seat.stored)
        {
          seat.stored_finished = sqlite3_column_int64 (rows, 4);
          seat.stored_before = sqlite3_column_double (rows, 5);
          seat.stored_after = sqlite3_column_double (rows, 6);
          seat.stored_plays = sqlite3_column_int (rows, 7);
        }
      g_array_append_val (replay.seats, seat);
    }
  if (ok && !stopped && rc != SQLITE_DONE)
    ok = pt_store_set_error (store, rc, _("Could not update the ratings"), error);
  if (ok)
    ok = replay_flush (&replay, error);

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
  return recompute_from (store, game, finished, match_id, FALSE, error);
}

gboolean
pt_stats_rerate_match (PtStore     *store,
                       const char  *game,
                       gint64       finished,
                       gint64       match_id,
                       GError     **error)
{
  return recompute_from (store, game, finished, match_id, TRUE, error);
}

/* A new match: usually the latest of its game, so only its own rows are
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
  return pt_stats_rerate_match (store, game, finished, match_id, error);
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
  g_autoptr(PtStmt) clear = NULL;
  g_autoptr(PtStmt) games = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int rc;

  if (game != NULL)
    {
      clear = pt_store_prepare (store, "DELETE FROM ratings WHERE game = ?", error);
      if (clear == NULL)
        return FALSE;
      sqlite3_bind_text (clear, 1, game, -1, SQLITE_TRANSIENT);
      if (!pt_store_step_done (store, clear, _("Could not update the ratings"), error))
        return FALSE;
      return pt_stats_recompute_ratings_from (store, game, G_MININT64, G_MININT64, error);
    }
  if (!pt_store_exec (store, "DELETE FROM ratings", error))
    return FALSE;
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

/* Per-player lines --------------------------------------------------------- */

typedef struct
{
  PtStatLine *line;
  gint64 total;
  int streak;
} Tally;

static Tally *
tally_new (gint64      player_id,
           const char *name,
           const char *game)
{
  Tally *t = g_new0 (Tally, 1);

  t->line = pt_stat_line_new ();
  t->line->player_id = player_id;
  t->line->player_name = g_strdup (name);
  t->line->game = g_strdup (game);
  return t;
}

static void
tally_free (Tally *t)
{
  g_clear_pointer (&t->line, pt_stat_line_unref);
  g_free (t);
}

/* Rows must come oldest first for the streaks. */
static void
tally_add (Tally    *t,
           int       score,
           gboolean  winner,
           gint64    finished)
{
  PtStatLine *l = t->line;

  if (l->plays == 0 || score > l->best)
    l->best = score;
  if (l->plays == 0 || score < l->worst)
    l->worst = score;
  l->plays++;
  t->total += score;
  if (winner)
    {
      l->wins++;
      t->streak++;
      l->longest_streak = MAX (l->longest_streak, t->streak);
    }
  else
    t->streak = 0;
  l->current_streak = t->streak;
  l->last_played = MAX (l->last_played, finished);
}

static PtStatLine *
tally_finish (Tally *t)
{
  PtStatLine *l = g_steal_pointer (&t->line);

  if (l->plays > 0)
    {
      l->win_rate = (double) l->wins / l->plays;
      l->average = (double) t->total / l->plays;
    }
  return l;
}

static int
compare_lines_by_game (gconstpointer a,
                       gconstpointer b)
{
  const PtStatLine *la = *(PtStatLine **) a;
  const PtStatLine *lb = *(PtStatLine **) b;

  return g_strcmp0 (la->game, lb->game);
}

/* Head-to-head from the match's lineup ("player:rank:winner,…") stored with
 * each result: no join per match. */
static void
add_lineup (PtPlayerStats *stats,
            GHashTable    *pairs,
            gboolean       winner,
            int            rank,
            const char    *lineup)
{
  const char *p = lineup;

  while (p != NULL && *p != '\0')
    {
      char *end;
      gint64 opponent = g_ascii_strtoll (p, &end, 10);
      int opponent_rank = 0, opponent_winner = 0;
      PtHeadToHead *h;

      if (*end == ':')
        opponent_rank = (int) g_ascii_strtoll (end + 1, &end, 10);
      if (*end == ':')
        opponent_winner = (int) g_ascii_strtoll (end + 1, &end, 10);
      p = *end == ',' ? end + 1 : NULL;
      if (opponent == stats->player->id || opponent <= 0)
        continue;
      h = g_hash_table_lookup (pairs, &opponent);
      if (h == NULL)
        {
          h = pt_head_to_head_new ();
          h->player_a = stats->player->id;
          h->name_a = g_strdup (stats->player->name);
          h->player_b = opponent;
          g_hash_table_insert (pairs, &h->player_b, h);
          g_ptr_array_add (stats->head_to_head, h);
        }
      h->plays++;
      h->wins_a += winner ? 1 : 0;
      h->wins_b += opponent_winner != 0;
      h->a_ahead += rank < opponent_rank;
      h->b_ahead += opponent_rank < rank;
    }
}

static gboolean
player_lines (PtStats        *self,
              PtPlayerStats  *stats,
              GError        **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GHashTable) games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) tally_free);
  g_autoptr(GHashTable) pairs = g_hash_table_new (g_int64_hash, g_int64_equal);
  Tally *overall = tally_new (stats->player->id, stats->player->name, NULL);
  GHashTableIter iter;
  gpointer value;
  int rc;

  stmt = pt_store_prepare (self->store,
                           "SELECT game, score, winner, finished, rank, lineup FROM results"
                           " WHERE player_id = ? AND deleted = 0 ORDER BY finished, match_id",
                           error);
  if (stmt == NULL)
    {
      tally_free (overall);
      return FALSE;
    }
  sqlite3_bind_int64 (stmt, 1, stats->player->id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *game = (const char *) sqlite3_column_text (stmt, 0);
      int score = sqlite3_column_int (stmt, 1);
      gboolean winner = sqlite3_column_int (stmt, 2) != 0;
      gint64 finished = sqlite3_column_int64 (stmt, 3);
      Tally *t = g_hash_table_lookup (games, game);

      if (t == NULL)
        {
          t = tally_new (stats->player->id, stats->player->name, game);
          g_hash_table_insert (games, g_strdup (game), t);
        }
      tally_add (t, score, winner, finished);
      tally_add (overall, score, winner, finished);
      add_lineup (stats, pairs, winner, sqlite3_column_int (stmt, 4),
                  (const char *) sqlite3_column_text (stmt, 5));
    }
  if (rc != SQLITE_DONE)
    {
      tally_free (overall);
      return pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
    }
  stats->overall = tally_finish (overall);
  tally_free (overall);
  g_hash_table_iter_init (&iter, games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (stats->per_game, tally_finish (value));
  g_ptr_array_sort (stats->per_game, compare_lines_by_game);
  return TRUE;
}

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

#define HEAD_TO_HEAD_COLUMNS                                                   \
  "a.player_id, pa.name, b.player_id, pb.name, count (*), sum (a.winner),"     \
  " sum (b.winner), sum (a.rank < b.rank), sum (b.rank < a.rank)"

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

/* Names and order of the head-to-head lines gathered by player_lines(). */
static gboolean
player_head_to_head (PtStats        *self,
                     PtPlayerStats  *stats,
                     GError        **error)
{
  for (guint i = 0; i < stats->head_to_head->len; i++)
    {
      PtHeadToHead *h = stats->head_to_head->pdata[i];
      g_autoptr(PtStmt) name = pt_store_prepare (self->store, "SELECT name FROM players WHERE id = ?",
                                                 error);
      if (name == NULL)
        return FALSE;
      sqlite3_bind_int64 (name, 1, h->player_b);
      if (sqlite3_step (name) == SQLITE_ROW)
        h->name_b = pt_store_dup_column_text (name, 0);
    }
  g_ptr_array_sort (stats->head_to_head, compare_head_to_head);
  return TRUE;
}

static PtRating *
read_rating (PtStmt *stmt)
{
  PtRating *r = pt_rating_new ();

  r->player_id = sqlite3_column_int64 (stmt, 0);
  r->player_name = pt_store_dup_column_text (stmt, 1);
  r->game = pt_store_dup_column_text (stmt, 2);
  r->match_id = sqlite3_column_int64 (stmt, 3);
  r->finished = sqlite3_column_int64 (stmt, 4);
  r->before = sqlite3_column_double (stmt, 5);
  r->rating = sqlite3_column_double (stmt, 6);
  r->plays = sqlite3_column_int (stmt, 7);
  return r;
}

#define RATING_COLUMNS \
  "r.player_id, p.name, r.game, r.match_id, r.finished, r.before, r.after, r.plays"

static gboolean
player_ratings (PtStats        *self,
                PtPlayerStats  *stats,
                GError        **error)
{
  for (guint i = 0; i < stats->per_game->len; i++)
    {
      PtStatLine *line = g_ptr_array_index (stats->per_game, i);
      g_autoptr(PtStmt) stmt = NULL;
      int rc;

      stmt = pt_store_prepare (self->store,
                               "SELECT " RATING_COLUMNS " FROM ratings r"
                               " JOIN players p ON p.id = r.player_id"
                               " WHERE r.player_id = ? AND r.game = ?"
                               " ORDER BY r.finished DESC, r.match_id DESC LIMIT 1",
                               error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, stats->player->id);
      sqlite3_bind_text (stmt, 2, line->game, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          PtRating *r = read_rating (stmt);
          r->match_id = 0;
          g_ptr_array_add (stats->ratings, r);
        }
      else if (rc != SQLITE_DONE)
        return pt_store_set_error (self->store, rc, _("Could not read the ratings"), error);
    }
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

  if (!player_lines (self, stats, error) ||
      !player_head_to_head (self, stats, error) ||
      !player_ratings (self, stats, error))
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
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) tallies = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                                         (GDestroyNotify) tally_free);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_stat_line_unref);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  if ((players = pt_store_list_players (self->store, include_archived, error)) == NULL)
    return NULL;
  for (guint i = 0; i < players->len; i++)
    {
      PtPlayer *p = g_ptr_array_index (players, i);
      g_hash_table_insert (tallies, &p->id, tally_new (p->id, p->name, game));
    }

  /* One pass over every result, oldest first, so streaks come out right. */
  stmt = pt_store_prepare (self->store,
                           "SELECT r.player_id, r.score, r.winner, m.finished"
                           " FROM matches m JOIN results r ON r.match_id = m.id"
                           " WHERE m.deleted = 0 AND (?1 IS NULL OR m.game = ?1)"
                           " ORDER BY m.finished, m.id",
                           error);
  if (stmt == NULL)
    return NULL;
  if (game != NULL)
    sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 player = sqlite3_column_int64 (stmt, 0);
      Tally *t = g_hash_table_lookup (tallies, &player);

      if (t != NULL)
        tally_add (t, sqlite3_column_int (stmt, 1), sqlite3_column_int (stmt, 2) != 0,
                   sqlite3_column_int64 (stmt, 3));
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  for (guint i = 0; i < players->len; i++)
    {
      PtPlayer *p = g_ptr_array_index (players, i);
      g_ptr_array_add (lines, tally_finish (g_hash_table_lookup (tallies, &p->id)));
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
                           "SELECT " HEAD_TO_HEAD_COLUMNS
                           " FROM matches m JOIN results a ON a.match_id = m.id"
                           " JOIN results b ON b.match_id = m.id AND b.player_id > a.player_id"
                           " JOIN players pa ON pa.id = a.player_id JOIN players pb ON pb.id = b.player_id"
                           " WHERE m.deleted = 0 AND (?1 IS NULL OR m.game = ?1)"
                           " GROUP BY a.player_id, b.player_id ORDER BY a.player_id, b.player_id",
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
                           " FROM nights n ORDER BY n.date DESC, n.id DESC",
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
  stmt = pt_store_prepare (self->store,
                           "SELECT " RATING_COLUMNS " FROM ("
                           "  SELECT *, row_number () OVER (PARTITION BY player_id"
                           "   ORDER BY finished DESC, match_id DESC) AS n FROM ratings WHERE game = ?1) r"
                           " JOIN players p ON p.id = r.player_id"
                           " WHERE r.n = 1 AND p.deleted = 0 AND (p.archived = 0 OR ?2)"
                           " ORDER BY r.after DESC, p.name",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, include_archived);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtRating *r = read_rating (stmt);
      r->match_id = 0;
      g_ptr_array_add (ratings, r);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the ratings"), error);
      return NULL;
    }
  return g_steal_pointer (&ratings);
}

GPtrArray *
pt_stats_rating_history (PtStats     *self,
                         const char  *game,
                         gint64       player_id,
                         GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) ratings = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_rating_unref);
  int rc;

  g_return_val_if_fail (PT_IS_STATS (self), NULL);
  stmt = pt_store_prepare (self->store,
                           "SELECT " RATING_COLUMNS " FROM ratings r JOIN players p ON p.id = r.player_id"
                           " WHERE r.player_id = ? AND r.game = ? ORDER BY r.finished, r.match_id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  sqlite3_bind_text (stmt, 2, game, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (ratings, read_rating (stmt));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the ratings"), error);
      return NULL;
    }
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
                           "SELECT match_id, finished, game, score, rank, winner FROM results"
                           " WHERE player_id = ?1 AND deleted = 0 AND (?2 IS NULL OR game = ?2)"
                           " ORDER BY finished, match_id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  if (game != NULL)
    sqlite3_bind_text (stmt, 2, game, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtScorePoint *p = pt_score_point_new ();

      p->match_id = sqlite3_column_int64 (stmt, 0);
      p->finished = sqlite3_column_int64 (stmt, 1);
      p->game = pt_store_dup_column_text (stmt, 2);
      p->score = sqlite3_column_int (stmt, 3);
      p->rank = sqlite3_column_int (stmt, 4);
      p->winner = sqlite3_column_int (stmt, 5) != 0;
      g_ptr_array_add (points, p);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self->store, rc, _("Could not read the statistics"), error);
      return NULL;
    }
  return g_steal_pointer (&points);
}
