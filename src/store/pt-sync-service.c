/* pt-sync-service.c — sync in the background (pt-sync-service.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-sync-service.h"

/* Own changes go out at least this often without a folder event. */
#define PERIOD_SECONDS 120

struct _PtSyncService
{
  GObject parent_instance;

  PtStoreWorker *worker;
  char *folder;
  GFileMonitor *monitor;
  guint debounce_id;
  guint period_id;
  guint delay_ms;
  gboolean busy;
  gboolean again; /* a request came while a sync was running */
  gint64 last_sync;
  char *status;
  char *error;
  guint generation; /* a new folder makes older answers stale */
};

G_DEFINE_FINAL_TYPE (PtSyncService, pt_sync_service, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FOLDER,
  PROP_STATUS,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SYNCED,
  CONFLICT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  char *folder;
  guint generation;
} Job;

static void
job_free (Job *job)
{
  g_free (job->folder);
  g_free (job);
}

typedef struct
{
  PtSyncSummary summary;
  char *error; /* a damaged file: the rest applied */
  GPtrArray *conflicts;
  guint generation;
} Answer;

static void
answer_free (Answer *answer)
{
  pt_sync_summary_clear (&answer->summary);
  g_free (answer->error);
  g_clear_pointer (&answer->conflicts, g_ptr_array_unref);
  g_free (answer);
}

static void start (PtSyncService *self);

static void
set_status (PtSyncService *self,
            const char *status,
            const char *error)
{
  g_free (self->status);
  self->status = g_strdup (status);
  g_free (self->error);
  self->error = g_strdup (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
set_busy (PtSyncService *self,
          gboolean busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* On the worker's thread. */
static gpointer
sync_job (PtStore *store,
          PtStats *stats,
          gpointer data,
          GCancellable *cancellable,
          GError **error)
{
  Job *job = data;
  Answer *answer = g_new0 (Answer, 1);
  g_autoptr(GError) local_error = NULL;

  answer->generation = job->generation;
  if (!pt_sync_run (store, job->folder, &answer->summary, &local_error))
    {
      if (!g_error_matches (local_error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          answer_free (answer);
          return NULL;
        }
      answer->error = g_strdup (local_error->message);
    }
  answer->conflicts = pt_sync_take_conflicts (store, NULL);
  return answer;
}

static char *
time_text (gint64 when)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (when);
  g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;

  /* TRANSLATORS: the time of the last sync, strftime format */
  return local != NULL ? g_date_time_format (local, _("%H:%M")) : g_strdup ("");
}

static void
on_sync_done (GObject *source,
              GAsyncResult *result,
              gpointer user_data)
{
  g_autoptr(PtSyncService) self = user_data;
  g_autoptr(GError) error = NULL;
  Answer *answer = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autofree char *when = NULL;
  g_autofree char *line = NULL;
  gboolean changed = FALSE;

  set_busy (self, FALSE);
  if (answer != NULL && answer->generation != self->generation)
    {
      answer_free (answer);
      answer = NULL;
    }
  else if (self->folder != NULL)
    {
      self->last_sync = g_get_real_time () / G_USEC_PER_SEC;
      when = time_text (self->last_sync);
      if (answer == NULL)
        {
          /* TRANSLATORS: %s is why the sync failed */
          line = g_strdup_printf (_("Sync failed: %s"), error != NULL ? error->message : "?");
          set_status (self, line, error != NULL ? error->message : "?");
        }
      else
        {
          guint got = answer->summary.changes_applied;

          changed = answer->summary.files_applied > 0;
          if (got > 0)
            /* TRANSLATORS: %s is a time ("21:05"), %u how many players, nights and matches came */
            line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Synced at %s: %u change received",
                                                 "Synced at %s: %u changes received", got),
                                    when, got);
          else
            /* TRANSLATORS: %s is a time ("21:05") */
            line = g_strdup_printf (_("Synced at %s"), when);
          if (answer->error != NULL)
            {
              g_autofree char *both = g_strdup_printf ("%s. %s", line, answer->error);
              set_status (self, both, answer->error);
            }
          else
            set_status (self, line, NULL);
        }
    }
  if (answer != NULL)
    {
      g_signal_emit (self, signals[SYNCED], 0, changed);
      for (guint i = 0; answer->conflicts != NULL && i < answer->conflicts->len; i++)
        {
          PtSyncConflict *c = g_ptr_array_index (answer->conflicts, i);
          g_signal_emit (self, signals[CONFLICT], 0, c->message, c->kept, c->lost);
        }
      answer_free (answer);
    }
  if (self->again)
    {
      self->again = FALSE;
      start (self);
    }
}

static void
start (PtSyncService *self)
{
  Job *job;

  if (self->folder == NULL)
    return;
  if (self->busy)
    {
      self->again = TRUE;
      return;
    }
  job = g_new0 (Job, 1);
  job->folder = g_strdup (self->folder);
  job->generation = self->generation;
  set_busy (self, TRUE);
  pt_store_worker_run (self->worker, NULL, sync_job, job, (GDestroyNotify) job_free,
                       (GDestroyNotify) answer_free, NULL, on_sync_done, g_object_ref (self));
}

static gboolean
on_debounce (gpointer user_data)
{
  PtSyncService *self = user_data;

  self->debounce_id = 0;
  start (self);
  return G_SOURCE_REMOVE;
}

static gboolean
on_period (gpointer user_data)
{
  start (user_data);
  return G_SOURCE_CONTINUE;
}

static void
on_folder_changed (GFileMonitor *monitor,
                   GFile *file,
                   GFile *other,
                   GFileMonitorEvent event,
                   gpointer user_data)
{
  PtSyncService *self = user_data;
  /* A file renamed into place (how Partida and sync tools write) is named
   * by @other. */
  g_autofree char *name = g_file_get_basename (event == G_FILE_MONITOR_EVENT_RENAMED && other != NULL ? other
                                                                                                      : file);

  /* Only change files matter; a sync tool's temporary files do not, and
   * a file written bit by bit is read once it has been quiet a moment. */
  if (name == NULL || name[0] == '.' || !g_str_has_suffix (name, PT_SYNC_SUFFIX))
    return;
  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_CREATED &&
      event != G_FILE_MONITOR_EVENT_CHANGED && event != G_FILE_MONITOR_EVENT_MOVED_IN &&
      event != G_FILE_MONITOR_EVENT_RENAMED)
    return;
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  self->debounce_id = g_timeout_add (self->delay_ms, on_debounce, self);
}

