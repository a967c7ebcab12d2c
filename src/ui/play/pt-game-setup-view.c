/* pt-game-setup-view.c — choose a game, its players and its options
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Defaults make the common case two clicks away: the first game of the
 * registry, the last person who played (else the account's real name,
 * else "Player 1") against the computer at medium level, the game's
 * default rules, a random seed. Preferences pre-fill the rest: the
 * computer's level, and the chosen game's house rules
 * (PtGameUi.read_defaults). Each seat is a name (typed, or picked
 * from the players the history knows) and who plays it: a person or the
 * computer at a level. Options are only those of the chosen game.
 *
 * The external engines saved in Preferences → Engines (GSettings
 * "engines") that play the chosen game are offered after the three
 * levels, as "Engine: NAME"; such a seat is {"computer": true, "engine":
 * "engine:COMMAND", "engine_name": NAME}. Picking an engine for a seat
 * still called "Computer" names the seat after the engine.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "pt-accessible.h"
#include "pt-bot.h"
#include "pt-computer-player.h"
#include "pt-engines-page.h"
#include "pt-game-setup-view.h"
#include "pt-game-ui.h"
#include "pt-name-suggest.h"
#include "pt-player-name.h"
#include "pt-session.h"

#define MAX_SEATS    4
/* Person, and the three computer levels; engines come after. */
#define N_BASE_KINDS 4

struct _PtGameSetupView
{
  GtkWidget parent_instance;

  GtkWidget *game_row;
  GtkWidget *players_group;
  GtkWidget *levels_label;
  GtkWidget *count_row;
  GtkWidget *count_spin;
  GtkWidget *seat_rows[MAX_SEATS];
  GtkWidget *seat_kinds[MAX_SEATS];
  GtkWidget *seat_menus[MAX_SEATS];
  /* Each registered game's options group (NULL: none), in registry
   * order; each option's combo row or switch is the group's data under
   * the option's key. */
  GPtrArray *option_groups;
  GtkWidget *rounds_group;
  GtkWidget *rounds_row;
  GtkWidget *rounds_spin;
  GtkWidget *starter_row;
  GtkWidget *seed_row;
  GMenu *players_menu;

  PtServices *services; /* nullable: no engines, defaults, suggestions */
  GSettings *settings;
  char *engines_game; /* the game the engine choices are for */
  GStrv engine_names;
  GStrv engine_specs;
  gboolean updating_kinds;
  /* The first seat still holds the name the form gave it: nobody typed,
   * picked or set another since, so the home's read may put the last
   * person there. */
  gboolean first_seat_untouched;
  gboolean setting_first_seat;
};

G_DEFINE_FINAL_TYPE (PtGameSetupView, pt_game_setup_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
selected_game (PtGameSetupView *self)
{
  return MIN (adw_combo_row_get_selected (ADW_COMBO_ROW (self->game_row)), pt_game_ui_get_n () - 1);
}

static const PtGameUi *
selected_ui (PtGameSetupView *self)
{
  return pt_game_ui_list ()[selected_game (self)];
}

static guint
n_seats (PtGameSetupView *self)
{
  const PtGameUi *ui = selected_ui (self);

  if (ui->min_players != ui->max_players)
    return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->count_spin));
  return ui->min_players;
}

/* Shows @options (the rules' deal options) in game @index's rows. */
static void
load_options (PtGameSetupView *self,
              guint index,
              JsonObject *options)
{
  const PtGameUi *ui = pt_game_ui_list ()[index];
  GObject *group = g_ptr_array_index (self->option_groups, index);

  for (guint o = 0; group != NULL && o < ui->n_options; o++)
    {
      const PtGameOption *option = &ui->options[o];
      GtkWidget *control = g_object_get_data (group, option->key);
      JsonNode *value = json_object_get_member (options, option->key);
      g_autofree char *text = NULL;

      if (value == NULL)
        continue;
      if (option->labels == NULL)
        {
          gtk_switch_set_active (GTK_SWITCH (control), json_node_get_boolean (value));
          continue;
        }
      text = json_to_string (value, FALSE);
      for (guint v = 0; option->values[v] != NULL; v++)
        if (g_strcmp0 (option->values[v], text) == 0)
          adw_combo_row_set_selected (ADW_COMBO_ROW (control), v);
    }
}

