/* pt-player-name.h — one rule for whether two typed names are one player
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Players type names in a hurry and on keyboards without "ñ": "begona",
 * "BEGOÑA" and "Begoña" are one person, and so are "ángel" and "Ángel". The
 * identity key folds a name to compare it: Unicode compatibility
 * decomposition (NFKD), combining marks dropped, case folded, white space
 * trimmed and collapsed. Typing, search, sorting ties and import all use
 * this one rule; sorting itself uses the locale's collation (Spanish puts
 * "Ángel" with the A's, not after "Zoe").
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest name a player may have, in characters (import and the seats'
 * defaults hold to it). */
#define PT_PLAYER_NAME_MAX_CHARS 100

/* The folded identity key of @name: equal keys mean the same player. */
char *pt_player_name_key (const char *name);
/* TRUE when @a and @b are the same player by the identity rule. */
gboolean pt_player_name_equal (const char *a,
                               const char *b);
/* TRUE when the folded @needle occurs in the folded @name (search). */
gboolean pt_player_name_matches (const char *name,
                                 const char *needle);
/* A key for sorting names in the current locale (g_utf8_collate_key of the
 * case-folded name); ties are broken by the caller (by id). */
char *pt_player_name_collate_key (const char *name);
/* qsort-style comparison of two names by the locale's collation. */
int pt_player_name_compare (const char *a,
                            const char *b);

G_END_DECLS
