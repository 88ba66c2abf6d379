/* term.h - terminal facts: colour and width. All TTY logic lives here. */
#ifndef AIVM_CLI_TERM_H
#define AIVM_CLI_TERM_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"

typedef enum { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER } cli_color_mode;

/** The value of --color: 0, or a usage error (exit 2). */
int cli_color_option(cli_color_mode *out, const char *arg);
/** Colour on stdout? auto: a TTY, NO_COLOR unset or empty, TERM not "dumb". */
bool cli_term_color(cli_color_mode mode);
/** Is stderr a terminal that can take a progress line (TERM not "dumb")? */
bool cli_term_stderr_tty(void);
#define CLI_TERM_MIN_WIDTH 40    /* a smaller $COLUMNS or terminal counts as unknown */
#define CLI_TERM_MAX_WIDTH 10000 /* a larger $COLUMNS is invalid */

/**
 * Width for tables: $COLUMNS when it is a whole number from 40 to 10000 (on a
 * terminal or not); else, on a terminal, its width (TIOCGWINSZ, when >= 40)
 * or 80; else (stdout a file or a pipe) 0: no limit, and the renderers keep
 * the layout they have always had there (100 wide). docs/cli.md.
 */
unsigned cli_term_width(void);
/**
 * Append `len` bytes of `text` to `out` with every line wider than `width`
 * columns (UTF-8 characters) cut to width - 1 and an ellipsis: a table row
 * never wraps. `width` 0 copies as is. Returns whether a line was cut.
 */
bool cli_term_fit(aivm_buf *out, const char *text, size_t len, unsigned width);
/** Width --help wraps to: $COLUMNS (40 to 10000), else the terminal's, else 80. */
unsigned cli_term_help_width(void);

#endif
