/* test-io.c — JSON export/import, CSV, backup and restore
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "store-test-util.h"

/* A history with a bit of everything: archived player, night, notes with
 * quotes and commas, AI results, a record, a soft-deleted match. */
static void
fill (PtStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtNight) night = pt_store_add_night (store, "2026-02-14", "Casa \"La Peña\"", "ok", &error);
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("next-station-london", PT_MATCH_MODE_COMPANION);
  gint64 a = test_player (store, "Ana"), b = test_player (store, "Beto, Jr.");
  gint64 c = test_player (store, "Carla");
  gint64 ab[] = { a, b }, abc[] = { a, b, c };
  int s2[] = { 12, 30 }, s3[] = { 7, 7, 1 };
  PtMatchResult *r;
  gint64 gone;

  g_assert_no_error (error);
  test_match (store, "lost-cities", 1000, 2, ab, s2);
  test_match (store, "circle-the-wagons", 2000, 3, abc, s3);
  gone = test_match (store, "lost-cities", 2500, 2, ab, s2);
  g_assert_true (pt_store_delete_match (store, gone, &error));

  pt_match_entry_add_result (entry, pt_match_result_new (c, 0, 88, TRUE));
  r = pt_match_result_new (a, 1, 80, FALSE);
  r->is_ai = TRUE;
  r->ai_level = 2;
  pt_match_entry_add_result (entry, r);
  entry->started = 2900;
  entry->finished = 3000;
  entry->night_id = night->id;
  entry->options = g_strdup ("{\"variant\":\"standard\",\"ratio\":0.5}");
  entry->rule_reading = g_strdup ("2022 rulebook");
  entry->notes = g_strdup ("first \"real\" game,\nnew line");
  entry->breakdown = g_strdup ("{\"lines\":[[1,2,3]],\"bonus\":{\"x\":true}}");
  entry->record = g_strdup ("{\"format\":\"partida-record/1\",\"game\":\"next-station-london\"}");
  g_assert_cmpint (pt_store_save_match (store, entry, &error), >, 0);
  g_assert_no_error (error);
  /* Beto came too but did not play that night. */
  g_assert_true (pt_store_set_night_players (store, night->id, abc, 3, &error));
  g_assert_no_error (error);
  g_assert_true (pt_store_set_player_archived (store, b, TRUE, &error));
}

static void
test_round_trip (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) source = test_open (dir, "source.db");
  g_autoptr(PtStore) target = test_open (dir, "target.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *again = NULL;
  g_autofree char *third = NULL;
  g_autoptr(PtStats) s1 = NULL;
  g_autoptr(PtStats) s2 = NULL;
  g_autoptr(GPtrArray) r1 = NULL;
  g_autoptr(GPtrArray) r2 = NULL;
  PtImportSummary summary;

  fill (source);
  exported = pt_store_export_json (source, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "\"format\" : \"partida-export/1\""));

  g_assert_true (pt_store_import_json (target, exported, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.players_added, ==, 3);
  g_assert_cmpint (summary.nights_added, ==, 1);
  g_assert_cmpint (summary.matches_added, ==, 3); /* the soft-deleted one is not exported */
  g_assert_cmpint (summary.matches_skipped, ==, 0);

  again = pt_store_export_json (target, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, exported);
  {
    g_autoptr(GPtrArray) nights = pt_store_list_nights (target, &error);
    g_autoptr(GPtrArray) came = pt_store_get_night_players (target, ((PtNight *) nights->pdata[0])->id,
                                                             &error);

    g_assert_no_error (error);
    g_assert_cmpint (came->len, ==, 3);
    g_assert_cmpstr (((PtPlayer *) came->pdata[1])->name, ==, "Beto, Jr.");
    g_assert_true (((PtPlayer *) came->pdata[1])->archived);
  }

  /* Importing twice adds nothing. */
  g_assert_true (pt_store_import_json (target, exported, &summary, &error));
  g_assert_cmpint (summary.players_added, ==, 0);
  g_assert_cmpint (summary.nights_added, ==, 0);
  g_assert_cmpint (summary.matches_added, ==, 0);
  g_assert_cmpint (summary.matches_skipped, ==, 3);
  third = pt_store_export_json (target, &error);
  g_assert_cmpstr (third, ==, exported);

  /* Ratings are rebuilt identically. */
  s1 = pt_stats_new (source);
  s2 = pt_stats_new (target);
  r1 = pt_stats_ratings (s1, "circle-the-wagons", TRUE, &error);
  r2 = pt_stats_ratings (s2, "circle-the-wagons", TRUE, &error);
  g_assert_cmpint (r1->len, ==, 3);
  g_assert_cmpint (r2->len, ==, 3);
  for (guint i = 0; i < r1->len; i++)
    g_assert_cmpfloat_with_epsilon (((PtRating *) r1->pdata[i])->rating,
                                    ((PtRating *) r2->pdata[i])->rating, 1e-9);

  g_clear_object (&s1);
  g_clear_object (&s2);
  g_clear_object (&source);
  g_clear_object (&target);
  test_rmdir (dir);
}

