/* main.c — start Partida.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "pt-application.h"

static const char *
locale_dir (void)
{
  /* An uninstalled build (build-aux/partida-dev run) points this at the
   * build's po/ so the translations show without installing. */
  const char *dir = g_getenv ("PARTIDA_LOCALEDIR");

  return (dir != NULL && dir[0] != '\0') ? dir : LOCALEDIR;
}

int
main (int argc,
      char **argv)
{
  g_autoptr(PtApplication) app = NULL;
  GApplicationFlags flags = G_APPLICATION_HANDLES_COMMAND_LINE;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The startup benchmark must measure a fresh process, never hand over to
   * a Partida that is already running. */
  if (g_strcmp0 (g_getenv ("PARTIDA_BENCH_EXIT_AFTER_FIRST_FRAME"), "1") == 0)
    flags |= G_APPLICATION_NON_UNIQUE;

  app = pt_application_new (APPLICATION_ID, flags);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
