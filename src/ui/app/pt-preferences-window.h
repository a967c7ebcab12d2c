/* pt-preferences-window.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"

G_BEGIN_DECLS

#define PT_TYPE_PREFERENCES_WINDOW (pt_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (PtPreferencesWindow, pt_preferences_window, PT, PREFERENCES_WINDOW, AdwPreferencesWindow)

PtPreferencesWindow *pt_preferences_window_new (PtServices *services);

/* For the games' groups in House Rules (PtGameUi.preferences_group). */
void pt_preferences_bind_choice (GSettings *settings,
                                 const char *key,
                                 AdwComboRow *row,
                                 const char *const *nicks);
void pt_preferences_window_show_trash (PtPreferencesWindow *self);

G_END_DECLS
