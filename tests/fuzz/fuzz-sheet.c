/* fuzz-sheet.c — libFuzzer target: one game's companion score-sheet scorer
 * (partida-cli score, the score sheet pages). Built once per game with
 * FUZZ_GAME set to its id: the input's "game" member is replaced by it, so
 * that every input reaches that game's scorer.
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
  g_autoptr(JsonNode) sheet = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_init ();
  sheet = pt_json_parse_data ((const char *) data, (gssize) size, 0, &error);
  if (sheet == NULL)
    return 0;
  if (JSON_NODE_HOLDS_OBJECT (sheet))
    json_object_set_string_member (json_node_get_object (sheet), "game", FUZZ_GAME);
  result = pt_rules_score_sheet (sheet, &error);
  if (result != NULL)
    g_free (json_to_string (result, FALSE));
  return 0;
}
