/* pt-history-model.c — the match history as a GListModel that pages
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only what has been scrolled to is read: the first page on load, then the
 * next one (keyset paging on (finished, id), which costs the same however
 * far down the list is) when the list view asks for an item near the end.
 * Every read runs on the store worker (pt-store-worker.h): the list keeps
 * what it shows until the answer comes, "loaded" says when it did (with the
 * error, if any), and a newer load cancels an older one. Thousands of
 * matches stay fast because the list view only creates rows for what is on
 * screen and the store only reads 100 at a time. A page that has come is
 * published a part (CHUNK items) per frame (pt-paced.h): GTK 4.8's list
 * view makes a row for each of up to 200 items whether shown or not, and
 * 100 new rows built and laid out at once stall the window for ~60 ms.
 *
 * A heading item goes before the first match of each game night; matches
 * outside any night are grouped by day.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-companion-util.h"
#include "pt-history-model.h"
#include "pt-paced.h"

#define PAGE_SIZE 100
#define PREFETCH  40
#define CHUNK     20

struct _PtHistoryModel
{
  GObject parent_instance;

  PtStoreWorker *worker;
  guint generation;       /* of the load in progress; older answers are dropped */
  gboolean loading;       /* a page is on its way */
  GPtrArray *players;     /* everyone, read with the first page */
  GPtrArray *items;       /* of PtHistoryItem */
  GPtrArray *pending;     /* of PtHistoryItem, come but not published yet */
  guint replace;          /* items to remove with the next publishing (a first page) */
  GtkWidget *pace_widget; /* weak: publishing waits for its frames */
  guint publish_id;
  GHashTable *nights; /* night id → PtNight */
  char *game;
  char *search;
  gint64 player_id;
  int mode;
  gint64 from;
  gint64 to;
  gint64 night_id;

  gint64 last_finished; /* the keyset of the last match loaded */
  gint64 last_id;
  char *last_group; /* the heading key of the last match loaded */
  guint n_matches;
  gboolean complete;
  guint idle_id;
};

enum
{
  SIGNAL_LOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void pt_history_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PtHistoryModel, pt_history_model, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, pt_history_model_list_model_init))

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
             PtMatchEntry *entry)
{
  PtNight *night = entry->night_id > 0
                       ? g_hash_table_lookup (self->nights, &entry->night_id)
                       : NULL;

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

/* One read on the worker: a page of matches, and with the first page the
 * nights (for the headings) and the players (for the filter). */
typedef struct
{
  PtHistoryQuery query;
  char *game;
  char *search;
  gboolean first;
  guint generation;
} PageRequest;

typedef struct
{
  GPtrArray *entries;
  GPtrArray *nights;
  GPtrArray *players;
} PageAnswer;

static void
page_request_free (PageRequest *request)
{
  g_free (request->game);
  g_free (request->search);
  g_free (request);
}

static void
page_answer_free (PageAnswer *answer)
{
  g_clear_pointer (&answer->entries, g_ptr_array_unref);
  g_clear_pointer (&answer->nights, g_ptr_array_unref);
  g_clear_pointer (&answer->players, g_ptr_array_unref);
  g_free (answer);
}

static gpointer
read_page (PtStore *store,
           PtStats *stats,
           gpointer data,
           GCancellable *cancellable,
           GError **error)
{
  PageRequest *request = data;
  PageAnswer *answer = g_new0 (PageAnswer, 1);

  request->query.game = request->game;
  request->query.search = request->search;
  if ((request->first && ((answer->nights = pt_store_list_nights (store, error)) == NULL ||
                          (answer->players = pt_store_list_players (store, TRUE, error)) == NULL)) ||
      (answer->entries = pt_store_history (store, &request->query, error)) == NULL)
    {
      page_answer_free (answer);
      return NULL;
    }
  return answer;
}

/* Queues the page's items for publishing. */
static void
append_entries (PtHistoryModel *self,
                GPtrArray *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      PtMatchEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *key = group_key (entry);

      if (g_strcmp0 (key, self->last_group) != 0)
        {
          g_ptr_array_add (self->pending, new_heading (self, entry));
          g_free (self->last_group);
          self->last_group = g_steal_pointer (&key);
        }
      g_ptr_array_add (self->pending, pt_history_item_new_match (entry));
      self->last_finished = entry->finished;
      self->last_id = entry->id;
      self->n_matches++;
    }
  if (entries->len < PAGE_SIZE)
    self->complete = TRUE;
}

