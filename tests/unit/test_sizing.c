/* test_sizing.c - memory formulas against published reference figures, input
 * resolution (flag / preset / default), and the per-size fit (fit.c).
 * Every reference figure names its source next to the assertion. */
#include <math.h>
#include <string.h>

#include "aivm/sizing.h"
#include "helpers.h"
#include "shipped.h"

static const aivm_size *size(const char *name)
{
    return catalog_size(shipped.cat, name);
}

/* A finished workload with sizing inputs given as flags. */
static aivm_workload wl_new(aivm_phase phase)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    wl.phase = phase;
    wl.kind = AIVM_KIND_GENERATIVE;
    return wl;
}

static void set_params(aivm_workload *wl, double p)
{
    wl->sizing_in.params = p;
    wl->sizing_in.set |= 1u << AIVM_SZ_PARAMS;
}

static void set_model(aivm_workload *wl, const char *id)
{
    wl->sizing_in.model = id;
    wl->sizing_in.set |= 1u << AIVM_SZ_MODEL;
}

static void resolve(aivm_sizing *sz, const aivm_workload *wl)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (aivm_sizing_resolve(sz, wl, shipped.models, &err) < 0)
        fail_msg("resolve: %s", err.msg);
}

/* Reference: 7B parameters × 2 bytes (bf16) = 14e9 bytes = 13.04 GiB
 * (EleutherAI, "Transformer Math 101", 2023: model memory = bytes/param × P;
 * the accuracy figure). */
static void sizing__weights_7b_bf16(void **state)
{
    (void)state;
    assert_true(fabs(aivm_sizing_weights_gib(7e9, AIVM_PREC_BF16) - 13.04) < 0.005);
    assert_true(fabs(aivm_sizing_weights_gib(7e9, AIVM_PREC_FP32) - 26.08) < 0.01);
    assert_true(fabs(aivm_sizing_weights_gib(7e9, AIVM_PREC_INT4) - 3.26) < 0.005);
}

/* Reference: NVIDIA Technical Blog, "Mastering LLM Techniques: Inference
 * Optimization" (2023-11-17): Llama 2 7B, 4096 tokens, batch 1, fp16:
 * 1 × 4096 × 2 × 32 layers × 4096 hidden × 2 bytes ≈ 2 GB per sequence. */
static void sizing__kv_llama2_7b(void **state)
{
    (void)state;
    assert_true(fabs(aivm_sizing_kv_cache_gib(32, 32, 128, AIVM_PREC_FP16, 4096, 1) - 2.0) < 1e-9);
}

/* Reference: Llama 3 8B config.json (32 layers, 32 heads, 8 KV heads, head
 * dim 128): grouped-query attention keeps 8 of 32 KV heads, so the same
 * 4096-token fp16 cache is a quarter of a multi-head one: 0.5 GiB (peers.md
 * §5.2 on GQA; vLLM PR #29736). The preset gives the same figure. */
static void sizing__kv_llama3_8b_gqa(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    (void)state;
    assert_true(fabs(aivm_sizing_kv_cache_gib(32, 8, 128, AIVM_PREC_FP16, 4096, 1) - 0.5) < 1e-9);
    set_model(&wl, "llama-3-8b");
    wl.sizing_in.context = 4096;
    wl.sizing_in.set |= 1u << AIVM_SZ_CONTEXT;
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.kv_cache - 0.5) < 1e-9);
    /* concurrency multiplies the cache */
    wl.sizing_in.concurrency = 8;
    wl.sizing_in.set |= 1u << AIVM_SZ_CONCURRENCY;
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.kv_cache - 4.0) < 1e-9);
}

/* Reference: EleutherAI "Transformer Math 101": mixed-precision AdamW keeps
 * 2 (weights) + 2 (gradients) + 12 (fp32 copy, momentum, variance) = 16
 * bytes per parameter; 8-bit Adam 2 + 2 + 6; SGD with momentum 2 + 2 + 8;
 * pure fp32 AdamW 4 + 4 + 8 (also FlashOptim, arXiv 2602.23349). */
