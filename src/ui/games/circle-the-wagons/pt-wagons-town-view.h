/* pt-wagons-town-view.h — one Circle the Wagons town, drawn, with the
 * placement ghost
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PT_TYPE_WAGONS_TOWN_VIEW (pt_wagons_town_view_get_type ())

G_DECLARE_FINAL_TYPE (PtWagonsTownView, pt_wagons_town_view, PT, WAGONS_TOWN_VIEW, GtkWidget)

GtkWidget *pt_wagons_town_view_new (void);
/* The "cells" array of a town in the game's view. */
void pt_wagons_town_view_set_cells (PtWagonsTownView *self,
                                    JsonArray *cells);
/* The card to place (NULL: none) and the legal "place" moves for it. */
void pt_wagons_town_view_set_placing (PtWagonsTownView *self,
                                      const char *card,
                                      JsonArray *legal);
/* A line under the ghost: whether it may go there and what it scores. */
void pt_wagons_town_view_set_preview (PtWagonsTownView *self,
                                      const char *text);
void pt_wagons_town_view_get_cursor (PtWagonsTownView *self,
                                     int *x,
                                     int *y,
                                     int *rot);
void pt_wagons_town_view_set_cursor (PtWagonsTownView *self,
                                     int x,
                                     int y,
                                     int rot);
gboolean pt_wagons_town_view_cursor_is_legal (PtWagonsTownView *self);
/* Outlines the card whose top-left cell is (@x, @y), the last placed
 * (@mark FALSE: none); @hidden leaves its cells out while it lands. */
void pt_wagons_town_view_set_mark (PtWagonsTownView *self,
                                   gboolean mark,
                                   int x,
                                   int y,
                                   gboolean hidden);
/* Where the card at (@x, @y) is drawn, in the view's coordinates (as of
 * the last drawing); FALSE before the first. */
gboolean pt_wagons_town_view_get_card_rect (PtWagonsTownView *self,
                                            int x,
                                            int y,
                                            graphene_rect_t *rect);

/* The drawing of one territory (also used for the cards of the circle). */
void pt_wagons_draw_territory (cairo_t *cr,
                               const char *terrain,
                               const char *symbol,
                               double x,
                               double y,
                               double size);
void pt_wagons_draw_card (cairo_t *cr,
                          const char *card,
                          gboolean rot180,
                          double x,
                          double y,
                          double cell);

G_END_DECLS
