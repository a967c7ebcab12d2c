/* pt-session-record.h — the record of a match of several rounds
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "partida-match/1" (docs/record-format.md): the match's game, players,
 * options, number of rounds, next-starter rule and seed, and every round
 * as a partida-record/1, in order; the last one may be unfinished (a
 * saved game), the others are finished.
 */
#pragma once

#include "pt-match.h"

G_BEGIN_DECLS

#define PT_MATCH_RECORD_FORMAT "partida-match/1"

/* @current: the round in progress (NULL between rounds or at the end). */
JsonNode *pt_match_record_new (PtMatch *match,
                               PtGame *current);
gboolean pt_match_record_is (JsonNode *record);
/* Replays every round. *@current receives the unfinished last round (or
 * NULL). On error *@error_round / *@error_move (-1: the envelope or the
 * round's setup) and *@error_player name where. */
PtMatch *pt_match_record_load (JsonNode *record,
                               PtGame **current,
                               int *error_round,
                               int *error_move,
                               int *error_player,
                               GError **error);

G_END_DECLS
