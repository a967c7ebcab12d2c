/* pt-sync.c — sync between devices through a shared folder (pt-sync.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The mirror, local tables created on first use (no schema version: a
 * database that never syncs has none of them):
 *
 *   sync_rows      (kind, uuid) → version, doc   the UUID-keyed mirror; the
 *                  only table the session extension records and applies
 *   sync_state     device id, own sequence
 *   sync_seen      per match: the modified stamp last published
 *   sync_peers     per other device: the last sequence applied
 *   sync_redirects a merged player's UUID → the player it became
 *   sync_pending   mirror rows not yet written into the history (a player
 *                  or night they name has not arrived)
 *   sync_conflicts conflicts for the user, each shown once
 *
 * version is "%016x:%s" of (hybrid logical clock, device id), so comparing
 * two versions as text is comparing (clock, device): the later change wins
 * and a tie is broken the same way on every device.
 *
 * A run: publish (the rows whose document changed since the last run go
 * into sync_rows under a session; its changeset is the next change file),
 * apply the other devices' new files (sqlite3changeset_apply with the
 * last-writer-wins conflict handler, then the rows it touched are written
 * into players, nights and matches), publish again (what applying changed:
 * players merged because their names met).
 */
#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#define SQLITE_ENABLE_SESSION        1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include "pt-store-private.h"

#include "pt-player-name.h"
#include "pt-record.h"
#include "pt-sync.h"
#include "pt-sync-private.h"

G_DEFINE_QUARK (pt - sync - error - quark, pt_sync_error)

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS sync_rows ("
    "  kind TEXT NOT NULL, uuid TEXT NOT NULL, version TEXT NOT NULL, doc TEXT NOT NULL,"
    "  PRIMARY KEY (kind, uuid)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS sync_peers ("
    "  device TEXT PRIMARY KEY, sequence INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS sync_redirects ("
    "  uuid TEXT PRIMARY KEY, into_uuid TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS sync_seen (uuid TEXT PRIMARY KEY, modified INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS sync_pending ("
    "  kind TEXT NOT NULL, uuid TEXT NOT NULL, PRIMARY KEY (kind, uuid)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS sync_conflicts ("
    "  id INTEGER PRIMARY KEY, kind TEXT NOT NULL, uuid TEXT NOT NULL, message TEXT NOT NULL,"
    "  kept TEXT NOT NULL, lost TEXT NOT NULL, shown INTEGER NOT NULL DEFAULT 0);";

#define KIND_PLAYER "player"
#define KIND_NIGHT  "night"
#define KIND_MATCH  "match"

typedef enum
{
  DONE,
  WAIT, /* a player or night it names has not arrived yet */
  FAILED,
} Outcome;

typedef struct
{
  char *kind, *uuid, *version, *doc;
  gint64 modified;
} Row;

static void
row_free (Row *row)
{
  g_free (row->kind);
  g_free (row->uuid);
  g_free (row->version);
  g_free (row->doc);
  g_free (row);
}

typedef struct
{
  char *kind, *uuid, *message, *kept, *lost;
} Conflict;

static void
conflict_free (Conflict *c)
{
  g_free (c->kind);
  g_free (c->uuid);
  g_free (c->message);
  g_free (c->kept);
  g_free (c->lost);
  g_free (c);
}

/* One run of pt_sync_run(). */
typedef struct
{
  PtStore *store;
  char *device;
  GPtrArray *deferred;  /* Row: updates of rows this device does not have */
  GPtrArray *conflicts; /* Conflict */
  PtRatingSpan span;
  gboolean span_used;
  PtSyncSummary *summary;
} Run;

void
pt_sync_summary_clear (PtSyncSummary *summary)
{
  g_clear_pointer (&summary->damaged, g_free);
  memset (summary, 0, sizeof *summary);
}

void
pt_sync_conflict_free (PtSyncConflict *conflict)
{
  if (conflict == NULL)
    return;
  g_free (conflict->kind);
  g_free (conflict->uuid);
  g_free (conflict->message);
  g_free (conflict->kept);
  g_free (conflict->lost);
  g_free (conflict);
}

gboolean
pt_sync_available (void)
{
  return sqlite3_compileoption_used ("ENABLE_SESSION") &&
         sqlite3_compileoption_used ("ENABLE_PREUPDATE_HOOK");
}

/* Helpers ------------------------------------------------------------------ */

static char *
make_version (gint64 hlc,
              const char *device)
{
  return g_strdup_printf ("%016" G_GINT64_MODIFIER "x:%s", (guint64) hlc, device);
}

static gint64
version_clock (const char *version)
{
  return version != NULL ? (gint64) g_ascii_strtoull (version, NULL, 16) : 0;
}

/* The clock never runs behind a stamp seen from another device, so a change
 * made after receiving a version beats it. */
static void
observe_clock (PtStore *self,
               gint64 hlc)
{
  self->last_stamp = MAX (self->last_stamp, hlc);
}

/* Statements: most of sync's are one statement with a few parameters. The
 * parameters are bound from the values after @types, in order: 't' a
 * string (copied; NULL binds NULL), 'i' a gint64. */
static PtStmt *
prepare_va (PtStore *self,
            GError **error,
            const char *sql,
            const char *types,
            va_list args)
{
  PtStmt *stmt = pt_store_prepare (self, sql, error);

  for (int i = 0; stmt != NULL && types[i] != '\0'; i++)
    if (types[i] == 'i')
      sqlite3_bind_int64 (stmt, i + 1, va_arg (args, gint64));
    else
      sqlite3_bind_text (stmt, i + 1, va_arg (args, const char *), -1, SQLITE_TRANSIENT);
  return stmt;
}

static PtStmt *
prepare_bound (PtStore *self,
               GError **error,
               const char *sql,
               const char *types,
               ...)
{
  PtStmt *stmt;
  va_list args;

  va_start (args, types);
  stmt = prepare_va (self, error, sql, types, args);
  va_end (args);
  return stmt;
}

/* @sql bound and run to its end; @message says what failed. */
static gboolean
exec_bound (PtStore *self,
            const char *message,
            GError **error,
            const char *sql,
            const char *types,
            ...)
{
  g_autoptr(PtStmt) stmt = NULL;
  va_list args;

  va_start (args, types);
  stmt = prepare_va (self, error, sql, types, args);
  va_end (args);
  return stmt != NULL && pt_store_step_done (self, stmt, message, error);
}

/* @sql bound and stepped once: the statement on its first row, or NULL
 * when there is none (or it could not run). */
static PtStmt *
query_bound (PtStore *self,
             const char *sql,
             const char *types,
             ...)
{
  g_autoptr(PtStmt) stmt = NULL;
  va_list args;

  va_start (args, types);
  stmt = prepare_va (self, NULL, sql, types, args);
  va_end (args);
  return stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW ? g_steal_pointer (&stmt) : NULL;
}

/* The first column of query_bound()'s row: whether there is one, its
 * number (0 without a row), its text (NULL without a row). */
#define query_exists(...) query_exists_release (query_bound (__VA_ARGS__))
#define query_int64(...)  query_int64_release (query_bound (__VA_ARGS__))
#define query_text(...)   query_text_release (query_bound (__VA_ARGS__))

static gboolean
query_exists_release (PtStmt *row)
{
  g_autoptr(PtStmt) stmt = row;

  return stmt != NULL;
}

static gint64
query_int64_release (PtStmt *row)
{
  g_autoptr(PtStmt) stmt = row;

  return stmt != NULL ? sqlite3_column_int64 (stmt, 0) : 0;
}

static char *
query_text_release (PtStmt *row)
{
  g_autoptr(PtStmt) stmt = row;

  return stmt != NULL ? pt_store_dup_column_text (stmt, 0) : NULL;
}

#define SAVE_STATE _("Could not save the sync state")

static gboolean
ensure_schema (PtStore *self,
               GError **error)
{
  if (!pt_sync_available ())
    {
      g_set_error_literal (error, PT_SYNC_ERROR, PT_SYNC_ERROR_UNAVAILABLE,
                           _("This build’s SQLite has no session extension; sync is not available"));
      return FALSE;
    }
  if (pt_store_is_read_only (self))
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_READ_ONLY,
                           _("The database is read-only; it cannot sync"));
      return FALSE;
    }
  return pt_store_exec (self, schema, error);
}

static gboolean
table_exists (PtStore *self,
              const char *name)
{
  return query_exists (self, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", "t", name);
}

static char *
state_get (PtStore *self,
           const char *key)
{
  return query_text (self, "SELECT value FROM sync_state WHERE key = ?", "t", key);
}

static gint64
state_get_int (PtStore *self,
               const char *key)
{
  g_autofree char *text = state_get (self, key);

  return text != NULL ? g_ascii_strtoll (text, NULL, 10) : 0;
}

static gboolean
state_set (PtStore *self,
           const char *key,
           const char *value,
           GError **error)
{
  return exec_bound (self, SAVE_STATE, error, "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)",
                     "tt", key, value);
}

static gboolean
state_set_int (PtStore *self,
               const char *key,
               gint64 value,
               GError **error)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  return state_set (self, key, text, error);
}

char *
pt_sync_device_id (PtStore *store,
                   GError **error)
{
  char *device;

  g_return_val_if_fail (PT_IS_STORE (store), NULL);
  if (!ensure_schema (store, error))
    return NULL;
  device = state_get (store, "device");
  if (device == NULL)
    {
      device = g_uuid_string_random ();
      if (!state_set (store, "device", device, error))
        g_clear_pointer (&device, g_free);
    }
  return device;
}

static gint64
peer_sequence (PtStore *self,
               const char *device)
{
  return query_int64 (self, "SELECT sequence FROM sync_peers WHERE device = ?", "t", device);
}

static gboolean
set_peer_sequence (PtStore *self,
                   const char *device,
                   gint64 sequence,
                   GError **error)
{
  return exec_bound (self, SAVE_STATE, error,
                     "INSERT INTO sync_peers (device, sequence) VALUES (?1, ?2)"
                     " ON CONFLICT (device) DO UPDATE SET sequence = max (sequence, ?2)",
                     "ti", device, sequence);
}

