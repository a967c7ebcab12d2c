/* pt-store-health.c — a damaged or read-only history in the app; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pt-store-health.h"
#include "pt-store-worker.h"
#include "pt-window.h"

#define DAMAGE_KEY   "pt-store-damage"
#define TOLD_KEY     "pt-store-read-only-told"
#define OFFERED_KEY  "pt-store-salvage-offered" /* the path offered */
#define BUSY_KEY     "pt-store-salvaging"
#define CHECKING_KEY "pt-store-checking" /* a check after a failed read runs */

static void present_damage (PtApplication *app);

static gpointer
refuse_job (PtStore *store,
            PtStats *stats,
            gpointer data,
            GCancellable *cancellable,
            GError **error)
{
  return pt_store_refuse_changes (store, data, error) ? GINT_TO_POINTER (1) : NULL;
}

/* Both connections (the application's and the worker's) stop writing. */
static void
mark_damaged (PtApplication *app,
              PtStore *store,
              const char *message)
{
  PtStoreWorker *worker;

  g_object_set_data_full (G_OBJECT (app), DAMAGE_KEY, g_strdup (message), g_free);
  pt_store_refuse_changes (store, _("it is damaged"), NULL);
  /* No waiting for the worker: it runs its jobs one after another in the
   * order queued (this one in no lane, so never cancelled), and every
   * write queued from now on comes after this refusal and is refused, as
   * are the statistics' background steps (they run only when the queue is
   * empty). A write queued before it runs as it would have run had the
   * check finished a moment later; waiting for it (drain) would block the
   * main loop without undoing anything. */
  worker = pt_application_get_worker (app, NULL);
  if (worker != NULL)
    pt_store_worker_run (worker, NULL, refuse_job, g_strdup (_("it is damaged")), g_free, NULL, NULL, NULL, NULL);
  present_damage (app);
}

static gpointer
allow_job (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  return pt_store_allow_changes (store, error) ? GINT_TO_POINTER (1) : NULL;
}

/* A backup restored over the damaged history (the menu's Restore, which
 * checks the backup whole before it copies it in): the damage is gone, and
 * both connections write again, as after a salvage. A history read-only
 * for another reason (its file) stays so. */
void
pt_store_health_restored (PtApplication *app)
{
  PtStore *store;
  PtStoreWorker *worker;

  g_return_if_fail (PT_IS_APPLICATION (app));

  if (pt_store_health_get_damage (app) == NULL)
    return;
  g_object_set_data (G_OBJECT (app), DAMAGE_KEY, NULL);
  store = pt_services_peek_store (pt_application_get_services (app));
  if (store != NULL)
    pt_store_allow_changes (store, NULL);
  /* Behind whatever is queued, like the refusal it undoes. */
  worker = pt_application_get_worker (app, NULL);
  if (worker != NULL)
    pt_store_worker_run (worker, NULL, allow_job, NULL, NULL, NULL, NULL, NULL, NULL);
}

static GtkWindow *
active_window (PtApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  if (window == NULL && windows != NULL)
    window = windows->data;
  return window;
}

static void
reload_windows (PtApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (PT_IS_WINDOW (l->data))
      pt_window_reload_data (PT_WINDOW (l->data));
}

/* The offer's dialog while its salvage runs ------------------------------ */

#define SALVAGING_KEY "pt-salvaging" /* on the offer's dialog */

/* Escape closes nothing while the salvage runs (its buttons are off). */
static gboolean
on_offer_close_request (GtkWindow *dialog,
                        gpointer user_data)
{
  return g_object_get_data (G_OBJECT (dialog), SALVAGING_KEY) != NULL;
}

/* The offer's dialog hides on close (a response button closes it before
 * the response is emitted) so that Salvage can keep it up. */
static void
offer_setup (AdwMessageDialog *dialog)
{
  gtk_window_set_hide_on_close (GTK_WINDOW (dialog), TRUE);
  g_signal_connect (dialog, "close-request", G_CALLBACK (on_offer_close_request), NULL);
}

