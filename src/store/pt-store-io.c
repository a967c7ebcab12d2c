/* pt-store-io.c — export, import, CSV, backup and restore of the history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "pt-import.h"
#include "pt-player-name.h"
#include "pt-record.h"
#include "pt-store-private.h"

/* Limits of an imported file (characters). */
#define PT_IMPORT_MAX_NAME  PT_PLAYER_NAME_MAX_CHARS
#define PT_IMPORT_MAX_NOTES 10000

#define EXPORT_FORMAT "partida-export/1"

static char *
iso_time (gint64 seconds)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (seconds);

  return time != NULL ? g_date_time_format_iso8601 (time) : g_strdup ("");
}

/* Export ------------------------------------------------------------------- */

static void
add_json_text (JsonBuilder *builder,
               const char *member,
               const char *text)
{
  /* Stored JSON is outside text too (an import or an old version wrote it). */
  JsonNode *node = text != NULL ? pt_json_parse (text, NULL) : NULL;

  json_builder_set_member_name (builder, member);
  if (node == NULL)
    node = json_node_new (JSON_NODE_NULL);
  json_builder_add_value (builder, node);
}

static void
add_time (JsonBuilder *builder,
          const char *member,
          gint64 seconds)
{
  g_autofree char *text = iso_time (seconds);

  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, text);
}

static void
add_string (JsonBuilder *builder,
            const char *member,
            const char *value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_string_value (builder, value != NULL ? value : "");
}

static void
add_int (JsonBuilder *builder,
         const char *member,
         gint64 value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_int_value (builder, value);
}

static void
add_bool (JsonBuilder *builder,
          const char *member,
          gboolean value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_boolean_value (builder, value);
}

/* One export row: the object (or value) of the current row of @stmt. */
typedef gboolean (*ExportRow) (PtStore *self,
                               JsonBuilder *builder,
                               PtStmt *stmt,
                               GError **error);

/* @member: an array of what @row writes for each row of @sql (whose one
 * parameter, if it has one, is @id); @message if reading fails. */
static gboolean
export_rows (PtStore *self,
             JsonBuilder *builder,
             const char *member,
             const char *sql,
             gint64 id,
             ExportRow row,
             const char *message,
             GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  if (sqlite3_bind_parameter_count (stmt) > 0)
    sqlite3_bind_int64 (stmt, 1, id);
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    if (!row (self, builder, stmt, error))
      return FALSE;
  json_builder_end_array (builder);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, message, error);
  return TRUE;
}

static gboolean
export_player (PtStore *self,
               JsonBuilder *builder,
               PtStmt *stmt,
               GError **error)
{
  json_builder_begin_object (builder);
  add_string (builder, "uuid", (const char *) sqlite3_column_text (stmt, 0));
  add_string (builder, "name", (const char *) sqlite3_column_text (stmt, 1));
  add_string (builder, "colour", (const char *) sqlite3_column_text (stmt, 2));
  add_time (builder, "created", sqlite3_column_int64 (stmt, 3));
  add_bool (builder, "archived", sqlite3_column_int (stmt, 4) != 0);
  json_builder_end_object (builder);
  return TRUE;
}

/* "players" of a night: the attendance list as player UUIDs, in player
 * order. An optional member of partida-export/1: older files simply have
 * none. */
static gboolean
export_night_player (PtStore *self,
                     JsonBuilder *builder,
                     PtStmt *stmt,
                     GError **error)
{
  json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 0));
  return TRUE;
}

/* A night's own members from columns uuid, date, place, notes. */
static void
add_night_members (JsonBuilder *builder,
                   PtStmt *stmt)
{
  add_string (builder, "uuid", (const char *) sqlite3_column_text (stmt, 0));
  add_string (builder, "date", (const char *) sqlite3_column_text (stmt, 1));
  add_string (builder, "place", (const char *) sqlite3_column_text (stmt, 2));
  add_string (builder, "notes", (const char *) sqlite3_column_text (stmt, 3));
}

static gboolean
export_night (PtStore *self,
              JsonBuilder *builder,
              PtStmt *stmt,
              GError **error)
{
  json_builder_begin_object (builder);
  add_night_members (builder, stmt);
  if (!export_rows (self, builder, "players",
                    "SELECT p.uuid FROM night_players n JOIN players p ON p.id = n.player_id"
                    " WHERE n.night_id = ? AND p.deleted = 0 ORDER BY p.created, p.uuid",
                    sqlite3_column_int64 (stmt, 4), export_night_player, _("Could not export the nights"), error))
    return FALSE;
  json_builder_end_object (builder);
  return TRUE;
}

static gboolean
export_result (PtStore *self,
               JsonBuilder *builder,
               PtStmt *stmt,
               GError **error)
{
  json_builder_begin_object (builder);
  add_string (builder, "player", (const char *) sqlite3_column_text (stmt, 0));
  add_int (builder, "seat", sqlite3_column_int (stmt, 1));
  add_int (builder, "score", sqlite3_column_int (stmt, 2));
  add_int (builder, "rank", sqlite3_column_int (stmt, 3));
  add_bool (builder, "winner", sqlite3_column_int (stmt, 4) != 0);
  add_bool (builder, "ai", sqlite3_column_int (stmt, 5) != 0);
  add_int (builder, "ai_level", sqlite3_column_int (stmt, 6));
  json_builder_end_object (builder);
  return TRUE;
}

/* The columns of a match that the export and the salvage read, then its
 * id (MATCH_ID_COLUMN); its results are read apart (RESULTS_SQL). */
#define MATCH_SQL                                                 \
  "SELECT m.uuid, m.game, m.mode, m.started, m.finished, n.uuid," \
  " m.options, m.rule_reading, m.notes, b.json, r.json, m.id"     \
  " FROM matches m LEFT JOIN nights n ON n.id = m.night_id"       \
  " LEFT JOIN breakdowns b ON b.match_id = m.id"                  \
  " LEFT JOIN records r ON r.match_id = m.id"
#define MATCH_ID_COLUMN 11
#define RESULTS_SQL                                                       \
  "SELECT p.uuid, r.seat, r.score, r.rank, r.winner, r.is_ai, r.ai_level" \
  " FROM results r JOIN players p ON p.id = r.player_id"                  \
  " WHERE r.match_id = ? ORDER BY r.seat"

