/* pt-wagons-town-painter.c — paint a Circle the Wagons town cell by cell
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A grid the player taps to copy their town from the table: each tap paints
 * the chosen terrain and symbol, a second tap with the same brush clears the
 * cell. The painter only records cells; the rules layer reads them as a
 * town (groups, symbols, bonus cards) and refuses shapes no cards can make.
 *
 * Symbols are drawn as simple shapes rather than letters so they read the
 * same in every language: beer a mug, cow a round head with horns, fort a
 * tower, gun a cross-hair, mine a pick-axe triangle, wagon a wheel.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "pt-wagons-cards.h"
#include "pt-wagons-town-painter.h"

#define GRID PT_WAGONS_PAINTER_GRID

struct _PtWagonsTownPainter
{
  GtkWidget parent_instance;

  guint8 cells[GRID][GRID]; /* 0 = empty, else 0x80 | terrain << 3 | symbol */
  guint terrain;
  guint symbol;
};

G_DEFINE_FINAL_TYPE (PtWagonsTownPainter, pt_wagons_town_painter, GTK_TYPE_WIDGET)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const terrain_rgb[PT_WAGONS_N_TERRAINS] = {
  "#e5a50a", /* desert */
  "#26a269", /* forest */
  "#865e3c", /* mountains */
  "#8ff0a4", /* plains */
  "#f6f5f4", /* snow */
  "#3584e4", /* water */
};

GtkWidget *
pt_wagons_town_painter_new (void)
{
  return g_object_new (PT_TYPE_WAGONS_TOWN_PAINTER, NULL);
}

void
pt_wagons_town_painter_set_brush (PtWagonsTownPainter *self,
                                  guint terrain,
                                  guint symbol)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_PAINTER (self));
  g_return_if_fail (terrain < PT_WAGONS_N_TERRAINS && symbol < PT_WAGONS_N_SYMBOLS);
  self->terrain = terrain;
  self->symbol = symbol;
}

void
pt_wagons_town_painter_tap (PtWagonsTownPainter *self,
                            int x,
                            int y)
{
  guint8 brush;

  g_return_if_fail (PT_IS_WAGONS_TOWN_PAINTER (self));
  if (x < 0 || y < 0 || x >= GRID || y >= GRID)
    return;
  brush = (guint8) (0x80 | self->terrain << 3 | self->symbol);
  self->cells[y][x] = self->cells[y][x] == brush ? 0 : brush;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

void
pt_wagons_town_painter_clear (PtWagonsTownPainter *self)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_PAINTER (self));
  memset (self->cells, 0, sizeof self->cells);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
pt_wagons_town_painter_get_n_cells (PtWagonsTownPainter *self)
{
  guint n = 0;

  for (int y = 0; y < GRID; y++)
    for (int x = 0; x < GRID; x++)
      n += self->cells[y][x] != 0;
  return n;
}

JsonArray *
pt_wagons_town_painter_get_cells (PtWagonsTownPainter *self)
{
  JsonArray *cells = json_array_new ();

  g_return_val_if_fail (PT_IS_WAGONS_TOWN_PAINTER (self), cells);
  for (int y = 0; y < GRID; y++)
    for (int x = 0; x < GRID; x++)
      if (self->cells[y][x] != 0)
        {
          JsonObject *cell = json_object_new ();

          json_object_set_int_member (cell, "x", x);
          json_object_set_int_member (cell, "y", y);
          json_object_set_string_member (cell, "terrain", pt_wagons_terrain_id ((self->cells[y][x] >> 3) & 7));
          json_object_set_string_member (cell, "symbol", pt_wagons_symbol_id (self->cells[y][x] & 7));
          json_array_add_object_element (cells, cell);
        }
  return cells;
}

void
pt_wagons_town_painter_set_cells (PtWagonsTownPainter *self,
                                  JsonArray *cells)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_PAINTER (self));
  memset (self->cells, 0, sizeof self->cells);
  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      JsonNode *node = json_array_get_element (cells, i);
      JsonObject *cell = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      gint64 x, y;
      int terrain, symbol;

      if (cell == NULL)
        continue;
      x = json_object_get_int_member_with_default (cell, "x", -1);
      y = json_object_get_int_member_with_default (cell, "y", -1);
      terrain = pt_wagons_terrain_from_id (json_object_get_string_member_with_default (cell, "terrain", ""));
      symbol = pt_wagons_symbol_from_id (json_object_get_string_member_with_default (cell, "symbol", ""));
      if (x >= 0 && y >= 0 && x < GRID && y < GRID && terrain >= 0 && symbol >= 0)
        self->cells[y][x] = (guint8) (0x80 | terrain << 3 | symbol);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing -------------------------------------------------------------------- */

