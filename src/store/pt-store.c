/* pt-store.c — the match history database: the object, opening, statements
 * and transactions. The tables have files of their own (pt-store-players.c,
 * -nights.c, -matches.c, -history.c, -saved.c; the schema in
 * pt-store-schema.c), on pt-store-private.h.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
/* PRId64 rather than G_GINT64_FORMAT inside _(): xgettext only understands
 * the <inttypes.h> macros and would cut the message at G_GINT64_FORMAT. */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <json-glib/json-glib.h>

#include "pt-record.h"
#include "pt-player-name.h"
#include "pt-store-private.h"

G_DEFINE_QUARK (pt - store - error - quark, pt_store_error)

G_DEFINE_FINAL_TYPE (PtStore, pt_store, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Errors and statements ---------------------------------------------------- */

gboolean
pt_store_set_error (PtStore *self,
                    int rc,
                    const char *what,
                    GError **error)
{
  const char *detail = self != NULL && self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc);
  PtStoreError code;

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
      code = PT_STORE_ERROR_FULL;
      detail = _("the disk is full");
      break;
    case SQLITE_IOERR:
      code = PT_STORE_ERROR_IO;
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      code = PT_STORE_ERROR_CORRUPT;
      break;
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      code = PT_STORE_ERROR_READ_ONLY;
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = PT_STORE_ERROR_BUSY;
      break;
    case SQLITE_CONSTRAINT:
      code = rc == SQLITE_CONSTRAINT_UNIQUE ? PT_STORE_ERROR_DUPLICATE : PT_STORE_ERROR_INVALID;
      break;
    default:
      code = PT_STORE_ERROR_FAILED;
    }
  if (self != NULL && self->read_only)
    {
      /* Whatever SQLite says, the reason is the file. */
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                   _("%s: the history “%s” can be viewed and exported but not changed: %s"), what,
                      self->path, self->read_only_reason);
      return FALSE;
    }
  g_set_error (error, PT_STORE_ERROR, code, "%s: %s", what, detail);
  return FALSE;
}

void
pt_stmt_release (PtStmt *stmt)
{
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

/* Tests: the thread whose store calls are counted. */
static GThread *watched_thread;
static guint watched_calls;

void
pt_store_debug_watch_thread (GThread *thread)
{
  g_atomic_int_set (&watched_calls, 0);
  g_atomic_pointer_set (&watched_thread, thread);
}

guint
pt_store_debug_get_watched_calls (void)
{
  return (guint) g_atomic_int_get (&watched_calls);
}

static inline void
count_call (void)
{
  GThread *watched = g_atomic_pointer_get (&watched_thread);

  if (G_UNLIKELY (watched != NULL) && watched == g_thread_self ())
    g_atomic_int_inc (&watched_calls);
}

PtStmt *
pt_store_prepare (PtStore *self,
                  const char *sql,
                  GError **error)
{
  sqlite3_stmt *stmt;
  int rc;

  count_call ();
  stmt = g_hash_table_lookup (self->statements, sql);
  if (stmt != NULL)
    return stmt;
  rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not read the database"), error);
      return NULL;
    }
  g_hash_table_insert (self->statements, (gpointer) sql, stmt);
  return stmt;
}

gboolean
pt_store_exec (PtStore *self,
               const char *sql,
               GError **error)
{
  int rc;

  count_call ();
  rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return pt_store_set_error (self, rc, _("Database error"), error);
  return TRUE;
}

gboolean
pt_store_step_done (PtStore *self,
                    PtStmt *stmt,
                    const char *what,
                    GError **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, what, error);
  return TRUE;
}

/* IMMEDIATE takes the write lock up front, so a busy database fails (after
 * the busy timeout) before anything is done rather than half way. Both are
 * prepared once: the app runs them for every save. */
