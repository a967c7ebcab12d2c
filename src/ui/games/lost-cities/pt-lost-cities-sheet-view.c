/* pt-lost-cities-sheet-view.c — the Lost Cities score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Per round, per player and colour: the wagers (0–3) and the number cards
 * played (a toggle for each of 2–10). One round is on screen at a time;
 * the table on top shows every round's scores and the running match total.
 * Every number shown comes from pt_rules_score_sheet().
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-companion-util.h"
#include <string.h>

#include "pt-lost-cities-score.h"
#include "pt-lost-cities-sheet-view.h"

#define N_PLAYERS PT_LOST_CITIES_N_PLAYERS
#define N_COLORS  PT_LOST_CITIES_MAX_COLORS
#define N_VALUES  (PT_LOST_CITIES_MAX_VALUE - PT_LOST_CITIES_MIN_VALUE + 1)
#define N_ROUNDS  PT_MATCH_MAX_ROUNDS

/* The expedition colours as drawn in the swatches. */
static const char *const color_rgb[N_COLORS] = {
  "#f6d32d",
  "#3584e4",
  "#deddda",
  "#33d17a",
  "#e01b24",
  "#9141ac",
};

struct _PtLostCitiesSheetView
{
  PtSheetView parent_instance;

  /* What was typed, for every round (the screen shows one). */
  int wagers[N_ROUNDS][N_PLAYERS][N_COLORS];
  /* "r:p:c" → wagers typed that are not a number, kept as typed. */
  GHashTable *wager_texts;
  guint16 masks[N_ROUNDS][N_PLAYERS][N_COLORS];
  guint n_rounds;
  guint round;
  guint n_colors;
  gboolean seed_reading;

  /* Template widgets */
  GtkBox *box;
  AdwPreferencesGroup *scoring_group;
  AdwComboRow *reading_row;
  AdwComboRow *colors_row;
  AdwPreferencesGroup *totals_group;

  GtkBox *round_buttons;
  GtkToggleButton *round_toggle[N_ROUNDS];
  GtkButton *add_round_button;
  GtkButton *remove_round_button;
  GtkGrid *totals_grid;
  GtkLabel *round_score_label[N_ROUNDS][N_PLAYERS];
  GtkLabel *round_title_label[N_ROUNDS];
  GtkLabel *player_head_label[N_PLAYERS];
  GtkLabel *total_label[N_PLAYERS];
  AdwPreferencesGroup *player_group[N_PLAYERS];
  GtkWidget *color_row[N_PLAYERS][N_COLORS];
  GtkSpinButton *wager_spin[N_PLAYERS][N_COLORS];
  GtkToggleButton *card_toggle[N_PLAYERS][N_COLORS][N_VALUES];
  GtkLabel *expedition_label[N_PLAYERS][N_COLORS];
};

G_DEFINE_FINAL_TYPE (PtLostCitiesSheetView, pt_lost_cities_sheet_view, PT_TYPE_SHEET_VIEW)

GtkWidget *
pt_lost_cities_sheet_view_new (void)
{
  return g_object_new (PT_TYPE_LOST_CITIES_SHEET_VIEW, NULL);
}

/* Widgets → typed state ---------------------------------------------------- */

static char *
wager_key (guint round,
           guint player,
           guint color)
{
  return g_strdup_printf ("%u:%u:%u", round, player, color);
}

/* Every keystroke: the count as typed (7 stays 7 for the rules layer to
 * refuse), or the text itself when it is not a number. */
static void
on_wager_changed (GtkEditable *editable,
                  PtLostCitiesSheetView *self)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (editable);

  for (guint p = 0; p < N_PLAYERS; p++)
    for (guint c = 0; c < N_COLORS; c++)
      if (self->wager_spin[p][c] == spin)
        {
          int value = 0;

          if (pt_sheet_number_get_value (spin, &value))
            {
              g_autofree char *key = wager_key (self->round, p, c);

              g_hash_table_remove (self->wager_texts, key);
            }
          else
            g_hash_table_insert (self->wager_texts, wager_key (self->round, p, c),
                                 g_strdup (gtk_editable_get_text (editable)));
          self->wagers[self->round][p][c] = value;
        }
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (spin));
}

