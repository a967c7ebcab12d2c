/* pt-store.c — the match history database
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
#include "pt-sync.h"

G_DEFINE_QUARK (pt-store-error-quark, pt_store_error)

G_DEFINE_FINAL_TYPE (PtStore, pt_store, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Schema ------------------------------------------------------------------
 *
 * Step N turns a version N-1 database into version N; steps are never edited
 * once released, only appended. Times are Unix seconds (UTC). Matches and
 * nights go to the trash (deleted = the time they went, since schema 5)
 * until purged, so the UI can undo; players are soft deleted (deleted = 1).
 */
static const char *const migrations[] = {
  NULL,
  /* 1: the history */
  "CREATE TABLE players ("
  "  id INTEGER PRIMARY KEY,"
  "  uuid TEXT NOT NULL UNIQUE,"
  "  name TEXT NOT NULL CHECK (length (name) > 0),"
  "  colour TEXT NOT NULL DEFAULT '',"
  "  created INTEGER NOT NULL,"
  "  archived INTEGER NOT NULL DEFAULT 0,"
  "  deleted INTEGER NOT NULL DEFAULT 0);"
  /* Names are unique among active players only: an archived "Ana" does not
   * stop a new "Ana" from joining. Case-insensitive, as people would see it. */
  "CREATE UNIQUE INDEX players_active_name ON players (name COLLATE NOCASE)"
  "  WHERE archived = 0 AND deleted = 0;"
  "CREATE TABLE nights ("
  "  id INTEGER PRIMARY KEY,"
  "  uuid TEXT NOT NULL UNIQUE,"
  "  date TEXT NOT NULL,"
  "  place TEXT NOT NULL DEFAULT '',"
  "  notes TEXT NOT NULL DEFAULT '');"
  "CREATE TABLE matches ("
  "  id INTEGER PRIMARY KEY,"
  "  uuid TEXT NOT NULL UNIQUE,"
  "  game TEXT NOT NULL,"
  "  mode INTEGER NOT NULL CHECK (mode IN (0, 1)),"
  "  started INTEGER NOT NULL,"
  "  finished INTEGER NOT NULL,"
  "  night_id INTEGER REFERENCES nights (id) ON DELETE SET NULL,"
  "  options TEXT NOT NULL DEFAULT '{}',"
  "  rule_reading TEXT NOT NULL DEFAULT '',"
  "  notes TEXT NOT NULL DEFAULT '',"
  "  deleted INTEGER NOT NULL DEFAULT 0);"
  "CREATE INDEX matches_finished ON matches (finished, id);"
  "CREATE INDEX matches_game_finished ON matches (game, finished, id);"
  "CREATE INDEX matches_night ON matches (night_id);"
  "CREATE TABLE results ("
  "  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,"
  "  seat INTEGER NOT NULL,"
  "  player_id INTEGER NOT NULL REFERENCES players (id),"
  "  score INTEGER NOT NULL,"
  "  rank INTEGER NOT NULL,"
  "  winner INTEGER NOT NULL,"
  "  is_ai INTEGER NOT NULL DEFAULT 0,"
  "  ai_level INTEGER NOT NULL DEFAULT 0,"
  "  PRIMARY KEY (match_id, seat),"
  "  UNIQUE (match_id, player_id)) WITHOUT ROWID;"
  "CREATE INDEX results_player ON results (player_id, match_id);"
  "CREATE TABLE breakdowns ("
  "  match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,"
  "  json TEXT NOT NULL);"
  "CREATE TABLE records ("
  "  match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,"
  "  json TEXT NOT NULL);"
  "CREATE TABLE saved_games ("
  "  id INTEGER PRIMARY KEY,"
  "  game TEXT NOT NULL,"
  "  record TEXT NOT NULL,"
  "  options TEXT NOT NULL DEFAULT '{}',"
  "  created INTEGER NOT NULL,"
  "  updated INTEGER NOT NULL);",
  /* 2: score sheet drafts and Elo ratings (filled by the migration) */
  "CREATE TABLE drafts ("
  "  game TEXT PRIMARY KEY,"
  "  json TEXT NOT NULL,"
  "  updated INTEGER NOT NULL);"
  "CREATE TABLE ratings ("
  "  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,"
  "  player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,"
  "  game TEXT NOT NULL,"
  "  finished INTEGER NOT NULL,"
  "  before REAL NOT NULL,"
  "  after REAL NOT NULL,"
  "  plays INTEGER NOT NULL,"
  "  PRIMARY KEY (match_id, player_id)) WITHOUT ROWID;"
  "CREATE INDEX ratings_player ON ratings (player_id, game, finished, match_id);"
  /* A player's statistics read only their own results, in time order: the
   * match's game, time and deleted flag are copied into each result (kept in
   * step by the trigger) so one covering index answers them without a
   * lookup per match (100,000 matches: 25 ms -> 4 ms). */
  "ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT '';"
  "ALTER TABLE results ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE results ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;"
  /* lineup: "player:rank:winner,…" of the whole match, so head-to-head
   * comes from the same index scan instead of a join per match. */
  "ALTER TABLE results ADD COLUMN lineup TEXT NOT NULL DEFAULT '';"
  "UPDATE results SET (game, finished, deleted) ="
  "  (SELECT game, finished, deleted FROM matches WHERE id = results.match_id);"
  "UPDATE results SET lineup = (SELECT group_concat (player_id || ':' || rank || ':' || winner, ',')"
  "  FROM results r2 WHERE r2.match_id = results.match_id);"
  "CREATE INDEX results_player_time ON results"
  "  (player_id, deleted, finished, match_id, game, score, winner, rank, lineup);"
  "CREATE TRIGGER matches_copy_to_results AFTER UPDATE OF game, finished, deleted ON matches"
  "  BEGIN UPDATE results SET game = NEW.game, finished = NEW.finished, deleted = NEW.deleted"
  "  WHERE match_id = NEW.id; END;",
  /* 3: cheaper saves and re-rating. results_player (player, match) only
   * repeated the first columns of results_player_time, yet cost every save
   * a page per player; its place goes to the order the ratings are replayed
   * in (game, time), covering, so re-rating a game reads one index range
   * instead of a match row and a results lookup per match. */
  "DROP INDEX results_player;"
  "CREATE INDEX results_game_time ON results"
  "  (game, deleted, finished, match_id, seat, player_id, rank);",
  /* 4: who came to a game night (also those who only watched or left
   * early, so it is not derived from the matches). */
  "CREATE TABLE night_players ("
  "  night_id INTEGER NOT NULL REFERENCES nights (id) ON DELETE CASCADE,"
  "  player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,"
  "  PRIMARY KEY (night_id, player_id)) WITHOUT ROWID;"
  "CREATE INDEX night_players_player ON night_players (player_id);",
  /* 5: one migration for trash, identity, sync and a compact history.
   * Run with foreign keys off (results is rebuilt); pt_store_migrate()
   * fills what needs C afterwards (migrate_to_5): name keys, colours,
   * ratings and the aggregates. On disk (partida-cli bench store, 40,000
   * matches): 1,130 bytes per match before, 344 after.
   *  - trash: matches.deleted and nights.deleted hold 0 (live) or the Unix
   *    time the row went to the trash; statistics and history read only
   *    deleted = 0 (matches already in the trash get the migration time);
   *  - identity: players.name_key (pt_player_name_key of the name) carries
   *    the uniqueness of active players' names, not name COLLATE NOCASE;
   *    players.colour is a palette colour (pt_player_palette) chosen once
   *    and kept on rename; players without one get distinct colours;
   *  - sync: players, nights and matches get modified, a hybrid logical
   *    clock stamp (pt_store_next_stamp) the store sets on every change;
   *  - compact: results loses its copies of the match (game, finished,
   *    deleted, lineup), their two covering indexes, its second unique
   *    index (validate_entry checks it) and the trigger; ratings become one
   *    column of results (the rating after the match); the match indexes
   *    are one partial time index of live matches plus small partial ones;
   *  - aggregates kept on write: player_stats (per player and game, '' =
   *    all games: plays, wins, scores, streaks, first and last play, the
   *    current rating) and pair_stats (head-to-head per pair and game). */
  "ALTER TABLE players ADD COLUMN name_key TEXT NOT NULL DEFAULT '';"
  "ALTER TABLE players ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
  "DROP INDEX players_active_name;"
  "ALTER TABLE nights ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE nights ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE matches ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
  "UPDATE matches SET deleted = CAST (strftime ('%s', 'now') AS INTEGER) WHERE deleted <> 0;"
  "DROP TRIGGER matches_copy_to_results;"
  "DROP INDEX matches_finished;"
  "DROP INDEX matches_game_finished;"
  "DROP INDEX matches_night;"
  "CREATE INDEX matches_time ON matches (finished) WHERE deleted = 0;"
  "CREATE INDEX matches_night ON matches (night_id) WHERE night_id IS NOT NULL;"
  "CREATE INDEX matches_trash ON matches (deleted) WHERE deleted <> 0;"
  "CREATE INDEX nights_trash ON nights (deleted) WHERE deleted <> 0;"
  "CREATE TABLE results5 ("
  "  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,"
  "  seat INTEGER NOT NULL,"
  "  player_id INTEGER NOT NULL REFERENCES players (id),"
  "  score INTEGER NOT NULL,"
  "  rank INTEGER NOT NULL,"
  "  winner INTEGER NOT NULL,"
  "  is_ai INTEGER NOT NULL DEFAULT 0,"
  "  ai_level INTEGER NOT NULL DEFAULT 0,"
  "  rating REAL,"
  "  PRIMARY KEY (match_id, seat)) WITHOUT ROWID;"
  "INSERT INTO results5 (match_id, seat, player_id, score, rank, winner, is_ai, ai_level)"
  "  SELECT match_id, seat, player_id, score, rank, winner, is_ai, ai_level FROM results;"
  "DROP TABLE results;"
  "ALTER TABLE results5 RENAME TO results;"
  "DROP TABLE ratings;"
  "CREATE TABLE player_stats ("
  "  player_id INTEGER NOT NULL,"
  "  game TEXT NOT NULL,"
  "  plays INTEGER NOT NULL,"
  "  wins INTEGER NOT NULL,"
  "  total INTEGER NOT NULL,"
  "  best INTEGER NOT NULL,"
  "  worst INTEGER NOT NULL,"
  "  streak INTEGER NOT NULL,"
  "  longest INTEGER NOT NULL,"
  "  first_finished INTEGER NOT NULL,"
  "  first_match INTEGER NOT NULL,"
  "  last_finished INTEGER NOT NULL,"
  "  last_match INTEGER NOT NULL,"
  "  rated INTEGER NOT NULL,"
  "  rating REAL,"
  "  PRIMARY KEY (player_id, game)) WITHOUT ROWID;"
  "CREATE TABLE pair_stats ("
  "  player_a INTEGER NOT NULL,"
  "  player_b INTEGER NOT NULL,"
  "  game TEXT NOT NULL,"
  "  plays INTEGER NOT NULL,"
  "  wins_a INTEGER NOT NULL,"
  "  wins_b INTEGER NOT NULL,"
  "  a_ahead INTEGER NOT NULL,"
  "  b_ahead INTEGER NOT NULL,"
  "  PRIMARY KEY (player_a, player_b, game)) WITHOUT ROWID;",
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == PT_STORE_SCHEMA_VERSION + 1);

