/* msg.h - diagnostics on stderr and the exit codes of aivm-advise. */
#ifndef AIVM_CLI_MSG_H
#define AIVM_CLI_MSG_H

#include <stdbool.h>

#include "aivm/buf.h"
#include "aivm/error.h"
#include "aivm/warnings.h"

/* Exit codes: documented in docs/cli.md and in --help. */
#define CLI_EXIT_OK 0
#define CLI_EXIT_FINDINGS 1 /* check: a finding at or above --fail-on */
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_INPUT 3
#define CLI_EXIT_PRICES 4
#define CLI_EXIT_INTERNAL 5
#define CLI_EXIT_NO_FIT 6 /* recommend: no size fits the workload (the report says why) */

extern bool cli_quiet;
/** The command given on the command line ("check"), or NULL: usage errors then
 *  say "Try 'aivm-advise check --help'". */
extern const char *cli_command;

void cli_errorf(const char *fmt, ...) AIVM_PRINTF(1, 2);
void cli_warnf(const char *fmt, ...) AIVM_PRINTF(1, 2);

/*
 * A warning of the run with its stable `id` (static): the CLI's own (a
 * configuration file or cache directory not read). Once cli_run_warnings_hold()
 * was called (recommend, check) it is held for the command to put in its
 * report (cli_run_warnings_take: the JSON's `warnings`, and stderr as every
 * warning of the report), else printed at once as cli_warnf. Held warnings
 * not taken are printed before any error and by cli_run_warnings_flush().
 */
void cli_run_warnf(const char *id, const char *fmt, ...) AIVM_PRINTF(2, 3);
void cli_run_warnings_hold(void);
/** Move the held warnings into `into` (appended, in the order they arose). */
void cli_run_warnings_take(aivm_warnings *into);
/** Print the held warnings (cli_warnf) and forget them. */
void cli_run_warnings_flush(void);
/** A line of -v/--verbose ("aivm-advise: verbose: ..."); said with --quiet too. */
void cli_verbosef(const char *fmt, ...) AIVM_PRINTF(1, 2);
/** A usage error: one line plus the "Try --help" hint; returns CLI_EXIT_USAGE. */
int cli_usagef(const char *fmt, ...) AIVM_PRINTF(1, 2);
/** Print a library error (file:line:col: error: msg, plus the source line and a
 *  caret when the file can be read) and return the exit code for it. */
int cli_report_error(const aivm_error *err);
/**
 * While `loc` is not NULL, a usage error is an error in the configuration
 * file at `loc` (file:line:col, the line and a caret; exit 3) that names
 * `key` where the message says "--KEY". NULL ends it. Both are borrowed.
 */
void cli_msg_config_origin(const aivm_loc *loc, const char *key);
/** True while a configuration value is handed to an option (between the two
 *  cli_msg_config_origin calls around it). */
bool cli_msg_in_config(void);
/**
 * Never quote `path` in an error excerpt: a file a found configuration named
 * (docs/config.md), which the user did not choose. `path` is borrowed until
 * cli_msg_dispose().
 */
void cli_msg_no_excerpt(const char *path);
/** Free what cli_msg_no_excerpt() keeps. */
void cli_msg_dispose(void);
/** Map a library status to an exit code. */
int cli_exit_code(int status);
/** Flush and close stdout; on failure print why and return CLI_EXIT_INTERNAL (for
 *  rc 0 or CLI_EXIT_FINDINGS; another rc is kept), else rc. */
int cli_finish_stdout(int rc);

/**
 * Make `out` stream to stdout through a small buffer (aivm_buf_set_sink):
 * reports are written as they are rendered, not held whole. A write error
 * shows in ferror(stdout), which cli_finish_stdout turns into exit 5. The
 * caller ends with aivm_buf_flush().
 */
void cli_stream_to_stdout(aivm_buf *out);

/** One line on stderr (the newline added) through the output-safety layer
 *  (aivm_safe_line): no CI command, no escape sequence. */
void cli_stderr_line(const char *fmt, ...) AIVM_PRINTF(1, 2);
/** The escape syntax of a report from its first bytes: '{' or '[' JSON
 *  (SARIF), '<' XML (JUnit, HTML), else text. */
aivm_safe_kind cli_safe_kind_of(const char *data, size_t len);
/** AIVM_SAFE_* flags for stdout (the renderer's own ::commands, colours);
 *  before the first cli_out_write. */
void cli_out_flags(uint32_t flags);
/** Write report bytes to stdout through the output-safety layer (its kind
 *  guessed from the first bytes); cli_finish_stdout passes on the rest.
 *  Returns 0, or -1 when the write failed. */
int cli_out_write(const char *data, size_t len);
/** printf for report text: formatted, then written with cli_out_write (never
 *  printf to stdout for text that holds data). Returns as cli_out_write. */
int cli_outf(const char *fmt, ...) AIVM_PRINTF(1, 2);

#endif
