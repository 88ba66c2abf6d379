/*
 * msg.c - everything aivm-advise says on stderr: errors, warnings, notes,
 * usage errors, and library errors with their position, source line and a
 * caret (as jq does). Also the one mapping from status to exit code.
 */
#include "msg.h"

#include "aivm/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool cli_quiet = false;
const char *cli_command = NULL;
static const aivm_loc *config_loc; /* cli_msg_config_origin */
static const char **unquoted;      /* cli_msg_no_excerpt */
static size_t n_unquoted;
static const char *config_key;

void cli_msg_config_origin(const aivm_loc *loc, const char *key)
{
    config_loc = loc;
    config_key = key;
}

bool cli_msg_in_config(void)
{
    return config_loc != NULL;
}

/* A usage error caused by a configuration value: at its position, exit 3.
 * The key is named as the file spells it: a message's closing "for --KEY"
 * or "(--KEY)" goes (the caret shows the key), another "--KEY" becomes
 * "KEY" ("invalid value 'x' for fail-on"). */
static int config_error(const char *msg)
{
    aivm_error err = AIVM_ERROR_INIT;
    char tail1[96], tail2[96], opt[80];
    size_t len = strlen(msg);
    const char *at = NULL;
    int keep = (int)len;
    snprintf(opt, sizeof opt, "--%s", config_key ? config_key : "");
    snprintf(tail1, sizeof tail1, " for %s", opt);
    snprintf(tail2, sizeof tail2, " (%s)", opt);
    if (config_key && len > strlen(tail1) && strcmp(msg + len - strlen(tail1), tail1) == 0)
        keep = (int)(len - strlen(tail1));
    else if (config_key && len > strlen(tail2) && strcmp(msg + len - strlen(tail2), tail2) == 0)
        keep = (int)(len - strlen(tail2));
    else if (config_key)
        at = strstr(msg, opt);
    if (at)
        aivm_error_set(&err, AIVM_EINVALID, config_loc, "%.*s%s", (int)(at - msg), msg, at + 2);
    else
        aivm_error_set(&err, AIVM_EINVALID, config_loc, "%.*s", keep, msg);
    return cli_report_error(&err);
}

static void vmsg(const char *level, const char *fmt, va_list ap) AIVM_PRINTF(2, 0);

/* The run's warnings that recommend and check carry in their report
 * (cli_run_warnf): held until the command takes them, or printed before an
 * error and at the end of the run (cli_run_warnings_flush). */
static aivm_warnings held;
static bool holding;

/* Every message is one line: what it quotes (a tag value, a file name) may
 * hold control characters, which are shown visibly (aivm_vis). */
static void put_line(const char *prefix, const char *msg)
{
    char vis[4096];
    cli_stderr_line("%s%s", prefix, aivm_vis(vis, sizeof vis, msg));
}

void cli_stderr_line(const char *fmt, ...)
{
    aivm_buf line = AIVM_BUF_INIT, safe = AIVM_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    aivm_buf_vprintf(&line, fmt, ap);
    va_end(ap);
    aivm_safe_line(&safe, line.ptr ? line.ptr : "", line.size, true, AIVM_SAFE_TEXT, 0);
    aivm_buf_put(&safe, "\n", 1);
    (void)fwrite(safe.ptr, 1, safe.size, stderr);
    aivm_buf_dispose(&line);
    aivm_buf_dispose(&safe);
}

static void vmsg(const char *level, const char *fmt, va_list ap)
{
    char msg[2048], prefix[64];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(prefix, sizeof prefix, "aivm-advise: %s: ", level);
    put_line(prefix, msg);
}

void cli_run_warnings_hold(void)
{
    holding = true;
}

void cli_run_warnf(const char *id, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (holding)
        aivm_warnings_add(&held, id, msg);
    else
        cli_warnf("%s", msg);
}

void cli_run_warnings_take(aivm_warnings *into)
{
    for (size_t i = 0; i < held.n; i++)
        aivm_warnings_add(into, held.ids[i], held.text[i]);
    aivm_warnings_dispose(&held);
}

