/* pt-circle-the-wagons-game.c — Circle the Wagons as a PtGame
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The controller around PtWagonsState: records (setup, moves) in and out,
 * legal moves and scores as JSON. All rules live in pt-wagons-*.c.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-circle-the-wagons-game.h"
#include "pt-record.h"
#include "pt-rng.h"
#include "pt-wagons-json.h"
#include "pt-wagons-sheet.h"

struct _PtCircleTheWagonsGame
{
  PtGame parent_instance;
  PtWagonsState state;
};

G_DEFINE_FINAL_TYPE (PtCircleTheWagonsGame, pt_circle_the_wagons_game, PT_TYPE_GAME)

/* The game has no options: any member is refused by name. */
static gboolean
check_no_options (JsonObject *options,
                  GError **error)
{
  g_autoptr(GList) members = NULL;

  if (options == NULL || json_object_get_size (options) == 0)
    return TRUE;
  members = json_object_get_members (options);
  g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_OPTIONS,
               _("Circle the Wagons has no option “%s”"), (const char *) members->data);
  return FALSE;
}

/**
 * pt_wagons_deal_state:
 * @first_player: 0 or 1, or -1 to let the seed choose
 *
 * The deal of @seed: the 18 cards (A1…B9 order) shuffled with PtRng; the
 * first 3 are the bonus cards, the other 15 the circle clockwise; then,
 * when @first_player is -1, pt_rng_below (2) chooses the first player.
 */
void
pt_wagons_deal_state (guint64 seed,
                      int first_player,
                      guint8 bonus[PT_WAGONS_N_BONUS],
                      guint8 circle[PT_WAGONS_N_CIRCLE],
                      guint *out_first_player)
{
  guint8 deck[PT_WAGONS_N_CARDS];
  PtRng rng;

  pt_rng_init (&rng, seed);
  for (guint i = 0; i < PT_WAGONS_N_CARDS; i++)
    deck[i] = (guint8) i;
  pt_rng_shuffle (&rng, deck, PT_WAGONS_N_CARDS, 1);
  memcpy (bonus, deck, PT_WAGONS_N_BONUS);
  memcpy (circle, deck + PT_WAGONS_N_BONUS, PT_WAGONS_N_CIRCLE);
  *out_first_player = first_player >= 0 ? (guint) first_player : pt_rng_below (&rng, 2);
}

static JsonArray *
cards_to_json (const guint8 *cards,
               guint n)
{
  JsonArray *array = json_array_sized_new (n);

  for (guint i = 0; i < n; i++)
    json_array_add_string_element (array, pt_wagons_cards[cards[i]].id);
  return array;
}

static JsonObject *
setup_to_json (const guint8 *bonus,
               const guint8 *circle,
               guint first_player)
{
  JsonObject *setup = json_object_new ();

  json_object_set_array_member (setup, "bonus", cards_to_json (bonus, PT_WAGONS_N_BONUS));
  json_object_set_array_member (setup, "circle", cards_to_json (circle, PT_WAGONS_N_CIRCLE));
  json_object_set_int_member (setup, "first_player", first_player);
  return setup;
}

static gboolean
pt_circle_the_wagons_game_deal (PtGameClass *klass,
                                JsonObject *options,
                                guint n_players,
                                int first_player,
                                guint64 seed,
                                JsonObject **out_options,
                                JsonObject **out_setup,
                                GError **error)
{
  guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
  guint first;

  if (!check_no_options (options, error))
    return FALSE;
  pt_wagons_deal_state (seed, first_player, bonus, circle, &first);
  *out_options = json_object_new ();
  *out_setup = setup_to_json (bonus, circle, first);
  return TRUE;
}

static JsonNode *
pt_circle_the_wagons_game_score_sheet (PtGameClass *klass,
                                       JsonObject *sheet,
                                       GError **error)
{
  return pt_wagons_score_sheet (sheet, error);
}

