/* pt-match-view.c — one match of the history: results and breakdown
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows the breakdown the rules layer produced when the match was scored,
 * line by line; it adds nothing up itself. Signals "edit-requested" and
 * "delete-requested" leave editing and deleting (with its undo) to the page.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-match-view.h"
#include "pt-record.h"
#include "pt-replay-view.h"
#include "pt-rules.h"
#include "pt-session-record.h"

struct _PtMatchView
{
  AdwBin parent_instance;

  PtStore *store;
  PtStoreWorker *worker; /* writes the notes */
  PtMatchEntry *entry;
  GPtrArray *result_rows; /* in results_group, for the next match */

  /* Template widgets */
  GtkBox *box;
  AdwStatusPage *header;
  AdwPreferencesGroup *results_group;
  GtkBox *details;
  AdwEntryRow *notes_row;
  GtkWidget *edit_button;
};

G_DEFINE_FINAL_TYPE (PtMatchView, pt_match_view, ADW_TYPE_BIN)

enum
{
  EDIT_REQUESTED,
  DELETE_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The worker the match page's changes (the notes) are written through. */
void
pt_match_view_set_worker (PtMatchView *self,
                          PtStoreWorker *worker)
{
  g_return_if_fail (PT_IS_MATCH_VIEW (self));
  g_set_object (&self->worker, worker);
}

GtkWidget *
pt_match_view_new (void)
{
  return g_object_new (PT_TYPE_MATCH_VIEW, NULL);
}

PtMatchEntry *
pt_match_view_get_match (PtMatchView *self)
{
  g_return_val_if_fail (PT_IS_MATCH_VIEW (self), NULL);
  return self->entry;
}

static gboolean entry_is_match_of_rounds (PtMatchEntry *entry);
static void show_rounds (PtMatchView *self,
                         PtMatchEntry *entry,
                         JsonArray *rounds);

static GtkWidget *
add_group (PtMatchView *self,
           const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  pt_companion_group_set_title (group, title);
  if (description != NULL)
    pt_companion_group_set_description (group, description);
  gtk_box_append (self->details, group);
  return group;
}

static GtkWidget *
add_row (GtkWidget *group,
         const char *title,
         const char *subtitle,
         const char *value)
{
  GtkWidget *row = pt_companion_value_row_new (title, subtitle, NULL);

  /* The results' scores stand out. */
  if (value != NULL)
    {
      GtkWidget *label = gtk_label_new (value);

      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_add_css_class (label, "heading");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static char *
int_text (gint64 value)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

static const char *
player_name (PtMatchEntry *entry,
             guint seat)
{
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      if ((guint) result->seat == seat)
        return result->player_name;
    }
  return "";
}

/* One round's breakdown as its game's renderer draws it: a group, one
 * expander per player with the rows explaining the score. */
static void
show_round (PtMatchView *self,
            JsonObject *round,
            const char *title)
{
  JsonArray *players = pt_companion_arr (round, "players");
  g_autofree char *about = pt_game_ui_breakdown_describe (self->entry->game, round);
  GtkWidget *group = add_group (self, title, about);

  for (guint p = 0; players != NULL && p < json_array_get_length (players); p++)
    {
      JsonObject *player = pt_companion_obj_at (players, p);
      g_autoptr(GPtrArray) rows = NULL;
      g_autofree char *total = NULL;
      GtkWidget *expander;

      if (player == NULL)
        continue;
      rows = pt_game_ui_breakdown_rows (self->entry->game, round, player);
      total = int_text (json_object_has_member (player, "total") ? pt_companion_int (player, "total")
                                                                 : pt_companion_int (player, "score"));
      expander = pt_companion_plain_row (adw_expander_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), player_name (self->entry, p));
      adw_expander_row_add_action (ADW_EXPANDER_ROW (expander), gtk_label_new (total));
      for (guint i = 0; i < rows->len; i++)
        adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), g_ptr_array_index (rows, i));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), expander);
    }
}

/* A match of rounds (or a score sheet of rounds) has one breakdown per
 * round; a single game, one. */
static void
show_breakdown (PtMatchView *self,
                JsonObject *breakdown)
{
  JsonArray *rounds = pt_companion_arr (breakdown, "rounds");

  if (rounds == NULL)
    {
      show_round (self, breakdown, _("Score sheet"));
      return;
    }
  for (guint r = 0; r < json_array_get_length (rounds); r++)
    {
      JsonObject *round = pt_companion_obj_at (rounds, r);
      g_autofree char *title = g_strdup_printf (_("Round %u"), r + 1);

      if (round != NULL)
        show_round (self, round, title);
    }
}

static void
on_notes_saved (GObject *source,
                GAsyncResult *result,
                gpointer user_data)
{
  g_autoptr(PtMatchView) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, NULL, &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
  else
    pt_companion_toast (GTK_WIDGET (self), adw_toast_new (_("Notes saved")));
}

