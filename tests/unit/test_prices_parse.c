/* test_prices_parse.c - classification of Retail Prices API rows from canned
 * pages (tests/fixtures/prices), page envelopes, URLs and the cache. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aivm/prices.h"
#include "helpers.h"
#include "prices/prices_int.h"

#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

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
    /* below the floor (AIVM_PRICE_FLOOR): a size would rank first at $0 */
    for (int i = 0; i < 2; i++) {
        s = load(i ? "denormal_price.json" : "tiny_price.json", "eastus",
                 "Standard_NC24ads_A100_v4");
        assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
        assert_int_equal(count_excluded(s, "price out of range"), 1);
        aivm_price_set_free(s);
    }
    s = load("infinite_price.json", "eastus", "Standard_NC24ads_A100_v4"); /* 1e400 = inf */
    assert_true(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND) < 0);
    assert_int_equal(count_excluded(s, "price out of range"), 1);
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
    {
        /* a quote in a value cannot close the literal and add a clause (OData '') */
        aivm_price_query evil = {"eastus' or armRegionName ne 'x", "S", "USD"};
        u = aivm_prices__query_url("http://127.0.0.1:9/p", &evil, 0);
        assert_non_null(strstr(u, "armRegionName%20eq%20%27eastus%27%27%20or%20armRegionName%20ne"
                                  "%20%27%27x%27%20and"));
        free(u);
    }
    assert_int_equal(aivm_prices_check_url("HTTPS://prices.azure.com/api/retail/prices", NULL), 0);
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

/* A copy in an exact-size heap block, so ASan sees any read past the end. */
static int parse_exact(aivm_price_set **out, const char *text, size_t len,
                       const aivm_price_query *q, aivm_error *err)
{
    char *copy = malloc(len ? len : 1);
    int rc;
    memcpy(copy, text, len);
    rc = aivm_prices_parse_mem(out, copy, len, q, err);
    free(copy);
    return rc;
}

static void prices_parse__truncated_at_every_offset_fails(void **state)
{
    static const char *files[] = {"prices/doc_examples.json", "prices/competing_rows.json"};
    aivm_price_query q = {"eastus", "Standard_NC24ads_A100_v4", "USD"};
    (void)state;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len, end;
        char *text = read_file(fixture(files[f]), &len);
        for (end = len; end > 0 && strchr(" \n\r\t", text[end - 1]); end--)
            ;
        for (size_t cut = 0; cut < end; cut++) {
            aivm_price_set *s = NULL;
            aivm_price_items *it = NULL;
            aivm_cache_meta m;
            aivm_error err = AIVM_ERROR_INIT;
            char *next = NULL, *copy = malloc(cut ? cut : 1);
            memcpy(copy, text, cut);
            if (parse_exact(&s, text, cut, &q, &err) != AIVM_ESYNTAX || s)
                fail_msg("%s cut at %zu: not a syntax error", files[f], cut);
            if (!strstr(err.msg, "not valid JSON (byte"))
                fail_msg("%s cut at %zu: '%s'", files[f], cut, err.msg);
            aivm_prices__items_new(&it);
            assert_int_equal(aivm_prices__page_add(it, copy, cut, &next, &err), AIVM_ESYNTAX);
            assert_int_equal(aivm_prices__items_count(it), 0);
            assert_null(next);
            aivm_prices__items_free(it);
            assert_int_equal(aivm_prices__cache_parse(&it, &m, copy, cut, &err), AIVM_ESYNTAX);
            assert_null(it);
            free(copy);
        }
        free(text);
    }
}

#define ITEM(sku, product, skuname, price)                                                         \
    "{\"currencyCode\":\"USD\",\"tierMinimumUnits\":0.0,\"retailPrice\":" price                    \
    ",\"armRegionName\":\"eastus\",\"effectiveStartDate\":\"2024-06-01T00:00:00Z\","               \
    "\"meterId\":\"m-" skuname "\",\"meterName\":\"" skuname "\",\"productName\":\"" product       \
    "\",\"skuName\":\"" skuname "\",\"serviceName\":\"Virtual Machines\","                         \
    "\"unitOfMeasure\":\"1 Hour\",\"type\":\"Consumption\",\"armSkuName\":\"" sku "\"}"