/* Any answer but Salvage: the dialog goes for good. */
static void
offer_dismiss (AdwMessageDialog *dialog)
{
  gtk_window_set_hide_on_close (GTK_WINDOW (dialog), FALSE);
  if (!gtk_widget_get_visible (GTK_WIDGET (dialog)))
    gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Salvage: the dialog stays up, its buttons off, saying the work goes on,
 * until the result's dialog takes its place (offer_done). */
static void
offer_hold (AdwMessageDialog *dialog)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *label = gtk_label_new (_("Salvaging the history…"));

  g_object_set_data (G_OBJECT (dialog), SALVAGING_KEY, GINT_TO_POINTER (1));
  adw_message_dialog_set_response_enabled (dialog, "later", FALSE);
  adw_message_dialog_set_response_enabled (dialog, "salvage", FALSE);
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_name (box, "salvaging");
  adw_message_dialog_set_extra_child (dialog, box);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* @weak: the offer's dialog, NULL if something else closed it. */
static void
offer_done (GWeakRef *weak)
{
  g_autoptr(GtkWindow) dialog = g_weak_ref_get (weak);

  g_weak_ref_clear (weak);
  g_free (weak);
  if (dialog == NULL)
    return;
  g_object_set_data (G_OBJECT (dialog), SALVAGING_KEY, NULL);
  gtk_window_destroy (dialog);
}

static GWeakRef *
offer_ref (AdwMessageDialog *dialog)
{
  GWeakRef *weak = g_new0 (GWeakRef, 1);

  g_weak_ref_init (weak, dialog);
  return weak;
}

/* A salvage's result (@summary, or @error), after its offer @weak goes:
 * the offer first, so that the result is over the main window. */
static void
show_salvage_result (PtApplication *app,
                     GWeakRef *weak,
                     const char *summary,
                     const GError *error)
{
  GtkWidget *done;

  offer_done (weak);
  if (summary == NULL)
    done = adw_message_dialog_new (active_window (app), _("The History Could Not Be Salvaged"), error->message);
  else
    done = adw_message_dialog_new (active_window (app), _("The History Is Salvaged"), summary);
  gtk_widget_set_name (done, "salvage-result-dialog");
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (done), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (done));
}

static void
on_salvage_done (GObject *source,
                 GAsyncResult *result,
                 gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = pt_store_health_salvage_finish (result, &error);

  show_salvage_result (PT_APPLICATION (source), user_data, summary, error);
}

/* The salvage runs on the store worker; the offer stays up meanwhile and
 * the result's dialog comes when it is done. */
static void
on_salvage_response (AdwMessageDialog *dialog,
                     const char *response,
                     PtApplication *app)
{
  if (g_strcmp0 (response, "salvage") != 0)
    {
      offer_dismiss (dialog);
      return;
    }
  offer_hold (dialog);
  pt_store_health_salvage (app, on_salvage_done, offer_ref (dialog));
}

static gboolean
present_damage_idle (gpointer user_data)
{
  PtApplication *app = user_data;
  const char *damage = pt_store_health_get_damage (app);
  GtkWindow *window = active_window (app);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (damage == NULL || window == NULL)
    {
      g_object_unref (app);
      return G_SOURCE_REMOVE;
    }
  body = g_strdup_printf (_("%s\n\nPartida writes nothing to it any more, so the damage does not spread. "
                            "Salvage copies every match, player and game night that can still be read "
                            "into a fresh history, which takes the damaged one’s place; the damaged file "
                            "is kept beside it."),
                             damage);
  dialog = adw_message_dialog_new (window, _("The Match History Is Damaged"), body);
  gtk_widget_set_name (dialog, "damaged-dialog");
  offer_setup (ADW_MESSAGE_DIALOG (dialog));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "later", _("_Not Now"), "salvage", _("_Salvage"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "salvage", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "salvage");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_salvage_response), app, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_object_unref (app);
  return G_SOURCE_REMOVE;
}

static void
present_damage (PtApplication *app)
{
  g_idle_add (present_damage_idle, g_object_ref (app));
}

