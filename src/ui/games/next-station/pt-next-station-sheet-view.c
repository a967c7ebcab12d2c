/* pt-next-station-sheet-view.c — the Next Station: London score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What each player copies from the bottom of their paper sheet: per line
 * (one per colour, in any order) the districts it reaches (D), the most
 * stations it has in one district (M) and its Thames crossings (T); tourist
 * visits; stations where 2, 3 and 4 lines meet; shared objectives met. The
 * rules layer scores it (D × M + 2T per line…), the solo rating too.
 *
 * As on the other sheets, the spin buttons go past what the game allows
 * (to 99), so an impossible figure is refused with its reason, not clamped.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-companion-util.h"
#include "pt-next-station-sheet-view.h"
#include "pt-rules.h"

#define MAX_PLAYERS 4
#define N_LINES     4
#define MAX_VALUE   99

static const char *const line_members[3] = { "districts", "max_in_district", "thames" };
static const char *const extra_members[5] = { "tourist_visits", "2", "3", "4", "objectives_met" };

struct _PtNextStationSheetView
{
  PtSheetView parent_instance;

  AdwPreferencesGroup *player_group[MAX_PLAYERS];
  GtkSpinButton *line_spin[MAX_PLAYERS][N_LINES][3];
  GtkLabel *line_label[MAX_PLAYERS][N_LINES];
  GtkSpinButton *extra_spin[MAX_PLAYERS][5];
  GtkWidget *objectives_row[MAX_PLAYERS];
  GtkLabel *total_label[MAX_PLAYERS];
  GtkLabel *detail_label[MAX_PLAYERS];
  /* Template widgets */
  GtkBox *box;
  GtkSwitch *objectives_switch;
  GtkSwitch *powers_switch;
  GtkLabel *solo_label;
  GtkLabel *verdict_label;
};

G_DEFINE_FINAL_TYPE (PtNextStationSheetView, pt_next_station_sheet_view, PT_TYPE_SHEET_VIEW)

GtkWidget *
pt_next_station_sheet_view_new (void)
{
  return g_object_new (PT_TYPE_NEXT_STATION_SHEET_VIEW, NULL);
}

static int
spin_int (GtkSpinButton *spin)
{
  int value = 0;

  pt_sheet_number_get_value (spin, &value);
  return value;
}

static void
on_value_changed (GtkWidget *widget,
                  PtNextStationSheetView *self)
{
  pt_sheet_view_changed (PT_SHEET_VIEW (self), widget);
}

static void
on_module_changed (GtkSwitch *toggle,
                   GParamSpec *pspec,
                   PtNextStationSheetView *self)
{
  gboolean objectives = gtk_switch_get_active (self->objectives_switch);

  for (guint p = 0; p < MAX_PLAYERS; p++)
    gtk_widget_set_visible (self->objectives_row[p], objectives);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (toggle));
}

