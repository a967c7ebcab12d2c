/* pt-shortcuts-window.c — the keyboard shortcuts window
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application's keys come from pt-shortcuts-window.ui; each game's
 * board keys from its PtGameUi, under the game's title, so this file
 * names no game.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game-ui.h"
#include "pt-shortcuts-window.h"

/* What a <child> in a .ui does: gtk_shortcuts_section_add_group () and
 * gtk_shortcuts_group_add_shortcut () are GTK 4.14, and the group and the
 * section manage their children themselves (size groups, columns). */
static void
add_child (GtkBuilder *builder,
           GObject *parent,
           GObject *child)
{
  GTK_BUILDABLE_GET_IFACE (parent)->add_child (GTK_BUILDABLE (parent), builder, child, NULL);
}

static GObject *
game_group (GtkBuilder *builder,
            const PtGameUi *ui)
{
  GObject *group = g_object_new (GTK_TYPE_SHORTCUTS_GROUP,
                                 "title", pt_game_ui_title (ui->game_id),
                                 NULL);

  for (guint i = 0; i < ui->n_shortcuts; i++)
    add_child (builder, group, g_object_new (GTK_TYPE_SHORTCUTS_SHORTCUT, "title", g_dgettext (GETTEXT_PACKAGE, ui->shortcuts[i].title), "accelerator", ui->shortcuts[i].accelerator, NULL));
  return group;
}

/**
 * pt_shortcuts_window_new:
 *
 * Returns: (transfer full): the shortcuts window, for
 *   gtk_application_window_set_help_overlay ()
 */
GtkShortcutsWindow *
pt_shortcuts_window_new (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/partida/Partida/pt-shortcuts-window.ui");
  GObject *section = gtk_builder_get_object (builder, "section");

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (pt_game_ui_list ()[i]->n_shortcuts > 0)
      add_child (builder, section, game_group (builder, pt_game_ui_list ()[i]));
  return g_object_ref (GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}
