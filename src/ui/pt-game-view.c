/* pt-game-view.c — the frame around a board
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PtGameView owns one PtGame and the seats around it. It decides who looks
 * at the board (the seat whose hand is shown), covers the board between two
 * human players on one screen, asks the computer for its moves without ever
 * blocking the main loop, saves the game after every move, and at the end
 * writes the match into the history and shows the result.
 *
 * Everything it shows follows the game's signals; it never computes a
 * score or decides a rule.
 *
 * A seat may be an external engine ({"engine": "engine:COMMAND"} in the
 * seat). If the engine fails in any way (crash, timeout, garbage, illegal
 * move, no handshake) it forfeits: the game stops there and goes into the
 * history with the scores of that moment (the rules' running scores), every
 * other seat a winner, the engine ranked last, and a note naming the engine
 * and the reason; the result screen says the same. Players who sat at a
 * table where a program broke expect the people to be credited with the
 * game, and the scores so far are the only ones the rules can vouch for.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pt-computer-player.h"
#include "pt-game-view.h"
#include "pt-lost-cities-board.h"
#include "pt-lost-cities-pile.h"
#include "pt-move-log.h"
#include "pt-next-station-board.h"
#include "pt-next-station-game.h"
#include "pt-result-view.h"
#include "pt-wagons-board.h"

struct _PtGameView
{
  AdwBin         parent_instance;

  PtGame        *game;
  JsonArray     *seats;
  PtStore       *store;
  gint64         saved_id;
  gint64         match_id;
  gint64         started;

  int            viewer;       /* the seat whose side is shown */
  gboolean       covered;
  gboolean       thinking;
  gboolean       result_shown;
  GCancellable  *cancellable;
  guint          delay_id;
  JsonNode      *pending_move;
  char          *banner;
  PtEngine      *engines[PT_GAME_MAX_PLAYERS];  /* per engine seat, made on its first turn */
  int            forfeit_player;               /* -1: nobody forfeited */
  char          *forfeit_reason;

  GtkWidget     *stack;
  GtkWidget     *banner_label;
  GtkWidget     *spinner;
  GtkWidget     *hint_label;
  GtkWidget     *board;
  GtkWidget     *cover;
  GtkWidget     *cover_label;
  GtkWidget     *cover_button;
  GtkWidget     *result;
  GtkWidget     *toasts;
  GtkWidget     *log;
  GtkWidget     *last_move_label;
};

G_DEFINE_FINAL_TYPE (PtGameView, pt_game_view, ADW_TYPE_BIN)

enum {
  LEAVE,
  PLAY_AGAIN,
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How long a computer move stays announced before it is made: long enough
 * to see what changed, short enough not to bore. Tests set it to 0. */
static guint computer_delay_ms = 450;

void
pt_game_view_set_computer_delay (guint ms)
{
  computer_delay_ms = ms;
}

static void update_turn (PtGameView *self);
static void forfeit (PtGameView *self,
                     int         player,
                     const char *reason);

/* Seats ---------------------------------------------------------------- */

static JsonObject *
seat (PtGameView *self,
      guint       index)
{
  if (self->seats == NULL || index >= json_array_get_length (self->seats))
    return NULL;
  return json_array_get_object_element (self->seats, index);
}

static gboolean
seat_is_computer (PtGameView *self,
                  int         index)
{
  JsonObject *s = index >= 0 ? seat (self, index) : NULL;

  return s != NULL && json_object_get_boolean_member_with_default (s, "computer", FALSE);
}

/* "engine:COMMAND" for a seat played by an external engine, else NULL. */
static const char *
seat_engine (PtGameView *self,
             int         index)
{
  JsonObject *s = index >= 0 ? seat (self, index) : NULL;

  if (s == NULL || !json_object_get_boolean_member_with_default (s, "computer", FALSE))
    return NULL;
  return json_object_get_string_member_with_default (s, "engine", NULL);
}

static guint
n_human_seats (PtGameView *self)
{
  guint n = 0;

  for (guint i = 0; i < pt_game_get_n_players (self->game); i++)
    n += !seat_is_computer (self, i);
  return n;
}

static int
first_human_seat (PtGameView *self)
{
  for (guint i = 0; i < pt_game_get_n_players (self->game); i++)
    if (!seat_is_computer (self, i))
      return i;
  return -1;
}

char *
pt_game_view_saved_options (JsonArray *seats,
                            gint64     started)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  json_object_set_array_member (object, "seats", json_array_ref (seats));
  json_object_set_int_member (object, "started", started);
  node = json_node_init_object (json_node_alloc (), object);
  return json_to_string (node, FALSE);
}

/* Rules summaries -------------------------------------------------------- */

