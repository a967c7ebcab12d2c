/* pt-chart.c — small charts drawn by the app (lines and bars)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn with cairo inside the widget's snapshot, in the widget's own
 * foreground colour (so it follows the light and dark styles) with the
 * accent colour or each player's colour for the data. Text goes through
 * Pango with the widget's font, so translations and long names fit.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "pt-chart.h"

#define MARGIN_LEFT   44.0
#define MARGIN_RIGHT  12.0
#define MARGIN_TOP    16.0
#define MARGIN_BOTTOM 34.0

typedef struct
{
  char *label;
  GdkRGBA rgba;
  gboolean has_rgba;
  GArray *xs; /* double */
  GArray *ys; /* double */
} Series;

typedef struct
{
  char *label;
  char *value_text;
  double value;
} Bar;

struct _PtChart
{
  GtkWidget parent_instance;

  PtChartKind kind;
  GPtrArray *series; /* of Series */
  GPtrArray *bars;   /* of Bar */
  double y_min, y_max;
  char *empty_text;
  char *x_caption;

  /* The chart drawn once into a texture: a frame draws the texture, not
   * the chart's hundreds of points and its text again (the cairo renderer
   * replays a cairo node at every frame that touches it). */
  GdkTexture *texture;
  guint serial;              /* of what the chart shows: one more at each change */
  char *texture_key;         /* what the texture was drawn for */
  GtkAdjustment *adjustment; /* of the scrolled window it is in */
  gboolean skipped;          /* out of view at the last snapshot */
};

G_DEFINE_FINAL_TYPE (PtChart, pt_chart, GTK_TYPE_WIDGET)

static void
series_free (gpointer data)
{
  Series *series = data;

  g_free (series->label);
  g_array_unref (series->xs);
  g_array_unref (series->ys);
  g_free (series);
}

static void
bar_free (gpointer data)
{
  Bar *bar = data;

  g_free (bar->label);
  g_free (bar->value_text);
  g_free (bar);
}

GtkWidget *
pt_chart_new (PtChartKind kind)
{
  PtChart *self = g_object_new (PT_TYPE_CHART, NULL);

  self->kind = kind;
  return GTK_WIDGET (self);
}

PtChartKind
pt_chart_get_kind (PtChart *self)
{
  g_return_val_if_fail (PT_IS_CHART (self), PT_CHART_LINES);
  return self->kind;
}

