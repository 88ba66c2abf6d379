/*
 * prices_url.c - the URLs and headers of the price API: the first-page URL
 * of a query (one size, or a region's whole Virtual Machines list) with its
 * OData filter, the check that a base URL is https (or loopback http), the
 * $skip of a NextPageLink of the same origin, and the rate-limit headers.
 * Pure string work, no libcurl (prices_http.c does the transfers).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "prices_int.h"

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
    if (q->sku) { /* NULL: the region's whole Virtual Machines price list */
        aivm_buf_puts(&f, " and armSkuName eq ");
        put_odata_string(&f, q->sku);
    }
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
