/* test-history.c — the History area: a match edited and deleted (then
 * undone) through the match page, filters and search, paging through
 * thousands of matches, and a game night from start to summary.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-store-private.h"
#include "pt-store-trash.h"

#include "companion-test-util.h"
#include "pt-history-page.h"
#include "pt-rules.h"
#include "pt-stats-page.h"
#include "pt-store-health.h"
#include "pt-stats.h"
#include "pt-text-line.h"

static PtHistoryPage *
history_page (void)
{
  return PT_HISTORY_PAGE (find_by_type (GTK_WIDGET (window), PT_TYPE_HISTORY_PAGE));
}

static void
test_empty (void)
{
  show_area ("history");
  g_assert_cmpuint (pt_history_model_get_n_matches (pt_history_page_get_model (history_page ())), ==, 0);
  screenshots ("history-empty");
}

static int
ana_score (PtMatchEntry *entry)
{
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      if (g_strcmp0 (result->player_name, "Ana") == 0)
        return result->score;
    }
  g_assert_not_reached ();
}

static void
test_edit_delete_undo (void)
{
  PtStore *store = get_store ();
  PtHistoryPage *page;
  PtMatchView *view;
  PtLostCitiesSheetView *sheet;
  g_autoptr(PtMatchEntry) before = NULL;
  g_autoptr(PtMatchEntry) after = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id, new_id;
  int count;

  id = save_lost_cities_match ("Ana", "Beto", 4, 2);
  before = pt_store_load_match (store, id, &error);
  g_assert_no_error (error);
  count = pt_store_count_matches (store, NULL);

  /* Edit: from the match page to the score sheet, with the same inputs. */
  show_area ("history");
  page = history_page ();
  g_assert_true (pt_history_page_show_match (page, id));
  wait_for_store ();
  view = pt_history_page_get_match_view (page);
  g_assert_nonnull (view);
  g_signal_emit_by_name (find_by_name (GTK_WIDGET (view), "edit-match"), "clicked");
  wait_for_store ();
  g_assert_cmpstr (pt_window_get_visible_area (window), ==, "score-sheet");
  g_assert_cmpint (pt_score_sheet_page_get_editing_id (get_sheet_page ()), ==, id);
  sheet = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (get_sheet_page ()));
  g_assert_true (gtk_toggle_button_get_active (pt_lost_cities_sheet_view_get_card_toggle (sheet, 0, 0, 5)));
  screenshots ("score-sheet-editing");
  /* Ana also played the yellow 8. */
  click_card (sheet, 0, 0, 8);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.save", NULL));
  wait_for_store ();

  /* Still one match, corrected in place (same id and UUID), with the new score. */
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, count);
  show_area ("history");
  {
    PtHistoryModel *model = pt_history_page_get_model (page);
    g_autoptr(PtHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), 1);

    new_id = pt_history_item_get_entry (item)->id;
    g_assert_cmpint (new_id, ==, id);
    after = pt_store_load_match (store, new_id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (after->uuid, ==, before->uuid);
    g_assert_cmpint (ana_score (after), >, ana_score (before));
  }

  /* Delete, with the undo toast. */
  g_assert_true (pt_history_page_show_match (page, new_id));
  wait_for_store ();
  g_signal_emit_by_name (find_by_name (GTK_WIDGET (pt_history_page_get_match_view (page)), "delete-match"),
                         "clicked");
  wait_for_store ();
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, count - 1);
  g_assert_cmpint (pt_history_model_find_match (pt_history_page_get_model (page), new_id), ==, -1);
  screenshots ("history-deleted-toast");
  g_assert_true (pt_history_page_undo_delete (page, &error));
  g_assert_no_error (error);
  wait_for_store ();
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, count);
  g_assert_cmpint (pt_history_model_find_match (pt_history_page_get_model (page), new_id), >, 0);
}

static void
select_in_drop_down (GtkWidget *root,
                     guint index,
                     guint position)
{
  GtkWidget *flow = find_by_type (root, GTK_TYPE_FLOW_BOX);
  GtkWidget *child = GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), (int) index));
  GtkDropDown *drop_down = GTK_DROP_DOWN (find_by_type (child, GTK_TYPE_DROP_DOWN));

  gtk_drop_down_set_selected (drop_down, position);
}

