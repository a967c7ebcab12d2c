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
  GPtrArray *names;        /* of char*, one per seat */
  GtkWidget *error_widget; /* weak: the widget marked as refused */
  JsonObject *result;
  char *error_message;
  gboolean valid;
  guint frozen;
  GPtrArray *numbers; /* of GtkSpinButton (weak): the number fields */
} PtSheetViewPrivate;

/* What a number field keeps next to its GtkSpinButton. */
typedef struct
{
  double held;  /* the spin button's value when the text stopped matching it */
  gboolean raw; /* the text is not the spin button's value: keep it as typed */
  gboolean bad; /* marked: the text is not a whole number */
} NumberField;

#define NUMBER_KEY "pt-sheet-number"
/* Far beyond any count on a sheet; the rules layer names the real limit. */
#define NUMBER_MAX 999999

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PtSheetView, pt_sheet_view, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_VALID,
  PROP_ERROR_MESSAGE,
  N_PROPS
};

enum
{
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
pt_sheet_view_set_players (PtSheetView *self,
                           const char *const *names)
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
                               guint seat)
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
pt_sheet_view_load_sheet (PtSheetView *self,
                          JsonObject *sheet,
                          GError **error)
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

/* The red outline and the reason in the tooltip; the field's own tooltip
 * comes back when the mark goes. */
static void
set_mark (GtkWidget *widget,
          const char *message)
{
  if (!gtk_widget_has_css_class (widget, "error"))
    g_object_set_data_full (G_OBJECT (widget), "pt-sheet-tooltip",
                            g_strdup (gtk_widget_get_tooltip_text (widget)), g_free);
  gtk_widget_add_css_class (widget, "error");
  gtk_widget_set_tooltip_text (widget, message);
}

static void
clear_mark (GtkWidget *widget)
{
  if (!gtk_widget_has_css_class (widget, "error"))
    return;
  gtk_widget_remove_css_class (widget, "error");
  gtk_widget_set_tooltip_text (widget, g_object_get_data (G_OBJECT (widget), "pt-sheet-tooltip"));
}

static gboolean
number_is_bad (GtkWidget *widget)
{
  NumberField *field = widget ? g_object_get_data (G_OBJECT (widget), NUMBER_KEY) : NULL;

  return field != NULL && field->bad;
}

static void
clear_error_widget (PtSheetView *self)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);

  if (priv->error_widget != NULL)
    {
      /* A number field that cannot be read keeps its own mark. */
      if (!number_is_bad (priv->error_widget))
        clear_mark (priv->error_widget);
      g_clear_weak_pointer (&priv->error_widget);
    }
}

/* The refusal is shown on the widget that was just typed in: that is where
 * the impossible value came from. A change elsewhere that leaves the sheet
 * refused keeps the mark where it was. */
static void
mark_error_widget (PtSheetView *self,
                   GtkWidget *source,
                   const char *message)
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
  set_mark (source, message);
}

/* Number fields ------------------------------------------------------------ */

typedef enum
{
  NUMBER_OK,
  NUMBER_NOT_A_NUMBER,
  NUMBER_TOO_LARGE,
} NumberParse;

/* A whole number as people type it: digits with an optional sign (also the
 * typographic minus), spaces around; empty reads as 0. */
static NumberParse
parse_number (const char *text,
              int *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text != NULL ? text : ""));
  const char *p = copy;
  gboolean negative = FALSE;
  gint64 v = 0;

  *value = 0;
  if (*p == '\0')
    return NUMBER_OK;
  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  else if (g_str_has_prefix (p, "\342\210\222")) /* U+2212 MINUS SIGN */
    {
      negative = TRUE;
      p += 3;
    }
  if (*p == '\0')
    return NUMBER_NOT_A_NUMBER;
  for (; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return NUMBER_NOT_A_NUMBER;
      if (v <= NUMBER_MAX)
        v = v * 10 + (*p - '0');
    }
  if (v > NUMBER_MAX)
    return NUMBER_TOO_LARGE;
  *value = (int) (negative ? -v : v);
  return NUMBER_OK;
}

static NumberParse
number_parse_field (GtkSpinButton *spin,
                    int *value)
{
  return parse_number (gtk_editable_get_text (GTK_EDITABLE (spin)), value);
}

