/* test-sync.c — sync between devices through a shared folder (pt-sync.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each device (database) has its own copy of the shared folder; a "sync
 * tool" copies files between the copies in random order, late, twice and
 * truncated half way, as Syncthing or a USB stick would. After everything
 * is delivered every device must hold the same history (the exports are
 * byte-identical) and the same statistics, with no match lost or doubled.
 * PARTIDA_SYNC_SEEDS=N runs N seeds (default 8) from PARTIDA_SYNC_FIRST_SEED
 * (default 1), PARTIDA_SYNC_STEPS the operations per seed (default 200).
 */
#include "config.h"

#include <string.h>

#include "store-test-util.h"
#include "pt-store-trash.h"
#include "pt-sync.h"

#define N_DEVICES 3

typedef struct
{
  char *dir;
  PtStore *store;
  char *folder;
} Device;

typedef struct
{
  char *root;
  Device devices[N_DEVICES];
  GHashTable *created; /* match uuid → itself: every match ever saved */
  GHashTable *purged;  /* match uuid removed for good somewhere */
  GRand *rand;
} World;

static void
world_init (World *w,
            guint32 seed)
{
  w->root = test_tmpdir ();
  for (guint i = 0; i < N_DEVICES; i++)
    {
      g_autofree char *name = g_strdup_printf ("device-%u.db", i);

      w->devices[i].folder = g_strdup_printf ("%s/folder-%u", w->root, i);
      g_assert_cmpint (g_mkdir (w->devices[i].folder, 0700), ==, 0);
      w->devices[i].store = test_open (w->root, name);
    }
  w->created = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  w->purged = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  w->rand = g_rand_new_with_seed (seed);
}

static void
world_clear (World *w)
{
  for (guint i = 0; i < N_DEVICES; i++)
    {
      g_clear_object (&w->devices[i].store);
      g_free (w->devices[i].folder);
    }
  test_rmdir (w->root);
  g_free (w->root);
  g_hash_table_unref (w->created);
  g_hash_table_unref (w->purged);
  g_rand_free (w->rand);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static GPtrArray *
list_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, PT_SYNC_SUFFIX) && name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  return names;
}

static char *
read_file (const char *path,
           gsize *size)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, size, NULL))
    return NULL;
  return contents;
}

static void
write_file (const char *path,
            const char *data,
            gsize size)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, (gssize) size, &error);
  g_assert_no_error (error);
}

/* The sync tool: every file some copy has and @to lacks (or has damaged)
 * arrives with probability @p, in its whole version if any copy has it;
 * some arrive truncated first, some twice. */
static void
deliver (World *w,
         guint to,
         double p,
         gboolean damage)
{
  g_autoptr(GHashTable) best = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  g_autoptr(GList) keys = NULL;

  for (guint from = 0; from < N_DEVICES; from++)
    {
      g_autoptr(GPtrArray) names = NULL;

      if (from == to)
        continue;
      names = list_files (w->devices[from].folder);
      for (guint i = 0; i < names->len; i++)
        {
          const char *name = g_ptr_array_index (names, i);
          g_autofree char *src = g_build_filename (w->devices[from].folder, name, NULL);
          GBytes *have = g_hash_table_lookup (best, name);
          gsize size = 0;
          char *data = read_file (src, &size);

          if (data == NULL)
            continue;
          if (have == NULL || g_bytes_get_size (have) < size)
            g_hash_table_insert (best, g_strdup (name), g_bytes_new_take (data, size));
          else
            g_free (data);
        }
    }
  keys = g_list_sort (g_hash_table_get_keys (best), (GCompareFunc) strcmp);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *name = l->data;
      GBytes *bytes = g_hash_table_lookup (best, name);
      gsize size = 0;
      const char *data = g_bytes_get_data (bytes, &size);
      g_autofree char *dst = g_build_filename (w->devices[to].folder, name, NULL);
      g_autofree char *have = NULL;
      gsize have_size = 0;

      if (g_rand_double (w->rand) >= p)
        continue;
      have = read_file (dst, &have_size);
      if (have != NULL && have_size == size && memcmp (have, data, size) == 0)
        {
          if (g_rand_double (w->rand) < 0.1)
            write_file (dst, data, size); /* delivered twice */
          continue;
        }
      if (have != NULL && have_size > size)
        continue;
      if (damage && g_rand_double (w->rand) < 0.15)
        write_file (dst, data, (gsize) g_rand_int_range (w->rand, 0, (gint32) MAX (size, 1)));
      else
        write_file (dst, data, size);
    }
}

