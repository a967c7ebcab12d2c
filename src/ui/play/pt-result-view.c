/* pt-result-view.c — the end of a game: who won, and every point explained
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scores, winners and breakdown are the game's own (pt_game_get_scores,
 * pt_game_get_winners, pt_game_get_breakdown): this view only lays them
 * out. Lost Cities gets one row per expedition; the other games' breakdown
 * objects are listed member by member, which keeps every number the rules
 * produced visible without a table per game.
 *
 * The final board stays on screen, as the game ended, with the breakdown
 * beside it (below it on a narrow window): the end position is part of
 * the result.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game-view.h"
#include "pt-lost-cities-pile.h"
#include "pt-result-view.h"

struct _PtResultView
{
  AdwBin      parent_instance;

  GtkWidget  *title;
  GtkWidget  *description;
  GtkWidget  *flow;
  GtkWidget  *board_slot;
  PtBoard    *board;
  GtkWidget  *groups;
};

G_DEFINE_FINAL_TYPE (PtResultView, pt_result_view, ADW_TYPE_BIN)

GtkWidget *
pt_result_view_new (void)
{
  return g_object_new (PT_TYPE_RESULT_VIEW, NULL);
}

const char *
pt_result_view_get_title (PtResultView *self)
{
  g_return_val_if_fail (PT_IS_RESULT_VIEW (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->title));
}

static GtkWidget *
add_row (GtkWidget  *group,
         const char *title,
         const char *subtitle,
         const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL && subtitle[0] != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static void
add_lost_cities_rows (GtkWidget  *group,
                      JsonObject *player)
{
  JsonObject *expeditions = json_object_get_object_member (player, "expeditions");
  static const char letters[] = "YBWGRP";

  for (guint c = 0; c < 6; c++)
    {
      char key[2] = { letters[c], '\0' };
      JsonObject *e;
      JsonArray *cards;
      g_autoptr(GString) detail = g_string_new (NULL);
      g_autofree char *value = NULL;
      g_autofree char *title = NULL;
      gint64 wagers;

      if (expeditions == NULL || !json_object_has_member (expeditions, key))
        continue;
      e = json_object_get_object_member (expeditions, key);
      cards = json_object_get_array_member (e, "cards");
      wagers = json_object_get_int_member (e, "wagers");
      if (wagers > 0)
        g_string_append_printf (detail,
                                g_dngettext (GETTEXT_PACKAGE, "%d wager", "%d wagers", wagers),
                                (int) wagers);
      for (guint i = 0; i < json_array_get_length (cards); i++)
        g_string_append_printf (detail, "%s%d", detail->len > 0 ? (i == 0 ? " · " : " ") : "",
                                (int) json_array_get_int_element (cards, i));
      if (detail->len == 0)
        g_string_assign (detail, _("not started"));
      title = g_strdup (pt_lost_cities_color_label (c));
      title[0] = g_ascii_toupper (title[0]);
      value = g_strdup_printf ("%d", (int) json_object_get_int_member (e, "score"));
      add_row (group, title, detail->str, value);
    }
}

/* Circle the Wagons: the game's own lines (largest group per terrain,
 * each bonus card), named in the rules' translatable words. */
static void
add_wagons_rows (GtkWidget  *group,
                 JsonObject *player)
{
  JsonArray *lines = json_object_get_array_member (player, "lines");
  g_autofree char *cards = NULL;

  for (guint i = 0; lines != NULL && i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);
      g_autofree char *value = g_strdup_printf ("%d", (int) json_object_get_int_member (line, "points"));
      gboolean bonus = g_strcmp0 (json_object_get_string_member (line, "kind"), "bonus") == 0;

      add_row (group, _(json_object_get_string_member (line, "name")),
               bonus ? _("bonus card") : _("largest group"), value);
    }
  cards = g_strdup_printf ("%d", (int) json_object_get_int_member (player, "cards"));
  add_row (group, _("Cards in town"), _("fewer wins a tie"), cards);
}

/* Next Station: London: each line's figures, tourist sites, interchanges
 * and objectives, as the rules reported them. */
