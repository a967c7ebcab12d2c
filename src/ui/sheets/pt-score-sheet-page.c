/* pt-score-sheet-page.c — the Score sheet area: companion mode for a game
 * played on the table.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page holds what every game's sheet shares — the game, the players,
 * the game night, notes, the draft and saving — around one PtSheetView
 * that knows the game. Nothing here adds up a score: the sheet view asks
 * the rules layer, and saving stores what the rules layer returned.
 *
 * Drafts: every change is written to the store's draft of the game a
 * moment later (and at once when the page goes away), so a closed window
 * or a crash loses at most the last keystrokes; opening the game again
 * offers the draft back. The draft is
 *   {"sheet": INPUT, "notes": "…", "night": ID, "editing": MATCH_ID, "started": T}.
 *
 * The saved breakdown is the rules layer's result with the input sheet
 * added as "sheet", so the match can be edited later with the same inputs.
 *
 * Nothing here calls the store on the main loop: a sheet's contents (the
 * draft, tonight's night and people, the last match), a match to edit and
 * the player picker are read on the store worker, each kind with a
 * cancellable of the page's (a newer request cancels the older one,
 * dispose cancels them all); drafts and saves are worker writes.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-name-suggest.h"
#include "pt-rules.h"
#include "pt-player-name.h"
#include "pt-read-reply.h"
#include "pt-score-sheet-page.h"
#include "pt-session-store.h"
#include "pt-store-health.h"
#include "pt-text-hover.h"

#define DRAFT_DELAY_MS 250
#define MAX_SEATS      4

struct _PtScoreSheetPage
{
  AdwBin parent_instance;

  PtServices *services;

  PtSheetView *sheet_view;
  char *game;
  gint64 editing_id; /* the match being edited, 0 for a new one */
  gint64 started;
  gint64 night_id; /* tonight's game night, 0 = none */
  guint draft_source;
  gboolean loading;
  /* Something was typed since the sheet was opened or saved (a draft that
   * came back counts): Save stays off until then. */
  gboolean dirty;
  /* A save is with the store worker: Save and the draft wait for it. */
  gboolean saving;
  /* The sheet on screen waits for its contents from the worker (draft,
   * night, players): what changes meanwhile is not a draft yet. */
  gboolean opening;
  /* The game's draft could not be read: it is not overwritten (no draft
   * is written, the save leaves it). */
  gboolean keep_draft;
  /* A newer request cancels the older one; dispose cancels both. */
  GCancellable *open_read;   /* the sheet's contents, or the match to edit */
  GCancellable *picker_read; /* the people in the history */

  GtkStack *stack;
  GtkWidget *form;
  GtkSpinner *spinner;
  AdwStatusPage *error_page;
  GtkBox *game_buttons;
  GtkRevealer *draft_revealer;
  GtkLabel *draft_label;
  AdwComboRow *game_row;
  AdwActionRow *night_row;
  GtkSwitch *night_switch;
  AdwEntryRow *notes_row;
  AdwPreferencesGroup *players_group;
  GtkSpinButton *n_players_spin;
  AdwBin *sheet_bin;
  GtkLabel *error_label;
  GtkButton *save_button;
  GtkWidget *player_rows[MAX_SEATS];
};

G_DEFINE_FINAL_TYPE (PtScoreSheetPage, pt_score_sheet_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void schedule_draft (PtScoreSheetPage *self);
static void update_save (PtScoreSheetPage *self);

/* Changes made by the page itself, or before the sheet's contents are in,
 * are not the user's: nothing is dirty or drafted for them. */
static gboolean
filling_in (PtScoreSheetPage *self)
{
  return self->loading || self->opening;
}

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

static void
set_dirty (PtScoreSheetPage *self,
           gboolean dirty)
{
  self->dirty = dirty;
  update_save (self);
}

/**
 * pt_score_sheet_page_new:
 * @services: the settings and the history the sheets are saved into
 */
GtkWidget *
pt_score_sheet_page_new (PtServices *services)
{
  g_return_val_if_fail (PT_IS_SERVICES (services), NULL);

  return g_object_new (PT_TYPE_SCORE_SHEET_PAGE, "services", services, NULL);
}

static PtSheetView *
new_sheet_view (const char *game)
{
  const PtGameUi *ui = pt_game_ui_lookup (game);

  return ui != NULL ? g_object_new (ui->sheet_view_type (), NULL) : NULL;
}

PtSheetView *
pt_score_sheet_page_get_sheet_view (PtScoreSheetPage *self)
{
  g_return_val_if_fail (PT_IS_SCORE_SHEET_PAGE (self), NULL);
  return self->sheet_view;
}

gint64
pt_score_sheet_page_get_editing_id (PtScoreSheetPage *self)
{
  g_return_val_if_fail (PT_IS_SCORE_SHEET_PAGE (self), 0);
  return self->editing_id;
}

/* Players ------------------------------------------------------------------ */

static guint
n_seats (PtScoreSheetPage *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->n_players_spin);
}

static void
push_player_names (PtScoreSheetPage *self)
{
  const char *names[MAX_SEATS + 1] = {
    NULL,
  };
  guint n = n_seats (self);

  if (self->sheet_view == NULL)
    return;
  for (guint i = 0; i < n && i < MAX_SEATS; i++)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player_rows[i]))));

      names[i] = g_intern_string (stripped);
    }
  pt_sheet_view_set_players (self->sheet_view, names);
}

static void
on_player_name_changed (GtkEditable *editable,
                        PtScoreSheetPage *self)
{
  /* A name marked as missing or twice at the table: retyped, it is judged
   * again when saving. */
  gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  if (filling_in (self))
    return;
  push_player_names (self);
  set_dirty (self, TRUE);
  schedule_draft (self);
}

static void
update_player_rows (PtScoreSheetPage *self)
{
  guint n = n_seats (self);

  for (guint i = 0; i < MAX_SEATS; i++)
    gtk_widget_set_visible (self->player_rows[i], i < n);
}

