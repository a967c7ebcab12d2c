/* pt-lost-cities-heuristic.c — hand-written Lost Cities players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main heuristic (Medium) values a position for the player to move as
 * the sum over colours of a *projected* expedition score, and picks the
 * turn (card action + draw) that raises that projection most, plus a few
 * explicit considerations:
 *
 * - Projection of one colour: the cards already played, plus the playable
 *   cards of the hand (above the highest played card; lower ones are dead)
 *   weighted by a time factor r, plus every unseen card above the top
 *   weighted by q, the chance that it reaches the hand in time to be
 *   played. Then (sum − 20) × (1 + wagers), plus the 8-card bonus, ramped
 *   in from 6 projected cards. Gaps are priced in automatically: playing a
 *   7 over a 4 kills the 5 and 6 of the hand and the unseen 5 and 6.
 * - Time: r = min (1, turns left / cards the player plans to play), so late
 *   in the round the hand is worth less and high cards go first.
 * - Opening an expedition: an unopened colour is worth max (0, projection)
 *   — the player may leave it alone — with unseen cards at half weight, and
 *   opening costs a margin: a colour is opened only with enough value in
 *   hand. Wagers count only while the colour has no number card, are
 *   weighted by r, and playing one late (under 16 cards in the deck) is
 *   penalised: wagers only early.
 * - Discard danger: a discard the opponent can play (above its top card in
 *   an opened expedition) costs its value × (1 + its wagers); a card of a
 *   colour the opponent has not opened costs a little, more if it is known
 *   to hold cards of that colour.
 * - Denial: taking a pile top the opponent wants earns half its danger.
 * - Tempo: with six cards or fewer in the deck, a player behind in the
 *   projection that still has more cards to play than turns stalls by
 *   drawing from a discard pile; a player ahead runs the deck down. With
 *   one card left, drawing it ends the round: done when (and only when) the
 *   actual score after this turn's play is ahead, or nothing else is legal.
 * - Past 90 turns, pile draws cost more and more, so stalling ends.
 * - A small bonus for playing rather than holding, so that cards leave the
 *   hand in time and slots stay free.
 *
 * The aggressive opener is at the bottom of the file.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "pt-lost-cities-heuristic.h"

#define FULL_VALUES 0x7fcu /* bits 2..10: the number cards */
#define NO_SCORE    (-1e9)
#define OPEN_MARGIN 5.0
#define PLAY_BONUS  1.0
#define LATE_WAGER  10.0 /* penalty for a wager played under 16 cards in the deck */
#define DECK_EV     1.5  /* what a blind deck draw is worth over a useless pile card */
#define STALL_BONUS 4.0
#define RUN_BONUS   2.0
#define END_BONUS   1000.0
/* A round normally lasts about 45 turns. Past LONG_ROUND turns every pile
 * draw costs a little more each turn, so that two players stalling
 * against each other cannot go on forever. */
#define LONG_ROUND  90

static guint8 mask_sum[1u << 11];
static guint8 mask_count[1u << 11];

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint m = 0; m < G_N_ELEMENTS (mask_sum); m++)
        for (guint v = 2; v <= 10; v++)
          if (m & (1u << v))
            {
              mask_sum[m] += (guint8) v;
              mask_count[m]++;
            }
      g_once_init_leave (&done, 1);
    }
}

static inline guint
top_value (guint played)
{
  return played ? 31u - (guint) __builtin_clz (played) : 0u;
}

/* The number cards above the highest played card. */
static inline guint
above_top (guint played)
{
  return played ? FULL_VALUES & ~((2u << top_value (played)) - 1u) : FULL_VALUES;
}

typedef struct
{
  const PtLostCitiesState *state;
  guint n_colors;
  guint me, opponent;
  gboolean careful; /* FALSE: ignore danger, denial and tempo (Easy) */
  int deck;
  int my_turns;
  double q, r, q_opponent;
  double lead;                           /* projected score of me − of the opponent */
  guint hand[PT_LOST_CITIES_MAX_COLORS]; /* my number cards, bit v */
  guint hand_wagers[PT_LOST_CITIES_MAX_COLORS];
  guint known[PT_LOST_CITIES_MAX_COLORS]; /* the opponent's known number cards */
  guint known_wagers[PT_LOST_CITIES_MAX_COLORS];
  guint unseen[PT_LOST_CITIES_MAX_COLORS]; /* number cards I have not seen */
  double base[PT_LOST_CITIES_MAX_COLORS];  /* my projection per colour now */
} Ctx;

