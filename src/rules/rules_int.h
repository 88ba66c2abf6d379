/* rules_int.h - rule and condition records (shared by rules.c and rules_load.c). */
#ifndef AIVM_RULES_INT_H
#define AIVM_RULES_INT_H

#include "aivm/rules.h"
#include "attr.h"
#include "util/arena.h"
#include "util/yamlutil.h"

typedef enum {
    AIVM_OP_EQ,
    AIVM_OP_NE,
    AIVM_OP_IN,
    AIVM_OP_NOT_IN,
    AIVM_OP_LT,
    AIVM_OP_LTE,
    AIVM_OP_GT,
    AIVM_OP_GTE
} aivm_op;

typedef struct {
    const aivm_attr *attr;
    aivm_op op;
    aivm_value *vals;
    size_t n_vals;
    aivm_loc loc;
} aivm_cond;

struct aivm_rule {
    const char *id;
    const char *title;
    aivm_strlist guidance;
    aivm_cond *when;
    size_t n_when;
    aivm_cond *ifc;
    size_t n_if;
    aivm_effect effect;
    double weight;
    const aivm_attr *scale;
    aivm_severity severity;
    const char *message;
    const aivm_attr **placeholders; /* the {attributes} of message, in order */
    size_t n_placeholders;
    const char *check; /* check id ("AIVM003") this rule reports in check mode, or NULL */
    bool enabled;
    aivm_loc loc;
    /* Rules with a `target` (extras.h, extras_load.c); all zero for size rules. */
    int target;         /* aivm_target */
    const char *select; /* catalog id chosen; NULL = a note */
    aivm_loc select_loc;
    int spot_advice;           /* aivm_spot_advice */
    aivm_strlist orchestrator; /* condition on the rank-1 orchestrator; empty = any */
    aivm_loc orchestrator_loc;
};

typedef struct aivm_rules_doc aivm_rules_doc;
struct aivm_rules_doc {
    aivm_arena arena;
    aivm_rules_doc *next;
};

struct aivm_rules {
    aivm_rules_doc *docs;
    aivm_rule **items;
    size_t n, cap;
    size_t *slots; /* id index: open addressing, item index + 1 (0 = empty) */
    size_t n_slots;
    double complex_from_params; /* `sizing: complex_from_params`; 0 = not set */
};

/** True when every condition holds. */
bool aivm_rules__conds_hold(const aivm_cond *c, size_t n, const aivm_workload *wl,
                            const aivm_size *s);

/**
 * Load the keys of a rule with a `target` (target, select, advice,
 * orchestrator, weight) into `r`, rejecting `effect` and `scale`; for a
 * rule without `target` only check that none of those keys is present
 * (r->target stays 0). Returns 0 or AIVM_EINVALID with a position.
 */
int aivm_rules__load_target(aivm_rule *r, const aivm_ynode *e, aivm_arena *ar, const char *what,
                            aivm_error *err);

/** Add `r` (owned elsewhere), replacing a rule with the same id; `fresh` (the
 *  set was empty before this document) skips the search. */
void aivm_rules__put(aivm_rules *rules, aivm_rule *r, bool fresh);
/** The rule of id `id`, or NULL (the id index of aivm_rules__put). */
const aivm_rule *aivm_rules__find(const aivm_rules *rules, const char *id);

/** Write `rules` as C source defining aivm_rules_load_builtin() (rules_gen.c). */
int aivm_rules_write_c(aivm_buf *out, const aivm_rules *rules, const char *file_name);

#endif
