/* bench-ui.c — the longest main-loop stall while the pages that read the
 * history open, at --matches matches (default 100,000).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * xvfb-run -a _build/tests/ui/bench-ui [--matches N] [--db PATH]
 * (tests/bench/ui runs it several times and prints the medians.)
 *
 * Fills a temporary database (2–4 of 12 players, three games), opens the
 * real window and shows History, Players, a player page and a
 * head-to-head in turn, each until the store worker has answered. The main
 * context's poll function is wrapped to record the gaps between its calls:
 * a gap is how long the main loop ran without looking for events (input,
 * redraws), the stall a user would feel. (A 1 ms timeout did this before:
 * its thousand wake-ups a second cost ~4 ms of CPU in every 100 ms step,
 * more than a leaderboard's own work.) Prints per step the
 * longest gap in main-thread CPU time (what the app itself blocked; on a
 * busy machine wall gaps also hold the time other processes had the CPU),
 * the longest wall gap, the CPU time of the process, and at the end the
 * memory. The database is filled by a separate process (this program with
 * --fill) before the app starts, as when the app opens an existing history,
 * so the memory figures are the app's alone. With --db PATH the database at
 * PATH is used, and filled first only when it does not exist yet.
 */
#include "config.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#define UI_TEST_WAIT_MS 600000
#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-paced.h"
#include "pt-stats-page.h"

/* Under valgrind --tool=callgrind each step is a dump of its own
 * (callgrind.out.PID.N, named after the step): where a page's cost goes,
 * by instructions. No-ops otherwise. */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_DUMP_STATS_AT
#define CALLGRIND_DUMP_STATS_AT(what)
#define CALLGRIND_ZERO_STATS
#endif

static gint64 last_tick, longest, step_start;
static double last_thread_ms, longest_thread_ms;
/* PARTIDA_BENCH_GAPS_MS=N: print every gap of more than N ms of CPU with its
 * CLOCK_MONOTONIC bounds, to find it in a profile (perf record -k
 * CLOCK_MONOTONIC). */
static double print_gaps_ms = -1;

static double
thread_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static GPollFunc default_poll;

/* The main loop is about to wait for events: the time since it last
 * stopped waiting is a gap. */
static gint
poll_and_record_gaps (GPollFD *fds,
                      guint n_fds,
                      gint timeout)
{
  gint64 now = g_get_monotonic_time ();
  double cpu = thread_ms ();
  gint ret;

  if (last_tick != 0)
    {
      longest = MAX (longest, now - last_tick);
      longest_thread_ms = MAX (longest_thread_ms, cpu - last_thread_ms);
      if (print_gaps_ms >= 0 && cpu - last_thread_ms > print_gaps_ms)
        printf ("  gap: CPU %.1f ms, monotonic %.6f–%.6f s\n", cpu - last_thread_ms, last_tick / 1e6,
                now / 1e6);
    }
  ret = default_poll (fds, n_fds, timeout);
  last_tick = g_get_monotonic_time ();
  last_thread_ms = thread_ms ();
  return ret;
}

/* Where the main thread's CPU of a step goes: the frame clock's layout
 * and paint phases (measured from the end of the phase before, the
 * handlers being connected after GTK's own), the rest (building widgets,
 * the store's answers, the bench's own polling). */
static double frame_mark_ms, layout_ms, paint_ms, thread_start_ms;
static guint frames;

static void
on_clock_update (GdkFrameClock *clock,
                 gpointer user_data)
{
  frame_mark_ms = thread_ms ();
}

static void
on_clock_layout (GdkFrameClock *clock,
                 gpointer user_data)
{
  double now = thread_ms ();

  if (frame_mark_ms > 0)
    layout_ms += now - frame_mark_ms;
  frame_mark_ms = now;
}

static void
on_clock_paint (GdkFrameClock *clock,
                gpointer user_data)
{
  double now = thread_ms ();

  if (frame_mark_ms > 0)
    paint_ms += now - frame_mark_ms;
  if (print_gaps_ms >= 0 && frame_mark_ms > 0)
    printf ("  frame: paint %.1f ms\n", now - frame_mark_ms);
  frame_mark_ms = 0;
  frames++;
}

static void
watch_frames (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect_after (clock, "before-paint", G_CALLBACK (on_clock_update), NULL);
  g_signal_connect_after (clock, "update", G_CALLBACK (on_clock_update), NULL);
  g_signal_connect_after (clock, "layout", G_CALLBACK (on_clock_layout), NULL);
  g_signal_connect_after (clock, "paint", G_CALLBACK (on_clock_paint), NULL);
}

