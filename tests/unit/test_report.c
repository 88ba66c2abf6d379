/* test_report.c - the JSON contract (schema_version 1), the table renderer and the
 * HTML page's escaping and shape. */
#include <cjson/cJSON.h>
#include <string.h>

#include "helpers.h"
#include "report/report_int.h"

typedef struct {
    aivm_catalog *cat;
    aivm_rules *rules;
    aivm_workload wl;
    aivm_advice *adv;
} fx;

static int setup(void **state)
{
    fx *f = test_calloc(1, sizeof *f);
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
    aivm_workload init = AIVM_WORKLOAD_INIT;
    if (aivm_catalog_load_file(&f->cat, fixture("catalog/ok_small.yaml"), &err) < 0)
        return -1;
    f->rules = load_shipped_rules();
    f->wl = init;
    f->wl.phase = AIVM_PHASE_TRAIN;
    f->wl.kind = AIVM_KIND_GENERATIVE;
    f->wl.today = "2026-11-29";
    aivm_workload_finish(&f->wl, &err);
    aivm_advise(&f->adv, f->cat, f->rules, &f->wl, &o, &err);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    aivm_advice_free(f->adv);
    aivm_rules_free(f->rules);
    aivm_catalog_free(f->cat);
    test_free(f);
    return 0;
}

static cJSON *render_json(fx *f)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_render_opts o = AIVM_RENDER_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    cJSON *doc;
    assert_int_equal(aivm_report_json(&b, f->adv, &o, &err), 0);
    assert_true(b.size > 0 && b.ptr[b.size - 1] == '\n');
    doc = cJSON_Parse(b.ptr);
    assert_non_null(doc);
    aivm_buf_dispose(&b);
    return doc;
}

static const cJSON *get(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        fail_msg("missing JSON key '%s'", key);
    return v;
}

static void report__json_has_the_contract_fields(void **state)
{
    fx *f = *state;
    cJSON *doc = render_json(f);
    const cJSON *recs, *r, *gpu, *price, *reason;
    assert_string_equal(get(doc, "schema_version")->valuestring, "1");
    assert_string_equal(get(get(doc, "tool"), "name")->valuestring, "aivm-advise");
    assert_true(cJSON_IsString(get(get(doc, "tool"), "version")));
    assert_string_equal(get(get(doc, "catalog"), "version")->valuestring, "test-1");
    assert_string_equal(get(get(doc, "catalog"), "as_of")->valuestring, "2026-11-29");
    assert_string_equal(get(get(doc, "workload"), "phase")->valuestring, "train");
    assert_string_equal(get(get(doc, "workload"), "kind")->valuestring, "generative");
    assert_string_equal(get(get(doc, "workload"), "model_size")->valuestring, "complex");
    recs = get(doc, "recommendations");
    assert_int_equal(cJSON_GetArraySize(recs), 2); /* ND H100 and NC H100 fit */
    r = cJSON_GetArrayItem(recs, 0);
    assert_int_equal(get(r, "rank")->valueint, 1);
    assert_string_equal(get(r, "sku")->valuestring, "Standard_ND96isr_H100_v5");
    assert_string_equal(get(r, "series")->valuestring, "ND H100 v5");
    assert_string_equal(get(r, "family")->valuestring, "ND");
    assert_string_equal(get(r, "category")->valuestring, "gpu");
    assert_int_equal(get(r, "vcpus")->valueint, 96);
    assert_true(get(r, "memory_gib")->valuedouble == 1900);
    gpu = get(r, "gpu");
    assert_string_equal(get(gpu, "vendor")->valuestring, "nvidia");
    assert_string_equal(get(gpu, "model")->valuestring, "H100");
    assert_int_equal(get(gpu, "count")->valueint, 8);
    assert_int_equal(get(gpu, "memory_gb")->valueint, 80);
    assert_true(cJSON_IsTrue(get(r, "infiniband")));
    assert_string_equal(get(r, "lifecycle")->valuestring, "ga");
    assert_true(cJSON_IsNumber(get(r, "score")));
    price = get(r, "price");
    assert_string_equal(get(price, "source")->valuestring, "catalog");
    assert_string_equal(get(price, "currency")->valuestring, "USD");
    assert_string_equal(get(price, "region")->valuestring, "eastus");
    assert_string_equal(get(price, "os")->valuestring, "linux");
    assert_true(get(price, "on_demand_hourly")->valuedouble == 98.32);
    assert_true(get(price, "spot_hourly")->valuedouble == 18.169536);
    assert_string_equal(get(price, "as_of")->valuestring, "2026-05-20");
    reason = cJSON_GetArrayItem(get(r, "reasons"), 0);
    assert_true(cJSON_IsString(get(reason, "rule")));
    assert_true(cJSON_IsArray(get(reason, "guidance")));
    assert_true(cJSON_IsString(get(reason, "effect")));
    assert_true(cJSON_IsString(get(reason, "message")));
    assert_true(cJSON_IsArray(get(doc, "rejected")));
    r = cJSON_GetArrayItem(get(doc, "rejected"), 0);
    assert_true(cJSON_IsString(get(r, "sku")));
    assert_true(cJSON_IsString(get(r, "rule")));
    assert_true(cJSON_IsString(get(r, "message")));
    assert_true(cJSON_IsArray(get(doc, "warnings")));
    cJSON_Delete(doc);
}

