/* pt-rules-error.c
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pt-rules-error.h"

G_DEFINE_QUARK (pt - rules - error - quark, pt_rules_error)
