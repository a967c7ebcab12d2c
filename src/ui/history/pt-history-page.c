/* pt-history-page.c — the History area: every match, newest first,
 * grouped by game night, with filters, a match page and night pages.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-history-page.h"
#include "pt-read-reply.h"
#include "pt-window.h"
#include "pt-score-sheet-page.h"
#include "pt-store-trash.h"
#include "pt-text-line.h"

struct _PtHistoryPage
{
  AdwBin parent_instance;

  PtServices *services;

  PtHistoryModel *model;
  GArray *player_ids; /* gint64, parallel to the player filter (0 = all) */
  gint64 deleted_id;  /* the last deleted match, for Undo */
  gint64 night_id;    /* the night on screen */
  char *night_summary;
  gboolean filling_filters;
  gboolean refill_players; /* take the players of the next first page */
  /* Reads on the store worker: a newer one of a kind cancels the older,
   * dispose cancels them all. */
  GCancellable *detail_read; /* the match or night page asked for */
  GCancellable *dialog_read; /* what a night's dialog shows */
  guint spinner_source;      /* the detail page's spinner, if it is slow to come */

  GtkStack *stack;
  GtkStack *list_stack;
  GtkSearchEntry *search_entry;
  GtkDropDown *game_filter;
  GtkDropDown *player_filter;
  GtkDropDown *mode_filter;
  GtkDropDown *date_filter;
  GtkListView *list_view;
  AdwStatusPage *empty_status;
  GtkButton *empty_button;
  AdwBin *detail_bin;
  PtMatchView *match_view; /* owned by detail_bin while shown */
};

G_DEFINE_FINAL_TYPE (PtHistoryPage, pt_history_page, ADW_TYPE_BIN)

/* A detail page whose read takes longer than this shows a spinner. */
#define SPINNER_DELAY_MS 200

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * pt_history_page_new:
 * @services: the history the page shows and changes
 */
GtkWidget *
pt_history_page_new (PtServices *services)
{
  g_return_val_if_fail (PT_IS_SERVICES (services), NULL);

  return g_object_new (PT_TYPE_HISTORY_PAGE, "services", services, NULL);
}

PtHistoryModel *
pt_history_page_get_model (PtHistoryPage *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), NULL);
  return self->model;
}

PtMatchView *
pt_history_page_get_match_view (PtHistoryPage *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), NULL);
  return self->match_view;
}

/* Reads ------------------------------------------------------------------------- */

/* A newer request cancels the older one in @slot. */
static GCancellable *
renew_cancellable (GCancellable **slot)
{
  if (*slot != NULL)
    g_cancellable_cancel (*slot);
  g_clear_object (slot);
  *slot = g_cancellable_new ();
  return *slot;
}

/* Filters ---------------------------------------------------------------------- */

static void
fill_player_filter (PtHistoryPage *self,
                    GPtrArray *players)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  gint64 selected_id = 0;
  guint selected = 0, position;
  gint64 all = 0;

  position = gtk_drop_down_get_selected (self->player_filter);
  if (position != GTK_INVALID_LIST_POSITION && position < self->player_ids->len)
    selected_id = g_array_index (self->player_ids, gint64, position);

  g_array_set_size (self->player_ids, 0);
  gtk_string_list_append (names, _("All players"));
  g_array_append_val (self->player_ids, all);
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      PtPlayer *player = g_ptr_array_index (players, i);

      gtk_string_list_append (names, player->name);
      g_array_append_val (self->player_ids, player->id);
      if (player->id == selected_id)
        selected = self->player_ids->len - 1;
    }
  self->filling_filters = TRUE;
  gtk_drop_down_set_model (self->player_filter, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->player_filter, selected);
  self->filling_filters = FALSE;
}

static void
build_query (PtHistoryPage *self,
             PtHistoryQuery *query)
{
  guint game = gtk_drop_down_get_selected (self->game_filter);
  guint player = gtk_drop_down_get_selected (self->player_filter);
  guint mode = gtk_drop_down_get_selected (self->mode_filter);
  guint date = gtk_drop_down_get_selected (self->date_filter);
  static const int days[] = { 0, 7, 30, 365 };

  pt_history_query_init (query);
  if (game > 0 && game <= pt_game_ui_get_n ())
    query->game = pt_game_ui_list ()[game - 1]->game_id;
  if (player != GTK_INVALID_LIST_POSITION && player < self->player_ids->len)
    query->player_id = g_array_index (self->player_ids, gint64, player);
  query->mode = mode == 1 ? PT_MATCH_MODE_DIGITAL : mode == 2 ? PT_MATCH_MODE_COMPANION
                                                              : -1;
  if (date > 0 && date < G_N_ELEMENTS (days))
    query->from = pt_companion_days_ago (days[date]);
  query->search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
}

static gboolean
filters_active (PtHistoryPage *self)
{
  return gtk_drop_down_get_selected (self->game_filter) > 0 ||
         gtk_drop_down_get_selected (self->player_filter) > 0 ||
         gtk_drop_down_get_selected (self->mode_filter) > 0 ||
         gtk_drop_down_get_selected (self->date_filter) > 0 ||
         gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] != '\0';
}

/* The first page (or the next) has come from the worker. */
static void
on_model_loaded (PtHistoryModel *model,
                 GError *error,
                 PtHistoryPage *self)
{
  if (error != NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
  if (!self->filling_filters && (self->refill_players || self->player_ids->len == 0) &&
      pt_history_model_get_players (model) != NULL)
    {
      self->refill_players = FALSE;
      fill_player_filter (self, pt_history_model_get_players (model));
    }

  if (pt_history_model_get_n_matches (self->model) > 0)
    gtk_stack_set_visible_child_name (self->list_stack, "matches");
  else
    {
      gboolean filtered = filters_active (self);

      /* Two different empty states: nothing yet, or nothing that matches. */
      adw_status_page_set_title (self->empty_status,
                                 filtered ? _("No Matches Found") : _("No Matches Yet"));
      adw_status_page_set_description (self->empty_status,
                                       filtered
                                       ? _("No match fits these filters. Try another game, player or time, or clear the search.")
                                       : _("Every match you finish lands here: play one in the Play area, or keep score of a game on the table with a score sheet."));
      gtk_widget_set_visible (GTK_WIDGET (self->empty_button), !filtered);
      gtk_stack_set_visible_child_name (self->list_stack, "empty");
    }
}

/* Asks for the first page with the filters; the list keeps what it shows
 * until the answer comes (on_model_loaded). */
void
pt_history_page_reload (PtHistoryPage *self)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;
  PtHistoryQuery query;

  g_return_if_fail (PT_IS_HISTORY_PAGE (self));

  worker = pt_services_get_worker (self->services, &error);
  if (worker == NULL)
    {
      adw_status_page_set_title (self->empty_status, _("The History Cannot Be Opened"));
      pt_companion_status_set_description (GTK_WIDGET (self->empty_status), error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->empty_button), FALSE);
      gtk_stack_set_visible_child_name (self->list_stack, "empty");
      return;
    }
  build_query (self, &query);
  pt_history_model_load (self->model, worker, &query);
}

