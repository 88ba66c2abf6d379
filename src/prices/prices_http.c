/*
 * prices_http.c - the HTTP client of the price fetcher, and the only file
 * that includes <curl/curl.h>. libcurl is not linked: it is loaded with
 * dlopen("libcurl.so.4") on first use, so runs that need no network do not
 * pay for loading it and its ~30 dependencies. A batch of queries is
 * fetched with curl multi, at most max_in_flight requests at once; pages
 * are requested by rebuilding the URL from our own query plus a $skip
 * (prices_pages.c reads each answer: NextPageLink, the page cap, a region's
 * pages joined all or nothing, the retry schedule). 429, 5xx, timeouts and
 * resets are retried with backoff honouring Retry-After and
 * x-ms-ratelimit-retailPrices-retry-after; other 4xx are not. TLS
 * verification stays on; plain http only for loopback.
 */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* One transfer: the page it fetches (prices_pages.c) and its libcurl handle. */
typedef struct {
    aivm_http_page pg;
    CURL *easy;
    char errbuf[CURL_ERROR_SIZE];
    bool active;
    bool unreachable; /* the host could not be resolved or connected to, retried once */
    char *url;
} xfer;

static size_t on_body(char *data, size_t size, size_t nmemb, void *ctx)
{
    xfer *x = ctx;
    return aivm_buf_put(&x->pg.body, data, size * nmemb) < 0 ? 0 : size * nmemb;
}

static size_t on_header(char *line, size_t size, size_t nmemb, void *ctx)
{
    xfer *x = ctx;
    size_t len = size * nmemb;
    aivm_prices__parse_header(line, len, &x->pg.retry_after, &x->pg.remaining);
    return len;
}

static int start(xfer *x, CURLM *multi, const aivm_fetch_opts *o, const char *ua, aivm_error *err)
{
    bool https = strncmp(x->pg.base, "https:", 6) == 0;
    free(x->url);
    x->url = aivm_prices__query_url(x->pg.base, x->pg.job->q, x->pg.skip);
    x->easy = api.easy_init();
    if (!x->easy)
        return aivm_error_set(err, AIVM_ENET, NULL, "curl_easy_init failed");
    aivm_buf_clear(&x->pg.body);
    x->pg.body.cap = o->max_body;
    x->pg.retry_after = -1;
    x->pg.remaining = -1;
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
    x->pg.attempts++;
    return 0;
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

static void finished(xfer *x, CURLcode cc, const aivm_fetch_opts *o, double now, double *shared,
                     unsigned *seed)
{
    long code = 0;
    char msg[256];
    x->active = false;
    api.easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &code);
    if (cc == CURLE_FILESIZE_EXCEEDED || cc == CURLE_WRITE_ERROR) {
        aivm_prices__page_fail(&x->pg, AIVM_ELIMIT,
                               "a price page is larger than the limit of %zu bytes", o->max_body);
        return;
    }
    if (cc != CURLE_OK) {
        snprintf(msg, sizeof msg, "%s", x->errbuf[0] ? x->errbuf : api.easy_strerror(cc));
        drop_elapsed(msg);
        if (cc == CURLE_UNSUPPORTED_PROTOCOL || cc == CURLE_URL_MALFORMAT ||
            cc == CURLE_PEER_FAILED_VERIFICATION || cc == CURLE_SSL_CACERT_BADFILE) {
            aivm_prices__page_fail(&x->pg, AIVM_ENET, "%s", msg);
        } else if (cc == CURLE_COULDNT_RESOLVE_HOST || cc == CURLE_COULDNT_RESOLVE_PROXY ||
                   cc == CURLE_COULDNT_CONNECT) {
            /* the host is not there: one retry, then the whole fetch stops (http_run) */
            if (x->pg.attempts >= 2 || o->retries == 0) {
                aivm_prices__page_fail(&x->pg, AIVM_ENET, "%s (gave up after %u attempt%s)", msg,
                                       x->pg.attempts, x->pg.attempts == 1 ? "" : "s");
                x->unreachable = true;
            } else { /* and no other query starts before that retry has answered */
                aivm_prices__page_retry(&x->pg, o, now, shared, true, AIVM_ENET, msg, seed);
            }
        } else {
            aivm_prices__page_retry(&x->pg, o, now, shared, false, AIVM_ENET, msg, seed);
        }
        return;
    }
    if (code == 200) {
        aivm_prices__page_done(&x->pg, o, now, shared);
        return;
    }
    snprintf(msg, sizeof msg, "HTTP %ld from the price API", code);
    if (code == 429 || code == 500 || code == 502 || code == 503 || code == 504)
        aivm_prices__page_retry(&x->pg, o, now, shared, code == 429, AIVM_EHTTP, msg, seed);
    else
        aivm_prices__page_fail(&x->pg, AIVM_EHTTP, "%s (not retried)", msg);
}

