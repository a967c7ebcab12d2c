/* pt-text-line.c — a list row's text as one widget (see pt-text-line.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An AdwActionRow is a dozen widgets built from a template (a box, a box
 * of prefixes, an icon, a box of title and subtitle with their labels, a
 * box of suffixes), and each label shapes its text when it is measured.
 * The Players page and a player page show ~30 such rows, the history list
 * keeps ~200 rows bound (GTK 4.8 keeps 200 widgets around the visible
 * part of a GtkListView): building and measuring them was most of what
 * opening those pages cost. A PtTextLine is one widget that draws the same
 * text in the same places: its height comes from the font's line height
 * (cached per font), and the title and subtitle are shaped only when the
 * row is drawn, so a row bound off screen costs almost nothing. Fonts and
 * colours come from the widget's style (dark style, Large Text, the row's
 * :hover or :selected colour), the sizes from libadwaita 1.2's stylesheet
 * for a row's header (12 px sides, 50 px at least, 6 px between the
 * parts, 3 px between title and subtitle, the subtitle a size smaller at
 * 55 % opacity) or from the history list's own rows. The whole text is the
 * widget's accessible label.
 */
#include "config.h"

#include <adwaita.h>

#include "pt-text-line.h"

#define SWATCH_SIZE 16
#define ICON_SIZE   16
#define DIM_OPACITY 0.55

struct _PtTextLine
{
  GtkWidget parent_instance;

  PtTextLineStyle style;
  char *title;
  char *subtitle;        /* as shown, without markup */
  char *subtitle_markup; /* or NULL */
  char *value;
  gboolean heading;
  gboolean has_swatch;
  GdkRGBA swatch;
  gboolean arrow;

  PangoLayout *title_layout; /* made when first drawn */
  PangoLayout *subtitle_layout;
  PangoLayout *value_layout; /* made when first measured */
  GtkIconPaintable *arrow_icon;
  int arrow_scale;
};

G_DEFINE_FINAL_TYPE (PtTextLine, pt_text_line, GTK_TYPE_WIDGET)

typedef struct
{
  int margin_x;     /* left and right */
  int margin_y;     /* above and below the text */
  int min_height;   /* of the whole line */
  int gap;          /* between the swatch, the text, the value and the arrow */
  int prefix_extra; /* more after the swatch */
  int line_spacing; /* between title and subtitle */
  double subtitle_scale;
  gboolean value_dim;
} Metrics;

static const Metrics metrics[] = {
  /* libadwaita 1.2: row > box.header { margin: 0 12px; border-spacing: 6px; min-height: 50px }
   * > box.title { margin: 6px 0; border-spacing: 3px }, .prefixes { margin-right: 6px },
   * row label.subtitle { font-size: smaller; opacity: 0.55 } */
  [PT_TEXT_LINE_ACTION_ROW] = { 12, 6, 50, 6, 6, 3, 1 / 1.2, FALSE },
  /* The history list: 6 px around, 12 px before the time, 2 px between the lines, both dim. */
  [PT_TEXT_LINE_COMPACT] = { 6, 6, 0, 12, 0, 2, 1.0, TRUE },
};

static void
clear_layouts (PtTextLine *self)
{
  g_clear_object (&self->title_layout);
  g_clear_object (&self->subtitle_layout);
  g_clear_object (&self->value_layout);
  g_clear_object (&self->arrow_icon);
}

