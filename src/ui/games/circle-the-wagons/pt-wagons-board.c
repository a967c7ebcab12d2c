/* pt-wagons-board.c — the Circle the Wagons table on screen
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * From the game's view: the circle (or the queue once started) in order,
 * the three bonus cards with their rules, the free cards waiting to be
 * placed, both towns and each player's live breakdown from
 * pt_game_get_breakdown(). Only what pt_game_list_legal_moves() lists is
 * offered: start cards, queue cards to take, and placements (the ghost in
 * the town says whether the cursor spot is one of them). The score a
 * placement would give is asked from the rules on a scratch copy of the
 * game (loaded from its record), never computed here.
 *
 * Actions: board.start("A1"), board.take("B4"), board.place((x, y, rot)),
 * board.rotate.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>

#include "pt-board-keys.h"
#include "pt-rules.h"
#include "pt-wagons-board.h"
#include "pt-wagons-cards.h"
#include "pt-wagons-town-view.h"

#define CIRCLE_CELL 22

struct _PtWagonsBoard
{
  PtBoard parent_instance;

  JsonNode *view;
  JsonNode *legal;
  JsonNode *breakdown;
  char *preview;
  int placer; /* whose town shows the ghost, or -1 */

  /* Template widgets */
  GtkWidget *prompt_label;
  GtkWidget *bonus_box;
  GtkWidget *queue_title;
  GtkWidget *queue_box;
  GtkWidget *pending_label;
  GtkWidget *town_titles[2];
  GtkWidget *towns[2];
  GtkWidget *breakdowns[2];
  GtkWidget *preview_label;

  /* Motion: a card taken leaves the circle for the cards to place; a card
   * placed flies from there and lands in its town (AdwTimedAnimation;
   * skipped when animations are off, by the next move and by a click). */
  AdwAnimation *motion;
  double motion_t;
  gboolean flying;
  char *flight_card;
  gboolean flight_rot180;
  graphene_rect_t flight_from; /* in board coordinates */
  int flight_town;             /* -1: lands on the pending line */
  int flight_x, flight_y;
};

G_DEFINE_FINAL_TYPE (PtWagonsBoard, pt_wagons_board, PT_TYPE_BOARD)

static gboolean
can_act (PtWagonsBoard *self)
{
  return pt_board_get_interactive (PT_BOARD (self)) && self->legal != NULL && json_array_get_length (json_node_get_array (self->legal)) > 0;
}

static gboolean
legal_has (PtWagonsBoard *self,
           const char *member,
           const char *card)
{
  JsonArray *moves;

  if (self->legal == NULL)
    return FALSE;
  moves = json_node_get_array (self->legal);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (json_object_has_member (m, member) && (card == NULL || g_strcmp0 (json_object_get_string_member (m, member), card) == 0))
        return TRUE;
    }
  return FALSE;
}

static void
request (PtWagonsBoard *self,
         JsonObject *move)
{
  /* The node takes over @move (init_object would add a reference of its own). */
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  int player = pt_game_get_current_player (pt_board_get_game (PT_BOARD (self)));

  json_node_take_object (node, move);
  pt_board_request_move (PT_BOARD (self), player, node);
}

/* Starts with or takes @card (@member "start" or "take"), when that is a
 * legal move now; the click and the action both come here. */
static void
request_card (PtWagonsBoard *self,
              const char *member,
              const char *card)
{
  JsonObject *move;

  if (!can_act (self) || !legal_has (self, member, card))
    return;
  move = json_object_new ();
  json_object_set_string_member (move, member, card);
  request (self, move);
}

/* The circle ----------------------------------------------------------------- */

/* A card by what it shows, read top left, top right, bottom left, bottom
 * right: "A7: Desert with Gun, Forest with Cow, Water with Wagon, Snow
 * with Beer". */