static inline double
bonus_for (double n_cards)
{
  double x;

  if (n_cards >= PT_LOST_CITIES_BONUS_CARDS)
    return PT_LOST_CITIES_BONUS;
  if (n_cards <= PT_LOST_CITIES_BONUS_CARDS - 2)
    return 0;
  x = (n_cards - (PT_LOST_CITIES_BONUS_CARDS - 2)) / 2.0;
  return PT_LOST_CITIES_BONUS * x * x;
}

/* The projected final score of one expedition; see the top of the file. */
static double
colour_value (const Ctx *x,
              double q,
              double r,
              guint hand,
              guint hand_wagers,
              guint played,
              guint played_wagers,
              guint unseen)
{
  guint above = above_top (played);
  guint playable = hand & above;
  guint coming = unseen & above;
  gboolean counts_wagers = x->state->options.bonus_counts_wagers;
  double sum, n, wagers, value;

  if (played == 0 && played_wagers == 0)
    {
      if (playable == 0)
        return 0;
      sum = r * mask_sum[playable] + 0.5 * q * mask_sum[coming];
      n = r * mask_count[playable] + 0.5 * q * mask_count[coming];
      if (sum <= PT_LOST_CITIES_COST)
        return 0;
      wagers = r * hand_wagers;
      value = (sum - PT_LOST_CITIES_COST) * (1 + wagers) + bonus_for (n + (counts_wagers ? wagers : 0));
      return value > 0 ? value : 0;
    }

  wagers = played_wagers + (played == 0 ? r * hand_wagers : 0);
  sum = mask_sum[played] + r * mask_sum[playable] + q * mask_sum[coming];
  n = mask_count[played] + r * mask_count[playable] + q * mask_count[coming];
  return (sum - PT_LOST_CITIES_COST) * (1 + wagers) + bonus_for (n + (counts_wagers ? wagers : 0));
}

static inline double
my_value (const Ctx *x,
          guint c,
          guint hand,
          guint hand_wagers,
          guint played,
          guint played_wagers)
{
  return colour_value (x, x->q, x->r, hand, hand_wagers, played, played_wagers, x->unseen[c]);
}

static void
ctx_init (Ctx *x,
          const PtLostCitiesState *state,
          gboolean careful)
{
  guint me = state->current, opponent = me ^ 1u;
  guint n_unknown = 0, unseen_total, planned = 0;
  double opponent_value = 0, my_value_sum = 0;
  int opponent_turns;

  init_tables ();
  memset (x, 0, sizeof *x);
  x->state = state;
  x->n_colors = state->options.n_colors;
  x->me = me;
  x->opponent = opponent;
  x->careful = careful;
  x->deck = (int) pt_lost_cities_state_deck_remaining (state);
  x->my_turns = (x->deck + 1) / 2;
  opponent_turns = x->deck / 2;

  for (guint i = 0; i < state->hand_len[me]; i++)
    {
      PtLostCitiesCard card = state->hand[me][i];
      guint kind = PT_LOST_CITIES_CARD_KIND (card);

      if (kind == 0)
        x->hand_wagers[PT_LOST_CITIES_CARD_COLOR (card)]++;
      else
        x->hand[PT_LOST_CITIES_CARD_COLOR (card)] |= 1u << (kind + 1);
    }
  for (guint i = 0; i < state->hand_len[opponent]; i++)
    {
      PtLostCitiesCard card = state->hand[opponent][i];
      guint kind = PT_LOST_CITIES_CARD_KIND (card);

      /* Only the slots the opponent was seen to fill from a pile. */
      if (!(state->known[opponent] & (1u << i)))
        {
          n_unknown++;
          continue;
        }
      if (kind == 0)
        x->known_wagers[PT_LOST_CITIES_CARD_COLOR (card)]++;
      else
        x->known[PT_LOST_CITIES_CARD_COLOR (card)] |= 1u << (kind + 1);
    }
  for (guint c = 0; c < x->n_colors; c++)
    {
      guint seen = state->values[0][c] | state->values[1][c] | x->hand[c] | x->known[c];

      for (guint i = 0; i < state->pile_len[c]; i++)
        seen |= 1u << (state->pile[c][i] + 1);
      x->unseen[c] = FULL_VALUES & ~seen;
    }

  unseen_total = (guint) x->deck + n_unknown;
  if (unseen_total > 0)
    {
      x->q = MIN (0.5, 0.6 * MAX (0, x->my_turns - 1) / unseen_total);
      x->q_opponent = MIN (0.6, 0.6 * (n_unknown + MAX (0, opponent_turns - 1)) / (double) unseen_total);
    }

  /* The time factor: how many hand cards the player means to play. */
  x->r = 1.0;
  for (guint c = 0; c < x->n_colors; c++)
    {
      guint played = state->values[me][c];
      guint playable = x->hand[c] & above_top (played);

      if (played == 0 && state->wagers[me][c] == 0 &&
          my_value (x, c, x->hand[c], x->hand_wagers[c], 0, 0) <= 0)
        continue;
      planned += mask_count[playable] + (played == 0 ? x->hand_wagers[c] : 0);
    }
  if (planned > (guint) MAX (1, x->my_turns))
    x->r = (double) MAX (1, x->my_turns) / planned;

  for (guint c = 0; c < x->n_colors; c++)
    {
      x->base[c] = my_value (x, c, x->hand[c], x->hand_wagers[c],
                             state->values[me][c], state->wagers[me][c]);
      my_value_sum += x->base[c];
      opponent_value += colour_value (x, x->q_opponent, 1.0, x->known[c], x->known_wagers[c],
                                      state->values[opponent][c], state->wagers[opponent][c],
                                      x->unseen[c]);
    }
  x->lead = my_value_sum - opponent_value;
}

