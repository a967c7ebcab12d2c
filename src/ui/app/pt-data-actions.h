/* pt-data-actions.h — export, import, back up and restore the history from
 * the app (primary menu and Preferences → Data)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files are chosen with GtkFileChooserNative, which goes through the file
 * chooser portal inside the Flatpak sandbox. The work runs on a worker
 * thread (GTask) with its own connection to the database, so the window
 * never waits for it; an import shows its progress, and every operation
 * ends with a summary dialog. Restore asks first and keeps the replaced
 * database beside it.
 */
#pragma once

#include <adwaita.h>

#include "pt-application.h"

G_BEGIN_DECLS

typedef enum
{
  PT_DATA_EXPORT_JSON,
  PT_DATA_EXPORT_CSV,
  PT_DATA_IMPORT,
  PT_DATA_BACKUP,
  PT_DATA_RESTORE,
} PtDataOperation;

/* Installs app.export-json, app.export-csv, app.import, app.backup and
 * app.restore. */
void pt_data_actions_install (PtApplication *app);

/* Asks for the file, then runs @operation (restore asks for confirmation
 * first). */
void pt_data_actions_start (PtApplication *app,
                            GtkWindow *parent,
                            PtDataOperation operation);

/* Runs @operation on @file without asking, then shows the summary dialog
 * (transient for @parent) and reloads the history and statistics. */
void pt_data_actions_run (PtApplication *app,
                          GtkWindow *parent,
                          PtDataOperation operation,
                          GFile *file,
                          GAsyncReadyCallback callback,
                          gpointer user_data);
/* The summary shown in the dialog (transfer full), or NULL with @error. */
char *pt_data_actions_run_finish (GAsyncResult *result,
                                  GError **error);

G_END_DECLS