static char *
card_description (const char *id)
{
  int index = pt_wagons_card_from_id (id);
  g_autoptr(GString) text = NULL;

  if (index < 0)
    return g_strdup (id ? id : "");
  text = g_string_new (NULL);
  for (guint pos = 0; pos < 4; pos++)
    {
      PtWagonsQuadrant q = pt_wagons_card_quadrant ((guint) index, FALSE, pos);

      if (pos > 0)
        g_string_append (text, ", ");
      /* Translators: a territory of a card, e.g. "Forest with Cow" */
      g_string_append_printf (text, _("%s with %s"), _(pt_wagons_terrain_name (q.terrain)),
                                                         _(pt_wagons_symbol_name (q.symbol)));
    }
  /* Translators: a card by its id and its four territories */
  return g_strdup_printf (_("%s: %s"), id, text->str);
}

static void
draw_small_card (GtkDrawingArea *area,
                 cairo_t *cr,
                 int width,
                 int height,
                 gpointer user_data)
{
  const char *card = g_object_get_data (G_OBJECT (area), "card");

  pt_wagons_draw_card (cr, card, FALSE, (width - 2 * CIRCLE_CELL) / 2.0, 0, CIRCLE_CELL);
}

static void
on_queue_enter (GtkEventControllerMotion *motion,
                double x,
                double y,
                PtWagonsBoard *self)
{
  GtkWidget *hovered = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));
  gboolean before = TRUE;

  /* Show which cards a take would give away: those before it. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->queue_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (child == hovered)
        before = FALSE;
      if (before && g_strcmp0 (pt_game_get_phase (pt_board_get_game (PT_BOARD (self))), "take") == 0)
        gtk_widget_add_css_class (child, "given-away");
      else
        gtk_widget_remove_css_class (child, "given-away");
    }
}

static void
on_queue_leave (GtkEventControllerMotion *motion,
                PtWagonsBoard *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->queue_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_remove_css_class (child, "given-away");
}

static void
on_queue_clicked (GtkButton *button,
                  PtWagonsBoard *self)
{
  const char *card = g_object_get_data (G_OBJECT (button), "card");
  const char *member = g_strcmp0 (pt_game_get_phase (pt_board_get_game (PT_BOARD (self))), "start") == 0 ? "start" : "take";

  request_card (self, member, card);
}

/* Is @card the hint's card for a @member ("start", "take", "place") move? */
static gboolean
hint_card (PtWagonsBoard *self,
           const char *member,
           const char *card)
{
  JsonObject *hint = pt_board_get_hint_object (PT_BOARD (self));

  return hint != NULL && json_object_has_member (hint, member) && g_strcmp0 (json_object_get_string_member (hint, member), card) == 0;
}

static void
update_queue (PtWagonsBoard *self,
              JsonObject *view)
{
  const char *phase = json_object_get_string_member (view, "phase");
  gboolean starting = g_strcmp0 (phase, "start") == 0;
  JsonArray *cards = json_object_get_array_member (view, starting ? "circle" : "queue");
  const char *taker = pt_game_get_current_player (pt_board_get_game (PT_BOARD (self))) >= 0
                          ? pt_game_get_player_name (pt_board_get_game (PT_BOARD (self)), pt_game_get_current_player (pt_board_get_game (PT_BOARD (self))))
                          : "";
  GtkWidget *child;
  guint n = json_array_get_length (cards);

  while ((child = gtk_widget_get_first_child (self->queue_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->queue_box), child);

  gtk_label_set_text (GTK_LABEL (self->queue_title),
                      starting ? _("The circle (clockwise)") : _("The queue, from the start card"));

  for (guint i = 0; i < n; i++)
    {
      const char *card = json_array_get_string_element (cards, i);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *area = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (card);
      GtkEventController *motion = gtk_event_controller_motion_new ();
      gboolean legal = can_act (self) && legal_has (self, starting ? "start" : "take", card);
      g_autofree char *name = NULL;
      g_autofree char *described = card_description (card);

      g_object_set_data_full (G_OBJECT (area), "card", g_strdup (card), g_free);
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 2 * CIRCLE_CELL);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 2 * CIRCLE_CELL);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_small_card, NULL, NULL);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), area);
      gtk_box_append (GTK_BOX (box), label);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "card-button");
      g_object_set_data_full (G_OBJECT (button), "card", g_strdup (card), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_queue_clicked), self);
      g_signal_connect (motion, "enter", G_CALLBACK (on_queue_enter), self);
      g_signal_connect (motion, "leave", G_CALLBACK (on_queue_leave), self);
      gtk_widget_add_controller (button, motion);

      gtk_widget_set_can_target (button, legal);
      gtk_widget_set_focusable (button, legal);
      if (legal)
        gtk_widget_add_css_class (button, "legal-target");
      if (hint_card (self, starting ? "start" : "take", card))
        gtk_widget_add_css_class (button, "hinted");
      if (starting)
        name = g_strdup_printf (_("Start the circle at %s"), described);
      else if (i == 0)
        name = g_strdup_printf (_("Take %s"), described);
      else
        /* Translators: "Take B4: Desert with Gun, …; 2 cards go to the other player" */
        name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Take %s; %u card goes to the other player",
                                             "Take %s; %u cards go to the other player", i),
                                described, i);
      /* Only what can be taken now is offered; the others are still read. */
      if (!legal)
        {
          g_free (name);
          name = g_strdup (described);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_DISABLED, !legal, -1);
      gtk_widget_set_tooltip_text (button, name);
      gtk_box_append (GTK_BOX (self->queue_box), button);
    }
  (void) taker;
}

