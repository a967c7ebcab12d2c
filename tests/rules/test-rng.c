/* test-rng.c — PtRng reproduces the documented generator exactly
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected values come from an independent implementation of the
 * definitions in pt-rng.h (SplitMix64 seeding, xoshiro256**, rejection
 * sampling, Fisher–Yates from the top), so a seed deals the same game on
 * every machine and in every port.
 */
#include <glib.h>

#include "pt-rng.h"

static void
test_seeding (void)
{
  PtRng rng;

  /* SplitMix64 from 0: the reference sequence of Vigna's splitmix64.c. */
  pt_rng_init (&rng, 0);
  g_assert_cmphex (rng.s[0], ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (rng.s[1], ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (rng.s[2], ==, G_GUINT64_CONSTANT (0x06c45d188009454f));
  g_assert_cmphex (rng.s[3], ==, G_GUINT64_CONSTANT (0xf88bb8a8724c81ec));
}

static void
test_sequence (void)
{
  static const guint64 seed0[] = {
    G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4),
    G_GUINT64_CONSTANT (0xbf6e1f784956452a),
    G_GUINT64_CONSTANT (0x1a5f849d4933e6e0),
    G_GUINT64_CONSTANT (0x6aa594f1262d2d2c),
  };
  static const guint64 seed42[] = {
    G_GUINT64_CONSTANT (0x15780b2e0c2ec716),
    G_GUINT64_CONSTANT (0x6104d9866d113a7e),
    G_GUINT64_CONSTANT (0xae17533239e499a1),
    G_GUINT64_CONSTANT (0xecb8ad4703b360a1),
  };
  PtRng rng;

  pt_rng_init (&rng, 0);
  for (guint i = 0; i < G_N_ELEMENTS (seed0); i++)
    g_assert_cmphex (pt_rng_next (&rng), ==, seed0[i]);
  pt_rng_init (&rng, 42);
  for (guint i = 0; i < G_N_ELEMENTS (seed42); i++)
    g_assert_cmphex (pt_rng_next (&rng), ==, seed42[i]);
}

static void
test_shuffle (void)
{
  static const int expected[] = { 7, 6, 4, 5, 3, 8, 0, 1, 2, 9 };
  int items[10];
  PtRng rng;

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    items[i] = (int) i;
  pt_rng_init (&rng, 7);
  pt_rng_shuffle (&rng, items, G_N_ELEMENTS (items), sizeof items[0]);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    g_assert_cmpint (items[i], ==, expected[i]);
}

static void
test_below (void)
{
  guint counts[6] = { 0 };
  PtRng rng;

  pt_rng_init (&rng, 1);
  for (guint i = 0; i < 60000; i++)
    {
      guint32 r = pt_rng_below (&rng, 6);

      g_assert_cmpuint (r, <, 6);
      counts[r]++;
    }
  /* 10,000 expected each; 5 standard deviations is about ±460. */
  for (guint i = 0; i < 6; i++)
    g_assert_cmpuint (ABS ((int) counts[i] - 10000), <, 500);

  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (pt_rng_below (&rng, 1), ==, 0);
  for (guint i = 0; i < 1000; i++)
    {
      double d = pt_rng_double (&rng);
      g_assert_true (d >= 0.0 && d < 1.0);
    }
}

static void
test_derive (void)
{
  g_assert_cmphex (pt_rng_derive_seed (123, 5), ==, G_GUINT64_CONSTANT (0x535194c4a90b1938));
  g_assert_cmphex (pt_rng_derive_seed (123, 0), !=, pt_rng_derive_seed (123, 1));
  g_assert_cmphex (pt_rng_derive_seed (123, 1), !=, pt_rng_derive_seed (124, 1));
  for (guint i = 0; i < 100; i++)
    g_assert_cmphex (pt_rng_random_seed (), <, G_GUINT64_CONSTANT (1) << 53);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/rng/seeding", test_seeding);
  g_test_add_func ("/rules/rng/sequence", test_sequence);
  g_test_add_func ("/rules/rng/shuffle", test_shuffle);
  g_test_add_func ("/rules/rng/below", test_below);
  g_test_add_func ("/rules/rng/derive", test_derive);
  return g_test_run ();
}