static void
test_filters (void)
{
  PtHistoryPage *page;
  PtHistoryModel *model;
  GtkSearchEntry *search;

  save_lost_cities_match ("Carla", "Dani", 3, 5);
  save_lost_cities_match ("Ana", "Dani", 6, 2);
  show_area ("history");
  page = history_page ();
  model = pt_history_page_get_model (page);
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, 3);

  /* Search by player. */
  search = GTK_SEARCH_ENTRY (find_by_type (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY));
  gtk_editable_set_text (GTK_EDITABLE (search), "Dani");
  WAIT_UNTIL (pt_history_model_get_n_matches (model) == 2);
  gtk_editable_set_text (GTK_EDITABLE (search), "nobody at all");
  WAIT_UNTIL (pt_history_model_get_n_matches (model) == 0);
  screenshots ("history-no-results");
  gtk_editable_set_text (GTK_EDITABLE (search), "");
  WAIT_UNTIL (pt_history_model_get_n_matches (model) == 3);

  /* Game: Circle the Wagons (position 2) has none; mode: score sheets (2) has all. */
  select_in_drop_down (GTK_WIDGET (page), 0, 2);
  wait_for_store ();
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, 0);
  select_in_drop_down (GTK_WIDGET (page), 0, 1);
  wait_for_store ();
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, 3);
  select_in_drop_down (GTK_WIDGET (page), 2, 1);
  wait_for_store ();
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, 0);
  select_in_drop_down (GTK_WIDGET (page), 2, 2);
  wait_for_store ();
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, 3);
  select_in_drop_down (GTK_WIDGET (page), 3, 1);
  wait_for_store ();
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, 3);
  for (guint i = 0; i < 4; i++)
    select_in_drop_down (GTK_WIDGET (page), i, 0);
}

