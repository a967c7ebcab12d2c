/* test-score-sheets.c — the companion score sheets, filled in through
 * their widgets in a real window: live totals against the rules layer,
 * refused input, drafts, saving into the history and the statistics.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-history-page.h"
#include "pt-lost-cities-score.h"
#include "pt-lost-cities-sheet-view.h"
#include "pt-next-station-sheet-view.h"
#include "pt-wagons-cards.h"
#include "pt-wagons-sheet-view.h"
#include "pt-rules.h"
#include "pt-score-sheet-page.h"
#include "pt-stats.h"

#define sheet_page get_sheet_page

static PtHistoryPage *
history_page (void)
{
  return PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
}

#define type_player type_player_name

static gboolean
save_enabled (void)
{
  GtkWidget *page = GTK_WIDGET (sheet_page ());
  GtkWidget *button = find_button_with_label (page, _("_Save Match"));

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static JsonNode *
score (const char *sheet_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) sheet = pt_json_parse (sheet_text, &error);
  JsonNode *result;

  g_assert_no_error (error);
  result = pt_rules_score_sheet (sheet, &error);
  g_assert_no_error (error);
  return result;
}

static int
label_int (GtkLabel *label)
{
  return atoi (gtk_label_get_text (label));
}

/* Lost Cities ---------------------------------------------------------------- */

typedef struct
{
  guint player, color, wagers;
  const int *cards;
} Expedition;

static void
fill_expedition (PtLostCitiesSheetView *view,
                 guint player,
                 guint color,
                 guint wagers,
                 const int *cards)
{
  gtk_spin_button_set_value (pt_lost_cities_sheet_view_get_wager_spin (view, player, color), wagers);
  for (guint i = 0; cards[i] != 0; i++)
    {
      GtkToggleButton *toggle = pt_lost_cities_sheet_view_get_card_toggle (view, player, color, cards[i]);

      /* A click, as a player's tap would do. */
      g_signal_emit_by_name (toggle, "clicked");
      g_assert_true (gtk_toggle_button_get_active (toggle));
    }
}

static const int y_cards[] = { 3, 5, 7, 9, 10, 0 };
static const int b_cards[] = { 2, 4, 6, 8, 0 };
static const int w_cards[] = { 4, 5, 6, 7, 8, 9, 10, 2, 0 };
static const int g_cards[] = { 0 };
static const int r_cards[] = { 6, 0 };

/* The same two rounds, written independently as the rules layer's sheet. */
static const char *lc_expected_sheet =
    "{\"game\": \"lost-cities\", \"options\": {\"rules\": \"rulebook\"},"
    " \"players\": [\"Ana\", \"Beto\"],"
    " \"rounds\": ["
    "  [{\"Y\": {\"wagers\": 1, \"cards\": [3, 5, 7, 9, 10]}, \"B\": {\"cards\": [2, 4, 6, 8]}},"
    "   {\"W\": {\"wagers\": 2, \"cards\": [2, 4, 5, 6, 7, 8, 9, 10]}, \"G\": {\"wagers\": 1}}],"
    "  [{\"R\": {\"cards\": [6]}},"
    "   {\"Y\": {\"cards\": [3, 5, 7, 9, 10]}}]"
    " ]}";

