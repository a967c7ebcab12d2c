/* pt-lost-cities-game.c — Lost Cities as a PtGame; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A thin JSON/GObject layer over PtLostCitiesState: it parses records and
 * moves strictly, turns the typed errors into messages, and builds views.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-lost-cities-game.h"
#include "pt-match.h"
#include "pt-record.h"
#include "pt-rng.h"

struct _PtLostCitiesGame
{
  PtGame parent_instance;

  PtLostCitiesState state;
  PtLostCitiesState initial; /* as set up: the record's setup */
};

G_DEFINE_FINAL_TYPE (PtLostCitiesGame, pt_lost_cities_game, PT_TYPE_GAME)

/* Cards as codes ------------------------------------------------------- */

static JsonArray *
cards_to_json (const PtLostCitiesCard *cards,
               guint n)
{
  JsonArray *array = json_array_sized_new (n);
  char code[4];

  for (guint i = 0; i < n; i++)
    json_array_add_string_element (array, pt_lost_cities_card_to_code (cards[i], code));
  return array;
}

static JsonArray *
sorted_cards_to_json (const PtLostCitiesCard *cards,
                      guint n,
                      guint only_mask)
{
  PtLostCitiesCard sorted[PT_LOST_CITIES_HAND_SIZE];
  guint k = 0;

  for (guint i = 0; i < n; i++)
    if (only_mask & (1u << i))
      {
        guint j = k++;

        while (j > 0 && sorted[j - 1] > cards[i])
          {
            sorted[j] = sorted[j - 1];
            j--;
          }
        sorted[j] = cards[i];
      }
  return cards_to_json (sorted, k);
}

/* Moves ---------------------------------------------------------------- */

JsonNode *
pt_lost_cities_move_to_json (const PtLostCitiesMove *move)
{
  JsonObject *object = json_object_new ();
  char code[4];

  json_object_set_string_member (object, move->discard ? "discard" : "play",
                                 pt_lost_cities_card_to_code (move->card, code));
  if (move->draw == PT_LOST_CITIES_DRAW_DECK)
    json_object_set_string_member (object, "draw", "deck");
  else
    {
      char letter[2] = { pt_lost_cities_color_letters[move->draw], '\0' };
      json_object_set_string_member (object, "draw", letter);
    }
  return pt_json_node_new_object (object);
}

/* The form of a move; whether the rules allow it is the state's job. */
gboolean
pt_lost_cities_move_from_json (JsonNode *node,
                               guint n_colors,
                               PtLostCitiesMove *move,
                               GError **error)
{
  static const char *const allowed[] = { "play", "discard", "draw", NULL };
  JsonObject *object = pt_json_get_object (node);
  JsonNode *play, *discard;
  const char *code, *draw, *unknown = NULL;
  int color;

  if (object == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("A move must be an object such as {\"play\": \"Y2\", \"draw\": \"deck\"}"));
      return FALSE;
    }
  if (!pt_json_object_only_has (object, allowed, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("A move has no part “%s”"), unknown);
      return FALSE;
    }
  play = json_object_get_member (object, "play");
  discard = json_object_get_member (object, "discard");
  if ((play == NULL) == (discard == NULL))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           play ? _("A move either plays or discards a card, not both")
                                : _("A move must play or discard a card"));
      return FALSE;
    }
  code = pt_json_get_string (play ? play : discard);
  if (code == NULL || !pt_lost_cities_card_from_code (code, n_colors, &move->card))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("“%s” is not a card of this game"), code ? code : "");
      return FALSE;
    }
  move->discard = discard != NULL;

  if (!json_object_has_member (object, "draw"))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("A move must also say where a card is drawn from"));
      return FALSE;
    }
  draw = pt_json_get_string (json_object_get_member (object, "draw"));
  if (g_strcmp0 (draw, "deck") == 0)
    {
      move->draw = PT_LOST_CITIES_DRAW_DECK;
      return TRUE;
    }
  color = draw != NULL && draw[0] != '\0' && draw[1] == '\0'
              ? pt_lost_cities_color_from_letter (draw[0], n_colors)
              : -1;
  if (color < 0)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("“%s” is not a place to draw from: use “deck” or a colour letter (%.*s)"),
                      draw ? draw : "", (int) n_colors, pt_lost_cities_color_letters);
      return FALSE;
    }
  move->draw = (guint8) color;
  return TRUE;
}