static void
on_card_toggled (GtkToggleButton *toggle,
                 PtLostCitiesSheetView *self)
{
  for (guint p = 0; p < N_PLAYERS; p++)
    for (guint c = 0; c < N_COLORS; c++)
      for (guint v = 0; v < N_VALUES; v++)
        if (self->card_toggle[p][c][v] == toggle)
          {
            guint16 bit = (guint16) (1u << (v + PT_LOST_CITIES_MIN_VALUE));

            if (gtk_toggle_button_get_active (toggle))
              self->masks[self->round][p][c] |= bit;
            else
              self->masks[self->round][p][c] &= (guint16) ~bit;
          }
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (toggle));
}

/* Typed state → widgets (a round switch, a load) ----------------------------- */

static void
sync_round_widgets (PtLostCitiesSheetView *self)
{
  pt_sheet_view_freeze (PT_SHEET_VIEW (self));
  for (guint p = 0; p < N_PLAYERS; p++)
    for (guint c = 0; c < N_COLORS; c++)
      {
        g_autofree char *key = wager_key (self->round, p, c);
        const char *text = g_hash_table_lookup (self->wager_texts, key);
        g_autofree char *kept = g_strdup (text);

        if (kept != NULL)
          pt_sheet_number_set_text (self->wager_spin[p][c], kept);
        else
          pt_sheet_number_set_value (self->wager_spin[p][c], self->wagers[self->round][p][c]);
        for (guint v = 0; v < N_VALUES; v++)
          gtk_toggle_button_set_active (self->card_toggle[p][c][v],
                                        (self->masks[self->round][p][c] >>
                                         (v + PT_LOST_CITIES_MIN_VALUE)) &
                                            1);
      }
  for (guint r = 0; r < N_ROUNDS; r++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->round_toggle[r]), r < self->n_rounds);
      gtk_toggle_button_set_active (self->round_toggle[r], r == self->round);
      gtk_widget_set_visible (GTK_WIDGET (self->round_title_label[r]), r < self->n_rounds);
      for (guint p = 0; p < N_PLAYERS; p++)
        gtk_widget_set_visible (GTK_WIDGET (self->round_score_label[r][p]), r < self->n_rounds);
    }
  for (guint p = 0; p < N_PLAYERS; p++)
    for (guint c = 0; c < N_COLORS; c++)
      gtk_widget_set_visible (self->color_row[p][c], c < self->n_colors);
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_round_button), self->n_rounds < N_ROUNDS);
  gtk_widget_set_sensitive (GTK_WIDGET (self->remove_round_button), self->n_rounds > 1);
  pt_sheet_view_thaw (PT_SHEET_VIEW (self));
}

void
pt_lost_cities_sheet_view_set_round (PtLostCitiesSheetView *self,
                                     guint round)
{
  g_return_if_fail (PT_IS_LOST_CITIES_SHEET_VIEW (self));
  g_return_if_fail (round < self->n_rounds);

  self->round = round;
  sync_round_widgets (self);
  pt_sheet_view_evaluate (PT_SHEET_VIEW (self));
}

guint
pt_lost_cities_sheet_view_get_round (PtLostCitiesSheetView *self)
{
  g_return_val_if_fail (PT_IS_LOST_CITIES_SHEET_VIEW (self), 0);
  return self->round;
}

static void
forget_round_texts (PtLostCitiesSheetView *self,
                    guint round)
{
  for (guint p = 0; p < N_PLAYERS; p++)
    for (guint c = 0; c < N_COLORS; c++)
      {
        g_autofree char *key = wager_key (round, p, c);

        g_hash_table_remove (self->wager_texts, key);
      }
}

