/* pt-trash-page.h — Preferences → Data → Recently Deleted
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"

G_BEGIN_DECLS

#define PT_TYPE_TRASH_PAGE (pt_trash_page_get_type ())
G_DECLARE_FINAL_TYPE (PtTrashPage, pt_trash_page, PT, TRASH_PAGE, GtkBox)

/* The list of deleted matches and nights with Restore on each, and Empty
 * Trash; a subpage of the preferences window. */
GtkWidget *pt_trash_page_new (PtServices *services);
void pt_trash_page_reload (PtTrashPage *self);
/* For tests: what the Restore button of row @index does. */
gboolean pt_trash_page_restore (PtTrashPage *self,
                                guint index,
                                GError **error);
guint pt_trash_page_get_n_items (PtTrashPage *self);

G_END_DECLS
