/* pt-lost-cities-state.h — the Lost Cities state as a plain value
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole state of one round in about 200 bytes without pointers: copy
 * it with `=`. The bots' Monte Carlo search and `partida-cli bench
 * lost-cities` work on this typed API; PtLostCitiesGame wraps it for the
 * JSON/GObject world.
 *
 * Cards are small integers: colour × 16 + kind, where kind 0 is a wager
 * and kinds 1..9 are the number cards 2..10 (value = kind + 1); a stride
 * of 16 makes colour and kind a shift and a mask in the hot loops. The
 * three wagers of a colour share one code: they are interchangeable.
 *
 * A move is one whole turn: play or discard one card of the hand, then
 * draw from the deck or from a discard pile.
 */
#pragma once

#include <glib.h>

#include "pt-lost-cities-score.h"
#include "pt-rng.h"

G_BEGIN_DECLS

#define PT_LOST_CITIES_HAND_SIZE   8
#define PT_LOST_CITIES_KINDS       10 /* per colour: the wager + 9 number cards */
#define PT_LOST_CITIES_COLOR_CARDS 12 /* per colour: 3 wagers + 9 number cards */
#define PT_LOST_CITIES_MAX_CARDS   (PT_LOST_CITIES_MAX_COLORS * PT_LOST_CITIES_COLOR_CARDS)
#define PT_LOST_CITIES_MAX_DECK    (PT_LOST_CITIES_MAX_CARDS - \
                                 PT_LOST_CITIES_N_PLAYERS * PT_LOST_CITIES_HAND_SIZE)
/* 8 distinct cards × (play, discard) × (deck + 6 piles). */
#define PT_LOST_CITIES_MAX_MOVES (PT_LOST_CITIES_HAND_SIZE * 2 * (1 + PT_LOST_CITIES_MAX_COLORS))

#define PT_LOST_CITIES_NO_CARD   0xff
#define PT_LOST_CITIES_DRAW_DECK 0xff

typedef guint8 PtLostCitiesCard;

#define PT_LOST_CITIES_CARD_STRIDE       16
/* Room for every card code: index arrays by card with this size. */
#define PT_LOST_CITIES_CARD_CODES        (PT_LOST_CITIES_MAX_COLORS * PT_LOST_CITIES_CARD_STRIDE)
#define PT_LOST_CITIES_CARD(color, kind) ((PtLostCitiesCard) ((color) *PT_LOST_CITIES_CARD_STRIDE + (kind)))
#define PT_LOST_CITIES_CARD_COLOR(card)  ((guint) (card) >> 4)
#define PT_LOST_CITIES_CARD_KIND(card)   ((guint) (card) &15u)
#define PT_LOST_CITIES_CARD_IS_VALID(card, n_colors) \
  (PT_LOST_CITIES_CARD_COLOR (card) < (n_colors) && PT_LOST_CITIES_CARD_KIND (card) < PT_LOST_CITIES_KINDS)
/* 0 for a wager, else 2..10 */
#define PT_LOST_CITIES_CARD_VALUE(card) (PT_LOST_CITIES_CARD_KIND (card) ? PT_LOST_CITIES_CARD_KIND (card) + 1 : 0)

typedef struct
{
  PtLostCitiesCard card;
  guint8 discard; /* FALSE: play to the own expedition; TRUE: to the discard pile */
  guint8 draw;    /* PT_LOST_CITIES_DRAW_DECK or a colour index */
  guint8 padding; /* 0; makes a move one 32-bit word */
} PtLostCitiesMove;

typedef enum
{
  PT_LOST_CITIES_MOVE_OK,
  PT_LOST_CITIES_MOVE_OVER,         /* the round has ended */
  PT_LOST_CITIES_MOVE_UNKNOWN_CARD, /* not a card of this game */
  PT_LOST_CITIES_MOVE_UNKNOWN_PILE, /* a draw source that is not one of the colours */
  PT_LOST_CITIES_MOVE_NOT_IN_HAND,
  PT_LOST_CITIES_MOVE_NOT_ASCENDING, /* a number not above the expedition's highest */
  PT_LOST_CITIES_MOVE_WAGER_AFTER_NUMBER,
  PT_LOST_CITIES_MOVE_REDRAW_DISCARD, /* drawing the card discarded this turn */
  PT_LOST_CITIES_MOVE_EMPTY_PILE,
} PtLostCitiesMoveError;