static void prices_parse__escaped_fields_classify_like_plain_ones(void **state)
{
    /* "Virtual Machines", "Windows" and the size written with \u escapes */
    static const char page[] = "{\"Items\":[" ITEM(
        "Standard_D2s_v3", "Virtual\\u0020Machines DSv3 Series \\u0057indows", "D2s v3",
        "0.5") "," ITEM("Standard\\u005fD2s_v3", "Virtual Machines DSv3 Series", "D2s v3",
                        "0.25") "],\"Count\":2,\"NextPageLink\":null}";
    aivm_price_query q = {"eastus", "Standard_D2s_v3", "USD"};
    aivm_price_set *s = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse_exact(&s, page, strlen(page), &q, &err), 0);
    assert_int_equal(aivm_price_set_count(s), 2);
    assert_near(price_of(s, AIVM_OS_WINDOWS, AIVM_PRICING_ON_DEMAND), 0.5, 1e-12);
    assert_near(price_of(s, AIVM_OS_LINUX, AIVM_PRICING_ON_DEMAND), 0.25, 1e-12);
    assert_string_equal(aivm_price_set_row(s, 0)->product_name,
                        "Virtual Machines DSv3 Series Windows");
    aivm_price_set_free(s);
}

static void prices_parse__first_of_duplicate_keys_wins(void **state)
{
    static const char page[] =
        "{\"Count\":1,\"Items\":[{\"retailPrice\":2,\"retailPrice\":9,\"unitPrice\":7,"
        "\"currencyCode\":\"USD\",\"armRegionName\":\"eastus\",\"unitOfMeasure\":\"1 Hour\","
        "\"productName\":\"Virtual Machines X Series\",\"productName\":\"Cloud Services\","
        "\"serviceName\":1,\"serviceName\":\"Virtual Machines\",\"type\":\"Consumption\","
        "\"armSkuName\":\"Standard_X\"}],\"Count\":5,\"Items\":{}}";
    aivm_price_query q = {"eastus", "Standard_X", "USD"};
    aivm_price_set *s = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse_exact(&s, page, strlen(page), &q, &err), 0);
    assert_int_equal(aivm_price_set_count(s), 1);
    assert_true(aivm_price_set_row(s, 0)->price == 2);
    /* the first serviceName is not a string: as if absent */
    assert_string_equal(aivm_price_set_row(s, 0)->excluded, "not a Virtual Machines meter");
    aivm_price_set_free(s);
}

static void prices_parse__deep_nesting_is_a_syntax_error(void **state)
{
    aivm_price_query q = {"eastus", "Standard_X", "USD"};
    aivm_buf page = AIVM_BUF_INIT;
    aivm_price_set *s = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    for (int depth = 996; depth <= 999; depth++) { /* envelope, Items and the item: 3 more */
        aivm_buf_clear(&page);
        aivm_buf_puts(&page, "{\"Count\":1,\"Items\":[{\"extra\":");
        for (int i = 0; i < depth; i++)
            aivm_buf_puts(&page, "[");
        for (int i = 0; i < depth; i++)
            aivm_buf_puts(&page, "]");
        aivm_buf_puts(&page, "}]}");
        if (depth <= 997) {
            assert_int_equal(parse_exact(&s, page.ptr, page.size, &q, &err), 0);
            assert_int_equal(aivm_price_set_items(s), 1);
            aivm_price_set_free(s);
        } else {
            assert_int_equal(parse_exact(&s, page.ptr, page.size, &q, &err), AIVM_ESYNTAX);
            assert_non_null(strstr(err.msg, "nested deeper than 1000 levels"));
        }
    }
    aivm_buf_dispose(&page);
}