/* Bonus cards and free cards ------------------------------------------------ */

static void
update_bonus (PtWagonsBoard *self,
              JsonObject *view)
{
  JsonArray *bonus = json_object_get_array_member (view, "bonus");
  GtkWidget *child;

  if (gtk_widget_get_first_child (self->bonus_box) != NULL)
    return; /* they never change during a game */
  for (guint i = 0; i < json_array_get_length (bonus); i++)
    {
      int kind = pt_wagons_bonus_from_id (json_object_get_string_member (json_array_get_object_element (bonus, i), "id"));
      GtkWidget *label;
      g_autofree char *markup = NULL;

      if (kind < 0)
        continue;
      markup = g_markup_printf_escaped ("<b>%s</b>\n%s", _(pt_wagons_bonus_info[kind].name),
                                                            _(pt_wagons_bonus_info[kind].description));
      label = gtk_label_new (NULL);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "card");
      gtk_widget_add_css_class (label, "bonus-card");
      gtk_flow_box_append (GTK_FLOW_BOX (self->bonus_box), label);
      gtk_widget_set_focusable (gtk_widget_get_parent (label), FALSE);
    }
  child = NULL;
  (void) child;
}

static void
update_pending (PtWagonsBoard *self,
                JsonObject *view)
{
  JsonArray *pending = json_object_get_array_member (view, "pending");
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (pending); i++)
    {
      JsonObject *p = json_array_get_object_element (pending, i);

      g_string_append_printf (text, "%s%s (%s)", text->len > 0 ? ", " : "",
                              json_object_get_string_member (p, "card"),
                              pt_game_get_player_name (pt_board_get_game (PT_BOARD (self)), json_object_get_int_member (p, "player")));
    }
  if (text->len > 0)
    {
      g_autofree char *line = g_strdup_printf (_("To place, in order: %s"), text->str);
      gtk_label_set_text (GTK_LABEL (self->pending_label), line);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->pending_label), "");
}

/* Towns and breakdowns -------------------------------------------------------- */

