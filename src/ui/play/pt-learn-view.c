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

  /* Template widgets */
  GtkWidget *box;
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

GtkWidget *
pt_learn_view_new (PtLesson *lesson)
{
  PtLearnView *self;

  g_return_val_if_fail (PT_IS_LESSON (lesson), NULL);

  self = g_object_new (PT_TYPE_LEARN_VIEW, NULL);
  self->lesson = g_object_ref (lesson);

  self->game_view = pt_game_view_new (pt_lesson_get_session (lesson));
  gtk_widget_set_vexpand (self->game_view, TRUE);
  gtk_box_append (GTK_BOX (self->box), self->game_view);

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
  /* The bound child is AdwBin's: out of the bin first, or the template and
   * the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_LEARN_VIEW);

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
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/partida/Partida/pt-learn-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PtLearnView, box);
  gtk_widget_class_bind_template_child (widget_class, PtLearnView, coach);
  gtk_widget_class_bind_template_child (widget_class, PtLearnView, step_label);
  gtk_widget_class_bind_template_child (widget_class, PtLearnView, text_label);
  gtk_widget_class_bind_template_child (widget_class, PtLearnView, suggestion_label);
  gtk_widget_class_bind_template_child (widget_class, PtLearnView, reason_label);
}

static void
pt_learn_view_init (PtLearnView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
