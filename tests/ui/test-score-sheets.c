/* test-score-sheets.c — the companion score sheets, filled in through
 * their widgets in a real window: live totals against the rules layer,
 * refused input, drafts, saving into the history and the statistics.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-lost-cities-score.h"
#include "pt-lost-cities-sheet-view.h"
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
                 guint                  player,
                 guint                  color,
                 guint                  wagers,
                 const int             *cards)
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
                           guint                  n_rounds)
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
  g_autoptr(JsonNode) expected_node = score (lc_expected_sheet);
  JsonArray *expected_totals = json_object_get_array_member (json_node_get_object (expected_node), "totals");
  GtkToggleButton *clash;
  gint64 id;

  show_area ("score-sheet");
  page = sheet_page ();
  screenshots ("score-sheet-start");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
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
  scroll_to (GTK_WIDGET (clash));
  screenshots ("score-sheet-lost-cities-refused");
  g_signal_emit_by_name (clash, "clicked");
  g_assert_true (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (clash), "error"));
  g_assert_true (save_enabled ());

  /* A half-filled sheet survives leaving it: the draft is in the store… */
  pt_score_sheet_page_flush_draft (page);
  draft = pt_store_get_draft (store, "lost-cities", &error);
  g_assert_no_error (error);
  g_assert_nonnull (draft);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.close", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  /* … and is offered back exactly. */
  view = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  pt_lost_cities_sheet_view_set_round (view, 0);
  g_assert_true (gtk_toggle_button_get_active (pt_lost_cities_sheet_view_get_card_toggle (view, 0, 0, 9)));
  assert_lost_cities_totals (view, 2);
  screenshots ("score-sheet-lost-cities");

  /* Saving: the match with the rules layer's totals, then a fresh sheet. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
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

int
main (int   argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/score-sheets/lost-cities", test_lost_cities);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
