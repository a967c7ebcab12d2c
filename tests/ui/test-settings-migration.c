/* test-settings-migration.c — a game's settings that an older Partida kept
 * in the application's schema are copied into the game's own schema once,
 * every user value kept (PtGameUi.legacy_keys, pt_game_ui_get_settings ()).
 * GSETTINGS_BACKEND=memory; no display needed.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-game-ui.h"

static GSettings *
legacy_settings (const PtGameUi *ui)
{
  g_autoptr(GSettingsSchema) schema =
                 g_settings_schema_source_lookup (g_settings_schema_source_get_default (), ui->legacy_schema, TRUE);

  g_assert_nonnull (schema);
  return g_settings_new_full (schema, NULL, NULL);
}

/* A value of @key other than its default (floating): another nick of an
 * enum, another number of a range, the other boolean. */
static GVariant *
other_value (GSettings *settings,
             const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) values = NULL;
  g_autoptr(GVariant) fallback = NULL;
  const char *kind;

  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  fallback = g_settings_schema_key_get_default_value (schema_key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &kind, &values);
  if (g_strcmp0 (kind, "enum") == 0)
    {
      gsize n = g_variant_n_children (values);

      g_assert_cmpuint (n, >=, 2);
      for (gsize i = 0; i < n; i++)
        {
          g_autoptr(GVariant) nick = g_variant_get_child_value (values, i);

          if (!g_variant_equal (nick, fallback))
            return g_variant_new_string (g_variant_get_string (nick, NULL));
        }
    }
  else if (g_strcmp0 (kind, "range") == 0 && g_variant_is_of_type (fallback, G_VARIANT_TYPE_INT32))
    {
      gint32 min, max, value = g_variant_get_int32 (fallback);

      g_variant_get (values, "(ii)", &min, &max);
      g_assert_cmpint (max, >, min);
      return g_variant_new_int32 (value + 1 <= max ? value + 1 : min);
    }
  else if (g_variant_is_of_type (fallback, G_VARIANT_TYPE_BOOLEAN))
    return g_variant_new_boolean (!g_variant_get_boolean (fallback));
  else if (g_variant_is_of_type (fallback, G_VARIANT_TYPE_INT32))
    return g_variant_new_int32 (g_variant_get_int32 (fallback) + 1);
  g_error ("%s: a kind of key this test does not know (%s)", key, g_variant_get_type_string (fallback));
  return NULL;
}

static GVariant *
default_value (GSettings *settings,
               const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  return g_settings_schema_key_get_default_value (schema_key);
}

static guint
n_legacy_games (void)
{
  guint n = 0;

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (pt_game_ui_list ()[i]->legacy_keys != NULL)
      n++;
  return n;
}

/* Every legacy key of every game set to a value of its own: each arrives
 * under its new name, and the game is marked as moved. */
static void
test_keeps_every_value (void)
{
  g_autoptr(GSettings) app_settings = g_settings_new (SCHEMA_ID);
  guint n_keys = 0;

  g_assert_cmpuint (n_legacy_games (), >=, 1);
  g_settings_reset (app_settings, "moved-settings");
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      g_autoptr(GSettings) legacy = NULL;
      GSettings *settings;

      if (ui->legacy_keys == NULL)
        continue;
      legacy = legacy_settings (ui);
      for (guint k = 0; ui->legacy_keys[k].old_key != NULL; k++)
        g_assert_true (g_settings_set_value (legacy, ui->legacy_keys[k].old_key,
                                             other_value (legacy, ui->legacy_keys[k].old_key)));

      settings = pt_game_ui_get_settings (ui, app_settings);
      g_assert_nonnull (settings);
      for (guint k = 0; ui->legacy_keys[k].old_key != NULL; k++)
        {
          g_autoptr(GVariant) old = g_settings_get_user_value (legacy, ui->legacy_keys[k].old_key);
          g_autoptr(GVariant) now = g_settings_get_user_value (settings, ui->legacy_keys[k].key);

          g_assert_nonnull (now);
          g_assert_true (g_variant_equal (old, now));
          n_keys++;
        }
      {
        g_auto(GStrv) moved = g_settings_get_strv (app_settings, "moved-settings");

        g_assert_true (g_strv_contains ((const char *const *) moved, ui->settings_schema));
      }
      /* The same settings each time. */
      g_assert_true (pt_game_ui_get_settings (ui, app_settings) == settings);
    }
  g_assert_cmpuint (n_keys, >=, 1);
}

