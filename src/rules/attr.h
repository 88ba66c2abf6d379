/*
 * attr.h - the attributes rules may test: workload attributes (phase,
 * kind, ...) and candidate attributes (family, gpu.count, infiniband, ...),
 * each with a type, its allowed values when it is an enum, and a getter.
 * Rules are checked against this table when they are loaded, so a rule that
 * names an unknown attribute or value fails at load, not at evaluation.
 */
#ifndef AIVM_ATTR_H
#define AIVM_ATTR_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/workload.h"

typedef enum { AIVM_V_NULL, AIVM_V_BOOL, AIVM_V_NUM, AIVM_V_STR } aivm_vtype;

typedef struct {
    aivm_vtype t;
    bool b;
    double n;
    const char *s;
} aivm_value;

/* Values of attributes (attr.c, attr_sizing.c); vstr(NULL) is null. */
static inline aivm_value aivm_attr__vnull(void)
{
    aivm_value v = {AIVM_V_NULL, false, 0, NULL};
    return v;
}
static inline aivm_value aivm_attr__vnum(double n)
{
    aivm_value v = {AIVM_V_NUM, false, n, NULL};
    return v;
}
static inline aivm_value aivm_attr__vstr(const char *s)
{
    aivm_value v = {s ? AIVM_V_STR : AIVM_V_NULL, false, 0, s};
    return v;
}
static inline aivm_value aivm_attr__vbool(bool b)
{
    aivm_value v = {AIVM_V_BOOL, b, 0, NULL};
    return v;
}

typedef enum { AIVM_ATTR_WORKLOAD, AIVM_ATTR_CANDIDATE } aivm_attr_scope;

typedef struct {
    const char *name;
    aivm_attr_scope scope;
    aivm_vtype type;
    const char *const *values; /* allowed strings for enums, NULL-terminated; NULL = free */
    const char *doc;
    aivm_value (*get)(const aivm_workload *wl, const aivm_size *s);
} aivm_attr;

/** The attribute table itself (attr.c), so compiled-in rules (rules_gen.c)
 *  can point at its entries; aivm_attr_table() gives its length. */
extern const aivm_attr aivm__attr_table[];

/** Find an attribute of `scope` by name; NULL when unknown. */
const aivm_attr *aivm_attr_find(const char *name, aivm_attr_scope scope);
/** Find by name in either scope, candidate first. */
const aivm_attr *aivm_attr_find_any(const char *name);
/** The whole table (for docs and tests). */
const aivm_attr *aivm_attr_table(size_t *n);
/** Append a value as text: numbers %g, booleans true/false, null "n/a". */
void aivm_value_format(aivm_buf *out, const aivm_value *v);
const char *aivm_vtype_name(aivm_vtype t);

#endif