static void
on_n_players_changed (GtkSpinButton *spin,
                      PtScoreSheetPage *self)
{
  update_player_rows (self);
  if (filling_in (self))
    return;
  push_player_names (self);
  set_dirty (self, TRUE);
  schedule_draft (self);
}

static void
on_pick_player (GtkListBox *list,
                GtkListBoxRow *row,
                PtScoreSheetPage *self)
{
  GtkWidget *entry = g_object_get_data (G_OBJECT (list), "entry");
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_POPOVER);
  const char *name = g_object_get_data (G_OBJECT (row), "name");

  gtk_editable_set_text (GTK_EDITABLE (entry), name);
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* The people already in the history, read on the worker, in the list of
 * the popover (or why they could not be). */
static void
players_read (GObject *source,
              GAsyncResult *result,
              gpointer user_data)
{
  g_autoptr(GtkPopover) popover = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  GtkWidget *list = g_object_get_data (G_OBJECT (popover), "list");

  /* A newer question, or the page gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || list == NULL)
    return;
  if (players == NULL)
    pt_companion_error_toast (GTK_WIDGET (popover), error);
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      PtPlayer *player = g_ptr_array_index (players, i);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

      gtk_box_append (GTK_BOX (box), pt_companion_colour_swatch (player->colour, player->name));
      gtk_box_append (GTK_BOX (box), gtk_label_new (player->name));
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      g_object_set_data_full (G_OBJECT (row), "name", g_strdup (player->name), g_free);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  if (players == NULL || players->len == 0)
    {
      GtkWidget *label = gtk_label_new (_("Nobody in the history yet: type a name"));

      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_append (GTK_LIST_BOX (list), label);
    }
}

/* The popover opens at once; its people come from the worker. */
static void
on_picker_show (GtkPopover *popover,
                PtScoreSheetPage *self)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  g_object_set_data (G_OBJECT (list), "entry", g_object_get_data (G_OBJECT (popover), "entry"));
  g_object_set_data (G_OBJECT (popover), "list", list);
  g_signal_connect_object (list, "row-activated", G_CALLBACK (on_pick_player), self, 0);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  gtk_popover_set_child (popover, scroller);
  if (worker == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  pt_store_worker_run (worker, NULL, pt_read_people_job, NULL, NULL, (GDestroyNotify) g_ptr_array_unref,
                       renew_cancellable (&self->picker_read), players_read, g_object_ref (popover));
}

static GtkWidget *
new_player_picker (PtScoreSheetPage *self,
                   GtkWidget *entry)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "system-users-symbolic");
  gtk_widget_set_tooltip_text (button, _("Pick a Player"));
  pt_accessible_set_label (button, _("Pick a Player"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data (G_OBJECT (popover), "entry", entry);
  g_signal_connect_object (popover, "show", G_CALLBACK (on_picker_show), self, 0);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  return button;
}

void
pt_score_sheet_page_set_player_name (PtScoreSheetPage *self,
                                     guint seat,
                                     const char *name)
{
  g_return_if_fail (PT_IS_SCORE_SHEET_PAGE (self));
  g_return_if_fail (seat < MAX_SEATS);
  gtk_editable_set_text (GTK_EDITABLE (self->player_rows[seat]), name);
}

void
pt_score_sheet_page_set_n_players (PtScoreSheetPage *self,
                                   guint n_players)
{
  g_return_if_fail (PT_IS_SCORE_SHEET_PAGE (self));
  gtk_spin_button_set_value (self->n_players_spin, n_players);
}

/* The names of @last (the last match of the game), so a group that plays
 * again does not type them again. */
static void
prefill_players (PtScoreSheetPage *self,
                 PtMatchEntry *last)
{
  if (last == NULL)
    return;
  gtk_spin_button_set_value (self->n_players_spin, last->results->len);
  for (guint i = 0; i < last->results->len && i < MAX_SEATS; i++)
    {
      PtMatchResult *result = g_ptr_array_index (last->results, i);

      gtk_editable_set_text (GTK_EDITABLE (self->player_rows[i]),
                             result->player_name ? result->player_name : "");
    }
}

/* Game night --------------------------------------------------------------- */

/* Tonight's night (read on the worker: the latest night dated today).
 * Matches saved today join it unless the switch is turned off. */
static void
update_night (PtScoreSheetPage *self,
              PtNight *tonight)
{
  self->night_id = tonight ? tonight->id : 0;
  gtk_widget_set_visible (GTK_WIDGET (self->night_row), tonight != NULL);
  if (tonight != NULL)
    {
      g_autofree char *subtitle = tonight->place && tonight->place[0]
          ? g_strdup_printf (_("Tonight at %s"), tonight->place)
          : g_strdup (_("Tonight"));

      adw_action_row_set_subtitle (self->night_row, subtitle);
      gtk_switch_set_active (self->night_switch, TRUE);
    }
}

/* Drafts -------------------------------------------------------------------- */

static JsonObject *
build_draft (PtScoreSheetPage *self)
{
  JsonObject *draft = json_object_new ();

  json_object_set_object_member (draft, "sheet", pt_sheet_view_build_sheet (self->sheet_view));
  json_object_set_string_member (draft, "notes", gtk_editable_get_text (GTK_EDITABLE (self->notes_row)));
  json_object_set_int_member (draft, "editing", self->editing_id);
  json_object_set_int_member (draft, "started", self->started);
  json_object_set_int_member (draft, "n_players", n_seats (self));
  {
    JsonArray *names = json_array_new ();

    for (guint i = 0; i < n_seats (self); i++)
      json_array_add_string_element (names, gtk_editable_get_text (GTK_EDITABLE (self->player_rows[i])));
    json_object_set_array_member (draft, "names", names);
  }
  return draft;
}

typedef struct
{
  char *game;
  char *json; /* NULL: clear the draft */
} DraftWrite;

static void
draft_write_free (gpointer data)
{
  DraftWrite *write = data;

  g_free (write->game);
  g_free (write->json);
  g_free (write);
}

static gint64
draft_job (PtStore *store,
           gpointer data,
           GError **error)
{
  DraftWrite *write = data;

  if (write->json == NULL)
    return pt_store_clear_draft (store, write->game, error) ? 1 : 0;
  return pt_store_set_draft (store, write->game, write->json, error) ? 1 : 0;
}

static void
on_draft_written (GObject *source,
                  GAsyncResult *result,
                  gpointer user_data)
{
  g_autoptr(GError) error = NULL;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, NULL, &error))
    g_message ("Could not keep the score sheet draft: %s", error->message);
}