/* One sync run; a damaged (truncated) file is allowed, nothing else. */
static void
sync_device (World *w,
             guint i)
{
  g_autoptr(GError) error = NULL;
  PtSyncSummary summary = { 0 };

  if (!pt_sync_run (w->devices[i].store, w->devices[i].folder, &summary, &error))
    {
      g_assert_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED);
      g_assert_nonnull (summary.damaged);
    }
  pt_sync_summary_clear (&summary);
}

static const char *const names[] = { "Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gus", "ana" };
static const char *const games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };

static GArray *
query_ids (PtStore *store,
           const char *sql)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_finalize (stmt);
  return ids;
}

static gint64
pick (World *w,
      GArray *ids)
{
  if (ids->len == 0)
    return 0;
  return g_array_index (ids, gint64, g_rand_int_range (w->rand, 0, (gint32) ids->len));
}

static void
expect_ok_or (GError *error,
              int allowed1,
              int allowed2)
{
  if (error == NULL)
    return;
  if (error->domain == PT_STORE_ERROR && (error->code == allowed1 || error->code == allowed2))
    return;
  g_error ("unexpected error: %s", error->message);
}

static void
remember_uuids (GHashTable *set,
                PtStore *store,
                const char *sql)
{
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_hash_table_add (set, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
}

/* One random change on device @d. */
static void
random_change (World *w,
               guint d)
{
  PtStore *store = w->devices[d].store;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) players = query_ids (store, "SELECT id FROM players WHERE deleted = 0 AND archived = 0");
  int op = g_rand_int_range (w->rand, 0, 100);

  if (op < 14 || players->len < 4)
    {
      g_autoptr(PtPlayer) p = pt_store_add_player (store, names[g_rand_int_range (w->rand, 0, G_N_ELEMENTS (names))],
                                                    NULL, &error);
      expect_ok_or (error, PT_STORE_ERROR_DUPLICATE, -1);
    }
  else if (op < 50)
    {
      g_autoptr(PtMatchEntry) entry = pt_match_entry_new (games[g_rand_int_range (w->rand, 0, 3)],
                                                           g_rand_boolean (w->rand) ? PT_MATCH_MODE_DIGITAL
                                                                                    : PT_MATCH_MODE_COMPANION);
      g_autoptr(GArray) nights = query_ids (store, "SELECT id FROM nights WHERE deleted = 0");
      guint n = (guint) g_rand_int_range (w->rand, 2, (gint32) MIN (players->len, 4) + 1);
      int top = G_MININT, scores[4];

      for (guint i = 0; i < n; i++)
        {
          guint j = (guint) g_rand_int_range (w->rand, (gint32) i, (gint32) players->len);
          gint64 t = g_array_index (players, gint64, i);

          g_array_index (players, gint64, i) = g_array_index (players, gint64, j);
          g_array_index (players, gint64, j) = t;
          scores[i] = g_rand_int_range (w->rand, 0, 60);
          top = MAX (top, scores[i]);
        }
      for (guint i = 0; i < n; i++)
        pt_match_entry_add_result (entry, pt_match_result_new (g_array_index (players, gint64, i), (int) i,
                                                               scores[i], scores[i] == top));
      /* Distinct finish times: two matches that end in the same second are
       * rated in the order of their local ids, which two devices may not
       * share (a known limit of the ratings replay, see the issue note), and
       * this test is about sync converging, not about that tie. */
      entry->finished = 1764000000 + 1000 * (gint64) g_hash_table_size (w->created) + g_rand_int_range (w->rand, 0, 1000);
      entry->started = entry->finished - 900;
      entry->breakdown = g_strdup_printf ("{\"sum\":%d}", scores[0]);
      if (entry->mode == PT_MATCH_MODE_DIGITAL)
        entry->record = g_strdup_printf ("{\"format\":\"partida-record/1\",\"seed\":%d}",
                                         g_rand_int_range (w->rand, 0, 1000));
      if (nights->len > 0 && g_rand_boolean (w->rand))
        entry->night_id = pick (w, nights);
      pt_store_save_match (store, entry, &error);
      g_assert_no_error (error);
      g_hash_table_add (w->created, g_strdup (entry->uuid));
    }
  else if (op < 60)
    {
      g_autoptr(GArray) matches = query_ids (store, "SELECT id FROM matches WHERE deleted = 0");
      gint64 id = pick (w, matches);
      g_autoptr(PtMatchEntry) entry = id > 0 ? pt_store_load_match (store, id, &error) : NULL;

      g_assert_no_error (error);
      if (entry != NULL)
        {
          PtMatchResult *r = g_ptr_array_index (entry->results, 0);

          r->score += g_rand_int_range (w->rand, 1, 9);
          for (guint i = 0; i < entry->results->len; i++)
            ((PtMatchResult *) g_ptr_array_index (entry->results, i))->rank = 0;
          g_free (entry->notes);
          entry->notes = g_strdup_printf ("edited on %u", d);
          pt_store_update_match (store, entry, &error);
          g_assert_no_error (error);
        }
    }
  else if (op < 68)
    {
      g_autoptr(GArray) matches = query_ids (store, "SELECT id FROM matches WHERE deleted = 0");
      gint64 id = pick (w, matches);

      if (id > 0)
        {
          pt_store_delete_match (store, id, &error);
          g_assert_no_error (error);
        }
    }
  else if (op < 74)
    {
      g_autoptr(GArray) matches = query_ids (store, "SELECT id FROM matches WHERE deleted <> 0");
      gint64 id = pick (w, matches);

      if (id > 0)
        {
          pt_store_undelete_match (store, id, &error);
          g_assert_no_error (error);
        }
    }
  else if (op < 80)
    {
      gint64 a = pick (w, players), b = pick (w, players);

      if (a != b)
        {
          pt_store_merge_players (store, a, b, &error);
          expect_ok_or (error, PT_STORE_ERROR_INVALID, -1);
        }
    }
  else if (op < 86)
    {
      gint64 a = pick (w, players);

      pt_store_update_player (store, a, names[g_rand_int_range (w->rand, 0, G_N_ELEMENTS (names))], NULL, &error);
      expect_ok_or (error, PT_STORE_ERROR_DUPLICATE, -1);
    }
  else if (op < 91)
    {
      g_autofree char *date = g_strdup_printf ("2026-%02d-%02d", g_rand_int_range (w->rand, 1, 13),
                                               g_rand_int_range (w->rand, 1, 29));
      g_autoptr(PtNight) night = pt_store_add_night (store, date, "Casa", "", &error);
      gint64 who[2] = { pick (w, players), pick (w, players) };

      g_assert_no_error (error);
      pt_store_set_night_players (store, night->id, who, 2, &error);
      g_assert_no_error (error);
    }
  else if (op < 94)
    {
      g_autoptr(GArray) nights = query_ids (store, "SELECT id FROM nights WHERE deleted = 0");
      gint64 id = pick (w, nights);

      if (id > 0)
        {
          pt_store_trash_night (store, id, &error);
          g_assert_no_error (error);
        }
    }
  else if (op < 97)
    {
      gint64 a = pick (w, players);

      pt_store_set_player_archived (store, a, TRUE, &error);
      expect_ok_or (error, PT_STORE_ERROR_DUPLICATE, -1);
    }
  else
    {
      remember_uuids (w->purged, store, "SELECT uuid FROM matches WHERE deleted <> 0");
      pt_store_empty_trash (store, 0, &error);
      g_assert_no_error (error);
    }
}

