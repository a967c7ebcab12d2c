/* pt-stats.h — statistics over the match history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read-only queries on a PtStore. Soft-deleted matches never count.
 * Archived players are left out of the lists (overview, ratings tables) but
 * keep their history: their own statistics, head-to-head lines and the
 * matches they played are all still there.
 *
 * Ratings are Elo per game, updated match by match as the matches are saved
 * (and recomputed for a game when a match is deleted, restored, merged or
 * imported out of order). Every player starts at PT_STATS_ELO_INITIAL; a
 * match of N players counts as the N(N-1)/2 duels between them (a better
 * rank wins the duel, an equal rank draws), and a player's change is
 * PT_STATS_ELO_K / (N - 1) times the sum over their N-1 duels of
 * (actual - expected), expected = 1 / (1 + 10^((Ropponent - Rplayer) / 400)),
 * with every duel using the ratings from before the match. Dividing by N-1
 * keeps one match worth at most K points whatever the table size, as in a
 * two-player game; the sum of all changes in a match is zero. Solo matches
 * are not rated.
 */
#pragma once

#include "pt-store.h"

G_BEGIN_DECLS

#define PT_STATS_ELO_INITIAL 1500.0
#define PT_STATS_ELO_K       32.0

#define PT_TYPE_STATS (pt_stats_get_type ())
G_DECLARE_FINAL_TYPE (PtStats, pt_stats, PT, STATS, GObject)

PtStats *pt_stats_new (PtStore *store);

/* Everything about one player (also an archived one). */
PtPlayerStats *pt_stats_player (PtStats *self,
                                gint64 player_id,
                                GError **error);
/* One line per player for @game (NULL = all games), players without plays
 * included, ordered by wins then win rate. */
GPtrArray *pt_stats_overview (PtStats *self,
                              const char *game,
                              gboolean include_archived,
                              GError **error);
/* Every pair of players who met, for @game (NULL = all games); player_a has
 * the smaller id. Read from the kept aggregates (one row per pair). */
GPtrArray *pt_stats_head_to_head (PtStats *self,
                                  const char *game,
                                  GError **error);
/* The head-to-head of one pair for @game (NULL = all games), seen from
 * @player_a (plays = 0 when they never met). */
PtHeadToHead *pt_stats_pair (PtStats *self,
                             gint64 player_a,
                             gint64 player_b,
                             const char *game,
                             GError **error);
/* Of PtNightSummary, newest night first. */
GPtrArray *pt_stats_nights (PtStats *self,
                            GError **error);
/* Current rating of every rated player in @game, best first. */
GPtrArray *pt_stats_ratings (PtStats *self,
                             const char *game,
                             gboolean include_archived,
                             GError **error);
/* The series below hold a player's latest PT_STATS_SERIES_LIMIT matches. */
#define PT_STATS_SERIES_LIMIT 500

/* A player's rating after each of their rated matches in @game, oldest first. */
GPtrArray *pt_stats_rating_history (PtStats *self,
                                    const char *game,
                                    gint64 player_id,
                                    GError **error);
/* A player's scores over time in @game (NULL = all games), oldest first. */
GPtrArray *pt_stats_score_series (PtStats *self,
                                  gint64 player_id,
                                  const char *game,
                                  GError **error);

/* The Elo update of one match, exposed for tests: @ranks and @before have
 * @n entries; @after receives the new ratings. */
void pt_stats_elo_update (guint n,
                          const int *ranks,
                          const double *before,
                          double *after);

G_END_DECLS
