/* pt-store-types.h — plain values read from and written to the match history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value is a reference-counted boxed struct with public fields: the
 * store hands out fresh values, callers treat them as read-only once shared
 * (copy = take a reference). Times are Unix seconds (UTC); ids are SQLite row
 * ids (> 0), stable for the life of the database; UUIDs are stable across
 * export and import.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  PT_MATCH_MODE_DIGITAL = 0,
  PT_MATCH_MODE_COMPANION = 1,
} PtMatchMode;

const char *pt_match_mode_to_string (PtMatchMode mode);
gboolean pt_match_mode_from_string (const char *text,
                                    PtMatchMode *mode);

/* PtPlayer ---------------------------------------------------------------- */
typedef struct
{
  gint64 id;
  char *uuid;
  char *name;
  char *colour; /* "#rrggbb" or "" */
  gint64 created;
  gboolean archived;
} PtPlayer;

#define PT_TYPE_PLAYER (pt_player_get_type ())
GType pt_player_get_type (void) G_GNUC_CONST;
PtPlayer *pt_player_new (void);
PtPlayer *pt_player_ref (PtPlayer *self);
void pt_player_unref (PtPlayer *self);

/* PtNight: a game night groups matches ------------------------------------ */
typedef struct
{
  gint64 id;
  char *uuid;
  char *date; /* "YYYY-MM-DD" */
  char *place;
  char *notes;
} PtNight;

#define PT_TYPE_NIGHT (pt_night_get_type ())
GType pt_night_get_type (void) G_GNUC_CONST;
PtNight *pt_night_new (void);
PtNight *pt_night_ref (PtNight *self);
void pt_night_unref (PtNight *self);

/* PtMatchResult: one player's line in a match ----------------------------- */
typedef struct
{
  gint64 player_id;
  char *player_name; /* filled when read; ignored when saving */
  int seat;          /* 0-based, unique within the match */
  int score;
  int rank;        /* 1 = best; tied players share a rank; 0 when saving = compute from scores */
  gboolean winner; /* shared wins: every tied winner has it */
  gboolean is_ai;
  int ai_level; /* 0 for humans */
} PtMatchResult;

#define PT_TYPE_MATCH_RESULT (pt_match_result_get_type ())
GType pt_match_result_get_type (void) G_GNUC_CONST;
PtMatchResult *pt_match_result_new (gint64 player_id,
                                    int seat,
                                    int score,
                                    gboolean winner);
PtMatchResult *pt_match_result_ref (PtMatchResult *self);
void pt_match_result_unref (PtMatchResult *self);

/* PtMatchEntry: a finished match, as saved ------------------------------- */
typedef struct
{
  gint64 id;  /* 0 until saved */
  char *uuid; /* NULL when saving = generate one */
  char *game; /* "lost-cities", "circle-the-wagons", "next-station-london" */
  PtMatchMode mode;
  gint64 started;
  gint64 finished;
  gint64 night_id;    /* 0 = none */
  char *options;      /* JSON object text, NULL = "{}" */
  char *rule_reading; /* free text naming the rule reading in force, may be "" */
  char *notes;
  char *breakdown;    /* JSON document produced by the game, NULL = "null" */
  char *record;       /* partida-record/1 JSON for digital matches, or NULL */
  gboolean deleted;   /* soft-deleted, waiting for purge */
  GPtrArray *results; /* of PtMatchResult, ordered by seat */
} PtMatchEntry;

#define PT_TYPE_MATCH_ENTRY (pt_match_entry_get_type ())
GType pt_match_entry_get_type (void) G_GNUC_CONST;
PtMatchEntry *pt_match_entry_new (const char *game,
                                  PtMatchMode mode);
PtMatchEntry *pt_match_entry_ref (PtMatchEntry *self);
void pt_match_entry_unref (PtMatchEntry *self);
void pt_match_entry_add_result (PtMatchEntry *self,
                                PtMatchResult *result);

/* PtSavedGame: a digital game in progress --------------------------------- */
typedef struct
{
  gint64 id;
  char *game;
  char *record;  /* partida-record/1, possibly mid-round */
  char *options; /* JSON object text */
  gint64 created;
  gint64 updated;
} PtSavedGame;

#define PT_TYPE_SAVED_GAME (pt_saved_game_get_type ())
GType pt_saved_game_get_type (void) G_GNUC_CONST;
PtSavedGame *pt_saved_game_ref (PtSavedGame *self);
void pt_saved_game_unref (PtSavedGame *self);

/* Statistics values (PtStats) --------------------------------------------- */