gboolean
pt_sheet_number_get_value (GtkSpinButton *spin,
                           int *value)
{
  int v = 0;
  gboolean ok;

  g_return_val_if_fail (GTK_IS_SPIN_BUTTON (spin), FALSE);
  ok = number_parse_field (spin, &v) == NUMBER_OK;
  if (value != NULL)
    *value = ok ? v : 0;
  return ok;
}

/* The text changed (typed, or formatted by the spin button): does it still
 * show the spin button's value? */
static void
on_number_text_changed (GtkEditable *editable,
                        NumberField *field)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (editable);
  double current = gtk_spin_button_get_value (spin);
  int v;

  if (number_parse_field (spin, &v) == NUMBER_OK && (double) v == current)
    field->raw = FALSE;
  else if (!field->raw)
    {
      field->raw = TRUE;
      field->held = current;
    }
}

/* GtkSpinButton::input, on Enter, focus out or an arrow: a typed number
 * within the arrows' range becomes the value; anything else leaves the
 * value alone, and ::output keeps the text — never clamped or replaced. */
static int
on_number_input (GtkSpinButton *spin,
                 double *new_value,
                 NumberField *field)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);
  int v;

  if (number_parse_field (spin, &v) == NUMBER_OK &&
      v >= gtk_adjustment_get_lower (adjustment) && v <= gtk_adjustment_get_upper (adjustment))
    *new_value = v;
  else
    *new_value = gtk_adjustment_get_value (adjustment);
  return TRUE;
}

static gboolean
on_number_output (GtkSpinButton *spin,
                  NumberField *field)
{
  /* The arrows (or the program) changed the value: show it. */
  if (field->raw && gtk_spin_button_get_value (spin) == field->held)
    return TRUE;
  field->raw = FALSE;
  return FALSE;
}

static void
forget_number (gpointer data,
               GObject *where_the_object_was)
{
  GPtrArray *numbers = data;

  g_ptr_array_remove_fast (numbers, where_the_object_was);
}

GtkWidget *
pt_sheet_view_new_number (PtSheetView *self,
                          int lower,
                          int upper,
                          const char *label)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, 1);
  NumberField *field = g_new0 (NumberField, 1);

  g_return_val_if_fail (PT_IS_SHEET_VIEW (self), NULL);

  /* Not numeric: a numeric spin button drops the "x" of "x7" unseen. */
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_ALWAYS);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  if (label != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data_full (G_OBJECT (spin), NUMBER_KEY, field, g_free);
  g_signal_connect (spin, "changed", G_CALLBACK (on_number_text_changed), field);
  g_signal_connect (spin, "input", G_CALLBACK (on_number_input), field);
  g_signal_connect (spin, "output", G_CALLBACK (on_number_output), field);
  g_ptr_array_add (priv->numbers, spin);
  g_object_weak_ref (G_OBJECT (spin), forget_number, priv->numbers);
  return spin;
}

void
pt_sheet_number_set_value (GtkSpinButton *spin,
                           int value)
{
  NumberField *field = g_object_get_data (G_OBJECT (spin), NUMBER_KEY);
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);

  g_return_if_fail (field != NULL);
  if (value >= gtk_adjustment_get_lower (adjustment) && value <= gtk_adjustment_get_upper (adjustment))
    {
      field->raw = FALSE;
      gtk_spin_button_set_value (spin, value);
    }
  else
    {
      g_autofree char *text = g_strdup_printf ("%d", value);

      gtk_editable_set_text (GTK_EDITABLE (spin), text);
    }
}

void
pt_sheet_number_set_text (GtkSpinButton *spin,
                          const char *text)
{
  int v;

  g_return_if_fail (g_object_get_data (G_OBJECT (spin), NUMBER_KEY) != NULL);
  if (parse_number (text, &v) == NUMBER_OK)
    pt_sheet_number_set_value (spin, v);
  else
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
}

/* Marks every shown number field whose text is not a whole number, clears
 * the mark of those that are one again. Returns the first one's message. */
