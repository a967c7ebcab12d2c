/* fuzz-engine.c — libFuzzer target: the engine message reader (PtEngine),
 * without a process: one line an engine printed, taken as the answer to
 * "hello" (first input byte even) or to a "move" request (odd) whose legal
 * moves are a small fixed list. A bad line must be a forfeit with a
 * reason, never a crash.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "pt-engine-private.h"
#include "pt-record.h"

static PtEngine *engine;
static JsonNode *legal;

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t size)
{
  g_autoptr(GError) error = NULL;

  fuzz_init ();
  if (engine == NULL)
    {
      engine = pt_engine_new ("partida-fuzz-engine-never-started", &error);
      g_assert_no_error (error);
      legal = pt_json_parse ("[{\"play\": \"B7\", \"draw\": \"B\"}, {\"pass\": true},"
                             " {\"from\": [7, 3], \"to\": [6, 3]}]",
                             &error);
      g_assert_no_error (error);
    }
  if (size == 0)
    return 0;
  if (!pt_engine_check_line (engine, (const char *) data + 1, size - 1,
                             (data[0] & 1) ? legal : NULL, &error))
    g_assert_true (error != NULL && error->domain == PT_ENGINE_ERROR && error->message[0] != '\0');
  return 0;
}
