/*
 * prices_regions.c - `aivm-advise prices fetch --regions R1,R2|us|europe|asia|all`
 * (and `prices fetch --region R` without --sku): each region's whole Virtual
 * Machines price list, one region-wide query per region with its pages
 * fetched in parallel, into the region caches that `--prices cached|live`
 * then read for every size (docs/prices.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/prices.h"
#include "cli.h"
#include "msg.h"
#include "price_opts.h"
#include "prices_regions.h"
#include "term.h"

int cli_prices_regions_list(char ***out, size_t *n, const char *spec, const char *catalog_path)
{
    aivm_catalog *own = NULL;
    aivm_rules *rules = NULL;
    const aivm_catalog *cat = aivm_catalog_builtin();
    const aivm_region **rs = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    *out = NULL;
    *n = 0;
    if (catalog_path) {
        rc = cli_load_data(&own, &rules, catalog_path, NULL, 0);
        aivm_rules_free(rules);
        if (rc)
            return rc;
        cat = own;
    }
    if (aivm_catalog_regions_expand(&rs, n, cat, spec, &err) < 0) {
        rc = err.code == AIVM_ENOTFOUND || err.code == AIVM_EINVALID
                 ? cli_usagef("--regions: %s", err.msg)
                 : cli_report_error(&err);
    } else {
        *out = calloc(*n, sizeof **out);
        if (!*out)
            abort();
        for (size_t i = 0; i < *n; i++) { /* copied: a --catalog is freed below */
            char *copy = strdup(rs[i]->name);
            if (!copy)
                abort();
            (*out)[i] = copy;
        }
    }
    free((void *)rs);
    aivm_catalog_free(own);
    return rc;
}

void cli_prices_regions_free(char **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

int cli_prices_fetch_regions(const char *const *regions, size_t n, cli_price_opts *po)
{
    aivm_prices *store = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    if (!po->fetch.cache_dir)
        return cli_usagef("prices fetch needs a cache directory (--cache-dir, or set HOME)");
    if (!cli_quiet && cli_term_stderr_tty())
        po->fetch.progress = cli_price_progress;
    if (aivm_prices_get_regions(&store, AIVM_PRICES_LIVE, regions, n, &po->fetch, &err) < 0)
        return cli_report_error(&err);
    for (size_t i = 0; i < aivm_prices_warning_count(store); i++)
        cli_warnf("%s", aivm_prices_warning(store, i));
    rc = cli_prices_fetch_report(store, n, true, po->fetch.cache_dir);
    aivm_prices_free(store);
    return rc;
}

int cli_prices_fetch_report(const aivm_prices *store, size_t n, bool regions, const char *cache_dir)
{
    const char *what = regions ? "region" : "size";
    size_t failed = 0, live = 0, uncached = 0;
    const char *why = NULL;
    int rc;
    for (size_t i = 0; i < aivm_prices_count(store); i++) {
        const aivm_price_entry *e = aivm_prices_entry(store, i);
        const char *state = e->source == AIVM_PRICE_LIVE ? "fetched" : "cached, still fresh";
        if (!e->set) {
            if (!aivm_prices_fatal(store) && regions) /* else one line for all, below */
                cli_errorf("%s: %s (nothing cached for this region)", e->query.region, e->error);
            else if (!aivm_prices_fatal(store))
                cli_errorf("%s in %s: %s", e->query.sku, e->query.region, e->error);
            failed++;
            continue;
        }
        live += e->source == AIVM_PRICE_LIVE;
        if (!e->in_cache) {
            uncached++;
            why = why ? why : e->cache_error;
        }
        if (cli_quiet) /* -q: the summary line below says it all */
            continue;
        if (regions)
            printf("%s %s: whole price list, %zu items, %s (fetched %s)\n", e->query.region,
                   e->query.currency, aivm_price_set_items(e->set), state, e->fetched_at);
        else
            printf("%s %s %s: %zu items, %s (fetched %s)\n", e->query.region, e->query.sku,
                   e->query.currency, aivm_price_set_items(e->set), state, e->fetched_at);
    }
    if (aivm_prices_fatal(store))
        cli_errorf("%s; %zu of %zu %ss not fetched", aivm_prices_fatal(store), failed, n, what);
    printf("%zu %s%s: %zu fetched, %zu already cached, %zu failed (%zu requests); cache %s\n", n,
           what, n == 1 && regions ? "" : "s", live, n - live - failed, failed,
           aivm_prices_requests(store), cache_dir);
    rc = failed ? CLI_EXIT_PRICES : 0;
    if (!rc && uncached) { /* the point of fetch is the cache: later --prices cached needs it */
        cli_errorf("%zu of %zu %ss could not be cached in %s: %s", uncached, n, what, cache_dir,
                   why ? why : "unknown reason");
        rc = CLI_EXIT_INTERNAL;
    }
    return rc;
}
