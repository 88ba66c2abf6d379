/* test_prices_parse.c - classification of Retail Prices API rows from canned
 * pages (tests/fixtures/prices), page envelopes, URLs and the cache. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aivm/prices.h"
#include "helpers.h"
#include "prices_int.h"

#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

static aivm_price_set *load(const char *name, const char *region, const char *sku)
{
    aivm_price_query q = {region, sku, "USD"};
    aivm_price_set *set = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    char path[256];
    size_t len = 0;
    char *text;
    snprintf(path, sizeof path, "prices/%s", name);
    text = read_file(fixture(path), &len);
    if (aivm_prices_parse_mem(&set, text, len, &q, &err) < 0)
        fail_msg("%s: %s", name, err.msg);
    free(text);
    return set;
}

static double price_of(const aivm_price_set *s, aivm_os os, aivm_pricing p)
{
    double v = -1;
    if (!aivm_price_set_lookup(s, os, p, &v, NULL))
        return -1; /* unknown */
    return v;
}

static size_t count_excluded(const aivm_price_set *s, const char *why)
{
    size_t n = 0;
    for (size_t i = 0; i < aivm_price_set_count(s); i++) {
        const aivm_price_row *r = aivm_price_set_row(s, i);
        n += r->excluded && strstr(r->excluded, why) != NULL;
    }
    return n;
}

static void prices_parse__zoo_gives_every_model(void **state)
{
    aivm_price_set *s = load("zoo_nd96isr_h100_v5.json", "eastus", "Standard_ND96isr_H100_v5");
    (void)state;
    assert_int_equal(aivm_price_set_items(s), 13);
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) == 98.32);
    /* Spot, not Low Priority (0.12 x on-demand) nor Cloud Services */
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_SPOT) == 19.664);
    /* reservation totals turned into hourly */
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_RESERVED_1Y), 98.32 * 0.6, 1e-6);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_RESERVED_3Y), 98.32 * 0.4, 1e-6);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_SAVINGS_PLAN_1Y), 63.908, 1e-9);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_SAVINGS_PLAN_3Y), 44.244, 1e-9);
    assert_near(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_ON_DEMAND), 108.152, 1e-9);
    assert_near(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_SPOT), 29.496, 1e-9);
    /* no Windows reservation row: unknown, never 0 */
    assert_true(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_RESERVED_1Y) < 0);
    assert_int_equal(count_excluded(s, "not a Virtual Machines product"), 2); /* Cloud Services */
    assert_int_equal(count_excluded(s, "expired"), 1);
    aivm_price_set_free(s);
}

static void prices_parse__low_priority_and_devtest_are_never_picked(void **state)
{
    aivm_price_set *s = load("zoo_nd96isr_h100_v5.json", "eastus", "Standard_ND96isr_H100_v5");
    size_t lp = 0, dev = 0;
    (void)state;
    for (size_t i = 0; i < aivm_price_set_count(s); i++) {
        const aivm_price_row *r = aivm_price_set_row(s, i);
        lp += r->tier == AIVM_TIER_LOW_PRIORITY && !r->excluded;
        dev += r->type == AIVM_PTYPE_DEVTEST && !r->excluded;
    }
    assert_int_equal(lp, 2);  /* Linux and Windows, kept for `prices show` */
    assert_int_equal(dev, 2); /* regular and Spot dev/test, Windows */
    assert_true(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_ON_DEMAND) != 98.32 * 0.9);
    aivm_price_set_free(s);
}

static void prices_parse__win_token_is_windows(void **state)
{
    aivm_price_set *s =
        load("zoo_nc40ads_h100_v5_win_token.json", "eastus", "Standard_NC40ads_H100_v5");
    (void)state;
    assert_near(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_ON_DEMAND), 7.15, 1e-9);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND), 6.5, 1e-9);
    aivm_price_set_free(s);
}

static void prices_parse__v7_name_is_linux_and_not_a_second_price(void **state)
{
    aivm_price_set *s =
        load("zoo_nc24ads_a100_v4_v7_names.json", "eastus", "Standard_NC24ads_A100_v4");
    bool amb = true;
    double v = 0;
    (void)state;
    assert_true(aivm_price_set_lookup(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND, &v, &amb));
    assert_near(v, 3.2, 1e-9);
    assert_false(amb);
    assert_int_equal(count_excluded(s, "same price as another row"), 1);
    aivm_price_set_free(s);
}

static void prices_parse__doc_examples(void **state)
{
    aivm_price_set *s = load("doc_examples.json", "southcentralus", "Standard_E64_v4");
    (void)state;
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_RESERVED_1Y), 25007.0 / 8760, 1e-9);
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
    aivm_price_set_free(s);
    s = load("doc_examples.json", "australiacentral", "Standard_B16als_v2");
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND), 0.673, 1e-9);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_SAVINGS_PLAN_1Y), 0.49129, 1e-9);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_SAVINGS_PLAN_3Y), 0.34323, 1e-9);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_RESERVED_1Y), 3478.0 / 8760, 1e-9);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_RESERVED_3Y), 6721.0 / 26280, 1e-9);
    aivm_price_set_free(s);
    s = load("doc_examples.json", "westeurope", "Standard_F16s");
    assert_int_equal(aivm_price_set_count(s), 1);
    assert_int_equal(aivm_price_set_row(s, 0)->os, AIVM_OS_WINDOWS);
    assert_int_equal(aivm_price_set_row(s, 0)->tier, AIVM_TIER_SPOT);
    assert_int_equal(aivm_price_set_row(s, 0)->type, AIVM_PTYPE_DEVTEST);
    assert_true(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_SPOT) < 0); /* dev/test is not Spot */
    aivm_price_set_free(s);
}

