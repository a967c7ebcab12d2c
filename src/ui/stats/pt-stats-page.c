/* pt-stats-page.c — the Players area: players, statistics and charts
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything shown comes from PtStats (plays, wins, streaks, ratings…); the
 * page only lays it out and draws the charts. Player changes go straight to
 * the store, except a merge: the store cannot split two players again, so
 * the merge waits until its undo toast is gone (the merged-away player is
 * hidden meanwhile) — Undo then simply forgets it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-paced.h"
#include "pt-read-reply.h"
#include "pt-stats-page.h"
#include "pt-text-line.h"

#define DISTRIBUTION_BINS 8
/* A player page whose figures take longer than this shows a spinner. */
#define SPINNER_DELAY_MS  200

struct _PtStatsPage
{
  AdwBin parent_instance;

  PtServices *services;

  gint64 player_id;    /* the player page on screen, 0 = none */
  gint64 player_shown; /* whose figures the player page holds */
  gint64 merge_from;   /* a merge waiting for its toast, 0 = none */
  gint64 merge_into;
  AdwToast *merge_toast;  /* weak */
  char *leaderboard_game; /* NULL = all games */
  gboolean show_archived;
  GHashTable *charts; /* name → PtChart (weak, of the player page) */
  guint refresh_source;
  gint64 h2h_a; /* the pair picked in the head-to-head group */
  gint64 h2h_b;
  /* The Players page's three groups and what each shows: a reload
   * rebuilds only the groups whose figures changed. */
  GtkWidget *overview_box;
  GtkWidget *overview_groups[3];
  char *overview_keys[3];
  GtkWidget *h2h_row;  /* weak */
  guint overview_fill; /* building the Players page (pt-paced.h) */
  /* What the player page shows, and the spinner it shows meanwhile when
   * the figures take long to come. */
  char *player_key;
  guint spinner_source;
  /* Every read of the page's on the store worker: dispose cancels them. */
  GCancellable *reads;

  GtkStack *stack;
  AdwStatusPage *empty_status;
  AdwBin *overview_bin;
  AdwBin *player_bin;
  GtkScrolledWindow *player_scroller;
};

G_DEFINE_FINAL_TYPE (PtStatsPage, pt_stats_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
stats_read_only (PtStatsPage *self)
{
  return pt_services_is_read_only (self->services);
}

static void schedule_refresh (PtStatsPage *self);

/**
 * pt_stats_page_new:
 * @services: the history the page reads and changes
 */
GtkWidget *
pt_stats_page_new (PtServices *services)
{
  g_return_val_if_fail (PT_IS_SERVICES (services), NULL);

  return g_object_new (PT_TYPE_STATS_PAGE, "services", services, NULL);
}

static char *
percent (double rate)
{
  /* TRANSLATORS: a win rate; Spanish writes "42 %" */
  return g_strdup_printf (_("%.0f%%"), rate * 100.0);
}

/* The label under @widget that shows @text on one line (a group's
 * title: see single_line () below for why). */
static void
single_line_label (GtkWidget *widget,
                   const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0)
      {
        gtk_label_set_wrap (GTK_LABEL (child), FALSE);
        gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_END);
      }
    else if (!GTK_IS_LABEL (child))
      single_line_label (child, text);
}

static GtkWidget *
new_group (const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  pt_companion_group_set_title (group, title);
  if (description != NULL)
    pt_companion_group_set_description (group, description);
  single_line_label (group, title);
  return group;
}

/* GTK 4.8 measures a wrapping label by shaping its text again for every
 * width it is asked about, and a page of rows is asked about many: the
 * thirty rows of the Players page cost ~100 ms of layout when their titles
 * wrap, ~10 ms on one line. The rows of these lists hold one line each,
 * ellipsized (the whole text stays the row's accessible name). */
static GtkWidget *
single_line (GtkWidget *row)
{
  for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_label_get_wrap (GTK_LABEL (child)))
      {
        gtk_label_set_wrap (GTK_LABEL (child), FALSE);
        gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_END);
      }
    else if (!GTK_IS_LABEL (child))
      single_line (child);
  return row;
}

/* A row of text alone: one widget (pt-text-line.h). */
static GtkWidget *
line_row_new (const char *title,
              const char *subtitle,
              const char *value)
{
  return pt_text_line_row_new (title, subtitle, value);
}

/* A row that gets a widget at its end (a switch, a button). */
static GtkWidget *
action_row_new (const char *title,
                const char *subtitle)
{
  return single_line (pt_companion_value_row_new (title, subtitle, NULL));
}

static char *
plays_text (PtStatLine *line)
{
  g_autofree char *rate = percent (line->win_rate);
  g_autofree char *plays = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d match", "%d matches",
                                                         line->plays),
                                            line->plays);
  g_autofree char *wins = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d win", "%d wins",
                                                        line->wins),
                                           line->wins);

  return g_strdup_printf ("%s · %s · %s", plays, wins, rate);
}

/* Overview ---------------------------------------------------------------------- */

static void
on_player_row_activated (GtkListBox *list,
                         GtkListBoxRow *row,
                         PtStatsPage *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "player-id"));

  if (id == 0)
    return;

  pt_stats_page_show_player (self, id);
}

static void
on_show_archived (GtkSwitch *toggle,
                  GParamSpec *pspec,
                  PtStatsPage *self)
{
  self->show_archived = gtk_switch_get_active (toggle);
  schedule_refresh (self);
}

static void
on_leaderboard_game (GtkDropDown *drop_down,
                     GParamSpec *pspec,
                     PtStatsPage *self)
{
  guint selected = gtk_drop_down_get_selected (drop_down);

  pt_stats_page_set_leaderboard_game (self, selected > 0 && selected <= pt_game_ui_get_n ()
                                                ? pt_game_ui_list ()[selected - 1]->game_id
                                                : NULL);
}

static GtkWidget *
game_drop_down (const char *selected_game)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GtkWidget *drop_down;

  gtk_string_list_append (list, _("All games"));
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    gtk_string_list_append (list, pt_game_ui_title (pt_game_ui_list ()[i]->game_id));
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (list)), NULL);
  pt_accessible_set_label (drop_down, _("Game"));
  gtk_widget_set_valign (drop_down, GTK_ALIGN_CENTER);
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (g_strcmp0 (selected_game, pt_game_ui_list ()[i]->game_id) == 0)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), i + 1);
  return drop_down;
}

/* What the Players page shows, read on the store worker. */
typedef struct
{
  char *game;         /* the leaderboard's game, NULL = all */
  GPtrArray *players; /* everyone (also archived) */
  GPtrArray *active;
  GPtrArray *lines;   /* all games, archived too */
  GPtrArray *board;   /* lines of the leaderboard's game */
  GPtrArray *ratings; /* of the leaderboard's game, or NULL */
} OverviewData;

static void
overview_data_free (OverviewData *data)
{
  g_free (data->game);
  g_clear_pointer (&data->players, g_ptr_array_unref);
  g_clear_pointer (&data->active, g_ptr_array_unref);
  g_clear_pointer (&data->lines, g_ptr_array_unref);
  g_clear_pointer (&data->board, g_ptr_array_unref);
  g_clear_pointer (&data->ratings, g_ptr_array_unref);
  g_free (data);
}

/* The Players page's figures (@whole) or the leaderboard's alone, with
 * @game's ratings when it shows a game. */
static OverviewData *
read_figures (PtStore *store,
              PtStats *stats,
              const char *game,
              gboolean whole,
              GError **error)
{
  OverviewData *answer = g_new0 (OverviewData, 1);

  answer->game = g_strdup (game);
  if ((whole && ((answer->players = pt_store_list_players (store, TRUE, error)) == NULL ||
                 (answer->active = pt_store_list_players (store, FALSE, error)) == NULL ||
                 (answer->lines = pt_stats_overview (stats, NULL, TRUE, error)) == NULL)) ||
      (answer->board = pt_stats_overview (stats, answer->game, FALSE, error)) == NULL ||
      (answer->game != NULL && (answer->ratings = pt_stats_ratings (stats, answer->game, FALSE, error)) == NULL))
    {
      overview_data_free (answer);
      return NULL;
    }
  return answer;
}

static gpointer
read_overview (PtStore *store,
               PtStats *stats,
               gpointer data,
               GCancellable *cancellable,
               GError **error)
{
  return read_figures (store, stats, data, TRUE, error);
}

/* Another game in the leaderboard: its lines and ratings only. */
static gpointer
read_leaderboard (PtStore *store,
                  PtStats *stats,
                  gpointer data,
                  GCancellable *cancellable,
                  GError **error)
{
  return read_figures (store, stats, data, FALSE, error);
}

/* As a preferences group's own list does: Up and Down past its first or
 * last row move the focus on to the widget before or after it. */
static gboolean
on_list_keynav_failed (GtkWidget *list,
                       GtkDirectionType direction)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (list));

  if (root == NULL || (direction != GTK_DIR_UP && direction != GTK_DIR_DOWN))
    return FALSE;
  return gtk_widget_child_focus (root, direction == GTK_DIR_UP ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD);
}