static gint64
lookup_id (PtStore *self,
           const char *sql_kind,
           const char *uuid)
{
  if (strcmp (sql_kind, KIND_PLAYER) == 0)
    return query_int64 (self, "SELECT id FROM players WHERE uuid = ?", "t", uuid);
  if (strcmp (sql_kind, KIND_NIGHT) == 0)
    return query_int64 (self, "SELECT id FROM nights WHERE uuid = ?", "t", uuid);
  return query_int64 (self, "SELECT id FROM matches WHERE uuid = ?", "t", uuid);
}

/* The UUID a merged player became (following merges of merges), or a copy
 * of @uuid. */
static char *
final_uuid (PtStore *self,
            const char *uuid)
{
  char *current = g_strdup (uuid);

  for (guint hops = 0; hops < 32; hops++)
    {
      char *next = query_text (self, "SELECT into_uuid FROM sync_redirects WHERE uuid = ?", "t", current);

      if (next == NULL)
        break;
      if (g_strcmp0 (next, current) == 0)
        {
          g_free (next);
          break;
        }
      g_free (current);
      current = next;
    }
  return current;
}

static gboolean
is_redirected (PtStore *self,
               const char *uuid)
{
  return query_exists (self, "SELECT 1 FROM sync_redirects WHERE uuid = ?", "t", uuid);
}

static gboolean
add_redirect (PtStore *self,
              const char *from,
              const char *into,
              GError **error)
{
  if (strcmp (from, into) == 0)
    return TRUE;
  return exec_bound (self, SAVE_STATE, error, "INSERT OR REPLACE INTO sync_redirects (uuid, into_uuid) VALUES (?, ?)",
                     "tt", from, into) &&
         exec_bound (self, SAVE_STATE, error, "UPDATE sync_redirects SET into_uuid = ?2 WHERE into_uuid = ?1",
                     "tt", from, into);
}

/* Whether the mirror holds a tombstone for the row: it was removed for
 * good (a purged night, a deleted player emptied out). */
static gboolean
is_gone (PtStore *self,
         const char *kind,
         const char *uuid)
{
  return query_exists (self, "SELECT 1 FROM sync_rows WHERE kind = ? AND uuid = ? AND doc LIKE '{\"gone\"%'",
                       "tt", kind, uuid);
}

static gint64
resolve_player (PtStore *self,
                const char *uuid)
{
  g_autofree char *final = final_uuid (self, uuid);

  return lookup_id (self, KIND_PLAYER, final);
}

static void
add_conflict (Run *run,
              const char *kind,
              const char *uuid,
              const char *message,
              const char *kept,
              const char *lost)
{
  Conflict *c = g_new0 (Conflict, 1);

  c->kind = g_strdup (kind);
  c->uuid = g_strdup (uuid);
  c->message = g_strdup (message);
  c->kept = g_strdup (kept != NULL ? kept : "");
  c->lost = g_strdup (lost != NULL ? lost : "");
  g_ptr_array_add (run->conflicts, c);
}

static JsonObject *parse_doc (const char *doc,
                              JsonNode **root,
                              GError **error);

static gboolean
doc_notes_nonempty (JsonObject *o)
{
  JsonNode *node = json_object_get_member (o, "notes");

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
         json_node_get_string (node)[0] != '\0';
}

/* A version of a row as the user reads it: a match as its time, players
 * and scores and notes, a player as the name. */
static char *
describe_doc (PtStore *self,
              const char *kind,
              const char *doc)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o = parse_doc (doc, &root, NULL);
  JsonArray *results;
  GString *text;

  if (o == NULL)
    return g_strdup (doc);
  if (json_object_has_member (o, "gone"))
    return g_strdup ("—");
  if (g_strcmp0 (kind, KIND_PLAYER) == 0 && json_object_has_member (o, "name"))
    return g_strdup (json_object_get_string_member (o, "name"));
  if (g_strcmp0 (kind, KIND_MATCH) != 0 || (results = json_object_get_array_member (o, "results")) == NULL)
    return g_strdup (doc);
  text = g_string_new (NULL);
  {
    g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (json_object_get_int_member (o, "finished"));
    g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;
    g_autofree char *when = local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : NULL;

    if (when != NULL)
      g_string_append_printf (text, "%s: ", when);
  }
  for (guint i = 0; i < json_array_get_length (results); i++)
    {
      JsonArray *r = json_array_get_array_element (results, i);
      g_autofree char *final = final_uuid (self, json_array_get_string_element (r, 0));
      g_autofree char *name = query_text (self, "SELECT name FROM players WHERE uuid = ?", "t", final);

      g_string_append_printf (text, "%s%s %" G_GINT64_FORMAT, i > 0 ? ", " : "",
                              name != NULL ? name : "?", json_array_get_int_element (r, 2));
    }
  if (doc_notes_nonempty (o))
    g_string_append_printf (text, " — “%s”", json_object_get_string_member (o, "notes"));
  return g_string_free (text, FALSE);
}

static gboolean
save_conflicts (Run *run,
                GError **error)
{
  for (guint i = 0; i < run->conflicts->len; i++)
    {
      Conflict *c = g_ptr_array_index (run->conflicts, i);
      /* Players' documents are their names already (see merge_players). */
      g_autofree char *kept = strcmp (c->kind, KIND_MATCH) == 0 ? describe_doc (run->store, c->kind, c->kept)
                                                                : g_strdup (c->kept);
      g_autofree char *lost = strcmp (c->kind, KIND_MATCH) == 0 ? describe_doc (run->store, c->kind, c->lost)
                                                                : g_strdup (c->lost);

      if (!exec_bound (run->store, SAVE_STATE, error,
                       "INSERT INTO sync_conflicts (kind, uuid, message, kept, lost) VALUES (?, ?, ?, ?, ?)",
                       "ttttt", c->kind, c->uuid, c->message, kept, lost))
        return FALSE;
      if (run->summary != NULL)
        run->summary->conflicts++;
    }
  g_ptr_array_set_size (run->conflicts, 0);
  return TRUE;
}

/* Documents ---------------------------------------------------------------- */

static void
member_string (JsonBuilder *b,
               const char *name,
               const char *value)
{
  json_builder_set_member_name (b, name);
  if (value == NULL)
    json_builder_add_null_value (b);
  else
    json_builder_add_string_value (b, value);
}

static void
member_int (JsonBuilder *b,
            const char *name,
            gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static char *
builder_text (JsonBuilder *b)
{
  g_autoptr(JsonNode) root = json_builder_get_root (b);

  return json_to_string (root, FALSE);
}

static char *
tombstone_doc (const char *merged_into)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  if (merged_into != NULL)
    member_string (b, "merged_into", merged_into);
  else
    {
      json_builder_set_member_name (b, "gone");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
  return builder_text (b);
}

/* players: uuid, name, colour, created, archived, deleted, modified */
static char *
player_doc (PtStore *self,
            PtStmt *stmt,
            GError **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  member_string (b, "name", (const char *) sqlite3_column_text (stmt, 1));
  member_string (b, "colour", (const char *) sqlite3_column_text (stmt, 2));
  member_int (b, "created", sqlite3_column_int64 (stmt, 3));
  member_int (b, "archived", sqlite3_column_int (stmt, 4) != 0);
  member_int (b, "deleted", sqlite3_column_int (stmt, 5) != 0);
  json_builder_end_object (b);
  return builder_text (b);
}

/* nights: id, uuid, date, place, notes, deleted, modified */
static char *
night_doc (PtStore *self,
           PtStmt *stmt,
           GError **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(PtStmt) who = NULL;
  int rc;

  json_builder_begin_object (b);
  member_string (b, "date", (const char *) sqlite3_column_text (stmt, 2));
  member_string (b, "place", (const char *) sqlite3_column_text (stmt, 3));
  member_string (b, "notes", (const char *) sqlite3_column_text (stmt, 4));
  member_int (b, "deleted", sqlite3_column_int64 (stmt, 5));
  who = pt_store_prepare (self,
                          "SELECT p.uuid FROM night_players n JOIN players p ON p.id = n.player_id"
                          " WHERE n.night_id = ? ORDER BY p.uuid",
                          error);
  if (who == NULL)
    return NULL;
  sqlite3_bind_int64 (who, 1, sqlite3_column_int64 (stmt, 0));
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  while ((rc = sqlite3_step (who)) == SQLITE_ROW)
    json_builder_add_string_value (b, (const char *) sqlite3_column_text (who, 0));
  json_builder_end_array (b);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the nights"), error);
      return NULL;
    }
  json_builder_end_object (b);
  return builder_text (b);
}

#define MATCH_COLUMNS                                                              \
  "SELECT m.id, m.uuid, m.game, m.mode, m.started, m.finished, n.uuid, m.options," \
  " m.rule_reading, m.notes, m.deleted, b.json, r.json, m.modified"                \
  " FROM matches m LEFT JOIN nights n ON n.id = m.night_id"                        \
  " LEFT JOIN breakdowns b ON b.match_id = m.id LEFT JOIN records r ON r.match_id = m.id"

static char *
match_doc (PtStore *self,
           PtStmt *stmt,
           GError **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(PtStmt) results = NULL;
  int rc;

  json_builder_begin_object (b);
  member_string (b, "game", (const char *) sqlite3_column_text (stmt, 2));
  member_int (b, "mode", sqlite3_column_int (stmt, 3));
  member_int (b, "started", sqlite3_column_int64 (stmt, 4));
  member_int (b, "finished", sqlite3_column_int64 (stmt, 5));
  member_string (b, "night", (const char *) sqlite3_column_text (stmt, 6));
  member_string (b, "options", (const char *) sqlite3_column_text (stmt, 7));
  member_string (b, "rule_reading", (const char *) sqlite3_column_text (stmt, 8));
  member_string (b, "notes", (const char *) sqlite3_column_text (stmt, 9));
  member_int (b, "deleted", sqlite3_column_int64 (stmt, 10));
  member_string (b, "breakdown", (const char *) sqlite3_column_text (stmt, 11));
  member_string (b, "record", (const char *) sqlite3_column_text (stmt, 12));
  results = pt_store_prepare (self,
                              "SELECT p.uuid, r.seat, r.score, r.rank, r.winner, r.is_ai, r.ai_level"
                              " FROM results r JOIN players p ON p.id = r.player_id"
                              " WHERE r.match_id = ? ORDER BY r.seat",
                              error);
  if (results == NULL)
    return NULL;
  sqlite3_bind_int64 (results, 1, sqlite3_column_int64 (stmt, 0));
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  while ((rc = sqlite3_step (results)) == SQLITE_ROW)
    {
      json_builder_begin_array (b);
      json_builder_add_string_value (b, (const char *) sqlite3_column_text (results, 0));
      for (int c = 1; c <= 6; c++)
        json_builder_add_int_value (b, sqlite3_column_int64 (results, c));
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the matches"), error);
      return NULL;
    }
  json_builder_end_object (b);
  return builder_text (b);
}

