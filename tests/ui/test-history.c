/* test-history.c — companion UI tests (being written)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"

static void
test_opens (void)
{
  g_assert_true (PT_IS_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/history/opens", test_opens);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
