/*
 * msg.c - everything aivm-advise says on stderr: errors, warnings, notes,
 * usage errors, and library errors with their position, source line and a
 * caret (as jq does). Also the one mapping from status to exit code.
 */
#include "msg.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool cli_quiet = false;

static void vmsg(const char *level, const char *fmt, va_list ap) AIVM_PRINTF(2, 0);

static void vmsg(const char *level, const char *fmt, va_list ap)
{
    fprintf(stderr, "aivm-advise: %s: ", level);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_errorf(const char *fmt, ...)
{
    va_list ap;
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

int cli_usagef(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("error", fmt, ap);
    va_end(ap);
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

/* Print line `line` of `path` and a caret under column `col`. Quietly does
 * nothing when the file cannot be read (embedded data, stdin). */
static void excerpt(const char *path, unsigned line, unsigned col)
{
    FILE *f;
    char buf[512];
    unsigned n = 1;
    if (!path[0] || path[0] == '<' || strcmp(path, "-") == 0)
        return;
    f = fopen(path, "rb");
    if (!f)
        return;
    while (fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        bool whole = len > 0 && buf[len - 1] == '\n';
        if (n == line) {
            while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
                buf[--len] = '\0';
            fprintf(stderr, "  %s\n  ", buf);
            for (unsigned i = 1; i < col && i <= len; i++)
                fputc(buf[i - 1] == '\t' ? '\t' : ' ', stderr);
            fputs("^\n", stderr);
            break;
        }
        if (whole)
            n++;
    }
    fclose(f);
}

int cli_report_error(const aivm_error *err)
{
    if (err->file[0] && err->line > 0) {
        fprintf(stderr, "%s:%u:%u: error: %s\n", err->file, err->line, err->col, err->msg);
        excerpt(err->file, err->line, err->col);
    } else if (err->file[0]) {
        fprintf(stderr, "%s: error: %s\n", err->file, err->msg);
    } else {
        fprintf(stderr, "aivm-advise: error: %s\n", err->msg);
    }
    return cli_exit_code(err->code);
}

static int to_stdout(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    return fwrite(data, 1, len, stdout) == len ? 0 : -1;
}

void cli_stream_to_stdout(aivm_buf *out)
{
    aivm_buf_set_sink(out, to_stdout, NULL, 16384);
}

int cli_finish_stdout(int rc)
{
    int failed = fflush(stdout) != 0 || ferror(stdout);
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
        return rc == CLI_EXIT_OK || rc == CLI_EXIT_FINDINGS ? CLI_EXIT_INTERNAL : rc;
    }
    return rc;
}
