/* pt-accessible.h — accessible names where GTK 4.8 gives none
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pt_accessible_install_fixes (void);
void pt_accessible_set_label (GtkWidget  *widget,
                              const char *label);

G_END_DECLS
