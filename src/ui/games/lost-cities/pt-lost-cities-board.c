/* pt-lost-cities-board.c — the Lost Cities table on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything shown comes from the game's view for the board's viewer
 * (pt_game_get_view()): the own hand, both expeditions with the scores the
 * rules computed, the discard piles, the deck count. A turn is chosen in
 * three steps (card, then expedition or discard, then where to draw) and
 * each step only offers what pt_game_list_legal_moves() contains; the
 * finished move goes to pt_game_request_move(). The board redraws on the
 * game's signals, never on its own guess of the result.
 *
 * Actions (for keyboard shortcuts and tests): board.select("Y5"),
 * board.play, board.discard, board.draw("deck" | colour letter),
 * board.cancel, board.show-piles.
 *
 * Drag and drop is a third way to the same steps: a hand card (its code,
 * "Y5", as a string) dropped on the own expedition or the discard pile of
 * its colour chooses card and target at once; then the deck or a discard
 * pile ("deck" or the colour letter, as in the record's "draw") dropped on
 * the hand draws. Every drop is checked against the legal moves like a
 * click, and the move still goes through pt_game_request_move().
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>

#include "pt-accessible.h"
#include "pt-board-keys.h"
#include "pt-lost-cities-board.h"
#include "pt-lost-cities-pile.h"

#define MAX_COLORS 6
#define HAND_MAX   8

typedef enum
{
  TARGET_NONE,
  TARGET_PLAY,
  TARGET_DISCARD,
} Target;

struct _PtLostCitiesBoard
{
  PtBoard parent_instance;

  gboolean show_piles;

  JsonNode *view;  /* the last view shown */
  JsonNode *legal; /* the viewer's legal moves, or NULL */
  char *selected;  /* a hand card code */
  Target target;
  char *drag_card; /* the hand card being dragged, or NULL */
  char *drag_draw; /* the draw being dragged ("deck", "Y"), or NULL */
  gboolean disposed;
  char *last_move;
  int last_color; /* the pile the other player's last card went to */
  gboolean last_discard;
  guint n_colors;

  GtkWidget *top_title;
  GtkWidget *last_move_label;
  GtkWidget *grid;
  GtkWidget *top_row_label;
  GtkWidget *own_row_label;
  GtkWidget *top_piles[MAX_COLORS];
  GtkWidget *top_scores[MAX_COLORS];
  GtkWidget *discard_buttons[MAX_COLORS];
  GtkWidget *discard_piles[MAX_COLORS];
  GtkWidget *own_buttons[MAX_COLORS];
  GtkWidget *own_piles[MAX_COLORS];
  GtkWidget *own_scores[MAX_COLORS];
  GtkWidget *deck_button;
  GtkWidget *deck_pile;
  GtkWidget *bottom_title;
  GtkWidget *prompt_label;
  GtkWidget *cancel_button;
  GtkWidget *hand_box;
  GtkWidget *hand_area; /* where a dragged draw is dropped */
  GtkWidget *hand_buttons[HAND_MAX];
  GtkWidget *hand_piles[HAND_MAX];

  /* Motion: the card played travels from the hand to its pile, then the
   * card drawn from the deck or a pile to the hand (AdwTimedAnimation,
   * skipped when animations are off, by the next move and by a click). */
  AdwAnimation *motion;
  double motion_t;
  gboolean flying;
  char *flight_code[2];           /* the card faces; NULL: a back */
  graphene_rect_t flight_from[2]; /* in board coordinates */
  GtkWidget *flight_to[2];        /* the widget where each card lands */
  GStrv flight_hand;              /* the viewer's hand before the move */
  /* Where a card lands is not drawn there until it has landed: the pile
   * holds its top card back, the new hand card is transparent. */
  GtkWidget *held_pile;
  GtkWidget *held_button;
};

G_DEFINE_FINAL_TYPE (PtLostCitiesBoard, pt_lost_cities_board, PT_TYPE_BOARD)

static const char letters[] = "YBWGRP";

static void refresh (PtLostCitiesBoard *self);
static void update_last_move (PtLostCitiesBoard *self);
static void update_hint (PtLostCitiesBoard *self);

/* Places named one string per colour: in Spanish the colour agrees with
 * the noun ("Tu expedición amarilla", "Pila de descarte roja"). */
static const char *
own_expedition_name (guint color)
{
  switch (color)
    {
    case 0:
      return _("Your yellow expedition");
    case 1:
      return _("Your blue expedition");
    case 2:
      return _("Your white expedition");
    case 3:
      return _("Your green expedition");
    case 4:
      return _("Your red expedition");
    default:
      return _("Your purple expedition");
    }
}

/* "Beto’s yellow expedition" */
static char *
their_expedition_name (guint color,
                       const char *name)
{
  switch (color)
    {
    case 0:
      return g_strdup_printf (_("%s’s yellow expedition"), name);
    case 1:
      return g_strdup_printf (_("%s’s blue expedition"), name);
    case 2:
      return g_strdup_printf (_("%s’s white expedition"), name);
    case 3:
      return g_strdup_printf (_("%s’s green expedition"), name);
    case 4:
      return g_strdup_printf (_("%s’s red expedition"), name);
    default:
      return g_strdup_printf (_("%s’s purple expedition"), name);
    }
}

static const char *
discard_pile_name (guint color)
{
  switch (color)
    {
    case 0:
      return _("Yellow discard pile");
    case 1:
      return _("Blue discard pile");
    case 2:
      return _("White discard pile");
    case 3:
      return _("Green discard pile");
    case 4:
      return _("Red discard pile");
    default:
      return _("Purple discard pile");
    }
}

/* "Your yellow expedition: yellow wager, yellow 3" */
static void
name_place (GtkWidget *widget,
            const char *place,
            GtkWidget *pile)
{
  g_autofree char *contents = pt_lost_cities_pile_describe (PT_LOST_CITIES_PILE (pile));
  /* Translators: a place on the table and what lies there */
  g_autofree char *name = g_strdup_printf (_("%s: %s"), place, contents);

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* The seats shown at the top (the other player) and at the bottom (the
 * viewer; seat 0 for a spectator). */
static guint
bottom_seat (PtLostCitiesBoard *self)
{
  return pt_board_get_viewer (PT_BOARD (self)) >= 0 ? (guint) pt_board_get_viewer (PT_BOARD (self)) : 0;
}

static guint
top_seat (PtLostCitiesBoard *self)
{
  return 1 - bottom_seat (self);
}

static JsonObject *
view_object (PtLostCitiesBoard *self)
{
  return self->view ? json_node_get_object (self->view) : NULL;
}

/* Expedition codes, wagers first, then the numbers in the order played. */
static GStrv
expedition_codes (JsonObject *expedition,
                  char letter)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *cards = json_object_get_array_member (expedition, "cards");
  gint64 wagers = json_object_get_int_member (expedition, "wagers");

  for (gint64 i = 0; i < wagers; i++)
    {
      g_autofree char *code = g_strdup_printf ("%cW", letter);
      g_strv_builder_add (builder, code);
    }
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      g_autofree char *code = g_strdup_printf ("%c%" G_GINT64_FORMAT, letter,
                                               json_array_get_int_element (cards, i));
      g_strv_builder_add (builder, code);
    }
  return g_strv_builder_end (builder);
}

