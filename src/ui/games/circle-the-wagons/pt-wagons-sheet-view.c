/* pt-wagons-sheet-view.c — the Circle the Wagons score sheet
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The three bonus cards of the game (each with its rule under it), then per
 * player the cards in town, the largest group of each terrain, the counts
 * the interactive bonus cards compare, and what each other bonus card asks
 * to count (Wagon Train: the lengths of the runs). The rules layer turns
 * all of it into points, applies the interactive cards and the tie-break.
 *
 * Spin buttons accept more than the game allows (up to 99) on purpose: an
 * impossible count is typed, refused by the rules layer with its reason,
 * and marked where it was typed — not silently clamped.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "pt-accessible.h"
#include "pt-companion-util.h"
#include "pt-wagons-cards.h"
#include "pt-wagons-sheet.h"
#include "pt-wagons-sheet-view.h"
#include "pt-wagons-town-painter.h"

#define N_PLAYERS 2
#define MAX_COUNT 99

/* What each bonus card that a player scores alone asks to count (the
 * score sheet's member names; docs/score-sheets.md), with a label. */
typedef struct
{
  const char *member;
  const char *label;
} CountField;

static const CountField count_fields[PT_WAGONS_N_BONUS_KINDS][2] = {
  [PT_WAGONS_BADLANDS] = { { "guns", N_("Guns flanked by Desert") } },
                           [PT_WAGONS_HAPPY_COWS] = { { "cows", N_("Cows away from Snow") } },
                                                      [PT_WAGONS_THE_CLEARING] = { { "forts", N_("Forts") }, { "forests", N_("Forest territories") } },
                                                                                   [PT_WAGONS_CIRCLE_THE_WAGONS] = { { "territories", N_("Territories ringed by Wagons") } },
                                                                                                                     [PT_WAGONS_GOLD_COUNTRY] = { { "mines", N_("Mines on or next to Mountains") } },
                                                                                                                                                  [PT_WAGONS_PRAIRIE_LIFE] = { { "cows", N_("Cows") }, { "plains", N_("Plains territories") } },
                                                                                                                                                                               [PT_WAGONS_COOL_WATER] = { { "wagons", N_("Wagons by the largest Water") } },
                                                                                                                                                                                                          [PT_WAGONS_BOOM_OR_BUST] = { { "mines", N_("Mines") } },
                                                                                                                                                                                                                                       [PT_WAGONS_BOOTLEGGERS] = { { "beer_next_to_wagon", N_("Beers next to a Wagon") },
                                                                                                                                                                                                                                                                     { "other_beer", N_("Other Beers") } },
                                                                                                                                                                                                                                                                   [PT_WAGONS_UNDISCOVERED] = { { "spaces", N_("Empty spaces closed in") } },
                                                                                                                                                                                                                                                                                                [PT_WAGONS_FORTIFIED] = { { "blocks", N_("2×2 blocks of Forts") } },
                                                                                                                                                                                                                                                                                                                          [PT_WAGONS_RIFLES_READY] = { { "forts", N_("Forts next to a Gun") } },
                                                                                                                                                                                                                                                                                                                                                       [PT_WAGONS_TARGET_PRACTICE] = { { "territories", N_("Territories from Beers to Guns") } },
                                                                                                                                                                                                                                                                                                                                                                                       [PT_WAGONS_THE_HERD] = { { "cows", N_("Cows in the largest herd") } },
                                                                                                                                                                                                                                                                                                                                                                                       };

struct _PtWagonsSheetView
{
  PtSheetView parent_instance;

  int bonus[PT_WAGONS_N_BONUS]; /* PtWagonsBonus, -1 = not chosen */
  GHashTable *values;           /* "P:what" → count typed */
  GHashTable *texts;            /* "P:what" → typed text that is not a number */
  char *runs[N_PLAYERS];        /* Wagon Train, as typed */
  gboolean rebuilding;

  GtkBox *box;                               /* template */
  AdwComboRow *bonus_row[PT_WAGONS_N_BONUS]; /* template */
  AdwPreferencesGroup *player_group[N_PLAYERS];
  GtkWidget *bonus_box[N_PLAYERS]; /* the per-card counts */
  GHashTable *spins;               /* "P:what" → GtkSpinButton (weak) */
  GtkWidget *runs_row[N_PLAYERS];
  GtkWidget *need_row[N_PLAYERS][4]; /* territories, mines, guns, beer */
  GtkLabel *total_label[N_PLAYERS];
  GtkLabel *lines_label[N_PLAYERS];
  GtkLabel *verdict_label;
  /* Bonus points written directly instead of the counts (per player). */
  gboolean bonus_points[N_PLAYERS];
  GtkSwitch *points_switch[N_PLAYERS];
  /* Painting the town instead of counting (per player). */
  gboolean painting[N_PLAYERS];
  GtkSwitch *paint_switch[N_PLAYERS];
  GtkWidget *paint_box[N_PLAYERS];
  GtkWidget *count_list[N_PLAYERS];
  PtWagonsTownPainter *painter[N_PLAYERS];
  GtkDropDown *terrain_drop[N_PLAYERS];
  GtkDropDown *symbol_drop[N_PLAYERS];
};

