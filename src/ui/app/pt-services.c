/* pt-services.c — the settings, the match history, its worker and sync; see
 * the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-services.h"
#include "pt-store-trash.h"

struct _PtServices
{
  GObject parent_instance;

  GSettings *settings;
  char *db_path;
  PtStore *store;        /* opened on first use by pt_services_get_store() */
  PtStoreWorker *worker; /* the pages' connection, on its own thread */
  PtSyncService *sync;   /* Preferences → Sync, on the worker's thread */
  char *blocked;         /* why the file may not be opened now (a salvage), or NULL */
};

G_DEFINE_FINAL_TYPE (PtServices, pt_services, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_DB_PATH,
  N_PROPS
};

enum
{
  STORE_OPENED,
  STORE_OPEN_FAILED,
  HISTORY_CHANGED,
  SYNC_CONFLICT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/**
 * pt_services_new:
 * @settings: (nullable): the application's settings; %NULL: no sync
 * @db_path: (nullable): the history's file; %NULL: the default location
 */
PtServices *
pt_services_new (GSettings *settings,
                 const char *db_path)
{
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (PT_TYPE_SERVICES,
                       "settings", settings,
                       "db-path", db_path,
                       NULL);
}

GSettings *
pt_services_get_settings (PtServices *self)
{
  g_return_val_if_fail (PT_IS_SERVICES (self), NULL);

  return self->settings;
}

/* Takes effect when sync has not been started yet: the application sets
 * it at startup, once the schema has been found. */
void
pt_services_set_settings (PtServices *self,
                          GSettings *settings)
{
  g_return_if_fail (PT_IS_SERVICES (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (g_set_object (&self->settings, settings))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTINGS]);
}

const char *
pt_services_get_db_path (PtServices *self)
{
  g_return_val_if_fail (PT_IS_SERVICES (self), NULL);

  return self->db_path;
}

/* Takes effect when the history has not been opened yet. */
void
pt_services_set_db_path (PtServices *self,
                         const char *db_path)
{
  g_return_if_fail (PT_IS_SERVICES (self));

  if (g_strcmp0 (self->db_path, db_path) == 0)
    return;
  g_free (self->db_path);
  self->db_path = g_strdup (db_path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DB_PATH]);
}

/**
 * pt_services_get_store:
 *
 * The match history, opened (and created if missing) on first use from
 * #PtServices:db-path or the default location, so windows that never show
 * the history do not touch the file. "store-opened" is emitted once it is.
 *
 * Returns: (transfer none) (nullable): the store, or %NULL with @error set
 *   when the file cannot be opened (corrupt, newer, read-only…).
 */
PtStore *
pt_services_get_store (PtServices *self,
                       GError **error)
{
  g_return_val_if_fail (PT_IS_SERVICES (self), NULL);

  if (self->store == NULL)
    {
      g_autofree char *path = pt_store_resolve_path (self->db_path);
      g_autoptr(GError) local_error = NULL;

      if (self->blocked != NULL)
        {
          g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_BUSY, self->blocked);
          return NULL;
        }
      self->store = pt_store_open (path, PT_STORE_OPEN_CREATE, &local_error);
      if (self->store != NULL)
        g_signal_emit (self, signals[STORE_OPENED], 0, self->store);
      else
        {
          g_signal_emit (self, signals[STORE_OPEN_FAILED], 0, path, local_error);
          g_propagate_error (error, g_steal_pointer (&local_error));
        }
    }

  return self->store;
}

/* While @reason is set, pt_services_get_store() opens nothing and fails
 * with BUSY saying it (a salvage is putting a new file in place). */
void
pt_services_block_store (PtServices *self,
                         const char *reason)
{
  g_return_if_fail (PT_IS_SERVICES (self));

  g_free (self->blocked);
  self->blocked = g_strdup (reason);
}

/**
 * pt_services_peek_store:
 *
 * Returns: (transfer none) (nullable): the store if it has been opened.
 */
PtStore *
pt_services_peek_store (PtServices *self)
{
  g_return_val_if_fail (PT_IS_SERVICES (self), NULL);

  return self->store;
}

static gint64
expire_trash_job (PtStore *store,
                  gpointer data,
                  GError **error)
{
  return pt_store_expire_trash (store, error) >= 0 ? 1 : 0;
}

/* The re-rating after a change to an old match ended in the background
 * (STATISTICS alone, not with a write): the pages on screen read again,
 * as after a sync. A page that writes reloads itself when it is done. */
