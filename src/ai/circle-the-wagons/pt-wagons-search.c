/* pt-wagons-search.c — greedy placement and draft search for Circle the
 * Wagons; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-bot.h"
#include "pt-wagons-search.h"

#define EASY_BLUNDER         0.3
#define HARD_MAX_DEPTH       15 /* every take of the game */
#define HARD_EXACT           8  /* solve exactly from this many takes left */
#define HARD_TOP_K           8  /* decisions played out to the end */
/* Town evaluations per move, everything included (the start card's look
 * at the first takes too): ~0.1–0.2 s of CPU. It was 100000 without the
 * start's look, and naming the start card took 400–780 ms (issue 20). */
#define HARD_WORK_LIMIT      30000
#define START_TAKE_HORIZON   6 /* opponent's takes weighed when naming the start */
/* Hard: placements played out to the end (the best by their score now
 * first), within the same work limit as a take. */
#define HARD_PLACE_TOP_K     6
/* Hard's playouts: Medium's takes among the first cards of the queue. */
#define HARD_ROLLOUT_HORIZON 3
#define WIN_VALUE            1000.0 /* a won game outranks any margin */
/* Between placements of equal score, keep more territories visible: they
 * are what later cards and bonus cards build on. */
#define TERRITORY_WEIGHT     0.01

/* Best placements already worked out, by town and card: the search meets
 * the same placement many times (the free cards of every longer take,
 * and every iteration of the deepening). */
#define CACHE_BITS 16

typedef struct
{
  guint64 key; /* 0: empty */
  guint64 check;
  PtWagonsMove move;
} CacheEntry;

typedef struct
{
  PtWagonsBonus kinds[PT_WAGONS_N_BONUS];
  gboolean interactive; /* a bonus compares the towns */
  CacheEntry *cache;
  guint32 mask;
  const PtWagonsSearchParams *params;
  GCancellable *cancellable;
  guint64 work;
  gboolean stopped;
  guint take_horizon; /* consider only the first takes; 0: all */
  double value;       /* of the chosen move, for the mover */
  PtWagonsHow how;
} Search;

void
pt_wagons_search_params_init (PtWagonsSearchParams *params,
                              int level)
{
  memset (params, 0, sizeof *params);
  switch (level)
    {
    case PT_BOT_LEVEL_EASY:
      params->blunder = EASY_BLUNDER;
      break;
    case PT_BOT_LEVEL_HARD:
      params->max_depth = HARD_MAX_DEPTH;
      params->exact_decisions = HARD_EXACT;
      params->top_k = HARD_TOP_K;
      params->work_limit = HARD_WORK_LIMIT;
      params->place_top_k = HARD_PLACE_TOP_K;
      params->rollout_horizon = HARD_ROLLOUT_HORIZON;
      break;
    default:
      break;
    }
}

/* Whether the search must stop: out of work, out of time or cancelled.
 * Checked between nodes; a stopped search keeps its last full answer. */
static gboolean
search_stopped (Search *search)
{
  if (search->stopped)
    return TRUE;
  if ((search->params->work_limit > 0 && search->work >= search->params->work_limit) ||
      (search->params->deadline > 0 && g_get_monotonic_time () > search->params->deadline) ||
      g_cancellable_is_cancelled (search->cancellable))
    search->stopped = TRUE;
  return search->stopped;
}

/* Placing a card on a town and taking it back, without copying the town. */
typedef struct
{
  guint8 cells[4];
  guint64 rows[2];
  guint8 n_placements, has_cells;
  gint16 min_x, max_x, min_y, max_y;
} Undo;

static void
town_try (PtWagonsTown *town,
          guint card,
          int x,
          int y,
          gboolean rot180,
          Undo *undo)
{
  for (guint pos = 0; pos < 4; pos++)
    undo->cells[pos] = town->cells[(y + (pos >> 1)) & PT_WAGONS_TORUS_MASK]
                                  [(x + (pos & 1)) & PT_WAGONS_TORUS_MASK];
  undo->rows[0] = town->occupied[y & PT_WAGONS_TORUS_MASK];
  undo->rows[1] = town->occupied[(y + 1) & PT_WAGONS_TORUS_MASK];
  undo->n_placements = town->n_placements;
  undo->has_cells = town->has_cells;
  undo->min_x = town->min_x;
  undo->max_x = town->max_x;
  undo->min_y = town->min_y;
  undo->max_y = town->max_y;
  pt_wagons_town_place (town, card, x, y, rot180);
}

