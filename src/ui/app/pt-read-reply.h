/* pt-read-reply.h — a page's store reads: what the answer goes to, and what shows meanwhile
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pt-store-worker.h"

G_BEGIN_DECLS

/* The user data of a page's pt_store_worker_run (): the page and the
 * widget the answer fills (a dialog, a row; or none), both weakly, so a
 * page or dialog that goes is disposed at once (and cancels its reads).
 * @ids carries what the answer is about when the callback needs it (the
 * two players of a merge). */
typedef struct
{
  GWeakRef page;
  GWeakRef widget;
  gint64 ids[2];
} PtReadReply;

PtReadReply *pt_read_reply_new (gpointer page,
                                gpointer widget);
gpointer pt_read_reply_take (PtReadReply *reply,
                             const GError *error,
                             GtkWidget **widget);
GtkWidget *pt_read_spinner_new (void);
/* A PtStoreJob: the people of the history (not archived), a GPtrArray of
 * PtPlayer (free with g_ptr_array_unref), for a list to pick from. */
gpointer pt_read_people_job (PtStore *store,
                             PtStats *stats,
                             gpointer data,
                             GCancellable *cancellable,
                             GError **error);

G_END_DECLS