static JsonObject *
pt_next_station_sheet_view_build_sheet (PtSheetView *sheet_view)
{
  PtNextStationSheetView *self = PT_NEXT_STATION_SHEET_VIEW (sheet_view);
  JsonObject *sheet = json_object_new ();
  JsonArray *players = json_array_new ();
  gboolean objectives = gtk_switch_get_active (self->objectives_switch);

  json_object_set_string_member (sheet, "game", "next-station-london");
  json_object_set_boolean_member (sheet, "objectives", objectives);
  json_object_set_boolean_member (sheet, "powers", gtk_switch_get_active (self->powers_switch));
  for (guint p = 0; p < pt_sheet_view_get_n_players (sheet_view) && p < MAX_PLAYERS; p++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *lines = json_array_new ();
      JsonObject *interchanges = json_object_new ();

      json_object_set_string_member (player, "name", pt_sheet_view_get_player_name (sheet_view, p));
      for (guint l = 0; l < N_LINES; l++)
        {
          JsonObject *line = json_object_new ();

          for (guint m = 0; m < 3; m++)
            json_object_set_int_member (line, line_members[m],
                                        spin_int (self->line_spin[p][l][m]));
          json_array_add_object_element (lines, line);
        }
      json_object_set_array_member (player, "lines", lines);
      json_object_set_int_member (player, "tourist_visits",
                                  spin_int (self->extra_spin[p][0]));
      for (guint k = 1; k <= 3; k++)
        json_object_set_int_member (interchanges, extra_members[k],
                                    spin_int (self->extra_spin[p][k]));
      json_object_set_object_member (player, "interchanges", interchanges);
      if (objectives)
        json_object_set_int_member (player, "objectives_met",
                                    spin_int (self->extra_spin[p][4]));
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (sheet, "players", players);
  return sheet;
}

/* As written, also an impossible figure: the rules layer says why. */
static void
set_number (GtkSpinButton *spin,
            gint64 value)
{
  pt_sheet_number_set_value (spin, (int) CLAMP (value, -999999, 999999));
}

static gboolean
pt_next_station_sheet_view_load_sheet (PtSheetView *sheet_view,
                                       JsonObject *sheet,
                                       GError **error)
{
  PtNextStationSheetView *self = PT_NEXT_STATION_SHEET_VIEW (sheet_view);
  JsonArray *players = pt_companion_arr (sheet, "players");
  const char *names[MAX_PLAYERS + 1] = {
    NULL,
  };
  JsonNode *node;

  if (players == NULL || json_array_get_length (players) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("This Next Station sheet has no players"));
      return FALSE;
    }
  node = json_object_get_member (sheet, "objectives");
  gtk_switch_set_active (self->objectives_switch, node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_boolean (node));
  node = json_object_get_member (sheet, "powers");
  gtk_switch_set_active (self->powers_switch, node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_boolean (node));
  for (guint p = 0; p < MAX_PLAYERS && p < json_array_get_length (players); p++)
    {
      JsonObject *player = pt_companion_obj_at (players, p);
      JsonArray *lines = pt_companion_arr (player, "lines");
      JsonObject *interchanges = pt_companion_obj (player, "interchanges");

      names[p] = pt_companion_str (player, "name");
      if (names[p] == NULL)
        names[p] = "";
      for (guint l = 0; l < N_LINES; l++)
        for (guint m = 0; m < 3; m++)
          set_number (self->line_spin[p][l][m], pt_companion_int (pt_companion_obj_at (lines, l), line_members[m]));
      set_number (self->extra_spin[p][0], pt_companion_int (player, "tourist_visits"));
      for (guint k = 1; k <= 3; k++)
        set_number (self->extra_spin[p][k], pt_companion_int (interchanges, extra_members[k]));
      set_number (self->extra_spin[p][4], pt_companion_int (player, "objectives_met"));
    }
  pt_sheet_view_set_players (sheet_view, names);
  return TRUE;
}

static void
show_player (PtNextStationSheetView *self,
             guint p,
             JsonObject *player)
{
  JsonArray *lines = pt_companion_arr (player, "lines");
  g_autofree char *detail = NULL;

  pt_companion_set_label_int (self->total_label[p], pt_companion_int (player, "total"));
  for (guint l = 0; l < N_LINES; l++)
    pt_companion_set_label_int (self->line_label[p][l], pt_companion_int_at (lines, l));
  detail = g_strdup_printf (_("Tourist sites %d · Interchanges %d · Objectives %d"),
                               (int) pt_companion_int (player, "tourist_score"),
                               (int) pt_companion_int (player, "interchange_score"),
                               (int) pt_companion_int (player, "objective_score"));
  gtk_label_set_text (self->detail_label[p], detail);
}

static gboolean
player_readable (PtNextStationSheetView *self,
                 guint p)
{
  for (guint l = 0; l < N_LINES; l++)
    for (guint m = 0; m < 3; m++)
      if (!pt_sheet_number_get_value (self->line_spin[p][l][m], NULL))
        return FALSE;
  for (guint k = 0; k < 5; k++)
    if (gtk_widget_is_visible (GTK_WIDGET (self->extra_spin[p][k])) &&
        !pt_sheet_number_get_value (self->extra_spin[p][k], NULL))
      return FALSE;
  return TRUE;
}

/* The rules layer's verdict on player @p's part of @sheet alone. */
static JsonNode *
score_alone (JsonObject *sheet,
             guint p)
{
  g_autoptr(JsonObject) alone = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  JsonArray *players = pt_companion_arr (sheet, "players");
  JsonArray *one;

  if (players == NULL || p >= json_array_get_length (players))
    return NULL;
  one = json_array_new ();
  json_object_set_string_member (alone, "game", "next-station-london");
  json_object_set_member (alone, "objectives", json_node_copy (json_object_get_member (sheet, "objectives")));
  json_object_set_member (alone, "powers", json_node_copy (json_object_get_member (sheet, "powers")));
  json_array_add_element (one, json_node_copy (json_array_get_element (players, p)));
  json_object_set_array_member (alone, "players", one);
  node = json_node_init_object (json_node_alloc (), alone);
  return pt_rules_score_sheet (node, NULL);
}

