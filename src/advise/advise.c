/*
 * advise.c - the evaluation step of the engine (advise_engine.c). Every
 * enabled rule whose `when` holds for the workload is applied to every
 * catalog size: exclude/require reject candidates (the first rejecting rule
 * is recorded), prefer/penalize add or subtract their weight (scaled rules
 * in proportion to where the candidate's value lies between the accepted
 * candidates' min and max); the memory fit and the catalog price are put
 * on each candidate. Also the advice's warnings and its extras.
 */
#include "aivm/advise.h"
#include "util/mathutil.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/buf.h"
#include "aivm/extras.h"
#include "aivm/util.h"

typedef struct {
    const aivm_rule *rule;
    size_t ri;    /* index of the rule among the active rules */
    double value; /* scale attribute value, for scaled rules */
    bool scaled;
} hit;

/* Per active rule: the range of its scale attribute over the accepted candidates. */
typedef struct {
    double lo, hi;
} range;

typedef struct {
    const aivm_size *size;
    const aivm_rule *rejected_by;
    size_t first_hit; /* index of its first hit in the shared pool */
    size_t n_hits;
} work;

/* The hits of every accepted size, in one array: most sizes are rejected
 * after a few rules, so a hit array per size would be mostly unused memory. */
typedef struct {
    hit *items;
    size_t n, cap;
} hit_pool;

static hit *pool_add(hit_pool *p)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->items = aivm_xrealloc(p->items, p->cap * sizeof *p->items);
    }
    return &p->items[p->n++];
}

static void evaluate(work *w, hit_pool *pool, const aivm_rule *const *rules, size_t n_rules,
                     const aivm_workload *wl)
{
    w->first_hit = pool->n;
    for (size_t i = 0; i < n_rules; i++) {
        const aivm_rule *r = rules[i];
        bool m = aivm_rule_matches(r, wl, w->size);
        aivm_effect e = aivm_rule_effect(r);
        hit *h;
        if (aivm_effect_rejects(e, m)) {
            w->rejected_by = r;
            pool->n = w->first_hit; /* a rejected size keeps no hits */
            w->n_hits = 0;
            return;
        }
        if (!m || e == AIVM_EFFECT_EXCLUDE)
            continue;
        h = pool_add(pool);
        h->rule = r;
        h->ri = i;
        h->scaled = aivm_rule_scale_value(r, wl, w->size, &h->value);
        w->n_hits++;
    }
}

/* One pass over the accepted candidates: linear in the catalog, not quadratic. */
static range *scale_ranges(const work *all, size_t n_all, const hit_pool *pool, size_t n_rules)
{
    range *r = aivm_xcalloc(n_rules ? n_rules : 1, sizeof *r);
    for (size_t k = 0; k < n_rules; k++) {
        r[k].lo = INFINITY;
        r[k].hi = -INFINITY;
    }
    for (size_t i = 0; i < n_all; i++) {
        if (all[i].rejected_by)
            continue;
        for (size_t j = 0; j < all[i].n_hits; j++) {
            const hit *h = &pool->items[all[i].first_hit + j];
            if (!h->scaled)
                continue;
            if (h->value < r[h->ri].lo)
                r[h->ri].lo = h->value;
            if (h->value > r[h->ri].hi)
                r[h->ri].hi = h->value;
        }
    }
    return r;
}

static double hit_delta(const hit *h, const range *ranges)
{
    aivm_effect e = aivm_rule_effect(h->rule);
    double w = aivm_rule_weight(h->rule);
    double sign = e == AIVM_EFFECT_PENALIZE ? -1 : 1;
    double lo = ranges[h->ri].lo, hi = ranges[h->ri].hi;
    if (e == AIVM_EFFECT_REQUIRE || e == AIVM_EFFECT_NOTE)
        return 0;
    if (!h->scaled || !(hi > lo))
        return sign * w;
    return sign * w * (h->value - lo) / (hi - lo);
}

/* A rule's message for a size, rendered in `scratch` (reused, so a message
 * costs one exact allocation rather than a buffer grown piece by piece). */