const char *
pt_game_view_rules_summary (const char *game_id)
{
  if (g_strcmp0 (game_id, "lost-cities") == 0)
    return _("Two explorers, five expeditions (six with purple). On your turn, first play one "
             "card: either on your own expedition of its colour, where each number must be "
             "higher than the last one there, or face up on that colour’s discard pile. Wagers "
             "go on an expedition before any number and multiply its result. Then draw one "
             "card: from the deck, or the top card of a discard pile — but not the card you "
             "just discarded.\n\n"
             "The round ends when the last card of the deck is drawn. Each started expedition "
             "scores the sum of its numbers minus 20, times one plus its wagers; eight or more "
             "cards add 20. Expeditions you never started cost nothing.");
  if (g_strcmp0 (game_id, "circle-the-wagons") == 0)
    return _("Fifteen cards lie in a circle; three more show the bonus rules of this game. "
             "The second player picks where the circle starts. On your turn take any card of "
             "the circle: every card before it goes to your opponent for free. Place each card "
             "you get in your town, covering or touching the cards already there along an "
             "edge, turned upright or upside down.\n\n"
             "At the end each terrain scores the size of its largest connected group, and the "
             "three bonus cards add or take away points. On a tie, fewer cards in town wins.");
  if (g_strcmp0 (game_id, "next-station-london") == 0)
    return _("Four rounds, one coloured line each. Each turn a station card is turned over and "
             "every player may extend their line by one straight section, from either end to "
             "the next station with the card’s symbol (a joker or the central station matches "
             "anything), or pass. Sections never cross and a line never visits a station "
             "twice. The switch card lets the next section branch from any station of the "
             "line. The round ends with the fifth underground card.\n\n"
             "A line scores districts visited × most stations in one district, plus 2 for each "
             "crossing of the Thames. Tourist sites and stations where your lines meet add "
             "points at the end.");
  return "";
}

/* Saving ----------------------------------------------------------------- */

static void
show_error (PtGameView *self,
            const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 5);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toasts), toast);
}

static void
save_in_progress (PtGameView *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;
  g_autofree char *options = NULL;
  gint64 id;

  if (self->store == NULL || pt_game_get_is_over (self->game))
    return;

  record = pt_game_to_record_string (self->game, FALSE);
  options = pt_game_view_saved_options (self->seats, self->started);
  id = pt_store_save_game_in_progress (self->store, self->saved_id,
                                       pt_game_get_game_id (self->game),
                                       record, options, &error);
  if (id <= 0)
    {
      g_autofree char *message = g_strdup_printf (_("The game could not be saved: %s"),
                                                  error ? error->message : "");
      show_error (self, message);
      return;
    }
  self->saved_id = id;
}

static gint64
find_or_add_player (PtStore     *store,
                    const char  *name,
                    GError     **error)
{
  g_autoptr(PtPlayer) player = NULL;
  g_autoptr(GError) local_error = NULL;

  player = pt_store_find_player (store, name, &local_error);
  if (player == NULL)
    {
      g_clear_error (&local_error);
      player = pt_store_add_player (store, name, "", error);
    }
  return player ? player->id : 0;
}

static char *
rule_reading (PtGame *game)
{
  g_autoptr(JsonNode) record = pt_game_to_record (game);
  JsonObject *options = json_object_get_object_member (json_node_get_object (record), "options");

  if (g_strcmp0 (pt_game_get_game_id (game), "lost-cities") == 0 && options != NULL)
    {
      gboolean bonus = json_object_get_boolean_member_with_default (options, "bonus_counts_wagers", TRUE);
      gboolean wagers = json_object_get_boolean_member_with_default (options, "wager_only_scores", TRUE);

      if (bonus && wagers)
        return g_strdup ("rulebook");
      if (!bonus && !wagers)
        return g_strdup ("seed");
      return g_strdup ("custom");
    }
  return g_strdup ("");
}

