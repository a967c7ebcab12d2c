/* pt-store-private.h — shared between the files of the store library
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "pt-store.h"

G_BEGIN_DECLS

/* "PTDA": marks a database as Partida's, so another application's SQLite
 * file is refused instead of being migrated into. */
#define PT_STORE_APPLICATION_ID 0x50544441

struct _PtStore
{
  GObject parent_instance;

  char *path;
  sqlite3 *db;
  int schema_version;
  char *migration_backup;
  GHashTable *statements; /* SQL text (static) -> sqlite3_stmt */
  /* Inside pt_store_transaction_begin() … _commit(): the calls that are
   * transactions of their own join it instead of beginning another. */
  gboolean in_outer_transaction;
  gboolean read_only; /* opened read-only: the file or disk cannot be written */
  char *read_only_reason;
  gboolean refusing; /* read_only from pt_store_refuse_changes (query_only) */
  gint64 last_stamp; /* pt_store_next_stamp() */
  /* Players whose aggregates (player_stats, pair_stats) must be rebuilt
   * before the transaction commits (pt_stats_flush_aggregates). */
  GHashTable *dirty_players; /* gint64* set */
  gboolean all_dirty;
  /* The store worker's connection: the ripple of a change to an old match
   * (later ratings, players' aggregates) goes to rating_pending and
   * aggregate_pending for pt_store_catch_up() instead of into the change's
   * own transaction. */
  gboolean defer_statistics;
  gboolean pending_statistics; /* something may wait in those tables */
};

/* A new match's UUID: version 7 (time-ordered), see pt-store.c. */
char *pt_store_new_uuid (void);

/* A cached statement, reset (not finalized) when it goes out of scope. */
typedef sqlite3_stmt PtStmt;
void pt_stmt_release (PtStmt *stmt);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtStmt, pt_stmt_release)

/* @sql must be a string literal (it is the cache key). */
PtStmt *pt_store_prepare (PtStore *self,
                          const char *sql,
                          GError **error);
gboolean pt_store_exec (PtStore *self,
                        const char *sql,
                        GError **error);
/* Maps an SQLite result code to a PT_STORE_ERROR; always returns FALSE. */
gboolean pt_store_set_error (PtStore *self,
                             int rc,
                             const char *what,
                             GError **error);
gboolean pt_store_step_done (PtStore *self,
                             PtStmt *stmt,
                             const char *what,
                             GError **error);
gboolean pt_store_begin (PtStore *self,
                         GError **error);
gboolean pt_store_commit (PtStore *self,
                          GError **error);
void pt_store_rollback (PtStore *self);
sqlite3 *pt_store_get_handle (PtStore *self);

char *pt_store_dup_column_text (PtStmt *stmt,
                                int column);
/* Steps @stmt to its end, reading every row with @read into a new array
 * that frees its items with @free_item; on an error, NULL and @message. */
GPtrArray *pt_store_collect_rows (PtStore *self,
                                  PtStmt *stmt,
                                  gpointer (*read) (PtStmt *stmt),
                                  GDestroyNotify free_item,
                                  const char *message,
                                  GError **error);
/* Steps @stmt to its end: its first column of every row, as gint64s; on
 * an error, NULL and @message. */
GArray *pt_store_collect_ids (PtStore *self,
                              PtStmt *stmt,
                              const char *message,
                              GError **error);
/* Runs a prepared single-row change and checks it touched a row. */
gboolean pt_store_step_change (PtStore *self,
                               PtStmt *stmt,
                               const char *what,
                               gint64 id,
                               GError **error);
/* A NOT_FOUND error for @what (marked for translation, untranslated) and @id; returns FALSE. */
gboolean pt_store_not_found (GError **error,
                             const char *what,
                             gint64 id);
/* Binds @id as @stmt's first parameter and steps to its row: FALSE with
 * pt_store_not_found(@what) or @message when there is none. */
gboolean pt_store_step_by_id (PtStore *self,
                              PtStmt *stmt,
                              gint64 id,
                              const char *what,
                              const char *message,
                              GError **error);
gint64 pt_store_now_seconds (void);

/* The columns pt_store_read_player() and pt_store_read_match() read. */
#define PT_STORE_PLAYER_COLUMNS "id, uuid, name, colour, created, archived"
#define PT_STORE_MATCH_COLUMNS \
  "m.id, m.uuid, m.game, m.mode, m.started, m.finished, m.night_id, m.rule_reading, m.notes, m.deleted"
PtMatchEntry *pt_store_read_match (PtStmt *stmt);
/* Parses @json and returns it re-serialised, or NULL + INVALID error. */
char *pt_store_canonical_json (const char *json,
                               const char *fallback,
                               const char *what,
                               GError **error);
PtMatchResult *pt_store_read_result (PtStmt *stmt, int first_column);
GPtrArray *pt_store_load_results (PtStore *self,
                                  gint64 match_id,
                                  GError **error);
gboolean pt_store_insert_match (PtStore *self,
                                PtMatchEntry *entry,
                                gboolean update_ratings,
                                GError **error);
PtPlayer *pt_store_read_player (PtStmt *stmt);
/* Whether @player_id is on the attendance list of @night_id. */
gboolean pt_store_player_is_listed (PtStore *self,
                                    gint64 night_id,
                                    gint64 player_id);

