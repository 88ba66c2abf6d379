/*
 * arm_expr.c - evaluates ARM template expressions ("[...]") as far as a
 * template alone decides them: parameters() and variables() (through the
 * reader's callbacks: defaults, or what a nested deployment passes), string
 * literals and whole numbers, property and index access, and the pure
 * functions Bicep output and hand-written templates use to compute a size or
 * a count (concat, format, substring, indexOf, toLower, if, equals, length,
 * range, split, ...). Deployment-time values (resourceGroup(), reference(),
 * uniqueString(), copyIndex(), ...) and any function not listed here leave
 * the expression unevaluated: the caller keeps it as an expression, never a
 * guess.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "plan_int.h"

#define MAX_ARGS 16
#define MAX_RANGE 10000 /* ARM's own limit on range()'s count */

typedef enum { V_NONE, V_NULL, V_STR, V_INT, V_BOOL, V_NODE, V_RANGE } vkind;

typedef struct {
    vkind k;
    const char *s;          /* V_STR: NUL-terminated, in the plan's arena */
    long long i;            /* V_INT; V_RANGE: the first number */
    long long n;            /* V_RANGE: how many */
    bool b;                 /* V_BOOL */
    const aivm_ynode *node; /* V_NODE: an object or array of the template */
} val;

typedef struct {
    aivm_plan *plan;
    const aivm_arm_env *env;
    const char *p; /* parse position */
    int depth;     /* the reader's depth of references, passed on to its callbacks */
    int nest;      /* nesting of calls and accessors in this expression */
    bool bad;      /* a syntax error: the whole expression is unevaluated */
} ev;

static const val none = {V_NONE, NULL, 0, 0, false, NULL};

static val vstr(const char *s)
{
    val v = none;
    v.k = V_STR;
    v.s = s;
    return v;
}

static val vint(long long i)
{
    val v = none;
    v.k = V_INT;
    v.i = i;
    return v;
}

static val vbool(bool b)
{
    val v = none;
    v.k = V_BOOL;
    v.b = b;
    return v;
}

static bool is_int_text(const char *s)
{
    if (*s == '-')
        s++;
    if (!isdigit((unsigned char)*s) || strlen(s) > 18)
        return false;
    while (isdigit((unsigned char)*s))
        s++;
    return *s == '\0';
}

/* A template node as a value: plain scalars are typed (null, true, 12). */
static val of_node(const aivm_ynode *n)
{
    val v = none;
    if (!n)
        return none;
    if (n->type != AIVM_Y_SCALAR) {
        v.k = V_NODE;
        v.node = n;
        return v;
    }
    if (aivm_yis_null(n))
        return (val){V_NULL, NULL, 0, 0, false, NULL};
    if (n->plain && (strcmp(n->str, "true") == 0 || strcmp(n->str, "false") == 0))
        return vbool(n->str[0] == 't');
    if (n->plain && is_int_text(n->str))
        return vint(strtoll(n->str, NULL, 10));
    /* a literal that begins with '[' is written "[[" in a template */
    return vstr(n->str[0] == '[' && n->str[1] == '[' ? n->str + 1 : n->str);
}

/* A node that may itself be an expression, evaluated by the reader. */
static val resolved(ev *e, const aivm_ynode *n)
{
    if (!n)
        return none;
    return of_node(e->env->value(e->env->ctx, n, e->depth + 1));
}

/* Text of a scalar value (ints and booleans as ARM's string() writes them). */
static const char *text_of(ev *e, val v)
{
    if (v.k == V_STR)
        return v.s;
    if (v.k == V_INT)
        return aivm_plan__fmt(e->plan, "%lld", v.i);
    if (v.k == V_BOOL)
        return v.b ? "True" : "False";
    return NULL;
}

static bool int_of(long long *out, val v)
{
    if (v.k == V_INT) {
        *out = v.i;
        return true;
    }
    if (v.k == V_STR && is_int_text(v.s)) {
        *out = strtoll(v.s, NULL, 10);
        return true;
    }
    return false;
}

