/* pt-name-suggest.c — "did you mean …?" in a player's name field
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-accessible.h"
#include "pt-name-suggest.h"

#define SUGGEST_KEY "pt-name-suggest"

typedef struct
{
  GtkWidget *button;    /* in the row */
  char *offer;          /* the name on the button */
  char *lane;           /* the worker lane of this row: a newer keystroke cancels */
  PtServices *services; /* whose history is asked */
} Suggest;

static void
suggest_free (gpointer data)
{
  Suggest *suggest = data;

  g_free (suggest->offer);
  g_free (suggest->lane);
  g_clear_object (&suggest->services);
  g_free (suggest);
}

static void
show_offer (Suggest *suggest,
            const char *name)
{
  g_clear_pointer (&suggest->offer, g_free);
  gtk_widget_set_visible (suggest->button, name != NULL);
  if (name == NULL)
    return;
  suggest->offer = g_strdup (name);
  {
    /* Translators: the button that offers a known player's name while
     * another is typed, "Begoña?" */
    g_autofree char *label = g_strdup_printf (_("%s?"), name);
    g_autofree char *tip = g_strdup_printf (_("Use %s, who is already in the history"), name);

    gtk_button_set_label (GTK_BUTTON (suggest->button), label);
    gtk_widget_set_tooltip_text (suggest->button, tip);
    pt_accessible_set_label (suggest->button, tip);
  }
}

static gpointer
suggest_job (PtStore *store,
             PtStats *stats,
             gpointer data,
             GCancellable *cancellable,
             GError **error)
{
  PtPlayer *player = pt_store_suggest_player (store, data, error);

  /* No close player is an answer too (not an error). */
  if (player == NULL && (error == NULL || *error == NULL))
    return g_strdup ("");
  if (player == NULL)
    return NULL;
  {
    char *name = g_strdup (player->name);

    pt_player_unref (player);
    return name;
  }
}

static void
on_suggested (GObject *source,
              GAsyncResult *result,
              gpointer user_data)
{
  g_autoptr(AdwEntryRow) row = user_data;
  g_autofree char *name = pt_store_worker_finish (PT_STORE_WORKER (source), result, NULL);
  Suggest *suggest = g_object_get_data (G_OBJECT (row), SUGGEST_KEY);
  g_autofree char *typed = NULL;

  if (name == NULL || suggest == NULL)
    return;
  typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  /* Offered only when it is not exactly what is there already. */
  show_offer (suggest, name[0] != '\0' && g_strcmp0 (name, typed) != 0 ? name : NULL);
}

static void
on_changed (GtkEditable *editable,
            Suggest *suggest)
{
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  PtStoreWorker *worker;

  if (suggest->offer != NULL && g_strcmp0 (suggest->offer, typed) == 0)
    {
      show_offer (suggest, NULL);
      return;
    }
  if (g_utf8_strlen (typed, -1) < 2 || !gtk_editable_get_editable (editable) ||
      (worker = pt_services_get_worker (suggest->services, NULL)) == NULL)
    {
      show_offer (suggest, NULL);
      return;
    }
  /* The same lane: a newer keystroke cancels the older question. */
  pt_store_worker_run (worker, suggest->lane, suggest_job, g_steal_pointer (&typed), g_free, g_free,
                       NULL, on_suggested, g_object_ref (editable));
}

static void
on_clicked (GtkButton *button,
            AdwEntryRow *row)
{
  pt_name_suggest_accept (row);
}

/**
 * pt_name_suggest_attach:
 * @services: (nullable): the history asked; %NULL: nothing is offered
 */
void
pt_name_suggest_attach (AdwEntryRow *row,
                        PtServices *services)
{
  Suggest *suggest;

  g_return_if_fail (ADW_IS_ENTRY_ROW (row));
  g_return_if_fail (services == NULL || PT_IS_SERVICES (services));
  if (services == NULL)
    return;
  suggest = g_new0 (Suggest, 1);
  suggest->services = g_object_ref (services);
  suggest->lane = g_strdup_printf ("name-suggest-%p", (void *) row);
  suggest->button = gtk_button_new ();
  gtk_widget_set_valign (suggest->button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (suggest->button, "flat");
  gtk_widget_set_name (suggest->button, "name-suggestion");
  gtk_widget_set_visible (suggest->button, FALSE);
  /* Not the field's Tab stop: typing goes on to the next field. */
  gtk_widget_set_focus_on_click (suggest->button, FALSE);
  g_signal_connect_object (suggest->button, "clicked", G_CALLBACK (on_clicked), row, 0);
  adw_entry_row_add_suffix (row, suggest->button);
  g_object_set_data_full (G_OBJECT (row), SUGGEST_KEY, suggest, suggest_free);
  g_signal_connect (row, "changed", G_CALLBACK (on_changed), suggest);
}

const char *
pt_name_suggest_get_offer (AdwEntryRow *row)
{
  Suggest *suggest = g_object_get_data (G_OBJECT (row), SUGGEST_KEY);

  return suggest != NULL ? suggest->offer : NULL;
}

gboolean
pt_name_suggest_accept (AdwEntryRow *row)
{
  Suggest *suggest = g_object_get_data (G_OBJECT (row), SUGGEST_KEY);
  g_autofree char *name = NULL;

  if (suggest == NULL || suggest->offer == NULL)
    return FALSE;
  name = g_strdup (suggest->offer);
  gtk_editable_set_text (GTK_EDITABLE (row), name);
  gtk_editable_set_position (GTK_EDITABLE (row), -1);
  return TRUE;
}