static gboolean
tell_read_only_idle (gpointer user_data)
{
  PtApplication *app = user_data;
  GtkWindow *window = active_window (app);
  g_autoptr(GError) error = NULL;
  PtStore *store = pt_application_get_store (app, &error);

  if (PT_IS_WINDOW (window) && store != NULL && pt_store_get_read_only_reason (store) != NULL &&
      pt_store_health_get_damage (app) == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The history can be viewed and exported, not changed: %s"),
                                                  pt_store_get_read_only_reason (store));
      g_autofree char *escaped = g_markup_escape_text (text, -1);
      AdwToast *toast = adw_toast_new (escaped);

      /* The whole reason in a dialog too: a narrow window cuts the toast short. */
      adw_toast_set_button_label (toast, _("_Details"));
      adw_toast_set_action_name (toast, "app.read-only-details");
      adw_toast_set_timeout (toast, 0);
      pt_window_add_toast (PT_WINDOW (window), toast);
    }
  g_object_unref (app);
  return G_SOURCE_REMOVE;
}

static void
show_read_only_details (GSimpleAction *action,
                        GVariant *parameter,
                        gpointer user_data)
{
  PtApplication *app = user_data;
  PtStore *store = pt_services_peek_store (pt_application_get_services (app));
  g_autofree char *text = NULL;
  GtkWidget *dialog;

  if (store == NULL || pt_store_get_read_only_reason (store) == NULL)
    return;
  text = g_strdup_printf (_("The history “%s” can be viewed and exported, not changed: %s. Matches "
                            "cannot be saved in it, nor edited or deleted."),
                             pt_store_get_path (store), pt_store_get_read_only_reason (store));
  dialog = adw_message_dialog_new (active_window (app), _("The History Is Read-Only"), text);
  gtk_widget_set_name (dialog, "read-only-dialog");
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_checked (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  g_autoptr(PtApplication) app = user_data;
  g_autoptr(GError) error = NULL;
  PtStore *store;

  g_object_set_data (G_OBJECT (app), CHECKING_KEY, NULL);
  if (!pt_store_worker_check_integrity_finish (PT_STORE_WORKER (source), result, &error) &&
      g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT) &&
      pt_store_health_get_damage (app) == NULL &&
      (store = pt_application_get_store (app, NULL)) != NULL)
    mark_damaged (app, store, error->message);
}

void
pt_store_health_opened (PtApplication *app,
                        PtStore *store)
{
  PtStoreWorker *worker;

  g_return_if_fail (PT_IS_APPLICATION (app));
  /* PRAGMA quick_check reads every page (~20 s at a million matches): on
   * a connection and thread of its own, not in the way of the first frame
   * nor of the pages' reads on the worker. */
  worker = pt_application_get_worker (app, NULL);
  if (worker != NULL)
    pt_store_worker_check_integrity (worker, NULL, on_checked, g_object_ref (app));
  if (pt_store_is_read_only (store) && g_object_get_data (G_OBJECT (app), TOLD_KEY) == NULL)
    {
      static const GActionEntry details[] = { { "read-only-details", show_read_only_details } };

      g_action_map_add_action_entries (G_ACTION_MAP (app), details, G_N_ELEMENTS (details), app);
      g_object_set_data (G_OBJECT (app), TOLD_KEY, GINT_TO_POINTER (1));
      g_idle_add (tell_read_only_idle, g_object_ref (app));
    }
}

void
pt_store_health_read_failed (const GError *error)
{
  GApplication *default_app = g_application_get_default ();
  PtApplication *app;
  PtStoreWorker *worker;

  if (error == NULL || !g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT) ||
      !PT_IS_APPLICATION (default_app))
    return;
  app = PT_APPLICATION (default_app);
  if (pt_store_health_get_damage (app) != NULL || g_object_get_data (G_OBJECT (app), CHECKING_KEY) != NULL ||
      (worker = pt_application_get_worker (app, NULL)) == NULL)
    return;
  /* The check reads every page: in a thread of its own, off the main
   * loop (on_checked tells the damage it finds). */
  g_object_set_data (G_OBJECT (app), CHECKING_KEY, GINT_TO_POINTER (1));
  pt_store_worker_check_integrity (worker, NULL, on_checked, g_object_ref (app));
}

