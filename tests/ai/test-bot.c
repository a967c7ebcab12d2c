/* test-bot.c — PtBot: levels, errors, seeding, the async API and cancellation
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-bot.h"
#include "pt-rules.h"

static PtGame *
new_lost_cities (guint64 seed)
{
  const char *players[] = { "Ana", "Beto", NULL };
  g_autoptr(GError) error = NULL;
  PtGame *game = pt_rules_new_dealt_game ("lost-cities", players, NULL, 0, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
test_levels (void)
{
  for (guint i = 0; i < PT_BOT_N_LEVELS; i++)
    {
      PtBotLevel level;
      const char *description;

      g_assert_true (pt_bot_level_from_id (pt_bot_level_to_id (i), &level));
      g_assert_cmpint (level, ==, i);
      g_assert_true (pt_bot_supports ("lost-cities", i));
      description = pt_bot_level_describe ("lost-cities", i);
      g_assert_nonnull (description);
      g_assert_cmpuint (strlen (description), >, 10);
      g_assert_null (strchr (description, '\n'));
    }
  g_assert_true (pt_bot_level_is_main (PT_BOT_LEVEL_EASY));
  g_assert_true (pt_bot_level_is_main (PT_BOT_LEVEL_HARD));
  g_assert_false (pt_bot_level_is_main (PT_BOT_LEVEL_RANDOM));
  g_assert_false (pt_bot_level_is_main (PT_BOT_LEVEL_AGGRESSIVE));
  /* Distinct descriptions for the three levels the UI offers. */
  g_assert_cmpstr (pt_bot_level_describe ("lost-cities", PT_BOT_LEVEL_EASY), !=,
                   pt_bot_level_describe ("lost-cities", PT_BOT_LEVEL_MEDIUM));
  g_assert_cmpstr (pt_bot_level_describe ("lost-cities", PT_BOT_LEVEL_MEDIUM), !=,
                   pt_bot_level_describe ("lost-cities", PT_BOT_LEVEL_HARD));
}

static void
test_unsupported (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtBot) bot = NULL;
  PtBotLevel level;

  g_assert_false (pt_bot_level_from_id ("grandmaster", &level));
  g_assert_false (pt_bot_supports ("chess", PT_BOT_LEVEL_MEDIUM));
  g_assert_false (pt_bot_supports ("chess", PT_BOT_LEVEL_RANDOM));
  bot = pt_bot_new ("chess", PT_BOT_LEVEL_MEDIUM, 1, 0, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_null (bot);
}

