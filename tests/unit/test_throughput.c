/* test_throughput.c - the time of the work (throughput.c, docs/throughput.md):
 * each formula against hand-worked figures, the calibration against the
 * published training runs (LLaMA, Llama 2, Llama 3.1 405B: +-25 % in
 * GPU-hours with the default assumptions), the decode roofline (memory-bound
 * at batch 1: scales with HBM bandwidth and with bytes per weight), and the
 * cost of the work on a candidate. Every published figure names its source. */
#include <math.h>
#include <string.h>

#include "aivm/advise.h"
#include "aivm/throughput.h"
#include "helpers.h"
#include "shipped.h"

static const aivm_size *size(const char *name)
{
    return catalog_size(shipped.cat, name);
}

static const aivm_gpu_model *gpu_of(const aivm_size *s)
{
    const aivm_gpu_model *g =
        aivm_catalog_size_gpu(shipped.cat, s); /* the size's variant, if any */
    assert_non_null(g);
    return g;
}

/* A workload with a preset (or a parameter count) resolved into `sz`. */
static void resolve(aivm_workload *wl, aivm_sizing *sz, aivm_phase phase, const char *model,
                    double params)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_workload w = AIVM_WORKLOAD_INIT;
    w.phase = phase;
    w.kind = AIVM_KIND_GENERATIVE;
    if (model) {
        w.sizing_in.model = model;
        w.sizing_in.set |= 1u << AIVM_SZ_MODEL;
    } else {
        w.sizing_in.params = params;
        w.sizing_in.set |= 1u << AIVM_SZ_PARAMS;
    }
    if (phase == AIVM_PHASE_TRAIN) {
        /* Published MFU counts 6·N·D: the recomputation those runs did is inside
         * their utilisation, so the calibration counts no extra forward pass
         * (the default would turn checkpointing on for 65B and up). */
        w.sizing_in.act_ckpt = false;
        w.sizing_in.set |= 1u << AIVM_SZ_ACT_CKPT;
    }
    *wl = w;
    if (aivm_sizing_resolve(sz, wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    wl->sizing = sz;
}

static void set_tokens(aivm_workload *wl, double tokens)
{
    wl->work.tokens = tokens;
    wl->work.set |= 1u << AIVM_WK_TOKENS;
}

/* A deployment of `vms` whole VMs of `s` (for the calibration runs, whose GPU
 * counts are published; the memory model is tested in test_sizing.c). */
static aivm_fit deployment(const aivm_size *s, unsigned vms)
{
    aivm_fit f;
    memset(&f, 0, sizeof f);
    f.fits = true;
    f.vms = vms;
    f.gpus_per_vm = s->gpu_count;
    f.gpus_needed = f.gpus_total = vms * s->gpu_count;
    f.replicas = 1;
    f.replica_vms = vms;
    return f;
}

static void within_as(const char *what, double got, double published, double pct)
{
    double gap = (got - published) / published * 100;
    if (fabs(gap) > pct)
        fail_msg("%s %.6g vs published %.6g: %+.1f %% (more than %.0f %%)", what, got, published,
                 gap, pct);
}

static void within(double got, double published, double pct)
{
    within_as("estimate", got, published, pct);
}

static void test_tokens_parse(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    double v = 0;
    (void)state;
    assert_int_equal(aivm_tokens_parse(&v, "2T", &err), 0);
    assert_true(v == 2e12);
    assert_int_equal(aivm_tokens_parse(&v, "1.4t", &err), 0);
    assert_true(fabs(v - 1.4e12) < 1);
    assert_int_equal(aivm_tokens_parse(&v, "300K", &err), 0);
    assert_true(v == 3e5);
    assert_int_equal(aivm_tokens_parse(&v, "20B", &err), 0);
    assert_true(v == 2e10);
    assert_int_equal(aivm_tokens_parse(&v, "1e12", &err), 0);
    assert_true(v == 1e12);
    assert_int_equal(aivm_tokens_parse(&v, "5M", &err), 0);
    assert_true(v == 5e6);
    assert_int_equal(aivm_tokens_parse(&v, "x", &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "invalid token count 'x'"));
    assert_int_equal(aivm_tokens_parse(&v, "0", &err), AIVM_EINVALID);
    assert_int_equal(aivm_tokens_parse(&v, "-2T", &err), AIVM_EINVALID);
    assert_int_equal(aivm_tokens_parse(&v, "T", &err), AIVM_EINVALID);
}

static void test_flops_per_token(void **state)
{
    (void)state;
    /* full: forward 2N + backward 4N (Kaplan et al. 2020, C = 6ND) */
    assert_true(aivm_tp_train_flops_per_token(7e9, AIVM_FT_FULL, 7e9) == 42e9);
    /* LoRA: no weight gradients of the frozen base: 4N + 2 x trainable */
    assert_true(aivm_tp_train_flops_per_token(7e9, AIVM_FT_LORA, 4e7) == 28e9 + 8e7);
    assert_true(aivm_tp_train_flops_per_token(7e9, AIVM_FT_QLORA, 4e7) == 28e9 + 8e7);
}

static void test_gpu_hours_hand_worked(void **state)
{
    (void)state;
    /* Llama 2 7B, 2T tokens, A100 bf16 312 TFLOP/s at MFU 0.40:
     * 6 x 6.74e9 x 2e12 = 8.088e22 FLOPs / (312e12 x 0.40) / 3600 = 180,021 GPU-hours */
    double h = aivm_tp_gpu_hours(6 * 6.74e9 * 2e12, 312, 0.40);
    assert_true(fabs(h - 180021.4) < 1);
    assert_true(aivm_tp_gpu_hours(1e20, 0, 0.4) == 0); /* unknown peak: no estimate */
}

static void test_peak_by_precision(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_dtype dt;
    bool fp8_as_bf16 = false;
    const aivm_gpu_model *h100 = gpu_of(size("Standard_ND96isr_H100_v5"));
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_TRAIN, "llama-3.1-8b", 0);
    assert_true(aivm_tp_peak(&sz, h100, &dt, &fp8_as_bf16) == 989.5);
    assert_int_equal(dt, AIVM_DT_BF16);
    sz.precision = AIVM_PREC_FP8; /* fp8 training: the bf16 peak x the published speed-up */
    assert_true(fabs(aivm_tp_peak(&sz, h100, &dt, &fp8_as_bf16) - 989.5 * 1.6) < 1e-9);
    assert_true(fp8_as_bf16);
    assert_int_equal(dt, AIVM_DT_FP8);
    /* an A100 has no FP8 tensor cores: no fp8 peak */
    assert_true(aivm_tp_peak(&sz, gpu_of(size("Standard_ND96amsr_A100_v4")), &dt, NULL) == 0);
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "llama-3.1-8b", 0);
    sz.precision = AIVM_PREC_FP8; /* fp8 serving: the fp8 peak */
    assert_true(aivm_tp_peak(&sz, h100, &dt, NULL) == 1979);
    assert_int_equal(dt, AIVM_DT_FP8);
    sz.precision = AIVM_PREC_INT4; /* weight-only: dequantised to 16 bits */
    assert_true(aivm_tp_peak(&sz, h100, &dt, NULL) == 989.5);
    /* V100 has no bf16 peak: fp16 */
    assert_true(aivm_tp_peak(&sz, gpu_of(size("Standard_NC6s_v3")), &dt, NULL) == 125);
    assert_int_equal(dt, AIVM_DT_FP16);
}

/* Published training runs, each through one helper (calibrate): the
 * preset or parameter count on the published GPU count for the published
 * tokens, one figure of the estimate within `pct` % of the published one,
 * and a row's own checks (more). */
typedef enum { CAL_GPU_HOURS, CAL_WALL_DAYS, CAL_TOKENS_PER_GPU_S } cal_metric;

typedef struct {
    aivm_workload wl;
    aivm_sizing sz;
    aivm_fit f;
    const aivm_size *s;
    aivm_work_estimate e;
} cal_ctx;

typedef struct {
    const char *what; /* the run, for a failure's message */
    const char *model;
    double params;            /* when model is NULL */
    aivm_precision precision; /* 0: the preset's */
    const char *sku;
    unsigned vms;
    double tokens;
    unsigned gpus; /* the published GPU count, checked when not 0 */
    cal_metric metric;
    double published, pct;
    void (*more)(cal_ctx *c);
} cal_run;

static void calibrate(cal_ctx *c, const cal_run *r)
{
    double got;
    aivm_error err = AIVM_ERROR_INIT;
    c->s = size(r->sku);
    c->f = deployment(c->s, r->vms);
    resolve(&c->wl, &c->sz, AIVM_PHASE_TRAIN, r->model, r->params);
    if (r->precision) {
        c->wl.sizing_in.precision = r->precision;
        c->wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
        if (aivm_sizing_resolve(&c->sz, &c->wl, shipped.models, &err) < 0)
            fail_msg("resolve: %s", err.msg);
    }
    set_tokens(&c->wl, r->tokens);
    aivm_work_estimate_for(&c->e, &c->wl, &c->f, c->s, gpu_of(c->s));
    assert_true(c->e.known);
    if (r->gpus)
        assert_int_equal(c->e.gpus, r->gpus);
    got = r->metric == CAL_GPU_HOURS   ? c->e.gpu_hours
          : r->metric == CAL_WALL_DAYS ? c->e.wall_hours / 24
                                       : c->e.tokens / (c->e.wall_hours * 3600) / c->e.gpus;
    within_as(r->what, got, r->published, r->pct);
    if (r->more)
        r->more(c);
}