/* One fetch run: its transfers and queries on one libcurl multi handle. */
typedef struct {
    const aivm_fetch_opts *o;
    CURLM *multi;
    xfer **xs; /* every transfer of the run, ended ones too */
    size_t n_xs, cap_xs;
    aivm_http_query *js; /* one per job */
    size_t n;
    char ua[64];
    unsigned in_flight, max;
    unsigned seed;    /* of the retry jitter */
    double shared;    /* no request starts before this time (a 429, a low rate limit) */
    size_t *requests; /* HTTP requests made */
} run_state;

static xfer *add_xfer(run_state *r, aivm_http_query *js, const char *base)
{
    xfer *x = aivm_xcalloc(1, sizeof *x);
    if (r->n_xs == r->cap_xs) {
        r->cap_xs = r->cap_xs ? 2 * r->cap_xs : 16;
        r->xs = aivm_xrealloc(r->xs, r->cap_xs * sizeof *r->xs);
    }
    r->xs[r->n_xs++] = x;
    x->pg.job = js->job;
    x->pg.js = js;
    x->pg.base = base;
    if (!js->job->q->sku)
        aivm_prices__items_new(&x->pg.page_items);
    return x;
}

static void drop_handle(run_state *r, xfer *x)
{
    if (!x->easy)
        return;
    api.multi_remove_handle(r->multi, x->easy);
    api.easy_cleanup(x->easy);
    x->easy = NULL;
    if (x->active)
        r->in_flight--;
    x->active = false;
}

/* Start transfer `x`, counting it in flight and as a request. */
static int start_counted(run_state *r, xfer *x, aivm_error *err)
{
    int rc = start(x, r->multi, r->o, r->ua, err);
    r->in_flight += rc == 0;
    *r->requests += rc == 0;
    return rc;
}

/* Start what may start now: waiting transfers, then the next pages of
 * region-wide queries whose page size is known. `*wake` gets the earliest
 * time a waiting transfer may start. */
static int start_ready(run_state *r, double *wake, aivm_error *err)
{
    const aivm_fetch_opts *o = r->o;
    double now = aivm_clock_monotonic();
    int rc = 0;
    for (size_t i = 0; i < r->n_xs && r->in_flight < r->max && rc == 0; i++) {
        xfer *x = r->xs[i];
        if (x->pg.done || x->active)
            continue;
        if (now < x->pg.not_before || now < r->shared) {
            double t = x->pg.not_before > r->shared ? x->pg.not_before : r->shared;
            *wake = t < *wake ? t : *wake;
            continue;
        }
        rc = start_counted(r, x, err);
    }
    for (size_t j = 0; j < r->n && r->in_flight < r->max && rc == 0 && now >= r->shared; j++) {
        aivm_http_query *q = &r->js[j];
        while (!q->done && q->stride && q->next_page < o->page_cap &&
               (q->last == SIZE_MAX || q->next_page <= q->last + 1) && r->in_flight < r->max &&
               rc == 0) {
            xfer *x = add_xfer(r, q, r->xs[0]->pg.base);
            x->pg.page = q->next_page++;
            x->pg.skip = (unsigned long)x->pg.page * q->stride;
            rc = start_counted(r, x, err);
        }
    }
    return rc;
}

/* One query and its first transfer per job. */
static void add_queries(run_state *r, aivm_http_job *jobs, const char *base)
{
    r->js = aivm_xcalloc(r->n ? r->n : 1, sizeof *r->js);
    for (size_t i = 0; i < r->n; i++) {
        r->js[i].job = &jobs[i];
        r->js[i].last = SIZE_MAX;
        if (!jobs[i].q->sku)
            r->js[i].pages =
                aivm_xcalloc(r->o->page_cap ? r->o->page_cap : 1, sizeof *r->js[i].pages);
        aivm_prices__items_new(&jobs[i].items);
        add_xfer(r, &r->js[i], base);
    }
}

/* Hand every transfer libcurl finished to finished(). True when one did;
 * `*rc` becomes AIVM_ENET when a host proved unreachable. */