G_DEFINE_FINAL_TYPE (PtWagonsSheetView, pt_wagons_sheet_view, PT_TYPE_SHEET_VIEW)

static const char *const needs[4] = { "territories", "mines", "guns", "beer" };

GtkWidget *
pt_wagons_sheet_view_new (void)
{
  return g_object_new (PT_TYPE_WAGONS_SHEET_VIEW, NULL);
}

static char *
value_key (guint player,
           const char *what)
{
  return g_strdup_printf ("%u:%s", player, what);
}

static int
get_value (PtWagonsSheetView *self,
           guint player,
           const char *what)
{
  g_autofree char *key = value_key (player, what);

  return GPOINTER_TO_INT (g_hash_table_lookup (self->values, key));
}

static gboolean
bonus_in_play (PtWagonsSheetView *self,
               PtWagonsBonus bonus)
{
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    if (self->bonus[i] == (int) bonus)
      return TRUE;
  return FALSE;
}

/* Widgets → values ---------------------------------------------------------- */

/* Every keystroke: the count as typed (100 stays 100 for the rules layer
 * to refuse), or the text itself when it is not a number. */
static void
on_spin_changed (GtkEditable *editable,
                 PtWagonsSheetView *self)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (editable);
  const char *key = g_object_get_data (G_OBJECT (spin), "key");
  int value = 0;

  if (self->rebuilding)
    return;
  if (pt_sheet_number_get_value (spin, &value))
    g_hash_table_remove (self->texts, key);
  else
    g_hash_table_insert (self->texts, g_strdup (key), g_strdup (gtk_editable_get_text (editable)));
  g_hash_table_insert (self->values, g_strdup (key), GINT_TO_POINTER (value));
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (spin));
}

static void
on_runs_changed (GtkEditable *editable,
                 PtWagonsSheetView *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "player"));

  if (self->rebuilding)
    return;
  g_free (self->runs[player]);
  self->runs[player] = g_strdup (gtk_editable_get_text (editable));
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (editable));
}

static GtkWidget *
spin_row (PtWagonsSheetView *self,
          guint player,
          const char *what,
          const char *title,
          const char *subtitle)
{
  GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
  GtkWidget *spin = pt_sheet_view_new_number (PT_SHEET_VIEW (self), 0, MAX_COUNT, title);
  g_autofree char *key = value_key (player, what);
  g_autofree char *name = g_strdup_printf ("%u-%s", player, what);
  const char *text = g_hash_table_lookup (self->texts, key);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_name (spin, name);
  if (text != NULL)
    pt_sheet_number_set_text (GTK_SPIN_BUTTON (spin), text);
  else
    pt_sheet_number_set_value (GTK_SPIN_BUTTON (spin), get_value (self, player, what));
  g_object_set_data_full (G_OBJECT (spin), "key", g_strdup (key), g_free);
  g_signal_connect_object (spin, "changed", G_CALLBACK (on_spin_changed), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  g_hash_table_insert (self->spins, g_steal_pointer (&key), spin);
  return row;
}

static void rebuild_bonus_rows (PtWagonsSheetView *self);
static char *pt_wagons_sheet_view_check_input (PtSheetView *sheet_view,
                                               GtkWidget **where);
static JsonObject *pt_wagons_sheet_view_build_sheet (PtSheetView *sheet_view);

static gboolean
rebuild_idle (gpointer user_data)
{
  PtWagonsSheetView *self = user_data;

  rebuild_bonus_rows (self);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), NULL);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
on_points_toggled (GtkSwitch *toggle,
                   GParamSpec *pspec,
                   PtWagonsSheetView *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (toggle), "player"));

  if (self->rebuilding || self->bonus_points[player] == gtk_switch_get_active (toggle))
    return;
  self->bonus_points[player] = gtk_switch_get_active (toggle);
  /* The switch lives in the rows being rebuilt: not from its own signal. */
  g_idle_add (rebuild_idle, g_object_ref (self));
}

