/* test-game.c — PtGame's base behaviour, exercised through Lost Cities:
 * signals, notifications, undo, records and record errors
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "lost-cities-test-util.h"
#include "pt-station-map.h"

typedef struct
{
  guint applied;
  guint undone;
  guint over;
  guint notify_current;
  guint notify_is_over;
  guint notify_can_undo;
  guint last_player;
} Counters;

static void
on_move_applied (PtGame *game,
                 guint player,
                 JsonNode *move,
                 Counters *c)
{
  c->applied++;
  c->last_player = player;
  g_assert_nonnull (move);
}

static void
on_undone (PtGame *game, Counters *c)
{
  c->undone++;
}
static void
on_over (PtGame *game, Counters *c)
{
  c->over++;
}
static void
on_current (GObject *o, GParamSpec *p, Counters *c)
{
  c->notify_current++;
}
static void
on_is_over (GObject *o, GParamSpec *p, Counters *c)
{
  c->notify_is_over++;
}
static void
on_can_undo (GObject *o, GParamSpec *p, Counters *c)
{
  c->notify_can_undo++;
}

static void
connect_counters (PtGame *game,
                  Counters *c)
{
  memset (c, 0, sizeof *c);
  g_signal_connect (game, "move-applied", G_CALLBACK (on_move_applied), c);
  g_signal_connect (game, "move-undone", G_CALLBACK (on_undone), c);
  g_signal_connect (game, "game-over", G_CALLBACK (on_over), c);
  g_signal_connect (game, "notify::current-player", G_CALLBACK (on_current), c);
  g_signal_connect (game, "notify::is-over", G_CALLBACK (on_is_over), c);
  g_signal_connect (game, "notify::can-undo", G_CALLBACK (on_can_undo), c);
}

static const PtLostCitiesState *
state_of (PtGame *game)
{
  return pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game));
}

static void
test_signals (void)
{
  g_autoptr(PtGame) game = lc_test_dealt_game (7);
  g_autoptr(GError) error = NULL;
  Counters c;
  int first = pt_game_get_current_player (game);

  connect_counters (game, &c);
  g_assert_false (pt_game_get_can_undo (game));

  /* Rejections emit nothing. */
  g_assert_false (pt_game_request_move_string (game, (guint) (1 - first),
                                               "{\"discard\": \"Y2\", \"draw\": \"deck\"}", &error));
  g_clear_error (&error);
  g_assert_false (pt_game_request_move_string (game, (guint) first, "{\"discard\": \"Q\", \"draw\": \"deck\"}", &error));
  g_clear_error (&error);
  g_assert_false (pt_game_request_move_string (game, (guint) first, "not json", &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE);
  g_clear_error (&error);
  g_assert_cmpuint (c.applied + c.notify_current + c.notify_can_undo + c.over, ==, 0);

  /* One accepted move: one signal, the turn passes, undo becomes possible. */
  lc_test_play_nth (game, 0);
  g_assert_cmpuint (c.applied, ==, 1);
  g_assert_cmpuint (c.last_player, ==, (guint) first);
  g_assert_cmpuint (c.notify_current, ==, 1);
  g_assert_cmpuint (c.notify_can_undo, ==, 1);
  g_assert_cmpint (pt_game_get_current_player (game), ==, 1 - first);
  g_assert_true (pt_game_get_can_undo (game));

  lc_test_play_nth (game, 3);
  g_assert_cmpuint (c.applied, ==, 2);
  g_assert_cmpuint (c.notify_current, ==, 2);
  g_assert_cmpuint (c.notify_can_undo, ==, 1); /* unchanged: no notify */

  /* To the end: game-over and is-over exactly once. */
  while (!pt_game_get_is_over (game))
    lc_test_play_quiet (game);
  g_assert_cmpuint (c.over, ==, 1);
  g_assert_cmpuint (c.notify_is_over, ==, 1);
  g_assert_cmpuint (c.applied, ==, pt_game_get_n_moves (game));
  g_assert_false (pt_game_get_can_undo (game));
  g_assert_cmpuint (c.notify_can_undo, ==, 2);
  g_assert_false (pt_game_undo (game, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_CANNOT_UNDO);
  g_clear_error (&error);
  g_assert_false (pt_game_request_move_string (game, 0, "{\"discard\": \"Y2\", \"draw\": \"deck\"}", &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER);
  g_assert_cmpuint (c.over, ==, 1);
}

static void
test_undo (void)
{
  g_autoptr(PtGame) game = lc_test_dealt_game (8);
  g_autoptr(GError) error = NULL;
  PtLostCitiesState start = *state_of (game), middle;
  Counters c;

  connect_counters (game, &c);
  g_assert_false (pt_game_undo (game, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_CANNOT_UNDO);
  g_clear_error (&error);

  lc_test_play_nth (game, 1);
  lc_test_play_nth (game, 5);
  middle = *state_of (game);
  lc_test_play_nth (game, 2);

  g_assert_true (pt_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.undone, ==, 1);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, 2);
  g_assert_cmpmem (state_of (game), sizeof middle, &middle, sizeof middle);

  g_assert_true (pt_game_undo (game, NULL));
  g_assert_true (pt_game_undo (game, NULL));
  g_assert_cmpmem (state_of (game), sizeof start, &start, sizeof start);
  g_assert_false (pt_game_get_can_undo (game));
  g_assert_cmpuint (c.undone, ==, 3);
  g_assert_cmpuint (c.notify_can_undo, ==, 2); /* on after move 1, off after the last undo */

  /* A match may forbid undo. */
  lc_test_play_nth (game, 0);
  pt_game_set_allow_undo (game, FALSE);
  g_assert_false (pt_game_get_can_undo (game));
  g_assert_false (pt_game_undo (game, &error));
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_CANNOT_UNDO);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, 1);
}

