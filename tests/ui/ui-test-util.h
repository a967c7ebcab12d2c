/* ui-test-util.h — what every UI test needs: the language and display
 * set up, a temporary folder (fresh database, test catalogue), spinning
 * the main loop until a condition holds, widget and dialog lookup,
 * screenshots, the data actions run to their summary, and histories
 * written (and damaged) for a test to open.
 * Compiled once (ui-test-util.c) into a static library the UI tests link.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "pt-application.h"
#include "pt-data-actions.h"

G_BEGIN_DECLS

/* "en", or "es" after --lang=es: the prefix of the screenshots' names. */
extern const char *ui_test_lang;

/* How long WAIT_UNTIL waits by default; a test may define its own before
 * including this header. */
#ifndef UI_TEST_WAIT_MS
#define UI_TEST_WAIT_MS 5000
#endif

/* Spins the main context until @cond holds, or fails after @ms. */
#define WAIT_UNTIL_MS(cond, ms)                                       \
  G_STMT_START                                                        \
  {                                                                   \
    gint64 _deadline = g_get_monotonic_time () + (gint64) (ms) *1000; \
    while (!(cond) && g_get_monotonic_time () < _deadline)            \
      if (!g_main_context_iteration (NULL, FALSE))                    \
        g_usleep (500);                                               \
    g_assert_true (cond);                                             \
  }                                                                   \
  G_STMT_END
#define WAIT_UNTIL(cond) WAIT_UNTIL_MS (cond, UI_TEST_WAIT_MS)

int ui_test_init (int *argc,
                  char **argv[]);
const char *ui_test_get_tmp_dir (void);
void ui_test_use_fresh_db (const char *basename);
void ui_test_cleanup (void);
PtApplication *ui_test_new_application (void);

void settle (guint ms);
void wait_for_store (void);
void wait_for_frame (GtkWidget *widget);
GdkTexture *render_widget (GtkWidget *widget);
void save_screenshot (GtkWidget *widget,
                      const char *name);
void set_dark (gboolean dark);

guint count_ellipsized (GtkWidget *widget);

/* As the pointer would: puts every GtkText under @widget in the hover
 * state (GTK drops it when it unmaps the text). */
void hover_texts (GtkWidget *widget);
/* libadwaita 1.2 kept an entry row's placeholder animation alive for ever
 * when its row left the screen while it played (pt-text-hover.c). Between
 * these two calls every entry row animation that ends is collected; the
 * check fails unless some did, none still plays and none is held by
 * anything but its row. */
void entry_row_animations_watch (void);
void entry_row_animations_check (void);

GtkWidget *find_by_type (GtkWidget *root,
                         GType type);
GtkWidget *find_by_name (GtkWidget *root,
                         const char *name);
GtkWidget *find_button_with_label (GtkWidget *root,
                                   const char *label);
GtkWindow *find_toplevel (GType type);
GtkWindow *find_visible_toplevel (GType type,
                                  const char *name);
AdwMessageDialog *find_dialog (const char *name);

char *run_data_operation (PtApplication *application,
                          GtkWindow *parent,
                          PtDataOperation operation,
                          const char *path,
                          char **body,
                          const char *screenshot,
                          GError **error);

GBytes *file_bytes (const char *path);
void write_history (const char *path,
                    guint n_matches,
                    const char *notes);
void damage_matches_page (const char *path);
void damage_header (const char *path);

G_END_DECLS
