/*
 * jsonw.c - streaming JSON writer with cJSON_Print()'s exact formatting
 * (see jsonw.h): objects open with "{\n", each member on its own line
 * indented by tabs as "key":<TAB>value, arrays inline with ", ", numbers as
 * cJSON 1.7.15 prints them (%1.15g, or %1.17g when that does not read back),
 * strings escaped as cJSON escapes them.
 */
#include "jsonw.h"
#include "aivm/libs.h"
#include "utf8.h"

#include <cjson/cJSON.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The writer appends many short pieces: copy them in place when they fit,
 * and let put() grow the buffer otherwise. */
static inline void put(aivm_buf *b, const void *data, size_t len)
{
    if (b->ptr && len < b->asize - b->size) {
        memcpy(b->ptr + b->size, data, len);
        b->size += len;
        b->ptr[b->size] = '\0';
    } else {
        aivm_buf_put(b, data, len);
    }
}

void aivm_jw_init(aivm_jw *w, aivm_buf *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
}

static void tabs(aivm_jw *w, unsigned n)
{
    static const char t[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
    while (n > 0) {
        unsigned k = n < 16 ? n : 16;
        put(w->out, t, k);
        n -= k;
    }
}

#ifndef __SSE2__
/* 1 for the bytes a JSON string can hold as they are (all but control
 * bytes, quote, backslash and the terminating NUL), 0 for bytes past 0x7f
 * too: a sequence is checked before it is copied (string_escaped). */
/* clang-format off */
static const unsigned char plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};
/* clang-format on */
#endif

/* Index of the first byte of s[0..n) that needs escaping, or n. With SSE2
 * (every x86-64) sixteen bytes at a time: a byte needs escaping when it is a
 * quote, a backslash or at most 0x1f, and a byte past 0x7f a look (C1
 * controls, noncharacters and bytes that are not UTF-8 are escaped). */
static size_t plain_run(const unsigned char *s, size_t n)
{
    size_t i = 0;
#ifdef __SSE2__
    const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
    const __m128i ctl = _mm_set1_epi8(0x1f);
    unsigned mask;
#define ESCAPES(v)                                                                                 \
    ((unsigned)_mm_movemask_epi8(                                                                  \
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)),            \
                     _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(v, ctl), v), v))))
    if (n < 16) { /* a short string, padded with quotes past its end */
        unsigned char pad[16];
        memset(pad, '"', sizeof pad);
        memcpy(pad, s, n);
        mask = ESCAPES(_mm_loadu_si128((const __m128i *)(const void *)pad));
        return (size_t)__builtin_ctz(mask | 1u << n);
    }
    for (; i + 16 <= n; i += 16) {
        mask = ESCAPES(_mm_loadu_si128((const __m128i *)(const void *)(s + i)));
        if (mask)
            return i + (size_t)__builtin_ctz(mask);
    }
    if (i < n) { /* the last 16 bytes, overlapping bytes already found plain */
        mask = ESCAPES(_mm_loadu_si128((const __m128i *)(const void *)(s + n - 16)));
        return mask ? n - 16 + (size_t)__builtin_ctz(mask) : n;
    }
    return n;
#undef ESCAPES
#else
    while (i + 4 <= n && (plain[s[i]] & plain[s[i + 1]] & plain[s[i + 2]] & plain[s[i + 3]]))
        i += 4;
    while (i < n && plain[s[i]])
        i++;
    return i;
#endif
}