static void
on_filter_changed (GObject *object,
                   GParamSpec *pspec,
                   PtHistoryPage *self)
{
  if (!self->filling_filters)
    pt_history_page_reload (self);
}

static void
on_search_changed (GtkSearchEntry *entry,
                   PtHistoryPage *self)
{
  pt_history_page_reload (self);
}

/* The list ---------------------------------------------------------------------- */

/* A row is one widget (pt-text-line.h): GTK 4.8 keeps 200 rows bound
 * around what is shown, and a PtTextLine shapes its text only when it is
 * drawn, so the rows bound off screen cost next to nothing. */
static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem *item,
            gpointer user_data)
{
  gtk_list_item_set_child (item, pt_text_line_new (PT_TEXT_LINE_COMPACT));
}

static char *
results_text (PtMatchEntry *entry,
              gboolean markup)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);
      g_autofree char *name = markup ? g_markup_escape_text (result->player_name, -1)
                                     : g_strdup (result->player_name);

      if (i > 0)
        g_string_append (text, " · ");
      if (markup && result->winner)
        g_string_append_printf (text, "<b>%s %d</b>", name, result->score);
      else
        g_string_append_printf (text, "%s %d", name, result->score);
    }
  return g_string_free (text, FALSE);
}

static void
bind_item (GtkSignalListItemFactory *factory,
           GtkListItem *item,
           gpointer user_data)
{
  PtHistoryItem *history_item = gtk_list_item_get_item (item);
  PtTextLine *line = PT_TEXT_LINE (gtk_list_item_get_child (item));
  PtMatchEntry *entry = pt_history_item_get_entry (history_item);

  if (entry == NULL)
    {
      pt_text_line_set_text (line, pt_history_item_get_title (history_item), pt_history_item_get_subtitle (history_item),
                             pt_history_item_get_night_id (history_item) > 0 ? "›" : NULL);
      pt_text_line_set_heading (line, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (line), "pt-history-heading");
      /* Only a night has a page of its own. */
      gtk_list_item_set_activatable (item, pt_history_item_get_night_id (history_item) > 0);
    }
  else
    {
      g_autofree char *results = results_text (entry, TRUE);
      g_autofree char *when = NULL;
      g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (entry->finished);
      g_autoptr(GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;
      /* Translators: a history row's title: a game's title, then how it was played ("On screen" or "Score sheet") */
      g_autofree char *game = g_strdup_printf (_("%s · %s"), pt_game_ui_title (entry->game),
                                                  entry->mode == PT_MATCH_MODE_COMPANION ? _("Score sheet")
                                                                                         : _("On screen"));

      when = local ? g_date_time_format (local, "%H:%M") : g_strdup ("");
      pt_text_line_set_text (line, game, NULL, when);
      pt_text_line_set_subtitle_markup (line, results);
      pt_text_line_set_heading (line, FALSE);
      gtk_widget_remove_css_class (GTK_WIDGET (line), "pt-history-heading");
      gtk_list_item_set_activatable (item, TRUE);
    }
}

/* Match and night pages ----------------------------------------------------------- */

static void on_edit_requested (PtMatchView *view, PtHistoryPage *self);
static void on_delete_requested (PtMatchView *view, PtHistoryPage *self);
static void update_editing (PtHistoryPage *self);
static void back_action (GtkWidget *widget, const char *action_name, GVariant *parameter);

static gboolean
show_spinner (gpointer user_data)
{
  PtHistoryPage *self = user_data;
  GtkWidget *spinner = pt_read_spinner_new ();

  self->spinner_source = 0;
  self->match_view = NULL;
  self->night_id = 0;
  adw_bin_set_child (self->detail_bin, spinner);
  update_editing (self);
  gtk_stack_set_visible_child_name (self->stack, "detail");
  return G_SOURCE_REMOVE;
}

/* A match or night page is asked for (@job reads it, @id what): what is
 * on screen stays until it comes (in a few ms), or a spinner shows after
 * SPINNER_DELAY_MS. FALSE, with a toast: no store. */
static gboolean
queue_detail_read (PtHistoryPage *self,
                   PtStoreJob job,
                   gint64 id,
                   GDestroyNotify result_free,
                   GAsyncReadyCallback callback)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;

  if ((worker = pt_services_get_worker (self->services, &error)) == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return FALSE;
    }
  if (self->spinner_source == 0)
    self->spinner_source = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
  pt_store_worker_run (worker, NULL, job, g_memdup2 (&id, sizeof id), g_free, result_free,
                       renew_cancellable (&self->detail_read), callback, pt_read_reply_new (self, NULL));
  return TRUE;
}

/* The detail page asked for could not be read: said in a toast, and the
 * list again if only the spinner was on screen. */
static void
detail_read_failed (PtHistoryPage *self,
                    const GError *error)
{
  pt_companion_error_toast (GTK_WIDGET (self), error);
  if (GTK_IS_SPINNER (adw_bin_get_child (self->detail_bin)))
    back_action (GTK_WIDGET (self), NULL, NULL);
}

static gpointer
read_match (PtStore *store,
            PtStats *stats,
            gpointer data,
            GCancellable *cancellable,
            GError **error)
{
  return pt_store_load_match (store, *(gint64 *) data, error);
}

static void
match_read (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtMatchEntry) entry = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtHistoryPage) self = pt_read_reply_take (user_data, error, NULL);

  if (self == NULL)
    return;
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  if (entry == NULL)
    {
      detail_read_failed (self, error);
      return;
    }
  self->match_view = PT_MATCH_VIEW (pt_match_view_new ());
  pt_match_view_set_worker (self->match_view, pt_services_get_worker (self->services, NULL));
  g_signal_connect_object (self->match_view, "edit-requested", G_CALLBACK (on_edit_requested), self, 0);
  g_signal_connect_object (self->match_view, "delete-requested", G_CALLBACK (on_delete_requested), self, 0);
  pt_match_view_set_match (self->match_view, pt_services_peek_store (self->services), entry);
  adw_bin_set_child (self->detail_bin, GTK_WIDGET (self->match_view));
  self->night_id = 0;
  update_editing (self);
  gtk_stack_set_visible_child_name (self->stack, "detail");
}

