/* pt-lost-cities-state.c — the typed Lost Cities state; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the hot loop of the bots: no allocation, no JSON, no GObject.
 */
#include "config.h"

#include <string.h>

#include "pt-lost-cities-state.h"

guint
pt_lost_cities_n_cards (guint n_colors)
{
  return n_colors * PT_LOST_CITIES_COLOR_CARDS;
}

/* Colour by colour: the three wagers, then 2..10. The deal shuffles this. */
void
pt_lost_cities_full_deck (guint n_colors,
                          PtLostCitiesCard *cards)
{
  guint n = 0;

  for (guint c = 0; c < n_colors; c++)
    {
      for (guint w = 0; w < PT_LOST_CITIES_N_WAGERS; w++)
        cards[n++] = PT_LOST_CITIES_CARD (c, 0);
      for (guint k = 1; k < PT_LOST_CITIES_KINDS; k++)
        cards[n++] = PT_LOST_CITIES_CARD (c, k);
    }
}

/* Codes are case-sensitive: "Y2".."Y10" and "YW". */
gboolean
pt_lost_cities_card_from_code (const char *code,
                               guint n_colors,
                               PtLostCitiesCard *card)
{
  int color;

  if (code == NULL || code[0] == '\0')
    return FALSE;
  color = pt_lost_cities_color_from_letter (code[0], n_colors);
  if (color < 0)
    return FALSE;
  if (strcmp (code + 1, "W") == 0)
    {
      *card = PT_LOST_CITIES_CARD (color, 0);
      return TRUE;
    }
  if (strcmp (code + 1, "10") == 0)
    {
      *card = PT_LOST_CITIES_CARD (color, 9);
      return TRUE;
    }
  if (code[1] >= '2' && code[1] <= '9' && code[2] == '\0')
    {
      *card = PT_LOST_CITIES_CARD (color, code[1] - '1');
      return TRUE;
    }
  return FALSE;
}

const char *
pt_lost_cities_card_to_code (PtLostCitiesCard card,
                             char *buffer)
{
  guint kind = PT_LOST_CITIES_CARD_KIND (card);

  buffer[0] = pt_lost_cities_color_letters[PT_LOST_CITIES_CARD_COLOR (card)];
  if (kind == 0)
    {
      buffer[1] = 'W';
      buffer[2] = '\0';
    }
  else if (kind == 9)
    {
      buffer[1] = '1';
      buffer[2] = '0';
      buffer[3] = '\0';
    }
  else
    {
      buffer[1] = (char) ('1' + kind);
      buffer[2] = '\0';
    }
  return buffer;
}

void
pt_lost_cities_state_init (PtLostCitiesState *state,
                           const PtLostCitiesOptions *options,
                           const PtLostCitiesCard *hand0,
                           const PtLostCitiesCard *hand1,
                           const PtLostCitiesCard *deck,
                           guint deck_len,
                           guint first_player)
{
  g_return_if_fail (deck_len <= PT_LOST_CITIES_MAX_DECK);
  g_return_if_fail (first_player < PT_LOST_CITIES_N_PLAYERS);

  memset (state, 0, sizeof *state);
  state->options = *options;
  state->current = (guint8) first_player;
  state->first_player = (guint8) first_player;
  state->deck_len = (guint8) deck_len;
  state->hand_len[0] = state->hand_len[1] = PT_LOST_CITIES_HAND_SIZE;
  memcpy (state->hand[0], hand0, PT_LOST_CITIES_HAND_SIZE);
  memcpy (state->hand[1], hand1, PT_LOST_CITIES_HAND_SIZE);
  memcpy (state->deck, deck, deck_len);
}

/* The deal: shuffle the full deck (pt_rng_shuffle), the first 8 cards are
 * player 0's hand, the next 8 player 1's, the rest the deck, top first;
 * then, when @first_player is -1, pt_rng_below (rng, 2) picks the starter. */