/* A match's members from MATCH_SQL's columns, with @results (consumed). */
static void
add_match_members (JsonBuilder *builder,
                   PtStmt *stmt,
                   JsonNode *results)
{
  add_string (builder, "uuid", (const char *) sqlite3_column_text (stmt, 0));
  add_string (builder, "game", (const char *) sqlite3_column_text (stmt, 1));
  add_string (builder, "mode", pt_match_mode_to_string (sqlite3_column_int (stmt, 2)));
  add_time (builder, "started", sqlite3_column_int64 (stmt, 3));
  add_time (builder, "finished", sqlite3_column_int64 (stmt, 4));
  json_builder_set_member_name (builder, "night");
  if (sqlite3_column_type (stmt, 5) == SQLITE_NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 5));
  add_json_text (builder, "options", (const char *) sqlite3_column_text (stmt, 6));
  add_string (builder, "rule_reading", (const char *) sqlite3_column_text (stmt, 7));
  add_string (builder, "notes", (const char *) sqlite3_column_text (stmt, 8));
  json_builder_set_member_name (builder, "results");
  json_builder_add_value (builder, results);
  add_json_text (builder, "breakdown", (const char *) sqlite3_column_text (stmt, 9));
  add_json_text (builder, "record", (const char *) sqlite3_column_text (stmt, 10));
}

/* The results of match @id as an array; NULL when they cannot be read
 * (SQLITE_CORRUPT in *@rc when there are none: a match without them is
 * lost). */
static JsonNode *
read_results (PtStore *self,
              gint64 id,
              int *rc)
{
  g_autoptr(PtStmt) results = pt_store_prepare (self, RESULTS_SQL, NULL);
  g_autoptr(JsonBuilder) rows = json_builder_new ();
  int n = 0;

  if (results == NULL)
    {
      *rc = SQLITE_ERROR;
      return NULL;
    }
  sqlite3_bind_int64 (results, 1, id);
  json_builder_begin_array (rows);
  while ((*rc = sqlite3_step (results)) == SQLITE_ROW && ++n > 0)
    export_result (self, rows, results, NULL);
  json_builder_end_array (rows);
  if (*rc != SQLITE_DONE)
    return NULL;
  if (n == 0)
    {
      *rc = SQLITE_CORRUPT;
      return NULL;
    }
  return json_builder_get_root (rows);
}

static gboolean
export_match (PtStore *self,
              JsonBuilder *builder,
              PtStmt *stmt,
              GError **error)
{
  int rc;
  JsonNode *results = read_results (self, sqlite3_column_int64 (stmt, MATCH_ID_COLUMN), &rc);

  /* The export keeps a match without results (as it always did). */
  if (results == NULL && rc == SQLITE_CORRUPT)
    results = json_node_init_array (json_node_alloc (), json_array_new ());
  if (results == NULL)
    return pt_store_set_error (self, rc, _("Could not export the matches"), error);
  json_builder_begin_object (builder);
  add_match_members (builder, stmt, results);
  json_builder_end_object (builder);
  return TRUE;
}

char *
pt_store_export_json (PtStore *self,
                      GError **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gboolean ok;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);

  /* A read transaction: one consistent snapshot even if a writer runs. */
  if (!pt_store_exec (self, "BEGIN", error))
    return NULL;
  json_builder_begin_object (builder);
  add_string (builder, "format", EXPORT_FORMAT);
  ok = export_rows (self, builder, "players",
                    "SELECT uuid, name, colour, created, archived FROM players"
                    " WHERE deleted = 0 ORDER BY created, uuid",
                    0, export_player, _("Could not export the players"), error) &&
                    export_rows (self, builder, "nights", "SELECT uuid, date, place, notes, id FROM nights ORDER BY date, uuid",
                                 0, export_night, _("Could not export the nights"), error) &&
                                 export_rows (self, builder, "matches", MATCH_SQL " WHERE m.deleted = 0 ORDER BY m.finished, m.uuid",
                                              0, export_match, _("Could not export the matches"), error);
  pt_store_rollback (self);
  if (!ok)
    return NULL;
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, TRUE);
}

/* Import ------------------------------------------------------------------- */

static const char *
get_string (JsonObject *object,
            const char *member,
            gboolean required)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return required ? NULL : "";
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
get_int (JsonObject *object,
         const char *member,
         gint64 *value)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

