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
 * A match of several rounds (partida-match/1) is one timeline: each
 * round's deal and moves in turn, round after round; the log shows the
 * round on the board under its heading and the earlier rounds below.
 *
 * The timeline is a slider over the steps plus step buttons; the keys
 * ←/→ and Home/End step anywhere in the view (the board is not
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
#include "pt-session-record.h"

struct _PtReplayView
{
  AdwBin parent_instance;

  PtGame *game;     /* the round on the board, at its step */
  JsonArray *moves; /* that round's record moves */
  JsonNode *record; /* that round's record */
  guint step;       /* record moves played in that round */
  gboolean syncing; /* the slider is being set from the step */

  /* The rounds: one record each (one for a single game), every round
   * loaded whole once (the log's earlier rounds), and where each round
   * starts on the timeline (its deal). */
  GPtrArray *round_records;
  GPtrArray *round_games;
  guint *round_start;
  guint round;
  guint n_steps; /* the last step of the timeline */

  GtkWidget *scroll;
  PtBoard *board;
  GtkWidget *log;

  /* Template widgets */
  GtkBox *box;
  GtkBox *nav;
  GtkWidget *scale;
  GtkAdjustment *timeline;
  GtkWidget *label;
  GtkWidget *last_label;
};

G_DEFINE_FINAL_TYPE (PtReplayView, pt_replay_view, ADW_TYPE_BIN)

static void
update (PtReplayView *self)
{
  g_autofree char *text = NULL;
  int current = pt_game_get_current_player (self->game);
  guint n = json_array_get_length (self->moves);
  guint n_history = pt_game_get_n_moves (self->game);

  if (self->round_records->len > 1)
    /* Translators: replay position in a match of rounds, "Round 2 · move 3 of 41" */
    text = g_strdup_printf (_("Round %u · move %u of %u"), self->round + 1, self->step, n);
  else
    /* Translators: replay position, e.g. "Move 3 of 41" */
    text = g_strdup_printf (_("Move %u of %u"), self->step, n);
  gtk_label_set_text (GTK_LABEL (self->label), text);
  pt_board_set_viewer (self->board, current >= 0 ? current : 0);
  pt_board_set_interactive (self->board, FALSE);

  gtk_label_set_text (GTK_LABEL (self->last_label),
                      n_history > 0 ? pt_game_get_move_description (self->game, n_history - 1)
                                    : _("The deal, before the first move."));

  self->syncing = TRUE;
  gtk_range_set_value (GTK_RANGE (self->scale), pt_replay_view_get_step (self));
  self->syncing = FALSE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", pt_replay_view_get_step (self) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", pt_replay_view_get_step (self) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next", pt_replay_view_get_step (self) < self->n_steps);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last", pt_replay_view_get_step (self) < self->n_steps);
}

static PtGame *
new_game (JsonNode *record,
          GError **error)
{
  JsonObject *object = json_node_get_object (record);
  JsonArray *players = json_object_get_array_member (object, "players");
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    g_ptr_array_add (names, (gpointer) json_array_get_string_element (players, i));
  g_ptr_array_add (names, NULL);

  return pt_rules_new_game (json_object_get_string_member (object, "game"),
                            (const char *const *) names->pdata,
                            json_object_get_object_member (object, "options"),
                            json_object_get_object_member (object, "setup"), error);
}

static void
replay_to (PtReplayView *self,
           guint step)
{
  while (self->step < step)
    {
      if (!pt_game_replay_record_move (self->game, json_array_get_element (self->moves, self->step),
                                       NULL, NULL))
        break; /* the record was checked when loaded */
      self->step++;
    }
}

static void set_log (PtReplayView *self);

static void
set_board (PtReplayView *self)
{
  self->board = pt_game_view_create_board (self->game, NULL);
  gtk_widget_set_margin_start (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->board), 12);
  gtk_widget_set_name (GTK_WIDGET (self->board), "replay-board");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroll), GTK_WIDGET (self->board));
  set_log (self);
}

