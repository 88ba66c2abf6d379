/*
 * arm_fn.c - the functions of ARM template expressions that a template alone
 * decides (docs/check.md lists them), and property/index access, for the
 * parser in arm_expr.c. A function not here, or arguments that do not suit
 * it, give V_NONE: the expression stays unevaluated.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "arm_expr_int.h"

#define MAX_RANGE 10000 /* ARM's own limit on range()'s count */

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
    const char *f = n ? aivm_arm__text_of(e, a[0]) : NULL, *out;
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
                !(t = aivm_arm__text_of(e, a[idx + 1]))) {
                aivm_buf_dispose(&b); /* a format specifier ({0:N2}) or a missing value */
                return none;
            }
            aivm_buf_puts(&b, t);
            p = end;
        } else {
            aivm_buf_put(&b, p, 1);
        }
    }
    out = aivm_arm__keep_buf(e, &b);
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
    a = aivm_arm__text_of(e, x);
    b = aivm_arm__text_of(e, y);
    *out = strcmp(a, b) == 0;
    return true;
}

/* One element of an array or range; `none` past its end. */
val aivm_arm__element(ev *e, val c, long long i)
{
    if (c.k == V_RANGE)
        return i >= 0 && i < c.n ? vint(c.i + i) : none;
    if (c.k == V_NODE && c.node->type == AIVM_Y_SEQ)
        return i >= 0 && (size_t)i < c.node->n ? aivm_arm__resolved(e, c.node->kids[i]) : none;
    return none;
}