/* Llama 2 7B: the hand-worked figure, Ampere's MFU and its spread, and
 * recomputation as time, not model FLOPs. */
static void llama2_7b_more(cal_ctx *c)
{
    aivm_work_estimate full;
    assert_true(!c->e.mfu_no_ib); /* NDm A100 v4 has InfiniBand */
    /* the hand-worked figure at 0.43 x the size factor sqrt(6.74 / 8) of a model below 8B */
    double k = sqrt(6.74 / 8);
    within(c->e.gpu_hours, 180021 * 0.40 / (0.43 * k), 0.1);
    assert_true(fabs(c->e.mfu - 0.43 * k) < 1e-12 && fabs(c->e.mfu_lo - 0.38 * k) < 1e-12 &&
                fabs(c->e.mfu_hi - 0.48 * k) < 1e-12);
    assert_true(c->e.gpu_hours_lo < 184320 && 184320 < c->e.gpu_hours_hi); /* the spread holds it */
    assert_non_null(strstr(c->e.mfu_source, "2307.09288"));
    /* recomputation is time, not model FLOPs: full (the flag) x 8/6, same FLOPs */
    c->sz.act_ckpt = true;
    c->sz.source[AIVM_SZ_ACT_CKPT] = AIVM_SRC_FLAG;
    aivm_work_estimate_for(&full, &c->wl, &c->f, c->s, gpu_of(c->s));
    assert_true(full.flops == c->e.flops && full.recompute == AIVM_TP_RECOMPUTE_FULL);
    assert_true(fabs(full.wall_hours - c->e.wall_hours * 8 / 6) < 1e-6 * c->e.wall_hours);
    assert_true(fabs(c->e.wall_hours - c->e.gpu_hours / 256) < 1e-6);
}

/* Llama 3 8B: the card's hours are outside the spread (the gap is stated). */
static void llama3_8b_more(cal_ctx *c)
{
    assert_true(c->e.gpu_hours_hi < 1.3e6);
}

/* DeepSeek-V3: the preset's 671B with 37B active, FP8 counted at the BF16
 * peak with the published speed-up, a mixture of experts' MFU (x 0.55). */
static void deepseek_v3_more(cal_ctx *c)
{
    assert_true(c->sz.params == 671e9 && aivm_tp_active_params(&c->sz) == 37e9);
    assert_true(c->e.fp8_as_bf16);
    assert_true(fabs(c->e.mfu - 0.38 * AIVM_TP_MOE_TRAIN_FACTOR) < 1e-12);
    assert_true(c->e.gpu_hours_lo < 2.664e6 && 2.664e6 < c->e.gpu_hours_hi);
}

#define A100 "Standard_ND96amsr_A100_v4"
#define H100 "Standard_ND96isr_H100_v5"

static const cal_run cal_runs[] = {
    /* Llama 2 paper (Touvron et al. 2023, arXiv 2307.09288), Table 2: 7B 184,320
     * and 70B 1,720,320 A100-80GB GPU-hours for 2T tokens. */
    {"Llama 2 7B", "llama-2-7b", 0, 0, A100, 32, 2e12, 0, CAL_GPU_HOURS, 184320, 25,
     llama2_7b_more},
    {"Llama 2 70B", "llama-2-70b", 0, 0, A100, 32, 2e12, 0, CAL_GPU_HOURS, 1720320, 25, NULL},
    /* LLaMA paper (Touvron et al. 2023, arXiv 2302.13971): the 65B model
     * processes about 380 tokens/s/GPU on 2,048 A100-80GB, so 1.4T tokens take
     * about 21 days. */
    {"LLaMA 65B days", NULL, 65.2e9, 0, A100, 256, 1.4e12, 2048, CAL_WALL_DAYS, 21, 25, NULL},
    {"LLaMA 65B tokens/s/GPU", NULL, 65.2e9, 0, A100, 256, 1.4e12, 2048, CAL_TOKENS_PER_GPU_S, 380,
     25, NULL},
    /* Llama 3.1 model card: 405B, about 15.6T tokens, 30.84M H100-80GB GPU-hours
     * (the Llama 3 paper, arXiv 2407.21783, reports 38-43 % BF16 MFU). */
    {"Llama 3.1 405B", "llama-3.1-405b", 0, 0, H100, 2048, 15.6e12, 0, CAL_GPU_HOURS, 30.84e6, 25,
     NULL},
    /* OPT-175B (Zhang et al. 2022, arXiv 2205.01068): 147 TFLOP/s per A100-80GB
     * over the run; 180B tokens on 992 GPUs. The estimate's tokens/s per GPU at
     * Ampere's MFU within 25 % of 147 TFLOP/s / 6N. */
    {"OPT-175B", NULL, 175e9, 0, A100, 124, 180e9, 992, CAL_TOKENS_PER_GPU_S, 147e12 / (6 * 175e9),
     25, NULL},
    /* Llama 3 8B (Meta's model card: 1.3 M H100-80GB GPU-hours for 15T tokens).
     * Not a fair anchor: that is MFU 0.16, the utilisation of an 8B model's small
     * GEMMs spread over a large data-parallel run (and whatever else the card's
     * hours hold); the estimate keeps the Hopper MFU of the large runs and is 2.4x
     * lower. The row pins the documented gap (docs/throughput.md), so a change
     * of the model shows here: 0.16 / 0.38 of the card's hours. */
    {"Llama 3 8B gap", "llama-3-8b", 0, 0, H100, 256, 15e12, 0, CAL_GPU_HOURS, 1.3e6 * 0.41, 10,
     llama3_8b_more},
    /* DeepSeek-V3 (arXiv 2412.19437): 2.664 M H800 GPU-hours of pre-training on
     * 14.8T tokens, 37B of 671B parameters active per token, FP8 mixed precision.
     * The H800 is the H100 with a slower NVLink (same dense peaks): counted on
     * ND H100 v5 at the Hopper MFU, the FP8 speed-up and the MoE factor (both
     * calibrated on NVIDIA's tables, not on this run). */
    {"DeepSeek-V3", "deepseek-v3", 0, AIVM_PREC_FP8, H100, 256, 14.8e12, 0, CAL_GPU_HOURS, 2.664e6,
     25, deepseek_v3_more},
    /* NVIDIA Megatron-Bridge 25.11 (docs/performance-summary.md, DGX-H100, FP8 current
     * scaling): tuned dense FP8 pre-training, tokens/s per GPU on 8, 64 and 1,024 GPUs. */
    {"Llama 3 8B FP8 (Megatron-Bridge)", "llama-3-8b", 0, AIVM_PREC_FP8, H100, 1, 1e12, 8,
     CAL_TOKENS_PER_GPU_S, 14451, 25, NULL},
    {"Llama 3 70B FP8 (Megatron-Bridge)", "llama-3-70b", 0, AIVM_PREC_FP8, H100, 8, 1e12, 64,
     CAL_TOKENS_PER_GPU_S, 1602, 25, NULL},
    {"Llama 3.1 405B FP8 (Megatron-Bridge)", "llama-3.1-405b", 0, AIVM_PREC_FP8, H100, 128, 1e12,
     1024, CAL_TOKENS_PER_GPU_S, 292, 25, NULL},
};

/* MFU by model size (docs/throughput.md, "MFU by model size"): Meta's H100 runs on
 * one cluster, as ratios to Llama 3 8B (model cards: Llama 3.2 1B 370k and 3B 460k
 * GPU-hours for up to 9T tokens, logits generated apart, 86k; Llama 3 8B 1.3M for 15T)
 * cancel the cluster's scale effects: 0.325 and 0.678. Llama 2 7B over 70B on A100
 * (arXiv 2307.09288, Table 2: 0.39 / 0.44): 0.89. The curve within 25 % of each. */
static void test_calibration_mfu_by_size(void **state)
{
    static const struct {
        const char *model;
        double published;
    } rows[] = {{"llama-3.2-1b", 0.325}, {"llama-3.2-3b", 0.678}, {"llama-2-7b", 0.89}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        aivm_workload wl;
        aivm_sizing sz;
        resolve(&wl, &sz, AIVM_PHASE_TRAIN, rows[i].model, 0);
        within_as(rows[i].model, aivm_tp_mfu_scale(&sz), rows[i].published, 25);
    }
}

static void test_calibration_published_runs(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cal_runs / sizeof *cal_runs; i++) {
        cal_ctx c;
        calibrate(&c, &cal_runs[i]);
    }
}

/* Through the engine (what the CLI prints): 70B pretraining turns checkpointing
 * on by itself, which recomputes selectively (a few percent), never a second
 * forward pass on top of an MFU calibrated on 6N: Llama 2 70B within 10 % of
 * its 1,720,320 GPU-hours on NDm A100 v4. */
