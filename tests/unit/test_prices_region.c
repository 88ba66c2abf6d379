/* test_prices_region.c - region-wide price lists: a region's items joined
 * from pages and classified once give, size by size, the sets of per-size
 * queries (tests/fixtures/prices); the region query's URL and cache name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* A region entry in the cache: aivm_prices_get_regions (cached) reads it,
 * aivm_prices_region_size gives each size's set, and a per-size query of
 * aivm_prices_get is served from it, with the same prices. */
static void prices_region__store_reads_the_region_entry(void **state)
{
    const char *base = "https://prices.azure.com/api/retail/prices";
    const char *const regions[] = {"eastus", "westeurope"};
    aivm_price_query rq = {"eastus", NULL, "USD"};
    aivm_price_query sq = {"eastus", "Standard_ND96isr_H100_v5", NULL};
    aivm_fetch_opts o = AIVM_FETCH_OPTS_INIT;
    aivm_price_items *it = NULL;
    aivm_cache_meta m;
    aivm_prices *store = NULL, *per = NULL;
    const aivm_price_set *set = NULL;
    const aivm_price_entry *e;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf path = AIVM_BUF_INIT;
    char dir[] = "/tmp/aivm-region-XXXXXX", *url, *text, *next = NULL;
    size_t len = 0;
    (void)state;
    assert_non_null(mkdtemp(dir));
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
    strcpy(m.region, "eastus");
    strcpy(m.api_version, AIVM_PRICES_API_VERSION);
    strcpy(m.tool_version, "0.1.0");
    assert_int_equal(aivm_prices__cache_write(dir, base, &rq, it, &m, &err), 0);
    o.cache_dir = dir;
    o.now = 1795946400 + 3600;
    assert_int_equal(aivm_prices_get_regions(&store, AIVM_PRICES_CACHED, regions, 2, &o, &err), 0);
    assert_int_equal(aivm_prices_count(store), 2);
    e = aivm_prices_entry(store, 0);
    assert_non_null(e->set);
    assert_null(e->query.sku);
    assert_int_equal(e->source, AIVM_PRICE_CACHE);
    assert_int_equal(e->age_s, 3600);
    assert_ptr_equal(aivm_prices_find(store, "eastus", NULL), e);
    assert_null(aivm_prices_find(store, "eastus", "Standard_ND96isr_H100_v5"));
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
    assert_string_equal(e->fetched_at, "2026-11-29T10:00:00Z");
    assert_same_rows(e->set, set);
    aivm_prices_free(per);
    aivm_prices_free(store);
    aivm_prices__cache_path(&path, dir, base, &rq);
    unlink(path.ptr);
    aivm_buf_clear(&path);
    aivm_buf_printf(&path, "%s/prices", dir);
    rmdir(path.ptr);
    rmdir(dir);
    aivm_buf_dispose(&path);
    aivm_prices__items_free(it);
    free(url);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prices_region__subset_equals_size_query),
        cmocka_unit_test(prices_region__url_and_cache_name),
        cmocka_unit_test(prices_region__store_reads_the_region_entry),
    };
    return cmocka_run_group_tests_name("prices_region", tests, NULL, NULL);
}
