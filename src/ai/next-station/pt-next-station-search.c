/* pt-next-station-search.c — greedy play and Monte Carlo search for Next
 * Station; see the header
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pt-next-station-score.h"
#include "pt-next-station-search.h"

/* Weights of the greedy evaluation, tuned with `partida-cli bench
 * next-station-bot` (mean solo score of Hard, whose rollouts use it). */
#define TOURIST_VISIT_VALUE 2.5  /* the track pays 25 for 10 visits */
#define MOBILITY_WEIGHT     0.15 /* per free way on from a line end */
/* Per section drawn or blocked on the sheet: a section that crosses many
 * possible ones closes them to every later line (Medium 131 -> 134). */
#define BLOCKING_WEIGHT     0.4
#define POWER_MARGIN        4.0 /* a power must beat the plain move by this much */

/* Hard's work per turn: up to N_SAMPLES_DEFAULT samples per candidate,
 * shared out by sequential halving, but at most MAX_STEPS_DEFAULT
 * simulated turns (~3 µs each on this project's 2-core test machine):
 * every turn then costs about the same, ~70 ms of CPU, where a fixed
 * sample count made the first turns of the game (rollouts ~34 turns
 * long) 20 times as slow as the last ones. Sequential halving alone, at
 * the old work (100 samples × 11 candidates, flat): +2.1 ± 1.8 on seeds
 * 1–40, paired. */
#define N_SAMPLES_DEFAULT 400
#define TOP_K_DEFAULT     12
#define MAX_STEPS_DEFAULT 22000
/* … times this in rounds 1–4: the first lines shape the whole sheet
 * (what later lines may cross, where interchanges can be). 3, 1.5, 1, 1:
 * +1.51 ± 0.69 paired over seeds 1–200 (157.08 -> 158.59), CPU per turn
 * 59 ms median, 260 ms p95; 5, 2, 1, 1: no better (−0.04 ± 0.44 against
 * that, p95 356 ms); doubling the steps in every round gave +0.23 ± 1.45
 * on seeds 1–40. Spending the CPU left under the p95 in the later rounds
 * (3, 2.5, 2.5, 2.5 and 1,000 samples per candidate, so that round 4 is
 * no longer held by the sample count): −0.26 ± 0.51 paired over seeds
 * 1–200 (158.59 -> 158.34) at 1.9 times the median CPU per turn (91 ->
 * 170 ms on the loaded machine, p95 392 -> 366 ms): the search is not
 * short of work; not kept. */
static const double round_scale_default[PT_NS_ROUNDS] = { 3.0, 1.5, 1.0, 1.0 };

/* Without -mpopcnt (the x86-64 baseline) __builtin_popcountll is a call
 * into libgcc, a quarter of the rollouts' time; this inlines. */