static void test_calibration_through_the_engine(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_rules *rules = load_shipped_rules();
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_sizing sz;
    aivm_advice *adv = NULL;
    const aivm_candidate *c = NULL;
    (void)state;
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.sizing_in.model = "llama-2-70b";
    wl.sizing_in.set |= 1u << AIVM_SZ_MODEL;
    set_tokens(&wl, 2e12);
    wl.work.max_days = 0;
    wl.work.set |= 1u << AIVM_WK_MAX_DAYS;
    if (aivm_sizing_resolve(&sz, &wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    wl.sizing = &sz;
    assert_true(sz.act_ckpt && sz.source[AIVM_SZ_ACT_CKPT] == AIVM_SRC_DERIVED);
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    wl.today = "2026-12-01";
    assert_int_equal(aivm_advise(&adv, shipped.cat, rules, &wl, NULL, &err), 0);
    for (size_t i = 0; i < adv->n_ranked; i++)
        if (strcmp(aivm_str(&adv->ranked[i].size->name), "Standard_ND96amsr_A100_v4") == 0)
            c = &adv->ranked[i];
    assert_non_null(c);
    assert_true(c->work.recompute == AIVM_TP_RECOMPUTE_SELECTIVE);
    within(c->work.gpu_hours, 1720320, 10);
    aivm_advice_free(adv);
    aivm_rules_free(rules);
}

static void test_mfu_override_and_no_ib(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e, slow;
    const aivm_size *nc = size("Standard_NC96ads_A100_v4"); /* no InfiniBand */
    aivm_fit one = deployment(nc, 1), two = deployment(nc, 2);
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_TRAIN, "llama-2-7b", 0);
    set_tokens(&wl, 2e10);
    aivm_work_estimate_for(&e, &wl, &one, nc, gpu_of(nc));
    aivm_work_estimate_for(&slow, &wl, &two, nc, gpu_of(nc));
    assert_true(!e.mfu_no_ib && slow.mfu_no_ib);
    assert_true(fabs(slow.mfu - aivm_tp_mfu_for(gpu_of(nc))->mfu * aivm_tp_mfu_scale(&sz) *
                                    AIVM_TP_NO_IB_FACTOR) < 1e-12);
    assert_true(fabs(slow.gpu_hours - 2 * e.gpu_hours) < 1e-6); /* twice the GPU-hours */
    wl.work.mfu = 0.5;
    wl.work.set |= 1u << AIVM_WK_MFU;
    aivm_work_estimate_for(&slow, &wl, &two, nc, gpu_of(nc));
    assert_true(slow.mfu == 0.5 && !slow.mfu_no_ib); /* --mfu is taken as given */
    /* epochs x dataset tokens is the same amount */
    wl.work.set = (1u << AIVM_WK_EPOCHS) | (1u << AIVM_WK_DATASET_TOKENS);
    wl.work.epochs = 4;
    wl.work.dataset_tokens = 5e9;
    aivm_work_estimate_for(&slow, &wl, &one, nc, gpu_of(nc));
    assert_true(fabs(slow.gpu_hours - e.gpu_hours) < 1e-6);
}

static void test_moe_active_params(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    const aivm_size *h100 = size("Standard_ND96isr_H100_v5");
    aivm_fit f = deployment(h100, 1);
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_TRAIN, "mixtral-8x7b", 0);
    assert_true(aivm_tp_active_params(&sz) == 12.9e9); /* arXiv 2401.04088: 13B active */
    set_tokens(&wl, 1e9);
    aivm_work_estimate_for(&e, &wl, &f, h100, gpu_of(h100));
    assert_true(e.flops_per_token == 6 * 12.9e9);
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "mixtral-8x7b", 0);
    wl.work.tokens_per_second = 100;
    wl.work.set |= 1u << AIVM_WK_TOKENS_PER_SECOND;
    aivm_work_estimate_for(&e, &wl, &f, h100, gpu_of(h100));
    assert_true(e.weight_bytes == 46.7e9 * 2); /* every expert is read from memory */
    assert_true(e.active_params == 12.9e9);
}

static aivm_work_estimate serve(const char *model, aivm_precision p, const char *sku,
                                unsigned concurrency, unsigned prompt, unsigned output)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    const aivm_size *s = size(sku);
    aivm_fit f;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, model, 0);
    if (p)
        sz.precision = sz.kv_precision = p;
    sz.concurrency = concurrency;
    sz.source[AIVM_SZ_CONCURRENCY] = AIVM_SRC_FLAG; /* the batch is the one given */
    wl.work.tokens_per_second = 1000;
    wl.work.prompt_tokens = prompt;
    wl.work.output_tokens = output;
    wl.work.set |= (1u << AIVM_WK_TOKENS_PER_SECOND) | (1u << AIVM_WK_PROMPT_TOKENS) |
                   (1u << AIVM_WK_OUTPUT_TOKENS);
    f = deployment(s, 1);
    f.gpus_needed = 1; /* one GPU per replica */
    f.replica_vms = 1;
    aivm_work_estimate_for(&e, &wl, &f, s, gpu_of(s));
    assert_true(e.known);
    return e;
}

/* --active-params (a custom mixture of experts): compute counts the active
 * parameters (6N training, 2N serving, the weights a decode step reads at batch 1),
 * memory counts all of them; more active than total parameters is an error. */
static void test_active_params_input(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_sizing sz;
    aivm_work_estimate e;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *h100 = size("Standard_ND96isr_H100_v5");
    aivm_fit f = deployment(h100, 2);
    (void)state;
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.sizing_in.params = 671e9;
    wl.sizing_in.active_params = 37e9;
    wl.sizing_in.set = (1u << AIVM_SZ_PARAMS) | (1u << AIVM_SZ_ACTIVE_PARAMS);
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), 0);
    wl.sizing = &sz;
    assert_true(sz.active_params == 37e9 && sz.source[AIVM_SZ_ACTIVE_PARAMS] == AIVM_SRC_FLAG);
    assert_true(fabs(sz.mem.weights - 671e9 * 2 / 1073741824.0) < 1e-6); /* all in memory */
    set_tokens(&wl, 1e9);
    aivm_work_estimate_for(&e, &wl, &f, h100, gpu_of(h100));
    assert_true(e.known && e.flops_per_token == 6 * 37e9);
    /* serving at batch 1 reads the active weights per step; a batch reads the shared
     * weights and the distinct experts its tokens touch: at 64 tokens E (1 - (1 - 8/256)^64)
     * = 222.4 of 256 routed experts, 87 % of the weights */
    e = serve("deepseek-v3", AIVM_PREC_FP8, "Standard_ND96isr_H100_v5", 1, 1024, 256);
    assert_true(e.weight_bytes == 671e9 && fabs(e.weight_read_bytes - 37e9) < 1);
    e = serve("deepseek-v3", AIVM_PREC_FP8, "Standard_ND96isr_H100_v5", 64, 1024, 256);
    {
        double expert = (671e9 - 37e9) / 248;
        double want = 37e9 - 8 * expert + expert * aivm_tp_experts_read(256, 8, 64);
        assert_true(fabs(e.weight_read_bytes - want) < 1 && want < 0.88 * 671e9);
    }
    /* a dense model reads every weight at any batch */
    e = serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5", 1, 1024, 256);
    assert_true(e.weight_read_bytes == e.weight_bytes);
    /* more active than total parameters */
    wl.sizing_in.active_params = 700e9;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "active parameters 700B are more than the model's 671B"));
    /* a preset's active parameters, unless --params overrides the count */
    wl.sizing_in = (aivm_sizing_input)AIVM_SIZING_INPUT_INIT;
    wl.sizing_in.model = "qwen3-30b-a3b";
    wl.sizing_in.set = 1u << AIVM_SZ_MODEL;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), 0);
    assert_true(sz.active_params == 3.3e9 && sz.source[AIVM_SZ_ACTIVE_PARAMS] == AIVM_SRC_PRESET);
    assert_int_equal(sz.head_dim, 128); /* config.json's, not hidden / heads = 64 */
    wl.sizing_in.params = 60e9;
    wl.sizing_in.set |= 1u << AIVM_SZ_PARAMS;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), 0);
    assert_true(sz.active_params == 0 && aivm_tp_active_params(&sz) == 60e9);
}

/* FP4 weights where the GPU has FP4 tensor cores (GB200, GB300: the catalog's native
 * precisions): 0.5 byte per weight, the FP4 dense peak (Blackwell datasheets: GB200
 * 10 PFLOPS, GB300 15 PFLOPS dense per GPU); H100 does not run it; training and an
 * fp4 KV cache are refused. */
