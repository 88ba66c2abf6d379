/*
 * advise_price.c - the price step of the engine: which candidates need a
 * price (every one when the cost ranks them; else those the guidance shows,
 * and their ties), the request's price source asked once, its prices put on
 * the candidates (a size the source could not price keeps its catalog
 * price, same currency only, and a warning says so), and each candidate's
 * hourly price selected under its pricing model. Unknown stays unknown,
 * never 0.
 */
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/prices.h"
#include "aivm/util.h"
#include "util/mathutil.h"

static void clear_price(aivm_price *p, const char *currency)
{
    aivm_os os = p->os;
    aivm_pricing pricing = p->pricing;
    const char *region = p->region;
    memset(p, 0, sizeof *p);
    p->os = os;
    p->region = region;
    p->pricing = pricing;
    p->currency = currency ? currency : "USD";
}

static void select_pricing(aivm_advice *adv)
{
    for (size_t i = 0; i < adv->n_ranked; i++)
        aivm_price_select(&adv->ranked[i].price, adv->ranked[i].price.pricing);
}

/* The guidance's order (score, then catalog price): which candidates a
 * score-led advice shows, so only those are priced. A selection of what to
 * ask the source for; the ranking itself runs once, at the end. Sorts
 * pointers to the candidates: the comparator needs no context. */
static int by_guidance(const void *pa, const void *pb)
{
    const aivm_candidate *x = *(const aivm_candidate *const *)pa;
    const aivm_candidate *y = *(const aivm_candidate *const *)pb;
    double sx = aivm_round(x->score * 1e6), sy = aivm_round(y->score * 1e6);
    if (sx != sy)
        return sx > sy ? -1 : 1;
    return strcmp(aivm_str(&x->size->name), aivm_str(&y->size->name));
}

static size_t price_queries(aivm_price_query **out, const aivm_advice *adv, const char *currency,
                            bool all)
{
    const aivm_candidate **order = aivm_xcalloc(adv->n_ranked + 1, sizeof *order);
    size_t n = adv->n_ranked;
    aivm_price_query *qs;
    for (size_t i = 0; i < adv->n_ranked; i++)
        order[i] = &adv->ranked[i];
    if (!all && adv->top && adv->top < adv->n_ranked) {
        qsort(order, adv->n_ranked, sizeof *order, by_guidance);
        n = adv->top;
        /* sizes tied with the last one shown are ordered by price: price them all */
        while (n < adv->n_ranked &&
               aivm_round(order[n]->score * 1e6) == aivm_round(order[n - 1]->score * 1e6))
            n++;
    }
    qs = aivm_xcalloc(n ? n : 1, sizeof *qs);
    for (size_t i = 0; i < n; i++) {
        const aivm_candidate *c = order[i];
        qs[i].region = c->region ? c->region : adv->workload->region;
        qs[i].sku = aivm_str(&c->size->name);
        qs[i].currency = currency;
    }
    free(order);
    *out = qs;
    return n;
}

static int apply_prices(aivm_advice *adv, const aivm_prices *p, const aivm_request *req,
                        aivm_error *err)
{
    const aivm_price_entry *first = NULL;
    size_t missing = 0, ambiguous = 0, served = 0;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        const aivm_price_entry *e = aivm_prices_find(
            p, c->region ? c->region : adv->workload->region, aivm_str(&c->size->name));
        if (!e)
            continue;
        served++;
        if (e->set) {
            aivm_price_from_entry(&c->price, e, c->price.region, adv->workload->os,
                                  c->price.pricing);
            ambiguous += c->price.ambiguous;
            continue;
        }
        missing++;
        if (!first)
            first = e;
        if (c->price.source == AIVM_PRICE_CATALOG &&
            strcmp(e->query.currency, c->price.currency ? c->price.currency : "USD") != 0)
            clear_price(&c->price, e->query.currency); /* USD cannot stand in for EUR */
    }
    if (missing && req->prices == AIVM_PRICES_LIVE && !req->allow_partial)
        return aivm_error_set(err, AIVM_ENET, NULL,
                              "cannot get the live price of %s in %s: %s (%zu of %zu prices "
                              "missing; --allow-partial shows the rest)",
                              first->query.sku, first->query.region, first->error, missing, served);
    for (size_t i = 0; i < aivm_prices_warning_count(p); i++)
        aivm_advise__warn(adv, "prices-source", "%s", aivm_prices_warning(p, i));
    if (missing)
        aivm_advise__warn(adv, "prices-missing",
                          "%zu of %zu sizes have no %s price (first: %s: %s); their "
                          "price.source says what is shown instead",
                          missing, served, req->prices == AIVM_PRICES_LIVE ? "live" : "cached",
                          first->query.sku, first->error);
    if (ambiguous)
        aivm_advise__warn(adv, "prices-ambiguous",
                          "%zu sizes had competing price rows; the newest effectiveStartDate "
                          "was used (price.ambiguous)",
                          ambiguous);
    return 0;
}

int aivm_advise__price(aivm_advice *adv, const aivm_request *req, aivm_error *err)
{
    const char *currency = req->currency ? req->currency : "USD";
    aivm_price_query *qs = NULL;
    /* Ranking by cost (a model size is known, or check's suggestions), by a
     * price key or within a budget needs the price of every candidate. */
    bool all = req->cost.sort != AIVM_SORT_SCORE || req->cost.has_max_price ||
               adv->workload->sizing || req->cost_objective;
    size_t n;
    int rc;
    adv->prices = req->prices;
    switch (req->prices) {
    case AIVM_PRICES_OFF:
        for (size_t i = 0; i < adv->n_ranked; i++)
            clear_price(&adv->ranked[i].price, currency);
        return 0;
    case AIVM_PRICES_CATALOG:
        if (strcmp(currency, "USD") != 0) {
            for (size_t i = 0; i < adv->n_ranked; i++)
                clear_price(&adv->ranked[i].price, currency);
            aivm_advise__warn(adv, "catalog-prices-usd",
                              "catalog prices are in USD: no price is shown for another "
                              "--currency (use --prices cached or live)");
        }
        select_pricing(adv);
        return 0;
    default:
        break;
    }
    if (!req->source || !req->source->get)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "cached or live prices need a price source");
    n = price_queries(&qs, adv, currency, all);
    rc = req->source->get(req->source->ctx, &adv->store, qs, n, err);
    if (rc == 0)
        rc = apply_prices(adv, adv->store, req, err);
    if (rc == 0)
        aivm_advise__avail_meters(adv, adv->store); /* no meter there: not offered */
    select_pricing(adv);
    free(qs);
    return rc < 0 ? rc : 0;
}

static int fetch_get(void *ctx, aivm_prices **out, const aivm_price_query *qs, size_t n,
                     aivm_error *err)
{
    const aivm_fetch_source *f = ctx;
    return aivm_prices_get(out, f->mode, qs, n, &f->fetch, err);
}

static int fetch_regions(void *ctx, aivm_prices **out, const char *const *regions, size_t n,
                         aivm_error *err)
{
    const aivm_fetch_source *f = ctx;
    return aivm_prices_get_regions(out, f->mode, regions, n, &f->fetch, err);
}

void aivm_price_provider_fetch(aivm_price_provider *src, aivm_fetch_source *ctx)
{
    src->get = fetch_get;
    src->get_regions = fetch_regions;
    src->ctx = ctx;
}
