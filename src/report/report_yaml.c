/*
 * report_yaml.c - YAML from the JSON report: one data model. The recommend
 * report is written by the JSON renderer and its text converted here to
 * block-style YAML with the same keys, values and order (docs/formats.md).
 * A string is written plain only when every YAML 1.1 and 1.2 reader takes
 * it back as that string (a letter first, a few safe characters, not a
 * boolean or null word); every other string is double-quoted with escapes,
 * so `yes`, `1.0`, `2026-12-01`, `a: b`, `#x` and leading spaces stay
 * strings. Numbers keep the JSON writer's text, with `1e-05` written
 * `1.0e-05` (and `1.5e5` `1.5e+5`) so a YAML 1.1 reader also reads a float.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "aivm/report.h"
#include "util/utf8.h"

#define MAX_DEPTH 64

typedef struct {
    const char *p, *end;
    aivm_buf *out;
    aivm_buf str; /* the decoded string of the last scalar */
    aivm_buf key; /* a mapping key as written */
    unsigned depth;
    bool bad;
} conv;

/* YAML allows an implicit (simple) key of at most 1024 characters; a longer
 * one is written as an explicit "? key" line. Bytes bound characters. */
#define SIMPLE_KEY_MAX 1000

static void skip_ws(conv *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static bool eat(conv *c, char ch)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

static char peek(conv *c)
{
    skip_ws(c);
    return c->p < c->end ? *c->p : '\0';
}

/* Decode the JSON string at c->p into c->str (UTF-8). */
static void read_string(conv *c)
{
    aivm_buf_clear(&c->str);
    aivm_buf_put(&c->str, "", 0);
    if (!eat(c, '"')) {
        c->bad = true;
        return;
    }
    while (c->p < c->end && *c->p != '"') {
        char ch = *c->p++;
        unsigned long cp;
        long h;
        char u8[4];
        if (ch != '\\') {
            aivm_buf_put(&c->str, &ch, 1);
            continue;
        }
        if (c->p >= c->end)
            break;
        ch = *c->p++;
        switch (ch) {
        case 'b':
            ch = '\b';
            break;
        case 'f':
            ch = '\f';
            break;
        case 'n':
            ch = '\n';
            break;
        case 'r':
            ch = '\r';
            break;
        case 't':
            ch = '\t';
            break;
        case 'u':
            h = c->end - c->p >= 4 ? aivm_util__hex4(c->p) : -1;
            if (h < 0) {
                c->bad = true;
                return;
            }
            c->p += 4;
            cp = (unsigned long)h;
            if (cp >= 0xD800 && cp < 0xDC00 && c->end - c->p >= 6 && c->p[0] == '\\' &&
                c->p[1] == 'u') {
                long lo = aivm_util__hex4(c->p + 2);
                if (lo >= 0xDC00 && lo < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned long)lo - 0xDC00);
                    c->p += 6;
                }
            }
            if (cp >= 0xD800 && cp < 0xE000)
                cp = 0xFFFD; /* a lone surrogate: YAML cannot hold it */
            aivm_buf_put(&c->str, u8, aivm_util__utf8_encode(u8, cp));
            continue;
        default: /* \" \\ \/ */
            break;
        }
        aivm_buf_put(&c->str, &ch, 1);
    }
    if (!eat(c, '"'))
        c->bad = true;
}

static bool ieq(const char *a, size_t n, const char *b)
{
    if (strlen(b) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if ((a[i] | 0x20) != b[i])
            return false;
    return true;
}

/* True when `s` can be written as a plain scalar and reads back as this
 * string in YAML 1.1 (PyYAML, libyaml users) and 1.2 (core schema). */
static bool plain_ok(const char *s, size_t n)
{
    static const char *const words[] = {"y",   "n",    "yes",   "no",  "on",
                                        "off", "true", "false", "null"};
    if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) ||
        s[n - 1] == ' ')
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                  (ch >= '0' && ch <= '9') || strchr(" _./()+-=;", ch) != NULL;
        if (!ok || ch == '\0')
            return false;
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (ieq(s, n, words[i]))
            return false;
    return true;
}

static void yaml_string(aivm_buf *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    if (plain_ok(s, n)) {
        aivm_buf_put(out, s, n);
        return;
    }
    aivm_buf_puts(out, "\"");
    while (p < end) {
        unsigned long cp = *p;
        size_t len = 1;
        if (cp >= 0x80) {
            len = aivm_util__utf8_decode(&cp, p, end);
            if (len == 0) { /* not UTF-8: YAML text cannot carry the byte */
                aivm_buf_puts(out, "\\uFFFD");
                p++;
                continue;
            }
        }
        if (cp == '"' || cp == '\\')
            aivm_buf_printf(out, "\\%c", (char)cp);
        else if (cp == '\n')
            aivm_buf_puts(out, "\\n");
        else if (cp == '\t')
            aivm_buf_puts(out, "\\t");
        else if (cp == '\r')
            aivm_buf_puts(out, "\\r");
        else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || cp == 0x2028 ||
                 cp == 0x2029 || cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF)
            aivm_buf_printf(out, "\\u%04lX", cp); /* not printable in YAML */
        else
            aivm_buf_put(out, p, len);
        p += len;
    }
    aivm_buf_puts(out, "\"");
}

