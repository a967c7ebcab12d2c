/* pt-accessible.h — accessible names where GTK 4.8 gives none
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pt_accessible_install_fixes (void);
/* An image that is decoration only (role "presentation"): a row's arrow,
 * an icon beside a title that says the same. */
GtkWidget *pt_accessible_new_decoration (const char *icon_name);
void pt_accessible_set_label (GtkWidget *widget,
                              const char *label);

G_END_DECLS