/* The selected game's options as its rows say. */
static void
write_options (PtGameSetupView *self,
               JsonObject *options)
{
  const PtGameUi *ui = selected_ui (self);
  GObject *group = g_ptr_array_index (self->option_groups, selected_game (self));

  for (guint o = 0; group != NULL && o < ui->n_options; o++)
    {
      const PtGameOption *option = &ui->options[o];
      GtkWidget *control = g_object_get_data (group, option->key);

      if (option->labels == NULL)
        json_object_set_boolean_member (options, option->key, gtk_switch_get_active (GTK_SWITCH (control)));
      else
        {
          guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (control));
          JsonNode *value = json_from_string (option->values[selected], NULL);

          g_assert (value != NULL);
          json_object_set_member (options, option->key, value);
        }
    }
}

static const char *const *
base_kinds (void)
{
  static const char *kinds[N_BASE_KINDS + 1];

  kinds[0] = _("Person");
  kinds[1] = _("Computer, easy");
  kinds[2] = _("Computer, medium");
  kinds[3] = _("Computer, hard");
  return kinds;
}

/* The spec of the engine seat @index plays, or NULL. */
static const char *
seat_engine_spec (PtGameSetupView *self,
                  guint index)
{
  guint kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[index]));

  if (kind == GTK_INVALID_LIST_POSITION || kind < N_BASE_KINDS || self->engine_specs == NULL || kind - N_BASE_KINDS >= g_strv_length (self->engine_specs))
    return NULL;
  return self->engine_specs[kind - N_BASE_KINDS];
}

/* Offers the engines that play the chosen game in every seat's list,
 * keeping each seat's choice where it is still offered. */
static void
update_engines (PtGameSetupView *self)
{
  const char *id = pt_game_setup_view_get_game_id (self);
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) specs = NULL;
  char *kept[MAX_SEATS] = { NULL };
  guint kept_kind[MAX_SEATS];

  for (guint i = 0; i < MAX_SEATS; i++)
    {
      kept_kind[i] = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[i]));
      kept[i] = g_strdup (seat_engine_spec (self, i));
    }

  if (self->settings != NULL)
    pt_engines_page_list_for_game (self->settings, id, &names, &specs);
  g_strfreev (self->engine_names);
  g_strfreev (self->engine_specs);
  self->engine_names = names ? g_steal_pointer (&names) : g_new0 (char *, 1);
  self->engine_specs = specs ? g_steal_pointer (&specs) : g_new0 (char *, 1);
  g_free (self->engines_game);
  self->engines_game = g_strdup (id);

  self->updating_kinds = TRUE;
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (base_kinds ());
      guint select = kept_kind[i] < N_BASE_KINDS ? kept_kind[i] : PT_BOT_LEVEL_MEDIUM + 1;

      for (guint e = 0; self->engine_names[e] != NULL; e++)
        {
          /* Translators: a seat's player in the new-game form, %s an engine's name */
          g_autofree char *label = g_strdup_printf (_("Engine: %s"), self->engine_names[e]);

          gtk_string_list_append (list, label);
          if (g_strcmp0 (kept[i], self->engine_specs[e]) == 0)
            select = N_BASE_KINDS + e;
        }
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->seat_kinds[i]), G_LIST_MODEL (list));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[i]), select);
      g_free (kept[i]);
    }
  self->updating_kinds = FALSE;
}

