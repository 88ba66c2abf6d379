/* test_serving_inputs.c - what a serving workload assumes when it is not told
 * (issue 32): the preset's native weight format, a typical modern shape for
 * --params alone, and the serving context (request, typical, --context max).
 * Every reference figure names its source next to the assertion. */
#include <math.h>
#include <string.h>

#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "helpers.h"
#include "shipped.h"

static aivm_workload wl_new(aivm_phase phase)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    wl.phase = phase;
    wl.kind = AIVM_KIND_GENERATIVE;
    return wl;
}

static void set_model(aivm_workload *wl, const char *id)
{
    wl->sizing_in.model = id;
    wl->sizing_in.set |= 1u << AIVM_SZ_MODEL;
}

static void set_params(aivm_workload *wl, double p)
{
    wl->sizing_in.params = p;
    wl->sizing_in.set |= 1u << AIVM_SZ_PARAMS;
}

static void set_context(aivm_workload *wl, unsigned ctx)
{
    wl->sizing_in.context = ctx;
    wl->sizing_in.set |= 1u << AIVM_SZ_CONTEXT;
}

static void resolve(aivm_sizing *sz, const aivm_workload *wl)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (aivm_sizing_resolve(sz, wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
}

/* gpt-oss ships its MoE weights in MXFP4 (the rest bf16). The model card (OpenAI,
 * "gpt-oss-120b & gpt-oss-20b Model Card", arXiv 2508.10925, Table 1) gives checkpoints
 * of 60.8 GiB (120b) and 12.8 GiB (20b). The preset serves at mxfp4: the routed experts
 * at 4.25 bits, attention, embeddings and the head at bf16 (aivm_sizing_weight_bytes):
 * 59.8 GiB (-1.6 %) and 11.9 GiB (-7 %). */
static void native__gpt_oss_mxfp4(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    (void)state;
    set_model(&wl, "gpt-oss-120b");
    resolve(&sz, &wl);
    assert_int_equal(sz.precision, AIVM_PREC_MXFP4);
    assert_int_equal(sz.source[AIVM_SZ_PRECISION], AIVM_SRC_PRESET);
    assert_int_equal(sz.kv_precision, AIVM_PREC_BF16);
    assert_true(fabs(sz.mem.weights / 60.8 - 1) < 0.03);
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_model(&wl, "gpt-oss-20b");
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.weights / 12.8 - 1) < 0.10);
    /* the model card: the 120b "fits into a single 80GB GPU" (H100) */
    assert_true(sz.mem.weights < 80e9 * AIVM_SIZING_USABLE / 1073741824.0);
    /* --precision still wins; training keeps its own default (bf16) */
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_model(&wl, "gpt-oss-120b");
    wl.sizing_in.precision = AIVM_PREC_BF16;
    wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    resolve(&sz, &wl);
    assert_int_equal(sz.precision, AIVM_PREC_BF16);
    wl = wl_new(AIVM_PHASE_TRAIN);
    set_model(&wl, "gpt-oss-120b");
    resolve(&sz, &wl);
    assert_int_equal(sz.precision, AIVM_PREC_BF16);
}

/* DeepSeek-V3/R1 release FP8 weights only (github.com/deepseek-ai/DeepSeek-V3,
 * README_WEIGHTS.md: quantization_config FP8, 128x128 blocks; 671B in the main model):
 * 671e9 bytes = 624.9 GiB, where 16-bit would count twice that. */
static void native__deepseek_fp8(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    (void)state;
    set_model(&wl, "deepseek-r1");
    resolve(&sz, &wl);
    assert_int_equal(sz.precision, AIVM_PREC_FP8);
    assert_true(fabs(sz.mem.weights - 624.9) < 0.1);
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_model(&wl, "llama-3.1-8b"); /* a bf16 checkpoint keeps the 16-bit default */
    resolve(&sz, &wl);
    assert_int_equal(sz.precision, AIVM_PREC_BF16);
    assert_true(sz.any_16bit);
}

/* --params 7B alone: the shape of a typical modern 7-8B model, grouped-query
 * attention with 8 KV heads of 32 (Llama 3 8B, Mistral 7B config.json), not
 * Falcon 7B's single KV head nor Llama 2 7B's 32. NVIDIA's "Mastering LLM
 * Techniques: Inference Optimization" (2023-11-17) gives 2 GiB per 4096-token fp16
 * sequence with 32 KV heads, so 0.5 GiB with 8. */
static void shape__params_modern_gqa(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    (void)state;
    set_params(&wl, 7e9);
    set_context(&wl, 4096);
    resolve(&sz, &wl);
    assert_non_null(sz.shape_from);
    assert_true(sz.shape_from->kv_heads > 1 && sz.shape_from->kv_heads < sz.shape_from->heads);
    assert_null(sz.shape_from->active_params > 0 ? sz.shape_from : NULL);
    assert_int_equal(sz.kv_heads, 8);
    assert_int_equal(sz.heads, 32);
    assert_int_equal(sz.source[AIVM_SZ_KV_HEADS], AIVM_SRC_ESTIMATED);
    assert_true(fabs(sz.mem.kv_cache - 0.5) < 0.01);
    /* 70B: a Llama 3 70B shape (8 KV heads of 64) */
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_params(&wl, 70e9);
    resolve(&sz, &wl);
    assert_int_equal(sz.kv_heads, 8);
    assert_int_equal(sz.heads, 64);
}

