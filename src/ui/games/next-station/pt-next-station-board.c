/* pt-next-station-board.c — the Next Station: London sheet on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map is drawn from the game's map data (station positions and
 * symbols, districts, departure stations, tourist sites, the sections that
 * cross the Thames); the lines come from the view of the player whose
 * sheet is shown. A section is drawn by choosing one of the line ends the
 * rules offer, then one of the stations they list as targets for it
 * (highlighted); or the player passes. Everything offered comes from
 * pt_game_list_legal_moves(); the live scores from pt_game_get_scores().
 *
 * Line colours are also told apart by their dash pattern (purple solid,
 * blue long dashes, pink dots, green dash-dot).
 *
 * Pencil powers (when the module is on): the power of the round's colour
 * is offered as a toggle only when the legal moves contain its variants;
 * while it is on, the ends and targets shown are those of the power's
 * moves. Double and circle take a second step (the second section; the
 * station to circle, after a section or a pass).
 *
 * Each station is also a PtBoardSpot over the drawing: a focusable
 * button for assistive technologies, named by its symbol, its 1-based
 * column and row, the player's lines through it and what it offers now
 * ("Triangle station, column 4, row 6, on your pink line, you can reach
 * it"). Only one spot takes Tab (the cursor's); the arrows move the focus
 * to the nearest station in that direction.
 *
 * Keyboard: arrows move between stations, Enter or Space chooses, Escape
 * drops the chosen end, P passes, U turns the power on/off (P, U and
 * Escape anywhere in the game view, see pt-board-keys.c). Actions:
 * board.section((iiii)), board.station((ii)), board.pass, board.power,
 * board.cancel.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "pt-next-station-colours.h"
#include "pt-board-keys.h"
#include "pt-board-spot.h"
#include "pt-next-station-board.h"
#include "pt-next-station-game.h"
#include "pt-text-scale.h"

struct _PtNextStationBoard
{
  PtBoard parent_instance;

  JsonNode *view;
  JsonNode *legal;
  int from_x, from_y;  /* the chosen line end, or -1 */
  char *power;         /* the pencil power in use, or NULL */
  int stage;           /* 1: double's second section, circle's station */
  int first[4];        /* the first section chosen at stage 1 */
  gboolean first_pass; /* … or a pass (circle power) */
  int cursor_x, cursor_y;

  GtkWidget *status_label;
  GtkWidget *card_label;
  GtkWidget *flipped_label;
  GtkWidget *prompt_label;
  GtkWidget *pass_button;
  GtkWidget *power_button;
  GtkWidget *map;
  GtkWidget *overlay;
  GtkWidget *spots[PT_STATION_MAP_MAX_STATIONS];
  guint n_spots;
  GtkWidget *scores_label;
  GtkWidget *others_label;
  /* What the last map drawing showed of the other players (tests). */
  guint others_drawn;
  gboolean others_last_drawn;

  double origin_x, origin_y, cell;
  cairo_surface_t *under, *over;
  int cache_width, cache_height;
  gboolean cache_dark;

  /* Motion: the shown player's new section is drawn along its path, from
   * the line end to the station (AdwTimedAnimation; skipped when
   * animations are off, by the next move and by a click). */
  AdwAnimation *motion;
  double motion_t;
  gboolean drawing;
  int motion_section[2][4]; /* ax, ay, bx, by; ax < 0: none */
  int motion_player;
};

G_DEFINE_FINAL_TYPE (PtNextStationBoard, pt_next_station_board, PT_TYPE_BOARD)

/* Room for the coordinate numbers along the top and the left, in pixels
 * at the normal text size. */
#define RULER 16

/* Each line's dash pattern; its colour is PT_COLOUR_NS_LINE_PURPLE + the
 * colour, in the game's table. */
static const struct
{
  const char *id;
  double dash[2];
  int n_dash;
} line_styles[] = {
  { "purple", { 0, 0 }, 0 },
  { "blue", { 10, 5 }, 2 },
  { "pink", { 2, 4 }, 2 },
  { "green", { 10, 4 }, 2 },
};

/* Colours from the game's table (pt-next-station-colours.c, checked for
 * contrast in both styles); @alpha multiplies the table's. */
static void
set_colour (cairo_t *cr,
            PtNextStationColour colour,
            gboolean dark,
            double alpha)
{
  const PtRgba *c = pt_board_colour_pick (&pt_next_station_colours[colour], dark);

  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static const PtStationMap *
get_map (PtNextStationBoard *self)
{
  return pt_next_station_game_get_state (PT_NEXT_STATION_GAME (pt_board_get_game (PT_BOARD (self))))->map;
}

static int
ruler_size (PtNextStationBoard *self)
{
  return (int) ceil (RULER * pt_text_scale (GTK_WIDGET (self)));
}

static gboolean
can_act (PtNextStationBoard *self)
{
  return pt_board_get_interactive (PT_BOARD (self)) && pt_board_get_viewer (PT_BOARD (self)) >= 0 && self->legal != NULL && pt_game_get_current_player (pt_board_get_game (PT_BOARD (self))) == pt_board_get_viewer (PT_BOARD (self));
}

static void
point (JsonObject *move,
       const char *member,
       int *x,
       int *y)
{
  JsonArray *p = json_object_get_array_member (move, member);

  *x = json_array_get_int_element (p, 0);
  *y = json_array_get_int_element (p, 1);
}

/* The pencil power the legal moves offer this turn (one colour, so at most
 * one power), or NULL. */
static const char *
offered_power (PtNextStationBoard *self)
{
  JsonArray *moves;

  if (self->legal == NULL)
    return NULL;
  moves = json_node_get_array (self->legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      const char *power = json_object_get_string_member_with_default (json_array_get_object_element (moves, i),
                                                                      "power", NULL);
      if (power != NULL)
        return power;
    }
  return NULL;
}

/* Whether @m starts with the part already chosen (a section or a pass). */
static gboolean
first_matches (PtNextStationBoard *self,
               JsonObject *m)
{
  int fx, fy, tx, ty;

  if (self->first_pass)
    return json_object_get_boolean_member_with_default (m, "pass", FALSE);
  if (!json_object_has_member (m, "from"))
    return FALSE;
  point (m, "from", &fx, &fy);
  point (m, "to", &tx, &ty);
  return fx == self->first[0] && fy == self->first[1] && tx == self->first[2] && ty == self->first[3];
}

/* What legal move @m lets the player choose at the current step: a
 * section from → to; for the circle power's last step only a station
 * (from is -1). Plain moves when no power is in use; with a power, only
 * that power's variants (the rules list each legal one). */
static gboolean
step_choice (PtNextStationBoard *self,
             JsonObject *m,
             int *fx,
             int *fy,
             int *tx,
             int *ty)
{
  const char *power = json_object_get_string_member_with_default (m, "power", NULL);

  if (g_strcmp0 (power, self->power) != 0)
    return FALSE;
  if (self->stage == 0)
    {
      if (!json_object_has_member (m, "from"))
        return FALSE;
      point (m, "from", fx, fy);
      point (m, "to", tx, ty);
      return TRUE;
    }
  if (!first_matches (self, m))
    return FALSE;
  if (g_strcmp0 (power, "double") == 0 && json_object_has_member (m, "second"))
    {
      JsonObject *second = json_object_get_object_member (m, "second");

      point (second, "from", fx, fy);
      point (second, "to", tx, ty);
      return TRUE;
    }
  if (g_strcmp0 (power, "circle") == 0 && json_object_has_member (m, "circle"))
    {
      *fx = *fy = -1;
      point (m, "circle", tx, ty);
      return TRUE;
    }
  return FALSE;
}

/* The legal move that the choice (fx,fy) → (tx,ty) completes at this
 * step, or NULL. */
static JsonNode *
find_choice (PtNextStationBoard *self,
             int x0,
             int y0,
             int x1,
             int y1)
{
  JsonArray *moves;

  if (self->legal == NULL)
    return NULL;
  moves = json_node_get_array (self->legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);
      int fx, fy, tx, ty;

      if (step_choice (self, m, &fx, &fy, &tx, &ty) && (fx < 0 || (fx == x0 && fy == y0)) && tx == x1 && ty == y1)
        return json_array_get_element (moves, i);
    }
  return NULL;
}

