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
#include "pt-player-name.h"
#include "pt-record.h"
#include "pt-rules.h"

#define LESSON_SEED 20260101u
#define YOU 0u

typedef struct
{
  PtLesson   *lesson;
  PtGame     *game;
  JsonObject *view;        /* your view of the game */
  JsonObject *suggestion;  /* the move suggested now */
  guint       step;        /* your turns so far, this one included */
} Moment;

typedef struct
{
  const char *id;
  gboolean  (*when) (const Moment *m);
  const char *text;        /* N_() */
} Topic;

struct _PtLesson
{
  GObject     parent_instance;

  char       *game_id;
  PtSession  *session;
  PtBot      *coach;
  const Topic *topics;
  guint        n_topics;
  guint64      shown;      /* bit i: topic i explained */
  GPtrArray   *shown_ids;

  guint       step;
  guint       last_n_moves;
  guint       topic_moves;   /* the history length the topic was chosen at */
  const char *topic;
  char       *text;
  JsonNode   *suggestion;
  char       *reason;
  guint       idle_id;
  guint       computer_delay;
  char       *player_name;
};

G_DEFINE_FINAL_TYPE (PtLesson, pt_lesson, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Reading the moment ---------------------------------------------------- */

static const char *
move_string (const Moment *m,
             const char   *member)
{
  if (m->suggestion == NULL || !json_object_has_member (m->suggestion, member))
    return NULL;
  return pt_json_get_string (json_object_get_member (m->suggestion, member));
}

static gint64
view_int (const Moment *m,
          const char   *member,
          gint64        fallback)
{
  gint64 value;

  if (m->view == NULL || !json_object_has_member (m->view, member)
      || !pt_json_get_int (json_object_get_member (m->view, member), &value))
    return fallback;
  return value;
}

static const char *
view_string (const Moment *m,
             const char   *member)
{
  if (m->view == NULL || !json_object_has_member (m->view, member))
    return NULL;
  return pt_json_get_string (json_object_get_member (m->view, member));
}

/* The player of the move before this one (-1: none). */
static int
previous_player (const Moment *m)
{
  guint n = pt_game_get_n_moves (m->game);

  return n > 0 ? (int) pt_game_get_move (m->game, n - 1)->player : -1;
}

static gboolean
always (const Moment *m)
{
  return TRUE;
}

/* Lost Cities ------------------------------------------------------------ */

static gboolean
lc_is_wager (const char *card)
{
  return card != NULL && strlen (card) == 2 && card[1] == 'W';
}

/* Expeditions you have started (cards on your side). */
static guint
lc_started (const Moment *m)
{
  JsonNode *node = m->view ? json_object_get_member (m->view, "expeditions") : NULL;
  JsonArray *players = node && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  JsonNode *mine = players && json_array_get_length (players) > YOU ? json_array_get_element (players, YOU) : NULL;
  guint started = 0;

  if (mine == NULL || !JSON_NODE_HOLDS_OBJECT (mine))
    return 0;
  /* Each colour of mine: an object or array with cards; count non-empty. */
  {
    g_autoptr(GList) members = json_object_get_members (json_node_get_object (mine));

    for (GList *l = members; l != NULL; l = l->next)
      {
        JsonNode *colour = json_object_get_member (json_node_get_object (mine), l->data);
        JsonNode *cards = NULL;

        if (JSON_NODE_HOLDS_OBJECT (colour))
          cards = json_object_get_member (json_node_get_object (colour), "cards");
        else if (JSON_NODE_HOLDS_ARRAY (colour))
          cards = colour;
        if (cards != NULL && JSON_NODE_HOLDS_ARRAY (cards)
            && json_array_get_length (json_node_get_array (cards)) > 0)
          started++;
      }
  }
  return started;
}

static gboolean
lc_plays_wager (const Moment *m)
{
  return lc_is_wager (move_string (m, "play"));
}

static gboolean
lc_plays (const Moment *m)
{
  return move_string (m, "play") != NULL && !lc_plays_wager (m);
}

static gboolean
lc_discards (const Moment *m)
{
  return move_string (m, "discard") != NULL;
}

static gboolean
lc_draws_pile (const Moment *m)
{
  const char *draw = move_string (m, "draw");

  return draw != NULL && strcmp (draw, "deck") != 0;
}

static gboolean
lc_cost (const Moment *m)
{
  return m->step >= 3 && lc_started (m) >= 1;
}

static gboolean
lc_bonus (const Moment *m)
{
  return m->step >= 6;
}

static gboolean
lc_deck_low (const Moment *m)
{
  return view_int (m, "deck_count", 99) <= 10;
}

static const Topic lost_cities_topics[] = {
  { "intro", always,
    N_("This is your first game of Lost Cities, against an easy computer. You lead up to five "
       "expeditions, one per colour; your hand is at the bottom of the table. Each turn has two "
       "steps: play one card, then draw one. The coach suggests a move and outlines it on the "
       "table; you may follow it or choose another legal move.") },
  { "expedition", lc_plays,
    N_("Playing a card puts it on your expedition of its colour. In an expedition the numbers "
       "must rise: after a 5 only a 6 or higher may follow, so low cards go first. Gaps are "
       "allowed.") },
  { "wager", lc_plays_wager,
    N_("The handshake cards are wagers. A wager may only start an expedition, before its first "
       "number, and it multiplies the expedition’s result: one wager doubles it, two triple it "
       "— losses too.") },
  { "discard", lc_discards,
    N_("A card you cannot use goes face up on the discard pile of its colour. Your opponent may "
       "take it from there, so think about what you give away.") },
  { "draw-pile", lc_draws_pile,
    N_("After playing you draw: from the deck, or the top card of any discard pile — but never "
       "the card you have just discarded.") },
  { "cost", lc_cost,
    N_("Every expedition you start costs 20 points: it scores the sum of its numbers minus 20. "
       "Start only the colours you can take well beyond 20; an expedition you never start costs "
       "nothing.") },
  { "bonus", lc_bonus,
    N_("An expedition of eight cards or more earns 20 extra points, added after the wagers "
       "multiply its result.") },
  { "deck", lc_deck_low,
    N_("The round ends the moment the last card of the deck is drawn. Drawing from a discard "
       "pile keeps the game going — useful while you still have good cards to play.") },
};

static const char *lost_cities_turn =
  N_("Play one card — on your expedition or on its discard pile — then draw one.");
static const char *lost_cities_end =
  N_("The game is over. Each expedition you started scored the sum of its numbers minus 20, "
     "times one plus its wagers, and 20 more with eight cards or more. The result shows every "
     "expedition; you can replay the game from the history of a real match.");

/* Circle the Wagons ------------------------------------------------------- */

static gboolean
ctw_takes (const Moment *m)
{
  return move_string (m, "take") != NULL;
}

static gboolean
ctw_starts (const Moment *m)
{
  return move_string (m, "start") != NULL;
}

static gboolean
ctw_places (const Moment *m)
{
  return move_string (m, "place") != NULL;
}

/* A free card: you place a card after your opponent's move, not yours. */
static gboolean
ctw_free (const Moment *m)
{
  return ctw_places (m) && previous_player (m) != (int) YOU
         && pt_game_get_n_moves (m->game) > 2;
}

static gboolean
ctw_groups (const Moment *m)
{
  return ctw_places (m) && m->step >= 4;
}

static gboolean
ctw_bonus (const Moment *m)
{
  return m->step >= 7;
}

static gboolean
ctw_cover (const Moment *m)
{
  return ctw_places (m) && m->step >= 10;
}

static const Topic wagons_topics[] = {
  { "intro", always,
    N_("This is your first game of Circle the Wagons, against an easy computer. Fifteen cards lie "
       "in a circle; the three in the middle are this game’s bonus cards. On your turn you take "
       "one card of the circle and place it in your town. The coach suggests a move and outlines "
       "it; you may follow it or choose another legal move.") },
  { "start", ctw_starts,
    N_("As the second player you choose where the circle starts: your opponent will take that "
       "card or one after it, clockwise.") },
  { "take", ctw_takes,
    N_("Take any card of the circle, counting clockwise from the start. Every card you skip goes "
       "to your opponent for free, so skipping far is generous.") },
  { "place", ctw_places,
    N_("Place the card in your town: it must cover a cell of your town or touch it along an edge "
       "— a corner alone is not enough. You may turn it upside down, never sideways. The cells "
       "where it may go are marked.") },
  { "free", ctw_free,
    N_("Your opponent skipped these cards, so they are yours for free: you place every one of "
       "them, in circle order, before you take a card. A free card cannot be refused.") },
  { "groups", ctw_groups,
    N_("At the end each terrain scores the size of its largest connected group of that terrain. "
       "A few big groups score more than many small ones.") },
  { "bonus", ctw_bonus,
    N_("Look at the three bonus cards in the middle: they add points — or take them away — for "
       "the symbols and shapes in your town.") },
  { "cover", ctw_cover,
    N_("Covering your own cells is allowed and often useful: a new card always lies on top, and "
       "only what is visible scores.") },
};

static const char *wagons_turn =
  N_("Take a card of the circle, or place the card you have.");
static const char *wagons_end =
  N_("The game is over. Each terrain scored its largest connected group, and the bonus cards "
     "added or took away their points. On a tie, the town with fewer cards wins.");

/* Next Station: London ---------------------------------------------------- */

static gboolean
ns_section (const Moment *m)
{
  return m->suggestion != NULL && json_object_has_member (m->suggestion, "to");
}

static gboolean
ns_pass (const Moment *m)
{
  return m->suggestion != NULL && json_object_has_member (m->suggestion, "pass");
}

static gboolean
ns_joker (const Moment *m)
{
  const char *card = view_string (m, "card");

  return card != NULL && g_str_has_suffix (card, ":joker");
}

static gboolean
ns_switch (const Moment *m)
{
  gboolean branch = FALSE;

  if (m->view != NULL && json_object_has_member (m->view, "branch_allowed"))
    branch = json_object_get_boolean_member (m->view, "branch_allowed");
  return branch;
}

static gboolean
ns_crossing (const Moment *m)
{
  return m->step >= 3;
}

static gboolean
ns_underground (const Moment *m)
{
  return view_int (m, "underground_flipped", 0) >= 3;
}

static gboolean
ns_scoring (const Moment *m)
{
  return view_int (m, "round", 1) >= 2;
}

static gboolean
ns_extras (const Moment *m)
{
  return view_int (m, "round", 1) >= 3;
}

static const Topic next_station_topics[] = {
  { "intro", always,
    N_("This is your first game of Next Station: London, against an easy computer. Over four "
       "rounds you draw four underground lines, one colour each, starting from that colour’s "
       "departure station. Each turn a station card is turned over and everybody may draw one "
       "section for it. The coach suggests a section and draws it faintly on the map; you may "
       "follow it or choose another.") },
  { "section", ns_section,
    N_("Draw one straight section — across, down or diagonal — from an end of your line to the "
       "nearest station in that direction with the card’s symbol. The stations you can reach "
       "are marked.") },
  { "joker", ns_joker,
    N_("A joker card matches any symbol, and the Central Station (?) matches any card.") },
  { "switch", ns_switch,
    N_("The switch card: another card is turned over at once, and this section may start from "
       "any station of your line, not only its ends — a branch.") },
  { "pass", ns_pass,
    N_("When no section fits the card, or none is worth it, you pass: passing is always "
       "allowed.") },
  { "crossing", ns_crossing,
    N_("Sections never cross one another, not even those of other colours, and a line never "
       "visits a station twice: keep room to grow.") },
  { "underground", ns_underground,
    N_("The round ends on the turn the fifth underground card (pink and yellow back) is turned "
       "over; that card is still played.") },
  { "scoring", ns_scoring,
    N_("A line scores the number of districts it visits times the most stations it has in one "
       "district, plus 2 for each crossing of the Thames.") },
  { "extras", ns_extras,
    N_("At the end of the game the tourist sites your lines visited and the stations where your "
       "lines meet add points of their own.") },
};

static const char *next_station_turn =
  N_("Draw one section for the card turned over, or pass.");
static const char *next_station_end =
  N_("The game is over. Your four lines scored their districts times their best district plus "
     "the Thames crossings; the tourist sites and the stations where your lines meet added the "
     "rest.");

/* The table ----------------------------------------------------------- */

typedef struct
{
  const char  *game_id;
  const Topic *topics;
  guint        n_topics;
  const char **turn;
  const char **end;
} Course;

static const Course courses[] = {
  { "lost-cities", lost_cities_topics, G_N_ELEMENTS (lost_cities_topics),
    &lost_cities_turn, &lost_cities_end },
  { "circle-the-wagons", wagons_topics, G_N_ELEMENTS (wagons_topics),
    &wagons_turn, &wagons_end },
  { "next-station-london", next_station_topics, G_N_ELEMENTS (next_station_topics),
    &next_station_turn, &next_station_end },
};

static const Course *
find_course (const char *game_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (courses); i++)
    if (g_strcmp0 (courses[i].game_id, game_id) == 0)
      return &courses[i];
  return NULL;
}