/* Queues the read of match @id; its page shows when it has come (FALSE,
 * with a toast: no store). */
gboolean
pt_history_page_show_match (PtHistoryPage *self,
                            gint64 id)
{
  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  return queue_detail_read (self, read_match, id, (GDestroyNotify) pt_match_entry_unref, match_read);
}

static void
on_copy_summary (GtkButton *button,
                 PtHistoryPage *self)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));

  gdk_clipboard_set_text (clipboard, self->night_summary ? self->night_summary : "");
  pt_companion_toast (GTK_WIDGET (self), adw_toast_new (_("Summary copied")));
}

static void
on_night_match_activated (AdwActionRow *row,
                          PtHistoryPage *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "match-id"));

  pt_history_page_show_match (self, id);
}

char *
pt_history_page_get_night_summary (PtHistoryPage *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), NULL);
  return g_strdup (self->night_summary);
}

static void
set_sensitive_by_name (GtkWidget *root,
                       const char *name,
                       gboolean sensitive)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    gtk_widget_set_sensitive (root, sensitive);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    set_sensitive_by_name (child, name, sensitive);
}

/* A damaged or read-only history is shown, not changed: the buttons that
 * would change it are off (the message is the application's). */
static void
update_editing (PtHistoryPage *self)
{
  gboolean editable = !pt_services_is_read_only (self->services);
  GtkWidget *detail = adw_bin_get_child (self->detail_bin);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.edit-night", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.delete-night", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.move-match", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.start-night", editable);
  if (detail != NULL)
    {
      set_sensitive_by_name (detail, "edit-match", editable);
      set_sensitive_by_name (detail, "delete-match", editable);
    }
}

/* "Move to…": the other nights (and none) for one of the night's matches. */
static GtkWidget *
new_move_button (gint64 match_id,
                 gint64 night_id,
                 GPtrArray *nights)
{
  GtkWidget *button = gtk_menu_button_new ();
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) others = g_menu_new ();

  for (guint i = 0; nights != NULL && i < nights->len; i++)
    {
      PtNight *other = g_ptr_array_index (nights, i);
      g_autofree char *date = NULL;
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (other->id == night_id)
        continue;
      date = pt_companion_format_night_date (other->date);
      label = other->place && other->place[0] ? g_strdup_printf ("%s · %s", date, other->place)
                                              : g_strdup (date);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "history.move-match",
                                               g_variant_new ("(xx)", match_id, other->id));
      g_menu_append_item (others, item);
    }
  g_menu_append_section (menu, _("Move to Another Night"), G_MENU_MODEL (others));
  {
    g_autoptr(GMenuItem) none = g_menu_item_new (_("No Game Night"), NULL);

    g_menu_item_set_action_and_target_value (none, "history.move-match",
                                             g_variant_new ("(xx)", match_id, (gint64) 0));
    g_menu_append_item (menu, none);
  }
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (button, _("Move to Another Night"));
  pt_accessible_set_label (button, _("Move to Another Night"));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_name (button, "move-match");
  return button;
}

/* What a night's page shows, read on the store worker. */
typedef struct
{
  gint64 night_id;
  GPtrArray *nights;             /* every night (for "Move to…") */
  PtNight *night;                /* of @nights */
  GPtrArray *summaries;          /* of PtNightSummary */
  PtNightSummary *night_summary; /* of @summaries, or NULL */
  GPtrArray *matches;
  GPtrArray *people;
} NightData;

static void
night_data_free (NightData *data)
{
  g_clear_pointer (&data->nights, g_ptr_array_unref);
  g_clear_pointer (&data->summaries, g_ptr_array_unref);
  g_clear_pointer (&data->matches, g_ptr_array_unref);
  g_clear_pointer (&data->people, g_ptr_array_unref);
  g_free (data);
}

/* The night of @nights with @id, or NULL with @error. */
static PtNight *
find_night (GPtrArray *nights,
            gint64 id,
            GError **error)
{
  for (guint i = 0; i < nights->len; i++)
    if (((PtNight *) g_ptr_array_index (nights, i))->id == id)
      return g_ptr_array_index (nights, i);
  g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_NOT_FOUND, _("This game night is no longer in the history"));
  return NULL;
}

/* The night of id @night_id with its matches, and when @whole its
 * summaries and people too; NULL with @error when a part cannot be read
 * (a failure is said, never shown as a night without matches). */
static NightData *
read_night_data (PtStore *store,
                 PtStats *stats,
                 gint64 night_id,
                 gboolean whole,
                 GError **error)
{
  NightData *answer = g_new0 (NightData, 1);
  PtHistoryQuery query;

  answer->night_id = night_id;
  pt_history_query_init (&query);
  query.night_id = answer->night_id;
  query.limit = 500;
  if ((answer->nights = pt_store_list_nights (store, error)) == NULL ||
      (answer->night = find_night (answer->nights, answer->night_id, error)) == NULL ||
      (answer->matches = pt_store_history (store, &query, error)) == NULL ||
      (whole && ((answer->summaries = pt_stats_nights (stats, error)) == NULL ||
                 (answer->people = pt_store_get_night_players (store, answer->night_id, error)) == NULL)))
    {
      night_data_free (answer);
      return NULL;
    }
  for (guint i = 0; whole && i < answer->summaries->len; i++)
    if (((PtNightSummary *) g_ptr_array_index (answer->summaries, i))->night_id == answer->night_id)
      answer->night_summary = g_ptr_array_index (answer->summaries, i);
  return answer;
}

/* The night page's read: the night of id *@data, whole. */
static gpointer
read_night (PtStore *store,
            PtStats *stats,
            gpointer data,
            GCancellable *cancellable,
            GError **error)
{
  return read_night_data (store, stats, *(gint64 *) data, TRUE, error);
}