static void skip_ws(ev *e)
{
    while (*e->p == ' ' || *e->p == '\t' || *e->p == '\r' || *e->p == '\n')
        e->p++;
}

/* One step of work (a literal, a call, a reference), `bytes` of text. */
static bool charge(ev *e, size_t bytes)
{
    long long cost = 1 + (long long)(bytes / 64);
    if (*e->env->budget < cost) {
        *e->env->budget = 0;
        e->bad = true;
        return false;
    }
    *e->env->budget -= cost;
    return true;
}

/* `n` bytes of `s` as a new string in the plan's arena, paid for from the
 * budget; NULL when it is spent. */
static const char *keep(ev *e, const char *s, size_t n)
{
    if (!charge(e, n))
        return NULL;
    return aivm_arena_strndup(&e->plan->arena, s, n);
}

/* A buffer's text kept (and the buffer released); NULL when the budget is spent. */
static const char *keep_buf(ev *e, aivm_buf *b)
{
    const char *out = keep(e, b->ptr ? b->ptr : "", b->size);
    aivm_buf_dispose(b);
    return out;
}

static val parse_expr(ev *e);

/* 'text' with '' for a quote */
static val parse_string(ev *e)
{
    const char *start = ++e->p;
    size_t n = 0, quotes = 0;
    char *out;
    for (;; e->p++) {
        if (*e->p == '\0') {
            e->bad = true;
            return none;
        }
        if (*e->p == '\'') {
            if (e->p[1] != '\'')
                break;
            e->p++;
            quotes++;
        }
    }
    n = (size_t)(e->p - start);
    out = aivm_arena_alloc(&e->plan->arena, n - quotes + 1);
    for (size_t i = 0, j = 0; i < n; i++) {
        out[j++] = start[i];
        if (start[i] == '\'')
            i++;
    }
    e->p++;
    return vstr(out);
}

static size_t str_find(const char *hay, const char *needle, bool last)
{
    size_t hl = strlen(hay), nl = strlen(needle);
    size_t found = (size_t)-1;
    if (nl > hl)
        return found;
    for (size_t i = 0; i + nl <= hl; i++) {
        size_t k = 0;
        while (k < nl && tolower((unsigned char)hay[i + k]) == tolower((unsigned char)needle[k]))
            k++;
        if (k == nl) {
            found = i;
            if (!last)
                break;
        }
    }
    return found;
}

static val call_format(ev *e, const val *a, size_t n)
{
    aivm_buf b = AIVM_BUF_INIT;
    const char *f = n ? text_of(e, a[0]) : NULL, *out;
    if (!f)
        return none;
    for (const char *p = f; *p; p++) {
        if (*p == '{' && p[1] == '{') {
            aivm_buf_put(&b, "{", 1);
            p++;
        } else if (*p == '}' && p[1] == '}') {
            aivm_buf_put(&b, "}", 1);
            p++;
        } else if (*p == '{') {
            char *end;
            long idx = strtol(p + 1, &end, 10);
            const char *t;
            if (end == p + 1 || *end != '}' || idx < 0 || (size_t)idx + 1 >= n ||
                !(t = text_of(e, a[idx + 1]))) {
                aivm_buf_dispose(&b); /* a format specifier ({0:N2}) or a missing value */
                return none;
            }
            aivm_buf_puts(&b, t);
            p = end;
        } else {
            aivm_buf_put(&b, p, 1);
        }
    }
    out = keep_buf(e, &b);
    return out ? vstr(out) : none;
}

static bool equal_vals(ev *e, val x, val y, bool *out)
{
    const char *a, *b;
    if (x.k == V_NULL || y.k == V_NULL) {
        *out = x.k == y.k;
        return true;
    }
    if (x.k == V_INT && y.k == V_INT) {
        *out = x.i == y.i;
        return true;
    }
    if (x.k == V_BOOL && y.k == V_BOOL) {
        *out = x.b == y.b;
        return true;
    }
    if (x.k != V_STR || y.k != V_STR)
        return false; /* objects, arrays, mixed types: not evaluated */
    a = text_of(e, x);
    b = text_of(e, y);
    *out = strcmp(a, b) == 0;
    return true;
}