static void sizing__training_bytes_per_param(void **state)
{
    static const struct {
        aivm_optimizer o;
        aivm_precision p;
        double bytes;
    } cases[] = {{AIVM_OPTIM_ADAMW, AIVM_PREC_BF16, 16},
                 {AIVM_OPTIM_ADAMW_8BIT, AIVM_PREC_BF16, 10},
                 {AIVM_OPTIM_SGD, AIVM_PREC_BF16, 12},
                 {AIVM_OPTIM_ADAMW, AIVM_PREC_FP32, 16}};
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
        aivm_sizing sz;
        double state_gib;
        set_params(&wl, 1e9);
        wl.sizing_in.optimizer = cases[i].o;
        wl.sizing_in.precision = cases[i].p;
        wl.sizing_in.set |= (1u << AIVM_SZ_OPTIMIZER) | (1u << AIVM_SZ_PRECISION);
        resolve(&sz, &wl);
        state_gib = sz.mem.weights + sz.mem.gradients + sz.mem.optimizer;
        assert_true(fabs(state_gib * 1073741824.0 / 1e9 - cases[i].bytes) < 1e-9);
        /* no shape given: the nearest preset's, flagged, never counted as zero */
        assert_non_null(sz.shape_from);
        assert_int_equal(sz.source[AIVM_SZ_LAYERS], AIVM_SRC_ESTIMATED);
        assert_true(sz.mem.activations > 0);
    }
}

/* Activations (Korthikanti et al. 2022, arXiv 2205.05198, eq. 2 without the
 * attention-score term that FlashAttention does not store): 34·s·b·h·L
 * bytes; full recomputation keeps 2·s·b·h·L. */
static void sizing__activations(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    double sbhl = 4096.0 * 1 * 4096 * 32;
    (void)state;
    set_model(&wl, "llama-2-7b");
    resolve(&sz, &wl);
    assert_int_equal(sz.context, 4096);
    assert_true(fabs(sz.mem.activations - 34 * sbhl / 1073741824.0) < 1e-9);
    wl.sizing_in.act_ckpt = true;
    wl.sizing_in.set |= 1u << AIVM_SZ_ACT_CKPT;
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.activations - 2 * sbhl / 1073741824.0) < 1e-9);
}

static void sizing__lora_and_qlora(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    double full;
    (void)state;
    set_model(&wl, "llama-2-7b");
    resolve(&sz, &wl);
    full = sz.mem.weights + sz.mem.gradients + sz.mem.optimizer;
    wl.sizing_in.finetune = AIVM_FT_LORA;
    wl.sizing_in.set |= 1u << AIVM_SZ_FINETUNE;
    resolve(&sz, &wl);
    /* r = 16 adapters on q, k, v, o: 8·r·h·L = 16.8M trainable parameters */
    assert_true(fabs(sz.trainable_params - 8.0 * 16 * 4096 * 32) < 1);
    assert_int_equal(sz.precision, AIVM_PREC_BF16);
    assert_true(sz.mem.weights + sz.mem.gradients + sz.mem.optimizer < full / 6);
    wl.sizing_in.finetune = AIVM_FT_QLORA;
    resolve(&sz, &wl);
    /* QLoRA (Dettmers et al. 2023): 4-bit NF4 base weights plus ~0.127
     * bits/param of quantisation constants */
    assert_int_equal(sz.precision, AIVM_PREC_INT4);
    assert_int_equal(sz.source[AIVM_SZ_PRECISION], AIVM_SRC_DEFAULT);
    assert_true(fabs(sz.mem.weights -
                     (6.74e9 * (0.5 + 0.127 / 8) + 2 * sz.trainable_params) / 1073741824.0) < 1e-9);
}

