/*
 * aivm/buf.h - a growable, NUL-terminated byte buffer with a size cap.
 *
 * Renderers append to an aivm_buf; the caller owns it and releases it
 * with aivm_buf_dispose(). Out of memory aborts the process (see xalloc).
 *
 * A buffer may have a sink (aivm_buf_set_sink): when an append does not fit
 * the memory the buffer has, what it holds is handed to the sink and the
 * buffer starts again from empty, so a long report streams through a small
 * buffer (the caller ends with aivm_buf_flush). Without a sink the buffer
 * holds everything appended.
 */
#ifndef AIVM_BUF_H
#define AIVM_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aivm/error.h"

/** Takes `len` bytes a buffer hands over; returns 0, or nonzero when it failed
 *  (the buffer then remembers it in `sink_failed` and goes on). */
typedef int (*aivm_buf_sink)(void *ctx, const char *data, size_t len);

typedef struct {
    char *ptr;   /* always NUL-terminated once anything was appended; NULL before */
    size_t size; /* bytes used, without the NUL */
    size_t asize;
    size_t cap;         /* 0 = default cap (256 MiB) */
    int overflow;       /* sticky: set once an append did not fit the cap, so a renderer that
                         * appends many pieces checks once at the end, never returns a cut text */
    aivm_buf_sink sink; /* NULL: keep everything */
    void *sink_ctx;
    int sink_failed; /* sticky: the sink reported a failure */
} aivm_buf;

#define AIVM_BUF_INIT                                                                              \
    {                                                                                              \
        NULL, 0, 0, 0, 0, NULL, NULL, 0                                                            \
    }

/**
 * Stream through `sink`: keep at most about `chunk` bytes (more only for a
 * single larger append) and hand them over when the next append does not fit.
 */
void aivm_buf_set_sink(aivm_buf *b, aivm_buf_sink sink, void *ctx, size_t chunk);
/** Hand what the buffer holds to its sink (nothing without one). Returns 0, or
 *  AIVM_EIO when the sink failed now or before. */
int aivm_buf_flush(aivm_buf *b);

/** Append `len` bytes. Returns 0, or AIVM_ELIMIT when the cap would be passed. */
int aivm_buf_put(aivm_buf *b, const void *data, size_t len);
/**
 * Make room for `len` more bytes and the NUL without appending anything, so a
 * writer can fill b->ptr + b->size directly and add to b->size. Returns 0, or
 * AIVM_ELIMIT (and sets `overflow`) when the cap would be passed.
 */
int aivm_buf_reserve(aivm_buf *b, size_t len);
/** Append a NUL-terminated string. Same returns as aivm_buf_put. */
int aivm_buf_puts(aivm_buf *b, const char *s);
/**
 * Append `s` percent-encoded (RFC 3986): the unreserved characters
 * (A-Z a-z 0-9 - . _ ~) and those in `keep` (e.g. "/" for a URI path; may be
 * NULL) stay, every other byte becomes %XX. Same returns as aivm_buf_put.
 */
int aivm_buf_put_pct(aivm_buf *b, const char *s, const char *keep);
/** Append printf-formatted text. Same returns as aivm_buf_put. */
int aivm_buf_printf(aivm_buf *b, const char *fmt, ...) AIVM_PRINTF(2, 3);
/** va_list form of aivm_buf_printf. */
int aivm_buf_vprintf(aivm_buf *b, const char *fmt, va_list ap) AIVM_PRINTF(2, 0);
/** Forget the contents but keep the memory. */
void aivm_buf_clear(aivm_buf *b);
/** Release the memory; the buffer is AIVM_BUF_INIT afterwards. Accepts NULL. */
void aivm_buf_dispose(aivm_buf *b);
/** Take the bytes out of `b` (caller frees with free()); `b` is reset. Never NULL. */
char *aivm_buf_detach(aivm_buf *b);

/**
 * Read a whole file into `out` (reset first). `max` caps the size (0: 64 MiB).
 * Returns 0, AIVM_ENOTFOUND (no such file), AIVM_EIO or AIVM_ELIMIT.
 * A path of "-" reads standard input.
 */
int aivm_buf_read_file(aivm_buf *out, const char *path, size_t max, aivm_error *err);

/* ---- the output-safety layer (safeout.c, docs/security.md): every byte the
 * CLI writes to stdout, a --output file or stderr passes it */

/** The escape syntax of an output: which form a neutralised byte takes. */
typedef enum {
    AIVM_SAFE_TEXT, /* text, table, Markdown, CSV, YAML, GitHub annotations: \x1b, \u202e, \x23 */
    AIVM_SAFE_JSON, /* JSON, SARIF (inside strings, the only place these can be): \u0023 */
    AIVM_SAFE_XML,  /* JUnit, HTML: &#35;, &#x202e;, &#xfffd; for C0 */
} aivm_safe_kind;

/** A line that begins with "::" (no whitespace before) is the renderer's own
 *  GitHub workflow command (--format github): kept. Others are neutralised. */
#define AIVM_SAFE_OWN_COMMANDS (1u << 0)
/** ESC [ digits ; m (a colour only) is the table renderer's: kept. */
#define AIVM_SAFE_SGR (1u << 1)

/** A stream filter's state; zero it with aivm_safe_init(). */
typedef struct {
    aivm_safe_kind kind;
    uint32_t flags;
    bool mid_line; /* the line passed on so far holds more than whitespace */
    bool ws_seen;  /* ... and began with whitespace (a "::" after it is no own command) */
    aivm_buf hold; /* the unfinished line */
    aivm_buf done; /* scratch: what goes to the sink */
} aivm_safe;

/**
 * Append `len` bytes of one line (no newline in them) to `out`, made safe:
 * "::" after the line's leading whitespace (ASCII or Unicode spaces, which
 * GitHub's runner trims) when `line_start`; "##[", "##vso[", "##teamcity["
 * anywhere (any case); C0 controls but tab, DEL, C1 controls (raw or U+0080-
 * U+009F), bidi overrides, isolates and marks (U+202A-202E, U+2066-2069,
 * U+061C, U+200E, U+200F) and bytes that are not UTF-8, each in `kind`'s
 * escape form. Only the first character of a command marker changes.
 */
void aivm_safe_line(aivm_buf *out, const char *line, size_t len, bool line_start,
                    aivm_safe_kind kind, uint32_t flags);
/** Start a stream filter of `kind` with AIVM_SAFE_* `flags`; dispose with
 *  aivm_safe_dispose(). */
void aivm_safe_init(aivm_safe *s, aivm_safe_kind kind, uint32_t flags);
/**
 * Filter `len` bytes of a stream: complete lines go to `sink` made safe
 * (aivm_safe_line); an unfinished line is held (past 1 MiB all but its last
 * 16 bytes go on, looking ahead into them, so a marker or a line's leading
 * whitespace split there is still seen). Returns 0, or the sink's nonzero result.
 */
int aivm_safe_write(aivm_safe *s, const char *data, size_t len, aivm_buf_sink sink, void *ctx);
/** Pass on what is held (a last line without a newline). Returns as aivm_safe_write. */
int aivm_safe_finish(aivm_safe *s, aivm_buf_sink sink, void *ctx);
/** Free what the filter holds. Accepts NULL. */
void aivm_safe_dispose(aivm_safe *s);

#endif
