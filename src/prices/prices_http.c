/*
 * prices_http.c - the HTTP client of the price fetcher, and the only file
 * that includes <curl/curl.h>. libcurl is not linked: it is loaded with
 * dlopen("libcurl.so.4") on first use, so runs that need no network do not
 * pay for loading it and its ~30 dependencies. A batch of queries is
 * fetched with curl multi, at most max_in_flight requests at once; pages
 * are followed by rebuilding the URL from our own query plus the $skip of
 * NextPageLink (foreign origins and pages that point back are refused, a
 * page cap errors). 429, 5xx, timeouts and resets are retried with backoff
 * honouring Retry-After and x-ms-ratelimit-retailPrices-retry-after; other
 * 4xx are not. TLS verification stays on; plain http only for loopback.
 */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aivm/util.h"
#include "aivm_version.h"
#include "prices_int.h"
#include "util/dl_libs.h"

typedef struct {
    CURLcode (*global_init)(long);
    curl_version_info_data *(*version_info)(CURLversion);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
} curl_api;

/* Loaded once per process: 0 = not tried, 1 = ready, -1 = failed (why in load_error). */
static curl_api api;
static int api_state;
static char load_error[256];

#define CSYM(field, name)                                                                          \
    {                                                                                              \
        name, offsetof(curl_api, field)                                                            \
    }

static int load_curl(aivm_error *err)
{
    static const aivm_dl_sym syms[] = {
        CSYM(global_init, "curl_global_init"),
        CSYM(version_info, "curl_version_info"),
        CSYM(easy_init, "curl_easy_init"),
        CSYM(easy_setopt, "curl_easy_setopt"),
        CSYM(easy_getinfo, "curl_easy_getinfo"),
        CSYM(easy_cleanup, "curl_easy_cleanup"),
        CSYM(easy_strerror, "curl_easy_strerror"),
        CSYM(multi_init, "curl_multi_init"),
        CSYM(multi_add_handle, "curl_multi_add_handle"),
        CSYM(multi_remove_handle, "curl_multi_remove_handle"),
        CSYM(multi_perform, "curl_multi_perform"),
        CSYM(multi_poll, "curl_multi_poll"),
        CSYM(multi_info_read, "curl_multi_info_read"),
        CSYM(multi_cleanup, "curl_multi_cleanup"),
    };
    if (api_state == 0) {
        api_state = -1;
        if (aivm_util__dl_load(&api, "libcurl.so.4", "libcurl4", syms, sizeof syms / sizeof syms[0],
                               load_error, sizeof load_error)) {
            if (api.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK)
                api_state = 1;
            else
                snprintf(load_error, sizeof load_error, "curl_global_init failed");
        }
    }
    if (api_state < 0)
        return aivm_error_set(err, AIVM_ENET, NULL, "%s", load_error);
    return 0;
}

const char *aivm_prices_curl_version(void)
{
    if (load_curl(NULL) < 0)
        return NULL;
    return api.version_info(CURLVERSION_NOW)->version;
}

/* A timeout in whole milliseconds, rounded up and never 0: libcurl reads 0 as
 * "no timeout", so 0.0001 s must become 1 ms, not switch the timeout off. */
static long timeout_ms(double s)
{
    double ms = s * 1000;
    long v;
    if (!(ms < 86400000.0))
        return 86400000L;
    v = (long)ms;
    if ((double)v < ms)
        v++;
    return v < 1 ? 1 : v;
}

/* ---- transfers ---- */

/* One query of the run. A per-size query's pages follow one another on one
 * transfer; a region-wide one (sku NULL) learns the page size from page 0's
 * NextPageLink and then fetches the later pages by $skip in parallel. */
typedef struct {
    aivm_http_job *job;
    unsigned long stride;     /* region-wide: $skip between pages; 0 until page 0 answered */
    size_t next_page;         /* region-wide: the next page to start */
    size_t last;              /* region-wide: the last page (no NextPageLink); SIZE_MAX unknown */
    aivm_price_items **pages; /* region-wide: page_cap slots, filled as pages answer */
    bool done;                /* the query ended: job->status says how */
} jstate;