static char *
local_match_doc (PtStore *self,
                 gint64 id,
                 GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, MATCH_COLUMNS " WHERE m.id = ?", error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      pt_store_set_error (self, sqlite3_errcode (pt_store_get_handle (self)), _("Could not read the matches"), error);
      return NULL;
    }
  return match_doc (self, stmt, error);
}

/* Publishing --------------------------------------------------------------- */

typedef struct
{
  PtStore *store;
  const char *device;
} Publish;

/* Puts @doc into the mirror if it is not already there. */
static gboolean
publish_row (Publish *p,
             const char *kind,
             const char *uuid,
             const char *doc,
             gint64 modified,
             GError **error)
{
  PtStore *self = p->store;
  g_autoptr(PtStmt) find = NULL;
  g_autofree char *version = NULL;
  gint64 old = 0, hlc;
  gboolean exists;

  /* A row received but not written yet (it waits for a player or night):
   * the history still has the older version, which must not go out as a
   * new one. */
  if (query_exists (self, "SELECT 1 FROM sync_pending WHERE kind = ? AND uuid = ?", "tt", kind, uuid))
    return TRUE;
  find = query_bound (self, "SELECT version, doc FROM sync_rows WHERE kind = ? AND uuid = ?", "tt", kind, uuid);
  exists = find != NULL;
  if (exists)
    {
      if (g_strcmp0 ((const char *) sqlite3_column_text (find, 1), doc) == 0)
        return TRUE;
      old = version_clock ((const char *) sqlite3_column_text (find, 0));
    }
  /* The row's own stamp says when it changed; a change that left no stamp
   * (results moved by a merge) or one older than the version it replaces
   * gets a new one. */
  observe_clock (self, old);
  hlc = modified > old ? modified : pt_store_next_stamp (self);
  if (g_getenv ("PARTIDA_SYNC_DEBUG") != NULL)
    g_printerr ("publish %s %s %s: %s -> %s\n", p->device, kind, uuid,
                exists ? (const char *) sqlite3_column_text (find, 1) : "(none)", doc);
  version = make_version (hlc, p->device);
  return exec_bound (self, SAVE_STATE, error,
                     exists ? "UPDATE sync_rows SET version = ?3, doc = ?4 WHERE kind = ?1 AND uuid = ?2"
                            : "INSERT INTO sync_rows (kind, uuid, version, doc) VALUES (?1, ?2, ?3, ?4)",
                     "tttt", kind, uuid, version, doc);
}

/* Mirror rows whose player, night or match is no longer in the history:
 * merged players become redirects, the rest tombstones. */
static gboolean
publish_gone (Publish *p,
              const char *kind,
              const char *sql,
              GError **error)
{
  g_autoptr(GPtrArray) uuids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  stmt = pt_store_prepare (p->store, sql, error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, kind, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (uuids, pt_store_dup_column_text (stmt, 0));
  if (rc != SQLITE_DONE)
    return pt_store_set_error (p->store, rc, _("Could not read the sync state"), error);
  g_clear_pointer (&stmt, pt_stmt_release);
  for (guint i = 0; i < uuids->len; i++)
    {
      const char *uuid = g_ptr_array_index (uuids, i);
      g_autofree char *into = NULL;
      g_autofree char *doc = NULL;

      if (strcmp (kind, KIND_PLAYER) == 0 && is_redirected (p->store, uuid))
        into = final_uuid (p->store, uuid);
      doc = tombstone_doc (into);
      if (!publish_row (p, kind, uuid, doc, 0, error))
        return FALSE;
      /* A night removed for good left its matches without a night (ON
       * DELETE SET NULL, no stamp): they go out again. */
      if (strcmp (kind, KIND_NIGHT) == 0)
        {
          g_autofree char *pattern = g_strdup_printf ("%%\"night\":\"%s\"%%", uuid);
          if (!exec_bound (p->store, SAVE_STATE, error, "UPDATE sync_seen SET modified = -1 WHERE uuid IN"
                                                        " (SELECT uuid FROM sync_rows WHERE kind = 'match' AND doc LIKE ?)",
                           "t", pattern))
            return FALSE;
        }
    }
  return TRUE;
}

/* A row's document (player_doc, night_doc, match_doc). */
typedef char *(*DocFunc) (PtStore *self, PtStmt *stmt, GError **error);

/* Every row of @sql (its UUID in @uuid_column, its stamp in
 * @modified_column) into the mirror, then tombstones for the rows that
 * @gone_sql finds gone; with @seen, each row's stamp goes into sync_seen
 * (matches: only the rows whose stamp changed are read). */
static gboolean
publish_kind (Publish *p,
              const char *kind,
              const char *sql,
              int uuid_column,
              int modified_column,
              DocFunc doc,
              const char *message,
              gboolean seen,
              const char *gone_sql,
              GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  int rc;

  stmt = pt_store_prepare (p->store, sql, error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      Row *row = g_new0 (Row, 1);

      row->uuid = pt_store_dup_column_text (stmt, uuid_column);
      row->modified = sqlite3_column_int64 (stmt, modified_column);
      g_ptr_array_add (rows, row);
      if ((row->doc = doc (p->store, stmt, error)) == NULL)
        return FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (p->store, rc, message, error);
  g_clear_pointer (&stmt, pt_stmt_release);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);

      if (!publish_row (p, kind, row->uuid, row->doc, row->modified, error))
        return FALSE;
      if (seen && !exec_bound (p->store, SAVE_STATE, error,
                               "INSERT OR REPLACE INTO sync_seen (uuid, modified) VALUES (?, ?)",
                               "ti", row->uuid, row->modified))
        return FALSE;
    }
  return publish_gone (p, kind, gone_sql, error);
}

static gboolean
publish_players (Publish *p,
                 GError **error)
{
  return publish_kind (p, KIND_PLAYER,
                       "SELECT uuid, name, colour, created, archived, deleted, modified FROM players", 0, 6,
                       player_doc, _("Could not read the players"), FALSE, "SELECT s.uuid FROM sync_rows s WHERE s.kind = ?"
                                                                            " AND NOT EXISTS (SELECT 1 FROM players WHERE uuid = s.uuid)"
                                                                            " AND NOT EXISTS (SELECT 1 FROM sync_pending p WHERE p.kind = s.kind AND p.uuid = s.uuid)",
                                      error);
}

static gboolean
publish_nights (Publish *p,
                GError **error)
{
  return publish_kind (p, KIND_NIGHT, "SELECT id, uuid, date, place, notes, deleted, modified FROM nights", 1, 6,
                       night_doc, _("Could not read the nights"), FALSE, "SELECT s.uuid FROM sync_rows s WHERE s.kind = ?"
                                                                          " AND NOT EXISTS (SELECT 1 FROM nights WHERE uuid = s.uuid)"
                                                                          " AND s.doc NOT LIKE '{\"gone\"%'"
                                                                          " AND NOT EXISTS (SELECT 1 FROM sync_pending p WHERE p.kind = s.kind AND p.uuid = s.uuid)",
                                     error);
}

/* Matches: only those whose stamp is not the one last published (a merge
 * stamps the matches whose results it moves, see pt_sync_note_merge); a
 * clock set back cannot hide a change. */
static gboolean
publish_matches (Publish *p,
                 GError **error)
{
  return publish_kind (p, KIND_MATCH,
                       MATCH_COLUMNS " LEFT JOIN sync_seen s ON s.uuid = m.uuid WHERE s.modified IS NOT m.modified",
                       1, 13, match_doc, _("Could not read the matches"), TRUE, "SELECT s.uuid FROM sync_rows s WHERE s.kind = ?"
                                                                                 " AND NOT EXISTS (SELECT 1 FROM matches WHERE uuid = s.uuid)"
                                                                                 " AND s.doc NOT LIKE '{\"gone\"%'"
                                                                                 " AND NOT EXISTS (SELECT 1 FROM sync_pending p WHERE p.kind = s.kind AND p.uuid = s.uuid)",
                                            error);
}

/* The highest sequence of this device's own files in the folder (a file
 * written just before a crash, or by a restored copy of this database). */
static gint64
highest_own_file (const char *folder,
                  const char *device)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  gint64 highest = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *dev = NULL;
      gint64 seq;
      gboolean snapshot;

      if (pt_sync_file_parse_name (name, &dev, &seq, &snapshot) && strcmp (dev, device) == 0)
        highest = MAX (highest, seq);
    }
  return highest;
}

/* One transaction: the changed rows into the mirror under a session, the
 * changeset into the next change file. */
