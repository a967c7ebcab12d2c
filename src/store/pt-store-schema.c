/* pt-store-schema.c — the schema and its forward migrations
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-player-name.h"
#include "pt-store-private.h"

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
  /* 6: deferred statistics (pt_store_set_defer_statistics): what a change
   * to an old match leaves for the background steps — per game the
   * earliest match whose later ratings may be stale, and the players whose
   * aggregates must be rebuilt. Empty when nothing waits; no data moves. */
  "CREATE TABLE rating_pending ("
  "  game TEXT PRIMARY KEY,"
  "  finished INTEGER NOT NULL,"
  "  match_id INTEGER NOT NULL) WITHOUT ROWID;"
  "CREATE TABLE aggregate_pending (player_id INTEGER PRIMARY KEY);",
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == PT_STORE_SCHEMA_VERSION + 1);

const char *
pt_store_migration_sql (int version)
{
  g_return_val_if_fail (version >= 1 && version <= PT_STORE_SCHEMA_VERSION, NULL);
  return migrations[version];
}

static gboolean
foreign_keys_hold (PtStore *self,
                   GError **error)
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
fill_name_keys (PtStore *self,
                GError **error)
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
fill_colours (PtStore *self,
              GError **error)
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
migrate_to_5 (PtStore *self,
              GError **error)
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

/* The schema version, read in the transaction the caller holds. */
static gboolean
read_version (PtStore *self,
              int *version,
              GError **error)
{
  g_autoptr(PtStmt) stmt = pt_store_prepare (self, "PRAGMA user_version", error);

  if (stmt == NULL)
    return FALSE;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return pt_store_set_error (self, sqlite3_errcode (pt_store_get_handle (self)),
                               _("Could not read the database"), error);
  *version = sqlite3_column_int (stmt, 0);
  return TRUE;
}

/* One step to @version in its own transaction (or the caller's), unless
 * another process did it first: the version is read again under the write
 * lock. Step 5 rebuilds results: foreign keys off (not possible inside a
 * transaction, so the caller of a new database turns them off), checked
 * before the commit instead. */
static gboolean
migrate_step (PtStore *self,
              int version,
              GError **error)
{
  g_autofree char *pragma = g_strdup_printf ("PRAGMA user_version = %d", version);
  gboolean rebuild = version == 5;
  int current = 0;

  if (rebuild && !pt_store_exec (self, "PRAGMA foreign_keys = OFF", error))
    return FALSE;
  if (!pt_store_begin (self, error))
    return FALSE;
  if (!read_version (self, &current, error) ||
      (current < version &&
       (!pt_store_exec (self, migrations[version], error) ||
        (version == 1 && !pt_store_exec (self, "PRAGMA application_id = 1347699777", error)) ||
        (version == 5 && !migrate_to_5 (self, error)) ||
        (rebuild && !foreign_keys_hold (self, error)) ||
        !pt_store_exec (self, pragma, error))) ||
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
  self->schema_version = MAX (current, version);
  return TRUE;
}

/* A new database (@from 0) is made in one transaction: another Partida
 * process opening the same new file at that moment (a second instance, the
 * English and Spanish test runs on one test home) waits for the lock and
 * finds it whole, never half made — which it would take for an old schema
 * to back up and update, and fail on tables that already exist. */
gboolean
pt_store_migrate (PtStore *self,
                  int from,
                  GError **error)
{
  gboolean fresh = from == 0;

  if (fresh && (!pt_store_exec (self, "PRAGMA foreign_keys = OFF", error) ||
                !pt_store_transaction_begin (self, error)))
    return FALSE;
  for (int version = from + 1; version <= PT_STORE_SCHEMA_VERSION; version++)
    if (!migrate_step (self, version, error))
      {
        if (fresh)
          {
            pt_store_transaction_rollback (self);
            pt_store_exec (self, "PRAGMA foreign_keys = ON", NULL);
          }
        return FALSE;
      }
  if (fresh && (!pt_store_transaction_commit (self, error) ||
                !pt_store_exec (self, "PRAGMA foreign_keys = ON", error)))
    {
      g_prefix_error (error, _("Could not create the database: "));
      return FALSE;
    }
  return TRUE;
}

G_STATIC_ASSERT (PT_STORE_APPLICATION_ID == 1347699777);
