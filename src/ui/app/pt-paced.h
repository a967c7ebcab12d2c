/* pt-paced.h — work spread over frames, so no part of it stalls the main loop
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One step of the work; returns TRUE while there is more to do. */
typedef gboolean (*PtPacedStep) (gpointer user_data);

guint pt_paced_start (GtkWidget *widget,
                      PtPacedStep step,
                      gpointer user_data,
                      GDestroyNotify destroy);
void pt_paced_stop (guint id);
gboolean pt_paced_busy (void);

/* A step may do several parts while it has used less than this much CPU:
 * a frame per part costs a layout and a paint each. */
#define PT_PACED_STEP_BUDGET_US 8000
gint64 pt_paced_thread_us (void);

G_END_DECLS

G_BEGIN_DECLS

/* Lets @bin's only child be measured for its width without a height. */
void pt_layout_width_without_height (GtkWidget *bin);

G_END_DECLS
