/* pt-rng.c — xoshiro256** seeded by SplitMix64; see pt-rng.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pt-rng.h"

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
pt_rng_init (PtRng *rng,
             guint64 seed)
{
  guint64 x = seed;

  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = splitmix64 (&x);
}

guint64
pt_rng_next (PtRng *rng)
{
  return pt_rng_next_inline (rng);
}

/* A uniform integer in [0, bound): draws from the top 32 bits and rejects
 * the values of the last incomplete block, so there is no modulo bias. */
guint32
pt_rng_below (PtRng *rng,
              guint32 bound)
{
  guint32 limit, r;

  g_return_val_if_fail (bound > 0, 0);

  limit = G_MAXUINT32 - (G_MAXUINT32 % bound);
  do
    r = (guint32) (pt_rng_next (rng) >> 32);
  while (r >= limit);
  return r % bound;
}

/* A double in [0, 1) with 53 random bits. */
double
pt_rng_double (PtRng *rng)
{
  return (double) (pt_rng_next (rng) >> 11) * 0x1.0p-53;
}

void
pt_rng_shuffle (PtRng *rng,
                gpointer items,
                gsize n_items,
                gsize item_size)
{
  guint8 *base = items;
  guint8 tmp[64];

  g_return_if_fail (item_size <= sizeof tmp);
  g_return_if_fail (n_items <= G_MAXUINT32);

  for (gsize i = n_items; i > 1; i--)
    {
      gsize j = pt_rng_below (rng, (guint32) i);

      if (j == i - 1)
        continue;
      memcpy (tmp, base + (i - 1) * item_size, item_size);
      memcpy (base + (i - 1) * item_size, base + j * item_size, item_size);
      memcpy (base + j * item_size, tmp, item_size);
    }
}

/* An independent seed for sub-stream @stream of @seed (round k of a match,
 * the k-th determinisation of a bot, …). */
guint64
pt_rng_derive_seed (guint64 seed,
                    guint64 stream)
{
  guint64 x = seed ^ (stream * G_GUINT64_CONSTANT (0xd1b54a32d192ed03));

  return splitmix64 (&x);
}

/* A seed for a game where the user asked for none; it is stored with the
 * game, so the deal is still reproducible afterwards. Kept to 53 bits so it
 * survives JSON numbers in every language. */
guint64
pt_rng_random_seed (void)
{
  guint64 hi = g_random_int ();
  guint64 lo = g_random_int ();

  return ((hi << 32) | lo) & ((G_GUINT64_CONSTANT (1) << 53) - 1);
}
