/* pt-engine-private.h — PtEngine internals for the tests and the fuzz target
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-engine.h"

G_BEGIN_DECLS

/* Names and authors from a handshake longer than this (in characters)
 * fail it. */
#define PT_ENGINE_MAX_NAME 200

/* What Partida does with one line an engine printed (@length bytes, no
 * newline), without an engine process: as the answer to "hello" when
 * @legal is NULL (a good one sets the name, author, games and options),
 * else as the answer to a "move" request whose legal moves are @legal.
 * A "log" message is accepted either way. FALSE + PT_ENGINE_ERROR with the
 * forfeit reason otherwise. */
gboolean pt_engine_check_line (PtEngine *self,
                               const char *data,
                               gsize length,
                               JsonNode *legal,
                               GError **error);

G_END_DECLS
