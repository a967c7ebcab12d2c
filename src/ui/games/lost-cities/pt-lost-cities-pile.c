/* pt-lost-cities-pile.c — one Lost Cities card, or a pile of them, drawn
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Our own vector drawing: a rounded card in the expedition's colour with
 * its value and a shape that belongs to the colour (circle, triangle,
 * square, diamond, cross, hexagon), so the colours can be told apart
 * without seeing colour. A wager shows "×" (it multiplies).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "pt-lost-cities-colours.h"
#include "pt-lost-cities-pile.h"
#include "pt-text-scale.h"

#define CARD_W     46.0
#define CARD_H     64.0
#define FAN_STEP   17.0
#define MIN_SHRINK 0.6

struct _PtLostCitiesPile
{
  GtkWidget parent_instance;

  PtLostCitiesPileMode mode;
  int color; /* -1: none (the deck) */
  GStrv codes;
  guint count;
  guint held_back; /* top cards not drawn (still in flight) */
  gboolean highlight;
};

G_DEFINE_FINAL_TYPE (PtLostCitiesPile, pt_lost_cities_pile, GTK_TYPE_WIDGET)

static const char letters[] = "YBWGRP";

/* Faces, ink and markers come from the game's table
 * (pt-lost-cities-colours.c), which the contrast test reads. */
static void
set_colour (cairo_t *cr,
            PtLostCitiesColour colour,
            gboolean dark)
{
  const PtRgba *c = pt_board_colour_pick (&pt_lost_cities_colours[colour], dark);

  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

const char *
pt_lost_cities_color_label (int color)
{
  switch (color)
    {
    case 0:
      return _("yellow");
    case 1:
      return _("blue");
    case 2:
      return _("white");
    case 3:
      return _("green");
    case 4:
      return _("red");
    case 5:
      return _("purple");
    default:
      return "";
    }
}

static int
color_of (const char *code)
{
  const char *p;

  if (code == NULL || code[0] == '\0' || (p = strchr (letters, code[0])) == NULL)
    return -1;
  return (int) (p - letters);
}

/* Wagers get one string per colour so that languages whose colour words
 * agree with the noun can say so (Spanish: "apuesta amarilla"). */
static const char *
wager_label (int color,
             gboolean definite)
{
  switch (color)
    {
    case 0:
      return definite ? _("the yellow wager") : _("yellow wager");
    case 1:
      return definite ? _("the blue wager") : _("blue wager");
    case 2:
      return definite ? _("the white wager") : _("white wager");
    case 3:
      return definite ? _("the green wager") : _("green wager");
    case 4:
      return definite ? _("the red wager") : _("red wager");
    case 5:
      return definite ? _("the purple wager") : _("purple wager");
    default:
      return "";
    }
}

static char *
card_describe (const char *code,
               gboolean definite)
{
  int color = color_of (code);

  if (color < 0)
    return g_strdup (code ? code : "");
  if (code[1] == 'W')
    return g_strdup (wager_label (color, definite));
  if (definite)
    /* Translators: a card with its article, e.g. "the red 7" (colour, value) */
    return g_strdup_printf (C_("card", "the %s %s"), pt_lost_cities_color_label (color), code + 1);
  /* Translators: a card, e.g. "red 7" (colour, value) */
  return g_strdup_printf (C_("card", "%s %s"), pt_lost_cities_color_label (color), code + 1);
}

/* A card as a label: "red 7", "red wager". */
char *
pt_lost_cities_card_describe (const char *code)
{
  return card_describe (code, FALSE);
}

/* A card inside a sentence, with its article: "the red 7". */
char *
pt_lost_cities_card_describe_definite (const char *code)
{
  return card_describe (code, TRUE);
}

static void
shape_path (cairo_t *cr,
            int color,
            double cx,
            double cy,
            double r)
{
  switch (color)
    {
    case 0:
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      break;
    case 1:
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + r, cy + r * 0.8);
      cairo_line_to (cr, cx - r, cy + r * 0.8);
      cairo_close_path (cr);
      break;
    case 2:
      cairo_rectangle (cr, cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 3:
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + r, cy);
      cairo_line_to (cr, cx, cy + r);
      cairo_line_to (cr, cx - r, cy);
      cairo_close_path (cr);
      break;
    case 4:
      {
        double t = r * 0.38;
        cairo_rectangle (cr, cx - t, cy - r, 2 * t, 2 * r);
        cairo_rectangle (cr, cx - r, cy - t, 2 * r, 2 * t);
      }
      break;
    default:
      for (int i = 0; i < 6; i++)
        {
          double a = G_PI / 6 + i * G_PI / 3;
          if (i == 0)
            cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
          else
            cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
        }
      cairo_close_path (cr);
      break;
    }
}

