/* pt-lesson.c — "Learn to play": a guided first game
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The coach follows the session: at each of your turns it asks the medium
 * computer for a move on your view of the game (the same bot the other
 * seats use, so the suggestion is legal and has a reason) and picks the
 * first topic of the game's list that fits the moment and has not been
 * explained yet; when none fits it says what the turn asks for. The topic
 * conditions read only the public view, the suggestion and the history;
 * whether a move is legal is always the rules' answer.
 *
 * The deal is fixed: the first seed from LESSON_SEED on whose deal you
 * (seat 0) play first, so the lesson is the same game every time for the
 * same rules and computer.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pt-lesson.h"
#include "pt-lesson-course.h"
#include "pt-player-name.h"
#include "pt-record.h"
#include "pt-rules.h"

#define LESSON_SEED 20260101u

struct _PtLesson
{
  GObject parent_instance;

  char *game_id;
  PtSession *session;
  PtBot *coach;
  const PtLessonTopic *topics;
  guint n_topics;
  guint64 shown; /* bit i: topic i explained */
  GPtrArray *shown_ids;

  guint step;
  guint last_n_moves;
  guint topic_moves; /* the history length the topic was chosen at */
  const char *topic;
  char *text;
  JsonNode *suggestion;
  char *reason;
  guint idle_id;
  guint computer_delay;
  char *player_name;
};

