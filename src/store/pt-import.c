/* pt-import.c — BG Stats and BoardGameGeek histories as Partida export
 * documents; see pt-import.h and docs/import-formats.md
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "pt-import.h"
#include "pt-player-name.h"
#include "pt-record.h"
#include "pt-store.h"

/* Games ------------------------------------------------------------------- */

typedef struct
{
  const char *game;
  gint64 bgg_id; /* 0: not known, matched by title only */
  int min_players;
  int max_players;
  const char *titles[6]; /* English and Spanish titles */
} KnownGame;

static const KnownGame known_games[] = {
  { "lost-cities", 50, 2, 2, { N_("Lost Cities"), "Lost Cities: The Card Game", "Lost Cities: El juego de cartas", "Las ciudades perdidas", "Ciudades perdidas", NULL } },
    { "circle-the-wagons", 0, 2, 2, { N_("Circle the Wagons"), "Circle the Wagons: A Wild West Game", NULL } },
      { "next-station-london", 353545, 1, 4, { N_("Next Station: London"), "Next Station London", "Next Station - London", "Next Station: Londres", "Next Station Londres", NULL } },
    };

/* The identity key without anything but letters and digits: "Next Station
 * - London" and "next station: london" are one title. */
static char *
fold_title (const char *title)
{
  g_autofree char *key = pt_player_name_key (title != NULL ? title : "");
  GString *out = g_string_new (NULL);

  for (const char *p = key; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalnum (c))
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static const KnownGame *
find_game (gint64 bgg_id,
           const char *title)
{
  g_autofree char *folded = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    if (bgg_id > 0 && known_games[i].bgg_id == bgg_id)
      return &known_games[i];
  if (title == NULL)
    return NULL;
  folded = fold_title (title);
  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    {
      /* A different BoardGameGeek id is a different game, whatever its
       * title ("Lost Cities: The Board Game" is not Lost Cities), unless
       * the id of ours is not known. */
      if (bgg_id > 0 && known_games[i].bgg_id > 0)
        continue;
      for (guint t = 0; known_games[i].titles[t] != NULL; t++)
        {
          g_autofree char *candidate = fold_title (known_games[i].titles[t]);

          if (*folded != '\0' && strcmp (candidate, folded) == 0)
            return &known_games[i];
        }
    }
  return NULL;
}

const char *
pt_import_match_game (gint64 bgg_id,
                      const char *title)
{
  const KnownGame *game = find_game (bgg_id, title);

  return game != NULL ? game->game : NULL;
}

gboolean
pt_import_is_known_game (const char *game)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    if (g_strcmp0 (known_games[i].game, game) == 0)
      return TRUE;
  return FALSE;
}

/* Formats ------------------------------------------------------------------ */

void
pt_import_skips_clear (PtImportSkips *skips)
{
  if (skips->details != NULL)
    g_string_free (skips->details, TRUE);
  memset (skips, 0, sizeof *skips);
}

gboolean
pt_import_format_from_string (const char *text,
                              PtImportFormat *format)
{
  static const char *names[] = { "auto", "partida", "bgstats", "bgg" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *format = (PtImportFormat) i;
        return TRUE;
      }
  return FALSE;
}

const char *
pt_import_format_to_string (PtImportFormat format)
{
  switch (format)
    {
    case PT_IMPORT_FORMAT_PARTIDA:
      return "partida";
    case PT_IMPORT_FORMAT_BGSTATS:
      return "bgstats";
    case PT_IMPORT_FORMAT_BGG:
      return "bgg";
    case PT_IMPORT_FORMAT_AUTO:
    default:
      return "auto";
    }
}

PtImportFormat
pt_import_detect_format (const char *data,
                         gsize length)
{
  gsize i = 0;

  if (data == NULL)
    return PT_IMPORT_FORMAT_AUTO;
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  if (i >= length)
    return PT_IMPORT_FORMAT_AUTO;
  if (data[i] == '<')
    return g_strstr_len (data + i, MIN (length - i, 4096), "<plays") != NULL
               ? PT_IMPORT_FORMAT_BGG
               : PT_IMPORT_FORMAT_AUTO;
  if (data[i] == '{')
    {
      /* Cheap, before a full parse: the export names its format near the
       * top; a BG Stats export has "plays" and "games". */
      if (g_strstr_len (data + i, MIN (length - i, 4096), "\"partida-export/") != NULL)
        return PT_IMPORT_FORMAT_PARTIDA;
      if (g_strstr_len (data + i, length - i, "\"plays\"") != NULL &&
          g_strstr_len (data + i, length - i, "\"games\"") != NULL)
        return PT_IMPORT_FORMAT_BGSTATS;
    }
  /* Any other JSON is read as a Partida export, so that the reader names
   * what is wrong with it (too deeply nested, malformed, not an export)
   * instead of a vague "unknown format". */
  if (data[i] == '{' || data[i] == '[')
    return PT_IMPORT_FORMAT_PARTIDA;
  return PT_IMPORT_FORMAT_AUTO;
}