static guint
top_value (guint values_mask)
{
  return (guint) g_bit_nth_msf (values_mask, -1);
}

void
pt_lost_cities_set_move_error (GError **error,
                               const PtLostCitiesState *state,
                               const PtLostCitiesMove *move,
                               PtLostCitiesMoveError code)
{
  char card[4];
  guint color = PT_LOST_CITIES_CARD_COLOR (move->card);

  pt_lost_cities_card_to_code (move->card, card);
  switch (code)
    {
    case PT_LOST_CITIES_MOVE_OK:
      g_return_if_reached ();
    case PT_LOST_CITIES_MOVE_OVER:
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The round is over: the deck is empty"));
      break;
    case PT_LOST_CITIES_MOVE_UNKNOWN_CARD:
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("That is not a card of this game"));
      break;
    case PT_LOST_CITIES_MOVE_UNKNOWN_PILE:
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                           _("There is no such discard pile in this game"));
      break;
    case PT_LOST_CITIES_MOVE_NOT_IN_HAND:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s is not in your hand"), card);
      break;
    case PT_LOST_CITIES_MOVE_NOT_ASCENDING:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s cannot go on your %s expedition: it must be higher than the %u already there"),
                      card, pt_lost_cities_color_name (color),
                      top_value (state->values[state->current][color]));
      break;
    case PT_LOST_CITIES_MOVE_WAGER_AFTER_NUMBER:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("%s cannot go on your %s expedition: a wager may not follow a number card"),
                      card, pt_lost_cities_color_name (color));
      break;
    case PT_LOST_CITIES_MOVE_REDRAW_DISCARD:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("You cannot draw %s back: you discarded it this turn"), card);
      break;
    case PT_LOST_CITIES_MOVE_EMPTY_PILE:
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("The %s discard pile is empty"), pt_lost_cities_color_name (move->draw));
      break;
    default:
      g_return_if_reached ();
    }
}

/* Setup ---------------------------------------------------------------- */

static JsonObject *
setup_to_json (const PtLostCitiesState *state)
{
  JsonObject *setup = json_object_new ();
  JsonArray *hands = json_array_new ();

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    json_array_add_array_element (hands, cards_to_json (state->hand[p], state->hand_len[p]));
  json_object_set_array_member (setup, "hands", hands);
  json_object_set_array_member (setup, "deck", cards_to_json (state->deck, state->deck_len));
  json_object_set_int_member (setup, "first_player", state->first_player);
  return setup;
}

/* Reads @n_expected codes (any number when 0) from @node, counting every
 * card in @counts against what the deck holds. */
static gboolean
parse_setup_cards (JsonNode *node,
                   const char *what,
                   guint n_colors,
                   guint n_expected,
                   guint8 *counts,
                   PtLostCitiesCard *out,
                   guint *n_out,
                   GError **error)
{
  JsonArray *array = pt_json_get_array (node);
  guint n;

  if (array == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                   _("The setup’s %s must be a list of cards"), what);
      return FALSE;
    }
  n = json_array_get_length (array);
  if ((n_expected > 0 && n != n_expected) || (n_expected == 0 && n > PT_LOST_CITIES_MAX_DECK))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                   g_dngettext (GETTEXT_PACKAGE, "The setup’s %s has %u card, not %u",
                                "The setup’s %s has %u cards, not %u", n),
                   what, n,
                   n_expected ? n_expected : pt_lost_cities_n_cards (n_colors) - 16u);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *code = pt_json_get_string (json_array_get_element (array, i));
      PtLostCitiesCard card;
      guint limit;

      if (code == NULL || !pt_lost_cities_card_from_code (code, n_colors, &card))
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                       _("The setup’s %s holds “%s”, which is not a card of this game"),
                          what, code ? code : "");
          return FALSE;
        }
      limit = PT_LOST_CITIES_CARD_KIND (card) == 0 ? PT_LOST_CITIES_N_WAGERS : 1;
      if (++counts[card] > limit)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                       _("The setup deals %s more often than the game has it"), code);
          return FALSE;
        }
      out[i] = card;
    }
  *n_out = n;
  return TRUE;
}

