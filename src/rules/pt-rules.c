/* pt-rules.c — the registry of games and record loading
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each game is a subclass of PtGame whose class names its game id, title,
 * summary and colours; the registry finds a game by looking through
 * PtGame's subclasses, so adding a game means adding one line to GAMES
 * below (and one subdir() to src/rules/meson.build).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-rules.h"

/* REGISTRATION POINT: one line per game, naming its type's get_type()
 * (declared and ensured from here), in the order of the menus. */
#define GAMES(X)                         \
  X (pt_lost_cities_game_get_type)       \
  X (pt_circle_the_wagons_game_get_type) \
  X (pt_next_station_game_get_type)

#define DECLARE(get_type) GType get_type (void);
#define ENSURE(get_type)  g_type_ensure (get_type ());

GAMES (DECLARE)

void
pt_rules_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      GAMES (ENSURE)
      g_once_init_leave (&initialized, 1);
    }
}

const char *const *
pt_rules_list_games (void)
{
  static GStrv ids = NULL;

  if (g_once_init_enter (&ids))
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_autofree GType *children = NULL;
      guint n = 0;

      pt_rules_init ();
      children = g_type_children (PT_TYPE_GAME, &n);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GTypeClass) klass = g_type_class_ref (children[i]);
          g_strv_builder_add (builder, PT_GAME_CLASS (klass)->game_id);
        }
      g_once_init_leave (&ids, g_strv_builder_end (builder));
    }
  return (const char *const *) ids;
}

GType
pt_rules_lookup_game (const char *game_id,
                      GError **error)
{
  g_autofree GType *children = NULL;
  guint n = 0;

  pt_rules_init ();
  children = g_type_children (PT_TYPE_GAME, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GTypeClass) klass = g_type_class_ref (children[i]);

      if (g_strcmp0 (PT_GAME_CLASS (klass)->game_id, game_id) == 0)
        return children[i];
    }
  g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_UNKNOWN_GAME,
               _("Unknown game “%s”"), game_id ? game_id : "");
  return G_TYPE_INVALID;
}

/* The class of @game_id, or NULL. A static type's class is never
 * finalized, so the reference taken here is simply kept. */
static PtGameClass *
game_class (const char *game_id)
{
  GType type = pt_rules_lookup_game (game_id, NULL);
  gpointer klass;

  if (type == G_TYPE_INVALID)
    return NULL;
  klass = g_type_class_peek (type);
  return PT_GAME_CLASS (klass != NULL ? klass : g_type_class_ref (type));
}

const char *
pt_rules_game_title (const char *game_id)
{
  PtGameClass *klass = game_class (game_id);

  if (klass == NULL || klass->title == NULL)
    return game_id != NULL ? game_id : "";
  return _(klass->title);
}

const char *
pt_rules_game_summary (const char *game_id)
{
  PtGameClass *klass = game_class (game_id);

  return klass != NULL && klass->summary != NULL ? _(klass->summary) : "";
}

const PtGameColour *
pt_rules_game_colours (const char *game_id,
                       guint *n_colours)
{
  PtGameClass *klass = game_class (game_id);

  g_return_val_if_fail (n_colours != NULL, NULL);
  *n_colours = klass != NULL ? klass->n_colours : 0;
  return klass != NULL ? klass->colours : NULL;
}

int
pt_rules_game_colour_index (const char *game_id,
                            const char *key)
{
  guint n = 0;
  const PtGameColour *colours = pt_rules_game_colours (game_id, &n);

  for (guint i = 0; key != NULL && i < n; i++)
    if (g_strcmp0 (colours[i].key, key) == 0)
      return (int) i;
  return -1;
}

const char *
pt_rules_game_colour_name (const char *game_id,
                           guint colour)
{
  guint n = 0;
  const PtGameColour *colours = pt_rules_game_colours (game_id, &n);

  return colour < n ? _(colours[colour].name) : "";
}

guint
pt_rules_game_max_rounds (const char *game_id)
{
  PtGameClass *klass = game_class (game_id);

  return klass != NULL ? CLAMP (klass->max_rounds, 1, PT_MATCH_MAX_ROUNDS) : 1;
}

const char *const *
pt_rules_game_rule_presets (const char *game_id)
{
  PtGameClass *klass = game_class (game_id);

  return klass != NULL ? klass->rule_presets : NULL;
}

char *
pt_rules_game_rule_reading (const char *game_id,
                            JsonObject *options)
{
  PtGameClass *klass = game_class (game_id);

  if (klass == NULL || klass->rule_reading == NULL)
    return g_strdup ("");
  return klass->rule_reading (klass, options);
}

/**
 * pt_rules_deal:
 * @options: (nullable): the options asked for; %NULL for the defaults
 * @first_player: the starting seat, or -1 to let the seed choose
 * @out_options: (out): the normalised options, as they go into a record
 * @out_setup: (out): the setup object of a record
 */
gboolean
pt_rules_deal (const char *game_id,
               JsonObject *options,
               guint n_players,
               int first_player,
               guint64 seed,
               JsonObject **out_options,
               JsonObject **out_setup,
               GError **error)
{
  GType type = pt_rules_lookup_game (game_id, error);
  g_autoptr(GTypeClass) klass = NULL;
  PtGameClass *game_class;

  if (type == G_TYPE_INVALID)
    return FALSE;
  klass = g_type_class_ref (type);
  game_class = PT_GAME_CLASS (klass);
  if (n_players < game_class->min_players || n_players > game_class->max_players)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                   _("The number of players must be %u to %u, not %u"),
                      game_class->min_players, game_class->max_players, n_players);
      return FALSE;
    }
  if (first_player >= (int) n_players)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                   _("There is no player %d to start"), first_player);
      return FALSE;
    }
  return game_class->deal (game_class, options, n_players, first_player, seed,
                           out_options, out_setup, error);
}