void
pt_lost_cities_state_deal (PtLostCitiesState *state,
                           const PtLostCitiesOptions *options,
                           PtRng *rng,
                           int first_player)
{
  PtLostCitiesCard cards[PT_LOST_CITIES_MAX_CARDS];
  guint n = pt_lost_cities_n_cards (options->n_colors);

  pt_lost_cities_full_deck (options->n_colors, cards);
  /* pt_rng_shuffle() step by step (the same draws, the same swaps), on
   * bytes: the generic version's memcpy() swaps cost a tenth of a random
   * round. */
  for (guint i = n; i > 1; i--)
    {
      guint j = pt_rng_below (rng, i);
      PtLostCitiesCard tmp = cards[i - 1];

      cards[i - 1] = cards[j];
      cards[j] = tmp;
    }
  if (first_player < 0)
    first_player = (int) pt_rng_below (rng, PT_LOST_CITIES_N_PLAYERS);
  pt_lost_cities_state_init (state, options, cards, cards + PT_LOST_CITIES_HAND_SIZE,
                             cards + 2 * PT_LOST_CITIES_HAND_SIZE,
                             n - 2 * PT_LOST_CITIES_HAND_SIZE, (guint) first_player);
}

int
pt_lost_cities_state_find_in_hand (const PtLostCitiesState *state,
                                   guint player,
                                   PtLostCitiesCard card)
{
  for (guint i = 0; i < state->hand_len[player]; i++)
    if (state->hand[player][i] == card)
      return (int) i;
  return -1;
}

PtLostCitiesMoveError
pt_lost_cities_state_check_move (const PtLostCitiesState *state,
                                 const PtLostCitiesMove *move)
{
  guint player = state->current;
  guint color, kind;

  if (state->over)
    return PT_LOST_CITIES_MOVE_OVER;
  if (!PT_LOST_CITIES_CARD_IS_VALID (move->card, state->options.n_colors))
    return PT_LOST_CITIES_MOVE_UNKNOWN_CARD;
  if (move->draw != PT_LOST_CITIES_DRAW_DECK && move->draw >= state->options.n_colors)
    return PT_LOST_CITIES_MOVE_UNKNOWN_PILE;
  if (pt_lost_cities_state_find_in_hand (state, player, move->card) < 0)
    return PT_LOST_CITIES_MOVE_NOT_IN_HAND;

  color = PT_LOST_CITIES_CARD_COLOR (move->card);
  kind = PT_LOST_CITIES_CARD_KIND (move->card);
  if (!move->discard)
    {
      guint values = state->values[player][color];

      if (kind == 0 && values != 0)
        return PT_LOST_CITIES_MOVE_WAGER_AFTER_NUMBER;
      if (kind != 0 && (values >> (kind + 1)) != 0)
        return PT_LOST_CITIES_MOVE_NOT_ASCENDING;
    }
  if (move->draw != PT_LOST_CITIES_DRAW_DECK)
    {
      /* Checked before emptiness: drawing from a pile that was empty
       * before the discard would take back the discarded card. */
      if (move->discard && move->draw == color)
        return PT_LOST_CITIES_MOVE_REDRAW_DISCARD;
      if (state->pile_len[move->draw] == 0)
        return PT_LOST_CITIES_MOVE_EMPTY_PILE;
    }
  /* The deck is never empty while the round goes on: the draw that
   * empties it ends the round. */
  return PT_LOST_CITIES_MOVE_OK;
}

/* Removes @card from @player's hand. Among interchangeable copies (two
 * wagers) the one the opponent saw is taken first: after the play the
 * opponent can no longer be sure a copy is left. */
static inline void
hand_remove_at (PtLostCitiesState *state,
                guint player,
                guint slot)
{
  guint8 *hand = state->hand[player];
  PtLostCitiesCard card = hand[slot];
  guint last = state->hand_len[player] - 1u;
  guint known = state->known[player];

  if (PT_LOST_CITIES_CARD_KIND (card) == 0 && !(known & (1u << slot)) && known != 0)
    for (guint i = 0; i <= last; i++)
      if (hand[i] == card && (known & (1u << i)))
        {
          slot = i;
          break;
        }

  hand[slot] = hand[last];
  known &= ~(1u << slot);
  if (known & (1u << last))
    known = (known & ~(1u << last)) | (1u << slot);
  state->known[player] = (guint8) known;
  state->hand_len[player] = (guint8) last;
}