static void
reset (void)
{
  CALLGRIND_ZERO_STATS;
  frames = 0;
  layout_ms = paint_ms = frame_mark_ms = 0;
  thread_start_ms = thread_ms ();
  step_start = g_get_monotonic_time ();
  /* What the step itself does before the loop runs again is a gap too (a
   * click's handler would be one). */
  last_tick = g_get_monotonic_time ();
  last_thread_ms = thread_ms ();
  longest = 0;
  longest_thread_ms = 0;
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static gboolean
wake (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_CONTINUE;
}

/* As wait_for_store () and settle (@ms) do, without their polling (which
 * the process CPU of a step would count): the main loop blocks between
 * its events, a 20 ms timeout checks whether the store and the pages are
 * done, and then it runs @ms more (what the frames after the last part
 * cost) and waits again. */
static void
wait_quietly (guint ms)
{
  PtStoreWorker *worker = pt_application_get_worker (app, NULL);
  gboolean woke = FALSE;
  guint id = g_timeout_add (20, wake, &woke);

  for (int round = 0; round < 2; round++)
    {
      gint64 end = g_get_monotonic_time () + (round == 0 ? 0 : ms * 1000);
      int quiet = 0;

      while (quiet < 3 || g_get_monotonic_time () < end)
        {
          woke = FALSE;
          g_main_context_iteration (NULL, TRUE);
          if (!woke)
            continue;
          if (pt_store_worker_is_idle (worker) && !pt_paced_busy ())
            quiet++;
          else
            quiet = 0;
        }
    }
  g_source_remove (id);
}

static void
step (const char *what,
      double cpu_before)
{
  wait_quietly (100);
  CALLGRIND_DUMP_STATS_AT (what);
  printf ("%-24s longest main-loop stall: CPU %6.1f ms (target <= 50 ms), wall %7.1f ms;"
          " process CPU %.1f ms\n",
          what, longest_thread_ms, longest / 1000.0, cpu_ms () - cpu_before);
  printf ("  (%u frames; main thread CPU %.1f ms: layout %.1f ms, paint %.1f ms, the rest %.1f ms)\n", frames,
          thread_ms () - thread_start_ms, layout_ms, paint_ms, thread_ms () - thread_start_ms - layout_ms - paint_ms);
  if (print_gaps_ms >= 0)
    printf ("  step: monotonic %.6f–%.6f s\n", step_start / 1e6, g_get_monotonic_time () / 1e6);
  fflush (stdout);
}

static long
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmRSS:")) == NULL)
    return -1;
  return strtol (line + 6, NULL, 10);
}

static const char *const games[] = { "lost-cities", "circle-the-wagons", "next-station-london" };

/* The history (2–4 of 12 players, three games, one match a minute), saved
 * in one transaction per 10,000 matches. */
static int
fill (const char *path,
      int total)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260314);
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  gint64 players[12], finished = 1600000000;

  g_assert_no_error (error);
  for (int i = 0; i < 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02d", i);
      g_autoptr(PtPlayer) p = pt_store_add_player (store, name, NULL, &error);

      g_assert_no_error (error);
      players[i] = p->id;
    }
  for (int done = 0; done < total;)
    {
      g_autoptr(GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
      int n = MIN (10000, total - done);

      for (int i = 0; i < n; i++)
        {
          PtMatchEntry *entry = pt_match_entry_new (games[g_rand_int_range (rand, 0, 3)],
                                                    PT_MATCH_MODE_COMPANION);
          int seats = g_rand_int_range (rand, 2, 5), order[12];

          for (int k = 0; k < 12; k++)
            order[k] = k;
          for (int k = 0; k < seats; k++)
            {
              int j = g_rand_int_range (rand, k, 12), t = order[k];

              order[k] = order[j];
              order[j] = t;
              pt_match_entry_add_result (entry, pt_match_result_new (players[order[k]], k,
                                                                     g_rand_int_range (rand, 0, 100),
                                                                     k == 0));
            }
          entry->finished = finished += 60;
          g_ptr_array_add (batch, entry);
        }
      g_assert_true (pt_store_save_matches (store, batch, &error));
      g_assert_no_error (error);
      done += n;
    }
  return 0;
}

/* The vertical scrollbar of the history list to its end, @pages times
 * (each time the model reads the next page). */
static void
scroll_history (int pages)
{
  GtkWidget *history = pt_window_ensure_area (window, "history");
  GtkWidget *list = find_by_name (history, "history-list");
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));

  for (int i = 0; i < pages; i++)
    {
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      settle (50);
    }
}

