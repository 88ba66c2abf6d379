/*
 * fit.c - maps a resolved sizing onto one catalog size: usable memory per
 * GPU (90 % of HBM), GPUs needed (with tensor-parallel rounding for
 * inference), whole VMs within --max-nodes, fractional GPU partitions (NVads
 * A10 v5 and the like, never combined), and CPU sizes checked against RAM.
 * Pure functions of (sizing, size); rules reach them through attr.c.
 */
#include <math.h>
#include <string.h>

#include "aivm/sizing.h"

#define GIB 1073741824.0
#define MAX_GPUS 1000000.0

/* Catalog GPU memory is in GB as published (1 GB = 10^9 bytes). */
static double hbm_gib(const aivm_size *s)
{
    return s->gpu_memory_gb * 1e9 / GIB;
}

static double need_on(const aivm_sizing *sz, double n)
{
    return sz->mem.fixed + sz->mem.split / n;
}

static void finish(aivm_fit *f, const aivm_sizing *sz, double hbm)
{
    double used = f->gpus_needed >= 1 ? f->gpus_needed : 1;
    double deploy = f->gpus_total >= 1 ? f->gpus_total : 1;
    f->need_gib = need_on(sz, used);
    if (f->vms > 0)
        f->memory_utilization = (used * sz->mem.fixed + sz->mem.split) / (deploy * hbm);
}

/* A CPU size: the whole job in the VM's RAM; one VM. */
static void fit_cpu(aivm_fit *f, const aivm_sizing *sz, const aivm_size *s)
{
    f->usable_gib = s->memory_gib * AIVM_SIZING_USABLE;
    f->need_gib = sz->mem.total;
    f->fits = f->need_gib <= f->usable_gib;
    f->limit = f->fits ? AIVM_FIT_OK : AIVM_FIT_CPU_MEMORY;
    f->vms = f->fits ? 1 : 0;
    f->memory_utilization = f->fits ? f->need_gib / s->memory_gib : 0;
    f->replicas = f->vms ? 1 : 0;
    f->replica_vms = f->vms;
}

/* A partition of one GPU: the job must fit in it; partitions are not combined. */
static void fit_partial(aivm_fit *f, const aivm_sizing *sz, const aivm_size *s)
{
    f->need_gib = need_on(sz, 1);
    f->fits = f->need_gib <= f->usable_gib && sz->gpus <= 1;
    f->limit = f->fits ? AIVM_FIT_OK : AIVM_FIT_PARTIAL;
    f->vms = f->fits ? 1 : 0;
    f->gpus_needed = f->gpus_total = f->fits ? s->gpu_count : 0;
    if (f->fits)
        f->memory_utilization = f->need_gib / hbm_gib(s);
    f->replicas = f->vms ? 1 : 0;
    f->replica_vms = f->vms;
}

/* Smallest GPU count that holds the job, or 0 when none does. */
static double gpus_for(const aivm_sizing *sz, double usable, double per_vm)
{
    double n, p2 = 1;
    if (sz->mem.fixed >= usable)
        return 0;
    n = sz->mem.split > 0 ? ceil(sz->mem.split / (usable - sz->mem.fixed) - 1e-9) : 1;
    if (n < 1)
        n = 1;
    if (n > MAX_GPUS)
        return 0;
    if (sz->phase != AIVM_PHASE_INFERENCE)
        return n; /* data-parallel sharding works with any count */
    /* Tensor parallelism inside a VM takes 1, 2, 4 or 8 GPUs; beyond one VM
     * the model is split across whole VMs (pipeline parallelism). */
    if (n <= per_vm) {
        while (p2 < n)
            p2 *= 2;
        return p2 <= per_vm ? p2 : per_vm;
    }
    return ceil(n / per_vm) * per_vm;
}

/* What both fits share: a CPU size and a partial GPU are judged whole here
 * (true: `f` is complete); else the per-GPU facts are set for the caller. */
static bool fit_common(aivm_fit *f, const aivm_sizing *sz, const aivm_size *s)
{
    memset(f, 0, sizeof *f);
    if (!s->has_gpu) {
        fit_cpu(f, sz, s);
        return true;
    }
    f->gpus_per_vm = s->gpu_count;
    f->usable_gib = hbm_gib(s) * AIVM_SIZING_USABLE;
    if (s->gpu_count < 1) {
        fit_partial(f, sz, s);
        return true;
    }
    return false;
}

