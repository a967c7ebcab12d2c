/* pt-cli-commands.h — the subcommands of partida-cli
 *
 * Each subcommand is a function in its own pt-cli-*.c file with the signature
 * of PtCliCommandFunc; pt-cli.c dispatches to it by name. Exit status: 0 on
 * success, 1 on invalid input, 2 on usage errors (PT_CLI_EXIT_*).
 */
#pragma once

#include <stdio.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "pt-game.h"
#include "pt-store-types.h"

G_BEGIN_DECLS

typedef enum
{
  PT_CLI_EXIT_OK = 0,
  PT_CLI_EXIT_INVALID = 1,
  PT_CLI_EXIT_USAGE = 2,
} PtCliExit;

/* argv[0] is the subcommand name itself. */
typedef int (*PtCliCommandFunc) (int argc, char **argv);

typedef struct
{
  const char *name;
  const char *summary;
  PtCliCommandFunc run;
} PtCliCommand;

/* Commands provided by the pt-cli-*.c files; add yours here and to the
 * tables in pt-cli.c. */
int pt_cli_new (int argc, char **argv);     /* pt-cli-new.c */
int pt_cli_replay (int argc, char **argv);  /* pt-cli-replay.c */
int pt_cli_legal (int argc, char **argv);   /* pt-cli-legal.c */
int pt_cli_score (int argc, char **argv);   /* pt-cli-score.c */
int pt_cli_players (int argc, char **argv); /* pt-cli-store.c */
int pt_cli_history (int argc, char **argv); /* pt-cli-store.c */
int pt_cli_stats (int argc, char **argv);   /* pt-cli-store.c */
int pt_cli_export (int argc, char **argv);  /* pt-cli-store.c */
int pt_cli_import (int argc, char **argv);  /* pt-cli-store.c */
int pt_cli_backup (int argc, char **argv);  /* pt-cli-store.c */
int pt_cli_restore (int argc, char **argv); /* pt-cli-store.c */
int pt_cli_salvage (int argc, char **argv); /* pt-cli-store.c */
int pt_cli_arena (int argc, char **argv);   /* pt-cli-arena.c */
int pt_cli_engine (int argc, char **argv);  /* pt-cli-engine.c */
int pt_cli_play (int argc, char **argv);    /* pt-cli-play.c */
int pt_cli_sync (int argc, char **argv);    /* pt-cli-sync.c */

/* Benchmarks: `partida-bench NAME` (pt-bench.c), one function per NAME. */
int pt_cli_bench_lost_cities (int argc, char **argv);       /* pt-cli-bench-lost-cities.c */
int pt_cli_bench_store (int argc, char **argv);             /* pt-cli-bench-store.c */
int pt_cli_bench_sync (int argc, char **argv);              /* pt-cli-bench-sync.c */
int pt_cli_bench_next_station (int argc, char **argv);      /* pt-cli-bench-next-station.c */
int pt_cli_bench_next_station_bot (int argc, char **argv);  /* pt-cli-bench-next-station-bot.c */
int pt_cli_bench_wagons_bot (int argc, char **argv);        /* pt-cli-bench-wagons-bot.c */
int pt_cli_bench_circle_the_wagons (int argc, char **argv); /* pt-cli-bench-circle-the-wagons.c */

/* Helpers shared by the commands and the benchmarks (pt-cli-util.c). */
char *pt_cli_read_input (const char *path, GError **error);
/* The same with its length (may be NULL), so a NUL inside reaches the checks. */
char *pt_cli_read_input_bytes (const char *path, gsize *length, GError **error);
void pt_cli_print_json (JsonNode *node, gboolean pretty);
/* The ids of the registered games that @keep accepts (every game when
 * NULL), comma-separated in the registry's order, "" when none: --help
 * texts say which games an option is for without naming one by hand. */
typedef gboolean (*PtCliGameFilter) (PtGameClass *klass, gpointer data);
char *pt_cli_game_ids (PtCliGameFilter keep, gpointer data);
/* The main() of partida-cli and partida-bench: gettext set up, then the
 * entry of @table named by argv[1] runs. --help prints @usage on stdout
 * (status 0), --version the version; no name or an unknown one prints
 * @usage on stderr (status 2). */
int pt_cli_main (const char *program,
                 const char *kind,
                 const PtCliCommand *table,
                 void (*usage) (FILE *out),
                 int argc,
                 char **argv);
/* @table's names and summaries, one a line, for a usage text. */
void pt_cli_print_table (FILE *out, const PtCliCommand *table);
/* For the benchmarks and the arena: a GCompareFunc for doubles, and the
 * CPU time of the calling thread in ms (on a shared machine it says what
 * one core did, where wall time also counts waiting). */
int pt_cli_compare_doubles (gconstpointer a, gconstpointer b);
double pt_cli_thread_cpu_ms (void);
/* "GAME: PRESET, PRESET; …" for the games whose "rules" option has presets. */
char *pt_cli_rule_presets_help (void);

/* Record commands (pt-cli-replay.c): load a record file, printing any
 * error as {"error": {"move": K, "message": …, "player": P}} (with @json)
 * or a readable line on stderr. PT_CLI_NO_MOVE leaves "move" out. */
#define PT_CLI_NO_MOVE G_MININT
typedef struct _PtGame PtGame;
PtGame *pt_cli_load_record_file (const char *path, gboolean json, const char *command);
void pt_cli_print_error (gboolean json, const char *command, int move, int player, const char *message);

/* One match as `history --json` prints it; the object is left open for
 * the caller's members and json_builder_end_object() (pt-cli-store.c). */
void pt_cli_match_entry_json (JsonBuilder *b, PtMatchEntry *e);

G_END_DECLS
