/* fuzz-common.h — what every libFuzzer target of Partida shares
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Warnings and criticals are bugs here as in the tests (G_DEBUG=
 * fatal-warnings): a g_critical() on outside input aborts, and libFuzzer
 * keeps the input. Debug messages stay quiet.
 */
#pragma once

#include <glib.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static inline void
fuzz_init (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}