static void
test_night (void)
{
  PtHistoryPage *page;
  AdwMessageDialog *dialog;
  GtkWidget *box;
  g_autofree char *summary = NULL;
  g_autofree char *today = NULL;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GPtrArray) came = NULL;
  g_autoptr(PtPlayer) beto = NULL;
  g_autoptr(PtPlayer) elena = NULL;
  g_autoptr(PtPlayer) fede = NULL;
  g_autoptr(PtPlayer) carla = NULL;
  PtNight *night;
  gint64 id;

  show_area ("history");
  page = history_page ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.start-night", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  box = adw_message_dialog_get_extra_child (dialog);
  gtk_editable_set_text (GTK_EDITABLE (g_object_get_data (G_OBJECT (box), "place")), "Casa de Ana");
  /* Tick Ana and Beto as being there. */
  for (GtkWidget *row = gtk_widget_get_first_child (g_object_get_data (G_OBJECT (box), "who"));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const char *name = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

      if (g_strcmp0 (name, "Ana") == 0 || g_strcmp0 (name, "Beto") == 0)
        gtk_check_button_set_active (g_object_get_data (G_OBJECT (row), "check"), TRUE);
    }
  save_screenshot (GTK_WIDGET (dialog), "history-start-night");
  adw_message_dialog_response (dialog, "start");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();

  /* Who came is the store's attendance list; the notes stay the user's. */
  nights = pt_store_list_nights (get_store (), NULL);
  g_assert_nonnull (nights);
  g_assert_cmpuint (nights->len, >, 0);
  night = g_ptr_array_index (nights, 0);
  g_assert_cmpstr (night->place, ==, "Casa de Ana");
  g_assert_cmpstr (night->notes, ==, "");
  came = pt_store_get_night_players (get_store (), night->id, NULL);
  g_assert_nonnull (came);
  g_assert_cmpuint (came->len, ==, 2);
  g_assert_cmpstr (((PtPlayer *) g_ptr_array_index (came, 0))->name, ==, "Ana");
  g_assert_cmpstr (((PtPlayer *) g_ptr_array_index (came, 1))->name, ==, "Beto");

  /* The sheet offers tonight's people; a match saved now belongs to tonight. */
  show_area ("score-sheet");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.new", "s", "next-station-london"));
  wait_for_store ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_by_name (GTK_WIDGET (get_sheet_page ()), "player-0"))), ==, "Ana");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_by_name (GTK_WIDGET (get_sheet_page ()), "player-1"))), ==, "Beto");
  gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.discard", NULL);
  id = save_lost_cities_match ("Ana", "Beto", 5, 3);
  entry = pt_store_load_match (get_store (), id, NULL);
  g_assert_cmpint (entry->night_id, >, 0);

  show_area ("history");
  {
    PtHistoryModel *model = pt_history_page_get_model (page);
    g_autoptr(PtHistoryItem) heading = g_list_model_get_item (G_LIST_MODEL (model), 0);

    g_assert_true (pt_history_item_is_heading (heading));
    g_assert_cmpint (pt_history_item_get_night_id (heading), ==, entry->night_id);
    screenshots ("history-night-heading");
  }
  g_assert_true (pt_history_page_show_night (page, entry->night_id));
  wait_for_store ();
  summary = pt_history_page_get_night_summary (page);
  g_assert_nonnull (strstr (summary, "Casa de Ana"));
  g_assert_nonnull (strstr (summary, "Ana, Beto"));
  g_assert_nonnull (strstr (summary, "Lost Cities"));
  g_signal_emit_by_name (find_by_name (GTK_WIDGET (page), "copy-summary"), "clicked");
  screenshots ("history-night");
  /* The night's name stays on screen in a narrow window too. */
  set_width (360);
  wait_for_frame (GTK_WIDGET (window));
  g_assert_cmpint (gtk_widget_get_height (find_by_name (GTK_WIDGET (page), "night-title")), >, 10);
  set_width (1000);
  gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL);

  /* The night page and the score sheet read the list from the store (as
   * after a restart), not from what was ticked in this session: change it
   * behind their back and look again. */
  beto = pt_store_find_player (get_store (), "Beto", NULL);
  carla = pt_store_find_player (get_store (), "Carla", NULL);
  if (carla == NULL)
    carla = pt_store_add_player (get_store (), "Carla", NULL, NULL);
  g_assert_nonnull (beto);
  g_assert_nonnull (carla);
  {
    gint64 ids[] = { carla->id, beto->id };

    g_assert_true (pt_store_set_night_players (get_store (), entry->night_id, ids, G_N_ELEMENTS (ids), NULL));
  }
  g_assert_true (pt_history_page_show_night (page, entry->night_id));
  wait_for_store ();
  g_free (summary);
  summary = pt_history_page_get_night_summary (page);
  g_assert_nonnull (strstr (summary, "Beto, Carla"));
  g_assert_null (strstr (summary, "Ana, Beto"));
  gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL);
  show_area ("score-sheet");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.new", "s", "next-station-london"));
  wait_for_store ();
  /* A fresh sheet, not the draft the first one may have left. */
  gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.discard", NULL);
  wait_for_store ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_by_name (GTK_WIDGET (get_sheet_page ()), "player-0"))), ==, "Beto");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_by_name (GTK_WIDGET (get_sheet_page ()), "player-1"))), ==, "Carla");
  gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.discard", NULL);
  show_area ("history");
  (void) today;
}

/* A night renamed, moved in time and place, a match moved to it, then the
 * night deleted: to Recently Deleted with its match. */