static GtkWidget *
points_switch_row (PtWagonsSheetView *self,
                   guint player)
{
  GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
  GtkWidget *toggle = gtk_switch_new ();
  g_autofree char *name = g_strdup_printf ("%u-bonus-points", player);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Write the bonus points"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Instead of what each bonus card counts"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_widget_set_name (toggle, name);
  gtk_switch_set_active (GTK_SWITCH (toggle), self->bonus_points[player]);
  g_object_set_data (G_OBJECT (toggle), "player", GUINT_TO_POINTER (player));
  g_signal_connect_object (toggle, "notify::active", G_CALLBACK (on_points_toggled), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  self->points_switch[player] = GTK_SWITCH (toggle);
  return row;
}

static gboolean
is_bonus_key (gpointer key,
              gpointer value,
              gpointer user_data)
{
  return strchr (key, '/') != NULL;
}

/* The rows each player needs for the bonus cards now chosen. */
static void
rebuild_bonus_rows (PtWagonsSheetView *self)
{
  self->rebuilding = TRUE;
  /* Their spin buttons are about to go. */
  g_hash_table_foreach_remove (self->spins, is_bonus_key, NULL);
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (self->bonus_box[p])) != NULL)
        {
          gtk_list_box_remove (GTK_LIST_BOX (self->bonus_box[p]), child);
        }
      self->runs_row[p] = NULL;
      self->points_switch[p] = NULL;
      for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
        {
          const PtWagonsBonusInfo *info;

          if (self->bonus[i] < 0)
            continue;
          info = &pt_wagons_bonus_info[self->bonus[i]];
          if (info->interactive)
            continue;
          if (self->points_switch[p] == NULL)
            gtk_list_box_append (GTK_LIST_BOX (self->bonus_box[p]), points_switch_row (self, p));
          if (self->bonus_points[p])
            {
              g_autofree char *what = g_strdup_printf ("%s/points", info->id);
              g_autofree char *title = g_strdup_printf (_("%s: points"), _(info->name));

              gtk_list_box_append (GTK_LIST_BOX (self->bonus_box[p]),
                                   spin_row (self, p, what, title, _(info->description)));
              continue;
            }
          if (self->bonus[i] == PT_WAGONS_WAGON_TRAIN)
            {
              GtkWidget *row = adw_entry_row_new ();
              g_autofree char *name = g_strdup_printf ("%u-runs", p);

              adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                             _("Wagon Train: run lengths, e.g. 3, 2"));
              gtk_widget_set_name (row, name);
              gtk_editable_set_text (GTK_EDITABLE (row), self->runs[p] ? self->runs[p] : "");
              g_object_set_data (G_OBJECT (row), "player", GUINT_TO_POINTER (p));
              g_signal_connect_object (row, "changed", G_CALLBACK (on_runs_changed), self, 0);
              gtk_list_box_append (GTK_LIST_BOX (self->bonus_box[p]), row);
              self->runs_row[p] = row;
              continue;
            }
          for (guint f = 0; f < 2 && count_fields[self->bonus[i]][f].member != NULL; f++)
            {
              g_autofree char *what = g_strdup_printf ("%s/%s", info->id, count_fields[self->bonus[i]][f].member);

              gtk_list_box_append (GTK_LIST_BOX (self->bonus_box[p]),
                                   spin_row (self, p, what, _(count_fields[self->bonus[i]][f].label), _(info->name)));
            }
        }
      gtk_widget_set_visible (self->bonus_box[p], !self->painting[p] &&
                                                      gtk_widget_get_first_child (self->bonus_box[p]) != NULL);
      gtk_widget_set_visible (self->count_list[p], !self->painting[p]);
      gtk_widget_set_visible (self->paint_box[p], self->painting[p]);
      gtk_widget_set_visible (self->need_row[p][0], bonus_in_play (self, PT_WAGONS_SMALLTOWN_CHARM));
      gtk_widget_set_visible (self->need_row[p][1], bonus_in_play (self, PT_WAGONS_CLAIM_JUMPERS));
      gtk_widget_set_visible (self->need_row[p][2], bonus_in_play (self, PT_WAGONS_CLAIM_JUMPERS));
      gtk_widget_set_visible (self->need_row[p][3], bonus_in_play (self, PT_WAGONS_ONE_TOO_MANY));
    }
  self->rebuilding = FALSE;
}

static void
on_bonus_selected (AdwComboRow *row,
                   GParamSpec *pspec,
                   PtWagonsSheetView *self)
{
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    if (self->bonus_row[i] == row)
      {
        guint selected = adw_combo_row_get_selected (row);

        /* Item 0 is "Choose…". */
        self->bonus[i] = selected >= 1 && selected <= PT_WAGONS_N_BONUS_KINDS ? (int) selected - 1 : -1;
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                     self->bonus[i] >= 0      ? _(pt_wagons_bonus_info[self->bonus[i]].description)
                                                              : _("Turn over the three bonus cards"));
      }
  if (self->rebuilding)
    return;
  rebuild_bonus_rows (self);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (row));
}

/* The sheet for the rules layer ---------------------------------------------- */

static JsonArray *
parse_runs (const char *text)
{
  JsonArray *runs = json_array_new ();
  g_auto(GStrv) parts = g_strsplit_set (text ? text : "", ",; ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      gint64 value;

      if (parts[i][0] == '\0')
        continue;
      value = g_ascii_strtoll (parts[i], &end, 10);
      /* Not a number: refused before this (check_input), never guessed at. */
      json_array_add_int_element (runs, end != NULL && *end == '\0' ? value : 0);
    }
  return runs;
}

/* A run length that is not a number is not sent as anything else. */
static char *
pt_wagons_sheet_view_check_input (PtSheetView *sheet_view,
                                  GtkWidget **where)
{
  PtWagonsSheetView *self = PT_WAGONS_SHEET_VIEW (sheet_view);

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      g_auto(GStrv) parts = NULL;

      if (self->runs_row[p] == NULL || !gtk_widget_is_visible (self->runs_row[p]))
        continue;
      parts = g_strsplit_set (self->runs[p] ? self->runs[p] : "", ",; ", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *end = NULL;

          if (parts[i][0] == '\0')
            continue;
          g_ascii_strtoll (parts[i], &end, 10);
          if (end == parts[i] || *end != '\0' || strlen (parts[i]) > 6)
            {
              *where = self->runs_row[p];
              return g_strdup_printf (_("%s: “%s” is not a run length; type the lengths as numbers, e.g. 3, 2"),
                                         pt_sheet_view_get_player_name (sheet_view, p), parts[i]);
            }
        }
    }
  return NULL;
}