/* This round under its heading, the earlier rounds below. */
static void
set_log (PtReplayView *self)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) titles = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;
  g_autofree char *title = NULL;
  gboolean rounds = self->round_records->len > 1;

  for (guint r = 0; rounds && r < self->round; r++)
    {
      g_autofree char *round_title = g_strdup_printf (_("Round %u"), r + 1);

      g_ptr_array_add (games, g_ptr_array_index (self->round_games, r));
      g_strv_builder_add (titles, round_title);
    }
  strv = g_strv_builder_end (titles);
  if (rounds)
    title = g_strdup_printf (_("Round %u"), self->round + 1);
  pt_move_log_set_earlier_rounds (PT_MOVE_LOG (self->log), games, (const char *const *) strv);
  pt_move_log_set_game (PT_MOVE_LOG (self->log), self->game, title);
}

/* Round @round at its deal, on a new board. */
static gboolean
show_round (PtReplayView *self,
            guint round)
{
  JsonNode *record = g_ptr_array_index (self->round_records, round);
  g_autoptr(PtGame) game = new_game (record, NULL);

  if (game == NULL)
    return FALSE;
  g_set_object (&self->game, game);
  g_clear_pointer (&self->record, json_node_unref);
  g_clear_pointer (&self->moves, json_array_unref);
  self->record = json_node_ref (record);
  self->moves = json_array_ref (json_object_get_array_member (json_node_get_object (record), "moves"));
  self->round = round;
  self->step = 0;
  return TRUE;
}

void
pt_replay_view_set_step (PtReplayView *self,
                         guint step)
{
  guint round = 0, local;

  g_return_if_fail (PT_IS_REPLAY_VIEW (self));

  step = MIN (step, self->n_steps);
  while (round + 1 < self->round_records->len && step >= self->round_start[round + 1])
    round++;
  local = step - self->round_start[round];
  if (round != self->round || local < self->step)
    {
      if (!show_round (self, round))
        return;
      replay_to (self, local);
      set_board (self);
    }
  else
    replay_to (self, local);
  update (self);
}

guint
pt_replay_view_get_step (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), 0);
  return self->round_start[self->round] + self->step;
}

guint
pt_replay_view_get_n_steps (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), 0);
  return self->n_steps;
}

guint
pt_replay_view_get_round (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), 0);
  return self->round;
}

guint
pt_replay_view_get_n_rounds (PtReplayView *self)
{
  g_return_val_if_fail (PT_IS_REPLAY_VIEW (self), 0);
  return self->round_records->len;
}

