/*
 * aivm/prices.h - live VM prices from the Azure Retail Prices API: row
 * classification (pure, from bytes), a cache on disk, an HTTP client that
 * loads libcurl on first use, and the price record a candidate carries
 * (docs/prices.md). The step that puts prices on an advice is in aivm/advise.h.
 *
 * Ownership: an aivm_price_set owns its rows and their strings; an
 * aivm_prices store owns its sets. Pointers handed out stay valid until the
 * owner is freed. The library never reads the environment: the caller
 * passes the cache directory and every limit in aivm_fetch_opts.
 */
#ifndef AIVM_PRICES_H
#define AIVM_PRICES_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/workload.h"

/** The default API endpoint (HTTPS). */
#define AIVM_PRICES_DEFAULT_URL "https://prices.azure.com/api/retail/prices"
/** The API version asked for: the only one with savingsPlan. */
#define AIVM_PRICES_API_VERSION "2023-01-01-preview"
/** Hours in a month for monthly costs (the usual convention). */
#define AIVM_HOURS_PER_MONTH 730.0

typedef enum {
    AIVM_PRICE_NONE = 0,
    AIVM_PRICE_CATALOG = 1,
    AIVM_PRICE_LIVE = 2,
    AIVM_PRICE_CACHE = 3
} aivm_price_source;

/** Pricing models (`--pricing`): how the hourly price is taken. */
typedef enum {
    AIVM_PRICING_ON_DEMAND = 0,
    AIVM_PRICING_SPOT = 1,
    AIVM_PRICING_RESERVED_1Y = 2, /* reservation total / 8760 h */
    AIVM_PRICING_RESERVED_3Y = 3, /* reservation total / 26280 h */
    AIVM_PRICING_SAVINGS_PLAN_1Y = 4,
    AIVM_PRICING_SAVINGS_PLAN_3Y = 5
} aivm_pricing;

#define AIVM_PRICING_COUNT 6

/** The price shown for one candidate. Strings are borrowed from the catalog
 *  or from the aivm_prices store that priced it (which must outlive it). */
typedef struct {
    aivm_price_source source;
    const char *currency;
    const char *region; /* where the price applies (may differ from the workload's) */
    aivm_os os;
    const char *as_of;
    bool has_on_demand;
    double on_demand;
    bool has_spot;
    double spot;
    aivm_pricing pricing;           /* the model asked for */
    bool has_hourly;                /* a price under `pricing` is known */
    double hourly;                  /* one VM, per hour, under `pricing` */
    bool known[AIVM_PRICING_COUNT]; /* which models are known (alternatives) */
    double alt[AIVM_PRICING_COUNT];
    const char *fetched_at; /* live/cache: UTC time of the fetch; else NULL */
    bool ambiguous;         /* competing price rows disagreed */
} aivm_price;

/** "on-demand", "spot", "reserved-1y", ...; parse returns 0 or AIVM_EINVALID. */
const char *aivm_pricing_name(aivm_pricing p);
int aivm_pricing_parse(aivm_pricing *out, const char *s, aivm_error *err);
/** Name of a price source: "none", "catalog", "live", "cache". */
const char *aivm_price_source_name(aivm_price_source s);

/**
 * The catalog's price of `s` for `region` (aivm_size_price_for: the
 * region's, else the reference region's; `*reference` says which, may be
 * NULL) as a price record for `os` under `pricing`: Linux pay-as-you-go and
 * spot in USD. Unpriced (source NONE, currency USD) when the catalog has no
 * price or `os` is not Linux. Strings are borrowed from the catalog.
 */
void aivm_price_from_catalog(aivm_price *p, const aivm_size *s, const char *region, aivm_os os,
                             aivm_pricing pricing, bool *reference);
/** Price `p` under `pricing`: `hourly` is that model's price and `has_hourly`
 *  whether it is known (an unknown price stays unknown, never 0). */
void aivm_price_select(aivm_price *p, aivm_pricing pricing);