static void sizing__sources(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    (void)state;
    set_model(&wl, "LLAMA-3.1-70B"); /* ids are case-insensitive */
    wl.sizing_in.kv_heads = 4;
    wl.sizing_in.set |= 1u << AIVM_SZ_KV_HEADS;
    wl.sizing_in.from_file |= 1u << AIVM_SZ_KV_HEADS;
    resolve(&sz, &wl);
    assert_string_equal(sz.preset->id, "llama-3.1-70b");
    assert_int_equal(sz.source[AIVM_SZ_MODEL], AIVM_SRC_FLAG);
    assert_int_equal(sz.source[AIVM_SZ_PARAMS], AIVM_SRC_PRESET);
    assert_int_equal(sz.source[AIVM_SZ_LAYERS], AIVM_SRC_PRESET);
    assert_int_equal(sz.source[AIVM_SZ_KV_HEADS], AIVM_SRC_FILE);
    assert_int_equal(sz.kv_heads, 4);
    /* serving: a typical context, not the preset's 131072 (docs/sizing.md, "Serving context") */
    assert_int_equal(sz.context, AIVM_SIZING_SERVE_CONTEXT);
    assert_int_equal(sz.context_max, 131072);
    assert_int_equal(sz.context_basis, AIVM_CTX_TYPICAL);
    assert_int_equal(sz.source[AIVM_SZ_CONTEXT], AIVM_SRC_DEFAULT);
    assert_int_equal(sz.source[AIVM_SZ_CONCURRENCY], AIVM_SRC_DEFAULT);
    assert_int_equal(sz.max_nodes, 16);
    assert_string_equal(aivm_input_source_name(sz.source[AIVM_SZ_KV_HEADS]), "file");
}

static void sizing__resolve_errors(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    wl.sizing_in.precision = AIVM_PREC_INT4;
    wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "--params or --model"));
    set_params(&wl, 7e9);
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "full training"));
    set_model(&wl, "gpt-17");
    assert_int_equal(aivm_sizing_resolve(&sz, &wl, shipped.models, &err), AIVM_ENOTFOUND);
}

static void sizing__params_parse(void **state)
{
    double v = 0;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_params_parse(&v, "350M", NULL), 0);
    assert_true(v == 350e6);
    assert_int_equal(aivm_params_parse(&v, "7B", NULL), 0);
    assert_true(v == 7e9);
    assert_int_equal(aivm_params_parse(&v, "1.5T", NULL), 0);
    assert_true(v == 1.5e12);
    assert_int_equal(aivm_params_parse(&v, "125000000", NULL), 0);
    assert_true(v == 125e6);
    assert_int_equal(aivm_params_parse(&v, "7X", &err), AIVM_EINVALID);
    assert_int_equal(aivm_params_parse(&v, "B", NULL), AIVM_EINVALID);
    assert_int_equal(aivm_params_parse(&v, "-7B", NULL), AIVM_EINVALID);
    assert_int_equal(aivm_params_parse(&v, "0", NULL), AIVM_EINVALID);
    assert_int_equal(aivm_params_parse(&v, "0x10", NULL), AIVM_EINVALID);
}

/* 70B bf16 (130 GiB of weights) needs two 80 GB GPUs: one VM of a 2-GPU
 * size, or two VMs of a 1-GPU size. */
static void fit__70b_inference(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    aivm_fit f;
    (void)state;
    set_params(&wl, 70e9);
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.weights - 130.39) < 0.01);
    aivm_fit_compute(&f, &sz, size("Standard_NC48ads_A100_v4"));
    assert_true(f.fits);
    assert_true(f.gpus_needed == 2 && f.vms == 1 && f.gpus_total == 2);
    assert_true(f.memory_utilization > 0.85 && f.memory_utilization < 0.9);
    aivm_fit_compute(&f, &sz, size("Standard_NC24ads_A100_v4"));
    assert_true(f.fits && f.vms == 2);
    aivm_fit_compute(&f, &sz, size("Standard_ND96isr_H100_v5"));
    assert_true(f.fits && f.vms == 1 && f.gpus_needed == 2 && f.gpus_total == 8);
    aivm_fit_compute(&f, &sz, size("Standard_NC64as_T4_v3"));
    assert_true(f.fits && f.gpus_needed == 12 && f.vms == 3); /* whole VMs beyond one */
}

/* Tensor parallelism inside a VM rounds up to a power of two. */
static void fit__tensor_parallel_rounding(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    aivm_fit f;
    (void)state;
    set_params(&wl, 18e9); /* 33.5 GiB: three T4s (12.4 GiB usable each) by memory */
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_NC64as_T4_v3"));
    assert_true(f.fits && f.gpus_needed == 4 && f.vms == 1);
}

/* ZeRO shards model states, never activations: Llama 2 7B, full bf16 AdamW,
 * ZeRO-3 on 4 GPUs holds 104 GiB / 4 of states plus all 17 GiB of its own
 * micro-batch's activations, about 43 GiB per GPU (Rajbhandari et al., ZeRO,
 * 2020; activations 34 bytes x s·b·h·L, Korthikanti et al., 2022). */