/* The circle power's last step asks for a station, not a section. */
static gboolean
choosing_circle (PtNextStationBoard *self)
{
  return self->stage == 1 && g_strcmp0 (self->power, "circle") == 0;
}

static gboolean
is_from (PtNextStationBoard *self,
         int x,
         int y)
{
  JsonArray *moves;

  if (self->legal == NULL || choosing_circle (self))
    return FALSE;
  moves = json_node_get_array (self->legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      int fx, fy, tx, ty;

      if (step_choice (self, json_array_get_object_element (moves, i), &fx, &fy, &tx, &ty) && fx == x && fy == y)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_target (PtNextStationBoard *self,
           int x,
           int y)
{
  if (self->from_x < 0 && !choosing_circle (self))
    return FALSE;
  return find_choice (self, self->from_x, self->from_y, x, y) != NULL;
}

static void
request (PtNextStationBoard *self,
         JsonNode *node)
{
  self->from_x = self->from_y = -1;
  pt_board_request_move (PT_BOARD (self), pt_board_get_viewer (PT_BOARD (self)), node);
}

static void update_prompt (PtNextStationBoard *self);
static void map_changed (PtNextStationBoard *self);
static gboolean cursor_has_focus (PtNextStationBoard *self);

/* The double and circle powers take two steps: the first section (or the
 * pass) is kept, then the second section or the station to circle. */
static gboolean
needs_second_step (PtNextStationBoard *self)
{
  return self->stage == 0 && (g_strcmp0 (self->power, "double") == 0 || g_strcmp0 (self->power, "circle") == 0);
}

static void
draw_section (PtNextStationBoard *self,
              int fx,
              int fy,
              int tx,
              int ty)
{
  JsonNode *move;

  if (!can_act (self))
    return;
  move = find_choice (self, fx, fy, tx, ty);
  if (move == NULL)
    {
      self->from_x = self->from_y = -1;
      return;
    }
  if (needs_second_step (self))
    {
      self->first[0] = fx;
      self->first[1] = fy;
      self->first[2] = tx;
      self->first[3] = ty;
      self->first_pass = FALSE;
      self->stage = 1;
      self->from_x = self->from_y = -1;
      update_prompt (self);
      return;
    }
  {
    g_autoptr(JsonNode) copy = json_node_copy (move);

    request (self, copy);
  }
}

static void
pass (PtNextStationBoard *self)
{
  g_autoptr(JsonNode) node = NULL;

  if (!can_act (self))
    return;
  /* With the circle power a pass is the first step. */
  if (self->stage == 0 && g_strcmp0 (self->power, "circle") == 0)
    {
      self->first_pass = TRUE;
      self->stage = 1;
      self->from_x = self->from_y = -1;
      update_prompt (self);
      map_changed (self);
      return;
    }
  if (self->power != NULL)
    return;
  /* A trusted constant, not outside text. */
  node = json_from_string ("{\"pass\": true}", NULL);
  request (self, node);
}

/* Choosing on the map: an end first, then a target (or, for the circle
 * power's last step, the station to circle). */
static void
choose_station (PtNextStationBoard *self,
                int x,
                int y)
{
  if (!can_act (self))
    return;
  if (choosing_circle (self))
    {
      JsonNode *move = find_choice (self, -1, -1, x, y);

      if (move != NULL)
        {
          g_autoptr(JsonNode) copy = json_node_copy (move);

          request (self, copy);
          return;
        }
      gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->from_x >= 0 && is_target (self, x, y))
    draw_section (self, self->from_x, self->from_y, x, y);
  else if (is_from (self, x, y))
    {
      self->from_x = x;
      self->from_y = y;
    }
  else
    {
      self->from_x = self->from_y = -1;
      gtk_widget_error_bell (GTK_WIDGET (self));
    }
  map_changed (self);
}

/* Turns the offered pencil power on or off; starts the choice again. */
static void
set_power_active (PtNextStationBoard *self,
                  gboolean active)
{
  const char *power = active && can_act (self) ? offered_power (self) : NULL;

  g_free (self->power);
  self->power = g_strdup (power);
  self->stage = 0;
  self->first_pass = FALSE;
  self->from_x = self->from_y = -1;
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->power_button)) != (power != NULL))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->power_button), power != NULL);
  update_prompt (self);
  map_changed (self);
}

static void
on_power_toggled (GtkToggleButton *button,
                  PtNextStationBoard *self)
{
  if (gtk_toggle_button_get_active (button) != (self->power != NULL))
    set_power_active (self, gtk_toggle_button_get_active (button));
}

/* Drawing ------------------------------------------------------------------ */

static void
station_shape (cairo_t *cr,
               int symbol,
               double cx,
               double cy,
               double r)
{
  int sides = symbol == PT_SYMBOL_TRIANGLE ? 3 : symbol == PT_SYMBOL_SQUARE ? 4
                                                                            : 5;

  cairo_new_path (cr);
  if (symbol == PT_SYMBOL_CIRCLE)
    cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  else if (symbol == PT_SYMBOL_ANY)
    for (int i = 0; i < 10; i++)
      {
        double a = -G_PI / 2 + i * G_PI / 5, rr = i % 2 ? r * 0.5 : r * 1.15;
        if (i == 0)
          cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
        else
          cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      }
  else
    for (int i = 0; i < sides; i++)
      {
        double a = -G_PI / 2 + (sides == 4 ? G_PI / 4 : 0) + i * 2 * G_PI / sides;
        double rr = sides == 4 ? r * 1.2 : r * 1.1;
        if (i == 0)
          cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
        else
          cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      }
  cairo_close_path (cr);
}

/* Where the map goes in a drawing area of @width × @height: a margin on
 * the top and left for the column and row numbers. */
static void
compute_geometry (PtNextStationBoard *self,
                  int width,
                  int height)
{
  const PtStationMap *map = get_map (self);
  int ruler = ruler_size (self);

  self->cell = floor (MIN ((width - ruler) / (double) map->width, (height - ruler) / (double) map->height));
  self->origin_x = ruler + floor ((width - ruler - self->cell * map->width) / 2);
  self->origin_y = ruler + floor ((height - ruler - self->cell * map->height) / 2);
}

static void
to_pixels (PtNextStationBoard *self,
           int x,
           int y,
           double *px,
           double *py)
{
  *px = self->origin_x + (x + 0.5) * self->cell;
  *py = self->origin_y + (y + 0.5) * self->cell;
}

/* The parts of the map that never change during a game (districts, the
 * Thames, the stations) are drawn once per size and style into two
 * images; a redraw copies them around the lines and highlights. */
