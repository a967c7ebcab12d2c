/* pt-play-page.c — the Play area: start a game, continue one, play it
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The start screen lists the games in progress (saved after every move, so
 * closing the window or a crash loses nothing) and the form for a new
 * game. Starting deals through the rules layer (pt_rules_new_dealt_game)
 * and hands the game to a PtGameView; continuing replays the saved record
 * (pt_rules_load_record_string).
 *
 * Actions: play.start, play.continue(x id), play.delete-saved(x id).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-application.h"
#include "pt-continue-list.h"
#include "pt-game-setup-view.h"
#include "pt-game-view.h"
#include "pt-play-page.h"
#include "pt-record.h"
#include "pt-rules.h"

struct _PtPlayPage
{
  AdwBin      parent_instance;

  PtStore    *store;
  gboolean    store_failed;

  /* The last game started, for "Play Again". */
  char       *last_game_id;
  JsonArray  *last_seats;
  JsonObject *last_options;

  /* Template widgets */
  AdwToastOverlay *toasts;
  GtkStack        *stack;
  GtkWidget       *continue_list;
  GtkWidget       *setup_view;
  AdwBin          *game_holder;
};

G_DEFINE_FINAL_TYPE (PtPlayPage, pt_play_page, ADW_TYPE_BIN)

static void
show_error (PtPlayPage *self,
            const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

PtStore *
pt_play_page_get_store (PtPlayPage *self)
{
  GtkRoot *root;
  GtkApplication *app = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PT_IS_PLAY_PAGE (self), NULL);

  if (self->store != NULL || self->store_failed)
    return self->store;

  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    app = gtk_window_get_application (GTK_WINDOW (root));
  if (!PT_IS_APPLICATION (app))
    return NULL;

  /* The application's store, shared with the history pages, so a
   * finished game shows there at once. */
  self->store = pt_application_get_store (PT_APPLICATION (app), &error);
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

void
pt_play_page_set_store (PtPlayPage *self,
                        PtStore    *store)
{
  g_return_if_fail (PT_IS_PLAY_PAGE (self));

  g_set_object (&self->store, store);
  self->store_failed = FALSE;
}

GtkWidget *
pt_play_page_get_game_view (PtPlayPage *self)
{
  g_return_val_if_fail (PT_IS_PLAY_PAGE (self), NULL);

  return adw_bin_get_child (self->game_holder);
}

GtkWidget *
pt_play_page_get_setup_view (PtPlayPage *self)
{
  g_return_val_if_fail (PT_IS_PLAY_PAGE (self), NULL);

  return self->setup_view;
}

static void
refresh_home (PtPlayPage *self)
{
  PtStore *store = pt_play_page_get_store (self);
  g_autoptr(GPtrArray) players = NULL;

  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkApplication *app = GTK_IS_WINDOW (root) ? gtk_window_get_application (GTK_WINDOW (root)) : NULL;

  /* The engines of Preferences → Engines, offered as computer players. */
  if (PT_IS_APPLICATION (app))
    pt_game_setup_view_set_settings (PT_GAME_SETUP_VIEW (self->setup_view),
                                     pt_application_get_settings (PT_APPLICATION (app)));
  pt_continue_list_refresh (PT_CONTINUE_LIST (self->continue_list), store);
  if (store != NULL)
    players = pt_store_list_players (store, FALSE, NULL);
  pt_game_setup_view_set_players (PT_GAME_SETUP_VIEW (self->setup_view), players);
}

static void
go_home (PtPlayPage *self)
{
  adw_bin_set_child (self->game_holder, NULL);
  gtk_stack_set_visible_child_name (self->stack, "home");
  refresh_home (self);
}

static void start_game (PtPlayPage  *self,
                        const char  *game_id,
                        JsonArray   *seats,
                        JsonObject  *options,
                        guint64      seed);

static void
on_leave (PtGameView *view,
          PtPlayPage *self)
{
  go_home (self);
}

static void
on_play_again (PtGameView *view,
               PtPlayPage *self)
{
  g_autoptr(JsonArray) seats = json_array_ref (self->last_seats);
  g_autoptr(JsonObject) options = json_object_ref (self->last_options);
  g_autofree char *game_id = g_strdup (self->last_game_id);

  start_game (self, game_id, seats, options,
              g_random_int () | ((guint64) g_random_int () << 32));
}

static void
show_game (PtPlayPage *self,
           PtGame     *game,
           JsonArray  *seats,
           gint64      saved_id,
           gint64      started)
{
  GtkWidget *view;

  view = pt_game_view_new (game, seats, pt_play_page_get_store (self), saved_id, started);
  g_signal_connect_object (view, "leave", G_CALLBACK (on_leave), self, 0);
  g_signal_connect_object (view, "play-again", G_CALLBACK (on_play_again), self, 0);
  adw_bin_set_child (self->game_holder, view);
  gtk_stack_set_visible_child_name (self->stack, "game");
}

static void
start_game (PtPlayPage  *self,
            const char  *game_id,
            JsonArray   *seats,
            JsonObject  *options,
            guint64      seed)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(PtGame) game = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < json_array_get_length (seats); i++)
    g_ptr_array_add (names, (gpointer) json_object_get_string_member (json_array_get_object_element (seats, i), "name"));
  g_ptr_array_add (names, NULL);

  game = pt_rules_new_dealt_game (game_id, (const char * const *) names->pdata, options, -1, seed, &error);
  if (game == NULL)
    {
      show_error (self, error->message);
      return;
    }

  g_free (self->last_game_id);
  self->last_game_id = g_strdup (game_id);
  g_clear_pointer (&self->last_seats, json_array_unref);
  self->last_seats = json_array_ref (seats);
  g_clear_pointer (&self->last_options, json_object_unref);
  self->last_options = json_object_ref (options);

  show_game (self, game, seats, 0, g_get_real_time () / G_USEC_PER_SEC);
}

