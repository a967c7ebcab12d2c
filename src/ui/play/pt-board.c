/* pt-board.c — what every game's board has in common
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-board.h"

typedef struct
{
  PtSession *session;
  PtGame *game;
  int viewer;
  gboolean interactive;
  gboolean animating;
  gboolean constructed;
  JsonNode *hint;
  char *prompt;
} PtBoardPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PtBoard, pt_board, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_GAME,
  PROP_VIEWER,
  PROP_INTERACTIVE,
  PROP_ANIMATING,
  PROP_HINT,
  PROP_PROMPT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  MOVE_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * pt_board_get_session:
 *
 * Returns: (transfer none) (nullable): the match the board shows a round
 *   of, or %NULL for a round on its own (a replay, a result).
 */
PtSession *
pt_board_get_session (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), NULL);

  return priv->session;
}

/**
 * pt_board_get_game:
 *
 * Returns: (transfer none): the round shown
 */
PtGame *
pt_board_get_game (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), NULL);

  return priv->game;
}

int
pt_board_get_viewer (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), 0);

  return priv->viewer;
}

void
pt_board_set_viewer (PtBoard *self,
                     int viewer)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_if_fail (PT_IS_BOARD (self));

  if (priv->viewer == viewer)
    return;
  priv->viewer = viewer;
  if (priv->constructed)
    {
      if (PT_BOARD_GET_CLASS (self)->viewer_changed != NULL)
        PT_BOARD_GET_CLASS (self)->viewer_changed (self);
      PT_BOARD_GET_CLASS (self)->refresh (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
}

gboolean
pt_board_get_interactive (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), FALSE);

  return priv->interactive;
}

void
pt_board_set_interactive (PtBoard *self,
                          gboolean interactive)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_if_fail (PT_IS_BOARD (self));

  interactive = !!interactive;
  if (priv->interactive == interactive)
    return;
  priv->interactive = interactive;
  if (priv->constructed)
    PT_BOARD_GET_CLASS (self)->refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
pt_board_get_animating (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), FALSE);

  return priv->animating;
}

void
pt_board_set_animating (PtBoard *self,
                        gboolean animating)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_if_fail (PT_IS_BOARD (self));

  animating = !!animating;
  if (priv->animating == animating)
    return;
  priv->animating = animating;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

JsonNode *
pt_board_get_hint (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), NULL);

  return priv->hint;
}

void
pt_board_set_hint (PtBoard *self,
                   JsonNode *move)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_if_fail (PT_IS_BOARD (self));

  if (priv->hint == move)
    return;
  g_clear_pointer (&priv->hint, json_node_unref);
  priv->hint = move != NULL ? json_node_copy (move) : NULL;
  if (priv->constructed && PT_BOARD_GET_CLASS (self)->hint_changed != NULL)
    PT_BOARD_GET_CLASS (self)->hint_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT]);
}

JsonObject *
pt_board_get_hint_object (PtBoard *self)
{
  JsonNode *hint = pt_board_get_hint (self);

  return hint != NULL && JSON_NODE_HOLDS_OBJECT (hint) ? json_node_get_object (hint) : NULL;
}

void
pt_board_clear_hint (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_if_fail (PT_IS_BOARD (self));

  if (priv->hint == NULL)
    return;
  g_clear_pointer (&priv->hint, json_node_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT]);
}

const char *
pt_board_get_prompt (PtBoard *self)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_val_if_fail (PT_IS_BOARD (self), NULL);

  return priv->prompt != NULL ? priv->prompt : "";
}

void
pt_board_set_prompt (PtBoard *self,
                     const char *prompt)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  g_return_if_fail (PT_IS_BOARD (self));

  if (g_strcmp0 (priv->prompt, prompt) == 0)
    return;
  g_free (priv->prompt);
  priv->prompt = g_strdup (prompt);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROMPT]);
}

gboolean
pt_board_request_move (PtBoard *self,
                       int player,
                       JsonNode *move)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PT_IS_BOARD (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (player >= 0 && pt_game_request_move (priv->game, player, move, &error))
    return TRUE;
  g_signal_emit (self, signals[MOVE_ERROR], 0, error != NULL ? error->message : _("The game is over"));
  return FALSE;
}

static void
on_pressed (PtBoard *self)
{
  PT_BOARD_GET_CLASS (self)->skip_motion (self);
}