static void
draw_under (PtNextStationBoard *self,
            cairo_t *cr,
            gboolean dark)
{
  const PtStationMap *map = get_map (self);
  double fg = dark ? 0.92 : 0.12;

  /* Districts: a light tint, alternating, so their borders show. */
  for (guint s = 0; s < map->n_stations; s++)
    {
      const PtStation *st = &map->stations[s];
      double px = self->origin_x + st->x * self->cell, py = self->origin_y + st->y * self->cell;

      cairo_rectangle (cr, px, py, self->cell, self->cell);
      if ((int) st->district == map->central_district)
        cairo_set_source_rgba (cr, 0.96, 0.76, 0.07, dark ? 0.18 : 0.22);
      else
        cairo_set_source_rgba (cr, fg, fg, fg, st->district % 2 ? 0.05 : 0.10);
      cairo_fill (cr);
    }

  /* The Thames: a band through the middles of the sections that cross
   * it, taken from left to right (the map data has no river outline). */
  {
    double xs[PT_STATION_MAP_MAX_SECTIONS], ys[PT_STATION_MAP_MAX_SECTIONS];
    guint n = 0;

    for (guint s = 0; s < map->n_sections; s++)
      if (pt_section_set_has (&map->thames, s))
        {
          const PtStation *a = &map->stations[map->sections[s].a];
          const PtStation *b = &map->stations[map->sections[s].b];

          xs[n] = (a->x + b->x) / 2.0;
          ys[n] = (a->y + b->y) / 2.0;
          n++;
        }
    /* Insertion sort by x; then one averaged point per column. */
    for (guint i = 1; i < n; i++)
      for (guint j = i; j > 0 && xs[j] < xs[j - 1]; j--)
        {
          double t = xs[j];
          xs[j] = xs[j - 1];
          xs[j - 1] = t;
          t = ys[j];
          ys[j] = ys[j - 1];
          ys[j - 1] = t;
        }
    cairo_set_source_rgba (cr, 0.29, 0.56, 0.85, dark ? 0.5 : 0.35);
    cairo_set_line_width (cr, self->cell * 0.3);
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    for (guint i = 0; i < n;)
      {
        guint j = i;
        double sum = 0, px, py;

        while (j < n && xs[j] - xs[i] < 0.75)
          sum += ys[j++];
        px = self->origin_x + (xs[i] + 0.5) * self->cell;
        py = self->origin_y + (sum / (j - i) + 0.5) * self->cell;
        if (i == 0)
          cairo_move_to (cr, self->origin_x, py);
        cairo_line_to (cr, px, py);
        if (j == n)
          cairo_line_to (cr, self->origin_x + map->width * self->cell, py);
        i = j;
      }
    cairo_stroke (cr);
  }

  /* Column and row numbers: the hints and the accessible names call a
   * station by its coordinates, (x,y) from the top left. */
  {
    double scale = pt_text_scale (GTK_WIDGET (self));
    double size = CLAMP (self->cell * 0.28, 8 * scale, 13 * scale);
    int ruler = ruler_size (self);
    char text[8];

    cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size (cr, size);
    cairo_set_source_rgba (cr, fg, fg, fg, 0.55);
    for (guint i = 0; i < MAX (map->width, map->height); i++)
      {
        cairo_text_extents_t extents;

        /* 1-based, as people count columns and rows. */
        g_snprintf (text, sizeof text, "%u", i + 1);
        cairo_text_extents (cr, text, &extents);
        if (i < map->width)
          {
            cairo_move_to (cr, self->origin_x + (i + 0.5) * self->cell - extents.width / 2 - extents.x_bearing,
                           self->origin_y - ruler / 2.0 + extents.height / 2);
            cairo_show_text (cr, text);
          }
        if (i < map->height)
          {
            cairo_move_to (cr, self->origin_x - ruler / 2.0 - extents.width / 2 - extents.x_bearing,
                           self->origin_y + (i + 0.5) * self->cell + extents.height / 2);
            cairo_show_text (cr, text);
          }
      }
  }
}

static void
draw_stations (PtNextStationBoard *self,
               cairo_t *cr,
               gboolean dark)
{
  const PtStationMap *map = get_map (self);
  double fg = dark ? 0.92 : 0.12;

  /* Stations. */
  for (guint s = 0; s < map->n_stations; s++)
    {
      const PtStation *st = &map->stations[s];
      double px, py, r = self->cell * 0.2;

      to_pixels (self, st->x, st->y, &px, &py);
      station_shape (cr, st->symbol, px, py, r);
      cairo_set_source_rgb (cr, dark ? 0.2 : 1, dark ? 0.2 : 1, dark ? 0.2 : 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);

      if (map->tourist_sites & (G_GUINT64_CONSTANT (1) << s))
        {
          cairo_arc (cr, px + r * 1.3, py - r * 1.3, r * 0.35, 0, 2 * G_PI);
          set_colour (cr, PT_COLOUR_NS_TOURIST_SITE, dark, 1);
          cairo_fill (cr);
        }
      for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
        if (map->departures[c] == s)
          {
            cairo_arc (cr, px, py, r * 1.7, 0, 2 * G_PI);
            set_colour (cr, PT_COLOUR_NS_LINE_PURPLE + c, dark, 1);
            cairo_set_line_width (cr, 3);
            cairo_stroke (cr);
          }
    }
}

static cairo_surface_t *
layer (PtNextStationBoard *self,
       cairo_surface_t **cache,
       int width,
       int height,
       gboolean dark,
       void (*draw) (PtNextStationBoard *, cairo_t *, gboolean))
{
  if (*cache == NULL || self->cache_width != width || self->cache_height != height || self->cache_dark != dark)
    {
      cairo_t *cr;

      g_clear_pointer (cache, cairo_surface_destroy);
      *cache = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cr = cairo_create (*cache);
      draw (self, cr, dark);
      cairo_destroy (cr);
    }
  return *cache;
}

/* Motion and the last move ---------------------------------------------- */

#define MOTION_MS 360

static gboolean
same_section (const int *m,
              const int *a,
              const int *b)
{
  return m[0] >= 0 && ((m[0] == a[0] && m[1] == a[1] && m[2] == b[0] && m[3] == b[1]) || (m[0] == b[0] && m[1] == b[1] && m[2] == a[0] && m[3] == a[1]));
}

/* Which of the moving sections (0, 1 for the double power) a..b is, or -1. */
static int
motion_index (PtNextStationBoard *self,
              int player,
              const int *a,
              const int *b)
{
  if (!self->drawing || player != self->motion_player)
    return -1;
  for (int i = 0; i < 2; i++)
    if (same_section (self->motion_section[i], a, b))
      return i;
  return -1;
}

static double
motion_progress (PtNextStationBoard *self,
                 int index)
{
  /* With two sections, the second follows the first. */
  if (self->motion_section[1][0] < 0)
    return self->motion_t;
  return CLAMP (index == 0 ? self->motion_t * 2 : self->motion_t * 2 - 1, 0, 1);
}

static gboolean
read_point (JsonObject *object,
            const char *member,
            int *out)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;
  JsonArray *p = node && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  if (p == NULL || json_array_get_length (p) != 2)
    return FALSE;
  out[0] = json_array_get_int_element (p, 0);
  out[1] = json_array_get_int_element (p, 1);
  return TRUE;
}

/* The sections of a record action: from → to, and the double power's
 * second one; FALSE for a pass. */
