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
#include "aivm/refresh.h"
#include "cli.h"
#include "msg.h"
#include "price_opts.h"
#include "prices_regions.h"
#include "sources.h"
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

/* Names as "a, b, c" on one line (the list may be long: it is for reading and grep). */
static void print_names(const char *head, const char *const *names, const char *const *where,
                        size_t n, const char *tail)
{
    cli_outf("%s (%zu): ", head, n);
    for (size_t i = 0; i < n; i++)
        cli_outf("%s%s%s%s%s", i ? ", " : "", names[i], where ? " (" : "", where ? where[i] : "",
                 where ? ")" : "");
    cli_outf("%s\n", tail);
}

/* What the lists tell about the catalog (prices_regions.h, cli_prices_fetch_done). */
typedef struct {
    aivm_catalog *cat;
    const char **unknown, **where, **unpriced;
    size_t n_unknown, n_unpriced;
} gaps;

static void gaps_dispose(gaps *g)
{
    free((void *)g->unknown);
    free((void *)g->where);
    free((void *)g->unpriced);
    aivm_catalog_free(g->cat);
}

/* The sizes the lists price that the catalog lacks, and the catalog sizes
 * no list prices; false (nothing computed) when the catalog cannot load. */
static bool gaps_compute(gaps *g, const aivm_prices *store, bool regions, const char *catalog_path)
{
    char today[16];
    memset(g, 0, sizeof *g);
    if (cli_load_catalog(&g->cat, catalog_path))
        return false;
    cli_today(today);
    if (regions) {
        aivm_refresh_price_gaps(&g->unknown, &g->where, &g->n_unknown, &g->unpriced, &g->n_unpriced,
                                g->cat, store, today);
        return true;
    }
    for (size_t i = 0; i < aivm_prices_count(store); i++) { /* per size: the sizes asked for */
        const aivm_price_entry *e = aivm_prices_entry(store, i);
        const aivm_size *s = aivm_catalog_find_size(g->cat, e->query.sku);
        bool priced = e->set && aivm_price_set_count(e->set) > 0;
        if (e->set && priced && !s) {
            g->unknown = aivm_xrealloc((void *)g->unknown, (g->n_unknown + 1) * sizeof *g->unknown);
            g->where = aivm_xrealloc((void *)g->where, (g->n_unknown + 1) * sizeof *g->where);
            g->where[g->n_unknown] = e->query.region;
            g->unknown[g->n_unknown++] = e->query.sku;
        } else if (e->set && !priced && s) {
            g->unpriced =
                aivm_xrealloc((void *)g->unpriced, (g->n_unpriced + 1) * sizeof *g->unpriced);
            g->unpriced[g->n_unpriced++] = aivm_str(&s->name);
        }
    }
    return true;
}

static void gaps_print(const gaps *g)
{
    if (g->n_unknown)
        print_names("priced but not in the catalog", g->unknown, g->where, g->n_unknown,
                    "; 'aivm-advise catalog refresh --skus FILE' adds sizes an az vm list-skus "
                    "snapshot describes");
    if (g->n_unpriced)
        print_names("catalog sizes with no price row in any list fetched", g->unpriced, NULL,
                    g->n_unpriced, "");
}

static int fetch_json(const aivm_prices *store, bool regions, const char *cache_dir, const gaps *g,
                      const size_t counts[AIVM_FETCH_STATE_COUNT])
{
    aivm_fetch_report r;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    memset(&r, 0, sizeof r);
    r.store = store;
    r.regions = regions;
    r.cache_dir = cache_dir;
    r.unknown = g->unknown;
    r.unknown_region = g->where;
    r.n_unknown = g->n_unknown;
    r.unpriced = g->unpriced;
    r.n_unpriced = g->n_unpriced;
    r.catalog = g->cat;
    memcpy(r.counts, counts, sizeof r.counts);
    cli_report_begin(&out, true);
    rc = aivm_report_prices_fetch_json(&out, &r, &err);
    rc = rc < 0 ? cli_report_error(&err) : cli_report_end(&out, true);
    aivm_buf_dispose(&out);
    return rc;
}

