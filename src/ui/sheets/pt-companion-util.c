/* pt-companion-util.c — helpers shared by the companion pages
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "pt-companion-util.h"
#include "pt-store-health.h"
#include "pt-window.h"

char *
pt_companion_format_date (gint64 unix_time)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (unix_time);
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (utc);
  /* TRANSLATORS: a match's date and time, strftime format */
  return g_date_time_format (local, _("%-d %b %Y, %H:%M"));
}

char *
pt_companion_format_day (gint64 unix_time)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (unix_time);
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (utc);
  /* TRANSLATORS: a day heading in the history, strftime format */
  return g_date_time_format (local, _("%A %-d %B %Y"));
}

char *
pt_companion_format_night_date (const char *iso_date)
{
  int y, m, d;
  g_autoptr(GDateTime) date = NULL;

  if (iso_date == NULL || sscanf (iso_date, "%d-%d-%d", &y, &m, &d) != 3 ||
      (date = g_date_time_new_local (y, m, d, 12, 0, 0)) == NULL)
    return g_strdup (iso_date != NULL ? iso_date : "");
  return g_date_time_format (date, _("%A %-d %B %Y"));
}

char *
pt_companion_today_iso (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y-%m-%d");
}

gint64
pt_companion_days_ago (int days)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) midnight = g_date_time_new_local (g_date_time_get_year (now),
                                                          g_date_time_get_month (now),
                                                          g_date_time_get_day_of_month (now),
                                                          0, 0, 0);
  g_autoptr(GDateTime) then = g_date_time_add_days (midnight, -days);

  return g_date_time_to_unix (then);
}

/* A score or count in a label, as the score sheets show it. */
void
pt_companion_set_label_int (GtkLabel *label,
                            gint64 value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  gtk_label_set_text (label, text);
}

void
pt_companion_toast (GtkWidget *widget,
                    AdwToast *toast)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (PT_IS_WINDOW (root))
    pt_window_add_toast (PT_WINDOW (root), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

void
pt_companion_error_toast (GtkWidget *widget,
                          const GError *error)
{
  /* A toast's title is Pango markup (libadwaita 1.2): the message may
   * quote outside text (names, a file's content). */
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (error == NULL)
    return;
  escaped = g_markup_escape_text (error->message, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 0);
  pt_companion_toast (widget, toast);
  /* A read that failed as damaged: check the whole history, and say so. */
  pt_store_health_read_failed (error);
}

/* A row with a number (or any short value) at its end; title and subtitle
 * are text, not markup (names, the rules' words). */
GtkWidget *
pt_companion_value_row_new (const char *title,
                            const char *subtitle,
                            const char *value)
{
  GtkWidget *row = adw_action_row_new ();

  /* Names and rule words are text, not markup (off before the title, or a
   * name such as "<b>&amp;" is parsed once and warned about). */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL && subtitle[0] != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (value != NULL)
    {
      GtkWidget *label = gtk_label_new (value);

      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  return row;
}

/* A player without a chosen colour still gets a stable one, from the name,
 * so the charts and lists can tell players apart. */
static const char *const palette[] = {
  "#3584e4",
  "#e66100",
  "#2ec27e",
  "#c061cb",
  "#e5a50a",
  "#1c71d8",
  "#a51d2d",
  "#63452c",
};

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t *cr,
             int width,
             int height,
             gpointer user_data)
{
  const GdkRGBA *rgba = user_data;
  double r = MIN (width, height) / 2.0;

  cairo_arc (cr, width / 2.0, height / 2.0, r - 1, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.2);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

GtkWidget *
pt_companion_colour_swatch (const char *colour,
                            const char *name)
{
  GtkWidget *area = gtk_drawing_area_new ();
  GdkRGBA *rgba = g_new0 (GdkRGBA, 1);

  pt_companion_player_rgba (colour, name, rgba);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 16);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 16);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, rgba, g_free);
  return area;
}

/**
 * pt_companion_player_rgba:
 * The colour a player is drawn with: theirs, else one from the name.
 */
void
pt_companion_player_rgba (const char *colour,
                          const char *name,
                          GdkRGBA *rgba)
{
  if (colour == NULL || colour[0] == '\0' || !gdk_rgba_parse (rgba, colour))
    gdk_rgba_parse (rgba, palette[g_str_hash (name != NULL ? name : "") % G_N_ELEMENTS (palette)]);
}

GtkWidget *
pt_companion_plain_row (GtkWidget *row)
{
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

void
pt_companion_group_set_title (GtkWidget *group,
                              const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped);
}

void
pt_companion_group_set_description (GtkWidget *group,
                                    const char *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), escaped);
}

void
pt_companion_status_set_description (GtkWidget *status_page,
                                     const char *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_status_page_set_description (ADW_STATUS_PAGE (status_page), escaped);
}
