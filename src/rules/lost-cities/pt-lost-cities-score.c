/* pt-lost-cities-score.c — options and scoring; see pt-lost-cities-score.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-lost-cities-score.h"
#include "pt-record.h"

const char pt_lost_cities_color_letters[PT_LOST_CITIES_MAX_COLORS + 1] = "YBWGRP";

void
pt_lost_cities_options_init_default (PtLostCitiesOptions *options)
{
  options->n_colors = PT_LOST_CITIES_MIN_COLORS;
  options->bonus_counts_wagers = TRUE;
  options->wager_only_scores = TRUE;
}

static gboolean
parse_bool_option (JsonObject *json,
                   const char *name,
                   guint8 *out,
                   GError **error)
{
  JsonNode *node = json_object_get_member (json, name);
  gboolean value;

  if (node == NULL)
    return TRUE;
  if (!pt_json_get_bool (node, &value))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                   _("The option “%s” must be true or false"), name);
      return FALSE;
    }
  *out = value ? 1 : 0;
  return TRUE;
}

/**
 * pt_lost_cities_options_parse:
 * @json: (nullable): the options object; %NULL means the defaults
 *
 * Reads options strictly: an unknown member, a wrong type or a value out
 * of range is an error that names it.
 */
gboolean
pt_lost_cities_options_parse (JsonObject *json,
                              PtLostCitiesOptions *options,
                              GError **error)
{
  static const char *const allowed[] = {
    "colors", "rules", "bonus_counts_wagers", "wager_only_scores", NULL
  };
  const char *unknown = NULL;
  JsonNode *node;

  pt_lost_cities_options_init_default (options);
  if (json == NULL)
    return TRUE;

  if (!pt_json_object_only_has (json, allowed, &unknown))
    {
      if (g_strcmp0 (unknown, "rounds") == 0 || g_strcmp0 (unknown, "next_starter") == 0)
        g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                     _("“%s” is an option of the match, not of a round"), unknown);
      else
        g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                     _("Lost Cities has no option “%s”"), unknown);
      return FALSE;
    }

  node = json_object_get_member (json, "colors");
  if (node != NULL)
    {
      gint64 colors;

      if (!pt_json_get_int (node, &colors) ||
          (colors != PT_LOST_CITIES_MIN_COLORS && colors != PT_LOST_CITIES_MAX_COLORS))
        {
          g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                               _("The number of colours must be 5 or 6"));
          return FALSE;
        }
      options->n_colors = (guint8) colors;
    }

  node = json_object_get_member (json, "rules");
  if (node != NULL)
    {
      const char *preset = pt_json_get_string (node);

      if (g_strcmp0 (preset, "seed") == 0)
        options->bonus_counts_wagers = options->wager_only_scores = FALSE;
      else if (g_strcmp0 (preset, "rulebook") != 0)
        {
          g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                               _("The rule reading must be the rulebook or the seed rules"));
          return FALSE;
        }
    }

  /* Explicit readings win over the preset. */
  return parse_bool_option (json, "bonus_counts_wagers", &options->bonus_counts_wagers, error) &&
         parse_bool_option (json, "wager_only_scores", &options->wager_only_scores, error);
}

JsonObject *
pt_lost_cities_options_to_json (const PtLostCitiesOptions *options)
{
  JsonObject *json = json_object_new ();

  json_object_set_int_member (json, "colors", options->n_colors);
  json_object_set_boolean_member (json, "bonus_counts_wagers", options->bonus_counts_wagers);
  json_object_set_boolean_member (json, "wager_only_scores", options->wager_only_scores);
  return json;
}

static gboolean
parse_next_starter (const char *text,
                    PtNextStarter *policy)
{
  static const struct
  {
    const char *name;
    PtNextStarter policy;
  } names[] = {
    { "alternate", PT_NEXT_STARTER_ALTERNATE },
    { "loser", PT_NEXT_STARTER_LOSER },
    { "leader", PT_NEXT_STARTER_LEADER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i].name) == 0)
      {
        *policy = names[i].policy;
        return TRUE;
      }
  return FALSE;
}

