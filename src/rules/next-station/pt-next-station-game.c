/* pt-next-station-game.c — Next Station: London as a PtGame
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

/* PRId64 rather than G_GINT64_FORMAT inside _(): xgettext only understands
 * the <inttypes.h> macros and would cut the message at G_GINT64_FORMAT. */
#include <inttypes.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-record.h"
#include "pt-rng.h"
#include "pt-next-station-game.h"
#include "pt-next-station-score.h"
#include "pt-next-station-sheet.h"

struct _PtNextStationGame
{
  PtGame parent_instance;

  PtNextStationState state;
  /* The objectives in the order the record lists them. */
  guint8 objective_order[PT_NS_N_OBJECTIVES];
  guint8 n_objectives;
};

G_DEFINE_FINAL_TYPE (PtNextStationGame, pt_next_station_game, PT_TYPE_GAME)

/* Seed streams of a deal, so that adding a module never changes the
 * cards or colours of the same seed. */
enum
{
  STREAM_DECKS,
  STREAM_COLOURS,
  STREAM_OBJECTIVES,
  STREAM_POWERS,
};

static gboolean
bad_options (GError **error,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_options (GError **error,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                                                format, args));
  va_end (args);
  return FALSE;
}

static gboolean
bad_setup (GError **error,
           const char *format,
           ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_setup (GError **error,
           const char *format,
           ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                                                format, args));
  va_end (args);
  return FALSE;
}

/* Options */

/* "objectives": a list of distinct known ids (or false / absent: none). */
static gboolean
parse_objective_list (JsonNode *node,
                      guint8 *order,
                      guint8 *n_order,
                      GError **error)
{
  JsonArray *array = pt_json_get_array (node);
  guint seen = 0;

  *n_order = 0;
  if (array == NULL)
    return bad_options (error, _("The shared objectives must be on, off or a list of objectives"));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id = pt_json_get_string (json_array_get_element (array, i));
      int objective = pt_next_station_objective_from_string (id);

      if (objective < 0)
        return bad_options (error, _("Unknown objective “%s”"), id ? id : "?");
      if (seen & (1u << objective))
        return bad_options (error, _("The objective “%s” is listed twice"), id);
      seen |= 1u << objective;
      order[(*n_order)++] = (guint8) objective;
    }
  return TRUE;
}

/* The options of a record (normalised): objectives as ids, powers as a
 * boolean. @allow_draw lets "objectives": true ask for a draw (deal). */
static gboolean
parse_options (JsonObject *options,
               gboolean allow_draw,
               gboolean *draw_objectives,
               guint8 *order,
               guint8 *n_order,
               gboolean *powers,
               GError **error)
{
  JsonNode *node;
  gboolean flag;

  *draw_objectives = FALSE;
  *n_order = 0;
  *powers = FALSE;
  if (options == NULL)
    return TRUE;

  node = json_object_get_member (options, "objectives");
  if (node != NULL && pt_json_get_bool (node, &flag))
    {
      if (flag && !allow_draw)
        return bad_options (error, _("The shared objectives must list the objectives in play"));
      *draw_objectives = flag;
    }
  else if (node != NULL && !parse_objective_list (node, order, n_order, error))
    return FALSE;

  node = json_object_get_member (options, "powers");
  if (node != NULL && !pt_json_get_bool (node, powers))
    return bad_options (error, _("The pencil powers must be on or off"));
  return TRUE;
}

static JsonObject *
build_options (const guint8 *order,
               guint n_order,
               gboolean powers)
{
  JsonObject *options = json_object_new ();
  JsonArray *objectives = json_array_new ();

  for (guint i = 0; i < n_order; i++)
    json_array_add_string_element (objectives, pt_next_station_objective_to_string (order[i]));
  json_object_set_array_member (options, "objectives", objectives);
  json_object_set_boolean_member (options, "powers", powers);
  return options;
}

static JsonArray *
colour_array (const guint8 *colours)
{
  JsonArray *array = json_array_new ();

  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    json_array_add_string_element (array, pt_line_colour_to_string (colours[r]));
  return array;
}

/* Each colour's power; {} when the powers are not in play. */
static JsonObject *
build_power_map (gboolean powers_on,
                 const guint8 powers[PT_N_LINE_COLOURS])
{
  JsonObject *map = json_object_new ();

  for (guint c = 0; powers_on && c < PT_N_LINE_COLOURS; c++)
    json_object_set_string_member (map, pt_line_colour_to_string (c),
                                   pt_next_station_power_to_string (powers[c]));
  return map;
}

static JsonObject *
build_setup (guint n_players,
             const guint8 colour_order[][PT_NS_ROUNDS],
             const guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS],
             gboolean powers_on,
             const guint8 powers[PT_N_LINE_COLOURS])
{
  JsonObject *setup = json_object_new ();
  JsonArray *orders = json_array_new ();
  JsonArray *deck_list = json_array_new ();

  for (guint p = 0; p < n_players; p++)
    json_array_add_array_element (orders, colour_array (colour_order[p]));
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      JsonArray *deck = json_array_new ();

      for (guint i = 0; i < PT_NS_N_CARDS; i++)
        json_array_add_string_element (deck, pt_next_station_card_to_string (decks[r][i]));
      json_array_add_array_element (deck_list, deck);
    }
  json_object_set_array_member (setup, "colour_order", orders);
  json_object_set_array_member (setup, "decks", deck_list);
  json_object_set_object_member (setup, "powers", build_power_map (powers_on, powers));
  return setup;
}

