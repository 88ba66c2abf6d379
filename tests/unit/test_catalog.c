/* test_catalog.c - loading, validating and reading catalogs. */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

static void catalog__small_fixture_loads(void **state)
{
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *s;
    (void)state;
    assert_int_equal(aivm_catalog_load_file(&cat, fixture("catalog/ok_small.yaml"), &err), 0);
    assert_string_equal(aivm_catalog_version(cat), "test-1");
    assert_int_equal(aivm_catalog_size_count(cat), 6);
    s = aivm_catalog_find_size(cat, "standard_nd96isr_h100_v5");
    assert_non_null(s);
    assert_string_equal(aivm_str(&s->name), "Standard_ND96isr_H100_v5");
    assert_true(s->has_gpu);
    assert_true(s->infiniband);
    assert_true(s->gpu_count == 8);
    assert_string_equal(aivm_str(&s->gpu_interconnect), "nvlink");
    assert_int_equal(s->hyperv_generations, 1u << 2);
    assert_int_equal(s->loc.line, 14);
    assert_non_null(aivm_size_price_in(s, "EastUS"));
    assert_null(aivm_size_price_in(s, "westeurope"));
    {
        const aivm_region_price *p = aivm_size_price_for(s, NULL, NULL); /* the reference */
        assert_non_null(p);
        assert_true(aivm_size_gpu_hour_price(s, p) == p->on_demand / 8);
        assert_true(aivm_size_gpu_hour_price(s, NULL) == 0);
    }
    s = aivm_catalog_find_size(cat, "Standard_NV6ads_A10_v5");
    assert_true(s->gpu_count < 1);
    assert_false(s->has_price);
    assert_null(aivm_size_price_for(s, NULL, NULL));
    s = aivm_catalog_find_size(cat, "Standard_E8as_v6");
    assert_false(s->has_gpu);
    assert_true(aivm_size_gpu_hour_price(s, aivm_size_price_for(s, NULL, NULL)) == 0);
    assert_int_equal(s->category, AIVM_CAT_CPU_MEMORY);
    assert_null(aivm_catalog_find_size(cat, "Standard_Nope"));
    aivm_catalog_free(cat);
}

static void catalog__shipped_catalog_holds_the_facts(void **state)
{
    aivm_catalog *cat = load_shipped_catalog();
    const aivm_size *s;
    const aivm_region_price *p;
    size_t fam[8] = {0};
    const char *ids[] = {"ND", "NC", "NV", "NG", "E", "M", "F", "FX"};
    (void)state;
    assert_int_equal(strlen(aivm_catalog_as_of(cat)), 10);
    for (size_t i = 0; i < aivm_catalog_size_count(cat); i++) {
        s = aivm_catalog_size_at(cat, i);
        for (size_t j = 0; j < 8; j++)
            if (strcmp(aivm_str(&s->family), ids[j]) == 0)
                fam[j]++;
        /* Honest prices: never zero, spot below on-demand. */
        for (size_t k = 0; k < s->n_prices; k++) {
            assert_true(aivm_size_prices(s)[k].on_demand > 0);
            /* priced in a region Azure has (the price generator keeps every region) */
            assert_non_null(
                aivm_catalog_find_region(cat, aivm_str(&aivm_size_prices(s)[k].region)));
            if (aivm_size_prices(s)[k].has_spot)
                assert_true(aivm_size_prices(s)[k].spot < aivm_size_prices(s)[k].on_demand);
        }
        if (s->category == AIVM_CAT_GPU)
            assert_true(s->has_gpu);
        assert_true(s->sources.n > 0);
    }
    for (size_t j = 0; j < 8; j++)
        assert_true(fam[j] > 0);
    for (size_t i = 0; i < aivm_catalog_family_count(cat); i++) {
        const aivm_family *f = aivm_catalog_family_at(cat, i);
        assert_true(f->sources.n > 0);
        assert_non_null(f->as_of);
    }
    /* Every Arm64 (Grace) size has an Arm64 image that boots its generation;
     * every image names its architecture. */
    for (size_t i = 0; i < aivm_catalog_size_count(cat); i++) {
        const aivm_size *z = aivm_catalog_size_at(cat, i);
        bool found = false;
        if (strcmp(aivm_str(&z->cpu_arch), "arm64") != 0)
            continue;
        for (size_t k = 0; k < aivm_catalog_image_count(cat); k++) {
            const aivm_image *m = aivm_catalog_image_at(cat, k);
            found = found || (strcmp(m->cpu_arch, "arm64") == 0 &&
                              (m->hyperv_generations & z->hyperv_generations) != 0);
        }
        if (!found)
            fail_msg("no Arm64 image for %s", aivm_str(&z->name));
    }
    for (size_t k = 0; k < aivm_catalog_image_count(cat); k++)
        assert_non_null(aivm_catalog_image_at(cat, k)->cpu_arch);
    /* Spot-checks against shared/reference/catalog-facts.md. */
    s = aivm_catalog_find_size(cat, "Standard_ND96isr_H100_v5");
    assert_non_null(s);
    assert_true(s->gpu_count == 8 && s->gpu_memory_gb == 80);
    assert_true(s->infiniband && s->infiniband_gbps == 3200);
    assert_true(s->memory_gib == 1900);
    p = aivm_size_price_in(s, "eastus");
    assert_non_null(p);
    assert_true(p->on_demand == 98.32);
    s = aivm_catalog_find_size(cat, "Standard_ND96amsr_A100_v4");
    assert_true(s->memory_gib == 1900); /* the docs' value, not the price feed's 1800 */
    s = aivm_catalog_find_size(cat, "Standard_ND96isr_H200_v5");
    assert_false(aivm_size_price_in(s, aivm_str(&s->price_reference_region))->has_spot);
    s = aivm_catalog_find_size(cat, "Standard_NC6s_v3");
    assert_int_equal(s->lifecycle, AIVM_LC_RETIRED);
    assert_string_equal(aivm_str(&s->lifecycle_date), "2025-09-30");
    s = aivm_catalog_find_size(cat, "Standard_NV6ads_A10_v5");
    assert_true(s->gpu_count > 0.16 && s->gpu_count < 0.17);
    s = aivm_catalog_find_size(cat, "Standard_NC40ads_H100_v5");
    assert_false(s->infiniband);
    assert_int_equal(s->category, AIVM_CAT_GPU);
    s = aivm_catalog_find_size(cat, "Standard_F8als_v6");
    assert_int_equal(s->category, AIVM_CAT_CPU_COMPUTE);
    /* accelerated networking: stated from a source, or not documented (never "no") */
    assert_true(s->accelerated_networking_known && s->accelerated_networking);
    s = aivm_catalog_find_size(cat, "Standard_NV6"); /* the retired NV page: not supported */
    assert_true(s->accelerated_networking_known && !s->accelerated_networking);
    s = aivm_catalog_find_size(cat,
                               "Standard_NV6s_v2"); /* the previous-generation page is silent */
    assert_true(!s->accelerated_networking_known && !s->accelerated_networking);
    assert_true(aivm_catalog_image_count(cat) > 0);
    assert_true(aivm_catalog_orchestrator_count(cat) >= 4);
    assert_true(aivm_catalog_container_tool_count(cat) > 0);
    aivm_catalog_free(cat);
}