/* @slot: where move->card is in the current player's hand. */
static inline void
apply_move_at (PtLostCitiesState *state,
               const PtLostCitiesMove *move,
               guint slot)
{
  guint player = state->current;
  guint color = PT_LOST_CITIES_CARD_COLOR (move->card);
  guint kind = PT_LOST_CITIES_CARD_KIND (move->card);

  hand_remove_at (state, player, slot);
  if (move->discard)
    {
      state->pile[color][state->pile_len[color]++] = (guint8) kind;
      state->piles_mask |= (guint8) (1u << color);
    }
  else if (kind == 0)
    state->wagers[player][color]++;
  else
    state->values[player][color] |= (guint16) (1u << (kind + 1));

  slot = state->hand_len[player]++;
  if (move->draw == PT_LOST_CITIES_DRAW_DECK)
    {
      state->hand[player][slot] = state->deck[state->deck_pos++];
      if (state->deck_pos == state->deck_len)
        state->over = TRUE;
    }
  else
    {
      guint8 taken = state->pile[move->draw][--state->pile_len[move->draw]];

      if (state->pile_len[move->draw] == 0)
        state->piles_mask &= (guint8) ~(1u << move->draw);

      state->hand[player][slot] = PT_LOST_CITIES_CARD (move->draw, taken);
      state->known[player] |= (guint8) (1u << slot);
    }

  state->n_turns++;
  if (!state->over)
    state->current = (guint8) (player ^ 1u);
}

static inline void
apply_move (PtLostCitiesState *state,
            const PtLostCitiesMove *move)
{
  const guint8 *hand = state->hand[state->current];
  guint slot = 0;

  while (hand[slot] != move->card)
    slot++;
  apply_move_at (state, move, slot);
}

void
pt_lost_cities_state_apply (PtLostCitiesState *state,
                            const PtLostCitiesMove *move)
{
  apply_move (state, move);
}

PtLostCitiesMoveError
pt_lost_cities_state_play (PtLostCitiesState *state,
                           const PtLostCitiesMove *move)
{
  PtLostCitiesMoveError result = pt_lost_cities_state_check_move (state, move);

  if (result == PT_LOST_CITIES_MOVE_OK)
    apply_move (state, move);
  return result;
}

static inline gboolean
may_play (const PtLostCitiesState *state,
          guint player,
          PtLostCitiesCard card)
{
  guint values = state->values[player][PT_LOST_CITIES_CARD_COLOR (card)];
  guint kind = PT_LOST_CITIES_CARD_KIND (card);

  return kind == 0 ? values == 0 : (values >> (kind + 1)) == 0;
}

static inline PtLostCitiesMove
make_move (PtLostCitiesCard card,
           gboolean discard,
           guint8 draw)
{
  PtLostCitiesMove move = { card, (guint8) discard, draw, 0 };
  return move;
}

static inline guint32
move_word (guint card,
           guint discard,
           guint draw)
{
  G_STATIC_ASSERT (sizeof (PtLostCitiesMove) == 4);
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return card | (discard << 8) | (draw << 16);
#else
  return (card << 24) | (discard << 16) | (draw << 8);
#endif
}

/* Order: hand cards by code, play before discard, deck before the piles
 * in colour order. */
