/* browse.h - what the browsing commands (catalog, models, rules) share:
 * their subcommand and their --format. */
#ifndef AIVM_CLI_BROWSE_H
#define AIVM_CLI_BROWSE_H

#include <stddef.h>

#include "aivm/report.h"

/** The value of --format of a browsing command: table, json or names (exit 2 otherwise). */
int cli_browse_format(aivm_browse_format *out, const char *arg);

/**
 * The subcommand of `cmd` in argv[1] among `subs[0..n)` into `*sub`; -1 with
 * 0 returned when argv[1] asks for --help (the caller prints it). A missing
 * or unknown subcommand is a usage error (with a did-you-mean). Returns 0 or
 * the exit code.
 */
int cli_browse_subcommand(int *sub, const char *cmd, int argc, char **argv, const char *const *subs,
                          size_t n);

#endif