/* Text checks -------------------------------------------------------------- */

static void
position_of (const char *data,
             const char *at,
             int *line,
             int *column)
{
  *line = 1;
  *column = 1;
  for (const char *p = data; p < at; p++)
    {
      if (*p == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) *p & 0xC0) != 0x80)
        (*column)++;
    }
}

static gboolean
text_error (GError **error,
            const char *data,
            const char *at,
            const char *what)
{
  int line, column;

  position_of (data, at, &line, &column);
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID,
               _("The file cannot be imported: line %d, column %d: %s"), line, column, what);
  return FALSE;
}

/* TRUE when the digits [start, end) (an optional '-' first) fit a gint64. */
static gboolean
fits_int64 (const char *start,
            const char *end)
{
  char buffer[32];
  gint64 value;
  char *stop = NULL;

  if (end - start >= (gssize) sizeof buffer)
    return FALSE;
  memcpy (buffer, start, end - start);
  buffer[end - start] = '\0';
  errno = 0;
  value = g_ascii_strtoll (buffer, &stop, 10);
  (void) value;
  return errno != ERANGE && stop != NULL && *stop == '\0';
}

gboolean
pt_import_check_text (const char *data,
                      gsize length,
                      gboolean json,
                      GError **error)
{
  const char *end = NULL;
  const char *nul;
  gboolean in_string = FALSE;

  if (data == NULL)
    return text_error (error, "", "", _("there is no text"));
  nul = memchr (data, '\0', length);
  if (nul != NULL)
    return text_error (error, data, nul, _("the file holds a NUL byte"));
  if (!g_utf8_validate_len (data, length, &end))
    return text_error (error, data, end, _("the text is not valid UTF-8"));
  if (!json)
    return TRUE;

  for (const char *p = data; p < data + length; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p + 1 < data + length)
            {
              if (p[1] == 'u' && p + 6 <= data + length && strncmp (p + 2, "0000", 4) == 0)
                return text_error (error, data, p, _("a text holds a NUL character (\\u0000)"));
              p++;
            }
          else if (*p == '"')
            in_string = FALSE;
          continue;
        }
      if (*p == '"')
        in_string = TRUE;
      else if (*p == '-' || g_ascii_isdigit (*p))
        {
          const char *start = p, *q = p + (*p == '-');
          gboolean integer = TRUE;

          while (q < data + length && g_ascii_isdigit (*q))
            q++;
          if (q < data + length && (*q == '.' || *q == 'e' || *q == 'E'))
            integer = FALSE;
          if (integer && !fits_int64 (start, q))
            {
              g_autofree char *number = g_strndup (start, MIN (q - start, 40));
              g_autofree char *what =
                  g_strdup_printf (_("the number %s%s is too large"), number,
                                      q - start > 40 ? "…" : "");
              return text_error (error, data, start, what);
            }
          /* Skip the rest of the number (fraction, exponent). */
          while (q < data + length && (g_ascii_isalnum (*q) || *q == '.' || *q == '+' || *q == '-'))
            q++;
          p = q - 1;
        }
    }
  return TRUE;
}

/* UUIDs -------------------------------------------------------------------- */

char *
pt_import_derive_uuid (const char *text)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA1);
  guint8 digest[20];
  gsize size = sizeof digest;

  /* A fixed namespace in front, then the text, as RFC 4122 version 5. */
  g_checksum_update (checksum, (const guchar *) "io.github.partida.Partida/import\n", -1);
  g_checksum_update (checksum, (const guchar *) text, -1);
  g_checksum_get_digest (checksum, digest, &size);
  digest[6] = (digest[6] & 0x0F) | 0x50;
  digest[8] = (digest[8] & 0x3F) | 0x80;
  return g_strdup_printf ("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                          digest[0], digest[1], digest[2], digest[3], digest[4], digest[5],
                          digest[6], digest[7], digest[8], digest[9], digest[10], digest[11],
                          digest[12], digest[13], digest[14], digest[15]);
}

/* The document being built ------------------------------------------------- */

typedef struct
{
  char *uuid;
  char *name;
  char *source;
} DocPlayer;

typedef struct
{
  char *uuid;
  char *date;
  char *place;
  GPtrArray *players; /* uuid (owned), attendance in order */
} DocNight;

typedef struct
{
  char *player; /* uuid, not owned */
  gint64 score;
  gboolean winner;
} DocResult;

typedef struct
{
  const char *label;       /* "BG Stats", "BoardGameGeek" */
  GPtrArray *players;      /* DocPlayer */
  GHashTable *player_keys; /* name key -> DocPlayer */
  GPtrArray *nights;       /* DocNight */
  GHashTable *night_keys;  /* date\nplace key -> DocNight */
  JsonArray *matches;
  GHashTable *match_uuids; /* uuid -> where */
  GHashTable *other_games; /* title -> GINT count */
  PtImportSkips *skips;
} Doc;

