/* pt-store-history.c — the history query
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-player-name.h"
#include "pt-store-private.h"

/* History ----------------------------------------------------------------- */

void
pt_history_query_init (PtHistoryQuery *query)
{
  memset (query, 0, sizeof *query);
  query->mode = -1;
}

static char *
like_pattern (const char *text)
{
  GString *pattern = g_string_new ("%");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (pattern, '\\');
      g_string_append_c (pattern, *p);
    }
  g_string_append_c (pattern, '%');
  return g_string_free (pattern, FALSE);
}

char *
pt_store_history_sql (const PtHistoryQuery *query)
{
  GString *sql = g_string_new ("SELECT " PT_STORE_MATCH_COLUMNS " FROM matches m");

  /* Built from fixed pieces only; every value is bound. The partial index
   * of live matches by time lets SQLite walk newest first and stop after
   * one page (a game filter skips the other games' rows on the way); the
   * player test is a range of the results' primary key (match_id, seat). */
  g_string_append (sql, query->game != NULL ? " INDEXED BY matches_time WHERE m.game = ?1"
                                            : " INDEXED BY matches_time WHERE 1");
  g_string_append (sql, " AND m.deleted = 0");
  if (query->mode >= 0)
    g_string_append (sql, " AND m.mode = ?2");
  if (query->from != 0)
    g_string_append (sql, " AND m.finished >= ?3");
  if (query->to != 0)
    g_string_append (sql, " AND m.finished < ?4");
  if (query->night_id > 0)
    g_string_append (sql, " AND m.night_id = ?5");
  if (query->player_id > 0)
    g_string_append (sql, " AND EXISTS (SELECT 1 FROM results r WHERE r.match_id = m.id"
                          " AND r.player_id = ?6)");
  if (query->search != NULL && *query->search != '\0')
    g_string_append (sql, " AND (pt_fold (m.notes) LIKE ?7 ESCAPE '\\' OR EXISTS (SELECT 1 FROM"
                          " results r JOIN players p ON p.id = r.player_id WHERE r.match_id = m.id"
                          " AND pt_fold (p.name) LIKE ?7 ESCAPE '\\'))");
  if (query->before_id > 0)
    g_string_append (sql, " AND (m.finished < ?8 OR (m.finished = ?8 AND m.id < ?9))");
  g_string_append (sql, " ORDER BY m.finished DESC, m.id DESC LIMIT ?10 OFFSET ?11");
  return g_string_free (sql, FALSE);
}

GPtrArray *
pt_store_history (PtStore *self,
                  const PtHistoryQuery *query,
                  GError **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
  g_autofree char *pattern = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc, n = 0;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  sql = pt_store_history_sql (query);
  if (query->search != NULL && *query->search != '\0')
    {
      g_autofree char *folded = pt_player_name_key (query->search);

      pattern = like_pattern (folded);
    }

  rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not read the history"), error);
      return NULL;
    }
  if (query->game != NULL)
    sqlite3_bind_text (stmt, 1, query->game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, query->mode);
  sqlite3_bind_int64 (stmt, 3, query->from);
  sqlite3_bind_int64 (stmt, 4, query->to);
  sqlite3_bind_int64 (stmt, 5, query->night_id);
  sqlite3_bind_int64 (stmt, 6, query->player_id);
  if (pattern != NULL)
    sqlite3_bind_text (stmt, 7, pattern, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 8, query->before_finished);
  sqlite3_bind_int64 (stmt, 9, query->before_id);
  sqlite3_bind_int (stmt, 10, query->limit > 0 ? query->limit : 50);
  sqlite3_bind_int (stmt, 11, MAX (query->offset, 0));

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (entries, pt_store_read_match (stmt));
      n++;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the history"), error);
      return NULL;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);
      GPtrArray *results = pt_store_load_results (self, entry->id, error);

      if (results == NULL)
        return NULL;
      g_ptr_array_unref (entry->results);
      entry->results = results;
    }
  return g_steal_pointer (&entries);
}