static JsonObject *
pt_wagons_sheet_view_build_sheet (PtSheetView *sheet_view)
{
  PtWagonsSheetView *self = PT_WAGONS_SHEET_VIEW (sheet_view);
  JsonObject *sheet = json_object_new ();
  JsonArray *bonus = json_array_new ();
  JsonArray *players = json_array_new ();

  json_object_set_string_member (sheet, "game", "circle-the-wagons");
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    if (self->bonus[i] >= 0)
      json_array_add_string_element (bonus, pt_wagons_bonus_info[self->bonus[i]].id);
  json_object_set_array_member (sheet, "bonus", bonus);

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      JsonObject *player = json_object_new ();
      JsonObject *groups = json_object_new ();
      JsonObject *bonus_counts = json_object_new ();

      json_object_set_string_member (player, "name", pt_sheet_view_get_player_name (sheet_view, p));
      json_object_set_int_member (player, "cards", get_value (self, p, "cards"));
      if (self->painting[p])
        {
          /* The rules layer counts everything from the cells. */
          json_object_set_array_member (player, "cells", pt_wagons_town_painter_get_cells (self->painter[p]));
          json_object_unref (groups);
          json_object_unref (bonus_counts);
          json_array_add_object_element (players, player);
          continue;
        }
      for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
        json_object_set_int_member (groups, pt_wagons_terrain_id (t),
                                    get_value (self, p, pt_wagons_terrain_id (t)));
      json_object_set_object_member (player, "groups", groups);
      if (bonus_in_play (self, PT_WAGONS_SMALLTOWN_CHARM))
        json_object_set_int_member (player, "territories", get_value (self, p, "territories"));
      if (bonus_in_play (self, PT_WAGONS_CLAIM_JUMPERS))
        {
          json_object_set_int_member (player, "mines", get_value (self, p, "mines"));
          json_object_set_int_member (player, "guns", get_value (self, p, "guns"));
        }
      if (bonus_in_play (self, PT_WAGONS_ONE_TOO_MANY))
        json_object_set_int_member (player, "beer", get_value (self, p, "beer"));
      for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
        {
          const PtWagonsBonusInfo *info;
          JsonObject *entry;

          if (self->bonus[i] < 0 || pt_wagons_bonus_info[self->bonus[i]].interactive)
            continue;
          info = &pt_wagons_bonus_info[self->bonus[i]];
          entry = json_object_new ();
          if (self->bonus_points[p])
            {
              g_autofree char *what = g_strdup_printf ("%s/points", info->id);

              json_object_set_int_member (entry, "points", get_value (self, p, what));
              json_object_set_object_member (bonus_counts, info->id, entry);
              continue;
            }
          if (self->bonus[i] == PT_WAGONS_WAGON_TRAIN)
            json_object_set_array_member (entry, "runs", parse_runs (self->runs[p]));
          for (guint f = 0; f < 2 && count_fields[self->bonus[i]][f].member != NULL; f++)
            {
              g_autofree char *what = g_strdup_printf ("%s/%s", info->id, count_fields[self->bonus[i]][f].member);

              json_object_set_int_member (entry, count_fields[self->bonus[i]][f].member,
                                          get_value (self, p, what));
            }
          json_object_set_object_member (bonus_counts, info->id, entry);
        }
      if (json_object_get_size (bonus_counts) > 0)
        json_object_set_object_member (player, "bonus", bonus_counts);
      else
        json_object_unref (bonus_counts);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (sheet, "players", players);
  return sheet;
}

static void
set_spin_value (PtWagonsSheetView *self,
                guint player,
                const char *what,
                int value)
{
  g_autofree char *key = value_key (player, what);
  GtkSpinButton *spin = g_hash_table_lookup (self->spins, key);

  g_hash_table_insert (self->values, g_strdup (key), GINT_TO_POINTER (value));
  g_hash_table_remove (self->texts, key);
  if (spin != NULL)
    pt_sheet_number_set_value (spin, value);
}

