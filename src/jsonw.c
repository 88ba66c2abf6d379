/*
 * jsonw.c - streaming JSON writer with cJSON_Print()'s exact formatting
 * (see jsonw.h): objects open with "{\n", each member on its own line
 * indented by tabs as "key":<TAB>value, arrays inline with ", ", numbers as
 * cJSON 1.7.15 prints them (%1.15g, or %1.17g when that does not read back),
 * strings escaped as cJSON escapes them.
 */
#include "jsonw.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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

/* 1 for the bytes a JSON string can hold as they are (all but control
 * bytes, quote, backslash and the terminating NUL). */
/* clang-format off */
static const unsigned char plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};
/* clang-format on */

static void string(aivm_buf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *run = p;
    put(b, "\"", 1);
    for (;; p++) {
        const char *esc = NULL;
        char u[8];
        while (plain[p[0]] && plain[p[1]] && plain[p[2]] && plain[p[3]])
            p += 4;
        while (plain[*p])
            p++;
        if (!*p)
            break;
        put(b, run, (size_t)(p - run));
        switch (*p) {
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
            snprintf(u, sizeof u, "\\u%04x", *p);
            esc = u;
        }
        aivm_buf_puts(b, esc);
        run = p + 1;
    }
    put(b, run, (size_t)(p - run));
    put(b, "\"", 1);
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
        if (!w->first[w->depth])
            put(w->out, ",\n", 2);
        tabs(w, w->depth);
        string(w->out, key ? key : "");
        put(w->out, ":\t", 2);
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

void aivm_jw_num(aivm_jw *w, const char *key, double d)
{
    char text[32];
    member(w, key);
    if (isnan(d) || isinf(d)) {
        snprintf(text, sizeof text, "null");
    } else if (d == floor(d) && fabs(d) < 1e15 && !(d == 0 && signbit(d))) {
        /* what %1.15g prints for a whole number below 1e15, without printf's cost */
        char *p = text + sizeof text;
        unsigned long long v = (unsigned long long)fabs(d);
        *--p = '\0';
        do {
            *--p = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        if (d < 0)
            *--p = '-';
        aivm_buf_puts(w->out, p);
        return;
    } else {
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

void aivm_jw_raw(aivm_jw *w, const char *key, const char *formatted)
{
    member(w, key);
    for (const char *p = formatted; *p; p++) {
        put(w->out, p, 1);
        if (*p == '\n') /* strings hold no raw newline: every one is indentation */
            tabs(w, w->depth);
    }
}