G_DEFINE_FINAL_TYPE (PtLesson, pt_lesson, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The course ------------------------------------------------------------ */

/* The game's course, from its rules class (NULL: no lesson for it). A
 * static type's class is never finalized, so the reference is kept. */
static const PtLessonCourse *
find_course (const char *game_id)
{
  GType type = pt_rules_lookup_game (game_id, NULL);

  if (type == G_TYPE_INVALID)
    return NULL;
  return PT_GAME_CLASS (g_type_class_ref (type))->lesson;
}

gboolean
pt_lesson_supports (const char *game_id)
{
  return find_course (game_id) != NULL;
}

const char *const *
pt_lesson_list_topics (const char *game_id)
{
  static GHashTable *lists;
  const PtLessonCourse *course = find_course (game_id);
  GPtrArray *ids;

  if (course == NULL)
    return NULL;
  if (lists == NULL)
    lists = g_hash_table_new (g_direct_hash, g_direct_equal);
  ids = g_hash_table_lookup (lists, course);
  if (ids == NULL)
    {
      ids = g_ptr_array_new ();
      for (guint i = 0; i < course->n_topics; i++)
        g_ptr_array_add (ids, (gpointer) course->topics[i].id);
      g_ptr_array_add (ids, (gpointer) "end");
      g_ptr_array_add (ids, NULL);
      g_hash_table_insert (lists, (gpointer) course, ids);
    }
  return (const char *const *) ids->pdata;
}

/* Coaching ---------------------------------------------------------------- */

static void
set_text (PtLesson *self,
          const char *topic,
          const char *text)
{
  self->topic = topic;
  g_free (self->text);
  self->text = g_strdup (text);
}

static void
update (PtLesson *self)
{
  const PtLessonCourse *course = find_course (self->game_id);
  PtGame *game = pt_session_get_game (self->session);
  PtSessionState state = pt_session_get_state (self->session);
  g_autoptr(JsonNode) view = NULL;
  g_autoptr(GError) error = NULL;
  PtLessonMoment m = { game, NULL, NULL, 0 };
  guint n_moves;

  g_clear_pointer (&self->suggestion, json_node_unref);
  g_clear_pointer (&self->reason, g_free);

  if (state == PT_SESSION_FINISHED || (game != NULL && pt_game_get_is_over (game)))
    {
      if (g_strcmp0 (self->topic, "end") != 0)
        g_ptr_array_add (self->shown_ids, (gpointer) "end");
      set_text (self, "end", _(course->end));
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  if (state != PT_SESSION_PLAYING || game == NULL || pt_game_get_current_player (game) != (int) PT_LESSON_YOU)
    {
      /* The computer's turn: the explanation stays until yours; the
       * welcome comes at once, even when the computer begins. */
      if (self->topic == NULL)
        {
          self->shown |= 1;
          g_ptr_array_add (self->shown_ids, (gpointer) course->topics[0].id);
          set_text (self, course->topics[0].id, _(course->topics[0].text));
        }
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }

  n_moves = pt_game_get_n_moves (game);
  if (self->step == 0 || n_moves != self->last_n_moves)
    {
      /* A new turn of yours (an undo that comes back counts again). */
      if (self->step == 0 || n_moves > self->last_n_moves)
        self->step++;
      self->last_n_moves = n_moves;
    }

  self->suggestion = pt_bot_choose_move_full (self->coach, game, PT_LESSON_YOU, NULL, &self->reason, &error);
  if (self->suggestion != NULL && !pt_game_is_legal (game, PT_LESSON_YOU, self->suggestion))
    g_clear_pointer (&self->suggestion, json_node_unref);
  if (self->suggestion == NULL)
    {
      /* Never stuck: the first legal move the rules list. */
      g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, PT_LESSON_YOU);
      JsonArray *moves = legal && JSON_NODE_HOLDS_ARRAY (legal) ? json_node_get_array (legal) : NULL;

      g_clear_pointer (&self->reason, g_free);
      if (moves != NULL && json_array_get_length (moves) > 0)
        self->suggestion = json_node_copy (json_array_get_element (moves, 0));
    }

  view = pt_game_get_view (game, PT_LESSON_YOU);
  m.view = view && JSON_NODE_HOLDS_OBJECT (view) ? json_node_get_object (view) : NULL;
  m.suggestion = self->suggestion && JSON_NODE_HOLDS_OBJECT (self->suggestion)
                     ? json_node_get_object (self->suggestion)
                     : NULL;
  m.step = self->step;

  /* A topic is explained once, at the first turn it fits; one per turn.
   * The same turn keeps its topic (a redraw, or the board asking again). */
  if (n_moves != self->topic_moves || self->topic == NULL)
    {
      const char *topic = NULL, *text = NULL;

      for (guint i = 0; i < course->n_topics; i++)
        if (!(self->shown & ((guint64) 1 << i)) && course->topics[i].when (&m))
          {
            self->shown |= (guint64) 1 << i;
            topic = course->topics[i].id;
            text = _(course->topics[i].text);
            g_ptr_array_add (self->shown_ids, (gpointer) topic);
            break;
          }
      if (topic == NULL)
        {
          topic = "turn";
          text = _(course->turn);
        }
      set_text (self, topic, text);
      self->topic_moves = n_moves;
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
update_idle (gpointer user_data)
{
  PtLesson *self = user_data;

  self->idle_id = 0;
  update (self);
  return G_SOURCE_REMOVE;
}

/* After the session and every view have followed the move. */
static void
queue_update (PtLesson *self)
{
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, update_idle, self, NULL);
}

static void
on_session_changed (PtSession *session,
                    PtLesson *self)
{
  /* The suggestion was for the position before: gone at once. */
  g_clear_pointer (&self->suggestion, json_node_unref);
  g_clear_pointer (&self->reason, g_free);
  queue_update (self);
}

static void
on_round_changed (PtSession *session,
                  guint round,
                  PtLesson *self)
{
  on_session_changed (session, self);
}

static PtSession *
new_session (PtLesson *self,
             guint64 seed)
{
  PtSession *session;
  PtSessionDefaults defaults;

  pt_session_defaults_init (&defaults);
  defaults.ai_level = PT_BOT_LEVEL_EASY;
  defaults.rounds = 1;
  /* Nothing is saved: a lesson is not a match of the history. */
  session = pt_session_new (self->game_id, NULL, &defaults);
  pt_session_set_n_seats (session, 2);
  pt_session_set_seat_name (session, PT_LESSON_YOU, self->player_name);
  pt_session_set_seat_kind (session, PT_LESSON_YOU, PT_SEAT_PERSON, PT_BOT_LEVEL_EASY, NULL, NULL);
  /* Translators: the computer's seat in a lesson: a name, used as the
   * subject of the move log's sentences and after "of" ("Computer’s
   * expeditions") */
  pt_session_set_seat_name (session, 1, C_("lesson seat", "Computer"));
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_EASY, NULL, NULL);
  pt_session_set_n_rounds (session, 1);
  pt_session_set_seed (session, seed);
  /* The level's fixed work: the same game every time. */
  pt_session_set_time_budget (session, 0);
  return session;
}

/* Seat 0 starts the deal (in a game whose setup names no first player,
 * the computer may act first, then you take the first turn). */
static gboolean
you_start (PtSession *session)
{
  PtGame *game = pt_session_get_game (session);
  g_autoptr(JsonNode) record = game ? pt_game_to_record (game) : NULL;
  JsonObject *setup = record ? json_object_get_object_member (json_node_get_object (record), "setup") : NULL;

  return setup != NULL && (!json_object_has_member (setup, "first_player") || json_object_get_int_member (setup, "first_player") == 0);
}

PtLesson *
pt_lesson_new (const char *game_id,
               GError **error)
{
  g_autoptr(PtLesson) self = NULL;
  const PtLessonCourse *course = find_course (game_id);

  if (course == NULL)
    {
      g_set_error (error, PT_SESSION_ERROR, PT_SESSION_ERROR_INVALID,
                   _("There is no lesson for this game yet"));
      return NULL;
    }

  pt_rules_init ();
  self = g_object_new (PT_TYPE_LESSON, NULL);
  self->game_id = g_strdup (game_id);
  self->topics = course->topics;
  self->n_topics = course->n_topics;
  /* Translators: the person's seat in a lesson when nobody has played yet */
  self->player_name = g_strdup (_("Player 1"));
  self->coach = pt_bot_new (game_id, PT_BOT_LEVEL_MEDIUM, LESSON_SEED, 0, error);
  if (self->coach == NULL)
    return NULL;
  self->session = new_session (self, LESSON_SEED);
  g_signal_connect_object (self->session, "turn", G_CALLBACK (on_session_changed), self, 0);
  g_signal_connect_object (self->session, "finished", G_CALLBACK (on_session_changed), self, 0);
  g_signal_connect_object (self->session, "round-started", G_CALLBACK (on_round_changed), self, 0);
  g_signal_connect_object (self->session, "round-over", G_CALLBACK (on_round_changed), self, 0);
  return g_steal_pointer (&self);
}

gboolean
pt_lesson_start (PtLesson *self,
                 GError **error)
{
  guint delay;

  g_return_val_if_fail (PT_IS_LESSON (self), FALSE);
  g_return_val_if_fail (pt_session_get_state (self->session) == PT_SESSION_SETUP, FALSE);

  /* The fixed deal: the first seed from LESSON_SEED on which you play
   * first, found by dealing (the seat order is the session's business). */
  delay = self->computer_delay;
  for (guint64 seed = LESSON_SEED;; seed++)
    {
      g_autoptr(PtSession) trial = new_session (self, seed);

      pt_session_set_autoplay (trial, FALSE);
      if (!pt_session_start (trial, error))
        return FALSE;
      if (you_start (trial) || seed == LESSON_SEED + 63)
        {
          pt_session_set_seed (self->session, seed);
          break;
        }
    }
  pt_session_set_computer_delay (self->session, delay);
  if (!pt_session_start (self->session, error))
    return FALSE;
  update (self);
  return TRUE;
}

void
pt_lesson_set_player_name (PtLesson *self,
                           const char *name)
{
  g_return_if_fail (PT_IS_LESSON (self));
  g_return_if_fail (pt_session_get_state (self->session) == PT_SESSION_SETUP);

  if (name == NULL || name[0] == '\0' || pt_player_name_equal (name, pt_session_get_seat_name (self->session, 1)))
    return;
  g_free (self->player_name);
  self->player_name = g_strdup (name);
  pt_session_set_seat_name (self->session, PT_LESSON_YOU, name);
}

void
pt_lesson_set_computer_delay (PtLesson *self,
                              guint ms)
{
  g_return_if_fail (PT_IS_LESSON (self));
  self->computer_delay = ms;
  pt_session_set_computer_delay (self->session, ms);
}

PtSession *
pt_lesson_get_session (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  return self->session;
}

const char *
pt_lesson_get_game_id (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  return self->game_id;
}

guint
pt_lesson_get_seat (PtLesson *self)
{
  return PT_LESSON_YOU;
}

guint
pt_lesson_get_step (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), 0);
  return self->step;
}

