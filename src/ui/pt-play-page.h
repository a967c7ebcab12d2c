/* pt-play-page.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PT_TYPE_PLAY_PAGE (pt_play_page_get_type ())

G_DECLARE_FINAL_TYPE (PtPlayPage, pt_play_page, PT, PLAY_PAGE, AdwBin)

GtkWidget *pt_play_page_new (void);

G_END_DECLS
