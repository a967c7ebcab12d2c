/* pt-lost-cities-colours.h — the colours the Lost Cities board draws
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-board-colours.h"

G_BEGIN_DECLS

/* Indices into pt_lost_cities_colours (tests/ui/test-contrast.c checks every
 * entry against what it is drawn on, through PtGameUi.colours). */
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
  PT_N_LOST_CITIES_COLOURS
} PtLostCitiesColour;

extern const PtBoardColourInfo pt_lost_cities_colours[PT_N_LOST_CITIES_COLOURS];

G_END_DECLS