static void
update_visibility (PtGameSetupView *self)
{
  const char *id = pt_game_setup_view_get_game_id (self);
  const PtGameUi *ui = selected_ui (self);
  guint n;

  if (g_strcmp0 (id, self->engines_game) != 0)
    update_engines (self);

  for (guint i = 0; i < self->option_groups->len; i++)
    if (g_ptr_array_index (self->option_groups, i) != NULL)
      gtk_widget_set_visible (g_ptr_array_index (self->option_groups, i), i == selected_game (self));
  gtk_widget_set_visible (self->rounds_group, ui->rounds);
  /* A game of several seat counts: the choice, in its range. */
  if (ui->min_players != ui->max_players)
    gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->count_spin), ui->min_players,
                               MIN (ui->max_players, MAX_SEATS));
  gtk_widget_set_visible (self->count_row, ui->min_players != ui->max_players);
  n = n_seats (self);
  for (guint i = 0; i < MAX_SEATS; i++)
    gtk_widget_set_visible (self->seat_rows[i], i < n);

  /* What each computer level does in this game, in the bots' own words. */
  {
    static const PtBotLevel levels[] = { PT_BOT_LEVEL_EASY, PT_BOT_LEVEL_MEDIUM, PT_BOT_LEVEL_HARD };
    static const char *const names[] = { N_("Easy"), N_("Medium"), N_("Hard") };
    g_autoptr(GString) tip = g_string_new (NULL);

    for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
      {
        const char *text = pt_bot_supports (id, levels[l]) ? pt_bot_level_describe (id, levels[l]) : NULL;

        g_string_append_printf (tip, "%s%s: %s", l > 0 ? "\n" : "", _(names[l]), text ? text : _("a random legal move (no computer player for this game yet)"));
      }
    for (guint e = 0; self->engine_names != NULL && self->engine_names[e] != NULL; e++)
      /* Translators: a line of the seat list's tooltip, %s an engine's name */
      g_string_append_printf (tip, _("\n%s: an external engine (Preferences → Engines)"),
                                      self->engine_names[e]);
    /* Not a tooltip on the seat lists: a tooltip would cover their open
     * menu (and could take the click meant for an item). The levels are
     * explained behind the Players group's info button. */
    gtk_label_set_text (GTK_LABEL (self->levels_label), tip->str);
  }
}

static void
on_changed (PtGameSetupView *self)
{
  update_visibility (self);
}

static void
on_engines_changed (PtGameSetupView *self)
{
  update_engines (self);
  update_visibility (self);
}

static gboolean
is_engine_name (PtGameSetupView *self,
                const char *name)
{
  return self->engine_names != NULL && g_strv_contains ((const char *const *) self->engine_names, name);
}

/* No tooltip on a menu button while its menu is open: it would cover the
 * first items. */
static void
on_menu_visible (GtkWidget *popover,
                 GParamSpec *pspec,
                 GtkWidget *button)
{
  gtk_widget_set_has_tooltip (button, !gtk_widget_get_visible (popover));
}

/* A seat left with its default name takes the engine's name, and gives
 * it back when it goes back to Partida's computer. */
static void
on_kind_changed (GtkDropDown *kind,
                 GParamSpec *pspec,
                 PtGameSetupView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (kind), "seat"));
  GtkEditable *entry = GTK_EDITABLE (self->seat_rows[index]);
  const char *name = gtk_editable_get_text (entry);
  guint selected = gtk_drop_down_get_selected (kind);
  gboolean default_name = g_strcmp0 (name, _("Computer")) == 0 || is_engine_name (self, name);

  if (self->updating_kinds || !default_name)
    return;
  if (selected != GTK_INVALID_LIST_POSITION && selected >= N_BASE_KINDS)
    gtk_editable_set_text (entry, self->engine_names[selected - N_BASE_KINDS]);
  else if (selected == 0)
    {
      /* A person in a seat still named after the computer: name the seat
       * so that nobody takes it for the computer. */
      g_autofree char *person = g_strdup_printf (_("Player %u"), index + 1);

      gtk_editable_set_text (entry, person);
    }
  else if (selected != 0 && is_engine_name (self, name))
    gtk_editable_set_text (entry, _("Computer"));
}

void
pt_game_setup_view_read_defaults (GSettings *settings,
                                  const char *game_id,
                                  PtSessionDefaults *defaults)
{
  const PtGameUi *ui = pt_game_ui_lookup (game_id);

  pt_session_defaults_init (defaults);
  if (settings == NULL)
    return;
  /* The enum's values are the PtBotLevel values. */
  defaults->ai_level = (PtBotLevel) CLAMP (g_settings_get_enum (settings, "ai-level"),
                                           PT_BOT_LEVEL_EASY, PT_BOT_LEVEL_HARD);
  /* The game's own house rules (Preferences → House Rules). */
  if (ui != NULL && ui->read_defaults != NULL && pt_game_ui_get_settings (ui, settings) != NULL)
    ui->read_defaults (pt_game_ui_get_settings (ui, settings), defaults);
}

