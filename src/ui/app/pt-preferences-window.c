/* pt-preferences-window.c — style, computer player level and the rule
 * readings a group prefers, all stored in GSettings.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-engines-page.h"
#include "pt-game-ui.h"
#include "pt-preferences-window.h"
#include "pt-sync-page.h"
#include "pt-trash-page.h"

struct _PtPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  PtServices *services;
  GSettings *settings; /* the services' */

  /* Template widgets */
  AdwComboRow *style_row;
  AdwComboRow *ai_level_row;
  AdwPreferencesPage *rules_page;
};

G_DEFINE_FINAL_TYPE (PtPreferencesWindow, pt_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The rows list their choices in the same order as these enum nicks. */
static const char *const style_nicks[] = { "follow", "light", "dark", NULL };
static const char *const ai_level_nicks[] = { "easy", "medium", "hard", NULL };

/**
 * pt_preferences_window_new:
 * @services: the settings shown, the history of Recently Deleted and Sync
 */
PtPreferencesWindow *
pt_preferences_window_new (PtServices *services)
{
  g_return_val_if_fail (PT_IS_SERVICES (services), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (pt_services_get_settings (services)), NULL);

  return g_object_new (PT_TYPE_PREFERENCES_WINDOW,
                       "services", services,
                       NULL);
}

static gboolean
nick_to_index (GValue *value,
               GVariant *variant,
               gpointer user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strcmp0 (nicks[i], nick) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
index_to_nick (const GValue *value,
               const GVariantType *expected_type,
               gpointer user_data)
{
  const char *const *nicks = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) nicks))
    return NULL;

  return g_variant_new_string (nicks[index]);
}

/**
 * pt_preferences_bind_choice:
 * @settings: the settings
 * @key: an enum key of @settings
 * @row: a combo row listing the choices in the order of @nicks
 * @nicks: the key's nicks, %NULL-terminated (static: kept by the binding)
 *
 * Binds @row's selection to @key both ways.
 */
void
pt_preferences_bind_choice (GSettings *settings,
                            const char *key,
                            AdwComboRow *row,
                            const char *const *nicks)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_settings_bind_with_mapping (settings, key, row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                nick_to_index, index_to_nick,
                                (gpointer) nicks, NULL);
}

/* Preferences → Data → Recently Deleted, as a subpage. */
void
pt_preferences_window_show_trash (PtPreferencesWindow *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (PT_IS_PREFERENCES_WINDOW (self));

  if (pt_services_get_store (self->services, &error) == NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (error->message, -1);

      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (escaped));
      return;
    }
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (self), "data-page");
  adw_preferences_window_present_subpage (ADW_PREFERENCES_WINDOW (self), pt_trash_page_new (self->services));
}

static void
on_trash_row_activated (AdwActionRow *row,
                        PtPreferencesWindow *self)
{
  pt_preferences_window_show_trash (self);
}

static void
pt_preferences_window_constructed (GObject *object)
{
  PtPreferencesWindow *self = PT_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (pt_preferences_window_parent_class)->constructed (object);

  g_assert (PT_IS_SERVICES (self->services));
  self->settings = g_object_ref (pt_services_get_settings (self->services));
  pt_preferences_bind_choice (self->settings, "style", self->style_row, style_nicks);
  pt_preferences_bind_choice (self->settings, "ai-level", self->ai_level_row, ai_level_nicks);
  /* House Rules: each game's own group (PtGameUi.preferences_group). */
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      GSettings *game_settings = pt_game_ui_get_settings (ui, self->settings);

      if (ui->preferences_group != NULL && game_settings != NULL)
        adw_preferences_page_add (self->rules_page, ADW_PREFERENCES_GROUP (ui->preferences_group (game_settings)));
    }
  /* External engines (partida-engine/1): a page of its own. */
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (pt_engines_page_new (self->settings)));
  /* Sync through a shared folder: its own page too. */
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (pt_sync_page_new (self->settings,
                                                                      pt_services_get_sync (self->services, NULL))));
}

static void
pt_preferences_window_dispose (GObject *object)
{
  PtPreferencesWindow *self = PT_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->services);

  G_OBJECT_CLASS (pt_preferences_window_parent_class)->dispose (object);
}

static void
pt_preferences_window_get_property (GObject *object,
                                    guint prop_id,
                                    GValue *value,
                                    GParamSpec *pspec)
{
  PtPreferencesWindow *self = PT_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      g_value_set_object (value, self->services);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_preferences_window_set_property (GObject *object,
                                    guint prop_id,
                                    const GValue *value,
                                    GParamSpec *pspec)
{
  PtPreferencesWindow *self = PT_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      self->services = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_preferences_window_class_init (PtPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_preferences_window_constructed;
  object_class->dispose = pt_preferences_window_dispose;
  object_class->get_property = pt_preferences_window_get_property;
  object_class->set_property = pt_preferences_window_set_property;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-preferences-window.ui");
  gtk_widget_class_bind_template_callback (widget_class, on_trash_row_activated);
  gtk_widget_class_bind_template_child (widget_class, PtPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, PtPreferencesWindow, ai_level_row);
  gtk_widget_class_bind_template_child (widget_class, PtPreferencesWindow, rules_page);
}

static void
pt_preferences_window_init (PtPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