static void
save_finished (PtGameView *self)
{
  g_autoptr(PtMatchEntry) entry = NULL;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(JsonNode) breakdown = NULL;
  g_autoptr(GError) error = NULL;
  int scores[PT_GAME_MAX_PLAYERS] = { 0 };
  guint winners = pt_game_get_winners (self->game);
  guint n = pt_game_get_n_players (self->game);
  JsonNode *options;

  if (self->store == NULL || self->match_id > 0)
    return;
  if (self->forfeit_player >= 0)
    winners = ((1u << n) - 1) & ~(1u << self->forfeit_player);

  record = pt_game_to_record (self->game);
  breakdown = pt_game_get_breakdown (self->game);
  options = json_object_get_member (json_node_get_object (record), "options");
  pt_game_get_scores (self->game, scores);

  entry = pt_match_entry_new (pt_game_get_game_id (self->game), PT_MATCH_MODE_DIGITAL);
  entry->started = self->started;
  entry->finished = g_get_real_time () / G_USEC_PER_SEC;
  entry->options = options ? json_to_string (options, FALSE) : g_strdup ("{}");
  entry->rule_reading = rule_reading (self->game);
  entry->breakdown = breakdown ? json_to_string (breakdown, FALSE) : NULL;
  entry->record = json_to_string (record, FALSE);
  if (self->forfeit_player >= 0)
    /* Translators: the note of a match in the history; the first %s is
     * the engine's seat name, the second the reason it forfeited */
    entry->notes = g_strdup_printf (_("Forfeited by %s: %s"),
                                    pt_game_get_player_name (self->game, self->forfeit_player),
                                    self->forfeit_reason);

  for (guint i = 0; i < n; i++)
    {
      gint64 id = find_or_add_player (self->store, pt_game_get_player_name (self->game, i), &error);
      PtMatchResult *result;

      if (id <= 0)
        break;
      result = pt_match_result_new (id, i, scores[i], (winners & (1u << i)) != 0);
      result->is_ai = seat_is_computer (self, i);
      /* An engine is a computer player but none of Partida's levels: 0. */
      if (result->is_ai && seat_engine (self, i) == NULL)
        result->ai_level = 1 + pt_computer_level_from_string (json_object_get_string_member_with_default (seat (self, i), "level", "medium"));
      if (self->forfeit_player >= 0)
        {
          /* The engine that forfeited comes last whatever its score; the
           * others are ranked among themselves by score. */
          result->rank = 1;
          if ((int) i == self->forfeit_player)
            result->rank = n;
          else
            for (guint j = 0; j < n; j++)
              result->rank += (int) j != self->forfeit_player && scores[j] > scores[i];
        }
      pt_match_entry_add_result (entry, result);
    }

  if (error == NULL)
    self->match_id = pt_store_save_match (self->store, entry, &error);
  if (self->match_id <= 0)
    {
      g_autofree char *message = g_strdup_printf (_("The match could not be saved in the history: %s"),
                                                  error ? error->message : "");
      self->match_id = 0;
      show_error (self, message);
      return;
    }

  if (self->saved_id > 0)
    {
      g_autoptr(GError) delete_error = NULL;

      if (pt_store_delete_saved_game (self->store, self->saved_id, &delete_error))
        self->saved_id = 0;
    }
}

/* The computer's turn ------------------------------------------------------ */

static void
cancel_computer (PtGameView *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->delay_id, g_source_remove);
  g_clear_pointer (&self->pending_move, json_node_unref);
  self->thinking = FALSE;
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), FALSE);
}

static gboolean
play_pending_move (gpointer user_data)
{
  PtGameView *self = user_data;
  g_autoptr(JsonNode) move = g_steal_pointer (&self->pending_move);
  g_autoptr(GError) error = NULL;
  int player = pt_game_get_current_player (self->game);

  self->delay_id = 0;
  self->thinking = FALSE;
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), FALSE);
  /* On success on_move_applied() moves the turn on. */
  if (move == NULL || player < 0
      || !pt_game_request_move (self->game, player, move, &error))
    {
      if (error != NULL)
        show_error (self, error->message);
      update_turn (self);
    }
  return G_SOURCE_REMOVE;
}

static void
on_computer_move (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(PtGameView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) move = pt_computer_player_choose_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;
  g_clear_object (&self->cancellable);
  if (move == NULL && error != NULL && error->domain == PT_ENGINE_ERROR)
    {
      /* The engine is already stopped; it loses the game. */
      self->thinking = FALSE;
      gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), FALSE);
      forfeit (self, pt_game_get_current_player (self->game), error->message);
      return;
    }
  if (move == NULL)
    {
      self->thinking = FALSE;
      gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), FALSE);
      show_error (self, error->message);
      return;
    }

  self->pending_move = g_steal_pointer (&move);
  if (computer_delay_ms == 0)
    play_pending_move (self);
  else
    self->delay_id = g_timeout_add (computer_delay_ms, play_pending_move, self);
}

static void
start_computer (PtGameView *self,
                int         player)
{
  JsonObject *s = seat (self, player);
  PtComputerLevel level = pt_computer_level_from_string (json_object_get_string_member_with_default (s, "level", "medium"));

  const char *spec = seat_engine (self, player);

  if (self->thinking)
    return;
  self->thinking = TRUE;
  self->cancellable = g_cancellable_new ();
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), TRUE);
  if (spec != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (self->engines[player] == NULL)
        self->engines[player] = pt_computer_player_new_engine (spec, &error);
      if (self->engines[player] == NULL)
        {
          g_autofree char *reason = g_strdup (error->message);

          cancel_computer (self);
          forfeit (self, player, reason);
          return;
        }
      pt_computer_player_engine_choose_async (self->engines[player], self->game, player,
                                              self->cancellable, on_computer_move,
                                              g_object_ref (self));
      return;
    }
  pt_computer_player_choose_async (self->game, player, level,
                                   (guint64) self->started * 7919u + (guint64) player,
                                   self->cancellable, on_computer_move, g_object_ref (self));
}