void
pt_sync_service_set_folder (PtSyncService *self,
                            const char *folder)
{
  g_return_if_fail (PT_IS_SYNC_SERVICE (self));

  if (folder != NULL && *folder == '\0')
    folder = NULL;
  if (g_strcmp0 (folder, self->folder) == 0)
    return;
  g_free (self->folder);
  self->folder = g_strdup (folder);
  self->generation++;
  self->again = FALSE;
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  g_clear_handle_id (&self->period_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (self->folder != NULL)
    {
      g_autoptr(GFile) dir = g_file_new_for_path (self->folder);

      self->monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
      if (self->monitor != NULL)
        g_signal_connect (self->monitor, "changed", G_CALLBACK (on_folder_changed), self);
      self->period_id = g_timeout_add_seconds (PERIOD_SECONDS, on_period, self);
      set_status (self, _("Not synced yet"), NULL);
      start (self);
    }
  else
    set_status (self, _("Sync is off"), NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
}

const char *
pt_sync_service_get_folder (PtSyncService *self)
{
  g_return_val_if_fail (PT_IS_SYNC_SERVICE (self), NULL);
  return self->folder;
}

void
pt_sync_service_sync_now (PtSyncService *self)
{
  g_return_if_fail (PT_IS_SYNC_SERVICE (self));
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  start (self);
}

const char *
pt_sync_service_get_status (PtSyncService *self)
{
  g_return_val_if_fail (PT_IS_SYNC_SERVICE (self), NULL);
  return self->status;
}

const char *
pt_sync_service_get_error (PtSyncService *self)
{
  g_return_val_if_fail (PT_IS_SYNC_SERVICE (self), NULL);
  return self->error;
}

gboolean
pt_sync_service_get_busy (PtSyncService *self)
{
  g_return_val_if_fail (PT_IS_SYNC_SERVICE (self), FALSE);
  return self->busy;
}

gint64
pt_sync_service_get_last_sync (PtSyncService *self)
{
  g_return_val_if_fail (PT_IS_SYNC_SERVICE (self), 0);
  return self->last_sync;
}

void
pt_sync_service_set_delay (PtSyncService *self,
                           guint ms)
{
  g_return_if_fail (PT_IS_SYNC_SERVICE (self));
  self->delay_ms = ms;
}

PtSyncService *
pt_sync_service_new (PtStoreWorker *worker)
{
  PtSyncService *self;

  g_return_val_if_fail (PT_IS_STORE_WORKER (worker), NULL);
  self = g_object_new (PT_TYPE_SYNC_SERVICE, NULL);
  self->worker = g_object_ref (worker);
  return self;
}

static void
pt_sync_service_dispose (GObject *object)
{
  PtSyncService *self = PT_SYNC_SERVICE (object);

  g_clear_handle_id (&self->debounce_id, g_source_remove);
  g_clear_handle_id (&self->period_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->worker);
  G_OBJECT_CLASS (pt_sync_service_parent_class)->dispose (object);
}

static void
pt_sync_service_finalize (GObject *object)
{
  PtSyncService *self = PT_SYNC_SERVICE (object);

  g_free (self->folder);
  g_free (self->status);
  g_free (self->error);
  G_OBJECT_CLASS (pt_sync_service_parent_class)->finalize (object);
}

static void
pt_sync_service_get_property (GObject *object,
                              guint prop_id,
                              GValue *value,
                              GParamSpec *pspec)
{
  PtSyncService *self = PT_SYNC_SERVICE (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_value_set_string (value, self->folder != NULL ? self->folder : "");
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_sync_service_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  PtSyncService *self = PT_SYNC_SERVICE (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      pt_sync_service_set_folder (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_sync_service_class_init (PtSyncServiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_sync_service_dispose;
  object_class->finalize = pt_sync_service_finalize;
  object_class->get_property = pt_sync_service_get_property;
  object_class->set_property = pt_sync_service_set_property;

  properties[PROP_FOLDER] =
      g_param_spec_string ("folder", NULL, NULL, "",
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
      g_param_spec_string ("status", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
      g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SYNCED] = g_signal_new ("synced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                  NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[CONFLICT] = g_signal_new ("conflict", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
}

static void
pt_sync_service_init (PtSyncService *self)
{
  self->delay_ms = 1500;
  self->status = g_strdup (_("Sync is off"));
}
