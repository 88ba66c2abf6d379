/*
 * check_prices.c - prices of a check report from the price store of
 * `--prices cached|live`: one query per distinct (region, size),
 * then each resource's hourly cost at the rate it plans (spot or on-demand),
 * for its OS. A resource the store cannot price keeps its catalog price
 * (same currency only), except in live mode without allow_partial.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/util.h"
#include "check_int.h"

size_t aivm_check_price_queries(aivm_price_query **out, const aivm_check_report *rep,
                                const char *currency)
{
    aivm_price_query *qs = aivm_xcalloc(rep->n_items + 1, sizeof *qs);
    size_t n = 0;
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        bool seen = false;
        if (!it->size || it->region_unknown) /* never an unvalidated region in a $filter */
            continue;
        for (size_t j = 0; j < n && !seen; j++)
            seen = strcmp(qs[j].sku, aivm_str(&it->size->name)) == 0 &&
                   strcmp(qs[j].region, it->wl.region) == 0;
        if (seen)
            continue;
        qs[n].region = it->wl.region;
        qs[n].sku = aivm_str(&it->size->name);
        qs[n].currency = currency;
        n++;
    }
    *out = qs;
    return n;
}

static bool same(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* "catalog-price-region": resources priced at another region's reference rate
 * (the catalog's prices are a few regions'): every format shows the warnings,
 * so the PR comment, the Action's cost and the HTML say whose rates they hold. */
static void region_warning(aivm_check_report *rep)
{
    aivm_buf b = AIVM_BUF_INIT;
    size_t n = 0, pairs = 0;
    aivm_warnings_drop(&rep->warnings, "catalog-price-region");
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        bool seen = false;
        if (!it->priced || !it->price_fallback)
            continue;
        n++;
        for (size_t j = 0; j < i && !seen; j++) {
            const aivm_check_item *o = &rep->items[j];
            seen = o->priced && o->price_fallback && same(o->wl.region, it->wl.region) &&
                   same(o->price_region, it->price_region);
        }
        if (seen)
            continue;
        if (pairs++ < 4)
            aivm_buf_printf(&b, "%s%s at %s's", pairs > 1 ? ", " : "",
                            it->wl.region ? it->wl.region : "no region",
                            it->price_region ? it->price_region : "another region");
    }
    if (n) {
        aivm_buf msg = AIVM_BUF_INIT;
        aivm_buf_printf(&msg,
                        "%zu resource%s priced at another region's reference rate (%s%s): the "
                        "catalog has no price for the size in the plan's region (AIVM017 says "
                        "when it is not sold there); '--prices cached' or '--prices live' read "
                        "the region's own (docs/prices.md)",
                        n, n == 1 ? " is" : "s are", b.ptr, pairs > 4 ? ", ..." : "");
        aivm_check_report_add_warning(rep, "catalog-price-region", msg.ptr);
        aivm_buf_dispose(&msg);
    }
    aivm_buf_dispose(&b);
}

void aivm_check__totals(aivm_check_report *rep)
{
    rep->hourly_total = 0;
    rep->n_unpriced = 0;
    rep->n_reference_priced = 0;
    for (size_t i = 0; i < rep->n_items; i++) {
        if (rep->items[i].priced) {
            rep->hourly_total += rep->items[i].hourly;
            rep->currency = rep->items[i].currency;
            rep->n_reference_priced += rep->items[i].price_fallback;
        } else {
            rep->n_unpriced++;
        }
    }
    rep->n_priced = rep->n_items - rep->n_unpriced;
    rep->has_cost = rep->n_priced > 0 || rep->n_items == 0;
    rep->monthly_total = rep->hourly_total * AIVM_HOURS_PER_MONTH;
    region_warning(rep);
}

/* The store's price for `it` at the rate the plan buys (spot when it plans
 * spot and the store has a spot price, else pay-as-you-go); false when the
 * store has none. */
static bool store_price(aivm_check_item *it, const aivm_prices *p)
{
    const aivm_price_entry *e = aivm_prices_find(p, it->wl.region, aivm_str(&it->size->name));
    aivm_price pr;
    if (!e || !e->set || it->res->count_expr)
        return false;
    aivm_price_from_entry(&pr, e, it->wl.region, it->wl.os, AIVM_PRICING_ON_DEMAND);
    if (it->res->priority == AIVM_PRIO_SPOT && pr.has_spot)
        aivm_price_select(&pr, AIVM_PRICING_SPOT);
    if (!pr.has_hourly)
        return false;
    it->price = pr;
    it->spot_price = pr.pricing == AIVM_PRICING_SPOT;
    it->price_source = e->source;
    it->price_fallback = false;
    it->price_region = pr.region;
    it->currency = pr.currency;
    aivm_check__deploy(it);
    return true;
}

static void unprice(aivm_check_item *it)
{
    it->price.source = AIVM_PRICE_NONE;
    it->price.has_hourly = false;
    aivm_check__deploy(it);
}

int aivm_check_apply_prices(aivm_check_report *rep, const aivm_prices *p, aivm_prices_mode mode,
                            bool allow_partial, const char *currency, aivm_error *err)
{
    const char *cur = currency ? currency : "USD";
    for (size_t i = 0; i < rep->n_items; i++) {
        aivm_check_item *it = &rep->items[i];
        bool catalog_ok = it->priced && strcmp(it->currency, cur) == 0;
        const aivm_deployment *sd = &it->suggested_deploy;
        if (mode != AIVM_PRICES_CATALOG || !sd->currency || strcmp(sd->currency, cur) != 0)
            it->suggested_deploy.has_hourly = false; /* catalog-priced: kept beside catalog only */
        if (mode == AIVM_PRICES_OFF || (mode == AIVM_PRICES_CATALOG && !catalog_ok)) {
            unprice(it);
            continue;
        }
        if (mode == AIVM_PRICES_CATALOG || !it->size || it->region_unknown || it->res->count_expr ||
            store_price(it, p))
            continue; /* an unknown region or count is unpriced, not a failed fetch */
        if (mode == AIVM_PRICES_LIVE && !allow_partial) {
            const aivm_price_entry *e =
                aivm_prices_find(p, it->wl.region, aivm_str(&it->size->name));
            return aivm_error_set(err, AIVM_ENET, NULL,
                                  "no live price for %s in %s: %s (without "
                                  "--require-live-prices, catalog prices are shown)",
                                  aivm_str(&it->size->name), it->wl.region,
                                  e && e->error ? e->error : "the price list has no row for it");
        }
        if (!catalog_ok)
            unprice(it);
    }
    rep->currency = cur;
    aivm_check__totals(rep);
    return 0;
}
