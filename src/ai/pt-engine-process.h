/* pt-engine-process.h — PtEngine's two halves: the process and its pipes
 * (pt-engine-process.c) and the protocol over them (pt-engine.c)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pt-engine.h"

G_BEGIN_DECLS

/* A protocol line longer than this is garbage (a real view is a few KiB). */
#define MAX_LINE       (4 * 1024 * 1024)
/* stderr lines are cut here for the log. */
#define MAX_ERR_LINE   4096
/* Lines kept for the debug view. */
#define MAX_LOG_LINES  500
/* How long we wait for an exited engine to be reaped (for its status). */
#define EXIT_WAIT_MS   200
/* How long the reaper may take to kill and reap everything on SIGTERM
 * before Partida kills it (and the engine's process group) itself. */
#define REAPER_WAIT_MS 2000

struct _PtEngine
{
  GObject parent_instance;

  char *command;
  char **argv;
  guint move_time;
  guint handshake_time;

  /* The thread that created the engine and its main context, where "log"
   * is emitted. */
  GThread *owner;
  GMainContext *context;

  /* The process: touched only by the thread running the current request
   * (requests never overlap: see busy). */
  GSubprocess *process;
  int in_fd;  /* the engine's stdin (we write) */
  int out_fd; /* its stdout (we read) */
  int err_fd; /* its stderr (we read) */
  GString *out_buf;
  GString *err_buf;
  gboolean sent_new_game;

  /* From the handshake. */
  char *name;
  char *author;
  char **games;
  JsonNode *options;

  /* name → JsonNode, replayed after every start. */
  GHashTable *set_options;

  /* The game of the last request (caller thread only; weak) and its
   * "new_game" line. */
  PtGame *game;
  char *new_game_line;

  int busy; /* atomic */

  GMutex log_lock;
  GQueue log;
};

/* The debug log (pt-engine.c): kept for pt_engine_dup_log(), emitted as
 * "log" in the owner's main context. */
void pt_engine_log (PtEngine *self,
                    PtEngineLogKind kind,
                    const char *line);

/* The process (pt-engine-process.c). */
void pt_engine_close_fd (int *fd);
/* Starts the command (with its reaper) and its three pipes. */
gboolean pt_engine_spawn (PtEngine *self,
                          GError **error);
/* Kills the whole process group, reaps the engine, closes everything;
 * safe when nothing runs. @why goes to the log. */
void pt_engine_kill (PtEngine *self,
                     const char *why);
/* Reads what stderr has now into the log (never blocks); @flush: the
 * incomplete last line too. */
void pt_engine_read_stderr (PtEngine *self,
                            gboolean flush);
gboolean pt_engine_write_line (PtEngine *self,
                               const char *line,
                               gint64 deadline,
                               GCancellable *cancellable,
                               GError **error);
/* Stops the engine with a MALFORMED error; always returns FALSE. */
gboolean pt_engine_fail_malformed (PtEngine *self,
                                   const char *reason,
                                   const char *line,
                                   GError **error);
/* One line (@length bytes, without its newline) → a message object with
 * a string "type", or an error (and the engine stopped). */
JsonObject *pt_engine_parse_message (PtEngine *self,
                                     const char *line,
                                     gsize length,
                                     GError **error);
/* The next protocol message that is not a "log" line. */
JsonObject *pt_engine_read_message (PtEngine *self,
                                    gint64 deadline,
                                    const char *what,
                                    GCancellable *cancellable,
                                    GError **error);

G_END_DECLS
