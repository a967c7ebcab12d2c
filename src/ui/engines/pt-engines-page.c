/* pt-engines-page.c — Preferences → Engines: add, test and remove
 * external computer players (partida-engine/1), kept in GSettings
 * "engines" as (name, command, games).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Adding a command runs its handshake first (asynchronously: PtEngine
 * talks to it in a worker thread), and only an engine that passes is
 * added, under the name it gives. Every engine row can be tested again;
 * its expander shows the handshake and the debug log of the last test
 * (what was sent, what came back, the engine's log and stderr lines).
 *
 * An engine can also be added from its file (the file chooser, the portal
 * inside the Flatpak): Partida keeps an executable copy in its data folder
 * and runs it from there, because the sandbox sees no program of the host.
 * Removing such an engine deletes the copy.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pt-engine.h"
#include "pt-engines-page.h"
#include "pt-game-ui.h"

#define ENGINES_KEY "engines"

struct _PtEnginesPage
{
  AdwPreferencesPage parent_instance;

  GSettings *settings;
  GCancellable *cancellable;
  GPtrArray *rows; /* the engine rows in engines_group */
  gboolean adding;
  GtkFileChooserNative *chooser;

  /* Template widgets */
  AdwActionRow *sandbox_row;
  AdwEntryRow *command_row;
  AdwActionRow *status_row;
  GtkSpinner *spinner;
  AdwPreferencesGroup *engines_group;
  AdwActionRow *empty_row;
};

G_DEFINE_FINAL_TYPE (PtEnginesPage, pt_engines_page, ADW_TYPE_PREFERENCES_PAGE)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

PtEnginesPage *
pt_engines_page_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (PT_TYPE_ENGINES_PAGE, "settings", settings, NULL);
}

void
pt_engines_page_list_for_game (GSettings *settings,
                               const char *game_id,
                               char ***names,
                               char ***specs)
{
  g_autoptr(GVariant) list = g_settings_get_value (settings, ENGINES_KEY);
  g_autoptr(GStrvBuilder) name_builder = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) spec_builder = g_strv_builder_new ();
  GVariantIter iter;
  const char *name, *command, *games;

  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(&s&s&s)", &name, &command, &games))
    {
      g_auto(GStrv) ids = g_strsplit (games, ",", -1);

      if (game_id != NULL && !g_strv_contains ((const char *const *) ids, game_id))
        continue;
      g_strv_builder_add (name_builder, name);
      g_autofree char *spec = g_strconcat (PT_ENGINE_SPEC_PREFIX, command, NULL);

      g_strv_builder_add (spec_builder, spec);
    }
  *names = g_strv_builder_end (name_builder);
  *specs = g_strv_builder_end (spec_builder);
}

/* "by Ana · plays " and the titles of the games it plays */
static char *
describe_engine (PtEngine *engine)
{
  g_autoptr(GString) games = g_string_new (NULL);
  const char *author = pt_engine_get_author (engine);

  for (const char *const *id = pt_engine_get_games (engine); *id != NULL; id++)
    {
      if (games->len > 0)
        g_string_append (games, ", ");
      g_string_append (games, pt_game_ui_title (*id));
    }
  if (author != NULL && *author != '\0')
    /* Translators: the first %s is the engine's author, the second a list of games */
    return g_strdup_printf (_("by %s · plays %s"), author, games->str);
  /* Translators: %s is a list of games */
  return g_strdup_printf (_("plays %s"), games->str);
}

static char *
games_to_setting (PtEngine *engine)
{
  return g_strjoinv (",", (char **) pt_engine_get_games (engine));
}

static char *
engine_log_text (PtEngine *engine)
{
  g_auto(GStrv) lines = pt_engine_dup_log (engine);

  return g_strjoinv ("\n", lines);
}

