/* pt-hint-text.h — a suggested move in words, for the hint line
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-game.h"

G_BEGIN_DECLS

/* @move (a record move for the player on turn in @game) as advice:
 * "play the red 7, then draw from the deck"; never raw JSON for the
 * games Partida knows. */
char *pt_hint_text (PtGame *game,
                    JsonNode *move);

G_END_DECLS