static void
town_undo (PtWagonsTown *town,
           int x,
           int y,
           const Undo *undo)
{
  for (guint pos = 0; pos < 4; pos++)
    town->cells[(y + (pos >> 1)) & PT_WAGONS_TORUS_MASK]
               [(x + (pos & 1)) & PT_WAGONS_TORUS_MASK] = undo->cells[pos];
  town->occupied[y & PT_WAGONS_TORUS_MASK] = undo->rows[0];
  town->occupied[(y + 1) & PT_WAGONS_TORUS_MASK] = undo->rows[1];
  town->n_placements = undo->n_placements;
  town->has_cells = undo->has_cells;
  town->min_x = undo->min_x;
  town->max_x = undo->max_x;
  town->min_y = undo->min_y;
  town->max_y = undo->max_y;
}

/* The exact score difference for @player. */
static double
score_difference (const Search *search,
                  const PtWagonsTally tallies[2],
                  guint player,
                  PtWagonsScore *score)
{
  pt_wagons_score (search->kinds, tallies, score);
  return score->total[player] - score->total[1 - player];
}

static inline guint64
mix (guint64 h,
     guint64 v)
{
  /* SplitMix64's finaliser over the running hash. */
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  h ^= h >> 27;
  h *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return h ^ (h >> 31);
}

static guint64
town_hash (const PtWagonsTown *town,
           guint64 seed)
{
  guint64 h = mix (seed, town->n_placements);

  for (guint i = 0; i < town->n_placements; i++)
    {
      const PtWagonsPlacement *p = &town->placements[i];

      h = mix (h, ((guint64) (guint16) p->x << 24) | ((guint64) (guint16) p->y << 8) |
                      ((guint64) p->card << 1) | p->rot180);
    }
  return h;
}

/* The cache slot of placing @card in @player's town; the placement depends
 * on the other town only through the interactive bonus cards. */
static CacheEntry *
cache_lookup (Search *search,
              const PtWagonsState *state,
              guint player,
              guint card,
              guint64 *key,
              guint64 *check)
{
  *key = mix (town_hash (&state->towns[player], 1), card);
  *check = mix (town_hash (&state->towns[player], 2), card);
  if (search->interactive)
    {
      *key = mix (*key, town_hash (&state->towns[1 - player], 3));
      *check = mix (*check, town_hash (&state->towns[1 - player], 4));
    }
  *key |= 1; /* never 0, the empty slot */
  return &search->cache[*key & ((1u << CACHE_BITS) - 1)];
}

static void best_placement_uncached (Search *search,
                                     const PtWagonsState *state,
                                     PtWagonsMove *out);

/* The placement of the card to place now that leaves its owner the best
 * score difference. */
static void
best_placement (Search *search,
                const PtWagonsState *state,
                PtWagonsMove *out)
{
  guint player = state->pending_player[state->pending_head];
  guint card = state->pending_card[state->pending_head];
  guint64 key, check;
  CacheEntry *entry;

  if (search->cache == NULL)
    {
      best_placement_uncached (search, state, out);
      return;
    }
  entry = cache_lookup (search, state, player, card, &key, &check);
  if (entry->key == key && entry->check == check)
    {
      *out = entry->move;
      return;
    }
  best_placement_uncached (search, state, out);
  entry->key = key;
  entry->check = check;
  entry->move = *out;
}

