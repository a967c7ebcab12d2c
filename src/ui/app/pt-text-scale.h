/* pt-text-scale.h — the text scaling factor, for what the boards draw
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

double pt_text_scale (GtkWidget *widget);
void pt_text_scale_connect (GtkWidget *widget);

G_END_DECLS