/* A string with escapes, a piece at a time. */
static void string_escaped(aivm_buf *b, const unsigned char *p, size_t n)
{
    put(b, "\"", 1);
    for (;;) {
        size_t k = plain_run(p, n), len = 1;
        unsigned long cp = 0;
        const char *esc;
        char u[8];
        put(b, p, k);
        if (k == n)
            break;
        switch (p[k]) {
        case '"':
            esc = "\\\"";
            break;
        case '\\':
            esc = "\\\\";
            break;
        case '\b':
            esc = "\\b";
            break;
        case '\f':
            esc = "\\f";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\t':
            esc = "\\t";
            break;
        default:
            if (p[k] >= 0x80 && (len = aivm_util__utf8_decode(&cp, p + k, p + n)) > 0 &&
                !aivm_util__unprintable(cp)) {
                put(b, p + k, len); /* a character: as it is */
                p += k + len;
                n -= k + len;
                continue;
            }
            /* a control (C0, C1), a noncharacter as \u, a byte that is not UTF-8 as U+FFFD */
            snprintf(u, sizeof u, "\\u%04lx",
                     p[k] < 0x80           ? p[k]
                     : len && cp <= 0xFFFF ? cp
                                           : 0xFFFDul);
            esc = u;
            len = len ? len : 1;
        }
        aivm_buf_puts(b, esc);
        p += k + len;
        n -= k + len;
    }
    put(b, "\"", 1);
}

/* Most strings need no escape: scan once, then copy them whole with their
 * quotes. `pre` (may be NULL) is written before the opening quote and `post`
 * after the closing one, in the same copy. */
static void string_with(aivm_buf *b, const char *pre, size_t npre, const char *s, const char *post,
                        size_t npost)
{
    size_t n = strlen(s), need;
    char *d;
    need = npre + n + 2 + npost;
    if (plain_run((const unsigned char *)s, n) != n ||
        (!(b->ptr && need < b->asize - b->size) && aivm_buf_reserve(b, need))) {
        put(b, pre, npre);
        string_escaped(b, (const unsigned char *)s, n);
        put(b, post, npost);
        return;
    }
    d = b->ptr + b->size;
    memcpy(d, pre, npre);
    d += npre;
    *d++ = '"';
    memcpy(d, s, n);
    d += n;
    *d++ = '"';
    memcpy(d, post, npost);
    d += npost;
    *d = '\0';
    b->size = (size_t)(d - b->ptr);
}

static void string(aivm_buf *b, const char *s)
{
    string_with(b, "", 0, s, "", 0);
}

/* Separator, indentation and key before a value. */
static void member(aivm_jw *w, const char *key)
{
    if (w->depth == 0)
        return;
    if (w->array[w->depth]) {
        if (!w->first[w->depth])
            put(w->out, ", ", 2);
    } else {
        /* ",\n" when not first, then the indentation: one copy with the key */
        static const char pre[] = ",\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
        bool first = w->first[w->depth];
        if (w->depth <= 16) {
            string_with(w->out, pre + (first ? 2 : 0), w->depth + (first ? 0 : 2), key ? key : "",
                        ":\t", 2);
        } else {
            if (!first)
                put(w->out, ",\n", 2);
            tabs(w, w->depth);
            string(w->out, key ? key : "");
            put(w->out, ":\t", 2);
        }
    }
    w->first[w->depth] = false;
}

static void open(aivm_jw *w, const char *key, bool array)
{
    member(w, key);
    put(w->out, array ? "[" : "{\n", array ? 1 : 2);
    if (w->depth < AIVM_JSONW_MAX_DEPTH)
        w->depth++;
    w->array[w->depth] = array;
    w->first[w->depth] = true;
}

void aivm_jw_object(aivm_jw *w, const char *key)
{
    open(w, key, false);
}

void aivm_jw_array(aivm_jw *w, const char *key)
{
    open(w, key, true);
}

void aivm_jw_end(aivm_jw *w)
{
    if (w->array[w->depth]) {
        put(w->out, "]", 1);
    } else {
        if (!w->first[w->depth])
            put(w->out, "\n", 1);
        tabs(w, w->depth - 1);
        put(w->out, "}", 1);
    }
    if (w->depth > 0)
        w->depth--;
}

void aivm_jw_str(aivm_jw *w, const char *key, const char *s)
{
    member(w, key);
    if (s)
        string(w->out, s);
    else
        put(w->out, "null", 4);
}

