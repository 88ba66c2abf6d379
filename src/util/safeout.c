/*
 * safeout.c - the output-safety layer at the edges (docs/security.md): every
 * byte aivm-advise writes to stdout, to a --output file or to stderr goes
 * through it, whatever the renderer. It knows the CI runners' log commands
 * (GitHub "::cmd" at a line's start after whitespace and "##[cmd" anywhere;
 * Azure Pipelines "##vso[" and "##[" anywhere; TeamCity "##teamcity[";
 * GitLab's section markers need ESC and CR) and the terminal's escapes (C0
 * but tab and newline, ESC sequences, C1 controls raw or as UTF-8, bidi
 * overrides and isolates, bytes that are not UTF-8), and writes each in the
 * escape form of the output's syntax, so what was data stays data.
 */
#include <string.h>

#include "aivm/buf.h"
#include "utf8.h"

/* A line held back longer than this is passed on in part (a huge line without
 * a newline), all but its last TAIL bytes, which the part looks ahead into: a
 * marker (at most 11 bytes) that starts in the part is seen whole. */
#define HOLD_MAX (1u << 20)
#define TAIL 16

static void put_byte(aivm_buf *o, aivm_safe_kind k, unsigned char c)
{
    if (k == AIVM_SAFE_JSON) /* a byte that is not UTF-8 is U+FFFD, never U+0080-U+009F */
        aivm_buf_printf(o, "\\u%04x", c >= 0x80 ? 0xfffd : c);
    else if (k == AIVM_SAFE_XML) /* XML 1.0 has no reference to a C0 control or DEL */
        aivm_buf_puts(o, c == '#' ? "&#35;" : c == ':' ? "&#58;" : "&#xfffd;");
    else
        aivm_buf_printf(o, "\\x%02x", c);
}

static void put_cp(aivm_buf *o, aivm_safe_kind k, unsigned long cp)
{
    if (k == AIVM_SAFE_XML)
        aivm_buf_printf(o, "&#x%lx;", cp);
    else
        aivm_buf_printf(o, "\\u%04lx", cp);
}

static bool bidi_control(unsigned long cp)
{
    return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061c ||
           cp == 0x200e || cp == 0x200f;
}

/* A Unicode space a runner trims before it looks for "::" (.NET Trim). */
static size_t unicode_space(const unsigned char *p, const unsigned char *end)
{
    unsigned long cp = 0;
    size_t n;
    if (p < end && (*p == ' ' || *p == '\t'))
        return 1;
    if (p >= end || *p < 0x80)
        return 0;
    n = aivm_util__utf8_decode(&cp, p, end);
    if (n && (cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 ||
              cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000))
        return n;
    return 0;
}

