/* pt-next-station-state.c — rules of Next Station on a plain value
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-rules-error.h"
#include "pt-next-station-state.h"

static const char *const card_codes[PT_NS_N_CARDS] = {
  "S:circle",
  "S:triangle",
  "S:square",
  "S:pentagon",
  "S:joker",
  "S:switch",
  "U:circle",
  "U:triangle",
  "U:square",
  "U:pentagon",
  "U:joker",
};

static const char *const power_names[PT_NS_N_POWERS] = {
  "none",
  "double",
  "joker",
  "switch",
  "circle",
};

static const char *const objective_ids[PT_NS_N_OBJECTIVES] = {
  "interchanges_8",
  "all_districts",
  "all_tourist",
  "central_9",
  "thames_6",
};

const char *
pt_next_station_card_to_string (PtNextStationCard card)
{
  g_return_val_if_fail (card < PT_NS_N_CARDS, NULL);
  return card_codes[card];
}

int
pt_next_station_card_from_string (const char *code)
{
  for (guint i = 0; code != NULL && i < PT_NS_N_CARDS; i++)
    if (strcmp (code, card_codes[i]) == 0)
      return (int) i;
  return -1;
}

gboolean
pt_next_station_card_is_underground (PtNextStationCard card)
{
  return card >= PT_NS_CARD_U_CIRCLE;
}

PtStationSymbol
pt_next_station_card_symbol (PtNextStationCard card)
{
  static const guint8 symbols[PT_NS_N_CARDS] = {
    PT_SYMBOL_CIRCLE,
    PT_SYMBOL_TRIANGLE,
    PT_SYMBOL_SQUARE,
    PT_SYMBOL_PENTAGON,
    PT_SYMBOL_ANY,
    PT_SYMBOL_ANY,
    PT_SYMBOL_CIRCLE,
    PT_SYMBOL_TRIANGLE,
    PT_SYMBOL_SQUARE,
    PT_SYMBOL_PENTAGON,
    PT_SYMBOL_ANY,
  };

  g_return_val_if_fail (card < PT_NS_N_CARDS, PT_SYMBOL_ANY);
  return symbols[card];
}

const char *
pt_next_station_power_to_string (PtNextStationPower power)
{
  g_return_val_if_fail (power < PT_NS_N_POWERS, NULL);
  return power_names[power];
}

int
pt_next_station_power_from_string (const char *name)
{
  for (guint i = PT_NS_POWER_DOUBLE; name != NULL && i < PT_NS_N_POWERS; i++)
    if (strcmp (name, power_names[i]) == 0)
      return (int) i;
  return -1;
}

const char *
pt_next_station_objective_to_string (PtNextStationObjective objective)
{
  g_return_val_if_fail (objective < PT_NS_N_OBJECTIVES, NULL);
  return objective_ids[objective];
}

int
pt_next_station_objective_from_string (const char *id)
{
  for (guint i = 0; id != NULL && i < PT_NS_N_OBJECTIVES; i++)
    if (strcmp (id, objective_ids[i]) == 0)
      return (int) i;
  return -1;
}

/* Turn flow */

static void
flip_card (PtNextStationState *state)
{
  guint8 card = state->decks[state->round][state->next_card++];

  state->turn++;
  state->switch_flipped = FALSE;
  state->switch_active = FALSE;
  if (card == PT_NS_CARD_S_SWITCH)
    {
      /* The next card is flipped at once and played in the same turn.
       * There always is one: the switch is a street card, so at least one
       * underground card is still face down. */
      state->switch_flipped = TRUE;
      state->switch_active = state->turn >= 3;
      card = state->decks[state->round][state->next_card++];
    }
  if (pt_next_station_card_is_underground (card))
    state->n_underground++;
  state->card = card;
  state->acted = 0;
}

