/*
 * advise_avail.c - availability in the advice (docs/availability.md): each
 * candidate judged in the workload's region or in every region of
 * --regions, the best region kept (deployable, priced there, cheapest, in
 * list order), the catalog price moved to it, and candidates that cannot be
 * deployed anywhere asked for rejected with the reason (quota increase
 * needed, restriction, not offered).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/avail.h"
#include "aivm/buf.h"
#include "aivm/util.h"

/* How good a region is for a candidate: lower is better. */
typedef struct {
    bool blocked;
    bool reference; /* no catalog price in the region: its reference region's */
    bool has_cost;
    double cost;
} region_key;

/* The cost of `c` in `region` from a region-wide price list: true when the
 * list was had (*key filled: a size without a usable row there is not
 * offered, or unpriced under its pricing), false to fall back to the catalog. */
static bool listed_key(region_key *k, const aivm_candidate *c, aivm_availability *a, aivm_os os,
                       aivm_prices *lists)
{
    const aivm_price_set *set = NULL;
    const aivm_price_entry *e;
    aivm_error err = AIVM_ERROR_INIT;
    double v = 0;
    if (!lists ||
        aivm_prices_region_size(&set, lists, a->region, aivm_str(&c->size->name), &err) < 0)
        return false;
    if (aivm_price_set_count(set) == 0 && !a->blocked) { /* no meter there: not offered */
        e = aivm_prices_find(lists, a->region, NULL);
        a->blocked = k->blocked = true;
        snprintf(a->why, sizeof a->why, "not offered in %s (no meter in the %s price list)",
                 a->region, e ? aivm_price_source_name(e->source) : "live");
        return true;
    }
    if (aivm_price_set_lookup(set, os, c->price.pricing, &v, NULL)) {
        k->has_cost = true;
        k->cost = v * (c->deploy.vms ? c->deploy.vms : 1);
    }
    return true;
}

static region_key key_of(const aivm_candidate *c, aivm_availability *a, aivm_os os,
                         aivm_prices *lists)
{
    region_key k = {a->blocked, false, false, 0};
    const aivm_size *s = c->size;
    if (listed_key(&k, c, a, os, lists))
        return k;
    bool spot = c->price.pricing == AIVM_PRICING_SPOT;
    const aivm_region_price *rp = aivm_size_price_for(s, a->region, &k.reference);
    if (rp && (!spot || rp->has_spot)) {
        k.has_cost = true;
        k.cost = (spot ? rp->spot : rp->on_demand) * (c->deploy.vms ? c->deploy.vms : 1);
    }
    return k;
}

static bool better(const region_key *a, const region_key *b)
{
    if (a->blocked != b->blocked)
        return !a->blocked;
    if (a->reference != b->reference)
        return !a->reference;
    if (a->has_cost != b->has_cost)
        return a->has_cost;
    return a->has_cost && a->cost < b->cost; /* ties keep the earlier region */
}

/* The candidate's catalog price, as it is in `region` (or its reference region). */
static void move_price(aivm_candidate *c, const char *region)
{
    aivm_price *p = &c->price;
    c->region = region;
    if (p->source != AIVM_PRICE_CATALOG) {
        p->region = region;
        return;
    }
    aivm_price_from_catalog(p, c->size, region, p->os, p->pricing, NULL);
}

/* Why a candidate can be deployed in none of the `n` regions judged. */
static char *blocked_why(const aivm_availability *all, size_t n)
{
    aivm_buf b = AIVM_BUF_INIT;
    if (n == 1) {
        aivm_buf_puts(&b, all[0].why);
    } else {
        aivm_buf_printf(&b, "deployable in none of the %zu regions asked for", n);
        for (size_t i = 0; i < n && i < 3; i++)
            aivm_buf_printf(&b, "%s %s", i ? ";" : ":", all[i].why);
        if (n > 3)
            aivm_buf_printf(&b, "; and %zu more", n - 3);
    }
    return aivm_buf_detach(&b);
}

typedef struct {
    const aivm_request *req;
    aivm_availability *all; /* one per region judged */
    size_t n_regions;
} avail_ctx;

/* Judge `c` in every region, keep it in the best one, or say why none. */
static char *undeployable(aivm_advice *adv, aivm_candidate *c, const char **id, const void *ctx)
{
    const avail_ctx *x = ctx;
    const aivm_request *req = x->req;
    size_t best = 0;
    region_key bk;
    for (size_t r = 0; r < x->n_regions; r++)
        aivm_avail_eval(&x->all[r], req->avail, c->size,
                        req->n_regions ? req->regions[r] : adv->workload->region, c->deploy.vms,
                        adv->workload->spot);
    bk = key_of(c, &x->all[0], adv->workload->os, adv->lists);
    for (size_t r = 1; r < x->n_regions; r++) {
        region_key k = key_of(c, &x->all[r], adv->workload->os, adv->lists);
        if (better(&k, &bk)) {
            bk = k;
            best = r;
        }
    }
    if (x->all[best].blocked) {
        *id = "availability";
        return blocked_why(x->all, x->n_regions);
    }
    c->avail = aivm_xmalloc(sizeof *c->avail);
    *c->avail = x->all[best];
    move_price(c, x->all[best].region);
    return NULL;
}

