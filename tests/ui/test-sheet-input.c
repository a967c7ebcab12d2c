/* test-sheet-input.c — what is typed on the score sheets: nothing is
 * clamped or replaced, an impossible or unreadable value is marked where it
 * was typed and blocks saving, a blank sheet is not saved, Save waits for a
 * change after a save, each player's total shows as soon as their own
 * entries are complete, and Tab follows the order on screen.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-name-suggest.h"
#include "pt-lost-cities-sheet-view.h"
#include "pt-next-station-sheet-view.h"
#include "pt-rules.h"
#include "pt-score-sheet-page.h"
#include "pt-wagons-cards.h"
#include "pt-wagons-sheet-view.h"

static gboolean
save_enabled (void)
{
  GtkWidget *button = find_button_with_label (GTK_WIDGET (get_sheet_page ()), _("_Save Match"));

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* As a person types: the text, then Enter (which commits a spin button). */
static void
type_into (GtkSpinButton *spin,
           const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
}

static const char *
message (PtSheetView *view)
{
  const char *text = pt_sheet_view_get_error_message (view);

  return text != NULL ? text : "";
}

static void
assert_refused_at (PtSheetView *view,
                   GtkSpinButton *spin,
                   const char *shown)
{
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, shown);
  g_assert_false (pt_sheet_view_get_valid (view));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  g_assert_false (save_enabled ());
}

static void
test_wagers_as_typed (void)
{
  PtScoreSheetPage *page;
  PtSheetView *view;
  PtLostCitiesSheetView *lc;
  GtkSpinButton *spin;
  g_autoptr(GError) error = NULL;
  PtStore *store = get_store ();
  int before = pt_store_count_matches (store, NULL);

  show_area ("score-sheet");
  page = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  view = pt_score_sheet_page_get_sheet_view (page);
  lc = PT_LOST_CITIES_SHEET_VIEW (view);
  type_player_name (0, "Ana");
  type_player_name (1, "Beto");

  /* Nothing written: no 0–0 shared win can be saved. */
  g_assert_false (pt_sheet_view_get_valid (view));
  g_assert_false (save_enabled ());
  g_assert_cmpint (pt_score_sheet_page_save (page, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before);

  /* 7 wagers stay 7 (not 3), refused with the allowed count. */
  spin = pt_lost_cities_sheet_view_get_wager_spin (lc, 0, 0);
  type_into (spin, "7");
  assert_refused_at (view, spin, "7");
  g_assert_nonnull (strstr (message (view), "3"));
  g_assert_cmpint (pt_score_sheet_page_save (page, &error), ==, 0);
  g_assert_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before);
  /* Leaving the field (focus out commits too) changes nothing. */
  gtk_spin_button_update (spin);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "7");

  /* "x7" is not read as 0 or 7: it stays, marked, and says so. */
  type_into (spin, "x7");
  assert_refused_at (view, spin, "x7");
  g_assert_nonnull (strstr (message (view), "x7"));

  /* −2 is not 0. */
  type_into (spin, "-2");
  assert_refused_at (view, spin, "-2");

  /* Another round and back: the refused text is still there. */
  g_signal_emit_by_name (find_by_name (GTK_WIDGET (view), "add-round"), "clicked");
  pt_lost_cities_sheet_view_set_round (lc, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "-2");
  g_signal_emit_by_name (gtk_widget_get_next_sibling (find_by_name (GTK_WIDGET (view), "add-round")), "clicked");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "-2");

  /* A valid count clears the mark, and the sheet can be saved. */
  type_into (spin, "2");
  g_assert_true (pt_sheet_view_get_valid (view));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  g_assert_cmpstr (message (view), ==, "");
  click_card (lc, 0, 0, 5);
  g_assert_true (save_enabled ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.save", NULL));
  wait_for_store ();
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before + 1);

  /* The new sheet: Save waits for the next match. */
  view = pt_score_sheet_page_get_sheet_view (page);
  g_assert_false (save_enabled ());
  g_assert_cmpint (pt_score_sheet_page_save (page, &error), ==, 0);
  g_clear_error (&error);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before + 1);
  click_card (PT_LOST_CITIES_SHEET_VIEW (view), 1, 1, 4);
  g_assert_true (save_enabled ());
  /* Back to blank: not saved again. */
  click_card (PT_LOST_CITIES_SHEET_VIEW (view), 1, 1, 4);
  g_assert_false (save_enabled ());
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
}

