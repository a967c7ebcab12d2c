/* pt-board-colours.c — every colour the boards draw, in one table
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing code takes its colours from here, so that
 * tests/ui/test-contrast.c can check each against what it is drawn on, in
 * the light and the dark style: 3:1 for a game element, 4.5:1 for text
 * (WCAG 2.1, 1.4.3 and 1.4.11). A colour with alpha is composited over its
 * background first. The backgrounds are libadwaita's window background
 * (#fafafa, #242424) or, on the London map, its lightest and darkest
 * district tint; on a card, the card's face.
 */
#include "config.h"

#include <math.h>

#include "pt-board-colours.h"

#define RGB(r, g, b) \
  {                  \
    r, g, b, 1       \
  }
#define RGBA(r, g, b, a) \
  {                      \
    r, g, b, a           \
  }
#define WINDOW_LIGHT RGB (0.980, 0.980, 0.980)
#define WINDOW_DARK  RGB (0.141, 0.141, 0.141)
/* The central district's tint over the window, the lightest and the
 * darkest place of the map. */
#define MAP_LIGHT    RGB (0.976, 0.931, 0.780)
#define MAP_DARK     RGB (0.288, 0.252, 0.128)

#define FACE_YELLOW RGB (0.90, 0.65, 0.04)
#define FACE_BLUE   RGB (0.11, 0.44, 0.85)
#define FACE_WHITE  RGB (0.87, 0.87, 0.85)
#define FACE_GREEN  RGB (0.15, 0.64, 0.41)
#define FACE_RED    RGB (0.75, 0.11, 0.16)
#define FACE_PURPLE RGB (0.57, 0.25, 0.67)
#define INK_DARK    RGB (0.12, 0.12, 0.12)
#define INK_LIGHT   RGB (1, 1, 1)

