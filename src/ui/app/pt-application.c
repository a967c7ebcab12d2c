/* pt-application.c — the Partida application: command line, app actions,
 * settings and style.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>

#include "pt-accessible.h"
#include "pt-application.h"
#include "pt-game-ui.h"
#include "pt-data-actions.h"
#include "pt-store-health.h"
#include "pt-store-trash.h"
#include "pt-preferences-window.h"
#include "pt-rules.h"
#include "pt-window.h"

#define PT_RESOURCE_BASE_PATH "/io/github/partida/Partida"
#define PT_SETTINGS_SCHEMA_ID SCHEMA_ID

struct _PtApplication
{
  AdwApplication parent_instance;

  GSettings *settings;  /* loaded at startup */
  PtServices *services; /* from the start; given the settings at startup */
};

G_DEFINE_FINAL_TYPE (PtApplication, pt_application, ADW_TYPE_APPLICATION)

enum
{
  PROP_0,
  PROP_DB_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

PtApplication *
pt_application_new (const char *application_id,
                    GApplicationFlags flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (PT_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       /* The .Devel ID must not move the resources. */
                       "resource-base-path", PT_RESOURCE_BASE_PATH,
                       NULL);
}

/* The history's path is the services' (PtServices:db-path): the
 * application keeps no copy of it. */
const char *
pt_application_get_db_path (PtApplication *self)
{
  g_return_val_if_fail (PT_IS_APPLICATION (self), NULL);

  return pt_services_get_db_path (self->services);
}

void
pt_application_set_db_path (PtApplication *self,
                            const char *db_path)
{
  g_return_if_fail (PT_IS_APPLICATION (self));

  pt_services_set_db_path (self->services, db_path);
}

static void
on_db_path_changed (PtServices *services,
                    GParamSpec *pspec,
                    PtApplication *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DB_PATH]);
}

/* Who opened the history checks it (pt-store-health.c); the worker empties
 * the trash of what has been in it for 30 days (pt-services.c). */
static void
on_store_opened (PtServices *services,
                 PtStore *store,
                 PtApplication *self)
{
  /* Damaged or read-only: checked, said, editing off (pt-store-health.c). */
  pt_store_health_opened (self, store);
}

/* Too damaged to open: the salvage offer (pt-store-health.c). */
static void
on_store_open_failed (PtServices *services,
                      const char *path,
                      const GError *error,
                      PtApplication *self)
{
  pt_store_health_open_failed (self, path, error);
}

static void
on_history_changed (PtServices *services,
                    PtApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (PT_IS_WINDOW (l->data))
      pt_window_reload_data (PT_WINDOW (l->data));
}

/* A conflict the rule could not settle quietly, shown once. */
static void
on_sync_conflict (PtServices *services,
                  const char *message,
                  const char *kept,
                  const char *lost,
                  PtApplication *self)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *dialog = adw_message_dialog_new (parent, _("A Change Was Replaced"), NULL);
  GtkWidget *text = gtk_label_new (NULL);
  g_autofree char *body = g_strdup_printf (_("Kept:\n%s\n\nReplaced:\n%s"), kept, lost);

  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), message);
  gtk_label_set_text (GTK_LABEL (text), body);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (text), TRUE);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_widget_add_css_class (text, "monospace");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), text);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * pt_application_get_services:
 *
 * The settings, the history (opened on first use from the --db path,
 * PARTIDA_DB or the default location, so that --version, --help and windows
 * that never show the history do not touch the file), its worker and sync:
 * what each window is given and passes to its pages.
 *
 * Returns: (transfer none): the services
 */
PtServices *
pt_application_get_services (PtApplication *self)
{
  g_return_val_if_fail (PT_IS_APPLICATION (self), NULL);

  return self->services;
}

/* Shorthands of pt_services_get_store/_worker/_sync for the application's
 * own actions (pt-data-actions.c, pt-store-health.c). */
PtStore *
pt_application_get_store (PtApplication *self,
                          GError **error)
{
  return pt_services_get_store (pt_application_get_services (self), error);
}

PtStoreWorker *
pt_application_get_worker (PtApplication *self,
                           GError **error)
{
  return pt_services_get_worker (pt_application_get_services (self), error);
}

PtSyncService *
pt_application_get_sync (PtApplication *self,
                         GError **error)
{
  return pt_services_get_sync (pt_application_get_services (self), error);
}

GSettings *
pt_application_get_settings (PtApplication *self)
{
  g_return_val_if_fail (PT_IS_APPLICATION (self), NULL);

  return self->settings;
}

