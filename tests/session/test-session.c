/* test-session.c — PtSession without a display: preferences, rounds, next
 * starter, resume after a kill, seats, player identity, the final save
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pt-player-name.h"
#include "pt-rules.h"
#include "pt-session.h"

/* Helpers ------------------------------------------------------------------ */

typedef struct
{
  char *dir;
  char *path;
  PtStore *store;
} Fixture;

static void
fixture_set_up (Fixture *f,
                gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("partida-session-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "partida.db", NULL);
  f->store = pt_store_open (f->path, PT_STORE_OPEN_CREATE, &error);
  g_assert_no_error (error);
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture *f,
                   gconstpointer data)
{
  g_clear_object (&f->store);
  remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

/* Two computers at the random level (fast, seeded) called Ana and Beto. */
static PtSession *
computer_match (PtStore *store,
                const PtSessionDefaults *defaults,
                guint64 seed)
{
  PtSession *session = pt_session_new ("lost-cities", store, defaults);

  pt_session_set_seat_name (session, 0, "Ana");
  pt_session_set_seat_kind (session, 0, PT_SEAT_COMPUTER, PT_BOT_LEVEL_RANDOM, NULL, NULL);
  pt_session_set_seat_name (session, 1, "Beto");
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_RANDOM, NULL, NULL);
  pt_session_set_seed (session, seed);
  pt_session_set_time_budget (session, 0);
  return session;
}

static void
on_round_over (PtSession *session,
               guint round,
               gpointer user_data)
{
  guint *rounds_seen = user_data;

  (*rounds_seen)++;
}

static gboolean
next_round_idle (gpointer user_data)
{
  PtSession *session = user_data;
  g_autoptr(GError) error = NULL;

  if (pt_session_get_state (session) == PT_SESSION_BETWEEN_ROUNDS)
    {
      g_assert_true (pt_session_next_round (session, &error));
      g_assert_no_error (error);
    }
  return G_SOURCE_REMOVE;
}

static void
continue_after_round (PtSession *session,
                      guint round,
                      gpointer user_data)
{
  g_idle_add (next_round_idle, session);
}

/* Runs the main loop until the session is finished. */
static void
play_to_the_end (PtSession *session)
{
  gulong id = g_signal_connect (session, "round-over", G_CALLBACK (continue_after_round), NULL);
  gint64 deadline = g_get_monotonic_time () + 100 * G_USEC_PER_SEC;

  if (pt_session_get_state (session) == PT_SESSION_BETWEEN_ROUNDS)
    g_idle_add (next_round_idle, session);
  while (pt_session_get_state (session) != PT_SESSION_FINISHED)
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  g_signal_handler_disconnect (session, id);
}

static JsonNode *
stored_record (PtStore *store,
               gint64 match_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, match_id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (entry->record);
  return pt_json_parse (entry->record, &error);
}

static int
first_player_of_round (JsonNode *record,
                       guint round)
{
  JsonArray *rounds = json_object_get_array_member (json_node_get_object (record), "rounds");
  JsonObject *r = json_array_get_object_element (rounds, round);

  return (int) json_object_get_int_member (json_object_get_object_member (r, "setup"), "first_player");
}

/* Preferences ----------------------------------------------------------------- */

static void
test_defaults (Fixture *f,
               gconstpointer data)
{
  PtSessionDefaults defaults;
  g_autoptr(PtSession) plain = NULL;
  g_autoptr(PtSession) changed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) record = NULL;
  JsonObject *options;

  pt_session_defaults_init (&defaults);
  plain = pt_session_new ("lost-cities", NULL, &defaults);
  g_assert_cmpint (pt_session_get_seat_kind (plain, 0), ==, PT_SEAT_PERSON);
  g_assert_cmpint (pt_session_get_seat_kind (plain, 1), ==, PT_SEAT_COMPUTER);
  g_assert_cmpint (pt_session_get_seat_level (plain, 1), ==, PT_BOT_LEVEL_MEDIUM);
  g_assert_cmpuint (pt_session_get_n_rounds (plain), ==, 3);
  g_assert_cmpint (pt_session_get_next_starter (plain), ==, PT_NEXT_STARTER_ALTERNATE);
  g_assert_cmpstr (json_object_get_string_member (pt_session_get_options (plain), "rules"), ==, "rulebook");

  /* Each preference, changed, changes what a new session does. */
  defaults.ai_level = PT_BOT_LEVEL_HARD;
  defaults.rounds = 2;
  defaults.next_starter = PT_NEXT_STARTER_LEADER;
  defaults.rule_preset = 1;
  changed = pt_session_new ("lost-cities", f->store, &defaults);
  g_assert_cmpint (pt_session_get_seat_level (changed, 1), ==, PT_BOT_LEVEL_HARD);
  g_assert_cmpuint (pt_session_get_n_rounds (changed), ==, 2);
  g_assert_cmpint (pt_session_get_next_starter (changed), ==, PT_NEXT_STARTER_LEADER);
  g_assert_cmpstr (json_object_get_string_member (pt_session_get_options (changed), "rules"), ==, "seed");

  pt_session_set_seat_name (changed, 0, "Ana");
  pt_session_set_seat_name (changed, 1, "Computer");
  g_assert_true (pt_session_start (changed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pt_match_get_n_rounds (pt_session_get_match (changed)), ==, 2);
  g_assert_cmpint (pt_match_get_next_starter_policy (pt_session_get_match (changed)), ==, PT_NEXT_STARTER_LEADER);
  /* The seed reading is what the rules deal. */
  record = pt_game_to_record (pt_session_get_game (changed));
  options = json_object_get_object_member (json_node_get_object (record), "options");
  g_assert_false (json_object_get_boolean_member (options, "bonus_counts_wagers"));
  g_assert_false (json_object_get_boolean_member (options, "wager_only_scores"));
  pt_session_cancel (changed);

  /* The other games play one round whatever the preference says. */
  {
    g_autoptr(PtSession) wagons = pt_session_new ("circle-the-wagons", NULL, &defaults);

    g_assert_cmpuint (pt_session_get_n_rounds (wagons), ==, 1);
    pt_session_set_n_rounds (wagons, 4);
    g_assert_cmpuint (pt_session_get_n_rounds (wagons), ==, 1);
    g_assert_cmpint (pt_session_get_seat_level (wagons, 1), ==, PT_BOT_LEVEL_HARD);
    /* A game without presets takes no "rules" option. */
    g_assert_false (json_object_has_member (pt_session_get_options (wagons), "rules"));
    g_assert_null (pt_session_defaults_rule_preset (&defaults, "circle-the-wagons"));
    g_assert_cmpstr (pt_session_defaults_rule_preset (&defaults, "lost-cities"), ==, "seed");
    defaults.rule_preset = 7;
    g_assert_cmpstr (pt_session_defaults_rule_preset (&defaults, "lost-cities"), ==, "rulebook");
  }
}

/* The preferences are stored with the match. */
static void
test_defaults_stored (Fixture *f,
                      gconstpointer data)
{
  PtSessionDefaults defaults;
  g_autoptr(PtSession) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonNode) options = NULL;

  pt_session_defaults_init (&defaults);
  defaults.rounds = 2;
  defaults.next_starter = PT_NEXT_STARTER_LOSER;
  defaults.rule_preset = 1;
  session = computer_match (f->store, &defaults, 77);
  g_assert_true (pt_session_start (session, &error));
  play_to_the_end (session);
  g_assert_cmpint (pt_session_get_match_id (session), >, 0);

  entry = pt_store_load_match (f->store, pt_session_get_match_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (entry->rule_reading, ==, "seed");
  options = pt_json_parse (entry->options, &error);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (options), "rounds"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (options), "next_starter"), ==, "loser");
  g_assert_false (json_object_get_boolean_member (json_node_get_object (options), "wager_only_scores"));
}

