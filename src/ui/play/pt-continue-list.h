/* pt-continue-list.h — the games in progress, to pick one up again
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TYPE_CONTINUE_LIST (pt_continue_list_get_type ())

G_DECLARE_FINAL_TYPE (PtContinueList, pt_continue_list, PT, CONTINUE_LIST, AdwBin)

GtkWidget *pt_continue_list_new (void);
/* Reads the saved games from @store (newest first); returns how many. */
guint pt_continue_list_refresh (PtContinueList *self,
                                PtStore *store);
G_END_DECLS
