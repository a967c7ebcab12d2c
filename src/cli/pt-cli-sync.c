/* pt-cli-sync.c — partida-cli sync: one history for the group (pt-sync.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * partida-cli sync --db PATH --folder DIR [--compact] [--json]
 *
 * Writes this database's changes into DIR as a change file, applies the
 * other devices' new files, and prints what happened. A damaged change
 * file (truncated, corrupt) is applied not at all: the command applies
 * the rest, names the file and exits with 1.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "pt-cli-commands.h"
#include "pt-store.h"
#include "pt-sync.h"

static void
add_uint (JsonBuilder *b,
          const char *name,
          guint value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_string (JsonBuilder *b,
            const char *name,
            const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

int
pt_cli_sync (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) run_error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) conflicts = NULL;
  g_autofree char *db = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autofree char *device = NULL;
  gboolean json = FALSE, compact = FALSE;
  PtSyncSummary summary = { 0 };
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "Database file (default: $PARTIDA_DB or the app's)", "PATH" },
    { "folder", 0, 0, G_OPTION_ARG_FILENAME, &folder, "The shared sync folder (required)", "DIR" },
    { "compact", 0, 0, G_OPTION_ARG_NONE, &compact,
      "Afterwards, replace this device's change files by one snapshot", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL }
  };
  int status = PT_CLI_EXIT_OK;

  g_set_prgname ("partida-cli sync");
  g_option_context_set_summary (context,
                                "Sync the match history with other devices through a shared folder (Syncthing,\n"
                                "Nextcloud, a network share, a USB stick): writes this database's changes into\n"
                                "DIR as an append-only change file DEVICE.SEQUENCE.ptsync and applies the other\n"
                                "devices' new files, each in one transaction. Conflicts: the later change wins;\n"
                                "players with the same name on two devices become one. A truncated or corrupt\n"
                                "change file is applied not at all: the rest is applied, the file is named and\n"
                                "the exit status is 1 (run again once the sync tool has delivered it whole).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "partida-cli sync: %s\n", error->message);
      return PT_CLI_EXIT_USAGE;
    }
  if (argc != 1 || folder == NULL)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      fprintf (stderr, "%s", help);
      return PT_CLI_EXIT_USAGE;
    }

  path = pt_store_resolve_path (db);
  store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  if (store != NULL && !pt_sync_run (store, folder, &summary, &run_error) &&
      !g_error_matches (run_error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED))
    g_propagate_error (&error, g_steal_pointer (&run_error));
  if (error == NULL && compact && run_error == NULL)
    pt_sync_compact (store, folder, &error);
  if (error == NULL)
    {
      device = pt_sync_device_id (store, &error);
      conflicts = device != NULL ? pt_sync_take_conflicts (store, &error) : NULL;
    }
  if (error != NULL)
    {
      if (json)
        {
          g_autoptr(JsonBuilder) b = json_builder_new ();
          g_autoptr(JsonNode) root = NULL;

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "error");
          json_builder_begin_object (b);
          add_string (b, "message", error->message);
          json_builder_end_object (b);
          json_builder_end_object (b);
          root = json_builder_get_root (b);
          pt_cli_print_json (root, FALSE);
        }
      else
        fprintf (stderr, "partida-cli sync: %s\n", error->message);
      pt_sync_summary_clear (&summary);
      return PT_CLI_EXIT_INVALID;
    }
  if (run_error != NULL)
    status = PT_CLI_EXIT_INVALID;

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_string (b, "device", device);
      add_uint (b, "files_applied", summary.files_applied);
      add_uint (b, "changes_applied", summary.changes_applied);
      add_uint (b, "files_written", summary.files_written);
      add_uint (b, "changes_written", summary.changes_written);
      add_uint (b, "waiting", summary.waiting);
      add_uint (b, "pending", summary.pending);
      json_builder_set_member_name (b, "conflicts");
      json_builder_begin_array (b);
      for (guint i = 0; i < conflicts->len; i++)
        {
          PtSyncConflict *c = g_ptr_array_index (conflicts, i);

          json_builder_begin_object (b);
          add_string (b, "kind", c->kind);
          add_string (b, "uuid", c->uuid);
          add_string (b, "message", c->message);
          add_string (b, "kept", c->kept);
          add_string (b, "lost", c->lost);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      if (run_error != NULL)
        {
          json_builder_set_member_name (b, "error");
          json_builder_begin_object (b);
          add_string (b, "message", run_error->message);
          add_string (b, "file", summary.damaged);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      pt_cli_print_json (root, FALSE);
    }
  else
    {
      printf ("device %s: applied %u file(s) with %u change(s), wrote %u file(s) with %u change(s)\n", device,
              summary.files_applied, summary.changes_applied, summary.files_written, summary.changes_written);
      if (summary.waiting > 0)
        printf ("waiting for a missing file from %u device(s)\n", summary.waiting);
      if (summary.pending > 0)
        printf ("%u row(s) wait for a player or night not received yet\n", summary.pending);
      for (guint i = 0; i < conflicts->len; i++)
        {
          PtSyncConflict *c = g_ptr_array_index (conflicts, i);

          printf ("conflict: %s\n  kept: %s\n  lost: %s\n", c->message, c->kept, c->lost);
        }
      if (run_error != NULL)
        fprintf (stderr, "partida-cli sync: %s\n", run_error->message);
    }
  pt_sync_summary_clear (&summary);
  return status;
}