/* A whole match ---------------------------------------------------------------- */

static void
test_three_rounds (Fixture *f,
                   gconstpointer data)
{
  g_autoptr(PtSession) session = computer_match (f->store, NULL, 2026);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  JsonArray *rounds;
  guint rounds_seen = 0;

  g_signal_connect (session, "round-over", G_CALLBACK (on_round_over), &rounds_seen);
  g_assert_true (pt_session_start (session, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pt_session_get_state (session), ==, PT_SESSION_PLAYING);
  play_to_the_end (session);

  /* Two summaries between the three rounds, none after the last. */
  g_assert_cmpuint (rounds_seen, ==, 2);
  g_assert_cmpuint (pt_session_get_n_rounds_played (session), ==, 3);
  g_assert_null (pt_session_get_save_error (session));

  /* Stored once, with every round, whose sums are the totals. */
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 1);
  entry = pt_store_load_match (f->store, pt_session_get_match_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entry->results->len, ==, 2);
  record = pt_json_parse (entry->record, &error);
  g_assert_no_error (error);
  g_assert_true (pt_match_record_is (record));
  rounds = json_object_get_array_member (json_node_get_object (record), "rounds");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 3);
  for (guint p = 0; p < 2; p++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, p);
      int sum = 0;

      for (guint r = 0; r < 3; r++)
        {
          g_autoptr(PtGame) round = pt_rules_load_record (json_array_get_element (rounds, r), NULL, NULL, &error);

          g_assert_no_error (error);
          g_assert_true (pt_game_get_is_over (round));
          g_assert_cmpint (pt_game_get_score (round, p), ==, pt_session_get_round_score (session, r, p));
          sum += pt_game_get_score (round, p);
        }
      g_assert_cmpint (result->score, ==, sum);
      g_assert_cmpint (result->score, ==, pt_session_get_total (session, p));
      g_assert_true (result->is_ai);
      g_assert_cmpint (result->winner, ==, (pt_session_get_winners (session) >> p) & 1);
    }
  /* The stored breakdown lists the rounds too. */
  {
    g_autoptr(JsonNode) breakdown = pt_json_parse (entry->breakdown, &error);

    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (breakdown), "rounds")), ==, 3);
  }
  /* Nothing left to continue. */
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_cmpuint (saved->len, ==, 0);
}