static gboolean
publish (Run *run,
         const char *folder,
         GError **error)
{
  PtStore *self = run->store;
  sqlite3 *db = pt_store_get_handle (self);
  sqlite3_session *session = NULL;
  Publish p = { self, run->device };
  g_autoptr(PtSyncFile) file = NULL;
  g_autofree char *written = NULL;
  void *changeset = NULL;
  int size = 0, rc, count;

  if (!pt_store_transaction_begin (self, error))
    return FALSE;
  rc = sqlite3session_create (db, "main", &session);
  if (rc == SQLITE_OK)
    rc = sqlite3session_attach (session, "sync_rows");
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not record the changes"), error);
      goto fail;
    }
  if (!publish_players (&p, error) || !publish_nights (&p, error) || !publish_matches (&p, error))
    goto fail;
  rc = sqlite3session_changeset (session, &size, &changeset);
  g_clear_pointer (&session, sqlite3session_delete);
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not record the changes"), error);
      goto fail;
    }
  file = pt_sync_file_new ();
  file->changeset = g_bytes_new_with_free_func (changeset, (gsize) size, sqlite3_free, changeset);
  changeset = NULL;
  count = pt_sync_changeset_count (file->changeset);
  if (count > 0)
    {
      file->device = g_strdup (run->device);
      file->changes = (guint) count;
      file->sequence = MAX (state_get_int (self, "sequence"), highest_own_file (folder, run->device)) + 1;
      if (!state_set_int (self, "sequence", file->sequence, error))
        goto fail;
      /* The file first: if the commit fails it is removed, and the rows
       * stay unpublished for the next run. */
      if ((written = pt_sync_file_write (folder, file, error)) == NULL)
        goto fail;
    }
  if (!pt_store_transaction_commit (self, error))
    {
      if (written != NULL)
        {
          g_autofree char *path = g_build_filename (folder, written, NULL);
          g_unlink (path);
        }
      return FALSE;
    }
  if (count > 0 && run->summary != NULL)
    {
      run->summary->files_written++;
      run->summary->changes_written += (guint) count;
    }
  return TRUE;

fail:
  g_clear_pointer (&session, sqlite3session_delete);
  sqlite3_free (changeset);
  pt_store_transaction_rollback (self);
  return FALSE;
}

/* Writing the mirror into the history ------------------------------------- */

static JsonObject *
parse_doc (const char *doc,
           JsonNode **root,
           GError **error)
{
  /* A row may come from another device's change file: outside text, so
   * through the one reader that keeps json-glib from what it leaks on. */
  *root = pt_json_parse (doc, error);
  if (*root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (*root))
    {
      g_clear_pointer (root, json_node_unref);
      g_set_error_literal (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("A synced row is not valid"));
      return NULL;
    }
  return json_node_get_object (*root);
}

static const char *
doc_string (JsonObject *o,
            const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gint64
doc_int (JsonObject *o,
         const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;
  return json_node_get_int (node);
}

/* The UUID of @from_uuid's stand-in: derived from it, so every device
 * makes the same one. */
static char *
standin_uuid (const char *from_uuid)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  const char *h;

  g_checksum_update (sum, (const guint8 *) "partida-standin:", -1);
  g_checksum_update (sum, (const guint8 *) from_uuid, -1);
  h = g_checksum_get_string (sum);
  return g_strdup_printf ("%.8s-%.4s-5%.3s-8%.3s-%.12s", h, h + 8, h + 12, h + 15, h + 18);
}

/* The stand-in player with @uuid, added (archived, named after @into_id)
 * when it is not here yet. */
static gint64
ensure_standin (Run *run,
                const char *uuid,
                gint64 into_id,
                GError **error)
{
  PtStore *self = run->store;
  g_autofree char *name = NULL;
  g_autofree char *key = NULL;
  g_autoptr(PtPlayer) into = NULL;
  g_autoptr(PtStmt) add = NULL;
  gint64 id;

  if ((id = lookup_id (self, KIND_PLAYER, uuid)) > 0)
    return id;
  if ((into = pt_store_get_player (self, into_id, error)) == NULL)
    return 0;
  name = g_strdup_printf ("%s (%.4s)", into->name, uuid);
  key = pt_player_name_key (name);
  add = pt_store_prepare (self,
                          "INSERT INTO players (uuid, name, name_key, colour, created, archived, modified)"
                          " VALUES (?, ?, ?, ?, ?, 1, ?)",
                          error);
  if (add == NULL)
    return 0;
  sqlite3_bind_text (add, 1, uuid, -1, SQLITE_STATIC);
  sqlite3_bind_text (add, 2, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (add, 3, key, -1, SQLITE_STATIC);
  sqlite3_bind_text (add, 4, into->colour, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (add, 5, into->created);
  sqlite3_bind_int64 (add, 6, pt_store_next_stamp (self));
  if (!pt_store_step_done (self, add, _("Could not add the player"), error))
    return 0;
  return sqlite3_last_insert_rowid (pt_store_get_handle (self));
}

/* Whether @player already sits in the match a stand-in is sought for. */
typedef gboolean (*SeatTaken) (Run *run,
                               gint64 player,
                               gpointer match);

/* The stand-in for @from_uuid's seat in one match: @from_uuid's stand-in,
 * or, where that one already sits in the match (a merge made on one device
 * met a stand-in made on another), the stand-in's own stand-in, and so
 * on: derived from UUIDs alone, so the same choice on every device. */
static gint64
seat_standin (Run *run,
              const char *from_uuid,
              gint64 into_id,
              SeatTaken taken,
              gpointer match,
              GError **error)
{
  g_autofree char *uuid = standin_uuid (from_uuid);

  for (guint hops = 0; hops < 16; hops++)
    {
      gint64 id = ensure_standin (run, uuid, into_id, error);
      char *next;

      if (id == 0)
        return 0;
      if (!taken (run, id, match))
        return id;
      next = standin_uuid (uuid);
      g_free (uuid);
      uuid = next;
    }
  g_set_error_literal (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("A synced row is not valid"));
  return 0;
}

static gboolean
sits_in_stored_match (Run *run,
                      gint64 player,
                      gpointer match)
{
  return query_exists (run->store, "SELECT 1 FROM results WHERE match_id = ? AND player_id = ?",
                       "ii", *(gint64 *) match, player);
}

/* The ratings of match @id's game are replayed from it when the run ends:
 * a stand-in took a seat in it, and pt_store_merge_players() replays only
 * the games @from still plays, which need not include this one (two
 * devices then kept different ratings after the same merge). */
static gboolean
rerate_from_match (Run *run,
                   gint64 id,
                   GError **error)
{
  g_autoptr(PtStmt) row = prepare_bound (run->store, error, "SELECT game, finished FROM matches WHERE id = ?",
                                          "i", id);
  int rc;

  if (row == NULL)
    return FALSE;
  rc = sqlite3_step (row);
  if (rc == SQLITE_DONE)
    return TRUE;
  if (rc != SQLITE_ROW)
    return pt_store_set_error (run->store, rc, _("Could not merge"), error);
  pt_rating_span_add (&run->span, (const char *) sqlite3_column_text (row, 0), sqlite3_column_int64 (row, 1), id);
  run->span_used = TRUE;
  return TRUE;
}

/* Merges player @from into @into; where both played one match, @from's
 * seat goes to a stand-in (a conflict for the user). */
static gboolean
merge_players (Run *run,
               gint64 from,
               gint64 into,
               GError **error)
{
  PtStore *self = run->store;
  g_autoptr(PtStmt) overlap = NULL;
  g_autoptr(GArray) matches = NULL;
  g_autoptr(PtPlayer) a = NULL;
  g_autoptr(PtPlayer) b = NULL;

  if (from == into)
    return TRUE;
  /* A deleted player has no matches: it simply goes. */
  if ((a = pt_store_get_player (self, from, NULL)) == NULL)
    {
      return exec_bound (self, _("Could not merge"), error, "DELETE FROM players WHERE id = ? AND deleted <> 0"
                                                             " AND NOT EXISTS (SELECT 1 FROM results WHERE player_id = ?1)",
                                  "i", from);
    }
  if ((b = pt_store_get_player (self, into, NULL)) == NULL)
    return TRUE; /* into a deleted player: nothing to move */
  overlap = prepare_bound (self, error,
                           "SELECT a.match_id FROM results a JOIN results b ON b.match_id = a.match_id"
                           " WHERE a.player_id = ? AND b.player_id = ?",
                           "ii", from, into);
  if (overlap == NULL || (matches = pt_store_collect_ids (self, overlap, _("Could not merge"), error)) == NULL)
    return FALSE;
  g_clear_pointer (&overlap, pt_stmt_release);
  if (matches->len > 0)
    {
      /* Derived from the UUID that goes (the larger one, see
       * pt_sync_note_merge), whichever way the merge was made. */
      const char *gone_uuid = strcmp (a->uuid, b->uuid) > 0 ? a->uuid : b->uuid;
      g_autofree char *message = NULL;

      for (guint i = 0; i < matches->len; i++)
        {
          gint64 id = g_array_index (matches, gint64, i);
          gint64 standin = seat_standin (run, gone_uuid, into, sits_in_stored_match, &id, error);

          if (standin == 0)
            return FALSE;
          pt_stats_mark_player_dirty (self, standin);
          if (!pt_stats_match_removed (self, id, error))
            return FALSE;
          if (!exec_bound (self, _("Could not merge"), error, "UPDATE results SET player_id = ? WHERE match_id = ? AND player_id = ?",
                                    "iii", standin, id, from))
            return FALSE;
          if (!exec_bound (self, _("Could not merge"), error, "UPDATE matches SET modified = ? WHERE id = ?",
                                    "ii", pt_store_next_stamp (self), id) ||
                           !pt_stats_match_added (self, id, error) || !rerate_from_match (run, id, error))
            return FALSE;
        }
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "“%s” and “%s” became one player on another device, but both played "
                                              "%u match recorded here; “%s”’s seat in it now has a stand-in",
                                              "“%s” and “%s” became one player on another device, but both played "
                                              "%u matches recorded here; “%s”’s seat in them now has a stand-in",
                                              matches->len),
                                 a->name, b->name, matches->len, a->name);
      add_conflict (run, KIND_PLAYER, a->uuid, message, b->name, a->name);
    }
  /* Ratings of the stand-in's games are replayed by the merge. */
  return pt_store_merge_players (self, from, into, error);
}

