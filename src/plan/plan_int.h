/* plan_int.h - the plan object and helpers shared by the plan readers
 * (plan.c, plan_terraform.c, plan_arm.c, plan_file.c). */
#ifndef AIVM_PLAN_INT_H
#define AIVM_PLAN_INT_H

#include "aivm/plan.h"
#include "util/arena.h"
#include "util/yamlutil.h"

struct aivm_plan {
    aivm_arena arena;
    aivm_plan_resource **items;
    size_t n, cap;
};

/** Append a zeroed resource for input `file` (interned by the caller). */
aivm_plan_resource *aivm_plan__add(aivm_plan *plan, const char *file, aivm_plan_format fmt);
/** Drop resources from index `n` on (used when a later input fails). */
void aivm_plan__truncate(aivm_plan *plan, size_t n);

/** `base` + "/" + the escaped segment (RFC 6901), in the plan's arena. */
const char *aivm_plan__ptr(aivm_plan *plan, const char *base, const char *seg);
/** `base` + "/" + index. */
const char *aivm_plan__ptr_idx(aivm_plan *plan, const char *base, size_t i);
/** printf into the arena. */
const char *aivm_plan__fmt(aivm_plan *plan, const char *fmt, ...) AIVM_PRINTF(2, 3);

/** A scalar's text if `n` is a non-null scalar, else NULL. */
const char *aivm_plan__str(const aivm_ynode *n);
/** A whole number >= 0 from a scalar (plain or quoted), capped; false otherwise. */
bool aivm_plan__uint(unsigned *out, const aivm_ynode *n);

/** Copy the string-valued entries of a tags mapping onto `r` (later keys
 *  replace earlier ones with the same name). Non-string values are skipped. */
void aivm_plan__add_tags(aivm_plan *plan, aivm_plan_resource *r, const aivm_ynode *tags);
/** Add or replace one tag (strings borrowed: they must live in the plan's arena/tree). */
void aivm_plan__add_tag(aivm_plan *plan, aivm_plan_resource *r, const char *key, const char *value,
                        aivm_loc loc);
/** Drop the aivm-* tags `r` holds so far other than aivm-waive: a system node
 *  pool does not take the workload its cluster's tags describe (its own tags,
 *  added after, still describe it). */
void aivm_plan__drop_job_tags(aivm_plan_resource *r);
/** Read the aivm-* tags of `r` into its workload. An unknown aivm-* key or a
 *  bad value is kept in r->tag_issues (message in the plan's arena, with a
 *  did-you-mean where one is close) and the tag is ignored. */
void aivm_plan__apply_tags(aivm_plan *plan, aivm_plan_resource *r);
/** Set r->wl.os from a resource type naming windows or linux. */
void aivm_plan__os_from_type(aivm_plan_resource *r);

/** The OS a literal value names ("Windows", "linux"; ASCII case ignored), else UNSET. */
aivm_os aivm_plan__os_from_name(const char *s);
/** The OS a marketplace image's publisher and offer name (either may be NULL):
 *  Windows when either says "windows" (MicrosoftWindowsServer, WindowsServer,
 *  Windows-10), Linux for the usual distributions and their publishers
 *  (Canonical, UbuntuServer, RedHat, ...), else UNSET (unknown, not guessed). */
aivm_os aivm_plan__os_from_image(const char *publisher, const char *offer);

/** The most VMs one plan entry may count (larger products are unknown counts). */
#define AIVM_PLAN_MAX_COUNT 1000000ULL
/** A count value: 1 and `*out` when it is a whole number 0-1000000, 0 when it is
 *  absent or null, -1 when it is anything else (-1, 1.5, NaN, 1e400, 1e20, text). */
int aivm_plan__count(unsigned *out, const aivm_ynode *n);
/** r->count = a x b x c, overflow-checked: past AIVM_PLAN_MAX_COUNT the count is
 *  unknown (count_expr says so), never a wrapped 0. Factors of 0 count as given. */
void aivm_plan__set_count(aivm_plan_resource *r, unsigned long long a, unsigned long long b,
                          unsigned long long c);
/** Azure's name of a location as the plan gives it ("East US" -> "eastus": spaces
 *  dropped, lower case), owned by the plan; NULL for NULL or "". */
const char *aivm_plan__region(aivm_plan *plan, const char *s);

/**
 * The parse filter for Terraform plans (aivm_yfilter.verdict): drops the
 * attributes and shapes the Terraform reader does not use, and empties
 * top-level sections no reader uses once the document has shown a
 * Terraform key. `ctx` is an aivm_tf_filter: `known` when the input is
 * known to be a Terraform plan (--input terraform); `seen` is what the
 * parse has learnt, cleared by aivm_plan__terraform_reset (aivm_yfilter.reset).
 */
typedef struct {
    bool known, seen;
} aivm_tf_filter;

aivm_yverdict aivm_plan__terraform_verdict(const char *const *path, size_t depth, const char *key,
                                           void *ctx);
/** aivm_yfilter.reset of the Terraform filter: forget what a parse has seen. */
void aivm_plan__terraform_reset(void *ctx);

/** What an ARM expression's parameters()/variables() and nested values resolve
 *  through (the reader's scopes): each returns the value node with its own
 *  expressions evaluated (an object, an array or a scalar of the template or
 *  of the plan's arena), or NULL when it cannot be decided from the template. */
typedef struct {
    const aivm_ynode *(*ref)(void *ctx, bool param, const char *name, int depth);
    const aivm_ynode *(*value)(void *ctx, const aivm_ynode *n, int depth);
    void *ctx;
    /* work left for the whole template (steps and bytes of computed text):
     * at 0 every further expression stays unevaluated, so a template whose
     * variables refer to each other many times over cannot make a read slow */
    long long *budget;
} aivm_arm_env;

/**
 * Evaluate the ARM template expression in scalar `n` ("[...]", not "[[..."):
 * literals, parameters()/variables() through `env`, property and index access
 * and the pure string, logical, numeric and array functions a template alone
 * decides (concat, format, substring, indexOf, toLower, if, equals, length,
 * range, split, ...). Returns a node of the template (objects, arrays) or a
 * new scalar in the plan's arena at n's position (strings; numbers and
 * booleans as plain scalars), or NULL when the expression needs a deployment
 * (resourceGroup(), reference(), copyIndex(), uniqueString(), ...), uses a
 * function not evaluated here, is malformed, or the budget is spent. `depth`
 * is passed on to env.
 */
const aivm_ynode *aivm_plan__arm_eval(aivm_plan *plan, const aivm_ynode *n, const aivm_arm_env *env,
                                      int depth);

int aivm_plan__read_terraform(aivm_plan *plan, const aivm_ynode *root, const char *file,
                              aivm_error *err);
int aivm_plan__read_arm(aivm_plan *plan, const aivm_ynode *root, const char *file, aivm_error *err);
int aivm_plan__read_file(aivm_plan *plan, const aivm_ynode *root, const char *file,
                         aivm_error *err);

#endif
