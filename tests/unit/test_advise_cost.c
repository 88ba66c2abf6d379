/* test_advise_cost.c - ranking by cost over catalog prices: sort orders,
 * the budget filter, pricing models the catalog lacks, --prices off. */
#include <string.h>

#include "helpers.h"

/* One request with the cost options `co` (NULL: the defaults) and prices `mode`. */
static aivm_advice *recommend(aivm_catalog *cat, aivm_rules *rules, aivm_workload *wl,
                              const aivm_cost_opts *co, aivm_prices_mode mode)
{
    aivm_advice *adv = NULL;
    aivm_request req = AIVM_REQUEST_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    wl->phase = AIVM_PHASE_INFERENCE;
    wl->kind = AIVM_KIND_GENERATIVE;
    wl->today = "2026-11-29";
    assert_int_equal(aivm_workload_finish(wl, &err), 0);
    req.catalog = cat;
    req.rules = rules;
    req.workload = wl;
    req.top = 0;
    req.prices = mode;
    if (co)
        req.cost = *co;
    assert_int_equal(aivm_recommend(&adv, &req, &err), 0);
    return adv;
}

static void advise_cost__sorts_by_price_unknown_last(void **state)
{
    aivm_catalog *cat = load_shipped_catalog();
    aivm_rules *rules = load_shipped_rules();
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    aivm_cost_opts co = AIVM_COST_OPTS_INIT;
    bool seen_unknown = false;
    (void)state;
    co.sort = AIVM_SORT_PRICE;
    adv = recommend(cat, rules, &wl, &co, AIVM_PRICES_CATALOG);
    assert_true(adv->n_ranked > 5);
    for (size_t i = 0; i < adv->n_ranked; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        assert_int_equal(c->rank, i + 1);
        if (!c->price.has_hourly)
            seen_unknown = true;
        else
            assert_false(seen_unknown); /* no priced size after an unknown one */
        if (i > 0 && c->price.has_hourly)
            assert_true(adv->ranked[i - 1].price.hourly <= c->price.hourly);
    }
    assert_true(seen_unknown);
    aivm_advice_free(adv);
    co.sort = AIVM_SORT_PRICE_PER_GPU_MEMORY;
    adv = recommend(cat, rules, &wl, &co, AIVM_PRICES_CATALOG);
    for (size_t i = 1; i < adv->n_ranked && adv->ranked[i].price.has_hourly; i++) {
        const aivm_candidate *a = &adv->ranked[i - 1], *b = &adv->ranked[i];
        assert_true(a->price.hourly / (a->size->gpu_count * a->size->gpu_memory_gb) <=
                    b->price.hourly / (b->size->gpu_count * b->size->gpu_memory_gb) + 1e-12);
    }
    aivm_advice_free(adv);
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
}

static void advise_cost__budget_rejects_with_reason(void **state)
{
    aivm_catalog *cat = load_shipped_catalog();
    aivm_rules *rules = load_shipped_rules();
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advice *adv = recommend(cat, rules, &wl, NULL, AIVM_PRICES_CATALOG);
    aivm_cost_opts co = AIVM_COST_OPTS_INIT;
    size_t before = adv->n_ranked, budget = 0;
    (void)state;
    co.has_max_price = true;
    co.max_price = 5;
    aivm_advice_free(adv);
    adv = recommend(cat, rules, &wl, &co, AIVM_PRICES_CATALOG);
    assert_true(adv->n_ranked > 0 && adv->n_ranked < before);
    for (size_t i = 0; i < adv->n_ranked; i++) /* the deployment's cost is what is bounded */
        assert_true(adv->ranked[i].deploy.has_hourly && adv->ranked[i].deploy.hourly <= 5);
    for (size_t i = 0; i < adv->n_rejected; i++) {
        const aivm_rejection *r = &adv->rejected[i];
        if (r->rule)
            continue;
        budget++;
        assert_string_equal(aivm_rejection_id(r), "max-price-per-hour");
        assert_string_equal(aivm_rejection_guidance(r)->items[0], "G13");
        assert_true(strstr(r->message, "over --max-price-per-hour 5") ||
                    strstr(r->message, "no known on-demand price"));
    }
    assert_int_equal(budget, before - adv->n_ranked);
    aivm_advice_free(adv);
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
}

static void advise_cost__model_the_catalog_lacks_is_unknown_not_zero(void **state)
{
    aivm_catalog *cat = load_shipped_catalog();
    aivm_rules *rules = load_shipped_rules();
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    aivm_cost_opts co = AIVM_COST_OPTS_INIT;
    (void)state;
    co.pricing = AIVM_PRICING_RESERVED_1Y;
    adv = recommend(cat, rules, &wl, &co, AIVM_PRICES_CATALOG);
    for (size_t i = 0; i < adv->n_ranked; i++) {
        assert_false(adv->ranked[i].price.has_hourly);
        assert_false(adv->ranked[i].deploy.has_hourly);
    }
    assert_non_null(strstr(adv->warnings.text[adv->warnings.n - 1], "no known reserved-1y price"));
    assert_string_equal(adv->warnings.ids[adv->warnings.n - 1], "prices-unknown");
    aivm_advice_free(adv);
    adv = recommend(cat, rules, &wl, &co, AIVM_PRICES_OFF);
    assert_int_equal(adv->ranked[0].price.source, AIVM_PRICE_NONE);
    assert_false(adv->ranked[0].price.has_on_demand);
    assert_false(adv->ranked[0].deploy.has_hourly);
    aivm_advice_free(adv);
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
}

static void advise_cost__names_round_trip(void **state)
{
    aivm_pricing p;
    aivm_sort s;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    for (int i = 0; i < AIVM_PRICING_COUNT; i++) {
        assert_int_equal(aivm_pricing_parse(&p, aivm_pricing_name((aivm_pricing)i), NULL), 0);
        assert_int_equal(p, i);
    }
    assert_int_equal(aivm_pricing_parse(&p, "reserved", &err), AIVM_EINVALID);
    assert_int_equal(aivm_sort_parse(&s, "price-per-gpu", NULL), 0);
    assert_int_equal(s, AIVM_SORT_PRICE_PER_GPU);
    assert_int_equal(aivm_sort_parse(&s, "cost", NULL), AIVM_EINVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(advise_cost__sorts_by_price_unknown_last),
        cmocka_unit_test(advise_cost__budget_rejects_with_reason),
        cmocka_unit_test(advise_cost__model_the_catalog_lacks_is_unknown_not_zero),
        cmocka_unit_test(advise_cost__names_round_trip),
    };
    return cmocka_run_group_tests_name("advise_cost", tests, NULL, NULL);
}
