/* pt-history-item.h — one line of the history list: a match or a heading
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "pt-store-types.h"

G_BEGIN_DECLS

#define PT_TYPE_HISTORY_ITEM (pt_history_item_get_type ())
G_DECLARE_FINAL_TYPE (PtHistoryItem, pt_history_item, PT, HISTORY_ITEM, GObject)

/* A heading (a game night or a day) … */
PtHistoryItem *pt_history_item_new_heading (const char *title,
                                            const char *subtitle,
                                            gint64 night_id);
/* … or a match (a reference to @entry is taken). */
PtHistoryItem *pt_history_item_new_match (PtMatchEntry *entry);

gboolean pt_history_item_is_heading (PtHistoryItem *self);
const char *pt_history_item_get_title (PtHistoryItem *self);
const char *pt_history_item_get_subtitle (PtHistoryItem *self);
gint64 pt_history_item_get_night_id (PtHistoryItem *self);
PtMatchEntry *pt_history_item_get_entry (PtHistoryItem *self);

G_END_DECLS
