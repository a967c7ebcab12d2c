/* test-stats.c — the Players area: adding, renaming, colouring, archiving
 * and merging players (with undo), statistics after matches saved through
 * the score sheet, leaderboards, head to head and the charts.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-game-ui.h"
#include "pt-stats-page.h"
#include "pt-stats.h"
#include "pt-text-line.h"

static PtStatsPage *
stats_page (void)
{
  return PT_STATS_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_STATS_PAGE));
}

static const char *
visible_stack_child (PtStatsPage *page)
{
  GtkStack *stack = GTK_STACK (find_by_type (GTK_WIDGET (page), GTK_TYPE_STACK));

  return gtk_stack_get_visible_child_name (stack);
}

static gint64
player_id (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtPlayer) player = pt_store_find_player (get_store (), name, &error);

  g_assert_no_error (error);
  return player->id;
}

static void
test_empty (void)
{
  show_area ("stats");
  g_assert_cmpstr (visible_stack_child (stats_page ()), ==, "empty");
  screenshots ("stats-empty");
}

/* Through the Add Player dialog. */
static void
test_add_player (void)
{
  AdwMessageDialog *dialog;
  GtkWidget *entry;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (stats_page ()), "stats.add-player", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  entry = adw_message_dialog_get_extra_child (dialog);
  gtk_editable_set_text (GTK_EDITABLE (entry), "  Carla ");
  /* What the button does: the response, then the dialog closes. */
  adw_message_dialog_response (dialog, "add");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();
  g_assert_cmpint (player_id ("Carla"), >, 0);
  g_assert_cmpstr (visible_stack_child (stats_page ()), ==, "overview");
}

static void
test_statistics (void)
{
  PtStatsPage *page;
  g_autoptr(PtStats) stats = pt_stats_new (get_store ());
  g_autoptr(PtPlayerStats) ana = NULL;
  g_autofree char *h2h = NULL;
  gint64 ana_id;

  /* Ana wins twice (longer yellow expeditions), Beto once. */
  save_lost_cities_match ("Ana", "Beto", 6, 3);
  save_lost_cities_match ("Ana", "Beto", 7, 2);
  save_lost_cities_match ("Ana", "Beto", 2, 8);
  ana_id = player_id ("Ana");

  ana = pt_stats_player (stats, ana_id, NULL);
  g_assert_cmpint (ana->overall->plays, ==, 3);
  g_assert_cmpint (ana->overall->wins, ==, 2);

  show_area ("stats");
  page = stats_page ();
  g_assert_cmpstr (visible_stack_child (page), ==, "overview");
  g_assert_nonnull (find_by_name (GTK_WIDGET (page), "player-row-1"));
  /* The pair shown first is the first two players: Ana and Beto. */
  h2h = g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (find_by_name (GTK_WIDGET (page),
                                                                                    "head-to-head-row"))));
  g_assert_nonnull (strstr (h2h, "Ana 2"));
  g_assert_nonnull (strstr (h2h, "1 Beto"));
  screenshots ("stats-overview");

  pt_stats_page_set_leaderboard_game (page, "lost-cities");
  settle (50);
  screenshots ("stats-leaderboard");

  /* The Players page stays until Ana's figures are read, then hers shows. */
  g_assert_true (pt_stats_page_show_player (page, ana_id));
  g_assert_cmpstr (visible_stack_child (page), ==, "overview");
  wait_for_store ();
  g_assert_cmpstr (visible_stack_child (page), ==, "player");
  g_assert_null (find_by_type (GTK_WIDGET (page), GTK_TYPE_SPINNER));
  /* Three scores, the rating from 1500 and after each match, one game. */
  g_assert_cmpuint (pt_chart_get_n_points (pt_stats_page_get_chart (page, "score-chart")), ==, 3);
  g_assert_cmpuint (pt_chart_get_n_points (pt_stats_page_get_chart (page, "rating-chart")), ==, 4);
  g_assert_cmpuint (pt_chart_get_n_points (pt_stats_page_get_chart (page, "win-rate-chart")), ==, 1);
  g_assert_cmpuint (pt_chart_get_n_points (pt_stats_page_get_chart (page, "distribution-chart")), >=, 2);
  screenshots ("stats-player");
  scroll_target = GTK_WIDGET (pt_stats_page_get_chart (page, "rating-chart"));
  screenshots ("stats-charts");
  gtk_widget_activate_action (GTK_WIDGET (page), "stats.back", NULL);
}

