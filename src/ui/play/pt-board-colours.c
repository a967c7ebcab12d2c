/* pt-board-colours.c — the boards' shared colours and the contrast maths
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing code takes its colours from tables (this one, and each
 * game's in its folder, PtGameUi.colours), so that tests/ui/test-contrast.c
 * can check each against what it is drawn on, in the light and the dark
 * style: 3:1 for a game element, 4.5:1 for text (WCAG 2.1, 1.4.3 and
 * 1.4.11). A colour with alpha is composited over its background first.
 * The backgrounds are libadwaita's window background (#fafafa, #242424)
 * or what the game draws under the colour.
 */
#include "config.h"

#include <math.h>

#include "pt-board-colours.h"

const PtBoardColourInfo pt_board_colours[PT_N_BOARD_COLOURS] = {
  /* libadwaita's text colour (rgba(0,0,0,0.8), white) at the opacity
   * style.css gives instruction labels (0.75, not dim-label's 0.55). */
  [PT_COLOUR_INSTRUCTIONS] = { "instructions", PT_RGBA (0, 0, 0, 0.8 * 0.75), PT_RGBA (1, 1, 1, 0.75),
                               PT_WINDOW_LIGHT, PT_WINDOW_DARK, 4.5 },
};

const PtRgba *
pt_board_colour (PtBoardColour colour,
                 gboolean dark)
{
  g_return_val_if_fail (colour < PT_N_BOARD_COLOURS, &pt_board_colours[0].light);
  return pt_board_colour_pick (&pt_board_colours[colour], dark);
}

const PtRgba *
pt_board_colour_pick (const PtBoardColourInfo *info,
                      gboolean dark)
{
  return dark ? &info->dark : &info->light;
}

static double
channel (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* Relative luminance (WCAG), of an opaque colour. */
double
pt_board_colour_luminance (const PtRgba *colour)
{
  return 0.2126 * channel (colour->r) + 0.7152 * channel (colour->g) + 0.0722 * channel (colour->b);
}

/* The contrast ratio of @colour (composited over @background) against
 * @background, from 1 to 21. */
double
pt_board_colour_contrast (const PtRgba *colour,
                          const PtRgba *background)
{
  PtRgba mixed = {
    colour->r * colour->a + background->r * (1 - colour->a),
    colour->g * colour->a + background->g * (1 - colour->a),
    colour->b * colour->a + background->b * (1 - colour->a),
    1,
  };
  double a = pt_board_colour_luminance (&mixed), b = pt_board_colour_luminance (background);

  return (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05);
}