/* Store (name, command, games), replacing an entry with that command. */
static void
save_engine (PtEnginesPage *self,
             PtEngine *engine)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, ENGINES_KEY);
  g_autofree char *games = games_to_setting (engine);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name, *command, *old_games;
  g_autoptr(GVariant) updated = NULL;
  gboolean replaced = FALSE;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sss)"));
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(&s&s&s)", &name, &command, &old_games))
    {
      if (g_str_equal (command, pt_engine_get_command (engine)))
        {
          g_variant_builder_add (&builder, "(sss)", pt_engine_get_name (engine), command, games);
          replaced = TRUE;
        }
      else
        g_variant_builder_add (&builder, "(sss)", name, command, old_games);
    }
  if (!replaced)
    g_variant_builder_add (&builder, "(sss)", pt_engine_get_name (engine),
                           pt_engine_get_command (engine), games);
  updated = g_variant_ref_sink (g_variant_builder_end (&builder));
  /* Unchanged (a re-test): no write, so the rows and their logs stay. */
  if (!g_variant_equal (list, updated))
    g_settings_set_value (self->settings, ENGINES_KEY, updated);
}

static void
remove_engine (PtEnginesPage *self,
               const char *command_to_remove)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, ENGINES_KEY);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name, *command, *games;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sss)"));
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(&s&s&s)", &name, &command, &games))
    if (!g_str_equal (command, command_to_remove))
      g_variant_builder_add (&builder, "(sss)", name, command, games);
  g_settings_set_value (self->settings, ENGINES_KEY, g_variant_builder_end (&builder));
}

/* ---- engines kept in the data folder ------------------------------------ */

char *
pt_engines_page_dup_engines_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "partida", "engines", NULL);
}

/* The program of @command when it is a copy in the engines folder, else
 * NULL. */
static char *
kept_copy_of (const char *command)
{
  g_autofree char *dir = pt_engines_page_dup_engines_dir ();
  g_autofree char *prefix = g_strconcat (dir, G_DIR_SEPARATOR_S, NULL);
  g_auto(GStrv) argv = NULL;

  if (!g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL)
    return NULL;
  if (!g_str_has_prefix (argv[0], prefix) || strchr (argv[0] + strlen (prefix), '/') != NULL)
    return NULL;
  return g_strdup (argv[0]);
}

static void
delete_kept_copy (const char *command)
{
  g_autofree char *path = kept_copy_of (command);

  if (path != NULL && g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not delete the engine %s: %s", path, g_strerror (errno));
}

/* ---- one engine's row ------------------------------------------------- */

static void
set_row_log (AdwExpanderRow *row,
             const char *summary,
             const char *log)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (row), "log-label");
  g_autofree char *text = g_strdup_printf ("%s\n\n%s", summary, log);

  gtk_label_set_text (label, text);
}

typedef struct
{
  PtEnginesPage *page;
  AdwExpanderRow *row;
  GtkButton *button;
} RowTest;

static void
on_row_tested (GObject *source,
               GAsyncResult *result,
               gpointer user_data)
{
  RowTest *test = user_data;
  PtEngine *engine = PT_ENGINE (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;

  if (pt_engine_start_finish (engine, result, &error))
    {
      g_autofree char *description = describe_engine (engine);
      /* Translators: %s is the engine's name */
      g_autofree char *summary = g_strdup_printf (_("The engine “%s” answered the handshake."),
                                                     pt_engine_get_name (engine));

      pt_engine_stop (engine);
      log = engine_log_text (engine);
      adw_expander_row_set_subtitle (test->row, description);
      set_row_log (test->row, summary, log);
      if (test->page->settings != NULL)
        save_engine (test->page, engine);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      log = engine_log_text (engine);
      adw_expander_row_set_subtitle (test->row, error->message);
      set_row_log (test->row, error->message, log);
      adw_expander_row_set_expanded (test->row, TRUE);
    }
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    gtk_widget_set_sensitive (GTK_WIDGET (test->button), TRUE);
  g_object_unref (test->page);
  g_object_unref (test->row);
  g_object_unref (test->button);
  g_free (test);
  g_object_unref (engine);
}

static void
on_row_test_clicked (GtkButton *button,
                     gpointer user_data)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (user_data);
  AdwExpanderRow *row = g_object_get_data (G_OBJECT (button), "row");
  const char *command = g_object_get_data (G_OBJECT (row), "command");
  g_autoptr(GError) error = NULL;
  PtEngine *engine = pt_engine_new (command, &error);
  RowTest *test;

  if (engine == NULL)
    {
      adw_expander_row_set_subtitle (row, error->message);
      return;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
  adw_expander_row_set_subtitle (row, _("Testing…"));
  test = g_new0 (RowTest, 1);
  test->page = g_object_ref (self);
  test->row = g_object_ref (row);
  test->button = g_object_ref (button);
  pt_engine_start_async (engine, self->cancellable, on_row_tested, test);
}

static void
on_row_remove_clicked (GtkButton *button,
                       gpointer user_data)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (user_data);
  AdwExpanderRow *row = g_object_get_data (G_OBJECT (button), "row");
  g_autofree char *command = g_strdup (g_object_get_data (G_OBJECT (row), "command"));

  remove_engine (self, command);
  delete_kept_copy (command);
}