static void
doc_player_free (DocPlayer *player)
{
  g_free (player->uuid);
  g_free (player->name);
  g_free (player->source);
  g_free (player);
}

static void
doc_night_free (DocNight *night)
{
  g_free (night->uuid);
  g_free (night->date);
  g_free (night->place);
  g_ptr_array_unref (night->players);
  g_free (night);
}

static void
doc_init (Doc *doc,
          const char *label,
          PtImportSkips *skips)
{
  doc->label = label;
  doc->players = g_ptr_array_new_with_free_func ((GDestroyNotify) doc_player_free);
  doc->player_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  doc->nights = g_ptr_array_new_with_free_func ((GDestroyNotify) doc_night_free);
  doc->night_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  doc->matches = json_array_new ();
  doc->match_uuids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  doc->other_games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  doc->skips = skips;
  if (skips->details == NULL)
    skips->details = g_string_new (NULL);
}

static void
doc_clear (Doc *doc)
{
  g_ptr_array_unref (doc->players);
  g_hash_table_unref (doc->player_keys);
  g_ptr_array_unref (doc->nights);
  g_hash_table_unref (doc->night_keys);
  json_array_unref (doc->matches);
  g_hash_table_unref (doc->match_uuids);
  g_hash_table_unref (doc->other_games);
}

static gboolean
doc_invalid (Doc *doc,
             GError **error,
             const char *where,
             const char *what)
{
  /* TRANSLATORS: "Invalid BG Stats file: play 4: the score is not a number" */
  g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s: %s"), doc->label, where, what);
  return FALSE;
}

static void
doc_skip (Doc *doc,
          const char *where,
          const char *date,
          const char *game,
          const char *why)
{
  doc->skips->plays_unusable++;
  /* TRANSLATORS: a skipped play: "play 4 (2024-03-01, Lost Cities): no score for every player" */
  g_string_append_printf (doc->skips->details, _("Skipped %s (%s, %s): %s"), where,
                                                  date != NULL ? date : "", game, why);
  g_string_append_c (doc->skips->details, '\n');
}

static void
doc_other_game (Doc *doc,
                const char *title)
{
  const char *name = title != NULL && *title != '\0' ? title : _("a game without a name");
  int count = GPOINTER_TO_INT (g_hash_table_lookup (doc->other_games, name));

  doc->skips->plays_other_games++;
  g_hash_table_replace (doc->other_games, g_strdup (name), GINT_TO_POINTER (count + 1));
}

/* The player of that name in the document (one per identity key). */
static const char *
doc_player (Doc *doc,
            const char *name,
            const char *source)
{
  g_autofree char *key = pt_player_name_key (name);
  DocPlayer *player = g_hash_table_lookup (doc->player_keys, key);
  g_autofree char *seed = NULL;

  if (player != NULL)
    return player->uuid;
  player = g_new0 (DocPlayer, 1);
  seed = g_strconcat ("player\n", key, NULL);
  player->uuid = pt_import_derive_uuid (seed);
  player->name = g_strstrip (g_strdup (name));
  player->source = g_strdup (source);
  g_ptr_array_add (doc->players, player);
  g_hash_table_insert (doc->player_keys, g_steal_pointer (&key), player);
  return player->uuid;
}

static DocNight *
doc_night (Doc *doc,
           const char *date,
           const char *place)
{
  g_autofree char *place_key = pt_player_name_key (place);
  g_autofree char *key = g_strconcat (date, "\n", place_key, NULL);
  DocNight *night = g_hash_table_lookup (doc->night_keys, key);
  g_autofree char *seed = NULL;

  if (night != NULL)
    return night;
  night = g_new0 (DocNight, 1);
  seed = g_strconcat ("night\n", key, NULL);
  night->uuid = pt_import_derive_uuid (seed);
  night->date = g_strdup (date);
  night->place = g_strstrip (g_strdup (place));
  night->players = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (doc->nights, night);
  g_hash_table_insert (doc->night_keys, g_steal_pointer (&key), night);
  return night;
}

static void
night_add_player (DocNight *night,
                  const char *uuid)
{
  for (guint i = 0; i < night->players->len; i++)
    if (strcmp (night->players->pdata[i], uuid) == 0)
      return;
  g_ptr_array_add (night->players, g_strdup (uuid));
}

typedef struct
{
  const char *where;     /* in the source file */
  const char *source_id; /* the play's UUID or id; NULL: derived from the content */
  const KnownGame *game;
  GDateTime *started; /* local time */
  int minutes;
  const char *place; /* or NULL */
  const char *notes;
  GArray *results;  /* DocResult */
  GPtrArray *names; /* player names, parallel to results */
} Play;

