/* pt-computer-player.c — the UI's adapter to the computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The moves come from PtBot (src/ai/), which searches on a copy of the
 * player's view in a worker thread. For a game or level PtBot does not
 * support, a stand-in chooses uniformly among the legal moves the rules
 * list (seeded), in a worker thread too, so the board code that waits for
 * a computer (spinner, cancellation, animation) is always the same.
 *
 * A seat may also be an external engine (partida-engine/1, see
 * src/ai/pt-engine.h): PtEngine reads the game's view and legal moves on
 * the main thread and talks to the program in a worker thread, so the
 * window never waits for it either; whatever the engine does wrong comes
 * back as a PT_ENGINE_ERROR, which the game view records as a forfeit.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-bot.h"
#include "pt-computer-player.h"
#include "pt-rng.h"

/* A search may not take longer than this per move, whatever the level. */
#define TIME_BUDGET_MS 1500

gboolean
pt_computer_player_has_bots (void)
{
  return TRUE;
}

typedef struct
{
  JsonNode *legal;
  guint64 seed;
} ChooseData;

static void
choose_data_free (ChooseData *data)
{
  g_clear_pointer (&data->legal, json_node_unref);
  g_free (data);
}

static void
choose_in_thread (GTask *task,
                  gpointer source,
                  gpointer task_data,
                  GCancellable *cancellable)
{
  ChooseData *data = task_data;
  JsonArray *moves = json_node_get_array (data->legal);
  guint n = json_array_get_length (moves);
  PtRng rng;

  if (n == 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("The computer has no legal move"));
      return;
    }

  pt_rng_init (&rng, data->seed);
  g_task_return_pointer (task,
                         json_node_copy (json_array_get_element (moves, pt_rng_below (&rng, n))),
                         (GDestroyNotify) json_node_unref);
}

static void
on_bot_move (GObject *source,
             GAsyncResult *result,
             gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  char *reason = NULL;
  JsonNode *move = pt_bot_choose_move_finish_full (PT_BOT (source), result, &reason, &error);

  /* Why, for a hint (the bot's own sentence; NULL when it has none). */
  g_object_set_data_full (G_OBJECT (task), "pt-reason", reason, g_free);
  if (move == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, move, (GDestroyNotify) json_node_unref);
}

void
pt_computer_player_choose_async (PtGame *game,
                                 guint player,
                                 PtBotLevel level,
                                 guint64 seed,
                                 GCancellable *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  g_autoptr(GTask) task = NULL;
  ChooseData *data;

  g_return_if_fail (PT_IS_GAME (game));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_computer_player_choose_async);

  /* PARTIDA_COMPUTER=standin forces the stand-in: for tests and for
   * telling a bot problem from a board problem. */
  if (g_strcmp0 (g_getenv ("PARTIDA_COMPUTER"), "standin") != 0 && pt_bot_supports (pt_game_get_game_id (game), level))
    {
      g_autoptr(PtBot) bot = pt_bot_new (pt_game_get_game_id (game), level,
                                          seed, TIME_BUDGET_MS, NULL);

      if (bot != NULL)
        {
          /* The task keeps the bot alive until it answers. */
          g_task_set_task_data (task, g_object_ref (bot), g_object_unref);
          pt_bot_choose_move_async (bot, game, player, cancellable, on_bot_move,
                                    g_steal_pointer (&task));
          return;
        }
    }

  data = g_new0 (ChooseData, 1);
  /* The legal moves are read here, in the main thread: the game object is
   * not thread-safe, the copy is. */
  data->legal = pt_game_list_legal_moves (game, player);
  data->seed = pt_rng_derive_seed (seed, pt_game_get_n_moves (game));
  g_task_set_task_data (task, data, (GDestroyNotify) choose_data_free);
  g_task_run_in_thread (task, choose_in_thread);
}

JsonNode *
pt_computer_player_choose_finish (GAsyncResult *result,
                                  GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

JsonNode *
pt_computer_player_choose_finish_full (GAsyncResult *result,
                                       char **reason,
                                       GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  if (reason != NULL)
    *reason = g_strdup (g_object_get_data (G_OBJECT (result), "pt-reason"));
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* External engines ----------------------------------------------------------- */

PtEngine *
pt_computer_player_new_engine (const char *spec,
                               GError **error)
{
  g_autofree char *command = NULL;

  if (!pt_engine_spec_parse (spec, &command) || command == NULL || *command == '\0')
    {
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_SPAWN,
                   /* Translators: %s is what the saved game says about the seat */
                   _("“%s” is not an engine command"), spec ? spec : "");
      return NULL;
    }
  return pt_engine_new (command, error);
}

static void
on_engine_move (GObject *source,
                GAsyncResult *result,
                gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  JsonNode *move = pt_engine_choose_move_finish (PT_ENGINE (source), result, &error);

  if (move == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, move, (GDestroyNotify) json_node_unref);
}

void
pt_computer_player_engine_choose_async (PtEngine *engine,
                                        PtGame *game,
                                        guint player,
                                        GCancellable *cancellable,
                                        GAsyncReadyCallback callback,
                                        gpointer user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (PT_IS_ENGINE (engine));
  g_return_if_fail (PT_IS_GAME (game));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_computer_player_choose_async);
  /* The task keeps the engine alive until it answers. */
  g_task_set_task_data (task, g_object_ref (engine), g_object_unref);
  pt_engine_choose_move_async (engine, game, player, cancellable, on_engine_move,
                               g_steal_pointer (&task));
}