static void
rounded_rect (cairo_t *cr,
              double x,
              double y,
              double w,
              double h,
              double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Laid-out texts are kept: a board shows the same few values again and
 * again, and shaping them anew on every redraw was most of its cost. */
static PangoLayout *
cached_layout (const char *text,
               double size,
               gboolean bold)
{
  static GHashTable *cache;
  static PangoContext *context;
  g_autofree char *key = g_strdup_printf ("%s|%g|%d", text, size, bold);
  PangoLayout *layout;

  if (cache == NULL)
    {
      cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
    }
  layout = g_hash_table_lookup (cache, key);
  if (layout == NULL)
    {
      PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");

      layout = pango_layout_new (context);
      pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, text, -1);
      pango_font_description_free (font);
      g_hash_table_insert (cache, g_steal_pointer (&key), layout);
    }
  return layout;
}

static void
draw_text (cairo_t *cr,
           const char *text,
           double x,
           double y,
           double size,
           gboolean bold,
           gboolean centre)
{
  PangoLayout *layout = cached_layout (text, size, bold);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, centre ? x - w / 2.0 : x, centre ? y - h / 2.0 : y);
  pango_cairo_show_layout (cr, layout);
}

void
pt_lost_cities_draw_card (cairo_t *cr,
                          const char *code,
                          double x,
                          double y,
                          double w,
                          double h,
                          gboolean dark)
{
  int color = color_of (code);
  const char *value;
  double ink, k;

  cairo_save (cr);
  rounded_rect (cr, x + 0.5, y + 0.5, w - 1, h - 1, 5);
  if (color < 0)
    {
      /* The back of a card: a neutral pattern. */
      cairo_set_source_rgb (cr, 0.36, 0.30, 0.24);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.5);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      rounded_rect (cr, x + 0.5, y + 0.5, w - 1, h - 1, 5);
      cairo_clip (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.2);
      for (double d = 8; d < w + h; d += 8)
        {
          cairo_move_to (cr, x + MAX (0, d - h), y + MIN (d, h));
          cairo_line_to (cr, x + MIN (d, w), y + MAX (0, d - w));
        }
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }

  set_colour (cr, PT_COLOUR_LC_FACE_YELLOW + color, dark);
  cairo_fill_preserve (cr);
  set_colour (cr, PT_COLOUR_LC_CARD_OUTLINE, dark);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  ink = pt_board_colour_pick (&pt_lost_cities_colours[PT_COLOUR_LC_INK_YELLOW + color], dark)->r;
  value = code[1] == 'W' ? "×" : code + 1;
  /* Everything on the face grows with the card (and so with the text). */
  k = w / CARD_W;

  /* The value in the top-left corner stays visible in a fanned pile. */
  cairo_set_source_rgb (cr, ink, ink, ink);
  draw_text (cr, value, x + 5 * k, y + 1 * k, 13 * k, TRUE, FALSE);
  /* The colour's shape, small, top right, and large in the middle. */
  shape_path (cr, color, x + w - 10 * k, y + 9 * k, 5 * k);
  cairo_fill (cr);
  if (h > 40)
    {
      cairo_set_source_rgba (cr, ink, ink, ink, 0.35);
      shape_path (cr, color, x + w / 2, y + h * 0.62, w * 0.26);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, ink, ink, ink);
      draw_text (cr, value, x + w / 2, y + h * 0.62, (code[1] == 'W' ? 20 : 16) * k, TRUE, TRUE);
    }
  cairo_restore (cr);
}

static void
pt_lost_cities_pile_measure (GtkWidget *widget,
                             GtkOrientation orientation,
                             int for_size,
                             int *minimum,
                             int *natural,
                             int *minimum_baseline,
                             int *natural_baseline)
{
  PtLostCitiesPile *self = PT_LOST_CITIES_PILE (widget);
  guint n = self->codes ? g_strv_length (self->codes) : 0;
  double scale = pt_text_scale (widget);

  /* The card grows with the text size; in a narrow window it may shrink
   * to MIN_SHRINK of that (pt_lost_cities_pile_snapshot() draws it at the
   * width it gets), so that the table fits 360 px. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *natural = (int) ceil (CARD_W * scale) + 4;
      *minimum = (int) ceil (CARD_W * scale * MIN_SHRINK) + 4;
    }
  else if (self->mode == PT_LOST_CITIES_PILE_FAN)
    /* Room for a long expedition: up to 12 cards without growing. */
    *minimum = *natural = (int) ceil ((CARD_H + FAN_STEP * MAX (3, (int) n - 1)) * scale) + 4;
  else
    *minimum = *natural = (int) ceil (CARD_H * scale) + 4;
}