const char *
pt_store_migration_sql (int version)
{
  g_return_val_if_fail (version >= 1 && version <= PT_STORE_SCHEMA_VERSION, NULL);
  return migrations[version];
}

/* Errors and statements ---------------------------------------------------- */

gboolean
pt_store_set_error (PtStore     *self,
                    int          rc,
                    const char  *what,
                    GError     **error)
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

PtStmt *
pt_store_prepare (PtStore     *self,
                  const char  *sql,
                  GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);
  int rc;

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
pt_store_exec (PtStore     *self,
               const char  *sql,
               GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return pt_store_set_error (self, rc, _("Database error"), error);
  return TRUE;
}

gboolean
pt_store_step_done (PtStore     *self,
                    PtStmt      *stmt,
                    const char  *what,
                    GError     **error)
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
pt_store_begin (PtStore  *self,
                GError  **error)
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
pt_store_commit (PtStore  *self,
                 GError  **error)
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
pt_store_transaction_begin (PtStore  *self,
                            GError  **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (!self->in_outer_transaction, FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  self->in_outer_transaction = TRUE;
  return TRUE;
}

gboolean
pt_store_transaction_commit (PtStore  *self,
                             GError  **error)
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
                          int     column)
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
scan_string (Scan        *scan,
             const char **start,
             gsize       *len)
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
pt_store_canonical_json (const char  *json,
                         const char  *fallback,
                         const char  *what,
                         GError     **error)
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
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s: %s"), _(what),
                   local_error->message);
      return NULL;
    }
  return json_to_string (root, FALSE);
}

static gint64
now_seconds (void)
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
  "#3584e4", "#e66100", "#2ec27e", "#c061cb", "#e5a50a", "#1c71d8",
  "#a51d2d", "#63452c", "#26a269", "#f5c211", "#9141ac", "#5e5c64", NULL,
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

static gboolean
not_found (GError     **error,
           const char  *what,
           gint64       id)
{
  /* TRANSLATORS: %s is what was looked for ("player", "night", "match",
   * "saved game", …, translated on their own), then its database id */
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("No %s with id %" PRId64),
               _(what), id);
  return FALSE;
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
pt_store_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
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
pt_store_check_header (const char  *path,
                       GError     **error)
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
                   _("“%s” is not a Partida database (not an SQLite file)"), path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
query_int (PtStore     *self,
           const char  *sql,
           int         *value,
           GError     **error)
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
pt_store_copy_database (sqlite3     *src,
               const char  *dest,
               GError     **error)
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

static gboolean
foreign_keys_hold (PtStore  *self,
                   GError  **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "PRAGMA foreign_key_check", -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  if (rc == SQLITE_ROW)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT,
                           _("the database refers to rows that do not exist"));
      return FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Database error"), error);
  return TRUE;
}

/* Unique active names by name_key: two active players whose names were
 * different under NOCASE but are one by the identity rule ("Angel" and
 * "Ángel") cannot both keep theirs; the later one gets " (2)", " (3)", …
 * (the user can merge them), so no match and no player is lost. */
static gboolean
fill_name_keys (PtStore  *self,
                GError  **error)
{
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) active = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(PtStmt) read = NULL;
  g_autoptr(PtStmt) write = NULL;
  int rc;

  read = pt_store_prepare (self, "SELECT id, name, archived = 0 AND deleted = 0 FROM players ORDER BY id",
                           error);
  if (read == NULL)
    return FALSE;
  while ((rc = sqlite3_step (read)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (read, 0);
      gboolean is_active = sqlite3_column_int (read, 2) != 0;

      g_array_append_val (ids, id);
      g_ptr_array_add (names, pt_store_dup_column_text (read, 1));
      g_array_append_val (active, is_active);
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not read the players"), error);
  pt_stmt_release (g_steal_pointer (&read));

  write = pt_store_prepare (self, "UPDATE players SET name = ?, name_key = ? WHERE id = ?", error);
  if (write == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *name = g_strdup (names->pdata[i]);
      g_autofree char *key = pt_player_name_key (name);

      if (g_array_index (active, gboolean, i))
        {
          for (int n = 2; g_hash_table_contains (taken, key); n++)
            {
              g_free (name);
              g_free (key);
              name = g_strdup_printf ("%s (%d)", (char *) names->pdata[i], n);
              key = pt_player_name_key (name);
            }
          g_hash_table_add (taken, g_strdup (key));
        }
      sqlite3_reset (write);
      sqlite3_bind_text (write, 1, name, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (write, 2, key, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (write, 3, g_array_index (ids, gint64, i));
      if (!pt_store_step_done (self, write, _("Could not update the players"), error))
        return FALSE;
    }
  return TRUE;
}

/* Players without a colour (or sharing one with an earlier player) get
 * the palette colour fewest players have, in palette order. */
static gboolean
fill_colours (PtStore  *self,
              GError  **error)
{
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) colours = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PtStmt) read = NULL;
  g_autoptr(PtStmt) write = NULL;
  int rc;

  read = pt_store_prepare (self, "SELECT id, colour FROM players ORDER BY id", error);
  if (read == NULL)
    return FALSE;
  while ((rc = sqlite3_step (read)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (read, 0);
      g_array_append_val (ids, id);
      g_ptr_array_add (colours, g_ascii_strdown ((const char *) sqlite3_column_text (read, 1), -1));
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not read the players"), error);
  pt_stmt_release (g_steal_pointer (&read));
  write = pt_store_prepare (self, "UPDATE players SET colour = ? WHERE id = ?", error);
  if (write == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      const char *colour = colours->pdata[i];

      if (*colour != '\0' && !g_hash_table_contains (used, colour))
        {
          g_hash_table_insert (used, g_strdup (colour), GINT_TO_POINTER (1));
          continue;
        }
      colour = pt_player_palette_pick (used);
      g_hash_table_insert (used, g_strdup (colour),
                           GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (used, colour)) + 1));
      sqlite3_reset (write);
      sqlite3_bind_text (write, 1, colour, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (write, 2, g_array_index (ids, gint64, i));
      if (!pt_store_step_done (self, write, _("Could not update the players"), error))
        return FALSE;
    }
  return TRUE;
}

/* What schema step 5 needs besides SQL, in its transaction. */
static gboolean
migrate_to_5 (PtStore  *self,
              GError  **error)
{
  gint64 stamp = pt_store_next_stamp (self);
  g_autofree char *sql = g_strdup_printf ("UPDATE players SET modified = %" G_GINT64_FORMAT ";"
                                          " UPDATE nights SET modified = %" G_GINT64_FORMAT ";"
                                          " UPDATE matches SET modified = %" G_GINT64_FORMAT,
                                          stamp, stamp, stamp);

  if (!fill_name_keys (self, error) || !fill_colours (self, error) ||
      !pt_store_exec (self,
                      "CREATE UNIQUE INDEX players_active_key ON players (name_key)"
                      "  WHERE archived = 0 AND deleted = 0",
                      error) ||
      !pt_store_exec (self, sql, error))
    return FALSE;
  /* Ratings replayed from scratch (the same formula as before, so the same
   * values; a version 1 database had none), then the aggregates. */
  return pt_stats_recompute_ratings (self, NULL, error) && pt_stats_rebuild_aggregates (self, error);
}

gboolean
pt_store_migrate (PtStore  *self,
         int       from,
         GError  **error)
{
  for (int version = from + 1; version <= PT_STORE_SCHEMA_VERSION; version++)
    {
      g_autofree char *pragma = g_strdup_printf ("PRAGMA user_version = %d", version);
      /* Step 5 rebuilds results: foreign keys off (not possible inside a
       * transaction), checked before the commit instead. */
      gboolean rebuild = version == 5;

      if (rebuild && !pt_store_exec (self, "PRAGMA foreign_keys = OFF", error))
        return FALSE;
      if (!pt_store_begin (self, error))
        return FALSE;
      if (!pt_store_exec (self, migrations[version], error) ||
          (version == 1 && !pt_store_exec (self, "PRAGMA application_id = 1347699777", error)) ||
          (version == 5 && !migrate_to_5 (self, error)) ||
          (rebuild && !foreign_keys_hold (self, error)) ||
          !pt_store_exec (self, pragma, error) ||
          !pt_store_commit (self, error))
        {
          pt_store_rollback (self);
          if (rebuild)
            pt_store_exec (self, "PRAGMA foreign_keys = ON", NULL);
          g_prefix_error (error, _("Could not update the database to version %d: "), version);
          return FALSE;
        }
      if (rebuild && !pt_store_exec (self, "PRAGMA foreign_keys = ON", error))
        return FALSE;
      self->schema_version = version;
    }
  return TRUE;
}

G_STATIC_ASSERT (PT_STORE_APPLICATION_ID == 1347699777);

/* pt_fold (text): the identity key of pt-player-name.h, so that searches
 * in SQL fold case and accents like everything else ("angel" finds
 * "Ángel"); SQLite's own LIKE and NOCASE fold ASCII only. */
static void
sql_fold (sqlite3_context  *context,
          int               argc,
          sqlite3_value   **argv)
{
  const char *text = (const char *) sqlite3_value_text (argv[0]);

  if (text == NULL)
    sqlite3_result_null (context);
  else
    sqlite3_result_text (context, pt_player_name_key (text), -1, g_free);
}

static gboolean
open_checked (PtStore           *self,
              PtStoreOpenFlags   flags,
              GError           **error)
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
   * be a Partida database this build understands. */
  if (!query_int (self, "PRAGMA user_version", &version, error) ||
      !query_int (self, "PRAGMA application_id", &app_id, error) ||
      !query_int (self, "SELECT count(*) FROM sqlite_master", &tables, error))
    {
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
    if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
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
open_read_only (PtStore  *self,
                GError  **error)
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
pt_store_open (const char        *path,
               PtStoreOpenFlags   flags,
               GError           **error)
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
pt_store_move_aside (const char  *path,
                     char       **new_path,
                     GError     **error)
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

/* Players ----------------------------------------------------------------- */

#define PLAYER_COLUMNS "id, uuid, name, colour, created, archived"

PtPlayer *
pt_store_read_player (PtStmt *stmt)
{
  PtPlayer *player = pt_player_new ();

  player->id = sqlite3_column_int64 (stmt, 0);
  player->uuid = pt_store_dup_column_text (stmt, 1);
  player->name = pt_store_dup_column_text (stmt, 2);
  player->colour = pt_store_dup_column_text (stmt, 3);
  player->created = sqlite3_column_int64 (stmt, 4);
  player->archived = sqlite3_column_int (stmt, 5) != 0;
  return player;
}

static char *
clean_name (const char  *name,
            GError     **error)
{
  g_autofree char *copy = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A name must be valid text"));
      return NULL;
    }
  copy = g_strstrip (g_strdup (name));
  if (*copy == '\0')
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A player needs a name"));
      return NULL;
    }
  return g_steal_pointer (&copy);
}

static gboolean
duplicate_name (GError     **error,
                const char  *name)
{
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE,
               _("There is already a player called “%s”"), name);
  return FALSE;
}