static void
check_next_starter (Fixture *f,
                    PtNextStarter policy,
                    guint64 seed)
{
  PtSessionDefaults defaults;
  g_autoptr(PtSession) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) record = NULL;

  pt_session_defaults_init (&defaults);
  defaults.rounds = 4;
  defaults.next_starter = policy;
  session = computer_match (f->store, &defaults, seed);
  g_assert_true (pt_session_start (session, &error));
  play_to_the_end (session);
  record = stored_record (f->store, pt_session_get_match_id (session));

  for (guint r = 1; r < 4; r++)
    {
      int before[2] = { 0, 0 };
      int expected;

      for (guint k = 0; k < r; k++)
        for (guint p = 0; p < 2; p++)
          before[p] += pt_session_get_round_score (session, k, p);
      if (policy == PT_NEXT_STARTER_ALTERNATE || before[0] == before[1])
        expected = 1 - first_player_of_round (record, r - 1);
      else if (policy == PT_NEXT_STARTER_LOSER)
        expected = before[0] < before[1] ? 0 : 1;
      else
        expected = before[0] > before[1] ? 0 : 1;
      g_assert_cmpint (first_player_of_round (record, r), ==, expected);
    }
}

static void
test_next_starter_alternate (Fixture *f, gconstpointer data)
{
  check_next_starter (f, PT_NEXT_STARTER_ALTERNATE, 5);
}

static void
test_next_starter_loser (Fixture *f, gconstpointer data)
{
  check_next_starter (f, PT_NEXT_STARTER_LOSER, 6);
}

static void
test_next_starter_leader (Fixture *f, gconstpointer data)
{
  check_next_starter (f, PT_NEXT_STARTER_LEADER, 7);
}

/* Resume after a kill ------------------------------------------------------------- */

static const char *self_path;

/* The child: a 3-round match between computers, stopped a few moves into
 * round 2; it says so on stdout and waits to be killed. */
static void
on_child_turn (PtSession *session,
               gpointer user_data)
{
  if (pt_session_get_round (session) == 1 && pt_session_get_state (session) == PT_SESSION_PLAYING && pt_game_get_n_moves (pt_session_get_game (session)) >= 6)
    {
      pt_session_set_autoplay (session, FALSE);
      pt_session_cancel (session);
      g_print ("ready %u\n", pt_game_get_n_moves (pt_session_get_game (session)));
      fflush (stdout);
      for (;;)
        pause ();
    }
}

static PtStoreWorker *child_worker;

/* The same through a store worker (the app): "ready" once the worker has
 * committed the autosaves queued so far. */
static void
on_child_turn_worker (PtSession *session,
                      gpointer user_data)
{
  if (pt_session_get_round (session) == 1 && pt_session_get_state (session) == PT_SESSION_PLAYING && pt_game_get_n_moves (pt_session_get_game (session)) >= 6)
    {
      pt_session_set_autoplay (session, FALSE);
      pt_session_cancel (session);
      pt_store_worker_drain (child_worker);
      g_print ("ready %u\n", pt_game_get_n_moves (pt_session_get_game (session)));
      fflush (stdout);
      for (;;)
        pause ();
    }
}

static int
run_child (const char *path,
           gboolean worker)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  g_autoptr(PtSession) session = NULL;

  g_assert_no_error (error);
  if (worker)
    {
      /* Only the worker's connection writes. */
      g_clear_object (&store);
      child_worker = pt_store_worker_new (path);
      session = computer_match (NULL, NULL, 31);
      pt_session_set_worker (session, child_worker);
      g_signal_connect (session, "turn", G_CALLBACK (on_child_turn_worker), NULL);
      g_signal_connect (session, "round-over", G_CALLBACK (continue_after_round), NULL);
      g_assert_true (pt_session_start (session, &error));
      for (;;)
        g_main_context_iteration (NULL, TRUE);
    }
  session = computer_match (store, NULL, 31);
  g_signal_connect (session, "turn", G_CALLBACK (on_child_turn), NULL);
  g_signal_connect (session, "round-over", G_CALLBACK (continue_after_round), NULL);
  g_assert_true (pt_session_start (session, &error));
  for (;;)
    g_main_context_iteration (NULL, TRUE);
  return 1;
}

