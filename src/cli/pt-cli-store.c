/* pt-cli-store.c — partida-cli players|history|stats|export|import|backup|restore
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every command takes --db PATH (else $PARTIDA_DB, else the app's database,
 * resolved by pt_store_resolve_path() exactly as the app does). Read-only
 * commands never create a database. JSON output (--json) is English and
 * stable; errors go to stderr (or as {"error": {"message": …}} with --json)
 * with exit status 1; bad arguments exit with 2.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "pt-cli-commands.h"
#include "pt-stats.h"
#include "pt-store.h"

typedef struct
{
  char *db;
  gboolean json;
} CommonOptions;

static void
common_clear (CommonOptions *o)
{
  g_clear_pointer (&o->db, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CommonOptions, common_clear)

static int
fail (const CommonOptions *o,
      const char *command,
      const char *message)
{
  if (o->json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "error");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, message);
      json_builder_end_object (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      pt_cli_print_json (root, FALSE);
    }
  else
    fprintf (stderr, "partida-cli %s: %s\n", command, message);
  return PT_CLI_EXIT_INVALID;
}

/* Parses the options; returns -1 when the command should go on, else the
 * exit status. @positional receives the remaining arguments. */
static int
parse (const char *command,
       const char *parameters,
       const char *summary,
       GOptionEntry *extra,
       CommonOptions *common,
       int *argc,
       char ***argv,
       int n_positional)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("partida-cli %s", command);
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &common->db, "Database file (default: $PARTIDA_DB or the app's)", "PATH" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &common->json, "Print JSON", NULL },
    { NULL }
  };

  g_set_prgname (prgname);
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, NULL);
  if (extra != NULL)
    g_option_context_add_main_entries (context, extra, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "partida-cli %s: %s\n", command, error->message);
      return PT_CLI_EXIT_USAGE;
    }
  /* A negative count: up to that many. */
  if (n_positional >= 0 ? *argc - 1 != n_positional : *argc - 1 > -n_positional)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      fprintf (stderr, "%s", help);
      return PT_CLI_EXIT_USAGE;
    }
  return -1;
}

/* A history found damaged (too damaged to open, or its integrity check
 * failed): after the store's message, the command line's ways out. The
 * app offers its own (a Salvage button), so the store's message names
 * none. */
static void
name_way_out (GError *error)
{
  char *message;

  if (!g_error_matches (error, PT_STORE_ERROR, PT_STORE_ERROR_CORRUPT) ||
      strstr (error->message, "partida-cli salvage") != NULL)
    return;
  message = g_strdup_printf ("%s%s Nothing was written to it. Salvage what can still be read with "
                             "“partida-cli salvage --replace” (the damaged file is kept beside it) or "
                             "“partida-cli salvage NEW-FILE”.",
                             error->message, g_str_has_suffix (error->message, ".") ? "" : ".");
  g_free (error->message);
  error->message = message;
}

static PtStore *
open_store (const CommonOptions *o,
            gboolean create,
            GError **error)
{
  g_autofree char *path = pt_store_resolve_path (o->db);
  g_autoptr(GError) local_error = NULL;
  PtStore *store = pt_store_open (path, create ? PT_STORE_OPEN_CREATE : PT_STORE_OPEN_NONE,
                                  &local_error);

  /* Too damaged to open: say what can be done about it. */
  if (store == NULL && pt_store_can_salvage (path))
    name_way_out (local_error);
  if (store == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return store;
}

static char *
format_time (gint64 seconds)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (seconds);
  g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;

  return local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

static char *
iso_time (gint64 seconds)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (seconds);

  return utc != NULL ? g_date_time_format_iso8601 (utc) : g_strdup ("");
}

static void
member_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value != NULL ? value : "");
}

