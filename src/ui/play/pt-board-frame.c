/* pt-board-frame.c — a board with its move log beside it or, on a narrow
 * window, in a bottom sheet over it
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wide: the content (a scrolled board) takes what the log (a fixed-width
 * column) leaves. Narrow (the log would leave the board less than its
 * minimum, or the window is under 720 px): the content takes everything
 * and the log becomes a sheet over the lower part, shown while
 * reveal-log is TRUE (a toggle button in the header binds to it, visible
 * while folded). The folded state changes in size_allocate and is
 * announced from an idle, so that nothing resizes during an allocation.
 */
#include "config.h"

#include "pt-board-frame.h"

#define LOG_WIDTH 280
#define WIDE_MIN  720

struct _PtBoardFrame
{
  GtkWidget parent_instance;

  GtkWidget *content;
  GtkWidget *log;
  gboolean folded;
  gboolean reveal_log;
  guint notify_id;
};

G_DEFINE_FINAL_TYPE (PtBoardFrame, pt_board_frame, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_FOLDED,
  PROP_REVEAL_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GtkWidget *
pt_board_frame_new (GtkWidget *content,
                    GtkWidget *log)
{
  PtBoardFrame *self = g_object_new (PT_TYPE_BOARD_FRAME, NULL);

  self->content = content;
  self->log = log;
  gtk_widget_set_parent (content, GTK_WIDGET (self));
  gtk_widget_set_parent (log, GTK_WIDGET (self));
  gtk_widget_add_css_class (log, "move-log-sheet");
  gtk_widget_add_css_class (log, "beside");
  return GTK_WIDGET (self);
}

gboolean
pt_board_frame_get_folded (PtBoardFrame *self)
{
  g_return_val_if_fail (PT_IS_BOARD_FRAME (self), FALSE);
  return self->folded;
}

gboolean
pt_board_frame_get_reveal_log (PtBoardFrame *self)
{
  g_return_val_if_fail (PT_IS_BOARD_FRAME (self), FALSE);
  return self->reveal_log;
}

void
pt_board_frame_set_reveal_log (PtBoardFrame *self,
                               gboolean reveal)
{
  g_return_if_fail (PT_IS_BOARD_FRAME (self));

  reveal = !!reveal;
  if (self->reveal_log == reveal)
    return;
  self->reveal_log = reveal;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_LOG]);
}

static gboolean
fits_beside (PtBoardFrame *self,
             int width)
{
  int content_min;

  gtk_widget_measure (self->content, GTK_ORIENTATION_HORIZONTAL, -1, &content_min, NULL, NULL, NULL);
  return width >= WIDE_MIN && width - LOG_WIDTH >= content_min;
}

static void
pt_board_frame_measure (GtkWidget *widget,
                        GtkOrientation orientation,
                        int for_size,
                        int *minimum,
                        int *natural,
                        int *minimum_baseline,
                        int *natural_baseline)
{
  PtBoardFrame *self = PT_BOARD_FRAME (widget);
  int cmin = 0, cnat = 0, lmin = 0, lnat = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (self->content, orientation, for_size, &cmin, &cnat, NULL, NULL);
      /* Folding lets it be as narrow as the content. */
      *minimum = cmin;
      *natural = cnat + LOG_WIDTH;
    }
  else
    {
      gboolean beside = for_size < 0 || fits_beside (self, for_size);
      int content_width = for_size < 0 ? -1 : beside ? for_size - LOG_WIDTH
                                                     : for_size;

      gtk_widget_measure (self->content, orientation, content_width, &cmin, &cnat, NULL, NULL);
      gtk_widget_measure (self->log, orientation, beside ? LOG_WIDTH : for_size, &lmin, &lnat, NULL, NULL);
      *minimum = beside ? MAX (cmin, lmin) : cmin;
      *natural = beside ? MAX (cnat, lnat) : cnat;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static gboolean
notify_folded (gpointer user_data)
{
  PtBoardFrame *self = user_data;

  self->notify_id = 0;
  /* Styles: a sheet has a top edge and a shadow, a column a side edge. */
  if (self->folded)
    {
      gtk_widget_remove_css_class (self->log, "beside");
      gtk_widget_add_css_class (self->log, "sheet");
    }
  else
    {
      gtk_widget_remove_css_class (self->log, "sheet");
      gtk_widget_add_css_class (self->log, "beside");
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDED]);
  return G_SOURCE_REMOVE;
}

static void
pt_board_frame_size_allocate (GtkWidget *widget,
                              int width,
                              int height,
                              int baseline)
{
  PtBoardFrame *self = PT_BOARD_FRAME (widget);
  gboolean folded = !fits_beside (self, width);

  if (folded != self->folded)
    {
      self->folded = folded;
      if (self->notify_id == 0)
        self->notify_id = g_idle_add (notify_folded, self);
    }

  if (!folded)
    {
      gtk_widget_set_child_visible (self->log, TRUE);
      if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
        {
          gtk_widget_allocate (self->log, LOG_WIDTH, height, -1, NULL);
          gtk_widget_allocate (self->content, width - LOG_WIDTH, height, -1,
                               gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (LOG_WIDTH, 0)));
        }
      else
        {
          gtk_widget_allocate (self->content, width - LOG_WIDTH, height, -1, NULL);
          gtk_widget_allocate (self->log, LOG_WIDTH, height, -1,
                               gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (width - LOG_WIDTH, 0)));
        }
      return;
    }

  gtk_widget_allocate (self->content, width, height, -1, NULL);
  gtk_widget_set_child_visible (self->log, self->reveal_log);
  if (self->reveal_log)
    {
      int lmin = 0;
      int sheet;

      gtk_widget_measure (self->log, GTK_ORIENTATION_VERTICAL, width, &lmin, NULL, NULL, NULL);
      sheet = MIN (height, MAX (lmin, height * 2 / 5));
      gtk_widget_allocate (self->log, width, sheet, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, height - sheet)));
    }
}

static void
pt_board_frame_dispose (GObject *object)
{
  PtBoardFrame *self = PT_BOARD_FRAME (object);

  g_clear_handle_id (&self->notify_id, g_source_remove);
  g_clear_pointer (&self->content, gtk_widget_unparent);
  g_clear_pointer (&self->log, gtk_widget_unparent);
  G_OBJECT_CLASS (pt_board_frame_parent_class)->dispose (object);
}

static void
pt_board_frame_get_property (GObject *object,
                             guint prop_id,
                             GValue *value,
                             GParamSpec *pspec)
{
  PtBoardFrame *self = PT_BOARD_FRAME (object);

  switch (prop_id)
    {
    case PROP_FOLDED:
      g_value_set_boolean (value, self->folded);
      break;
    case PROP_REVEAL_LOG:
      g_value_set_boolean (value, self->reveal_log);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_board_frame_set_property (GObject *object,
                             guint prop_id,
                             const GValue *value,
                             GParamSpec *pspec)
{
  PtBoardFrame *self = PT_BOARD_FRAME (object);

  switch (prop_id)
    {
    case PROP_REVEAL_LOG:
      pt_board_frame_set_reveal_log (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_board_frame_class_init (PtBoardFrameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pt_board_frame_dispose;
  object_class->get_property = pt_board_frame_get_property;
  object_class->set_property = pt_board_frame_set_property;
  widget_class->measure = pt_board_frame_measure;
  widget_class->size_allocate = pt_board_frame_size_allocate;

  properties[PROP_FOLDED] =
      g_param_spec_boolean ("folded", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVEAL_LOG] =
      g_param_spec_boolean ("reveal-log", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "board-frame");
}

static void
pt_board_frame_init (PtBoardFrame *self)
{
}