/* One member of the object @b is building. */
static void
set_string (JsonBuilder *b,
            const char *member,
            const char *value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_string_value (b, value);
}

static void
set_int (JsonBuilder *b,
         const char *member,
         gint64 value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_int_value (b, value);
}

static void
set_bool (JsonBuilder *b,
          const char *member,
          gboolean value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_boolean_value (b, value);
}

static gboolean
doc_add_play (Doc *doc,
              Play *play,
              GError **error)
{
  g_autofree char *date = g_date_time_format (play->started, "%Y-%m-%d");
  g_autofree char *uuid = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  gint64 started = g_date_time_to_unix (play->started);
  gboolean any_winner = FALSE;
  gint64 best = G_MININT64;
  DocNight *night = NULL;
  const char *previous;
  guint n = play->results->len;

  if ((int) n < play->game->min_players || (int) n > play->game->max_players)
    {
      g_autofree char *why = NULL;

      if (play->game->min_players == play->game->max_players)
        why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d player; the game is for %d",
                                            "%d players; the game is for %d", n),
                               n, play->game->min_players);
      else
        why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d player; the game is for %d to %d",
                                            "%d players; the game is for %d to %d", n),
                               n, play->game->min_players, play->game->max_players);
      doc_skip (doc, play->where, date, _(play->game->titles[0]), why);
      return TRUE;
    }

  if (play->source_id != NULL && *play->source_id != '\0')
    {
      g_autofree char *seed = g_strdup_printf ("play\n%s\n%s", doc->label, play->source_id);
      uuid = pt_import_derive_uuid (seed);
    }
  else
    {
      /* No id: the play is its content (game, time, players and scores). */
      g_autoptr(GString) seed = g_string_new (NULL);

      g_string_append_printf (seed, "play\n%s\n%s\n%" G_GINT64_FORMAT, doc->label,
                              play->game->game, started);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *key = pt_player_name_key (play->names->pdata[i]);
          g_string_append_printf (seed, "\n%s=%" G_GINT64_FORMAT, key,
                                  g_array_index (play->results, DocResult, i).score);
        }
      uuid = pt_import_derive_uuid (seed->str);
    }
  if ((previous = g_hash_table_lookup (doc->match_uuids, uuid)) != NULL)
    {
      g_autofree char *why = g_strdup_printf (_("the same play as %s"), previous);
      doc_skip (doc, play->where, date, _(play->game->titles[0]), why);
      return TRUE;
    }
  g_hash_table_insert (doc->match_uuids, g_strdup (uuid), g_strdup (play->where));

  if (play->place != NULL)
    {
      g_autofree char *place = g_strstrip (g_strdup (play->place));

      if (*place != '\0')
        night = doc_night (doc, date, place);
    }

  for (guint i = 0; i < n; i++)
    {
      DocResult *r = &g_array_index (play->results, DocResult, i);
      any_winner |= r->winner;
      best = MAX (best, r->score);
    }

  json_builder_begin_object (b);
  set_string (b, "source", play->where);
  set_string (b, "uuid", uuid);
  set_string (b, "game", play->game->game);
  set_string (b, "mode", "companion");
  set_int (b, "started", started);
  set_int (b, "finished", started + (gint64) MAX (play->minutes, 0) * 60);
  json_builder_set_member_name (b, "night");
  if (night != NULL)
    json_builder_add_string_value (b, night->uuid);
  else
    json_builder_add_null_value (b);
  set_string (b, "notes", play->notes != NULL ? play->notes : "");
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      DocResult *r = &g_array_index (play->results, DocResult, i);
      int rank = 1;

      for (guint j = 0; j < n; j++)
        if (g_array_index (play->results, DocResult, j).score > r->score)
          rank++;
      if (night != NULL)
        night_add_player (night, r->player);
      json_builder_begin_object (b);
      set_string (b, "player", r->player);
      set_int (b, "seat", i);
      set_int (b, "score", r->score);
      set_int (b, "rank", rank);
      /* The source's winners; without any, the best score wins. */
      set_bool (b, "winner", any_winner ? r->winner : r->score == best);
      set_bool (b, "ai", FALSE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_array_add_element (doc->matches, json_builder_get_root (b));
  return TRUE;
}

static int
compare_titles (gconstpointer a,
                gconstpointer b)
{
  return g_utf8_collate (*(const char **) a, *(const char **) b);
}