val aivm_arm__member(ev *e, val c, const char *key)
{
    if (c.k != V_NODE || c.node->type != AIVM_Y_MAP || !key)
        return none;
    for (size_t i = 0; i < c.node->n; i++)
        if (aivm_streq_nocase(c.node->kids[2 * i]->str, key))
            return aivm_arm__resolved(e, c.node->kids[2 * i + 1]);
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
    if (!aivm_arm__charge(e, strlen(s) + parts * (sizeof(aivm_ynode) + sizeof(aivm_ynode *))))
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
    const char *s = n ? aivm_arm__text_of(e, a[0]) : NULL;
    long long x, y;
    const char *out;
    if (!s)
        return none;
    if (aivm_streq_nocase(fn, "toLower") || aivm_streq_nocase(fn, "toUpper")) {
        char *t;
        if (!aivm_arm__charge(e, strlen(s)))
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
        return (out = aivm_arm__keep(e, s, len)) ? vstr(out) : none;
    }
    if (aivm_streq_nocase(fn, "substring")) {
        long long len = (long long)strlen(s);
        if (n < 2 || n > 3 || !aivm_arm__int_of(&x, a[1]) || x < 0 || x > len)
            return none;
        y = len - x;
        if (n == 3 && (!aivm_arm__int_of(&y, a[2]) || y < 0 || x + y > len))
            return none;
        return (out = aivm_arm__keep(e, s + x, (size_t)y)) ? vstr(out) : none;
    }
    if (n == 2 && aivm_arm__text_of(e, a[1])) {
        const char *t = aivm_arm__text_of(e, a[1]);
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
    if (aivm_streq_nocase(fn, "replace") && n == 3 && aivm_arm__text_of(e, a[1]) &&
        aivm_arm__text_of(e, a[2])) {
        const char *from = aivm_arm__text_of(e, a[1]), *to = aivm_arm__text_of(e, a[2]);
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
        out = aivm_arm__keep_buf(e, &b);
        return out ? vstr(out) : none;
    }
    return none;
}

static val call_int_fn(const char *fn, const val *a, size_t n)
{
    long long x, y;
    if (n != 2 || !aivm_arm__int_of(&x, a[0]) || !aivm_arm__int_of(&y, a[1]))
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

/* concat() of strings (of arrays: not evaluated). */
static val call_concat(ev *e, const val *a, size_t n)
{
    aivm_buf b = AIVM_BUF_INIT;
    const char *out;
    for (size_t i = 0; i < n; i++) {
        const char *t = aivm_arm__text_of(e, a[i]);
        if (!t) { /* concat of arrays: not evaluated */
            aivm_buf_dispose(&b);
            return none;
        }
        aivm_buf_puts(&b, t);
    }
    out = aivm_arm__keep_buf(e, &b);
    return out ? vstr(out) : none;
}

/* and() / or() decided on values: one false operand makes and() false, one
 * true makes or() true, whatever the others are (an operand that needs a
 * deployment cannot change that result); otherwise every operand must be
 * known. Microsoft's logical-functions page gives no evaluation order for
 * them, so nothing here depends on one. */
static val call_and_or(const char *fn, const val *a, size_t n)
{
    bool is_and = fn[0] == 'a' || fn[0] == 'A', known = true;
    for (size_t i = 0; i < n; i++) {
        if (a[i].k == V_BOOL && a[i].b != is_and)
            return vbool(!is_and);
        if (a[i].k != V_BOOL)
            known = false;
    }
    return known ? vbool(is_and) : none;
}

/* greater(), less(), greaterOrEquals(), lessOrEquals() of two integers or two
 * strings (ordinal: 'A' < 'a', as the examples of Microsoft's comparison
 * functions page give); anything else is not decided. */
static val call_compare(const char *fn, val x, val y)
{
    int c;
    if (x.k == V_INT && y.k == V_INT)
        c = x.i < y.i ? -1 : x.i > y.i;
    else if (x.k == V_STR && y.k == V_STR)
        c = strcmp(x.s, y.s);
    else
        return none;
    if (aivm_streq_nocase(fn, "greater"))
        return vbool(c > 0);
    if (aivm_streq_nocase(fn, "less"))
        return vbool(c < 0);
    if (aivm_streq_nocase(fn, "greaterOrEquals"))
        return vbool(c >= 0);
    return vbool(c <= 0);
}

static bool is_compare(const char *fn)
{
    return aivm_streq_nocase(fn, "greater") || aivm_streq_nocase(fn, "less") ||
           aivm_streq_nocase(fn, "greaterOrEquals") || aivm_streq_nocase(fn, "lessOrEquals");
}

/* bool() of a boolean or of the text true/false. */
static val call_bool(ev *e, val v)
{
    const char *t = aivm_arm__text_of(e, v);
    if (v.k == V_BOOL)
        return v;
    if (t && (aivm_streq_nocase(t, "true") || aivm_streq_nocase(t, "false")))
        return vbool(t[0] == 't' || t[0] == 'T');
    return none;
}

/* first() / last() of a string or an array. */
static val call_first_last(ev *e, const char *fn, val v)
{
    bool first = fn[0] == 'f' || fn[0] == 'F';
    long long len = length_of(v);
    if (v.k == V_STR)
        return len ? vstr(aivm_arena_strndup(&e->plan->arena, v.s + (first ? 0 : len - 1), 1))
                   : vstr("");
    return len > 0 ? aivm_arm__element(e, v, first ? 0 : len - 1) : none;
}

/* contains() of a substring or an object's key. */
static val call_contains(ev *e, val in, val what)
{
    const char *t = aivm_arm__text_of(e, what);
    if (in.k == V_STR && t)
        return vbool(strstr(in.s, t) != NULL);
    if (in.k == V_NODE && in.node->type == AIVM_Y_MAP && t)
        return vbool(aivm_arm__member(e, in, t).k != V_NONE);
    return none;
}

val aivm_arm__call(ev *e, const char *fn, const val *a, size_t n)
{
    long long x;
    bool eq;
    if (aivm_streq_nocase(fn, "parameters") || aivm_streq_nocase(fn, "variables")) {
        const char *name = n == 1 && a[0].k == V_STR ? a[0].s : NULL;
        if (!name)
            return none;
        return aivm_arm__of_node(
            e->env->ref(e->env->ctx, fn[0] == 'p' || fn[0] == 'P', name, e->depth + 1));
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
    if ((aivm_streq_nocase(fn, "and") || aivm_streq_nocase(fn, "or")) && n >= 1)
        return call_and_or(fn, a, n);
    for (size_t i = 0; i < n; i++)
        if (a[i].k == V_NONE)
            return none;
    if (is_compare(fn) && n == 2)
        return call_compare(fn, a[0], a[1]);
    if ((aivm_streq_nocase(fn, "true") || aivm_streq_nocase(fn, "false")) && n == 0)
        return vbool(fn[0] == 't' || fn[0] == 'T');
    if (aivm_streq_nocase(fn, "null") && n == 0)
        return (val){V_NULL, NULL, 0, 0, false, NULL};
    if (aivm_streq_nocase(fn, "concat"))
        return call_concat(e, a, n);
    if (aivm_streq_nocase(fn, "format"))
        return call_format(e, a, n);
    if (aivm_streq_nocase(fn, "equals") && n == 2)
        return equal_vals(e, a[0], a[1], &eq) ? vbool(eq) : none;
    if (aivm_streq_nocase(fn, "not") && n == 1 && a[0].k == V_BOOL)
        return vbool(!a[0].b);
    if (aivm_streq_nocase(fn, "empty") && n == 1)
        return a[0].k == V_NULL ? vbool(true)
                                : (length_of(a[0]) < 0 ? none : vbool(length_of(a[0]) == 0));
    if (aivm_streq_nocase(fn, "length") && n == 1)
        return length_of(a[0]) < 0 ? none : vint(length_of(a[0]));
    if (aivm_streq_nocase(fn, "int") && n == 1)
        return aivm_arm__int_of(&x, a[0]) ? vint(x) : none;
    if (aivm_streq_nocase(fn, "string") && n == 1)
        return aivm_arm__text_of(e, a[0]) ? vstr(aivm_arm__text_of(e, a[0])) : none;
    if (aivm_streq_nocase(fn, "bool") && n == 1)
        return call_bool(e, a[0]);
    if ((aivm_streq_nocase(fn, "first") || aivm_streq_nocase(fn, "last")) && n == 1)
        return call_first_last(e, fn, a[0]);
    if (aivm_streq_nocase(fn, "contains") && n == 2)
        return call_contains(e, a[0], a[1]);
    if (n >= 1 && aivm_arm__text_of(e, a[0]) && a[0].k == V_STR) {
        val v = call_string_fn(e, fn, a, n);
        if (v.k != V_NONE)
            return v;
    }
    return call_int_fn(fn, a, n);
}