static void
test_resume_after_kill (Fixture *f,
                        gconstpointer data)
{
  const char *argv[] = { self_path, data != NULL ? "--child-worker" : "--child", f->path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(PtSession) resumed = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  GPid pid;
  int out, status;
  guint moves = 0;
  int round1[2];

  g_clear_object (&f->store);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  channel = g_io_channel_unix_new (out);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_assert_cmpint (g_io_channel_read_line (channel, &line, NULL, NULL, &error), ==, G_IO_STATUS_NORMAL);
  g_assert_true (g_str_has_prefix (line, "ready "));
  moves = (guint) g_ascii_strtoull (line + 6, NULL, 10);
  /* The process dies without any chance to clean up. */
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_spawn_close_pid (pid);

  f->store = pt_store_open (f->path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 0);
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_cmpuint (saved->len, ==, 1);

  resumed = pt_session_new_from_saved (f->store, ((PtSavedGame *) saved->pdata[0])->id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_session_get_state (resumed), ==, PT_SESSION_PLAYING);
  g_assert_cmpuint (pt_session_get_round (resumed), ==, 1);
  g_assert_cmpuint (pt_session_get_n_rounds_played (resumed), ==, 1);
  g_assert_cmpuint (pt_session_get_n_rounds (resumed), ==, 3);
  g_assert_cmpuint (pt_game_get_n_moves (pt_session_get_game (resumed)), ==, moves);
  g_assert_cmpstr (pt_session_get_seat_name (resumed, 0), ==, "Ana");
  g_assert_cmpint (pt_session_get_seat_kind (resumed, 1), ==, PT_SEAT_COMPUTER);
  g_assert_cmpint (pt_session_get_seat_level (resumed, 1), ==, PT_BOT_LEVEL_RANDOM);
  round1[0] = pt_session_get_round_score (resumed, 0, 0);
  round1[1] = pt_session_get_round_score (resumed, 0, 1);

  pt_session_set_time_budget (resumed, 0);
  pt_session_resume_turns (resumed);
  play_to_the_end (resumed);
  g_assert_cmpuint (pt_session_get_n_rounds_played (resumed), ==, 3);
  g_assert_cmpint (pt_session_get_round_score (resumed, 0, 0), ==, round1[0]);
  g_assert_cmpint (pt_session_get_round_score (resumed, 0, 1), ==, round1[1]);
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 1);
  g_clear_pointer (&saved, g_ptr_array_unref);
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_cmpuint (saved->len, ==, 0);

  /* The same seed without the kill plays the same match. */
  {
    g_autoptr(PtSession) straight = computer_match (f->store, NULL, 31);

    g_assert_true (pt_session_start (straight, &error));
    play_to_the_end (straight);
    for (guint r = 0; r < 3; r++)
      for (guint p = 0; p < 2; p++)
        g_assert_cmpint (pt_session_get_round_score (straight, r, p), ==,
                         pt_session_get_round_score (resumed, r, p));
  }
}

/* Between rounds is a place to stop and continue too. */
static void
test_resume_between_rounds (Fixture *f,
                            gconstpointer data)
{
  g_autoptr(PtSession) session = computer_match (f->store, NULL, 99);
  g_autoptr(PtSession) resumed = NULL;
  g_autoptr(GError) error = NULL;
  gint64 saved_id;

  g_assert_true (pt_session_start (session, &error));
  while (pt_session_get_state (session) == PT_SESSION_PLAYING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (pt_session_get_state (session), ==, PT_SESSION_BETWEEN_ROUNDS);
  saved_id = pt_session_get_saved_id (session);
  g_assert_cmpint (saved_id, >, 0);
  g_clear_object (&session);

  resumed = pt_session_new_from_saved (f->store, saved_id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pt_session_get_state (resumed), ==, PT_SESSION_BETWEEN_ROUNDS);
  g_assert_cmpuint (pt_session_get_n_rounds_played (resumed), ==, 1);
  pt_session_set_time_budget (resumed, 0);
  play_to_the_end (resumed);
  g_assert_cmpuint (pt_session_get_n_rounds_played (resumed), ==, 3);
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 1);
}

/* Seats and identity ------------------------------------------------------------------ */

static void
test_seat_kinds_keep_names (Fixture *f,
                            gconstpointer data)
{
  g_autoptr(PtSession) session = pt_session_new ("lost-cities", NULL, NULL);

  pt_session_set_seat_name (session, 0, "Ana");
  pt_session_set_seat_name (session, 1, "Computer");
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_HARD, NULL, NULL);
  pt_session_set_seat_kind (session, 1, PT_SEAT_ENGINE, PT_BOT_LEVEL_MEDIUM, "engine:./x", "X");
  pt_session_set_seat_kind (session, 1, PT_SEAT_PERSON, PT_BOT_LEVEL_MEDIUM, NULL, NULL);
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_EASY, NULL, NULL);
  g_assert_cmpstr (pt_session_get_seat_name (session, 0), ==, "Ana");
  g_assert_cmpint (pt_session_get_seat_kind (session, 0), ==, PT_SEAT_PERSON);
  g_assert_cmpstr (pt_session_get_seat_name (session, 1), ==, "Computer");
  g_assert_cmpint (pt_session_get_seat_level (session, 1), ==, PT_BOT_LEVEL_EASY);

  /* And the other way round. */
  pt_session_set_seat_kind (session, 0, PT_SEAT_COMPUTER, PT_BOT_LEVEL_HARD, NULL, NULL);
  pt_session_set_seat_kind (session, 0, PT_SEAT_PERSON, PT_BOT_LEVEL_MEDIUM, NULL, NULL);
  g_assert_cmpstr (pt_session_get_seat_name (session, 0), ==, "Ana");
  g_assert_cmpstr (pt_session_get_seat_name (session, 1), ==, "Computer");
  g_assert_cmpint (pt_session_get_seat_kind (session, 1), ==, PT_SEAT_COMPUTER);

  /* Fewer seats and back: the seats keep what they had. */
  pt_session_set_n_seats (session, 1);
  pt_session_set_n_seats (session, 2);
  g_assert_cmpstr (pt_session_get_seat_name (session, 1), ==, "Computer");
}

static void
test_two_seats_one_player (Fixture *f,
                           gconstpointer data)
{
  g_autoptr(PtSession) session = pt_session_new ("lost-cities", f->store, NULL);
  g_autoptr(GError) error = NULL;

  pt_session_set_seat_name (session, 0, "Begoña");
  pt_session_set_seat_name (session, 1, "BEGONA");
  g_assert_false (pt_session_start (session, &error));
  g_assert_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID);
  g_clear_error (&error);
  pt_session_set_seat_name (session, 1, "  ");
  g_assert_false (pt_session_start (session, &error));
  g_assert_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID);
  g_assert_cmpint (pt_session_get_state (session), ==, PT_SESSION_SETUP);
}