static void
update_towns (PtWagonsBoard *self,
              JsonObject *view)
{
  JsonArray *towns = json_object_get_array_member (view, "towns");
  JsonArray *players = NULL;
  const char *placing = NULL;
  int current = pt_game_get_current_player (pt_board_get_game (PT_BOARD (self)));

  if (self->breakdown != NULL && json_object_has_member (json_node_get_object (self->breakdown), "players"))
    players = json_object_get_array_member (json_node_get_object (self->breakdown), "players");

  if (can_act (self) && g_strcmp0 (pt_game_get_phase (pt_board_get_game (PT_BOARD (self))), "place") == 0)
    placing = json_object_get_string_member (json_array_get_object_element (json_node_get_array (self->legal), 0), "place");
  self->placer = placing != NULL ? current : -1;

  for (guint p = 0; p < 2; p++)
    {
      JsonObject *town = json_array_get_object_element (towns, p);
      g_autoptr(GString) lines = g_string_new (NULL);
      g_autofree char *title = NULL;
      int total = pt_game_get_score (pt_board_get_game (PT_BOARD (self)), p);

      pt_wagons_town_view_set_cells (PT_WAGONS_TOWN_VIEW (self->towns[p]),
                                     json_object_get_array_member (town, "cells"));
      pt_wagons_town_view_set_placing (PT_WAGONS_TOWN_VIEW (self->towns[p]),
                                       (int) p == self->placer ? placing : NULL,
                                       (int) p == self->placer ? json_node_get_array (self->legal) : NULL);
      /* A hinted placement: the ghost waits there, with what it scores. */
      if ((int) p == self->placer && hint_card (self, "place", placing))
        {
          JsonObject *hint = json_node_get_object (pt_board_get_hint (PT_BOARD (self)));

          pt_wagons_town_view_set_cursor (PT_WAGONS_TOWN_VIEW (self->towns[p]),
                                          (int) json_object_get_int_member_with_default (hint, "x", 0),
                                          (int) json_object_get_int_member_with_default (hint, "y", 0),
                                          (int) json_object_get_int_member_with_default (hint, "rot", 0));
        }

      /* Whole sentences: the seat looking at the board reads "Your town",
       * never a possessive built on a name ("You’s town"). */
      if ((int) p == pt_board_get_viewer (PT_BOARD (self)))
        /* Translators: the title of the town of the player looking at the board */
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Your town · %d point", "Your town · %d points",
                                              (gulong) ABS (total)),
                                 total);
      else
        /* Translators: "Ana’s town · 23 points" */
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s’s town · %d point", "%s’s town · %d points",
                                              (gulong) ABS (total)),
                                 pt_game_get_player_name (pt_board_get_game (PT_BOARD (self)), p), total);
      gtk_label_set_text (GTK_LABEL (self->town_titles[p]), title);
      {
        g_autofree char *name = (int) p == pt_board_get_viewer (PT_BOARD (self))
            ? g_strdup (_("Your town"))
            : g_strdup_printf (_("%s’s town"), pt_game_get_player_name (pt_board_get_game (PT_BOARD (self)), p));
        gtk_accessible_update_property (GTK_ACCESSIBLE (self->towns[p]),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      }

      if (players != NULL && p < json_array_get_length (players))
        {
          JsonArray *items = json_object_get_array_member (json_array_get_object_element (players, p), "lines");

          for (guint i = 0; items != NULL && i < json_array_get_length (items); i++)
            {
              JsonObject *line = json_array_get_object_element (items, i);
              const char *kind = json_object_get_string_member (line, "kind");
              const char *name = json_object_get_string_member (line, "name");

              g_string_append_printf (lines, "%s%s%s: %d", lines->len > 0 ? "\n" : "",
                                      g_strcmp0 (kind, "bonus") == 0 ? "★ " : "",
                                      _(name), (int) json_object_get_int_member (line, "points"));
            }
        }
      gtk_label_set_text (GTK_LABEL (self->breakdowns[p]), lines->str);
    }
}

static void
set_preview (PtWagonsBoard *self,
             const char *text)
{
  g_free (self->preview);
  self->preview = g_strdup (text ? text : "");
  gtk_label_set_text (GTK_LABEL (self->preview_label), self->preview);
  if (self->placer >= 0)
    pt_wagons_town_view_set_preview (PT_WAGONS_TOWN_VIEW (self->towns[self->placer]), self->preview);
}