gboolean
pt_store_begin (PtStore *self,
                GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  /* Joining the caller's transaction: it commits (or rolls back) it all. */
  if (self->in_outer_transaction && !sqlite3_get_autocommit (self->db))
    return TRUE;
  stmt = pt_store_prepare (self, "BEGIN IMMEDIATE", error);
  if (stmt == NULL)
    return FALSE;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Database error"), error);
  return TRUE;
}

gboolean
pt_store_commit (PtStore *self,
                 GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  if (self->in_outer_transaction && !sqlite3_get_autocommit (self->db))
    return TRUE;
  /* Aggregates of the players this transaction changed out of order. */
  if ((self->all_dirty || g_hash_table_size (self->dirty_players) > 0) &&
      !pt_stats_flush_aggregates (self, error))
    {
      pt_store_rollback (self);
      return FALSE;
    }
  stmt = pt_store_prepare (self, "COMMIT", NULL);
  rc = stmt != NULL ? sqlite3_step (stmt) : sqlite3_errcode (self->db);

  if (rc == SQLITE_DONE)
    rc = SQLITE_OK;
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not save the change"), error);
      /* The failed COMMIT must not stay pending while rolling back. */
      if (stmt != NULL)
        sqlite3_reset (stmt);
      pt_store_rollback (self);
      return FALSE;
    }
  return TRUE;
}

void
pt_store_rollback (PtStore *self)
{
  g_hash_table_remove_all (self->dirty_players);
  self->all_dirty = FALSE;
  /* After SQLITE_FULL or an I/O error SQLite may have rolled back already. */
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

gboolean
pt_store_transaction_begin (PtStore *self,
                            GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (!self->in_outer_transaction, FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  self->in_outer_transaction = TRUE;
  return TRUE;
}

gboolean
pt_store_transaction_commit (PtStore *self,
                             GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (self->in_outer_transaction, FALSE);

  self->in_outer_transaction = FALSE;
  /* A call inside failed and already rolled everything back. */
  if (sqlite3_get_autocommit (self->db))
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED,
                           _("Could not save the change"));
      return FALSE;
    }
  return pt_store_commit (self, error);
}

void
pt_store_transaction_rollback (PtStore *self)
{
  g_return_if_fail (PT_IS_STORE (self));

  self->in_outer_transaction = FALSE;
  pt_store_rollback (self);
}

sqlite3 *
pt_store_get_handle (PtStore *self)
{
  return self->db;
}

