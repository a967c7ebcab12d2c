/* pt-replay-view.c — a finished (or saved) game, move by move
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The record is replayed by the rules layer (pt_game_replay_record_move)
 * on a game built from its options and setup; the game's own board shows
 * it at full size, not interactive, from the side of the player to move,
 * with the move log beside it. Stepping forward replays the next record
 * moves (board and log follow the game's signals); stepping back builds
 * the game again up to that step, with a new board, because a finished
 * game cannot be undone.
 *
 * The timeline is a slider over the record moves plus step buttons; the
 * keys ←/→ and Home/End step anywhere in the view (the board is not
 * interactive here, so they are free).
 *
 * Actions: replay.first, replay.previous, replay.next, replay.last.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-game-view.h"
#include "pt-move-log.h"
#include "pt-replay-view.h"
#include "pt-rules.h"

struct _PtReplayView
{
  AdwBin      parent_instance;

  PtGame     *game;
  JsonArray  *moves;          /* the record's moves */
  JsonNode   *record;
  guint       step;
  gboolean    syncing;        /* the slider is being set from the step */

  GtkWidget  *scroll;
  PtBoard    *board;
  GtkWidget  *label;
  GtkWidget  *scale;
  GtkWidget  *last_label;
  GtkWidget  *log;
};

G_DEFINE_FINAL_TYPE (PtReplayView, pt_replay_view, ADW_TYPE_BIN)

static void
update (PtReplayView *self)
{
  g_autofree char *text = NULL;
  int current = pt_game_get_current_player (self->game);
  guint n = json_array_get_length (self->moves);
  guint n_history = pt_game_get_n_moves (self->game);

  /* Translators: replay position, e.g. "Move 3 of 41" */
  text = g_strdup_printf (_("Move %u of %u"), self->step, n);
  gtk_label_set_text (GTK_LABEL (self->label), text);
  pt_board_set_viewer (self->board, current >= 0 ? current : 0);
  pt_board_set_interactive (self->board, FALSE);

  gtk_label_set_text (GTK_LABEL (self->last_label),
                      n_history > 0 ? pt_game_get_move_description (self->game, n_history - 1)
                                    : _("The deal, before the first move."));

  self->syncing = TRUE;
  gtk_range_set_value (GTK_RANGE (self->scale), self->step);
  self->syncing = FALSE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next", self->step < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last", self->step < n);
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
  gtk_widget_set_margin_start (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->board), 12);
  gtk_widget_set_name (GTK_WIDGET (self->board), "replay-board");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroll), GTK_WIDGET (self->board));
  pt_move_log_set_game (PT_MOVE_LOG (self->log), self->game, NULL);
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

PtGame *
pt_replay_view_get_game (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), NULL);
  return self->game;
}

GtkWidget *
pt_replay_view_get_move_log (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), NULL);
  return self->log;
}

GtkWidget *
pt_replay_view_get_timeline (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), NULL);
  return self->scale;
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

static void
on_scale_changed (GtkRange     *range,
                  PtReplayView *self)
{
  if (self->syncing)
    return;
  pt_replay_view_set_step (self, (guint) CLAMP (gtk_range_get_value (range), 0, G_MAXUINT));
}

/* ←/→ and Home/End anywhere in the view, before the focused widget (the
 * slider would step too, but a scrolled board would scroll instead). */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                PtReplayView          *self)
{
  const char *action = NULL;

  if ((state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: action = "replay.previous"; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: action = "replay.next"; break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: action = "replay.first"; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: action = "replay.last"; break;
    default: return FALSE;
    }
  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
  return TRUE;
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
  gtk_widget_add_css_class (button, "flat");
  return button;
}

GtkWidget *
pt_replay_view_new (JsonNode  *record,
                    GError   **error)
{
  g_autoptr(PtGame) check = NULL;
  g_autoptr(PtGame) game = NULL;
  PtReplayView *self;
  GtkWidget *box, *nav, *frame, *toggle;
  GtkEventController *keys;
  guint n;

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
  n = json_array_get_length (self->moves);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  nav = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top (nav, 6);
  gtk_widget_set_margin_start (nav, 12);
  gtk_widget_set_margin_end (nav, 12);
  gtk_box_append (GTK_BOX (nav), nav_button ("go-first-symbolic", _("First move"), "replay.first"));
  gtk_box_append (GTK_BOX (nav), nav_button ("go-previous-symbolic", _("Previous move"), "replay.previous"));
  self->scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, MAX (n, 1), 1);
  gtk_range_set_increments (GTK_RANGE (self->scale), 1, 10);
  gtk_range_set_round_digits (GTK_RANGE (self->scale), 0);
  gtk_scale_set_draw_value (GTK_SCALE (self->scale), FALSE);
  gtk_widget_set_hexpand (self->scale, TRUE);
  gtk_widget_set_sensitive (self->scale, n > 0);
  gtk_widget_set_name (self->scale, "replay-timeline");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Timeline of the moves"), -1);
  g_signal_connect (self->scale, "value-changed", G_CALLBACK (on_scale_changed), self);
  gtk_box_append (GTK_BOX (nav), self->scale);
  gtk_box_append (GTK_BOX (nav), nav_button ("go-next-symbolic", _("Next move"), "replay.next"));
  gtk_box_append (GTK_BOX (nav), nav_button ("go-last-symbolic", _("Last move"), "replay.last"));
  self->label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->label, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (self->label), 14);
  gtk_box_append (GTK_BOX (nav), self->label);
  gtk_box_append (GTK_BOX (box), nav);

  self->last_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->last_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->last_label), 0);
  gtk_widget_set_margin_start (self->last_label, 12);
  gtk_widget_set_margin_end (self->last_label, 12);
  gtk_widget_add_css_class (self->last_label, "last-move");
  gtk_widget_set_name (self->last_label, "replay-last-move");
  gtk_box_append (GTK_BOX (box), self->last_label);

  self->scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroll), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroll, TRUE);
  gtk_widget_set_hexpand (self->scroll, TRUE);
  self->log = pt_move_log_new ();
  frame = pt_move_log_wrap (PT_MOVE_LOG (self->log), self->scroll, &toggle);
  gtk_widget_set_vexpand (frame, TRUE);
  gtk_box_append (GTK_BOX (nav), toggle);
  gtk_box_append (GTK_BOX (box), frame);
  adw_bin_set_child (ADW_BIN (self), box);
  set_board (self);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  update (self);
  return GTK_WIDGET (self);
}

/* The replay in a window of its own, at the size of play. */
GtkWidget *
pt_replay_window_new (GtkWindow  *parent,
                      JsonNode   *record,
                      const char *title,
                      GError    **error)
{
  GtkWidget *replay = pt_replay_view_new (record, error);
  GtkWidget *window, *box, *header;

  if (replay == NULL)
    return NULL;
  window = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (window), parent);
      gtk_window_set_modal (GTK_WINDOW (window), TRUE);
    }
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (title, _("Replay")));
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), replay);
  adw_window_set_content (ADW_WINDOW (window), box);
  gtk_widget_set_name (replay, "replay");
  return window;
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