/* Turns ----------------------------------------------------------------- */

static void
set_banner (PtGameView *self,
            const char *text)
{
  g_free (self->banner);
  self->banner = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->banner_label), text);
}

static void
show_result (PtGameView *self)
{
  if (self->result_shown)
    return;
  self->result_shown = TRUE;
  cancel_computer (self);
  save_finished (self);
  if (self->forfeit_player >= 0)
    pt_result_view_set_forfeit (PT_RESULT_VIEW (self->result), self->game,
                                self->forfeit_player, self->forfeit_reason);
  else
    pt_result_view_set_game (PT_RESULT_VIEW (self->result), self->game);
  /* Engines that are still running hear how it ended. */
  for (guint i = 0; i < G_N_ELEMENTS (self->engines); i++)
    if (self->engines[i] != NULL && pt_engine_is_running (self->engines[i]))
      pt_engine_game_over (self->engines[i], self->game, self->forfeit_player,
                           self->forfeit_reason);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "result");
  set_banner (self, _("Game over"));
  g_signal_emit (self, signals[FINISHED], 0);
}

/* @player's engine failed: it loses, the game stops and is recorded. */
static void
forfeit (PtGameView *self,
         int         player,
         const char *reason)
{
  if (player < 0 || self->forfeit_player >= 0 || pt_game_get_is_over (self->game))
    return;
  self->forfeit_player = player;
  self->forfeit_reason = g_strdup (reason);
  /* No toast: the result screen says who forfeited and why. */
  update_turn (self);
}

/* The last move of somebody else than the one looking, in a sentence
 * from the rules; from the history, so it survives a resume. */
static void
update_last_move (PtGameView *self)
{
  guint n = pt_game_get_n_moves (self->game);
  const PtGameMove *last = n > 0 ? pt_game_get_move (self->game, n - 1) : NULL;
  gboolean show = last != NULL && !self->covered && (int) last->player != self->viewer;

  gtk_label_set_text (GTK_LABEL (self->last_move_label),
                      show ? pt_game_get_move_description (self->game, n - 1) : "");
  gtk_widget_set_visible (self->last_move_label, show);
}

static void
update_turn (PtGameView *self)
{
  int current = pt_game_get_current_player (self->game);
  const char *name;
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo",
                                 pt_game_get_can_undo (self->game) && !pt_game_get_is_over (self->game)
                                 && self->forfeit_player < 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.hint",
                                 pt_computer_player_has_bots () && !self->covered
                                 && current >= 0 && !seat_is_computer (self, current)
                                 && self->forfeit_player < 0);

  if (pt_game_get_is_over (self->game) || self->forfeit_player >= 0)
    {
      show_result (self);
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "play");

  name = pt_game_get_player_name (self->game, current);
  if (seat_is_computer (self, current))
    {
      self->covered = FALSE;
      if (self->viewer < 0 || seat_is_computer (self, self->viewer))
        self->viewer = first_human_seat (self);
      g_object_set (self->board, "viewer", self->viewer, "interactive", FALSE, NULL);
      text = g_strdup_printf (_("%s is thinking…"), name);
      set_banner (self, text);
      start_computer (self, current);
    }
  else if (current != self->viewer && n_human_seats (self) > 1
           && pt_game_get_hidden_information (self->game))
    {
      /* Hot seat: hide the hand until the next player has the device. */
      g_autofree char *button = NULL;

      self->covered = TRUE;
      g_object_set (self->board, "interactive", FALSE, NULL);
      text = g_strdup_printf (_("Pass the device to %s"), name);
      set_banner (self, text);
      gtk_label_set_text (GTK_LABEL (self->cover_label), text);
      /* Translators: the hot-seat cover's button, e.g. "I Am Beto, Show My Cards" */
      button = g_strdup_printf (_("I Am %s, Show My Cards"), name);
      gtk_button_set_label (GTK_BUTTON (self->cover_button), button);
    }
  else
    {
      self->covered = FALSE;
      self->viewer = current;
      g_object_set (self->board, "viewer", self->viewer, "interactive", TRUE, NULL);
      if (n_human_seats (self) > 1)
        text = g_strdup_printf (_("%s’s turn"), name);
      else
        text = g_strdup_printf (_("Your turn, %s"), name);
      set_banner (self, text);
    }

  gtk_widget_set_visible (self->cover, self->covered);
  gtk_widget_set_visible (self->board, !self->covered);
  update_last_move (self);
}