/* A job that keeps the store worker busy until *@data is TRUE. */
static gpointer
hold_worker (PtStore *store,
             PtStats *stats,
             gpointer data,
             GCancellable *cancellable,
             GError **error)
{
  while (!g_atomic_int_get ((int *) data))
    g_usleep (1000);
  return g_strdup ("held");
}

static void
on_held (GObject *source,
         GAsyncResult *result,
         gpointer user_data)
{
  g_autofree char *answer = pt_store_worker_finish (PT_STORE_WORKER (source), result, NULL);

  g_assert_cmpstr (answer, ==, "held");
}

/* A player page whose figures are slow to come (the worker busy with
 * something else) shows a spinner meanwhile, then the page. */
static void
test_slow_player_page (void)
{
  PtStatsPage *page = stats_page ();
  PtStoreWorker *worker = pt_application_get_worker (app, NULL);
  int released = FALSE;

  show_area ("stats");
  wait_for_store ();
  pt_store_worker_run (worker, "test-hold", hold_worker, &released, NULL, g_free, NULL, on_held, NULL);
  g_assert_true (pt_stats_page_show_player (page, player_id ("Beto")));
  /* Not at once: the Players page stays for the first 100 ms. */
  {
    gint64 end = g_get_monotonic_time () + 100000;

    while (g_get_monotonic_time () < end)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
  }
  g_assert_cmpstr (visible_stack_child (page), ==, "overview");
  WAIT_UNTIL (find_by_type (GTK_WIDGET (page), GTK_TYPE_SPINNER) != NULL);
  g_assert_cmpstr (visible_stack_child (page), ==, "player");
  g_atomic_int_set (&released, TRUE);
  wait_for_store ();
  g_assert_null (find_by_type (GTK_WIDGET (page), GTK_TYPE_SPINNER));
  g_assert_nonnull (find_by_name (GTK_WIDGET (page), "rename-row"));
  gtk_widget_activate_action (GTK_WIDGET (page), "stats.back", NULL);
  wait_for_store ();
}

/* What the leaderboard's rows say, one line each. */
static char *
leaderboard_text (PtStatsPage *page)
{
  GString *text = g_string_new (NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (find_by_name (GTK_WIDGET (page), "leaderboard-list")); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      g_autofree char *line = pt_text_line_dup_accessible_text (pt_text_line_row_get_line (row));

      g_string_append_printf (text, "%s\n", line);
    }
  return g_string_free (text, FALSE);
}

/* The group of the Players page that holds @name. */
static GtkWidget *
group_of (PtStatsPage *page,
          const char *name)
{
  GtkWidget *widget = find_by_name (GTK_WIDGET (page), name);

  g_assert_nonnull (widget);
  return gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP);
}

static guint
game_position (const char *game_id)
{
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (g_strcmp0 (pt_game_ui_list ()[i]->game_id, game_id) == 0)
      return i;
  g_assert_not_reached ();
}

/* A reload rebuilds only the groups whose figures changed: the same
 * figures keep the page as it is, another leaderboard game changes the
 * leaderboard's rows alone (its group and game drop-down stay; as many rows
 * as before take their new texts), a new name
 * every group that shows it. */