gboolean
pt_lost_cities_sheet_view_add_round (PtLostCitiesSheetView *self)
{
  g_return_val_if_fail (PT_IS_LOST_CITIES_SHEET_VIEW (self), FALSE);

  if (self->n_rounds >= N_ROUNDS)
    return FALSE;
  memset (self->wagers[self->n_rounds], 0, sizeof self->wagers[0]);
  memset (self->masks[self->n_rounds], 0, sizeof self->masks[0]);
  forget_round_texts (self, self->n_rounds);
  self->round = self->n_rounds++;
  sync_round_widgets (self);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), NULL);
  return TRUE;
}

static void
on_round_toggled (GtkToggleButton *toggle,
                  PtLostCitiesSheetView *self)
{
  if (!gtk_toggle_button_get_active (toggle))
    return;
  for (guint r = 0; r < self->n_rounds; r++)
    if (self->round_toggle[r] == toggle && r != self->round)
      pt_lost_cities_sheet_view_set_round (self, r);
}

static void
on_add_round (GtkButton *button,
              PtLostCitiesSheetView *self)
{
  pt_lost_cities_sheet_view_add_round (self);
}

/* Removes the last round (the one people add by mistake). */
static void
on_remove_round (GtkButton *button,
                 PtLostCitiesSheetView *self)
{
  if (self->n_rounds <= 1)
    return;
  self->n_rounds--;
  forget_round_texts (self, self->n_rounds);
  self->round = MIN (self->round, self->n_rounds - 1);
  sync_round_widgets (self);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), NULL);
}

void
pt_lost_cities_sheet_view_set_reading (PtLostCitiesSheetView *self,
                                       const char *reading)
{
  g_return_if_fail (PT_IS_LOST_CITIES_SHEET_VIEW (self));
  adw_combo_row_set_selected (self->reading_row, g_strcmp0 (reading, "seed") == 0 ? 1 : 0);
}

void
pt_lost_cities_sheet_view_set_colors (PtLostCitiesSheetView *self,
                                      guint n_colors)
{
  g_return_if_fail (PT_IS_LOST_CITIES_SHEET_VIEW (self));
  adw_combo_row_set_selected (self->colors_row, n_colors == N_COLORS ? 1 : 0);
}

static void
on_reading_selected (AdwComboRow *row,
                     GParamSpec *pspec,
                     PtLostCitiesSheetView *self)
{
  self->seed_reading = adw_combo_row_get_selected (row) == 1;
  adw_preferences_group_set_description (self->scoring_group,
                                         self->seed_reading
                                         ? _("Only number cards count toward the 8-card bonus; wagers alone score nothing")
                                         : _("Wagers count toward the 8-card bonus; wagers alone still pay the 20, multiplied"));
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (row));
}

static void
on_colors_selected (AdwComboRow *row,
                    GParamSpec *pspec,
                    PtLostCitiesSheetView *self)
{
  self->n_colors = adw_combo_row_get_selected (row) == 1 ? N_COLORS : PT_LOST_CITIES_MIN_COLORS;
  sync_round_widgets (self);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (row));
}

/* The sheet for the rules layer ------------------------------------------- */

static JsonObject *
build_player_round (PtLostCitiesSheetView *self,
                    guint round,
                    guint player)
{
  JsonObject *expeditions = json_object_new ();

  /* With 5 expeditions the purple row is hidden; what was typed in it is
   * kept (it comes back with 6) but not scored. */
  for (guint c = 0; c < N_COLORS; c++)
    {
      JsonObject *expedition;
      JsonArray *cards;
      char letter[2] = { pt_lost_cities_color_letters[c], '\0' };

      if (self->wagers[round][player][c] == 0 && self->masks[round][player][c] == 0)
        continue;
      if (c >= self->n_colors)
        continue;
      expedition = json_object_new ();
      cards = json_array_new ();
      json_object_set_int_member (expedition, "wagers", self->wagers[round][player][c]);
      for (guint v = PT_LOST_CITIES_MIN_VALUE; v <= PT_LOST_CITIES_MAX_VALUE; v++)
        if (self->masks[round][player][c] & (1u << v))
          json_array_add_int_element (cards, v);
      json_object_set_array_member (expedition, "cards", cards);
      json_object_set_object_member (expeditions, letter, expedition);
    }
  return expeditions;
}

