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

typedef struct
{
  double rating;
  int plays;
} Rating;

static gboolean
insert_ratings (PtStore       *store,
                gint64         match_id,
                const char    *game,
                gint64         finished,
                GArray        *players,   /* gint64 */
                GArray        *ranks,     /* int */
                const Rating  *current,
                GError       **error)
{
  guint n = players->len;
  g_autofree double *before = g_new (double, n);
  g_autofree double *after = g_new (double, n);
  g_autoptr(PtStmt) insert = NULL;

  if (n < 2)
    return TRUE;
  for (guint i = 0; i < n; i++)
    before[i] = current[i].rating;
  pt_stats_elo_update (n, (const int *) (gpointer) ranks->data, before, after);

  insert = pt_store_prepare (store,
                             "INSERT INTO ratings (match_id, player_id, game, finished, before,"
                             " after, plays) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             error);
  if (insert == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      sqlite3_reset (insert);
      sqlite3_bind_int64 (insert, 1, match_id);
      sqlite3_bind_int64 (insert, 2, g_array_index (players, gint64, i));
      sqlite3_bind_text (insert, 3, game, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (insert, 4, finished);
      sqlite3_bind_double (insert, 5, before[i]);
      sqlite3_bind_double (insert, 6, after[i]);
      sqlite3_bind_int (insert, 7, current[i].plays + 1);
      if (!pt_store_step_done (store, insert, _("Could not save the ratings"), error))
        return FALSE;
    }
  return TRUE;
}

/* The new match is usually the latest of its game: rate it from each
 * player's last rating. Anything else (a companion match entered late, an
 * import) changes later ratings too, so the whole game is recomputed. */
gboolean
pt_stats_rate_new_match (PtStore  *store,
                         gint64    match_id,
                         GError  **error)
{
  g_autoptr(PtStmt) match = NULL;
  g_autoptr(PtStmt) later = NULL;
  g_autoptr(PtStmt) results = NULL;
  g_autoptr(GArray) players = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) current = g_array_new (FALSE, FALSE, sizeof (Rating));
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

  later = pt_store_prepare (store,
                            "SELECT 1 FROM matches WHERE game = ?1 AND deleted = 0"
                            " AND (finished > ?2 OR (finished = ?2 AND id > ?3)) LIMIT 1",
                            error);
  if (later == NULL)
    return FALSE;
  sqlite3_bind_text (later, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (later, 2, finished);
  sqlite3_bind_int64 (later, 3, match_id);
  rc = sqlite3_step (later);
  if (rc == SQLITE_ROW)
    return pt_stats_recompute_ratings (store, game, error);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (store, rc, _("Could not read the matches"), error);

  results = pt_store_prepare (store,
                              "SELECT r.player_id, r.rank,"
                              " (SELECT after FROM ratings WHERE player_id = r.player_id AND game = ?2"
                              "  ORDER BY finished DESC, match_id DESC LIMIT 1),"
                              " (SELECT plays FROM ratings WHERE player_id = r.player_id AND game = ?2"
                              "  ORDER BY finished DESC, match_id DESC LIMIT 1)"
                              " FROM results r WHERE r.match_id = ?1 ORDER BY r.seat",
                              error);
  if (results == NULL)
    return FALSE;
  sqlite3_bind_int64 (results, 1, match_id);
  sqlite3_bind_text (results, 2, game, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (results)) == SQLITE_ROW)
    {
      gint64 player = sqlite3_column_int64 (results, 0);
      int rank = sqlite3_column_int (results, 1);
      Rating r = { PT_STATS_ELO_INITIAL, 0 };

      if (sqlite3_column_type (results, 2) != SQLITE_NULL)
        {
          r.rating = sqlite3_column_double (results, 2);
          r.plays = sqlite3_column_int (results, 3);
        }
      g_array_append_val (players, player);
      g_array_append_val (ranks, rank);
      g_array_append_val (current, r);
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (store, rc, _("Could not read the match"), error);
  return insert_ratings (store, match_id, game, finished, players, ranks,
                         (const Rating *) (gpointer) current->data, error);
}

typedef struct
{
  PtStore *store;
  GHashTable *ratings;   /* player id (gint64*) -> Rating* */
  GArray *players;
  GArray *ranks;
  GArray *current;
  gint64 match_id;
  gint64 finished;
  char *game;
} Replay;

static gboolean
replay_flush (Replay  *replay,
              GError **error)
{
  gboolean ok;

  if (replay->match_id == 0)
    return TRUE;
  g_array_set_size (replay->current, 0);
  for (guint i = 0; i < replay->players->len; i++)
    {
      gint64 player = g_array_index (replay->players, gint64, i);
      Rating *r = g_hash_table_lookup (replay->ratings, &player);
      Rating value = { PT_STATS_ELO_INITIAL, 0 };

      if (r != NULL)
        value = *r;
      g_array_append_val (replay->current, value);
    }
  ok = insert_ratings (replay->store, replay->match_id, replay->game, replay->finished,
                       replay->players, replay->ranks,
                       (const Rating *) (gpointer) replay->current->data, error);
  if (ok && replay->players->len >= 2)
    {
      g_autofree double *before = g_new (double, replay->players->len);
      g_autofree double *after = g_new (double, replay->players->len);

      for (guint i = 0; i < replay->players->len; i++)
        before[i] = g_array_index (replay->current, Rating, i).rating;
      pt_stats_elo_update (replay->players->len, (const int *) (gpointer) replay->ranks->data,
                           before, after);
      for (guint i = 0; i < replay->players->len; i++)
        {
          gint64 *key = g_new (gint64, 1);
          Rating *r = g_new (Rating, 1);

          *key = g_array_index (replay->players, gint64, i);
          r->rating = after[i];
          r->plays = g_array_index (replay->current, Rating, i).plays + 1;
          g_hash_table_replace (replay->ratings, key, r);
        }
    }
  g_array_set_size (replay->players, 0);
  g_array_set_size (replay->ranks, 0);
  replay->match_id = 0;
  return ok;
}

/* Rebuilds the ratings of @game (NULL = every game) from its matches in the
 * order they were played. Runs inside the caller's transaction. */
gboolean
pt_stats_recompute_ratings (PtStore     *store,
                            const char  *game,
                            GError     **error)
{
  g_autoptr(PtStmt) clear = NULL;
  g_autoptr(PtStmt) rows = NULL;
  Replay replay = { store };
  gboolean ok = TRUE;
  int rc;

  if (game != NULL)
    {
      clear = pt_store_prepare (store, "DELETE FROM ratings WHERE game = ?", error);
      if (clear == NULL)
        return FALSE;
      sqlite3_bind_text (clear, 1, game, -1, SQLITE_TRANSIENT);
      if (!pt_store_step_done (store, clear, _("Could not update the ratings"), error))
        return FALSE;
    }
  else if (!pt_store_exec (store, "DELETE FROM ratings", error))
    return FALSE;

  rows = pt_store_prepare (store,
                           "SELECT m.id, m.game, m.finished, r.player_id, r.rank"
                           " FROM matches m JOIN results r ON r.match_id = m.id"
                           " WHERE m.deleted = 0 AND (?1 IS NULL OR m.game = ?1)"
                           " ORDER BY m.game, m.finished, m.id, r.seat",
                           error);
  if (rows == NULL)
    return FALSE;
  if (game != NULL)
    sqlite3_bind_text (rows, 1, game, -1, SQLITE_TRANSIENT);

  replay.ratings = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  replay.players = g_array_new (FALSE, FALSE, sizeof (gint64));
  replay.ranks = g_array_new (FALSE, FALSE, sizeof (int));
  replay.current = g_array_new (FALSE, FALSE, sizeof (Rating));

  while (ok && (rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 match_id = sqlite3_column_int64 (rows, 0);
      const char *row_game = (const char *) sqlite3_column_text (rows, 1);
      gint64 player = sqlite3_column_int64 (rows, 3);
      int rank = sqlite3_column_int (rows, 4);

      if (match_id != replay.match_id)
        {
          ok = replay_flush (&replay, error);
          if (g_strcmp0 (row_game, replay.game) != 0)
            {
              g_free (replay.game);
              replay.game = g_strdup (row_game);
              g_hash_table_remove_all (replay.ratings);
            }
          replay.match_id = match_id;
          replay.finished = sqlite3_column_int64 (rows, 2);
        }
      g_array_append_val (replay.players, player);
      g_array_append_val (replay.ranks, rank);
    }
  if (ok && rc != SQLITE_DONE)
    ok = pt_store_set_error (store, rc, _("Could not update the ratings"), error);
  if (ok)
    ok = replay_flush (&replay, error);

  g_hash_table_unref (replay.ratings);
  g_array_unref (replay.players);
  g_array_unref (replay.ranks);
  g_array_unref (replay.current);
  g_free (replay.game);
  return ok;
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