/* The score a placement would give, from the rules on a scratch game. */
static void
update_preview (PtWagonsBoard *self)
{
  PtWagonsTownView *town;
  int x, y, rot;
  g_autoptr(JsonNode) record = NULL;
  g_autoptr(PtGame) scratch = NULL;
  g_autoptr(JsonObject) move = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  const char *card;

  if (self->placer < 0)
    {
      set_preview (self, "");
      return;
    }
  town = PT_WAGONS_TOWN_VIEW (self->towns[self->placer]);
  if (!pt_wagons_town_view_cursor_is_legal (town))
    {
      set_preview (self, _("Not here: a card must cover part of your town or touch it along an edge"));
      return;
    }

  pt_wagons_town_view_get_cursor (town, &x, &y, &rot);
  card = json_object_get_string_member (json_array_get_object_element (json_node_get_array (self->legal), 0), "place");
  record = pt_game_to_record (pt_board_get_game (PT_BOARD (self)));
  scratch = pt_rules_load_record (record, NULL, NULL, NULL);
  move = json_object_new ();
  json_object_set_string_member (move, "place", card);
  json_object_set_int_member (move, "x", x);
  json_object_set_int_member (move, "y", y);
  json_object_set_int_member (move, "rot", rot);
  node = json_node_init_object (json_node_alloc (), move);
  if (scratch != NULL && pt_game_request_move (scratch, self->placer, node, NULL))
    {
      int before = pt_game_get_score (pt_board_get_game (PT_BOARD (self)), self->placer);
      int after = pt_game_get_score (scratch, self->placer);

      text = g_strdup_printf (_("Here: your score would be %d (%+d)"), after, after - before);
    }
  set_preview (self, text);
}

static void
on_cursor_moved (PtWagonsTownView *town,
                 PtWagonsBoard *self)
{
  update_preview (self);
}

static void
place (PtWagonsBoard *self,
       int x,
       int y,
       int rot)
{
  JsonObject *move;

  if (!can_act (self) || self->placer < 0)
    return;
  move = json_object_new ();
  json_object_set_string_member (move, "place",
                                 json_object_get_string_member (json_array_get_object_element (json_node_get_array (self->legal), 0), "place"));
  json_object_set_int_member (move, "x", x);
  json_object_set_int_member (move, "y", y);
  json_object_set_int_member (move, "rot", rot);
  request (self, move);
}

static void
on_town_place (PtWagonsTownView *town,
               int x,
               int y,
               int rot,
               PtWagonsBoard *self)
{
  place (self, x, y, rot);
}

/* Refresh --------------------------------------------------------------------- */

static void
update_prompt (PtWagonsBoard *self)
{
  const char *phase = pt_game_get_phase (pt_board_get_game (PT_BOARD (self)));
  const char *text = "";

  if (!can_act (self))
    text = "";
  else if (g_strcmp0 (phase, "start") == 0)
    text = _("Choose the card where the circle starts");
  else if (g_strcmp0 (phase, "take") == 0)
    text = _("Take a card from the queue: the cards before it go to your opponent");
  else if (g_strcmp0 (phase, "place") == 0)
    text = _("Place the card in your town: arrows or the pointer to move it, R or right click to turn it, Enter or click to place it");
  pt_board_set_prompt (PT_BOARD (self), text);
  gtk_label_set_text (GTK_LABEL (self->prompt_label), text);
}

static void
refresh (PtWagonsBoard *self)
{
  JsonObject *view;
  int current = pt_game_get_current_player (pt_board_get_game (PT_BOARD (self)));

  g_clear_pointer (&self->view, json_node_unref);
  g_clear_pointer (&self->legal, json_node_unref);
  g_clear_pointer (&self->breakdown, json_node_unref);
  self->view = pt_game_get_view (pt_board_get_game (PT_BOARD (self)), pt_board_get_viewer (PT_BOARD (self)));
  self->breakdown = pt_game_get_breakdown (pt_board_get_game (PT_BOARD (self)));
  if (current >= 0 && pt_board_get_interactive (PT_BOARD (self)))
    self->legal = pt_game_list_legal_moves (pt_board_get_game (PT_BOARD (self)), current);
  view = json_node_get_object (self->view);

  update_bonus (self, view);
  update_queue (self, view);
  update_pending (self, view);
  update_towns (self, view);
  update_prompt (self);
  update_preview (self);
}

static void
on_game_changed (PtWagonsBoard *self)
{
  refresh (self);
}

/* Motion and the last placements ----------------------------------------------- */

#define MOTION_MS 380

/* Each town outlines the last card placed in it (from the history, so it
 * shows after a resume), hidden while that card is still landing. */