static JsonNode *
doc_finish (Doc *doc)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  GHashTableIter iter;
  gpointer key;

  json_builder_begin_object (b);
  set_string (b, "format", "partida-export/1");
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; i < doc->players->len; i++)
    {
      DocPlayer *player = doc->players->pdata[i];

      json_builder_begin_object (b);
      set_string (b, "source", player->source);
      set_string (b, "uuid", player->uuid);
      set_string (b, "name", player->name);
      set_int (b, "created", now);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "nights");
  json_builder_begin_array (b);
  for (guint i = 0; i < doc->nights->len; i++)
    {
      DocNight *night = doc->nights->pdata[i];

      json_builder_begin_object (b);
      set_string (b, "uuid", night->uuid);
      set_string (b, "date", night->date);
      set_string (b, "place", night->place);
      json_builder_set_member_name (b, "players");
      json_builder_begin_array (b);
      for (guint p = 0; p < night->players->len; p++)
        json_builder_add_string_value (b, night->players->pdata[p]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "matches");
  json_builder_add_value (b, json_node_init_array (json_node_alloc (), doc->matches));
  json_builder_end_object (b);

  /* "Azul: 2 plays", by title. */
  g_hash_table_iter_init (&iter, doc->other_games);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (titles, key);
  g_ptr_array_sort (titles, compare_titles);
  for (guint i = 0; i < titles->len; i++)
    {
      int count = GPOINTER_TO_INT (g_hash_table_lookup (doc->other_games, titles->pdata[i]));

      g_string_append_printf (doc->skips->details,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "Skipped %d play of “%s”: not a Partida game",
                                           "Skipped %d plays of “%s”: not a Partida game", count),
                              count, (const char *) titles->pdata[i]);
      g_string_append_c (doc->skips->details, '\n');
    }
  return json_builder_get_root (b);
}

/* Scores: whole numbers in the 32-bit range, as numbers or as text. */
typedef enum
{
  SCORE_OK,
  SCORE_EMPTY,
  SCORE_BAD
} ScoreRead;

static ScoreRead
score_from_text (const char *text,
                 gint64 *score,
                 char **why)
{
  g_autofree char *clean = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autoptr(GError) local = NULL;
  double value;
  char *end = NULL;

  if (*clean == '\0')
    return SCORE_EMPTY;
  if (g_ascii_string_to_signed (clean, 10, G_MININT32, G_MAXINT32, score, &local))
    return SCORE_OK;
  if (g_error_matches (local, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS) ||
      (strspn (clean + (*clean == '-' || *clean == '+'), "0123456789") ==
       strlen (clean + (*clean == '-' || *clean == '+'))))
    {
      *why = g_strdup_printf (_("the score %s is outside the range of a score (%d to %d)"),
                                 clean, G_MININT32, G_MAXINT32);
      return SCORE_BAD;
    }
  value = g_ascii_strtod (clean, &end);
  /* The range first: casting a double outside gint64's range is undefined
   * (UBSan, found by fuzz-import-bgstats with "1.1e28"). */
  if (end != NULL && *end == '\0' && value >= G_MININT32 && value <= G_MAXINT32 &&
      value == (double) (gint64) value)
    {
      *score = (gint64) value;
      return SCORE_OK;
    }
  *why = g_strdup_printf (_("the score “%s” is not a whole number"), clean);
  return SCORE_BAD;
}

static ScoreRead
score_from_node (JsonNode *node,
                 gint64 *score,
                 char **why)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return SCORE_EMPTY;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return score_from_text (json_node_get_string (node), score, why);
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    {
      gint64 value = json_node_get_int (node);

      if (value < G_MININT32 || value > G_MAXINT32)
        {
          g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, value);

          *why = g_strdup_printf (_("the score %s is outside the range of a score (%d to %d)"),
                                     number, G_MININT32, G_MAXINT32);
          return SCORE_BAD;
        }
      *score = value;
      return SCORE_OK;
    }
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE)
    {
      g_autofree char *text = g_strdup_printf ("%.17g", json_node_get_double (node));
      return score_from_text (text, score, why);
    }
  *why = g_strdup (_("the score is not a number"));
  return SCORE_BAD;
}

/* @name's result into @play, given how its score read (@read; @why says
 * what is wrong with a bad one): SCORE_EMPTY when the play is skipped for
 * it (noted in @doc), SCORE_BAD with @error set (a bad score, a player
 * twice), else SCORE_OK. */
static ScoreRead
play_add_result (Doc *doc,
                 Play *play,
                 const char *where,
                 const char *date,
                 const KnownGame *known,
                 const char *name,
                 ScoreRead read,
                 gint64 score,
                 const char *why,
                 gboolean winner,
                 GError **error)
{
  g_autofree char *player_where = g_strdup_printf ("%s (%s)", where, name);
  DocResult result = { NULL, score, winner };
  ScoreRead outcome = SCORE_OK;

  if (read == SCORE_EMPTY)
    {
      doc_skip (doc, where, date, _(known->titles[0]), _("not every player has a score"));
      return SCORE_EMPTY;
    }
  if (read == SCORE_BAD)
    {
      g_autofree char *what = g_strdup_printf ("%s: %s", name, why);

      doc_invalid (doc, error, where, what);
      return SCORE_BAD;
    }
  result.player = (char *) doc_player (doc, name, player_where);
  for (guint j = 0; j < play->results->len; j++)
    if (g_array_index (play->results, DocResult, j).player == result.player)
      {
        g_autofree char *what = g_strdup_printf (_("%s plays twice"), name);

        doc_invalid (doc, error, where, what);
        outcome = SCORE_BAD;
      }
  g_array_append_val (play->results, result);
  g_ptr_array_add (play->names, g_strdup (name));
  return outcome;
}

