/* pt-store-matches.c — matches: save, edit, load, trash
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-store-private.h"

/* Matches ----------------------------------------------------------------- */

static gint64
changes_or_error (PtStore *self, int rc)
{
  return rc == SQLITE_DONE ? sqlite3_changes (self->db) : -1;
}

/* Ranks from scores when the caller left them at 0: higher is better in all
 * three games; tied scores share a rank (1, 1, 3). */
static void
fill_ranks (GPtrArray *results)
{
  for (guint i = 0; i < results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (results, i);
      if (r->rank != 0)
        return;
    }
  for (guint i = 0; i < results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (results, i);
      r->rank = 1;
      for (guint j = 0; j < results->len; j++)
        if (((PtMatchResult *) g_ptr_array_index (results, j))->score > r->score)
          r->rank++;
    }
}

static gboolean
validate_entry (PtMatchEntry *entry,
                GError **error)
{
  if (entry->game == NULL || *entry->game == '\0')
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("A match needs a game"));
      return FALSE;
    }
  if (entry->mode != PT_MATCH_MODE_DIGITAL && entry->mode != PT_MATCH_MODE_COMPANION)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Unknown match mode"));
      return FALSE;
    }
  if (entry->results == NULL || entry->results->len == 0)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A match needs at least one player"));
      return FALSE;
    }
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *a = g_ptr_array_index (entry->results, i);
      for (guint j = i + 1; j < entry->results->len; j++)
        {
          PtMatchResult *b = g_ptr_array_index (entry->results, j);
          if (a->seat == b->seat || a->player_id == b->player_id)
            {
              g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                                   _("Each player and seat may appear only once in a match"));
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* The results of entry->id (their ratings are written by the replay). */
static gboolean
insert_results (PtStore *self,
                PtMatchEntry *entry,
                const double *ratings,
                GError **error)
{
  g_autoptr(PtStmt) result = NULL;
  int rc;

  result = pt_store_prepare (self,
                             "INSERT INTO results (match_id, seat, player_id, score, rank, winner,"
                             " is_ai, ai_level, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             error);
  if (result == NULL)
    return FALSE;
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (entry->results, i);

      sqlite3_reset (result);
      sqlite3_bind_int64 (result, 1, entry->id);
      sqlite3_bind_int (result, 2, r->seat);
      sqlite3_bind_int64 (result, 3, r->player_id);
      sqlite3_bind_int (result, 4, r->score);
      sqlite3_bind_int (result, 5, r->rank);
      sqlite3_bind_int (result, 6, r->winner ? 1 : 0);
      sqlite3_bind_int (result, 7, r->is_ai ? 1 : 0);
      sqlite3_bind_int (result, 8, r->ai_level);
      if (ratings != NULL && !isnan (ratings[i]))
        sqlite3_bind_double (result, 9, ratings[i]);
      else
        sqlite3_bind_null (result, 9);
      rc = sqlite3_step (result);
      if ((rc & 0xff) == SQLITE_CONSTRAINT && rc != SQLITE_CONSTRAINT_UNIQUE &&
          rc != SQLITE_CONSTRAINT_PRIMARYKEY)
        {
          g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                       _("No player with id %" PRId64), r->player_id);
          return FALSE;
        }
      if (rc != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not save the match"), error);
    }
  return TRUE;
}

/* With @append, the match is later than every live one: rated and added
 * to the aggregates in memory (see PtAppend) instead of replayed. */
static gboolean
insert_match_full (PtStore *self,
                   PtMatchEntry *entry,
                   PtAppend *append,
                   gboolean update_ratings,
                   GError **error)
{
  double *ratings = NULL;
  g_autofree char *options = NULL;
  g_autofree char *breakdown = NULL;
  g_autofree char *record = NULL;
  g_autoptr(PtStmt) insert = NULL;
  g_autoptr(PtStmt) extra = NULL;
  int rc;

  if (!validate_entry (entry, error) ||
      (options = pt_store_canonical_json (entry->options, "{}", N_("options"), error)) == NULL ||
       (breakdown = pt_store_canonical_json (entry->breakdown, "null", N_("breakdown"), error)) == NULL ||
        (entry->record != NULL &&
         (record = pt_store_canonical_json (entry->record, NULL, N_("game record"), error)) == NULL))
    return FALSE;
  if (entry->uuid == NULL)
    entry->uuid = pt_store_new_uuid ();
  if (entry->finished == 0)
    entry->finished = pt_store_now_seconds ();
  if (entry->started == 0)
    entry->started = entry->finished;
  fill_ranks (entry->results);
  if (append != NULL)
    {
      ratings = g_newa (double, entry->results->len);
      if (!pt_append_rate (append, entry, ratings, error))
        return FALSE;
    }

  insert = pt_store_prepare (self,
                             "INSERT INTO matches (uuid, game, mode, started, finished, night_id,"
                             " options, rule_reading, notes, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             error);
  if (insert == NULL)
    return FALSE;
  sqlite3_bind_text (insert, 1, entry->uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 2, entry->game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (insert, 3, entry->mode);
  sqlite3_bind_int64 (insert, 4, entry->started);
  sqlite3_bind_int64 (insert, 5, entry->finished);
  if (entry->night_id > 0)
    sqlite3_bind_int64 (insert, 6, entry->night_id);
  sqlite3_bind_text (insert, 7, options, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 8, entry->rule_reading != NULL ? entry->rule_reading : "", -1,
                     SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 9, entry->notes != NULL ? entry->notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (insert, 10, pt_store_next_stamp (self));
  rc = sqlite3_step (insert);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE,
                   _("The match %s is already in the history"), entry->uuid);
      return FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the match"), error);
  entry->id = sqlite3_last_insert_rowid (self->db);

  if (!insert_results (self, entry, ratings, error))
    return FALSE;

  extra = pt_store_prepare (self, "INSERT INTO breakdowns (match_id, json) VALUES (?, ?)", error);
  if (extra == NULL)
    return FALSE;
  sqlite3_bind_int64 (extra, 1, entry->id);
  sqlite3_bind_text (extra, 2, breakdown, -1, SQLITE_TRANSIENT);
  if (!pt_store_step_done (self, extra, _("Could not save the match"), error))
    return FALSE;
  if (record != NULL)
    {
      g_autoptr(PtStmt) rec = pt_store_prepare (self, "INSERT INTO records (match_id, json) VALUES (?, ?)",
                                                 error);
      if (rec == NULL)
        return FALSE;
      sqlite3_bind_int64 (rec, 1, entry->id);
      sqlite3_bind_text (rec, 2, record, -1, SQLITE_TRANSIENT);
      if (!pt_store_step_done (self, rec, _("Could not save the match"), error))
        return FALSE;
    }
  /* Foreign keys: a night id that does not exist. */
  if (entry->night_id > 0)
    {
      g_autoptr(PtStmt) night = pt_store_prepare (self, "SELECT 1 FROM nights WHERE id = ?", error);
      if (night == NULL)
        return FALSE;
      sqlite3_bind_int64 (night, 1, entry->night_id);
      if (sqlite3_step (night) != SQLITE_ROW)
        return pt_store_not_found (error, N_("night"), entry->night_id);
    }
  if (append != NULL)
    return pt_append_add (append, entry, ratings, error);
  if (update_ratings && !pt_stats_rate_new_match (self, entry->id, error))
    return FALSE;
  return pt_stats_match_added (self, entry->id, error);
}

gboolean
pt_store_insert_match (PtStore *self,
                       PtMatchEntry *entry,
                       gboolean update_ratings,
                       GError **error)
{
  return insert_match_full (self, entry, NULL, update_ratings, error);
}

/* A PtAppend when @entries (finished defaulted to now) are in time order
 * and later than every live match; NULL otherwise (or on an error). */
static PtAppend *
maybe_append (PtStore *self,
              GPtrArray *entries,
              GError **error)
{
  PtAppend *append;
  gint64 last = G_MININT64;

  for (guint i = 0; i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);

      if (entry->finished == 0)
        entry->finished = pt_store_now_seconds ();
      if (entry->finished < last)
        return NULL;
      last = entry->finished;
    }
  if (entries->len == 0 || (append = pt_append_new (self, error)) == NULL)
    return NULL;
  if (!pt_append_accepts (append, ((PtMatchEntry *) g_ptr_array_index (entries, 0))->finished))
    g_clear_pointer (&append, pt_append_free);
  return append;
}

gint64
pt_store_save_match (PtStore *self,
                     PtMatchEntry *entry,
                     GError **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  PtAppend *append;
  gboolean had_uuid, ok;

  g_return_val_if_fail (PT_IS_STORE (self), 0);
  g_return_val_if_fail (entry != NULL, 0);

  had_uuid = entry->uuid != NULL;
  if (!pt_store_begin (self, error))
    return 0;
  /* The usual save is the latest match: rated and counted in place. */
  g_ptr_array_add (one, entry);
  append = maybe_append (self, one, NULL);
  ok = insert_match_full (self, entry, append, TRUE, error) &&
       (append == NULL || pt_append_finish (append, error)) && pt_store_commit (self, error);
  g_clear_pointer (&append, pt_append_free);
  if (!ok)
    {
      pt_store_rollback (self);
      entry->id = 0;
      if (!had_uuid)
        g_clear_pointer (&entry->uuid, g_free);
      return 0;
    }
  return entry->id;
}

gboolean
pt_store_save_matches (PtStore *self,
                       GPtrArray *entries,
                       GError **error)
{
  PtRatingSpan span;
  PtAppend *append;
  gboolean ok;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  /* In time order after everything else: rated as they go, aggregates
   * written once. Otherwise ratings once per game at the end, from the
   * batch's earliest match. */
  if ((append = maybe_append (self, entries, NULL)) != NULL)
    {
      ok = TRUE;
      for (guint i = 0; ok && i < entries->len; i++)
        ok = insert_match_full (self, g_ptr_array_index (entries, i), append, FALSE, error);
      ok = ok && pt_append_finish (append, error) && pt_store_commit (self, error);
      pt_append_free (append);
      if (!ok)
        {
          pt_store_rollback (self);
          for (guint j = 0; j < entries->len; j++)
            ((PtMatchEntry *) g_ptr_array_index (entries, j))->id = 0;
        }
      return ok;
    }
  pt_rating_span_init (&span);
  ok = TRUE;
  for (guint i = 0; ok && i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);

      ok = pt_store_insert_match (self, entry, FALSE, error);
      if (ok)
        pt_rating_span_add (&span, entry->game, entry->finished, entry->id);
    }
  ok = ok && pt_rating_span_recompute (&span, self, error) && pt_store_commit (self, error);
  pt_rating_span_clear (&span);
  if (!ok)
    {
      pt_store_rollback (self);
      for (guint j = 0; j < entries->len; j++)
        ((PtMatchEntry *) g_ptr_array_index (entries, j))->id = 0;
    }
  return ok;
}

static int
compare_seats (gconstpointer a,
               gconstpointer b)
{
  return (*(PtMatchResult **) a)->seat - (*(PtMatchResult **) b)->seat;
}

/* The players of a stored match, in seat order. */
static GArray *
match_players (PtStore *self,
               gint64 match_id,
               GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "SELECT player_id FROM results WHERE match_id = ?",
                                              error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, match_id);
  return pt_store_collect_ids (self, stmt, _("Could not read the match"), error);
}