guint
pt_lost_cities_state_legal_moves (const PtLostCitiesState *state,
                                  PtLostCitiesMove *moves)
{
  guint player = state->current;
  PtLostCitiesCard sorted[PT_LOST_CITIES_HAND_SIZE];
  guint8 piles[PT_LOST_CITIES_MAX_COLORS];
  guint n_hand = state->hand_len[player];
  guint n = 0, n_piles = 0;

  if (state->over)
    return 0;

  for (guint mask = state->piles_mask; mask != 0; mask &= mask - 1)
    piles[n_piles++] = (guint8) __builtin_ctz (mask);

  /* Insertion sort of at most 8 cards. */
  for (guint i = 0; i < n_hand; i++)
    {
      PtLostCitiesCard card = state->hand[player][i];
      guint j = i;

      while (j > 0 && sorted[j - 1] > card)
        {
          sorted[j] = sorted[j - 1];
          j--;
        }
      sorted[j] = card;
    }

  /* Moves are written as 32-bit words (card, discard, draw, 0 in
   * memory order): the list is built in the bots' inner loop. */
  for (guint i = 0; i < n_hand; i++)
    {
      PtLostCitiesCard card = sorted[i];
      guint color = PT_LOST_CITIES_CARD_COLOR (card);
      guint32 word;

      if (i > 0 && card == sorted[i - 1])
        continue;
      if (may_play (state, player, card))
        {
          word = move_word (card, FALSE, PT_LOST_CITIES_DRAW_DECK);
          memcpy (&moves[n++], &word, sizeof word);
          for (guint k = 0; k < n_piles; k++)
            {
              word = move_word (card, FALSE, piles[k]);
              memcpy (&moves[n++], &word, sizeof word);
            }
        }
      word = move_word (card, TRUE, PT_LOST_CITIES_DRAW_DECK);
      memcpy (&moves[n++], &word, sizeof word);
      for (guint k = 0; k < n_piles; k++)
        if (piles[k] != color)
          {
            word = move_word (card, TRUE, piles[k]);
            memcpy (&moves[n++], &word, sizeof word);
          }
    }
  return n;
}

/* Without -mpopcnt, __builtin_popcount() is a libgcc call. */
static inline guint
popcount6 (guint mask)
{
  static const guint8 counts[64] = {
    0,
    1,
    1,
    2,
    1,
    2,
    2,
    3,
    1,
    2,
    2,
    3,
    2,
    3,
    3,
    4,
    1,
    2,
    2,
    3,
    2,
    3,
    3,
    4,
    2,
    3,
    3,
    4,
    3,
    4,
    4,
    5,
    1,
    2,
    2,
    3,
    2,
    3,
    3,
    4,
    2,
    3,
    3,
    4,
    3,
    4,
    4,
    5,
    2,
    3,
    3,
    4,
    3,
    4,
    4,
    5,
    3,
    4,
    4,
    5,
    4,
    5,
    5,
    6,
  };
  return counts[mask & 63u];
}

/* A fast bounded integer from 32 random bits (Lemire's multiply-shift
 * without the rejection step): the bias is below 2^-25 for our bounds,
 * which does not matter to a random playout. Deals use pt_rng_below(). */
static inline guint
bits_below (guint32 bits,
            guint bound)
{
  return (guint) (((guint64) bits * bound) >> 32);
}

/* One 64-bit draw per turn: the hand slot from the low half (decided by
 * its high bits), the play-or-discard coin from bit 0, the draw source
 * from the high half. */
static inline guint
random_move (const PtLostCitiesState *state,
             PtRng *rng,
             PtLostCitiesMove *move)
{
  guint player = state->current;
  guint64 r = pt_rng_next_inline (rng);
  PtLostCitiesCard card;
  guint color, piles, k, slot;
  gboolean discard;
  guint8 draw = PT_LOST_CITIES_DRAW_DECK;

  slot = bits_below ((guint32) r, state->hand_len[player]);
  card = state->hand[player][slot];
  color = PT_LOST_CITIES_CARD_COLOR (card);
  discard = !may_play (state, player, card) || (r & 1);

  /* Source 0 is the deck, source k > 0 the k-th non-empty pile. */
  piles = state->piles_mask & ~(discard ? 1u << color : 0u);
  k = bits_below ((guint32) (r >> 32), 1u + popcount6 (piles));
  if (k > 0)
    {
      while (--k > 0)
        piles &= piles - 1;
      draw = (guint8) __builtin_ctz (piles);
    }
  *move = make_move (card, discard, draw);
  return slot;
}