/* One element of an array or range; `none` past its end. */
static val element(ev *e, val c, long long i)
{
    if (c.k == V_RANGE)
        return i >= 0 && i < c.n ? vint(c.i + i) : none;
    if (c.k == V_NODE && c.node->type == AIVM_Y_SEQ)
        return i >= 0 && (size_t)i < c.node->n ? resolved(e, c.node->kids[i]) : none;
    return none;
}

static val member(ev *e, val c, const char *key)
{
    if (c.k != V_NODE || c.node->type != AIVM_Y_MAP || !key)
        return none;
    for (size_t i = 0; i < c.node->n; i++)
        if (aivm_streq_nocase(c.node->kids[2 * i]->str, key))
            return resolved(e, c.node->kids[2 * i + 1]);
    return none;
}

static val split(ev *e, const char *s, const char *d)
{
    size_t parts = 1, dl = strlen(d);
    aivm_ynode *seq, **kids;
    val v = none;
    if (dl == 0)
        return none;
    for (const char *p = strstr(s, d); p; p = strstr(p + dl, d))
        parts++;
    if (!charge(e, strlen(s) + parts * (sizeof(aivm_ynode) + sizeof(aivm_ynode *))))
        return none;
    seq = aivm_arena_alloc(&e->plan->arena, sizeof *seq);
    kids = aivm_arena_alloc(&e->plan->arena, parts * sizeof *kids);
    for (size_t i = 0; i < parts; i++) {
        const char *end = strstr(s, d);
        size_t len = end ? (size_t)(end - s) : strlen(s);
        kids[i] = aivm_arena_alloc(&e->plan->arena, sizeof **kids);
        kids[i]->type = AIVM_Y_SCALAR;
        kids[i]->str = aivm_arena_strndup(&e->plan->arena, s, len);
        s += len + dl;
    }
    seq->type = AIVM_Y_SEQ;
    seq->kids = kids;
    seq->n = parts;
    v.k = V_NODE;
    v.node = seq;
    return v;
}

static val call_string_fn(ev *e, const char *fn, const val *a, size_t n)
{
    const char *s = n ? text_of(e, a[0]) : NULL;
    long long x, y;
    const char *out;
    if (!s)
        return none;
    if (aivm_streq_nocase(fn, "toLower") || aivm_streq_nocase(fn, "toUpper")) {
        char *t;
        if (!charge(e, strlen(s)))
            return none;
        t = aivm_arena_strdup(&e->plan->arena, s);
        for (char *p = t; *p; p++)
            *p = (char)(fn[2] == 'L' || fn[2] == 'l' ? tolower((unsigned char)*p)
                                                     : toupper((unsigned char)*p));
        return vstr(t);
    }
    if (aivm_streq_nocase(fn, "trim")) {
        size_t len;
        while (isspace((unsigned char)*s))
            s++;
        len = strlen(s);
        while (len && isspace((unsigned char)s[len - 1]))
            len--;
        return (out = keep(e, s, len)) ? vstr(out) : none;
    }
    if (aivm_streq_nocase(fn, "substring")) {
        long long len = (long long)strlen(s);
        if (n < 2 || n > 3 || !int_of(&x, a[1]) || x < 0 || x > len)
            return none;
        y = len - x;
        if (n == 3 && (!int_of(&y, a[2]) || y < 0 || x + y > len))
            return none;
        return (out = keep(e, s + x, (size_t)y)) ? vstr(out) : none;
    }
    if (n == 2 && text_of(e, a[1])) {
        const char *t = text_of(e, a[1]);
        size_t at;
        if (aivm_streq_nocase(fn, "indexOf") || aivm_streq_nocase(fn, "lastIndexOf")) {
            at = str_find(s, t, fn[0] == 'l' || fn[0] == 'L');
            return vint(at == (size_t)-1 ? -1 : (long long)at);
        }
        if (aivm_streq_nocase(fn, "startsWith") || aivm_streq_nocase(fn, "endsWith")) {
            size_t sl = strlen(s), tl = strlen(t);
            const char *from = fn[0] == 's' || fn[0] == 'S' ? s : s + sl - tl;
            return vbool(tl <= sl &&
                         aivm_streq_nocase(aivm_arena_strndup(&e->plan->arena, from, tl), t));
        }
        if (aivm_streq_nocase(fn, "split"))
            return split(e, s, t);
    }
    if (aivm_streq_nocase(fn, "replace") && n == 3 && text_of(e, a[1]) && text_of(e, a[2])) {
        const char *from = text_of(e, a[1]), *to = text_of(e, a[2]);
        aivm_buf b = AIVM_BUF_INIT;
        size_t fl = strlen(from);
        if (fl == 0)
            return vstr(s);
        for (const char *p = s; *p;) {
            if (strncmp(p, from, fl) == 0) {
                aivm_buf_puts(&b, to);
                p += fl;
            } else {
                aivm_buf_put(&b, p++, 1);
            }
        }
        out = keep_buf(e, &b);
        return out ? vstr(out) : none;
    }
    return none;
}