static void
assert_lost_cities_totals (PtLostCitiesSheetView *view,
                           guint n_rounds)
{
  g_autoptr(JsonNode) expected_node = score (lc_expected_sheet);
  JsonObject *expected = json_node_get_object (expected_node);
  JsonArray *rounds = json_object_get_array_member (expected, "rounds");
  int totals[2] = { 0, 0 };
  guint round = pt_lost_cities_sheet_view_get_round (view);
  JsonObject *players_round = json_array_get_object_element (rounds, round);

  for (guint r = 0; r < n_rounds; r++)
    for (guint p = 0; p < 2; p++)
      totals[p] += json_array_get_int_element (json_object_get_array_member (json_array_get_object_element (rounds, r), "scores"), p);
  for (guint p = 0; p < 2; p++)
    {
      JsonObject *player = json_array_get_object_element (json_object_get_array_member (players_round, "players"), p);
      JsonObject *expeditions = json_object_get_object_member (player, "expeditions");

      g_assert_cmpint (label_int (pt_lost_cities_sheet_view_get_total_label (view, p)), ==, totals[p]);
      for (guint c = 0; c < 5; c++)
        {
          char letter[2] = { pt_lost_cities_color_letters[c], '\0' };

          g_assert_cmpint (label_int (pt_lost_cities_sheet_view_get_expedition_label (view, p, c)), ==,
                           json_object_get_int_member (json_object_get_object_member (expeditions, letter), "score"));
        }
    }
}

static void
test_lost_cities (void)
{
  PtScoreSheetPage *page;
  PtLostCitiesSheetView *view;
  PtStore *store = get_store ();
  g_autoptr(GError) error = NULL;
  g_autofree char *draft = NULL;
  guint n_checked;
  g_autoptr(JsonNode) expected_node = score (lc_expected_sheet);
  JsonArray *expected_totals = json_object_get_array_member (json_node_get_object (expected_node), "totals");
  GtkToggleButton *clash;
  gint64 id;

  show_area ("score-sheet");
  page = sheet_page ();
  screenshots ("score-sheet-start");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  view = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  g_assert_true (PT_IS_LOST_CITIES_SHEET_VIEW (view));
  pt_lost_cities_sheet_view_set_reading (view, "rulebook");
  type_player (0, "Ana");
  type_player (1, "Beto");

  fill_expedition (view, 0, 0, 1, y_cards);
  fill_expedition (view, 0, 1, 0, b_cards);
  fill_expedition (view, 1, 2, 2, w_cards);
  fill_expedition (view, 1, 3, 1, g_cards);
  assert_lost_cities_totals (view, 1);
  g_assert_true (save_enabled ());

  /* Round 2, through the + button. */
  g_signal_emit_by_name (find_by_name (GTK_WIDGET (view), "add-round"), "clicked");
  g_assert_cmpuint (pt_lost_cities_sheet_view_get_round (view), ==, 1);
  fill_expedition (view, 0, 4, 0, r_cards);
  fill_expedition (view, 1, 0, 0, y_cards);
  assert_lost_cities_totals (view, 2);

  /* The red 6 twice in one round is impossible: refused where it is typed. */
  clash = pt_lost_cities_sheet_view_get_card_toggle (view, 1, 4, 6);
  g_signal_emit_by_name (clash, "clicked");
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (clash), "error"));
  g_assert_nonnull (strstr (pt_sheet_view_get_error_message (PT_SHEET_VIEW (view)), "6"));
  g_assert_false (save_enabled ());
  g_assert_cmpint (pt_score_sheet_page_save (page, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  scroll_target = GTK_WIDGET (clash);
  screenshots ("score-sheet-lost-cities-refused");
  g_signal_emit_by_name (clash, "clicked");
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (clash), "error"));
  g_assert_true (save_enabled ());

  /* A half-filled sheet survives leaving it: the draft is in the store… */
  pt_score_sheet_page_flush_draft (page);
  wait_for_store ();
  draft = pt_store_get_draft (store, "lost-cities", &error);
  g_assert_no_error (error);
  g_assert_nonnull (draft);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.close", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  /* … and is offered back exactly. */
  view = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  pt_lost_cities_sheet_view_set_round (view, 0);
  g_assert_true (gtk_toggle_button_get_active (pt_lost_cities_sheet_view_get_card_toggle (view, 0, 0, 9)));
  assert_lost_cities_totals (view, 2);
  screenshots ("score-sheet-lost-cities");
  /* At 360 px every expedition keeps its whole name (AMARILLO). */
  set_width (360);
  n_checked = 0;
  for (const char *c = "YBWGRP"; *c != '\0'; c++)
    {
      g_autofree char *name = g_strdup_printf ("expedition-0-%c", *c);
      GtkWidget *label = find_by_name (GTK_WIDGET (view), name);

      int natural;

      g_assert_nonnull (label);
      /* Purple only in a six-expedition match. */
      if (!gtk_widget_is_drawable (label))
        continue;
      n_checked++;
      gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_assert_cmpint (gtk_widget_get_width (label), >=, natural);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
    }
  g_assert_cmpuint (n_checked, >=, 5);
  /* … and the scoring reading is whole too ("Regl…" once, in Spanish). */
  g_assert_cmpuint (count_ellipsized (find_by_name (GTK_WIDGET (view), "reading-row")), ==, 0);
  set_width (1000);

  /* Saving: the match with the rules layer's totals, then a fresh sheet. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();
  g_clear_pointer (&draft, g_free);
  draft = pt_store_get_draft (store, "lost-cities", &error);
  g_assert_no_error (error);
  g_assert_null (draft);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, 1);

  show_area ("history");
  {
    PtHistoryModel *model = pt_history_page_get_model (history_page ());
    g_autoptr(PtHistoryItem) heading = g_list_model_get_item (G_LIST_MODEL (model), 0);
    g_autoptr(PtHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), 1);
    PtMatchEntry *entry;

    WAIT_UNTIL (pt_history_model_get_n_matches (model) == 1);
    g_assert_true (pt_history_item_is_heading (heading));
    entry = pt_history_item_get_entry (item);
    g_assert_cmpstr (entry->game, ==, "lost-cities");
    g_assert_cmpint (entry->mode, ==, PT_MATCH_MODE_COMPANION);
    for (guint p = 0; p < 2; p++)
      {
        PtMatchResult *result = g_ptr_array_index (entry->results, p);

        g_assert_cmpint (result->score, ==, json_array_get_int_element (expected_totals, p));
      }
    id = entry->id;
    screenshots ("history");
    g_assert_true (pt_history_page_show_match (history_page (), id));
    wait_for_store ();
    screenshots ("history-match-lost-cities");
    gtk_widget_activate_action (GTK_WIDGET (history_page ()), "history.back", NULL);
  }

  /* Its effect on the statistics. */
  {
    g_autoptr(PtStats) stats = pt_stats_new (store);
    g_autoptr(PtPlayer) ana = pt_store_find_player (store, "Ana", &error);
    g_autoptr(PtPlayerStats) ana_stats = NULL;
    gboolean ana_won = json_array_get_int_element (expected_totals, 0) >=
                       json_array_get_int_element (expected_totals, 1);

    g_assert_no_error (error);
    ana_stats = pt_stats_player (stats, ana->id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (ana_stats->overall->plays, ==, 1);
    g_assert_cmpint (ana_stats->overall->wins, ==, ana_won ? 1 : 0);
    g_assert_cmpint (ana_stats->overall->best, ==, json_array_get_int_element (expected_totals, 0));
  }
}