static gboolean
pt_wagons_sheet_view_load_sheet (PtSheetView *sheet_view,
                                 JsonObject *sheet,
                                 GError **error)
{
  PtWagonsSheetView *self = PT_WAGONS_SHEET_VIEW (sheet_view);
  JsonArray *bonus = pt_companion_arr (sheet, "bonus");
  JsonArray *players = pt_companion_arr (sheet, "players");
  const char *names[N_PLAYERS + 1] = {
    NULL,
  };

  if (players == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("This Circle the Wagons sheet has no players"));
      return FALSE;
    }
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      int id = -1;

      if (bonus != NULL && i < json_array_get_length (bonus))
        id = pt_wagons_bonus_from_id (json_array_get_string_element (bonus, i));
      adw_combo_row_set_selected (self->bonus_row[i], (guint) (id + 1));
    }
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      JsonObject *player = pt_companion_obj_at (players, p);
      JsonObject *groups = pt_companion_obj (player, "groups");
      JsonObject *bonus_counts = pt_companion_obj (player, "bonus");

      names[p] = pt_companion_str (player, "name");
      set_spin_value (self, p, "cards", (int) pt_companion_int (player, "cards"));
      self->painting[p] = pt_companion_arr (player, "cells") != NULL;
      gtk_switch_set_active (self->paint_switch[p], self->painting[p]);
      pt_wagons_town_painter_set_cells (self->painter[p], pt_companion_arr (player, "cells"));
      for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
        set_spin_value (self, p, pt_wagons_terrain_id (t), (int) pt_companion_int (groups, pt_wagons_terrain_id (t)));
      for (guint n = 0; n < G_N_ELEMENTS (needs); n++)
        set_spin_value (self, p, needs[n], (int) pt_companion_int (player, needs[n]));
      for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
        {
          JsonObject *entry;

          if (self->bonus[i] < 0)
            continue;
          entry = pt_companion_obj (bonus_counts, pt_wagons_bonus_info[self->bonus[i]].id);
          if (entry != NULL && json_object_has_member (entry, "points"))
            {
              g_autofree char *what = g_strdup_printf ("%s/points", pt_wagons_bonus_info[self->bonus[i]].id);

              self->bonus_points[p] = TRUE;
              set_spin_value (self, p, what, (int) pt_companion_int (entry, "points"));
            }
          for (guint f = 0; f < 2 && count_fields[self->bonus[i]][f].member != NULL; f++)
            {
              g_autofree char *what = g_strdup_printf ("%s/%s", pt_wagons_bonus_info[self->bonus[i]].id,
                                                       count_fields[self->bonus[i]][f].member);

              set_spin_value (self, p, what, (int) pt_companion_int (entry, count_fields[self->bonus[i]][f].member));
            }
          if (self->bonus[i] == PT_WAGONS_WAGON_TRAIN)
            {
              JsonArray *runs = pt_companion_arr (entry, "runs");
              g_autoptr(GString) text = g_string_new (NULL);

              for (guint r = 0; runs != NULL && r < json_array_get_length (runs); r++)
                g_string_append_printf (text, "%s%d", r ? ", " : "", (int) pt_companion_int_at (runs, r));
              g_free (self->runs[p]);
              self->runs[p] = g_strdup (text->str);
            }
        }
    }
  pt_sheet_view_set_players (sheet_view, names);
  rebuild_bonus_rows (self);
  return TRUE;
}

static gboolean
player_readable (PtWagonsSheetView *self,
                 guint player)
{
  GHashTableIter iter;
  gpointer key;
  g_autofree char *prefix = g_strdup_printf ("%u:", player);

  g_hash_table_iter_init (&iter, self->texts);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, prefix))
      return FALSE;
  return TRUE;
}

static int
player_of (PtWagonsSheetView *self,
           GtkWidget *widget)
{
  const char *key = g_object_get_data (G_OBJECT (widget), "key");

  for (guint p = 0; p < N_PLAYERS; p++)
    if (widget == self->runs_row[p] || widget == GTK_WIDGET (self->painter[p]) ||
        widget == GTK_WIDGET (self->paint_switch[p]))
      return (int) p;
  if (key != NULL && (key[0] == '0' || key[0] == '1') && key[1] == ':')
    return key[0] - '0';
  return -1;
}

/* A field of a player whose own entries are accepted is not the reason,
 * unless the other player's are accepted too (then it is about both towns
 * together, such as the 15 cards). */
static gboolean
pt_wagons_sheet_view_owns_error (PtSheetView *sheet_view,
                                 GtkWidget *widget)
{
  PtWagonsSheetView *self = PT_WAGONS_SHEET_VIEW (sheet_view);
  int p = player_of (self, widget);
  g_autoptr(JsonObject) sheet = NULL;

  if (p < 0 || !player_readable (self, (guint) p))
    return TRUE;
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    if (self->bonus[i] < 0)
      return FALSE; /* the bonus cards are not all chosen yet */
  sheet = pt_wagons_sheet_view_build_sheet (sheet_view);
  if (pt_wagons_score_sheet_own (sheet, (guint) p, NULL, NULL) < 0)
    return TRUE;
  return pt_wagons_score_sheet_own (sheet, (guint) (1 - p), NULL, NULL) >= 0;
}

/* The sheet as a whole is refused (the other town unfinished, the cards
 * not adding up to the circle yet…): a player whose own entries the rules
 * layer accepts sees the points they make by themselves. */
static void
show_own_totals (PtWagonsSheetView *self)
{
  g_autoptr(JsonObject) sheet = NULL;
  g_autofree char *runs_problem = NULL;
  GtkWidget *where = NULL;

  runs_problem = pt_wagons_sheet_view_check_input (PT_SHEET_VIEW (self), &where);
  sheet = pt_wagons_sheet_view_build_sheet (PT_SHEET_VIEW (self));
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      gboolean partial = FALSE;
      int points;

      if (!player_readable (self, p) || (where != NULL && where == self->runs_row[p]))
        {
          gtk_label_set_text (self->lines_label[p], "");
          continue;
        }
      points = pt_wagons_score_sheet_own (sheet, p, &partial, NULL);
      if (points < 0)
        {
          gtk_label_set_text (self->lines_label[p], "");
          continue;
        }
      pt_companion_set_label_int (self->total_label[p], points);
      gtk_widget_set_opacity (GTK_WIDGET (self->total_label[p]), 1.0);
      gtk_label_set_text (self->lines_label[p],
                          partial ? _("So far: the bonus cards that compare both towns come when both are filled in")
                                  : _("So far: the winner comes when both towns are filled in"));
    }
}

