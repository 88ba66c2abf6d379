/* test_prices_region.c - region-wide price lists: a region's items joined
 * from pages and classified once give, size by size, the sets of per-size
 * queries (tests/fixtures/prices); the region query's URL and cache name;
 * each entry's fetch state (cached, fetched, failed) against a loopback API. */
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aivm/prices.h"
#include "helpers.h"
#include "prices/prices_int.h"

static aivm_price_set *load(const char *name, const char *region, const char *sku)
{
    return load_price_fixture(name, region, sku);
}

static double price_of(const aivm_price_set *s, aivm_os os, aivm_pricing p)
{
    double v = -1;
    if (!aivm_price_set_lookup(s, os, p, &v, NULL))
        return -1; /* unknown */
    return v;
}

/* Rows of two sets are the same classification: fields, prices and verdicts. */
static void assert_same_rows(const aivm_price_set *a, const aivm_price_set *b)
{
    assert_int_equal(aivm_price_set_count(a), aivm_price_set_count(b));
    for (size_t i = 0; i < aivm_price_set_count(a); i++) {
        const aivm_price_row *x = aivm_price_set_row(a, i), *y = aivm_price_set_row(b, i);
        assert_string_equal(x->sku, y->sku);
        assert_string_equal(x->product_name, y->product_name);
        assert_string_equal(x->sku_name, y->sku_name);
        assert_int_equal(x->os, y->os);
        assert_int_equal(x->tier, y->tier);
        assert_int_equal(x->type, y->type);
        assert_int_equal(x->term_years, y->term_years);
        assert_true(x->price == y->price && x->hourly == y->hourly);
        assert_int_equal(x->ambiguous, y->ambiguous);
        assert_true(x->excluded == y->excluded ||
                    (x->excluded && y->excluded && strcmp(x->excluded, y->excluded) == 0));
    }
    for (int os = AIVM_OS_LINUX; os <= AIVM_OS_WINDOWS; os++)
        for (int k = 0; k < AIVM_PRICING_COUNT; k++)
            assert_true(price_of(a, (aivm_os)os, (aivm_pricing)k) ==
                        price_of(b, (aivm_os)os, (aivm_pricing)k));
}

/* A region's list (three sizes' pages joined, as the parallel fetch joins
 * them) classified once, then one size taken out, equals that size's own
 * query; a size without rows gives an empty set (prices unknown). */
