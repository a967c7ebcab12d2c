/* pt-history-item.c — one line of the history list
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 list views have no sections, so the night (or day) headings are
 * items of their own between the matches.
 */
#include "config.h"

#include "pt-history-item.h"

struct _PtHistoryItem
{
  GObject parent_instance;

  char *title;
  char *subtitle;
  gint64 night_id;
  PtMatchEntry *entry; /* NULL for a heading */
};

G_DEFINE_FINAL_TYPE (PtHistoryItem, pt_history_item, G_TYPE_OBJECT)

PtHistoryItem *
pt_history_item_new_heading (const char *title,
                             const char *subtitle,
                             gint64 night_id)
{
  PtHistoryItem *self = g_object_new (PT_TYPE_HISTORY_ITEM, NULL);

  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle);
  self->night_id = night_id;
  return self;
}

PtHistoryItem *
pt_history_item_new_match (PtMatchEntry *entry)
{
  PtHistoryItem *self = g_object_new (PT_TYPE_HISTORY_ITEM, NULL);

  g_return_val_if_fail (entry != NULL, self);
  self->entry = pt_match_entry_ref (entry);
  self->night_id = entry->night_id;
  return self;
}

gboolean
pt_history_item_is_heading (PtHistoryItem *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_ITEM (self), FALSE);
  return self->entry == NULL;
}

const char *
pt_history_item_get_title (PtHistoryItem *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_ITEM (self), NULL);
  return self->title;
}

const char *
pt_history_item_get_subtitle (PtHistoryItem *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_ITEM (self), NULL);
  return self->subtitle;
}

gint64
pt_history_item_get_night_id (PtHistoryItem *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_ITEM (self), 0);
  return self->night_id;
}

PtMatchEntry *
pt_history_item_get_entry (PtHistoryItem *self)
{
  g_return_val_if_fail (PT_IS_HISTORY_ITEM (self), NULL);
  return self->entry;
}

static void
pt_history_item_finalize (GObject *object)
{
  PtHistoryItem *self = PT_HISTORY_ITEM (object);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);
  g_clear_pointer (&self->entry, pt_match_entry_unref);
  G_OBJECT_CLASS (pt_history_item_parent_class)->finalize (object);
}

static void
pt_history_item_class_init (PtHistoryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pt_history_item_finalize;
}

static void
pt_history_item_init (PtHistoryItem *self)
{
}
