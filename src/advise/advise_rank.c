/*
 * advise_rank.c - the one ranking of the advice (docs/ranking.md).
 *
 * Feasibility is decided before this runs: every candidate here can do the
 * job (rules that exclude or require, the memory fit, the precision, the OS,
 * the interconnect, the region, the lifecycle). What remains is the order:
 *
 *  - the need is known (a model size): the objective is the cost of the
 *    deployment that does the job, price x VMs under the pricing model. The
 *    guidance preferences (prefer/penalize rules) move it within a bounded
 *    band: AIVM_PREF_PCT_PER_POINT % of the cost per score point, at most
 *    AIVM_PREF_CAP_PCT % in all, so they order sizes of similar cost and never
 *    buy a far dearer one. Tiers come first: an inference replica that fits
 *    one VM before one spread over several; priced sizes before unpriced ones.
 *  - no model size: the guidance's class is all there is to go on, so the
 *    score leads and the price breaks ties.
 *  - an explicit --sort key (price, per GPU, per GB of GPU memory).
 *
 * Swapping the objective for the cost of the work (time x price) is a change
 * to objective_cost() alone.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/util.h"
#include "util/mathutil.h"

enum {
    TIER_FITS = 0,
    TIER_REPLICAS = 1, /* the concurrency split over independent one-VM replicas */
    TIER_MULTI_VM = 2, /* one replica across VMs */
    TIER_UNPRICED = 3,
    TIER_OS_UNDOCUMENTED = 4,
    TIER_NO_ESTIMATE = 5, /* a work amount whose time on the size is unknown (docs/throughput.md) */
    TIER_OVER_MAX_DAYS = 6 /* training that takes longer than --max-days even scaled out */
};

static const char *const tier_ids[] = {"fits",         "replicas",        "multi-vm-replica",
                                       "unpriced",     "os-undocumented", "no-estimate",
                                       "over-max-days"};

static unsigned vms_of(const aivm_candidate *c)
{
    return c->deploy.vms ? c->deploy.vms : 1;
}

/* The objective's raw value, from the one deployment record: its hourly
 * cost; with a training amount, the job's cost; with a serving target, the
 * hourly cost of the VMs that meet it (already in deploy.hourly). */
static bool objective_cost(const aivm_candidate *c, double *cost)
{
    const aivm_deployment *d = &c->deploy;
    if (c->has_work && c->work.known && c->work.phase == AIVM_PHASE_TRAIN) {
        *cost = d->job_cost;
        return d->has_job_cost;
    }
    *cost = d->hourly;
    return d->has_hourly;
}

/* Catalog prices are Linux pay-as-you-go (and spot) in USD: when the price
 * asked for cannot be had from them (--os windows, --pricing reserved-1y or
 * savings plans, another --currency), sizes are still ordered by their
 * catalog pay-as-you-go price, the nearest proxy (a Windows VM costs that
 * plus a licence; commitments discount it), and the price shown stays
 * unknown. Not for spot (a size without a spot offer ranks after those with
 * one) nor for live or cached prices (unknown there means unknown). */
static bool reference_cost(const aivm_candidate *c, const aivm_workload *wl, double *cost)
{
    const aivm_size *s = c->size;
    const aivm_region_price *rp;
    if (c->price.source == AIVM_PRICE_LIVE || c->price.source == AIVM_PRICE_CACHE ||
        !s->has_price || c->price.pricing == AIVM_PRICING_SPOT)
        return false;
    rp = aivm_size_price_for(s, c->region ? c->region : wl->region, NULL);
    if (!rp)
        return false;
    *cost = rp->on_demand * vms_of(c);
    if (c->has_work && c->work.known && c->work.phase == AIVM_PHASE_TRAIN)
        *cost *= c->work.wall_hours;
    return true;
}

