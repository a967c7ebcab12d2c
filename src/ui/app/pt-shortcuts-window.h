/* pt-shortcuts-window.h — the keyboard shortcuts window (win.show-help-overlay)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkShortcutsWindow *pt_shortcuts_window_new (void);

G_END_DECLS
