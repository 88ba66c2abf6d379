/*
 * check_out.c - the output formats of `check` and --output FORMAT=FILE.
 * One table names each format and its renderer: --format, --output, the
 * help and the did-you-mean all read it, so a new format is one row. The
 * report goes to stdout in --format (streamed), and to each --output file
 * through atomic.c, so one run can feed SARIF, JUnit and annotations to CI.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "check_out.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/report.h"
#include "aivm/util.h"
#include "atomic.h"
#include "cli.h"
#include "msg.h"
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

/* `path` made absolute through its directory's real path ("a/../b.json" and
 * "./b.json" are one), into `out`; false when the directory cannot be resolved. */
static bool canonical(char *out, size_t cap, const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? aivm_xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : NULL;
    char real[PATH_MAX];
    bool ok = realpath(dir ? dir : ".", real) != NULL;
    if (ok)
        snprintf(out, cap, "%s/%s", real, slash ? slash + 1 : path);
    free(dir);
    return ok;
}

/* Whether two --output paths written differently are one file: the same
 * inode (a hard link), or the same name once their directories are resolved. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    char ca[PATH_MAX + 256], cb[PATH_MAX + 256];
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return canonical(ca, sizeof ca, a) && canonical(cb, sizeof cb, b) && strcmp(ca, cb) == 0;
}

int cli_check_outputs_not_inputs(const cli_check_output *list, size_t n, const char *const *inputs,
                                 size_t n_inputs)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n_inputs; j++)
            if (inputs[j] && strcmp(inputs[j], "-") != 0 && same_file(list[i].path, inputs[j])) {
                cli_errorf("cannot write '%s': it is an input of this run ('%s')", list[i].path,
                           inputs[j]);
                return CLI_EXIT_INTERNAL;
            }
    return 0;
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
        if (strcmp((*list)[i].path, path) == 0 || same_file((*list)[i].path, path)) {
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

typedef struct {
    FILE *f;
    int err; /* errno of the first failed write */
    aivm_safe safe;
    bool started;
    uint32_t flags;
} file_sink;

static int raw_file(void *ctx, const char *data, size_t len)
{
    file_sink *s = ctx;
    if (fwrite(data, 1, len, s->f) == len)
        return 0;
    s->err = s->err ? s->err : (errno ? errno : EIO);
    return -1;
}

/* Through the output-safety layer, as stdout (cli_out_write). */
static int to_file(void *ctx, const char *data, size_t len)
{
    file_sink *s = ctx;
    if (!s->started && len) {
        aivm_safe_init(&s->safe, cli_safe_kind_of(data, len), s->flags);
        s->started = true;
    }
    return len ? aivm_safe_write(&s->safe, data, len, raw_file, s) : 0;
}

/* One output file; returns 0 or CLI_EXIT_INTERNAL after one line naming it. */
static int write_file(const cli_check_output *o, const aivm_check_report *rep,
                      const aivm_check_render_opts *ro)
{
    aivm_check_render_opts fo = *ro;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    cli_atomic a;
    file_sink sink = {0};
    int rc;
    fo.color = false; /* a file is never a terminal */
    if (cli_atomic_open(&a, o->path) < 0) {
        if (a.refused)
            cli_errorf("cannot write '%s': it is %s, not a regular file", o->path, a.refused);
        else
            cli_errorf("cannot write '%s': %s", o->path, strerror(errno));
        return CLI_EXIT_INTERNAL;
    }
    sink.f = a.f;
    sink.flags = strcmp(formats[o->format].name, "github") == 0 ? AIVM_SAFE_OWN_COMMANDS : 0;
    aivm_buf_set_sink(&out, to_file, &sink, 16384);
    rc = formats[o->format].render(&out, rep, &fo, &err);
    if (rc == 0)
        rc = aivm_buf_flush(&out);
    if (rc == 0 && sink.started)
        rc = aivm_safe_finish(&sink.safe, raw_file, &sink) ? -1 : 0;
    aivm_safe_dispose(&sink.safe);
    aivm_buf_dispose(&out);
    if (rc < 0) {
        cli_atomic_abort(&a);
        cli_errorf("cannot write '%s': %s", o->path,
                   err.msg[0] ? err.msg : strerror(sink.err ? sink.err : EIO));
        return CLI_EXIT_INTERNAL;
    }
    if (cli_atomic_commit(&a) < 0) {
        cli_errorf("cannot write '%s': %s", o->path, strerror(errno));
        return CLI_EXIT_INTERNAL;
    }
    return 0;
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