static void
pt_wagons_sheet_view_show_result (PtSheetView *sheet_view,
                                  JsonObject *result)
{
  PtWagonsSheetView *self = PT_WAGONS_SHEET_VIEW (sheet_view);
  JsonArray *players = pt_companion_arr (result, "players");
  JsonArray *winners = pt_companion_arr (result, "winners");
  const char *tie_break = pt_companion_str (result, "tie_break");
  g_autoptr(GString) verdict = g_string_new (NULL);

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      const char *name = pt_sheet_view_get_player_name (sheet_view, p);

      pt_companion_group_set_title (GTK_WIDGET (self->player_group[p]), name);
      gtk_widget_set_opacity (GTK_WIDGET (self->total_label[p]), result != NULL ? 1.0 : 0.45);
    }
  if (result == NULL)
    {
      gtk_label_set_text (self->verdict_label, "");
      show_own_totals (self);
      return;
    }

  for (guint p = 0; p < N_PLAYERS; p++)
    {
      JsonObject *player = pt_companion_obj_at (players, p);
      JsonArray *lines = pt_companion_arr (player, "lines");
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *total = g_strdup_printf ("%d", (int) pt_companion_int (player, "total"));

      gtk_label_set_text (self->total_label[p], total);
      for (guint i = 0; lines != NULL && i < json_array_get_length (lines); i++)
        {
          JsonObject *line = pt_companion_obj_at (lines, i);
          const char *line_name = pt_companion_str (line, "name");

          g_string_append_printf (text, "%s%s %d", i ? " · " : "", line_name ? _(line_name) : "", (int) pt_companion_int (line, "points"));
        }
      gtk_label_set_text (self->lines_label[p], text->str);
    }
  for (guint i = 0; winners != NULL && i < json_array_get_length (winners); i++)
    g_string_append_printf (verdict, "%s%s", i ? ", " : "",
                            pt_sheet_view_get_player_name (sheet_view, (guint) pt_companion_int_at (winners, i)));
  if (winners != NULL && json_array_get_length (winners) > 1)
    gtk_label_set_text (self->verdict_label, _("A tie on points and cards: the win is shared"));
  else if (g_strcmp0 (tie_break, "cards") == 0)
    {
      g_autofree char *text = g_strdup_printf (_("%s wins the tie with fewer cards in town"), verdict->str);

      gtk_label_set_text (self->verdict_label, text);
    }
  else if (verdict->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("%s wins"), verdict->str);

      gtk_label_set_text (self->verdict_label, text);
    }
}

static void
pt_wagons_sheet_view_players_changed (PtSheetView *sheet_view)
{
}

/* Building the widgets --------------------------------------------------------- */

static void
on_paint_toggled (GtkSwitch *toggle,
                  GParamSpec *pspec,
                  PtWagonsSheetView *self)
{
  guint player = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (toggle), "player"));

  if (self->painting[player] == gtk_switch_get_active (toggle))
    return;
  self->painting[player] = gtk_switch_get_active (toggle);
  rebuild_bonus_rows (self);
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (toggle));
}

static void
on_brush_changed (GtkDropDown *drop_down,
                  GParamSpec *pspec,
                  PtWagonsSheetView *self)
{
  for (guint p = 0; p < N_PLAYERS; p++)
    if (self->terrain_drop[p] != NULL && self->symbol_drop[p] != NULL)
      pt_wagons_town_painter_set_brush (self->painter[p],
                                        MIN (gtk_drop_down_get_selected (self->terrain_drop[p]),
                                             PT_WAGONS_N_TERRAINS - 1),
                                        MIN (gtk_drop_down_get_selected (self->symbol_drop[p]),
                                             PT_WAGONS_N_SYMBOLS - 1));
}

static void
on_painter_changed (PtWagonsTownPainter *painter,
                    PtWagonsSheetView *self)
{
  pt_sheet_view_changed (PT_SHEET_VIEW (self), GTK_WIDGET (painter));
}

static void
on_clear_town (GtkButton *button,
               PtWagonsTownPainter *painter)
{
  pt_wagons_town_painter_clear (painter);
}

