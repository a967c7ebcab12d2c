/* pt-companion-util.h — small helpers shared by the companion pages
 * (score sheets, history, players & statistics). Not a class.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "pt-stats.h"
#include "pt-store.h"
#include "pt-store-worker.h"

G_BEGIN_DECLS

/* Lenient readers of the rules layer's JSON: a missing member or one of
 * another type reads as NULL/0 instead of a critical warning. */
static inline JsonObject *
pt_companion_obj (JsonObject *object,
                  const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static inline JsonArray *
pt_companion_arr (JsonObject *object,
                  const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static inline gint64
pt_companion_int (JsonObject *object,
                  const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_int (node) : 0;
}

static inline gint64
pt_companion_int_at (JsonArray *array,
                     guint index)
{
  JsonNode *node = array != NULL && index < json_array_get_length (array)
                       ? json_array_get_element (array, index)
                       : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_int (node) : 0;
}

static inline JsonObject *
pt_companion_obj_at (JsonArray *array,
                     guint index)
{
  JsonNode *node = array != NULL && index < json_array_get_length (array)
                       ? json_array_get_element (array, index)
                       : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static inline const char *
pt_companion_str (JsonObject *object,
                  const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                 json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : NULL;
}

/* Outside text (player names — engines' too —, places, notes, messages
 * that quote them) is never Pango markup. A row: use-markup off, before
 * its title is set; a group's title and description and a status page's
 * description are always markup in libadwaita 1.2, so they are escaped. */
GtkWidget *pt_companion_plain_row (GtkWidget *row);
void pt_companion_group_set_title (GtkWidget *group,
                                   const char *text);
void pt_companion_group_set_description (GtkWidget *group,
                                         const char *text);
void pt_companion_status_set_description (GtkWidget *status_page,
                                          const char *text);

GtkWidget *pt_companion_value_row_new (const char *title,
                                       const char *subtitle,
                                       const char *value);
char *pt_companion_format_date (gint64 unix_time);
char *pt_companion_format_day (gint64 unix_time);
char *pt_companion_format_night_date (const char *iso_date);
void pt_companion_toast (GtkWidget *widget,
                         AdwToast *toast);
void pt_companion_error_toast (GtkWidget *widget,
                               const GError *error);
void pt_companion_player_rgba (const char *colour,
                               const char *name,
                               GdkRGBA *rgba);
GtkWidget *pt_companion_colour_swatch (const char *colour,
                                       const char *name);
void pt_companion_set_label_int (GtkLabel *label,
                                 gint64 value);
char *pt_companion_today_iso (void);
/* Monday 00:00 local time of today, as Unix seconds, for filters. */
gint64 pt_companion_days_ago (int days);

G_END_DECLS
