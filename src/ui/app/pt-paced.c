/* pt-paced.c — work spread over frames (see pt-paced.h)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page that has a lot to build (rows, charts) builds it one step per
 * frame: a step runs from a low-priority idle, and while @widget is shown
 * the next step waits until the frame that lays out and draws the last one
 * has been painted (or 30 ms, if no frame comes). So the cost of building a
 * step and the cost of laying it out fall in different main-loop
 * dispatches, and none of them is the whole page. A widget that is not
 * shown gets one step per idle. Starting new work for a page does not stop
 * its old work: the page stops it (pt_paced_stop) when it starts again.
 */
#include "config.h"

#include <time.h>

#include "pt-paced.h"

#define FRAME_WAIT_MS 30

typedef struct
{
  guint id;
  GtkWidget *widget; /* weak */
  PtPacedStep step;
  gpointer user_data;
  GDestroyNotify destroy;
  guint idle_id;
  guint timeout_id;
  GdkFrameClock *clock; /* while waiting for a frame */
  gulong paint_id;
  gboolean running; /* in its step */
  gboolean stopped; /* stopped from its own step */
} Job;

static GHashTable *jobs; /* id → Job */
static guint next_id = 1;

static void schedule (Job *job);

static void
job_free (Job *job)
{
  g_clear_handle_id (&job->idle_id, g_source_remove);
  g_clear_handle_id (&job->timeout_id, g_source_remove);
  if (job->clock != NULL)
    {
      g_clear_signal_handler (&job->paint_id, job->clock);
      g_clear_object (&job->clock);
    }
  g_clear_weak_pointer (&job->widget);
  if (job->destroy != NULL)
    job->destroy (job->user_data);
  g_free (job);
}

static void
stop_waiting (Job *job)
{
  g_clear_handle_id (&job->timeout_id, g_source_remove);
  if (job->clock != NULL)
    {
      g_clear_signal_handler (&job->paint_id, job->clock);
      g_clear_object (&job->clock);
    }
}

static gboolean
run_step (gpointer data)
{
  Job *job = data;
  gboolean more;

  job->idle_id = 0;
  job->running = TRUE;
  more = job->widget != NULL && job->step (job->user_data);
  job->running = FALSE;
  if (!more || job->stopped)
    {
      g_hash_table_remove (jobs, GUINT_TO_POINTER (job->id));
      return G_SOURCE_REMOVE;
    }
  schedule (job);
  return G_SOURCE_REMOVE;
}

static void
resume (Job *job)
{
  stop_waiting (job);
  if (job->idle_id == 0)
    job->idle_id = g_idle_add_full (G_PRIORITY_LOW, run_step, job, NULL);
}

static void
on_after_paint (GdkFrameClock *clock,
                Job *job)
{
  resume (job);
}

static gboolean
on_frame_timeout (gpointer data)
{
  Job *job = data;

  job->timeout_id = 0;
  resume (job);
  return G_SOURCE_REMOVE;
}

static void
schedule (Job *job)
{
  GdkFrameClock *clock = job->widget != NULL && gtk_widget_get_mapped (job->widget)
                             ? gtk_widget_get_frame_clock (job->widget)
                             : NULL;

  if (clock == NULL)
    {
      resume (job);
      return;
    }
  job->clock = g_object_ref (clock);
  job->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), job);
  job->timeout_id = g_timeout_add (FRAME_WAIT_MS, on_frame_timeout, job);
}

/**
 * pt_paced_start:
 * @widget: what the work fills; the work ends when it goes
 * @step: called until it returns FALSE: the first time after the next frame
 *   of @widget (or from an idle when @widget is not shown), as if a step
 *   had just run
 * @destroy: (nullable): frees @user_data when the work ends or is stopped
 *
 * Returns: the id for pt_paced_stop()
 */
guint
pt_paced_start (GtkWidget *widget,
                PtPacedStep step,
                gpointer user_data,
                GDestroyNotify destroy)
{
  Job *job = g_new0 (Job, 1);

  g_return_val_if_fail (GTK_IS_WIDGET (widget), 0);
  if (jobs == NULL)
    jobs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) job_free);
  job->id = next_id++;
  g_set_weak_pointer (&job->widget, widget);
  job->step = step;
  job->user_data = user_data;
  job->destroy = destroy;
  g_hash_table_insert (jobs, GUINT_TO_POINTER (job->id), job);
  schedule (job);
  return job->id;
}

/* Stops the work of @id, if it is still running (0 does nothing). */
void
pt_paced_stop (guint id)
{
  Job *job = jobs != NULL && id != 0 ? g_hash_table_lookup (jobs, GUINT_TO_POINTER (id)) : NULL;

  if (job != NULL && job->running)
    job->stopped = TRUE;
  else if (job != NULL)
    g_hash_table_remove (jobs, GUINT_TO_POINTER (id));
}

/* The CPU time of the calling thread, in µs (a step's budget is CPU, not
 * wall time, which other processes stretch). */
gint64
pt_paced_thread_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Whether any work is still running (tests wait for it). */
gboolean
pt_paced_busy (void)
{
  return jobs != NULL && g_hash_table_size (jobs) > 0;
}

/* Layout ------------------------------------------------------------------ */

static GtkSizeRequestMode
bin_request_mode (GtkWidget *widget)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
bin_measure (GtkWidget *widget,
             GtkOrientation orientation,
             int for_size,
             int *minimum,
             int *natural,
             int *minimum_baseline,
             int *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
bin_allocate (GtkWidget *widget,
              int width,
              int height,
              int baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

/**
 * pt_layout_width_without_height:
 * @bin: a widget with one child (an AdwBin)
 *
 * A GtkViewport (a GtkScrolledWindow around a box) measures its child's
 * width for the height it shows, and that height goes down through boxes
 * and clamps to every wrapping label, which then finds its width by a
 * binary search: about ten new text layouts each, at every allocation
 * (some 220 for one group description when the Play page first shows).
 * Content that scrolls vertically has the same width whatever its height,
 * so @bin asks its child for the width alone.
 */
void
pt_layout_width_without_height (GtkWidget *bin)
{
  g_return_if_fail (GTK_IS_WIDGET (bin));
  gtk_widget_set_layout_manager (bin, gtk_custom_layout_new (bin_request_mode, bin_measure, bin_allocate));
}