static gboolean
action_sections (JsonNode *move,
                 int sections[2][4])
{
  JsonObject *object = move && JSON_NODE_HOLDS_OBJECT (move) ? json_node_get_object (move) : NULL;
  JsonNode *second_node;
  JsonObject *second;

  sections[0][0] = sections[1][0] = -1;
  if (object == NULL || !read_point (object, "from", sections[0]) || !read_point (object, "to", sections[0] + 2))
    {
      sections[0][0] = -1;
      return FALSE;
    }
  second_node = json_object_get_member (object, "second");
  second = second_node && JSON_NODE_HOLDS_OBJECT (second_node) ? json_node_get_object (second_node) : NULL;
  if (second != NULL && (!read_point (second, "from", sections[1]) || !read_point (second, "to", sections[1] + 2)))
    sections[1][0] = -1;
  return TRUE;
}

/* Is a..b a section of @player's last action (from the history, so it is
 * there after a resume)? */
static gboolean
is_last_section (PtNextStationBoard *self,
                 int player,
                 const int *a,
                 const int *b)
{
  guint n = pt_game_get_n_moves (pt_board_get_game (PT_BOARD (self)));
  int sections[2][4];

  for (guint i = n; i > 0; i--)
    {
      const PtGameMove *move = pt_game_get_move (pt_board_get_game (PT_BOARD (self)), i - 1);

      if ((int) move->player != player)
        continue;
      if (!action_sections (move->move, sections))
        return FALSE;
      return same_section (sections[0], a, b) || same_section (sections[1], a, b);
    }
  return FALSE;
}

static void
motion_frame (double value,
              gpointer user_data)
{
  PtNextStationBoard *self = user_data;

  self->motion_t = value;
  gtk_widget_queue_draw (self->map);
}

static void
motion_done (AdwAnimation *animation,
             PtNextStationBoard *self)
{
  self->drawing = FALSE;
  gtk_widget_queue_draw (self->map);
  pt_board_set_animating (PT_BOARD (self), self->drawing);
}

static void
skip_motion (PtNextStationBoard *self)
{
  if (self->motion != NULL && self->drawing)
    adw_animation_skip (self->motion);
}

static void
on_move_motion (PtGame *game,
                guint player,
                JsonNode *move,
                PtNextStationBoard *self)
{
  int shown = pt_board_get_viewer (PT_BOARD (self)) >= 0 ? pt_board_get_viewer (PT_BOARD (self)) : 0;

  skip_motion (self);
  if ((int) player == shown)
    pt_board_set_hint (PT_BOARD (self), NULL);
  /* Every player's section is drawn along its path: the viewer's on
   * their sheet, the others' as the thin line of their sheet. */
  if (!action_sections (move, self->motion_section) || !gtk_widget_get_mapped (self->map))
    return;
  self->motion_player = (int) player;
  if (self->motion == NULL)
    {
      AdwAnimationTarget *target = adw_callback_animation_target_new (motion_frame, self, NULL);

      self->motion = adw_timed_animation_new (self->map, 0, 1, MOTION_MS, target);
      adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->motion), ADW_EASE_IN_OUT_CUBIC);
      g_signal_connect (self->motion, "done", G_CALLBACK (motion_done), self);
    }
  self->drawing = TRUE;
  self->motion_t = 0;
  pt_board_set_animating (PT_BOARD (self), self->drawing);
  adw_animation_reset (self->motion);
  adw_animation_play (self->motion);
}

static void
pt_next_station_board_hint_changed (PtBoard *board)
{
  PtNextStationBoard *self = PT_NEXT_STATION_BOARD (board);

  gtk_widget_queue_draw (self->map);
}

/* The hinted sections, thick and warm under the lines, and the station
 * the circle power would circle. */