static void
start_round (PtNextStationState *state)
{
  state->turn = 0;
  state->next_card = 0;
  state->n_underground = 0;
  for (guint p = 0; p < state->n_players; p++)
    {
      PtNextStationPlayer *player = &state->players[p];
      guint colour = state->colour_order[p][state->round];
      guint departure = state->map->departures[colour];

      player->ends = PT_STATION_BIT (departure);
      player->line_stations[colour] = PT_STATION_BIT (departure);
      player->started = FALSE;
    }
  flip_card (state);
}

static void
end_turn (PtNextStationState *state)
{
  if (state->n_underground < 5)
    {
      flip_card (state);
      return;
    }
  state->round++;
  if (state->round == PT_NS_ROUNDS)
    {
      state->over = TRUE;
      state->acted = 0;
      return;
    }
  start_round (state);
}

void
pt_next_station_state_init (PtNextStationState *state,
                            const PtStationMap *map,
                            guint n_players,
                            const guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS],
                            const guint8 colour_order[][PT_NS_ROUNDS],
                            gboolean powers_on,
                            const guint8 powers[PT_N_LINE_COLOURS],
                            guint objectives)
{
  g_return_if_fail (n_players >= 1 && n_players <= PT_NS_MAX_PLAYERS);

  memset (state, 0, sizeof *state);
  state->map = map;
  state->n_players = (guint8) n_players;
  state->powers_on = !!powers_on;
  state->objectives = (guint8) objectives;
  memcpy (state->decks, decks, sizeof state->decks);
  for (guint p = 0; p < n_players; p++)
    memcpy (state->colour_order[p], colour_order[p], PT_NS_ROUNDS);
  if (powers_on && powers != NULL)
    memcpy (state->powers, powers, sizeof state->powers);
  for (guint p = 0; p < n_players; p++)
    memset (state->players[p].circled, PT_STATION_NONE, sizeof state->players[p].circled);
  start_round (state);
}

int
pt_next_station_state_current_player (const PtNextStationState *state)
{
  if (state->over)
    return -1;
  for (guint p = 0; p < state->n_players; p++)
    if (!(state->acted & (1u << p)))
      return (int) p;
  return -1;
}

PtLineColour
pt_next_station_state_colour (const PtNextStationState *state,
                              guint player)
{
  return state->colour_order[player][MIN (state->round, PT_NS_ROUNDS - 1)];
}

gboolean
pt_next_station_state_power_available (const PtNextStationState *state,
                                       guint player)
{
  PtLineColour colour = pt_next_station_state_colour (state, player);

  return state->powers_on && !state->over &&
         !(state->players[player].powers_used & (1u << colour));
}

/* Sections */

static inline gboolean
section_free (const PtNextStationPlayer *player,
              guint section)
{
  guint w = section >> 6;
  guint64 bit = G_GUINT64_CONSTANT (1) << (section & 63);

  return !((player->drawn.w[w] | player->blocked.w[w]) & bit);
}

static guint
list_sections (const PtStationMap *map,
               const PtNextStationPlayer *player,
               guint colour,
               PtStationSymbol symbol,
               gboolean from_any,
               PtNextStationChoice *out)
{
  guint64 from_set = from_any ? player->line_stations[colour] : player->ends;
  guint64 reach = map->symbol_reach[symbol] & ~player->line_stations[colour];
  guint n = 0;

  while (from_set != 0)
    {
      guint from = (guint) __builtin_ctzll (from_set);
      const PtStation *station = &map->stations[from];

      from_set &= from_set - 1;
      for (guint k = 0; k < station->n_links; k++)
        {
          const PtStationLink *link = &station->links[k];

          if ((reach & PT_STATION_BIT (link->station)) && section_free (player, link->section))
            {
              out[n].from = (guint8) from;
              out[n].to = link->station;
              n++;
            }
        }
    }
  return n;
}

guint
pt_next_station_state_list_sections (const PtNextStationState *state,
                                     guint player,
                                     PtStationSymbol symbol,
                                     gboolean from_any,
                                     PtNextStationChoice *out)
{
  g_return_val_if_fail (player < state->n_players, 0);

  if (state->over)
    return 0;
  return list_sections (state->map, &state->players[player],
                        pt_next_station_state_colour (state, player),
                        symbol, from_any, out);
}