static void
build_night (PtHistoryPage *self,
             NightData *data)
{
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autoptr(GString) about = g_string_new (NULL);
  gint64 night_id = data->night_id;
  GPtrArray *nights = data->nights;
  GPtrArray *matches = data->matches;
  GPtrArray *people = data->people;
  PtNight *night = data->night;
  PtNightSummary *night_summary = data->night_summary;
  GtkWidget *box, *header, *group, *copy;
  g_autofree char *date = NULL;

  /* Who came (from the store's attendance list), then the user's notes:
   * both on the page and in the copied summary. */
  if (people->len > 0)
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < people->len; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                                ((PtPlayer *) g_ptr_array_index (people, i))->name);
      /* TRANSLATORS: %s is who came to the night, e.g. "Ana, Beto" */
      g_string_append_printf (about, _("With %s"), names->str);
    }
  if (night->notes && night->notes[0])
    g_string_append_printf (about, "%s%s", about->len > 0 ? "\n" : "", night->notes);

  date = pt_companion_format_night_date (night->date);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  /* Not an AdwStatusPage: its own scrolled window, inside this page's,
   * gets too little height in a narrow window and cuts the title off. */
  header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (header, 24);
  {
    GtkWidget *icon = gtk_image_new_from_icon_name ("weather-clear-night-symbolic");
    GtkWidget *title = gtk_label_new (night->place && night->place[0] ? night->place : _("Game night"));
    GtkWidget *when = gtk_label_new (date);

    gtk_image_set_pixel_size (GTK_IMAGE (icon), 96);
    gtk_widget_add_css_class (icon, "dim-label");
    gtk_widget_set_margin_bottom (icon, 12);
    gtk_widget_add_css_class (title, "title-1");
    gtk_widget_set_name (title, "night-title");
    gtk_label_set_wrap (GTK_LABEL (title), TRUE);
    gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
    gtk_label_set_wrap (GTK_LABEL (when), TRUE);
    gtk_label_set_justify (GTK_LABEL (when), GTK_JUSTIFY_CENTER);
    gtk_box_append (GTK_BOX (header), icon);
    gtk_box_append (GTK_BOX (header), title);
    gtk_box_append (GTK_BOX (header), when);
  }
  gtk_box_append (GTK_BOX (box), header);

  g_string_append_printf (summary, _("Game night, %s"), date);
  if (night->place && night->place[0])
    g_string_append_printf (summary, _(" at %s"), night->place);
  g_string_append (summary, "\n");
  if (about->len > 0)
    g_string_append_printf (summary, "%s\n", about->str);

  group = adw_preferences_group_new ();
  pt_companion_group_set_title (group, _("Matches"));
  if (about->len > 0)
    pt_companion_group_set_description (group, about->str);
  for (guint i = 0; matches != NULL && i < matches->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (matches, i);
      g_autofree char *results = results_text (entry, FALSE);
      GString *winners = g_string_new (NULL);
      GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());

      for (guint j = 0; j < entry->results->len; j++)
        {
          PtMatchResult *result = g_ptr_array_index (entry->results, j);

          if (result->winner)
            g_string_append_printf (winners, "%s%s", winners->len ? ", " : "", result->player_name);
        }
      /* Player names (an engine's among them) are plain text. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pt_game_ui_title (entry->game));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), results);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), pt_accessible_new_decoration ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "match-id", GSIZE_TO_POINTER ((gsize) entry->id));
      g_signal_connect_object (row, "activated", G_CALLBACK (on_night_match_activated), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), new_move_button (entry->id, night_id, nights));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      /* TRANSLATORS: a line of the night's summary: game, scores, winners */
      g_string_append_printf (summary, _("%s: %s — won by %s\n"), pt_game_ui_title (entry->game),
                                          results, winners->str);
      g_string_free (winners, TRUE);
    }
  if (matches == NULL || matches->len == 0)
    {
      GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No matches yet tonight"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   _("Matches saved today on a score sheet join this night."));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  gtk_box_append (GTK_BOX (box), group);

  if (night_summary != NULL && night_summary->winners->len > 0)
    {
      GtkWidget *winners = adw_preferences_group_new ();

      pt_companion_group_set_title (winners, _("Winners"));
      g_string_append (summary, _("Wins:"));
      for (guint i = 0; i < night_summary->winners->len; i++)
        {
          PtStatLine *line = g_ptr_array_index (night_summary->winners, i);
          g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d win of %d",
                                                                "%d wins of %d", line->wins),
                                                   line->wins, line->plays);
          GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), line->player_name);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (text));
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (winners), row);
          g_string_append_printf (summary, " %s %d%s", line->player_name, line->wins,
                                  i + 1 < night_summary->winners->len ? "," : "");
        }
      g_string_append (summary, "\n");
      if (night_summary->best_player_name != NULL)
        {
          g_autofree char *best = g_strdup_printf (_("Best score: %s, %d in %s"),
                                                      night_summary->best_player_name,
                                                      night_summary->best_score,
                                                      pt_game_ui_title (night_summary->best_game));

          pt_companion_group_set_description (winners, best);
          g_string_append_printf (summary, "%s\n", best);
        }
      gtk_box_append (GTK_BOX (box), winners);
    }

  {
    /* One above the other: two pills side by side do not fit 360 px in
     * every language. */
    GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
    GtkWidget *edit = gtk_button_new_with_mnemonic (_("_Edit Night"));
    GtkWidget *delete = gtk_button_new_with_mnemonic (_("_Delete Night"));

    gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
    gtk_widget_set_name (edit, "edit-night");
    gtk_widget_add_css_class (edit, "pill");
    gtk_actionable_set_action_name (GTK_ACTIONABLE (edit), "history.edit-night");
    gtk_widget_set_name (delete, "delete-night");
    gtk_widget_add_css_class (delete, "pill");
    gtk_widget_add_css_class (delete, "destructive-action");
    gtk_actionable_set_action_name (GTK_ACTIONABLE (delete), "history.delete-night");
    gtk_box_append (GTK_BOX (buttons), edit);
    gtk_box_append (GTK_BOX (buttons), delete);
    gtk_box_append (GTK_BOX (box), buttons);
  }

  copy = gtk_button_new_with_mnemonic (_("_Copy Summary"));
  gtk_widget_set_name (copy, "copy-summary");
  gtk_widget_set_halign (copy, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (copy, "pill");
  g_signal_connect_object (copy, "clicked", G_CALLBACK (on_copy_summary), self, 0);
  gtk_box_append (GTK_BOX (box), copy);

  g_free (self->night_summary);
  self->night_summary = g_string_free (g_steal_pointer (&summary), FALSE);
  self->night_id = night_id;
  self->match_view = NULL;
  adw_bin_set_child (self->detail_bin, box);
  update_editing (self);
  gtk_stack_set_visible_child_name (self->stack, "detail");
}