static gboolean
get_bool (JsonObject *object,
          const char *member,
          gboolean *value)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL)
    {
      *value = FALSE;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  *value = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
get_time (JsonObject *object,
          const char *member,
          gint64 *value)
{
  const char *text = get_string (object, member, TRUE);
  g_autoptr(GDateTime) time = NULL;

  if (text == NULL)
    return get_int (object, member, value);
  time = g_date_time_new_from_iso8601 (text, NULL);
  if (time == NULL)
    return FALSE;
  *value = g_date_time_to_unix (time);
  return TRUE;
}

/* A JSON member as text for the database; absent = NULL. */
static char *
member_text (JsonObject *object,
             const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  return json_to_string (node, FALSE);
}

typedef struct
{
  PtStore *self;
  const char *label;      /* "export", "BG Stats", "BoardGameGeek" */
  gboolean external;      /* converted from another app's file */
  GHashTable *player_ids; /* uuid -> gint64* */
  GHashTable *night_ids;  /* uuid -> gint64* */
  GHashTable *seen;       /* "kind\nuuid" -> where, for duplicates in the file */
  GHashTable *name_keys;  /* identity key -> gint64* of active players, lazily */
  PtRatingSpan span;      /* games with new matches, from where */
  PtImportSummary summary;
  PtImportProgressFunc progress;
  gpointer progress_data;
} Import;

static gboolean
invalid (Import *import,
         GError **error,
         const char *where,
         const char *what)
{
  if (import == NULL || !import->external)
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid export file: %s: %s"), where, what);
  else
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s: %s"), import->label, where, what);
  return FALSE;
}

/* Each UUID once per kind in one file: a second match with the UUID of the
 * first is a broken file, not a match "already present". */
static gboolean
check_unique (Import *import,
              const char *kind,
              const char *uuid,
              const char *where,
              GError **error)
{
  g_autofree char *key = g_strconcat (kind, "\n", uuid, NULL);
  const char *first = g_hash_table_lookup (import->seen, key);

  if (first != NULL)
    {
      g_autofree char *what = NULL;

      if (g_str_equal (kind, "player"))
        what = g_strdup_printf (_("the player UUID %s is used twice (also by %s)"), uuid, first);
      else if (g_str_equal (kind, "night"))
        what = g_strdup_printf (_("the night UUID %s is used twice (also by %s)"), uuid, first);
      else
        what = g_strdup_printf (_("the match UUID %s is used twice (also by %s)"), uuid, first);
      return invalid (import, error, where, what);
    }
  g_hash_table_insert (import->seen, g_steal_pointer (&key), g_strdup (where));
  return TRUE;
}

/* A text of the file: at most @max characters (NUL bytes and invalid
 * UTF-8 never get this far: the whole file is checked first). */
typedef enum
{
  TEXT_NAME,
  TEXT_COLOUR,
  TEXT_DATE,
  TEXT_PLACE,
  TEXT_NOTE,
  TEXT_RULE_READING
} TextKind;

static gboolean
check_text (Import *import,
            const char *text,
            glong max,
            TextKind kind,
            const char *where,
            GError **error)
{
  glong length;

  if (text == NULL)
    return TRUE;
  if (!g_utf8_validate (text, -1, NULL))
    return invalid (import, error, where, _("a text is not valid UTF-8"));
  length = g_utf8_strlen (text, -1);
  if (length > max)
    {
      g_autofree char *message = NULL;

      switch (kind)
        {
        case TEXT_NAME:
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "the name is longer than %ld character",
                                                  "the name is longer than %ld characters", max),
                                     max);
          break;
        case TEXT_COLOUR:
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "the colour is longer than %ld character",
                                                  "the colour is longer than %ld characters", max),
                                     max);
          break;
        case TEXT_DATE:
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "the date is longer than %ld character",
                                                  "the date is longer than %ld characters", max),
                                     max);
          break;
        case TEXT_PLACE:
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "the place is longer than %ld character",
                                                  "the place is longer than %ld characters", max),
                                     max);
          break;
        case TEXT_NOTE:
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "the note is longer than %ld character",
                                                  "the note is longer than %ld characters", max),
                                     max);
          break;
        case TEXT_RULE_READING:
        default:
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "the rule reading is longer than %ld character",
                                                  "the rule reading is longer than %ld characters", max),
                                     max);
          break;
        }
      return invalid (import, error, where, message);
    }
  return TRUE;
}

static gint64
lookup_id (PtStore *self,
           const char *sql,
           const char *text,
           GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return sqlite3_column_int64 (stmt, 0);
  if (rc == SQLITE_DONE)
    return 0;
  pt_store_set_error (self, rc, _("Could not import"), error);
  return -1;
}

static void
remember (GHashTable *table,
          const char *uuid,
          gint64 id)
{
  gint64 *value = g_new (gint64, 1);

  *value = id;
  g_hash_table_replace (table, g_strdup (uuid), value);
}

static void
remember_key (GHashTable *table,
              const char *name,
              gint64 id)
{
  g_autofree char *key = pt_player_name_key (name);

  remember (table, key, id);
}

/* The active, not archived player whose name is @name by the identity
 * rule; *id = 0 when there is none. */
static gboolean
find_by_name (Import *import,
              const char *name,
              gint64 *id,
              GError **error)
{
  g_autofree char *key = pt_player_name_key (name);
  gint64 *found;

  if (import->name_keys == NULL)
    {
      g_autoptr(PtStmt) stmt = pt_store_prepare (import->self,
                                                  "SELECT id, name FROM players"
                                                  " WHERE archived = 0 AND deleted = 0 ORDER BY id",
                                                  error);
      int rc;

      if (stmt == NULL)
        return FALSE;
      import->name_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          g_autofree char *k = pt_player_name_key ((const char *) sqlite3_column_text (stmt, 1));

          if (!g_hash_table_contains (import->name_keys, k))
            remember (import->name_keys, k, sqlite3_column_int64 (stmt, 0));
        }
      if (rc != SQLITE_DONE)
        return pt_store_set_error (import->self, rc, _("Could not import the players"), error);
    }
  found = g_hash_table_lookup (import->name_keys, key);
  *id = found != NULL ? *found : 0;
  return TRUE;
}

