/*
 * atomic.c - writes a file whole or not at all, for check --output: the
 * report goes to "<path>.tmp.XXXXXX" in the same directory (so rename()
 * cannot cross a file system), is fsync'ed and renamed over the path. A
 * reader (a CI upload step) never sees half a SARIF file, and a failed run
 * leaves the previous file as it was. The naming and the ten-minute rule
 * for stale temp files are those of the price cache (docs/prices.md).
 */
#include "atomic.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "cli.h"

/* What a file that is not a regular one is, for the message. */
static const char *kind(mode_t m)
{
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISLNK(m))
        return "a symbolic link";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    if (S_ISFIFO(m))
        return "a FIFO";
    return "not a regular file";
}

int cli_atomic_open(cli_atomic *a, const char *path)
{
    aivm_buf b = AIVM_BUF_INIT;
    struct stat st;
    bool exists;
    mode_t mask, mode;
    int fd, e;
    memset(a, 0, sizeof *a);
    a->path = path;
    exists = lstat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        /* rename() would replace it: a device, a link, a FIFO is never ours to replace */
        a->refused = kind(st.st_mode);
        errno = 0;
        return -1;
    }
    aivm_buf_printf(&b, "%s.tmp.XXXXXX", path);
    a->tmp = aivm_buf_detach(&b);
    fd = mkstemp(a->tmp);
    if (fd < 0)
        goto fail;
    mask = umask(0);
    umask(mask);
    /* a file keeps its permissions; set-id and sticky bits go, as a write() by
     * another user would clear them: a report is never made set-id */
    mode = exists ? st.st_mode & 0777 : 0666 & ~mask;
    if (fchmod(fd, mode) != 0 || !(a->f = fdopen(fd, "wb"))) {
        e = errno;
        close(fd);
        unlink(a->tmp);
        errno = e;
        goto fail;
    }
    return 0;
fail:
    e = errno;
    free(a->tmp);
    a->tmp = NULL;
    errno = e;
    return -1;
}

int cli_atomic_commit(cli_atomic *a)
{
    int rc = 0, e = 0;
    if (fflush(a->f) != 0 || ferror(a->f) || fsync(fileno(a->f)) != 0) {
        rc = -1;
        e = errno ? errno : EIO;
    }
    if (fclose(a->f) != 0 && rc == 0) {
        rc = -1;
        e = errno;
    }
    a->f = NULL;
    if (rc == 0 && rename(a->tmp, a->path) != 0) {
        rc = -1;
        e = errno;
    }
    if (rc < 0)
        unlink(a->tmp);
    else
        aivm_remove_stale_temps(a->path, cli_now());
    free(a->tmp);
    a->tmp = NULL;
    errno = e;
    return rc;
}

void cli_atomic_abort(cli_atomic *a)
{
    if (a->f)
        fclose(a->f);
    if (a->tmp)
        unlink(a->tmp);
    free(a->tmp);
    a->f = NULL;
    a->tmp = NULL;
}
