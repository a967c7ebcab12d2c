/* pt-board-spot.c — one thing on a drawn board that a person acts on
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 exposes only widgets to assistive technologies, so a board that
 * draws its map or town in one drawing area lays one light, transparent
 * PtBoardSpot over each station or cell: it has a role, a name that says
 * what it is in the game and its state, and it can take the keyboard focus.
 * It draws nothing (the board draws the cursor where a spot has the focus)
 * and lets clicks through to the drawing underneath. Enter and Space emit
 * "activate".
 */
#include "config.h"

#include "pt-board-spot.h"

struct _PtBoardSpot
{
  GtkWidget parent_instance;

  char *name;
};

G_DEFINE_FINAL_TYPE (PtBoardSpot, pt_board_spot, GTK_TYPE_WIDGET)

enum
{
  ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
pt_board_spot_new (GtkAccessibleRole role)
{
  return g_object_new (PT_TYPE_BOARD_SPOT, "accessible-role", role, NULL);
}

void
pt_board_spot_set_name (PtBoardSpot *self,
                        const char *name)
{
  g_return_if_fail (PT_IS_BOARD_SPOT (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name ? name : "", -1);
}

const char *
pt_board_spot_get_name (PtBoardSpot *self)
{
  g_return_val_if_fail (PT_IS_BOARD_SPOT (self), NULL);
  return self->name ? self->name : "";
}

static void
pt_board_spot_activate (PtBoardSpot *self)
{
}

static void
pt_board_spot_finalize (GObject *object)
{
  g_free (PT_BOARD_SPOT (object)->name);

  G_OBJECT_CLASS (pt_board_spot_parent_class)->finalize (object);
}

static void
pt_board_spot_class_init (PtBoardSpotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pt_board_spot_finalize;

  signals[ACTIVATE] =
      g_signal_new_class_handler ("activate", G_TYPE_FROM_CLASS (klass),
                                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                                  G_CALLBACK (pt_board_spot_activate),
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_Return, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Enter, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_space, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Space, 0, "activate", NULL);
  gtk_widget_class_set_css_name (widget_class, "board-spot");
}

static void
pt_board_spot_init (PtBoardSpot *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}
