/* pt-store-players.c — players: add, rename, archive, merge, delete
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <glib/gi18n-lib.h>

#include "pt-player-name.h"
#include "pt-store-private.h"
#include "pt-sync.h"

/* Players ----------------------------------------------------------------- */

PtPlayer *
pt_store_read_player (PtStmt *stmt)
{
  PtPlayer *player = pt_player_new ();

  player->id = sqlite3_column_int64 (stmt, 0);
  player->uuid = pt_store_dup_column_text (stmt, 1);
  player->name = pt_store_dup_column_text (stmt, 2);
  player->colour = pt_store_dup_column_text (stmt, 3);
  player->created = sqlite3_column_int64 (stmt, 4);
  player->archived = sqlite3_column_int (stmt, 5) != 0;
  return player;
}

static char *
clean_name (const char *name,
            GError **error)
{
  g_autofree char *copy = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A name must be valid text"));
      return NULL;
    }
  copy = g_strstrip (g_strdup (name));
  if (*copy == '\0')
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A player needs a name"));
      return NULL;
    }
  return g_steal_pointer (&copy);
}

static gboolean
duplicate_name (GError **error,
                const char *name)
{
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE,
               _("There is already a player called “%s”"), name);
  return FALSE;
}

/* The palette colour fewest active players have. */
static char *
least_used_colour (PtStore *self,
                   GError **error)
{
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT lower (colour), count (*) FROM players"
                                              " WHERE deleted = 0 AND archived = 0 GROUP BY 1",
                                              error);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_insert (used, pt_store_dup_column_text (stmt, 0),
                         GINT_TO_POINTER (sqlite3_column_int (stmt, 1)));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the players"), error);
      return NULL;
    }
  return g_strdup (pt_player_palette_pick (used));
}

PtPlayer *
pt_store_add_player (PtStore *self,
                     const char *name,
                     const char *colour,
                     GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *clean = clean_name (name, error);
  g_autofree char *key = NULL;
  g_autofree char *picked = NULL;
  g_autofree char *uuid = g_uuid_string_random ();
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  if (clean == NULL)
    return NULL;
  key = pt_player_name_key (clean);
  if (colour == NULL || *colour == '\0')
    {
      if ((picked = least_used_colour (self, error)) == NULL)
        return NULL;
      colour = picked;
    }
  stmt = pt_store_prepare (self,
                           "INSERT INTO players (uuid, name, name_key, colour, created, modified)"
                           " VALUES (?, ?, ?, ?, ?, ?)",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, colour, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, pt_store_now_seconds ());
  sqlite3_bind_int64 (stmt, 6, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      duplicate_name (error, clean);
      return NULL;
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not add the player"), error);
      return NULL;
    }
  return pt_store_get_player (self, sqlite3_last_insert_rowid (self->db), error);
}

PtPlayer *
pt_store_get_player (PtStore *self,
                     gint64 id,
                     GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self, "SELECT " PT_STORE_PLAYER_COLUMNS " FROM players WHERE id = ? AND deleted = 0",
                           error);
  if (stmt == NULL || !pt_store_step_by_id (self, stmt, id, N_("player"), _("Could not read the player"), error))
    return NULL;
  return pt_store_read_player (stmt);
}

PtPlayer *
pt_store_find_player (PtStore *self,
                      const char *name,
                      GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  /* An active player wins over an archived one of the same name. */
  g_autofree char *key = NULL;

  stmt = pt_store_prepare (self,
                           "SELECT " PT_STORE_PLAYER_COLUMNS " FROM players"
                           " WHERE name_key = ? AND deleted = 0"
                           " ORDER BY archived, id LIMIT 1",
                           error);
  if (stmt == NULL)
    return NULL;
  key = pt_player_name_key (name != NULL ? name : "");
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return pt_store_read_player (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("No player called “%s”"), name);
  else
    pt_store_set_error (self, rc, _("Could not read the player"), error);
  return NULL;
}

