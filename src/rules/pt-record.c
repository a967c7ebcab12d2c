/* pt-record.c — strict record reading; see pt-record.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-game.h"
#include "pt-record.h"

/* The value of the 4 hex digits at @at, or -1. */
static gint
hex4 (const char *data,
      gsize length,
      gsize at)
{
  gint value = 0;

  if (at + 4 > length)
    return -1;
  for (gsize k = at; k < at + 4; k++)
    {
      gint digit = g_ascii_xdigit_value (data[k]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

static gboolean
bad_escape (GError **error,
            gsize at)
{
  g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
               _("The text holds an invalid escape in a string (at byte %lu)"), (gulong) at);
  return FALSE;
}

static gboolean
not_one_value (GError **error,
               gsize at)
{
  g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
               _("The text is not one JSON value (at byte %lu)"), (gulong) at);
  return FALSE;
}

gboolean
pt_json_check_limits (const char *data,
                      gsize length,
                      gsize max_bytes,
                      GError **error)
{
  const char *end;
  gboolean in_string = FALSE, escaped = FALSE, in_scalar = FALSE, value_done = FALSE;
  char closing[PT_JSON_MAX_DEPTH];
  guint depth = 0;

  if (max_bytes == 0)
    max_bytes = PT_JSON_MAX_BYTES;
  if (length > max_bytes)
    {
      g_autofree char *size = g_format_size_full (length, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (max_bytes, G_FORMAT_SIZE_IEC_UNITS);

      /* Translators: two sizes, e.g. "70.0 MiB" and "64.0 MiB" */
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("The text is too long: %s, at most %s are read"), size, limit);
      return FALSE;
    }
  if (!g_utf8_validate_len (data, length, &end))
    {
      if (*end == '\0' && (gsize) (end - data) < length)
        g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                     _("The text holds a NUL byte (at byte %lu)"),
                        (gulong) (end - data));
      else
        g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                     _("The text is not valid UTF-8 (at byte %lu)"),
                        (gulong) (end - data));
      return FALSE;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("The text holds a NUL byte (at byte %lu)"),
                      (gulong) ((const char *) memchr (data, '\0', length) - data));
      return FALSE;
    }

  /* Brackets inside strings do not nest. Escapes are checked here too:
   * json-glib 1.6 leaks on some broken \u escapes (found by fuzzing), so
   * only the JSON ones reach it, \uXXXX with 4 hex digits and surrogates
   * in pairs. Unbalanced closing brackets are json-glib's to report. */
  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (escaped)
            {
              escaped = FALSE;
              if (c == 'u')
                {
                  gint unit = hex4 (data, length, i + 1);

                  if (unit >= 0xD800 && unit <= 0xDBFF)
                    {
                      gint low = i + 6 < length && data[i + 5] == '\\' && data[i + 6] == 'u'
                                     ? hex4 (data, length, i + 7)
                                     : -1;

                      if (low < 0xDC00 || low > 0xDFFF)
                        unit = -1;
                      else
                        i += 6;
                    }
                  else if (unit >= 0xDC00 && unit <= 0xDFFF)
                    unit = -1;
                  if (unit < 0)
                    return bad_escape (error, i - 1);
                  i += 4;
                }
              else if (strchr ("\"\\/bfnrt", c) == NULL || c == '\0')
                return bad_escape (error, i - 1);
            }
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            {
              in_string = FALSE;
              value_done = depth == 0;
            }
          continue;
        }
      /* At the top level: exactly one value (json-glib 1.6 leaks the
       * first when another follows, found by fuzzing), and brackets that
       * match. */
      switch (c)
        {
        case '"':
          if (depth == 0 && (value_done || in_scalar))
            return not_one_value (error, i);
          in_string = TRUE;
          break;
        case '[':
        case '{':
          if (depth == 0 && (value_done || in_scalar))
            return not_one_value (error, i);
          if (depth == PT_JSON_MAX_DEPTH)
            {
              g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The text nests arrays and objects deeper than %d levels (at byte %lu)"),
                              PT_JSON_MAX_DEPTH, (gulong) i);
              return FALSE;
            }
          closing[depth++] = c == '[' ? ']' : '}';
          break;
        case ']':
        case '}':
          if (depth == 0 || closing[depth - 1] != c)
            return not_one_value (error, i);
          value_done = --depth == 0;
          break;
        case ' ':
        case '\t':
        case '\n':
        case '\r':
          if (depth == 0 && in_scalar)
            {
              in_scalar = FALSE;
              value_done = TRUE;
            }
          break;
        case ',':
        case ':':
          if (depth == 0)
            return not_one_value (error, i);
          break;
        case '/':
          /* JSON has no comments; json-glib reads some, and then sees
           * other brackets than this scan does (a fuzzed sheet got two
           * values past it, and the first one leaked). */
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                       _("The text holds a comment or a stray “/”, which JSON does not allow (at byte %lu)"),
                          (gulong) i);
          return FALSE;
        case '\'':
          /* JSON has no single-quoted strings; json-glib reads them, so a
           * '"' inside one made this scan take the strings after it for
           * the text between them, and their escapes went unchecked: a
           * lone surrogate reached json-glib 1.6, whose scanner leaks the
           * string it was reading on a malformed surrogate pair (152
           * bytes, as in CI's fuzz-sheet-next-station). */
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                       _("The text holds a single-quoted string or a stray “'”, which JSON does not allow (at byte %lu)"),
                          (gulong) i);
          return FALSE;
        default:
          if (depth == 0)
            {
              if (value_done)
                return not_one_value (error, i);
              in_scalar = TRUE;
            }
          break;
        }
    }
  return TRUE;
}