void
pt_chart_clear (PtChart *self)
{
  g_return_if_fail (PT_IS_CHART (self));
  g_ptr_array_set_size (self->series, 0);
  g_ptr_array_set_size (self->bars, 0);
  self->serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_chart_add_series (PtChart *self,
                     const char *label,
                     const GdkRGBA *rgba,
                     const double *xs,
                     const double *ys,
                     guint n)
{
  Series *series;

  g_return_if_fail (PT_IS_CHART (self));
  series = g_new0 (Series, 1);
  series->label = g_strdup (label);
  if (rgba != NULL)
    {
      series->rgba = *rgba;
      series->has_rgba = TRUE;
    }
  series->xs = g_array_new (FALSE, FALSE, sizeof (double));
  series->ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (series->xs, xs, n);
  g_array_append_vals (series->ys, ys, n);
  g_ptr_array_add (self->series, series);
  self->serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_chart_add_bar (PtChart *self,
                  const char *label,
                  double value,
                  const char *value_text)
{
  Bar *bar;

  g_return_if_fail (PT_IS_CHART (self));
  bar = g_new0 (Bar, 1);
  bar->label = g_strdup (label);
  bar->value = value;
  bar->value_text = g_strdup (value_text);
  g_ptr_array_add (self->bars, bar);
  self->serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_chart_set_y_range (PtChart *self,
                      double min,
                      double max)
{
  g_return_if_fail (PT_IS_CHART (self));
  self->y_min = min;
  self->y_max = max;
  self->serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_chart_set_empty_text (PtChart *self,
                         const char *text)
{
  g_return_if_fail (PT_IS_CHART (self));
  g_free (self->empty_text);
  self->empty_text = g_strdup (text);
  self->serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_chart_set_x_caption (PtChart *self,
                        const char *caption)
{
  g_return_if_fail (PT_IS_CHART (self));
  g_free (self->x_caption);
  self->x_caption = g_strdup (caption);
  self->serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
pt_chart_get_n_points (PtChart *self)
{
  guint n = 0;

  g_return_val_if_fail (PT_IS_CHART (self), 0);
  for (guint i = 0; i < self->series->len; i++)
    n += ((Series *) g_ptr_array_index (self->series, i))->xs->len;
  return n + self->bars->len;
}

/* Drawing --------------------------------------------------------------------- */

static void
get_colours (PtChart *self,
             GdkRGBA *fg,
             GdkRGBA *accent)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  gtk_style_context_get_color (context, fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", accent))
    gdk_rgba_parse (accent, "#3584e4");
}

static void
draw_text (PtChart *self,
           cairo_t *cr,
           const char *text,
           double x,
           double y,
           double align_x, /* 0 left, 0.5 centre, 1 right */
           double max_width)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width, height;

  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_move_to (cr, x - align_x * width, y - height / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
nice_range (double *min,
            double *max)
{
  double span, step;

  if (*max - *min < 1e-9)
    {
      *min -= 1;
      *max += 1;
    }
  span = *max - *min;
  step = pow (10, floor (log10 (span)));
  if (span / step < 3)
    step /= 2;
  *min = floor (*min / step) * step;
  *max = ceil (*max / step) * step;
}

static void
draw_axes (PtChart *self,
           cairo_t *cr,
           const GdkRGBA *fg,
           double width,
           double height,
           double y_min,
           double y_max)
{
  double plot_h = height - MARGIN_TOP - MARGIN_BOTTOM;

  /* Horizontal guides at the bottom, middle and top, with their values. */
  for (int i = 0; i <= 2; i++)
    {
      double value = y_min + (y_max - y_min) * i / 2.0;
      double y = MARGIN_TOP + plot_h - plot_h * i / 2.0;
      g_autofree char *text = g_strdup_printf ("%.0f", value);

      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, i == 0 ? 0.4 : 0.12);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, MARGIN_LEFT, floor (y) + 0.5);
      cairo_line_to (cr, width - MARGIN_RIGHT, floor (y) + 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.6);
      draw_text (self, cr, text, MARGIN_LEFT - 6, y, 1.0, 0);
    }
}

static void
draw_lines (PtChart *self,
            cairo_t *cr,
            const GdkRGBA *fg,
            const GdkRGBA *accent,
            double width,
            double height)
{
  double x_min = G_MAXDOUBLE, x_max = -G_MAXDOUBLE, y_min = G_MAXDOUBLE, y_max = -G_MAXDOUBLE;
  double plot_w = width - MARGIN_LEFT - MARGIN_RIGHT;
  double plot_h = height - MARGIN_TOP - MARGIN_BOTTOM;
  double legend_x = MARGIN_LEFT;

  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = g_ptr_array_index (self->series, s);

      for (guint i = 0; i < series->xs->len; i++)
        {
          x_min = MIN (x_min, g_array_index (series->xs, double, i));
          x_max = MAX (x_max, g_array_index (series->xs, double, i));
          y_min = MIN (y_min, g_array_index (series->ys, double, i));
          y_max = MAX (y_max, g_array_index (series->ys, double, i));
        }
    }
  if (self->y_min != self->y_max)
    {
      y_min = self->y_min;
      y_max = self->y_max;
    }
  else
    nice_range (&y_min, &y_max);
  if (x_max - x_min < 1e-9)
    {
      x_min -= 1;
      x_max += 1;
    }
  draw_axes (self, cr, fg, width, height, y_min, y_max);

  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = g_ptr_array_index (self->series, s);
      const GdkRGBA *colour = series->has_rgba ? &series->rgba : accent;

      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, 1);
      cairo_set_line_width (cr, 2);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      /* Hundreds of points: each segment stroked on its own with round
       * ends (the same line in an opaque colour), which cairo does far
       * faster than one long zigzag with round joins. */
      cairo_set_line_cap (cr, series->xs->len > 50 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
      for (guint i = 0; i < series->xs->len; i++)
        {
          double x = MARGIN_LEFT + plot_w * (g_array_index (series->xs, double, i) - x_min) / (x_max - x_min);
          double y = MARGIN_TOP + plot_h - plot_h * (g_array_index (series->ys, double, i) - y_min) / (y_max - y_min);

          if (i == 0)
            cairo_move_to (cr, x, y);
          else if (series->xs->len > 50)
            {
              cairo_line_to (cr, x, y);
              cairo_stroke (cr);
              cairo_move_to (cr, x, y);
            }
          else
            cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      /* The dots: one drawn, then stamped at each point (on the pixel
       * grid), which costs far less than filling hundreds of circles. */
      {
        double scale_x = 1, scale_y = 1;
        cairo_surface_t *dot;
        cairo_t *dot_cr;

        cairo_surface_get_device_scale (cairo_get_target (cr), &scale_x, &scale_y);
        dot = cairo_surface_create_similar_image (cairo_get_target (cr), CAIRO_FORMAT_ARGB32,
                                                  (int) ceil (8 * scale_x), (int) ceil (8 * scale_y));
        cairo_surface_set_device_scale (dot, scale_x, scale_y);
        dot_cr = cairo_create (dot);
        cairo_set_source_rgba (dot_cr, colour->red, colour->green, colour->blue, 1);
        cairo_arc (dot_cr, 4, 4, 3, 0, 2 * G_PI);
        cairo_fill (dot_cr);
        cairo_destroy (dot_cr);
        for (guint i = 0; i < series->xs->len; i++)
          {
            double x = MARGIN_LEFT + plot_w * (g_array_index (series->xs, double, i) - x_min) / (x_max - x_min);
            double y = MARGIN_TOP + plot_h - plot_h * (g_array_index (series->ys, double, i) - y_min) / (y_max - y_min);

            cairo_set_source_surface (cr, dot, round ((x - 4) * scale_x) / scale_x, round ((y - 4) * scale_y) / scale_y);
            cairo_paint (cr);
          }
        cairo_surface_destroy (dot);
        cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, 1);
      }
      /* A legend under the plot: a dot and the series name. */
      if (series->label != NULL && self->series->len > 1)
        {
          g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), series->label);
          int w, h;

          pango_layout_get_pixel_size (layout, &w, &h);
          cairo_arc (cr, legend_x + 4, height - MARGIN_BOTTOM / 2 + 4, 4, 0, 2 * G_PI);
          cairo_fill (cr);
          cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.8);
          cairo_move_to (cr, legend_x + 12, height - MARGIN_BOTTOM / 2 + 4 - h / 2.0);
          pango_cairo_show_layout (cr, layout);
          legend_x += 24 + w;
        }
    }
  /* What the x axis is, where the legend leaves room for it. */
  if (self->x_caption != NULL)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->x_caption);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      if (legend_x + 12 < width - MARGIN_RIGHT - w)
        {
          cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.55);
          cairo_move_to (cr, width - MARGIN_RIGHT - w, height - MARGIN_BOTTOM / 2 + 4 - h / 2.0);
          pango_cairo_show_layout (cr, layout);
        }
    }
}

