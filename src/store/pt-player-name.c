/* pt-player-name.c — one rule for whether two typed names are one player
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-player-name.h"

#include <string.h>

/* Combining marks (Mn, Mc, Me) are what NFKD splits accents into. */
static gboolean
is_mark (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_NON_SPACING_MARK ||
         type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_ENCLOSING_MARK;
}

char *
pt_player_name_key (const char *name)
{
  g_autofree char *decomposed = NULL;
  g_autofree char *folded = NULL;
  GString *key;
  gboolean pending_space = FALSE;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return g_strdup ("");

  decomposed = g_utf8_normalize (name, -1, G_NORMALIZE_NFKD);
  folded = g_utf8_casefold (decomposed, -1);
  key = g_string_sized_new (strlen (folded));
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_mark (c))
        continue;
      if (g_unichar_isspace (c))
        {
          pending_space = key->len > 0;
          continue;
        }
      if (pending_space)
        g_string_append_c (key, ' ');
      pending_space = FALSE;
      g_string_append_unichar (key, c);
    }
  return g_string_free (key, FALSE);
}

gboolean
pt_player_name_equal (const char *a,
                      const char *b)
{
  g_autofree char *key_a = pt_player_name_key (a);
  g_autofree char *key_b = pt_player_name_key (b);

  return *key_a != '\0' && g_str_equal (key_a, key_b);
}

gboolean
pt_player_name_matches (const char *name,
                        const char *needle)
{
  g_autofree char *key_name = pt_player_name_key (name);
  g_autofree char *key_needle = pt_player_name_key (needle);

  return strstr (key_name, key_needle) != NULL;
}

char *
pt_player_name_collate_key (const char *name)
{
  g_autofree char *folded = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return g_strdup ("");
  folded = g_utf8_casefold (name, -1);
  return g_utf8_collate_key (folded, -1);
}

int
pt_player_name_compare (const char *a,
                        const char *b)
{
  g_autofree char *key_a = pt_player_name_collate_key (a);
  g_autofree char *key_b = pt_player_name_collate_key (b);

  return strcmp (key_a, key_b);
}
