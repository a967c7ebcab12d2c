/* pt-lost-cities-search.c — Monte Carlo over determinisations; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Monte Carlo over determinisations with common random numbers:
 *
 * 1. The main heuristic ranks the legal moves; the best n_candidates are
 *    searched (the rest are almost never right, and pruning them buys many
 *    more samples for the ones that matter).
 * 2. Determinisation d deals the cards the player has not seen (from the
 *    view: never the real hidden cards) to the opponent's unknown hand
 *    slots and the deck, from a generator seeded by (seed, d). The
 *    opponent's cards seen taken from discard piles stay in its hand. The
 *    deal is weighted by what the table says (pt_lost_cities_search_
 *    determinize()): a card the opponent can no longer play (below the
 *    top of its expedition) is in its hand 0.6 times as often as chance
 *    says, a card it can still play on one of its expeditions 1.4 times.
 *    Those are the frequencies measured in games against the rollouts'
 *    own opponent (below); against Medium, Aggressive and Denial they
 *    come out at 0.54..0.72 and 1.26..1.71.
 * 3. Every candidate is played on the SAME determinisation d and finished
 *    by the main heuristic for the searcher and, for the opponent, by
 *    rollout_opponent(): a cheap rule player written from its own idea
 *    (points per colour in hand and eight thresholds), nothing taken from
 *    the main heuristic (Medium), with its thresholds drawn anew for
 *    every determinisation and a random legal move on 10 % of its turns.
 *    The opponent is a population, not one level: Hard must do well
 *    against players it has never seen (issue 20); modelling it as Medium
 *    made Hard best at beating Medium. The draw leans on the opponent's
 *    side of the table (how many expeditions it opened in the turns it
 *    had, its wagers, cards it took from the piles): see
 *    opponent_style_infer(). The population takes pile cards it can use
 *    further above its top than it plays from hand: a player that took
 *    the searcher's discards only one to four above its top made Hard
 *    feed Aggressive (Aggressive scored +6 points a round more against
 *    Hard than against Medium). The result is the final score
 *    difference. Comparing candidates on identical deals (and identical
 *    opponents and slips) removes most of the luck from the comparison.
 * 4. Sequential halving: the work is shared out over log2 (n_candidates)
 *    phases and the worse half of the candidates drops out after each, so
 *    the close ones get most of the samples. The best mean wins; ties go
 *    to the heuristic's order. Same view + same seed → same move (unless
 *    the deadline cuts the search short, which depends on the machine's
 *    speed).
 */
#include "config.h"

#include "pt-lost-cities-heuristic.h"
#include "pt-lost-cities-search.h"

/* The minimum number of determinisations before the deadline may stop
 * the search. */
#define MIN_DETERMINIZATIONS 4
/* With a step budget, at most this many determinisations in all (the
 * last turns of a round are a few steps long). */
#define MAX_DETERMINIZATIONS 3000
/* Hard's work per move, in simulated turns: with the rule-player
 * opponent 150,000 cost a median of ~45 ms of CPU on the loaded 2-core
 * machine of round 6 and ~58 ms on the more loaded one of round 7;
 * 190,000 use some of the room below the 100 ms allowed. A fixed 200 determinisations × 8 candidates made the
 * first moves of a round (rollouts ~45 turns long) cost 110 ms and the
 * last ones, where counting the deck down decides most, a few ms with
 * the same 200 samples; now a move with 5 cards left in the deck gets
 * ~8 times the determinisations of the first. */
#define DEFAULT_MAX_STEPS    190000

/* The opponent of the rollouts (see rollout_opponent()): its thresholds
 * are drawn per determinisation, and it slips to a random legal move on
 * OPPONENT_SLIP_PERCENT of its turns. */
#define OPPONENT_SLIP_PERCENT 10

/* How much more often than chance the weighted determinisation puts an
 * unseen card in the opponent's hand: dead for it, and playable on one
 * of its expeditions (see the top of the file). */
#define DEAD_WEIGHT        0.6
#define LIVE_OPENED_WEIGHT 1.4

