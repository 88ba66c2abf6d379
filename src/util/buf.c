/*
 * buf.c - the growable byte buffer every renderer appends to, and whole-file
 * reading with a size cap.
 */
#include "aivm/buf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/util.h"

#define DEFAULT_CAP ((size_t)256 << 20)

static void hand_over(aivm_buf *b)
{
    if (b->size && b->sink(b->sink_ctx, b->ptr, b->size) != 0)
        b->sink_failed = 1;
    b->size = 0;
    b->ptr[0] = '\0';
}

static int grow(aivm_buf *b, size_t extra)
{
    size_t cap = b->cap ? b->cap : DEFAULT_CAP;
    size_t need;
    if (b->sink && b->ptr && b->size + extra + 1 > b->asize)
        hand_over(b); /* streaming: empty the buffer before growing it */
    if (extra > cap || b->size > cap - extra) {
        b->overflow = 1;
        return AIVM_ELIMIT;
    }
    need = b->size + extra + 1;
    if (need > b->asize) {
        size_t n = b->asize ? b->asize : 64;
        while (n < need)
            n = n / 2 * 3 + 1;
        if (n > cap + 1) /* never room past the cap: aivm_buf_put's fast path would use it */
            n = cap + 1;
        b->ptr = aivm_xrealloc(b->ptr, n);
        b->asize = n;
    }
    return 0;
}

int aivm_buf_put(aivm_buf *b, const void *data, size_t len)
{
    int rc;
    if (b->ptr && len < b->asize - b->size) { /* room for the bytes and the NUL */
        memcpy(b->ptr + b->size, data, len);
        b->size += len;
        b->ptr[b->size] = '\0';
        return 0;
    }
    rc = grow(b, len);
    if (rc < 0)
        return rc;
    if (len)
        memcpy(b->ptr + b->size, data, len);
    b->size += len;
    b->ptr[b->size] = '\0';
    return 0;
}

int aivm_buf_reserve(aivm_buf *b, size_t len)
{
    if (b->ptr && len < b->asize - b->size)
        return 0;
    return grow(b, len);
}

int aivm_buf_put_pct(aivm_buf *b, const char *s, const char *keep)
{
    static const char hex[] = "0123456789ABCDEF";
    int rc = 0;
    for (; *s && rc == 0; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~' || (keep && strchr(keep, c))) {
            rc = aivm_buf_put(b, s, 1);
        } else {
            char e[3] = {'%', hex[c >> 4], hex[c & 15]};
            rc = aivm_buf_put(b, e, 3);
        }
    }
    return rc;
}

int aivm_buf_puts(aivm_buf *b, const char *s)
{
    return aivm_buf_put(b, s, strlen(s));
}

int aivm_buf_vprintf(aivm_buf *b, const char *fmt, va_list ap)
{
    va_list cp;
    int n;
    int rc;
    va_copy(cp, ap);
    n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        return AIVM_ERROR;
    rc = grow(b, (size_t)n);
    if (rc < 0)
        return rc;
    vsnprintf(b->ptr + b->size, (size_t)n + 1, fmt, ap);
    b->size += (size_t)n;
    return 0;
}

int aivm_buf_printf(aivm_buf *b, const char *fmt, ...)
{
    va_list ap;
    int rc;
    va_start(ap, fmt);
    rc = aivm_buf_vprintf(b, fmt, ap);
    va_end(ap);
    return rc;
}

void aivm_buf_set_sink(aivm_buf *b, aivm_buf_sink sink, void *ctx, size_t chunk)
{
    b->sink = sink;
    b->sink_ctx = ctx;
    if (chunk && grow(b, chunk) == 0 && b->size == 0)
        b->ptr[0] = '\0';
}

int aivm_buf_flush(aivm_buf *b)
{
    if (b->sink && b->ptr)
        hand_over(b);
    return b->sink_failed ? AIVM_EIO : 0;
}

void aivm_buf_clear(aivm_buf *b)
{
    b->size = 0;
    b->overflow = 0;
    if (b->ptr)
        b->ptr[0] = '\0';
}

void aivm_buf_dispose(aivm_buf *b)
{
    if (!b)
        return;
    free(b->ptr);
    *b = (aivm_buf)AIVM_BUF_INIT;
}

char *aivm_buf_detach(aivm_buf *b)
{
    char *p = b->ptr ? b->ptr : aivm_xstrdup("");
    b->ptr = NULL;
    b->size = b->asize = 0;
    b->overflow = 0;
    return p;
}

/* Open `path` for reading if it is a regular file: a FIFO or a device would
 * block or never end. Opened non-blocking (a FIFO's open returns at once),
 * checked with fstat on the same descriptor, then made blocking again. */
static FILE *open_regular(const char *path, aivm_error *err, int *rc)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), flags;
    FILE *f;
    if (fd < 0) {
        int e = errno;
        *rc = aivm_error_set(err, e == ENOENT ? AIVM_ENOTFOUND : AIVM_EIO, NULL,
                             "cannot open '%s': %s", path, strerror(e));
        if (err)
            err->sys_errno = e;
        return NULL;
    }
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        *rc = aivm_error_set(err, AIVM_EIO, NULL, "'%s' is not a regular file", path);
        return NULL;
    }
    flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        *rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot open '%s': %s", path, strerror(errno));
    }
    return f;
}

int aivm_buf_read_file(aivm_buf *out, const char *path, size_t max, aivm_error *err)
{
    FILE *f = NULL;
    char chunk[65536];
    size_t n;
    int rc = 0;
    int is_stdin = strcmp(path, "-") == 0;
    size_t saved_cap = out->cap;
    aivm_buf_clear(out);
    out->cap = max ? max : (size_t)64 << 20;
    if (out->asize > out->cap + 1 && !out->sink) { /* room past the cap: the cap would not hold */
        free(out->ptr);
        out->ptr = NULL;
        out->asize = 0;
    }
    f = is_stdin ? stdin : open_regular(path, err, &rc);
    if (!f) {
        if (is_stdin) {
            rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot read standard input");
        }
        goto done;
    }
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (aivm_buf_put(out, chunk, n) < 0) {
            rc = aivm_error_set(err, AIVM_ELIMIT, NULL, "'%s' is larger than %zu bytes", path,
                                out->cap);
            goto done;
        }
    }
    if (ferror(f)) {
        int e = errno;
        rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot read '%s': %s", path, strerror(e));
        goto done;
    }
    if (!out->ptr)
        aivm_buf_put(out, "", 0);
done:
    if (f && !is_stdin)
        fclose(f);
    out->cap = saved_cap;
    return rc;
}