/* A fresh record (setup, no moves), as `partida-cli new` prints it. */
JsonNode *
pt_rules_new_record (const char *game_id,
                     const char *const *players,
                     JsonObject *options,
                     int first_player,
                     guint64 seed,
                     GError **error)
{
  g_autoptr(PtGame) game = pt_rules_new_dealt_game (game_id, players, options,
                                                     first_player, seed, error);

  return game ? pt_game_to_record (game) : NULL;
}

/**
 * pt_rules_score_sheet:
 * @sheet: a companion score sheet: a JSON object whose "game" member names
 *   the game; the rest is documented per game
 *
 * Scores the sheet with the game's own scoring functions, or refuses an
 * impossible sheet with %PT_RULES_ERROR_INVALID_SHEET.
 */
JsonNode *
pt_rules_score_sheet (JsonNode *sheet,
                      GError **error)
{
  JsonObject *object = pt_json_get_object (sheet);
  g_autoptr(GTypeClass) klass = NULL;
  const char *game_id;
  GType type;

  if (object == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                           _("A score sheet must be a JSON object"));
      return NULL;
    }
  game_id = pt_json_get_string (json_object_get_member (object, "game"));
  type = pt_rules_lookup_game (game_id, error);
  if (type == G_TYPE_INVALID)
    return NULL;
  klass = g_type_class_ref (type);
  if (PT_GAME_CLASS (klass)->score_sheet == NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_INVALID_SHEET,
                   _("There is no score sheet for “%s”"), game_id);
      return NULL;
    }
  return PT_GAME_CLASS (klass)->score_sheet (PT_GAME_CLASS (klass), object, error);
}

PtGame *
pt_rules_new_game (const char *game_id,
                   const char *const *players,
                   JsonObject *options,
                   JsonObject *setup,
                   GError **error)
{
  GType type = pt_rules_lookup_game (game_id, error);
  g_autoptr(PtGame) game = NULL;

  if (type == G_TYPE_INVALID)
    return NULL;
  game = g_object_new (type, "players", players, NULL);
  if (!pt_game_setup (game, options, setup, error))
    return NULL;
  return g_steal_pointer (&game);
}

PtGame *
pt_rules_new_dealt_game (const char *game_id,
                         const char *const *players,
                         JsonObject *options,
                         int first_player,
                         guint64 seed,
                         GError **error)
{
  g_autoptr(JsonObject) dealt_options = NULL;
  g_autoptr(JsonObject) setup = NULL;

  if (!pt_rules_deal (game_id, options, g_strv_length ((GStrv) players),
                      first_player, seed, &dealt_options, &setup, error))
    return NULL;
  return pt_rules_new_game (game_id, players, dealt_options, setup, error);
}

/**
 * pt_rules_load_record:
 * @error_move: (out) (optional): on error, the 0-based index into "moves"
 *   of the first offending move, or -1 for an error in the envelope/setup
 * @error_player: (out) (optional): on error, the player concerned, or -1
 *
 * Sets a game up from a record and replays its moves, stopping at the
 * first offending one. A record may stop mid-game (a saved game).
 */
PtGame *
pt_rules_load_record (JsonNode *record,
                      int *error_move,
                      int *error_player,
                      GError **error)
{
  PtRecordEnvelope envelope;
  g_autoptr(PtGame) game = NULL;
  int move_index = -1, player = -1;
  GError *local_error = NULL;

  if (!pt_record_parse_envelope (record, &envelope, &local_error))
    goto fail;

  game = pt_rules_new_game (envelope.game_id, (const char *const *) envelope.players,
                            envelope.options, envelope.setup, &local_error);
  if (game == NULL)
    goto fail;

  for (guint i = 0; envelope.moves != NULL && i < json_array_get_length (envelope.moves); i++)
    {
      JsonNode *move = json_array_get_element (envelope.moves, i);

      move_index = (int) i;
      if (!pt_game_replay_record_move (game, move, &player, &local_error))
        goto fail;
      if (i + 1 < json_array_get_length (envelope.moves) &&
          PT_GAME_GET_CLASS (game)->check_record_move_complete != NULL &&
          !PT_GAME_GET_CLASS (game)->check_record_move_complete (game, &player, &local_error))
        goto fail;
    }

  pt_record_envelope_clear (&envelope);
  return g_steal_pointer (&game);

fail:
  pt_record_envelope_clear (&envelope);
  if (error_move != NULL)
    *error_move = move_index;
  if (error_player != NULL)
    *error_player = player;
  g_propagate_error (error, local_error);
  return NULL;
}

PtGame *
pt_rules_load_record_string (const char *text,
                             int *error_move,
                             int *error_player,
                             GError **error)
{
  g_autoptr(JsonNode) record = pt_json_parse (text, error);

  if (record == NULL)
    {
      if (error_move != NULL)
        *error_move = -1;
      if (error_player != NULL)
        *error_player = -1;
      return NULL;
    }
  return pt_rules_load_record (record, error_move, error_player, error);
}