static int
player_of (PtNextStationSheetView *self,
           GtkWidget *widget)
{
  for (guint p = 0; p < MAX_PLAYERS; p++)
    {
      for (guint l = 0; l < N_LINES; l++)
        for (guint m = 0; m < 3; m++)
          if (widget == GTK_WIDGET (self->line_spin[p][l][m]))
            return (int) p;
      for (guint k = 0; k < 5; k++)
        if (widget == GTK_WIDGET (self->extra_spin[p][k]))
          return (int) p;
    }
  return -1;
}

/* Players are scored on their own: a player whose figures are accepted
 * alone is not the reason the sheet is refused. */
static gboolean
pt_next_station_sheet_view_owns_error (PtSheetView *sheet_view,
                                       GtkWidget *widget)
{
  PtNextStationSheetView *self = PT_NEXT_STATION_SHEET_VIEW (sheet_view);
  int p = player_of (self, widget);
  g_autoptr(JsonObject) sheet = NULL;
  g_autoptr(JsonNode) result = NULL;

  if (p < 0 || !player_readable (self, (guint) p))
    return TRUE;
  sheet = pt_sheet_view_build_sheet (sheet_view);
  result = score_alone (sheet, (guint) p);
  return result == NULL;
}

/* The sheet as a whole is refused (someone is not done, or wrong): each
 * player whose own figures the rules layer accepts still sees their total,
 * scored by the rules layer from their part of the sheet alone. */
static void
show_own_totals (PtNextStationSheetView *self)
{
  PtSheetView *sheet_view = PT_SHEET_VIEW (self);
  g_autoptr(JsonObject) sheet = pt_sheet_view_build_sheet (sheet_view);
  JsonArray *players = pt_companion_arr (sheet, "players");

  for (guint p = 0; p < pt_sheet_view_get_n_players (sheet_view) && p < MAX_PLAYERS; p++)
    {
      g_autoptr(JsonNode) result = NULL;
      JsonObject *player;

      if (!player_readable (self, p) || players == NULL || p >= json_array_get_length (players))
        continue;
      result = score_alone (sheet, p);
      player = result != NULL && JSON_NODE_HOLDS_OBJECT (result)
                   ? pt_companion_obj_at (pt_companion_arr (json_node_get_object (result), "players"), 0)
                   : NULL;
      if (player == NULL)
        continue;
      show_player (self, p, player);
      gtk_widget_set_opacity (GTK_WIDGET (self->total_label[p]), 1.0);
    }
}

static void
pt_next_station_sheet_view_show_result (PtSheetView *sheet_view,
                                        JsonObject *result)
{
  PtNextStationSheetView *self = PT_NEXT_STATION_SHEET_VIEW (sheet_view);
  JsonArray *players = pt_companion_arr (result, "players");
  JsonArray *winners = pt_companion_arr (result, "winners");
  JsonObject *solo = pt_companion_obj (result, "solo_rating");
  guint n = pt_sheet_view_get_n_players (sheet_view);

  for (guint p = 0; p < MAX_PLAYERS; p++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->player_group[p]), p < n);
      if (p < n)
        pt_companion_group_set_title (GTK_WIDGET (self->player_group[p]), pt_sheet_view_get_player_name (sheet_view, p));
      gtk_widget_set_opacity (GTK_WIDGET (self->total_label[p]), result != NULL ? 1.0 : 0.45);
    }
  if (result == NULL)
    {
      gtk_label_set_text (self->verdict_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->solo_label), FALSE);
      show_own_totals (self);
      return;
    }
  for (guint p = 0; p < n && p < MAX_PLAYERS; p++)
    {
      show_player (self, p, pt_companion_obj_at (players, p));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->solo_label), solo != NULL);
  if (solo != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Solo rating: %s (rated total %d)"),
                                                  pt_companion_str (solo, "label"),
                                                  (int) pt_companion_int (solo, "rated_total"));

      gtk_label_set_text (self->solo_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->verdict_label), n > 1);
  if (n > 1 && winners != NULL)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      g_autofree char *text = NULL;

      for (guint i = 0; i < json_array_get_length (winners); i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "",
                                pt_sheet_view_get_player_name (sheet_view, (guint) pt_companion_int_at (winners, i)));
      text = json_array_get_length (winners) > 1
          ? g_strdup_printf (_("Shared win: %s"), names->str)
          : g_strdup_printf (_("%s wins"), names->str);
      gtk_label_set_text (self->verdict_label, text);
    }
}

