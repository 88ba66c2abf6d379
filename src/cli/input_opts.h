/* input_opts.h - the workload inputs as options (--phase ... --max-tpot-ms):
 * their option rows, built from the library's descriptor table
 * (aivm/inputs.h), and the one handler that hands each value to it. */
#ifndef AIVM_CLI_INPUT_OPTS_H
#define AIVM_CLI_INPUT_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/inputs.h"
#include "opts.h"

/* Option ids: CLI_O_INPUT + AIVM_IN_x (clear of the prices' 1024 + n and the config's 2048). */
#define CLI_O_INPUT 4096

/** Append to `rows` (room for AIVM_IN_COUNT more at `*n`) the rows of the
 *  inputs marked `where` (AIVM_IW_RECOMMEND or AIVM_IW_CHECK), in table
 *  order; `*n` grows by their number. */
void cli_input_rows(cli_opt *rows, size_t *n, unsigned where);

/** Write a command's option table into `out` (room for n_head + AIVM_IN_COUNT
 *  + n_tail rows): `head`, the rows of the inputs marked `where`, `tail`.
 *  Returns the number of rows. */
size_t cli_input_table(cli_opt *out, const cli_opt *head, size_t n_head, unsigned where,
                       const cli_opt *tail, size_t n_tail);

/** Whether `id` is a workload input's option. */
bool cli_is_input_option(int id);

/** Set option `id`'s input in `flags` (origin: the command line). A bad
 *  value is a usage error naming the flag. Returns 0 or an exit code. */
int cli_input_option(aivm_workload *flags, int id, const char *arg);

#endif