/* Written by the store worker, off the main loop. */
static void
on_notes_apply (AdwEntryRow *row,
                PtMatchView *self)
{
  g_autoptr(GError) error = NULL;
  const char *notes = gtk_editable_get_text (GTK_EDITABLE (row));
  PtStoreWorker *worker;

  if (self->entry == NULL)
    return;
  if ((worker = self->worker) == NULL)
    {
      g_set_error_literal (&error, PT_STORE_ERROR, PT_STORE_ERROR_FAILED, _("The history cannot be changed now"));
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  g_free (self->entry->notes);
  self->entry->notes = g_strdup (notes);
  pt_store_worker_set_match_notes (worker, self->entry->id, notes, NULL, on_notes_saved,
                                   g_object_ref (self));
}

static void
on_edit_clicked (GtkButton *button,
                 PtMatchView *self)
{
  g_signal_emit (self, signals[EDIT_REQUESTED], 0);
}

static void
on_delete_clicked (GtkButton *button,
                   PtMatchView *self)
{
  g_signal_emit (self, signals[DELETE_REQUESTED], 0);
}

/* Opens the match's replay; a match of rounds is one replay, round after
 * round, and @round >= 0 opens it at that round's deal. */
static void
open_replay (PtMatchView *self,
             int round)
{
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *window;

  if (self->entry == NULL || self->entry->record == NULL)
    return;
  record = pt_json_parse (self->entry->record, &error);
  window = record ? pt_replay_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, record,
                                          pt_game_ui_title (self->entry->game), &error)
                  : NULL;
  if (window == NULL)
    {
      g_warning ("Replay: %s", error ? error->message : "");
      return;
    }
  if (round >= 0)
    pt_replay_view_show_round (PT_REPLAY_VIEW (g_object_get_data (G_OBJECT (window), "replay-view")),
                               (guint) round);
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_replay_clicked (GtkButton *button,
                   PtMatchView *self)
{
  open_replay (self, -1);
}

/* A round's row opens the replay at that round's deal. */
static void
on_round_replay_clicked (GtkButton *button,
                         PtMatchView *self)
{
  open_replay (self, (int) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "round")));
}

static const char *
reading_name (const char *reading)
{
  if (g_strcmp0 (reading, "seed") == 0)
    return _("Seed rules");
  if (g_strcmp0 (reading, "rulebook") == 0)
    return _("Rulebook");
  return reading;
}

void
pt_match_view_set_match (PtMatchView *self,
                         PtStore *store,
                         PtMatchEntry *entry)
{
  GtkWidget *child;
  GtkWidget *group;
  g_autofree char *date = NULL;
  g_autofree char *subtitle = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *breakdown = NULL;

  g_return_if_fail (PT_IS_MATCH_VIEW (self));

  g_set_object (&self->store, store);
  g_clear_pointer (&self->entry, pt_match_entry_unref);
  for (guint i = 0; i < self->result_rows->len; i++)
    adw_preferences_group_remove (self->results_group, g_ptr_array_index (self->result_rows, i));
  g_ptr_array_set_size (self->result_rows, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->details))) != NULL)
    gtk_box_remove (self->details, child);
  gtk_widget_set_visible (GTK_WIDGET (self->box), entry != NULL);
  if (entry == NULL)
    return;
  self->entry = pt_match_entry_ref (entry);

  date = pt_companion_format_date (entry->finished);
  subtitle = g_strdup_printf ("%s · %s", date,
                              entry->mode == PT_MATCH_MODE_COMPANION ? _("Score sheet")
                                                                     : _("On screen"));
  adw_status_page_set_title (self->header, pt_game_ui_title (entry->game));
  pt_companion_status_set_description (GTK_WIDGET (self->header), subtitle);

  pt_companion_group_set_description (GTK_WIDGET (self->results_group),
                                      entry->rule_reading && entry->rule_reading[0]
                                          ? reading_name (entry->rule_reading)
                                          : NULL);
  for (guint i = 0; i < entry->results->len; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);
      g_autofree char *score = int_text (result->score);
      g_autofree char *rank = g_strdup_printf (_("Place %d"), result->rank);
      GtkWidget *row = add_row (GTK_WIDGET (self->results_group), result->player_name, rank, score);

      g_ptr_array_add (self->result_rows, row);
      if (result->winner)
        {
          GtkWidget *icon = gtk_image_new_from_icon_name ("starred-symbolic");

          gtk_widget_set_tooltip_text (icon, _("Winner"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Winner"), -1);
          gtk_widget_add_css_class (icon, "accent");
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
        }
    }

  node = entry->breakdown ? pt_json_parse (entry->breakdown, NULL) : NULL;
  breakdown = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  if (breakdown != NULL)
    show_breakdown (self, breakdown);

  /* A match of several rounds: every round's scores, and each round can
   * be watched again, in a window of its own. */
  if (entry->record != NULL && entry_is_match_of_rounds (entry))
    {
      g_autoptr(JsonNode) record = pt_json_parse (entry->record, NULL);
      JsonArray *rounds = json_object_get_array_member (json_node_get_object (record), "rounds");

      show_rounds (self, entry, rounds);
      group = add_group (self, _("Replay"), NULL);
      {
        GtkWidget *row = adw_action_row_new ();
        GtkWidget *button = gtk_button_new_with_mnemonic (_("_Watch the Replay"));

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("The whole match, round after round"));
        gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
        gtk_widget_set_name (button, "replay-button");
        g_signal_connect_object (button, "clicked", G_CALLBACK (on_replay_clicked), self, 0);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      }
      for (guint r = 0; rounds != NULL && r < json_array_get_length (rounds); r++)
        {
          GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
          GtkWidget *button = gtk_button_new_with_mnemonic (_("_Watch the Replay"));
          /* Translators: a row of the match page, "Replay of round 2" */
          g_autofree char *title = g_strdup_printf (_("Replay of round %u"), r + 1);
          g_autofree char *name = g_strdup_printf ("replay-button-%u", r + 1);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_set_name (button, name);
          g_object_set_data (G_OBJECT (button), "round", GUINT_TO_POINTER (r));
          g_signal_connect_object (button, "clicked", G_CALLBACK (on_round_replay_clicked), self, 0);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }
    }

  /* A match played in Partida keeps its record: it can be watched again,
   * at the size of play, in a window of its own. */
  if (entry->record != NULL && !entry_is_match_of_rounds (entry))
    {
      g_autoptr(JsonNode) record = pt_json_parse (entry->record, NULL);
      g_autoptr(PtGame) check = record ? pt_rules_load_record (record, NULL, NULL, NULL) : NULL;

      group = add_group (self, _("Replay"), check ? NULL : _("The record cannot be read"));
      if (check != NULL)
        {
          GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
          GtkWidget *button = gtk_button_new_with_mnemonic (_("_Watch the Replay"));

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Every move, with the board as it was"));
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_set_name (button, "replay-button");
          g_signal_connect_object (button, "clicked", G_CALLBACK (on_replay_clicked), self, 0);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }
    }

  gtk_editable_set_text (GTK_EDITABLE (self->notes_row), entry->notes ? entry->notes : "");
  /* Digital matches come from their record: only sheets are edited. */
  gtk_widget_set_visible (self->edit_button, entry->mode == PT_MATCH_MODE_COMPANION);
}