static void test_fp4_inference(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_dtype dt;
    aivm_error err = AIVM_ERROR_INIT;
    bool known = false;
    const aivm_size *gb200 = size("Standard_ND128isr_NDR_GB200_v6");
    const aivm_size *gb300 = size("Standard_ND128isr_GB300_v6");
    aivm_work_estimate e;
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "llama-3.1-70b", 0);
    wl.sizing_in.precision = AIVM_PREC_FP4;
    wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), 0);
    assert_true(fabs(sz.mem.weights - 70.6e9 * 0.5 / 1073741824.0) < 1e-6);
    assert_int_equal(sz.kv_precision, AIVM_PREC_BF16); /* a 16-bit KV cache */
    assert_true(aivm_tp_peak(&sz, gpu_of(gb200), &dt, NULL) == 10000);
    assert_int_equal(dt, AIVM_DT_FP4);
    assert_true(aivm_tp_peak(&sz, gpu_of(gb300), &dt, NULL) == 15000);
    assert_true(aivm_sizing_runs_on(&sz, gb200, &known) && known);
    assert_false(aivm_sizing_runs_on(&sz, size("Standard_ND96isr_H100_v5"), &known));
    assert_false(aivm_sizing_runs_on(&sz, size("Standard_ND96isr_H200_v5"), &known));
    /* decode at batch 1 reads a quarter of the bf16 bytes */
    e = serve("llama-3.1-70b", AIVM_PREC_FP4, "Standard_ND128isr_NDR_GB200_v6", 1, 128, 512);
    assert_true(e.weight_bytes == 70.6e9 * 0.5 && e.peak_dtype == AIVM_DT_FP4);
    /* refused for training and for the KV cache */
    wl.phase = AIVM_PHASE_TRAIN;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "fp4 weights are for inference"));
    wl.phase = AIVM_PHASE_INFERENCE;
    wl.sizing_in.kv_precision = AIVM_PREC_FP4;
    wl.sizing_in.set |= 1u << AIVM_SZ_KV_PRECISION;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "fp4 is a weight format"));
}

/* Per-SKU GPU figures (datasheets): the NC H100 v5 sizes have the H100 NVL (94 GB,
 * 3.9 TB/s, dense bf16 835.5), ND A100 v4 the A100 40GB (1,555 GB/s), NC A100 v4 the
 * A100 80GB PCIe (1,935 GB/s); the SXM sizes keep the main figures. */
static void test_gpu_variants_per_sku(void **state)
{
    const aivm_gpu_model *nvl = gpu_of(size("Standard_NC40ads_H100_v5"));
    const aivm_gpu_model *cc = gpu_of(size("Standard_NCC40ads_H100_v5"));
    const aivm_gpu_model *sxm = gpu_of(size("Standard_ND96isr_H100_v5"));
    const aivm_gpu_model *a40 = gpu_of(size("Standard_ND96asr_v4"));
    const aivm_gpu_model *pcie = gpu_of(size("Standard_NC24ads_A100_v4"));
    const aivm_gpu_model *a80 = gpu_of(size("Standard_ND96amsr_A100_v4"));
    aivm_work_estimate n, x;
    double r;
    (void)state;
    assert_string_equal(nvl->model, "H100 NVL");
    assert_ptr_equal(cc, nvl);
    assert_true(nvl->memory_bandwidth_gbs == 3900 && nvl->memory_gb == 94);
    assert_true(nvl->tflops[AIVM_DT_BF16] == 835.5 && nvl->tflops[AIVM_DT_FP8] == 1670.5);
    assert_true(nvl->interconnect_gbs == 0); /* PCIe on Azure */
    assert_string_equal(sxm->model, "H100");
    assert_true(sxm->memory_bandwidth_gbs == 3350 && sxm->tflops[AIVM_DT_BF16] == 989.5);
    assert_true(a40->memory_bandwidth_gbs == 1555 && a40->memory_gb == 40);
    assert_true(pcie->memory_bandwidth_gbs == 1935 && pcie->interconnect_gbs == 0);
    assert_true(a80->memory_bandwidth_gbs == 2039);
    /* the variant is found by the size's model name, and by its own */
    assert_ptr_equal(aivm_catalog_gpu_model(shipped.cat, "H100"), sxm);
    assert_ptr_equal(aivm_catalog_gpu_model(shipped.cat, "H100 NVL"), nvl);
    /* decode at batch 1 follows the bandwidth: NVL over SXM = 3.9 / 3.35 */
    n = serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_NC40ads_H100_v5", 1, 128, 512);
    x = serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5", 1, 128, 512);
    r = n.tokens_per_second_per_replica / x.tokens_per_second_per_replica;
    assert_true(fabs(r - 3900.0 / 3350.0) / (3900.0 / 3350.0) < 0.03);
}

/* One replica of `tp` GPUs of `sku` (--gpus tp pins the tensor-parallel degree), the
 * batch from the KV room as the engine sizes it (at most AIVM_TP_MAX_BATCH): its
 * output tokens/s. */
