/*
 * test_refresh.c - the local overlay: series keys and the series table,
 * applying an overlay to the built-in catalog (added sizes, added facts,
 * disagreements kept, not applied), its errors, the age of the catalog, and
 * what a refresh writes from SKU entries.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "aivm/avail.h"
#include "aivm/catalog.h"
#include "aivm/refresh.h"
#include "aivm/util.h"
#include "helpers.h"

static void series_key(void **state)
{
    char k[64];
    (void)state;
    assert_true(aivm_refresh_series_key(k, sizeof k, "Standard_NC40ads_H100_v5"));
    assert_string_equal(k, "NCads_H100_v5");
    assert_true(aivm_refresh_series_key(k, sizeof k, "Standard_ND96isr_H100_v5"));
    assert_string_equal(k, "NDisr_H100_v5");
    assert_false(aivm_refresh_series_key(k, sizeof k, "Standard_LRS"));
}

static void series_table(void **state)
{
    const aivm_catalog *cat = aivm_catalog_builtin();
    const aivm_size *s;
    (void)state;
    s = aivm_refresh_series_gpu(cat, "Standard_NC20ads_H100_v5", 1);
    assert_non_null(s);
    assert_string_equal(aivm_str(&s->gpu_model), "H100");
    assert_true(s->gpu_memory_gb == 94);
    /* a partial A10 takes the memory of the sibling with the same share */
    s = aivm_refresh_series_gpu(cat, "Standard_NV18ads_A10_v5", 0.5);
    assert_non_null(s);
    assert_true(s->gpu_memory_gb == 12);
    /* a share no sibling has, in a series of several memories: unknown */
    assert_null(aivm_refresh_series_gpu(cat, "Standard_NV9ads_A10_v5", 0.25));
    assert_null(aivm_refresh_series_gpu(cat, "Standard_NC48ads_L40S_v6", 1));
}

static const char overlay[] =
    "{\"overlay\": {\"as_of\": \"2027-03-01\"},\n"
    " \"sources\": [{\"id\": \"refresh\", \"title\": \"t\", \"date\": \"2027-03-01\"}],\n"
    " \"sizes\": [{\"name\": \"Standard_NC20ads_H100_v5\", \"series\": \"NCads H100 v5\",\n"
    "   \"family\": \"NC\", \"category\": \"gpu\", \"vcpus\": 20, \"memory_gib\": 160,\n"
    "   \"gpu\": {\"vendor\": \"nvidia\", \"model\": \"H100\", \"count\": 1, \"memory_gb\": 94},\n"
    "   \"hyperv_generations\": [2], \"lifecycle\": {\"status\": \"ga\"},\n"
    "   \"generation_year\": 2023, \"sources\": [\"refresh\"]}],\n"
    " \"changes\": [{\"size\": \"Standard_NC128ds_xl_RTXPRO6000BSE_v6\", \"regions\": "
    "[\"westus3\", \"westus2\"],\n"
    "   \"prices\": {\"westus3\": {\"on_demand\": 9.12}}, \"prices_as_of\": \"2027-02-27\"}],\n"
    " \"disagreements\": [{\"size\": \"Standard_NC40ads_H100_v5\", \"fact\": \"vcpus\",\n"
    "   \"catalog\": \"40\", \"snapshot\": \"48\"}]}\n";

static void apply_overlay(void **state)
{
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_catalog *base = aivm_catalog_builtin();
    const aivm_size *s;
    (void)state;
    assert_int_equal(
        aivm_catalog_overlay_mem(&cat, base, overlay, sizeof overlay - 1, "o.json", &err), 0);
    assert_int_equal(aivm_catalog_size_count(cat), aivm_catalog_size_count(base) + 1);
    s = aivm_catalog_find_size(cat, "standard_nc20ads_h100_v5");
    assert_non_null(s);
    assert_true(s->gpu_precisions != 0); /* from the H100 of gpu_models */
    s = aivm_catalog_find_size(cat, "Standard_NC128ds_xl_RTXPRO6000BSE_v6");
    assert_int_equal(s->regions.n, 3); /* westus2 was there: only westus3 added */
    assert_non_null(aivm_size_price_in(s, "westus3"));
    assert_string_equal(aivm_str(&s->price_as_of), "2027-02-27");
    assert_int_equal(aivm_catalog_find_size(cat, "Standard_NC40ads_H100_v5")->vcpus, 40);
    assert_string_equal(aivm_catalog_overlay_as_of(cat), "2027-03-01");
    assert_string_equal(aivm_catalog_data_as_of(cat), "2027-03-01");
    assert_int_equal(aivm_catalog_overlay_change_count(cat), 4); /* added, regions, prices, 1 */
    assert_int_equal(aivm_catalog_overlay_change_at(cat, 3)->kind, AIVM_OVERLAY_DISAGREES);
    assert_int_equal(aivm_catalog_age_days(cat, "2027-09-01"), 184);
    assert_int_equal(aivm_catalog_age_days(base, "2027-05-30"), 180);
    assert_string_equal(aivm_catalog_prices_as_of(base), "2026-05-20");
    assert_int_equal(aivm_catalog_prices_age_days(base, "2026-12-04"), 198);
    assert_int_equal(aivm_catalog_prices_age_days(base, "2026-05-19"), -1);
    assert_int_equal(aivm_catalog_prices_age_days(base, "not a date"), 0);
    assert_int_equal(aivm_catalog_prices_age_days(cat, "2027-03-01"), 2); /* 2027-02-27 */
    aivm_catalog_free(cat);
}