static void
member_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
member_double (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

static void
member_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static void
member_time (JsonBuilder *b, const char *name, gint64 value)
{
  g_autofree char *text = value != 0 ? iso_time (value) : NULL;

  json_builder_set_member_name (b, name);
  if (text != NULL)
    json_builder_add_string_value (b, text);
  else
    json_builder_add_null_value (b);
}

static void
print_builder (JsonBuilder *b)
{
  g_autoptr(JsonNode) root = json_builder_get_root (b);

  pt_cli_print_json (root, TRUE);
}

/* players ------------------------------------------------------------------ */

int
pt_cli_players (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) players = NULL;
  gboolean all = FALSE;
  GOptionEntry extra[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, "Include archived players", NULL },
    { NULL }
  };
  int status = parse ("players", "", "List the players of the match history.", extra, &o,
                      &argc, &argv, 0);

  if (status >= 0)
    return status;
  if ((store = open_store (&o, FALSE, &error)) == NULL ||
      (players = pt_store_list_players (store, all, &error)) == NULL)
    return fail (&o, "players", error->message);

  if (o.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_array (b);
      for (guint i = 0; i < players->len; i++)
        {
          PtPlayer *p = players->pdata[i];

          json_builder_begin_object (b);
          member_int (b, "id", p->id);
          member_string (b, "uuid", p->uuid);
          member_string (b, "name", p->name);
          member_string (b, "colour", p->colour);
          member_time (b, "created", p->created);
          member_bool (b, "archived", p->archived);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      print_builder (b);
    }
  else
    for (guint i = 0; i < players->len; i++)
      {
        PtPlayer *p = players->pdata[i];
        printf ("%6" G_GINT64_FORMAT "  %s%s\n", p->id, p->name, p->archived ? " (archived)" : "");
      }
  return PT_CLI_EXIT_OK;
}

/* history ------------------------------------------------------------------ */

static gboolean
parse_day (const char *text,
           int add_days,
           gint64 *seconds)
{
  g_autoptr(GDateTime) day = NULL;
  g_autoptr(GDateTime) shifted = NULL;
  int y, m, d;
  char tail;

  if (sscanf (text, "%d-%d-%d%c", &y, &m, &d, &tail) != 3)
    return FALSE;
  day = g_date_time_new_local (y, m, d, 0, 0, 0);
  if (day == NULL)
    return FALSE;
  shifted = g_date_time_add_days (day, add_days);
  *seconds = g_date_time_to_unix (shifted);
  return TRUE;
}

/* Writes an array of one object per item of @items, whose members
 * @write_members adds: as the member @name of the object being built, or
 * (@name %NULL) as a value (the document's root). */