static PangoLayout *
new_layout (PtTextLine *self,
            double scale,
            gboolean bold,
            gboolean numeric)
{
  PangoLayout *layout = pango_layout_new (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  PangoAttrList *attrs = pango_attr_list_new ();

  if (scale != 1.0)
    pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  if (numeric)
    pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* The height of a line of text in the widget's font (scaled, bold), the
 * same for any text in it: cached per font and resolution. */
static int
line_height (PtTextLine *self,
             double scale,
             gboolean bold)
{
  static GHashTable *cache;
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  g_autofree char *font = pango_font_description_to_string (pango_context_get_font_description (context));
  g_autofree char *key = g_strdup_printf ("%s|%g|%g|%d", font, pango_cairo_context_get_resolution (context), scale, bold);
  gpointer height;

  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!g_hash_table_lookup_extended (cache, key, NULL, &height))
    {
      g_autoptr(PangoLayout) layout = new_layout (self, scale, bold, FALSE);
      int h;

      pango_layout_set_text (layout, "Ag", -1);
      pango_layout_get_pixel_size (layout, NULL, &h);
      height = GINT_TO_POINTER (h);
      g_hash_table_insert (cache, g_steal_pointer (&key), height);
    }
  return GPOINTER_TO_INT (height);
}

static gboolean
has_subtitle (PtTextLine *self)
{
  return self->subtitle != NULL && self->subtitle[0] != '\0';
}

static PangoLayout *
value_layout (PtTextLine *self)
{
  if (self->value_layout == NULL && self->value != NULL && self->value[0] != '\0')
    {
      self->value_layout = new_layout (self, 1.0, FALSE, TRUE);
      pango_layout_set_ellipsize (self->value_layout, PANGO_ELLIPSIZE_NONE);
      pango_layout_set_text (self->value_layout, self->value, -1);
    }
  return self->value_layout;
}

static int
value_width (PtTextLine *self)
{
  PangoLayout *layout = value_layout (self);
  int width = 0;

  if (layout != NULL)
    pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

static int
text_height (PtTextLine *self)
{
  const Metrics *m = &metrics[self->style];
  int height = line_height (self, 1.0, self->heading);

  if (has_subtitle (self))
    height += m->line_spacing + line_height (self, m->subtitle_scale, FALSE);
  return height;
}

/* The width of what is not the title and subtitle. */
static int
fixed_width (PtTextLine *self)
{
  const Metrics *m = &metrics[self->style];
  int width = 2 * m->margin_x;
  int value = value_width (self);

  if (self->has_swatch)
    width += SWATCH_SIZE + m->prefix_extra + m->gap;
  if (value > 0)
    width += m->gap + value;
  if (self->arrow)
    width += m->gap + ICON_SIZE;
  return width;
}

static void
pt_text_line_measure (GtkWidget *widget,
                      GtkOrientation orientation,
                      int for_size,
                      int *minimum,
                      int *natural,
                      int *minimum_baseline,
                      int *natural_baseline)
{
  PtTextLine *self = PT_TEXT_LINE (widget);
  const Metrics *m = &metrics[self->style];

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    /* The title and subtitle are ellipsized: any width will do. */
    *minimum = *natural = fixed_width (self);
  else
    {
      int height = text_height (self);

      if (self->value_layout != NULL || value_layout (self) != NULL)
        {
          int value_height;

          pango_layout_get_pixel_size (self->value_layout, NULL, &value_height);
          height = MAX (height, value_height);
        }
      *minimum = *natural = MAX (m->min_height, height + 2 * m->margin_y);
    }
}

static void
get_colour (PtTextLine *self,
            GdkRGBA *colour)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), colour);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
draw_layout (GtkSnapshot *snapshot,
             PangoLayout *layout,
             int x,
             int y,
             const GdkRGBA *colour)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

static void
draw_swatch (PtTextLine *self,
             GtkSnapshot *snapshot,
             int x,
             int y)
{
  GskRoundedRect circle;
  const GdkRGBA edge = { 0, 0, 0, 0.2 };
  const float widths[4] = { 1, 1, 1, 1 };
  const GdkRGBA edges[4] = { edge, edge, edge, edge };

  gsk_rounded_rect_init_from_rect (&circle, &GRAPHENE_RECT_INIT (x + 0.5, y + 0.5, SWATCH_SIZE - 1, SWATCH_SIZE - 1),
                                   (SWATCH_SIZE - 1) / 2.0);
  gtk_snapshot_push_rounded_clip (snapshot, &circle);
  gtk_snapshot_append_color (snapshot, &self->swatch, &circle.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &circle, widths, edges);
}

