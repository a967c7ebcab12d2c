/* pt-computer-player.h — the UI's adapter to the computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place where the UI asks for a computer move, so the boards do
 * not depend on how src/ai/ chooses it. Always asynchronous: the answer
 * arrives in the main loop, which never waits for it.
 */
#pragma once

#include "pt-game.h"

G_BEGIN_DECLS

typedef enum
{
  PT_COMPUTER_LEVEL_EASY,
  PT_COMPUTER_LEVEL_MEDIUM,
  PT_COMPUTER_LEVEL_HARD,
} PtComputerLevel;

/* TRUE when real bots (src/ai/) are built in; otherwise a stand-in that
 * plays a random legal move is used and hints are not offered. */
gboolean    pt_computer_player_has_bots     (void);
const char *pt_computer_level_label         (PtComputerLevel      level);
const char *pt_computer_level_to_string     (PtComputerLevel      level);
PtComputerLevel pt_computer_level_from_string (const char        *text);

void        pt_computer_player_choose_async (PtGame              *game,
                                             guint                player,
                                             PtComputerLevel      level,
                                             guint64              seed,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
/* The chosen move (a record move object), or NULL with @error. */
JsonNode   *pt_computer_player_choose_finish (GAsyncResult       *result,
                                              GError            **error);

G_END_DECLS
