/* ui-test-util.c — the helpers every UI test shares (see ui-test-util.h).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sqlite3.h>

#include "ui-test-util.h"
#include "pt-paced.h"

/* The library's own waits: as generous as the slowest test wanted
 * (AddressSanitizer on a busy machine). */
#define LIB_WAIT_UNTIL(cond) WAIT_UNTIL_MS (cond, 10000)

const char *ui_test_lang = "en";
static char *tmp_dir;

/* Installs the catalogue @mo as es/LC_MESSAGES/partida.mo of a locale
 * folder in the temporary folder; returns that folder. */
static char *
install_catalogue (const char *mo)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "locale", "es", "LC_MESSAGES", NULL);
  g_autofree char *dest = g_build_filename (dir, GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (mo, &contents, &length, NULL));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (dest, contents, length, NULL));
  return g_build_filename (tmp_dir, "locale", NULL);
}

/* Takes our own leading options out of argv before GTest sees them:
 * --lang=es runs in Spanish; --mo=FILE is the catalogue to use then (the
 * build's po/ otherwise; PARTIDA_PLAY_MO in the environment does the
 * same). */
static gboolean
setup_language (int *argc,
                char **argv[])
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *po_dir = g_build_filename (build_dir ? build_dir : ".", "po", NULL);
  const char *mo = NULL;

  while (*argc > 1 && g_str_has_prefix ((*argv)[1], "--"))
    {
      const char *arg = (*argv)[1];

      if (g_strcmp0 (arg, "--lang=es") == 0)
        ui_test_lang = "es";
      else if (g_str_has_prefix (arg, "--mo="))
        mo = arg + strlen ("--mo=");
      else
        break;
      (*argv)[1] = (*argv)[0];
      (*argv)++;
      (*argc)--;
    }
  if (mo == NULL && g_strcmp0 (ui_test_lang, "es") == 0)
    mo = g_getenv ("PARTIDA_PLAY_MO");
  if (mo != NULL)
    {
      g_free (po_dir);
      po_dir = install_catalogue (mo);
    }

  if (g_strcmp0 (ui_test_lang, "es") == 0)
    {
      g_setenv ("LANGUAGE", "es", TRUE);
      if (setlocale (LC_ALL, "es_ES.UTF-8") == NULL)
        return FALSE;
    }
  else
    {
      g_setenv ("LANGUAGE", "en", TRUE);
      setlocale (LC_ALL, "C.UTF-8");
    }
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

/* Language, GTest, display and GNOME-like screenshots. 0 to carry on,
 * else the exit status (77 = skipped). */
int
ui_test_init (int *argc,
              char **argv[])
{
  g_autoptr(GError) error = NULL;
  gboolean have_locale;

  tmp_dir = g_dir_make_tmp ("partida-ui-test-XXXXXX", &error);
  g_assert_no_error (error);
  have_locale = setup_language (argc, argv);
  gtk_disable_setlocale ();
  g_test_init (argc, argv, NULL);
  if (!have_locale)
    {
      g_printerr ("SKIP: the es_ES.UTF-8 locale is not generated "
                  "(localedef -i es_ES -c -f UTF-8 es_ES.UTF-8)\n");
      return 77;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("SKIP: no display (run the tests under xvfb-run)\n");
      return 77;
    }

  /* GNOME's font and window buttons. Animations stay on: with them off,
   * GTK 4.8 revealers warn about a -1 height. */
  g_object_set (gtk_settings_get_default (),
                "gtk-font-name", "Cantarell 11",
                "gtk-decoration-layout", "appmenu:close",
                NULL);
  return 0;
}

const char *
ui_test_get_tmp_dir (void)
{
  return tmp_dir;
}

/* A fresh database for the run, in the temporary folder: never the
 * user's. */
