/* pt-play-page.c — the Play area: start a game, continue one, play it
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The start screen lists the games in progress (saved after every move, so
 * closing the window or a crash loses nothing) and the form for a new
 * game. Starting makes a PtSession from the form (pt_game_setup_view_create_session)
 * and hands it to a PtGameView; continuing resumes the saved game in
 * whatever round it stopped (pt_session_new_from_saved_game). A match's
 * writes (the autosave after every move, the final save) go through the
 * store worker (pt_session_set_worker), and a saved game is read back on
 * the worker too, behind the autosaves still queued: it is the position
 * last written.
 *
 * Nothing here reads SQLite on the main loop: the home shows its layout at
 * once and fills in from one read on the worker (saved games, known
 * players, the last person to play), and a start reads the seats' known
 * names and tonight's game night there too (pt_session_start_async). Each
 * kind of read has a cancellable of its own: a newer request cancels the
 * older one, and the page's dispose cancels them all.
 *
 * "Learn to Play" starts a PtLesson (a guided first game, nothing saved)
 * in a PtLearnView.
 *
 * Actions: play.start, play.continue(x id), play.delete-saved(x id),
 * play.learn(s game id).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-continue-list.h"
#include "pt-game-setup-view.h"
#include "pt-game-ui.h"
#include "pt-game-view.h"
#include "pt-learn-view.h"
#include "pt-lesson.h"
#include "pt-paced.h"
#include "pt-play-page.h"
#include "pt-record.h"
#include "pt-rules.h"
#include "pt-services.h"
#include "pt-session.h"
#include "pt-text-hover.h"

struct _PtPlayPage
{
  AdwBin parent_instance;

  PtServices *services;
  PtStore *store;
  gboolean store_failed;

  /* The last match started, for "Play Again". */
  PtSession *last_session;

  /* Template widgets */
  AdwToastOverlay *toasts;
  GtkStack *stack;
  GtkBox *home_box;
  GtkWidget *continue_list;
  GtkWidget *setup_view;
  GtkWidget *learn_group;
  AdwBin *game_holder;
  GtkWidget *home_bin;

  guint home_idle;   /* the home's first read, after the first frame */
  guint setup_build; /* the setup form, after the first frame (pt-paced.h) */

  GCancellable *home_read; /* the home's lists */
  GCancellable *start;     /* a match started, continued */
  char *last_person;       /* from the home's read: a lesson's player */
};

G_DEFINE_FINAL_TYPE (PtPlayPage, pt_play_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_error (PtPlayPage *self,
            const char *message)
{
  /* A toast's title is Pango markup: the message may quote a saved record. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

PtStore *
pt_play_page_get_store (PtPlayPage *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PT_IS_PLAY_PAGE (self), NULL);

  if (self->store != NULL || self->store_failed)
    return self->store;

  /* The services' store, shared with the history pages, so a finished
   * game shows there at once. */
  self->store = pt_services_get_store (self->services, &error);
  if (self->store == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The match history could not be opened, "
                                                    "so games will not be saved: %s"),
                                                     error ? error->message : "");
      self->store_failed = TRUE;
      show_error (self, message);
    }
  else
    g_object_ref (self->store);
  return self->store;
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

GtkWidget *
pt_play_page_get_game_view (PtPlayPage *self)
{
  g_return_val_if_fail (PT_IS_PLAY_PAGE (self), NULL);

  return adw_bin_get_child (self->game_holder);
}

/* The setup form is built after the window's first frame (start-up: it is
 * most of what the window would build and lay out before it can map), or
 * when first asked for. */
static GtkWidget *
ensure_setup_view (PtPlayPage *self)
{
  if (self->setup_view == NULL)
    {
      /* The engines of Preferences → Engines, offered as computer players;
       * the name suggestions read the history through the worker. */
      self->setup_view = pt_game_setup_view_new (self->services);
      gtk_box_insert_child_after (self->home_box, self->setup_view, self->continue_list);
    }
  return self->setup_view;
}