static void sizing__zero_shards_states_not_activations(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    double per_gpu, states;
    (void)state;
    set_model(&wl, "llama-2-7b");
    wl.sizing_in.sharding = AIVM_SHARD_ZERO3;
    wl.sizing_in.gpus = 4;
    wl.sizing_in.set |= (1u << AIVM_SZ_SHARDING) | (1u << AIVM_SZ_GPUS);
    resolve(&sz, &wl);
    states = sz.mem.weights + sz.mem.gradients + sz.mem.optimizer;
    per_gpu = sz.mem.fixed + sz.mem.split / 4;
    assert_true(fabs(sz.mem.fixed - (sz.mem.activations + sz.mem.overhead)) < 1e-9);
    assert_true(fabs(sz.mem.split - states) < 1e-9);
    assert_true(per_gpu > 42 && per_gpu < 45);
    /* ZeRO-1 keeps weights and gradients on every GPU, ZeRO-2 the weights */
    wl.sizing_in.sharding = AIVM_SHARD_ZERO1;
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.split - sz.mem.optimizer) < 1e-9);
    wl.sizing_in.sharding = AIVM_SHARD_ZERO2;
    resolve(&sz, &wl);
    assert_true(fabs(sz.mem.split - sz.mem.optimizer - sz.mem.gradients) < 1e-9);
}

/* QLoRA turns activation checkpointing on, as PEFT's k-bit preparation does;
 * an explicit false wins. */
static void sizing__qlora_checkpoints_by_default(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    (void)state;
    set_model(&wl, "llama-2-7b");
    wl.sizing_in.finetune = AIVM_FT_QLORA;
    wl.sizing_in.set |= 1u << AIVM_SZ_FINETUNE;
    resolve(&sz, &wl);
    assert_true(sz.act_ckpt);
    wl.sizing_in.act_ckpt = false;
    wl.sizing_in.set |= 1u << AIVM_SZ_ACT_CKPT;
    resolve(&sz, &wl);
    assert_false(sz.act_ckpt);
    wl.sizing_in.finetune = AIVM_FT_LORA;
    wl.sizing_in.set &= ~(1u << AIVM_SZ_ACT_CKPT);
    resolve(&sz, &wl);
    assert_false(sz.act_ckpt);
}

/* The precision a GPU must run natively (catalog gpu_models). */
static void fit__native_precision(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    bool known = false;
    (void)state;
    set_model(&wl, "llama-2-7b");
    resolve(&sz, &wl); /* bf16 by default */
    assert_false(aivm_sizing_runs_on(&sz, size("Standard_ND40rs_v2"), &known)); /* V100 */
    assert_true(known);
    assert_false(aivm_sizing_runs_on(&sz, size("Standard_NC4as_T4_v3"), &known));
    assert_true(aivm_sizing_runs_on(&sz, size("Standard_NC24ads_A100_v4"), &known));
    wl.sizing_in.finetune = AIVM_FT_QLORA; /* 4-bit base, fp16 or bf16 compute: T4 runs it */
    wl.sizing_in.set |= 1u << AIVM_SZ_FINETUNE;
    resolve(&sz, &wl);
    assert_true(aivm_sizing_runs_on(&sz, size("Standard_NC4as_T4_v3"), &known));
    wl = wl_new(AIVM_PHASE_INFERENCE);
    set_model(&wl, "llama-3.1-70b");
    wl.sizing_in.precision = AIVM_PREC_FP8;
    wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    resolve(&sz, &wl);
    assert_false(aivm_sizing_runs_on(&sz, size("Standard_NC24ads_A100_v4"), &known));
    assert_true(aivm_sizing_runs_on(&sz, size("Standard_NC40ads_H100_v5"), &known));
    assert_true(aivm_sizing_runs_on(&sz, size("Standard_ND96isr_MI300X_v5"), &known));
    wl.sizing_in.precision = AIVM_PREC_INT4; /* weight-only: any fp16 GPU */
    resolve(&sz, &wl);
    assert_true(aivm_sizing_runs_on(&sz, size("Standard_ND40rs_v2"), &known));
    assert_true(aivm_sizing_runs_on(&sz, size("Standard_E8s_v5"), &known));
    assert_false(known); /* no GPU: nothing to check */
}