/* After saving: the newest match of the history page, its scores, and the
 * first player's statistics for @game. */
static void
assert_saved (const char *game,
              JsonArray *scores,
              const char *screenshot)
{
  PtStore *store = get_store ();
  PtHistoryModel *model;
  PtMatchEntry *entry = NULL;
  g_autoptr(PtStats) stats = pt_stats_new (store);
  g_autoptr(PtPlayerStats) ana = NULL;
  g_autoptr(PtPlayer) player = pt_store_find_player (store, "Ana", NULL);

  show_area ("history");
  model = pt_history_page_get_model (history_page ());
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)) && entry == NULL; i++)
    {
      g_autoptr(PtHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      entry = pt_history_item_get_entry (item);
      if (entry != NULL)
        pt_match_entry_ref (entry);
    }
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->game, ==, game);
  for (guint p = 0; p < entry->results->len; p++)
    g_assert_cmpint (((PtMatchResult *) g_ptr_array_index (entry->results, p))->score, ==,
                     json_array_get_int_element (scores, p));
  g_assert_true (pt_history_page_show_match (history_page (), entry->id));
  wait_for_store ();
  screenshots (screenshot);
  gtk_widget_activate_action (GTK_WIDGET (history_page ()), "history.back", NULL);

  ana = pt_stats_player (stats, player->id, NULL);
  for (guint i = 0; i < ana->per_game->len; i++)
    {
      PtStatLine *line = g_ptr_array_index (ana->per_game, i);

      if (g_strcmp0 (line->game, game) == 0)
        {
          g_assert_cmpint (line->plays, ==, 1);
          g_assert_cmpint (line->best, ==, json_array_get_int_element (scores, 0));
        }
    }
  pt_match_entry_unref (entry);
}

