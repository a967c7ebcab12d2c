/* pt-store-trash.h — "Recently deleted": trashed matches and nights
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Deleting a match (pt_store_delete_match) or a night (pt_store_trash_night)
 * moves it to the trash: matches.deleted / nights.deleted hold the Unix time
 * it went there (schema 5; before it, a trashed match holds 1 and nights
 * cannot be trashed). Statistics and the history read live rows only. The
 * trash is emptied after PT_TRASH_DAYS days (pt_store_expire_trash(), run by
 * the app when it opens the history) or by the user.
 */
#pragma once

#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TRASH_DAYS 30

typedef enum
{
  PT_TRASH_MATCH,
  PT_TRASH_NIGHT,
} PtTrashKind;

typedef struct
{
  PtTrashKind kind;
  gint64 id;
  gint64 deleted;      /* when it went to the trash (Unix time) */
  PtMatchEntry *match; /* PT_TRASH_MATCH: with its results and player names */
  PtNight *night;      /* PT_TRASH_NIGHT */
  int n_matches;       /* PT_TRASH_NIGHT: its matches that went with it */
} PtTrashItem;

void pt_trash_item_free (PtTrashItem *item);

/* TRUE when nights can go to the trash (the database has nights.deleted). */
gboolean pt_store_can_trash_nights (PtStore *self);
/* Of PtTrashItem, most recently deleted first; a match that went with its
 * night is listed under the night, not on its own. */
GPtrArray *pt_store_list_trash (PtStore *self,
                                GError **error);
/* The night and its live matches go to the trash, in one transaction. */
gboolean pt_store_trash_night (PtStore *self,
                               gint64 night_id,
                               GError **error);
/* Back from the trash: a night with the matches that went with it; a match
 * (and its night, if that is in the trash too). */
gboolean pt_store_restore_from_trash (PtStore *self,
                                      PtTrashKind kind,
                                      gint64 id,
                                      GError **error);
/* Removes for good what went to the trash before @before (0: everything in
 * the trash); returns how many matches and nights went. */
int pt_store_empty_trash (PtStore *self,
                          gint64 before,
                          GError **error);
/* pt_store_empty_trash() of what is older than PT_TRASH_DAYS days (only
 * once trash times are kept, schema 5). */
int pt_store_expire_trash (PtStore *self,
                           GError **error);

G_END_DECLS
