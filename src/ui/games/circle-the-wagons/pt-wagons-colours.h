/* pt-wagons-colours.h — the colours the Circle the Wagons town draws
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-board-colours.h"

G_BEGIN_DECLS

/* Indices into pt_wagons_colours (tests/ui/test-contrast.c checks every
 * entry against what it is drawn on, through PtGameUi.colours). */
typedef enum
{
  /* Circle the Wagons: the card to place, where it may and may not go. */
  PT_COLOUR_WAGONS_LEGAL,
  PT_COLOUR_WAGONS_ILLEGAL,
  PT_N_WAGONS_COLOURS
} PtWagonsColour;

extern const PtBoardColourInfo pt_wagons_colours[PT_N_WAGONS_COLOURS];

G_END_DECLS