void
pt_game_setup_view_apply_defaults (PtGameSetupView *self,
                                   const PtSessionDefaults *defaults)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->rounds_spin), defaults->rounds);
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->starter_row), defaults->next_starter);
  /* Each game's options from Preferences. */
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    if (pt_game_ui_list ()[i]->options_defaults != NULL)
      {
        g_autoptr(JsonObject) options = json_object_new ();

        pt_game_ui_list ()[i]->options_defaults (defaults, options);
        load_options (self, i, options);
      }
  /* Seats played by Partida's computer take the preferred level; people
   * and engines stay as they are, and so does every name. */
  self->updating_kinds = TRUE;
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      guint kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[i]));

      if (kind >= 1 && kind < N_BASE_KINDS)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[i]), 1 + (guint) defaults->ai_level);
    }
  self->updating_kinds = FALSE;
}

static void
on_defaults_changed (PtGameSetupView *self)
{
  PtSessionDefaults defaults;

  pt_game_setup_view_read_defaults (self->settings, selected_ui (self)->game_id, &defaults);
  pt_game_setup_view_apply_defaults (self, &defaults);
}

/* The services' settings: their engines offered as computer players, their
 * defaults pre-filling the form. */
static void
watch_settings (PtGameSetupView *self,
                GSettings *settings)
{
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    {
      g_signal_connect_object (settings, "changed::engines", G_CALLBACK (on_engines_changed),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (settings, "changed::ai-level", G_CALLBACK (on_defaults_changed),
                               self, G_CONNECT_SWAPPED);
      /* Every game's house rules: the form shows the chosen game's. */
      for (guint i = 0; i < pt_game_ui_get_n (); i++)
        {
          GSettings *game_settings = pt_game_ui_get_settings (pt_game_ui_list ()[i], settings);

          if (game_settings != NULL)
            g_signal_connect_object (game_settings, "changed", G_CALLBACK (on_defaults_changed),
                                     self, G_CONNECT_SWAPPED);
        }
    }
  on_engines_changed (self);
  /* The preferences pre-fill the form when it gets them and whenever
   * they change; what the form says otherwise stays. */
  on_defaults_changed (self);
}

guint
pt_game_setup_view_get_rounds (PtGameSetupView *self)
{
  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), 1);
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->rounds_spin));
}

void
pt_game_setup_view_set_rounds (PtGameSetupView *self,
                               guint rounds)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->rounds_spin), rounds);
}

int
pt_game_setup_view_get_seat_level (PtGameSetupView *self,
                                   guint index)
{
  guint kind;

  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), -1);
  g_return_val_if_fail (index < MAX_SEATS, -1);
  kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[index]));
  return kind == 0 || kind == GTK_INVALID_LIST_POSITION ? -1 : (int) kind - 1;
}

const char *
pt_game_setup_view_get_seat_name (PtGameSetupView *self,
                                  guint index)
{
  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), NULL);
  g_return_val_if_fail (index < MAX_SEATS, NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->seat_rows[index]));
}

PtSession *
pt_game_setup_view_create_session (PtGameSetupView *self,
                                   PtStore *store,
                                   GError **error)
{
  g_autoptr(JsonArray) seats = NULL;
  g_autoptr(JsonObject) options = NULL;
  g_autoptr(PtSession) session = NULL;
  PtSessionDefaults defaults;
  guint64 seed = 0;

  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), NULL);

  if (!pt_game_setup_view_get_setup (self, &seats, &options, &seed, error))
    return NULL;
  pt_game_setup_view_read_defaults (self->settings, pt_game_setup_view_get_game_id (self), &defaults);
  session = pt_session_new (pt_game_setup_view_get_game_id (self), store, &defaults);
  pt_session_set_n_seats (session, json_array_get_length (seats));
  for (guint i = 0; i < json_array_get_length (seats); i++)
    {
      JsonObject *s = json_array_get_object_element (seats, i);
      const char *engine = json_object_get_string_member_with_default (s, "engine", NULL);
      PtBotLevel level = PT_BOT_LEVEL_MEDIUM;

      pt_session_set_seat_name (session, i, json_object_get_string_member (s, "name"));
      pt_bot_level_from_id (json_object_get_string_member_with_default (s, "level", "medium"), &level);
      if (!json_object_get_boolean_member_with_default (s, "computer", FALSE))
        pt_session_set_seat_kind (session, i, PT_SEAT_PERSON, level, NULL, NULL);
      else if (engine != NULL)
        pt_session_set_seat_kind (session, i, PT_SEAT_ENGINE, level, engine,
                                  json_object_get_string_member_with_default (s, "engine_name", NULL));
      else
        pt_session_set_seat_kind (session, i, PT_SEAT_COMPUTER, level, NULL, NULL);
    }
  pt_session_set_options (session, options);
  pt_session_set_n_rounds (session, pt_game_setup_view_get_rounds (self));
  pt_session_set_next_starter (session, (PtNextStarter) adw_combo_row_get_selected (ADW_COMBO_ROW (self->starter_row)));
  pt_session_set_seed (session, seed);
  return g_steal_pointer (&session);
}