/* A number, true, false or null: the JSON text (a float's exponent gets a
 * ".0" and a sign where it lacks them, so YAML 1.1 reads a float, not a
 * string). */
static void scalar_word(conv *c)
{
    const char *s = c->p;
    size_t n = 0, e = 0;
    while (s + n < c->end && s[n] && strchr("+-0123456789.eEtruefalsn", s[n]))
        n++;
    if (n == 0 ||
        (!(s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) &&
         !((n == 4 && memcmp(s, "true", 4) == 0) || (n == 5 && memcmp(s, "false", 5) == 0) ||
           (n == 4 && memcmp(s, "null", 4) == 0)))) {
        c->bad = true;
        return;
    }
    while (e < n && s[e] != 'e' && s[e] != 'E')
        e++;
    if (e < n && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))) {
        /* YAML 1.1 reads a float only with a '.' and a signed exponent */
        aivm_buf_put(c->out, s, e);
        if (memchr(s, '.', e) == NULL)
            aivm_buf_puts(c->out, ".0");
        aivm_buf_put(c->out, s + e, 1);
        if (e + 1 < n && s[e + 1] >= '0' && s[e + 1] <= '9')
            aivm_buf_puts(c->out, "+");
        aivm_buf_put(c->out, s + e + 1, n - e - 1);
    } else {
        aivm_buf_put(c->out, s, n);
    }
    c->p += n;
}

/* True when the value at c->p is written on the line of its key or dash:
 * a scalar, [] or {}. An empty container is consumed and written. */
static bool inline_value(conv *c, const char *lead)
{
    char ch = peek(c);
    if (ch == '{' || ch == '[') {
        const char *save = c->p;
        c->p++;
        if (eat(c, ch == '{' ? '}' : ']')) {
            aivm_buf_printf(c->out, "%s%s\n", lead, ch == '{' ? "{}" : "[]");
            return true;
        }
        c->p = save;
        return false;
    }
    aivm_buf_puts(c->out, lead);
    if (ch == '"') {
        read_string(c);
        yaml_string(c->out, c->str.ptr, c->str.size);
    } else {
        scalar_word(c);
    }
    aivm_buf_puts(c->out, "\n");
    return true;
}

static void node(conv *c, unsigned col, bool on_line);

/* The members of an object or the items of an array at column `col`; the
 * first one continues the current line when `on_line` (after "- "). */
static void members(conv *c, unsigned col, bool on_line, bool object)
{
    char close = object ? '}' : ']';
    bool first = true;
    c->p++; /* the '{' or '[' */
    if (++c->depth > MAX_DEPTH)
        c->bad = true;
    while (!c->bad && !eat(c, close)) {
        if (!first && !eat(c, ',')) {
            c->bad = true;
            break;
        }
        if (!first || !on_line)
            aivm_buf_printf(c->out, "%*s", (int)col, "");
        first = false;
        if (object) {
            read_string(c);
            aivm_buf_clear(&c->key);
            yaml_string(&c->key, c->str.ptr, c->str.size);
            if (c->key.size > SIMPLE_KEY_MAX)
                aivm_buf_puts(c->out, "? ");
            aivm_buf_put(c->out, c->key.ptr, c->key.size);
            if (c->key.size > SIMPLE_KEY_MAX)
                aivm_buf_printf(c->out, "\n%*s", (int)col, "");
            aivm_buf_puts(c->out, ":");
            if (!eat(c, ':')) {
                c->bad = true;
                break;
            }
            if (!inline_value(c, " ")) {
                aivm_buf_puts(c->out, "\n");
                node(c, col + 2, false);
            }
        } else {
            aivm_buf_puts(c->out, "-");
            if (!inline_value(c, " "))
                node(c, col + 2, true);
        }
        if (c->p >= c->end)
            c->bad = true;
    }
    c->depth--;
}

static void node(conv *c, unsigned col, bool on_line)
{
    char ch = peek(c);
    if (on_line)
        aivm_buf_puts(c->out, " ");
    if (ch == '{' || ch == '[')
        members(c, col, on_line, ch == '{');
    else if (!inline_value(c, ""))
        c->bad = true;
}

int aivm_report_json_to_yaml(aivm_buf *out, const char *json, size_t len, aivm_error *err)
{
    conv c = {json, json + len, out, AIVM_BUF_INIT, AIVM_BUF_INIT, 0, false};
    char ch = peek(&c);
    if (ch == '{' || ch == '[') {
        if (!inline_value(&c, ""))
            members(&c, 0, false, ch == '{');
    } else if (ch) {
        inline_value(&c, "");
    } else {
        c.bad = true;
    }
    if (peek(&c) != '\0')
        c.bad = true;
    aivm_buf_dispose(&c.str);
    aivm_buf_dispose(&c.key);
    if (c.bad)
        return aivm_error_set(err, AIVM_ERROR, NULL, "cannot convert the JSON report to YAML");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "YAML output too large");
    return 0;
}

int aivm_report_yaml(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err)
{
    aivm_buf json = AIVM_BUF_INIT;
    int rc = aivm_report_json(&json, adv, o, err);
    if (rc == 0)
        rc = aivm_report_json_to_yaml(out, json.ptr, json.size, err);
    aivm_buf_dispose(&json);
    return rc;
}
