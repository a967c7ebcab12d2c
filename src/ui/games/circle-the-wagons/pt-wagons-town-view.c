/* pt-wagons-town-view.c — one Circle the Wagons town, drawn, with the
 * placement ghost
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the visible territories the game's view lists and, while a card is
 * to be placed, a ghost of it at the cursor: solid outline where the rules
 * list that placement as legal, dashed red where they do not. The cursor
 * moves with the pointer or the arrow keys; R or a right click turns the
 * card; a click or Enter places it (signal "place"). The scroll wheel or
 * +/- zoom, a middle-button drag or Ctrl+arrows pan.
 *
 * Terrains differ by colour and by texture (dots, trees, peaks, furrows,
 * plain, waves); symbols are our own small glyphs.
 *
 * For assistive technologies each visible territory is also a PtBoardSpot
 * (an image named "Column 3, row 2: Forest with Cow"), laid over the
 * drawing; the town itself is a group named by the board, whose
 * description says where the card to place is and what placing it there
 * would do. Columns and rows count from 1 at the top left of the drawn
 * area.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>
#include <math.h>

#include "pt-wagons-colours.h"
#include "pt-board-spot.h"
#include "pt-text-scale.h"
#include "pt-wagons-cards.h"
#include "pt-wagons-town-view.h"

struct _PtWagonsTownView
{
  GtkWidget parent_instance;

  JsonArray *cells;
  char *card;
  GHashTable *legal; /* "x,y,rot" → TRUE */
  char *preview;
  int cursor_x, cursor_y, cursor_rot;
  gboolean has_cursor;
  double zoom;
  double pan_x, pan_y, drag_pan_x, drag_pan_y;
  /* cell → pixel mapping of the last drawing */
  double origin_x, origin_y, cell;
  int first_x, first_y; /* the grid point counted as column 1, row 1 */
  /* the last card placed here, outlined; has_mark FALSE: none */
  gboolean has_mark;
  int mark_x, mark_y;
  /* a card landing (motion): its cells are left out until it is down */
  gboolean hide_mark;
};

G_DEFINE_FINAL_TYPE (PtWagonsTownView, pt_wagons_town_view, GTK_TYPE_WIDGET)

enum
{
  PLACE,
  CURSOR_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const struct
{
  const char *id;
  double r, g, b;
} terrains[] = {
  { "desert", 0.91, 0.77, 0.42 },
  { "forest", 0.16, 0.50, 0.28 },
  { "mountains", 0.55, 0.48, 0.41 },
  { "plains", 0.66, 0.82, 0.38 },
  { "snow", 0.93, 0.95, 0.97 },
  { "water", 0.29, 0.56, 0.85 },
};

static int
terrain_index (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (terrains); i++)
    if (g_strcmp0 (terrains[i].id, id) == 0)
      return i;
  return 0;
}