const char *
pt_store_health_get_damage (PtApplication *app)
{
  g_return_val_if_fail (PT_IS_APPLICATION (app), NULL);
  return g_object_get_data (G_OBJECT (app), DAMAGE_KEY);
}

gboolean
pt_store_health_read_only (PtApplication *app)
{
  PtStore *store;

  g_return_val_if_fail (PT_IS_APPLICATION (app), FALSE);
  store = pt_application_get_store (app, NULL);
  return pt_store_health_get_damage (app) != NULL || (store != NULL && pt_store_is_read_only (store));
}

/* "N matches kept, …; N rows could not be read. The damaged file is kept
 * as “…”." */
static char *
summary_text_new (const PtSalvageSummary *summary,
                  const char *kept)
{
  GString *text = g_string_new (NULL);
  int lost = summary->matches_lost + summary->players_lost + summary->nights_lost;

  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d match kept", "%d matches kept", summary->matches),
                          summary->matches);
  g_string_append (text, ", ");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d player", "%d players", summary->players),
                          summary->players);
  g_string_append (text, ", ");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d game night", "%d game nights", summary->nights),
                          summary->nights);
  g_string_append (text, ".");
  if (lost > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d row could not be read.", "%d rows could not be read.", lost), lost);
    }
  if (summary->tables_lost > 0)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d table could not be found at all.", "%d tables could not be found at all.", summary->tables_lost),
                              summary->tables_lost);
    }
  if (kept != NULL)
    {
      g_autofree char *name = g_filename_display_name (kept);

      g_string_append (text, "\n\n");
      g_string_append_printf (text, _("The damaged file is kept as “%s”."), name);
    }
  return g_string_free (text, FALSE);
}

/* The copy pt_store_restore() kept of the damaged database, renamed to
 * say what it is: PATH.broken-DATE, as for a file too damaged to open. */
static char *
rename_kept_copy (const char *db_path)
{
  g_autofree char *dir = g_path_get_dirname (db_path);
  g_autofree char *base = g_path_get_basename (db_path);
  g_autofree char *prefix = g_strconcat (base, ".before-restore-", NULL);
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autofree char *newest = NULL;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_strcmp0 (name, newest) > 0)
      {
        g_free (newest);
        newest = g_strdup (name);
      }
  if (newest == NULL)
    return NULL;
  from = g_build_filename (dir, newest, NULL);
  to = g_strdup_printf ("%s.broken-%s", db_path, newest + strlen (prefix));
  return g_rename (from, to) == 0 ? g_steal_pointer (&to) : g_steal_pointer (&from);
}

/* What a salvage of the open history found, and the damaged file kept. */
typedef struct
{
  PtSalvageSummary summary;
  char *kept;
} Salvaged;

static void
salvaged_free (Salvaged *salvaged)
{
  g_free (salvaged->kept);
  g_free (salvaged);
}

static void (*salvage_hook) (gpointer data);
static gpointer salvage_hook_data;

void
pt_store_health_debug_set_salvage_hook (void (*hook) (gpointer data),
                                        gpointer data)
{
  salvage_hook = hook;
  salvage_hook_data = data;
}

/* On the worker's thread and connection (the main loop goes on): every
 * readable row into the fresh file @data, which then takes the damaged
 * one's place (pt_store_restore keeps a copy of the damaged file, renamed
 * PATH.broken-…). The worker's connection refuses changes again if that
 * fails. */