static void
night_read (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  NightData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtHistoryPage) self = pt_read_reply_take (user_data, error, NULL);

  if (self != NULL)
    {
      g_clear_handle_id (&self->spinner_source, g_source_remove);
      if (data == NULL)
        detail_read_failed (self, error);
      else
        build_night (self, data);
    }
  g_clear_pointer (&data, night_data_free);
}

/* Queues the read of game night @night_id; its page shows when it has come
 * (FALSE, with a toast: no store). */
gboolean
pt_history_page_show_night (PtHistoryPage *self,
                            gint64 night_id)
{
  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  return queue_detail_read (self, read_night, night_id, (GDestroyNotify) night_data_free, night_read);
}

static void
on_activate (GtkListView *list_view,
             guint position,
             PtHistoryPage *self)
{
  g_autoptr(PtHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  PtMatchEntry *entry;

  if (item == NULL)
    return;
  entry = pt_history_item_get_entry (item);
  if (entry != NULL)
    pt_history_page_show_match (self, entry->id);
  else if (pt_history_item_get_night_id (item) > 0)
    pt_history_page_show_night (self, pt_history_item_get_night_id (item));
}

static void
back_action (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (widget);

  /* No page asked for earlier shows after this. */
  g_cancellable_cancel (self->detail_read);
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  self->match_view = NULL;
  self->night_id = 0;
  gtk_stack_set_visible_child_name (self->stack, "list");
  adw_bin_set_child (self->detail_bin, NULL);
}

/* Edit and delete ----------------------------------------------------------------- */

static GtkWidget *
find_widget_of_type (GtkWidget *root,
                     GType type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
on_edit_requested (PtMatchView *view,
                   PtHistoryPage *self)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  GtkWidget *sheet_page = PT_IS_WINDOW (root) ? pt_window_ensure_area (PT_WINDOW (root), "score-sheet")
                          : root              ? find_widget_of_type (root, PT_TYPE_SCORE_SHEET_PAGE)
                                              : NULL;
  PtMatchEntry *entry = pt_match_view_get_match (view);

  if (sheet_page == NULL || entry == NULL)
    return;
  if (!pt_score_sheet_page_edit_match (PT_SCORE_SHEET_PAGE (sheet_page), entry->id, &error))
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  back_action (GTK_WIDGET (self), NULL, NULL);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-score-sheet", NULL);
}

/* Writes ------------------------------------------------------------------------
 *
 * Every change goes to the store worker (its own connection, off the main
 * loop); the page carries on when the answer comes, and a failure is told
 * in a toast. */

typedef enum
{
  WRITE_UNDELETE,
  WRITE_DELETE,
  WRITE_START_NIGHT,
  WRITE_UPDATE_NIGHT,
  WRITE_RESTORE_NIGHT,
  WRITE_TRASH_NIGHT,
  WRITE_MOVE_MATCH,
} WriteKind;

typedef struct
{
  PtHistoryPage *self;
  WriteKind kind;
  gint64 id;    /* the match or night written */
  gint64 shown; /* the night on screen when it was asked */
} WriteReply;

static void on_undo_clicked (AdwToast *toast, PtHistoryPage *self);
static void on_undo_night (AdwToast *toast, PtHistoryPage *self);

static void
on_write_done (GObject *source,
               GAsyncResult *result,
               gpointer user_data)
{
  WriteReply *reply = user_data;
  PtHistoryPage *self = reply->self;
  g_autoptr(GError) error = NULL;
  gint64 id = 0;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, &id, &error) &&
      gtk_widget_get_root (GTK_WIDGET (self)) == NULL)
    {
      /* The window went meanwhile: nobody to tell. */
      g_message ("%s", error->message);
      goto out;
    }
  if (gtk_widget_get_root (GTK_WIDGET (self)) == NULL)
    goto out;
  if (error != NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        pt_companion_error_toast (GTK_WIDGET (self), error);
      pt_history_page_reload (self);
      goto out;
    }
  switch (reply->kind)
    {
    case WRITE_UNDELETE:
      if (self->deleted_id == reply->id)
        self->deleted_id = 0;
      break;
    case WRITE_DELETE:
      {
        /* Soft-deleted: it stays undoable while the app runs (the store
         * purges later), so the toast's Undo always works. */
        AdwToast *toast = adw_toast_new (_("Match deleted"));

        self->deleted_id = reply->id;
        adw_toast_set_button_label (toast, _("_Undo"));
        g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_clicked), self, 0);
        pt_companion_toast (GTK_WIDGET (self), toast);
      }
      break;
    case WRITE_TRASH_NIGHT:
      {
        AdwToast *toast = adw_toast_new (_("Game night moved to Recently Deleted"));

        adw_toast_set_button_label (toast, _("_Undo"));
        g_object_set_data (G_OBJECT (toast), "night", GSIZE_TO_POINTER ((gsize) reply->id));
        g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_night), self, 0);
        pt_companion_toast (GTK_WIDGET (self), toast);
      }
      break;
    default:
      break;
    }
  pt_history_page_reload (self);
  if (reply->kind == WRITE_START_NIGHT)
    pt_history_page_show_night (self, id);
  else if (reply->kind == WRITE_UPDATE_NIGHT || (reply->kind == WRITE_MOVE_MATCH && reply->shown != 0))
    {
      /* Still the night the user changed (they may have moved on). */
      if (self->night_id == reply->shown)
        pt_history_page_show_night (self, reply->shown);
    }
out:
  g_object_unref (reply->self);
  g_free (reply);
}

static WriteReply *
write_reply (PtHistoryPage *self,
             WriteKind kind,
             gint64 id)
{
  WriteReply *reply = g_new0 (WriteReply, 1);

  reply->self = g_object_ref (self);
  reply->kind = kind;
  reply->id = id;
  reply->shown = self->night_id;
  return reply;
}

/* Queues the undelete of the last deleted match (FALSE: no worker). */
gboolean
pt_history_page_undo_delete (PtHistoryPage *self,
                             GError **error)
{
  PtStoreWorker *worker;

  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  if (self->deleted_id == 0)
    return TRUE;
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;
  pt_store_worker_undelete_match (worker, self->deleted_id, NULL, on_write_done,
                                  write_reply (self, WRITE_UNDELETE, self->deleted_id));
  return TRUE;
}

