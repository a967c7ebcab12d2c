/* pt-stats-page.h — the Players area: players, statistics and charts
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"

#include "pt-chart.h"

G_BEGIN_DECLS

#define PT_TYPE_STATS_PAGE (pt_stats_page_get_type ())

G_DECLARE_FINAL_TYPE (PtStatsPage, pt_stats_page, PT, STATS_PAGE, AdwBin)

GtkWidget *pt_stats_page_new (PtServices *services);
void pt_stats_page_reload (PtStatsPage *self);
gboolean pt_stats_page_show_player (PtStatsPage *self,
                                    gint64 player_id);
/* What the page's buttons, rows and dialogs do: queued to the store worker
 * (TRUE, or non-zero, once queued; the page reads again when it is done). */
gint64 pt_stats_page_add_player (PtStatsPage *self,
                                 const char *name,
                                 GError **error);
gboolean pt_stats_page_rename_player (PtStatsPage *self,
                                      gint64 player_id,
                                      const char *name,
                                      GError **error);
gboolean pt_stats_page_set_player_colour (PtStatsPage *self,
                                          gint64 player_id,
                                          const char *colour,
                                          GError **error);
gboolean pt_stats_page_set_player_archived (PtStatsPage *self,
                                            gint64 player_id,
                                            gboolean archived,
                                            GError **error);
/* After the confirmation: @from disappears at once, but the store merges
 * only when the undo toast goes away (or pt_stats_page_commit_merge()). */
void pt_stats_page_merge_players (PtStatsPage *self,
                                  gint64 from,
                                  gint64 into);
gboolean pt_stats_page_undo_merge (PtStatsPage *self);
gboolean pt_stats_page_commit_merge (PtStatsPage *self,
                                     GError **error);
/* The leaderboard's game (NULL = all games). */
void pt_stats_page_set_leaderboard_game (PtStatsPage *self,
                                         const char *game);
/* The chart of the player page named @name ("score-chart",
 * "rating-chart", "win-rate-chart", "distribution-chart"). */
PtChart *pt_stats_page_get_chart (PtStatsPage *self,
                                  const char *name);

G_END_DECLS