/* What the opponent would gain from @card lying on top of a pile. */
static double
danger (const Ctx *x,
        PtLostCitiesCard card)
{
  const PtLostCitiesState *state = x->state;
  guint c = PT_LOST_CITIES_CARD_COLOR (card);
  guint kind = PT_LOST_CITIES_CARD_KIND (card);
  guint played = state->values[x->opponent][c];
  guint wagers = state->wagers[x->opponent][c];
  guint interest = mask_count[x->known[c]] + x->known_wagers[c];
  guint value;

  if (kind == 0)
    return played == 0 && (wagers > 0 || interest > 0) ? 4.0 : 0.5;

  value = kind + 1;
  if (played != 0 || wagers != 0)
    return value > top_value (played) ? value * (1.0 + wagers) * 0.8 : 0;
  return value * 0.2 * (1 + interest);
}

typedef struct
{
  /* Per hand slot (duplicates of a card are skipped): play, discard. */
  double action[PT_LOST_CITIES_HAND_SIZE][2];
  /* Per colour: taking that pile's top (NO_SCORE: empty). */
  double draw[PT_LOST_CITIES_MAX_COLORS];
  double draw_gain[PT_LOST_CITIES_MAX_COLORS]; /* the projection part of draw[] */
  double draw_deck;
  int score_after[PT_LOST_CITIES_HAND_SIZE][2]; /* my actual score − the opponent's */
} Table;

static void
evaluate (const Ctx *x,
          Table *t)
{
  const PtLostCitiesState *state = x->state;
  guint me = x->me;
  /* The actual scores matter only when a deck draw ends the round. */
  gboolean last = x->deck == 1;
  int diff = last ? pt_lost_cities_state_score (state, me) -
                        pt_lost_cities_state_score (state, x->opponent)
                  : 0;
  gboolean stall = FALSE, run = FALSE;

  if (x->careful && x->deck <= 6)
    {
      if (x->lead < 0 && x->r < 1.0)
        stall = TRUE;
      else if (x->lead > 0)
        run = TRUE;
    }

  for (guint i = 0; i < state->hand_len[me]; i++)
    {
      PtLostCitiesCard card = state->hand[me][i];
      guint c = PT_LOST_CITIES_CARD_COLOR (card);
      guint kind = PT_LOST_CITIES_CARD_KIND (card);
      guint played = state->values[me][c], played_wagers = state->wagers[me][c];
      guint hand = x->hand[c], hand_wagers = x->hand_wagers[c];
      gboolean opened = played != 0 || played_wagers != 0;
      gboolean may_play;

      t->action[i][0] = t->action[i][1] = NO_SCORE;
      for (guint j = 0; j < i; j++)
        if (state->hand[me][j] == card)
          goto next;

      if (kind == 0)
        hand_wagers--;
      else
        hand &= ~(1u << (kind + 1));
      may_play = kind == 0 ? played == 0 : (played >> (kind + 1)) == 0;

      if (may_play)
        {
          guint new_played = kind == 0 ? played : played | (1u << (kind + 1));
          guint new_wagers = played_wagers + (kind == 0);
          double score = my_value (x, c, hand, hand_wagers, new_played, new_wagers) - x->base[c];

          score += PLAY_BONUS;
          if (!opened)
            score -= OPEN_MARGIN;
          if (kind == 0 && x->deck < 16)
            score -= LATE_WAGER;
          t->action[i][0] = score;
          if (last)
            t->score_after[i][0] = diff - pt_lost_cities_state_expedition_score (state, me, c) +
                                   pt_lost_cities_score_expedition_mask (&state->options,
                                                                         new_wagers, new_played);
        }
      t->action[i][1] = my_value (x, c, hand, hand_wagers, played, played_wagers) - x->base[c];
      if (x->careful)
        t->action[i][1] -= danger (x, card);
      t->score_after[i][1] = diff;
    next:;
    }

  t->draw_deck = run ? RUN_BONUS : 0;
  for (guint c = 0; c < PT_LOST_CITIES_MAX_COLORS; c++)
    {
      PtLostCitiesCard top;
      guint kind;
      double score;

      t->draw[c] = NO_SCORE;
      if (c >= x->n_colors || state->pile_len[c] == 0)
        continue;
      kind = state->pile[c][state->pile_len[c] - 1];
      top = PT_LOST_CITIES_CARD (c, kind);
      if (kind == 0)
        score = my_value (x, c, x->hand[c], x->hand_wagers[c] + 1,
                          state->values[me][c], state->wagers[me][c]);
      else
        score = my_value (x, c, x->hand[c] | (1u << (kind + 1)), x->hand_wagers[c],
                          state->values[me][c], state->wagers[me][c]);
      score -= x->base[c];
      t->draw_gain[c] = score;
      score -= DECK_EV;
      if (x->careful)
        score += 0.5 * danger (x, top);
      if (stall)
        score += STALL_BONUS;
      if (state->n_turns > LONG_ROUND)
        {
          /* Quadratic: it outweighs even END_BONUS after ~65 more turns. */
          double excess = state->n_turns - LONG_ROUND;
          score -= excess * excess / 4;
        }
      t->draw[c] = score;
    }
}