static gboolean
import_player (Import *import,
               JsonObject *object,
               const char *where,
               GError **error)
{
  PtStore *self = import->self;
  const char *uuid = get_string (object, "uuid", TRUE);
  const char *name = get_string (object, "name", TRUE);
  const char *colour = get_string (object, "colour", FALSE);
  gint64 created, id;
  gboolean archived;
  g_autoptr(PtStmt) insert = NULL;
  g_autofree char *key = NULL;
  int rc;

  if (uuid == NULL || name == NULL || *name == '\0' || colour == NULL ||
      !get_time (object, "created", &created) || !get_bool (object, "archived", &archived))
    return invalid (import, error, where, _("a player needs a uuid, a name, a colour and a creation time"));
  if (!check_text (import, name, PT_IMPORT_MAX_NAME, TEXT_NAME, where, error) ||
      !check_text (import, colour, PT_IMPORT_MAX_NAME, TEXT_COLOUR, where, error) ||
      !check_unique (import, "player", uuid, where, error))
    return FALSE;

  if ((id = lookup_id (self, "SELECT id FROM players WHERE uuid = ?", uuid, error)) < 0)
    return FALSE;
  /* The same person created separately on another computer: the name of an
   * active player is that player, by the identity rule ("begona" is
   * "Begoña"). */
  key = pt_player_name_key (name);
  if (id == 0 && !archived && !find_by_name (import, name, &id, error))
    return FALSE;
  if (id == 0)
    {
      insert = pt_store_prepare (self,
                                 "INSERT INTO players (uuid, name, name_key, colour, created, archived,"
                                 " modified) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                 error);
      if (insert == NULL)
        return FALSE;
      sqlite3_bind_text (insert, 1, uuid, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 2, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 3, key, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 4, colour, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (insert, 5, created);
      sqlite3_bind_int (insert, 6, archived);
      sqlite3_bind_int64 (insert, 7, pt_store_next_stamp (self));
      if ((rc = sqlite3_step (insert)) != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not import the players"), error);
      id = sqlite3_last_insert_rowid (self->db);
      import->summary.players_added++;
      if (!archived && import->name_keys != NULL)
        remember_key (import->name_keys, name, id);
    }
  remember (import->player_ids, uuid, id);
  return TRUE;
}

/* Attendance is added to what the night already lists (importing twice
 * changes nothing). */
static gboolean
import_night_players (Import *import,
                      JsonObject *object,
                      gint64 night_id,
                      const char *where,
                      GError **error)
{
  JsonNode *node = json_object_get_member (object, "players");
  g_autoptr(PtStmt) add = NULL;
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (import, error, where, _("the players of a night must be a list"));
  array = json_node_get_array (node);
  add = pt_store_prepare (import->self,
                          "INSERT OR IGNORE INTO night_players (night_id, player_id) VALUES (?, ?)",
                          error);
  if (add == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      gint64 *player = NULL;

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        player = g_hash_table_lookup (import->player_ids, json_node_get_string (element));
      if (player == NULL)
        return invalid (import, error, where, _("a player of the night is not in the file"));
      sqlite3_reset (add);
      sqlite3_bind_int64 (add, 1, night_id);
      sqlite3_bind_int64 (add, 2, *player);
      if (!pt_store_step_done (import->self, add, _("Could not import the nights"), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
find_night (Import *import,
            const char *date,
            const char *place,
            gint64 *id,
            GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (import->self,
                                              "SELECT id, place FROM nights WHERE date = ? ORDER BY id",
                                              error);
  int rc;

  *id = 0;
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, date, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    if (pt_player_name_equal ((const char *) sqlite3_column_text (stmt, 1), place))
      {
        *id = sqlite3_column_int64 (stmt, 0);
        return TRUE;
      }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (import->self, rc, _("Could not import the nights"), error);
  return TRUE;
}

static gboolean
import_night (Import *import,
              JsonObject *object,
              const char *where,
              GError **error)
{
  PtStore *self = import->self;
  const char *uuid = get_string (object, "uuid", TRUE);
  const char *date = get_string (object, "date", TRUE);
  const char *place = get_string (object, "place", FALSE);
  const char *notes = get_string (object, "notes", FALSE);
  g_autoptr(PtStmt) insert = NULL;
  gint64 id;
  int rc;

  if (uuid == NULL || date == NULL || place == NULL || notes == NULL)
    return invalid (import, error, where, _("a night needs a uuid and a date"));
  if (!check_text (import, date, PT_IMPORT_MAX_NAME, TEXT_DATE, where, error) ||
      !check_text (import, place, PT_IMPORT_MAX_NAME, TEXT_PLACE, where, error) ||
      !check_text (import, notes, PT_IMPORT_MAX_NOTES, TEXT_NOTE, where, error) ||
      !check_unique (import, "night", uuid, where, error))
    return FALSE;
  if ((id = lookup_id (self, "SELECT id FROM nights WHERE uuid = ?", uuid, error)) < 0)
    return FALSE;
  /* From another app: a night kept here on that date at that place is
   * that night. */
  if (id == 0 && import->external && *place != '\0' &&
      !find_night (import, date, place, &id, error))
    return FALSE;
  if (id == 0)
    {
      insert = pt_store_prepare (self,
                                 "INSERT INTO nights (uuid, date, place, notes, modified)"
                                 " VALUES (?, ?, ?, ?, ?)",
                                 error);
      if (insert == NULL)
        return FALSE;
      sqlite3_bind_text (insert, 1, uuid, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 2, date, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 3, place, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (insert, 4, notes, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (insert, 5, pt_store_next_stamp (self));
      if ((rc = sqlite3_step (insert)) != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not import the nights"), error);
      id = sqlite3_last_insert_rowid (self->db);
      import->summary.nights_added++;
    }
  remember (import->night_ids, uuid, id);
  return import_night_players (import, object, id, where, error);
}

static gboolean
import_result (Import *import,
               PtMatchEntry *entry,
               JsonNode *node,
               const char *where,
               GError **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *player;
  gint64 seat, score, rank, level = 0, *id;
  gboolean winner, ai;
  PtMatchResult *result;

  /* 1e30 or 12.5: a number, but not a score. */
  if (object != NULL && json_object_has_member (object, "score") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "score")) &&
      json_node_get_value_type (json_object_get_member (object, "score")) == G_TYPE_DOUBLE)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *what = NULL;

      g_ascii_dtostr (number, sizeof number, json_object_get_double_member (object, "score"));
      what = g_strdup_printf (_("the score %s is not a whole number from %d to %d"), number,
                                 G_MININT32, G_MAXINT32);
      return invalid (import, error, where, what);
    }
  if (object == NULL || (player = get_string (object, "player", TRUE)) == NULL ||
      !get_int (object, "seat", &seat) || !get_int (object, "score", &score) ||
      !get_int (object, "rank", &rank) || !get_bool (object, "winner", &winner) ||
      !get_bool (object, "ai", &ai) ||
      (json_object_has_member (object, "ai_level") && !get_int (object, "ai_level", &level)) ||
      seat < 0 || seat > 64 || rank < 0 || rank > 64 || level < 0 || level > 64)
    return invalid (import, error, where, _("a result needs a player, a seat, a score, a rank and a winner flag"));
  if (score < G_MININT32 || score > G_MAXINT32)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, score);
      g_autofree char *what =
          g_strdup_printf (_("the score %s is outside the range of a score (%d to %d)"),
                              number, G_MININT32, G_MAXINT32);
      return invalid (import, error, where, what);
    }
  id = g_hash_table_lookup (import->player_ids, player);
  if (id == NULL)
    return invalid (import, error, where, _("the player is not in the file"));
  result = pt_match_result_new (*id, seat, score, winner);
  result->rank = rank;
  result->is_ai = ai;
  result->ai_level = level;
  pt_match_entry_add_result (entry, result);
  return TRUE;
}

static gboolean
import_match (Import *import,
              JsonObject *object,
              const char *where,
              GError **error)
{
  PtStore *self = import->self;
  const char *uuid = get_string (object, "uuid", TRUE);
  const char *game = get_string (object, "game", TRUE);
  const char *mode = get_string (object, "mode", TRUE);
  const char *night = get_string (object, "night", FALSE);
  const char *rule_reading = get_string (object, "rule_reading", FALSE);
  const char *notes = get_string (object, "notes", FALSE);
  JsonNode *results = json_object_get_member (object, "results");
  g_autoptr(PtMatchEntry) entry = NULL;
  PtMatchMode match_mode;
  gint64 existing;

  if (uuid == NULL || game == NULL || *game == '\0' || mode == NULL ||
      !pt_match_mode_from_string (mode, &match_mode) || night == NULL ||
      rule_reading == NULL || notes == NULL || results == NULL || !JSON_NODE_HOLDS_ARRAY (results))
    return invalid (import, error, where, _("a match needs a uuid, a game, a mode and results"));
  if (!pt_import_is_known_game (game))
    {
      g_autofree char *what = g_strdup_printf (_("unknown game “%s”"), game);
      return invalid (import, error, where, what);
    }
  if (!check_text (import, notes, PT_IMPORT_MAX_NOTES, TEXT_NOTE, where, error) ||
      !check_text (import, rule_reading, PT_IMPORT_MAX_NAME, TEXT_RULE_READING, where, error) ||
      !check_unique (import, "match", uuid, where, error))
    return FALSE;

  entry = pt_match_entry_new (game, match_mode);
  if (!get_time (object, "started", &entry->started) ||
      !get_time (object, "finished", &entry->finished))
    return invalid (import, error, where, _("bad start or finish time"));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (results)); i++)
    {
      g_autofree char *result_where = g_strdup_printf ("%s.results[%u]", where, i);

      if (!import_result (import, entry,
                          json_array_get_element (json_node_get_array (results), i),
                          result_where, error))
        return FALSE;
    }
  if ((existing = lookup_id (self, "SELECT id FROM matches WHERE uuid = ?", uuid, error)) < 0)
    return FALSE;
  if (existing > 0)
    {
      import->summary.matches_skipped++;
      return TRUE;
    }
  if (*night != '\0')
    {
      gint64 *night_id = g_hash_table_lookup (import->night_ids, night);

      if (night_id == NULL)
        return invalid (import, error, where, _("the night is not in the file"));
      entry->night_id = *night_id;
    }
  entry->uuid = g_strdup (uuid);
  entry->rule_reading = g_strdup (rule_reading);
  entry->notes = g_strdup (notes);
  entry->options = member_text (object, "options");
  entry->breakdown = member_text (object, "breakdown");
  entry->record = member_text (object, "record");
  if (!pt_store_insert_match (self, entry, FALSE, error))
    {
      g_prefix_error (error, "%s: ", where);
      return FALSE;
    }
  pt_rating_span_add (&import->span, game, entry->finished, entry->id);
  import->summary.matches_added++;
  return TRUE;
}

typedef gboolean (*ImportFunc) (Import *, JsonObject *, const char *, GError **);

static gboolean
import_array (Import *import,
              JsonObject *root,
              const char *member,
              ImportFunc func,
              GError **error)
{
  JsonNode *node = json_object_get_member (root, member);
  JsonArray *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (import, error, member, _("not an array"));
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("%s[%u]", member, i);
      const char *source;

      /* A converted file names the item of the original file. */
      if (JSON_NODE_HOLDS_OBJECT (element) &&
          (source = get_string (json_node_get_object (element), "source", TRUE)) != NULL)
        {
          g_free (where);
          where = g_strdup (source);
        }
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return invalid (import, error, where, _("not an object"));
      if (import->progress != NULL && func == import_match && i % 64 == 0)
        import->progress (i, json_array_get_length (array), import->progress_data);
      if (!func (import, json_node_get_object (element), where, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
import_locked (Import *import,
               JsonObject *root,
               GError **error)
{
  if (!import_array (import, root, "players", import_player, error) ||
      !import_array (import, root, "nights", import_night, error) ||
      !import_array (import, root, "matches", import_match, error))
    return FALSE;
  /* Ratings once per touched game, from its earliest imported match,
   * rather than once per imported match. */
  return pt_rating_span_recompute (&import->span, import->self, error);
}

static gboolean
import_root (PtStore *self,
             JsonNode *root,
             PtImportFormat format,
             PtImportProgressFunc progress,
             gpointer progress_data,
             PtImportSummary *summary,
             GError **error)
{
  Import import = { self };
  gboolean ok;

  import.progress = progress;
  import.progress_data = progress_data;
  import.external = format != PT_IMPORT_FORMAT_PARTIDA;
  import.label = format == PT_IMPORT_FORMAT_BGSTATS ? "BG Stats"
                 : format == PT_IMPORT_FORMAT_BGG   ? "BoardGameGeek"
                                                    : "export";
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      g_strcmp0 (get_string (json_node_get_object (root), "format", TRUE), EXPORT_FORMAT) != 0)
    return invalid (&import, error, "format", _("not a Partida export (partida-export/1)"));

  import.player_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.night_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  import.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  pt_rating_span_init (&import.span);

  ok = pt_store_begin (self, error);
  if (ok)
    {
      ok = import_locked (&import, json_node_get_object (root), error) &&
           pt_store_commit (self, error);
      if (!ok)
        pt_store_rollback (self);
    }
  if (ok && summary != NULL)
    {
      summary->players_added = import.summary.players_added;
      summary->nights_added = import.summary.nights_added;
      summary->matches_added = import.summary.matches_added;
      summary->matches_skipped = import.summary.matches_skipped;
    }

  g_hash_table_unref (import.player_ids);
  g_hash_table_unref (import.night_ids);
  g_hash_table_unref (import.seen);
  g_clear_pointer (&import.name_keys, g_hash_table_unref);
  pt_rating_span_clear (&import.span);
  return ok;
}

void
pt_import_summary_clear (PtImportSummary *summary)
{
  g_clear_pointer (&summary->details, g_free);
  memset (summary, 0, sizeof *summary);
}

gboolean
pt_store_import (PtStore *self,
                 const char *data,
                 gssize length,
                 PtImportFormat format,
                 PtImportSummary *summary,
                 GError **error)
{
  return pt_store_import_with_progress (self, data, length, format, NULL, NULL, summary, error);
}

gboolean
pt_store_import_with_progress (PtStore *self,
                               const char *data,
                               gssize length,
                               PtImportFormat format,
                               PtImportProgressFunc progress,
                               gpointer progress_data,
                               PtImportSummary *summary,
                               GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local_error = NULL;
  PtImportSkips skips = { 0 };
  PtImportSummary result = { 0 };
  gsize size;
  gboolean ok;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  size = length < 0 ? strlen (data) : (gsize) length;
  if (format == PT_IMPORT_FORMAT_AUTO)
    format = pt_import_detect_format (data, size);
  switch (format)
    {
    case PT_IMPORT_FORMAT_BGSTATS:
      root = pt_import_convert_bgstats (data, size, &skips, error);
      if (root == NULL)
        {
          pt_import_skips_clear (&skips);
          return FALSE;
        }
      break;
    case PT_IMPORT_FORMAT_BGG:
      root = pt_import_convert_bgg (data, size, &skips, error);
      if (root == NULL)
        {
          pt_import_skips_clear (&skips);
          return FALSE;
        }
      break;
    case PT_IMPORT_FORMAT_PARTIDA:
      if (!pt_import_check_text (data, size, TRUE, error))
        return FALSE;
      /* Outside text goes through the one hardened JSON reader. */
      root = pt_json_parse (data, &local_error);
      if (root == NULL)
        return invalid (NULL, error, "JSON", local_error->message);
      break;
    case PT_IMPORT_FORMAT_AUTO:
    default:
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("The file is neither a Partida export, a BG Stats export nor a "
                             "BoardGameGeek plays file"));
      return FALSE;
    }

  /* Nothing is written into a damaged database. */
  if (!pt_store_check_integrity (self, error))
    {
      pt_import_skips_clear (&skips);
      return FALSE;
    }
  ok = import_root (self, root, format, progress, progress_data, &result, error);
  result.format = format;
  result.plays_read = skips.plays_read;
  result.plays_other_games = skips.plays_other_games;
  result.plays_unusable = skips.plays_unusable;
  if (skips.details != NULL && skips.details->len > 0)
    result.details = g_strdup (skips.details->str);
  pt_import_skips_clear (&skips);
  if (ok && summary != NULL)
    *summary = result;
  else
    pt_import_summary_clear (&result);
  return ok;
}

gboolean
pt_store_import_json (PtStore *self,
                      const char *json,
                      PtImportSummary *summary,
                      GError **error)
{
  return pt_store_import (self, json, -1, PT_IMPORT_FORMAT_PARTIDA, summary, error);
}

/* CSV ---------------------------------------------------------------------- */

static void
csv_field (GString *out,
           const char *text,
           gboolean last)
{
  gboolean formula;

  if (text == NULL)
    text = "";
  /* A spreadsheet runs a cell starting with =, +, -, @, a tab or a carriage
   * return as a formula (CSV injection): such a text is kept as text with
   * a leading apostrophe, inside quotes. */
  formula = strchr ("=+-@\t\r", *text) != NULL && *text != '\0';
  /* RFC 4180: quote fields with separators, quotes or line breaks, and
   * double the quotes inside; leading/trailing spaces are quoted too so
   * spreadsheets keep them. */
  if (formula || strpbrk (text, ",\"\r\n") != NULL || *text == ' ' ||
      (*text != '\0' && text[strlen (text) - 1] == ' '))
    {
      g_string_append_c (out, '"');
      if (formula)
        g_string_append_c (out, '\'');
      for (const char *p = text; *p != '\0'; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, text);
  g_string_append (out, last ? "\r\n" : ",");
}

static void
csv_int (GString *out,
         gint64 value)
{
  g_string_append_printf (out, "%" G_GINT64_FORMAT ",", value);
}

char *
pt_store_export_csv (PtStore *self,
                     GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT m.uuid, m.game, m.mode, m.started, m.finished, n.date, p.name,"
                           " r.seat, r.score, r.rank, r.winner, r.is_ai, r.ai_level, m.notes"
                           " FROM matches m JOIN results r ON r.match_id = m.id"
                           " JOIN players p ON p.id = r.player_id"
                           " LEFT JOIN nights n ON n.id = m.night_id"
                           " WHERE m.deleted = 0 ORDER BY m.finished, m.id, r.seat",
                           error);
  if (stmt == NULL)
    return NULL;
  g_string_append (out, "match,game,mode,started,finished,night,player,seat,score,rank,winner,"
                        "ai,ai_level,notes\r\n");
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autofree char *started = iso_time (sqlite3_column_int64 (stmt, 3));
      g_autofree char *finished = iso_time (sqlite3_column_int64 (stmt, 4));

      csv_field (out, (const char *) sqlite3_column_text (stmt, 0), FALSE);
      csv_field (out, (const char *) sqlite3_column_text (stmt, 1), FALSE);
      csv_field (out, pt_match_mode_to_string (sqlite3_column_int (stmt, 2)), FALSE);
      csv_field (out, started, FALSE);
      csv_field (out, finished, FALSE);
      csv_field (out, (const char *) sqlite3_column_text (stmt, 5), FALSE);
      csv_field (out, (const char *) sqlite3_column_text (stmt, 6), FALSE);
      for (int c = 7; c <= 12; c++)
        csv_int (out, sqlite3_column_int64 (stmt, c));
      csv_field (out, (const char *) sqlite3_column_text (stmt, 13), TRUE);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not export the results"), error);
      return NULL;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Salvage ------------------------------------------------------------------ */

/* The highest id of a table from @sql (the table itself, or another that
 * names its ids), or -1 when it cannot be read. */
static gint64
salvage_max_id (PtStore *self,
                const char *sql)
{
  g_autoptr(PtStmt) stmt = sql != NULL ? pt_store_prepare (self, sql, NULL) : NULL;

  if (stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW)
    return sqlite3_column_int64 (stmt, 0);
  return -1;
}

/* Without any known bound, the walk stops after this many ids in a row
 * that cannot be read. */
#define SALVAGE_UNBOUNDED_RUN 10000

/* Walks ids 1..max of one table: read_row() returns SQLITE_ROW (kept),
 * SQLITE_DONE (no such id) or an error (lost). */
typedef int (*SalvageRow) (PtStore *self, JsonBuilder *builder, gint64 id);

static void
salvage_table (PtStore *self,
               JsonBuilder *builder,
               const char *member,
               const char *max_sql,
               const char *other_max_sql,
               SalvageRow read_row,
               int *kept,
               int *lost)
{
  gint64 max = MAX (salvage_max_id (self, max_sql), salvage_max_id (self, other_max_sql));
  gboolean bounded = max >= 0;
  int pending = 0, run = 0;

  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (gint64 id = 1; bounded ? id <= max : run < SALVAGE_UNBOUNDED_RUN; id++)
    {
      int rc = read_row (self, builder, id);

      if (rc == SQLITE_ROW)
        {
          (*kept)++;
          *lost += pending;
          pending = run = 0;
        }
      else
        {
          run++;
          if (rc != SQLITE_DONE)
            pending++;
        }
    }
  /* Unreadable ids past the last row are lost rows only within a bound. */
  if (bounded)
    *lost += pending;
  json_builder_end_array (builder);
}

static int
salvage_player (PtStore *self,
                JsonBuilder *builder,
                gint64 id)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT uuid, name, colour, created, archived FROM players"
                                              " WHERE id = ? AND deleted = 0",
                                              NULL);
  int rc;

  if (stmt == NULL)
    return SQLITE_ERROR;
  sqlite3_bind_int64 (stmt, 1, id);
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    return rc;
  export_player (self, builder, stmt, NULL);
  return SQLITE_ROW;
}

static int
salvage_night (PtStore *self,
               JsonBuilder *builder,
               gint64 id)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                              "SELECT uuid, date, place, notes FROM nights WHERE id = ?",
                                              NULL);
  int rc;

  if (stmt == NULL)
    return SQLITE_ERROR;
  sqlite3_bind_int64 (stmt, 1, id);
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    return rc;
  json_builder_begin_object (builder);
  add_night_members (builder, stmt);
  /* The attendance list is a nicety: lost with its page, the night stays. */
  json_builder_end_object (builder);
  return SQLITE_ROW;
}

static int
salvage_match (PtStore *self,
               JsonBuilder *builder,
               gint64 id)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, MATCH_SQL " WHERE m.id = ? AND m.deleted = 0", NULL);
  JsonNode *results;
  int rc;

  if (stmt == NULL)
    return SQLITE_ERROR;
  sqlite3_bind_int64 (stmt, 1, id);
  if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    return rc;
  /* The results first: a match without them is lost. */
  if ((results = read_results (self, id, &rc)) == NULL)
    return rc;
  json_builder_begin_object (builder);
  add_match_members (builder, stmt, results);
  json_builder_end_object (builder);
  return SQLITE_ROW;
}

