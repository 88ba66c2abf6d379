/*
 * safe_file.c - the one way the CLI writes a file for the user: check's
 * --output FORMAT=FILE, recommend's -o FILE and the emitted deployment's.
 * A target that is an input of the run (noted by the commands as they read
 * it) or that exists and is not a regular file is refused; the bytes pass
 * the output-safety layer as those on standard output do (cli_out_write), so
 * catalog text that would forge a CI command (`::error`, `##vso[`) is
 * neutralised in a file too; the file is written whole or not at all.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "safe_file.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "aivm/util.h"
#include "cli.h"
#include "msg.h"

static char **inputs; /* owned copies */
static size_t n_inputs;

void cli_safe_file_input(const char *path)
{
    if (!path || !path[0] || strcmp(path, "-") == 0)
        return;
    for (size_t i = 0; i < n_inputs; i++)
        if (strcmp(inputs[i], path) == 0)
            return;
    if (!n_inputs)
        atexit(cli_safe_file_dispose);
    inputs = aivm_xrealloc(inputs, (n_inputs + 1) * sizeof *inputs);
    inputs[n_inputs++] = aivm_xstrdup(path);
}

void cli_safe_file_dispose(void)
{
    for (size_t i = 0; i < n_inputs; i++)
        free(inputs[i]);
    free(inputs);
    inputs = NULL;
    n_inputs = 0;
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

bool cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    char ca[PATH_MAX + 256], cb[PATH_MAX + 256];
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return canonical(ca, sizeof ca, a) && canonical(cb, sizeof cb, b) && strcmp(ca, cb) == 0;
}

int cli_safe_file_allowed(const char *path)
{
    for (size_t i = 0; i < n_inputs; i++)
        if (cli_same_file(path, inputs[i])) {
            cli_errorf("cannot write '%s': it is an input of this run ('%s')", path, inputs[i]);
            return CLI_EXIT_INTERNAL;
        }
    return 0;
}

static int raw_file(void *ctx, const char *data, size_t len)
{
    cli_safe_file *f = ctx;
    if (fwrite(data, 1, len, f->a.f) == len)
        return 0;
    f->err = f->err ? f->err : (errno ? errno : EIO);
    return -1;
}

/* Through the output-safety layer, as standard output (cli_out_write). */
static int to_file(void *ctx, const char *data, size_t len)
{
    cli_safe_file *f = ctx;
    if (!f->started && len) {
        aivm_safe_init(&f->safe, cli_safe_kind_of(data, len), f->flags);
        f->started = true;
    }
    return len ? aivm_safe_write(&f->safe, data, len, raw_file, f) : 0;
}

int cli_safe_file_open(cli_safe_file *f, aivm_buf *out, const char *path, uint32_t flags)
{
    int rc = cli_safe_file_allowed(path);
    memset(f, 0, sizeof *f);
    if (rc)
        return rc;
    if (cli_atomic_open(&f->a, path) < 0) {
        if (f->a.refused)
            cli_errorf("cannot write '%s': it is %s, not a regular file", path, f->a.refused);
        else
            cli_errorf("cannot write '%s': %s", path, strerror(errno));
        return CLI_EXIT_INTERNAL;
    }
    f->flags = flags;
    aivm_buf_set_sink(out, to_file, f, 16384);
    return 0;
}

int cli_safe_file_close(cli_safe_file *f, aivm_buf *out, int rc)
{
    const char *path = f->a.path;
    int frc = rc == 0 ? aivm_buf_flush(out) : 0;
    if (rc == 0 && frc == 0 && f->started)
        frc = aivm_safe_finish(&f->safe, raw_file, f) ? -1 : 0;
    if (f->started)
        aivm_safe_dispose(&f->safe);
    aivm_buf_dispose(out);
    if (rc != 0 || frc < 0) {
        cli_atomic_abort(&f->a);
        if (frc < 0) {
            cli_errorf("cannot write '%s': %s", path, strerror(f->err ? f->err : EIO));
            return CLI_EXIT_INTERNAL;
        }
        return rc;
    }
    if (cli_atomic_commit(&f->a) < 0) {
        cli_errorf("cannot write '%s': %s", path, strerror(errno));
        return CLI_EXIT_INTERNAL;
    }
    return 0;
}
