/* pt-stats.c — statistics over the match history: the queries the pages
 * show. The ratings are computed in pt-stats-ratings.c, the aggregates
 * they read in pt-stats-aggregates.c.
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
pt_stats_get_property (GObject *object,
                       guint prop_id,
                       GValue *value,
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
pt_stats_set_property (GObject *object,
                       guint prop_id,
                       const GValue *value,
                       GParamSpec *pspec)
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

/* Reading the aggregates ----------------------------------------------------- */

#define LINE_COLUMNS                                                                             \
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
empty_line (gint64 player_id,
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
player_lines (PtStats *self,
              PtPlayerStats *stats,
              GError **error)
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
        gint64 player)
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
player_head_to_head (PtStats *self,
                     PtPlayerStats *stats,
                     GError **error)
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
pt_stats_player (PtStats *self,
                 gint64 player_id,
                 GError **error)
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
pt_stats_overview (PtStats *self,
                   const char *game,
                   gboolean include_archived,
                   GError **error)
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
pt_stats_head_to_head (PtStats *self,
                       const char *game,
                       GError **error)
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
pt_stats_pair (PtStats *self,
               gint64 player_a,
               gint64 player_b,
               const char *game,
               GError **error)
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
night_details (PtStats *self,
               PtNightSummary *night,
               GError **error)
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
pt_stats_nights (PtStats *self,
                 GError **error)
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
pt_stats_ratings (PtStats *self,
                  const char *game,
                  gboolean include_archived,
                  GError **error)
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
pt_stats_rating_history (PtStats *self,
                         const char *game,
                         gint64 player_id,
                         GError **error)
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
pt_stats_score_series (PtStats *self,
                       gint64 player_id,
                       const char *game,
                       GError **error)
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
