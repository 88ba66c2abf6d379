/*
 * aivm/throughput.h - the time of the work (docs/throughput.md): how long a
 * training job of N tokens runs on a deployment, and how many output tokens
 * per second one serving replica sustains, from the sizing, the fit and the
 * catalog's GPU facts (dense peak per precision, HBM bandwidth).
 *
 * Pure functions of their arguments: no prices (the cost is the advice's,
 * aivm/advise.h), nothing printed, nothing allocated. An aivm_work_estimate
 * is a plain value.
 */
#ifndef AIVM_THROUGHPUT_H
#define AIVM_THROUGHPUT_H

#include <stdbool.h>

#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/sizing.h"
#include "aivm/workload.h"

/** Model-FLOPs utilisation of training when the GPU's generation has no published
 *  figure in aivm_tp_mfu_for()'s table (an assumption, stated as such). */
#define AIVM_TP_MFU 0.30
/** Dense models below this many (active) parameters train at a lower MFU: the
 *  generation's figure x sqrt(N / AIVM_TP_MFU_FULL_SIZE), at least
 *  AIVM_TP_MFU_SIZE_FLOOR (docs/throughput.md, "MFU by model size"): fitted to the
 *  ratios among Meta's H100 runs (Llama 3.2 1B and 3B over Llama 3 8B: 0.32 and 0.66)
 *  and Llama 2 7B over 70B on A100 (0.89). */
#define AIVM_TP_MFU_FULL_SIZE 8e9
#define AIVM_TP_MFU_SIZE_FLOOR 0.4
/** A mixture of experts trains at this share of a dense model's MFU (active
 *  parameters, same GPU and precision): the all-to-all of expert parallelism, the
 *  experts' small GEMMs and the router. NVIDIA NeMo AutoModel's H100 bf16 table
 *  (2025-10: DeepSeek-V3, Qwen3-30B-A3B, gpt-oss 20b/120b at 0.19-0.29 of the peak,
 *  0.51-0.75 of Hopper's 0.38) and Megatron-Bridge 25.11 (gpt-oss-120b H100 bf16 0.46;
 *  Qwen3-235B-A22B H100 FP8 0.30 of the dense FP8 rows); spread _LO to _HI. */
#define AIVM_TP_MOE_TRAIN_FACTOR 0.55
#define AIVM_TP_MOE_TRAIN_FACTOR_LO 0.30
#define AIVM_TP_MOE_TRAIN_FACTOR_HI 0.75
/** Time factor of automatic (selective) activation recomputation: Korthikanti et
 *  al. 2022 (arXiv 2205.05198) measure 2-4 % of the step with selective
 *  recomputation and sequence parallelism, against 30-40 % for full. */
#define AIVM_TP_RECOMPUTE_SELECTIVE 1.04
/** Time factor of full recomputation (--activation-checkpointing): one more
 *  forward pass, 2N on top of the 6N that MFU counts (8N / 6N). */
#define AIVM_TP_RECOMPUTE_FULL (8.0 / 6.0)
/** FP8 training's speed-up over bf16 on GPUs with FP8 tensor cores: NVIDIA
 *  Megatron-Bridge 25.11 (docs/performance-summary.md, DGX-H100, FP8 current
 *  scaling) trains Llama 3 8B at 14,451, 70B at 1,602 and 405B at 292 tokens/s per
 *  GPU: 0.69-0.72 of the bf16 peak in 6N FLOPs, 1.8-1.9 x Hopper's bf16 0.38; 1.6 is
 *  below those tuned benchmarks. The low end of the spread is NeMo AutoModel's
 *  "over 1.2x" (AIVM_TP_FP8_TRAIN_SPEEDUP_LO). */
#define AIVM_TP_FP8_TRAIN_SPEEDUP 1.6
#define AIVM_TP_FP8_TRAIN_SPEEDUP_LO 1.2

/** The training utilisation of one GPU generation, with its spread and source. */
typedef struct {
    const char *architecture; /* the catalog's gpu_models[].architecture; NULL = the rest */
    double mfu, lo, hi;       /* model FLOPs (6N per token) / dense bf16 peak */
    const char *source;       /* where it comes from ("assumption: ..." when unsourced) */
} aivm_tp_mfu_fact;

/** The MFU figure for GPUs of `g`'s architecture (never NULL: a stated
 *  assumption when the generation has no published run). Static. */
const aivm_tp_mfu_fact *aivm_tp_mfu_for(const aivm_gpu_model *g);
/** The factor on the generation's MFU for the model of `sz`: a mixture of experts
 *  AIVM_TP_MOE_TRAIN_FACTOR; a dense model below AIVM_TP_MFU_FULL_SIZE active
 *  parameters sqrt(N / AIVM_TP_MFU_FULL_SIZE), at least AIVM_TP_MFU_SIZE_FLOOR; else 1. */
