/* test_catalog_builtin.c - the compiled-in catalog (catalog_gen.c, built by
 * aivm-gen) holds exactly what the YAML loader reads from data/catalog.yaml. */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "helpers.h"

static void same_str(const char *a, const char *b, const char *what, const char *who)
{
    if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0))
        fail_msg("%s of %s: '%s' vs '%s'", what, who, a ? a : "(null)", b ? b : "(null)");
}

static void same_list(const aivm_strlist *a, const aivm_strlist *b, const char *what,
                      const char *who)
{
    if (a->n != b->n)
        fail_msg("%s of %s: %zu vs %zu items", what, who, a->n, b->n);
    for (size_t i = 0; i < a->n; i++)
        same_str(a->items[i], b->items[i], what, who);
}

static void same_rlist(const aivm_rlist *a, const aivm_rlist *b, const char *what, const char *who)
{
    if (a->n != b->n)
        fail_msg("%s of %s: %zu vs %zu items", what, who, a->n, b->n);
    for (size_t i = 0; i < a->n; i++)
        same_str(aivm_rlist_at(a, i), aivm_rlist_at(b, i), what, who);
}

static void same_size(const aivm_size *a, const aivm_size *b)
{
    const char *w = aivm_str(&a->name);
    same_str(aivm_str(&a->name), aivm_str(&b->name), "name", w);
    same_str(aivm_str(&a->series), aivm_str(&b->series), "series", w);
    same_str(aivm_str(&a->family), aivm_str(&b->family), "family", w);
    assert_int_equal(a->category, b->category);
    assert_int_equal(a->vcpus, b->vcpus);
    assert_true(a->memory_gib == b->memory_gib);
    assert_int_equal(a->has_gpu, b->has_gpu);
    same_str(aivm_str(&a->gpu_vendor), aivm_str(&b->gpu_vendor), "gpu_vendor", w);
    same_str(aivm_str(&a->gpu_model), aivm_str(&b->gpu_model), "gpu_model", w);
    assert_true(a->gpu_count == b->gpu_count);
    assert_true(a->gpu_memory_gb == b->gpu_memory_gb);
    same_str(aivm_str(&a->gpu_interconnect), aivm_str(&b->gpu_interconnect), "gpu_interconnect", w);
    same_str(aivm_str(&a->gpu_interconnect_detail), aivm_str(&b->gpu_interconnect_detail), "detail",
             w);
    assert_int_equal(a->infiniband, b->infiniband);
    assert_true(a->infiniband_gbps == b->infiniband_gbps);
    assert_int_equal(a->accelerated_networking, b->accelerated_networking);
    assert_int_equal(a->accelerated_networking_known, b->accelerated_networking_known);
    assert_int_equal(a->hyperv_generations, b->hyperv_generations);
    same_str(aivm_str(&a->cpu), aivm_str(&b->cpu), "cpu", w);
    same_str(aivm_str(&a->cpu_arch), aivm_str(&b->cpu_arch), "cpu_arch", w);
    assert_int_equal(a->confidential, b->confidential);
    assert_int_equal(a->lifecycle, b->lifecycle);
    same_str(aivm_str(&a->lifecycle_date), aivm_str(&b->lifecycle_date), "lifecycle_date", w);
    same_str(aivm_str(&a->lifecycle_note), aivm_str(&b->lifecycle_note), "lifecycle_note", w);
    assert_int_equal(a->generation_year, b->generation_year);
    same_rlist(&a->regions, &b->regions, "regions", w);
    same_rlist(&a->os, &b->os, "os", w);
    assert_int_equal(a->gpu_precisions, b->gpu_precisions);
    assert_int_equal(a->unverified, b->unverified);
    assert_int_equal(a->has_price, b->has_price);
    same_str(aivm_str(&a->price_currency), aivm_str(&b->price_currency), "price_currency", w);
    same_str(aivm_str(&a->price_as_of), aivm_str(&b->price_as_of), "price_as_of", w);
    same_str(aivm_str(&a->price_source), aivm_str(&b->price_source), "price_source", w);
    same_str(aivm_str(&a->price_reference_region), aivm_str(&b->price_reference_region),
             "reference_region", w);
    const aivm_region_price *pa = aivm_size_prices(a), *pb = aivm_size_prices(b);
    assert_int_equal(a->n_prices, b->n_prices);
    for (size_t k = 0; k < a->n_prices; k++) {
        same_str(aivm_str(&pa[k].region), aivm_str(&pb[k].region), "price region", w);
        assert_true(pa[k].on_demand == pb[k].on_demand);
        assert_int_equal(pa[k].has_spot, pb[k].has_spot);
        if (pa[k].has_spot)
            assert_true(pa[k].spot == pb[k].spot);
    }
    same_rlist(&a->sources, &b->sources, "sources", w);
    same_rlist(&a->notes, &b->notes, "notes", w);
    assert_int_equal(a->loc.line, b->loc.line);
    assert_int_equal(a->loc.col, b->loc.col);
}

