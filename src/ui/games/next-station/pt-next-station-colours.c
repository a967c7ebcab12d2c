/* pt-next-station-colours.c — the colours the Next Station map draws
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-next-station-colours.h"

/* The central district's tint over the window, the lightest and the
 * darkest place of the map. */
#define MAP_LIGHT PT_RGB (0.976, 0.931, 0.780)
#define MAP_DARK  PT_RGB (0.288, 0.252, 0.128)

const PtBoardColourInfo pt_next_station_colours[PT_N_NEXT_STATION_COLOURS] = {
  [PT_COLOUR_NS_LINE_PURPLE] = { "ns-line-purple", PT_RGB (0.57, 0.25, 0.67), PT_RGB (0.78, 0.58, 0.88),
                                 MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_BLUE] = { "ns-line-blue", PT_RGB (0.11, 0.44, 0.85), PT_RGB (0.45, 0.65, 1.0),
                               MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_PINK] = { "ns-line-pink", PT_RGB (0.85, 0.15, 0.50), PT_RGB (1.0, 0.50, 0.75),
                               MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_GREEN] = { "ns-line-green", PT_RGB (0.10, 0.50, 0.30), PT_RGB (0.35, 0.80, 0.55),
                                MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_END] = { "ns-line-end", PT_RGB (0.80, 0.33, 0.0), PT_RGB (1.0, 0.60, 0.20),
                              MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_TARGET] = { "ns-target", PT_RGB (0.10, 0.50, 0.30), PT_RGB (0.35, 0.80, 0.55),
                            MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_TOURIST_SITE] = { "ns-tourist-site", PT_RGB (0.66, 0.40, 0.0), PT_RGB (0.95, 0.75, 0.25),
                                  MAP_LIGHT, MAP_DARK, 3 },
};
