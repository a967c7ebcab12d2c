/* pt-next-station-colours.h — the colours the Next Station map draws
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-board-colours.h"

G_BEGIN_DECLS

/* Indices into pt_next_station_colours (tests/ui/test-contrast.c checks every
 * entry against what it is drawn on, through PtGameUi.colours). */
typedef enum
{
  /* Next Station: the four lines, the highlights, the tourist sites. */
  PT_COLOUR_NS_LINE_PURPLE,
  PT_COLOUR_NS_LINE_BLUE,
  PT_COLOUR_NS_LINE_PINK,
  PT_COLOUR_NS_LINE_GREEN,
  PT_COLOUR_NS_LINE_END,
  PT_COLOUR_NS_TARGET,
  PT_COLOUR_NS_TOURIST_SITE,
  PT_N_NEXT_STATION_COLOURS
} PtNextStationColour;

extern const PtBoardColourInfo pt_next_station_colours[PT_N_NEXT_STATION_COLOURS];

G_END_DECLS