char *
pt_store_dup_column_text (PtStmt *stmt,
                          int column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

/* Canonical JSON without json-glib for the usual case -------------------------
 *
 * Games, sheets and the session write compact JSON; parsing it to write it
 * back unchanged cost half of a save. scan_value() accepts exactly the
 * texts json-glib's generator would give back unchanged: no white space
 * between tokens, strings without escapes or control characters, integer
 * numbers without leading zeros, no repeated member name; anything else
 * (or nesting deeper than CANONICAL_DEPTH) goes through json-glib. */
#define CANONICAL_DEPTH 64

typedef struct
{
  const char *p;
  int depth;
} Scan;

static gboolean scan_value (Scan *scan);

static gboolean
scan_string (Scan *scan,
             const char **start,
             gsize *len)
{
  const char *p = scan->p;

  if (*p != '"')
    return FALSE;
  *start = ++p;
  while (*p != '"')
    {
      if (*p == '\0' || *p == '\\' || (guchar) *p < 0x20 || *p == 0x7f)
        return FALSE;
      p++;
    }
  *len = p - *start;
  scan->p = p + 1;
  return TRUE;
}

static gboolean
scan_number (Scan *scan)
{
  const char *p = scan->p;
  gboolean negative = *p == '-';
  int digits = 0;

  if (negative)
    p++;
  /* "-0" and leading zeros come back otherwise. */
  if (*p == '0' && (negative || g_ascii_isdigit (p[1])))
    return FALSE;
  while (g_ascii_isdigit (*p))
    {
      p++;
      digits++;
    }
  /* Fractions, exponents and numbers near the int64 limits: json-glib. */
  if (digits == 0 || digits > 18 || *p == '.' || *p == 'e' || *p == 'E')
    return FALSE;
  scan->p = p;
  return TRUE;
}

static gboolean
scan_value (Scan *scan)
{
  const char *p = scan->p;

  switch (*p)
    {
    case '"':
      {
        const char *start;
        gsize len;
        return scan_string (scan, &start, &len);
      }
    case '{':
    case '[':
      {
        gboolean object = *p == '{';
        char close = object ? '}' : ']';
        g_autoptr(GArray) keys = object ? g_array_new (FALSE, FALSE, sizeof (const char *) * 2) : NULL;

        if (++scan->depth > CANONICAL_DEPTH)
          return FALSE;
        scan->p++;
        if (*scan->p == close)
          {
            scan->p++;
            scan->depth--;
            return TRUE;
          }
        for (;;)
          {
            if (object)
              {
                const char *start, *pair[2];
                gsize len;

                if (!scan_string (scan, &start, &len) || *scan->p != ':')
                  return FALSE;
                for (guint i = 0; i < keys->len; i++)
                  {
                    const char **k = &g_array_index (keys, const char *, 2 * i);
                    if ((gsize) (k[1] - k[0]) == len && memcmp (k[0], start, len) == 0)
                      return FALSE;
                  }
                pair[0] = start;
                pair[1] = start + len;
                g_array_append_vals (keys, pair, 1);
                scan->p++;
              }
            if (!scan_value (scan))
              return FALSE;
            if (*scan->p == close)
              break;
            if (*scan->p != ',')
              return FALSE;
            scan->p++;
          }
        scan->p++;
        scan->depth--;
        return TRUE;
      }
    case 't':
      if (strncmp (p, "true", 4) != 0)
        return FALSE;
      scan->p += 4;
      return TRUE;
    case 'f':
      if (strncmp (p, "false", 5) != 0)
        return FALSE;
      scan->p += 5;
      return TRUE;
    case 'n':
      if (strncmp (p, "null", 4) != 0)
        return FALSE;
      scan->p += 4;
      return TRUE;
    default:
      return scan_number (scan);
    }
}

static gboolean
already_canonical (const char *json)
{
  Scan scan = { json, 0 };

  return g_utf8_validate (json, -1, NULL) && scan_value (&scan) && *scan.p == '\0';
}

char *
pt_store_canonical_json (const char *json,
                         const char *fallback,
                         const char *what,
                         GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local_error = NULL;

  if (json == NULL)
    return g_strdup (fallback);
  if (already_canonical (json))
    return g_strdup (json);
  root = pt_json_parse (json, &local_error);
  if (root == NULL && g_error_matches (local_error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD) &&
      json[strspn (json, " \t\r\n")] == '\0')
    return g_strdup (fallback);
  if (root == NULL)
    {
      /* TRANSLATORS: what was being read ("options", "game record", …,
       * translated on their own), then the JSON parser's message */
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s: %s"), _(what), local_error->message);
      return NULL;
    }
  return json_to_string (root, FALSE);
}

gint64
pt_store_now_seconds (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* Hybrid logical clock: wall-clock milliseconds in the high 48 bits and a
 * counter in the low 16, never going backwards on one device even when the
 * clock does, so the later of two changes has the larger stamp. */
gint64
pt_store_next_stamp (PtStore *self)
{
  gint64 physical = (g_get_real_time () / 1000) << 16;

  self->last_stamp = MAX (physical, self->last_stamp + 1);
  return self->last_stamp;
}

static const char *const palette[] = {
  "#3584e4",
  "#e66100",
  "#2ec27e",
  "#c061cb",
  "#e5a50a",
  "#1c71d8",
  "#a51d2d",
  "#63452c",
  "#26a269",
  "#f5c211",
  "#9141ac",
  "#5e5c64",
  NULL,
};

const char *const *
pt_player_palette (void)
{
  return palette;
}

const char *
pt_player_palette_pick (GHashTable *used)
{
  const char *best = palette[0];
  int fewest = G_MAXINT;

  for (guint i = 0; palette[i] != NULL; i++)
    {
      int n = GPOINTER_TO_INT (g_hash_table_lookup (used, palette[i]));
      if (n < fewest)
        {
          fewest = n;
          best = palette[i];
        }
    }
  return best;
}

/* What a missing row means to the person who asked for it. The window
 * shows these as toasts when something changed under it (another window,
 * a sync): a database id there would mean nothing to anyone, "No %s"
 * composed from a translated noun cannot agree in gender, and a toast
 * is one line, cut short in a narrow window. */
static const char *
not_found_message (const char *what)
{
  if (g_str_equal (what, "player"))
    return _("This player is no longer in the history");
  if (g_str_equal (what, "deleted player"))
    return _("This player is no longer in the trash");
  if (g_str_equal (what, "match"))
    return _("This match is no longer in the history");
  if (g_str_equal (what, "deleted match"))
    return _("This match is no longer in the trash");
  if (g_str_equal (what, "night"))
    return _("This game night is no longer in the history");
  if (g_str_equal (what, "saved game"))
    return _("This saved game is no longer there");
  return NULL;
}

gboolean
pt_store_not_found (GError **error,
                    const char *what,
                    gint64 id)
{
  const char *message = not_found_message (what);

  if (message != NULL)
    {
      g_debug ("No %s with id %" PRId64, what, id);
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, message);
      return FALSE;
    }
  /* TRANSLATORS: %s is what was looked for (translated on its own), then
   * its database id */
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("No %s with id %" PRId64), _(what), id);
  return FALSE;
}

