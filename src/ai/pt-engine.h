/* pt-engine.h — an external computer player speaking partida-engine/1
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A PtEngine is a program Partida starts (in its own process group, below
 * a reaper process that outlives none of it: see pt-engine.c) and
 * talks to in newline-delimited JSON over its stdin/stdout; the protocol is
 * docs/engine-protocol.md. It plays like a PtBot: given a game and the
 * player to move, it sends that player's VIEW (pt_game_get_view) and legal
 * moves, and returns the engine's answer as a record move.
 *
 * Robustness is the point of this class: whatever the engine does (exits,
 * hangs past its time, prints something that is not a protocol message,
 * answers an illegal move, gets the handshake wrong, prints an oversized,
 * deeply nested or NUL-holding line), the call returns a
 * PT_ENGINE_ERROR with a readable reason, the engine process (and anything
 * it started) is killed and reaped, and Partida carries on. The caller
 * records the game as forfeited by the engine with error->message as the
 * reason. The next request starts the engine again.
 *
 * Threads: the synchronous calls block the calling thread (arena, CLI,
 * tests); the _async variants read the game on the calling thread and talk
 * to the engine in a GTask worker thread. One request at a time per engine.
 * The "log" signal is emitted on the thread-default main context of the
 * thread that created the engine.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pt-game.h"

G_BEGIN_DECLS

#define PT_ENGINE_PROTOCOL    "partida-engine/1"
/* The player spec the arena and the app accept for an engine:
 * "engine:COMMAND ARGS" (COMMAND ARGS split like a shell would). */
#define PT_ENGINE_SPEC_PREFIX "engine:"

/* Defaults, in milliseconds. */
#define PT_ENGINE_DEFAULT_HANDSHAKE_TIME 5000
#define PT_ENGINE_DEFAULT_MOVE_TIME      5000
/* Added to the time the engine is told it has, for pipes and scheduling. */
#define PT_ENGINE_GRACE_TIME             250
/* How long an engine may take to exit after "quit" before it is killed. */
#define PT_ENGINE_QUIT_TIME              500

#define PT_ENGINE_ERROR (pt_engine_error_quark ())
GQuark pt_engine_error_quark (void);

typedef enum
{
  PT_ENGINE_ERROR_SPAWN,            /* the command could not be started */
  PT_ENGINE_ERROR_HANDSHAKE,        /* no, or a wrong, "hello" answer */
  PT_ENGINE_ERROR_UNSUPPORTED_GAME, /* the engine did not list the game */
  PT_ENGINE_ERROR_CRASHED,          /* it exited or closed its output */
  PT_ENGINE_ERROR_TIMEOUT,          /* no answer in time */
  PT_ENGINE_ERROR_MALFORMED,        /* a line that is not a protocol message */
  PT_ENGINE_ERROR_ILLEGAL_MOVE,     /* the answer is not one of the legal moves */
  PT_ENGINE_ERROR_BUSY,             /* a request is already running */
} PtEngineError;

/* Where a line of the debug log came from. */
typedef enum
{
  PT_ENGINE_LOG_SENT,     /* Partida → engine */
  PT_ENGINE_LOG_RECEIVED, /* engine → Partida, a protocol message */
  PT_ENGINE_LOG_MESSAGE,  /* a {"type":"log"} message of the engine */
  PT_ENGINE_LOG_STDERR,   /* a line the engine wrote on stderr */
  PT_ENGINE_LOG_PARTIDA,  /* what Partida did: started, stopped, errors */
} PtEngineLogKind;

/* Whether @spec is "engine:…"; if so, *@command (if not NULL) is the part
 * after the prefix, stripped. */
gboolean pt_engine_spec_parse (const char *spec,
                               char **command);

#define PT_TYPE_ENGINE (pt_engine_get_type ())

G_DECLARE_FINAL_TYPE (PtEngine, pt_engine, PT, ENGINE, GObject)

/* @command is split like a shell would (quotes, no expansion); NULL +
 * @error if it cannot be. Nothing is started yet. */
PtEngine *pt_engine_new (const char *command,
                         GError **error);

const char *pt_engine_get_command (PtEngine *self);
void pt_engine_set_move_time (PtEngine *self,
                              guint ms);
void pt_engine_set_handshake_time (PtEngine *self,
                                   guint ms);

/* Start the program and do the handshake (if not running yet). */
gboolean pt_engine_start (PtEngine *self,
                          GCancellable *cancellable,
                          GError **error);
void pt_engine_start_async (PtEngine *self,
                            GCancellable *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer user_data);
gboolean pt_engine_start_finish (PtEngine *self,
                                 GAsyncResult *result,
                                 GError **error);
gboolean pt_engine_is_running (PtEngine *self);
/* Send "quit", give the engine PT_ENGINE_QUIT_TIME to exit, then kill its
 * process group. Safe to call at any time; dispose calls it. */
void pt_engine_stop (PtEngine *self);

/* From the handshake (NULL / empty before the first successful start). */
const char *pt_engine_get_name (PtEngine *self);
const char *pt_engine_get_author (PtEngine *self);
const char *const *pt_engine_get_games (PtEngine *self);
/* The "options" array of the handshake, as the engine sent it. */
JsonNode *pt_engine_get_options (PtEngine *self);
gboolean pt_engine_plays (PtEngine *self,
                          const char *game_id);

/* Sends {"type":"set_option"} now if running, and again after every
 * (re)start. */
void pt_engine_set_option (PtEngine *self,
                           const char *name,
                           JsonNode *value);

/* Ask for @player's move in @game. Starts the engine if needed; sends
 * "new_game" first when @game is not the game of the previous request.
 * The answer is checked against the legal moves; any failure stops the
 * engine. Returns a record move for pt_game_request_move(). */
JsonNode *pt_engine_choose_move (PtEngine *self,
                                 PtGame *game,
                                 guint player,
                                 GCancellable *cancellable,
                                 GError **error);
/* Cancelling an async request stops the engine (it may still be thinking,
 * and its late answer would confuse the next request). */
void pt_engine_choose_move_async (PtEngine *self,
                                  PtGame *game,
                                  guint player,
                                  GCancellable *cancellable,
                                  GAsyncReadyCallback callback,
                                  gpointer user_data);
JsonNode *pt_engine_choose_move_finish (PtEngine *self,
                                        GAsyncResult *result,
                                        GError **error);

/* Tell a running engine that @game ended: the scores and winners of the
 * game, or (@forfeit_reason not NULL) that @forfeit_player forfeited it.
 * Write errors are ignored: the game is over either way. */
void pt_engine_game_over (PtEngine *self,
                          PtGame *game,
                          int forfeit_player,
                          const char *forfeit_reason);

/* The last lines of the debug log, oldest first, each prefixed with its
 * direction ("> ", "< ", "log: ", "stderr: ", "-- "). */
char **pt_engine_dup_log (PtEngine *self);

G_END_DECLS