/* Reads @n card ids of setup member @member into @cards, marking @seen. */
static gboolean
read_cards (JsonObject *setup,
            const char *member,
            guint n,
            guint8 *cards,
            gboolean *seen,
            GError **error)
{
  JsonArray *array = pt_json_get_array (json_object_get_member (setup, member));

  if (array == NULL || json_array_get_length (array) != n)
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                   g_strcmp0 (member, "bonus") == 0
                       ? g_dngettext (GETTEXT_PACKAGE, "The setup needs the bonus cards: a list of %u card",
                                      "The setup needs the bonus cards: a list of %u cards", n)
                       : g_dngettext (GETTEXT_PACKAGE, "The setup needs the circle: a list of %u card",
                                      "The setup needs the circle: a list of %u cards", n),
                   n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *id = pt_json_get_string (json_array_get_element (array, i));
      int card = pt_wagons_card_from_id (id);

      if (card < 0)
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                       g_strcmp0 (member, "bonus") == 0 ? _("“%s” among the bonus cards is not a card")
                                                        : _("“%s” in the circle is not a card"),
                                                             id ? id : "?");
          return FALSE;
        }
      if (seen[card])
        {
          g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                       _("%s appears twice in the setup"), id);
          return FALSE;
        }
      seen[card] = TRUE;
      cards[i] = (guint8) card;
    }
  return TRUE;
}

static gboolean
pt_circle_the_wagons_game_setup (PtGame *game,
                                 JsonObject *options,
                                 JsonObject *setup,
                                 GError **error)
{
  static const char *const members[] = { "bonus", "circle", "first_player", NULL };
  PtCircleTheWagonsGame *self = PT_CIRCLE_THE_WAGONS_GAME (game);
  guint8 bonus[PT_WAGONS_N_BONUS], circle[PT_WAGONS_N_CIRCLE];
  gboolean seen[PT_WAGONS_N_CARDS] = {
    FALSE,
  };
  const char *unknown = NULL;
  gint64 first_player;

  if (!check_no_options (options, error))
    return FALSE;
  if (!pt_json_object_only_has (setup, members, &unknown))
    {
      g_set_error (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                   _("Unknown member “%s” in the setup"), unknown);
      return FALSE;
    }
  if (!read_cards (setup, "bonus", PT_WAGONS_N_BONUS, bonus, seen, error) ||
      !read_cards (setup, "circle", PT_WAGONS_N_CIRCLE, circle, seen, error))
    return FALSE;
  if (!pt_json_get_int (json_object_get_member (setup, "first_player"), &first_player) ||
      (first_player != 0 && first_player != 1))
    {
      g_set_error_literal (error, PT_RULES_ERROR, PT_RULES_ERROR_BAD_SETUP,
                           _("The setup must say who plays first (0 or 1)"));
      return FALSE;
    }
  pt_wagons_state_init (&self->state, bonus, circle, (guint) first_player);
  return TRUE;
}

static int
pt_circle_the_wagons_game_get_current_player (PtGame *game)
{
  return pt_wagons_state_get_current_player (&PT_CIRCLE_THE_WAGONS_GAME (game)->state);
}

static gboolean
pt_circle_the_wagons_game_get_is_over (PtGame *game)
{
  return pt_wagons_state_get_phase (&PT_CIRCLE_THE_WAGONS_GAME (game)->state) == PT_WAGONS_PHASE_OVER;
}

static const char *
phase_name (PtWagonsPhase phase)
{
  static const char *const names[] = { "start", "take", "place", "over" };

  return names[phase];
}

static const char *
pt_circle_the_wagons_game_get_phase (PtGame *game)
{
  return phase_name (pt_wagons_state_get_phase (&PT_CIRCLE_THE_WAGONS_GAME (game)->state));
}

static gboolean
pt_circle_the_wagons_game_apply_move (PtGame *game,
                                      guint player,
                                      JsonNode *node,
                                      GError **error)
{
  PtCircleTheWagonsGame *self = PT_CIRCLE_THE_WAGONS_GAME (game);
  PtWagonsMove move;

  if (!pt_wagons_move_from_json (node, &move, error) ||
      !pt_wagons_state_check_move (&self->state, player, &move, error))
    return FALSE;
  pt_wagons_state_apply_move (&self->state, &move);
  return TRUE;
}