static void
best_placement_uncached (Search *search,
                         const PtWagonsState *state,
                         PtWagonsMove *out)
{
  guint player = state->pending_player[state->pending_head];
  guint card = state->pending_card[state->pending_head];
  PtWagonsTown town = state->towns[player];
  PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  guint n = pt_wagons_town_list_anchors (&town, anchors);
  PtWagonsTally tallies[2];
  double best = -G_MAXDOUBLE;

  out->kind = PT_WAGONS_MOVE_PLACE;
  out->card = (guint8) card;
  out->x = anchors[0].x;
  out->y = anchors[0].y;
  out->rot180 = 0;

  pt_wagons_tally_town (&state->towns[1 - player], search->mask, &tallies[1 - player]);
  for (guint i = 0; i < n; i++)
    for (guint rot = 0; rot < 2; rot++)
      {
        PtWagonsScore score;
        Undo undo;
        double value;

        town_try (&town, card, anchors[i].x, anchors[i].y, rot, &undo);
        pt_wagons_tally_town (&town, search->mask, &tallies[player]);
        town_undo (&town, anchors[i].x, anchors[i].y, &undo);
        search->work++;
        value = score_difference (search, tallies, player, &score) +
                TERRITORY_WEIGHT * tallies[player].territories;
        if (value > best)
          {
            best = value;
            out->x = anchors[i].x;
            out->y = anchors[i].y;
            out->rot180 = (guint8) rot;
          }
      }
}

/* Places every pending card where its owner scores best. */
static void
settle (Search *search,
        PtWagonsState *state)
{
  while (pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_PLACE)
    {
      PtWagonsMove move;

      best_placement (search, state, &move);
      pt_wagons_state_apply_move (state, &move);
    }
}

/* The position's value for @player: the score difference, and at the end
 * of the game whether it won (ties broken as the rules do). */
static double
evaluate (Search *search,
          const PtWagonsState *state,
          guint player)
{
  PtWagonsTally tallies[2];
  PtWagonsScore score;
  double value;

  for (guint p = 0; p < 2; p++)
    pt_wagons_tally_town (&state->towns[p], search->mask, &tallies[p]);
  search->work += 2;
  value = score_difference (search, tallies, player, &score);
  if (pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_OVER && score.winners != 3)
    value += (score.winners & (1u << player)) ? WIN_VALUE : -WIN_VALUE;
  return value;
}

/* A decision (start or take) and the position after it, cards placed. */
typedef struct
{
  PtWagonsMove move;
  double order; /* static value for the mover, for ordering */
  double value; /* searched value for the mover */
  PtWagonsState after;
} Child;

static int
compare_children (gconstpointer a,
                  gconstpointer b,
                  gpointer user_data)
{
  const Child *x = a, *y = b;

  return (x->order < y->order) - (x->order > y->order);
}

static Child *
expand (Search *search,
        const PtWagonsState *state,
        guint *n_children)
{
  PtWagonsMove moves[PT_WAGONS_N_CIRCLE];
  guint mover = (guint) pt_wagons_state_get_current_player (state);
  guint n = pt_wagons_state_list_moves (state, moves);
  Child *children;

  if (search->take_horizon > 0 && moves[0].kind == PT_WAGONS_MOVE_TAKE)
    n = MIN (n, search->take_horizon);
  children = g_new (Child, n);

  for (guint i = 0; i < n; i++)
    {
      children[i].move = moves[i];
      children[i].after = *state;
      pt_wagons_state_apply_move (&children[i].after, &moves[i]);
      settle (search, &children[i].after);
      children[i].order = evaluate (search, &children[i].after, mover);
      children[i].value = children[i].order;
    }
  *n_children = n;
  return children;
}

/* Negamax with alpha-beta over the decisions; placements are greedy. The
 * value is for the player to move in @state. */
static double
negamax (Search *search,
         const PtWagonsState *state,
         guint depth,
         double alpha,
         double beta)
{
  guint mover = (guint) pt_wagons_state_get_current_player (state);
  g_autofree Child *children = NULL;
  double best = -G_MAXDOUBLE;
  guint n;

  if (search_stopped (search))
    return 0;
  children = expand (search, state, &n);
  g_qsort_with_data (children, (gint) n, sizeof (Child), compare_children, NULL);
  for (guint i = 0; i < n; i++)
    {
      const PtWagonsState *after = &children[i].after;
      double value;

      if (depth <= 1 || pt_wagons_state_get_phase (after) == PT_WAGONS_PHASE_OVER)
        value = children[i].order;
      else if ((guint) pt_wagons_state_get_current_player (after) == mover)
        value = negamax (search, after, depth - 1, alpha, beta);
      else
        value = -negamax (search, after, depth - 1, -beta, -alpha);
      if (search->stopped)
        return 0;
      best = MAX (best, value);
      alpha = MAX (alpha, value);
      if (alpha >= beta)
        break;
    }
  return best;
}