static gboolean
entry_is_match_of_rounds (PtMatchEntry *entry)
{
  g_autoptr(JsonNode) record = entry->record ? pt_json_parse (entry->record, NULL) : NULL;

  return record != NULL && pt_match_record_is (record);
}

/* One row per round: each seat's score that round; then the totals. */
static void
show_rounds (PtMatchView *self,
             PtMatchEntry *entry,
             JsonArray *rounds)
{
  GtkWidget *group = add_group (self, _("Rounds"), NULL);

  for (guint r = 0; rounds != NULL && r < json_array_get_length (rounds); r++)
    {
      g_autoptr(PtGame) game = pt_rules_load_record (json_array_get_element (rounds, r), NULL, NULL, NULL);
      g_autoptr(GString) line = g_string_new (NULL);
      g_autofree char *title = g_strdup_printf (_("Round %u"), r + 1);
      GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());

      for (guint p = 0; game != NULL && p < pt_game_get_n_players (game); p++)
        {
          if (p > 0)
            g_string_append (line, " · ");
          /* Translators: a player's score in a round of the match page, "Ana 45" */
          g_string_append_printf (line, _("%s %d"), pt_game_get_player_name (game, p),
                                           pt_game_get_score (game, p));
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), line->str);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  {
    g_autoptr(GString) line = g_string_new (NULL);
    GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());

    for (guint i = 0; entry->results != NULL && i < entry->results->len; i++)
      {
        PtMatchResult *result = g_ptr_array_index (entry->results, i);

        if (i > 0)
          g_string_append (line, " · ");
        g_string_append_printf (line, _("%s %d"), result->player_name ? result->player_name : "",
                                         result->score);
      }
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Total"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), line->str);
    gtk_widget_add_css_class (row, "heading");
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  }
}

static void
pt_match_view_dispose (GObject *object)
{
  PtMatchView *self = PT_MATCH_VIEW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->worker);
  g_clear_pointer (&self->entry, pt_match_entry_unref);
  g_clear_pointer (&self->result_rows, g_ptr_array_unref);
  /* The bound box is AdwBin's child: out of the bin first, or the
   * template and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_MATCH_VIEW);
  G_OBJECT_CLASS (pt_match_view_parent_class)->dispose (object);
}

static void
pt_match_view_class_init (PtMatchViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_match_view_dispose;

  signals[EDIT_REQUESTED] = g_signal_new ("edit-requested", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);
  signals[DELETE_REQUESTED] = g_signal_new ("delete-requested", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-match-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtMatchView, box);
  gtk_widget_class_bind_template_child (widget_class, PtMatchView, header);
  gtk_widget_class_bind_template_child (widget_class, PtMatchView, results_group);
  gtk_widget_class_bind_template_child (widget_class, PtMatchView, details);
  gtk_widget_class_bind_template_child (widget_class, PtMatchView, notes_row);
  gtk_widget_class_bind_template_child (widget_class, PtMatchView, edit_button);
  gtk_widget_class_bind_template_callback (widget_class, on_notes_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_clicked);
}

static void
pt_match_view_init (PtMatchView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->result_rows = g_ptr_array_new ();
}
