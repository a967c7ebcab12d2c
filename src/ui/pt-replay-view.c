/* pt-replay-view.c — a finished (or saved) game, move by move
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The record is replayed by the rules layer (pt_game_replay_record_move)
 * on a game built from its options and setup; the game's own board shows
 * it, not interactive, from the side of the player to move. Stepping
 * forward replays the next record moves (the board follows the game's
 * signals); stepping back builds the game again up to that step, with a
 * new board, because a finished game cannot be undone.
 *
 * Actions: replay.first, replay.previous, replay.next, replay.last.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-game-view.h"
#include "pt-replay-view.h"
#include "pt-rules.h"

struct _PtReplayView
{
  AdwBin      parent_instance;

  PtGame     *game;
  JsonArray  *moves;          /* the record's moves */
  JsonNode   *record;
  guint       step;

  GtkWidget  *scroll;
  GtkWidget  *board;
  GtkWidget  *label;
};

G_DEFINE_FINAL_TYPE (PtReplayView, pt_replay_view, ADW_TYPE_BIN)

static void
update (PtReplayView *self)
{
  g_autofree char *text = NULL;
  int current = pt_game_get_current_player (self->game);

  /* Translators: replay position, e.g. "Move 3 of 41" */
  text = g_strdup_printf (_("Move %u of %u"), self->step, json_array_get_length (self->moves));
  gtk_label_set_text (GTK_LABEL (self->label), text);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (self->board), "viewer") != NULL)
    g_object_set (self->board, "viewer", current >= 0 ? current : 0, NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next",
                                 self->step < json_array_get_length (self->moves));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last",
                                 self->step < json_array_get_length (self->moves));
}

static PtGame *
new_game (JsonNode  *record,
          GError   **error)
{
  JsonObject *object = json_node_get_object (record);
  JsonArray *players = json_object_get_array_member (object, "players");
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    g_ptr_array_add (names, (gpointer) json_array_get_string_element (players, i));
  g_ptr_array_add (names, NULL);

  return pt_rules_new_game (json_object_get_string_member (object, "game"),
                            (const char * const *) names->pdata,
                            json_object_get_object_member (object, "options"),
                            json_object_get_object_member (object, "setup"), error);
}

static void
replay_to (PtReplayView *self,
           guint         step)
{
  while (self->step < step)
    {
      if (!pt_game_replay_record_move (self->game, json_array_get_element (self->moves, self->step),
                                       NULL, NULL))
        break;   /* the record was checked when loaded */
      self->step++;
    }
}

static void
set_board (PtReplayView *self)
{
  self->board = pt_game_view_create_board (self->game);
  gtk_widget_set_margin_start (self->board, 12);
  gtk_widget_set_margin_end (self->board, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroll), self->board);
}

void
pt_replay_view_set_step (PtReplayView *self,
                         guint         step)
{
  g_return_if_fail (PT_IS_REPLAY_VIEW (self));

  step = MIN (step, json_array_get_length (self->moves));
  if (step < self->step)
    {
      g_autoptr(PtGame) game = new_game (self->record, NULL);

      if (game == NULL)
        return;
      g_set_object (&self->game, game);
      self->step = 0;
      replay_to (self, step);
      set_board (self);
    }
  else
    replay_to (self, step);
  update (self);
}

guint
pt_replay_view_get_step (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), 0);
  return self->step;
}

guint
pt_replay_view_get_n_steps (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), 0);
  return json_array_get_length (self->moves);
}

static void
action_step (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PtReplayView *self = PT_REPLAY_VIEW (widget);

  if (g_str_equal (action_name, "replay.first"))
    pt_replay_view_set_step (self, 0);
  else if (g_str_equal (action_name, "replay.previous"))
    pt_replay_view_set_step (self, self->step > 0 ? self->step - 1 : 0);
  else if (g_str_equal (action_name, "replay.next"))
    pt_replay_view_set_step (self, self->step + 1);
  else
    pt_replay_view_set_step (self, G_MAXUINT);
}

static GtkWidget *
nav_button (const char *icon,
            const char *tooltip,
            const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  pt_accessible_set_label (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

GtkWidget *
pt_replay_view_new (JsonNode  *record,
                    GError   **error)
{
  g_autoptr(PtGame) check = NULL;
  g_autoptr(PtGame) game = NULL;
  PtReplayView *self;
  GtkWidget *box, *nav;

  g_return_val_if_fail (record != NULL, NULL);

  /* Load it whole once: a bad record is refused here, with its message. */
  check = pt_rules_load_record (record, NULL, NULL, error);
  if (check == NULL)
    return NULL;
  game = new_game (record, error);
  if (game == NULL)
    return NULL;

  self = g_object_new (PT_TYPE_REPLAY_VIEW, NULL);
  self->game = g_steal_pointer (&game);
  self->record = json_node_copy (record);
  self->moves = json_array_ref (json_object_get_array_member (json_node_get_object (self->record), "moves"));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  nav = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (nav, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (nav, 6);
  gtk_box_append (GTK_BOX (nav), nav_button ("go-first-symbolic", _("First move"), "replay.first"));
  gtk_box_append (GTK_BOX (nav), nav_button ("go-previous-symbolic", _("Previous move"), "replay.previous"));
  self->label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->label, "numeric");
  gtk_box_append (GTK_BOX (nav), self->label);
  gtk_box_append (GTK_BOX (nav), nav_button ("go-next-symbolic", _("Next move"), "replay.next"));
  gtk_box_append (GTK_BOX (nav), nav_button ("go-last-symbolic", _("Last move"), "replay.last"));
  gtk_box_append (GTK_BOX (box), nav);

  self->scroll = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroll, TRUE);
  gtk_box_append (GTK_BOX (box), self->scroll);
  adw_bin_set_child (ADW_BIN (self), box);
  set_board (self);

  update (self);
  return GTK_WIDGET (self);
}

static void
pt_replay_view_dispose (GObject *object)
{
  PtReplayView *self = PT_REPLAY_VIEW (object);

  adw_bin_set_child (ADW_BIN (self), NULL);
  g_clear_object (&self->game);
  g_clear_pointer (&self->moves, json_array_unref);
  g_clear_pointer (&self->record, json_node_unref);

  G_OBJECT_CLASS (pt_replay_view_parent_class)->dispose (object);
}

static void
pt_replay_view_class_init (PtReplayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_replay_view_dispose;

  gtk_widget_class_install_action (widget_class, "replay.first", NULL, action_step);
  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, action_step);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, action_step);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, action_step);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "replay.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "replay.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, GDK_ALT_MASK, "replay.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, GDK_ALT_MASK, "replay.last", NULL);
}

static void
pt_replay_view_init (PtReplayView *self)
{
}