/* The palette colour fewest active players have. */
static char *
least_used_colour (PtStore  *self,
                   GError  **error)
{
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                             "SELECT lower (colour), count (*) FROM players"
                                             " WHERE deleted = 0 AND archived = 0 GROUP BY 1",
                                             error);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_insert (used, pt_store_dup_column_text (stmt, 0),
                         GINT_TO_POINTER (sqlite3_column_int (stmt, 1)));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the players"), error);
      return NULL;
    }
  return g_strdup (pt_player_palette_pick (used));
}

PtPlayer *
pt_store_add_player (PtStore     *self,
                     const char  *name,
                     const char  *colour,
                     GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *clean = clean_name (name, error);
  g_autofree char *key = NULL;
  g_autofree char *picked = NULL;
  g_autofree char *uuid = g_uuid_string_random ();
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  if (clean == NULL)
    return NULL;
  key = pt_player_name_key (clean);
  if (colour == NULL || *colour == '\0')
    {
      if ((picked = least_used_colour (self, error)) == NULL)
        return NULL;
      colour = picked;
    }
  stmt = pt_store_prepare (self,
                           "INSERT INTO players (uuid, name, name_key, colour, created, modified)"
                           " VALUES (?, ?, ?, ?, ?, ?)",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, colour, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, now_seconds ());
  sqlite3_bind_int64 (stmt, 6, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      duplicate_name (error, clean);
      return NULL;
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not add the player"), error);
      return NULL;
    }
  return pt_store_get_player (self, sqlite3_last_insert_rowid (self->db), error);
}

PtPlayer *
pt_store_get_player (PtStore     *self,
                     gint64       id,
                     GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self, "SELECT " PLAYER_COLUMNS " FROM players WHERE id = ? AND deleted = 0",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return pt_store_read_player (stmt);
  if (rc == SQLITE_DONE)
    not_found (error, N_("player"), id);
  else
    pt_store_set_error (self, rc, _("Could not read the player"), error);
  return NULL;
}

PtPlayer *
pt_store_find_player (PtStore     *self,
                      const char  *name,
                      GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  /* An active player wins over an archived one of the same name. */
  g_autofree char *key = NULL;

  stmt = pt_store_prepare (self,
                           "SELECT " PLAYER_COLUMNS " FROM players"
                           " WHERE name_key = ? AND deleted = 0"
                           " ORDER BY archived, id LIMIT 1",
                           error);
  if (stmt == NULL)
    return NULL;
  key = pt_player_name_key (name != NULL ? name : "");
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return pt_store_read_player (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("No player called “%s”"), name);
  else
    pt_store_set_error (self, rc, _("Could not read the player"), error);
  return NULL;
}

/* Steps @stmt to its end, reading every row with @read into a new array
 * that frees its items with @free_item; on an error, NULL and @message. */
static GPtrArray *
collect_rows (PtStore         *self,
              PtStmt          *stmt,
              gpointer       (*read) (PtStmt *stmt),
              GDestroyNotify   free_item,
              const char      *message,
              GError         **error)
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

static int
compare_players (gconstpointer a,
                 gconstpointer b)
{
  const PtPlayer *x = *(PtPlayer **) a, *y = *(PtPlayer **) b;
  int order = pt_player_name_compare (x->name, y->name);

  if (order != 0)
    return order;
  return x->id < y->id ? -1 : x->id > y->id;
}

GPtrArray *
pt_store_list_players (PtStore   *self,
                       gboolean   include_archived,
                       GError   **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  GPtrArray *players;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT " PLAYER_COLUMNS " FROM players"
                           " WHERE deleted = 0 AND (archived = 0 OR ?)"
                           " ORDER BY name COLLATE NOCASE, id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int (stmt, 1, include_archived);
  players = collect_rows (self, stmt, (gpointer (*) (PtStmt *)) pt_store_read_player,
                          (GDestroyNotify) pt_player_unref, _("Could not read the players"), error);
  /* The locale's order ("Ángel" with the A's, not after "Zoe"). */
  if (players != NULL)
    g_ptr_array_sort (players, compare_players);
  return players;
}

/* Runs a prepared single-row change and checks it touched a row. */
static gboolean
step_change (PtStore     *self,
             PtStmt      *stmt,
             const char  *what,
             gint64       id,
             GError     **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the change"), error);
  if (sqlite3_changes (self->db) == 0)
    return not_found (error, what, id);
  return TRUE;
}

gboolean
pt_store_update_player (PtStore     *self,
                        gint64       id,
                        const char  *name,
                        const char  *colour,
                        GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *clean = NULL;
  g_autofree char *key = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  if (name != NULL && (clean = clean_name (name, error)) == NULL)
    return FALSE;
  if (clean != NULL)
    key = pt_player_name_key (clean);
  /* An empty colour keeps the chosen one: the colour is a palette choice. */
  if (colour != NULL && *colour == '\0')
    colour = NULL;
  stmt = pt_store_prepare (self,
                           "UPDATE players SET name = coalesce (?1, name), name_key = coalesce (?2, name_key),"
                           " colour = coalesce (?3, colour), modified = ?5"
                           " WHERE id = ?4 AND deleted = 0",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, colour, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, id);
  sqlite3_bind_int64 (stmt, 5, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    return duplicate_name (error, clean);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not rename the player"), error);
  if (sqlite3_changes (self->db) == 0)
    return not_found (error, N_("player"), id);
  return TRUE;
}

gboolean
pt_store_set_player_archived (PtStore   *self,
                              gint64     id,
                              gboolean   archived,
                              GError   **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self,
                           "UPDATE players SET archived = ?, modified = ? WHERE id = ? AND deleted = 0",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, archived ? 1 : 0);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 3, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      g_autoptr(PtPlayer) player = pt_store_get_player (self, id, NULL);
      return duplicate_name (error, player != NULL ? player->name : "?");
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not archive the player"), error);
  if (sqlite3_changes (self->db) == 0)
    return not_found (error, N_("player"), id);
  return TRUE;
}

/* The games a player has results in (including soft-deleted matches). */
static GPtrArray *
player_games (PtStore  *self,
              gint64    player_id,
              GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);
  int rc;

  stmt = pt_store_prepare (self,
                           "SELECT DISTINCT m.game FROM results r JOIN matches m ON m.id = r.match_id"
                           " WHERE r.player_id = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (games, pt_store_dup_column_text (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the matches"), error);
      return NULL;
    }
  return g_steal_pointer (&games);
}