/* A night or a player lost with its page leaves matches naming it: such a
 * match goes without its night; one whose player is lost is lost. */
static void
salvage_repair (JsonObject *root,
                int *matches_lost)
{
  g_autoptr(GHashTable) players = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) nights = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array = json_object_get_array_member (root, "players");
  JsonArray *matches = json_object_get_array_member (root, "matches");

  for (guint i = 0; i < json_array_get_length (array); i++)
    g_hash_table_add (players, (char *) json_object_get_string_member (
                                   json_array_get_object_element (array, i), "uuid"));
  array = json_object_get_array_member (root, "nights");
  for (guint i = 0; i < json_array_get_length (array); i++)
    g_hash_table_add (nights, (char *) json_object_get_string_member (
                                  json_array_get_object_element (array, i), "uuid"));
  for (guint i = json_array_get_length (matches); i-- > 0;)
    {
      JsonObject *match = json_array_get_object_element (matches, i);
      JsonArray *results = json_object_get_array_member (match, "results");
      JsonNode *night_node = json_object_get_member (match, "night");
      const char *night = night_node != NULL && JSON_NODE_HOLDS_VALUE (night_node)
                              ? json_node_get_string (night_node)
                              : NULL;
      gboolean complete = TRUE;

      for (guint r = 0; r < json_array_get_length (results); r++)
        complete &= g_hash_table_contains (players, json_object_get_string_member (
                                                        json_array_get_object_element (results, r), "player"));
      if (!complete)
        {
          json_array_remove_element (matches, i);
          (*matches_lost)++;
          continue;
        }
      if (night != NULL && !g_hash_table_contains (nights, night))
        json_object_set_null_member (match, "night");
    }
}

