/*
 * prices_pages.c - what each answered page means for its query; no libcurl
 * here (prices_http.c drives the transfers). A per-size query follows the
 * $skip of NextPageLink one page at a time on one transfer; a region-wide
 * one learns its page size from page 0 and is joined in order once every
 * page has answered, all or nothing. Also the retry schedule (exponential
 * backoff with jitter, Retry-After, a pause every query shares after a 429)
 * and how a failed transfer ends its query.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "aivm/util.h"
#include "prices_int.h"

/* The transfer ends, and with it its query, unless the query already ended.
 * A page past the region's last one fails it too: that it is empty is what
 * shows the list did not change while it was read (region_check). */
void aivm_prices__page_fail(aivm_http_page *x, int status, const char *fmt, ...)
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

/* Schedule another attempt of the current page, or give up. */
void aivm_prices__page_retry(aivm_http_page *x, const aivm_fetch_opts *o, double now,
                             double *shared, bool throttled, int status, const char *why,
                             unsigned *seed)
{
    double delay;
    char msg[200];
    if (x->attempts > o->retries) {
        snprintf(msg, sizeof msg, "%s (gave up after %u attempt%s)", why, x->attempts,
                 x->attempts == 1 ? "" : "s");
        aivm_prices__page_fail(x, status, "%s", msg);
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
static void region_check(aivm_http_page *x, const aivm_fetch_opts *o)
{
    aivm_http_query *js = x->js;
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
            aivm_prices__page_fail(
                x, AIVM_EINVALID,
                "the price list changed while it was fetched (page %zu, after the last one, "
                "has items)",
                k + 1);
            return;
        }
    for (k = 0; k <= js->last; k++)
        if (aivm_prices__items_append(js->job->items, js->pages[k]) < 0) {
            x->page = 0;
            aivm_prices__page_fail(x, AIVM_ELIMIT, "the region's price list is too large");
            return;
        }
    js->job->pages = (unsigned)(js->last + 1);
    js->job->status = 0;
    js->done = true;
}

static void region_page(aivm_http_page *x, char *next, const aivm_fetch_opts *o)
{
    aivm_http_query *js = x->js;
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
        aivm_prices__page_fail(x, rc, "%s", e.msg);
    else if (x->page == 0 && skip == 0)
        aivm_prices__page_fail(x, AIVM_EINVALID,
                               "NextPageLink points back to an earlier page ($skip=%lu)", skip);
    else if (x->page > 0 && skip != (unsigned long)(x->page + 1) * js->stride)
        aivm_prices__page_fail(
            x, AIVM_EINVALID,
            "NextPageLink of page %zu has $skip=%lu, not %lu: the pages do not line up",
            x->page + 1, skip, (unsigned long)(x->page + 1) * js->stride);
    else if (x->page + 1 >= o->page_cap)
        aivm_prices__page_fail(
            x, AIVM_ELIMIT, "more than %u pages for one query: refusing to truncate the price list",
            o->page_cap);
    else if (x->page == 0) {
        js->stride = skip;
        js->next_page = 1;
    }
    region_check(x, o);
}

void aivm_prices__page_done(aivm_http_page *x, const aivm_fetch_opts *o, double now, double *shared)
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
        aivm_prices__page_fail(x, rc, "%s", e.msg);
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
        aivm_prices__page_fail(x, rc, "%s", e.msg);
    else if (skip <= x->skip)
        aivm_prices__page_fail(x, AIVM_EINVALID,
                               "NextPageLink points back to an earlier page ($skip=%lu)", skip);
    else if (x->job->pages >= o->page_cap)
        aivm_prices__page_fail(x, AIVM_ELIMIT,
                               "more than %u pages for one query: refusing to truncate the "
                               "price list",
                               o->page_cap);
    else
        x->skip = skip;
}