/* Steps @stmt to its end, reading every row with @read into a new array
 * that frees its items with @free_item; on an error, NULL and @message. */
GPtrArray *
pt_store_collect_rows (PtStore *self,
                       PtStmt *stmt,
                       gpointer (*read) (PtStmt *stmt),
                       GDestroyNotify free_item,
                       const char *message,
                       GError **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (free_item);
  int rc;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (rows, read (stmt));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, message, error);
      return NULL;
    }
  return g_steal_pointer (&rows);
}

GArray *
pt_store_collect_ids (PtStore *self,
                      PtStmt *stmt,
                      const char *message,
                      GError **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, message, error);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

/* Binds @id to @stmt's first parameter and steps once: TRUE on the row;
 * FALSE with "no @what with id …" when there is none, or with @message
 * when the read fails. */
gboolean
pt_store_step_by_id (PtStore *self,
                     PtStmt *stmt,
                     gint64 id,
                     const char *what,
                     const char *message,
                     GError **error)
{
  int rc;

  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc == SQLITE_DONE)
    return pt_store_not_found (error, what, id);
  return pt_store_set_error (self, rc, message, error);
}

/* Runs a prepared single-row change and checks it touched a row. */
gboolean
pt_store_step_change (PtStore *self,
                      PtStmt *stmt,
                      const char *what,
                      gint64 id,
                      GError **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the change"), error);
  if (sqlite3_changes (self->db) == 0)
    return pt_store_not_found (error, what, id);
  return TRUE;
}

/* Object ------------------------------------------------------------------ */

static void
pt_store_finalize (GObject *object)
{
  PtStore *self = PT_STORE (object);

  pt_store_close (self);
  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->dirty_players, g_hash_table_unref);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->migration_backup, g_free);
  g_clear_pointer (&self->read_only_reason, g_free);

  G_OBJECT_CLASS (pt_store_parent_class)->finalize (object);
}