typedef struct
{
  PtLostCitiesOptions options;
  guint8 current; /* whose turn */
  guint8 first_player;
  guint8 over;
  guint8 deck_len; /* cards dealt to the deck */
  guint8 deck_pos; /* cards drawn from it; remaining = len − pos */
  guint8 hand_len[PT_LOST_CITIES_N_PLAYERS];
  /* bit i: hand slot i was taken from a discard pile, so the opponent
   * knows it is there. */
  guint8 known[PT_LOST_CITIES_N_PLAYERS];
  guint8 pile_len[PT_LOST_CITIES_MAX_COLORS];
  guint8 piles_mask; /* bit c: the colour-c discard pile is not empty */
  guint8 reserved;   /* 0; no padding, so states compare with memcmp() */
  guint8 wagers[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_MAX_COLORS];
  guint16 values[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_MAX_COLORS]; /* bit v: value v */
  guint16 n_turns;
  PtLostCitiesCard hand[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_HAND_SIZE];
  guint8 pile[PT_LOST_CITIES_MAX_COLORS][PT_LOST_CITIES_COLOR_CARDS]; /* kinds, bottom first */
  PtLostCitiesCard deck[PT_LOST_CITIES_MAX_DECK];                     /* top = deck[deck_pos] */
} PtLostCitiesState;

guint pt_lost_cities_n_cards (guint n_colors);
void pt_lost_cities_full_deck (guint n_colors,
                               PtLostCitiesCard *cards);
gboolean pt_lost_cities_card_from_code (const char *code,
                                        guint n_colors,
                                        PtLostCitiesCard *card);
/* "Y2", "YW"; @buffer holds at least 4 bytes. */
const char *pt_lost_cities_card_to_code (PtLostCitiesCard card,
                                         char *buffer);

/* A fresh round: hands[p] holds HAND_SIZE cards, @deck top first. The
 * caller has checked that the cards are exactly the full deck. */
void pt_lost_cities_state_init (PtLostCitiesState *state,
                                const PtLostCitiesOptions *options,
                                const PtLostCitiesCard *hand0,
                                const PtLostCitiesCard *hand1,
                                const PtLostCitiesCard *deck,
                                guint deck_len,
                                guint first_player);
/* Shuffle and deal with @rng; @first_player -1 lets @rng choose. */
void pt_lost_cities_state_deal (PtLostCitiesState *state,
                                const PtLostCitiesOptions *options,
                                PtRng *rng,
                                int first_player);

static inline guint
pt_lost_cities_state_deck_remaining (const PtLostCitiesState *state)
{
  return (guint) state->deck_len - state->deck_pos;
}

int pt_lost_cities_state_find_in_hand (const PtLostCitiesState *state,
                                       guint player,
                                       PtLostCitiesCard card);
PtLostCitiesMoveError
pt_lost_cities_state_check_move (const PtLostCitiesState *state,
                                 const PtLostCitiesMove *move);
/* Applies a move that pt_lost_cities_state_check_move() accepted. */
void pt_lost_cities_state_apply (PtLostCitiesState *state,
                                 const PtLostCitiesMove *move);
/* Checks, then applies; on error nothing changes. */
PtLostCitiesMoveError
pt_lost_cities_state_play (PtLostCitiesState *state,
                           const PtLostCitiesMove *move);
/* Every distinct legal move of the current player, into @moves (room for
 * PT_LOST_CITIES_MAX_MOVES); returns how many. */
guint pt_lost_cities_state_legal_moves (const PtLostCitiesState *state,
                                        PtLostCitiesMove *moves);
/* The same set of moves without building the list: how many there are,
 * the @index-th of them (0 ≤ index < count, in an order of its own), and
 * one of them uniformly at random — what a uniform random player does,
 * at a fraction of the cost of pt_lost_cities_state_legal_moves(). */
guint pt_lost_cities_state_count_legal_moves (const PtLostCitiesState *state);
gboolean pt_lost_cities_state_nth_legal_move (const PtLostCitiesState *state,
                                              guint index,
                                              PtLostCitiesMove *move);
void pt_lost_cities_state_random_legal_move (const PtLostCitiesState *state,
                                             PtRng *rng,
                                             PtLostCitiesMove *move);
/* A uniformly random hand card, played if it may be else discarded, and a
 * uniformly random legal draw: the cheap policy of random playouts. */
void pt_lost_cities_state_random_move (const PtLostCitiesState *state,
                                       PtRng *rng,
                                       PtLostCitiesMove *move);
/* Random moves as above until the round ends: one Monte Carlo playout. */
void pt_lost_cities_state_playout (PtLostCitiesState *state,
                                   PtRng *rng);

int pt_lost_cities_state_expedition_score (const PtLostCitiesState *state,
                                           guint player,
                                           guint color);
int pt_lost_cities_state_score (const PtLostCitiesState *state,
                                guint player);
/* Bit mask of the players with the top score (both on a tie). */
guint pt_lost_cities_state_winners (const PtLostCitiesState *state);

/* A state consistent with what @viewer knows: the viewer's hand, the
 * table and the opponent's cards seen taken from discard piles stay; the
 * other unseen cards (the opponent's unknown cards and the deck) are
 * shuffled together with @rng. What the AI searches on. */
void pt_lost_cities_state_determinize (const PtLostCitiesState *state,
                                       guint viewer,
                                       PtRng *rng,
                                       PtLostCitiesState *out);

G_END_DECLS