gboolean
pt_store_salvage (PtStore *self,
                  const char *dest_path,
                  PtSalvageSummary *summary,
                  GError **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(PtStore) dest = NULL;
  PtSalvageSummary counts = { 0 };
  PtImportSummary imported = { 0 };
  gboolean ok;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (dest_path != NULL, FALSE);

  if (g_file_test (dest_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED,
                   _("“%s” already exists; salvage writes a new database"), dest_path);
      return FALSE;
    }
  /* Row by row: a bad page loses its rows, not the whole table. */
  json_builder_begin_object (builder);
  add_string (builder, "format", EXPORT_FORMAT);
  salvage_table (self, builder, "players", "SELECT max(id) FROM players",
                 "SELECT max(player_id) FROM results", salvage_player,
                 &counts.players, &counts.players_lost);
  salvage_table (self, builder, "nights", "SELECT max(id) FROM nights",
                 "SELECT max(night_id) FROM matches", salvage_night,
                 &counts.nights, &counts.nights_lost);
  salvage_table (self, builder, "matches", "SELECT max(id) FROM matches",
                 "SELECT max(match_id) FROM results", salvage_match,
                 &counts.matches, &counts.matches_lost);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  salvage_repair (json_node_get_object (root), &counts.matches_lost);

  dest = pt_store_open (dest_path, PT_STORE_OPEN_CREATE, error);
  if (dest == NULL)
    return FALSE;
  ok = import_root (dest, root, PT_IMPORT_FORMAT_PARTIDA, NULL, NULL, &imported, error);
  if (!ok)
    {
      g_prefix_error (error, _("Could not write the salvaged history: "));
      return FALSE;
    }
  counts.matches = imported.matches_added;
  if (summary != NULL)
    *summary = counts;
  return TRUE;
}