typedef struct {
    aivm_http_job *job;
    jstate *js;
    const char *base;
    CURL *easy;
    aivm_buf body;
    char errbuf[CURL_ERROR_SIZE];
    double retry_after; /* seconds from the response headers; < 0 = none */
    long remaining;     /* x-ms-ratelimit-remaining-retailPrices-requests; -1 = none */
    unsigned long skip;
    size_t page;                  /* region-wide: which page this transfer fetches */
    aivm_price_items *page_items; /* region-wide: that page's items */
    unsigned attempts, bad_pages;
    double not_before;
    bool active, done;
    bool unreachable; /* the host could not be resolved or connected to, retried once */
    char *url;
} xfer;

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *ctx)
{
    xfer *x = ctx;
    return aivm_buf_put(&x->body, data, size * nmemb) < 0 ? 0 : size * nmemb;
}

static size_t on_header(char *line, size_t size, size_t nmemb, void *ctx)
{
    xfer *x = ctx;
    size_t len = size * nmemb;
    aivm_prices__parse_header(line, len, &x->retry_after, &x->remaining);
    return len;
}

static int start(xfer *x, CURLM *multi, const aivm_fetch_opts *o, const char *ua, aivm_error *err)
{
    bool https = strncmp(x->base, "https:", 6) == 0;
    free(x->url);
    x->url = aivm_prices__query_url(x->base, x->job->q, x->skip);
    x->easy = api.easy_init();
    if (!x->easy)
        return aivm_error_set(err, AIVM_ENET, NULL, "curl_easy_init failed");
    aivm_buf_clear(&x->body);
    x->body.cap = o->max_body;
    x->retry_after = -1;
    x->remaining = -1;
    x->errbuf[0] = '\0';
    api.easy_setopt(x->easy, CURLOPT_URL, x->url);
    api.easy_setopt(x->easy, CURLOPT_PROTOCOLS_STR, https ? "https" : "http");
    api.easy_setopt(x->easy, CURLOPT_SSL_VERIFYPEER, 1L);
    api.easy_setopt(x->easy, CURLOPT_SSL_VERIFYHOST, 2L);
    api.easy_setopt(x->easy, CURLOPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(x->easy, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(x->easy, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms(o->connect_timeout_s));
    api.easy_setopt(x->easy, CURLOPT_TIMEOUT_MS, timeout_ms(o->timeout_s));
    api.easy_setopt(x->easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)o->max_body);
    api.easy_setopt(x->easy, CURLOPT_ACCEPT_ENCODING, "");
    api.easy_setopt(x->easy, CURLOPT_USERAGENT, ua);
    api.easy_setopt(x->easy, CURLOPT_ERRORBUFFER, x->errbuf);
    api.easy_setopt(x->easy, CURLOPT_WRITEFUNCTION, on_body);
    api.easy_setopt(x->easy, CURLOPT_WRITEDATA, x);
    api.easy_setopt(x->easy, CURLOPT_HEADERFUNCTION, on_header);
    api.easy_setopt(x->easy, CURLOPT_HEADERDATA, x);
    api.easy_setopt(x->easy, CURLOPT_PRIVATE, x);
    if (api.multi_add_handle(multi, x->easy) != CURLM_OK)
        return aivm_error_set(err, AIVM_ENET, NULL, "curl_multi_add_handle failed");
    x->active = true;
    x->attempts++;
    return 0;
}

static void fail(xfer *x, int status, const char *fmt, ...) AIVM_PRINTF(3, 4);

/* The transfer ends, and with it its query, unless the query already ended.
 * A page past the region's last one fails it too: that it is empty is what
 * shows the list did not change while it was read (region_check). */
static void fail(xfer *x, int status, const char *fmt, ...)
{
    va_list ap;
    x->done = true;
    if (x->js->done)
        return;
    x->js->done = true;
    x->job->status = status;
    va_start(ap, fmt);
    vsnprintf(x->job->error, sizeof x->job->error, fmt, ap);
    va_end(ap);
}

/* libcurl's "Failed to connect to H port P after 12 ms: ...": the elapsed time
 * says nothing the user can act on and makes the same failure read differently
 * run to run; it is left out. */
static void drop_elapsed(char *msg)
{
    char *a = strstr(msg, " after ");
    char *p = a ? a + 7 : NULL;
    if (!p || *p < '0' || *p > '9')
        return;
    while (*p >= '0' && *p <= '9')
        p++;
    if (strncmp(p, " ms", 3) != 0)
        return;
    memmove(a, p + 3, strlen(p + 3) + 1);
}

/* Schedule another attempt of the current page, or give up. */
static void retry(xfer *x, const aivm_fetch_opts *o, double now, double *shared, bool throttled,
                  int status, const char *why, unsigned *seed)
{
    double delay;
    char msg[200];
    if (x->attempts > o->retries) {
        snprintf(msg, sizeof msg, "%s (gave up after %u attempt%s)", why, x->attempts,
                 x->attempts == 1 ? "" : "s");
        fail(x, status, "%s", msg);
        return;
    }
    delay = o->backoff_s * (double)(1u << (x->attempts - 1 < 10 ? x->attempts - 1 : 10));
    *seed = *seed * 1103515245u + 12345u;
    delay *= 0.75 + 0.5 * (double)((*seed >> 16) & 0x7fff) / 32768.0; /* jitter */
    if (x->retry_after >= 0 && x->retry_after > delay)
        delay = x->retry_after;
    if (delay > o->backoff_max_s)
        delay = o->backoff_max_s;
    x->not_before = now + delay;
    if (throttled && x->not_before > *shared)
        *shared = x->not_before; /* a 429 slows every query down */
}

/* A region-wide query ends once every page it started has answered, those
 * past the last one too, and at least the one right after the last has been
 * asked for (unless the page cap forbids it): its pages are joined in order.
 * A page past the last one that has items means the list changed while it
 * was read (or the last page lied): the whole query fails and nothing is
 * cached. */
static void region_check(xfer *x, const aivm_fetch_opts *o)
{
    jstate *js = x->js;
    size_t k;
    if (js->done || js->last == SIZE_MAX)
        return;
    if (js->stride && js->next_page < js->last + 2 && js->last + 1 < o->page_cap)
        return; /* the page right after the last one is still to be asked for (start_ready) */
    for (k = 0; k <= js->last || k < js->next_page; k++)
        if (!js->pages[k])
            return;
    for (k = js->last + 1; k < js->next_page; k++)
        if (js->pages[k] && aivm_prices__items_count(js->pages[k]) > 0) {
            x->page = 0;
            fail(x, AIVM_EINVALID,
                 "the price list changed while it was fetched (page %zu, after the last one, "
                 "has items)",
                 k + 1);
            return;
        }
    for (k = 0; k <= js->last; k++)
        if (aivm_prices__items_append(js->job->items, js->pages[k]) < 0) {
            x->page = 0;
            fail(x, AIVM_ELIMIT, "the region's price list is too large");
            return;
        }
    js->job->pages = (unsigned)(js->last + 1);
    js->job->status = 0;
    js->done = true;
}

static void region_page(xfer *x, char *next, const aivm_fetch_opts *o)
{
    jstate *js = x->js;
    unsigned long skip = 0;
    aivm_error e = AIVM_ERROR_INIT;
    int rc;
    x->done = true;
    js->pages[x->page] = x->page_items;
    x->page_items = NULL;
    if (js->last != SIZE_MAX && x->page > js->last) {
        region_check(x, o); /* past the last page: only whether it is empty counts */
        return;
    }
    if (!next) {
        if (x->page < js->last)
            js->last = x->page;
        if (x->page == 0 && aivm_prices__items_count(js->pages[0]) > 0) {
            /* page 0 says it is the only one: the page after it, at $skip = its
             * item count, is asked for and must be empty, as past any last page */
            js->stride = (unsigned long)aivm_prices__items_count(js->pages[0]);
            js->next_page = 1;
        }
        region_check(x, o);
        return;
    }
    rc = aivm_prices__next_skip(&skip, next, x->base, &e);
    if (rc < 0)
        fail(x, rc, "%s", e.msg);
    else if (x->page == 0 && skip == 0)
        fail(x, AIVM_EINVALID, "NextPageLink points back to an earlier page ($skip=%lu)", skip);
    else if (x->page > 0 && skip != (unsigned long)(x->page + 1) * js->stride)
        fail(x, AIVM_EINVALID,
             "NextPageLink of page %zu has $skip=%lu, not %lu: the pages do not line up",
             x->page + 1, skip, (unsigned long)(x->page + 1) * js->stride);
    else if (x->page + 1 >= o->page_cap)
        fail(x, AIVM_ELIMIT,
             "more than %u pages for one query: refusing to truncate the price list", o->page_cap);
    else if (x->page == 0) {
        js->stride = skip;
        js->next_page = 1;
    }
    region_check(x, o);
}

static void page_done(xfer *x, const aivm_fetch_opts *o, double now, double *shared)
{
    char *next = NULL;
    unsigned long skip = 0;
    aivm_error e = AIVM_ERROR_INIT;
    aivm_price_items *into = x->job->items;
    int rc;
    if (x->page_items) { /* a region page: parsed on its own, joined in order at the end */
        aivm_prices__items_free(x->page_items);
        aivm_prices__items_new(&x->page_items);
        into = x->page_items;
    }
    rc = aivm_prices__page_add(into, x->body.ptr ? x->body.ptr : "", x->body.size, &next, &e);
    if (rc < 0) {
        if (x->bad_pages++ == 0) { /* a malformed page is retried once */
            x->attempts--;
            x->not_before = now + o->backoff_s;
            return;
        }
        fail(x, rc, "%s", e.msg);
        return;
    }
    x->attempts = 0;
    x->bad_pages = 0;
    if (x->remaining >= 0 && x->remaining <= 1 && now + o->backoff_s > *shared)
        *shared = now + o->backoff_s; /* nearly out of requests: pause before the next */
    if (x->page_items) {
        region_page(x, next, o);
        free(next);
        return;
    }
    x->job->pages++;
    if (!next) {
        x->done = true;
        x->js->done = true;
        x->job->status = 0;
        return;
    }
    rc = aivm_prices__next_skip(&skip, next, x->base, &e);
    free(next);
    if (rc < 0)
        fail(x, rc, "%s", e.msg);
    else if (skip <= x->skip)
        fail(x, AIVM_EINVALID, "NextPageLink points back to an earlier page ($skip=%lu)", skip);
    else if (x->job->pages >= o->page_cap)
        fail(x, AIVM_ELIMIT,
             "more than %u pages for one query: refusing to truncate the "
             "price list",
             o->page_cap);
    else
        x->skip = skip;
}

static void finished(xfer *x, CURLcode cc, const aivm_fetch_opts *o, double now, double *shared,
                     unsigned *seed)
{
    long code = 0;
    char msg[256];
    x->active = false;
    api.easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &code);
    if (cc == CURLE_FILESIZE_EXCEEDED || cc == CURLE_WRITE_ERROR) {
        fail(x, AIVM_ELIMIT, "a price page is larger than the limit of %zu bytes", o->max_body);
        return;
    }
    if (cc != CURLE_OK) {
        snprintf(msg, sizeof msg, "%s", x->errbuf[0] ? x->errbuf : api.easy_strerror(cc));
        drop_elapsed(msg);
        if (cc == CURLE_UNSUPPORTED_PROTOCOL || cc == CURLE_URL_MALFORMAT ||
            cc == CURLE_PEER_FAILED_VERIFICATION || cc == CURLE_SSL_CACERT_BADFILE) {
            fail(x, AIVM_ENET, "%s", msg);
        } else if (cc == CURLE_COULDNT_RESOLVE_HOST || cc == CURLE_COULDNT_RESOLVE_PROXY ||
                   cc == CURLE_COULDNT_CONNECT) {
            /* the host is not there: one retry, then the whole fetch stops (http_run) */
            if (x->attempts >= 2 || o->retries == 0) {
                fail(x, AIVM_ENET, "%s (gave up after %u attempt%s)", msg, x->attempts,
                     x->attempts == 1 ? "" : "s");
                x->unreachable = true;
            } else { /* and no other query starts before that retry has answered */
                retry(x, o, now, shared, true, AIVM_ENET, msg, seed);
            }
        } else {
            retry(x, o, now, shared, false, AIVM_ENET, msg, seed);
        }
        return;
    }
    if (code == 200) {
        page_done(x, o, now, shared);
        return;
    }
    snprintf(msg, sizeof msg, "HTTP %ld from the price API", code);
    if (code == 429 || code == 500 || code == 502 || code == 503 || code == 504)
        retry(x, o, now, shared, code == 429, AIVM_EHTTP, msg, seed);
    else
        fail(x, AIVM_EHTTP, "%s (not retried)", msg);
}