static void warn_candidate(aivm_advice *adv, const aivm_candidate *c, size_t *unknown_family,
                           size_t *missing_row)
{
    const aivm_availability *a = c->avail;
    if (a->mismatch[0]) {
        aivm_advise__warn(adv, "sku-mismatch",
                          "%s in %s: the SKU list disagrees with the catalog: %s",
                          aivm_str(&c->size->name), a->region, a->mismatch);
    }
    if (a->has_quota && !a->family)
        (*unknown_family)++;
    else if (a->has_quota && !a->family_found)
        (*missing_row)++;
}

/* Sizes the SKU snapshots list that the catalog lacks: Azure offers them, the
 * advice cannot weigh them (docs/availability.md). */
static void unknown_sizes_warning(aivm_advice *adv, const aivm_avail *av)
{
    char names[400] = "";
    size_t k = 0, n;
    adv->has_skus = aivm_avail_has_skus(av);
    aivm_avail_unknown_sizes(&adv->unknown_sizes, &adv->n_unknown_sizes, av, adv->catalog);
    n = adv->n_unknown_sizes;
    for (size_t i = 0; i < n && i < 5; i++)
        k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "",
                              adv->unknown_sizes[i]);
    if (n)
        aivm_advise__warn(adv, "skus-unknown-sizes",
                          "%zu size%s in the SKU list %s not in the catalog, so never weighed: "
                          "%s%s ('aivm-advise catalog refresh --skus FILE' adds them)",
                          n, n == 1 ? "" : "s", n == 1 ? "is" : "are", names, n > 5 ? ", ..." : "");
}

int aivm_advise__availability(aivm_advice *adv, const aivm_request *req, aivm_error *err)
{
    avail_ctx x;
    if (!req->avail && !req->n_regions)
        return 0;
    if (req->n_regions && (req->prices == AIVM_PRICES_LIVE || req->prices == AIVM_PRICES_CACHED) &&
        req->source && req->source->get_regions) {
        int rc = req->source->get_regions(req->source->ctx, &adv->lists, req->regions,
                                          req->n_regions, err);
        if (rc < 0)
            return rc; /* a region that failed falls back to the catalog; this is the whole */
    }
    x.req = req;
    x.n_regions = req->n_regions ? req->n_regions : 1;
    x.all = aivm_xcalloc(x.n_regions, sizeof *x.all);
    adv->has_avail = true;
    adv->regions = req->regions;
    adv->n_regions = req->n_regions;
    aivm_advise__filter(adv, undeployable, &x);
    free(x.all);
    unknown_sizes_warning(adv, req->avail);
    return 0;
}

void aivm_advise__avail_warnings(aivm_advice *adv)
{
    size_t unknown_family = 0, missing_row = 0;
    if (!adv->has_avail)
        return;
    for (size_t i = 0; i < adv->n_shown; i++)
        warn_candidate(adv, &adv->ranked[i], &unknown_family, &missing_row);
    if (unknown_family)
        aivm_advise__warn(adv, "quota-family-unknown",
                          "the quota family of %zu of the sizes shown is unknown (give --skus, "
                          "whose 'family' names it): only the regional limit was checked",
                          unknown_family);
    if (missing_row)
        aivm_advise__warn(adv, "quota-family-missing",
                          "the usage list has no row for the quota family of %zu of the sizes "
                          "shown: only the regional limit was checked",
                          missing_row);
}

/* A live or cached price list with no meter for the candidate in its region:
 * not offered there. */
static char *no_meter(aivm_advice *adv, aivm_candidate *c, const char **id, const void *ctx)
{
    const aivm_prices *p = ctx;
    const aivm_price_entry *e =
        c->avail ? aivm_prices_find(p, c->region, aivm_str(&c->size->name)) : NULL;
    aivm_buf b = AIVM_BUF_INIT;
    (void)adv;
    if (!e || !e->set || aivm_price_set_items(e->set) != 0)
        return NULL;
    *id = "availability";
    aivm_buf_printf(&b, "not offered in %s (no meter in the %s price list)", c->region,
                    aivm_price_source_name(e->source));
    return aivm_buf_detach(&b);
}

void aivm_advise__avail_meters(aivm_advice *adv, const aivm_prices *p)
{
    if (adv->has_avail && p)
        aivm_advise__filter(adv, no_meter, p);
}