double aivm_tp_mfu_scale(const aivm_sizing *sz);
/** Expected distinct experts (of `experts`, each token routing to `k`) that a batch of
 *  `b` tokens reads in one MoE layer, uniform routing: E (1 - (1 - k/E)^b); k at b = 1,
 *  approaching E as the batch grows. */
double aivm_tp_experts_read(unsigned experts, unsigned k, double b);
/** MFU factor when a training job spans VMs without InfiniBand (an assumption). */
#define AIVM_TP_NO_IB_FACTOR 0.5
/** The serving efficiency of one GPU generation: a factor (the fact's `mfu`, with its
 *  spread and source) on AIVM_TP_MBU and AIVM_TP_INFER_COMPUTE_EFF, which are
 *  calibrated on NVIDIA GPUs; 1 for NVIDIA. Never NULL. Static. */
const aivm_tp_mfu_fact *aivm_tp_serve_fact_for(const aivm_gpu_model *g);
/** CDNA3's serving factor (docs/throughput.md, "Vendors and formats"): MLPerf
 *  Inference v4.1 puts 8 x MI300X within 2-3 % of 8 x H100 SXM on Llama 2 70B FP8,
 *  where the H100's bandwidth and peak at NVIDIA's shares would put it 1.56 x ahead. */
#define AIVM_TP_SERVE_CDNA3 0.62
/** A mixture of experts' decode step cannot be shorter than its layers' kernel chain
 *  (attention, router and top-k, token permutation, the grouped expert GEMMs, their
 *  reductions), whatever few bytes a small batch reads: a floor per layer per step.
 *  TensorRT-LLM's DeepSeek-R1 min-latency work on 8 x B200 (tech blog 1, "Pushing
 *  Latency Boundaries", ISL 1k / OSL 2k, concurrency 1) reaches 111 tokens/s per user
 *  without multi-token prediction (9.0 ms per token) after its kernel work, 67 with CUDA
 *  graphs alone (14.9 ms), where the weights' roofline is about 1 ms: (9.0 - 1.0 ms of
 *  all-reduces) / 61 layers = 0.13 ms, 0.23 ms at the baseline (the spread). */
#define AIVM_TP_MOE_LAYER_FLOOR_US 130.0
#define AIVM_TP_MOE_LAYER_FLOOR_US_HI 230.0
/** Default share of HBM bandwidth decode reaches (model bandwidth utilisation). */
#define AIVM_TP_MBU 0.6
/** Share of the dense peak prefill and large-batch decode reach (an assumption). */
#define AIVM_TP_INFER_COMPUTE_EFF 0.5
/** The most sequences one replica batches when --concurrency is not given (vLLM's
 *  default max_num_seqs). */
#define AIVM_TP_MAX_BATCH 256.0
/** Tensor parallelism's all-reduce per layer (two per layer per step, Megatron):
 *  a latency per all-reduce and the link's bandwidth. NVLink / Infinity Fabric: the
 *  GPU model's interconnect_gbs and 8 us (nccl-tests report 5-10 us for small
 *  all-reduces within an NVLink node); PCIe: 25 GB/s and 25 us (assumptions: PCIe
 *  Gen4 x16 carries 32 GB/s each way, host-routed; NCCL over PCIe is slower to start). */
#define AIVM_TP_ALLREDUCE_US_NVLINK 8.0
#define AIVM_TP_ALLREDUCE_US_PCIE 25.0
#define AIVM_TP_PCIE_GBS 25.0
/** A token crossing a pipeline stage boundary between VMs over InfiniBand (us). */
#define AIVM_TP_PP_HOP_US 10.0

/** Sequences one replica batches in non-generative serving (--requests-per-second)
 *  when --concurrency is not given (an assumption: a dynamic batcher's batch, e.g.
 *  Triton's, of a few tens). */
#define AIVM_TP_ENCODER_BATCH 32.0

/** Default prompt and output tokens per request (a prompt within the model's
 *  positions: BERT's 512, a ViT's patches). */
#define AIVM_TP_PROMPT_TOKENS 1024u
#define AIVM_TP_OUTPUT_TOKENS 256u

/** Training in samples (--samples; docs/throughput.md, "Training in samples"): a
 *  sample's training FLOPs are AIVM_TP_SAMPLE_PASSES x its forward FLOPs (forward 1x,
 *  backward 2x: the activation and the weight gradients). */
