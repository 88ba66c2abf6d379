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
#include "arm_expr_int.h"

#define MAX_ARGS 16

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
val aivm_arm__of_node(const aivm_ynode *n)
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
val aivm_arm__resolved(ev *e, const aivm_ynode *n)
{
    if (!n)
        return none;
    return aivm_arm__of_node(e->env->value(e->env->ctx, n, e->depth + 1));
}

/* Text of a scalar value (ints and booleans as ARM's string() writes them). */
const char *aivm_arm__text_of(ev *e, val v)
{
    if (v.k == V_STR)
        return v.s;
    if (v.k == V_INT)
        return aivm_plan__fmt(e->plan, "%lld", v.i);
    if (v.k == V_BOOL)
        return v.b ? "True" : "False";
    return NULL;
}

bool aivm_arm__int_of(long long *out, val v)
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
bool aivm_arm__charge(ev *e, size_t bytes)
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
const char *aivm_arm__keep(ev *e, const char *s, size_t n)
{
    if (!aivm_arm__charge(e, n))
        return NULL;
    return aivm_arena_strndup(&e->plan->arena, s, n);
}

/* A buffer's text kept (and the buffer released); NULL when the budget is spent. */
const char *aivm_arm__keep_buf(ev *e, aivm_buf *b)
{
    const char *out = aivm_arm__keep(e, b->ptr ? b->ptr : "", b->size);
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
    return aivm_arm__call(e, fn, args, n);
}

static val parse_primary(ev *e)
{
    skip_ws(e);
    if (!aivm_arm__charge(e, 0))
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
            v = aivm_arm__member(
                e, v, aivm_arena_strndup(&e->plan->arena, start, (size_t)(e->p - start)));
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
                v = aivm_arm__member(e, v, idx.k == V_STR ? idx.s : NULL);
            else
                v = aivm_arm__int_of(&i, idx) ? aivm_arm__element(e, v, i) : none;
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