static void
add_entry (GPtrArray *entries,
           char *title,
           char *subtitle,
           char *value)
{
  char **entry = g_new0 (char *, 4);

  entry[0] = title;
  entry[1] = subtitle;
  entry[2] = value;
  g_ptr_array_add (entries, entry);
}

/* The leaderboard's rows: title, subtitle and value of each. */
static GPtrArray *
leaderboard_entries (PtStatsPage *self,
                     OverviewData *data)
{
  GPtrArray *lines = data->board;
  GPtrArray *ratings = data->ratings;
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint position = 0;

  /* With a game: rated players first, best rating first (the store's order). */
  for (guint i = 0; ratings != NULL && i < ratings->len; i++)
    {
      PtRating *rating = g_ptr_array_index (ratings, i);
      PtStatLine *line = NULL;

      if (rating->player_id == self->merge_from)
        continue;
      for (guint j = 0; lines != NULL && j < lines->len; j++)
        if (((PtStatLine *) g_ptr_array_index (lines, j))->player_id == rating->player_id)
          line = g_ptr_array_index (lines, j);
      add_entry (entries, g_strdup_printf ("%u. %s", ++position, rating->player_name),
                 line ? plays_text (line) : NULL, g_strdup_printf ("%.0f", rating->rating));
    }
  for (guint i = 0; ratings == NULL && lines != NULL && i < lines->len; i++)
    {
      PtStatLine *line = g_ptr_array_index (lines, i);

      if (line->plays == 0 || line->player_id == self->merge_from)
        continue;
      add_entry (entries, g_strdup_printf ("%u. %s", ++position, line->player_name), plays_text (line),
                 g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d win", "%d wins", line->wins), line->wins));
    }
  if (position == 0)
    add_entry (entries, g_strdup (_("No matches of this game yet")), g_strdup (_("Save a match and the table fills in.")),
                                                                                NULL);
  return entries;
}

/* The leaderboard's rows, in a boxed list of their own (as the group's own
 * list looks): another game changes the rows' texts (or replaces the list
 * when their number changes), the group with its game drop-down stays. */
static GtkWidget *
leaderboard_list (GPtrArray *entries)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_widget_set_name (list, "leaderboard-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  g_signal_connect (list, "keynav-failed", G_CALLBACK (on_list_keynav_failed), NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      char **entry = g_ptr_array_index (entries, i);

      gtk_list_box_append (GTK_LIST_BOX (list), line_row_new (entry[0], entry[1], entry[2]));
    }
  return list;
}

static const char *
leaderboard_description (OverviewData *data)
{
  return data->game ? _("By rating (Elo, as on Board Game Arena), then wins") : _("By wins, then win rate");
}

/* The leaderboard in @group (built by build_leaderboard ()) for another
 * game or new figures. */
static void
update_leaderboard (PtStatsPage *self,
                    GtkWidget *group,
                    OverviewData *data)
{
  GtkWidget *old = g_object_get_data (G_OBJECT (group), "leaderboard-list");
  g_autoptr(GPtrArray) entries = leaderboard_entries (self, data);
  GtkDropDown *drop_down = g_object_get_data (G_OBJECT (group), "leaderboard-game");
  GtkWidget *row = gtk_widget_get_first_child (old);
  guint selected = 0, rows = 0;

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (g_strcmp0 (data->game, pt_game_ui_list ()[i]->game_id) == 0)
      selected = i + 1;
  /* Already so when the drop-down made the change (else its handler asks
   * for the game already shown, which does nothing). */
  gtk_drop_down_set_selected (drop_down, selected);
  pt_companion_group_set_description (group, leaderboard_description (data));
  for (GtkWidget *child = row; child != NULL; child = gtk_widget_get_next_sibling (child))
    rows++;
  /* As many rows as before: each takes its new texts. */
  if (rows == entries->len)
    {
      for (guint i = 0; i < entries->len; i++, row = gtk_widget_get_next_sibling (row))
        {
          char **entry = g_ptr_array_index (entries, i);

          pt_text_line_row_set_text (row, entry[0], entry[1], entry[2]);
        }
      return;
    }
  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), old);
  old = leaderboard_list (entries);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), old);
  g_object_set_data (G_OBJECT (group), "leaderboard-list", old);
}

static GtkWidget *
build_leaderboard (PtStatsPage *self,
                   OverviewData *data)
{
  GtkWidget *group = new_group (_("Leaderboard"), leaderboard_description (data));
  GtkWidget *drop_down = game_drop_down (data->game);
  g_autoptr(GPtrArray) entries = leaderboard_entries (self, data);
  GtkWidget *list = leaderboard_list (entries);

  gtk_widget_set_name (drop_down, "leaderboard-game");
  g_signal_connect_object (drop_down, "notify::selected", G_CALLBACK (on_leaderboard_game), self, 0);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), drop_down);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  g_object_set_data (G_OBJECT (group), "leaderboard-game", drop_down);
  g_object_set_data (G_OBJECT (group), "leaderboard-list", list);
  return group;
}

static char *
head_to_head_text (PtHeadToHead *pair)
{
  if (pair->plays == 0)
    return g_strdup (_("They have not played together yet"));
  /* TRANSLATORS: head to head: "Ana 5 – 3 Beto · 8 matches together" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s %d – %d %s · %d match together",
                                       "%s %d – %d %s · %d matches together", pair->plays),
                          pair->name_a, pair->wins_a, pair->wins_b, pair->name_b, pair->plays);
}

static gpointer
read_pair (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  gint64 *ids = data;

  return pt_stats_pair (stats, ids[0], ids[1], NULL, error);
}

static void
pair_read (GObject *source,
           GAsyncResult *result,
           gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtHeadToHead) pair = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(GtkWidget) row = NULL;
  g_autoptr(PtStatsPage) self = pt_read_reply_take (user_data, error, &row);
  g_autofree char *text = NULL;

  if (self == NULL || row == NULL)
    return;
  if (pair == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  text = head_to_head_text (pair);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
}

/* Only the pair shown is read, on the worker. */
static void
update_h2h_row (PtStatsPage *self,
                AdwActionRow *row)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;
  gint64 *ids;

  if (self->h2h_a == 0 || self->h2h_b == 0 || self->h2h_a == self->h2h_b)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Pick two players"));
      return;
    }
  if ((worker = pt_services_get_worker (self->services, &error)) == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  ids = g_new (gint64, 2);
  ids[0] = self->h2h_a;
  ids[1] = self->h2h_b;
  pt_store_worker_run (worker, "stats-pair", read_pair, ids, g_free,
                       (GDestroyNotify) pt_head_to_head_unref, self->reads, pair_read,
                       pt_read_reply_new (self, GTK_WIDGET (row)));
}

static void
on_h2h_selected (GtkDropDown *drop_down,
                 GParamSpec *pspec,
                 PtStatsPage *self)
{
  GArray *ids = g_object_get_data (G_OBJECT (drop_down), "ids");
  AdwActionRow *row = g_object_get_data (G_OBJECT (drop_down), "row");
  guint selected = gtk_drop_down_get_selected (drop_down);
  gint64 id = selected < ids->len ? g_array_index (ids, gint64, selected) : 0;

  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (drop_down), "side")) == 0)
    self->h2h_a = id;
  else
    self->h2h_b = id;
  update_h2h_row (self, row);
}

static GtkWidget *
build_head_to_head (PtStatsPage *self,
                    GPtrArray *players)
{
  GtkWidget *group = new_group (_("Head to head"), NULL);
  GtkWidget *pick = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *row = single_line (pt_companion_value_row_new ("", NULL, NULL));
  GtkWidget *list = gtk_list_box_new ();

  gtk_box_set_homogeneous (GTK_BOX (pick), TRUE);
  gtk_widget_set_margin_bottom (pick, 12);
  for (int side = 0; side < 2; side++)
    {
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      GtkWidget *drop_down;
      guint selected = 0;

      for (guint i = 0; i < players->len; i++)
        {
          PtPlayer *player = g_ptr_array_index (players, i);

          if (player->id == self->merge_from)
            continue;
          gtk_string_list_append (names, player->name);
          g_array_append_val (ids, player->id);
          if (player->id == (side == 0 ? self->h2h_a : self->h2h_b))
            selected = ids->len - 1;
        }
      if ((side == 0 ? self->h2h_a : self->h2h_b) == 0 && ids->len > (guint) side)
        selected = (guint) side;
      drop_down = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
      pt_accessible_set_label (drop_down, _("Player"));
      g_object_set_data_full (G_OBJECT (drop_down), "ids", ids, (GDestroyNotify) g_array_unref);
      g_object_set_data (G_OBJECT (drop_down), "row", row);
      g_object_set_data (G_OBJECT (drop_down), "side", GINT_TO_POINTER (side));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), selected);
      on_h2h_selected (GTK_DROP_DOWN (drop_down), NULL, self);
      g_signal_connect_object (drop_down, "notify::selected", G_CALLBACK (on_h2h_selected), self, 0);
      gtk_box_append (GTK_BOX (pick), drop_down);
    }
  gtk_widget_set_name (row, "head-to-head-row");
  g_set_weak_pointer (&self->h2h_row, row);
  /* The pair first, then what they did: the row in a boxed list of its own,
   * as a preferences group puts its own rows after every other widget. */
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  g_signal_connect (list, "keynav-failed", G_CALLBACK (on_list_keynav_failed), NULL);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), pick);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  return group;
}