void
pt_replay_view_show_round (PtReplayView *self,
                           guint round)
{
  g_return_if_fail (PT_IS_REPLAY_VIEW (self));

  if (round < self->round_records->len)
    pt_replay_view_set_step (self, self->round_start[round]);
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
action_step (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  PtReplayView *self = PT_REPLAY_VIEW (widget);

  guint step = pt_replay_view_get_step (self);

  if (g_str_equal (action_name, "replay.first"))
    pt_replay_view_set_step (self, 0);
  else if (g_str_equal (action_name, "replay.previous"))
    pt_replay_view_set_step (self, step > 0 ? step - 1 : 0);
  else if (g_str_equal (action_name, "replay.next"))
    pt_replay_view_set_step (self, step + 1);
  else
    pt_replay_view_set_step (self, G_MAXUINT);
}

static void
on_scale_changed (GtkRange *range,
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
                guint keyval,
                guint keycode,
                GdkModifierType state,
                PtReplayView *self)
{
  const char *action = NULL;

  if ((state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      action = "replay.previous";
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      action = "replay.next";
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      action = "replay.first";
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      action = "replay.last";
      break;
    default:
      return FALSE;
    }
  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
  return TRUE;
}

GtkWidget *
pt_replay_view_new (JsonNode *record,
                    GError **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  PtReplayView *self;
  GtkWidget *frame, *toggle;
  guint n = 0;

  g_return_val_if_fail (record != NULL, NULL);

  /* A match of rounds: its rounds' records, one timeline. */
  if (pt_match_record_is (record))
    {
      JsonArray *rounds = json_object_get_array_member (json_node_get_object (record), "rounds");

      for (guint r = 0; rounds != NULL && r < json_array_get_length (rounds); r++)
        g_ptr_array_add (records, json_node_copy (json_array_get_element (rounds, r)));
    }
  else
    g_ptr_array_add (records, json_node_copy (record));
  if (records->len == 0)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The match has no round to replay"));
      return NULL;
    }
  /* Load each whole once: a bad record is refused here, with its message. */
  for (guint r = 0; r < records->len; r++)
    {
      PtGame *game = pt_rules_load_record (g_ptr_array_index (records, r), NULL, NULL, error);

      if (game == NULL)
        return NULL;
      g_ptr_array_add (games, game);
    }

  self = g_object_new (PT_TYPE_REPLAY_VIEW, NULL);
  self->round_records = g_steal_pointer (&records);
  self->round_games = g_steal_pointer (&games);
  self->round_start = g_new0 (guint, self->round_records->len);
  for (guint r = 0; r < self->round_records->len; r++)
    {
      JsonNode *round = g_ptr_array_index (self->round_records, r);
      JsonArray *moves = json_object_get_array_member (json_node_get_object (round), "moves");

      self->round_start[r] = n + r;
      n += moves ? json_array_get_length (moves) : 0;
    }
  /* Each round's deal is a step of its own. */
  self->n_steps = n + self->round_records->len - 1;
  if (!show_round (self, 0))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The match has no round to replay"));
      g_object_ref_sink (self);
      g_object_unref (self);
      return NULL;
    }
  n = self->n_steps;

  gtk_adjustment_set_upper (self->timeline, MAX (n, 1));
  gtk_widget_set_sensitive (self->scale, n > 0);

  self->scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroll), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroll, TRUE);
  gtk_widget_set_hexpand (self->scroll, TRUE);
  self->log = pt_move_log_new ();
  frame = pt_move_log_wrap (PT_MOVE_LOG (self->log), self->scroll, &toggle);
  gtk_widget_set_vexpand (frame, TRUE);
  gtk_box_append (self->nav, toggle);
  gtk_box_append (self->box, frame);
  set_board (self);

  update (self);
  return GTK_WIDGET (self);
}

/* The replay in a window of its own, at the size of play. */
GtkWidget *
pt_replay_window_new (GtkWindow *parent,
                      JsonNode *record,
                      const char *title,
                      GError **error)
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
  g_object_set_data (G_OBJECT (window), "replay-view", replay);
  return window;
}

static void
pt_replay_view_dispose (GObject *object)
{
  PtReplayView *self = PT_REPLAY_VIEW (object);

  /* The bound box is AdwBin's child: out of the bin first, or the
   * template and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_REPLAY_VIEW);
  g_clear_object (&self->game);
  g_clear_pointer (&self->moves, json_array_unref);
  g_clear_pointer (&self->record, json_node_unref);
  g_clear_pointer (&self->round_records, g_ptr_array_unref);
  g_clear_pointer (&self->round_games, g_ptr_array_unref);
  g_clear_pointer (&self->round_start, g_free);

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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-replay-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtReplayView, box);
  gtk_widget_class_bind_template_child (widget_class, PtReplayView, nav);
  gtk_widget_class_bind_template_child (widget_class, PtReplayView, scale);
  gtk_widget_class_bind_template_child (widget_class, PtReplayView, timeline);
  gtk_widget_class_bind_template_child (widget_class, PtReplayView, label);
  gtk_widget_class_bind_template_child (widget_class, PtReplayView, last_label);
  gtk_widget_class_bind_template_callback (widget_class, on_scale_changed);
}

static void
pt_replay_view_init (PtReplayView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* ←/→ and Home/End anywhere in the view (on_key_pressed). */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
