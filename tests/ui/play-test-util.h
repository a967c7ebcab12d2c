/* play-test-util.h — shared helpers of the Play area's UI tests
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "pt-application.h"
#include "pt-game-setup-view.h"
#include "pt-game-view.h"
#include "pt-play-page.h"
#include "pt-result-view.h"
#include "pt-window.h"

static const char *lang = "en";

#define WAIT_UNTIL_MS(cond, ms)                                         \
  G_STMT_START {                                                        \
    gint64 _deadline = g_get_monotonic_time () + (ms) * 1000;           \
    while (!(cond) && g_get_monotonic_time () < _deadline)              \
      if (!g_main_context_iteration (NULL, FALSE))                      \
        g_usleep (500);                                                 \
    g_assert_true (cond);                                               \
  } G_STMT_END
#define WAIT_UNTIL(cond) WAIT_UNTIL_MS (cond, 5000)

static G_GNUC_UNUSED void
on_after_paint (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

static G_GNUC_UNUSED void
wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean painted = FALSE;
  gulong id;

  WAIT_UNTIL (gtk_widget_get_mapped (widget));
  clock = gtk_widget_get_frame_clock (widget);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  WAIT_UNTIL (painted);
  g_signal_handler_disconnect (clock, id);
}

static G_GNUC_UNUSED void
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

static G_GNUC_UNUSED GdkTexture *
render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gdk_paintable_get_intrinsic_width (paintable);
  int height = gdk_paintable_get_intrinsic_height (paintable);
  GskRenderer *renderer;

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static G_GNUC_UNUSED void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *dir = g_build_filename (build_dir ? build_dir : ".", "screenshots", NULL);
  g_autofree char *file = g_strdup_printf ("%s-%s.png", lang, name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  settle (250);
  wait_for_frame (widget);
  texture = render_widget (widget);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

static G_GNUC_UNUSED GtkWidget *
find_by_type (GtkWidget *root,
              GType      type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Invalidates every widget's render node, so the next snapshot redraws all. */
static G_GNUC_UNUSED void
queue_draw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    queue_draw_all (child);
}

/* Mean time of a full redraw of @widget, in milliseconds: every render
 * node of the board invalidated, then the board snapshotted again (each
 * widget's drawing) and the result rendered with the window's renderer. */
static G_GNUC_UNUSED double
measure_redraw_ms (GtkWidget *widget,
                   guint      rounds)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GtkWidget *parent = gtk_widget_get_parent (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gint64 total = 0;

  g_assert_nonnull (parent);
  for (guint i = 0; i < rounds; i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      gint64 start;

      queue_draw_all (widget);
      start = g_get_monotonic_time ();
      gtk_widget_snapshot_child (parent, widget, snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      g_assert_nonnull (node);
      texture = gsk_renderer_render_texture (renderer, node,
                                             &GRAPHENE_RECT_INIT (0, 0, width, height));
      total += g_get_monotonic_time () - start;
      /* Let the frame clock catch up, as between two real frames. */
      settle (5);
    }
  return total / 1000.0 / rounds;
}

static G_GNUC_UNUSED void
report_figure (const char *name,
               double      value)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *path = g_build_filename (build_dir ? build_dir : ".", "play-redraw.txt", NULL);
  FILE *file = fopen (path, "a");

  g_test_message ("%s: %.2f ms", name, value);
  if (file != NULL)
    {
      fprintf (file, "%s %s %.2f ms\n", lang, name, value);
      fclose (file);
    }
}

/* The longest the main loop went without running while a computer
 * thought, in microseconds (over the whole test). */
static gint64 longest_stall_us;

typedef struct
{
  gint64 last;
  gint64 longest;
} StallProbe;

static gboolean
stall_tick (gpointer user_data)
{
  StallProbe *probe = user_data;
  gint64 now = g_get_monotonic_time ();

  probe->longest = MAX (probe->longest, now - probe->last);
  probe->last = now;
  return G_SOURCE_CONTINUE;
}

/* Waits (at most @ms) until the computer has made its move in @view's
 * game, while a 2 ms timer checks that the main loop keeps running: the
 * computer thinks in a worker thread, so the window never freezes. */
static G_GNUC_UNUSED void
wait_for_computer (PtGameView *view,
                   guint       ms)
{
  PtGame *game = pt_game_view_get_game (view);
  guint n = pt_game_get_n_moves (game);
  StallProbe probe = { g_get_monotonic_time (), 0 };
  guint id = g_timeout_add (2, stall_tick, &probe);

  WAIT_UNTIL_MS (pt_game_get_n_moves (game) > n || pt_game_get_is_over (game)
                 || !pt_game_view_get_thinking (view), ms);
  g_source_remove (id);
  /* The last stretch too: the move arriving and the board redrawing. */
  stall_tick (&probe);
  if (probe.longest > 20000)
    g_test_message ("main loop stall of %.1f ms around move %u",
                    probe.longest / 1000.0, n);
  longest_stall_us = MAX (longest_stall_us, probe.longest);
}