/* The arrows stay in the game's range; what is typed is not clamped. */
static void
test_arrows (void)
{
  PtScoreSheetPage *page = get_sheet_page ();
  PtLostCitiesSheetView *lc;
  GtkSpinButton *spin;

  show_area ("score-sheet");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  lc = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  spin = pt_lost_cities_sheet_view_get_wager_spin (lc, 1, 2);
  type_into (spin, "9");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "9");
  /* An arrow is a choice: it shows a value of the range again. */
  gtk_spin_button_spin (spin, GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "1");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
}

static const char *ns_ana =
    "{\"name\": \"Ana\", \"lines\": [{\"districts\": 6, \"max_in_district\": 3, \"thames\": 1},"
    " {\"districts\": 5, \"max_in_district\": 2, \"thames\": 0}, {\"districts\": 7, \"max_in_district\": 3, \"thames\": 2},"
    " {\"districts\": 4, \"max_in_district\": 4, \"thames\": 1}],"
    " \"tourist_visits\": 7, \"interchanges\": {\"2\": 5, \"3\": 1, \"4\": 0}}";

static void
test_next_station_own_totals (void)
{
  PtScoreSheetPage *page = get_sheet_page ();
  PtNextStationSheetView *view;
  g_autofree char *alone = g_strdup_printf ("{\"game\": \"next-station-london\", \"players\": [%s]}", ns_ana);
  g_autoptr(JsonNode) alone_node = pt_json_parse (alone, NULL);
  g_autoptr(JsonNode) expected = pt_rules_score_sheet (alone_node, NULL);
  JsonObject *ana_scored = json_array_get_object_element (json_object_get_array_member (json_node_get_object (expected), "players"), 0);
  g_autoptr(JsonNode) ana_node = pt_json_parse (ns_ana, NULL);
  JsonObject *ana = json_node_get_object (ana_node);
  JsonArray *lines = json_object_get_array_member (ana, "lines");
  static const char *const members[] = { "districts", "max_in_district", "thames" };
  GtkSpinButton *spin;

  show_area ("score-sheet");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "next-station-london"));
  wait_for_store ();
  view = PT_NEXT_STATION_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  pt_score_sheet_page_set_n_players (page, 2);
  type_player_name (0, "Ana");
  type_player_name (1, "Beto");
  for (guint l = 0; l < 4; l++)
    for (guint m = 0; m < 3; m++)
      pt_sheet_number_set_value (pt_next_station_sheet_view_get_spin (view, 0, (int) l, members[m]),
                                 (int) json_object_get_int_member (json_array_get_object_element (lines, l), members[m]));
  type_into (pt_next_station_sheet_view_get_spin (view, 0, -1, "tourist_visits"), "7");
  type_into (pt_next_station_sheet_view_get_spin (view, 0, -1, "2"), "5");
  type_into (pt_next_station_sheet_view_get_spin (view, 0, -1, "3"), "1");

  /* Beto has written nothing yet: the sheet is not done, Ana's total is. */
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_cmpint (atoi (gtk_label_get_text (pt_next_station_sheet_view_get_total_label (view, 0))), ==,
                   json_object_get_int_member (ana_scored, "total"));
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_next_station_sheet_view_get_total_label (view, 0))), ==, 1.0);
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_next_station_sheet_view_get_total_label (view, 1))), <, 1.0);

  /* 100 Thames crossings stay 100 and are refused; Ana's total greys. */
  spin = pt_next_station_sheet_view_get_spin (view, 0, 1, "thames");
  type_into (spin, "100");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "100");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_next_station_sheet_view_get_total_label (view, 0))), <, 1.0);
  type_into (spin, "0");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_next_station_sheet_view_get_total_label (view, 0))), ==, 1.0);
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
}

