/* pt-wagons-colours.c — the colours the Circle the Wagons town draws
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-wagons-colours.h"

const PtBoardColourInfo pt_wagons_colours[PT_N_WAGONS_COLOURS] = {
  [PT_COLOUR_WAGONS_LEGAL] = { "wagons-legal", PT_RGB (0.10, 0.50, 0.30), PT_RGB (0.35, 0.80, 0.55),
                               PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_WAGONS_ILLEGAL] = { "wagons-illegal", PT_RGB (0.80, 0.10, 0.12), PT_RGB (1.0, 0.45, 0.45),
                                 PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
};
