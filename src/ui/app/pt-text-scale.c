/* pt-text-scale.c — the text scaling factor, for what the boards draw
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GNOME's Large Text (and the text scaling factor) reaches GTK as
 * gtk-xft-dpi: 96 × 1024 at the normal size, 120 × 1024 with Large Text.
 * Labels follow it by themselves; card faces, map symbols and the map's
 * numbers are drawn, so the boards multiply their sizes by pt_text_scale()
 * and redo their layout when it changes (pt_text_scale_connect()).
 */
#include "config.h"

#include "pt-text-scale.h"

#define NORMAL_DPI (96 * 1024)

double
pt_text_scale (GtkWidget *widget)
{
  GtkSettings *settings = widget ? gtk_widget_get_settings (widget) : gtk_settings_get_default ();
  int dpi = 0;

  if (settings != NULL)
    g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  if (dpi <= 0)
    return 1.0;
  return CLAMP ((double) dpi / NORMAL_DPI, 1.0, 3.0);
}

static void
on_dpi_changed (GtkWidget *widget)
{
  gtk_widget_queue_resize (widget);
  gtk_widget_queue_draw (widget);
}

/* @widget is measured and drawn again when the text scale changes. */
void
pt_text_scale_connect (GtkWidget *widget)
{
  GtkSettings *settings = gtk_widget_get_settings (widget);

  if (settings != NULL)
    g_signal_connect_object (settings, "notify::gtk-xft-dpi", G_CALLBACK (on_dpi_changed), widget,
                             G_CONNECT_SWAPPED);
}