static char *
stats_dump (PtStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStats) stats = pt_stats_new (store);
  GString *out = g_string_new (NULL);

  for (int g = -1; g < 3; g++)
    {
      g_autoptr(GPtrArray) lines = pt_stats_overview (stats, g < 0 ? NULL : games[g], TRUE, &error);
      g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func (g_free);

      g_assert_no_error (error);
      for (guint i = 0; i < lines->len; i++)
        {
          PtStatLine *l = g_ptr_array_index (lines, i);
          g_ptr_array_add (text, g_strdup_printf ("%s plays %d wins %d avg %.4f best %d worst %d streak %d/%d last %" G_GINT64_FORMAT,
                                                  l->player_name, l->plays, l->wins, l->average, l->best, l->worst,
                                                  l->current_streak, l->longest_streak, l->last_played));
        }
      if (g >= 0)
        {
          g_autoptr(GPtrArray) ratings = pt_stats_ratings (stats, games[g], TRUE, &error);

          g_assert_no_error (error);
          for (guint i = 0; i < ratings->len; i++)
            {
              PtRating *r = g_ptr_array_index (ratings, i);
              g_ptr_array_add (text, g_strdup_printf ("%s rating %.3f plays %d", r->player_name, r->rating, r->plays));
            }
        }
      g_ptr_array_sort (text, compare_strings);
      g_string_append_printf (out, "[%s]\n", g < 0 ? "all" : games[g]);
      for (guint i = 0; i < text->len; i++)
        g_string_append_printf (out, "%s\n", (char *) g_ptr_array_index (text, i));
    }
  return g_string_free (out, FALSE);
}