/**
 * pt_lost_cities_options_split_match:
 * @all: (nullable): round options plus, optionally, "rounds" (1..5,
 *   default 3) and "next_starter" ("alternate" (default), "loser", "leader")
 * @game_options: (out): the round options, normalised
 *
 * For the UI and the store, which collect a match's settings in one
 * object: separates the match options (for pt_match_new()) from the round
 * options and validates both.
 */
gboolean
pt_lost_cities_options_split_match (JsonObject *all,
                                    JsonObject **game_options,
                                    guint *n_rounds,
                                    PtNextStarter *next_starter,
                                    GError **error)
{
  g_autoptr(JsonObject) rest = json_object_new ();
  PtLostCitiesOptions options;
  JsonNode *node;

  *n_rounds = 3;
  *next_starter = PT_NEXT_STARTER_ALTERNATE;
  if (all != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (all);

      for (GList *l = members; l != NULL; l = l->next)
        if (strcmp (l->data, "rounds") != 0 && strcmp (l->data, "next_starter") != 0)
          json_object_set_member (rest, l->data,
                                  json_node_copy (json_object_get_member (all, l->data)));

      node = json_object_get_member (all, "rounds");
      if (node != NULL)
        {
          gint64 rounds;

          if (!pt_json_get_int (node, &rounds) || rounds < 1 || rounds > PT_MATCH_MAX_ROUNDS)
            {
              g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                           _("The number of rounds must be from 1 to %d"), PT_MATCH_MAX_ROUNDS);
              return FALSE;
            }
          *n_rounds = (guint) rounds;
        }
      /* Parsed here rather than with pt_next_starter_from_string(): the
       * games' libraries sit below pt-match.c. */
      node = json_object_get_member (all, "next_starter");
      if (node != NULL && !parse_next_starter (pt_json_get_string (node), next_starter))
        {
          g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                               _("Who starts the next round must be: in turn, the player behind or the player ahead"));
          return FALSE;
        }
    }
  if (!pt_lost_cities_options_parse (rest, &options, error))
    return FALSE;
  *game_options = pt_lost_cities_options_to_json (&options);
  return TRUE;
}

/* The index of colour @letter, or -1 when it is not one of the game's. */
int
pt_lost_cities_color_from_letter (char letter,
                                  guint n_colors)
{
  for (guint c = 0; c < n_colors && c < PT_LOST_CITIES_MAX_COLORS; c++)
    if (pt_lost_cities_color_letters[c] == letter)
      return (int) c;
  return -1;
}

const PtGameColour pt_lost_cities_colors[PT_LOST_CITIES_MAX_COLORS] = {
  { "Y", N_("yellow") }, { "B", N_("blue") }, { "W", N_("white") }, { "G", N_("green") }, { "R", N_("red") }, { "P", N_("purple") },
                                                                        };

const char *
pt_lost_cities_color_name (guint color)
{
  g_return_val_if_fail (color < G_N_ELEMENTS (pt_lost_cities_colors), "");
  return _(pt_lost_cities_colors[color].name);
}

static int
score_from_totals (const PtLostCitiesOptions *options,
                   guint wagers,
                   guint n_values,
                   int sum)
{
  guint n_cards;
  int score;

  if (n_values == 0)
    {
      /* Seed reading: an expedition without an exploration card "does not
       * count". Rulebook: the wagers are on the table, the cost is paid. */
      if (wagers == 0 || !options->wager_only_scores)
        return 0;
      return -PT_LOST_CITIES_COST * (int) (1 + wagers);
    }
  score = (sum - PT_LOST_CITIES_COST) * (int) (1 + wagers);
  n_cards = n_values + (options->bonus_counts_wagers ? wagers : 0);
  /* The bonus comes after the multiplier and is not multiplied. */
  if (n_cards >= PT_LOST_CITIES_BONUS_CARDS)
    score += PT_LOST_CITIES_BONUS;
  return score;
}

int
pt_lost_cities_score_expedition (const PtLostCitiesOptions *options,
                                 guint wagers,
                                 const guint8 *values,
                                 guint n_values)
{
  int sum = 0;

  for (guint i = 0; i < n_values; i++)
    sum += values[i];
  return score_from_totals (options, wagers, n_values, sum);
}