static char *render(aivm_buf *scratch, const aivm_rule *r, const aivm_workload *wl,
                    const aivm_size *s)
{
    aivm_buf_clear(scratch);
    aivm_rule_render_message(scratch, r, wl, s);
    return scratch->ptr ? aivm_xstrndup(scratch->ptr, scratch->size) : aivm_xstrdup("");
}

void aivm_advise__warn(aivm_advice *adv, const char *id, const char *fmt, ...)
{
    aivm_buf b = AIVM_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    aivm_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    aivm_warnings_take(&adv->warnings, id, b.ptr ? aivm_buf_detach(&b) : NULL);
}

void aivm_advice_add_warning(aivm_advice *adv, const char *id, const char *msg)
{
    aivm_advise__warn(adv, id, "%s", msg);
}

bool aivm_catalog_stale_warning(aivm_buf *out, const aivm_catalog *cat, const char *today)
{
    long long age = today ? aivm_catalog_age_days(cat, today) : 0;
    long long prices_age = today ? aivm_catalog_prices_age_days(cat, today) : 0;
    const char *prices = aivm_catalog_prices_as_of(cat);
    if (age <= AIVM_CATALOG_STALE_DAYS && prices_age > AIVM_CATALOG_STALE_DAYS) {
        aivm_buf_printf(out,
                        "the catalog's reference prices are %lld days old on %s (as of %s; sizes "
                        "as of %s): Azure reprices sizes; '--prices cached' or '--prices live' "
                        "read the Azure Retail Prices API (docs/prices.md), and 'aivm-advise "
                        "catalog refresh --regions REGIONS --prices live' brings them into the "
                        "catalog's overlay",
                        prices_age, today, prices, aivm_catalog_data_as_of(cat));
        return true;
    }
    if (age <= AIVM_CATALOG_STALE_DAYS)
        return false;
    aivm_buf_printf(out,
                    "the catalog is %lld days old on %s (sizes as of %s, reference prices as of "
                    "%s): Azure adds, retires and reprices sizes; refresh it from your own "
                    "snapshots with 'aivm-advise catalog refresh --skus FILE' "
                    "(docs/catalog-format.md) or install a newer release",
                    age, today, aivm_catalog_data_as_of(cat), prices ? prices : "none");
    return true;
}

static void collect(aivm_advice *adv, const work *ws, size_t n, const hit_pool *pool,
                    const range *ranges, const aivm_workload *wl, aivm_pricing pricing)
{
    const unsigned *order = aivm_catalog_name_order(adv->catalog);
    aivm_buf scratch = AIVM_BUF_INIT;
    size_t n_rejected = 0;
    for (size_t i = 0; i < n; i++)
        n_rejected += ws[i].rejected_by != NULL;
    adv->ranked = aivm_xcalloc(n - n_rejected ? n - n_rejected : 1, sizeof *adv->ranked);
    adv->rejected = aivm_xcalloc(n_rejected ? n_rejected : 1, sizeof *adv->rejected);
    /* Rejections in the catalog's name order: the list is sorted by size name
     * without sorting it here (it is 90 % of a large catalog). */
    for (size_t k = 0; k < n; k++) {
        const work *w = &ws[order[k]];
        aivm_rejection *rj;
        if (!w->rejected_by)
            continue;
        rj = &adv->rejected[adv->n_rejected++];
        rj->size = w->size;
        rj->rule = w->rejected_by;
        rj->message = render(&scratch, w->rejected_by, wl, w->size);
    }
    for (size_t i = 0; i < n; i++) {
        const work *w = &ws[i];
        const hit *hits = w->n_hits ? &pool->items[w->first_hit] : NULL;
        if (w->rejected_by)
            continue;
        aivm_candidate *c = &adv->ranked[adv->n_ranked++];
        c->size = w->size;
        c->region = wl->region;
        c->deploy.vms = wl->nodes ? wl->nodes : 1;
        c->reasons = aivm_xcalloc(w->n_hits ? w->n_hits : 1, sizeof *c->reasons);
        for (size_t j = 0; j < w->n_hits; j++) {
            aivm_reason *rs = &c->reasons[c->n_reasons++];
            rs->rule = hits[j].rule;
            rs->delta = hit_delta(&hits[j], ranges);
            rs->scaled = hits[j].scaled;
            rs->message = render(&scratch, rs->rule, wl, w->size);
            c->score += rs->delta;
        }
        aivm_price_from_catalog(&c->price, w->size, wl->region, wl->os, pricing, NULL);
        if (wl->sizing) {
            c->has_fit = true;
            aivm_fit_for(&c->fit, wl, w->size);
            if (c->fit.vms >= 1 && !(wl->set & AIVM_WL_NODES))
                c->deploy.vms = c->fit.vms; /* the deployment is as many VMs as the job needs */
        }
    }
    aivm_buf_dispose(&scratch);
}

