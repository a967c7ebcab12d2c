/* pt-wagons-engine-view.h — the game's snapshot rebuilt from a protocol view
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

/* The Circle the Wagons view JSON → PtWagonsState, the bots' snapshot:
 * nothing is hidden, so the whole position is rebuilt (the towns by
 * replaying their placements; whose take is next from who took the card
 * before the queue). Exposed for the tests. */
gpointer pt_engine_view_wagons_snapshot (JsonNode *view,
                                         guint player,
                                         guint move_number,
                                         GError **error);

G_END_DECLS
