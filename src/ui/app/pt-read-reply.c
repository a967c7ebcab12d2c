/* pt-read-reply.c — a page's store reads (see pt-read-reply.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pt-read-reply.h"

PtReadReply *
pt_read_reply_new (gpointer page,
                   gpointer widget)
{
  PtReadReply *reply = g_new0 (PtReadReply, 1);

  g_weak_ref_init (&reply->page, page);
  g_weak_ref_init (&reply->widget, widget);
  return reply;
}

/* The page (a reference), or NULL when it went or the read was cancelled
 * (by a newer one or by dispose); the widget, if still there, in @widget
 * (a reference too); frees @reply. */
gpointer
pt_read_reply_take (PtReadReply *reply,
                    const GError *error,
                    GtkWidget **widget)
{
  gpointer page = g_weak_ref_get (&reply->page);
  GtkWidget *filled = g_weak_ref_get (&reply->widget);

  g_weak_ref_clear (&reply->page);
  g_weak_ref_clear (&reply->widget);
  g_free (reply);
  if (widget != NULL)
    *widget = filled;
  else
    g_clear_object (&filled);
  if (page != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_clear_object (&page);
  return page;
}

/* What a page shows in place of its part when the read takes longer than
 * a glance (the pages wait ~200 ms first). */
GtkWidget *
pt_read_spinner_new (void)
{
  GtkWidget *spinner = gtk_spinner_new ();

  gtk_spinner_set_spinning (GTK_SPINNER (spinner), TRUE);
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_widget_set_halign (spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (spinner, TRUE);
  return spinner;
}

gpointer
pt_read_people_job (PtStore *store,
                    PtStats *stats,
                    gpointer data,
                    GCancellable *cancellable,
                    GError **error)
{
  return pt_store_list_players (store, FALSE, error);
}