static GStrv
array_codes (JsonArray *array)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    g_strv_builder_add (builder, json_array_get_string_element (array, i));
  return g_strv_builder_end (builder);
}

static const char *
move_card (JsonObject *move,
           gboolean *discard)
{
  if (json_object_has_member (move, "play"))
    {
      *discard = FALSE;
      return json_object_get_string_member (move, "play");
    }
  *discard = TRUE;
  return json_object_get_string_member (move, "discard");
}

/* Is there a legal move with this card (and target, and draw)? NULL
 * arguments match anything. */
static gboolean
legal_has (PtLostCitiesBoard *self,
           const char *card,
           Target target,
           const char *draw)
{
  JsonArray *moves;

  if (self->legal == NULL)
    return FALSE;

  moves = json_node_get_array (self->legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *move = json_array_get_object_element (moves, i);
      gboolean discard;
      const char *code = move_card (move, &discard);

      if (card != NULL && g_strcmp0 (code, card) != 0)
        continue;
      if (target == TARGET_PLAY && discard)
        continue;
      if (target == TARGET_DISCARD && !discard)
        continue;
      if (draw != NULL && g_strcmp0 (json_object_get_string_member (move, "draw"), draw) != 0)
        continue;
      return TRUE;
    }
  return FALSE;
}

static gboolean
can_act (PtLostCitiesBoard *self)
{
  return pt_board_get_interactive (PT_BOARD (self)) && pt_board_get_viewer (PT_BOARD (self)) >= 0 && self->legal != NULL && json_array_get_length (json_node_get_array (self->legal)) > 0;
}

static void
set_prompt (PtLostCitiesBoard *self,
            const char *prompt)
{
  pt_board_set_prompt (PT_BOARD (self), prompt);
  gtk_label_set_text (GTK_LABEL (self->prompt_label), prompt);
}

/* Offers @button as a choice or not. Not by making it insensitive: that
 * would fade the table's cards. Clicks and keyboard focus are what go. */
static void
offer (GtkWidget *button,
       gboolean legal,
       gboolean mark)
{
  gtk_widget_set_can_target (button, legal);
  gtk_widget_set_focusable (button, legal);
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_DISABLED, !legal, -1);
  if (legal && mark)
    gtk_widget_add_css_class (button, "legal-target");
  else
    gtk_widget_remove_css_class (button, "legal-target");
}

static void
update_choices (PtLostCitiesBoard *self)
{
  gboolean acting = can_act (self);
  int selected_color = -1;
  /* While a hand card is dragged, the table offers what that card could
   * do, as if it had been clicked; a cancelled drag restores the choice
   * made before. */
  const char *selected = self->drag_card ? self->drag_card : self->selected;
  Target target = self->drag_card ? TARGET_NONE : self->target;

  if (selected != NULL)
    selected_color = (int) (strchr (letters, selected[0]) - letters);

  for (guint i = 0; i < HAND_MAX; i++)
    {
      GtkWidget *button = self->hand_buttons[i];
      const char *code = g_object_get_data (G_OBJECT (button), "code");

      offer (button, acting && code != NULL, FALSE);
      if (code != NULL && g_strcmp0 (code, selected) == 0)
        gtk_widget_add_css_class (button, "selected-card");
      else
        gtk_widget_remove_css_class (button, "selected-card");
      gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_PRESSED,
                                   code != NULL && g_strcmp0 (code, selected) == 0
                                       ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                       : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                   -1);
      pt_lost_cities_pile_set_highlight (PT_LOST_CITIES_PILE (self->hand_piles[i]),
                                         code != NULL && g_strcmp0 (code, selected) == 0);
    }

  for (guint c = 0; c < self->n_colors; c++)
    {
      char draw[2] = { letters[c], '\0' };
      gboolean own = FALSE, pile = FALSE;

      if (acting && selected != NULL && target == TARGET_NONE && (int) c == selected_color)
        {
          own = legal_has (self, selected, TARGET_PLAY, NULL);
          pile = legal_has (self, selected, TARGET_DISCARD, NULL);
        }
      else if (acting && selected != NULL && target != TARGET_NONE)
        pile = legal_has (self, selected, target, draw);

      offer (self->own_buttons[c], own, TRUE);
      offer (self->discard_buttons[c], pile, TRUE);
    }
  {
    gboolean deck = acting && selected != NULL && target != TARGET_NONE && legal_has (self, selected, target, "deck");

    offer (self->deck_button, deck, TRUE);
  }
  if (acting && self->drag_draw != NULL && selected != NULL && target != TARGET_NONE && legal_has (self, selected, target, self->drag_draw))
    gtk_widget_add_css_class (self->hand_area, "legal-drop-target");
  else
    gtk_widget_remove_css_class (self->hand_area, "legal-drop-target");
  gtk_widget_set_visible (self->cancel_button, acting && self->selected != NULL);

  if (!acting)
    set_prompt (self, "");
  else if (selected == NULL)
    set_prompt (self, _("Choose a card from your hand"));
  else if (target == TARGET_NONE)
    {
      g_autofree char *card = pt_lost_cities_card_describe_definite (selected);
      g_autofree char *text = NULL;

      if (legal_has (self, selected, TARGET_PLAY, NULL))
        text = g_strdup_printf (_("Play %s on your expedition, or discard it"), card);
      else
        text = g_strdup_printf (_("You cannot play %s on your expedition: discard it"), card);
      set_prompt (self, text);
    }
  else
    set_prompt (self, _("Draw a card: from the deck or the top of a discard pile"));
}

static void
update_hand (PtLostCitiesBoard *self,
             JsonObject *view)
{
  JsonArray *hand = NULL;
  guint n = 0;
  int previous_color = -1;

  if (json_object_has_member (view, "hand"))
    hand = json_object_get_array_member (view, "hand");
  if (hand != NULL)
    n = MIN (json_array_get_length (hand), HAND_MAX);

  for (guint i = 0; i < HAND_MAX; i++)
    {
      GtkWidget *button = self->hand_buttons[i];

      if (i < n)
        {
          const char *code = json_array_get_string_element (hand, i);
          const char *codes[] = { code, NULL };
          int color = (int) (strchr (letters, code[0]) - letters);
          g_autofree char *name = pt_lost_cities_card_describe (code);

          g_object_set_data_full (G_OBJECT (button), "code", g_strdup (code), g_free);
          pt_lost_cities_pile_set_cards (PT_LOST_CITIES_PILE (self->hand_piles[i]), codes);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
          gtk_widget_set_tooltip_text (button, name);
          /* Group by colour: the view's hand is sorted, a gap marks a new colour. */
          gtk_widget_set_margin_start (button, i > 0 && color != previous_color ? 6 : 0);
          previous_color = color;
          gtk_widget_set_visible (button, TRUE);
        }
      else
        {
          g_object_set_data (G_OBJECT (button), "code", NULL);
          gtk_widget_set_visible (button, FALSE);
        }
    }

  if (self->selected != NULL)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < n; i++)
        found |= g_strcmp0 (json_array_get_string_element (hand, i), self->selected) == 0;
      if (!found)
        {
          g_clear_pointer (&self->selected, g_free);
          self->target = TARGET_NONE;
        }
    }
}

