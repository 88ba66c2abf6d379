/*
 * advise_cost.c - ranking by what a deployment costs. Runs after the
 * candidates carry prices (catalog, cache or live): picks the hourly price
 * under the pricing model asked for, applies the --max-price-per-hour
 * budget (rejected sizes say why), sorts by score or by price, price per
 * GPU or price per GB of GPU memory, and re-numbers ranks. A missing price
 * is never treated as 0: unknown prices sort last and fail a budget.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/util.h"
#include "util/mathutil.h"

static const char *const sort_names[] = {
    "score",    "price", "price-per-gpu", "price-per-gpu-memory",
    "job-cost", "time",  "cost-per-token"};

const char *aivm_sort_name(aivm_sort s)
{
    return (unsigned)s < sizeof sort_names / sizeof sort_names[0] ? sort_names[s] : "unknown";
}

int aivm_sort_parse(aivm_sort *out, const char *s, aivm_error *err)
{
    int v = 0;
    int rc =
        aivm_enum_parse(&v, s, sort_names, sizeof sort_names / sizeof sort_names[0], "sort", err);
    if (rc == 0)
        *out = (aivm_sort)v;
    return rc;
}

static const char *g13_items[] = {"G13"};
static const aivm_strlist g13 = {g13_items, 1};
static const aivm_strlist no_guidance = {NULL, 0};

const char *aivm_rejection_id(const aivm_rejection *r)
{
    if (r->rule)
        return aivm_rule_id(r->rule);
    return r->reason_id ? r->reason_id : "unknown";
}

const aivm_strlist *aivm_rejection_guidance(const aivm_rejection *r)
{
    if (r->rule)
        return aivm_rule_guidance(r->rule);
    if (r->reason_id && (strcmp(r->reason_id, "max-price-per-hour") == 0 ||
                         strcmp(r->reason_id, "availability") == 0))
        return &g13;
    return &no_guidance;
}

void aivm_advice_clear_prices_of(aivm_candidate *c)
{
    aivm_price *p = &c->price;
    aivm_os os = p->os;
    const char *region = p->region;
    memset(p, 0, sizeof *p);
    p->os = os;
    p->region = region;
    p->currency = "USD";
}

void aivm_advice_clear_prices(aivm_advice *adv)
{
    for (size_t i = 0; i < adv->n_ranked; i++)
        aivm_advice_clear_prices_of(&adv->ranked[i]);
}

static int rej_cmp(const void *a, const void *b)
{
    const aivm_rejection *x = a, *y = b;
    return strcmp(aivm_str(&x->size->name), aivm_str(&y->size->name));
}

void aivm_advise__sort_rejected(aivm_advice *adv)
{
    qsort(adv->rejected, adv->n_rejected, sizeof *adv->rejected, rej_cmp);
}

void aivm_advise__reject(aivm_advice *adv, aivm_candidate *c, const char *reason_id, char *message)
{
    aivm_rejection *r;
    adv->rejected = aivm_xrealloc(adv->rejected, (adv->n_rejected + 1) * sizeof *adv->rejected);
    r = &adv->rejected[adv->n_rejected++];
    memset(r, 0, sizeof *r);
    r->size = c->size;
    r->reason_id = reason_id;
    r->message = message;
    for (size_t j = 0; j < c->n_reasons; j++)
        free(c->reasons[j].message);
    free(c->reasons);
    free(c->ranking.reason);
    free(c->avail);
    c->reasons = NULL;
    c->n_reasons = 0;
    c->ranking.reason = NULL;
    c->avail = NULL;
}

static void reject_for_budget(aivm_advice *adv, aivm_candidate *c, const aivm_cost_opts *o)
{
    aivm_buf b = AIVM_BUF_INIT;
    const char *cur = c->price.currency ? c->price.currency : "USD";
    if (c->price.has_hourly)
        aivm_buf_printf(&b, "costs %.3f %s/hour (%s), over --max-price-per-hour %g",
                        c->price.hourly * (c->instances ? c->instances : 1), cur,
                        aivm_pricing_name(c->price.pricing), o->max_price);
    else
        aivm_buf_printf(&b,
                        "no known %s price in %s, so it cannot be held to "
                        "--max-price-per-hour %g",
                        aivm_pricing_name(c->price.pricing),
                        c->price.region ? c->price.region : "?", o->max_price);
    aivm_advise__reject(adv, c, "max-price-per-hour", aivm_buf_detach(&b));
}

int aivm_advice_rank_by_cost(aivm_advice *adv, const aivm_cost_opts *o, aivm_error *err)
{
    size_t kept = 0, unknown = 0, rejected_before = adv->n_rejected;
    /* --spot makes spot the default pricing: the job runs on spot capacity. */
    aivm_pricing pricing = adv->workload->spot && o->pricing == AIVM_PRICING_ON_DEMAND
                               ? AIVM_PRICING_SPOT
                               : o->pricing;
    (void)err;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_price *p = &adv->ranked[i].price;
        p->pricing = pricing;
        p->has_hourly = p->known[pricing];
        p->hourly = p->has_hourly ? p->alt[pricing] : 0;
    }
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        double total = c->price.hourly * (c->instances ? c->instances : 1);
        if (o->has_max_price && (!c->price.has_hourly || total > o->max_price)) {
            reject_for_budget(adv, c, o);
            continue;
        }
        if (kept != i)
            adv->ranked[kept] = *c;
        kept++;
    }
    adv->n_ranked = kept;
    aivm_advice_rank(adv, o->sort);
    if (adv->n_rejected != rejected_before) /* budget rejections joined the sorted list */
        aivm_advise__sort_rejected(adv);
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_price *p = &adv->ranked[i].price;
        if (p->has_hourly || (p->source == AIVM_PRICE_NONE && adv->workload->os == AIVM_OS_WINDOWS))
            continue; /* Windows without a catalog price has its own warning */
        unknown++;
    }
    aivm_advise__extras(adv); /* the advice beside the table speaks of the size shown first */
    if (adv->n_ranked && adv->ranked[0].has_work && adv->ranked[0].work.over_max_days) {
        aivm_advise__warnf(adv,
                           "no size finishes the job within --max-days %g on at most %u VMs "
                           "(--max-nodes): ranked by the cost of the work; raise --max-nodes or "
                           "--max-days",
                           adv->ranked[0].work.max_days, adv->workload->sizing->max_nodes);
    }
    if (unknown) {
        aivm_advise__warnf(adv,
                           "%zu of the %zu sizes shown %s no known %s price (shown as "
                           "unknown, never 0)",
                           unknown, adv->n_shown, unknown == 1 ? "has" : "have",
                           aivm_pricing_name(pricing));
    }
    if (adv->n_ranked == 0 && o->has_max_price)
        aivm_advice_add_warning(adv, "no size fits within --max-price-per-hour (see the "
                                     "rejected list)");
    return 0;
}
