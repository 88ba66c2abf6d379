/*
 * advise_cost.c - the budget and the rejected list: --max-price-per-hour
 * bounds each candidate's deployment (its hourly cost; with a serving
 * target, the VMs that meet it), a candidate without a price fails a
 * budget (never 0), and rejections stay sorted by size name. Also the
 * names of --sort and the ids and guidance of built-in rejections.
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
    "score",    "price", "price-per-gpu",  "price-per-gpu-memory",
    "job-cost", "time",  "cost-per-token", "latency"};

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

void aivm_advise__filter(aivm_advice *adv, aivm_advise__judge judge, const void *ctx)
{
    size_t kept = 0, before = adv->n_rejected;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        const char *id = NULL;
        char *why = judge(adv, c, &id, ctx);
        if (why) {
            aivm_advise__reject(adv, c, id, why);
            continue;
        }
        if (kept != i)
            adv->ranked[kept] = *c;
        kept++;
    }
    adv->n_ranked = kept;
    if (adv->n_rejected != before)
        aivm_advise__sort_rejected(adv);
}

static char *over_budget(aivm_advice *adv, aivm_candidate *c, const char **id, const void *ctx)
{
    const aivm_cost_opts *o = ctx;
    aivm_buf b = AIVM_BUF_INIT;
    const aivm_deployment *d = &c->deploy;
    (void)adv;
    if (d->has_hourly && d->hourly <= o->max_price)
        return NULL;
    *id = "max-price-per-hour";
    if (d->has_hourly)
        aivm_buf_printf(&b, "costs %.3f %s/hour (%u VM%s, %s), over --max-price-per-hour %g",
                        d->hourly, d->currency, d->vms, d->vms == 1 ? "" : "s",
                        aivm_pricing_name(d->pricing), o->max_price);
    else
        aivm_buf_printf(&b,
                        "no known %s price in %s, so it cannot be held to "
                        "--max-price-per-hour %g",
                        aivm_pricing_name(c->price.pricing),
                        c->price.region ? c->price.region : "?", o->max_price);
    return aivm_buf_detach(&b);
}

void aivm_advise__budget(aivm_advice *adv, const aivm_cost_opts *o)
{
    if (!o->has_max_price)
        return;
    aivm_advise__filter(adv, over_budget, o);
    if (adv->n_ranked == 0)
        aivm_advise__warn(adv, "over-budget",
                          "no size fits within --max-price-per-hour (see the rejected list)");
}
