/*
 * throughput.c - the time of the work (docs/throughput.md): training FLOPs
 * over the deployment's dense peak times the model-FLOPs utilisation, and
 * serving tokens/s from a roofline of one decode step (weights and KV cache
 * read at a share of the HBM bandwidth, or the matmuls at a share of the
 * peak, whichever is slower) plus the prefill of each batch. Pure functions;
 * the constants and their sources are in aivm/throughput.h and the doc.
 */
#include "aivm/throughput.h"

#include <math.h>
#include <string.h>

#include "aivm/util.h"
#include "sizing_int.h"
#include "throughput_int.h"

#define GIB 1073741824.0

double aivm_tp_train_flops_per_token(double n, aivm_finetune ft, double trainable)
{
    /* forward 2N, backward 4N: 2N for the activation gradients and 2N for
     * the weight gradients, which a frozen base does not compute (2T for
     * the adapters instead) */
    /* recomputation is not model work (PaLM, arXiv 2204.02311): the estimate's recompute */
    return ft == AIVM_FT_LORA || ft == AIVM_FT_QLORA ? 4 * n + 2 * trainable : 6 * n;
}

double aivm_tp_gpu_hours(double flops, double peak_tflops, double mfu)
{
    if (!(peak_tflops > 0) || !(mfu > 0))
        return 0;
    return flops / (peak_tflops * 1e12 * mfu) / 3600;
}

double aivm_tp_active_params(const aivm_sizing *sz)
{
    if (sz->active_params > 0)
        return sz->active_params;
    return sz->params;
}

/* Training MFU per GPU generation, from published runs (docs/throughput.md,
 * "Calibration"). Model FLOPs are 6ND over the dense bf16 peak. */
static const aivm_tp_mfu_fact mfu_facts[] = {
    {"Ampere", 0.43, 0.38, 0.48,
     "A100: Llama 2 7B and 70B (arXiv 2307.09288, Table 2: 0.39 and 0.44), LLaMA 65B (arXiv "
     "2302.13971: 380 tokens/s/GPU, 0.48), OPT-175B (arXiv 2205.01068: 147 TFLOP/s, 0.47)"},
    {"Hopper", 0.38, 0.34, 0.43,
     "H100: Llama 3 (arXiv 2407.21783: 38-43 % bf16 MFU on up to 16K GPUs); the Llama 3.1 405B "
     "model card's 30.84 M GPU-hours for 15.6T tokens is 0.35"},
    {"Blackwell", 0.38, 0.30, 0.45,
     "assumption: Hopper's figure (no published MFU of a large run on GB200/GB300 NVL72 as of "
     "2026-12); wider spread"},
    {"Volta", 0.30, 0.25, 0.35,
     "V100: Megatron-LM (arXiv 1909.08053): 39 TFLOP/s per GPU, 30 % of the 125 TFLOP/s peak"},
    {"CDNA3", 0.30, 0.22, 0.40,
     "assumption: no published MFU of a large training run on MI300X; below Hopper's"},
    {"Turing", 0.20, 0.12, 0.28,
     "assumption: T4 (70 W, clocks throttle under sustained load; no bf16, fp16 with loss "
     "scaling); half of Ampere's 0.43, below its vision utilisation ratio to Ampere (0.79)"},
    {NULL, AIVM_TP_MFU, 0.25, 0.45, "assumption: no published training run on this GPU generation"},
};

const aivm_tp_mfu_fact *aivm_workload__fact_for(const aivm_tp_mfu_fact *facts, size_t n,
                                                const aivm_gpu_model *g)
{
    for (size_t i = 0; g && g->architecture && i + 1 < n; i++)
        if (strcmp(facts[i].architecture, g->architecture) == 0)
            return &facts[i];
    return &facts[n - 1];
}

const aivm_tp_mfu_fact *aivm_tp_mfu_for(const aivm_gpu_model *g)
{
    return aivm_workload__fact_for(mfu_facts, sizeof mfu_facts / sizeof mfu_facts[0], g);
}

/* Serving efficiency per GPU generation: a factor on AIVM_TP_MBU and
 * AIVM_TP_INFER_COMPUTE_EFF, which are calibrated on NVIDIA GPUs (TensorRT-LLM,
 * NeMo; docs/throughput.md). Where a vendor's serving stack reaches a smaller
 * share of its peaks, published results give the factor. */