static void fit__7b_full_training(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    aivm_fit f;
    (void)state;
    set_params(&wl, 7e9);
    wl.sizing_in.act_ckpt = true; /* activations of about 1 GiB: the states decide */
    wl.sizing_in.set |= 1u << AIVM_SZ_ACT_CKPT;
    resolve(&sz, &wl);
    /* 16 bytes × 7B = 104.3 GiB > one 80 GB GPU: ZeRO-3 spreads it over two */
    assert_int_equal(sz.sharding, AIVM_SHARD_ZERO3);
    aivm_fit_compute(&f, &sz, size("Standard_NC48ads_A100_v4"));
    assert_true(f.fits && f.gpus_needed == 2);
    aivm_fit_compute(&f, &sz, size("Standard_NC24ads_A100_v4"));
    assert_true(f.fits && f.vms == 2); /* (rules then demand InfiniBand) */
    wl.sizing_in.sharding = AIVM_SHARD_NONE;
    wl.sizing_in.set |= 1u << AIVM_SZ_SHARDING;
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_ND96isr_H100_v5"));
    assert_false(f.fits);
    assert_int_equal(f.limit, AIVM_FIT_PER_GPU);
    assert_true(f.need_gib > 100);
    aivm_fit_compute(&f, &sz, size("Standard_ND96isr_MI300X_v5")); /* 192 GB per GPU */
    assert_true(f.fits && f.gpus_needed == 1);
}

static void fit__max_nodes(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_sizing sz;
    aivm_fit f;
    (void)state;
    set_model(&wl, "llama-3.1-405b");
    wl.sizing_in.act_ckpt = true;
    wl.sizing_in.set |= 1u << AIVM_SZ_ACT_CKPT;
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_ND96isr_H100_v5"));
    assert_true(f.fits && f.vms > 1 && f.vms <= 16);
    wl.sizing_in.max_nodes = 4;
    wl.sizing_in.set |= 1u << AIVM_SZ_MAX_NODES;
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_ND96isr_H100_v5"));
    assert_false(f.fits);
    assert_int_equal(f.limit, AIVM_FIT_MAX_NODES);
    assert_true(f.vms > 4);
}

/* NVads A10 v5 partitions: 1/6 of an A10 has 4 GB; not combined. */
static void fit__partial_gpu(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    aivm_fit f;
    (void)state;
    set_params(&wl, 1e9);
    wl.sizing_in.precision = AIVM_PREC_INT4;
    wl.sizing_in.set |= 1u << AIVM_SZ_PRECISION;
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_NV6ads_A10_v5"));
    assert_true(f.fits && f.vms == 1);
    assert_true(fabs(f.gpus_total - 1.0 / 6) < 0.001);
    set_params(&wl, 7e9);
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_NV6ads_A10_v5"));
    assert_false(f.fits);
    assert_int_equal(f.limit, AIVM_FIT_PARTIAL);
    assert_int_equal(f.vms, 0);
}

static void fit__cpu_memory(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    aivm_fit f;
    const aivm_size *s = size("Standard_F2s_v2"); /* 4 GiB RAM */
    (void)state;
    set_model(&wl, "resnet-50");
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, s);
    assert_true(f.fits && f.vms == 1 && f.gpus_total == 0);
    set_params(&wl, 7e9);
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, s);
    assert_false(f.fits);
    assert_int_equal(f.limit, AIVM_FIT_CPU_MEMORY);
}

/* The check-mode entry point: a given count of VMs. */
static void fit__on_given_vms(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_INFERENCE);
    aivm_sizing sz;
    aivm_fit f;
    (void)state;
    set_params(&wl, 70e9);
    resolve(&sz, &wl);
    aivm_fit_on(&f, &sz, size("Standard_NC24ads_A100_v4"), 1);
    assert_false(f.fits);
    aivm_fit_on(&f, &sz, size("Standard_NC24ads_A100_v4"), 2);
    assert_true(f.fits && f.gpus_total == 2);
    wl.sizing_in.gpus = 1;
    wl.sizing_in.set |= 1u << AIVM_SZ_GPUS;
    resolve(&sz, &wl);
    aivm_fit_compute(&f, &sz, size("Standard_NC48ads_A100_v4"));
    assert_false(f.fits); /* pinned to one GPU */
    assert_int_equal(f.limit, AIVM_FIT_PER_GPU);
}

