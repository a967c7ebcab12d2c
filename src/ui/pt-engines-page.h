/* pt-engines-page.h — Preferences → Engines: external computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PT_TYPE_ENGINES_PAGE (pt_engines_page_get_type ())

G_DECLARE_FINAL_TYPE (PtEnginesPage, pt_engines_page, PT, ENGINES_PAGE, AdwPreferencesPage)

PtEnginesPage *pt_engines_page_new      (GSettings  *settings);

/* For the Play page: the engines of GSettings "engines" that play
 * @game_id, as "engine:COMMAND" player specs (see pt-engine.h) in
 * @specs and their names in @names (both NULL-terminated, same order). */
void           pt_engines_page_list_for_game (GSettings   *settings,
                                              const char  *game_id,
                                              char      ***names,
                                              char      ***specs);

G_END_DECLS