static void
draw_bars (PtChart *self,
           cairo_t *cr,
           const GdkRGBA *fg,
           const GdkRGBA *accent,
           double width,
           double height)
{
  double y_min = 0, y_max = 0;
  double plot_w = width - MARGIN_LEFT - MARGIN_RIGHT;
  double plot_h = height - MARGIN_TOP - MARGIN_BOTTOM;
  double slot = plot_w / self->bars->len;

  for (guint i = 0; i < self->bars->len; i++)
    y_max = MAX (y_max, ((Bar *) g_ptr_array_index (self->bars, i))->value);
  if (self->y_min != self->y_max)
    {
      y_min = self->y_min;
      y_max = self->y_max;
    }
  else
    nice_range (&y_min, &y_max);
  y_min = MIN (y_min, 0);
  draw_axes (self, cr, fg, width, height, y_min, y_max);

  for (guint i = 0; i < self->bars->len; i++)
    {
      Bar *bar = g_ptr_array_index (self->bars, i);
      double bar_w = MIN (slot * 0.6, 48);
      double x = MARGIN_LEFT + slot * i + (slot - bar_w) / 2;
      double h = plot_h * (bar->value - y_min) / (y_max - y_min);
      double y = MARGIN_TOP + plot_h - h;

      cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, 0.85);
      cairo_rectangle (cr, x, y, bar_w, h);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.9);
      if (bar->value_text != NULL)
        draw_text (self, cr, bar->value_text, x + bar_w / 2, MAX (y - 9, MARGIN_TOP), 0.5, slot);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.7);
      draw_text (self, cr, bar->label, MARGIN_LEFT + slot * i + slot / 2,
                 height - MARGIN_BOTTOM / 2 + 2, 0.5, slot - 4);
    }
}

static void
on_scrolled (PtChart *self)
{
  if (self->skipped)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether any of the chart is inside the scrolled window it is in; a chart
 * scrolled out of view is drawn once it comes into view. */
static gboolean
shown_in_viewport (PtChart *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds, view;

  self->skipped = FALSE;
  if (scroller == NULL || !gtk_widget_compute_bounds (GTK_WIDGET (self), scroller, &bounds))
    return TRUE;
  if (self->adjustment != gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)))
    {
      if (self->adjustment != NULL)
        g_signal_handlers_disconnect_by_func (self->adjustment, on_scrolled, self);
      g_set_object (&self->adjustment, gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)));
      g_signal_connect_object (self->adjustment, "value-changed", G_CALLBACK (on_scrolled), self,
                               G_CONNECT_SWAPPED);
    }
  graphene_rect_init (&view, 0, 0, gtk_widget_get_width (scroller), gtk_widget_get_height (scroller));
  self->skipped = !graphene_rect_intersection (&bounds, &view, NULL);
  return !self->skipped;
}

