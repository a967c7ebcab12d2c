/* pt-session.h — a match from setup to the history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A PtSession owns everything a match needs that is not drawing: the seats
 * (a person, Partida's computer at a level, or an external engine), the
 * rounds (through PtMatch: as many as the game's rules class allows, with
 * running totals and a next-starter rule), the rule reading and
 * the defaults (passed in by the caller: the library never reads
 * GSettings), the computer's turns (asynchronous and cancellable), the
 * autosave after every move, resuming a saved game in any round, the undo
 * policy, forfeits, and the final save to the history in one transaction
 * (players, night, match, results and record, the saved game removed).
 *
 * The views and partida-cli drive it: set the seats and options, start,
 * forward a person's moves, follow the signals. No GTK here.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pt-bot.h"
#include "pt-game.h"
#include "pt-match.h"
#include "pt-session-record.h"
#include "pt-session-store.h"
#include "pt-store.h"
#include "pt-store-worker.h"

G_BEGIN_DECLS

typedef enum
{
  PT_SEAT_PERSON,
  PT_SEAT_COMPUTER, /* Partida's computer player at a level */
  PT_SEAT_ENGINE,   /* an external engine (partida-engine/1) */
} PtSeatKind;

typedef enum
{
  PT_SESSION_SETUP,          /* seats and options can change */
  PT_SESSION_PLAYING,        /* a round is being played */
  PT_SESSION_BETWEEN_ROUNDS, /* a round is over, the match is not */
  PT_SESSION_FINISHED,       /* over (or forfeited) and saved when it could be */
} PtSessionState;

/* What Preferences say; the caller reads them wherever it keeps them.
 * @rounds and @next_starter apply to games played in rounds, @rule_preset
 * to games whose "rules" option has presets (pt_rules_game_max_rounds(),
 * pt_rules_game_rule_presets()). */
typedef struct
{
  PtBotLevel ai_level; /* default computer level */
  guint rounds;        /* 1..PT_MATCH_MAX_ROUNDS */
  PtNextStarter next_starter;
  guint rule_preset; /* index into the game's presets; 0 the default */
} PtSessionDefaults;

/* The built-in defaults: medium, 3 rounds, alternate, each game's default
 * preset. */
void pt_session_defaults_init (PtSessionDefaults *defaults);
/* The name of @defaults' rule preset for @game_id ("seed"), or NULL when
 * the game has no presets (an index past its list reads as the default). */
const char *pt_session_defaults_rule_preset (const PtSessionDefaults *defaults,
                                             const char *game_id);

#define PT_SESSION_ERROR (pt_session_error_quark ())
GQuark pt_session_error_quark (void);

typedef enum
{
  PT_SESSION_ERROR_INVALID,    /* a seat without a name, two seats one player, … */
  PT_SESSION_ERROR_STATE,      /* not now (not started, over, not a person's turn, …) */
  PT_SESSION_ERROR_SAVED_GAME, /* a saved game that cannot be continued */
} PtSessionError;

#define PT_TYPE_SESSION (pt_session_get_type ())

G_DECLARE_FINAL_TYPE (PtSession, pt_session, PT, SESSION, GObject)

/* @store may be NULL: nothing is saved. The seats start as the defaults
 * say: a person against the computer at @defaults' level. */
PtSession *pt_session_new (const char *game_id,
                           PtStore *store,
                           const PtSessionDefaults *defaults);
/* Continues the saved game @saved_id (any round). */
PtSession *pt_session_new_from_saved (PtStore *store,
                                      gint64 saved_id,
                                      GError **error);
/* The same from a saved game already read (the app reads it on its store
 * worker, after the autosaves queued before); @store may be NULL when
 * @worker is given (pt_session_set_worker). */
PtSession *pt_session_new_from_saved_game (const PtSavedGame *saved,
                                           PtStore *store,
                                           PtStoreWorker *worker,
                                           GError **error);

const char *pt_session_get_game_id (PtSession *self);
PtStore *pt_session_get_store (PtSession *self);
/* Before the first move: every write (the autosave after each move, the
 * final save) becomes a job on @worker, in order, never SQLite on the
 * caller's thread; failures still come as "save-failed". The store, if
 * any, is then only read (the seats' names at pt_session_start(); not
 * even that with pt_session_start_async(), which reads on the worker). */
void pt_session_set_worker (PtSession *self,
                            PtStoreWorker *worker);
PtStoreWorker *pt_session_get_worker (PtSession *self);
PtSessionState pt_session_get_state (PtSession *self);

/* Seats (only in PT_SESSION_SETUP). Changing one seat never touches
 * another seat's name or kind. */
guint pt_session_get_n_seats (PtSession *self);
void pt_session_set_n_seats (PtSession *self,
                             guint n_seats);
void pt_session_set_seat_name (PtSession *self,
                               guint seat,
                               const char *name);
/* @level for PT_SEAT_COMPUTER; @engine ("engine:COMMAND") and its
 * @engine_name for PT_SEAT_ENGINE. */
void pt_session_set_seat_kind (PtSession *self,
                               guint seat,
                               PtSeatKind kind,
                               PtBotLevel level,
                               const char *engine,
                               const char *engine_name);