/* Whether @entry's results (seat, player, score, rank, winner, computer
 * level) are the stored ones. */
static gboolean
same_results_as_stored (PtStore *self,
                        PtMatchEntry *entry,
                        gboolean *same,
                        GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT seat, player_id, score, rank, winner, is_ai, ai_level"
                                              " FROM results WHERE match_id = ? ORDER BY seat",
                                              error);
  g_autoptr(GPtrArray) sorted = NULL;
  guint n = 0;
  int rc;

  if (stmt == NULL)
    return FALSE;
  /* A plain copy: it must not free the results. */
  sorted = g_ptr_array_sized_new (entry->results->len);
  for (guint i = 0; i < entry->results->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (entry->results, i));
  g_ptr_array_sort (sorted, compare_seats);
  *same = TRUE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtMatchResult *r = n < sorted->len ? g_ptr_array_index (sorted, n) : NULL;

      n++;
      if (r == NULL || r->seat != sqlite3_column_int (stmt, 0) ||
          r->player_id != sqlite3_column_int64 (stmt, 1) || r->score != sqlite3_column_int (stmt, 2) ||
          r->rank != sqlite3_column_int (stmt, 3) || (r->winner ? 1 : 0) != sqlite3_column_int (stmt, 4) ||
          (r->is_ai ? 1 : 0) != sqlite3_column_int (stmt, 5) || r->ai_level != sqlite3_column_int (stmt, 6))
        *same = FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  if (n != sorted->len)
    *same = FALSE;
  return TRUE;
}