/* Integrity ---------------------------------------------------------------- */

static void
set_damaged (GError **error,
             const char *path,
             const char *what)
{
  /* No way out named here: the app offers its salvage, partida-cli adds its own commands. */
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT, _("The history in “%s” is damaged (%s)."), path, what);
}

gboolean
pt_store_check_integrity (PtStore *self,
                          GError **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *first = NULL;
  g_autofree char *restore = NULL;
  gboolean ok;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  /* The check reads every page once: with a small page cache for it, the
   * connection's cache (up to 32 MiB) does not fill with the whole file —
   * the app's memory at 100,000 matches. */
  stmt = pt_store_prepare (self, "PRAGMA cache_size", NULL);
  if (stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW)
    restore = g_strdup_printf ("PRAGMA cache_size = %" G_GINT64_FORMAT,
                               (gint64) sqlite3_column_int64 (stmt, 0));
  g_clear_pointer (&stmt, pt_stmt_release);
  if (restore != NULL)
    pt_store_exec (self, "PRAGMA cache_size = -1024", NULL);

  stmt = pt_store_prepare (self, "PRAGMA quick_check", error);
  if (stmt == NULL)
    ok = FALSE;
  else
    {
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        first = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      ok = g_strcmp0 (first, "ok") == 0;
      if (!ok)
        set_damaged (error, self->path, first != NULL ? first : sqlite3_errmsg (self->db));
    }
  g_clear_pointer (&stmt, pt_stmt_release);
  if (restore != NULL)
    pt_store_exec (self, restore, NULL);
  return ok;
}