static const aivm_tp_mfu_fact serve_facts[] = {
    {"CDNA3", AIVM_TP_SERVE_CDNA3, 0.55, 0.80,
     "MI300X: MLPerf Inference v4.1, Llama 2 70B FP8: 8 x MI300X within 2-3 % of DGX H100 "
     "(24,525 tokens/s) offline and server (AMD, community.amd.com, 2024-08-28) with 1.58 x "
     "its HBM bandwidth and 1.32 x its fp8 peak: 0.62 of the share NVIDIA's stack reaches"},
    {"RDNA2", AIVM_TP_SERVE_CDNA3, 0.45, 0.80,
     "assumption: AMD's ROCm serving stack as on MI300X (CDNA3, calibrated); no published LLM "
     "serving run on this GPU"},
    {"RDNA3", AIVM_TP_SERVE_CDNA3, 0.45, 0.80,
     "assumption: AMD's ROCm serving stack as on MI300X (CDNA3, calibrated); no published LLM "
     "serving run on this GPU"},
    {"GCN5", AIVM_TP_SERVE_CDNA3, 0.45, 0.80,
     "assumption: AMD's ROCm serving stack as on MI300X (CDNA3, calibrated); no published LLM "
     "serving run on this GPU"},
    {NULL, 1.0, 0.8, 1.25,
     "NVIDIA: TensorRT-LLM and NeMo measurements, and Azure's ND GB200/GB300 v6 Llama 2 70B "
     "runs (docs/throughput.md, calibration)"},
};

const aivm_tp_mfu_fact *aivm_tp_serve_fact_for(const aivm_gpu_model *g)
{
    return aivm_workload__fact_for(serve_facts, sizeof serve_facts / sizeof serve_facts[0], g);
}

static double peak_of(const aivm_gpu_model *g, aivm_dtype want, aivm_dtype *dt)
{
    *dt = want;
    return g->tflops[want];
}

/* A 16-bit format: bf16, or fp16 where the GPU has no bf16 peak. */
static double peak_16(const aivm_gpu_model *g, aivm_dtype *dt)
{
    double p = peak_of(g, AIVM_DT_BF16, dt);
    return p > 0 ? p : peak_of(g, AIVM_DT_FP16, dt);
}

double aivm_tp_peak(const aivm_sizing *sz, const aivm_gpu_model *g, aivm_dtype *dt,
                    bool *fp8_as_bf16)
{
    aivm_dtype d = AIVM_DT_BF16;
    bool train = sz->phase == AIVM_PHASE_TRAIN;
    aivm_precision p = train ? aivm_sizing_compute_precision(sz) : sz->precision;
    double v = 0;
    if (fp8_as_bf16)
        *fp8_as_bf16 = false;
    if (g) {
        switch (p) {
        case AIVM_PREC_FP32:
            v = peak_of(g, AIVM_DT_FP32, &d);
            break;
        case AIVM_PREC_FP16:
            v = peak_of(g, AIVM_DT_FP16, &d);
            break;
        case AIVM_PREC_FP8:
            if (train) { /* FP8 tensor cores: the bf16 peak x the published speed-up, not the
                            raw FP8 peak (scaling, casts and non-GEMM work stay) */
                v = peak_of(g, AIVM_DT_FP8, &d) > 0 ? peak_16(g, &d) * AIVM_TP_FP8_TRAIN_SPEEDUP
                                                    : 0;
                d = AIVM_DT_FP8;
                if (fp8_as_bf16)
                    *fp8_as_bf16 = v > 0;
            } else {
                v = peak_of(g, AIVM_DT_FP8, &d);
            }
            break;
        case AIVM_PREC_FP4: /* inference only (the sizing refuses fp4 training) */
            v = peak_of(g, AIVM_DT_FP4, &d);
            break;
        case AIVM_PREC_MXFP4: /* FP4 tensor cores where there are, else dequantised */
            v = peak_of(g, AIVM_DT_FP4, &d);
            if (!(v > 0))
                v = peak_16(g, &d);
            break;
        default: /* bf16; int8/int4 weights are dequantised to 16 bits for the matmuls */
            v = peak_16(g, &d);
            break;
        }
    }
    if (dt)
        *dt = d;
    return v;
}

