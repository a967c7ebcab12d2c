/* pt-trash-page.c — Recently Deleted; see pt-trash-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-companion-util.h"
#include "pt-game-ui.h"
#include "pt-store-trash.h"
#include "pt-store-worker.h"
#include "pt-trash-page.h"

struct _PtTrashPage
{
  GtkBox parent_instance;

  PtServices *services;
  GPtrArray *items; /* PtTrashItem */

  /* Template widgets */
  AdwPreferencesGroup *group;
  GtkWidget *list;
  GtkWidget *empty_button;
  GtkWidget *status;
};

G_DEFINE_FINAL_TYPE (PtTrashPage, pt_trash_page, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
item_title (PtTrashItem *item)
{
  if (item->kind == PT_TRASH_NIGHT)
    {
      if (item->night->place != NULL && *item->night->place != '\0')
        /* TRANSLATORS: a deleted game night: "Game night of 2026-03-01 at Casa" */
        return g_strdup_printf (_("Game night of %s at %s"), item->night->date, item->night->place);
      return g_strdup_printf (_("Game night of %s"), item->night->date);
    }
  {
    GString *text = g_string_new (pt_game_ui_title (item->match->game));

    for (guint i = 0; i < item->match->results->len; i++)
      {
        PtMatchResult *r = item->match->results->pdata[i];

        g_string_append_printf (text, i == 0 ? " — %s %d" : ", %s %d",
                                r->player_name != NULL ? r->player_name : "?", r->score);
      }
    return g_string_free (text, FALSE);
  }
}

static char *
item_subtitle (PtTrashItem *item)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (item->deleted);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *deleted = when != NULL && item->deleted > 1
                                 ? g_date_time_format (when, "%x")
                                 : NULL;
  int left = item->deleted > 1
                 ? PT_TRASH_DAYS - (int) (g_date_time_difference (now, when) / G_TIME_SPAN_DAY)
                 : -1;
  g_autofree char *played = NULL;

  if (item->kind == PT_TRASH_MATCH)
    {
      g_autoptr(GDateTime) finished = g_date_time_new_from_unix_local (item->match->finished);
      played = finished != NULL ? g_date_time_format (finished, "%x") : g_strdup ("");
    }
  else
    played = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d match", "%d matches",
                                           item->n_matches),
                              item->n_matches);
  if (deleted == NULL)
    return g_steal_pointer (&played);
  /* TRANSLATORS: "2026-03-01 · deleted on 2026-03-04, removed for good in 27 days" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s · deleted on %s, removed for good in %d day",
                                       "%s · deleted on %s, removed for good in %d days",
                                       MAX (left, 0)),
                          played, deleted, MAX (left, 0));
}

static void
show_error (PtTrashPage *self,
            GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                              _("The Trash Cannot Be Changed"), error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_restore_clicked (GtkButton *button,
                    PtTrashPage *self)
{
  g_autoptr(GError) error = NULL;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (!pt_trash_page_restore (self, index, &error))
    show_error (self, error);
}

guint
pt_trash_page_get_n_items (PtTrashPage *self)
{
  g_return_val_if_fail (PT_IS_TRASH_PAGE (self), 0);

  return self->items != NULL ? self->items->len : 0;
}

/* Through the store worker ---------------------------------------------------
 * Every request (list, restore, empty) runs off the main loop and answers
 * with the trash as it is afterwards. */

typedef enum
{
  TRASH_LIST,
  TRASH_RESTORE,
  TRASH_EMPTY,
} TrashOp;

typedef struct
{
  TrashOp op;
  PtTrashKind kind;
  gint64 id;
} TrashRequest;

typedef struct
{
  PtTrashPage *self;
  TrashOp op;
} TrashReply;

static gpointer
trash_job (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  TrashRequest *request = data;

  if (request->op == TRASH_RESTORE &&
      !pt_store_restore_from_trash (store, request->kind, request->id, error))
    return NULL;
  if (request->op == TRASH_EMPTY && pt_store_empty_trash (store, 0, error) < 0)
    return NULL;
  return pt_store_list_trash (store, error);
}

static void
fill (PtTrashPage *self,
      GPtrArray *items,
      GError *error)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  self->items = items;
  if (self->items == NULL)
    {
      pt_companion_group_set_description (GTK_WIDGET (self->group), error ? error->message : "");
      gtk_widget_set_sensitive (self->empty_button, FALSE);
      return;
    }
  for (guint i = 0; i < self->items->len; i++)
    {
      PtTrashItem *item = self->items->pdata[i];
      g_autofree char *title = item_title (item);
      g_autofree char *subtitle = item_subtitle (item);
      GtkWidget *row = pt_companion_plain_row (adw_action_row_new ());
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Restore"));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (i));
      gtk_widget_set_name (button, "trash-restore-button");
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_restore_clicked), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
    }
  gtk_widget_set_visible (self->list, self->items->len > 0);
  gtk_widget_set_visible (self->status, self->items->len == 0);
  gtk_widget_set_sensitive (self->empty_button, self->items->len > 0);
}

