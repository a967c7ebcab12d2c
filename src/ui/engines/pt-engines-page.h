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

PtEnginesPage *pt_engines_page_new (GSettings *settings);

/* For the Play page: the engines of GSettings "engines" that play
 * @game_id, as "engine:COMMAND" player specs (see pt-engine.h) in
 * @specs and their names in @names (both NULL-terminated, same order). */
void pt_engines_page_list_for_game (GSettings *settings,
                                    const char *game_id,
                                    char ***names,
                                    char ***specs);

/* Where engines added from a file are kept, and run from:
 * $XDG_DATA_HOME/partida/engines (inside the Flatpak, Partida's own data
 * folder: the sandbox sees no program of the host). */
char *pt_engines_page_dup_engines_dir (void);

/* "Add from file": copies @file into the engines folder (replacing an
 * earlier copy of the same name only once the new one passes), makes it
 * executable, tests its handshake from there and adds it. Asynchronous:
 * the status row tells the outcome. The file chooser's answer calls it. */
void pt_engines_page_add_file (PtEnginesPage *self,
                               GFile *file);

G_END_DECLS