static void
add_next_station_rows (GtkWidget  *group,
                       JsonObject *player)
{
  static const struct { const char *id; const char *name; } colours[] = {
    { "purple", N_("Purple line") }, { "blue", N_("Blue line") },
    { "pink", N_("Pink line") }, { "green", N_("Green line") },
  };
  JsonArray *lines = json_object_get_array_member (player, "lines");
  JsonObject *interchanges = json_object_get_object_member (player, "interchanges");
  g_autofree char *tourist = NULL;
  g_autofree char *tourist_detail = NULL;
  g_autofree char *inter = NULL;
  g_autofree char *inter_detail = NULL;
  g_autofree char *objectives = NULL;

  for (guint i = 0; lines != NULL && i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);
      const char *colour = json_object_get_string_member (line, "colour");
      const char *title = colour;
      g_autofree char *detail = NULL;
      g_autofree char *value = g_strdup_printf ("%d", (int) json_object_get_int_member (line, "score"));

      for (guint c = 0; c < G_N_ELEMENTS (colours); c++)
        if (g_strcmp0 (colours[c].id, colour) == 0)
          title = _(colours[c].name);
      {
        int d = (int) json_object_get_int_member (line, "districts");
        int m = (int) json_object_get_int_member (line, "max_in_district");
        int t = (int) json_object_get_int_member (line, "thames");
        g_autofree char *districts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d district",
                                                                   "%d districts", (gulong) ABS (d)), d);
        g_autofree char *crossings = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Thames crossing",
                                                                   "%d Thames crossings", (gulong) ABS (t)), t);

        /* Translators: how a line scored, e.g. "5 districts × 3 + 2 × 1 Thames crossing":
         * districts × most stations in one district + 2 × crossings */
        detail = g_strdup_printf (_("%s × %d + 2 × %s"), districts, m, crossings);
      }
      add_row (group, title, detail, value);
    }
  tourist = g_strdup_printf ("%d", (int) json_object_get_int_member (player, "tourist_score"));
  {
    int visits = (int) json_object_get_int_member (player, "tourist_visits");

    tourist_detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d visit", "%d visits", (gulong) ABS (visits)),
                                      visits);
  }
  add_row (group, _("Tourist sites"), tourist_detail, tourist);
  inter = g_strdup_printf ("%d", (int) json_object_get_int_member (player, "interchange_score"));
  if (interchanges != NULL)
    inter_detail = g_strdup_printf (_("%d on 2 lines, %d on 3, %d on 4"),
                                    (int) json_object_get_int_member (interchanges, "2"),
                                    (int) json_object_get_int_member (interchanges, "3"),
                                    (int) json_object_get_int_member (interchanges, "4"));
  add_row (group, _("Interchanges"), inter_detail, inter);
  objectives = g_strdup_printf ("%d", (int) json_object_get_int_member_with_default (player, "objective_score", 0));
  add_row (group, _("Objectives"), NULL, objectives);
}

static char *
humanize (const char *key)
{
  char *text = g_strdup (key);

  g_strdelimit (text, "_-", ' ');
  text[0] = g_ascii_toupper (text[0]);
  return text;
}

static char *
node_to_text (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node))
    {
      GType type = json_node_get_value_type (node);

      if (type == G_TYPE_INT64)
        return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      if (type == G_TYPE_BOOLEAN)
        return g_strdup (json_node_get_boolean (node) ? _("yes") : _("no"));
      if (type == G_TYPE_STRING)
        return g_strdup (json_node_get_string (node));
      if (type == G_TYPE_DOUBLE)
        return g_strdup_printf ("%g", json_node_get_double (node));
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *item = node_to_text (json_array_get_element (array, i));

          if (item == NULL)
            return NULL;
          g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", item);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  return NULL;
}

static void
add_generic_rows (GtkWidget  *group,
                  JsonObject *object,
                  const char *prefix)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (object, l->data);
      g_autofree char *title = humanize (l->data);
      g_autofree char *full = prefix ? g_strdup_printf ("%s › %s", prefix, title) : g_strdup (title);
      g_autofree char *value = node_to_text (node);

      if (value != NULL)
        add_row (group, full, NULL, value);
      else if (JSON_NODE_HOLDS_OBJECT (node) && prefix == NULL)
        add_generic_rows (group, json_node_get_object (node), title);
    }
}

static void show_result (PtResultView *self,
                         PtGame       *game,
                         guint         winners,
                         int           forfeit_player,
                         const char   *reason);

static void show_rounds (PtResultView *self, PtGame *game, guint winners, int forfeit_player,
                         const char *reason, guint n_rounds, const int *round_scores,
                         const int *totals);

void
pt_result_view_set_match (PtResultView *self,
                          PtGame       *last_round,
                          guint         n_rounds,
                          const int    *round_scores,
                          const int    *totals,
                          guint         winners,
                          int           forfeit_player,
                          const char   *reason)
{
  g_return_if_fail (PT_IS_RESULT_VIEW (self));
  g_return_if_fail (PT_IS_GAME (last_round));

  show_rounds (self, last_round, winners, forfeit_player, reason, n_rounds, round_scores, totals);
}