/* One player's figures overall (game == NULL) or for one game. */
typedef struct
{
  gint64 player_id;
  char *player_name;
  char *game; /* NULL = all games */
  int plays;
  int wins;        /* a shared win counts for each tied winner */
  double win_rate; /* wins / plays, 0 when no plays */
  double average;
  int best;
  int worst;
  int current_streak; /* consecutive wins ending with the latest match */
  int longest_streak;
  gint64 last_played; /* finished time of the latest match, 0 = never */
} PtStatLine;

#define PT_TYPE_STAT_LINE (pt_stat_line_get_type ())
GType pt_stat_line_get_type (void) G_GNUC_CONST;
PtStatLine *pt_stat_line_ref (PtStatLine *self);
void pt_stat_line_unref (PtStatLine *self);

typedef struct
{
  gint64 player_a;
  char *name_a;
  gint64 player_b;
  char *name_b;
  int plays;  /* matches both played */
  int wins_a; /* of those, matches A won (shared wins count) */
  int wins_b;
  int a_ahead; /* matches where A ranked better than B */
  int b_ahead;
} PtHeadToHead;

#define PT_TYPE_HEAD_TO_HEAD (pt_head_to_head_get_type ())
GType pt_head_to_head_get_type (void) G_GNUC_CONST;
PtHeadToHead *pt_head_to_head_ref (PtHeadToHead *self);
void pt_head_to_head_unref (PtHeadToHead *self);

typedef struct
{
  gint64 night_id;
  char *date;
  char *place;
  int matches;
  GPtrArray *winners;    /* of PtStatLine (player, wins, plays) for the night, most wins first */
  gint64 best_player_id; /* the best single score of the night; 0 if no matches */
  char *best_player_name;
  char *best_game;
  int best_score;
} PtNightSummary;

#define PT_TYPE_NIGHT_SUMMARY (pt_night_summary_get_type ())
GType pt_night_summary_get_type (void) G_GNUC_CONST;
PtNightSummary *pt_night_summary_ref (PtNightSummary *self);
void pt_night_summary_unref (PtNightSummary *self);

/* A player's rating in one game after a match (history) or now (table). */
typedef struct
{
  gint64 player_id;
  char *player_name;
  char *game;
  gint64 match_id; /* 0 in a current-ratings table */
  gint64 finished;
  double before;
  double rating; /* after the match */
  int plays;     /* rated matches so far */
} PtRating;

#define PT_TYPE_RATING (pt_rating_get_type ())
GType pt_rating_get_type (void) G_GNUC_CONST;
PtRating *pt_rating_ref (PtRating *self);
void pt_rating_unref (PtRating *self);

typedef struct
{
  gint64 match_id;
  gint64 finished;
  char *game;
  int score;
  int rank;
  gboolean winner;
  gboolean rated; /* the match was rated: rating holds the Elo after it */
  double rating;
} PtScorePoint;

#define PT_TYPE_SCORE_POINT (pt_score_point_get_type ())
GType pt_score_point_get_type (void) G_GNUC_CONST;
PtScorePoint *pt_score_point_ref (PtScorePoint *self);
void pt_score_point_unref (PtScorePoint *self);

/* Everything about one player (the statistics page). */
typedef struct
{
  PtPlayer *player;
  PtStatLine *overall;
  GPtrArray *per_game;     /* of PtStatLine, by game id */
  GPtrArray *head_to_head; /* of PtHeadToHead with player_a = this player, most plays first */
  GPtrArray *ratings;      /* of PtRating (current), by game id */
} PtPlayerStats;

#define PT_TYPE_PLAYER_STATS (pt_player_stats_get_type ())
GType pt_player_stats_get_type (void) G_GNUC_CONST;
PtPlayerStats *pt_player_stats_ref (PtPlayerStats *self);
void pt_player_stats_unref (PtPlayerStats *self);

/* Internal constructors shared by the store and the statistics. */
PtStatLine *pt_stat_line_new (void);
PtHeadToHead *pt_head_to_head_new (void);
PtNightSummary *pt_night_summary_new (void);
PtRating *pt_rating_new (void);
PtScorePoint *pt_score_point_new (void);
PtPlayerStats *pt_player_stats_new (void);
PtSavedGame *pt_saved_game_new (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtPlayer, pt_player_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtNight, pt_night_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtMatchResult, pt_match_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtMatchEntry, pt_match_entry_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtSavedGame, pt_saved_game_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtStatLine, pt_stat_line_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtHeadToHead, pt_head_to_head_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtNightSummary, pt_night_summary_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtRating, pt_rating_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtScorePoint, pt_score_point_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtPlayerStats, pt_player_stats_unref)

G_END_DECLS