static void
set_wagons (PtWagonsSheetView *view,
            guint player,
            const char *what,
            int value)
{
  GtkSpinButton *spin = pt_wagons_sheet_view_get_spin (view, player, what);

  g_assert_nonnull (spin);
  gtk_spin_button_set_value (spin, value);
}

static const char *wagons_expected_sheet =
    "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"claim_jumpers\", \"wagon_train\"],"
    " \"players\": ["
    "  {\"name\": \"Ana\", \"cards\": 7, \"groups\": {\"desert\": 4, \"forest\": 1, \"mountains\": 6,"
    "   \"plains\": 5, \"snow\": 1, \"water\": 3}, \"mines\": 3, \"guns\": 2,"
    "   \"bonus\": {\"happy_cows\": {\"cows\": 3}, \"wagon_train\": {\"runs\": [3, 2]}}},"
    "  {\"name\": \"Beto\", \"cards\": 8, \"groups\": {\"desert\": 3, \"forest\": 3, \"mountains\": 3,"
    "   \"plains\": 3, \"snow\": 3, \"water\": 3}, \"mines\": 2, \"guns\": 4,"
    "   \"bonus\": {\"happy_cows\": {\"cows\": 1}, \"wagon_train\": {\"runs\": [4]}}}]}";

static void
test_circle_the_wagons (void)
{
  PtScoreSheetPage *page;
  PtWagonsSheetView *view;
  g_autoptr(JsonNode) expected = score (wagons_expected_sheet);
  JsonArray *scores = json_object_get_array_member (json_node_get_object (expected), "scores");
  static const char *const bonus[] = { "happy_cows", "claim_jumpers", "wagon_train" };
  static const int groups[2][6] = { { 4, 1, 6, 5, 1, 3 }, { 3, 3, 3, 3, 3, 3 } };
  GtkSpinButton *cards;

  show_area ("score-sheet");
  page = sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "circle-the-wagons"));
  wait_for_store ();
  view = PT_WAGONS_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  g_assert_true (PT_IS_WAGONS_SHEET_VIEW (view));
  type_player (0, "Ana");
  type_player (1, "Beto");
  /* Nothing typed yet: the sheet says what is missing and cannot be saved. */
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_false (save_enabled ());

  for (guint i = 0; i < 3; i++)
    adw_combo_row_set_selected (pt_wagons_sheet_view_get_bonus_row (view, i),
                                (guint) pt_wagons_bonus_from_id (bonus[i]) + 1);
  set_wagons (view, 0, "cards", 7);
  set_wagons (view, 1, "cards", 8);
  for (guint p = 0; p < 2; p++)
    for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
      set_wagons (view, p, pt_wagons_terrain_id (t), groups[p][t]);
  set_wagons (view, 0, "mines", 3);
  set_wagons (view, 0, "guns", 2);
  set_wagons (view, 1, "mines", 2);
  set_wagons (view, 1, "guns", 4);
  set_wagons (view, 0, "happy_cows/cows", 3);
  set_wagons (view, 1, "happy_cows/cows", 1);
  gtk_editable_set_text (pt_wagons_sheet_view_get_runs_entry (view, 0), "3, 2");
  gtk_editable_set_text (pt_wagons_sheet_view_get_runs_entry (view, 1), "4");

  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  for (guint p = 0; p < 2; p++)
    g_assert_cmpint (label_int (pt_wagons_sheet_view_get_total_label (view, p)), ==,
                     json_array_get_int_element (scores, p));
  g_assert_cmpstr (gtk_label_get_text (pt_wagons_sheet_view_get_verdict_label (view)), !=, "");
  screenshots ("score-sheet-wagons");

  /* 9 + 8 cards cannot come from a deck of 15 circle cards. */
  cards = pt_wagons_sheet_view_get_spin (view, 0, "cards");
  gtk_spin_button_set_value (cards, 9);
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (cards), "error"));
  g_assert_false (save_enabled ());
  scroll_target = GTK_WIDGET (cards);
  screenshots ("score-sheet-wagons-refused");
  gtk_spin_button_set_value (cards, 7);
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));

  /* Beto wrote his bonus points instead of the counts: same totals. */
  gtk_switch_set_active (GTK_SWITCH (find_by_name (GTK_WIDGET (view), "1-bonus-points")), TRUE);
  WAIT_UNTIL (pt_wagons_sheet_view_get_spin (view, 1, "happy_cows/points") != NULL);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, "happy_cows/points"), 2);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, "wagon_train/points"), 4);
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  for (guint p = 0; p < 2; p++)
    g_assert_cmpint (label_int (pt_wagons_sheet_view_get_total_label (view, p)), ==,
                     json_array_get_int_element (scores, p));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();

  assert_saved ("circle-the-wagons", scores, "history-match-wagons");
}

