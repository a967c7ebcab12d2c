/* pt-lost-cities-bot.c — the Lost Cities computer players
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The snapshot is a PtLostCitiesView (only what the player may know); the
 * levels:
 *   Easy       the main heuristic without an eye on the opponent, and a
 *              random decent-looking move 30 % of the time;
 *   Medium     the main heuristic (pt-lost-cities-heuristic.c);
 *   Hard       Monte Carlo over determinisations (pt-lost-cities-search.c);
 *   Aggressive the aggressive opener, a yardstick;
 *   Denial     the discard-denial player, another yardstick;
 *   Random     provided by PtBot.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pt-lost-cities-engine-view.h"
#include "pt-bot-strategy.h"
#include "pt-lost-cities-game.h"
#include "pt-lost-cities-heuristic.h"
#include "pt-lost-cities-search.h"
#include "pt-lost-cities-view.h"

#define EASY_BLUNDER 0.3

/* What the move does for the bot's own expeditions, in words (the hint
 * already names the move itself). Built from the view only. */
static char *
describe_purpose (const PtLostCitiesView *view,
                  const PtLostCitiesMove *move)
{
  guint me = view->player, them = me ^ 1u;
  guint colour = PT_LOST_CITIES_CARD_COLOR (move->card);
  guint kind = PT_LOST_CITIES_CARD_KIND (move->card);
  const char *name = pt_lost_cities_color_name (colour);
  gboolean opened = view->values[me][colour] != 0 || view->wagers[me][colour] != 0;
  guint top = 0;
  guint16 theirs = view->values[them][colour];

  for (guint v = 10; v >= 2; v--)
    if (view->values[me][colour] & (1u << v))
      {
        top = v;
        break;
      }
  if (!move->discard)
    {
      if (kind == 0)
        /* Translators: %s is a colour name (“red”), as in “the red expedition”.
         * The reasons are shown as hints to the player whose move it is,
         * and name the other player “the opponent”. */
        return g_strdup_printf (_("an early wager on the %s expedition, while it can still pay off"), name);
      if (!opened)
        /* Translators: %s is a colour name */
        return g_strdup_printf (_("opens the %s expedition with enough cards in hand to follow it up"), name);
      if (kind + 1 <= top + 2)
        /* Translators: %s is a colour name */
        return g_strdup_printf (_("continues the %s expedition without skipping a card"), name);
      /* Translators: %s is a colour name */
      return g_strdup_printf (_("plays high on the %s expedition while there is still time"), name);
    }
  if (opened && kind != 0 && kind + 1 <= top)
    /* Translators: %s is a colour name */
    return g_strdup_printf (_("gets rid of a %s card the expedition has already gone past"), name);
  if ((theirs != 0 || view->wagers[them][colour] != 0) &&
      (kind == 0 || (guint) (1u << (kind + 1)) > theirs))
    /* Translators: %s is a colour name */
    return g_strdup_printf (_("discards a %s card of no use to the hand, although the opponent may want it"), name);
  if (theirs != 0 || view->wagers[them][colour] != 0)
    /* Translators: %s is a colour name */
    return g_strdup_printf (_("discards a %s card the opponent can no longer use"), name);
  /* Translators: %s is a colour name */
  return g_strdup_printf (_("discards a %s card that is not worth playing"), name);
}

static char *
describe_reason (const PtLostCitiesView *view,
                 const PtLostCitiesMove *move,
                 PtBotLevel level,
                 gboolean searched,
                 double expected,
                 guint n_samples)
{
  g_autofree char *purpose = NULL;

  if (level == PT_BOT_LEVEL_EASY && !searched && n_samples == 1)
    /* Easy's slip: a random decent-looking move. */
    return g_strdup (_("a quick pick among several moves that look about as good"));
  purpose = describe_purpose (view, move);
  if (searched && n_samples > 0)
    /* Translators: %s says what the move does (“continues the red
     * expedition without skipping a card”); then the expected score
     * difference against the opponent at the end of the round, e.g.
     * “+12”, over %u simulated deals */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s: %+d against the opponent expected by the end "
                                         "of the round, over %u simulated deal",
                                         "%s: %+d against the opponent expected by the end "
                                         "of the round, over %u simulated deals",
                                         n_samples),
                            purpose, (int) (expected >= 0 ? expected + 0.5 : expected - 0.5),
                            n_samples);
  if (!move->discard)
    {
      PtLostCitiesState after = { 0 };
      int score;

      /* The expedition's score once the card is on it. */
      after.options = view->options;
      after.values[0][PT_LOST_CITIES_CARD_COLOR (move->card)] =
          view->values[view->player][PT_LOST_CITIES_CARD_COLOR (move->card)];
      after.wagers[0][PT_LOST_CITIES_CARD_COLOR (move->card)] =
          view->wagers[view->player][PT_LOST_CITIES_CARD_COLOR (move->card)];
      if (PT_LOST_CITIES_CARD_KIND (move->card) == 0)
        after.wagers[0][PT_LOST_CITIES_CARD_COLOR (move->card)]++;
      else
        after.values[0][PT_LOST_CITIES_CARD_COLOR (move->card)] |=
            (guint16) (1u << PT_LOST_CITIES_CARD_VALUE (move->card));
      score = pt_lost_cities_state_expedition_score (&after, 0, PT_LOST_CITIES_CARD_COLOR (move->card));
      /* Translators: %s says what the move does; %+d is what that
       * expedition would score if the round ended now */
      return g_strdup_printf (_("%s (the expedition would score %+d now)"), purpose, score);
    }
  return g_steal_pointer (&purpose);
}