static char *export(PtStore *store)
{
  g_autoptr(GError) error = NULL;
  char *json = pt_store_export_json (store, &error);

  g_assert_no_error (error);
  return json;
}

/* Every device gets every file and syncs once: the number of files they
 * wrote. Nothing may wait for a missing row; on the @last round nothing may
 * be written or left pending either. */
static guint
sync_all (World *w,
          gboolean last)
{
  guint written = 0;

  for (guint i = 0; i < N_DEVICES; i++)
    {
      g_autoptr(GError) error = NULL;
      PtSyncSummary summary = { 0 };

      deliver (w, i, 1.0, FALSE);
      pt_sync_run (w->devices[i].store, w->devices[i].folder, &summary, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (summary.waiting, ==, 0);
      if (last)
        {
          g_assert_cmpuint (summary.files_written, ==, 0);
          g_assert_cmpuint (summary.pending, ==, 0);
        }
      written += summary.files_written;
      pt_sync_summary_clear (&summary);
    }
  return written;
}

/* Everything delivered, synced until nobody writes anything new. */
static void
settle (World *w)
{
  for (guint round = 0; round < 12; round++)
    if (sync_all (w, FALSE) == 0)
      {
        /* Nothing new: one more round so every device has read the last
         * files written. */
        sync_all (w, TRUE);
        return;
      }
  g_error ("the devices do not settle");
}

static void
check_converged (World *w)
{
  g_autofree char *first = export(w->devices[0].store);
  g_autofree char *first_stats = stats_dump (w->devices[0].store);
  g_autofree char *fresh_stats = NULL;
  g_autoptr(PtStore) fresh = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 1; i < N_DEVICES; i++)
    {
      g_autofree char *other = export(w->devices[i].store);
      g_autofree char *other_stats = stats_dump (w->devices[i].store);

      if (g_strcmp0 (other, first) != 0)
        {
          /* Kept for a look with diff. */
          g_autofree char *a = g_build_filename (g_get_tmp_dir (), "partida-sync-0.json", NULL);
          g_autofree char *b = g_strdup_printf ("%s/partida-sync-%u.json", g_get_tmp_dir (), i);

          g_file_set_contents (a, first, -1, NULL);
          g_file_set_contents (b, other, -1, NULL);
          g_error ("device %u's export differs from device 0's: diff %s %s", i, a, b);
        }
      g_assert_cmpstr (other_stats, ==, first_stats);
    }
  /* The statistics kept on the way are those of the history as a whole. */
  fresh = test_open (w->root, "fresh.db");
  pt_store_import_json (fresh, first, NULL, &error);
  g_assert_no_error (error);
  fresh_stats = stats_dump (fresh);
  g_assert_cmpstr (fresh_stats, ==, first_stats);
  /* No match lost or doubled: every match saved anywhere is on every
   * device (live or in the trash) unless it was removed for good. */
  for (guint i = 0; g_hash_table_size (w->created) > 0 && i < N_DEVICES; i++)
    {
      g_autoptr(GHashTable) have = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      GHashTableIter it;
      gpointer key;

      remember_uuids (have, w->devices[i].store, "SELECT uuid FROM matches");
      g_hash_table_iter_init (&it, have);
      while (g_hash_table_iter_next (&it, &key, NULL))
        g_assert_true (g_hash_table_contains (w->created, key));
      g_hash_table_iter_init (&it, w->created);
      while (g_hash_table_iter_next (&it, &key, NULL))
        if (!g_hash_table_contains (w->purged, key) && !g_hash_table_contains (have, key))
          g_error ("device %u lost match %s", i, (char *) key);
    }
}

