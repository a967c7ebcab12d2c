/* fuzz-import.c — libFuzzer target: the JSON import (partida-cli import,
 * Preferences → Data) into a database made once per process. An import is
 * all or nothing, so a refused input leaves the database as it was.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <glib/gstdio.h>

#include "fuzz-common.h"
#include "pt-store.h"

static PtStore *store;

static void
remove_tmp (void)
{
  g_autofree char *dir = store != NULL ? g_path_get_dirname (pt_store_get_path (store)) : NULL;

  g_clear_object (&store);
  if (dir != NULL)
    {
      g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);

          g_unlink (path);
        }
      g_rmdir (dir);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t size)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  PtImportSummary summary;

  fuzz_init ();
  if (store == NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("partida-fuzz-import-XXXXXX", NULL);
      g_autofree char *path = g_build_filename (dir, "fuzz.db", NULL);

      store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
      g_assert_no_error (error);
      atexit (remove_tmp);
    }
  /* The import API takes a NUL-terminated text (the CLI reads a file). */
  text = g_strndup ((const char *) data, size);
  (void) pt_store_import_json (store, text, &summary, &error);
  return 0;
}
