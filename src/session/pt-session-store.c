/* pt-session-store.c — player identity and the final save
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Identity is decided here, in C, by comparing the identity keys of
 * pt-player-name.h over the store's players, so the answer does not depend
 * on how the schema happens to index names.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-player-name.h"
#include "pt-session-store.h"

PtPlayer *
pt_session_find_player (PtStore *store,
                        const char *name,
                        GError **error)
{
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *key = NULL;
  PtPlayer *found = NULL;

  g_return_val_if_fail (PT_IS_STORE (store), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  players = pt_store_list_players (store, TRUE, error);
  if (players == NULL)
    return NULL;
  key = pt_player_name_key (name);
  if (key == NULL || *key == '\0')
    return NULL;
  for (guint i = 0; i < players->len; i++)
    {
      PtPlayer *player = g_ptr_array_index (players, i);
      g_autofree char *other = pt_player_name_key (player->name);

      if (g_strcmp0 (key, other) != 0)
        continue;
      /* An active player wins over an archived one; then the oldest. */
      if (found == NULL || (found->archived && !player->archived) || (found->archived == player->archived && player->id < found->id))
        found = player;
    }
  return found != NULL ? pt_player_ref (found) : NULL;
}

PtPlayer *
pt_session_find_or_add_player (PtStore *store,
                               const char *name,
                               gboolean *added,
                               GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(PtPlayer) player = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (PT_IS_STORE (store), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (added != NULL)
    *added = FALSE;
  player = pt_session_find_player (store, name, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (player != NULL)
    {
      if (player->archived)
        {
          /* Someone archived is back at the table. */
          if (!pt_store_set_player_archived (store, player->id, FALSE, error))
            return NULL;
          player->archived = FALSE;
        }
      return g_steal_pointer (&player);
    }

  clean = g_strstrip (g_strdup (name));
  player = pt_store_add_player (store, clean, "", error);
  if (player != NULL && added != NULL)
    *added = TRUE;
  return g_steal_pointer (&player);
}

gint64
pt_session_find_tonight (PtStore *store)
{
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  gint64 tonight = 0;

  g_return_val_if_fail (PT_IS_STORE (store), 0);

  nights = pt_store_list_nights (store, NULL);
  for (guint i = 0; nights != NULL && i < nights->len; i++)
    {
      PtNight *night = g_ptr_array_index (nights, i);

      if (g_strcmp0 (night->date, today) == 0 && night->id > tonight)
        tonight = night->id;
    }
  return tonight;
}

char *
pt_session_last_person_name (PtStore *store)
{
  PtHistoryQuery query;
  g_autoptr(GPtrArray) page = NULL;

  g_return_val_if_fail (PT_IS_STORE (store), NULL);

  pt_history_query_init (&query);
  query.limit = 20;
  page = pt_store_history (store, &query, NULL);
  for (guint i = 0; page != NULL && i < page->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (page, i);

      for (guint r = 0; entry->results != NULL && r < entry->results->len; r++)
        {
          PtMatchResult *result = g_ptr_array_index (entry->results, r);

          if (!result->is_ai && result->player_name != NULL && *result->player_name != '\0')
            return g_strdup (result->player_name);
        }
    }
  return NULL;
}

gint64
pt_session_store_match (PtStore *store,
                        PtMatchEntry *entry,
                        const char *const *names,
                        gint64 delete_saved_id,
                        GError **error)
{
  gint64 id = 0;
  gboolean updating;

  g_return_val_if_fail (PT_IS_STORE (store), 0);
  g_return_val_if_fail (entry != NULL && entry->results != NULL, 0);
  g_return_val_if_fail (names != NULL, 0);
  g_return_val_if_fail (g_strv_length ((char **) names) == entry->results->len, 0);

  updating = entry->id > 0;
  if (!pt_store_transaction_begin (store, error))
    return 0;

  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);
      g_autoptr(PtPlayer) player = pt_session_find_or_add_player (store, names[result->seat],
                                                                   NULL, error);

      if (player == NULL)
        goto failed;
      result->player_id = player->id;
    }
  /* Two seats, one person: never save a match against oneself. */
  for (guint i = 0; i < entry->results->len; i++)
    for (guint j = i + 1; j < entry->results->len; j++)
      if (((PtMatchResult *) entry->results->pdata[i])->player_id == ((PtMatchResult *) entry->results->pdata[j])->player_id)
        {
          g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                       _("%s is at the table twice"), names[i]);
          goto failed;
        }

  if (updating)
    {
      if (!pt_store_update_match (store, entry, error))
        goto failed;
      id = entry->id;
    }
  else if ((id = pt_store_save_match (store, entry, error)) <= 0)
    goto failed;

  if (delete_saved_id > 0)
    {
      g_autoptr(GError) local_error = NULL;

      /* Already gone is fine: the match is what counts. */
      if (!pt_store_delete_saved_game (store, delete_saved_id, &local_error) && !g_error_matches (local_error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          goto failed;
        }
    }

  if (!pt_store_transaction_commit (store, error))
    {
      if (!updating)
        entry->id = 0;
      return 0;
    }
  return id;

failed:
  pt_store_transaction_rollback (store);
  if (!updating)
    entry->id = 0;
  return 0;
}
