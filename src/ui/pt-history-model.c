/* pt-history-model.c — the match history as a GListModel that pages
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only what has been scrolled to is read: the first page on load, then the
 * next one (keyset paging on (finished, id), which costs the same however
 * far down the list is) from an idle when the list view asks for an item
 * near the end. Thousands of matches stay fast because the list view only
 * creates rows for what is on screen and the store only reads 100 at a time.
 *
 * A heading item goes before the first match of each game night; matches
 * outside any night are grouped by day.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-companion-util.h"
#include "pt-history-model.h"

#define PAGE_SIZE 100
#define PREFETCH  40

struct _PtHistoryModel
{
  GObject     parent_instance;

  PtStore    *store;
  GPtrArray  *items;          /* of PtHistoryItem */
  GHashTable *nights;         /* night id → PtNight */
  char       *game;
  char       *search;
  gint64      player_id;
  int         mode;
  gint64      from;
  gint64      to;
  gint64      night_id;

  gint64      last_finished;  /* the keyset of the last match loaded */
  gint64      last_id;
  char       *last_group;     /* the heading key of the last match loaded */
  guint       n_matches;
  gboolean    complete;
  guint       idle_id;
};

static void pt_history_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PtHistoryModel, pt_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      pt_history_model_list_model_init))

PtHistoryModel *
pt_history_model_new (void)
{
  return g_object_new (PT_TYPE_HISTORY_MODEL, NULL);
}

static char *
group_key (PtMatchEntry *entry)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  if (entry->night_id > 0)
    return g_strdup_printf ("night-%" G_GINT64_FORMAT, entry->night_id);
  utc = g_date_time_new_from_unix_utc (entry->finished);
  local = utc ? g_date_time_to_local (utc) : NULL;
  return local ? g_date_time_format (local, "day-%Y-%m-%d") : g_strdup ("day-?");
}

static PtHistoryItem *
new_heading (PtHistoryModel *self,
             PtMatchEntry   *entry)
{
  PtNight *night = entry->night_id > 0
                   ? g_hash_table_lookup (self->nights, &entry->night_id) : NULL;

  if (night != NULL)
    {
      g_autofree char *date = pt_companion_format_night_date (night->date);
      g_autofree char *title = night->place && night->place[0]
        /* TRANSLATORS: a game night heading: its date, then its place */
        ? g_strdup_printf (_("Game night · %s"), night->place)
        : g_strdup (_("Game night"));

      return pt_history_item_new_heading (title, date, night->id);
    }
  else
    {
      g_autofree char *day = pt_companion_format_day (entry->finished);

      return pt_history_item_new_heading (day, NULL, 0);
    }
}

/* Appends one page; returns how many items were added. */
static guint
append_page (PtHistoryModel  *self,
             GError         **error)
{
  PtHistoryQuery query;
  g_autoptr(GPtrArray) entries = NULL;
  guint before = self->items->len;

  pt_history_query_init (&query);
  query.game = self->game;
  query.player_id = self->player_id;
  query.mode = self->mode;
  query.from = self->from;
  query.to = self->to;
  query.search = self->search;
  query.night_id = self->night_id;
  query.limit = PAGE_SIZE;
  query.before_finished = self->last_finished;
  query.before_id = self->last_id;

  entries = pt_store_history (self->store, &query, error);
  if (entries == NULL)
    {
      self->complete = TRUE;
      return 0;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *key = group_key (entry);

      if (g_strcmp0 (key, self->last_group) != 0)
        {
          g_ptr_array_add (self->items, new_heading (self, entry));
          g_free (self->last_group);
          self->last_group = g_steal_pointer (&key);
        }
      g_ptr_array_add (self->items, pt_history_item_new_match (entry));
      self->last_finished = entry->finished;
      self->last_id = entry->id;
      self->n_matches++;
    }
  if (entries->len < PAGE_SIZE)
    self->complete = TRUE;
  return self->items->len - before;
}

gboolean
pt_history_model_load_more (PtHistoryModel *self)
{
  guint before, added;

  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), FALSE);
  if (self->complete || self->store == NULL)
    return FALSE;
  before = self->items->len;
  added = append_page (self, NULL);
  if (added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), before, 0, added);
  return added > 0;
}

