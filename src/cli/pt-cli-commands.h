/* pt-cli-commands.h — the subcommands of partida-cli
 *
 * Each subcommand is a function in its own pt-cli-*.c file with the signature
 * of PtCliCommandFunc; pt-cli.c dispatches to it by name. Exit status: 0 on
 * success, 1 on invalid input, 2 on usage errors (PT_CLI_EXIT_*).
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

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

/* Benchmarks: `partida-cli bench NAME`, one function per NAME. */

/* Helpers shared by the commands (pt-cli.c). */
char *pt_cli_read_input (const char *path, GError **error);
void  pt_cli_print_json (JsonNode *node, gboolean pretty);

G_END_DECLS