static void
write_results (JsonBuilder *b,
               const char *name,
               GPtrArray *items,
               void (*write_members) (JsonBuilder *b, gconstpointer item))
{
  if (name != NULL)
    json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < items->len; i++)
    {
      json_builder_begin_object (b);
      write_members (b, items->pdata[i]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
result_json (JsonBuilder *b,
             gconstpointer item)
{
  const PtMatchResult *res = item;

  member_int (b, "player_id", res->player_id);
  member_string (b, "player", res->player_name);
  member_int (b, "seat", res->seat);
  member_int (b, "score", res->score);
  member_int (b, "rank", res->rank);
  member_bool (b, "winner", res->winner);
  member_bool (b, "ai", res->is_ai);
  member_int (b, "ai_level", res->ai_level);
}

/* The members of one match as `history --json` prints it. */
static void
match_json (JsonBuilder *b,
            gconstpointer item)
{
  const PtMatchEntry *e = item;

  member_int (b, "id", e->id);
  member_string (b, "uuid", e->uuid);
  member_string (b, "game", e->game);
  member_string (b, "mode", pt_match_mode_to_string (e->mode));
  member_time (b, "started", e->started);
  member_time (b, "finished", e->finished);
  json_builder_set_member_name (b, "night");
  if (e->night_id > 0)
    json_builder_add_int_value (b, e->night_id);
  else
    json_builder_add_null_value (b);
  member_string (b, "notes", e->notes);
  write_results (b, "results", e->results, result_json);
}

/* One match as `history --json` prints it, the object left open so a
 * caller may add members (`play --json` adds "rounds"). */
void
pt_cli_match_entry_json (JsonBuilder *b,
                         PtMatchEntry *e)
{
  json_builder_begin_object (b);
  match_json (b, e);
}

static void
history_json (GPtrArray *page)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  write_results (b, NULL, page, match_json);
  print_builder (b);
}

static void
history_text (GPtrArray *page)
{
  for (guint i = 0; i < page->len; i++)
    {
      PtMatchEntry *e = page->pdata[i];
      g_autofree char *when = format_time (e->finished);
      g_autoptr(GString) line = g_string_new (NULL);

      g_string_append_printf (line, "%6" G_GINT64_FORMAT "  %s  %-20s %-9s ", e->id, when, e->game,
                              pt_match_mode_to_string (e->mode));
      for (guint r = 0; r < e->results->len; r++)
        {
          PtMatchResult *res = e->results->pdata[r];
          g_string_append_printf (line, "%s%s %d%s", r > 0 ? ", " : "", res->player_name, res->score,
                                  res->winner ? "*" : "");
        }
      if (e->notes != NULL && *e->notes != '\0')
        g_string_append_printf (line, "  — %s", e->notes);
      printf ("%s\n", line->str);
    }
}

int
pt_cli_history (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(GPtrArray) page = NULL;
  g_autofree char *game = NULL, *player = NULL, *mode = NULL, *search = NULL;
  g_autofree char *from = NULL, *to = NULL;
  int limit = 50, offset = 0;
  PtHistoryQuery query;
  GOptionEntry extra[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "Only this game", "GAME" },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, "Only matches of this player", "NAME" },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode, "digital or companion", "MODE" },
    { "search", 0, 0, G_OPTION_ARG_STRING, &search, "Text in a player's name or the notes", "TEXT" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Finished on or after this day", "YYYY-MM-DD" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "Finished on or before this day", "YYYY-MM-DD" },
    { "limit", 0, 0, G_OPTION_ARG_INT, &limit, "Matches per page (default 50)", "N" },
    { "offset", 0, 0, G_OPTION_ARG_INT, &offset, "Skip this many matches", "N" },
    { NULL }
  };
  int status = parse ("history", "", "List matches, newest first.", extra, &o, &argc, &argv, 0);

  if (status >= 0)
    return status;
  pt_history_query_init (&query);
  query.game = game;
  query.search = search;
  query.limit = limit;
  query.offset = offset;
  if (mode != NULL)
    {
      PtMatchMode m;
      if (!pt_match_mode_from_string (mode, &m))
        {
          fprintf (stderr, "partida-cli history: --mode is digital or companion\n");
          return PT_CLI_EXIT_USAGE;
        }
      query.mode = m;
    }
  /* --to is inclusive: the whole day counts. */
  if ((from != NULL && !parse_day (from, 0, &query.from)) ||
      (to != NULL && !parse_day (to, 1, &query.to)) || limit < 1 || offset < 0)
    {
      fprintf (stderr, "partida-cli history: dates are YYYY-MM-DD, limit ≥ 1, offset ≥ 0\n");
      return PT_CLI_EXIT_USAGE;
    }
  if ((store = open_store (&o, FALSE, &error)) == NULL)
    return fail (&o, "history", error->message);
  if (player != NULL)
    {
      g_autoptr(PtPlayer) p = pt_store_find_player (store, player, &error);
      if (p == NULL)
        return fail (&o, "history", error->message);
      query.player_id = p->id;
    }
  if ((page = pt_store_history (store, &query, &error)) == NULL)
    return fail (&o, "history", error->message);
  if (o.json)
    history_json (page);
  else
    history_text (page);
  return PT_CLI_EXIT_OK;
}

/* stats -------------------------------------------------------------------- */

/* The members of a statistics line (overall, or one game's). */
static void
line_json (JsonBuilder *b,
           gconstpointer item)
{
  const PtStatLine *l = item;

  member_int (b, "player_id", l->player_id);
  member_string (b, "player", l->player_name);
  json_builder_set_member_name (b, "game");
  if (l->game != NULL)
    json_builder_add_string_value (b, l->game);
  else
    json_builder_add_null_value (b);
  member_int (b, "plays", l->plays);
  member_int (b, "wins", l->wins);
  member_double (b, "win_rate", l->win_rate);
  member_double (b, "average", l->average);
  member_int (b, "best", l->best);
  member_int (b, "worst", l->worst);
  member_int (b, "current_streak", l->current_streak);
  member_int (b, "longest_streak", l->longest_streak);
  member_time (b, "last_played", l->last_played);
}