/* A list of the 4 colours, each once. */
static gboolean
parse_colours (JsonNode *node,
               guint8 *colours,
               GError **error)
{
  JsonArray *array = pt_json_get_array (node);
  guint seen = 0;

  if (array == NULL || json_array_get_length (array) != PT_N_LINE_COLOURS)
    return bad_setup (error, _("A colour order must list the 4 colours"));
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      const char *name = pt_json_get_string (json_array_get_element (array, r));
      int colour = pt_line_colour_from_string (name);

      if (colour < 0)
        return bad_setup (error, _("Unknown colour “%s”"), name ? name : "?");
      if (seen & (1u << colour))
        return bad_setup (error, _("The colour “%s” appears twice in a colour order"), name);
      seen |= 1u << colour;
      colours[r] = (guint8) colour;
    }
  return TRUE;
}

static gboolean
pt_next_station_game_deal (PtGameClass *klass,
                           JsonObject *options,
                           guint n_players,
                           int first_player,
                           guint64 seed,
                           JsonObject **out_options,
                           JsonObject **out_setup,
                           GError **error)
{
  static const char *const allowed[] = { "objectives", "powers", "colour_order", "players", NULL };
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 colour_order[PT_NS_MAX_PLAYERS][PT_NS_ROUNDS];
  guint8 powers[PT_N_LINE_COLOURS] = {
    0,
  };
  guint8 order[PT_NS_N_OBJECTIVES], n_order = 0;
  guint8 colours[PT_N_LINE_COLOURS] = { PT_LINE_PURPLE, PT_LINE_BLUE, PT_LINE_PINK, PT_LINE_GREEN };
  gboolean draw_objectives, powers_on;
  const char *unknown = NULL;
  JsonNode *node;
  PtRng rng;

  if (options != NULL && !pt_json_object_only_has (options, allowed, &unknown))
    return bad_options (error, _("Next Station: London has no option “%s”"), unknown);
  if (!parse_options (options, TRUE, &draw_objectives, order, &n_order, &powers_on, error))
    return FALSE;
  if (options != NULL && (node = json_object_get_member (options, "players")) != NULL)
    {
      gint64 n;

      if (!pt_json_get_int (node, &n) || n != (gint64) n_players)
        return bad_options (error, g_dngettext (GETTEXT_PACKAGE, "The option “players” does not match the %u player named", "The option “players” does not match the %u players named", n_players), n_players);
    }

  /* The decks: each round shuffles the 11 cards afresh. */
  pt_rng_init (&rng, pt_rng_derive_seed (seed, STREAM_DECKS));
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      for (guint i = 0; i < PT_NS_N_CARDS; i++)
        decks[r][i] = (guint8) i;
      pt_rng_shuffle (&rng, decks[r], PT_NS_N_CARDS, 1);
    }

  /* Colours: the pencils start in a random order around the table and
   * pass on after each round (to the previous seat), so seat p draws
   * colours[(p + r) mod 4] in round r: every player uses each colour once
   * and no two players share one in a round (the spare pencils of 2–3
   * players included, as in the rulebook). Seat 0 draws colours in order,
   * so a solo player's chosen order is used as given. */
  pt_rng_init (&rng, pt_rng_derive_seed (seed, STREAM_COLOURS));
  pt_rng_shuffle (&rng, colours, PT_N_LINE_COLOURS, 1);
  if (options != NULL && (node = json_object_get_member (options, "colour_order")) != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (n_players != 1)
        return bad_options (error, _("Only a solo player chooses the colour order"));
      if (!parse_colours (node, colours, &local_error))
        return bad_options (error, "%s", local_error->message);
    }
  for (guint p = 0; p < n_players; p++)
    for (guint r = 0; r < PT_NS_ROUNDS; r++)
      colour_order[p][r] = colours[(p + r) % PT_NS_ROUNDS];

  if (draw_objectives)
    {
      guint8 all[PT_NS_N_OBJECTIVES];

      for (guint i = 0; i < PT_NS_N_OBJECTIVES; i++)
        all[i] = (guint8) i;
      pt_rng_init (&rng, pt_rng_derive_seed (seed, STREAM_OBJECTIVES));
      pt_rng_shuffle (&rng, all, PT_NS_N_OBJECTIVES, 1);
      order[0] = all[0];
      order[1] = all[1];
      n_order = 2;
    }

  if (powers_on)
    {
      for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
        powers[c] = (guint8) (PT_NS_POWER_DOUBLE + c);
      pt_rng_init (&rng, pt_rng_derive_seed (seed, STREAM_POWERS));
      pt_rng_shuffle (&rng, powers, PT_N_LINE_COLOURS, 1);
    }

  *out_options = build_options (order, n_order, powers_on);
  *out_setup = build_setup (n_players, (const guint8 (*)[PT_NS_ROUNDS]) colour_order,
                            (const guint8 (*)[PT_NS_N_CARDS]) decks, powers_on, powers);
  return TRUE;
}

