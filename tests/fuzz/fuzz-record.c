/* fuzz-record.c — libFuzzer target: the record reader (partida-cli replay,
 * legal, saved games): pt_json_parse_data() then pt_rules_load_record(),
 * and on a record that loads, what the CLI prints about it.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "pt-record.h"
#include "pt-rules.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t size)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PtGame) game = NULL;
  g_autoptr(GError) error = NULL;
  int move = 0, player = 0;

  fuzz_init ();
  node = pt_json_parse_data ((const char *) data, (gssize) size, 0, &error);
  if (node == NULL)
    return 0;
  game = pt_rules_load_record (node, &move, &player, &error);
  if (game != NULL)
    {
      int scores[PT_GAME_MAX_PLAYERS];
      int current = pt_game_get_current_player (game);
      g_autoptr(JsonNode) record = pt_game_to_record (game);
      g_autoptr(JsonNode) breakdown = pt_game_get_breakdown (game);
      g_autoptr(JsonNode) view = pt_game_get_view (game, -1);

      /* Built for what building them may do wrong; their values are the
       * rules tests' business. */
      (void) record;
      (void) breakdown;
      (void) view;
      pt_game_get_scores (game, scores);
      if (current >= 0)
        {
          g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, (guint) current);

          (void) legal;
        }
      if (pt_game_get_is_over (game))
        (void) pt_game_get_winners (game);
    }
  return 0;
}
