/* pt-next-station-engine-view.h — the game's snapshot rebuilt from a protocol view
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

/* The Next Station view JSON → PtNsView: the player's own sheet, the
 * cards flipped so far and the unseen ones in canonical order, as
 * pt_ns_view_init() makes it; the sections drawn and blocked are derived
 * from the lines and the map. Exposed for the tests. */
gpointer pt_engine_view_next_station_snapshot (JsonNode *view,
                                               guint player,
                                               guint move_number,
                                               GError **error);

G_END_DECLS