static void
on_undo_clicked (AdwToast *toast,
                 PtHistoryPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!pt_history_page_undo_delete (self, &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

/* Queues the soft delete of the match on screen and goes back to the list;
 * the toast with Undo comes when it is done. */
gboolean
pt_history_page_delete_match (PtHistoryPage *self,
                              GError **error)
{
  PtMatchEntry *entry;
  PtStoreWorker *worker;

  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  entry = self->match_view ? pt_match_view_get_match (self->match_view) : NULL;
  if (entry == NULL)
    return FALSE;
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;
  pt_store_worker_delete_match (worker, entry->id, NULL, on_write_done,
                                write_reply (self, WRITE_DELETE, entry->id));
  back_action (GTK_WIDGET (self), NULL, NULL);
  return TRUE;
}

static void
on_delete_requested (PtMatchView *view,
                     PtHistoryPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!pt_history_page_delete_match (self, &error) && error != NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

/* Game nights ---------------------------------------------------------------------- */

/* Queues a new game night (as the dialog does); the night is shown when it
 * is there. FALSE: a date that is not one, or no worker. */
gboolean
pt_history_page_start_night (PtHistoryPage *self,
                             const char *date,
                             const char *place,
                             const char *const *who,
                             GError **error)
{
  PtStoreWorker *worker = pt_services_get_worker (self->services, error);

  if (worker == NULL || !pt_store_check_date (date, error))
    return FALSE;
  /* Who came goes to the store's attendance list (the night page, the score
   * sheet and the export read it from there, also after a restart); the
   * notes stay the user's own. The names are those of the dialog's list.
   * The night and its list are one change in the store. */
  pt_store_worker_start_night (worker, date, place, who, NULL, on_write_done,
                               write_reply (self, WRITE_START_NIGHT, 0));
  return TRUE;
}

static void
on_night_dialog_response (AdwMessageDialog *dialog,
                          const char *response,
                          PtHistoryPage *self)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkEditable *date = g_object_get_data (G_OBJECT (box), "date");
  GtkEditable *place = g_object_get_data (G_OBJECT (box), "place");
  GtkWidget *list = g_object_get_data (G_OBJECT (box), "who");
  g_autoptr(GPtrArray) who = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "start") != 0)
    return;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *check = g_object_get_data (G_OBJECT (row), "check");

      if (check != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
        g_ptr_array_add (who, (gpointer) adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }
  g_ptr_array_add (who, NULL);
  if (!pt_history_page_start_night (self, gtk_editable_get_text (date), gtk_editable_get_text (place),
                                    (const char *const *) who->pdata, &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

/* The players have come: the dialog offers them to tick. A failure is
 * told, and the dialog stays (a night can start without the list). */
static void
night_players_read (GObject *source,
                    GAsyncResult *result,
                    gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(GtkWidget) dialog = NULL;
  g_autoptr(PtHistoryPage) self = pt_read_reply_take (user_data, error, &dialog);
  GtkWidget *who;

  if (self == NULL || dialog == NULL)
    return;
  if (players == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  who = g_object_get_data (G_OBJECT (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog))), "who");
  for (guint i = 0; i < players->len; i++)
    {
      PtPlayer *player = g_ptr_array_index (players, i);
      GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), player->name);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_object_set_data (G_OBJECT (row), "check", check);
      gtk_list_box_append (GTK_LIST_BOX (who), row);
    }
  gtk_widget_set_visible (who, players->len > 0);
}

/* The dialog shows at once; the players to tick come from the worker. */
static void
start_night_action (GtkWidget *widget,
                    const char *action_name,
                    GVariant *parameter)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);
  g_autofree char *today = pt_companion_today_iso ();
  GtkWidget *dialog, *box, *fields, *date, *place, *who;

  if (worker == NULL)
    {
      pt_companion_error_toast (widget, error);
      return;
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   _("Start a Game Night?"),
                                      _("Matches saved today on a score sheet will belong to this night."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  fields = gtk_list_box_new ();
  gtk_widget_add_css_class (fields, "boxed-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (fields), GTK_SELECTION_NONE);
  date = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (date), _("Date"));
  gtk_editable_set_text (GTK_EDITABLE (date), today);
  place = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (place), _("Place"));
  gtk_list_box_append (GTK_LIST_BOX (fields), date);
  gtk_list_box_append (GTK_LIST_BOX (fields), place);
  gtk_box_append (GTK_BOX (box), fields);

  /* Shown when the players have come (night_players_read). */
  who = gtk_list_box_new ();
  gtk_widget_add_css_class (who, "boxed-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (who), GTK_SELECTION_NONE);
  gtk_widget_set_visible (who, FALSE);
  gtk_box_append (GTK_BOX (box), who);
  g_object_set_data (G_OBJECT (box), "date", date);
  g_object_set_data (G_OBJECT (box), "place", place);
  g_object_set_data (G_OBJECT (box), "who", who);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "start", _("_Start Night"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "start",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "start");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_night_dialog_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  pt_store_worker_run (worker, NULL, pt_read_people_job, NULL, NULL, (GDestroyNotify) g_ptr_array_unref,
                       renew_cancellable (&self->dialog_read), night_players_read,
                       pt_read_reply_new (self, dialog));
}

/* Editing and deleting a night ---------------------------------------------------- */

/* The night of id *@data, with the number of its matches (a NightData
 * without summaries or people). */
static gpointer
read_night_alone (PtStore *store,
                  PtStats *stats,
                  gpointer data,
                  GCancellable *cancellable,
                  GError **error)
{
  return read_night_data (store, stats, *(gint64 *) data, FALSE, error);
}

/* Queues the read of the night on screen for @dialog (FALSE: none, or no
 * store, told in a toast). */
static gboolean
read_night_for_dialog (PtHistoryPage *self,
                       GtkWidget *dialog,
                       GAsyncReadyCallback callback)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;

  if (self->night_id == 0)
    return FALSE;
  if ((worker = pt_services_get_worker (self->services, &error)) == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return FALSE;
    }
  pt_store_worker_run (worker, NULL, read_night_alone, g_memdup2 (&self->night_id, sizeof self->night_id), g_free,
                       (GDestroyNotify) night_data_free, renew_cancellable (&self->dialog_read), callback,
                       pt_read_reply_new (self, dialog));
  return TRUE;
}

/* The night for a dialog has come (with the page, a reference, and the
 * dialog in @dialog), or NULL: a failure is told and the dialog closed
 * (nothing could be typed in it yet). */
