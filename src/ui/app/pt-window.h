/* pt-window.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-application.h"

G_BEGIN_DECLS

#define PT_TYPE_WINDOW (pt_window_get_type ())

G_DECLARE_FINAL_TYPE (PtWindow, pt_window, PT, WINDOW, AdwApplicationWindow)

PtWindow *pt_window_new (PtApplication *application);
PtServices *pt_window_get_services (PtWindow *self);
const char *pt_window_get_visible_area (PtWindow *self);
void pt_window_reload_data (PtWindow *self);
void pt_window_add_toast (PtWindow *self,
                          AdwToast *toast);
GtkWidget *pt_window_ensure_area (PtWindow *self,
                                  const char *area);

G_END_DECLS