static void
on_move_applied (PtGame     *game,
                 guint       player,
                 JsonNode   *move,
                 PtGameView *self)
{
  gtk_label_set_text (GTK_LABEL (self->hint_label), "");
  save_in_progress (self);
  /* The computer's reply is started from here too, after the board has
   * redrawn (its handler ran first). */
  if (!self->thinking)
    update_turn (self);
}

static void
on_move_undone (PtGame     *game,
                PtGameView *self)
{
  save_in_progress (self);
}

static void
on_board_error (GtkWidget  *board,
                const char *message,
                PtGameView *self)
{
  show_error (self, message);
}

/* Actions --------------------------------------------------------------- */

static void
action_undo (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  cancel_computer (self);
  if (!pt_game_undo (self->game, &error))
    {
      show_error (self, error->message);
      return;
    }
  /* Against the computer, undo goes back to the human's last turn. */
  while (seat_is_computer (self, pt_game_get_current_player (self->game))
         && pt_game_get_can_undo (self->game) && n_human_seats (self) > 0)
    if (!pt_game_undo (self->game, NULL))
      break;
  /* Taking back a move on a shared screen: the one who takes it back is
   * the one who sees the hand. */
  self->viewer = pt_game_get_current_player (self->game);
  update_turn (self);
}

/* "the square at (4,3)": London's stations have no names on our map, so
 * a station is its symbol and its coordinates, as the board shows them. */
static char *
describe_station (PtGame    *game,
                  JsonArray *point)
{
  const PtStationMap *map = pt_next_station_game_get_state (PT_NEXT_STATION_GAME (game))->map;
  int x, y, index = -1;

  if (point == NULL || json_array_get_length (point) != 2)
    return g_strdup ("?");
  x = json_array_get_int_element (point, 0);
  y = json_array_get_int_element (point, 1);
  if (x >= 0 && y >= 0 && (guint) x < map->width && (guint) y < map->height)
    index = map->cell_station[y][x];
  switch (index >= 0 ? map->stations[index].symbol : PT_N_SYMBOLS)
    {
    case PT_SYMBOL_CIRCLE: return g_strdup_printf (_("the circle at (%d,%d)"), x, y);
    case PT_SYMBOL_TRIANGLE: return g_strdup_printf (_("the triangle at (%d,%d)"), x, y);
    case PT_SYMBOL_SQUARE: return g_strdup_printf (_("the square at (%d,%d)"), x, y);
    case PT_SYMBOL_PENTAGON: return g_strdup_printf (_("the pentagon at (%d,%d)"), x, y);
    case PT_SYMBOL_ANY: return g_strdup_printf (_("the Central Station at (%d,%d)"), x, y);
    default: return g_strdup_printf ("(%d,%d)", x, y);
    }
}

/* A Next Station action: "draw from the circle at (3,2) to the square at
 * (4,3)", with the pencil power it uses. */
static char *
describe_next_station_move (PtGame     *game,
                            JsonObject *object)
{
  const char *power = json_object_get_string_member_with_default (object, "power", NULL);
  g_autofree char *text = NULL;

  if (json_object_get_boolean_member_with_default (object, "pass", FALSE))
    text = g_strdup (_("pass"));
  else
    {
      g_autofree char *from = describe_station (game, json_object_get_array_member (object, "from"));
      g_autofree char *to = describe_station (game, json_object_get_array_member (object, "to"));

      if (g_strcmp0 (power, "double") == 0 && json_object_has_member (object, "second"))
        {
          JsonObject *second = json_object_get_object_member (object, "second");
          g_autofree char *from2 = describe_station (game, json_object_get_array_member (second, "from"));
          g_autofree char *to2 = describe_station (game, json_object_get_array_member (second, "to"));

          text = g_strdup_printf (_("draw from %s to %s, then with the double power from %s to %s"),
                                  from, to, from2, to2);
        }
      else if (g_strcmp0 (power, "joker") == 0)
        text = g_strdup_printf (_("use the joker power and draw from %s to %s"), from, to);
      else if (g_strcmp0 (power, "switch") == 0)
        text = g_strdup_printf (_("use the switch power and draw from %s to %s"), from, to);
      else
        text = g_strdup_printf (_("draw from %s to %s"), from, to);
    }
  if (g_strcmp0 (power, "circle") == 0)
    {
      g_autofree char *station = describe_station (game, json_object_get_array_member (object, "circle"));

      /* Translators: a hint, e.g. "pass, and circle the square at (4,3)" */
      return g_strdup_printf (_("%s, and circle %s"), text, station);
    }
  return g_steal_pointer (&text);
}