static JsonObject *
pt_lost_cities_sheet_view_build_sheet (PtSheetView *sheet_view)
{
  PtLostCitiesSheetView *self = PT_LOST_CITIES_SHEET_VIEW (sheet_view);
  JsonObject *sheet = json_object_new ();
  JsonObject *options = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *rounds = json_array_new ();

  json_object_set_string_member (sheet, "game", "lost-cities");
  json_object_set_int_member (options, "colors", self->n_colors);
  json_object_set_string_member (options, "rules", self->seed_reading ? "seed" : "rulebook");
  json_object_set_object_member (sheet, "options", options);
  for (guint p = 0; p < N_PLAYERS; p++)
    json_array_add_string_element (players, pt_sheet_view_get_player_name (sheet_view, p));
  json_object_set_array_member (sheet, "players", players);
  for (guint r = 0; r < self->n_rounds; r++)
    {
      JsonArray *round = json_array_new ();

      for (guint p = 0; p < N_PLAYERS; p++)
        json_array_add_object_element (round, build_player_round (self, r, p));
      json_array_add_array_element (rounds, round);
    }
  json_object_set_array_member (sheet, "rounds", rounds);
  return sheet;
}

/* Reads back a sheet written by build_sheet (a draft or a saved match). */
static gboolean
pt_lost_cities_sheet_view_load_sheet (PtSheetView *sheet_view,
                                      JsonObject *sheet,
                                      GError **error)
{
  PtLostCitiesSheetView *self = PT_LOST_CITIES_SHEET_VIEW (sheet_view);
  JsonObject *options = pt_companion_obj (sheet, "options");
  JsonArray *players = pt_companion_arr (sheet, "players");
  JsonArray *rounds = pt_companion_arr (sheet, "rounds");
  const char *names[N_PLAYERS + 1] = {
    NULL,
  };

  if (players == NULL || rounds == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("This Lost Cities sheet has no players or rounds"));
      return FALSE;
    }
  memset (self->wagers, 0, sizeof self->wagers);
  memset (self->masks, 0, sizeof self->masks);
  g_hash_table_remove_all (self->wager_texts);
  for (guint p = 0; p < N_PLAYERS && p < json_array_get_length (players); p++)
    names[p] = json_array_get_string_element (players, p);
  pt_sheet_view_set_players (sheet_view, names);

  if (options != NULL)
    {
      pt_lost_cities_sheet_view_set_reading (self, json_object_get_string_member_with_default (options, "rules", "rulebook"));
      pt_lost_cities_sheet_view_set_colors (self, (guint) json_object_get_int_member_with_default (options, "colors", 5));
    }
  self->n_rounds = CLAMP (json_array_get_length (rounds), 1, N_ROUNDS);
  for (guint r = 0; r < self->n_rounds && r < json_array_get_length (rounds); r++)
    {
      JsonArray *round = json_array_get_array_element (rounds, r);

      for (guint p = 0; round != NULL && p < N_PLAYERS && p < json_array_get_length (round); p++)
        {
          JsonObject *expeditions = pt_companion_obj_at (round, p);

          for (guint c = 0; expeditions != NULL && c < N_COLORS; c++)
            {
              char letter[2] = { pt_lost_cities_color_letters[c], '\0' };
              JsonObject *expedition = pt_companion_obj (expeditions, letter);
              JsonArray *cards;

              if (expedition == NULL)
                continue;
              /* As written, also an impossible count: the rules layer says why. */
              self->wagers[r][p][c] = (int) CLAMP (json_object_get_int_member_with_default (expedition, "wagers", 0),
                                                   -999999, 999999);
              cards = pt_companion_arr (expedition, "cards");
              for (guint i = 0; cards != NULL && i < json_array_get_length (cards); i++)
                {
                  gint64 v = pt_companion_int_at (cards, i);

                  if (v >= PT_LOST_CITIES_MIN_VALUE && v <= PT_LOST_CITIES_MAX_VALUE)
                    self->masks[r][p][c] |= (guint16) (1u << v);
                }
            }
        }
    }
  self->round = self->n_rounds - 1;
  sync_round_widgets (self);
  return TRUE;
}

