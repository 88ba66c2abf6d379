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

#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/util.h"
#include "util/mathutil.h"

static const char *const sort_names[] = {"score", "price", "price-per-gpu", "price-per-gpu-memory"};

const char *aivm_sort_name(aivm_sort s)
{
    return (unsigned)s < 4 ? sort_names[s] : "unknown";
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
    if (r->reason_id && strcmp(r->reason_id, "max-price-per-hour") == 0)
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

/* The sort key of a candidate: deployment price per hour, per GPU or per
 * GB of GPU memory. False when unknown (no price, or no GPU to divide by). */
static bool sort_key(const aivm_candidate *c, aivm_sort sort, double *key)
{
    const aivm_size *s = c->size;
    double total;
    if (!c->price.has_hourly)
        return false;
    total = c->price.hourly * (c->instances ? c->instances : 1);
    switch (sort) {
    case AIVM_SORT_PRICE_PER_GPU:
        if (!s->has_gpu || !(s->gpu_count > 0))
            return false;
        *key = total / (s->gpu_count * (c->instances ? c->instances : 1));
        return true;
    case AIVM_SORT_PRICE_PER_GPU_MEMORY:
        if (!s->has_gpu || !(s->gpu_count * s->gpu_memory_gb > 0))
            return false;
        *key = total / (s->gpu_count * s->gpu_memory_gb * (c->instances ? c->instances : 1));
        return true;
    default:
        *key = total;
        return true;
    }
}

/* qsort has no context argument: set just before sorting. */
static aivm_sort g_sort;
static bool g_spot_ties; /* --spot: equal scores are ordered by spot price first */

static int cost_cmp(const void *a, const void *b)
{
    const aivm_candidate *x = a, *y = b;
    double kx = 0, ky = 0;
    bool hx = sort_key(x, g_sort, &kx), hy = sort_key(y, g_sort, &ky);
    double sx = aivm_round(x->score * 1e6), sy = aivm_round(y->score * 1e6);
    if (g_sort != AIVM_SORT_SCORE) {
        if (hx != hy)
            return hx ? -1 : 1;
        if (hx && kx != ky)
            return kx < ky ? -1 : 1;
        if (sx != sy)
            return sx > sy ? -1 : 1;
    } else {
        if (sx != sy)
            return sx > sy ? -1 : 1;
        if (g_spot_ties && x->price.has_spot != y->price.has_spot)
            return x->price.has_spot ? -1 : 1;
        if (g_spot_ties && x->price.has_spot && x->price.spot != y->price.spot)
            return x->price.spot < y->price.spot ? -1 : 1;
        if (hx != hy)
            return hx ? -1 : 1;
        if (hx && kx != ky)
            return kx < ky ? -1 : 1;
    }
    return strcmp(aivm_str(&x->size->name), aivm_str(&y->size->name));
}

static int rej_cmp(const void *a, const void *b)
{
    const aivm_rejection *x = a, *y = b;
    return strcmp(aivm_str(&x->size->name), aivm_str(&y->size->name));
}

static void reject_for_budget(aivm_advice *adv, aivm_candidate *c, const aivm_cost_opts *o)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_rejection *r;
    const char *cur = c->price.currency ? c->price.currency : "USD";
    if (c->price.has_hourly)
        aivm_buf_printf(&b, "costs %.3f %s/hour (%s), over --max-price-per-hour %g",
                        c->price.hourly * (c->instances ? c->instances : 1), cur,
                        aivm_pricing_name(o->pricing), o->max_price);
    else
        aivm_buf_printf(&b,
                        "no known %s price in %s, so it cannot be held to "
                        "--max-price-per-hour %g",
                        aivm_pricing_name(o->pricing), c->price.region ? c->price.region : "?",
                        o->max_price);
    adv->rejected = aivm_xrealloc(adv->rejected, (adv->n_rejected + 1) * sizeof *adv->rejected);
    r = &adv->rejected[adv->n_rejected++];
    memset(r, 0, sizeof *r);
    r->size = c->size;
    r->rule = NULL;
    r->reason_id = "max-price-per-hour";
    r->message = aivm_buf_detach(&b);
    for (size_t j = 0; j < c->n_reasons; j++)
        free(c->reasons[j].message);
    free(c->reasons);
    c->reasons = NULL;
    c->n_reasons = 0;
}

int aivm_advice_rank_by_cost(aivm_advice *adv, const aivm_cost_opts *o, aivm_error *err)
{
    size_t kept = 0, unknown = 0, rejected_before = adv->n_rejected;
    (void)err;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_price *p = &adv->ranked[i].price;
        p->pricing = o->pricing;
        p->has_hourly = p->known[o->pricing];
        p->hourly = p->has_hourly ? p->alt[o->pricing] : 0;
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
    g_sort = o->sort;
    g_spot_ties = adv->workload->spot;
    qsort(adv->ranked, adv->n_ranked, sizeof *adv->ranked, cost_cmp);
    if (adv->n_rejected != rejected_before) /* budget rejections joined the sorted list */
        qsort(adv->rejected, adv->n_rejected, sizeof *adv->rejected, rej_cmp);
    for (size_t i = 0; i < adv->n_ranked; i++)
        adv->ranked[i].rank = (unsigned)i + 1;
    adv->n_shown = adv->top && adv->top < adv->n_ranked ? adv->top : adv->n_ranked;
    for (size_t i = 0; i < adv->n_shown; i++)
        if (adv->ranked[i].price.source != AIVM_PRICE_NONE && !adv->ranked[i].price.has_hourly)
            unknown++;
    if (unknown) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_buf_printf(&b,
                        "%zu of the %zu sizes shown have no known %s price (shown as "
                        "unknown, never 0)",
                        unknown, adv->n_shown, aivm_pricing_name(o->pricing));
        aivm_advice_add_warning(adv, b.ptr);
        aivm_buf_dispose(&b);
    }
    if (adv->n_ranked == 0 && o->has_max_price)
        aivm_advice_add_warning(adv, "no size fits within --max-price-per-hour (see the "
                                     "rejected list)");
    return 0;
}
