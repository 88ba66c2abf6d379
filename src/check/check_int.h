/* check_int.h - what the check steps share: the finding list and its
 * helpers (check_findings.c), and the memory-fit step (check_sizing.c,
 * AIVM007/AIVM008) that check.c runs. */
#ifndef AIVM_CHECK_INT_H
#define AIVM_CHECK_INT_H

#include "aivm/advise.h"
#include "aivm/check.h"

typedef struct {
    aivm_finding *v;
    size_t n, cap;
} aivm_check__flist;

/** Append a zeroed finding (position of the resource's size) and return it. */
aivm_finding *aivm_check__add(aivm_check__flist *l, const char *id, aivm_severity sev,
                              const aivm_plan_resource *res);
void aivm_check__guidance(aivm_finding *f, const char *const *g, size_t n);
/** A printf-formatted message the caller frees. */
char *aivm_check__fmt(const char *format, ...) AIVM_PRINTF(1, 2);
/** GPU memory of one VM of `s` (GB); 0 without GPU. */
double aivm_check__gpu_total(const aivm_size *s);

/** Resolve the item's sizing into `sz` (kept by the caller) and point its
 *  workload at it. Returns 0, AIVM_ENOTFOUND or AIVM_EINVALID at the tag. */
int aivm_check__resolve_sizing(aivm_check_item *it, aivm_sizing *sz, const aivm_check_opts *o,
                               aivm_error *err);
/** AIVM007/AIVM008 for the planned deployment (sizing or the gpu_need hook). */
void aivm_check__sizing_findings(aivm_check__flist *l, aivm_check_item *it,
                                 const aivm_check_opts *o);

/** vCPUs the resources checked so far take from the quota, per region, family
 *  and priority: a plan shares one quota (check_avail.c). One entry per
 *  (region, family key, priority), summed: a plan of many resources is
 *  judged in time linear in its resources, not quadratic. */
typedef struct {
    const char *region;
    char family[128]; /* aivm_avail_family_key() of the family; "" when unknown */
    bool spot;
    double vcpus;
} aivm_check__quota_use;

typedef struct {
    aivm_check__quota_use *v;
    size_t n, cap;
} aivm_check__quota_tally;

/** AIVM013 (quota, counting what earlier resources in `t` take) and AIVM017
 *  (absent or restricted in the SKU list) from o->avail for the planned
 *  location; adds the resource's need to `t` (check_avail.c). */
void aivm_check__avail_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_check_opts *o,
                                aivm_check__quota_tally *t);
/** The item's planned deployment (it->deploy, priced, hourly) from its price
 *  and work through aivm_deployment_eval(); call again when either changes. */
void aivm_check__deploy(aivm_check_item *it);
/** Free a report's diff and the base report it owns (check_diff.c); NULL is fine. */
void aivm_check__diff_free(aivm_check_diff *d);
/** The report's cost totals from its items (hourly, monthly, unpriced count). */
void aivm_check__totals(aivm_check_report *rep);

/** With an amount of work: the item's estimate on the planned deployment
 *  (it->work), and AIVM014 when the suggested size in `adv` does the same work
 *  (meets the same serving target) for at least AIVM_CHECK_WORK_CHEAPER less
 *  (docs/throughput.md). */
void aivm_check__work_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_catalog *cat,
                               const aivm_advice *adv);
/** AIVM014 fires when another size costs at most this share of the planned work. */
#define AIVM_CHECK_WORK_CHEAPER 0.7

#endif