/* "Beto · 8 cards · 12 points · to play" */
static char *
seat_title (const char *name,
            int cards,
            int points,
            gboolean to_play)
{
  g_autofree char *card_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d card", "%d cards",
                                                             (gulong) ABS (cards)),
                                                cards);
  g_autofree char *point_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points",
                                                              (gulong) ABS (points)),
                                                 points);

  if (to_play)
    /* Translators: a seat's heading, e.g. "Beto · 8 cards · 12 points · to play" */
    return g_strdup_printf (_("%s · %s · %s · to play"), name, card_text, point_text);
  /* Translators: a seat's heading, e.g. "Beto · 8 cards · 12 points" */
  return g_strdup_printf (_("%s · %s · %s"), name, card_text, point_text);
}

static void
update_table (PtLostCitiesBoard *self,
              JsonObject *view)
{
  JsonArray *expeditions = json_object_get_array_member (view, "expeditions");
  JsonObject *discards = json_object_get_object_member (view, "discards");
  JsonArray *scores = json_object_get_array_member (view, "scores");
  JsonArray *counts = json_object_get_array_member (view, "hand_counts");
  const char *const *names = pt_game_get_players (pt_board_get_game (PT_BOARD (self)));
  guint top = top_seat (self), bottom = bottom_seat (self);
  gboolean over = json_object_get_boolean_member (view, "over");
  int current = json_object_get_int_member (view, "current_player");
  g_autofree char *top_text = NULL;
  g_autofree char *bottom_text = NULL;
  guint deck = json_object_get_int_member (view, "deck_count");

  for (guint c = 0; c < MAX_COLORS; c++)
    {
      gboolean shown = c < self->n_colors;

      gtk_widget_set_visible (self->top_piles[c], shown);
      gtk_widget_set_visible (self->top_scores[c], shown);
      gtk_widget_set_visible (self->discard_buttons[c], shown);
      gtk_widget_set_visible (self->own_buttons[c], shown);
      gtk_widget_set_visible (self->own_scores[c], shown);
    }

  for (guint c = 0; c < self->n_colors; c++)
    {
      char key[2] = { letters[c], '\0' };
      JsonObject *mine = json_object_get_object_member (json_array_get_object_element (expeditions, bottom), key);
      JsonObject *theirs = json_object_get_object_member (json_array_get_object_element (expeditions, top), key);
      g_auto(GStrv) mine_codes = expedition_codes (mine, letters[c]);
      g_auto(GStrv) their_codes = expedition_codes (theirs, letters[c]);
      g_auto(GStrv) pile = array_codes (json_object_get_array_member (discards, key));
      const char *colour = pt_lost_cities_color_label (c);
      JsonObject *exps[2] = { theirs, mine };
      GtkWidget *labels[2] = { self->top_scores[c], self->own_scores[c] };
      g_autofree char *own_name = NULL;
      g_autofree char *pile_name = NULL;

      pt_lost_cities_pile_set_cards (PT_LOST_CITIES_PILE (self->own_piles[c]),
                                     (const char *const *) mine_codes);
      pt_lost_cities_pile_set_cards (PT_LOST_CITIES_PILE (self->top_piles[c]),
                                     (const char *const *) their_codes);
      pt_lost_cities_pile_set_cards (PT_LOST_CITIES_PILE (self->discard_piles[c]),
                                     (const char *const *) pile);

      for (guint k = 0; k < 2; k++)
        {
          gint64 wagers = json_object_get_int_member (exps[k], "wagers");
          gint64 score = json_object_get_int_member (exps[k], "score");
          g_autofree char *text = NULL;

          if (wagers > 0)
            text = g_strdup_printf ("%" G_GINT64_FORMAT " (×%" G_GINT64_FORMAT ")", score, wagers + 1);
          else
            text = g_strdup_printf ("%" G_GINT64_FORMAT, score);
          gtk_label_set_text (GTK_LABEL (labels[k]), text);
        }

      name_place (self->own_buttons[c], own_expedition_name (c), self->own_piles[c]);
      name_place (self->discard_buttons[c], discard_pile_name (c), self->discard_piles[c]);
      {
        g_autofree char *theirs_name = their_expedition_name (c, names[top]);

        name_place (self->top_piles[c], theirs_name, self->top_piles[c]);
      }
      (void) colour;
      (void) own_name;
      (void) pile_name;

      pt_lost_cities_pile_set_highlight (PT_LOST_CITIES_PILE (self->top_piles[c]),
                                         (int) c == self->last_color && !self->last_discard);
      pt_lost_cities_pile_set_highlight (PT_LOST_CITIES_PILE (self->discard_piles[c]),
                                         (int) c == self->last_color && self->last_discard);
      pt_lost_cities_pile_set_mode (PT_LOST_CITIES_PILE (self->discard_piles[c]),
                                    self->show_piles ? PT_LOST_CITIES_PILE_FAN : PT_LOST_CITIES_PILE_TOP);
    }

  pt_lost_cities_pile_set_count (PT_LOST_CITIES_PILE (self->deck_pile), deck);
  {
    g_autofree char *deck_name = pt_lost_cities_pile_describe (PT_LOST_CITIES_PILE (self->deck_pile));
    /* Translators: the caption over the other player's row, e.g. "Beto’s expeditions" */
    g_autofree char *their_row = g_strdup_printf (_("%s’s expeditions"), names[top]);

    gtk_accessible_update_property (GTK_ACCESSIBLE (self->deck_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    deck_name, -1);
    gtk_label_set_text (GTK_LABEL (self->top_row_label), their_row);
    if (pt_board_get_viewer (PT_BOARD (self)) >= 0)
      gtk_label_set_text (GTK_LABEL (self->own_row_label), _("Your expeditions"));
    else
      {
        g_autofree char *own_row = g_strdup_printf (_("%s’s expeditions"), names[bottom]);

        gtk_label_set_text (GTK_LABEL (self->own_row_label), own_row);
      }
  }

  top_text = seat_title (names[top], (int) json_array_get_int_element (counts, top),
                         (int) json_array_get_int_element (scores, top), !over && current == (int) top);
  bottom_text = seat_title (names[bottom], (int) json_array_get_int_element (counts, bottom),
                            (int) json_array_get_int_element (scores, bottom), !over && current == (int) bottom);
  gtk_label_set_text (GTK_LABEL (self->top_title), top_text);
  gtk_label_set_text (GTK_LABEL (self->bottom_title), bottom_text);
  gtk_label_set_text (GTK_LABEL (self->last_move_label), self->last_move ? self->last_move : "");
}

static void apply_held (PtLostCitiesBoard *self);
static GtkWidget *hand_button_of (PtLostCitiesBoard *self,
                                  const char *code);

static void
refresh (PtLostCitiesBoard *self)
{
  JsonObject *view;

  g_clear_pointer (&self->view, json_node_unref);
  g_clear_pointer (&self->legal, json_node_unref);
  self->view = pt_game_get_view (pt_board_get_game (PT_BOARD (self)), pt_board_get_viewer (PT_BOARD (self)));
  view = view_object (self);
  if (view == NULL)
    return;

  self->n_colors = json_object_get_int_member (json_object_get_object_member (view, "options"), "colors");
  self->n_colors = CLAMP (self->n_colors, 5, MAX_COLORS);
  if (pt_board_get_viewer (PT_BOARD (self)) >= 0 && pt_game_get_current_player (pt_board_get_game (PT_BOARD (self))) == pt_board_get_viewer (PT_BOARD (self)))
    self->legal = pt_game_list_legal_moves (pt_board_get_game (PT_BOARD (self)), pt_board_get_viewer (PT_BOARD (self)));

  update_last_move (self);
  update_hand (self, view);
  update_table (self, view);
  update_hint (self);
  update_choices (self);
  apply_held (self);
}

/* The other player's last move, from the history (so it is there after a
 * resume and after the hot-seat cover too): its sentence, from the rules,
 * and the pile its card went to, highlighted. */
static void
update_last_move (PtLostCitiesBoard *self)
{
  guint n = pt_game_get_n_moves (pt_board_get_game (PT_BOARD (self)));
  const PtGameMove *last = n > 0 ? pt_game_get_move (pt_board_get_game (PT_BOARD (self)), n - 1) : NULL;
  JsonObject *move = last && JSON_NODE_HOLDS_OBJECT (last->move) ? json_node_get_object (last->move) : NULL;
  gboolean discard = FALSE;
  const char *code = move ? move_card (move, &discard) : NULL;
  const char *letter = code && code[0] ? strchr (letters, code[0]) : NULL;

  g_clear_pointer (&self->last_move, g_free);
  self->last_color = -1;
  if (last == NULL || last->player == bottom_seat (self) || letter == NULL)
    return;
  self->last_move = g_strdup (pt_game_get_move_description (pt_board_get_game (PT_BOARD (self)), n - 1));
  self->last_color = (int) (letter - letters);
  self->last_discard = discard;
}

/* Motion --------------------------------------------------------------- */

#define MOTION_MS 420

/* The played card flies over [0, PLAYED_END] of the motion, the drawn one
 * over [DRAWN_START, 1]. */
#define PLAYED_END  0.6
#define DRAWN_START 0.4

/* Holds back what is still in the air: the played card's pile until it
 * lands (PLAYED_END), the viewer's new hand card until the motion ends.
 * Called whenever the board or the motion changes, since a refresh may
 * rebuild the hand. */
static void
apply_held (PtLostCitiesBoard *self)
{
  GtkWidget *pile = NULL, *button = NULL;

  if (self->flying && self->motion_t < PLAYED_END && PT_IS_LOST_CITIES_PILE (self->flight_to[0]))
    pile = self->flight_to[0];
  if (self->flying && self->flight_to[1] == self->hand_box && self->flight_code[1] != NULL)
    button = hand_button_of (self, self->flight_code[1]);
  if (self->held_pile != pile)
    {
      if (self->held_pile != NULL)
        pt_lost_cities_pile_set_held_back (PT_LOST_CITIES_PILE (self->held_pile), 0);
      self->held_pile = pile;
    }
  if (pile != NULL)
    pt_lost_cities_pile_set_held_back (PT_LOST_CITIES_PILE (pile), 1);
  if (self->held_button != button)
    {
      if (self->held_button != NULL)
        gtk_widget_set_opacity (self->held_button, 1.0);
      self->held_button = button;
    }
  if (button != NULL)
    gtk_widget_set_opacity (button, 0.0);
}

static void
motion_frame (double value,
              gpointer user_data)
{
  PtLostCitiesBoard *self = user_data;

  self->motion_t = value;
  apply_held (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_done (AdwAnimation *animation,
             PtLostCitiesBoard *self)
{
  self->flying = FALSE;
  apply_held (self);
  g_clear_pointer (&self->flight_code[0], g_free);
  g_clear_pointer (&self->flight_code[1], g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  pt_board_set_animating (PT_BOARD (self), self->flying);
}

static void
skip_motion (PtLostCitiesBoard *self)
{
  if (self->motion != NULL && self->flying)
    adw_animation_skip (self->motion);
}

static gboolean
bounds_of (PtLostCitiesBoard *self,
           GtkWidget *widget,
           graphene_rect_t *rect)
{
  return widget != NULL && gtk_widget_get_mapped (widget) && gtk_widget_compute_bounds (widget, GTK_WIDGET (self), rect);
}

static GtkWidget *
hand_button_of (PtLostCitiesBoard *self,
                const char *code)
{
  for (guint i = 0; i < HAND_MAX; i++)
    if (gtk_widget_get_visible (self->hand_buttons[i]) && g_strcmp0 (g_object_get_data (G_OBJECT (self->hand_buttons[i]), "code"), code) == 0)
      return self->hand_buttons[i];
  return NULL;
}

/* Called before the board shows the new position: where the cards start
 * (the hand card, the pile top) is still on screen. */
static void
prepare_motion (PtLostCitiesBoard *self,
                guint player,
                JsonNode *move_node)
{
  JsonObject *move = JSON_NODE_HOLDS_OBJECT (move_node) ? json_node_get_object (move_node) : NULL;
  gboolean discard = FALSE, mine = player == bottom_seat (self);
  const char *code = move ? move_card (move, &discard) : NULL;
  const char *draw = move ? json_object_get_string_member_with_default (move, "draw", NULL) : NULL;
  const char *letter = code && code[0] ? strchr (letters, code[0]) : NULL;
  const char *draw_letter = draw && draw[0] && g_strcmp0 (draw, "deck") != 0 ? strchr (letters, draw[0]) : NULL;
  int color, draw_color;
  JsonObject *before = view_object (self);

  skip_motion (self);
  if (letter == NULL || draw == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  color = (int) (letter - letters);
  draw_color = draw_letter ? (int) (draw_letter - letters) : -1;

  /* The played card: from the hand (the own card, or the other player's
   * side of the table) to the expedition or the discard pile. */
  if (!bounds_of (self, mine ? hand_button_of (self, code) : self->top_title, &self->flight_from[0]))
    return;
  g_free (self->flight_code[0]);
  self->flight_code[0] = g_strdup (code);
  self->flight_to[0] = discard ? self->discard_piles[color]
                       : mine  ? self->own_piles[color]
                               : self->top_piles[color];

  /* The card drawn: from the deck (face down unless it is the viewer's)
   * or the top of a discard pile, to the hand. */
  g_clear_pointer (&self->flight_code[1], g_free);
  if (draw_color >= 0)
    {
      JsonArray *pile = before ? json_object_get_array_member (json_object_get_object_member (before, "discards"), draw) : NULL;
      guint n = pile ? json_array_get_length (pile) : 0;

      if (n > 0)
        self->flight_code[1] = g_strdup (json_array_get_string_element (pile, n - 1));
      if (!bounds_of (self, self->discard_piles[draw_color], &self->flight_from[1]))
        return;
    }
  else if (!bounds_of (self, self->deck_pile, &self->flight_from[1]))
    return;
  self->flight_to[1] = mine ? self->hand_box : self->top_title;
  g_clear_pointer (&self->flight_hand, g_strfreev);
  pt_board_clear_hint (PT_BOARD (self));
  if (mine && before != NULL && json_object_has_member (before, "hand"))
    {
      JsonArray *hand = json_object_get_array_member (before, "hand");
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      for (guint i = 0; i < json_array_get_length (hand); i++)
        g_strv_builder_add (builder, json_array_get_string_element (hand, i));
      self->flight_hand = g_strv_builder_end (builder);
    }

  self->flying = TRUE;
  self->motion_t = 0;
}

static void
start_motion (PtLostCitiesBoard *self,
              guint player)
{
  if (!self->flying)
    return;
  /* The own card drawn from the deck shows its face: the one card of the
   * new hand that was not in the old one (the played card left it). */
  if (self->flight_code[1] == NULL && player == bottom_seat (self) && self->flight_hand != NULL && view_object (self) != NULL && json_object_has_member (view_object (self), "hand"))
    {
      JsonArray *hand = json_object_get_array_member (view_object (self), "hand");

      /* Counted, not looked up: a hand may hold two wagers of a colour. */
      for (guint i = 0; i < json_array_get_length (hand) && self->flight_code[1] == NULL; i++)
        {
          const char *code = json_array_get_string_element (hand, i);
          guint now = 0, before = 0;

          for (guint j = 0; j < json_array_get_length (hand); j++)
            now += g_strcmp0 (json_array_get_string_element (hand, j), code) == 0;
          for (guint j = 0; self->flight_hand[j] != NULL; j++)
            before += g_strcmp0 (self->flight_hand[j], code) == 0;
          /* The played card left the old hand. */
          if (g_strcmp0 (self->flight_code[0], code) == 0 && before > 0)
            before--;
          if (now > before)
            self->flight_code[1] = g_strdup (code);
        }
    }
  g_clear_pointer (&self->flight_hand, g_strfreev);
  /* Each card only in the air until it lands (the board draws it there). */
  apply_held (self);
  if (self->motion == NULL)
    {
      AdwAnimationTarget *target = adw_callback_animation_target_new (motion_frame, self, NULL);

      self->motion = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, MOTION_MS, target);
      adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->motion), ADW_EASE_OUT_CUBIC);
      g_signal_connect (self->motion, "done", G_CALLBACK (motion_done), self);
    }
  pt_board_set_animating (PT_BOARD (self), self->flying);
  adw_animation_reset (self->motion);
  adw_animation_play (self->motion);
}

/* Where flight @i's card is now (board coordinates) and how opaque;
 * FALSE when it is not in the air. */
static gboolean
flight_card (PtLostCitiesBoard *self,
             guint i,
             graphene_rect_t *out,
             double *out_alpha)
{
  double start = i == 0 ? 0.0 : DRAWN_START, end = i == 0 ? PLAYED_END : 1.0;
  double t = CLAMP ((self->motion_t - start) / (end - start), 0, 1);
  gboolean from_title = i == 0 && self->flight_to[1] == self->top_title;
  gboolean to_title = i == 1 && self->flight_to[1] == self->top_title;
  graphene_rect_t to, card;
  double fx, fy, tx, ty, alpha = 1.0;

  if (!self->flying || self->flight_to[i] == NULL || t <= 0 || t >= 1 || !bounds_of (self, self->deck_pile, &card) || !bounds_of (self, self->flight_to[i], &to))
    return FALSE;
  fx = self->flight_from[i].origin.x + (self->flight_from[i].size.width - card.size.width) / 2;
  fy = self->flight_from[i].origin.y + (self->flight_from[i].size.height - card.size.height) / 2;
  tx = to.origin.x + (to.size.width - card.size.width) / 2;
  ty = to.origin.y + (to.size.height - card.size.height) / 2;
  /* The other player's hand is not on the table: their cards come from
   * (and go to) just below their heading, fading in (out), and never
   * cover the heading itself. */
  if (from_title)
    {
      fy = self->flight_from[0].origin.y + self->flight_from[0].size.height + 1;
      alpha = MIN (1.0, t * 4);
    }
  if (to_title)
    {
      ty = to.origin.y + to.size.height + 1;
      alpha = MIN (1.0, (1 - t) * 4);
    }
  graphene_rect_init (out, fx + (tx - fx) * t, fy + (ty - fy) * t, card.size.width, card.size.height);
  *out_alpha = alpha;
  return TRUE;
}

/* The flights over the children: each card eases from its start to the
 * widget it lands on, the played card first, the drawn one overlapping
 * its end. */
static void
snapshot_flight (PtLostCitiesBoard *self,
                 GtkSnapshot *snapshot)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  cairo_t *cr = NULL;

  for (guint i = 0; i < 2; i++)
    {
      graphene_rect_t card;
      double alpha;

      if (!flight_card (self, i, &card, &alpha))
        continue;
      if (cr == NULL)
        cr = gtk_snapshot_append_cairo (snapshot,
                                        &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                                                             gtk_widget_get_height (GTK_WIDGET (self))));
      cairo_push_group (cr);
      /* A shadow under the card in the air. */
      cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
      cairo_rectangle (cr, card.origin.x + 3, card.origin.y + 4, card.size.width, card.size.height);
      cairo_fill (cr);
      pt_lost_cities_draw_card (cr, self->flight_code[i] ? self->flight_code[i] : "",
                                card.origin.x, card.origin.y, card.size.width, card.size.height, dark);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, alpha);
    }
  if (cr != NULL)
    cairo_destroy (cr);
}

