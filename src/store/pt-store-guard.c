/* pt-store-guard.c — a history that is only read: damaged databases
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A database that fails its integrity check is not written to again (each
 * write could spread the damage); it is still read, to show, export and
 * salvage it. PRAGMA query_only makes this connection refuse every change
 * (SQLITE_READONLY), which the store reports as READ_ONLY with the reason.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "pt-store-private.h"

gboolean
pt_store_refuse_changes (PtStore *self,
                         const char *reason,
                         GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  if (self->read_only && !self->refusing)
    return TRUE; /* opened read-only already: nothing can be written */
  if (!pt_store_exec (self, "PRAGMA query_only = 1", error))
    return FALSE;
  self->read_only = TRUE;
  self->refusing = TRUE;
  g_free (self->read_only_reason);
  self->read_only_reason = g_strdup (reason != NULL ? reason : _("it is damaged"));
  return TRUE;
}

gboolean
pt_store_allow_changes (PtStore *self,
                        GError **error)
{
  g_return_val_if_fail (PT_IS_STORE (self), FALSE);

  if (!self->refusing)
    return TRUE;
  if (!pt_store_exec (self, "PRAGMA query_only = 0", error))
    return FALSE;
  self->read_only = FALSE;
  self->refusing = FALSE;
  g_clear_pointer (&self->read_only_reason, g_free);
  return TRUE;
}

const char *
pt_store_get_read_only_reason (PtStore *self)
{
  g_return_val_if_fail (PT_IS_STORE (self), NULL);

  return self->read_only ? self->read_only_reason : NULL;
}
