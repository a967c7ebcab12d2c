/* pt-game-view.c — the frame around a board
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PtGameView is a thin view over one PtSession (src/session/): the session
 * owns the seats, the rounds, the computer's turns, autosave, forfeits and
 * the final save; the view shows the round being played, decides who looks
 * at the board (the seat whose hand is shown), covers the board between
 * two people on one screen, shows the summary between rounds and the
 * result at the end, and forwards the person's input (moves go through the
 * board to the rules, undo and the next round through the session).
 *
 * Everything it shows follows the session's and the game's signals; it
 * never computes a score or decides a rule.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pt-computer-player.h"
#include "pt-game-view.h"
#include "pt-hint-text.h"
#include "pt-accessible.h"
#include "pt-board-keys.h"
#include "pt-move-log.h"
#include "pt-result-view.h"
#include "pt-game-ui.h"

struct _PtGameView
{
  AdwBin parent_instance;

  PtSession *session;
  PtGame *game; /* the round on the board */

  int viewer; /* the seat whose side is shown */
  gboolean covered;
  char *banner;

  /* Built in code: the board changes each round, inside the cover's box,
   * the move log's frame around them. */
  GtkWidget *board_box;
  PtBoard *board;
  GtkWidget *cover;
  GtkWidget *cover_label;
  GtkWidget *cover_button;
  GtkWidget *summary_group;
  GtkWidget *log;

  /* Template widgets */
  GtkWidget *toasts;
  GtkWidget *header;
  GtkWidget *banner_label;
  GtkWidget *spinner;
  GtkWidget *rules_button;
  GtkWidget *rules_label;
  GtkWidget *learn_button;
  GtkWidget *last_move_label;
  GtkWidget *hint_label;
  GtkWidget *hint_reason_label;
  GtkWidget *stack;
  GtkWidget *play_box;
  GtkWidget *summary;
  GtkWidget *result;
};

G_DEFINE_FINAL_TYPE (PtGameView, pt_game_view, ADW_TYPE_BIN)