/* Reports the longest stall and fails above @limit_ms (the target is 50
 * ms; tests allow more for a loaded machine or AddressSanitizer). */
static G_GNUC_UNUSED void
check_longest_stall (const char *name,
                     double      limit_ms)
{
  report_figure (name, longest_stall_us / 1000.0);
  g_assert_cmpfloat (longest_stall_us / 1000.0, <, limit_ms);
}

/* Asks for a hint on the human's turn (game.hint) and returns it once it
 * is there: in words, never a raw record move. */
static G_GNUC_UNUSED char *
ask_hint (PtGameView *view)
{
  const char *hint;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL));
  WAIT_UNTIL_MS (g_strcmp0 (pt_game_view_get_hint (view), _("Thinking about a hint…")) != 0
                 && pt_game_view_get_hint (view)[0] != '\0', 20000);
  hint = pt_game_view_get_hint (view);
  g_test_message ("hint: %s", hint);
  g_assert_null (strchr (hint, '{'));
  g_assert_null (strchr (hint, '['));
  g_assert_null (strstr (hint, "\""));
  return g_strdup (hint);
}

static G_GNUC_UNUSED void
set_dark (gboolean dark)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                    : ADW_COLOR_SCHEME_FORCE_LIGHT);
  WAIT_UNTIL (adw_style_manager_get_dark (manager) == dark);
}

static G_GNUC_UNUSED gboolean
setup_language (const char *test_lang)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *po_dir = g_build_filename (build_dir ? build_dir : ".", "po", NULL);

  if (g_strcmp0 (test_lang, "es") == 0)
    {
      lang = "es";
      g_setenv ("LANGUAGE", "es", TRUE);
      if (setlocale (LC_ALL, "es_ES.UTF-8") == NULL)
        return FALSE;
    }
  else
    {
      g_setenv ("LANGUAGE", "en", TRUE);
      setlocale (LC_ALL, "C.UTF-8");
    }

  /* es.po plus the Play area's pending strings, laid out as a locale
   * folder in a temporary directory. */
  if (g_strcmp0 (test_lang, "es") == 0 && g_getenv ("PARTIDA_PLAY_MO") != NULL)
    {
      static char *locale_dir;
      g_autofree char *messages = NULL;
      g_autofree char *target = NULL;
      g_autofree char *contents = NULL;
      gsize length = 0;

      locale_dir = g_dir_make_tmp ("partida-play-locale-XXXXXX", NULL);
      messages = g_build_filename (locale_dir, "es", "LC_MESSAGES", NULL);
      target = g_build_filename (messages, "partida.mo", NULL);
      if (locale_dir != NULL && g_mkdir_with_parents (messages, 0755) == 0
          && g_file_get_contents (g_getenv ("PARTIDA_PLAY_MO"), &contents, &length, NULL)
          && g_file_set_contents (target, contents, length, NULL))
        {
          g_free (po_dir);
          po_dir = g_strdup (locale_dir);
        }
    }

  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

/* Common start: language, display, a fresh database in a temporary folder. */
static G_GNUC_UNUSED int
play_test_init (int    *argc,
                char ***argv,
                char  **db_dir)
{
  const char *test_lang = NULL;
  gboolean have_locale;

  if (*argc > 1 && g_strcmp0 ((*argv)[1], "--lang=es") == 0)
    {
      test_lang = "es";
      (*argv)[1] = (*argv)[0];
      (*argv)++;
      (*argc)--;
    }

  have_locale = setup_language (test_lang);
  gtk_disable_setlocale ();
  g_test_init (argc, argv, NULL);

  if (!have_locale)
    {
      g_printerr ("SKIP: the es_ES.UTF-8 locale is not generated\n");
      return 77;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("SKIP: no display (run the tests under xvfb-run)\n");
      return 77;
    }

  g_object_set (gtk_settings_get_default (),
                "gtk-font-name", "Cantarell 11",
                "gtk-decoration-layout", "appmenu:close",
                NULL);

  *db_dir = g_dir_make_tmp ("partida-play-XXXXXX", NULL);
  g_assert_nonnull (*db_dir);
  {
    g_autofree char *db = g_build_filename (*db_dir, "partida.db", NULL);
    g_setenv ("PARTIDA_DB", db, TRUE);
  }
  pt_game_view_set_computer_delay (0);

  return 0;
}

static G_GNUC_UNUSED void
remove_db_dir (const char *dir)
{
  const char *names[] = { "partida.db", "partida.db-wal", "partida.db-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}
