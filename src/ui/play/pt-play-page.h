/* pt-play-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "pt-services.h"
#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TYPE_PLAY_PAGE (pt_play_page_get_type ())

G_DECLARE_FINAL_TYPE (PtPlayPage, pt_play_page, PT, PLAY_PAGE, AdwBin)

GtkWidget *pt_play_page_new (PtServices *services);
/* The history the page saves into (the services' store, opened on first
 * use); NULL, said once in a toast, when it cannot be opened. */
PtStore *pt_play_page_get_store (PtPlayPage *self);
/* The game on screen, or NULL on the start screen. */
GtkWidget *pt_play_page_get_game_view (PtPlayPage *self);
GtkWidget *pt_play_page_get_setup_view (PtPlayPage *self);

G_END_DECLS