static void
update_marks (PtWagonsBoard *self)
{
  guint n = pt_game_get_n_moves (pt_board_get_game (PT_BOARD (self)));

  for (guint p = 0; p < 2; p++)
    {
      gboolean found = FALSE;

      for (guint i = n; i > 0 && !found; i--)
        {
          const PtGameMove *move = pt_game_get_move (pt_board_get_game (PT_BOARD (self)), i - 1);
          JsonObject *object = JSON_NODE_HOLDS_OBJECT (move->move) ? json_node_get_object (move->move) : NULL;

          if (move->player != p || object == NULL || !json_object_has_member (object, "place"))
            continue;
          found = TRUE;
          pt_wagons_town_view_set_mark (PT_WAGONS_TOWN_VIEW (self->towns[p]), TRUE,
                                        (int) json_object_get_int_member_with_default (object, "x", 0),
                                        (int) json_object_get_int_member_with_default (object, "y", 0),
                                        self->flying && self->flight_town == (int) p);
        }
      if (!found)
        pt_wagons_town_view_set_mark (PT_WAGONS_TOWN_VIEW (self->towns[p]), FALSE, 0, 0, FALSE);
    }
}

static void
motion_frame (double value,
              gpointer user_data)
{
  PtWagonsBoard *self = user_data;

  self->motion_t = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_done (AdwAnimation *animation,
             PtWagonsBoard *self)
{
  self->flying = FALSE;
  g_clear_pointer (&self->flight_card, g_free);
  update_marks (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  pt_board_set_animating (PT_BOARD (self), self->flying);
}

static void
skip_motion (PtWagonsBoard *self)
{
  if (self->motion != NULL && self->flying)
    adw_animation_skip (self->motion);
}

static GtkWidget *
queue_button_of (PtWagonsBoard *self,
                 const char *card)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->queue_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "card"), card) == 0)
      return child;
  return NULL;
}

static void
pt_wagons_board_hint_changed (PtBoard *board)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (board);

  if (self->view != NULL)
    refresh (self);
}

static void
on_move_applied (PtGame *game,
                 guint player,
                 JsonNode *move,
                 PtWagonsBoard *self)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (move) ? json_node_get_object (move) : NULL;
  GtkWidget *from = NULL;

  skip_motion (self);
  pt_board_clear_hint (PT_BOARD (self));
  g_clear_pointer (&self->flight_card, g_free);
  /* Where the card starts is on screen until the board shows the move. */
  if (object != NULL && json_object_has_member (object, "take"))
    {
      from = queue_button_of (self, json_object_get_string_member (object, "take"));
      self->flight_card = g_strdup (json_object_get_string_member (object, "take"));
      self->flight_town = -1;
      self->flight_rot180 = FALSE;
    }
  else if (object != NULL && json_object_has_member (object, "place") && player < 2)
    {
      from = self->pending_label;
      self->flight_card = g_strdup (json_object_get_string_member (object, "place"));
      self->flight_town = (int) player;
      self->flight_x = (int) json_object_get_int_member_with_default (object, "x", 0);
      self->flight_y = (int) json_object_get_int_member_with_default (object, "y", 0);
      self->flight_rot180 = json_object_get_int_member_with_default (object, "rot", 0) == 180;
    }
  self->flying = from != NULL && self->flight_card != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) && gtk_widget_get_mapped (from) && gtk_widget_compute_bounds (from, GTK_WIDGET (self), &self->flight_from);
  refresh (self);
  update_marks (self);
  if (!self->flying)
    return;
  if (self->motion == NULL)
    {
      AdwAnimationTarget *target = adw_callback_animation_target_new (motion_frame, self, NULL);

      self->motion = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, MOTION_MS, target);
      adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->motion), ADW_EASE_OUT_CUBIC);
      g_signal_connect (self->motion, "done", G_CALLBACK (motion_done), self);
    }
  self->motion_t = 0;
  pt_board_set_animating (PT_BOARD (self), self->flying);
  adw_animation_reset (self->motion);
  adw_animation_play (self->motion);
}