static void
test_night_edit_delete (void)
{
  PtStore *store = get_store ();
  PtHistoryPage *page;
  AdwMessageDialog *dialog;
  GtkWidget *box;
  g_autoptr(PtNight) night = pt_store_add_night (store, "2026-11-20", "Bar Pepe", "", NULL);
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GPtrArray) trash = NULL;
  gboolean in_trash = FALSE;
  int before;
  gint64 id;

  g_assert_nonnull (night);
  id = save_lost_cities_match ("Ana", "Beto", 3, 2);
  before = pt_store_count_matches (store, NULL);
  show_area ("history");
  page = history_page ();

  /* The match joins the night (from its row's "Move to…" menu). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.move-match", "(xx)", id, night->id));
  wait_for_store ();
  entry = pt_store_load_match (store, id, NULL);
  g_assert_cmpint (entry->night_id, ==, night->id);
  g_assert_true (pt_history_page_show_night (page, night->id));
  wait_for_store ();
  g_assert_nonnull (find_by_name (GTK_WIDGET (page), "move-match"));
  g_assert_nonnull (find_by_name (GTK_WIDGET (page), "edit-night"));

  /* Edited through its dialog. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.edit-night", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  box = adw_message_dialog_get_extra_child (dialog);
  g_assert_cmpstr (gtk_editable_get_text (g_object_get_data (G_OBJECT (box), "place")), ==, "Bar Pepe");
  save_screenshot (GTK_WIDGET (dialog), "history-night-edit");
  gtk_editable_set_text (g_object_get_data (G_OBJECT (box), "place"), "Bar Pepa");
  gtk_editable_set_text (g_object_get_data (G_OBJECT (box), "date"), "2026-11-21");
  adw_message_dialog_response (dialog, "save");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();
  nights = pt_store_list_nights (store, NULL);
  for (guint i = 0; i < nights->len; i++)
    if (((PtNight *) nights->pdata[i])->id == night->id)
      {
        g_assert_cmpstr (((PtNight *) nights->pdata[i])->place, ==, "Bar Pepa");
        g_assert_cmpstr (((PtNight *) nights->pdata[i])->date, ==, "2026-11-21");
      }
  /* A date that is not one is refused; nothing changes. */
  g_assert_false (pt_history_page_update_night (page, "21/11/2026", NULL, NULL, NULL));
  g_clear_pointer (&nights, g_ptr_array_unref);
  nights = pt_store_list_nights (store, NULL);
  for (guint i = 0; i < nights->len; i++)
    if (((PtNight *) nights->pdata[i])->id == night->id)
      g_assert_cmpstr (((PtNight *) nights->pdata[i])->date, ==, "2026-11-21");

  /* Deleted after asking: the night and its match go to the trash. */
  g_assert_true (pt_history_page_show_night (page, night->id));
  wait_for_store ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.delete-night", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  save_screenshot (GTK_WIDGET (dialog), "history-night-delete");
  adw_message_dialog_response (dialog, "delete");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before - 1);
  trash = pt_store_list_trash (store, NULL);
  for (guint i = 0; i < trash->len; i++)
    {
      PtTrashItem *item = trash->pdata[i];

      in_trash |= item->kind == PT_TRASH_NIGHT && item->id == night->id && item->n_matches == 1;
    }
  g_assert_true (in_trash);
  g_assert_true (pt_store_restore_from_trash (store, PT_TRASH_NIGHT, night->id, NULL));
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before);
  wait_for_store ();
}

