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
/* Shows @saved (PtSavedGame, newest first; read on the store worker by
 * the Play page), or @error where the games would be; returns how many. */
guint pt_continue_list_set_saved (PtContinueList *self,
                                  GPtrArray *saved,
                                  const GError *error);
G_END_DECLS