static void
pt_board_constructed (GObject *object)
{
  PtBoard *self = PT_BOARD (object);
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  G_OBJECT_CLASS (pt_board_parent_class)->constructed (object);

  /* A session's board shows its round on the table unless told which. */
  if (priv->game == NULL && priv->session != NULL && pt_session_get_game (priv->session) != NULL)
    priv->game = g_object_ref (pt_session_get_game (priv->session));
  g_assert (priv->game != NULL);
  g_assert (PT_BOARD_GET_CLASS (self)->refresh != NULL);
  /* The subclass's constructed() runs on from here and shows the game:
   * changes after this point redraw. */
  priv->constructed = TRUE;

  /* Acting skips the motion: a click anywhere on the board lands it. */
  if (PT_BOARD_GET_CLASS (self)->skip_motion != NULL)
    {
      GtkGesture *click = gtk_gesture_click_new ();

      gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
      g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_pressed), self);
      gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
    }
}

void
pt_board_clear_animation (PtBoard *self,
                          gpointer animation)
{
  GObject **slot = animation;

  g_return_if_fail (PT_IS_BOARD (self));

  if (*slot != NULL)
    g_signal_handlers_disconnect_by_data (*slot, self);
  g_clear_object (slot);
}

static void
pt_board_dispose (GObject *object)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (PT_BOARD (object));
  GtkWidget *child;

  /* Whatever the game's board put in itself. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&priv->game);
  g_clear_object (&priv->session);
  g_clear_pointer (&priv->hint, json_node_unref);

  G_OBJECT_CLASS (pt_board_parent_class)->dispose (object);
}

static void
pt_board_finalize (GObject *object)
{
  PtBoardPrivate *priv = pt_board_get_instance_private (PT_BOARD (object));

  g_free (priv->prompt);

  G_OBJECT_CLASS (pt_board_parent_class)->finalize (object);
}

static void
pt_board_get_property (GObject *object,
                       guint prop_id,
                       GValue *value,
                       GParamSpec *pspec)
{
  PtBoard *self = PT_BOARD (object);
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, priv->session);
      break;
    case PROP_GAME:
      g_value_set_object (value, priv->game);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, priv->viewer);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, priv->interactive);
      break;
    case PROP_ANIMATING:
      g_value_set_boolean (value, priv->animating);
      break;
    case PROP_HINT:
      g_value_set_boxed (value, priv->hint);
      break;
    case PROP_PROMPT:
      g_value_set_string (value, pt_board_get_prompt (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_board_set_property (GObject *object,
                       guint prop_id,
                       const GValue *value,
                       GParamSpec *pspec)
{
  PtBoard *self = PT_BOARD (object);
  PtBoardPrivate *priv = pt_board_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_SESSION:
      priv->session = g_value_dup_object (value);
      break;
    case PROP_GAME:
      priv->game = g_value_dup_object (value);
      break;
    case PROP_VIEWER:
      pt_board_set_viewer (self, g_value_get_int (value));
      break;
    case PROP_INTERACTIVE:
      pt_board_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_HINT:
      pt_board_set_hint (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_board_class_init (PtBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_board_constructed;
  object_class->dispose = pt_board_dispose;
  object_class->finalize = pt_board_finalize;
  object_class->get_property = pt_board_get_property;
  object_class->set_property = pt_board_set_property;

  /* The match the board belongs to (seats, rounds, computer turns);
   * NULL for a round shown on its own (replays, the result screen). */
  properties[PROP_SESSION] =
      g_param_spec_object ("session", NULL, NULL, PT_TYPE_SESSION,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The round shown; by default the session's round on the table. */
  properties[PROP_GAME] =
      g_param_spec_object ("game", NULL, NULL, PT_TYPE_GAME,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The seat whose hand and sheet are shown; -1: nobody's. */
  properties[PROP_VIEWER] =
      g_param_spec_int ("viewer", NULL, NULL, -1, PT_GAME_MAX_PLAYERS - 1, 0,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the viewer may act on the board now. */
  properties[PROP_INTERACTIVE] =
      g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* TRUE while a move is travelling on the board. */
  properties[PROP_ANIMATING] =
      g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A suggested move (a record move), shown until the next move. */
  properties[PROP_HINT] =
      g_param_spec_boxed ("hint", NULL, NULL, JSON_TYPE_NODE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What the board asks the viewer to do. */
  properties[PROP_PROMPT] =
      g_param_spec_string ("prompt", NULL, NULL, "",
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A move chosen on the board was refused; the text is for the user. */
  signals[MOVE_ERROR] =
      g_signal_new ("move-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
pt_board_init (PtBoard *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  /* style.css styles what every board shares through this class. */
  gtk_widget_add_css_class (GTK_WIDGET (self), "pt-board");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"), -1);
}