/* A Circle the Wagons action: "take B4 (gives away A1, A2)". */
static char *
describe_wagons_move (PtGame     *game,
                      JsonObject *object)
{
  if (json_object_has_member (object, "start"))
    return g_strdup_printf (_("start the circle at %s"), json_object_get_string_member (object, "start"));
  if (json_object_has_member (object, "take"))
    {
      const char *card = json_object_get_string_member (object, "take");
      g_autoptr(JsonNode) view = pt_game_get_view (game, pt_game_get_current_player (game));
      JsonArray *queue = json_object_get_array_member (json_node_get_object (view), "queue");
      g_autoptr(GString) given = g_string_new (NULL);

      /* Every card before the one taken goes to the opponent. */
      for (guint i = 0; queue != NULL && i < json_array_get_length (queue); i++)
        {
          const char *code = json_array_get_string_element (queue, i);

          if (g_strcmp0 (code, card) == 0)
            break;
          g_string_append_printf (given, "%s%s", given->len > 0 ? ", " : "", code);
        }
      if (given->len == 0)
        return g_strdup_printf (_("take %s (gives nothing away)"), card);
      return g_strdup_printf (_("take %s (gives away %s)"), card, given->str);
    }
  if (json_object_has_member (object, "place"))
    {
      const char *card = json_object_get_string_member (object, "place");
      int x = json_object_get_int_member_with_default (object, "x", 0);
      int y = json_object_get_int_member_with_default (object, "y", 0);

      if (json_object_get_int_member_with_default (object, "rot", 0) == 180)
        return g_strdup_printf (_("place %s at (%d,%d) turned"), card, x, y);
      return g_strdup_printf (_("place %s at (%d,%d)"), card, x, y);
    }
  return NULL;
}

/* A move in words, for hints: "play the red 7, then draw from the deck". */
static char *
describe_move (PtGame   *game,
               JsonNode *move)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (move) ? json_node_get_object (move) : NULL;
  const char *game_id = pt_game_get_game_id (game);

  if (object != NULL && g_strcmp0 (game_id, "next-station-london") == 0)
    return describe_next_station_move (game, object);
  if (object != NULL && g_strcmp0 (game_id, "circle-the-wagons") == 0)
    {
      char *text = describe_wagons_move (game, object);

      if (text != NULL)
        return text;
    }

  if (object != NULL && g_strcmp0 (pt_game_get_game_id (game), "lost-cities") == 0)
    {
      gboolean play = json_object_has_member (object, "play");
      const char *code = json_object_get_string_member (object, play ? "play" : "discard");
      const char *draw = json_object_get_string_member (object, "draw");
      g_autofree char *card = pt_lost_cities_card_describe_definite (code);

      if (g_strcmp0 (draw, "deck") == 0)
        return g_strdup_printf (play ? _("play %s, then draw from the deck")
                                     : _("discard %s, then draw from the deck"), card);
      return g_strdup_printf (play ? _("play %s, then take the top of the %s discard pile")
                                   : _("discard %s, then take the top of the %s discard pile"),
                              card, pt_lost_cities_color_label ((int) (strchr ("YBWGRP", draw[0]) - "YBWGRP")));
    }
  return json_to_string (move, FALSE);
}

static void
on_hint (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PtGameView) self = user_data;
  g_autofree char *reason = NULL;
  g_autoptr(JsonNode) move = pt_computer_player_choose_finish_full (result, &reason, NULL);
  g_autofree char *text = NULL;
  g_autofree char *move_text = NULL;

  if (move == NULL)
    return;
  /* The bot's own reason (what the move does and what the Hard level
   * expects it to gain), else the move in words. */
  move_text = reason != NULL ? g_steal_pointer (&reason) : describe_move (self->game, move);
  text = g_strdup_printf (_("Hint: %s"), move_text);
  gtk_label_set_text (GTK_LABEL (self->hint_label), text);
  /* …and on the board: the suggested card, pile, placement or section. */
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (self->board), "hint") != NULL)
    g_object_set (self->board, "hint", move, NULL);
}

static void
action_hint (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);
  int current = pt_game_get_current_player (self->game);

  if (current < 0 || seat_is_computer (self, current) || !pt_computer_player_has_bots ())
    return;
  gtk_label_set_text (GTK_LABEL (self->hint_label), _("Thinking about a hint…"));
  pt_computer_player_choose_async (self->game, current, PT_COMPUTER_LEVEL_HARD,
                                   (guint64) g_get_real_time (), NULL, on_hint, g_object_ref (self));
}

static void
action_reveal (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);

  if (!self->covered)
    return;
  self->viewer = pt_game_get_current_player (self->game);
  update_turn (self);
  gtk_widget_grab_focus (self->board);
}