static val call_int_fn(const char *fn, const val *a, size_t n)
{
    long long x, y;
    if (n != 2 || !int_of(&x, a[0]) || !int_of(&y, a[1]))
        return none;
    if (aivm_streq_nocase(fn, "add") && !__builtin_add_overflow(x, y, &x))
        return vint(x);
    if (aivm_streq_nocase(fn, "sub") && !__builtin_sub_overflow(x, y, &x))
        return vint(x);
    if (aivm_streq_nocase(fn, "mul") && !__builtin_mul_overflow(x, y, &x))
        return vint(x);
    if (aivm_streq_nocase(fn, "div") && y != 0 && !(x == LLONG_MIN && y == -1))
        return vint(x / y);
    if (aivm_streq_nocase(fn, "mod") && y != 0 && !(x == LLONG_MIN && y == -1))
        return vint(x % y);
    if (aivm_streq_nocase(fn, "min"))
        return vint(x < y ? x : y);
    if (aivm_streq_nocase(fn, "max"))
        return vint(x > y ? x : y);
    if (aivm_streq_nocase(fn, "range") && y >= 0 && y <= MAX_RANGE) {
        val v = none;
        v.k = V_RANGE;
        v.i = x;
        v.n = y;
        return v;
    }
    return none;
}

static long long length_of(val v)
{
    if (v.k == V_STR)
        return (long long)strlen(v.s);
    if (v.k == V_RANGE)
        return v.n;
    if (v.k == V_NODE)
        return (long long)v.node->n;
    return -1;
}

