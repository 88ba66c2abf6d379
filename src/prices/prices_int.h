/* prices_int.h - internals shared by the prices modules (private to libaivm). */
#ifndef AIVM_PRICES_INT_H
#define AIVM_PRICES_INT_H

#include "aivm/buf.h"
#include "aivm/prices.h"

/** Raw API items gathered over the pages of one query: the JSON text of each
 *  item, unchanged, back to back (checked when added). */
typedef struct aivm_price_items aivm_price_items;

void aivm_prices__items_new(aivm_price_items **out);
void aivm_prices__items_free(aivm_price_items *it);
size_t aivm_prices__items_count(const aivm_price_items *it);
/** Append a copy of `src`'s items to `dst`, in order. Returns 0 or AIVM_ELIMIT. */
int aivm_prices__items_append(aivm_price_items *dst, const aivm_price_items *src);

/**
 * Parse one API page and move its Items into `it`. `*next` gets a copy of
 * NextPageLink (caller frees), or NULL on the last page (null or "").
 * Returns 0, AIVM_ESYNTAX (not JSON) or AIVM_EINVALID (bad envelope).
 */
int aivm_prices__page_add(aivm_price_items *it, const char *buf, size_t len, char **next,
                          aivm_error *err);

/** Classify the gathered items for `q`. `*out` is freed with aivm_price_set_free(). */
void aivm_prices__classify(aivm_price_set **out, const aivm_price_items *it,
                           const aivm_price_query *q);

/* prices_classify.c: one item at a time, as the scanner reads it. */

/** A savingsPlan entry: `term` may be NULL; `has_price` when retailPrice or
 *  unitPrice is a number (retailPrice first). */
typedef struct {
    const char *term;
    bool has_price;
    double price;
} aivm_price_plan;

/** The fields of one API item that classification reads. A string is NULL
 *  when its key is absent or its first occurrence is not a string. */
typedef struct {
    const char *arm_sku, *service, *region, *unit, *currency, *product, *meter, *sku_name,
        *meter_id, *start, *type, *term;
    bool has_price; /* retailPrice, else unitPrice, is a number */
    double price;
    bool has_tier_min;
    double tier_min;
    const aivm_price_plan *plans;
    size_t n_plans;
} aivm_price_item;

/** An empty set (rows are added with aivm_prices__set_add). */
void aivm_prices__set_new(aivm_price_set **out);
/** Classify one item for `q` (NULL: an item that is not an object; counted only). */
void aivm_prices__set_add(aivm_price_set *s, const aivm_price_item *item,
                          const aivm_price_query *q);
/** Resolve duplicate and competing rows, then the sanity checks. */
void aivm_prices__set_finish(aivm_price_set *s);
/** The rows of one size (ASCII case ignored) of a finished region-wide set,
 *  copied into a new set: the set a query for that size alone gives, since
 *  duplicates, competing rows and sanity checks are resolved per size. */
void aivm_prices__set_subset(aivm_price_set **out, const aivm_price_set *all, const char *sku);

/** Metadata stored with a cache entry. */
typedef struct {
    char url[2048];
    char fetched_at[32]; /* "YYYY-MM-DDTHH:MM:SSZ" */
    long long fetched_epoch;
    unsigned pages;
    size_t count;
    char currency[8];
    char region[64];
    char sku[128];
    char api_version[32];
    char tool_version[32];
} aivm_cache_meta;

/** Render a cache document (metadata plus the merged Items). */
int aivm_prices__cache_render(aivm_buf *out, const aivm_price_items *it, const aivm_cache_meta *m,
                              aivm_error *err);
/** Parse a cache document. Returns 0, AIVM_ESYNTAX or AIVM_EINVALID. */
int aivm_prices__cache_parse(aivm_price_items **out, aivm_cache_meta *m, const char *buf,
                             size_t len, aivm_error *err);

/* prices_cache.c */

/** 0 when `dir` may hold the cache: absent (it is created 0700), or a
 *  directory of this user that others cannot write (as ssh judges ~/.ssh);
 *  else AIVM_EIO with why. */
int aivm_prices__cache_dir_safe(const char *dir, aivm_error *err);

/** Path of the cache entry for `q` under `dir` into `out`. */
void aivm_prices__cache_path(aivm_buf *out, const char *dir, const char *base_url,
                             const aivm_price_query *q);
/**
 * Read the entry for `q`. Returns 0 (found; `*items` and `*m` filled),
 * AIVM_ENOTFOUND (no entry), or another status when the entry is corrupt
 * or unreadable (err says why; the caller warns and refetches).
 */
int aivm_prices__cache_read(aivm_price_items **items, aivm_cache_meta *m, const char *dir,
                            const char *base_url, const aivm_price_query *q, const char *expect_url,
                            aivm_error *err);
/** Write an entry atomically (temp file + rename). Returns 0 or AIVM_EIO. */
int aivm_prices__cache_write(const char *dir, const char *base_url, const aivm_price_query *q,
                             const aivm_price_items *items, const aivm_cache_meta *m,
                             aivm_error *err);