static gboolean
build_setup_step (gpointer user_data)
{
  PtPlayPage *self = user_data;

  self->setup_build = 0;
  ensure_setup_view (self);
  return FALSE;
}

GtkWidget *
pt_play_page_get_setup_view (PtPlayPage *self)
{
  g_return_val_if_fail (PT_IS_PLAY_PAGE (self), NULL);

  return ensure_setup_view (self);
}

/* What the home takes from the store, read on the worker. */
typedef struct
{
  GPtrArray *saved;
  GError *saved_error;
  GPtrArray *players;
  GError *players_error;
  char *person;
} HomeRead;

static void
home_read_free (HomeRead *read)
{
  g_clear_pointer (&read->saved, g_ptr_array_unref);
  g_clear_error (&read->saved_error);
  g_clear_pointer (&read->players, g_ptr_array_unref);
  g_clear_error (&read->players_error);
  g_free (read->person);
  g_free (read);
}

static gpointer
read_home (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  HomeRead *read = g_new0 (HomeRead, 1);

  read->saved = pt_store_list_saved_games (store, &read->saved_error);
  read->players = pt_store_list_players (store, FALSE, &read->players_error);
  /* The first seat's default: whoever last sat at a match as a person
   * (never the computer's name). */
  read->person = pt_session_last_person_name (store);
  return read;
}

static void
home_read (GObject *source,
           GAsyncResult *result,
           gpointer user_data)
{
  g_autoptr(PtPlayPage) self = user_data;
  g_autoptr(GError) error = NULL;
  HomeRead *read = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  PtGameSetupView *setup;

  /* A newer read, or the page gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (read == NULL)
    {
      /* A failed read says so where the games would be. */
      pt_continue_list_set_saved (PT_CONTINUE_LIST (self->continue_list), NULL, error);
      return;
    }
  pt_continue_list_set_saved (PT_CONTINUE_LIST (self->continue_list), read->saved, read->saved_error);
  setup = PT_GAME_SETUP_VIEW (ensure_setup_view (self));
  if (read->players_error != NULL)
    show_error (self, read->players_error->message);
  pt_game_setup_view_set_players (setup, read->players);
  pt_game_setup_view_set_default_person (setup, read->person);
  g_free (self->last_person);
  self->last_person = g_steal_pointer (&read->person);
  home_read_free (read);
}

/* Queued behind the writes already on the worker (a game's last
 * autosave, a saved game deleted): the lists as they leave them. */
static void
refresh_home (PtPlayPage *self)
{
  PtStoreWorker *worker = pt_play_page_get_store (self) != NULL
                              ? pt_services_get_worker (self->services, NULL)
                              : NULL;

  if (worker == NULL)
    {
      pt_continue_list_set_saved (PT_CONTINUE_LIST (self->continue_list), NULL, NULL);
      pt_game_setup_view_set_players (PT_GAME_SETUP_VIEW (ensure_setup_view (self)), NULL);
      return;
    }
  pt_store_worker_run (worker, NULL, read_home, NULL, NULL, (GDestroyNotify) home_read_free,
                       renew_cancellable (&self->home_read), home_read, g_object_ref (self));
}

static void
go_home (PtPlayPage *self)
{
  adw_bin_set_child (self->game_holder, NULL);
  gtk_stack_set_visible_child_name (self->stack, "home");
  refresh_home (self);
}

static void start_session (PtPlayPage *self,
                           PtSession *session);

static void
on_leave (PtGameView *view,
          PtPlayPage *self)
{
  go_home (self);
}