gboolean
pt_lost_cities_board_get_flight_bounds (PtLostCitiesBoard *self,
                                        graphene_rect_t *bounds)
{
  gboolean any = FALSE;

  g_return_val_if_fail (PT_IS_LOST_CITIES_BOARD (self), FALSE);

  for (guint i = 0; i < 2; i++)
    {
      graphene_rect_t card;
      double alpha;

      if (!flight_card (self, i, &card, &alpha))
        continue;
      if (any)
        graphene_rect_union (bounds, &card, bounds);
      else
        *bounds = card;
      any = TRUE;
    }
  return any;
}

/* Hints ---------------------------------------------------------------- */

/* The hint's card in the hand, its expedition or discard pile and where it
 * draws from, outlined (class "hinted"). */
static void
update_hint (PtLostCitiesBoard *self)
{
  JsonObject *move = pt_board_get_hint_object (PT_BOARD (self));
  gboolean discard = FALSE;
  const char *code = move ? move_card (move, &discard) : NULL;
  const char *draw = move ? json_object_get_string_member_with_default (move, "draw", NULL) : NULL;
  const char *letter = code && code[0] ? strchr (letters, code[0]) : NULL;
  const char *draw_letter = draw && draw[0] && g_strcmp0 (draw, "deck") != 0 ? strchr (letters, draw[0]) : NULL;
  GtkWidget *hinted[3] = { NULL, NULL, NULL };

  if (letter != NULL && draw != NULL)
    {
      int color = (int) (letter - letters);

      hinted[0] = hand_button_of (self, code);
      hinted[1] = discard ? self->discard_buttons[color] : self->own_buttons[color];
      hinted[2] = draw_letter ? self->discard_buttons[draw_letter - letters] : self->deck_button;
    }
  for (guint i = 0; i < HAND_MAX; i++)
    gtk_widget_remove_css_class (self->hand_buttons[i], "hinted");
  for (guint c = 0; c < MAX_COLORS; c++)
    {
      gtk_widget_remove_css_class (self->own_buttons[c], "hinted");
      gtk_widget_remove_css_class (self->discard_buttons[c], "hinted");
    }
  gtk_widget_remove_css_class (self->deck_button, "hinted");
  for (guint i = 0; i < G_N_ELEMENTS (hinted); i++)
    if (hinted[i] != NULL)
      gtk_widget_add_css_class (hinted[i], "hinted");
}