/* Setup */

static gboolean
parse_decks (JsonNode *node,
             guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS],
             GError **error)
{
  JsonArray *rounds = pt_json_get_array (node);

  if (rounds == NULL || json_array_get_length (rounds) != PT_NS_ROUNDS)
    return bad_setup (error, _("The setup must give the 4 rounds’ decks"));
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      JsonArray *deck = pt_json_get_array (json_array_get_element (rounds, r));
      guint seen = 0;

      if (deck == NULL || json_array_get_length (deck) != PT_NS_N_CARDS)
        return bad_setup (error, _("The deck of round %u must hold the 11 cards"), r + 1);
      for (guint i = 0; i < PT_NS_N_CARDS; i++)
        {
          const char *code = pt_json_get_string (json_array_get_element (deck, i));
          int card = pt_next_station_card_from_string (code);

          if (card < 0)
            return bad_setup (error, _("Round %u: unknown card “%s”"), r + 1, code ? code : "?");
          if (seen & (1u << card))
            return bad_setup (error, _("Round %u: the card %s appears twice"), r + 1, code);
          seen |= 1u << card;
          decks[r][i] = (guint8) card;
        }
    }
  return TRUE;
}

static gboolean
parse_powers (JsonNode *node,
              guint8 powers[PT_N_LINE_COLOURS],
              GError **error)
{
  JsonObject *object = pt_json_get_object (node);
  guint seen = 0;

  if (object == NULL || json_object_get_size (object) != PT_N_LINE_COLOURS)
    return bad_setup (error, _("With pencil powers, the setup gives each of the 4 colours a power"));
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    {
      const char *colour = pt_line_colour_to_string (c);
      const char *name = pt_json_get_string (json_object_get_member (object, colour));
      int power = pt_next_station_power_from_string (name);

      if (name == NULL)
        return bad_setup (error, _("The %s pencil has no power"), _(colour));
      if (power < 0)
        return bad_setup (error, _("Unknown pencil power “%s”"), name);
      if (seen & (1u << power))
        return bad_setup (error, _("Two pencils have the power “%s”"), name);
      seen |= 1u << power;
      powers[c] = (guint8) power;
    }
  return TRUE;
}

static gboolean
pt_next_station_game_setup (PtGame *game,
                            JsonObject *options,
                            JsonObject *setup,
                            GError **error)
{
  static const char *const option_members[] = { "objectives", "powers", NULL };
  static const char *const setup_members[] = { "colour_order", "decks", "powers", NULL };
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  guint n_players = pt_game_get_n_players (game);
  guint8 decks[PT_NS_ROUNDS][PT_NS_N_CARDS];
  guint8 colour_order[PT_NS_MAX_PLAYERS][PT_NS_ROUNDS];
  guint8 powers[PT_N_LINE_COLOURS] = {
    0,
  };
  guint8 order[PT_NS_N_OBJECTIVES], n_order;
  gboolean draw, powers_on;
  guint objectives = 0;
  const char *unknown = NULL;
  JsonArray *orders;
  g_autoptr(GError) local_error = NULL;

  if (options != NULL && !pt_json_object_only_has (options, option_members, &unknown))
    return bad_setup (error, _("Next Station: London has no option “%s”"), unknown);
  if (!parse_options (options, FALSE, &draw, order, &n_order, &powers_on, &local_error))
    return bad_setup (error, "%s", local_error->message);
  if (!pt_json_object_only_has (setup, setup_members, &unknown))
    return bad_setup (error, _("Unknown setup member “%s”"), unknown);

  orders = pt_json_get_array (json_object_get_member (setup, "colour_order"));
  if (orders == NULL || json_array_get_length (orders) != n_players)
    return bad_setup (error, g_dngettext (GETTEXT_PACKAGE, "The setup must give a colour order for each of the %u player", "The setup must give a colour order for each of the %u players", n_players),
                      n_players);
  for (guint p = 0; p < n_players; p++)
    if (!parse_colours (json_array_get_element (orders, p), colour_order[p], error))
      return FALSE;
  /* In a round no two players may draw with the same pencil. */
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    for (guint p = 0; p < n_players; p++)
      for (guint q = p + 1; q < n_players; q++)
        if (colour_order[p][r] == colour_order[q][r])
          return bad_setup (error, _("Players %u and %u both draw the %s line in round %u"),
                                      p, q, _(pt_line_colour_to_string (colour_order[p][r])), r + 1);

  if (!parse_decks (json_object_get_member (setup, "decks"), decks, error))
    return FALSE;
  if (powers_on && !parse_powers (json_object_get_member (setup, "powers"), powers, error))
    return FALSE;

  for (guint i = 0; i < n_order; i++)
    objectives |= 1u << order[i];
  memcpy (self->objective_order, order, n_order);
  self->n_objectives = n_order;
  pt_next_station_state_init (&self->state, pt_station_map_get_london (), n_players,
                              (const guint8 (*)[PT_NS_N_CARDS]) decks,
                              (const guint8 (*)[PT_NS_ROUNDS]) colour_order,
                              powers_on, powers, objectives);
  return TRUE;
}

