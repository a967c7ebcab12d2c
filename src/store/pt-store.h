/* pt-store.h — the match history: players, nights, matches, saved games
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One SQLite database (WAL, foreign keys on, a busy timeout), schema
 * versioned with PRAGMA user_version and migrated forward on open after a
 * backup copy of the file. Every public call that changes something is one
 * transaction: it either happens completely or not at all. Nothing here
 * knows GTK; a match is plain data (PtMatchEntry).
 */
#pragma once

#include <gio/gio.h>

#include "pt-import.h"
#include "pt-store-types.h"

G_BEGIN_DECLS

#define PT_STORE_ERROR (pt_store_error_quark ())
GQuark pt_store_error_quark (void);

typedef enum
{
  PT_STORE_ERROR_FAILED,
  PT_STORE_ERROR_CORRUPT,       /* not an SQLite file, damaged, or not a Partida database */
  PT_STORE_ERROR_NEWER_VERSION, /* written by a newer Partida; left untouched */
  PT_STORE_ERROR_READ_ONLY,     /* the file or its folder cannot be written */
  PT_STORE_ERROR_NOT_FOUND,
  PT_STORE_ERROR_DUPLICATE, /* a name already taken by an active player, … */
  PT_STORE_ERROR_IN_USE,    /* a player with matches cannot be deleted (archive instead) */
  PT_STORE_ERROR_INVALID,   /* bad input: malformed JSON, missing fields, … */
  PT_STORE_ERROR_FULL,      /* disk (or page limit) full: the change was rolled back */
  PT_STORE_ERROR_IO,        /* read/write error: the change was rolled back */
  PT_STORE_ERROR_BUSY,      /* another process holds the database too long */
} PtStoreError;

typedef enum
{
  PT_STORE_OPEN_NONE = 0,
  PT_STORE_OPEN_CREATE = 1 << 0,    /* create the file (and its folder) if missing */
  PT_STORE_OPEN_READ_ONLY = 1 << 1, /* open read-only even if it could be written */
} PtStoreOpenFlags;

/* The schema version this build writes. */
#define PT_STORE_SCHEMA_VERSION 6

#define PT_TYPE_STORE (pt_store_get_type ())
G_DECLARE_FINAL_TYPE (PtStore, pt_store, PT, STORE, GObject)

/* Deferred statistics, for the store worker's connection: with @defer, a
 * change to an old match (edit, trash, restore, a late entry, a merge)
 * writes the match and rates it in its own short transaction, and queues
 * what it changes further on — the later ratings of its game, its
 * players' aggregates — in the database (rating_pending,
 * aggregate_pending, so a run cut short resumes next time).
 * pt_store_catch_up() does one step of that work (the aggregates, or
 * @budget matches re-rated) in its own transaction; *@done says nothing
 * is left. Until then the statistics show the figures from before. */
void pt_store_set_defer_statistics (PtStore *self,
                                    gboolean defer);
gboolean pt_store_has_pending_statistics (PtStore *self);
gboolean pt_store_catch_up (PtStore *self,
                            guint budget,
                            gboolean *done,
                            GError **error);

/* Path resolution shared by the app and partida-cli: explicit path (--db),
 * else $PARTIDA_DB, else $XDG_DATA_HOME/partida/partida.db. */
char *pt_store_resolve_path (const char *explicit_path);

PtStore *pt_store_open (const char *path,
                        PtStoreOpenFlags flags,
                        GError **error);
const char *pt_store_get_path (PtStore *self);
/* TRUE when the file or its disk cannot be written: an existing database is
 * then opened read-only (history, statistics and export work; every change
 * fails with READ_ONLY, naming the reason). */
gboolean pt_store_is_read_only (PtStore *self);
/* Why it is read-only (for messages), or NULL when it is not. */
const char *pt_store_get_read_only_reason (PtStore *self);
/* pt-store-guard.c: from now on this connection refuses every change
 * (READ_ONLY naming @reason), e.g. for a database found damaged; and back
 * (only what pt_store_refuse_changes did: a read-only file stays so). */
gboolean pt_store_refuse_changes (PtStore *self,
                                  const char *reason,
                                  GError **error);
gboolean pt_store_allow_changes (PtStore *self,
                                 GError **error);
int pt_store_get_schema_version (PtStore *self);
/* The copy made before the last migration on open, or NULL. */
const char *pt_store_get_migration_backup (PtStore *self);
void pt_store_close (PtStore *self);

/* After a CORRUPT or NEWER_VERSION error: rename the file (and its -wal and
 * -shm companions) to PATH.broken-YYYYMMDD-HHMMSS so a new database can be
 * created at PATH. The old file is kept, never overwritten. */