static const char *ns_expected_sheet =
    "{\"game\": \"next-station-london\", \"objectives\": false, \"powers\": false, \"players\": ["
    " {\"name\": \"Ana\", \"lines\": [{\"districts\": 6, \"max_in_district\": 3, \"thames\": 1},"
    "  {\"districts\": 5, \"max_in_district\": 2, \"thames\": 0}, {\"districts\": 7, \"max_in_district\": 3, \"thames\": 2},"
    "  {\"districts\": 4, \"max_in_district\": 4, \"thames\": 1}],"
    "  \"tourist_visits\": 7, \"interchanges\": {\"2\": 5, \"3\": 1, \"4\": 0}},"
    " {\"name\": \"Beto\", \"lines\": [{\"districts\": 5, \"max_in_district\": 2, \"thames\": 1},"
    "  {\"districts\": 6, \"max_in_district\": 3, \"thames\": 1}, {\"districts\": 3, \"max_in_district\": 2, \"thames\": 0},"
    "  {\"districts\": 5, \"max_in_district\": 3, \"thames\": 2}],"
    "  \"tourist_visits\": 4, \"interchanges\": {\"2\": 3, \"3\": 2, \"4\": 1}}]}";

static void
test_next_station (void)
{
  PtScoreSheetPage *page;
  PtNextStationSheetView *view;
  g_autoptr(JsonNode) expected_node = score (ns_expected_sheet);
  JsonObject *expected = json_node_get_object (expected_node);
  JsonArray *scores = json_object_get_array_member (expected, "scores");
  JsonArray *players = json_object_get_array_member (expected, "players");
  g_autoptr(JsonNode) input = pt_json_parse (ns_expected_sheet, NULL);
  JsonArray *input_players = json_object_get_array_member (json_node_get_object (input), "players");
  GtkSpinButton *districts;

  show_area ("score-sheet");
  page = sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "next-station-london"));
  wait_for_store ();
  view = PT_NEXT_STATION_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  g_assert_true (PT_IS_NEXT_STATION_SHEET_VIEW (view));
  pt_score_sheet_page_set_n_players (page, 2);
  type_player (0, "Ana");
  type_player (1, "Beto");

  /* Typed from the same figures as the expected sheet. */
  for (guint p = 0; p < 2; p++)
    {
      JsonObject *player = json_array_get_object_element (input_players, p);
      JsonArray *lines = json_object_get_array_member (player, "lines");
      JsonObject *interchanges = json_object_get_object_member (player, "interchanges");
      static const char *const members[] = { "districts", "max_in_district", "thames" };

      for (guint l = 0; l < 4; l++)
        for (guint m = 0; m < 3; m++)
          gtk_spin_button_set_value (pt_next_station_sheet_view_get_spin (view, p, (int) l, members[m]),
                                     json_object_get_int_member (json_array_get_object_element (lines, l), members[m]));
      gtk_spin_button_set_value (pt_next_station_sheet_view_get_spin (view, p, -1, "tourist_visits"),
                                 json_object_get_int_member (player, "tourist_visits"));
      gtk_spin_button_set_value (pt_next_station_sheet_view_get_spin (view, p, -1, "2"),
                                 json_object_get_int_member (interchanges, "2"));
      gtk_spin_button_set_value (pt_next_station_sheet_view_get_spin (view, p, -1, "3"),
                                 json_object_get_int_member (interchanges, "3"));
      gtk_spin_button_set_value (pt_next_station_sheet_view_get_spin (view, p, -1, "4"),
                                 json_object_get_int_member (interchanges, "4"));
    }
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  for (guint p = 0; p < 2; p++)
    {
      JsonArray *line_scores = json_object_get_array_member (json_array_get_object_element (players, p), "lines");

      g_assert_cmpint (label_int (pt_next_station_sheet_view_get_total_label (view, p)), ==,
                       json_array_get_int_element (scores, p));
      for (guint l = 0; l < 4; l++)
        g_assert_cmpint (label_int (pt_next_station_sheet_view_get_line_label (view, p, l)), ==,
                         json_array_get_int_element (line_scores, l));
    }
  screenshots ("score-sheet-next-station");

  /* London has 13 districts: a 14th is refused where it is typed. */
  districts = pt_next_station_sheet_view_get_spin (view, 1, 2, "districts");
  gtk_spin_button_set_value (districts, 14);
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (districts), "error"));
  g_assert_nonnull (strstr (pt_sheet_view_get_error_message (PT_SHEET_VIEW (view)), "Beto"));
  g_assert_false (save_enabled ());
  gtk_spin_button_set_value (districts, 3);
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));

  /* Alone, the sheet gives the solo rating. */
  pt_score_sheet_page_set_n_players (page, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pt_next_station_sheet_view_get_solo_label (view))));
  g_assert_cmpstr (gtk_label_get_text (pt_next_station_sheet_view_get_solo_label (view)), !=, "");
  screenshots ("score-sheet-next-station-solo");
  pt_score_sheet_page_set_n_players (page, 2);
  type_player (1, "Beto");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();

  assert_saved ("next-station-london", scores, "history-match-next-station");
}