static void
pt_wagons_board_snapshot (GtkWidget *widget,
                          GtkSnapshot *snapshot)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (widget);
  graphene_rect_t to, from_card;
  double t = self->motion_t, size, x, y;
  cairo_t *cr;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
  if (!self->flying || self->flight_card == NULL)
    return;

  if (self->flight_town >= 0)
    {
      graphene_rect_t in_town;

      if (!pt_wagons_town_view_get_card_rect (PT_WAGONS_TOWN_VIEW (self->towns[self->flight_town]),
                                              self->flight_x, self->flight_y, &in_town) ||
          !gtk_widget_compute_bounds (self->towns[self->flight_town], widget, &to))
        return;
      graphene_rect_offset_r (&in_town, to.origin.x, to.origin.y, &to);
    }
  else if (!gtk_widget_compute_bounds (self->pending_label, widget, &to))
    return;
  else
    graphene_rect_init (&to, to.origin.x, to.origin.y, 2 * CIRCLE_CELL, 2 * CIRCLE_CELL);

  graphene_rect_init (&from_card, self->flight_from.origin.x + (self->flight_from.size.width - 2 * CIRCLE_CELL) / 2,
                      self->flight_from.origin.y, 2 * CIRCLE_CELL, 2 * CIRCLE_CELL);
  size = from_card.size.width + (to.size.width - from_card.size.width) * t;
  x = from_card.origin.x + (to.origin.x - from_card.origin.x) * t;
  y = from_card.origin.y + (to.origin.y - from_card.origin.y) * t;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25 * (1 - t));
  cairo_rectangle (cr, x + 3, y + 4, size, size);
  cairo_fill (cr);
  pt_wagons_draw_card (cr, self->flight_card, self->flight_rot180, x, y, size / 2);
  cairo_destroy (cr);
}

/* Actions ----------------------------------------------------------------------- */

static void
action_start_take (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (widget);
  const char *member = g_str_equal (action_name, "board.start") ? "start" : "take";
  const char *card = g_variant_get_string (parameter, NULL);

  request_card (self, member, card);
}

static void
action_place (GtkWidget *widget,
              const char *action_name,
              GVariant *parameter)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (widget);
  int x, y, rot;

  g_variant_get (parameter, "(iii)", &x, &y, &rot);
  if (self->placer < 0)
    return;
  /* As a player would: move the ghost there, then place it. */
  pt_wagons_town_view_set_cursor (PT_WAGONS_TOWN_VIEW (self->towns[self->placer]), x, y, rot);
  if (pt_wagons_town_view_cursor_is_legal (PT_WAGONS_TOWN_VIEW (self->towns[self->placer])))
    place (self, x, y, rot);
}

/* T: to the town where the card is to be placed. */
static void
action_focus_town (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (widget);

  if (self->placer < 0 || !gtk_widget_grab_focus (self->towns[self->placer]))
    gtk_widget_error_bell (widget);
}

/* C: to the first card of the circle that can be taken now. */
static void
action_focus_circle (GtkWidget *widget,
                     const char *action_name,
                     GVariant *parameter)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (self->queue_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_focusable (child) && gtk_widget_grab_focus (child))
      return;
  gtk_widget_error_bell (widget);
}

static void
action_rotate (GtkWidget *widget,
               const char *action_name,
               GVariant *parameter)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (widget);
  int x, y, rot;

  if (self->placer < 0)
    return;
  pt_wagons_town_view_get_cursor (PT_WAGONS_TOWN_VIEW (self->towns[self->placer]), &x, &y, &rot);
  pt_wagons_town_view_set_cursor (PT_WAGONS_TOWN_VIEW (self->towns[self->placer]), x, y, rot == 180 ? 0 : 180);
}

/* Construction ------------------------------------------------------------------- */

GtkWidget *
pt_wagons_board_new (PtGame *game)
{
  return g_object_new (PT_TYPE_WAGONS_BOARD, "game", game, NULL);
}

const char *
pt_wagons_board_get_preview (PtWagonsBoard *self)
{
  g_return_val_if_fail (PT_IS_WAGONS_BOARD (self), NULL);
  return self->preview ? self->preview : "";
}

static void
pt_wagons_board_constructed (GObject *object)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (object);

  G_OBJECT_CLASS (pt_wagons_board_parent_class)->constructed (object);

  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-applied", G_CALLBACK (on_move_applied), self, 0);
  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-undone", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (pt_board_get_game (PT_BOARD (self)), "move-undone", G_CALLBACK (update_marks), self, G_CONNECT_SWAPPED);
  refresh (self);
  update_marks (self);
}