static gboolean
merge_players_locked (PtStore  *self,
                      gint64    from,
                      gint64    into,
                      GError  **error)
{
  g_autoptr(PtPlayer) a = NULL;
  g_autoptr(PtPlayer) b = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(PtStmt) overlap = NULL;
  g_autoptr(PtStmt) move = NULL;
  g_autoptr(PtStmt) drop = NULL;

  if ((a = pt_store_get_player (self, from, error)) == NULL ||
      (b = pt_store_get_player (self, into, error)) == NULL)
    return FALSE;
  if (from == into)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A player cannot be merged into themselves"));
      return FALSE;
    }
  /* Two seats of one match cannot become the same person. */
  overlap = pt_store_prepare (self,
                              "SELECT count(*) FROM results a JOIN results b ON b.match_id = a.match_id"
                              " WHERE a.player_id = ? AND b.player_id = ?",
                              error);
  if (overlap == NULL)
    return FALSE;
  sqlite3_bind_int64 (overlap, 1, from);
  sqlite3_bind_int64 (overlap, 2, into);
  if (sqlite3_step (overlap) != SQLITE_ROW)
    return pt_store_set_error (self, sqlite3_errcode (self->db), _("Could not merge"), error);
  if (sqlite3_column_int (overlap, 0) > 0)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "“%s” and “%s” played against each other in %d match; they cannot be merged",
                                "“%s” and “%s” played against each other in %d matches; they cannot be merged",
                                (gulong) MAX (sqlite3_column_int (overlap, 0), 0)),
                   a->name, b->name, sqlite3_column_int (overlap, 0));
      return FALSE;
    }
  if ((games = player_games (self, from, error)) == NULL ||
      !pt_sync_note_merge (self, from, into, error))
    return FALSE;
  move = pt_store_prepare (self, "UPDATE results SET player_id = ? WHERE player_id = ?", error);
  if (move == NULL)
    return FALSE;
  sqlite3_bind_int64 (move, 1, into);
  sqlite3_bind_int64 (move, 2, from);
  if (!pt_store_step_done (self, move, _("Could not merge"), error))
    return FALSE;
  pt_stats_mark_player_dirty (self, from);
  pt_stats_mark_player_dirty (self, into);
  {
    /* Nights both came to keep one line (the other goes with @from). */
    g_autoptr(PtStmt) nights = pt_store_prepare (self,
      "UPDATE OR IGNORE night_players SET player_id = ? WHERE player_id = ?", error);
    if (nights == NULL)
      return FALSE;
    sqlite3_bind_int64 (nights, 1, into);
    sqlite3_bind_int64 (nights, 2, from);
    if (!pt_store_step_done (self, nights, _("Could not merge"), error))
      return FALSE;
  }
  drop = pt_store_prepare (self, "DELETE FROM players WHERE id = ?", error);
  if (drop == NULL)
    return FALSE;
  sqlite3_bind_int64 (drop, 1, from);
  if (!pt_store_step_done (self, drop, _("Could not merge"), error))
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    if (!pt_stats_recompute_ratings (self, g_ptr_array_index (games, i), error))
      return FALSE;
  return TRUE;
}

gboolean
pt_store_merge_players (PtStore  *self,
                        gint64    from,
                        gint64    into,
                        GError  **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  if (!merge_players_locked (self, from, into, error))
    {
      pt_store_rollback (self);
      return FALSE;
    }
  return pt_store_commit (self, error);
}

gboolean
pt_store_delete_player (PtStore  *self,
                        gint64    id,
                        GError  **error)
{
  g_autoptr(PtStmt) count = NULL;
  g_autoptr(PtStmt) stmt = NULL;
  int matches;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  /* Removing a player who has matches would tear holes into other players'
   * history; such a player is archived instead (hidden, history kept). */
  count = pt_store_prepare (self, "SELECT count(*) FROM results WHERE player_id = ?", error);
  if (count == NULL)
    return FALSE;
  sqlite3_bind_int64 (count, 1, id);
  if (sqlite3_step (count) != SQLITE_ROW)
    return pt_store_set_error (self, sqlite3_errcode (self->db), _("Could not delete the player"),
                               error);
  matches = sqlite3_column_int (count, 0);
  if (matches > 0)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_IN_USE,
                   ngettext ("The player has played %d match; archive them instead",
                             "The player has played %d matches; archive them instead", matches),
                   matches);
      return FALSE;
    }
  stmt = pt_store_prepare (self, "UPDATE players SET deleted = 1, modified = ?2 WHERE id = ?1 AND deleted = 0",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  return step_change (self, stmt, N_("player"), id, error);
}

gboolean
pt_store_undelete_player (PtStore  *self,
                          gint64    id,
                          GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "UPDATE players SET deleted = 0, modified = ?2 WHERE id = ?1 AND deleted = 1",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE,
                           _("Another player has taken this name meanwhile"));
      return FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not restore the player"), error);
  if (sqlite3_changes (self->db) == 0)
    return not_found (error, N_("deleted player"), id);
  return TRUE;
}

/* Nights ------------------------------------------------------------------ */

static gboolean
check_date (const char  *date,
            GError     **error)
{
  unsigned y, m, d;
  char tail;

  if (date != NULL && sscanf (date, "%4u-%2u-%2u%c", &y, &m, &d, &tail) == 3 &&
      strlen (date) == 10 && g_date_valid_dmy (d, m, y))
    return TRUE;
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
               _("“%s” is not a date (YYYY-MM-DD)"), date != NULL ? date : "");
  return FALSE;
}

static PtNight *
read_night (PtStmt *stmt)
{
  PtNight *night = pt_night_new ();

  night->id = sqlite3_column_int64 (stmt, 0);
  night->uuid = pt_store_dup_column_text (stmt, 1);
  night->date = pt_store_dup_column_text (stmt, 2);
  night->place = pt_store_dup_column_text (stmt, 3);
  night->notes = pt_store_dup_column_text (stmt, 4);
  return night;
}

PtNight *
pt_store_add_night (PtStore     *self,
                    const char  *date,
                    const char  *place,
                    const char  *notes,
                    GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *uuid = g_uuid_string_random ();
  PtNight *night;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  if (!check_date (date, error))
    return NULL;
  stmt = pt_store_prepare (self,
                           "INSERT INTO nights (uuid, date, place, notes, modified) VALUES (?, ?, ?, ?, ?)",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, date, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, place != NULL ? place : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, notes != NULL ? notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, pt_store_next_stamp (self));
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not add the night"), error);
      return NULL;
    }
  night = pt_night_new ();
  night->id = sqlite3_last_insert_rowid (self->db);
  night->uuid = g_steal_pointer (&uuid);
  night->date = g_strdup (date);
  night->place = g_strdup (place != NULL ? place : "");
  night->notes = g_strdup (notes != NULL ? notes : "");
  return night;
}

GPtrArray *
pt_store_list_nights (PtStore  *self,
                      GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT id, uuid, date, place, notes FROM nights WHERE deleted = 0"
                           " ORDER BY date DESC, id DESC",
                           error);
  if (stmt == NULL)
    return NULL;
  return collect_rows (self, stmt, (gpointer (*) (PtStmt *)) read_night,
                       (GDestroyNotify) pt_night_unref, _("Could not read the nights"), error);
}

gboolean
pt_store_update_night (PtStore     *self,
                       gint64       id,
                       const char  *date,
                       const char  *place,
                       const char  *notes,
                       GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  if (date != NULL && !check_date (date, error))
    return FALSE;
  stmt = pt_store_prepare (self,
                           "UPDATE nights SET date = coalesce (?1, date), place = coalesce (?2, place),"
                           " notes = coalesce (?3, notes), modified = ?5 WHERE id = ?4",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, date, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, place, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, notes, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, id);
  sqlite3_bind_int64 (stmt, 5, pt_store_next_stamp (self));
  return step_change (self, stmt, N_("night"), id, error);
}

gboolean
pt_store_delete_night (PtStore  *self,
                       gint64    id,
                       GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "DELETE FROM nights WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return step_change (self, stmt, N_("night"), id, error);
}

static gboolean
night_exists (PtStore  *self,
              gint64    night_id,
              GError  **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "SELECT 1 FROM nights WHERE id = ?", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, night_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return not_found (error, N_("night"), night_id);
  if (rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, _("Could not read the night"), error);
  return TRUE;
}

static gboolean
set_night_players_locked (PtStore       *self,
                          gint64         night_id,
                          const gint64  *player_ids,
                          guint          n_players,
                          GError       **error)
{
  g_autoptr(PtStmt) clear = NULL;
  g_autoptr(PtStmt) add = NULL;

  if (!night_exists (self, night_id, error))
    return FALSE;
  clear = pt_store_prepare (self, "DELETE FROM night_players WHERE night_id = ?", error);
  if (clear == NULL)
    return FALSE;
  sqlite3_bind_int64 (clear, 1, night_id);
  if (!pt_store_step_done (self, clear, _("Could not save who came"), error))
    return FALSE;
  /* Only players that exist and are not deleted; a name twice is once. */
  add = pt_store_prepare (self,
                          "INSERT OR IGNORE INTO night_players (night_id, player_id)"
                          " SELECT ?1, id FROM players WHERE id = ?2 AND deleted = 0",
                          error);
  if (add == NULL)
    return FALSE;
  for (guint i = 0; i < n_players; i++)
    {
      sqlite3_reset (add);
      sqlite3_bind_int64 (add, 1, night_id);
      sqlite3_bind_int64 (add, 2, player_ids[i]);
      if (!pt_store_step_done (self, add, _("Could not save who came"), error))
        return FALSE;
      if (sqlite3_changes (self->db) == 0 && !pt_store_player_is_listed (self, night_id, player_ids[i]))
        return not_found (error, N_("player"), player_ids[i]);
    }
  return TRUE;
}