static void
action_start (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);
  PtGameSetupView *setup = PT_GAME_SETUP_VIEW (self->setup_view);
  g_autoptr(JsonArray) seats = NULL;
  g_autoptr(JsonObject) options = NULL;
  g_autoptr(GError) error = NULL;
  guint64 seed = 0;

  if (!pt_game_setup_view_get_setup (setup, &seats, &options, &seed, &error))
    {
      show_error (self, error->message);
      return;
    }
  start_game (self, pt_game_setup_view_get_game_id (setup), seats, options, seed);
}

static void
action_continue (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);
  PtStore *store = pt_play_page_get_store (self);
  gint64 id = g_variant_get_int64 (parameter);
  g_autoptr(PtSavedGame) saved = NULL;
  g_autoptr(PtGame) game = NULL;
  g_autoptr(JsonNode) options = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *seats = NULL;
  gint64 started = 0;

  if (store == NULL)
    return;
  saved = pt_store_load_saved_game (store, id, &error);
  if (saved != NULL)
    game = pt_rules_load_record_string (saved->record, NULL, NULL, &error);
  if (game == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("This game cannot be continued: %s"),
                                                  error->message);
      show_error (self, message);
      return;
    }

  options = pt_json_parse (saved->options, NULL);
  if (options != NULL && JSON_NODE_HOLDS_OBJECT (options))
    {
      JsonObject *object = json_node_get_object (options);

      gint64 value;

      seats = pt_json_get_array (json_object_get_member (object, "seats"));
      started = pt_json_get_int (json_object_get_member (object, "started"), &value) ? value : saved->created;
    }
  if (seats == NULL || json_array_get_length (seats) != pt_game_get_n_players (game))
    {
      /* A saved game from elsewhere: everybody is a person. */
      g_autoptr(JsonArray) people = json_array_new ();

      for (guint i = 0; i < pt_game_get_n_players (game); i++)
        {
          JsonObject *s = json_object_new ();

          json_object_set_string_member (s, "name", pt_game_get_player_name (game, i));
          json_object_set_boolean_member (s, "computer", FALSE);
          json_array_add_object_element (people, s);
        }
      show_game (self, game, people, id, started ? started : saved->created);
      return;
    }
  show_game (self, game, seats, id, started);
}

static void
action_delete_saved (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);
  PtStore *store = pt_play_page_get_store (self);
  g_autoptr(GError) error = NULL;

  if (store == NULL)
    return;
  if (!pt_store_delete_saved_game (store, g_variant_get_int64 (parameter), &error))
    show_error (self, error->message);
  refresh_home (self);
}

GtkWidget *
pt_play_page_new (void)
{
  return g_object_new (PT_TYPE_PLAY_PAGE, NULL);
}

static void
pt_play_page_map (GtkWidget *widget)
{
  PtPlayPage *self = PT_PLAY_PAGE (widget);

  GTK_WIDGET_CLASS (pt_play_page_parent_class)->map (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "home") == 0)
    refresh_home (self);
}

static void
pt_play_page_dispose (GObject *object)
{
  PtPlayPage *self = PT_PLAY_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_PLAY_PAGE);
  g_clear_object (&self->store);
  g_clear_pointer (&self->last_seats, json_array_unref);
  g_clear_pointer (&self->last_options, json_object_unref);
  g_clear_pointer (&self->last_game_id, g_free);

  G_OBJECT_CLASS (pt_play_page_parent_class)->dispose (object);
}

static void
pt_play_page_class_init (PtPlayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_play_page_dispose;
  widget_class->map = pt_play_page_map;

  g_type_ensure (PT_TYPE_CONTINUE_LIST);
  g_type_ensure (PT_TYPE_GAME_SETUP_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-play-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, continue_list);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, setup_view);
  gtk_widget_class_bind_template_child (widget_class, PtPlayPage, game_holder);

  gtk_widget_class_install_action (widget_class, "play.start", NULL, action_start);
  gtk_widget_class_install_action (widget_class, "play.continue", "x", action_continue);
  gtk_widget_class_install_action (widget_class, "play.delete-saved", "x", action_delete_saved);
}

static void
load_css (void)
{
  static gboolean loaded;
  g_autoptr(GtkCssProvider) provider = NULL;

  if (loaded)
    return;
  loaded = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/partida/Partida/pt-play.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
pt_play_page_init (PtPlayPage *self)
{
  load_css ();
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Not bound as a template child: AdwBin owns its direct child, and
   * gtk_widget_dispose_template() would release it a second time. */
  self->toasts = ADW_TOAST_OVERLAY (adw_bin_get_child (ADW_BIN (self)));
}
