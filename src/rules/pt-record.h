/* pt-record.h — reading `partida-record/1` documents strictly
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Records come from files people edit, other programs and old versions, so
 * every accessor here checks the JSON type and never guesses: "3" is not 3,
 * 3.0 is not 3, and a missing member is an error the caller names.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "pt-rules-error.h"

G_BEGIN_DECLS

/* The parts of a record's envelope, borrowed from the record node. */
typedef struct
{
  const char *game_id;
  GStrv players;       /* owned */
  JsonObject *options; /* NULL when absent */
  JsonObject *setup;
  JsonArray *moves; /* NULL when absent (a fresh game) */
} PtRecordEnvelope;

gboolean pt_record_parse_envelope (JsonNode *record,
                                   PtRecordEnvelope *envelope,
                                   GError **error);
void pt_record_envelope_clear (PtRecordEnvelope *envelope);

/* The one entry point for JSON from outside Partida (record files, score
 * sheets, imports, saved games read back from the database, settings,
 * engine messages). Before json-glib sees the text (its parser recurses,
 * so deep nesting would overflow the stack), a linear byte scan that
 * respects strings and escapes refuses:
 *  - text longer than PT_JSON_MAX_BYTES (or the caller's @max_bytes),
 *  - nesting of arrays/objects deeper than PT_JSON_MAX_DEPTH,
 *  - a NUL byte inside the text and text that is not UTF-8,
 *  - what is not JSON but json-glib 1.6 reads, or leaks on: comments,
 *    single-quoted strings, escapes other than JSON's (a lone UTF-16
 *    surrogate too), more than one value.
 * Errors are PT_RULES_ERROR_BAD_RECORD with a message that says which
 * limit and where (byte offset). Partida's own documents nest at most 6
 * levels (a Next Station record: record → moves → turn → action → section
 * → point), so 64 leaves room for any honest extension. */
#define PT_JSON_MAX_DEPTH 64
#define PT_JSON_MAX_BYTES (64 * 1024 * 1024)

JsonNode *pt_json_parse (const char *text,
                         GError **error);
/* @length -1: NUL-terminated; @max_bytes 0: PT_JSON_MAX_BYTES. */
JsonNode *pt_json_parse_data (const char *data,
                              gssize length,
                              gsize max_bytes,
                              GError **error);
/* Only the scan (no parse): TRUE when @data is within the limits. */
gboolean pt_json_check_limits (const char *data,
                               gsize length,
                               gsize max_bytes,
                               GError **error);
gboolean pt_json_get_int (JsonNode *node,
                          gint64 *out);
gboolean pt_json_get_bool (JsonNode *node,
                           gboolean *out);
const char *pt_json_get_string (JsonNode *node);
JsonObject *pt_json_get_object (JsonNode *node);
JsonArray *pt_json_get_array (JsonNode *node);
gboolean pt_json_object_only_has (JsonObject *object,
                                  const char *const *allowed,
                                  const char **unknown);
JsonNode *pt_json_node_new_object (JsonObject *object);
JsonNode *pt_json_node_new_array (JsonArray *array);

G_END_DECLS