void cli_run_warnings_flush(void)
{
    for (size_t i = 0; i < held.n; i++)
        cli_warnf("%s", held.text[i]);
    aivm_warnings_dispose(&held);
}

void cli_errorf(const char *fmt, ...)
{
    va_list ap;
    cli_run_warnings_flush(); /* the warnings said so far come before the error */
    va_start(ap, fmt);
    vmsg("error", fmt, ap);
    va_end(ap);
}

void cli_warnf(const char *fmt, ...)
{
    va_list ap;
    if (cli_quiet)
        return;
    va_start(ap, fmt);
    vmsg("warning", fmt, ap);
    va_end(ap);
}

void cli_verbosef(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("verbose", fmt, ap);
    va_end(ap);
}

int cli_usagef(const char *fmt, ...)
{
    va_list ap;
    cli_run_warnings_flush();
    if (config_loc) {
        char msg[2048];
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        return config_error(msg);
    }
    va_start(ap, fmt);
    vmsg("error", fmt, ap);
    va_end(ap);
    if (cli_command)
        fprintf(stderr, "Try 'aivm-advise %s --help' for more information.\n", cli_command);
    else
        fputs("Try 'aivm-advise --help' for more information.\n", stderr);
    return CLI_EXIT_USAGE;
}

int cli_exit_code(int status)
{
    switch (status) {
    case AIVM_OK:
        return CLI_EXIT_OK;
    case AIVM_ENOTFOUND:
    case AIVM_ESYNTAX:
    case AIVM_EINVALID:
    case AIVM_EIO:
    case AIVM_ELIMIT:
        return CLI_EXIT_INPUT;
    case AIVM_ENET:
    case AIVM_EHTTP:
        return CLI_EXIT_PRICES;
    default:
        return CLI_EXIT_INTERNAL;
    }
}

void cli_msg_no_excerpt(const char *path)
{
    unquoted = aivm_xrealloc((void *)unquoted, (n_unquoted + 1) * sizeof *unquoted);
    unquoted[n_unquoted++] = path;
}

void cli_msg_dispose(void)
{
    free((void *)unquoted);
    unquoted = NULL;
    n_unquoted = 0;
}

/* Code points shown on each side of the column in an excerpt: a long line
 * (a minified plan is one line) shows a window around the column, with
 * "..." where it is cut, not its first bytes. */
#define EXCERPT_SIDE 60

/* Print line `line` of `path` and a caret under column `col` (code points).
 * Quietly does nothing when the file cannot be read (embedded data, stdin),
 * when a found configuration named it (cli_msg_no_excerpt), when it is
 * reached through a symbolic link (a committed link to a secret), and when
 * the shown part is not UTF-8 text: an excerpt never prints what the input
 * was not meant to hold. */
static void excerpt(const char *path, unsigned line, unsigned col)
{
    FILE *f;
    char win[4 * (3 * EXCERPT_SIDE + 1) + 1], vis[2048], before[2048];
    size_t n = 0, cut = 0, caret = 0;
    unsigned at = 1, cp = 0; /* line number; code point index of the byte read */
    unsigned first = col > 2 * EXCERPT_SIDE ? col - EXCERPT_SIDE : 1;
    unsigned last = (col ? col : 1) + EXCERPT_SIDE;
    bool more = false, got = false;
    int c;
    if (!path[0] || path[0] == '<' || strcmp(path, "-") == 0)
        return;
    for (size_t i = 0; i < n_unquoted; i++)
        if (strcmp(unquoted[i], path) == 0)
            return;
    {
        struct stat st; /* only a regular file: a FIFO would block (or yield other data) */
        if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
            return;
    }
    f = fopen(path, "rb");
    if (!f)
        return;
    while (at < line && (c = getc(f)) != EOF)
        if (c == '\n')
            at++;
    while (at == line && (c = getc(f)) != EOF) {
        got = true;
        if (c == '\n')
            break;
        if (((unsigned)c & 0xC0) != 0x80)
            cp++;
        if (cp > last) {
            more = true;
            break;
        }
        if (cp >= first && n < sizeof win - 1) {
            if (col && cp == col && ((unsigned)c & 0xC0) != 0x80)
                caret = n;
            win[n++] = (char)c;
        }
    }
    fclose(f);
    if (at != line || !got)
        return; /* past the end of the file */
    while (n > 0 && (win[n - 1] == '\r' || win[n - 1] == '\n') && !more)
        n--;
    win[n] = '\0';
    if (!aivm_utf8_valid(win, n))
        return;
    if (!col || col > cp || caret > n)
        caret = n; /* past the end: the caret after the text */
    cut = first > 1 ? 3 : 0;
    {
        char saved = win[caret];
        win[caret] = '\0';
        aivm_vis(before, sizeof before, win);
        win[caret] = saved;
    }
    cli_stderr_line("  %s%s%s", cut ? "..." : "", aivm_vis(vis, sizeof vis, win),
                    more ? "..." : "");
    fputs("  ", stderr);
    for (size_t i = 0; i < cut; i++)
        fputc(' ', stderr);
    for (size_t i = 0; before[i]; i++)
        if (((unsigned char)before[i] & 0xC0) != 0x80)
            fputc(' ', stderr);
    fputs("^\n", stderr);
}

