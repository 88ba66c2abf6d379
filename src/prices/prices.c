/*
 * prices.c - orchestration of live prices: for a batch of (region, size)
 * queries, serve what the cache can (any age in `cached` mode, younger
 * than the TTL in `live` mode), fetch the rest with prices_http.c, classify
 * with prices_parse.c and write complete fetches back to the cache. Then
 * put the prices on an advice's candidates, recording per candidate where
 * its price came from; a price that could not be had is an error in live
 * mode unless partial results were allowed, and is never shown as 0.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/util.h"
#include "aivm_version.h"
#include "prices_int.h"
#include "util/arena.h"
#include "util/mathutil.h"

/* A region's whole price list read from the cache for per-size queries. */
typedef struct {
    const char *region;
    aivm_price_set *all; /* NULL: no usable region entry */
    const char *fetched_at;
    long long age;
} region_hit;

typedef struct {
    region_hit *v;
    size_t n;
} region_list;

struct aivm_prices {
    aivm_arena arena;
    aivm_price_entry *entries;
    aivm_price_set **sets;
    size_t n;
    char **warnings;
    size_t n_warnings;
    size_t requests;
    const char *cache_refused; /* why the cache directory is not used this run, or NULL */
    const char *fatal;         /* why the fetch stopped for every query, or NULL */
    region_list regions;       /* region caches read for per-size queries */
    aivm_price_set **extra;    /* sets handed out by aivm_prices_region_size */
    size_t n_extra;
};

static const char *const currencies[] = {"USD", "AUD", "BRL", "CAD", "CHF", "CNY",
                                         "DKK", "EUR", "GBP", "INR", "JPY", "KRW",
                                         "NOK", "NZD", "RUB", "SEK", "TWD"};

bool aivm_prices_currency_valid(const char *code)
{
    for (size_t i = 0; i < sizeof currencies / sizeof currencies[0]; i++)
        if (strcmp(code, currencies[i]) == 0)
            return true;
    return false;
}

static void warn(aivm_prices *p, const char *fmt, ...) AIVM_PRINTF(2, 3);

static void warn(aivm_prices *p, const char *fmt, ...)
{
    aivm_buf b = AIVM_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    aivm_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    p->warnings = aivm_xrealloc(p->warnings, (p->n_warnings + 1) * sizeof *p->warnings);
    p->warnings[p->n_warnings++] = aivm_buf_detach(&b);
}

static void iso_time(char *out, size_t n, long long t)
{
    char text[24];
    aivm_utc_format(text, t, true);
    snprintf(out, n, "%s", text);
}

static void set_entry(aivm_prices *p, size_t i, aivm_price_set *set, aivm_price_source src,
                      const char *fetched_at, long long age)
{
    p->sets[i] = set;
    p->entries[i].set = set;
    p->entries[i].source = src;
    p->entries[i].state = src == AIVM_PRICE_LIVE ? AIVM_FETCH_FETCHED : AIVM_FETCH_CACHED;
    p->entries[i].fetched_at = aivm_arena_strdup(&p->arena, fetched_at);
    p->entries[i].age_s = age;
    p->entries[i].status = 0;
    p->entries[i].error = NULL;
}

/* Record the path of the cache entry that answers (or holds) query `q` for entry i. */
static void set_path(aivm_prices *p, size_t i, const char *dir, const char *base,
                     const aivm_price_query *q)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_prices__cache_path(&b, dir, base, q);
    p->entries[i].cache_path = aivm_arena_strdup(&p->arena, b.ptr);
    aivm_buf_dispose(&b);
}

static void set_failure(aivm_prices *p, size_t i, int status, const char *msg)
{
    p->entries[i].state = AIVM_FETCH_FAILED;
    p->entries[i].status = status;
    p->entries[i].error = aivm_arena_strdup(&p->arena, msg);
}