/* prices_http.c */

/** One query of a fetch batch and its result. */
typedef struct {
    const aivm_price_query *q;
    char *url;               /* first page URL (owned) */
    aivm_price_items *items; /* on success (owned) */
    unsigned pages;
    int status; /* 0 or why it failed */
    char error[256];
} aivm_http_job;

/* prices_pages.c: the pages of the queries prices_http.c fetches. */

/** One query of a fetch run. A per-size query's pages follow one another on
 *  one transfer; a region-wide one (sku NULL) learns the page size from page
 *  0's NextPageLink and then fetches the later pages by $skip in parallel. */
typedef struct {
    aivm_http_job *job;
    unsigned long stride;     /* region-wide: $skip between pages; 0 until page 0 answered */
    size_t next_page;         /* region-wide: the next page to start */
    size_t last;              /* region-wide: the last page (no NextPageLink); SIZE_MAX unknown */
    aivm_price_items **pages; /* region-wide: page_cap slots, filled as pages answer */
    bool done;                /* the query ended: job->status says how */
} aivm_http_query;

/** The page one transfer fetches and what its answers left: the transfer's
 *  state that is not libcurl's (prices_http.c adds the handle). */
typedef struct {
    aivm_http_job *job;
    aivm_http_query *js;
    const char *base;
    aivm_buf body;
    double retry_after; /* seconds from the response headers; < 0 = none */
    long remaining;     /* x-ms-ratelimit-remaining-retailPrices-requests; -1 = none */
    unsigned long skip;
    size_t page;                  /* region-wide: which page this transfer fetches */
    aivm_price_items *page_items; /* region-wide: that page's items */
    unsigned attempts, bad_pages;
    double not_before; /* the next attempt starts no earlier (monotonic seconds) */
    bool done;
} aivm_http_page;

/** End the transfer `x`, and its query with `status` and the message, unless
 *  the query already ended. */
void aivm_prices__page_fail(aivm_http_page *x, int status, const char *fmt, ...) AIVM_PRINTF(3, 4);
/** Schedule another attempt of `x`'s page at `now` plus a backoff (with
 *  jitter from `*seed`, at least Retry-After, at most o->backoff_max_s), or,
 *  past o->retries, fail it with `status` and `why`. `throttled` (a 429)
 *  moves `*shared`, the time before which no request starts, too. */
void aivm_prices__page_retry(aivm_http_page *x, const aivm_fetch_opts *o, double now,
                             double *shared, bool throttled, int status, const char *why,
                             unsigned *seed);
/** A 200 answer in x->body: parse the page into its query, then follow
 *  NextPageLink (per-size) or settle the region-wide list once its pages are
 *  in; a malformed page is retried once. */
void aivm_prices__page_done(aivm_http_page *x, const aivm_fetch_opts *o, double now,
                            double *shared);

/**
 * Fetch every job's pages with at most o->max_in_flight requests at once.
 * Each job ends with status 0 and items, or a failure status and message.
 * `*requests` counts HTTP requests made. Returns 0, or AIVM_ENET when
 * libcurl cannot be loaded or initialised, or when the host cannot be
 * resolved or connected to after one retry: then the whole run stops at once
 * (err says why) instead of failing every query in turn.
 */
int aivm_prices__http_run(aivm_http_job *jobs, size_t n, const aivm_fetch_opts *o, size_t *requests,
                          aivm_error *err);

/** The URL of the first page of `q` (caller frees). */
char *aivm_prices__query_url(const char *base_url, const aivm_price_query *q, unsigned long skip);

/** The $skip of a NextPageLink when it has the same origin and path as `base`
 *  (a foreign or malformed link is AIVM_EINVALID: pages are rebuilt from our
 *  own query, never followed). */
int aivm_prices__next_skip(unsigned long *skip, const char *link, const char *base,
                           aivm_error *err);
/** One response header line (`len` bytes, no NUL needed): Retry-After and
 *  x-ms-ratelimit-retailPrices-retry-after raise `*retry_after` (seconds, at
 *  most a day; the larger wins), x-ms-ratelimit-remaining-retailPrices-requests
 *  sets `*remaining`. Other lines change nothing. */
void aivm_prices__parse_header(const char *line, size_t len, double *retry_after, long *remaining);

/* The range of a believable retail price (per hour, or a reservation's
 * total): below the floor (0, 1e-7, 5e-324) a size would rank first at $0;
 * at or past the ceiling (1e400 reads as infinity) no VM costs that.
 * docs/prices.md and docs/security.md state the same figures. */
#define AIVM_PRICE_FLOOR 1e-4
#define AIVM_PRICE_CEILING 1e9
#define AIVM_PRICE_BELIEVABLE(p) ((p) >= AIVM_PRICE_FLOOR && (p) < AIVM_PRICE_CEILING)

#endif
