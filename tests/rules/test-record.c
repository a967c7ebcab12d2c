/* test-record.c — pt_json_parse(), the one reader of outside JSON: the
 * limits it checks before json-glib sees the text (issue 16).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-record.h"

static char *
nested (guint depth,
        char open,
        char close)
{
  char *text = g_malloc (2 * depth + 1);

  memset (text, open, depth);
  memset (text + depth, close, depth);
  text[2 * depth] = '\0';
  return text;
}

static void
assert_refused (const char *text,
                gssize length,
                const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pt_json_parse_data (text, length, 0, &error);

  g_assert_null (node);
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” does not say “%s”", error->message, message);
}

static void
assert_parses (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pt_json_parse (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
}

static void
test_depth (void)
{
  g_autofree char *at_limit = nested (PT_JSON_MAX_DEPTH, '[', ']');
  g_autofree char *over = nested (PT_JSON_MAX_DEPTH + 1, '[', ']');
  g_autofree char *deep = nested (80000, '[', ']');
  g_autoptr(GString) objects = g_string_new (NULL);
  g_autoptr(GString) in_strings = g_string_new ("[\"");

  assert_parses (at_limit);
  assert_refused (over, -1, "deeper than 64 levels (at byte 64)");
  /* The crash of the issue: 80,000 nested arrays (160 KB). */
  assert_refused (deep, -1, "deeper than 64 levels");
  /* Unclosed: refused as soon as the limit is passed. */
  deep[80000] = '\0';
  assert_refused (deep, -1, "deeper than 64 levels");

  for (guint i = 0; i < 100; i++)
    g_string_append (objects, "{\"a\":");
  g_string_append (objects, "1");
  for (guint i = 0; i < 100; i++)
    g_string_append_c (objects, '}');
  assert_refused (objects->str, -1, "deeper than 64 levels");

  /* Brackets in strings, also after escaped quotes and backslashes, do
   * not nest. */
  for (guint i = 0; i < 1000; i++)
    g_string_append (in_strings, "[{\\\"\\\\");
  g_string_append (in_strings, "\"]");
  assert_parses (in_strings->str);
}

static void
test_size (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = pt_json_parse_data ("[1, 2, 3]", -1, 8, &error);

  g_assert_null (node);
  g_assert_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_RECORD);
  g_assert_nonnull (strstr (error->message, "too long: 9 bytes, at most 8"));
  g_clear_error (&error);
  node = pt_json_parse_data ("[1, 2, 3]", -1, 9, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_cmpint (PT_JSON_MAX_BYTES, ==, 64 * 1024 * 1024);
}

static void
test_bytes (void)
{
  static const char with_nul[] = "{\"a\": 1}\0{";

  assert_refused (with_nul, sizeof with_nul - 1, "NUL byte (at byte 8)");
  assert_refused ("[\"\xff\"]", -1, "not valid UTF-8 (at byte 2)");
  assert_refused ("[\"\xc0\xaf\"]", -1, "not valid UTF-8");
  assert_refused ("[\"\\ud800\"]", -1, "invalid escape in a string (at byte 2)");
  assert_refused ("[\"\\udc00\"]", -1, "invalid escape");
  assert_refused ("[\"\\ud800\\ud\\udfff\"]", -1, "invalid escape");
  assert_refused ("[\"\\u12\"]", -1, "invalid escape");
  assert_refused ("[\"\\x41\"]", -1, "invalid escape");
  assert_parses ("[\"\\ud83d\\ude00 \\u00e9 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"]");
  assert_refused ("", -1, "empty");
  assert_refused ("  \n", -1, "empty");
  assert_refused ("[1,", -1, "not valid JSON");
  /* One value only, and matching brackets (json-glib leaks otherwise). */
  assert_refused ("56{}", -1, "not one JSON value (at byte 2)");
  assert_refused ("{ }\n{ }\n", -1, "not one JSON value (at byte 4)");
  assert_refused ("\"a\" \"b\"", -1, "not one JSON value (at byte 4)");
  assert_refused ("0 1", -1, "not one JSON value (at byte 2)");
  assert_refused ("[}", -1, "not one JSON value (at byte 1)");
  assert_refused ("]", -1, "not one JSON value (at byte 0)");
  assert_refused ("1, 2", -1, "not one JSON value (at byte 1)");
  /* No comments: json-glib reads "/ … /" as one, so the brackets it sees
   * are not these (two values, the first leaked; found by fuzzing). */
  assert_refused ("[ / [ / ] {} ]", -1, "stray “/”, which JSON does not allow (at byte 2)");
  assert_refused ("{\"a\": [ / [ / ], \"b\": {}}", -1, "(at byte 8)");
  assert_refused ("{} // note", -1, "(at byte 3)");
  assert_parses ("{\"a/b\": \"c/d\"}");
  /* No single-quoted strings: json-glib reads them, so a '"' in one hid
   * the next string's escapes from the scan, and a lone surrogate reached
   * json-glib, which leaks on a broken pair (LeakSanitizer in the ASan
   * build; found by fuzzing) and keeps a lone one as text that is not
   * UTF-8. */
  assert_refused ("{'\"': 0, \"a\": \"\\uD800\\u0041\"}", -1,
                  "single-quoted string or a stray “'”, which JSON does not allow (at byte 1)");
  assert_refused ("['\"', \"\\ud800x\"]", -1, "(at byte 1)");
  assert_refused ("['a']", -1, "(at byte 1)");
  assert_parses ("{\"it's\": \"l'été\"}");
  assert_parses (" \n{\"a\": [1, {\"b\": \"}]\"}]} \n");
  assert_parses ("  -12.5e3  ");
  assert_parses ("\"x\"");
  /* Huge numbers are json-glib's: they parse (or not) without a crash. */
  {
    g_autoptr(JsonNode) node = pt_json_parse ("[1e999999, 99999999999999999999999, -9223372036854775809]", NULL);

    (void) node;
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/record/json-limits/depth", test_depth);
  g_test_add_func ("/rules/record/json-limits/size", test_size);
  g_test_add_func ("/rules/record/json-limits/bytes", test_bytes);
  return g_test_run ();
}