const char *
pt_lesson_get_topic (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  return self->topic ? self->topic : "";
}

const char *
pt_lesson_get_text (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  return self->text ? self->text : "";
}

JsonNode *
pt_lesson_get_suggestion (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  return self->suggestion;
}

const char *
pt_lesson_get_reason (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  return self->reason;
}

const char *const *
pt_lesson_get_topics_shown (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  /* Kept NULL-terminated: the last slot is always the terminator. */
  g_ptr_array_add (self->shown_ids, NULL);
  g_ptr_array_set_size (self->shown_ids, self->shown_ids->len - 1);
  return (const char *const *) self->shown_ids->pdata;
}

static void
pt_lesson_dispose (GObject *object)
{
  PtLesson *self = PT_LESSON (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->session != NULL)
    {
      pt_session_cancel (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->coach);

  G_OBJECT_CLASS (pt_lesson_parent_class)->dispose (object);
}

static void
pt_lesson_finalize (GObject *object)
{
  PtLesson *self = PT_LESSON (object);

  g_free (self->game_id);
  g_free (self->player_name);
  g_free (self->text);
  g_free (self->reason);
  g_clear_pointer (&self->suggestion, json_node_unref);
  g_ptr_array_unref (self->shown_ids);

  G_OBJECT_CLASS (pt_lesson_parent_class)->finalize (object);
}

static void
pt_lesson_class_init (PtLessonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pt_lesson_dispose;
  object_class->finalize = pt_lesson_finalize;

  /* The text, the topic or the suggestion changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pt_lesson_init (PtLesson *self)
{
  self->shown_ids = g_ptr_array_new ();
  self->topic_moves = G_MAXUINT;
  self->computer_delay = 450;
}