int
main (int argc,
      char *argv[])
{
  const char *db = NULL;
  gint64 first_player;
  int total = 100000, ret;
  gboolean fill_only = FALSE;
  PtStatsPage *stats_page;
  double cpu;

  for (int i = 1; i < argc; i++)
    if (g_strcmp0 (argv[i], "--matches") == 0 && i + 1 < argc)
      total = atoi (argv[++i]);
    else if (g_strcmp0 (argv[i], "--db") == 0 && i + 1 < argc)
      db = argv[++i];
    else if (g_strcmp0 (argv[i], "--fill") == 0)
      fill_only = TRUE;
    else
      {
        g_printerr ("usage: bench-ui [--matches N] [--db PATH]\n");
        return 2;
      }
  if (fill_only)
    return db != NULL ? fill (db, total) : 2;
  if (g_getenv ("PARTIDA_BENCH_GAPS_MS") != NULL)
    print_gaps_ms = g_ascii_strtod (g_getenv ("PARTIDA_BENCH_GAPS_MS"), NULL);

  argc = 1;
  if ((ret = ui_test_init (&argc, &argv)) != 0)
    return ret;
  if (db != NULL)
    g_setenv ("PARTIDA_DB", db, TRUE);
  else
    ui_test_use_fresh_db ("bench.db");

  /* The history, saved by another process before the app starts. */
  if (!g_file_test (g_getenv ("PARTIDA_DB"), G_FILE_TEST_EXISTS))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *matches = g_strdup_printf ("%d", total);
      const char *fill_argv[] = { argv[0], "--fill", "--matches", matches, "--db", g_getenv ("PARTIDA_DB"), NULL };
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) fill_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                                   &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, &error));
    }
  else
    printf ("UI benchmark: using %s as it is\n", g_getenv ("PARTIDA_DB"));

  app = ui_test_new_application ();
  g_application_activate (G_APPLICATION (app));
  window = PT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (window)));
  /* The integrity check on open reads every page on the worker (seconds
   * at 1,000,000 matches): measure the pages after it. */
  {
    gint64 start = g_get_monotonic_time ();

    get_store ();
    WAIT_UNTIL (pt_store_worker_is_idle (pt_application_get_worker (app, NULL)));
    printf ("UI benchmark: the store worker was busy %.1f s after the window mapped\n",
            (g_get_monotonic_time () - start) / 1e6);
  }
  settle (200);
  printf ("UI benchmark: %d matches, resident memory %ld KiB with the window open\n", total, rss_kb ());
  {
    g_autoptr(GPtrArray) players = pt_store_list_players (get_store (), FALSE, NULL);

    g_assert_nonnull (players);
    g_assert_cmpuint (players->len, >, 6);
    first_player = ((PtPlayer *) g_ptr_array_index (players, 0))->id;
  }

  default_poll = g_main_context_get_poll_func (NULL);
  g_main_context_set_poll_func (NULL, poll_and_record_gaps);
  watch_frames (GTK_WIDGET (window));

  /* The bench's own cost: a step that does nothing. */
  reset ();
  cpu = cpu_ms ();
  step ("nothing (the bench)", cpu);

  reset ();
  cpu = cpu_ms ();
  show_area ("history");
  step ("History", cpu);
  {
    GtkWidget *list = find_by_name (pt_window_ensure_area (window, "history"), "history-list");
    guint rows = 0;

    for (GtkWidget *child = gtk_widget_get_first_child (list); child; child = gtk_widget_get_next_sibling (child))
      rows++;
    printf ("  (the history list holds %u row widgets)\n", rows);
  }

  reset ();
  cpu = cpu_ms ();
  scroll_history (5);
  step ("History, 5 pages down", cpu);

  reset ();
  cpu = cpu_ms ();
  show_area ("stats");
  step ("Players", cpu);
  stats_page = PT_STATS_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_STATS_PAGE));

  reset ();
  cpu = cpu_ms ();
  pt_stats_page_show_player (stats_page, first_player);
  step ("a player page", cpu);

  reset ();
  cpu = cpu_ms ();
  gtk_widget_activate_action (GTK_WIDGET (stats_page), "stats.back", NULL);
  step ("back to Players", cpu);

  /* The head-to-head row of the Players page: pick another pair. */
  reset ();
  cpu = cpu_ms ();
  {
    GtkWidget *row = find_by_name (GTK_WIDGET (stats_page), "head-to-head-row");
    GtkWidget *group = row != NULL ? gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP) : NULL;
    GtkWidget *drop_down = group != NULL ? find_by_type (group, GTK_TYPE_DROP_DOWN) : NULL;

    g_assert_nonnull (drop_down);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), 5);
  }
  step ("head-to-head of a pair", cpu);

  reset ();
  cpu = cpu_ms ();
  pt_stats_page_set_leaderboard_game (stats_page, games[1]);
  step ("a game's leaderboard", cpu);

  reset ();
  cpu = cpu_ms ();
  show_area ("history");
  step ("History again", cpu);

  reset ();
  cpu = cpu_ms ();
  show_area ("stats");
  step ("Players again", cpu);

  {
    struct rusage usage;

    getrusage (RUSAGE_SELF, &usage);
    printf ("memory after every page: resident %ld KiB, peak %ld KiB  (target <= 80 MiB)\n", rss_kb (),
            usage.ru_maxrss);
  }
  companion_finish ();
  return 0;
}
