/* lost-cities-test-util.h — helpers shared by the Lost Cities and core tests
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "pt-lost-cities-game.h"
#include "pt-rules.h"

/* A setup object: the given hands (8 codes each), the deck = every other
 * card in full-deck order (top first). */
static inline JsonObject *
lc_test_setup (guint n_colors,
               const char *const *hand0,
               const char *const *hand1,
               int first_player)
{
  PtLostCitiesCard all[PT_LOST_CITIES_MAX_CARDS];
  guint8 used[PT_LOST_CITIES_CARD_CODES] = { 0 };
  JsonObject *setup = json_object_new ();
  JsonArray *hands = json_array_new ();
  JsonArray *deck = json_array_new ();
  const char *const *given[2] = { hand0, hand1 };
  char code[4];

  for (guint p = 0; p < 2; p++)
    {
      JsonArray *hand = json_array_new ();

      for (guint i = 0; i < PT_LOST_CITIES_HAND_SIZE; i++)
        {
          PtLostCitiesCard card;

          g_assert_true (pt_lost_cities_card_from_code (given[p][i], n_colors, &card));
          used[card]++;
          json_array_add_string_element (hand, given[p][i]);
        }
      json_array_add_array_element (hands, hand);
    }
  pt_lost_cities_full_deck (n_colors, all);
  for (guint i = 0; i < pt_lost_cities_n_cards (n_colors); i++)
    {
      if (used[all[i]] > 0)
        {
          used[all[i]]--;
          continue;
        }
      json_array_add_string_element (deck, pt_lost_cities_card_to_code (all[i], code));
    }
  json_object_set_array_member (setup, "hands", hands);
  json_object_set_array_member (setup, "deck", deck);
  json_object_set_int_member (setup, "first_player", first_player);
  return setup;
}

static const char *const lc_test_players[] = { "Ana", "Beto", NULL };

static inline PtGame *
lc_test_game (JsonObject *options,
              JsonObject *setup)
{
  g_autoptr(GError) error = NULL;
  PtGame *game = pt_rules_new_game ("lost-cities", lc_test_players, options, setup, &error);

  g_assert_no_error (error);
  g_assert_true (PT_IS_LOST_CITIES_GAME (game));
  return game;
}

static inline PtGame *
lc_test_dealt_game (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  PtGame *game = pt_rules_new_dealt_game ("lost-cities", lc_test_players, NULL, -1, seed, &error);

  g_assert_no_error (error);
  return game;
}

/* Plays the current player's @index-th legal move (modulo their number). */
static inline void
lc_test_play_nth (PtGame *game,
                  guint index)
{
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, (guint) pt_game_get_current_player (game));
  JsonArray *moves = json_node_get_array (legal);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (json_array_get_length (moves), >, 0);
  g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game),
                                       json_array_get_element (moves, index % json_array_get_length (moves)),
                                       &error));
  g_assert_no_error (error);
}

/* A move that discards a card and draws from the deck: rounds of exactly
 * one turn per deck card, and nobody scores. */
static inline void
lc_test_play_quiet (PtGame *game)
{
  g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, (guint) pt_game_get_current_player (game));
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *move = json_array_get_object_element (moves, i);

      if (json_object_has_member (move, "discard") &&
          g_strcmp0 (json_object_get_string_member (move, "draw"), "deck") == 0)
        {
          g_assert_true (pt_game_request_move (game, (guint) pt_game_get_current_player (game),
                                               json_array_get_element (moves, i), NULL));
          return;
        }
    }
  g_assert_not_reached ();
}
