/* pt-lost-cities-ui.c — Lost Cities in the shared UI
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pt-game-ui.h"
#include "pt-lost-cities-colours.h"
#include "pt-lost-cities-board.h"
#include "pt-lost-cities-pile.h"
#include "pt-lost-cities-preferences.h"
#include "pt-lost-cities-score.h"
#include "pt-lost-cities-sheet-view.h"

/* One row per expedition: its wagers and numbers, and what it scored. */
static void
breakdown_rows (JsonObject *round,
                JsonObject *player,
                GPtrArray *rows)
{
  JsonObject *expeditions = json_object_has_member (player, "expeditions")
                                ? json_object_get_object_member (player, "expeditions")
                                : NULL;

  for (guint c = 0; c < PT_LOST_CITIES_MAX_COLORS; c++)
    {
      char key[2] = { pt_lost_cities_color_letters[c], '\0' };
      JsonObject *e;
      JsonArray *cards;
      g_autoptr(GString) detail = g_string_new (NULL);
      g_autofree char *title = NULL;
      gint64 wagers;

      if (expeditions == NULL || !json_object_has_member (expeditions, key))
        continue;
      e = json_object_get_object_member (expeditions, key);
      cards = json_object_has_member (e, "cards") ? json_object_get_array_member (e, "cards") : NULL;
      wagers = json_object_get_int_member_with_default (e, "wagers", 0);
      if (wagers > 0)
        g_string_append_printf (detail,
                                g_dngettext (GETTEXT_PACKAGE, "%d wager", "%d wagers", wagers),
                                (int) wagers);
      for (guint i = 0; cards != NULL && i < json_array_get_length (cards); i++)
        g_string_append_printf (detail, "%s%d", detail->len > 0 ? (i == 0 ? " · " : " ") : "",
                                (int) json_array_get_int_element (cards, i));
      if (detail->len == 0)
        g_string_assign (detail, _("not started"));
      title = g_strdup (pt_lost_cities_color_label (c));
      title[0] = g_ascii_toupper (title[0]);
      pt_game_ui_add_row (rows, title, detail->str, json_object_get_int_member_with_default (e, "score", 0));
    }
}

/* "play the red 7, then draw from the deck" */
static char *
hint_text (PtGame *game,
           JsonObject *object)
{
  gboolean play = json_object_has_member (object, "play");
  const char *code = json_object_get_string_member_with_default (object, play ? "play" : "discard", NULL);
  const char *draw = json_object_get_string_member_with_default (object, "draw", NULL);
  const char *letter = draw != NULL && draw[0] != '\0' ? strchr (pt_lost_cities_color_letters, draw[0]) : NULL;
  g_autofree char *card = NULL;

  if (code == NULL || draw == NULL)
    return NULL;
  card = pt_lost_cities_card_describe_definite (code);
  if (g_strcmp0 (draw, "deck") == 0)
    return g_strdup_printf (play ? _("play %s, then draw from the deck")
                                 : _("discard %s, then draw from the deck"), card);
  if (letter == NULL)
    return NULL;
  return g_strdup_printf (play ? _("play %s, then take the top of the %s discard pile")
                               : _("discard %s, then take the top of the %s discard pile"),
                                    card, pt_lost_cities_color_label ((int) (letter - pt_lost_cities_color_letters)));
}

/* A fresh sheet reads with the scoring chosen in Preferences, which the
 * sheet can change. */
static void
sheet_apply_settings (GtkWidget *sheet_view,
                      GSettings *settings)
{
  g_autofree char *reading = g_settings_get_string (settings, "scoring");

  pt_lost_cities_sheet_view_set_reading (PT_LOST_CITIES_SHEET_VIEW (sheet_view), reading);
}

static const char *const colors_labels[] = { N_("Five expeditions"), N_("Six expeditions (with purple)"), NULL };
static const char *const colors_values[] = { "5", "6", NULL };
static const char *const rules_labels[] = { N_("Rulebook"), N_("Seed text"), NULL };
static const char *const rules_values[] = { "\"rulebook\"", "\"seed\"", NULL };