static void report__json_gpu_is_null_for_cpu_and_price_null_when_unknown(void **state)
{
    fx *f = *state;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
    aivm_advice *saved = f->adv;
    aivm_workload saved_wl = f->wl;
    cJSON *doc, *r;
    f->wl.phase = AIVM_PHASE_INFERENCE;
    f->wl.kind = AIVM_KIND_NON_GENERATIVE;
    f->wl.model_size = AIVM_MSIZE_SMALL;
    assert_int_equal(aivm_advise(&f->adv, f->cat, f->rules, &f->wl, &o, &err), 0);
    doc = render_json(f);
    r = cJSON_GetArrayItem(get(doc, "recommendations"), 0);
    assert_string_equal(get(r, "sku")->valuestring, "Standard_F8als_v6");
    assert_true(cJSON_IsNull(get(r, "gpu")));
    assert_string_equal(get(r, "lifecycle")->valuestring, "retiring");
    assert_string_equal(get(get(r, "price"), "source")->valuestring, "none");
    assert_true(cJSON_IsNull(get(get(r, "price"), "on_demand_hourly")));
    assert_true(cJSON_IsNull(get(get(r, "price"), "spot_hourly")));
    /* sizes shown without a price are counted, once, from the advice's own record */
    /* (beside the catalog-stale warning: the fixture's reference prices are old on its today) */
    assert_int_equal(cJSON_GetArraySize(get(doc, "warnings")), 2);
    assert_string_equal(cJSON_GetArrayItem(get(doc, "warning_ids"), 0)->valuestring,
                        "catalog-stale");
    assert_non_null(strstr(cJSON_GetArrayItem(get(doc, "warnings"), 1)->valuestring,
                           "no known on-demand price"));
    assert_true(cJSON_IsNull(get(get(r, "deployment"), "hourly")));
    cJSON_Delete(doc);
    aivm_advice_free(f->adv);
    f->adv = saved;
    f->wl = saved_wl;
}

static void report__table_has_columns_and_no_colour_unless_asked(void **state)
{
    fx *f = *state;
    aivm_buf b = AIVM_BUF_INIT;
    aivm_render_opts o = AIVM_RENDER_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    o.width = 200;
    assert_int_equal(aivm_report_table(&b, f->adv, &o, &err), 0);
    assert_non_null(strstr(b.ptr, "Workload: train, generative, complex model; region eastus"));
    assert_non_null(strstr(b.ptr, "SIZE"));
    assert_non_null(strstr(b.ptr, "USD/HOUR"));
    assert_non_null(strstr(b.ptr, "1   Standard_ND96isr_H100_v5"));
    assert_non_null(strstr(b.ptr, "8x H100 80GB"));
    assert_non_null(strstr(b.ptr, "98.320"));
    assert_non_null(strstr(b.ptr, "ND family: the guidance's first choice"));
    assert_null(strstr(b.ptr, "\033["));
    assert_null(strstr(b.ptr, "Rejected"));
    aivm_buf_clear(&b);
    o.color = true;
    o.explain = true;
    assert_int_equal(aivm_report_table(&b, f->adv, &o, &err), 0);
    assert_non_null(strstr(b.ptr, "\033[1m"));
    assert_non_null(strstr(b.ptr, "Rejected (4)"));
    assert_non_null(strstr(b.ptr, "train-rdma [G11]"));
    aivm_buf_dispose(&b);
}