/* Queued with the store worker, in order with the saves: no page shows a
 * draft, so no "changed" follows it. At shutdown the services flush the
 * worker, so the draft of a closing window is written before the app goes. */
static void
write_draft_now (PtScoreSheetPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) draft = NULL;
  g_autoptr(JsonNode) node = NULL;
  PtStoreWorker *worker;
  DraftWrite *write;

  g_clear_handle_id (&self->draft_source, g_source_remove);
  if (self->sheet_view == NULL || self->game == NULL || self->saving || self->keep_draft)
    return;
  if ((worker = pt_services_get_worker (self->services, &error)) == NULL)
    {
      g_message ("Could not keep the score sheet draft: %s", error->message);
      return;
    }
  draft = build_draft (self);
  node = json_node_init_object (json_node_alloc (), draft);
  write = g_new0 (DraftWrite, 1);
  write->game = g_strdup (self->game);
  write->json = json_to_string (node, FALSE);
  pt_store_worker_write_quiet (worker, draft_job, write, draft_write_free, NULL, on_draft_written, NULL);
}

static gboolean
draft_timeout (gpointer user_data)
{
  PtScoreSheetPage *self = user_data;

  self->draft_source = 0;
  write_draft_now (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (PtScoreSheetPage *self)
{
  if (filling_in (self) || self->sheet_view == NULL)
    return;
  if (self->draft_source == 0)
    self->draft_source = g_timeout_add (DRAFT_DELAY_MS, draft_timeout, self);
}

void
pt_score_sheet_page_flush_draft (PtScoreSheetPage *self)
{
  g_return_if_fail (PT_IS_SCORE_SHEET_PAGE (self));
  if (self->draft_source != 0)
    write_draft_now (self);
}

static void
clear_draft (PtScoreSheetPage *self)
{
  PtStoreWorker *worker = pt_services_get_worker (self->services, NULL);

  g_clear_handle_id (&self->draft_source, g_source_remove);
  if (worker != NULL && self->game != NULL)
    {
      DraftWrite *write = g_new0 (DraftWrite, 1);

      write->game = g_strdup (self->game);
      pt_store_worker_write_quiet (worker, draft_job, write, draft_write_free, NULL, on_draft_written, NULL);
    }
}

/* The sheet ------------------------------------------------------------------ */

static void
on_sheet_changed (PtSheetView *view,
                  PtScoreSheetPage *self)
{
  if (!filling_in (self))
    set_dirty (self, TRUE);
  schedule_draft (self);
}

/* A damaged or read-only history takes no new match. */
static gboolean
history_read_only (PtScoreSheetPage *self)
{
  return pt_services_is_read_only (self->services);
}

/* Save: a sheet the rules layer accepts, with something new on it. */
static void
update_save (PtScoreSheetPage *self)
{
  gboolean valid = self->sheet_view != NULL && pt_sheet_view_get_valid (self->sheet_view);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sheet.save",
                                 valid && self->dirty && !self->saving && !history_read_only (self));
}

static void
on_sheet_valid (PtSheetView *view,
                GParamSpec *pspec,
                PtScoreSheetPage *self)
{
  const char *message = pt_sheet_view_get_error_message (view);

  update_save (self);
  if ((message == NULL || message[0] == '\0') && history_read_only (self))
    message = _("The history cannot be changed now, so this match cannot be saved in it");
  gtk_label_set_text (self->error_label, message ? message : "");
}

/* The rows of the stack's child that @name replaces leave the screen
 * (pt-text-hover.c). */
static void
show_stack_child (PtScoreSheetPage *self,
                  const char *name)
{
  GtkWidget *shown = gtk_stack_get_visible_child (self->stack);

  if (shown != NULL && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), name) != 0)
    pt_drop_text_hover (shown);
  gtk_stack_set_visible_child_name (self->stack, name);
}

static void
set_sheet_view (PtScoreSheetPage *self,
                PtSheetView *view)
{
  guint min, max;

  if (self->sheet_view != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->sheet_view, self);
      /* Its rows leave the screen (pt-text-hover.c). */
      pt_drop_text_hover (GTK_WIDGET (self->sheet_view));
    }
  self->sheet_view = view;
  adw_bin_set_child (self->sheet_bin, GTK_WIDGET (view));
  if (view == NULL)
    return;

  min = pt_sheet_view_get_min_players (view);
  max = pt_sheet_view_get_max_players (view);
  gtk_spin_button_set_range (self->n_players_spin, min, max);
  gtk_widget_set_visible (GTK_WIDGET (self->n_players_spin), min != max);
  g_signal_connect_object (view, "changed", G_CALLBACK (on_sheet_changed), self, 0);
  g_signal_connect_object (view, "notify::valid", G_CALLBACK (on_sheet_valid), self, 0);
  g_signal_connect_object (view, "notify::error-message", G_CALLBACK (on_sheet_valid), self, 0);
}

static void
select_game_row (PtScoreSheetPage *self)
{
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (g_strcmp0 (pt_game_ui_list ()[i]->game_id, self->game) == 0)
      adw_combo_row_set_selected (self->game_row, i);
}

