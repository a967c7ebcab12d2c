/* test-application.c — PtApplication: the command line and the database
 * path (--version, --db PATH, PARTIDA_DB).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "pt-application.h"
#include "pt-rules.h"

static char *
partida_binary (void)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");

  return g_build_filename (build_dir ? build_dir : ".", "src", "partida", NULL);
}

static void
test_version (void)
{
  g_autofree char *binary = partida_binary ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { binary, "--version", NULL };
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "partida " PACKAGE_VERSION "\n");
}

static void
test_help (void)
{
  g_autofree char *binary = partida_binary ();
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { binary, "--help", NULL };
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "--db=PATH"));
  g_assert_nonnull (strstr (out, "--version"));
  /* The summary lists every game, by the title its rules class gives. */
  for (const char *const *id = pt_rules_list_games (); *id != NULL; id++)
    g_assert_nonnull (strstr (out, pt_rules_game_title (*id)));
}

static void
on_activate_quit (GApplication *app,
                  gpointer user_data)
{
  /* Leave the main loop once the command line has been handled. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
}

static int
run_app (PtApplication *app,
         const char *db_arg)
{
  const char *argv[] = { "partida", db_arg ? "--db" : NULL, db_arg, NULL };

  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate_quit), NULL);

  return g_application_run (G_APPLICATION (app), db_arg ? 3 : 1, (char **) argv);
}

static void
test_db_option (void)
{
  g_autoptr(PtApplication) app = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *expected = g_build_filename (cwd, "nights.db", NULL);

  g_unsetenv ("PARTIDA_DB");
  app = pt_application_new (APPLICATION_ID,
                            G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_NON_UNIQUE);
  g_assert_null (pt_application_get_db_path (app));

  /* A relative path is relative to where partida was started. */
  g_assert_cmpint (run_app (app, "nights.db"), ==, 0);
  g_assert_cmpstr (pt_application_get_db_path (app), ==, expected);
}

static void
test_db_environment (void)
{
  g_autoptr(PtApplication) app = NULL;
  g_autoptr(PtApplication) app2 = NULL;
  g_autofree char *path = NULL;

  g_setenv ("PARTIDA_DB", "/tmp/partida-test-env.db", TRUE);
  app = pt_application_new (APPLICATION_ID,
                            G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_NON_UNIQUE);
  g_assert_cmpstr (pt_application_get_db_path (app), ==, "/tmp/partida-test-env.db");
  g_object_get (app, "db-path", &path, NULL);
  g_assert_cmpstr (path, ==, "/tmp/partida-test-env.db");

  /* --db wins over the environment. */
  app2 = pt_application_new (APPLICATION_ID,
                             G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_NON_UNIQUE);
  g_assert_cmpint (run_app (app2, "/tmp/partida-test-option.db"), ==, 0);
  g_assert_cmpstr (pt_application_get_db_path (app2), ==, "/tmp/partida-test-option.db");

  g_unsetenv ("PARTIDA_DB");
}

int
main (int argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "en", TRUE);
  gtk_disable_setlocale ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/application/version", test_version);
  g_test_add_func ("/ui/application/help", test_help);

  if (gtk_init_check ())
    {
      g_test_add_func ("/ui/application/db-option", test_db_option);
      g_test_add_func ("/ui/application/db-environment", test_db_environment);
    }
  else
    g_printerr ("no display: the --db tests need one and are left out\n");

  return g_test_run ();
}