static guint
env_uint (const char *name,
          guint fallback)
{
  const char *value = g_getenv (name);

  return value != NULL ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

static void
test_random (void)
{
  guint first = env_uint ("PARTIDA_SYNC_FIRST_SEED", 1);
  guint seeds = env_uint ("PARTIDA_SYNC_SEEDS", 8);
  guint steps = env_uint ("PARTIDA_SYNC_STEPS", 200);

  for (guint32 seed = first; seed < first + seeds; seed++)
    {
      World w;

      g_test_message ("seed %u", seed);
      world_init (&w, seed);
      for (guint step = 0; step < steps; step++)
        {
          guint d = (guint) g_rand_int_range (w.rand, 0, N_DEVICES);

          if (g_rand_int_range (w.rand, 0, 100) < 80)
            random_change (&w, d);
          else
            {
              deliver (&w, d, g_rand_double_range (w.rand, 0.2, 0.9), TRUE);
              sync_device (&w, d);
              if (g_rand_int_range (w.rand, 0, 100) < 4)
                {
                  g_autoptr(GError) error = NULL;

                  pt_sync_compact (w.devices[d].store, w.devices[d].folder, &error);
                  g_assert_no_error (error);
                }
            }
        }
      settle (&w);
      check_converged (&w);
      world_clear (&w);
    }
}

/* Two devices, a match added on one appears on the other. */
static void
test_basic (void)
{
  World w;
  g_autoptr(GError) error = NULL;
  PtSyncSummary summary = { 0 };
  gint64 players[2];
  int scores[2] = { 40, 30 };
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_true (pt_sync_available ());
  world_init (&w, 1);
  players[0] = test_player (w.devices[0].store, "Ana");
  players[1] = test_player (w.devices[0].store, "Beto");
  test_match (w.devices[0].store, "lost-cities", 1764000000, 2, players, scores);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.files_written, ==, 1);
  g_assert_cmpuint (summary.changes_written, ==, 3);
  pt_sync_summary_clear (&summary);
  /* Nothing new: no file. */
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, &summary, &error));
  g_assert_cmpuint (summary.files_written, ==, 0);
  pt_sync_summary_clear (&summary);
  deliver (&w, 1, 1.0, FALSE);
  g_assert_true (pt_sync_run (w.devices[1].store, w.devices[1].folder, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.files_applied, ==, 1);
  g_assert_cmpuint (summary.changes_applied, ==, 3);
  g_assert_cmpuint (summary.files_written, ==, 0);
  pt_sync_summary_clear (&summary);
  g_assert_cmpint (pt_store_count_matches (w.devices[1].store, &error), ==, 1);
  a = export(w.devices[0].store);
  b = export(w.devices[1].store);
  g_assert_cmpstr (a, ==, b);
  world_clear (&w);
}

/* A truncated or corrupt file is reported by name and applied not at all;
 * the whole file later is applied; a gap waits for the missing file. */
static void
test_damaged (void)
{
  World w;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = NULL;
  PtSyncSummary summary = { 0 };
  g_autofree char *data1 = NULL;
  g_autofree char *data2 = NULL;
  g_autofree char *src1 = NULL;
  g_autofree char *src2 = NULL;
  g_autofree char *dst1 = NULL;
  g_autofree char *dst2 = NULL;
  gsize size1, size2;
  gint64 players[2];
  int scores[2] = { 40, 30 };

  world_init (&w, 2);
  players[0] = test_player (w.devices[0].store, "Ana");
  players[1] = test_player (w.devices[0].store, "Beto");
  test_match (w.devices[0].store, "lost-cities", 1764000000, 2, players, scores);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  test_match (w.devices[0].store, "lost-cities", 1764000100, 2, players, scores);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  g_assert_no_error (error);
  files = list_files (w.devices[0].folder);
  g_assert_cmpuint (files->len, ==, 2);
  src1 = g_build_filename (w.devices[0].folder, g_ptr_array_index (files, 0), NULL);
  src2 = g_build_filename (w.devices[0].folder, g_ptr_array_index (files, 1), NULL);
  dst1 = g_build_filename (w.devices[1].folder, g_ptr_array_index (files, 0), NULL);
  dst2 = g_build_filename (w.devices[1].folder, g_ptr_array_index (files, 1), NULL);
  data1 = read_file (src1, &size1);
  data2 = read_file (src2, &size2);

  /* The second file alone: a gap, nothing applied, no error. */
  write_file (dst2, data2, size2);
  g_assert_true (pt_sync_run (w.devices[1].store, w.devices[1].folder, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.waiting, ==, 1);
  g_assert_cmpuint (summary.files_applied, ==, 0);
  pt_sync_summary_clear (&summary);

  /* The first one truncated: named, nothing of it applied. */
  write_file (dst1, data1, size1 - 7);
  g_assert_false (pt_sync_run (w.devices[1].store, w.devices[1].folder, &summary, &error));
  g_assert_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, g_ptr_array_index (files, 0)));
  g_assert_nonnull (strstr (summary.damaged, g_ptr_array_index (files, 0)));
  g_clear_error (&error);
  pt_sync_summary_clear (&summary);
  g_assert_cmpint (pt_store_count_matches (w.devices[1].store, &error), ==, 0);

  /* Corrupt: one byte of the payload changed. */
  data1[size1 - 3] ^= 0x55;
  write_file (dst1, data1, size1);
  g_assert_false (pt_sync_run (w.devices[1].store, w.devices[1].folder, NULL, &error));
  g_assert_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (w.devices[1].store, &error), ==, 0);

  /* Whole at last: both files apply, in order. */
  data1[size1 - 3] ^= 0x55;
  write_file (dst1, data1, size1);
  g_assert_true (pt_sync_run (w.devices[1].store, w.devices[1].folder, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.files_applied, ==, 2);
  pt_sync_summary_clear (&summary);
  g_assert_cmpint (pt_store_count_matches (w.devices[1].store, &error), ==, 2);
  /* Delivered again: nothing happens. */
  write_file (dst1, data1, size1);
  g_assert_true (pt_sync_run (w.devices[1].store, w.devices[1].folder, &summary, &error));
  g_assert_cmpuint (summary.files_applied, ==, 0);
  pt_sync_summary_clear (&summary);
  g_assert_cmpint (pt_store_count_matches (w.devices[1].store, &error), ==, 2);
  world_clear (&w);
}