static void (*check_hook) (gpointer data);
static gpointer check_hook_data;

void
pt_store_debug_set_check_hook (void (*hook) (gpointer data),
                               gpointer data)
{
  check_hook = hook;
  check_hook_data = data;
}

gboolean
pt_store_check_integrity_at (const char *path,
                             GError **error)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *first = NULL;
  gboolean ok;
  int rc;

  g_return_val_if_fail (path != NULL, FALSE);

  /* Read-only, but not immutable: the worker and the main connection
   * write beside it (WAL), and the check reads one snapshot. */
  rc = sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (db, 5000);
      /* Its own small page cache (see pt_store_check_integrity). */
      sqlite3_exec (db, "PRAGMA cache_size = -1024", NULL, NULL, NULL);
      if (check_hook != NULL)
        check_hook (check_hook_data);
      rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check", -1, &stmt, NULL);
    }
  if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    first = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  ok = g_strcmp0 (first, "ok") == 0;
  if (!ok && first != NULL)
    set_damaged (error, path, first);
  else if (!ok)
    {
      /* Not readable at all: damaged too (a failed open or step). */
      if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
        set_damaged (error, path, db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
      else
        {
          g_message ("Integrity check of %s: %s", path, db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
          g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED, _("Could not read the database"));
        }
    }
  sqlite3_finalize (stmt);
  sqlite3_close_v2 (db);
  return ok;
}

/* Backup and restore ------------------------------------------------------- */

gboolean
pt_store_backup (PtStore *self,
                 const char *dest_path,
                 GError **error)
{
  g_autofree char *tmp = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (dest_path != NULL, FALSE);

  /* A copy of a damaged database would be refused by restore later. */
  if (!pt_store_check_integrity (self, error))
    return FALSE;
  /* Copy beside the destination and rename: an existing backup is only
   * replaced by a complete one. */
  tmp = g_strdup_printf ("%s.partial-%d", dest_path, (int) getpid ());
  g_unlink (tmp);
  if (!pt_store_copy_database (self->db, tmp, error))
    return FALSE;
  if (g_rename (tmp, dest_path) != 0)
    {
      int saved_errno = errno;
      g_unlink (tmp);
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_IO, _("Could not write “%s”: %s"), dest_path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_backup (sqlite3 *src,
              const char *path,
              GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int version = -1, app_id = -1;
  gboolean ok = FALSE;

  if (sqlite3_prepare_v2 (src, "PRAGMA user_version", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    version = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  if (sqlite3_prepare_v2 (src, "PRAGMA application_id", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    app_id = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  if (version > PT_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NEWER_VERSION,
                   _("“%s” was written by a newer version of Partida"), path);
      return FALSE;
    }
  if (version < 1 || app_id != PT_STORE_APPLICATION_ID)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                   _("“%s” is not a Partida database"), path);
      return FALSE;
    }
  if (sqlite3_prepare_v2 (src, "PRAGMA integrity_check", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    ok = g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0;
  sqlite3_finalize (stmt);
  if (!ok)
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT, _("“%s” is damaged"), path);
  return ok;
}

gboolean
pt_store_restore (PtStore *self,
                  const char *src_path,
                  GError **error)
{
  sqlite3 *src = NULL;
  sqlite3_backup *backup;
  g_autofree char *suffix = NULL;
  g_autofree char *keep = NULL;
  int rc, version = 0;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (src_path != NULL, FALSE);

  if (!g_file_test (src_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("There is no file “%s”"), src_path);
      return FALSE;
    }
  if (!pt_store_check_header (src_path, error))
    return FALSE;
  rc = sqlite3_open_v2 (src_path, &src, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT, _("Could not open “%s”: %s"), src_path, sqlite3_errmsg (src));
      sqlite3_close_v2 (src);
      return FALSE;
    }
  if (!check_backup (src, src_path, error))
    {
      sqlite3_close_v2 (src);
      return FALSE;
    }

  /* Keep what is being replaced: a restore is a big step to undo by hand. */
  suffix = pt_store_timestamp_suffix ();
  keep = g_strdup_printf ("%s.before-restore-%s", self->path, suffix);
  if (!pt_store_copy_database (self->db, keep, error))
    {
      sqlite3_close_v2 (src);
      return FALSE;
    }

  g_hash_table_remove_all (self->statements);
  backup = sqlite3_backup_init (self->db, "main", src, "main");
  if (backup == NULL)
    rc = sqlite3_errcode (self->db);
  else
    {
      rc = sqlite3_backup_step (backup, -1);
      rc = sqlite3_backup_finish (backup) == SQLITE_OK && rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
  sqlite3_close_v2 (src);
  if (rc != SQLITE_OK)
    return pt_store_set_error (self, rc, _("Could not restore the backup"), error);

  {
    g_autoptr(PtStmt) stmt = pt_store_prepare (self, "PRAGMA user_version", error);
    if (stmt == NULL || sqlite3_step (stmt) != SQLITE_ROW)
      return stmt == NULL ? FALSE
                          : pt_store_set_error (self, sqlite3_errcode (self->db),
                                                _("Could not restore the backup"), error);
    version = sqlite3_column_int (stmt, 0);
  }
  self->schema_version = version;
  return pt_store_migrate (self, version, error);
}