static void report__output_over_the_cap_is_an_error_not_a_cut_report(void **state)
{
    fx *f = *state;
    aivm_buf b = AIVM_BUF_INIT;
    aivm_render_opts o = AIVM_RENDER_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    b.cap = 200; /* the header fits, the ranking does not */
    assert_int_equal(aivm_report_table(&b, f->adv, &o, &err), AIVM_ELIMIT);
    assert_string_equal(err.msg, "table output too large");
    aivm_buf_dispose(&b);
    b.cap = 200;
    assert_int_equal(aivm_report_json(&b, f->adv, &o, &err), AIVM_ELIMIT);
    assert_string_equal(err.msg, "JSON output too large");
    aivm_buf_dispose(&b);
    assert_int_equal(b.overflow, 0);
}

/* Plan and catalog text becomes HTML text: markup and quotes as entities,
 * control characters made visible, so a hostile address cannot open an element
 * or leave an attribute. */
static void report__html_escapes_markup_quotes_and_controls(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    (void)state;
    aivm_report__html_text(&b, "<img src=\"x\" onerror='y'>&\x1b[31m");
    assert_string_equal(b.ptr, "&lt;img src=&quot;x&quot; onerror=&#39;y&#39;&gt;&amp;\\x1b[31m");
    aivm_report__html_text(&b, NULL);
    assert_int_equal(b.size, strlen(b.ptr));
    aivm_buf_dispose(&b);
}

/* One whole page without script; over the cap it is an error, never a cut page. */
static void report__html_is_one_page_without_script(void **state)
{
    fx *f = *state;
    aivm_buf b = AIVM_BUF_INIT;
    aivm_render_opts o = AIVM_RENDER_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    assert_int_equal(aivm_report_html(&b, f->adv, &o, &err), 0);
    assert_true(strncmp(b.ptr, "<!DOCTYPE html>\n", 16) == 0);
    assert_true(b.size > 8 && strcmp(b.ptr + b.size - 8, "</html>\n") == 0);
    assert_null(strstr(b.ptr, "<script"));
    assert_null(strstr(b.ptr, "src=\"http"));
    assert_non_null(strstr(b.ptr, "<table class=\"ranked\">"));
    aivm_buf_dispose(&b);
    b.cap = 300;
    assert_int_equal(aivm_report_html(&b, f->adv, &o, &err), AIVM_ELIMIT);
    assert_string_equal(err.msg, "HTML output too large");
    aivm_buf_dispose(&b);
}

static int collect(void *ctx, const char *data, size_t len)
{
    aivm_buf *all = ctx;
    assert_true(len > 0);
    return aivm_buf_put(all, data, len);
}

static int refuse(void *ctx, const char *data, size_t len)
{
    (void)data;
    (void)len;
    ++*(int *)ctx;
    return -1;
}

/* A report streamed through a buffer far smaller than itself arrives whole
 * and in order; a failing sink is remembered and flush reports it. */
static void report__streams_through_a_sink(void **state)
{
    fx *f = *state;
    aivm_render_opts o = AIVM_RENDER_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf whole = AIVM_BUF_INIT, b = AIVM_BUF_INIT, all = AIVM_BUF_INIT;
    int calls = 0;
    o.explain = true;
    for (int json = 0; json < 2; json++) {
        assert_int_equal(json ? aivm_report_json(&whole, f->adv, &o, &err)
                              : aivm_report_table(&whole, f->adv, &o, &err),
                         0);
        aivm_buf_set_sink(&b, collect, &all, 64);
        assert_int_equal(json ? aivm_report_json(&b, f->adv, &o, &err)
                              : aivm_report_table(&b, f->adv, &o, &err),
                         0);
        assert_true(b.asize < whole.size / 4); /* it did not hold the report */
        assert_int_equal(aivm_buf_flush(&b), 0);
        assert_int_equal(b.size, 0);
        assert_int_equal(all.size, whole.size);
        assert_string_equal(all.ptr, whole.ptr);
        aivm_buf_dispose(&whole);
        aivm_buf_dispose(&b);
        aivm_buf_dispose(&all);
    }
    aivm_buf_set_sink(&b, refuse, &calls, 64);
    assert_int_equal(aivm_report_json(&b, f->adv, &o, &err), 0);
    assert_true(calls > 0);
    assert_int_equal(b.sink_failed, 1);
    assert_int_equal(aivm_buf_flush(&b), AIVM_EIO);
    aivm_buf_dispose(&b);
    assert_int_equal(b.sink_failed, 0);
    assert_null(b.sink);
}