/* "Ana" added on two devices is one player everywhere afterwards. */
static void
test_same_name (void)
{
  World w;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  int scores[2] = { 40, 30 };

  world_init (&w, 3);
  for (guint d = 0; d < 2; d++)
    {
      gint64 players[2];

      players[0] = test_player (w.devices[d].store, "Ana");
      players[1] = test_player (w.devices[d].store, d == 0 ? "Beto" : "Carla");
      test_match (w.devices[d].store, "lost-cities", 1764000000 + d, 2, players, scores);
    }
  settle (&w);
  check_converged (&w);
  list = pt_store_list_players (w.devices[0].store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  world_clear (&w);
}

/* A match corrected on two devices at once: the later correction stays
 * everywhere; the device whose correction lost shows it once. */
static void
test_conflict (void)
{
  World w;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) conflicts = NULL;
  g_autoptr(GPtrArray) again = NULL;
  gint64 players[2];
  int scores[2] = { 40, 30 };
  gint64 id;
  guint total = 0;

  world_init (&w, 4);
  players[0] = test_player (w.devices[0].store, "Ana");
  players[1] = test_player (w.devices[0].store, "Beto");
  id = test_match (w.devices[0].store, "lost-cities", 1764000000, 2, players, scores);
  settle (&w);
  for (guint d = 0; d < 2; d++)
    {
      g_autofree char *uuid = NULL;
      g_autoptr(PtMatchEntry) entry = NULL;

      entry = pt_store_load_match (w.devices[0].store, id, &error);
      uuid = g_strdup (entry->uuid);
      g_clear_pointer (&entry, pt_match_entry_unref);
      entry = pt_store_load_match (w.devices[d].store, pt_store_find_match_by_uuid (w.devices[d].store, uuid, NULL),
                                   &error);
      g_assert_no_error (error);
      g_free (entry->notes);
      entry->notes = g_strdup_printf ("corrected on %u", d);
      g_assert_true (pt_store_update_match (w.devices[d].store, entry, &error));
      g_assert_true (pt_sync_run (w.devices[d].store, w.devices[d].folder, NULL, &error));
      g_assert_no_error (error);
    }
  settle (&w);
  check_converged (&w);
  for (guint d = 0; d < 2; d++)
    {
      g_autoptr(GPtrArray) list = pt_sync_take_conflicts (w.devices[d].store, &error);

      g_assert_no_error (error);
      total += list->len;
      for (guint i = 0; i < list->len; i++)
        {
          PtSyncConflict *c = g_ptr_array_index (list, i);

          g_assert_cmpstr (c->kind, ==, "match");
          g_test_message ("conflict on %u: %s; kept %s; lost %s", d, c->message, c->kept, c->lost);
          g_assert_nonnull (strstr (c->kept, "Ana 40, Beto 30"));
          g_assert_nonnull (strstr (c->lost, d == 0 ? "corrected on 0" : "corrected on 1"));
          g_assert_nonnull (strstr (c->kept, d == 0 ? "corrected on 1" : "corrected on 0"));
        }
      /* Shown once. */
      again = pt_sync_take_conflicts (w.devices[d].store, &error);
      g_assert_cmpuint (again->len, ==, 0);
      g_clear_pointer (&again, g_ptr_array_unref);
    }
  g_assert_cmpuint (total, ==, 1);
  world_clear (&w);
}

/* A device that comes late starts from a snapshot: the files it covers
 * are gone from the folder. */