static void
pt_lost_cities_sheet_view_show_result (PtSheetView *sheet_view,
                                       JsonObject *result)
{
  PtLostCitiesSheetView *self = PT_LOST_CITIES_SHEET_VIEW (sheet_view);
  JsonArray *rounds = result ? pt_companion_arr (result, "rounds") : NULL;
  JsonArray *totals = result ? pt_companion_arr (result, "totals") : NULL;
  JsonArray *winners = result ? pt_companion_arr (result, "winners") : NULL;

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      const char *name = pt_sheet_view_get_player_name (sheet_view, p);

      gtk_label_set_text (self->player_head_label[p], name);
      pt_companion_group_set_title (GTK_WIDGET (self->player_group[p]), name);
    }

  /* Refused: keep the last numbers but grey them out, so nobody copies a
   * total that the rules layer did not accept. */
  gtk_widget_set_opacity (GTK_WIDGET (self->totals_grid), result != NULL ? 1.0 : 0.45);
  if (result == NULL)
    return;

  for (guint r = 0; r < self->n_rounds && r < json_array_get_length (rounds); r++)
    {
      JsonObject *round = pt_companion_obj_at (rounds, r);
      JsonArray *scores = pt_companion_arr (round, "scores");
      JsonArray *players = pt_companion_arr (round, "players");

      for (guint p = 0; p < N_PLAYERS; p++)
        pt_companion_set_label_int (self->round_score_label[r][p], pt_companion_int_at (scores, p));

      if (r != self->round)
        continue;
      for (guint p = 0; p < N_PLAYERS; p++)
        {
          JsonObject *player = pt_companion_obj_at (players, p);
          JsonObject *expeditions = pt_companion_obj (player, "expeditions");
          g_autofree char *description = NULL;

          {
            int score = (int) pt_companion_int (player, "score");

            description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Round %u: %d point", "Round %u: %d points",
                                                        (gulong) ABS (score)),
                                           r + 1, score);
          }
          pt_companion_group_set_description (GTK_WIDGET (self->player_group[p]), description);
          for (guint c = 0; c < self->n_colors; c++)
            {
              char letter[2] = { pt_lost_cities_color_letters[c], '\0' };
              JsonObject *expedition = pt_companion_obj (expeditions, letter);

              pt_companion_set_label_int (self->expedition_label[p][c],
                                          expedition ? pt_companion_int (expedition, "score") : 0);
            }
        }
    }
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      gboolean winner = FALSE;

      pt_companion_set_label_int (self->total_label[p], pt_companion_int_at (totals, p));
      for (guint i = 0; winners != NULL && i < json_array_get_length (winners); i++)
        winner |= pt_companion_int_at (winners, i) == p;
      if (winner)
        gtk_widget_add_css_class (GTK_WIDGET (self->total_label[p]), "accent");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->total_label[p]), "accent");
    }
}

static void
pt_lost_cities_sheet_view_players_changed (PtSheetView *sheet_view)
{
}

static char *
pt_lost_cities_sheet_view_get_rule_reading (PtSheetView *sheet_view)
{
  PtLostCitiesSheetView *self = PT_LOST_CITIES_SHEET_VIEW (sheet_view);

  return g_strdup (self->seed_reading ? "seed" : "rulebook");
}

/* Building the widgets ------------------------------------------------------ */

