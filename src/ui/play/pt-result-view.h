/* pt-result-view.h — the end of a game: who won, and every point explained
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_TYPE_RESULT_VIEW (pt_result_view_get_type ())

G_DECLARE_FINAL_TYPE (PtResultView, pt_result_view, PT, RESULT_VIEW, AdwBin)

GtkWidget *pt_result_view_new (void);
/* Shows the result of @game, which must be over. */
void pt_result_view_set_game (PtResultView *self,
                              PtGame *game);
/* Shows a game that ended early because @forfeit_player (an external
 * engine) forfeited it, for @reason: the others win, the scores are those
 * of the moment it stopped. */
void pt_result_view_set_forfeit (PtResultView *self,
                                 PtGame *game,
                                 guint forfeit_player,
                                 const char *reason);
/* A match of several rounds: @round_scores[round * n_players + seat] for
 * each of @n_rounds rounds, the @totals, the match's @winners (and a
 * forfeit, -1 for none); @last_round names the players. */
void pt_result_view_set_match (PtResultView *self,
                               PtGame *last_round,
                               guint n_rounds,
                               const int *round_scores,
                               const int *totals,
                               guint winners,
                               int forfeit_player,
                               const char *reason);
const char *pt_result_view_get_title (PtResultView *self);
const char *pt_result_view_get_description (PtResultView *self);
/* The final board shown beside the breakdown, or NULL before a result. */
GtkWidget *pt_result_view_get_board (PtResultView *self);

G_END_DECLS