static void build_overview (PtStatsPage *self,
                            OverviewData *data);

static void
overview_read (GObject *source,
               GAsyncResult *result,
               gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  OverviewData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtStatsPage) self = pt_read_reply_take (user_data, error, NULL);

  if (self == NULL)
    {
      g_clear_pointer (&data, overview_data_free);
      return;
    }
  if (data == NULL)
    {
      adw_status_page_set_title (self->empty_status, _("The History Cannot Be Opened"));
      pt_companion_status_set_description (GTK_WIDGET (self->empty_status), error->message);
      if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "player") != 0)
        gtk_stack_set_visible_child_name (self->stack, "empty");
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  build_overview (self, data);
}

/* Asks the worker for the Players page; what is on screen stays until the
 * answer comes (a newer request cancels an older one). */
void
pt_stats_page_reload (PtStatsPage *self)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;

  g_return_if_fail (PT_IS_STATS_PAGE (self));
  worker = pt_services_get_worker (self->services, &error);
  if (worker == NULL)
    {
      adw_status_page_set_title (self->empty_status, _("The History Cannot Be Opened"));
      pt_companion_status_set_description (GTK_WIDGET (self->empty_status), error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  pt_store_worker_run (worker, "stats-overview", read_overview, g_strdup (self->leaderboard_game),
                       g_free, (GDestroyNotify) overview_data_free, self->reads, overview_read,
                       pt_read_reply_new (self, NULL));
}

static GtkWidget *
build_players_group (PtStatsPage *self,
                     OverviewData *data)
{
  GPtrArray *players = data->players;
  GPtrArray *lines = data->lines;
  GtkWidget *group, *add, *archived_row, *archived_switch;
  gboolean connected = FALSE;

  group = new_group (_("Players"), NULL);
  add = gtk_button_new_from_icon_name ("list-add-symbolic");
  gtk_widget_set_tooltip_text (add, _("Add Player"));
  pt_accessible_set_label (add, _("Add Player"));
  gtk_widget_add_css_class (add, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "stats.add-player");
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), add);
  for (guint i = 0; i < players->len; i++)
    {
      PtPlayer *player = g_ptr_array_index (players, i);
      PtStatLine *line = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *name = g_strdup_printf ("player-row-%" G_GINT64_FORMAT, player->id);
      GtkWidget *row;
      GdkRGBA rgba;

      if ((player->archived && !self->show_archived) || player->id == self->merge_from)
        continue;
      for (guint j = 0; lines != NULL && j < lines->len; j++)
        if (((PtStatLine *) g_ptr_array_index (lines, j))->player_id == player->id)
          line = g_ptr_array_index (lines, j);
      subtitle = line && line->plays > 0 ? plays_text (line) : g_strdup (_("No matches yet"));
      if (player->archived)
        {
          g_autofree char *plain = g_steal_pointer (&subtitle);

          subtitle = g_strdup_printf (_("Archived · %s"), plain);
        }
      row = line_row_new (player->name, subtitle, NULL);
      gtk_widget_set_name (row, name);
      pt_companion_player_rgba (player->colour, player->name, &rgba);
      pt_text_line_set_swatch (pt_text_line_row_get_line (row), &rgba);
      pt_text_line_set_arrow (pt_text_line_row_get_line (row), TRUE);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "player-id", GSIZE_TO_POINTER ((gsize) player->id));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      /* A GtkListBoxRow is activated through its list. */
      if (!connected)
        g_signal_connect_object (gtk_widget_get_parent (row), "row-activated", G_CALLBACK (on_player_row_activated),
                                 self, 0);
      connected = TRUE;
    }
  archived_row = single_line (pt_companion_plain_row (adw_action_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (archived_row), _("Show archived players"));
  archived_switch = gtk_switch_new ();
  gtk_widget_set_valign (archived_switch, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (archived_switch), self->show_archived);
  g_signal_connect_object (archived_switch, "notify::active", G_CALLBACK (on_show_archived), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (archived_row), archived_switch);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (archived_row), archived_switch);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), archived_row);
  return group;
}

static void
append_line_key (GString *key,
                 PtStatLine *line)
{
  if (line != NULL)
    g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1f%s\x1f%d\x1f%d\x1f%.4f\x1e", line->player_id,
                            line->player_name, line->plays, line->wins, line->win_rate);
}

/* What each group of the Players page shows, as text: a group whose text
 * is the same as on screen is kept as it is. */
static char *
overview_key (PtStatsPage *self,
              OverviewData *data,
              guint group)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1d", self->merge_from);
  if (group == 0)
    {
      g_string_append_printf (key, "%d\x1d", self->show_archived);
      for (guint i = 0; i < data->players->len; i++)
        {
          PtPlayer *player = g_ptr_array_index (data->players, i);

          g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1f%s\x1f%s\x1f%d\x1e", player->id, player->name,
                                  player->colour ? player->colour : "", player->archived);
        }
      for (guint i = 0; data->lines != NULL && i < data->lines->len; i++)
        append_line_key (key, g_ptr_array_index (data->lines, i));
    }
  else if (group == 1)
    {
      g_string_append_printf (key, "%s\x1d", data->game ? data->game : "");
      for (guint i = 0; data->ratings != NULL && i < data->ratings->len; i++)
        {
          PtRating *rating = g_ptr_array_index (data->ratings, i);

          g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1f%s\x1f%.0f\x1e", rating->player_id,
                                  rating->player_name, rating->rating);
        }
      for (guint i = 0; data->board != NULL && i < data->board->len; i++)
        append_line_key (key, g_ptr_array_index (data->board, i));
    }
  else
    {
      for (guint i = 0; data->active->len >= 2 && i < data->active->len; i++)
        {
          PtPlayer *player = g_ptr_array_index (data->active, i);

          g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1f%s\x1e", player->id, player->name);
        }
    }
  return g_string_free (key, FALSE);
}

static void
clear_overview (PtStatsPage *self)
{
  pt_paced_stop (self->overview_fill);
  self->overview_fill = 0;
  self->overview_box = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (self->overview_groups); i++)
    {
      self->overview_groups[i] = NULL;
      g_clear_pointer (&self->overview_keys[i], g_free);
    }
  adw_bin_set_child (self->overview_bin, NULL);
}

/* The Players page, built a group per frame (pt-paced.h). */
typedef struct
{
  PtStatsPage *self;
  OverviewData *data;
  guint next;          /* the next group to look at */
  gboolean pair_asked; /* the head-to-head group was built (and asked for its pair) */
} OverviewFill;

static void
overview_fill_free (OverviewFill *fill)
{
  g_clear_pointer (&fill->data, overview_data_free);
  g_clear_object (&fill->self);
  g_free (fill);
}

/* New figures for the leaderboard shown (@key says which; taken), unless
 * they are of a game no longer picked: the picked one's are on their way. */
static void
take_leaderboard (PtStatsPage *self,
                  OverviewData *data,
                  char *key)
{
  if (g_strcmp0 (data->game, self->leaderboard_game) != 0)
    {
      g_free (key);
      return;
    }
  update_leaderboard (self, self->overview_groups[1], data);
  g_free (self->overview_keys[1]);
  self->overview_keys[1] = key;
}

/* Builds the next group whose figures changed; FALSE when none is left. */
static gboolean
overview_fill_step (gpointer user_data)
{
  OverviewFill *fill = user_data;
  PtStatsPage *self = fill->self;
  OverviewData *data = fill->data;
  gint64 start = pt_paced_thread_us ();

  while (fill->next < G_N_ELEMENTS (self->overview_groups))
    {
      guint i = fill->next++;
      g_autofree char *key = overview_key (self, data, i);
      GtkWidget *group = NULL, *before = NULL;

      if (g_strcmp0 (key, self->overview_keys[i]) == 0)
        continue;
      /* The leaderboard keeps its group and drop-down. */
      if (i == 1 && self->overview_groups[1] != NULL)
        {
          take_leaderboard (self, data, g_steal_pointer (&key));
          continue;
        }
      if (i == 0)
        group = build_players_group (self, data);
      else if (i == 1)
        group = build_leaderboard (self, data);
      else if (data->active->len >= 2)
        group = build_head_to_head (self, data->active);
      for (guint j = 0; j < i; j++)
        if (self->overview_groups[j] != NULL)
          before = self->overview_groups[j];
      if (self->overview_groups[i] != NULL)
        gtk_box_remove (GTK_BOX (self->overview_box), self->overview_groups[i]);
      if (group != NULL)
        gtk_box_insert_child_after (GTK_BOX (self->overview_box), group, before);
      self->overview_groups[i] = group;
      fill->pair_asked = fill->pair_asked || i == 2;
      g_free (self->overview_keys[i]);
      self->overview_keys[i] = g_steal_pointer (&key);
      /* The next group in this step while its budget lasts, else after the frame. */
      if (fill->next < G_N_ELEMENTS (self->overview_groups) &&
          pt_paced_thread_us () - start >= PT_PACED_STEP_BUDGET_US)
        return TRUE;
    }
  /* The head-to-head of a pair shown before may have changed with new matches. */
  if (!fill->pair_asked && self->h2h_row != NULL && self->overview_groups[2] != NULL)
    update_h2h_row (self, ADW_ACTION_ROW (self->h2h_row));
  self->overview_fill = 0;
  return FALSE;
}

