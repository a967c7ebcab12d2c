/* pt-chart.h — small charts drawn by the app (lines and bars)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  PT_CHART_LINES, /* one or more series of (x, y) points, x = time */
  PT_CHART_BARS,  /* one value per labelled bar */
} PtChartKind;

#define PT_TYPE_CHART (pt_chart_get_type ())
G_DECLARE_FINAL_TYPE (PtChart, pt_chart, PT, CHART, GtkWidget)

GtkWidget *pt_chart_new (PtChartKind kind);
PtChartKind pt_chart_get_kind (PtChart *self);
void pt_chart_clear (PtChart *self);
/* Lines: a series; @rgba NULL = the accent colour. */
void pt_chart_add_series (PtChart *self,
                          const char *label,
                          const GdkRGBA *rgba,
                          const double *xs,
                          const double *ys,
                          guint n);
/* Bars: one bar; @value_text is written above it. */
void pt_chart_add_bar (PtChart *self,
                       const char *label,
                       double value,
                       const char *value_text);
/* Fixed y range (e.g. 0–100 for percentages); min == max = automatic. */
void pt_chart_set_y_range (PtChart *self,
                           double min,
                           double max);
/* Shown instead of the chart when there is nothing to draw. */
void pt_chart_set_empty_text (PtChart *self,
                              const char *text);
/* Lines: what the x axis counts, written under it. */
void pt_chart_set_x_caption (PtChart *self,
                             const char *caption);
guint pt_chart_get_n_points (PtChart *self);

G_END_DECLS