gboolean
pt_lesson_supports (const char *game_id)
{
  return find_course (game_id) != NULL;
}

const char * const *
pt_lesson_list_topics (const char *game_id)
{
  static GHashTable *lists;
  const Course *course = find_course (game_id);
  GPtrArray *ids;

  if (course == NULL)
    return NULL;
  if (lists == NULL)
    lists = g_hash_table_new (g_str_hash, g_str_equal);
  ids = g_hash_table_lookup (lists, course->game_id);
  if (ids == NULL)
    {
      ids = g_ptr_array_new ();
      for (guint i = 0; i < course->n_topics; i++)
        g_ptr_array_add (ids, (gpointer) course->topics[i].id);
      g_ptr_array_add (ids, (gpointer) "end");
      g_ptr_array_add (ids, NULL);
      g_hash_table_insert (lists, (gpointer) course->game_id, ids);
    }
  return (const char * const *) ids->pdata;
}

/* Coaching ---------------------------------------------------------------- */

static void
set_text (PtLesson   *self,
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
  const Course *course = find_course (self->game_id);
  PtGame *game = pt_session_get_game (self->session);
  PtSessionState state = pt_session_get_state (self->session);
  g_autoptr(JsonNode) view = NULL;
  g_autoptr(GError) error = NULL;
  Moment m = { self, game, NULL, NULL, 0 };
  guint n_moves;

  g_clear_pointer (&self->suggestion, json_node_unref);
  g_clear_pointer (&self->reason, g_free);

  if (state == PT_SESSION_FINISHED || (game != NULL && pt_game_get_is_over (game)))
    {
      if (g_strcmp0 (self->topic, "end") != 0)
        g_ptr_array_add (self->shown_ids, (gpointer) "end");
      set_text (self, "end", _(*course->end));
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  if (state != PT_SESSION_PLAYING || game == NULL
      || pt_game_get_current_player (game) != (int) YOU)
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

  self->suggestion = pt_bot_choose_move_full (self->coach, game, YOU, NULL, &self->reason, &error);
  if (self->suggestion != NULL && !pt_game_is_legal (game, YOU, self->suggestion))
    g_clear_pointer (&self->suggestion, json_node_unref);
  if (self->suggestion == NULL)
    {
      /* Never stuck: the first legal move the rules list. */
      g_autoptr(JsonNode) legal = pt_game_list_legal_moves (game, YOU);
      JsonArray *moves = legal && JSON_NODE_HOLDS_ARRAY (legal) ? json_node_get_array (legal) : NULL;

      g_clear_pointer (&self->reason, g_free);
      if (moves != NULL && json_array_get_length (moves) > 0)
        self->suggestion = json_node_copy (json_array_get_element (moves, 0));
    }

  view = pt_game_get_view (game, YOU);
  m.view = view && JSON_NODE_HOLDS_OBJECT (view) ? json_node_get_object (view) : NULL;
  m.suggestion = self->suggestion && JSON_NODE_HOLDS_OBJECT (self->suggestion)
                 ? json_node_get_object (self->suggestion) : NULL;
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
          text = _(*course->turn);
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
                    PtLesson  *self)
{
  /* The suggestion was for the position before: gone at once. */
  g_clear_pointer (&self->suggestion, json_node_unref);
  g_clear_pointer (&self->reason, g_free);
  queue_update (self);
}

static void
on_round_changed (PtSession *session,
                  guint      round,
                  PtLesson  *self)
{
  on_session_changed (session, self);
}

static PtSession *
new_session (PtLesson *self,
             guint64   seed)
{
  PtSession *session;
  PtSessionDefaults defaults;

  pt_session_defaults_init (&defaults);
  defaults.ai_level = PT_BOT_LEVEL_EASY;
  defaults.rounds = 1;
  /* Nothing is saved: a lesson is not a match of the history. */
  session = pt_session_new (self->game_id, NULL, &defaults);
  pt_session_set_n_seats (session, 2);
  pt_session_set_seat_name (session, YOU, self->player_name);
  pt_session_set_seat_kind (session, YOU, PT_SEAT_PERSON, PT_BOT_LEVEL_EASY, NULL, NULL);
  /* Translators: the computer's seat in a lesson */
  pt_session_set_seat_name (session, 1, _("Computer"));
  pt_session_set_seat_kind (session, 1, PT_SEAT_COMPUTER, PT_BOT_LEVEL_EASY, NULL, NULL);
  pt_session_set_n_rounds (session, 1);
  pt_session_set_seed (session, seed);
  /* The level's fixed work: the same game every time. */
  pt_session_set_time_budget (session, 0);
  return session;
}

/* Seat 0 starts the deal (Circle the Wagons: the computer names the
 * starting card, then you take first). */
static gboolean
you_start (PtSession *session)
{
  PtGame *game = pt_session_get_game (session);
  g_autoptr(JsonNode) record = game ? pt_game_to_record (game) : NULL;
  JsonObject *setup = record ? json_object_get_object_member (json_node_get_object (record), "setup") : NULL;

  return setup != NULL && (!json_object_has_member (setup, "first_player")
                           || json_object_get_int_member (setup, "first_player") == 0);
}

PtLesson *
pt_lesson_new (const char  *game_id,
               GError     **error)
{
  g_autoptr(PtLesson) self = NULL;
  const Course *course = find_course (game_id);

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
pt_lesson_start (PtLesson  *self,
                 GError   **error)
{
  guint delay;

  g_return_val_if_fail (PT_IS_LESSON (self), FALSE);
  g_return_val_if_fail (pt_session_get_state (self->session) == PT_SESSION_SETUP, FALSE);

  /* The fixed deal: the first seed from LESSON_SEED on which you play
   * first, found by dealing (the seat order is the session's business). */
  delay = self->computer_delay;
  for (guint64 seed = LESSON_SEED; ; seed++)
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
pt_lesson_set_player_name (PtLesson   *self,
                           const char *name)
{
  g_return_if_fail (PT_IS_LESSON (self));
  g_return_if_fail (pt_session_get_state (self->session) == PT_SESSION_SETUP);

  if (name == NULL || name[0] == '\0'
      || pt_player_name_equal (name, pt_session_get_seat_name (self->session, 1)))
    return;
  g_free (self->player_name);
  self->player_name = g_strdup (name);
  pt_session_set_seat_name (self->session, YOU, name);
}

void
pt_lesson_set_computer_delay (PtLesson *self,
                              guint     ms)
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
  return YOU;
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

const char * const *
pt_lesson_get_topics_shown (PtLesson *self)
{
  g_return_val_if_fail (PT_IS_LESSON (self), NULL);
  /* Kept NULL-terminated: the last slot is always the terminator. */
  g_ptr_array_add (self->shown_ids, NULL);
  g_ptr_array_set_size (self->shown_ids, self->shown_ids->len - 1);
  return (const char * const *) self->shown_ids->pdata;
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