static GDateTime *
parse_local_time (const char *text)
{
  int y, mo, d, h = 12, mi = 0, s = 0, n;
  char tail;

  if (text == NULL)
    return NULL;
  n = sscanf (text, "%4d-%2d-%2d %2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s, &tail);
  if (n == 7 || (n != 3 && n != 6))
    {
      n = sscanf (text, "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s, &tail);
      if (n != 6)
        return NULL;
    }
  if (n == 3)
    {
      /* A date without a time: noon, so no time zone moves it to another day. */
      h = 12;
      mi = s = 0;
    }
  return g_date_time_new_local (y, mo, d, h, mi, s);
}

static void
play_clear (Play *play)
{
  g_clear_pointer (&play->started, g_date_time_unref);
  g_clear_pointer (&play->results, g_array_unref);
  g_clear_pointer (&play->names, g_ptr_array_unref);
}

static void
play_init (Play *play)
{
  memset (play, 0, sizeof *play);
  play->results = g_array_new (FALSE, TRUE, sizeof (DocResult));
  play->names = g_ptr_array_new_with_free_func (g_free);
}

/* BG Stats ----------------------------------------------------------------- */

static const char *
object_string (JsonObject *object,
               const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  return NULL;
}

static gboolean
object_int (JsonObject *object,
            const char *member,
            gint64 *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node))
    {
      if (json_node_get_value_type (node) == G_TYPE_INT64)
        {
          *value = json_node_get_int (node);
          return TRUE;
        }
      if (json_node_get_value_type (node) == G_TYPE_STRING)
        return g_ascii_string_to_signed (json_node_get_string (node), 10, G_MININT64,
                                         G_MAXINT64, value, NULL);
    }
  return FALSE;
}

static gboolean
object_bool (JsonObject *object,
             const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (node);
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return json_node_get_int (node) != 0;
  return FALSE;
}

/* id -> JsonObject of an array of objects with an "id". */
static GHashTable *
index_by_id (JsonObject *root,
             const char *member)
{
  GHashTable *table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  JsonNode *node = json_object_get_member (root, member);
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      gint64 id;

      if (JSON_NODE_HOLDS_OBJECT (element) &&
          object_int (json_node_get_object (element), "id", &id))
        g_hash_table_insert (table, g_memdup2 (&id, sizeof id), json_node_get_object (element));
    }
  return table;
}

static JsonObject *
lookup_ref (GHashTable *table,
            JsonObject *object,
            const char *member)
{
  gint64 id;

  if (!object_int (object, member, &id))
    return NULL;
  return g_hash_table_lookup (table, &id);
}

static gboolean
bgstats_play (Doc *doc,
              JsonObject *play_object,
              const char *where,
              GHashTable *games,
              GHashTable *players,
              GHashTable *locations,
              GError **error)
{
  JsonObject *game = lookup_ref (games, play_object, "gameRefId");
  JsonObject *location = lookup_ref (locations, play_object, "locationRefId");
  JsonNode *scores = json_object_get_member (play_object, "playerScores");
  const char *title;
  const KnownGame *known;
  gint64 bgg_id = 0, minutes = 0;
  Play play;
  gboolean ok = TRUE;
  g_autofree char *date = NULL;

  if (game == NULL)
    return doc_invalid (doc, error, where, _("the play names no game of the file"));
  title = object_string (game, "name");
  if (!object_int (game, "bggId", &bgg_id))
    bgg_id = 0;
  known = find_game (bgg_id, title);
  if (known == NULL)
    {
      doc_other_game (doc, title);
      return TRUE;
    }

  play_init (&play);
  play.where = where;
  play.game = known;
  play.source_id = object_string (play_object, "uuid");
  play.started = parse_local_time (object_string (play_object, "playDate"));
  if (play.started == NULL)
    {
      play_clear (&play);
      return doc_invalid (doc, error, where, _("the play date is not YYYY-MM-DD HH:MM:SS"));
    }
  date = g_date_time_format (play.started, "%Y-%m-%d");
  if (object_int (play_object, "durationMin", &minutes) && minutes > 0 && minutes < 24 * 60 * 7)
    play.minutes = (int) minutes;
  play.place = location != NULL ? object_string (location, "name") : NULL;
  play.notes = object_string (play_object, "comments");
  if (scores == NULL || !JSON_NODE_HOLDS_ARRAY (scores))
    {
      doc_skip (doc, where, date, _(known->titles[0]), _("no players"));
      play_clear (&play);
      return TRUE;
    }
  for (guint i = 0; ok && i < json_array_get_length (json_node_get_array (scores)); i++)
    {
      JsonNode *element = json_array_get_element (json_node_get_array (scores), i);
      JsonObject *score = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
      JsonObject *player = score != NULL ? lookup_ref (players, score, "playerRefId") : NULL;
      const char *name = object_string (player, "name");
      g_autofree char *why = NULL;
      gint64 points = 0;
      ScoreRead read;

      if (name == NULL || *name == '\0')
        {
          ok = doc_invalid (doc, error, where, _("a score names no player of the file"));
          break;
        }
      read = score_from_node (json_object_get_member (score, "score"), &points, &why);
      read = play_add_result (doc, &play, where, date, known, name, read, points, why,
                              read == SCORE_OK && object_bool (score, "winner"), error);
      if (read == SCORE_EMPTY)
        {
          play_clear (&play);
          return TRUE;
        }
      ok = read == SCORE_OK;
    }
  if (ok)
    ok = doc_add_play (doc, &play, error);
  play_clear (&play);
  return ok;
}