/* Actions as JSON */

static gboolean
malformed (GError **error,
           const char *message)
{
  g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE, message);
  return FALSE;
}

static gboolean
read_point (const PtStationMap *map,
            JsonNode *node,
            const char *member,
            guint8 *station,
            GError **error)
{
  JsonArray *array = pt_json_get_array (node);
  gint64 x, y;
  int index;

  if (array == NULL || json_array_get_length (array) != 2 ||
      !pt_json_get_int (json_array_get_element (array, 0), &x) ||
      !pt_json_get_int (json_array_get_element (array, 1), &y))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   g_strcmp0 (member, "from") == 0 ? _("The station a section starts from must be a point [x, y]")
                                                   : g_strcmp0 (member, "to") == 0
                   ? _("The station a section goes to must be a point [x, y]")
                   : _("The circled station must be a point [x, y]"));
      return FALSE;
    }
  index = pt_station_map_station_at (map, (int) CLAMP (x, -1, 99), (int) CLAMP (y, -1, 99));
  if (x < 0 || y < 0 || x >= map->width || y >= map->height)
    {
      /* Counted from 1, like the board's labels (saturating at the ends
       * of the integers a record may hold). */
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("Column %" PRId64 ", row %" PRId64 " is off the map (columns 1 to %u, rows 1 to %u)"),
                      x < G_MAXINT64 ? x + 1 : x, y < G_MAXINT64 ? y + 1 : y, map->width, map->height);
      return FALSE;
    }
  if (index < 0)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_ILLEGAL_MOVE,
                   _("There is no station at column %d, row %d"), (int) x + 1, (int) y + 1);
      return FALSE;
    }
  *station = (guint8) index;
  return TRUE;
}

static gboolean
read_section (const PtStationMap *map,
              JsonObject *object,
              guint8 *from,
              guint8 *to,
              GError **error)
{
  JsonNode *from_node = json_object_get_member (object, "from");
  JsonNode *to_node = json_object_get_member (object, "to");

  if (from_node == NULL || to_node == NULL)
    return malformed (error, _("A section needs the station it starts from and the station it goes to"));
  return read_point (map, from_node, "from", from, error) &&
         read_point (map, to_node, "to", to, error);
}

gboolean
pt_next_station_action_from_json (const PtStationMap *map,
                                  JsonNode *node,
                                  PtNextStationAction *action,
                                  GError **error)
{
  static const char *const members[] = { "pass", "from", "to", "power", "second", "circle", NULL };
  static const char *const section_members[] = { "from", "to", NULL };
  JsonObject *object = pt_json_get_object (node);
  JsonNode *pass = NULL, *power = NULL, *second = NULL, *circle = NULL;
  const char *unknown = NULL;
  gboolean flag;

  memset (action, 0, sizeof *action);
  action->from = action->to = action->from2 = action->to2 = action->circle = PT_STATION_NONE;
  if (object == NULL)
    return malformed (error, _("An action must be a JSON object"));
  if (!pt_json_object_only_has (object, members, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("Unknown member “%s” in an action"), unknown);
      return FALSE;
    }
  pass = json_object_get_member (object, "pass");
  power = json_object_get_member (object, "power");
  second = json_object_get_member (object, "second");
  circle = json_object_get_member (object, "circle");

  if (pass != NULL)
    {
      if (!pt_json_get_bool (pass, &flag) || !flag)
        return malformed (error, _("A pass must be marked true"));
      if (json_object_has_member (object, "from") || json_object_has_member (object, "to"))
        return malformed (error, _("A pass draws no section"));
      action->pass = TRUE;
    }
  else if (!read_section (map, object, &action->from, &action->to, error))
    return FALSE;

  if (power != NULL)
    {
      int id = pt_next_station_power_from_string (pt_json_get_string (power));

      if (id < 0)
        return malformed (error, _("Unknown pencil power"));
      action->power = (guint8) id;
    }
  if ((second != NULL) != (action->power == PT_NS_POWER_DOUBLE) && !action->pass)
    return malformed (error, _("A second section goes with the double power, and only with it"));
  if (second != NULL)
    {
      JsonObject *second_object = pt_json_get_object (second);

      if (action->pass || action->power != PT_NS_POWER_DOUBLE)
        return malformed (error, _("A second section goes with the double power, and only with it"));
      if (second_object == NULL || !pt_json_object_only_has (second_object, section_members, NULL))
        return malformed (error, _("The second section must go from one station to another"));
      if (!read_section (map, second_object, &action->from2, &action->to2, error))
        return FALSE;
    }
  if ((circle != NULL) != (action->power == PT_NS_POWER_CIRCLE))
    return malformed (error, _("A circled station goes with the circle power, and only with it"));
  if (circle != NULL && !read_point (map, circle, "circle", &action->circle, error))
    return FALSE;
  return TRUE;
}

