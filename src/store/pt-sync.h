/* pt-sync.h — one history for the whole group: sync through a shared folder
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every device (database) writes its own changes into the folder as
 * append-only change files, DEVICE.SEQUENCE.ptsync, and applies the other
 * devices' files. Any file tool can carry them (Syncthing, Nextcloud, a
 * network share, a USB stick); no server. See docs/sync.md.
 *
 * What travels is a UUID-keyed mirror of everything with an identity
 * (table sync_rows: players, nights with their attendance, matches with
 * results, breakdown and record, trash state), one JSON document per row
 * with the foreign keys as UUIDs and a version = (hybrid logical clock,
 * device). SQLite's session extension records the changes to the mirror
 * as a changeset and applies the other devices' changesets, its conflict
 * handler keeping the later version (last writer wins); the changed rows
 * are then written into the history (find or create by UUID). Saved games
 * and drafts stay local.
 */
#pragma once

#include "pt-store.h"

G_BEGIN_DECLS

#define PT_SYNC_ERROR (pt_sync_error_quark ())
GQuark pt_sync_error_quark (void);

typedef enum
{
  PT_SYNC_ERROR_FAILED,
  PT_SYNC_ERROR_UNAVAILABLE, /* SQLite built without the session extension */
  PT_SYNC_ERROR_FOLDER,      /* the folder cannot be read or written */
  PT_SYNC_ERROR_DAMAGED,     /* a change file is truncated, corrupt or not ours */
} PtSyncError;

/* The file name extension of change files and snapshots. */
#define PT_SYNC_SUFFIX ".ptsync"

typedef struct
{
  guint files_applied;   /* other devices' change files and snapshots applied */
  guint changes_applied; /* rows those files carried */
  guint files_written;   /* own change files written (0 or 1 per run, 2 with fixes) */
  guint changes_written;
  guint waiting;   /* devices whose next file is missing (a gap): applied later */
  guint conflicts; /* conflicts recorded for the user (pt_sync_take_conflicts) */
  guint pending;   /* rows waiting for a player or night not yet received */
  char *damaged;   /* the first damaged file's name (in the folder), or NULL */
} PtSyncSummary;

void pt_sync_summary_clear (PtSyncSummary *summary);

/* Whether this build's SQLite has the session extension. */
gboolean pt_sync_available (void);

/* This database's device id (created on first use). */
char *pt_sync_device_id (PtStore *store,
                         GError **error);

/* Writes this device's changes since the last run into @folder, applies
 * every other device's new files (each in one transaction, in sequence
 * order per device; a gap waits for the missing file), then writes the
 * changes that applying produced (merged players). A damaged file is
 * applied not at all and reported: the function still applies the rest
 * and returns FALSE with PT_SYNC_ERROR_DAMAGED naming it (and
 * summary->damaged). @summary may be NULL. */
gboolean pt_sync_run (PtStore *store,
                      const char *folder,
                      PtSyncSummary *summary,
                      GError **error);

/* Writes a snapshot of everything this device knows and removes this
 * device's change files (and older snapshots) it covers; a device that
 * comes back after months starts from the newest snapshot. */
gboolean pt_sync_compact (PtStore *store,
                          const char *folder,
                          GError **error);

/* A conflict the rule could not settle quietly: this device's change was
 * replaced by another device's later one, or two players with one name
 * could not be merged. Kept until taken, so each is shown once. */
typedef struct
{
  char *kind; /* "player", "night", "match" */
  char *uuid;
  char *message; /* translated, one line */
  char *kept;    /* the version now in the history (JSON document) */
  char *lost;    /* the version that lost (JSON document) */
} PtSyncConflict;

void pt_sync_conflict_free (PtSyncConflict *conflict);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PtSyncConflict, pt_sync_conflict_free)

/* The conflicts not shown yet (PtSyncConflict), marked shown. */
GPtrArray *pt_sync_take_conflicts (PtStore *store,
                                   GError **error);

/* Store hook (pt_store_merge_players): @from is about to be merged into
 * @into; remembered so other devices merge too. */
gboolean pt_sync_note_merge (PtStore *store,
                             gint64 from,
                             gint64 into,
                             GError **error);

G_END_DECLS