double aivm_tp_mfu_scale(const aivm_sizing *sz)
{
    double n = aivm_tp_active_params(sz), k;
    if (sz->active_params > 0 && sz->active_params < sz->params)
        return AIVM_TP_MOE_TRAIN_FACTOR; /* calibrated on MoE runs of 3-37B active: no size term */
    if (n >= AIVM_TP_MFU_FULL_SIZE)
        return 1;
    k = sqrt(n / AIVM_TP_MFU_FULL_SIZE); /* small GEMMs (hidden <= 3072) keep a GPU less busy */
    return k > AIVM_TP_MFU_SIZE_FLOOR ? k : AIVM_TP_MFU_SIZE_FLOOR;
}

double aivm_tp_experts_read(unsigned experts, unsigned k, double b)
{
    if (!experts || k >= experts)
        return experts;
    return experts * (1 - pow(1 - (double)k / experts, b > 1 ? b : 1));
}

static void train(aivm_work_estimate *e, const aivm_workload *wl, const aivm_fit *fit,
                  const aivm_size *s, const aivm_gpu_model *g)
{
    const aivm_sizing *sz = wl->sizing;
    const aivm_work_input *in = &wl->work;
    bool samples = in->samples > 0; /* --samples: a vision model's utilisation, no recompute */
    const aivm_tp_mfu_fact *f = samples ? aivm_tp_sample_util_for(g) : aivm_tp_mfu_for(g);
    double trainable = sz->finetune == AIVM_FT_FULL ? sz->params : sz->trainable_params;
    double peak;
    if (samples) {
        aivm_workload__samples_amount(e, wl);
    } else {
        e->tokens = aivm_work_training_tokens(in);
        e->max_days = aivm_work_max_days(wl);
        e->flops_per_token =
            aivm_tp_train_flops_per_token(e->active_params, sz->finetune, trainable);
        e->flops = e->flops_per_token * e->tokens;
    }
    if (aivm_work__has(in, AIVM_WK_MFU)) {
        e->mfu = e->mfu_lo = e->mfu_hi = in->mfu;
        e->mfu_source = "--mfu";
    } else {
        double k = samples ? 1 : aivm_tp_mfu_scale(sz), k_lo = k, k_hi = k;
        if (!samples && sz->active_params > 0 && sz->active_params < sz->params) {
            k_lo *= AIVM_TP_MOE_TRAIN_FACTOR_LO / AIVM_TP_MOE_TRAIN_FACTOR;
            k_hi *= AIVM_TP_MOE_TRAIN_FACTOR_HI / AIVM_TP_MOE_TRAIN_FACTOR;
        }
        if (e->fp8_as_bf16) /* the peak carries AIVM_TP_FP8_TRAIN_SPEEDUP: its low end */
            k_lo *= AIVM_TP_FP8_TRAIN_SPEEDUP_LO / AIVM_TP_FP8_TRAIN_SPEEDUP;
        e->mfu = f->mfu * k;
        e->mfu_lo = f->lo * k_lo;
        e->mfu_hi = f->hi * k_hi;
        e->mfu_source = f->source;
        if (fit->vms > 1 && !s->infiniband) {
            e->mfu *= AIVM_TP_NO_IB_FACTOR;
            e->mfu_lo *= AIVM_TP_NO_IB_FACTOR;
            e->mfu_hi *= AIVM_TP_NO_IB_FACTOR;
            e->mfu_no_ib = true;
        }
    }
    /* Recomputation is time, not model FLOPs: automatic checkpointing recomputes
     * selectively (a few percent), the flag asks for full recomputation. */
    e->recompute = samples || !sz->act_ckpt                           ? 1
                   : sz->source[AIVM_SZ_ACT_CKPT] == AIVM_SRC_DERIVED ? AIVM_TP_RECOMPUTE_SELECTIVE
                                                                      : AIVM_TP_RECOMPUTE_FULL;
    e->gpus = sz->gpus ? fit->gpus_needed : fit->gpus_total; /* --gpus: the GPUs it runs on */
    peak = e->peak_tflops * e->gpus;
    e->wall_hours = aivm_tp_gpu_hours(e->flops, peak, e->mfu) * e->recompute;
    e->wall_hours_lo = aivm_tp_gpu_hours(e->flops, peak, e->mfu_hi) * e->recompute;
    e->wall_hours_hi = aivm_tp_gpu_hours(e->flops, peak, e->mfu_lo) * e->recompute;
    e->gpu_hours = e->wall_hours * e->gpus;
    e->gpu_hours_lo = e->wall_hours_lo * e->gpus;
    e->gpu_hours_hi = e->wall_hours_hi * e->gpus;
}