/* "##" then "[", "vso[" or "teamcity[" (any case): a command anywhere in a line. */
static bool hash_command(const unsigned char *p, const unsigned char *end)
{
    static const char *const tails[] = {"[", "vso[", "teamcity["};
    if (end - p < 3 || p[0] != '#' || p[1] != '#')
        return false;
    for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
        size_t n = strlen(tails[t]);
        size_t i = 0;
        while (i < n && p + 2 + i < end && (p[2 + i] | 0x20) == (tails[t][i] | 0x20))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* ESC [ digits and ';' m: a colour the table renderer chose (AIVM_SAFE_SGR). */
static size_t sgr_length(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *q = p + 2;
    if (end - p < 3 || p[0] != 0x1b || p[1] != '[')
        return 0;
    while (q < end && ((*q >= '0' && *q <= '9') || *q == ';'))
        q++;
    return q < end && *q == 'm' ? (size_t)(q + 1 - p) : 0;
}

/* The character at p (< end) into `o`, made safe; returns the bytes used. */
static size_t safe_char(aivm_buf *o, const unsigned char *p, const unsigned char *end,
                        aivm_safe_kind k, uint32_t flags)
{
    unsigned long cp = 0;
    size_t n;
    if (hash_command(p, end)) {
        put_byte(o, k, '#');
        return 1;
    }
    if (*p == 0x1b && (flags & AIVM_SAFE_SGR) && (n = sgr_length(p, end)) > 0) {
        aivm_buf_put(o, p, n);
        return n;
    }
    if ((*p < 0x20 && *p != '\t') || *p == 0x7f) {
        put_byte(o, k, *p);
        return 1;
    }
    if (*p < 0x80) {
        aivm_buf_put(o, p, 1);
        return 1;
    }
    n = aivm_util__utf8_decode(&cp, p, end);
    if (!n) { /* not UTF-8: a raw C1 byte (0x9b is CSI) or worse */
        put_byte(o, k, *p);
        return 1;
    }
    if ((cp >= 0x80 && cp <= 0x9f) || bidi_control(cp))
        put_cp(o, k, cp);
    else
        aivm_buf_put(o, p, n);
    return n;
}

/* [p, stop) of one line (no newline), made safe into `o`, looking ahead to `end`
 * (>= stop): a marker or character that starts before `stop` is seen and taken
 * whole. `*start` is true while the line so far is only whitespace (then "::"
 * is a command), `*ws` once some whitespace was seen (a "::" at column 0 may be
 * the renderer's own). Returns the bytes taken (stop - p, or a little more). */
static size_t safe_run(aivm_buf *o, const unsigned char *p, const unsigned char *stop,
                       const unsigned char *end, bool *start, bool *ws, aivm_safe_kind k,
                       uint32_t flags)
{
    const unsigned char *q = p;
    size_t n;
    while (q < stop) {
        if (*start) {
            n = unicode_space(q, end);
            if (n) {
                aivm_buf_put(o, q, n);
                q += n;
                *ws = true;
                continue;
            }
            *start = false;
            if (end - q >= 2 && q[0] == ':' && q[1] == ':' &&
                (*ws || !(flags & AIVM_SAFE_OWN_COMMANDS))) {
                put_byte(o, k, ':');
                q++;
                continue;
            }
        }
        /* printable ASCII but '#' (where "##" markers start), and tab: safe as
         * it is, copied as one run */
        n = 0;
        while (q + n < stop && ((q[n] >= 0x20 && q[n] < 0x7f && q[n] != '#') || q[n] == '\t'))
            n++;
        if (n > 0) {
            aivm_buf_put(o, q, n);
            q += n;
            continue;
        }
        q += safe_char(o, q, end, k, flags);
    }
    return (size_t)(q - p);
}

void aivm_safe_line(aivm_buf *out, const char *line, size_t len, bool line_start,
                    aivm_safe_kind kind, uint32_t flags)
{
    const unsigned char *p = (const unsigned char *)line;
    bool ws = false;
    safe_run(out, p, p + len, p + len, &line_start, &ws, kind, flags);
}

void aivm_safe_init(aivm_safe *s, aivm_safe_kind kind, uint32_t flags)
{
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->flags = flags;
}

/* The held lines up to `upto` (just past a newline, or the whole hold), made
 * safe, to the sink; with `partial`, also the unfinished line up to `upto`,
 * looking ahead to the end of the hold so no marker is split (HOLD_MAX). */
static int pass_on(aivm_safe *s, size_t upto, bool partial, aivm_buf_sink sink, void *ctx)
{
    const unsigned char *base = (const unsigned char *)s->hold.ptr, *p = base, *end = base + upto;
    const unsigned char *held = base + s->hold.size;
    bool start = !s->mid_line;
    size_t taken;
    int rc;
    aivm_buf_clear(&s->done);
    while (p < end) {
        const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
        const unsigned char *look = nl ? nl : end;
        if (!nl && partial)
            look = held; /* the cut of a huge line: see past it into the held tail */
        p += safe_run(&s->done, p, nl ? nl : end, look, &start, &s->ws_seen, s->kind, s->flags);
        if (nl) {
            aivm_buf_put(&s->done, "\n", 1);
            p = nl + 1;
            start = true;
            s->ws_seen = false;
        }
    }
    s->mid_line = !start;
    taken = (size_t)(p - base);
    rc = s->done.size ? sink(ctx, s->done.ptr, s->done.size) : 0;
    memmove(s->hold.ptr, s->hold.ptr + taken, s->hold.size - taken);
    s->hold.size -= taken;
    return rc;
}

int aivm_safe_write(aivm_safe *s, const char *data, size_t len, aivm_buf_sink sink, void *ctx)
{
    const char *nl = NULL;
    size_t before = s->hold.size;
    for (size_t i = len; i > 0 && !nl; i--) /* the last newline: only the new bytes can hold it */
        if (data[i - 1] == '\n')
            nl = data + i - 1;
    aivm_buf_put(&s->hold, data, len);
    if (nl) /* complete lines: up to the last newline, which is in the new bytes */
        return pass_on(s, before + (size_t)(nl - data) + 1, false, sink, ctx);
    if (s->hold.size > HOLD_MAX) /* a huge line: all but its last TAIL bytes */
        return pass_on(s, s->hold.size - TAIL, true, sink, ctx);
    return 0;
}

int aivm_safe_finish(aivm_safe *s, aivm_buf_sink sink, void *ctx)
{
    return s->hold.size ? pass_on(s, s->hold.size, false, sink, ctx) : 0;
}

void aivm_safe_dispose(aivm_safe *s)
{
    if (!s)
        return;
    aivm_buf_dispose(&s->hold);
    aivm_buf_dispose(&s->done);
}
