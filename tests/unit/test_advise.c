/* test_advise.c - scoring and ranking: the six cells of the guidance table on
 * the shipped data, rejection, retired sizes, determinism. */
#include <string.h>

#include "helpers.h"

typedef struct {
    aivm_catalog *cat;
    aivm_rules *rules;
} fixture_t;

static int setup(void **state)
{
    fixture_t *f = test_malloc(sizeof *f);
    f->cat = load_shipped_catalog();
    f->rules = load_shipped_rules();
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture_t *f = *state;
    aivm_catalog_free(f->cat);
    aivm_rules_free(f->rules);
    test_free(f);
    return 0;
}

static aivm_advice *run(fixture_t *f, aivm_phase p, aivm_kind k, aivm_model_size m,
                        const char *region, unsigned top)
{
    static aivm_workload wl;
    aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advice *adv = NULL;
    aivm_workload init = AIVM_WORKLOAD_INIT;
    wl = init;
    wl.phase = p;
    wl.kind = k;
    wl.model_size = m;
    wl.region = region;
    wl.today = "2026-11-29";
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    o.top = top;
    assert_int_equal(aivm_advise(&adv, f->cat, f->rules, &wl, &o, &err), 0);
    assert_true(adv->n_shown > 0);
    return adv;
}

static bool has_reason(const aivm_candidate *c, const char *rule)
{
    for (size_t i = 0; i < c->n_reasons; i++)
        if (strcmp(aivm_rule_id(c->reasons[i].rule), rule) == 0)
            return true;
    return false;
}

/* G1/G2 + G11: training gets ND first, GPU, RDMA at the top. */
static void check_training(aivm_advice *adv)
{
    assert_string_equal(aivm_str(&adv->ranked[0].size->family), "ND");
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_size *s = adv->ranked[i].size;
        assert_int_equal(s->category, AIVM_CAT_GPU);
        assert_true(strcmp(aivm_str(&s->family), "ND") == 0 ||
                    strcmp(aivm_str(&s->family), "NC") == 0);
        assert_int_not_equal(aivm_size_lifecycle_on(s, "2026-11-29"), AIVM_LC_RETIRED);
    }
    for (size_t i = 0; i < 3; i++) {
        assert_true(adv->ranked[i].size->infiniband);
        assert_true(has_reason(&adv->ranked[i], "train-rdma"));
    }
}

/* G4/G5 + G12: inference on NC/ND GPUs, no InfiniBand at the top. */
static void check_inference(aivm_advice *adv)
{
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_size *s = adv->ranked[i].size;
        assert_int_equal(s->category, AIVM_CAT_GPU);
        assert_true(strcmp(aivm_str(&s->family), "ND") == 0 ||
                    strcmp(aivm_str(&s->family), "NC") == 0);
        assert_false(s->infiniband);
    }
}

static void advise__train_generative_is_nd_with_rdma(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_TRAIN, AIVM_KIND_GENERATIVE, AIVM_MSIZE_COMPLEX, NULL, 5);
    check_training(adv);
    assert_true(has_reason(&adv->ranked[0], "train-generative-nd"));
    aivm_advice_free(adv);
}

static void advise__train_complex_is_nd_with_rdma(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_TRAIN, AIVM_KIND_NON_GENERATIVE, AIVM_MSIZE_COMPLEX, NULL, 5);
    check_training(adv);
    assert_true(has_reason(&adv->ranked[0], "train-complex-nd"));
    aivm_advice_free(adv);
}

static void advise__train_small_is_memory_optimized_cpu(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_TRAIN, AIVM_KIND_NON_GENERATIVE, AIVM_MSIZE_SMALL, NULL, 5);
    for (size_t i = 0; i < adv->n_shown; i++) {
        assert_int_equal(adv->ranked[i].size->category, AIVM_CAT_CPU_MEMORY);
        assert_false(adv->ranked[i].size->has_gpu);
        assert_true(adv->ranked[i].size->vcpus <= 64); /* G9: not oversized */
    }
    aivm_advice_free(adv);
}

static void advise__inference_generative_is_gpu_without_infiniband(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_INFERENCE, AIVM_KIND_GENERATIVE, AIVM_MSIZE_COMPLEX, NULL, 5);
    check_inference(adv);
    aivm_advice_free(adv);
}

static void advise__inference_complex_is_gpu_without_infiniband(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_INFERENCE, AIVM_KIND_NON_GENERATIVE, AIVM_MSIZE_COMPLEX, NULL, 5);
    check_inference(adv);
    aivm_advice_free(adv);
}