/* Applies a draft to the fresh sheet; FALSE if it cannot be read. */
static gboolean
apply_draft (PtScoreSheetPage *self,
             const char *text)
{
  g_autoptr(JsonNode) node = pt_json_parse (text, NULL);
  JsonObject *draft = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonObject *sheet = draft ? pt_companion_obj (draft, "sheet") : NULL;
  JsonArray *names = draft ? pt_companion_arr (draft, "names") : NULL;

  if (sheet == NULL)
    return FALSE;
  self->editing_id = json_object_get_int_member_with_default (draft, "editing", 0);
  self->started = json_object_get_int_member_with_default (draft, "started", self->started);
  gtk_editable_set_text (GTK_EDITABLE (self->notes_row),
                         json_object_get_string_member_with_default (draft, "notes", ""));
  gtk_spin_button_set_value (self->n_players_spin,
                             json_object_get_int_member_with_default (draft, "n_players", 2));
  for (guint i = 0; names != NULL && i < json_array_get_length (names) && i < MAX_SEATS; i++)
    gtk_editable_set_text (GTK_EDITABLE (self->player_rows[i]),
                           json_array_get_string_element (names, i));
  return pt_sheet_view_load_sheet (self->sheet_view, sheet, NULL);
}

static void
reset_fields (PtScoreSheetPage *self)
{
  self->editing_id = 0;
  self->started = g_get_real_time () / G_USEC_PER_SEC;
  gtk_editable_set_text (GTK_EDITABLE (self->notes_row), "");
  for (guint i = 0; i < MAX_SEATS; i++)
    gtk_editable_set_text (GTK_EDITABLE (self->player_rows[i]), "");
}

static void
show_notice (PtScoreSheetPage *self,
             const char *text)
{
  gtk_label_set_text (self->draft_label, text ? text : "");
  gtk_revealer_set_reveal_child (self->draft_revealer, text != NULL);
}

/* Reading a sheet's contents on the worker ----------------------------------
 *
 * A sheet shows at once, empty and insensitive, and fills in from one read
 * on the worker: the game's draft, tonight's game night and its people,
 * the game's last match. A match to edit is read the same way, with the
 * "loading" page meanwhile; one that cannot be read shows why on the
 * "error" page, never an empty sheet that would be saved over it. */

typedef struct
{
  char *game;      /* a new sheet's game (NULL: the match's) */
  gint64 match_id; /* the match to edit, else 0 */
  gboolean use_draft;
  gboolean prefill; /* the players: tonight's, else the last match's */
  char *today;      /* ISO date of tonight */
} SheetRequest;

typedef struct
{
  PtMatchEntry *match;   /* the match to edit */
  gboolean draft_read;   /* the draft was asked for… */
  gboolean draft_failed; /* … and could not be read */
  char *draft;           /* NULL: none */
  PtNight *tonight;
  GPtrArray *attendees; /* tonight's people (PtPlayer) */
  PtMatchEntry *last;   /* the game's last match */
  GError *error;        /* the first read that failed: the sheet works without it */
} SheetRead;

static void
sheet_request_free (gpointer data)
{
  SheetRequest *request = data;

  g_free (request->game);
  g_free (request->today);
  g_free (request);
}

static void
sheet_read_free (gpointer data)
{
  SheetRead *read = data;

  g_clear_pointer (&read->match, pt_match_entry_unref);
  g_free (read->draft);
  g_clear_pointer (&read->tonight, pt_night_unref);
  g_clear_pointer (&read->attendees, g_ptr_array_unref);
  g_clear_pointer (&read->last, pt_match_entry_unref);
  g_clear_error (&read->error);
  g_free (read);
}

static void
keep_first_error (SheetRead *read,
                  GError **error)
{
  if (*error == NULL)
    return;
  if (read->error == NULL)
    read->error = g_steal_pointer (error);
  else
    g_clear_error (error);
}

/* On the worker thread. NULL with @error only when the match to edit
 * cannot be read: everything else the sheet can do without. */
static gpointer
read_sheet (PtStore *store,
            PtStats *stats,
            gpointer data,
            GCancellable *cancellable,
            GError **error)
{
  SheetRequest *request = data;
  SheetRead *read = g_new0 (SheetRead, 1);
  const char *game = request->game;
  g_autoptr(GPtrArray) nights = NULL;
  g_autoptr(GError) local = NULL;

  if (request->match_id != 0)
    {
      read->match = pt_store_load_match (store, request->match_id, error);
      if (read->match == NULL)
        {
          sheet_read_free (read);
          return NULL;
        }
      game = read->match->game;
    }
  if (request->use_draft)
    {
      read->draft_read = TRUE;
      read->draft = pt_store_get_draft (store, game, &local);
      read->draft_failed = local != NULL;
      keep_first_error (read, &local);
    }
  /* Tonight's night: the latest night dated today. */
  nights = pt_store_list_nights (store, &local);
  keep_first_error (read, &local);
  for (guint i = 0; nights != NULL && i < nights->len; i++)
    {
      PtNight *night = g_ptr_array_index (nights, i);

      if (g_strcmp0 (night->date, request->today) == 0 && (read->tonight == NULL || night->id > read->tonight->id))
        read->tonight = night;
    }
  if (read->tonight != NULL)
    pt_night_ref (read->tonight);
  if (!request->prefill)
    return read;
  /* Tonight's attendance list, from the store so it survives a restart. */
  if (read->tonight != NULL)
    {
      read->attendees = pt_store_get_night_players (store, read->tonight->id, &local);
      keep_first_error (read, &local);
    }
  {
    PtHistoryQuery query;
    g_autoptr(GPtrArray) last = NULL;

    pt_history_query_init (&query);
    query.game = game;
    query.limit = 1;
    last = pt_store_history (store, &query, &local);
    keep_first_error (read, &local);
    if (last != NULL && last->len > 0)
      read->last = pt_match_entry_ref (g_ptr_array_index (last, 0));
  }
  return read;
}

/* The empty sheet of @game on screen; its contents follow (fill_sheet). */
static void
show_fresh_sheet (PtScoreSheetPage *self,
                  const char *game)
{
  PtSheetView *view = new_sheet_view (game);

  g_return_if_fail (view != NULL);
  if (self->draft_source != 0)
    write_draft_now (self);
  /* A draft that could not be read stays protected while its game is on. */
  if (g_strcmp0 (self->game, game) != 0)
    self->keep_draft = FALSE;
  self->loading = TRUE;
  g_free (self->game);
  self->game = g_strdup (game);
  select_game_row (self);
  set_sheet_view (self, view);
  reset_fields (self);
  update_night (self, NULL);
  show_notice (self, NULL);
  self->loading = FALSE;
  self->dirty = FALSE;
  update_save (self);
  show_stack_child (self, "sheet");
}