/* What a serving replica needs that does not change with its parallelism. */
typedef struct {
    double n;            /* active parameters */
    double kv_per_token; /* KV bytes of one token */
    double peak;         /* FLOP/s per GPU at the compute efficiency */
    double bw;           /* bytes/s per GPU at the MBU */
    double link_bps;     /* tensor-parallel link, bytes/s */
    double link_lat_s;   /* per all-reduce */
    double act_bytes;    /* bytes per token of one all-reduce (hidden x 2) */
    double active_bytes; /* weights one token reads (a mixture of experts: its active ones) */
    double shared_bytes; /* a mixture of experts with known routing: what every token reads */
    double expert_bytes; /* ... and one routed expert over all its layers */
    unsigned experts, k; /* routed experts and experts per token; 0 = routing unknown */
    unsigned layers;
    double moe_floor_s; /* a mixture of experts: the step's kernel-chain floor (0: dense) */
} serve_ctx;

/* One replica of `gpus` GPUs (tp within a VM, pp VMs) at batch `b`: the
 * decode step, prefill, tokens/s and latency into `e`. */
static void serve_at(aivm_work_estimate *e, const serve_ctx *x, double gpus, unsigned tp,
                     unsigned pp, double b)
{
    double step, comm = 0, prefill_comm = 0;
    e->batch = b;
    e->kv_bytes = b * e->kv_tokens * x->kv_per_token;
    /* a mixture of experts reads the experts its batch's tokens are routed to: at most the
     * active weights per token, at most every weight (dense: all of them at any batch) */
    e->weight_read_bytes =
        x->experts ? x->shared_bytes + x->expert_bytes * aivm_tp_experts_read(x->experts, x->k, b)
                   : fmin(e->weight_bytes, x->active_bytes * b);
    e->step_memory_s = (e->weight_read_bytes + e->kv_bytes) / (gpus * x->bw);
    e->step_compute_s = 2 * x->n * b / (gpus * x->peak);
    if (tp > 1 && x->layers) { /* two all-reduces per layer, ring: 2 (tp-1)/tp of the data */
        double frac = 2.0 * (tp - 1) / tp;
        comm = 2.0 * x->layers * (x->link_lat_s + frac * b * x->act_bytes / x->link_bps);
        prefill_comm = 2.0 * x->layers *
                       (x->link_lat_s + frac * b * e->prompt_tokens * x->act_bytes / x->link_bps);
    }
    e->allreduce_s = comm;
    e->prefill_s = 2 * x->n * e->prompt_tokens * b / (gpus * x->peak) + prefill_comm;
    e->compute_bound = e->step_compute_s > e->step_memory_s;
    step = e->compute_bound ? e->step_compute_s : e->step_memory_s;
    /* each stage of a pipelined replica runs its share of the layers' chain */
    e->step_floor_s = x->moe_floor_s / pp;
    e->floor_bound = e->step_floor_s > step;
    if (e->floor_bound)
        step = e->step_floor_s;
    step += comm;
    e->tokens_per_second_per_replica =
        b * e->output_tokens / (e->prefill_s + e->output_tokens * step);
    /* Continuous batching with chunked prefill: each output token waits for a step and
     * its share of the batch's prefill; a pipelined replica's token crosses every stage. */
    e->tpot_s = (e->prefill_s / e->output_tokens + step) * pp + (pp - 1) * AIVM_TP_PP_HOP_US * 1e-6;
    e->ttft_s =
        2 * x->n * e->prompt_tokens / (gpus * x->peak) + prefill_comm / (b > 0 ? b : 1) + e->tpot_s;
    e->tensor_parallel = tp;
    e->pipeline_parallel = pp;
}

const char *aivm_tp_bound_name(const aivm_work_estimate *e)
{
    return e->floor_bound ? "kernel-chain" : e->compute_bound ? "compute" : "memory";
}