/* Serve query i from the cache if allowed; true when served. */
static bool from_cache(aivm_prices *p, size_t i, aivm_prices_mode mode, const char *base,
                       const aivm_fetch_opts *o, long long now)
{
    const aivm_price_query *q = &p->entries[i].query;
    aivm_price_items *items = NULL;
    aivm_cache_meta m;
    aivm_error e = AIVM_ERROR_INIT;
    aivm_price_set *set = NULL;
    char *url = aivm_prices__query_url(base, q, 0);
    long long age;
    bool served = false;
    int rc = aivm_prices__cache_read(&items, &m, o->cache_dir, base, q, url, &e);
    free(url);
    if (rc == AIVM_ENOTFOUND)
        return false;
    if (rc < 0) {
        warn(p, "%s: ignored%s", e.msg, mode == AIVM_PRICES_LIVE ? ", fetching again" : "");
        return false;
    }
    /* both are within 1970-9999 (the parser checked the entry): no overflow */
    age = now - m.fetched_epoch;
    if (mode == AIVM_PRICES_CACHED || (age >= 0 && (double)age < o->cache_ttl_s)) {
        aivm_prices__classify(&set, items, q);
        set_entry(p, i, set, AIVM_PRICE_CACHE, m.fetched_at, age);
        p->entries[i].in_cache = true;
        set_path(p, i, o->cache_dir, base, q);
        served = true;
    }
    aivm_prices__items_free(items);
    return served;
}

/* The region-wide cache entry of query i's region, read once per store and
 * used when allowed (any age in `cached` mode, younger than the TTL in
 * `live` mode) and newer than the size's own entry, if any: query i is then
 * served from it; true when served. */
static bool from_region(aivm_prices *p, size_t i, aivm_prices_mode mode, const char *base,
                        const aivm_fetch_opts *o, long long now)
{
    const aivm_price_query *q = &p->entries[i].query;
    region_hit *h = NULL;
    aivm_price_set *set = NULL;
    for (size_t k = 0; k < p->regions.n && !h; k++)
        if (strcmp(p->regions.v[k].region, q->region) == 0)
            h = &p->regions.v[k];
    if (!h) {
        aivm_price_query rq = {q->region, NULL, q->currency};
        aivm_price_items *items = NULL;
        aivm_cache_meta m;
        aivm_error e = AIVM_ERROR_INIT;
        char *url = aivm_prices__query_url(base, &rq, 0);
        int rc = aivm_prices__cache_read(&items, &m, o->cache_dir, base, &rq, url, &e);
        free(url);
        p->regions.v = aivm_xrealloc(p->regions.v, (p->regions.n + 1) * sizeof *p->regions.v);
        h = &p->regions.v[p->regions.n++];
        memset(h, 0, sizeof *h);
        h->region = q->region;
        if (rc < 0 && rc != AIVM_ENOTFOUND)
            warn(p, "%s: ignored", e.msg);
        if (rc == 0) {
            h->age = now - m.fetched_epoch; /* both within 1970-9999: no overflow */
            if (mode == AIVM_PRICES_CACHED || (h->age >= 0 && (double)h->age < o->cache_ttl_s)) {
                aivm_prices__classify(&h->all, items, &rq);
                h->fetched_at = aivm_arena_strdup(&p->arena, m.fetched_at);
            }
        }
        aivm_prices__items_free(items);
    }
    if (!h->all || (p->entries[i].set && p->entries[i].age_s <= h->age))
        return false; /* the size's own entry is as new or newer */
    aivm_price_set_free(p->sets[i]);
    aivm_prices__set_subset(&set, h->all, q->sku);
    set_entry(p, i, set, AIVM_PRICE_CACHE, h->fetched_at, h->age);
    p->entries[i].in_cache = true;
    {
        aivm_price_query rq = {q->region, NULL, q->currency};
        set_path(p, i, o->cache_dir, base, &rq);
    }
    return true;
}

static void store_fetched(aivm_prices *p, size_t i, aivm_http_job *job, const char *base,
                          const aivm_fetch_opts *o, long long now)
{
    aivm_cache_meta m;
    aivm_error e = AIVM_ERROR_INIT;
    aivm_price_set *set = NULL;
    const aivm_price_query *q = &p->entries[i].query;
    memset(&m, 0, sizeof m);
    iso_time(m.fetched_at, sizeof m.fetched_at, now);
    aivm_prices__classify(&set, job->items, q);
    set_entry(p, i, set, AIVM_PRICE_LIVE, m.fetched_at, 0);
    if (!o->cache_dir) {
        p->entries[i].cache_error = p->cache_refused;
        return;
    }
    snprintf(m.url, sizeof m.url, "%s", job->url);
    m.fetched_epoch = now;
    m.pages = job->pages;
    snprintf(m.currency, sizeof m.currency, "%s", q->currency);
    snprintf(m.region, sizeof m.region, "%s", q->region);
    snprintf(m.sku, sizeof m.sku, "%s", q->sku ? q->sku : "");
    snprintf(m.api_version, sizeof m.api_version, "%s", AIVM_PRICES_API_VERSION);
    snprintf(m.tool_version, sizeof m.tool_version, "%s", AIVM_VERSION_STRING);
    if (aivm_prices__cache_write(o->cache_dir, base, q, job->items, &m, &e) < 0) {
        warn(p, "cannot cache prices: %s", e.msg);
        p->entries[i].cache_error = aivm_arena_strdup(&p->arena, e.msg);
    } else {
        p->entries[i].in_cache = true;
        set_path(p, i, o->cache_dir, base, q);
    }
}