/* Once moved, never again: a later change of the user's keeps, although
 * the old key still holds the old value; a key the user never set stays
 * unset (its default), not a copy of the old default. */
static void
test_moves_once (void)
{
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      g_autoptr(GSettings) app_settings = g_settings_new (SCHEMA_ID);
      g_autoptr(GSettings) again = NULL;
      g_autoptr(GSettings) legacy = NULL;
      GSettings *settings;
      const char *first;

      if (ui->legacy_keys == NULL)
        continue;
      g_settings_reset (app_settings, "moved-settings");
      legacy = legacy_settings (ui);
      first = ui->legacy_keys[0].old_key;
      for (guint k = 0; ui->legacy_keys[k].old_key != NULL; k++)
        g_settings_reset (legacy, ui->legacy_keys[k].old_key);
      g_assert_true (g_settings_set_value (legacy, first, other_value (legacy, first)));

      settings = pt_game_ui_get_settings (ui, app_settings);
      for (guint k = 0; ui->legacy_keys[k].old_key != NULL; k++)
        g_settings_reset (settings, ui->legacy_keys[k].key);
      g_assert_true (g_settings_set_value (legacy, first, other_value (legacy, first)));
      /* A fresh migration over a fresh application settings object: the
       * first key copied, the others left unset. */
      g_settings_reset (app_settings, "moved-settings");
      g_clear_object (&app_settings);
      app_settings = g_settings_new (SCHEMA_ID);
      settings = pt_game_ui_get_settings (ui, app_settings);
      for (guint k = 1; ui->legacy_keys[k].old_key != NULL; k++)
        {
          g_autoptr(GVariant) unset = g_settings_get_user_value (settings, ui->legacy_keys[k].key);

          g_assert_null (unset);
        }

      /* The user sets the new key back to its default; a later start does
       * not copy the old value over it. */
      {
        g_autoptr(GVariant) back = default_value (settings, ui->legacy_keys[0].key);

        g_assert_true (g_settings_set_value (settings, ui->legacy_keys[0].key, back));
      }
      again = g_settings_new (SCHEMA_ID);
      {
        GSettings *later = pt_game_ui_get_settings (ui, again);
        g_autoptr(GVariant) kept = g_settings_get_value (later, ui->legacy_keys[0].key);
        g_autoptr(GVariant) wanted = default_value (settings, ui->legacy_keys[0].key);
        g_autoptr(GVariant) old = g_settings_get_value (legacy, first);

        g_assert_true (g_variant_equal (kept, wanted));
        g_assert_false (g_variant_equal (kept, old));
      }
    }
}

/* A game without settings of its own gets none. */
static void
test_no_schema (void)
{
  g_autoptr(GSettings) app_settings = g_settings_new (SCHEMA_ID);

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (pt_game_ui_list ()[i]->settings_schema == NULL)
      g_assert_null (pt_game_ui_get_settings (pt_game_ui_list ()[i], app_settings));
    else
      g_assert_nonnull (pt_game_ui_get_settings (pt_game_ui_list ()[i], app_settings));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/settings-migration/keeps-every-value", test_keeps_every_value);
  g_test_add_func ("/ui/settings-migration/moves-once", test_moves_once);
  g_test_add_func ("/ui/settings-migration/no-schema", test_no_schema);
  return g_test_run ();
}