/** Where a row's price is used: which product tier its skuName names. */
typedef enum {
    AIVM_TIER_REGULAR = 0,
    AIVM_TIER_SPOT = 1,
    AIVM_TIER_LOW_PRIORITY = 2
} aivm_price_tier;

/** The price type of a row (`type`, or a savingsPlan entry). */
typedef enum {
    AIVM_PTYPE_CONSUMPTION = 0,
    AIVM_PTYPE_DEVTEST = 1,
    AIVM_PTYPE_RESERVATION = 2,
    AIVM_PTYPE_SAVINGS_PLAN = 3
} aivm_price_type;

/** One classified row. `excluded` names why it is not used (NULL = used). */
typedef struct {
    const char *sku, *region, *currency;
    const char *product_name, *sku_name, *meter_name, *meter_id;
    const char *effective_start; /* may be NULL */
    aivm_os os;
    aivm_price_tier tier;
    aivm_price_type type;
    unsigned term_years; /* reservations and savings plans: 1 or 3; else 0 */
    double price;        /* as listed (reservations: the whole term) */
    double hourly;       /* per hour */
    bool ambiguous;      /* another row competed for the same slot with another price */
    const char *excluded;
} aivm_price_row;

/** The classified rows of one query (one size in one region). */
typedef struct aivm_price_set aivm_price_set;

/** Which query a page or cache entry answers. All strings borrowed. */
typedef struct {
    const char *region; /* lowercase ARM name, e.g. "eastus" */
    const char *sku;    /* "Standard_ND96isr_H100_v5"; NULL: every size of the region
                           (one set for a whole price list; lookups are per size, so
                           aivm_price_set_lookup is meant for one-size sets) */
    const char *currency;
} aivm_price_query;

/**
 * Parse one API page (the JSON envelope with Items) and classify its rows
 * for `q`. This is the fuzzing and unit-test entry point: memory in,
 * classified rows out. `*out` is freed with aivm_price_set_free().
 * The page is read in one streaming pass (no document tree), so memory
 * grows with the rows kept, not with the page. Returns 0, AIVM_ESYNTAX
 * (not strict JSON: truncated page, HTML, invalid UTF-8 or escapes,
 * nesting deeper than 1000; the message gives the byte offset) or
 * AIVM_EINVALID (no Items array, no Count, wrong types).
 */
int aivm_prices_parse_mem(aivm_price_set **out, const char *buf, size_t len,
                          const aivm_price_query *q, aivm_error *err);
/** Free a set and its rows. Accepts NULL. */
void aivm_price_set_free(aivm_price_set *set);

/** How many rows the set holds. */
size_t aivm_price_set_count(const aivm_price_set *set);
/** The i-th row, in input order (savings plans right after their row). */
const aivm_price_row *aivm_price_set_row(const aivm_price_set *set, size_t i);
/** Items seen before classification. */
size_t aivm_price_set_items(const aivm_price_set *set);

/**
 * The hourly price of `os` under `pricing` in `*hourly`, or false when no
 * usable row exists ("unknown", never 0). `*ambiguous` (may be NULL) is set
 * when competing rows disagreed (the newest effectiveStartDate won).
 */
bool aivm_price_set_lookup(const aivm_price_set *set, aivm_os os, aivm_pricing pricing,
                           double *hourly, bool *ambiguous);

/** Price-fetching modes of `--prices`. */
typedef enum {
    AIVM_PRICES_OFF = 0,
    AIVM_PRICES_CATALOG = 1,
    AIVM_PRICES_CACHED = 2,
    AIVM_PRICES_LIVE = 3
} aivm_prices_mode;

/** Progress of a fetch: queries done of total, requests in flight. */
typedef void (*aivm_prices_progress_fn)(void *ctx, size_t done, size_t total, unsigned in_flight);