static JsonArray *
point_array (const PtStationMap *map,
             guint station)
{
  JsonArray *array = json_array_sized_new (2);

  json_array_add_int_element (array, map->stations[station].x);
  json_array_add_int_element (array, map->stations[station].y);
  return array;
}

JsonNode *
pt_next_station_action_to_json (const PtStationMap *map,
                                const PtNextStationAction *action)
{
  JsonObject *object = json_object_new ();

  if (action->pass)
    json_object_set_boolean_member (object, "pass", TRUE);
  else
    {
      json_object_set_array_member (object, "from", point_array (map, action->from));
      json_object_set_array_member (object, "to", point_array (map, action->to));
    }
  if (action->power != PT_NS_POWER_NONE)
    json_object_set_string_member (object, "power",
                                   pt_next_station_power_to_string (action->power));
  if (action->power == PT_NS_POWER_DOUBLE)
    {
      JsonObject *second = json_object_new ();

      json_object_set_array_member (second, "from", point_array (map, action->from2));
      json_object_set_array_member (second, "to", point_array (map, action->to2));
      json_object_set_object_member (object, "second", second);
    }
  if (action->power == PT_NS_POWER_CIRCLE)
    json_object_set_array_member (object, "circle", point_array (map, action->circle));
  return pt_json_node_new_object (object);
}

/* Play */

static int
pt_next_station_game_get_current_player (PtGame *game)
{
  return pt_next_station_state_current_player (&PT_NEXT_STATION_GAME (game)->state);
}

static gboolean
pt_next_station_game_get_is_over (PtGame *game)
{
  return PT_NEXT_STATION_GAME (game)->state.over;
}

static const char *
pt_next_station_game_get_phase (PtGame *game)
{
  return PT_NEXT_STATION_GAME (game)->state.over ? "over" : "draw";
}

static gboolean
pt_next_station_game_apply_move (PtGame *game,
                                 guint player,
                                 JsonNode *move,
                                 GError **error)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  PtNextStationAction action;

  if (!pt_next_station_action_from_json (self->state.map, move, &action, error))
    return FALSE;
  return pt_next_station_state_apply (&self->state, player, &action, error);
}

/* "the square at (4,3)": London's stations have no names on our map, so
 * a station is its symbol and its coordinates, as the board shows them. */
static char *
describe_station (const PtStationMap *map,
                  guint8 index)
{
  const PtStation *station;

  if (index >= map->n_stations)
    return g_strdup ("?");
  station = &map->stations[index];
  switch (station->symbol)
    {
    case PT_SYMBOL_CIRCLE:
      return g_strdup_printf (_("the circle at column %d, row %d"), station->x + 1, station->y + 1);
    case PT_SYMBOL_TRIANGLE:
      return g_strdup_printf (_("the triangle at column %d, row %d"), station->x + 1, station->y + 1);
    case PT_SYMBOL_SQUARE:
      return g_strdup_printf (_("the square at column %d, row %d"), station->x + 1, station->y + 1);
    case PT_SYMBOL_PENTAGON:
      return g_strdup_printf (_("the pentagon at column %d, row %d"), station->x + 1, station->y + 1);
    case PT_SYMBOL_ANY:
      return g_strdup_printf (_("the Central Station at column %d, row %d"), station->x + 1, station->y + 1);
    default:
      return g_strdup_printf ("(%d,%d)", station->x, station->y);
    }
}

/* "Ana drew a section from the circle at (3,2) to the square at (4,3).",
 * with the pencil power it uses. */
static char *
pt_next_station_game_describe_move (PtGame *game,
                                    guint player,
                                    JsonNode *move)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  const PtStationMap *map = self->state.map;
  const char *name = pt_game_get_player_name (game, player);
  PtNextStationAction action;
  g_autofree char *text = NULL;

  if (name == NULL || map == NULL || !pt_next_station_action_from_json (map, move, &action, NULL))
    return NULL;
  if (action.pass)
    /* Translators: a move in the log */
    text = g_strdup_printf (_("%s passed."), name);
  else
    {
      g_autofree char *from = describe_station (map, action.from);
      g_autofree char *to = describe_station (map, action.to);

      if (action.power == PT_NS_POWER_DOUBLE)
        {
          g_autofree char *from2 = describe_station (map, action.from2);
          g_autofree char *to2 = describe_station (map, action.to2);

          text = g_strdup_printf (_("%s drew a section from %s to %s and, with the double power, one from %s to %s."),
                                     name, from, to, from2, to2);
        }
      else if (action.power == PT_NS_POWER_JOKER)
        text = g_strdup_printf (_("%s used the joker power and drew a section from %s to %s."), name, from, to);
      else if (action.power == PT_NS_POWER_SWITCH)
        text = g_strdup_printf (_("%s used the switch power and drew a section from %s to %s."), name, from, to);
      else
        text = g_strdup_printf (_("%s drew a section from %s to %s."), name, from, to);
    }
  if (action.power == PT_NS_POWER_CIRCLE)
    {
      g_autofree char *station = describe_station (map, action.circle);

      /* Translators: a move's sentence, then the station circled with
       * the circle power, e.g. "Ana passed. Circled: the square at (4,3)." */
      return g_strdup_printf (_("%s Circled: %s."), text, station);
    }
  return g_steal_pointer (&text);
}

