/* pt-data-actions.c — export, import, back up and restore from the app; see
 * pt-data-actions.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-data-actions.h"
#include "pt-preferences-window.h"
#include "pt-store-health.h"
#include "pt-window.h"

typedef struct
{
  PtApplication *app;
  GtkWindow *parent; /* nullable */
  PtDataOperation operation;
  char *db_path;
  GFile *file;
  PtImportSummary summary;
  char *kept; /* restore: the replaced database */
  int done;   /* atomic: matches checked so far */
  int total;  /* atomic */
  AdwMessageDialog *progress_dialog;
  GtkProgressBar *progress_bar;
  guint progress_source;
} Job;

static void
job_free (Job *job)
{
  g_clear_handle_id (&job->progress_source, g_source_remove);
  if (job->progress_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (job->progress_dialog));
  g_clear_object (&job->app);
  g_clear_object (&job->parent);
  g_clear_object (&job->file);
  g_free (job->db_path);
  g_free (job->kept);
  pt_import_summary_clear (&job->summary);
  g_free (job);
}

static Job *
job_new (PtApplication *app,
         GtkWindow *parent,
         PtDataOperation operation)
{
  Job *job = g_new0 (Job, 1);

  job->app = g_object_ref (app);
  job->parent = parent != NULL ? g_object_ref (parent) : NULL;
  job->operation = operation;
  return job;
}

/* The worker thread ------------------------------------------------------- */

static void
on_import_progress (guint done,
                    guint total,
                    gpointer user_data)
{
  Job *job = user_data;

  g_atomic_int_set (&job->total, (int) total);
  g_atomic_int_set (&job->done, (int) done);
}

static char *
newest_before_restore (const char *db_path)
{
  g_autofree char *dir = g_path_get_dirname (db_path);
  g_autofree char *base = g_path_get_basename (db_path);
  g_autofree char *prefix = g_strconcat (base, ".before-restore-", NULL);
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autofree char *newest = NULL;
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    if (g_str_has_prefix (name, prefix) && !g_str_has_suffix (name, "-wal") &&
        !g_str_has_suffix (name, "-shm") && g_strcmp0 (name, newest) > 0)
      {
        g_free (newest);
        newest = g_strdup (name);
      }
  return newest != NULL ? g_build_filename (dir, newest, NULL) : NULL;
}

static gboolean
run_operation (Job *job,
               GError **error)
{
  g_autoptr(PtStore) store = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  gsize length = 0;

  /* A connection of its own: the window keeps reading on its one. */
  store = pt_store_open (job->db_path, PT_STORE_OPEN_CREATE, error);
  if (store == NULL)
    return FALSE;
  switch (job->operation)
    {
    case PT_DATA_EXPORT_JSON:
    case PT_DATA_EXPORT_CSV:
      text = job->operation == PT_DATA_EXPORT_CSV ? pt_store_export_csv (store, error)
                                                  : pt_store_export_json (store, error);
      return text != NULL &&
             g_file_replace_contents (job->file, text, strlen (text), NULL, FALSE,
                                      G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
    case PT_DATA_IMPORT:
      if (!g_file_load_contents (job->file, NULL, &text, &length, NULL, error))
        return FALSE;
      return pt_store_import_with_progress (store, text, (gssize) length, PT_IMPORT_FORMAT_AUTO,
                                            on_import_progress, job, &job->summary, error);
    case PT_DATA_BACKUP:
    case PT_DATA_RESTORE:
    default:
      path = g_file_get_path (job->file);
      if (path == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("The chosen file has no local path"));
          return FALSE;
        }
      if (job->operation == PT_DATA_BACKUP)
        return pt_store_backup (store, path, error);
      if (!pt_store_restore (store, path, error))
        return FALSE;
      job->kept = newest_before_restore (job->db_path);
      return TRUE;
    }
}