static void
pt_store_get_property (GObject *object,
                       guint prop_id,
                       GValue *value,
                       GParamSpec *pspec)
{
  PtStore *self = PT_STORE (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_store_class_init (PtStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pt_store_finalize;
  object_class->get_property = pt_store_get_property;

  properties[PROP_PATH] =
      g_param_spec_string ("path", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pt_store_init (PtStore *self)
{
  self->statements = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) sqlite3_finalize);
  self->dirty_players = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

void
pt_store_close (PtStore *self)
{
  g_return_if_fail (PT_IS_STORE (self));

  if (self->db == NULL)
    return;
  g_hash_table_remove_all (self->statements);
  sqlite3_close_v2 (self->db);
  self->db = NULL;
}

const char *
pt_store_get_path (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  return self->path;
}

int
pt_store_get_schema_version (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), 0);
  return self->schema_version;
}

const char *
pt_store_get_migration_backup (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  return self->migration_backup;
}

/* Opening ----------------------------------------------------------------- */

char *
pt_store_resolve_path (const char *explicit_path)
{
  const char *env;

  if (explicit_path != NULL && *explicit_path != '\0')
    return g_strdup (explicit_path);
  env = g_getenv ("PARTIDA_DB");
  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "partida", "partida.db", NULL);
}

/* Refuse anything that is not an SQLite file before SQLite sees it: opening
 * and then switching to WAL would write to it. An empty file is a new database. */
gboolean
pt_store_check_header (const char *path,
                       GError **error)
{
  static const char magic[16] = "SQLite format 3";
  char header[100];
  FILE *file;
  size_t n;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("“%s” is not a regular file"), path);
      return FALSE;
    }
  file = g_fopen (path, "rb");
  if (file == NULL)
    {
      int saved_errno = errno;
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                   _("Could not open “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  n = fread (header, 1, sizeof header, file);
  fclose (file);
  if (n == 0)
    return TRUE;
  if (n < sizeof header || memcmp (header, magic, sizeof magic) != 0)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("“%s” is damaged or is not a Partida database: it does not begin as an SQLite file does"), path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
query_int (PtStore *self,
           const char *sql,
           int *value,
           GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          *value = sqlite3_column_int (stmt, 0);
          rc = SQLITE_OK;
        }
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_OK)
    return pt_store_set_error (self, rc, _("Could not read the database"), error);
  return TRUE;
}

char *
pt_store_timestamp_suffix (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y%m%d-%H%M%S");
}

/* Copies the open database to @dest with the online backup API. */
gboolean
pt_store_copy_database (sqlite3 *src,
                        const char *dest,
                        GError **error)
{
  sqlite3 *out = NULL;
  sqlite3_backup *backup;
  int rc = sqlite3_open_v2 (dest, &out, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);

  if (rc == SQLITE_OK)
    {
      backup = sqlite3_backup_init (out, "main", src, "main");
      if (backup == NULL)
        rc = sqlite3_errcode (out);
      else
        {
          rc = sqlite3_backup_step (backup, -1);
          sqlite3_backup_finish (backup);
          rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        }
    }
  if (rc != SQLITE_OK)
    {
      g_set_error (error, PT_STORE_ERROR,
                   (rc & 0xff) == SQLITE_FULL ? PT_STORE_ERROR_FULL : PT_STORE_ERROR_IO,
                   _("Could not copy the database to “%s”: %s"), dest,
                      out != NULL ? sqlite3_errmsg (out) : sqlite3_errstr (rc));
      sqlite3_close_v2 (out);
      g_unlink (dest);
      return FALSE;
    }
  return sqlite3_close_v2 (out) == SQLITE_OK;
}

/* pt_fold (text): the identity key of pt-player-name.h, so that searches
 * in SQL fold case and accents like everything else ("angel" finds
 * "Ángel"); SQLite's own LIKE and NOCASE fold ASCII only. */
static void
sql_fold (sqlite3_context *context,
          int argc,
          sqlite3_value **argv)
{
  const char *text = (const char *) sqlite3_value_text (argv[0]);

  if (text == NULL)
    sqlite3_result_null (context);
  else
    sqlite3_result_text (context, pt_player_name_key (text), -1, g_free);
}