static void overlay_errors(void **state)
{
    static const char dup[] =
        "{\"overlay\": {\"as_of\": \"2027-03-01\"}, \"sizes\": [{\"name\": "
        "\"Standard_NC40ads_H100_v5\", \"series\": \"x\", \"family\": \"NC\", \"category\": "
        "\"gpu\", \"vcpus\": 1, \"memory_gib\": 1, \"hyperv_generations\": [2], \"unverified\": "
        "true, \"lifecycle\": {\"status\": \"ga\"}, \"generation_year\": 2027}]}";
    static const char unknown[] = "{\"overlay\": {\"as_of\": \"2027-03-01\"}, \"changes\": "
                                  "[{\"size\": \"Standard_NOPE\", \"regions\": [\"x\"]}]}";
    static const char no_date[] = "{\"overlay\": {}}";
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_catalog *base = aivm_catalog_builtin();
    (void)state;
    assert_int_equal(aivm_catalog_overlay_mem(&cat, base, dup, sizeof dup - 1, "o", &err),
                     AIVM_EINVALID);
    assert_null(cat);
    assert_non_null(strstr(err.msg, "is in the catalog"));
    assert_int_equal(aivm_catalog_overlay_mem(&cat, base, unknown, sizeof unknown - 1, "o", &err),
                     AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "does not have"));
    assert_int_equal(err.line, 1);
    assert_int_equal(aivm_catalog_overlay_mem(&cat, base, no_date, sizeof no_date - 1, "o", &err),
                     AIVM_EINVALID);
}

static const char skus[] =
    "[{\"name\": \"Standard_NC20ads_H100_v5\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": \"vCPUs\", \"value\": \"20\"},\n"
    "  {\"name\": \"MemoryGB\", \"value\": \"160\"}, {\"name\": \"GPUs\", \"value\": \"1\"}]},\n"
    " {\"name\": \"Standard_NC48ads_L40S_v6\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": \"vCPUs\", \"value\": \"48\"},\n"
    "  {\"name\": \"MemoryGB\", \"value\": \"384\"}, {\"name\": \"GPUs\", \"value\": \"1\"}]},\n"
    " {\"name\": \"Standard_NC40ads_H100_v5\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": \"vCPUs\", \"value\": \"40\"},\n"
    "  {\"name\": \"RdmaEnabled\", \"value\": \"True\"}]}]\n";

static void build_overlay(void **state)
{
    aivm_avail *av = aivm_avail_new();
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_refresh_summary sum;
    aivm_catalog *cat = NULL;
    const aivm_catalog *base = aivm_catalog_builtin();
    const aivm_size *s;
    aivm_refresh_opts o = {"2027-01-15", NULL, 0, av, NULL, NULL};
    (void)state;
    assert_int_equal(aivm_avail_add_skus_mem(av, skus, sizeof skus - 1, "skus.json", &err), 0);
    assert_int_equal(aivm_refresh_build(&out, &sum, base, &o, &err), 0);
    assert_int_equal(sum.added, 2);
    assert_int_equal(sum.unverified, 1);
    assert_int_equal(sum.disagreements, 1); /* RDMA; 40 vCPUs agree */
    assert_int_equal(aivm_catalog_overlay_mem(&cat, base, out.ptr, out.size, "o", &err), 0);
    s = aivm_catalog_find_size(cat, "Standard_NC20ads_H100_v5");
    assert_false(s->unverified);
    assert_string_equal(aivm_str(&s->gpu_model), "H100");
    assert_string_equal(aivm_str(&s->gpu_interconnect), "pcie");
    s = aivm_catalog_find_size(cat, "Standard_NC48ads_L40S_v6");
    assert_true(s->unverified);
    assert_false(s->has_gpu);
    assert_false(aivm_catalog_find_size(cat, "Standard_NC40ads_H100_v5")->infiniband);
    o.date = "2027-13-01";
    aivm_buf_clear(&out);
    assert_int_equal(aivm_refresh_build(&out, NULL, base, &o, &err), AIVM_EINVALID);
    aivm_catalog_free(cat);
    aivm_buf_dispose(&out);
    aivm_avail_free(av);
}