static bool latency_ok(const aivm_work_estimate *e, const aivm_work_input *in)
{
    return !(aivm_work__has(in, AIVM_WK_MAX_TPOT_MS) && e->tpot_s * 1e3 > in->max_tpot_ms + 1e-9) &&
           !(aivm_work__has(in, AIVM_WK_MAX_TTFT_MS) && e->ttft_s * 1e3 > in->max_ttft_ms + 1e-9);
}

/* The largest batch up to `b` that meets the latency limits (the step only
 * grows with the batch); false when not even batch 1 does. */
static bool serve_within(aivm_work_estimate *e, const serve_ctx *x, const aivm_work_input *in,
                         double gpus, unsigned tp, unsigned pp, double b)
{
    double lo = 1, hi = b;
    serve_at(e, x, gpus, tp, pp, b);
    if (latency_ok(e, in))
        return true;
    serve_at(e, x, gpus, tp, pp, 1);
    if (!latency_ok(e, in))
        return false;
    while (hi - lo > 1) { /* whole sequences */
        double mid = floor((lo + hi) / 2);
        serve_at(e, x, gpus, tp, pp, mid);
        if (latency_ok(e, in))
            lo = mid;
        else
            hi = mid;
    }
    serve_at(e, x, gpus, tp, pp, lo);
    e->batch_capped = true;
    return true;
}

unsigned aivm_work_prompt_tokens(const aivm_workload *wl)
{
    const aivm_sizing *sz = wl->sizing;
    if (aivm_work__has(&wl->work, AIVM_WK_PROMPT_TOKENS))
        return wl->work.prompt_tokens;
    return sz && sz->context && sz->context < AIVM_TP_PROMPT_TOKENS ? sz->context
                                                                    : AIVM_TP_PROMPT_TOKENS;
}

/* The shares of the HBM bandwidth and of the dense peak serving reaches on `g`:
 * the NVIDIA-calibrated defaults times the generation's factor. */
static void serve_efficiency(aivm_work_estimate *e, const aivm_gpu_model *g)
{
    const aivm_tp_mfu_fact *f = aivm_tp_serve_fact_for(g);
    e->serve_factor = f->mfu;
    e->serve_source = f->source;
    e->mbu = AIVM_TP_MBU * f->mfu;
    e->compute_efficiency = AIVM_TP_INFER_COMPUTE_EFF * f->mfu;
}

/* Non-generative serving (--requests-per-second): each request is one forward
 * pass over its prompt (prefill only, no KV cache kept, no decode), batched.
 * A batch takes the slower of its FLOPs at the compute efficiency and one read
 * of the weights at the MBU; at the default batch that is the FLOPs. */
static bool encode(aivm_work_estimate *e, const aivm_workload *wl, const aivm_fit *fit,
                   const aivm_size *s, const aivm_gpu_model *g)
{
    const aivm_sizing *sz = wl->sizing;
    double r = fit->replicas >= 1 ? fit->replicas : 1;
    double gpus = fit->gpus_needed / r, peak, bw, b, per_vm;
    unsigned pp = fit->replica_vms > 1 ? fit->replica_vms : 1;
    e->requests = true;
    e->prompt_tokens = aivm_work_prompt_tokens(wl);
    if (!(gpus > 0) || !(g->memory_bandwidth_gbs > 0))
        return false;
    serve_efficiency(e, g);
    peak = e->peak_tflops * 1e12 * e->compute_efficiency;
    bw = g->memory_bandwidth_gbs * 1e9 * e->mbu;
    /* Kaplan et al. 2020 (arXiv 2001.08361, Table 1): a forward pass costs 2N +
     * 2 n_layer n_ctx d_model FLOPs per token (weights, then attention) */
    e->flops_per_request =
        (2 * e->active_params + 2.0 * sz->layers * e->prompt_tokens * sz->hidden) *
        e->prompt_tokens;
    e->weight_bytes = aivm_sizing_weight_bytes(sz);
    e->bandwidth_gbs = g->memory_bandwidth_gbs;
    b = sz->source[AIVM_SZ_CONCURRENCY] == AIVM_SRC_DEFAULT ? AIVM_TP_ENCODER_BATCH
                                                            : sz->concurrency / r;
    e->batch = b >= 1 ? b : 1;
    e->step_compute_s = e->batch * e->flops_per_request / (gpus * peak);
    e->step_memory_s = e->weight_bytes / (gpus * bw);
    e->compute_bound = e->step_compute_s >= e->step_memory_s;
    e->prefill_s = e->compute_bound ? e->step_compute_s : e->step_memory_s;
    e->ttft_s = e->prefill_s; /* a request waits for its batch */
    e->requests_per_second_per_replica = e->batch / e->prefill_s;
    e->replica_gpus = gpus;
    per_vm = pp > 1 ? 1 : s->gpu_count >= 1 ? floor(s->gpu_count / gpus + 1e-9) : 1;
    e->replicas_per_vm = pp > 1 ? 0 : (unsigned)(per_vm >= 1 ? per_vm : 1);
    e->unit_vms = pp;
    e->unit_replicas = pp > 1 ? 1 : e->replicas_per_vm;
    e->tensor_parallel = pp > 1 ? (unsigned)(s->gpu_count >= 1 ? s->gpu_count : 1)
                                : (unsigned)(gpus >= 1 ? gpus : 1);
    e->pipeline_parallel = pp;
    e->unit_requests_per_second = e->unit_replicas * e->requests_per_second_per_replica;
    e->target_requests_per_second = wl->work.requests_per_second;
    e->units = (unsigned)ceil(e->target_requests_per_second / e->unit_requests_per_second - 1e-9);
    if (e->units < 1)
        e->units = 1;
    e->vms = e->units * e->unit_vms;
    e->replicas = e->units * e->unit_replicas;
    return true;
}