/* The toast shown under @root whose title has @text, or NULL. */
static GtkWidget *
find_toast (GtkWidget *root,
            const char *text)
{
  if (g_strcmp0 (gtk_widget_get_css_name (root), "toast") == 0)
    {
      GtkWidget *label = find_by_type (root, GTK_TYPE_LABEL);

      return label != NULL && strstr (gtk_label_get_text (GTK_LABEL (label)), text) != NULL ? root : NULL;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toast (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The match and night pages, and the dialogs to start, edit and delete a
 * night, read through the store worker: from opening a match to undoing a
 * night's deletion, no store call on the main thread. */
static void
test_reads_on_the_worker (void)
{
  PtStore *store = get_store ();
  g_autoptr(PtNight) night = pt_store_add_night (store, "2026-10-02", "Casa de Beto", "", NULL);
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autofree char *summary = NULL;
  PtHistoryPage *page;
  AdwMessageDialog *dialog;
  GtkWidget *box, *who, *toast;
  gpointer undo = NULL;
  guint n_who = 0;
  gint64 id;
  int before;

  g_assert_nonnull (night);
  id = save_lost_cities_match ("Ana", "Beto", 4, 1);
  g_assert_true (pt_store_set_match_night (store, id, night->id, NULL));
  before = pt_store_count_matches (store, NULL);
  show_area ("history");
  page = history_page ();
  wait_for_store ();
  pt_store_debug_watch_thread (g_thread_self ());

  /* A match from the list, then its night. */
  g_assert_true (pt_history_page_show_match (page, id));
  wait_for_store ();
  g_assert_nonnull (pt_history_page_get_match_view (page));
  g_assert_cmpint (pt_match_view_get_match (pt_history_page_get_match_view (page))->id, ==, id);
  gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL);
  g_assert_true (pt_history_page_show_night (page, night->id));
  wait_for_store ();
  summary = pt_history_page_get_night_summary (page);
  g_assert_nonnull (strstr (summary, "Casa de Beto"));
  g_assert_nonnull (strstr (summary, "Lost Cities"));

  /* Starting a night: the dialog offers the players. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.start-night", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  box = adw_message_dialog_get_extra_child (dialog);
  who = g_object_get_data (G_OBJECT (box), "who");
  for (GtkWidget *row = gtk_widget_get_first_child (who); row != NULL; row = gtk_widget_get_next_sibling (row))
    n_who++;
  g_assert_cmpuint (n_who, >=, 2);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Editing it: the dialog shows the night. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.edit-night", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  box = adw_message_dialog_get_extra_child (dialog);
  g_assert_cmpstr (gtk_editable_get_text (g_object_get_data (G_OBJECT (box), "place")), ==, "Casa de Beto");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Deleting it: the dialog counts its match; then Undo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.delete-night", NULL));
  WAIT_UNTIL ((dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG))) != NULL);
  wait_for_store ();
  {
    g_autofree char *body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "The night and its %u match go to Recently Deleted, where they can be restored for 30 days.",
                                                          "The night and its %u matches go to Recently Deleted, where they can be restored for 30 days.",
                                                          1),
                                             1);

    g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, body);
  }
  adw_message_dialog_response (dialog, "delete");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_for_store ();
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before - 1);
  pt_store_debug_watch_thread (g_thread_self ());
  WAIT_UNTIL ((toast = find_toast (GTK_WIDGET (window), _("Game night moved to Recently Deleted"))) != NULL);
  /* What the toast's button does, without clicking it: libadwaita 1.2
   * can crash in adw_animation_skip () after a toast dismissed so (see
   * let_toasts_time_out ()); the toast times out instead. */
  g_assert_nonnull (find_button_with_label (toast, _("_Undo")));
  g_assert_nonnull (g_object_class_find_property (G_OBJECT_GET_CLASS (toast), "toast"));
  g_object_get (toast, "toast", &undo, NULL);
  g_assert_true (ADW_IS_TOAST (undo));
  g_signal_emit_by_name (undo, "button-clicked");
  g_object_unref (undo);
  wait_for_store ();
  g_test_message ("store calls on the main thread: %u", pt_store_debug_get_watched_calls ());
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
  g_assert_cmpint (pt_store_count_matches (store, NULL), ==, before);
  entry = pt_store_load_match (store, id, NULL);
  g_assert_cmpint (entry->night_id, ==, night->id);
}

/* A read that failed as damaged has the whole history checked, in a
 * thread of its own: no store call on the main thread, and a sound
 * history is not marked damaged. */
static void
test_read_failed_checks_off_the_main_loop (void)
{
  g_autoptr(GError) corrupt = g_error_new_literal (PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT, "damaged");

  show_area ("history");
  pt_store_debug_watch_thread (g_thread_self ());
  pt_store_health_read_failed (corrupt);
  wait_for_store ();
  g_assert_cmpuint (pt_store_debug_get_watched_calls (), ==, 0);
  pt_store_debug_watch_thread (NULL);
  g_assert_null (pt_store_health_get_damage (app));
}

static void
on_items_changed (GListModel *model,
                  guint position,
                  guint removed,
                  guint added,
                  guint *counts)
{
  counts[0]++;
  counts[1] = MAX (counts[1], added);
}

/* Thousands of matches: the list reads them a page at a time, and shows
 * each page a part per frame. */
static void
test_many_matches (void)
{
  guint counts[2] = { 0, 0 }; /* items-changed emissions, most items added by one */
  gulong handler;
  PtStore *store = get_store ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
  g_autoptr(PtPlayer) ana = pt_store_find_player (store, "Ana", NULL);
  g_autoptr(PtPlayer) beto = pt_store_find_player (store, "Beto", NULL);
  g_autoptr(GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  PtHistoryModel *model;
  guint rounds = 0, total;
  GtkWidget *list_view;
  GtkAdjustment *adjustment;

  /* Old matches as an import would bring them (fixture data), oldest first
   * and of a game without other matches here, so the store can rate them
   * in order (out-of-order inserts make it recompute every rating). */
  for (int i = 0; i < 3000; i++)
    {
      PtMatchEntry *entry = pt_match_entry_new ("circle-the-wagons", PT_MATCH_MODE_DIGITAL);

      entry->started = entry->finished = now - 86400 * 400 + i * 3600;
      /* The higher score wins; 25 all is a shared win. */
      pt_match_entry_add_result (entry, pt_match_result_new (ana->id, 0, i % 50, i % 50 >= 25));
      pt_match_entry_add_result (entry, pt_match_result_new (beto->id, 1, 25, i % 50 <= 25));
      g_ptr_array_add (entries, entry);
    }
  gint64 t0 = g_get_monotonic_time ();
  g_assert_true (pt_store_save_matches (store, entries, &error));
  g_test_message ("saved 3000 in %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  g_assert_no_error (error);
  total = (guint) pt_store_count_matches (store, NULL);

  show_area ("history");
  model = pt_history_page_get_model (history_page ());
  handler = g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), counts);
  t0 = g_get_monotonic_time ();
  pt_history_page_reload (history_page ());
  g_test_message ("reload (main loop) in %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  wait_for_store ();
  /* Only the first page is read at first… */
  g_assert_cmpuint (pt_history_model_get_n_matches (model), <, total);
  g_assert_false (pt_history_model_get_complete (model));

  /* … and scrolling to the end reads on. */
  /* The history's list (the drop-downs have list views of their own). */
  list_view = find_by_type (find_by_type (GTK_WIDGET (history_page ()), ADW_TYPE_CLAMP_SCROLLABLE),
                            GTK_TYPE_LIST_VIEW);
  adjustment = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (list_view, GTK_TYPE_SCROLLED_WINDOW)));
  while (!pt_history_model_get_complete (model) && rounds++ < 200)
    {
      guint n = pt_history_model_get_n_matches (model);

      gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

      /* Drag the scroll bar to the bottom, frame after frame, as a user
       * would while the list grows under it. */
      while (pt_history_model_get_n_matches (model) == n && !pt_history_model_get_complete (model) &&
             g_get_monotonic_time () < deadline)
        {
          gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
          wait_for_frame (list_view);
        }
      g_assert_true (pt_history_model_get_n_matches (model) > n || pt_history_model_get_complete (model));
    }
  g_assert_true (pt_history_model_get_complete (model));
  g_assert_cmpuint (pt_history_model_get_n_matches (model), ==, total);
  /* A page of 100 matches (and their headings) comes in parts of 20 items. */
  g_assert_cmpuint (counts[1], <=, 20);
  g_assert_cmpuint (counts[0], >=, total / 20);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >=, total);
  g_signal_handler_disconnect (model, handler);
  screenshots ("history-many");
}

