/* pt-lost-cities-preferences.h — Preferences → House Rules → Lost Cities
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PT_TYPE_LOST_CITIES_PREFERENCES (pt_lost_cities_preferences_get_type ())

G_DECLARE_FINAL_TYPE (PtLostCitiesPreferences, pt_lost_cities_preferences, PT, LOST_CITIES_PREFERENCES, AdwPreferencesGroup)

GtkWidget *pt_lost_cities_preferences_new (GSettings *settings);

G_END_DECLS