static void
run_in_thread (GTask *task,
               gpointer source_object,
               gpointer task_data,
               GCancellable *cancellable)
{
  GError *error = NULL;

  if (run_operation (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* Back on the main thread -------------------------------------------------- */

static char *
import_summary_text (const PtImportSummary *summary)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d match added.", "%d matches added.", summary->matches_added),
                          summary->matches_added);
  if (summary->matches_skipped > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, "%d match was already present.",
                                           "%d matches were already present.",
                                           summary->matches_skipped),
                              summary->matches_skipped);
    }
  if (summary->players_added > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d new player.", "%d new players.", summary->players_added),
                              summary->players_added);
    }
  if (summary->nights_added > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d new game night.", "%d new game nights.", summary->nights_added),
                              summary->nights_added);
    }
  if (summary->format != PT_IMPORT_FORMAT_PARTIDA)
    {
      int skipped = summary->plays_other_games + summary->plays_unusable;

      g_string_append (text, "\n\n");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d play read, %d skipped.", "%d plays read, %d skipped.", summary->plays_read),
                              summary->plays_read, skipped);
      if (summary->details != NULL)
        {
          g_string_append_c (text, '\n');
          g_string_append (text, summary->details);
        }
    }
  return g_strchomp (g_string_free (text, FALSE));
}

static char *
display_name (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL ? g_filename_display_name (path) : g_file_get_uri (file);
}

static void
reload_windows (PtApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (PT_IS_WINDOW (l->data))
      pt_window_reload_data (PT_WINDOW (l->data));
}

static void
show_message (GtkWindow *parent,
              const char *heading,
              const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  gtk_widget_set_name (dialog, "data-summary-dialog");
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_body_use_markup (ADW_MESSAGE_DIALOG (dialog), FALSE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_operation_done (GObject *source,
                   GAsyncResult *result,
                   gpointer user_data)
{
  GTask *task = G_TASK (result);
  Job *job = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (job->file);
  g_autofree char *body = NULL;
  const char *heading;
  GTask *outer = user_data;

  g_clear_handle_id (&job->progress_source, g_source_remove);
  if (job->progress_dialog != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (job->progress_dialog));
      job->progress_dialog = NULL;
    }

  if (!g_task_propagate_boolean (task, &error))
    {
      switch (job->operation)
        {
        case PT_DATA_EXPORT_JSON:
        case PT_DATA_EXPORT_CSV:
          heading = _("Export Failed");
          body = g_strdup (error->message);
          break;
        case PT_DATA_IMPORT:
          heading = _("Import Failed");
          /* TRANSLATORS: the error, then that an import is all or nothing */
          body = g_strdup_printf (_("%s\n\nNothing was imported."), error->message);
          break;
        case PT_DATA_BACKUP:
          heading = _("Backup Failed");
          body = g_strdup (error->message);
          break;
        case PT_DATA_RESTORE:
        default:
          heading = _("Restore Failed");
          body = g_strdup_printf (_("%s\n\nThe history was left as it was."), error->message);
          break;
        }
      show_message (job->parent, heading, body);
      g_task_return_error (outer, g_steal_pointer (&error));
      g_object_unref (outer);
      return;
    }

  switch (job->operation)
    {
    case PT_DATA_EXPORT_JSON:
    case PT_DATA_EXPORT_CSV:
      heading = _("History Exported");
      body = g_strdup_printf (_("The history was written to “%s”."), name);
      break;
    case PT_DATA_IMPORT:
      heading = _("Import Finished");
      body = import_summary_text (&job->summary);
      reload_windows (job->app);
      break;
    case PT_DATA_BACKUP:
      heading = _("Backup Saved");
      body = g_strdup_printf (_("A copy of the history was saved as “%s”."), name);
      break;
    case PT_DATA_RESTORE:
    default:
      {
        g_autofree char *kept = job->kept != NULL ? g_filename_display_name (job->kept) : NULL;

        heading = _("Backup Restored");
        body = kept != NULL
            ? g_strdup_printf (_("The history now comes from “%s”. The replaced history was "
                                    "kept as “%s”."),
                                  name, kept)
            : g_strdup_printf (_("The history now comes from “%s”."), name);
        pt_store_health_restored (job->app);
        reload_windows (job->app);
      }
      break;
    }
  show_message (job->parent, heading, body);
  g_task_return_pointer (outer, g_steal_pointer (&body), g_free);
  g_object_unref (outer);
}

static gboolean
update_progress (gpointer user_data)
{
  Job *job = user_data;
  int total = g_atomic_int_get (&job->total);
  int done = g_atomic_int_get (&job->done);

  if (total > 0)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of %d match",
                                                            "%d of %d matches", total),
                                               done, total);

      gtk_progress_bar_set_fraction (job->progress_bar, (double) done / total);
      gtk_progress_bar_set_text (job->progress_bar, text);
    }
  else
    gtk_progress_bar_pulse (job->progress_bar);
  return G_SOURCE_CONTINUE;
}