int
pt_lost_cities_score_expedition_mask (const PtLostCitiesOptions *options,
                                      guint wagers,
                                      guint values_mask)
{
  int sum = 0;
  guint n = 0;

  /* Only the set bits: every random playout ends here. */
  for (guint mask = values_mask & 0x7fcu; mask != 0; mask &= mask - 1)
    {
      sum += __builtin_ctz (mask);
      n++;
    }
  return score_from_totals (options, wagers, n, sum);
}

JsonObject *
pt_lost_cities_expeditions_to_json (const PtLostCitiesOptions *options,
                                    const guint8 *wagers,
                                    const guint16 *values_masks,
                                    int *total)
{
  JsonObject *expeditions = json_object_new ();
  int sum = 0;

  for (guint c = 0; c < options->n_colors; c++)
    {
      JsonObject *expedition = json_object_new ();
      JsonArray *cards = json_array_new ();
      int score = pt_lost_cities_score_expedition_mask (options, wagers[c], values_masks[c]);
      char letter[2] = { pt_lost_cities_color_letters[c], '\0' };

      for (guint v = PT_LOST_CITIES_MIN_VALUE; v <= PT_LOST_CITIES_MAX_VALUE; v++)
        if (values_masks[c] & (1u << v))
          json_array_add_int_element (cards, v);
      json_object_set_int_member (expedition, "wagers", wagers[c]);
      json_object_set_array_member (expedition, "cards", cards);
      json_object_set_int_member (expedition, "score", score);
      json_object_set_object_member (expeditions, letter, expedition);
      sum += score;
    }
  if (total != NULL)
    *total = sum;
  return expeditions;
}

/* The companion score sheet
 * ==========================
 *
 * Input:
 *
 *   {"game": "lost-cities",
 *    "options": {…round options, see pt-lost-cities-score.h; may be absent…},
 *    "players": ["Ana", "Beto"],
 *    "rounds": [                                  0 to 5 rounds
 *      [ {"Y": {"wagers": 1, "cards": [2, 5, 9]}, "B": {…}, …},   player 0
 *        {…player 1…} ],
 *      …]}
 *
 * A colour left out is an empty expedition; "wagers" (0..3) and "cards"
 * (number values 2..10, any order: on the table they are ascending anyway)
 * may each be left out. Refused, with a message naming the round, player,
 * colour and card: a colour not in the game, a value outside 2..10 or not
 * an integer, the same card twice in a round (for one player or both),
 * more than 3 wagers of a colour in a round (both players together),
 * unknown members.
 *
 * Output:
 *
 *   {"game": "lost-cities", "options": {…normalised…}, "players": [...],
 *    "rounds": [ {"players": [ {"expeditions": {"Y": {"wagers": 1,
 *                                                      "cards": [2, 5, 9],
 *                                                      "score": -8}, …every colour…},
 *                               "score": -8}, {…} ],
 *                 "scores": [-8, 12]}, …],
 *    "totals": [a, b],            match totals so far
 *    "winners": [i, …]}           every player with the top total; [] with no rounds
 */

typedef struct
{
  guint8 wagers[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_MAX_COLORS];
  guint16 values[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_MAX_COLORS];
} SheetRound;

