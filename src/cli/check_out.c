/*
 * check_out.c - the output formats of `check` and --output FORMAT=FILE.
 * One table names each format and its renderer: --format, --output, the
 * help and the did-you-mean all read it, so a new format is one row. The
 * report goes to stdout in --format (streamed), and to each --output file
 * through safe_file.c, so one run can feed SARIF, JUnit and annotations to CI.
 */
#include "check_out.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/report.h"
#include "aivm/util.h"
#include "cli.h"
#include "msg.h"
#include "safe_file.h"
#include "sources.h"

/* clang-format off */
static const cli_check_format formats[] = {
    {"text", aivm_check_render_text, true},
    {"json", aivm_check_render_json, false},
    {"sarif", aivm_check_render_sarif, false},
    {"junit", aivm_check_render_junit, false},
    {"github", aivm_check_render_github, false},
    {"markdown", aivm_check_render_markdown, false},
    {"html", aivm_check_render_html, false},
};
/* clang-format on */

#define N_FORMATS (sizeof formats / sizeof formats[0])

const cli_check_format *cli_check_formats(size_t *n)
{
    *n = N_FORMATS;
    return formats;
}

static void names(const char **out)
{
    for (size_t i = 0; i < N_FORMATS; i++)
        out[i] = formats[i].name;
}

void cli_check_formats_list(char *out, size_t cap)
{
    const char *n[N_FORMATS];
    names(n);
    aivm_names_list(out, cap, n, N_FORMATS);
}

/* `len` bytes of `s` as a format name: its row, or a usage error naming `opt`. */
static int find_format(size_t *out, const char *s, size_t len, const char *opt)
{
    const char *n[N_FORMATS];
    char list[256];
    for (size_t i = 0; i < N_FORMATS; i++)
        if (strlen(formats[i].name) == len && aivm_strneq_nocase(formats[i].name, s, len)) {
            *out = i;
            return 0;
        }
    names(n);
    {
        char *name = aivm_xstrndup(s, len);
        int rc;
        aivm_names_expected(list, sizeof list, name, n, N_FORMATS);
        rc = cli_usagef("invalid %s '%s' for --%s (expected %s)",
                        strcmp(opt, "format") ? "format" : "value", name, opt, list);
        free(name);
        return rc;
    }
}

int cli_check_format_option(size_t *out, const char *arg)
{
    return find_format(out, arg, strlen(arg), "format");
}

int cli_check_output_option(cli_check_output **list, size_t *n, const char *arg)
{
    const char *eq = strchr(arg, '=');
    const char *path = eq ? eq + 1 : NULL;
    size_t f = 0;
    int rc;
    if (!eq)
        return cli_usagef("invalid value '%s' for --output (expected FORMAT=FILE, e.g. "
                          "sarif=aivm.sarif)",
                          arg);
    rc = find_format(&f, arg, (size_t)(eq - arg), "output");
    if (rc)
        return rc;
    if (!path[0])
        return cli_usagef("--output %s needs a file name after '='", formats[f].name);
    if (strcmp(path, "-") == 0)
        return cli_usagef("--output writes files; the report on stdout is --format's (--format "
                          "%s)",
                          formats[f].name);
    /* an output target refused, as one that is not a regular file is: exit 5 */
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*list)[i].path, path) == 0 || cli_same_file((*list)[i].path, path)) {
            if (strcmp((*list)[i].path, path) == 0)
                cli_errorf("cannot write '%s': --output names it twice", path);
            else
                cli_errorf("cannot write '%s': --output names one file twice ('%s' and '%s')", path,
                           (*list)[i].path, path);
            return CLI_EXIT_INTERNAL;
        }
    *list = aivm_xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[*n].format = f;
    (*list)[*n].path = path;
    (*n)++;
    return 0;
}

int cli_check_write_stdout(size_t format, const aivm_check_report *rep,
                           const aivm_check_render_opts *ro)
{
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    bool json = strcmp(formats[format].name, "json") == 0; /* -v: with its sources */
    int rc;
    if (strcmp(formats[format].name, "github") == 0)
        cli_out_flags(AIVM_SAFE_OWN_COMMANDS); /* its annotations are workflow commands */
    cli_report_begin(&out, json); /* a report on a large plan is written as it is rendered */
    rc = formats[format].render(&out, rep, ro, &err);
    if (rc < 0) {
        aivm_buf_dispose(&out);
        return cli_report_error(&err);
    }
    rc = cli_report_end(&out, json);
    aivm_buf_dispose(&out);
    return rc;
}

/* One output file; returns 0 or CLI_EXIT_INTERNAL after one line naming it. */
static int write_file(const cli_check_output *o, const aivm_check_report *rep,
                      const aivm_check_render_opts *ro)
{
    aivm_check_render_opts fo = *ro;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    cli_safe_file f;
    uint32_t flags = strcmp(formats[o->format].name, "github") == 0 ? AIVM_SAFE_OWN_COMMANDS : 0;
    int rc;
    fo.color = false; /* a file is never a terminal */
    rc = cli_safe_file_open(&f, &out, o->path, flags);
    if (rc) {
        aivm_buf_dispose(&out);
        return rc;
    }
    if (formats[o->format].render(&out, rep, &fo, &err) < 0) {
        int e = f.err;
        cli_safe_file_close(&f, &out, CLI_EXIT_INTERNAL);
        cli_errorf("cannot write '%s': %s", o->path, err.msg[0] ? err.msg : strerror(e ? e : EIO));
        return CLI_EXIT_INTERNAL;
    }
    return cli_safe_file_close(&f, &out, 0);
}

int cli_check_write_files(const cli_check_output *outs, size_t n, const aivm_check_report *rep,
                          const aivm_check_render_opts *ro)
{
    int rc = 0;
    for (size_t i = 0; i < n; i++)
        if (write_file(&outs[i], rep, ro))
            rc = CLI_EXIT_INTERNAL;
    return rc;
}