/* The draw's score given the action on hand slot @i (@discard): exact
 * when the action and the pile share a colour. */
static double
draw_score (const Ctx *x,
            const Table *t,
            guint i,
            gboolean discard,
            guint8 draw)
{
  const PtLostCitiesState *state = x->state;
  PtLostCitiesCard card = state->hand[x->me][i];
  guint c = PT_LOST_CITIES_CARD_COLOR (card);
  guint kind = PT_LOST_CITIES_CARD_KIND (card);

  if (draw == PT_LOST_CITIES_DRAW_DECK)
    {
      if (x->deck == 1)
        {
          int after = t->score_after[i][discard];
          /* The draw ends the round: only the actual scores count. */
          return after > 0 ? END_BONUS + after : after < 0 ? -END_BONUS + after
                                                           : 0;
        }
      return t->draw_deck;
    }
  if (t->draw[draw] <= NO_SCORE / 2)
    return NO_SCORE;
  if (draw == c)
    {
      guint played = state->values[x->me][c], played_wagers = state->wagers[x->me][c];
      guint hand = x->hand[c], hand_wagers = x->hand_wagers[c];
      guint top_kind = state->pile[c][state->pile_len[c] - 1];
      double before, after;

      if (discard)
        return NO_SCORE;
      if (kind == 0)
        {
          hand_wagers--;
          played_wagers++;
        }
      else
        {
          hand &= ~(1u << (kind + 1));
          played |= 1u << (kind + 1);
        }
      before = my_value (x, c, hand, hand_wagers, played, played_wagers);
      if (top_kind == 0)
        after = my_value (x, c, hand, hand_wagers + 1, played, played_wagers);
      else
        after = my_value (x, c, hand | (1u << (top_kind + 1)), hand_wagers, played, played_wagers);
      return t->draw[c] - t->draw_gain[c] + (after - before);
    }
  return t->draw[draw];
}

static inline double
move_score (const Ctx *x,
            const Table *t,
            const PtLostCitiesMove *move)
{
  int slot = pt_lost_cities_state_find_in_hand (x->state, x->me, move->card);
  double action, draw;

  /* The first slot holding the card carries the score. */
  action = t->action[slot][move->discard ? 1 : 0];
  if (action <= NO_SCORE / 2)
    return NO_SCORE;
  draw = draw_score (x, t, (guint) slot, move->discard, move->draw);
  if (draw <= NO_SCORE / 2)
    return NO_SCORE;
  return action + draw;
}