gboolean
pt_game_setup_view_set_seat_engine (PtGameSetupView *self,
                                    guint index,
                                    const char *spec)
{
  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), FALSE);
  g_return_val_if_fail (index < MAX_SEATS, FALSE);

  for (guint e = 0; self->engine_specs != NULL && self->engine_specs[e] != NULL; e++)
    if (g_strcmp0 (self->engine_specs[e], spec) == 0)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[index]), N_BASE_KINDS + e);
        return TRUE;
      }
  return FALSE;
}

char **
pt_game_setup_view_dup_seat_choices (PtGameSetupView *self,
                                     guint index)
{
  GListModel *model;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), NULL);
  g_return_val_if_fail (index < MAX_SEATS, NULL);

  model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->seat_kinds[index]));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_strv_builder_add (builder, gtk_string_list_get_string (GTK_STRING_LIST (model), i));
  return g_strv_builder_end (builder);
}

/* Seats ------------------------------------------------------------------ */

static void
action_pick_player (GtkWidget *widget,
                    const char *action_name,
                    GVariant *parameter)
{
  PtGameSetupView *self = PT_GAME_SETUP_VIEW (widget);
  guint32 index;
  const char *name;

  g_variant_get (parameter, "(u&s)", &index, &name);
  if (index < MAX_SEATS)
    gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[index]), name);
}

void
pt_game_setup_view_set_players (PtGameSetupView *self,
                                GPtrArray *players)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));

  for (guint s = 0; s < MAX_SEATS; s++)
    {
      g_autoptr(GMenu) menu = g_menu_new ();

      for (guint i = 0; players != NULL && i < players->len; i++)
        {
          PtPlayer *player = g_ptr_array_index (players, i);
          g_autoptr(GMenuItem) item = g_menu_item_new (player->name, NULL);

          g_menu_item_set_action_and_target (item, "setup.pick-player", "(us)", s, player->name);
          g_menu_append_item (menu, item);
        }
      gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->seat_menus[s]), G_MENU_MODEL (menu));
      {
        GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->seat_menus[s]));

        g_signal_handlers_disconnect_by_func (popover, on_menu_visible, self->seat_menus[s]);
        g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_menu_visible),
                                 self->seat_menus[s], 0);
      }
      gtk_widget_set_visible (self->seat_menus[s], players != NULL && players->len > 0);
    }

  /* The seats' names are not touched here: the list of known players is
   * only offered (the first seat's default comes from
   * pt_game_setup_view_set_default_person()). */
}

void
pt_game_setup_view_set_default_person (PtGameSetupView *self,
                                       const char *name)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));

  /* Only a first seat the player has not touched and played by a
   * person, and never the name another seat already has. */
  if (name == NULL || *name == '\0' || !self->first_seat_untouched ||
      gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[0])) != 0)
    return;
  for (guint i = 1; i < MAX_SEATS; i++)
    if (pt_player_name_equal (gtk_editable_get_text (GTK_EDITABLE (self->seat_rows[i])), name))
      return;
  /* Still a default: a later read may replace it again. */
  self->setting_first_seat = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[0]), name);
  self->setting_first_seat = FALSE;
}