static double clamp(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void decompose(aivm_candidate *c, const aivm_workload *wl, aivm_objective obj)
{
    aivm_ranking *r = &c->ranking;
    double pct = 0;
    free(r->reason);
    memset(r, 0, sizeof *r);
    r->objective = obj;
    for (size_t i = 0; i < c->n_reasons; i++) {
        c->reasons[i].effect_pct = c->reasons[i].delta * AIVM_PREF_PCT_PER_POINT;
        pct += c->reasons[i].effect_pct;
    }
    r->preference_pct = clamp(pct, -AIVM_PREF_CAP_PCT, AIVM_PREF_CAP_PCT);
    r->has_cost = objective_cost(c, &r->cost);
    if (!r->has_cost && reference_cost(c, wl, &r->cost))
        r->has_cost = r->cost_is_linux_reference = true;
    r->adjusted_cost = r->has_cost ? r->cost * (1 - r->preference_pct / 100) : 0;
    r->cost_is_work = r->has_cost && c->has_work && c->work.known;
    r->deployment_hourly =
        r->cost_is_linux_reference
            ? (c->has_work && c->work.known && c->work.phase == AIVM_PHASE_TRAIN &&
                       c->work.wall_hours > 0
                   ? r->cost / c->work.wall_hours
                   : r->cost)
            : c->deploy.hourly;
    r->adjusted_hourly = r->deployment_hourly * (1 - r->preference_pct / 100);
    if (obj == AIVM_OBJ_GUIDANCE && wl->spot && !r->has_cost)
        r->tier = TIER_UNPRICED; /* --spot: no known spot offer ranks after those with one */
    if (obj == AIVM_OBJ_COST) {
        if (!r->has_cost)
            r->tier = TIER_UNPRICED;
        else if (wl->phase == AIVM_PHASE_INFERENCE && c->has_fit && c->fit.replica_vms > 1)
            r->tier = TIER_MULTI_VM;
        else if (wl->phase == AIVM_PHASE_INFERENCE && c->has_fit && c->fit.replicas > 1 &&
                 !c->has_work)
            r->tier = TIER_REPLICAS; /* one VM that serves it all comes first (with a serving
                                        target, replicas are how any size meets it: the cost
                                        of meeting it decides) */
        else
            r->tier = TIER_FITS;
        if (c->has_work && !c->work.known)
            r->tier = TIER_NO_ESTIMATE;
        else if (c->has_work && c->work.over_max_days)
            r->tier = TIER_OVER_MAX_DAYS; /* finishing in time comes first (priced first
                                             within, as in every tier) */
    }
    if (wl->os == AIVM_OS_WINDOWS && c->size->has_gpu) { /* GPU drivers decide; CPU sizes
                                                             only get the rule's penalty */
        bool known = false;
        aivm_size_supports_os(c->size, "windows", &known);
        if (!known) /* a size known to run Windows before one that may not */
            r->tier = TIER_OS_UNDOCUMENTED;
    }
    r->tier_id = tier_ids[r->tier];
}

/* The --sort key: deployment price per hour, per GPU or per GB of GPU memory. */
static bool sort_key(const aivm_candidate *c, aivm_sort sort, double *key)
{
    const aivm_size *s = c->size;
    double total = c->deploy.hourly;
    if (sort >= AIVM_SORT_JOB_COST)
        return aivm_advise__work_key(c, sort, key);
    if (!c->deploy.has_hourly)
        return false;
    switch (sort) {
    case AIVM_SORT_PRICE_PER_GPU:
        if (!s->has_gpu || !(s->gpu_count > 0))
            return false;
        *key = total / (s->gpu_count * vms_of(c));
        return true;
    case AIVM_SORT_PRICE_PER_GPU_MEMORY:
        if (!s->has_gpu || !(s->gpu_count * s->gpu_memory_gb > 0))
            return false;
        *key = total / (s->gpu_count * s->gpu_memory_gb * vms_of(c));
        return true;
    default:
        *key = total;
        return true;
    }
}

static int by_score(const aivm_candidate *x, const aivm_candidate *y)
{
    double sx = aivm_round(x->score * 1e6), sy = aivm_round(y->score * 1e6);
    return sx != sy ? (sx > sy ? -1 : 1) : 0;
}

static int by_name(const aivm_candidate *x, const aivm_candidate *y)
{
    return strcmp(aivm_str(&x->size->name), aivm_str(&y->size->name));
}

static int cmp_guidance(const aivm_candidate *x, const aivm_candidate *y)
{
    const aivm_ranking *a = &x->ranking, *b = &y->ranking;
    int c = a->tier != b->tier ? (a->tier < b->tier ? -1 : 1) : by_score(x, y);
    if (c)
        return c;
    if (a->spot && x->price.has_spot != y->price.has_spot)
        return x->price.has_spot ? -1 : 1;
    if (a->spot && x->price.has_spot && x->price.spot != y->price.spot)
        return x->price.spot < y->price.spot ? -1 : 1;
    if (a->has_cost != b->has_cost)
        return a->has_cost ? -1 : 1;
    if (a->has_cost && a->cost != b->cost)
        return a->cost < b->cost ? -1 : 1;
    return 0;
}

static int cmp_cost(const aivm_candidate *x, const aivm_candidate *y)
{
    const aivm_ranking *a = &x->ranking, *b = &y->ranking;
    double ka, kb;
    if (a->tier != b->tier)
        return a->tier < b->tier ? -1 : 1;
    if (a->tier == TIER_OVER_MAX_DAYS && x->work.wall_hours != y->work.wall_hours)
        return x->work.wall_hours < y->work.wall_hours ? -1 : 1; /* nearest the deadline first */
    if (a->has_cost != b->has_cost) /* within a tier too: priced first */
        return a->has_cost ? -1 : 1;
    if (a->has_cost) {
        ka = aivm_round(a->adjusted_cost * 1e6);
        kb = aivm_round(b->adjusted_cost * 1e6);
        if (ka != kb)
            return ka < kb ? -1 : 1;
    }
    return by_score(x, y);
}

static int cmp_sort(const aivm_candidate *x, const aivm_candidate *y)
{
    double kx = x->ranking.sort_key, ky = y->ranking.sort_key;
    bool hx = x->ranking.has_sort_key, hy = y->ranking.has_sort_key;
    if (hx != hy)
        return hx ? -1 : 1;
    if (hx && kx != ky)
        return kx < ky ? -1 : 1;
    return by_score(x, y);
}

static int cand_cmp(const void *pa, const void *pb)
{
    const aivm_candidate *x = pa, *y = pb;
    int c;
    switch (x->ranking.objective) {
    case AIVM_OBJ_COST:
        c = cmp_cost(x, y);
        break;
    case AIVM_OBJ_SORT:
        c = cmp_sort(x, y);
        break;
    default:
        c = cmp_guidance(x, y);
        break;
    }
    return c ? c : by_name(x, y);
}

static const char os_undocumented[] =
    "its series does not document Windows support: ranked after the sizes that do";

/* A candidate ranked after others by its tier: says why and returns true;
 * false for the tiers a cost orders. */
static bool explain_tier(aivm_buf *b, const aivm_candidate *c, const aivm_workload *wl)
{
    const aivm_ranking *r = &c->ranking;
    unsigned n = vms_of(c);
    switch (r->tier) {
    case TIER_OS_UNDOCUMENTED:
        aivm_buf_puts(b, os_undocumented);
        return true;
    case TIER_NO_ESTIMATE:
        aivm_buf_printf(b,
                        "can do the job, but its time is unknown (%s): ranked after the "
                        "sizes with an estimate",
                        aivm_tp_unknown_name(c->work.why));
        return true;
    case TIER_UNPRICED:
        aivm_buf_printf(b,
                        "can do the job, but has no known %s price: ranked after every "
                        "priced size",
                        aivm_pricing_name(c->price.pricing));
        return true;
    case TIER_OVER_MAX_DAYS:
        aivm_buf_printf(b,
                        "takes %.0f days on %u VM%s, over --max-days %g (%s): ranked after "
                        "the sizes that finish in time, the fastest first",
                        c->work.wall_hours / 24, n, n == 1 ? "" : "s", c->work.max_days,
                        (wl->set & AIVM_WL_NODES) ? "--nodes pinned"
                        : c->size->infiniband     ? "--max-nodes reached"
                                                  : "no InfiniBand to train across VMs");
        return true;
    default:
        return false;
    }
}

/* Whether `a` costs less than `b` before the guidance preferences, both of
 * the same tier and costed on the same basis (so the two figures compare). */
static bool cheaper_before_preferences(const aivm_ranking *a, const aivm_ranking *b)
{
    return a->tier == b->tier && a->has_cost && b->has_cost &&
           a->cost_is_linux_reference == b->cost_is_linux_reference &&
           a->cost < b->cost * (1 - 1e-9);
}

/* The candidate of #1's tier with the lowest cost before the guidance
 * preferences (the first of equals in rank order): #1 unless a preference
 * put a dearer size first, which its sentence then says. */
static const aivm_candidate *cheapest_of_first_tier(const aivm_advice *adv)
{
    const aivm_candidate *best = adv->n_ranked ? &adv->ranked[0] : NULL;
    for (size_t i = 1; i < adv->n_ranked; i++)
        if (cheaper_before_preferences(&adv->ranked[i].ranking, &best->ranking))
            best = &adv->ranked[i];
    return best;
}

/* A costed candidate: its deployment's price per hour (and the job's), the
 * guidance preferences, and where it stands against #1 (and, for a size
 * cheaper than #1 before the preferences, by how much). */
static void explain_cost(aivm_buf *b, const aivm_candidate *c, const aivm_candidate *first,
                         const aivm_candidate *cheapest, const aivm_workload *wl)
{
    const aivm_ranking *r = &c->ranking;
    const char *cur = c->deploy.currency;
    unsigned n = vms_of(c);
    if (r->cost_is_linux_reference)
        aivm_buf_printf(b,
                        "no %s price in the catalog: ordered by its pay-as-you-go "
                        "reference price, ",
                        wl->os == AIVM_OS_WINDOWS ? "Windows"
                                                  : aivm_pricing_name(c->price.pricing));
    if (c->has_work && c->work.known && !r->cost_is_linux_reference) {
        double per_hour = r->deployment_hourly;
        aivm_buf_printf(b, "%u x %.3f = %.3f %s/hour", n, per_hour / n, per_hour, cur);
        aivm_advise__work_explain(b, c);
    } else if (r->cost_is_linux_reference) {
        aivm_buf_printf(b, "%u x %.3f = %.3f USD/hour", n, r->deployment_hourly / n,
                        r->deployment_hourly);
    } else {
        aivm_buf_printf(b, "%u x %.3f = %.3f %s/hour", n, r->cost / n, r->cost, cur);
    }
    if (fabs(r->preference_pct) >= 0.005)
        aivm_buf_printf(b, ", guidance preferences %+.1f%% -> %.3f", r->preference_pct,
                        r->adjusted_cost);
    if (c == first && cheapest && cheapest != first)
        /* a preference put a dearer size first: never called the cheapest */
        aivm_buf_printf(b,
                        ": the lowest after the guidance preferences; #%u %s costs %.0f%% less "
                        "before them",
                        cheapest->rank, aivm_str(&cheapest->size->name),
                        (1 - cheapest->ranking.cost / r->cost) * 100);
    else if (c == first)
        aivm_buf_puts(b, r->tier == TIER_MULTI_VM ? ": the cheapest size that can hold a "
                                                    "replica, across VMs"
                         : r->tier == TIER_REPLICAS
                             ? ": no VM holds it all; the cheapest split over one-VM replicas"
                             : ": the cheapest deployment that does the job");
    else if (first->ranking.has_cost && first->ranking.adjusted_cost > 0) {
        aivm_buf_printf(b, ": %.2fx #1%s", r->adjusted_cost / first->ranking.adjusted_cost,
                        r->tier == TIER_MULTI_VM ? " (a replica spans VMs)" : "");
        if (cheaper_before_preferences(r, &first->ranking))
            aivm_buf_printf(b, " after the guidance preferences, %.0f%% cheaper before them",
                            (1 - r->cost / first->ranking.cost) * 100);
    }
}

/* One sentence per candidate: why it stands where it does. */
static void explain(aivm_candidate *c, const aivm_candidate *first, const aivm_candidate *cheapest,
                    aivm_buf *b, const aivm_workload *wl)
{
    const aivm_ranking *r = &c->ranking;
    aivm_buf_clear(b);
    switch (r->objective) {
    case AIVM_OBJ_COST:
        if (!explain_tier(b, c, wl))
            explain_cost(b, c, first, cheapest, wl);
        break;
    case AIVM_OBJ_SORT:
        aivm_buf_printf(b, "ordered by --sort %s", aivm_sort_name(r->sort));
        break;
    default:
        if (r->tier == TIER_OS_UNDOCUMENTED)
            aivm_buf_puts(b, os_undocumented);
        else if (r->tier == TIER_UNPRICED && c->price.pricing == AIVM_PRICING_SPOT)
            aivm_buf_puts(b, "no known spot price (no spot offer published): ranked after the "
                             "sizes with one");
        else
            aivm_buf_printf(b,
                            "no model size given: guidance score %.2f leads, the price breaks "
                            "ties (give --params or --model to rank by cost)",
                            c->score);
        break;
    }
    c->ranking.reason = aivm_xstrndup(b->ptr ? b->ptr : "", b->size);
}

void aivm_advise__rank(aivm_advice *adv, aivm_sort sort)
{
    const aivm_workload *wl = adv->workload;
    aivm_objective obj = sort != AIVM_SORT_SCORE             ? AIVM_OBJ_SORT
                         : wl->sizing || adv->cost_objective ? AIVM_OBJ_COST
                                                             : AIVM_OBJ_GUIDANCE;
    aivm_buf b = AIVM_BUF_INIT;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_ranking *r = &adv->ranked[i].ranking;
        decompose(&adv->ranked[i], wl, obj);
        r->sort = sort;
        r->spot = wl->spot;
        r->sort_key = 0;
        r->has_sort_key = sort_key(&adv->ranked[i], sort, &r->sort_key);
    }
    qsort(adv->ranked, adv->n_ranked, sizeof *adv->ranked, cand_cmp);
    for (size_t i = 0; i < adv->n_ranked; i++)
        adv->ranked[i].rank = (unsigned)i + 1;
    {
        const aivm_candidate *cheapest = cheapest_of_first_tier(adv);
        for (size_t i = 0; i < adv->n_ranked; i++)
            explain(&adv->ranked[i], &adv->ranked[0], cheapest, &b, wl);
    }
    aivm_buf_dispose(&b);
    adv->n_shown = adv->top && adv->top < adv->n_ranked ? adv->top : adv->n_ranked;
}