static void
test_begona_finds_begona (Fixture *f,
                          gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) begona = pt_store_add_player (f->store, "Begoña", "", &error);
  g_autoptr(PtPlayer) found = NULL;
  g_autoptr(PtPlayer) upper = NULL;
  g_autoptr(PtPlayer) nobody = NULL;
  g_autoptr(PtPlayer) added = NULL;
  g_autoptr(GPtrArray) players = NULL;
  gboolean is_new = TRUE;

  g_assert_no_error (error);
  found = pt_session_find_player (f->store, "begona", &error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpint (found->id, ==, begona->id);
  upper = pt_session_find_or_add_player (f->store, "  BEGOÑA ", &is_new, &error);
  g_assert_no_error (error);
  g_assert_cmpint (upper->id, ==, begona->id);
  g_assert_false (is_new);
  nobody = pt_session_find_player (f->store, "Begoñas", &error);
  g_assert_no_error (error);
  g_assert_null (nobody);
  added = pt_session_find_or_add_player (f->store, "Ángel", &is_new, &error);
  g_assert_no_error (error);
  g_assert_true (is_new);
  players = pt_store_list_players (f->store, TRUE, &error);
  g_assert_cmpuint (players->len, ==, 2);

  /* A seat typed "begona" plays as Begoña: the history's name. */
  {
    g_autoptr(PtSession) session = pt_session_new ("lost-cities", f->store, NULL);

    pt_session_set_seat_name (session, 0, "begona");
    pt_session_set_seat_name (session, 1, "Computer");
    g_assert_true (pt_session_start (session, &error));
    g_assert_cmpstr (pt_session_get_seat_name (session, 0), ==, "Begoña");
    g_assert_cmpstr (pt_game_get_player_name (pt_session_get_game (session), 0), ==, "Begoña");
    pt_session_cancel (session);
  }
}

static void
test_archived_found (Fixture *f,
                     gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) ana = pt_store_add_player (f->store, "Ana", "", &error);
  g_autoptr(PtPlayer) again = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(PtSession) session = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  gboolean is_new = TRUE;

  g_assert_no_error (error);
  g_assert_true (pt_store_set_player_archived (f->store, ana->id, TRUE, &error));

  again = pt_session_find_or_add_player (f->store, "ana", &is_new, &error);
  g_assert_no_error (error);
  g_assert_cmpint (again->id, ==, ana->id);
  g_assert_false (is_new);
  g_assert_false (again->archived);

  /* Through a whole match too. */
  g_assert_true (pt_store_set_player_archived (f->store, ana->id, TRUE, &error));
  session = pt_session_new ("circle-the-wagons", f->store, NULL);
  pt_session_set_seat_name (session, 0, "ANA");
  pt_session_set_seat_kind (session, 0, PT_SEAT_COMPUTER, PT_BOT_LEVEL_RANDOM, NULL, NULL);
  pt_session_set_seat_name (session, 1, "Beto");
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_RANDOM, NULL, NULL);
  g_assert_true (pt_session_start (session, &error));
  play_to_the_end (session);
  entry = pt_store_load_match (f->store, pt_session_get_match_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpint (((PtMatchResult *) entry->results->pdata[0])->player_id, ==, ana->id);
  players = pt_store_list_players (f->store, TRUE, &error);
  g_assert_cmpuint (players->len, ==, 2);
}

