/* pt-result-view.c — the end of a game: who won, and every point explained
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scores, winners and breakdown are the game's own (pt_game_get_scores,
 * pt_game_get_winners, pt_game_get_breakdown): this view only lays them
 * out, with each game's breakdown renderer (pt-game-ui.h), the same as
 * the match page's.
 *
 * The final board stays on screen, as the game ended, with the breakdown
 * beside it (below it on a narrow window): the end position is part of
 * the result.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game-view.h"
#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-result-view.h"

struct _PtResultView
{
  AdwBin parent_instance;

  GtkWidget *title;
  GtkWidget *description;
  GtkWidget *flow;
  GtkWidget *board_slot;
  PtBoard *board;
  GtkWidget *groups;
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
add_row (GtkWidget *group,
         const char *title,
         const char *subtitle,
         const char *value)
{
  GtkWidget *row = pt_companion_value_row_new (title, subtitle, value);

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static void show_result (PtResultView *self,
                         PtGame *game,
                         guint winners,
                         int forfeit_player,
                         const char *reason);

static void show_rounds (PtResultView *self, PtGame *game, guint winners, int forfeit_player, const char *reason, guint n_rounds, const int *round_scores, const int *totals);

void
pt_result_view_set_match (PtResultView *self,
                          PtGame *last_round,
                          guint n_rounds,
                          const int *round_scores,
                          const int *totals,
                          guint winners,
                          int forfeit_player,
                          const char *reason)
{
  g_return_if_fail (PT_IS_RESULT_VIEW (self));
  g_return_if_fail (PT_IS_GAME (last_round));

  show_rounds (self, last_round, winners, forfeit_player, reason, n_rounds, round_scores, totals);
}

void
pt_result_view_set_game (PtResultView *self,
                         PtGame *game)
{
  g_return_if_fail (PT_IS_RESULT_VIEW (self));

  show_result (self, game, pt_game_get_winners (game), -1, NULL);
}

void
pt_result_view_set_forfeit (PtResultView *self,
                            PtGame *game,
                            guint forfeit_player,
                            const char *reason)
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
             PtGame *game,
             guint winners,
             int forfeit_player,
             const char *reason)
{
  show_rounds (self, game, winners, forfeit_player, reason, 0, NULL, NULL);
}

/* @n_rounds > 1: a match of rounds, @round_scores[round * n + seat] and
 * @totals per seat; every seat's group lists its rounds and the total. */
static void
show_rounds (PtResultView *self,
             PtGame *game,
             guint winners,
             int forfeit_player,
             const char *reason,
             guint n_rounds,
             const int *round_scores,
             const int *totals)
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
  if (breakdown != NULL && JSON_NODE_HOLDS_OBJECT (breakdown))
    {
      /* What the breakdown says about everyone: a solo rating, bonus cards. */
      g_autofree char *text = pt_game_ui_breakdown_describe (pt_game_get_game_id (game),
                                                             json_node_get_object (breakdown));

      if (text != NULL)
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
  self->board = pt_game_view_create_board (game, NULL);
  pt_board_set_interactive (self->board, FALSE);
  gtk_widget_set_name (GTK_WIDGET (self->board), "result-board");
  adw_bin_set_child (ADW_BIN (self->board_slot), GTK_WIDGET (self->board));

  if (breakdown != NULL && JSON_NODE_HOLDS_OBJECT (breakdown) && json_object_has_member (json_node_get_object (breakdown), "players"))
    players = json_object_get_array_member (json_node_get_object (breakdown), "players");

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *group = adw_preferences_group_new ();
      g_autofree char *group_title = NULL;
      g_autofree char *total = g_strdup_printf ("%d", scores[i]);
      JsonObject *player = NULL;

      if (players != NULL && i < json_array_get_length (players) && JSON_NODE_HOLDS_OBJECT (json_array_get_element (players, i)))
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
      else if (player != NULL)
        {
          /* The game's breakdown renderer, as on the match page. */
          g_autoptr(GPtrArray) rows = pt_game_ui_breakdown_rows (pt_game_get_game_id (game),
                                                                  json_node_get_object (breakdown), player);

          for (guint r = 0; r < rows->len; r++)
            adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), g_ptr_array_index (rows, r));
        }
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

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/partida/Partida/pt-result-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtResultView, title);
  gtk_widget_class_bind_template_child (widget_class, PtResultView, description);
  gtk_widget_class_bind_template_child (widget_class, PtResultView, flow);
  gtk_widget_class_bind_template_child (widget_class, PtResultView, board_slot);
  gtk_widget_class_bind_template_child (widget_class, PtResultView, groups);
  gtk_widget_class_set_css_name (widget_class, "result-view");
}

static void
pt_result_view_init (PtResultView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
