/* utf8.c - UTF-8 decoding and encoding, \u hex digits (see utf8.h), and the
 * display width of text (wcwidth, X/Open). */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "utf8.h"

#include <wchar.h>

#include "aivm/util.h"

long aivm_util__hex4(const char *p)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

size_t aivm_util__utf8_decode(unsigned long *cp, const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xBF;
    unsigned long v;
    size_t n;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        v = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        v = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        v = c & 0x07u;
    } else {
        return 0;
    }
    if (c == 0xE0)
        lo = 0xA0; /* overlong */
    else if (c == 0xED)
        hi = 0x9F; /* surrogates */
    else if (c == 0xF0)
        lo = 0x90; /* overlong */
    else if (c == 0xF4)
        hi = 0x8F; /* past U+10FFFF */
    if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
        v = v << 6 | (p[i] & 0x3Fu);
    }
    *cp = v;
    return n;
}

size_t aivm_util__utf8_encode(char out[4], unsigned long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

bool aivm_util__unprintable(unsigned long cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
           (cp & 0xFFFE) == 0xFFFE;
}

bool aivm_utf8_valid(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    unsigned long cp;
    while (p < end) {
        size_t k = *p < 0x80 ? 1 : aivm_util__utf8_decode(&cp, p, end);
        if (!k)
            return false;
        p += k;
    }
    return true;
}

/* One character at p (p < end): its bytes, and its columns in `*cols`. */
static size_t char_width(const unsigned char *p, const unsigned char *end, size_t *cols)
{
    unsigned long cp;
    size_t k;
    int w;
    if (*p < 0x80) {
        *cols = 1;
        return 1;
    }
    k = aivm_util__utf8_decode(&cp, p, end);
    if (!k) { /* ill-formed: the byte is shown as one replacement column */
        *cols = 1;
        return 1;
    }
    w = wcwidth((wchar_t)cp);
    *cols = w < 0 ? 1 : (size_t)w;
    return k;
}

size_t aivm_utf8_width(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t total = 0, c;
    while (p < end) {
        p += char_width(p, end, &c);
        total += c;
    }
    return total;
}

size_t aivm_utf8_fit(const char *s, size_t n, size_t cols)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t used = 0, c, k;
    while (p < end) {
        k = char_width(p, end, &c);
        if (used + c > cols)
            break;
        used += c;
        p += k;
    }
    return (size_t)(p - (const unsigned char *)s);
}