static void
draw_hint (PtNextStationBoard *self,
           cairo_t *cr)
{
  JsonObject *object = pt_board_get_hint_object (PT_BOARD (self));
  int sections[2][4], circle[2];

  if (object == NULL)
    return;
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (6, self->cell * 0.22));
  cairo_set_source_rgba (cr, 0.90, 0.65, 0.04, 0.9);
  cairo_set_dash (cr, (double[]){ 10, 6 }, 2, 0);
  if (action_sections (pt_board_get_hint (PT_BOARD (self)), sections))
    for (int i = 0; i < 2; i++)
      if (sections[i][0] >= 0)
        {
          double ax, ay, bx, by;

          to_pixels (self, sections[i][0], sections[i][1], &ax, &ay);
          to_pixels (self, sections[i][2], sections[i][3], &bx, &by);
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, bx, by);
          cairo_stroke (cr);
        }
  if (read_point (object, "circle", circle))
    {
      double px, py;

      to_pixels (self, circle[0], circle[1], &px, &py);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_arc (cr, px, py, self->cell * 0.42, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* The other players' lines of this round, thin and translucent in their
 * colours (each player draws on an own sheet, so they never block the
 * viewer's), their last section under a halo and drawn along its path
 * when it is new. */
static void
draw_others (PtNextStationBoard *self,
             cairo_t *cr,
             gboolean dark)
{
  JsonObject *view = self->view ? json_node_get_object (self->view) : NULL;
  JsonArray *players = view ? json_object_get_array_member (view, "players") : NULL;
  int shown = MAX (pt_board_get_viewer (PT_BOARD (self)), 0);
  gint64 round = view && json_object_has_member (view, "round") ? json_object_get_int_member (view, "round") : 1;

  self->others_drawn = 0;
  self->others_last_drawn = FALSE;
  if (players == NULL)
    return;
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *sheet = json_array_get_object_element (players, p);
      JsonArray *lines = sheet ? json_object_get_array_member (sheet, "lines") : NULL;
      JsonObject *line;
      JsonArray *sections;
      int style;

      if ((int) p == shown || lines == NULL || round < 1 || (guint) round > json_array_get_length (lines))
        continue;
      line = json_array_get_object_element (lines, round - 1);
      sections = json_object_get_array_member (line, "sections");
      style = pt_line_colour_from_string (json_object_get_string_member (line, "colour"));
      if (style < 0 || sections == NULL)
        continue;
      for (guint i = 0; i < json_array_get_length (sections); i++)
        {
          JsonArray *pair = json_array_get_array_element (sections, i);
          JsonArray *a = json_array_get_array_element (pair, 0), *b = json_array_get_array_element (pair, 1);
          int sa[2] = { json_array_get_int_element (a, 0), json_array_get_int_element (a, 1) };
          int sb[2] = { json_array_get_int_element (b, 0), json_array_get_int_element (b, 1) };
          int moving = motion_index (self, (int) p, sa, sb);
          double ax, ay, bx, by;

          to_pixels (self, sa[0], sa[1], &ax, &ay);
          to_pixels (self, sb[0], sb[1], &bx, &by);
          if (moving >= 0)
            {
              const int *m = self->motion_section[moving];
              double t = motion_progress (self, moving);

              if (t <= 0)
                continue;
              to_pixels (self, m[0], m[1], &ax, &ay);
              to_pixels (self, m[2], m[3], &bx, &by);
              bx = ax + (bx - ax) * t;
              by = ay + (by - ay) * t;
            }
          if (is_last_section (self, (int) p, sa, sb))
            {
              cairo_set_source_rgba (cr, 0.96, 0.76, 0.07, 0.45);
              cairo_set_line_width (cr, MAX (6, self->cell * 0.22));
              cairo_move_to (cr, ax, ay);
              cairo_line_to (cr, bx, by);
              cairo_stroke (cr);
              self->others_last_drawn = TRUE;
            }
          set_colour (cr, PT_COLOUR_NS_LINE_PURPLE + style, dark, 0.7);
          cairo_set_line_width (cr, MAX (2, self->cell * 0.05));
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, bx, by);
          cairo_stroke (cr);
          self->others_drawn++;
        }
    }
  cairo_restore (cr);
}

static void
draw_map (GtkDrawingArea *area,
          cairo_t *cr,
          int width,
          int height,
          gpointer user_data)
{
  PtNextStationBoard *self = user_data;
  const PtStationMap *map = get_map (self);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double fg = dark ? 0.92 : 0.12;
  JsonArray *players;
  JsonObject *sheet = NULL;
  int shown = pt_board_get_viewer (PT_BOARD (self)) >= 0 ? pt_board_get_viewer (PT_BOARD (self)) : 0;

  compute_geometry (self, width, height);

  if (self->cache_width != width || self->cache_height != height || self->cache_dark != dark)
    {
      g_clear_pointer (&self->under, cairo_surface_destroy);
      g_clear_pointer (&self->over, cairo_surface_destroy);
    }
  cairo_set_source_surface (cr, layer (self, &self->under, width, height, dark, draw_under), 0, 0);
  cairo_paint (cr);
  layer (self, &self->over, width, height, dark, draw_stations);
  self->cache_width = width;
  self->cache_height = height;
  self->cache_dark = dark;

  /* The shown player's lines. */
  players = json_object_get_array_member (json_node_get_object (self->view), "players");
  if (players != NULL && (guint) shown < json_array_get_length (players))
    sheet = json_array_get_object_element (players, shown);
  if (sheet != NULL)
    {
      JsonArray *lines = json_object_get_array_member (sheet, "lines");

      for (guint l = 0; l < json_array_get_length (lines); l++)
        {
          JsonObject *line = json_array_get_object_element (lines, l);
          JsonArray *sections = json_object_get_array_member (line, "sections");
          int style = pt_line_colour_from_string (json_object_get_string_member (line, "colour"));

          if (style < 0)
            continue;
          set_colour (cr, PT_COLOUR_NS_LINE_PURPLE + style, dark, 1);
          cairo_set_line_width (cr, MAX (3, self->cell * 0.12));
          cairo_set_dash (cr, line_styles[style].dash, line_styles[style].n_dash, 0);
          for (guint i = 0; i < json_array_get_length (sections); i++)
            {
              JsonArray *pair = json_array_get_array_element (sections, i);
              JsonArray *a = json_array_get_array_element (pair, 0), *b = json_array_get_array_element (pair, 1);
              double ax, ay, bx, by;

              int sa[2] = { json_array_get_int_element (a, 0), json_array_get_int_element (a, 1) };
              int sb[2] = { json_array_get_int_element (b, 0), json_array_get_int_element (b, 1) };
              int moving = motion_index (self, shown, sa, sb);

              to_pixels (self, sa[0], sa[1], &ax, &ay);
              to_pixels (self, sb[0], sb[1], &bx, &by);
              if (moving >= 0)
                {
                  /* Drawn from where the player started it. */
                  const int *m = self->motion_section[moving];
                  double t = motion_progress (self, moving);

                  to_pixels (self, m[0], m[1], &ax, &ay);
                  to_pixels (self, m[2], m[3], &bx, &by);
                  bx = ax + (bx - ax) * t;
                  by = ay + (by - ay) * t;
                  if (t <= 0)
                    continue;
                }
              if (is_last_section (self, shown, sa, sb))
                {
                  /* The last move's section, under a soft halo. */
                  cairo_save (cr);
                  cairo_set_dash (cr, NULL, 0, 0);
                  cairo_set_source_rgba (cr, 0.96, 0.76, 0.07, 0.55);
                  cairo_set_line_width (cr, MAX (8, self->cell * 0.32));
                  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
                  cairo_move_to (cr, ax, ay);
                  cairo_line_to (cr, bx, by);
                  cairo_stroke (cr);
                  cairo_restore (cr);
                }
              cairo_move_to (cr, ax, ay);
              cairo_line_to (cr, bx, by);
              cairo_stroke (cr);
            }
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }

  draw_others (self, cr, dark);
  cairo_set_source_surface (cr, self->over, 0, 0);
  cairo_paint (cr);
  draw_hint (self, cr);

  /* The first step of a double or circle power, not yet played. */
  if (self->stage == 1 && !self->first_pass)
    {
      double ax, ay, bx, by;

      to_pixels (self, self->first[0], self->first[1], &ax, &ay);
      to_pixels (self, self->first[2], self->first[3], &bx, &by);
      set_colour (cr, PT_COLOUR_NS_LINE_END, dark, 0.8);
      cairo_set_line_width (cr, MAX (3, self->cell * 0.12));
      cairo_set_dash (cr, (double[]){ 6, 4 }, 2, 0);
      cairo_move_to (cr, ax, ay);
      cairo_line_to (cr, bx, by);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* Highlights of the choices the rules offer. */
  for (guint s = 0; s < map->n_stations; s++)
    {
      const PtStation *st = &map->stations[s];
      double px, py, r = self->cell * 0.2;

      to_pixels (self, st->x, st->y, &px, &py);
      /* Line ends to start from: a thick orange ring (not a line colour). */
      if (can_act (self) && self->from_x < 0 && is_from (self, st->x, st->y))
        {
          cairo_arc (cr, px, py, r * 2.2, 0, 2 * G_PI);
          set_colour (cr, PT_COLOUR_NS_LINE_END, dark, 1);
          cairo_set_line_width (cr, 4);
          cairo_stroke (cr);
        }
      if (self->from_x == st->x && self->from_y == st->y)
        {
          cairo_arc (cr, px, py, r * 2.2, 0, 2 * G_PI);
          set_colour (cr, PT_COLOUR_NS_LINE_END, dark, 0.45);
          cairo_fill (cr);
        }
      if (can_act (self) && is_target (self, st->x, st->y))
        {
          cairo_arc (cr, px, py, r * 2.1, 0, 2 * G_PI);
          set_colour (cr, PT_COLOUR_NS_TARGET, dark, 1);
          cairo_set_line_width (cr, 3);
          cairo_set_dash (cr, (double[]){ 4, 3 }, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }

  /* The keyboard cursor: the station whose spot has the focus. */
  if (cursor_has_focus (self))
    {
      double px, py;

      to_pixels (self, self->cursor_x, self->cursor_y, &px, &py);
      cairo_rectangle (cr, px - self->cell / 2 + 2, py - self->cell / 2 + 2, self->cell - 4, self->cell - 4);
      cairo_set_source_rgb (cr, fg, fg, fg);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
}

/* Stations as accessible spots ---------------------------------------------- */

static const char *
station_kind (int symbol)
{
  switch (symbol)
    {
    case PT_SYMBOL_CIRCLE:
      return _("Circle station");
    case PT_SYMBOL_TRIANGLE:
      return _("Triangle station");
    case PT_SYMBOL_SQUARE:
      return _("Square station");
    case PT_SYMBOL_PENTAGON:
      return _("Pentagon station");
    default:
      return _("Central Station, any symbol");
    }
}

/* One string per colour: the colour agrees with "line" in some languages. */
static const char *
on_line_text (int colour)
{
  switch (colour)
    {
    case PT_LINE_PURPLE:
      return _("on your purple line");
    case PT_LINE_BLUE:
      return _("on your blue line");
    case PT_LINE_PINK:
      return _("on your pink line");
    default:
      return _("on your green line");
    }
}

static const char *
departure_text (int colour)
{
  switch (colour)
    {
    case PT_LINE_PURPLE:
      return _("departure of the purple line");
    case PT_LINE_BLUE:
      return _("departure of the blue line");
    case PT_LINE_PINK:
      return _("departure of the pink line");
    default:
      return _("departure of the green line");
    }
}

/* The colours of the shown player's lines through each station. */
static void
lines_through (PtNextStationBoard *self,
               guint8 *colours)
{
  const PtStationMap *map = get_map (self);
  int shown = pt_board_get_viewer (PT_BOARD (self)) >= 0 ? pt_board_get_viewer (PT_BOARD (self)) : 0;
  JsonArray *players = self->view ? json_object_get_array_member (json_node_get_object (self->view), "players") : NULL;
  JsonArray *lines;

  memset (colours, 0, map->n_stations);
  if (players == NULL || (guint) shown >= json_array_get_length (players))
    return;
  lines = json_object_get_array_member (json_array_get_object_element (players, shown), "lines");
  for (guint l = 0; lines != NULL && l < json_array_get_length (lines); l++)
    {
      JsonObject *line = json_array_get_object_element (lines, l);
      int colour = pt_line_colour_from_string (json_object_get_string_member (line, "colour"));
      JsonArray *stations = json_object_get_array_member (line, "stations");

      /* A line still at its departure station is not drawn yet. */
      if (colour < 0 || stations == NULL || json_array_get_length (stations) < 2)
        continue;
      for (guint i = 0; i < json_array_get_length (stations); i++)
        {
          JsonArray *p = json_array_get_array_element (stations, i);
          int x = json_array_get_int_element (p, 0), y = json_array_get_int_element (p, 1);

          if (x >= 0 && y >= 0 && (guint) x < map->width && (guint) y < map->height && map->cell_station[y][x] >= 0)
            colours[map->cell_station[y][x]] |= 1u << colour;
        }
    }
}

/* "Triangle station, column 4, row 6, on your pink line, you can reach it" */
static void
update_spots (PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);
  guint8 colours[PT_STATION_MAP_MAX_STATIONS];
  gboolean acting = can_act (self);

  if (self->n_spots == 0)
    return;
  lines_through (self, colours);
  for (guint s = 0; s < self->n_spots; s++)
    {
      const PtStation *st = &map->stations[s];
      g_autoptr(GString) name = g_string_new (station_kind (st->symbol));
      gboolean chosen = self->from_x == st->x && self->from_y == st->y;

      g_string_append (name, ", ");
      /* Translators: where a station is on the map, counted from 1 at the top left */
      g_string_append_printf (name, _("column %u, row %u"), st->x + 1u, st->y + 1u);
      for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
        if (map->departures[c] == s)
          g_string_append_printf (name, ", %s", departure_text (c));
      if (map->tourist_sites & (G_GUINT64_CONSTANT (1) << s))
        g_string_append_printf (name, ", %s", _("tourist site"));
      for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
        if (colours[s] & (1u << c))
          g_string_append_printf (name, ", %s", on_line_text (c));
      if (acting && chosen)
        g_string_append_printf (name, ", %s", _("chosen line end"));
      else if (acting && choosing_circle (self) && find_choice (self, -1, -1, st->x, st->y) != NULL)
        g_string_append_printf (name, ", %s", _("you can circle it"));
      else if (acting && is_target (self, st->x, st->y))
        g_string_append_printf (name, ", %s", _("you can reach it"));
      else if (acting && self->from_x < 0 && is_from (self, st->x, st->y))
        g_string_append_printf (name, ", %s", _("a line end you can draw from"));
      pt_board_spot_set_name (PT_BOARD_SPOT (self->spots[s]), name->str);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->spots[s]), GTK_ACCESSIBLE_STATE_PRESSED,
                                   acting && chosen ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                   -1);
    }
}

static void
map_changed (PtNextStationBoard *self)
{
  update_spots (self);
  gtk_widget_queue_draw (self->map);
}

static int
cursor_station (PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);

  if (self->cursor_x < 0 || self->cursor_y < 0 || (guint) self->cursor_x >= map->width || (guint) self->cursor_y >= map->height)
    return -1;
  return map->cell_station[self->cursor_y][self->cursor_x];
}

static gboolean
cursor_has_focus (PtNextStationBoard *self)
{
  int s = cursor_station (self);

  return s >= 0 && (guint) s < self->n_spots && gtk_widget_has_focus (self->spots[s]);
}

/* Moves the cursor and the keyboard focus to the station at (@x, @y), if
 * there is one. Only the cursor's spot takes Tab. */
static void
focus_station (PtNextStationBoard *self,
               int x,
               int y)
{
  const PtStationMap *map = get_map (self);
  int s;

  if (x < 0 || y < 0 || (guint) x >= map->width || (guint) y >= map->height)
    return;
  s = map->cell_station[y][x];
  if (s < 0 || (guint) s >= self->n_spots)
    return;
  gtk_widget_set_focusable (self->spots[s], TRUE);
  gtk_widget_grab_focus (self->spots[s]);
}

static void
on_spot_focus (PtBoardSpot *spot,
               GParamSpec *pspec,
               PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);
  guint s = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spot), "station"));

  if (gtk_widget_has_focus (GTK_WIDGET (spot)))
    {
      int previous = cursor_station (self);

      if (previous >= 0 && (guint) previous != s && (guint) previous < self->n_spots)
        gtk_widget_set_focusable (self->spots[previous], FALSE);
      self->cursor_x = map->stations[s].x;
      self->cursor_y = map->stations[s].y;
    }
  gtk_widget_queue_draw (self->map);
}