static JsonNode *
pt_next_station_game_list_legal_moves (PtGame *game,
                                       guint player)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  JsonArray *moves = json_array_new ();
  g_autoptr(GArray) actions = NULL;

  /* Turns are simultaneous: every seat that has not acted on the current
   * card may act on it (the state lists nothing for one that has). */
  if (!self->state.over && player < self->state.n_players)
    {
      actions = pt_next_station_state_list_actions (&self->state, player);
      for (guint i = 0; i < actions->len; i++)
        json_array_add_element (moves, pt_next_station_action_to_json (
                                           self->state.map,
                                           &g_array_index (actions, PtNextStationAction, i)));
    }
  return pt_json_node_new_array (moves);
}

static void
all_totals (PtNextStationGame *self,
            PtNextStationTotals *totals)
{
  for (guint p = 0; p < self->state.n_players; p++)
    {
      PtNextStationFigures figures;

      pt_next_station_state_figures (&self->state, p, &figures);
      pt_next_station_totals (&figures, &totals[p]);
    }
}

static void
pt_next_station_game_get_scores (PtGame *game,
                                 int *scores)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  PtNextStationTotals totals[PT_NS_MAX_PLAYERS];

  all_totals (self, totals);
  for (guint p = 0; p < self->state.n_players; p++)
    scores[p] = totals[p].total;
}

static guint
pt_next_station_game_get_winners (PtGame *game)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  PtNextStationTotals totals[PT_NS_MAX_PLAYERS];

  all_totals (self, totals);
  return pt_next_station_winners (totals, self->state.n_players);
}

static guint
n_modules (PtNextStationGame *self)
{
  return (self->n_objectives > 0) + (self->state.powers_on ? 1 : 0);
}

static JsonObject *
player_breakdown (PtNextStationGame *self,
                  guint player)
{
  const PtStationMap *map = self->state.map;
  PtNextStationFigures figures;
  PtNextStationTotals totals;
  JsonObject *object = json_object_new ();
  JsonArray *lines = json_array_new ();
  JsonObject *interchanges = json_object_new ();
  JsonArray *objectives = json_array_new ();

  pt_next_station_state_figures (&self->state, player, &figures);
  pt_next_station_totals (&figures, &totals);
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      const PtNextStationLineFigures *figure = &figures.lines[r];
      guint8 circled = self->state.players[player].circled[figure->colour];
      JsonObject *line = json_object_new ();

      json_object_set_string_member (line, "colour", pt_line_colour_to_string (figure->colour));
      json_object_set_boolean_member (line, "played", figure->played);
      json_object_set_int_member (line, "districts", figure->districts);
      json_object_set_int_member (line, "max_in_district", figure->max_in_district);
      json_object_set_int_member (line, "thames", figure->thames);
      json_object_set_int_member (line, "tourist_sites", figure->tourist_sites);
      if (circled != PT_STATION_NONE)
        json_object_set_array_member (line, "circled", point_array (map, circled));
      json_object_set_int_member (line, "score", totals.lines[r]);
      json_array_add_object_element (lines, line);
    }
  json_object_set_array_member (object, "lines", lines);
  json_object_set_int_member (object, "tourist_visits", figures.tourist_visits);
  json_object_set_int_member (object, "tourist_score", totals.tourist);
  json_object_set_int_member (interchanges, "2", figures.interchanges[0]);
  json_object_set_int_member (interchanges, "3", figures.interchanges[1]);
  json_object_set_int_member (interchanges, "4", figures.interchanges[2]);
  json_object_set_object_member (object, "interchanges", interchanges);
  json_object_set_int_member (object, "interchange_score", totals.interchanges);
  for (guint i = 0; i < self->n_objectives; i++)
    if (figures.objectives_met & (1u << self->objective_order[i]))
      json_array_add_string_element (objectives,
                                     pt_next_station_objective_to_string (self->objective_order[i]));
  json_object_set_array_member (object, "objectives_met", objectives);
  json_object_set_int_member (object, "objective_score", totals.objectives);
  json_object_set_int_member (object, "best_line", totals.best_line);
  json_object_set_int_member (object, "total", totals.total);
  return object;
}

static JsonNode *
pt_next_station_game_get_breakdown (PtGame *game)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  JsonObject *breakdown = json_object_new ();
  JsonArray *players = json_array_new ();

  for (guint p = 0; p < self->state.n_players; p++)
    json_array_add_object_element (players, player_breakdown (self, p));
  json_object_set_array_member (breakdown, "players", players);
  if (self->state.n_players == 1)
    {
      JsonObject *rating = json_object_new ();
      PtNextStationTotals totals;
      PtNextStationFigures figures;
      guint band;

      pt_next_station_state_figures (&self->state, 0, &figures);
      pt_next_station_totals (&figures, &totals);
      band = pt_next_station_solo_band (totals.total, n_modules (self));
      json_object_set_int_member (rating, "modules", n_modules (self));
      json_object_set_int_member (rating, "rated_total",
                                  totals.total - PT_NS_SOLO_MODULE_PENALTY * (int) n_modules (self));
      json_object_set_int_member (rating, "band", band);
      json_object_set_string_member (rating, "label", pt_next_station_solo_band_label (band));
      json_object_set_object_member (breakdown, "solo_rating", rating);
    }
  return pt_json_node_new_object (breakdown);
}

