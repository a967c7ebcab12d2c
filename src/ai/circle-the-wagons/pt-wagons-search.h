/* pt-wagons-search.h — how the Circle the Wagons computer players think
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain typed functions on PtWagonsState values, used by the bot strategy
 * (pt-wagons-bot.c), the tests and the arena through it. Circle the
 * Wagons has no hidden information (the circle lies face up), so the bots
 * see the whole state.
 *
 * Easy and Medium place a card where the exact score (both towns, the
 * three bonus cards, interactive ones included) is best for it; they
 * differ in how they take:
 *   Medium  the take whose card, placed, and whose free cards, placed by
 *           the opponent, leave the best score difference;
 *   Hard    near the end, alpha-beta over the takes of both players
 *           (placements as Medium's) to the end of the game: an exact
 *           search; earlier, each of the most promising takes played out
 *           to the end with Medium's choices on both sides (its takes
 *           among the first cards of the queue). It places a card by
 *           playing its best few placements out the same way. All of it
 *           within a fixed amount of work per move (~0.05–0.2 s, and
 *           reproducible);
 *   Easy    Medium with a random take or placement now and then.
 */
#pragma once

#include <gio/gio.h>

#include "pt-rng.h"
#include "pt-wagons-state.h"

G_BEGIN_DECLS

typedef struct
{
  double blunder;        /* Easy: chance of a random take or a careless placement */
  guint max_depth;       /* Hard: takes searched ahead (0: Medium's one-take look) */
  guint exact_decisions; /* Hard: search to the end from this many takes left */
  guint top_k;           /* Hard: earlier, decisions played out to the end */
  guint place_top_k;     /* Hard: placements played out to the end */
  guint rollout_horizon; /* Hard: playouts take among this many first cards; 0: all */
  guint64 work_limit;    /* Hard: town evaluations per move; 0: none */
  gint64 deadline;       /* g_get_monotonic_time () limit; 0: none */
} PtWagonsSearchParams;

void pt_wagons_search_params_init (PtWagonsSearchParams *params,
                                   int level);

/* The move of the player to move in @state (any phase but over). Only
 * Easy draws from @rng (NULL is fine for the other levels): the others are
 * deterministic. FALSE only when cancelled. */
gboolean pt_wagons_search_move (const PtWagonsState *state,
                                const PtWagonsSearchParams *params,
                                PtRng *rng,
                                GCancellable *cancellable,
                                PtWagonsMove *out,
                                GError **error);

/* How a decision (start or take) was chosen, for its reason. */
typedef enum
{
  PT_WAGONS_HOW_SLIP,    /* Easy's random move */
  PT_WAGONS_HOW_STATIC,  /* the position right after it, cards placed (placements too) */
  PT_WAGONS_HOW_PLAYOUT, /* played out to the end by Medium on both sides */
  PT_WAGONS_HOW_EXACT,   /* searched exactly to the end of the game */
} PtWagonsHow;

/* The same, and for a start or a take (each nullable) its value for the
 * mover (the score difference, ±1000 for a game won or lost at the end)
 * and how it was found. */
gboolean pt_wagons_search_move_full (const PtWagonsState *state,
                                     const PtWagonsSearchParams *params,
                                     PtRng *rng,
                                     GCancellable *cancellable,
                                     PtWagonsMove *out,
                                     double *value,
                                     PtWagonsHow *how,
                                     GError **error);

G_END_DECLS