enum
{
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

static gboolean
is_person (PtGameView *self,
           int seat)
{
  return pt_session_seat_is_person (self->session, seat);
}

static int
first_person_seat (PtGameView *self)
{
  for (guint i = 0; i < pt_session_get_n_seats (self->session); i++)
    if (is_person (self, i))
      return i;
  return -1;
}

/* Rules summaries -------------------------------------------------------- */

const char *
pt_game_view_rules_summary (const char *game_id)
{
  const PtGameUi *ui = pt_game_ui_lookup (game_id);

  return ui != NULL ? g_dgettext (GETTEXT_PACKAGE, ui->rules_summary) : "";
}

/* Messages ---------------------------------------------------------------- */

static void
show_error (PtGameView *self,
            const char *message)
{
  /* A toast's title is Pango markup: the message is plain text. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 5);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toasts), toast);
}

static void
on_session_message (PtSession *session,
                    const char *message,
                    PtGameView *self)
{
  show_error (self, message);
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
update_actions (PtGameView *self)
{
  int current = self->game ? pt_game_get_current_player (self->game) : -1;
  gboolean playing = pt_session_get_state (self->session) == PT_SESSION_PLAYING;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo",
                                 pt_session_get_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.hint",
                                 playing && pt_computer_player_has_bots () && !self->covered && current >= 0 && is_person (self, current));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.next-round",
                                 pt_session_get_state (self->session) == PT_SESSION_BETWEEN_ROUNDS);
}

static void
show_result (PtGameView *self)
{
  PtResultView *result = PT_RESULT_VIEW (self->result);
  guint n_rounds = pt_session_get_n_rounds_played (self->session);
  int forfeit = pt_session_get_forfeit_seat (self->session);

  if (pt_session_get_n_rounds (self->session) > 1)
    {
      guint n = pt_session_get_n_seats (self->session);
      guint shown = n_rounds + (forfeit >= 0 && !pt_game_get_is_over (self->game));
      g_autofree int *scores = g_new0 (int, MAX (shown, 1) * n);
      int totals[PT_GAME_MAX_PLAYERS] = { 0 };

      for (guint r = 0; r < shown; r++)
        for (guint p = 0; p < n; p++)
          {
            scores[r * n + p] = pt_session_get_round_score (self->session, r, p);
            totals[p] += scores[r * n + p];
          }
      pt_result_view_set_match (result, self->game, shown, scores, totals,
                                pt_session_get_winners (self->session), forfeit,
                                pt_session_get_forfeit_reason (self->session));
    }
  else if (forfeit >= 0)
    pt_result_view_set_forfeit (result, self->game, forfeit, pt_session_get_forfeit_reason (self->session));
  else
    pt_result_view_set_game (result, self->game);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "result");
  set_banner (self, _("Game over"));
}

/* Between rounds: each seat's round and total, and who starts next. */
static void
show_summary (PtGameView *self)
{
  guint played = pt_session_get_n_rounds_played (self->session);
  guint n = pt_session_get_n_seats (self->session);
  guint next = pt_session_get_next_starter_seat (self->session);
  g_autofree char *title = NULL;
  g_autofree char *starts = NULL;
  GtkWidget *group;

  if (self->summary_group != NULL)
    adw_preferences_page_remove (ADW_PREFERENCES_PAGE (self->summary), ADW_PREFERENCES_GROUP (self->summary_group));
  group = adw_preferences_group_new ();
  self->summary_group = group;
  /* Translators: the heading between two rounds, "Round 1 of 3 Is Over" */
  title = g_strdup_printf (_("Round %u of %u Is Over"), played, pt_session_get_n_rounds (self->session));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (is_person (self, next) && pt_session_get_n_persons (self->session) == 1)
    starts = g_strdup_printf (_("You start round %u."), played + 1);
  else
    /* Translators: between rounds, "Beto starts round 2." */
    starts = g_strdup_printf (_("%s starts round %u."), pt_session_get_seat_name (self->session, next),
                                 played + 1);
  /* Descriptions are markup in libadwaita 1.2; the seat's name (maybe an
   * engine's) is plain text. */
  {
    g_autofree char *escaped = g_markup_escape_text (starts, -1);

    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), escaped);
  }
  for (guint p = 0; p < n; p++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *label;
      g_autofree char *subtitle = NULL;
      g_autofree char *total = g_strdup_printf ("%d", pt_session_get_total (self->session, p));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pt_session_get_seat_name (self->session, p));
      /* Translators: a seat's line between rounds, "This round: 42 · Total: 57" */
      subtitle = g_strdup_printf (_("This round: %d · Total: %d"),
                                     pt_session_get_round_score (self->session, played - 1, p),
                                     pt_session_get_total (self->session, p));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      label = gtk_label_new (total);
      gtk_widget_add_css_class (label, "title-3");
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self->summary), ADW_PREFERENCES_GROUP (group));
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "summary");
  set_banner (self, title);
}

/* The last move of somebody else than the one looking, in a sentence
 * from the rules; from the history, so it survives a resume. */
static void
update_last_move (PtGameView *self)
{
  guint n = self->game ? pt_game_get_n_moves (self->game) : 0;
  const PtGameMove *last = n > 0 ? pt_game_get_move (self->game, n - 1) : NULL;
  gboolean show = last != NULL && !self->covered && (int) last->player != self->viewer && pt_session_get_state (self->session) == PT_SESSION_PLAYING;

  gtk_label_set_text (GTK_LABEL (self->last_move_label),
                      show ? pt_game_get_move_description (self->game, n - 1) : "");
  gtk_widget_set_visible (self->last_move_label, show);
}