gboolean pt_store_check_header (const char *path,
                                GError **error);
char *pt_store_timestamp_suffix (void);
gboolean pt_store_copy_database (sqlite3 *src,
                                 const char *dest,
                                 GError **error);
/* Runs the migration steps after version @from. */
gboolean pt_store_migrate (PtStore *self,
                           int from,
                           GError **error);

/* Schema (pt-store-schema.c): the SQL of migration step @version (1-based), for
 * tests that build an old database. */
const char *pt_store_migration_sql (int version);

/* The least used colour of the palette; @used maps colour -> count. */
const char *pt_player_palette_pick (GHashTable *used);

/* Aggregates (pt-stats-aggregates.c), inside the store's transactions.
 * Whoever changes a match's results, game, time or deleted (trash) state,
 * or moves results between players, calls pt_stats_match_removed() BEFORE the change and
 * pt_stats_match_added() AFTER it (for the match as it is then); both are
 * cheap for the usual append. pt_store_commit() then rebuilds the players
 * marked dirty in one pass (pt_stats_flush_aggregates) and
 * pt_store_rollback() forgets them. */
gboolean pt_stats_match_removed (PtStore *self,
                                 gint64 match_id,
                                 GError **error);
gboolean pt_stats_match_added (PtStore *self,
                               gint64 match_id,
                               GError **error);
void pt_stats_mark_player_dirty (PtStore *self,
                                 gint64 player_id);
gboolean pt_stats_flush_aggregates (PtStore *self,
                                    GError **error);
gboolean pt_stats_rebuild_aggregates (PtStore *self,
                                      GError **error);
/* Background steps of deferred statistics (inside the caller's
 * transaction); *@done: nothing was waiting. */
gboolean pt_stats_catch_up_aggregates (PtStore *self,
                                       gboolean *done,
                                       GError **error);
gboolean pt_stats_catch_up_ratings (PtStore *self,
                                    guint budget,
                                    gboolean *done,
                                    GError **error);

/* Appending matches later than every live one (pt-stats-aggregates.c):
 * ratings from the current ones, aggregates added in memory and written at
 * the end. */
typedef struct _PtAppend PtAppend;
PtAppend *pt_append_new (PtStore *self,
                         GError **error);
gboolean pt_append_accepts (PtAppend *append,
                            gint64 finished);
/* Fills @ratings (one per result, NAN = not rated) before the insert. */
gboolean pt_append_rate (PtAppend *append,
                         PtMatchEntry *entry,
                         double *ratings,
                         GError **error);
gboolean pt_append_add (PtAppend *append,
                        PtMatchEntry *entry,
                        const double *ratings,
                        GError **error);
gboolean pt_append_finish (PtAppend *append,
                           GError **error);
void pt_append_free (PtAppend *append);

/* The live matches of game ?1 from (finished ?2, id ?3) on, in replay
 * order, with their results (pt-stats-ratings.c; the query-plan test
 * explains this very text). */
#define PT_STATS_REPLAY_SQL                                                      \
  "SELECT m.id, m.finished, r.player_id, r.rank, r.rating, r.seat"               \
  " FROM matches m INDEXED BY matches_time JOIN results r ON r.match_id = m.id"  \
  " WHERE m.deleted = 0 AND m.finished >= ?2 AND (m.finished, m.id) >= (?2, ?3)" \
  " AND m.game = ?1"                                                             \
  " ORDER BY m.finished, m.id, r.seat"

/* The SQL pt_store_history() runs for @query (pt-store-history.c): fixed
 * pieces only, every value bound as ?1 … ?11. */
char *pt_store_history_sql (const PtHistoryQuery *query);

/* Ratings (pt-stats-ratings.c), called inside the store's transactions. */
gboolean pt_stats_rate_new_match (PtStore *self,
                                  gint64 match_id,
                                  GError **error);
gboolean pt_stats_recompute_ratings (PtStore *self,
                                     const char *game,
                                     GError **error);
/* Re-rates @game from the match (@finished, @match_id) onward. */
gboolean pt_stats_recompute_ratings_from (PtStore *self,
                                          const char *game,
                                          gint64 finished,
                                          gint64 match_id,
                                          GError **error);
/* The same when only that one match changed (saved, edited, deleted or
 * restored): stops as soon as nothing later can change. @gone (may be
 * NULL) are players whose rating at that match went away (the match was
 * trashed, or they were removed from it): their later ratings change. */
gboolean pt_stats_rerate_match (PtStore *self,
                                const char *game,
                                gint64 finished,
                                gint64 match_id,
                                const GArray *gone,
                                GError **error);

/* The earliest changed match of each game of a batch (save_matches,
 * import), so ratings are recomputed once per game at the end. */
typedef struct
{
  GHashTable *games; /* game -> gint64[2] (finished, id) */
} PtRatingSpan;

void pt_rating_span_init (PtRatingSpan *span);
void pt_rating_span_add (PtRatingSpan *span,
                         const char *game,
                         gint64 finished,
                         gint64 match_id);
gboolean pt_rating_span_recompute (PtRatingSpan *span,
                                   PtStore *self,
                                   GError **error);
void pt_rating_span_clear (PtRatingSpan *span);

G_END_DECLS