typedef struct {
    const char *name;
    const char *yaml;
    int code;
    unsigned line, col;
    const char *msg;
} bad_case;

#define HDR                                                                                        \
    "catalog: {version: '1', as_of: '2026-01-01'}\n"                                               \
    "sources: [{id: S}]\n"                                                                         \
    "families: [{id: ND, name: ND, category: gpu, sources: [S], as_of: '2026-01-01'}]\n"
#define SIZE_OK                                                                                    \
    "  - name: Standard_X\n    series: X\n    family: ND\n    category: gpu\n"                     \
    "    vcpus: 8\n    memory_gib: 64\n"                                                           \
    "    gpu: {vendor: nvidia, model: H100, count: 1, memory_gb: 80}\n"                            \
    "    hyperv_generations: [2]\n    lifecycle: {status: ga}\n"                                   \
    "    generation_year: 2023\n"

static const bad_case bad[] = {
    {"empty", "", AIVM_EINVALID, 1, 1, "empty catalog"},
    {"syntax", "catalog: [\n", AIVM_ESYNTAX, 2, 1,
     "did not find expected node content while parsing a flow node"},
    {"no sizes", "catalog: {version: '1', as_of: '2026-01-01'}\n", AIVM_EINVALID, 1, 1,
     "missing key 'sizes' in the catalog's top level"},
    {"unknown top key", HDR "sizes: []\nextra: 1\n", AIVM_EINVALID, 5, 1,
     "unknown key 'extra' in the catalog's top level"},
    {"bad as_of", "catalog: {version: '1', as_of: 'soon'}\nsizes: []\n", AIVM_EINVALID, 1, 32,
     "key 'as_of' in the catalog header: expected a date YYYY-MM-DD, found 'soon'"},
    {"unknown size key", HDR "sizes:\n" SIZE_OK "    gpu_mem: 3\n", AIVM_EINVALID, 15, 5,
     "unknown key 'gpu_mem' in size 'Standard_X'"},
    {"wrong type", HDR "sizes:\n" SIZE_OK "    infiniband: maybe\n", AIVM_EINVALID, 15, 17,
     "key 'infiniband' in size 'Standard_X': expected true or false, found 'maybe'"},
    {"quoted number", HDR "sizes:\n" SIZE_OK "    infiniband_gbps: '100'\n", AIVM_EINVALID, 15, 22,
     "key 'infiniband_gbps' in size 'Standard_X': expected a number, found '100'"},
    {"duplicate size", HDR "sizes:\n" SIZE_OK SIZE_OK, AIVM_EINVALID, 15, 5,
     "duplicate size 'Standard_X'"},
    {"unknown family",
     HDR "sizes:\n  - name: Y\n    series: Y\n    family: NZ\n"
         "    category: gpu\n    vcpus: 1\n    memory_gib: 1\n"
         "    hyperv_generations: [2]\n    lifecycle: {status: ga}\n"
         "    generation_year: 2020\n",
     AIVM_EINVALID, 7, 13, "unknown family 'NZ' in size 'Y'"},
    {"gpu size without gpu",
     HDR "sizes:\n  - name: Y\n    series: Y\n    family: ND\n"
         "    category: gpu\n    vcpus: 1\n    memory_gib: 1\n"
         "    hyperv_generations: [2]\n    lifecycle: {status: ga}\n"
         "    generation_year: 2020\n",
     AIVM_EINVALID, 5, 5, "size 'Y': a gpu size needs 'gpu'"},
    {"bad lifecycle", HDR "sizes:\n" SIZE_OK "    lifecycle: {status: gone}\n", AIVM_EINVALID, 15,
     5, "duplicate key 'lifecycle'"},
    {"retired without date",
     HDR "sizes:\n  - name: Y\n    series: Y\n    family: ND\n    category: gpu\n"
         "    vcpus: 1\n    memory_gib: 1\n"
         "    gpu: {vendor: nvidia, model: K80, count: 1, memory_gb: 12}\n"
         "    hyperv_generations: [1]\n    lifecycle: {status: retired}\n"
         "    generation_year: 2016\n",
     AIVM_EINVALID, 13, 16, "lifecycle of size 'Y': a retired size needs a date"},
    {"zero price",
     HDR "sizes:\n" SIZE_OK "    price: {currency: USD, as_of: '2026-01-01', source: S,\n"
         "            reference_region: eastus, regions: {eastus: {on_demand: 0}}}\n",
     AIVM_EINVALID, 16, 69,
     "region 'eastus' in price of size 'Standard_X': on_demand must be positive (a missing "
     "price is no price)"},
    {"unknown source", HDR "sizes:\n" SIZE_OK "    sources: [S, Q]\n", AIVM_EINVALID, 15, 18,
     "unknown source 'Q' in size 'Standard_X'"},
    {"image arch",
     HDR "sizes: []\nimages:\n  - {id: i, name: i, kind: platform, os: linux, cpu_arch: aarch64,\n"
         "     publisher: p, offer: o, sku: s, version: v, hyperv_generations: [2],\n"
         "     sources: [S], as_of: '2026-01-01'}\n",
     AIVM_EINVALID, 6, 59,
     "key 'cpu_arch' in image 'i': invalid value 'aarch64' (expected x86_64 or arm64)"},
    {"image source",
     HDR "sizes: []\nimages:\n  - {id: i, name: i, kind: platform, os: linux, cpu_arch: arm64,\n"
         "     publisher: p, offer: o, sku: s, version: v, hyperv_generations: [2],\n"
         "     sources: [S, 'http://x.example/i'], as_of: '2026-01-01'}\n",
     AIVM_EINVALID, 8, 19,
     "unknown source 'http://x.example/i' in image 'i' (a source id or an https URL)"},
    {"alias", HDR "sizes: &a []\nimages: *a\n", AIVM_EINVALID, 5, 9,
     "YAML aliases are not supported"},
};