guint
pt_next_station_state_list_card_sections (const PtNextStationState *state,
                                          guint player,
                                          PtNextStationChoice *out)
{
  return pt_next_station_state_list_sections (state, player,
                                              pt_next_station_card_symbol (state->card),
                                              state->switch_active, out);
}

static void
draw_section (const PtStationMap *map,
              PtNextStationPlayer *player,
              guint colour,
              guint from,
              guint to)
{
  guint section = map->section_between[from][to];

  if (!player->started)
    {
      /* The first section: the departure station stays an end. */
      player->ends |= PT_STATION_BIT (to);
      player->started = TRUE;
    }
  else if (player->ends & PT_STATION_BIT (from))
    player->ends = (player->ends & ~PT_STATION_BIT (from)) | PT_STATION_BIT (to);
  else
    player->ends |= PT_STATION_BIT (to); /* a branch adds an end */

  player->line_stations[colour] |= PT_STATION_BIT (to);
  pt_section_set_add (&player->line_sections[colour], section);
  pt_section_set_add (&player->drawn, section);
  pt_section_set_union (&player->blocked, &map->sections[section].conflicts);
}

/* Validation, with messages naming the station and the reason */

static gboolean
illegal (GError **error,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
illegal (GError **error,
         const char *format,
         ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  *error = g_error_new_valist (PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE, format, args);
  va_end (args);
  return FALSE;
}

/* A station as a player reads it on the map: 1-based, like the board's
 * column and row labels. */
static const char *
place (const PtStationMap *map,
       guint station,
       char *buf,
       gsize size)
{
  /* Translators: a place on the Next Station map, "column 4, row 6" */
  g_snprintf (buf, size, _("column %u, row %u"), (guint) map->stations[station].x + 1, (guint) map->stations[station].y + 1);
  return buf;
}

#define PLACE(i, buf) place (map, (i), buf, sizeof buf)

/* Why there is no possible section between two stations. */
static gboolean
explain_no_section (const PtStationMap *map,
                    guint from,
                    guint to,
                    GError **error)
{
  int dx = map->stations[to].x - map->stations[from].x;
  int dy = map->stations[to].y - map->stations[from].y;
  int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
  int x = map->stations[from].x + sx, y = map->stations[from].y + sy;

  char a[64], b[64], c[64];

  if (dx != 0 && dy != 0 && ABS (dx) != ABS (dy))
    return illegal (error, _("The stations at %s and at %s are not on one straight line"),
                              PLACE (from, a), PLACE (to, b));
  for (; x != map->stations[to].x || y != map->stations[to].y; x += sx, y += sy)
    if (map->cell_station[y][x] >= 0)
      break;
  return illegal (error, _("A section from %s to %s would run through the station at %s"),
                            PLACE (from, a), PLACE (to, b),
                            place (map, (guint) map->cell_station[y][x], c, sizeof c));
}

static gboolean
check_section (const PtNextStationState *state,
               const PtNextStationPlayer *player,
               guint colour,
               guint from,
               guint to,
               PtStationSymbol symbol,
               gboolean from_any,
               GError **error)
{
  const PtStationMap *map = state->map;
  const char *colour_name = _(pt_line_colour_to_string (colour));
  int section;
  char a[64], b[64], c[64], d[64];

  if (from >= map->n_stations || to >= map->n_stations)
    return illegal (error, _("A section must join two stations"));
  if (from == to)
    return illegal (error, _("A section must join two different stations"));
  section = pt_station_map_section_between (map, from, to);
  if (section < 0)
    return explain_no_section (map, from, to, error);

  if (from_any && !(player->line_stations[colour] & PT_STATION_BIT (from)))
    return illegal (error, _("The station at %s is not on your %s line"),
                              PLACE (from, a), colour_name);
  if (!from_any && !(player->ends & PT_STATION_BIT (from)))
    {
      if (state->switch_flipped && (player->line_stations[colour] & PT_STATION_BIT (from)))
        return illegal (error, _("The station at %s is not an end of your %s line: a switch on "
                                 "the 1st or 2nd turn of a round does not allow a branch"),
                                  PLACE (from, a), colour_name);
      return illegal (error, _("The station at %s is not an end of your %s line"),
                                PLACE (from, a), colour_name);
    }

  if (!(map->symbol_reach[symbol] & PT_STATION_BIT (to)))
    return illegal (error, _("The station at %s is a %s; the card asks for a %s"),
                              PLACE (to, a), _(pt_station_symbol_to_string (map->stations[to].symbol)), _(pt_station_symbol_to_string (symbol)));
  if (player->line_stations[colour] & PT_STATION_BIT (to))
    return illegal (error, _("Your %s line already visits the station at %s"), colour_name, PLACE (to, a));

  if (pt_section_set_has (&player->drawn, (guint) section))
    {
      for (guint l = 0; l < PT_N_LINE_COLOURS; l++)
        if (pt_section_set_has (&player->line_sections[l], (guint) section))
          return illegal (error, _("The section from %s to %s is already drawn on your %s line"),
                                    PLACE (from, a), PLACE (to, b), _(pt_line_colour_to_string (l)));
    }
  if (pt_section_set_has (&player->blocked, (guint) section))
    {
      const PtSectionSet *conflicts = &map->sections[section].conflicts;

      for (guint s = 0; s < map->n_sections; s++)
        if (pt_section_set_has (conflicts, s) && pt_section_set_has (&player->drawn, s))
          return illegal (error, _("A section from %s to %s would cross your section from %s to %s"),
                                    PLACE (from, a), PLACE (to, b),
                                    PLACE (map->sections[s].a, c), PLACE (map->sections[s].b, d));
    }
  return TRUE;
}

static gboolean
check_power (const PtNextStationState *state,
             guint player,
             const PtNextStationAction *action,
             GError **error)
{
  PtLineColour colour = pt_next_station_state_colour (state, player);
  const char *colour_name = _(pt_line_colour_to_string (colour));

  if (action->power >= PT_NS_N_POWERS)
    return illegal (error, _("Unknown pencil power"));
  if (!state->powers_on)
    return illegal (error, _("Pencil powers are not in play"));
  if (state->powers[colour] != action->power)
    return illegal (error, _("The power of the %s pencil is “%s”, not “%s”"), colour_name,
                              pt_next_station_power_to_string (state->powers[colour]),
                              pt_next_station_power_to_string (action->power));
  if (state->players[player].powers_used & (1u << colour))
    return illegal (error, _("The power of the %s pencil is already used"), colour_name);
  if (action->pass && action->power != PT_NS_POWER_CIRCLE)
    return illegal (error, _("The “%s” power needs a section, not a pass"),
                              pt_next_station_power_to_string (action->power));
  return TRUE;
}

/* The symbol the double power's second section must reach: the card's,
 * or after a joker the first target's (any symbol after the Central
 * Station). */
static PtStationSymbol
double_symbol (const PtNextStationState *state,
               guint first_to)
{
  PtStationSymbol symbol = pt_next_station_card_symbol (state->card);

  return symbol == PT_SYMBOL_ANY ? state->map->stations[first_to].symbol : symbol;
}

gboolean
pt_next_station_state_check (const PtNextStationState *state,
                             guint player,
                             const PtNextStationAction *action,
                             GError **error)
{
  const PtStationMap *map = state->map;
  const PtNextStationPlayer *sheet;
  PtNextStationPlayer after;
  PtLineColour colour;
  PtStationSymbol symbol;
  gboolean from_any;
  guint64 line;

  if (state->over)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The game is already over"));
      return FALSE;
    }
  if (player >= state->n_players || (state->acted & (1u << player)))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_NOT_YOUR_TURN,
                           _("This player has already acted on this card"));
      return FALSE;
    }

  sheet = &state->players[player];
  colour = pt_next_station_state_colour (state, player);
  if (action->power != PT_NS_POWER_NONE && !check_power (state, player, action, error))
    return FALSE;

  after = *sheet;
  if (!action->pass)
    {
      symbol = action->power == PT_NS_POWER_JOKER ? PT_SYMBOL_ANY
                                                  : pt_next_station_card_symbol (state->card);
      /* The switch power on turns 1–2 is spent without effect, like the
       * card itself. */
      from_any = state->switch_active || (action->power == PT_NS_POWER_SWITCH && state->turn >= 3);
      if (!check_section (state, sheet, colour, action->from, action->to, symbol, from_any, error))
        return FALSE;
      draw_section (map, &after, colour, action->from, action->to);
      if (action->power == PT_NS_POWER_DOUBLE)
        {
          if (!check_section (state, &after, colour, action->from2, action->to2,
                              double_symbol (state, action->to), from_any, error))
            {
              if (error != NULL && *error != NULL)
                g_prefix_error (error, _("Second section of the double power: "));
              return FALSE;
            }
          draw_section (map, &after, colour, action->from2, action->to2);
        }
    }

  line = after.line_stations[colour];
  if (action->power == PT_NS_POWER_CIRCLE &&
      (action->circle >= map->n_stations || !(line & PT_STATION_BIT (action->circle))))
    {
      if (action->circle >= map->n_stations)
        return illegal (error, _("The circled point is not a station"));
      char a[64];

      return illegal (error, _("The station at %s is not on your %s line"),
                                PLACE (action->circle, a), _(pt_line_colour_to_string (colour)));
    }
  return TRUE;
}