static int
compare_players (gconstpointer a,
                 gconstpointer b)
{
  const PtPlayer *x = *(PtPlayer **) a, *y = *(PtPlayer **) b;
  int order = pt_player_name_compare (x->name, y->name);

  if (order != 0)
    return order;
  return x->id < y->id ? -1 : x->id > y->id;
}

GPtrArray *
pt_store_list_players (PtStore *self,
                       gboolean include_archived,
                       GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  GPtrArray *players;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT " PT_STORE_PLAYER_COLUMNS " FROM players"
                           " WHERE deleted = 0 AND (archived = 0 OR ?)"
                           " ORDER BY name COLLATE NOCASE, id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int (stmt, 1, include_archived);
  players = pt_store_collect_rows (self, stmt, (gpointer (*) (PtStmt *)) pt_store_read_player,
                                   (GDestroyNotify) pt_player_unref, _("Could not read the players"), error);
  /* The locale's order ("Ángel" with the A's, not after "Zoe"). */
  if (players != NULL)
    g_ptr_array_sort (players, compare_players);
  return players;
}

gboolean
pt_store_update_player (PtStore *self,
                        gint64 id,
                        const char *name,
                        const char *colour,
                        GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *clean = NULL;
  g_autofree char *key = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  if (name != NULL && (clean = clean_name (name, error)) == NULL)
    return FALSE;
  if (clean != NULL)
    key = pt_player_name_key (clean);
  /* An empty colour keeps the chosen one: the colour is a palette choice. */
  if (colour != NULL && *colour == '\0')
    colour = NULL;
  stmt = pt_store_prepare (self,
                           "UPDATE players SET name = coalesce (?1, name), name_key = coalesce (?2, name_key),"
                           " colour = coalesce (?3, colour), modified = ?5"
                           " WHERE id = ?4 AND deleted = 0",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, colour, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, id);
  sqlite3_bind_int64 (stmt, 5, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    return duplicate_name (error, clean);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not rename the player"), error);
  if (sqlite3_changes (self->db) == 0)
    return pt_store_not_found (error, N_("player"), id);
  return TRUE;
}

gboolean
pt_store_set_player_archived (PtStore *self,
                              gint64 id,
                              gboolean archived,
                              GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self,
                           "UPDATE players SET archived = ?, modified = ? WHERE id = ? AND deleted = 0",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, archived ? 1 : 0);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 3, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      g_autoptr(PtPlayer) player = pt_store_get_player (self, id, NULL);
      return duplicate_name (error, player != NULL ? player->name : "?");
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not archive the player"), error);
  if (sqlite3_changes (self->db) == 0)
    return pt_store_not_found (error, N_("player"), id);
  return TRUE;
}

/* The games a player has results in (including soft-deleted matches). */
static GPtrArray *
player_games (PtStore *self,
              gint64 player_id,
              GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);
  int rc;

  stmt = pt_store_prepare (self,
                           "SELECT DISTINCT m.game FROM results r JOIN matches m ON m.id = r.match_id"
                           " WHERE r.player_id = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (games, pt_store_dup_column_text (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the matches"), error);
      return NULL;
    }
  return g_steal_pointer (&games);
}