static void
on_worker_changed (PtStoreWorker *worker,
                   guint what,
                   PtServices *self)
{
  if (what == PT_STORE_CHANGED_STATISTICS)
    g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

/**
 * pt_services_get_worker:
 *
 * The store worker the pages read and write through, off the main loop: a
 * second connection to the database of pt_services_get_store(), which is
 * opened (created, migrated) first.
 *
 * Returns: (transfer none) (nullable): the worker, or %NULL with @error set
 *   when the database cannot be opened.
 */
PtStoreWorker *
pt_services_get_worker (PtServices *self,
                        GError **error)
{
  g_return_val_if_fail (PT_IS_SERVICES (self), NULL);

  if (self->worker == NULL)
    {
      PtStore *store = pt_services_get_store (self, error);

      if (store == NULL)
        return NULL;
      /* "store-opened" may have made it already. */
      if (self->worker == NULL)
        {
          self->worker = pt_store_worker_new (pt_store_get_path (store));
          g_signal_connect_object (self->worker, "changed", G_CALLBACK (on_worker_changed), self, 0);
          /* What has been in the trash for 30 days goes for good, as the
           * worker's first write (off the main loop). */
          if (!pt_store_is_read_only (store))
            pt_store_worker_write (self->worker, expire_trash_job, NULL, NULL, NULL, NULL, NULL);
        }
    }
  return self->worker;
}

static void
on_synced (PtSyncService *sync,
           gboolean history_changed,
           PtServices *self)
{
  if (history_changed)
    g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

static void
on_sync_conflict (PtSyncService *sync,
                  const char *message,
                  const char *kept,
                  const char *lost,
                  PtServices *self)
{
  g_signal_emit (self, signals[SYNC_CONFLICT], 0, message, kept, lost);
}

/**
 * pt_services_get_sync:
 *
 * Sync through the folder of the "sync-folder" key, on the worker's thread;
 * "history-changed" is emitted when it brings other devices' changes.
 *
 * Returns: (transfer none) (nullable): the service, or %NULL with @error set
 *   when the database cannot be opened (or there are no settings).
 */
PtSyncService *
pt_services_get_sync (PtServices *self,
                      GError **error)
{
  g_return_val_if_fail (PT_IS_SERVICES (self), NULL);

  if (self->sync == NULL)
    {
      PtStoreWorker *worker = pt_services_get_worker (self, error);

      if (worker == NULL || self->settings == NULL)
        return NULL;
      self->sync = pt_sync_service_new (worker);
      g_signal_connect_object (self->sync, "synced", G_CALLBACK (on_synced), self, 0);
      g_signal_connect_object (self->sync, "conflict", G_CALLBACK (on_sync_conflict), self, 0);
      g_settings_bind (self->settings, "sync-folder", self->sync, "folder", G_SETTINGS_BIND_GET);
    }
  return self->sync;
}

/**
 * pt_services_is_read_only:
 *
 * Returns: %TRUE when nothing can be changed in the history now: it can
 *   only be read (file, folder, disk) or was found damaged (the store then
 *   refuses changes).
 */
gboolean
pt_services_is_read_only (PtServices *self)
{
  PtStore *store;

  g_return_val_if_fail (PT_IS_SERVICES (self), FALSE);

  store = pt_services_get_store (self, NULL);
  return store != NULL && pt_store_is_read_only (store);
}

static void
pt_services_dispose (GObject *object)
{
  PtServices *self = PT_SERVICES (object);

  g_clear_object (&self->sync);
  /* The writes still queued (a game's last autosave) before the app goes. */
  if (self->worker != NULL)
    pt_store_worker_flush (self->worker);
  g_clear_object (&self->worker);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pt_services_parent_class)->dispose (object);
}

static void
pt_services_finalize (GObject *object)
{
  PtServices *self = PT_SERVICES (object);

  g_clear_pointer (&self->db_path, g_free);
  g_clear_pointer (&self->blocked, g_free);

  G_OBJECT_CLASS (pt_services_parent_class)->finalize (object);
}

static void
pt_services_get_property (GObject *object,
                          guint prop_id,
                          GValue *value,
                          GParamSpec *pspec)
{
  PtServices *self = PT_SERVICES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_DB_PATH:
      g_value_set_string (value, self->db_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_services_set_property (GObject *object,
                          guint prop_id,
                          const GValue *value,
                          GParamSpec *pspec)
{
  PtServices *self = PT_SERVICES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      pt_services_set_settings (self, g_value_get_object (value));
      break;

    case PROP_DB_PATH:
      pt_services_set_db_path (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_services_class_init (PtServicesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_services_dispose;
  object_class->finalize = pt_services_finalize;
  object_class->get_property = pt_services_get_property;
  object_class->set_property = pt_services_set_property;

  /**
   * PtServices:settings:
   *
   * The application's settings (%NULL: no sync). Read when sync is first
   * started and by the pages as they are built.
   */
  properties[PROP_SETTINGS] =
      g_param_spec_object ("settings", NULL, NULL,
                           G_TYPE_SETTINGS,
                           (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * PtServices:db-path:
   *
   * The database file (`--db PATH`, `PARTIDA_DB`), or %NULL for the default
   * location under the user data directory. Read when the history is
   * first opened.
   */
  properties[PROP_DB_PATH] =
      g_param_spec_string ("db-path", NULL, NULL,
                           NULL,
                           (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PtServices::store-opened:
   * @store: the history, just opened
   *
   * The application checks its health here and empties the old trash.
   */
  signals[STORE_OPENED] =
      g_signal_new ("store-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, PT_TYPE_STORE);
  /**
   * PtServices::store-open-failed:
   * @path: the file
   * @error: why pt_store_open() refused it
   *
   * The application offers to salvage a history too damaged to open.
   */
  signals[STORE_OPEN_FAILED] =
      g_signal_new ("store-open-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);
  /**
   * PtServices::history-changed:
   *
   * Sync brought other devices' changes: the pages read again.
   */
  signals[HISTORY_CHANGED] =
      g_signal_new ("history-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * PtServices::sync-conflict:
   * @message: what happened
   * @kept: the version kept, as readable text
   * @lost: the version replaced
   */
  signals[SYNC_CONFLICT] =
      g_signal_new ("sync-conflict", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                    G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
}

static void
pt_services_init (PtServices *self)
{
}
