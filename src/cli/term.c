/*
 * term.c - decides colour (NO_COLOR, TERM=dumb, --color) and table width
 * ($COLUMNS, TIOCGWINSZ) for stdout. The library only sees the answers.
 */
#include "term.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "aivm/util.h"
#include "cli.h"
#include "msg.h"

int cli_color_option(cli_color_mode *out, const char *arg)
{
    static const char *const names[] = {"auto", "always", "never"};
    static const cli_color_mode modes[] = {CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER};
    int v = 0;
    int rc = cli_enum_option(&v, "color", arg, names, sizeof names / sizeof names[0]);
    if (rc == 0)
        *out = modes[v];
    return rc;
}

static bool color_on(cli_color_mode mode)
{
    const char *no = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if (mode == CLI_COLOR_ALWAYS)
        return true;
    if (mode == CLI_COLOR_NEVER)
        return false;
    if (!isatty(STDOUT_FILENO))
        return false;
    if (no && no[0])
        return false;
    return !(term && strcmp(term, "dumb") == 0);
}

bool cli_term_color(cli_color_mode mode)
{
    bool on = color_on(mode);
    if (on) /* the table's colours pass the output-safety layer (cli_out_write) */
        cli_out_flags(AIVM_SAFE_SGR);
    return on;
}

unsigned cli_term_width(void)
{
    const char *cols = getenv("COLUMNS");
    uint64_t v;
    struct winsize ws;
    if (cols && aivm_parse_u64(&v, cols, CLI_TERM_MAX_WIDTH) && v >= CLI_TERM_MIN_WIDTH)
        return (unsigned)v;
    if (!isatty(STDOUT_FILENO))
        return 0; /* a file or a pipe: no limit, the layout it has always had (100 wide) */
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= CLI_TERM_MIN_WIDTH)
        return ws.ws_col;
    return 80;
}

unsigned cli_term_help_width(void)
{
    const char *cols = getenv("COLUMNS");
    uint64_t v;
    struct winsize ws;
    if (cols && aivm_parse_u64(&v, cols, CLI_TERM_MAX_WIDTH) && v >= CLI_TERM_MIN_WIDTH)
        return (unsigned)v;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col >= CLI_TERM_MIN_WIDTH)
        return ws.ws_col;
    return 80;
}

bool cli_term_stderr_tty(void)
{
    const char *term = getenv("TERM");
    return isatty(STDERR_FILENO) && !(term && strcmp(term, "dumb") == 0);
}

bool cli_term_fit(aivm_buf *out, const char *text, size_t len, unsigned width)
{
    bool cut = false;
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (text + i)) : len - i, keep;
        if (width && aivm_utf8_width(text + i, n) > width) {
            /* width - 1 columns, then an ellipsis: the row stays one line */
            keep = aivm_utf8_fit(text + i, n, width - 1);
            aivm_buf_put(out, text + i, keep);
            aivm_buf_puts(out, "\xe2\x80\xa6");
            cut = true;
        } else {
            aivm_buf_put(out, text + i, n);
        }
        if (nl)
            aivm_buf_puts(out, "\n");
        i += n + (nl ? 1 : 0);
    }
    return cut;
}