static void
test_record_round_trip (void)
{
  g_autoptr(PtGame) game = lc_test_dealt_game (9);
  g_autoptr(PtGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  g_autoptr(JsonNode) view = NULL, loaded_view = NULL;
  g_autofree char *view_text = NULL, *loaded_view_text = NULL;

  for (guint i = 0; i < 17; i++)
    lc_test_play_nth (game, i * 7);
  text = pt_game_to_record_string (game, TRUE);
  loaded = pt_rules_load_record_string (text, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (state_of (loaded), sizeof (PtLostCitiesState), state_of (game), sizeof (PtLostCitiesState));
  g_assert_cmpuint (pt_game_get_n_moves (loaded), ==, 17);
  g_assert_cmpstr (pt_game_get_player_name (loaded, 1), ==, "Beto");
  again = pt_game_to_record_string (loaded, TRUE);
  g_assert_cmpstr (again, ==, text);

  view = pt_game_get_view (game, 1);
  loaded_view = pt_game_get_view (loaded, 1);
  view_text = json_to_string (view, FALSE);
  loaded_view_text = json_to_string (loaded_view, FALSE);
  g_assert_cmpstr (view_text, ==, loaded_view_text);
}

/* The record of a quiet round (discard, draw from the deck) with @n_moves
 * moves, then @extra appended to its moves. */
static char *
record_with_extra (guint n_moves,
                   const char *extra)
{
  g_autoptr(PtGame) game = lc_test_dealt_game (10);
  g_autoptr(JsonNode) record = NULL;
  JsonArray *moves;

  for (guint i = 0; i < n_moves; i++)
    lc_test_play_quiet (game);
  record = pt_game_to_record (game);
  moves = json_object_get_array_member (json_node_get_object (record), "moves");
  if (extra != NULL)
    json_array_add_element (moves, json_from_string (extra, NULL));
  return json_to_string (record, FALSE);
}

static void
assert_load_fails (const char *text,
                   int expected_move,
                   int expected_player,
                   int code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtGame) game = NULL;
  int move = 99, player = 99;

  game = pt_rules_load_record_string (text, &move, &player, &error);
  g_assert_null (game);
  g_assert_error (error, PT_RULES_ERROR, code);
  g_assert_cmpint (move, ==, expected_move);
  if (expected_player != 99)
    g_assert_cmpint (player, ==, expected_player);
}

static JsonObject *
object_from (const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);
  return json_object_ref (json_node_get_object (node));
}