static void
on_spot_activate (PtBoardSpot *spot,
                  PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);
  guint s = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spot), "station"));

  choose_station (self, map->stations[s].x, map->stations[s].y);
}

static gboolean
on_spot_position (GtkOverlay *overlay,
                  GtkWidget *widget,
                  GdkRectangle *allocation,
                  PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);
  guint s;

  if (!PT_IS_BOARD_SPOT (widget))
    return FALSE;
  s = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "station"));
  compute_geometry (self, gtk_widget_get_width (GTK_WIDGET (overlay)), gtk_widget_get_height (GTK_WIDGET (overlay)));
  allocation->x = (int) (self->origin_x + map->stations[s].x * self->cell);
  allocation->y = (int) (self->origin_y + map->stations[s].y * self->cell);
  allocation->width = allocation->height = MAX (1, (int) self->cell);
  return TRUE;
}

/* One spot per station, in reading order (the map's station order). */
static void
build_spots (PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);

  for (guint s = 0; s < map->n_stations && s < G_N_ELEMENTS (self->spots); s++)
    {
      GtkWidget *spot = pt_board_spot_new (GTK_ACCESSIBLE_ROLE_BUTTON);

      g_object_set_data (G_OBJECT (spot), "station", GUINT_TO_POINTER (s));
      gtk_widget_set_focusable (spot, s == 0);
      g_signal_connect (spot, "notify::has-focus", G_CALLBACK (on_spot_focus), self);
      g_signal_connect (spot, "activate", G_CALLBACK (on_spot_activate), self);
      gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), spot);
      self->spots[s] = spot;
      self->n_spots = s + 1;
    }
  if (map->n_stations > 0)
    {
      self->cursor_x = map->stations[0].x;
      self->cursor_y = map->stations[0].y;
    }
}

/* Input ---------------------------------------------------------------------- */

