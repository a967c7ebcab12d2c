/* pt-history-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PT_TYPE_HISTORY_PAGE (pt_history_page_get_type ())

G_DECLARE_FINAL_TYPE (PtHistoryPage, pt_history_page, PT, HISTORY_PAGE, AdwBin)

GtkWidget *pt_history_page_new (void);

G_END_DECLS