/* Per distinct hand card: how many legal moves play it and how many
 * discard it. Returns the total; @slots receives each distinct card's
 * hand slot. */
static inline guint
count_legal (const PtLostCitiesState *state,
             guint8 *slots,
             guint8 *n_play,
             guint8 *n_discard,
             guint *n_distinct)
{
  guint player = state->current;
  const PtLostCitiesCard *hand = state->hand[player];
  guint n_piles = popcount6 (state->piles_mask);
  guint total = 0, n = 0;

  for (guint i = 0; i < state->hand_len[player]; i++)
    {
      PtLostCitiesCard card = hand[i];
      gboolean seen = FALSE;

      /* Only wagers come twice; skip a copy already counted. */
      if (PT_LOST_CITIES_CARD_KIND (card) == 0)
        for (guint j = 0; j < i && !seen; j++)
          seen = hand[j] == card;
      if (seen)
        continue;
      slots[n] = (guint8) i;
      n_play[n] = may_play (state, player, card) ? (guint8) (1 + n_piles) : 0;
      n_discard[n] = (guint8) (1 + n_piles - ((state->piles_mask >> PT_LOST_CITIES_CARD_COLOR (card)) & 1u));
      total += n_play[n] + n_discard[n];
      n++;
    }
  *n_distinct = n;
  return total;
}

/* The @k-th draw source of a move: 0 the deck, else the k-th non-empty
 * pile, @excluded left out. */
static inline guint8
nth_source (guint piles_mask,
            guint excluded,
            guint k)
{
  guint piles = piles_mask & ~excluded;

  if (k == 0)
    return PT_LOST_CITIES_DRAW_DECK;
  while (--k > 0)
    piles &= piles - 1;
  return (guint8) __builtin_ctz (piles);
}

static inline gboolean
nth_legal (const PtLostCitiesState *state,
           guint index,
           const guint8 *slots,
           const guint8 *n_play,
           const guint8 *n_discard,
           guint n_distinct,
           PtLostCitiesMove *move)
{
  for (guint i = 0; i < n_distinct; i++)
    {
      PtLostCitiesCard card = state->hand[state->current][slots[i]];

      if (index < n_play[i])
        {
          *move = make_move (card, FALSE, nth_source (state->piles_mask, 0, index));
          return TRUE;
        }
      index -= n_play[i];
      if (index < n_discard[i])
        {
          *move = make_move (card, TRUE, nth_source (state->piles_mask, 1u << PT_LOST_CITIES_CARD_COLOR (card), index));
          return TRUE;
        }
      index -= n_discard[i];
    }
  return FALSE;
}

guint
pt_lost_cities_state_count_legal_moves (const PtLostCitiesState *state)
{
  guint8 slots[PT_LOST_CITIES_HAND_SIZE], n_play[PT_LOST_CITIES_HAND_SIZE], n_discard[PT_LOST_CITIES_HAND_SIZE];
  guint n_distinct;

  if (state->over)
    return 0;
  return count_legal (state, slots, n_play, n_discard, &n_distinct);
}

gboolean
pt_lost_cities_state_nth_legal_move (const PtLostCitiesState *state,
                                     guint index,
                                     PtLostCitiesMove *move)
{
  guint8 slots[PT_LOST_CITIES_HAND_SIZE], n_play[PT_LOST_CITIES_HAND_SIZE], n_discard[PT_LOST_CITIES_HAND_SIZE];
  guint n_distinct;

  if (state->over)
    return FALSE;
  count_legal (state, slots, n_play, n_discard, &n_distinct);
  return nth_legal (state, index, slots, n_play, n_discard, n_distinct, move);
}

/* Rejection sampling over (hand slot, play or discard, source): every
 * legal move is exactly one such triple — a wager held twice counts at its
 * first slot only — and each triple is equally likely, so the accepted
 * move is uniform over the legal moves, as if picked from
 * pt_lost_cities_state_legal_moves(). Most triples are legal, so this
 * takes one or two 64-bit draws instead of building the list. */