static gboolean
write_player (PtStore *self,
              gint64 id,
              const char *uuid,
              JsonObject *o,
              int *rc_out,
              GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  const char *name = doc_string (o, "name");
  g_autofree char *key = pt_player_name_key (name != NULL ? name : "");
  int rc;

  if (id > 0)
    stmt = pt_store_prepare (self,
                             "UPDATE players SET name = ?2, name_key = ?3, colour = ?4, created = ?5,"
                             " archived = ?6, deleted = ?7, modified = ?8 WHERE id = ?1",
                             error);
  else
    stmt = pt_store_prepare (self,
                             "INSERT INTO players (uuid, name, name_key, colour, created, archived, deleted, modified)"
                             " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                             error);
  if (stmt == NULL)
    return FALSE;
  if (id > 0)
    sqlite3_bind_int64 (stmt, 1, id);
  else
    sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, name != NULL ? name : "?", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, doc_string (o, "colour") != NULL ? doc_string (o, "colour") : "", -1,
                     SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, doc_int (o, "created"));
  sqlite3_bind_int (stmt, 6, doc_int (o, "archived") != 0);
  sqlite3_bind_int (stmt, 7, doc_int (o, "deleted") != 0);
  sqlite3_bind_int64 (stmt, 8, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  *rc_out = rc;
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    return TRUE;
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the player"), error);
  return TRUE;
}

static Outcome
materialise_player (Run *run,
                    const char *uuid,
                    const char *doc,
                    GError **error)
{
  PtStore *self = run->store;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o = parse_doc (doc, &root, error);
  gint64 id;
  int rc = SQLITE_DONE;

  if (o == NULL)
    return FAILED;
  id = lookup_id (self, KIND_PLAYER, uuid);
  if (doc_string (o, "merged_into") != NULL)
    {
      g_autofree char *into = final_uuid (self, doc_string (o, "merged_into"));
      gint64 into_id;

      if (strcmp (into, uuid) == 0)
        return DONE;
      if (!add_redirect (self, uuid, into, error))
        return FAILED;
      if (id == 0)
        return DONE;
      into_id = lookup_id (self, KIND_PLAYER, into);
      if (into_id == 0)
        {
          /* The player they became has not arrived: this one becomes it. */
          return exec_bound (self, _("Could not merge"), error, "UPDATE players SET uuid = ? WHERE id = ?",
                                      "ti", into, id)
                             ? DONE
                             : FAILED;
        }
      return merge_players (run, id, into_id, error) ? DONE : FAILED;
    }
  if (json_object_has_member (o, "gone"))
    {
      if (id == 0)
        return DONE;
      return exec_bound (self, _("Could not delete the player"), error, "DELETE FROM players WHERE id = ?"
                                                                         " AND NOT EXISTS (SELECT 1 FROM results WHERE player_id = ?1)",
                                  "i", id)
                         ? DONE
                         : FAILED;
    }
  if (id == 0 && is_redirected (self, uuid))
    return DONE; /* merged here; the merge travels back */
  if (!write_player (self, id, uuid, o, &rc, error))
    return FAILED;
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      /* An active player here has the same name: the same person, who was
       * added on two devices. The smaller UUID stays, the other merges
       * into it: the same choice on every device. */
      g_autofree char *key = pt_player_name_key (doc_string (o, "name") != NULL ? doc_string (o, "name") : "");
      g_autoptr(PtStmt) other = pt_store_prepare (self,
                                                   "SELECT id, uuid FROM players WHERE name_key = ?"
                                                   " AND archived = 0 AND deleted = 0 AND uuid <> ?",
                                                   error);
      g_autofree char *other_uuid = NULL;
      gint64 other_id;

      if (other == NULL)
        return FAILED;
      sqlite3_bind_text (other, 1, key, -1, SQLITE_STATIC);
      sqlite3_bind_text (other, 2, uuid, -1, SQLITE_STATIC);
      if (sqlite3_step (other) != SQLITE_ROW)
        {
          pt_store_set_error (self, SQLITE_CONSTRAINT_UNIQUE, _("Could not save the player"), error);
          return FAILED;
        }
      other_id = sqlite3_column_int64 (other, 0);
      other_uuid = pt_store_dup_column_text (other, 1);
      g_clear_pointer (&other, pt_stmt_release);
      if (strcmp (uuid, other_uuid) > 0)
        {
          if (id == 0)
            return add_redirect (self, uuid, other_uuid, error) ? DONE : FAILED;
          return merge_players (run, id, other_id, error) ? DONE : FAILED;
        }
      else
        {
          if (!exec_bound (self, _("Could not merge"), error, "UPDATE players SET name_key = name_key || ' ' || uuid"
                                                               " WHERE id = ?",
                                    "i", other_id) ||
                           !write_player (self, id, uuid, o, &rc, error))
            return FAILED;
          if (rc != SQLITE_DONE)
            {
              pt_store_set_error (self, rc, _("Could not save the player"), error);
              return FAILED;
            }
          if (id == 0)
            id = lookup_id (self, KIND_PLAYER, uuid);
          return merge_players (run, other_id, id, error) ? DONE : FAILED;
        }
    }
  return DONE;
}

static Outcome
materialise_night (Run *run,
                   const char *uuid,
                   const char *doc,
                   GError **error)
{
  PtStore *self = run->store;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o = parse_doc (doc, &root, error);
  g_autoptr(GArray) players = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(PtStmt) stmt = NULL;
  JsonArray *who;
  gint64 id;

  if (o == NULL)
    return FAILED;
  id = lookup_id (self, KIND_NIGHT, uuid);
  if (json_object_has_member (o, "gone"))
    {
      if (id == 0)
        return DONE;
      {
        /* Its matches lose their night: a change of theirs to publish. */
        if (!exec_bound (self, _("Could not delete the night"), error, "UPDATE matches SET modified = ? WHERE night_id = ?",
                                  "ii", pt_store_next_stamp (self), id))
          return FAILED;
      }
      return exec_bound (self, _("Could not delete the night"), error, "DELETE FROM nights WHERE id = ?",
                                  "i", id)
                         ? DONE
                         : FAILED;
    }
  who = json_object_get_array_member (o, "players");
  for (guint i = 0; who != NULL && i < json_array_get_length (who); i++)
    {
      const char *player_uuid = json_array_get_string_element (who, i);
      gint64 player = player_uuid != NULL ? resolve_player (self, player_uuid) : 0;

      if (player == 0 && player_uuid != NULL && is_gone (self, KIND_PLAYER, player_uuid))
        continue; /* removed for good meanwhile: not on the list */
      if (player == 0)
        return WAIT;
      g_array_append_val (players, player);
    }
  if (id > 0)
    stmt = pt_store_prepare (self,
                             "UPDATE nights SET date = ?2, place = ?3, notes = ?4, deleted = ?5, modified = ?6"
                             " WHERE id = ?1",
                             error);
  else
    stmt = pt_store_prepare (self,
                             "INSERT INTO nights (uuid, date, place, notes, deleted, modified)"
                             " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                             error);
  if (stmt == NULL)
    return FAILED;
  if (id > 0)
    sqlite3_bind_int64 (stmt, 1, id);
  else
    sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, doc_string (o, "date") != NULL ? doc_string (o, "date") : "", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, doc_string (o, "place") != NULL ? doc_string (o, "place") : "", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, doc_string (o, "notes") != NULL ? doc_string (o, "notes") : "", -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 5, doc_int (o, "deleted"));
  sqlite3_bind_int64 (stmt, 6, pt_store_next_stamp (self));
  if (!pt_store_step_done (self, stmt, _("Could not save the night"), error))
    return FAILED;
  if (id == 0)
    id = sqlite3_last_insert_rowid (pt_store_get_handle (self));
  if (!exec_bound (self, _("Could not save who came"), error, "DELETE FROM night_players WHERE night_id = ?",
                            "i", id))
    return FAILED;
  for (guint i = 0; i < players->len; i++)
    {
      if (!exec_bound (self, _("Could not save who came"), error, "INSERT OR IGNORE INTO night_players (night_id, player_id)"
                                                                   " VALUES (?, ?)",
                                "ii", id, g_array_index (players, gint64, i)))
        return FAILED;
    }
  return DONE;
}

typedef struct
{
  PtMatchEntry *entry;
  gint64 newcomer; /* the player of the seat being added */
} EntrySeats;

static gboolean
sits_in_entry (Run *run,
               gint64 player,
               gpointer match)
{
  EntrySeats *seats = match;

  if (player == seats->newcomer)
    return TRUE;
  for (guint i = 0; i < seats->entry->results->len; i++)
    if (((PtMatchResult *) g_ptr_array_index (seats->entry->results, i))->player_id == player)
      return TRUE;
  return FALSE;
}

/* The seat about to be added for @player_uuid (*@player) and an earlier
 * one of @entry may have become the same player: a player merged
 * (elsewhere) into another one of this match keeps a stand-in in their
 * seat. Where neither was merged the document names one player twice (a
 * damaged or hand-made file): the later seat gets the stand-in, so no
 * score is lost and the user is told. */
static gboolean
give_seats_apart (Run *run,
                  PtMatchEntry *entry,
                  GPtrArray *seat_uuids,
                  const char *player_uuid,
                  gint64 *player,
                  GError **error)
{
  EntrySeats seats = { entry, 0 };

  for (guint j = 0; j < entry->results->len; j++)
    {
      PtMatchResult *other = g_ptr_array_index (entry->results, j);
      const char *other_uuid = g_ptr_array_index (seat_uuids, j);

      if (other->player_id != *player)
        continue;
      if (is_redirected (run->store, other_uuid) && !is_redirected (run->store, player_uuid))
        {
          seats.newcomer = *player;
          return (other->player_id = seat_standin (run, other_uuid, *player, sits_in_entry, &seats, error)) != 0;
        }
      if (!is_redirected (run->store, player_uuid))
        add_conflict (run, KIND_MATCH, entry->uuid,
                      _("A synced match named one player in two seats; the second seat now has a stand-in"),
                         NULL, NULL);
      return (*player = seat_standin (run, player_uuid, *player, sits_in_entry, &seats, error)) != 0;
    }
  return TRUE;
}

/* A match entry from its document; WAIT when a player or the night has not
 * arrived. */
