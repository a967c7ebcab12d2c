/* pt-hint-text.c — a suggested move in words, for the hint line
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hint is advice to the person on turn, so it speaks to them in the
 * imperative ("play the red 7, then draw from the deck"); the rules'
 * describe_move sentences name who moved, for the log. Each game's words
 * are its PtGameUi's hint_text.
 */
#include "config.h"

#include "pt-game-ui.h"
#include "pt-hint-text.h"

/* A move in words, for hints: "play the red 7, then draw from the deck". */
char *
pt_hint_text (PtGame *game,
              JsonNode *move)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (move) ? json_node_get_object (move) : NULL;
  const PtGameUi *ui = pt_game_ui_lookup (pt_game_get_game_id (game));

  if (object != NULL && ui != NULL && ui->hint_text != NULL)
    {
      char *text = ui->hint_text (game, object);

      if (text != NULL)
        return text;
    }
  return json_to_string (move, FALSE);
}