/* The card size for a pile @width wide. */
static double
card_width (PtLostCitiesPile *self,
            int width)
{
  return MAX (8, MIN (CARD_W * pt_text_scale (GTK_WIDGET (self)), width - 4));
}

static void
pt_lost_cities_pile_snapshot (GtkWidget *widget,
                              GtkSnapshot *snapshot)
{
  PtLostCitiesPile *self = PT_LOST_CITIES_PILE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  guint all = self->codes ? g_strv_length (self->codes) : 0;
  /* A card still travelling here is drawn by the board, in the air, not
   * a second time on the pile. */
  guint n = all > self->held_back ? all - self->held_back : 0;
  /* The card as wide as the pile allows (see the measure above). */
  double cw = card_width (self, width), ch = cw * CARD_H / CARD_W, step = FAN_STEP * cw / CARD_W;
  double k = cw / CARD_W;
  double x = (width - cw) / 2.0;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (self->mode == PT_LOST_CITIES_PILE_BACK)
    {
      g_autofree char *count = g_strdup_printf ("%u", self->count);

      if (self->count > 0)
        {
          pt_lost_cities_draw_card (cr, NULL, x, 2, cw, ch, dark);
          cairo_set_source_rgb (cr, 1, 1, 1);
        }
      else
        {
          /* An empty deck: an outline and a readable 0. */
          rounded_rect (cr, x + 1, 3, cw - 2, ch - 2, 5);
          set_colour (cr, PT_COLOUR_LC_EMPTY_OUTLINE, dark);
          cairo_stroke (cr);
          set_colour (cr, PT_COLOUR_LC_EMPTY_OUTLINE, dark);
        }
      draw_text (cr, count, x + cw / 2, 2 + ch / 2, 18 * k, TRUE, TRUE);
    }
  else if (n == 0)
    {
      /* An empty place: a dashed outline in the colour's shape. */
      rounded_rect (cr, x + 1, 3, cw - 2, ch - 2, 5);
      set_colour (cr, PT_COLOUR_LC_EMPTY_OUTLINE, dark);
      cairo_set_dash (cr, (double[]){ 4, 3 }, 2, 0);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (self->color >= 0)
        {
          /* Darker on the light style, lighter on the dark one: 3:1. */
          set_colour (cr, PT_COLOUR_LC_MARKER_YELLOW + self->color, dark);
          shape_path (cr, self->color, x + cw / 2, 2 + ch / 2, 10 * k);
          cairo_fill (cr);
        }
    }
  else if (self->mode == PT_LOST_CITIES_PILE_FAN)
    {
      for (guint i = 0; i < n; i++)
        pt_lost_cities_draw_card (cr, self->codes[i], x, 2 + i * step, cw, ch, dark);
    }
  else
    {
      pt_lost_cities_draw_card (cr, self->codes[n - 1], x, 2, cw, ch, dark);
      if (n > 1)
        {
          g_autofree char *count = g_strdup_printf ("%u", n);

          cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
          cairo_arc (cr, x + cw - 6 * k, ch - 6 * k, 9 * k, 0, 2 * G_PI);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          draw_text (cr, count, x + cw - 6 * k, ch - 6 * k, 11 * k, TRUE, TRUE);
        }
    }

  if (self->highlight)
    {
      double top = self->mode == PT_LOST_CITIES_PILE_FAN && n > 0 ? 2 + (n - 1) * step : 2;

      rounded_rect (cr, x - 1, top - 1, cw + 2, ch + 2, 6);
      set_colour (cr, PT_COLOUR_LC_HIGHLIGHT, dark);
      cairo_set_line_width (cr, 3);
      cairo_stroke (cr);
    }

  cairo_destroy (cr);
}

