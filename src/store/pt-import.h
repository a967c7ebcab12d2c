/* pt-import.h — histories from other apps, as Partida export documents
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A BG Stats export (JSON) or a BoardGameGeek plays export (the XML of the
 * public plays API) is converted into a "partida-export/1" document, which
 * the one importer of pt-store-io.c then checks and imports all or nothing.
 * Every UUID of the document is derived from the source (the play's UUID or
 * id, the player's UUID or name, the location and date), so importing the
 * same file twice adds nothing. Plays of games Partida does not know are
 * skipped and counted; docs/import-formats.md lists the mapping.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  PT_IMPORT_FORMAT_AUTO,    /* detect from the content */
  PT_IMPORT_FORMAT_PARTIDA, /* partida-export/1 */
  PT_IMPORT_FORMAT_BGSTATS, /* BG Stats JSON export */
  PT_IMPORT_FORMAT_BGG,     /* BoardGameGeek plays XML */
} PtImportFormat;

/* What a conversion left out, for the import summary. */
typedef struct
{
  int plays_read;        /* plays in the source file */
  int plays_other_games; /* plays of games Partida does not have */
  int plays_unusable;    /* plays of a Partida game that cannot be a match */
  GString *details;      /* one line per reason, translated */
} PtImportSkips;

void pt_import_skips_clear (PtImportSkips *skips);

/* "partida", "bgstats", "bgg" (and "auto"); FALSE for anything else. */
gboolean pt_import_format_from_string (const char *text,
                                       PtImportFormat *format);
const char *pt_import_format_to_string (PtImportFormat format);

/* The format of @data, or AUTO when it is none of the three. */
PtImportFormat pt_import_detect_format (const char *data,
                                        gsize length);

/* Lexical checks every imported text passes before any parser sees it:
 * valid UTF-8 without NUL bytes, and (for JSON) no integer a 64-bit parser
 * would silently wrap and no "\u0000" in a string. The error names the line
 * and column. */
gboolean pt_import_check_text (const char *data,
                               gsize length,
                               gboolean json,
                               GError **error);

/* The partida-export/1 document of a BG Stats export / BGG plays XML. */
JsonNode *pt_import_convert_bgstats (const char *data,
                                     gsize length,
                                     PtImportSkips *skips,
                                     GError **error);
JsonNode *pt_import_convert_bgg (const char *data,
                                 gsize length,
                                 PtImportSkips *skips,
                                 GError **error);

/* The Partida game id of a game known elsewhere by BoardGameGeek id (0 when
 * unknown) and title (English or Spanish, compared without case, accents or
 * punctuation); NULL when it is not a Partida game. */
const char *pt_import_match_game (gint64 bgg_id,
                                  const char *title);

/* The game ids the store accepts in an import. */
gboolean pt_import_is_known_game (const char *game);

/* A name-based (version 5 style) UUID of @text: the same text, the same
 * UUID. */
char *pt_import_derive_uuid (const char *text);

G_END_DECLS