gboolean
pt_store_set_night_players (PtStore       *self,
                            gint64         night_id,
                            const gint64  *player_ids,
                            guint          n_players,
                            GError       **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (player_ids != NULL || n_players == 0, FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  if (!set_night_players_locked (self, night_id, player_ids, n_players, error) ||
      !pt_store_commit (self, error))
    {
      pt_store_rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
pt_store_player_is_listed (PtStore  *self,
                           gint64    night_id,
                           gint64    player_id)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                             "SELECT 1 FROM night_players WHERE night_id = ?"
                                             " AND player_id = ?",
                                             NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, night_id);
  sqlite3_bind_int64 (stmt, 2, player_id);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

GPtrArray *
pt_store_get_night_players (PtStore  *self,
                            gint64    night_id,
                            GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  if (!night_exists (self, night_id, error))
    return NULL;
  /* Archived players too: they were there. */
  stmt = pt_store_prepare (self,
                           "SELECT p.id, p.uuid, p.name, p.colour, p.created, p.archived"
                           " FROM night_players n JOIN players p ON p.id = n.player_id"
                           " WHERE n.night_id = ? AND p.deleted = 0"
                           " ORDER BY p.name COLLATE NOCASE, p.id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, night_id);
  return collect_rows (self, stmt, (gpointer (*) (PtStmt *)) pt_store_read_player,
                       (GDestroyNotify) pt_player_unref, _("Could not read who came"), error);
}

/* Matches ----------------------------------------------------------------- */

static gint64
changes_or_error (PtStore *self, int rc)
{
  return rc == SQLITE_DONE ? sqlite3_changes (self->db) : -1;
}

/* Ranks from scores when the caller left them at 0: higher is better in all
 * three games; tied scores share a rank (1, 1, 3). */
static void
fill_ranks (GPtrArray *results)
{
  for (guint i = 0; i < results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (results, i);
      if (r->rank != 0)
        return;
    }
  for (guint i = 0; i < results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (results, i);
      r->rank = 1;
      for (guint j = 0; j < results->len; j++)
        if (((PtMatchResult *) g_ptr_array_index (results, j))->score > r->score)
          r->rank++;
    }
}

static gboolean
validate_entry (PtMatchEntry  *entry,
                GError       **error)
{
  if (entry->game == NULL || *entry->game == '\0')
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("A match needs a game"));
      return FALSE;
    }
  if (entry->mode != PT_MATCH_MODE_DIGITAL && entry->mode != PT_MATCH_MODE_COMPANION)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Unknown match mode"));
      return FALSE;
    }
  if (entry->results == NULL || entry->results->len == 0)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A match needs at least one player"));
      return FALSE;
    }
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *a = g_ptr_array_index (entry->results, i);
      for (guint j = i + 1; j < entry->results->len; j++)
        {
          PtMatchResult *b = g_ptr_array_index (entry->results, j);
          if (a->seat == b->seat || a->player_id == b->player_id)
            {
              g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                                   _("Each player and seat may appear only once in a match"));
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* The results of entry->id (their ratings are written by the replay). */
static gboolean
insert_results (PtStore       *self,
                PtMatchEntry  *entry,
                const double  *ratings,
                GError       **error)
{
  g_autoptr(PtStmt) result = NULL;
  int rc;

  result = pt_store_prepare (self,
                             "INSERT INTO results (match_id, seat, player_id, score, rank, winner,"
                             " is_ai, ai_level, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             error);
  if (result == NULL)
    return FALSE;
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *r = g_ptr_array_index (entry->results, i);

      sqlite3_reset (result);
      sqlite3_bind_int64 (result, 1, entry->id);
      sqlite3_bind_int (result, 2, r->seat);
      sqlite3_bind_int64 (result, 3, r->player_id);
      sqlite3_bind_int (result, 4, r->score);
      sqlite3_bind_int (result, 5, r->rank);
      sqlite3_bind_int (result, 6, r->winner ? 1 : 0);
      sqlite3_bind_int (result, 7, r->is_ai ? 1 : 0);
      sqlite3_bind_int (result, 8, r->ai_level);
      if (ratings != NULL && !isnan (ratings[i]))
        sqlite3_bind_double (result, 9, ratings[i]);
      else
        sqlite3_bind_null (result, 9);
      rc = sqlite3_step (result);
      if ((rc & 0xff) == SQLITE_CONSTRAINT && rc != SQLITE_CONSTRAINT_UNIQUE &&
          rc != SQLITE_CONSTRAINT_PRIMARYKEY)
        {
          g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND,
                       _("No player with id %" PRId64), r->player_id);
          return FALSE;
        }
      if (rc != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not save the match"), error);
    }
  return TRUE;
}

/* With @append, the match is later than every live one: rated and added
 * to the aggregates in memory (see PtAppend) instead of replayed. */
static gboolean
insert_match_full (PtStore       *self,
                   PtMatchEntry  *entry,
                   PtAppend      *append,
                   gboolean       update_ratings,
                   GError       **error)
{
  double *ratings = NULL;
  g_autofree char *options = NULL;
  g_autofree char *breakdown = NULL;
  g_autofree char *record = NULL;
  g_autoptr(PtStmt) insert = NULL;
  g_autoptr(PtStmt) extra = NULL;
  int rc;

  if (!validate_entry (entry, error) ||
      (options = pt_store_canonical_json (entry->options, "{}", N_("options"), error)) == NULL ||
      (breakdown = pt_store_canonical_json (entry->breakdown, "null", N_("breakdown"), error)) == NULL ||
      (entry->record != NULL &&
       (record = pt_store_canonical_json (entry->record, NULL, N_("game record"), error)) == NULL))
    return FALSE;
  if (entry->uuid == NULL)
    entry->uuid = g_uuid_string_random ();
  if (entry->finished == 0)
    entry->finished = now_seconds ();
  if (entry->started == 0)
    entry->started = entry->finished;
  fill_ranks (entry->results);
  if (append != NULL)
    {
      ratings = g_newa (double, entry->results->len);
      if (!pt_append_rate (append, entry, ratings, error))
        return FALSE;
    }

  insert = pt_store_prepare (self,
                             "INSERT INTO matches (uuid, game, mode, started, finished, night_id,"
                             " options, rule_reading, notes, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             error);
  if (insert == NULL)
    return FALSE;
  sqlite3_bind_text (insert, 1, entry->uuid, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 2, entry->game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (insert, 3, entry->mode);
  sqlite3_bind_int64 (insert, 4, entry->started);
  sqlite3_bind_int64 (insert, 5, entry->finished);
  if (entry->night_id > 0)
    sqlite3_bind_int64 (insert, 6, entry->night_id);
  sqlite3_bind_text (insert, 7, options, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 8, entry->rule_reading != NULL ? entry->rule_reading : "", -1,
                     SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 9, entry->notes != NULL ? entry->notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (insert, 10, pt_store_next_stamp (self));
  rc = sqlite3_step (insert);
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_DUPLICATE,
                   _("The match %s is already in the history"), entry->uuid);
      return FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the match"), error);
  entry->id = sqlite3_last_insert_rowid (self->db);

  if (!insert_results (self, entry, ratings, error))
    return FALSE;

  extra = pt_store_prepare (self, "INSERT INTO breakdowns (match_id, json) VALUES (?, ?)", error);
  if (extra == NULL)
    return FALSE;
  sqlite3_bind_int64 (extra, 1, entry->id);
  sqlite3_bind_text (extra, 2, breakdown, -1, SQLITE_TRANSIENT);
  if (!pt_store_step_done (self, extra, _("Could not save the match"), error))
    return FALSE;
  if (record != NULL)
    {
      g_autoptr(PtStmt) rec = pt_store_prepare (self, "INSERT INTO records (match_id, json) VALUES (?, ?)",
                                                error);
      if (rec == NULL)
        return FALSE;
      sqlite3_bind_int64 (rec, 1, entry->id);
      sqlite3_bind_text (rec, 2, record, -1, SQLITE_TRANSIENT);
      if (!pt_store_step_done (self, rec, _("Could not save the match"), error))
        return FALSE;
    }
  /* Foreign keys: a night id that does not exist. */
  if (entry->night_id > 0)
    {
      g_autoptr(PtStmt) night = pt_store_prepare (self, "SELECT 1 FROM nights WHERE id = ?", error);
      if (night == NULL)
        return FALSE;
      sqlite3_bind_int64 (night, 1, entry->night_id);
      if (sqlite3_step (night) != SQLITE_ROW)
        return not_found (error, N_("night"), entry->night_id);
    }
  if (append != NULL)
    return pt_append_add (append, entry, ratings, error);
  if (update_ratings && !pt_stats_rate_new_match (self, entry->id, error))
    return FALSE;
  return pt_stats_match_added (self, entry->id, error);
}

gboolean
pt_store_insert_match (PtStore       *self,
                       PtMatchEntry  *entry,
                       gboolean       update_ratings,
                       GError       **error)
{
  return insert_match_full (self, entry, NULL, update_ratings, error);
}

/* A PtAppend when @entries (finished defaulted to now) are in time order
 * and later than every live match; NULL otherwise (or on an error). */
static PtAppend *
maybe_append (PtStore    *self,
              GPtrArray  *entries,
              GError    **error)
{
  PtAppend *append;
  gint64 last = G_MININT64;

  for (guint i = 0; i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);

      if (entry->finished == 0)
        entry->finished = now_seconds ();
      if (entry->finished < last)
        return NULL;
      last = entry->finished;
    }
  if (entries->len == 0 || (append = pt_append_new (self, error)) == NULL)
    return NULL;
  if (!pt_append_accepts (append, ((PtMatchEntry *) g_ptr_array_index (entries, 0))->finished))
    g_clear_pointer (&append, pt_append_free);
  return append;
}

gint64
pt_store_save_match (PtStore       *self,
                     PtMatchEntry  *entry,
                     GError       **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  PtAppend *append;
  gboolean had_uuid, ok;

  g_return_val_if_fail (PT_IS_STORE (self), 0);
  g_return_val_if_fail (entry != NULL, 0);

  had_uuid = entry->uuid != NULL;
  if (!pt_store_begin (self, error))
    return 0;
  /* The usual save is the latest match: rated and counted in place. */
  g_ptr_array_add (one, entry);
  append = maybe_append (self, one, NULL);
  ok = insert_match_full (self, entry, append, TRUE, error) &&
       (append == NULL || pt_append_finish (append, error)) && pt_store_commit (self, error);
  g_clear_pointer (&append, pt_append_free);
  if (!ok)
    {
      pt_store_rollback (self);
      entry->id = 0;
      if (!had_uuid)
        g_clear_pointer (&entry->uuid, g_free);
      return 0;
    }
  return entry->id;
}

gboolean
pt_store_save_matches (PtStore    *self,
                       GPtrArray  *entries,
                       GError    **error)
{
  PtRatingSpan span;
  PtAppend *append;
  gboolean ok;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);

  if (!pt_store_begin (self, error))
    return FALSE;
  /* In time order after everything else: rated as they go, aggregates
   * written once. Otherwise ratings once per game at the end, from the
   * batch's earliest match. */
  if ((append = maybe_append (self, entries, NULL)) != NULL)
    {
      ok = TRUE;
      for (guint i = 0; ok && i < entries->len; i++)
        ok = insert_match_full (self, g_ptr_array_index (entries, i), append, FALSE, error);
      ok = ok && pt_append_finish (append, error) && pt_store_commit (self, error);
      pt_append_free (append);
      if (!ok)
        {
          pt_store_rollback (self);
          for (guint j = 0; j < entries->len; j++)
            ((PtMatchEntry *) g_ptr_array_index (entries, j))->id = 0;
        }
      return ok;
    }
  pt_rating_span_init (&span);
  ok = TRUE;
  for (guint i = 0; ok && i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);

      ok = pt_store_insert_match (self, entry, FALSE, error);
      if (ok)
        pt_rating_span_add (&span, entry->game, entry->finished, entry->id);
    }
  ok = ok && pt_rating_span_recompute (&span, self, error) && pt_store_commit (self, error);
  pt_rating_span_clear (&span);
  if (!ok)
    {
      pt_store_rollback (self);
      for (guint j = 0; j < entries->len; j++)
        ((PtMatchEntry *) g_ptr_array_index (entries, j))->id = 0;
    }
  return ok;
}