static Outcome
entry_from_doc (Run *run,
                const char *uuid,
                JsonObject *o,
                PtMatchEntry **out,
                GError **error)
{
  PtStore *self = run->store;
  g_autoptr(PtMatchEntry) entry = NULL;
  JsonArray *results = json_object_get_array_member (o, "results");
  const char *night = doc_string (o, "night");
  const char *game = doc_string (o, "game");
  g_autoptr(GPtrArray) seat_uuids = g_ptr_array_new ();

  if (game == NULL || results == NULL)
    {
      g_set_error_literal (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("A synced row is not valid"));
      return FAILED;
    }
  entry = pt_match_entry_new (game, (PtMatchMode) doc_int (o, "mode"));
  entry->uuid = g_strdup (uuid);
  entry->started = doc_int (o, "started");
  entry->finished = doc_int (o, "finished");
  /* A night removed for good leaves its matches without a night, as the
   * database does (ON DELETE SET NULL). */
  if (night != NULL && (entry->night_id = lookup_id (self, KIND_NIGHT, night)) == 0 &&
      !is_gone (self, KIND_NIGHT, night))
    return WAIT;
  entry->options = g_strdup (doc_string (o, "options"));
  entry->rule_reading = g_strdup (doc_string (o, "rule_reading"));
  entry->notes = g_strdup (doc_string (o, "notes"));
  entry->breakdown = g_strdup (doc_string (o, "breakdown"));
  entry->record = g_strdup (doc_string (o, "record"));
  for (guint i = 0; i < json_array_get_length (results); i++)
    {
      JsonArray *r = json_array_get_array_element (results, i);
      const char *player_uuid;
      gint64 player;
      PtMatchResult *result;

      if (r == NULL || json_array_get_length (r) != 7)
        {
          g_set_error_literal (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("A synced row is not valid"));
          return FAILED;
        }
      player_uuid = json_array_get_string_element (r, 0);
      if ((player = resolve_player (self, player_uuid)) == 0)
        return WAIT;
      if (!give_seats_apart (run, entry, seat_uuids, player_uuid, &player, error))
        return FAILED;
      g_ptr_array_add (seat_uuids, (gpointer) player_uuid);
      result = pt_match_result_new (player, (int) json_array_get_int_element (r, 1),
                                    (int) json_array_get_int_element (r, 2),
                                    json_array_get_int_element (r, 4) != 0);
      result->rank = (int) json_array_get_int_element (r, 3);
      result->is_ai = json_array_get_int_element (r, 5) != 0;
      result->ai_level = (int) json_array_get_int_element (r, 6);
      pt_match_entry_add_result (entry, result);
    }
  *out = g_steal_pointer (&entry);
  return DONE;
}

/* Sets a trashed match's trash time to the synced one (no statistics:
 * trashed matches are in none). */
static gboolean
set_trash_time (PtStore *self,
                gint64 id,
                gint64 deleted,
                GError **error)
{
  return exec_bound (self, _("Could not save the match"), error, "UPDATE matches SET deleted = ? WHERE id = ? AND deleted <> 0",
                              "ii", deleted, id);
}

static gboolean
insert_synced_match (Run *run,
                     PtMatchEntry *entry,
                     gint64 deleted,
                     GError **error)
{
  PtStore *self = run->store;

  if (!pt_store_insert_match (self, entry, FALSE, error))
    return FALSE;
  if (deleted != 0)
    {
      if (!pt_stats_match_removed (self, entry->id, error))
        return FALSE;
      if (!exec_bound (self, _("Could not save the match"), error, "UPDATE matches SET deleted = ? WHERE id = ?",
                                "ii", deleted, entry->id))
        return FALSE;
    }
  pt_rating_span_add (&run->span, entry->game, entry->finished, entry->id);
  run->span_used = TRUE;
  return TRUE;
}

/* Re-rating reads the aggregates (who played before): those of players a
 * merge or an earlier row of this file changed are rebuilt first. */
static gboolean
flush_if_dirty (PtStore *self,
                GError **error)
{
  if (!self->all_dirty && g_hash_table_size (self->dirty_players) == 0)
    return TRUE;
  return pt_stats_flush_aggregates (self, error);
}

static gboolean
remove_match (Run *run,
              gint64 id,
              gboolean live,
              GError **error)
{
  PtStore *self = run->store;

  if (live && (!flush_if_dirty (self, error) || !pt_store_delete_match (self, id, error)))
    return FALSE;
  return exec_bound (self, _("Could not delete the match"), error, "DELETE FROM matches WHERE id = ?",
                              "i", id);
}

static Outcome
materialise_match (Run *run,
                   const char *uuid,
                   const char *doc,
                   GError **error)
{
  PtStore *self = run->store;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o = parse_doc (doc, &root, error);
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(PtStmt) find = NULL;
  g_autofree char *local = NULL;
  g_autofree char *local_game = NULL;
  g_autofree char *local_record = NULL;
  gint64 id = 0, local_deleted = 0, local_started = 0, local_finished = 0, deleted;
  int local_mode = 0;
  Outcome outcome;

  if (o == NULL)
    return FAILED;
  find = pt_store_prepare (self,
                           "SELECT m.id, m.deleted, m.game, m.mode, m.started, m.finished, r.json FROM matches m"
                           " LEFT JOIN records r ON r.match_id = m.id WHERE m.uuid = ?",
                           error);
  if (find == NULL)
    return FAILED;
  sqlite3_bind_text (find, 1, uuid, -1, SQLITE_STATIC);
  if (sqlite3_step (find) == SQLITE_ROW)
    {
      id = sqlite3_column_int64 (find, 0);
      local_deleted = sqlite3_column_int64 (find, 1);
      local_game = pt_store_dup_column_text (find, 2);
      local_mode = sqlite3_column_int (find, 3);
      local_started = sqlite3_column_int64 (find, 4);
      local_finished = sqlite3_column_int64 (find, 5);
      local_record = pt_store_dup_column_text (find, 6);
    }
  g_clear_pointer (&find, pt_stmt_release);
  if (json_object_has_member (o, "gone"))
    {
      if (id == 0)
        return DONE;
      return remove_match (run, id, local_deleted == 0, error) ? DONE : FAILED;
    }
  if (id > 0)
    {
      if ((local = local_match_doc (self, id, error)) == NULL)
        return FAILED;
      if (strcmp (local, doc) == 0)
        return DONE;
    }
  outcome = entry_from_doc (run, uuid, o, &entry, error);
  if (outcome != DONE)
    return outcome;
  deleted = doc_int (o, "deleted");
  if (id == 0)
    return insert_synced_match (run, entry, deleted, error) ? DONE : FAILED;
  /* What a correction cannot change (game, times, record): a new match
   * in its place. */
  if (g_strcmp0 (local_game, entry->game) != 0 || local_mode != (int) entry->mode ||
      local_started != entry->started || local_finished != entry->finished ||
      g_strcmp0 (local_record, entry->record) != 0)
    {
      if (!remove_match (run, id, local_deleted == 0, error))
        return FAILED;
      entry->id = 0;
      return insert_synced_match (run, entry, deleted, error) ? DONE : FAILED;
    }
  entry->id = id;
  if (!flush_if_dirty (self, error))
    return FAILED;
  if (local_deleted != 0 && !pt_store_undelete_match (self, id, error))
    return FAILED;
  if (!pt_store_update_match (self, entry, error))
    return FAILED;
  if (deleted != 0 && (!pt_store_delete_match (self, id, error) || !set_trash_time (self, id, deleted, error)))
    return FAILED;
  return DONE;
}