static void
update_turn (PtGameView *self)
{
  PtSessionState state = pt_session_get_state (self->session);
  int current;
  const char *name;
  g_autofree char *text = NULL;

  update_actions (self);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner),
                            state == PT_SESSION_PLAYING && pt_session_get_thinking (self->session));
  if (state != PT_SESSION_PLAYING)
    update_last_move (self);
  if (state == PT_SESSION_FINISHED)
    {
      show_result (self);
      return;
    }
  if (state == PT_SESSION_BETWEEN_ROUNDS)
    {
      show_summary (self);
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "play");

  current = pt_game_get_current_player (self->game);
  if (current < 0)
    return;
  name = pt_game_get_player_name (self->game, current);
  if (!is_person (self, current))
    {
      self->covered = FALSE;
      if (self->viewer < 0 || !is_person (self, self->viewer))
        self->viewer = first_person_seat (self);
      pt_board_set_viewer (self->board, self->viewer);
      pt_board_set_interactive (self->board, FALSE);
      text = g_strdup_printf (_("%s is thinking…"), name);
      set_banner (self, text);
    }
  else if (current != self->viewer && pt_session_get_n_persons (self->session) > 1 && pt_game_get_hidden_information (self->game))
    {
      /* Hot seat: hide the hand until the next player has the device. */
      g_autofree char *button = NULL;

      self->covered = TRUE;
      pt_board_set_interactive (self->board, FALSE);
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
      pt_board_set_viewer (self->board, self->viewer);
      pt_board_set_interactive (self->board, TRUE);
      /* Whole sentences addressed to the one on turn, never a possessive
       * built on a name ("You’s turn"). */
      text = g_strdup_printf (_("Your turn, %s"), name);
      set_banner (self, text);
    }

  gtk_widget_set_visible (self->cover, self->covered);
  gtk_widget_set_visible (GTK_WIDGET (self->board), !self->covered);
  update_last_move (self);
  update_actions (self);
}

static void
on_turn (PtSession *session,
         PtGameView *self)
{
  gtk_label_set_text (GTK_LABEL (self->hint_label), "");
  gtk_label_set_text (GTK_LABEL (self->hint_reason_label), "");
  gtk_widget_set_visible (self->hint_reason_label, FALSE);
  update_turn (self);
}

static void
on_board_error (PtBoard *board,
                const char *message,
                PtGameView *self)
{
  show_error (self, message);
}

/* A new round: a new board for its game. */
static void
set_board (PtGameView *self)
{
  PtGame *game = pt_session_get_game (self->session);

  if (game == self->game && self->board != NULL)
    return;
  g_set_object (&self->game, game);
  if (self->board != NULL)
    gtk_box_remove (GTK_BOX (self->board_box), GTK_WIDGET (self->board));
  self->board = pt_game_view_create_board (game, self->session);
  g_signal_connect_object (self->board, "move-error", G_CALLBACK (on_board_error), self, 0);
  /* The board's keys work wherever the focus is in the game view. */
  pt_board_keys_forward (GTK_WIDGET (self->board), GTK_WIDGET (self));
  gtk_box_prepend (GTK_BOX (self->board_box), GTK_WIDGET (self->board));
}

/* The log: this round's moves under its heading, the earlier rounds'
 * below (a match of several rounds), newest first. */
static void
update_log (PtGameView *self)
{
  PtMatch *match = pt_session_get_match (self->session);
  guint n_rounds = pt_session_get_n_rounds (self->session);
  guint current = pt_session_get_round (self->session);
  g_autoptr(GPtrArray) games = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) titles = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;
  g_autofree char *title = NULL;

  for (guint r = 0; match != NULL && n_rounds > 1 && r < current && r < pt_match_get_n_rounds_played (match); r++)
    {
      g_autofree char *round_title = g_strdup_printf (_("Round %u"), r + 1);

      g_ptr_array_add (games, pt_match_get_round_game (match, r));
      g_strv_builder_add (titles, round_title);
    }
  strv = g_strv_builder_end (titles);
  if (n_rounds > 1)
    title = g_strdup_printf (_("Round %u"), current + 1);
  pt_move_log_set_earlier_rounds (PT_MOVE_LOG (self->log), games, (const char *const *) strv);
  pt_move_log_set_game (PT_MOVE_LOG (self->log), self->game, title);
}

static void
on_round_started (PtSession *session,
                  guint round,
                  PtGameView *self)
{
  set_board (self);
  update_log (self);
  /* The new round's starter looks first (on a shared screen the cover
   * asks for them). */
  self->viewer = -1;
  update_turn (self);
}

static void
on_round_over (PtSession *session,
               guint round,
               PtGameView *self)
{
  update_turn (self);
}