static void
on_map_click (GtkGestureClick *click,
              int n_press,
              double x,
              double y,
              PtNextStationBoard *self)
{
  int cx, cy;

  if (self->cell <= 0)
    return;
  cx = (int) floor ((x - self->origin_x) / self->cell);
  cy = (int) floor ((y - self->origin_y) / self->cell);
  self->cursor_x = cx;
  self->cursor_y = cy;
  choose_station (self, cx, cy);
  focus_station (self, cx, cy);
}

/* The nearest station from (@x, @y) in the direction (@dx, @dy): ahead,
 * and as little to the side as possible (a step aside counts double). */
static int
neighbour (const PtStationMap *map,
           int x,
           int y,
           int dx,
           int dy)
{
  int best = -1, best_cost = G_MAXINT;

  for (guint s = 0; s < map->n_stations; s++)
    {
      int sx = map->stations[s].x - x, sy = map->stations[s].y - y;
      int ahead = sx * dx + sy * dy, aside = ABS (sx * dy) + ABS (sy * dx);
      int cost = ahead + 2 * aside;

      if (ahead <= 0)
        continue;
      if (cost < best_cost)
        {
          best = (int) s;
          best_cost = cost;
        }
    }
  return best;
}

static gboolean
on_map_key (GtkEventControllerKey *key,
            guint keyval,
            guint keycode,
            GdkModifierType state,
            PtNextStationBoard *self)
{
  const PtStationMap *map = get_map (self);
  int dx = 0, dy = 0, s;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;
    default:
      return FALSE;
    }
  s = neighbour (map, self->cursor_x, self->cursor_y, dx, dy);
  if (s >= 0)
    focus_station (self, map->stations[s].x, map->stations[s].y);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
  return TRUE;
}

static void
on_pass_clicked (GtkButton *button,
                 PtNextStationBoard *self)
{
  pass (self);
}

/* Refresh --------------------------------------------------------------------- */

static char *
card_text (const char *code)
{
  static const struct
  {
    const char *id;
    const char *name;
  } symbols[] = {
    { "circle", N_("circle") }, { "triangle", N_("triangle") }, { "square", N_("square") }, { "pentagon", N_("pentagon") }, { "joker", N_("joker") }, { "switch", N_("switch") },
                                                                                                };
  const char *symbol = code ? strchr (code, ':') : NULL;

  if (symbol == NULL)
    return g_strdup ("");
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (g_strcmp0 (symbols[i].id, symbol + 1) == 0)
      /* Translators: a station card, e.g. "underground circle" */
      return g_strdup_printf (code[0] == 'U' ? _("underground %s") : _("street %s"), _(symbols[i].name));
  return g_strdup (code);
}

static const char *
power_label (const char *power)
{
  if (g_strcmp0 (power, "double") == 0)
    return _("Use the _Double Power");
  if (g_strcmp0 (power, "joker") == 0)
    return _("Use the _Joker Power");
  if (g_strcmp0 (power, "switch") == 0)
    return _("Use the _Switch Power");
  return _("Use the _Circle Power");
}

static const char *
prompt_text (PtNextStationBoard *self)
{
  gboolean any = FALSE;
  JsonArray *moves;

  if (!can_act (self))
    return "";
  if (g_strcmp0 (self->power, "double") == 0)
    return self->stage == 0 ? _("Double power: draw the first section (a line end, then a station)")
                            : _("Double power: now the second section, to another station of the same symbol");
  if (g_strcmp0 (self->power, "circle") == 0)
    return self->stage == 0 ? _("Circle power: draw a section or pass, then choose the station to circle")
                            : _("Circle power: choose a station of your line to circle (dashed green)");
  if (g_strcmp0 (self->power, "joker") == 0)
    return _("Joker power: the card counts as a joker — choose a line end, then a station");
  if (g_strcmp0 (self->power, "switch") == 0)
    return _("Switch power: the section may branch from any station of your line");

  moves = json_node_get_array (self->legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      any |= json_object_has_member (m, "from") && !json_object_has_member (m, "power");
    }
  return any ? _("Choose a line end (orange ring), then a station it may reach (dashed green), or pass")
             : _("No section fits this card: pass");
}

/* Says what the thin lines are. */
static void
update_others_legend (PtNextStationBoard *self)
{
  PtGame *game = pt_board_get_game (PT_BOARD (self));
  guint n = pt_game_get_n_players (game);
  int shown = MAX (pt_board_get_viewer (PT_BOARD (self)), 0);
  g_autofree char *text = NULL;

  if (n == 2)
    /* Translators: under the Next Station map; %s is the other player */
    text = g_strdup_printf (_("Thin line: %s’s line this round, on their own sheet — it never blocks yours."),
                               pt_game_get_player_name (game, 1 - shown));
  else if (n > 2)
    text = g_strdup (_("Thin lines: the other players’ lines this round, on their own sheets — they never block yours."));
  gtk_label_set_text (GTK_LABEL (self->others_label), text ? text : "");
  gtk_widget_set_visible (self->others_label, text != NULL);
}

static void
refresh (PtNextStationBoard *self)
{
  JsonObject *view;
  JsonArray *flipped;
  g_autoptr(GString) flipped_text = g_string_new (NULL);
  g_autoptr(GString) scores = g_string_new (NULL);
  g_autofree char *status = NULL;
  g_autofree char *card = NULL;
  int values[PT_GAME_MAX_PLAYERS] = { 0 };

  g_clear_pointer (&self->view, json_node_unref);
  g_clear_pointer (&self->legal, json_node_unref);
  self->view = pt_game_get_view (pt_board_get_game (PT_BOARD (self)), pt_board_get_viewer (PT_BOARD (self)));
  view = json_node_get_object (self->view);
  if (pt_board_get_interactive (PT_BOARD (self)) && pt_board_get_viewer (PT_BOARD (self)) >= 0 && pt_game_get_current_player (pt_board_get_game (PT_BOARD (self))) == pt_board_get_viewer (PT_BOARD (self)))
    self->legal = pt_game_list_legal_moves (pt_board_get_game (PT_BOARD (self)), pt_board_get_viewer (PT_BOARD (self)));
  self->from_x = self->from_y = -1;

  /* Translators: "Round 2 of 4 · turn 3 · 2 of 5 underground cards" */
  status = g_strdup_printf (_("Round %d of 4 · turn %d · %d of 5 underground cards"),
                               (int) json_object_get_int_member (view, "round"),
                               (int) json_object_get_int_member (view, "turn"),
                               (int) json_object_get_int_member_with_default (view, "underground_flipped", 0));
  gtk_label_set_text (GTK_LABEL (self->status_label), status);

  card = card_text (json_object_get_string_member_with_default (view, "card", NULL));
  if (card[0] != '\0')
    {
      g_autofree char *text = g_strdup_printf (json_object_get_boolean_member_with_default (view, "branch_allowed", FALSE)
                                               ? _("Card: %s — after a switch: a branch from any station of the line")
                                               : _("Card: %s"), card);
      gtk_label_set_text (GTK_LABEL (self->card_label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->card_label), "");

  flipped = json_object_get_array_member (view, "flipped");
  for (guint i = 0; flipped != NULL && i < json_array_get_length (flipped); i++)
    {
      g_autofree char *c = card_text (json_array_get_string_element (flipped, i));
      g_string_append_printf (flipped_text, "%s%s", i > 0 ? ", " : "", c);
    }
  if (flipped_text->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Turned over this round: %s"), flipped_text->str);
      gtk_label_set_text (GTK_LABEL (self->flipped_label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->flipped_label), "");

  pt_game_get_scores (pt_board_get_game (PT_BOARD (self)), values);
  for (guint p = 0; p < pt_game_get_n_players (pt_board_get_game (PT_BOARD (self))); p++)
    g_string_append_printf (scores, "%s%s: %d", p > 0 ? " · " : "",
                            pt_game_get_player_name (pt_board_get_game (PT_BOARD (self)), p), values[p]);
  gtk_label_set_text (GTK_LABEL (self->scores_label), scores->str);
  update_others_legend (self);

  /* A new turn: no power in use; the power offered only when legal. */
  g_clear_pointer (&self->power, g_free);
  self->stage = 0;
  self->first_pass = FALSE;
  {
    const char *power = can_act (self) ? offered_power (self) : NULL;

    gtk_widget_set_visible (self->power_button, power != NULL);
    if (power != NULL)
      gtk_button_set_label (GTK_BUTTON (self->power_button), power_label (power));
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->power_button), FALSE);
  }
  update_prompt (self);
  map_changed (self);
}