#define AIVM_TP_SAMPLE_PASSES 3.0
/** A CPU size's training rate per vCPU (GFLOP/s of model FLOPs, 3 x forward): You et
 *  al. (arXiv 1709.05011; Intel, "Intel Processors for Deep Learning Training", 2017)
 *  train ResNet-50 for 90 epochs in 31 minutes on 1,600 Xeon Platinum 8160 (Skylake-SP,
 *  24 cores, 48 threads each): 115.3M x 3 x 8.18 GFLOPs / 1,860 s / 76,800 threads =
 *  19.8 GFLOP/s per hardware thread, which an Azure vCPU is. The spread: AVX2-only
 *  hosts below, bf16 AMX (Sapphire/Emerald Rapids) above (an assumption). */
#define AIVM_TP_CPU_GFLOPS_PER_VCPU 20.0
#define AIVM_TP_CPU_GFLOPS_PER_VCPU_LO 10.0
#define AIVM_TP_CPU_GFLOPS_PER_VCPU_HI 60.0
#define AIVM_TP_CPU_SOURCE                                                                         \
    "CPU: ResNet-50, 90 epochs in 31 min on 1,600 Xeon Platinum 8160 (You et al., arXiv "          \
    "1709.05011): 19.8 GFLOP/s of model FLOPs per hardware thread (vCPU); 10-60 for the "          \
    "host's processor (AVX2 to bf16 AMX, an assumption)"

/** A CPU's matrix instructions, in the order of their serving rate: the class of
 *  the oldest processor a size may land on (docs/throughput.md, "Encoders on CPU
 *  sizes"). */
typedef enum {
    AIVM_CPU_ISA_AVX2 = 0, /* neither AMX nor AVX-512 VNNI, or undocumented */
    AIVM_CPU_ISA_AVX512,   /* AVX-512 VNNI */
    AIVM_CPU_ISA_AMX,      /* Advanced Matrix Extensions */
} aivm_cpu_isa;

/** Non-generative serving rate per vCPU of one instruction class, with its spread
 *  and source: GFLOP/s of the tool's request FLOPs, calibrated on MLPerf BERT. */
typedef struct {
    const char *isa;       /* "amx", "avx512-vnni", "avx2" */
    double gflops, lo, hi; /* central (MLPerf Server), low, high (Offline) */
    const char *source;    /* static */
} aivm_tp_cpu_fact;

/** The instruction class of `s`'s processor: the lowest of the generations its
 *  catalog `cpu` text names (a size that may land on an older host is counted at
 *  that host's class); AIVM_CPU_ISA_AVX2 when it names none. */
aivm_cpu_isa aivm_tp_cpu_isa_of(const aivm_size *s);
/** The serving rate of class `isa` (never NULL). Static. */
const aivm_tp_cpu_fact *aivm_tp_cpu_fact_for(aivm_cpu_isa isa);

/** The utilisation of one GPU generation training vision models (model FLOPs, 3 x
 *  forward per sample, over the dense 16-bit peak), with its spread and source. Static. */
const aivm_tp_mfu_fact *aivm_tp_sample_util_for(const aivm_gpu_model *g);

/** Forward FLOPs of one training sample of the resolved model `sz`: the preset's
 *  flops_per_sample, else a transformer's (2N + 2 x layers x context x hidden) x
 *  context at the training context (Kaplan et al. 2020); 0 when neither is known. */
double aivm_work_flops_per_sample(const aivm_sizing *sz);

/** Whether `in` gives a training amount: --tokens (or --epochs x --dataset-tokens) or
 *  --samples. */
bool aivm_work_trains(const aivm_work_input *in);

/** Why no estimate could be made. */
typedef enum {
    AIVM_TP_OK = 0,
    AIVM_TP_NO_WORK,      /* no work amount given */
    AIVM_TP_NO_FIT,       /* the job does not fit the size */
    AIVM_TP_CPU,          /* a CPU size: no GPU facts */
    AIVM_TP_NO_GPU_FACTS, /* the catalog has no facts about its GPU model */
    AIVM_TP_NO_PEAK,      /* no dense peak (or no bandwidth) for the precision */
} aivm_tp_unknown;