guint
pt_lost_cities_heuristic_rank (const PtLostCitiesState *state,
                               PtLostCitiesMove *moves,
                               double *scores)
{
  Ctx x;
  Table t;
  guint n = pt_lost_cities_state_legal_moves (state, moves);

  ctx_init (&x, state, TRUE);
  evaluate (&x, &t);
  for (guint i = 0; i < n; i++)
    scores[i] = move_score (&x, &t, &moves[i]);

  /* Stable insertion sort, best first (at most 112 moves). */
  for (guint i = 1; i < n; i++)
    {
      PtLostCitiesMove move = moves[i];
      double score = scores[i];
      guint j = i;

      while (j > 0 && scores[j - 1] < score)
        {
          moves[j] = moves[j - 1];
          scores[j] = scores[j - 1];
          j--;
        }
      moves[j] = move;
      scores[j] = score;
    }
  return n;
}

/* The best move straight from the table, without building the move list:
 * the rollout policy of the Hard level. Ties: the first slot, play before
 * discard, the deck before the piles. */
static inline void
consider (const Ctx *x,
          const Table *t,
          guint i,
          guint discard,
          guint8 draw,
          double action,
          double *best_score,
          PtLostCitiesMove *best)
{
  double score = draw_score (x, t, i, discard, draw);

  if (score <= NO_SCORE / 2)
    return;
  score += action;
  if (score > *best_score)
    {
      *best_score = score;
      best->card = x->state->hand[x->me][i];
      best->discard = (guint8) discard;
      best->draw = draw;
      best->padding = 0;
    }
}

static void
best_move (const Ctx *x,
           const Table *t,
           PtLostCitiesMove *best)
{
  const PtLostCitiesState *state = x->state;
  double best_score = NO_SCORE * 2;
  int first = -1, second = -1;

  /* The two best piles: a draw from another colour than the action's does
   * not depend on the action, so only these, the deck and the action's
   * own colour can be best. */
  for (guint c = 0; c < x->n_colors; c++)
    {
      if (t->draw[c] <= NO_SCORE / 2)
        continue;
      if (first < 0 || t->draw[c] > t->draw[first])
        {
          second = first;
          first = (int) c;
        }
      else if (second < 0 || t->draw[c] > t->draw[second])
        second = (int) c;
    }

  for (guint i = 0; i < state->hand_len[x->me]; i++)
    for (guint discard = 0; discard < 2; discard++)
      {
        double action = t->action[i][discard];
        guint c;

        if (action <= NO_SCORE / 2)
          continue;
        c = PT_LOST_CITIES_CARD_COLOR (state->hand[x->me][i]);
        consider (x, t, i, discard, PT_LOST_CITIES_DRAW_DECK, action, &best_score, best);
        if (first >= 0 && (guint) first != c)
          consider (x, t, i, discard, (guint8) first, action, &best_score, best);
        else if (second >= 0)
          consider (x, t, i, discard, (guint8) second, action, &best_score, best);
        if (!discard && t->draw[c] > NO_SCORE / 2)
          consider (x, t, i, discard, (guint8) c, action, &best_score, best);
      }
}

void
pt_lost_cities_heuristic_move (const PtLostCitiesState *state,
                               PtLostCitiesMove *move)
{
  Ctx x;
  Table t;

  ctx_init (&x, state, TRUE);
  evaluate (&x, &t);
  best_move (&x, &t, move);
}

void
pt_lost_cities_heuristic_sloppy (const PtLostCitiesState *state,
                                 PtRng *rng,
                                 double blunder,
                                 PtLostCitiesMove *move)
{
  PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
  double scores[PT_LOST_CITIES_MAX_MOVES];
  Ctx x;
  Table t;
  guint n;

  ctx_init (&x, state, FALSE);
  evaluate (&x, &t);
  if (pt_rng_double (rng) >= blunder)
    {
      best_move (&x, &t, move);
      return;
    }

  n = pt_lost_cities_state_legal_moves (state, moves);
  for (guint i = 0; i < n; i++)
    scores[i] = move_score (&x, &t, &moves[i]);
  /* A random move among those scoring at least the median. */
  {
    double sorted[PT_LOST_CITIES_MAX_MOVES], median;
    guint k = 0, pick;

    memcpy (sorted, scores, n * sizeof scores[0]);
    for (guint i = 1; i < n; i++)
      for (guint j = i; j > 0 && sorted[j - 1] < sorted[j]; j--)
        {
          double tmp = sorted[j];
          sorted[j] = sorted[j - 1];
          sorted[j - 1] = tmp;
        }
    median = sorted[(n - 1) / 2];
    for (guint i = 0; i < n; i++)
      if (scores[i] >= median)
        k++;
    pick = pt_rng_below (rng, k);
    for (guint i = 0; i < n; i++)
      if (scores[i] >= median && pick-- == 0)
        {
          *move = moves[i];
          return;
        }
  }
}