static JsonNode *
pt_circle_the_wagons_game_list_legal_moves (PtGame *game,
                                            guint player)
{
  PtCircleTheWagonsGame *self = PT_CIRCLE_THE_WAGONS_GAME (game);
  g_autofree PtWagonsMove *moves = NULL;
  JsonArray *array = json_array_new ();
  guint n = 0;

  if (pt_wagons_state_get_current_player (&self->state) == (int) player)
    {
      moves = g_new (PtWagonsMove, PT_WAGONS_MAX_MOVES);
      n = pt_wagons_state_list_moves (&self->state, moves);
    }
  for (guint i = 0; i < n; i++)
    json_array_add_element (array, pt_wagons_move_to_json (&moves[i]));
  return pt_json_node_new_array (array);
}

static void
pt_circle_the_wagons_game_get_scores (PtGame *game,
                                      int *scores)
{
  PtWagonsTally tallies[2];
  PtWagonsScore score;

  pt_wagons_state_score (&PT_CIRCLE_THE_WAGONS_GAME (game)->state, tallies, &score);
  scores[0] = score.total[0];
  scores[1] = score.total[1];
}

static guint
pt_circle_the_wagons_game_get_winners (PtGame *game)
{
  PtWagonsTally tallies[2];
  PtWagonsScore score;

  pt_wagons_state_score (&PT_CIRCLE_THE_WAGONS_GAME (game)->state, tallies, &score);
  return score.winners;
}

static JsonNode *
pt_circle_the_wagons_game_get_breakdown (PtGame *game)
{
  PtCircleTheWagonsGame *self = PT_CIRCLE_THE_WAGONS_GAME (game);
  PtWagonsTally tallies[2];
  PtWagonsScore score;

  pt_wagons_state_score (&self->state, tallies, &score);
  return pt_wagons_breakdown_to_json (&score, tallies, self->state.bonus,
                                      pt_game_get_is_over (game));
}

/* Perfect information: every player and a spectator see the same. */
static JsonNode *
pt_circle_the_wagons_game_get_view (PtGame *game,
                                    int player)
{
  PtCircleTheWagonsGame *self = PT_CIRCLE_THE_WAGONS_GAME (game);
  const PtWagonsState *state = &self->state;
  g_autoptr(JsonObject) view = json_object_new ();
  JsonArray *bonus = json_array_new ();
  JsonArray *pending = json_array_new ();
  JsonArray *towns = json_array_new ();
  guint8 cards[PT_WAGONS_N_CIRCLE], players[PT_WAGONS_N_CIRCLE];
  guint n;

  json_object_set_string_member (view, "phase", phase_name (pt_wagons_state_get_phase (state)));
  json_object_set_int_member (view, "current_player", pt_wagons_state_get_current_player (state));
  json_object_set_int_member (view, "first_player", state->first_player);
  for (guint i = 0; i < PT_WAGONS_N_BONUS; i++)
    {
      const PtWagonsBonusInfo *info = &pt_wagons_bonus_info[pt_wagons_cards[state->bonus[i]].bonus];
      JsonObject *b = json_object_new ();

      json_object_set_string_member (b, "card", pt_wagons_cards[state->bonus[i]].id);
      json_object_set_string_member (b, "id", info->id);
      json_object_set_string_member (b, "name", info->name);
      json_array_add_object_element (bonus, b);
    }
  json_object_set_array_member (view, "bonus", bonus);
  json_object_set_array_member (view, "circle", cards_to_json (state->circle, PT_WAGONS_N_CIRCLE));
  if (state->started)
    json_object_set_string_member (view, "start", pt_wagons_cards[state->circle[state->start]].id);
  else
    json_object_set_null_member (view, "start");
  n = pt_wagons_state_get_queue (state, cards);
  json_object_set_array_member (view, "queue", cards_to_json (cards, n));
  n = pt_wagons_state_get_pending (state, cards, players);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *p = json_object_new ();

      json_object_set_string_member (p, "card", pt_wagons_cards[cards[i]].id);
      json_object_set_int_member (p, "player", players[i]);
      json_array_add_object_element (pending, p);
    }
  json_object_set_array_member (view, "pending", pending);
  for (guint p = 0; p < 2; p++)
    json_array_add_element (towns, pt_wagons_town_to_json (&state->towns[p]));
  json_object_set_array_member (view, "towns", towns);
  return pt_json_node_new_object (g_steal_pointer (&view));
}