/* Takes @data. */
static void
build_overview (PtStatsPage *self,
                OverviewData *data)
{
  OverviewFill *fill;

  pt_paced_stop (self->overview_fill);
  self->overview_fill = 0;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "stats.add-player", !stats_read_only (self));
  if (data->players->len == 0)
    {
      overview_data_free (data);
      clear_overview (self);
      if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "player") != 0)
        gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  if (self->overview_box == NULL)
    {
      self->overview_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
      adw_bin_set_child (self->overview_bin, self->overview_box);
    }
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "player") != 0)
    gtk_stack_set_visible_child_name (self->stack, "overview");
  fill = g_new0 (OverviewFill, 1);
  fill->self = g_object_ref (self);
  fill->data = data;
  /* The first group that changed at once, the others a frame each. */
  if (overview_fill_step (fill))
    self->overview_fill = pt_paced_start (GTK_WIDGET (self), overview_fill_step, fill,
                                          (GDestroyNotify) overview_fill_free);
  else
    overview_fill_free (fill);
}

static void
leaderboard_read (GObject *source,
                  GAsyncResult *result,
                  gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  OverviewData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtStatsPage) self = pt_read_reply_take (user_data, error, NULL);

  if (self != NULL && data == NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
  if (self != NULL && data != NULL && self->overview_groups[1] != NULL)
    take_leaderboard (self, data, overview_key (self, data, 1));
  g_clear_pointer (&data, overview_data_free);
}

/* Another game in the leaderboard: only its figures are read again, unless
 * the whole page is about to be. */
void
pt_stats_page_set_leaderboard_game (PtStatsPage *self,
                                    const char *game)
{
  PtStoreWorker *worker;

  g_return_if_fail (PT_IS_STATS_PAGE (self));
  if (g_strcmp0 (game, self->leaderboard_game) == 0)
    return;
  g_free (self->leaderboard_game);
  self->leaderboard_game = g_strdup (game);
  worker = pt_services_get_worker (self->services, NULL);
  if (self->overview_groups[1] == NULL || self->refresh_source != 0 || worker == NULL)
    {
      schedule_refresh (self);
      return;
    }
  pt_store_worker_run (worker, "stats-leaderboard", read_leaderboard, g_strdup (game), g_free,
                       (GDestroyNotify) overview_data_free, self->reads, leaderboard_read,
                       pt_read_reply_new (self, NULL));
}

/* Player page ------------------------------------------------------------------ */

static GtkWidget *
summary_tile (const char *value,
              const char *label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *value_label = gtk_label_new (value);
  GtkWidget *caption = gtk_label_new (label);

  gtk_widget_add_css_class (box, "card");
  gtk_widget_set_size_request (box, 96, -1);
  gtk_widget_set_margin_top (value_label, 8);
  gtk_widget_add_css_class (value_label, "pt-stat-value");
  gtk_widget_set_margin_bottom (caption, 8);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_label_set_justify (GTK_LABEL (caption), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), value_label);
  gtk_box_append (GTK_BOX (box), caption);
  return box;
}

static GtkWidget *
chart_group (PtStatsPage *self,
             const char *name,
             const char *title,
             PtChartKind kind,
             PtChart **out)
{
  GtkWidget *group = new_group (title, NULL);
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *chart = pt_chart_new (kind);

  gtk_widget_add_css_class (frame, "card");
  gtk_widget_set_name (chart, name);
  gtk_widget_set_margin_top (chart, 6);
  gtk_widget_set_margin_bottom (chart, 6);
  gtk_widget_set_margin_start (chart, 6);
  gtk_widget_set_margin_end (chart, 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  gtk_box_append (GTK_BOX (frame), chart);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), frame);
  g_hash_table_insert (self->charts, g_strdup (name), chart);
  *out = PT_CHART (chart);
  return group;
}

/* The games' own colours in the charts (not players'): three distinct hues
 * readable on light and dark backgrounds. */
static void
game_rgba (guint game,
           GdkRGBA *rgba)
{
  gdk_rgba_parse (rgba, pt_game_ui_list ()[game % pt_game_ui_get_n ()]->chart_colour);
}

/* The player's series of points of @game (NULL = all), from the one read. */
static GPtrArray *
series_of (GPtrArray *all,
           const char *game)
{
  GPtrArray *points = g_ptr_array_new ();

  for (guint i = 0; all != NULL && i < all->len; i++)
    if (game == NULL || g_strcmp0 (((PtScorePoint *) g_ptr_array_index (all, i))->game, game) == 0)
      g_ptr_array_add (points, g_ptr_array_index (all, i));
  return points;
}

/* Everything the charts draw comes from one read: the player's latest
 * PT_STATS_SERIES_LIMIT matches, with the score and the rating after each. */
static void
fill_charts (PtStatsPage *self,
             GPtrArray *all,
             PtPlayerStats *player_stats,
             PtChart *score_chart,
             PtChart *rating_chart,
             PtChart *rate_chart,
             PtChart *distribution_chart,
             const char **distribution_game)
{
  int most_plays = 0;
  g_autoptr(GHashTable) order = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  /* The x axis is the player's matches in order (all games together), not
   * the clock: an evening of five matches would otherwise be one spike. */
  for (guint i = 0; all != NULL && i < all->len; i++)
    g_hash_table_insert (order, g_memdup2 (&((PtScorePoint *) g_ptr_array_index (all, i))->match_id, sizeof (gint64)),
                         GUINT_TO_POINTER (i + 1));
  *distribution_game = NULL;
  for (guint g = 0; g < pt_game_ui_get_n (); g++)
    {
      const char *game = pt_game_ui_list ()[g]->game_id;
      g_autoptr(GPtrArray) points = series_of (all, game);
      g_autofree double *xs = NULL;
      g_autofree double *ys = NULL;
      guint n = 0, rated = 0;
      int total_rated = 0;
      GdkRGBA rgba;

      game_rgba (g, &rgba);
      if (points->len == 0)
        continue;
      xs = g_new (double, points->len + 1);
      ys = g_new (double, points->len + 1);
      for (guint i = 0; i < points->len; i++)
        {
          PtScorePoint *point = g_ptr_array_index (points, i);

          xs[i] = GPOINTER_TO_UINT (g_hash_table_lookup (order, &point->match_id));
          ys[i] = point->score;
          rated += point->rated;
        }
      pt_chart_add_series (score_chart, pt_game_ui_title (game), &rgba, xs, ys, points->len);
      if ((int) points->len > most_plays)
        {
          most_plays = (int) points->len;
          *distribution_game = game;
        }
      if (rated == 0)
        continue;
      for (guint j = 0; player_stats->ratings != NULL && j < player_stats->ratings->len; j++)
        if (g_strcmp0 (((PtRating *) g_ptr_array_index (player_stats->ratings, j))->game, game) == 0)
          total_rated = ((PtRating *) g_ptr_array_index (player_stats->ratings, j))->plays;
      /* From where everyone starts when the series holds the first rated
       * match, so one match still draws a line. */
      for (guint i = 0; i < points->len; i++)
        {
          PtScorePoint *point = g_ptr_array_index (points, i);

          if (!point->rated)
            continue;
          if (n == 0 && (int) rated == total_rated)
            {
              xs[n] = GPOINTER_TO_UINT (g_hash_table_lookup (order, &point->match_id)) - 0.5;
              ys[n++] = PT_STATS_ELO_INITIAL;
            }
          xs[n] = GPOINTER_TO_UINT (g_hash_table_lookup (order, &point->match_id));
          ys[n++] = point->rating;
        }
      pt_chart_add_series (rating_chart, pt_game_ui_title (game), &rgba, xs, ys, n);
    }

  for (guint i = 0; player_stats->per_game != NULL && i < player_stats->per_game->len; i++)
    {
      PtStatLine *line = g_ptr_array_index (player_stats->per_game, i);
      g_autofree char *text = percent (line->win_rate);

      if (line->plays > 0)
        pt_chart_add_bar (rate_chart, pt_game_ui_title (line->game), line->win_rate * 100.0, text);
    }
  pt_chart_set_y_range (rate_chart, 0, 100);

  /* Score distribution of the game played most: equal-width bins from the
   * worst to the best score (counting, not scoring). */
  if (*distribution_game != NULL)
    {
      g_autoptr(GPtrArray) points = series_of (all, *distribution_game);
      int lo = G_MAXINT, hi = G_MININT, counts[DISTRIBUTION_BINS] = {
        0,
      };
      int width;
      guint bins;

      for (guint i = 0; i < points->len; i++)
        {
          int score = ((PtScorePoint *) g_ptr_array_index (points, i))->score;

          lo = MIN (lo, score);
          hi = MAX (hi, score);
        }
      width = MAX (1, (hi - lo + DISTRIBUTION_BINS) / DISTRIBUTION_BINS);
      bins = (guint) MIN (DISTRIBUTION_BINS, (hi - lo) / width + 1);
      for (guint i = 0; i < points->len; i++)
        {
          int score = ((PtScorePoint *) g_ptr_array_index (points, i))->score;

          counts[MIN ((guint) ((score - lo) / width), bins - 1)]++;
        }
      for (guint b = 0; b < bins; b++)
        {
          g_autofree char *label = width == 1 ? g_strdup_printf ("%d", lo + (int) b)
                                              : g_strdup_printf ("%d…", lo + (int) b * width);
          g_autofree char *count = g_strdup_printf ("%d", counts[b]);

          pt_chart_add_bar (distribution_chart, label, counts[b], count);
        }
    }
}