static void fetch_missing(aivm_prices *p, const char *base, const aivm_fetch_opts *o, long long now)
{
    aivm_http_job *jobs = aivm_xcalloc(p->n ? p->n : 1, sizeof *jobs);
    size_t *index = aivm_xcalloc(p->n ? p->n : 1, sizeof *index);
    size_t k = 0, requests = 0;
    aivm_fetch_opts fo = *o;
    aivm_error e = AIVM_ERROR_INIT;
    int rc;
    fo.base_url = base;
    for (size_t i = 0; i < p->n; i++)
        if (!p->entries[i].set) {
            jobs[k].q = &p->entries[i].query;
            index[k++] = i;
        }
    if (k) {
        rc = aivm_prices__http_run(jobs, k, &fo, &requests, &e);
        p->requests += requests;
        if (rc < 0)
            p->fatal = aivm_arena_strdup(&p->arena, e.msg);
        for (size_t j = 0; j < k; j++) {
            if (rc < 0)
                set_failure(p, index[j], rc, e.msg);
            else if (jobs[j].status < 0)
                set_failure(p, index[j], jobs[j].status, jobs[j].error);
            else
                store_fetched(p, index[j], &jobs[j], base, o, now);
            aivm_prices__items_free(jobs[j].items);
            free(jobs[j].url);
        }
    }
    free(jobs);
    free(index);
}

int aivm_prices_get(aivm_prices **out, aivm_prices_mode mode, const aivm_price_query *qs, size_t n,
                    const aivm_fetch_opts *o, aivm_error *err)
{
    const char *base = o->base_url ? o->base_url : AIVM_PRICES_DEFAULT_URL;
    const char *cur = o->currency ? o->currency : "USD";
    long long now = o->now ? o->now : aivm_clock_wall();
    long long oldest = -1;
    aivm_prices *p;
    aivm_fetch_opts local = *o;
    aivm_error unsafe = AIVM_ERROR_INIT;
    int rc;
    *out = NULL;
    rc = aivm_prices_check_url(base, err);
    if (rc < 0)
        return rc;
    if (!aivm_prices_currency_valid(cur))
        return aivm_error_set(err, AIVM_EINVALID, NULL, "unsupported currency '%s'", cur);
    if (mode != AIVM_PRICES_CACHED && mode != AIVM_PRICES_LIVE)
        return aivm_error_set(err, AIVM_EINVALID, NULL, "prices mode must be cached or live");
    p = aivm_xcalloc(1, sizeof *p);
    {
        /* the scheme in lower case ("HTTPS://" is https://): what libcurl and the
         * NextPageLink comparison see */
        const char *sep = strstr(base, "://");
        if (sep) {
            char *b = aivm_arena_strdup(&p->arena, base);
            for (char *c = b; c < b + (sep - base); c++)
                *c = aivm_ascii_lower(*c);
            base = b;
        }
    }
    if (local.cache_dir && aivm_prices__cache_dir_safe(local.cache_dir, &unsafe) < 0) {
        warn(p, "%s: prices are not read from or written to the cache", unsafe.msg);
        p->cache_refused = aivm_arena_strdup(&p->arena, unsafe.msg);
        local.cache_dir = NULL;
    }
    o = &local;
    p->n = n;
    p->entries = aivm_xcalloc(n ? n : 1, sizeof *p->entries);
    p->sets = aivm_xcalloc(n ? n : 1, sizeof *p->sets);
    for (size_t i = 0; i < n; i++) {
        aivm_price_query *q = &p->entries[i].query;
        q->region = aivm_arena_strdup(&p->arena, qs[i].region);
        q->sku = qs[i].sku ? aivm_arena_strdup(&p->arena, qs[i].sku) : NULL;
        q->currency = aivm_arena_strdup(&p->arena, cur);
        p->entries[i].state = AIVM_FETCH_FAILED; /* until the cache or the network serves it */
        p->entries[i].status = AIVM_ENOTFOUND;
        p->entries[i].error = "no cached price for this endpoint (run 'aivm-advise prices fetch' "
                              "with the same --prices-url)";
        if (o->cache_dir && !(mode == AIVM_PRICES_LIVE && o->refresh)) {
            from_cache(p, i, mode, base, o, now);
            if (q->sku)
                from_region(p, i, mode, base, o, now);
        }
        if (p->entries[i].set && p->entries[i].age_s > oldest)
            oldest = p->entries[i].age_s;
    }
    if (mode == AIVM_PRICES_CACHED && oldest >= 0 && (double)oldest >= o->cache_ttl_s)
        warn(p, "cached prices are up to %lld hours old (--prices live refreshes them)",
             oldest / 3600);
    if (mode == AIVM_PRICES_LIVE)
        fetch_missing(p, base, o, now);
    *out = p;
    return 0;
}

