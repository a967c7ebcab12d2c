/* pt-store-trash.c — "Recently deleted"; see pt-store-trash.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-store-private.h"
#include "pt-store-trash.h"

/* Matches trashed with their night went within this many seconds of it. */
#define WITH_NIGHT_SECONDS 120

void
pt_trash_item_free (PtTrashItem *item)
{
  g_clear_pointer (&item->match, pt_match_entry_unref);
  g_clear_pointer (&item->night, pt_night_unref);
  g_free (item);
}

gboolean
pt_store_can_trash_nights (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  return sqlite3_table_column_metadata (self->db, NULL, "nights", "deleted", NULL, NULL, NULL,
                                        NULL, NULL) == SQLITE_OK;
}

static gint64
now_seconds (void)
{
  return MAX (g_get_real_time () / G_USEC_PER_SEC, 1);
}

static gboolean
no_night_trash (GError **error)
{
  g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED,
                       _("This database cannot keep deleted game nights yet"));
  return FALSE;
}

static int
compare_items (gconstpointer a,
               gconstpointer b)
{
  const PtTrashItem *x = *(PtTrashItem **) a, *y = *(PtTrashItem **) b;

  if (x->deleted != y->deleted)
    return x->deleted > y->deleted ? -1 : 1;
  if (x->kind != y->kind)
    return x->kind == PT_TRASH_NIGHT ? -1 : 1;
  return x->id > y->id ? -1 : x->id < y->id;
}

GPtrArray *
pt_store_list_trash (PtStore *self,
                     GError **error)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_trash_item_free);
  gboolean nights = pt_store_can_trash_nights (self);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);

  if (nights)
    {
      g_autoptr(PtStmt) list = pt_store_prepare (self,
                                                  "SELECT n.id, n.deleted, n.uuid, n.date, n.place, n.notes,"
                                                  " (SELECT count (*) FROM matches m WHERE m.night_id = n.id"
                                                  "  AND m.deleted <> 0 AND m.deleted >= n.deleted - ?1)"
                                                  " FROM nights n WHERE n.deleted <> 0",
                                                  error);
      if (list == NULL)
        return NULL;
      sqlite3_bind_int (list, 1, WITH_NIGHT_SECONDS);
      while ((rc = sqlite3_step (list)) == SQLITE_ROW)
        {
          PtTrashItem *item = g_new0 (PtTrashItem, 1);

          item->kind = PT_TRASH_NIGHT;
          item->id = sqlite3_column_int64 (list, 0);
          item->deleted = sqlite3_column_int64 (list, 1);
          item->night = pt_night_new ();
          item->night->id = item->id;
          item->night->uuid = pt_store_dup_column_text (list, 2);
          item->night->date = pt_store_dup_column_text (list, 3);
          item->night->place = pt_store_dup_column_text (list, 4);
          item->night->notes = pt_store_dup_column_text (list, 5);
          item->n_matches = sqlite3_column_int (list, 6);
          g_ptr_array_add (items, item);
        }
      if (rc != SQLITE_DONE)
        {
          pt_store_set_error (self, rc, _("Could not read the deleted items"), error);
          return NULL;
        }
    }

  /* Matches, but not those that went with their night. */
  stmt = pt_store_prepare (self,
                           nights
                               ? "SELECT m.id, m.deleted FROM matches m LEFT JOIN nights n ON n.id = m.night_id"
                                 " WHERE m.deleted <> 0 AND NOT (coalesce (n.deleted, 0) <> 0"
                                 " AND m.deleted >= n.deleted - ?1)"
                               : "SELECT m.id, m.deleted FROM matches m WHERE m.deleted <> 0 AND ?1 = ?1",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int (stmt, 1, WITH_NIGHT_SECONDS);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtTrashItem *item = g_new0 (PtTrashItem, 1);

      item->kind = PT_TRASH_MATCH;
      item->id = sqlite3_column_int64 (stmt, 0);
      item->deleted = sqlite3_column_int64 (stmt, 1);
      g_ptr_array_add (items, item);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the deleted items"), error);
      return NULL;
    }
  for (guint i = 0; i < items->len; i++)
    {
      PtTrashItem *item = items->pdata[i];

      if (item->kind == PT_TRASH_MATCH &&
          (item->match = pt_store_load_match (self, item->id, error)) == NULL)
        return NULL;
    }
  g_ptr_array_sort (items, compare_items);
  return g_steal_pointer (&items);
}

