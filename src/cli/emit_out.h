/* emit_out.h - recommend's --emit, --pick and -o/--output (docs/emit.md):
 * their option-table rows and parsing, and writing the report or the
 * emitted deployment to standard output or, atomically, to a file. */
#ifndef AIVM_CLI_EMIT_OUT_H
#define AIVM_CLI_EMIT_OUT_H

#include <stdbool.h>

#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/emit.h"
#include "opts.h"
#include "safe_file.h"

/* Option ids, clear of avail_opts.h (1100...) and cli_config.h (2048...). */
enum { CLI_O_EMIT = 3072, CLI_O_PICK }; /* clear of the config's 2048 and the inputs' 4096 */

/* Rows for recommend's option table, in --help order. */
#define CLI_EMIT_OPTIONS                                                                           \
    {'o', "output", 'o', "FILE", "write to FILE (atomically) instead of standard output"},         \
        {CLI_O_EMIT, "emit", 0, "terraform|arm|az",                                                \
         "write the deployment of a recommendation, not the report"},                              \
    {                                                                                              \
        CLI_O_PICK, "pick", 0, "N", "with --emit: deploy recommendation #N (default 1)"            \
    }

typedef struct {
    bool emit;          /* --emit given */
    aivm_emit_opts eo;  /* its format and --pick */
    bool pick_given;    /* --pick given (needs --emit) */
    const char *output; /* -o FILE, borrowed from argv; NULL: standard output */
} cli_emit_opts;

/** Handle an option of CLI_EMIT_OPTIONS: 0, an exit code (usage error), or
 *  -1 when `id` is not one of them. */
int cli_emit_option(cli_emit_opts *o, int id, const char *arg);

/** After parsing: --pick without --emit is a usage error (exit 2). */
int cli_emit_check(const cli_emit_opts *o);

/** A file being written by cli_output_begin()/cli_output_end(). */
typedef struct {
    cli_safe_file file; /* with -o FILE */
} cli_output;

/** Where recommend's text goes: `out` streams to standard output, or to
 *  the temp file of `o->output` (cli_safe_file_open(): refused when it is an
 *  input or not a regular file). Returns 0 or exit 5 with a message naming
 *  the file. */
int cli_output_begin(cli_output *f, aivm_buf *out, const cli_emit_opts *o);

/** Finish what cli_output_begin() started: flush `out` and, for a file,
 *  rename the temp file over it (rc != 0: remove it, keep the file as it
 *  was). Disposes `out`. Returns rc, or exit 5 when the file could not be
 *  written. */
int cli_output_end(cli_output *f, aivm_buf *out, const cli_emit_opts *o, int rc);

/** Emit the deployment of `adv` as `o` says to where cli_output_begin()
 *  points. Returns 0, exit 6 when no size fits, exit 2 when --pick is past
 *  the ranked sizes, 3 when the image cannot boot the size, or 5. */
int cli_emit_write(const cli_emit_opts *o, const aivm_advice *adv);

#endif