static void prices_region__subset_equals_size_query(void **state)
{
    static const char *const files[] = {"zoo_nd96isr_h100_v5.json",
                                        "zoo_nc40ads_h100_v5_win_token.json",
                                        "zoo_nc24ads_a100_v4_v7_names.json"};
    static const char *const skus[] = {"Standard_ND96isr_H100_v5", "Standard_NC40ads_H100_v5",
                                       "Standard_NC24ads_A100_v4"};
    aivm_price_query all = {"eastus", NULL, "USD"};
    aivm_price_items *joined = NULL;
    aivm_price_set *region = NULL, *sub = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    size_t items = 0;
    (void)state;
    aivm_prices__items_new(&joined);
    for (size_t i = 0; i < 3; i++) {
        aivm_price_items *page = NULL;
        char path[256], *next = NULL, *text;
        size_t len = 0;
        snprintf(path, sizeof path, "prices/%s", files[i]);
        text = read_file(fixture(path), &len);
        aivm_prices__items_new(&page);
        assert_int_equal(aivm_prices__page_add(page, text, len, &next, &err), 0);
        assert_null(next);
        items += aivm_prices__items_count(page);
        assert_int_equal(aivm_prices__items_append(joined, page), 0);
        aivm_prices__items_free(page);
        free(text);
    }
    assert_int_equal(aivm_prices__items_count(joined), items);
    aivm_prices__classify(&region, joined, &all);
    for (size_t i = 0; i < 3; i++) {
        aivm_price_set *own = load(files[i], "eastus", skus[i]);
        aivm_prices__set_subset(&sub, region, skus[i]);
        assert_same_rows(sub, own);
        assert_true(aivm_price_set_count(sub) > 0);
        aivm_price_set_free(own);
        aivm_price_set_free(sub);
    }
    aivm_prices__set_subset(&sub, region, "standard_nd96isr_h100_v5"); /* case ignored */
    assert_true(aivm_price_set_count(sub) > 0);
    aivm_price_set_free(sub);
    aivm_prices__set_subset(&sub, region, "Standard_ND96is_H100_v5");
    assert_int_equal(aivm_price_set_count(sub), 0);
    assert_true(price_of(sub, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
    aivm_price_set_free(sub);
    aivm_price_set_free(region);
    aivm_prices__items_free(joined);
}

static void prices_region__url_and_cache_name(void **state)
{
    aivm_price_query q = {"eastus", NULL, "USD"};
    aivm_buf path = AIVM_BUF_INIT;
    char *u;
    (void)state;
    u = aivm_prices__query_url("https://prices.azure.com/api/retail/prices", &q, 2000);
    assert_string_equal(u, "https://prices.azure.com/api/retail/prices?api-version=2023-01-01-"
                           "preview&currencyCode=%27USD%27&$filter=serviceName%20eq%20%27Virtual"
                           "%20Machines%27%20and%20armRegionName%20eq%20%27eastus%27&$skip=2000");
    free(u);
    aivm_prices__cache_path(&path, "/c", "https://prices.azure.com/api/retail/prices", &q);
    assert_non_null(strstr(path.ptr, "-USD-eastus.all.json"));
    assert_int_equal(strncmp(path.ptr, "/c/prices/", 10), 0);
    aivm_buf_dispose(&path);
}

/* Write the fixture's items as the cache entry of `region`'s whole list
 * under `dir`, fetched at 2026-11-29T10:00:00Z (epoch 1795946400). */
static void write_region_cache(const char *dir, const char *base, const char *region)
{
    aivm_price_query rq = {region, NULL, "USD"};
    aivm_price_items *it = NULL;
    aivm_cache_meta m;
    aivm_error err = AIVM_ERROR_INIT;
    char *url, *text, *next = NULL;
    size_t len = 0;
    text = read_file(fixture("prices/zoo_nd96isr_h100_v5.json"), &len);
    aivm_prices__items_new(&it);
    assert_int_equal(aivm_prices__page_add(it, text, len, &next, &err), 0);
    memset(&m, 0, sizeof m);
    url = aivm_prices__query_url(base, &rq, 0);
    snprintf(m.url, sizeof m.url, "%s", url);
    strcpy(m.fetched_at, "2026-11-29T10:00:00Z");
    m.fetched_epoch = 1795946400;
    m.pages = 1;
    strcpy(m.currency, "USD");
    snprintf(m.region, sizeof m.region, "%s", region);
    strcpy(m.api_version, AIVM_PRICES_API_VERSION);
    strcpy(m.tool_version, "0.1.0");
    assert_int_equal(aivm_prices__cache_write(dir, base, &rq, it, &m, &err), 0);
    aivm_prices__items_free(it);
    free(url);
    free(text);
}

/* Remove `dir`/prices/<every entry>, `dir`/prices and `dir`. */
static void remove_cache_dir(const char *dir)
{
    aivm_buf path = AIVM_BUF_INIT;
    DIR *d;
    struct dirent *de;
    aivm_buf_printf(&path, "%s/prices", dir);
    d = opendir(path.ptr);
    while (d && (de = readdir(d)) != NULL) {
        aivm_buf f = AIVM_BUF_INIT;
        if (de->d_name[0] == '.')
            continue;
        aivm_buf_printf(&f, "%s/%s", path.ptr, de->d_name);
        unlink(f.ptr);
        aivm_buf_dispose(&f);
    }
    if (d)
        closedir(d);
    rmdir(path.ptr);
    rmdir(dir);
    aivm_buf_dispose(&path);
}

/* A region entry in the cache: aivm_prices_get_regions (cached) reads it,
 * aivm_prices_region_size gives each size's set, and a per-size query of
 * aivm_prices_get is served from it, with the same prices. */
static void prices_region__store_reads_the_region_entry(void **state)
{
    const char *base = "https://prices.azure.com/api/retail/prices";
    const char *const regions[] = {"eastus", "westeurope"};
    aivm_price_query sq = {"eastus", "Standard_ND96isr_H100_v5", NULL};
    aivm_fetch_opts o = AIVM_FETCH_OPTS_INIT;
    aivm_prices *store = NULL, *per = NULL;
    const aivm_price_set *set = NULL;
    const aivm_price_entry *e;
    aivm_error err = AIVM_ERROR_INIT;
    char dir[] = "/tmp/aivm-region-XXXXXX";
    (void)state;
    assert_non_null(mkdtemp(dir));
    write_region_cache(dir, base, "eastus");
    o.cache_dir = dir;
    o.now = 1795946400 + 3600;
    assert_int_equal(aivm_prices_get_regions(&store, AIVM_PRICES_CACHED, regions, 2, &o, &err), 0);
    assert_int_equal(aivm_prices_count(store), 2);
    e = aivm_prices_entry(store, 0);
    assert_non_null(e->set);
    assert_null(e->query.sku);
    assert_int_equal(e->source, AIVM_PRICE_CACHE);
    assert_int_equal(e->state, AIVM_FETCH_CACHED);
    assert_int_equal(e->age_s, 3600);
    assert_ptr_equal(aivm_prices_find(store, "eastus", NULL), e);
    assert_null(aivm_prices_find(store, "eastus", "Standard_ND96isr_H100_v5"));
    assert_int_equal(aivm_prices_entry(store, 1)->state, AIVM_FETCH_FAILED); /* not cached */
    assert_int_equal(
        aivm_prices_region_size(&set, store, "eastus", "Standard_ND96isr_H100_v5", &err), 0);
    assert_true(price_of(set, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) == 98.32);
    {
        const aivm_price_set *none = set;
        assert_int_equal(aivm_prices_region_size(&none, store, "uksouth", "Standard_X", &err),
                         AIVM_ENOTFOUND);
        assert_null(none);
    }
    assert_int_equal(aivm_prices_region_size(&set, store, "westeurope", "Standard_X", &err),
                     AIVM_ENOTFOUND); /* nothing cached for that region */
    assert_int_equal(
        aivm_prices_region_size(&set, store, "eastus", "Standard_ND96isr_H100_v5", &err), 0);
    /* a per-size query is served from the region entry */
    assert_int_equal(aivm_prices_get(&per, AIVM_PRICES_CACHED, &sq, 1, &o, &err), 0);
    e = aivm_prices_entry(per, 0);
    assert_non_null(e->set);
    assert_int_equal(e->source, AIVM_PRICE_CACHE);
    assert_int_equal(e->state, AIVM_FETCH_CACHED);
    assert_string_equal(e->fetched_at, "2026-11-29T10:00:00Z");
    assert_same_rows(e->set, set);
    aivm_prices_free(per);
    aivm_prices_free(store);
    remove_cache_dir(dir);
}

/* A loopback price API in a child process: every request for westeurope
 * gets the fixture's page (200) and an empty page past it ($skip), any other a 404. Returns the
 * child's pid; its port in *port. */
static pid_t serve_prices(unsigned *port)
{
    struct sockaddr_in a;
    socklen_t alen = sizeof a;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    pid_t pid;
    assert_true(s >= 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(s, 8), 0);
    assert_int_equal(getsockname(s, (struct sockaddr *)&a, &alen), 0);
    *port = ntohs(a.sin_port);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        size_t len = 0;
        char *page = read_file(fixture("prices/zoo_nd96isr_h100_v5.json"), &len);
        for (;;) {
            char req[4096];
            ssize_t got, n = 0;
            int c = accept(s, NULL, NULL);
            if (c < 0)
                _exit(1);
            while ((size_t)n < sizeof req - 1 &&
                   (got = read(c, req + n, sizeof req - 1 - (size_t)n)) > 0) {
                n += got;
                req[n] = 0;
                if (strstr(req, "\r\n\r\n"))
                    break;
            }
            req[n] = 0;
            if (strstr(req, "westeurope") && (strstr(req, "$skip=") || strstr(req, "%24skip="))) {
                /* the page past the last: asked for, and empty as the API answers it */
                static const char empty[] = "{\"BillingCurrency\": \"USD\", \"Items\": [], "
                                            "\"NextPageLink\": null, \"Count\": 0}";
                dprintf(c,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                        sizeof empty - 1, empty);
            } else if (strstr(req, "westeurope")) {
                dprintf(c,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        "Content-Length: %zu\r\nConnection: close\r\n\r\n",
                        len);
                (void)!write(c, page, len);
            } else {
                dprintf(c, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n"
                           "Connection: close\r\n\r\n");
            }
            close(c);
        }
    }
    close(s);
    return pid;
}

/* The fetch names each entry's state where it serves or fails it: a fresh
 * region cache is cached, a region the API answers is fetched, a region it
 * refuses (404) is failed; the names are the JSON's `status`. */
static void prices_region__fetch_states(void **state)
{
    const char *const regions[] = {"eastus", "westeurope", "uksouth"};
    static const aivm_fetch_state want[] = {AIVM_FETCH_CACHED, AIVM_FETCH_FETCHED,
                                            AIVM_FETCH_FAILED};
    aivm_fetch_opts o = AIVM_FETCH_OPTS_INIT;
    aivm_prices *store = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    char dir[] = "/tmp/aivm-fetch-XXXXXX", base[64];
    unsigned port = 0;
    pid_t pid;
    (void)state;
    assert_non_null(mkdtemp(dir));
    pid = serve_prices(&port);
    snprintf(base, sizeof base, "http://127.0.0.1:%u/api/retail/prices", port);
    write_region_cache(dir, base, "eastus");
    o.base_url = base;
    o.cache_dir = dir;
    o.now = 1795946400 + 3600; /* the eastus entry is an hour old: fresh */
    o.retries = 0;
    assert_int_equal(aivm_prices_get_regions(&store, AIVM_PRICES_LIVE, regions, 3, &o, &err), 0);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    assert_int_equal(aivm_prices_count(store), 3);
    for (size_t i = 0; i < 3; i++) {
        const aivm_price_entry *e = aivm_prices_entry(store, i);
        assert_string_equal(e->query.region, regions[i]);
        assert_int_equal(e->state, want[i]);
        assert_int_equal(e->set != NULL, want[i] != AIVM_FETCH_FAILED);
    }
    assert_int_equal(aivm_prices_entry(store, 0)->source, AIVM_PRICE_CACHE);
    assert_int_equal(aivm_prices_entry(store, 1)->source, AIVM_PRICE_LIVE);
    assert_int_equal(aivm_prices_entry(store, 2)->status, AIVM_EHTTP);
    {
        size_t counts[AIVM_FETCH_STATE_COUNT];
        aivm_prices_state_counts(counts, store);
        assert_true(counts[AIVM_FETCH_CACHED] == 1 && counts[AIVM_FETCH_FETCHED] == 1 &&
                    counts[AIVM_FETCH_FAILED] == 1);
    }
    assert_string_equal(aivm_fetch_state_name(AIVM_FETCH_CACHED), "cached");
    assert_string_equal(aivm_fetch_state_name(AIVM_FETCH_FETCHED), "fetched");
    assert_string_equal(aivm_fetch_state_name(AIVM_FETCH_FAILED), "failed");
    aivm_prices_free(store);
    remove_cache_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prices_region__subset_equals_size_query),
        cmocka_unit_test(prices_region__url_and_cache_name),
        cmocka_unit_test(prices_region__store_reads_the_region_entry),
        cmocka_unit_test(prices_region__fetch_states),
    };
    return cmocka_run_group_tests_name("prices_region", tests, NULL, NULL);
}