/* The aggressive opener, deliberately different from the main heuristic:
 * plain rules, no projection, no attention to the opponent.
 *
 * 1. Continue an opened expedition with a card at most 2 above its top
 *    (the lowest such card).
 * 2. Back a colour with a wager while it has no number card, whenever the
 *    hand holds 10 or more points of that colour and the deck has at
 *    least 15 cards.
 * 3. Open the colour with the most points in hand (12 or more) with its
 *    lowest card.
 * 4. Play the lowest playable card of an opened expedition.
 * 5. Otherwise discard: a dead card (below its expedition's top), else
 *    the lowest card of the weakest colour in hand.
 * Draw: a pile top it could play on an opened expedition, or of a colour
 * with 10+ points in hand; otherwise the deck (always the deck in an
 * overlong round).
 */
void
pt_lost_cities_heuristic_aggressive (const PtLostCitiesState *state,
                                     PtLostCitiesMove *move)
{
  guint me = state->current;
  guint n_colors = state->options.n_colors;
  guint hand_points[PT_LOST_CITIES_MAX_COLORS] = { 0 };
  const PtLostCitiesCard *hand = state->hand[me];
  guint n = state->hand_len[me];
  int pick = -1;
  gboolean discard = FALSE;

  init_tables ();
  for (guint i = 0; i < n; i++)
    hand_points[PT_LOST_CITIES_CARD_COLOR (hand[i])] += PT_LOST_CITIES_CARD_VALUE (hand[i]);

#define OPENED(c)      (state->values[me][c] != 0 || state->wagers[me][c] != 0)
#define TOP(c)         top_value (state->values[me][c])
#define PLAYABLE(card) (PT_LOST_CITIES_CARD_KIND (card) == 0                           \
                            ? state->values[me][PT_LOST_CITIES_CARD_COLOR (card)] == 0 \
                            : (guint) PT_LOST_CITIES_CARD_VALUE (card) > TOP (PT_LOST_CITIES_CARD_COLOR (card)))

  /* 1. */
  for (guint i = 0; i < n; i++)
    {
      guint c = PT_LOST_CITIES_CARD_COLOR (hand[i]), v = PT_LOST_CITIES_CARD_VALUE (hand[i]);

      if (v > 0 && OPENED (c) && v > TOP (c) && v <= MAX (TOP (c), 1u) + 2 &&
          (pick < 0 || v < (guint) PT_LOST_CITIES_CARD_VALUE (hand[pick])))
        pick = (int) i;
    }
  /* 2. */
  if (pick < 0 && pt_lost_cities_state_deck_remaining (state) >= 15)
    for (guint i = 0; i < n && pick < 0; i++)
      {
        guint c = PT_LOST_CITIES_CARD_COLOR (hand[i]);

        if (PT_LOST_CITIES_CARD_KIND (hand[i]) == 0 && state->values[me][c] == 0 &&
            hand_points[c] >= 10)
          pick = (int) i;
      }
  /* 3. */
  if (pick < 0)
    {
      int best_colour = -1;

      for (guint c = 0; c < n_colors; c++)
        if (!OPENED (c) && hand_points[c] >= 12 &&
            (best_colour < 0 || hand_points[c] > hand_points[best_colour]))
          best_colour = (int) c;
      if (best_colour >= 0)
        for (guint i = 0; i < n; i++)
          if ((int) PT_LOST_CITIES_CARD_COLOR (hand[i]) == best_colour &&
              PT_LOST_CITIES_CARD_KIND (hand[i]) != 0 &&
              (pick < 0 || hand[i] < hand[pick]))
            pick = (int) i;
    }
  /* 4. */
  if (pick < 0)
    for (guint i = 0; i < n; i++)
      {
        guint c = PT_LOST_CITIES_CARD_COLOR (hand[i]);

        if (OPENED (c) && PLAYABLE (hand[i]) &&
            (pick < 0 || PT_LOST_CITIES_CARD_VALUE (hand[i]) < PT_LOST_CITIES_CARD_VALUE (hand[pick])))
          pick = (int) i;
      }
  /* 5. */
  if (pick < 0)
    {
      discard = TRUE;
      for (guint i = 0; i < n && pick < 0; i++)
        if (OPENED (PT_LOST_CITIES_CARD_COLOR (hand[i])) && !PLAYABLE (hand[i]))
          pick = (int) i;
      if (pick < 0)
        for (guint i = 0; i < n; i++)
          {
            guint c = PT_LOST_CITIES_CARD_COLOR (hand[i]);
            guint pc = pick < 0 ? 0 : PT_LOST_CITIES_CARD_COLOR (hand[pick]);

            if (pick < 0 || hand_points[c] < hand_points[pc] ||
                (hand_points[c] == hand_points[pc] &&
                 PT_LOST_CITIES_CARD_VALUE (hand[i]) < PT_LOST_CITIES_CARD_VALUE (hand[pick])))
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

      if (state->pile_len[c] == 0 || (discard && c == PT_LOST_CITIES_CARD_COLOR (move->card)) ||
          state->n_turns > LONG_ROUND)
        continue;
      top = PT_LOST_CITIES_CARD (c, state->pile[c][state->pile_len[c] - 1]);
      if ((OPENED (c) && PLAYABLE (top)) || hand_points[c] >= 10)
        {
          move->draw = (guint8) c;
          break;
        }
    }
#undef OPENED
#undef TOP
#undef PLAYABLE
}

