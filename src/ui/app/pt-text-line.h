/* pt-text-line.h — a list row's text as one widget: title, subtitle, value
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How the text is laid out: as libadwaita's AdwActionRow lays out its
 * header (the rows of a boxed list), or as the compact rows of the
 * history list. */
typedef enum
{
  PT_TEXT_LINE_ACTION_ROW,
  PT_TEXT_LINE_COMPACT,
} PtTextLineStyle;

#define PT_TYPE_TEXT_LINE (pt_text_line_get_type ())
G_DECLARE_FINAL_TYPE (PtTextLine, pt_text_line, PT, TEXT_LINE, GtkWidget)

GtkWidget *pt_text_line_new (PtTextLineStyle style);
void pt_text_line_set_text (PtTextLine *self,
                            const char *title,
                            const char *subtitle,
                            const char *value);
void pt_text_line_set_subtitle_markup (PtTextLine *self,
                                       const char *markup);
void pt_text_line_set_heading (PtTextLine *self,
                               gboolean heading);
void pt_text_line_set_swatch (PtTextLine *self,
                              const GdkRGBA *colour);
void pt_text_line_set_arrow (PtTextLine *self,
                             gboolean arrow);
const char *pt_text_line_get_title (PtTextLine *self);
const char *pt_text_line_get_subtitle (PtTextLine *self);
const char *pt_text_line_get_value (PtTextLine *self);
char *pt_text_line_dup_accessible_text (PtTextLine *self);

GtkWidget *pt_text_line_row_new (const char *title,
                                 const char *subtitle,
                                 const char *value);
void pt_text_line_row_set_text (GtkWidget *row,
                                const char *title,
                                const char *subtitle,
                                const char *value);
PtTextLine *pt_text_line_row_get_line (GtkWidget *row);

G_END_DECLS