static void
pt_lost_cities_board_hint_changed (PtBoard *board)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (board);

  update_hint (self);
}

static void
pt_lost_cities_board_snapshot (GtkWidget *widget,
                               GtkSnapshot *snapshot)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
  snapshot_flight (self, snapshot);
}

static void
on_move_applied (PtGame *game,
                 guint player,
                 JsonNode *move,
                 PtLostCitiesBoard *self)
{
  prepare_motion (self, player, move);
  g_clear_pointer (&self->selected, g_free);
  self->target = TARGET_NONE;
  pt_board_set_hint (PT_BOARD (self), NULL);
  refresh (self);
  start_motion (self, player);
}

static void
on_move_undone (PtGame *game,
                PtLostCitiesBoard *self)
{
  pt_board_set_hint (PT_BOARD (self), NULL);
  g_clear_pointer (&self->selected, g_free);
  self->target = TARGET_NONE;
  refresh (self);
}

/* Choosing ------------------------------------------------------------- */

static void
select_card (PtLostCitiesBoard *self,
             const char *code)
{
  if (!can_act (self) || !legal_has (self, code, TARGET_NONE, NULL))
    return;

  if (g_strcmp0 (self->selected, code) == 0 && self->target == TARGET_NONE)
    g_clear_pointer (&self->selected, g_free);
  else
    {
      g_free (self->selected);
      self->selected = g_strdup (code);
    }
  self->target = TARGET_NONE;
  update_choices (self);
}

