/* pt-sync-private.h — the change files of pt-sync (pt-sync-file.c)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* One change file or snapshot, as written and as read back. */
typedef struct
{
  char *device;
  gint64 sequence;
  gboolean snapshot;
  guint changes;      /* rows in the changeset */
  GHashTable *covers; /* snapshot: device -> gint64* last sequence included */
  GBytes *changeset;  /* the SQLite changeset, uncompressed */
} PtSyncFile;

PtSyncFile *pt_sync_file_new (void);
void pt_sync_file_free (PtSyncFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtSyncFile, pt_sync_file_free)

/* DEVICE.SEQUENCE.ptsync or DEVICE.snapshot-SEQUENCE.ptsync; FALSE for any
 * other name (a sync tool's conflict copy, a temporary file, …). */
gboolean pt_sync_file_parse_name (const char *name,
                                  char **device,
                                  gint64 *sequence,
                                  gboolean *snapshot);
char *pt_sync_file_name (const char *device,
                         gint64 sequence,
                         gboolean snapshot);
/* Reads and checks a file: header, length, SHA-256, that the name says
 * the same device and sequence, and that the changeset decodes into
 * exactly the announced number of rows of the mirror. PT_SYNC_ERROR_DAMAGED
 * naming the file otherwise. */
PtSyncFile *pt_sync_file_read (const char *path,
                               GError **error);
/* Writes @file into @folder under its name, atomically (a hidden temporary
 * file renamed into place), and returns the name. */
char *pt_sync_file_write (const char *folder,
                          PtSyncFile *file,
                          GError **error);
/* The rows of a changeset (SQLITE_CORRUPT etc. → -1). */
int pt_sync_changeset_count (GBytes *changeset);

G_END_DECLS
