/* test-player-name.c — the player identity rule
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "pt-player-name.h"

static void
test_key_folds_accents_and_case (void)
{
  g_assert_true (pt_player_name_equal ("begona", "Begoña"));
  g_assert_true (pt_player_name_equal ("BEGOÑA", "Begoña"));
  g_assert_true (pt_player_name_equal ("ángel", "Ángel"));
  g_assert_true (pt_player_name_equal ("Íñigo", "ÍÑIGO"));
  g_assert_true (pt_player_name_equal ("  Ana   María ", "ana maria"));
  g_assert_false (pt_player_name_equal ("Ana", "Ane"));
  g_assert_false (pt_player_name_equal ("", ""));
  g_assert_false (pt_player_name_equal ("Ana", NULL));
}

static void
test_key_is_canonical (void)
{
  g_autofree char *key = pt_player_name_key ("  Íñigo  DE la Peña ");
  g_autofree char *invalid = pt_player_name_key ("\xff\xfe");

  g_assert_cmpstr (key, ==, "inigo de la pena");
  g_assert_cmpstr (invalid, ==, "");
}

static void
test_search_ignores_accents (void)
{
  g_assert_true (pt_player_name_matches ("Ángel", "angel"));
  g_assert_true (pt_player_name_matches ("María José", "jose"));
  g_assert_false (pt_player_name_matches ("Ángel", "angela"));
}

static int
compare_names (gconstpointer a,
               gconstpointer b,
               gpointer user_data)
{
  return pt_player_name_compare (*(const char *const *) a, *(const char *const *) b);
}

static void
test_sort_spanish (void)
{
  const char *names[] = { "Zoe", "Ángel", "Beto", "ana", "Íñigo" };
  const char *want[] = { "ana", "Ángel", "Beto", "Íñigo", "Zoe" };

  if (setlocale (LC_COLLATE, "es_ES.UTF-8") == NULL)
    {
      g_test_skip ("the es_ES.UTF-8 locale is missing");
      return;
    }
  g_qsort_with_data (names, G_N_ELEMENTS (names), sizeof names[0], compare_names, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (names[i], ==, want[i]);
  setlocale (LC_COLLATE, "C");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/player-name/key-folds", test_key_folds_accents_and_case);
  g_test_add_func ("/store/player-name/key-canonical", test_key_is_canonical);
  g_test_add_func ("/store/player-name/search", test_search_ignores_accents);
  g_test_add_func ("/store/player-name/sort-es", test_sort_spanish);
  return g_test_run ();
}