static void
choose_target (PtLostCitiesBoard *self,
               Target target)
{
  if (!can_act (self) || self->selected == NULL || !legal_has (self, self->selected, target, NULL))
    return;
  self->target = target;
  update_choices (self);
  /* Keyboard users land on the deck, the usual draw. */
  if (gtk_widget_get_focusable (self->deck_button))
    gtk_widget_grab_focus (self->deck_button);
}

static gboolean
choose_draw (PtLostCitiesBoard *self,
             const char *draw)
{
  g_autoptr(JsonObject) move = NULL;
  g_autoptr(JsonNode) node = NULL;

  if (!can_act (self) || self->selected == NULL || self->target == TARGET_NONE || !legal_has (self, self->selected, self->target, draw))
    return FALSE;

  move = json_object_new ();
  json_object_set_string_member (move, self->target == TARGET_PLAY ? "play" : "discard",
                                 self->selected);
  json_object_set_string_member (move, "draw", draw);
  node = json_node_init_object (json_node_alloc (), move);

  return pt_board_request_move (PT_BOARD (self), pt_board_get_viewer (PT_BOARD (self)), node);
}

static void
cancel_choice (PtLostCitiesBoard *self)
{
  g_clear_pointer (&self->selected, g_free);
  self->target = TARGET_NONE;
  update_choices (self);
}

static void
action_select (GtkWidget *widget,
               const char *action_name,
               GVariant *parameter)
{
  select_card (PT_LOST_CITIES_BOARD (widget), g_variant_get_string (parameter, NULL));
}

/* 1…8: the hand's cards, left to right. */
static void
action_select_nth (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (widget);
  int n = g_variant_get_int32 (parameter);
  const char *code;

  if (n < 1 || n > HAND_MAX || (code = g_object_get_data (G_OBJECT (self->hand_buttons[n - 1]), "code")) == NULL)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  gtk_widget_activate_action (widget, "board.select", "s", code);
  gtk_widget_grab_focus (self->hand_buttons[n - 1]);
}

static void
action_play (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  choose_target (PT_LOST_CITIES_BOARD (widget), TARGET_PLAY);
}

static void
action_discard (GtkWidget *widget,
                const char *action_name,
                GVariant *parameter)
{
  choose_target (PT_LOST_CITIES_BOARD (widget), TARGET_DISCARD);
}

static void
action_draw (GtkWidget *widget,
             const char *action_name,
             GVariant *parameter)
{
  choose_draw (PT_LOST_CITIES_BOARD (widget), g_variant_get_string (parameter, NULL));
}

static void
action_cancel (GtkWidget *widget,
               const char *action_name,
               GVariant *parameter)
{
  cancel_choice (PT_LOST_CITIES_BOARD (widget));
}

static void
action_show_piles (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (widget);

  self->show_piles = !self->show_piles;
  refresh (self);
}

/* Buttons -------------------------------------------------------------- */

static void
on_hand_clicked (GtkButton *button,
                 PtLostCitiesBoard *self)
{
  select_card (self, g_object_get_data (G_OBJECT (button), "code"));
}

static void
on_own_clicked (GtkButton *button,
                PtLostCitiesBoard *self)
{
  choose_target (self, TARGET_PLAY);
}

static void
on_discard_clicked (GtkButton *button,
                    PtLostCitiesBoard *self)
{
  int c = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "color"));
  char draw[2] = { letters[c], '\0' };

  if (self->target == TARGET_NONE)
    choose_target (self, TARGET_DISCARD);
  else
    choose_draw (self, draw);
}

static void
on_deck_clicked (GtkButton *button,
                 PtLostCitiesBoard *self)
{
  choose_draw (self, "deck");
}

/* Drag and drop --------------------------------------------------------- */

/* A drag starting on @widget carries: the card of a hand button, or the
 * draw of the deck or a discard pile (only once card and target are
 * chosen). NULL when nothing legal can be dragged from there now.
 * *is_card tells which of the two. */
static char *
drag_value (PtLostCitiesBoard *self,
            GtkWidget *widget,
            gboolean *is_card)
{
  if (!can_act (self))
    return NULL;

  for (guint i = 0; i < HAND_MAX; i++)
    if (widget == self->hand_buttons[i])
      {
        const char *code = g_object_get_data (G_OBJECT (widget), "code");

        *is_card = TRUE;
        return code != NULL && legal_has (self, code, TARGET_NONE, NULL) ? g_strdup (code) : NULL;
      }

  *is_card = FALSE;
  if (self->selected == NULL || self->target == TARGET_NONE)
    return NULL;
  if (widget == self->deck_button)
    return legal_has (self, self->selected, self->target, "deck") ? g_strdup ("deck") : NULL;
  for (guint c = 0; c < self->n_colors; c++)
    if (widget == self->discard_buttons[c])
      {
        char draw[2] = { letters[c], '\0' };

        return legal_has (self, self->selected, self->target, draw) ? g_strdup (draw) : NULL;
      }
  return NULL;
}

/* Would dropping @value on @widget make a legal step? The same checks as
 * the clicks, plus the colour: a card goes only to its own colour. */