/** The time of the work on one deployment of one size. */
typedef struct {
    bool known;
    aivm_tp_unknown why; /* AIVM_TP_OK when known */
    aivm_phase phase;
    double active_params; /* parameters each token touches (MoE: the active ones) */
    double peak_tflops;   /* dense peak per GPU of the precision used */
    aivm_dtype peak_dtype;
    /* training */
    double tokens, flops_per_token, flops;
    double samples, flops_per_sample; /* --samples: the amount and a sample's forward FLOPs */
    bool cpu;                         /* a CPU size: vCPUs at the rate below (--samples, or
                                         --requests-per-second) */
    const char *cpu_isa;              /* serving on a CPU: its class ("amx", ...; static) */
    double vcpus, gflops_per_vcpu;
    double mfu; /* as used: the generation's (or --mfu), x AIVM_TP_NO_IB_FACTOR across VMs
                   without IB */
    double mfu_lo, mfu_hi; /* its published spread (both = mfu with --mfu) */
    const char *mfu_source;
    bool mfu_no_ib;   /* the factor was applied */
    bool fp8_as_bf16; /* fp8 training counted at the bf16 peak x AIVM_TP_FP8_TRAIN_SPEEDUP */
    double recompute; /* time factor of activation recomputation: 1, selective or full */
    double gpus;      /* all GPUs of the deployment */
    double gpu_hours, wall_hours;
    double gpu_hours_lo, gpu_hours_hi; /* from the MFU spread (hi MFU = fewest hours) */
    double wall_hours_lo, wall_hours_hi;
    /* inference */
    double replica_gpus;      /* GPUs of one replica */
    unsigned replicas_per_vm; /* replicas one VM hosts (0 when a replica spans VMs) */
    unsigned unit_vms;        /* VMs of the serving unit: 1, or the VMs of one replica */
    unsigned unit_replicas;   /* replicas in the unit */
    double batch;             /* sequences per replica */
    bool batch_from_memory;   /* no --concurrency: as many as the KV cache room holds */
    double prompt_tokens, output_tokens, kv_tokens; /* kv_tokens: average KV length read */
    double weight_bytes, kv_bytes;                  /* read per decode step (kv: whole batch) */
    double weight_read_bytes; /* of weight_bytes, what a decode step reads: a mixture of experts
                                 reads min(all, batch x active) (the experts its tokens use) */
    double bandwidth_gbs, mbu;
    double compute_efficiency; /* the share of the dense peak a step reaches */
    double serve_factor;       /* the generation's factor on both (aivm_tp_serve_fact_for) */
    const char *serve_source;  /* where the factor comes from (static) */
    double step_memory_s, step_compute_s, prefill_s;
    bool compute_bound;
    double tokens_per_second_per_replica, unit_tokens_per_second;
    double target_tokens_per_second;
    unsigned tensor_parallel;   /* GPUs of one replica within a VM (the degree chosen) */
    unsigned pipeline_parallel; /* VMs one replica spans (1 within a VM) */
    double allreduce_s;         /* per decode step: tensor parallelism's all-reduces */
    double step_floor_s;   /* a mixture of experts: the layers' kernel chain per step (0: dense) */
    bool floor_bound;      /* the floor, not memory or compute, set the step */
    double ttft_s, tpot_s; /* time to first token; time per output token (encoders:
                              ttft_s is a batch's latency, tpot_s 0) */
    /* non-generative serving (--requests-per-second): prefill only */
    bool requests;            /* the target is in requests (sequences) per second */
    double flops_per_request; /* 2N + 2 x layers x prompt x hidden, per prompt token */
    double requests_per_second_per_replica, unit_requests_per_second;
    double target_requests_per_second;
    bool batch_capped;       /* --max-tpot-ms / --max-ttft-ms lowered the batch */
    bool latency_infeasible; /* not even batch 1 meets the limits */
    unsigned units;          /* serving units the target needs */
    unsigned vms;            /* units x unit_vms */
    unsigned replicas;
    /* training within --max-days (aivm_work_max_days) */
    double max_days;    /* the limit in force; 0 = none */
    bool scaled_out;    /* the deployment grew past the VMs memory needs, to finish in time */
    bool over_max_days; /* still longer than max_days (no InfiniBand, or --max-nodes reached) */
} aivm_work_estimate;

/** Training jobs finish within this many days by default (--max-days). */
#define AIVM_WORK_DEFAULT_MAX_DAYS 30.0

/** The --max-days in force for `wl`: given (0 = no limit), else the default
 *  for training with an amount of work; 0 otherwise. */
double aivm_work_max_days(const aivm_workload *wl);

/**
 * Parse a token count: "2T", "1.4T", "500B", "20M", "300K", "1e12". Returns 0
 * or AIVM_EINVALID ("invalid token count 'x' (expected ...)").
 */
int aivm_tokens_parse(double *out, const char *s, aivm_error *err);

/** Whether the workload gives a work amount (--tokens, --epochs, --tokens-per-second). */
bool aivm_work_wanted(const aivm_workload *wl);

