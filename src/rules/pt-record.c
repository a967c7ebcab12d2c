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

JsonNode *
pt_json_parse (const char  *text,
               GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  JsonNode *root;

  if (text == NULL || !json_parser_load_from_data (parser, text, -1, &local_error))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD,
                   _("The text is not valid JSON: %s"),
                   local_error ? local_error->message : _("no text"));
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

/* Only a JSON integer: json-glib keeps integers as gint64 values. */
gboolean
pt_json_get_int (JsonNode *node,
                 gint64   *out)
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
pt_json_object_only_has (JsonObject          *object,
                         const char * const  *allowed,
                         const char         **unknown)
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
parse_players (JsonObject        *record,
               PtRecordEnvelope  *envelope,
               GError           **error)
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
pt_record_parse_envelope (JsonNode          *record,
                          PtRecordEnvelope  *envelope,
                          GError           **error)
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
