/*
 * json_scan.c - a strict JSON pull scanner (RFC 8259) for the price parser:
 * walks a byte range without building a tree, decodes only the strings and
 * numbers the caller asks for, and checks everything it skips (escapes, \u
 * surrogate pairs, control characters, number grammar, nesting depth). Not
 * NUL-terminated input is fine: every read is bounded by `end`.
 */
#include "json_scan.h"
#include "utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"

bool aivm_json__fail(aivm_json *j)
{
    if (!j->failed) {
        j->failed = true;
        j->err_off = (size_t)(j->p - j->buf);
    }
    return false;
}

void aivm_json__init(aivm_json *j, const char *buf, size_t len)
{
    memset(j, 0, sizeof *j);
    j->buf = j->p = buf;
    j->end = buf + len;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        j->p += 3;
}

static void skip_ws(aivm_json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
        j->p++;
}

int aivm_json__peek(aivm_json *j)
{
    if (j->failed)
        return -1;
    skip_ws(j);
    return j->p < j->end ? (unsigned char)*j->p : -1;
}

bool aivm_json__at_end(aivm_json *j)
{
    return !j->failed && aivm_json__peek(j) == -1;
}

bool aivm_json__begin(aivm_json *j, char open)
{
    if (aivm_json__peek(j) != (unsigned char)open)
        return aivm_json__fail(j);
    if (j->depth >= AIVM_JSON_MAX_DEPTH) {
        j->too_deep = true;
        return aivm_json__fail(j);
    }
    j->depth++;
    j->p++;
    return true;
}

/* Shared by member and element: ',' or the closing byte after a value. */
static bool next_item(aivm_json *j, bool *first, char close)
{
    int c = aivm_json__peek(j);
    if (c == (unsigned char)close && !j->failed) {
        j->p++;
        j->depth--;
        return false;
    }
    if (!*first) {
        if (c != ',')
            return aivm_json__fail(j);
        j->p++;
        c = aivm_json__peek(j);
        if (c == (unsigned char)close) /* trailing comma */
            return aivm_json__fail(j);
    }
    *first = false;
    return c != -1 || aivm_json__fail(j);
}

bool aivm_json__member(aivm_json *j, bool *first, aivm_buf *key)
{
    if (!next_item(j, first, '}'))
        return false;
    if (key)
        aivm_buf_clear(key);
    if (aivm_json__peek(j) != '"' || !aivm_json__string(j, key))
        return aivm_json__fail(j);
    if (aivm_json__peek(j) != ':')
        return aivm_json__fail(j);
    j->p++;
    return true;
}

bool aivm_json__element(aivm_json *j, bool *first)
{
    return next_item(j, first, ']');
}

/* A \uXXXX escape (surrogate pairs joined) at j->p (after the backslash and
 * 'u'), as UTF-8 into `out` when not NULL. */
static bool unicode_escape(aivm_json *j, aivm_buf *out)
{
    long cp = j->end - j->p < 4 ? -1 : aivm_util__hex4(j->p);
    char u[4];
    if (cp < 0)
        return aivm_json__fail(j);
    j->p += 4;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        return aivm_json__fail(j); /* a low surrogate alone */
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        bool pair = j->end - j->p >= 6 && j->p[0] == '\\' && j->p[1] == 'u';
        long lo = pair ? aivm_util__hex4(j->p + 2) : -1;
        if (lo < 0xDC00 || lo > 0xDFFF)
            return aivm_json__fail(j);
        j->p += 6;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (out)
        aivm_buf_put(out, u, aivm_util__utf8_encode(u, (unsigned long)cp));
    return true;
}

static bool escape(aivm_json *j, aivm_buf *out)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *hit;
    char c;
    if (j->p >= j->end)
        return aivm_json__fail(j);
    c = *j->p++;
    if (c == 'u')
        return unicode_escape(j, out);
    hit = c ? strchr(from, c) : NULL;
    if (!hit) {
        j->p--;
        return aivm_json__fail(j);
    }
    if (out)
        aivm_buf_put(out, &to[hit - from], 1);
    return true;
}

/* Bytes at p that need no attention in a string: printable ASCII other than
 * '"' and '\\'. Eight at a time (the bit tricks flag a byte below 0x20, equal
 * to '"' or '\\', or with the top bit set), then one by one. */
