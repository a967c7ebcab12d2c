/* pt-board-keys.c — a board's keys, wherever the focus is in the game view
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A board lists its keys once (pt_board_keys_install): they work while the
 * focus is inside the board. The game view around it calls
 * pt_board_keys_forward() so that the same keys work wherever the focus is
 * in the game view (its header buttons, the hint, after Escape…): a
 * shortcut controller on the view activates the board's own action. The
 * keys are listed per game in the shortcuts window (PtGameUi.shortcuts);
 * none of them is one of GTK's own (Ctrl+Shift+D and Ctrl+Shift+I open the
 * Inspector, Tab, F10, Ctrl+A, Ctrl+C…).
 */
#include "config.h"

#include "pt-board-keys.h"

typedef struct
{
  const PtBoardKey *keys;
  guint n_keys;
} KeyTable;

static gboolean
activate_key (GtkWidget *widget,
              GVariant *args,
              gpointer user_data)
{
  GtkWidget **forwarded = g_object_get_data (G_OBJECT (widget), "pt-board-keys-board");
  GtkWidget *board = forwarded != NULL ? *forwarded : widget;
  const PtBoardKey *key = user_data;
  g_autoptr(GVariant) target = NULL;

  if (board == NULL || !gtk_widget_is_sensitive (board) || !gtk_widget_get_mapped (board))
    return FALSE;
  if (key->target != NULL)
    target = g_variant_ref_sink (g_variant_parse (NULL, key->target, NULL, NULL, NULL));
  return gtk_widget_activate_action_variant (board, key->action, target);
}

static GtkEventController *
controller_for (const KeyTable *table)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_LOCAL);
  for (guint i = 0; i < table->n_keys; i++)
    {
      GtkShortcutTrigger *trigger = gtk_shortcut_trigger_parse_string (table->keys[i].accelerator);
      GtkShortcutAction *action = gtk_callback_action_new (activate_key, (gpointer) &table->keys[i], NULL);

      g_return_val_if_fail (trigger != NULL, controller);
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                            gtk_shortcut_new (trigger, action));
    }
  return controller;
}

/* @keys must outlive @board (a static table). */
void
pt_board_keys_install (GtkWidget *board,
                       const PtBoardKey *keys,
                       guint n_keys)
{
  KeyTable *table = g_new0 (KeyTable, 1);

  g_return_if_fail (GTK_IS_WIDGET (board));

  table->keys = keys;
  table->n_keys = n_keys;
  g_object_set_data_full (G_OBJECT (board), "pt-board-keys", table, g_free);
  gtk_widget_add_controller (board, controller_for (table));
}

static void
free_forwarded (gpointer data)
{
  GtkWidget **forwarded = data;

  if (*forwarded != NULL)
    g_object_remove_weak_pointer (G_OBJECT (*forwarded), (gpointer *) forwarded);
  g_free (forwarded);
}

/* The keys of @board, also when the focus is elsewhere in @scope (an
 * ancestor of the board). A board without keys adds nothing. */
void
pt_board_keys_forward (GtkWidget *board,
                       GtkWidget *scope)
{
  KeyTable *table;
  GtkWidget **forwarded;

  g_return_if_fail (GTK_IS_WIDGET (board));
  g_return_if_fail (GTK_IS_WIDGET (scope));

  table = g_object_get_data (G_OBJECT (board), "pt-board-keys");
  if (table == NULL)
    return;
  /* The view does not own the board: a weak pointer, cleared with it. */
  forwarded = g_new0 (GtkWidget *, 1);
  *forwarded = board;
  g_object_add_weak_pointer (G_OBJECT (board), (gpointer *) forwarded);
  g_object_set_data_full (G_OBJECT (scope), "pt-board-keys-board", forwarded, free_forwarded);
  gtk_widget_add_controller (scope, controller_for (table));
}