/* The serving context: the request's prompt + output tokens when either is given; a
 * typical 4096 otherwise; never more than the preset's maximum; the maximum only with
 * --context max. Llama 4 Scout's card gives a 10M-token context: sized for it, one
 * sequence's bf16 KV cache is 1,920 GiB (2 x 48 layers x 8 KV heads x 128 x 2 bytes x
 * 10,485,760 tokens). */
static void context__serving_default(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    set_model(&wl, "llama-4-scout");
    resolve(&sz, &wl);
    assert_int_equal(sz.context, AIVM_SIZING_SERVE_CONTEXT);
    assert_int_equal(sz.context_basis, AIVM_CTX_TYPICAL);
    assert_int_equal(sz.context_max, 10485760);
    assert_string_equal(aivm_context_basis_name(sz.context_basis), "typical");
    assert_true(sz.mem.kv_cache < 1);
    wl.work.prompt_tokens = 2000;
    wl.work.set |= 1u << AIVM_WK_PROMPT_TOKENS; /* + the default 256 output tokens */
    resolve(&sz, &wl);
    assert_int_equal(sz.context, 2000 + AIVM_TP_OUTPUT_TOKENS);
    assert_int_equal(sz.context_basis, AIVM_CTX_REQUEST);
    assert_int_equal(sz.source[AIVM_SZ_CONTEXT], AIVM_SRC_DERIVED);
    set_context(&wl, AIVM_CONTEXT_MAX);
    resolve(&sz, &wl);
    assert_int_equal(sz.context, 10485760);
    assert_int_equal(sz.context_basis, AIVM_CTX_MAX);
    assert_true(fabs(sz.mem.kv_cache - 1920) < 0.01);
    /* a preset shorter than the typical context: its maximum */
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_model(&wl, "falcon-7b");
    resolve(&sz, &wl);
    assert_int_equal(sz.context, 2048);
    assert_int_equal(sz.context_basis, AIVM_CTX_MODEL);
    /* training keeps the preset's context capped at 4096 */
    wl = wl_new(AIVM_PHASE_TRAIN);
    set_model(&wl, "llama-3.1-8b");
    resolve(&sz, &wl);
    assert_int_equal(sz.context, 4096);
    assert_int_equal(sz.context_basis, AIVM_CTX_TRAINING);
    /* --context max without a preset has no maximum to take */
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_params(&wl, 7e9);
    set_context(&wl, AIVM_CONTEXT_MAX);
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "--context max"));
}

/* A mixture of experts' decode reads the experts its batch touches: with uniform routing
 * E (1 - (1 - k/E)^B) of E per layer. The split of the preset's total and active
 * parameters into shared and per-expert weights matches each config.json: Mixtral 8x7B
 * one expert = 3 x 4096 x 14336 x 32 layers = 5.64e9 (46.7B total, 12.9B active, top-2 of
 * 8); DeepSeek-V3 = 3 x 7168 x 2048 x 58 MoE layers = 2.55e9 (671B, 37B, top-8 of 256). */
static void moe__experts_read(void **state)
{
    static const struct {
        const char *model;
        double expert; /* one routed expert over its layers, from config.json */
    } rows[] = {{"mixtral-8x7b", 3.0 * 4096 * 14336 * 32}, {"deepseek-v3", 3.0 * 7168 * 2048 * 58}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
        aivm_sizing sz;
        double expert;
        set_model(&wl, rows[i].model);
        resolve(&sz, &wl);
        assert_true(sz.experts > sz.experts_per_token && sz.experts_per_token > 0);
        expert = (sz.params - sz.active_params) / (sz.experts - sz.experts_per_token);
        assert_true(fabs(expert / rows[i].expert - 1) < 0.02);
    }
    assert_true(fabs(aivm_tp_experts_read(256, 8, 1) - 8) < 1e-9); /* batch 1: its top-k */
    assert_true(fabs(aivm_tp_experts_read(256, 8, 8) - 57.42) < 0.01);
    assert_true(aivm_tp_experts_read(8, 2, 64) > 7.99); /* Mixtral: every expert soon */
    assert_true(aivm_tp_experts_read(0, 0, 8) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(native__gpt_oss_mxfp4),    cmocka_unit_test(native__deepseek_fp8),
        cmocka_unit_test(shape__params_modern_gqa), cmocka_unit_test(context__serving_default),
        cmocka_unit_test(moe__experts_read),
    };
    return cmocka_run_group_tests_name("serving_inputs", tests, shipped_group_setup,
                                       shipped_group_teardown);
}