static gboolean
materialise_pending (Run *run,
                     GError **error)
{
  static const char *const kinds[] = { KIND_PLAYER, KIND_NIGHT, KIND_MATCH };
  PtStore *self = run->store;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
      g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                                  "SELECT s.uuid, s.doc FROM sync_pending p"
                                                  " JOIN sync_rows s ON s.kind = p.kind AND s.uuid = p.uuid"
                                                  " WHERE p.kind = ?",
                                                  error);
      int rc;

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, kinds[k], -1, SQLITE_STATIC);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          Row *row = g_new0 (Row, 1);

          row->uuid = pt_store_dup_column_text (stmt, 0);
          row->doc = pt_store_dup_column_text (stmt, 1);
          g_ptr_array_add (rows, row);
        }
      if (rc != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not read the sync state"), error);
      g_clear_pointer (&stmt, pt_stmt_release);
      for (guint i = 0; i < rows->len; i++)
        {
          Row *row = g_ptr_array_index (rows, i);
          Outcome outcome;

          if (k == 0)
            outcome = materialise_player (run, row->uuid, row->doc, error);
          else if (k == 1)
            outcome = materialise_night (run, row->uuid, row->doc, error);
          else
            outcome = materialise_match (run, row->uuid, row->doc, error);
          if (outcome == FAILED)
            return FALSE;
          if (outcome == WAIT)
            continue;
          if (!exec_bound (self, SAVE_STATE, error, "DELETE FROM sync_pending WHERE kind = ? AND uuid = ?",
                           "tt", kinds[k], row->uuid))
            return FALSE;
        }
      if (!flush_if_dirty (self, error))
        return FALSE;
    }
  if (run->span_used)
    {
      gboolean ok = pt_rating_span_recompute (&run->span, self, error);

      pt_rating_span_clear (&run->span);
      pt_rating_span_init (&run->span);
      run->span_used = FALSE;
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Applying ----------------------------------------------------------------- */

static const char *
value_text (sqlite3_value *value)
{
  return value != NULL ? (const char *) sqlite3_value_text (value) : NULL;
}

/* Last writer wins: the later version (clock, then device id) stays. A row
 * this device changed and another device changed too, from an older
 * version, is a conflict the user sees once when this device's change
 * loses. */
static int
conflict_handler (void *data,
                  int type,
                  sqlite3_changeset_iter *iter)
{
  Run *run = data;
  sqlite3_value *kind = NULL, *uuid = NULL, *incoming = NULL, *doc = NULL, *current = NULL, *current_doc = NULL;
  const char *table;
  int columns, op, indirect;

  sqlite3changeset_op (iter, &table, &columns, &op, &indirect);
  if (op == SQLITE_INSERT)
    {
      sqlite3changeset_new (iter, 0, &kind);
      sqlite3changeset_new (iter, 1, &uuid);
    }
  else
    {
      sqlite3changeset_old (iter, 0, &kind);
      sqlite3changeset_old (iter, 1, &uuid);
    }
  if (op != SQLITE_DELETE)
    {
      sqlite3changeset_new (iter, 2, &incoming);
      sqlite3changeset_new (iter, 3, &doc);
    }
  switch (type)
    {
    case SQLITE_CHANGESET_NOTFOUND:
      /* An update of a row this device has not received: kept, and put in
       * after the changeset like an insert. */
      if (op == SQLITE_UPDATE && incoming != NULL && doc != NULL)
        {
          Row *row = g_new0 (Row, 1);

          row->kind = g_strdup (value_text (kind));
          row->uuid = g_strdup (value_text (uuid));
          row->version = g_strdup (value_text (incoming));
          row->doc = g_strdup (value_text (doc));
          g_ptr_array_add (run->deferred, row);
        }
      return SQLITE_CHANGESET_OMIT;

    case SQLITE_CHANGESET_DATA:
    case SQLITE_CHANGESET_CONFLICT:
      if (op == SQLITE_DELETE || incoming == NULL || doc == NULL)
        return SQLITE_CHANGESET_OMIT;
      sqlite3changeset_conflict (iter, 2, &current);
      sqlite3changeset_conflict (iter, 3, &current_doc);
      if (g_strcmp0 (value_text (incoming), value_text (current)) <= 0)
        return SQLITE_CHANGESET_OMIT;
      /* This device's own change loses against a concurrent one. */
      if (type == SQLITE_CHANGESET_DATA && value_text (current) != NULL &&
          strlen (value_text (current)) > 17 && strcmp (value_text (current) + 17, run->device) == 0 &&
          g_strcmp0 (value_text (doc), value_text (current_doc)) != 0 &&
          g_strcmp0 (value_text (kind), KIND_MATCH) == 0)
        add_conflict (run, value_text (kind), value_text (uuid),
                      _("A match changed here was also changed on another device; the later change was kept"),
                         value_text (doc), value_text (current_doc));
      return SQLITE_CHANGESET_REPLACE;

    default:
      return SQLITE_CHANGESET_ABORT;
    }
}

static gboolean
mark_pending (PtStore *self,
              const char *kind,
              const char *uuid,
              GError **error)
{
  return exec_bound (self, SAVE_STATE, error, "INSERT OR IGNORE INTO sync_pending (kind, uuid) VALUES (?, ?)",
                     "tt", kind, uuid);
}

/* The rows a changeset touches, into sync_pending; the clock is moved past
 * every version in it. */
static gboolean
collect_rows (Run *run,
              GBytes *changeset,
              GError **error)
{
  sqlite3_changeset_iter *iter = NULL;
  gsize size;
  const void *data = g_bytes_get_data (changeset, &size);
  int rc;

  if ((rc = sqlite3changeset_start (&iter, (int) size, (void *) data)) != SQLITE_OK)
    return pt_store_set_error (run->store, rc, _("Could not read the changes"), error);
  while (sqlite3changeset_next (iter) == SQLITE_ROW)
    {
      sqlite3_value *kind = NULL, *uuid = NULL, *version = NULL;
      const char *table;
      int columns, op, indirect;

      sqlite3changeset_op (iter, &table, &columns, &op, &indirect);
      if (op == SQLITE_INSERT)
        {
          sqlite3changeset_new (iter, 0, &kind);
          sqlite3changeset_new (iter, 1, &uuid);
        }
      else
        {
          sqlite3changeset_old (iter, 0, &kind);
          sqlite3changeset_old (iter, 1, &uuid);
        }
      if (op != SQLITE_DELETE && sqlite3changeset_new (iter, 2, &version) == SQLITE_OK && version != NULL)
        observe_clock (run->store, version_clock (value_text (version)));
      if (value_text (kind) == NULL || value_text (uuid) == NULL ||
          !mark_pending (run->store, value_text (kind), value_text (uuid), error))
        {
          sqlite3changeset_finalize (iter);
          if (error != NULL && *error == NULL)
            g_set_error_literal (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("A synced row is not valid"));
          return FALSE;
        }
    }
  if ((rc = sqlite3changeset_finalize (iter)) != SQLITE_OK)
    return pt_store_set_error (run->store, rc, _("Could not read the changes"), error);
  return TRUE;
}

static gboolean
apply_deferred (Run *run,
                GError **error)
{
  for (guint i = 0; i < run->deferred->len; i++)
    {
      Row *row = g_ptr_array_index (run->deferred, i);
      if (!exec_bound (run->store, SAVE_STATE, error, "INSERT INTO sync_rows (kind, uuid, version, doc) VALUES (?1, ?2, ?3, ?4)"
                                                      " ON CONFLICT (kind, uuid) DO UPDATE SET version = ?3, doc = ?4"
                                                      " WHERE version < ?3",
                       "tttt", row->kind, row->uuid, row->version, row->doc))
        return FALSE;
    }
  g_ptr_array_set_size (run->deferred, 0);
  return TRUE;
}

/* One file, one transaction: all of it or (on any error) nothing. */
static gboolean
apply_file (Run *run,
            PtSyncFile *file,
            GError **error)
{
  PtStore *self = run->store;
  gsize size;
  const void *data = g_bytes_get_data (file->changeset, &size);
  int rc;

  if (!pt_store_transaction_begin (self, error))
    return FALSE;
  g_ptr_array_set_size (run->deferred, 0);
  g_ptr_array_set_size (run->conflicts, 0);
  if (!collect_rows (run, file->changeset, error))
    goto fail;
  rc = sqlite3changeset_apply (pt_store_get_handle (self), (int) size, (void *) data, NULL, conflict_handler,
                               run);
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not apply the changes"), error);
      goto fail;
    }
  if (!apply_deferred (run, error))
    goto fail;
  if (file->snapshot)
    {
      GHashTableIter it;
      gpointer key, value;

      g_hash_table_iter_init (&it, file->covers);
      while (g_hash_table_iter_next (&it, &key, &value))
        if (strcmp (key, run->device) != 0 && !set_peer_sequence (self, key, *(gint64 *) value, error))
          goto fail;
    }
  if (!set_peer_sequence (self, file->device, file->sequence, error) || !materialise_pending (run, error) ||
      !save_conflicts (run, error))
    goto fail;
  if (!pt_store_transaction_commit (self, error))
    return FALSE;
  if (run->summary != NULL)
    {
      run->summary->files_applied++;
      run->summary->changes_applied += file->changes;
    }
  return TRUE;

fail:
  pt_store_transaction_rollback (self);
  return FALSE;
}

typedef struct
{
  gint64 sequence;
  gboolean snapshot;
  char *name;
} Entry;

static void
entry_free (Entry *e)
{
  g_free (e->name);
  g_free (e);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = *(Entry **) a, *y = *(Entry **) b;

  return x->sequence < y->sequence ? -1 : x->sequence > y->sequence;
}

static void
report_damaged (Run *run,
                GError **first,
                GError *error,
                const char *name)
{
  if (run->summary != NULL && run->summary->damaged == NULL)
    run->summary->damaged = g_strdup (name);
  if (*first == NULL)
    *first = error;
  else
    g_error_free (error);
}

/* Applies what is new from the other devices. Damaged files are reported
 * in @damaged (the first one) and skipped with that device's later files. */
static gboolean
apply_folder (Run *run,
              const char *folder,
              GError **damaged_error,
              GError **error)
{
  PtStore *self = run->store;
  g_autoptr(GHashTable) devices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GList) keys = NULL;
  const char *name;

  dir = g_dir_open (folder, 0, &local_error);
  if (dir == NULL)
    {
      g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FOLDER, _("Could not read the sync folder %s: %s"), folder, local_error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *device = NULL;
      GPtrArray *files;
      Entry *e;
      gint64 seq;
      gboolean snapshot;

      if (!pt_sync_file_parse_name (name, &device, &seq, &snapshot) || strcmp (device, run->device) == 0)
        continue;
      if ((files = g_hash_table_lookup (devices, device)) == NULL)
        {
          files = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
          g_hash_table_insert (devices, g_strdup (device), files);
        }
      e = g_new0 (Entry, 1);
      e->sequence = seq;
      e->snapshot = snapshot;
      e->name = g_strdup (name);
      g_ptr_array_add (files, e);
    }
  /* Devices in a fixed order: the outcome does not depend on it, the
   * reports read the same. */
  keys = g_list_sort (g_hash_table_get_keys (devices), (GCompareFunc) strcmp);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      GPtrArray *files = g_hash_table_lookup (devices, l->data);
      gint64 next = peer_sequence (self, l->data) + 1;
      gboolean waiting = FALSE;

      g_ptr_array_sort (files, compare_entries);
      for (;;)
        {
          Entry *change = NULL, *snapshot = NULL, *later = NULL;
          GError *file_error = NULL;
          const char *damaged_name = NULL;

          for (guint i = 0; i < files->len; i++)
            {
              Entry *e = g_ptr_array_index (files, i);

              if (!e->snapshot && e->sequence == next)
                change = e;
              else if (!e->snapshot && e->sequence > next)
                later = e;
              else if (e->snapshot && e->sequence >= next)
                snapshot = e; /* the newest, files are sorted */
            }
          if (change != NULL)
            {
              g_autofree char *path = g_build_filename (folder, change->name, NULL);
              g_autoptr(PtSyncFile) file = pt_sync_file_read (path, &file_error);

              if (file != NULL)
                {
                  if (!apply_file (run, file, error))
                    return FALSE;
                  next = change->sequence + 1;
                  continue;
                }
              if (!g_error_matches (file_error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED))
                {
                  g_propagate_error (error, file_error);
                  return FALSE;
                }
              damaged_name = change->name;
            }
          /* The next file is missing or damaged: a snapshot that covers it
           * (the device compacted its files, or came back after months). */
          if (snapshot != NULL)
            {
              g_autofree char *path = g_build_filename (folder, snapshot->name, NULL);
              g_autoptr(PtSyncFile) file = NULL;
              GError *snapshot_error = NULL;

              file = pt_sync_file_read (path, &snapshot_error);
              if (file != NULL)
                {
                  g_clear_error (&file_error);
                  if (!apply_file (run, file, error))
                    return FALSE;
                  next = MAX (peer_sequence (self, l->data), snapshot->sequence) + 1;
                  continue;
                }
              if (file_error == NULL)
                {
                  file_error = snapshot_error;
                  damaged_name = snapshot->name;
                }
              else
                g_error_free (snapshot_error);
            }
          if (file_error != NULL)
            {
              report_damaged (run, damaged_error, file_error, damaged_name);
              waiting = TRUE;
            }
          else if (later != NULL)
            waiting = TRUE; /* a gap: the missing file has not arrived */
          break;
        }
      if (waiting && run->summary != NULL)
        run->summary->waiting++;
    }
  return TRUE;
}