/* The final save is one transaction: a failure leaves nothing behind. */
static void
test_final_save_all_or_nothing (Fixture *f,
                                gconstpointer data)
{
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  const char *names[] = { "Zoe", "zoé", NULL };

  pt_match_entry_add_result (entry, pt_match_result_new (0, 0, 10, TRUE));
  pt_match_entry_add_result (entry, pt_match_result_new (0, 1, 5, FALSE));
  g_assert_cmpint (pt_session_store_match (f->store, entry, names, 0, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  players = pt_store_list_players (f->store, TRUE, NULL);
  g_assert_cmpuint (players->len, ==, 0);
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 0);
}

/* A person's seat: the computer waits for nobody else, undo goes back to
 * the person's turn, a move for the computer's seat is refused. */
static void
test_person_and_undo (Fixture *f,
                      gconstpointer data)
{
  g_autoptr(PtSession) session = pt_session_new ("lost-cities", f->store, NULL);
  g_autoptr(GError) error = NULL;
  PtGame *game;
  int person = 0;

  pt_session_set_seat_name (session, 0, "Ana");
  pt_session_set_seat_name (session, 1, "Computer");
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_RANDOM, NULL, NULL);
  pt_session_set_seed (session, 4);
  g_assert_true (pt_session_start (session, &error));
  game = pt_session_get_game (session);
  while (pt_game_get_current_player (game) != person)
    g_main_context_iteration (NULL, TRUE);
  {
    g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, 0);
    JsonNode *move = json_array_get_element (json_node_get_array (legal), 0);

    g_assert_false (pt_session_request_move (session, 1, move, &error));
    g_clear_error (&error);
    g_assert_true (pt_session_request_move (session, 0, move, &error));
    g_assert_no_error (error);
  }
  /* The computer answers, it is Ana's turn again; saved meanwhile. */
  while (pt_game_get_current_player (game) != person || pt_session_get_thinking (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (pt_session_get_saved_id (session), >, 0);
  g_assert_true (pt_session_get_can_undo (session));
  g_assert_true (pt_session_undo (session, &error));
  g_assert_cmpint (pt_game_get_current_player (game), ==, person);
  g_assert_cmpint (pt_game_get_n_moves (game), <=, 1);
  pt_session_cancel (session);
}

/* An engine that cannot start forfeits: the match is stored with it last. */
static void
test_engine_forfeit (Fixture *f,
                     gconstpointer data)
{
  g_autoptr(PtSession) session = pt_session_new ("lost-cities", f->store, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;

  pt_session_set_seat_name (session, 0, "Ana");
  pt_session_set_seat_kind (session, 0, PT_SEAT_COMPUTER, PT_BOT_LEVEL_RANDOM, NULL, NULL);
  pt_session_set_seat_name (session, 1, "Broken");
  pt_session_set_seat_kind (session, 1, PT_SEAT_ENGINE, PT_BOT_LEVEL_MEDIUM,
                            "engine:/nonexistent/partida-engine", "Broken");
  g_assert_true (pt_session_start (session, &error));
  play_to_the_end (session);
  g_assert_cmpint (pt_session_get_forfeit_seat (session), ==, 1);
  g_assert_cmpuint (pt_session_get_winners (session), ==, 1);
  entry = pt_store_load_match (f->store, pt_session_get_match_id (session), &error);
  g_assert_no_error (error);
  g_assert_true (((PtMatchResult *) entry->results->pdata[0])->winner);
  g_assert_cmpint (((PtMatchResult *) entry->results->pdata[1])->rank, ==, 2);
  g_assert_nonnull (strstr (entry->notes, "Broken"));
}

/* Through the store worker ------------------------------------------------------- */

/* Holds the worker's thread until opened: what is queued behind it waits. */
typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean held;
  gboolean open;
} Gate;

static gpointer
gate_job (PtStore *store,
          PtStats *stats,
          gpointer data,
          GCancellable *cancellable,
          GError **error)
{
  Gate *gate = data;

  g_mutex_lock (&gate->lock);
  gate->held = TRUE;
  g_cond_broadcast (&gate->cond);
  while (!gate->open)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
  return GINT_TO_POINTER (1);
}

/* Returns once the worker's thread is in gate_job(): everything queued
 * before the gate is written by then (on a loaded machine the session's
 * moves can outrun the worker's autosaves). */
static void
gate_wait_until_held (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  while (!gate->held)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

static void
iterate_until_idle (PtStoreWorker *worker)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!pt_store_worker_is_idle (worker))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

static char *
record_text (PtSession *session)
{
  g_autoptr(JsonNode) record = pt_session_to_record (session);

  return json_to_string (record, FALSE);
}

/* A whole 3-round match through the worker: not one store call on the
 * main thread, the match in the history (read on another connection)
 * and no saved game left. */
static void
test_worker_saves (Fixture *f,
                   gconstpointer data)
{
  g_autoptr(PtStoreWorker) worker = pt_store_worker_new (f->path);
  g_autoptr(PtSession) session = computer_match (NULL, NULL, 41);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(JsonNode) stored = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  pt_session_set_worker (session, worker);
  pt_store_debug_watch_thread (g_thread_self ());
  g_assert_true (pt_session_start (session, &error));
  play_to_the_end (session);
  /* The match id comes with the worker's answer. */
  iterate_until_idle (worker);
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
  g_assert_cmpint (pt_session_get_match_id (session), >, 0);
  g_assert_cmpint (pt_session_get_saved_id (session), ==, 0);
  g_assert_null (pt_session_get_save_error (session));

  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 1);
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (saved->len, ==, 0);
  stored = stored_record (f->store, pt_session_get_match_id (session));
  got = json_to_string (stored, FALSE);
  expected = record_text (session);
  g_assert_cmpstr (got, ==, expected);
  /* The same match on the main connection counts: the hook sees it. */
  pt_store_debug_watch_thread (g_thread_self ());
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 1);
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), >, 0);
  pt_store_debug_watch_thread (NULL);
}

typedef struct
{
  PtStoreWorker *worker;
  Gate *gate;
  gboolean stopped;
} Holdup;

/* Four moves in, the worker is held; twelve moves in, the session stops:
 * the autosaves of moves 4–12 wait behind the gate. */
static void
on_turn_hold (PtSession *session,
              Holdup *holdup)
{
  guint n = pt_game_get_n_moves (pt_session_get_game (session));

  /* Held before the fifth move is made: an autosave still queued when it
   * runs writes the newest position, so a worker slower than the moves
   * (ASan, a loaded machine) would otherwise write one past move 4. */
  if (n == 4)
    {
      pt_store_worker_run (holdup->worker, NULL, gate_job, holdup->gate, NULL, NULL, NULL, NULL, NULL);
      gate_wait_until_held (holdup->gate);
    }
  if (n >= 12 && !holdup->stopped)
    {
      holdup->stopped = TRUE;
      pt_session_set_autoplay (session, FALSE);
      pt_session_cancel (session);
    }
}