static GtkWidget *
build_painter (PtWagonsSheetView *self,
               guint p)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *brush = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *painter = pt_wagons_town_painter_new ();
  GtkWidget *clear = gtk_button_new_from_icon_name ("edit-clear-all-symbolic");
  g_autoptr(GtkStringList) terrains = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) symbols = gtk_string_list_new (NULL);
  GtkWidget *terrain_drop, *symbol_drop;
  g_autofree char *name = g_strdup_printf ("%u-painter", p);

  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    gtk_string_list_append (terrains, _(pt_wagons_terrain_name (t)));
  for (guint s = 0; s < PT_WAGONS_N_SYMBOLS; s++)
    gtk_string_list_append (symbols, _(pt_wagons_symbol_name (s)));
  terrain_drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (terrains)), NULL);
  symbol_drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (symbols)), NULL);
  gtk_widget_set_tooltip_text (terrain_drop, _("Terrain to paint"));
  pt_accessible_set_label (terrain_drop, _("Terrain to paint"));
  gtk_widget_set_tooltip_text (symbol_drop, _("Symbol to paint"));
  pt_accessible_set_label (symbol_drop, _("Symbol to paint"));
  gtk_widget_set_hexpand (terrain_drop, TRUE);
  gtk_widget_set_hexpand (symbol_drop, TRUE);
  gtk_widget_set_tooltip_text (clear, _("Clear the Town"));
  pt_accessible_set_label (clear, _("Clear the Town"));
  g_signal_connect_object (clear, "clicked", G_CALLBACK (on_clear_town), painter, 0);
  gtk_box_append (GTK_BOX (brush), terrain_drop);
  gtk_box_append (GTK_BOX (brush), symbol_drop);
  gtk_box_append (GTK_BOX (brush), clear);
  gtk_box_append (GTK_BOX (box), brush);

  gtk_widget_set_name (painter, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (painter), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Town: tap a cell to paint it, tap again to clear it"), -1);
  g_signal_connect_object (painter, "changed", G_CALLBACK (on_painter_changed), self, 0);
  gtk_box_append (GTK_BOX (box), painter);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_visible (box, FALSE);

  self->painter[p] = PT_WAGONS_TOWN_PAINTER (painter);
  self->terrain_drop[p] = GTK_DROP_DOWN (terrain_drop);
  self->symbol_drop[p] = GTK_DROP_DOWN (symbol_drop);
  self->paint_box[p] = box;
  g_signal_connect_object (terrain_drop, "notify::selected", G_CALLBACK (on_brush_changed), self, 0);
  g_signal_connect_object (symbol_drop, "notify::selected", G_CALLBACK (on_brush_changed), self, 0);
  return box;
}

static GtkWidget *
build_player (PtWagonsSheetView *self,
              guint p)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *total = gtk_label_new ("0");
  GtkWidget *lines = gtk_label_new ("");
  GtkWidget *summary = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *total_name = g_strdup_printf ("total-%u", p);

  gtk_widget_set_name (total, total_name);
  gtk_widget_add_css_class (total, "title-2");
  gtk_widget_add_css_class (total, "numeric");
  gtk_widget_set_valign (total, GTK_ALIGN_CENTER);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), total);
  gtk_label_set_wrap (GTK_LABEL (lines), TRUE);
  gtk_label_set_xalign (GTK_LABEL (lines), 0);
  gtk_widget_add_css_class (lines, "dim-label");
  gtk_widget_add_css_class (lines, "caption");
  gtk_box_append (GTK_BOX (summary), lines);
  gtk_widget_set_margin_bottom (summary, 6);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), summary);
  self->total_label[p] = GTK_LABEL (total);
  self->lines_label[p] = GTK_LABEL (lines);

  {
    GtkWidget *top = gtk_list_box_new ();
    GtkWidget *paint_row = pt_companion_plain_row (adw_action_row_new ());
    GtkWidget *paint = gtk_switch_new ();
    g_autofree char *paint_name = g_strdup_printf ("%u-paint", p);

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (top), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (top, "boxed-list");
    gtk_widget_set_margin_bottom (top, 12);
    gtk_list_box_append (GTK_LIST_BOX (top),
                         spin_row (self, p, "cards", _("Cards in town"), _("Covered cards too")));
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (paint_row), _("Paint the town"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (paint_row),
                                 _("Copy the town cell by cell and Partida counts everything"));
    gtk_widget_set_valign (paint, GTK_ALIGN_CENTER);
    gtk_widget_set_name (paint, paint_name);
    g_object_set_data (G_OBJECT (paint), "player", GUINT_TO_POINTER (p));
    g_signal_connect_object (paint, "notify::active", G_CALLBACK (on_paint_toggled), self, 0);
    adw_action_row_add_suffix (ADW_ACTION_ROW (paint_row), paint);
    adw_action_row_set_activatable_widget (ADW_ACTION_ROW (paint_row), paint);
    gtk_list_box_append (GTK_LIST_BOX (top), paint_row);
    self->paint_switch[p] = GTK_SWITCH (paint);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), top);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), build_painter (self, p));
  }
  self->count_list[p] = list;
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    {
      g_autofree char *subtitle = g_strdup (_("Largest group"));

      gtk_list_box_append (GTK_LIST_BOX (list),
                           spin_row (self, p, pt_wagons_terrain_id (t), _(pt_wagons_terrain_name (t)), subtitle));
    }
  self->need_row[p][0] = spin_row (self, p, "territories", _("Territories showing"), _("Smalltown Charm"));
  self->need_row[p][1] = spin_row (self, p, "mines", _("Mines showing"), _("Claim Jumpers"));
  self->need_row[p][2] = spin_row (self, p, "guns", _("Guns showing"), _("Claim Jumpers"));
  self->need_row[p][3] = spin_row (self, p, "beer", _("Beers showing"), _("One Too Many"));
  for (guint n = 0; n < 4; n++)
    gtk_list_box_append (GTK_LIST_BOX (list), self->need_row[p][n]);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);

  self->bonus_box[p] = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->bonus_box[p]), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->bonus_box[p], "boxed-list");
  gtk_widget_set_margin_top (self->bonus_box[p], 12);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->bonus_box[p]);
  self->player_group[p] = ADW_PREFERENCES_GROUP (group);
  return group;
}