JsonNode *
pt_import_convert_bgstats (const char *data,
                           gsize length,
                           PtImportSkips *skips,
                           GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(GHashTable) games = NULL;
  g_autoptr(GHashTable) players = NULL;
  g_autoptr(GHashTable) locations = NULL;
  JsonNode *plays;
  JsonObject *object;
  JsonNode *result = NULL;
  Doc doc;
  gboolean ok = TRUE;

  if (!pt_import_check_text (data, length, TRUE, error))
    return NULL;
  root = pt_json_parse (data, &local);
  if (root == NULL)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s"), "BG Stats", local->message);
      return NULL;
    }
  object = pt_json_get_object (root);
  plays = object != NULL ? json_object_get_member (object, "plays") : NULL;
  if (plays == NULL || !JSON_NODE_HOLDS_ARRAY (plays))
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s"), "BG Stats", _("there is no list of plays"));
      return NULL;
    }
  games = index_by_id (object, "games");
  players = index_by_id (object, "players");
  locations = index_by_id (object, "locations");

  doc_init (&doc, "BG Stats", skips);
  for (guint i = 0; ok && i < json_array_get_length (json_node_get_array (plays)); i++)
    {
      JsonNode *element = json_array_get_element (json_node_get_array (plays), i);
      g_autofree char *where = g_strdup_printf (_("play %u"), i + 1);

      skips->plays_read++;
      if (!JSON_NODE_HOLDS_OBJECT (element))
        ok = doc_invalid (&doc, error, where, _("not an object"));
      else
        ok = bgstats_play (&doc, json_node_get_object (element), where, games, players,
                           locations, error);
    }
  if (ok)
    result = doc_finish (&doc);
  doc_clear (&doc);
  return result;
}

/* BoardGameGeek ------------------------------------------------------------ */

static char *
xml_attr (xmlNode *node,
          const char *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *) name);
  char *copy = value != NULL ? g_strdup ((const char *) value) : NULL;

  xmlFree (value);
  return copy;
}

static xmlNode *
xml_child (xmlNode *node,
           const char *name)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE && xmlStrcmp (child->name, (const xmlChar *) name) == 0)
      return child;
  return NULL;
}