static GtkWidget *
find_replay_window (void)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWidget *found = NULL;

  for (GList *l = toplevels; l != NULL && found == NULL; l = l->next)
    if (find_by_name (l->data, "replay") != NULL)
      found = l->data;
  g_list_free (toplevels);
  return found;
}

/* A match played in Partida keeps its record: its page can replay it. */
static void
test_digital_replay (void)
{
  PtStore *store = get_store ();
  static const char *const names[] = { "Ana", "Beto", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) record = pt_rules_new_record ("lost-cities", names, NULL, 0, 7, &error);
  g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_DIGITAL);
  g_autoptr(PtPlayer) ana = pt_store_find_player (store, "Ana", NULL);
  g_autoptr(PtPlayer) beto = pt_store_find_player (store, "Beto", NULL);
  PtMatchView *view;
  gint64 id;

  g_assert_no_error (error);
  entry->started = entry->finished = g_get_real_time () / G_USEC_PER_SEC;
  entry->record = json_to_string (record, FALSE);
  pt_match_entry_add_result (entry, pt_match_result_new (ana->id, 0, 10, TRUE));
  pt_match_entry_add_result (entry, pt_match_result_new (beto->id, 1, 5, FALSE));
  id = pt_store_save_match (store, entry, &error);
  g_assert_no_error (error);

  show_area ("history");
  g_assert_true (pt_history_page_show_match (history_page (), id));
  wait_for_store ();
  view = pt_history_page_get_match_view (history_page ());
  /* The replay opens at the size of play, not as a strip in the page. */
  {
    GtkWidget *button = find_by_name (GTK_WIDGET (view), "replay-button");
    GtkWidget *replay_window = NULL;
    GtkWidget *board;

    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    WAIT_UNTIL ((replay_window = find_replay_window ()) != NULL);
    board = find_by_name (replay_window, "replay-board");
    g_assert_nonnull (board);
    WAIT_UNTIL (gtk_widget_get_height (board) > 300 && gtk_widget_get_width (board) > 400);
    gtk_window_destroy (GTK_WINDOW (replay_window));
  }
  /* Only score sheets are edited; a digital match is what was played. */
  g_assert_false (gtk_widget_get_visible (find_by_name (GTK_WIDGET (view), "edit-match")));
  screenshots ("history-match-digital");
  gtk_widget_activate_action (GTK_WIDGET (history_page ()), "history.back", NULL);
}

