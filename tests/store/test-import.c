/* test-import.c — BG Stats and BoardGameGeek imports, import limits, CSV guard
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "store-test-util.h"
#include "pt-import.h"

static char *
sample (const char *name,
        gsize *length)
{
  g_autofree char *path = g_build_filename (g_getenv ("PARTIDA_SOURCE_DIR"), "tests", "store",
                                            "import", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, &error));
  g_assert_no_error (error);
  return text;
}

static PtMatchEntry *
find_match (PtStore *store,
            const char *game,
            int n_results,
            int first_score)
{
  g_autoptr(GError) error = NULL;
  PtHistoryQuery query;
  g_autoptr(GPtrArray) history = NULL;

  pt_history_query_init (&query);
  query.game = game;
  query.limit = 100;
  history = pt_store_history (store, &query, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < history->len; i++)
    {
      PtMatchEntry *entry = history->pdata[i];
      PtMatchResult *r0 = entry->results->pdata[0];

      if ((int) entry->results->len == n_results && r0->score == first_score)
        return pt_store_load_match (store, entry->id, &error);
    }
  return NULL;
}

static const char *
player_name (PtStore *store,
             gint64 id)
{
  g_autoptr(GError) error = NULL;
  static char name[256];
  g_autoptr(PtPlayer) player = pt_store_get_player (store, id, &error);

  g_assert_no_error (error);
  g_strlcpy (name, player->name, sizeof name);
  return name;
}

static void
test_bgstats (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "bgstats.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) lost = NULL;
  g_autoptr(PtMatchEntry) london = NULL;
  g_autoptr(PtMatchEntry) tie = NULL;
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  PtImportSummary summary = { 0 };
  gint64 begona = test_player (store, "Begoña");
  gint64 angel = test_player (store, "angel");
  gsize length;
  PtNight *night;

  text = sample ("bgstats-sample.json", &length);
  g_assert_cmpint (pt_import_detect_format (text, length), ==, PT_IMPORT_FORMAT_BGSTATS);
  g_assert_true (pt_store_import (store, text, length, PT_IMPORT_FORMAT_AUTO, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.format, ==, PT_IMPORT_FORMAT_BGSTATS);
  g_assert_cmpint (summary.plays_read, ==, 8);
  g_assert_cmpint (summary.matches_added, ==, 4);
  g_assert_cmpint (summary.matches_skipped, ==, 0);
  /* "begona", "BEGOÑA" are Begoña, "Ángel" is angel: only ÍÑIGO and Zoe are new. */
  g_assert_cmpint (summary.players_added, ==, 2);
  g_assert_cmpint (summary.nights_added, ==, 1);
  g_assert_cmpint (summary.plays_other_games, ==, 2);
  g_assert_cmpint (summary.plays_unusable, ==, 2);
  g_assert_nonnull (strstr (summary.details, "“Catan”"));
  g_assert_nonnull (strstr (summary.details, "“Lost Cities: The Board Game”"));
  g_assert_nonnull (strstr (summary.details, "play 5"));
  g_assert_nonnull (strstr (summary.details, "not every player has a score"));
  g_assert_nonnull (strstr (summary.details, "3 players; the game is for 2"));
  pt_import_summary_clear (&summary);

  /* Lost Cities, string scores, location as the night, comments as notes. */
  lost = find_match (store, "lost-cities", 2, 45);
  g_assert_nonnull (lost);
  g_assert_cmpint (lost->mode, ==, PT_MATCH_MODE_COMPANION);
  g_assert_cmpstr (lost->notes, ==, "Primera partida, \"rojo\" a tope");
  g_assert_cmpint (((PtMatchResult *) lost->results->pdata[0])->player_id, ==, begona);
  g_assert_cmpint (((PtMatchResult *) lost->results->pdata[1])->player_id, ==, angel);
  g_assert_true (((PtMatchResult *) lost->results->pdata[0])->winner);
  g_assert_false (((PtMatchResult *) lost->results->pdata[1])->winner);
  g_assert_cmpint (lost->finished - lost->started, ==, 25 * 60);
  nights = pt_store_list_nights (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (nights->len, ==, 1);
  night = nights->pdata[0];
  g_assert_cmpstr (night->date, ==, "2024-03-01");
  g_assert_cmpstr (night->place, ==, "Casa de Begoña");
  g_assert_cmpint (lost->night_id, ==, night->id);

  /* Numbers as scores, no winner flag: the best score wins; a new player. */
  london = find_match (store, "next-station-london", 3, 40);
  g_assert_nonnull (london);
  g_assert_cmpstr (player_name (store, ((PtMatchResult *) london->results->pdata[2])->player_id),
                   ==, "Zoe");
  g_assert_true (((PtMatchResult *) london->results->pdata[2])->winner);
  g_assert_false (((PtMatchResult *) london->results->pdata[0])->winner);
  g_assert_cmpint (london->night_id, ==, night->id);

  /* The Spanish title, "30.0" as 30, a tie shares the win. */
  tie = find_match (store, "next-station-london", 2, 30);
  g_assert_nonnull (tie);
  g_assert_true (((PtMatchResult *) tie->results->pdata[0])->winner);
  g_assert_true (((PtMatchResult *) tie->results->pdata[1])->winner);
  g_assert_cmpint (((PtMatchResult *) tie->results->pdata[0])->player_id, ==, begona);
  {
    g_autoptr(PtMatchEntry) wagons = find_match (store, "circle-the-wagons", 2, 20);

    g_assert_nonnull (wagons);
  }
  players = pt_store_list_players (store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 4);

  /* The same file again adds nothing. */
  before = pt_store_export_json (store, &error);
  g_assert_true (pt_store_import (store, text, length, PT_IMPORT_FORMAT_BGSTATS, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.matches_added, ==, 0);
  g_assert_cmpint (summary.matches_skipped, ==, 4);
  g_assert_cmpint (summary.players_added, ==, 0);
  g_assert_cmpint (summary.nights_added, ==, 0);
  pt_import_summary_clear (&summary);
  after = pt_store_export_json (store, &error);
  g_assert_cmpstr (before, ==, after);
  test_rmdir (dir);
}

static void
test_bgg (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "bgg.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) kept = NULL;
  g_autoptr(PtMatchEntry) lost = NULL;
  g_autoptr(PtMatchEntry) london = NULL;
  g_autoptr(GPtrArray) nights = NULL;
  g_autofree char *text = NULL;
  PtImportSummary summary = { 0 };
  gint64 begona = test_player (store, "Begoña");
  gsize length;

  /* The night is already kept here: the plays go into it. */
  kept = pt_store_add_night (store, "2024-04-05", "Casa de Begoña", "", &error);
  g_assert_no_error (error);
  text = sample ("bgg-plays-sample.xml", &length);
  g_assert_cmpint (pt_import_detect_format (text, length), ==, PT_IMPORT_FORMAT_BGG);
  g_assert_true (pt_store_import (store, text, length, PT_IMPORT_FORMAT_AUTO, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.format, ==, PT_IMPORT_FORMAT_BGG);
  g_assert_cmpint (summary.plays_read, ==, 6);
  g_assert_cmpint (summary.matches_added, ==, 2);
  g_assert_cmpint (summary.nights_added, ==, 0);
  /* angel, inigo_bgg (the user name when there is no name), Marta Nueva, Zoe */
  g_assert_cmpint (summary.players_added, ==, 4);
  g_assert_cmpint (summary.plays_other_games, ==, 2);
  g_assert_cmpint (summary.plays_unusable, ==, 2);
  g_assert_nonnull (strstr (summary.details, "“Azul”"));
  g_assert_nonnull (strstr (summary.details, "play 81000004"));
  g_assert_nonnull (strstr (summary.details, "marked incomplete"));
  pt_import_summary_clear (&summary);

  lost = find_match (store, "lost-cities", 2, 52);
  g_assert_nonnull (lost);
  g_assert_cmpstr (lost->notes, ==, "Revancha & risas");
  g_assert_cmpint (lost->night_id, ==, kept->id);
  g_assert_cmpint (((PtMatchResult *) lost->results->pdata[0])->player_id, ==, begona);
  g_assert_true (((PtMatchResult *) lost->results->pdata[0])->winner);
  london = find_match (store, "next-station-london", 3, 61);
  g_assert_nonnull (london);
  g_assert_cmpint (london->night_id, ==, kept->id);
  g_assert_cmpint (((PtMatchResult *) london->results->pdata[1])->score, ==, 64);
  g_assert_true (((PtMatchResult *) london->results->pdata[1])->winner);
  nights = pt_store_list_nights (store, &error);
  g_assert_cmpuint (nights->len, ==, 1);

  g_assert_true (pt_store_import (store, text, length, PT_IMPORT_FORMAT_BGG, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.matches_added, ==, 0);
  g_assert_cmpint (summary.matches_skipped, ==, 2);
  g_assert_cmpint (summary.players_added, ==, 0);
  pt_import_summary_clear (&summary);
  test_rmdir (dir);
}

static void
test_detect (void)
{
  static const struct
  {
    const char *text;
    PtImportFormat format;
  } cases[] = {
    { "{\"format\":\"partida-export/1\",\"players\":[]}", PT_IMPORT_FORMAT_PARTIDA },
    { "\xEF\xBB\xBF  {\"games\":[],\"plays\":[]}", PT_IMPORT_FORMAT_BGSTATS },
    { "<?xml version=\"1.0\"?>\n<plays username=\"x\"></plays>", PT_IMPORT_FORMAT_BGG },
    { "<html></html>", PT_IMPORT_FORMAT_AUTO },
    /* Other JSON is read as an export, so the reader can say what is wrong. */
    { "[1, 2]", PT_IMPORT_FORMAT_PARTIDA },
    { "", PT_IMPORT_FORMAT_AUTO },
  };
  PtImportFormat format;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (pt_import_detect_format (cases[i].text, strlen (cases[i].text)), ==,
                     cases[i].format);
  g_assert_true (pt_import_format_from_string ("bgg", &format));
  g_assert_cmpint (format, ==, PT_IMPORT_FORMAT_BGG);
  g_assert_false (pt_import_format_from_string ("csv", &format));
  g_assert_cmpstr (pt_import_match_game (50, "Anything"), ==, "lost-cities");
  g_assert_cmpstr (pt_import_match_game (0, "NEXT STATION – LONDON"), ==, "next-station-london");
  g_assert_cmpstr (pt_import_match_game (0, "Next Station: Londres"), ==, "next-station-london");
  g_assert_cmpstr (pt_import_match_game (12345, "Circle the Wagons"), ==, "circle-the-wagons");
  g_assert_null (pt_import_match_game (12345, "Lost Cities"));
  g_assert_null (pt_import_match_game (0, "Catan"));
  /* Derived UUIDs are stable and well formed. */
  {
    g_autofree char *a = pt_import_derive_uuid ("x");
    g_autofree char *b = pt_import_derive_uuid ("x");
    g_autofree char *c = pt_import_derive_uuid ("y");

    g_assert_cmpstr (a, ==, b);
    g_assert_cmpstr (a, !=, c);
    g_assert_true (g_uuid_string_is_valid (a));
    g_assert_cmpint (a[14], ==, '5');
  }
}

/* A valid export with one thing replaced. */
static char *
document (const char *key,
          const char *value)
{
  static const char *template =
      "{\"format\":\"partida-export/1\","
      "\"players\":[{\"uuid\":\"11111111-1111-4111-8111-111111111111\",\"name\":\"@NAME@\","
      "\"colour\":\"\",\"created\":\"2024-01-01T00:00:00Z\",\"archived\":false},"
      "{\"uuid\":\"@P2@\",\"name\":\"Bea\",\"colour\":\"\",\"created\":\"2024-01-01T00:00:00Z\","
      "\"archived\":false}],"
      "\"nights\":[],"
      "\"matches\":[{\"uuid\":\"33333333-3333-4333-8333-333333333333\",\"game\":\"@GAME@\","
      "\"mode\":\"companion\",\"started\":\"2024-01-01T10:00:00Z\","
      "\"finished\":\"2024-01-01T11:00:00Z\",\"night\":null,\"notes\":\"@NOTES@\",\"results\":["
      "{\"player\":\"11111111-1111-4111-8111-111111111111\",\"seat\":0,\"score\":@SCORE@,\"rank\":1,"
      "\"winner\":true,\"ai\":false},"
      "{\"player\":\"@P2@\",\"seat\":1,\"score\":3,\"rank\":2,\"winner\":false,\"ai\":false}]},"
      "{\"uuid\":\"@M2@\",\"game\":\"lost-cities\",\"mode\":\"companion\","
      "\"started\":\"2024-01-02T10:00:00Z\",\"finished\":\"2024-01-02T11:00:00Z\",\"night\":null,"
      "\"results\":[{\"player\":\"@P2@\",\"seat\":0,\"score\":5,\"rank\":1,\"winner\":true,"
      "\"ai\":false}]}]}";
  static const char *defaults[][2] = {
    { "@NAME@", "Ana" },
    { "@P2@", "22222222-2222-4222-8222-222222222222" },
    { "@GAME@", "lost-cities" },
    { "@NOTES@", "ok" },
    { "@SCORE@", "12" },
    { "@M2@", "44444444-4444-4444-8444-444444444444" },
  };
  GString *text = g_string_new (template);

  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    g_string_replace (text, defaults[i][0],
                      key != NULL && strcmp (key, defaults[i][0]) == 0 ? value : defaults[i][1], 0);
  return g_string_free (text, FALSE);
}

static void
assert_refused (PtStore *store,
                const char *data,
                gssize length,
                const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = pt_store_export_json (store, NULL);
  g_autofree char *after = NULL;
  PtImportSummary summary = { 0 };

  g_assert_false (pt_store_import (store, data, length, PT_IMPORT_FORMAT_AUTO, &summary, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  if (strstr (error->message, expected) == NULL)
    g_error ("expected “%s” in “%s”", expected, error->message);
  after = pt_store_export_json (store, NULL);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (summary.matches_added, ==, 0);
}

static void
test_limits (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "limits.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *long_name = g_strnfill (101, 'a');
  g_autofree char *max_name = g_strnfill (100, 'b');
  g_autofree char *long_notes = g_strnfill (10001, 'n');
  static const struct
  {
    const char *key, *value, *expected;
  } cases[] = {
    { "@SCORE@", "1000000000000000000000000000000", "number 1000000000000000000000000000000 is too large" },
    { "@SCORE@", "18446744073709551656", "number 18446744073709551656 is too large" },
    { "@SCORE@", "9223372036854775808", "number 9223372036854775808 is too large" },
    { "@SCORE@", "-9223372036854775809", "too large" },
    { "@SCORE@", "2147483648", "matches[0].results[0]: the score 2147483648 is outside the range" },
    { "@SCORE@", "-2147483649", "the score -2147483649 is outside the range" },
    { "@SCORE@", "1e30", "matches[0].results[0]: the score 1e+30 is not a whole number" },
    { "@SCORE@", "12.5", "the score 12.5 is not a whole number" },
    { "@GAME@", "chess", "matches[0]: unknown game “chess”" },
    { "@NAME@", "An\\u0000a", "NUL character" },
    { "@NAME@", "An\xff"
                "a",
      "not valid UTF-8" },
    { "@M2@", "33333333-3333-4333-8333-333333333333",
      "matches[1]: the match UUID 33333333-3333-4333-8333-333333333333 is used twice (also by matches[0])" },
    { "@P2@", "11111111-1111-4111-8111-111111111111",
      "players[1]: the player UUID 11111111-1111-4111-8111-111111111111 is used twice (also by players[0])" },
  };
  PtImportSummary summary = { 0 };

  /* Each document is refused as a whole. */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = document (cases[i].key, cases[i].value);
      assert_refused (store, text, -1, cases[i].expected);
    }
  {
    g_autofree char *text = document ("@NAME@", long_name);
    assert_refused (store, text, -1, "players[0]: the name is longer than 100 characters");
  }
  {
    g_autofree char *text = document ("@NOTES@", long_notes);
    assert_refused (store, text, -1, "matches[0]: the note is longer than 10000 characters");
  }
  {
    /* A raw NUL byte inside a name. */
    g_autofree char *text = document ("@NAME@", "An#a");
    gsize length = strlen (text);

    *strchr (text, '#') = '\0';
    assert_refused (store, text, (gssize) length, "NUL byte");
  }
  {
    /* From other apps too. */
    static const char *bgstats =
        "{\"games\":[{\"id\":1,\"name\":\"Lost Cities\",\"bggId\":50}],"
        "\"players\":[{\"id\":1,\"name\":\"Ana\"},{\"id\":2,\"name\":\"Bea\"}],"
        "\"plays\":[{\"playDate\":\"2024-01-01 20:00:00\",\"gameRefId\":1,\"playerScores\":["
        "{\"playerRefId\":1,\"score\":\"@S@\"},{\"playerRefId\":2,\"score\":\"3\"}]}]}";
    static const char *bgg =
        "<plays><play id=\"9\" date=\"2024-01-01\"><item name=\"Lost Cities\" objectid=\"50\"/>"
        "<players><player name=\"Ana\" score=\"@S@\"/><player name=\"Bea\" score=\"1\"/></players>"
        "</play></plays>";
    static const struct
    {
      const char *doc, *score, *expected;
    } other[] = {
      { NULL, "x7", "Invalid BG Stats file: play 1: Ana: the score “x7” is not a whole number" },
      { NULL, "99999999999", "Invalid BG Stats file: play 1: Ana: the score 99999999999 is outside" },
      { NULL, "12.5", "not a whole number" },
      { "bgg", "9223372036854775808", "Invalid BoardGameGeek file: play 9: Ana: the score 9223372036854775808 is outside" },
      { "bgg", "-2", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (other); i++)
      {
        GString *text = g_string_new (other[i].doc != NULL ? bgg : bgstats);

        g_string_replace (text, "@S@", other[i].score, 0);
        if (other[i].expected != NULL)
          assert_refused (store, text->str, -1, other[i].expected);
        else
          {
            /* A negative score is a score. */
            g_assert_true (pt_store_import (store, text->str, -1, PT_IMPORT_FORMAT_AUTO, &summary,
                                            &error));
            g_assert_no_error (error);
            g_assert_cmpint (summary.matches_added, ==, 1);
            pt_import_summary_clear (&summary);
          }
        g_string_free (text, TRUE);
      }
    /* One player twice in a play, in either format. */
    assert_refused (store,
                    "{\"games\":[{\"id\":1,\"name\":\"Lost Cities\",\"bggId\":50}],"
                    "\"players\":[{\"id\":1,\"name\":\"Ana\"}],"
                    "\"plays\":[{\"playDate\":\"2024-01-01 20:00:00\",\"gameRefId\":1,\"playerScores\":["
                    "{\"playerRefId\":1,\"score\":\"4\"},{\"playerRefId\":1,\"score\":\"3\"}]}]}",
                    -1, "Invalid BG Stats file: play 1: Ana plays twice");
    assert_refused (store,
                    "<plays><play id=\"9\" date=\"2024-01-01\"><item name=\"Lost Cities\" objectid=\"50\"/>"
                    "<players><player name=\"Ana\" score=\"2\"/><player name=\"Ana\" score=\"1\"/></players>"
                    "</play></plays>",
                    -1, "Invalid BoardGameGeek file: play 9: Ana plays twice");
    assert_refused (store, "<plays><play></plays>", -1, "Invalid BoardGameGeek file: not well-formed XML");
    assert_refused (store, "{\"no\":1}", -1, "not a Partida export");
  }

  /* The limits themselves are allowed; the template is valid. */
  {
    g_autofree char *text = document ("@NAME@", max_name);

    g_assert_true (pt_store_import (store, text, -1, PT_IMPORT_FORMAT_PARTIDA, &summary, &error));
    g_assert_no_error (error);
    g_assert_cmpint (summary.matches_added, ==, 2);
  }
  test_rmdir (dir);
}

static void
test_csv_guard (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "csv.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  static const char *notes[] = { "=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "\tTab", "\rCR",
                                 "plain" };
  static const char *cells[] = { "\"'=HYPERLINK(\"\"http://x\"\")\"", "\"'+1\"", "\"'-2\"",
                                 "\"'@SUM(A1)\"", "\"'\tTab\"", "\"'\rCR\"", "plain" };
  gint64 ids[] = { test_player (store, "=cmd|' /C calc'!A0"), test_player (store, "Bea") };
  int scores[] = { 1, -5 };

  for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
    {
      gint64 match = test_match (store, "lost-cities", 1000 + i, 2, ids, scores);

      g_assert_true (pt_store_set_match_notes (store, match, notes[i], &error));
      g_assert_no_error (error);
    }
  csv = pt_store_export_csv (store, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_autofree char *cell = g_strdup_printf (",%s\r\n", cells[i]);
      if (strstr (csv, cell) == NULL)
        g_error ("no %s in\n%s", cell, csv);
    }
  g_assert_nonnull (strstr (csv, ",\"'=cmd|' /C calc'!A0\","));
  /* Numbers stay numbers: a negative score is not quoted. */
  g_assert_nonnull (strstr (csv, ",-5,"));
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/import/bgstats", test_bgstats);
  g_test_add_func ("/store/import/bgg", test_bgg);
  g_test_add_func ("/store/import/detect", test_detect);
  g_test_add_func ("/store/import/limits", test_limits);
  g_test_add_func ("/store/import/csv-guard", test_csv_guard);
  return g_test_run ();
}