/* The serving model's constants for one size: active weights, KV bytes per
 * token, the GPU's compute and bandwidth at their utilisations, the link. */
static void serve_setup(serve_ctx *x, aivm_work_estimate *e, const aivm_sizing *sz,
                        const aivm_size *s, const aivm_gpu_model *g)
{
    bool nvlink;
    memset(x, 0, sizeof *x);
    x->n = e->active_params;
    if (sz->layers && sz->heads && sz->hidden && sz->kv_heads)
        x->kv_per_token =
            2.0 * sz->layers * sz->kv_heads * sz->head_dim * aivm_precision_bytes(sz->kv_precision);
    x->layers = sz->layers;
    if (aivm_sizing_expert_params(sz) > 0 ||
        (sz->active_params > 0 && sz->active_params < sz->params))
        x->moe_floor_s = sz->layers * AIVM_TP_MOE_LAYER_FLOOR_US * 1e-6;
    x->act_bytes = sz->hidden * 2.0;
    serve_efficiency(e, g);
    x->peak = e->peak_tflops * 1e12 * e->compute_efficiency;
    x->bw = g->memory_bandwidth_gbs * 1e9 * e->mbu;
    nvlink = strcmp(aivm_str(&s->gpu_interconnect), "nvlink") == 0 ||
             strcmp(aivm_str(&s->gpu_interconnect), "infinity-fabric") == 0;
    x->link_bps =
        (nvlink && g->interconnect_gbs > 0 ? g->interconnect_gbs : AIVM_TP_PCIE_GBS) * 1e9;
    x->link_lat_s = (nvlink ? AIVM_TP_ALLREDUCE_US_NVLINK : AIVM_TP_ALLREDUCE_US_PCIE) * 1e-6;
    e->kv_tokens = e->prompt_tokens + e->output_tokens / 2;
    if (sz->context && e->kv_tokens > sz->context)
        e->kv_tokens = sz->context;
    e->weight_bytes = aivm_sizing_weight_bytes(sz); /* every expert */
    x->active_bytes = x->n * aivm_precision_bytes(sz->precision);
    if (aivm_sizing_expert_params(sz) > 0) {
        double expert = aivm_sizing_expert_params(sz);
        x->experts = sz->experts;
        x->k = sz->experts_per_token;
        x->expert_bytes = expert * aivm_precision_bytes(sz->precision);
        /* what every token reads besides its experts: bf16 in an MXFP4 checkpoint */
        x->shared_bytes =
            (x->n - x->k * expert) *
            (sz->precision == AIVM_PREC_MXFP4 ? 2 : aivm_precision_bytes(sz->precision));
    }
    e->bandwidth_gbs = g->memory_bandwidth_gbs;
}