typedef struct {
    const char *base_url;  /* NULL = AIVM_PRICES_DEFAULT_URL */
    const char *currency;  /* NULL = "USD" */
    const char *cache_dir; /* NULL = no cache; entries live under <dir>/prices/ */
    double cache_ttl_s;    /* live mode: entries younger than this are used */
    bool refresh;          /* live mode: ignore the cache (still write it) */
    double timeout_s;      /* per request, total */
    double connect_timeout_s;
    unsigned max_in_flight; /* at most 4 */
    unsigned retries;       /* extra attempts after a retryable failure */
    double backoff_s;       /* first backoff delay; doubles, with jitter */
    double backoff_max_s;   /* cap on any wait, Retry-After included */
    unsigned page_cap;      /* more pages than this is an error */
    size_t max_body;        /* bytes per response */
    const char *user_agent; /* NULL = "aivm-advise/<version>" */
    long long now;          /* seconds since the epoch; 0 = time() */
    aivm_prices_progress_fn progress;
    void *progress_ctx;
} aivm_fetch_opts;

#define AIVM_FETCH_OPTS_INIT                                                                       \
    {                                                                                              \
        NULL, NULL, NULL, 86400, false, 30, 10, 4, 4, 2, 60, 64, (size_t)32 << 20, NULL, 0, NULL,  \
            NULL                                                                                   \
    }

/**
 * Check a base URL: https://, or http:// to a loopback host (127.0.0.1,
 * localhost, [::1]) only. Returns 0 or AIVM_EINVALID with the reason.
 */
int aivm_prices_check_url(const char *url, aivm_error *err);

/**
 * What a fetch did for one query (`prices fetch`, its text lines and its
 * JSON `status`): decided by aivm_prices_get() where it serves or fails
 * the query, so every output only formats it.
 */
typedef enum {
    AIVM_FETCH_FAILED = 0,  /* not served: the entry's status and error say why; set is NULL */
    AIVM_FETCH_FETCHED = 1, /* fetched live by this call (source AIVM_PRICE_LIVE) */
    AIVM_FETCH_CACHED = 2   /* served from the cache (source AIVM_PRICE_CACHE) */
} aivm_fetch_state;

#define AIVM_FETCH_STATE_COUNT 3

/**
 * Name of a fetch state: "failed", "fetched", "cached" (the `status` of
 * docs/schema/prices-fetch.schema.json). Returns a static string, never NULL.
 */
const char *aivm_fetch_state_name(aivm_fetch_state s);

/** One query's outcome in a store. Strings owned by the store. */
typedef struct {
    aivm_price_query query;
    aivm_fetch_state state;    /* FETCHED or CACHED exactly when set != NULL */
    const aivm_price_set *set; /* NULL when unavailable */
    aivm_price_source source;  /* AIVM_PRICE_LIVE or AIVM_PRICE_CACHE when set != NULL */
    const char *fetched_at;    /* "YYYY-MM-DDTHH:MM:SSZ" */
    long long age_s;           /* age of the data at lookup time */
    int status;                /* 0, or why set is NULL */
    const char *error;         /* message when status < 0 */
    bool in_cache;             /* the set is in the cache (read from it, or written to it) */
    const char *cache_error;   /* fetched live but not cached: why (NULL otherwise) */
    const char *cache_path;    /* the cache entry read or written (a region's whole list for
                                  a size served from it), or NULL */
} aivm_price_entry;

/** Prices for a batch of queries, from cache and/or the network. */
typedef struct aivm_prices aivm_prices;

/**
 * Get prices for `n` queries. `mode` is AIVM_PRICES_CACHED (cache only, any
 * age) or AIVM_PRICES_LIVE (fresh cache entries, fetch the rest). A query
 * with sku NULL is region-wide: the region's whole Virtual Machines price
 * list in one filtered query, pages fetched by $skip in parallel, cached
 * per region (docs/prices.md); its entry's set holds every size. A query
 * for one size is served from its region's cache entry when there is one
 * that the mode accepts (results equal a query for that size alone), else
 * from its own cache entry, else (live) fetched for that size. A query
 * that cannot be served is recorded in its entry (status, error) and does
 * not fail the call; warnings (corrupt cache entries, cache write errors)
 * are collected on the store. Returns 0, or AIVM_EINVALID for bad options.
 * `*out` is freed with aivm_prices_free().
 */
