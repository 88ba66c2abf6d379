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
 * a newline); TAIL bytes stay held so a command marker is never split. */
#define HOLD_MAX (1u << 20)
#define TAIL 16

static void put_byte(aivm_buf *o, aivm_safe_kind k, unsigned char c)
{
    if (k == AIVM_SAFE_JSON)
        aivm_buf_printf(o, "\\u%04x", c);
    else if (k == AIVM_SAFE_XML) /* XML 1.0 has no reference to a C0 control */
        aivm_buf_puts(o, c < 0x20 || c >= 0x80 ? "&#xfffd;" : c == '#' ? "&#35;" : "&#58;");
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

void aivm_safe_line(aivm_buf *out, const char *line, size_t len, bool line_start,
                    aivm_safe_kind kind, uint32_t flags)
{
    const unsigned char *p = (const unsigned char *)line, *end = p + len;
    size_t ws = 0, n;
    if (line_start) {
        while ((n = unicode_space(p + ws, end)) > 0)
            ws += n;
        if (end - (p + ws) >= 2 && p[ws] == ':' && p[ws + 1] == ':' &&
            !(ws == 0 && (flags & AIVM_SAFE_OWN_COMMANDS))) {
            aivm_buf_put(out, p, ws);
            put_byte(out, kind, ':');
            p += ws + 1;
        }
    }
    while (p < end)
        p += safe_char(out, p, end, kind, flags);
}

void aivm_safe_init(aivm_safe *s, aivm_safe_kind kind, uint32_t flags)
{
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->flags = flags;
}

/* The first `upto` held bytes, made safe, to the sink. */
static int pass_on(aivm_safe *s, size_t upto, aivm_buf_sink sink, void *ctx)
{
    const char *p = s->hold.ptr, *end = p + upto;
    int rc;
    aivm_buf_clear(&s->done);
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        aivm_safe_line(&s->done, p, n, !s->mid_line, s->kind, s->flags);
        s->mid_line = !nl;
        if (nl)
            aivm_buf_put(&s->done, "\n", 1);
        p += n + (nl ? 1 : 0);
    }
    rc = s->done.size ? sink(ctx, s->done.ptr, s->done.size) : 0;
    memmove(s->hold.ptr, s->hold.ptr + upto, s->hold.size - upto);
    s->hold.size -= upto;
    return rc;
}

int aivm_safe_write(aivm_safe *s, const char *data, size_t len, aivm_buf_sink sink, void *ctx)
{
    const char *nl;
    size_t upto = 0;
    aivm_buf_put(&s->hold, data, len);
    for (nl = s->hold.ptr + s->hold.size; nl > s->hold.ptr; nl--)
        if (nl[-1] == '\n') {
            upto = (size_t)(nl - s->hold.ptr);
            break;
        }
    if (!upto && s->hold.size > HOLD_MAX) {
        upto = s->hold.size - TAIL; /* on a character's first byte */
        while (upto > 0 && ((unsigned char)s->hold.ptr[upto] & 0xc0) == 0x80)
            upto--;
    }
    return upto ? pass_on(s, upto, sink, ctx) : 0;
}

int aivm_safe_finish(aivm_safe *s, aivm_buf_sink sink, void *ctx)
{
    return s->hold.size ? pass_on(s, s->hold.size, sink, ctx) : 0;
}

void aivm_safe_dispose(aivm_safe *s)
{
    if (!s)
        return;
    aivm_buf_dispose(&s->hold);
    aivm_buf_dispose(&s->done);
}