static void
test_reload_keeps_groups (void)
{
  PtStatsPage *page = stats_page ();
  g_autofree char *ana_row = g_strdup_printf ("player-row-%" G_GINT64_FORMAT, player_id ("Ana"));
  GtkWidget *players, *leaderboard, *pair, *rows;
  g_autofree char *all_games = NULL;
  g_autofree char *lost_cities = NULL;
  g_autofree char *wagons = NULL;
  g_autofree char *again = NULL;
  g_autofree char *renamed = NULL;

  show_area ("stats");
  pt_stats_page_set_leaderboard_game (page, NULL);
  wait_for_store ();
  players = group_of (page, ana_row);
  leaderboard = group_of (page, "leaderboard-game");
  pair = group_of (page, "head-to-head-row");
  g_object_add_weak_pointer (G_OBJECT (players), (gpointer *) &players);
  g_object_add_weak_pointer (G_OBJECT (leaderboard), (gpointer *) &leaderboard);
  g_object_add_weak_pointer (G_OBJECT (pair), (gpointer *) &pair);
  rows = find_by_name (GTK_WIDGET (page), "leaderboard-list");
  g_object_add_weak_pointer (G_OBJECT (rows), (gpointer *) &rows);

  pt_stats_page_reload (page);
  wait_for_store ();
  g_assert_true (group_of (page, ana_row) == players);
  g_assert_true (group_of (page, "leaderboard-game") == leaderboard);
  g_assert_true (group_of (page, "head-to-head-row") == pair);
  g_assert_true (find_by_name (GTK_WIDGET (page), "leaderboard-list") == rows);
  all_games = leaderboard_text (page);
  g_assert_true (g_str_has_prefix (all_games, "1. Ana, "));
  g_assert_null (strstr (all_games, "1512"));

  /* Two rows again, with the ratings. */
  pt_stats_page_set_leaderboard_game (page, "lost-cities");
  wait_for_store ();
  g_assert_true (group_of (page, ana_row) == players);
  g_assert_true (group_of (page, "leaderboard-game") == leaderboard);
  g_assert_true (find_by_name (GTK_WIDGET (page), "leaderboard-list") == rows);
  lost_cities = leaderboard_text (page);
  g_assert_true (g_str_has_prefix (lost_cities, "1. Ana, "));
  g_assert_nonnull (strstr (lost_cities, ", 1512\n2. Beto, "));
  g_assert_true (g_str_has_suffix (lost_cities, ", 1488\n"));
  /* The drop-down shows the game. */
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (find_by_name (GTK_WIDGET (page), "leaderboard-game"))),
                    >, 0);
  g_assert_true (group_of (page, "head-to-head-row") == pair);

  /* Another game picked while the whole page is being read again: the
   * game picked last is the one shown, and back again. */
  pt_stats_page_reload (page);
  pt_stats_page_set_leaderboard_game (page, "circle-the-wagons");
  wait_for_store ();
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (find_by_name (GTK_WIDGET (page), "leaderboard-game"))),
                    ==, game_position ("circle-the-wagons") + 1);
  wagons = leaderboard_text (page);
  g_assert_cmpstr (wagons, !=, lost_cities);
  pt_stats_page_set_leaderboard_game (page, "lost-cities");
  pt_stats_page_reload (page);
  wait_for_store ();
  again = leaderboard_text (page);
  g_assert_cmpstr (again, ==, lost_cities);
  g_assert_true (group_of (page, ana_row) == players);

  g_assert_true (pt_stats_page_rename_player (page, player_id ("Beto"), "Beto B", NULL));
  wait_for_store ();
  g_assert_null (players);
  g_assert_true (group_of (page, "leaderboard-list") == leaderboard);
  renamed = leaderboard_text (page);
  g_assert_nonnull (strstr (renamed, "2. Beto B, "));
  g_assert_null (pair);
  g_assert_true (pt_stats_page_rename_player (page, player_id ("Beto B"), "Beto", NULL));
  wait_for_store ();
  g_object_remove_weak_pointer (G_OBJECT (leaderboard), (gpointer *) &leaderboard);
  if (rows != NULL)
    g_object_remove_weak_pointer (G_OBJECT (rows), (gpointer *) &rows);
}