static gboolean
merge_players_locked (PtStore *self,
                      gint64 from,
                      gint64 into,
                      GError **error)
{
  g_autoptr(PtPlayer) a = NULL;
  g_autoptr(PtPlayer) b = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(PtStmt) overlap = NULL;
  g_autoptr(PtStmt) move = NULL;
  g_autoptr(PtStmt) drop = NULL;

  if ((a = pt_store_get_player (self, from, error)) == NULL ||
      (b = pt_store_get_player (self, into, error)) == NULL)
    return FALSE;
  if (from == into)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A player cannot be merged into themselves"));
      return FALSE;
    }
  /* Two seats of one match cannot become the same person. */
  overlap = pt_store_prepare (self,
                              "SELECT count(*) FROM results a JOIN results b ON b.match_id = a.match_id"
                              " WHERE a.player_id = ? AND b.player_id = ?",
                              error);
  if (overlap == NULL)
    return FALSE;
  sqlite3_bind_int64 (overlap, 1, from);
  sqlite3_bind_int64 (overlap, 2, into);
  if (sqlite3_step (overlap) != SQLITE_ROW)
    return pt_store_set_error (self, sqlite3_errcode (self->db), _("Could not merge"), error);
  if (sqlite3_column_int (overlap, 0) > 0)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "“%s” and “%s” played against each other in %d match; they cannot be merged",
                                "“%s” and “%s” played against each other in %d matches; they cannot be merged",
                                (gulong) MAX (sqlite3_column_int (overlap, 0), 0)),
                   a->name, b->name, sqlite3_column_int (overlap, 0));
      return FALSE;
    }
  if ((games = player_games (self, from, error)) == NULL ||
      !pt_sync_note_merge (self, from, into, error))
    return FALSE;
  move = pt_store_prepare (self, "UPDATE results SET player_id = ? WHERE player_id = ?", error);
  if (move == NULL)
    return FALSE;
  sqlite3_bind_int64 (move, 1, into);
  sqlite3_bind_int64 (move, 2, from);
  if (!pt_store_step_done (self, move, _("Could not merge"), error))
    return FALSE;
  pt_stats_mark_player_dirty (self, from);
  pt_stats_mark_player_dirty (self, into);
  {
    /* Nights both came to keep one line (the other goes with @from). */
    g_autoptr(PtStmt) nights = pt_store_prepare (self,
                                                  "UPDATE OR IGNORE night_players SET player_id = ? WHERE player_id = ?", error);
    if (nights == NULL)
      return FALSE;
    sqlite3_bind_int64 (nights, 1, into);
    sqlite3_bind_int64 (nights, 2, from);
    if (!pt_store_step_done (self, nights, _("Could not merge"), error))
      return FALSE;
  }
  drop = pt_store_prepare (self, "DELETE FROM players WHERE id = ?", error);
  if (drop == NULL)
    return FALSE;
  sqlite3_bind_int64 (drop, 1, from);
  if (!pt_store_step_done (self, drop, _("Could not merge"), error))
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    if (!pt_stats_recompute_ratings (self, g_ptr_array_index (games, i), error))
      return FALSE;
  return TRUE;
}

gboolean
pt_store_merge_players (PtStore *self,
                        gint64 from,
                        gint64 into,
                        GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  if (!merge_players_locked (self, from, into, error))
    {
      pt_store_rollback (self);
      return FALSE;
    }
  return pt_store_commit (self, error);
}

gboolean
pt_store_delete_player (PtStore *self,
                        gint64 id,
                        GError **error)
{
  g_autoptr(PtStmt) count = NULL;
  g_autoptr(PtStmt) stmt = NULL;
  int matches;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  /* Removing a player who has matches would tear holes into other players'
   * history; such a player is archived instead (hidden, history kept). */
  count = pt_store_prepare (self, "SELECT count(*) FROM results WHERE player_id = ?", error);
  if (count == NULL)
    return FALSE;
  sqlite3_bind_int64 (count, 1, id);
  if (sqlite3_step (count) != SQLITE_ROW)
    return pt_store_set_error (self, sqlite3_errcode (self->db), _("Could not delete the player"), error);
  matches = sqlite3_column_int (count, 0);
  if (matches > 0)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_IN_USE,
                   ngettext ("The player has played %d match; archive them instead",
                             "The player has played %d matches; archive them instead", matches),
                   matches);
      return FALSE;
    }
  stmt = pt_store_prepare (self, "UPDATE players SET deleted = 1, modified = ?2 WHERE id = ?1 AND deleted = 0",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  return pt_store_step_change (self, stmt, N_("player"), id, error);
}

gboolean
pt_store_undelete_player (PtStore *self,
                          gint64 id,
                          GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "UPDATE players SET deleted = 0, modified = ?2 WHERE id = ?1 AND deleted = 1",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE,
                           _("Another player has taken this name meanwhile"));
      return FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not restore the player"), error);
  if (sqlite3_changes (self->db) == 0)
    return pt_store_not_found (error, N_("deleted player"), id);
  return TRUE;
}
