/* pt-game-ui.h — what the shared UI needs to know about one game
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every game registers one PtGameUi from its folder (src/ui/games/<game>/)
 * with one line in pt-game-ui.c. The pages outside src/ui/games/ ask the
 * registry (board, score sheet, breakdown, hint words, setup options,
 * title, colour) and never name a game.
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "pt-board-colours.h"
#include "pt-game.h"
#include "pt-session.h"

G_BEGIN_DECLS

typedef struct _PtGameUi PtGameUi;

/* One of the game's deal options in the new-game form. */
typedef struct
{
  const char *key;      /* the rules' option ("colors") */
  const char *title;    /* translatable */
  const char *subtitle; /* translatable, or NULL */
  /* NULL: a switch (a boolean option, off by default). Otherwise a
   * choice: its labels (translatable) and, for each, the option's value as JSON
   * text ("5", "\"seed\""); the first is the default. */
  const char *const *labels;
  const char *const *values;
} PtGameOption;

/* A key an older Partida kept in the application's schema (@old_key, read
 * through PtGameUi.legacy_schema) and its name in the game's own schema. */
typedef struct
{
  const char *old_key;
  const char *key;
} PtGameSettingsKey;

/* One key of the game's board, for the shortcuts window. */
typedef struct
{
  const char *title;       /* translatable */
  const char *accelerator; /* as GtkShortcutsShortcut:accelerator takes it */
} PtGameShortcut;

struct _PtGameUi
{
  /* The rules' id (PtGameClass.game_id). */
  const char *game_id;
  /* The game's name, translatable: game names are trademarks and
   * usually stay as on the box. */
  const char *title;
  /* The rules in a few paragraphs, for the game view's "Rules" popover (translatable). */
  const char *rules_summary;
  /* A symbolic icon for the game's rows and buttons. */
  const char *icon_name;
  /* The game's own colour in the statistics charts ("#e66100"). */
  const char *chart_colour;
  /* The About window's credit: its heading (translatable, "<title> designed
   * by") and the designers' names. */
  const char *credit_title;
  const char *const *designers;

  /* The colours its board draws, for the contrast test (a table of its
   * own, like pt_board_colours). */
  const PtBoardColourInfo *colours;
  guint n_colours;
  /* Optional: the game's stylesheet, a resource path in its folder's
   * GResource; loaded for every window (pt_game_ui_load_stylesheets ()). */
  const char *stylesheet;

  /* A PtBoard subclass, constructed with "game". */
  GType (*board_type) (void);
  /* A PtSheetView subclass, the companion score sheet. */
  GType (*sheet_view_type) (void);

  /* The breakdown renderer. @round is a breakdown of one round as the
   * rules produce it (pt_game_get_breakdown() or a score sheet's result),
   * @player one of its "players". Appends the rows explaining the
   * player's score (AdwActionRow) to @rows. */
  void (*breakdown_rows) (JsonObject *round,
                          JsonObject *player,
                          GPtrArray *rows);
  /* What the round's breakdown says about everyone (bonus cards, a
   * tie-break, a solo rating), or NULL. Optional. */
  char *(*breakdown_describe) (JsonObject *round);

  /* A suggested move (a record move for the player on turn) as advice,
   * "play the red 7, then draw from the deck"; NULL: the generic words. */
  char *(*hint_text) (PtGame *game,
                      JsonObject *move);

  /* Setup: the seats the game takes. */
  guint min_players;
  guint max_players;
  /* Setup: the game's deal options, and whether the form offers a match
   * of rounds (the number of rounds, who starts the next one). */
  const PtGameOption *options;
  guint n_options;
  gboolean rounds;
  /* Optional: the Preferences' defaults for the game's options, written
   * into @options (the rules' deal options) for the form to show. */
  void (*options_defaults) (const PtSessionDefaults *defaults,
                            JsonObject *options);
  /* Optional: the game's own settings, a schema in its folder
   * (games/<game>/<schema id>.gschema.xml, added to game_schemas by its meson.build);
   * the callbacks below get them from pt_game_ui_get_settings (). */
  const char *settings_schema;
  /* Optional: where an older Partida kept some of those keys, a schema at
   * the application's path naming them (@legacy_keys, {NULL}-terminated):
   * their user values are copied once into the game's schema. */
  const char *legacy_schema;
  const PtGameSettingsKey *legacy_keys;
  /* Optional: fills a fresh score sheet of this game from the
   * Preferences (@settings: the game's). */
  void (*sheet_apply_settings) (GtkWidget *sheet_view,
                                GSettings *settings);
  /* Optional: the game's group in Preferences → House Rules (an
   * AdwPreferencesGroup), its rows bound to @settings (the game's). */
  GtkWidget *(*preferences_group) (GSettings *settings);
  /* Optional: the game's house rules from @settings (the game's) into
   * @defaults (the rounds of a match, who starts the next round, the rule
   * preset); a new-game form follows every change of @settings. */
  void (*read_defaults) (GSettings *settings,
                         PtSessionDefaults *defaults);

  /* The board's keys, listed under the game's title in the shortcuts
   * window (the board installs them: pt-board-keys.h). */
  const PtGameShortcut *shortcuts;
  guint n_shortcuts;
};

/* Every registered game, in menu order (the rules' order). */
const PtGameUi *const *pt_game_ui_list (void);
guint pt_game_ui_get_n (void);
/* NULL when @game_id has no UI registration. */
const PtGameUi *pt_game_ui_lookup (const char *game_id);
/* Position of @game_id in pt_game_ui_list(), or -1. */
int pt_game_ui_index_of (const char *game_id);
/* The translated title, or @game_id itself for an unknown game. */
const char *pt_game_ui_title (const char *game_id);

/* The game's own settings (PtGameUi.settings_schema) on @app_settings'
 * backend, or NULL when it has none. Made once per @app_settings (kept on
 * it); the first time, the user values of the legacy keys are copied in,
 * and the game is marked in @app_settings' "moved-settings" so that this
 * happens once. (transfer none) */
GSettings *pt_game_ui_get_settings (const PtGameUi *ui,
                                    GSettings *app_settings);

/* Adds every game's stylesheet to @display, above the application's (the
 * application's startup calls it). */
void pt_game_ui_load_stylesheets (GdkDisplay *display);

/* Shared pieces for the breakdown renderers. */
void pt_game_ui_add_row (GPtrArray *rows,
                         const char *title,
                         const char *subtitle,
                         gint64 value);
/* The rows explaining @player in @round with @game_id's renderer, or member
 * by member when the game has none. (transfer container) */
GPtrArray *pt_game_ui_breakdown_rows (const char *game_id,
                                      JsonObject *round,
                                      JsonObject *player);
char *pt_game_ui_breakdown_describe (const char *game_id,
                                     JsonObject *round);

G_END_DECLS
