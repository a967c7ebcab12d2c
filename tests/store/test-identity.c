/* test-identity.c — the identity rule in the store: search, sort, import
 * matching and suggestions (Begoña/begona, Ángel/angel, Íñigo/ÍÑIGO)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "store-test-util.h"

static int
search_count (PtStore *store,
              const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) history = NULL;
  PtHistoryQuery query;

  pt_history_query_init (&query);
  query.search = text;
  history = pt_store_history (store, &query, &error);
  g_assert_no_error (error);
  return (int) history->len;
}

static void
test_search (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "search.db");
  g_autoptr(GError) error = NULL;
  gint64 angel = test_player (store, "Ángel"), begona = test_player (store, "Begoña");
  gint64 inigo = test_player (store, "Íñigo"), zoe = test_player (store, "Zoe");
  gint64 ab[] = { angel, begona }, iz[] = { inigo, zoe };
  int scores[] = { 3, 2 };
  gint64 noted = test_match (store, "lost-cities", 1000, 2, iz, scores);

  test_match (store, "lost-cities", 2000, 2, ab, scores);
  g_assert_true (pt_store_set_match_notes (store, noted, "En casa de Begoña, ¡qué ÉXITO!", &error));
  g_assert_cmpint (search_count (store, "angel"), ==, 1);
  g_assert_cmpint (search_count (store, "ÁNGEL"), ==, 1);
  g_assert_cmpint (search_count (store, "begona"), ==, 2); /* a player and a note */
  g_assert_cmpint (search_count (store, "ÍÑIGO"), ==, 1);
  g_assert_cmpint (search_count (store, "inigo"), ==, 1);
  g_assert_cmpint (search_count (store, "exito"), ==, 1);
  g_assert_cmpint (search_count (store, "%"), ==, 0); /* LIKE characters are text */
  g_assert_cmpint (search_count (store, "carla"), ==, 0);
  test_rmdir (dir);
}

static void
test_sort (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  const char *names[] = { "Zoe", "Íñigo", "begoña", "Ángel", "Nuria", "Ñoño", "alba" };
  const char *expected[] = { "alba", "Ángel", "begoña", "Íñigo", "Nuria", "Ñoño", "Zoe" };
  char *old = g_strdup (setlocale (LC_COLLATE, NULL));

  if (setlocale (LC_COLLATE, "es_ES.UTF-8") == NULL)
    {
      g_test_skip ("no es_ES.UTF-8 locale");
      g_free (old);
      return;
    }
  store = test_open (dir, "sort.db");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    test_player (store, names[i]);
  players = pt_store_list_players (store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (((PtPlayer *) players->pdata[i])->name, ==, expected[i]);
  setlocale (LC_COLLATE, old);
  g_free (old);
  test_rmdir (dir);
}

static void
test_suggest (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "suggest.db");
  static const struct
  {
    const char *typed, *expected;
  } cases[] = {
    { "begona", "Begoña" },
    { "BEGOÑA", "Begoña" },
    { "Bego", "Begoña" },
    { "Begnoa", "Begoña" },
    { "angel", "Ángel" },
    { "Anhel", "Ángel" },
    { "ÍÑIGO", "Íñigo" },
    { "inigo", "Íñigo" },
    { "Zoe", "Zoe" },
    { "Zo", "Zoe" },
    { "Carla", NULL },
    { "B", NULL },
    { "", NULL },
  };

  test_player (store, "Begoña");
  test_player (store, "Ángel");
  test_player (store, "Íñigo");
  test_player (store, "Zoe");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PtPlayer) player = pt_store_suggest_player (store, cases[i].typed, &error);

      g_assert_no_error (error);
      if (cases[i].expected == NULL)
        {
          if (player != NULL)
            g_error ("“%s” suggested %s", cases[i].typed, player->name);
        }
      else
        {
          g_assert_nonnull (player);
          g_assert_cmpstr (player->name, ==, cases[i].expected);
        }
    }
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/identity/search", test_search);
  g_test_add_func ("/store/identity/sort-es", test_sort);
  g_test_add_func ("/store/identity/suggest", test_suggest);
  return g_test_run ();
}