static val call(ev *e, const char *fn, const val *a, size_t n)
{
    long long x;
    bool eq;
    if (aivm_streq_nocase(fn, "parameters") || aivm_streq_nocase(fn, "variables")) {
        const char *name = n == 1 && a[0].k == V_STR ? a[0].s : NULL;
        if (!name)
            return none;
        return of_node(e->env->ref(e->env->ctx, fn[0] == 'p' || fn[0] == 'P', name, e->depth + 1));
    }
    if (aivm_streq_nocase(fn, "if"))
        return n == 3 && a[0].k == V_BOOL ? (a[0].b ? a[1] : a[2]) : none;
    if (aivm_streq_nocase(fn, "coalesce")) {
        for (size_t i = 0; i < n; i++) {
            if (a[i].k == V_NONE)
                return none; /* an unknown before the first non-null: unknown */
            if (a[i].k != V_NULL)
                return a[i];
        }
        return (val){V_NULL, NULL, 0, 0, false, NULL};
    }
    for (size_t i = 0; i < n; i++)
        if (a[i].k == V_NONE)
            return none;
    if ((aivm_streq_nocase(fn, "true") || aivm_streq_nocase(fn, "false")) && n == 0)
        return vbool(fn[0] == 't' || fn[0] == 'T');
    if (aivm_streq_nocase(fn, "null") && n == 0)
        return (val){V_NULL, NULL, 0, 0, false, NULL};
    if (aivm_streq_nocase(fn, "concat")) {
        aivm_buf b = AIVM_BUF_INIT;
        const char *out;
        for (size_t i = 0; i < n; i++) {
            const char *t = text_of(e, a[i]);
            if (!t) { /* concat of arrays: not evaluated */
                aivm_buf_dispose(&b);
                return none;
            }
            aivm_buf_puts(&b, t);
        }
        out = keep_buf(e, &b);
        return out ? vstr(out) : none;
    }
    if (aivm_streq_nocase(fn, "format"))
        return call_format(e, a, n);
    if (aivm_streq_nocase(fn, "equals") && n == 2)
        return equal_vals(e, a[0], a[1], &eq) ? vbool(eq) : none;
    if (aivm_streq_nocase(fn, "not") && n == 1 && a[0].k == V_BOOL)
        return vbool(!a[0].b);
    if ((aivm_streq_nocase(fn, "and") || aivm_streq_nocase(fn, "or")) && n >= 2) {
        bool is_and = fn[0] == 'a' || fn[0] == 'A', acc = is_and;
        for (size_t i = 0; i < n; i++) {
            if (a[i].k != V_BOOL)
                return none;
            acc = is_and ? acc && a[i].b : acc || a[i].b;
        }
        return vbool(acc);
    }
    if (aivm_streq_nocase(fn, "empty") && n == 1)
        return a[0].k == V_NULL ? vbool(true)
                                : (length_of(a[0]) < 0 ? none : vbool(length_of(a[0]) == 0));
    if (aivm_streq_nocase(fn, "length") && n == 1)
        return length_of(a[0]) < 0 ? none : vint(length_of(a[0]));
    if (aivm_streq_nocase(fn, "int") && n == 1)
        return int_of(&x, a[0]) ? vint(x) : none;
    if (aivm_streq_nocase(fn, "string") && n == 1)
        return text_of(e, a[0]) ? vstr(text_of(e, a[0])) : none;
    if (aivm_streq_nocase(fn, "bool") && n == 1) {
        const char *t = text_of(e, a[0]);
        if (a[0].k == V_BOOL)
            return a[0];
        if (t && (aivm_streq_nocase(t, "true") || aivm_streq_nocase(t, "false")))
            return vbool(t[0] == 't' || t[0] == 'T');
        return none;
    }
    if ((aivm_streq_nocase(fn, "first") || aivm_streq_nocase(fn, "last")) && n == 1) {
        bool first = fn[0] == 'f' || fn[0] == 'F';
        long long len = length_of(a[0]);
        if (a[0].k == V_STR)
            return len ? vstr(
                             aivm_arena_strndup(&e->plan->arena, a[0].s + (first ? 0 : len - 1), 1))
                       : vstr("");
        return len > 0 ? element(e, a[0], first ? 0 : len - 1) : none;
    }
    if (aivm_streq_nocase(fn, "contains") && n == 2) {
        const char *t = text_of(e, a[1]);
        if (a[0].k == V_STR && t)
            return vbool(strstr(a[0].s, t) != NULL);
        if (a[0].k == V_NODE && a[0].node->type == AIVM_Y_MAP && t)
            return vbool(member(e, a[0], t).k != V_NONE);
        return none;
    }
    if (n >= 1 && text_of(e, a[0]) && a[0].k == V_STR) {
        val v = call_string_fn(e, fn, a, n);
        if (v.k != V_NONE)
            return v;
    }
    return call_int_fn(fn, a, n);
}