/**
 * Check the work inputs of `wl` against its phase and sizing: training takes
 * --tokens or --epochs with --dataset-tokens (not both), inference
 * --tokens-per-second; work needs --model or --params. Returns 0 or
 * AIVM_EINVALID naming what is wrong or missing.
 */
int aivm_work_check(const aivm_workload *wl, aivm_error *err);

/**
 * Check the work of `wl` against its resolved model (wl->sizing; nothing to
 * check without it): --tokens-per-second needs a generative model,
 * --requests-per-second a non-generative one (the preset's kind, else
 * wl->kind), and --prompt-tokens fits the preset's positions (its context).
 * Returns 0 or AIVM_EINVALID with a one-line message naming the model.
 */
int aivm_work_check_model(const aivm_workload *wl, aivm_error *err);

/** Prompt tokens per request: --prompt-tokens, else AIVM_TP_PROMPT_TOKENS within the
 *  model's positions (its context: BERT's 512, a ViT's patches). */
unsigned aivm_work_prompt_tokens(const aivm_workload *wl);

/** The work a workload asks for, as the estimates take it: settled once by
 *  the engine (aivm_work_basis_settle) for every renderer to state. */
typedef struct {
    bool wanted;               /* a work amount was given (aivm_work_wanted) */
    bool estimated;            /* ... and a model size to estimate it with (wl->sizing) */
    bool by_samples;           /* training counted in samples (a vision model) */
    bool encoder;              /* serving counted in requests of prompt tokens (prefill only) */
    double training_tokens;    /* training: tokens, or epochs x dataset tokens; 0 otherwise */
    double flops_per_sample;   /* training by samples: forward FLOPs per sample; 0 otherwise */
    unsigned prompt_tokens;    /* serving: per request (aivm_work_prompt_tokens) */
    unsigned output_tokens;    /* generative serving: per request */
    double mbu;                /* serving: memory-bandwidth utilisation the estimates use */
    double compute_efficiency; /* serving: share of the dense peak the estimates use */
    double max_days;           /* training: the --max-days in force (0 = none) */
} aivm_work_basis;

/** Fill `b` for `wl` (borrowed for the call). */
void aivm_work_basis_settle(aivm_work_basis *b, const aivm_workload *wl);

/** Training tokens of the input: tokens, or epochs x dataset_tokens; 0 when none. */
double aivm_work_training_tokens(const aivm_work_input *in);

/**
 * Training model FLOPs per token, as MFU counts them: 6N for full training;
 * LoRA/QLoRA 4N + 2T (no weight gradients of the frozen base; T trainable
 * parameters). Recomputation is not model work: MFU excludes it, and its
 * time is the estimate's `recompute` factor. `n` = active parameters.
 */
double aivm_tp_train_flops_per_token(double n, aivm_finetune ft, double trainable);

/** GPU-hours of `flops` at `peak_tflops` (dense, per GPU) and `mfu`. */
double aivm_tp_gpu_hours(double flops, double peak_tflops, double mfu);

/** Parameters a token touches: the preset's active_params (MoE) or all of them. */
double aivm_tp_active_params(const aivm_sizing *sz);

/**
 * The dense peak (TFLOP/s per GPU) `g` offers for `sz`: training at the
 * compute precision (fp8 at the bf16 peak; int8/int4 at the 16-bit peak),
 * inference at the weights' (int8/int4 dequantised: the 16-bit peak).
 * Returns 0 when unknown; `*dt` gets the format counted, `*fp8_as_bf16`
 * whether fp8 training was counted at the bf16 peak (either may be NULL).
 */
double aivm_tp_peak(const aivm_sizing *sz, const aivm_gpu_model *g, aivm_dtype *dt,
                    bool *fp8_as_bf16);

/**
 * The time of the work of `wl` (sizing resolved, work inputs checked) on the
 * deployment `fit` of `s`, whose GPU facts are `g` (NULL when the catalog has
 * none). Always fills `*out`; out->known says whether an estimate was made.
 */
void aivm_work_estimate_for(aivm_work_estimate *out, const aivm_workload *wl, const aivm_fit *fit,
                            const aivm_size *s, const aivm_gpu_model *g);

/** A short phrase for why an estimate is unknown ("no GPU facts"). Static. */
const char *aivm_tp_unknown_name(aivm_tp_unknown why);
/** What set a serving estimate's decode step: "memory" (reading the weights and KV
 *  cache), "compute" (the matmuls) or "kernel-chain" (a mixture of experts' per-layer
 *  floor at small batches, AIVM_TP_MOE_LAYER_FLOOR_US). Static. */
const char *aivm_tp_bound_name(const aivm_work_estimate *e);

#endif