/* @session on @holdup's worker, played until on_turn_hold() stops it. */
static void
play_until_held (PtSession *session,
                 Holdup *holdup)
{
  g_autoptr(GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  pt_session_set_worker (session, holdup->worker);
  g_signal_connect (session, "turn", G_CALLBACK (on_turn_hold), holdup);
  g_assert_true (pt_session_start (session, &error));
  g_assert_no_error (error);
  while (!holdup->stopped)
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

static gpointer
read_only_saved_game (PtStore *store,
                      PtStats *stats,
                      gpointer data,
                      GCancellable *cancellable,
                      GError **error)
{
  g_autoptr(GPtrArray) saved = pt_store_list_saved_games (store, error);

  if (saved == NULL)
    return NULL;
  g_assert_cmpuint (saved->len, ==, 1);
  return pt_saved_game_ref (g_ptr_array_index (saved, 0));
}

static void
on_saved_read (GObject *source,
               GAsyncResult *result,
               gpointer user_data)
{
  PtSavedGame **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_assert_no_error (error);
}

/* Continuing reads the saved game on the worker, behind the autosaves
 * still queued: the exact position of the last move, however many were
 * waiting; then the match ends and the saved game goes. */
static void
test_worker_resume_exact (Fixture *f,
                          gconstpointer data)
{
  g_autoptr(PtStoreWorker) worker = pt_store_worker_new (f->path);
  g_autoptr(PtSession) session = computer_match (NULL, NULL, 43);
  g_autoptr(PtSession) resumed = NULL;
  g_autoptr(PtSavedGame) saved_game = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  Gate gate = { 0 };
  Holdup holdup = { worker, &gate, FALSE };
  guint n_moves;

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  play_until_held (session, &holdup);
  expected = record_text (session);
  n_moves = pt_game_get_n_moves (pt_session_get_game (session));
  g_assert_cmpuint (n_moves, >=, 12);
  /* Nothing of moves 4–12 is written yet. */
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_cmpuint (saved->len, ==, 1);
  g_assert_cmpstr (((PtSavedGame *) saved->pdata[0])->record, !=, expected);

  pt_store_worker_run (worker, NULL, read_only_saved_game, NULL, NULL, (GDestroyNotify) pt_saved_game_unref,
                       NULL, on_saved_read, &saved_game);
  gate_open (&gate);
  iterate_until_idle (worker);
  g_assert_nonnull (saved_game);
  g_assert_cmpstr (saved_game->record, ==, expected);
  g_clear_object (&session);

  resumed = pt_session_new_from_saved_game (saved_game, NULL, worker, &error);
  g_assert_no_error (error);
  got = record_text (resumed);
  g_assert_cmpstr (got, ==, expected);
  g_assert_cmpuint (pt_game_get_n_moves (pt_session_get_game (resumed)), ==, n_moves);

  pt_store_debug_watch_thread (g_thread_self ());
  pt_session_set_time_budget (resumed, 0);
  pt_session_resume_turns (resumed);
  play_to_the_end (resumed);
  iterate_until_idle (worker);
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
  g_assert_cmpint (pt_session_get_match_id (resumed), >, 0);
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 1);
  g_clear_pointer (&saved, g_ptr_array_unref);
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_cmpuint (saved->len, ==, 0);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
}

/* Shutdown: flush returns once the autosaves queued so far are written
 * (the app flushes its worker before it goes). */
static void
test_worker_flush (Fixture *f,
                   gconstpointer data)
{
  g_autoptr(PtStoreWorker) worker = pt_store_worker_new (f->path);
  g_autoptr(PtSession) session = computer_match (NULL, NULL, 53);
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  Gate gate = { 0 };
  Holdup holdup = { worker, &gate, FALSE };

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  play_until_held (session, &holdup);
  expected = record_text (session);
  gate_open (&gate);
  pt_store_worker_flush (worker);
  /* No main-loop turn in between: written when flush returned (read on a
   * connection opened now). */
  g_clear_object (&f->store);
  f->store = pt_store_open (f->path, PT_STORE_OPEN_NONE, &error);
  g_assert_no_error (error);
  saved = pt_store_list_saved_games (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (saved->len, ==, 1);
  g_assert_cmpstr (((PtSavedGame *) saved->pdata[0])->record, ==, expected);
  iterate_until_idle (worker);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
}

static gpointer
refuse_job (PtStore *store,
            PtStats *stats,
            gpointer data,
            GCancellable *cancellable,
            GError **error)
{
  return pt_store_refuse_changes (store, "a test", error) ? GINT_TO_POINTER (1) : NULL;
}

static void
on_save_failed (PtSession *session,
                const char *message,
                GPtrArray *messages)
{
  g_ptr_array_add (messages, g_strdup (message));
}

/* A worker that cannot write: the autosave's and the final save's
 * failures come back as "save-failed", and nothing is in the history. */
static void
test_worker_failures (Fixture *f,
                      gconstpointer data)
{
  g_autoptr(PtStoreWorker) worker = pt_store_worker_new (f->path);
  g_autoptr(PtSession) session = computer_match (NULL, NULL, 47);
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  pt_store_worker_run (worker, NULL, refuse_job, NULL, NULL, NULL, NULL, NULL, NULL);
  pt_session_set_worker (session, worker);
  pt_session_set_n_rounds (session, 1);
  g_signal_connect (session, "save-failed", G_CALLBACK (on_save_failed), messages);
  g_assert_true (pt_session_start (session, &error));
  play_to_the_end (session);
  iterate_until_idle (worker);
  g_assert_cmpuint (messages->len, >=, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), "The game could not be saved"));
  g_assert_nonnull (strstr (g_ptr_array_index (messages, messages->len - 1),
                            "The match could not be saved in the history"));
  g_assert_nonnull (pt_session_get_save_error (session));
  g_assert_cmpint (pt_session_get_match_id (session), ==, 0);
  g_assert_cmpint (pt_store_count_matches (f->store, NULL), ==, 0);
}

