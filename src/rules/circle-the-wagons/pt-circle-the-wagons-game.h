/* pt-circle-the-wagons-game.h — Circle the Wagons as a PtGame
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-game.h"
#include "pt-wagons-state.h"

G_BEGIN_DECLS

#define PT_CIRCLE_THE_WAGONS_GAME_ID "circle-the-wagons"

#define PT_TYPE_CIRCLE_THE_WAGONS_GAME (pt_circle_the_wagons_game_get_type ())

G_DECLARE_FINAL_TYPE (PtCircleTheWagonsGame, pt_circle_the_wagons_game, PT, CIRCLE_THE_WAGONS_GAME, PtGame)

const PtWagonsState *pt_circle_the_wagons_game_get_state (PtCircleTheWagonsGame *self);

void pt_wagons_deal_state (guint64 seed,
                           int first_player,
                           guint8 bonus[PT_WAGONS_N_BONUS],
                           guint8 circle[PT_WAGONS_N_CIRCLE],
                           guint *out_first_player);

G_END_DECLS