static gboolean
parse_setup (JsonObject *setup,
             const PtLostCitiesOptions *options,
             PtLostCitiesState *state,
             GError **error)
{
  static const char *const allowed[] = { "hands", "deck", "first_player", NULL };
  PtLostCitiesCard hands[PT_LOST_CITIES_N_PLAYERS][PT_LOST_CITIES_HAND_SIZE];
  PtLostCitiesCard deck[PT_LOST_CITIES_MAX_DECK];
  guint8 counts[PT_LOST_CITIES_CARD_CODES] = { 0 };
  JsonArray *hands_json;
  const char *unknown = NULL;
  guint n_deck = 0, n_hand;
  gint64 first;

  if (!pt_json_object_only_has (setup, allowed, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                   _("The setup has an unknown part “%s”"), unknown);
      return FALSE;
    }
  hands_json = pt_json_get_array (json_object_get_member (setup, "hands"));
  if (hands_json == NULL || json_array_get_length (hands_json) != PT_LOST_CITIES_N_PLAYERS)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                           _("The setup must list the hands of the 2 players"));
      return FALSE;
    }
  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    if (!parse_setup_cards (json_array_get_element (hands_json, p),
                            p == 0 ? _("first hand") : _("second hand"), options->n_colors, PT_LOST_CITIES_HAND_SIZE, counts, hands[p], &n_hand, error))
      return FALSE;
  if (!parse_setup_cards (json_object_get_member (setup, "deck"), _("deck"), options->n_colors,
                                                                     0, counts, deck, &n_deck, error))
    return FALSE;

  /* Every card exactly once (wagers thrice): no more was checked while
   * reading, so the first short count is a missing card. */
  for (guint card = 0; card < options->n_colors * PT_LOST_CITIES_CARD_STRIDE; card++)
    {
      guint expected = PT_LOST_CITIES_CARD_KIND (card) >= PT_LOST_CITIES_KINDS ? 0
                       : PT_LOST_CITIES_CARD_KIND (card) == 0                  ? PT_LOST_CITIES_N_WAGERS
                                                                               : 1;

      if (counts[card] < expected)
        {
          char code[4];
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                       g_dngettext (GETTEXT_PACKAGE, "The setup is not the full deck of %u card: %s is missing",
                                    "The setup is not the full deck of %u cards: %s is missing",
                                    pt_lost_cities_n_cards (options->n_colors)),
                       pt_lost_cities_n_cards (options->n_colors),
                       pt_lost_cities_card_to_code ((PtLostCitiesCard) card, code));
          return FALSE;
        }
    }

  if (!pt_json_get_int (json_object_get_member (setup, "first_player"), &first) ||
      first < 0 || first >= PT_LOST_CITIES_N_PLAYERS)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                           _("The setup must say who plays first (0 or 1)"));
      return FALSE;
    }

  pt_lost_cities_state_init (state, options, hands[0], hands[1], deck, n_deck, (guint) first);
  return TRUE;
}

/* PtGame vfuncs -------------------------------------------------------- */

static gboolean
pt_lost_cities_game_deal (PtGameClass *klass,
                          JsonObject *options_json,
                          guint n_players,
                          int first_player,
                          guint64 seed,
                          JsonObject **out_options,
                          JsonObject **out_setup,
                          GError **error)
{
  PtLostCitiesOptions options;
  PtLostCitiesState state;
  PtRng rng;

  if (!pt_lost_cities_options_parse (options_json, &options, error))
    return FALSE;
  pt_rng_init (&rng, seed);
  pt_lost_cities_state_deal (&state, &options, &rng, first_player);
  *out_options = pt_lost_cities_options_to_json (&options);
  *out_setup = setup_to_json (&state);
  return TRUE;
}

static JsonNode *
pt_lost_cities_game_score_sheet (PtGameClass *klass,
                                 JsonObject *sheet,
                                 GError **error)
{
  return pt_lost_cities_score_sheet (sheet, error);
}

static gboolean
pt_lost_cities_game_setup (PtGame *game,
                           JsonObject *options_json,
                           JsonObject *setup,
                           GError **error)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);
  PtLostCitiesOptions options;
  PtLostCitiesState state;

  if (!pt_lost_cities_options_parse (options_json, &options, error) ||
      !parse_setup (setup, &options, &state, error))
    return FALSE;
  self->state = state;
  self->initial = state;
  return TRUE;
}

