/* pt-board-colours.h — the boards' colours: the shared table and its kind
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The colours every board shares; each game keeps its own in a table of
 * the same kind in its folder (PtGameUi.colours). */
typedef enum
{
  /* Text on the boards: the turn instructions (CSS, style.css). */
  PT_COLOUR_INSTRUCTIONS,
  PT_N_BOARD_COLOURS
} PtBoardColour;

typedef struct
{
  double r, g, b, a;
} PtRgba;

/* For the tables: a colour, and libadwaita's window background (#fafafa,
 * #242424) that most of them are drawn on. */
#define PT_RGB(r, g, b) \
  {                     \
    r, g, b, 1          \
  }
#define PT_RGBA(r, g, b, a) \
  {                         \
    r, g, b, a              \
  }
#define PT_WINDOW_LIGHT PT_RGB (0.980, 0.980, 0.980)
#define PT_WINDOW_DARK  PT_RGB (0.141, 0.141, 0.141)

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
/* What @info draws in the light or the dark style. */
const PtRgba *pt_board_colour_pick (const PtBoardColourInfo *info,
                                    gboolean dark);
double pt_board_colour_luminance (const PtRgba *colour);
double pt_board_colour_contrast (const PtRgba *colour,
                                 const PtRgba *background);

G_END_DECLS