static gboolean
parse_sheet_expedition (const PtLostCitiesOptions *options,
                        JsonNode *node,
                        guint round,
                        guint player,
                        guint color,
                        SheetRound *sheet_round,
                        GError **error)
{
  static const char *const allowed[] = { "wagers", "cards", NULL };
  JsonObject *expedition = pt_json_get_object (node);
  const char *unknown = NULL;
  JsonNode *member;
  JsonArray *cards;
  const char *color_name = pt_lost_cities_color_name (color);

  if (expedition == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   _("Round %u, player %u, %s: an expedition needs its wagers and its cards"),
                      round + 1, player + 1, color_name);
      return FALSE;
    }
  if (!pt_json_object_only_has (expedition, allowed, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   _("Round %u, player %u, %s: unknown entry “%s”"),
                      round + 1, player + 1, color_name, unknown);
      return FALSE;
    }

  member = json_object_get_member (expedition, "wagers");
  if (member != NULL)
    {
      gint64 wagers;
      guint both;

      if (!pt_json_get_int (member, &wagers) || wagers < 0 || wagers > PT_LOST_CITIES_N_WAGERS)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       _("Round %u, player %u, %s: the number of wagers must be 0 to %d"),
                          round + 1, player + 1, color_name, PT_LOST_CITIES_N_WAGERS);
          return FALSE;
        }
      sheet_round->wagers[player][color] = (guint8) wagers;
      both = sheet_round->wagers[0][color] + sheet_round->wagers[1][color];
      if (both > PT_LOST_CITIES_N_WAGERS)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       g_dngettext (GETTEXT_PACKAGE, "Round %u, %s: the players have %u wager together, but there are only %d",
                                    "Round %u, %s: the players have %u wagers together, but there are only %d",
                                    both),
                       round + 1, color_name, both, PT_LOST_CITIES_N_WAGERS);
          return FALSE;
        }
    }

  member = json_object_get_member (expedition, "cards");
  if (member == NULL)
    return TRUE;
  cards = pt_json_get_array (member);
  if (cards == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   _("Round %u, player %u, %s: the cards of an expedition must be a list of numbers"),
                      round + 1, player + 1, color_name);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      gint64 value;
      guint bit;

      if (!pt_json_get_int (json_array_get_element (cards, i), &value) ||
          value < PT_LOST_CITIES_MIN_VALUE || value > PT_LOST_CITIES_MAX_VALUE)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       _("Round %u, player %u, %s: card %u is not a value from 2 to 10"),
                          round + 1, player + 1, color_name, i + 1);
          return FALSE;
        }
      bit = 1u << value;
      if (sheet_round->values[player][color] & bit)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       _("Round %u, player %u: the %s %d is listed twice"),
                          round + 1, player + 1, color_name, (int) value);
          return FALSE;
        }
      if (sheet_round->values[player ^ 1u][color] & bit)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       _("Round %u: both players have the %s %d, but there is only one"),
                          round + 1, color_name, (int) value);
          return FALSE;
        }
      sheet_round->values[player][color] |= (guint16) bit;
    }
  return TRUE;
}

static gboolean
parse_sheet_player (const PtLostCitiesOptions *options,
                    JsonNode *node,
                    guint round,
                    guint player,
                    SheetRound *sheet_round,
                    GError **error)
{
  JsonObject *object = pt_json_get_object (node);
  g_autoptr(GList) members = NULL;

  if (object == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   _("Round %u, player %u: expected an object of expeditions by colour letter"),
                      round + 1, player + 1);
      return FALSE;
    }
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      int color = name[0] != '\0' && name[1] == '\0'
                      ? pt_lost_cities_color_from_letter (name[0], options->n_colors)
                      : -1;

      if (color < 0)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       _("Round %u, player %u: “%s” is not a colour of this game (%.*s)"),
                          round + 1, player + 1, name, (int) options->n_colors,
                          pt_lost_cities_color_letters);
          return FALSE;
        }
      if (!parse_sheet_expedition (options, json_object_get_member (object, name), round,
                                   player, (guint) color, sheet_round, error))
        return FALSE;
    }
  return TRUE;
}

static JsonObject *
score_sheet_round (const PtLostCitiesOptions *options,
                   const SheetRound *sheet_round,
                   int *totals)
{
  JsonObject *round = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *scores = json_array_new ();

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    {
      JsonObject *player = json_object_new ();
      int score;

      json_object_set_object_member (player, "expeditions",
                                     pt_lost_cities_expeditions_to_json (options,
                                                                         sheet_round->wagers[p],
                                                                         sheet_round->values[p],
                                                                         &score));
      json_object_set_int_member (player, "score", score);
      json_array_add_object_element (players, player);
      json_array_add_int_element (scores, score);
      totals[p] += score;
    }
  json_object_set_array_member (round, "players", players);
  json_object_set_array_member (round, "scores", scores);
  return round;
}