static GtkWidget *
new_engine_row (PtEnginesPage *self,
                const char *name,
                const char *command)
{
  AdwExpanderRow *row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  GtkWidget *test = gtk_button_new_with_mnemonic (_("_Test"));
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  GtkWidget *label = gtk_label_new (_("Not tested yet in this session."));

  /* Everything an engine says (its name, author, errors) and the command
   * are plain text, never Pango markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_expander_row_set_subtitle (row, command);
  gtk_widget_set_name (GTK_WIDGET (row), "engine-row");
  g_object_set_data_full (G_OBJECT (row), "command", g_strdup (command), g_free);

  gtk_widget_set_valign (test, GTK_ALIGN_CENTER);
  gtk_widget_set_name (test, "engine-test-button");
  g_object_set_data (G_OBJECT (test), "row", row);
  g_signal_connect_object (test, "clicked", G_CALLBACK (on_row_test_clicked), self, 0);
  adw_expander_row_add_action (row, test);

  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove"), -1);
  gtk_widget_add_css_class (remove, "flat");
  g_object_set_data (G_OBJECT (remove), "row", row);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_row_remove_clicked), self, 0);
  adw_expander_row_add_action (row, remove);

  /* The debug view: handshake and log of the last test. */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  g_object_set_data (G_OBJECT (row), "log-label", label);
  adw_expander_row_add_row (row, label);
  return GTK_WIDGET (row);
}

static void
rebuild_rows (PtEnginesPage *self)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, ENGINES_KEY);
  GVariantIter iter;
  const char *name, *command, *games;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->engines_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);

  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(&s&s&s)", &name, &command, &games))
    {
      GtkWidget *row = new_engine_row (self, name, command);

      adw_preferences_group_add (self->engines_group, row);
      g_ptr_array_add (self->rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->empty_row), self->rows->len == 0);
}

/* ---- adding ----------------------------------------------------------- */

static void
show_status (PtEnginesPage *self,
             const char *title,
             const char *subtitle,
             gboolean busy)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), title);
  adw_action_row_set_subtitle (self->status_row, subtitle ? subtitle : "");
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_widget_set_visible (GTK_WIDGET (self->status_row), TRUE);
}

static void
on_add_tested (GObject *source,
               GAsyncResult *result,
               gpointer user_data)
{
  g_autoptr(PtEnginesPage) self = user_data;
  g_autoptr(PtEngine) engine = PT_ENGINE (source);
  g_autoptr(GError) error = NULL;

  self->adding = FALSE;
  if (pt_engine_start_finish (engine, result, &error) && self->settings != NULL)
    {
      g_autofree char *description = describe_engine (engine);
      /* Translators: %s is the engine's name */
      g_autofree char *title = g_strdup_printf (_("Added “%s”"), pt_engine_get_name (engine));

      pt_engine_stop (engine);
      save_engine (self, engine);
      show_status (self, title, description, FALSE);
      gtk_editable_set_text (GTK_EDITABLE (self->command_row), "");
    }
  else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_status (self, _("The engine did not pass the test"), error->message, FALSE);
}

static void
on_command_apply (PtEnginesPage *self)
{
  g_autofree char *command = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->command_row))));
  g_autoptr(GError) error = NULL;
  PtEngine *engine;

  if (self->adding || command[0] == '\0')
    return;
  engine = pt_engine_new (command, &error);
  if (engine == NULL)
    {
      show_status (self, _("The engine did not pass the test"), error->message, FALSE);
      return;
    }
  self->adding = TRUE;
  show_status (self, _("Testing the engine…"), command, TRUE);
  /* The engine reference goes to the callback. */
  pt_engine_start_async (engine, self->cancellable, on_add_tested, g_object_ref (self));
}

/* ---- adding from a file ------------------------------------------------- */

/* One file being added: copied into a private folder next to the kept
 * engines, moved into place (an earlier copy of that name waits in the
 * private folder), tested from there; on failure everything goes back. */
