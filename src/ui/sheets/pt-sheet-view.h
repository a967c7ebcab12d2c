/* pt-sheet-view.h — base class of the companion score sheets
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sheet view holds the widgets the players fill in for one game. It never
 * adds anything up: on every change it builds the game's score sheet JSON
 * (docs/score-sheets.md), hands it to pt_rules_score_sheet() and shows what
 * the rules layer returns, or its refusal next to the widget that was just
 * typed in. :valid is FALSE while the rules layer refuses the sheet.
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PT_TYPE_SHEET_VIEW (pt_sheet_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (PtSheetView, pt_sheet_view, PT, SHEET_VIEW, AdwBin)

struct _PtSheetViewClass
{
  AdwBinClass parent_class;

  const char *game_id;
  guint min_players;
  guint max_players;

  /* The input sheet for the rules layer, from the widgets. */
  JsonObject *(*build_sheet) (PtSheetView *self);
  /* Fills the widgets from an input sheet (a draft or a saved match). */
  gboolean (*load_sheet) (PtSheetView *self,
                          JsonObject *sheet,
                          GError **error);
  /* Shows the rules layer's result; NULL while the sheet is refused. */
  void (*show_result) (PtSheetView *self,
                       JsonObject *result);
  /* The number of seats or their names changed. */
  void (*players_changed) (PtSheetView *self);
  /* The scoring reading in force, for the history ("" if the game has none). */
  char *(*get_rule_reading) (PtSheetView *self);
  /* Optional: TRUE while nothing is written on the sheet (it is not saved
   * as a 0–0 match even where the rules layer would score it). */
  gboolean (*is_blank) (PtSheetView *self);
  /* Optional: text the view reads itself (not a number field) that cannot
   * be read; returns the message and sets @where to the widget. */
  char *(*check_input) (PtSheetView *self,
                        GtkWidget **where);
  /* Optional: while the sheet is refused, could @widget's entry be the
   * reason? (FALSE when, say, its player's own entries are fine and the
   * refusal is about another player.) Without it: always. */
  gboolean (*owns_error) (PtSheetView *self,
                          GtkWidget *widget);
};

const char *pt_sheet_view_get_game_id (PtSheetView *self);
guint pt_sheet_view_get_min_players (PtSheetView *self);
guint pt_sheet_view_get_max_players (PtSheetView *self);

void pt_sheet_view_set_players (PtSheetView *self,
                                const char *const *names);
guint pt_sheet_view_get_n_players (PtSheetView *self);
const char *pt_sheet_view_get_player_name (PtSheetView *self,
                                           guint seat);

JsonObject *pt_sheet_view_build_sheet (PtSheetView *self);
gboolean pt_sheet_view_load_sheet (PtSheetView *self,
                                   JsonObject *sheet,
                                   GError **error);
char *pt_sheet_view_get_rule_reading (PtSheetView *self);

/* Scores the sheet now (normally done on every change). */
void pt_sheet_view_evaluate (PtSheetView *self);
gboolean pt_sheet_view_get_valid (PtSheetView *self);
const char *pt_sheet_view_get_error_message (PtSheetView *self);
/* (transfer none) (nullable): the last accepted result */
JsonObject *pt_sheet_view_get_result (PtSheetView *self);

/* For subclasses: @source (the widget just edited, may be NULL) changed. */
void pt_sheet_view_changed (PtSheetView *self,
                            GtkWidget *source);
/* Number fields. What is typed is what the rules layer is given: the
 * arrows stay within @lower–@upper, but a typed 7, −2 or 100 stays as
 * typed (never clamped to the arrows' range), and text that is not a
 * whole number ("x7") stays on screen, is marked at the field with what
 * to type instead and refuses the sheet (:valid FALSE) until it is one.
 * An empty field reads as 0. Connect to GtkEditable::changed (every
 * keystroke), not to ::value-changed, and read with
 * pt_sheet_number_get_value(). */
GtkWidget *pt_sheet_view_new_number (PtSheetView *self,
                                     int lower,
                                     int upper,
                                     const char *label);
/* FALSE when what is typed in @spin is not a whole number. */
gboolean pt_sheet_number_get_value (GtkSpinButton *spin,
                                    int *value);
/* Shows @value as typed (also outside the arrows' range). */
void pt_sheet_number_set_value (GtkSpinButton *spin,
                                int value);
/* Sets a field's text as if typed (drafts keep what could not be read). */
void pt_sheet_number_set_text (GtkSpinButton *spin,
                               const char *text);

/* For subclasses: while loading, changes are not reported. */
void pt_sheet_view_freeze (PtSheetView *self);
void pt_sheet_view_thaw (PtSheetView *self);

G_END_DECLS
