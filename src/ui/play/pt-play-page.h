/* pt-play-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TYPE_PLAY_PAGE (pt_play_page_get_type ())

G_DECLARE_FINAL_TYPE (PtPlayPage, pt_play_page, PT, PLAY_PAGE, AdwBin)

GtkWidget *pt_play_page_new       (void);
/* The history the page saves into; opened from the application's
 * database path on first use when not set. */
PtStore   *pt_play_page_get_store (PtPlayPage *self);
void       pt_play_page_set_store (PtPlayPage *self,
                                   PtStore    *store);
/* The game on screen, or NULL on the start screen. */
GtkWidget *pt_play_page_get_game_view (PtPlayPage *self);
GtkWidget *pt_play_page_get_setup_view (PtPlayPage *self);

G_END_DECLS
