/* pt-play-page.c — the Play area: start or continue a digital game.
 *
 * Not built yet: the page says so plainly until its issue replaces this file.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-play-page.h"

struct _PtPlayPage
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (PtPlayPage, pt_play_page, ADW_TYPE_BIN)

GtkWidget *
pt_play_page_new (void)
{
  return g_object_new (PT_TYPE_PLAY_PAGE, NULL);
}

static void
pt_play_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_PLAY_PAGE);

  G_OBJECT_CLASS (pt_play_page_parent_class)->dispose (object);
}

static void
pt_play_page_class_init (PtPlayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_play_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-play-page.ui");
}

static void
pt_play_page_init (PtPlayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