typedef struct {
    xfer **xs;
    size_t n, cap;
} xfer_list;

static xfer *add_xfer(xfer_list *l, jstate *js, const char *base)
{
    xfer *x = aivm_xcalloc(1, sizeof *x);
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->xs = aivm_xrealloc(l->xs, l->cap * sizeof *l->xs);
    }
    l->xs[l->n++] = x;
    x->job = js->job;
    x->js = js;
    x->base = base;
    if (!js->job->q->sku)
        aivm_prices__items_new(&x->page_items);
    return x;
}

static void drop_handle(xfer *x, CURLM *multi, unsigned *in_flight)
{
    if (!x->easy)
        return;
    api.multi_remove_handle(multi, x->easy);
    api.easy_cleanup(x->easy);
    x->easy = NULL;
    if (x->active)
        (*in_flight)--;
    x->active = false;
}

/* Start what may start now: waiting transfers, then the next pages of
 * region-wide queries whose page size is known. `*wake` gets the earliest
 * time a waiting transfer may start. */
static int start_ready(xfer_list *l, jstate *js, size_t n, CURLM *multi, const aivm_fetch_opts *o,
                       const char *ua, unsigned max, unsigned *in_flight, size_t *requests,
                       double shared, double *wake, aivm_error *err)
{
    double now = mono();
    int rc = 0;
    for (size_t i = 0; i < l->n && *in_flight < max && rc == 0; i++) {
        xfer *x = l->xs[i];
        if (x->done || x->active)
            continue;
        if (now < x->not_before || now < shared) {
            double t = x->not_before > shared ? x->not_before : shared;
            *wake = t < *wake ? t : *wake;
            continue;
        }
        rc = start(x, multi, o, ua, err);
        *in_flight += rc == 0;
        *requests += rc == 0;
    }
    for (size_t j = 0; j < n && *in_flight < max && rc == 0 && now >= shared; j++) {
        while (!js[j].done && js[j].stride && js[j].next_page < o->page_cap &&
               (js[j].last == SIZE_MAX || js[j].next_page <= js[j].last + 1) && *in_flight < max &&
               rc == 0) {
            xfer *x = add_xfer(l, &js[j], l->xs[0]->base);
            x->page = js[j].next_page++;
            x->skip = (unsigned long)x->page * js[j].stride;
            rc = start(x, multi, o, ua, err);
            *in_flight += rc == 0;
            *requests += rc == 0;
        }
    }
    return rc;
}