void
ui_test_use_fresh_db (const char *basename)
{
  g_autofree char *db = g_build_filename (tmp_dir, basename, NULL);

  g_setenv ("PARTIDA_DB", db, TRUE);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* Removes the temporary folder (database, catalogue). */
void
ui_test_cleanup (void)
{
  if (tmp_dir != NULL)
    remove_tree (tmp_dir);
  g_clear_pointer (&tmp_dir, g_free);
}

/* Non-unique: the English and Spanish runs may overlap in time. */
PtApplication *
ui_test_new_application (void)
{
  g_autoptr(GError) error = NULL;
  PtApplication *app = pt_application_new (APPLICATION_ID, G_APPLICATION_NON_UNIQUE);

  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

/* Until the store worker has answered every request, the answers started
 * no new one (the pages read the store asynchronously) and the pages have
 * built what the answers brought (pt-paced.h: a step per frame). */
void
wait_for_store (void)
{
  GApplication *app = g_application_get_default ();
  PtStoreWorker *worker = PT_IS_APPLICATION (app) ? pt_application_get_worker (PT_APPLICATION (app), NULL)
                                                  : NULL;
  gint64 deadline = g_get_monotonic_time () + (gint64) UI_TEST_WAIT_MS * 1000;
  int quiet = 0;

  if (worker == NULL)
    return;
  while (quiet < 3)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (pt_store_worker_is_idle (worker) && !pt_paced_busy ())
        quiet++;
      else
        {
          quiet = 0;
          g_usleep (500);
        }
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

void
settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
  wait_for_store ();
}

static void
on_after_paint (GdkFrameClock *clock,
                gboolean *painted)
{
  *painted = TRUE;
}

/* Waits until @widget is mapped and has been painted once more. */
void
wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean painted = FALSE;
  gulong id;

  LIB_WAIT_UNTIL (gtk_widget_get_mapped (widget));
  clock = gtk_widget_get_frame_clock (widget);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  LIB_WAIT_UNTIL (painted);
  g_signal_handler_disconnect (clock, id);
}

/* Renders @widget the way it is on screen, without a compositor; NULL
 * while it has nothing to show (a resize still being laid out). */
static GdkTexture *
try_render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gdk_paintable_get_intrinsic_width (paintable);
  int height = gdk_paintable_get_intrinsic_height (paintable);
  GskRenderer *renderer;

  if (width <= 0 || height <= 0)
    return NULL;
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return NULL;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* Renders @widget the way it is on screen, without a compositor. */
GdkTexture *
render_widget (GtkWidget *widget)
{
  GdkTexture *texture = try_render_widget (widget);

  g_assert_nonnull (texture);
  return texture;
}

/* Saves @widget as screenshots/LANG-NAME.png in the build directory. */
void
save_screenshot (GtkWidget *widget,
                 const char *name)
{
  const char *build_dir = g_getenv ("PARTIDA_BUILD_DIR");
  g_autofree char *dir = g_build_filename (build_dir ? build_dir : ".", "screenshots", NULL);
  g_autofree char *file = g_strdup_printf ("%s-%s.png", ui_test_lang, name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  /* Let CSS transitions (button highlights, 200 ms in Adwaita) finish. */
  settle (300);
  wait_for_frame (widget);
  /* Right after a resize (a narrow screenshot) a slow machine may not have
   * laid the window out yet: wait a few frames more. */
  for (guint i = 0; (texture = try_render_widget (widget)) == NULL && i < 50; i++)
    wait_for_frame (widget);
  g_assert_nonnull (texture);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

void
set_dark (gboolean dark)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                    : ADW_COLOR_SCHEME_FORCE_LIGHT);
  LIB_WAIT_UNTIL (adw_style_manager_get_dark (manager) == dark);
}

GtkWidget *
find_by_type (GtkWidget *root,
              GType type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
find_by_name (GtkWidget *root,
              const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_name (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
find_button_with_label (GtkWidget *root,
                        const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_label (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The visible toplevel of @type named @name (any name: %NULL), or NULL. */
GtkWindow *
find_visible_toplevel (GType type,
                       const char *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_type_is_a (G_OBJECT_TYPE (toplevel), type) && gtk_widget_get_visible (GTK_WIDGET (toplevel)) &&
          (name == NULL || g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (toplevel)), name) == 0))
        return toplevel; /* the toplevels' list keeps it */
    }
  return NULL;
}

/* The visible toplevel of @type, or NULL. */
GtkWindow *
find_toplevel (GType type)
{
  return find_visible_toplevel (type, NULL);
}

/* The visible message dialog named @name (the app names its dialogs), or
 * NULL. */
AdwMessageDialog *
find_dialog (const char *name)
{
  return (AdwMessageDialog *) find_visible_toplevel (ADW_TYPE_MESSAGE_DIALOG, name);
}

typedef struct
{
  gboolean done;
  char *summary;
  GError *error;
} DataResult;

static void
on_data_operation_done (GObject *source,
                        GAsyncResult *result,
                        gpointer user_data)
{
  DataResult *r = user_data;

  r->summary = pt_data_actions_run_finish (result, &r->error);
  r->done = TRUE;
}

/* Runs @operation on @path through @application (as the menu would once
 * the file is chosen), waits for its summary dialog, takes a screenshot of
 * it named @screenshot (unless %NULL), closes it and returns its heading;
 * its body in @body (unless %NULL), the operation's error in @error. */
char *
run_data_operation (PtApplication *application,
                    GtkWindow *parent,
                    PtDataOperation operation,
                    const char *path,
                    char **body,
                    const char *screenshot,
                    GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  DataResult r = { 0 };
  AdwMessageDialog *dialog = NULL;
  char *heading;

  pt_data_actions_run (application, parent, operation, file, on_data_operation_done, &r);
  WAIT_UNTIL_MS (r.done, 20000);
  LIB_WAIT_UNTIL ((dialog = find_dialog ("data-summary-dialog")) != NULL);
  heading = g_strdup (adw_message_dialog_get_heading (dialog));
  if (body != NULL)
    *body = g_strdup (adw_message_dialog_get_body (dialog));
  if (screenshot != NULL)
    save_screenshot (GTK_WIDGET (dialog), screenshot);
  gtk_window_destroy (GTK_WINDOW (dialog));
  LIB_WAIT_UNTIL (find_dialog ("data-summary-dialog") == NULL);
  g_free (r.summary);
  if (r.error != NULL)
    g_propagate_error (error, r.error);
  return heading;
}

/* The whole file, to compare byte for byte. */
GBytes *
file_bytes (const char *path)
{
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  return g_bytes_new_take (data, size);
}

/* A new history in @path: Ana and Beto, @n_matches Lost Cities matches
 * (match i: Ana wins 30 + i to 10 + i, an hour after match i − 1, each
 * with @notes unless %NULL), closed so the WAL is checkpointed into the
 * file. */
void
write_history (const char *path,
               guint n_matches,
               const char *notes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = pt_store_open (path, PT_STORE_OPEN_CREATE, &error);
  g_autoptr(PtPlayer) ana = NULL;
  g_autoptr(PtPlayer) beto = NULL;

  g_assert_no_error (error);
  ana = pt_store_add_player (store, "Ana", NULL, &error);
  g_assert_no_error (error);
  beto = pt_store_add_player (store, "Beto", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_matches; i++)
    {
      g_autoptr(PtMatchEntry) entry = pt_match_entry_new ("lost-cities", PT_MATCH_MODE_COMPANION);

      pt_match_entry_add_result (entry, pt_match_result_new (ana->id, 0, 30 + (int) i, TRUE));
      pt_match_entry_add_result (entry, pt_match_result_new (beto->id, 1, 10 + (int) i, FALSE));
      entry->started = 1700000000 + (gint64) i * 3600;
      entry->finished = entry->started + 1200;
      entry->notes = g_strdup (notes);
      g_assert_cmpint (pt_store_save_match (store, entry, &error), >, 0);
      g_assert_no_error (error);
    }
}

static int
query_int (sqlite3 *db,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  int value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

static guint32
be32 (const guchar *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* Scribbles over the right-most leaf page of the matches table (as
 * tests/store/test-salvage.c does): the history still opens, its
 * integrity check fails, the matches on the other pages can be read. The
 * table must span more than one page (~100 matches with 300 bytes of
 * notes each). */
void
damage_matches_page (const char *path)
{
  sqlite3 *db = NULL;
  int root, page_size;
  char *data;
  gsize size;
  guchar *page;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  root = query_int (db, "SELECT rootpage FROM sqlite_master WHERE name = 'matches'");
  page_size = query_int (db, "PRAGMA page_size");
  sqlite3_close (db);

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  page = (guchar *) data + (gsize) (root - 1) * page_size;
  g_assert_cmpint (page[0], ==, 0x05); /* an interior table page */
  page = (guchar *) data + (gsize) (be32 (page + 8) - 1) * page_size;
  g_assert_cmpint (page[0], ==, 0x0d); /* its right-most leaf */
  for (int i = 0; i < page_size; i++)
    page[i] = (guchar) (i * 31 + 7);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
}

/* Scribbles over the file's 100-byte header: too damaged to open, every
 * page still there to salvage. */
void
damage_header (const char *path)
{
  char *data;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  g_assert_cmpuint (size, >, 100);
  for (int i = 0; i < 100; i++)
    data[i] = (char) (i * 37 + 3);
  g_assert_true (g_file_set_contents (path, data, size, NULL));
  g_free (data);
}

/* The labels under @widget whose text is cut ("Hoja de puntu…"). */
guint
count_ellipsized (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    {
      g_test_message ("cut: %s", gtk_label_get_text (GTK_LABEL (widget)));
      n++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_ellipsized (child);
  return n;
}

void
hover_texts (GtkWidget *widget)
{
  if (GTK_IS_TEXT (widget))
    gtk_widget_set_state_flags (widget, GTK_STATE_FLAG_PRELIGHT, FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hover_texts (child);
}

static GPtrArray *row_animations;
static gulong row_animations_hook;

static gboolean
on_animation_done (GSignalInvocationHint *hint,
                   guint n_values,
                   const GValue *values,
                   gpointer data)
{
  AdwAnimation *animation = g_value_get_object (&values[0]);

  if (ADW_IS_ENTRY_ROW (adw_animation_get_widget (animation)) &&
      !g_ptr_array_find (row_animations, animation, NULL))
    g_ptr_array_add (row_animations, g_object_ref (animation));
  return TRUE;
}

void
entry_row_animations_watch (void)
{
  g_assert_null (row_animations);
  row_animations = g_ptr_array_new_with_free_func (g_object_unref);
  row_animations_hook = g_signal_add_emission_hook (g_signal_lookup ("done", ADW_TYPE_ANIMATION), 0,
                                                    on_animation_done, NULL, NULL);
}

void
entry_row_animations_check (void)
{
  g_signal_remove_emission_hook (g_signal_lookup ("done", ADW_TYPE_ANIMATION), row_animations_hook);
  g_assert_cmpuint (row_animations->len, >, 0);
  for (guint i = 0; i < row_animations->len; i++)
    {
      AdwAnimation *animation = row_animations->pdata[i];

      g_assert_cmpint (adw_animation_get_state (animation), !=, ADW_ANIMATION_PLAYING);
      /* Its row's and ours: no reference left behind by a play. */
      g_assert_cmpuint (G_OBJECT (animation)->ref_count, ==, 2);
    }
  g_clear_pointer (&row_animations, g_ptr_array_unref);
}