/* Player 1 paints card A1 instead of counting; the rules layer counts it. */
static void
test_wagons_painted (void)
{
  PtScoreSheetPage *page;
  PtWagonsSheetView *view;
  PtWagonsTownPainter *painter;
  static const char *const bonus[] = { "happy_cows", "claim_jumpers", "wagon_train" };
  static const int groups[6] = { 3, 3, 3, 3, 3, 3 };
  static const int pos[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
  g_autoptr(GString) cells = g_string_new (NULL);
  g_autofree char *expected_text = NULL;
  g_autoptr(JsonNode) expected = NULL;
  JsonArray *scores;

  show_area ("score-sheet");
  page = sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "circle-the-wagons"));
  wait_for_store ();
  view = PT_WAGONS_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  type_player (0, "Ana");
  type_player (1, "Beto");
  for (guint i = 0; i < 3; i++)
    adw_combo_row_set_selected (pt_wagons_sheet_view_get_bonus_row (view, i),
                                (guint) pt_wagons_bonus_from_id (bonus[i]) + 1);
  gtk_switch_set_active (pt_wagons_sheet_view_get_paint_switch (view, 0), TRUE);
  painter = pt_wagons_sheet_view_get_painter (view, 0);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (painter))));
  for (guint q = 0; q < 4; q++)
    {
      PtWagonsQuadrant quadrant = pt_wagons_card_quadrant (0, FALSE, (PtWagonsQuadrantPos) q);

      pt_wagons_town_painter_set_brush (painter, quadrant.terrain, quadrant.symbol);
      pt_wagons_town_painter_tap (painter, pos[q][0], pos[q][1]);
      g_string_append_printf (cells, "%s{\"x\": %d, \"y\": %d, \"terrain\": \"%s\", \"symbol\": \"%s\"}",
                              q ? ", " : "", pos[q][0], pos[q][1],
                              pt_wagons_terrain_id (quadrant.terrain), pt_wagons_symbol_id (quadrant.symbol));
    }
  g_assert_cmpuint (pt_wagons_town_painter_get_n_cells (painter), ==, 4);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 0, "cards"), 1);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, "cards"), 14);
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, pt_wagons_terrain_id (t)), groups[t]);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, "mines"), 2);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, "guns"), 1);
  gtk_spin_button_set_value (pt_wagons_sheet_view_get_spin (view, 1, "happy_cows/cows"), 2);
  gtk_editable_set_text (pt_wagons_sheet_view_get_runs_entry (view, 1), "2");

  expected_text = g_strdup_printf (
      "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"claim_jumpers\", \"wagon_train\"],"
      " \"players\": [{\"name\": \"Ana\", \"cards\": 1, \"cells\": [%s]},"
      "  {\"name\": \"Beto\", \"cards\": 14, \"groups\": {\"desert\": 3, \"forest\": 3, \"mountains\": 3,"
      "   \"plains\": 3, \"snow\": 3, \"water\": 3}, \"mines\": 2, \"guns\": 1,"
      "   \"bonus\": {\"happy_cows\": {\"cows\": 2}, \"wagon_train\": {\"runs\": [2]}}}]}",
      cells->str);
  expected = score (expected_text);
  scores = json_object_get_array_member (json_node_get_object (expected), "scores");
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  for (guint p = 0; p < 2; p++)
    g_assert_cmpint (label_int (pt_wagons_sheet_view_get_total_label (view, p)), ==,
                     json_array_get_int_element (scores, p));
  scroll_target = GTK_WIDGET (painter);
  screenshots ("score-sheet-wagons-painted");

  /* A cell no whole card could show is refused. */
  pt_wagons_town_painter_tap (painter, 5, 5);
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (painter), "error"));
  pt_wagons_town_painter_tap (painter, 5, 5);
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();

  g_assert_cmpint (pt_store_count_matches (get_store (), NULL), >, 0);
}