typedef struct
{
  guint open_points;    /* points of a colour in hand needed to open it: 10..19 */
  guint max_gap;        /* the largest step over the top it plays early: 1..4 */
  guint draw_gap;       /* the largest step over the top it takes from a pile: max_gap..max_gap + 6 */
  gboolean wagers;      /* backs a strong colour with wagers early */
  guint wager_points;   /* points of a colour in hand it wagers on: 8..21 */
  gboolean watchful;    /* keeps cards the searcher can play out of the piles */
  gboolean rush;        /* late in the round, plays its highest cards first */
  guint collect_points; /* takes pile cards of an unopened colour it holds this many points of; 0: never */
} OpponentStyle;

/* The population the rollouts' opponent is drawn from, knowing nothing
 * about the opponent. */
static void
opponent_style_draw (PtRng *rng,
                     OpponentStyle *style)
{
  style->open_points = 10 + pt_rng_below (rng, 10);
  style->max_gap = 1 + pt_rng_below (rng, 4);
  style->draw_gap = style->max_gap + pt_rng_below (rng, 7);
  style->wagers = pt_rng_below (rng, 2);
  style->wager_points = 8 + pt_rng_below (rng, 14);
  style->watchful = pt_rng_below (rng, 2);
  style->rush = pt_rng_below (rng, 2);
  style->collect_points = pt_rng_below (rng, 2) ? 8 + pt_rng_below (rng, 10) : 0;
}

/* The same, drawn with what the opponent's side of the table says about
 * how it plays (any opponent, nothing known about its rules):
 * - many expeditions opened for the turns it has had: an eager opener
 *   (open_points 10..13); few after 8+ turns: a cautious one (15..19);
 * - wagers on the table: a wagering player (90 %, on 8..15 points); none
 *   after 8+ turns: mostly not (20 %);
 * - cards seen taken from the piles still in its hand: it collects from
 *   the piles (collect_points 8..13). */
static void
opponent_style_infer (const PtLostCitiesView *view,
                      PtRng *rng,
                      OpponentStyle *style)
{
  guint them = view->player ^ 1u, n_open = 0, n_wagers = 0;
  guint their_turns = view->n_turns / 2;

  opponent_style_draw (rng, style);
  for (guint c = 0; c < view->options.n_colors; c++)
    {
      if (view->values[them][c] != 0 || view->wagers[them][c] != 0)
        n_open++;
      n_wagers += view->wagers[them][c];
    }
  if (n_open >= 1 + their_turns / 4)
    style->open_points = 10 + pt_rng_below (rng, 4);
  else if (their_turns >= 8 && n_open <= their_turns / 8)
    style->open_points = 15 + pt_rng_below (rng, 5);
  if (n_wagers > 0)
    {
      style->wagers = pt_rng_below (rng, 10) != 0;
      style->wager_points = 8 + pt_rng_below (rng, 8);
    }
  else if (their_turns >= 8)
    style->wagers = pt_rng_below (rng, 5) == 0;
  if (view->opponent_known_len > 0)
    style->collect_points = 8 + pt_rng_below (rng, 6);
}

void
pt_lost_cities_search_determinize (const PtLostCitiesView *view,
                                   PtRng *rng,
                                   PtLostCitiesState *out)
{
  PtLostCitiesCard unseen[PT_LOST_CITIES_MAX_CARDS];
  double weight[PT_LOST_CITIES_MAX_CARDS], total = 0;
  guint them = view->player ^ 1u, n, n_slots, k = 0;

  /* The table and the known cards; the hidden cards are dealt again. */
  pt_lost_cities_view_determinize (view, rng, out);
  n = pt_lost_cities_view_unseen (view, unseen);
  for (guint i = 0; i < n; i++)
    {
      guint c = PT_LOST_CITIES_CARD_COLOR (unseen[i]);
      guint kind = PT_LOST_CITIES_CARD_KIND (unseen[i]);
      gboolean opened = view->values[them][c] != 0 || view->wagers[them][c] != 0;
      gboolean live = kind == 0 ? view->values[them][c] == 0
                                : (view->values[them][c] >> (kind + 1)) == 0;

      weight[i] = !live ? DEAD_WEIGHT : opened ? LIVE_OPENED_WEIGHT
                                               : 1.0;
      total += weight[i];
    }
  /* The opponent's unknown slots by weight, without replacement; the
   * rest, shuffled, is the deck. */
  n_slots = view->opponent_hand_len - view->opponent_known_len;
  for (guint s = 0; s < n_slots && k < n; s++, k++)
    {
      double x = pt_rng_double (rng) * total;
      PtLostCitiesCard card;
      double w;
      guint j = k;

      for (; j + 1 < n; j++)
        {
          x -= weight[j];
          if (x < 0)
            break;
        }
      card = unseen[j];
      w = weight[j];
      unseen[j] = unseen[k];
      weight[j] = weight[k];
      unseen[k] = card;
      weight[k] = w;
      total -= w;
      out->hand[them][view->opponent_known_len + s] = card;
    }
  pt_rng_shuffle (rng, unseen + k, n - k, sizeof unseen[0]);
  for (guint i = 0; i < view->deck_count && k < n; i++)
    out->deck[i] = unseen[k++];
}