void
pt_game_setup_view_set_seat (PtGameSetupView *self,
                             guint index,
                             const char *name,
                             int computer_level)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));
  g_return_if_fail (index < MAX_SEATS);

  /* Kind list: 0 person, 1 easy, 2 medium, 3 hard; then the name, which
   * a change of kind may have replaced. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[index]),
                              computer_level < 0 ? 0 : (guint) computer_level + 1);
  gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[index]), name);
}

void
pt_game_setup_view_set_options (PtGameSetupView *self,
                                JsonObject *options)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));
  g_return_if_fail (options != NULL);

  load_options (self, selected_game (self), options);
}

void
pt_game_setup_view_set_n_players (PtGameSetupView *self,
                                  guint n_players)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->count_spin), n_players);
}

void
pt_game_setup_view_set_seed (PtGameSetupView *self,
                             const char *seed)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed ? seed : "");
}

const char *
pt_game_setup_view_get_game_id (PtGameSetupView *self)
{
  guint selected;

  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), NULL);

  selected = selected_game (self);
  return pt_game_ui_list ()[selected]->game_id;
}

void
pt_game_setup_view_set_game_id (PtGameSetupView *self,
                                const char *game_id)
{
  g_return_if_fail (PT_IS_GAME_SETUP_VIEW (self));

  int index = pt_game_ui_index_of (game_id);

  if (index >= 0)
    adw_combo_row_set_selected (ADW_COMBO_ROW (self->game_row), (guint) index);
}

gboolean
pt_game_setup_view_get_setup (PtGameSetupView *self,
                              JsonArray **out_seats,
                              JsonObject **out_options,
                              guint64 *out_seed,
                              GError **error)
{
  g_autoptr(JsonArray) seats = json_array_new ();
  g_autoptr(JsonObject) options = json_object_new ();
  const char *seed_text;
  guint n = n_seats (self);

  g_return_val_if_fail (PT_IS_GAME_SETUP_VIEW (self), FALSE);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seat_rows[i]))));
      guint kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[i]));
      const char *engine = seat_engine_spec (self, i);
      JsonObject *s;

      if (name[0] == '\0')
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("Player %u needs a name"), i + 1);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (pt_player_name_equal (name, json_object_get_string_member (json_array_get_object_element (seats, j), "name")))
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("Two players are called “%s”: give each seat its own name"), name);
            return FALSE;
          }

      s = json_object_new ();
      json_object_set_string_member (s, "name", name);
      json_object_set_boolean_member (s, "computer", kind > 0);
      if (engine != NULL)
        {
          json_object_set_string_member (s, "engine", engine);
          json_object_set_string_member (s, "engine_name", self->engine_names[kind - N_BASE_KINDS]);
        }
      else
        json_object_set_string_member (s, "level", pt_bot_level_to_id (kind > 0 ? (PtBotLevel) (kind - 1) : PT_BOT_LEVEL_MEDIUM));
      json_array_add_object_element (seats, s);
    }

  write_options (self, options);

  seed_text = gtk_editable_get_text (GTK_EDITABLE (self->seed_row));
  if (seed_text[0] != '\0')
    {
      char *end = NULL;
      guint64 seed = g_ascii_strtoull (seed_text, &end, 10);

      if (end == seed_text || *end != '\0')
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("The seed must be a whole number, or empty for a random deal"));
          return FALSE;
        }
      *out_seed = seed;
    }
  else
    *out_seed = g_random_int () | ((guint64) g_random_int () << 32);

  *out_seats = g_steal_pointer (&seats);
  *out_options = g_steal_pointer (&options);
  return TRUE;
}

/* Construction ----------------------------------------------------------- */

static GtkWidget *
combo_row (const char *title,
           const char *const *choices,
           guint selected)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) list = gtk_string_list_new (choices);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  return row;
}

static GtkWidget *
switch_row (GtkWidget *group,
            const char *title,
            const char *subtitle,
            GtkWidget **out_switch)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  *out_switch = sw;
  return row;
}

/* Any change of the first seat's name but the form's own defaults (typed,
 * picked from the known players, set_seat(), a change of kind) makes it
 * the player's choice. */
static void
on_first_seat_changed (GtkEditable *entry,
                       PtGameSetupView *self)
{
  if (!self->setting_first_seat)
    self->first_seat_untouched = FALSE;
}

/* The account's real name, trimmed, when it names a person who can be a
 * player, else NULL. GLib says "Unknown" when the account has none. A
 * real name that is only the login name ("root" under CI, service
 * accounts, accounts whose owner never gave a name) names no person, so
 * it is not used either: "Player 1" reads better than "root". The rest
 * are the player-name rules: valid UTF-8, at most
 * PT_PLAYER_NAME_MAX_CHARS characters (as an import accepts), and not the
 * same player as the computer's seat. */