/* Off the main loop ---------------------------------------------------------- */

/* Rows with a player's name in the picker of seat 0, once it has filled in. */
static guint
open_picker (PtScoreSheetPage *page)
{
  GtkWidget *row = find_by_name (GTK_WIDGET (page), "player-0");
  GtkWidget *button = find_by_type (row, GTK_TYPE_MENU_BUTTON);
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  GtkWidget *list;
  guint n = 0;

  /* On screen: a popover anchored out of the window has no monitor. */
  scroll_to (row);
  wait_for_frame (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  wait_for_store ();
  list = find_by_type (GTK_WIDGET (popover), GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && g_object_get_data (G_OBJECT (child), "name") != NULL)
      n++;
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  return n;
}

static int
score_of (PtMatchEntry *entry,
          const char *name)
{
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      if (g_strcmp0 (result->player_name, name) == 0)
        return result->score;
    }
  g_assert_not_reached ();
}

static const char *
visible_page (PtScoreSheetPage *page)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (find_by_type (GTK_WIDGET (page), GTK_TYPE_STACK)));
}

/* A new sheet of every game (tonight's night, the last match's players,
 * the picker), a draft continued, a saved match opened for editing and
 * saved: not one store call on the main thread. A match that cannot be
 * read says so instead of opening an empty sheet over it. */