static JsonArray *
array_from (const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);
  return json_array_ref (json_node_get_array (node));
}

static void
test_record_errors (void)
{
  g_autofree char *mid = record_with_extra (5, NULL);
  g_autofree char *bad_move = record_with_extra (5, "{\"play\": \"Q9\", \"draw\": \"deck\"}");
  g_autofree char *not_in_hand = NULL;
  g_autofree char *after_end = record_with_extra (44, "{\"discard\": \"Y2\", \"draw\": \"deck\"}");
  g_autoptr(PtGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) record = NULL;
  int move = 99;

  /* A record may stop mid-round. */
  game = pt_rules_load_record_string (mid, &move, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pt_game_get_n_moves (game), ==, 5);
  g_assert_false (pt_game_get_is_over (game));

  assert_load_fails (bad_move, 5, pt_game_get_current_player (game), PT_RULES_ERROR_MALFORMED_MOVE);
  assert_load_fails (after_end, 44, 99, PT_RULES_ERROR_GAME_OVER);

  /* A card the player does not hold: a card from the other hand. */
  {
    const PtLostCitiesState *s = pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game));
    char code[4];
    g_autofree char *extra = g_strdup_printf ("{\"discard\": \"%s\", \"draw\": \"deck\"}",
                                              pt_lost_cities_card_to_code (s->hand[1 - s->current][0], code));
    not_in_hand = record_with_extra (5, extra);
    /* unless both hold a copy of the same wager */
    if (pt_lost_cities_state_find_in_hand (s, s->current, s->hand[1 - s->current][0]) < 0)
      assert_load_fails (not_in_hand, 5, s->current, PT_RULES_ERROR_ILLEGAL_MOVE);
  }

  /* Envelope and setup errors are move -1. */
  assert_load_fails ("{", -1, -1, PT_RULES_ERROR_BAD_RECORD);
  assert_load_fails ("{\"format\": \"partida-record/2\"}", -1, -1, PT_RULES_ERROR_BAD_RECORD);
  record = json_from_string (mid, NULL);
  json_object_set_string_member (json_node_get_object (record), "game", "chess");
  {
    g_autofree char *text = json_to_string (record, FALSE);
    assert_load_fails (text, -1, -1, PT_RULES_ERROR_UNKNOWN_GAME);
  }
  json_object_set_string_member (json_node_get_object (record), "game", "lost-cities");
  json_object_set_object_member (json_node_get_object (record), "options",
                                 object_from ("{\"colors\": 6}"));
  {
    g_autofree char *text = json_to_string (record, FALSE);
    assert_load_fails (text, -1, -1, PT_RULES_ERROR_BAD_SETUP);
  }
  json_object_set_array_member (json_node_get_object (record), "players",
                                array_from ("[\"Solo\"]"));
  {
    g_autofree char *text = json_to_string (record, FALSE);
    assert_load_fails (text, -1, -1, PT_RULES_ERROR_BAD_RECORD);
  }
}