const char *pt_session_get_seat_name (PtSession *self,
                                      guint seat);
PtSeatKind pt_session_get_seat_kind (PtSession *self,
                                     guint seat);
PtBotLevel pt_session_get_seat_level (PtSession *self,
                                      guint seat);
const char *pt_session_get_seat_engine (PtSession *self,
                                        guint seat);
gboolean pt_session_seat_is_person (PtSession *self,
                                    int seat);
guint pt_session_get_n_persons (PtSession *self);

/* Options of the game (as the rules' deal takes them); rounds and who
 * starts later rounds (games played in rounds, pt_rules_game_max_rounds();
 * the others always play one). */
void pt_session_set_options (PtSession *self,
                             JsonObject *options);
JsonObject *pt_session_get_options (PtSession *self);
void pt_session_set_n_rounds (PtSession *self,
                              guint n_rounds);
guint pt_session_get_n_rounds (PtSession *self);
void pt_session_set_next_starter (PtSession *self,
                                  PtNextStarter policy);
PtNextStarter pt_session_get_next_starter (PtSession *self);
void pt_session_set_seed (PtSession *self,
                          guint64 seed);
/* The game night the match joins (0: none). */
void pt_session_set_night_id (PtSession *self,
                              gint64 night_id);
/* How long a computer's move waits before it is made (the UI shows what
 * changed; 0 for tests and the CLI), and the search time per move
 * (0: the level's fixed work, reproducible). */
void pt_session_set_computer_delay (PtSession *self,
                                    guint ms);
void pt_session_set_time_budget (PtSession *self,
                                 guint ms);
/* Whether the session plays the computer's turns itself (default TRUE). */
void pt_session_set_autoplay (PtSession *self,
                              gboolean autoplay);

/* Checks the seats, deals round 1 and, if a computer starts, asks it. */
gboolean pt_session_start (PtSession *self,
                           GError **error);
/* The same, after reading on the session's worker what the start takes
 * from the history, so the main loop never waits for SQLite: the players
 * whose names the seats' typed names are (the identity rule) and, with
 * @join_tonight, tonight's game night (pt_session_find_tonight), which the
 * match joins. Without a worker it reads on the store at once. Cancelled
 * (@cancellable: a newer start, the page gone), the session stays in
 * PT_SESSION_SETUP. A failed read is no failure: the names stay as typed
 * (the final save finds the players by the same rule) and no night is
 * joined. */
void pt_session_start_async (PtSession *self,
                             gboolean join_tonight,
                             GCancellable *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer user_data);
gboolean pt_session_start_finish (PtSession *self,
                                  GAsyncResult *result,
                                  GError **error);
/* From PT_SESSION_BETWEEN_ROUNDS: deals the next round. */
gboolean pt_session_next_round (PtSession *self,
                                GError **error);

PtMatch *pt_session_get_match (PtSession *self);
/* The round being played, or the last one played. */
PtGame *pt_session_get_game (PtSession *self);
/* 0-based index of that round. */
guint pt_session_get_round (PtSession *self);
guint pt_session_get_n_rounds_played (PtSession *self);
int pt_session_get_round_score (PtSession *self,
                                guint round,
                                guint seat);
int pt_session_get_total (PtSession *self,
                          guint seat);
/* Who starts the next round (between rounds). */
guint pt_session_get_next_starter_seat (PtSession *self);
/* Winners of the match as a bit mask (0 while not finished). */
guint pt_session_get_winners (PtSession *self);

/* A person's move (the seat must be a person's and on turn). */
gboolean pt_session_request_move (PtSession *self,
                                  guint seat,
                                  JsonNode *move,
                                  GError **error);
/* Undo policy: within the round, only when a person is at the table and
 * nobody forfeited; against the computer it goes back to the person's
 * last turn. */
gboolean pt_session_get_can_undo (PtSession *self);
gboolean pt_session_undo (PtSession *self,
                          GError **error);
gboolean pt_session_get_thinking (PtSession *self);
/* Cancels a computer's turn in progress (leaving the game); the next
 * pt_session_resume_turns() asks again. */
void pt_session_cancel (PtSession *self);
void pt_session_resume_turns (PtSession *self);

/* @seat loses the match: it stops here and is saved with the totals so
 * far, every other seat a winner, @seat ranked last. */
void pt_session_forfeit (PtSession *self,
                         guint seat,
                         const char *reason);
int pt_session_get_forfeit_seat (PtSession *self);
const char *pt_session_get_forfeit_reason (PtSession *self);

/* With a worker, both are known once its write has run (0 until then). */
gint64 pt_session_get_saved_id (PtSession *self);
gint64 pt_session_get_match_id (PtSession *self);
/* The error of the last failed save (autosave or final), or NULL. */
const GError *pt_session_get_save_error (PtSession *self);
/* Saves the match now (done automatically when it ends; again only if
 * the first save failed). With a worker it queues the save and returns
 * TRUE: a failure comes as "save-failed". */
gboolean pt_session_save (PtSession *self,
                          GError **error);

/* The record: a partida-record/1 for one round, a partida-match/1 for
 * several (every round so far, the one in progress last). */
JsonNode *pt_session_to_record (PtSession *self);
G_END_DECLS