static int
compare_seats (gconstpointer a,
               gconstpointer b)
{
  return (*(PtMatchResult **) a)->seat - (*(PtMatchResult **) b)->seat;
}

/* The players of a stored match, in seat order. */
static GArray *
match_players (PtStore  *self,
               gint64    match_id,
               GError  **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "SELECT player_id FROM results WHERE match_id = ?",
                                             error);
  g_autoptr(GArray) players = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, match_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (players, id);
    }
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the match"), error);
      return NULL;
    }
  return g_steal_pointer (&players);
}

/* Whether @entry's results (seat, player, score, rank, winner, computer
 * level) are the stored ones. */
static gboolean
same_results_as_stored (PtStore       *self,
                        PtMatchEntry  *entry,
                        gboolean      *same,
                        GError       **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                             "SELECT seat, player_id, score, rank, winner, is_ai, ai_level"
                                             " FROM results WHERE match_id = ? ORDER BY seat",
                                             error);
  g_autoptr(GPtrArray) sorted = NULL;
  guint n = 0;
  int rc;

  if (stmt == NULL)
    return FALSE;
  /* A plain copy: it must not free the results. */
  sorted = g_ptr_array_sized_new (entry->results->len);
  for (guint i = 0; i < entry->results->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (entry->results, i));
  g_ptr_array_sort (sorted, compare_seats);
  *same = TRUE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      PtMatchResult *r = n < sorted->len ? g_ptr_array_index (sorted, n) : NULL;

      n++;
      if (r == NULL || r->seat != sqlite3_column_int (stmt, 0) ||
          r->player_id != sqlite3_column_int64 (stmt, 1) || r->score != sqlite3_column_int (stmt, 2) ||
          r->rank != sqlite3_column_int (stmt, 3) || (r->winner ? 1 : 0) != sqlite3_column_int (stmt, 4) ||
          (r->is_ai ? 1 : 0) != sqlite3_column_int (stmt, 5) || r->ai_level != sqlite3_column_int (stmt, 6))
        *same = FALSE;
    }
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  if (n != sorted->len)
    *same = FALSE;
  return TRUE;
}

/* The stored match an edit applies to; the times, game, mode and UUID
 * are taken from it. */
static gboolean
load_for_update (PtStore       *self,
                 PtMatchEntry  *entry,
                 GError       **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self,
                                             "SELECT uuid, game, mode, started, finished FROM matches"
                                             " WHERE id = ? AND deleted = 0",
                                             error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry->id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return not_found (error, N_("match"), entry->id);
  if (rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  if (g_strcmp0 (entry->game, (const char *) sqlite3_column_text (stmt, 1)) != 0)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A corrected match must stay a match of the same game"));
      return FALSE;
    }
  g_free (entry->uuid);
  entry->uuid = pt_store_dup_column_text (stmt, 0);
  entry->mode = sqlite3_column_int (stmt, 2);
  entry->started = sqlite3_column_int64 (stmt, 3);
  entry->finished = sqlite3_column_int64 (stmt, 4);
  return TRUE;
}

static gboolean
update_match_locked (PtStore       *self,
                     PtMatchEntry  *entry,
                     const char    *options,
                     const char    *breakdown,
                     GError       **error)
{
  g_autoptr(PtStmt) match = NULL;
  g_autoptr(PtStmt) clear = NULL;
  g_autoptr(PtStmt) extra = NULL;
  g_autoptr(PtStmt) stale = NULL;
  int rc;

  g_autoptr(GArray) gone = NULL;
  gboolean same_results;

  if (!load_for_update (self, entry, error) ||
      (gone = match_players (self, entry->id, error)) == NULL ||
      !same_results_as_stored (self, entry, &same_results, error))
    return FALSE;
  /* A corrected note, night or breakdown changes no figure: no replay, no
   * aggregates to rebuild. */
  if (same_results)
    {
      g_autoptr(PtStmt) note = pt_store_prepare (self,
                                                 "UPDATE matches SET night_id = ?, options = ?, rule_reading = ?,"
                                                 " notes = ?, modified = ? WHERE id = ?",
                                                 error);
      g_autoptr(PtStmt) json = NULL;

      if (note == NULL)
        return FALSE;
      if (entry->night_id > 0)
        sqlite3_bind_int64 (note, 1, entry->night_id);
      sqlite3_bind_text (note, 2, options, -1, SQLITE_STATIC);
      sqlite3_bind_text (note, 3, entry->rule_reading != NULL ? entry->rule_reading : "", -1, SQLITE_STATIC);
      sqlite3_bind_text (note, 4, entry->notes != NULL ? entry->notes : "", -1, SQLITE_STATIC);
      sqlite3_bind_int64 (note, 5, pt_store_next_stamp (self));
      sqlite3_bind_int64 (note, 6, entry->id);
      rc = sqlite3_step (note);
      if ((rc & 0xff) == SQLITE_CONSTRAINT)
        return not_found (error, N_("night"), entry->night_id);
      if (rc != SQLITE_DONE)
        return pt_store_set_error (self, rc, _("Could not save the match"), error);
      json = pt_store_prepare (self, "INSERT OR REPLACE INTO breakdowns (match_id, json) VALUES (?, ?)",
                               error);
      if (json == NULL)
        return FALSE;
      sqlite3_bind_int64 (json, 1, entry->id);
      sqlite3_bind_text (json, 2, breakdown, -1, SQLITE_STATIC);
      return pt_store_step_done (self, json, _("Could not save the match"), error);
    }
  if (!pt_stats_match_removed (self, entry->id, error))
    return FALSE;
  /* Players of the stored match who are not in the corrected one. */
  for (guint i = gone->len; i-- > 0;)
    for (guint j = 0; j < entry->results->len; j++)
      if (((PtMatchResult *) g_ptr_array_index (entry->results, j))->player_id ==
          g_array_index (gone, gint64, i))
        {
          g_array_remove_index (gone, i);
          break;
        }

  match = pt_store_prepare (self,
                            "UPDATE matches SET night_id = ?, options = ?, rule_reading = ?, notes = ?,"
                            " modified = ? WHERE id = ?",
                            error);
  if (match == NULL)
    return FALSE;
  if (entry->night_id > 0)
    sqlite3_bind_int64 (match, 1, entry->night_id);
  sqlite3_bind_text (match, 2, options, -1, SQLITE_STATIC);
  sqlite3_bind_text (match, 3, entry->rule_reading != NULL ? entry->rule_reading : "", -1,
                     SQLITE_STATIC);
  sqlite3_bind_text (match, 4, entry->notes != NULL ? entry->notes : "", -1, SQLITE_STATIC);
  sqlite3_bind_int64 (match, 5, pt_store_next_stamp (self));
  sqlite3_bind_int64 (match, 6, entry->id);
  rc = sqlite3_step (match);
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    return not_found (error, N_("night"), entry->night_id);
  if (rc != SQLITE_DONE)
    return pt_store_set_error (self, rc, _("Could not save the match"), error);

  clear = pt_store_prepare (self, "DELETE FROM results WHERE match_id = ?", error);
  if (clear == NULL)
    return FALSE;
  sqlite3_bind_int64 (clear, 1, entry->id);
  if (!pt_store_step_done (self, clear, _("Could not save the match"), error) ||
      !insert_results (self, entry, NULL, error))
    return FALSE;

  extra = pt_store_prepare (self, "INSERT OR REPLACE INTO breakdowns (match_id, json) VALUES (?, ?)",
                            error);
  if (extra == NULL)
    return FALSE;
  sqlite3_bind_int64 (extra, 1, entry->id);
  sqlite3_bind_text (extra, 2, breakdown, -1, SQLITE_STATIC);
  if (!pt_store_step_done (self, extra, _("Could not save the match"), error))
    return FALSE;

  /* The replay compares and rewrites the ratings from this match on and
   * stops as soon as every player agrees with the stored ones again (at
   * once for a corrected note or breakdown). */
  return pt_stats_rerate_match (self, entry->game, entry->finished, entry->id, gone, error) &&
         pt_stats_match_added (self, entry->id, error);
}