static void catalog_builtin__matches_the_yaml(void **state)
{
    aivm_catalog *yaml = load_shipped_catalog();
    const aivm_catalog *bin = aivm_catalog_builtin();
    (void)state;
    same_str(aivm_catalog_version(yaml), aivm_catalog_version(bin), "version", "catalog");
    same_str(aivm_catalog_as_of(yaml), aivm_catalog_as_of(bin), "as_of", "catalog");
    assert_int_equal(aivm_catalog_size_count(yaml), aivm_catalog_size_count(bin));
    for (size_t i = 0; i < aivm_catalog_size_count(yaml); i++) {
        const aivm_size *a = aivm_catalog_size_at(yaml, i);
        same_size(a, aivm_catalog_size_at(bin, i));
        /* the name index works on the compiled copy too */
        assert_ptr_equal(aivm_catalog_find_size(bin, aivm_str(&a->name)),
                         aivm_catalog_size_at(bin, i));
    }
    assert_int_equal(aivm_catalog_source_count(yaml), aivm_catalog_source_count(bin));
    for (size_t i = 0; i < aivm_catalog_source_count(yaml); i++) {
        const aivm_source *a = aivm_catalog_source_at(yaml, i), *b = aivm_catalog_source_at(bin, i);
        same_str(a->id, b->id, "id", "source");
        same_str(a->title, b->title, "title", a->id);
        same_str(a->url, b->url, "url", a->id);
        same_str(a->date, b->date, "date", a->id);
    }
    assert_int_equal(aivm_catalog_family_count(yaml), aivm_catalog_family_count(bin));
    for (size_t i = 0; i < aivm_catalog_family_count(yaml); i++) {
        const aivm_family *a = aivm_catalog_family_at(yaml, i), *b = aivm_catalog_family_at(bin, i);
        same_str(a->id, b->id, "id", "family");
        same_str(a->name, b->name, "name", a->id);
        assert_int_equal(a->category, b->category);
        same_str(a->description, b->description, "description", a->id);
        same_list(&a->sources, &b->sources, "sources", a->id);
        same_str(a->as_of, b->as_of, "as_of", a->id);
    }
    assert_int_equal(aivm_catalog_image_count(yaml), aivm_catalog_image_count(bin));
    for (size_t i = 0; i < aivm_catalog_image_count(yaml); i++) {
        const aivm_image *a = aivm_catalog_image_at(yaml, i), *b = aivm_catalog_image_at(bin, i);
        same_str(a->id, b->id, "id", "image");
        same_str(a->name, b->name, "name", a->id);
        same_str(a->kind, b->kind, "kind", a->id);
        same_str(a->os, b->os, "os", a->id);
        same_str(a->cpu_arch, b->cpu_arch, "cpu_arch", a->id);
        same_str(a->publisher, b->publisher, "publisher", a->id);
        same_str(a->offer, b->offer, "offer", a->id);
        same_str(a->sku, b->sku, "sku", a->id);
        same_str(a->version, b->version, "version", a->id);
        assert_int_equal(a->hyperv_generations, b->hyperv_generations);
        same_list(&a->gpu_vendors, &b->gpu_vendors, "gpu_vendors", a->id);
        same_list(&a->ships, &b->ships, "ships", a->id);
        same_list(&a->gpu_stack, &b->gpu_stack, "gpu_stack", a->id);
        same_list(&a->supported_sizes, &b->supported_sizes, "supported_sizes", a->id);
        same_list(&a->notes, &b->notes, "notes", a->id);
        same_list(&a->sources, &b->sources, "sources", a->id);
        same_str(a->as_of, b->as_of, "as_of", a->id);
    }
    assert_int_equal(aivm_catalog_orchestrator_count(yaml), aivm_catalog_orchestrator_count(bin));
    for (size_t i = 0; i < aivm_catalog_orchestrator_count(yaml); i++) {
        const aivm_orchestrator *a = aivm_catalog_orchestrator_at(yaml, i);
        const aivm_orchestrator *b = aivm_catalog_orchestrator_at(bin, i);
        same_str(a->id, b->id, "id", "orchestrator");
        same_str(a->name, b->name, "name", a->id);
        same_str(a->summary, b->summary, "summary", a->id);
        same_list(&a->schedulers, &b->schedulers, "schedulers", a->id);
        same_list(&a->features, &b->features, "features", a->id);
        same_list(&a->checklist, &b->checklist, "checklist", a->id);
        same_list(&a->notes, &b->notes, "notes", a->id);
        same_list(&a->sources, &b->sources, "sources", a->id);
        same_str(a->as_of, b->as_of, "as_of", a->id);
    }
    assert_int_equal(aivm_catalog_container_tool_count(yaml),
                     aivm_catalog_container_tool_count(bin));
    for (size_t i = 0; i < aivm_catalog_container_tool_count(yaml); i++) {
        const aivm_container_tool *a = aivm_catalog_container_tool_at(yaml, i);
        const aivm_container_tool *b = aivm_catalog_container_tool_at(bin, i);
        same_str(a->id, b->id, "id", "tool");
        same_str(a->name, b->name, "name", a->id);
        same_str(a->summary, b->summary, "summary", a->id);
        same_list(&a->gpu_vendors, &b->gpu_vendors, "gpu_vendors", a->id);
        same_list(&a->notes, &b->notes, "notes", a->id);
        same_list(&a->sources, &b->sources, "sources", a->id);
        same_str(a->as_of, b->as_of, "as_of", a->id);
    }
    assert_int_equal(aivm_catalog_gpu_model_count(yaml), aivm_catalog_gpu_model_count(bin));
    assert_true(aivm_catalog_gpu_model_count(bin) > 0);
    for (size_t i = 0; i < aivm_catalog_gpu_model_count(yaml); i++) {
        const aivm_gpu_model *a = aivm_catalog_gpu_model_at(yaml, i);
        const aivm_gpu_model *b = aivm_catalog_gpu_model_at(bin, i);
        same_str(a->model, b->model, "model", "gpu model");
        same_str(a->vendor, b->vendor, "vendor", a->model);
        same_str(a->architecture, b->architecture, "architecture", a->model);
        assert_true(a->memory_gb == b->memory_gb);
        assert_int_equal(a->precisions, b->precisions);
        for (unsigned d = 0; d < AIVM_DTYPE_COUNT; d++)
            assert_true(a->tflops[d] == b->tflops[d]);
        assert_true(a->memory_bandwidth_gbs == b->memory_bandwidth_gbs);
        assert_true(a->interconnect_gbs == b->interconnect_gbs);
        same_list(&a->sources, &b->sources, "sources", a->model);
        same_list(&a->notes, &b->notes, "notes", a->model);
        same_str(a->as_of, b->as_of, "as_of", a->model);
        same_str(a->variant_of, b->variant_of, "variant_of", a->model);
        same_list(&a->series, &b->series, "series", a->model);
        assert_ptr_equal(aivm_catalog_gpu_model(bin, a->model), b);
    }
    assert_int_equal(aivm_catalog_region_count(yaml), aivm_catalog_region_count(bin));
    same_str(aivm_catalog_regions_source(yaml), aivm_catalog_regions_source(bin), "source",
             "regions");
    same_str(aivm_catalog_regions_as_of(yaml), aivm_catalog_regions_as_of(bin), "as_of", "regions");
    for (size_t i = 0; i < aivm_catalog_region_count(yaml); i++) {
        const aivm_region *a = aivm_catalog_region_at(yaml, i), *b = aivm_catalog_region_at(bin, i);
        same_str(a->name, b->name, "name", "region");
        same_str(a->display, b->display, "display", a->name);
        same_str(a->geography, b->geography, "geography", a->name);
    }
    /* Every region a size is offered in is a known region. */
    for (size_t i = 0; i < aivm_catalog_size_count(bin); i++) {
        const aivm_size *sz = aivm_catalog_size_at(bin, i);
        for (size_t k = 0; k < sz->regions.n; k++)
            if (!aivm_catalog_find_region(bin, aivm_rlist_at(&sz->regions, k)))
                fail_msg("%s: unknown region %s", aivm_str(&sz->name),
                         aivm_rlist_at(&sz->regions, k));
        if (sz->has_gpu && sz->lifecycle != AIVM_LC_RETIRED &&
            !aivm_catalog_gpu_model(bin, aivm_str(&sz->gpu_model)))
            fail_msg("%s: no facts for GPU %s", aivm_str(&sz->name), aivm_str(&sz->gpu_model));
    }
    for (size_t i = 0; i < aivm_catalog_size_count(yaml); i++) {
        unsigned k = aivm_catalog_name_order(bin)[i];
        assert_int_equal(aivm_catalog_name_order(yaml)[i], k);
        if (i > 0) /* strcmp order: the order of the rejected list */
            assert_true(
                strcmp(
                    aivm_str(&aivm_catalog_size_at(bin, aivm_catalog_name_order(bin)[i - 1])->name),
                    aivm_str(&aivm_catalog_size_at(bin, k)->name)) < 0);
    }
    aivm_catalog_free(yaml);
    aivm_catalog_free(aivm_catalog_builtin()); /* a no-op on the static catalog */
    assert_int_equal(aivm_catalog_size_count(bin), aivm_catalog_size_count(aivm_catalog_builtin()));
}

