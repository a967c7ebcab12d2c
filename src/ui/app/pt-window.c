/* pt-window.c — the main window: navigation between the four areas.
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pt-history-page.h"
#include "pt-play-page.h"
#include "pt-score-sheet-page.h"
#include "pt-shortcuts-window.h"
#include "pt-stats-page.h"
#include "pt-window.h"

struct _PtWindow
{
  AdwApplicationWindow parent_instance;

  PtServices *services;
  GSettings *settings;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwViewStack *stack;
  /* The areas are built when first shown, on the window's services: the
   * first frame needs only the Play area (and reads nothing from the store). */
  AdwBin *play_bin;
  AdwBin *score_sheet_bin;
  AdwBin *history_bin;
  AdwBin *stats_bin;
  GtkBox *main_box;
  AdwViewSwitcherTitle *switcher_title;
  GtkMenuButton *menu_button;
  GMenuModel *primary_menu;
  /* Built when the window is first narrow enough to show it. */
  GtkWidget *switcher_bar;
};

G_DEFINE_FINAL_TYPE (PtWindow, pt_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * pt_window_get_visible_area:
 *
 * Returns: the name of the visible area: "play", "score-sheet", "history"
 *   or "stats".
 */
const char *
pt_window_get_visible_area (PtWindow *self)
{
  g_return_val_if_fail (PT_IS_WINDOW (self), NULL);

  return adw_view_stack_get_visible_child_name (self->stack);
}

void
pt_window_add_toast (PtWindow *self,
                     AdwToast *toast)
{
  g_return_if_fail (PT_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * pt_window_ensure_area:
 * @area: "play", "score-sheet", "history" or "stats"
 *
 * Builds the page of @area if it has not been shown yet.
 *
 * Returns: (transfer none) (nullable): the page widget.
 */
GtkWidget *
pt_window_ensure_area (PtWindow *self,
                       const char *area)
{
  AdwBin *bin = NULL;
  GType type = G_TYPE_INVALID;

  g_return_val_if_fail (PT_IS_WINDOW (self), NULL);
  if (g_strcmp0 (area, "play") == 0)
    bin = self->play_bin, type = PT_TYPE_PLAY_PAGE;
  else if (g_strcmp0 (area, "score-sheet") == 0)
    bin = self->score_sheet_bin, type = PT_TYPE_SCORE_SHEET_PAGE;
  else if (g_strcmp0 (area, "history") == 0)
    bin = self->history_bin, type = PT_TYPE_HISTORY_PAGE;
  else if (g_strcmp0 (area, "stats") == 0)
    bin = self->stats_bin, type = PT_TYPE_STATS_PAGE;
  else
    return adw_view_stack_get_child_by_name (self->stack, area);
  if (adw_bin_get_child (bin) == NULL)
    adw_bin_set_child (bin, g_object_new (type, "services", self->services, NULL));
  return adw_bin_get_child (bin);
}

static void
on_visible_area (AdwViewStack *stack,
                 GParamSpec *pspec,
                 PtWindow *self)
{
  const char *area = adw_view_stack_get_visible_child_name (stack);

  if (area != NULL)
    pt_window_ensure_area (self, area);
}

/* After an import or a restore: the history and statistics read again. */
void
pt_window_reload_data (PtWindow *self)
{
  GtkWidget *history, *stats;

  g_return_if_fail (PT_IS_WINDOW (self));

  /* Pages not built yet read when first shown. */
  history = adw_bin_get_child (self->history_bin);
  stats = adw_bin_get_child (self->stats_bin);
  if (PT_IS_HISTORY_PAGE (history) && gtk_widget_get_mapped (history))
    pt_history_page_reload (PT_HISTORY_PAGE (history));
  if (PT_IS_STATS_PAGE (stats) && gtk_widget_get_mapped (stats))
    pt_stats_page_reload (PT_STATS_PAGE (stats));
}

static void
show_area (GtkWidget *widget,
           const char *action_name,
           GVariant *parameter)
{
  PtWindow *self = PT_WINDOW (widget);
  /* The action name "win.show-<area>" carries the stack page name. */
  const char *area = action_name + strlen ("win.show-");

  pt_window_ensure_area (self, area);
  adw_view_stack_set_visible_child_name (self->stack, area);
}

/* The shortcuts window, built the first time it is asked for (GtkApplication
 * would build it for every window at start-up, before the window maps). */
static void
show_help_overlay (GtkWidget *widget,
                   const char *action_name,
                   GVariant *parameter)
{
  GtkApplicationWindow *self = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (self);

  if (overlay == NULL)
    {
      /* The application's keys and each game's (pt-shortcuts-window.c). */
      overlay = pt_shortcuts_window_new ();
      gtk_application_window_set_help_overlay (self, overlay);
      g_object_unref (overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static void
save_window_state (PtWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;

  /* The default size is the unmaximized size, which is what to restore. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static gboolean
pt_window_close_request (GtkWindow *window)
{
  save_window_state (PT_WINDOW (window));

  return GTK_WINDOW_CLASS (pt_window_parent_class)->close_request (window);
}

/* CPU time of the whole process so far, in ms. */
static double
process_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double cpu_at_map_ms = -1;

static void
on_bench_map (GtkWidget *widget)
{
  if (cpu_at_map_ms < 0)
    cpu_at_map_ms = process_cpu_ms ();
}

static void
on_first_frame (GdkFrameClock *frame_clock,
                PtWindow *self)
{
  gint64 now = g_get_monotonic_time ();
  g_autofree char *status = NULL;
  const char *hwm;
  long rss_kb = -1;

  g_signal_handlers_disconnect_by_func (frame_clock, on_first_frame, self);

  /* Peak RSS so far; the benchmark script also reads it from wait4(). */
  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) && (hwm = strstr (status, "VmHWM:")) != NULL)
    rss_kb = strtol (hwm + strlen ("VmHWM:"), NULL, 10);

  printf ("partida-bench first-frame-monotonic-us=%" G_GINT64_FORMAT " vmhwm-kb=%ld"
          " cpu-at-map-ms=%.1f cpu-at-first-frame-ms=%.1f\n",
          now, rss_kb, cpu_at_map_ms, process_cpu_ms ());
  fflush (stdout);

  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

/* What the first frame does not show is built after it (or when first
 * needed): the main menu's popover and, in a narrow window, the switcher
 * bar at the bottom. */
static void
ensure_menu (GtkMenuButton *button,
             gpointer user_data)
{
  PtWindow *self = user_data;

  if (gtk_menu_button_get_menu_model (self->menu_button) == NULL)
    gtk_menu_button_set_menu_model (self->menu_button, self->primary_menu);
}

static void
on_menu_frame (GdkFrameClock *frame_clock,
               PtWindow *self)
{
  g_signal_handlers_disconnect_by_func (frame_clock, on_menu_frame, self);
  ensure_menu (self->menu_button, self);
}

static void
on_title_visible (AdwViewSwitcherTitle *title,
                  GParamSpec *pspec,
                  PtWindow *self)
{
  if (self->switcher_bar != NULL || !adw_view_switcher_title_get_title_visible (title))
    return;
  self->switcher_bar = adw_view_switcher_bar_new ();
  adw_view_switcher_bar_set_stack (ADW_VIEW_SWITCHER_BAR (self->switcher_bar), self->stack);
  g_object_bind_property (title, "title-visible", self->switcher_bar, "reveal", G_BINDING_SYNC_CREATE);
  gtk_box_append (self->main_box, self->switcher_bar);
}

static void
pt_window_realize (GtkWidget *widget)
{
  PtWindow *self = PT_WINDOW (widget);

  GTK_WIDGET_CLASS (pt_window_parent_class)->realize (widget);
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (on_menu_frame), self,
                           0);

  /* Startup benchmark (tests/bench/startup): report the first painted frame
   * of the main window, then quit. */
  if (g_strcmp0 (g_getenv ("PARTIDA_BENCH_EXIT_AFTER_FIRST_FRAME"), "1") == 0)
    {
      g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                               G_CALLBACK (on_first_frame), widget, 0);
      g_signal_connect (widget, "map", G_CALLBACK (on_bench_map), NULL);
    }
}

static void
restore_window_state (PtWindow *self)
{
  if (self->settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               MAX (360, g_settings_get_int (self->settings, "window-width")),
                               MAX (294, g_settings_get_int (self->settings, "window-height")));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

PtWindow *
pt_window_new (PtApplication *application)
{
  g_return_val_if_fail (PT_IS_APPLICATION (application), NULL);

  return g_object_new (PT_TYPE_WINDOW,
                       "application", application,
                       "services", pt_application_get_services (application),
                       NULL);
}

PtServices *
pt_window_get_services (PtWindow *self)
{
  g_return_val_if_fail (PT_IS_WINDOW (self), NULL);

  return self->services;
}

static void
pt_window_constructed (GObject *object)
{
  PtWindow *self = PT_WINDOW (object);

  G_OBJECT_CLASS (pt_window_parent_class)->constructed (object);

  g_assert (PT_IS_SERVICES (self->services));
  if (pt_services_get_settings (self->services) != NULL)
    self->settings = g_object_ref (pt_services_get_settings (self->services));
  restore_window_state (self);

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (object), "devel");

  gtk_menu_button_set_create_popup_func (self->menu_button, ensure_menu, self, NULL);
  g_signal_connect_object (self->switcher_title, "notify::title-visible", G_CALLBACK (on_title_visible), self, 0);
  on_title_visible (self->switcher_title, NULL, self);

  /* The switcher (or a restored area) may show any page first. */
  g_signal_connect_object (self->stack, "notify::visible-child-name", G_CALLBACK (on_visible_area), self,
                           0);
  on_visible_area (self->stack, NULL, self);
}

static void
pt_window_get_property (GObject *object,
                        guint prop_id,
                        GValue *value,
                        GParamSpec *pspec)
{
  PtWindow *self = PT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      g_value_set_object (value, self->services);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_window_set_property (GObject *object,
                        guint prop_id,
                        const GValue *value,
                        GParamSpec *pspec)
{
  PtWindow *self = PT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      self->services = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_window_dispose (GObject *object)
{
  PtWindow *self = PT_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PT_TYPE_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->services);

  G_OBJECT_CLASS (pt_window_parent_class)->dispose (object);
}

static void
pt_window_class_init (PtWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = pt_window_constructed;
  object_class->dispose = pt_window_dispose;
  object_class->get_property = pt_window_get_property;
  object_class->set_property = pt_window_set_property;
  widget_class->realize = pt_window_realize;
  window_class->close_request = pt_window_close_request;

  /**
   * PtWindow:services:
   *
   * The settings and the history the window's pages are built on.
   */
  properties[PROP_SERVICES] =
      g_param_spec_object ("services", NULL, NULL,
                           PT_TYPE_SERVICES,
                           (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/partida/Partida/pt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PtWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, play_bin);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, score_sheet_bin);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, history_bin);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, stats_bin);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, main_box);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, PtWindow, primary_menu);

  gtk_widget_class_install_action (widget_class, "win.show-play", NULL, show_area);
  gtk_widget_class_install_action (widget_class, "win.show-score-sheet", NULL, show_area);
  gtk_widget_class_install_action (widget_class, "win.show-history", NULL, show_area);
  gtk_widget_class_install_action (widget_class, "win.show-stats", NULL, show_area);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_ALT_MASK,
                                       "win.show-play", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_ALT_MASK,
                                       "win.show-score-sheet", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_ALT_MASK,
                                       "win.show-history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_4, GDK_ALT_MASK,
                                       "win.show-stats", NULL);
}

static void
pt_window_init (PtWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