/* The discard-denial player, a third yardstick built on another idea:
 * what matters is what the opponent must never get. No projection, no
 * search; plain rules around the opponent's needs.
 *
 * A card is "wanted" by the opponent when it could still go on one of its
 * opened expeditions (above the top), or is of a colour it is known to
 * hold. Then:
 * 1. Play the lowest card that goes on an own opened expedition at most 3
 *    above its top.
 * 2. Open a colour (lowest card, or a wager first with 4+ cards and 20+
 *    points and 20+ cards in the deck) when the hand holds 3+ cards and
 *    15+ points of it.
 * 3. Discard a card the opponent does not want: a dead card first, else
 *    the lowest such card of the colour with the fewest points in hand.
 * 4. If every card is wanted, rather than feed the opponent, play any
 *    playable card on an own opened expedition (the lowest), else discard
 *    the wanted card of least value.
 * Draw: the pile top the opponent wants most (value 5+), or a pile top it
 * can play on an own opened expedition right away; else the deck.
 */
void
pt_lost_cities_heuristic_denial (const PtLostCitiesState *state,
                                 PtLostCitiesMove *move)
{
  guint me = state->current, them = me ^ 1u;
  guint n_colors = state->options.n_colors;
  guint hand_points[PT_LOST_CITIES_MAX_COLORS] = { 0 };
  guint hand_cards[PT_LOST_CITIES_MAX_COLORS] = { 0 };
  gboolean known_colour[PT_LOST_CITIES_MAX_COLORS] = { FALSE };
  const PtLostCitiesCard *hand = state->hand[me];
  guint n = state->hand_len[me];
  guint deck = pt_lost_cities_state_deck_remaining (state);
  int pick = -1, best_draw = -1;
  gboolean discard = FALSE;
  guint best_draw_value = 0;

  init_tables ();
  for (guint i = 0; i < n; i++)
    {
      hand_points[PT_LOST_CITIES_CARD_COLOR (hand[i])] += PT_LOST_CITIES_CARD_VALUE (hand[i]);
      hand_cards[PT_LOST_CITIES_CARD_COLOR (hand[i])]++;
    }
  for (guint i = 0; i < state->hand_len[them]; i++)
    if (state->known[them] & (1u << i))
      known_colour[PT_LOST_CITIES_CARD_COLOR (state->hand[them][i])] = TRUE;

#define OPENED_BY(p, c)      (state->values[p][c] != 0 || state->wagers[p][c] != 0)
#define TOP_OF(p, c)         top_value (state->values[p][c])
#define PLAYABLE_BY(p, card) (PT_LOST_CITIES_CARD_KIND (card) == 0                          \
                                  ? state->values[p][PT_LOST_CITIES_CARD_COLOR (card)] == 0 \
                                  : (guint) PT_LOST_CITIES_CARD_VALUE (card) > TOP_OF (p, PT_LOST_CITIES_CARD_COLOR (card)))