static bool collect_finished(run_state *r, int *rc, aivm_error *err)
{
    int queued = 0;
    bool progressed = false;
    CURLMsg *m;
    while ((m = api.multi_info_read(r->multi, &queued)) != NULL) {
        xfer *x = NULL;
        if (m->msg != CURLMSG_DONE)
            continue;
        api.easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&x);
        finished(x, m->data.result, r->o, aivm_clock_monotonic(), &r->shared, &r->seed);
        if (x->unreachable && *rc == 0) /* every other query would fail the same way */
            *rc = aivm_error_set(err, AIVM_ENET, NULL, "the price API is unreachable: %s",
                                 x->pg.job->error);
        drop_handle(r, x);
        r->in_flight--; /* finished() cleared active: the request is over */
        progressed = true;
    }
    return progressed;
}

/* After progress: a query that ended stops its other pages; the progress
 * callback hears of it. Returns how many queries are still open. */
static size_t settle(run_state *r)
{
    size_t left = 0;
    for (size_t i = 0; i < r->n_xs; i++)
        if (r->xs[i]->pg.js->done && !r->xs[i]->pg.done) {
            drop_handle(r, r->xs[i]);
            r->xs[i]->pg.done = true;
        }
    for (size_t i = 0; i < r->n; i++)
        left += !r->js[i].done;
    if (r->o->progress)
        r->o->progress(r->o->progress_ctx, r->n - left, r->n, r->in_flight);
    return left;
}

/* Free the transfers and queries; each job ends with its items, or with a
 * status and no items (never a partial fetch), and its first page's URL. */
static void end_run(run_state *r, aivm_http_job *jobs, const char *base, int rc)
{
    for (size_t i = 0; i < r->n_xs; i++) {
        drop_handle(r, r->xs[i]);
        free(r->xs[i]->url);
        aivm_buf_dispose(&r->xs[i]->pg.body);
        aivm_prices__items_free(r->xs[i]->pg.page_items);
        free(r->xs[i]);
    }
    free(r->xs);
    for (size_t i = 0; i < r->n; i++) {
        if (!r->js[i].done && rc == 0) {
            jobs[i].status = AIVM_ERROR;
            snprintf(jobs[i].error, sizeof jobs[i].error, "not fetched");
        }
        if (jobs[i].status < 0 || rc < 0 || !r->js[i].done) {
            aivm_prices__items_free(jobs[i].items);
            jobs[i].items = NULL;
        }
        for (size_t k = 0; r->js[i].pages && k < r->o->page_cap; k++)
            aivm_prices__items_free(r->js[i].pages[k]);
        free(r->js[i].pages);
        jobs[i].url = aivm_prices__query_url(base, jobs[i].q, 0);
    }
    free(r->js);
    api.multi_cleanup(r->multi);
}

int aivm_prices__http_run(aivm_http_job *jobs, size_t n, const aivm_fetch_opts *o, size_t *requests,
                          aivm_error *err)
{
    run_state r;
    const char *base = o->base_url ? o->base_url : AIVM_PRICES_DEFAULT_URL;
    size_t left = n;
    int rc;
    *requests = 0;
    rc = load_curl(err);
    if (rc < 0)
        return rc;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.n = n;
    r.requests = requests;
    r.max = o->max_in_flight ? o->max_in_flight : 1;
    if (r.max > 4)
        r.max = 4;
    r.seed = (unsigned)(o->now ? o->now : aivm_clock_wall());
    snprintf(r.ua, sizeof r.ua, "%s",
             o->user_agent ? o->user_agent : "aivm-advise/" AIVM_VERSION_STRING);
    r.multi = api.multi_init();
    if (!r.multi)
        return aivm_error_set(err, AIVM_ENET, NULL, "curl_multi_init failed");
    add_queries(&r, jobs, base);
    while (left > 0 && rc == 0) {
        double wake = aivm_clock_monotonic() + 1;
        int running = 0, numfds = 0, ms;
        bool progressed;
        rc = start_ready(&r, &wake, err);
        if (rc < 0)
            break;
        api.multi_perform(r.multi, &running);
        progressed = collect_finished(&r, &rc, err);
        if (progressed)
            left = settle(&r);
        if (left == 0 || rc < 0)
            break;
        if (progressed)
            continue; /* start the next page or query at once */
        ms = (int)((wake - aivm_clock_monotonic()) * 1000);
        api.multi_poll(r.multi, NULL, 0, ms < 1 ? 1 : ms > 1000 ? 1000 : ms, &numfds);
    }
    end_run(&r, jobs, base, rc);
    return rc;
}