static JsonArray *
station_list (const PtStationMap *map,
              guint64 stations)
{
  JsonArray *array = json_array_new ();

  for (; stations != 0; stations &= stations - 1)
    json_array_add_array_element (array, point_array (map, (guint) __builtin_ctzll (stations)));
  return array;
}

static JsonObject *
player_view (PtNextStationGame *self,
             guint player)
{
  const PtNextStationState *state = &self->state;
  const PtNextStationPlayer *sheet = &state->players[player];
  const PtStationMap *map = state->map;
  JsonObject *object = json_object_new ();
  JsonArray *lines = json_array_new ();

  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    {
      guint colour = state->colour_order[player][r];
      JsonObject *line = json_object_new ();
      JsonArray *sections = json_array_new ();

      json_object_set_string_member (line, "colour", pt_line_colour_to_string (colour));
      json_object_set_array_member (line, "stations", station_list (map, sheet->line_stations[colour]));
      for (guint s = 0; s < map->n_sections; s++)
        if (pt_section_set_has (&sheet->line_sections[colour], s))
          {
            JsonArray *pair = json_array_new ();

            json_array_add_array_element (pair, point_array (map, map->sections[s].a));
            json_array_add_array_element (pair, point_array (map, map->sections[s].b));
            json_array_add_array_element (sections, pair);
          }
      json_object_set_array_member (line, "sections", sections);
      if (sheet->circled[colour] != PT_STATION_NONE)
        json_object_set_array_member (line, "circled", point_array (map, sheet->circled[colour]));
      json_object_set_boolean_member (line, "power_used", (sheet->powers_used >> colour) & 1);
      json_array_add_object_element (lines, line);
    }
  json_object_set_array_member (object, "lines", lines);
  json_object_set_array_member (object, "ends", state->over ? json_array_new () : station_list (map, sheet->ends));
  json_object_set_boolean_member (object, "acted", (state->acted >> player) & 1);
  return object;
}

/* Nothing is private to a player; the view withholds only the cards not
 * flipped yet, from everyone. */
static JsonNode *
pt_next_station_game_get_view (PtGame *game,
                               int player)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  const PtNextStationState *state = &self->state;
  JsonObject *view = json_object_new ();
  JsonArray *flipped = json_array_new ();
  JsonArray *players = json_array_new ();

  json_object_set_string_member (view, "map", state->map->id);
  json_object_set_boolean_member (view, "over", state->over);
  json_object_set_int_member (view, "round", MIN (state->round, PT_NS_ROUNDS - 1) + 1);
  json_object_set_int_member (view, "turn", state->turn);
  if (!state->over)
    {
      for (guint i = 0; i < state->next_card; i++)
        json_array_add_string_element (flipped, pt_next_station_card_to_string (state->decks[state->round][i]));
      json_object_set_string_member (view, "card", pt_next_station_card_to_string (state->card));
      json_object_set_boolean_member (view, "switch", state->switch_flipped);
      json_object_set_boolean_member (view, "branch_allowed", state->switch_active);
      json_object_set_int_member (view, "underground_flipped", state->n_underground);
    }
  json_object_set_array_member (view, "flipped", flipped);
  json_object_set_int_member (view, "current_player", pt_next_station_state_current_player (state));
  for (guint p = 0; p < state->n_players; p++)
    json_array_add_object_element (players, player_view (self, p));
  json_object_set_array_member (view, "players", players);
  json_object_set_object_member (view, "options", build_options (self->objective_order, self->n_objectives, state->powers_on));
  json_object_set_object_member (view, "powers", build_power_map (state->powers_on, state->powers));
  return pt_json_node_new_object (view);
}

static JsonObject *
pt_next_station_game_save_options (PtGame *game)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);

  return build_options (self->objective_order, self->n_objectives, self->state.powers_on);
}

static JsonObject *
pt_next_station_game_save_setup (PtGame *game)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);

  return build_setup (self->state.n_players,
                      (const guint8 (*)[PT_NS_ROUNDS]) self->state.colour_order,
                      (const guint8 (*)[PT_NS_N_CARDS]) self->state.decks,
                      self->state.powers_on, self->state.powers);
}

/* Records: one array of actions per turn, in seat order. Every player
 * acts once per card, so the history splits into chunks of n_players; a
 * game saved mid-turn ends with a shorter array. */
static JsonNode *
pt_next_station_game_build_record_moves (PtGame *game,
                                         GPtrArray *history)
{
  guint n_players = pt_game_get_n_players (game);
  JsonArray *moves = json_array_new ();
  JsonArray *turn = NULL;

  for (guint i = 0; i < history->len; i++)
    {
      const PtGameMove *move = g_ptr_array_index (history, i);

      if (i % n_players == 0)
        {
          turn = json_array_new ();
          json_array_add_array_element (moves, turn);
        }
      json_array_add_element (turn, json_node_copy (move->move));
    }
  return pt_json_node_new_array (moves);
}

