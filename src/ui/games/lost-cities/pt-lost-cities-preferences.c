/* pt-lost-cities-preferences.c — the scoring reading, the rounds of a match
 * and who starts the next round, bound to the settings
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-game-ui.h"
#include "pt-lost-cities-preferences.h"
#include "pt-preferences-window.h"

struct _PtLostCitiesPreferences
{
  AdwPreferencesGroup parent_instance;

  GSettings *settings;

  /* Template widgets */
  AdwComboRow *scoring_row;
  GtkAdjustment *rounds_adjustment;
  AdwComboRow *next_starter_row;
};

G_DEFINE_FINAL_TYPE (PtLostCitiesPreferences, pt_lost_cities_preferences, ADW_TYPE_PREFERENCES_GROUP)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The rows list their choices in the order of the keys' enum nicks. */
static const char *const scoring_nicks[] = { "rulebook", "seed", NULL };
static const char *const next_starter_nicks[] = { "alternate", "loser", "leader", NULL };

GtkWidget *
pt_lost_cities_preferences_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (PT_TYPE_LOST_CITIES_PREFERENCES, "settings", settings, NULL);
}

static void
pt_lost_cities_preferences_constructed (GObject *object)
{
  PtLostCitiesPreferences *self = PT_LOST_CITIES_PREFERENCES (object);

  G_OBJECT_CLASS (pt_lost_cities_preferences_parent_class)->constructed (object);

  g_assert (G_IS_SETTINGS (self->settings));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), pt_game_ui_title ("lost-cities"));
  pt_preferences_bind_choice (self->settings, "scoring", self->scoring_row, scoring_nicks);
  pt_preferences_bind_choice (self->settings, "next-starter", self->next_starter_row,
                              next_starter_nicks);
  g_settings_bind (self->settings, "rounds", self->rounds_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
pt_lost_cities_preferences_dispose (GObject *object)
{
  PtLostCitiesPreferences *self = PT_LOST_CITIES_PREFERENCES (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_LOST_CITIES_PREFERENCES);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pt_lost_cities_preferences_parent_class)->dispose (object);
}

static void
pt_lost_cities_preferences_get_property (GObject *object,
                                         guint prop_id,
                                         GValue *value,
                                         GParamSpec *pspec)
{
  PtLostCitiesPreferences *self = PT_LOST_CITIES_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_lost_cities_preferences_set_property (GObject *object,
                                         guint prop_id,
                                         const GValue *value,
                                         GParamSpec *pspec)
{
  PtLostCitiesPreferences *self = PT_LOST_CITIES_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_lost_cities_preferences_class_init (PtLostCitiesPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_lost_cities_preferences_constructed;
  object_class->dispose = pt_lost_cities_preferences_dispose;
  object_class->get_property = pt_lost_cities_preferences_get_property;
  object_class->set_property = pt_lost_cities_preferences_set_property;

  properties[PROP_SETTINGS] =
      g_param_spec_object ("settings", NULL, NULL,
                           G_TYPE_SETTINGS,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/lost-cities/pt-lost-cities-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesPreferences, scoring_row);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesPreferences, rounds_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesPreferences, next_starter_row);
}

static void
pt_lost_cities_preferences_init (PtLostCitiesPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