static void
test_on_the_worker (void)
{
  PtStore *store = get_store ();
  g_autoptr(GError) error = NULL;
  g_autofree char *today = pt_companion_today_iso ();
  g_autoptr(PtNight) night = pt_store_add_night (store, today, "Casa", NULL, &error);
  g_autoptr(PtMatchEntry) before = NULL;
  g_autoptr(PtMatchEntry) after = NULL;
  PtScoreSheetPage *page;
  PtLostCitiesSheetView *lc;
  gint64 id;
  int count;
  guint calls;

  g_assert_no_error (error);
  id = save_lost_cities_match ("Ana", "Beto", 3, 2);
  before = pt_store_load_match (store, id, &error);
  g_assert_no_error (error);
  count = pt_store_count_matches (store, NULL);
  show_area ("score-sheet");
  page = sheet_page ();
  /* A draft of Lost Cities, left half done. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  lc = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  click_card (lc, 0, 2, 7);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.close", NULL));
  wait_for_store ();

  pt_store_debug_watch_thread (g_thread_self ());
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];

      if (g_strcmp0 (ui->game_id, "lost-cities") == 0)
        continue;
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", ui->game_id));
      /* The layout at once, filled in from the worker. */
      g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (pt_score_sheet_page_get_sheet_view (page), ui->sheet_view_type ()));
      g_assert_cmpstr (visible_page (page), ==, "sheet");
      wait_for_store ();
      g_assert_true (gtk_switch_get_active (GTK_SWITCH (find_by_type (GTK_WIDGET (page), GTK_TYPE_SWITCH))));
      g_assert_cmpuint (open_picker (page), >=, 2);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.close", NULL));
    }
  /* The draft comes back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  lc = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  g_assert_true (gtk_toggle_button_get_active (pt_lost_cities_sheet_view_get_card_toggle (lc, 0, 2, 7)));
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
  wait_for_store ();
  /* The saved match, edited and saved again. */
  g_assert_true (pt_score_sheet_page_edit_match (page, id, &error));
  g_assert_no_error (error);
  wait_for_store ();
  g_assert_cmpint (pt_score_sheet_page_get_editing_id (page), ==, id);
  lc = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  g_assert_true (gtk_toggle_button_get_active (pt_lost_cities_sheet_view_get_card_toggle (lc, 0, 0, 4)));
  click_card (lc, 0, 0, 9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();
  calls = pt_store_debug_get_watched_calls ();
  pt_store_debug_watch_thread (NULL);
  g_test_message ("store calls on the main thread: %u", calls);
  g_assert_cmpuint (calls, ==, 0);

  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, count);
  after = pt_store_load_match (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (score_of (after, "Ana"), >, score_of (before, "Ana"));

  /* A match that is not there: the reason, and no sheet to overwrite it. */
  g_assert_true (pt_score_sheet_page_edit_match (page, id + 1000, &error));
  g_assert_no_error (error);
  wait_for_store ();
  g_assert_cmpstr (visible_page (page), ==, "error");
  g_assert_null (pt_score_sheet_page_get_sheet_view (page));
  g_assert_cmpint (pt_score_sheet_page_get_editing_id (page), ==, 0);
  screenshots ("score-sheet-edit-failed");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
  wait_for_store ();
}

int
main (int argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/score-sheets/lost-cities", test_lost_cities);
  g_test_add_func ("/ui/score-sheets/circle-the-wagons", test_circle_the_wagons);
  g_test_add_func ("/ui/score-sheets/next-station", test_next_station);
  g_test_add_func ("/ui/score-sheets/circle-the-wagons-painted", test_wagons_painted);
  g_test_add_func ("/ui/score-sheets/on-the-worker", test_on_the_worker);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