/* The registry: every game's class says what the UI shows of it. */
static void
test_registry (void)
{
  const char *const *ids = pt_rules_list_games ();
  guint n = 0;

  g_assert_cmpuint (g_strv_length ((GStrv) ids), ==, 3);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_assert_cmpstr (pt_rules_game_title (ids[i]), !=, ids[i]);
      g_assert_cmpuint (strlen (pt_rules_game_summary (ids[i])), >, 20);
    }
  g_assert_cmpstr (pt_rules_game_title ("lost-cities"), ==, "Lost Cities");
  g_assert_cmpstr (pt_rules_game_title ("next-station-london"), ==, "Next Station: London");
  g_assert_cmpstr (pt_rules_game_title ("chess"), ==, "chess");
  g_assert_cmpstr (pt_rules_game_summary ("chess"), ==, "");

  /* Lost Cities' colours are its record letters, in order. */
  g_assert_nonnull (pt_rules_game_colours ("lost-cities", &n));
  g_assert_cmpuint (n, ==, PT_LOST_CITIES_MAX_COLORS);
  for (guint c = 0; c < n; c++)
    {
      char key[2] = { pt_lost_cities_color_letters[c], '\0' };

      g_assert_cmpint (pt_rules_game_colour_index ("lost-cities", key), ==, (int) c);
      g_assert_cmpstr (pt_rules_game_colour_name ("lost-cities", c), ==, pt_lost_cities_color_name (c));
    }
  g_assert_cmpstr (pt_rules_game_colour_name ("lost-cities", 0), ==, "yellow");
  g_assert_cmpstr (pt_rules_game_colour_name ("lost-cities", n), ==, "");
  g_assert_cmpint (pt_rules_game_colour_index ("next-station-london", "pink"), ==, PT_LINE_PINK);
  g_assert_cmpint (pt_rules_game_colour_index ("next-station-london", "Y"), ==, -1);
  g_assert_null (pt_rules_game_colours ("circle-the-wagons", &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_null (pt_rules_game_colours ("chess", &n));
  g_assert_cmpuint (n, ==, 0);
}

/* Rounds and rule presets come from the rules class, so the session and
 * the command line need not know which game has them. */
static void
test_registry_rounds (void)
{
  g_autoptr(JsonObject) options = json_object_new ();
  const char *const *presets = pt_rules_game_rule_presets ("lost-cities");
  g_autofree char *empty = pt_rules_game_rule_reading ("lost-cities", NULL);
  g_autofree char *none = pt_rules_game_rule_reading ("circle-the-wagons", options);
  g_autofree char *unknown = pt_rules_game_rule_reading ("chess", options);

  g_assert_cmpuint (pt_rules_game_max_rounds ("lost-cities"), ==, PT_MATCH_MAX_ROUNDS);
  g_assert_cmpuint (pt_rules_game_max_rounds ("circle-the-wagons"), ==, 1);
  g_assert_cmpuint (pt_rules_game_max_rounds ("next-station-london"), ==, 1);
  g_assert_cmpuint (pt_rules_game_max_rounds ("chess"), ==, 1);

  g_assert_nonnull (presets);
  g_assert_cmpstr (presets[0], ==, "rulebook");
  g_assert_cmpstr (presets[1], ==, "seed");
  g_assert_null (presets[2]);
  g_assert_null (pt_rules_game_rule_presets ("next-station-london"));
  g_assert_null (pt_rules_game_rule_presets ("chess"));

  g_assert_cmpstr (empty, ==, "");
  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (unknown, ==, "");
  {
    g_autofree char *rulebook = pt_rules_game_rule_reading ("lost-cities", options);
    g_assert_cmpstr (rulebook, ==, "rulebook");
  }
  json_object_set_boolean_member (options, "bonus_counts_wagers", FALSE);
  {
    g_autofree char *custom = pt_rules_game_rule_reading ("lost-cities", options);
    g_assert_cmpstr (custom, ==, "custom");
  }
  json_object_set_boolean_member (options, "wager_only_scores", FALSE);
  {
    g_autofree char *seed = pt_rules_game_rule_reading ("lost-cities", options);
    g_assert_cmpstr (seed, ==, "seed");
  }
  json_object_set_boolean_member (options, "bonus_counts_wagers", TRUE);
  json_object_set_boolean_member (options, "wager_only_scores", TRUE);
  json_object_set_string_member (options, "rules", "seed");
  {
    g_autofree char *preset = pt_rules_game_rule_reading ("lost-cities", options);
    g_assert_cmpstr (preset, ==, "seed");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/game/signals", test_signals);
  g_test_add_func ("/rules/game/undo", test_undo);
  g_test_add_func ("/rules/game/record-round-trip", test_record_round_trip);
  g_test_add_func ("/rules/game/record-errors", test_record_errors);
  g_test_add_func ("/rules/game/registry", test_registry);
  g_test_add_func ("/rules/game/registry-rounds", test_registry_rounds);
  return g_test_run ();
}