static void
on_started (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  GError **error = user_data;
  gboolean ok = pt_session_start_finish (PT_SESSION (source), result, error);

  g_assert_true (ok == (*error == NULL));
  /* Marks the answer as in. */
  if (ok)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "started");
}

/* pt_session_start_async() with a worker reads the seats' known names
 * and tonight's game night on the worker: "begona" sits as "Begoña", the
 * match joins tonight, and not one store call is made on the main
 * thread. A cancelled start leaves the session in setup. */
static void
test_worker_start (Fixture *f,
                   gconstpointer data)
{
  g_autoptr(PtStoreWorker) worker = pt_store_worker_new (f->path);
  g_autoptr(PtSession) session = computer_match (f->store, NULL, 43);
  g_autoptr(PtSession) cancelled = computer_match (f->store, NULL, 44);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) answer = NULL;
  g_autoptr(GError) cancelled_answer = NULL;
  g_autoptr(PtPlayer) player = pt_store_add_player (f->store, "Begoña", "", &error);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(PtNight) night = pt_store_add_night (f->store, today, NULL, NULL, &error);
  g_autoptr(PtMatchEntry) entry = NULL;

  g_assert_no_error (error);
  pt_session_set_seat_name (session, 0, "begona");
  pt_session_set_worker (session, worker);
  pt_session_set_worker (cancelled, worker);
  pt_store_debug_watch_thread (g_thread_self ());
  pt_session_start_async (cancelled, TRUE, cancellable, on_started, &cancelled_answer);
  g_cancellable_cancel (cancellable);
  pt_session_start_async (session, TRUE, NULL, on_started, &answer);
  iterate_until_idle (worker);
  while (answer == NULL || cancelled_answer == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);

  g_assert_error (answer, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_cmpint (pt_session_get_state (session), ==, PT_SESSION_PLAYING);
  g_assert_cmpstr (pt_session_get_seat_name (session, 0), ==, "Begoña");
  g_assert_error (cancelled_answer, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (pt_session_get_state (cancelled), ==, PT_SESSION_SETUP);

  /* Played to the end: the match is tonight's. */
  play_to_the_end (session);
  iterate_until_idle (worker);
  entry = pt_store_load_match (f->store, pt_session_get_match_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpint (entry->night_id, ==, night->id);
}

int
main (int argc,
      char **argv)
{
  if (argc == 3 && g_strcmp0 (argv[1], "--child") == 0)
    return run_child (argv[2], FALSE);
  if (argc == 3 && g_strcmp0 (argv[1], "--child-worker") == 0)
    return run_child (argv[2], TRUE);

  self_path = argv[0];
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add ("/session/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("defaults/each-preference", test_defaults);
  ADD ("defaults/stored-with-the-match", test_defaults_stored);
  ADD ("match/three-rounds-stored-once", test_three_rounds);
  ADD ("match/next-starter/alternate", test_next_starter_alternate);
  ADD ("match/next-starter/loser", test_next_starter_loser);
  ADD ("match/next-starter/leader", test_next_starter_leader);
  ADD ("resume/round-2-after-sigkill", test_resume_after_kill);
  ADD ("resume/between-rounds", test_resume_between_rounds);
  g_test_add ("/session/worker/resume-after-sigkill", Fixture, "worker", fixture_set_up,
              test_resume_after_kill, fixture_tear_down);
  ADD ("worker/no-store-call-on-the-main-thread", test_worker_saves);
  ADD ("worker/resume-reads-the-last-autosave", test_worker_resume_exact);
  ADD ("worker/failures-reach-the-caller", test_worker_failures);
  ADD ("worker/flush-writes-what-is-queued", test_worker_flush);
  ADD ("worker/start-reads-on-the-worker", test_worker_start);
  ADD ("seats/kind-change-keeps-names", test_seat_kinds_keep_names);
  ADD ("seats/two-seats-one-player", test_two_seats_one_player);
  ADD ("identity/begona-finds-begona", test_begona_finds_begona);
  ADD ("identity/archived-found-not-duplicated", test_archived_found);
  ADD ("save/all-or-nothing", test_final_save_all_or_nothing);
  ADD ("play/person-and-undo", test_person_and_undo);
  ADD ("play/engine-forfeit", test_engine_forfeit);
#undef ADD

  return g_test_run ();
}
