/* pt-sync-file.c — change files and snapshots in the sync folder
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file is a short text header and a zlib-compressed SQLite changeset:
 *
 *   partida-sync/1
 *   type: changes                (or snapshot)
 *   device: 5b0c…                (the writer's device id, a UUID)
 *   sequence: 12                 (per device, from 1, no gaps)
 *   changes: 3                   (rows in the changeset)
 *   covers: DEVICE=SEQ,…         (snapshot only: what it includes)
 *   encoding: zlib
 *   length: 412                  (bytes of the payload)
 *   sha256: 9f86…                (of the header lines above and the payload)
 *   (an empty line, then the payload)
 *
 * A file is only ever written whole under a temporary name and renamed
 * into place; a reader still meets truncated or damaged copies (a sync
 * tool half way), which fail the checks and are applied not at all.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#define SQLITE_ENABLE_SESSION        1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

#include "pt-sync.h"
#include "pt-sync-private.h"

#define MAGIC         "partida-sync/1"
/* A change file larger than this is not one of ours. */
#define MAX_FILE_SIZE (512 * 1024 * 1024)

PtSyncFile *
pt_sync_file_new (void)
{
  PtSyncFile *file = g_new0 (PtSyncFile, 1);

  file->covers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return file;
}

void
pt_sync_file_free (PtSyncFile *file)
{
  if (file == NULL)
    return;
  g_free (file->device);
  g_hash_table_unref (file->covers);
  g_clear_pointer (&file->changeset, g_bytes_unref);
  g_free (file);
}

gboolean
pt_sync_file_parse_name (const char *name,
                         char **device,
                         gint64 *sequence,
                         gboolean *snapshot)
{
  g_autofree char *dev = NULL;
  const char *rest, *digits;
  gboolean snap = FALSE;
  guint64 seq;
  char *end = NULL;

  if (!g_str_has_suffix (name, PT_SYNC_SUFFIX) || strlen (name) < 37 || name[36] != '.')
    return FALSE;
  dev = g_strndup (name, 36);
  if (!g_uuid_string_is_valid (dev))
    return FALSE;
  rest = name + 37;
  if (g_str_has_prefix (rest, "snapshot-"))
    {
      snap = TRUE;
      rest += strlen ("snapshot-");
    }
  digits = rest;
  if (!g_ascii_isdigit (*digits))
    return FALSE;
  seq = g_ascii_strtoull (digits, &end, 10);
  if (end == NULL || strcmp (end, PT_SYNC_SUFFIX) != 0 || seq == 0 || seq > G_MAXINT64)
    return FALSE;
  if (device != NULL)
    *device = g_steal_pointer (&dev);
  if (sequence != NULL)
    *sequence = (gint64) seq;
  if (snapshot != NULL)
    *snapshot = snap;
  return TRUE;
}

char *
pt_sync_file_name (const char *device,
                   gint64 sequence,
                   gboolean snapshot)
{
  return g_strdup_printf ("%s.%s%010" G_GINT64_FORMAT PT_SYNC_SUFFIX, device,
                          snapshot ? "snapshot-" : "", sequence);
}

/* Runs @data through a zlib (de)compressor. */
static GBytes *
convert (GConverter *converter,
         GBytes *data,
         gsize limit,
         GError **error)
{
  gsize in_size, done = 0;
  const guint8 *in = g_bytes_get_data (data, &in_size);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint8 buffer[16384];

  for (;;)
    {
      gsize read = 0, written = 0;
      GConverterResult result;

      result = g_converter_convert (converter, in + done, in_size - done, buffer, sizeof buffer,
                                    G_CONVERTER_INPUT_AT_END, &read, &written, error);
      if (result == G_CONVERTER_ERROR)
        return NULL;
      done += read;
      g_byte_array_append (out, buffer, written);
      if (out->len > limit)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "too large");
          return NULL;
        }
      if (result == G_CONVERTER_FINISHED)
        break;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

int
pt_sync_changeset_count (GBytes *changeset)
{
  sqlite3_changeset_iter *iter = NULL;
  gsize size;
  const void *data = g_bytes_get_data (changeset, &size);
  int rc, count = 0;

  if (size > G_MAXINT)
    return -1;
  if (sqlite3changeset_start (&iter, (int) size, (void *) data) != SQLITE_OK)
    return -1;
  while ((rc = sqlite3changeset_next (iter)) == SQLITE_ROW)
    {
      const char *table = NULL;
      int columns = 0, op = 0, indirect = 0;

      if (sqlite3changeset_op (iter, &table, &columns, &op, &indirect) != SQLITE_OK ||
          g_strcmp0 (table, "sync_rows") != 0 || columns != 4)
        {
          sqlite3changeset_finalize (iter);
          return -1;
        }
      count++;
    }
  if (sqlite3changeset_finalize (iter) != SQLITE_OK || rc != SQLITE_DONE)
    return -1;
  return count;
}

