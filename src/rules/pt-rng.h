/* pt-rng.h — the seeded pseudo-random generator of every deal and bot
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A seed must reproduce a deal on every machine, so Partida does not use
 * GRand or rand(): it uses xoshiro256** (Blackman & Vigna, 2018), whose
 * 256-bit state is filled from the 64-bit seed by SplitMix64. Bounded
 * integers use rejection sampling (no modulo bias), and shuffles are
 * Fisher–Yates from the last element down:
 *
 *   for i = n-1 … 1: j = below (i + 1); swap (a[i], a[j])
 *
 * Any implementation that follows these three definitions reproduces our
 * deals exactly.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} PtRng;

/* One xoshiro256** step, inline for the bots' and playouts' hot loops;
 * pt_rng_next() is the same step. */
static inline guint64
pt_rng_next_inline (PtRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = s[3] << 45 | s[3] >> 19;
  return result;
}

void pt_rng_init (PtRng *rng,
                  guint64 seed);
guint64 pt_rng_next (PtRng *rng);
guint32 pt_rng_below (PtRng *rng,
                      guint32 bound);
double pt_rng_double (PtRng *rng);
void pt_rng_shuffle (PtRng *rng,
                     gpointer items,
                     gsize n_items,
                     gsize item_size);
guint64 pt_rng_derive_seed (guint64 seed,
                            guint64 stream);
guint64 pt_rng_random_seed (void);

G_END_DECLS