/* The same seats, options and rounds, a new deal. */
static void
on_play_again (PtGameView *view,
               PtPlayPage *self)
{
  g_autoptr(PtSession) previous = g_object_ref (self->last_session);
  g_autoptr(PtSession) session = pt_session_new (pt_session_get_game_id (previous),
                                                  pt_session_get_store (previous), NULL);

  pt_session_set_n_seats (session, pt_session_get_n_seats (previous));
  for (guint i = 0; i < pt_session_get_n_seats (previous); i++)
    {
      pt_session_set_seat_name (session, i, pt_session_get_seat_name (previous, i));
      pt_session_set_seat_kind (session, i, pt_session_get_seat_kind (previous, i),
                                pt_session_get_seat_level (previous, i),
                                pt_session_get_seat_engine (previous, i),
                                pt_session_get_seat_engine (previous, i));
    }
  pt_session_set_options (session, pt_session_get_options (previous));
  pt_session_set_n_rounds (session, pt_session_get_n_rounds (previous));
  pt_session_set_next_starter (session, pt_session_get_next_starter (previous));
  start_session (self, session);
}

/* The game (or lesson) @view takes the home's place. */
static void
show_view (PtPlayPage *self,
           GtkWidget *view)
{
  /* The rows of the home go (pt-text-hover.c). */
  pt_drop_text_hover (GTK_WIDGET (self->home_box));
  adw_bin_set_child (self->game_holder, view);
  gtk_stack_set_visible_child_name (self->stack, "game");
}

static void
show_game (PtPlayPage *self,
           PtSession *session)
{
  GtkWidget *view;

  view = pt_game_view_new (session);
  g_signal_connect_object (view, "leave", G_CALLBACK (on_leave), self, 0);
  g_signal_connect_object (view, "play-again", G_CALLBACK (on_play_again), self, 0);
  show_view (self, view);
}

static void
session_started (GObject *source,
                 GAsyncResult *result,
                 gpointer user_data)
{
  g_autoptr(PtPlayPage) self = user_data;
  PtSession *session = PT_SESSION (source);
  g_autoptr(GError) error = NULL;

  if (!pt_session_start_finish (session, result, &error))
    {
      /* A newer start, or the page gone. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, error->message);
      return;
    }
  g_set_object (&self->last_session, session);
  show_game (self, session);
}

/* The seats' known names and tonight's game night (matches played today
 * join it) are read on the worker; the game shows when they are in. */
static void
start_session (PtPlayPage *self,
               PtSession *session)
{
  PtStore *store = pt_session_get_store (session);
  PtStoreWorker *worker = store != NULL ? pt_services_get_worker (self->services, NULL) : NULL;

  /* Saved on the worker: the main loop never waits for SQLite in a game. */
  if (worker != NULL && pt_session_get_worker (session) == NULL)
    pt_session_set_worker (session, worker);
  pt_session_start_async (session, store != NULL, renew_cancellable (&self->start), session_started,
                          g_object_ref (self));
}

static void
action_start (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);
  PtGameSetupView *setup = PT_GAME_SETUP_VIEW (ensure_setup_view (self));
  g_autoptr(PtSession) session = NULL;
  g_autoptr(GError) error = NULL;

  session = pt_game_setup_view_create_session (setup, pt_play_page_get_store (self), &error);
  if (session == NULL)
    {
      show_error (self, error->message);
      return;
    }
  start_session (self, session);
}

static gpointer
read_saved_game (PtStore *store,
                 PtStats *stats,
                 gpointer data,
                 GCancellable *cancellable,
                 GError **error)
{
  return pt_store_load_saved_game (store, *(gint64 *) data, error);
}

static void
saved_game_read (GObject *source,
                 GAsyncResult *result,
                 gpointer user_data)
{
  g_autoptr(PtPlayPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PtSavedGame) saved = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  g_autoptr(PtSession) session = NULL;

  /* A newer start, or the page gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      gtk_widget_get_root (GTK_WIDGET (self)) == NULL)
    return;
  if (saved != NULL)
    session = pt_session_new_from_saved_game (saved, pt_play_page_get_store (self),
                                              PT_STORE_WORKER (source), &error);
  if (session == NULL)
    {
      show_error (self, error->message);
      return;
    }
  g_set_object (&self->last_session, session);
  if (pt_session_get_game (session) == NULL)
    {
      /* Finished and saved on the way in: nothing left to play. */
      refresh_home (self);
      return;
    }
  show_game (self, session);
}