static void
test_not_your_turn (void)
{
  g_autoptr(PtGame) game = new_lost_cities (5);
  g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", PT_BOT_LEVEL_MEDIUM, 1, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) move = NULL;

  g_assert_cmpint (pt_game_get_current_player (game), ==, 0);
  move = pt_bot_choose_move (bot, game, 1, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_null (move);
}

/* Every level plays a whole round of legal moves, and a seed reproduces
 * the choice. */
static void
test_levels_play (void)
{
  for (guint level = 0; level < PT_BOT_N_LEVELS; level++)
    {
      g_autoptr(PtGame) game = new_lost_cities (level + 10);
      g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", level, 42, 0, NULL);
      g_autoptr(PtBot) twin = pt_bot_new ("lost-cities", level, 42, 0, NULL);
      guint n_moves = 0;

      /* Hard is slow under sanitizers: a few of its moves are enough. */
      while (!pt_game_get_is_over (game) && (level != PT_BOT_LEVEL_HARD || n_moves < 2))
        {
          guint player = (guint) pt_game_get_current_player (game);
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonNode) move = pt_bot_choose_move (bot, game, player, NULL, &error);
          g_autoptr(JsonNode) again = NULL;

          g_assert_no_error (error);
          if (n_moves < 3)
            {
              again = pt_bot_choose_move (twin, game, player, NULL, &error);
              g_assert_no_error (error);
              g_assert_true (json_node_equal (move, again));
            }
          g_assert_true (pt_game_request_move (game, player, move, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (++n_moves, <, 1000);
        }
    }
}

/* The hint shows the reason to the player whose move it is, and an
 * engine sends it as its own comment: so it names the mover's things with
 * “the” and the other side “the opponent”, never “its”/“you”. */
static void
assert_reads_as_hint (const char *reason)
{
  static const char *const words[] = { "its", "you", "your", "yours", "hunch" };
  g_auto(GStrv) split = g_regex_split_simple ("[^A-Za-z]+", reason, 0, 0);

  for (guint i = 0; split[i] != NULL; i++)
    for (guint w = 0; w < G_N_ELEMENTS (words); w++)
      if (g_ascii_strcasecmp (split[i], words[w]) == 0)
        g_error ("The reason “%s” says “%s”", reason, words[w]);
}

/* Every level of every game but random play says why it chose its move:
 * one short line, and the same move as without asking. */
static void
test_reasons (void)
{
  const char *games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint level = 0; level < PT_BOT_N_LEVELS; level++)
      {
        const char *players[] = { "Ana", "Beto", NULL };
        g_autoptr(GError) error = NULL;
        g_autoptr(PtGame) game = NULL;
        g_autoptr(PtBot) bot = NULL;
        guint n_moves = 0;

        if (!pt_bot_supports (games[g], level))
          continue;
        game = pt_rules_new_dealt_game (games[g], players, NULL, 0, 31 + level, &error);
        g_assert_no_error (error);
        bot = pt_bot_new (games[g], level, 7, 0, NULL);
        /* Hard is slow under sanitizers: its first moves are enough. */
        while (!pt_game_get_is_over (game) && n_moves < (level == PT_BOT_LEVEL_HARD ? 3u : 40u))
          {
            guint player = (guint) pt_game_get_current_player (game);
            g_autofree char *reason = NULL;
            g_autoptr(JsonNode) move = pt_bot_choose_move_full (bot, game, player, NULL,
                                                                 &reason, &error);
            g_autoptr(JsonNode) plain = pt_bot_choose_move (bot, game, player, NULL, &error);

            g_assert_no_error (error);
            g_assert_true (json_node_equal (move, plain));
            if (level == PT_BOT_LEVEL_RANDOM)
              g_assert_null (reason);
            else
              {
                g_assert_nonnull (reason);
                g_assert_cmpuint (strlen (reason), >, 8);
                g_assert_cmpuint (strlen (reason), <, 200);
                g_assert_null (strchr (reason, '\n'));
                g_assert_true (g_utf8_validate (reason, -1, NULL));
                assert_reads_as_hint (reason);
                if (n_moves < 4)
                  g_test_message ("%s, %s: %s", games[g], pt_bot_level_to_id (level), reason);
              }
            g_assert_true (pt_game_request_move (game, player, move, &error));
            g_assert_no_error (error);
            n_moves++;
          }
      }
}

typedef struct
{
  GMainLoop *loop;
  JsonNode *move;
  GError *error;
  char *reason;
} AsyncData;

static void
choose_done (GObject *source,
             GAsyncResult *result,
             gpointer user_data)
{
  AsyncData *data = user_data;

  data->move = pt_bot_choose_move_finish_full (PT_BOT (source), result, &data->reason,
                                               &data->error);
  g_main_loop_quit (data->loop);
}

static void
test_async (void)
{
  g_autoptr(PtGame) game = new_lost_cities (7);
  g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", PT_BOT_LEVEL_MEDIUM, 3, 0, NULL);
  g_autoptr(PtBot) sync_bot = pt_bot_new ("lost-cities", PT_BOT_LEVEL_MEDIUM, 3, 0, NULL);
  g_autoptr(JsonNode) expected = NULL;
  AsyncData data = { g_main_loop_new (NULL, FALSE), NULL, NULL };

  expected = pt_bot_choose_move (sync_bot, game, 0, NULL, NULL);
  pt_bot_choose_move_async (bot, game, 0, NULL, choose_done, &data);
  g_main_loop_run (data.loop);
  g_assert_no_error (data.error);
  g_assert_nonnull (data.move);
  g_assert_true (json_node_equal (data.move, expected));
  g_assert_true (pt_game_is_legal (game, 0, data.move));
  /* The reason comes with the move, through the async API too. */
  g_assert_nonnull (data.reason);
  g_assert_cmpuint (strlen (data.reason), >, 8);

  g_free (data.reason);
  json_node_unref (data.move);
  g_main_loop_unref (data.loop);
}

/* The snapshot is taken when the request is made: changing the game while
 * the bot thinks does not change its answer. */
static void
test_async_snapshot (void)
{
  g_autoptr(PtGame) game = new_lost_cities (8);
  g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", PT_BOT_LEVEL_MEDIUM, 3, 0, NULL);
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(JsonNode) other = NULL;
  AsyncData data = { g_main_loop_new (NULL, FALSE), NULL, NULL };

  expected = pt_bot_choose_move (bot, game, 0, NULL, NULL);
  pt_bot_choose_move_async (bot, game, 0, NULL, choose_done, &data);
  /* Move on before the answer arrives. */
  g_assert_true (pt_game_request_move (game, 0, expected, NULL));
  g_main_loop_run (data.loop);
  g_assert_no_error (data.error);
  g_assert_true (json_node_equal (data.move, expected));

  g_free (data.reason);
  json_node_unref (data.move);
  g_main_loop_unref (data.loop);
}

static void
test_cancel (void)
{
  g_autoptr(PtGame) game = new_lost_cities (9);
  g_autoptr(PtBot) bot = pt_bot_new ("lost-cities", PT_BOT_LEVEL_HARD, 3, 0, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) move = NULL;
  AsyncData data = { g_main_loop_new (NULL, FALSE), NULL, NULL };

  /* Already cancelled: the synchronous call gives up at once. */
  g_cancellable_cancel (cancellable);
  move = pt_bot_choose_move (bot, game, 0, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (move);

  /* Cancelled while the worker thread searches (or before it starts: the
   * search checks the cancellable before every sample). */
  g_cancellable_reset (cancellable);
  pt_bot_choose_move_async (bot, game, 0, cancellable, choose_done, &data);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (data.loop);
  g_assert_error (data.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (data.move);

  g_clear_error (&data.error);
  g_main_loop_unref (data.loop);
}

int
main (int argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  pt_rules_init ();

  g_test_add_func ("/ai/bot/levels", test_levels);
  g_test_add_func ("/ai/bot/unsupported", test_unsupported);
  g_test_add_func ("/ai/bot/not-your-turn", test_not_your_turn);
  g_test_add_func ("/ai/bot/levels-play", test_levels_play);
  g_test_add_func ("/ai/bot/reasons", test_reasons);
  g_test_add_func ("/ai/bot/async", test_async);
  g_test_add_func ("/ai/bot/async-snapshot", test_async_snapshot);
  g_test_add_func ("/ai/bot/cancel", test_cancel);

  return g_test_run ();
}