int cli_prices_fetch_done(const aivm_prices *store, size_t n, bool regions,
                          const cli_price_opts *po, const char *catalog_path, bool json)
{
    gaps g;
    const aivm_prices *stores[1] = {store};
    size_t counts[AIVM_FETCH_STATE_COUNT];
    int rc = cli_prices_fetch_report(store, n, regions, po->fetch.cache_dir, json, counts), wrc = 0;
    bool have = (json || !cli_quiet) && gaps_compute(&g, store, regions, catalog_path);
    cli_sources_prices(AIVM_PRICES_LIVE, NULL, &po->fetch, stores, 1);
    if (have && json)
        wrc = fetch_json(store, regions, po->fetch.cache_dir, &g, counts);
    else if (have)
        gaps_print(&g);
    if (have)
        gaps_dispose(&g);
    return rc ? rc : wrc;
}

int cli_prices_fetch_regions(const char *const *regions, size_t n, cli_price_opts *po,
                             const char *catalog_path, bool json)
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
    rc = cli_prices_fetch_done(store, n, true, po, catalog_path, json);
    aivm_prices_free(store);
    return rc;
}

void cli_age_text(char *out, size_t cap, long long s)
{
    if (s < 3600)
        snprintf(out, cap, "%lld min old", s < 0 ? 0 : s / 60);
    else if (s < 2 * 86400)
        snprintf(out, cap, "%lld h old", s / 3600);
    else
        snprintf(out, cap, "%lld days old", s / 86400);
}

int cli_prices_fetch_report(const aivm_prices *store, size_t n, bool regions, const char *cache_dir,
                            bool json, size_t out_counts[AIVM_FETCH_STATE_COUNT])
{
    const char *what = regions ? "region" : "size";
    char age[48];
    size_t counts[AIVM_FETCH_STATE_COUNT], uncached = 0;
    const char *why = NULL;
    int rc;
    for (size_t i = 0; i < aivm_prices_count(store); i++) {
        const aivm_price_entry *e = aivm_prices_entry(store, i);
        const char *state =
            e->state == AIVM_FETCH_CACHED ? "cached, still fresh" : aivm_fetch_state_name(e->state);
        if (e->state == AIVM_FETCH_FAILED) {
            if (!aivm_prices_fatal(store) && regions) /* else one line for all, below */
                cli_errorf("%s: %s (nothing cached for this region)", e->query.region, e->error);
            else if (!aivm_prices_fatal(store))
                cli_errorf("%s in %s: %s", e->query.sku, e->query.region, e->error);
            continue;
        }
        if (!e->in_cache) {
            uncached++;
            why = why ? why : e->cache_error;
        }
        if (cli_quiet || json) /* -q: the summary line below says it all */
            continue;
        cli_age_text(age, sizeof age, e->age_s);
        if (regions)
            cli_outf("%s %s: whole price list, %zu items, %s (fetched %s, %s)\n", e->query.region,
                     e->query.currency, aivm_price_set_items(e->set), state, e->fetched_at, age);
        else
            cli_outf("%s %s %s: %zu items, %s (fetched %s, %s)\n", e->query.region, e->query.sku,
                     e->query.currency, aivm_price_set_items(e->set), state, e->fetched_at, age);
    }
    aivm_prices_state_counts(counts, store);
    if (out_counts)
        memcpy(out_counts, counts, sizeof counts);
    if (aivm_prices_fatal(store))
        cli_errorf("%s; %zu of %zu %ss not fetched", aivm_prices_fatal(store),
                   counts[AIVM_FETCH_FAILED], n, what);
    if (!json) /* JSON: its summary object */
        cli_outf("%zu %s%s: %zu fetched, %zu already cached, %zu failed (%zu requests); cache %s\n",
                 n, what, n == 1 && regions ? "" : "s", counts[AIVM_FETCH_FETCHED],
                 counts[AIVM_FETCH_CACHED], counts[AIVM_FETCH_FAILED], aivm_prices_requests(store),
                 cache_dir);
    rc = counts[AIVM_FETCH_FAILED] ? CLI_EXIT_PRICES : 0;
    if (!rc && uncached) { /* the point of fetch is the cache: later --prices cached needs it */
        cli_errorf("%zu of %zu %ss could not be cached in %s: %s", uncached, n, what, cache_dir,
                   why ? why : "unknown reason");
        rc = CLI_EXIT_INTERNAL;
    }
    return rc;
}