static double serve_tp(const char *model, aivm_precision p, const char *sku, unsigned tp,
                       unsigned prompt, unsigned output)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *s = size(sku);
    aivm_fit f;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, model, 0);
    wl.sizing_in.precision = wl.sizing_in.kv_precision = p;
    wl.sizing_in.gpus = tp;
    wl.sizing_in.set |=
        (1u << AIVM_SZ_PRECISION) | (1u << AIVM_SZ_KV_PRECISION) | (1u << AIVM_SZ_GPUS);
    wl.work.tokens_per_second = 1000; /* before the sizing: the request sets the context */
    wl.work.prompt_tokens = prompt;
    wl.work.output_tokens = output;
    wl.work.set |= (1u << AIVM_WK_TOKENS_PER_SECOND) | (1u << AIVM_WK_PROMPT_TOKENS) |
                   (1u << AIVM_WK_OUTPUT_TOKENS);
    if (aivm_sizing_resolve(&sz, &wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    aivm_fit_compute(&f, &sz, s);
    assert_true(f.fits);
    aivm_work_estimate_for(&e, &wl, &f, s, gpu_of(s));
    assert_true(e.known);
    assert_int_equal(e.tensor_parallel, tp);
    return e.tokens_per_second_per_replica;
}

/* A service sized by the engine's fit (the fewest GPUs that hold a replica), the
 * batch from the KV room, with latency limits in ms (0: none). */
static aivm_work_estimate serve_fit(const char *model, aivm_precision p, const char *sku,
                                    double target, unsigned prompt, unsigned output,
                                    double max_ttft, double max_tpot)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *s = size(sku);
    aivm_fit f;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, model, 0);
    wl.work.tokens_per_second = target; /* before the sizing: the request sets the context */
    wl.work.prompt_tokens = prompt;
    wl.work.output_tokens = output;
    wl.work.set |= (1u << AIVM_WK_TOKENS_PER_SECOND) | (1u << AIVM_WK_PROMPT_TOKENS) |
                   (1u << AIVM_WK_OUTPUT_TOKENS);
    if (p) {
        wl.sizing_in.precision = p;
        wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    }
    if (aivm_sizing_resolve(&sz, &wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    if (max_ttft > 0) {
        wl.work.max_ttft_ms = max_ttft;
        wl.work.set |= 1u << AIVM_WK_MAX_TTFT_MS;
    }
    if (max_tpot > 0) {
        wl.work.max_tpot_ms = max_tpot;
        wl.work.set |= 1u << AIVM_WK_MAX_TPOT_MS;
    }
    aivm_fit_compute(&f, &sz, s);
    assert_true(f.fits);
    aivm_work_estimate_for(&e, &wl, &f, s, gpu_of(s));
    assert_true(e.known);
    return e;
}

/* The tensor-parallel degree is chosen: 70B fp8 (300 + 294 tokens, 20,000 tokens/s,
 * the load of NVIDIA's published 8 x H100 Llama 2 70B FP8 results) fits one 80 GB GPU,
 * which leaves room for a handful of sequences (11 VMs for the target); two GPUs per
 * replica batch 256 sequences each: one VM meets the target. */
/* NVIDIA's TensorRT-LLM performance overview (docs/source/performance/perf-overview.md,
 * v1.0, github.com/NVIDIA/TensorRT-LLM commit 00f37686aa85; trtllm-bench throughput,
 * PyTorch backend, "Total Output Throughput (tokens/sec)" at maximum load, uniform
 * ISL/OSL, NVIDIA's ModelOpt FP8 checkpoints; DGX H100 SXM 80GB and DGX H200 SXM 141GB)
 * against one replica of the published TP degree as the tool sizes it (batch from the
 * KV room, at most 256; the KV cache in fp8 like the FP8 checkpoints': with a bf16 KV
 * cache the long-output rows fall 40-60 % short). docs/throughput.md has every row. */
typedef struct {
    const char *model, *sku;
    unsigned tp;
    double tok_s[10]; /* at io[] below */
    double lo, hi;    /* the band the test allows, % */
} trtllm_run;

static void test_calibration_trtllm(void **state)
{
    static const unsigned io[10][2] = {{128, 128},   {128, 2048},  {128, 4096}, {500, 2000},
                                       {1000, 1000}, {1000, 2000}, {2048, 128}, {2048, 2048},
                                       {5000, 500},  {20000, 2000}};
    static const trtllm_run runs[] = {
        {"llama-3.1-8b",
         "Standard_ND96isr_H200_v5",
         1,
         {27911, 26221, 18027, 20770, 17744, 16828, 3538, 12194, 3902, 1804},
         -25,
         25},
        {"llama-3.1-8b",
         "Standard_ND96isr_H100_v5",
         1,
         {28312, 22714, 14325, 17660, 15220, 13899, 3450, 9305, 3459, 1351},
         -25,
         25},
        {"llama-3.3-70b",
         "Standard_ND96isr_H200_v5",
         1,
         {3803, 4336, 2872, 3666, 2909, 2994, 442, 2003, 566, 283},
         -25,
         25},
        {"llama-3.3-70b",
         "Standard_ND96isr_H100_v5",
         2,
         {6378, 6651, 4199, 5222, 4205, 4146, 762, 3082, 898, 437},
         -25,
         25},
        /* not a fair +-25 %: at TP 8 the estimate runs up to +62 % over (H200 128/4096):
         * 126 layers' all-reduces per step and the bandwidth a 1/8 shard reaches are
         * not modelled beyond a fixed latency and MBU; the band pins the gap */
        {"llama-3.1-405b",
         "Standard_ND96isr_H200_v5",
         8,
         {3814, 5348, 4741, 4724, 3330, 3722, 456, 2948, 650, 505},
         -25,
         65},
        {"llama-3.1-405b",
         "Standard_ND96isr_H100_v5",
         8,
         {3627, 4340, 3116, 3994, 2919, 2895, 453, 2296, 610, 345},
         -35,
         60},
    };
    (void)state;
    for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
        for (size_t i = 0; i < 10; i++) {
            double got =
                serve_tp(runs[r].model, AIVM_PREC_FP8, runs[r].sku, runs[r].tp, io[i][0], io[i][1]);
            double gap = (got - runs[r].tok_s[i]) / runs[r].tok_s[i] * 100;
            if (gap < runs[r].lo || gap > runs[r].hi)
                fail_msg("%s on %s TP %u, %u/%u: %.0f tokens/s vs published %.0f (%+.1f %%)",
                         runs[r].model, runs[r].sku, runs[r].tp, io[i][0], io[i][1], got,
                         runs[r].tok_s[i], gap);
        }
}

/* Vendors and formats, one VM of each at the engine's degree, Llama 2 70B at MLPerf's
 * lengths (300 + 294 tokens), against published runs (docs/throughput.md, "Vendors
 * and formats"):
 * - DGX H100 (8 x H100 SXM, FP8): 24,525 tokens/s, MLPerf Inference v4.1 offline (as
 *   quoted by Microsoft, "Breaking the Million-Token Barrier", techcommunity, 2025-11-03);
 * - 8 x MI300X (FP8): within 2-3 % of DGX H100, offline and server (AMD, "Engineering
 *   Insights: Unveiling MLPerf Results on AMD Instinct MI300X Accelerators", 2024-08-28):
 *   24,525 x 0.97, and below the H200 (MLPerf v4.1);
 * - ND GB200 v6 (4 x GB200, FP4): 865,000 tokens/s on the 18 VMs of one NVL72, 12,022 per
 *   GPU (Microsoft, "Azure's ND GB200 v6 delivers record performance for inference");
 * - ND GB300 v6 (4 x GB300, FP4, MLPerf v5.1): 61,164 tokens/s average per VM (the same
 *   Microsoft post of 2025-11-03, observed by Signal65). */
static double vm_tokens(const char *model, aivm_precision p, const char *sku, unsigned prompt,
                        unsigned output)
{
    aivm_work_estimate e = serve_fit(model, p, sku, 100000, prompt, output, 0, 0);
    return e.unit_tokens_per_second / (e.unit_vms ? e.unit_vms : 1);
}

static void vm_within(const char *what, double got, double published, double band)
{
    double gap = (got - published) / published * 100;
    if (fabs(gap) > band)
        fail_msg("%s: %.0f tokens/s per VM vs published %.0f (%+.1f %%, band %.0f %%)", what, got,
                 published, gap, band);
}

static void test_calibration_vendor(void **state)
{
    double mi = vm_tokens("llama-2-70b", AIVM_PREC_FP8, "Standard_ND96isr_MI300X_v5", 300, 294);
    double h100 = vm_tokens("llama-2-70b", AIVM_PREC_FP8, "Standard_ND96isr_H100_v5", 300, 294);
    double h200 = vm_tokens("llama-2-70b", AIVM_PREC_FP8, "Standard_ND96isr_H200_v5", 300, 294);
    (void)state;
    vm_within("8 x H100 SXM fp8", h100, 24525, 25);
    vm_within("8 x MI300X fp8", mi, 24525 * 0.97, 25);
    /* the ratio itself: 0.97-0.98 published; 1.56 before the CDNA3 factor */
    if (mi / h100 < 0.90 || mi / h100 > 1.05)
        fail_msg("MI300X / H100 per VM %.3f, published 0.97-0.98", mi / h100);
    assert_true(mi < h200);
    vm_within("ND GB200 v6 fp4",
              vm_tokens("llama-2-70b", AIVM_PREC_FP4, "Standard_ND128isr_NDR_GB200_v6", 300, 294),
              865000.0 / 18, 25);
    vm_within("ND GB300 v6 fp4",
              vm_tokens("llama-2-70b", AIVM_PREC_FP4, "Standard_ND128isr_GB300_v6", 300, 294),
              61164, 25);
    /* the factor is stated with its source, and NVIDIA's is 1 */
    assert_true(aivm_tp_serve_fact_for(gpu_of(size("Standard_ND96isr_MI300X_v5")))->mfu < 0.7);
    assert_non_null(strstr(
        aivm_tp_serve_fact_for(gpu_of(size("Standard_ND96isr_MI300X_v5")))->source, "MLPerf"));
    assert_true(aivm_tp_serve_fact_for(gpu_of(size("Standard_ND96isr_H100_v5")))->mfu == 1.0);
}

/* A mixture of experts at small batches (docs/throughput.md, "Mixture of experts at
 * small batches"): DeepSeek-R1 at concurrency 1 (1,024 prompt + 2,048 output tokens).
 * - TensorRT-LLM on 8 x B200, FP4 experts, no multi-token prediction: 111 tokens/s per
 *   user, 9.0 ms per token (tech blog 1, "Pushing Latency Boundaries: Optimizing
 *   DeepSeek-R1 Performance on NVIDIA B200 GPUs"); one ND GB200 v6 VM (4 Blackwell GPUs,
 *   the same 8 TB/s each) is the tool's nearest replica. The weights' roofline alone gave
 *   2.9 ms (-68 %).
 * - At full load the floor does not bind: NVIDIA's DGX B200 serves R1 at FP4 at "over
 *   30,000 tokens/s" (1k/2k; NVIDIA, "NVIDIA Blackwell Delivers World-Record DeepSeek-R1
 *   Inference Performance", GTC 2025): two ND GB200 v6 VMs. */
static aivm_work_estimate serve_batch(const char *model, aivm_precision p, const char *sku,
                                      unsigned concurrency, unsigned prompt, unsigned output)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *s = size(sku);
    aivm_fit f;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, model, 0);
    wl.work.tokens_per_second = 1000;
    wl.work.prompt_tokens = prompt;
    wl.work.output_tokens = output;
    wl.work.set |= (1u << AIVM_WK_TOKENS_PER_SECOND) | (1u << AIVM_WK_PROMPT_TOKENS) |
                   (1u << AIVM_WK_OUTPUT_TOKENS);
    wl.sizing_in.precision = p;
    wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    if (concurrency) {
        wl.sizing_in.concurrency = concurrency;
        wl.sizing_in.set |= 1u << AIVM_SZ_CONCURRENCY;
    }
    if (aivm_sizing_resolve(&sz, &wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    aivm_fit_compute(&f, &sz, s);
    assert_true(f.fits);
    aivm_work_estimate_for(&e, &wl, &f, s, gpu_of(s));
    assert_true(e.known);
    return e;
}

static void test_calibration_moe_small_batch(void **state)
{
    aivm_work_estimate b1, full, dense;
    (void)state;
    b1 = serve_batch("deepseek-r1", AIVM_PREC_FP4, "Standard_ND128isr_NDR_GB200_v6", 1, 1024, 2048);
    if (fabs(b1.tpot_s * 1e3 - 9.0) / 9.0 > 0.25)
        fail_msg("R1 batch 1: %.2f ms per token vs 9.0 published", b1.tpot_s * 1e3);
    assert_true(b1.floor_bound);
    assert_true(b1.step_floor_s > 0);
    full =
        serve_batch("deepseek-r1", AIVM_PREC_FP4, "Standard_ND128isr_NDR_GB200_v6", 0, 1024, 2048);
    assert_false(full.floor_bound);
    vm_within("2 x ND GB200 v6, DeepSeek-R1 fp4 at full load",
              2 * full.unit_tokens_per_second / (full.unit_vms ? full.unit_vms : 1), 30000, 25);
    /* an early stack (SGLang 0.4.3 on 8 x H200, FP8: 33 tokens/s single-user, ~30 ms) is
     * 3.3x slower than TensorRT-LLM's floor: not a fair +-25 %; the gap is pinned */
    b1 = serve_batch("deepseek-r1", AIVM_PREC_FP8, "Standard_ND96isr_H200_v5", 1, 1024, 256);
    if (b1.tpot_s * 1e3 / 30.3 < 0.2 || b1.tpot_s * 1e3 / 30.3 > 0.45)
        fail_msg("R1 fp8 batch 1 on 8 x H200: %.2f ms vs ~30 published (SGLang 0.4.3)",
                 b1.tpot_s * 1e3);
    /* a dense model has no floor: its batch-1 step stays the weights' read */
    dense = serve_batch("llama-3.1-8b", AIVM_PREC_FP8, "Standard_ND96isr_H100_v5", 1, 1024, 256);
    assert_true(dense.step_floor_s == 0);
    assert_false(dense.floor_bound);
}

/* Encoders on CPU sizes (docs/throughput.md, "Encoders on CPU sizes"): the processor
 * class is the oldest host a size may land on, and each class's rate reproduces its
 * MLPerf BERT-99 run: 2 x Xeon 8480+ (224 threads, AMX) 1,089.77 samples/s in the
 * Server scenario, 2 x Xeon 8380 (160 threads, AVX-512 VNNI) 139.97 (MLPerf Inference
 * v3.1 and v1.1 closed, Intel). */
static void test_cpu_encoder_serving(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_fit f;
    const aivm_size *fx = size("Standard_FX2ms_v2");
    double flops384 = (2 * 340e6 + 2.0 * 24 * 384 * 1024) * 384;
    (void)state;
    assert_int_equal(aivm_tp_cpu_isa_of(fx), AIVM_CPU_ISA_AMX);
    assert_int_equal(aivm_tp_cpu_isa_of(size("Standard_F2as_v6")), AIVM_CPU_ISA_AVX512);
    /* may land on Skylake (no VNNI) or Milan: counted at the oldest host's class */
    assert_int_equal(aivm_tp_cpu_isa_of(size("Standard_F2s_v2")), AIVM_CPU_ISA_AVX2);
    assert_int_equal(aivm_tp_cpu_isa_of(size("Standard_D2as_v5")), AIVM_CPU_ISA_AVX2);
    assert_int_equal(aivm_tp_cpu_isa_of(size("Standard_E2s_v5")), AIVM_CPU_ISA_AVX512);
    /* the calibration rows, per thread */
    assert_true(fabs(aivm_tp_cpu_fact_for(AIVM_CPU_ISA_AMX)->gflops * 1e9 * 224 / flops384 -
                     1089.77) < 0.5);
    assert_true(fabs(aivm_tp_cpu_fact_for(AIVM_CPU_ISA_AVX512)->gflops * 1e9 * 160 / flops384 -
                     139.97) < 0.5);
    assert_non_null(strstr(aivm_tp_cpu_fact_for(AIVM_CPU_ISA_AVX2)->source, "assumption"));
    /* BERT large at 384 tokens, 100 requests/s on FX2ms_v2: 2 vCPUs at AMX's rate */
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "bert-large", 0);
    wl.work.requests_per_second = 100;
    wl.work.prompt_tokens = 384;
    wl.work.set |= (1u << AIVM_WK_REQUESTS_PER_SECOND) | (1u << AIVM_WK_PROMPT_TOKENS);
    if (aivm_sizing_resolve(&sz, &wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    aivm_fit_compute(&f, &sz, fx);
    assert_true(f.fits);
    aivm_work_estimate_for(&e, &wl, &f, fx, NULL);
    assert_true(e.known);
    assert_true(e.cpu);
    assert_string_equal(e.cpu_isa, "amx");
    assert_true(fabs(e.unit_requests_per_second - 1089.77 / 224 * 2) < 0.01);
    assert_int_equal(e.vms, 11); /* ceil(100 / 9.73) */
    assert_true(fabs(e.ttft_s - 1 / (1089.77 / 224 * 2)) < 1e-6);
}

static void test_tensor_parallel_chosen(void **state)
{
    aivm_work_estimate e =
        serve_fit("llama-2-70b", AIVM_PREC_FP8, "Standard_ND96isr_H100_v5", 20000, 300, 294, 0, 0);
    (void)state;
    assert_true(e.tensor_parallel >= 2 && e.replica_gpus >= 2);
    assert_int_equal(e.pipeline_parallel, 1);
    assert_true(e.unit_tokens_per_second >= 20000);
    assert_int_equal(e.vms, 1);
    assert_true(e.allreduce_s > 0); /* the all-reduces are counted */
    /* a PCIe VM pays more per all-reduce than NVLink at the same degree */
    {
        aivm_work_estimate pcie = serve_fit("llama-3.1-70b", AIVM_PREC_UNSET,
                                            "Standard_NC96ads_A100_v4", 500, 1024, 256, 0, 0);
        aivm_work_estimate nvl = serve_fit("llama-3.1-70b", AIVM_PREC_UNSET,
                                           "Standard_ND96amsr_A100_v4", 500, 1024, 256, 0, 0);
        if (pcie.tensor_parallel == nvl.tensor_parallel)
            assert_true(pcie.allreduce_s > nvl.allreduce_s);
        assert_true(pcie.tensor_parallel >= 2 && nvl.tensor_parallel >= 2);
    }
}

/* Latency: the time per output token and to the first token; limits cap the batch,
 * and a limit no batch meets makes the estimate infeasible (the engine rejects it). */
static void test_latency_limits(void **state)
{
    aivm_work_estimate free_b = serve_fit("llama-2-70b", AIVM_PREC_UNSET,
                                          "Standard_ND96isr_H100_v5", 2000, 1024, 256, 0, 0);
    aivm_work_estimate capped = serve_fit("llama-2-70b", AIVM_PREC_UNSET,
                                          "Standard_ND96isr_H100_v5", 2000, 1024, 256, 450, 40);
    aivm_work_estimate none = serve_fit("llama-2-70b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5",
                                        2000, 1024, 256, 0, 1);
    (void)state;
    assert_true(free_b.tpot_s > 0 && free_b.ttft_s > free_b.tpot_s);
    /* TPOT = prefill share + step: tokens/s per replica = batch / TPOT */
    assert_true(fabs(free_b.tokens_per_second_per_replica - free_b.batch / free_b.tpot_s) <
                1e-6 * free_b.tokens_per_second_per_replica);
    assert_true(capped.tpot_s * 1e3 <= 40 + 1e-9 && capped.ttft_s * 1e3 <= 450 + 1e-9);
    assert_true(capped.batch_capped && capped.batch < free_b.batch);
    assert_true(!capped.latency_infeasible);
    assert_true(none.latency_infeasible); /* 1 ms per token: not even batch 1 */
}

static void test_decode_hand_worked(void **state)
{
    /* Llama 3.1 8B bf16 on one H100 at batch 1, 1024 + 256 tokens:
     * weights 8.03e9 x 2 = 16.06e9 B; KV at L = 1024 + 128 = 1152 tokens:
     * 2 x 32 layers x 8 KV heads x 128 x 2 B x 1152 = 150,994,944 B;
     * step = (16.06e9 + 0.151e9) / (3350e9 x 0.6) = 8.065 ms;
     * prefill = 2 x 8.03e9 x 1024 / (989.5e12 x 0.5) = 33.24 ms;
     * 256 / (0.03324 + 256 x 0.008065) = 122.0 tokens/s */
    aivm_work_estimate e =
        serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5", 1, 1024, 256);
    (void)state;
    assert_true(e.kv_bytes == 150994944.0);
    assert_true(fabs(e.step_memory_s - 8.065e-3) < 1e-5);
    assert_true(fabs(e.prefill_s - 33.24e-3) < 1e-4);
    assert_true(!e.compute_bound);
    assert_true(fabs(e.tokens_per_second_per_replica - 122.0) < 0.2);
    assert_int_equal(e.replicas_per_vm, 8); /* 8 one-GPU replicas in a VM of 8 GPUs */
    assert_true(fabs(e.unit_tokens_per_second - 8 * e.tokens_per_second_per_replica) < 1e-9);
    assert_int_equal(e.units, 2); /* 1000 tokens/s: 976 per VM is not enough */
    assert_int_equal(e.vms, 2);
}

static void test_decode_scales_with_bandwidth_and_bytes(void **state)
{
    /* batch 1 is memory-bound: H200 over H100 = 4.8/3.35 (datasheets), and
     * fp8 weights read half the bytes of bf16 */
    aivm_work_estimate h100 =
        serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5", 1, 128, 512);
    aivm_work_estimate h200 =
        serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_ND96isr_H200_v5", 1, 128, 512);
    aivm_work_estimate fp8 =
        serve("llama-3.1-8b", AIVM_PREC_FP8, "Standard_ND96isr_H100_v5", 1, 128, 512);
    double r = h200.tokens_per_second_per_replica / h100.tokens_per_second_per_replica;
    double q = fp8.tokens_per_second_per_replica / h100.tokens_per_second_per_replica;
    (void)state;
    assert_true(!h100.compute_bound && !h200.compute_bound && !fp8.compute_bound);
    assert_true(fabs(r - 4.8 / 3.35) / (4.8 / 3.35) < 0.03);
    assert_true(q > 1.85 && q < 2.05);
}

/* NVIDIA NeMo Framework performance guide, Llama-2 inference (batch 1, 128
 * input and 20 output tokens, 1 GPU): 234.0 ms on A100 80GB SXM4, 153.8 ms on
 * H100 80GB HBM3 per request. The estimate: prefill + 20 decode steps. */
static void test_decode_vs_nemo_measurement(void **state)
{
    aivm_work_estimate a100 =
        serve("llama-2-7b", AIVM_PREC_UNSET, "Standard_ND96amsr_A100_v4", 1, 128, 20);
    aivm_work_estimate h100 =
        serve("llama-2-7b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5", 1, 128, 20);
    (void)state;
    within(20 / a100.tokens_per_second_per_replica * 1e3, 234.0, 5);  /* -0.6 % */
    within(20 / h100.tokens_per_second_per_replica * 1e3, 153.8, 15); /* -10 % */
}

static void test_decode_compute_bound_at_large_batch(void **state)
{
    /* short sequences, a large batch: 2N FLOPs per token per sequence outgrow
     * the weights' read (16 GB at 2 TB/s ~ 8 ms; 1024 x 16 GFLOP at 495 TFLOP/s ~ 33 ms) */
    aivm_work_estimate e =
        serve("llama-3.1-8b", AIVM_PREC_UNSET, "Standard_ND96isr_H100_v5", 1024, 16, 16);
    (void)state;
    assert_true(e.compute_bound);
    assert_true(e.step_compute_s > e.step_memory_s);
}

/* No --concurrency: a server batches as many sequences as the KV cache room
 * beside the weights holds (at their full length), up to AIVM_TP_MAX_BATCH. */
static void test_batch_from_memory(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    const aivm_size *a10 = size("Standard_NV36ads_A10_v5");
    const aivm_size *h100 = size("Standard_NC40ads_H100_v5");
    aivm_fit f;
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "llama-3.1-8b", 0);
    wl.work.tokens_per_second = 1000;
    wl.work.set |= 1u << AIVM_WK_TOKENS_PER_SECOND;
    aivm_fit_compute(&f, &sz, h100);
    aivm_work_estimate_for(&e, &wl, &f, h100, gpu_of(h100));
    assert_true(e.known && e.batch_from_memory);
    assert_true(e.batch == AIVM_TP_MAX_BATCH); /* 94 GB: room for far more than 256 x 1280 tokens */
    f = deployment(a10, 1); /* one replica on its one GPU (as with --context 4096) */
    f.usable_gib = a10->gpu_memory_gb * 1e9 * AIVM_SIZING_USABLE / 1073741824.0;
    aivm_work_estimate_for(&e, &wl, &f, a10, gpu_of(a10));
    /* 24 GB x 0.9 = 20.1 GiB usable - 14.96 GiB of weights - 1 GiB: about 4.2 GiB of KV;
     * 1280 tokens x 128 KiB per token = 160 MiB a sequence: 26 sequences */
    assert_true(e.known && e.batch_from_memory);
    assert_true(e.batch >= 20 && e.batch <= 32);
}

/* An encoder's service (--requests-per-second): a request is one forward pass
 * over its prompt, (2N + 2 x layers x P x hidden) x P FLOPs (Kaplan et al.),
 * batched (32 by default) at the compute efficiency; the VMs sustain the rate. */
static void test_encoder_requests(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    aivm_deployment d;
    aivm_price p;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_size *t4 = size("Standard_NC4as_T4_v3");
    aivm_fit f;
    double flops = (2 * 340e6 + 2.0 * 24 * 512 * 1024) * 512, batch_s;
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "bert-large", 0);
    wl.kind = AIVM_KIND_NON_GENERATIVE;
    wl.work.requests_per_second = 1000;
    wl.work.set |= 1u << AIVM_WK_REQUESTS_PER_SECOND;
    assert_int_equal(aivm_work_prompt_tokens(&wl), 512); /* BERT's positions, not 1024 */
    aivm_fit_compute(&f, &sz, t4);
    aivm_work_estimate_for(&e, &wl, &f, t4, gpu_of(t4));
    assert_true(e.known && e.requests && e.compute_bound);
    assert_true(fabs(e.flops_per_request - flops) < 1);
    batch_s = AIVM_TP_ENCODER_BATCH * flops / (65e12 * AIVM_TP_INFER_COMPUTE_EFF); /* T4 fp16 */
    assert_true(fabs(e.ttft_s - batch_s) < 1e-9);
    assert_true(fabs(e.requests_per_second_per_replica - AIVM_TP_ENCODER_BATCH / batch_s) < 1e-6);
    assert_int_equal(e.vms, 12); /* 1000 / 90.0 per T4 */
    memset(&p, 0, sizeof p);
    p.has_hourly = true;
    p.hourly = 0.526;
    aivm_deployment_eval(&d, e.vms, &p, &e, AIVM_PREC_FP16);
    assert_true(fabs(d.capacity_requests_per_second - 12 * AIVM_TP_ENCODER_BATCH / batch_s) < 1e-6);
    assert_true(d.has_per_million_requests && !d.has_per_mtok);
    assert_true(fabs(d.per_million_requests - 12 * 0.526 / (1000 * 3600.0) * 1e6) < 1e-9);
    assert_false(d.short_of_target);
    aivm_deployment_eval(&d, 4, &p, &e, AIVM_PREC_FP16);
    assert_true(d.short_of_target && d.vms_for_target == 12);
    /* the model decides the kind of target, and the positions bound the prompt */
    assert_int_equal(aivm_work_check_model(&wl, &err), 0);
    wl.work.prompt_tokens = 513;
    wl.work.set |= 1u << AIVM_WK_PROMPT_TOKENS;
    assert_int_equal(aivm_work_check_model(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "512 positions"));
    wl.work.set = 1u << AIVM_WK_TOKENS_PER_SECOND;
    wl.work.tokens_per_second = 1000;
    assert_int_equal(aivm_work_check_model(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "non-generative"));
    wl.work.set = (1u << AIVM_WK_REQUESTS_PER_SECOND) | (1u << AIVM_WK_OUTPUT_TOKENS);
    assert_int_equal(aivm_work_check(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "prefill only"));
}