void aivm_prices_free(aivm_prices *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++)
        aivm_price_set_free(p->sets[i]);
    for (size_t i = 0; i < p->regions.n; i++)
        aivm_price_set_free(p->regions.v[i].all);
    free(p->regions.v);
    for (size_t i = 0; i < p->n_extra; i++)
        aivm_price_set_free(p->extra[i]);
    free(p->extra);
    for (size_t i = 0; i < p->n_warnings; i++)
        free(p->warnings[i]);
    free(p->warnings);
    free(p->sets);
    free(p->entries);
    aivm_arena_dispose(&p->arena);
    free(p);
}

size_t aivm_prices_count(const aivm_prices *p)
{
    return p->n;
}

const aivm_price_entry *aivm_prices_entry(const aivm_prices *p, size_t i)
{
    return i < p->n ? &p->entries[i] : NULL;
}

const aivm_price_entry *aivm_prices_find(const aivm_prices *p, const char *region, const char *sku)
{
    for (size_t i = 0; i < p->n; i++) {
        const char *s = p->entries[i].query.sku;
        if (strcmp(p->entries[i].query.region, region) == 0 &&
            (s && sku ? aivm_streq_nocase(s, sku) : s == sku))
            return &p->entries[i];
    }
    return NULL;
}

int aivm_prices_get_regions(aivm_prices **out, aivm_prices_mode mode, const char *const *regions,
                            size_t n, const aivm_fetch_opts *o, aivm_error *err)
{
    aivm_price_query *qs = aivm_xcalloc(n ? n : 1, sizeof *qs);
    int rc;
    for (size_t i = 0; i < n; i++)
        qs[i].region = regions[i];
    rc = aivm_prices_get(out, mode, qs, n, o, err);
    free(qs);
    return rc;
}

int aivm_prices_region_size(const aivm_price_set **out, aivm_prices *p, const char *region,
                            const char *sku, aivm_error *err)
{
    const aivm_price_entry *e = aivm_prices_find(p, region, NULL);
    aivm_price_set *set;
    *out = NULL;
    if (!e)
        return aivm_error_set(err, AIVM_ENOTFOUND, NULL, "no region-wide prices for %s", region);
    if (!e->set)
        return aivm_error_set(err, e->status < 0 ? e->status : AIVM_ENOTFOUND, NULL, "%s: %s",
                              region, e->error ? e->error : "prices unavailable");
    aivm_prices__set_subset(&set, e->set, sku);
    p->extra = aivm_xrealloc(p->extra, (p->n_extra + 1) * sizeof *p->extra);
    p->extra[p->n_extra++] = set;
    *out = set;
    return 0;
}

size_t aivm_prices_warning_count(const aivm_prices *p)
{
    return p->n_warnings;
}

const char *aivm_prices_warning(const aivm_prices *p, size_t i)
{
    return i < p->n_warnings ? p->warnings[i] : NULL;
}

const char *aivm_prices_fatal(const aivm_prices *p)
{
    return p->fatal;
}

