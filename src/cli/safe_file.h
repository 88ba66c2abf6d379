/* safe_file.h - every file the CLI writes for the user (check --output,
 * recommend -o, --emit ... -o) goes through here: a target that is an input
 * of the run or not a regular file is refused, every byte passes the
 * output-safety layer as standard output's do, and the file is written
 * whole or not at all (atomic.c). */
#ifndef AIVM_CLI_SAFE_FILE_H
#define AIVM_CLI_SAFE_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include "aivm/buf.h"
#include "atomic.h"

/** A file being written by cli_safe_file_open()/cli_safe_file_close(). */
typedef struct {
    cli_atomic a;
    aivm_safe safe;
    bool started;   /* the layer knows its kind (from the first byte) */
    uint32_t flags; /* AIVM_SAFE_* of aivm_safe_init() */
    int err;        /* errno of the first failed write */
} cli_safe_file;

/** Note `path` as an input of this run (copied): no output may replace it.
 *  NULL and "-" (stdin) are ignored. */
void cli_safe_file_input(const char *path);

/** Whether `a` and `b` name one file: the same inode (a hard link), or the
 *  same name once their directories are resolved ("./a", "x/../a"). */
bool cli_same_file(const char *a, const char *b);

/** Whether `path` may be written: not one of the inputs noted (by
 *  cli_same_file()). Returns 0, or CLI_EXIT_INTERNAL (5) after one line
 *  naming both. */
int cli_safe_file_allowed(const char *path);

/**
 * Open `path` to be written: refused as cli_safe_file_allowed() refuses, or
 * when it exists and is not a regular file (a device, link, FIFO,
 * directory); else its temp file is created beside it and `out` streams into
 * it through the output-safety layer (its kind from the first byte, `flags`
 * as aivm_safe_init() takes them). Returns 0, or CLI_EXIT_INTERNAL (5) after
 * one line naming `path` (nothing is left on disk).
 */
int cli_safe_file_open(cli_safe_file *f, aivm_buf *out, const char *path, uint32_t flags);

/**
 * Finish what cli_safe_file_open() started: with `rc` 0, flush `out`, pass
 * on what the layer holds and rename the temp file over the path; else (or
 * when that fails) remove the temp file and leave the path as it was.
 * Disposes `out` and `f`. Returns `rc`, or CLI_EXIT_INTERNAL (5) after one
 * line naming the path when it could not be written.
 */
int cli_safe_file_close(cli_safe_file *f, aivm_buf *out, int rc);

/** Free the inputs noted (registered with atexit() by the first one). */
void cli_safe_file_dispose(void);

#endif