JsonNode *
pt_json_parse_data (const char *data,
                    gssize length,
                    gsize max_bytes,
                    GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonNode *root;
  gsize len;

  if (data == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The text is empty"));
      return NULL;
    }
  len = length < 0 ? strlen (data) : (gsize) length;
  if (!pt_json_check_limits (data, len, max_bytes, error))
    return NULL;

  /* The one place json-glib parses outside text. */
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) len, &local_error))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("The text is not valid JSON: %s"), local_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The text is empty"));
      return NULL;
    }
  return json_node_copy (root);
}

JsonNode *
pt_json_parse (const char *text,
               GError **error)
{
  return pt_json_parse_data (text, -1, 0, error);
}

/* Only a JSON integer: json-glib keeps integers as gint64 values. */
gboolean
pt_json_get_int (JsonNode *node,
                 gint64 *out)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return TRUE;
}

gboolean
pt_json_get_bool (JsonNode *node,
                  gboolean *out)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  *out = json_node_get_boolean (node);
  return TRUE;
}

const char *
pt_json_get_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

JsonObject *
pt_json_get_object (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
pt_json_get_array (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* TRUE when every member of @object is named in @allowed (NULL-terminated);
 * otherwise *unknown is the first stranger. */
gboolean
pt_json_object_only_has (JsonObject *object,
                         const char *const *allowed,
                         const char **unknown)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        if (unknown != NULL)
          *unknown = l->data;
        return FALSE;
      }
  return TRUE;
}

JsonNode *
pt_json_node_new_object (JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  return node;
}

JsonNode *
pt_json_node_new_array (JsonArray *array)
{
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, array);
  return node;
}

static gboolean
parse_players (JsonObject *record,
               PtRecordEnvelope *envelope,
               GError **error)
{
  JsonArray *players = pt_json_get_array (json_object_get_member (record, "players"));
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  guint n;

  if (players == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The record has no list of players"));
      return FALSE;
    }
  n = json_array_get_length (players);
  if (n == 0 || n > PT_GAME_MAX_PLAYERS)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("The number of players in a record must be 1 to %d, not %u"), PT_GAME_MAX_PLAYERS, n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *name = pt_json_get_string (json_array_get_element (players, i));

      if (name == NULL || !g_utf8_validate (name, -1, NULL))
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                       _("Player %u’s name is not a text"), i);
          return FALSE;
        }
      g_strv_builder_add (builder, name);
    }
  envelope->players = g_strv_builder_end (builder);
  return TRUE;
}

/**
 * pt_record_parse_envelope:
 *
 * Checks the parts every record shares — format, game, players, options,
 * setup and moves — and borrows them into @envelope (which must be
 * cleared with pt_record_envelope_clear()).
 */
gboolean
pt_record_parse_envelope (JsonNode *record,
                          PtRecordEnvelope *envelope,
                          GError **error)
{
  JsonObject *object = pt_json_get_object (record);
  JsonNode *options, *moves;
  const char *format;

  memset (envelope, 0, sizeof *envelope);

  if (object == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("A record must be a JSON object"));
      return FALSE;
    }
  format = pt_json_get_string (json_object_get_member (object, "format"));
  if (g_strcmp0 (format, PT_RECORD_FORMAT) != 0)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("Unknown record format “%s” (expected “%s”)"),
                      format ? format : "", PT_RECORD_FORMAT);
      return FALSE;
    }
  envelope->game_id = pt_json_get_string (json_object_get_member (object, "game"));
  if (envelope->game_id == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                           _("The record does not say which game it is"));
      return FALSE;
    }
  if (!parse_players (object, envelope, error))
    return FALSE;

  options = json_object_get_member (object, "options");
  if (options != NULL && !JSON_NODE_HOLDS_NULL (options))
    {
      envelope->options = pt_json_get_object (options);
      if (envelope->options == NULL)
        {
          g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
                               _("The record’s options must be a JSON object"));
          goto fail;
        }
    }
  envelope->setup = pt_json_get_object (json_object_get_member (object, "setup"));
  if (envelope->setup == NULL)
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                           _("The record has no setup"));
      goto fail;
    }
  moves = json_object_get_member (object, "moves");
  if (moves != NULL && !JSON_NODE_HOLDS_NULL (moves))
    {
      envelope->moves = pt_json_get_array (moves);
      if (envelope->moves == NULL)
        {
          g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                               _("The record’s moves must be a JSON array"));
          goto fail;
        }
    }
  return TRUE;

fail:
  pt_record_envelope_clear (envelope);
  return FALSE;
}

void
pt_record_envelope_clear (PtRecordEnvelope *envelope)
{
  g_clear_pointer (&envelope->players, g_strfreev);
  memset (envelope, 0, sizeof *envelope);
}