/* The contents from the worker (NULL: none could be read): the draft
 * back, else tonight's people or the last match's, and the game's
 * defaults; then the sheet takes input. */
static void
fill_sheet (PtScoreSheetPage *self,
            SheetRead *read)
{
  PtSheetView *view = self->sheet_view;
  gboolean restored;

  self->loading = TRUE;
  update_night (self, read != NULL ? read->tonight : NULL);
  if (read == NULL || read->draft_read)
    self->keep_draft = read == NULL || read->draft_failed;
  restored = read != NULL && read->draft != NULL && apply_draft (self, read->draft);
  if (restored)
    show_notice (self, self->editing_id != 0
                 ? _("You were changing a saved match: your changes are back.")
                 : _("This sheet was not saved last time: it is back as you left it."));
  else
    {
      const PtGameUi *ui = pt_game_ui_lookup (self->game);
      GSettings *settings = pt_services_get_settings (self->services);
      GSettings *game_settings = settings != NULL ? pt_game_ui_get_settings (ui, settings) : NULL;

      if (read != NULL)
        prefill_players (self, read->last);
      /* Tonight's people come first, by name as the store lists them. */
      if (read != NULL && read->attendees != NULL && read->attendees->len > 0)
        {
          guint n = CLAMP (read->attendees->len, pt_sheet_view_get_min_players (view),
                           pt_sheet_view_get_max_players (view));

          gtk_spin_button_set_value (self->n_players_spin, n);
          for (guint i = 0; i < n && i < MAX_SEATS; i++)
            gtk_editable_set_text (GTK_EDITABLE (self->player_rows[i]),
                                   i < read->attendees->len
                                       ? ((PtPlayer *) g_ptr_array_index (read->attendees, i))->name
                                       : "");
        }
      /* The game's defaults from Preferences, which the sheet can change. */
      if (game_settings != NULL && ui->sheet_apply_settings != NULL)
        ui->sheet_apply_settings (GTK_WIDGET (view), game_settings);
    }
  update_player_rows (self);
  push_player_names (self);
  self->loading = FALSE;
  self->opening = FALSE;
  gtk_widget_set_sensitive (self->form, TRUE);
  self->dirty = restored;
  on_sheet_valid (view, NULL, self);
}

static void
sheet_read (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  g_autoptr(PtScoreSheetPage) self = user_data;
  g_autoptr(GError) error = NULL;
  SheetRead *read = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);

  /* A newer sheet, or the page gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* The sheet works without the history (no draft, no night): the reason
   * is said. */
  pt_companion_error_toast (GTK_WIDGET (self), read != NULL ? read->error : error);
  fill_sheet (self, read);
  g_clear_pointer (&read, sheet_read_free);
}

/* A fresh sheet for @game; with @use_draft, the draft when there is one;
 * with @prefill, the players of tonight or of the last match. */
static void
open_sheet (PtScoreSheetPage *self,
            const char *game,
            gboolean use_draft,
            gboolean prefill)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);
  SheetRequest *request;

  show_fresh_sheet (self, game);
  if (worker == NULL)
    {
      g_cancellable_cancel (self->open_read);
      pt_companion_error_toast (GTK_WIDGET (self), error);
      fill_sheet (self, NULL);
      return;
    }
  self->opening = TRUE;
  gtk_widget_set_sensitive (self->form, FALSE);
  request = g_new0 (SheetRequest, 1);
  request->game = g_strdup (game);
  request->use_draft = use_draft;
  request->prefill = prefill;
  request->today = pt_companion_today_iso ();
  pt_store_worker_run (worker, NULL, read_sheet, request, sheet_request_free, sheet_read_free,
                       renew_cancellable (&self->open_read), sheet_read, g_object_ref (self));
}

void
pt_score_sheet_page_open_game (PtScoreSheetPage *self,
                               const char *game)
{
  g_return_if_fail (PT_IS_SCORE_SHEET_PAGE (self));
  open_sheet (self, game, TRUE, TRUE);
}

/* Editing ------------------------------------------------------------------- */

static void
show_edit_error (PtScoreSheetPage *self,
                 const GError *error)
{
  /* The description is markup; the message may quote names. */
  g_autofree char *escaped = g_markup_escape_text (error->message, -1);

  adw_status_page_set_description (self->error_page, escaped);
  show_stack_child (self, "error");
  /* A read that failed as damaged: check the whole history, and say so. */
  pt_store_health_read_failed (error);
}

/* The match read on the worker, on its sheet; FALSE with @error when it
 * was not kept with a score sheet. */
static gboolean
show_match (PtScoreSheetPage *self,
            SheetRead *read,
            GError **error)
{
  PtMatchEntry *entry = read->match;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *sheet = NULL;

  node = entry->breakdown ? pt_json_parse (entry->breakdown, NULL) : NULL;
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    sheet = pt_companion_obj (json_node_get_object (node), "sheet");
  if (entry->mode != PT_MATCH_MODE_COMPANION || sheet == NULL || pt_game_ui_lookup (entry->game) == NULL)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("Only matches kept with a score sheet can be edited"));
      return FALSE;
    }

  show_fresh_sheet (self, entry->game);
  fill_sheet (self, read);
  self->loading = TRUE;
  self->editing_id = entry->id;
  self->started = entry->started;
  gtk_editable_set_text (GTK_EDITABLE (self->notes_row), entry->notes ? entry->notes : "");
  gtk_spin_button_set_value (self->n_players_spin, entry->results->len);
  for (guint i = 0; i < entry->results->len && i < MAX_SEATS; i++)
    {
      PtMatchResult *result = g_ptr_array_index (entry->results, i);

      gtk_editable_set_text (GTK_EDITABLE (self->player_rows[i]), result->player_name);
    }
  gtk_switch_set_active (self->night_switch, entry->night_id != 0);
  if (entry->night_id != 0)
    self->night_id = entry->night_id;
  pt_sheet_view_load_sheet (self->sheet_view, sheet, NULL);
  push_player_names (self);
  self->loading = FALSE;
  /* Saving it unchanged would change nothing. */
  set_dirty (self, FALSE);
  show_notice (self, _("Editing a saved match: saving replaces it."));
  write_draft_now (self);
  return TRUE;
}