int cli_report_error(const aivm_error *err)
{
    char file[1024], prefix[1100];
    cli_run_warnings_flush();
    aivm_vis(file, sizeof file, err->file);
    if (err->file[0] && err->line > 0) {
        snprintf(prefix, sizeof prefix, "%s:%u:%u: error: ", file, err->line, err->col);
        put_line(prefix, err->msg);
        if (!err->no_excerpt)
            excerpt(err->file, err->line, err->col);
    } else if (err->file[0]) {
        snprintf(prefix, sizeof prefix, "%s: error: ", file);
        put_line(prefix, err->msg);
    } else {
        put_line("aivm-advise: error: ", err->msg);
    }
    return cli_exit_code(err->code);
}

static aivm_safe out_safe; /* the stdout edge: cli_out_write */
static bool out_started;
static uint32_t out_flags;

static int raw_stdout(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    return fwrite(data, 1, len, stdout) == len ? 0 : -1;
}

aivm_safe_kind cli_safe_kind_of(const char *data, size_t len)
{
    size_t i = 0;
    while (i < len && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == '\r'))
        i++;
    if (i < len && (data[i] == '{' || data[i] == '['))
        return AIVM_SAFE_JSON; /* JSON, SARIF */
    if (i < len && data[i] == '<')
        return AIVM_SAFE_XML; /* JUnit, HTML */
    return AIVM_SAFE_TEXT;
}

void cli_out_flags(uint32_t flags)
{
    out_flags |= flags;
}

int cli_out_write(const char *data, size_t len)
{
    if (!len)
        return 0;
    if (!out_started) {
        aivm_safe_init(&out_safe, cli_safe_kind_of(data, len), out_flags);
        out_started = true;
    }
    return aivm_safe_write(&out_safe, data, len, raw_stdout, NULL);
}

int cli_outf(const char *fmt, ...)
{
    aivm_buf b = AIVM_BUF_INIT;
    va_list ap;
    int rc;
    va_start(ap, fmt);
    aivm_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    rc = cli_out_write(b.ptr, b.size);
    aivm_buf_dispose(&b);
    return rc;
}

static int to_stdout(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    return cli_out_write(data, len);
}

void cli_stream_to_stdout(aivm_buf *out)
{
    aivm_buf_set_sink(out, to_stdout, NULL, 16384);
}

int cli_finish_stdout(int rc)
{
    int failed;
    if (out_started)
        (void)aivm_safe_finish(&out_safe, raw_stdout, NULL); /* a failure shows in ferror */
    aivm_safe_dispose(&out_safe);
    out_started = false;
    failed = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    if (failed) {
        fprintf(stderr, "aivm-advise: error: cannot write the report to standard output: %s\n",
                strerror(e));
        /* a lost report outranks "findings" (a CI gate must not take a cut SARIF
         * for a verdict); earlier errors (2-4) keep their code */
        return rc == CLI_EXIT_OK || rc == CLI_EXIT_FINDINGS || rc == CLI_EXIT_NO_FIT
                   ? CLI_EXIT_INTERNAL
                   : rc;
    }
    return rc;
}