static gboolean
bgg_play (Doc *doc,
          xmlNode *node,
          guint index,
          GError **error)
{
  g_autofree char *id = xml_attr (node, "id");
  g_autofree char *date_text = xml_attr (node, "date");
  g_autofree char *length = xml_attr (node, "length");
  g_autofree char *location = xml_attr (node, "location");
  g_autofree char *incomplete = xml_attr (node, "incomplete");
  /* TRANSLATORS: a play in a BoardGameGeek file, by its BoardGameGeek id */
  g_autofree char *where = id != NULL ? g_strdup_printf (_("play %s"), id)
                                      /* TRANSLATORS: the 5th play of a file: "play 5" */
                                      : g_strdup_printf (_("play %u"), index + 1);
  g_autofree char *title = NULL;
  g_autofree char *object_id = NULL;
  g_autofree char *notes = NULL;
  xmlNode *item = xml_child (node, "item");
  xmlNode *comments = xml_child (node, "comments");
  xmlNode *players = xml_child (node, "players");
  const KnownGame *known;
  gint64 bgg_id = 0, minutes = 0;
  gboolean ok = TRUE;
  guint seat = 0;
  Play play;

  if (item == NULL)
    return doc_invalid (doc, error, where, _("the play names no game"));
  title = xml_attr (item, "name");
  object_id = xml_attr (item, "objectid");
  if (object_id == NULL || !g_ascii_string_to_signed (object_id, 10, 0, G_MAXINT64, &bgg_id, NULL))
    bgg_id = 0;
  known = find_game (bgg_id, title);
  if (known == NULL)
    {
      doc_other_game (doc, title);
      return TRUE;
    }
  play_init (&play);
  play.where = where;
  play.game = known;
  play.source_id = id;
  play.started = parse_local_time (date_text);
  if (play.started == NULL)
    {
      play_clear (&play);
      return doc_invalid (doc, error, where, _("the play date is not YYYY-MM-DD"));
    }
  g_clear_pointer (&date_text, g_free);
  date_text = g_date_time_format (play.started, "%Y-%m-%d");
  if (length != NULL && g_ascii_string_to_signed (length, 10, 0, 24 * 60 * 7, &minutes, NULL))
    play.minutes = (int) minutes;
  if (g_strcmp0 (incomplete, "1") == 0)
    {
      doc_skip (doc, where, date_text, _(known->titles[0]), _("marked incomplete"));
      play_clear (&play);
      return TRUE;
    }
  play.place = location;
  if (comments != NULL)
    {
      xmlChar *text = xmlNodeGetContent (comments);
      notes = g_strdup ((const char *) text);
      xmlFree (text);
      play.notes = notes;
    }
  for (xmlNode *child = players != NULL ? players->children : NULL; ok && child != NULL;
       child = child->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *score = NULL;
      g_autofree char *win = NULL;
      g_autofree char *why = NULL;
      gint64 points = 0;
      ScoreRead read;

      if (child->type != XML_ELEMENT_NODE || xmlStrcmp (child->name, (const xmlChar *) "player") != 0)
        continue;
      seat++;
      name = xml_attr (child, "name");
      if (name == NULL || *g_strstrip (name) == '\0')
        {
          g_free (name);
          name = xml_attr (child, "username");
        }
      if (name == NULL || *g_strstrip (name) == '\0')
        {
          doc_skip (doc, where, date_text, _(known->titles[0]), _("a player has no name"));
          play_clear (&play);
          return TRUE;
        }
      score = xml_attr (child, "score");
      win = xml_attr (child, "win");
      read = score_from_text (score, &points, &why);
      read = play_add_result (doc, &play, where, date_text, known, name, read, points, why,
                              g_strcmp0 (win, "1") == 0, error);
      if (read == SCORE_EMPTY)
        {
          play_clear (&play);
          return TRUE;
        }
      ok = read == SCORE_OK;
    }
  if (ok && play.results->len == 0)
    {
      doc_skip (doc, where, date_text, _(known->titles[0]), _("no players"));
      play_clear (&play);
      return TRUE;
    }
  if (ok)
    ok = doc_add_play (doc, &play, error);
  play_clear (&play);
  return ok;
}

JsonNode *
pt_import_convert_bgg (const char *data,
                       gsize length,
                       PtImportSkips *skips,
                       GError **error)
{
  xmlDoc *xml;
  xmlNode *root;
  JsonNode *result = NULL;
  gboolean ok = TRUE;
  guint index = 0;
  Doc doc;

  if (!pt_import_check_text (data, length, FALSE, error))
    return NULL;
  if (length > G_MAXINT)
    {
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s"), "BoardGameGeek", _("the file is too large"));
      return NULL;
    }
  /* No network, no entities expanded, no DTD loaded: the file is data. */
  xml = xmlReadMemory (data, (int) length, "plays.xml", "UTF-8",
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (xml == NULL)
    {
      const xmlError *last = xmlGetLastError ();
      /* (The stripped copy was leaked on every refused file: found by
       * fuzz-import-bgg.) */
      g_autofree char *message = last != NULL && last->message != NULL
                                     ? g_strstrip (g_strdup (last->message))
                                     : NULL;
      g_autofree char *what = message != NULL
          ? g_strdup_printf (_("not well-formed XML (line %d: %s)"), last->line,
                                message)
          : g_strdup (_("not well-formed XML"));
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s"), "BoardGameGeek", what);
      return NULL;
    }
  root = xmlDocGetRootElement (xml);
  if (root == NULL || xmlStrcmp (root->name, (const xmlChar *) "plays") != 0)
    {
      xmlFreeDoc (xml);
      g_set_error (error, PT_STORE_ERROR, PT_STORE_ERROR_INVALID, _("Invalid %s file: %s"), "BoardGameGeek", _("the document is not a list of plays (<plays>)"));
      return NULL;
    }
  doc_init (&doc, "BoardGameGeek", skips);
  for (xmlNode *child = root->children; ok && child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE || xmlStrcmp (child->name, (const xmlChar *) "play") != 0)
        continue;
      skips->plays_read++;
      ok = bgg_play (&doc, child, index++, error);
    }
  if (ok)
    result = doc_finish (&doc);
  doc_clear (&doc);
  xmlFreeDoc (xml);
  return result;
}
