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

/* ---- URLs ---- */

/* An OData string literal: quoted, with every ' doubled (OData 4.01 ABNF,
 * SQUOTE-in-string), so no value can close the literal and add a clause. */
static void put_odata_string(aivm_buf *b, const char *s)
{
    aivm_buf_put(b, "'", 1);
    for (; *s; s++)
        aivm_buf_put(b, *s == '\'' ? "''" : s, *s == '\'' ? 2 : 1);
    aivm_buf_put(b, "'", 1);
}

char *aivm_prices__query_url(const char *base_url, const aivm_price_query *q, unsigned long skip)
{
    aivm_buf b = AIVM_BUF_INIT, f = AIVM_BUF_INIT;
    aivm_buf_printf(&b, "%s%sapi-version=%s&currencyCode=", base_url,
                    strchr(base_url, '?') ? "&" : "?", AIVM_PRICES_API_VERSION);
    aivm_buf_printf(&f, "'%s'", q->currency);
    aivm_buf_put_pct(&b, f.ptr, NULL);
    aivm_buf_clear(&f);
    aivm_buf_puts(&f, "serviceName eq 'Virtual Machines' and armRegionName eq ");
    put_odata_string(&f, q->region);
    aivm_buf_puts(&f, " and armSkuName eq ");
    put_odata_string(&f, q->sku);
    aivm_buf_puts(&b, "&$filter=");
    aivm_buf_put_pct(&b, f.ptr, NULL);
    if (skip)
        aivm_buf_printf(&b, "&$skip=%lu", skip);
    aivm_buf_dispose(&f);
    return aivm_buf_detach(&b);
}

typedef struct {
    char scheme[8];
    char host[256];
    unsigned port;
    char path[1024];
    const char *query; /* into the parsed string, after '?'; "" when none */
} url_parts;

static bool split_url(url_parts *u, const char *url)
{
    const char *p = strstr(url, "://"), *auth, *end, *colon = NULL, *q;
    size_t n;
    uint64_t port;
    memset(u, 0, sizeof *u);
    if (!p || (size_t)(p - url) >= sizeof u->scheme)
        return false;
    memcpy(u->scheme, url, (size_t)(p - url));
    for (char *c = u->scheme; *c; c++)
        *c = aivm_ascii_lower(*c);
    auth = p + 3;
    end = auth + strcspn(auth, "/?#");
    if (auth[0] == '[') {
        const char *rb = memchr(auth, ']', (size_t)(end - auth));
        if (!rb)
            return false;
        colon = rb + 1 < end && rb[1] == ':' ? rb + 1 : NULL;
    } else {
        colon = memchr(auth, ':', (size_t)(end - auth));
    }
    n = (size_t)((colon ? colon : end) - auth);
    if (n == 0 || n >= sizeof u->host || memchr(auth, '@', (size_t)(end - auth)))
        return false;
    memcpy(u->host, auth, n);
    for (char *c = u->host; *c; c++)
        *c = aivm_ascii_lower(*c);
    u->port = strcmp(u->scheme, "https") == 0 ? 443 : 80;
    if (colon) {
        char digits[8] = {0};
        size_t dn = (size_t)(end - colon - 1);
        if (dn == 0 || dn >= sizeof digits)
            return false;
        memcpy(digits, colon + 1, dn);
        if (!aivm_parse_u64(&port, digits, 65535) || port == 0)
            return false;
        u->port = (unsigned)port;
    }
    q = strchr(end, '?');
    n = (size_t)((q ? q : end + strlen(end)) - end);
    if (n >= sizeof u->path)
        return false;
    memcpy(u->path, end, n);
    u->query = q ? q + 1 : "";
    return true;
}

static bool is_loopback(const char *host)
{
    return strcmp(host, "127.0.0.1") == 0 || strcmp(host, "localhost") == 0 ||
           strcmp(host, "[::1]") == 0;
}

int aivm_prices_check_url(const char *url, aivm_error *err)
{
    url_parts u;
    if (!split_url(&u, url) || strchr(url, '#'))
        return aivm_error_set(err, AIVM_EINVALID, NULL, "invalid URL '%s'", url);
    if (strcmp(u.scheme, "https") == 0)
        return 0;
    if (strcmp(u.scheme, "http") == 0 && is_loopback(u.host))
        return 0;
    return aivm_error_set(err, AIVM_EINVALID, NULL,
                          "refusing '%s': prices are fetched over https (plain http only to "
                          "127.0.0.1, localhost or [::1])",
                          url);
}

int aivm_prices__next_skip(unsigned long *skip, const char *link, const char *base, aivm_error *err)
{
    url_parts a, b;
    const char *p;
    char digits[24] = {0};
    uint64_t v;
    size_t n;
    if (!split_url(&a, link) || !split_url(&b, base))
        return aivm_error_set(err, AIVM_EINVALID, NULL, "NextPageLink '%.120s' is not a URL", link);
    if (strcmp(a.scheme, b.scheme) || strcmp(a.host, b.host) || a.port != b.port ||
        strcmp(a.path, b.path))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "NextPageLink '%.120s' points to another origin", link);
    for (p = a.query; p && *p; p = strchr(p, '&') ? strchr(p, '&') + 1 : NULL) {
        const char *v0 = strncmp(p, "$skip=", 6) == 0     ? p + 6
                         : strncmp(p, "%24skip=", 8) == 0 ? p + 8
                                                          : NULL;
        if (!v0)
            continue;
        n = strcspn(v0, "&");
        if (n == 0 || n >= sizeof digits)
            break;
        memcpy(digits, v0, n);
        if (!aivm_parse_u64(&v, digits, 1000000000))
            break;
        *skip = (unsigned long)v;
        return 0;
    }
    return aivm_error_set(err, AIVM_EINVALID, NULL, "NextPageLink '%.120s' has no valid $skip",
                          link);
}