gboolean pt_store_move_aside (const char *path,
                              char **new_path,
                              GError **error);

/* Several calls as one transaction (the session's final save: players,
 * night, match, saved game). Between begin and commit the calls that are
 * transactions of their own (pt_store_save_match, pt_store_update_match,
 * …) join it; if one fails everything is rolled back and commit fails too.
 * Not nested. */
gboolean pt_store_transaction_begin (PtStore *self,
                                     GError **error);
gboolean pt_store_transaction_commit (PtStore *self,
                                      GError **error);
void pt_store_transaction_rollback (PtStore *self);
/* The next hybrid-logical-clock stamp for a row's `modified` (ms << 16 |
 * counter, strictly increasing in this process). */
gint64 pt_store_next_stamp (PtStore *self);

/* Players ----------------------------------------------------------------- */

/* The colours a player can be given ("#rrggbb"), NULL-terminated. A new
 * player without a colour gets the one fewest active players have; the
 * colour is kept on rename. */
const char *const *pt_player_palette (void);

PtPlayer *pt_store_add_player (PtStore *self,
                               const char *name,
                               const char *colour,
                               GError **error);
PtPlayer *pt_store_get_player (PtStore *self,
                               gint64 id,
                               GError **error);
PtPlayer *pt_store_find_player (PtStore *self,
                                const char *name,
                                GError **error);
/* The active player @typed probably means (pt-store-identity.c): the same
 * name by the identity rule, else a name it starts (3+ characters), else
 * one a typo away (1 edit under 5 characters, else 2); NULL without error
 * when none is close. */
PtPlayer *pt_store_suggest_player (PtStore *self,
                                   const char *typed,
                                   GError **error);
/* Active players in the locale's order (pt_player_name_compare); archived
 * ones too when include_archived. */
GPtrArray *pt_store_list_players (PtStore *self,
                                  gboolean include_archived,
                                  GError **error);
gboolean pt_store_update_player (PtStore *self,
                                 gint64 id,
                                 const char *name,
                                 const char *colour,
                                 GError **error);
gboolean pt_store_set_player_archived (PtStore *self,
                                       gint64 id,
                                       gboolean archived,
                                       GError **error);
/* Moves every result of @from to @into, then removes @from. Fails if both
 * played in the same match. Ratings are recomputed. */
gboolean pt_store_merge_players (PtStore *self,
                                 gint64 from,
                                 gint64 into,
                                 GError **error);
/* Soft delete (undoable until pt_store_purge()); only players without
 * matches — the others are archived instead (IN_USE). */
gboolean pt_store_delete_player (PtStore *self,
                                 gint64 id,
                                 GError **error);
gboolean pt_store_undelete_player (PtStore *self,
                                   gint64 id,
                                   GError **error);

/* Nights ------------------------------------------------------------------ */
PtNight *pt_store_add_night (PtStore *self,
                             const char *date,
                             const char *place,
                             const char *notes,
                             GError **error);
GPtrArray *pt_store_list_nights (PtStore *self,
                                 GError **error);
/* A night's date: YYYY-MM-DD and a real day (else INVALID, naming it). */
gboolean pt_store_check_date (const char *date,
                              GError **error);
gboolean pt_store_update_night (PtStore *self,
                                gint64 id,
                                const char *date,
                                const char *place,
                                const char *notes,
                                GError **error);
/* The night's matches stay, without a night. */
gboolean pt_store_delete_night (PtStore *self,
                                gint64 id,
                                GError **error);
/* Who came to the night (the attendance list), replaced as a whole in one
 * transaction; a player listed twice counts once. Unknown night or player:
 * NOT_FOUND, and the list stays as it was. */
gboolean pt_store_set_night_players (PtStore *self,
                                     gint64 night_id,
                                     const gint64 *player_ids,
                                     guint n_players,
                                     GError **error);
/* A new night and who came (existing players, by name), in one
 * transaction: all of it or nothing. */
PtNight *pt_store_start_night (PtStore *self,
                               const char *date,
                               const char *place,
                               const char *const *who,
                               GError **error);
/* The attendance list of a night (PtPlayer, archived ones included), by
 * name; empty when none was kept. */
GPtrArray *pt_store_get_night_players (PtStore *self,
                                       gint64 night_id,
                                       GError **error);

/* Matches ----------------------------------------------------------------- */
/* Saves a finished match; returns its id (and fills entry->id and
 * entry->uuid). JSON texts are validated and stored in a canonical form. */
gint64 pt_store_save_match (PtStore *self,
                            PtMatchEntry *entry,
                            GError **error);