/* Catalog prices are Linux pay-as-you-go and spot in USD, per region of the
 * US: what they cannot say is said once, for the request as a whole. */
void aivm_advise__catalog_price_warnings(aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    bool fallback = false;
    if (adv->prices != AIVM_PRICES_CATALOG)
        return;
    if (wl->os == AIVM_OS_WINDOWS) {
        aivm_advise__warn(adv, "catalog-prices-linux-only",
                          "the catalog holds Linux prices only: no price is shown for windows");
        return;
    }
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        fallback |= c->price.source == AIVM_PRICE_CATALOG && c->price.region && c->region &&
                    strcmp(c->price.region, c->region) != 0;
    }
    if (!fallback)
        return;
    if (adv->n_regions)
        aivm_advise__warn(adv, "catalog-price-region",
                          "some of the sizes shown have no catalog price in their region: the "
                          "row names the region whose reference price is shown (catalog prices "
                          "are US regions only; --prices cached or live for the region's own)");
    else
        aivm_advise__warn(adv, "catalog-price-region",
                          "the catalog has no price in %s for some sizes: their "
                          "reference-region price is shown instead (see price.region)",
                          wl->region);
}

/* Without --nodes, a sized job spans as many VMs as the size needs:
 * image and orchestrator advice then see the multi-VM job (docs/sizing.md). */
static const aivm_workload *extras_workload(aivm_workload *copy, const aivm_workload *wl,
                                            const aivm_candidate *c)
{
    if (!wl->sizing || (wl->set & AIVM_WL_NODES) || c->deploy.vms <= 1)
        return wl;
    *copy = *wl;
    copy->nodes = c->deploy.vms;
    return copy;
}

void aivm_advice_extras_for(struct aivm_extras **out, const aivm_advice *adv, size_t i)
{
    aivm_workload ewl;
    const aivm_candidate *c = &adv->ranked[i];
    aivm_extras_eval(out, adv->catalog, adv->rules, extras_workload(&ewl, adv->workload, c),
                     c->size, NULL);
}

void aivm_advise__extras(aivm_advice *adv)
{
    aivm_extras_free(adv->extras);
    adv->extras = NULL;
    if (adv->n_ranked == 0)
        return; /* nothing fits: no image or orchestrator advice for nothing */
    aivm_advice_extras_for(&adv->extras, adv, 0);
}

/* What the workload itself leaves unknown, said once. */
void aivm_advise__workload_warnings(aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    bool shaped = wl->sizing && wl->sizing->layers && wl->sizing->hidden && wl->sizing->heads;
    if (wl->sizing && !shaped && wl->sizing->preset && wl->sizing->preset->flops_per_sample > 0)
        aivm_advise__warn(adv, "model-shape-unknown",
                          "%s is not a transformer: its activations are not counted (they grow "
                          "with the batch and the %u px input: leave GPU memory for them)",
                          wl->sizing->preset->name, wl->sizing->preset->input_px);
    else if (wl->sizing && !shaped)
        aivm_advise__warn(adv, "model-shape-unknown",
                          "the model's shape is unknown: KV cache and activations are not "
                          "counted (give --model, or --layers, --hidden and --heads)");
    else if (wl->sizing && wl->sizing->shape_from && wl->sizing->kv_heads < wl->sizing->heads)
        aivm_advise__warn(adv, "model-shape-estimated",
                          "the model's shape is estimated from %s, a typical modern shape "
                          "nearest in parameters (grouped-query attention, %u KV heads of %u): "
                          "its KV cache and activations are estimates (give --model, or "
                          "--layers, --hidden, --heads and --kv-heads)",
                          wl->sizing->shape_from->id, wl->sizing->kv_heads, wl->sizing->heads);
    else if (wl->sizing && wl->sizing->shape_from)
        aivm_advise__warn(adv, "model-shape-estimated",
                          "the model's shape is estimated from %s, the preset nearest in "
                          "parameters: its KV cache and activations are estimates (give "
                          "--model, or --layers, --hidden and --heads)",
                          wl->sizing->shape_from->id);
}