void
pt_next_station_state_apply_unchecked (PtNextStationState *state,
                                       guint player,
                                       const PtNextStationAction *action)
{
  PtNextStationPlayer *sheet = &state->players[player];
  PtLineColour colour = pt_next_station_state_colour (state, player);

  if (!action->pass)
    {
      draw_section (state->map, sheet, colour, action->from, action->to);
      if (action->power == PT_NS_POWER_DOUBLE)
        draw_section (state->map, sheet, colour, action->from2, action->to2);
    }
  if (action->power != PT_NS_POWER_NONE)
    sheet->powers_used |= (guint8) (1u << colour);
  if (action->power == PT_NS_POWER_CIRCLE)
    sheet->circled[colour] = action->circle;

  state->acted |= (guint8) (1u << player);
  if (state->acted == (1u << state->n_players) - 1)
    end_turn (state);
}

gboolean
pt_next_station_state_apply (PtNextStationState *state,
                             guint player,
                             const PtNextStationAction *action,
                             GError **error)
{
  if (!pt_next_station_state_check (state, player, action, error))
    return FALSE;
  pt_next_station_state_apply_unchecked (state, player, action);
  return TRUE;
}

/* Enumeration with powers, for the JSON layer and the tests */

static void
add_action (GArray *actions,
            gboolean pass,
            guint power,
            guint from,
            guint to)
{
  PtNextStationAction action = {
    0,
  };

  action.pass = (guint8) pass;
  action.power = (guint8) power;
  action.from = (guint8) from;
  action.to = (guint8) to;
  action.from2 = action.to2 = action.circle = PT_STATION_NONE;
  g_array_append_val (actions, action);
}

