/* pt-game.h — the abstract game every Partida game derives from
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PtGame is the controller around a game's state: it checks whose turn it
 * is, forwards a move to the game for validation and application, keeps
 * the history (for undo and for the record) and tells listeners what
 * happened through signals and property notifications. The state itself is
 * a plain copyable value owned by the subclass.
 *
 * Moves travel as JSON nodes in the game's record format
 * (`partida-record/1`), so the UI, the CLI, saved games, external engines
 * and tests all speak the same language. Games also expose typed C APIs on
 * their state for the bots' hot loops.
 *
 * Contract for subclasses:
 * - setup() (re)initialises the whole state from options + setup; it is
 *   called again on undo, followed by the history minus its last move.
 * - apply_move() validates completely before it changes anything: when it
 *   returns FALSE the state is untouched.
 * - Records: the base class writes the envelope; the subclass provides its
 *   normalised options and setup, and may group history moves into record
 *   moves (Next Station: one array of actions per turn).
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "pt-rules-error.h"

G_BEGIN_DECLS

#define PT_RECORD_FORMAT    "partida-record/1"
#define PT_GAME_MAX_PLAYERS 4

#define PT_TYPE_GAME (pt_game_get_type ())

G_DECLARE_DERIVABLE_TYPE (PtGame, pt_game, PT, GAME, GObject)

/* A game's "Learn to play" course (pt-lesson-course.h). */
typedef struct _PtLessonCourse PtLessonCourse;

/* One colour of a game: @key as records and breakdowns write it ("Y",
 * "purple"), @name marked for translation ("yellow"), lower case for sentences. */
typedef struct
{
  const char *key;
  const char *name;
} PtGameColour;

struct _PtGameClass
{
  GObjectClass parent_class;

  /* Set in class_init. */
  const char *game_id; /* "lost-cities", "circle-the-wagons", "next-station-london" */
  /* What the UI shows, marked for translation (pt_rules_game_title() and
   * pt_rules_game_summary() translate them): the title ("Lost Cities") and
   * one sentence saying what the game is. */
  const char *title;
  const char *summary;
  /* The game's colours in record order (Lost Cities' expeditions, Next
   * Station's pencils), or NULL and 0 for a game without any. */
  const PtGameColour *colours;
  guint n_colours;
  guint min_players;
  guint max_players;
  gboolean hidden_information;
  /* Asking for the legal moves of a finished game: an error for games
   * whose spec says so (Next Station), else simply no moves. */
  gboolean legal_after_end_is_error;
  /* How many rounds a match may have: 0 or 1 for a game of one round;
   * more for a game played as a match of rounds with running totals and
   * a next-starter rule (Lost Cities: PT_MATCH_MAX_ROUNDS). */
  guint max_rounds;
  /* The presets the "rules" option takes, the default first, NULL
   * terminated ("rulebook", "seed"); NULL for a game without any. */
  const char *const *rule_presets;
  /* The game's "Learn to play" course, or NULL for a game without one. */
  const PtLessonCourse *lesson;

  /* Deal a new game from @seed. @first_player is -1 to let the seed
   * choose. Validates @options (may be NULL: the defaults) and returns the
   * normalised options as they go into the record (random choices such as
   * Next Station's drawn objectives are made here, from the seed) and the
   * setup object. */
  gboolean (*deal) (PtGameClass *klass,
                    JsonObject *options,
                    guint n_players,
                    int first_player,
                    guint64 seed,
                    JsonObject **out_options,
                    JsonObject **out_setup,
                    GError **error);

  /* Score a companion score sheet (the physical game on the table): the
   * sheet format and the result are documented per game. Uses the same
   * scoring functions as digital play. */
  JsonNode *(*score_sheet) (PtGameClass *klass,
                            JsonObject *sheet,
                            GError **error);

  /* (Re)initialise the whole state. @options may be NULL (defaults). */
  gboolean (*setup) (PtGame *self,
                     JsonObject *options,
                     JsonObject *setup,
                     GError **error);

  /* The player who must act next; -1 once the game is over. In a game
   * with simultaneous turns, the lowest seat that has not acted yet. */
  int (*get_current_player) (PtGame *self);
  gboolean (*get_is_over) (PtGame *self);
  /* A machine-readable name of the phase ("play", "draw", "place", …). */
  const char *(*get_phase) (PtGame *self);

  /* Validate @move for @player completely, then apply it. On FALSE the
   * state must be unchanged and @error set in PT_RULES_ERROR. */
  gboolean (*apply_move) (PtGame *self,
                          guint player,
                          JsonNode *move,
                          GError **error);

