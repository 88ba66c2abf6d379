/* browse.h - what the browsing commands (catalog, models, rules) share: the
 * subcommand, --format and --help, parsed in one place. */
#ifndef AIVM_CLI_BROWSE_H
#define AIVM_CLI_BROWSE_H

#include <stddef.h>

#include "aivm/report.h"
#include "cli_config.h"
#include "opts.h"
#include "sources.h"

/* The options every browsing command has, at the end of its option table. */
#define CLI_BROWSE_OPTIONS                                                                         \
    {'f', "format", 'f', "FMT", "table (default), json or names (one per line)"},                  \
        CLI_CONFIG_OPTIONS, {'q', "quiet", 'q', NULL, "no warnings on stderr"},                    \
        CLI_VERBOSE_OPTION, {'h', "help", 'h', NULL, "show this help and exit"},                   \
    {                                                                                              \
        'V', "version", 'V', NULL, "show versions and exit"                                        \
    }

/** A browsing command: its name, subcommands, options and help. */
typedef struct {
    const char *name;        /* "catalog" */
    const char *const *subs; /* "list", "show", ... */
    size_t n_subs;
    const cli_opt *opts; /* ending with CLI_BROWSE_OPTIONS */
    size_t n_opts;
    cli_opt_fn on_option;  /* its own options (NULL: none); -f, -q, -h and -V are handled here */
    void (*help)(int sub); /* sub: the subcommand asked about, -1 for the command */
} cli_browse_cmd;

/**
 * Parse `NAME SUB [options] [operands]`: `*sub` gets the subcommand's index,
 * `*first` the argv index of the first operand, `*fmt` the --format.
 * Returns -1 to go on, or the exit code to return at once: 0 after printing
 * the help, 2 after a usage error (missing or unknown subcommand, with a
 * did-you-mean; bad option).
 */
int cli_browse_parse(int *sub, int *first, aivm_browse_format *fmt, const cli_browse_cmd *c,
                     int argc, char **argv, void *ctx);

#endif