/* Several matches in one transaction (all or none), e.g. a night entered
 * from paper; much faster than one transaction each. */
gboolean pt_store_save_matches (PtStore *self,
                                GPtrArray *entries,
                                GError **error);
/* A corrected score sheet: replaces the results, breakdown, options, rule
 * reading, notes and night of the match entry->id in one transaction. The
 * match keeps its id, UUID, game, mode, times (a correction does not change
 * when it was played) and game record; entry->uuid, mode, started and
 * finished are set to the stored ones. Ratings are re-rated from the match
 * on. A deleted match cannot be changed (NOT_FOUND). */
gboolean pt_store_update_match (PtStore *self,
                                PtMatchEntry *entry,
                                GError **error);
PtMatchEntry *pt_store_load_match (PtStore *self,
                                   gint64 id,
                                   GError **error);
gint64 pt_store_find_match_by_uuid (PtStore *self,
                                    const char *uuid,
                                    GError **error);
gboolean pt_store_set_match_notes (PtStore *self,
                                   gint64 id,
                                   const char *notes,
                                   GError **error);
gboolean pt_store_set_match_night (PtStore *self,
                                   gint64 id,
                                   gint64 night_id,
                                   GError **error);
gboolean pt_store_delete_match (PtStore *self,
                                gint64 id,
                                GError **error);
gboolean pt_store_undelete_match (PtStore *self,
                                  gint64 id,
                                  GError **error);
/* Removes for good every soft-deleted match and player; returns how many. */
int pt_store_purge (PtStore *self,
                    GError **error);
int pt_store_count_matches (PtStore *self,
                            GError **error);

/* History: newest first. Fields left 0/NULL do not filter. */
typedef struct
{
  const char *game;
  gint64 player_id;
  int mode;           /* -1 any, else a PtMatchMode */
  gint64 from;        /* finished >= from (0 = no bound) */
  gint64 to;          /* finished < to (0 = no bound) */
  const char *search; /* substring of a player's name or of the notes */
  gint64 night_id;
  int limit; /* 0 = 50 */
  int offset;
  /* Keyset paging: when before_id > 0 only matches older than the match
   * (before_finished, before_id) are returned; faster than a big offset. */
  gint64 before_finished;
  gint64 before_id;
} PtHistoryQuery;

void pt_history_query_init (PtHistoryQuery *query);
/* Of PtMatchEntry with results (without record, breakdown and options,
 * which pt_store_load_match() gives). */
GPtrArray *pt_store_history (PtStore *self,
                             const PtHistoryQuery *query,
                             GError **error);

/* Saved games in progress -------------------------------------------------- */
/* id 0 creates; returns the id. Written after every move: one small UPDATE. */
gint64 pt_store_save_game_in_progress (PtStore *self,
                                       gint64 id,
                                       const char *game,
                                       const char *record,
                                       const char *options,
                                       GError **error);
GPtrArray *pt_store_list_saved_games (PtStore *self,
                                      GError **error);
PtSavedGame *pt_store_load_saved_game (PtStore *self,
                                       gint64 id,
                                       GError **error);
gboolean pt_store_delete_saved_game (PtStore *self,
                                     gint64 id,
                                     GError **error);

/* Companion score sheet drafts: one per game, offered again after a crash. */
gboolean pt_store_set_draft (PtStore *self,
                             const char *game,
                             const char *json,
                             GError **error);
/* NULL without error when there is no draft. */
char *pt_store_get_draft (PtStore *self,
                          const char *game,
                          GError **error);
gboolean pt_store_clear_draft (PtStore *self,
                               const char *game,
                               GError **error);

/* Import, export, backup (pt-store-io.c) ----------------------------------- */
/* Everything except soft-deleted rows, saved games and drafts, as
 * "partida-export/1" JSON; stable order that does not depend on the order
 * rows were added (players by creation time, nights by date, matches by
 * finish time, each then by UUID), no timestamp, so two exports of the same
 * data are byte-identical, also from two devices that sync (pt-sync.h). */
char *pt_store_export_json (PtStore *self,
                            GError **error);

typedef struct
{
  int players_added;
  int nights_added;
  int matches_added;
  int matches_skipped; /* already present (same UUID) */
  /* From another app's file (pt-import.h): */
  PtImportFormat format;
  int plays_read;
  int plays_other_games; /* skipped: games Partida does not have */
  int plays_unusable;    /* skipped: no scores, wrong player count, … */
  char *details;         /* one translated line per skip reason, or NULL */
} PtImportSummary;

void pt_import_summary_clear (PtImportSummary *summary);

