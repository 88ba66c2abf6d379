/* test_models.c - data/models.yaml (shipped presets, strict loading), the
 * sizing keys of workload files and the rules' model-size threshold. */
#include <string.h>

#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "helpers.h"

static aivm_models *shipped(void)
{
    return load_shipped_models();
}

static void models__shipped_covers_families(void **state)
{
    static const char *const ids[] = {
        "llama-2-7b",    "llama-2-70b",  "llama-3-8b",   "llama-3.1-405b", "llama-3.2-1b",
        "llama-3.3-70b", "mistral-7b",   "mixtral-8x7b", "qwen2.5-7b",     "qwen2.5-72b",
        "phi-3-mini",    "phi-3-medium", "falcon-7b",    "falcon-180b",    "bert-base",
        "bert-large",    "resnet-50",    "vit-base-16"};
    aivm_models *m = shipped();
    (void)state;
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        const aivm_model *p = aivm_models_find(m, ids[i]);
        if (!p)
            fail_msg("no preset %s", ids[i]);
        assert_true(p->sources.n > 0);
        assert_non_null(p->as_of);
        assert_true(p->params > 1e6);
    }
    for (size_t i = 0; i < aivm_models_count(m); i++) {
        const aivm_model *p = aivm_models_at(m, i);
        if (p->heads)
            assert_int_equal(p->hidden % p->heads, 0);
    }
    /* facts the accuracy tests depend on (Llama 3 8B config.json) */
    assert_int_equal(aivm_models_find(m, "llama-3-8b")->kv_heads, 8);
    assert_int_equal(aivm_models_find(m, "llama-2-7b")->kv_heads, 32);
    assert_int_equal(aivm_models_find(m, "bert-base")->kind, AIVM_KIND_NON_GENERATIVE);
    assert_null(aivm_models_find(m, "gpt-5"));
    aivm_models_free(m);
}

/* The compiled-in presets (aivm-gen models) are data/models.yaml field by field. */
static void models__builtin_equals_yaml(void **state)
{
    aivm_models *m = shipped();
    const aivm_models *b = aivm_models_builtin();
    (void)state;
    assert_int_equal(aivm_models_count(b), aivm_models_count(m));
    for (size_t i = 0; i < aivm_models_count(m); i++) {
        const aivm_model *x = aivm_models_at(m, i), *y = aivm_models_at(b, i);
        assert_string_equal(x->id, y->id);
        assert_string_equal(x->name, y->name);
        assert_string_equal(x->family, y->family);
        assert_int_equal(x->kind, y->kind);
        assert_true(x->params == y->params && x->active_params == y->active_params);
        assert_int_equal(x->layers, y->layers);
        assert_int_equal(x->hidden, y->hidden);
        assert_int_equal(x->heads, y->heads);
        assert_int_equal(x->kv_heads, y->kv_heads);
        assert_int_equal(x->context, y->context);
        assert_int_equal(x->head_dim, y->head_dim);
        assert_true(x->flops_per_sample == y->flops_per_sample);
        assert_int_equal(x->input_px, y->input_px);
        assert_true((x->flops_source == NULL) == (y->flops_source == NULL));
        if (x->flops_source)
            assert_string_equal(x->flops_source, y->flops_source);
        assert_string_equal(x->as_of, y->as_of);
        assert_int_equal(x->sources.n, y->sources.n);
        for (size_t k = 0; k < x->sources.n; k++)
            assert_string_equal(x->sources.items[k], y->sources.items[k]);
        assert_string_equal(x->loc.file, y->loc.file);
        assert_int_equal(x->loc.line, y->loc.line);
        assert_int_equal(x->loc.col, y->loc.col);
    }
    assert_non_null(aivm_models_find(b, "LLAMA-3.1-8B")); /* case-insensitive, as loaded */
    aivm_models_free(m);
}

static int load_text(const char *yaml, aivm_error *err)
{
    aivm_models *m = NULL;
    int rc = aivm_models_load_mem(&m, yaml, strlen(yaml), "m.yaml", err);
    if (rc == 0)
        assert_non_null(m);
    else
        assert_null(m);
    aivm_models_free(m);
    return rc;
}

#define FAMILY                                                                                     \
    "version: \"1\"\nfamilies:\n  - id: f\n    name: F\n    kind: generative\n"                    \
    "    as_of: \"2026-01-01\"\n    sources: [x]\n    models:\n"