char *
pt_game_setup_view_dup_account_name (void)
{
  g_autofree char *name = g_strdup (g_get_real_name ());

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return NULL;
  g_strstrip (name);
  if (name[0] == '\0' || g_strcmp0 (name, "Unknown") == 0 ||
      pt_player_name_equal (name, g_get_user_name ()) ||
      pt_player_name_equal (name, _("Computer")) || g_utf8_strlen (name, -1) > PT_PLAYER_NAME_MAX_CHARS)
    return NULL;
  return g_steal_pointer (&name);
}

/* The first seat's name before the history says who played last. Never
 * "You": the name is used in the third person ("Ana discarded…", "Your
 * turn, Ana") and is stored in the history as a player. */
static char *
first_seat_default (void)
{
  char *name = pt_game_setup_view_dup_account_name ();

  return name != NULL ? name : g_strdup_printf (_("Player %u"), 1);
}

/* What the template cannot say: the registry's games, the seats (their
 * name suggestions ask the services' history) and each game's options. */
static void
build (PtGameSetupView *self)
{
  g_autoptr(GStrvBuilder) game_builder = g_strv_builder_new ();
  g_auto(GStrv) games = NULL;
  g_autoptr(GtkStringList) game_list = NULL;
  GtkWidget *previous;

  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    g_strv_builder_add (game_builder, pt_game_ui_title (pt_game_ui_list ()[i]->game_id));
  games = g_strv_builder_end (game_builder);
  game_list = gtk_string_list_new ((const char *const *) games);
  adw_combo_row_set_model (ADW_COMBO_ROW (self->game_row), G_LIST_MODEL (game_list));
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->game_row), 0);
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (on_changed), self);

  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->count_spin)), MAX_SEATS);
  g_signal_connect_swapped (self->count_spin, "value-changed", G_CALLBACK (on_changed), self);
  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->rounds_spin)),
                            PT_MATCH_MAX_ROUNDS);

  for (guint i = 0; i < MAX_SEATS; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Player %u"), i + 1);
      g_autofree char *default_name = NULL;

      self->seat_rows[i] = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seat_rows[i]), title);
      if (i == 0)
        default_name = first_seat_default ();
      else if (i == 1)
        default_name = g_strdup (_("Computer"));
      else
        default_name = g_strdup_printf (_("Player %u"), i + 1);
      gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[i]), default_name);
      if (i == 0)
        {
          self->first_seat_untouched = TRUE;
          g_signal_connect (self->seat_rows[0], "changed", G_CALLBACK (on_first_seat_changed), self);
        }
      /* "begona" offers "Begoña" from the history. */
      pt_name_suggest_attach (ADW_ENTRY_ROW (self->seat_rows[i]), self->services);

      self->seat_menus[i] = gtk_menu_button_new ();
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->seat_menus[i]), "avatar-default-symbolic");
      gtk_widget_set_tooltip_text (self->seat_menus[i], _("Choose a known player"));
      pt_accessible_set_label (self->seat_menus[i], _("Choose a known player"));
      gtk_widget_set_valign (self->seat_menus[i], GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (self->seat_menus[i], "flat");
      gtk_widget_set_visible (self->seat_menus[i], FALSE);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (self->seat_rows[i]), self->seat_menus[i]);

      self->seat_kinds[i] = gtk_drop_down_new_from_strings (base_kinds ());
      g_object_set_data (G_OBJECT (self->seat_kinds[i]), "seat", GUINT_TO_POINTER (i));
      gtk_widget_set_valign (self->seat_kinds[i], GTK_ALIGN_CENTER);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[i]), i == 1 ? 2 : 0);
      g_signal_connect (self->seat_kinds[i], "notify::selected", G_CALLBACK (on_kind_changed), self);
      pt_accessible_set_label (self->seat_kinds[i], _("Played by"));
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (self->seat_rows[i]), self->seat_kinds[i]);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->players_group), self->seat_rows[i]);
    }

  /* Each game's own options, shown while it is the one chosen. */
  self->option_groups = g_ptr_array_new ();
  previous = self->players_group;
  for (guint i = 0; i < pt_game_ui_get_n (); i++)
    {
      const PtGameUi *ui = pt_game_ui_list ()[i];
      GtkWidget *options = NULL;

      if (ui->n_options > 0)
        {
          options = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (options), _("Options"));
          for (guint o = 0; o < ui->n_options; o++)
            {
              const PtGameOption *option = &ui->options[o];
              const char *subtitle = option->subtitle ? g_dgettext (GETTEXT_PACKAGE, option->subtitle) : NULL;
              GtkWidget *control;

              if (option->labels == NULL)
                switch_row (options, g_dgettext (GETTEXT_PACKAGE, option->title), subtitle, &control);
              else
                {
                  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
                  g_auto(GStrv) labels = NULL;

                  for (guint v = 0; option->labels[v] != NULL; v++)
                    g_strv_builder_add (builder, g_dgettext (GETTEXT_PACKAGE, option->labels[v]));
                  labels = g_strv_builder_end (builder);
                  control = combo_row (g_dgettext (GETTEXT_PACKAGE, option->title),
                                       (const char *const *) labels, 0);
                  if (subtitle != NULL)
                    adw_action_row_set_subtitle (ADW_ACTION_ROW (control), subtitle);
                  adw_preferences_group_add (ADW_PREFERENCES_GROUP (options), control);
                }
              g_object_set_data (G_OBJECT (options), option->key, control);
            }
          gtk_widget_insert_after (options, GTK_WIDGET (self), previous);
          previous = options;
        }
      g_ptr_array_add (self->option_groups, options);
    }

  update_visibility (self);
}