static void test_unknown_estimates(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_estimate e;
    const aivm_size *cpu = size("Standard_F2s_v2");
    const aivm_size *h100 = size("Standard_ND96isr_H100_v5");
    aivm_fit f = deployment(h100, 1);
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_TRAIN, "llama-3.2-1b", 0);
    aivm_work_estimate_for(&e, &wl, &f, h100, gpu_of(h100));
    assert_true(!e.known && e.why == AIVM_TP_NO_WORK);
    set_tokens(&wl, 1e9);
    aivm_work_estimate_for(&e, &wl, &f, cpu, NULL);
    assert_true(!e.known && e.why == AIVM_TP_CPU);
    aivm_work_estimate_for(&e, &wl, &f, h100, NULL);
    assert_true(!e.known && e.why == AIVM_TP_NO_GPU_FACTS);
    f.fits = false;
    aivm_work_estimate_for(&e, &wl, &f, h100, gpu_of(h100));
    assert_true(!e.known && e.why == AIVM_TP_NO_FIT);
}

static void test_work_check(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    (void)state;
    wl.phase = AIVM_PHASE_TRAIN;
    assert_int_equal(aivm_work_check(&wl, &err), 0); /* nothing given: nothing to check */
    wl.work.set = 1u << AIVM_WK_TOKENS;
    assert_int_equal(aivm_work_check(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "--model or --params"));
    wl.sizing_in.set = 1u << AIVM_SZ_PARAMS;
    assert_int_equal(aivm_work_check(&wl, &err), 0);
    wl.work.set |= 1u << AIVM_WK_EPOCHS;
    assert_int_equal(aivm_work_check(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "give one"));
    wl.work.set = 1u << AIVM_WK_TOKENS_PER_SECOND;
    assert_int_equal(aivm_work_check(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "inference inputs"));
    wl.phase = AIVM_PHASE_INFERENCE;
    assert_int_equal(aivm_work_check(&wl, &err), 0);
    wl.work.set = 1u << AIVM_WK_TOKENS;
    assert_int_equal(aivm_work_check(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "training amounts"));
    wl.phase = AIVM_PHASE_TRAIN;
    wl.work.set = 1u << AIVM_WK_EPOCHS;
    assert_int_equal(aivm_work_check(&wl, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "--epochs needs --dataset-tokens"));
}