static const char *wagons_sheet =
    "{\"game\": \"circle-the-wagons\", \"bonus\": [\"happy_cows\", \"claim_jumpers\", \"wagon_train\"],"
    " \"players\": ["
    "  {\"name\": \"Ana\", \"cards\": 7, \"groups\": {\"desert\": 4, \"forest\": 1, \"mountains\": 6,"
    "   \"plains\": 5, \"snow\": 1, \"water\": 3}, \"mines\": 3, \"guns\": 2,"
    "   \"bonus\": {\"happy_cows\": {\"cows\": 3}, \"wagon_train\": {\"runs\": [3, 2]}}},"
    "  {\"name\": \"Beto\", \"cards\": 8, \"groups\": {\"desert\": 3, \"forest\": 3, \"mountains\": 3,"
    "   \"plains\": 3, \"snow\": 3, \"water\": 3}, \"mines\": 2, \"guns\": 4,"
    "   \"bonus\": {\"happy_cows\": {\"cows\": 1}, \"wagon_train\": {\"runs\": [4]}}}]}";

static void
test_wagons_own_totals (void)
{
  PtScoreSheetPage *page = get_sheet_page ();
  PtWagonsSheetView *view;
  static const char *const bonus[] = { "happy_cows", "claim_jumpers", "wagon_train" };
  static const int groups[6] = { 4, 1, 6, 5, 1, 3 };
  g_autoptr(JsonNode) sheet = pt_json_parse (wagons_sheet, NULL);
  g_autoptr(JsonNode) scored = pt_rules_score_sheet (sheet, NULL);
  JsonObject *ana = json_array_get_object_element (json_object_get_array_member (json_node_get_object (scored), "players"), 0);
  JsonArray *lines = json_object_get_array_member (ana, "lines");
  GtkEditable *runs;
  int own = 0;

  /* Ana's own points: every line of the full sheet but Claim Jumpers,
   * which compares both towns. */
  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);

      if (g_strcmp0 (json_object_get_string_member (line, "id"), "claim_jumpers") != 0)
        own += (int) json_object_get_int_member (line, "points");
    }

  show_area ("score-sheet");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "circle-the-wagons"));
  wait_for_store ();
  view = PT_WAGONS_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  type_player_name (0, "Ana");
  type_player_name (1, "Beto");
  for (guint i = 0; i < 3; i++)
    adw_combo_row_set_selected (pt_wagons_sheet_view_get_bonus_row (view, i),
                                (guint) pt_wagons_bonus_from_id (bonus[i]) + 1);
  type_into (pt_wagons_sheet_view_get_spin (view, 0, "cards"), "7");
  for (guint t = 0; t < PT_WAGONS_N_TERRAINS; t++)
    pt_sheet_number_set_value (pt_wagons_sheet_view_get_spin (view, 0, pt_wagons_terrain_id (t)), groups[t]);
  type_into (pt_wagons_sheet_view_get_spin (view, 0, "mines"), "3");
  type_into (pt_wagons_sheet_view_get_spin (view, 0, "guns"), "2");
  type_into (pt_wagons_sheet_view_get_spin (view, 0, "happy_cows/cows"), "3");
  runs = pt_wagons_sheet_view_get_runs_entry (view, 0);

  /* A run that is not a number is not read as one (nor as 0). */
  gtk_editable_set_text (runs, "3, x7");
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (runs), "error"));
  g_assert_nonnull (strstr (message (PT_SHEET_VIEW (view)), "x7"));
  gtk_editable_set_text (runs, "3, 2");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (runs), "error"));

  /* Beto has nothing yet: Ana's own total shows all the same. */
  g_assert_false (pt_sheet_view_get_valid (PT_SHEET_VIEW (view)));
  g_assert_cmpint (atoi (gtk_label_get_text (pt_wagons_sheet_view_get_total_label (view, 0))), ==, own);
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_wagons_sheet_view_get_total_label (view, 0))), ==, 1.0);
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_wagons_sheet_view_get_total_label (view, 1))), <, 1.0);

  /* 13 cards of one terrain in a group: 13 stays, refused. */
  type_into (pt_wagons_sheet_view_get_spin (view, 0, "desert"), "130");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pt_wagons_sheet_view_get_spin (view, 0, "desert"))), ==, "130");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (pt_wagons_sheet_view_get_spin (view, 0, "desert")), "error"));
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (pt_wagons_sheet_view_get_total_label (view, 0))), <, 1.0);
  type_into (pt_wagons_sheet_view_get_spin (view, 0, "desert"), "4");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (pt_wagons_sheet_view_get_spin (view, 0, "desert")), "error"));
  g_assert_cmpint (atoi (gtk_label_get_text (pt_wagons_sheet_view_get_total_label (view, 0))), ==, own);
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
}