static gpointer
salvage_job (PtStore *store,
             PtStats *stats,
             gpointer data,
             GCancellable *cancellable,
             GError **error)
{
  const char *fresh = data;
  Salvaged *salvaged = g_new0 (Salvaged, 1);

  if (!pt_store_salvage (store, fresh, &salvaged->summary, error))
    {
      g_unlink (fresh);
      salvaged_free (salvaged);
      return NULL;
    }
  if (salvage_hook != NULL)
    salvage_hook (salvage_hook_data);
  if (!pt_store_allow_changes (store, error) || !pt_store_restore (store, fresh, error))
    {
      pt_store_refuse_changes (store, _("it is damaged"), NULL);
      g_unlink (fresh);
      salvaged_free (salvaged);
      return NULL;
    }
  g_unlink (fresh);
  salvaged->kept = rename_kept_copy (pt_store_get_path (store));
  return salvaged;
}

static void
on_salvaged (GObject *source,
             GAsyncResult *result,
             gpointer user_data)
{
  GTask *outer = user_data;
  PtApplication *app = g_task_get_source_object (outer);
  g_autoptr(GError) error = NULL;
  Salvaged *salvaged = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  PtStore *store = pt_services_peek_store (pt_application_get_services (app));

  g_object_set_data (G_OBJECT (app), BUSY_KEY, NULL);
  /* The application's connection writes again (a pragma of its own). */
  if (salvaged != NULL && store != NULL && !pt_store_allow_changes (store, &error))
    g_clear_pointer (&salvaged, salvaged_free);
  if (salvaged == NULL)
    {
      g_task_return_error (outer, g_steal_pointer (&error));
      g_object_unref (outer);
      return;
    }
  g_object_set_data (G_OBJECT (app), DAMAGE_KEY, NULL);
  reload_windows (app);
  g_task_return_pointer (outer, summary_text_new (&salvaged->summary, salvaged->kept), g_free);
  salvaged_free (salvaged);
  g_object_unref (outer);
}