static int
pt_lost_cities_game_get_current_player (PtGame *game)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);

  return self->state.over ? -1 : self->state.current;
}

static gboolean
pt_lost_cities_game_get_is_over (PtGame *game)
{
  return PT_LOST_CITIES_GAME (game)->state.over;
}

static const char *
pt_lost_cities_game_get_phase (PtGame *game)
{
  return PT_LOST_CITIES_GAME (game)->state.over ? "over" : "play";
}

static gboolean
pt_lost_cities_game_apply_move (PtGame *game,
                                guint player,
                                JsonNode *move_json,
                                GError **error)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);
  PtLostCitiesMove move;
  PtLostCitiesMoveError code;

  if (!pt_lost_cities_move_from_json (move_json, self->state.options.n_colors, &move, error))
    return FALSE;
  g_return_val_if_fail (player == self->state.current, FALSE);
  code = pt_lost_cities_state_play (&self->state, &move);
  if (code != PT_LOST_CITIES_MOVE_OK)
    {
      pt_lost_cities_set_move_error (error, &self->state, &move, code);
      return FALSE;
    }
  return TRUE;
}

/* Cards in sentences, with their article so that languages whose colour
 * words agree with the noun can say so (the same messages as the board's
 * labels). */
static const char *
color_word (guint color)
{
  return color < PT_LOST_CITIES_MAX_COLORS ? pt_lost_cities_color_name (color) : "";
}

static char *
card_definite (PtLostCitiesCard card)
{
  guint color = PT_LOST_CITIES_CARD_COLOR (card);

  if (PT_LOST_CITIES_CARD_KIND (card) == 0)
    switch (color)
      {
      case 0:
        return g_strdup (_("the yellow wager"));
      case 1:
        return g_strdup (_("the blue wager"));
      case 2:
        return g_strdup (_("the white wager"));
      case 3:
        return g_strdup (_("the green wager"));
      case 4:
        return g_strdup (_("the red wager"));
      case 5:
        return g_strdup (_("the purple wager"));
      default:
        return g_strdup ("");
      }
  {
    g_autofree char *value = g_strdup_printf ("%u", PT_LOST_CITIES_CARD_VALUE (card));

    /* Translators: a card with its article, e.g. "the red 7" (colour, value) */
    return g_strdup_printf (C_("card", "the %s %s"), color_word (color), value);
  }
}

/* "Beto played the red 7 and drew from the deck.", on the state before
 * the move, where the pile top that is taken still shows. */
static char *
pt_lost_cities_game_describe_move (PtGame *game,
                                   guint player,
                                   JsonNode *move_json)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);
  const PtLostCitiesState *state = &self->state;
  const char *name = pt_game_get_player_name (game, player);
  PtLostCitiesMove move;
  g_autofree char *card = NULL;
  g_autofree char *taken = NULL;

  if (name == NULL || !pt_lost_cities_move_from_json (move_json, state->options.n_colors, &move, NULL))
    return NULL;
  card = card_definite (move.card);
  if (move.draw != PT_LOST_CITIES_DRAW_DECK && state->pile_len[move.draw] > 0)
    taken = card_definite (PT_LOST_CITIES_CARD (move.draw, state->pile[move.draw][state->pile_len[move.draw] - 1]));

  if (!move.discard && taken == NULL)
    return g_strdup_printf (_("%s played %s and drew from the deck."), name, card);
  if (!move.discard)
    return g_strdup_printf (_("%s played %s and took %s from its discard pile."), name, card, taken);
  if (taken == NULL)
    return g_strdup_printf (_("%s discarded %s and drew from the deck."), name, card);
  return g_strdup_printf (_("%s discarded %s and took %s from its discard pile."), name, card, taken);
}

static JsonNode *
pt_lost_cities_game_list_legal_moves (PtGame *game,
                                      guint player)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);
  PtLostCitiesMove moves[PT_LOST_CITIES_MAX_MOVES];
  JsonArray *array = json_array_new ();
  guint n = 0;

  if (!self->state.over && player == self->state.current)
    n = pt_lost_cities_state_legal_moves (&self->state, moves);
  for (guint i = 0; i < n; i++)
    json_array_add_element (array, pt_lost_cities_move_to_json (&moves[i]));
  return pt_json_node_new_array (array);
}

