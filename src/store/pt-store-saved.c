/* pt-store-saved.c — saved games in progress and score-sheet drafts
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-store-private.h"

/* Saved games and drafts --------------------------------------------------- */

gint64
pt_store_save_game_in_progress (PtStore *self,
                                gint64 id,
                                const char *game,
                                const char *record,
                                const char *options,
                                GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *rec = NULL;
  g_autofree char *opts = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), 0);
  if (game == NULL || *game == '\0' || record == NULL)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A saved game needs a game and a record"));
      return 0;
    }
  if ((rec = pt_store_canonical_json (record, NULL, N_("game record"), error)) == NULL ||
       (opts = pt_store_canonical_json (options, "{}", N_("options"), error)) == NULL)
    return 0;

  if (id > 0)
    stmt = pt_store_prepare (self,
                             "UPDATE saved_games SET game = ?1, record = ?2, options = ?3, updated = ?4"
                             " WHERE id = ?5",
                             error);
  else
    stmt = pt_store_prepare (self,
                             "INSERT INTO saved_games (game, record, options, created, updated)"
                             " VALUES (?1, ?2, ?3, ?4, ?4)",
                             error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, rec, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, opts, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, pt_store_now_seconds ());
  if (id > 0)
    sqlite3_bind_int64 (stmt, 5, id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not save the game"), error);
      return 0;
    }
  if (id > 0)
    {
      if (sqlite3_changes (self->db) == 0)
        {
          pt_store_not_found (error, N_("saved game"), id);
          return 0;
        }
      return id;
    }
  return sqlite3_last_insert_rowid (self->db);
}

static PtSavedGame *
read_saved_game (PtStmt *stmt)
{
  PtSavedGame *saved = pt_saved_game_new ();

  saved->id = sqlite3_column_int64 (stmt, 0);
  saved->game = pt_store_dup_column_text (stmt, 1);
  saved->record = pt_store_dup_column_text (stmt, 2);
  saved->options = pt_store_dup_column_text (stmt, 3);
  saved->created = sqlite3_column_int64 (stmt, 4);
  saved->updated = sqlite3_column_int64 (stmt, 5);
  return saved;
}

GPtrArray *
pt_store_list_saved_games (PtStore *self,
                           GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT id, game, record, options, created, updated FROM saved_games"
                           " ORDER BY updated DESC, id DESC",
                           error);
  if (stmt == NULL)
    return NULL;
  return pt_store_collect_rows (self, stmt, (gpointer (*) (PtStmt *)) read_saved_game,
                                (GDestroyNotify) pt_saved_game_unref, _("Could not read the saved games"), error);
}

PtSavedGame *
pt_store_load_saved_game (PtStore *self,
                          gint64 id,
                          GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT id, game, record, options, created, updated FROM saved_games"
                           " WHERE id = ?",
                           error);
  if (stmt == NULL ||
      !pt_store_step_by_id (self, stmt, id, N_("saved game"), _("Could not read the saved game"), error))
    return NULL;
  return read_saved_game (stmt);
}

gboolean
pt_store_delete_saved_game (PtStore *self,
                            gint64 id,
                            GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "DELETE FROM saved_games WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return pt_store_step_change (self, stmt, N_("saved game"), id, error);
}

gboolean
pt_store_set_draft (PtStore *self,
                    const char *game,
                    const char *json,
                    GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *canonical = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  if ((canonical = pt_store_canonical_json (json, "null", N_("score sheet"), error)) == NULL)
    return FALSE;
  stmt = pt_store_prepare (self,
                           "INSERT OR REPLACE INTO drafts (game, json, updated) VALUES (?, ?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, canonical, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, pt_store_now_seconds ());
  return pt_store_step_done (self, stmt, _("Could not save the score sheet"), error);
}

char *
pt_store_get_draft (PtStore *self,
                    const char *game,
                    GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self, "SELECT json FROM drafts WHERE game = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return pt_store_dup_column_text (stmt, 0);
  if (rc != SQLITE_DONE)
    pt_store_set_error (self, rc, _("Could not read the score sheet"), error);
  return NULL;
}

gboolean
pt_store_clear_draft (PtStore *self,
                      const char *game,
                      GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "DELETE FROM drafts WHERE game = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  return pt_store_step_done (self, stmt, _("Could not clear the score sheet"), error);
}
