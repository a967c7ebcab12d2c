/* pt-text-hover.c — see pt-text-hover.h
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libadwaita 1.2: an AdwEntryRow plays its placeholder animation (150 ms)
 * whenever its text changes or its text's state does (hover, focus, the
 * window's backdrop). If the text loses the hover or pressed state while
 * the row is being unmapped (GTK drops those states as it unmaps), the row
 * plays that animation again on the unmapped row, and AdwAnimation keeps
 * the reference of the first play for ever: the animation and its target
 * leak (144 + 48 bytes under AddressSanitizer). Whether it happens depends
 * on where the pointer is, so it came and went in the UI tests. Dropping
 * those states before the rows leave the screen lets the unmap finish the
 * animation as it should.
 */
#include "config.h"

#include "pt-text-hover.h"

/* Call on whatever holds entry rows just before it is unmapped (in an
 * unmap vfunc, before chaining up) or taken off the screen. */
void
pt_drop_text_hover (GtkWidget *widget)
{
  if (GTK_IS_TEXT (widget))
    gtk_widget_unset_state_flags (widget, GTK_STATE_FLAG_PRELIGHT | GTK_STATE_FLAG_ACTIVE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pt_drop_text_hover (child);
}