static void
on_rename_apply (AdwEntryRow *row,
                 PtStatsPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!pt_stats_page_rename_player (self, self->player_id, gtk_editable_get_text (GTK_EDITABLE (row)), &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

static void
on_colour_set (GtkColorButton *button,
               PtStatsPage *self)
{
  g_autoptr(GError) error = NULL;
  GdkRGBA rgba;
  g_autofree char *colour = NULL;

  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  colour = g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5),
                            (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5));
  if (!pt_stats_page_set_player_colour (self, self->player_id, colour, &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

static void
on_archived_toggled (GtkSwitch *toggle,
                     GParamSpec *pspec,
                     PtStatsPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!pt_stats_page_set_player_archived (self, self->player_id, gtk_switch_get_active (toggle), &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

static void
on_merge_response (AdwMessageDialog *dialog,
                   const char *response,
                   PtStatsPage *self)
{
  GtkDropDown *drop_down = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  GArray *ids = g_object_get_data (G_OBJECT (drop_down), "ids");
  guint selected = gtk_drop_down_get_selected (drop_down);

  if (g_strcmp0 (response, "merge") != 0 || selected >= ids->len)
    return;
  pt_stats_page_merge_players (self, self->player_id, g_array_index (ids, gint64, selected));
}

/* Two players (either may be NULL) and everyone, read on the worker. */
typedef struct
{
  gint64 ids[2];
  PtPlayer *players[2];
  GPtrArray *everyone; /* also archived; only for the merge dialog */
} MergeData;

static void
merge_data_free (MergeData *data)
{
  for (guint i = 0; i < G_N_ELEMENTS (data->players); i++)
    g_clear_pointer (&data->players[i], pt_player_unref);
  g_clear_pointer (&data->everyone, g_ptr_array_unref);
  g_free (data);
}

static MergeData *
merge_data_new (gint64 from,
                gint64 into)
{
  MergeData *data = g_new0 (MergeData, 1);

  data->ids[0] = from;
  data->ids[1] = into;
  return data;
}

/* The players of ids[] that are not 0, and everyone when ids[1] is 0 (for
 * the dialog, which picks the other one). */
static gpointer
read_merge (PtStore *store,
            PtStats *stats,
            gpointer data,
            GCancellable *cancellable,
            GError **error)
{
  MergeData *request = data;
  MergeData *answer = merge_data_new (request->ids[0], request->ids[1]);

  for (guint i = 0; i < G_N_ELEMENTS (answer->ids); i++)
    if (answer->ids[i] != 0 && (answer->players[i] = pt_store_get_player (store, answer->ids[i], error)) == NULL)
      {
        merge_data_free (answer);
        return NULL;
      }
  if (answer->ids[1] == 0 && (answer->everyone = pt_store_list_players (store, TRUE, error)) == NULL)
    {
      merge_data_free (answer);
      return NULL;
    }
  return answer;
}

/* The players have come: the dialog names the player and offers the
 * others. A failure is told, and the dialog closes (nothing was chosen in
 * it yet). */
static void
merge_dialog_read (GObject *source,
                   GAsyncResult *result,
                   gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  MergeData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(GtkWidget) dialog = NULL;
  g_autoptr(PtStatsPage) self = pt_read_reply_take (user_data, error, &dialog);
  g_autoptr(GtkStringList) names = NULL;
  g_autofree char *body = NULL;
  PtPlayer *player;
  GtkWidget *drop_down;
  GArray *ids;

  if (self != NULL && data == NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
  if (self == NULL || data == NULL || dialog == NULL)
    {
      if (dialog != NULL)
        gtk_window_destroy (GTK_WINDOW (dialog));
      g_clear_pointer (&data, merge_data_free);
      return;
    }
  player = data->players[0];
  drop_down = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  ids = g_object_get_data (G_OBJECT (drop_down), "ids");
  names = gtk_string_list_new (NULL);
  for (guint i = 0; i < data->everyone->len; i++)
    {
      PtPlayer *other = g_ptr_array_index (data->everyone, i);

      if (other->id == player->id)
        continue;
      gtk_string_list_append (names, other->name);
      g_array_append_val (ids, other->id);
    }
  body = g_strdup_printf (_("All of %s’s matches move to the player chosen below, and %s goes away. "
                            "Use this when one person was entered twice."),
                             player->name, player->name);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), body);
  gtk_drop_down_set_model (GTK_DROP_DOWN (drop_down), G_LIST_MODEL (names));
  gtk_widget_set_sensitive (drop_down, TRUE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "merge", ids->len > 0);
  merge_data_free (data);
}

/* The dialog shows at once; the player's name and the others to merge
 * into come from the worker. */
static void
merge_action (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  PtStatsPage *self = PT_STATS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);
  GtkWidget *dialog, *drop_down;

  if (worker == NULL)
    {
      pt_companion_error_toast (widget, error);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   _("Merge Players?"), NULL);
  drop_down = gtk_drop_down_new (NULL, NULL);
  pt_accessible_set_label (drop_down, _("Player"));
  gtk_widget_set_sensitive (drop_down, FALSE);
  g_object_set_data_full (G_OBJECT (drop_down), "ids", g_array_new (FALSE, FALSE, sizeof (gint64)),
                          (GDestroyNotify) g_array_unref);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), drop_down);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "merge", _("_Merge"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "merge",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "merge", FALSE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_merge_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  pt_store_worker_run (worker, "stats-merge-dialog", read_merge, merge_data_new (self->player_id, 0),
                       (GDestroyNotify) merge_data_free, (GDestroyNotify) merge_data_free, self->reads,
                       merge_dialog_read, pt_read_reply_new (self, dialog));
}

/* What a player page shows, read on the store worker. */
typedef struct
{
  PtPlayerStats *stats;
  GPtrArray *series;
} PlayerData;

static void
player_data_free (PlayerData *data)
{
  g_clear_pointer (&data->stats, pt_player_stats_unref);
  g_clear_pointer (&data->series, g_ptr_array_unref);
  g_free (data);
}

static gpointer
read_player (PtStore *store,
             PtStats *stats,
             gpointer data,
             GCancellable *cancellable,
             GError **error)
{
  gint64 id = *(gint64 *) data;
  PlayerData *answer = g_new0 (PlayerData, 1);

  if ((answer->stats = pt_stats_player (stats, id, error)) == NULL ||
      (answer->series = pt_stats_score_series (stats, id, NULL, error)) == NULL)
    {
      player_data_free (answer);
      return NULL;
    }
  return answer;
}

static void build_player (PtStatsPage *self,
                          PlayerData *data);

static void
player_read (GObject *source,
             GAsyncResult *result,
             gpointer user_data)
{
  g_autoptr(GError) error = NULL;
  PlayerData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtStatsPage) self = pt_read_reply_take (user_data, error, NULL);

  if (self == NULL)
    {
      g_clear_pointer (&data, player_data_free);
      return;
    }
  if (data == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      /* Nothing of that player to show: back to the Players. */
      g_clear_handle_id (&self->spinner_source, g_source_remove);
      if (self->player_shown == 0)
        {
          self->player_id = 0;
          gtk_stack_set_visible_child_name (self->stack, "overview");
        }
      return;
    }
  if (data->stats->player->id == self->player_id)
    build_player (self, data);
  else
    player_data_free (data);
}

static gboolean
show_spinner (gpointer user_data)
{
  PtStatsPage *self = user_data;
  GtkWidget *spinner = pt_read_spinner_new ();

  self->spinner_source = 0;
  adw_bin_set_child (self->player_bin, spinner);
  gtk_stack_set_visible_child_name (self->stack, "player");
  return G_SOURCE_REMOVE;
}

/* Another player's page shows when the worker has read it (in a few ms:
 * the page on screen stays until then, rather than a frame of a spinner
 * that only flashes), or as a spinner after SPINNER_DELAY_MS; the same
 * player's page stays as it is and is rebuilt only if its figures
 * changed. A newer request cancels an older one. */
gboolean
pt_stats_page_show_player (PtStatsPage *self,
                           gint64 player_id)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;

  g_return_val_if_fail (PT_IS_STATS_PAGE (self), FALSE);
  worker = pt_services_get_worker (self->services, &error);
  if (worker == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return FALSE;
    }
  if (self->player_id != player_id)
    {
      self->player_shown = 0;
      g_hash_table_remove_all (self->charts);
      if (self->spinner_source == 0)
        self->spinner_source = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
    }
  self->player_id = player_id;
  pt_store_worker_run (worker, "stats-player", read_player, g_memdup2 (&player_id, sizeof player_id),
                       g_free, (GDestroyNotify) player_data_free, self->reads, player_read,
                       pt_read_reply_new (self, NULL));
  return TRUE;
}

