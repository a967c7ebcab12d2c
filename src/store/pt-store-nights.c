/* pt-store-nights.c — game nights and who came
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-store-private.h"

/* Nights ------------------------------------------------------------------ */

gboolean
pt_store_check_date (const char *date,
                     GError **error)
{
  unsigned y, m, d;
  char tail;

  if (date != NULL && sscanf (date, "%4u-%2u-%2u%c", &y, &m, &d, &tail) == 3 &&
      strlen (date) == 10 && g_date_valid_dmy (d, m, y))
    return TRUE;
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
               _("“%s” is not a date (YYYY-MM-DD)"), date != NULL ? date : "");
  return FALSE;
}

static PtNight *
read_night (PtStmt *stmt)
{
  PtNight *night = pt_night_new ();

  night->id = sqlite3_column_int64 (stmt, 0);
  night->uuid = pt_store_dup_column_text (stmt, 1);
  night->date = pt_store_dup_column_text (stmt, 2);
  night->place = pt_store_dup_column_text (stmt, 3);
  night->notes = pt_store_dup_column_text (stmt, 4);
  return night;
}

PtNight *
pt_store_add_night (PtStore *self,
                    const char *date,
                    const char *place,
                    const char *notes,
                    GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *uuid = g_uuid_string_random ();
  PtNight *night;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  if (!pt_store_check_date (date, error))
    return NULL;
  stmt = pt_store_prepare (self,
                           "INSERT INTO nights (uuid, date, place, notes, modified) VALUES (?, ?, ?, ?, ?)",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, date, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, place != NULL ? place : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, notes != NULL ? notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not add the night"), error);
      return NULL;
    }
  night = pt_night_new ();
  night->id = sqlite3_last_insert_rowid (self->db);
  night->uuid = g_steal_pointer (&uuid);
  night->date = g_strdup (date);
  night->place = g_strdup (place != NULL ? place : "");
  night->notes = g_strdup (notes != NULL ? notes : "");
  return night;
}

GPtrArray *
pt_store_list_nights (PtStore *self,
                      GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT id, uuid, date, place, notes FROM nights WHERE deleted = 0"
                           " ORDER BY date DESC, id DESC",
                           error);
  if (stmt == NULL)
    return NULL;
  return pt_store_collect_rows (self, stmt, (gpointer (*) (PtStmt *)) read_night,
                                (GDestroyNotify) pt_night_unref, _("Could not read the nights"), error);
}

gboolean
pt_store_update_night (PtStore *self,
                       gint64 id,
                       const char *date,
                       const char *place,
                       const char *notes,
                       GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  if (date != NULL && !pt_store_check_date (date, error))
    return FALSE;
  stmt = pt_store_prepare (self,
                           "UPDATE nights SET date = coalesce (?1, date), place = coalesce (?2, place),"
                           " notes = coalesce (?3, notes), modified = ?5 WHERE id = ?4",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, date, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, place, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, id);
  sqlite3_bind_int64 (stmt, 5, pt_store_next_stamp (self));
  return pt_store_step_change (self, stmt, N_("night"), id, error);
}

gboolean
pt_store_delete_night (PtStore *self,
                       gint64 id,
                       GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "DELETE FROM nights WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return pt_store_step_change (self, stmt, N_("night"), id, error);
}

static gboolean
night_exists (PtStore *self,
              gint64 night_id,
              GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "SELECT 1 FROM nights WHERE id = ?", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, night_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return pt_store_not_found (error, N_("night"), night_id);
  if (rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, _("Could not read the night"), error);
  return TRUE;
}