static bool infer(aivm_work_estimate *e, const aivm_workload *wl, const aivm_fit *fit,
                  const aivm_size *s, const aivm_gpu_model *g)
{
    const aivm_sizing *sz = wl->sizing;
    const aivm_work_input *in = &wl->work;
    double r = fit->replicas >= 1 ? fit->replicas : 1;
    double min_gpus, best_unit = -1;
    bool from_memory;
    unsigned pp = fit->replica_vms > 1 ? fit->replica_vms : 1;
    serve_ctx x;
    aivm_work_estimate best, cur;
    e->prompt_tokens =
        aivm_work__has(in, AIVM_WK_PROMPT_TOKENS) ? in->prompt_tokens : AIVM_TP_PROMPT_TOKENS;
    e->output_tokens =
        aivm_work__has(in, AIVM_WK_OUTPUT_TOKENS) ? in->output_tokens : AIVM_TP_OUTPUT_TOKENS;
    min_gpus = fit->gpus_needed / r;
    if (!(min_gpus > 0) || !(g->memory_bandwidth_gbs > 0))
        return false;
    serve_setup(&x, e, sz, s, g);
    e->target_tokens_per_second = in->tokens_per_second;
    from_memory = sz->source[AIVM_SZ_CONCURRENCY] == AIVM_SRC_DEFAULT && x.kv_per_token > 0;
    memset(&best, 0, sizeof best);
    /* Each tensor-parallel degree from the fewest GPUs that hold a replica up to the
     * whole VM (powers of two, within one VM); a replica that must span VMs keeps its
     * GPUs, pipelined across them. The degree that serves the most tokens per VM under
     * the latency limits wins (a VM costs the same whatever its replicas). */
    for (double gpus = min_gpus;; gpus *= 2) {
        unsigned tp = pp > 1 ? (unsigned)(s->gpu_count >= 1 ? s->gpu_count : 1)
                             : (unsigned)(gpus >= 1 ? gpus : 1);
        double per_vm = pp > 1 ? 1 : s->gpu_count >= 1 ? floor(s->gpu_count / gpus + 1e-9) : 1;
        double b = sz->concurrency / r;
        cur = *e;
        if (b < 1)
            b = 1;
        if (from_memory) { /* continuous batching: what the KV room holds, at most 256 */
            double room = gpus * fit->usable_gib * GIB - e->weight_bytes -
                          AIVM_SIZING_OVERHEAD_GIB * GIB * gpus;
            b = floor(room / ((e->prompt_tokens + e->output_tokens) * x.kv_per_token));
            b = b > AIVM_TP_MAX_BATCH ? AIVM_TP_MAX_BATCH : b >= 1 ? b : 1;
            cur.batch_from_memory = true;
        }
        cur.replica_gpus = gpus;
        cur.replicas_per_vm = pp > 1 ? 0 : (unsigned)(per_vm >= 1 ? per_vm : 1);
        cur.unit_vms = pp;
        cur.unit_replicas = pp > 1 ? 1 : cur.replicas_per_vm;
        if (serve_within(&cur, &x, in, gpus, tp, pp, b)) {
            cur.unit_tokens_per_second = cur.unit_replicas * cur.tokens_per_second_per_replica;
            if (cur.unit_tokens_per_second / pp > best_unit * (1 + 1e-9)) {
                best = cur;
                best_unit = cur.unit_tokens_per_second / pp;
            }
        } else if (best_unit < 0 && (best.ttft_s == 0 || cur.tpot_s < best.tpot_s)) {
            best = cur; /* the least infeasible, to say why */
            best.latency_infeasible = true;
        }
        /* --concurrency fixes the split; --gpus pins the degree; a pipelined replica has one
         * shape; a GPU share (partition) is not split further */
        if (!from_memory || sz->gpus || pp > 1 || gpus < 1 || gpus * 2 > s->gpu_count + 1e-9)
            break;
    }
    *e = best;
    if (e->latency_infeasible)
        return true; /* known, and rejected for the latency limits */
    e->units = (unsigned)ceil(in->tokens_per_second / e->unit_tokens_per_second - 1e-9);
    if (e->units < 1)
        e->units = 1;
    e->vms = e->units * e->unit_vms;
    e->replicas = e->units * e->unit_replicas;
    return true;
}