static void
test_rename_colour_archive (void)
{
  PtStatsPage *page = stats_page ();
  gint64 beto = player_id ("Beto");
  g_autoptr(PtPlayer) player = NULL;
  GtkWidget *rename_row, *colour;
  GdkRGBA rgba = { 0.8, 0.1, 0.1, 1.0 };

  show_area ("stats");
  g_assert_true (pt_stats_page_show_player (page, beto));
  wait_for_store ();
  rename_row = find_by_name (GTK_WIDGET (page), "rename-row");
  gtk_editable_set_text (GTK_EDITABLE (rename_row), "Bea");
  g_signal_emit_by_name (rename_row, "apply");
  settle (50);
  player = pt_store_get_player (get_store (), beto, NULL);
  g_assert_cmpstr (player->name, ==, "Bea");
  g_clear_pointer (&player, pt_player_unref);

  colour = find_by_type (GTK_WIDGET (page), GTK_TYPE_COLOR_BUTTON);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (colour), &rgba);
  g_signal_emit_by_name (colour, "color-set");
  settle (50);
  player = pt_store_get_player (get_store (), beto, NULL);
  g_assert_cmpstr (player->colour, ==, "#cc1a1a");
  g_clear_pointer (&player, pt_player_unref);

  /* Archived: out of the list, history kept. */
  g_assert_true (pt_stats_page_show_player (page, player_id ("Carla")));
  wait_for_store ();
  gtk_switch_set_active (GTK_SWITCH (find_by_name (GTK_WIDGET (page), "archived-switch")), TRUE);
  wait_for_store ();
  player = pt_store_get_player (get_store (), player_id ("Carla"), NULL);
  g_assert_true (player->archived);
  settle (50);
  gtk_widget_activate_action (GTK_WIDGET (page), "stats.back", NULL);
  wait_for_store ();
  {
    g_autofree char *row_name = g_strdup_printf ("player-row-%" G_GINT64_FORMAT, player->id);

    g_assert_null (find_by_name (GTK_WIDGET (page), row_name));
  }
}

static void
test_merge_undo (void)
{
  PtStatsPage *page = stats_page ();
  AdwMessageDialog *dialog;
  GtkDropDown *drop_down;
  GArray *ids;
  g_autofree char *anita_row = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStats) stats = pt_stats_new (get_store ());
  g_autoptr(PtPlayerStats) ana = NULL;
  gint64 anita, ana_id = player_id ("Ana");

  /* "Anita" is Ana entered a second time. */
  save_lost_cities_match ("Anita", "Bea", 5, 1);
  anita = player_id ("Anita");
  anita_row = g_strdup_printf ("player-row-%" G_GINT64_FORMAT, anita);

  show_area ("stats");
  g_assert_true (pt_stats_page_show_player (page, anita));
  wait_for_store ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.merge", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  save_screenshot (GTK_WIDGET (dialog), "stats-merge-dialog");
  drop_down = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  ids = g_object_get_data (G_OBJECT (drop_down), "ids");
  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == ana_id)
      gtk_drop_down_set_selected (drop_down, i);
  adw_message_dialog_response (dialog, "merge");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();

  /* Gone from the page at once, still in the store until the toast goes. */
  g_assert_null (find_by_name (GTK_WIDGET (page), anita_row));
  g_assert_cmpint (player_id ("Anita"), ==, anita);
  /* Undo at once: under AddressSanitizer three screenshots can outlast the
   * toast, and then the merge is done and cannot be undone. */
  g_assert_true (pt_stats_page_undo_merge (page));
  wait_for_store ();
  g_assert_nonnull (find_by_name (GTK_WIDGET (page), anita_row));

  /* Again, and this time the toast runs out (or is cut short here). */
  pt_stats_page_merge_players (page, anita, ana_id);
  wait_for_store ();
  screenshots ("stats-merge-toast");
  g_assert_true (pt_stats_page_commit_merge (page, &error));
  g_assert_no_error (error);
  wait_for_store ();
  g_assert_null (pt_store_find_player (get_store (), "Anita", NULL));
  ana = pt_stats_player (stats, ana_id, NULL);
  g_assert_cmpint (ana->overall->plays, ==, 4);
  g_assert_cmpint (ana->overall->wins, ==, 3);
}

/* The merge reads through the store worker: the dialog's players, the
 * toast's names, the Players page without the merged-away player, Undo,
 * and the merge carried out — no store call on the main thread. */