static gboolean
open_checked (PtStore *self,
              PtStoreOpenFlags flags,
              GError **error)
{
  gboolean exists = g_file_test (self->path, G_FILE_TEST_EXISTS);
  int version = 0, app_id = 0, tables = 0;
  int rc;

  if (!exists && !(flags & PT_STORE_OPEN_CREATE))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                   _("There is no database at “%s”"), self->path);
      return FALSE;
    }
  if (exists && !pt_store_check_header (self->path, error))
    return FALSE;
  if (!exists)
    {
      g_autofree char *dir = g_path_get_dirname (self->path);

      if (g_mkdir_with_parents (dir, 0755) != 0)
        {
          int saved_errno = errno;
          g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                       _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
          return FALSE;
        }
    }

  rc = sqlite3_open_v2 (self->path, &self->db,
                        SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE), NULL);
  if (rc != SQLITE_OK)
    {
      g_autofree char *dir = g_path_get_dirname (self->path);

      /* A new history in a folder that cannot be written: say so. */
      if (!exists && g_access (dir, W_OK) != 0)
        {
          int saved_errno = errno;

          if (saved_errno == EROFS)
            g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                         _("Could not create “%s”: it is on a read-only disk"), self->path);
          else
            g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                         _("Could not create “%s”: you have no permission to write in its folder "
                           "“%s” (%s)"),
                            self->path, dir, g_strerror (saved_errno));
          return FALSE;
        }
      pt_store_set_error (self, rc, _("Could not open the database"), error);
      return FALSE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, 5000);
  sqlite3_create_function_v2 (self->db, "pt_fold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                              sql_fold, NULL, NULL, NULL);
  if (sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                   _("The database “%s” cannot be written"), self->path);
      return FALSE;
    }

  /* Read-only probes first: nothing is written until the file is known to
   * be a Partida database this build understands. In one read transaction:
   * all three from the same state of a file another process may be
   * creating. */
  if (!pt_store_exec (self, "BEGIN", error) ||
      !query_int (self, "PRAGMA user_version", &version, error) ||
      !query_int (self, "PRAGMA application_id", &app_id, error) ||
      !query_int (self, "SELECT count(*) FROM sqlite_master", &tables, error) ||
      !pt_store_exec (self, "COMMIT", error))
    {
      pt_store_rollback (self);
      /* A -shm or -wal that cannot be created is no damage. */
      if (error != NULL && !g_error_matches (*error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY))
        g_prefix_error (error, _("“%s” is damaged: "), self->path);
      return FALSE;
    }
  if (version > PT_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NEWER_VERSION,
                   _("The database “%s” was written by a newer version of Partida (schema %d, this "
                     "version knows %d); it was left untouched"),
                      self->path, version, PT_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if ((app_id != 0 && app_id != PT_STORE_APPLICATION_ID) ||
      (app_id == 0 && (version != 0 || tables != 0)))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("“%s” is an SQLite database of another application"), self->path);
      return FALSE;
    }

  {
    sqlite3_stmt *stmt = NULL;
    const char *mode = NULL;

    rc = sqlite3_prepare_v2 (self->db, "PRAGMA journal_mode = WAL", -1, &stmt, NULL);
    /* While another process creates the file, the change of journal is
     * refused at once, not after the busy timeout: tried again for as long. */
    for (int waited_ms = 0; rc == SQLITE_OK; waited_ms += 10)
      {
        rc = sqlite3_step (stmt);
        if ((rc & 0xff) != SQLITE_BUSY || waited_ms >= 5000)
          break;
        sqlite3_reset (stmt);
        rc = SQLITE_OK;
        g_usleep (10000);
      }
    if (rc == SQLITE_ROW)
      mode = (const char *) sqlite3_column_text (stmt, 0);
    if (g_strcmp0 (mode, "wal") != 0)
      {
        if (rc == SQLITE_ROW || rc == SQLITE_DONE)
          rc = SQLITE_CANTOPEN;
        sqlite3_finalize (stmt);
        pt_store_set_error (self, rc, _("Could not open the database journal"), error);
        return FALSE;
      }
    sqlite3_finalize (stmt);
  }
  /* synchronous = NORMAL: in WAL mode a commit is not synced, only the
   * checkpoints are; a power cut may lose the last saves but never corrupts.
   * A page cache of up to 32 MiB (SQLite's default is 2 MiB) keeps the index
   * pages a save touches in memory in a database of 100,000 matches (about
   * 100 MiB) instead of reading them from the OS again at every save.
   * Checkpoints every 4,000 pages (16 MiB of WAL) rather than 1,000: each
   * copies the hot pages into the database and syncs twice, so a quarter as
   * many of them cut the system time of a run of saves by a fifth. */
  if (!pt_store_exec (self,
                      "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;"
                      " PRAGMA cache_size = -32768; PRAGMA wal_autocheckpoint = 4000",
                      error))
    return FALSE;

  self->schema_version = version;
  if (version > 0 && version < PT_STORE_SCHEMA_VERSION)
    {
      g_autofree char *suffix = pt_store_timestamp_suffix ();
      g_autofree char *backup = g_strdup_printf ("%s.v%d-backup-%s", self->path, version, suffix);

      if (!pt_store_copy_database (self->db, backup, error))
        return FALSE;
      self->migration_backup = g_steal_pointer (&backup);
    }
  return pt_store_migrate (self, version, error);
}