static void
apply_style (PtApplication *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  AdwColorScheme scheme;

  switch (g_settings_get_enum (self->settings, "style"))
    {
    case 1:
      scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
      break;
    case 2:
      scheme = ADW_COLOR_SCHEME_FORCE_DARK;
      break;
    default:
      /* "Follow system": light unless the desktop asks for dark. */
      scheme = ADW_COLOR_SCHEME_DEFAULT;
      break;
    }

  adw_style_manager_set_color_scheme (manager, scheme);
}

static void
on_style_changed (GSettings *settings,
                  const char *key,
                  PtApplication *self)
{
  apply_style (self);
}

/* The main window, not whichever window (preferences…) was focused last. */
static GtkWindow *
get_main_window (GtkApplication *app)
{
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (PT_IS_WINDOW (l->data))
      return l->data;

  return NULL;
}

static void
pt_application_activate (GApplication *app)
{
  PtApplication *self = PT_APPLICATION (app);
  GtkWindow *window;

  /* No schema: startup said why; there is nothing to show. */
  if (self->settings == NULL)
    return;

  window = get_main_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (pt_window_new (self));

  gtk_window_present (window);
  /* Sync on start, when a folder is set. */
  {
    g_autofree char *folder = g_settings_get_string (self->settings, "sync-folder");

    if (folder[0] != '\0')
      pt_application_get_sync (self, NULL);
  }
}

static void
show_about (GSimpleAction *action,
            GVariant *parameter,
            gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = get_main_window (app);
  GtkWidget *about;
  static const char *developers[] = { "The Partida authors", NULL };

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "modal", TRUE,
                        "application-name", _("Partida"), "application-icon", APPLICATION_ID, "developer-name", _("The Partida authors"), "version", PACKAGE_VERSION, "website", "https://github.com/partida/partida", "issue-url", "https://github.com/partida/partida/issues", "copyright", _("© 2026 The Partida authors"), "license-type", GTK_LICENSE_GPL_3_0, "developers", developers,
                                                                                                                                                                                                                                                                                                   /* Translators: put your names here, one per line. */
                                                                                                                                                                                                                                                                                                   "translator-credits", _("translator-credits"), "comments", _("Partida is an unofficial fan project. It is not "
                                      "affiliated with or endorsed by the designers or "
                                      "publishers of these games. The game names belong "
                                      "to their owners."),
                                                                                                                                                                                                                                                                                                                                                                  NULL);

  /* Each game's designers. */
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about),
                                         g_dgettext (GETTEXT_PACKAGE, pt_game_ui_list ()[i]->credit_title),
                                         (const char **) pt_game_ui_list ()[i]->designers);

  gtk_window_present (GTK_WINDOW (about));
}

static void
show_preferences (GSimpleAction *action,
                  GVariant *parameter,
                  gpointer user_data)
{
  PtApplication *self = PT_APPLICATION (user_data);
  GtkWindow *parent = get_main_window (GTK_APPLICATION (self));
  PtPreferencesWindow *preferences;

  preferences = pt_preferences_window_new (pt_application_get_services (self));
  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  gtk_window_set_application (GTK_WINDOW (preferences), GTK_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
quit (GSimpleAction *action,
      GVariant *parameter,
      gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (app));

  /* Close (not destroy) the windows so the main window saves its size. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));

  g_application_quit (G_APPLICATION (app));
}

static const GActionEntry app_actions[] = {
  { "about", show_about },
  { "preferences", show_preferences },
  { "quit", quit },
};

static gboolean
load_settings (PtApplication *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, PT_SETTINGS_SCHEMA_ID, TRUE);

  if (schema == NULL)
    {
      g_printerr (_("The settings schema %s is not installed. Install Partida, or run it "
                    "from a build with GSETTINGS_SCHEMA_DIR=<build>/data.\n"),
                     PT_SETTINGS_SCHEMA_ID);
      return FALSE;
    }

  self->settings = g_settings_new_full (schema, NULL, NULL);
  pt_services_set_settings (self->services, self->settings);

  return TRUE;
}

static void
pt_application_startup (GApplication *app)
{
  PtApplication *self = PT_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (pt_application_parent_class)->startup (app);
  pt_accessible_install_fixes ();
  /* The games' own styles, next to style.css (which AdwApplication loads). */
  if (gdk_display_get_default () != NULL)
    pt_game_ui_load_stylesheets (gdk_display_get_default ());

  /* Look the schema up first: GSettings aborts on a missing one, and
   * --version and --help must work without it (they never get here). */
  if (!load_settings (self))
    return;

  gtk_window_set_default_icon_name (APPLICATION_ID);

  pt_data_actions_install (self);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         preferences_accels);
  /* Each window's shortcuts window is its own (pt-shortcuts-window.c),
   * not GTK's automatic gtk/help-overlay.ui: the games add their keys. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay",
                                         shortcuts_accels);

  g_signal_connect_object (self->settings, "changed::style",
                           G_CALLBACK (on_style_changed), self, 0);
  apply_style (self);
}

/* Runs in the primary instance: options parsed in the local instance arrive
 * here as a dictionary, so a second `partida --db X` reaches the running one. */
static int
pt_application_command_line (GApplication *app,
                             GApplicationCommandLine *command_line)
{
  PtApplication *self = PT_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  const char *db_path = NULL;

  if (self->settings == NULL)
    return EXIT_FAILURE;

  if (g_variant_dict_lookup (options, "db", "^&ay", &db_path) && db_path[0] != '\0')
    {
      g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line,
                                                                               db_path);
      g_autofree char *path = g_file_get_path (file);

      pt_application_set_db_path (self, path);
    }

  g_application_activate (app);

  return EXIT_SUCCESS;
}