static gboolean
drop_allowed (PtLostCitiesBoard *self,
              GtkWidget *widget,
              const char *value)
{
  if (value == NULL || !can_act (self))
    return FALSE;

  if (widget == self->hand_area)
    return self->selected != NULL && self->target != TARGET_NONE && legal_has (self, self->selected, self->target, value);

  for (guint c = 0; c < self->n_colors; c++)
    {
      if (value[0] != letters[c])
        continue;
      if (widget == self->own_buttons[c])
        return legal_has (self, value, TARGET_PLAY, NULL);
      if (widget == self->discard_buttons[c])
        return legal_has (self, value, TARGET_DISCARD, NULL);
    }
  return FALSE;
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double x,
                 double y,
                 PtLostCitiesBoard *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  gboolean is_card;
  g_autofree char *value = drag_value (self, widget, &is_card);

  if (value == NULL)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_STRING, value);
}

static void
on_drag_begin (GtkDragSource *source,
               GdkDrag *drag,
               PtLostCitiesBoard *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *pile = gtk_button_get_child (GTK_BUTTON (widget));
  g_autoptr(GdkPaintable) icon = pt_lost_cities_pile_get_top_paintable (PT_LOST_CITIES_PILE (pile));
  gboolean is_card;
  char *value = drag_value (self, widget, &is_card);

  /* The card hangs from the pointer by its middle. */
  gtk_drag_source_set_icon (source, icon,
                            gdk_paintable_get_intrinsic_width (icon) / 2,
                            gdk_paintable_get_intrinsic_height (icon) / 2);
  g_clear_pointer (&self->drag_card, g_free);
  g_clear_pointer (&self->drag_draw, g_free);
  if (is_card)
    self->drag_card = value;
  else
    self->drag_draw = value;
  update_choices (self);
}

static void
on_drag_end (GtkDragSource *source,
             GdkDrag *drag,
             gboolean delete_data,
             PtLostCitiesBoard *self)
{
  /* A drag still running while the board goes away ends without it. */
  if (self->disposed)
    return;
  g_clear_pointer (&self->drag_card, g_free);
  g_clear_pointer (&self->drag_draw, g_free);
  update_choices (self);
}

/* Only our own drags, and only where they make a legal step: anything
 * else is refused before the pointer is released (no drop highlight). */
static gboolean
on_drop_accept (GtkDropTarget *target,
                GdkDrop *drop,
                PtLostCitiesBoard *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));

  return gdk_content_formats_contain_gtype (gdk_drop_get_formats (drop), G_TYPE_STRING) && drop_allowed (self, widget, self->drag_card ? self->drag_card : self->drag_draw);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue *value,
         double x,
         double y,
         PtLostCitiesBoard *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  const char *text = G_VALUE_HOLDS_STRING (value) ? g_value_get_string (value) : NULL;
  Target kind = TARGET_PLAY;
  gboolean done;

  if (!drop_allowed (self, widget, text))
    return FALSE;

  if (widget == self->hand_area)
    {
      g_autofree char *draw = g_strdup (text);

      /* The move may end the game and take the board down with it. */
      g_object_ref (self);
      done = choose_draw (self, draw);
      g_object_unref (self);
      return done;
    }

  /* A card dropped on a pile: both first steps at once. */
  g_free (self->selected);
  self->selected = g_strdup (text);
  self->target = TARGET_NONE;
  for (guint c = 0; c < self->n_colors; c++)
    if (widget == self->discard_buttons[c])
      kind = TARGET_DISCARD;
  choose_target (self, kind);
  return self->target == kind;
}

static void
add_drag_source (PtLostCitiesBoard *self,
                 GtkWidget *widget)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (source, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (source));
}

static void
add_drop_target (PtLostCitiesBoard *self,
                 GtkWidget *widget)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

  g_signal_connect (target, "accept", G_CALLBACK (on_drop_accept), self);
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (target));
}

static GtkWidget *
card_button (GtkWidget *child)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_child (GTK_BUTTON (button), child);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "card-button");
  return button;
}

/* Rows of the table's grid. */
enum
{
  ROW_TOP_LABEL,
  ROW_TOP_SCORES,
  ROW_TOP,
  ROW_DISCARDS_LABEL,
  ROW_DISCARDS,
  ROW_OWN_LABEL,
  ROW_OWN,
  ROW_OWN_SCORES,
};

static GtkWidget *
row_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "caption-heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_top (label, 4);
  return label;
}

static GtkWidget *
score_label (void)
{
  GtkWidget *label = gtk_label_new ("0");

  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
build (PtLostCitiesBoard *self)
{
  GtkWidget *table_label;

  for (guint c = 0; c < MAX_COLORS; c++)
    {
      self->top_piles[c] = pt_lost_cities_pile_new (PT_LOST_CITIES_PILE_FAN, c);
      self->top_scores[c] = score_label ();
      self->discard_piles[c] = pt_lost_cities_pile_new (PT_LOST_CITIES_PILE_TOP, c);
      self->discard_buttons[c] = card_button (self->discard_piles[c]);
      g_object_set_data (G_OBJECT (self->discard_buttons[c]), "color", GINT_TO_POINTER (c));
      g_signal_connect (self->discard_buttons[c], "clicked", G_CALLBACK (on_discard_clicked), self);
      /* A discard pile takes a dropped card and gives its top card away. */
      add_drop_target (self, self->discard_buttons[c]);
      add_drag_source (self, self->discard_buttons[c]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->discard_buttons[c]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Click or drop a card here to discard it; to draw its top "
                                        "card, click it or drag it onto your hand"),
                                         -1);
      self->own_piles[c] = pt_lost_cities_pile_new (PT_LOST_CITIES_PILE_FAN, c);
      self->own_buttons[c] = card_button (self->own_piles[c]);
      gtk_widget_set_valign (self->own_buttons[c], GTK_ALIGN_START);
      g_signal_connect (self->own_buttons[c], "clicked", G_CALLBACK (on_own_clicked), self);
      add_drop_target (self, self->own_buttons[c]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->own_buttons[c]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Click or drop a card of this colour here to play it"), -1);
      {
        /* Names for tests and style rules: "expedition-Y", "discard-Y". */
        g_autofree char *own_id = g_strdup_printf ("expedition-%c", letters[c]);
        g_autofree char *pile_id = g_strdup_printf ("discard-%c", letters[c]);

        gtk_widget_set_name (self->own_buttons[c], own_id);
        gtk_widget_set_name (self->discard_buttons[c], pile_id);
      }
      self->own_scores[c] = score_label ();

      gtk_grid_attach (GTK_GRID (self->grid), self->top_scores[c], c, ROW_TOP_SCORES, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), self->top_piles[c], c, ROW_TOP, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), self->discard_buttons[c], c, ROW_DISCARDS, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), self->own_buttons[c], c, ROW_OWN, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), self->own_scores[c], c, ROW_OWN_SCORES, 1, 1);
    }
  /* Each row says what it is: the other player's expeditions, the discard
   * piles (and the deck), your expeditions. */
  self->top_row_label = row_label (NULL);
  gtk_grid_attach (GTK_GRID (self->grid), self->top_row_label, 0, ROW_TOP_LABEL, MAX_COLORS, 1);
  gtk_grid_attach (GTK_GRID (self->grid), row_label (_("Discard piles")), 0, ROW_DISCARDS_LABEL, MAX_COLORS, 1);
  self->own_row_label = row_label (NULL);
  gtk_grid_attach (GTK_GRID (self->grid), self->own_row_label, 0, ROW_OWN_LABEL, MAX_COLORS, 1);

  self->deck_pile = pt_lost_cities_pile_new (PT_LOST_CITIES_PILE_BACK, -1);
  self->deck_button = card_button (self->deck_pile);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->deck_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Deck"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->deck_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("To draw from the deck, click it or drag it onto your hand"), -1);
  gtk_widget_set_margin_start (self->deck_button, 8);
  gtk_widget_set_name (self->deck_button, "deck");
  g_signal_connect (self->deck_button, "clicked", G_CALLBACK (on_deck_clicked), self);
  add_drag_source (self, self->deck_button);
  gtk_grid_attach (GTK_GRID (self->grid), self->deck_button, MAX_COLORS, ROW_DISCARDS, 1, 1);

  table_label = gtk_label_new (_("Deck"));
  gtk_widget_add_css_class (table_label, "caption");
  gtk_widget_set_margin_start (table_label, 8);
  gtk_grid_attach (GTK_GRID (self->grid), table_label, MAX_COLORS, ROW_DISCARDS_LABEL, 1, 1);
  gtk_widget_set_valign (table_label, GTK_ALIGN_END);

  for (guint i = 0; i < HAND_MAX; i++)
    {
      self->hand_piles[i] = pt_lost_cities_pile_new (PT_LOST_CITIES_PILE_TOP, -1);
      self->hand_buttons[i] = card_button (self->hand_piles[i]);
      g_signal_connect (self->hand_buttons[i], "clicked", G_CALLBACK (on_hand_clicked), self);
      add_drag_source (self, self->hand_buttons[i]);
      {
        g_autofree char *id = g_strdup_printf ("hand-card-%u", i);

        gtk_widget_set_name (self->hand_buttons[i], id);
      }
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->hand_buttons[i]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Click to choose it, or drag it onto your expedition or "
                                        "its discard pile"),
                                         -1);
      gtk_box_append (GTK_BOX (self->hand_box), self->hand_buttons[i]);
    }
  /* The hand's area takes a dragged draw (hand_area, in the template). */
  add_drop_target (self, self->hand_area);
}

