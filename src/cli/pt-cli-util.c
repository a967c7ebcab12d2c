/* pt-cli-util.c — helpers shared by partida-cli's commands and partida-bench
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <glib/gi18n.h>

#include "pt-cli-commands.h"
#include "pt-rules.h"

char *
pt_cli_read_input_bytes (const char *path,
                         gsize *length,
                         GError **error)
{
  g_autoptr(GString) text = NULL;
  char buffer[65536];
  size_t n;
  char *contents = NULL;

  if (g_strcmp0 (path, "-") != 0)
    return g_file_get_contents (path, &contents, length, error) ? contents : NULL;
  text = g_string_new (NULL);
  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    g_string_append_len (text, buffer, (gssize) n);
  if (ferror (stdin))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not read standard input");
      return NULL;
    }
  if (length != NULL)
    *length = text->len;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
pt_cli_read_input (const char *path, GError **error)
{
  return pt_cli_read_input_bytes (path, NULL, error);
}

void
pt_cli_print_json (JsonNode *node, gboolean pretty)
{
  g_autofree char *text = json_to_string (node, pretty);
  printf ("%s\n", text);
}

char *
pt_cli_game_ids (PtCliGameFilter keep,
                 gpointer data)
{
  const char *const *ids = pt_rules_list_games ();
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GTypeClass) klass = g_type_class_ref (pt_rules_lookup_game (ids[i], NULL));

      if (keep != NULL && !keep (PT_GAME_CLASS (klass), data))
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, ids[i]);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
pt_cli_rule_presets_help (void)
{
  const char *const *ids = pt_rules_list_games ();
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      const char *const *presets = pt_rules_game_rule_presets (ids[i]);
      g_autofree char *list = presets != NULL ? g_strjoinv (", ", (char **) presets) : NULL;

      if (list != NULL)
        g_string_append_printf (out, "%s%s: %s", out->len > 0 ? "; " : "", ids[i], list);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
pt_cli_print_table (FILE *out,
                    const PtCliCommand *table)
{
  for (const PtCliCommand *c = table; c->name != NULL; c++)
    fprintf (out, "  %-22s %s\n", c->name, c->summary);
}

int
pt_cli_main (const char *program,
             const char *kind,
             const PtCliCommand *table,
             void (*usage) (FILE *out),
             int argc,
             char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      usage (stderr);
      return PT_CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage (stdout);
      return PT_CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("%s %s\n", program, PACKAGE_VERSION);
      return PT_CLI_EXIT_OK;
    }
  for (const PtCliCommand *c = table; c->name != NULL; c++)
    if (strcmp (c->name, argv[1]) == 0)
      return c->run (argc - 1, argv + 1);
  fprintf (stderr, "%s: unknown %s “%s”\n\n", program, kind, argv[1]);
  usage (stderr);
  return PT_CLI_EXIT_USAGE;
}

int
pt_cli_compare_doubles (gconstpointer a,
                        gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

double
pt_cli_thread_cpu_ms (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0.0;
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec * 1e-6;
}
