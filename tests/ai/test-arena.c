/* test-arena.c — `partida-cli arena` runs and reports sane figures
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The path of partida-cli is the first argument (from meson).
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

static const char *cli_path;

static int
run_cli (const char *const *args,
         char **out)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, out, NULL, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_json (void)
{
  const char *args[] = { "arena", "lost-cities", "--a", "medium", "--b", "random",
                         "--games", "5", "--seed", "3", "--json", NULL };
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *time_a;
  JsonArray *ci;
  double rate;

  g_assert_cmpint (run_cli (args, &out), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "lost-cities");
  g_assert_cmpstr (json_object_get_string_member (root, "a"), ==, "medium");
  /* Rounded up to whole mirrored deals. */
  g_assert_cmpint (json_object_get_int_member (root, "rounds"), ==, 6);
  rate = json_object_get_double_member (root, "win_rate_a");
  ci = json_object_get_array_member (root, "win_rate_ci95");
  g_assert_cmpfloat (json_array_get_double_element (ci, 0), <=, rate);
  g_assert_cmpfloat (json_array_get_double_element (ci, 1), >=, rate);
  g_assert_cmpfloat (rate, >, 0.5);
  g_assert_cmpfloat (json_object_get_double_member (root, "mean_diff"), >, 0);
  time_a = json_object_get_object_member (json_object_get_object_member (root, "time"), "a");
  g_assert_cmpint (json_object_get_int_member (time_a, "moves"), >, 6 * 10);
  g_assert_cmpfloat (json_object_get_double_member (time_a, "p95_ms"), >=,
                     json_object_get_double_member (time_a, "median_ms"));
}

/* The same seed gives the same games, with one thread or two. */
static void
test_reproducible (void)
{
  const char *one[] = { "arena", "lost-cities", "--a", "easy", "--b", "aggressive",
                        "--games", "4", "--seed", "9", "--json", NULL };
  const char *two[] = { "arena", "lost-cities", "--a", "easy", "--b", "aggressive",
                        "--games", "4", "--seed", "9", "--json", "--threads", "2", NULL };
  g_autofree char *out1 = NULL;
  g_autofree char *out2 = NULL;
  g_autoptr(JsonParser) p1 = json_parser_new ();
  g_autoptr(JsonParser) p2 = json_parser_new ();
  JsonObject *r1, *r2;

  g_assert_cmpint (run_cli (one, &out1), ==, 0);
  g_assert_cmpint (run_cli (two, &out2), ==, 0);
  g_assert_true (json_parser_load_from_data (p1, out1, -1, NULL));
  g_assert_true (json_parser_load_from_data (p2, out2, -1, NULL));
  r1 = json_node_get_object (json_parser_get_root (p1));
  r2 = json_node_get_object (json_parser_get_root (p2));
  g_assert_cmpfloat (json_object_get_double_member (r1, "mean_diff"), ==,
                     json_object_get_double_member (r2, "mean_diff"));
  g_assert_cmpfloat (json_object_get_double_member (r1, "win_rate_a"), ==,
                     json_object_get_double_member (r2, "win_rate_a"));
}

static void
test_usage (void)
{
  const char *bad_level[] = { "arena", "lost-cities", "--a", "genius", "--b", "random", NULL };
  const char *no_b[] = { "arena", "lost-cities", "--a", "medium", NULL };
  const char *bad_game[] = { "arena", "chess", "--a", "medium", "--b", "random", NULL };
  const char *help[] = { "arena", "--help", NULL };
  g_autofree char *out1 = NULL, *out2 = NULL, *out3 = NULL, *out4 = NULL;

  g_assert_cmpint (run_cli (bad_level, &out1), ==, 2);
  g_assert_cmpint (run_cli (no_b, &out2), ==, 2);
  g_assert_cmpint (run_cli (bad_game, &out3), ==, 1);
  g_assert_cmpint (run_cli (help, &out4), ==, 0);
  g_assert_nonnull (strstr (out4, "--games"));
}

int
main (int argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: test-arena PATH-TO-PARTIDA-CLI\n");
      return 77;
    }
  cli_path = argv[1];

  g_test_add_func ("/ai/arena/json", test_json);
  g_test_add_func ("/ai/arena/reproducible", test_reproducible);
  g_test_add_func ("/ai/arena/usage", test_usage);

  return g_test_run ();
}