static char *
covers_text (GHashTable *covers)
{
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (covers), (GCompareFunc) strcmp);
  GString *text = g_string_new (NULL);

  for (GList *l = keys; l != NULL; l = l->next)
    g_string_append_printf (text, "%s%s=%" G_GINT64_FORMAT, text->len > 0 ? "," : "",
                            (const char *) l->data, *(gint64 *) g_hash_table_lookup (covers, l->data));
  return g_string_free (text, FALSE);
}

static char *
header_text (PtSyncFile *file,
             gsize length)
{
  GString *h = g_string_new (MAGIC "\n");
  g_autofree char *covers = NULL;

  g_string_append_printf (h, "type: %s\n", file->snapshot ? "snapshot" : "changes");
  g_string_append_printf (h, "device: %s\n", file->device);
  g_string_append_printf (h, "sequence: %" G_GINT64_FORMAT "\n", file->sequence);
  g_string_append_printf (h, "changes: %u\n", file->changes);
  if (file->snapshot)
    {
      covers = covers_text (file->covers);
      g_string_append_printf (h, "covers: %s\n", covers);
    }
  g_string_append (h, "encoding: zlib\n");
  g_string_append_printf (h, "length: %" G_GSIZE_FORMAT "\n", length);
  return g_string_free (h, FALSE);
}

static char *
checksum (const char *header,
          GBytes *payload)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size;
  const guint8 *data = g_bytes_get_data (payload, &size);

  g_checksum_update (sum, (const guint8 *) header, strlen (header));
  g_checksum_update (sum, data, size);
  return g_strdup (g_checksum_get_string (sum));
}

char *
pt_sync_file_write (const char *folder,
                    PtSyncFile *file,
                    GError **error)
{
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9);
  g_autoptr(GBytes) payload = NULL;
  g_autofree char *header = NULL;
  g_autofree char *sum = NULL;
  g_autofree char *name = pt_sync_file_name (file->device, file->sequence, file->snapshot);
  g_autofree char *temp_name = g_strdup_printf (".%s.tmp", name);
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autofree char *temp = g_build_filename (folder, temp_name, NULL);
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize size;
  const guint8 *data;

  payload = convert (G_CONVERTER (compressor), file->changeset, MAX_FILE_SIZE, error);
  if (payload == NULL)
    return NULL;
  header = header_text (file, g_bytes_get_size (payload));
  sum = checksum (header, payload);
  text = g_string_new (header);
  g_string_append_printf (text, "sha256: %s\n\n", sum);
  data = g_bytes_get_data (payload, &size);
  g_string_append_len (text, (const char *) data, (gssize) size);
  if (!g_file_set_contents (temp, text->str, (gssize) text->len, &local_error) ||
      g_rename (temp, path) != 0)
    {
      int saved = errno;

      g_unlink (temp);
      g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FOLDER,
                   /* TRANSLATORS: %s is a file name, then the system's reason */
                   _("Could not write %s: %s"), path,
                      local_error != NULL ? local_error->message : g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&name);
}

static gboolean
damaged (GError **error,
         const char *path,
         const char *reason)
{
  g_autofree char *name = g_path_get_basename (path);

  g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_DAMAGED,
               /* TRANSLATORS: %s is a change file's name, then what is wrong with it */
               _("The change file %s is damaged (%s); nothing of it was applied"), name, reason);
  return FALSE;
}

/* "key: value" → value, or NULL. */
static const char *
field (char **lines,
       guint n,
       const char *key)
{
  gsize len = strlen (key);

  for (guint i = 1; i < n; i++)
    if (strncmp (lines[i], key, len) == 0 && lines[i][len] == ':' && lines[i][len + 1] == ' ')
      return lines[i] + len + 2;
  return NULL;
}

static gboolean
parse_int (const char *text,
           gint64 *value)
{
  char *end = NULL;
  gint64 v;

  if (text == NULL || !g_ascii_isdigit (*text))
    return FALSE;
  errno = 0;
  v = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == NULL || *end != '\0')
    return FALSE;
  *value = v;
  return TRUE;
}