static gboolean
load_more_idle (gpointer user_data)
{
  PtHistoryModel *self = user_data;

  self->idle_id = 0;
  pt_history_model_load_more (self);
  return G_SOURCE_REMOVE;
}

gboolean
pt_history_model_load (PtHistoryModel        *self,
                       PtStore               *store,
                       const PtHistoryQuery  *query,
                       GError               **error)
{
  guint removed;
  g_autoptr(GPtrArray) nights = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), FALSE);
  g_return_val_if_fail (PT_IS_STORE (store), FALSE);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_set_object (&self->store, store);
  g_free (self->game);
  self->game = g_strdup (query->game);
  g_free (self->search);
  self->search = query->search && query->search[0] ? g_strdup (query->search) : NULL;
  self->player_id = query->player_id;
  self->mode = query->mode;
  self->from = query->from;
  self->to = query->to;
  self->night_id = query->night_id;

  g_hash_table_remove_all (self->nights);
  nights = pt_store_list_nights (store, NULL);
  for (guint i = 0; nights != NULL && i < nights->len; i++)
    {
      PtNight *night = g_ptr_array_index (nights, i);

      g_hash_table_insert (self->nights, &night->id, pt_night_ref (night));
    }

  removed = self->items->len;
  g_ptr_array_set_size (self->items, 0);
  self->last_finished = 0;
  self->last_id = 0;
  g_clear_pointer (&self->last_group, g_free);
  self->n_matches = 0;
  self->complete = FALSE;
  {
    g_autoptr(GError) local_error = NULL;

    append_page (self, &local_error);
    if (local_error != NULL)
      {
        g_propagate_error (error, g_steal_pointer (&local_error));
        ok = FALSE;
      }
  }
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->items->len);
  return ok;
}

guint
pt_history_model_get_n_matches (PtHistoryModel *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), 0);
  return self->n_matches;
}

gboolean
pt_history_model_get_complete (PtHistoryModel *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), TRUE);
  return self->complete;
}

int
pt_history_model_find_match (PtHistoryModel *self,
                             gint64          id)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), -1);
  for (guint i = 0; i < self->items->len; i++)
    {
      PtMatchEntry *entry = pt_history_item_get_entry (g_ptr_array_index (self->items, i));

      if (entry != NULL && entry->id == id)
        return (int) i;
    }
  return -1;
}

static GType
pt_history_model_get_item_type (GListModel *model)
{
  return PT_TYPE_HISTORY_ITEM;
}

static guint
pt_history_model_get_n_items (GListModel *model)
{
  return PT_HISTORY_MODEL (model)->items->len;
}

static gpointer
pt_history_model_get_item (GListModel *model,
                           guint       position)
{
  PtHistoryModel *self = PT_HISTORY_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  /* The list view is reading near the end: fetch the next page, but not
   * from inside get_item (items-changed must not be emitted from here). */
  if (!self->complete && position + PREFETCH >= self->items->len && self->idle_id == 0)
    self->idle_id = g_idle_add (load_more_idle, self);
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
pt_history_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = pt_history_model_get_item_type;
  iface->get_n_items = pt_history_model_get_n_items;
  iface->get_item = pt_history_model_get_item;
}

static void
pt_history_model_dispose (GObject *object)
{
  PtHistoryModel *self = PT_HISTORY_MODEL (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (pt_history_model_parent_class)->dispose (object);
}

static void
pt_history_model_finalize (GObject *object)
{
  PtHistoryModel *self = PT_HISTORY_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->nights, g_hash_table_unref);
  g_clear_pointer (&self->game, g_free);
  g_clear_pointer (&self->search, g_free);
  g_clear_pointer (&self->last_group, g_free);
  G_OBJECT_CLASS (pt_history_model_parent_class)->finalize (object);
}

static void
pt_history_model_class_init (PtHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_history_model_dispose;
  object_class->finalize = pt_history_model_finalize;
}

static void
pt_history_model_init (PtHistoryModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->nights = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                        (GDestroyNotify) pt_night_unref);
  self->mode = -1;
}