/*
 * Serving many sequences: when the weights fit one VM but the KV cache of all
 * the concurrent sequences does not, the concurrency is split over R
 * independent one-VM replicas (each holds the weights and 1/R of the KV cache)
 * rather than one replica spread over VMs: no traffic between VMs, so no
 * InfiniBand needed. Taken when the size has no InfiniBand (a spread replica
 * would be refused) or when it needs no more VMs than the spread replica.
 */
static void split_into_replicas(aivm_fit *f, const aivm_sizing *sz, const aivm_size *s)
{
    double g = s->gpu_count, kv = sz->mem.kv_cache, w = sz->mem.split - kv, cap, r;
    unsigned vms = f->vms;
    if (sz->phase != AIVM_PHASE_INFERENCE || sz->gpus || !(g >= 1) || !(kv > 0) ||
        sz->concurrency < 2 || (f->fits && vms <= 1) ||
        (!f->fits && f->limit != AIVM_FIT_MAX_NODES))
        return;
    cap = g * (f->usable_gib - sz->mem.fixed) - w; /* KV cache one VM can hold beside the weights */
    if (!(cap > 0))
        return;
    r = ceil(kv / cap - 1e-9);
    if (r < 2 || r > sz->concurrency || r > sz->max_nodes || (s->infiniband && f->fits && r > vms))
        return;
    f->replicas = (unsigned)r;
    f->replica_vms = 1;
    f->vms = (unsigned)r;
    f->gpus_needed = r * g;
    f->gpus_total = r * g;
    f->fits = true;
    f->limit = AIVM_FIT_OK;
    f->need_gib = sz->mem.fixed + (w + kv / r) / g;
    f->memory_utilization = (r * g * sz->mem.fixed + r * w + kv) / (r * g * hbm_gib(s));
}

void aivm_fit_compute(aivm_fit *f, const aivm_sizing *sz, const aivm_size *s)
{
    double n;
    if (fit_common(f, sz, s))
        return;
    n = sz->gpus ? sz->gpus : gpus_for(sz, f->usable_gib, s->gpu_count);
    if (!(n > 0) || need_on(sz, n) > f->usable_gib) {
        f->limit = AIVM_FIT_PER_GPU;
        f->gpus_needed = n;
        /* what every GPU must hold: the whole job on n GPUs, or, when no count
         * works, the unshardable part alone (replicated state, activations) */
        f->need_gib = n > 0 ? need_on(sz, n) : sz->mem.fixed;
        return;
    }
    f->gpus_needed = n;
    f->vms = (unsigned)ceil(n / s->gpu_count - 1e-9);
    f->gpus_total = f->vms * s->gpu_count;
    f->fits = f->vms <= sz->max_nodes;
    f->limit = f->fits ? AIVM_FIT_OK : AIVM_FIT_MAX_NODES;
    finish(f, sz, hbm_gib(s));
    f->replicas = 1;
    f->replica_vms = f->vms;
    split_into_replicas(f, sz, s);
}

void aivm_fit_on(aivm_fit *f, const aivm_sizing *sz, const aivm_size *s, unsigned vms)
{
    if (fit_common(f, sz, s)) {
        if (!s->has_gpu && vms != 1 && f->fits)
            f->vms = vms;
        return;
    }
    f->vms = vms ? vms : 1;
    f->gpus_needed = f->gpus_total = f->vms * s->gpu_count;
    f->fits = need_on(sz, f->gpus_total) <= f->usable_gib;
    f->limit = f->fits ? AIVM_FIT_OK : AIVM_FIT_PER_GPU;
    finish(f, sz, hbm_gib(s));
    f->replicas = 1;
    f->replica_vms = f->vms;
}

