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
 * file beside it as .before-restore-…). A history that can only be read
 * (file, folder or disk) says so once; the pages turn editing off.
 */
#pragma once

#include "pt-application.h"

G_BEGIN_DECLS

/* After pt_store_open() in the application. */
void      pt_store_health_opened       (PtApplication  *app,
                                        PtStore        *store);
/* A page's read failed with @error: if it says damaged, check and tell. */
void      pt_store_health_read_failed  (const GError   *error);
/* The damage found, or NULL. */
const char *pt_store_health_get_damage (PtApplication  *app);
/* TRUE when nothing can be changed in the history now (damaged or read-only). */
gboolean  pt_store_health_read_only    (PtApplication  *app);
/* Salvage (the dialog's button; tests call it directly). */
gboolean  pt_store_health_salvage      (PtApplication  *app,
                                        char          **summary,
                                        GError        **error);

G_END_DECLS
