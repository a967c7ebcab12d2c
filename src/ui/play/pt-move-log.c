/* pt-move-log.c — every move of a match in words, newest first
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sentences come from the rules layer (pt_game_get_move_description(),
 * written by each game's describe_move on the position before the move),
 * so the log says nothing the rules did not say and shows only public
 * information. It is a GtkListBox of labels: a screen reader reads it
 * row by row, and its rows are not activatable.
 *
 * The log follows a live game through its signals; a replay hands it the
 * replay's game, whose history is exactly the moves shown so far.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-board-frame.h"
#include "pt-move-log.h"

struct _PtMoveLog
{
  AdwBin parent_instance;

  PtGame *game;
  char *title;
  GPtrArray *earlier; /* of PtGame, oldest first */
  GStrv earlier_titles;

  /* Template widgets */
  GtkWidget *box;
  GtkWidget *scroll;
  GtkWidget *list;
  GtkWidget *placeholder;
  GtkWidget *current_heading; /* or NULL */
  GPtrArray *entries;         /* the entry rows, newest first */
};

G_DEFINE_FINAL_TYPE (PtMoveLog, pt_move_log, ADW_TYPE_BIN)

#define PLAYER_KEY "pt-move-log-player"

GtkWidget *
pt_move_log_new (void)
{
  return g_object_new (PT_TYPE_MOVE_LOG, NULL);
}

static GtkWidget *
heading_row (const char *title)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (title);

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "move-log-heading");
  return row;
}

static GtkWidget *
entry_row (PtGame *game,
           guint index)
{
  const PtGameMove *move = pt_game_get_move (game, index);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (pt_game_get_move_description (game, index));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  /* Seat colours as in the boards: p0, p1, … */
  {
    g_autofree char *css = g_strdup_printf ("move-log-p%u", move->player);

    gtk_widget_add_css_class (row, "move-log-entry");
    gtk_widget_add_css_class (row, css);
  }
  g_object_set_data (G_OBJECT (row), PLAYER_KEY, GINT_TO_POINTER (move->player + 1));
  return row;
}

static void
rebuild (PtMoveLog *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  g_ptr_array_set_size (self->entries, 0);
  self->current_heading = NULL;

  if (self->game != NULL)
    {
      guint n = pt_game_get_n_moves (self->game);

      if (self->title != NULL)
        {
          self->current_heading = heading_row (self->title);
          gtk_list_box_append (GTK_LIST_BOX (self->list), self->current_heading);
        }
      for (guint i = n; i > 0; i--)
        {
          GtkWidget *row = entry_row (self->game, i - 1);

          gtk_list_box_append (GTK_LIST_BOX (self->list), row);
          g_ptr_array_add (self->entries, row);
        }
    }
  for (guint r = self->earlier ? self->earlier->len : 0; r > 0; r--)
    {
      PtGame *game = g_ptr_array_index (self->earlier, r - 1);

      gtk_list_box_append (GTK_LIST_BOX (self->list),
                           heading_row (self->earlier_titles ? self->earlier_titles[r - 1] : ""));
      for (guint i = pt_game_get_n_moves (game); i > 0; i--)
        {
          GtkWidget *row = entry_row (game, i - 1);

          gtk_list_box_append (GTK_LIST_BOX (self->list), row);
          g_ptr_array_add (self->entries, row);
        }
    }
}

static void
on_move_applied (PtGame *game,
                 guint player,
                 JsonNode *move,
                 PtMoveLog *self)
{
  guint n = pt_game_get_n_moves (game);
  GtkWidget *row;

  if (n == 0)
    return;
  /* The newest move goes on top, under the round's heading. */
  row = entry_row (game, n - 1);
  gtk_list_box_insert (GTK_LIST_BOX (self->list), row, self->current_heading ? 1 : 0);
  g_ptr_array_insert (self->entries, 0, row);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroll)), 0);
}

static void
on_move_undone (PtGame *game,
                PtMoveLog *self)
{
  rebuild (self);
}

