/* pt-engine-view.c — Partida's own bots playing from a protocol view; see
 * the header. Each game's adapter (view JSON → its strategy's snapshot) is
 * in src/ai/<game>/ and named by the strategy (snapshot_from_view).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-bot-strategy.h"
#include "pt-engine-view-private.h"
#include "pt-record.h"
#include "pt-rng.h"

gboolean
pt_engine_view_supports (const char *game_id,
                         PtBotLevel level)
{
  const PtBotStrategy *strategy;

  if (level == PT_BOT_LEVEL_RANDOM)
    return pt_bot_supports (game_id, level);
  strategy = pt_bot_strategy_lookup (game_id);
  return strategy != NULL && strategy->snapshot_from_view != NULL &&
         (strategy->levels & (1u << level)) != 0;
}

gboolean
pt_engine_view_bad (GError **error,
                    const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: %s names the part of the view */
               _("The view is not valid: %s"), what);
  return FALSE;
}

gboolean
pt_engine_view_get_int_in (JsonObject *object,
                           const char *member,
                           gint64 min,
                           gint64 max,
                           gint64 *out)
{
  return pt_json_get_int (json_object_get_member (object, member), out) &&
         *out >= min && *out <= max;
}

/* ---- choosing --------------------------------------------------------- */

static gboolean
is_legal (JsonNode *legal,
          JsonNode *move)
{
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    if (json_node_equal (json_array_get_element (moves, i), move))
      return TRUE;
  return FALSE;
}

JsonNode *
pt_engine_view_choose (const char *game_id,
                       PtBotLevel level,
                       guint64 seed,
                       guint player,
                       JsonNode *view,
                       JsonNode *legal,
                       guint move_number,
                       gint64 deadline,
                       GError **error)
{
  return pt_engine_view_choose_full (game_id, level, seed, player, view, legal, move_number,
                                     deadline, NULL, error);
}

JsonNode *
pt_engine_view_choose_full (const char *game_id,
                            PtBotLevel level,
                            guint64 seed,
                            guint player,
                            JsonNode *view,
                            JsonNode *legal,
                            guint move_number,
                            gint64 deadline,
                            char **reason,
                            GError **error)
{
  const PtBotStrategy *strategy;
  PtBotRequest request = { level, seed, deadline };
  g_autofree char *why = NULL;
  gpointer snapshot;
  JsonNode *move;

  if (reason != NULL)
    *reason = NULL;

  if (legal == NULL || !JSON_NODE_HOLDS_ARRAY (legal) ||
      json_array_get_length (json_node_get_array (legal)) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("There is no legal move"));
      return NULL;
    }
  if (level == PT_BOT_LEVEL_RANDOM)
    {
      JsonArray *moves = json_node_get_array (legal);
      PtRng rng;

      pt_rng_init (&rng, seed);
      return json_node_copy (json_array_get_element (moves,
                                                     pt_rng_below (&rng, json_array_get_length (moves))));
    }

  strategy = pt_bot_strategy_lookup (game_id);
  if (strategy == NULL || !pt_engine_view_supports (game_id, level))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("There is no “%s” computer player for %s"), pt_bot_level_to_id (level), game_id);
      return NULL;
    }
  snapshot = strategy->snapshot_from_view (view, player, move_number, error);
  if (snapshot == NULL)
    return NULL;
  move = strategy->choose (snapshot, &request, &why, NULL, error);
  strategy->snapshot_free (snapshot);
  /* The view came from outside: never answer something the other side
   * did not list (it would forfeit the game). */
  if (move != NULL && !is_legal (legal, move))
    {
      g_autofree char *text = json_to_string (move, FALSE);

      json_node_unref (move);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the bot chose %s, which is not in the legal list", text);
      return NULL;
    }
  if (move != NULL && reason != NULL)
    *reason = g_steal_pointer (&why);
  return move;
}