size_t aivm_prices_requests(const aivm_prices *p)
{
    return p->requests;
}

static const char *const pricing_names[AIVM_PRICING_COUNT] = {
    "on-demand", "spot", "reserved-1y", "reserved-3y", "savings-plan-1y", "savings-plan-3y"};

const char *aivm_pricing_name(aivm_pricing p)
{
    return (unsigned)p < AIVM_PRICING_COUNT ? pricing_names[p] : "unknown";
}

int aivm_pricing_parse(aivm_pricing *out, const char *s, aivm_error *err)
{
    int v = 0;
    int rc = aivm_enum_parse(&v, s, pricing_names, AIVM_PRICING_COUNT, "pricing", err);
    if (rc == 0)
        *out = (aivm_pricing)v;
    return rc;
}

void aivm_price_from_catalog(aivm_price *p, const aivm_size *s, const char *region, aivm_os os,
                             aivm_pricing pricing, bool *reference)
{
    const aivm_region_price *rp = NULL;
    memset(p, 0, sizeof *p);
    p->source = AIVM_PRICE_NONE;
    p->currency = "USD";
    p->region = region;
    p->os = os;
    p->pricing = pricing;
    if (reference)
        *reference = false;
    if (os == AIVM_OS_LINUX)
        rp = aivm_size_price_for(s, region, reference);
    if (!rp)
        return;
    p->source = AIVM_PRICE_CATALOG;
    p->currency = aivm_str(&s->price_currency);
    p->region = aivm_str(&rp->region);
    p->as_of = aivm_str(&s->price_as_of);
    p->has_on_demand = true;
    p->on_demand = rp->on_demand;
    p->has_spot = rp->has_spot;
    p->spot = rp->spot;
    p->known[AIVM_PRICING_ON_DEMAND] = true;
    p->alt[AIVM_PRICING_ON_DEMAND] = rp->on_demand;
    p->known[AIVM_PRICING_SPOT] = rp->has_spot;
    p->alt[AIVM_PRICING_SPOT] = rp->has_spot ? rp->spot : 0;
    aivm_price_select(p, pricing);
}

void aivm_price_select(aivm_price *p, aivm_pricing pricing)
{
    p->pricing = pricing;
    p->has_hourly = p->known[pricing];
    p->hourly = p->has_hourly ? p->alt[pricing] : 0;
}

void aivm_price_from_entry(aivm_price *p, const aivm_price_entry *e, const char *region, aivm_os os,
                           aivm_pricing pricing)
{
    memset(p, 0, sizeof *p);
    p->source = e->source;
    p->currency = e->query.currency;
    p->region = e->query.region ? e->query.region : region;
    p->os = os;
    p->fetched_at = e->fetched_at;
    for (unsigned k = 0; e->set && k < AIVM_PRICING_COUNT; k++) {
        bool amb = false;
        p->known[k] = aivm_price_set_lookup(e->set, os, (aivm_pricing)k, &p->alt[k], &amb);
        p->ambiguous |= p->known[k] && amb;
    }
    p->has_on_demand = p->known[AIVM_PRICING_ON_DEMAND];
    p->on_demand = p->alt[AIVM_PRICING_ON_DEMAND];
    p->has_spot = p->known[AIVM_PRICING_SPOT];
    p->spot = p->alt[AIVM_PRICING_SPOT];
    aivm_price_select(p, pricing);
}

const char *aivm_price_source_name(aivm_price_source s)
{
    switch (s) {
    case AIVM_PRICE_CATALOG:
        return "catalog";
    case AIVM_PRICE_LIVE:
        return "live";
    case AIVM_PRICE_CACHE:
        return "cache";
    default:
        return "none";
    }
}

void aivm_prices_state_counts(size_t counts[AIVM_FETCH_STATE_COUNT], const aivm_prices *p)
{
    for (size_t s = 0; s < AIVM_FETCH_STATE_COUNT; s++)
        counts[s] = 0;
    for (size_t i = 0; i < p->n; i++)
        counts[p->entries[i].state]++;
}

const char *aivm_fetch_state_name(aivm_fetch_state s)
{
    static const char *const names[AIVM_FETCH_STATE_COUNT] = {"failed", "fetched", "cached"};
    return (unsigned)s < AIVM_FETCH_STATE_COUNT ? names[s] : "failed";
}
