/* pt-lost-cities-colours.c — the colours the Lost Cities board draws
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-lost-cities-colours.h"

#define FACE_YELLOW PT_RGB (0.90, 0.65, 0.04)
#define FACE_BLUE   PT_RGB (0.11, 0.44, 0.85)
#define FACE_WHITE  PT_RGB (0.87, 0.87, 0.85)
#define FACE_GREEN  PT_RGB (0.15, 0.64, 0.41)
#define FACE_RED    PT_RGB (0.75, 0.11, 0.16)
#define FACE_PURPLE PT_RGB (0.57, 0.25, 0.67)
#define INK_DARK    PT_RGB (0.12, 0.12, 0.12)
#define INK_LIGHT   PT_RGB (1, 1, 1)

const PtBoardColourInfo pt_lost_cities_colours[PT_N_LOST_CITIES_COLOURS] = {
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
  [PT_COLOUR_LC_CARD_OUTLINE] = { "lc-card-outline", PT_RGBA (0, 0, 0, 0.6), PT_RGBA (1, 1, 1, 0.6),
                                  PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  /* The colour's shape on an empty expedition or discard pile: darker on
   * the light style, lighter on the dark one. */
  [PT_COLOUR_LC_MARKER_YELLOW] = { "lc-marker-yellow", PT_RGB (0.62, 0.42, 0.0), PT_RGB (0.95, 0.75, 0.25),
                                   PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_BLUE] = { "lc-marker-blue", PT_RGB (0.11, 0.44, 0.85), PT_RGB (0.45, 0.65, 1.0),
                                 PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_WHITE] = { "lc-marker-white", PT_RGB (0.45, 0.45, 0.43), PT_RGB (0.87, 0.87, 0.85),
                                  PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_GREEN] = { "lc-marker-green", PT_RGB (0.10, 0.50, 0.30), PT_RGB (0.35, 0.80, 0.55),
                                  PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_RED] = { "lc-marker-red", PT_RGB (0.75, 0.11, 0.16), PT_RGB (1.0, 0.45, 0.45),
                                PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_LC_MARKER_PURPLE] = { "lc-marker-purple", PT_RGB (0.57, 0.25, 0.67), PT_RGB (0.78, 0.58, 0.88),
                                   PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  [PT_COLOUR_LC_EMPTY_OUTLINE] = { "lc-empty-outline", PT_RGB (0.45, 0.45, 0.45), PT_RGB (0.62, 0.62, 0.62),
                                   PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
  /* The other player's last card, the legal-target ring: not a line or
   * card colour. */
  [PT_COLOUR_LC_HIGHLIGHT] = { "lc-highlight", PT_RGB (0.80, 0.33, 0.0), PT_RGB (1.0, 0.60, 0.20),
                               PT_WINDOW_LIGHT, PT_WINDOW_DARK, 3 },
};