static inline guint
top_of (guint16 played)
{
  return played ? 31u - (guint) __builtin_clz (played) : 0u;
}

/* The rollouts' opponent, written from its own idea and sharing nothing
 * with the main heuristic (no projection, no time factor): a player that
 * counts the points of each colour in its hand and follows eight drawn
 * thresholds (@style). Cheap, so that the budget buys determinisations.
 *
 * 1. If rush: late (deck ≤ twice the cards it could still play), play the
 *    highest playable card of an opened expedition: get points down in
 *    time.
 * 2. Continue an opened expedition with the lowest card at most max_gap
 *    above its top.
 * 3. With wagers, back a colour without number cards holding
 *    wager_points points while the deck has 20+ cards.
 * 4. Open the colour with the most points in hand (open_points or more,
 *    deck 12+) with its lowest card.
 * 5. Discard: a dead card, else the lowest card of the colour with the
 *    fewest points in hand — if watchful, one the searcher cannot play
 *    on its opened expeditions when there is such a card.
 * Draw: a pile top it can play on an opened expedition within draw_gap,
 * or (collect_points > 0, deck 12+) of an unopened colour holding
 * collect_points points; else the deck. */
static void
rollout_opponent (const PtLostCitiesState *state,
                  const OpponentStyle *style,
                  PtLostCitiesMove *move)
{
  guint me = state->current, them = me ^ 1u;
  guint n_colors = state->options.n_colors;
  guint points[PT_LOST_CITIES_MAX_COLORS] = { 0 };
  const PtLostCitiesCard *hand = state->hand[me];
  guint n = state->hand_len[me], n_playable = 0;
  guint deck = pt_lost_cities_state_deck_remaining (state);
  gboolean discard = FALSE;
  int pick = -1;

#define OPENED(p, c)   (state->values[p][c] != 0 || state->wagers[p][c] != 0)
#define VALUE(card)    ((guint) PT_LOST_CITIES_CARD_VALUE (card))
#define PLAYS(p, card) (PT_LOST_CITIES_CARD_KIND (card) == 0                          \
                            ? state->values[p][PT_LOST_CITIES_CARD_COLOR (card)] == 0 \
                            : VALUE (card) > top_of (state->values[p][PT_LOST_CITIES_CARD_COLOR (card)]))