static void
draw_symbol (cairo_t *cr,
             const char *symbol,
             double cx,
             double cy,
             double r)
{
  cairo_new_path (cr);
  if (g_strcmp0 (symbol, "beer") == 0)
    {
      /* a mug */
      cairo_rectangle (cr, cx - r * 0.5, cy - r * 0.6, r * 0.8, r * 1.2);
      cairo_fill (cr);
      cairo_set_line_width (cr, r * 0.2);
      cairo_arc (cr, cx + r * 0.35, cy, r * 0.35, -G_PI / 2, G_PI / 2);
      cairo_stroke (cr);
    }
  else if (g_strcmp0 (symbol, "cow") == 0)
    {
      /* a head with horns */
      cairo_arc (cr, cx, cy + r * 0.15, r * 0.5, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_line_width (cr, r * 0.2);
      cairo_move_to (cr, cx - r * 0.4, cy - r * 0.2);
      cairo_line_to (cr, cx - r * 0.8, cy - r * 0.7);
      cairo_move_to (cr, cx + r * 0.4, cy - r * 0.2);
      cairo_line_to (cr, cx + r * 0.8, cy - r * 0.7);
      cairo_stroke (cr);
    }
  else if (g_strcmp0 (symbol, "fort") == 0)
    {
      /* a tower with battlements */
      cairo_rectangle (cr, cx - r * 0.6, cy - r * 0.3, r * 1.2, r * 0.9);
      for (int i = 0; i < 3; i++)
        cairo_rectangle (cr, cx - r * 0.6 + i * r * 0.45, cy - r * 0.7, r * 0.3, r * 0.4);
      cairo_fill (cr);
    }
  else if (g_strcmp0 (symbol, "gun") == 0)
    {
      /* a pistol: barrel and grip */
      cairo_rectangle (cr, cx - r * 0.7, cy - r * 0.4, r * 1.4, r * 0.35);
      cairo_move_to (cr, cx + r * 0.2, cy - r * 0.1);
      cairo_line_to (cr, cx + r * 0.7, cy - r * 0.1);
      cairo_line_to (cr, cx + r * 0.55, cy + r * 0.7);
      cairo_line_to (cr, cx + r * 0.15, cy + r * 0.7);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  else if (g_strcmp0 (symbol, "mine") == 0)
    {
      /* a pickaxe: crossed strokes */
      cairo_set_line_width (cr, r * 0.25);
      cairo_arc (cr, cx, cy + r * 0.4, r * 0.8, G_PI * 1.2, G_PI * 1.8);
      cairo_move_to (cr, cx, cy - r * 0.4);
      cairo_line_to (cr, cx, cy + r * 0.8);
      cairo_stroke (cr);
    }
  else
    {
      /* a wagon: box on two wheels */
      cairo_rectangle (cr, cx - r * 0.75, cy - r * 0.45, r * 1.5, r * 0.6);
      cairo_fill (cr);
      cairo_arc (cr, cx - r * 0.4, cy + r * 0.4, r * 0.28, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_arc (cr, cx + r * 0.4, cy + r * 0.4, r * 0.28, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_territory_now (cairo_t *cr,
                    const char *terrain,
                    const char *symbol,
                    double x,
                    double y,
                    double size)
{
  int t = terrain_index (terrain);
  gboolean light = t == 0 || t == 3 || t == 4;
  double ink = light ? 0.15 : 1.0;

  cairo_save (cr);
  cairo_rectangle (cr, x, y, size, size);
  cairo_set_source_rgb (cr, terrains[t].r, terrains[t].g, terrains[t].b);
  cairo_fill_preserve (cr);
  cairo_clip (cr);

  /* The texture tells terrains apart without colour. */
  cairo_set_source_rgba (cr, ink, ink, ink, 0.22);
  cairo_set_line_width (cr, MAX (1, size / 28));
  switch (t)
    {
    case 0: /* desert: dots */
      for (double dy = size / 8; dy < size; dy += size / 4)
        for (double dx = size / 8; dx < size; dx += size / 4)
          {
            cairo_arc (cr, x + dx, y + dy, size / 28 + 0.5, 0, 2 * G_PI);
            cairo_fill (cr);
          }
      break;
    case 1: /* forest: small trees */
      for (double dx = size / 8; dx < size; dx += size / 4)
        {
          cairo_move_to (cr, x + dx, y + size * 0.05);
          cairo_line_to (cr, x + dx + size / 12, y + size * 0.2);
          cairo_line_to (cr, x + dx - size / 12, y + size * 0.2);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      break;
    case 2: /* mountains: peaks */
      cairo_move_to (cr, x, y + size * 0.25);
      for (int i = 0; i < 4; i++)
        {
          cairo_line_to (cr, x + size * (i + 0.5) / 4, y + size * 0.08);
          cairo_line_to (cr, x + size * (i + 1) / 4, y + size * 0.25);
        }
      cairo_stroke (cr);
      break;
    case 3: /* plains: furrows */
      for (double dy = size / 6; dy < size; dy += size / 3)
        {
          cairo_move_to (cr, x, y + dy);
          cairo_line_to (cr, x + size, y + dy);
        }
      cairo_stroke (cr);
      break;
    case 5: /* water: waves */
      for (double dy = size / 6; dy < size; dy += size / 3)
        {
          cairo_move_to (cr, x, y + dy);
          for (double dx = 0; dx <= size; dx += size / 16)
            cairo_line_to (cr, x + dx, y + dy + sin (dx / size * 4 * G_PI) * size / 24);
        }
      cairo_stroke (cr);
      break;
    default: /* snow: plain white */
      break;
    }

  cairo_set_source_rgba (cr, ink, ink, ink, 0.9);
  draw_symbol (cr, symbol, x + size / 2, y + size * 0.58, size * 0.3);
  cairo_restore (cr);

  cairo_rectangle (cr, x + 0.5, y + 0.5, size - 1, size - 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* Territories are drawn once per kind and size into a small image and
 * then only copied: a town redraw was spending its time on the textures. */
void
pt_wagons_draw_territory (cairo_t *cr,
                          const char *terrain,
                          const char *symbol,
                          double x,
                          double y,
                          double size)
{
  static GHashTable *tiles;
  g_autofree char *key = NULL;
  cairo_surface_t *tile;
  int pixels = (int) ceil (size);

  if (pixels <= 0 || pixels > 256)
    {
      draw_territory_now (cr, terrain, symbol, x, y, size);
      return;
    }
  if (tiles == NULL)
    tiles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                   (GDestroyNotify) cairo_surface_destroy);
  key = g_strdup_printf ("%s|%s|%d", terrain, symbol, pixels);
  tile = g_hash_table_lookup (tiles, key);
  if (tile == NULL)
    {
      cairo_t *tile_cr;

      tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels, pixels);
      tile_cr = cairo_create (tile);
      draw_territory_now (tile_cr, terrain, symbol, 0, 0, pixels);
      cairo_destroy (tile_cr);
      g_hash_table_insert (tiles, g_steal_pointer (&key), tile);
    }
  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (pixels != size)
    cairo_scale (cr, size / pixels, size / pixels);
  cairo_set_source_surface (cr, tile, 0, 0);
  cairo_rectangle (cr, 0, 0, pixels, pixels);
  cairo_fill (cr);
  cairo_restore (cr);
}

void
pt_wagons_draw_card (cairo_t *cr,
                     const char *card,
                     gboolean rot180,
                     double x,
                     double y,
                     double cell)
{
  int index = pt_wagons_card_from_id (card);

  if (index < 0)
    return;
  for (guint pos = 0; pos < 4; pos++)
    {
      PtWagonsQuadrant q = pt_wagons_card_quadrant (index, rot180, pos);

      pt_wagons_draw_territory (cr, pt_wagons_terrain_id (q.terrain), pt_wagons_symbol_id (q.symbol),
                                x + (pos % 2) * cell, y + (pos / 2) * cell, cell);
    }
}

/* Geometry --------------------------------------------------------------- */

static void
bounds (PtWagonsTownView *self,
        int *min_x,
        int *min_y,
        int *max_x,
        int *max_y)
{
  guint n = self->cells ? json_array_get_length (self->cells) : 0;

  *min_x = *min_y = 0;
  *max_x = *max_y = 1;
  for (guint i = 0; i < n; i++)
    {
      JsonObject *c = json_array_get_object_element (self->cells, i);
      int x = json_object_get_int_member (c, "x"), y = json_object_get_int_member (c, "y");

      *min_x = MIN (*min_x, x);
      *min_y = MIN (*min_y, y);
      *max_x = MAX (*max_x, x);
      *max_y = MAX (*max_y, y);
    }
  /* Room around the town for the next card. */
  *min_x -= 2;
  *min_y -= 2;
  *max_x += 2;
  *max_y += 2;
}

static int
compare_cells (gconstpointer a,
               gconstpointer b,
               gpointer data)
{
  JsonObject *ca = *(JsonObject **) a, *cb = *(JsonObject **) b;
  gint64 ya = json_object_get_int_member (ca, "y"), yb = json_object_get_int_member (cb, "y");
  gint64 xa = json_object_get_int_member (ca, "x"), xb = json_object_get_int_member (cb, "x");

  return ya != yb ? (ya < yb ? -1 : 1) : (xa < xb ? -1 : xa > xb);
}

static void
layout (PtWagonsTownView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int min_x, min_y, max_x, max_y;
  double fit;

  bounds (self, &min_x, &min_y, &max_x, &max_y);
  self->first_x = min_x;
  self->first_y = min_y;
  fit = MIN (width / (double) (max_x - min_x + 1), height / (double) (max_y - min_y + 1));
  /* Whole pixels: territories are then copied, not resampled. */
  self->cell = floor (CLAMP (fit, 8, 48) * self->zoom);
  self->origin_x = floor (width / 2.0 - (min_x + max_x + 1) / 2.0 * self->cell + self->pan_x);
  self->origin_y = floor (height / 2.0 - (min_y + max_y + 1) / 2.0 * self->cell + self->pan_y);
}

gboolean
pt_wagons_town_view_cursor_is_legal (PtWagonsTownView *self)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (PT_IS_WAGONS_TOWN_VIEW (self), FALSE);

  if (self->card == NULL || !self->has_cursor)
    return FALSE;
  key = g_strdup_printf ("%d,%d,%d", self->cursor_x, self->cursor_y, self->cursor_rot);
  return g_hash_table_contains (self->legal, key);
}

static void
pt_wagons_town_view_snapshot (GtkWidget *widget,
                              GtkSnapshot *snapshot)
{
  PtWagonsTownView *self = PT_WAGONS_TOWN_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  guint n = self->cells ? json_array_get_length (self->cells) : 0;
  cairo_t *cr;

  layout (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* A faint grid where cards may go. */
  cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.06);
  cairo_set_line_width (cr, 1);
  for (double gx = fmod (self->origin_x, self->cell); gx < width; gx += self->cell)
    {
      cairo_move_to (cr, gx, 0);
      cairo_line_to (cr, gx, height);
    }
  for (double gy = fmod (self->origin_y, self->cell); gy < height; gy += self->cell)
    {
      cairo_move_to (cr, 0, gy);
      cairo_line_to (cr, width, gy);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < n; i++)
    {
      JsonObject *c = json_array_get_object_element (self->cells, i);
      int cx = json_object_get_int_member (c, "x"), cy = json_object_get_int_member (c, "y");

      if (self->has_mark && self->hide_mark && cx >= self->mark_x && cx <= self->mark_x + 1 && cy >= self->mark_y && cy <= self->mark_y + 1)
        continue;
      pt_wagons_draw_territory (cr, json_object_get_string_member (c, "terrain"),
                                json_object_get_string_member (c, "symbol"),
                                self->origin_x + json_object_get_int_member (c, "x") * self->cell,
                                self->origin_y + json_object_get_int_member (c, "y") * self->cell,
                                self->cell);
    }

  if (self->has_mark && !self->hide_mark)
    {
      /* The last placement: an outline in the accent colour. */
      cairo_rectangle (cr, self->origin_x + self->mark_x * self->cell + 1.5,
                       self->origin_y + self->mark_y * self->cell + 1.5,
                       2 * self->cell - 3, 2 * self->cell - 3);
      cairo_set_line_width (cr, 3);
      cairo_set_source_rgba (cr, 0.96, 0.76, 0.07, 0.95);
      cairo_stroke (cr);
    }

  if (self->card != NULL && self->has_cursor)
    {
      double gx = self->origin_x + self->cursor_x * self->cell;
      double gy = self->origin_y + self->cursor_y * self->cell;
      gboolean legal = pt_wagons_town_view_cursor_is_legal (self);

      cairo_push_group (cr);
      pt_wagons_draw_card (cr, self->card, self->cursor_rot == 180, gx, gy, self->cell);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, legal ? 0.8 : 0.4);

      cairo_rectangle (cr, gx + 1, gy + 1, 2 * self->cell - 2, 2 * self->cell - 2);
      cairo_set_line_width (cr, 3);
      if (legal)
        {
          const PtRgba *c = pt_board_colour_pick (&pt_wagons_colours[PT_COLOUR_WAGONS_LEGAL], dark);

          cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
        }
      else
        {
          const PtRgba *c = pt_board_colour_pick (&pt_wagons_colours[PT_COLOUR_WAGONS_ILLEGAL], dark);

          cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
          cairo_set_dash (cr, (double[]){ 6, 4 }, 2, 0);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  cairo_destroy (cr);
}

static void
pt_wagons_town_view_measure (GtkWidget *widget,
                             GtkOrientation orientation,
                             int for_size,
                             int *minimum,
                             int *natural,
                             int *minimum_baseline,
                             int *natural_baseline)
{
  double scale = pt_text_scale (widget);

  /* Two towns side by side fit a 360 px window at any text size; they are
   * drawn larger when there is room. */
  *minimum = 150;
  *natural = (int) (320 * scale);
}

/* Accessible cells ----------------------------------------------------------- */

static char *
cell_name (PtWagonsTownView *self,
           JsonObject *c)
{
  int terrain = pt_wagons_terrain_from_id (json_object_get_string_member_with_default (c, "terrain", NULL));
  int symbol = pt_wagons_symbol_from_id (json_object_get_string_member_with_default (c, "symbol", NULL));
  g_autofree char *where = g_strdup_printf (_("Column %d, row %d"),
                                               (int) json_object_get_int_member (c, "x") - self->first_x + 1,
                                               (int) json_object_get_int_member (c, "y") - self->first_y + 1);
  const char *terrain_name = terrain >= 0 ? _(pt_wagons_terrain_name (terrain)) : "?";

  if (symbol >= 0)
    /* Translators: a town cell, e.g. "Column 3, row 2: Forest with Cow" */
    return g_strdup_printf (_("%s: %s with %s"), where, terrain_name, _(pt_wagons_symbol_name (symbol)));
  /* Translators: a town cell, e.g. "Column 3, row 2: Forest" */
  return g_strdup_printf (_("%s: %s"), where, terrain_name);
}

/* One image spot per visible territory, in reading order. */
static void
update_cell_spots (PtWagonsTownView *self)
{
  guint n = self->cells ? json_array_get_length (self->cells) : 0;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GtkWidget *child;
  int min_x, min_y, max_x, max_y;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  bounds (self, &min_x, &min_y, &max_x, &max_y);
  self->first_x = min_x;
  self->first_y = min_y;
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (order, json_array_get_object_element (self->cells, i));
  g_ptr_array_sort_with_data (order, (GCompareDataFunc) compare_cells, NULL);
  for (guint i = 0; i < order->len; i++)
    {
      JsonObject *c = g_ptr_array_index (order, i);
      GtkWidget *spot = pt_board_spot_new (GTK_ACCESSIBLE_ROLE_IMG);
      g_autofree char *name = cell_name (self, c);

      gtk_widget_set_focusable (spot, FALSE);
      pt_board_spot_set_name (PT_BOARD_SPOT (spot), name);
      g_object_set_data (G_OBJECT (spot), "x", GINT_TO_POINTER ((int) json_object_get_int_member (c, "x")));
      g_object_set_data (G_OBJECT (spot), "y", GINT_TO_POINTER ((int) json_object_get_int_member (c, "y")));
      gtk_widget_set_parent (spot, GTK_WIDGET (self));
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
pt_wagons_town_view_size_allocate (GtkWidget *widget,
                                   int width,
                                   int height,
                                   int baseline)
{
  PtWagonsTownView *self = PT_WAGONS_TOWN_VIEW (widget);

  layout (self);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int x = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "x"));
      int y = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "y"));
      int size = MAX (1, (int) self->cell);

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_size_allocate (child,
                                &(GtkAllocation){ (int) (self->origin_x + x * self->cell),
                                                  (int) (self->origin_y + y * self->cell), size, size },
                                -1);
    }
}

/* Where the card to place is, in words, with what the board says of it. */
static void
update_description (PtWagonsTownView *self)
{
  g_autofree char *text = NULL;

  if (self->card != NULL && self->has_cursor)
    {
      g_autofree char *where = NULL;

      layout (self);
      where = g_strdup_printf (self->cursor_rot == 180 ? _("%s upside down at column %d, row %d")
                                                       : _("%s at column %d, row %d"),
                                                            self->card, self->cursor_x - self->first_x + 1, self->cursor_y - self->first_y + 1);
      text = self->preview && self->preview[0] ? g_strdup_printf ("%s: %s", where, self->preview)
                                               : g_steal_pointer (&where);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text ? text : "", -1);
}

/* Input ------------------------------------------------------------------ */

static void
move_cursor (PtWagonsTownView *self,
             int x,
             int y,
             int rot)
{
  if (self->has_cursor && x == self->cursor_x && y == self->cursor_y && rot == self->cursor_rot)
    return;
  self->has_cursor = TRUE;
  self->cursor_x = x;
  self->cursor_y = y;
  self->cursor_rot = rot;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[CURSOR_MOVED], 0);
  update_description (self);
}

static void
cursor_from_point (PtWagonsTownView *self,
                   double px,
                   double py)
{
  if (self->cell <= 0)
    return;
  /* The pointer holds the card by its middle. */
  move_cursor (self, (int) floor ((px - self->origin_x) / self->cell - 0.5),
               (int) floor ((py - self->origin_y) / self->cell - 0.5), self->cursor_rot);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double x,
           double y,
           PtWagonsTownView *self)
{
  if (self->card != NULL)
    cursor_from_point (self, x, y);
}

static void
place_here (PtWagonsTownView *self)
{
  if (pt_wagons_town_view_cursor_is_legal (self))
    g_signal_emit (self, signals[PLACE], 0, self->cursor_x, self->cursor_y, self->cursor_rot);
  else if (self->card != NULL)
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
on_click (GtkGestureClick *click,
          int n_press,
          double x,
          double y,
          PtWagonsTownView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (click));

  if (self->card == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (button == GDK_BUTTON_SECONDARY)
    {
      move_cursor (self, self->cursor_x, self->cursor_y, self->cursor_rot == 180 ? 0 : 180);
      return;
    }
  cursor_from_point (self, x, y);
  place_here (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll,
           double dx,
           double dy,
           PtWagonsTownView *self)
{
  self->zoom = CLAMP (self->zoom * (dy < 0 ? 1.15 : 1 / 1.15), 0.4, 3.0);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag *drag,
               double x,
               double y,
               PtWagonsTownView *self)
{
  self->drag_pan_x = self->pan_x;
  self->drag_pan_y = self->pan_y;
}

static void
on_drag_update (GtkGestureDrag *drag,
                double dx,
                double dy,
                PtWagonsTownView *self)
{
  self->pan_x = self->drag_pan_x + dx;
  self->pan_y = self->drag_pan_y + dy;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key (GtkEventControllerKey *key,
        guint keyval,
        guint keycode,
        GdkModifierType state,
        PtWagonsTownView *self)
{
  gboolean pan = (state & GDK_CONTROL_MASK) != 0;
  int dx = 0, dy = 0;

  switch (keyval)
    {
    case GDK_KEY_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
      dy = 1;
      break;
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      self->zoom = MIN (self->zoom * 1.15, 3.0);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      self->zoom = MAX (self->zoom / 1.15, 0.4);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_r:
    case GDK_KEY_R:
      if (self->card == NULL)
        return FALSE;
      move_cursor (self, self->cursor_x, self->cursor_y, self->cursor_rot == 180 ? 0 : 180);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      place_here (self);
      return self->card != NULL;
    default:
      return FALSE;
    }

  if (pan)
    {
      self->pan_x -= dx * self->cell;
      self->pan_y -= dy * self->cell;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (self->card != NULL)
    move_cursor (self, self->cursor_x + dx, self->cursor_y + dy, self->cursor_rot);
  else
    return FALSE;
  return TRUE;
}

/* API -------------------------------------------------------------------- */

void
pt_wagons_town_view_set_cells (PtWagonsTownView *self,
                               JsonArray *cells)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_VIEW (self));

  g_clear_pointer (&self->cells, json_array_unref);
  self->cells = cells ? json_array_ref (cells) : NULL;
  update_cell_spots (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_wagons_town_view_set_placing (PtWagonsTownView *self,
                                 const char *card,
                                 JsonArray *legal)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_VIEW (self));

  g_free (self->card);
  self->card = g_strdup (card);
  g_hash_table_remove_all (self->legal);
  for (guint i = 0; legal != NULL && i < json_array_get_length (legal); i++)
    {
      JsonObject *m = json_array_get_object_element (legal, i);

      if (json_object_has_member (m, "place"))
        g_hash_table_add (self->legal,
                          g_strdup_printf ("%d,%d,%d", (int) json_object_get_int_member (m, "x"),
                                           (int) json_object_get_int_member (m, "y"),
                                           (int) json_object_get_int_member (m, "rot")));
    }
  /* Start the cursor on a legal spot, so the keyboard has somewhere to go. */
  if (card != NULL && legal != NULL && json_array_get_length (legal) > 0 && !pt_wagons_town_view_cursor_is_legal (self))
    {
      JsonObject *m = json_array_get_object_element (legal, 0);

      move_cursor (self, json_object_get_int_member (m, "x"), json_object_get_int_member (m, "y"),
                   json_object_get_int_member (m, "rot"));
    }
  gtk_widget_set_focusable (GTK_WIDGET (self), card != NULL);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pt_wagons_town_view_set_preview (PtWagonsTownView *self,
                                 const char *text)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_VIEW (self));

  g_free (self->preview);
  self->preview = g_strdup (text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
  update_description (self);
}

void
pt_wagons_town_view_get_cursor (PtWagonsTownView *self,
                                int *x,
                                int *y,
                                int *rot)
{
  *x = self->cursor_x;
  *y = self->cursor_y;
  *rot = self->cursor_rot;
}

void
pt_wagons_town_view_set_cursor (PtWagonsTownView *self,
                                int x,
                                int y,
                                int rot)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_VIEW (self));
  move_cursor (self, x, y, rot);
}

void
pt_wagons_town_view_set_mark (PtWagonsTownView *self,
                              gboolean mark,
                              int x,
                              int y,
                              gboolean hidden)
{
  g_return_if_fail (PT_IS_WAGONS_TOWN_VIEW (self));

  self->has_mark = mark;
  self->mark_x = x;
  self->mark_y = y;
  self->hide_mark = mark && hidden;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
pt_wagons_town_view_get_card_rect (PtWagonsTownView *self,
                                   int x,
                                   int y,
                                   graphene_rect_t *rect)
{
  g_return_val_if_fail (PT_IS_WAGONS_TOWN_VIEW (self), FALSE);

  if (self->cell <= 0)
    return FALSE;
  graphene_rect_init (rect, self->origin_x + x * self->cell, self->origin_y + y * self->cell,
                      2 * self->cell, 2 * self->cell);
  return TRUE;
}

GtkWidget *
pt_wagons_town_view_new (void)
{
  return g_object_new (PT_TYPE_WAGONS_TOWN_VIEW, NULL);
}

static void
pt_wagons_town_view_finalize (GObject *object)
{
  PtWagonsTownView *self = PT_WAGONS_TOWN_VIEW (object);

  g_clear_pointer (&self->cells, json_array_unref);
  g_clear_pointer (&self->legal, g_hash_table_unref);
  g_free (self->card);
  g_free (self->preview);

  G_OBJECT_CLASS (pt_wagons_town_view_parent_class)->finalize (object);
}

static void
pt_wagons_town_view_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pt_wagons_town_view_parent_class)->dispose (object);
}

static void
on_dark_changed (PtWagonsTownView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pt_wagons_town_view_class_init (PtWagonsTownViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pt_wagons_town_view_finalize;
  object_class->dispose = pt_wagons_town_view_dispose;
  widget_class->snapshot = pt_wagons_town_view_snapshot;
  widget_class->measure = pt_wagons_town_view_measure;
  widget_class->size_allocate = pt_wagons_town_view_size_allocate;

  signals[PLACE] = g_signal_new ("place", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                 G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  signals[CURSOR_MOVED] = g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "wagons-town");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
pt_wagons_town_view_init (PtWagonsTownView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->zoom = 1.0;
  self->legal = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
  pt_text_scale_connect (GTK_WIDGET (self));
}