static void
on_finished (PtSession *session,
             PtGameView *self)
{
  update_turn (self);
  g_signal_emit (self, signals[FINISHED], 0);
}

/* Actions --------------------------------------------------------------- */

static void
action_undo (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (!pt_session_undo (self->session, &error))
    {
      show_error (self, error->message);
      return;
    }
  /* Taking back a move on a shared screen: the one who takes it back is
   * the one who sees the hand. */
  self->viewer = pt_game_get_current_player (self->game);
  update_turn (self);
}

static void
action_next_round (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (!pt_session_next_round (self->session, &error))
    show_error (self, error->message);
}

static void
on_hint (GObject *source,
         GAsyncResult *result,
         gpointer user_data)
{
  g_autoptr(PtGameView) self = user_data;
  g_autofree char *reason = NULL;
  g_autoptr(JsonNode) move = pt_computer_player_choose_finish_full (result, &reason, NULL);
  g_autofree char *text = NULL;
  g_autofree char *move_text = NULL;

  if (move == NULL || self->game == NULL || PT_GAME (source) != self->game)
    return;
  move_text = pt_hint_text (self->game, move);
  text = g_strdup_printf (_("Hint: %s"), move_text);
  gtk_label_set_text (GTK_LABEL (self->hint_label), text);
  /* One sentence why, in the bot's own words: what the move does and what
   * the Hard level expects it to gain. */
  if (reason != NULL)
    {
      g_autofree char *why = g_strdup_printf (_("Why: %s"), reason);

      gtk_label_set_text (GTK_LABEL (self->hint_reason_label), why);
    }
  gtk_widget_set_visible (self->hint_reason_label, reason != NULL);
  /* …and on the board: the suggested card, pile, placement or section. */
  pt_board_set_hint (self->board, move);
}

static void
action_hint (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);
  int current = self->game ? pt_game_get_current_player (self->game) : -1;

  if (current < 0 || !is_person (self, current) || !pt_computer_player_has_bots ())
    return;
  gtk_label_set_text (GTK_LABEL (self->hint_label), _("Thinking about a hint…"));
  gtk_widget_set_visible (self->hint_reason_label, FALSE);
  pt_computer_player_choose_async (self->game, current, PT_BOT_LEVEL_HARD,
                                   (guint64) g_get_real_time (), NULL, on_hint, g_object_ref (self));
}

static void
action_reveal (GtkWidget *widget,
               const char *action_name,
               GVariant *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);

  if (!self->covered)
    return;
  self->viewer = pt_game_get_current_player (self->game);
  update_turn (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
action_leave (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  PtGameView *self = PT_GAME_VIEW (widget);

  pt_session_cancel (self->session);
  g_signal_emit (self, signals[LEAVE], 0);
}

static void
action_play_again (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  g_signal_emit (widget, signals[PLAY_AGAIN], 0);
}

/* Construction ----------------------------------------------------------- */

/**
 * pt_game_view_create_board:
 * @game: the round to show
 * @session: (nullable): the match it is a round of; %NULL for a round on
 *   its own (a replay, the result screen)
 *
 * Returns: (transfer floating): the game's board (its PtGameUi's type)
 */
PtBoard *
pt_game_view_create_board (PtGame *game,
                           PtSession *session)
{
  const PtGameUi *ui = pt_game_ui_lookup (pt_game_get_game_id (game));

  /* tests/ui/test-game-ui.c: every game of the rules has a board. */
  g_return_val_if_fail (ui != NULL, NULL);
  g_return_val_if_fail (session == NULL || PT_IS_SESSION (session), NULL);

  return g_object_new (ui->board_type (), "session", session, "game", game, NULL);
}

/* The parts of the template that depend on the session, and the board
 * with its cover and the move log. */
static void
build (PtGameView *self)
{
  const char *game_id = pt_session_get_game_id (self->session);
  GtkWidget *scroll, *frame, *toggle;

  gtk_label_set_text (GTK_LABEL (self->rules_label), pt_game_view_rules_summary (game_id));
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->learn_button), "s", game_id);

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

  self->board_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_margin_start (self->board_box, 12);
  gtk_widget_set_margin_end (self->board_box, 12);
  gtk_widget_set_margin_bottom (self->board_box, 12);
  gtk_box_append (GTK_BOX (self->board_box), self->cover);
  set_board (self);
  scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), self->board_box);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_widget_set_hexpand (scroll, TRUE);
  /* Every move in words beside the board; folded away on narrow windows. */
  self->log = pt_move_log_new ();
  update_log (self);
  frame = pt_move_log_wrap (PT_MOVE_LOG (self->log), scroll, &toggle);
  gtk_widget_set_vexpand (frame, TRUE);
  gtk_box_append (GTK_BOX (self->header), toggle);
  gtk_box_append (GTK_BOX (self->play_box), frame);
}

