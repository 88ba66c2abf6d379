/*
 * yamlutil_json.c - the fast path of aivm_yaml_parse() for documents that
 * are plain JSON (Terraform plans, ARM templates): a scanner that feeds
 * the tree builder the same scalars, styles and 1-based line/column
 * positions libyaml would, several times faster and without libyaml's
 * per-event allocations. It reads only what it can read exactly as libyaml
 * does; on anything else (bad JSON, tabs, lone CR, escapes libyaml
 * refuses, C1 characters and YAML line breaks, long or multi-line keys, an
 * error from the builder) it gives up, frees what it built, and the caller
 * re-parses with libyaml, which then reports the error.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "utf8.h"
#include "yamlutil_int.h"

/* libyaml forgets a simple key (the JSON key before ':') after 1024 characters. */
#define MAX_KEY_SPAN 1000

typedef struct {
    const unsigned char *p, *end;
    const unsigned char *line_start;
    size_t cont; /* UTF-8 continuation bytes since line_start: columns count characters */
    unsigned line;
    char *tmp; /* decoded scalar */
    size_t tmp_len, tmp_cap;
    aivm_ybuilder b;
} scanner;

static unsigned col_of(const scanner *s, const unsigned char *q)
{
    return (unsigned)((size_t)(q - s->line_start) - s->cont + 1);
}

/* Spaces and line breaks (LF, CRLF). False on a tab or a lone CR. */
static bool skip_ws(scanner *s)
{
    while (s->p < s->end) {
        unsigned char c = *s->p;
        if (c == ' ') {
            s->p++;
        } else if (c == '\n' || (c == '\r' && s->p + 1 < s->end && s->p[1] == '\n')) {
            s->p += c == '\r' ? 2 : 1;
            s->line++;
            s->line_start = s->p;
            s->cont = 0;
        } else if (c == '\t' || c == '\r') {
            return false;
        } else {
            break;
        }
    }
    return true;
}

static void tmp_put(scanner *s, const void *data, size_t n)
{
    if (s->tmp_len + n + 1 > s->tmp_cap) {
        while (s->tmp_len + n + 1 > s->tmp_cap)
            s->tmp_cap = s->tmp_cap ? s->tmp_cap * 2 : 256;
        s->tmp = aivm_xrealloc(s->tmp, s->tmp_cap);
    }
    memcpy(s->tmp + s->tmp_len, data, n);
    s->tmp_len += n;
    s->tmp[s->tmp_len] = '\0';
}

/* A \uXXXX escape at s->p (after the backslash and 'u'), written as UTF-8.
 * False for a surrogate or U+0000, which libyaml refuses or we report. */
static bool unicode_escape(scanner *s, bool keep)
{
    long cp = s->end - s->p < 4 ? -1 : aivm_util__hex4((const char *)s->p);
    char out[4];
    if (cp < 0)
        return false;
    s->p += 4;
    if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
    if (keep)
        tmp_put(s, out, aivm_util__utf8_encode(out, (unsigned long)cp));
    return true;
}

/* Length of the UTF-8 character at q if libyaml reads it as one ordinary
 * printable character inside a quoted scalar (not C1, NEL, LS, PS, BOM,
 * U+FFFE/F), else 0. */
static size_t utf8_ok(const unsigned char *q, const unsigned char *end)
{
    unsigned long cp = 0;
    size_t n = aivm_util__utf8_decode(&cp, q, end);
    if (n == 2 && cp < 0xA0)
        return 0; /* C1 controls, NEL */
    if (n == 3 && (cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF || cp >= 0xFFFE))
        return 0;
    return n;
}

/* Bytes a string copies as they are: printable ASCII but '"' and '\\'. */
/* clang-format off */
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
static const bool plain_byte[256] = {
    R16(0), R16(0),
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x20-0x2f: '"' is 0x22 */
    R16(1), R16(1),
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* 0x50-0x5f: '\\' is 0x5c */
    R16(1),
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, /* 0x70-0x7f: DEL */
    R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0)};
#undef R16
/* clang-format on */

/* A JSON string at s->p (on the opening quote). Decodes into s->tmp unless
 * the builder will skip it. */
static bool scan_string(scanner *s, bool keep)
{
    s->tmp_len = 0;
    if (keep)
        tmp_put(s, "", 0);
    s->p++;
    for (;;) {
        const unsigned char *run = s->p;
        while (s->p < s->end && plain_byte[*s->p])
            s->p++;
        if (keep && s->p > run)
            tmp_put(s, run, (size_t)(s->p - run));
        if (s->p >= s->end)
            return false;
        if (*s->p == '"') {
            s->p++;
            return true;
        }
        if (*s->p == '\\') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            const char *e;
            if (s->end - s->p < 2)
                return false;
            if (s->p[1] == 'u') {
                s->p += 2;
                if (!unicode_escape(s, keep))
                    return false;
                continue;
            }
            e = strchr(from, s->p[1]);
            if (!e || !s->p[1])
                return false;
            if (keep)
                tmp_put(s, &to[e - from], 1);
            s->p += 2;
        } else {
            size_t n = *s->p >= 0x80 ? utf8_ok(s->p, s->end) : 0;
            if (n == 0)
                return false;
            if (keep)
                tmp_put(s, s->p, n);
            s->p += n;
            s->cont += n - 1;
        }
    }
}