static double
current_rating (const char *name)
{
  g_autoptr(PtStats) stats = pt_stats_new (get_store ());
  g_autoptr(GPtrArray) table = pt_stats_ratings (stats, "lost-cities", TRUE, NULL);

  g_assert_nonnull (table);
  for (guint i = 0; i < table->len; i++)
    if (g_strcmp0 (((PtRating *) table->pdata[i])->player_name, name) == 0)
      return ((PtRating *) table->pdata[i])->rating;
  g_assert_not_reached ();
}

/* Whether a row titled "N. @name" under @root shows @value. */
static gboolean
shows_rating (GtkWidget *root,
              const char *name,
              const char *value)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (ADW_IS_PREFERENCES_ROW (child))
        {
          const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child));
          const char *dot = title != NULL ? strstr (title, ". ") : NULL;

          if (dot != NULL && g_strcmp0 (dot + 2, name) == 0)
            {
              /* Any label inside the row with the value. */
              {
                GtkWidget *stack[64];
                int top = 0;

                stack[top++] = child;
                while (top > 0)
                  {
                    GtkWidget *w = stack[--top];

                    if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), value) == 0)
                      return TRUE;
                    if (PT_IS_TEXT_LINE (w) && g_strcmp0 (pt_text_line_get_value (PT_TEXT_LINE (w)), value) == 0)
                      return TRUE;
                    for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL && top < 64;
                         c = gtk_widget_get_next_sibling (c))
                      stack[top++] = c;
                  }
              }
              return FALSE;
            }
        }
      if (shows_rating (child, name, value))
        return TRUE;
    }
  return FALSE;
}

/* Correcting an old match with thousands after it: the save is queued to
 * the store worker (the main loop does not write: right after Save the
 * main connection still reads the old score and the worker is busy), the
 * history has the correction as soon as the write is done, and the
 * re-rating of everything after it runs in the background; when it ends,
 * the Players page on screen reads again and shows the new rating. */