/* The match asked for (by a match page's "Edit") is in: the keyboard
 * focus comes to the sheet, as if the page had been opened with it in
 * place. It was on that "Edit" button, gone from the screen with the
 * history, and GTK 4.8 had moved it to whatever came next (a toast's
 * button, where Enter would act on the toast): only the spinner was here
 * to take it. */
static void
focus_page_if_elsewhere (PtScoreSheetPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) ||
      (focus != NULL && gtk_widget_get_mapped (focus) && gtk_widget_is_ancestor (focus, GTK_WIDGET (self))))
    return;
  gtk_widget_child_focus (GTK_WIDGET (self), GTK_DIR_TAB_FORWARD);
}

static void
match_read (GObject *source,
            GAsyncResult *result,
            gpointer user_data)
{
  g_autoptr(PtScoreSheetPage) self = user_data;
  g_autoptr(GError) error = NULL;
  SheetRead *read = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);

  /* A newer request, or the page gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  gtk_spinner_stop (self->spinner);
  if (read == NULL || !show_match (self, read, &error))
    show_edit_error (self, error);
  else
    pt_companion_error_toast (GTK_WIDGET (self), read->error);
  g_clear_pointer (&read, sheet_read_free);
  focus_page_if_elsewhere (self);
}

/* The page shows "loading" at once; the match is read on the worker. */
gboolean
pt_score_sheet_page_edit_match (PtScoreSheetPage *self,
                                gint64 match_id,
                                GError **error)
{
  PtStoreWorker *worker;
  SheetRequest *request;

  g_return_val_if_fail (PT_IS_SCORE_SHEET_PAGE (self), FALSE);
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;
  /* The sheet on screen keeps its draft, and goes: until the match is in,
   * nothing can be saved or drafted over it. */
  if (self->draft_source != 0)
    write_draft_now (self);
  set_sheet_view (self, NULL);
  g_clear_pointer (&self->game, g_free);
  self->editing_id = 0;
  self->opening = FALSE;
  update_save (self);
  gtk_spinner_start (self->spinner);
  show_stack_child (self, "loading");
  request = g_new0 (SheetRequest, 1);
  request->match_id = match_id;
  request->today = pt_companion_today_iso ();
  pt_store_worker_run (worker, NULL, read_sheet, request, sheet_request_free, sheet_read_free,
                       renew_cancellable (&self->open_read), match_read, g_object_ref (self));
  return TRUE;
}

/* Saving --------------------------------------------------------------------- */

static gboolean
is_winner (JsonArray *winners,
           guint seat)
{
  for (guint i = 0; winners != NULL && i < json_array_get_length (winners); i++)
    if (pt_companion_int_at (winners, i) == seat)
      return TRUE;
  return FALSE;
}

/* Ranks follow the rules layer's verdict: its winners (after the game's
 * tie-break) rank first, then everyone by score; equal scores share. */
static void
assign_ranks (GPtrArray *results)
{
  for (guint i = 0; i < results->len; i++)
    {
      PtMatchResult *a = g_ptr_array_index (results, i);
      int better = 0;

      for (guint j = 0; j < results->len; j++)
        {
          PtMatchResult *b = g_ptr_array_index (results, j);

          if ((b->winner && !a->winner) || (b->winner == a->winner && b->score > a->score))
            better++;
        }
      a->rank = better + 1;
    }
}

/* Each game's result names the scores and winners a little differently. */
static JsonArray *
result_scores (JsonObject *result)
{
  if (json_object_has_member (result, "totals"))
    return pt_companion_arr (result, "totals");
  return pt_companion_arr (result, "scores");
}

static gboolean
editable_match (PtStore *store,
                gint64 id)
{
  g_autoptr(PtMatchEntry) entry = pt_store_load_match (store, id, NULL);

  return entry != NULL && !entry->deleted;
}

typedef struct
{
  PtMatchEntry *entry;
  GStrv names;
  gint64 editing_id;
  char *game;
  gboolean keep_draft; /* the game's draft could not be read: it stays */
} SaveWrite;

static void
save_write_free (gpointer data)
{
  SaveWrite *write = data;

  pt_match_entry_unref (write->entry);
  g_strfreev (write->names);
  g_free (write->game);
  g_free (write);
}

/* On the worker thread. Editing corrects the match in place: it keeps its
 * id and UUID, so the history (and its delete/undo) and exports keep
 * recognising it. One deleted meanwhile (a draft restored later) is saved
 * as a new match. Either way it is the session layer's one final save: the
 * players (by the identity rule, archived ones brought back), the night
 * and the match, in one transaction; then the draft goes. */
static gint64
save_job (PtStore *store,
          gpointer data,
          GError **error)
{
  SaveWrite *write = data;
  gint64 id;

  if (write->editing_id != 0 && editable_match (store, write->editing_id))
    write->entry->id = write->editing_id;
  id = pt_session_store_match (store, write->entry, (const char *const *) write->names, 0, error);
  if (id > 0 && !write->keep_draft)
    {
      g_autoptr(GError) draft_error = NULL;

      if (!pt_store_clear_draft (store, write->game, &draft_error))
        g_message ("Could not clear the score sheet draft: %s", draft_error->message);
    }
  return id;
}

static void on_saved (GObject *source, GAsyncResult *result, gpointer user_data);

/* Checks the sheet and queues its save with the store worker (FALSE with
 * @error when the sheet cannot be saved; the answer comes to on_saved). */