static gboolean
set_night_players_locked (PtStore *self,
                          gint64 night_id,
                          const gint64 *player_ids,
                          guint n_players,
                          GError **error)
{
  g_autoptr(PtStmt) clear = NULL;
  g_autoptr(PtStmt) add = NULL;

  if (!night_exists (self, night_id, error))
    return FALSE;
  clear = pt_store_prepare (self, "DELETE FROM night_players WHERE night_id = ?", error);
  if (clear == NULL)
    return FALSE;
  sqlite3_bind_int64 (clear, 1, night_id);
  if (!pt_store_step_done (self, clear, _("Could not save who came"), error))
    return FALSE;
  /* Only players that exist and are not deleted; a name twice is once. */
  add = pt_store_prepare (self,
                          "INSERT OR IGNORE INTO night_players (night_id, player_id)"
                          " SELECT ?1, id FROM players WHERE id = ?2 AND deleted = 0",
                          error);
  if (add == NULL)
    return FALSE;
  for (guint i = 0; i < n_players; i++)
    {
      sqlite3_reset (add);
      sqlite3_bind_int64 (add, 1, night_id);
      sqlite3_bind_int64 (add, 2, player_ids[i]);
      if (!pt_store_step_done (self, add, _("Could not save who came"), error))
        return FALSE;
      if (sqlite3_changes (self->db) == 0 && !pt_store_player_is_listed (self, night_id, player_ids[i]))
        return pt_store_not_found (error, N_("player"), player_ids[i]);
    }
  return TRUE;
}

gboolean
pt_store_set_night_players (PtStore *self,
                            gint64 night_id,
                            const gint64 *player_ids,
                            guint n_players,
                            GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (player_ids != NULL || n_players == 0, FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  if (!set_night_players_locked (self, night_id, player_ids, n_players, error) ||
      !pt_store_commit (self, error))
    {
      pt_store_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
pt_store_player_is_listed (PtStore *self,
                           gint64 night_id,
                           gint64 player_id)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT 1 FROM night_players WHERE night_id = ?"
                                              " AND player_id = ?",
                                              NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, night_id);
  sqlite3_bind_int64 (stmt, 2, player_id);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

GPtrArray *
pt_store_get_night_players (PtStore *self,
                            gint64 night_id,
                            GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  if (!night_exists (self, night_id, error))
    return NULL;
  /* Archived players too: they were there. */
  stmt = pt_store_prepare (self,
                           "SELECT p.id, p.uuid, p.name, p.colour, p.created, p.archived"
                           " FROM night_players n JOIN players p ON p.id = n.player_id"
                           " WHERE n.night_id = ? AND p.deleted = 0"
                           " ORDER BY p.name COLLATE NOCASE, p.id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, night_id);
  return pt_store_collect_rows (self, stmt, (gpointer (*) (PtStmt *)) pt_store_read_player,
                                (GDestroyNotify) pt_player_unref, _("Could not read who came"), error);
}

/**
 * pt_store_start_night:
 * @who: (nullable): the names of the players who came, each an existing
 *   player (pt_store_find_player())
 *
 * A new night with its attendance list, in one transaction: the night is
 * there with everyone on the list, or nothing changed (an unknown name:
 * NOT_FOUND).
 *
 * Returns: (transfer full) (nullable): the night
 */
PtNight *
pt_store_start_night (PtStore *self,
                      const char *date,
                      const char *place,
                      const char *const *who,
                      GError **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(PtNight) night = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);

  if (!pt_store_transaction_begin (self, error))
    return NULL;
  for (guint i = 0; who != NULL && who[i] != NULL; i++)
    {
      g_autoptr(PtPlayer) player = pt_store_find_player (self, who[i], error);

      if (player == NULL)
        goto failed;
      g_array_append_val (ids, player->id);
    }
  night = pt_store_add_night (self, date, place != NULL ? place : "", "", error);
  if (night == NULL || !pt_store_set_night_players (self, night->id, (const gint64 *) (gpointer) ids->data, ids->len, error) || !pt_store_transaction_commit (self, error))
    goto failed;
  return g_steal_pointer (&night);

failed:
  if (!sqlite3_get_autocommit (pt_store_get_handle (self)) || self->in_outer_transaction)
    pt_store_transaction_rollback (self);
  return NULL;
}