static void
head_to_head_json (JsonBuilder *b,
                   gconstpointer item)
{
  const PtHeadToHead *h = item;

  member_int (b, "opponent_id", h->player_b);
  member_string (b, "opponent", h->name_b);
  member_int (b, "plays", h->plays);
  member_int (b, "wins", h->wins_a);
  member_int (b, "opponent_wins", h->wins_b);
  member_int (b, "ahead", h->a_ahead);
  member_int (b, "behind", h->b_ahead);
}

static void
rating_json (JsonBuilder *b,
             gconstpointer item)
{
  const PtRating *r = item;

  member_string (b, "game", r->game);
  member_double (b, "rating", r->rating);
  member_int (b, "rated_matches", r->plays);
}

static void
line_text (const PtStatLine *l, const char *label)
{
  printf ("%-22s %5d plays %5d wins %5.1f%%  avg %6.1f  best %4d  worst %4d  streak %d (longest %d)\n",
          label, l->plays, l->wins, 100 * l->win_rate, l->average, l->best, l->worst,
          l->current_streak, l->longest_streak);
}

static void
player_stats_json (PtPlayerStats *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  member_int (b, "player_id", s->player->id);
  member_string (b, "player", s->player->name);
  member_bool (b, "archived", s->player->archived);
  json_builder_set_member_name (b, "overall");
  json_builder_begin_object (b);
  line_json (b, s->overall);
  json_builder_end_object (b);
  write_results (b, "games", s->per_game, line_json);
  write_results (b, "head_to_head", s->head_to_head, head_to_head_json);
  write_results (b, "ratings", s->ratings, rating_json);
  json_builder_end_object (b);
  print_builder (b);
}

static void
player_stats_text (PtPlayerStats *s)
{
  printf ("%s%s\n", s->player->name, s->player->archived ? " (archived)" : "");
  line_text (s->overall, "all games");
  for (guint i = 0; i < s->per_game->len; i++)
    {
      PtStatLine *l = s->per_game->pdata[i];
      line_text (l, l->game);
    }
  for (guint i = 0; i < s->ratings->len; i++)
    {
      PtRating *r = s->ratings->pdata[i];
      printf ("rating %-15s %7.1f after %d matches\n", r->game, r->rating, r->plays);
    }
  for (guint i = 0; i < s->head_to_head->len; i++)
    {
      PtHeadToHead *h = s->head_to_head->pdata[i];
      printf ("vs %-19s %5d plays %5d–%d wins\n", h->name_b, h->plays, h->wins_a, h->wins_b);
    }
}

int
pt_cli_stats (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autoptr(PtStats) stats = NULL;
  g_autofree char *player = NULL, *game = NULL;
  gboolean all = FALSE;
  GOptionEntry extra[] = {
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, "Everything about one player", "NAME" },
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "The overview of one game", "GAME" },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, "Include archived players in the overview", NULL },
    { NULL }
  };
  int status = parse ("stats", "", "Player statistics: an overview, or one player with --player.",
                      extra, &o, &argc, &argv, 0);

  if (status >= 0)
    return status;
  if ((store = open_store (&o, FALSE, &error)) == NULL)
    return fail (&o, "stats", error->message);
  stats = pt_stats_new (store);

  if (player != NULL)
    {
      g_autoptr(PtPlayer) p = pt_store_find_player (store, player, &error);
      g_autoptr(PtPlayerStats) s = p != NULL ? pt_stats_player (stats, p->id, &error) : NULL;

      if (s == NULL)
        return fail (&o, "stats", error->message);
      if (o.json)
        player_stats_json (s);
      else
        player_stats_text (s);
    }
  else
    {
      g_autoptr(GPtrArray) lines = pt_stats_overview (stats, game, all, &error);

      if (lines == NULL)
        return fail (&o, "stats", error->message);
      if (o.json)
        {
          g_autoptr(JsonBuilder) b = json_builder_new ();

          write_results (b, NULL, lines, line_json);
          print_builder (b);
        }
      else
        for (guint i = 0; i < lines->len; i++)
          {
            PtStatLine *l = lines->pdata[i];
            line_text (l, l->player_name);
          }
    }
  return PT_CLI_EXIT_OK;
}

