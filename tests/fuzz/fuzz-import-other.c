/* fuzz-import-other.c — libFuzzer target: the imports from other apps,
 * converted to partida-export/1 (Preferences → Data, partida-cli import
 * --format). Built once per format with FUZZ_BGG 0 (BG Stats JSON) or 1
 * (BoardGameGeek plays XML).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "pt-import.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t size)
{
  PtImportSkips skips = { 0 };
  g_autoptr(JsonNode) export = NULL;
  g_autoptr(GError) error = NULL;
  /* The importers take the file's bytes and length (the app and the CLI
   * read whole files, which may hold NUL bytes). */
  g_autofree char *text = g_strndup ((const char *) data, size);

  fuzz_init ();
  (void) pt_import_detect_format ((const char *) data, size);
#if FUZZ_BGG
  export = pt_import_convert_bgg (text, size, &skips, &error);
#else
  export = pt_import_convert_bgstats (text, size, &skips, &error);
#endif
  if (export != NULL)
    g_free (json_to_string (export, FALSE));
  pt_import_skips_clear (&skips);
  return 0;
}