static bool delimiter(const scanner *s)
{
    return s->p >= s->end || *s->p == ',' || *s->p == ']' || *s->p == '}' || *s->p == ' ' ||
           *s->p == '\n' || *s->p == '\r';
}

static bool digits(scanner *s)
{
    const unsigned char *q = s->p;
    while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
        s->p++;
    return s->p > q;
}

/* A JSON number, true, false or null (a plain scalar for libyaml). */
static bool scan_plain(scanner *s)
{
    const unsigned char *q = s->p;
    static const char *const words[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(s->end - q) >= n && memcmp(q, words[i], n) == 0) {
            s->p += n;
            return delimiter(s);
        }
    }
    if (s->p < s->end && *s->p == '-')
        s->p++;
    if (s->p < s->end && *s->p == '0')
        s->p++;
    else if (!digits(s))
        return false;
    if (s->p < s->end && *s->p == '.') {
        s->p++;
        if (!digits(s))
            return false;
    }
    if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
        s->p++;
        if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
            s->p++;
        if (!digits(s))
            return false;
    }
    return delimiter(s);
}

/* One scalar value or container start at s->p. */
static bool scan_value(scanner *s, char *stack, size_t *depth)
{
    unsigned line = s->line, col = col_of(s, s->p);
    const unsigned char *q = s->p;
    bool keep = !aivm_yb__skipping(&s->b);
    if (s->p >= s->end)
        return false;
    if (*s->p == '{' || *s->p == '[') {
        if (*depth >= AIVM_YAML_MAX_DEPTH)
            return false;
        stack[(*depth)++] = (char)*s->p;
        s->p++;
        return aivm_yb__open(&s->b, q[0] == '{' ? AIVM_Y_MAP : AIVM_Y_SEQ, line, col, NULL) == 0;
    }
    if (*s->p == '"')
        return scan_string(s, keep) &&
               aivm_yb__scalar(&s->b, keep ? s->tmp : "", s->tmp_len, false, line, col, NULL) == 0;
    if (!scan_plain(s))
        return false;
    if (!keep)
        return aivm_yb__scalar(&s->b, "", 0, true, line, col, NULL) == 0;
    s->tmp_len = 0;
    tmp_put(s, q, (size_t)(s->p - q));
    return aivm_yb__scalar(&s->b, s->tmp, s->tmp_len, true, line, col, NULL) == 0;
}

/* A key, the ':' after it on the same line and within libyaml's span. */
static bool scan_key(scanner *s)
{
    unsigned line = s->line, col = col_of(s, s->p);
    const unsigned char *q = s->p;
    bool keep = !aivm_yb__skipping(&s->b);
    if (s->p >= s->end || *s->p != '"' || !scan_string(s, keep))
        return false;
    while (s->p < s->end && *s->p == ' ')
        s->p++;
    if (s->p >= s->end || *s->p != ':' || s->p - q > MAX_KEY_SPAN)
        return false;
    s->p++;
    return aivm_yb__scalar(&s->b, keep ? s->tmp : "", s->tmp_len, false, line, col, NULL) == 0;
}

/* The whole document; false means "not for the fast path". */
static bool scan_document(scanner *s)
{
    char stack[AIVM_YAML_MAX_DEPTH + 1];
    size_t depth = 0;
    bool first = true; /* just after '{' or '[' */
    if (!skip_ws(s) || s->p >= s->end || (*s->p != '{' && *s->p != '['))
        return false;
    if (!scan_value(s, stack, &depth))
        return false;
    while (depth > 0) {
        char top = stack[depth - 1];
        if (!skip_ws(s) || s->p >= s->end)
            return false;
        if (*s->p == (top == '{' ? '}' : ']')) {
            s->p++;
            depth--;
            first = false;
            if (aivm_yb__close(&s->b, NULL) < 0)
                return false;
            continue;
        }
        if (!first) {
            if (*s->p != ',')
                return false;
            s->p++;
            if (!skip_ws(s))
                return false;
        }
        if (top == '{' && (!scan_key(s) || !skip_ws(s)))
            return false;
        first = s->p < s->end && (*s->p == '{' || *s->p == '[');
        if (!scan_value(s, stack, &depth))
            return false;
    }
    return skip_ws(s) && s->p == s->end;
}

int aivm_yaml__parse_json(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                          const char *name, const aivm_yfilter *filter)
{
    scanner s;
    aivm_arena tree = AIVM_ARENA_INIT; /* adopted on success: a failure leaves nothing behind */
    bool ok;
    *root = NULL;
    memset(&s, 0, sizeof s);
    s.p = s.line_start = (const unsigned char *)buf;
    s.end = s.p + len;
    s.line = 1;
    aivm_yb__init(&s.b, &tree, name, filter);
    ok = scan_document(&s);
    aivm_yb__dispose(&s.b);
    free(s.tmp);
    if (!ok) {
        aivm_arena_dispose(&tree);
        return 1;
    }
    aivm_arena_adopt(arena, &tree);
    *root = s.b.root;
    return 0;
}