gboolean
pt_store_update_match (PtStore       *self,
                       PtMatchEntry  *entry,
                       GError       **error)
{
  g_autofree char *options = NULL;
  g_autofree char *breakdown = NULL;
  g_autofree char *uuid = NULL;
  PtMatchMode mode;
  gint64 started, finished;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (entry->id <= 0)
    return not_found (error, N_("match"), entry->id);
  if (!validate_entry (entry, error) ||
      (options = pt_store_canonical_json (entry->options, "{}", N_("options"), error)) == NULL ||
      (breakdown = pt_store_canonical_json (entry->breakdown, "null", N_("breakdown"), error)) == NULL)
    return FALSE;
  fill_ranks (entry->results);
  if (!pt_store_begin (self, error))
    return FALSE;
  /* On failure the entry is as the caller gave it (it may save it anew). */
  uuid = g_steal_pointer (&entry->uuid);
  mode = entry->mode;
  started = entry->started;
  finished = entry->finished;
  if (!update_match_locked (self, entry, options, breakdown, error) || !pt_store_commit (self, error))
    {
      pt_store_rollback (self);
      g_free (entry->uuid);
      entry->uuid = g_steal_pointer (&uuid);
      entry->mode = mode;
      entry->started = started;
      entry->finished = finished;
      return FALSE;
    }
  return TRUE;
}

PtMatchResult *
pt_store_read_result (PtStmt *stmt,
                      int     c)
{
  PtMatchResult *r = pt_match_result_new (sqlite3_column_int64 (stmt, c),
                                          sqlite3_column_int (stmt, c + 2),
                                          sqlite3_column_int (stmt, c + 3),
                                          sqlite3_column_int (stmt, c + 5) != 0);

  r->player_name = pt_store_dup_column_text (stmt, c + 1);
  r->rank = sqlite3_column_int (stmt, c + 4);
  r->is_ai = sqlite3_column_int (stmt, c + 6) != 0;
  r->ai_level = sqlite3_column_int (stmt, c + 7);
  return r;
}

GPtrArray *
pt_store_load_results (PtStore  *self,
                       gint64    match_id,
                       GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_result_unref);
  int rc;

  stmt = pt_store_prepare (self,
                           "SELECT r.player_id, p.name, r.seat, r.score, r.rank, r.winner, r.is_ai,"
                           " r.ai_level FROM results r JOIN players p ON p.id = r.player_id"
                           " WHERE r.match_id = ? ORDER BY r.seat",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, match_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (results, pt_store_read_result (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the match"), error);
      return NULL;
    }
  return g_steal_pointer (&results);
}

#define MATCH_COLUMNS \
  "m.id, m.uuid, m.game, m.mode, m.started, m.finished, m.night_id, m.rule_reading, m.notes, m.deleted"

static PtMatchEntry *
read_match (PtStmt *stmt)
{
  PtMatchEntry *entry = pt_match_entry_new ((const char *) sqlite3_column_text (stmt, 2),
                                            sqlite3_column_int (stmt, 3));

  entry->id = sqlite3_column_int64 (stmt, 0);
  entry->uuid = pt_store_dup_column_text (stmt, 1);
  entry->started = sqlite3_column_int64 (stmt, 4);
  entry->finished = sqlite3_column_int64 (stmt, 5);
  entry->night_id = sqlite3_column_int64 (stmt, 6);
  entry->rule_reading = pt_store_dup_column_text (stmt, 7);
  entry->notes = pt_store_dup_column_text (stmt, 8);
  entry->deleted = sqlite3_column_int (stmt, 9) != 0;
  return entry;
}

PtMatchEntry *
pt_store_load_match (PtStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  GPtrArray *results;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT " MATCH_COLUMNS ", m.options, b.json, r.json FROM matches m"
                           " LEFT JOIN breakdowns b ON b.match_id = m.id"
                           " LEFT JOIN records r ON r.match_id = m.id WHERE m.id = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      if (rc == SQLITE_DONE)
        not_found (error, N_("match"), id);
      else
        pt_store_set_error (self, rc, _("Could not read the match"), error);
      return NULL;
    }
  entry = read_match (stmt);
  entry->options = pt_store_dup_column_text (stmt, 10);
  entry->breakdown = pt_store_dup_column_text (stmt, 11);
  entry->record = pt_store_dup_column_text (stmt, 12);
  if ((results = pt_store_load_results (self, id, error)) == NULL)
    return NULL;
  g_ptr_array_unref (entry->results);
  entry->results = results;
  return g_steal_pointer (&entry);
}

gint64
pt_store_find_match_by_uuid (PtStore     *self,
                             const char  *uuid,
                             GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), 0);
  stmt = pt_store_prepare (self, "SELECT id FROM matches WHERE uuid = ?", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return sqlite3_column_int64 (stmt, 0);
  if (rc == SQLITE_DONE)
    g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("No match %s"), uuid);
  else
    pt_store_set_error (self, rc, _("Could not read the match"), error);
  return 0;
}

gboolean
pt_store_set_match_notes (PtStore     *self,
                          gint64       id,
                          const char  *notes,
                          GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "UPDATE matches SET notes = ?, modified = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, notes != NULL ? notes : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 3, id);
  return step_change (self, stmt, N_("match"), id, error);
}

gboolean
pt_store_set_match_night (PtStore  *self,
                          gint64    id,
                          gint64    night_id,
                          GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "UPDATE matches SET night_id = ?, modified = ? WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  if (night_id > 0)
    sqlite3_bind_int64 (stmt, 1, night_id);
  sqlite3_bind_int64 (stmt, 2, pt_store_next_stamp (self));
  sqlite3_bind_int64 (stmt, 3, id);
  rc = sqlite3_step (stmt);
  if ((rc & 0xff) == SQLITE_CONSTRAINT)
    return not_found (error, N_("night"), night_id);
  if (changes_or_error (self, rc) < 0)
    return pt_store_set_error (self, rc, _("Could not save the change"), error);
  if (sqlite3_changes (self->db) == 0)
    return not_found (error, N_("match"), id);
  return TRUE;
}

/* The game and time of a match, for re-rating from it. */
static gboolean
match_place (PtStore  *self,
             gint64    id,
             char    **game,
             gint64   *finished,
             GError  **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "SELECT game, finished FROM matches WHERE id = ?",
                                             error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    return not_found (error, N_("match"), id);
  if (rc != SQLITE_ROW)
    return pt_store_set_error (self, rc, _("Could not read the match"), error);
  *game = pt_store_dup_column_text (stmt, 0);
  *finished = sqlite3_column_int64 (stmt, 1);
  return TRUE;
}

/* Trash and restore: deleted holds the time the match went to the trash
 * (0 = live). Its players' aggregates are rebuilt and the game re-rated
 * from the match on, stopping once nothing later changes. */
static gboolean
set_match_deleted (PtStore   *self,
                   gint64     id,
                   gboolean   deleted,
                   GError   **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autoptr(GArray) gone = NULL;
  g_autofree char *game = NULL;
  gint64 finished = 0;

  if (!pt_store_begin (self, error))
    return FALSE;
  if (deleted && !pt_stats_match_removed (self, id, error))
    goto fail;
  stmt = pt_store_prepare (self,
                           "UPDATE matches SET deleted = ?1, modified = ?4 WHERE id = ?2"
                           " AND (deleted <> 0) = ?3",
                           error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, deleted ? MAX (now_seconds (), 1) : 0);
  sqlite3_bind_int64 (stmt, 2, id);
  sqlite3_bind_int (stmt, 3, !deleted);
  sqlite3_bind_int64 (stmt, 4, pt_store_next_stamp (self));
  if (!step_change (self, stmt, deleted ? N_("match") : N_("deleted match"), id, error))
    goto fail;
  if (!match_place (self, id, &game, &finished, error))
    goto fail;
  if (deleted && (gone = match_players (self, id, error)) == NULL)
    goto fail;
  /* A trashed match keeps no ratings, so a restore rates it anew (and
   * never takes the ratings it had as still right). */
  if (deleted)
    {
      g_autoptr(PtStmt) drop = pt_store_prepare (self, "UPDATE results SET rating = NULL WHERE match_id = ?",
                                                 error);

      if (drop == NULL)
        goto fail;
      sqlite3_bind_int64 (drop, 1, id);
      if (!pt_store_step_done (self, drop, _("Could not update the ratings"), error))
        goto fail;
    }
  if (!pt_stats_rerate_match (self, game, finished, id, gone, error))
    goto fail;
  if (!deleted && !pt_stats_match_added (self, id, error))
    goto fail;
  return pt_store_commit (self, error);

fail:
  pt_store_rollback (self);
  return FALSE;
}