static void
draw_color (GtkDrawingArea *area,
            cairo_t *cr,
            int width,
            int height,
            gpointer user_data)
{
  GdkRGBA rgba;

  gdk_rgba_parse (&rgba, user_data);
  cairo_rectangle (cr, 1, 1, width - 2, height - 2);
  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static GtkWidget *
build_color_row (PtLostCitiesSheetView *self,
                 guint player,
                 guint color)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *cards = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *swatch = gtk_drawing_area_new ();
  g_autofree char *name = g_utf8_strup (pt_lost_cities_color_name (color), -1);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *wagers_label = gtk_label_new (_("Wagers"));
  GtkWidget *spin = pt_sheet_view_new_number (PT_SHEET_VIEW (self), 0, PT_LOST_CITIES_N_WAGERS, _("Wagers"));
  GtkWidget *score = gtk_label_new ("0");
  g_autofree char *spin_name = g_strdup_printf ("wagers-%u-%c", player,
                                                pt_lost_cities_color_letters[color]);
  g_autofree char *label_name = g_strdup_printf ("expedition-%u-%c", player,
                                                 pt_lost_cities_color_letters[color]);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_color,
                                  (gpointer) color_rgb[color], NULL);
  gtk_box_append (GTK_BOX (top), swatch);
  /* The colour's name is never cut (AMARILLO at 360 px): when the row is
   * short of room, the word beside the wager button gives way; the button
   * says "Wagers" to assistive technology either way. */
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_name (label, label_name);
  gtk_box_append (GTK_BOX (top), label);
  gtk_widget_add_css_class (wagers_label, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (wagers_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (wagers_label), 1);
  gtk_box_append (GTK_BOX (top), wagers_label);
  gtk_widget_set_name (spin, spin_name);
  gtk_box_append (GTK_BOX (top), spin);
  gtk_widget_add_css_class (score, "numeric");
  gtk_widget_add_css_class (score, "title-4");
  gtk_label_set_width_chars (GTK_LABEL (score), 3);
  gtk_label_set_xalign (GTK_LABEL (score), 1);
  gtk_box_append (GTK_BOX (top), score);
  gtk_box_append (GTK_BOX (box), top);

  gtk_box_set_homogeneous (GTK_BOX (cards), TRUE);
  for (guint v = 0; v < N_VALUES; v++)
    {
      g_autofree char *text = g_strdup_printf ("%u", v + PT_LOST_CITIES_MIN_VALUE);
      GtkWidget *toggle = gtk_toggle_button_new_with_label (text);

      gtk_widget_add_css_class (toggle, "pt-card-toggle");
      self->card_toggle[player][color][v] = GTK_TOGGLE_BUTTON (toggle);
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (on_card_toggled), self, 0);
      gtk_box_append (GTK_BOX (cards), toggle);
    }
  gtk_box_append (GTK_BOX (box), cards);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  self->wager_spin[player][color] = GTK_SPIN_BUTTON (spin);
  self->expedition_label[player][color] = GTK_LABEL (score);
  g_signal_connect_object (spin, "changed", G_CALLBACK (on_wager_changed), self, 0);
  return row;
}