/* When nothing is left: why. */
void aivm_advise__empty_warnings(aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    if (adv->n_ranked)
        return;
    aivm_advise__warn(adv, "no-size",
                      "no size in the catalog satisfies the rules for this "
                      "workload (see the rejected list)");
    if (wl->sizing && wl->sizing->phase == AIVM_PHASE_TRAIN && !wl->sizing->act_ckpt &&
        wl->sizing->mem.activations > 16)
        aivm_advise__warn(adv, "activations-too-large",
                          "activations alone take %.1f GiB on every GPU: "
                          "--activation-checkpointing keeps only each layer's input (about "
                          "%.1f GiB), and --batch is per GPU",
                          wl->sizing->mem.activations, wl->sizing->mem.activations * 2 / 34);
}

void aivm_advise__evaluate(aivm_advice *adv, const aivm_request *req)
{
    const aivm_catalog *cat = req->catalog;
    const aivm_rules *rules = req->rules;
    const aivm_workload *wl = req->workload;
    size_t n = aivm_catalog_size_count(cat), n_rules = 0;
    const aivm_rule **active = aivm_xcalloc(aivm_rules_count(rules) + 1, sizeof *active);
    work *ws = aivm_xcalloc(n ? n : 1, sizeof *ws);
    range *ranges;
    hit_pool pool = {NULL, 0, 0};
    aivm_pricing pricing = wl->spot && req->cost.pricing == AIVM_PRICING_ON_DEMAND
                               ? AIVM_PRICING_SPOT /* --spot: the job runs on spot capacity */
                               : req->cost.pricing;

    for (size_t i = 0; i < aivm_rules_count(rules); i++)
        if (aivm_rule_target(aivm_rules_at(rules, i)) == AIVM_TARGET_SIZE &&
            aivm_rule_applies(aivm_rules_at(rules, i), wl))
            active[n_rules++] = aivm_rules_at(rules, i);
    for (size_t i = 0; i < n; i++) {
        ws[i].size = aivm_catalog_size_at(cat, i);
        evaluate(&ws[i], &pool, active, n_rules, wl);
    }
    ranges = scale_ranges(ws, n, &pool, n_rules);
    collect(adv, ws, n, &pool, ranges, wl, pricing);
    free(ranges);
    free(pool.items);
    free(ws);
    free(active);
}

int aivm_advise(aivm_advice **out, const aivm_catalog *cat, const aivm_rules *rules,
                const aivm_workload *wl, const aivm_advise_opts *opts, aivm_error *err)
{
    aivm_request req = AIVM_REQUEST_INIT;
    req.catalog = cat;
    req.rules = rules;
    req.workload = wl;
    req.top = opts ? opts->top : 0;
    req.cost_objective = opts && opts->cost_objective;
    return aivm_recommend(out, &req, err);
}

void aivm_advice_free(aivm_advice *adv)
{
    if (!adv)
        return;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        for (size_t j = 0; j < adv->ranked[i].n_reasons; j++)
            free(adv->ranked[i].reasons[j].message);
        free(adv->ranked[i].reasons);
        free(adv->ranked[i].ranking.reason);
        free(adv->ranked[i].avail);
    }
    for (size_t i = 0; i < adv->n_rejected; i++)
        free(adv->rejected[i].message);
    free(adv->ranked);
    free(adv->rejected);
    aivm_warnings_dispose(&adv->warnings);
    free((void *)adv->unknown_sizes);
    aivm_extras_free(adv->extras);
    aivm_prices_free(adv->store);
    aivm_prices_free(adv->lists);
    free(adv);
}
