/* pt-next-station-state.h — the state of a Next Station game, as a value
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PtNextStationState is a plain struct (copy it with `=`): the bots, the
 * benchmark and the JSON layer all work on it through the typed API
 * below. The only pointer is to the immutable, shared city map.
 *
 * Turns are simultaneous: every player acts once on the same flipped card
 * (a section or a pass), in seat order; when the last one has acted the
 * turn ends, the next card is flipped, and the round ends after the turn
 * of the 5th underground card.
 */
#pragma once

#include "pt-rng.h"
#include "pt-station-map.h"

G_BEGIN_DECLS

#define PT_NS_ROUNDS              4
#define PT_NS_N_CARDS             11
#define PT_NS_MAX_PLAYERS         4
/* Enough for every (from, to) pair of a line: 8 links per station. */
#define PT_NS_MAX_SECTION_CHOICES (PT_STATION_MAP_MAX_STATIONS * 8)

/* The 11 station cards; codes as in the record ("S:circle", …). */
typedef enum
{
  PT_NS_CARD_S_CIRCLE,
  PT_NS_CARD_S_TRIANGLE,
  PT_NS_CARD_S_SQUARE,
  PT_NS_CARD_S_PENTAGON,
  PT_NS_CARD_S_JOKER,
  PT_NS_CARD_S_SWITCH,
  PT_NS_CARD_U_CIRCLE,
  PT_NS_CARD_U_TRIANGLE,
  PT_NS_CARD_U_SQUARE,
  PT_NS_CARD_U_PENTAGON,
  PT_NS_CARD_U_JOKER,
} PtNextStationCard;

typedef enum
{
  PT_NS_POWER_NONE,
  PT_NS_POWER_DOUBLE,
  PT_NS_POWER_JOKER,
  PT_NS_POWER_SWITCH,
  PT_NS_POWER_CIRCLE,
  PT_NS_N_POWERS
} PtNextStationPower;

typedef enum
{
  PT_NS_OBJECTIVE_INTERCHANGES_8,
  PT_NS_OBJECTIVE_ALL_DISTRICTS,
  PT_NS_OBJECTIVE_ALL_TOURIST,
  PT_NS_OBJECTIVE_CENTRAL_9,
  PT_NS_OBJECTIVE_THAMES_6,
  PT_NS_N_OBJECTIVES
} PtNextStationObjective;

/* One player's sheet. Lines are indexed by colour. */
typedef struct
{
  PtSectionSet drawn;   /* every section, any colour */
  PtSectionSet blocked; /* sections crossing a drawn one */
  PtSectionSet line_sections[PT_N_LINE_COLOURS];
  guint64 line_stations[PT_N_LINE_COLOURS];
  guint64 ends;                      /* ends of this round's line */
  guint8 circled[PT_N_LINE_COLOURS]; /* PT_STATION_NONE or a station */
  guint8 started;                    /* this round's line has a section */
  guint8 powers_used;                /* bit per colour */
} PtNextStationPlayer;

typedef struct
{
  const PtStationMap *map;
  guint8 n_players;
  guint8 round;          /* 0–3; PT_NS_ROUNDS once over */
  guint8 turn;           /* from 1 within the round */
  guint8 next_card;      /* index into decks[round] of the next card to flip */
  guint8 card;           /* the card being played (never the switch) */
  guint8 switch_flipped; /* a switch came with this turn */
  guint8 switch_active;  /* … and it lets lines branch (turn ≥ 3) */
  guint8 n_underground;  /* underground cards flipped this round */
  guint8 acted;          /* bit per player who acted on this card */
  guint8 over;
  guint8 powers_on;
  guint8 objectives; /* bit per PtNextStationObjective in play */
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 colour_order[PT_NS_MAX_PLAYERS][PT_NS_ROUNDS];
  guint8 powers[PT_N_LINE_COLOURS]; /* PtNextStationPower per colour */
  PtNextStationPlayer players[PT_NS_MAX_PLAYERS];
} PtNextStationState;

/* One player's action on a card. Stations are map indices. */
typedef struct
{
  guint8 pass;
  guint8 power; /* PtNextStationPower */
  guint8 from, to;
  guint8 from2, to2; /* the second section of the double power */
  guint8 circle;     /* the circled station of the circle power */
} PtNextStationAction;

typedef struct
{
  guint8 from, to;
} PtNextStationChoice;

/* Cards */
const char *pt_next_station_card_to_string (PtNextStationCard card);
int pt_next_station_card_from_string (const char *code);
gboolean pt_next_station_card_is_underground (PtNextStationCard card);
/* The symbol a card asks for; PT_SYMBOL_ANY for the jokers. */
PtStationSymbol pt_next_station_card_symbol (PtNextStationCard card);

const char *pt_next_station_power_to_string (PtNextStationPower power);
int pt_next_station_power_from_string (const char *name);
const char *pt_next_station_objective_to_string (PtNextStationObjective objective);
int pt_next_station_objective_from_string (const char *id);

/* Setup: @decks are the flip orders of the 4 rounds (each a permutation
 * of the 11 cards), @colour_order[player][round] the colour of each line,
 * @powers the power of each colour (ignored when @powers_on is FALSE),
 * @objectives a bit mask of the shared objectives in play. */
void pt_next_station_state_init (PtNextStationState *state,
                                 const PtStationMap *map,
                                 guint n_players,
                                 const guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS],
                                 const guint8 colour_order[][PT_NS_ROUNDS],
                                 gboolean powers_on,
                                 const guint8 powers[PT_N_LINE_COLOURS],
                                 guint objectives);

int pt_next_station_state_current_player (const PtNextStationState *state);
/* The colour @player draws this round. */
PtLineColour pt_next_station_state_colour (const PtNextStationState *state,
                                           guint player);
/* Whether @player may still use the power of this round's colour. */
gboolean pt_next_station_state_power_available (const PtNextStationState *state,
                                                guint player);

/* The sections @player could draw on the current card: from the line's
 * ends (from any line station when @from_any), to a station that @symbol
 * reaches (PT_SYMBOL_ANY: every station). Returns how many were written to
 * @out, which holds PT_NS_MAX_SECTION_CHOICES. The hot path of the bots
 * and the benchmark. */
guint pt_next_station_state_list_sections (const PtNextStationState *state,
                                           guint player,
                                           PtStationSymbol symbol,
                                           gboolean from_any,
                                           PtNextStationChoice *out);
/* The plain sections for the current card (no power). */
guint pt_next_station_state_list_card_sections (const PtNextStationState *state,
                                                guint player,
                                                PtNextStationChoice *out);
/* Every legal action of @player, powers included (pass first). */
GArray *pt_next_station_state_list_actions (const PtNextStationState *state,
                                            guint player);

/* Validates @action completely, with a message naming the reason. */
gboolean pt_next_station_state_check (const PtNextStationState *state,
                                      guint player,
                                      const PtNextStationAction *action,
                                      GError **error);
/* Applies an action known to be legal (from the lists above). */
void pt_next_station_state_apply_unchecked (PtNextStationState *state,
                                            guint player,
                                            const PtNextStationAction *action);
gboolean pt_next_station_state_apply (PtNextStationState *state,
                                      guint player,
                                      const PtNextStationAction *action,
                                      GError **error);

/* A uniformly random plain section or pass (no powers), for self-play. */
void pt_next_station_state_random_action (const PtNextStationState *state,
                                          guint player,
                                          PtRng *rng,
                                          PtNextStationAction *out);

G_END_DECLS