/* The stored match an edit applies to; the times, game, mode and UUID
 * are taken from it. */
static gboolean
load_for_update (PtStore *self,
                 PtMatchEntry *entry,
                 GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT uuid, game, mode, started, finished FROM matches"
                                              " WHERE id = ? AND deleted = 0",
                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return pt_store_not_found (error, N_("match"), entry->id);
  if (rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  if (g_strcmp0 (entry->game, (const char *) sqlite3_column_text (stmt, 1)) != 0)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A corrected match must stay a match of the same game"));
      return FALSE;
    }
  g_free (entry->uuid);
  entry->uuid = pt_store_dup_column_text (stmt, 0);
  entry->mode = sqlite3_column_int (stmt, 2);
  entry->started = sqlite3_column_int64 (stmt, 3);
  entry->finished = sqlite3_column_int64 (stmt, 4);
  return TRUE;
}

static gboolean
update_match_locked (PtStore *self,
                     PtMatchEntry *entry,
                     const char *options,
                     const char *breakdown,
                     GError **error)
{
  g_autoptr(PtStmt) match = NULL;
  g_autoptr(PtStmt) clear = NULL;
  g_autoptr(PtStmt) extra = NULL;
  g_autoptr(GArray) gone = NULL;
  int rc;
  gboolean same_results;

  if (!load_for_update (self, entry, error) ||
      (gone = match_players (self, entry->id, error)) == NULL ||
      !same_results_as_stored (self, entry, &same_results, error))
    return FALSE;
  /* A corrected note, night or breakdown changes no figure: no replay, no
   * aggregates to rebuild. */
  if (same_results)
    {
      g_autoptr(PtStmt) note = pt_store_prepare (self,
                                                  "UPDATE matches SET night_id = ?, options = ?, rule_reading = ?,"
                                                  " notes = ?, modified = ? WHERE id = ?",
                                                  error);
      g_autoptr(PtStmt) json = NULL;

      if (note == NULL)
        return FALSE;
      if (entry->night_id > 0)
        sqlite3_bind_int64 (note, 1, entry->night_id);
      sqlite3_bind_text (note, 2, options, -1, SQLITE_STATIC);
      sqlite3_bind_text (note, 3, entry->rule_reading != NULL ? entry->rule_reading : "", -1, SQLITE_STATIC);
      sqlite3_bind_text (note, 4, entry->notes != NULL ? entry->notes : "", -1, SQLITE_STATIC);
      sqlite3_bind_int64 (note, 5, pt_store_next_stamp (self));
      sqlite3_bind_int64 (note, 6, entry->id);
      rc = sqlite3_step (note);
      if ((rc & 0xff) == SQLITE_CONSTRAINT)
        return pt_store_not_found (error, N_("night"), entry->night_id);
      if (rc != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not save the match"), error);
      json = pt_store_prepare (self, "INSERT OR REPLACE INTO breakdowns (match_id, json) VALUES (?, ?)",
                               error);
      if (json == NULL)
        return FALSE;
      sqlite3_bind_int64 (json, 1, entry->id);
      sqlite3_bind_text (json, 2, breakdown, -1, SQLITE_STATIC);
      return pt_store_step_done (self, json, _("Could not save the match"), error);
    }
  if (!pt_stats_match_removed (self, entry->id, error))
    return FALSE;
  /* Players of the stored match who are not in the corrected one. */
  for (guint i = gone->len; i-- > 0;)
    for (guint j = 0; j < entry->results->len; j++)
      if (((PtMatchResult *) g_ptr_array_index (entry->results, j))->player_id ==
          g_array_index (gone, gint64, i))
        {
          g_array_remove_index (gone, i);
          break;
        }

  match = pt_store_prepare (self,
                            "UPDATE matches SET night_id = ?, options = ?, rule_reading = ?, notes = ?,"
                            " modified = ? WHERE id = ?",
                            error);
  if (match == NULL)
    return FALSE;
  if (entry->night_id > 0)
    sqlite3_bind_int64 (match, 1, entry->night_id);
  sqlite3_bind_text (match, 2, options, -1, SQLITE_STATIC);
  sqlite3_bind_text (match, 3, entry->rule_reading != NULL ? entry->rule_reading : "", -1,
                     SQLITE_STATIC);
  sqlite3_bind_text (match, 4, entry->notes != NULL ? entry->notes : "", -1, SQLITE_STATIC);
  sqlite3_bind_int64 (match, 5, pt_store_next_stamp (self));
  sqlite3_bind_int64 (match, 6, entry->id);
  rc = sqlite3_step (match);
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    return pt_store_not_found (error, N_("night"), entry->night_id);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the match"), error);

  clear = pt_store_prepare (self, "DELETE FROM results WHERE match_id = ?", error);
  if (clear == NULL)
    return FALSE;
  sqlite3_bind_int64 (clear, 1, entry->id);
  if (!pt_store_step_done (self, clear, _("Could not save the match"), error) ||
                           !insert_results (self, entry, NULL, error))
    return FALSE;

  extra = pt_store_prepare (self, "INSERT OR REPLACE INTO breakdowns (match_id, json) VALUES (?, ?)",
                            error);
  if (extra == NULL)
    return FALSE;
  sqlite3_bind_int64 (extra, 1, entry->id);
  sqlite3_bind_text (extra, 2, breakdown, -1, SQLITE_STATIC);
  if (!pt_store_step_done (self, extra, _("Could not save the match"), error))
    return FALSE;

  /* The replay compares and rewrites the ratings from this match on and
   * stops as soon as every player agrees with the stored ones again (at
   * once for a corrected note or breakdown). */
  return pt_stats_rerate_match (self, entry->game, entry->finished, entry->id, gone, error) &&
         pt_stats_match_added (self, entry->id, error);
}

gboolean
pt_store_update_match (PtStore *self,
                       PtMatchEntry *entry,
                       GError **error)
{
  g_autofree char *options = NULL;
  g_autofree char *breakdown = NULL;
  g_autofree char *uuid = NULL;
  PtMatchMode mode;
  gint64 started, finished;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (entry->id <= 0)
    return pt_store_not_found (error, N_("match"), entry->id);
  if (!validate_entry (entry, error) ||
      (options = pt_store_canonical_json (entry->options, "{}", N_("options"), error)) == NULL ||
       (breakdown = pt_store_canonical_json (entry->breakdown, "null", N_("breakdown"), error)) == NULL)
    return FALSE;
  fill_ranks (entry->results);
  if (!pt_store_begin (self, error))
    return FALSE;
  /* On failure the entry is as the caller gave it (it may save it anew). */
  uuid = g_steal_pointer (&entry->uuid);
  mode = entry->mode;
  started = entry->started;
  finished = entry->finished;
  if (!update_match_locked (self, entry, options, breakdown, error) || !pt_store_commit (self, error))
    {
      pt_store_rollback (self);
      g_free (entry->uuid);
      entry->uuid = g_steal_pointer (&uuid);
      entry->mode = mode;
      entry->started = started;
      entry->finished = finished;
      return FALSE;
    }
  return TRUE;
}

PtMatchResult *
pt_store_read_result (PtStmt *stmt,
                      int c)
{
  PtMatchResult *r = pt_match_result_new (sqlite3_column_int64 (stmt, c),
                                          sqlite3_column_int (stmt, c + 2),
                                          sqlite3_column_int (stmt, c + 3),
                                          sqlite3_column_int (stmt, c + 5) != 0);

  r->player_name = pt_store_dup_column_text (stmt, c + 1);
  r->rank = sqlite3_column_int (stmt, c + 4);
  r->is_ai = sqlite3_column_int (stmt, c + 6) != 0;
  r->ai_level = sqlite3_column_int (stmt, c + 7);
  return r;
}

GPtrArray *
pt_store_load_results (PtStore *self,
                       gint64 match_id,
                       GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_result_unref);
  int rc;

  stmt = pt_store_prepare (self,
                           "SELECT r.player_id, p.name, r.seat, r.score, r.rank, r.winner, r.is_ai,"
                           " r.ai_level FROM results r JOIN players p ON p.id = r.player_id"
                           " WHERE r.match_id = ? ORDER BY r.seat",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, match_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (results, pt_store_read_result (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the match"), error);
      return NULL;
    }
  return g_steal_pointer (&results);
}

PtMatchEntry *
pt_store_read_match (PtStmt *stmt)
{
  PtMatchEntry *entry = pt_match_entry_new ((const char *) sqlite3_column_text (stmt, 2),
                                            sqlite3_column_int (stmt, 3));

  entry->id = sqlite3_column_int64 (stmt, 0);
  entry->uuid = pt_store_dup_column_text (stmt, 1);
  entry->started = sqlite3_column_int64 (stmt, 4);
  entry->finished = sqlite3_column_int64 (stmt, 5);
  entry->night_id = sqlite3_column_int64 (stmt, 6);
  entry->rule_reading = pt_store_dup_column_text (stmt, 7);
  entry->notes = pt_store_dup_column_text (stmt, 8);
  entry->deleted = sqlite3_column_int (stmt, 9) != 0;
  return entry;
}

PtMatchEntry *
pt_store_load_match (PtStore *self,
                     gint64 id,
                     GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  GPtrArray *results;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT " PT_STORE_MATCH_COLUMNS ", m.options, b.json, r.json FROM matches m"
                           " LEFT JOIN breakdowns b ON b.match_id = m.id"
                           " LEFT JOIN records r ON r.match_id = m.id WHERE m.id = ?",
                           error);
  if (stmt == NULL || !pt_store_step_by_id (self, stmt, id, N_("match"), _("Could not read the match"), error))
    return NULL;
  entry = pt_store_read_match (stmt);
  entry->options = pt_store_dup_column_text (stmt, 10);
  entry->breakdown = pt_store_dup_column_text (stmt, 11);
  entry->record = pt_store_dup_column_text (stmt, 12);
  if ((results = pt_store_load_results (self, id, error)) == NULL)
    return NULL;
  g_ptr_array_unref (entry->results);
  entry->results = results;
  return g_steal_pointer (&entry);
}

gint64
pt_store_find_match_by_uuid (PtStore *self,
                             const char *uuid,
                             GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), 0);
  stmt = pt_store_prepare (self, "SELECT id FROM matches WHERE uuid = ?", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return sqlite3_column_int64 (stmt, 0);
  if (rc == SQLITE_DONE)
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("No match %s"), uuid);
  else
    pt_store_set_error (self, rc, _("Could not read the match"), error);
  return 0;
}