/* export / import ---------------------------------------------------------- */

int
pt_cli_export (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autofree char *output = NULL;
  g_autofree char *text = NULL;
  gboolean csv = FALSE;
  GOptionEntry extra[] = {
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, "Results as CSV (one row per player per match)", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write to FILE instead of standard output", "FILE" },
    { NULL }
  };
  int status = parse ("export", "", "Export the whole history as JSON (partida-export/1) or CSV.",
                      extra, &o, &argc, &argv, 0);

  if (status >= 0)
    return status;
  if ((store = open_store (&o, FALSE, &error)) == NULL)
    return fail (&o, "export", error->message);
  text = csv ? pt_store_export_csv (store, &error) : pt_store_export_json (store, &error);
  if (text == NULL)
    return fail (&o, "export", error->message);
  if (output != NULL)
    {
      if (!g_file_set_contents (output, text, -1, &error))
        return fail (&o, "export", error->message);
    }
  else
    {
      fputs (text, stdout);
      if (!csv)
        fputc ('\n', stdout);
    }
  return PT_CLI_EXIT_OK;
}

int
pt_cli_import (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  g_autofree char *text = NULL;
  g_autofree char *from = NULL;
  PtImportFormat format = PT_IMPORT_FORMAT_AUTO;
  PtImportSummary summary = { 0 };
  gsize length = 0;
  GOptionEntry extra[] = {
    { "from", 0, 0, G_OPTION_ARG_STRING, &from,
      "The file's format: partida, bgstats (BG Stats JSON) or bgg (BoardGameGeek plays XML);"
      " detected from the content when absent",
      "FORMAT" },
    { NULL }
  };
  int status = parse ("import", "FILE",
                      "Import a Partida export, a BG Stats export or BoardGameGeek plays (all or"
                      " nothing; '-' reads stdin).",
                      extra, &o, &argc, &argv, 1);

  if (status >= 0)
    return status;
  if (from != NULL && !pt_import_format_from_string (from, &format))
    {
      fprintf (stderr, "partida-cli import: unknown format “%s” (partida, bgstats or bgg)\n", from);
      return PT_CLI_EXIT_USAGE;
    }
  if ((text = pt_cli_read_input_bytes (argv[1], &length, &error)) == NULL ||
      (store = open_store (&o, TRUE, &error)) == NULL)
    return fail (&o, "import", error->message);
  /* It checks the history before writing into it. */
  if (!pt_store_import (store, text, (gssize) length, format, &summary, &error))
    {
      name_way_out (error);
      return fail (&o, "import", error->message);
    }
  if (o.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      member_string (b, "format", pt_import_format_to_string (summary.format));
      member_int (b, "players_added", summary.players_added);
      member_int (b, "nights_added", summary.nights_added);
      member_int (b, "matches_added", summary.matches_added);
      member_int (b, "matches_skipped", summary.matches_skipped);
      if (summary.format != PT_IMPORT_FORMAT_PARTIDA)
        {
          member_int (b, "plays_read", summary.plays_read);
          member_int (b, "plays_other_games", summary.plays_other_games);
          member_int (b, "plays_unusable", summary.plays_unusable);
          member_string (b, "details", summary.details != NULL ? summary.details : "");
        }
      json_builder_end_object (b);
      print_builder (b);
    }
  else
    {
      printf ("%d players, %d nights, %d matches added; %d matches already present\n",
              summary.players_added, summary.nights_added, summary.matches_added,
              summary.matches_skipped);
      if (summary.format != PT_IMPORT_FORMAT_PARTIDA)
        printf ("%d plays read; skipped: %d of other games, %d unusable\n%s", summary.plays_read,
                summary.plays_other_games, summary.plays_unusable,
                summary.details != NULL ? summary.details : "");
    }
  pt_import_summary_clear (&summary);
  return PT_CLI_EXIT_OK;
}