/* Why @path cannot be written, in words (permissions named as such). */
static char *
read_only_reason (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int saved_errno;

  if (g_access (path, W_OK) != 0)
    {
      saved_errno = errno;
      if (saved_errno == EROFS)
        return g_strdup (_("it is on a read-only disk"));
      return g_strdup_printf (_("you have no permission to write the file (%s)"),
                                 g_strerror (saved_errno));
    }
  if (g_access (dir, W_OK) != 0)
    {
      saved_errno = errno;
      if (saved_errno == EROFS)
        return g_strdup (_("it is on a read-only disk"));
      return g_strdup_printf (_("you have no permission to write in its folder “%s” (%s)"), dir,
                                 g_strerror (saved_errno));
    }
  return g_strdup (_("it cannot be written"));
}

/* A database that cannot be written is still shown: opened read-only (and
 * immutable: on a read-only disk there is no lock file to write either). */
static gboolean
open_read_only (PtStore *self,
                GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (self->path);
  g_autofree char *base = g_file_get_uri (file);
  g_autofree char *uri = g_strconcat (base, "?mode=ro&immutable=1", NULL);
  int version = 0, app_id = 0, rc;

  if (self->db != NULL)
    {
      g_hash_table_remove_all (self->statements);
      sqlite3_close_v2 (self->db);
      self->db = NULL;
    }
  rc = sqlite3_open_v2 (uri, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
  if (rc != SQLITE_OK)
    return pt_store_set_error (self, rc, _("Could not open the database"), error);
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_create_function_v2 (self->db, "pt_fold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                              sql_fold, NULL, NULL, NULL);
  if (!query_int (self, "PRAGMA user_version", &version, error) ||
      !query_int (self, "PRAGMA application_id", &app_id, error))
    {
      g_prefix_error (error, _("“%s” is damaged: "), self->path);
      return FALSE;
    }
  if (app_id != PT_STORE_APPLICATION_ID || version < 1)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("“%s” is not a Partida database"), self->path);
      return FALSE;
    }
  if (version != PT_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                   _("The database “%s” needs an update (schema %d to %d) but cannot be written: %s"),
                      self->path, version, PT_STORE_SCHEMA_VERSION, self->read_only_reason);
      return FALSE;
    }
  self->schema_version = version;
  self->read_only = TRUE;
  return TRUE;
}

