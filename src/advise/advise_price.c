/*
 * advise_price.c - the price step of the advice: the price queries an advice
 * needs, putting a store's prices on its candidates, and the whole step
 * (off, catalog, cached or live prices, then the ranking by cost) that
 * recommend runs.
 */
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/prices.h"
#include "aivm/util.h"
#include "util/mathutil.h"

size_t aivm_advice_price_queries(aivm_price_query **out, const aivm_advice *adv,
                                 const char *currency, bool all)
{
    size_t n = all ? adv->n_ranked : adv->n_shown;
    aivm_price_query *qs;
    /* Sizes tied with the last one shown are ordered by price too: price them
     * all, or an unpriced one could move into view with its catalog price. */
    while (n > 0 && n < adv->n_ranked &&
           aivm_round(adv->ranked[n].score * 1e6) == aivm_round(adv->ranked[n - 1].score * 1e6))
        n++;
    qs = aivm_xcalloc(n ? n : 1, sizeof *qs);
    for (size_t i = 0; i < n; i++) {
        qs[i].region = adv->ranked[i].region ? adv->ranked[i].region : adv->workload->region;
        qs[i].sku = aivm_str(&adv->ranked[i].size->name);
        qs[i].currency = currency;
    }
    *out = qs;
    return n;
}

static void put_set(aivm_price *pr, const aivm_price_entry *e, aivm_os os)
{
    const char *region = pr->region;
    memset(pr, 0, sizeof *pr);
    pr->source = e->source;
    pr->currency = e->query.currency;
    pr->region = e->query.region ? e->query.region : region;
    pr->os = os;
    pr->fetched_at = e->fetched_at;
    for (unsigned k = 0; k < AIVM_PRICING_COUNT; k++) {
        bool amb = false;
        pr->known[k] = aivm_price_set_lookup(e->set, os, (aivm_pricing)k, &pr->alt[k], &amb);
        pr->ambiguous |= pr->known[k] && amb;
    }
    pr->has_on_demand = pr->known[AIVM_PRICING_ON_DEMAND];
    pr->on_demand = pr->alt[AIVM_PRICING_ON_DEMAND];
    pr->has_spot = pr->known[AIVM_PRICING_SPOT];
    pr->spot = pr->alt[AIVM_PRICING_SPOT];
    pr->has_hourly = pr->has_on_demand;
    pr->hourly = pr->on_demand;
}

int aivm_advice_apply_prices(aivm_advice *adv, const aivm_prices *p, aivm_prices_mode mode,
                             bool allow_partial, aivm_error *err)
{
    const aivm_price_entry *first = NULL;
    size_t missing = 0, ambiguous = 0, served = 0;
    aivm_buf b = AIVM_BUF_INIT;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        const aivm_price_entry *e = aivm_prices_find(
            p, c->region ? c->region : adv->workload->region, aivm_str(&c->size->name));
        if (!e)
            continue;
        served++;
        if (e->set) {
            put_set(&c->price, e, adv->workload->os);
            ambiguous += c->price.ambiguous;
            continue;
        }
        missing++;
        if (!first)
            first = e;
        if (c->price.source == AIVM_PRICE_CATALOG &&
            strcmp(e->query.currency, c->price.currency ? c->price.currency : "USD") != 0)
            aivm_advice_clear_prices_of(c); /* a USD catalog price cannot stand in for EUR */
    }
    if (missing && mode == AIVM_PRICES_LIVE && !allow_partial)
        return aivm_error_set(err, AIVM_ENET, NULL,
                              "cannot get the live price of %s in %s: %s (%zu of %zu prices "
                              "missing; --allow-partial shows the rest)",
                              first->query.sku, first->query.region, first->error, missing, served);
    for (size_t i = 0; i < aivm_prices_warning_count(p); i++)
        aivm_advice_add_warning(adv, aivm_prices_warning(p, i));
    if (missing) {
        aivm_buf_printf(&b,
                        "%zu of %zu sizes have no %s price (first: %s: %s); their "
                        "price.source says what is shown instead",
                        missing, served, mode == AIVM_PRICES_LIVE ? "live" : "cached",
                        first->query.sku, first->error);
        aivm_advice_add_warning(adv, b.ptr);
        aivm_buf_clear(&b);
    }
    if (ambiguous) {
        aivm_buf_printf(&b,
                        "%zu sizes had competing price rows; the newest effectiveStartDate "
                        "was used (price.ambiguous)",
                        ambiguous);
        aivm_advice_add_warning(adv, b.ptr);
    }
    aivm_buf_dispose(&b);
    return 0;
}

/* Catalog prices are USD: with another currency they cannot be shown. */
static void catalog_currency(aivm_advice *adv, const char *currency)
{
    if (!currency || strcmp(currency, "USD") == 0)
        return;
    aivm_advice_clear_prices(adv);
    for (size_t i = 0; i < adv->n_ranked; i++)
        adv->ranked[i].price.currency = currency; /* unknown, in the currency asked for */
    aivm_advice_add_warning(adv, "catalog prices are in USD: no price is shown for another "
                                 "--currency (use --prices cached or live)");
}

int aivm_advice_price(aivm_advice *adv, const aivm_price_step_opts *o, aivm_prices **store,
                      aivm_error *err)
{
    aivm_price_query *qs = NULL;
    /* Ranking by cost (a model size is known), by a price key or within a
     * budget needs the price of every candidate, not only of those shown. */
    bool all = o->cost.sort != AIVM_SORT_SCORE || o->cost.has_max_price || adv->workload->sizing;
    size_t n;
    int rc;
    *store = NULL;
    if (o->mode == AIVM_PRICES_OFF) {
        aivm_advice_clear_prices(adv);
        if (o->cost.sort == AIVM_SORT_TIME) { /* the one order that needs no price */
            aivm_advice_rank(adv, o->cost.sort);
            aivm_advise__extras(adv);
        }
        return 0;
    }
    if (o->mode == AIVM_PRICES_CATALOG) {
        catalog_currency(adv, o->fetch.currency);
        return aivm_advice_rank_by_cost(adv, &o->cost, err);
    }
    n = aivm_advice_price_queries(&qs, adv, o->fetch.currency ? o->fetch.currency : "USD", all);
    rc = aivm_prices_get(store, o->mode, qs, n, &o->fetch, err);
    if (rc == 0)
        rc = aivm_advice_apply_prices(adv, *store, o->mode, o->allow_partial, err);
    if (rc == 0)
        aivm_advise__avail_meters(adv, *store); /* no meter there: not offered */
    if (rc == 0)
        rc = aivm_advice_rank_by_cost(adv, &o->cost, err);
    free(qs);
    return rc;
}