/* The decision with the best value after searching @depth decisions
 * ahead; FALSE when the search stopped before finishing. */
static gboolean
search_root (Search *search,
             Child *children,
             guint n,
             guint depth)
{
  double alpha = -G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    {
      const PtWagonsState *after = &children[i].after;
      double value;

      /* After a start or a take the other player always decides. Only
       * the best value must be exact: the others may be upper bounds. */
      if (depth <= 1 || pt_wagons_state_get_phase (after) == PT_WAGONS_PHASE_OVER)
        value = children[i].order;
      else
        value = -negamax (search, after, depth - 1, -G_MAXDOUBLE, -alpha + 1e-6);
      if (search->stopped)
        return FALSE;
      children[i].value = value;
      alpha = MAX (alpha, value);
    }
  return TRUE;
}

static int
compare_values (gconstpointer a,
                gconstpointer b,
                gpointer user_data)
{
  const Child *x = a, *y = b;

  return (x->value < y->value) - (x->value > y->value);
}

/* How many decisions remain at most: one per card left in the queue,
 * plus the start. */
static guint
decisions_left (const PtWagonsState *state)
{
  guint8 queue[PT_WAGONS_N_CIRCLE];
  guint n = pt_wagons_state_get_queue (state, queue);

  return pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_START ? PT_WAGONS_N_CIRCLE + 1 : n;
}

/* Iterative deepening to @max_depth; TRUE when the last iteration
 * finished (the children are then sorted by their searched value). */
static gboolean
deepen (Search *search,
        Child **children,
        guint n,
        guint max_depth)
{
  for (guint depth = 2; depth <= max_depth; depth++)
    {
      g_autofree Child *trial = g_memdup2 (*children, n * sizeof (Child));

      if (!search_root (search, trial, n, depth))
        return FALSE;
      /* A finished iteration: adopt its values, best first. */
      g_qsort_with_data (trial, (gint) n, sizeof (Child), compare_values, NULL);
      g_free (*children);
      *children = g_steal_pointer (&trial);
      for (guint i = 0; i < n; i++)
        (*children)[i].order = (*children)[i].value;
    }
  return TRUE;
}

/* The rest of the game played by Medium on both sides; the final value
 * for @player. */
static double
rollout (Search *search,
         const PtWagonsState *state,
         guint player)
{
  PtWagonsState position = *state;
  guint saved_horizon = search->take_horizon;

  /* Only the first takes of the queue: Medium rarely takes deeper (it
   * hands over every card before), and placing all those free cards for
   * every take is most of the work; several times as many playouts fit
   * (100 mirrored rounds against Medium, seed 2026: the first 2, 3, 4, 6
   * or all cards: 91.5, 97, 96.5, 91.5, 87.5 % won). */
  search->take_horizon = search->params->rollout_horizon;
  settle (search, &position);
  while (pt_wagons_state_get_phase (&position) != PT_WAGONS_PHASE_OVER)
    {
      /* Out of work, out of time or cancelled: this playout does not
       * count. The work done is the same on every machine, so a playout
       * cut by the work limit reproduces. */
      if ((search->params->work_limit > 0 && search->work >= search->params->work_limit) ||
          (search->params->deadline > 0 && g_get_monotonic_time () > search->params->deadline) ||
          g_cancellable_is_cancelled (search->cancellable))
        {
          search->stopped = TRUE;
          search->take_horizon = saved_horizon;
          return -G_MAXDOUBLE;
        }
      guint n, best = 0;
      g_autofree Child *children = expand (search, &position, &n);

      /* The first of the best, as the stable sort of Medium picks. */
      for (guint i = 1; i < n; i++)
        if (children[i].order > children[best].order)
          best = i;
      position = children[best].after;
    }
  search->take_horizon = saved_horizon;
  return evaluate (search, &position, player);
}