gboolean
pt_store_trash_night (PtStore *self,
                      gint64 night_id,
                      GError **error)
{
  g_autoptr(GArray) ids = NULL;
  g_autoptr(PtStmt) list = NULL;
  g_autoptr(PtStmt) update = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  if (!pt_store_can_trash_nights (self))
    return no_night_trash (error);
  if (!pt_store_transaction_begin (self, error))
    return FALSE;
  update = pt_store_prepare (self,
                             "UPDATE nights SET deleted = ?, modified = ? WHERE id = ? AND deleted = 0",
                             error);
  if (update == NULL)
    goto fail;
  sqlite3_bind_int64 (update, 1, now_seconds ());
  sqlite3_bind_int64 (update, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (update, 3, night_id);
  if (!pt_store_step_done (self, update, _("Could not delete the night"), error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                           _("The game night is not there"));
      goto fail;
    }
  list = pt_store_prepare (self, "SELECT id FROM matches WHERE night_id = ? AND deleted = 0", error);
  if (list == NULL)
    goto fail;
  sqlite3_bind_int64 (list, 1, night_id);
  if ((ids = pt_store_collect_ids (self, list, _("Could not delete the night"), error)) == NULL)
    goto fail;
  sqlite3_reset (list);
  /* Through the store's own delete: ratings and aggregates stay right. */
  for (guint i = 0; i < ids->len; i++)
    if (!pt_store_delete_match (self, g_array_index (ids, gint64, i), error))
      goto fail;
  return pt_store_transaction_commit (self, error);

fail:
  pt_store_transaction_rollback (self);
  return FALSE;
}

static gboolean
restore_night_row (PtStore *self,
                   gint64 night_id,
                   GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "UPDATE nights SET deleted = 0, modified = ? WHERE id = ?",
                                              error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 2, night_id);
  return pt_store_step_done (self, stmt, _("Could not restore the night"), error);
}

gboolean
pt_store_restore_from_trash (PtStore *self,
                             PtTrashKind kind,
                             gint64 id,
                             GError **error)
{
  g_autoptr(GArray) ids = NULL;
  gboolean nights;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  nights = pt_store_can_trash_nights (self);
  if (kind == PT_TRASH_NIGHT && !nights)
    return no_night_trash (error);
  if (!pt_store_transaction_begin (self, error))
    return FALSE;
  if (kind == PT_TRASH_MATCH)
    {
      if (!pt_store_undelete_match (self, id, error))
        goto fail;
      /* Its night comes back with it (without the night's other matches). */
      if (nights)
        {
          g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                                      "UPDATE nights SET deleted = 0, modified = ?1"
                                                      " WHERE deleted <> 0"
                                                      " AND id = (SELECT night_id FROM matches WHERE id = ?2)",
                                                      error);
          if (stmt == NULL)
            goto fail;
          sqlite3_bind_int64 (stmt, 1, pt_store_next_stamp (self));
          sqlite3_bind_int64 (stmt, 2, id);
          if (!pt_store_step_done (self, stmt, _("Could not restore the night"), error))
            goto fail;
        }
    }
  else
    {
      g_autoptr(PtStmt) list = pt_store_prepare (self,
                                                  "SELECT m.id FROM matches m JOIN nights n ON n.id = m.night_id"
                                                  " WHERE n.id = ?1 AND n.deleted <> 0 AND m.deleted <> 0"
                                                  " AND m.deleted >= n.deleted - ?2",
                                                  error);
      if (list == NULL)
        goto fail;
      sqlite3_bind_int64 (list, 1, id);
      sqlite3_bind_int (list, 2, WITH_NIGHT_SECONDS);
      if ((ids = pt_store_collect_ids (self, list, _("Could not restore the night"), error)) == NULL)
        goto fail;
      sqlite3_reset (list);
      if (!restore_night_row (self, id, error))
        goto fail;
      if (sqlite3_changes (self->db) == 0)
        {
          g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                               _("The game night is not in the trash"));
          goto fail;
        }
      for (guint i = 0; i < ids->len; i++)
        if (!pt_store_undelete_match (self, g_array_index (ids, gint64, i), error))
          goto fail;
    }
  return pt_store_transaction_commit (self, error);

fail:
  pt_store_transaction_rollback (self);
  return FALSE;
}

int
pt_store_empty_trash (PtStore *self,
                      gint64 before,
                      GError **error)
{
  g_autoptr(PtStmt) matches = NULL;
  int removed;

  g_return_val_if_fail (PT_IS_STORE (self), -1);
  if (before <= 0)
    before = G_MAXINT64;
  if (!pt_store_begin (self, error))
    return -1;
  /* Trashed matches are in no statistic: removing them needs nothing else. */
  matches = pt_store_prepare (self, "DELETE FROM matches WHERE deleted <> 0 AND deleted < ?", error);
  if (matches == NULL)
    goto fail;
  sqlite3_bind_int64 (matches, 1, before);
  if (!pt_store_step_done (self, matches, _("Could not empty the trash"), error))
    goto fail;
  removed = sqlite3_changes (self->db);
  if (pt_store_can_trash_nights (self))
    {
      g_autoptr(PtStmt) nights = pt_store_prepare (self,
                                                    "DELETE FROM nights WHERE deleted <> 0 AND deleted < ?",
                                                    error);
      if (nights == NULL)
        goto fail;
      sqlite3_bind_int64 (nights, 1, before);
      if (!pt_store_step_done (self, nights, _("Could not empty the trash"), error))
        goto fail;
      removed += sqlite3_changes (self->db);
    }
  if (!pt_store_commit (self, error))
    return -1;
  return removed;

fail:
  pt_store_rollback (self);
  return -1;
}

int
pt_store_expire_trash (PtStore *self,
                       GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), -1);

  /* Before schema 5 a trashed match holds 1, not a time: keep it. */
  if (!pt_store_can_trash_nights (self))
    return 0;
  return pt_store_empty_trash (self, now_seconds () - (gint64) PT_TRASH_DAYS * 24 * 3600, error);
}
