/* pt-game-ui.c — the registry of the games' UI pieces
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Adding a game: its folder under src/ui/games/ defines a PtGameUi, and
 * one line below lists it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-companion-util.h"
#include "pt-game-ui.h"

extern const PtGameUi pt_lost_cities_ui;
extern const PtGameUi pt_wagons_ui;
extern const PtGameUi pt_next_station_ui;

/* In the rules' order, which is the order of the menus. */
static const PtGameUi *const registered[] = {
  &pt_lost_cities_ui,
  &pt_wagons_ui,
  &pt_next_station_ui,
  NULL
};

const PtGameUi *const *
pt_game_ui_list (void)
{
  return registered;
}

guint
pt_game_ui_get_n (void)
{
  return G_N_ELEMENTS (registered) - 1;
}

int
pt_game_ui_index_of (const char *game_id)
{
  for (guint i = 0; registered[i] != NULL; i++)
    if (g_strcmp0 (registered[i]->game_id, game_id) == 0)
      return (int) i;
  return -1;
}

const PtGameUi *
pt_game_ui_lookup (const char *game_id)
{
  int index = pt_game_ui_index_of (game_id);

  return index >= 0 ? registered[index] : NULL;
}

const char *
pt_game_ui_title (const char *game_id)
{
  const PtGameUi *ui = pt_game_ui_lookup (game_id);

  if (ui == NULL)
    return game_id != NULL ? game_id : "";
  return g_dgettext (GETTEXT_PACKAGE, ui->title);
}

/* Stylesheets ------------------------------------------------------------- */

void
pt_game_ui_load_stylesheets (GdkDisplay *display)
{
  g_return_if_fail (GDK_IS_DISPLAY (display));

  for (guint i = 0; registered[i] != NULL; i++)
    if (registered[i]->stylesheet != NULL)
      {
        g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

        gtk_css_provider_load_from_resource (provider, registered[i]->stylesheet);
        /* Above the application's style.css, which AdwApplication adds at
         * this priority before. */
        gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                    GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      }
}

/* Settings ---------------------------------------------------------------- */

static GSettingsSchema *
lookup_schema (const char *id)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema = source != NULL ? g_settings_schema_source_lookup (source, id, TRUE) : NULL;

  if (schema == NULL)
    g_warning ("The settings schema %s is not installed", id);
  return schema;
}

static GSettings *
settings_new (const char *id,
              GSettingsBackend *backend)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema (id);

  return schema != NULL ? g_settings_new_full (schema, backend, NULL) : NULL;
}

/* Copies the user values of the game's legacy keys into @settings, once:
 * the game's schema is then listed in "moved-settings". A value the new key
 * refuses (out of its range) is left behind, said in the log. */
static void
move_legacy_settings (const PtGameUi *ui,
                      GSettings *app_settings,
                      GSettingsBackend *backend,
                      GSettings *settings)
{
  g_auto(GStrv) moved = g_settings_get_strv (app_settings, "moved-settings");
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) now_moved = NULL;
  g_autoptr(GSettings) legacy = NULL;

  if (ui->legacy_schema == NULL || ui->legacy_keys == NULL || g_strv_contains ((const char *const *) moved, ui->settings_schema))
    return;
  legacy = settings_new (ui->legacy_schema, backend);
  if (legacy == NULL)
    return;
  for (guint i = 0; ui->legacy_keys[i].old_key != NULL; i++)
    {
      g_autoptr(GVariant) value = g_settings_get_user_value (legacy, ui->legacy_keys[i].old_key);

      if (value != NULL && !g_settings_set_value (settings, ui->legacy_keys[i].key, value))
        g_message ("%s: the value of %s is not one %s takes; left behind", ui->game_id,
                   ui->legacy_keys[i].old_key, ui->legacy_keys[i].key);
    }
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) moved);
  g_strv_builder_add (builder, ui->settings_schema);
  now_moved = g_strv_builder_end (builder);
  g_settings_set_strv (app_settings, "moved-settings", (const char *const *) now_moved);
}

GSettings *
pt_game_ui_get_settings (const PtGameUi *ui,
                         GSettings *app_settings)
{
  g_autofree char *data_key = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  GSettings *settings;

  g_return_val_if_fail (ui != NULL, NULL);
  g_return_val_if_fail (G_IS_SETTINGS (app_settings), NULL);

  if (ui->settings_schema == NULL)
    return NULL;
  data_key = g_strconcat ("pt-game-settings:", ui->settings_schema, NULL);
  settings = g_object_get_data (G_OBJECT (app_settings), data_key);
  if (settings != NULL)
    return settings;

  g_object_get (app_settings, "backend", &backend, NULL);
  settings = settings_new (ui->settings_schema, backend);
  if (settings == NULL)
    return NULL;
  move_legacy_settings (ui, app_settings, backend, settings);
  g_object_set_data_full (G_OBJECT (app_settings), data_key, settings, g_object_unref);
  return settings;
}

/* Breakdowns -------------------------------------------------------------- */

void
pt_game_ui_add_row (GPtrArray *rows,
                    const char *title,
                    const char *subtitle,
                    gint64 value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  g_ptr_array_add (rows, g_object_ref_sink (pt_companion_value_row_new (title, subtitle, text)));
}

static char *
humanize (const char *key)
{
  char *text = g_strdup (key);

  g_strdelimit (text, "_-", ' ');
  text[0] = g_ascii_toupper (text[0]);
  return text;
}

static char *
node_to_text (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node))
    {
      GType type = json_node_get_value_type (node);

      if (type == G_TYPE_INT64)
        return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      if (type == G_TYPE_BOOLEAN)
        return g_strdup (json_node_get_boolean (node) ? _("yes") : _("no"));
      if (type == G_TYPE_STRING)
        return g_strdup (json_node_get_string (node));
      if (type == G_TYPE_DOUBLE)
        return g_strdup_printf ("%g", json_node_get_double (node));
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *item = node_to_text (json_array_get_element (array, i));

          if (item == NULL)
            return NULL;
          g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", item);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  return NULL;
}

/* A game without a renderer: every number the rules produced, member by
 * member. */
static void
generic_rows (JsonObject *object,
              const char *prefix,
              GPtrArray *rows)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (object, l->data);
      g_autofree char *title = humanize (l->data);
      g_autofree char *full = prefix ? g_strdup_printf ("%s › %s", prefix, title) : g_strdup (title);
      g_autofree char *value = node_to_text (node);

      if (value != NULL)
        g_ptr_array_add (rows, g_object_ref_sink (pt_companion_value_row_new (full, NULL, value)));
      else if (JSON_NODE_HOLDS_OBJECT (node) && prefix == NULL)
        generic_rows (json_node_get_object (node), title, rows);
    }
}

GPtrArray *
pt_game_ui_breakdown_rows (const char *game_id,
                           JsonObject *round,
                           JsonObject *player)
{
  const PtGameUi *ui = pt_game_ui_lookup (game_id);
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (player != NULL, rows);

  if (ui != NULL && ui->breakdown_rows != NULL)
    ui->breakdown_rows (round, player, rows);
  else
    generic_rows (player, NULL, rows);
  return rows;
}

char *
pt_game_ui_breakdown_describe (const char *game_id,
                               JsonObject *round)
{
  const PtGameUi *ui = pt_game_ui_lookup (game_id);

  if (ui == NULL || ui->breakdown_describe == NULL || round == NULL)
    return NULL;
  return ui->breakdown_describe (round);
}