int aivm_prices_get(aivm_prices **out, aivm_prices_mode mode, const aivm_price_query *qs, size_t n,
                    const aivm_fetch_opts *o, aivm_error *err);
/** Free a store and every set it owns. Accepts NULL. */
void aivm_prices_free(aivm_prices *p);

/**
 * Region-wide prices for `n` regions (lowercase ARM names, borrowed for
 * the call): aivm_prices_get() with one sku-NULL query per region, so
 * `live` fetches each region's whole list (or reuses a fresh region cache
 * entry) and `cached` reads the region caches only. Entries are in region
 * order. Returns as aivm_prices_get(); `*out` is freed with aivm_prices_free().
 */
int aivm_prices_get_regions(aivm_prices **out, aivm_prices_mode mode, const char *const *regions,
                            size_t n, const aivm_fetch_opts *o, aivm_error *err);
/**
 * The prices of one size in a region of a region-wide store (from
 * aivm_prices_get_regions): `*out` is the set a query for that size alone
 * gives (aivm_price_set_lookup reads it; no rows: prices unknown), owned by
 * the store until aivm_prices_free(). Returns 0, or AIVM_ENOTFOUND when the
 * store has no region-wide entry for `region`, or the entry's failure
 * status (err says why) when that region could not be had.
 */
int aivm_prices_region_size(const aivm_price_set **out, aivm_prices *p, const char *region,
                            const char *sku, aivm_error *err);

/** The store's entries, one per query, in query order (i < count); owned by the store. */
size_t aivm_prices_count(const aivm_prices *p);
const aivm_price_entry *aivm_prices_entry(const aivm_prices *p, size_t i);
/** The entry for (region, sku), or NULL; sku NULL finds a region-wide entry. */
const aivm_price_entry *aivm_prices_find(const aivm_prices *p, const char *region, const char *sku);
/**
 * The store entry `e`'s prices as the price record of one VM for `os` under
 * `pricing` (recommend's candidates and check's resources alike): every
 * pricing model the entry's set knows (`known`/`alt`, `ambiguous` when rows
 * competed), pay-as-you-go and spot, the entry's source, currency, region
 * (`region` when the query named none) and fetch time. An entry without a
 * set leaves every model unknown. Strings are borrowed from the store.
 */
void aivm_price_from_entry(aivm_price *p, const aivm_price_entry *e, const char *region, aivm_os os,
                           aivm_pricing pricing);

/** How many of the store's entries are in each state: `counts[s]` for every
 *  aivm_fetch_state s (the caller's array, overwritten). */
void aivm_prices_state_counts(size_t counts[AIVM_FETCH_STATE_COUNT], const aivm_prices *p);
/** The store's warnings (corrupt cache entries, cache write errors), i < count;
 *  owned by the store. */
size_t aivm_prices_warning_count(const aivm_prices *p);
const char *aivm_prices_warning(const aivm_prices *p, size_t i);
/** How many HTTP requests the store made (retries included). */
size_t aivm_prices_requests(const aivm_prices *p);
/**
 * Why the fetch stopped for every query not served from the cache (libcurl
 * unavailable; the price API's host not resolved or refusing connections
 * after one retry), or NULL. Those entries carry the same message as their
 * error. Borrowed from the store.
 */
const char *aivm_prices_fatal(const aivm_prices *p);

/**
 * The libcurl version string, loading libcurl.so.4 if needed, or NULL when
 * it cannot be loaded. Used for `--version`.
 */
const char *aivm_prices_curl_version(void);

/** The 17 currencies the API supports. */
bool aivm_prices_currency_valid(const char *code);

#endif