/* advise: every ranked candidate carries a fit that fits; the ones that do
 * not fit are rejected by a fit-* rule whose message has the numbers. */
static void fit__advise_integration(void **state)
{
    aivm_workload wl = wl_new(AIVM_PHASE_TRAIN);
    aivm_rules *rules = load_shipped_rules();
    aivm_advise_opts ao = AIVM_ADVISE_OPTS_INIT;
    aivm_advice *adv = NULL;
    aivm_sizing sz;
    bool saw_max_nodes = false;
    (void)state;
    set_model(&wl, "llama-3.1-405b");
    wl.sizing_in.max_nodes = 8;
    wl.sizing_in.act_ckpt = true;
    wl.sizing_in.set |= (1u << AIVM_SZ_MAX_NODES) | (1u << AIVM_SZ_ACT_CKPT);
    assert_int_equal(aivm_workload_finish(&wl, NULL), 0);
    wl.today = "2026-11-29";
    resolve(&sz, &wl);
    wl.sizing = &sz;
    assert_int_equal(aivm_advise(&adv, shipped.cat, rules, &wl, &ao, NULL), 0);
    assert_true(adv->n_ranked > 0);
    for (size_t i = 0; i < adv->n_ranked; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        assert_true(c->has_fit && c->fit.fits && c->fit.vms <= 8);
        assert_true(c->size->infiniband || c->fit.vms == 1);
    }
    for (size_t i = 0; i < adv->n_rejected; i++)
        if (strcmp(aivm_rule_id(adv->rejected[i].rule), "fit-max-nodes") == 0) {
            saw_max_nodes = true;
            assert_non_null(
                strstr(adv->rejected[i].message, "more than the 8 VMs the deployment may use"));
            assert_null(strstr(adv->rejected[i].message, "n/a"));
        }
    assert_true(saw_max_nodes);
    aivm_advice_free(adv);
    /* without sizing no candidate has a fit and no fit-* rule fires */
    wl.sizing = NULL;
    assert_int_equal(aivm_advise(&adv, shipped.cat, rules, &wl, &ao, NULL), 0);
    for (size_t i = 0; i < adv->n_ranked; i++) {
        assert_false(adv->ranked[i].has_fit);
        for (size_t j = 0; j < adv->ranked[i].n_reasons; j++)
            assert_null(strstr(aivm_rule_id(adv->ranked[i].reasons[j].rule), "fit-"));
    }
    for (size_t i = 0; i < adv->n_rejected; i++)
        assert_null(strstr(aivm_rule_id(adv->rejected[i].rule), "fit-"));
    aivm_advice_free(adv);
    aivm_rules_free(rules);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizing__weights_7b_bf16),
        cmocka_unit_test(sizing__kv_llama2_7b),
        cmocka_unit_test(sizing__kv_llama3_8b_gqa),
        cmocka_unit_test(sizing__training_bytes_per_param),
        cmocka_unit_test(sizing__activations),
        cmocka_unit_test(sizing__lora_and_qlora),
        cmocka_unit_test(sizing__sources),
        cmocka_unit_test(sizing__resolve_errors),
        cmocka_unit_test(sizing__params_parse),
        cmocka_unit_test(fit__70b_inference),
        cmocka_unit_test(fit__tensor_parallel_rounding),
        cmocka_unit_test(sizing__zero_shards_states_not_activations),
        cmocka_unit_test(sizing__qlora_checkpoints_by_default),
        cmocka_unit_test(fit__native_precision),
        cmocka_unit_test(fit__7b_full_training),
        cmocka_unit_test(fit__max_nodes),
        cmocka_unit_test(fit__partial_gpu),
        cmocka_unit_test(fit__cpu_memory),
        cmocka_unit_test(fit__on_given_vms),
        cmocka_unit_test(fit__advise_integration),
    };
    return cmocka_run_group_tests_name("sizing", tests, shipped_group_setup,
                                       shipped_group_teardown);
}