static gboolean
count_pending (Run *run,
               GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (run->store, "SELECT count(*) FROM sync_pending", error);

  if (stmt == NULL)
    return FALSE;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return pt_store_set_error (run->store, sqlite3_errcode (pt_store_get_handle (run->store)),
                               _("Could not read the sync state"), error);
  if (run->summary != NULL)
    run->summary->pending = (guint) sqlite3_column_int (stmt, 0);
  return TRUE;
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->device, g_free);
  g_clear_pointer (&run->deferred, g_ptr_array_unref);
  g_clear_pointer (&run->conflicts, g_ptr_array_unref);
  pt_rating_span_clear (&run->span);
}

static gboolean
run_init (Run *run,
          PtStore *store,
          const char *folder,
          PtSyncSummary *summary,
          GError **error)
{
  memset (run, 0, sizeof *run);
  run->store = store;
  run->summary = summary;
  run->deferred = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  run->conflicts = g_ptr_array_new_with_free_func ((GDestroyNotify) conflict_free);
  pt_rating_span_init (&run->span);
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FOLDER, _("The sync folder %s does not exist"), folder);
      return FALSE;
    }
  run->device = pt_sync_device_id (store, error);
  return run->device != NULL;
}

gboolean
pt_sync_run (PtStore *store,
             const char *folder,
             PtSyncSummary *summary,
             GError **error)
{
  Run run;
  GError *damaged = NULL;
  gboolean ok;

  g_return_val_if_fail (PT_IS_STORE (store), FALSE);
  g_return_val_if_fail (folder != NULL, FALSE);

  if (summary != NULL)
    memset (summary, 0, sizeof *summary);
  ok = run_init (&run, store, folder, summary, error) &&
       publish (&run, folder, error) &&
       apply_folder (&run, folder, &damaged, error) &&
       publish (&run, folder, error) &&
       count_pending (&run, error);
  run_clear (&run);
  if (ok && damaged != NULL)
    {
      g_propagate_error (error, damaged);
      return FALSE;
    }
  g_clear_error (&damaged);
  return ok;
}

gboolean
pt_sync_compact (PtStore *store,
                 const char *folder,
                 GError **error)
{
  Run run;
  sqlite3 *memory = NULL;
  sqlite3_session *session = NULL;
  g_autoptr(PtSyncFile) file = NULL;
  g_autoptr(PtStmt) rows = NULL;
  g_autoptr(PtStmt) peers = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autofree char *written = NULL;
  sqlite3_stmt *insert = NULL;
  void *changeset = NULL;
  int size = 0, rc;
  const char *name;
  gboolean ok = FALSE;

  g_return_val_if_fail (PT_IS_STORE (store), FALSE);

  /* Everything published first, so the snapshot covers this device's
   * whole history. */
  if (!run_init (&run, store, folder, NULL, error) || !publish (&run, folder, error))
    goto out;
  file = pt_sync_file_new ();
  file->snapshot = TRUE;
  file->device = g_strdup (run.device);
  file->sequence = MAX (state_get_int (store, "sequence"), highest_own_file (folder, run.device));
  if (file->sequence == 0)
    {
      ok = TRUE; /* nothing was ever published */
      goto out;
    }
  g_hash_table_insert (file->covers, g_strdup (run.device), g_memdup2 (&file->sequence, sizeof (gint64)));
  peers = pt_store_prepare (store, "SELECT device, sequence FROM sync_peers", error);
  if (peers == NULL)
    goto out;
  while (sqlite3_step (peers) == SQLITE_ROW)
    {
      gint64 seq = sqlite3_column_int64 (peers, 1);
      g_hash_table_insert (file->covers, pt_store_dup_column_text (peers, 0), g_memdup2 (&seq, sizeof seq));
    }
  /* The snapshot is the changeset that inserts every mirror row: recorded
   * by a session on an empty copy of the table in memory. */
  rc = sqlite3_open (":memory:", &memory);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (memory,
                       "CREATE TABLE sync_rows (kind TEXT NOT NULL, uuid TEXT NOT NULL, version TEXT NOT NULL,"
                       " doc TEXT NOT NULL, PRIMARY KEY (kind, uuid)) WITHOUT ROWID",
                       NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3session_create (memory, "main", &session);
  if (rc == SQLITE_OK)
    rc = sqlite3session_attach (session, "sync_rows");
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (memory, "INSERT INTO sync_rows VALUES (?, ?, ?, ?)", -1, &insert, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("Could not write the snapshot: %s"), memory != NULL ? sqlite3_errmsg (memory) : "out of memory");
      goto out;
    }
  rows = pt_store_prepare (store, "SELECT kind, uuid, version, doc FROM sync_rows", error);
  if (rows == NULL)
    goto out;
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      for (int c = 0; c < 4; c++)
        sqlite3_bind_text (insert, c + 1, (const char *) sqlite3_column_text (rows, c), -1, SQLITE_TRANSIENT);
      if (sqlite3_step (insert) != SQLITE_DONE)
        break;
      sqlite3_reset (insert);
      file->changes++;
    }
  if (rc != SQLITE_DONE ||
      (rc = sqlite3session_changeset (session, &size, &changeset)) != SQLITE_OK)
    {
      g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FAILED, _("Could not write the snapshot: %s"), sqlite3_errstr (rc));
      goto out;
    }
  file->changeset = g_bytes_new_with_free_func (changeset, (gsize) size, sqlite3_free, changeset);
  changeset = NULL;
  if ((written = pt_sync_file_write (folder, file, error)) == NULL)
    goto out;
  /* The snapshot covers this device's change files and older snapshots. */
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *device = NULL;
      gint64 seq;
      gboolean snapshot;

      if (pt_sync_file_parse_name (name, &device, &seq, &snapshot) && strcmp (device, run.device) == 0 &&
          strcmp (name, written) != 0 && seq <= file->sequence)
        {
          g_autofree char *path = g_build_filename (folder, name, NULL);
          g_unlink (path);
        }
    }
  ok = TRUE;

out:
  sqlite3_finalize (insert);
  g_clear_pointer (&session, sqlite3session_delete);
  sqlite3_close (memory);
  sqlite3_free (changeset);
  run_clear (&run);
  return ok;
}

GPtrArray *
pt_sync_take_conflicts (PtStore *store,
                        GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_sync_conflict_free);
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (store), NULL);
  if (!table_exists (store, "sync_conflicts"))
    return g_steal_pointer (&list);
  stmt = pt_store_prepare (store,
                           "SELECT kind, uuid, message, kept, lost FROM sync_conflicts WHERE shown = 0 ORDER BY id",
                           error);
  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtSyncConflict *c = g_new0 (PtSyncConflict, 1);

      c->kind = pt_store_dup_column_text (stmt, 0);
      c->uuid = pt_store_dup_column_text (stmt, 1);
      c->message = pt_store_dup_column_text (stmt, 2);
      c->kept = pt_store_dup_column_text (stmt, 3);
      c->lost = pt_store_dup_column_text (stmt, 4);
      g_ptr_array_add (list, c);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (store, rc, _("Could not read the sync state"), error);
      return NULL;
    }
  g_clear_pointer (&stmt, pt_stmt_release);
  if (list->len > 0 && !pt_store_exec (store, "UPDATE sync_conflicts SET shown = 1 WHERE shown = 0", error))
    return NULL;
  return g_steal_pointer (&list);
}

static gboolean
set_player_uuid (PtStore *store,
                 gint64 id,
                 const char *uuid,
                 GError **error)
{
  return exec_bound (store, _("Could not merge"), error, "UPDATE players SET uuid = CASE WHEN ?2 = '' THEN 'merging:' || uuid"
                                                          " ELSE ?2 END WHERE id = ?1",
                               "it", id, uuid);
}

gboolean
pt_sync_note_merge (PtStore *store,
                    gint64 from,
                    gint64 into,
                    GError **error)
{
  gint64 now = pt_store_next_stamp (store);

  /* The matches and nights whose results or attendance move change. */
  if (!exec_bound (store, _("Could not merge"), error, "UPDATE matches SET modified = ?2"
                                                        " WHERE id IN (SELECT match_id FROM results WHERE player_id = ?1)",
                             "ii", from, now))
    return FALSE;
  if (!exec_bound (store, _("Could not merge"), error, "UPDATE nights SET modified = ?2"
                                                        " WHERE id IN (SELECT night_id FROM night_players WHERE player_id = ?1)",
                             "ii", from, now))
    return FALSE;
  /* Only a database that syncs remembers where the player went. The
   * player who stays takes the smaller of the two UUIDs, so the same two
   * players merged both ways on two devices end up the same. */
  if (table_exists (store, "sync_redirects"))
    {
      g_autoptr(PtPlayer) a = pt_store_get_player (store, from, error);
      g_autoptr(PtPlayer) b = a != NULL ? pt_store_get_player (store, into, error) : NULL;

      if (b == NULL)
        return FALSE;
      if (strcmp (a->uuid, b->uuid) < 0)
        {
          char *t;

          if (!exec_bound (store, _("Could not merge"), error, "UPDATE matches SET modified = ?2"
                                                                " WHERE id IN (SELECT match_id FROM results WHERE player_id = ?1)",
                                     "ii", into, now))
            return FALSE;
          if (!exec_bound (store, _("Could not merge"), error, "UPDATE nights SET modified = ?2"
                                                                " WHERE id IN (SELECT night_id FROM night_players WHERE player_id = ?1)",
                                     "ii", into, now) ||
                           !set_player_uuid (store, from, "", error) ||
                           !set_player_uuid (store, into, a->uuid, error) ||
                           !set_player_uuid (store, from, b->uuid, error))
            return FALSE;
          t = a->uuid;
          a->uuid = b->uuid;
          b->uuid = t;
        }
      if (!add_redirect (store, a->uuid, b->uuid, error))
        return FALSE;
    }
  return TRUE;
}