/* A player of the same name on another computer is the same person. */
static void
test_import_merges_by_name (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) source = test_open (dir, "a.db");
  g_autoptr(PtStore) target = test_open (dir, "b.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *exported = NULL;
  g_autoptr(GPtrArray) players = NULL;
  PtImportSummary summary;
  gint64 a = test_player (source, "Ana"), b = test_player (source, "Beto");
  gint64 ab[] = { a, b };
  int s[] = { 1, 2 };

  test_match (source, "lost-cities", 100, 2, ab, s);
  test_player (target, "ana");
  exported = pt_store_export_json (source, &error);
  g_assert_true (pt_store_import_json (target, exported, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpint (summary.players_added, ==, 1);
  players = pt_store_list_players (target, TRUE, &error);
  g_assert_cmpint (players->len, ==, 2);

  g_clear_object (&source);
  g_clear_object (&target);
  test_rmdir (dir);
}

/* A bad match at the end rolls back everything before it. */
static void
test_import_all_or_nothing (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) source = test_open (dir, "a.db");
  g_autoptr(PtStore) target = test_open (dir, "b.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *broken = NULL;
  g_autoptr(GPtrArray) players = NULL;
  const char *bad_inputs[] = {
    "not json at all",
    "[1, 2, 3]",
    "{\"format\": \"something-else/1\"}",
    "{\"format\": \"partida-export/1\", \"players\": [{\"uuid\": \"x\"}]}",
    "{\"format\": \"partida-export/1\", \"matches\": 5}",
  };
  char *cut;

  fill (source);
  exported = pt_store_export_json (source, &error);
  /* Point the last match's first result at an unknown player. */
  broken = g_strdup (exported);
  cut = g_strrstr (broken, "\"player\" : \"");
  g_assert_nonnull (cut);
  memcpy (cut + strlen ("\"player\" : \""), "00000000", 8);
  g_assert_false (pt_store_import_json (target, broken, NULL, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (target, &error), ==, 0);
  players = pt_store_list_players (target, TRUE, &error);
  g_assert_cmpint (players->len, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      g_assert_false (pt_store_import_json (target, bad_inputs[i], NULL, &error));
      g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
      g_clear_error (&error);
    }
  g_clear_object (&source);
  g_clear_object (&target);
  test_rmdir (dir);
}

static void
test_csv (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autoptr(PtStore) store = test_open (dir, "csv.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  g_auto(GStrv) rows = NULL;

  fill (store);
  csv = pt_store_export_csv (store, &error);
  g_assert_no_error (error);
  rows = g_strsplit (csv, "\r\n", -1);
  /* header + 2 + 3 + 2 rows + the empty string after the last CRLF */
  g_assert_cmpuint (g_strv_length (rows), ==, 9);
  g_assert_cmpstr (rows[0], ==, "match,game,mode,started,finished,night,player,seat,score,rank,"
                                "winner,ai,ai_level,notes");
  g_assert_true (g_str_has_suffix (rows[1], ",lost-cities,digital,1970-01-01T00:06:40Z,"
                                            "1970-01-01T00:16:40Z,,Ana,0,12,2,0,0,0,"));
  g_assert_nonnull (strstr (rows[2], ",\"Beto, Jr.\",1,30,1,1,0,0,"));
  g_assert_nonnull (strstr (rows[6], ",companion,"));
  g_assert_nonnull (strstr (rows[6], ",2026-02-14,Carla,0,88,1,1,0,0,\"first \"\"real\"\" game,\nnew line\""));
  g_assert_nonnull (strstr (rows[7], ",Ana,1,80,2,0,1,2,"));
  g_assert_cmpstr (rows[8], ==, "");

  g_clear_object (&store);
  test_rmdir (dir);
}

static void
test_backup_restore (void)
{
  g_autofree char *dir = test_tmpdir ();
  g_autofree char *backup = g_build_filename (dir, "backup.db", NULL);
  g_autofree char *junk = g_build_filename (dir, "junk.db", NULL);
  g_autoptr(PtStore) store = test_open (dir, "live.db");
  g_autoptr(PtStore) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *from_copy = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *name;
  gboolean kept = FALSE;

  fill (store);
  before = pt_store_export_json (store, &error);
  g_assert_true (pt_store_backup (store, backup, &error));
  g_assert_no_error (error);

  /* The backup is a complete, openable database. */
  copy = pt_store_open (backup, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  from_copy = pt_store_export_json (copy, &error);
  g_assert_cmpstr (from_copy, ==, before);
  g_clear_object (&copy);

  /* Change the live database, then restore. */
  test_player (store, "Zoe");
  g_assert_cmpint (pt_store_purge (store, &error), ==, 1);
  g_assert_true (pt_store_restore (store, backup, &error));
  g_assert_no_error (error);
  after = pt_store_export_json (store, &error);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 3);
  test_player (store, "Zoe"); /* still usable afterwards */

  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    kept |= strstr (name, "live.db.before-restore-") != NULL;
  g_assert_true (kept);

  /* A file that is not a Partida backup is refused, the live data stays. */
  g_assert_true (g_file_set_contents (junk, "nope", -1, NULL));
  g_assert_false (pt_store_restore (store, junk, &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_false (pt_store_restore (store, "/nonexistent/backup.db", &error));
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, &error), ==, 3);

  g_clear_object (&store);
  test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/io/round-trip", test_round_trip);
  g_test_add_func ("/store/io/import-merges-by-name", test_import_merges_by_name);
  g_test_add_func ("/store/io/import-all-or-nothing", test_import_all_or_nothing);
  g_test_add_func ("/store/io/csv", test_csv);
  g_test_add_func ("/store/io/backup-restore", test_backup_restore);

  return g_test_run ();
}