/* ---- transfers ---- */

typedef struct {
    aivm_http_job *job;
    const char *base;
    CURL *easy;
    aivm_buf body;
    char errbuf[CURL_ERROR_SIZE];
    double retry_after; /* seconds from the response headers; < 0 = none */
    long remaining;     /* x-ms-ratelimit-remaining-retailPrices-requests; -1 = none */
    unsigned long skip;
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

static bool header_is(const char *line, size_t len, const char *name, const char **value)
{
    size_t n = strlen(name);
    if (len <= n || line[n] != ':')
        return false;
    if (!aivm_strneq_nocase(line, name, n))
        return false;
    *value = line + n + 1;
    return true;
}

void aivm_prices__parse_header(const char *line, size_t len, double *retry_after, long *remaining)
{
    const char *v = NULL;
    char tmp[32] = {0};
    double d;
    uint64_t u;
    bool ra = header_is(line, len, "retry-after", &v) ||
              header_is(line, len, "x-ms-ratelimit-retailprices-retry-after", &v);
    bool rem = !ra && header_is(line, len, "x-ms-ratelimit-remaining-retailprices-requests", &v);
    if (!ra && !rem)
        return;
    while (v < line + len && *v == ' ')
        v++;
    memcpy(tmp, v,
           (size_t)(line + len - v) < sizeof tmp - 1 ? (size_t)(line + len - v) : sizeof tmp - 1);
    tmp[strcspn(tmp, "\r\n ")] = '\0';
    if (ra && aivm_parse_double(&d, tmp) && d >= 0 && d <= 86400 && d > *retry_after)
        *retry_after = d; /* the larger of the two headers wins; a day at most */
    if (rem && aivm_parse_u64(&u, tmp, 1000000000))
        *remaining = (long)u;
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

static void fail(xfer *x, int status, const char *fmt, ...)
{
    va_list ap;
    x->done = true;
    x->job->status = status;
    va_start(ap, fmt);
    vsnprintf(x->job->error, sizeof x->job->error, fmt, ap);
    va_end(ap);
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

static void page_done(xfer *x, const aivm_fetch_opts *o, double now, double *shared)
{
    char *next = NULL;
    unsigned long skip = 0;
    aivm_error e = AIVM_ERROR_INIT;
    int rc = aivm_prices__page_add(x->job->items, x->body.ptr ? x->body.ptr : "", x->body.size,
                                   &next, &e);
    if (rc < 0) {
        if (x->bad_pages++ == 0) { /* a malformed page is retried once */
            x->attempts--;
            x->not_before = now + o->backoff_s;
            return;
        }
        fail(x, rc, "%s", e.msg);
        return;
    }
    x->job->pages++;
    x->attempts = 0;
    x->bad_pages = 0;
    if (x->remaining >= 0 && x->remaining <= 1 && now + o->backoff_s > *shared)
        *shared = now + o->backoff_s; /* nearly out of requests: pause before the next */
    if (!next) {
        x->done = true;
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

int aivm_prices__http_run(aivm_http_job *jobs, size_t n, const aivm_fetch_opts *o, size_t *requests,
                          aivm_error *err)
{
    CURLM *multi = NULL;
    xfer *xs = NULL;
    char ua[64];
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
    xs = aivm_xcalloc(n ? n : 1, sizeof *xs);
    for (size_t i = 0; i < n; i++) {
        xs[i].job = &jobs[i];
        xs[i].base = o->base_url ? o->base_url : AIVM_PRICES_DEFAULT_URL;
        aivm_prices__items_new(&jobs[i].items);
    }
    while (left > 0 && rc == 0) {
        double now = mono(), wake = now + 1;
        int running = 0, queued = 0, numfds = 0;
        bool progressed;
        CURLMsg *m;
        for (size_t i = 0; i < n && in_flight < max && rc == 0; i++) {
            if (xs[i].done || xs[i].active)
                continue;
            if (now < xs[i].not_before || now < shared) {
                double t = xs[i].not_before > shared ? xs[i].not_before : shared;
                wake = t < wake ? t : wake;
                continue;
            }
            rc = start(&xs[i], multi, o, ua, err);
            in_flight += rc == 0;
            *requests += rc == 0;
        }
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
            api.multi_remove_handle(multi, x->easy);
            api.easy_cleanup(x->easy);
            x->easy = NULL;
            in_flight--;
            left -= x->done;
            progressed = true;
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
    for (size_t i = 0; i < n; i++) {
        if (xs[i].easy) {
            api.multi_remove_handle(multi, xs[i].easy);
            api.easy_cleanup(xs[i].easy);
        }
        if (!xs[i].done && rc == 0)
            fail(&xs[i], AIVM_ERROR, "%s", "not fetched");
        if (jobs[i].status < 0 || rc < 0) {
            aivm_prices__items_free(jobs[i].items); /* never hand out a partial fetch */
            jobs[i].items = NULL;
        }
        jobs[i].url = aivm_prices__query_url(xs[i].base, jobs[i].q, 0);
        free(xs[i].url);
        aivm_buf_dispose(&xs[i].body);
    }
    free(xs);
    api.multi_cleanup(multi);
    return rc;
}