gboolean
pt_score_sheet_page_save (PtScoreSheetPage *self,
                          GError **error)
{
  PtStoreWorker *worker;
  SaveWrite *write;
  JsonObject *result;
  JsonArray *scores, *winners;
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonObject) breakdown = NULL;
  g_autoptr(JsonNode) breakdown_node = NULL;
  g_autoptr(JsonObject) options = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(JsonObject) sheet = NULL;
  g_auto(GStrv) names = g_new0 (char *, MAX_SEATS + 1);
  guint n;

  g_return_val_if_fail (PT_IS_SCORE_SHEET_PAGE (self), FALSE);

  if (self->sheet_view == NULL || !pt_sheet_view_get_valid (self->sheet_view))
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("The sheet has an impossible value: correct it before saving"));
      return 0;
    }
  if (self->saving)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_BUSY, _("The match is being saved"));
      return FALSE;
    }
  if (self->opening)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_BUSY, _("The sheet is still being read"));
      return FALSE;
    }
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    return FALSE;

  n = n_seats (self);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player_rows[i]))));
      g_autofree char *key = pt_player_name_key (name);

      if (name[0] == '\0')
        {
          g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                       _("Type the name of player %u"), i + 1);
          gtk_widget_add_css_class (self->player_rows[i], "error");
          return 0;
        }
      gtk_widget_remove_css_class (self->player_rows[i], "error");
      if (!g_hash_table_add (seen, g_steal_pointer (&key)))
        {
          g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                       _("%s is at the table twice"), name);
          gtk_widget_add_css_class (self->player_rows[i], "error");
          return 0;
        }
    }

  /* Score once more from the widgets, so what is saved is exactly what the
   * rules layer says about what is on screen. */
  pt_sheet_view_evaluate (self->sheet_view);
  result = pt_sheet_view_get_result (self->sheet_view);
  if (result == NULL)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           pt_sheet_view_get_error_message (self->sheet_view));
      return 0;
    }
  scores = result_scores (result);
  winners = pt_companion_arr (result, "winners");
  if (scores == NULL || json_array_get_length (scores) != n)
    {
      g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
                           _("The sheet has no scores to save yet"));
      return 0;
    }

  entry = pt_match_entry_new (self->game, PT_MATCH_MODE_COMPANION);
  entry->started = self->started;
  entry->finished = g_get_real_time () / G_USEC_PER_SEC;
  entry->night_id = gtk_switch_get_active (self->night_switch) ? self->night_id : 0;
  entry->notes = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->notes_row)));
  entry->rule_reading = pt_sheet_view_get_rule_reading (self->sheet_view);
  sheet = pt_sheet_view_build_sheet (self->sheet_view);
  if (json_object_has_member (result, "options"))
    {
      g_autoptr(JsonNode) options_node = json_node_copy (json_object_get_member (result, "options"));

      entry->options = json_to_string (options_node, FALSE);
    }
  breakdown = json_object_new ();
  {
    g_autoptr(GList) members = json_object_get_members (result);

    for (GList *l = members; l != NULL; l = l->next)
      json_object_set_member (breakdown, l->data,
                              json_node_copy (json_object_get_member (result, l->data)));
  }
  json_object_set_object_member (breakdown, "sheet", json_object_ref (sheet));
  breakdown_node = json_node_init_object (json_node_alloc (), breakdown);
  entry->breakdown = json_to_string (breakdown_node, FALSE);

  for (guint i = 0; i < n; i++)
    {
      names[i] = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player_rows[i]))));
      /* The player ids come from the identity rule, in the save. */
      pt_match_entry_add_result (entry,
                                 pt_match_result_new (0, (int) i,
                                                      (int) pt_companion_int_at (scores, i),
                                                      is_winner (winners, i)));
    }
  assign_ranks (entry->results);

  write = g_new0 (SaveWrite, 1);
  write->entry = g_steal_pointer (&entry);
  write->names = g_steal_pointer (&names);
  write->editing_id = self->editing_id;
  write->game = g_strdup (self->game);
  write->keep_draft = self->keep_draft;
  /* Nothing more is drafted for this sheet: the save clears the draft. */
  g_clear_handle_id (&self->draft_source, g_source_remove);
  self->saving = TRUE;
  update_save (self);
  gtk_label_set_text (self->error_label, "");
  pt_store_worker_write (worker, save_job, write, save_write_free, NULL, on_saved, g_object_ref (self));
  return TRUE;
}

/* The worker's answer: a fresh sheet for the next match, or the sheet as
 * it was with the reason it could not be saved. */
static void
on_saved (GObject *source,
          GAsyncResult *result,
          gpointer user_data)
{
  g_autoptr(PtScoreSheetPage) self = user_data;
  GtkWidget *widget = GTK_WIDGET (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *game = g_strdup (self->game);
  gboolean edited = self->editing_id != 0;
  AdwToast *toast;

  self->saving = FALSE;
  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, NULL, &error) &&
      gtk_widget_get_root (widget) == NULL)
    {
      /* The window went meanwhile: the draft still holds the sheet. */
      g_message ("%s", error->message);
      return;
    }
  if (gtk_widget_get_root (widget) == NULL)
    return;
  if (error != NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      pt_companion_error_toast (widget, error);
      update_save (self);
      return;
    }
  toast = adw_toast_new (edited ? _("Match updated in the history") : _("Match saved in the history"));
  adw_toast_set_button_label (toast, _("_Show History"));
  adw_toast_set_action_name (toast, "win.show-history");
  pt_companion_toast (widget, toast);
  /* A match to edit asked for meanwhile (or one that could not be read)
   * stays on screen. */
  if (self->sheet_view == NULL)
    return;
  /* A new sheet for the next match, with the same players. */
  {
    guint n = n_seats (self);
    g_auto(GStrv) names = g_new0 (char *, MAX_SEATS + 1);

    for (guint i = 0; i < n; i++)
      names[i] = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player_rows[i])));
    /* The same players, not tonight's or the last match's. */
    open_sheet (self, game, FALSE, FALSE);
    /* Not a draft yet: nothing has been typed on the new sheet. */
    self->loading = TRUE;
    gtk_spin_button_set_value (self->n_players_spin, n);
    for (guint i = 0; i < n; i++)
      gtk_editable_set_text (GTK_EDITABLE (self->player_rows[i]), names[i]);
    push_player_names (self);
    self->loading = FALSE;
    /* Nothing is on the new sheet: Save waits for the next match. */
    set_dirty (self, FALSE);
  }
}