gboolean
pt_store_set_match_notes (PtStore *self,
                          gint64 id,
                          const char *notes,
                          GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "UPDATE matches SET notes = ?, modified = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, notes != NULL ? notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 3, id);
  return pt_store_step_change (self, stmt, N_("match"), id, error);
}

gboolean
pt_store_set_match_night (PtStore *self,
                          gint64 id,
                          gint64 night_id,
                          GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "UPDATE matches SET night_id = ?, modified = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  if (night_id > 0)
    sqlite3_bind_int64 (stmt, 1, night_id);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 3, id);
  rc = sqlite3_step (stmt);
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    return pt_store_not_found (error, N_("night"), night_id);
  if (changes_or_error (self, rc) < 0)
    return pt_store_set_error (self, rc, _("Could not save the change"), error);
  if (sqlite3_changes (self->db) == 0)
    return pt_store_not_found (error, N_("match"), id);
  return TRUE;
}

/* The game and time of a match, for re-rating from it. */
static gboolean
match_place (PtStore *self,
             gint64 id,
             char **game,
             gint64 *finished,
             GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "SELECT game, finished FROM matches WHERE id = ?",
                                              error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return pt_store_not_found (error, N_("match"), id);
  if (rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  *game = pt_store_dup_column_text (stmt, 0);
  *finished = sqlite3_column_int64 (stmt, 1);
  return TRUE;
}

/* Trash and restore: deleted holds the time the match went to the trash
 * (0 = live). Its players' aggregates are rebuilt and the game re-rated
 * from the match on, stopping once nothing later changes. */
static gboolean
set_match_deleted (PtStore *self,
                   gint64 id,
                   gboolean deleted,
                   GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GArray) gone = NULL;
  g_autofree char *game = NULL;
  gint64 finished = 0;

  if (!pt_store_begin (self, error))
    return FALSE;
  if (deleted && !pt_stats_match_removed (self, id, error))
    goto fail;
  stmt = pt_store_prepare (self,
                           "UPDATE matches SET deleted = ?1, modified = ?4 WHERE id = ?2"
                           " AND (deleted <> 0) = ?3",
                           error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, deleted ? MAX (pt_store_now_seconds (), 1) : 0);
  sqlite3_bind_int64 (stmt, 2, id);
  sqlite3_bind_int (stmt, 3, !deleted);
  sqlite3_bind_int64 (stmt, 4, pt_store_next_stamp (self));
  if (!pt_store_step_change (self, stmt, deleted ? N_("match") : N_("deleted match"), id, error))
    goto fail;
  if (!match_place (self, id, &game, &finished, error))
    goto fail;
  if (deleted && (gone = match_players (self, id, error)) == NULL)
    goto fail;
  /* A trashed match keeps no ratings, so a restore rates it anew (and
   * never takes the ratings it had as still right). */
  if (deleted)
    {
      g_autoptr(PtStmt) drop = pt_store_prepare (self, "UPDATE results SET rating = NULL WHERE match_id = ?",
                                                  error);

      if (drop == NULL)
        goto fail;
      sqlite3_bind_int64 (drop, 1, id);
      if (!pt_store_step_done (self, drop, _("Could not update the ratings"), error))
        goto fail;
    }
  if (!pt_stats_rerate_match (self, game, finished, id, gone, error))
    goto fail;
  if (!deleted && !pt_stats_match_added (self, id, error))
    goto fail;
  return pt_store_commit (self, error);

fail:
  pt_store_rollback (self);
  return FALSE;
}

