/* pt-accessible.c — accessible names where GTK 4.8 gives none
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An icon-only button, a menu button or a drop-down has no text of its
 * own: GTK 4.8 then announces its type ("GtkImage", "GtkMenuButton",
 * "GtkDropDown"), and a tooltip is not taken as its name. Every such
 * widget gets a label here, usually the words of its tooltip. A
 * GtkMenuButton and a GtkDropDown are a box around a toggle button that
 * takes the focus: the label goes on both.
 *
 * An image with no name of its own is announced as "GtkImage" too. The
 * decorations Partida adds (a row's arrow, an icon beside a row's title)
 * are made with pt_accessible_new_decoration() (role "presentation": not
 * announced); an image with a tooltip says something ("Winner") and is
 * named by it once shown. GTK fixes the role at construction, so the
 * images inside libadwaita's own widgets stay as GTK names them.
 */
#include "config.h"

#include <string.h>

#include "pt-accessible.h"

GtkWidget *
pt_accessible_new_decoration (const char *icon_name)
{
  return g_object_new (GTK_TYPE_IMAGE, "icon-name", icon_name,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
}

void
pt_accessible_set_label (GtkWidget *widget,
                         const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (label != NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (GTK_IS_MENU_BUTTON (widget) || GTK_IS_DROP_DOWN (widget))
    for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_BUTTON (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* GTK 4.8 gives a button its raw label ("_Start") as its accessible label
 * and then adds the text of the label inside ("Start"): without the
 * property, the name is the text inside alone. */
static void
fix_mnemonic_label (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);

  if (label != NULL && gtk_button_get_use_underline (button) && strchr (label, '_') != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
fix_button (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "pt-mnemonic-fixed") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "pt-mnemonic-fixed", GINT_TO_POINTER (1));
      g_signal_connect (widget, "notify::label", G_CALLBACK (fix_mnemonic_label), NULL);
    }
  fix_mnemonic_label (GTK_BUTTON (widget));
}

/* Hidden pages are in the accessibility tree too: a window, a popover or
 * a page of a stack is fixed whole when it is shown. */
static void
fix_image (GtkWidget *widget)
{
  const char *tooltip;

  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) || gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
    return;
  tooltip = gtk_widget_get_tooltip_text (widget);
  if (tooltip != NULL && tooltip[0] != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

static void
fix_tree (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget))
    fix_button (widget);
  else if (GTK_IS_IMAGE (widget))
    fix_image (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fix_tree (child);
}

static gboolean
on_widget_map (GSignalInvocationHint *hint,
               guint n_values,
               const GValue *values,
               gpointer data)
{
  GtkWidget *widget = g_value_get_object (&values[0]);
  GtkWidget *parent = gtk_widget_get_parent (widget);

  if (GTK_IS_NATIVE (widget) || (parent != NULL && GTK_IS_STACK (parent)))
    fix_tree (widget);
  else if (GTK_IS_BUTTON (widget))
    fix_button (widget);
  else if (GTK_IS_IMAGE (widget))
    fix_image (widget);
  return TRUE;
}

/* GTK 4.8 names a button made with a mnemonic by its raw label, so a
 * screen reader says "_Start Start". From here on, every button that is
 * shown (or on a page that is shown) is named by its text alone, and
 * every unnamed image with a tooltip named by it. Once per process. */
void
pt_accessible_install_fixes (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      /* The class first: its signals exist once it is initialised. */
      gpointer klass = g_type_class_ref (GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, on_widget_map, NULL, NULL);
      g_type_class_unref (klass);
      g_once_init_leave (&done, 1);
    }
}
