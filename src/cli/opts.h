/* opts.h - one option table per command drives both getopt_long and --help. */
#ifndef AIVM_CLI_OPTS_H
#define AIVM_CLI_OPTS_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    int id;                /* value handed to the callback: a short letter or >= 256 */
    const char *long_name; /* without "--" */
    char short_name;       /* 0 = long only */
    const char *arg;       /* argument name in --help; NULL = takes no argument */
    const char *help;      /* one line */
} cli_opt;

/** Called once per option; return 0 to go on, or an exit code to stop. */
typedef int (*cli_opt_fn)(void *ctx, int id, const char *arg);

/**
 * Parse argv with the table. Unknown options and missing arguments become
 * usage errors (exit 2). On success `*first_operand` is the index of the
 * first non-option argument. Returns 0 or an exit code.
 */
int cli_opts_parse(const cli_opt *opts, size_t n, int argc, char **argv, cli_opt_fn fn, void *ctx,
                   int *first_operand);
/**
 * cli_opts_parse() for a command whose operands are files that may come from
 * others (check: a pull request's file names, a glob): options may stand before
 * or after the files, as with cli_opts_parse(), and after "--" every argument is
 * a file; but an argument before "--" that begins with '-' (other than "-",
 * standard input) and names an existing file is a usage error, so a planted
 * file named "--config=x" can never steer the run. On success the files are
 * argv[*first_operand, argc). Returns 0 or an exit code.
 */
int cli_opts_parse_files(const cli_opt *opts, size_t n, int argc, char **argv, cli_opt_fn fn,
                         void *ctx, int *first_operand);
/**
 * Print the options part of --help: aligned, the options shared by several
 * commands under a heading per topic (sizing, work, prices, availability,
 * general), each meaning wrapped to the help width (cli_term_help_width()).
 */
void cli_opts_help(FILE *f, const cli_opt *opts, size_t n);
/** Print `text` from column `col`, wrapped at `width` with continuation lines
 *  indented by `indent`, then a newline. */
void cli_help_wrap(FILE *f, const char *text, unsigned col, unsigned indent, unsigned width);

#endif