PtStore *
pt_store_open (const char *path,
               PtStoreOpenFlags flags,
               GError **error)
{
  g_autoptr(PtStore) self = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (PT_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  if (flags & PT_STORE_OPEN_READ_ONLY)
    {
      self->read_only_reason = g_strdup (_("it was opened read-only"));
      return open_read_only (self, error) ? g_steal_pointer (&self) : NULL;
    }
  if (!open_checked (self, flags, &local_error))
    {
      /* An existing history that cannot be written is still readable. */
      if (g_error_matches (local_error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY) &&
          g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          self->read_only_reason = read_only_reason (path);
          if (open_read_only (self, NULL))
            return g_steal_pointer (&self);
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&self);
}

gboolean
pt_store_is_read_only (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  return self->read_only;
}

gboolean
pt_store_move_aside (const char *path,
                     char **new_path,
                     GError **error)
{
  g_autofree char *suffix = pt_store_timestamp_suffix ();
  g_autofree char *target = NULL;
  static const char *const companions[] = { "-wal", "-shm", "-journal" };

  /* Never overwrite an earlier broken file: add a counter when needed. */
  target = g_strdup_printf ("%s.broken-%s", path, suffix);
  for (int n = 2; g_file_test (target, G_FILE_TEST_EXISTS); n++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.broken-%s-%d", path, suffix, n);
    }
  if (g_rename (path, target) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, PT_STORE_ERROR,
                   saved_errno == ENOENT ? PT_STORE_ERROR_NOT_FOUND : PT_STORE_ERROR_READ_ONLY,
                   _("Could not move “%s” aside: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (companions); i++)
    {
      g_autofree char *from = g_strconcat (path, companions[i], NULL);
      g_autofree char *to = g_strconcat (target, companions[i], NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  if (new_path != NULL)
    *new_path = g_steal_pointer (&target);
  return TRUE;
}

/* Deferred statistics ------------------------------------------------------ */

void
pt_store_set_defer_statistics (PtStore *self,
                               gboolean defer)
{
  g_return_if_fail (PT_IS_STORE (self));

  self->defer_statistics = defer;
  /* Steps a previous run left (the app quit half way) are looked for by
   * the first pt_store_catch_up(). */
  if (defer)
    self->pending_statistics = TRUE;
}

gboolean
pt_store_has_pending_statistics (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  return self->pending_statistics && !self->read_only;
}

gboolean
pt_store_catch_up (PtStore *self,
                   guint budget,
                   gboolean *done,
                   GError **error)
{
  gboolean nothing = FALSE;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (done != NULL, FALSE);

  *done = TRUE;
  if (!pt_store_has_pending_statistics (self))
    return TRUE;
  if (!pt_store_begin (self, error))
    return FALSE;
  /* The aggregates first: the ratings' replay reads when each player
   * first played from them. */
  if (!pt_stats_catch_up_aggregates (self, &nothing, error) ||
      (nothing && !pt_stats_catch_up_ratings (self, MAX (budget, 1), &nothing, error)) ||
      !pt_store_commit (self, error))
    {
      pt_store_rollback (self);
      return FALSE;
    }
  *done = nothing;
  if (nothing)
    self->pending_statistics = FALSE;
  return TRUE;
}

/* A time-ordered UUID (version 7: the Unix time in ms, then random bits),
 * so the matches the app saves go to the end of the UUID index instead of
 * a random page of it: at a million matches that index no longer fits the
 * page cache, and random inserts into it cost more than the match. */
char *
pt_store_new_uuid (void)
{
  guint64 ms = (guint64) (g_get_real_time () / 1000);
  guint8 b[16];

  for (int i = 0; i < 6; i++)
    b[i] = (ms >> (40 - 8 * i)) & 0xff;
  for (int i = 6; i < 16; i++)
    b[i] = (guint8) g_random_int_range (0, 256);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  return g_strdup_printf ("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                          b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
                          b[12], b[13], b[14], b[15]);
}