static void
save_action (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (!pt_score_sheet_page_save (self, &error))
    gtk_label_set_text (self->error_label, error->message);
}

static void
new_action (GtkWidget *widget,
            const char *action_name,
            GVariant *parameter)
{
  pt_score_sheet_page_open_game (PT_SCORE_SHEET_PAGE (widget), g_variant_get_string (parameter, NULL));
}

static void
discard_action (GtkWidget *widget,
                const char *action_name,
                GVariant *parameter)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (widget);
  g_autofree char *game = g_strdup (self->game);

  clear_draft (self);
  open_sheet (self, game, FALSE, TRUE);
}

static void
close_action (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (widget);

  /* The draft stays: the sheet comes back when the game is picked again. */
  if (self->draft_source != 0)
    write_draft_now (self);
  show_stack_child (self, "start");
}

static void
on_game_selected (AdwComboRow *row,
                  GParamSpec *pspec,
                  PtScoreSheetPage *self)
{
  guint selected = adw_combo_row_get_selected (row);

  if (self->loading || selected >= pt_game_ui_get_n () ||
      g_strcmp0 (pt_game_ui_list ()[selected]->game_id, self->game) == 0)
    return;
  open_sheet (self, pt_game_ui_list ()[selected]->game_id, TRUE, TRUE);
}

static void
on_text_changed (GtkEditable *editable,
                 PtScoreSheetPage *self)
{
  if (!filling_in (self))
    set_dirty (self, TRUE);
  schedule_draft (self);
}

static void
pt_score_sheet_page_unmap (GtkWidget *widget)
{
  pt_score_sheet_page_flush_draft (PT_SCORE_SHEET_PAGE (widget));
  /* Before GTK unmaps the rows (pt-text-hover.c). */
  pt_drop_text_hover (widget);
  GTK_WIDGET_CLASS (pt_score_sheet_page_parent_class)->unmap (widget);
}

static void
pt_score_sheet_page_dispose (GObject *object)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (object);

  /* Closing the window must not lose the last keystrokes. */
  if (self->draft_source != 0)
    write_draft_now (self);
  /* No late answer reaches a page that is going. */
  g_cancellable_cancel (self->open_read);
  g_clear_object (&self->open_read);
  g_cancellable_cancel (self->picker_read);
  g_clear_object (&self->picker_read);
  if (self->sheet_view != NULL)
    g_signal_handlers_disconnect_by_data (self->sheet_view, self);
  self->sheet_view = NULL;
  /* The bound stack is AdwBin's child: take it out of the bin first, or
   * the template and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_SCORE_SHEET_PAGE);

  g_clear_object (&self->services);
  G_OBJECT_CLASS (pt_score_sheet_page_parent_class)->dispose (object);
}

static void
pt_score_sheet_page_finalize (GObject *object)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (object);

  g_clear_pointer (&self->game, g_free);
  G_OBJECT_CLASS (pt_score_sheet_page_parent_class)->finalize (object);
}

static void
pt_score_sheet_page_constructed (GObject *object)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (object);

  G_OBJECT_CLASS (pt_score_sheet_page_parent_class)->constructed (object);

  g_assert (PT_IS_SERVICES (self->services));
  /* The name fields ask the services' history for close names. */
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *title = g_strdup_printf (_("Player %u"), i + 1);
      g_autofree char *name = g_strdup_printf ("player-%u", i);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_widget_set_name (row, name);
      pt_name_suggest_attach (ADW_ENTRY_ROW (row), self->services);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), new_player_picker (self, row));
      g_signal_connect_object (row, "changed", G_CALLBACK (on_player_name_changed), self, 0);
      adw_preferences_group_add (self->players_group, row);
      self->player_rows[i] = row;
    }
}

static void
pt_score_sheet_page_get_property (GObject *object,
                                  guint prop_id,
                                  GValue *value,
                                  GParamSpec *pspec)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (object);

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
pt_score_sheet_page_set_property (GObject *object,
                                  guint prop_id,
                                  const GValue *value,
                                  GParamSpec *pspec)
{
  PtScoreSheetPage *self = PT_SCORE_SHEET_PAGE (object);

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
pt_score_sheet_page_class_init (PtScoreSheetPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_score_sheet_page_constructed;
  object_class->dispose = pt_score_sheet_page_dispose;
  object_class->get_property = pt_score_sheet_page_get_property;
  object_class->set_property = pt_score_sheet_page_set_property;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
  object_class->finalize = pt_score_sheet_page_finalize;
  widget_class->unmap = pt_score_sheet_page_unmap;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-score-sheet-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, form);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, error_page);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, game_buttons);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, draft_revealer);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, draft_label);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, game_row);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, night_row);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, night_switch);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, notes_row);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, players_group);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, n_players_spin);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, sheet_bin);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, PtScoreSheetPage, save_button);

  gtk_widget_class_install_action (widget_class, "sheet.new", "s", new_action);
  gtk_widget_class_install_action (widget_class, "sheet.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "sheet.discard", NULL, discard_action);
  gtk_widget_class_install_action (widget_class, "sheet.close", NULL, close_action);
}

static void
pt_score_sheet_page_init (PtScoreSheetPage *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      GtkWidget *button = gtk_button_new_with_label (pt_game_ui_title (ui->game_id));

      gtk_string_list_append (games, pt_game_ui_title (ui->game_id));
      /* The start page: one button per game, the first suggested. */
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "sheet.new");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", ui->game_id);
      gtk_widget_add_css_class (button, "pill");
      if (i == 0)
        gtk_widget_add_css_class (button, "suggested-action");
      gtk_box_append (self->game_buttons, button);
    }
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  g_signal_connect_object (self->game_row, "notify::selected", G_CALLBACK (on_game_selected), self, 0);

  g_signal_connect_object (self->n_players_spin, "value-changed", G_CALLBACK (on_n_players_changed), self, 0);
  g_signal_connect_object (self->notes_row, "changed", G_CALLBACK (on_text_changed), self, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->night_row), FALSE);
  /* "Tonight at PLACE": the place is typed by people, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->night_row), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sheet.save", FALSE);
}
