/* pt-store-salvage.c — salvaging a history too damaged to open
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pt_store_open() refuses a file whose schema or header cannot be read.
 * What is left of it is still read here, read-only and without any of
 * the usual checks: the schema rows that can be read (PRAGMA
 * writable_schema tolerates the rest), and, when the 100-byte header is
 * what is broken, a copy with a fresh Partida header. pt_store_salvage()
 * then walks the tables row by row as for any damaged database.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pt-store-private.h"

static gboolean
raw_query_int (sqlite3 *db,
               const char *sql,
               int *value)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = FALSE;

  /* With writable_schema on, the first statement after a schema error
   * fails and the next one sees what could be read. */
  for (int attempt = 0; attempt < 2 && !ok; attempt++)
    {
      if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step (stmt) == SQLITE_ROW)
        {
          *value = sqlite3_column_int (stmt, 0);
          ok = TRUE;
        }
      sqlite3_finalize (stmt);
      stmt = NULL;
    }
  return ok;
}

static int
open_raw (const char *path,
          gboolean immutable,
          sqlite3 **db)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *base = g_file_get_uri (file);
  g_autofree char *uri = g_strconcat (base, immutable ? "?mode=ro&immutable=1" : "?mode=ro", NULL);
  int rc, probe = 0;

  *db = NULL;
  rc = sqlite3_open_v2 (uri, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
  if (rc != SQLITE_OK)
    return rc;
  sqlite3_extended_result_codes (*db, 1);
  sqlite3_exec (*db, "PRAGMA writable_schema = ON", NULL, NULL, NULL);
  if (!raw_query_int (*db, "PRAGMA user_version", &probe))
    {
      rc = sqlite3_errcode (*db);
      sqlite3_close_v2 (*db);
      *db = NULL;
      return rc != SQLITE_OK ? rc : SQLITE_NOTADB;
    }
  return SQLITE_OK;
}

/* @foreign: set when the file is readable and says it belongs to another
 * application (then it is left alone). */
static PtStore *
open_damaged (const char *path,
              gboolean *foreign,
              GError **error)
{
  g_autoptr(PtStore) self = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  int rc, version = 0, app_id = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("There is no database at “%s”"), path);
      return NULL;
    }
  self = g_object_new (PT_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  /* With its WAL when there is one (it may hold the last saves), else the
   * file alone: immutable, so not even a -shm is created beside it. */
  rc = SQLITE_CANTOPEN;
  if (g_file_test (wal, G_FILE_TEST_EXISTS))
    rc = open_raw (path, FALSE, &self->db);
  if (rc != SQLITE_OK)
    rc = open_raw (path, TRUE, &self->db);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("Nothing can be read from “%s”: %s"), path, sqlite3_errstr (rc));
      return NULL;
    }
  raw_query_int (self->db, "PRAGMA application_id", &app_id);
  raw_query_int (self->db, "PRAGMA user_version", &version);
  if (app_id != PT_STORE_APPLICATION_ID)
    {
      *foreign = TRUE;
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("“%s” is not a Partida database; it was left alone"), path);
      return NULL;
    }
  if (version > PT_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NEWER_VERSION,
                   _("The database “%s” was written by a newer version of Partida (schema %d, this "
                     "version knows %d); it was left untouched"),
                      path, version, PT_STORE_SCHEMA_VERSION);
      return NULL;
    }
  self->schema_version = version;
  self->read_only = TRUE;
  self->read_only_reason = g_strdup (_("it is damaged"));
  return g_steal_pointer (&self);
}

PtStore *
pt_store_open_damaged (const char *path,
                       GError **error)
{
  gboolean foreign = FALSE;

  return open_damaged (path, &foreign, error);
}

/* The 100-byte header -------------------------------------------------------- */

static guint32
be32 (const guchar *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static void
put_be32 (guchar *p,
          guint32 value)
{
  p[0] = value >> 24;
  p[1] = value >> 16;
  p[2] = value >> 8;
  p[3] = value;
}

/* The header of a fresh database of this version. */
static gboolean
fresh_header (const char *dir,
              guchar header[100],
              GError **error)
{
  g_autofree char *path = g_build_filename (dir, "template.db", NULL);
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_CREATE, error);
  g_autofree char *data = NULL;
  gsize size = 0;

  if (store == NULL)
    return FALSE;
  g_clear_object (&store);
  if (!g_file_get_contents (path, &data, &size, error))
    return FALSE;
  g_return_val_if_fail (size >= 100, FALSE);
  memcpy (header, data, 100);
  return TRUE;
}

/* A copy of @path in @dir with a Partida header in place of its own,
 * which does not say "SQLite format 3" any more (or says nonsense); or
 * NULL when the file cannot be a database at all. */