static void
show_progress (Job *job)
{
  GtkWidget *dialog = adw_message_dialog_new (job->parent, _("Importing…"),
                                                              _("The history stays as it is until the whole "
                                                "file has been checked."));
  GtkWidget *bar = gtk_progress_bar_new ();

  gtk_widget_set_name (dialog, "data-progress-dialog");
  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (bar), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), bar);
  job->progress_dialog = ADW_MESSAGE_DIALOG (dialog);
  job->progress_bar = GTK_PROGRESS_BAR (bar);
  job->progress_source = g_timeout_add (100, update_progress, job);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
pt_data_actions_run (PtApplication *app,
                     GtkWindow *parent,
                     PtDataOperation operation,
                     GFile *file,
                     GAsyncReadyCallback callback,
                     gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  GTask *outer = g_task_new (app, NULL, callback, user_data);
  g_autoptr(GTask) task = NULL;
  PtStore *store;
  Job *job;

  g_return_if_fail (PT_IS_APPLICATION (app));
  g_return_if_fail (G_IS_FILE (file));

  job = job_new (app, parent, operation);
  job->file = g_object_ref (file);
  store = pt_application_get_store (app, &error);
  if (store == NULL)
    {
      show_message (parent, _("The History Cannot Be Opened"), error->message);
      g_task_return_error (outer, g_steal_pointer (&error));
      g_object_unref (outer);
      job_free (job);
      return;
    }
  job->db_path = g_strdup (pt_store_get_path (store));
  if (operation == PT_DATA_IMPORT)
    show_progress (job);

  task = g_task_new (app, NULL, on_operation_done, outer);
  g_task_set_source_tag (task, pt_data_actions_run);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, run_in_thread);
}

char *
pt_data_actions_run_finish (GAsyncResult *result,
                            GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Asking first ------------------------------------------------------------- */

static void
on_restore_confirmed (AdwMessageDialog *dialog,
                      const char *response,
                      Job *job)
{
  if (g_strcmp0 (response, "restore") == 0)
    pt_data_actions_run (job->app, job->parent, PT_DATA_RESTORE, job->file, NULL, NULL);
  job_free (job);
}

static void
confirm_restore (Job *job)
{
  g_autofree char *name = display_name (job->file);
  g_autofree char *body =
      g_strdup_printf (_("The whole history is replaced by the backup “%s”. The current history "
                       "is kept as a copy beside it."),
                          name);
  GtkWidget *dialog = adw_message_dialog_new (job->parent, _("Replace the History?"), body);

  gtk_widget_set_name (dialog, "restore-confirm-dialog");
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "restore", _("_Restore"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_restore_confirmed), job);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_file_chosen (GtkNativeDialog *native,
                int response,
                Job *job)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (file == NULL)
    {
      job_free (job);
      return;
    }
  if (job->operation == PT_DATA_RESTORE)
    {
      job->file = g_steal_pointer (&file);
      confirm_restore (job);
      return;
    }
  pt_data_actions_run (job->app, job->parent, job->operation, file, NULL, NULL);
  job_free (job);
}