/* What a player page shows, as text: a refresh with the same figures keeps
 * the page as it is. */
static char *
player_key (PlayerData *data,
            gboolean read_only)
{
  PtPlayerStats *stats = data->stats;
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1f%s\x1f%s\x1f%d\x1f%d\x1d", stats->player->id,
                          stats->player->name, stats->player->colour ? stats->player->colour : "",
                          stats->player->archived, read_only);
  for (guint i = 0; i <= (stats->per_game ? stats->per_game->len : 0); i++)
    {
      PtStatLine *line = i == 0 ? stats->overall : g_ptr_array_index (stats->per_game, i - 1);

      g_string_append_printf (key, "%s\x1f%d\x1f%d\x1f%.4f\x1f%.4f\x1f%d\x1f%d\x1f%d\x1f%d\x1e",
                              line->game ? line->game : "", line->plays, line->wins, line->win_rate,
                              line->average, line->best, line->worst, line->current_streak,
                              line->longest_streak);
    }
  for (guint i = 0; stats->ratings != NULL && i < stats->ratings->len; i++)
    {
      PtRating *rating = g_ptr_array_index (stats->ratings, i);

      g_string_append_printf (key, "%s\x1f%.4f\x1f%d\x1e", rating->game, rating->rating, rating->plays);
    }
  for (guint i = 0; stats->head_to_head != NULL && i < stats->head_to_head->len; i++)
    {
      PtHeadToHead *pair = g_ptr_array_index (stats->head_to_head, i);

      g_string_append_printf (key, "%s\x1f%d\x1f%d\x1f%d\x1e", pair->name_b, pair->plays, pair->wins_a,
                              pair->wins_b);
    }
  for (guint i = 0; data->series != NULL && i < data->series->len; i++)
    {
      PtScorePoint *point = g_ptr_array_index (data->series, i);

      g_string_append_printf (key, "%" G_GINT64_FORMAT "\x1f%d\x1f%.4f\x1e", point->match_id, point->score,
                              point->rated ? point->rating : 0.0);
    }
  return g_string_free (key, FALSE);
}

/* The player page, built in one go (one layout and one paint: built a
 * part per frame, each part cost a frame of its own, ~1.5-5 ms of paint
 * each, for a longest stall of ~9 ms instead of ~15 ms). On a refresh of
 * the page on screen each new part takes the place of the old one, so the
 * page keeps its scroll position. */
typedef struct
{
  PlayerData *data;
  GtkWidget *box;
  GPtrArray *old; /* the parts shown before, in order */
  guint placed;   /* parts placed so far */
} PlayerFill;

static void
place_part (PlayerFill *fill,
            GtkWidget *part)
{
  GtkWidget *old = fill->placed < fill->old->len ? g_ptr_array_index (fill->old, fill->placed) : NULL;
  GtkWidget *before = old != NULL ? gtk_widget_get_prev_sibling (old) : gtk_widget_get_last_child (fill->box);

  gtk_box_insert_child_after (GTK_BOX (fill->box), part, before);
  if (old != NULL)
    gtk_box_remove (GTK_BOX (fill->box), old);
  fill->placed++;
}

/* A game's figures on a player page, in the game's row once expanded. */
static void
on_game_expanded (AdwExpanderRow *expander)
{
  g_auto(GStrv) figures = g_object_steal_data (G_OBJECT (expander), "figures");

  if (figures == NULL || !adw_expander_row_get_expanded (expander))
    {
      if (figures != NULL)
        g_object_set_data_full (G_OBJECT (expander), "figures", g_steal_pointer (&figures),
                                (GDestroyNotify) g_strfreev);
      return;
    }
  adw_expander_row_add_row (expander, line_row_new (_("Average score"), NULL, figures[0]));
  adw_expander_row_add_row (expander, line_row_new (_("Best score"), NULL, figures[1]));
  adw_expander_row_add_row (expander, line_row_new (_("Worst score"), NULL, figures[2]));
  adw_expander_row_add_row (expander, line_row_new (_("Win streak"), _("Current / longest"), figures[3]));
  if (figures[4] != NULL)
    adw_expander_row_add_row (expander, line_row_new (_("Rating"), _("Elo, starting at 1500"), figures[4]));
}

static void
build_player_top (PtStatsPage *self,
                  PlayerFill *fill)
{
  PtPlayerStats *player_stats = fill->data->stats;
  PtPlayer *player = player_stats->player;
  PtStatLine *overall = player_stats->overall;
  GtkWidget *header, *title, *tiles, *group;

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (header, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (header, 6);
  {
    GtkWidget *swatch = pt_companion_colour_swatch (player->colour, player->name);

    gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 28);
    gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 28);
    gtk_box_append (GTK_BOX (header), swatch);
  }
  title = gtk_label_new (player->name);
  gtk_widget_add_css_class (title, "title-1");
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (header), title);
  place_part (fill, header);

  tiles = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (tiles), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (tiles), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (tiles), 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (tiles), 6);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (tiles), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (tiles), 6);
  {
    g_autofree char *plays = g_strdup_printf ("%d", overall->plays);
    g_autofree char *wins = g_strdup_printf ("%d", overall->wins);
    g_autofree char *rate = percent (overall->win_rate);
    g_autofree char *average = g_strdup_printf ("%.1f", overall->average);
    g_autofree char *streak = g_strdup_printf ("%d", overall->current_streak);
    g_autofree char *longest = g_strdup_printf ("%d", overall->longest_streak);

    gtk_flow_box_append (GTK_FLOW_BOX (tiles), summary_tile (plays, _("Matches")));
    gtk_flow_box_append (GTK_FLOW_BOX (tiles), summary_tile (wins, _("Wins")));
    gtk_flow_box_append (GTK_FLOW_BOX (tiles), summary_tile (rate, _("Win rate")));
    gtk_flow_box_append (GTK_FLOW_BOX (tiles), summary_tile (average, _("Average")));
    gtk_flow_box_append (GTK_FLOW_BOX (tiles), summary_tile (streak, _("Win streak")));
    gtk_flow_box_append (GTK_FLOW_BOX (tiles), summary_tile (longest, _("Longest streak")));
  }
  place_part (fill, tiles);

  group = new_group (_("By game"), NULL);
  for (guint i = 0; player_stats->per_game != NULL && i < player_stats->per_game->len; i++)
    {
      PtStatLine *line = g_ptr_array_index (player_stats->per_game, i);
      PtRating *rating = NULL;
      GtkWidget *expander;
      g_autofree char *subtitle = NULL;
      g_autofree char *best = NULL;
      g_autofree char *worst = NULL;
      g_autofree char *average = NULL;
      g_autofree char *streaks = NULL;
      g_autofree char *rating_text = NULL;

      if (line->plays == 0)
        continue;
      expander = pt_companion_plain_row (adw_expander_row_new ());
      subtitle = plays_text (line);
      best = g_strdup_printf ("%d", line->best);
      worst = g_strdup_printf ("%d", line->worst);
      average = g_strdup_printf ("%.1f", line->average);
      streaks = g_strdup_printf ("%d / %d", line->current_streak, line->longest_streak);
      for (guint j = 0; player_stats->ratings != NULL && j < player_stats->ratings->len; j++)
        if (g_strcmp0 (((PtRating *) g_ptr_array_index (player_stats->ratings, j))->game, line->game) == 0)
          rating = g_ptr_array_index (player_stats->ratings, j);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), pt_game_ui_title (line->game));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      if (rating != NULL)
        rating_text = g_strdup_printf ("%.0f", rating->rating);
      {
        const char *const figures[] = { average, best, worst, streaks, rating_text, NULL };

        /* The rows inside are built when the row is first expanded. */
        g_object_set_data_full (G_OBJECT (expander), "figures", g_strdupv ((char **) figures),
                                (GDestroyNotify) g_strfreev);
        g_signal_connect (expander, "notify::expanded", G_CALLBACK (on_game_expanded), NULL);
      }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), single_line (expander));
    }
  if (overall->plays == 0)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               line_row_new (_("No matches yet"),
                                                _("Save a match with this player and the figures appear here."), NULL));
  place_part (fill, group);
}