static GtkWidget *
focused_spin (void)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_SPIN_BUTTON) : NULL;
}

static int
compare_on_screen (gconstpointer a,
                   gconstpointer b)
{
  GtkWidget *wa = *(GtkWidget **) a, *wb = *(GtkWidget **) b;
  graphene_point_t pa, pb;

  g_assert_true (gtk_widget_compute_point (wa, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (0, 0), &pa));
  g_assert_true (gtk_widget_compute_point (wb, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (0, 0), &pb));
  if (pa.y != pb.y)
    return pa.y < pb.y ? -1 : 1;
  return pa.x < pb.x ? -1 : pa.x > pb.x;
}

/* Tab from the first count visits every count of Ana's town in the order
 * they are on screen, so a value typed after Tab lands in the field seen. */
static void
test_wagons_tab_order (void)
{
  PtScoreSheetPage *page = get_sheet_page ();
  PtWagonsSheetView *view;
  static const char *const bonus[] = { "happy_cows", "claim_jumpers", "the_clearing" };
  g_autoptr(GPtrArray) visited = g_ptr_array_new ();
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  GtkWidget *group;

  show_area ("score-sheet");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "circle-the-wagons"));
  wait_for_store ();
  view = PT_WAGONS_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page));
  for (guint i = 0; i < 3; i++)
    adw_combo_row_set_selected (pt_wagons_sheet_view_get_bonus_row (view, i),
                                (guint) pt_wagons_bonus_from_id (bonus[i]) + 1);
  wait_for_frame (GTK_WIDGET (window));
  group = gtk_widget_get_ancestor (GTK_WIDGET (pt_wagons_sheet_view_get_spin (view, 0, "cards")),
                                   ADW_TYPE_PREFERENCES_GROUP);
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (view)); w != NULL;)
    {
      /* Every visible spin button of Ana's group, depth first. */
      if (GTK_IS_SPIN_BUTTON (w) && gtk_widget_is_visible (w) && gtk_widget_is_ancestor (w, group))
        g_ptr_array_add (spins, w);
      if (gtk_widget_get_first_child (w) != NULL && !GTK_IS_SPIN_BUTTON (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && gtk_widget_get_next_sibling (w) == NULL)
            w = w == GTK_WIDGET (view) ? NULL : gtk_widget_get_parent (w);
          if (w == GTK_WIDGET (view))
            w = NULL;
          if (w != NULL)
            w = gtk_widget_get_next_sibling (w);
        }
    }
  g_ptr_array_sort (spins, compare_on_screen);
  g_assert_cmpuint (spins->len, >=, 10);

  gtk_widget_grab_focus (g_ptr_array_index (spins, 0));
  g_assert_true (focused_spin () == g_ptr_array_index (spins, 0));
  for (guint steps = 0; steps < 200 && visited->len + 1 < spins->len; steps++)
    {
      GtkWidget *spin;

      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
      spin = focused_spin ();
      if (spin == NULL || !gtk_widget_is_ancestor (spin, group))
        continue;
      if (visited->len == 0 || g_ptr_array_index (visited, visited->len - 1) != spin)
        g_ptr_array_add (visited, spin);
    }
  g_ptr_array_insert (visited, 0, g_ptr_array_index (spins, 0));
  for (guint i = 0; i < visited->len; i++)
    g_test_message ("tab %u: %s (on screen: %s)", i, gtk_widget_get_name (g_ptr_array_index (visited, i)),
                    i < spins->len ? gtk_widget_get_name (g_ptr_array_index (spins, i)) : "-");
  g_assert_cmpuint (visited->len, ==, spins->len);
  for (guint i = 0; i + 1 < spins->len && i + 1 < visited->len; i++)
    g_assert_cmpstr (gtk_widget_get_name (g_ptr_array_index (visited, i + 1)), ==,
                     gtk_widget_get_name (g_ptr_array_index (spins, i + 1)));
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
}