static void advise__inference_small_is_compute_optimized_cpu(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_INFERENCE, AIVM_KIND_NON_GENERATIVE, AIVM_MSIZE_SMALL, NULL, 5);
    for (size_t i = 0; i < adv->n_shown; i++)
        assert_int_equal(adv->ranked[i].size->category, AIVM_CAT_CPU_COMPUTE);
    aivm_advice_free(adv);
}

static void advise__retired_and_unavailable_sizes_are_rejected_with_reason(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_TRAIN, AIVM_KIND_GENERATIVE, AIVM_MSIZE_COMPLEX, "eastus", 0);
    bool nc6 = false, h200 = false;
    for (size_t i = 0; i < adv->n_rejected; i++) {
        const char *name = aivm_str(&adv->rejected[i].size->name);
        const char *rule = aivm_rule_id(adv->rejected[i].rule);
        if (strcmp(name, "Standard_NC6s_v3") == 0) {
            nc6 = true;
            assert_string_equal(rule, "retired-size");
            assert_string_equal(adv->rejected[i].message,
                                "Standard_NC6s_v3 was retired on 2025-09-30 and can no longer "
                                "be deployed");
        }
        if (strcmp(name, "Standard_ND96isr_H200_v5") == 0) {
            h200 = true; /* no price meter in eastus */
            assert_string_equal(rule, "region-unavailable");
        }
        if (i > 0)
            assert_true(strcmp(aivm_str(&adv->rejected[i - 1].size->name), name) < 0);
    }
    assert_true(nc6 && h200);
    assert_int_equal(adv->n_ranked + adv->n_rejected, aivm_catalog_size_count(adv->catalog));
    aivm_advice_free(adv);
}

static void advise__ranking_is_by_score_then_price_then_name(void **state)
{
    aivm_advice *adv =
        run(*state, AIVM_PHASE_INFERENCE, AIVM_KIND_NON_GENERATIVE, AIVM_MSIZE_SMALL, NULL, 0);
    for (size_t i = 1; i < adv->n_ranked; i++) {
        const aivm_candidate *a = &adv->ranked[i - 1], *b = &adv->ranked[i];
        assert_int_equal(a->rank + 1, b->rank);
        assert_true(a->score >= b->score - 1e-9);
        if (a->score - b->score < 1e-9 && a->price.has_on_demand && b->price.has_on_demand)
            assert_true(a->price.on_demand <= b->price.on_demand);
    }
    assert_int_equal(adv->n_shown, adv->n_ranked);
    aivm_advice_free(adv);
}

static void advise__include_retired_ranks_them_last(void **state)
{
    fixture_t *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advice *adv = NULL;
    bool seen = false;
    wl.phase = AIVM_PHASE_INFERENCE;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.include_retired = true;
    wl.today = "2026-11-29";
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    o.top = 0;
    assert_int_equal(aivm_advise(&adv, f->cat, f->rules, &wl, &o, &err), 0);
    for (size_t i = 0; i < adv->n_ranked; i++)
        if (strcmp(aivm_str(&adv->ranked[i].size->name), "Standard_NC6s_v3") == 0) {
            seen = true;
            assert_true(has_reason(&adv->ranked[i], "retired-size-included"));
            assert_true(adv->ranked[i].score < adv->ranked[0].score - 10);
        }
    assert_true(seen);
    aivm_advice_free(adv);
}

static void advise__windows_has_no_catalog_price(void **state)
{
    fixture_t *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advice *adv = NULL;
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.os = AIVM_OS_WINDOWS;
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    assert_int_equal(aivm_advise(&adv, f->cat, f->rules, &wl, &o, &err), 0);
    for (size_t i = 0; i < adv->n_shown; i++) {
        assert_int_equal(adv->ranked[i].price.source, AIVM_PRICE_NONE);
        assert_false(adv->ranked[i].price.has_on_demand);
    }
    assert_true(adv->warnings.n >= 1);
    assert_non_null(strstr(adv->warnings.text[0], "Linux prices only"));
    aivm_advice_free(adv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(advise__train_generative_is_nd_with_rdma),
        cmocka_unit_test(advise__train_complex_is_nd_with_rdma),
        cmocka_unit_test(advise__train_small_is_memory_optimized_cpu),
        cmocka_unit_test(advise__inference_generative_is_gpu_without_infiniband),
        cmocka_unit_test(advise__inference_complex_is_gpu_without_infiniband),
        cmocka_unit_test(advise__inference_small_is_compute_optimized_cpu),
        cmocka_unit_test(advise__retired_and_unavailable_sizes_are_rejected_with_reason),
        cmocka_unit_test(advise__ranking_is_by_score_then_price_then_name),
        cmocka_unit_test(advise__include_retired_ranks_them_last),
        cmocka_unit_test(advise__windows_has_no_catalog_price),
    };
    return cmocka_run_group_tests_name("advise", tests, setup, teardown);
}