void
pt_store_health_salvage (PtApplication *app,
                         GAsyncReadyCallback callback,
                         gpointer user_data)
{
  GTask *outer = g_task_new (app, NULL, callback, user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  PtStoreWorker *worker;

  g_return_if_fail (PT_IS_APPLICATION (app));

  if (pt_store_health_busy (app, &error) || (worker = pt_application_get_worker (app, &error)) == NULL)
    {
      g_task_return_error (outer, g_steal_pointer (&error));
      g_object_unref (outer);
      return;
    }
  g_object_set_data (G_OBJECT (app), BUSY_KEY, GINT_TO_POINTER (1));
  pt_store_worker_run (worker, NULL, salvage_job,
                       g_strdup_printf ("%s.salvaged-%s", pt_store_worker_get_path (worker), stamp), g_free,
                       (GDestroyNotify) salvaged_free, NULL, on_salvaged, outer);
}

char *
pt_store_health_salvage_finish (GAsyncResult *result,
                                GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* A history too damaged to open ------------------------------------------- */

typedef struct
{
  char *path;
  char *kept;
  PtSalvageSummary summary;
} Unopened;

static void
unopened_free (Unopened *job)
{
  g_free (job->path);
  g_free (job->kept);
  g_free (job);
}

static void
salvage_unopened_thread (GTask *task,
                         gpointer source_object,
                         gpointer task_data,
                         GCancellable *cancellable)
{
  Unopened *job = task_data;
  GError *error = NULL;

  if (pt_store_salvage_in_place (job->path, &job->kept, &job->summary, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
on_unopened_salvaged (GObject *source,
                      GAsyncResult *result,
                      gpointer user_data)
{
  PtApplication *app = PT_APPLICATION (source);
  GTask *task = G_TASK (result);
  Unopened *job = g_task_get_task_data (task);
  GTask *outer = user_data;
  g_autoptr(GError) error = NULL;

  g_object_set_data (G_OBJECT (app), BUSY_KEY, NULL);
  pt_services_block_store (pt_application_get_services (app), NULL);
  if (!g_task_propagate_boolean (task, &error))
    {
      g_task_return_error (outer, g_steal_pointer (&error));
      g_object_unref (outer);
      return;
    }
  /* The pages open the salvaged history on their next read. */
  reload_windows (app);
  g_task_return_pointer (outer, summary_text_new (&job->summary, job->kept), g_free);
  g_object_unref (outer);
}

void
pt_store_health_salvage_unopened (PtApplication *app,
                                  GAsyncReadyCallback callback,
                                  gpointer user_data)
{
  GTask *outer = g_task_new (app, NULL, callback, user_data);
  g_autoptr(GTask) task = NULL;
  Unopened *job;

  g_return_if_fail (PT_IS_APPLICATION (app));

  if (pt_services_peek_store (pt_application_get_services (app)) != NULL || pt_store_health_busy (app, NULL))
    {
      g_task_return_new_error (outer, PT_STORE_ERROR, PT_STORE_ERROR_BUSY,
                               _("The history is open or being salvaged already"));
      g_object_unref (outer);
      return;
    }
  job = g_new0 (Unopened, 1);
  job->path = pt_store_resolve_path (pt_application_get_db_path (app));
  g_object_set_data (G_OBJECT (app), BUSY_KEY, GINT_TO_POINTER (1));
  /* Nothing opens the file until the salvaged one is in its place. */
  pt_services_block_store (pt_application_get_services (app),
                           _("The history is being salvaged; it opens when that is done"));
  task = g_task_new (app, NULL, on_unopened_salvaged, outer);
  g_task_set_task_data (task, job, (GDestroyNotify) unopened_free);
  g_task_run_in_thread (task, salvage_unopened_thread);
}

char *
pt_store_health_salvage_unopened_finish (GAsyncResult *result,
                                         GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
pt_store_health_busy (PtApplication *app,
                      GError **error)
{
  g_return_val_if_fail (PT_IS_APPLICATION (app), FALSE);

  if (g_object_get_data (G_OBJECT (app), BUSY_KEY) == NULL)
    return FALSE;
  g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_BUSY,
                       _("The history is being salvaged; it opens when that is done"));
  return TRUE;
}

static void
on_unopened_done (GObject *source,
                  GAsyncResult *result,
                  gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = pt_store_health_salvage_unopened_finish (result, &error);

  show_salvage_result (PT_APPLICATION (source), user_data, summary, error);
}

static void
on_unopened_response (AdwMessageDialog *dialog,
                      const char *response,
                      PtApplication *app)
{
  if (g_strcmp0 (response, "salvage") != 0)
    {
      offer_dismiss (dialog);
      return;
    }
  offer_hold (dialog);
  pt_store_health_salvage_unopened (app, on_unopened_done, offer_ref (dialog));
}

static gboolean
offer_unopened_idle (gpointer user_data)
{
  PtApplication *app = user_data;
  GtkWindow *window = active_window (app);
  const char *message = g_object_get_data (G_OBJECT (app), OFFERED_KEY);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (window == NULL || message == NULL)
    {
      g_object_unref (app);
      return G_SOURCE_REMOVE;
    }
  body = g_strdup_printf (_("%s\n\nPartida has written nothing to it. Salvage copies every match, player "
                            "and game night that can still be read into a new history, which takes "
                            "its place; the damaged file is kept beside it under a new name."),
                             message);
  dialog = adw_message_dialog_new (window, _("The Match History Is Too Damaged to Open"), body);
  gtk_widget_set_name (dialog, "too-damaged-dialog");
  offer_setup (ADW_MESSAGE_DIALOG (dialog));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "later", _("_Not Now"), "salvage", _("_Salvage"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "salvage", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "salvage");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_unopened_response), app, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_object_unref (app);
  return G_SOURCE_REMOVE;
}

void
pt_store_health_open_failed (PtApplication *app,
                             const char *path,
                             const GError *error)
{
  g_return_if_fail (PT_IS_APPLICATION (app));

  /* Offered once a run; "Not Now" leaves the pages' message. */
  if (error == NULL || !g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT) ||
      g_object_get_data (G_OBJECT (app), OFFERED_KEY) != NULL || !pt_store_can_salvage (path))
    return;
  g_object_set_data_full (G_OBJECT (app), OFFERED_KEY, g_strdup (error->message), g_free);
  g_idle_add (offer_unopened_idle, g_object_ref (app));
}