static void test_work_cost(void **state)
{
    aivm_work_estimate e;
    aivm_price p;
    aivm_deployment d;
    (void)state;
    memset(&e, 0, sizeof e);
    memset(&p, 0, sizeof p);
    e.known = true;
    e.phase = AIVM_PHASE_TRAIN;
    e.wall_hours = 100;
    e.tokens = 1e10;
    aivm_deployment_eval(&d, 4, NULL, &e, AIVM_PREC_BF16); /* no price: no cost */
    assert_int_equal(d.vms, 4);
    assert_false(d.has_hourly || d.has_job_cost || d.has_per_mtok);
    p.has_hourly = true;
    p.hourly = 98.32;
    aivm_deployment_eval(&d, 4, &p, &e, AIVM_PREC_BF16);
    assert_true(d.has_job_cost);
    assert_true(fabs(d.hourly - 4 * 98.32) < 1e-9);
    assert_true(fabs(d.monthly - 4 * 98.32 * 730) < 1e-6);
    assert_true(fabs(d.job_cost - 4 * 98.32 * 100) < 1e-6); /* VMs x price x hours */
    assert_true(fabs(d.per_mtok - d.job_cost / 1e4) < 1e-9);
    assert_string_equal(d.currency, "USD");
    e.phase = AIVM_PHASE_INFERENCE;
    e.unit_vms = 1;
    e.unit_replicas = 2;
    e.unit_tokens_per_second = 1000;
    e.target_tokens_per_second = 2500;
    aivm_deployment_eval(&d, 3, &p, &e, AIVM_PREC_BF16);
    /* 3 VMs x 98.32 = 294.96/hour for 2,500 tokens/s: 294.96 / (2500 x 3600) x 1e6 */
    assert_true(fabs(d.hourly - 3 * 98.32) < 1e-9);
    assert_true(fabs(d.per_mtok - 32.7733) < 1e-3);
    /* at full load, 3,000 tokens/s: 27.311 per million */
    assert_true(fabs(d.capacity_tokens_per_second - 3000) < 1e-9);
    assert_true(fabs(d.per_mtok_at_capacity - 27.3111) < 1e-3);
    assert_int_equal(d.replicas, 6);
    assert_false(d.has_job_cost);
}