static void
test_compact (void)
{
  World w;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = NULL;
  gint64 players[2];
  int scores[2] = { 40, 30 };
  g_autofree char *a = NULL;
  g_autofree char *c = NULL;

  world_init (&w, 5);
  players[0] = test_player (w.devices[0].store, "Ana");
  players[1] = test_player (w.devices[0].store, "Beto");
  for (guint i = 0; i < 5; i++)
    {
      test_match (w.devices[0].store, "lost-cities", 1764000000 + i, 2, players, scores);
      g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
    }
  g_assert_true (pt_sync_compact (w.devices[0].store, w.devices[0].folder, &error));
  g_assert_no_error (error);
  files = list_files (w.devices[0].folder);
  g_assert_cmpuint (files->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (files, 0), ".snapshot-0000000005"));
  test_match (w.devices[0].store, "lost-cities", 1764000100, 2, players, scores);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  settle (&w);
  check_converged (&w);
  a = export(w.devices[0].store);
  c = export(w.devices[2].store);
  g_assert_cmpstr (a, ==, c);
  g_assert_cmpint (pt_store_count_matches (w.devices[2].store, &error), ==, 6);
  world_clear (&w);
}

static gint64
player_by_uuid (PtStore *store,
                const char *uuid)
{
  sqlite3_stmt *stmt = NULL;
  gint64 id = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (store), "SELECT id FROM players WHERE uuid = ?", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, uuid, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return id;
}

/* Copies to device @to the files of device @from that are not in @before. */
static void
deliver_new_files (World *w,
                   guint from,
                   guint to,
                   GPtrArray *before)
{
  g_autoptr(GPtrArray) now = list_files (w->devices[from].folder);

  for (guint i = 0; i < now->len; i++)
    {
      const char *name = g_ptr_array_index (now, i);
      g_autofree char *src = NULL;
      g_autofree char *dst = NULL;
      g_autofree char *data = NULL;
      gsize size = 0;
      gboolean old = FALSE;

      for (guint j = 0; j < before->len && !old; j++)
        old = strcmp (g_ptr_array_index (before, j), name) == 0;
      if (old)
        continue;
      src = g_build_filename (w->devices[from].folder, name, NULL);
      dst = g_build_filename (w->devices[to].folder, name, NULL);
      data = read_file (src, &size);
      g_assert_nonnull (data);
      write_file (dst, data, size);
    }
}

/* Two merges of one player, made on two devices that had not heard of each
 * other's, meet in a match that already gives that player's seat a
 * stand-in: the stand-in another seat needs is a further one (it was the
 * same one, and the sync run failed on a device holding the player twice
 * in one match). Every seat keeps its score and its own player. */