static gboolean
pt_next_station_game_replay_record_move (PtGame *game,
                                         JsonNode *record_move,
                                         int *error_player,
                                         GError **error)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  guint n_players = self->state.n_players;
  JsonArray *actions = pt_json_get_array (record_move);

  if (self->state.over)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_GAME_OVER,
                           _("The game is already over"));
      return FALSE;
    }
  if (actions == NULL)
    return malformed (error, _("A turn must be an array with one action per player"));
  if (self->state.acted != 0)
    return malformed (error, _("The previous turn is incomplete"));
  if (json_array_get_length (actions) == 0 || json_array_get_length (actions) > n_players)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
                   _("A turn holds one action per player (%u), not %u"),
                      n_players, json_array_get_length (actions));
      return FALSE;
    }

  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      guint round = self->state.round + 1, turn = self->state.turn;

      if (error_player != NULL)
        *error_player = (int) i;
      if (!pt_game_request_move (game, i, json_array_get_element (actions, i), error))
        {
          g_prefix_error (error, _("Round %u, turn %u, %s: "), round, turn,
                                    pt_game_get_player_name (game, i));
          return FALSE;
        }
    }
  return TRUE;
}

/* A short turn is an error at its own index, unless it is the last one
 * (a game saved mid-turn). */
static gboolean
pt_next_station_game_check_record_move_complete (PtGame *game,
                                                 int *error_player,
                                                 GError **error)
{
  PtNextStationGame *self = PT_NEXT_STATION_GAME (game);
  guint n_players = self->state.n_players, acted = 0;

  if (self->state.over || self->state.acted == 0)
    return TRUE;
  for (guint p = 0; p < n_players; p++)
    if (self->state.acted & (1u << p))
      acted++;
  *error_player = pt_next_station_state_current_player (&self->state);
  g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_MALFORMED_MOVE,
               _("A turn holds one action per player (%u), not %u"), n_players, acted);
  g_prefix_error (error, _("Round %u, turn %u, %s: "), self->state.round + 1, self->state.turn,
                            pt_game_get_player_name (game, (guint) *error_player));
  return FALSE;
}

static JsonNode *
pt_next_station_game_score_sheet (PtGameClass *klass,
                                  JsonObject *sheet,
                                  GError **error)
{
  return pt_next_station_score_sheet (sheet, error);
}

/* The pencils in PtLineColour order; the keys are those of records. */
static const PtGameColour colours[PT_N_LINE_COLOURS] = {
  { "purple", N_("purple") }, { "blue", N_("blue") }, { "pink", N_("pink") }, { "green", N_("green") },
                                };

/* Its "Learn to play" course (pt-next-station-lesson.c). */
extern const PtLessonCourse pt_next_station_lesson;

static void
pt_next_station_game_class_init (PtNextStationGameClass *klass)
{
  PtGameClass *game_class = PT_GAME_CLASS (klass);
  game_class->lesson = &pt_next_station_lesson;

  game_class->game_id = PT_NEXT_STATION_GAME_ID;
  game_class->title = N_("Next Station: London");
  game_class->summary = N_("Draw Underground lines across London on your own map, "
                           "alone or with up to three others");
  game_class->colours = colours;
  game_class->n_colours = G_N_ELEMENTS (colours);
  game_class->min_players = 1;
  game_class->max_players = PT_NS_MAX_PLAYERS;
  game_class->hidden_information = FALSE;
  /* The spec: "asking for the legal actions of a finished game is an error". */
  game_class->legal_after_end_is_error = TRUE;
  game_class->deal = pt_next_station_game_deal;
  game_class->score_sheet = pt_next_station_game_score_sheet;
  game_class->check_record_move_complete = pt_next_station_game_check_record_move_complete;
  game_class->setup = pt_next_station_game_setup;
  game_class->get_current_player = pt_next_station_game_get_current_player;
  game_class->get_is_over = pt_next_station_game_get_is_over;
  game_class->get_phase = pt_next_station_game_get_phase;
  game_class->apply_move = pt_next_station_game_apply_move;
  game_class->list_legal_moves = pt_next_station_game_list_legal_moves;
  game_class->get_scores = pt_next_station_game_get_scores;
  game_class->get_winners = pt_next_station_game_get_winners;
  game_class->get_breakdown = pt_next_station_game_get_breakdown;
  game_class->get_view = pt_next_station_game_get_view;
  game_class->save_options = pt_next_station_game_save_options;
  game_class->save_setup = pt_next_station_game_save_setup;
  game_class->describe_move = pt_next_station_game_describe_move;
  game_class->build_record_moves = pt_next_station_game_build_record_moves;
  game_class->replay_record_move = pt_next_station_game_replay_record_move;
}

static void
pt_next_station_game_init (PtNextStationGame *self)
{
}

const PtNextStationState *
pt_next_station_game_get_state (PtNextStationGame *self)
{
  g_return_val_if_fail (PT_IS_NEXT_STATION_GAME (self), NULL);

  return &self->state;
}