gboolean
pt_store_delete_match (PtStore *self,
                       gint64 id,
                       GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  return set_match_deleted (self, id, TRUE, error);
}

gboolean
pt_store_undelete_match (PtStore *self,
                         gint64 id,
                         GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  return set_match_deleted (self, id, FALSE, error);
}

int
pt_store_purge (PtStore *self,
                GError **error)
{
  int removed;

  g_return_val_if_fail (PT_IS_STORE (self), -1);
  if (!pt_store_begin (self, error))
    return -1;
  if (!pt_store_exec (self, "DELETE FROM matches WHERE deleted <> 0", error))
    goto fail;
  removed = sqlite3_changes (self->db);
  if (!pt_store_exec (self,
                      "DELETE FROM players WHERE deleted = 1"
                      " AND NOT EXISTS (SELECT 1 FROM results WHERE player_id = players.id)",
                      error))
    goto fail;
  removed += sqlite3_changes (self->db);
  if (!pt_store_commit (self, error))
    return -1;
  return removed;

fail:
  pt_store_rollback (self);
  return -1;
}

int
pt_store_count_matches (PtStore *self,
                        GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), -1);
  stmt = pt_store_prepare (self, "SELECT count(*) FROM matches WHERE deleted = 0", error);
  if (stmt == NULL)
    return -1;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      pt_store_set_error (self, rc, _("Could not read the matches"), error);
      return -1;
    }
  return sqlite3_column_int (stmt, 0);
}
