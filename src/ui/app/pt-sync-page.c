/* pt-sync-page.c — Preferences → Sync: the shared folder and how the last
 * sync went (pt-sync-service.h does the work).
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The folder is chosen with GtkFileChooserNative, which goes through the
 * file chooser portal inside the Flatpak (the app has no access to your
 * files otherwise; the portal grants this one folder).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-sync-page.h"

struct _PtSyncPage
{
  AdwPreferencesPage parent_instance;

  GSettings *settings;
  PtSyncService *service;
  /* Template widgets */
  AdwActionRow *folder_row;
  AdwActionRow *status_row;
  GtkWidget *stop_button;
  GtkWidget *sync_button;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (PtSyncPage, pt_sync_page, ADW_TYPE_PREFERENCES_PAGE)

static void
update (PtSyncPage *self)
{
  g_autofree char *folder = g_settings_get_string (self->settings, "sync-folder");
  gboolean on = folder[0] != '\0';

  adw_action_row_set_subtitle (self->folder_row, on ? folder : _("None: this device keeps its history to itself"));
  gtk_widget_set_visible (self->stop_button, on);
  gtk_widget_set_sensitive (self->sync_button, on && self->service != NULL &&
                                                   !pt_sync_service_get_busy (self->service));
  if (self->service == NULL)
    adw_action_row_set_subtitle (self->status_row, _("The history cannot be opened"));
  else
    adw_action_row_set_subtitle (self->status_row, pt_sync_service_get_status (self->service));
}

static void
on_chooser_response (GtkNativeDialog *dialog,
                     int response,
                     PtSyncPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        g_settings_set_string (self->settings, "sync-folder", path);
    }
  g_clear_object (&self->chooser);
}

static void
on_choose_clicked (GtkButton *button,
                   PtSyncPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Choose the Sync Folder"),
                                                  GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                  GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                  _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_stop_clicked (GtkButton *button,
                 PtSyncPage *self)
{
  g_settings_set_string (self->settings, "sync-folder", "");
}

static void
on_sync_clicked (GtkButton *button,
                 PtSyncPage *self)
{
  if (self->service != NULL)
    pt_sync_service_sync_now (self->service);
}

static void
on_changed (PtSyncPage *self)
{
  update (self);
}

GtkWidget *
pt_sync_page_new (GSettings *settings,
                  PtSyncService *service)
{
  PtSyncPage *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (PT_TYPE_SYNC_PAGE, NULL);
  self->settings = g_object_ref (settings);
  self->service = service != NULL ? g_object_ref (service) : NULL;

  g_signal_connect_object (settings, "changed::sync-folder", G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
  if (service != NULL)
    {
      g_signal_connect_object (service, "notify::status", G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::busy", G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
    }
  update (self);
  return GTK_WIDGET (self);
}

static void
pt_sync_page_dispose (GObject *object)
{
  PtSyncPage *self = PT_SYNC_PAGE (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_SYNC_PAGE);
  g_clear_object (&self->settings);
  g_clear_object (&self->service);
  G_OBJECT_CLASS (pt_sync_page_parent_class)->dispose (object);
}

static void
pt_sync_page_class_init (PtSyncPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pt_sync_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/partida/Partida/pt-sync-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtSyncPage, folder_row);
  gtk_widget_class_bind_template_child (widget_class, PtSyncPage, status_row);
  gtk_widget_class_bind_template_child (widget_class, PtSyncPage, stop_button);
  gtk_widget_class_bind_template_child (widget_class, PtSyncPage, sync_button);
  gtk_widget_class_bind_template_callback (widget_class, on_choose_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_sync_clicked);
}

static void
pt_sync_page_init (PtSyncPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