/* -v: the sources go in as the document's last member, grouped by kind in the
 * order first used, without touching the members before them; the result is
 * byte for byte what cJSON prints for the same tree. */
static void report__sources_are_the_last_member(void **state)
{
    fx *f = *state;
    aivm_buf b = AIVM_BUF_INIT, plain = AIVM_BUF_INIT;
    aivm_render_opts o = AIVM_RENDER_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_run_source s[] = {
        {"config", "none", NULL, NULL, NULL, NULL, -1, "--no-config"},
        {"prices", "cache", "/c/p/x.all.json", "eastus", NULL, "2026-12-01T00:00:00Z", 7200, NULL},
        {"catalog", "built-in", NULL, NULL, NULL, "2026-12-01", -1, "a \"quoted\"\n note"},
        {"prices", "live", "https://example.test/api", NULL, NULL, NULL, -1, NULL},
    };
    cJSON *doc, *src;
    const cJSON *prices;
    char *printed;
    assert_int_equal(aivm_report_json(&b, f->adv, &o, &err), 0);
    assert_int_equal(aivm_report_json(&plain, f->adv, &o, &err), 0);
    assert_int_equal(aivm_report_json_add_sources(&b, s, 4, &err), 0);
    assert_memory_equal(b.ptr, plain.ptr, plain.size - 3); /* all before the closing "\n}\n" */
    doc = cJSON_Parse(b.ptr);
    assert_non_null(doc);
    src = cJSON_GetObjectItemCaseSensitive(doc, "sources");
    assert_ptr_equal(src, cJSON_GetArrayItem(doc, cJSON_GetArraySize(doc) - 1));
    assert_string_equal(src->child->string, "config");
    assert_string_equal(src->child->next->string, "prices"); /* the order first used */
    assert_string_equal(src->child->next->next->string, "catalog");
    prices = get(src, "prices");
    assert_int_equal(cJSON_GetArraySize(prices), 2);
    assert_int_equal((int)get(cJSON_GetArrayItem(prices, 0), "age_s")->valuedouble, 7200);
    assert_null(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(prices, 0), "sku"));
    assert_null(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(prices, 1), "age_s"));
    assert_string_equal(get(cJSON_GetArrayItem(get(src, "catalog"), 0), "note")->valuestring,
                        "a \"quoted\"\n note");
    printed = cJSON_Print(doc); /* the writer's format is cJSON's */
    assert_non_null(printed);
    assert_int_equal(strlen(printed) + 1, b.size); /* and the document's newline */
    assert_memory_equal(printed, b.ptr, b.size - 1);
    cJSON_free(printed);
    cJSON_Delete(doc);
    aivm_buf_clear(&b);
    aivm_buf_puts(&b, "not a document\n");
    assert_int_equal(aivm_report_json_add_sources(&b, s, 4, &err), AIVM_ERROR);
    aivm_buf_dispose(&b);
    aivm_buf_dispose(&plain);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(report__json_has_the_contract_fields),
        cmocka_unit_test(report__json_gpu_is_null_for_cpu_and_price_null_when_unknown),
        cmocka_unit_test(report__table_has_columns_and_no_colour_unless_asked),
        cmocka_unit_test(report__output_over_the_cap_is_an_error_not_a_cut_report),
        cmocka_unit_test(report__streams_through_a_sink),
        cmocka_unit_test(report__html_escapes_markup_quotes_and_controls),
        cmocka_unit_test(report__html_is_one_page_without_script),
        cmocka_unit_test(report__sources_are_the_last_member),
    };
    return cmocka_run_group_tests_name("report", tests, setup, teardown);
}