PtSyncFile *
pt_sync_file_read (const char *path,
                   GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name_device = NULL;
  g_autofree char *header = NULL;
  g_autofree char *sum = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(PtSyncFile) file = pt_sync_file_new ();
  g_autoptr(GBytes) payload = NULL;
  g_autoptr(GZlibDecompressor) decompressor = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *end, *sha_line, *type, *value;
  gsize size;
  gint64 sequence = 0, length = 0, changes = 0, name_sequence = 0;
  gboolean name_snapshot = FALSE;
  guint n;
  int counted;

  if (!g_file_get_contents (path, &contents, &size, &local_error))
    {
      g_set_error (error, PT_SYNC_ERROR, PT_SYNC_ERROR_FOLDER, _("Could not read %s: %s"), path, local_error->message);
      return NULL;
    }
  if (!pt_sync_file_parse_name (base, &name_device, &name_sequence, &name_snapshot))
    {
      damaged (error, path, _("not a change file name"));
      return NULL;
    }
  if (size > MAX_FILE_SIZE || !g_str_has_prefix (contents, MAGIC "\n"))
    {
      damaged (error, path, _("not a Partida change file"));
      return NULL;
    }
  end = g_strstr_len (contents, (gssize) MIN (size, 4096), "\n\n");
  sha_line = end != NULL ? g_strstr_len (contents, end - contents + 1, "\nsha256: ") : NULL;
  if (end == NULL || sha_line == NULL)
    {
      damaged (error, path, _("the header is incomplete"));
      return NULL;
    }
  header = g_strndup (contents, (gsize) (sha_line - contents) + 1);
  lines = g_strsplit (header, "\n", -1);
  n = g_strv_length (lines);
  type = field (lines, n, "type");
  if (g_strcmp0 (type, "changes") != 0 && g_strcmp0 (type, "snapshot") != 0)
    {
      damaged (error, path, _("unknown type"));
      return NULL;
    }
  file->snapshot = g_strcmp0 (type, "snapshot") == 0;
  value = field (lines, n, "device");
  file->device = g_strdup (value);
  if (!parse_int (field (lines, n, "sequence"), &sequence) ||
      !parse_int (field (lines, n, "changes"), &changes) ||
      !parse_int (field (lines, n, "length"), &length) ||
      g_strcmp0 (field (lines, n, "encoding"), "zlib") != 0 || value == NULL ||
      !g_uuid_string_is_valid (value) || sequence <= 0 || changes < 0 || changes > G_MAXUINT)
    {
      damaged (error, path, _("the header is invalid"));
      return NULL;
    }
  file->sequence = sequence;
  file->changes = (guint) changes;
  if (strcmp (file->device, name_device) != 0 || file->sequence != name_sequence ||
      file->snapshot != name_snapshot)
    {
      damaged (error, path, _("its name does not match its header"));
      return NULL;
    }
  if (file->snapshot && (value = field (lines, n, "covers")) != NULL && *value != '\0')
    {
      g_auto(GStrv) pairs = g_strsplit (value, ",", -1);

      for (guint i = 0; pairs[i] != NULL; i++)
        {
          const char *eq = strchr (pairs[i], '=');
          g_autofree char *dev = eq != NULL ? g_strndup (pairs[i], eq - pairs[i]) : NULL;
          gint64 seq = 0;

          if (dev == NULL || !g_uuid_string_is_valid (dev) || !parse_int (eq + 1, &seq))
            {
              damaged (error, path, _("the header is invalid"));
              return NULL;
            }
          g_hash_table_insert (file->covers, g_steal_pointer (&dev), g_memdup2 (&seq, sizeof seq));
        }
    }
  /* The sha256 line, then the empty line, then exactly @length bytes. */
  end += 2;
  if ((gsize) (end - contents) + (gsize) length != size)
    {
      damaged (error, path, (gsize) (end - contents) + (gsize) length > size ? _("it is truncated") : _("it has extra bytes"));
      return NULL;
    }
  payload = g_bytes_new (end, (gsize) length);
  sum = checksum (header, payload);
  if (strncmp (sha_line + strlen ("\nsha256: "), sum, 64) != 0 ||
      sha_line[strlen ("\nsha256: ") + 64] != '\n')
    {
      damaged (error, path, _("the checksum does not match"));
      return NULL;
    }
  decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  file->changeset = convert (G_CONVERTER (decompressor), payload, MAX_FILE_SIZE, NULL);
  if (file->changeset == NULL ||
      (counted = pt_sync_changeset_count (file->changeset)) < 0 ||
      (guint) counted != file->changes)
    {
      damaged (error, path, _("the changes cannot be read"));
      return NULL;
    }
  return g_steal_pointer (&file);
}
