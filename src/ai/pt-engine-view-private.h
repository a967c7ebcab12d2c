/* pt-engine-view-private.h — what the per-game view adapters share
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pt-bot-strategy.h"
#include "pt-engine-view.h"

G_BEGIN_DECLS

/* Sets a G_IO_ERROR_INVALID_DATA "the view is not valid" error naming
 * @what; always returns FALSE. */
gboolean pt_engine_view_bad (GError **error,
                             const char *what);
/* Reads the integer @member of @object into @out: FALSE when it is missing,
 * not an integer or outside @min..@max. */
gboolean pt_engine_view_get_int_in (JsonObject *object,
                                    const char *member,
                                    gint64 min,
                                    gint64 max,
                                    gint64 *out);

G_END_DECLS