static void prices_parse__competing_rows_newest_wins(void **state)
{
    aivm_price_set *s = load("competing_rows.json", "eastus", "Standard_NC24ads_A100_v4");
    bool amb = false;
    double v = 0;
    (void)state;
    assert_true(aivm_price_set_lookup(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND, &v, &amb));
    assert_near(v, 3.673, 1e-9);
    assert_true(amb);
    assert_int_equal(count_excluded(s, "newer effectiveStartDate"), 1);
    aivm_price_set_free(s);
}

static void prices_parse__suspect_and_missing_prices_are_unknown(void **state)
{
    aivm_price_set *s = load("spot_not_cheaper.json", "eastus", "Standard_NC24ads_A100_v4");
    (void)state;
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_SPOT) < 0);
    assert_int_equal(count_excluded(s, "Spot price not below on-demand"), 1);
    aivm_price_set_free(s);
    s = load("zero_price.json", "eastus", "Standard_NC24ads_A100_v4");
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
    assert_int_equal(count_excluded(s, "zero or negative"), 1);
    aivm_price_set_free(s);
    s = load("other_currency.json", "eastus", "Standard_NC24ads_A100_v4");
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
    assert_int_equal(count_excluded(s, "another currency"), 1);
    aivm_price_set_free(s);
    s = load("empty.json", "eastus", "Standard_NC24ads_A100_v4");
    assert_int_equal(aivm_price_set_count(s), 0);
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
    aivm_price_set_free(s);
    s = load("zoo_nd96isr_h100_v5.json", "westus", "Standard_ND96isr_H100_v5");
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0); /* another region */
    aivm_price_set_free(s);
}

static void prices_parse__bad_pages_fail(void **state)
{
    static const struct {
        const char *file;
        int code;
        const char *msg;
    } cases[] = {
        {"bad_truncated.json", AIVM_ESYNTAX, "not valid JSON"},
        {"bad_html.json", AIVM_ESYNTAX, "HTML"},
        {"bad_not_items.json", AIVM_EINVALID, "no Items array"},
        {"bad_items_not_array.json", AIVM_EINVALID, "no Items array"},
        {"bad_count_mismatch.json", AIVM_EINVALID, "Count"},
        {"bad_next_not_string.json", AIVM_EINVALID, "NextPageLink"},
    };
    aivm_price_query q = {"eastus", "Standard_ND96isr_H100_v5", "USD"};
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aivm_price_set *s = (aivm_price_set *)&q; /* must be reset to NULL */
        aivm_error err = AIVM_ERROR_INIT;
        char path[128];
        size_t len;
        char *text;
        snprintf(path, sizeof path, "prices/%s", cases[i].file);
        text = read_file(fixture(path), &len);
        assert_int_equal(aivm_prices_parse_mem(&s, text, len, &q, &err), cases[i].code);
        assert_null(s);
        if (!strstr(err.msg, cases[i].msg))
            fail_msg("%s: '%s' lacks '%s'", cases[i].file, err.msg, cases[i].msg);
        free(text);
    }
}

static void prices_parse__boundary_row_repeated_across_pages_is_a_duplicate(void **state)
{
    aivm_price_query q = {"eastus", "Standard_ND96isr_H100_v5", "USD"};
    aivm_price_items *it = NULL;
    aivm_price_set *s = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    char *next = NULL;
    size_t len;
    char *text = read_file(fixture("prices/zoo_nd96isr_h100_v5.json"), &len);
    (void)state;
    aivm_prices__items_new(&it);
    assert_int_equal(aivm_prices__page_add(it, text, len, &next, &err), 0);
    assert_null(next);
    assert_int_equal(aivm_prices__page_add(it, text, len, &next, &err), 0);
    assert_int_equal(aivm_prices__items_count(it), 26);
    aivm_prices__classify(&s, it, &q);
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) == 98.32);
    /* 13 items + 2 savings plans again, less the 3 already out for their own reason */
    assert_int_equal(count_excluded(s, "duplicate row"), 12);
    aivm_price_set_free(s);
    aivm_prices__items_free(it);
    free(text);
}

