/* check_out.h - the output formats of `check` (one table: a new format is
 * one row) and --output FORMAT=FILE, written through safe_file.h. */
#ifndef AIVM_CLI_CHECK_OUT_H
#define AIVM_CLI_CHECK_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/check.h"

typedef int (*cli_check_renderer)(aivm_buf *out, const aivm_check_report *rep,
                                  const aivm_check_render_opts *o, aivm_error *err);

typedef struct {
    const char *name; /* as --format and --output spell it */
    cli_check_renderer render;
    bool color; /* coloured on a terminal (stdout only; never in a file) */
} cli_check_format;

/** One --output: the index of its format in the table and the file. */
typedef struct {
    size_t format;
    const char *path; /* borrowed from argv or the config file */
} cli_check_output;

/** The format table, `*n` rows; the first ("text") is the default. */
const cli_check_format *cli_check_formats(size_t *n);

/** "text, json, sarif, junit or github" into `out` (`cap` bytes), for --help. */
void cli_check_formats_list(char *out, size_t cap);

/** The value of --format: `*out` gets the row, or a usage error with a
 *  did-you-mean (exit 2). */
int cli_check_format_option(size_t *out, const char *arg);

/**
 * One --output FORMAT=FILE, appended to `*list` (grown with realloc; the
 * caller frees it). An unknown FORMAT, a missing or empty FILE, FILE "-"
 * (stdout is --format's) or a FILE named twice is a usage error (exit 2).
 */
int cli_check_output_option(cli_check_output **list, size_t *n, const char *arg);

/**
 * Render `rep` in `format` to stdout (streamed; colour as `ro` says).
 * Returns 0 or an exit code.
 */
int cli_check_write_stdout(size_t format, const aivm_check_report *rep,
                           const aivm_check_render_opts *ro);

/**
 * Write each output through cli_safe_file_open(): never an input of the run
 * or a file that is not a regular one, every byte through the output-safety
 * layer, rendered into a temp file beside FILE, fsync'ed and renamed over
 * it, so FILE is either the whole report or untouched; the temp file is
 * removed on any error, and temp files of ours older than ten minutes (a
 * killed run's) are removed. Text is never coloured. Every output is tried;
 * each failure is one line naming its path. Returns 0 or CLI_EXIT_INTERNAL (5).
 */
int cli_check_write_files(const cli_check_output *outs, size_t n, const aivm_check_report *rep,
                          const aivm_check_render_opts *ro);

#endif
