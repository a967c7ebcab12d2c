/* pt-game-view.h — the frame around a board: turn, undo, hint, rules,
 * the hot-seat cover, the summary between rounds, and the result
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-board.h"
#include "pt-game.h"
#include "pt-session.h"

G_BEGIN_DECLS

#define PT_TYPE_GAME_VIEW (pt_game_view_get_type ())

G_DECLARE_FINAL_TYPE (PtGameView, pt_game_view, PT, GAME_VIEW, AdwBin)

/* A thin view over @session, which has been started or resumed (its
 * round is on the board). */
GtkWidget *pt_game_view_new (PtSession *session);
PtSession *pt_game_view_get_session (PtGameView *self);
/* The round on the board. */
PtGame *pt_game_view_get_game (PtGameView *self);
GtkWidget *pt_game_view_get_board (PtGameView *self);
gint64 pt_game_view_get_saved_id (PtGameView *self);
/* The match id in the history once the match is over and saved, else 0. */
gint64 pt_game_view_get_match_id (PtGameView *self);
gboolean pt_game_view_get_covered (PtGameView *self);
gboolean pt_game_view_get_thinking (PtGameView *self);
const char *pt_game_view_get_banner (PtGameView *self);
/* "play", "summary" (between rounds) or "result". */
const char *pt_game_view_get_stage (PtGameView *self);
/* The hint shown (game.hint), in words; "" when none. */
const char *pt_game_view_get_hint (PtGameView *self);
/* Why the hint (the bot's own sentence, "Why: …"); "" when none. */
const char *pt_game_view_get_hint_reason (PtGameView *self);
GtkWidget *pt_game_view_get_result_view (PtGameView *self);
/* The move log beside the board (a PtMoveLog). */
GtkWidget *pt_game_view_get_move_log (PtGameView *self);
/* The other player's last move in words, as shown; "" when none. */
const char *pt_game_view_get_last_move (PtGameView *self);
/* How long a computer move is announced before it is made (default
 * 450 ms; tests use 0). */
void pt_game_view_set_computer_delay (guint ms);
/* A new board for @game: its game's registered PtBoard subclass. */
PtBoard *pt_game_view_create_board (PtGame *game,
                                    PtSession *session);
/* The rules summary of a game, in our own words. */
const char *pt_game_view_rules_summary (const char *game_id);

G_END_DECLS
