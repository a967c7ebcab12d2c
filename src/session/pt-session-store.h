/* pt-session-store.h — player identity and the final save, for digital
 * matches and companion score sheets alike
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-store.h"

G_BEGIN_DECLS

/* The one decision whether a typed name is an existing player: the
 * identity rule of pt-player-name.h (case and accents folded, so "begona"
 * and "BEGOÑA" find "Begoña") over every player, archived ones included.
 * An active player wins over an archived one. NULL without error when
 * nobody has that name. */
PtPlayer *pt_session_find_player (PtStore *store,
                                  const char *name,
                                  GError **error);
/* The same, adding the player when nobody has that name; an archived
 * player found is brought back (someone archived is at the table again),
 * never duplicated. *@added tells whether the player is new. */
PtPlayer *pt_session_find_or_add_player (PtStore *store,
                                         const char *name,
                                         gboolean *added,
                                         GError **error);

/* Tonight's game night: the latest night dated today, or 0. */
gint64 pt_session_find_tonight (PtStore *store);

/* The name of the most recent player who sat at a digital or companion
 * match as a person (not a computer), or NULL: the first seat's default. */
char *pt_session_last_person_name (PtStore *store);

/* The final save, in one transaction: the players of @names (one per seat,
 * by the identity rule, added when new) become the results' player ids,
 * then the match (results, record, night), or, when @entry->id > 0, the
 * correction of that match; then the saved game @delete_saved_id (0:
 * none) goes away. All or nothing. Returns the match id. */
gint64 pt_session_store_match (PtStore *store,
                               PtMatchEntry *entry,
                               const char *const *names,
                               gint64 delete_saved_id,
                               GError **error);

G_END_DECLS