#define WANTED(card) (PLAYABLE_BY (them, card) &&                            \
                      (OPENED_BY (them, PT_LOST_CITIES_CARD_COLOR (card)) || \
                       known_colour[PT_LOST_CITIES_CARD_COLOR (card)]))

  /* 1. */
  for (guint i = 0; i < n; i++)
    {
      guint c = PT_LOST_CITIES_CARD_COLOR (hand[i]), v = PT_LOST_CITIES_CARD_VALUE (hand[i]);

      if (v > 0 && OPENED_BY (me, c) && v > TOP_OF (me, c) && v <= MAX (TOP_OF (me, c), 1u) + 3 &&
          (pick < 0 || v < (guint) PT_LOST_CITIES_CARD_VALUE (hand[pick])))
        pick = (int) i;
    }
  /* 2. */
  if (pick < 0)
    {
      int colour = -1;

      for (guint c = 0; c < n_colors; c++)
        if (!OPENED_BY (me, c) && hand_cards[c] >= 3 && hand_points[c] >= 15 &&
            (colour < 0 || hand_points[c] > hand_points[colour]))
          colour = (int) c;
      if (colour >= 0)
        {
          gboolean wager = hand_cards[colour] >= 4 && hand_points[colour] >= 20 && deck >= 20;

          for (guint i = 0; i < n; i++)
            if ((int) PT_LOST_CITIES_CARD_COLOR (hand[i]) == colour &&
                (PT_LOST_CITIES_CARD_KIND (hand[i]) == 0) == wager &&
                (pick < 0 || hand[i] < hand[pick]))
              pick = (int) i;
          if (pick < 0)
            for (guint i = 0; i < n; i++)
              if ((int) PT_LOST_CITIES_CARD_COLOR (hand[i]) == colour &&
                  PT_LOST_CITIES_CARD_KIND (hand[i]) != 0 && (pick < 0 || hand[i] < hand[pick]))
                pick = (int) i;
        }
    }
  /* 3. */
  if (pick < 0)
    {
      discard = TRUE;
      for (guint i = 0; i < n && pick < 0; i++)
        if (!WANTED (hand[i]) && OPENED_BY (me, PT_LOST_CITIES_CARD_COLOR (hand[i])) &&
            !PLAYABLE_BY (me, hand[i]))
          pick = (int) i;
      if (pick < 0)
        for (guint i = 0; i < n; i++)
          {
            guint c = PT_LOST_CITIES_CARD_COLOR (hand[i]);
            guint pc = pick < 0 ? 0 : PT_LOST_CITIES_CARD_COLOR (hand[pick]);

            if (WANTED (hand[i]) || (OPENED_BY (me, c) && PLAYABLE_BY (me, hand[i])))
              continue;
            if (pick < 0 || hand_points[c] < hand_points[pc] ||
                (hand_points[c] == hand_points[pc] &&
                 PT_LOST_CITIES_CARD_VALUE (hand[i]) < PT_LOST_CITIES_CARD_VALUE (hand[pick])))
              pick = (int) i;
          }
    }
  /* 4. */
  if (pick < 0)
    {
      discard = FALSE;
      for (guint i = 0; i < n; i++)
        if (OPENED_BY (me, PT_LOST_CITIES_CARD_COLOR (hand[i])) && PLAYABLE_BY (me, hand[i]) &&
            PT_LOST_CITIES_CARD_KIND (hand[i]) != 0 &&
            (pick < 0 || PT_LOST_CITIES_CARD_VALUE (hand[i]) < PT_LOST_CITIES_CARD_VALUE (hand[pick])))
          pick = (int) i;
    }
  if (pick < 0)
    {
      discard = TRUE;
      for (guint i = 0; i < n; i++)
        if (pick < 0 || PT_LOST_CITIES_CARD_VALUE (hand[i]) < PT_LOST_CITIES_CARD_VALUE (hand[pick]))
          pick = (int) i;
    }

  move->card = hand[pick];
  move->discard = (guint8) discard;
  move->draw = PT_LOST_CITIES_DRAW_DECK;
  move->padding = 0;

  if (state->n_turns <= LONG_ROUND)
    for (guint c = 0; c < n_colors; c++)
      {
        PtLostCitiesCard top;
        guint v;

        if (state->pile_len[c] == 0 || (discard && c == PT_LOST_CITIES_CARD_COLOR (move->card)))
          continue;
        top = PT_LOST_CITIES_CARD (c, state->pile[c][state->pile_len[c] - 1]);
        v = PT_LOST_CITIES_CARD_KIND (top) == 0 ? 6 : PT_LOST_CITIES_CARD_VALUE (top);
        if (WANTED (top) && v >= 5 && v > best_draw_value)
          {
            best_draw_value = v;
            best_draw = (int) c;
          }
        else if (best_draw < 0 && OPENED_BY (me, c) && PLAYABLE_BY (me, top) &&
                 PT_LOST_CITIES_CARD_KIND (top) != 0 &&
                 (guint) PT_LOST_CITIES_CARD_VALUE (top) <= TOP_OF (me, c) + 3)
          best_draw = (int) c;
      }
  if (best_draw >= 0)
    move->draw = (guint8) best_draw;
#undef OPENED_BY
#undef TOP_OF
#undef PLAYABLE_BY
#undef WANTED
}