/* name ( args ) */
static val parse_call(ev *e)
{
    const char *start = e->p;
    char fn[32];
    val args[MAX_ARGS];
    size_t n = 0, len;
    while (isalnum((unsigned char)*e->p) || *e->p == '_' || *e->p == '.')
        e->p++;
    len = (size_t)(e->p - start);
    skip_ws(e);
    if (len == 0 || *e->p != '(') {
        e->bad = true;
        return none;
    }
    snprintf(fn, sizeof fn, "%.*s", (int)(len < sizeof fn ? len : sizeof fn - 1), start);
    e->p++;
    skip_ws(e);
    if (*e->p != ')')
        for (;;) {
            val v = parse_expr(e);
            if (e->bad)
                return none;
            if (n == MAX_ARGS) {
                e->bad = true;
                return none;
            }
            args[n++] = v;
            skip_ws(e);
            if (*e->p == ',') {
                e->p++;
                continue;
            }
            break;
        }
    if (*e->p != ')') {
        e->bad = true;
        return none;
    }
    e->p++;
    if (len >= sizeof fn)
        return none; /* no function of ours has so long a name */
    return call(e, fn, args, n);
}

static val parse_primary(ev *e)
{
    skip_ws(e);
    if (!charge(e, 0))
        return none;
    if (*e->p == '\'')
        return parse_string(e);
    if (*e->p == '-' || isdigit((unsigned char)*e->p)) {
        char *end;
        long long x = strtoll(e->p, &end, 10);
        if (end == e->p || (end == e->p + 1 && *e->p == '-')) {
            e->bad = true;
            return none;
        }
        e->p = end;
        return vint(x);
    }
    return parse_call(e);
}

/* primary, then any .name and [index] accessors */
static val parse_expr(ev *e)
{
    val v;
    if (++e->nest > 64) {
        e->bad = true;
        return none;
    }
    v = parse_primary(e);
    for (;;) {
        skip_ws(e);
        if (e->bad)
            break;
        if (*e->p == '.') {
            const char *start = ++e->p;
            while (isalnum((unsigned char)*e->p) || *e->p == '_' || *e->p == '$')
                e->p++;
            if (e->p == start) {
                e->bad = true;
                break;
            }
            v = member(e, v, aivm_arena_strndup(&e->plan->arena, start, (size_t)(e->p - start)));
        } else if (*e->p == '[') {
            val idx;
            long long i;
            e->p++;
            idx = parse_expr(e);
            skip_ws(e);
            if (e->bad || *e->p != ']') {
                e->bad = true;
                break;
            }
            e->p++;
            if (v.k == V_NODE && v.node->type == AIVM_Y_MAP)
                v = member(e, v, idx.k == V_STR ? idx.s : NULL);
            else
                v = int_of(&i, idx) ? element(e, v, i) : none;
        } else {
            break;
        }
    }
    e->nest--;
    return v;
}

static aivm_ynode *scalar(aivm_plan *plan, const aivm_ynode *at, const char *text, bool plain)
{
    aivm_ynode *s = aivm_arena_alloc(&plan->arena, sizeof *s);
    s->type = AIVM_Y_SCALAR;
    s->loc = at->loc;
    s->plain = plain;
    /* a computed text that begins with '[' is a literal, written "[[" */
    s->str = text[0] == '[' ? aivm_plan__fmt(plan, "[%s", text) : text;
    return s;
}

const aivm_ynode *aivm_plan__arm_eval(aivm_plan *plan, const aivm_ynode *n, const aivm_arm_env *env,
                                      int depth)
{
    ev e = {plan, env, NULL, depth, 0, false};
    size_t len;
    val v;
    if (!n || n->type != AIVM_Y_SCALAR || n->str[0] != '[' || n->str[1] == '[')
        return NULL;
    len = strlen(n->str);
    if (len < 2 || n->str[len - 1] != ']')
        return NULL;
    e.p = aivm_arena_strndup(&plan->arena, n->str + 1, len - 2);
    v = parse_expr(&e);
    skip_ws(&e);
    if (e.bad || *e.p != '\0')
        return NULL;
    switch (v.k) {
    case V_STR:
        return scalar(plan, n, v.s, false);
    case V_INT:
        return scalar(plan, n, aivm_plan__fmt(plan, "%lld", v.i), true);
    case V_BOOL:
        return scalar(plan, n, v.b ? "true" : "false", true);
    case V_NODE:
        return v.node;
    default:
        return NULL; /* null, a range, or not evaluated */
    }
}
