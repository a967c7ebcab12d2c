/* pt-text-hover.h — a libadwaita 1.2 entry row leak kept from happening
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pt_drop_text_hover (GtkWidget *widget);

G_END_DECLS