static void
action_leave (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);

  cancel_computer (self);
  g_signal_emit (self, signals[LEAVE], 0);
}

static void
action_play_again (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  g_signal_emit (widget, signals[PLAY_AGAIN], 0);
}

/* Construction ----------------------------------------------------------- */

GtkWidget *
pt_game_view_create_board (PtGame *game)
{
  const char *id = pt_game_get_game_id (game);

  if (g_strcmp0 (id, "lost-cities") == 0)
    return pt_lost_cities_board_new (game);
  if (g_strcmp0 (id, "circle-the-wagons") == 0)
    return pt_wagons_board_new (game);
  if (g_strcmp0 (id, "next-station-london") == 0)
    return pt_next_station_board_new (game);

  {
    /* A game without a board yet: say so rather than show nothing. */
    GtkWidget *page = adw_status_page_new ();

    adw_status_page_set_title (ADW_STATUS_PAGE (page), _("This Board Is Not Ready Yet"));
    adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                     _("The game is saved; it can be continued in a later version."));
    return page;
  }
}

static GtkWidget *
build_header (PtGameView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *button, *rules, *popover, *label;

  button = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_tooltip_text (button, _("Leave the game (it stays saved)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.leave");
  gtk_box_append (GTK_BOX (box), button);

  self->banner_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->banner_label, "title-4");
  gtk_label_set_ellipsize (GTK_LABEL (self->banner_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (self->banner_label, TRUE);
  gtk_widget_set_halign (self->banner_label, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), self->banner_label);

  self->spinner = gtk_spinner_new ();
  gtk_box_append (GTK_BOX (box), self->spinner);

  button = gtk_button_new_from_icon_name ("dialog-information-symbolic");
  gtk_widget_set_tooltip_text (button, _("Hint: what the hard computer would play"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.hint");
  gtk_box_append (GTK_BOX (box), button);

  button = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  gtk_widget_set_tooltip_text (button, _("Take back the last move"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.undo");
  gtk_box_append (GTK_BOX (box), button);

  rules = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (rules), "help-about-symbolic");
  gtk_widget_set_tooltip_text (rules, _("Rules summary"));
  popover = gtk_popover_new ();
  label = gtk_label_new (pt_game_view_rules_summary (pt_game_get_game_id (self->game)));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_popover_set_child (GTK_POPOVER (popover), label);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (rules), popover);
  gtk_widget_set_name (rules, "rules-button");
  gtk_box_append (GTK_BOX (box), rules);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  return box;
}

static void
build (PtGameView *self)
{
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *play = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroll, *result_box, *buttons, *button, *board_box, *header, *frame, *toggle;

  header = build_header (self);
  gtk_box_append (GTK_BOX (outer), header);
  self->last_move_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->last_move_label, "last-move");
  gtk_label_set_wrap (GTK_LABEL (self->last_move_label), TRUE);
  gtk_widget_set_name (self->last_move_label, "last-move");
  gtk_widget_set_visible (self->last_move_label, FALSE);
  gtk_box_append (GTK_BOX (outer), self->last_move_label);

  self->hint_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->hint_label, "dim-label");
  gtk_box_append (GTK_BOX (outer), self->hint_label);

  self->board = pt_game_view_create_board (self->game);
  if (g_signal_lookup ("move-error", G_OBJECT_TYPE (self->board)) != 0)
    g_signal_connect_object (self->board, "move-error", G_CALLBACK (on_board_error), self, 0);
  self->cover = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_valign (self->cover, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (self->cover, TRUE);
  self->cover_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->cover_label, "title-1");
  gtk_label_set_wrap (GTK_LABEL (self->cover_label), TRUE);
  self->cover_button = gtk_button_new ();
  gtk_widget_add_css_class (self->cover_button, "pill");
  gtk_widget_add_css_class (self->cover_button, "suggested-action");
  gtk_widget_set_halign (self->cover_button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->cover_button), "game.reveal");
  gtk_box_append (GTK_BOX (self->cover), self->cover_label);
  gtk_box_append (GTK_BOX (self->cover), self->cover_button);
  gtk_widget_set_visible (self->cover, FALSE);

  board_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_margin_start (board_box, 12);
  gtk_widget_set_margin_end (board_box, 12);
  gtk_widget_set_margin_bottom (board_box, 12);
  gtk_box_append (GTK_BOX (board_box), self->board);
  gtk_box_append (GTK_BOX (board_box), self->cover);
  scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), board_box);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_widget_set_hexpand (scroll, TRUE);
  /* Every move in words beside the board; folded away on narrow windows. */
  self->log = pt_move_log_new ();
  pt_move_log_set_game (PT_MOVE_LOG (self->log), self->game, NULL);
  frame = pt_move_log_wrap (PT_MOVE_LOG (self->log), scroll, &toggle);
  gtk_widget_set_vexpand (frame, TRUE);
  gtk_box_insert_child_after (GTK_BOX (header), toggle, gtk_widget_get_last_child (header));
  gtk_box_append (GTK_BOX (play), frame);

  result_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->result = pt_result_view_new ();
  gtk_widget_set_vexpand (self->result, TRUE);
  gtk_box_append (GTK_BOX (result_box), self->result);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_bottom (buttons, 18);
  button = gtk_button_new_with_mnemonic (_("_Back to the Games"));
  gtk_widget_add_css_class (button, "pill");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.leave");
  gtk_box_append (GTK_BOX (buttons), button);
  button = gtk_button_new_with_mnemonic (_("Play _Again"));
  gtk_widget_add_css_class (button, "pill");
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.play-again");
  gtk_box_append (GTK_BOX (buttons), button);
  gtk_box_append (GTK_BOX (result_box), buttons);

  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), play, "play");
  gtk_stack_add_named (GTK_STACK (self->stack), result_box, "result");
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_box_append (GTK_BOX (outer), self->stack);

  self->toasts = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (self->toasts), outer);
  adw_bin_set_child (ADW_BIN (self), self->toasts);
}