/* --regions: names, display names and groups, in order, without duplicates;
 * an unknown name with a did-you-mean; an empty list refused. */
static void catalog_builtin__regions_expand(void **state)
{
    const aivm_catalog *cat = aivm_catalog_builtin();
    const aivm_region **r;
    size_t n, n_all, n_us;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_catalog_regions_expand(&r, &n, cat, "eastus, West Europe,eastus", &err),
                     0);
    assert_int_equal(n, 2);
    assert_string_equal(r[0]->name, "eastus");
    assert_string_equal(r[1]->name, "westeurope");
    free((void *)r);
    assert_int_equal(aivm_catalog_regions_expand(&r, &n_us, cat, "US", &err), 0);
    for (size_t i = 0; i < n_us; i++)
        assert_string_equal(r[i]->geography, "United States");
    assert_true(n_us >= 8);
    free((void *)r);
    assert_int_equal(aivm_catalog_regions_expand(&r, &n, cat, "westeurope,europe", &err), 0);
    assert_string_equal(r[0]->name, "westeurope");
    for (size_t i = 0; i < n; i++)
        assert_true(strcmp(r[i]->geography, "United States") != 0);
    free((void *)r);
    assert_int_equal(aivm_catalog_regions_expand(&r, &n, cat, "asia", &err), 0);
    for (size_t i = 0; i < n; i++)
        assert_true(strcmp(r[i]->geography, "Australia") != 0);
    free((void *)r);
    assert_int_equal(aivm_catalog_regions_expand(&r, &n_all, cat, "all,us", &err), 0);
    assert_int_equal(n_all, aivm_catalog_region_count(cat));
    free((void *)r);
    assert_int_equal(aivm_catalog_regions_expand(&r, &n, cat, "eastus,westeuropa", &err),
                     AIVM_ENOTFOUND);
    assert_null(r);
    assert_string_equal(err.msg, "unknown region 'westeuropa' (did you mean westeurope?)");
    assert_int_equal(aivm_catalog_regions_expand(&r, &n, cat, "erope", &err), AIVM_ENOTFOUND);
    assert_string_equal(err.msg, "unknown region 'erope' (did you mean europe?)");
    assert_int_equal(aivm_catalog_regions_expand(&r, &n, cat, " , ", &err), AIVM_EINVALID);
}

