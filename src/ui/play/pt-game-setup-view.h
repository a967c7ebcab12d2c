/* pt-game-setup-view.h — choose a game, its players and its options
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include <json-glib/json-glib.h>

#include "pt-services.h"
#include "pt-session.h"
#include "pt-store.h"

G_BEGIN_DECLS

#define PT_TYPE_GAME_SETUP_VIEW (pt_game_setup_view_get_type ())

G_DECLARE_FINAL_TYPE (PtGameSetupView, pt_game_setup_view, PT, GAME_SETUP_VIEW, GtkWidget)

GtkWidget *pt_game_setup_view_new (PtServices *services);
/* Known players offered for each seat. */
void pt_game_setup_view_set_players (PtGameSetupView *self,
                                     GPtrArray *players);
/* The chosen game, a rules id (see pt-game-ui.h). */
const char *pt_game_setup_view_get_game_id (PtGameSetupView *self);
void pt_game_setup_view_set_game_id (PtGameSetupView *self,
                                     const char *game_id);
/* Seat @index: its name, and -1 for a human or a PtBotLevel the UI offers
 * (Easy, Medium, Hard). */
void pt_game_setup_view_set_seat (PtGameSetupView *self,
                                  guint index,
                                  const char *name,
                                  int computer_level);
/* The GSettings whose "engines" are offered as computer players (the
 * application's); followed as it changes. */
/* Seat @index played by the engine @spec ("engine:COMMAND"), chosen in
 * its list; FALSE if that engine is not offered for the game. */
gboolean pt_game_setup_view_set_seat_engine (PtGameSetupView *self,
                                             guint index,
                                             const char *spec);
/* The labels of seat @index's "played by" list, in order. */
char **pt_game_setup_view_dup_seat_choices (PtGameSetupView *self,
                                            guint index);
/* Shows @options (the rules' deal options, as get_setup() returns them)
 * in the chosen game's option rows. */
void pt_game_setup_view_set_options (PtGameSetupView *self,
                                     JsonObject *options);
void pt_game_setup_view_set_n_players (PtGameSetupView *self,
                                       guint n_players);
void pt_game_setup_view_set_seed (PtGameSetupView *self,
                                  const char *seed);

/* What the form says: the seats (as PtGameView takes them), the game
 * options (as the rules' deal takes them) and the seed (random if the
 * field is empty). FALSE with a message the user can act on. */
gboolean pt_game_setup_view_get_setup (PtGameSetupView *self,
                                       JsonArray **seats,
                                       JsonObject **options,
                                       guint64 *seed,
                                       GError **error);

/* The first seat's name (the last person who played) while it still has
 * the form's default (the account's real name, else "Player 1") and the
 * player has not edited it, unless another seat has that name. */
void pt_game_setup_view_set_default_person (PtGameSetupView *self,
                                            const char *name);
/* The account's real name when it can name a player (see the .c), else
 * NULL: the first seat's and a lesson's name when nobody played yet. */
char *pt_game_setup_view_dup_account_name (void);
/* Reads Preferences (the computer's level, and @game_id's house rules
 * through its PtGameUi) from @settings (NULL: the built-in defaults). */
void pt_game_setup_view_read_defaults (GSettings *settings,
                                       const char *game_id,
                                       PtSessionDefaults *defaults);
/* Pre-fills the form: rounds, next starter, scoring, the computer seats'
 * level; never a seat's name. Done on set_settings() and on every change
 * of those keys. */
void pt_game_setup_view_apply_defaults (PtGameSetupView *self,
                                        const PtSessionDefaults *defaults);
guint pt_game_setup_view_get_rounds (PtGameSetupView *self);
void pt_game_setup_view_set_rounds (PtGameSetupView *self,
                                    guint rounds);
/* -1 for a person (or an engine's seat: see dup_seat_choices), else a
 * PtBotLevel (Easy, Medium, Hard). */
int pt_game_setup_view_get_seat_level (PtGameSetupView *self,
                                       guint index);
const char *pt_game_setup_view_get_seat_name (PtGameSetupView *self,
                                              guint index);
/* A new session as the form says (not started). */
PtSession *pt_game_setup_view_create_session (PtGameSetupView *self,
                                              PtStore *store,
                                              GError **error);

G_END_DECLS