static char *
check_numbers (PtSheetView *self,
               GtkWidget *source)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);
  char *first = NULL;

  for (guint i = 0; i < priv->numbers->len; i++)
    {
      GtkWidget *spin = g_ptr_array_index (priv->numbers, i);
      NumberField *field = g_object_get_data (G_OBJECT (spin), NUMBER_KEY);
      const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
      NumberParse parse;
      int v;
      g_autofree char *message = NULL;

      parse = gtk_widget_is_visible (spin) ? number_parse_field (GTK_SPIN_BUTTON (spin), &v) : NUMBER_OK;
      if (parse == NUMBER_NOT_A_NUMBER)
        message = g_strdup_printf (_("Type a whole number here, such as 2 — not “%s”"), text);
      else if (parse == NUMBER_TOO_LARGE)
        message = g_strdup_printf (_("%s is far too large a number here"), text);

      if (message != NULL)
        {
          field->bad = TRUE;
          set_mark (spin, message);
          /* The field just typed in first, then the others in order. */
          if (first == NULL || spin == source)
            {
              g_free (first);
              first = g_steal_pointer (&message);
            }
        }
      else if (field->bad)
        {
          field->bad = FALSE;
          if (spin != priv->error_widget)
            clear_mark (spin);
        }
    }
  return first;
}

static void
evaluate (PtSheetView *self,
          GtkWidget *source)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (self);
  g_autoptr(JsonObject) sheet = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *unreadable = check_numbers (self, source);
  GtkWidget *unreadable_widget = NULL;
  PtSheetViewClass *klass = PT_SHEET_VIEW_GET_CLASS (self);
  gboolean was_valid = priv->valid;
  gboolean blank = FALSE;

  if (unreadable == NULL && klass->check_input != NULL)
    unreadable = klass->check_input (self, &unreadable_widget);
  if (unreadable == NULL && klass->is_blank != NULL)
    blank = klass->is_blank (self);

  /* Text that is not a number is not guessed at: nothing is scored. */
  if (unreadable == NULL && !blank)
    {
      sheet = pt_sheet_view_build_sheet (self);
      node = json_node_init_object (json_node_alloc (), sheet);
      result = pt_rules_score_sheet (node, &error);
    }
  g_clear_pointer (&priv->result, json_object_unref);
  g_clear_pointer (&priv->error_message, g_free);
  if (unreadable != NULL)
    {
      priv->valid = FALSE;
      priv->error_message = g_steal_pointer (&unreadable);
      clear_error_widget (self);
      if (unreadable_widget != NULL)
        mark_error_widget (self, unreadable_widget, priv->error_message);
    }
  else if (blank)
    {
      /* Not an error of any field: nothing to mark. */
      priv->valid = FALSE;
      priv->error_message = g_strdup (_("Nothing is written on this sheet yet"));
      clear_error_widget (self);
    }
  else if (result != NULL && JSON_NODE_HOLDS_OBJECT (result))
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
      /* Marked where it comes from: the field just typed in, unless the
       * view knows the refusal is about something else; a mark left on a
       * field that is no longer the reason goes. */
      if (source != NULL && klass->owns_error != NULL && !klass->owns_error (self, source))
        source = NULL;
      if (source == NULL && priv->error_widget != NULL && klass->owns_error != NULL &&
          !klass->owns_error (self, priv->error_widget))
        clear_error_widget (self);
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
                       GtkWidget *source)
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
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (PT_SHEET_VIEW (object));

  clear_error_widget (PT_SHEET_VIEW (object));
  while (priv->numbers != NULL && priv->numbers->len > 0)
    {
      GObject *spin = g_ptr_array_steal_index_fast (priv->numbers, priv->numbers->len - 1);

      g_object_weak_unref (spin, forget_number, priv->numbers);
    }
  G_OBJECT_CLASS (pt_sheet_view_parent_class)->dispose (object);
}

static void
pt_sheet_view_finalize (GObject *object)
{
  PtSheetViewPrivate *priv = pt_sheet_view_get_instance_private (PT_SHEET_VIEW (object));

  g_clear_pointer (&priv->names, g_ptr_array_unref);
  g_clear_pointer (&priv->numbers, g_ptr_array_unref);
  g_clear_pointer (&priv->result, json_object_unref);
  g_clear_pointer (&priv->error_message, g_free);
  G_OBJECT_CLASS (pt_sheet_view_parent_class)->finalize (object);
}

static void
pt_sheet_view_get_property (GObject *object,
                            guint prop_id,
                            GValue *value,
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
  priv->numbers = g_ptr_array_new ();
}