#define COLOUR(card) PT_LOST_CITIES_CARD_COLOR (card)

  for (guint i = 0; i < n; i++)
    {
      points[COLOUR (hand[i])] += VALUE (hand[i]);
      if (OPENED (me, COLOUR (hand[i])) && PLAYS (me, hand[i]))
        n_playable++;
    }
  /* 1. */
  if (style->rush && deck <= 2 * n_playable)
    for (guint i = 0; i < n; i++)
      if (OPENED (me, COLOUR (hand[i])) && PLAYS (me, hand[i]) &&
          (pick < 0 || VALUE (hand[i]) > VALUE (hand[pick])))
        pick = (int) i;
  /* 2. */
  for (guint i = 0; i < n && pick < 0; i++)
    {
      guint c = COLOUR (hand[i]), top = MAX (top_of (state->values[me][c]), 1u);

      if (VALUE (hand[i]) > 0 && OPENED (me, c) && PLAYS (me, hand[i]) &&
          VALUE (hand[i]) <= top + style->max_gap)
        {
          for (guint j = 0; j < n; j++)
            if (COLOUR (hand[j]) == c && VALUE (hand[j]) > top_of (state->values[me][c]) &&
                VALUE (hand[j]) < VALUE (hand[i]))
              goto not_lowest;
          pick = (int) i;
        not_lowest:;
        }
    }
  /* 3. */
  if (pick < 0 && style->wagers && deck >= 20)
    for (guint i = 0; i < n && pick < 0; i++)
      if (PT_LOST_CITIES_CARD_KIND (hand[i]) == 0 && PLAYS (me, hand[i]) &&
          points[COLOUR (hand[i])] >= style->wager_points)
        pick = (int) i;
  /* 4. */
  if (pick < 0 && deck >= 12)
    {
      int colour = -1;

      for (guint c = 0; c < n_colors; c++)
        if (!OPENED (me, c) && points[c] >= style->open_points &&
            (colour < 0 || points[c] > points[colour]))
          colour = (int) c;
      for (guint i = 0; i < n && colour >= 0; i++)
        if ((int) COLOUR (hand[i]) == colour && VALUE (hand[i]) > 0 &&
            (pick < 0 || VALUE (hand[i]) < VALUE (hand[pick])))
          pick = (int) i;
    }
  /* 5. */
  if (pick < 0)
    {
      discard = TRUE;
      for (guint i = 0; i < n && pick < 0; i++)
        if (OPENED (me, COLOUR (hand[i])) && !PLAYS (me, hand[i]))
          pick = (int) i;
      for (guint pass = style->watchful ? 0 : 1; pass < 2 && pick < 0; pass++)
        for (guint i = 0; i < n; i++)
          {
            guint c = COLOUR (hand[i]);

            if (pass == 0 && OPENED (them, c) && PLAYS (them, hand[i]))
              continue;
            if (pick < 0 || points[c] < points[COLOUR (hand[pick])] ||
                (points[c] == points[COLOUR (hand[pick])] && VALUE (hand[i]) < VALUE (hand[pick])))
              pick = (int) i;
          }
    }

  move->card = hand[pick];
  move->discard = (guint8) discard;
  move->draw = PT_LOST_CITIES_DRAW_DECK;
  move->padding = 0;
  for (guint c = 0; c < n_colors; c++)
    {
      PtLostCitiesCard top;

      if (state->pile_len[c] == 0 || (discard && c == COLOUR (move->card)))
        continue;
      top = PT_LOST_CITIES_CARD (c, state->pile[c][state->pile_len[c] - 1]);
      if ((VALUE (top) > 0 && OPENED (me, c) && PLAYS (me, top) &&
           VALUE (top) <= MAX (top_of (state->values[me][c]), 1u) + style->draw_gap) ||
          (style->collect_points > 0 && !OPENED (me, c) && deck >= 12 &&
           points[c] >= style->collect_points))
        {
          move->draw = (guint8) c;
          break;
        }
    }
#undef OPENED
#undef VALUE
#undef PLAYS
#undef COLOUR
}

void
pt_lost_cities_search_params_init (PtLostCitiesSearchParams *params,
                                   guint64 seed)
{
  params->seed = seed;
  params->n_determinizations = 200;
  params->n_candidates = 10;
  params->max_steps = DEFAULT_MAX_STEPS;
  params->deadline = 0;
}

void
pt_lost_cities_search_opponent_move (const PtLostCitiesState *state,
                                     guint64 seed,
                                     PtLostCitiesMove *move)
{
  OpponentStyle style;
  PtRng rng;

  pt_rng_init (&rng, seed);
  opponent_style_draw (&rng, &style);
  rollout_opponent (state, &style, move);
}

/* The rest of the round: the searching player follows the main
 * heuristic, the opponent rollout_opponent() in @style, slipping on some
 * turns. */
static int
rollout (PtLostCitiesState *state,
         guint player,
         const OpponentStyle *style,
         PtRng *rng,
         guint64 *steps)
{
  while (!state->over && state->n_turns < PT_LOST_CITIES_SEARCH_MAX_TURNS)
    {
      PtLostCitiesMove move;

      (*steps)++;

      if (state->current == player)
        pt_lost_cities_heuristic_move (state, &move);
      else if (pt_rng_below (rng, 100) < OPPONENT_SLIP_PERCENT)
        pt_lost_cities_state_random_legal_move (state, rng, &move);
      else
        rollout_opponent (state, style, &move);
      pt_lost_cities_state_apply (state, &move);
    }
  return pt_lost_cities_state_score (state, player) -
         pt_lost_cities_state_score (state, player ^ 1u);
}

