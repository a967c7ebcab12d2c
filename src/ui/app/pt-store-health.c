/* pt-store-health.c — a damaged or read-only history in the app; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pt-store-health.h"
#include "pt-store-worker.h"
#include "pt-window.h"

#define DAMAGE_KEY "pt-store-damage"
#define TOLD_KEY   "pt-store-read-only-told"

static void present_damage (PtApplication *app);

static gpointer
refuse_job (PtStore       *store,
            PtStats       *stats,
            gpointer       data,
            GCancellable  *cancellable,
            GError       **error)
{
  return pt_store_refuse_changes (store, data, error) ? GINT_TO_POINTER (1) : NULL;
}

static gpointer
allow_job (PtStore       *store,
           PtStats       *stats,
           gpointer       data,
           GCancellable  *cancellable,
           GError       **error)
{
  return pt_store_allow_changes (store, error) ? GINT_TO_POINTER (1) : NULL;
}

/* Both connections (the application's and the worker's) stop writing. */
static void
mark_damaged (PtApplication *app,
              PtStore       *store,
              const char    *message)
{
  PtStoreWorker *worker;

  g_object_set_data_full (G_OBJECT (app), DAMAGE_KEY, g_strdup (message), g_free);
  pt_store_refuse_changes (store, _("it is damaged"), NULL);
  worker = pt_application_get_worker (app, NULL);
  if (worker != NULL)
    {
      pt_store_worker_run (worker, NULL, refuse_job, g_strdup (_("it is damaged")), g_free, NULL,
                           NULL, NULL, NULL);
      pt_store_worker_drain (worker);
    }
  present_damage (app);
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

static void
on_salvage_response (AdwMessageDialog *dialog,
                     const char       *response,
                     PtApplication    *app)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  GtkWindow *window = active_window (app);
  GtkWidget *done;

  if (g_strcmp0 (response, "salvage") != 0)
    return;
  if (!pt_store_health_salvage (app, &summary, &error))
    done = adw_message_dialog_new (window, _("The History Could Not Be Salvaged"), error->message);
  else
    done = adw_message_dialog_new (window, _("The History Is Salvaged"), summary);
  gtk_widget_set_name (done, "salvage-result-dialog");
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (done), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (done));
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
                            "is kept beside it."), damage);
  dialog = adw_message_dialog_new (window, _("The Match History Is Damaged"), body);
  gtk_widget_set_name (dialog, "damaged-dialog");
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "later", _("_Not Now"),
                                    "salvage", _("_Salvage"),
                                    NULL);
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

      adw_toast_set_timeout (toast, 0);
      pt_window_add_toast (PT_WINDOW (window), toast);
    }
  g_object_unref (app);
  return G_SOURCE_REMOVE;
}

static gpointer
check_job (PtStore       *store,
           PtStats       *stats,
           gpointer       data,
           GCancellable  *cancellable,
           GError       **error)
{
  return pt_store_check_integrity (store, error) ? GINT_TO_POINTER (1) : NULL;
}

static void
on_checked (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PtApplication) app = user_data;
  g_autoptr(GError) error = NULL;
  PtStore *store;

  if (pt_store_worker_finish (PT_STORE_WORKER (source), result, &error) == NULL &&
      g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT) &&
      pt_store_health_get_damage (app) == NULL &&
      (store = pt_application_get_store (app, NULL)) != NULL)
    mark_damaged (app, store, error->message);
}

void
pt_store_health_opened (PtApplication *app,
                        PtStore       *store)
{
  PtStoreWorker *worker;

  g_return_if_fail (PT_IS_APPLICATION (app));
  /* PRAGMA quick_check reads every page: on the worker, not in the way of
   * the first frame; the answer comes before anyone can type a match. */
  worker = pt_application_get_worker (app, NULL);
  if (worker != NULL)
    pt_store_worker_run (worker, NULL, check_job, NULL, NULL, NULL, NULL, on_checked, g_object_ref (app));
  if (pt_store_is_read_only (store) && g_object_get_data (G_OBJECT (app), TOLD_KEY) == NULL)
    {
      g_object_set_data (G_OBJECT (app), TOLD_KEY, GINT_TO_POINTER (1));
      g_idle_add (tell_read_only_idle, g_object_ref (app));
    }
}

void
pt_store_health_read_failed (const GError *error)
{
  GApplication *default_app = g_application_get_default ();
  PtApplication *app;
  PtStore *store;
  g_autoptr(GError) check = NULL;

  if (error == NULL || !g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT) ||
      !PT_IS_APPLICATION (default_app))
    return;
  app = PT_APPLICATION (default_app);
  if (pt_store_health_get_damage (app) != NULL ||
      (store = pt_application_get_store (app, NULL)) == NULL)
    return;
  if (!pt_store_check_integrity (store, &check))
    mark_damaged (app, store, check->message);
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

gboolean
pt_store_health_salvage (PtApplication  *app,
                         char          **summary_text,
                         GError        **error)
{
  PtStore *store = pt_application_get_store (app, error);
  PtStoreWorker *worker;
  PtSalvageSummary summary = { 0, };
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *fresh = NULL;
  GString *text;

  if (store == NULL)
    return FALSE;
  fresh = g_strdup_printf ("%s.salvaged-%s", pt_store_get_path (store), stamp);
  if (!pt_store_salvage (store, fresh, &summary, error))
    {
      g_unlink (fresh);
      return FALSE;
    }
  /* The fresh copy takes the damaged one's place, through the same
   * connections; the damaged file is kept as PATH.before-restore-…. */
  if (!pt_store_allow_changes (store, error) || !pt_store_restore (store, fresh, error))
    {
      pt_store_refuse_changes (store, _("it is damaged"), NULL);
      g_unlink (fresh);
      return FALSE;
    }
  g_unlink (fresh);
  worker = pt_application_get_worker (app, NULL);
  if (worker != NULL)
    {
      pt_store_worker_run (worker, NULL, allow_job, NULL, NULL, NULL, NULL, NULL, NULL);
      pt_store_worker_drain (worker);
    }
  g_object_set_data (G_OBJECT (app), DAMAGE_KEY, NULL);

  text = g_string_new (NULL);
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d match kept", "%d matches kept", summary.matches),
                          summary.matches);
  g_string_append (text, ", ");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d player", "%d players", summary.players),
                          summary.players);
  g_string_append (text, ", ");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d game night", "%d game nights", summary.nights),
                          summary.nights);
  g_string_append (text, ".");
  if (summary.matches_lost + summary.players_lost + summary.nights_lost > 0)
    {
      int lost = summary.matches_lost + summary.players_lost + summary.nights_lost;

      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d row could not be read.",
                                                 "%d rows could not be read.", lost), lost);
    }
  g_string_append_c (text, ' ');
  g_string_append (text, _("The damaged file is kept beside the history."));
  if (summary_text != NULL)
    *summary_text = g_string_free (text, FALSE);
  else
    g_string_free (text, TRUE);
  reload_windows (app);
  return TRUE;
}