/* All or nothing: the whole document is validated and imported in one
 * transaction. Matches, players and nights are recognised by UUID; a player
 * with an unknown UUID but the name of an active player (by the identity
 * rule of pt-player-name.h) is that player. A file breaking a limit (score
 * outside 32 bits, unknown game, name over 100 or note over 10,000
 * characters, NUL or invalid UTF-8, a UUID used twice) is refused as a
 * whole, naming the item and the reason. @length -1: NUL-terminated. A
 * summary with details must be cleared with pt_import_summary_clear(). */
gboolean pt_store_import (PtStore *self,
                          const char *data,
                          gssize length,
                          PtImportFormat format,
                          PtImportSummary *summary,
                          GError **error);
/* The same, calling @progress now and then (from the calling thread) with
 * the matches checked so far and their number. */
typedef void (*PtImportProgressFunc) (guint done,
                                      guint total,
                                      gpointer user_data);
gboolean pt_store_import_with_progress (PtStore *self,
                                        const char *data,
                                        gssize length,
                                        PtImportFormat format,
                                        PtImportProgressFunc progress,
                                        gpointer progress_data,
                                        PtImportSummary *summary,
                                        GError **error);
/* pt_store_import() of a partida-export/1 text. */
gboolean pt_store_import_json (PtStore *self,
                               const char *json,
                               PtImportSummary *summary,
                               GError **error);
/* One row per player per match (RFC 4180 quoting). */
char *pt_store_export_csv (PtStore *self,
                           GError **error);
/* PRAGMA quick_check: CORRUPT with a message naming the file when the
 * database is damaged (then nothing should be written to it). */
gboolean pt_store_check_integrity (PtStore *self,
                                   GError **error);
/* The same check on a read-only connection of its own to the database at
 * @path (opened and closed here, on the calling thread): the store
 * worker runs it in a thread of its own, so its reads never queue behind
 * it (a million matches take ~20 s). */
gboolean pt_store_check_integrity_at (const char *path,
                                      GError **error);

typedef struct
{
  int players, players_lost;
  int nights, nights_lost;
  int matches, matches_lost;
  int tables_lost; /* pt_store_salvage_file(): players, nights, matches or results not found */
} PtSalvageSummary;

/* Everything that can still be read, row by row, into a NEW database at
 * @dest_path (which must not exist); the damaged one is left as it is. */
gboolean pt_store_salvage (PtStore *self,
                           const char *dest_path,
                           PtSalvageSummary *summary,
                           GError **error);
/* pt-store-salvage.c — a history too damaged for pt_store_open(): what
 * can still be read of it, read-only, without Partida's checks (schema
 * rows that cannot be read are left out); NULL when nothing can be read or
 * it is another application's file (left alone). */
PtStore *pt_store_open_damaged (const char *path,
                                GError **error);
/* pt_store_salvage() of the file at @path, however damaged: opened with
 * pt_store_open_damaged(), or when its header is what is broken, a copy
 * of its pages behind a fresh header. @path is left as it is. */
gboolean pt_store_salvage_file (const char *path,
                                const char *dest_path,
                                PtSalvageSummary *summary,
                                GError **error);
/* TRUE when @path is a damaged Partida database (or a file of database
 * pages whose header is lost): what salvage is for. FALSE for another
 * application's file, a newer Partida's, or one that is not there. */
gboolean pt_store_can_salvage (const char *path);
/* Salvages @path into a new database that takes its place; the damaged
 * file (with its -wal and -shm) is renamed beside it to
 * PATH.broken-YYYYMMDD-HHMMSS, returned in @kept_path. No connection to
 * @path may be open. */
gboolean pt_store_salvage_in_place (const char *path,
                                    char **kept_path,
                                    PtSalvageSummary *summary,
                                    GError **error);
/* Online backup to a file (written beside it, then renamed into place); a
 * damaged database is refused (CORRUPT): salvage it instead. */
gboolean pt_store_backup (PtStore *self,
                          const char *dest_path,
                          GError **error);
/* Replaces the whole database with a backup after checking it; the current
 * database is first copied to PATH.before-restore-YYYYMMDD-HHMMSS. */
gboolean pt_store_restore (PtStore *self,
                           const char *src_path,
                           GError **error);

/* Tests ----------------------------------------------------------------
 *
 * Counts the store calls (SQL prepared or run, on any connection) made on
 * @thread from now on (NULL: stop counting); _get_ returns the count. */
void pt_store_debug_watch_thread (GThread *thread);
guint pt_store_debug_get_watched_calls (void);
/* Called on the thread of pt_store_check_integrity_at(), after its
 * connection is open and before the check runs (NULL: none). */
void pt_store_debug_set_check_hook (void (*hook) (gpointer data),
                                    gpointer data);

G_END_DECLS
