/* pt-board-colours.h — every colour the boards draw, in one table
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  /* Lost Cities: card faces, the ink on them, their outline. */
  PT_COLOUR_LC_FACE_YELLOW,
  PT_COLOUR_LC_FACE_BLUE,
  PT_COLOUR_LC_FACE_WHITE,
  PT_COLOUR_LC_FACE_GREEN,
  PT_COLOUR_LC_FACE_RED,
  PT_COLOUR_LC_FACE_PURPLE,
  PT_COLOUR_LC_INK_YELLOW,
  PT_COLOUR_LC_INK_BLUE,
  PT_COLOUR_LC_INK_WHITE,
  PT_COLOUR_LC_INK_GREEN,
  PT_COLOUR_LC_INK_RED,
  PT_COLOUR_LC_INK_PURPLE,
  PT_COLOUR_LC_CARD_OUTLINE,
  /* … the colour's shape on an empty place, and the place's outline. */
  PT_COLOUR_LC_MARKER_YELLOW,
  PT_COLOUR_LC_MARKER_BLUE,
  PT_COLOUR_LC_MARKER_WHITE,
  PT_COLOUR_LC_MARKER_GREEN,
  PT_COLOUR_LC_MARKER_RED,
  PT_COLOUR_LC_MARKER_PURPLE,
  PT_COLOUR_LC_EMPTY_OUTLINE,
  PT_COLOUR_LC_HIGHLIGHT,
  /* Next Station: the four lines, the highlights, the tourist sites. */
  PT_COLOUR_NS_LINE_PURPLE,
  PT_COLOUR_NS_LINE_BLUE,
  PT_COLOUR_NS_LINE_PINK,
  PT_COLOUR_NS_LINE_GREEN,
  PT_COLOUR_NS_LINE_END,
  PT_COLOUR_NS_TARGET,
  PT_COLOUR_NS_TOURIST_SITE,
  /* Circle the Wagons: the card to place, where it may and may not go. */
  PT_COLOUR_WAGONS_LEGAL,
  PT_COLOUR_WAGONS_ILLEGAL,
  /* Text on the boards: the turn instructions (CSS, style.css). */
  PT_COLOUR_INSTRUCTIONS,
  PT_N_BOARD_COLOURS
} PtBoardColour;

typedef struct
{
  double r, g, b, a;
} PtRgba;

typedef struct
{
  const char *id;
  PtRgba light, dark;       /* what is drawn, per style */
  PtRgba on_light, on_dark; /* what it is drawn on, per style */
  double min_ratio;         /* 3 for shapes, 4.5 for text */
} PtBoardColourInfo;

extern const PtBoardColourInfo pt_board_colours[PT_N_BOARD_COLOURS];

const PtRgba *pt_board_colour (PtBoardColour colour,
                               gboolean dark);
double pt_board_colour_luminance (const PtRgba *colour);
double pt_board_colour_contrast (const PtRgba *colour,
                                 const PtRgba *background);

G_END_DECLS