/* Counts the labels under @root that show exactly @text. */
static guint
count_labels (GtkWidget *root,
              const char *text)
{
  guint n = GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_labels (child, text);
  return n;
}

/* Names that look like Pango markup are names: shown as typed in the sheet's
 * group titles, the history and the match page (a markup error would also
 * be a fatal warning here). */
static void
test_markup_names (void)
{
  static const char *odd = "<b>&amp;";
  static const char *other = "Ana <i>";
  PtScoreSheetPage *page;
  PtHistoryPage *history;
  GtkWidget *match_view;
  gint64 id;

  show_area ("score-sheet");
  page = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  type_player_name (0, odd);
  type_player_name (1, other);
  click_card (PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (page)), 0, 0, 4);
  g_assert_cmpuint (count_labels (GTK_WIDGET (pt_score_sheet_page_get_sheet_view (page)), odd), >=, 2);
  g_assert_cmpuint (count_labels (GTK_WIDGET (pt_score_sheet_page_get_sheet_view (page)), other), >=, 2);
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);

  id = save_lost_cities_match (odd, other, 4, 2);
  show_area ("history");
  history = PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
  g_assert_true (pt_history_page_show_match (history, id));
  wait_for_store ();
  match_view = GTK_WIDGET (pt_history_page_get_match_view (history));
  wait_for_frame (GTK_WIDGET (window));
  g_assert_cmpuint (count_labels (match_view, odd), >=, 1);
  g_assert_cmpuint (count_labels (match_view, other), >=, 1);
  gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL);
}

/* Typing "begona" offers the Begoña of the history; taking it puts her
 * name in, so the match goes to her and not to a new near-duplicate. */
static void
test_name_suggestion (void)
{
  PtScoreSheetPage *page;
  AdwEntryRow *row;
  g_autoptr(PtPlayer) begona = pt_store_add_player (get_store (), "Begoña", NULL, NULL);
  GtkWidget *button;

  g_assert_nonnull (begona);
  show_area ("score-sheet");
  page = get_sheet_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "sheet.new", "s", "lost-cities"));
  wait_for_store ();
  row = ADW_ENTRY_ROW (find_by_name (GTK_WIDGET (page), "player-0"));
  button = find_by_name (GTK_WIDGET (row), "name-suggestion");
  g_assert_nonnull (button);

  gtk_editable_set_text (GTK_EDITABLE (row), "begona");
  WAIT_UNTIL (pt_name_suggest_get_offer (row) != NULL);
  g_assert_cmpstr (pt_name_suggest_get_offer (row), ==, "Begoña");
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (button)), "Begoña"));
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "Begoña");
  g_assert_null (pt_name_suggest_get_offer (row));
  g_assert_false (gtk_widget_get_visible (button));

  /* A typo a letter away, still typing, and nobody close. */
  gtk_editable_set_text (GTK_EDITABLE (row), "Begoñs");
  WAIT_UNTIL (pt_name_suggest_get_offer (row) != NULL);
  g_assert_cmpstr (pt_name_suggest_get_offer (row), ==, "Begoña");
  gtk_editable_set_text (GTK_EDITABLE (row), "Zacarías Xenófanes");
  wait_for_store ();
  settle (50);
  g_assert_null (pt_name_suggest_get_offer (row));
  g_assert_false (gtk_widget_get_visible (button));
  gtk_widget_activate_action (GTK_WIDGET (page), "sheet.discard", NULL);
}

int
main (int argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/sheet-input/wagers-as-typed", test_wagers_as_typed);
  g_test_add_func ("/ui/sheet-input/arrows", test_arrows);
  g_test_add_func ("/ui/sheet-input/next-station-own-totals", test_next_station_own_totals);
  g_test_add_func ("/ui/sheet-input/wagons-own-totals", test_wagons_own_totals);
  g_test_add_func ("/ui/sheet-input/wagons-tab-order", test_wagons_tab_order);
  g_test_add_func ("/ui/sheet-input/markup-names", test_markup_names);
  g_test_add_func ("/ui/sheet-input/name-suggestion", test_name_suggestion);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
