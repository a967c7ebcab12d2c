/* pt-wagons-town-painter.h — paint a Circle the Wagons town cell by cell
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PT_WAGONS_PAINTER_GRID 12

#define PT_TYPE_WAGONS_TOWN_PAINTER (pt_wagons_town_painter_get_type ())
G_DECLARE_FINAL_TYPE (PtWagonsTownPainter, pt_wagons_town_painter, PT, WAGONS_TOWN_PAINTER, GtkWidget)

GtkWidget *pt_wagons_town_painter_new (void);
/* What a tap paints: a terrain and a symbol (PtWagonsTerrain, PtWagonsSymbol). */
void pt_wagons_town_painter_set_brush (PtWagonsTownPainter *self,
                                       guint terrain,
                                       guint symbol);
/* Paints (or, with the brush's own cell, clears) the cell at @x, @y, as a
 * tap does; emits ::changed. */
void pt_wagons_town_painter_tap (PtWagonsTownPainter *self,
                                 int x,
                                 int y);
void pt_wagons_town_painter_clear (PtWagonsTownPainter *self);
guint pt_wagons_town_painter_get_n_cells (PtWagonsTownPainter *self);
/* The score sheet's "cells": [{"x", "y", "terrain", "symbol"}, …]. */
JsonArray *pt_wagons_town_painter_get_cells (PtWagonsTownPainter *self);
void pt_wagons_town_painter_set_cells (PtWagonsTownPainter *self,
                                       JsonArray *cells);

G_END_DECLS
