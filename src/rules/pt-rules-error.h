/* pt-rules-error.h — the error domain of the rules layer
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PT_RULES_ERROR (pt_rules_error_quark ())

/* Every rejection by the rules layer carries one of these codes and a
 * translated, human-readable message that says why. */
typedef enum
{
  PT_RULES_ERROR_NOT_YOUR_TURN,  /* the player may not act now */
  PT_RULES_ERROR_GAME_OVER,      /* a move after the end */
  PT_RULES_ERROR_MALFORMED_MOVE, /* the move object is not of the game's form */
  PT_RULES_ERROR_ILLEGAL_MOVE,   /* well-formed, but the rules forbid it */
  PT_RULES_ERROR_BAD_RECORD,     /* a record's envelope is wrong (format, game, players, …) */
  PT_RULES_ERROR_BAD_SETUP,      /* a record's setup is impossible (missing card, duplicate, …) */
  PT_RULES_ERROR_BAD_OPTIONS,    /* an unknown or out-of-range option */
  PT_RULES_ERROR_UNKNOWN_GAME,   /* no game with that id */
  PT_RULES_ERROR_CANNOT_UNDO,    /* nothing to undo, or the match does not allow it */
  PT_RULES_ERROR_INVALID_SHEET,  /* a companion score sheet that cannot happen */
  PT_RULES_ERROR_BAD_DATA,       /* a malformed data file (e.g. a map) */
} PtRulesError;

GQuark pt_rules_error_quark (void);

G_END_DECLS
