/*
 * aivm/error.h - status codes, source locations and the error record.
 *
 * Every fallible function of libaivm returns 0 (AIVM_OK) or a negative
 * aivm_status and, when its `err` argument is non-NULL, fills it with a
 * one-line message and, where known, the file position it concerns.
 */
#ifndef AIVM_ERROR_H
#define AIVM_ERROR_H

#include <stdbool.h>

#if defined(__GNUC__) || defined(__clang__)
#define AIVM_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define AIVM_PRINTF(fmt, args)
#endif

typedef enum {
    AIVM_OK = 0,
    AIVM_ERROR = -1,     /* unexpected or internal; the message says what */
    AIVM_ENOTFOUND = -2, /* file, id or key absent */
    AIVM_ESYNTAX = -3,   /* malformed YAML or JSON */
    AIVM_EINVALID = -4,  /* well-formed but violates the schema */
    AIVM_EIO = -5,       /* read/write failure; sys_errno set */
    AIVM_ENET = -6,      /* transport failure */
    AIVM_EHTTP = -7,     /* non-2xx HTTP status; http_status set */
    AIVM_ELIMIT = -8     /* size, depth, alias or time limit exceeded */
} aivm_status;

/** A 1-based position in a named input; line 0 means unknown. `file` is
 *  borrowed from whatever document produced it. */
typedef struct {
    const char *file;
    unsigned line, col;
} aivm_loc;

/** The error record. Everything is copied in, so it outlives the object
 *  whose failure it describes. */
typedef struct {
    aivm_status code;
    char file[256];
    unsigned line, col;
    int sys_errno;
    long http_status;
    char msg[256];   /* one line, no prefix, no trailing '.' or newline */
    bool no_excerpt; /* the position is not to be quoted: what is there may be a secret (a
                        file that is one scalar, given where a document was expected) */
} aivm_error;

#define AIVM_ERROR_INIT                                                                            \
    {                                                                                              \
        AIVM_OK, {0}, 0, 0, 0, 0, {0}, false                                                       \
    }

/**
 * Fill `err` (if non-NULL) with `code`, the position `loc` (may be NULL)
 * and a printf-formatted message. Returns `code`, so callers can write
 * `return aivm_error_set(err, AIVM_EINVALID, &loc, "...")`.
 */
int aivm_error_set(aivm_error *err, aivm_status code, const aivm_loc *loc, const char *fmt, ...)
    AIVM_PRINTF(4, 5);

#endif