/* The card of @town seen at cell (x, y): the last one placed over it, or
 * -1 when the cell is empty. */
static int
visible_card_at (const PtWagonsTown *town,
                 int x,
                 int y)
{
  for (int i = (int) town->n_placements - 1; i >= 0; i--)
    {
      const PtWagonsPlacement *p = &town->placements[i];

      if (x >= p->x && x <= p->x + 1 && y >= p->y && y <= p->y + 1)
        return i;
    }
  return -1;
}

/* Where a placement goes, in the words a player uses at the table, by the
 * cards already in the town (never the grid's numbers, which start at
 * the first card and may be negative): "as the first card of the town",
 * "over A5, covering 2 of its cells", "to the right of A5". */
static char *
describe_placement (const PtWagonsTown *town,
                    const PtWagonsMove *move)
{
  int n_covered = 0, under = -1, distinct = 0;
  int best = -1;
  gboolean seen[PT_WAGONS_TOWN_MAX_CARDS] = { FALSE };

  if (town->n_placements == 0)
    return g_strdup (_("as the first card of the town"));

  for (int dy = 0; dy < 2; dy++)
    for (int dx = 0; dx < 2; dx++)
      {
        int card = visible_card_at (town, move->x + dx, move->y + dy);

        if (card < 0)
          continue;
        n_covered++;
        if (!seen[card])
          {
            seen[card] = TRUE;
            distinct++;
            under = card;
          }
      }
  if (n_covered > 0 && distinct == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "over %s, covering %d cell",
                                         "over %s, covering %d cells", n_covered),
                            pt_wagons_cards[town->placements[under].card].id, n_covered);
  if (n_covered > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "over %d card, covering %d cells",
                                         "over %d cards, covering %d cells", distinct),
                            distinct, n_covered);

  /* Touching: the card it lies next to along an edge, the latest placed. */
  for (int dy = -1; dy <= 2; dy++)
    for (int dx = -1; dx <= 2; dx++)
      {
        gboolean edge = (dx >= 0 && dx <= 1) != (dy >= 0 && dy <= 1);
        int card;

        if (!edge)
          continue;
        card = visible_card_at (town, move->x + dx, move->y + dy);
        if (card > best)
          best = card;
      }
  if (best >= 0)
    {
      const PtWagonsPlacement *p = &town->placements[best];
      const char *id = pt_wagons_cards[p->card].id;
      int dx = move->x - p->x, dy = move->y - p->y;

      if (ABS (dx) >= ABS (dy))
        return dx > 0 ? g_strdup_printf (_("to the right of %s"), id)
                      : g_strdup_printf (_("to the left of %s"), id);
      return dy > 0 ? g_strdup_printf (_("below %s"), id)
                    : g_strdup_printf (_("above %s"), id);
    }
  return g_strdup (_("next to the town"));
}

/* "Ana took B4; Beto gets A1, A2.", on the state before the move, where
 * the cards given away are still in the circle. */