static GtkWidget *
build_totals (PtLostCitiesSheetView *self)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *total_title = gtk_label_new (_("Match total"));

  self->totals_grid = GTK_GRID (grid);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), FALSE);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      GtkWidget *head = gtk_label_new ("");

      gtk_widget_add_css_class (head, "heading");
      gtk_label_set_ellipsize (GTK_LABEL (head), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (head), 12);
      self->player_head_label[p] = GTK_LABEL (head);
      gtk_grid_attach (GTK_GRID (grid), head, (int) p + 1, 0, 1, 1);
    }
  for (guint r = 0; r < N_ROUNDS; r++)
    {
      g_autofree char *title = g_strdup_printf (_("Round %u"), r + 1);
      GtkWidget *label = gtk_label_new (title);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      self->round_title_label[r] = GTK_LABEL (label);
      gtk_grid_attach (GTK_GRID (grid), label, 0, (int) r + 1, 1, 1);
      for (guint p = 0; p < N_PLAYERS; p++)
        {
          GtkWidget *score = gtk_label_new ("0");

          gtk_widget_add_css_class (score, "numeric");
          gtk_label_set_xalign (GTK_LABEL (score), 1);
          self->round_score_label[r][p] = GTK_LABEL (score);
          gtk_grid_attach (GTK_GRID (grid), score, (int) p + 1, (int) r + 1, 1, 1);
        }
    }
  gtk_label_set_xalign (GTK_LABEL (total_title), 0);
  gtk_widget_add_css_class (total_title, "heading");
  gtk_grid_attach (GTK_GRID (grid), total_title, 0, N_ROUNDS + 1, 1, 1);
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      GtkWidget *total = gtk_label_new ("0");
      g_autofree char *name = g_strdup_printf ("total-%u", p);

      gtk_widget_set_name (total, name);
      gtk_widget_add_css_class (total, "title-2");
      gtk_widget_add_css_class (total, "numeric");
      gtk_label_set_xalign (GTK_LABEL (total), 1);
      self->total_label[p] = GTK_LABEL (total);
      gtk_grid_attach (GTK_GRID (grid), total, (int) p + 1, N_ROUNDS + 1, 1, 1);
    }
  return grid;
}

static GtkWidget *
build_round_bar (PtLostCitiesSheetView *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *linked = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

  gtk_widget_add_css_class (linked, "linked");
  for (guint r = 0; r < N_ROUNDS; r++)
    {
      g_autofree char *text = g_strdup_printf ("%u", r + 1);
      g_autofree char *tip = g_strdup_printf (_("Round %u"), r + 1);
      GtkWidget *toggle = gtk_toggle_button_new_with_label (text);

      gtk_widget_set_tooltip_text (toggle, tip);
      pt_accessible_set_label (toggle, tip);
      if (r > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (toggle), self->round_toggle[0]);
      self->round_toggle[r] = GTK_TOGGLE_BUTTON (toggle);
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (on_round_toggled), self, 0);
      gtk_box_append (GTK_BOX (linked), toggle);
    }
  gtk_widget_set_tooltip_text (add, _("Add a Round"));
  pt_accessible_set_label (add, _("Add a Round"));
  gtk_widget_set_name (add, "add-round");
  gtk_widget_set_tooltip_text (remove, _("Remove the Last Round"));
  pt_accessible_set_label (remove, _("Remove the Last Round"));
  self->add_round_button = GTK_BUTTON (add);
  self->remove_round_button = GTK_BUTTON (remove);
  g_signal_connect_object (add, "clicked", G_CALLBACK (on_add_round), self, 0);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_round), self, 0);
  gtk_box_append (GTK_BOX (bar), linked);
  gtk_box_append (GTK_BOX (bar), add);
  gtk_box_append (GTK_BOX (bar), remove);
  gtk_widget_set_halign (bar, GTK_ALIGN_CENTER);
  self->round_buttons = GTK_BOX (bar);
  return bar;
}

static void
pt_lost_cities_sheet_view_init (PtLostCitiesSheetView *self)
{
  self->n_rounds = 1;
  self->n_colors = PT_LOST_CITIES_MIN_COLORS;
  self->wager_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_preferences_group_add (self->totals_group, build_totals (self));
  gtk_box_append (self->box, build_round_bar (self));

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      GtkWidget *group = adw_preferences_group_new ();
      GtkWidget *list = gtk_list_box_new ();

      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      for (guint c = 0; c < N_COLORS; c++)
        {
          self->color_row[p][c] = build_color_row (self, p, c);
          gtk_list_box_append (GTK_LIST_BOX (list), self->color_row[p][c]);
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
      self->player_group[p] = ADW_PREFERENCES_GROUP (group);
      gtk_box_append (self->box, group);
    }

  sync_round_widgets (self);

  g_signal_connect_object (self->reading_row, "notify::selected", G_CALLBACK (on_reading_selected), self, 0);
  g_signal_connect_object (self->colors_row, "notify::selected", G_CALLBACK (on_colors_selected), self, 0);
  on_reading_selected (self->reading_row, NULL, self);
}