static void
test_edit_old_match_background (void)
{
  PtStore *store = get_store ();
  PtStoreWorker *worker = pt_application_get_worker (PT_APPLICATION (g_application_get_default ()), NULL);
  g_autoptr(PtPlayer) ana = NULL;
  g_autoptr(PtPlayer) beto = NULL;
  g_autoptr(PtPlayer) elena = NULL;
  g_autoptr(PtPlayer) fede = NULL;
  g_autoptr(GPtrArray) later = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_entry_unref);
  g_autoptr(PtMatchEntry) before = NULL;
  g_autoptr(PtMatchEntry) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *old_value = NULL;
  g_autofree char *new_value = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  PtHistoryPage *page;
  PtLostCitiesSheetView *sheet;
  GtkWidget *stats;
  double old_rating, new_rating;
  gint64 id;
  int changes;

  /* Beto wins the first match; 3,000 matches of two others come after
   * it (the replay walks them all), then three more of Ana and Beto. */
  id = save_lost_cities_match ("Ana", "Beto", 1, 5);
  ana = pt_store_find_player (store, "Ana", NULL);
  beto = pt_store_find_player (store, "Beto", NULL);
  elena = pt_store_add_player (store, "Elena", NULL, &error);
  g_assert_no_error (error);
  fede = pt_store_add_player (store, "Fede", NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 3003; i++)
    {
      PtMatchEntry *entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);
      gboolean theirs = i >= 3000;

      pt_match_entry_add_result (entry, pt_match_result_new (theirs ? ana->id : elena->id, 0, i % 7,
                                                             i % 3 == 0));
      pt_match_entry_add_result (entry, pt_match_result_new (theirs ? beto->id : fede->id, 1, 3,
                                                             i % 3 != 0));
      entry->finished = now + 100 + i;
      entry->started = entry->finished - 60;
      g_ptr_array_add (later, entry);
    }
  g_assert_true (pt_store_save_matches (store, later, &error));
  g_assert_no_error (error);
  before = pt_store_load_match (store, id, &error);
  g_assert_no_error (error);

  show_area ("stats");
  pt_stats_page_set_leaderboard_game (PT_STATS_PAGE (stats = pt_window_ensure_area (window, "stats")),
                                      "lost-cities");
  settle (50);
  old_rating = current_rating ("Ana");
  old_value = g_strdup_printf ("%.0f", old_rating);
  g_assert_true (shows_rating (stats, "Ana", old_value));

  /* Ana had played many more cards. */
  show_area ("history");
  page = history_page ();
  g_assert_true (pt_history_page_show_match (page, id));
  wait_for_store ();
  g_signal_emit_by_name (find_by_name (GTK_WIDGET (pt_history_page_get_match_view (page)), "edit-match"),
                         "clicked");
  wait_for_store ();
  g_assert_cmpstr (pt_window_get_visible_area (window), ==, "score-sheet");
  sheet = PT_LOST_CITIES_SHEET_VIEW (pt_score_sheet_page_get_sheet_view (get_sheet_page ()));
  for (guint v = 3; v <= 10; v++)
    click_card (sheet, 0, 0, v);
  changes = sqlite3_total_changes (pt_store_get_handle (store));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_sheet_page ()), "sheet.save", NULL));
  /* Queued, not written by the main loop: its connection changed nothing. */
  g_assert_false (pt_store_worker_is_idle (worker));
  g_assert_cmpint (sqlite3_total_changes (pt_store_get_handle (store)), ==, changes);
  /* The Players page is on screen while the worker re-rates. */
  show_area ("stats");
  wait_for_store ();

  after = pt_store_load_match (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ana_score (after), >, ana_score (before));
  new_rating = current_rating ("Ana");
  new_value = g_strdup_printf ("%.0f", new_rating);
  g_assert_cmpstr (new_value, !=, old_value);
  g_assert_true (shows_rating (stats, "Ana", new_value));
  g_assert_false (shows_rating (stats, "Ana", old_value));
}

int
main (int argc,
      char *argv[])
{
  int ret = companion_init (&argc, &argv);

  if (ret != 0)
    return ret;
  g_test_add_func ("/ui/history/empty", test_empty);
  g_test_add_func ("/ui/history/edit-delete-undo", test_edit_delete_undo);
  g_test_add_func ("/ui/history/filters", test_filters);
  g_test_add_func ("/ui/history/night", test_night);
  g_test_add_func ("/ui/history/digital-replay", test_digital_replay);
  g_test_add_func ("/ui/history/reads-on-the-worker", test_reads_on_the_worker);
  g_test_add_func ("/ui/history/read-failed-checks-off-the-main-loop", test_read_failed_checks_off_the_main_loop);
  g_test_add_func ("/ui/history/many-matches", test_many_matches);
  /* Last: it leaves a toast and a night behind (the screenshots above are
   * the store's). */
  g_test_add_func ("/ui/history/night-edit-delete", test_night_edit_delete);
  g_test_add_func ("/ui/history/edit-old-match-background", test_edit_old_match_background);
  ret = g_test_run ();
  companion_finish ();
  return ret;
}