static void draw_chart (PtChart *self,
                        cairo_t *cr,
                        const GdkRGBA *fg_colour,
                        const GdkRGBA *accent_colour,
                        double width,
                        double height);

static void
pt_chart_snapshot (GtkWidget *widget,
                   GtkSnapshot *snapshot)
{
  PtChart *self = PT_CHART (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  GdkRGBA fg, accent;
  cairo_t *cr;

  if (width <= MARGIN_LEFT + MARGIN_RIGHT || height <= MARGIN_TOP + MARGIN_BOTTOM)
    return;
  if (!shown_in_viewport (self))
    return;
  get_colours (self, &fg, &accent);
  {
    PangoContext *context = gtk_widget_get_pango_context (widget);
    int scale = gtk_widget_get_scale_factor (widget);
    g_autofree char *fg_text = gdk_rgba_to_string (&fg);
    g_autofree char *accent_text = gdk_rgba_to_string (&accent);
    g_autofree char *font = pango_font_description_to_string (pango_context_get_font_description (context));
    g_autofree char *key = g_strdup_printf ("%u %g %g %d %s %s %s %g %d", self->serial, width, height, scale, fg_text,
                                            accent_text, font, pango_cairo_context_get_resolution (context),
                                            gtk_widget_get_direction (widget));
    cairo_surface_t *surface;
    g_autoptr(GBytes) bytes = NULL;

    if (self->texture == NULL || g_strcmp0 (key, self->texture_key) != 0)
      {
        g_clear_object (&self->texture);
        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width) * scale,
                                              (int) ceil (height) * scale);
        cairo_surface_set_device_scale (surface, scale, scale);
        cr = cairo_create (surface);
        draw_chart (self, cr, &fg, &accent, width, height);
        cairo_destroy (cr);
        cairo_surface_flush (surface);
        bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                            (gsize) cairo_image_surface_get_stride (surface) *
                                                cairo_image_surface_get_height (surface),
                                            (GDestroyNotify) cairo_surface_destroy, surface);
        self->texture = gdk_memory_texture_new (cairo_image_surface_get_width (surface),
                                                cairo_image_surface_get_height (surface),
                                                GDK_MEMORY_DEFAULT, bytes,
                                                cairo_image_surface_get_stride (surface));
        g_free (self->texture_key);
        self->texture_key = g_steal_pointer (&key);
      }
    gtk_snapshot_append_texture (snapshot, self->texture,
                                 &GRAPHENE_RECT_INIT (0, 0, ceil (width), ceil (height)));
  }
}

static void
draw_chart (PtChart *self,
            cairo_t *cr,
            const GdkRGBA *fg_colour,
            const GdkRGBA *accent_colour,
            double width,
            double height)
{
  GdkRGBA fg = *fg_colour, accent = *accent_colour;

  if (pt_chart_get_n_points (self) == 0)
    {
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.55);
      draw_text (self, cr, self->empty_text ? self->empty_text : _("Nothing to show yet"), width / 2, height / 2, 0.5, width - 24);
    }
  else if (self->kind == PT_CHART_BARS)
    draw_bars (self, cr, &fg, &accent, width, height);
  else
    draw_lines (self, cr, &fg, &accent, width, height);
}

static void
pt_chart_measure (GtkWidget *widget,
                  GtkOrientation orientation,
                  int for_size,
                  int *minimum,
                  int *natural,
                  int *minimum_baseline,
                  int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    *minimum = *natural = 180;
}

static void
pt_chart_finalize (GObject *object)
{
  PtChart *self = PT_CHART (object);

  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_pointer (&self->bars, g_ptr_array_unref);
  g_clear_pointer (&self->empty_text, g_free);
  g_clear_pointer (&self->x_caption, g_free);
  g_clear_object (&self->texture);
  g_clear_pointer (&self->texture_key, g_free);
  if (self->adjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->adjustment, on_scrolled, self);
  g_clear_object (&self->adjustment);
  G_OBJECT_CLASS (pt_chart_parent_class)->finalize (object);
}

static void
pt_chart_class_init (PtChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pt_chart_finalize;
  widget_class->snapshot = pt_chart_snapshot;
  widget_class->measure = pt_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pt_chart_init (PtChart *self)
{
  self->series = g_ptr_array_new_with_free_func (series_free);
  self->bars = g_ptr_array_new_with_free_func (bar_free);
}