static void
pt_lost_cities_game_get_scores (PtGame *game,
                                int *scores)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    scores[p] = pt_lost_cities_state_score (&self->state, p);
}

static guint
pt_lost_cities_game_get_winners (PtGame *game)
{
  return pt_lost_cities_state_winners (&PT_LOST_CITIES_GAME (game)->state);
}

static JsonArray *
expeditions_array (const PtLostCitiesState *state,
                   JsonArray *scores)
{
  JsonArray *players = json_array_new ();

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    {
      int score;

      json_array_add_object_element (players,
                                     pt_lost_cities_expeditions_to_json (&state->options,
                                                                         state->wagers[p],
                                                                         state->values[p],
                                                                         &score));
      json_array_add_int_element (scores, score);
    }
  return players;
}

static JsonNode *
pt_lost_cities_game_get_breakdown (PtGame *game)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);
  JsonObject *breakdown = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *scores = json_array_new ();
  g_autoptr(JsonArray) expeditions = expeditions_array (&self->state, scores);

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    {
      JsonObject *player = json_object_new ();

      json_object_set_object_member (player, "expeditions",
                                     json_object_ref (json_array_get_object_element (expeditions, p)));
      json_object_set_int_member (player, "score", json_array_get_int_element (scores, p));
      json_array_add_object_element (players, player);
    }
  json_object_set_object_member (breakdown, "options",
                                 pt_lost_cities_options_to_json (&self->state.options));
  json_object_set_array_member (breakdown, "players", players);
  json_object_set_array_member (breakdown, "scores", scores);
  return pt_json_node_new_object (breakdown);
}

static JsonNode *
pt_lost_cities_game_get_view (PtGame *game,
                              int player)
{
  PtLostCitiesGame *self = PT_LOST_CITIES_GAME (game);
  const PtLostCitiesState *state = &self->state;
  JsonObject *view = json_object_new ();
  JsonArray *hand_counts = json_array_new ();
  JsonArray *known = json_array_new ();
  JsonObject *discards = json_object_new ();
  JsonArray *scores = json_array_new ();

  json_object_set_int_member (view, "player", player);
  json_object_set_string_member (view, "phase", pt_lost_cities_game_get_phase (game));
  json_object_set_int_member (view, "current_player", pt_lost_cities_game_get_current_player (game));
  json_object_set_boolean_member (view, "over", state->over);
  json_object_set_object_member (view, "options", pt_lost_cities_options_to_json (&state->options));
  json_object_set_int_member (view, "deck_count", pt_lost_cities_state_deck_remaining (state));

  for (guint p = 0; p < PT_LOST_CITIES_N_PLAYERS; p++)
    {
      json_array_add_int_element (hand_counts, state->hand_len[p]);
      /* Public knowledge: both players saw the card leave the pile. */
      json_array_add_array_element (known, sorted_cards_to_json (state->hand[p], state->hand_len[p],
                                                                 state->known[p]));
    }
  json_object_set_array_member (view, "hand_counts", hand_counts);
  if (player >= 0)
    json_object_set_array_member (view, "hand",
                                  sorted_cards_to_json (state->hand[player], state->hand_len[player],
                                                        0xffu));
  json_object_set_array_member (view, "known_cards", known);

  for (guint c = 0; c < state->options.n_colors; c++)
    {
      PtLostCitiesCard pile[PT_LOST_CITIES_COLOR_CARDS];
      char letter[2] = { pt_lost_cities_color_letters[c], '\0' };

      for (guint i = 0; i < state->pile_len[c]; i++)
        pile[i] = PT_LOST_CITIES_CARD (c, state->pile[c][i]);
      json_object_set_array_member (discards, letter, cards_to_json (pile, state->pile_len[c]));
    }
  json_object_set_object_member (view, "discards", discards);
  json_object_set_array_member (view, "expeditions", expeditions_array (state, scores));
  json_object_set_array_member (view, "scores", scores);
  return pt_json_node_new_object (view);
}

static JsonObject *
pt_lost_cities_game_save_options (PtGame *game)
{
  return pt_lost_cities_options_to_json (&PT_LOST_CITIES_GAME (game)->initial.options);
}

static JsonObject *
pt_lost_cities_game_save_setup (PtGame *game)
{
  return setup_to_json (&PT_LOST_CITIES_GAME (game)->initial);
}

