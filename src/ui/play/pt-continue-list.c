/* pt-continue-list.c — the games in progress, to pick one up again
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per saved game: the game, the players, when it was last played.
 * "Continue" activates play.continue(id) and the bin icon
 * play.delete-saved(id) on the Play page.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <json-glib/json-glib.h>

#include "pt-accessible.h"
#include "pt-continue-list.h"
#include "pt-game-ui.h"
#include "pt-record.h"

struct _PtContinueList
{
  AdwBin parent_instance;

  /* Template widgets */
  GtkWidget *group;

  GPtrArray *rows;
};

G_DEFINE_FINAL_TYPE (PtContinueList, pt_continue_list, ADW_TYPE_BIN)

static char *
players_text (const char *record)
{
  /* A saved game read back from the database: outside text. */
  g_autoptr(JsonNode) node = pt_json_parse (record, NULL);
  JsonObject *object = pt_json_get_object (node);
  JsonArray *players;
  g_autoptr(GString) text = g_string_new (NULL);

  if (object == NULL)
    return g_strdup ("");
  players = pt_json_get_array (json_object_get_member (object, "players"));
  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    {
      const char *name = pt_json_get_string (json_array_get_element (players, i));

      if (i > 0)
        /* Translators: between player names, "Ana vs Beto" */
        g_string_append (text, _(" vs "));
      g_string_append (text, name != NULL ? name : "?");
    }
  /* A match of rounds says which round it stopped in. */
  if (g_strcmp0 (pt_json_get_string (json_object_get_member (object, "format")), "partida-match/1") == 0)
    {
      JsonArray *rounds = pt_json_get_array (json_object_get_member (object, "rounds"));
      gint64 total = 0;

      if (rounds != NULL && pt_json_get_int (json_object_get_member (object, "rounds_total"), &total))
        /* Translators: a saved match in the Continue list, "Ana vs Beto · round 2 of 3" */
        g_string_append_printf (text, _(" · round %u of %u"), json_array_get_length (rounds), (guint) total);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
when_text (gint64 updated)
{
  g_autoptr(GDateTime) then = g_date_time_new_from_unix_local (updated);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  GTimeSpan span = g_date_time_difference (now, then);

  if (then == NULL)
    return g_strdup ("");
  if (span < G_TIME_SPAN_MINUTE)
    return g_strdup (_("just now"));
  if (span < G_TIME_SPAN_HOUR)
    {
      int minutes = span / G_TIME_SPAN_MINUTE;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d minute ago", "%d minutes ago",
                                           minutes),
                              minutes);
    }
  /* Translators: a date and time in strftime format */
  return g_date_time_format (then, _("%e %b %Y, %H:%M"));
}

guint
pt_continue_list_set_saved (PtContinueList *self,
                            GPtrArray *saved,
                            const GError *error)
{
  g_return_val_if_fail (PT_IS_CONTINUE_LIST (self), 0);

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->group),
                                  g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);

  for (guint i = 0; saved != NULL && i < saved->len; i++)
    {
      PtSavedGame *game = g_ptr_array_index (saved, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button, *remove;
      g_autofree char *players = players_text (game->record);
      g_autofree char *when = when_text (game->updated);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", players, when);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pt_game_ui_title (game->game));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

      remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      gtk_widget_set_tooltip_text (remove, _("Abandon this game"));
      pt_accessible_set_label (remove, _("Abandon this game"));
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "x", game->id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "play.delete-saved");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);

      button = gtk_button_new_with_label (_("Continue"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "x", game->id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.continue");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
      g_ptr_array_add (self->rows, row);
    }

  /* A failed read says so where the games would be, not as an empty list. */
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->group),
                                         error != NULL ? error->message : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), self->rows->len > 0 || error != NULL);
  return self->rows->len;
}

GtkWidget *
pt_continue_list_new (void)
{
  return g_object_new (PT_TYPE_CONTINUE_LIST, NULL);
}

static void
pt_continue_list_finalize (GObject *object)
{
  PtContinueList *self = PT_CONTINUE_LIST (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (pt_continue_list_parent_class)->finalize (object);
}

static void
pt_continue_list_dispose (GObject *object)
{
  /* The bound child is AdwBin's: out of the bin first, or the template and
   * the bin would both unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PT_TYPE_CONTINUE_LIST);

  G_OBJECT_CLASS (pt_continue_list_parent_class)->dispose (object);
}

static void
pt_continue_list_class_init (PtContinueListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pt_continue_list_dispose;
  G_OBJECT_CLASS (klass)->finalize = pt_continue_list_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/partida/Partida/pt-continue-list.ui");
  gtk_widget_class_bind_template_child (widget_class, PtContinueList, group);
}

static void
pt_continue_list_init (PtContinueList *self)
{
  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
