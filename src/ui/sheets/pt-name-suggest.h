/* pt-name-suggest.h — "did you mean …?" in a player's name field
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While a name is typed in an AdwEntryRow, the store's closest player
 * (pt_store_suggest_player(): the same name by the identity rule, a name
 * being typed, or one a typo away — "begona" → "Begoña") is asked for on
 * the store worker and offered as a button in the row; taking it puts that
 * player's name in the field. Nothing changes unless it is taken.
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"

G_BEGIN_DECLS

void pt_name_suggest_attach (AdwEntryRow *row,
                             PtServices *services);
/* The name offered now, or NULL (for tests). */
const char *pt_name_suggest_get_offer (AdwEntryRow *row);
/* Takes the offer, as a click on it does. */
gboolean pt_name_suggest_accept (AdwEntryRow *row);

G_END_DECLS