typedef struct
{
  PtEnginesPage *page;
  char *work_dir; /* engines/.adding-XXXXXX */
  char *incoming; /* work_dir/NAME: the fresh copy */
  char *earlier;  /* work_dir/NAME.earlier: the copy it replaces */
  char *path;     /* engines/NAME: where it runs from */
  gboolean replaced;
} AddFile;

static void
add_file_free (AddFile *add)
{
  if (add->incoming != NULL)
    g_unlink (add->incoming);
  if (add->replaced)
    {
      /* The new copy failed: the earlier one comes back. */
      if (g_rename (add->earlier, add->path) != 0)
        g_warning ("Could not restore the engine %s: %s", add->path, g_strerror (errno));
    }
  else if (add->earlier != NULL)
    g_unlink (add->earlier);
  if (add->work_dir != NULL)
    g_rmdir (add->work_dir);
  add->page->adding = FALSE;
  g_object_unref (add->page);
  g_free (add->work_dir);
  g_free (add->incoming);
  g_free (add->earlier);
  g_free (add->path);
  g_free (add);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AddFile, add_file_free)

static void
on_file_tested (GObject *source,
                GAsyncResult *result,
                gpointer user_data)
{
  g_autoptr(AddFile) add = user_data;
  g_autoptr(PtEngine) engine = PT_ENGINE (source);
  g_autoptr(GError) error = NULL;
  PtEnginesPage *self = add->page;

  if (pt_engine_start_finish (engine, result, &error) && self->settings != NULL)
    {
      g_autofree char *description = describe_engine (engine);
      /* Translators: %s is the engine's name */
      g_autofree char *title = g_strdup_printf (_("Added “%s”"), pt_engine_get_name (engine));

      pt_engine_stop (engine);
      /* Kept: the earlier copy of that name is not needed any more. */
      add->replaced = FALSE;
      save_engine (self, engine);
      show_status (self, title, description, FALSE);
    }
  else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Not kept: the copy goes, and an earlier one comes back. */
      g_clear_pointer (&add->incoming, g_free);
      add->incoming = g_strdup (add->path);
      show_status (self, _("The engine did not pass the test"), error->message, FALSE);
    }
  else
    {
      g_clear_pointer (&add->incoming, g_free);
      add->incoming = g_strdup (add->path);
    }
}