static void models__strict(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(load_text(FAMILY "      - {id: a, name: A, params: 7e9}\n", &err), 0);
    assert_int_equal(load_text(FAMILY "      - {id: a, name: A, params: 7e9, size: 1}\n", &err),
                     AIVM_EINVALID);
    assert_string_equal(err.msg, "unknown key 'size' in model 0 of family 'f'");
    assert_int_equal(err.line, 9);
    assert_int_equal(load_text(FAMILY "      - {id: a, name: A, params: many}\n", &err),
                     AIVM_EINVALID);
    assert_int_equal(load_text(FAMILY "      - {id: a, name: A, params: 1}\n"
                                      "      - {id: A, name: B, params: 2}\n",
                               &err),
                     AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "duplicate model id 'A'"));
    assert_int_equal(err.line, 10);
    assert_int_equal(
        load_text(FAMILY "      - {id: a, name: A, params: 1, hidden: 100, heads: 3}\n", &err),
        AIVM_EINVALID);
    /* active_params (mixture of experts): at least 1, at most params */
    assert_int_equal(
        load_text(FAMILY "      - {id: a, name: A, params: 46.7e9, active_params: 12.9e9}\n", &err),
        0);
    assert_int_equal(
        load_text(FAMILY "      - {id: a, name: A, params: 7e9, active_params: 8e9}\n", &err),
        AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "active_params must be from 1 to params"));
    assert_int_equal(err.line, 9);
    /* experts: the active share holds at least experts_per_token of them */
    assert_int_equal(load_text(FAMILY "      - {id: a, name: A, params: 46.7e9, active_params: "
                                      "12.9e9, experts: 8, experts_per_token: 2}\n",
                               &err),
                     0);
    assert_int_equal(load_text(FAMILY "      - {id: a, name: A, params: 46.7e9, active_params: "
                                      "2e9, experts: 8, experts_per_token: 2}\n",
                               &err),
                     AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "active_params is below what 2 of 8 experts hold"));
    /* a preset's precision is a format, never the "16-bit" input */
    assert_int_equal(
        load_text(FAMILY "      - {id: a, name: A, params: 7e9, precision: 16-bit}\n", &err),
        AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "precision is a weight format"));
    assert_int_equal(load_text("version: \"2\"\nfamilies: []\n", &err), AIVM_EINVALID);
    assert_int_equal(load_text("", &err), AIVM_EINVALID);
}

static void models__workload_keys(void **state)
{
    static const char ok[] = "phase: train\nkind: generative\nparams: 7B\nmodel: llama-2-7b\n"
                             "precision: bf16\nsharding: zero2\nbatch: 4\n"
                             "activation_checkpointing: true\nmax_nodes: 2\n";
    static const char bad[] = "phase: train\nkind: generative\nparams: 7B\nprecision: fp5\n";
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_workload_doc *doc = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_workload_load_mem(&doc, &wl, ok, strlen(ok), "w.yaml", &err), 0);
    assert_true(wl.sizing_in.params == 7e9);
    assert_string_equal(wl.sizing_in.model, "llama-2-7b");
    assert_int_equal(wl.sizing_in.sharding, AIVM_SHARD_ZERO2);
    assert_int_equal(wl.sizing_in.batch, 4);
    assert_true(wl.sizing_in.act_ckpt);
    assert_int_equal(wl.sizing_in.max_nodes, 2);
    assert_true(wl.sizing_in.from_file & (1u << AIVM_SZ_SHARDING));
    assert_true(aivm_sizing_wanted(&wl));
    aivm_workload_doc_free(doc);
    wl = (aivm_workload)AIVM_WORKLOAD_INIT;
    assert_int_equal(aivm_workload_load_mem(&doc, &wl, bad, strlen(bad), "w.yaml", &err),
                     AIVM_EINVALID);
    assert_null(doc);
    assert_int_equal(err.line, 4);
    assert_int_equal(err.col, 12);
    assert_non_null(strstr(err.msg, "invalid value 'fp5' for key 'precision'"));
    /* the work keys (docs/throughput.md) load beside the sizing keys */
    {
        static const char work[] = "phase: train\nkind: generative\nmodel: llama-2-7b\n"
                                   "epochs: 2\ndataset_tokens: 1.5B\nmfu: 0.35\n";
        static const char bad_tokens[] = "phase: train\nkind: generative\ntokens: 2X\n";
        wl = (aivm_workload)AIVM_WORKLOAD_INIT;
        assert_int_equal(aivm_workload_load_mem(&doc, &wl, work, strlen(work), "w.yaml", &err), 0);
        assert_true(wl.work.epochs == 2 && wl.work.dataset_tokens == 1.5e9 && wl.work.mfu == 0.35);
        assert_true(wl.work.from_file & (1u << AIVM_WK_DATASET_TOKENS));
        assert_true(aivm_work_training_tokens(&wl.work) == 3e9);
        aivm_workload_doc_free(doc);
        wl = (aivm_workload)AIVM_WORKLOAD_INIT;
        assert_int_equal(
            aivm_workload_load_mem(&doc, &wl, bad_tokens, strlen(bad_tokens), "w.yaml", &err),
            AIVM_EINVALID);
        assert_int_equal(err.line, 3);
        assert_non_null(strstr(err.msg, "invalid value '2X' for key 'tokens' in the workload"));
    }
}

static void models__rules_threshold(void **state)
{
    aivm_rules *rules = load_shipped_rules();
    aivm_rules *r2 = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    static const char bad[] = "version: \"1\"\nsizing: {complex_from_params: 0}\nrules: []\n";
    (void)state;
    assert_true(aivm_rules_complex_from_params(rules) == 1e8);
    aivm_rules_new(&r2);
    assert_int_equal(aivm_rules_load_mem(r2, bad, strlen(bad), "r.yaml", &err), AIVM_EINVALID);
    assert_int_equal(err.line, 2);
    assert_true(aivm_rules_complex_from_params(r2) == 0);
    aivm_rules_free(r2);
    aivm_rules_free(rules);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(models__shipped_covers_families),
        cmocka_unit_test(models__builtin_equals_yaml),
        cmocka_unit_test(models__strict),
        cmocka_unit_test(models__workload_keys),
        cmocka_unit_test(models__rules_threshold),
    };
    return cmocka_run_group_tests_name("models", tests, NULL, NULL);
}