/* Read on the worker, after the writes queued before it. */
static void
action_continue (GtkWidget *widget,
                 const char *action_name,
                 GVariant *parameter)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);
  PtStore *store = pt_play_page_get_store (self);
  PtStoreWorker *worker = store != NULL ? pt_services_get_worker (self->services, NULL) : NULL;
  gint64 id = g_variant_get_int64 (parameter);

  if (worker == NULL)
    return;
  pt_store_worker_run (worker, NULL, read_saved_game, g_memdup2 (&id, sizeof id), g_free,
                       (GDestroyNotify) pt_saved_game_unref, renew_cancellable (&self->start),
                       saved_game_read, g_object_ref (self));
}

static void
on_saved_deleted (GObject *source,
                  GAsyncResult *result,
                  gpointer user_data)
{
  g_autoptr(PtPlayPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!pt_store_worker_write_finish (PT_STORE_WORKER (source), result, NULL, &error) &&
      gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    show_error (self, error->message);
  if (gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    refresh_home (self);
}

/* Written by the store worker; the list reads again when it is done. */
static void
action_delete_saved (GtkWidget *widget,
                     const char *action_name,
                     GVariant *parameter)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);

  if (worker == NULL)
    {
      if (error != NULL)
        show_error (self, error->message);
      return;
    }
  pt_store_worker_delete_saved_game (worker, g_variant_get_int64 (parameter), NULL, on_saved_deleted,
                                     g_object_ref (self));
}

/* Learn to play ------------------------------------------------------- */

static void start_lesson (PtPlayPage *self,
                          const char *game_id);

static void
on_lesson_again (PtLearnView *view,
                 PtPlayPage *self)
{
  g_autofree char *game_id = g_strdup (pt_lesson_get_game_id (pt_learn_view_get_lesson (view)));

  start_lesson (self, game_id);
}

static void
on_lesson_leave (PtLearnView *view,
                 PtPlayPage *self)
{
  go_home (self);
}

static void
start_lesson (PtPlayPage *self,
              const char *game_id)
{
  g_autoptr(PtLesson) lesson = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *view;

  lesson = pt_lesson_new (game_id, &error);
  /* The person who played last takes the seat (nothing is saved), as the
   * home's read found them; nobody yet: the account's real name, as the
   * setup's first seat (else the lesson's "Player 1"). */
  if (lesson != NULL && self->last_person != NULL)
    pt_lesson_set_player_name (lesson, self->last_person);
  else if (lesson != NULL)
    {
      g_autofree char *account = pt_game_setup_view_dup_account_name ();

      pt_lesson_set_player_name (lesson, account);
    }
  if (lesson == NULL || !pt_lesson_start (lesson, &error))
    {
      show_error (self, error->message);
      return;
    }
  view = pt_learn_view_new (lesson);
  g_signal_connect_object (view, "leave", G_CALLBACK (on_lesson_leave), self, 0);
  g_signal_connect_object (view, "play-again", G_CALLBACK (on_lesson_again), self, 0);
  show_view (self, view);
}

static void
action_learn (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  start_lesson (PT_PLAY_PAGE (widget), g_variant_get_string (parameter, NULL));
}

/* One row per game that has a lesson. */
static void
fill_learn_group (PtPlayPage *self)
{
  const char *const *games = pt_rules_list_games ();

  for (guint i = 0; games != NULL && games[i] != NULL; i++)
    {
      GtkWidget *row, *icon;

      if (!pt_lesson_supports (games[i]))
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pt_game_ui_title (games[i]));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "play.learn");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", games[i]);
      /* Decoration: the row is named by its title. */
      icon = pt_accessible_new_decoration ("go-next-symbolic");
      gtk_widget_set_can_target (icon, FALSE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      gtk_widget_set_name (row, games[i]);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->learn_group), row);
    }
}

/**
 * pt_play_page_new:
 * @services: the settings and the history the page plays into
 */