void aivm_work_estimate_for(aivm_work_estimate *out, const aivm_workload *wl, const aivm_fit *fit,
                            const aivm_size *s, const aivm_gpu_model *g)
{
    aivm_work_estimate *e = out;
    memset(e, 0, sizeof *e);
    e->phase = wl->phase;
    e->why = AIVM_TP_NO_WORK;
    if (!wl->sizing || !aivm_work_wanted(wl) ||
        (wl->phase == AIVM_PHASE_TRAIN
             ? !aivm_work_trains(&wl->work)
             : !(wl->work.tokens_per_second > 0) && !(wl->work.requests_per_second > 0)))
        return; /* no amount of this phase's work (check: tags of the other phase) */
    e->why = AIVM_TP_NO_FIT;
    if (!fit->fits || fit->vms < 1)
        return;
    e->why = AIVM_TP_CPU;
    if (!s->has_gpu && !(wl->phase == AIVM_PHASE_TRAIN && wl->work.samples > 0) &&
        !(wl->phase != AIVM_PHASE_TRAIN && wl->work.requests_per_second > 0))
        return;
    if (!s->has_gpu) { /* --samples or --requests-per-second: a CPU size's vCPUs do the work */
        if (wl->phase == AIVM_PHASE_TRAIN ? aivm_workload__samples_cpu(e, wl, fit, s)
                                          : aivm_workload__encode_cpu(e, wl, s)) {
            e->why = AIVM_TP_OK;
            e->known = true;
        }
        return;
    }
    e->why = AIVM_TP_NO_GPU_FACTS;
    if (!g)
        return;
    e->why = AIVM_TP_NO_PEAK;
    e->active_params = aivm_tp_active_params(wl->sizing);
    e->peak_tflops = aivm_tp_peak(wl->sizing, g, &e->peak_dtype, &e->fp8_as_bf16);
    if (!(e->peak_tflops > 0))
        return;
    if (wl->phase == AIVM_PHASE_TRAIN)
        train(e, wl, fit, s, g);
    else if (wl->work.requests_per_second > 0 ? !encode(e, wl, fit, s, g)
                                              : !infer(e, wl, fit, s, g))
        return;
    e->why = AIVM_TP_OK;
    e->known = true;
}

const char *aivm_tp_unknown_name(aivm_tp_unknown why)
{
    switch (why) {
    case AIVM_TP_OK:
        return "";
    case AIVM_TP_NO_WORK:
        return "no amount of work given";
    case AIVM_TP_NO_FIT:
        return "the job does not fit";
    case AIVM_TP_CPU:
        return "a CPU size: no GPU facts";
    case AIVM_TP_NO_GPU_FACTS:
        return "the catalog has no facts about its GPU model";
    default:
        return "no dense peak or bandwidth known for the precision";
    }
}

double aivm_work_max_days(const aivm_workload *wl)
{
    if (wl->phase != AIVM_PHASE_TRAIN || !aivm_work_trains(&wl->work))
        return 0;
    return aivm_work__has(&wl->work, AIVM_WK_MAX_DAYS) ? wl->work.max_days
                                                       : AIVM_WORK_DEFAULT_MAX_DAYS;
}

void aivm_work_basis_settle(aivm_work_basis *b, const aivm_workload *wl)
{
    const aivm_work_input *in = &wl->work;
    memset(b, 0, sizeof *b);
    b->wanted = aivm_work_wanted(wl);
    b->estimated = b->wanted && wl->sizing != NULL;
    if (!b->wanted)
        return;
    if (wl->phase == AIVM_PHASE_TRAIN) {
        b->training_tokens = aivm_work_training_tokens(in);
        b->by_samples = aivm_work__has(in, AIVM_WK_SAMPLES);
        if (b->by_samples && wl->sizing)
            b->flops_per_sample = aivm_work_flops_per_sample(wl->sizing);
        b->max_days = aivm_work_max_days(wl);
        return;
    }
    b->encoder = aivm_work__has(in, AIVM_WK_REQUESTS_PER_SECOND);
    b->prompt_tokens = aivm_work_prompt_tokens(wl);
    if (!b->encoder)
        b->output_tokens =
            aivm_work__has(in, AIVM_WK_OUTPUT_TOKENS) ? in->output_tokens : AIVM_TP_OUTPUT_TOKENS;
    b->mbu = AIVM_TP_MBU;
    b->compute_efficiency = AIVM_TP_INFER_COMPUTE_EFF;
}
