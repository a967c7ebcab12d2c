/* pt-lost-cities-engine-view.h — the game's snapshot rebuilt from a protocol view
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game's `snapshot_from_view` (see pt-engine-view.h), declared in the
 * game's own folder so that the engine code names no game.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The Lost Cities view JSON (as pt_game_get_view() gives it) →
 * PtLostCitiesView: the view maps one to one onto it. A gpointer keeps
 * the snapshot's type out of the strategy table; exposed for the tests. */
gpointer pt_engine_view_lost_cities_snapshot (JsonNode *view,
                                              guint player,
                                              guint move_number,
                                              GError **error);

G_END_DECLS