static void
pt_next_station_sheet_view_players_changed (PtSheetView *sheet_view)
{
  PtNextStationSheetView *self = PT_NEXT_STATION_SHEET_VIEW (sheet_view);
  guint n = pt_sheet_view_get_n_players (sheet_view);

  for (guint p = 0; p < MAX_PLAYERS; p++)
    gtk_widget_set_visible (GTK_WIDGET (self->player_group[p]), p < n);
}

static GtkWidget *
new_spin (PtNextStationSheetView *self,
          const char *name,
          const char *label,
          GtkOrientation orientation)
{
  GtkWidget *spin = pt_sheet_view_new_number (PT_SHEET_VIEW (self), 0, MAX_VALUE, label);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (spin), orientation);
  gtk_widget_set_name (spin, name);
  gtk_widget_set_tooltip_text (spin, label);
  g_signal_connect_object (spin, "changed", G_CALLBACK (on_value_changed), self, 0);
  return spin;
}

static GtkWidget *
build_player (PtNextStationSheetView *self,
              guint p)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *total = gtk_label_new ("0");
  GtkWidget *lines = gtk_grid_new ();
  GtkWidget *extras = gtk_list_box_new ();
  GtkWidget *detail = gtk_label_new ("");
  const char *heads[] = { N_("D"), N_("M"), N_("T") };
  const char *tips[] = { N_("Districts the line reaches"), N_("Most stations in one district"),
                                                                N_("Thames crossings") };
  const char *extra_titles[] = { N_("Tourist sites visited"), N_("Stations on 2 lines"),
                                                                   N_("Stations on 3 lines"), N_("Stations on 4 lines"),
                                                                                                   N_("Shared objectives met") };
  g_autofree char *total_name = g_strdup_printf ("total-%u", p);

  gtk_widget_set_name (total, total_name);
  gtk_widget_add_css_class (total, "title-2");
  gtk_widget_add_css_class (total, "numeric");
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), total);
  self->total_label[p] = GTK_LABEL (total);

  /* Lines as a small table: a row per line, D M T, then its score. */
  gtk_widget_add_css_class (lines, "card");
  gtk_grid_set_column_spacing (GTK_GRID (lines), 6);
  gtk_grid_set_row_spacing (GTK_GRID (lines), 6);
  gtk_widget_set_halign (lines, GTK_ALIGN_FILL);
  for (guint m = 0; m < 3; m++)
    {
      GtkWidget *head = gtk_label_new (_(heads[m]));

      gtk_widget_set_tooltip_text (head, _(tips[m]));
      gtk_widget_add_css_class (head, "heading");
      gtk_widget_set_margin_top (head, 8);
      gtk_widget_set_hexpand (head, TRUE);
      gtk_grid_attach (GTK_GRID (lines), head, (int) m + 1, 0, 1, 1);
    }
  for (guint l = 0; l < N_LINES; l++)
    {
      g_autofree char *title = g_strdup_printf (_("Line %u"), l + 1);
      GtkWidget *label = gtk_label_new (title);
      GtkWidget *score = gtk_label_new ("0");

      gtk_widget_set_margin_start (label, 12);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (GTK_GRID (lines), label, 0, (int) l + 1, 1, 1);
      for (guint m = 0; m < 3; m++)
        {
          g_autofree char *name = g_strdup_printf ("%u-%u-%s", p, l, line_members[m]);
          g_autofree char *tip = g_strdup_printf ("%s, %s", title, _(tips[m]));
          /* Vertical: three figures per line must fit a 360 px phone. */
          GtkWidget *spin = new_spin (self, name, tip, GTK_ORIENTATION_VERTICAL);

          gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
          gtk_widget_set_halign (spin, GTK_ALIGN_CENTER);
          self->line_spin[p][l][m] = GTK_SPIN_BUTTON (spin);
          gtk_grid_attach (GTK_GRID (lines), spin, (int) m + 1, (int) l + 1, 1, 1);
        }
      gtk_widget_add_css_class (score, "heading");
      gtk_widget_add_css_class (score, "numeric");
      gtk_label_set_width_chars (GTK_LABEL (score), 3);
      gtk_label_set_xalign (GTK_LABEL (score), 1);
      gtk_widget_set_margin_end (score, 12);
      self->line_label[p][l] = GTK_LABEL (score);
      gtk_grid_attach (GTK_GRID (lines), score, 4, (int) l + 1, 1, 1);
    }
  {
    GtkWidget *pad = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

    gtk_widget_set_size_request (pad, -1, 2);
    gtk_grid_attach (GTK_GRID (lines), pad, 0, N_LINES + 1, 5, 1);
  }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), lines);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (extras), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (extras, "boxed-list");
  gtk_widget_set_margin_top (extras, 12);
  for (guint k = 0; k < 5; k++)
    {
      GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
      g_autofree char *name = g_strdup_printf ("%u-%s", p, extra_members[k]);
      GtkWidget *spin = new_spin (self, name, _(extra_titles[k]), GTK_ORIENTATION_HORIZONTAL);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(extra_titles[k]));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      self->extra_spin[p][k] = GTK_SPIN_BUTTON (spin);
      gtk_list_box_append (GTK_LIST_BOX (extras), row);
      if (k == 4)
        {
          self->objectives_row[p] = row;
          gtk_widget_set_visible (row, FALSE);
        }
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), extras);

  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "caption");
  gtk_widget_set_margin_top (detail, 6);
  self->detail_label[p] = GTK_LABEL (detail);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), detail);
  self->player_group[p] = ADW_PREFERENCES_GROUP (group);
  return group;
}