static gpointer
lost_cities_snapshot_new (PtGame *game,
                          guint player,
                          GError **error)
{
  const PtLostCitiesState *state;
  PtLostCitiesView *view;

  if (!PT_IS_LOST_CITIES_GAME (game))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "not a Lost Cities game");
      return NULL;
    }
  state = pt_lost_cities_game_get_state (PT_LOST_CITIES_GAME (game));
  if (state->over || state->current != player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("It is not player %u’s turn"), player + 1);
      return NULL;
    }
  /* The view reads only the player's own cards and public information. */
  view = g_new (PtLostCitiesView, 1);
  pt_lost_cities_view_init (view, state, player);
  return view;
}

static JsonNode *
lost_cities_choose (gconstpointer snapshot,
                    const PtBotRequest *request,
                    char **reason,
                    GCancellable *cancellable,
                    GError **error)
{
  const PtLostCitiesView *view = snapshot;
  PtLostCitiesSearchParams params;
  PtLostCitiesState sample;
  PtLostCitiesMove move, best;
  gboolean searched = FALSE;
  double expected = 0;
  guint n_samples = 0;
  PtRng rng;

  pt_rng_init (&rng, request->seed);
  /* The heuristics read only the mover's knowledge from the state, so a
   * sample of the hidden cards is as good as any. */
  pt_lost_cities_view_determinize (view, &rng, &sample);

  switch (request->level)
    {
    case PT_BOT_LEVEL_EASY:
      {
        PtRng copy = rng;

        pt_lost_cities_heuristic_sloppy (&sample, &rng, EASY_BLUNDER, &move);
        /* A slip: not the move the heuristic (without the opponent) ranks first. */
        pt_lost_cities_heuristic_sloppy (&sample, &copy, 0.0, &best);
        n_samples = memcmp (&move, &best, sizeof move) != 0;
      }
      break;
    case PT_BOT_LEVEL_AGGRESSIVE:
      pt_lost_cities_heuristic_aggressive (&sample, &move);
      break;
    case PT_BOT_LEVEL_DENIAL:
      pt_lost_cities_heuristic_denial (&sample, &move);
      break;
    case PT_BOT_LEVEL_HARD:
      pt_lost_cities_search_params_init (&params, request->seed);
      params.deadline = request->deadline;
      if (!pt_lost_cities_search_full (view, &params, cancellable, &move, &expected, &n_samples,
                                       error))
        return NULL;
      searched = TRUE;
      break;
    case PT_BOT_LEVEL_MEDIUM:
    case PT_BOT_LEVEL_RANDOM:
    default:
      pt_lost_cities_heuristic_move (&sample, &move);
      break;
    }
  *reason = describe_reason (view, &move, request->level, searched, expected, n_samples);
  return pt_lost_cities_move_to_json (&move);
}

const PtBotStrategy pt_lost_cities_bot_strategy = {
  .game_id = "lost-cities",
  .levels = (1u << PT_BOT_LEVEL_EASY) | (1u << PT_BOT_LEVEL_MEDIUM) |
            (1u << PT_BOT_LEVEL_HARD) | (1u << PT_BOT_LEVEL_AGGRESSIVE) |
            (1u << PT_BOT_LEVEL_DENIAL),
  .descriptions = {
      [PT_BOT_LEVEL_EASY] = N_("Plays sensible cards, ignores what you collect and often slips"),
                                [PT_BOT_LEVEL_MEDIUM] = N_("Opens expeditions with care, bets early and never feeds you cards"),
                                                            [PT_BOT_LEVEL_HARD] = N_("Simulates hundreds of possible deals before every move"),
                                                                                      [PT_BOT_LEVEL_RANDOM] = N_("Plays random legal moves (for testing)"),
                                                                                                                  [PT_BOT_LEVEL_AGGRESSIVE] = N_("Opens expeditions and bets eagerly, never watching you (for testing)"),
                                                                                                                                                  [PT_BOT_LEVEL_DENIAL] = N_("Never discards a card you could use, and takes the ones you want (for testing)"),
                                                                                                                                                  },
                                                                                                                  .snapshot_new = lost_cities_snapshot_new,
                                                                                                                  .snapshot_free = g_free,
                                                                                                                  .choose = lost_cities_choose,
                                                                                                                  .snapshot_from_view = pt_engine_view_lost_cities_snapshot,
                                                                                      };