static void
update_accessible (PtLostCitiesPile *self)
{
  g_autofree char *text = pt_lost_cities_pile_describe (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
}

/* What the pile shows, in words: "Deck, 44 cards", "empty", "yellow
 * wager, yellow 3, yellow 7" (a fan), or the top card. */
char *
pt_lost_cities_pile_describe (PtLostCitiesPile *self)
{
  guint n = self->codes ? g_strv_length (self->codes) : 0;
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->mode == PT_LOST_CITIES_PILE_BACK)
    g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Deck, %u card", "Deck, %u cards", self->count), self->count);
  else if (n == 0)
    g_string_assign (text, _("empty"));
  else
    for (guint i = (self->mode == PT_LOST_CITIES_PILE_FAN ? 0 : n - 1); i < n; i++)
      {
        g_autofree char *card = pt_lost_cities_card_describe (self->codes[i]);

        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, card);
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
pt_lost_cities_pile_set_cards (PtLostCitiesPile *self,
                               const char *const *codes)
{
  g_return_if_fail (PT_IS_LOST_CITIES_PILE (self));

  if (self->codes != NULL && codes != NULL && g_strv_equal ((const char *const *) self->codes, codes))
    return;
  g_strfreev (self->codes);
  self->codes = g_strdupv ((char **) codes);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
pt_lost_cities_pile_get_held_back (PtLostCitiesPile *self)
{
  g_return_val_if_fail (PT_IS_LOST_CITIES_PILE (self), 0);
  return self->held_back;
}

void
pt_lost_cities_pile_set_held_back (PtLostCitiesPile *self,
                                   guint n)
{
  g_return_if_fail (PT_IS_LOST_CITIES_PILE (self));

  if (self->held_back == n)
    return;
  self->held_back = n;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_lost_cities_pile_set_count (PtLostCitiesPile *self,
                               guint count)
{
  g_return_if_fail (PT_IS_LOST_CITIES_PILE (self));

  if (self->count == count)
    return;
  self->count = count;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_lost_cities_pile_set_mode (PtLostCitiesPile *self,
                              PtLostCitiesPileMode mode)
{
  g_return_if_fail (PT_IS_LOST_CITIES_PILE (self));

  if (self->mode == mode)
    return;
  self->mode = mode;
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
pt_lost_cities_pile_set_highlight (PtLostCitiesPile *self,
                                   gboolean highlight)
{
  g_return_if_fail (PT_IS_LOST_CITIES_PILE (self));

  if (self->highlight == !!highlight)
    return;
  self->highlight = !!highlight;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GdkPaintable *
pt_lost_cities_pile_get_top_paintable (PtLostCitiesPile *self)
{
  g_autoptr(GtkSnapshot) snapshot = NULL;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  guint n;
  const char *code = NULL;
  cairo_t *cr;

  g_return_val_if_fail (PT_IS_LOST_CITIES_PILE (self), NULL);

  n = self->codes ? g_strv_length (self->codes) : 0;
  if (self->mode != PT_LOST_CITIES_PILE_BACK && n > 0)
    code = self->codes[n - 1];

  /* Drawn anew rather than taken from the widget: the widget may show a
   * whole fanned pile, a count or a highlight, and the hand moves only
   * one card. */
  snapshot = gtk_snapshot_new ();
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, CARD_W, CARD_H));
  pt_lost_cities_draw_card (cr, code, 0, 0, CARD_W, CARD_H, dark);
  cairo_destroy (cr);
  return gtk_snapshot_free_to_paintable (g_steal_pointer (&snapshot),
                                         &GRAPHENE_SIZE_INIT (CARD_W, CARD_H));
}

GtkWidget *
pt_lost_cities_pile_new (PtLostCitiesPileMode mode,
                         int color)
{
  PtLostCitiesPile *self = g_object_new (PT_TYPE_LOST_CITIES_PILE, NULL);

  self->mode = mode;
  self->color = color;
  update_accessible (self);
  return GTK_WIDGET (self);
}

static void
on_dark_changed (PtLostCitiesPile *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pt_lost_cities_pile_finalize (GObject *object)
{
  PtLostCitiesPile *self = PT_LOST_CITIES_PILE (object);

  g_clear_pointer (&self->codes, g_strfreev);

  G_OBJECT_CLASS (pt_lost_cities_pile_parent_class)->finalize (object);
}

static void
pt_lost_cities_pile_class_init (PtLostCitiesPileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pt_lost_cities_pile_finalize;
  widget_class->measure = pt_lost_cities_pile_measure;
  widget_class->snapshot = pt_lost_cities_pile_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "lost-cities-pile");
}

static void
pt_lost_cities_pile_init (PtLostCitiesPile *self)
{
  self->color = -1;
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
  pt_text_scale_connect (GTK_WIDGET (self));
}