static void
add_circled (GArray *actions,
             const PtNextStationState *state,
             guint player,
             gboolean pass,
             guint from,
             guint to)
{
  PtLineColour colour = pt_next_station_state_colour (state, player);
  guint64 line = state->players[player].line_stations[colour];

  if (!pass)
    line |= PT_STATION_BIT (to);
  for (; line != 0; line &= line - 1)
    {
      add_action (actions, pass, PT_NS_POWER_CIRCLE, from, to);
      g_array_index (actions, PtNextStationAction, actions->len - 1).circle =
          (guint8) __builtin_ctzll (line);
    }
}

static void
add_doubles (GArray *actions,
             const PtNextStationState *state,
             guint player,
             const PtNextStationChoice *first,
             guint n_first)
{
  g_autofree PtNextStationChoice *second = g_new (PtNextStationChoice, PT_NS_MAX_SECTION_CHOICES);
  PtLineColour colour = pt_next_station_state_colour (state, player);

  for (guint i = 0; i < n_first; i++)
    {
      PtNextStationPlayer after = state->players[player];
      guint n;

      draw_section (state->map, &after, colour, first[i].from, first[i].to);
      n = list_sections (state->map, &after, colour, double_symbol (state, first[i].to),
                         state->switch_active, second);
      for (guint j = 0; j < n; j++)
        {
          add_action (actions, FALSE, PT_NS_POWER_DOUBLE, first[i].from, first[i].to);
          g_array_index (actions, PtNextStationAction, actions->len - 1).from2 = second[j].from;
          g_array_index (actions, PtNextStationAction, actions->len - 1).to2 = second[j].to;
        }
    }
}

