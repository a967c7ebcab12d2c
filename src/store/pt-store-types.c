/* pt-store-types.c — the boxed values of the match history
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-store-types.h"

/* Each value is a GRcBox: ref/unref share one immutable copy, which is all
 * the UI needs (list models hold references) and keeps copying cheap. */
#define PT_DEFINE_RC_VALUE(TypeName, type_name, clear_body) \
  static void                                               \
      type_name##_clear (gpointer data)                     \
  {                                                         \
    TypeName *self = data;                                  \
    clear_body                                              \
  }                                                         \
  TypeName *                                                \
      type_name##_ref (TypeName *self)                      \
  {                                                         \
    return g_rc_box_acquire (self);                         \
  }                                                         \
  void                                                      \
      type_name##_unref (TypeName *self)                    \
  {                                                         \
    g_rc_box_release_full (self, type_name##_clear);        \
  }                                                         \
  G_DEFINE_BOXED_TYPE (TypeName, type_name, type_name##_ref, type_name##_unref)

const char *
pt_match_mode_to_string (PtMatchMode mode)
{
  return mode == PT_MATCH_MODE_COMPANION ? "companion" : "digital";
}

gboolean
pt_match_mode_from_string (const char *text,
                           PtMatchMode *mode)
{
  if (g_strcmp0 (text, "digital") == 0)
    *mode = PT_MATCH_MODE_DIGITAL;
  else if (g_strcmp0 (text, "companion") == 0)
    *mode = PT_MATCH_MODE_COMPANION;
  else
    return FALSE;
  return TRUE;
}

PT_DEFINE_RC_VALUE (PtPlayer, pt_player, {
  g_free (self->uuid);
  g_free (self->name);
  g_free (self->colour);
})

PtPlayer *
pt_player_new (void)
{
  return g_rc_box_new0 (PtPlayer);
}

PT_DEFINE_RC_VALUE (PtNight, pt_night, {
  g_free (self->uuid);
  g_free (self->date);
  g_free (self->place);
  g_free (self->notes);
})

PtNight *
pt_night_new (void)
{
  return g_rc_box_new0 (PtNight);
}

PT_DEFINE_RC_VALUE (PtMatchResult, pt_match_result, { g_free (self->player_name); })

PtMatchResult *
pt_match_result_new (gint64 player_id,
                     int seat,
                     int score,
                     gboolean winner)
{
  PtMatchResult *self = g_rc_box_new0 (PtMatchResult);

  self->player_id = player_id;
  self->seat = seat;
  self->score = score;
  self->winner = winner;
  return self;
}

PT_DEFINE_RC_VALUE (PtMatchEntry, pt_match_entry, {
  g_free (self->uuid);
  g_free (self->game);
  g_free (self->options);
  g_free (self->rule_reading);
  g_free (self->notes);
  g_free (self->breakdown);
  g_free (self->record);
  g_clear_pointer (&self->results, g_ptr_array_unref);
})

PtMatchEntry *
pt_match_entry_new (const char *game,
                    PtMatchMode mode)
{
  PtMatchEntry *self = g_rc_box_new0 (PtMatchEntry);

  self->game = g_strdup (game);
  self->mode = mode;
  self->results = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_match_result_unref);
  return self;
}

void
pt_match_entry_add_result (PtMatchEntry *self,
                           PtMatchResult *result)
{
  g_ptr_array_add (self->results, result);
}

PT_DEFINE_RC_VALUE (PtSavedGame, pt_saved_game, {
  g_free (self->game);
  g_free (self->record);
  g_free (self->options);
})

PtSavedGame *
pt_saved_game_new (void)
{
  return g_rc_box_new0 (PtSavedGame);
}

PT_DEFINE_RC_VALUE (PtStatLine, pt_stat_line, {
  g_free (self->player_name);
  g_free (self->game);
})

PtStatLine *
pt_stat_line_new (void)
{
  return g_rc_box_new0 (PtStatLine);
}

PT_DEFINE_RC_VALUE (PtHeadToHead, pt_head_to_head, {
  g_free (self->name_a);
  g_free (self->name_b);
})

PtHeadToHead *
pt_head_to_head_new (void)
{
  return g_rc_box_new0 (PtHeadToHead);
}

PT_DEFINE_RC_VALUE (PtNightSummary, pt_night_summary, {
  g_free (self->date);
  g_free (self->place);
  g_clear_pointer (&self->winners, g_ptr_array_unref);
  g_free (self->best_player_name);
  g_free (self->best_game);
})

PtNightSummary *
pt_night_summary_new (void)
{
  PtNightSummary *self = g_rc_box_new0 (PtNightSummary);

  self->winners = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_stat_line_unref);
  return self;
}

PT_DEFINE_RC_VALUE (PtRating, pt_rating, {
  g_free (self->player_name);
  g_free (self->game);
})

PtRating *
pt_rating_new (void)
{
  return g_rc_box_new0 (PtRating);
}

PT_DEFINE_RC_VALUE (PtScorePoint, pt_score_point, { g_free (self->game); })

PtScorePoint *
pt_score_point_new (void)
{
  return g_rc_box_new0 (PtScorePoint);
}

PT_DEFINE_RC_VALUE (PtPlayerStats, pt_player_stats, {
  g_clear_pointer (&self->player, pt_player_unref);
  g_clear_pointer (&self->overall, pt_stat_line_unref);
  g_clear_pointer (&self->per_game, g_ptr_array_unref);
  g_clear_pointer (&self->head_to_head, g_ptr_array_unref);
  g_clear_pointer (&self->ratings, g_ptr_array_unref);
})

PtPlayerStats *
pt_player_stats_new (void)
{
  PtPlayerStats *self = g_rc_box_new0 (PtPlayerStats);

  self->per_game = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_stat_line_unref);
  self->head_to_head = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_head_to_head_unref);
  self->ratings = g_ptr_array_new_with_free_func ((GDestroyNotify) pt_rating_unref);
  return self;
}