/* Publishes the next CHUNK items that have come (with the removal of the
 * old items, for a first page). */
static gboolean
publish_step (gpointer user_data)
{
  PtHistoryModel *self = user_data;
  gint64 start = pt_paced_thread_us ();

  /* Parts while the step's CPU budget lasts (the list's rows are cheap to
   * bind: pt-text-line.h), the rest after the next frame. */
  do
    {
      guint n = MIN (CHUNK, self->pending->len), position, removed = self->replace;

      if (removed > 0)
        g_ptr_array_remove_range (self->items, 0, removed);
      position = self->items->len;
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (self->items, g_object_ref (g_ptr_array_index (self->pending, i)));
      g_ptr_array_remove_range (self->pending, 0, n);
      self->replace = 0;
      if (removed > 0 || n > 0)
        g_list_model_items_changed (G_LIST_MODEL (self), removed > 0 ? 0 : position, removed, n);
    }
  while (self->pending->len > 0 && pt_paced_thread_us () - start < PT_PACED_STEP_BUDGET_US);
  if (self->pending->len > 0)
    return TRUE;
  self->publish_id = 0;
  return FALSE;
}

static void
publish (PtHistoryModel *self)
{
  if (self->publish_id != 0)
    return;
  /* The first part at once, the rest a part per frame. */
  if (publish_step (self) && self->pace_widget != NULL)
    self->publish_id = pt_paced_start (self->pace_widget, publish_step, g_object_ref (self), g_object_unref);
  else
    while (self->pending->len > 0)
      publish_step (self);
}

typedef struct
{
  PtHistoryModel *self;
  guint generation;
  gboolean first;
} Pending;

static void
page_read (GObject *source,
           GAsyncResult *result,
           gpointer user_data)
{
  g_autofree Pending *pending = user_data;
  g_autoptr(PtHistoryModel) self = pending->self;
  g_autoptr(GError) error = NULL;
  PageAnswer *answer = pt_store_worker_finish (PT_STORE_WORKER (source), result, &error);
  guint generation = pending->generation;
  gboolean first = pending->first;

  /* Cancelled by a newer load (which is on its way) or by dispose. */
  if (answer == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (generation != self->generation)
    {
      g_clear_pointer (&answer, page_answer_free);
      return;
    }
  self->loading = FALSE;
  if (answer == NULL)
    {
      self->complete = TRUE;
      g_signal_emit (self, signals[SIGNAL_LOADED], 0, error);
      return;
    }
  if (first)
    {
      g_hash_table_remove_all (self->nights);
      for (guint i = 0; i < answer->nights->len; i++)
        {
          PtNight *night = g_ptr_array_index (answer->nights, i);

          g_hash_table_insert (self->nights, &night->id, pt_night_ref (night));
        }
      g_clear_pointer (&self->players, g_ptr_array_unref);
      self->players = g_ptr_array_ref (answer->players);
      pt_paced_stop (self->publish_id);
      self->publish_id = 0;
      g_ptr_array_set_size (self->pending, 0);
      self->replace = self->items->len;
      self->last_finished = 0;
      self->last_id = 0;
      g_clear_pointer (&self->last_group, g_free);
      self->n_matches = 0;
      self->complete = FALSE;
    }
  append_entries (self, answer->entries);
  page_answer_free (answer);
  publish (self);
  g_signal_emit (self, signals[SIGNAL_LOADED], 0, NULL);
}

static void
request_page (PtHistoryModel *self,
              gboolean first)
{
  PageRequest *request = g_new0 (PageRequest, 1);
  Pending *pending = g_new0 (Pending, 1);

  pt_history_query_init (&request->query);
  request->game = g_strdup (self->game);
  request->search = g_strdup (self->search);
  request->query.player_id = self->player_id;
  request->query.mode = self->mode;
  request->query.from = self->from;
  request->query.to = self->to;
  request->query.night_id = self->night_id;
  request->query.limit = PAGE_SIZE;
  request->query.before_finished = first ? 0 : self->last_finished;
  request->query.before_id = first ? 0 : self->last_id;
  request->first = first;
  request->generation = self->generation;
  self->loading = TRUE;
  pending->self = g_object_ref (self);
  pending->generation = self->generation;
  pending->first = first;
  pt_store_worker_run (self->worker, "history", read_page, request,
                       (GDestroyNotify) page_request_free, (GDestroyNotify) page_answer_free, NULL,
                       page_read, pending);
}

gboolean
pt_history_model_load_more (PtHistoryModel *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), FALSE);
  if (self->complete || self->worker == NULL || self->loading || self->pending->len > 0)
    return FALSE;
  request_page (self, FALSE);
  return TRUE;
}