/**
 * pt_game_setup_view_new:
 * @services: (nullable): the settings and the history the form reads
 *   (engines, defaults, name suggestions); %NULL: none of those
 */
GtkWidget *
pt_game_setup_view_new (PtServices *services)
{
  g_return_val_if_fail (services == NULL || PT_IS_SERVICES (services), NULL);

  return g_object_new (PT_TYPE_GAME_SETUP_VIEW, "services", services, NULL);
}

static void
pt_game_setup_view_constructed (GObject *object)
{
  PtGameSetupView *self = PT_GAME_SETUP_VIEW (object);

  G_OBJECT_CLASS (pt_game_setup_view_parent_class)->constructed (object);

  /* After the properties: the name fields ask the services' history. */
  build (self);
  watch_settings (self, self->services != NULL ? pt_services_get_settings (self->services) : NULL);
}

static void
pt_game_setup_view_get_property (GObject *object,
                                 guint prop_id,
                                 GValue *value,
                                 GParamSpec *pspec)
{
  PtGameSetupView *self = PT_GAME_SETUP_VIEW (object);

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
pt_game_setup_view_set_property (GObject *object,
                                 guint prop_id,
                                 const GValue *value,
                                 GParamSpec *pspec)
{
  PtGameSetupView *self = PT_GAME_SETUP_VIEW (object);

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
pt_game_setup_view_dispose (GObject *object)
{
  PtGameSetupView *self = PT_GAME_SETUP_VIEW (object);
  GtkWidget *child;

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_object (&self->services);
  g_clear_pointer (&self->engines_game, g_free);
  g_clear_pointer (&self->engine_names, g_strfreev);
  g_clear_pointer (&self->engine_specs, g_strfreev);
  g_clear_pointer (&self->option_groups, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_GAME_SETUP_VIEW);
  /* The games' options groups, added in code. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pt_game_setup_view_parent_class)->dispose (object);
}

static void
pt_game_setup_view_class_init (PtGameSetupViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_game_setup_view_constructed;
  object_class->dispose = pt_game_setup_view_dispose;
  object_class->get_property = pt_game_setup_view_get_property;
  object_class->set_property = pt_game_setup_view_set_property;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "setup.pick-player", "(us)", action_pick_player);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "game-setup");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-game-setup-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, game_row);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, players_group);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, levels_label);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, count_row);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, count_spin);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, rounds_group);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, rounds_row);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, rounds_spin);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, starter_row);
  gtk_widget_class_bind_template_child (widget_class, PtGameSetupView, seed_row);
}

static void
pt_game_setup_view_init (PtGameSetupView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 18);
  gtk_widget_init_template (GTK_WIDGET (self));
}