GtkWidget *
pt_game_view_new (PtGame    *game,
                  JsonArray *seats,
                  PtStore   *store,
                  gint64     saved_id,
                  gint64     started)
{
  PtGameView *self;

  g_return_val_if_fail (PT_IS_GAME (game), NULL);
  g_return_val_if_fail (seats != NULL, NULL);

  self = g_object_new (PT_TYPE_GAME_VIEW, NULL);
  self->game = g_object_ref (game);
  self->seats = json_array_ref (seats);
  self->store = store ? g_object_ref (store) : NULL;
  self->saved_id = saved_id;
  self->started = started;
  self->viewer = -1;
  self->forfeit_player = -1;

  build (self);
  g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied), self, G_CONNECT_AFTER);
  g_signal_connect_object (game, "move-undone", G_CALLBACK (on_move_undone), self, G_CONNECT_AFTER);
  update_turn (self);

  return GTK_WIDGET (self);
}

PtGame *
pt_game_view_get_game (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->game;
}

GtkWidget *
pt_game_view_get_board (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->board;
}

gint64
pt_game_view_get_saved_id (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), 0);
  return self->saved_id;
}

gint64
pt_game_view_get_match_id (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), 0);
  return self->match_id;
}

gboolean
pt_game_view_get_covered (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), FALSE);
  return self->covered;
}

gboolean
pt_game_view_get_thinking (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), FALSE);
  return self->thinking;
}

const char *
pt_game_view_get_hint (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->hint_label));
}

const char *
pt_game_view_get_banner (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->banner ? self->banner : "";
}

GtkWidget *
pt_game_view_get_move_log (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->log;
}

const char *
pt_game_view_get_last_move (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->last_move_label));
}

GtkWidget *
pt_game_view_get_result_view (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->result;
}

static void
pt_game_view_dispose (GObject *object)
{
  PtGameView *self = PT_GAME_VIEW (object);

  cancel_computer (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  for (guint i = 0; i < G_N_ELEMENTS (self->engines); i++)
    g_clear_object (&self->engines[i]);
  g_clear_object (&self->game);
  g_clear_object (&self->store);
  g_clear_pointer (&self->seats, json_array_unref);

  G_OBJECT_CLASS (pt_game_view_parent_class)->dispose (object);
}

static void
pt_game_view_finalize (GObject *object)
{
  PtGameView *self = PT_GAME_VIEW (object);

  g_free (self->banner);
  g_free (self->forfeit_reason);

  G_OBJECT_CLASS (pt_game_view_parent_class)->finalize (object);
}

static void
pt_game_view_class_init (PtGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_game_view_dispose;
  object_class->finalize = pt_game_view_finalize;

  signals[LEAVE] = g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[PLAY_AGAIN] = g_signal_new ("play-again", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "game.undo", NULL, action_undo);
  gtk_widget_class_install_action (widget_class, "game.hint", NULL, action_hint);
  gtk_widget_class_install_action (widget_class, "game.reveal", NULL, action_reveal);
  gtk_widget_class_install_action (widget_class, "game.leave", NULL, action_leave);
  gtk_widget_class_install_action (widget_class, "game.play-again", NULL, action_play_again);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "game.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "game.hint", NULL);

  gtk_widget_class_set_css_name (widget_class, "game-view");
}

static void
pt_game_view_init (PtGameView *self)
{
}