static const char *plain_run(const char *p, const char *end)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    while (end - p >= 8) {
        uint64_t w, q, b;
        memcpy(&w, p, 8);
        q = w ^ (ones * '"');
        b = w ^ (ones * '\\');
        uint64_t hit = ((w - ones * 0x20) | (q - ones) | (b - ones) | w) & high;
        if (hit) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            /* the lowest flagged byte is exact (a false flag only follows a true one) */
            hit = ((w - ones * 0x20) & ~w) | ((q - ones) & ~q) | ((b - ones) & ~b) | w;
            return p + (__builtin_ctzll(hit & high) >> 3);
#else
            break;
#endif
        }
        p += 8;
    }
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
            break;
        p++;
    }
    return p;
}

bool aivm_json__string(aivm_json *j, aivm_buf *out)
{
    const char *run;
    if (aivm_json__peek(j) != '"')
        return aivm_json__fail(j);
    j->p++;
    if (out && !out->ptr)
        aivm_buf_put(out, "", 0); /* so an empty string still has storage */
    run = j->p;
    while ((j->p = plain_run(j->p, j->end)) < j->end) {
        unsigned char c = (unsigned char)*j->p;
        if (c >= 0x80) {
            unsigned long cp;
            size_t n = aivm_util__utf8_decode(&cp, (const unsigned char *)j->p,
                                              (const unsigned char *)j->end);
            if (!n)
                return aivm_json__fail(j);
            j->p += n;
            continue;
        }
        if (out && j->p > run)
            aivm_buf_put(out, run, (size_t)(j->p - run));
        if (c == '"') {
            j->p++;
            return true;
        }
        if (c < 0x20) /* raw control characters must be escaped */
            return aivm_json__fail(j);
        j->p++;
        if (!escape(j, out))
            return false;
        run = j->p;
    }
    return aivm_json__fail(j);
}

static bool digits(aivm_json *j)
{
    const char *s = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
        j->p++;
    return j->p > s;
}

/* A checked number without exponent and with at most 15 digits is exact as
 * an integer over a power of ten, and one IEEE division rounds it correctly
 * (the same double strtod gives). Others go to strtod. */
static bool fast_decimal(double *out, const char *s, size_t n)
{
    static const double pow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    const char *p = s, *e = s + n;
    uint64_t m = 0;
    int ndig = 0, frac = -1;
    bool neg = *p == '-';
    for (p += neg; p < e; p++) {
        if (*p == '.') {
            frac = 0;
            continue;
        }
        if (*p < '0' || *p > '9' || ++ndig > 15)
            return false;
        m = m * 10 + (uint64_t)(*p - '0');
        frac += frac >= 0;
    }
    *out = (double)m / pow10[frac > 0 ? frac : 0];
    if (neg)
        *out = -*out;
    return true;
}

bool aivm_json__number(aivm_json *j, double *out)
{
    const char *s;
    char small[64], *text = small, *endp = NULL;
    size_t n;
    if (aivm_json__peek(j) == -1)
        return aivm_json__fail(j);
    s = j->p;
    if (*j->p == '-')
        j->p++;
    if (j->p < j->end && *j->p == '0')
        j->p++;
    else if (!digits(j))
        return aivm_json__fail(j);
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        if (!digits(j))
            return aivm_json__fail(j);
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
            j->p++;
        if (!digits(j))
            return aivm_json__fail(j);
    }
    if (!out)
        return true;
    n = (size_t)(j->p - s);
    if (fast_decimal(out, s, n))
        return true;
    if (n >= sizeof small)
        text = aivm_xmalloc(n + 1);
    memcpy(text, s, n);
    text[n] = '\0';
    *out = strtod(text, &endp); /* the grammar is checked above; C locale */
    if (text != small)
        free(text);
    return true;
}

static bool literal(aivm_json *j, const char *word, size_t n)
{
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
        return aivm_json__fail(j);
    j->p += n;
    return true;
}

bool aivm_json__skip(aivm_json *j)
{
    bool first = true;
    switch (aivm_json__peek(j)) {
    case '"':
        return aivm_json__string(j, NULL);
    case '{':
        if (!aivm_json__begin(j, '{'))
            return false;
        while (aivm_json__member(j, &first, NULL))
            if (!aivm_json__skip(j))
                return false;
        return !j->failed;
    case '[':
        if (!aivm_json__begin(j, '['))
            return false;
        while (aivm_json__element(j, &first))
            if (!aivm_json__skip(j))
                return false;
        return !j->failed;
    case 't':
        return literal(j, "true", 4);
    case 'f':
        return literal(j, "false", 5);
    case 'n':
        return literal(j, "null", 4);
    default:
        return aivm_json__number(j, NULL);
    }
}