static gboolean
parse_sheet_players (JsonObject *sheet,
                     JsonArray **out,
                     GError **error)
{
  JsonArray *players = pt_json_get_array (json_object_get_member (sheet, "players"));

  if (players == NULL || json_array_get_length (players) != PT_LOST_CITIES_N_PLAYERS)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                           _("A Lost Cities sheet needs the names of its 2 players"));
      return FALSE;
    }
  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    if (pt_json_get_string (json_array_get_element (players, p)) == NULL)
      {
        g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                     _("Player %u’s name is not a text"), p + 1);
        return FALSE;
      }
  *out = players;
  return TRUE;
}

JsonNode *
pt_lost_cities_score_sheet (JsonObject *sheet,
                            GError **error)
{
  static const char *const allowed[] = { "game", "options", "players", "rounds", NULL };
  g_autoptr(JsonObject) result = json_object_new ();
  g_autoptr(JsonArray) rounds_out = json_array_new ();
  g_autoptr(JsonArray) totals_out = json_array_new ();
  PtLostCitiesOptions options;
  JsonNode *options_node;
  JsonObject *options_json = NULL;
  JsonArray *players = NULL, *rounds; /* borrowed from @sheet */
  const char *unknown = NULL;
  int totals[PT_LOST_CITIES_N_PLAYERS] = { 0, 0 };
  guint n_rounds;

  if (!pt_json_object_only_has (sheet, allowed, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   _("The score sheet has an unknown entry “%s”"), unknown);
      return NULL;
    }
  options_node = json_object_get_member (sheet, "options");
  if (options_node != NULL && !JSON_NODE_HOLDS_NULL (options_node) &&
      (options_json = pt_json_get_object (options_node)) == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                           _("The sheet’s options must be an object"));
      return NULL;
    }
  if (!pt_lost_cities_options_parse (options_json, &options, error) ||
      !parse_sheet_players (sheet, &players, error))
    return NULL;

  rounds = pt_json_get_array (json_object_get_member (sheet, "rounds"));
  if (rounds == NULL || json_array_get_length (rounds) > PT_MATCH_MAX_ROUNDS)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   g_dngettext (GETTEXT_PACKAGE, "A Lost Cities sheet needs its rounds: a list of up to %d round",
                                "A Lost Cities sheet needs its rounds: a list of up to %d rounds",
                                PT_MATCH_MAX_ROUNDS),
                   PT_MATCH_MAX_ROUNDS);
      return NULL;
    }
  n_rounds = json_array_get_length (rounds);
  for (guint r = 0; r < n_rounds; r++)
    {
      JsonArray *round = pt_json_get_array (json_array_get_element (rounds, r));
      SheetRound sheet_round;

      memset (&sheet_round, 0, sizeof sheet_round);
      if (round == NULL || json_array_get_length (round) != PT_LOST_CITIES_N_PLAYERS)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                       _("Round %u must list the expeditions of both players"), r + 1);
          return NULL;
        }
      for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
        if (!parse_sheet_player (&options, json_array_get_element (round, p), r, p,
                                 &sheet_round, error))
          return NULL;
      json_array_add_object_element (rounds_out, score_sheet_round (&options, &sheet_round, totals));
    }

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    json_array_add_int_element (totals_out, totals[p]);

  json_object_set_string_member (result, "game", "lost-cities");
  json_object_set_object_member (result, "options", pt_lost_cities_options_to_json (&options));
  json_object_set_member (result, "players",
                          json_node_copy (json_object_get_member (sheet, "players")));
  json_object_set_array_member (result, "rounds", g_steal_pointer (&rounds_out));
  json_object_set_array_member (result, "totals", g_steal_pointer (&totals_out));
  {
    JsonArray *winners = json_array_new ();
    int best = MAX (totals[0], totals[1]);

    for (guint p = 0; n_rounds > 0 && p < PT_LOST_CITIES_N_PLAYERS; p++)
      if (totals[p] == best)
        json_array_add_int_element (winners, p);
    json_object_set_array_member (result, "winners", winners);
  }
  return pt_json_node_new_object (g_steal_pointer (&result));
}