static int
pt_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("partida %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  /* -1: carry on to the primary instance. */
  return -1;
}

static void
pt_application_constructed (GObject *object)
{
  PtApplication *self = PT_APPLICATION (object);
  const char *env_db = g_getenv ("PARTIDA_DB");

  G_OBJECT_CLASS (pt_application_parent_class)->constructed (object);

  /* --db (handled in command_line) wins over the environment. */
  if (env_db != NULL && env_db[0] != '\0')
    pt_application_set_db_path (self, env_db);
}

static void
pt_application_finalize (GObject *object)
{
  PtApplication *self = PT_APPLICATION (object);

  g_clear_object (&self->services);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pt_application_parent_class)->finalize (object);
}

static void
pt_application_get_property (GObject *object,
                             guint prop_id,
                             GValue *value,
                             GParamSpec *pspec)
{
  PtApplication *self = PT_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_DB_PATH:
      g_value_set_string (value, pt_application_get_db_path (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_application_set_property (GObject *object,
                             guint prop_id,
                             const GValue *value,
                             GParamSpec *pspec)
{
  PtApplication *self = PT_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_DB_PATH:
      pt_application_set_db_path (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_application_class_init (PtApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->constructed = pt_application_constructed;
  object_class->finalize = pt_application_finalize;
  object_class->get_property = pt_application_get_property;
  object_class->set_property = pt_application_set_property;

  app_class->activate = pt_application_activate;
  app_class->startup = pt_application_startup;
  app_class->command_line = pt_application_command_line;
  app_class->handle_local_options = pt_application_handle_local_options;

  /**
   * PtApplication:db-path:
   *
   * The database file given with `--db PATH` or `PARTIDA_DB`, or %NULL for
   * the default location under the user data directory: the services'
   * #PtServices:db-path, read and written through.
   */
  properties[PROP_DB_PATH] =
      g_param_spec_string ("db-path", NULL, NULL,
                           NULL,
                           (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pt_application_init (PtApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
      { "db", 0, 0, G_OPTION_ARG_FILENAME, NULL,
        N_("Use the match history in PATH instead of the default database"), N_("PATH") },
        { NULL } };

  const char *const *ids = pt_rules_list_games ();
  g_autofree char *games = NULL;
  g_autofree char *summary = NULL;

  /* The games' titles from the rules registry: "A, B and C". */
  for (guint i = 0; ids[i] != NULL; i++)
    {
      char *joined;

      if (games == NULL)
        joined = g_strdup (pt_rules_game_title (ids[i]));
      else if (ids[i + 1] != NULL)
        joined = g_strdup_printf (_("%s, %s"), games, pt_rules_game_title (ids[i]));
      else
        /* Translators: the last two of a list of game titles */
        joined = g_strdup_printf (_("%s and %s"), games, pt_rules_game_title (ids[i]));
      g_free (games);
      games = joined;
    }
  /* Translators: %s is the list of the games' titles, joined with the two
   * strings above ("A, B and C") */
  summary = g_strdup_printf (_("Board game nights: play %s, or keep score at the table."),
                                games != NULL ? games : "");
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_summary (G_APPLICATION (self), summary);

  /* Nothing is opened until a window asks for the history. */
  self->services = pt_services_new (NULL, NULL);
  g_signal_connect_object (self->services, "notify::db-path", G_CALLBACK (on_db_path_changed), self, 0);
  g_signal_connect_object (self->services, "store-opened", G_CALLBACK (on_store_opened), self, 0);
  g_signal_connect_object (self->services, "store-open-failed", G_CALLBACK (on_store_open_failed), self, 0);
  g_signal_connect_object (self->services, "history-changed", G_CALLBACK (on_history_changed), self, 0);
  g_signal_connect_object (self->services, "sync-conflict", G_CALLBACK (on_sync_conflict), self, 0);
}