/* backup / restore --------------------------------------------------------- */

static int
print_done (const CommonOptions *o, const char *path)
{
  if (o->json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      member_string (b, "file", path);
      json_builder_end_object (b);
      print_builder (b);
    }
  else
    printf ("%s\n", path);
  return PT_CLI_EXIT_OK;
}

int
pt_cli_backup (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  int status = parse ("backup", "FILE", "Copy the database to FILE (SQLite online backup).", NULL,
                      &o, &argc, &argv, 1);

  if (status >= 0)
    return status;
  if ((store = open_store (&o, FALSE, &error)) == NULL)
    return fail (&o, "backup", error->message);
  /* It checks the history first. */
  if (!pt_store_backup (store, argv[1], &error))
    {
      name_way_out (error);
      return fail (&o, "backup", error->message);
    }
  return print_done (&o, argv[1]);
}

int
pt_cli_restore (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PtStore) store = NULL;
  int status = parse ("restore", "FILE",
                      "Replace the database with a backup (the current one is kept beside it).",
                      NULL, &o, &argc, &argv, 1);

  if (status >= 0)
    return status;
  if ((store = open_store (&o, TRUE, &error)) == NULL ||
      !pt_store_restore (store, argv[1], &error))
    return fail (&o, "restore", error->message);
  return print_done (&o, pt_store_get_path (store));
}

/* salvage ------------------------------------------------------------------ */

int
pt_cli_salvage (int argc, char **argv)
{
  g_auto(CommonOptions) o = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;
  const char *written;
  gboolean replace = FALSE;
  PtSalvageSummary summary = { 0 };
  GOptionEntry extra[] = {
    { "replace", 0, 0, G_OPTION_ARG_NONE, &replace,
      "Put the salvaged database in the damaged one's place; the damaged file is renamed to"
      " PATH.broken-DATE beside it",
      NULL },
    { NULL }
  };
  int status = parse ("salvage", "[NEW-FILE]",
                      "Copy every player, night and match that can still be read from a damaged"
                      " database, however damaged, into a new one: NEW-FILE (the damaged file is"
                      " left as it is), or with --replace in its place.",
                      extra, &o, &argc, &argv, -1);

  if (status >= 0)
    return status;
  if ((argc == 2) == replace)
    {
      fprintf (stderr, "partida-cli salvage: give either NEW-FILE or --replace\n");
      return PT_CLI_EXIT_USAGE;
    }
  path = pt_store_resolve_path (o.db);
  if (replace ? !pt_store_salvage_in_place (path, &kept, &summary, &error)
              : !pt_store_salvage_file (path, argv[1], &summary, &error))
    return fail (&o, "salvage", error->message);
  written = replace ? path : argv[1];
  if (o.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      member_string (b, "file", written);
      if (kept != NULL)
        member_string (b, "damaged_kept_as", kept);
      member_int (b, "players", summary.players);
      member_int (b, "players_lost", summary.players_lost);
      member_int (b, "nights", summary.nights);
      member_int (b, "nights_lost", summary.nights_lost);
      member_int (b, "matches", summary.matches);
      member_int (b, "matches_lost", summary.matches_lost);
      member_int (b, "tables_lost", summary.tables_lost);
      json_builder_end_object (b);
      print_builder (b);
    }
  else
    {
      printf ("%s: %d players, %d nights, %d matches saved; %d players, %d nights, %d matches could"
              " not be read\n",
              written, summary.players, summary.nights, summary.matches,
              summary.players_lost, summary.nights_lost, summary.matches_lost);
      if (summary.tables_lost > 0)
        printf ("%d of the tables of players, nights, matches and results could not be found\n",
                summary.tables_lost);
      if (kept != NULL)
        printf ("The damaged file is kept as %s\n", kept);
    }
  return PT_CLI_EXIT_OK;
}
