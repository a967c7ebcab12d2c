/* pt-learn-view.c — "Learn to play": the coach above a game view
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lesson (src/session/pt-lesson.c) plays a fixed deal through an
 * ordinary PtSession and says, at each of your turns, which rule matters
 * now and which move it suggests. This view shows that above the usual
 * game view and outlines the suggestion on the board with the board's own
 * hint highlight; the board keeps marking every legal target, and every
 * move still goes from the board to the rules. Nothing here knows a rule.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-board.h"
#include "pt-game-view.h"
#include "pt-hint-text.h"
#include "pt-learn-view.h"

struct _PtLearnView
{
  AdwBin parent_instance;

  PtLesson *lesson;
  GtkWidget *game_view;
  GtkWidget *coach;
  GtkWidget *step_label;
  GtkWidget *text_label;
  GtkWidget *suggestion_label;
  GtkWidget *reason_label;
};

G_DEFINE_FINAL_TYPE (PtLearnView, pt_learn_view, ADW_TYPE_BIN)

enum
{
  LEAVE,
  PLAY_AGAIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_changed (PtLesson *lesson,
            PtLearnView *self)
{
  PtGame *game = pt_session_get_game (pt_lesson_get_session (lesson));
  JsonNode *suggestion = pt_lesson_get_suggestion (lesson);
  const char *reason = pt_lesson_get_reason (lesson);
  GtkWidget *board = pt_game_view_get_board (PT_GAME_VIEW (self->game_view));
  guint step = pt_lesson_get_step (lesson);
  g_autofree char *heading = NULL;
  g_autofree char *advice = NULL;

  if (g_strcmp0 (pt_lesson_get_topic (lesson), "end") == 0)
    heading = g_strdup (_("Lesson complete"));
  else if (step == 0)
    heading = g_strdup (_("Lesson"));
  else
    /* Translators: the heading of the coach's panel, "Lesson · turn 3" */
    heading = g_strdup_printf (_("Lesson · turn %u"), step);
  gtk_label_set_text (GTK_LABEL (self->step_label), heading);
  gtk_label_set_text (GTK_LABEL (self->text_label), pt_lesson_get_text (lesson));

  if (suggestion != NULL && game != NULL)
    {
      g_autofree char *words = pt_hint_text (game, suggestion);

      /* Translators: the coach's suggestion, "Try this: play the red 7, then draw from the deck." */
      advice = g_strdup_printf (_("Try this: %s."), words);
    }
  gtk_label_set_text (GTK_LABEL (self->suggestion_label), advice ? advice : "");
  gtk_widget_set_visible (self->suggestion_label, advice != NULL);
  if (advice != NULL && reason != NULL)
    {
      g_autofree char *why = g_strdup_printf (_("Why: %s"), reason);

      gtk_label_set_text (GTK_LABEL (self->reason_label), why);
    }
  gtk_widget_set_visible (self->reason_label, advice != NULL && reason != NULL);

  /* The suggestion outlined on the board, with the legal targets the
   * board marks anyway. */
  if (PT_IS_BOARD (board))
    pt_board_set_hint (PT_BOARD (board), suggestion);

  /* Read out like the move sentences: the coach speaks when it changes. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->coach),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, pt_lesson_get_text (lesson),
                                  -1);
}

static void
on_leave (GtkWidget *view,
          PtLearnView *self)
{
  g_signal_emit (self, signals[LEAVE], 0);
}

static void
on_play_again (GtkWidget *view,
               PtLearnView *self)
{
  g_signal_emit (self, signals[PLAY_AGAIN], 0);
}

static GtkWidget *
build_coach (PtLearnView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *clamp = adw_clamp_new ();

  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "lesson-coach");
  gtk_widget_set_name (box, "lesson-coach");

  self->step_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->step_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (self->step_label), 0);
  gtk_box_append (GTK_BOX (box), self->step_label);

  self->text_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->text_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->text_label), 0);
  gtk_widget_set_name (self->text_label, "lesson-text");
  gtk_box_append (GTK_BOX (box), self->text_label);

  self->suggestion_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->suggestion_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->suggestion_label), 0);
  gtk_widget_add_css_class (self->suggestion_label, "accent");
  gtk_widget_set_name (self->suggestion_label, "lesson-suggestion");
  gtk_box_append (GTK_BOX (box), self->suggestion_label);

  self->reason_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->reason_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->reason_label), 0);
  gtk_widget_add_css_class (self->reason_label, "dim-label");
  gtk_box_append (GTK_BOX (box), self->reason_label);

  gtk_widget_set_margin_start (box, 0);
  gtk_widget_set_margin_end (box, 0);
  g_object_set (box, "margin-top", 6, "margin-bottom", 6, NULL);
  gtk_widget_set_margin_start (self->step_label, 12);
  gtk_widget_set_margin_top (self->step_label, 8);
  for (GtkWidget *l = self->text_label; l != NULL; l = gtk_widget_get_next_sibling (l))
    {
      gtk_widget_set_margin_start (l, 12);
      gtk_widget_set_margin_end (l, 12);
    }
  gtk_widget_set_margin_bottom (self->reason_label, 8);
  gtk_widget_set_margin_bottom (self->suggestion_label, 4);

  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Lesson"), -1);

  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 900);
  gtk_widget_set_margin_start (clamp, 12);
  gtk_widget_set_margin_end (clamp, 12);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  self->coach = box;
  return clamp;
}

GtkWidget *
pt_learn_view_new (PtLesson *lesson)
{
  PtLearnView *self;
  GtkWidget *box;

  g_return_val_if_fail (PT_IS_LESSON (lesson), NULL);

  self = g_object_new (PT_TYPE_LEARN_VIEW, NULL);
  self->lesson = g_object_ref (lesson);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), build_coach (self));
  self->game_view = pt_game_view_new (pt_lesson_get_session (lesson));
  gtk_widget_set_vexpand (self->game_view, TRUE);
  gtk_box_append (GTK_BOX (box), self->game_view);
  adw_bin_set_child (ADW_BIN (self), box);

  g_signal_connect_object (self->game_view, "leave", G_CALLBACK (on_leave), self, 0);
  g_signal_connect_object (self->game_view, "play-again", G_CALLBACK (on_play_again), self, 0);
  g_signal_connect_object (lesson, "changed", G_CALLBACK (on_changed), self, 0);
  on_changed (lesson, self);
  return GTK_WIDGET (self);
}

PtLesson *
pt_learn_view_get_lesson (PtLearnView *self)
{
  g_return_val_if_fail (PT_IS_LEARN_VIEW (self), NULL);
  return self->lesson;
}

GtkWidget *
pt_learn_view_get_game_view (PtLearnView *self)
{
  g_return_val_if_fail (PT_IS_LEARN_VIEW (self), NULL);
  return self->game_view;
}

const char *
pt_learn_view_get_text (PtLearnView *self)
{
  g_return_val_if_fail (PT_IS_LEARN_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->text_label));
}

const char *
pt_learn_view_get_suggestion (PtLearnView *self)
{
  g_return_val_if_fail (PT_IS_LEARN_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->suggestion_label));
}

static void
pt_learn_view_dispose (GObject *object)
{
  PtLearnView *self = PT_LEARN_VIEW (object);

  if (self->lesson != NULL)
    g_signal_handlers_disconnect_by_data (self->lesson, self);
  g_clear_object (&self->lesson);

  G_OBJECT_CLASS (pt_learn_view_parent_class)->dispose (object);
}

static void
pt_learn_view_class_init (PtLearnViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_learn_view_dispose;

  signals[LEAVE] = g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[PLAY_AGAIN] = g_signal_new ("play-again", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "learn-view");
}

static void
pt_learn_view_init (PtLearnView *self)
{
}
