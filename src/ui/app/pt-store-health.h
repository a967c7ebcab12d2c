/* pt-store-health.h — what the app says and does about a damaged or
 * read-only history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The history's integrity is checked when it is opened and again when a
 * read fails as damaged. A damaged history is not written to again (both
 * connections refuse changes); a dialog says so and offers to salvage it:
 * every row that can still be read goes into a fresh database, which
 * replaces the damaged one in place (pt_store_restore keeps the damaged
 * file beside it as .before-restore-…). While a salvage runs its dialog
 * stays up, buttons off, saying so, until the result's dialog comes. A history that can only be read
 * (file, folder or disk) says so once; the pages turn editing off.
 *
 * A history too damaged to open at all gets the same offer: the rows that
 * can still be read (pt_store_salvage_in_place) go into a new database
 * that takes its name, the damaged file is renamed beside it
 * (PATH.broken-…, named in the summary), and the pages read the new one.
 */
#pragma once

#include "pt-application.h"

G_BEGIN_DECLS

/* After pt_store_open() in the application. */
void pt_store_health_opened (PtApplication *app,
                             PtStore *store);
/* pt_store_open() refused @path with @error: a history too damaged to
 * open gets the salvage offer (once); a permission problem is left to the
 * pages, which show the message. */
void pt_store_health_open_failed (PtApplication *app,
                                  const char *path,
                                  const GError *error);
/* TRUE (with @error) while a salvage replaces the file: nothing opens it. */
gboolean pt_store_health_busy (PtApplication *app,
                               GError **error);
/* Salvages the history that could not be opened, in place (the offer's
 * button; tests call it directly), on a thread; the pages then read the
 * salvaged history. */
void pt_store_health_salvage_unopened (PtApplication *app,
                                       GAsyncReadyCallback callback,
                                       gpointer user_data);
/* The summary shown (transfer full), or NULL with @error. */
char *pt_store_health_salvage_unopened_finish (GAsyncResult *result,
                                               GError **error);
/* A page's read failed with @error: if it says damaged, check and tell. */
void pt_store_health_read_failed (const GError *error);
/* A backup was restored over the history: a damage found is gone. */
void pt_store_health_restored (PtApplication *app);
/* The damage found, or NULL. */
const char *pt_store_health_get_damage (PtApplication *app);
/* TRUE when nothing can be changed in the history now (damaged or read-only). */
gboolean pt_store_health_read_only (PtApplication *app);
/* Salvages the damaged history that is open (the dialog's button; tests
 * call it directly) on the store worker, off the main loop; the pages then
 * read the salvaged history. */
void pt_store_health_salvage (PtApplication *app,
                              GAsyncReadyCallback callback,
                              gpointer user_data);
/* The summary shown (transfer full), or NULL with @error. */
char *pt_store_health_salvage_finish (GAsyncResult *result,
                                      GError **error);

/* Tests: called on the worker's thread in the middle of a salvage of the
 * open history (the readable rows copied, the file not yet replaced);
 * NULL: none. */
void pt_store_health_debug_set_salvage_hook (void (*hook) (gpointer data),
                                             gpointer data);

G_END_DECLS
