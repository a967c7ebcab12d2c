/* pt-stats-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PT_TYPE_STATS_PAGE (pt_stats_page_get_type ())

G_DECLARE_FINAL_TYPE (PtStatsPage, pt_stats_page, PT, STATS_PAGE, AdwBin)

GtkWidget *pt_stats_page_new (void);

G_END_DECLS