static void
add_filter (GtkFileChooser *chooser,
            const char *name,
            const char *pattern_a,
            const char *pattern_b)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern_a);
  if (pattern_b != NULL)
    gtk_file_filter_add_pattern (filter, pattern_b);
  gtk_file_chooser_add_filter (chooser, filter);
}

void
pt_data_actions_start (PtApplication *app,
                       GtkWindow *parent,
                       PtDataOperation operation)
{
  Job *job = job_new (app, parent, operation);
  GtkFileChooserNative *native;
  GtkFileChooser *chooser;
  gboolean save = operation == PT_DATA_EXPORT_JSON || operation == PT_DATA_EXPORT_CSV ||
                  operation == PT_DATA_BACKUP;
  const char *title, *accept;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = NULL;

  switch (operation)
    {
    case PT_DATA_EXPORT_JSON:
      title = _("Export the History");
      accept = _("_Export");
      name = g_strdup_printf ("partida-%s.json", day);
      break;
    case PT_DATA_EXPORT_CSV:
      title = _("Export the Results as CSV");
      accept = _("_Export");
      name = g_strdup_printf ("partida-%s.csv", day);
      break;
    case PT_DATA_IMPORT:
      title = _("Import a History");
      accept = _("_Import");
      break;
    case PT_DATA_BACKUP:
      title = _("Back Up the History");
      accept = _("_Save");
      name = g_strdup_printf ("partida-%s.db", day);
      break;
    case PT_DATA_RESTORE:
    default:
      title = _("Restore a Backup");
      accept = _("_Open");
      break;
    }
  native = gtk_file_chooser_native_new (title, parent,
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        accept, NULL);
  chooser = GTK_FILE_CHOOSER (native);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (name != NULL)
    gtk_file_chooser_set_current_name (chooser, name);
  if (operation == PT_DATA_IMPORT)
    {
      add_filter (chooser, _("Partida, BG Stats or BoardGameGeek files"), "*.json", "*.xml");
      add_filter (chooser, _("Partida or BG Stats exports (JSON)"), "*.json", NULL);
      add_filter (chooser, _("BoardGameGeek plays (XML)"), "*.xml", NULL);
    }
  else if (operation == PT_DATA_RESTORE)
    add_filter (chooser, _("Partida backups"), "*.db", NULL);
  g_signal_connect (native, "response", G_CALLBACK (on_file_chosen), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Actions ------------------------------------------------------------------ */

static void
activate_data_action (GSimpleAction *action,
                      GVariant *parameter,
                      gpointer user_data)
{
  PtApplication *app = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (app));
  PtDataOperation operation;

  if (g_str_equal (name, "export-json"))
    operation = PT_DATA_EXPORT_JSON;
  else if (g_str_equal (name, "export-csv"))
    operation = PT_DATA_EXPORT_CSV;
  else if (g_str_equal (name, "import"))
    operation = PT_DATA_IMPORT;
  else if (g_str_equal (name, "backup"))
    operation = PT_DATA_BACKUP;
  else
    operation = PT_DATA_RESTORE;
  pt_data_actions_start (app, parent, operation);
}

static void
show_trash (GSimpleAction *action,
            GVariant *parameter,
            gpointer user_data)
{
  PtApplication *app = user_data;
  PtPreferencesWindow *preferences = pt_preferences_window_new (pt_application_get_services (app));

  gtk_window_set_transient_for (GTK_WINDOW (preferences),
                                gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_application (GTK_WINDOW (preferences), GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (preferences));
  pt_preferences_window_show_trash (preferences);
}

void
pt_data_actions_install (PtApplication *app)
{
  static const GActionEntry entries[] = {
    { "show-trash", show_trash },
    { "export-json", activate_data_action },
    { "export-csv", activate_data_action },
    { "import", activate_data_action },
    { "backup", activate_data_action },
    { "restore", activate_data_action },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
}