/* Sorts candidates [0, n) by total, best first (stable: ties keep the
 * heuristic's order). */
static void
sort_by_total (PtLostCitiesMove *moves,
               double *totals,
               guint n)
{
  for (guint i = 1; i < n; i++)
    {
      PtLostCitiesMove move = moves[i];
      double total = totals[i];
      guint j = i;

      while (j > 0 && totals[j - 1] < total)
        {
          moves[j] = moves[j - 1];
          totals[j] = totals[j - 1];
          j--;
        }
      moves[j] = move;
      totals[j] = total;
    }
}

gboolean
pt_lost_cities_search (const PtLostCitiesView *view,
                       const PtLostCitiesSearchParams *params,
                       GCancellable *cancellable,
                       PtLostCitiesMove *move,
                       GError **error)
{
  return pt_lost_cities_search_full (view, params, cancellable, move, NULL, NULL, error);
}

gboolean
pt_lost_cities_search_full (const PtLostCitiesView *view,
                            const PtLostCitiesSearchParams *params,
                            GCancellable *cancellable,
                            PtLostCitiesMove *move,
                            double *expected,
                            guint *n_samples,
                            GError **error)
{
  PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
  double scores[PT_LOST_CITIES_MAX_MOVES];
  double totals[PT_LOST_CITIES_MAX_MOVES] = { 0 };
  PtLostCitiesState sample;
  OpponentStyle style;
  PtRng rng;
  guint n, alive, n_phases = 0, d = 0;
  guint64 steps = 0;

  g_return_val_if_fail (view->current == view->player && !view->over, FALSE);

  /* The heuristic reads only the player's own knowledge, so any sample
   * ranks the moves the same way. */
  pt_rng_init (&rng, params->seed);
  pt_lost_cities_view_determinize (view, &rng, &sample);
  n = pt_lost_cities_heuristic_rank (&sample, moves, scores);
  alive = MIN (n, MAX (1u, params->n_candidates));

  /* Sequential halving: the rollouts are shared out over log2 (alive)
   * phases; after each phase the worse half of the candidates drops out.
   * The survivors keep accumulating on the same determinisations, so
   * they are always compared on identical deals. */
  for (guint k = alive; k > 1; k = (k + 1) / 2)
    n_phases++;
  for (guint phase = 0; phase < n_phases && alive > 1; phase++)
    {
      guint budget = params->n_determinizations * params->n_candidates / n_phases;
      guint phase_end = d + MAX (1u, budget / alive);
      guint phase_start = d;
      guint64 phase_steps = params->max_steps / n_phases, steps_start = steps;

      if (params->max_steps > 0)
        phase_end = d + MAX_DETERMINIZATIONS / n_phases;
      for (; d < phase_end; d++)
        {
          if (params->max_steps > 0 && d - phase_start >= MIN_DETERMINIZATIONS &&
              steps - steps_start >= phase_steps)
            break;
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (params->deadline > 0 && d >= MIN_DETERMINIZATIONS &&
              g_get_monotonic_time () > params->deadline)
            {
              phase = n_phases;
              break;
            }

          pt_rng_init (&rng, pt_rng_derive_seed (params->seed, d + 1));
          pt_lost_cities_search_determinize (view, &rng, &sample);
          opponent_style_infer (view, &rng, &style);
          for (guint i = 0; i < alive; i++)
            {
              PtLostCitiesState state = sample;
              /* The same opponent and slips for every candidate. */
              PtRng slips = rng;

              pt_lost_cities_state_apply (&state, &moves[i]);
              totals[i] += rollout (&state, view->player, &style, &slips, &steps);
            }
        }
      sort_by_total (moves, totals, alive);
      alive = (alive + 1) / 2;
    }
  *move = moves[0];
  /* The winner was rolled out on every determinisation so far. */
  if (expected != NULL)
    *expected = d > 0 ? totals[0] / d : 0;
  if (n_samples != NULL)
    *n_samples = d;
  return TRUE;
}