static void
draw_symbol (cairo_t *cr,
             guint symbol,
             double cx,
             double cy,
             double r)
{
  cairo_set_line_width (cr, MAX (1.5, r / 5));
  cairo_new_path (cr);
  switch (symbol)
    {
    case PT_WAGONS_BEER: /* a mug */
      cairo_rectangle (cr, cx - r * 0.55, cy - r * 0.6, r * 0.8, r * 1.2);
      cairo_stroke (cr);
      cairo_arc (cr, cx + r * 0.35, cy, r * 0.35, -G_PI / 2, G_PI / 2);
      cairo_stroke (cr);
      break;
    case PT_WAGONS_COW: /* a head with horns */
      cairo_arc (cr, cx, cy + r * 0.15, r * 0.5, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_move_to (cr, cx - r * 0.45, cy - r * 0.2);
      cairo_line_to (cr, cx - r * 0.8, cy - r * 0.7);
      cairo_move_to (cr, cx + r * 0.45, cy - r * 0.2);
      cairo_line_to (cr, cx + r * 0.8, cy - r * 0.7);
      cairo_stroke (cr);
      break;
    case PT_WAGONS_FORT: /* a tower with battlements */
      cairo_move_to (cr, cx - r * 0.6, cy + r * 0.7);
      cairo_line_to (cr, cx - r * 0.6, cy - r * 0.7);
      cairo_line_to (cr, cx - r * 0.2, cy - r * 0.7);
      cairo_line_to (cr, cx - r * 0.2, cy - r * 0.4);
      cairo_line_to (cr, cx + r * 0.2, cy - r * 0.4);
      cairo_line_to (cr, cx + r * 0.2, cy - r * 0.7);
      cairo_line_to (cr, cx + r * 0.6, cy - r * 0.7);
      cairo_line_to (cr, cx + r * 0.6, cy + r * 0.7);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case PT_WAGONS_GUN: /* a cross-hair */
      cairo_arc (cr, cx, cy, r * 0.55, 0, 2 * G_PI);
      cairo_move_to (cr, cx - r * 0.9, cy);
      cairo_line_to (cr, cx + r * 0.9, cy);
      cairo_move_to (cr, cx, cy - r * 0.9);
      cairo_line_to (cr, cx, cy + r * 0.9);
      cairo_stroke (cr);
      break;
    case PT_WAGONS_MINE: /* a pick-axe head over a handle */
      cairo_move_to (cr, cx - r * 0.8, cy - r * 0.3);
      cairo_curve_to (cr, cx - r * 0.3, cy - r * 0.8, cx + r * 0.3, cy - r * 0.8, cx + r * 0.8, cy - r * 0.3);
      cairo_move_to (cr, cx, cy - r * 0.6);
      cairo_line_to (cr, cx, cy + r * 0.8);
      cairo_stroke (cr);
      break;
    case PT_WAGONS_WAGON: /* a wheel */
    default:
      cairo_arc (cr, cx, cy, r * 0.7, 0, 2 * G_PI);
      cairo_stroke (cr);
      for (int i = 0; i < 4; i++)
        {
          double a = i * G_PI / 4;

          cairo_move_to (cr, cx - cos (a) * r * 0.7, cy - sin (a) * r * 0.7);
          cairo_line_to (cr, cx + cos (a) * r * 0.7, cy + sin (a) * r * 0.7);
        }
      cairo_stroke (cr);
      break;
    }
}

static double
cell_size (PtWagonsTownPainter *self)
{
  return floor (MIN (gtk_widget_get_width (GTK_WIDGET (self)),
                     gtk_widget_get_height (GTK_WIDGET (self))) /
                (double) GRID);
}

static void
pt_wagons_town_painter_snapshot (GtkWidget *widget,
                                 GtkSnapshot *snapshot)
{
  PtWagonsTownPainter *self = PT_WAGONS_TOWN_PAINTER (widget);
  double size = cell_size (self);
  double offset = floor ((gtk_widget_get_width (widget) - size * GRID) / 2);
  GdkRGBA fg;
  cairo_t *cr;

  if (size < 4)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
  for (int y = 0; y < GRID; y++)
    for (int x = 0; x < GRID; x++)
      {
        double px = offset + x * size, py = y * size;
        guint8 cell = self->cells[y][x];

        if (cell != 0)
          {
            GdkRGBA rgba;
            guint terrain = (cell >> 3) & 7;

            gdk_rgba_parse (&rgba, terrain_rgb[terrain]);
            gdk_cairo_set_source_rgba (cr, &rgba);
            cairo_rectangle (cr, px + 1, py + 1, size - 2, size - 2);
            cairo_fill (cr);
            /* Dark marks on light terrains, light ones on dark terrains. */
            if (terrain == PT_WAGONS_MOUNTAINS || terrain == PT_WAGONS_WATER || terrain == PT_WAGONS_FOREST)
              cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
            else
              cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
            draw_symbol (cr, cell & 7, px + size / 2, py + size / 2, size * 0.36);
          }
        else
          {
            cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.15);
            cairo_set_line_width (cr, 1);
            cairo_rectangle (cr, px + 1.5, py + 1.5, size - 3, size - 3);
            cairo_stroke (cr);
          }
      }
  cairo_destroy (cr);
}

static void
pt_wagons_town_painter_measure (GtkWidget *widget,
                                GtkOrientation orientation,
                                int for_size,
                                int *minimum,
                                int *natural,
                                int *minimum_baseline,
                                int *natural_baseline)
{
  /* Square: as tall as it is wide, so the cells stay square. */
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0)
    *minimum = *natural = MAX (for_size, GRID * 20);
  else
    {
      *minimum = GRID * 20;
      *natural = GRID * 34;
    }
}

static GtkSizeRequestMode
pt_wagons_town_painter_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
on_pressed (GtkGestureClick *gesture,
            int n_press,
            double x,
            double y,
            PtWagonsTownPainter *self)
{
  double size = cell_size (self);
  double offset = floor ((gtk_widget_get_width (GTK_WIDGET (self)) - size * GRID) / 2);

  if (size < 4)
    return;
  pt_wagons_town_painter_tap (self, (int) floor ((x - offset) / size), (int) floor (y / size));
}

static void
pt_wagons_town_painter_class_init (PtWagonsTownPainterClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = pt_wagons_town_painter_snapshot;
  widget_class->measure = pt_wagons_town_painter_measure;
  widget_class->get_request_mode = pt_wagons_town_painter_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "townpainter");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pt_wagons_town_painter_init (PtWagonsTownPainter *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}