static void
pt_next_station_sheet_view_init (PtNextStationSheetView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint p = 0; p < MAX_PLAYERS; p++)
    gtk_box_append (self->box, build_player (self, p));
}

static void
pt_next_station_sheet_view_dispose (GObject *object)
{
  /* The bound box is AdwBin's child: out of the bin first, or the template
   * and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_NEXT_STATION_SHEET_VIEW);

  G_OBJECT_CLASS (pt_next_station_sheet_view_parent_class)->dispose (object);
}

static void
pt_next_station_sheet_view_class_init (PtNextStationSheetViewClass *klass)
{
  PtSheetViewClass *sheet_class = PT_SHEET_VIEW_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pt_next_station_sheet_view_dispose;
  sheet_class->game_id = "next-station-london";
  sheet_class->min_players = 1;
  sheet_class->max_players = MAX_PLAYERS;
  sheet_class->build_sheet = pt_next_station_sheet_view_build_sheet;
  sheet_class->load_sheet = pt_next_station_sheet_view_load_sheet;
  sheet_class->show_result = pt_next_station_sheet_view_show_result;
  sheet_class->players_changed = pt_next_station_sheet_view_players_changed;
  sheet_class->owns_error = pt_next_station_sheet_view_owns_error;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/next-station/pt-next-station-sheet-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtNextStationSheetView, box);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationSheetView, objectives_switch);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationSheetView, powers_switch);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationSheetView, solo_label);
  gtk_widget_class_bind_template_child (widget_class, PtNextStationSheetView, verdict_label);
  gtk_widget_class_bind_template_callback (widget_class, on_module_changed);
}

GtkSpinButton *
pt_next_station_sheet_view_get_spin (PtNextStationSheetView *self,
                                     guint player,
                                     int line,
                                     const char *what)
{
  g_return_val_if_fail (player < MAX_PLAYERS, NULL);
  if (line >= 0 && line < N_LINES)
    {
      for (guint m = 0; m < 3; m++)
        if (g_strcmp0 (what, line_members[m]) == 0)
          return self->line_spin[player][line][m];
      return NULL;
    }
  for (guint k = 0; k < 5; k++)
    if (g_strcmp0 (what, extra_members[k]) == 0)
      return self->extra_spin[player][k];
  return NULL;
}

GtkSwitch *
pt_next_station_sheet_view_get_module_switch (PtNextStationSheetView *self,
                                              const char *module)
{
  return g_strcmp0 (module, "powers") == 0 ? self->powers_switch : self->objectives_switch;
}

GtkLabel *
pt_next_station_sheet_view_get_total_label (PtNextStationSheetView *self,
                                            guint player)
{
  g_return_val_if_fail (player < MAX_PLAYERS, NULL);
  return self->total_label[player];
}

GtkLabel *
pt_next_station_sheet_view_get_line_label (PtNextStationSheetView *self,
                                           guint player,
                                           guint line)
{
  g_return_val_if_fail (player < MAX_PLAYERS && line < N_LINES, NULL);
  return self->line_label[player][line];
}

GtkLabel *
pt_next_station_sheet_view_get_solo_label (PtNextStationSheetView *self)
{
  return self->solo_label;
}
