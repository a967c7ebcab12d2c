/* pt-sheet-view.c — base class of the companion score sheets
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-rules.h"
#include "pt-sheet-view.h"

typedef struct
{
  GPtrArray  *names;         /* of char*, one per seat */
  GtkWidget  *error_widget;  /* weak: the widget marked as refused */
  JsonObject *result;
  char       *error_message;
  gboolean    valid;
  guint       frozen;
} PtSheetViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PtSheetView, pt_sheet_view, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_VALID,
  PROP_ERROR_MESSAGE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

const char *
pt_sheet_view_get_game_id (PtSheetView *self)
{
  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);
  return PT_SHEET_VIEW_GET_CLASS (self)->game_id;
}

guint
pt_sheet_view_get_min_players (PtSheetView *self)
{
  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), 0);
  return PT_SHEET_VIEW_GET_CLASS (self)->min_players;
}

guint
pt_sheet_view_get_max_players (PtSheetView *self)
{
  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), 0);
  return PT_SHEET_VIEW_GET_CLASS (self)->max_players;
}

void
pt_sheet_view_set_players (PtSheetView        *self,
                           const char * const *names)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);
  PtSheetViewClass *klass;

  g_return_if_fail (PT_IS_SHEET_VIEW (self));
  klass = PT_SHEET_VIEW_GET_CLASS (self);

  g_ptr_array_set_size (priv->names, 0);
  for (guint i = 0; names != NULL && names[i] != NULL && i < klass->max_players; i++)
    g_ptr_array_add (priv->names, g_strdup (names[i]));
  while (priv->names->len < klass->min_players)
    g_ptr_array_add (priv->names, g_strdup (""));

  if (klass->players_changed != NULL)
    klass->players_changed (self);
  pt_sheet_view_changed (self, NULL);
}

guint
pt_sheet_view_get_n_players (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), 0);
  return priv->names->len;
}

/**
 * pt_sheet_view_get_player_name:
 *
 * Returns: the name typed for @seat, or "Player N" while it is empty, so
 *   the rules layer's messages can name the player either way.
 */
const char *
pt_sheet_view_get_player_name (PtSheetView *self,
                               guint        seat)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);
  const char *name;

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);
  if (seat >= priv->names->len)
    return "";
  name = g_ptr_array_index (priv->names, seat);
  if (name == NULL || name[0] == '\0')
    {
      g_autofree char *fallback = g_strdup_printf (_("Player %u"), seat + 1);

      /* Interned: a handful of strings, and callers need not free them. */
      return g_intern_string (fallback);
    }
  return name;
}

JsonObject *
pt_sheet_view_build_sheet (PtSheetView *self)
{
  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);
  return PT_SHEET_VIEW_GET_CLASS (self)->build_sheet (self);
}

gboolean
pt_sheet_view_load_sheet (PtSheetView  *self,
                          JsonObject   *sheet,
                          GError      **error)
{
  gboolean ok;

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), FALSE);

  pt_sheet_view_freeze (self);
  ok = PT_SHEET_VIEW_GET_CLASS (self)->load_sheet (self, sheet, error);
  pt_sheet_view_thaw (self);
  pt_sheet_view_changed (self, NULL);
  return ok;
}

char *
pt_sheet_view_get_rule_reading (PtSheetView *self)
{
  PtSheetViewClass *klass;

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);
  klass = PT_SHEET_VIEW_GET_CLASS (self);
  return klass->get_rule_reading != NULL ? klass->get_rule_reading (self) : g_strdup ("");
}

gboolean
pt_sheet_view_get_valid (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), FALSE);
  return priv->valid;
}

const char *
pt_sheet_view_get_error_message (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);
  return priv->error_message;
}

JsonObject *
pt_sheet_view_get_result (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);
  return priv->result;
}

static void
clear_error_widget (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  if (priv->error_widget != NULL)
    {
      gtk_widget_remove_css_class (priv->error_widget, "error");
      gtk_widget_set_tooltip_text (priv->error_widget, NULL);
      g_clear_weak_pointer (&priv->error_widget);
    }
}

/* The refusal is shown on the widget that was just typed in: that is where
 * the impossible value came from. A change elsewhere that leaves the sheet
 * refused keeps the mark where it was. */
static void
mark_error_widget (PtSheetView *self,
                   GtkWidget   *source,
                   const char  *message)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  if (source == NULL)
    source = priv->error_widget;
  if (source == NULL)
    return;
  if (source != priv->error_widget)
    {
      clear_error_widget (self);
      g_set_weak_pointer (&priv->error_widget, source);
    }
  gtk_widget_add_css_class (source, "error");
  gtk_widget_set_tooltip_text (source, message);
}

static void
evaluate (PtSheetView *self,
          GtkWidget   *source)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);
  g_autoptr(JsonObject) sheet = pt_sheet_view_build_sheet (self);
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), sheet);
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean was_valid = priv->valid;

  result = pt_rules_score_sheet (node, &error);
  g_clear_pointer (&priv->result, json_object_unref);
  g_clear_pointer (&priv->error_message, g_free);
  if (result != NULL && JSON_NODE_HOLDS_OBJECT (result))
    {
      priv->result = json_object_ref (json_node_get_object (result));
      priv->valid = TRUE;
      clear_error_widget (self);
    }
  else
    {
      priv->valid = FALSE;
      priv->error_message = g_strdup (error != NULL ? error->message
                                                    : _("The sheet cannot be scored"));
      mark_error_widget (self, source, priv->error_message);
    }
  PT_SHEET_VIEW_GET_CLASS (self)->show_result (self, priv->result);

  if (was_valid != priv->valid)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_MESSAGE]);
}

void
pt_sheet_view_evaluate (PtSheetView *self)
{
  g_return_if_fail (PT_IS_SHEET_VIEW (self));
  evaluate (self, NULL);
}

void
pt_sheet_view_changed (PtSheetView *self,
                       GtkWidget   *source)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  g_return_if_fail (PT_IS_SHEET_VIEW (self));
  if (priv->frozen > 0)
    return;
  evaluate (self, source);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
pt_sheet_view_freeze (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  priv->frozen++;
}

void
pt_sheet_view_thaw (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  g_return_if_fail (priv->frozen > 0);
  priv->frozen--;
}

static void
pt_sheet_view_dispose (GObject *object)
{
  clear_error_widget (PT_SHEET_VIEW (object));
  G_OBJECT_CLASS (pt_sheet_view_parent_class)->dispose (object);
}

static void
pt_sheet_view_finalize (GObject *object)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (PT_SHEET_VIEW (object));

  g_clear_pointer (&priv->names, g_ptr_array_unref);
  g_clear_pointer (&priv->result, json_object_unref);
  g_clear_pointer (&priv->error_message, g_free);
  G_OBJECT_CLASS (pt_sheet_view_parent_class)->finalize (object);
}

static void
pt_sheet_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PtSheetView *self = PT_SHEET_VIEW (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, pt_sheet_view_get_valid (self));
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, pt_sheet_view_get_error_message (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_sheet_view_class_init (PtSheetViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_sheet_view_dispose;
  object_class->finalize = pt_sheet_view_finalize;
  object_class->get_property = pt_sheet_view_get_property;

  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PtSheetView::changed:
   * Something was typed (after the sheet was scored again).
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pt_sheet_view_init (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  priv->names = g_ptr_array_new_with_free_func (g_free);
}