static void
choose_decision (Search *search,
                 const PtWagonsState *state,
                 PtWagonsMove *out)
{
  guint mover = (guint) pt_wagons_state_get_current_player (state);
  guint n, left = decisions_left (state), best = 0;
  g_autofree Child *children = expand (search, state, &n);

  /* Depth 1 is Medium: the best static value after the decision. The
   * stable sort keeps the rules' order (queue order) among equals. */
  g_qsort_with_data (children, (gint) n, sizeof (Child), compare_children, NULL);

  /* Naming the start card scores nothing by itself: every level looks at
   * the take it opens for the opponent. */
  if (pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_START)
    {
      /* Only the opponent's first takes: a take deep in a fresh queue
       * hands over many free cards, and placing them all for every start
       * card is what made this the slowest decision of the game. */
      search->take_horizon = START_TAKE_HORIZON;
      deepen (search, &children, n, 2);
      search->take_horizon = 0;
    }
  if (search->params->max_depth == 0)
    {
      *out = children[0].move;
      search->value = children[0].value;
      search->how = PT_WAGONS_HOW_STATIC;
      return;
    }

  /* Near the end: the whole tree, exactly (the ordering of a finished
   * iteration is by exact values). */
  if (left <= search->params->exact_decisions &&
      deepen (search, &children, n, MIN (left, search->params->max_depth)))
    {
      *out = children[0].move;
      search->value = children[0].value;
      search->how = PT_WAGONS_HOW_EXACT;
      return;
    }

  /* Earlier: play each of the most promising decisions out to the end
   * with Medium on both sides, and keep the best outcome. A stopped
   * search keeps what it has evaluated (at least the first). The work
   * limit covers the whole move: the look at the start card's first
   * takes and an exact search that did not finish count too (naming the
   * start card used to be the slowest move). With no work left, the
   * order of the last finished iteration stands. */
  search->stopped = FALSE;
  search->how = PT_WAGONS_HOW_STATIC;
  search->value = children[0].value;
  for (guint i = 0; i < MIN (n, search->params->top_k); i++)
    {
      double value = rollout (search, &children[i].after, mover);

      /* A playout cut short leaves Medium's choice or the best so far. */
      if (search->stopped)
        break;
      children[i].value = value;
      if (i == 0 || value > children[best].value)
        best = i;
      search->how = PT_WAGONS_HOW_PLAYOUT;
      if (search_stopped (search))
        break;
    }
  *out = children[best].move;
  if (search->how == PT_WAGONS_HOW_PLAYOUT)
    search->value = children[best].value;
}

typedef struct
{
  PtWagonsMove move;
  double value;
} Placement;

static int
compare_placements (gconstpointer a,
                    gconstpointer b,
                    gpointer user_data)
{
  const Placement *x = a, *y = b;

  return (x->value < y->value) - (x->value > y->value);
}

/* Medium's placement (the best score difference now), or for Hard the
 * best of the top placements played out to the end with Medium's choices
 * on both sides: a card is placed once and for good, and where it goes
 * decides what later cards and bonus cards can build on. */