void
pt_lost_cities_state_random_legal_move (const PtLostCitiesState *state,
                                        PtRng *rng,
                                        PtLostCitiesMove *move)
{
  guint player = state->current;
  const PtLostCitiesCard *hand = state->hand[player];
  guint width = 1u + popcount6 (state->piles_mask);

  g_return_if_fail (!state->over);

  for (;;)
    {
      guint64 r = pt_rng_next_inline (rng);
      guint slot = bits_below ((guint32) r, state->hand_len[player]);
      guint option = bits_below ((guint32) (r >> 32), 2u * width);
      PtLostCitiesCard card = hand[slot];
      guint color = PT_LOST_CITIES_CARD_COLOR (card);
      gboolean duplicate = FALSE;

      if (PT_LOST_CITIES_CARD_KIND (card) == 0)
        for (guint j = 0; j < slot && !duplicate; j++)
          duplicate = hand[j] == card;
      if (duplicate)
        continue;

      if (option < width)
        {
          if (!may_play (state, player, card))
            continue;
          *move = make_move (card, FALSE, nth_source (state->piles_mask, 0, option));
          return;
        }
      option -= width;
      /* Discarding: the own colour's pile is not a source, so one option
       * fewer when that pile has cards. */
      if (option == width - 1 && ((state->piles_mask >> color) & 1u))
        continue;
      *move = make_move (card, TRUE, nth_source (state->piles_mask, 1u << color, option));
      return;
    }
}

void
pt_lost_cities_state_random_move (const PtLostCitiesState *state,
                                  PtRng *rng,
                                  PtLostCitiesMove *move)
{
  random_move (state, rng, move);
}

/* Random turns (pt_lost_cities_state_random_move()) until the round ends:
 * one Monte Carlo playout. */
void
pt_lost_cities_state_playout (PtLostCitiesState *state,
                              PtRng *rng)
{
  while (!state->over)
    {
      PtLostCitiesMove move;

      guint slot = random_move (state, rng, &move);

      apply_move_at (state, &move, slot);
    }
}

int
pt_lost_cities_state_expedition_score (const PtLostCitiesState *state,
                                       guint player,
                                       guint color)
{
  return pt_lost_cities_score_expedition_mask (&state->options, state->wagers[player][color],
                                               state->values[player][color]);
}

int
pt_lost_cities_state_score (const PtLostCitiesState *state,
                            guint player)
{
  int score = 0;

  for (guint c = 0; c < state->options.n_colors; c++)
    score += pt_lost_cities_state_expedition_score (state, player, c);
  return score;
}

guint
pt_lost_cities_state_winners (const PtLostCitiesState *state)
{
  int a = pt_lost_cities_state_score (state, 0);
  int b = pt_lost_cities_state_score (state, 1);

  return a > b ? 1u : b > a ? 2u
                            : 3u;
}

void
pt_lost_cities_state_determinize (const PtLostCitiesState *state,
                                  guint viewer,
                                  PtRng *rng,
                                  PtLostCitiesState *out)
{
  guint opponent = viewer ^ 1u;
  PtLostCitiesCard pool[PT_LOST_CITIES_MAX_DECK + PT_LOST_CITIES_HAND_SIZE];
  guint n = 0, k = 0;

  *out = *state;
  for (guint i = 0; i < state->hand_len[opponent]; i++)
    if (!(state->known[opponent] & (1u << i)))
      pool[n++] = state->hand[opponent][i];
  for (guint i = state->deck_pos; i < state->deck_len; i++)
    pool[n++] = state->deck[i];

  pt_rng_shuffle (rng, pool, n, sizeof pool[0]);

  for (guint i = 0; i < out->hand_len[opponent]; i++)
    if (!(out->known[opponent] & (1u << i)))
      out->hand[opponent][i] = pool[k++];
  for (guint i = out->deck_pos; i < out->deck_len; i++)
    out->deck[i] = pool[k++];
}
