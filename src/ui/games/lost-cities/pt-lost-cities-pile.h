/* pt-lost-cities-pile.h — one Lost Cities card, or a pile of them, drawn
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  PT_LOST_CITIES_PILE_FAN,  /* every card, overlapping downwards (an expedition) */
  PT_LOST_CITIES_PILE_TOP,  /* only the top card, with a count (a discard pile) */
  PT_LOST_CITIES_PILE_BACK, /* face down, with a count (the deck) */
} PtLostCitiesPileMode;

#define PT_TYPE_LOST_CITIES_PILE (pt_lost_cities_pile_get_type ())

G_DECLARE_FINAL_TYPE (PtLostCitiesPile, pt_lost_cities_pile, PT, LOST_CITIES_PILE, GtkWidget)

GtkWidget *pt_lost_cities_pile_new (PtLostCitiesPileMode mode,
                                    int color);
/* Codes as in records ("Y5", "YW"), bottom first; NULL or empty: no card. */
void pt_lost_cities_pile_set_cards (PtLostCitiesPile *self,
                                    const char *const *codes);
/* Leaves the top @n cards out of the drawing (a card in flight to this
 * pile); the cards, the count and the accessible name stay. */
void pt_lost_cities_pile_set_held_back (PtLostCitiesPile *self,
                                        guint n);
guint pt_lost_cities_pile_get_held_back (PtLostCitiesPile *self);
void pt_lost_cities_pile_set_count (PtLostCitiesPile *self,
                                    guint count);
void pt_lost_cities_pile_set_mode (PtLostCitiesPile *self,
                                   PtLostCitiesPileMode mode);
void pt_lost_cities_pile_set_highlight (PtLostCitiesPile *self,
                                        gboolean highlight);
/* The pile's top card (its back for the deck) alone, at card size: the
 * icon of a drag that starts on this pile. */
GdkPaintable *pt_lost_cities_pile_get_top_paintable (PtLostCitiesPile *self);

/* Shared with the other Lost Cities widgets: the drawing of one card, so a
 * card looks the same in the hand, on the table and in a replay. */
void pt_lost_cities_draw_card (cairo_t *cr,
                               const char *code,
                               double x,
                               double y,
                               double width,
                               double height,
                               gboolean dark);
/* "yellow 5", "red wager": the accessible name of a card. */
char *pt_lost_cities_card_describe (const char *code);
char *pt_lost_cities_card_describe_definite (const char *code);
const char *pt_lost_cities_color_label (int color);
char *pt_lost_cities_pile_describe (PtLostCitiesPile *self);

G_END_DECLS