static void
pt_wagons_sheet_view_init (PtWagonsSheetView *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->spins = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_string_list_append (names, _("Choose…"));
  for (guint b = 0; b < PT_WAGONS_N_BONUS_KINDS; b++)
    gtk_string_list_append (names, _(pt_wagons_bonus_info[b].name));

  self->rebuilding = TRUE;
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Bonus card %u"), i + 1);

      self->bonus[i] = -1;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->bonus_row[i]), title);
      adw_combo_row_set_model (self->bonus_row[i], G_LIST_MODEL (names));
      g_signal_connect_object (self->bonus_row[i], "notify::selected", G_CALLBACK (on_bonus_selected), self, 0);
    }
  for (guint p = 0; p < N_PLAYERS; p++)
    gtk_box_append (self->box, build_player (self, p));
  self->rebuilding = FALSE;
  rebuild_bonus_rows (self);
}

static void
pt_wagons_sheet_view_dispose (GObject *object)
{
  /* The bound box is AdwBin's child: out of the bin first, or the template
   * and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_WAGONS_SHEET_VIEW);

  G_OBJECT_CLASS (pt_wagons_sheet_view_parent_class)->dispose (object);
}

static void
pt_wagons_sheet_view_finalize (GObject *object)
{
  PtWagonsSheetView *self = PT_WAGONS_SHEET_VIEW (object);

  g_clear_pointer (&self->values, g_hash_table_unref);
  g_clear_pointer (&self->texts, g_hash_table_unref);
  g_clear_pointer (&self->spins, g_hash_table_unref);
  for (guint p = 0; p < N_PLAYERS; p++)
    g_clear_pointer (&self->runs[p], g_free);
  G_OBJECT_CLASS (pt_wagons_sheet_view_parent_class)->finalize (object);
}

static void
pt_wagons_sheet_view_class_init (PtWagonsSheetViewClass *klass)
{
  PtSheetViewClass *sheet_class = PT_SHEET_VIEW_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pt_wagons_sheet_view_dispose;
  G_OBJECT_CLASS (klass)->finalize = pt_wagons_sheet_view_finalize;
  sheet_class->game_id = "circle-the-wagons";
  sheet_class->min_players = N_PLAYERS;
  sheet_class->max_players = N_PLAYERS;
  sheet_class->build_sheet = pt_wagons_sheet_view_build_sheet;
  sheet_class->load_sheet = pt_wagons_sheet_view_load_sheet;
  sheet_class->show_result = pt_wagons_sheet_view_show_result;
  sheet_class->players_changed = pt_wagons_sheet_view_players_changed;
  sheet_class->check_input = pt_wagons_sheet_view_check_input;
  sheet_class->owns_error = pt_wagons_sheet_view_owns_error;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/circle-the-wagons/pt-wagons-sheet-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtWagonsSheetView, box);
  gtk_widget_class_bind_template_child (widget_class, PtWagonsSheetView, verdict_label);
  gtk_widget_class_bind_template_child_full (widget_class, "bonus_row_0", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsSheetView, bonus_row[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "bonus_row_1", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsSheetView, bonus_row[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "bonus_row_2", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsSheetView, bonus_row[2]));
}

AdwComboRow *
pt_wagons_sheet_view_get_bonus_row (PtWagonsSheetView *self,
                                    guint slot)
{
  g_return_val_if_fail (slot < PT_WAGONS_N_BONUS, NULL);
  return self->bonus_row[slot];
}

GtkSpinButton *
pt_wagons_sheet_view_get_spin (PtWagonsSheetView *self,
                               guint player,
                               const char *what)
{
  g_autofree char *key = value_key (player, what);

  return g_hash_table_lookup (self->spins, key);
}

GtkEditable *
pt_wagons_sheet_view_get_runs_entry (PtWagonsSheetView *self,
                                     guint player)
{
  g_return_val_if_fail (player < N_PLAYERS, NULL);
  return self->runs_row[player] ? GTK_EDITABLE (self->runs_row[player]) : NULL;
}

GtkLabel *
pt_wagons_sheet_view_get_total_label (PtWagonsSheetView *self,
                                      guint player)
{
  g_return_val_if_fail (player < N_PLAYERS, NULL);
  return self->total_label[player];
}

PtWagonsTownPainter *
pt_wagons_sheet_view_get_painter (PtWagonsSheetView *self,
                                  guint player)
{
  g_return_val_if_fail (player < N_PLAYERS, NULL);
  return self->painter[player];
}

GtkSwitch *
pt_wagons_sheet_view_get_paint_switch (PtWagonsSheetView *self,
                                       guint player)
{
  g_return_val_if_fail (player < N_PLAYERS, NULL);
  return self->paint_switch[player];
}

GtkLabel *
pt_wagons_sheet_view_get_verdict_label (PtWagonsSheetView *self)
{
  return self->verdict_label;
}