static gboolean
load_more_idle (gpointer user_data)
{
  PtHistoryModel *self = user_data;

  self->idle_id = 0;
  pt_history_model_load_more (self);
  return G_SOURCE_REMOVE;
}

void
pt_history_model_load (PtHistoryModel *self,
                       PtStoreWorker *worker,
                       const PtHistoryQuery *query)
{
  g_return_if_fail (PT_IS_HISTORY_MODEL (self));
  g_return_if_fail (PT_IS_STORE_WORKER (worker));

  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_set_object (&self->worker, worker);
  g_free (self->game);
  self->game = g_strdup (query->game);
  g_free (self->search);
  self->search = query->search && query->search[0] ? g_strdup (query->search) : NULL;
  self->player_id = query->player_id;
  self->mode = query->mode;
  self->from = query->from;
  self->to = query->to;
  self->night_id = query->night_id;
  self->generation++;
  request_page (self, TRUE);
}

/* Publishing a page waits for the frames of @widget (the list showing the
 * model), a part per frame; without one a page is published at once. */
void
pt_history_model_set_pace_widget (PtHistoryModel *self,
                                  GtkWidget *widget)
{
  g_return_if_fail (PT_IS_HISTORY_MODEL (self));
  g_set_weak_pointer (&self->pace_widget, widget);
}

GPtrArray *
pt_history_model_get_players (PtHistoryModel *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), NULL);
  return self->players;
}

gboolean
pt_history_model_get_loading (PtHistoryModel *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), FALSE);
  return self->loading;
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
                             gint64 id)
{
  g_return_val_if_fail (PT_IS_HISTORY_MODEL (self), -1);
  for (guint i = 0; i < self->items->len; i++)
    {
      PtMatchEntry *entry = pt_history_item_get_entry (g_ptr_array_index (self->items, i));

      if (entry != NULL && entry->id == id)
        return (int) i;
    }
  for (guint i = 0; i < self->pending->len; i++)
    {
      PtMatchEntry *entry = pt_history_item_get_entry (g_ptr_array_index (self->pending, i));

      if (entry != NULL && entry->id == id)
        return (int) (self->items->len + i);
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
                           guint position)
{
  PtHistoryModel *self = PT_HISTORY_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  /* The list view is reading near the end: fetch the next page, but not
   * from inside get_item (items-changed must not be emitted from here). */
  if (!self->complete && !self->loading && self->pending->len == 0 &&
      position + PREFETCH >= self->items->len && self->idle_id == 0)
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
  pt_paced_stop (self->publish_id);
  self->publish_id = 0;
  g_clear_weak_pointer (&self->pace_widget);
  g_clear_object (&self->worker);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  G_OBJECT_CLASS (pt_history_model_parent_class)->dispose (object);
}

static void
pt_history_model_finalize (GObject *object)
{
  PtHistoryModel *self = PT_HISTORY_MODEL (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
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

  /**
   * PtHistoryModel::loaded:
   * @error: (nullable): why the page could not be read
   *
   * A page read by load() or load_more() has arrived (or failed).
   */
  signals[SIGNAL_LOADED] =
      g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
pt_history_model_init (PtHistoryModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  self->nights = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                        (GDestroyNotify) pt_night_unref);
  self->mode = -1;
}