GArray *
pt_next_station_state_list_actions (const PtNextStationState *state,
                                    guint player)
{
  GArray *actions = g_array_new (FALSE, FALSE, sizeof (PtNextStationAction));
  g_autofree PtNextStationChoice *choices = g_new (PtNextStationChoice, PT_NS_MAX_SECTION_CHOICES);
  PtStationSymbol symbol = pt_next_station_card_symbol (state->card);
  guint n;

  if (state->over || player >= state->n_players || (state->acted & (1u << player)))
    return actions;

  add_action (actions, TRUE, PT_NS_POWER_NONE, PT_STATION_NONE, PT_STATION_NONE);
  n = pt_next_station_state_list_card_sections (state, player, choices);
  for (guint i = 0; i < n; i++)
    add_action (actions, FALSE, PT_NS_POWER_NONE, choices[i].from, choices[i].to);

  if (!pt_next_station_state_power_available (state, player))
    return actions;

  switch (state->powers[pt_next_station_state_colour (state, player)])
    {
    case PT_NS_POWER_JOKER:
      n = pt_next_station_state_list_sections (state, player, PT_SYMBOL_ANY,
                                               state->switch_active, choices);
      for (guint i = 0; i < n; i++)
        add_action (actions, FALSE, PT_NS_POWER_JOKER, choices[i].from, choices[i].to);
      break;
    case PT_NS_POWER_SWITCH:
      n = pt_next_station_state_list_sections (state, player, symbol,
                                               state->switch_active || state->turn >= 3, choices);
      for (guint i = 0; i < n; i++)
        add_action (actions, FALSE, PT_NS_POWER_SWITCH, choices[i].from, choices[i].to);
      break;
    case PT_NS_POWER_DOUBLE:
      add_doubles (actions, state, player, choices, n);
      break;
    case PT_NS_POWER_CIRCLE:
      add_circled (actions, state, player, TRUE, PT_STATION_NONE, PT_STATION_NONE);
      for (guint i = 0; i < n; i++)
        add_circled (actions, state, player, FALSE, choices[i].from, choices[i].to);
      break;
    default:
      break;
    }
  return actions;
}

void
pt_next_station_state_random_action (const PtNextStationState *state,
                                     guint player,
                                     PtRng *rng,
                                     PtNextStationAction *out)
{
  PtNextStationChoice choices[PT_NS_MAX_SECTION_CHOICES];
  guint n = pt_next_station_state_list_card_sections (state, player, choices);
  guint pick = pt_rng_below (rng, n + 1);

  memset (out, 0, sizeof *out);
  out->from2 = out->to2 = out->circle = PT_STATION_NONE;
  if (pick == n)
    {
      out->pass = TRUE;
      out->from = out->to = PT_STATION_NONE;
      return;
    }
  out->from = choices[pick].from;
  out->to = choices[pick].to;
}