static void
test_standin_meets_merge (void)
{
  static const char *const uuids[] = {
    "00000000-0000-7000-8000-000000000001", /* Yago, who stays */
    "00000000-0000-7000-8000-000000000002", /* Ximena, merged into Yago on device 1 */
    "00000000-0000-7000-8000-000000000003", /* Vera, merged with Ximena on device 0 */
    "00000000-0000-7000-8000-000000000004", /* Walter */
  };
  static const char *const who[] = { "Yago", "Ximena", "Vera", "Walter" };
  int scores[4] = { 41, 32, 23, 14 };
  World w;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) before = NULL;
  gint64 seats[4];
  g_autoptr(PtMatchEntry) match = NULL;

  world_init (&w, 6);
  for (guint i = 0; i < 4; i++)
    {
      sqlite3_stmt *stmt = NULL;

      seats[i] = test_player (w.devices[0].store, who[i]);
      g_assert_cmpint (sqlite3_prepare_v2 (pt_store_get_handle (w.devices[0].store),
                                           "UPDATE players SET uuid = ? WHERE id = ?", -1, &stmt, NULL),
                       ==, SQLITE_OK);
      sqlite3_bind_text (stmt, 1, uuids[i], -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, seats[i]);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
      sqlite3_finalize (stmt);
    }
  settle (&w);

  /* Device 1, which has no match of theirs, makes Ximena one with Yago. */
  g_assert_true (pt_store_merge_players (w.devices[1].store, player_by_uuid (w.devices[1].store, uuids[1]),
                                         player_by_uuid (w.devices[1].store, uuids[0]), &error));
  g_assert_no_error (error);
  g_assert_true (pt_sync_run (w.devices[1].store, w.devices[1].folder, NULL, &error));
  g_assert_no_error (error);

  /* Device 0 records a match of all four. */
  match = pt_store_load_match (w.devices[0].store,
                               test_match (w.devices[0].store, "next-station-london", 1764000000, 4, seats, scores), &error);
  g_assert_no_error (error);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  g_assert_no_error (error);

  /* Device 2 hears of both: Ximena's seat gets her stand-in there. */
  deliver (&w, 2, 1.0, FALSE);
  before = list_files (w.devices[2].folder);
  g_assert_true (pt_sync_run (w.devices[2].store, w.devices[2].folder, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (player_by_uuid (w.devices[2].store, uuids[1]), ==, 0);

  /* Device 0 hears only what device 2 wrote, and makes Vera one with
   * Ximena, whom it still knows. */
  deliver_new_files (&w, 2, 0, before);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (player_by_uuid (w.devices[0].store, uuids[1]), >, 0);
  g_assert_true (pt_store_merge_players (w.devices[0].store, player_by_uuid (w.devices[0].store, uuids[2]),
                                         player_by_uuid (w.devices[0].store, uuids[1]), &error));
  g_assert_no_error (error);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  g_assert_no_error (error);

  settle (&w);
  check_converged (&w);
  for (guint d = 0; d < N_DEVICES; d++)
    {
      g_autoptr(PtMatchEntry) entry = pt_store_load_match (w.devices[d].store,
                                                            pt_store_find_match_by_uuid (w.devices[d].store, match->uuid, NULL),
                                                            &error);

      g_assert_no_error (error);
      g_assert_cmpuint (entry->results->len, ==, 4);
      for (guint i = 0; i < 4; i++)
        {
          PtMatchResult *r = g_ptr_array_index (entry->results, i);

          g_assert_cmpint (r->score, ==, scores[i]);
          for (guint j = 0; j < i; j++)
            g_assert_cmpint (((PtMatchResult *) g_ptr_array_index (entry->results, j))->player_id, !=, r->player_id);
        }
      g_assert_cmpint (((PtMatchResult *) g_ptr_array_index (entry->results, 0))->player_id, ==,
                       player_by_uuid (w.devices[d].store, uuids[0]));
    }
  world_clear (&w);
}

/* A match file that names one player in two seats (written by hand, or by
 * a version that let a merge do it) arrives: the second seat gets a
 * stand-in with its score, the user is told, and sync goes on. */
static void
test_player_twice (void)
{
  World w;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) conflicts = NULL;
  g_autoptr(PtMatchEntry) sent = NULL;
  g_autoptr(PtMatchEntry) got = NULL;
  gint64 players[3];
  int scores[3] = { 40, 30, 20 };
  sqlite3 *db;
  gint64 id;
  PtSyncSummary summary = { 0 };

  world_init (&w, 7);
  players[0] = test_player (w.devices[0].store, "Ana");
  players[1] = test_player (w.devices[0].store, "Beto");
  players[2] = test_player (w.devices[0].store, "Carla");
  id = test_match (w.devices[0].store, "next-station-london", 1764000000, 3, players, scores);
  db = pt_store_get_handle (w.devices[0].store);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE results SET player_id = (SELECT player_id FROM results WHERE seat = 0)"
                                     " WHERE seat = 2",
                                 NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sent = pt_store_load_match (w.devices[0].store, id, &error);
  g_assert_no_error (error);
  g_assert_true (pt_sync_run (w.devices[0].store, w.devices[0].folder, NULL, &error));
  g_assert_no_error (error);

  deliver (&w, 1, 1.0, FALSE);
  g_assert_true (pt_sync_run (w.devices[1].store, w.devices[1].folder, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.conflicts, ==, 1);
  pt_sync_summary_clear (&summary);
  got = pt_store_load_match (w.devices[1].store, pt_store_find_match_by_uuid (w.devices[1].store, sent->uuid, NULL),
                             &error);
  g_assert_no_error (error);
  g_assert_cmpuint (got->results->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (((PtMatchResult *) g_ptr_array_index (got->results, i))->score, ==, scores[i]);
  g_assert_cmpint (((PtMatchResult *) g_ptr_array_index (got->results, 2))->player_id, !=,
                   ((PtMatchResult *) g_ptr_array_index (got->results, 0))->player_id);
  g_assert_nonnull (strstr (((PtMatchResult *) g_ptr_array_index (got->results, 2))->player_name, "Ana ("));
  conflicts = pt_sync_take_conflicts (w.devices[1].store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (conflicts->len, ==, 1);
  g_assert_cmpstr (((PtSyncConflict *) g_ptr_array_index (conflicts, 0))->kind, ==, "match");
  world_clear (&w);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/store/sync/basic", test_basic);
  g_test_add_func ("/store/sync/damaged", test_damaged);
  g_test_add_func ("/store/sync/same-name", test_same_name);
  g_test_add_func ("/store/sync/conflict", test_conflict);
  g_test_add_func ("/store/sync/compact", test_compact);
  g_test_add_func ("/store/sync/standin-meets-merge", test_standin_meets_merge);
  g_test_add_func ("/store/sync/player-twice", test_player_twice);
  g_test_add_func ("/store/sync/random", test_random);
  return g_test_run ();
}