static void
pt_lost_cities_sheet_view_dispose (GObject *object)
{
  /* The bound box is AdwBin's child: out of the bin first, or the template
   * and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_LOST_CITIES_SHEET_VIEW);

  G_OBJECT_CLASS (pt_lost_cities_sheet_view_parent_class)->dispose (object);
}

static gboolean
pt_lost_cities_sheet_view_is_blank (PtSheetView *sheet_view)
{
  PtLostCitiesSheetView *self = PT_LOST_CITIES_SHEET_VIEW (sheet_view);

  if (g_hash_table_size (self->wager_texts) > 0)
    return FALSE;
  for (guint r = 0; r < self->n_rounds; r++)
    for (guint p = 0; p < N_PLAYERS; p++)
      for (guint c = 0; c < self->n_colors; c++)
        if (self->wagers[r][p][c] != 0 || self->masks[r][p][c] != 0)
          return FALSE;
  return TRUE;
}

static void
pt_lost_cities_sheet_view_finalize (GObject *object)
{
  PtLostCitiesSheetView *self = PT_LOST_CITIES_SHEET_VIEW (object);

  g_clear_pointer (&self->wager_texts, g_hash_table_unref);
  G_OBJECT_CLASS (pt_lost_cities_sheet_view_parent_class)->finalize (object);
}

static void
pt_lost_cities_sheet_view_class_init (PtLostCitiesSheetViewClass *klass)
{
  PtSheetViewClass *sheet_class = PT_SHEET_VIEW_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pt_lost_cities_sheet_view_dispose;
  G_OBJECT_CLASS (klass)->finalize = pt_lost_cities_sheet_view_finalize;
  sheet_class->is_blank = pt_lost_cities_sheet_view_is_blank;

  sheet_class->game_id = "lost-cities";
  sheet_class->min_players = N_PLAYERS;
  sheet_class->max_players = N_PLAYERS;
  sheet_class->build_sheet = pt_lost_cities_sheet_view_build_sheet;
  sheet_class->load_sheet = pt_lost_cities_sheet_view_load_sheet;
  sheet_class->show_result = pt_lost_cities_sheet_view_show_result;
  sheet_class->players_changed = pt_lost_cities_sheet_view_players_changed;
  sheet_class->get_rule_reading = pt_lost_cities_sheet_view_get_rule_reading;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/lost-cities/pt-lost-cities-sheet-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesSheetView, box);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesSheetView, scoring_group);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesSheetView, reading_row);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesSheetView, colors_row);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesSheetView, totals_group);
}

GtkSpinButton *
pt_lost_cities_sheet_view_get_wager_spin (PtLostCitiesSheetView *self,
                                          guint player,
                                          guint color)
{
  g_return_val_if_fail (player < N_PLAYERS && color < N_COLORS, NULL);
  return self->wager_spin[player][color];
}

GtkToggleButton *
pt_lost_cities_sheet_view_get_card_toggle (PtLostCitiesSheetView *self,
                                           guint player,
                                           guint color,
                                           guint value)
{
  g_return_val_if_fail (player < N_PLAYERS && color < N_COLORS, NULL);
  g_return_val_if_fail (value >= PT_LOST_CITIES_MIN_VALUE && value <= PT_LOST_CITIES_MAX_VALUE, NULL);
  return self->card_toggle[player][color][value - PT_LOST_CITIES_MIN_VALUE];
}

GtkLabel *
pt_lost_cities_sheet_view_get_expedition_label (PtLostCitiesSheetView *self,
                                                guint player,
                                                guint color)
{
  g_return_val_if_fail (player < N_PLAYERS && color < N_COLORS, NULL);
  return self->expedition_label[player][color];
}

GtkLabel *
pt_lost_cities_sheet_view_get_total_label (PtLostCitiesSheetView *self,
                                           guint player)
{
  g_return_val_if_fail (player < N_PLAYERS, NULL);
  return self->total_label[player];
}