static inline guint
popcount64 (guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) +
      ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return (guint) ((x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* The weights of the greedy evaluation beyond the points themselves. */
typedef struct
{
  double tourist;  /* per tourist visit */
  double mobility; /* per free way on from a line end */
  double blocking; /* per section drawn or blocked on the sheet */
  double symbols;  /* per symbol the line ends can still reach */
  double power_margin;
  double pass_below;    /* pass when the best section gains less than this */
  double late;          /* mobility and symbols scale by 1 − late × undergrounds / 5 */
  double lookahead;     /* weight of the best section for the next card, on average */
  double new_districts; /* per district the line has not visited, one section away */
  double busiest;       /* per way (up to 3) into the line's busiest district */
  double future_start;  /* per free way out of a later round's departure station */
} Weights;

/* Medium and Easy (and the rollouts before issue 20). */
static const Weights greedy_weights = {
  TOURIST_VISIT_VALUE,
  MOBILITY_WEIGHT,
  BLOCKING_WEIGHT,
  0.0,
  POWER_MARGIN,
  -G_MAXDOUBLE,
  0.0,
  0.0,
  0.0,
  0.0,
  0.0,
};

/* Hard's rollouts, tuned on the solo mean of the rollout policy alone
 * (`partida-cli bench next-station-bot --level rollout`, 1000–2000
 * games): open line ends that can still take every symbol (+0.8), and
 * the one-card lookahead at weight 1.5 (+10: 134 → 144; 1 gives 143, 2
 * gives 141, 3 gives 136). Passing below a gain threshold and fading the
 * open-end terms late in the round did not help (kept at "off"). Line
 * ends that lead into districts the line has not visited (D) and into
 * its busiest district (M), 0.5 each: 143.6 → 144.6 ± 0.2 over 4,000
 * games (seeds 5001…); 1.0 or 0.3 for either is worse. Scaling the
 * lookahead by the turns the round can still last did not help.
 * Issue 20, round 5: 0.4 per free way out of the departure stations of
 * the later rounds' lines (a section drawn or blocked next to one cuts
 * a future line's start), a tourist visit at 3 and the lookahead at
 * 1.3: +0.81 ± 0.17 paired over 4,000 games (seeds 5001…), +0.55 ±
 * 0.17 on 4,000 others (9001…); the free ways alone +0.38 ± 0.14 (0.2:
 * +0.24, 1.5: −0.02); valuing visits by the track's real steps instead
 * of a flat 2.5 was worse (−0.3).
 * Round 6: a two-card lookahead (the two sections best by the one-card
 * lookahead ranked again with the card after next, that second card at
 * weight 0.7) lifts this policy alone by +2.34 ± 0.19 (4,000 games,
 * 145.42 -> 147.76; weight 0.3: +1.8, 0.6: +2.6, 1.0: +2.0, 1.4: −1.0;
 * re-ranking every section: +1.9), but makes a rollout turn ~3.3 times
 * as dear, and Hard with it at half the steps (CPU per turn × 1.7)
 * gained +0.10 ± 0.74 over seeds 1–200: not kept. The same lookahead only
 * for the rest of the round being searched (the later rounds at one
 * card), with the card after next weighed by the chance that the round
 * goes on after the next card (policy alone: +2.89 ± 0.27 over 2,000
 * games; re-ranking 3 or 4 sections, or the second card at 0.5–1.1, no
 * better), together with the later rounds' steps × 2.5: −1.46 ± 1.24
 * against the default over seeds 1–50, −1.78 ± 1.25 against those steps
 * without it; stopped there, not kept.
 * Round 7 (Hard's own score, paired over seeds 1–200 against 158.59):
 * valuing tourist visits by the track's real steps × 1.2 instead of a
 * flat 3: −1.41 ± 0.71; a second level of search (halving stops at 4
 * or 2 candidates, which are then scored with the next decision
 * searched too: the samples grouped by the next card, each group's best
 * of 3 replies chosen on half its samples and scored on the other half):
 * 4 × 120 samples −2.11 ± 0.79, 2 × 400 samples −0.04 ± 0.79 at 2.4
 * times the median CPU per turn; not kept.
 * Round 8 (likewise, against 158.59): the rollouts' sections drawn at
 * random with p ∝ exp (score / 1 point) instead of the best: −1.25 ±
 * 0.67; each sample scored by the better of two rollouts, this policy's
 * and one valuing a tourist visit at 5 (a future player that adapts to
 * the deal), at twice the steps: −0.40 ± 0.66 (CPU per turn × 1.8); the
 * lookahead seeing the sampled deal's next card instead of the cards
 * left: −0.75 ± 0.74, and its next two cards (the second at 0.7):
 * −0.78 ± 0.83 (CPU × 1.3); and the weights again, now on Hard's own
 * score: interchanges × 1.5 −2.12 ± 0.70, × 0.7 −0.51 ± 0.62, a free
 * way out of a later departure at 0.8 −1.17 ± 0.65. The yardstick `partida-bench
 * next-station-bot --level hard-open` (the search shown every deck)
 * scores 164.06 ± 0.87, +5.46 ± 0.76 paired: with these rollouts even
 * knowing every card leaves Hard short of 165, so the cards' hidden
 * order is not what holds it back.
 * Round 9 (likewise, against 158.59): 24 candidates kept instead of 12:
 * +0.01 ± 0.08 (the extra ones are almost never chosen); rollouts that
 * pass when passing, with the lookahead, beats the best section by 2
 * points: the policy alone +0.34 ± 0.08 over 2,000 games (margin 0:
 * −4.12, 1: +0.09, 3: +0.30, 5: +0.18), Hard −1.27 ± 0.51 at 1.4 times
 * the CPU per turn; not kept.
 * Round 10 (likewise, against 158.59): these weights fitted per round
 * to Hard's own choices (a softmax over the candidates, targets from
 * their rollout means; 3,575 decisions of Hard's games on seeds 3001…)
 * predict Hard's choice no better than the hand-tuned ones (65–77 % of
 * the decisions either way): the policy alone −0.1 ± 0.2 over 4,000
 * games, Hard −1.68 ± 0.77. Hard draws its later lines ~4 points better
 * than its rollouts do (lines 3 and 4: 29.0 and 28.0 against 25.5 and
 * 23.5), but weighing the later rounds' lines × 1.3 in a rollout's
 * outcome gave −2.20 ± 0.68, × 0.85 +0.04 ± 0.51. Of the 24 solo colour
 * orders the best (pink, blue, purple, green) lifts the policy alone by
 * 1.4 over shuffled orders, the worst (green first) costs 1.1: too
 * little to be worth choosing. What these features can express is
 * spent; the next step is a richer model (e.g. of each station's worth
 * to the later lines), not more tuning. */
#define ROLLOUT_TOURIST_VALUE 3.0
static const Weights rollout_weights = {
  ROLLOUT_TOURIST_VALUE,
  MOBILITY_WEIGHT,
  BLOCKING_WEIGHT,
  1.0,
  POWER_MARGIN,
  -G_MAXDOUBLE,
  0.0,
  1.3,
  0.5,
  0.5,
  0.4,
};

/* What the lines of the other rounds contribute, for the greedy gain. */
typedef struct
{
  const Weights *w;
  const PtStationMap *map;
  guint colour;
  guint64 once, twice, thrice; /* stations on ≥ 1, 2, 3 other lines */
  guint other_tourist;         /* tourist visits of the other lines */
  guint other_thames;
  guint64 other_visited;
  guint objectives; /* in play */
  /* The cards of this round not flipped yet, by symbol (public: the
   * flipped ones are known), for the lookahead. */
  guint next_symbols[PT_N_SYMBOLS];
  guint n_next;
  double open_scale;     /* of mobility and symbols, by how late the round is */
  guint64 future_starts; /* departure stations of the later rounds' lines */
  gboolean easy;         /* ignore interchanges and objectives */
} Context;

/* Just the parts of a sheet that an action changes. */
typedef struct
{
  guint64 stations;
  guint64 ends;
  PtSectionSet sections; /* this line */
  PtSectionSet used;     /* drawn ∪ blocked, every line */
  guint8 started;
  guint8 circled;
} Sketch;

static void
context_init (Context *ctx,
              const PtNextStationState *solo,
              gboolean easy,
              const Weights *weights)
{
  const PtNextStationPlayer *sheet = &solo->players[0];
  const PtStationMap *map = solo->map;

  memset (ctx, 0, sizeof *ctx);
  ctx->w = weights;
  ctx->map = map;
  ctx->open_scale = 1.0 - weights->late * solo->n_underground / 5.0;
  ctx->colour = pt_next_station_state_colour (solo, 0);
  ctx->objectives = solo->objectives;
  ctx->easy = easy;
  for (guint r = solo->round + 1; r < PT_NS_ROUNDS; r++)
    ctx->future_starts |= PT_STATION_BIT (map->departures[solo->colour_order[0][r]]);
  for (guint c = 0; c < PT_N_LINE_COLOURS; c++)
    {
      guint64 s = sheet->line_stations[c];

      if (c == ctx->colour)
        continue;
      ctx->thrice |= ctx->twice & s;
      ctx->twice |= ctx->once & s;
      ctx->once |= s;
      ctx->other_visited |= s;
      ctx->other_tourist += (guint) popcount64 (s & map->tourist_sites);
      for (guint w = 0; w < G_N_ELEMENTS (map->thames.w); w++)
        ctx->other_thames += (guint) popcount64 (sheet->line_sections[c].w[w] &
                                                 map->thames.w[w]);
    }
}

static void
sketch_init (Sketch *sketch,
             const PtNextStationState *solo,
             guint colour)
{
  const PtNextStationPlayer *sheet = &solo->players[0];

  sketch->stations = sheet->line_stations[colour];
  sketch->ends = sheet->ends;
  sketch->sections = sheet->line_sections[colour];
  for (guint w = 0; w < G_N_ELEMENTS (sketch->used.w); w++)
    sketch->used.w[w] = sheet->drawn.w[w] | sheet->blocked.w[w];
  sketch->started = sheet->started;
  sketch->circled = sheet->circled[colour];
}

/* The same bookkeeping as the rules' draw_section(). */
static void
sketch_draw (Sketch *sketch,
             const PtStationMap *map,
             guint from,
             guint to)
{
  guint section = map->section_between[from][to];

  if (!sketch->started)
    {
      sketch->ends |= PT_STATION_BIT (to);
      sketch->started = TRUE;
    }
  else if (sketch->ends & PT_STATION_BIT (from))
    sketch->ends = (sketch->ends & ~PT_STATION_BIT (from)) | PT_STATION_BIT (to);
  else
    sketch->ends |= PT_STATION_BIT (to);
  sketch->stations |= PT_STATION_BIT (to);
  pt_section_set_add (&sketch->sections, section);
  pt_section_set_add (&sketch->used, section);
  pt_section_set_union (&sketch->used, &map->sections[section].conflicts);
}

/* The sections from the line (its ends, or with @from_any any of its
 * stations) to a free station of @targets. */
static guint
sketch_list_to (const Sketch *sketch,
                const PtStationMap *map,
                guint64 targets,
                gboolean from_any,
                PtNextStationChoice *out)
{
  guint64 from_set = from_any ? sketch->stations : sketch->ends;
  guint64 reach = targets & ~sketch->stations;
  guint n = 0;

  for (; from_set != 0; from_set &= from_set - 1)
    {
      guint from = (guint) __builtin_ctzll (from_set);
      const PtStation *station = &map->stations[from];

      for (guint k = 0; k < station->n_links; k++)
        {
          const PtStationLink *link = &station->links[k];

          if ((reach & PT_STATION_BIT (link->station)) &&
              !pt_section_set_has (&sketch->used, link->section))
            {
              out[n].from = (guint8) from;
              out[n].to = link->station;
              n++;
            }
        }
    }
  return n;
}

static guint
sketch_list (const Sketch *sketch,
             const PtStationMap *map,
             PtStationSymbol symbol,
             gboolean from_any,
             PtNextStationChoice *out)
{
  return sketch_list_to (sketch, map, map->symbol_reach[symbol], from_any, out);
}

/* Free ways on from the line's ends: a line boxed in scores no more.
 * Also the symbols those ways reach (bit per symbol; the Central Station
 * counts for every one), the districts they reach (bit per district) and
 * how many lead into district @busiest. */
static guint
sketch_mobility (const Sketch *sketch,
                 const PtStationMap *map,
                 guint *symbols,
                 guint busiest,
                 guint *districts,
                 guint *into_busiest)
{
  guint n = 0, reach = 0;

  *districts = *into_busiest = 0;
  for (guint64 ends = sketch->ends; ends != 0; ends &= ends - 1)
    {
      const PtStation *station = &map->stations[__builtin_ctzll (ends)];

      for (guint k = 0; k < station->n_links; k++)
        if (!(sketch->stations & PT_STATION_BIT (station->links[k].station)) &&
            !pt_section_set_has (&sketch->used, station->links[k].section))
          {
            const PtStation *to = &map->stations[station->links[k].station];

            n++;
            reach |= 1u << to->symbol;
            *districts |= 1u << to->district;
            *into_busiest += to->district == busiest;
          }
    }
  if (reach & (1u << PT_SYMBOL_ANY))
    reach |= (1u << PT_SYMBOL_ANY) - 1;
  *symbols = (guint) popcount64 (reach & ((1u << PT_SYMBOL_ANY) - 1));
  return n;
}

/* The line's stations per district, by walking its stations (a line
 * holds a dozen or so; cheaper than one popcount per district). */
static void
district_counts (const PtStationMap *map,
                 guint64 stations,
                 guint8 counts[PT_STATION_MAP_MAX_DISTRICTS])
{
  memset (counts, 0, PT_STATION_MAP_MAX_DISTRICTS);
  for (; stations != 0; stations &= stations - 1)
    counts[map->stations[__builtin_ctzll (stations)].district]++;
}

/* What D × M needs of a line, from one walk over its stations. */
typedef struct
{
  guint districts; /* D, with the circled station counted twice */
  guint most;      /* M, likewise */
  guint visited;   /* bit per district the line has visited */
  guint busiest;   /* the district with most stations, circle aside
                    * (PT_STATION_MAP_MAX_DISTRICTS when the line is empty) */
} LineShape;

static void
line_shape (const PtStationMap *map,
            guint64 stations,
            guint circled,
            LineShape *shape)
{
  guint8 counts[PT_STATION_MAP_MAX_DISTRICTS];
  guint circled_district = circled != PT_STATION_NONE ? map->stations[circled].district : G_MAXUINT;
  guint most_plain = 0;

  district_counts (map, stations, counts);
  shape->districts = shape->most = shape->visited = 0;
  shape->busiest = PT_STATION_MAP_MAX_DISTRICTS;
  for (guint d = 0; d < map->n_districts; d++)
    {
      guint n = counts[d];

      if (n > 0)
        shape->visited |= 1u << d;
      if (n > most_plain)
        {
          most_plain = n;
          shape->busiest = d;
        }
      n += d == circled_district;
      shape->districts += n > 0;
      shape->most = MAX (shape->most, n);
    }
}

static guint
thames_count (const PtStationMap *map,
              const PtSectionSet *sections)
{
  guint n = 0;

  for (guint w = 0; w < G_N_ELEMENTS (sections->w); w++)
    n += (guint) popcount64 (sections->w[w] & map->thames.w[w]);
  return n;
}

/* The greedy value of a sketch: what the line is worth now plus what it
 * adds to the game-long scores. */
static double
sketch_value (const Context *ctx,
              const Sketch *sketch,
              const LineShape *shape)
{
  const PtStationMap *map = ctx->map;
  guint64 st = sketch->stations;
  guint thames, tourist;
  double value;

  thames = thames_count (map, &sketch->sections);
  value = shape->districts * shape->most + 2.0 * thames;

  /* Tourist visits count towards a track worth 25 for 10 visits. */
  tourist = (guint) popcount64 (st & map->tourist_sites);
  if (ctx->other_tourist < 10)
    value += ctx->w->tourist * MIN (tourist, 10 - ctx->other_tourist);
  if (ctx->easy)
    return value;

  /* Interchanges: 2, 5, 9 for stations on 2, 3, 4 lines. */
  value += 2.0 * popcount64 (st & ctx->once) +
           popcount64 (st & ctx->twice) +
           popcount64 (st & ctx->thrice);

  /* Shared objectives: partial credit for progress towards each one. */
  if (ctx->objectives != 0)
    {
      guint64 visited = ctx->other_visited | st;

      if (ctx->objectives & (1u << PT_NS_OBJECTIVE_INTERCHANGES_8))
        value += 10.0 / 8 * MIN (8, popcount64 ((ctx->once & st) | ctx->twice));
      if (ctx->objectives & (1u << PT_NS_OBJECTIVE_ALL_DISTRICTS))
        {
          guint n = 0;

          for (guint d = 0; d < map->n_districts; d++)
            n += (visited & map->district_stations[d]) != 0;
          value += 10.0 * n / map->n_districts;
        }
      if (ctx->objectives & (1u << PT_NS_OBJECTIVE_ALL_TOURIST) && map->n_tourist_sites > 0)
        value += 10.0 * popcount64 (visited & map->tourist_sites) / map->n_tourist_sites;
      if (ctx->objectives & (1u << PT_NS_OBJECTIVE_CENTRAL_9) && map->central_district >= 0)
        value += 10.0 * popcount64 (visited & map->district_stations[map->central_district]) /
                 MAX (1, map->district_sizes[map->central_district]);
      if (ctx->objectives & (1u << PT_NS_OBJECTIVE_THAMES_6))
        value += 10.0 / 6 * MIN (6, ctx->other_thames + thames);
    }
  return value;
}

static double
sketch_score (const Context *ctx,
              const Sketch *sketch)
{
  guint used = 0, symbols, mobility, reached, into_busiest;
  LineShape shape;
  double ahead;

  for (guint w = 0; w < G_N_ELEMENTS (sketch->used.w); w++)
    used += (guint) popcount64 (sketch->used.w[w]);
  line_shape (ctx->map, sketch->stations, sketch->circled, &shape);
  mobility = sketch_mobility (sketch, ctx->map, &symbols, shape.busiest, &reached, &into_busiest);
  /* For D × M: the districts one free section away that the line has not
   * visited, and the ways (up to 3) into its busiest district. */
  ahead = ctx->w->new_districts * popcount64 (reached & ~shape.visited) +
          ctx->w->busiest * MIN (into_busiest, 3u);
  /* The later lines start at fixed stations: a way out of one that this
   * line draws or blocks is lost to a whole future round. */
  if (ctx->w->future_start > 0)
    {
      guint free = 0;

      for (guint64 st = ctx->future_starts; st != 0; st &= st - 1)
        {
          const PtStation *station = &ctx->map->stations[__builtin_ctzll (st)];

          for (guint k = 0; k < station->n_links; k++)
            free += !pt_section_set_has (&sketch->used, station->links[k].section);
        }
      ahead += ctx->w->future_start * free;
    }
  return sketch_value (ctx, sketch, &shape) + ahead +
         ctx->open_scale * (ctx->w->mobility * mobility + ctx->w->symbols * symbols) -
         ctx->w->blocking * used;
}

/* The best station to circle: one in a district holding M stations. */
static guint8
best_circle (const PtStationMap *map,
             guint64 stations)
{
  guint best = 0;
  guint8 station = PT_STATION_NONE;

  for (guint d = 0; d < map->n_districts; d++)
    {
      guint64 in = stations & map->district_stations[d];
      guint n = (guint) popcount64 (in);

      if (n > best)
        {
          best = n;
          station = (guint8) __builtin_ctzll (in);
        }
    }
  return station;
}

static void
action_clear (PtNextStationAction *action)
{
  memset (action, 0, sizeof *action);
  action->from2 = action->to2 = action->circle = PT_STATION_NONE;
}

static void
action_set_pass (PtNextStationAction *action)
{
  action_clear (action);
  action->pass = TRUE;
  action->from = action->to = PT_STATION_NONE;
}

/* The symbol the double power's second section must reach (as in the
 * rules). */
static PtStationSymbol
double_symbol (const PtNextStationState *solo,
               guint first_to)
{
  PtStationSymbol symbol = pt_next_station_card_symbol (solo->card);

  return symbol == PT_SYMBOL_ANY ? solo->map->stations[first_to].symbol : symbol;
}

/* @score plus what the next card adds on average: for each card of the
 * round still face down, the best section for its symbol from @after (or
 * nothing: a pass). Each section is scored once, whatever the number of
 * cards it suits: the best per symbol of the station it reaches, then per
 * card the best of its symbol's and the Central Station's (any symbol:
 * the best of all). */
static double
lookahead_score (const Context *ctx,
                 const Sketch *after,
                 double score)
{
  const PtStationMap *map = ctx->map;
  PtNextStationChoice choices[PT_NS_MAX_SECTION_CHOICES];
  double best[PT_N_SYMBOLS], expected = 0;
  guint64 targets = 0;
  guint n;

  for (guint sym = 0; sym < PT_N_SYMBOLS; sym++)
    {
      best[sym] = score;
      if (ctx->next_symbols[sym] > 0)
        targets |= map->symbol_reach[sym];
    }
  n = sketch_list_to (after, map, targets, FALSE, choices);
  for (guint i = 0; i < n; i++)
    {
      Sketch next = *after;
      guint sym = map->stations[choices[i].to].symbol;

      sketch_draw (&next, map, choices[i].from, choices[i].to);
      best[sym] = MAX (best[sym], sketch_score (ctx, &next));
    }
  for (guint sym = 0; sym < PT_N_SYMBOLS; sym++)
    {
      double b = MAX (best[sym], best[PT_SYMBOL_ANY]);

      if (ctx->next_symbols[sym] == 0)
        continue;
      if (sym == PT_SYMBOL_ANY)
        for (guint t = 0; t < PT_SYMBOL_ANY; t++)
          b = MAX (b, best[t]);
      expected += ctx->next_symbols[sym] * (b - score);
    }
  return score + ctx->w->lookahead * expected / ctx->n_next;
}

/* Best plain section by the greedy score; FALSE when there is none. */
static gboolean
best_section (const Context *ctx,
              const Sketch *base,
              PtStationSymbol symbol,
              gboolean from_any,
              PtRng *rng,
              PtNextStationChoice *best,
              double *best_score)
{
  PtNextStationChoice choices[PT_NS_MAX_SECTION_CHOICES];
  guint n = sketch_list (base, ctx->map, symbol, from_any, choices);
  guint n_best = 0;

  *best_score = -G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      Sketch after = *base;
      double score;

      sketch_draw (&after, ctx->map, choices[i].from, choices[i].to);
      score = sketch_score (ctx, &after);
      if (ctx->n_next > 0 && ctx->w->lookahead > 0)
        score = lookahead_score (ctx, &after, score);
      if (score > *best_score + 1e-9)
        {
          *best_score = score;
          *best = choices[i];
          n_best = 1;
        }
      else if (score > *best_score - 1e-9 && rng != NULL &&
               pt_rng_below (rng, ++n_best) == 0)
        *best = choices[i]; /* a uniform pick among equals */
    }
  return n > 0;
}

/* The best use of the power on this card, if any beats @plain_score by
 * enough (or this is the round's last card, when an unused power is
 * lost). */
static gboolean
greedy_power (const PtNextStationState *solo,
              const Context *ctx,
              const Sketch *base,
              double plain_score,
              gboolean has_plain,
              const PtNextStationChoice *plain,
              PtRng *rng,
              PtNextStationAction *out)
{
  const PtStationMap *map = solo->map;
  PtStationSymbol symbol = pt_next_station_card_symbol (solo->card);
  gboolean last_turn = solo->n_underground >= 5;
  double margin = last_turn ? 1e-9 : ctx->w->power_margin;
  PtNextStationPower power = solo->powers[ctx->colour];
  PtNextStationChoice choice;
  double score;

  switch (power)
    {
    case PT_NS_POWER_JOKER:
      if (symbol == PT_SYMBOL_ANY ||
          !best_section (ctx, base, PT_SYMBOL_ANY, solo->switch_active, rng, &choice, &score) ||
          score < plain_score + margin)
        return FALSE;
      break;
    case PT_NS_POWER_SWITCH:
      if (solo->switch_active || solo->turn < 3 ||
          !best_section (ctx, base, symbol, TRUE, rng, &choice, &score) ||
          score < plain_score + margin)
        return FALSE;
      break;
    case PT_NS_POWER_DOUBLE:
      {
        PtNextStationChoice firsts[PT_NS_MAX_SECTION_CHOICES];
        guint n = sketch_list (base, map, symbol, solo->switch_active, firsts);
        double best = -G_MAXDOUBLE;
        PtNextStationChoice second = {
          0,
        };

        for (guint i = 0; i < n; i++)
          {
            Sketch after = *base;
            PtNextStationChoice c2;
            double s2;

            sketch_draw (&after, map, firsts[i].from, firsts[i].to);
            if (best_section (ctx, &after, double_symbol (solo, firsts[i].to),
                              solo->switch_active, NULL, &c2, &s2) &&
                s2 > best)
              {
                best = s2;
                choice = firsts[i];
                second = c2;
              }
          }
        if (best < plain_score + margin)
          return FALSE;
        action_clear (out);
        out->power = PT_NS_POWER_DOUBLE;
        out->from = choice.from;
        out->to = choice.to;
        out->from2 = second.from;
        out->to2 = second.to;
        return TRUE;
      }
    case PT_NS_POWER_CIRCLE:
      {
        guint64 line = base->stations;

        /* Circling raises M by one whenever it is used; waiting for the
         * last card lets the circle pick the final biggest district. */
        if (!last_turn)
          return FALSE;
        action_clear (out);
        if (has_plain)
          {
            out->from = plain->from;
            out->to = plain->to;
            line |= PT_STATION_BIT (plain->to);
          }
        else
          {
            out->pass = TRUE;
            out->from = out->to = PT_STATION_NONE;
          }
        out->power = PT_NS_POWER_CIRCLE;
        out->circle = best_circle (map, line);
        return TRUE;
      }
    default:
      return FALSE;
    }
  action_clear (out);
  out->power = (guint8) power;
  out->from = choice.from;
  out->to = choice.to;
  return TRUE;
}

static void
greedy_with (const PtNextStationState *solo,
             const Context *round_ctx,
             PtRng *rng,
             PtNextStationAction *out)
{
  PtNextStationChoice plain;
  gboolean has_plain;
  double plain_score;
  Sketch base;
  Context local = *round_ctx;
  const Context *ctx = &local;

  local.open_scale = 1.0 - local.w->late * solo->n_underground / 5.0;
  local.n_next = 0;
  memset (local.next_symbols, 0, sizeof local.next_symbols);
  /* After the 5th underground card there is no next card this round. */
  if (local.w->lookahead > 0 && solo->n_underground < 5)
    for (guint i = solo->next_card; i < PT_NS_N_CARDS; i++)
      {
        local.next_symbols[pt_next_station_card_symbol (solo->decks[solo->round][i])]++;
        local.n_next++;
      }
  sketch_init (&base, solo, ctx->colour);
  has_plain = best_section (ctx, &base, pt_next_station_card_symbol (solo->card),
                            solo->switch_active, rng, &plain, &plain_score);
  if (solo->powers_on && pt_next_station_state_power_available (solo, 0) &&
      greedy_power (solo, ctx, &base, has_plain ? plain_score : sketch_score (ctx, &base),
                    has_plain, &plain, rng, out))
    return;
  if (!has_plain ||
      (ctx->w->pass_below > -G_MAXDOUBLE && plain_score - sketch_score (ctx, &base) < ctx->w->pass_below))
    {
      action_set_pass (out);
      return;
    }
  action_clear (out);
  out->from = plain.from;
  out->to = plain.to;
}

void
pt_ns_greedy_action (const PtNextStationState *solo,
                     double blunder,
                     PtRng *rng,
                     PtNextStationAction *out)
{
  Context ctx;

  context_init (&ctx, solo, blunder > 0, &greedy_weights);
  if (blunder > 0 && pt_rng_double (rng) < blunder)
    {
      PtNextStationChoice choices[PT_NS_MAX_SECTION_CHOICES];
      guint n = pt_next_station_state_list_card_sections (solo, 0, choices);

      /* A slip, not a pass: players rarely pass on purpose. */
      if (n > 0)
        {
          guint pick = pt_rng_below (rng, n);

          action_clear (out);
          out->from = choices[pick].from;
          out->to = choices[pick].to;
          return;
        }
    }
  greedy_with (solo, &ctx, rng, out);
}

void
pt_ns_rollout_action (const PtNextStationState *solo,
                      PtRng *rng,
                      PtNextStationAction *out)
{
  Context ctx;

  context_init (&ctx, solo, FALSE, &rollout_weights);
  greedy_with (solo, &ctx, rng, out);
}

int
pt_ns_solo_total (const PtNextStationState *solo)
{
  PtNextStationFigures figures;
  PtNextStationTotals totals;

  pt_next_station_state_figures (solo, 0, &figures);
  pt_next_station_totals (&figures, &totals);
  return totals.total;
}

/* Views */

static void
canonical_deck (guint8 deck[PT_NS_N_CARDS])
{
  for (guint i = 0; i < PT_NS_N_CARDS; i++)
    deck[i] = (guint8) i;
}

gboolean
pt_ns_view_init (PtNsView *view,
                 const PtNextStationState *state,
                 guint player)
{
  PtNextStationState *solo = &view->solo;
  guint16 seen = 0;

  if (state->over || player >= state->n_players || (state->acted & (1u << player)))
    return FALSE;

  memset (view, 0, sizeof *view);
  view->player = (guint8) player;
  *solo = *state;
  solo->n_players = 1;
  solo->acted = 0;
  solo->players[0] = state->players[player];
  memcpy (solo->colour_order[0], state->colour_order[player], PT_NS_ROUNDS);
  for (guint p = 1; p < PT_NS_MAX_PLAYERS; p++)
    {
      memset (&solo->players[p], 0, sizeof solo->players[p]);
      memset (solo->colour_order[p], 0, PT_NS_ROUNDS);
    }

  /* Only the cards flipped in this round are known; the rest of this
   * deck, the later decks (and the unflipped tail of earlier ones, which
   * no longer matter) become canonical. */
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    if (r != state->round)
      canonical_deck (solo->decks[r]);
  for (guint i = 0; i < state->next_card; i++)
    seen |= (guint16) (1u << state->decks[state->round][i]);
  for (guint c = 0; c < PT_NS_N_CARDS; c++)
    if (!(seen & (1u << c)))
      view->unseen[view->n_unseen++] = (guint8) c;
  memcpy (&solo->decks[state->round][state->next_card], view->unseen, view->n_unseen);
  return TRUE;
}

gboolean
pt_ns_view_init_open (PtNsView *view,
                      const PtNextStationState *state,
                      guint player)
{
  if (!pt_ns_view_init (view, state, player))
    return FALSE;
  memcpy (view->solo.decks, state->decks, sizeof view->solo.decks);
  view->n_unseen = 0;
  view->open = TRUE;
  return TRUE;
}

/* Search */

void
pt_ns_search_params_init (PtNsSearchParams *params)
{
  params->n_samples = N_SAMPLES_DEFAULT;
  params->top_k = TOP_K_DEFAULT;
  params->max_steps = MAX_STEPS_DEFAULT;
  for (guint r = 0; r < PT_NS_ROUNDS; r++)
    params->round_scale[r] = round_scale_default[r];
  params->deadline = 0;
}

static void
sample_decks (const PtNsView *view,
              PtRng *rng,
              PtNextStationState *solo)
{
  guint round = view->solo.round;

  *solo = view->solo;
  if (view->open)
    return;
  memcpy (&solo->decks[round][solo->next_card], view->unseen, view->n_unseen);
  pt_rng_shuffle (rng, &solo->decks[round][solo->next_card], view->n_unseen, 1);
  for (guint r = round + 1; r < PT_NS_ROUNDS; r++)
    pt_rng_shuffle (rng, solo->decks[r], PT_NS_N_CARDS, 1);
}

static int
rollout (PtNextStationState *solo,
         PtRng *rng,
         guint64 *steps)
{
  Context ctx;
  guint round = G_MAXUINT;

  while (!solo->over)
    {
      PtNextStationAction action;

      /* The other lines only change between rounds. */
      if (solo->round != round)
        {
          context_init (&ctx, solo, FALSE, &rollout_weights);
          round = solo->round;
        }
      greedy_with (solo, &ctx, rng, &action);
      pt_next_station_state_apply_unchecked (solo, 0, &action);
      (*steps)++;
    }
  return pt_ns_solo_total (solo);
}

typedef struct
{
  PtNextStationAction action;
  double prior;
  double sum;
} Candidate;

static int
compare_prior (gconstpointer a,
               gconstpointer b)
{
  const Candidate *x = a, *y = b;

  return (x->prior < y->prior) - (x->prior > y->prior);
}

static int
compare_sum (gconstpointer a,
             gconstpointer b)
{
  const Candidate *x = a, *y = b;

  return (x->sum < y->sum) - (x->sum > y->sum);
}

/* The greedy score after @action, for ranking the candidates. */
static double
action_prior (const PtNextStationState *solo,
              const Context *ctx,
              const PtNextStationAction *action)
{
  Sketch sketch;

  sketch_init (&sketch, solo, ctx->colour);
  if (!action->pass)
    sketch_draw (&sketch, solo->map, action->from, action->to);
  if (action->power == PT_NS_POWER_DOUBLE)
    sketch_draw (&sketch, solo->map, action->from2, action->to2);
  if (action->power == PT_NS_POWER_CIRCLE)
    sketch.circled = action->circle;
  return sketch_score (ctx, &sketch);
}

static GArray *
root_candidates (const PtNsView *view,
                 guint top_k)
{
  g_autoptr(GArray) actions = pt_next_station_state_list_actions (&view->solo, 0);
  GArray *candidates = g_array_new (FALSE, TRUE, sizeof (Candidate));
  Context ctx;

  context_init (&ctx, &view->solo, FALSE, &rollout_weights);
  for (guint i = 0; i < actions->len; i++)
    {
      Candidate c = {
        0,
      };

      c.action = g_array_index (actions, PtNextStationAction, i);
      c.prior = action_prior (&view->solo, &ctx, &c.action);
      /* Passing keeps every option open: always a candidate. */
      if (c.action.pass && c.action.power == PT_NS_POWER_NONE)
        c.prior = G_MAXDOUBLE;
      g_array_append_val (candidates, c);
    }
  /* Stable ranking: equal priors keep the rules' listing order. */
  g_array_sort (candidates, compare_prior);
  if (candidates->len > top_k + 1)
    g_array_set_size (candidates, top_k + 1);
  return candidates;
}

gboolean
pt_ns_search (const PtNsView *view,
              const PtNsSearchParams *params,
              PtRng *rng,
              GCancellable *cancellable,
              PtNextStationAction *out,
              GError **error)
{
  return pt_ns_search_full (view, params, rng, cancellable, out, NULL, NULL, error);
}

gboolean
pt_ns_search_full (const PtNsView *view,
                   const PtNsSearchParams *params,
                   PtRng *rng,
                   GCancellable *cancellable,
                   PtNextStationAction *out,
                   double *expected,
                   guint64 *n_steps,
                   GError **error)
{
  g_autoptr(GArray) candidates = root_candidates (view, MAX (params->top_k, 1));
  guint alive = candidates->len, n_phases = 0, n_done = 0;
  guint64 budget, steps = 0, base_seed = pt_rng_next (rng);
  guint64 max_steps = (guint64) (params->max_steps * params->round_scale[MIN (view->solo.round, PT_NS_ROUNDS - 1)]);
  gboolean stop = FALSE;

  if (expected != NULL)
    *expected = -1;
  if (n_steps != NULL)
    *n_steps = 0;
  if (candidates->len == 1)
    {
      *out = g_array_index (candidates, Candidate, 0).action;
      return TRUE;
    }

  /* Sequential halving: the rollouts are shared out over log2 (alive)
   * phases; after each phase the worse half of the candidates drops out,
   * and the survivors keep accumulating on the same sampled decks (and the
   * same tie-breaks), so they are always compared on identical samples.
   * The work is n_samples × candidates rollouts, but at most max_steps
   * simulated turns: early in the game a rollout is ~30 turns long, in
   * the last round a few, so the cap bounds the slowest turns while the
   * late ones may use every sample. */
  for (guint k = alive; k > 1; k = (k + 1) / 2)
    n_phases++;
  budget = (guint64) MAX (params->n_samples, 1) * candidates->len;
  for (guint phase = 0; phase < n_phases && alive > 1 && !stop; phase++)
    {
      guint64 phase_rollouts = budget / n_phases;
      guint64 phase_steps = max_steps > 0 ? max_steps / n_phases : 0;
      guint64 phase_start_steps = steps;
      guint n_phase = (guint) MAX (1, phase_rollouts / alive);

      for (guint s = 0; s < n_phase; s++)
        {
          PtNextStationState sample;
          PtRng sample_rng;
          guint64 rollout_seed;

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (n_done > 0 && params->deadline > 0 && g_get_monotonic_time () > params->deadline)
            {
              stop = TRUE;
              break;
            }
          if (s > 0 && phase_steps > 0 && steps - phase_start_steps >= phase_steps)
            break;
          /* Sample n is the same whichever phase reaches it. */
          pt_rng_init (&sample_rng, pt_rng_derive_seed (base_seed, n_done));
          rollout_seed = pt_rng_next (&sample_rng);
          sample_decks (view, &sample_rng, &sample);
          for (guint i = 0; i < alive; i++)
            {
              Candidate *c = &g_array_index (candidates, Candidate, i);
              PtNextStationState copy = sample;
              PtRng rollout_rng;

              pt_rng_init (&rollout_rng, rollout_seed);
              pt_next_station_state_apply_unchecked (&copy, 0, &c->action);
              c->sum += rollout (&copy, &rollout_rng, &steps);
            }
          n_done++;
        }
      /* Best first; stable, so ties keep the prior's order. */
      g_array_sort (candidates, compare_sum);
      alive = (alive + 1) / 2;
    }
  g_array_sort (candidates, compare_sum);

  *out = g_array_index (candidates, Candidate, 0).action;
  if (expected != NULL && n_done > 0)
    *expected = g_array_index (candidates, Candidate, 0).sum / n_done;
  if (n_steps != NULL)
    *n_steps = steps;
  return TRUE;
}