/* The reading stored with the match: the "seed" preset, or the two
 * readings as the rulebook or the seed text has them, else "custom". */
static char *
pt_lost_cities_game_rule_reading (PtGameClass *klass,
                                  JsonObject *options)
{
  gboolean bonus, wagers;

  if (options == NULL)
    return g_strdup ("");
  bonus = json_object_get_boolean_member_with_default (options, "bonus_counts_wagers", TRUE);
  wagers = json_object_get_boolean_member_with_default (options, "wager_only_scores", TRUE);
  if (g_strcmp0 (json_object_get_string_member_with_default (options, "rules", NULL), "seed") == 0)
    return g_strdup ("seed");
  if (bonus && wagers)
    return g_strdup ("rulebook");
  if (!bonus && !wagers)
    return g_strdup ("seed");
  return g_strdup ("custom");
}

static const char *const rule_presets[] = { "rulebook", "seed", NULL };

/* Its "Learn to play" course (pt-lost-cities-lesson.c). */
extern const PtLessonCourse pt_lost_cities_lesson;

static void
pt_lost_cities_game_class_init (PtLostCitiesGameClass *klass)
{
  PtGameClass *game_class = PT_GAME_CLASS (klass);
  game_class->lesson = &pt_lost_cities_lesson;

  game_class->game_id = "lost-cities";
  game_class->title = N_("Lost Cities");
  game_class->summary = N_("A card game for two: lead expeditions with cards in rising order, "
                           "and wager on the ones that will pay");
  game_class->colours = pt_lost_cities_colors;
  game_class->n_colours = G_N_ELEMENTS (pt_lost_cities_colors);
  game_class->min_players = PT_LOST_CITIES_N_PLAYERS;
  game_class->max_players = PT_LOST_CITIES_N_PLAYERS;
  game_class->hidden_information = TRUE;
  game_class->max_rounds = PT_MATCH_MAX_ROUNDS;
  game_class->rule_presets = rule_presets;
  game_class->deal = pt_lost_cities_game_deal;
  game_class->score_sheet = pt_lost_cities_game_score_sheet;
  game_class->setup = pt_lost_cities_game_setup;
  game_class->get_current_player = pt_lost_cities_game_get_current_player;
  game_class->get_is_over = pt_lost_cities_game_get_is_over;
  game_class->get_phase = pt_lost_cities_game_get_phase;
  game_class->apply_move = pt_lost_cities_game_apply_move;
  game_class->list_legal_moves = pt_lost_cities_game_list_legal_moves;
  game_class->get_scores = pt_lost_cities_game_get_scores;
  game_class->get_winners = pt_lost_cities_game_get_winners;
  game_class->get_breakdown = pt_lost_cities_game_get_breakdown;
  game_class->get_view = pt_lost_cities_game_get_view;
  game_class->save_options = pt_lost_cities_game_save_options;
  game_class->save_setup = pt_lost_cities_game_save_setup;
  game_class->describe_move = pt_lost_cities_game_describe_move;
  game_class->rule_reading = pt_lost_cities_game_rule_reading;
}

static void
pt_lost_cities_game_init (PtLostCitiesGame *self)
{
  PtLostCitiesOptions options;

  pt_lost_cities_options_init_default (&options);
  memset (&self->state, 0, sizeof self->state);
  self->state.options = options;
  self->initial = self->state;
}

const PtLostCitiesState *
pt_lost_cities_game_get_state (PtLostCitiesGame *self)
{
  g_return_val_if_fail (PT_IS_LOST_CITIES_GAME (self), NULL);

  return &self->state;
}

/**
 * pt_lost_cities_game_sample_state:
 * @viewer: the player whose knowledge the sample respects
 * @out: (out caller-allocates): a state that agrees with everything
 *   @viewer knows, with the unseen cards shuffled by @rng
 */
void
pt_lost_cities_game_sample_state (PtLostCitiesGame *self,
                                  guint viewer,
                                  PtRng *rng,
                                  PtLostCitiesState *out)
{
  g_return_if_fail (PT_IS_LOST_CITIES_GAME (self));
  g_return_if_fail (viewer < PT_LOST_CITIES_N_PLAYERS);

  pt_lost_cities_state_determinize (&self->state, viewer, rng, out);
}