void
pt_result_view_set_game (PtResultView *self,
                         PtGame       *game)
{
  g_return_if_fail (PT_IS_RESULT_VIEW (self));

  show_result (self, game, pt_game_get_winners (game), -1, NULL);
}

void
pt_result_view_set_forfeit (PtResultView *self,
                            PtGame       *game,
                            guint         forfeit_player,
                            const char   *reason)
{
  guint everyone = (1u << pt_game_get_n_players (game)) - 1;

  g_return_if_fail (PT_IS_RESULT_VIEW (self));

  show_result (self, game, everyone & ~(1u << forfeit_player), forfeit_player, reason);
}

const char *
pt_result_view_get_description (PtResultView *self)
{
  const char *text;

  g_return_val_if_fail (PT_IS_RESULT_VIEW (self), NULL);
  text = gtk_label_get_text (GTK_LABEL (self->description));
  return text ? text : "";
}

static void
show_result (PtResultView *self,
             PtGame       *game,
             guint         winners,
             int           forfeit_player,
             const char   *reason)
{
  show_rounds (self, game, winners, forfeit_player, reason, 0, NULL, NULL);
}

/* @n_rounds > 1: a match of rounds, @round_scores[round * n + seat] and
 * @totals per seat; every seat's group lists its rounds and the total. */
static void
show_rounds (PtResultView *self,
             PtGame       *game,
             guint         winners,
             int           forfeit_player,
             const char   *reason,
             guint         n_rounds,
             const int    *round_scores,
             const int    *totals)
{
  guint n = pt_game_get_n_players (game);
  g_autoptr(JsonNode) breakdown = pt_game_get_breakdown (game);
  JsonArray *players = NULL;
  int scores[PT_GAME_MAX_PLAYERS] = { 0 };
  GtkWidget *child;
  g_autofree char *title = NULL;
  guint n_winners = 0;
  int winner = -1;

  pt_game_get_scores (game, scores);
  if (totals != NULL)
    for (guint i = 0; i < n; i++)
      scores[i] = totals[i];
  for (guint i = 0; i < n; i++)
    if (winners & (1u << i))
      {
        n_winners++;
        winner = i;
      }

  if (n_winners == 0 && forfeit_player >= 0)
    /* Translators: the result screen's title when the only player, an engine, forfeited */
    title = g_strdup (_("No Result"));
  else if (n == 1)
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s Scored %d Point", "%s Scored %d Points",
                                         (gulong) ABS (scores[0])),
                            pt_game_get_player_name (game, 0), scores[0]);
  else if (n_winners == 1)
    /* Translators: the result screen's title, e.g. "Ana Wins" */
    title = g_strdup_printf (_("%s Wins"), pt_game_get_player_name (game, winner));
  else
    title = g_strdup (_("A Shared Victory"));
  gtk_label_set_text (GTK_LABEL (self->title), title);
  gtk_label_set_text (GTK_LABEL (self->description), "");
  if (breakdown != NULL && JSON_NODE_HOLDS_OBJECT (breakdown)
      && json_object_has_member (json_node_get_object (breakdown), "solo_rating"))
    {
      JsonObject *rating = json_object_get_object_member (json_node_get_object (breakdown), "solo_rating");
      g_autofree char *text = g_strdup_printf (_("Solo rating: %s"),
                                               json_object_get_string_member_with_default (rating, "label", ""));

      gtk_label_set_text (GTK_LABEL (self->description), text);
    }
  if (forfeit_player >= 0)
    {
      /* The description is a plain label (no markup): the name and the
       * engine's reason show as they are, without escaping. */
      /* Translators: the first %s is a player (an external engine), the second the reason */
      /* A plain-text label: the name and the engine's reason show as
       * they are. */
      g_autofree char *text = g_strdup_printf (_("%s forfeited the game: %s. The scores are those "
                                                 "of the moment it stopped."),
                                               pt_game_get_player_name (game, forfeit_player),
                                               reason ? reason : "");

      gtk_label_set_text (GTK_LABEL (self->description), text);
    }

  while ((child = gtk_widget_get_first_child (self->groups)) != NULL)
    gtk_box_remove (GTK_BOX (self->groups), child);

  /* The final position, not interactive, every hand open. */
  if (self->board != NULL)
    adw_bin_set_child (ADW_BIN (self->board_slot), NULL);
  self->board = pt_game_view_create_board (game);
  pt_board_set_interactive (self->board, FALSE);
  gtk_widget_set_name (GTK_WIDGET (self->board), "result-board");
  adw_bin_set_child (ADW_BIN (self->board_slot), GTK_WIDGET (self->board));

  if (breakdown != NULL && JSON_NODE_HOLDS_OBJECT (breakdown)
      && json_object_has_member (json_node_get_object (breakdown), "players"))
    players = json_object_get_array_member (json_node_get_object (breakdown), "players");

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *group = adw_preferences_group_new ();
      g_autofree char *group_title = NULL;
      g_autofree char *total = g_strdup_printf ("%d", scores[i]);
      JsonObject *player = NULL;

      if (players != NULL && i < json_array_get_length (players)
          && JSON_NODE_HOLDS_OBJECT (json_array_get_element (players, i)))
        player = json_array_get_object_element (players, i);

      /* A group's title is markup: the name (maybe an engine's) is escaped. */
      if ((int) i == forfeit_player)
        /* Translators: a player's heading on the result screen */
        group_title = g_markup_printf_escaped (_("%s — forfeited"), pt_game_get_player_name (game, i));
      else
        group_title = g_markup_printf_escaped ((winners & (1u << i)) && n > 1 ? _("%s — winner") : "%s",
                                               pt_game_get_player_name (game, i));
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), group_title);
      if (n_rounds > 1)
        {
          /* A match of rounds: each round's score, then the total. */
          for (guint r = 0; r < n_rounds; r++)
            {
              /* Translators: a row of the result screen, "Round 2" */
              g_autofree char *round_title = g_strdup_printf (_("Round %u"), r + 1);
              g_autofree char *value = g_strdup_printf ("%d", round_scores[r * n + i]);

              add_row (group, round_title, NULL, value);
            }
        }
      else if (player != NULL && g_strcmp0 (pt_game_get_game_id (game), "lost-cities") == 0)
        add_lost_cities_rows (group, player);
      else if (player != NULL && g_strcmp0 (pt_game_get_game_id (game), "circle-the-wagons") == 0)
        add_wagons_rows (group, player);
      else if (player != NULL && g_strcmp0 (pt_game_get_game_id (game), "next-station-london") == 0)
        add_next_station_rows (group, player);
      else if (player != NULL)
        add_generic_rows (group, player, NULL);
      gtk_widget_add_css_class (add_row (group, _("Total"), NULL, total), "heading");
      gtk_box_append (GTK_BOX (self->groups), group);
    }
}

