/* arm_expr_int.h - the values and the evaluator state shared by the ARM
 * expression parser (arm_expr.c) and its function library (arm_fn.c). */
#ifndef AIVM_ARM_EXPR_INT_H
#define AIVM_ARM_EXPR_INT_H

#include "plan_int.h"

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

static inline val vstr(const char *s)
{
    val v = none;
    v.k = V_STR;
    v.s = s;
    return v;
}

static inline val vint(long long i)
{
    val v = none;
    v.k = V_INT;
    v.i = i;
    return v;
}

static inline val vbool(bool b)
{
    val v = none;
    v.k = V_BOOL;
    v.b = b;
    return v;
}

/* ---- arm_expr.c: values */
/** A template node as a value: plain scalars are typed (null, true, 12). */
val aivm_arm__of_node(const aivm_ynode *n);
/** A node that may itself be an expression, evaluated by the reader. */
val aivm_arm__resolved(ev *e, const aivm_ynode *n);
/** Text of a scalar value (ints and booleans as ARM's string() writes them); NULL otherwise. */
const char *aivm_arm__text_of(ev *e, val v);
/** A whole number from an int or a string of digits. */
bool aivm_arm__int_of(long long *out, val v);
/** One step of work and `bytes` of text from the budget; false (and the
 *  expression marked bad) when it is spent. */
bool aivm_arm__charge(ev *e, size_t bytes);
/** `n` bytes of `s` as a string in the plan's arena, paid for; NULL when spent. */
const char *aivm_arm__keep(ev *e, const char *s, size_t n);
/** A buffer's text kept (the buffer released); NULL when the budget is spent. */
const char *aivm_arm__keep_buf(ev *e, aivm_buf *b);

/* ---- arm_fn.c: access and functions */
/** Element `i` of an array or range; V_NONE past its end. */
val aivm_arm__element(ev *e, val c, long long i);
/** Member `key` of an object (ARM: case-insensitive); V_NONE when absent. */
val aivm_arm__member(ev *e, val c, const char *key);
/** Call function `fn` (case-insensitive) on `a[0..n)`; V_NONE when it is not
 *  one arm_fn.c evaluates or its arguments do not suit it. */
val aivm_arm__call(ev *e, const char *fn, const val *a, size_t n);

#endif