static void
build_player_charts (PtStatsPage *self,
                     PlayerFill *fill)
{
  PtChart *score_chart, *rating_chart, *rate_chart, *distribution_chart;
  const char *distribution_game = NULL;
  GtkWidget *group;

  g_hash_table_remove_all (self->charts);
  place_part (fill, chart_group (self, "score-chart", _("Score over time"), PT_CHART_LINES, &score_chart));
  place_part (fill, chart_group (self, "rating-chart", _("Rating over time"), PT_CHART_LINES, &rating_chart));
  place_part (fill, chart_group (self, "win-rate-chart", _("Win rate by game"), PT_CHART_BARS, &rate_chart));
  group = chart_group (self, "distribution-chart", _("Score distribution"), PT_CHART_BARS, &distribution_chart);
  pt_chart_set_empty_text (score_chart, _("Scores appear after the first match"));
  pt_chart_set_x_caption (score_chart, _("Matches, oldest first"));
  pt_chart_set_x_caption (rating_chart, _("Matches, oldest first"));
  pt_chart_set_empty_text (rating_chart, _("Ratings appear after the first match against someone"));
  pt_chart_set_empty_text (rate_chart, _("No matches yet"));
  pt_chart_set_empty_text (distribution_chart, _("No matches yet"));
  fill_charts (self, fill->data->series, fill->data->stats, score_chart, rating_chart, rate_chart,
               distribution_chart, &distribution_game);
  if (distribution_game != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                           pt_game_ui_title (distribution_game));
  place_part (fill, group);
}

static void
build_player_end (PtStatsPage *self,
                  PlayerFill *fill)
{
  PtPlayerStats *player_stats = fill->data->stats;
  PtPlayer *player = player_stats->player;
  GtkWidget *group, *row, *colour, *archived, *merge;
  GdkRGBA rgba;

  if (player_stats->head_to_head != NULL && player_stats->head_to_head->len > 0)
    {
      group = new_group (_("Head to head"), NULL);
      for (guint i = 0; i < player_stats->head_to_head->len; i++)
        {
          PtHeadToHead *pair = g_ptr_array_index (player_stats->head_to_head, i);
          g_autofree char *score = g_strdup_printf ("%d – %d", pair->wins_a, pair->wins_b);
          g_autofree char *plays = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d match together",
                                                                 "%d matches together", pair->plays),
                                                    pair->plays);

          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), line_row_new (pair->name_b, plays, score));
        }
      place_part (fill, group);
    }

  group = new_group (_("Player"), NULL);
  row = adw_entry_row_new ();
  gtk_widget_set_name (row, "rename-row");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Name"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (row), player->name);
  g_signal_connect_object (row, "apply", G_CALLBACK (on_rename_apply), self, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  row = action_row_new (_("Colour"), _("Used in lists and charts"));
  colour = gtk_color_button_new ();
  gtk_widget_set_valign (colour, GTK_ALIGN_CENTER);
  pt_companion_player_rgba (player->colour, player->name, &rgba);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (colour), &rgba);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (colour), FALSE);
  g_signal_connect_object (colour, "color-set", G_CALLBACK (on_colour_set), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), colour);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  row = action_row_new (_("Archived"), _("Hidden from lists; the history stays"));
  archived = gtk_switch_new ();
  gtk_widget_set_name (archived, "archived-switch");
  gtk_widget_set_valign (archived, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (archived), player->archived);
  g_signal_connect_object (archived, "notify::active", G_CALLBACK (on_archived_toggled), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), archived);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), archived);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  row = action_row_new (_("Merge into another player"), _("When one person was entered twice"));
  merge = gtk_button_new_with_mnemonic (_("_Merge…"));
  gtk_widget_set_valign (merge, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (merge), "stats.merge");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), merge);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  /* A damaged or read-only history is shown, not changed. */
  if (stats_read_only (self))
    {
      gtk_widget_set_sensitive (group, FALSE);
      pt_companion_group_set_description (group, _("The history cannot be changed now"));
    }
  place_part (fill, group);
}

/* Takes @data. */
static void
build_player (PtStatsPage *self,
              PlayerData *data)
{
  g_autofree char *key = player_key (data, stats_read_only (self));
  GtkWidget *shown = adw_bin_get_child (self->player_bin);
  g_autoptr(GPtrArray) old = g_ptr_array_new_with_free_func (g_object_unref);
  PlayerFill fill = { data, NULL, old, 0 };

  g_clear_handle_id (&self->spinner_source, g_source_remove);
  gtk_stack_set_visible_child_name (self->stack, "player");
  /* The same figures as on screen (the page was shown again). */
  if (self->player_shown == data->stats->player->id && g_strcmp0 (key, self->player_key) == 0)
    {
      player_data_free (data);
      return;
    }
  g_free (self->player_key);
  self->player_key = g_steal_pointer (&key);

  if (self->player_shown == data->stats->player->id && GTK_IS_BOX (shown))
    {
      fill.box = shown;
      for (GtkWidget *child = gtk_widget_get_first_child (shown); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (old, g_object_ref (child));
    }
  else
    {
      fill.box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
      adw_bin_set_child (self->player_bin, fill.box);
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->player_scroller), 0);
      g_hash_table_remove_all (self->charts);
    }
  self->player_shown = data->stats->player->id;
  build_player_top (self, &fill);
  build_player_charts (self, &fill);
  build_player_end (self, &fill);
  /* Parts of the old page left over (it had a head-to-head group). */
  for (guint i = fill.placed; i < old->len; i++)
    gtk_box_remove (GTK_BOX (fill.box), g_ptr_array_index (old, i));
  player_data_free (data);
}

PtChart *
pt_stats_page_get_chart (PtStatsPage *self,
                         const char *name)
{
  g_return_val_if_fail (PT_IS_STATS_PAGE (self), NULL);
  return g_hash_table_lookup (self->charts, name);
}

/* Player changes --------------------------------------------------------------- */

static gboolean
refresh_idle (gpointer user_data)
{
  PtStatsPage *self = user_data;

  self->refresh_source = 0;
  pt_stats_page_reload (self);
  if (self->player_id != 0)
    pt_stats_page_show_player (self, self->player_id);
  return G_SOURCE_REMOVE;
}

/* The pages are rebuilt from an idle: the row or switch that made the
 * change is part of what gets rebuilt, and is still in its signal. */
static void
schedule_refresh (PtStatsPage *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_idle_add (refresh_idle, self);
}

/* The player writes go to the store worker; the page reads again when the
 * answer comes, and a failure is a toast. */
static void
on_player_written (GObject *source,
                   GAsyncResult *result,
                   gpointer user_data)
{
  g_autoptr(PtStatsPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, NULL, &error) &&
      gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    pt_companion_error_toast (GTK_WIDGET (self), error);
  if (gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    schedule_refresh (self);
}

static char *
player_name_or_error (const char *name,
                      GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (name ? name : ""));

  if (stripped[0] != '\0')
    return g_steal_pointer (&stripped);
  g_set_error_literal (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("A player needs a name"));
  return NULL;
}

/* Queued (non-zero) or refused at once (0 with @error). */
gint64
pt_stats_page_add_player (PtStatsPage *self,
                          const char *name,
                          GError **error)
{
  PtStoreWorker *worker = pt_services_get_worker (self->services, error);
  g_autofree char *stripped = NULL;

  if (worker == NULL || (stripped = player_name_or_error (name, error)) == NULL)
    return 0;
  pt_store_worker_add_player (worker, stripped, "", NULL, on_player_written, g_object_ref (self));
  return 1;
}

gboolean
pt_stats_page_rename_player (PtStatsPage *self,
                             gint64 player_id,
                             const char *name,
                             GError **error)
{
  PtStoreWorker *worker = pt_services_get_worker (self->services, error);
  g_autofree char *stripped = NULL;

  if (worker == NULL || (stripped = player_name_or_error (name, error)) == NULL)
    return FALSE;
  /* No colour: the chosen one stays. */
  pt_store_worker_update_player (worker, player_id, stripped, NULL, NULL, on_player_written,
                                 g_object_ref (self));
  return TRUE;
}

gboolean
pt_stats_page_set_player_colour (PtStatsPage *self,
                                 gint64 player_id,
                                 const char *colour,
                                 GError **error)
{
  PtStoreWorker *worker = pt_services_get_worker (self->services, error);

  if (worker == NULL)
    return FALSE;
  pt_store_worker_update_player (worker, player_id, NULL, colour, NULL, on_player_written,
                                 g_object_ref (self));
  return TRUE;
}