static char *
pt_circle_the_wagons_game_describe_move (PtGame *game,
                                         guint player,
                                         JsonNode *move_json)
{
  const PtWagonsState *state = &PT_CIRCLE_THE_WAGONS_GAME (game)->state;
  const char *name = pt_game_get_player_name (game, player);
  const char *other = pt_game_get_player_name (game, 1 - MIN (player, 1));
  PtWagonsMove move;
  const char *card;

  if (name == NULL || player > 1 || !pt_wagons_move_from_json (move_json, &move, NULL))
    return NULL;
  card = pt_wagons_cards[move.card].id;
  switch (move.kind)
    {
    case PT_WAGONS_MOVE_START:
      /* Translators: a move in the log, e.g. "Beto started the circle at B4." */
      return g_strdup_printf (_("%s started the circle at %s."), name, card);
    case PT_WAGONS_MOVE_TAKE:
      {
        guint8 queue[PT_WAGONS_N_CIRCLE];
        guint n = pt_wagons_state_get_queue (state, queue);
        g_autoptr(GString) given = g_string_new (NULL);

        /* Every card before the one taken goes to the opponent. */
        for (guint i = 0; i < n && queue[i] != move.card; i++)
          g_string_append_printf (given, "%s%s", given->len > 0 ? ", " : "", pt_wagons_cards[queue[i]].id);
        if (given->len == 0)
          /* Translators: a move in the log, e.g. "Ana took A1, giving nothing away." */
          return g_strdup_printf (_("%s took %s, giving nothing away."), name, card);
        /* Translators: a move in the log, e.g. "Ana took B4; Beto gets A1, A2." */
        return g_strdup_printf (_("%s took %s; %s gets %s."), name, card, other, given->str);
      }
    case PT_WAGONS_MOVE_PLACE:
    default:
      {
        g_autofree char *where = describe_placement (&state->towns[player], &move);

        if (move.rot180)
          /* Translators: a move in the log, "Ana placed B4 upside down, to the right of A5." */
          return g_strdup_printf (_("%s placed %s upside down, %s."), name, card, where);
        /* Translators: a move in the log, "Ana placed B4 to the right of A5." */
        return g_strdup_printf (_("%s placed %s %s."), name, card, where);
      }
    }
}

static JsonObject *
pt_circle_the_wagons_game_save_options (PtGame *game)
{
  return json_object_new ();
}

static JsonObject *
pt_circle_the_wagons_game_save_setup (PtGame *game)
{
  const PtWagonsState *state = &PT_CIRCLE_THE_WAGONS_GAME (game)->state;

  return setup_to_json (state->bonus, state->circle, state->first_player);
}

/* Its "Learn to play" course (pt-wagons-lesson.c). */
extern const PtLessonCourse pt_wagons_lesson;

static void
pt_circle_the_wagons_game_class_init (PtCircleTheWagonsGameClass *klass)
{
  PtGameClass *game_class = PT_GAME_CLASS (klass);
  game_class->lesson = &pt_wagons_lesson;

  game_class->game_id = PT_CIRCLE_THE_WAGONS_GAME_ID;
  game_class->title = N_("Circle the Wagons");
  game_class->summary = N_("A card game for two: take cards from the circle and build "
                           "the best frontier town");
  game_class->min_players = 2;
  game_class->max_players = 2;
  game_class->hidden_information = FALSE;
  game_class->deal = pt_circle_the_wagons_game_deal;
  game_class->score_sheet = pt_circle_the_wagons_game_score_sheet;
  game_class->setup = pt_circle_the_wagons_game_setup;
  game_class->get_current_player = pt_circle_the_wagons_game_get_current_player;
  game_class->get_is_over = pt_circle_the_wagons_game_get_is_over;
  game_class->get_phase = pt_circle_the_wagons_game_get_phase;
  game_class->apply_move = pt_circle_the_wagons_game_apply_move;
  game_class->list_legal_moves = pt_circle_the_wagons_game_list_legal_moves;
  game_class->get_scores = pt_circle_the_wagons_game_get_scores;
  game_class->get_winners = pt_circle_the_wagons_game_get_winners;
  game_class->get_breakdown = pt_circle_the_wagons_game_get_breakdown;
  game_class->get_view = pt_circle_the_wagons_game_get_view;
  game_class->save_options = pt_circle_the_wagons_game_save_options;
  game_class->save_setup = pt_circle_the_wagons_game_save_setup;
  game_class->describe_move = pt_circle_the_wagons_game_describe_move;
}

static void
pt_circle_the_wagons_game_init (PtCircleTheWagonsGame *self)
{
}

/* The state for the UI and the bots (copy it before changing it). */
const PtWagonsState *
pt_circle_the_wagons_game_get_state (PtCircleTheWagonsGame *self)
{
  g_return_val_if_fail (PT_IS_CIRCLE_THE_WAGONS_GAME (self), NULL);

  return &self->state;
}