static void
update_prompt (PtNextStationBoard *self)
{
  const char *prompt = prompt_text (self);

  pt_board_set_prompt (PT_BOARD (self), prompt);
  gtk_label_set_text (GTK_LABEL (self->prompt_label), prompt);
  /* A pass is allowed without a power, and with the circle power's first step. */
  gtk_widget_set_sensitive (self->pass_button,
                            can_act (self) && (self->power == NULL || (self->stage == 0 && g_strcmp0 (self->power, "circle") == 0)));
}

static void
on_game_changed (PtNextStationBoard *self)
{
  refresh (self);
}

/* Actions ------------------------------------------------------------------------ */

static void
action_section (GtkWidget *widget,
                const char *action_name,
                GVariant *parameter)
{
  PtNextStationBoard *self = PT_NEXT_STATION_BOARD (widget);
  int fx, fy, tx, ty;

  g_variant_get (parameter, "(iiii)", &fx, &fy, &tx, &ty);
  /* As a player would: the end, then the target. */
  choose_station (self, fx, fy);
  choose_station (self, tx, ty);
}

static void
action_station (GtkWidget *widget,
                const char *action_name,
                GVariant *parameter)
{
  int x, y;

  g_variant_get (parameter, "(ii)", &x, &y);
  choose_station (PT_NEXT_STATION_BOARD (widget), x, y);
}

static void
action_power (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  PtNextStationBoard *self = PT_NEXT_STATION_BOARD (widget);

  set_power_active (self, self->power == NULL);
}

static void
action_cancel (GtkWidget *widget,
               const char *action_name,
               GVariant *parameter)
{
  PtNextStationBoard *self = PT_NEXT_STATION_BOARD (widget);

  self->from_x = self->from_y = -1;
  map_changed (self);
}

static void
action_pass (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  pass (PT_NEXT_STATION_BOARD (widget));
}

/* Construction --------------------------------------------------------------------- */

GtkWidget *
pt_next_station_board_new (PtGame *game)
{
  return g_object_new (PT_TYPE_NEXT_STATION_BOARD, "game", game, NULL);
}

guint
pt_next_station_board_get_others_drawn (PtNextStationBoard *self,
                                        gboolean *last_move_drawn)
{
  g_return_val_if_fail (PT_IS_NEXT_STATION_BOARD (self), 0);
  if (last_move_drawn != NULL)
    *last_move_drawn = self->others_last_drawn;
  return self->others_drawn;
}

static void
on_dark_changed (PtNextStationBoard *self)
{
  map_changed (self);
}

static void
pt_next_station_board_constructed (GObject *object)
{
  PtNextStationBoard *self = PT_NEXT_STATION_BOARD (object);

  G_OBJECT_CLASS (pt_next_station_board_parent_class)->constructed (object);

  build_spots (self);

  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-applied", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-undone", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-applied", G_CALLBACK (on_move_motion), self, 0);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
  refresh (self);
}

static void
pt_next_station_board_dispose (GObject *object)
{
  PtNextStationBoard *self = PT_NEXT_STATION_BOARD (object);

  pt_board_clear_animation (PT_BOARD (self), &self->motion);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_NEXT_STATION_BOARD);
  g_clear_pointer (&self->view, json_node_unref);
  g_clear_pointer (&self->legal, json_node_unref);
  g_clear_pointer (&self->under, cairo_surface_destroy);
  g_clear_pointer (&self->over, cairo_surface_destroy);

  G_OBJECT_CLASS (pt_next_station_board_parent_class)->dispose (object);
}

static void
pt_next_station_board_finalize (GObject *object)
{
  g_free (PT_NEXT_STATION_BOARD (object)->power);

  G_OBJECT_CLASS (pt_next_station_board_parent_class)->finalize (object);
}

/* PtBoard ------------------------------------------------------------ */

static void
pt_next_station_board_refresh (PtBoard *board)
{
  refresh (PT_NEXT_STATION_BOARD (board));
}

static void
pt_next_station_board_class_init (PtNextStationBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PtBoardClass *board_class = PT_BOARD_CLASS (klass);

  object_class->constructed = pt_next_station_board_constructed;
  object_class->dispose = pt_next_station_board_dispose;
  object_class->finalize = pt_next_station_board_finalize;

  board_class->refresh = pt_next_station_board_refresh;
  board_class->hint_changed = pt_next_station_board_hint_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/next-station/pt-next-station-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, status_label);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, card_label);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, pass_button);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, power_button);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, flipped_label);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, map);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, overlay);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, others_label);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationBoard, scores_label);
  gtk_widget_class_bind_template_callback (widget_class, on_pass_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_power_toggled);
  gtk_widget_class_bind_template_callback (widget_class, skip_motion);
  gtk_widget_class_bind_template_callback (widget_class, on_map_click);
  gtk_widget_class_bind_template_callback (widget_class, on_spot_position);
  gtk_widget_class_bind_template_callback (widget_class, on_map_key);

  gtk_widget_class_install_action (widget_class, "board.section", "(iiii)", action_section);
  gtk_widget_class_install_action (widget_class, "board.pass", NULL, action_pass);
  gtk_widget_class_install_action (widget_class, "board.station", "(ii)", action_station);
  gtk_widget_class_install_action (widget_class, "board.power", NULL, action_power);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, action_cancel);

  gtk_widget_class_set_css_name (widget_class, "next-station-board");
}

/* The map takes the whole width it is given, down to 240 px (a 360 px
 * window); its height follows the text size, so that symbols and numbers
 * grow with Large Text. */
static void
update_map_size (PtNextStationBoard *self)
{
  gtk_widget_set_size_request (self->map, 240, (int) (440 * pt_text_scale (GTK_WIDGET (self))));
  g_clear_pointer (&self->under, cairo_surface_destroy);
  g_clear_pointer (&self->over, cairo_surface_destroy);
}

/* Listed in the shortcuts window (PtGameUi.shortcuts in the game's pt-*-ui.c). */
static const PtBoardKey keys[] = {
  { "p", "board.pass", NULL },
  { "<Shift>p", "board.pass", NULL },
  { "u", "board.power", NULL },
  { "<Shift>u", "board.power", NULL },
  { "Escape", "board.cancel", NULL },
};

static void
pt_next_station_board_init (PtNextStationBoard *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  self->from_x = self->from_y = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->map), draw_map, self, NULL);
  pt_board_keys_install (GTK_WIDGET (self), keys, G_N_ELEMENTS (keys));
  pt_text_scale_connect (GTK_WIDGET (self));
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-xft-dpi",
                           G_CALLBACK (update_map_size), self, G_CONNECT_SWAPPED);
  update_map_size (self);
}