static void
on_file_copied (GObject *source,
                GAsyncResult *result,
                gpointer user_data)
{
  g_autoptr(AddFile) add = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *command = NULL;
  PtEnginesPage *self = add->page;
  PtEngine *engine;

  if (!g_file_copy_finish (G_FILE (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_status (self, _("The engine could not be copied"), error->message, FALSE);
      return;
    }
  if (g_chmod (add->incoming, 0755) != 0)
    {
      int saved = errno;

      show_status (self, _("The engine could not be copied"), g_strerror (saved), FALSE);
      return;
    }
  if (g_file_test (add->path, G_FILE_TEST_EXISTS))
    {
      if (g_rename (add->path, add->earlier) != 0)
        {
          int saved = errno;

          show_status (self, _("The engine could not be copied"), g_strerror (saved), FALSE);
          return;
        }
      add->replaced = TRUE;
    }
  if (g_rename (add->incoming, add->path) != 0)
    {
      int saved = errno;

      show_status (self, _("The engine could not be copied"), g_strerror (saved), FALSE);
      return;
    }
  g_clear_pointer (&add->incoming, g_free);

  command = g_shell_quote (add->path);
  engine = pt_engine_new (command, &error);
  if (engine == NULL)
    {
      add->incoming = g_strdup (add->path);
      show_status (self, _("The engine did not pass the test"), error->message, FALSE);
      return;
    }
  show_status (self, _("Testing the engine…"), add->path, TRUE);
  /* The engine reference and the AddFile go to the callback. */
  pt_engine_start_async (engine, self->cancellable, on_file_tested, g_steal_pointer (&add));
}

void
pt_engines_page_add_file (PtEnginesPage *self,
                          GFile *file)
{
  g_autofree char *dir = pt_engines_page_dup_engines_dir ();
  g_autofree char *name = NULL;
  g_autofree char *template = NULL;
  g_autofree char *earlier_name = NULL;
  g_autoptr(GFile) incoming = NULL;
  g_autoptr(AddFile) add = NULL;

  g_return_if_fail (PT_IS_ENGINES_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->adding)
    return;
  name = g_file_get_basename (file);
  if (name == NULL || name[0] == '\0' || g_str_equal (name, G_DIR_SEPARATOR_S) || g_str_equal (name, ".") || g_str_equal (name, ".."))
    {
      show_status (self, _("The engine could not be copied"), _("This is not a program file."), FALSE);
      return;
    }

  add = g_new0 (AddFile, 1);
  add->page = g_object_ref (self);
  self->adding = TRUE;
  template = g_build_filename (dir, ".adding-XXXXXX", NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0 || g_mkdtemp_full (template, 0700) == NULL)
    {
      int saved = errno;

      show_status (self, _("The engine could not be copied"), g_strerror (saved), FALSE);
      return;
    }
  add->work_dir = g_steal_pointer (&template);
  add->incoming = g_build_filename (add->work_dir, name, NULL);
  earlier_name = g_strconcat (name, ".earlier", NULL);
  add->earlier = g_build_filename (add->work_dir, earlier_name, NULL);
  add->path = g_build_filename (dir, name, NULL);

  show_status (self, _("Copying the engine…"), name, TRUE);
  incoming = g_file_new_for_path (add->incoming);
  g_file_copy_async (file, incoming, G_FILE_COPY_OVERWRITE | G_FILE_COPY_TARGET_DEFAULT_PERMS,
                     G_PRIORITY_DEFAULT, self->cancellable, NULL, NULL,
                     on_file_copied, g_steal_pointer (&add));
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int response,
                     PtEnginesPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        pt_engines_page_add_file (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
}

static void
on_choose_file_clicked (PtEnginesPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->adding || self->chooser != NULL)
    return;
  /* Through the file chooser portal inside the Flatpak. */
  self->chooser = gtk_file_chooser_native_new (_("Add an Engine"),
                                                  GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                  GTK_FILE_CHOOSER_ACTION_OPEN,
                                                  _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response",
                           G_CALLBACK (on_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Inside a Flatpak the host's programs are out of sight. */
static gboolean
in_flatpak (void)
{
  return g_getenv ("FLATPAK_ID") != NULL || g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

/* ---- GObject ---------------------------------------------------------- */

static void
pt_engines_page_constructed (GObject *object)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (object);

  G_OBJECT_CLASS (pt_engines_page_parent_class)->constructed (object);

  g_signal_connect_object (self->settings, "changed::" ENGINES_KEY,
                           G_CALLBACK (rebuild_rows), self, G_CONNECT_SWAPPED);
  rebuild_rows (self);
}

static void
pt_engines_page_dispose (GObject *object)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_ENGINES_PAGE);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pt_engines_page_parent_class)->dispose (object);
}

static void
pt_engines_page_finalize (GObject *object)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (object);

  g_clear_object (&self->cancellable);
  g_ptr_array_unref (self->rows);

  G_OBJECT_CLASS (pt_engines_page_parent_class)->finalize (object);
}

static void
pt_engines_page_get_property (GObject *object,
                              guint prop_id,
                              GValue *value,
                              GParamSpec *pspec)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_engines_page_set_property (GObject *object,
                              guint prop_id,
                              const GValue *value,
                              GParamSpec *pspec)
{
  PtEnginesPage *self = PT_ENGINES_PAGE (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_engines_page_class_init (PtEnginesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_engines_page_constructed;
  object_class->dispose = pt_engines_page_dispose;
  object_class->finalize = pt_engines_page_finalize;
  object_class->get_property = pt_engines_page_get_property;
  object_class->set_property = pt_engines_page_set_property;

  properties[PROP_SETTINGS] =
      g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-engines-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtEnginesPage, sandbox_row);
  gtk_widget_class_bind_template_child (widget_class, PtEnginesPage, command_row);
  gtk_widget_class_bind_template_child (widget_class, PtEnginesPage, status_row);
  gtk_widget_class_bind_template_child (widget_class, PtEnginesPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, PtEnginesPage, engines_group);
  gtk_widget_class_bind_template_child (widget_class, PtEnginesPage, empty_row);
  gtk_widget_class_bind_template_callback (widget_class, on_command_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_choose_file_clicked);
}

static void
pt_engines_page_init (PtEnginesPage *self)
{
  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self->sandbox_row), in_flatpak ());
}
