/* cli_config.h - the project configuration (.aivm-advise.yaml, --config,
 * --no-config; docs/config.md) applied as options before the command line's. */
#ifndef AIVM_CLI_CLI_CONFIG_H
#define AIVM_CLI_CLI_CONFIG_H

#include <stdbool.h>

#include "aivm/error.h"
#include "opts.h"

enum { CLI_O_CONFIG = 2048, CLI_O_NO_CONFIG, CLI_O_CONFIG_IGNORED };

/* clang-format off */
/* Rows for a cli_opt table: the table's parse then reads the configuration. */
#define CLI_CONFIG_OPTIONS                                                                      \
    {CLI_O_CONFIG, "config", 0, "FILE",                                                         \
     "project settings (default: .aivm-advise.yaml here or above)"},                            \
    {CLI_O_NO_CONFIG, "no-config", 0, NULL, "ignore any .aivm-advise.yaml"}
/* The same options for a command that reads no configuration (version,
 * completion): accepted, so that a wrapper can pass them to every command,
 * and ignored (their ids are not CLI_O_CONFIG: nothing is loaded). */
#define CLI_CONFIG_IGNORED_OPTIONS                                                              \
    {CLI_O_CONFIG_IGNORED, "config", 0, "FILE", "accepted and ignored: reads no settings"},     \
    {CLI_O_CONFIG_IGNORED + 1, "no-config", 0, NULL, "accepted and ignored"}
/* clang-format on */

/**
 * Read the user's configuration and then the project's (`path`, else the
 * nearest trusted .aivm-advise.yaml from the working directory up to the
 * repository root or $HOME; none of them with `none`) and hand each key that is a
 * long option of `opts` to `fn` as that option, in file order, with usage
 * errors turned into errors at the value's position (exit 3). Keys of other
 * commands are skipped. The values live until exit. Returns 0 or an exit code.
 */
int cli_config_apply(const cli_opt *opts, size_t n, cli_opt_fn fn, void *ctx, const char *path,
                     bool none);

/** Whether `path`, relative to the working directory, names something inside
 *  the working directory's tree: relative, no "..", no symbolic link leading
 *  out. For a file read because it is there, not because the user named it
 *  (check's default .aivm-waivers.yaml): a committed link to a secret is not
 *  read, so no error message can quote what it holds. */
bool cli_config_inside_cwd(const char *path);

/** Whether `path` lies inside the directory tree of a found .aivm-advise.yaml
 *  (a pull request's files): false when none was found. */
bool cli_config_in_found_tree(const char *path);
/** Whether a file the tool finds rather than is given (the user's
 *  configuration, the catalog overlay) may be read: a regular file owned by
 *  the user or root, it and its directory not writable by group or others
 *  (git's safe.directory). When not, one warning "ignoring WHAT 'PATH': why;
 *  HINT" and a -v source note. */
bool cli_found_file_trusted(const char *path, const char *what, const char *hint);

/** The command line gave option `long_name`: its config value no longer counts. */
void cli_config_overridden(const char *long_name);

/** Where the value of `key` that counts came from in the configuration, or
 *  NULL when it came from the command line or nowhere. */
const aivm_loc *cli_config_loc(const char *key);

#endif
