/*
 * check_call.c - aivm_check(), the one call of `check`: the plan checked
 * (aivm_check_run), priced through the price source as --prices says, the
 * base plan checked and priced the same way and compared (--base), the
 * findings pointed at their .tf source (--source). Every warning of these
 * steps lands in the report's list; the CLI parses, calls and renders.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/util.h"
#include "check_int.h"

/* A warning for the resources a cached or live store could not price: they
 * show catalog prices (or none), never silently. */
static void warn_fallbacks(aivm_check_report *into, const aivm_check_report *rep,
                           const aivm_prices *store, aivm_prices_mode mode)
{
    aivm_buf b = AIVM_BUF_INIT;
    const aivm_check_item *first = NULL;
    const aivm_price_entry *e;
    size_t missing = 0, asked = 0;
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        if (!it->size || it->region_unknown || it->res->count_expr)
            continue;
        asked++;
        if (it->price_source == AIVM_PRICE_LIVE || it->price_source == AIVM_PRICE_CACHE)
            continue;
        missing++;
        if (!first)
            first = it;
    }
    if (!missing)
        return;
    e = aivm_prices_find(store, first->wl.region, aivm_str(&first->size->name));
    aivm_buf_printf(&b,
                    "%zu of %zu resources have no %s price (first: %s in %s: %s): the report "
                    "shows catalog prices for them",
                    missing, asked, mode == AIVM_PRICES_LIVE ? "live" : "cached",
                    aivm_str(&first->size->name), first->wl.region,
                    e && e->error
                        ? e->error
                        : (mode == AIVM_PRICES_CACHED ? "not in the price cache"
                                                      : "the price list has no row for it"));
    aivm_check_report_add_warning(into, "prices-fallback", b.ptr);
    aivm_buf_dispose(&b);
}

/* Price `rep` as `pr` says (catalog prices are already on); the warnings go
 * to `into` (the plan's report, also for its base). A store that cannot be
 * had leaves catalog prices with a warning; only require_live fails. */
static int price(aivm_check_report *into, aivm_check_report *rep, const aivm_check_pricing *pr,
                 aivm_prices **store, aivm_error *err)
{
    aivm_prices_mode mode = pr->mode;
    const char *currency = pr->fetch && pr->fetch->currency ? pr->fetch->currency : NULL;
    bool require = pr->require_live && mode == AIVM_PRICES_LIVE;
    int rc = 0;
    *store = NULL;
    if (mode == AIVM_PRICES_CACHED || mode == AIVM_PRICES_LIVE) {
        aivm_price_query *qs = NULL;
        aivm_fetch_opts none;
        size_t n = aivm_check_price_queries(&qs, rep, currency ? currency : "USD");
        memset(&none, 0, sizeof none);
        rc = aivm_prices_get(store, mode, qs, n, pr->fetch ? pr->fetch : &none, err);
        free(qs);
        if (rc < 0 && !require) {
            aivm_buf b = AIVM_BUF_INIT;
            aivm_buf_printf(&b, "%s prices unavailable (%s): the report shows catalog prices",
                            mode == AIVM_PRICES_LIVE ? "live" : "cached", err->msg);
            aivm_check_report_add_warning(into, "prices-unavailable", b.ptr);
            aivm_buf_dispose(&b);
            aivm_prices_free(*store);
            *store = NULL;
            mode = AIVM_PRICES_CATALOG;
            rc = 0;
        }
        for (size_t i = 0; rc == 0 && *store && i < aivm_prices_warning_count(*store); i++)
            aivm_check_report_add_warning(into, "prices-warning", aivm_prices_warning(*store, i));
    }
    if (rc == 0)
        rc = aivm_check_apply_prices(rep, *store, mode, !require, currency, err);
    if (rc == 0 && *store)
        warn_fallbacks(into, rep, *store, mode);
    return rc;
}

/* The catalog's reference prices being old says nothing when every priced
 * resource has a cached or live price: then only the sizes' age can make the
 * catalog stale ("catalog-stale" is dropped when it was about the prices). */
static void stale_by_price_source(aivm_check_report *rep, aivm_prices_mode mode)
{
    size_t fresh = 0;
    if (mode != AIVM_PRICES_CACHED && mode != AIVM_PRICES_LIVE)
        return;
    if (!rep->today || aivm_catalog_age_days(rep->catalog, rep->today) > AIVM_CATALOG_STALE_DAYS)
        return;
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        if (!it->priced)
            continue;
        if (it->price_source != AIVM_PRICE_LIVE && it->price_source != AIVM_PRICE_CACHE)
            return;
        fresh++;
    }
    if (fresh)
        aivm_warnings_drop(&rep->warnings, "catalog-stale");
}

/* The sizes a SKU snapshot lists that the catalog lacks: check can never
 * suggest them, and says so in the report (recommend says the same in its
 * advice, advise_avail.c). */
static void unknown_sizes_warning(aivm_check_report *rep, const aivm_avail *av,
                                  const aivm_catalog *cat)
{
    const char **names = NULL;
    size_t n = 0;
    aivm_avail_unknown_sizes(&names, &n, av, cat);
    if (n) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_buf_printf(&b,
                        "%zu size%s in the SKU list %s not in the catalog, so never suggested: "
                        "%s%s ('aivm-advise catalog refresh --skus FILE' adds them)",
                        n, n == 1 ? "" : "s", n == 1 ? "is" : "are", names[0],
                        n > 1 ? ", ..." : "");
        aivm_check_report_add_warning(rep, "skus-not-in-catalog", b.ptr);
        aivm_buf_dispose(&b);
    }
    free((void *)names);
}

int aivm_check(aivm_check_report **out, aivm_prices **store, const aivm_check_request *req,
               const aivm_catalog *cat, const aivm_rules *rules, const aivm_check_opts *opts,
               aivm_error *err)
{
    aivm_check_report *rep = NULL, *base = NULL;
    aivm_prices *base_store = NULL;
    int rc;
    *out = NULL;
    *store = NULL;
    rc = aivm_check_run(&rep, req->plan, cat, rules, opts, err);
    if (rc == 0)
        rc = price(rep, rep, &req->pricing, store, err);
    if (rc == 0)
        stale_by_price_source(rep, req->pricing.mode);
    if (rc == 0 && req->base) {
        rc = aivm_check_run(&base, req->base, cat, rules, opts, err);
        if (rc == 0)
            rc = price(rep, base, &req->pricing, &base_store, err);
        aivm_prices_free(base_store);
        if (rc == 0)
            rc = aivm_check_diff_apply(rep, base, err); /* rep owns base from here */
        else
            aivm_check_report_free(base);
    }
    if (rc == 0 && req->source) {
        aivm_check_locate_source(rep, req->source);
        for (size_t i = 0; i < aivm_tf_source_warning_count(req->source); i++)
            aivm_check_report_add_warning(rep, "source-warning",
                                          aivm_tf_source_warning(req->source, i));
    }
    if (rc == 0)
        unknown_sizes_warning(rep, opts->avail, cat);
    if (rc < 0) {
        aivm_check_report_free(rep);
        aivm_prices_free(*store);
        *store = NULL;
        return rc;
    }
    *out = rep;
    return 0;
}