/* catalog show/list: sizes named as people type them, typos, and the filters. */
static void catalog_builtin__browse(void **state)
{
    const aivm_catalog *cat = aivm_catalog_builtin();
    const aivm_size *h100 = aivm_catalog_find_size(cat, "Standard_ND96isr_H100_v5");
    const aivm_size *t4 = aivm_catalog_find_size(cat, "Standard_NC4as_T4_v3");
    aivm_size_filter f = {0};
    (void)state;
    assert_non_null(h100);
    assert_non_null(t4);
    assert_ptr_equal(aivm_catalog_lookup_size(cat, "nd96isr_h100_v5"), h100);
    assert_ptr_equal(aivm_catalog_lookup_size(cat, "STANDARD_ND96ISR_H100_V5"), h100);
    assert_null(aivm_catalog_lookup_size(cat, "nd96isr_h10_v5"));
    assert_string_equal(aivm_catalog_suggest_size(cat, "nd96isr_h10_v5"),
                        "Standard_ND96isr_H100_v5");
    assert_string_equal(aivm_catalog_suggest_size(cat, "Standard_NC4as_T4_v2"),
                        "Standard_NC4as_T4_v3");
    assert_null(aivm_catalog_suggest_size(cat, "a-size-of-nothing"));
    f.today = "2026-12-01";
    assert_true(aivm_size_filter_match(&f, h100));
    f.gpu = "h100";
    assert_true(aivm_size_filter_match(&f, h100));
    assert_false(aivm_size_filter_match(&f, t4));
    f.gpu = NULL;
    f.family = "nd";
    f.infiniband = true;
    f.min_gpu_memory_gb = 80;
    assert_true(aivm_size_filter_match(&f, h100));
    f.min_gpu_memory_gb = 81;
    assert_false(aivm_size_filter_match(&f, h100));
    f.min_gpu_memory_gb = 0;
    f.categories = 1u << AIVM_CAT_CPU_MEMORY;
    assert_false(aivm_size_filter_match(&f, h100));
    f.categories = 1u << AIVM_CAT_GPU;
    f.region = "eastus";
    assert_true(aivm_size_filter_match(&f, h100));
    f.region = "brazilsoutheast"; /* not among the 23 regions of ND H100 v5 */
    assert_false(aivm_size_filter_match(&f, h100));
    /* retired sizes only on request */
    memset(&f, 0, sizeof f);
    f.today = "2026-12-01";
    const aivm_size *k80 = aivm_catalog_find_size(cat, "Standard_NC6");
    assert_non_null(k80);
    assert_false(aivm_size_filter_match(&f, k80));
    f.include_retired = true;
    assert_true(aivm_size_filter_match(&f, k80));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalog_builtin__matches_the_yaml),
        cmocka_unit_test(catalog_builtin__regions_expand),
        cmocka_unit_test(catalog_builtin__browse),
    };
    return cmocka_run_group_tests_name("catalog_builtin", tests, NULL, NULL);
}
