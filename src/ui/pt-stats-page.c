/* pt-stats-page.c — the Players & statistics area.
 *
 * Not built yet: the page says so plainly until its issue replaces this file.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-stats-page.h"

struct _PtStatsPage
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (PtStatsPage, pt_stats_page, ADW_TYPE_BIN)

GtkWidget *
pt_stats_page_new (void)
{
  return g_object_new (PT_TYPE_STATS_PAGE, NULL);
}

static void
pt_stats_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_STATS_PAGE);

  G_OBJECT_CLASS (pt_stats_page_parent_class)->dispose (object);
}

static void
pt_stats_page_class_init (PtStatsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_stats_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-stats-page.ui");
}

static void
pt_stats_page_init (PtStatsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