gboolean
pt_store_delete_match (PtStore  *self,
                       gint64    id,
                       GError  **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  return set_match_deleted (self, id, TRUE, error);
}

gboolean
pt_store_undelete_match (PtStore  *self,
                         gint64    id,
                         GError  **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  return set_match_deleted (self, id, FALSE, error);
}

int
pt_store_purge (PtStore  *self,
                GError  **error)
{
  int removed;

  g_return_val_if_fail (PT_IS_STORE (self), -1);
  if (!pt_store_begin (self, error))
    return -1;
  if (!pt_store_exec (self, "DELETE FROM matches WHERE deleted <> 0", error))
    goto fail;
  removed = sqlite3_changes (self->db);
  if (!pt_store_exec (self,
                      "DELETE FROM players WHERE deleted = 1"
                      " AND NOT EXISTS (SELECT 1 FROM results WHERE player_id = players.id)",
                      error))
    goto fail;
  removed += sqlite3_changes (self->db);
  if (!pt_store_commit (self, error))
    return -1;
  return removed;

fail:
  pt_store_rollback (self);
  return -1;
}

int
pt_store_count_matches (PtStore  *self,
                        GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), -1);
  stmt = pt_store_prepare (self, "SELECT count(*) FROM matches WHERE deleted = 0", error);
  if (stmt == NULL)
    return -1;
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      pt_store_set_error (self, rc, _("Could not read the matches"), error);
      return -1;
    }
  return sqlite3_column_int (stmt, 0);
}

/* History ----------------------------------------------------------------- */

void
pt_history_query_init (PtHistoryQuery *query)
{
  memset (query, 0, sizeof *query);
  query->mode = -1;
}

static char *
like_pattern (const char *text)
{
  GString *pattern = g_string_new ("%");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (pattern, '\\');
      g_string_append_c (pattern, *p);
    }
  g_string_append_c (pattern, '%');
  return g_string_free (pattern, FALSE);
}

GPtrArray *
pt_store_history (PtStore               *self,
                  const PtHistoryQuery  *query,
                  GError               **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT " MATCH_COLUMNS " FROM matches m");
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
  g_autofree char *pattern = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc, n = 0;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  /* Built from fixed pieces only; every value is bound. The partial index
   * of live matches by time lets SQLite walk newest first and stop after
   * one page (a game filter skips the other games' rows on the way); the
   * player test is a range of the results' primary key (match_id, seat). */
  g_string_append (sql, query->game != NULL ? " INDEXED BY matches_time WHERE m.game = ?1"
                                            : " INDEXED BY matches_time WHERE 1");
  g_string_append (sql, " AND m.deleted = 0");
  if (query->mode >= 0)
    g_string_append (sql, " AND m.mode = ?2");
  if (query->from != 0)
    g_string_append (sql, " AND m.finished >= ?3");
  if (query->to != 0)
    g_string_append (sql, " AND m.finished < ?4");
  if (query->night_id > 0)
    g_string_append (sql, " AND m.night_id = ?5");
  if (query->player_id > 0)
    g_string_append (sql, " AND EXISTS (SELECT 1 FROM results r WHERE r.match_id = m.id"
                          " AND r.player_id = ?6)");
  if (query->search != NULL && *query->search != '\0')
    {
      g_autofree char *folded = pt_player_name_key (query->search);

      pattern = like_pattern (folded);
      g_string_append (sql, " AND (pt_fold (m.notes) LIKE ?7 ESCAPE '\\' OR EXISTS (SELECT 1 FROM"
                            " results r JOIN players p ON p.id = r.player_id WHERE r.match_id = m.id"
                            " AND pt_fold (p.name) LIKE ?7 ESCAPE '\\'))");
    }
  if (query->before_id > 0)
    g_string_append (sql, " AND (m.finished < ?8 OR (m.finished = ?8 AND m.id < ?9))");
  g_string_append (sql, " ORDER BY m.finished DESC, m.id DESC LIMIT ?10 OFFSET ?11");

  rc = sqlite3_prepare_v2 (self->db, sql->str, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      pt_store_set_error (self, rc, _("Could not read the history"), error);
      return NULL;
    }
  if (query->game != NULL)
    sqlite3_bind_text (stmt, 1, query->game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, query->mode);
  sqlite3_bind_int64 (stmt, 3, query->from);
  sqlite3_bind_int64 (stmt, 4, query->to);
  sqlite3_bind_int64 (stmt, 5, query->night_id);
  sqlite3_bind_int64 (stmt, 6, query->player_id);
  if (pattern != NULL)
    sqlite3_bind_text (stmt, 7, pattern, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 8, query->before_finished);
  sqlite3_bind_int64 (stmt, 9, query->before_id);
  sqlite3_bind_int (stmt, 10, query->limit > 0 ? query->limit : 50);
  sqlite3_bind_int (stmt, 11, MAX (query->offset, 0));

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (entries, read_match (stmt));
      n++;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not read the history"), error);
      return NULL;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);
      GPtrArray *results = pt_store_load_results (self, entry->id, error);

      if (results == NULL)
        return NULL;
      g_ptr_array_unref (entry->results);
      entry->results = results;
    }
  return g_steal_pointer (&entries);
}

/* Saved games and drafts --------------------------------------------------- */

gint64
pt_store_save_game_in_progress (PtStore     *self,
                                gint64       id,
                                const char  *game,
                                const char  *record,
                                const char  *options,
                                GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *rec = NULL;
  g_autofree char *opts = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), 0);
  if (game == NULL || *game == '\0' || record == NULL)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("A saved game needs a game and a record"));
      return 0;
    }
  if ((rec = pt_store_canonical_json (record, NULL, N_("game record"), error)) == NULL ||
      (opts = pt_store_canonical_json (options, "{}", N_("options"), error)) == NULL)
    return 0;

  if (id > 0)
    stmt = pt_store_prepare (self,
                             "UPDATE saved_games SET game = ?1, record = ?2, options = ?3, updated = ?4"
                             " WHERE id = ?5",
                             error);
  else
    stmt = pt_store_prepare (self,
                             "INSERT INTO saved_games (game, record, options, created, updated)"
                             " VALUES (?1, ?2, ?3, ?4, ?4)",
                             error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, rec, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, opts, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 4, now_seconds ());
  if (id > 0)
    sqlite3_bind_int64 (stmt, 5, id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_DONE)
    {
      pt_store_set_error (self, rc, _("Could not save the game"), error);
      return 0;
    }
  if (id > 0)
    {
      if (sqlite3_changes (self->db) == 0)
        {
          not_found (error, N_("saved game"), id);
          return 0;
        }
      return id;
    }
  return sqlite3_last_insert_rowid (self->db);
}

static PtSavedGame *
read_saved_game (PtStmt *stmt)
{
  PtSavedGame *saved = pt_saved_game_new ();

  saved->id = sqlite3_column_int64 (stmt, 0);
  saved->game = pt_store_dup_column_text (stmt, 1);
  saved->record = pt_store_dup_column_text (stmt, 2);
  saved->options = pt_store_dup_column_text (stmt, 3);
  saved->created = sqlite3_column_int64 (stmt, 4);
  saved->updated = sqlite3_column_int64 (stmt, 5);
  return saved;
}

GPtrArray *
pt_store_list_saved_games (PtStore  *self,
                           GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT id, game, record, options, created, updated FROM saved_games"
                           " ORDER BY updated DESC, id DESC",
                           error);
  if (stmt == NULL)
    return NULL;
  return collect_rows (self, stmt, (gpointer (*) (PtStmt *)) read_saved_game,
                       (GDestroyNotify) pt_saved_game_unref, _("Could not read the saved games"), error);
}

PtSavedGame *
pt_store_load_saved_game (PtStore  *self,
                          gint64    id,
                          GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self,
                           "SELECT id, game, record, options, created, updated FROM saved_games"
                           " WHERE id = ?",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return read_saved_game (stmt);
  if (rc == SQLITE_DONE)
    not_found (error, N_("saved game"), id);
  else
    pt_store_set_error (self, rc, _("Could not read the saved game"), error);
  return NULL;
}

gboolean
pt_store_delete_saved_game (PtStore  *self,
                            gint64    id,
                            GError  **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "DELETE FROM saved_games WHERE id = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return step_change (self, stmt, N_("saved game"), id, error);
}

gboolean
pt_store_set_draft (PtStore     *self,
                    const char  *game,
                    const char  *json,
                    GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  g_autofree char *canonical = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  if ((canonical = pt_store_canonical_json (json, "null", N_("score sheet"), error)) == NULL)
    return FALSE;
  stmt = pt_store_prepare (self,
                           "INSERT OR REPLACE INTO drafts (game, json, updated) VALUES (?, ?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, canonical, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, now_seconds ());
  return pt_store_step_done (self, stmt, _("Could not save the score sheet"), error);
}

char *
pt_store_get_draft (PtStore     *self,
                    const char  *game,
                    GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (PT_IS_STORE (self), NULL);
  stmt = pt_store_prepare (self, "SELECT json FROM drafts WHERE game = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return pt_store_dup_column_text (stmt, 0);
  if (rc != SQLITE_DONE)
    pt_store_set_error (self, rc, _("Could not read the score sheet"), error);
  return NULL;
}

gboolean
pt_store_clear_draft (PtStore     *self,
                      const char  *game,
                      GError     **error)
{
  g_autoptr(PtStmt) stmt = NULL;

  g_return_val_if_fail (PT_IS_STORE (self), FALSE);
  stmt = pt_store_prepare (self, "DELETE FROM drafts WHERE game = ?", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  return pt_store_step_done (self, stmt, _("Could not clear the score sheet"), error);
}