GtkWidget *
pt_play_page_new (PtServices *services)
{
  g_return_val_if_fail (PT_IS_SERVICES (services), NULL);

  return g_object_new (PT_TYPE_PLAY_PAGE, "services", services, NULL);
}

static void
pt_play_page_constructed (GObject *object)
{
  PtPlayPage *self = PT_PLAY_PAGE (object);

  G_OBJECT_CLASS (pt_play_page_parent_class)->constructed (object);

  g_assert (PT_IS_SERVICES (self->services));
  self->setup_build = pt_paced_start (GTK_WIDGET (self), build_setup_step, self, NULL);
}

static void
pt_play_page_get_property (GObject *object,
                           guint prop_id,
                           GValue *value,
                           GParamSpec *pspec)
{
  PtPlayPage *self = PT_PLAY_PAGE (object);

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
pt_play_page_set_property (GObject *object,
                           guint prop_id,
                           const GValue *value,
                           GParamSpec *pspec)
{
  PtPlayPage *self = PT_PLAY_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      self->services = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
refresh_home_idle (gpointer user_data)
{
  PtPlayPage *self = user_data;

  self->home_idle = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "home") == 0)
    refresh_home (self);
  return G_SOURCE_REMOVE;
}

/* The same when the whole page leaves the screen (its window closed a
 * moment after a seat was renamed): the states go before GTK unmaps the
 * rows (see pt-text-hover.c). */
static void
pt_play_page_unmap (GtkWidget *widget)
{
  pt_drop_text_hover (widget);
  GTK_WIDGET_CLASS (pt_play_page_parent_class)->unmap (widget);
}

static void
pt_play_page_map (GtkWidget *widget)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);

  GTK_WIDGET_CLASS (pt_play_page_parent_class)->map (widget);

  /* The saved games and players come from the store: read after the
   * window's first frame, which does not wait for them (start-up). */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "home") == 0)
    {
      if (self->home_idle == 0)
        self->home_idle = g_idle_add_full (G_PRIORITY_LOW, refresh_home_idle, self, NULL);
    }
}

static void
pt_play_page_dispose (GObject *object)
{
  PtPlayPage *self = PT_PLAY_PAGE (object);

  g_clear_handle_id (&self->home_idle, g_source_remove);
  /* No late answer reaches a page that is going. */
  g_cancellable_cancel (self->home_read);
  g_clear_object (&self->home_read);
  g_cancellable_cancel (self->start);
  g_clear_object (&self->start);
  g_clear_pointer (&self->last_person, g_free);
  pt_paced_stop (self->setup_build);
  self->setup_build = 0;
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_PLAY_PAGE);
  g_clear_object (&self->store);
  g_clear_object (&self->last_session);
  g_clear_object (&self->services);

  G_OBJECT_CLASS (pt_play_page_parent_class)->dispose (object);
}

static void
pt_play_page_class_init (PtPlayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_play_page_constructed;
  object_class->dispose = pt_play_page_dispose;
  object_class->get_property = pt_play_page_get_property;
  object_class->set_property = pt_play_page_set_property;
  widget_class->map = pt_play_page_map;
  widget_class->unmap = pt_play_page_unmap;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PT_TYPE_CONTINUE_LIST);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-play-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, continue_list);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, home_box);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, learn_group);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, game_holder);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, home_bin);

  gtk_widget_class_install_action (widget_class, "play.start", NULL, action_start);
  gtk_widget_class_install_action (widget_class, "play.continue", "x", action_continue);
  gtk_widget_class_install_action (widget_class, "play.delete-saved", "x", action_delete_saved);
  gtk_widget_class_install_action (widget_class, "play.learn", "s", action_learn);
}

static void
pt_play_page_init (PtPlayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The status page scrolls: its labels need not find a width per height. */
  pt_layout_width_without_height (self->home_bin);
  /* Not bound as a template child: AdwBin owns its direct child, and
   * gtk_widget_dispose_template() would release it a second time. */
  self->toasts = ADW_TOAST_OVERLAY (adw_bin_get_child (ADW_BIN (self)));
  fill_learn_group (self);
}