static void prices_parse__every_size_of_a_region(void **state)
{
    /* two sizes, each with its own on-demand price: no competition between them */
    static const char page[] =
        "{\"Items\":[" ITEM("Standard_A", "Virtual Machines A Series", "A", "1.0") "," ITEM(
            "Standard_B", "Virtual Machines B Series", "B",
            "2.0") "," ITEM("standard_a",
                            "Virtual Machines A "
                            "Series",
                            "A",
                            "1.0") "," ITEM("", "Virtual Machines", "none", "3.0") "],\"Count\":4}";
    aivm_price_query q = {"eastus", NULL, "USD"};
    aivm_price_set *s = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse_exact(&s, page, strlen(page), &q, &err), 0);
    assert_int_equal(aivm_price_set_items(s), 4);
    assert_int_equal(aivm_price_set_count(s), 3); /* the item without a size is not a VM row */
    assert_null(aivm_price_set_row(s, 0)->excluded);
    assert_null(aivm_price_set_row(s, 1)->excluded);
    /* a size matches ignoring case, as the query does */
    assert_string_equal(aivm_price_set_row(s, 2)->excluded, "duplicate row");
    aivm_price_set_free(s);
}

static void prices_parse__cache_keeps_the_items_bytes(void **state)
{
    static const char page[] =
        "{\"Items\":[ {\"a\" : \"caf\\u00e9\", \"n\": 1.50} ,[],7],\"Count\":3,"
        "\"NextPageLink\":\"https://x/?$skip=3\"}";
    aivm_price_items *it = NULL, *back = NULL;
    aivm_cache_meta m, got;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf doc = AIVM_BUF_INIT;
    char *next = NULL;
    (void)state;
    memset(&m, 0, sizeof m);
    strcpy(m.url, "https://x/?q=\"quoted\"\\");
    strcpy(m.currency, "USD");
    aivm_prices__items_new(&it);
    assert_int_equal(aivm_prices__page_add(it, page, strlen(page), &next, &err), 0);
    assert_string_equal(next, "https://x/?$skip=3");
    free(next);
    /* a bad page after a good one adds nothing */
    assert_int_equal(aivm_prices__page_add(it, page, strlen(page) - 1, &next, &err), AIVM_ESYNTAX);
    assert_int_equal(aivm_prices__items_count(it), 3);
    assert_int_equal(aivm_prices__cache_render(&doc, it, &m, &err), 0);
    assert_non_null(strstr(doc.ptr, "\"Items\":[{\"a\" : \"caf\\u00e9\", \"n\": 1.50},[],7]}"));
    assert_int_equal(aivm_prices__cache_parse(&back, &got, doc.ptr, doc.size, &err), 0);
    assert_string_equal(got.url, m.url);
    assert_int_equal(got.count, 3);
    assert_int_equal(aivm_prices__items_count(back), 3);
    aivm_prices__items_free(back);
    back = NULL;
    /* hand-edited numbers out of range are a corrupt entry, not a cast out of range */
    {
        static const char *const bad[][2] = {
            {"\"fetched_epoch\":0", "\"fetched_epoch\":1e300"},
            {"\"fetched_epoch\":0", "\"fetched_epoch\":1e400"},
            {"\"fetched_epoch\":0", "\"fetched_epoch\":-1e19"},
            {"\"fetched_epoch\":0", "\"fetched_epoch\":1.5"},
            {"\"pages\":0", "\"pages\":-1"},
            {"\"pages\":0", "\"pages\":4294967296"},
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            aivm_buf edit = AIVM_BUF_INIT;
            const char *at = strstr(doc.ptr, bad[i][0]);
            assert_non_null(at);
            aivm_buf_put(&edit, doc.ptr, (size_t)(at - doc.ptr));
            aivm_buf_puts(&edit, bad[i][1]);
            aivm_buf_puts(&edit, at + strlen(bad[i][0]));
            assert_int_equal(aivm_prices__cache_parse(&back, &got, edit.ptr, edit.size, &err),
                             AIVM_EINVALID);
            assert_null(back);
            aivm_buf_dispose(&edit);
        }
    }
    aivm_prices__items_free(it);
    aivm_buf_dispose(&doc);
    free(next);
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
        cmocka_unit_test(prices_parse__truncated_at_every_offset_fails),
        cmocka_unit_test(prices_parse__escaped_fields_classify_like_plain_ones),
        cmocka_unit_test(prices_parse__first_of_duplicate_keys_wins),
        cmocka_unit_test(prices_parse__deep_nesting_is_a_syntax_error),
        cmocka_unit_test(prices_parse__every_size_of_a_region),
        cmocka_unit_test(prices_parse__cache_keeps_the_items_bytes),
    };
    return cmocka_run_group_tests_name("prices_parse", tests, NULL, NULL);
}