GtkWidget *
pt_game_view_new (PtSession *session)
{
  PtGameView *self;

  g_return_val_if_fail (PT_IS_SESSION (session), NULL);
  g_return_val_if_fail (pt_session_get_game (session) != NULL, NULL);

  self = g_object_new (PT_TYPE_GAME_VIEW, NULL);
  self->session = g_object_ref (session);
  self->viewer = -1;
  pt_session_set_computer_delay (session, computer_delay_ms);

  build (self);
  g_signal_connect_object (session, "turn", G_CALLBACK (on_turn), self, 0);
  g_signal_connect_object (session, "round-started", G_CALLBACK (on_round_started), self, 0);
  g_signal_connect_object (session, "round-over", G_CALLBACK (on_round_over), self, 0);
  g_signal_connect_object (session, "finished", G_CALLBACK (on_finished), self, 0);
  g_signal_connect_object (session, "save-failed", G_CALLBACK (on_session_message), self, 0);
  g_signal_connect_object (session, "computer-error", G_CALLBACK (on_session_message), self, 0);
  update_turn (self);
  /* A resumed game whose computer is on turn goes on by itself. */
  pt_session_resume_turns (session);

  return GTK_WIDGET (self);
}

PtSession *
pt_game_view_get_session (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->session;
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
  return GTK_WIDGET (self->board);
}

gint64
pt_game_view_get_saved_id (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), 0);
  return pt_session_get_saved_id (self->session);
}

gint64
pt_game_view_get_match_id (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), 0);
  return pt_session_get_match_id (self->session);
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
  return pt_session_get_thinking (self->session);
}

const char *
pt_game_view_get_hint (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->hint_label));
}

const char *
pt_game_view_get_hint_reason (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->hint_reason_label));
}

const char *
pt_game_view_get_banner (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return self->banner ? self->banner : "";
}

const char *
pt_game_view_get_stage (PtGameView *self)
{
  g_return_val_if_fail (PT_IS_GAME_VIEW (self), NULL);
  return gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
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

  if (self->session != NULL)
    {
      pt_session_cancel (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->game);
  /* The bound overlay is AdwBin's child: out of the bin first, or the
   * template and the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_GAME_VIEW);

  G_OBJECT_CLASS (pt_game_view_parent_class)->dispose (object);
}

static void
pt_game_view_finalize (GObject *object)
{
  PtGameView *self = PT_GAME_VIEW (object);

  g_free (self->banner);

  G_OBJECT_CLASS (pt_game_view_parent_class)->finalize (object);
}

static void
pt_game_view_class_init (PtGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_game_view_dispose;
  object_class->finalize = pt_game_view_finalize;

  g_type_ensure (PT_TYPE_RESULT_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtGameView, toasts);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, header);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, banner_label);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, spinner);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, rules_button);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, rules_label);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, learn_button);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, last_move_label);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, hint_label);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, hint_reason_label);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, stack);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, play_box);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, summary);
  gtk_widget_class_bind_template_child (widget_class, PtGameView, result);

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
  gtk_widget_class_install_action (widget_class, "game.next-round", NULL, action_next_round);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "game.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "game.hint", NULL);

  gtk_widget_class_set_css_name (widget_class, "game-view");
}

static void
pt_game_view_init (PtGameView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* A menu button's label goes on its inner button too. */
  pt_accessible_set_label (self->rules_button, _("Rules summary"));
}