static void
test_merge_on_the_worker (void)
{
  PtStatsPage *page = stats_page ();
  AdwMessageDialog *dialog;
  GtkDropDown *drop_down;
  GArray *ids;
  g_autofree char *row = NULL;
  g_autoptr(PtStats) stats = pt_stats_new (get_store ());
  g_autoptr(PtPlayerStats) ana = NULL;
  gint64 twin, ana_id = player_id ("Ana");
  int plays;

  save_lost_cities_match ("Ana Twin", "Bea", 4, 1);
  twin = player_id ("Ana Twin");
  row = g_strdup_printf ("player-row-%" G_GINT64_FORMAT, twin);
  ana = pt_stats_player (stats, ana_id, NULL);
  plays = ana->overall->plays;
  show_area ("stats");
  pt_store_debug_watch_thread (g_thread_self ());

  g_assert_true (pt_stats_page_show_player (page, twin));
  wait_for_store ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.merge", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Ana Twin"));
  drop_down = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  ids = g_object_get_data (G_OBJECT (drop_down), "ids");
  g_assert_cmpuint (ids->len, >=, 2);
  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == ana_id)
      gtk_drop_down_set_selected (drop_down, i);
  adw_message_dialog_response (dialog, "merge");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();
  g_assert_null (find_by_name (GTK_WIDGET (page), row));
  g_assert_true (pt_stats_page_undo_merge (page));
  wait_for_store ();
  g_assert_nonnull (find_by_name (GTK_WIDGET (page), row));

  pt_stats_page_merge_players (page, twin, ana_id);
  wait_for_store ();
  g_assert_null (find_by_name (GTK_WIDGET (page), row));
  g_assert_true (pt_stats_page_commit_merge (page, NULL));
  wait_for_store ();
  g_test_message ("store calls on the main thread: %u", pt_store_debug_get_watched_calls ());
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);

  g_assert_null (pt_store_find_player (get_store (), "Ana Twin", NULL));
  g_clear_pointer (&ana, pt_player_stats_unref);
  ana = pt_stats_player (stats, ana_id, NULL);
  g_assert_cmpint (ana->overall->plays, ==, plays + 1);
}

typedef struct
{
  int released;
  GThread *thread; /* the worker's */
} Gate;

/* Keeps the worker busy until released, saying which thread it is. */
static gpointer
gate_job (PtStore *store,
          PtStats *stats,
          gpointer data,
          GCancellable *cancellable,
          GError **error)
{
  Gate *gate = data;

  g_atomic_pointer_set (&gate->thread, g_thread_self ());
  while (!g_atomic_int_get (&gate->released))
    g_usleep (1000);
  return g_strdup ("held");
}

/* A Players page that goes while its reads wait (the worker busy) is
 * disposed at once, and its reads are cancelled: the worker never runs
 * them. */
static void
test_dispose_cancels_reads (void)
{
  PtStoreWorker *worker = pt_application_get_worker (app, NULL);
  GtkWidget *page = g_object_ref_sink (pt_stats_page_new (pt_application_get_services (app)));
  Gate gate = { FALSE, NULL };

  wait_for_store ();
  g_object_add_weak_pointer (G_OBJECT (page), (gpointer *) &page);
  pt_store_worker_run (worker, "test-hold", gate_job, &gate, NULL, g_free, NULL, on_held, NULL);
  WAIT_UNTIL (g_atomic_pointer_get (&gate.thread) != NULL);
  pt_stats_page_reload (PT_STATS_PAGE (page));
  g_assert_true (pt_stats_page_show_player (PT_STATS_PAGE (page), player_id ("Ana")));
  g_object_unref (page);
  g_assert_null (page);

  pt_store_debug_watch_thread (gate.thread);
  g_atomic_int_set (&gate.released, TRUE);
  wait_for_store ();
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
}

int
main (int argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/stats/empty", test_empty);
  g_test_add_func ("/ui/stats/add-player", test_add_player);
  g_test_add_func ("/ui/stats/statistics", test_statistics);
  g_test_add_func ("/ui/stats/reload-keeps-groups", test_reload_keeps_groups);
  g_test_add_func ("/ui/stats/slow-player-page", test_slow_player_page);
  g_test_add_func ("/ui/stats/rename-colour-archive", test_rename_colour_archive);
  g_test_add_func ("/ui/stats/merge-undo", test_merge_undo);
  g_test_add_func ("/ui/stats/merge-on-the-worker", test_merge_on_the_worker);
  g_test_add_func ("/ui/stats/dispose-cancels-reads", test_dispose_cancels_reads);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