static void catalog__bad_input_is_reported_with_position(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aivm_catalog *cat = (aivm_catalog *)&cat;
        aivm_error err = AIVM_ERROR_INIT;
        int rc = load_catalog_text(&cat, bad[i].yaml, &err);
        if (rc != bad[i].code || err.line != bad[i].line || err.col != bad[i].col ||
            strcmp(err.msg, bad[i].msg) != 0)
            fail_msg("case '%s': got %d %u:%u '%s'", bad[i].name, rc, err.line, err.col, err.msg);
        assert_null(cat);
        assert_string_equal(err.file, "t.yaml");
    }
}

static void catalog__missing_file_is_not_found(void **state)
{
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_catalog_load_file(&cat, "/nonexistent/c.yaml", &err), AIVM_ENOTFOUND);
    assert_string_equal(err.msg, "cannot open '/nonexistent/c.yaml': No such file or directory");
}

static void catalog__lifecycle_is_judged_on_a_date(void **state)
{
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *f;
    (void)state;
    assert_int_equal(aivm_catalog_load_file(&cat, fixture("catalog/ok_small.yaml"), &err), 0);
    f = aivm_catalog_find_size(cat, "Standard_F8als_v6");
    assert_int_equal(aivm_size_lifecycle_on(f, "2026-11-29"), AIVM_LC_RETIRING);
    assert_int_equal(aivm_size_lifecycle_on(f, "2027-01-31"), AIVM_LC_RETIRED);
    assert_int_equal(aivm_size_lifecycle_on(f, NULL), AIVM_LC_RETIRING);
    aivm_catalog_free(cat);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalog__small_fixture_loads),
        cmocka_unit_test(catalog__shipped_catalog_holds_the_facts),
        cmocka_unit_test(catalog__bad_input_is_reported_with_position),
        cmocka_unit_test(catalog__missing_file_is_not_found),
        cmocka_unit_test(catalog__lifecycle_is_judged_on_a_date),
    };
    return cmocka_run_group_tests_name("catalog", tests, NULL, NULL);
}