/* Decimal digits of v (v < 1e16) right-aligned before `end`; returns the first. */
static char *digits(char *end, unsigned long long v)
{
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

/*
 * What %1.15g prints for d, when d is the double nearest to a decimal of at
 * most 15 significant digits with 1 to 9 digits after the point and
 * 1e-4 <= |d| < 1e15 (prices, GiB, ratios): that decimal, without printf's
 * cost. Rounding d to 15 significant digits gives back the decimal because
 * d is within half an ulp (2^-53 relative) of it and the 15-digit grid is at
 * least 5e-16 relative apart; %g uses no exponent in that range and drops
 * trailing zeros, and the smallest number of fraction digits that works has
 * none. Returns false when d is not such a number.
 */
static bool short_decimal(char *text, size_t size, double d)
{
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
    double a = fabs(d);
    if (!(a >= 1e-4 && a < 1e15))
        return false;
    for (unsigned k = 1; k < sizeof p10 / sizeof p10[0]; k++) {
        double m = a * p10[k];
        unsigned long long r, ip, fp;
        char buf[40], *p;
        if (m >= 1e15)
            return false;
        r = (unsigned long long)(m + 0.5);
        if ((double)r / p10[k] != a)
            continue;
        ip = r / (unsigned long long)p10[k];
        fp = r % (unsigned long long)p10[k];
        p = buf + sizeof buf;
        *--p = '\0';
        for (unsigned i = 0; i < k; i++, fp /= 10)
            *--p = (char)('0' + fp % 10);
        *--p = '.';
        p = digits(p, ip);
        if (d < 0)
            *--p = '-';
        if ((size_t)(buf + sizeof buf - p) > size)
            return false;
        memcpy(text, p, (size_t)(buf + sizeof buf - p));
        return true;
    }
    return false;
}

void aivm_jw_num(aivm_jw *w, const char *key, double d)
{
    char text[40];
    member(w, key);
    if (isnan(d) || isinf(d)) {
        snprintf(text, sizeof text, "null");
    } else if (d == floor(d) && fabs(d) < 1e15 && !(d == 0 && signbit(d))) {
        /* what %1.15g prints for a whole number below 1e15, without printf's cost */
        char *p = digits(text + sizeof text - 1, (unsigned long long)fabs(d));
        text[sizeof text - 1] = '\0';
        if (d < 0)
            *--p = '-';
        aivm_buf_puts(w->out, p);
        return;
    } else if (!short_decimal(text, sizeof text, d)) {
        double back = 0, big;
        snprintf(text, sizeof text, "%1.15g", d);
        big = fabs(d);
        if (sscanf(text, "%lg", &back) != 1 ||
            !(fabs(back - d) <= (fabs(back) > big ? fabs(back) : big) * DBL_EPSILON))
            snprintf(text, sizeof text, "%1.17g", d);
    }
    aivm_buf_puts(w->out, text);
}

void aivm_jw_bool(aivm_jw *w, const char *key, bool v)
{
    member(w, key);
    put(w->out, v ? "true" : "false", v ? 4 : 5);
}

void aivm_jw_null(aivm_jw *w, const char *key)
{
    member(w, key);
    put(w->out, "null", 4);
}

void aivm_jw_strlist(aivm_jw *w, const char *key, const aivm_strlist *l)
{
    aivm_jw_array(w, key);
    for (size_t i = 0; i < l->n; i++)
        aivm_jw_str(w, NULL, l->items[i]);
    aivm_jw_end(w);
}

void aivm_jw_string(aivm_buf *b, const char *s)
{
    string(b, s);
}

void aivm_jw_opt_num(aivm_jw *w, const char *key, bool known, double v)
{
    if (known)
        aivm_jw_num(w, key, v);
    else
        aivm_jw_null(w, key);
}

const char *aivm_cjson_version(void)
{
    return cJSON_Version();
}