/* Accelerated networking is compared as the other capabilities are: the
 * catalog's NCv3 "no" (its Microsoft page) against a list's True is a
 * disagreement, an Esv5 size's "yes" (C2) against True is not, and against
 * False is. */
static const char an_skus[] =
    "[{\"name\": \"Standard_NC6s_v3\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": "
    "\"AcceleratedNetworkingEnabled\", \"value\": \"True\"}]},\n"
    " {\"name\": \"Standard_E2s_v5\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": "
    "\"AcceleratedNetworkingEnabled\", \"value\": \"True\"}]},\n"
    " {\"name\": \"Standard_E4s_v5\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": "
    "\"AcceleratedNetworkingEnabled\", \"value\": \"False\"}]},\n"
    " {\"name\": \"Standard_D1_v2\", \"resourceType\": \"virtualMachines\",\n"
    "  \"locations\": [\"eastus\"], \"capabilities\": [{\"name\": "
    "\"AcceleratedNetworkingEnabled\", \"value\": \"True\"}]}]\n";

/* The built-in catalog with the overlay a refresh (dated 2027-01-15) writes
 * from the snapshots docs[0..n); `*sum` gets its summary. Free with
 * aivm_catalog_free(). */
static aivm_catalog *refreshed(const char *const *docs, size_t n, aivm_refresh_summary *sum)
{
    aivm_avail *av = aivm_avail_new();
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_catalog *cat = NULL;
    const aivm_catalog *base = aivm_catalog_builtin();
    aivm_refresh_opts o = {"2027-01-15", NULL, 0, av, NULL, NULL};
    for (size_t i = 0; i < n; i++)
        assert_int_equal(aivm_avail_add_skus_mem(av, docs[i], strlen(docs[i]), "s.json", &err), 0);
    assert_int_equal(aivm_refresh_build(&out, sum, base, &o, &err), 0);
    assert_int_equal(aivm_catalog_overlay_mem(&cat, base, out.ptr, out.size, "o", &err), 0);
    aivm_buf_dispose(&out);
    aivm_avail_free(av);
    return cat;
}

static void accelerated_networking_compared(void **state)
{
    const char *docs[] = {an_skus};
    const aivm_catalog *base = aivm_catalog_builtin();
    const aivm_overlay_change *ch;
    aivm_refresh_summary sum;
    aivm_catalog *cat;
    (void)state;
    assert_true(aivm_catalog_find_size(base, "Standard_E2s_v5")->accelerated_networking);
    assert_false(aivm_catalog_find_size(base, "Standard_NC6s_v3")->accelerated_networking);
    assert_false(aivm_catalog_find_size(base, "Standard_D1_v2")->accelerated_networking_known);
    cat = refreshed(docs, 1, &sum);
    assert_int_equal(sum.disagreements, 3);
    assert_int_equal(aivm_catalog_overlay_change_count(cat), 3);
    /* sorted by size: D1_v2, E4s_v5, then NC6s_v3; the catalog does not document
     * D1_v2's (the Dv2 pages disagree for 1 vCPU): it says so rather than "false" */
    ch = aivm_catalog_overlay_change_at(cat, 0);
    assert_string_equal(ch->size, "Standard_D1_v2");
    assert_string_equal(ch->catalog, "not documented");
    assert_string_equal(ch->overlay, "true");
    ch = aivm_catalog_overlay_change_at(cat, 1);
    assert_int_equal(ch->kind, AIVM_OVERLAY_DISAGREES);
    assert_string_equal(ch->size, "Standard_E4s_v5");
    assert_string_equal(ch->fact, "accelerated_networking");
    assert_string_equal(ch->catalog, "true");
    assert_string_equal(ch->overlay, "false");
    ch = aivm_catalog_overlay_change_at(cat, 2);
    assert_string_equal(ch->size, "Standard_NC6s_v3");
    assert_string_equal(ch->catalog, "false");
    assert_string_equal(ch->overlay, "true");
    assert_true(aivm_catalog_find_size(cat, "Standard_E4s_v5")->accelerated_networking); /* kept */
    aivm_catalog_free(cat);
}

/* Two snapshots of the same region: the new size lists it once. */
static void region_of_two_snapshots_once(void **state)
{
    const char *docs[] = {skus, skus};
    aivm_refresh_summary sum;
    aivm_catalog *cat = refreshed(docs, 2, &sum);
    const aivm_size *s = aivm_catalog_find_size(cat, "Standard_NC20ads_H100_v5");
    (void)state;
    assert_non_null(s);
    assert_int_equal(s->regions.n, 1);
    assert_string_equal(aivm_rlist_at(&s->regions, 0), "eastus");
    aivm_catalog_free(cat);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(series_key),
        cmocka_unit_test(series_table),
        cmocka_unit_test(apply_overlay),
        cmocka_unit_test(overlay_errors),
        cmocka_unit_test(build_overlay),
        cmocka_unit_test(accelerated_networking_compared),
        cmocka_unit_test(region_of_two_snapshots_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