const PtBoardColourInfo pt_board_colours[PT_N_BOARD_COLOURS] = {
  /* The faces are the same in both styles: a card is a card. Their
   * boundary is the outline below. */
  [PT_COLOUR_LC_FACE_YELLOW] = { "lc-face-yellow", FACE_YELLOW, FACE_YELLOW, FACE_YELLOW, FACE_YELLOW, 1 },
  [PT_COLOUR_LC_FACE_BLUE] = { "lc-face-blue", FACE_BLUE, FACE_BLUE, FACE_BLUE, FACE_BLUE, 1 },
  [PT_COLOUR_LC_FACE_WHITE] = { "lc-face-white", FACE_WHITE, FACE_WHITE, FACE_WHITE, FACE_WHITE, 1 },
  [PT_COLOUR_LC_FACE_GREEN] = { "lc-face-green", FACE_GREEN, FACE_GREEN, FACE_GREEN, FACE_GREEN, 1 },
  [PT_COLOUR_LC_FACE_RED] = { "lc-face-red", FACE_RED, FACE_RED, FACE_RED, FACE_RED, 1 },
  [PT_COLOUR_LC_FACE_PURPLE] = { "lc-face-purple", FACE_PURPLE, FACE_PURPLE, FACE_PURPLE, FACE_PURPLE, 1 },
  /* The value and the shape on each face: text, 4.5:1. Dark ink on the
   * light faces (yellow, white, green), white ink on the others. */
  [PT_COLOUR_LC_INK_YELLOW] = { "lc-ink-yellow", INK_DARK, INK_DARK, FACE_YELLOW, FACE_YELLOW, 4.5 },
  [PT_COLOUR_LC_INK_BLUE] = { "lc-ink-blue", INK_LIGHT, INK_LIGHT, FACE_BLUE, FACE_BLUE, 4.5 },
  [PT_COLOUR_LC_INK_WHITE] = { "lc-ink-white", INK_DARK, INK_DARK, FACE_WHITE, FACE_WHITE, 4.5 },
  [PT_COLOUR_LC_INK_GREEN] = { "lc-ink-green", INK_DARK, INK_DARK, FACE_GREEN, FACE_GREEN, 4.5 },
  [PT_COLOUR_LC_INK_RED] = { "lc-ink-red", INK_LIGHT, INK_LIGHT, FACE_RED, FACE_RED, 4.5 },
  [PT_COLOUR_LC_INK_PURPLE] = { "lc-ink-purple", INK_LIGHT, INK_LIGHT, FACE_PURPLE, FACE_PURPLE, 4.5 },
  [PT_COLOUR_LC_CARD_OUTLINE] = { "lc-card-outline", RGBA (0, 0, 0, 0.6), RGBA (1, 1, 1, 0.6),
                                  WINDOW_LIGHT, WINDOW_DARK, 3 },
  /* The colour's shape on an empty expedition or discard pile: darker on
   * the light style, lighter on the dark one. */
  [PT_COLOUR_LC_MARKER_YELLOW] = { "lc-marker-yellow", RGB (0.62, 0.42, 0.0), RGB (0.95, 0.75, 0.25),
                                   WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_BLUE] = { "lc-marker-blue", RGB (0.11, 0.44, 0.85), RGB (0.45, 0.65, 1.0),
                                 WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_WHITE] = { "lc-marker-white", RGB (0.45, 0.45, 0.43), RGB (0.87, 0.87, 0.85),
                                  WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_GREEN] = { "lc-marker-green", RGB (0.10, 0.50, 0.30), RGB (0.35, 0.80, 0.55),
                                  WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_RED] = { "lc-marker-red", RGB (0.75, 0.11, 0.16), RGB (1.0, 0.45, 0.45),
                                WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_PURPLE] = { "lc-marker-purple", RGB (0.57, 0.25, 0.67), RGB (0.78, 0.58, 0.88),
                                   WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_LC_EMPTY_OUTLINE] = { "lc-empty-outline", RGB (0.45, 0.45, 0.45), RGB (0.62, 0.62, 0.62),
                                   WINDOW_LIGHT, WINDOW_DARK, 3 },
  /* The other player's last card, the legal-target ring: not a line or
   * card colour. */
  [PT_COLOUR_LC_HIGHLIGHT] = { "lc-highlight", RGB (0.80, 0.33, 0.0), RGB (1.0, 0.60, 0.20),
                               WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_NS_LINE_PURPLE] = { "ns-line-purple", RGB (0.57, 0.25, 0.67), RGB (0.78, 0.58, 0.88),
                                 MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_BLUE] = { "ns-line-blue", RGB (0.11, 0.44, 0.85), RGB (0.45, 0.65, 1.0),
                               MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_PINK] = { "ns-line-pink", RGB (0.85, 0.15, 0.50), RGB (1.0, 0.50, 0.75),
                               MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_GREEN] = { "ns-line-green", RGB (0.10, 0.50, 0.30), RGB (0.35, 0.80, 0.55),
                                MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_LINE_END] = { "ns-line-end", RGB (0.80, 0.33, 0.0), RGB (1.0, 0.60, 0.20),
                              MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_TARGET] = { "ns-target", RGB (0.10, 0.50, 0.30), RGB (0.35, 0.80, 0.55),
                            MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_NS_TOURIST_SITE] = { "ns-tourist-site", RGB (0.66, 0.40, 0.0), RGB (0.95, 0.75, 0.25),
                                  MAP_LIGHT, MAP_DARK, 3 },
  [PT_COLOUR_WAGONS_LEGAL] = { "wagons-legal", RGB (0.10, 0.50, 0.30), RGB (0.35, 0.80, 0.55),
                               WINDOW_LIGHT, WINDOW_DARK, 3 },
  [PT_COLOUR_WAGONS_ILLEGAL] = { "wagons-illegal", RGB (0.80, 0.10, 0.12), RGB (1.0, 0.45, 0.45),
                                 WINDOW_LIGHT, WINDOW_DARK, 3 },
  /* libadwaita's text colour (rgba(0,0,0,0.8), white) at the opacity
   * style.css gives instruction labels (0.75, not dim-label's 0.55). */
  [PT_COLOUR_INSTRUCTIONS] = { "instructions", RGBA (0, 0, 0, 0.8 * 0.75), RGBA (1, 1, 1, 0.75),
                               WINDOW_LIGHT, WINDOW_DARK, 4.5 },
};

const PtRgba *
pt_board_colour (PtBoardColour colour,
                 gboolean dark)
{
  g_return_val_if_fail (colour < PT_N_BOARD_COLOURS, &pt_board_colours[0].light);
  return dark ? &pt_board_colours[colour].dark : &pt_board_colours[colour].light;
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