  /* A JSON array of every distinct legal move of @player, as record
   * move objects; empty when @player may not act. In a game with
   * simultaneous turns, every seat that may still act on the current
   * card lists its moves (pt_game_request_move still takes them in seat
   * order, the current player first). */
  JsonNode *(*list_legal_moves) (PtGame *self,
                                 guint player);

  /* Scores of the position (n_players values), and the winners once over
   * as a bit mask (bit i = player i), after the game's tie-break. */
  void (*get_scores) (PtGame *self,
                      int *scores);
  guint (*get_winners) (PtGame *self);

  /* A JSON object the UI can show line by line and the store keeps. */
  JsonNode *(*get_breakdown) (PtGame *self);

  /* What @player may know (-1: a spectator, public information only). */
  JsonNode *(*get_view) (PtGame *self,
                         int player);

  /* The normalised options and the setup, as they go into the record. */
  JsonObject *(*save_options) (PtGame *self);
  JsonObject *(*save_setup) (PtGame *self);

  /* Optional: the record's "moves" from the history (default: the moves
   * as applied), and the replay of one record move (default: one move by
   * the current player). On error, *error_player may name a player. */
  JsonNode *(*build_record_moves) (PtGame *self,
                                   GPtrArray *history);
  gboolean (*replay_record_move) (PtGame *self,
                                  JsonNode *record_move,
                                  int *error_player,
                                  GError **error);
  /* Optional: called after a record move that more moves follow; FALSE
   * (with @error, and *error_player if it names one) when that move
   * left something undone that only the last record move may leave (a
   * Next Station turn with fewer actions than players), so the error is
   * reported at that move's own index. */
  gboolean (*check_record_move_complete) (PtGame *self,
                                          int *error_player,
                                          GError **error);

  /* Optional: @move by @player as one sentence that names the player
   * ("Ana played the red 7 and drew from the deck."), read on the state
   * BEFORE the move, with public information only. Called before the move
   * is validated, so it must not trust @move; NULL when it cannot say. */
  char *(*describe_move) (PtGame *self,
                          guint player,
                          JsonNode *move);

  /* Optional: the name of the rule reading that @options (normalised or
   * as given, may be NULL) amount to, kept with the match in the history
   * ("rulebook", "seed", "custom"); default "". */
  char *(*rule_reading) (PtGameClass *klass,
                         JsonObject *options);

  gpointer padding[5];
};

/* One applied move of the history; @description is the game's sentence
 * for it (describe_move), or NULL. */
typedef struct
{
  guint player;
  JsonNode *move;
  char *description;
} PtGameMove;

const char *pt_game_get_game_id (PtGame *self);
guint pt_game_get_n_players (PtGame *self);
const char *pt_game_get_player_name (PtGame *self,
                                     guint player);
const char *const *pt_game_get_players (PtGame *self);
int pt_game_get_current_player (PtGame *self);
gboolean pt_game_get_is_over (PtGame *self);
const char *pt_game_get_phase (PtGame *self);
gboolean pt_game_get_hidden_information (PtGame *self);

gboolean pt_game_setup (PtGame *self,
                        JsonObject *options,
                        JsonObject *setup,
                        GError **error);
gboolean pt_game_request_move (PtGame *self,
                               guint player,
                               JsonNode *move,
                               GError **error);
gboolean pt_game_request_move_string (PtGame *self,
                                      guint player,
                                      const char *move_json,
                                      GError **error);
gboolean pt_game_is_legal (PtGame *self,
                           guint player,
                           JsonNode *move);
JsonNode *pt_game_list_legal_moves (PtGame *self,
                                    guint player);

void pt_game_set_allow_undo (PtGame *self,
                             gboolean allow_undo);
gboolean pt_game_get_can_undo (PtGame *self);
gboolean pt_game_undo (PtGame *self,
                       GError **error);

guint pt_game_get_n_moves (PtGame *self);
const PtGameMove *pt_game_get_move (PtGame *self,
                                    guint index);
const char *pt_game_get_move_description (PtGame *self,
                                          guint index);

void pt_game_get_scores (PtGame *self,
                         int *scores);
int pt_game_get_score (PtGame *self,
                       guint player);
guint pt_game_get_winners (PtGame *self);
JsonNode *pt_game_get_breakdown (PtGame *self);
JsonNode *pt_game_get_view (PtGame *self,
                            int player);

JsonNode *pt_game_to_record (PtGame *self);
char *pt_game_to_record_string (PtGame *self,
                                gboolean pretty);
gboolean pt_game_replay_record_move (PtGame *self,
                                     JsonNode *record_move,
                                     int *error_player,
                                     GError **error);

JsonNode *pt_game_winners_to_json (guint winners_mask,
                                   guint n_players);

G_END_DECLS
