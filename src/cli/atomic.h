/* atomic.h - a file written whole or not at all: a temp file beside it,
 * fsync, rename (for --output). */
#ifndef AIVM_CLI_ATOMIC_H
#define AIVM_CLI_ATOMIC_H

#include <stdio.h>

typedef struct {
    const char *path;    /* borrowed */
    char *tmp;           /* owned: "<path>.tmp.XXXXXX" */
    FILE *f;             /* the temp file, open for writing */
    const char *refused; /* why `path` is not ours to replace ("a FIFO"), or NULL */
} cli_atomic;

/**
 * Create the temp file of `path` in the same directory, with the mode of the
 * file at `path` when there is one, else 0666 less the umask (as a plain
 * write would give). A `path` that exists and is not a regular file (a
 * device, a symbolic link, a FIFO, a directory) is refused: -1 with
 * `a->refused` saying what it is. Returns 0, or -1 with errno set (no file
 * is left).
 */
int cli_atomic_open(cli_atomic *a, const char *path);

/**
 * Flush, fsync and close the temp file and rename it over `path`; then remove
 * temp files of ours for `path` that are older than ten minutes (a killed
 * run's). Returns 0, or -1 with errno set: the temp file is then removed and
 * `path` is as it was. Either way `a` is disposed.
 */
int cli_atomic_commit(cli_atomic *a);

/** Give up: close and remove the temp file. Accepts a never-opened `a`. */
void cli_atomic_abort(cli_atomic *a);

#endif