static void
on_trash_reply (GObject *source,
                GAsyncResult *result,
                gpointer user_data)
{
  TrashReply *reply = user_data;
  g_autoptr(GError) error = NULL;
  GPtrArray *items = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);

  if (items == NULL && reply->op != TRASH_LIST && error != NULL)
    {
      /* The change failed: say why, then show the trash as it is. */
      show_error (reply->self, error);
      pt_trash_page_reload (reply->self);
    }
  else
    fill (reply->self, items, error);
  g_object_unref (reply->self);
  g_free (reply);
}

static void
request (PtTrashPage *self,
         TrashOp op,
         PtTrashKind kind,
         gint64 id)
{
  g_autoptr(GError) error = NULL;
  PtStoreWorker *worker = pt_services_get_worker (self->services, &error);
  TrashRequest *data;
  TrashReply *reply;

  if (worker == NULL)
    {
      /* The history cannot be opened: said in the group, nothing listed. */
      fill (self, NULL, error);
      return;
    }
  data = g_new0 (TrashRequest, 1);
  data->op = op;
  data->kind = kind;
  data->id = id;
  reply = g_new0 (TrashReply, 1);
  reply->self = g_object_ref (self);
  reply->op = op;
  pt_store_worker_run (worker, NULL, trash_job, data, g_free, (GDestroyNotify) g_ptr_array_unref,
                       NULL, on_trash_reply, reply);
}

/* Queues the restore of item @index (FALSE only for an index not shown);
 * the page fills in again when the worker answers. */
gboolean
pt_trash_page_restore (PtTrashPage *self,
                       guint index,
                       GError **error)
{
  PtTrashItem *item;

  g_return_val_if_fail (PT_IS_TRASH_PAGE (self), FALSE);
  g_return_val_if_fail (self->items != NULL && index < self->items->len, FALSE);

  item = self->items->pdata[index];
  request (self, TRASH_RESTORE, item->kind, item->id);
  return TRUE;
}

void
pt_trash_page_reload (PtTrashPage *self)
{
  g_return_if_fail (PT_IS_TRASH_PAGE (self));
  request (self, TRASH_LIST, PT_TRASH_MATCH, 0);
}

static void
on_empty_confirmed (AdwMessageDialog *dialog,
                    const char *response,
                    PtTrashPage *self)
{
  if (g_strcmp0 (response, "empty") != 0)
    return;
  request (self, TRASH_EMPTY, PT_TRASH_MATCH, 0);
}

static void
on_empty_clicked (GtkButton *button,
                  PtTrashPage *self)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                              _("Empty the Trash?"),
                                                 _("The deleted matches and game nights are removed "
                                                "for good."));

  gtk_widget_set_name (dialog, "empty-trash-dialog");
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "empty", _("_Empty Trash"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "empty",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_empty_confirmed), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_back_clicked (GtkButton *button,
                 PtTrashPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_close_subpage (ADW_PREFERENCES_WINDOW (root));
}

/**
 * pt_trash_page_new:
 * @services: the history whose trash is shown
 */
GtkWidget *
pt_trash_page_new (PtServices *services)
{
  g_return_val_if_fail (PT_IS_SERVICES (services), NULL);

  return g_object_new (PT_TYPE_TRASH_PAGE, "services", services, NULL);
}

static void
pt_trash_page_constructed (GObject *object)
{
  PtTrashPage *self = PT_TRASH_PAGE (object);

  G_OBJECT_CLASS (pt_trash_page_parent_class)->constructed (object);

  g_assert (PT_IS_SERVICES (self->services));
  pt_trash_page_reload (self);
}

static void
pt_trash_page_dispose (GObject *object)
{
  PtTrashPage *self = PT_TRASH_PAGE (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->services);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_TRASH_PAGE);
  G_OBJECT_CLASS (pt_trash_page_parent_class)->dispose (object);
}

static void
pt_trash_page_get_property (GObject *object,
                            guint prop_id,
                            GValue *value,
                            GParamSpec *pspec)
{
  PtTrashPage *self = PT_TRASH_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      g_value_set_object (value, self->services);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_trash_page_set_property (GObject *object,
                            guint prop_id,
                            const GValue *value,
                            GParamSpec *pspec)
{
  PtTrashPage *self = PT_TRASH_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      self->services = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_trash_page_class_init (PtTrashPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pt_trash_page_constructed;
  object_class->dispose = pt_trash_page_dispose;
  object_class->get_property = pt_trash_page_get_property;
  object_class->set_property = pt_trash_page_set_property;

  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-trash-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PtTrashPage, group);
  gtk_widget_class_bind_template_child (widget_class, PtTrashPage, list);
  gtk_widget_class_bind_template_child (widget_class, PtTrashPage, empty_button);
  gtk_widget_class_bind_template_child (widget_class, PtTrashPage, status);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_empty_clicked);
}

static void
pt_trash_page_init (PtTrashPage *self)
{
  g_autofree char *description =
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                    "Deleted matches and game nights stay here for %d day",
                                    "Deleted matches and game nights stay here for %d days",
                                    PT_TRASH_DAYS),
                       PT_TRASH_DAYS);

  gtk_widget_init_template (GTK_WIDGET (self));
  pt_companion_group_set_description (GTK_WIDGET (self->group), description);
}