static NightData *
finish_night_for_dialog (GObject *source,
                         GAsyncResult *result,
                         gpointer user_data,
                         PtHistoryPage **page,
                         GtkWidget **dialog)
{
  g_autoptr(GError) error = NULL;
  NightData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtHistoryPage) self = pt_read_reply_take (user_data, error, dialog);

  if (self != NULL && data == NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
  if (self == NULL || data == NULL || *dialog == NULL)
    {
      if (*dialog != NULL)
        gtk_window_destroy (GTK_WINDOW (*dialog));
      g_clear_object (dialog);
      g_clear_pointer (&data, night_data_free);
      return NULL;
    }
  *page = g_steal_pointer (&self);
  return data;
}

/* The night on screen gets a new date, place and notes (NULL: unchanged):
 * checked here, written by the worker. */
gboolean
pt_history_page_update_night (PtHistoryPage *self,
                              const char *date,
                              const char *place,
                              const char *notes,
                              GError **error)
{
  PtStoreWorker *worker;
  gint64 id = self->night_id;
  g_autofree char *clean_date = date ? g_strstrip (g_strdup (date)) : NULL;
  g_autofree char *clean_place = place ? g_strstrip (g_strdup (place)) : NULL;

  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  if (id == 0)
    return FALSE;
  if ((clean_date != NULL && !pt_store_check_date (clean_date, error)) ||
      (worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;
  pt_store_worker_update_night (worker, id, clean_date, clean_place, notes, NULL, on_write_done,
                                write_reply (self, WRITE_UPDATE_NIGHT, id));
  return TRUE;
}

static void
on_undo_night (AdwToast *toast,
               PtHistoryPage *self)
{
  g_autoptr(GError) error = NULL;
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (toast), "night"));
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);

  if (worker == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  pt_store_worker_restore_from_trash (worker, PT_TRASH_NIGHT, id, NULL, on_write_done,
                                      write_reply (self, WRITE_RESTORE_NIGHT, id));
}

/* The night on screen and its matches go to Recently Deleted (queued; the
 * toast with Undo comes when it is done). */
gboolean
pt_history_page_trash_night (PtHistoryPage *self,
                             GError **error)
{
  PtStoreWorker *worker;
  gint64 id = self->night_id;

  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  if (id == 0)
    return FALSE;
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;
  pt_store_worker_trash_night (worker, id, NULL, on_write_done, write_reply (self, WRITE_TRASH_NIGHT, id));
  back_action (GTK_WIDGET (self), NULL, NULL);
  return TRUE;
}

/* @match_id joins @night_id (0: no night), queued. */
gboolean
pt_history_page_move_match (PtHistoryPage *self,
                            gint64 match_id,
                            gint64 night_id,
                            GError **error)
{
  PtStoreWorker *worker;

  g_return_val_if_fail (PT_IS_HISTORY_PAGE (self), FALSE);
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;
  pt_store_worker_set_match_night (worker, match_id, night_id, NULL, on_write_done,
                                   write_reply (self, WRITE_MOVE_MATCH, match_id));
  return TRUE;
}

static void
move_match_action (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  g_autoptr(GError) error = NULL;
  gint64 match_id, night_id;

  g_variant_get (parameter, "(xx)", &match_id, &night_id);
  if (!pt_history_page_move_match (PT_HISTORY_PAGE (widget), match_id, night_id, &error))
    pt_companion_error_toast (widget, error);
}

static void
on_edit_night_response (AdwMessageDialog *dialog,
                        const char *response,
                        PtHistoryPage *self)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "save") != 0)
    return;
  if (!pt_history_page_update_night (self,
                                     gtk_editable_get_text (g_object_get_data (G_OBJECT (box), "date")),
                                     gtk_editable_get_text (g_object_get_data (G_OBJECT (box), "place")),
                                     gtk_editable_get_text (g_object_get_data (G_OBJECT (box), "notes")),
                                     &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

static GtkWidget *
night_field (GtkWidget *list,
             GtkWidget *box,
             const char *key,
             const char *title,
             const char *text)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text ? text : "");
  gtk_widget_set_name (row, key);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  g_object_set_data (G_OBJECT (box), key, row);
  return row;
}

static void
edit_night_read (GObject *source,
                 GAsyncResult *result,
                 gpointer user_data)
{
  g_autoptr(PtHistoryPage) self = NULL;
  g_autoptr(GtkWidget) dialog = NULL;
  NightData *data = finish_night_for_dialog (source, result, user_data, &self, &dialog);
  GtkWidget *box;

  if (data == NULL)
    return;
  box = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  gtk_editable_set_text (g_object_get_data (G_OBJECT (box), "date"), data->night->date ? data->night->date : "");
  gtk_editable_set_text (g_object_get_data (G_OBJECT (box), "place"), data->night->place ? data->night->place : "");
  gtk_editable_set_text (g_object_get_data (G_OBJECT (box), "notes"), data->night->notes ? data->night->notes : "");
  gtk_widget_set_sensitive (box, TRUE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "save", TRUE);
  night_data_free (data);
}

/* The dialog shows at once; the night's fields are filled in (and can be
 * changed) when the worker has read it. */
static void
edit_night_action (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (widget);
  GtkWidget *dialog, *box, *list;

  if (self->night_id == 0)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), _("Edit the Game Night"),
                                                                                 _("The date is written as YYYY-MM-DD."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  list = gtk_list_box_new ();
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  night_field (list, box, "date", _("Date"), NULL);
  night_field (list, box, "place", _("Place"), NULL);
  night_field (list, box, "notes", _("Notes"), NULL);
  gtk_box_append (GTK_BOX (box), list);
  gtk_widget_set_sensitive (box, FALSE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "save", FALSE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_edit_night_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  if (!read_night_for_dialog (self, dialog, edit_night_read))
    gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_delete_night_response (AdwMessageDialog *dialog,
                          const char *response,
                          PtHistoryPage *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "delete") == 0 && !pt_history_page_trash_night (self, &error) && error != NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

static void
delete_night_read (GObject *source,
                   GAsyncResult *result,
                   gpointer user_data)
{
  g_autoptr(PtHistoryPage) self = NULL;
  g_autoptr(GtkWidget) dialog = NULL;
  NightData *data = finish_night_for_dialog (source, result, user_data, &self, &dialog);
  g_autofree char *body = NULL;
  guint n;

  if (data == NULL)
    return;
  n = data->matches->len;
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The night and its %u match go to Recently Deleted, where they can be restored for 30 days.",
                                       "The night and its %u matches go to Recently Deleted, where they can be restored for 30 days.",
                                       n),
                          n);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), body);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "delete", TRUE);
  night_data_free (data);
}