static void prices_parse__urls(void **state)
{
    aivm_price_query q = {"eastus", "Standard_NC24ads_A100_v4", "EUR"};
    char *u;
    (void)state;
    assert_int_equal(aivm_prices_check_url("https://prices.azure.com/api/retail/prices", NULL), 0);
    assert_int_equal(aivm_prices_check_url("http://127.0.0.1:8080/api/retail/prices", NULL), 0);
    assert_int_equal(aivm_prices_check_url("http://localhost/x", NULL), 0);
    assert_int_equal(aivm_prices_check_url("http://prices.azure.com/api", NULL), AIVM_EINVALID);
    assert_int_equal(aivm_prices_check_url("http://127.0.0.1.evil.example/x", NULL), AIVM_EINVALID);
    assert_int_equal(aivm_prices_check_url("ftp://127.0.0.1/x", NULL), AIVM_EINVALID);
    assert_int_equal(aivm_prices_check_url("https://user@host/x", NULL), AIVM_EINVALID);
    u = aivm_prices__query_url("https://prices.azure.com/api/retail/prices", &q, 0);
    assert_string_equal(u, "https://prices.azure.com/api/retail/prices?api-version=2023-01-01-"
                           "preview&currencyCode=%27EUR%27&$filter=serviceName%20eq%20%27Virtual"
                           "%20Machines%27%20and%20armRegionName%20eq%20%27eastus%27%20and%20"
                           "armSkuName%20eq%20%27Standard_NC24ads_A100_v4%27");
    free(u);
    u = aivm_prices__query_url("http://127.0.0.1:9/p", &q, 1000);
    assert_non_null(strstr(u, "&$skip=1000"));
    free(u);
}

static void prices_parse__cache_round_trip_and_corruption(void **state)
{
    aivm_price_query q = {"eastus", "Standard_ND96isr_H100_v5", "USD"};
    aivm_price_items *it = NULL, *back = NULL;
    aivm_cache_meta m, got;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf path = AIVM_BUF_INIT;
    char dir[] = "/tmp/aivm-cache-XXXXXX";
    const char *base = "https://prices.azure.com/api/retail/prices";
    char *next = NULL;
    size_t len;
    char *text = read_file(fixture("prices/zoo_nd96isr_h100_v5.json"), &len);
    FILE *f;
    (void)state;
    assert_non_null(mkdtemp(dir));
    assert_int_equal(aivm_prices__cache_read(&back, &got, dir, base, &q, "u", &err),
                     AIVM_ENOTFOUND);
    aivm_prices__items_new(&it);
    assert_int_equal(aivm_prices__page_add(it, text, len, &next, &err), 0);
    memset(&m, 0, sizeof m);
    strcpy(m.url, "u");
    strcpy(m.fetched_at, "2026-11-29T10:00:00Z");
    m.fetched_epoch = 1795946400;
    m.pages = 5;
    strcpy(m.currency, "USD");
    strcpy(m.region, "eastus");
    strcpy(m.sku, "Standard_ND96isr_H100_v5");
    strcpy(m.api_version, AIVM_PRICES_API_VERSION);
    strcpy(m.tool_version, "0.1.0");
    assert_int_equal(aivm_prices__cache_write(dir, base, &q, it, &m, &err), 0);
    assert_int_equal(aivm_prices__cache_read(&back, &got, dir, base, &q, "u", &err), 0);
    assert_int_equal(aivm_prices__items_count(back), 13);
    assert_int_equal(got.pages, 5);
    assert_string_equal(got.fetched_at, "2026-11-29T10:00:00Z");
    aivm_prices__items_free(back);
    /* another URL (endpoint or query) is not this entry */
    assert_int_equal(aivm_prices__cache_read(&back, &got, dir, base, &q, "v", &err), AIVM_EINVALID);
    assert_null(back);
    /* a torn or edited file is reported, not trusted */
    aivm_prices__cache_path(&path, dir, base, &q);
    f = fopen(path.ptr, "w");
    fputs("{\"aivm_prices_cache\":1,\"Items\":[", f);
    fclose(f);
    assert_int_equal(aivm_prices__cache_read(&back, &got, dir, base, &q, "u", &err), AIVM_ESYNTAX);
    assert_non_null(strstr(err.msg, "corrupt cache entry"));
    unlink(path.ptr);
    aivm_buf_clear(&path);
    aivm_buf_printf(&path, "%s/prices", dir);
    rmdir(path.ptr);
    rmdir(dir);
    aivm_buf_dispose(&path);
    aivm_prices__items_free(it);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prices_parse__zoo_gives_every_model),
        cmocka_unit_test(prices_parse__low_priority_and_devtest_are_never_picked),
        cmocka_unit_test(prices_parse__win_token_is_windows),
        cmocka_unit_test(prices_parse__v7_name_is_linux_and_not_a_second_price),
        cmocka_unit_test(prices_parse__doc_examples),
        cmocka_unit_test(prices_parse__competing_rows_newest_wins),
        cmocka_unit_test(prices_parse__suspect_and_missing_prices_are_unknown),
        cmocka_unit_test(prices_parse__bad_pages_fail),
        cmocka_unit_test(prices_parse__boundary_row_repeated_across_pages_is_a_duplicate),
        cmocka_unit_test(prices_parse__urls),
        cmocka_unit_test(prices_parse__cache_round_trip_and_corruption),
    };
    return cmocka_run_group_tests_name("prices_parse", tests, NULL, NULL);
}