static void
draw_arrow (PtTextLine *self,
            GtkSnapshot *snapshot,
            int x,
            int y,
            const GdkRGBA *colour)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (widget));
  GtkIconPaintable *icon;

  /* Looked up once per row (and again for another scale or direction). */
  if (self->arrow_icon == NULL || self->arrow_scale != gtk_widget_get_scale_factor (widget))
    {
      g_clear_object (&self->arrow_icon);
      self->arrow_scale = gtk_widget_get_scale_factor (widget);
      self->arrow_icon = gtk_icon_theme_lookup_icon (theme, "go-next-symbolic", NULL, ICON_SIZE, self->arrow_scale,
                                                     gtk_widget_get_direction (widget), 0);
    }
  icon = self->arrow_icon;
  const GdkRGBA colours[4] = { *colour, { 0.75, 0.11, 0.16, 1 }, { 0.96, 0.76, 0.07, 1 }, { 0.15, 0.64, 0.41, 1 } };

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (icon), snapshot, ICON_SIZE, ICON_SIZE, colours,
                                            G_N_ELEMENTS (colours));
  gtk_snapshot_restore (snapshot);
}

static void
pt_text_line_snapshot (GtkWidget *widget,
                       GtkSnapshot *snapshot)
{
  PtTextLine *self = PT_TEXT_LINE (widget);
  const Metrics *m = &metrics[self->style];
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int start = m->margin_x, end = width - m->margin_x, value = value_width (self);
  int y = (height - text_height (self)) / 2;
  GdkRGBA colour, dim;

  get_colour (self, &colour);
  dim = colour;
  dim.alpha *= DIM_OPACITY;
#define X(x, w) (rtl ? width - (x) - (w) : (x))
  if (self->has_swatch)
    {
      draw_swatch (self, snapshot, X (start, SWATCH_SIZE), (height - SWATCH_SIZE) / 2);
      start += SWATCH_SIZE + m->prefix_extra + m->gap;
    }
  if (self->arrow)
    {
      draw_arrow (self, snapshot, X (end - ICON_SIZE, ICON_SIZE), (height - ICON_SIZE) / 2, &colour);
      end -= ICON_SIZE + m->gap;
    }
  if (value > 0)
    {
      int value_height;

      pango_layout_get_pixel_size (self->value_layout, NULL, &value_height);
      draw_layout (snapshot, self->value_layout, X (end - value, value), (height - value_height) / 2,
                   m->value_dim ? &dim : &colour);
      end -= value + m->gap;
    }
  if (end <= start)
    return;
  if (self->title_layout == NULL)
    {
      self->title_layout = new_layout (self, 1.0, self->heading, FALSE);
      pango_layout_set_text (self->title_layout, self->title ? self->title : "", -1);
    }
  pango_layout_set_width (self->title_layout, (end - start) * PANGO_SCALE);
  pango_layout_set_alignment (self->title_layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  draw_layout (snapshot, self->title_layout, X (start, end - start), y, &colour);
  if (has_subtitle (self))
    {
      if (self->subtitle_layout == NULL)
        {
          self->subtitle_layout = new_layout (self, m->subtitle_scale, FALSE, FALSE);
          if (self->subtitle_markup != NULL)
            pango_layout_set_markup (self->subtitle_layout, self->subtitle_markup, -1);
          else
            pango_layout_set_text (self->subtitle_layout, self->subtitle, -1);
        }
      pango_layout_set_width (self->subtitle_layout, (end - start) * PANGO_SCALE);
      pango_layout_set_alignment (self->subtitle_layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
      draw_layout (snapshot, self->subtitle_layout, X (start, end - start),
                   y + line_height (self, 1.0, self->heading) + m->line_spacing, &dim);
    }
#undef X
}

/* A new font (Large Text, another style) shapes the text again. */
static void
on_font_changed (PtTextLine *self)
{
  clear_layouts (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
pt_text_line_direction_changed (GtkWidget *widget,
                                GtkTextDirection previous)
{
  clear_layouts (PT_TEXT_LINE (widget));
  GTK_WIDGET_CLASS (pt_text_line_parent_class)->direction_changed (widget, previous);
}

static void
pt_text_line_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (pt_text_line_parent_class)->root (widget);
  g_signal_connect_object (gtk_widget_get_settings (widget), "notify::gtk-xft-dpi", G_CALLBACK (on_font_changed),
                           widget, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_widget_get_settings (widget), "notify::gtk-font-name", G_CALLBACK (on_font_changed),
                           widget, G_CONNECT_SWAPPED);
}

static void
pt_text_line_unroot (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_settings (widget), on_font_changed, widget);
  GTK_WIDGET_CLASS (pt_text_line_parent_class)->unroot (widget);
}

static void
pt_text_line_finalize (GObject *object)
{
  PtTextLine *self = PT_TEXT_LINE (object);

  clear_layouts (self);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->subtitle_markup);
  g_free (self->value);
  G_OBJECT_CLASS (pt_text_line_parent_class)->finalize (object);
}

static void
pt_text_line_class_init (PtTextLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pt_text_line_finalize;
  widget_class->measure = pt_text_line_measure;
  widget_class->snapshot = pt_text_line_snapshot;
  widget_class->direction_changed = pt_text_line_direction_changed;
  widget_class->root = pt_text_line_root;
  widget_class->unroot = pt_text_line_unroot;
  gtk_widget_class_set_css_name (widget_class, "textline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
pt_text_line_init (PtTextLine *self)
{
}

GtkWidget *
pt_text_line_new (PtTextLineStyle style)
{
  PtTextLine *self = g_object_new (PT_TYPE_TEXT_LINE, NULL);

  self->style = style;
  return GTK_WIDGET (self);
}

static void
update_accessible (PtTextLine *self)
{
  g_autofree char *text = pt_text_line_dup_accessible_text (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static gboolean
replace (char **field,
         const char *text)
{
  if (g_strcmp0 (*field, text) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (text);
  return TRUE;
}

/* Plain text, NULL or "" for none. */
void
pt_text_line_set_text (PtTextLine *self,
                       const char *title,
                       const char *subtitle,
                       const char *value)
{
  gboolean changed = FALSE;

  g_return_if_fail (PT_IS_TEXT_LINE (self));
  if (replace (&self->title, title))
    {
      g_clear_object (&self->title_layout);
      changed = TRUE;
    }
  if (self->subtitle_markup != NULL || replace (&self->subtitle, subtitle))
    {
      g_clear_pointer (&self->subtitle_markup, g_free);
      replace (&self->subtitle, subtitle);
      g_clear_object (&self->subtitle_layout);
      changed = TRUE;
    }
  if (replace (&self->value, value))
    {
      g_clear_object (&self->value_layout);
      changed = TRUE;
    }
  if (changed)
    {
      update_accessible (self);
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
}

/* Pango markup for the subtitle (the accessible text is without it). */
void
pt_text_line_set_subtitle_markup (PtTextLine *self,
                                  const char *markup)
{
  g_autofree char *plain = NULL;

  g_return_if_fail (PT_IS_TEXT_LINE (self));
  if (g_strcmp0 (markup, self->subtitle_markup) == 0)
    return;
  if (markup != NULL && !pango_parse_markup (markup, -1, 0, NULL, &plain, NULL, NULL))
    plain = g_strdup (markup);
  g_free (self->subtitle_markup);
  self->subtitle_markup = g_strdup (markup);
  g_free (self->subtitle);
  self->subtitle = g_steal_pointer (&plain);
  g_clear_object (&self->subtitle_layout);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The title in bold (a heading of the list). */
void
pt_text_line_set_heading (PtTextLine *self,
                          gboolean heading)
{
  g_return_if_fail (PT_IS_TEXT_LINE (self));
  if (self->heading == !!heading)
    return;
  self->heading = !!heading;
  g_clear_object (&self->title_layout);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* A player's colour before the text (NULL: none). */
void
pt_text_line_set_swatch (PtTextLine *self,
                         const GdkRGBA *colour)
{
  g_return_if_fail (PT_IS_TEXT_LINE (self));
  self->has_swatch = colour != NULL;
  if (colour != NULL)
    self->swatch = *colour;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The arrow of a row that opens a page. */
void
pt_text_line_set_arrow (PtTextLine *self,
                        gboolean arrow)
{
  g_return_if_fail (PT_IS_TEXT_LINE (self));
  self->arrow = !!arrow;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const char *
pt_text_line_get_title (PtTextLine *self)
{
  g_return_val_if_fail (PT_IS_TEXT_LINE (self), NULL);
  return self->title;
}

const char *
pt_text_line_get_subtitle (PtTextLine *self)
{
  g_return_val_if_fail (PT_IS_TEXT_LINE (self), NULL);
  return self->subtitle;
}

const char *
pt_text_line_get_value (PtTextLine *self)
{
  g_return_val_if_fail (PT_IS_TEXT_LINE (self), NULL);
  return self->value;
}

/* "Title, subtitle, value", the parts there are. */
char *
pt_text_line_dup_accessible_text (PtTextLine *self)
{
  GString *text = g_string_new (self->title);

  if (has_subtitle (self))
    g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "", self->subtitle);
  if (self->value != NULL && self->value[0] != '\0')
    g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "", self->value);
  return g_string_free (text, FALSE);
}

/* A boxed list's row showing a PtTextLine: an AdwPreferencesRow (so a
 * preferences group puts it in its list, and its title is the row's
 * title), not activatable unless made so; its accessible label is the
 * title, its description the rest. */
#define PT_TYPE_TEXT_LINE_ROW (pt_text_line_row_get_type ())
G_DECLARE_FINAL_TYPE (PtTextLineRow, pt_text_line_row, PT, TEXT_LINE_ROW, AdwPreferencesRow)

struct _PtTextLineRow
{
  AdwPreferencesRow parent_instance;
};

G_DEFINE_FINAL_TYPE (PtTextLineRow, pt_text_line_row, ADW_TYPE_PREFERENCES_ROW)

static void
pt_text_line_row_class_init (PtTextLineRowClass *klass)
{
}

static void
pt_text_line_row_init (PtTextLineRow *self)
{
}

GtkWidget *
pt_text_line_row_new (const char *title,
                      const char *subtitle,
                      const char *value)
{
  GtkWidget *row = g_object_new (PT_TYPE_TEXT_LINE_ROW, "use-markup", FALSE, "activatable", FALSE, NULL);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), pt_text_line_new (PT_TEXT_LINE_ACTION_ROW));
  pt_text_line_row_set_text (row, title, subtitle, value);
  return row;
}

/* The texts of a row made by pt_text_line_row_new (), in place. */
void
pt_text_line_row_set_text (GtkWidget *row,
                           const char *title,
                           const char *subtitle,
                           const char *value)
{
  PtTextLine *line = pt_text_line_row_get_line (row);
  GString *description = g_string_new (subtitle);

  g_return_if_fail (line != NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title ? title : "");
  pt_text_line_set_text (line, title, subtitle, value);
  if (value != NULL && value[0] != '\0')
    g_string_append_printf (description, "%s%s", description->len > 0 ? ", " : "", value);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str, -1);
  g_string_free (description, TRUE);
}

PtTextLine *
pt_text_line_row_get_line (GtkWidget *row)
{
  GtkWidget *child = GTK_IS_LIST_BOX_ROW (row) ? gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)) : NULL;

  return PT_IS_TEXT_LINE (child) ? PT_TEXT_LINE (child) : NULL;
}