int aivm_prices__http_run(aivm_http_job *jobs, size_t n, const aivm_fetch_opts *o, size_t *requests,
                          aivm_error *err)
{
    CURLM *multi = NULL;
    xfer_list l = {NULL, 0, 0};
    jstate *js = NULL;
    char ua[64];
    const char *base = o->base_url ? o->base_url : AIVM_PRICES_DEFAULT_URL;
    size_t left = n;
    unsigned in_flight = 0, max = o->max_in_flight ? o->max_in_flight : 1;
    unsigned seed = (unsigned)time(NULL);
    double shared = 0;
    int rc;
    *requests = 0;
    rc = load_curl(err);
    if (rc < 0)
        return rc;
    if (max > 4)
        max = 4;
    snprintf(ua, sizeof ua, "%s",
             o->user_agent ? o->user_agent : "aivm-advise/" AIVM_VERSION_STRING);
    multi = api.multi_init();
    if (!multi)
        return aivm_error_set(err, AIVM_ENET, NULL, "curl_multi_init failed");
    js = aivm_xcalloc(n ? n : 1, sizeof *js);
    for (size_t i = 0; i < n; i++) {
        js[i].job = &jobs[i];
        js[i].last = SIZE_MAX;
        if (!jobs[i].q->sku)
            js[i].pages = aivm_xcalloc(o->page_cap ? o->page_cap : 1, sizeof *js[i].pages);
        aivm_prices__items_new(&jobs[i].items);
        add_xfer(&l, &js[i], base);
    }
    while (left > 0 && rc == 0) {
        double wake = mono() + 1;
        int running = 0, queued = 0, numfds = 0;
        bool progressed;
        CURLMsg *m;
        rc = start_ready(&l, js, n, multi, o, ua, max, &in_flight, requests, shared, &wake, err);
        if (rc < 0)
            break;
        api.multi_perform(multi, &running);
        progressed = false;
        while ((m = api.multi_info_read(multi, &queued)) != NULL) {
            xfer *x = NULL;
            if (m->msg != CURLMSG_DONE)
                continue;
            api.easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&x);
            finished(x, m->data.result, o, mono(), &shared, &seed);
            if (x->unreachable && rc == 0) /* every other query would fail the same way */
                rc = aivm_error_set(err, AIVM_ENET, NULL, "the price API is unreachable: %s",
                                    x->job->error);
            drop_handle(x, multi, &in_flight);
            in_flight--; /* finished() cleared active: the request is over */
            progressed = true;
        }
        if (progressed) {
            left = 0;
            for (size_t i = 0; i < l.n; i++) /* a query that ended stops its other pages */
                if (l.xs[i]->js->done && !l.xs[i]->done) {
                    drop_handle(l.xs[i], multi, &in_flight);
                    l.xs[i]->done = true;
                }
            for (size_t i = 0; i < n; i++)
                left += !js[i].done;
            if (o->progress)
                o->progress(o->progress_ctx, n - left, n, in_flight);
        }
        if (left == 0 || rc < 0)
            break;
        if (progressed)
            continue; /* start the next page or query at once */
        {
            int ms = (int)((wake - mono()) * 1000);
            api.multi_poll(multi, NULL, 0, ms < 1 ? 1 : ms > 1000 ? 1000 : ms, &numfds);
        }
    }
    for (size_t i = 0; i < l.n; i++) {
        drop_handle(l.xs[i], multi, &in_flight);
        free(l.xs[i]->url);
        aivm_buf_dispose(&l.xs[i]->body);
        aivm_prices__items_free(l.xs[i]->page_items);
        free(l.xs[i]);
    }
    free(l.xs);
    for (size_t i = 0; i < n; i++) {
        if (!js[i].done && rc == 0) {
            jobs[i].status = AIVM_ERROR;
            snprintf(jobs[i].error, sizeof jobs[i].error, "not fetched");
        }
        if (jobs[i].status < 0 || rc < 0 || !js[i].done) {
            aivm_prices__items_free(jobs[i].items); /* never hand out a partial fetch */
            jobs[i].items = NULL;
        }
        for (size_t k = 0; js[i].pages && k < o->page_cap; k++)
            aivm_prices__items_free(js[i].pages[k]);
        free(js[i].pages);
        jobs[i].url = aivm_prices__query_url(base, jobs[i].q, 0);
    }
    free(js);
    api.multi_cleanup(multi);
    return rc;
}