void
pt_move_log_set_game (PtMoveLog *self,
                      PtGame *game,
                      const char *title)
{
  g_return_if_fail (PT_IS_MOVE_LOG (self));
  g_return_if_fail (game == NULL || PT_IS_GAME (game));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_free (self->title);
  self->title = g_strdup (title);
  if (game != NULL)
    {
      /* After the boards: the log reads a history that is complete. */
      g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied), self, G_CONNECT_AFTER);
      g_signal_connect_object (game, "move-undone", G_CALLBACK (on_move_undone), self, G_CONNECT_AFTER);
    }
  rebuild (self);
}

void
pt_move_log_set_earlier_rounds (PtMoveLog *self,
                                GPtrArray *games,
                                const char *const *titles)
{
  g_return_if_fail (PT_IS_MOVE_LOG (self));

  g_clear_pointer (&self->earlier, g_ptr_array_unref);
  g_clear_pointer (&self->earlier_titles, g_strfreev);
  if (games != NULL && games->len > 0)
    {
      self->earlier = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < games->len; i++)
        g_ptr_array_add (self->earlier, g_object_ref (g_ptr_array_index (games, i)));
      self->earlier_titles = g_strdupv ((char **) titles);
    }
  rebuild (self);
}

guint
pt_move_log_get_n_entries (PtMoveLog *self)
{
  g_return_val_if_fail (PT_IS_MOVE_LOG (self), 0);
  return self->entries->len;
}

const char *
pt_move_log_get_entry (PtMoveLog *self,
                       guint index)
{
  GtkWidget *row;

  g_return_val_if_fail (PT_IS_MOVE_LOG (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);

  row = g_ptr_array_index (self->entries, index);
  return gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))));
}

int
pt_move_log_get_entry_player (PtMoveLog *self,
                              guint index)
{
  g_return_val_if_fail (PT_IS_MOVE_LOG (self), -1);
  g_return_val_if_fail (index < self->entries->len, -1);

  return GPOINTER_TO_INT (g_object_get_data (g_ptr_array_index (self->entries, index), PLAYER_KEY)) - 1;
}

GtkWidget *
pt_move_log_wrap (PtMoveLog *self,
                  GtkWidget *content,
                  GtkWidget **out_toggle)
{
  GtkWidget *frame;
  GtkWidget *toggle;

  g_return_val_if_fail (PT_IS_MOVE_LOG (self), NULL);
  g_return_val_if_fail (out_toggle != NULL, NULL);

  frame = pt_board_frame_new (content, GTK_WIDGET (self));
  gtk_widget_set_name (frame, "board-frame");

  toggle = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (toggle), "view-list-symbolic");
  gtk_widget_set_tooltip_text (toggle, _("Moves so far"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves so far"), -1);
  gtk_widget_set_name (toggle, "move-log-toggle");
  g_object_bind_property (frame, "reveal-log", toggle, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  /* Beside the board the log is always there: the button only matters
   * once the window is too narrow and the log is a sheet. */
  g_object_bind_property (frame, "folded", toggle, "visible", G_BINDING_SYNC_CREATE);
  *out_toggle = toggle;
  return frame;
}

static void
pt_move_log_dispose (GObject *object)
{
  PtMoveLog *self = PT_MOVE_LOG (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->earlier, g_ptr_array_unref);
  g_clear_pointer (&self->earlier_titles, g_strfreev);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  /* The bound box is AdwBin's child: out of the bin first, or the template
   * and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_MOVE_LOG);
  G_OBJECT_CLASS (pt_move_log_parent_class)->dispose (object);
}

static void
pt_move_log_finalize (GObject *object)
{
  PtMoveLog *self = PT_MOVE_LOG (object);

  g_free (self->title);
  G_OBJECT_CLASS (pt_move_log_parent_class)->finalize (object);
}

static void
pt_move_log_class_init (PtMoveLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_move_log_dispose;
  object_class->finalize = pt_move_log_finalize;
  gtk_widget_class_set_css_name (widget_class, "move-log");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/partida/Partida/pt-move-log.ui");
  gtk_widget_class_bind_template_child (widget_class, PtMoveLog, box);
  gtk_widget_class_bind_template_child (widget_class, PtMoveLog, scroll);
  gtk_widget_class_bind_template_child (widget_class, PtMoveLog, list);
  gtk_widget_class_bind_template_child (widget_class, PtMoveLog, placeholder);
}

static void
pt_move_log_init (PtMoveLog *self)
{
  self->entries = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