static void
choose_placement (Search *search,
                  const PtWagonsState *state,
                  PtWagonsMove *out)
{
  guint player = state->pending_player[state->pending_head];
  guint card = state->pending_card[state->pending_head];
  PtWagonsTown town = state->towns[player];
  PtWagonsAnchor anchors[PT_WAGONS_TOWN_MAX_ANCHORS];
  g_autofree Placement *placements = NULL;
  PtWagonsTally tallies[2];
  guint n, n_placements = 0, best = 0;
  double best_value = -G_MAXDOUBLE;

  best_placement (search, state, out);
  if (search->params->max_depth == 0 || search->params->place_top_k == 0)
    return;

  /* Every placement with its score now, the greedy one first. */
  n = pt_wagons_town_list_anchors (&town, anchors);
  placements = g_new (Placement, 2 * n);
  pt_wagons_tally_town (&state->towns[1 - player], search->mask, &tallies[1 - player]);
  for (guint i = 0; i < n; i++)
    for (guint rot = 0; rot < 2; rot++)
      {
        Placement *p = &placements[n_placements++];
        PtWagonsScore score;
        Undo undo;

        town_try (&town, card, anchors[i].x, anchors[i].y, rot, &undo);
        pt_wagons_tally_town (&town, search->mask, &tallies[player]);
        town_undo (&town, anchors[i].x, anchors[i].y, &undo);
        search->work++;
        p->move.kind = PT_WAGONS_MOVE_PLACE;
        p->move.card = (guint8) card;
        p->move.x = anchors[i].x;
        p->move.y = anchors[i].y;
        p->move.rot180 = (guint8) rot;
        p->value = score_difference (search, tallies, player, &score) +
                   TERRITORY_WEIGHT * tallies[player].territories;
        if (p->move.x == out->x && p->move.y == out->y && p->move.rot180 == out->rot180)
          p->value = G_MAXDOUBLE;
      }
  g_qsort_with_data (placements, (gint) n_placements, sizeof (Placement), compare_placements, NULL);

  search->stopped = FALSE;
  for (guint i = 0; i < MIN (n_placements, search->params->place_top_k); i++)
    {
      PtWagonsState after = *state;
      double value;

      pt_wagons_state_apply_move (&after, &placements[i].move);
      value = rollout (search, &after, player);
      /* A playout cut short leaves the best so far (at least the
       * greedy placement). */
      if (search->stopped)
        break;
      if (value > best_value + 1e-9)
        {
          best_value = value;
          best = i;
        }
      if (search_stopped (search))
        break;
    }
  *out = placements[best].move;
}

gboolean
pt_wagons_search_move (const PtWagonsState *state,
                       const PtWagonsSearchParams *params,
                       PtRng *rng,
                       GCancellable *cancellable,
                       PtWagonsMove *out,
                       GError **error)
{
  return pt_wagons_search_move_full (state, params, rng, cancellable, out, NULL, NULL, error);
}

gboolean
pt_wagons_search_move_full (const PtWagonsState *state,
                            const PtWagonsSearchParams *params,
                            PtRng *rng,
                            GCancellable *cancellable,
                            PtWagonsMove *out,
                            double *value,
                            PtWagonsHow *how,
                            GError **error)
{
  Search search = {
    0,
  };
  PtWagonsHow dummy_how;
  double dummy_value;

  if (value == NULL)
    value = &dummy_value;
  if (how == NULL)
    how = &dummy_how;
  *value = 0;
  *how = PT_WAGONS_HOW_SLIP;

  g_return_val_if_fail (pt_wagons_state_get_phase (state) != PT_WAGONS_PHASE_OVER, FALSE);

  /* Easy's slips: a random take or placement. */
  if (params->blunder > 0 && pt_rng_double (rng) < params->blunder)
    {
      PtWagonsMove moves[PT_WAGONS_MAX_MOVES];
      guint n = pt_wagons_state_list_moves (state, moves);

      *out = moves[pt_rng_below (rng, n)];
      return TRUE;
    }
  *how = PT_WAGONS_HOW_STATIC;

  pt_wagons_state_get_bonus_kinds (state, search.kinds);
  search.mask = pt_wagons_state_bonus_mask (state);
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    search.interactive |= pt_wagons_bonus_info[search.kinds[i]].interactive;
  search.params = params;
  search.cancellable = cancellable;

  if (pt_wagons_state_get_phase (state) == PT_WAGONS_PHASE_PLACE)
    {
      if (params->max_depth > 0 && params->place_top_k > 0)
        search.cache = g_new0 (CacheEntry, 1u << CACHE_BITS);
      choose_placement (&search, state, out);
    }
  else
    {
      search.cache = g_new0 (CacheEntry, 1u << CACHE_BITS);
      choose_decision (&search, state, out);
      *value = search.value;
      *how = search.how;
    }
  g_free (search.cache);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}