GtkWidget *
pt_result_view_get_board (PtResultView *self)
{
  g_return_val_if_fail (PT_IS_RESULT_VIEW (self), NULL);
  return GTK_WIDGET (self->board);
}

static void
pt_result_view_class_init (PtResultViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_css_name (widget_class, "result-view");
}

static void
pt_result_view_init (PtResultView *self)
{
  GtkWidget *clamp = adw_clamp_new ();

  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  /* No generic icon: the board is the picture. */
  self->title = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->title, "title-1");
  gtk_label_set_wrap (GTK_LABEL (self->title), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->title), GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_top (self->title, 18);
  gtk_box_append (GTK_BOX (box), self->title);
  self->description = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->description), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->description), GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_start (self->description, 12);
  gtk_widget_set_margin_end (self->description, 12);
  gtk_box_append (GTK_BOX (box), self->description);
  self->groups = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_valign (self->groups, GTK_ALIGN_START);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 480);
  adw_clamp_set_child (ADW_CLAMP (clamp), self->groups);
  gtk_widget_set_size_request (clamp, 300, -1);

  /* Board and breakdown side by side; the flow box puts the breakdown
   * under the board when both do not fit. */
  self->board_slot = adw_bin_new ();
  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), FALSE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->flow), 24);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->flow), 18);
  gtk_widget_set_halign (self->flow, GTK_ALIGN_CENTER);
  gtk_flow_box_append (GTK_FLOW_BOX (self->flow), self->board_slot);
  gtk_flow_box_append (GTK_FLOW_BOX (self->flow), clamp);
  for (GtkWidget *child = gtk_widget_get_first_child (self->flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      gtk_widget_set_focusable (child, FALSE);
      gtk_widget_set_valign (child, GTK_ALIGN_START);
    }
  gtk_widget_set_margin_start (self->flow, 12);
  gtk_widget_set_margin_end (self->flow, 12);
  gtk_widget_set_margin_bottom (self->flow, 18);
  gtk_box_append (GTK_BOX (box), self->flow);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), box);
  adw_bin_set_child (ADW_BIN (self), scroll);
}