void aivm_fit_for(aivm_fit *f, const aivm_workload *wl, const aivm_size *s)
{
    unsigned n = (wl->set & AIVM_WL_NODES) && wl->nodes >= 1 ? wl->nodes : 0;
    const aivm_sizing *sz = wl->sizing;
    if (!n) {
        aivm_fit_compute(f, sz, s);
        return;
    }
    if (sz->phase == AIVM_PHASE_TRAIN && !sz->gpus) {
        aivm_fit_on(f, sz, s, n); /* the states are sharded over every GPU of the n VMs */
        return;
    }
    aivm_fit_compute(f, sz, s);
    if (f->fits && f->vms > n) {
        f->fits = false; /* one replica needs more VMs than the deployment has */
        f->limit = AIVM_FIT_MAX_NODES;
    }
}

aivm_precision aivm_sizing_compute_precision(const aivm_sizing *sz)
{
    bool weight_only = sz->precision == AIVM_PREC_INT8 || sz->precision == AIVM_PREC_INT4 ||
                       sz->precision == AIVM_PREC_MXFP4;
    if (sz->phase == AIVM_PHASE_TRAIN && sz->finetune != AIVM_FT_FULL && weight_only)
        return AIVM_PREC_BF16; /* LoRA/QLoRA over int8/int4 weights computes in 16 bits */
    return sz->precision;
}

static unsigned dtype_bit(aivm_dtype d)
{
    return 1u << d;
}

bool aivm_sizing_runs_on(const aivm_sizing *sz, const aivm_size *s, bool *known)
{
    unsigned have = s->gpu_precisions;
    *known = s->has_gpu && have != 0;
    if (!*known)
        return true;
    if (sz->phase == AIVM_PHASE_TRAIN && sz->finetune != AIVM_FT_FULL &&
        aivm_sizing_compute_precision(sz) == AIVM_PREC_BF16 && sz->precision != AIVM_PREC_BF16)
        /* LoRA/QLoRA over int8/int4 weights: the base is dequantised to a 16-bit
         * compute dtype, bf16 or fp16 (bitsandbytes' compute_dtype), so any GPU
         * with either runs it. */
        return (have & (dtype_bit(AIVM_DT_BF16) | dtype_bit(AIVM_DT_FP16))) != 0;
    switch (aivm_sizing_compute_precision(sz)) {
    case AIVM_PREC_FP32:
        return (have & dtype_bit(AIVM_DT_FP32)) != 0;
    case AIVM_PREC_BF16:
        return (have & (dtype_bit(AIVM_DT_BF16) | (sz->any_16bit ? dtype_bit(AIVM_DT_FP16) : 0))) !=
               0;
    case AIVM_PREC_FP16:
        return (have & dtype_bit(AIVM_DT_FP16)) != 0;
    case AIVM_PREC_FP8:
        return (have & dtype_bit(AIVM_DT_FP8)) != 0;
    case AIVM_PREC_INT8: /* weight-only (GPTQ, AWQ, LLM.int8): int8 math or fp16 after
                            dequantisation */
        return (have & (dtype_bit(AIVM_DT_INT8) | dtype_bit(AIVM_DT_FP16))) != 0;
    case AIVM_PREC_FP4: /* FP4 tensor cores: no dequantised fallback is counted */
        return (have & dtype_bit(AIVM_DT_FP4)) != 0;
    case AIVM_PREC_MXFP4: /* FP4 tensor cores, else dequantised; its attention and
                             embeddings are bf16 (gpt-oss): Ampere and later */
        return (have & (dtype_bit(AIVM_DT_FP4) | dtype_bit(AIVM_DT_BF16))) != 0;
    case AIVM_PREC_INT4:
        return (have &
                (dtype_bit(AIVM_DT_INT4) | dtype_bit(AIVM_DT_FP4) | dtype_bit(AIVM_DT_FP16))) != 0;
    default:
        return true;
    }
}

aivm_precision aivm_sizing_runs_as(const aivm_sizing *sz, const aivm_size *s)
{
    aivm_precision p = aivm_sizing_compute_precision(sz);
    unsigned have = s->has_gpu ? s->gpu_precisions : 0;
    if (p == AIVM_PREC_BF16 && sz->any_16bit && have && !(have & dtype_bit(AIVM_DT_BF16)) &&
        (have & dtype_bit(AIVM_DT_FP16)))
        return AIVM_PREC_FP16;
    return p;
}
