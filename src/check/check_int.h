/* check_int.h - what the check steps share: the finding list and its
 * helpers (check_findings.c), the suggested size (check_suggest.c), the
 * findings on the planned size (check_judge.c), the memory-fit step
 * (check_sizing.c, AIVM007/AIVM008) and the waivers (check_waive.c) that
 * check.c runs per item. */
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
/** The candidate of size `s` in `adv`'s ranking (borrowed); NULL when not ranked. */
const aivm_candidate *aivm_check__candidate_of(const aivm_advice *adv, const aivm_size *s);
/** AIVM014 fires when another size costs at most this share of the planned work. */
#define AIVM_CHECK_WORK_CHEAPER 0.7

/* --- The suggested size (check_suggest.c) --------------------------------- */

/** Recommend's advice for one distinct workload; the advice borrows `wl`. */
typedef struct {
    aivm_workload *wl; /* heap copy */
    aivm_advice *adv;
} aivm_check__cached;

/** Advice per distinct workload over a run: large plans repeat a handful. */
typedef struct {
    aivm_check__cached *v;
    size_t n, cap;
} aivm_check__advice_cache;

/** Recommend's advice (aivm_recommend) for the item's workload under the same
 *  constraints as `recommend` would judge it: its region (or the default
 *  region when the plan names none or one that is not a region), the --skus
 *  and --quota snapshots, OS, precision and work amount. Owned by `c`; NULL
 *  when the advice fails. */
const aivm_advice *aivm_check__advice_for(aivm_check__advice_cache *c, const aivm_catalog *cat,
                                          const aivm_rules *rules, const aivm_check_item *it,
                                          const aivm_check_opts *o);
/** Free every advice of `c` and its storage. */
void aivm_check__advice_cache_dispose(aivm_check__advice_cache *c);
/** What prefer rules (AIVM009) compare the plan with: the first size of the
 *  planned family, in the cost order, that passes the check and holds at
 *  least what is planned (failing that, the first that raises no error, or
 *  the passing GPU size closest below the planned GPU memory); NULL when the
 *  plan itself comes first, or nothing passes. Borrowed from the catalog. */
const aivm_size *aivm_check__pick_family(const aivm_advice *adv, const aivm_rules *rules,
                                         const aivm_check_item *it);

/* --- Findings on the planned size (check_judge.c) ------------------------- */

/** The findings of the rules that carry a check id; `newer` is the pick of
 *  aivm_check__pick_family(), what prefer rules compare the plan with. */
void aivm_check__rule_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_rules *rules,
                               const aivm_size *newer);
/** AIVM001, AIVM011, AIVM004, AIVM010, then the memory fit (AIVM007/AIVM008). */
void aivm_check__builtin_findings(aivm_check__flist *l, aivm_check_item *it,
                                  const aivm_catalog *cat, const aivm_check_opts *o);

/* --- Waivers of a run (check_waive.c) ------------------------------------- */

/** The waivers of one run: the plan's aivm-waive tags and the file's use. */
typedef struct {
    aivm_waivers *inline_w;
    const aivm_plan_resource **inline_res; /* resource of each inline waiver */
    const aivm_plan_resource **file_first; /* first resource each file waiver matches */
    bool *file_used, *inline_used;         /* the waiver waived a finding of this run */
    char **waive_errs;                     /* per plan resource: its malformed aivm-waive */
    aivm_loc *waive_locs;
} aivm_check__waiving;

/** Parse the plan's aivm-waive tags (a malformed one is kept in waive_errs
 *  for its resource's AIVM021) and match `file`'s waivers to resources.
 *  `w` starts zeroed; release with aivm_check__waiving_dispose(). */
void aivm_check__waiving_init(aivm_check__waiving *w, const aivm_plan *plan,
                              const aivm_waivers *file);
/** AIVM012 for the expired waivers of the item's resource, then waive each
 *  finding of `l` that a live waiver names (marking the waiver used). */
void aivm_check__waive_item(aivm_check__flist *l, const aivm_check__waiving *w,
                            const aivm_check_item *it, const aivm_check_opts *o);
/** AIVM022 for each waiver that waived nothing in this run; returns how many. */
size_t aivm_check__waiver_orphans(aivm_check__flist *all, const aivm_check__waiving *w,
                                  const aivm_check_opts *o);
/** Free what aivm_check__waiving_init() allocated (`n_items`: the plan's count). */
void aivm_check__waiving_dispose(aivm_check__waiving *w, size_t n_items);

#endif