/* The deployment against the work's own target (check's AIVM018 and AIVM019):
 * serving short of its tokens/s, training past its days, and the VMs that
 * would meet each. */
static void test_work_targets(void **state)
{
    aivm_work_estimate e;
    aivm_deployment d;
    (void)state;
    memset(&e, 0, sizeof e);
    e.known = true;
    e.phase = AIVM_PHASE_INFERENCE;
    e.unit_vms = 1;
    e.unit_replicas = 2;
    e.unit_tokens_per_second = 1000;
    e.target_tokens_per_second = 2500;
    e.vms = 3; /* the estimate's units for the target */
    aivm_deployment_eval(&d, 2, NULL, &e, AIVM_PREC_BF16);
    assert_true(d.short_of_target); /* 2,000 < 2,500 */
    assert_int_equal(d.vms_for_target, 3);
    aivm_deployment_eval(&d, 3, NULL, &e, AIVM_PREC_BF16);
    assert_false(d.short_of_target); /* 3,000 */
    assert_false(d.over_max_days);
    memset(&e, 0, sizeof e);
    e.known = true;
    e.phase = AIVM_PHASE_TRAIN;
    e.wall_hours = 106.2 * 24;
    e.max_days = 30;
    aivm_deployment_eval(&d, 4, NULL, &e, AIVM_PREC_BF16);
    assert_true(d.over_max_days);
    assert_int_equal(d.vms_for_max_days, 15); /* ceil(4 x 106.2 / 30) */
    assert_false(d.short_of_target);
    e.wall_hours = 30 * 24; /* exactly the limit: in time */
    aivm_deployment_eval(&d, 4, NULL, &e, AIVM_PREC_BF16);
    assert_false(d.over_max_days);
    assert_int_equal(d.vms_for_max_days, 0);
    e.wall_hours = 1e9;
    e.max_days = 0; /* no limit */
    aivm_deployment_eval(&d, 4, NULL, &e, AIVM_PREC_BF16);
    assert_false(d.over_max_days);
}

static const aivm_candidate *ranked(const aivm_advice *adv, const char *sku)
{
    for (size_t i = 0; i < adv->n_ranked; i++)
        if (strcmp(aivm_str(&adv->ranked[i].size->name), sku) == 0)
            return &adv->ranked[i];
    fail_msg("%s is not ranked", sku);
    return NULL;
}

/* 70B pretraining on 2T tokens, ranked by the job's cost: ND H100 v5 (3.2x the
 * bf16 peak of an A100 for 3x the price of NDm A100 v4) comes first, and the
 * objective is the job's cost (wall hours x the deployment's price). */
static void test_rank_by_job_cost(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_rules *rules = load_shipped_rules();
    aivm_workload wl;
    aivm_sizing sz;
    aivm_advice *adv = NULL;
    const aivm_candidate *h100, *a100;
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_TRAIN, "llama-2-70b", 0);
    wl.sizing_in.act_ckpt = true;
    wl.sizing_in.set |= 1u << AIVM_SZ_ACT_CKPT;
    if (aivm_sizing_resolve(&sz, &wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
    set_tokens(&wl, 2e12);
    wl.work.max_days = 0; /* no deadline: the cost of the work alone orders them */
    wl.work.set |= 1u << AIVM_WK_MAX_DAYS;
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    wl.today = "2026-12-01";
    assert_int_equal(aivm_advise(&adv, shipped.cat, rules, &wl, NULL, &err), 0);
    h100 = ranked(adv, "Standard_ND96isr_H100_v5");
    a100 = ranked(adv, "Standard_ND96amsr_A100_v4");
    /* 3.2x the A100's bf16 peak at Hopper's MFU 0.38 against Ampere's 0.43, for 3x the
     * price: the two jobs cost within 10 % of each other; the cheaper job ranks first */
    assert_true(fabs(h100->deploy.job_cost / a100->deploy.job_cost - 1) < 0.10);
    assert_true((h100->rank < a100->rank) ==
                (h100->ranking.adjusted_cost < a100->ranking.adjusted_cost));
    for (const aivm_candidate *c = h100; c; c = c == h100 ? a100 : NULL) {
        assert_true(c->has_work && c->work.known && c->ranking.cost_is_work);
        assert_true(c->deploy.has_job_cost);
        assert_true(fabs(c->ranking.cost - c->deploy.job_cost) < 1e-6 * c->deploy.job_cost);
        assert_true(fabs(c->ranking.deployment_hourly - c->deploy.hourly) < 1e-9);
    }
    aivm_advice_free(adv);
    aivm_rules_free(rules);
}

/* The work basis the engine settles once for the renderers: what the
 * estimates take (tokens, prompt/output lengths, efficiencies, max days). */
static void test_work_basis(void **state)
{
    aivm_workload wl;
    aivm_sizing sz;
    aivm_work_basis b;
    (void)state;
    resolve(&wl, &sz, AIVM_PHASE_TRAIN, "llama-3.1-8b", 0);
    aivm_work_basis_settle(&b, &wl);
    assert_false(b.wanted);
    assert_false(b.estimated);
    wl.work.epochs = 2;
    wl.work.dataset_tokens = 5e9;
    wl.work.set |= (1u << AIVM_WK_EPOCHS) | (1u << AIVM_WK_DATASET_TOKENS);
    aivm_work_basis_settle(&b, &wl);
    assert_true(b.wanted && b.estimated && !b.encoder && !b.by_samples);
    assert_true(b.training_tokens == 1e10);
    assert_true(b.max_days == AIVM_WORK_DEFAULT_MAX_DAYS);
    wl.sizing = NULL; /* a work amount without a model size: nothing to estimate */
    aivm_work_basis_settle(&b, &wl);
    assert_true(b.wanted && !b.estimated);

    resolve(&wl, &sz, AIVM_PHASE_INFERENCE, "llama-3.1-8b", 0);
    wl.work.tokens_per_second = 1000;
    wl.work.output_tokens = 100;
    wl.work.set |= (1u << AIVM_WK_TOKENS_PER_SECOND) | (1u << AIVM_WK_OUTPUT_TOKENS);
    aivm_work_basis_settle(&b, &wl);
    assert_true(b.estimated && !b.encoder);
    assert_int_equal(b.prompt_tokens, aivm_work_prompt_tokens(&wl));
    assert_int_equal(b.output_tokens, 100);
    assert_true(b.mbu == AIVM_TP_MBU && b.compute_efficiency == AIVM_TP_INFER_COMPUTE_EFF);
    assert_true(b.training_tokens == 0 && b.max_days == 0);
    wl.work.set &= ~(1u << AIVM_WK_OUTPUT_TOKENS);
    aivm_work_basis_settle(&b, &wl);
    assert_int_equal(b.output_tokens, AIVM_TP_OUTPUT_TOKENS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens_parse),
        cmocka_unit_test(test_flops_per_token),
        cmocka_unit_test(test_gpu_hours_hand_worked),
        cmocka_unit_test(test_peak_by_precision),
        cmocka_unit_test(test_calibration_published_runs),
        cmocka_unit_test(test_calibration_mfu_by_size),
        cmocka_unit_test(test_calibration_through_the_engine),
        cmocka_unit_test(test_tensor_parallel_chosen),
        cmocka_unit_test(test_latency_limits),
        cmocka_unit_test(test_mfu_override_and_no_ib),
        cmocka_unit_test(test_moe_active_params),
        cmocka_unit_test(test_active_params_input),
        cmocka_unit_test(test_fp4_inference),
        cmocka_unit_test(test_gpu_variants_per_sku),
        cmocka_unit_test(test_calibration_trtllm),
        cmocka_unit_test(test_calibration_vendor),
        cmocka_unit_test(test_cpu_encoder_serving),
        cmocka_unit_test(test_calibration_moe_small_batch),
        cmocka_unit_test(test_decode_hand_worked),
        cmocka_unit_test(test_decode_scales_with_bandwidth_and_bytes),
        cmocka_unit_test(test_decode_vs_nemo_measurement),
        cmocka_unit_test(test_decode_compute_bound_at_large_batch),
        cmocka_unit_test(test_batch_from_memory),
        cmocka_unit_test(test_encoder_requests),
        cmocka_unit_test(test_unknown_estimates),
        cmocka_unit_test(test_work_check),
        cmocka_unit_test(test_work_cost),
        cmocka_unit_test(test_work_targets),
        cmocka_unit_test(test_rank_by_job_cost),
        cmocka_unit_test(test_work_basis),
    };
    return cmocka_run_group_tests(tests, shipped_group_setup, shipped_group_teardown);
}