static const PtGameOption options[] = {
  { "colors", N_("Expeditions"), NULL, colors_labels, colors_values },
    { "rules", N_("Scoring reading"),
                   N_("Whether wagers count toward the 8-card bonus and whether an "
       "expedition of wagers only costs points"),
                       rules_labels,
                       rules_values },
    };

/* Preferences → Lost Cities → Scoring. */
static void
options_defaults (const PtSessionDefaults *defaults,
                  JsonObject *out)
{
  json_object_set_string_member (out, "rules", pt_session_defaults_rule_preset (defaults, "lost-cities"));
}

/* Preferences → House Rules → Lost Cities (pt-lost-cities-preferences.c). */
static void
read_defaults (GSettings *settings,
               PtSessionDefaults *defaults)
{
  defaults->rounds = CLAMP (g_settings_get_int (settings, "rounds"), 1, PT_MATCH_MAX_ROUNDS);
  defaults->next_starter = (PtNextStarter) CLAMP (g_settings_get_enum (settings, "next-starter"),
                                                  PT_NEXT_STARTER_ALTERNATE, PT_NEXT_STARTER_LEADER);
  /* The enum's values are the indices of the rules class's presets. */
  defaults->rule_preset = (guint) g_settings_get_enum (settings, "scoring");
}

/* Partida 0.2 kept the house rules in the application's schema. */
static const PtGameSettingsKey legacy_keys[] = {
  { "lost-cities-scoring", "scoring" },
  { "lost-cities-rounds", "rounds" },
  { "lost-cities-next-starter", "next-starter" },
  { NULL, NULL },
};

static const char *const designers[] = { "Reiner Knizia", NULL };

/* The board's keys (installed in its class_init), for the shortcuts window. */
static const PtGameShortcut shortcuts[] = {
  { N_("Choose a Card of the Hand"), "1...8" },
    { N_("Play It on Your Expedition"), "p" },
      { N_("Discard It"), "d" },
        { N_("Draw from the Deck"), "n" },
          { N_("Show Whole Discard Piles"), "w" },
            { N_("Choose Another Card"), "Escape" },
          };

const PtGameUi pt_lost_cities_ui = {
  .game_id = "lost-cities",
  .title = N_("Lost Cities"),
               .rules_summary = N_("Two explorers, five expeditions (six with purple). On your turn, first play one "
                      "card: either on your own expedition of its colour, where each number must be "
                      "higher than the last one there, or face up on that colour’s discard pile. Wagers "
                      "go on an expedition before any number and multiply its result. Then draw one "
                      "card: from the deck, or the top card of a discard pile — but not the card you "
                      "just discarded.\n\n"
                      "The round ends when the last card of the deck is drawn. Each started expedition "
                      "scores the sum of its numbers minus 20, times one plus its wagers; eight or more "
                      "cards add 20. Expeditions you never started cost nothing."),
                                    .icon_name = "pt-play-symbolic",
                                    .chart_colour = "#e66100",
                                    .credit_title = N_("Lost Cities designed by"),
                                                        .designers = designers,
                                                        .stylesheet = "/io/github/partida/Partida/lost-cities/pt-lost-cities.css",
                                                        .colours = pt_lost_cities_colours,
                                                        .n_colours = PT_N_LOST_CITIES_COLOURS,
                                                        .board_type = pt_lost_cities_board_get_type,
                                                        .sheet_view_type = pt_lost_cities_sheet_view_get_type,
                                                        .breakdown_rows = breakdown_rows,
                                                        .hint_text = hint_text,
                                                        .min_players = 2,
                                                        .max_players = 2,
                                                        .options = options,
                                                        .n_options = G_N_ELEMENTS (options),
                                                        .rounds = TRUE,
                                                        .options_defaults = options_defaults,
                                                        .sheet_apply_settings = sheet_apply_settings,
                                                        .preferences_group = pt_lost_cities_preferences_new,
                                                        .read_defaults = read_defaults,
                                                        .settings_schema = "io.github.partida.Partida.LostCities",
                                                        .legacy_schema = "io.github.partida.Partida.LostCities.Legacy",
                                                        .legacy_keys = legacy_keys,
                                                        .shortcuts = shortcuts,
                                                        .n_shortcuts = G_N_ELEMENTS (shortcuts),
                                    };