static char *
copy_with_fresh_header (const char *path,
                        const char *dir,
                        GError **error)
{
  g_autofree char *copy = g_build_filename (dir, "repaired.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *data = NULL;
  guchar header[100];
  guint page_size;
  gsize size = 0;

  if (!g_file_get_contents (path, &data, &size, error))
    return NULL;
  if (size < 512 || !fresh_header (dir, header, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                     _("Nothing can be read from “%s”: it is too short to be a database"), path);
      return NULL;
    }
  /* The page size the file says, if it is one; else the one Partida uses. */
  page_size = ((guint) (guchar) data[16] << 8) | (guchar) data[17];
  if (page_size == 1)
    page_size = 65536;
  if (page_size < 512 || page_size > 65536 || (page_size & (page_size - 1)) != 0 || size % page_size != 0)
    page_size = ((guint) header[16] << 8) | header[17];
  if (size % page_size != 0)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("Nothing can be read from “%s”: it is not made of database pages"), path);
      return NULL;
    }
  header[16] = page_size == 65536 ? 0 : page_size >> 8;
  header[17] = page_size == 65536 ? 1 : page_size & 0xff;
  put_be32 (header + 28, (guint32) (size / page_size)); /* pages in the file */
  put_be32 (header + 32, 0);                            /* free pages: not known */
  put_be32 (header + 36, 0);
  put_be32 (header + 92, be32 (header + 24)); /* the page count is valid */
  memcpy (data, header, 100);
  if (!g_file_set_contents (copy, data, size, error))
    return NULL;
  if (g_file_test (wal, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *wal_data = NULL;
      g_autofree char *wal_copy = g_strconcat (copy, "-wal", NULL);
      gsize wal_size = 0;

      if (g_file_get_contents (wal, &wal_data, &wal_size, NULL))
        g_file_set_contents (wal_copy, wal_data, wal_size, NULL);
    }
  return g_steal_pointer (&copy);
}

static gboolean
header_is_sqlite (const char *path)
{
  static const char magic[16] = "SQLite format 3";
  char header[16];
  FILE *file = g_fopen (path, "rb");
  gboolean ok;

  if (file == NULL)
    return FALSE;
  ok = fread (header, 1, sizeof header, file) == sizeof header && memcmp (header, magic, sizeof magic) == 0;
  fclose (file);
  return ok;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir, name, NULL);

      g_unlink (child);
    }
  g_rmdir (dir);
}

gboolean
pt_store_salvage_file (const char *path,
                       const char *dest_path,
                       PtSalvageSummary *summary,
                       GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *copy = NULL;
  gboolean foreign = FALSE;
  gboolean ok;

  g_return_val_if_fail (path != NULL && dest_path != NULL, FALSE);

  if (g_file_test (dest_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED,
                   _("“%s” already exists; salvage writes a new database"), dest_path);
      return FALSE;
    }
  if (header_is_sqlite (path))
    store = open_damaged (path, &foreign, &local_error);
  if (store == NULL && local_error != NULL &&
      (foreign || !g_error_matches (local_error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT)))
    {
      /* Another application's file, a newer Partida's, or none at all. */
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (store == NULL)
    {
      /* The header is what is broken: read the pages behind a fresh one. */
      g_clear_error (&local_error);
      tmp = g_dir_make_tmp ("partida-salvage-XXXXXX", error);
      if (tmp == NULL)
        return FALSE;
      copy = copy_with_fresh_header (path, tmp, error);
      if (copy != NULL)
        {
          store = open_damaged (copy, &foreign, NULL);
          if (store == NULL)
            g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                         _("Nothing can be read from “%s”: neither its header nor its list of "
                           "tables can be read"),
                            path);
        }
      if (store == NULL)
        {
          remove_dir (tmp);
          return FALSE;
        }
    }
  ok = pt_store_salvage (store, dest_path, summary, error);
  if (ok && summary != NULL)
    {
      static const char *const tables[] = { "players", "nights", "matches", "results" };

      /* What the readable part of the schema does not name is lost whole. */
      for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
        if (sqlite3_table_column_metadata (store->db, "main", tables[i], NULL, NULL, NULL, NULL,
                                           NULL, NULL) != SQLITE_OK)
          summary->tables_lost++;
    }
  g_clear_object (&store);
  if (tmp != NULL)
    remove_dir (tmp);
  return ok;
}

gboolean
pt_store_salvage_in_place (const char *path,
                           char **kept_path,
                           PtSalvageSummary *summary,
                           GError **error)
{
  g_autofree char *suffix = pt_store_timestamp_suffix ();
  g_autofree char *fresh = g_strdup_printf ("%s.salvaged-%s", path, suffix);
  g_autofree char *kept = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  g_unlink (fresh);
  if (!pt_store_salvage_file (path, fresh, summary, error))
    {
      g_unlink (fresh);
      return FALSE;
    }
  /* The damaged file (with its -wal and -shm) goes aside, renamed; the
   * salvaged one takes its name. */
  if (!pt_store_move_aside (path, &kept, error))
    {
      g_unlink (fresh);
      return FALSE;
    }
  if (g_rename (fresh, path) != 0)
    {
      int saved_errno = errno;

      g_rename (kept, path);
      g_unlink (fresh);
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY, _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  if (kept_path != NULL)
    *kept_path = g_steal_pointer (&kept);
  return TRUE;
}

gboolean
pt_store_can_salvage (const char *path)
{
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GError) error = NULL;
  gboolean foreign = FALSE;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, FALSE);

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  if (!header_is_sqlite (path))
    return st.st_size >= 512 && st.st_size % 512 == 0;
  store = open_damaged (path, &foreign, &error);
  /* Unreadable behind a good header: salvage reads it behind a fresh one. */
  return store != NULL || (!foreign && g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT));
}