/* The dialog shows at once; what goes with the night is said (and Delete
 * can be chosen) when the worker has counted it. */
static void
delete_night_action (GtkWidget *widget,
                     const char *action_name,
                     GVariant *parameter)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (widget);
  GtkWidget *dialog;

  if (self->night_id == 0)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), _("Delete This Game Night?"), NULL);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "delete", _("_Delete"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "delete", FALSE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_delete_night_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  if (!read_night_for_dialog (self, dialog, delete_night_read))
    gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Life cycle ---------------------------------------------------------------------- */

static void
pt_history_page_map (GtkWidget *widget)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (widget);

  GTK_WIDGET_CLASS (pt_history_page_parent_class)->map (widget);
  /* Matches may have been saved elsewhere since the page was last shown:
   * the players come again with the first page. */
  self->refill_players = TRUE;
  pt_history_page_reload (self);
}

static void
pt_history_page_dispose (GObject *object)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (object);

  /* The bound stack is AdwBin's child: take it out of the bin first, or
   * the template and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_HISTORY_PAGE);
  /* No late answer reaches a page that is going. */
  g_cancellable_cancel (self->detail_read);
  g_clear_object (&self->detail_read);
  g_cancellable_cancel (self->dialog_read);
  g_clear_object (&self->dialog_read);
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  g_clear_object (&self->model);
  g_clear_object (&self->services);
  G_OBJECT_CLASS (pt_history_page_parent_class)->dispose (object);
}

static void
pt_history_page_finalize (GObject *object)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (object);

  g_clear_pointer (&self->player_ids, g_array_unref);
  g_clear_pointer (&self->night_summary, g_free);
  G_OBJECT_CLASS (pt_history_page_parent_class)->finalize (object);
}

static void
pt_history_page_get_property (GObject *object,
                              guint prop_id,
                              GValue *value,
                              GParamSpec *pspec)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      g_value_set_object (value, self->services);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_history_page_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  PtHistoryPage *self = PT_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      self->services = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_history_page_class_init (PtHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_history_page_dispose;
  object_class->get_property = pt_history_page_get_property;
  object_class->set_property = pt_history_page_set_property;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
  object_class->finalize = pt_history_page_finalize;
  widget_class->map = pt_history_page_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, game_filter);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, player_filter);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, mode_filter);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, date_filter);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, empty_status);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, empty_button);
  gtk_widget_class_bind_template_child (widget_class, PtHistoryPage, detail_bin);

  gtk_widget_class_install_action (widget_class, "history.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "history.start-night", NULL, start_night_action);
  gtk_widget_class_install_action (widget_class, "history.edit-night", NULL, edit_night_action);
  gtk_widget_class_install_action (widget_class, "history.delete-night", NULL, delete_night_action);
  gtk_widget_class_install_action (widget_class, "history.move-match", "(xx)", move_match_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "history.back", NULL);
}

static void
setup_filter_label (GtkSignalListItemFactory *factory,
                    GtkListItem *item,
                    gpointer user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* Short in the button, so four filters share a line (two on a phone). */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
setup_full_label (GtkSignalListItemFactory *factory,
                  GtkListItem *item,
                  gpointer user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
bind_filter_label (GtkSignalListItemFactory *factory,
                   GtkListItem *item,
                   gpointer user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

static void
set_strings (GtkDropDown *drop_down,
             const char *const *strings)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (strings);

  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (list));
}

static void
use_short_labels (GtkDropDown *drop_down)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_filter_label), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_filter_label), NULL);
  gtk_drop_down_set_factory (drop_down, factory);
  /* The open list shows the whole names. */
  g_signal_connect (list_factory, "setup", G_CALLBACK (setup_full_label), NULL);
  g_signal_connect (list_factory, "bind", G_CALLBACK (bind_filter_label), NULL);
  gtk_drop_down_set_list_factory (drop_down, list_factory);
}

static void
pt_history_page_init (PtHistoryPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GStrvBuilder) games = g_strv_builder_new ();
  g_auto(GStrv) game_titles = NULL;
  const char *modes[] = { _("Any mode"), _("On screen"), _("Score sheets"), NULL };
  const char *dates[] = { _("Any time"), _("Last 7 days"), _("Last 30 days"), _("Last 12 months"), NULL };
  GtkSelectionModel *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->model = pt_history_model_new ();
  g_signal_connect_object (self->model, "loaded", G_CALLBACK (on_model_loaded), self, 0);

  g_strv_builder_add (games, _("All games"));
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    g_strv_builder_add (games, pt_game_ui_title (pt_game_ui_list ()[i]->game_id));
  game_titles = g_strv_builder_end (games);
  use_short_labels (self->game_filter);
  use_short_labels (self->player_filter);
  use_short_labels (self->mode_filter);
  use_short_labels (self->date_filter);
  set_strings (self->game_filter, (const char *const *) game_titles);
  set_strings (self->mode_filter, modes);
  set_strings (self->date_filter, dates);
  /* The filters show their choice; their names say what they filter. */
  pt_accessible_set_label (GTK_WIDGET (self->game_filter), _("Game"));
  pt_accessible_set_label (GTK_WIDGET (self->player_filter), _("Player"));
  pt_accessible_set_label (GTK_WIDGET (self->mode_filter), _("Mode"));
  pt_accessible_set_label (GTK_WIDGET (self->date_filter), _("Date"));
  {
    const char *all[] = { _("All players"), NULL };

    set_strings (self->player_filter, all);
  }

  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), NULL);
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->model))));
  gtk_list_view_set_model (self->list_view, selection);
  g_object_unref (selection);
  gtk_list_view_set_factory (self->list_view, factory);
  pt_history_model_set_pace_widget (self->model, GTK_WIDGET (self->list_view));
  g_signal_connect_object (self->list_view, "activate", G_CALLBACK (on_activate), self, 0);

  g_signal_connect_object (self->game_filter, "notify::selected", G_CALLBACK (on_filter_changed), self, 0);
  g_signal_connect_object (self->player_filter, "notify::selected", G_CALLBACK (on_filter_changed), self, 0);
  g_signal_connect_object (self->mode_filter, "notify::selected", G_CALLBACK (on_filter_changed), self, 0);
  g_signal_connect_object (self->date_filter, "notify::selected", G_CALLBACK (on_filter_changed), self, 0);
  g_signal_connect_object (self->search_entry, "search-changed", G_CALLBACK (on_search_changed), self, 0);
}