/* GObject -------------------------------------------------------------- */

GtkWidget *
pt_lost_cities_board_new (PtGame *game)
{
  return g_object_new (PT_TYPE_LOST_CITIES_BOARD, "game", game, NULL);
}

const char *
pt_lost_cities_board_get_last_move (PtLostCitiesBoard *self)
{
  g_return_val_if_fail (PT_IS_LOST_CITIES_BOARD (self), NULL);

  return self->last_move ? self->last_move : "";
}

static void
pt_lost_cities_board_constructed (GObject *object)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (object);

  G_OBJECT_CLASS (pt_lost_cities_board_parent_class)->constructed (object);

  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-applied", G_CALLBACK (on_move_applied), self, 0);
  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-undone", G_CALLBACK (on_move_undone), self, 0);
  refresh (self);
}

static void
pt_lost_cities_board_dispose (GObject *object)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (object);

  self->disposed = TRUE;
  pt_board_clear_animation (PT_BOARD (self), &self->motion);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_LOST_CITIES_BOARD);
  g_clear_pointer (&self->flight_code[0], g_free);
  g_clear_pointer (&self->flight_code[1], g_free);
  g_clear_pointer (&self->flight_hand, g_strfreev);
  g_clear_pointer (&self->view, json_node_unref);
  g_clear_pointer (&self->legal, json_node_unref);

  G_OBJECT_CLASS (pt_lost_cities_board_parent_class)->dispose (object);
}

static void
pt_lost_cities_board_finalize (GObject *object)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (object);

  g_free (self->selected);
  g_free (self->drag_card);
  g_free (self->drag_draw);
  g_free (self->last_move);

  G_OBJECT_CLASS (pt_lost_cities_board_parent_class)->finalize (object);
}

/* PtBoard ------------------------------------------------------------ */

static void
pt_lost_cities_board_refresh (PtBoard *board)
{
  refresh (PT_LOST_CITIES_BOARD (board));
}

static void
pt_lost_cities_board_skip_motion (PtBoard *board)
{
  skip_motion (PT_LOST_CITIES_BOARD (board));
}

/* Another seat's hand: the choice begun is not theirs. */
static void
pt_lost_cities_board_viewer_changed (PtBoard *board)
{
  PtLostCitiesBoard *self = PT_LOST_CITIES_BOARD (board);

  g_clear_pointer (&self->selected, g_free);
  self->target = TARGET_NONE;
}

static void
pt_lost_cities_board_class_init (PtLostCitiesBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PtBoardClass *board_class = PT_BOARD_CLASS (klass);

  object_class->constructed = pt_lost_cities_board_constructed;
  object_class->dispose = pt_lost_cities_board_dispose;
  object_class->finalize = pt_lost_cities_board_finalize;

  board_class->refresh = pt_lost_cities_board_refresh;
  board_class->viewer_changed = pt_lost_cities_board_viewer_changed;
  board_class->hint_changed = pt_lost_cities_board_hint_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/lost-cities/pt-lost-cities-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, top_title);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, last_move_label);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, grid);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, bottom_title);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, hand_box);
  gtk_widget_class_bind_template_child (widget_class, PtLostCitiesBoard, hand_area);
  board_class->skip_motion = pt_lost_cities_board_skip_motion;

  widget_class->snapshot = pt_lost_cities_board_snapshot;

  gtk_widget_class_install_action (widget_class, "board.select", "s", action_select);
  gtk_widget_class_install_action (widget_class, "board.play", NULL, action_play);
  gtk_widget_class_install_action (widget_class, "board.discard", NULL, action_discard);
  gtk_widget_class_install_action (widget_class, "board.draw", "s", action_draw);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, action_cancel);
  gtk_widget_class_install_action (widget_class, "board.show-piles", NULL, action_show_piles);

  gtk_widget_class_install_action (widget_class, "board.select-nth", "i", action_select_nth);

  gtk_widget_class_set_css_name (widget_class, "lost-cities-board");
}

/* Listed in the shortcuts window (PtGameUi.shortcuts, pt-lost-cities-ui.c).
 * Ctrl+Shift+D, the old "draw from the deck", is GTK's Inspector: plain
 * letters instead. */
static const PtBoardKey keys[] = {
  { "1", "board.select-nth", "1" },
  { "2", "board.select-nth", "2" },
  { "3", "board.select-nth", "3" },
  { "4", "board.select-nth", "4" },
  { "5", "board.select-nth", "5" },
  { "6", "board.select-nth", "6" },
  { "7", "board.select-nth", "7" },
  { "8", "board.select-nth", "8" },
  { "p", "board.play", NULL },
  { "<Shift>p", "board.play", NULL },
  { "d", "board.discard", NULL },
  { "<Shift>d", "board.discard", NULL },
  { "n", "board.draw", "'deck'" },
  { "<Shift>n", "board.draw", "'deck'" },
  { "w", "board.show-piles", NULL },
  { "<Shift>w", "board.show-piles", NULL },
  { "Escape", "board.cancel", NULL },
};

static void
pt_lost_cities_board_init (PtLostCitiesBoard *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  self->last_color = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  build (self);
  pt_board_keys_install (GTK_WIDGET (self), keys, G_N_ELEMENTS (keys));
}