static void
pt_wagons_board_dispose (GObject *object)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (object);

  pt_board_clear_animation (PT_BOARD (self), &self->motion);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_WAGONS_BOARD);
  g_clear_pointer (&self->flight_card, g_free);
  g_clear_pointer (&self->view, json_node_unref);
  g_clear_pointer (&self->legal, json_node_unref);
  g_clear_pointer (&self->breakdown, json_node_unref);

  G_OBJECT_CLASS (pt_wagons_board_parent_class)->dispose (object);
}

static void
pt_wagons_board_finalize (GObject *object)
{
  PtWagonsBoard *self = PT_WAGONS_BOARD (object);

  g_free (self->preview);

  G_OBJECT_CLASS (pt_wagons_board_parent_class)->finalize (object);
}

/* PtBoard ------------------------------------------------------------ */

static void
pt_wagons_board_refresh (PtBoard *board)
{
  refresh (PT_WAGONS_BOARD (board));
}

static void
pt_wagons_board_skip_motion (PtBoard *board)
{
  skip_motion (PT_WAGONS_BOARD (board));
}

static void
pt_wagons_board_class_init (PtWagonsBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PtBoardClass *board_class = PT_BOARD_CLASS (klass);

  object_class->constructed = pt_wagons_board_constructed;
  object_class->dispose = pt_wagons_board_dispose;
  object_class->finalize = pt_wagons_board_finalize;

  board_class->refresh = pt_wagons_board_refresh;
  board_class->hint_changed = pt_wagons_board_hint_changed;
  board_class->skip_motion = pt_wagons_board_skip_motion;

  widget_class->snapshot = pt_wagons_board_snapshot;

  gtk_widget_class_install_action (widget_class, "board.start", "s", action_start_take);
  gtk_widget_class_install_action (widget_class, "board.take", "s", action_start_take);
  gtk_widget_class_install_action (widget_class, "board.place", "(iii)", action_place);
  gtk_widget_class_install_action (widget_class, "board.rotate", NULL, action_rotate);
  gtk_widget_class_install_action (widget_class, "board.focus-town", NULL, action_focus_town);
  gtk_widget_class_install_action (widget_class, "board.focus-circle", NULL, action_focus_circle);

  gtk_widget_class_set_css_name (widget_class, "wagons-board");

  g_type_ensure (PT_TYPE_WAGONS_TOWN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/circle-the-wagons/pt-wagons-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PtWagonsBoard, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, PtWagonsBoard, bonus_box);
  gtk_widget_class_bind_template_child (widget_class, PtWagonsBoard, queue_title);
  gtk_widget_class_bind_template_child (widget_class, PtWagonsBoard, queue_box);
  gtk_widget_class_bind_template_child (widget_class, PtWagonsBoard, pending_label);
  gtk_widget_class_bind_template_child (widget_class, PtWagonsBoard, preview_label);
  gtk_widget_class_bind_template_child_full (widget_class, "town_title_0", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsBoard, town_titles[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "town_title_1", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsBoard, town_titles[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "town_0", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsBoard, towns[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "town_1", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsBoard, towns[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "breakdown_0", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsBoard, breakdowns[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "breakdown_1", FALSE,
                                             G_STRUCT_OFFSET (PtWagonsBoard, breakdowns[1]));
  gtk_widget_class_bind_template_callback (widget_class, on_town_place);
  gtk_widget_class_bind_template_callback (widget_class, on_cursor_moved);
}

/* Listed in the shortcuts window (PtGameUi.shortcuts in the game's pt-*-ui.c). */
static const PtBoardKey keys[] = {
  { "r", "board.rotate", NULL },
  { "<Shift>r", "board.rotate", NULL },
  { "t", "board.focus-town", NULL },
  { "<Shift>t", "board.focus-town", NULL },
  { "c", "board.focus-circle", NULL },
  { "<Shift>c", "board.focus-circle", NULL },
};

static void
pt_wagons_board_init (PtWagonsBoard *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 8);
  self->placer = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  pt_board_keys_install (GTK_WIDGET (self), keys, G_N_ELEMENTS (keys));
}