gboolean
pt_stats_page_set_player_archived (PtStatsPage *self,
                                   gint64 player_id,
                                   gboolean archived,
                                   GError **error)
{
  PtStoreWorker *worker = pt_services_get_worker (self->services, error);

  if (worker == NULL)
    return FALSE;
  pt_store_worker_set_player_archived (worker, player_id, archived, NULL, on_player_written,
                                       g_object_ref (self));
  return TRUE;
}

gboolean
pt_stats_page_commit_merge (PtStatsPage *self,
                            GError **error)
{
  PtStoreWorker *worker;
  gint64 from = self->merge_from, into = self->merge_into;

  g_return_val_if_fail (PT_IS_STATS_PAGE (self), FALSE);
  if (from == 0)
    return TRUE;
  self->merge_from = self->merge_into = 0;
  if (self->merge_toast != NULL)
    {
      AdwToast *toast = self->merge_toast;

      g_clear_weak_pointer (&self->merge_toast);
      adw_toast_dismiss (toast);
    }
  if ((worker = pt_services_get_worker (self->services, error)) == NULL)
    {
      pt_stats_page_reload (self);
      return FALSE;
    }
  pt_store_worker_merge_players (worker, from, into, NULL, on_player_written, g_object_ref (self));
  pt_stats_page_reload (self);
  return TRUE;
}

gboolean
pt_stats_page_undo_merge (PtStatsPage *self)
{
  g_return_val_if_fail (PT_IS_STATS_PAGE (self), FALSE);
  if (self->merge_from == 0)
    return FALSE;
  self->merge_from = self->merge_into = 0;
  if (self->merge_toast != NULL)
    {
      AdwToast *toast = self->merge_toast;

      g_clear_weak_pointer (&self->merge_toast);
      adw_toast_dismiss (toast);
    }
  pt_stats_page_reload (self);
  return TRUE;
}

static void
on_merge_undo (AdwToast *toast,
               PtStatsPage *self)
{
  pt_stats_page_undo_merge (self);
}

static void
on_merge_dismissed (AdwToast *toast,
                    PtStatsPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->merge_toast != toast)
    return;
  g_clear_weak_pointer (&self->merge_toast);
  if (!pt_stats_page_commit_merge (self, &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

/* The two players' names have come: the toast with Undo says who was
 * merged into whom (if that merge still waits). A failure is told and the
 * merge forgotten: nothing was merged. */
static void
merge_names_read (GObject *source,
                  GAsyncResult *result,
                  gpointer user_data)
{
  PtReadReply *reply = user_data;
  gint64 from = reply->ids[0], into = reply->ids[1];
  g_autoptr(GError) error = NULL;
  MergeData *data = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtStatsPage) self = pt_read_reply_take (reply, error, NULL);
  g_autofree char *title = NULL;
  AdwToast *toast;

  /* Settled or undone meanwhile (a newer merge settles the older). */
  if (self == NULL || self->merge_from != from || self->merge_into != into)
    {
      g_clear_pointer (&data, merge_data_free);
      return;
    }
  if (data == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      pt_stats_page_undo_merge (self);
      return;
    }
  title = g_strdup_printf (_("%s merged into %s"), data->players[0]->name, data->players[1]->name);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_merge_undo), self, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_merge_dismissed), self, 0);
  g_set_weak_pointer (&self->merge_toast, toast);
  pt_companion_toast (GTK_WIDGET (self), toast);
  merge_data_free (data);
}

/* @from is hidden at once and merged into @into when the toast goes; the
 * toast (with Undo) comes when the worker has read their names. */
void
pt_stats_page_merge_players (PtStatsPage *self,
                             gint64 from,
                             gint64 into)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker;
  PtReadReply *reply;

  g_return_if_fail (PT_IS_STATS_PAGE (self));
  if (from == into)
    return;
  if ((worker = pt_services_get_worker (self->services, &error)) == NULL)
    {
      pt_companion_error_toast (GTK_WIDGET (self), error);
      return;
    }
  /* One merge waits at a time: a second one settles the first. */
  if (self->merge_from != 0 && !pt_stats_page_commit_merge (self, &error))
    pt_companion_error_toast (GTK_WIDGET (self), error);

  self->merge_from = from;
  self->merge_into = into;
  /* No lane: a newer merge settles this one, whose toast then stays away. */
  reply = pt_read_reply_new (self, NULL);
  reply->ids[0] = from;
  reply->ids[1] = into;
  pt_store_worker_run (worker, NULL, read_merge, merge_data_new (from, into),
                       (GDestroyNotify) merge_data_free, (GDestroyNotify) merge_data_free, self->reads,
                       merge_names_read, reply);

  gtk_stack_set_visible_child_name (self->stack, "overview");
  self->player_id = 0;
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  pt_stats_page_reload (self);
}

/* Actions and life cycle -------------------------------------------------------- */

static void
on_add_response (AdwMessageDialog *dialog,
                 const char *response,
                 PtStatsPage *self)
{
  g_autoptr(GError) error = NULL;
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));

  if (g_strcmp0 (response, "add") == 0 &&
      pt_stats_page_add_player (self, gtk_editable_get_text (entry), &error) == 0)
    pt_companion_error_toast (GTK_WIDGET (self), error);
}

static void
add_player_action (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                              _("Add a Player"), NULL);
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Name"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "add", _("_Add"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "add",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "add");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_add_response), widget, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
back_action (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  PtStatsPage *self = PT_STATS_PAGE (widget);

  self->player_id = 0;
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  gtk_stack_set_visible_child_name (self->stack, "overview");
  pt_stats_page_reload (self);
}

static void
pt_stats_page_map (GtkWidget *widget)
{
  PtStatsPage *self = PT_STATS_PAGE (widget);

  GTK_WIDGET_CLASS (pt_stats_page_parent_class)->map (widget);
  /* New matches may have been saved while the page was hidden. */
  pt_stats_page_reload (self);
  if (self->player_id != 0)
    pt_stats_page_show_player (self, self->player_id);
}

static void
pt_stats_page_dispose (GObject *object)
{
  PtStatsPage *self = PT_STATS_PAGE (object);

  /* A merge confirmed but still undoable is carried out on the way out. */
  if (self->merge_from != 0)
    {
      g_autoptr(GError) error = NULL;

      if (!pt_stats_page_commit_merge (self, &error))
        g_warning ("Could not merge the players: %s", error->message);
    }
  /* No late answer reaches a page that is going (the merge's write above
   * is not a read: it goes on). */
  g_cancellable_cancel (self->reads);
  g_clear_weak_pointer (&self->merge_toast);
  g_clear_weak_pointer (&self->h2h_row);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  pt_paced_stop (self->overview_fill);
  self->overview_fill = 0;
  self->overview_box = NULL;
  memset (self->overview_groups, 0, sizeof self->overview_groups);
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_STATS_PAGE);
  g_clear_object (&self->services);
  G_OBJECT_CLASS (pt_stats_page_parent_class)->dispose (object);
}

static void
pt_stats_page_finalize (GObject *object)
{
  PtStatsPage *self = PT_STATS_PAGE (object);

  g_clear_pointer (&self->leaderboard_game, g_free);
  g_clear_pointer (&self->charts, g_hash_table_unref);
  g_clear_pointer (&self->player_key, g_free);
  g_clear_object (&self->reads);
  for (guint i = 0; i < G_N_ELEMENTS (self->overview_keys); i++)
    g_clear_pointer (&self->overview_keys[i], g_free);
  G_OBJECT_CLASS (pt_stats_page_parent_class)->finalize (object);
}

static void
pt_stats_page_get_property (GObject *object,
                            guint prop_id,
                            GValue *value,
                            GParamSpec *pspec)
{
  PtStatsPage *self = PT_STATS_PAGE (object);

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
pt_stats_page_set_property (GObject *object,
                            guint prop_id,
                            const GValue *value,
                            GParamSpec *pspec)
{
  PtStatsPage *self = PT_STATS_PAGE (object);

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
pt_stats_page_class_init (PtStatsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_stats_page_dispose;
  object_class->get_property = pt_stats_page_get_property;
  object_class->set_property = pt_stats_page_set_property;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
  object_class->finalize = pt_stats_page_finalize;
  widget_class->map = pt_stats_page_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-stats-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtStatsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PtStatsPage, empty_status);
  gtk_widget_class_bind_template_child (widget_class, PtStatsPage, overview_bin);
  gtk_widget_class_bind_template_child (widget_class, PtStatsPage, player_bin);
  gtk_widget_class_bind_template_child (widget_class, PtStatsPage, player_scroller);

  gtk_widget_class_install_action (widget_class, "stats.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "stats.merge", NULL, merge_action);
  gtk_widget_class_install_action (widget_class, "stats.back", NULL, back_action);
}

static void
pt_stats_page_init (PtStatsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->charts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->reads = g_cancellable_new ();
}
