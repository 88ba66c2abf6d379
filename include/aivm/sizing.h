/*
 * aivm/sizing.h - model-size-aware sizing (docs/sizing.md): the GPU memory a
 * training or inference job needs (weights, gradients, optimizer states,
 * activations, KV cache, overhead), the presets of well-known open models
 * (data/models.yaml), and how the job fits on one catalog size: GPUs per VM,
 * GPUs and VMs needed, memory utilisation.
 *
 * Ownership: an aivm_models set owns its presets (free with aivm_models_free).
 * An aivm_sizing is a plain caller-owned struct; it borrows its preset from
 * the aivm_models it was resolved with, which must outlive it. An aivm_fit is
 * a plain value. Nothing here prints, allocates per call or reads the
 * environment; the formulas are pure functions.
 */
#ifndef AIVM_SIZING_H
#define AIVM_SIZING_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/workload.h"

/** Share of a GPU's memory (HBM) a job may use; the rest is left to the
 *  runtime, as vLLM's default gpu_memory_utilization of 0.9 does. The same
 *  share of RAM is usable on CPU sizes. */
#define AIVM_SIZING_USABLE 0.9
/** Fixed runtime overhead per GPU (CUDA context, kernels, workspaces), GiB. */
#define AIVM_SIZING_OVERHEAD_GIB 1.0
/** Training turns activation checkpointing on (unless told) when one
 *  micro-batch's activations and the overhead exceed this: the usable memory
 *  of an 80 GB GPU (80e9 x AIVM_SIZING_USABLE bytes, in GiB). */
#define AIVM_SIZING_CKPT_FROM_GIB (80e9 * AIVM_SIZING_USABLE / 1073741824.0)
/** --max-nodes when not given. */
#define AIVM_SIZING_MAX_NODES 16u
/** LoRA rank assumed for the adapter size (r in Hu et al. 2021). */
#define AIVM_SIZING_LORA_RANK 16u

/** Inference's context when neither --context nor the request's lengths (--prompt-tokens,
 *  --output-tokens) give it: a typical served context (a chat turn with its history; the
 *  default request is 1024 + 256 tokens), at most the preset's maximum (docs/sizing.md,
 *  "Serving context"). */
#define AIVM_SIZING_SERVE_CONTEXT 4096u
/** The context's value for `--context max` (workload key `context: max`): the preset's
 *  maximum context, resolved by aivm_sizing_resolve(). */
#define AIVM_CONTEXT_MAX 0xFFFFFFFFu

/** Why the resolved context is what it is (JSON sizing.context_basis). */
typedef enum {
    AIVM_CTX_GIVEN = 0, /* --context TOKENS */
    AIVM_CTX_MAX,       /* --context max: the preset's maximum */
    AIVM_CTX_REQUEST,   /* serving: the request's prompt + output tokens */
    AIVM_CTX_TYPICAL,   /* serving: AIVM_SIZING_SERVE_CONTEXT */
    AIVM_CTX_MODEL,     /* serving: the preset's maximum, shorter than the two above */
    AIVM_CTX_TRAINING   /* training: the preset's context, at most 4096 */
} aivm_context_basis;

/** "given", "max", "request", "typical", "model" or "training". */
const char *aivm_context_basis_name(aivm_context_basis b);

/** Where a resolved input came from. */
typedef enum {
    AIVM_SRC_DEFAULT = 0,
    AIVM_SRC_FLAG,
    AIVM_SRC_FILE,
    AIVM_SRC_PRESET,
    AIVM_SRC_DERIVED,   /* computed from other inputs (head count from hidden size, ...) */
    AIVM_SRC_ESTIMATED, /* the shape of the preset nearest in parameters (only --params given) */
    AIVM_SRC_CONFIG,    /* a configuration file (.aivm-advise.yaml, the user's config) */
    AIVM_SRC_TAG        /* a plan resource's aivm-* tag (check) */
} aivm_input_source;

/** One preset of data/models.yaml. Strings are owned by the aivm_models. */
typedef struct {
    const char *id;     /* "llama-3.1-8b": what --model takes (case-insensitive) */
    const char *name;   /* "Llama 3.1 8B" */
    const char *family; /* family id */
    aivm_kind kind;
    double params;
    double active_params; /* mixture of experts: parameters a token uses; 0 = all (dense) */
    unsigned layers, hidden, heads, kv_heads; /* 0 = not a transformer / unknown */
    unsigned context;                         /* default context (tokens); 0 = n/a */
    unsigned head_dim;       /* per attention head when not hidden / heads (Qwen3, Gemma 3, gpt-oss;
                                MLA's cached latent); 0 = hidden / heads */
    double flops_per_sample; /* vision: forward FLOPs of one sample at input_px (FLOPs = 2 x
                                multiply-adds); 0 = none (a transformer's follow from its shape) */
    unsigned input_px;       /* the input resolution those FLOPs are counted at (224); 0 = n/a */
    const char *flops_source; /* where flops_per_sample comes from; NULL with no figure */
    aivm_strlist sources;     /* URLs backing the facts */
    const char *as_of;
    aivm_loc loc;
    aivm_precision precision;   /* the published checkpoint's weights (gpt-oss mxfp4, DeepSeek-V3
                                   fp8): serving's default; AIVM_PREC_UNSET = 16-bit */
    unsigned experts;           /* mixture of experts: routed experts per MoE layer; 0 = dense */
    unsigned experts_per_token; /* routed experts each token uses (top-k); 0 = dense */
} aivm_model;

typedef struct aivm_models aivm_models;

/**
 * Parse a models file (docs/sizing.md, "models.yaml"). Strict like the
 * catalog: unknown keys, wrong types or duplicate ids are errors with
 * file:line:col. On success `*out` is freed with aivm_models_free().
 * Returns 0, AIVM_ESYNTAX, AIVM_EINVALID or AIVM_ELIMIT.
 */
int aivm_models_load_mem(aivm_models **out, const char *buf, size_t len, const char *name,
                         aivm_error *err);
/** Free a model set. Accepts NULL. */
void aivm_models_free(aivm_models *models);
size_t aivm_models_count(const aivm_models *models);
/** The i-th preset in file order; owned by the set. */
const aivm_model *aivm_models_at(const aivm_models *models, size_t i);
/** Find a preset by id, case-insensitively; NULL when absent. */
const aivm_model *aivm_models_find(const aivm_models *models, const char *id);
/** Find preset `id` into `*out`; when absent, AIVM_EINVALID with "unknown
 *  model 'x' (did you mean y?)" (or a pointer to `models list`). */
int aivm_models_lookup(const aivm_model **out, const aivm_models *models, const char *id,
                       aivm_error *err);
/** data/models.yaml as compiled into the binary (C records written by aivm-gen
 *  after the strict loader read it): no parse at run time. Static: never
 *  freed (aivm_models_free() ignores it). */
const aivm_models *aivm_models_builtin(void);

/**
 * Settle what the workload's own inputs imply, the same for every command:
 * a --model preset must exist in `models` (AIVM_EINVALID "unknown model 'x'
 * (did you mean y?)" otherwise; `models` NULL skips the lookup), and a kind
 * not given is the preset's, or generative for a model of a billion
 * parameters or more given by --params alone (then wl->kind_assumed is set:
 * aivm_recommend() says so in a "kind-assumed" warning). Returns 0 or
 * AIVM_EINVALID.
 */
int aivm_workload_settle(aivm_workload *wl, const aivm_models *models, aivm_error *err);

/** Memory of a job in GiB. The per-GPU need on n GPUs is fixed + split / n. */
typedef struct {
    double weights, gradients, optimizer, activations, kv_cache, overhead;
    double total; /* the sum of the six above: the job on a single GPU */
    double fixed; /* held by every GPU (replicated state, activations, overhead) */
    double split; /* divided across the GPUs (sharded or tensor-parallel state) */
} aivm_memory;

/** The sizing inputs as resolved (given, preset or default) and the memory. */
struct aivm_sizing {
    aivm_phase phase;
    const aivm_model *preset;     /* NULL without --model */
    const aivm_model *shape_from; /* --params only: the preset whose shape is assumed */
    double params;
    unsigned layers, hidden, heads, kv_heads; /* 0 = unknown (KV/activations not counted) */
    unsigned head_dim; /* the preset's when the shape is its own, else hidden / heads */
    aivm_precision precision, kv_precision;
    bool any_16bit; /* the default bf16 of an inference or non-generative job: fp16 does too */
    unsigned context, batch, concurrency;
    aivm_context_basis context_basis; /* why the context is what it is */
    unsigned context_max;             /* the preset's maximum context; 0 = none known */
    aivm_finetune finetune;
    aivm_optimizer optimizer;
    aivm_sharding sharding;
    bool act_ckpt;
    unsigned max_nodes;
    unsigned gpus; /* pinned GPU count; 0 = as many as needed */
    double trainable_params;
    double active_params; /* mixture of experts: --active-params or the preset's; 0 = dense */
    unsigned experts, experts_per_token; /* the preset's routing when its active_params
                                            stand; 0 = unknown (dense, or --active-params) */
    aivm_input_source source[AIVM_SZ_COUNT];
    aivm_memory mem;
};

/** Parse a parameter count: "350M", "7B", "70b", "1.5T", "125000000". */
int aivm_params_parse(double *out, const char *s, aivm_error *err);
int aivm_precision_parse(aivm_precision *out, const char *s, aivm_error *err);
int aivm_finetune_parse(aivm_finetune *out, const char *s, aivm_error *err);
int aivm_optimizer_parse(aivm_optimizer *out, const char *s, aivm_error *err);
int aivm_sharding_parse(aivm_sharding *out, const char *s, aivm_error *err);
const char *aivm_precision_name(aivm_precision p);
const char *aivm_finetune_name(aivm_finetune f);
const char *aivm_optimizer_name(aivm_optimizer o);
const char *aivm_sharding_name(aivm_sharding s);
const char *aivm_input_source_name(aivm_input_source s);
/** The name of input AIVM_SZ_x as used in JSON and workload files ("kv_heads"). */
const char *aivm_sizing_input_name(unsigned which);
/** Bytes per value of a precision (fp32 4, bf16/fp16 2, fp8/int8 1, int4 0.5). */
double aivm_precision_bytes(aivm_precision p);

/** True when the workload asks for sizing (--params or --model given). */
bool aivm_sizing_wanted(const aivm_workload *wl);

/**
 * Resolve the sizing inputs of `wl` (flags or file, then the preset named by
 * --model, then defaults) and compute the memory breakdown into `*out`.
 * `models` may be NULL when no preset is named. Returns 0, AIVM_ENOTFOUND
 * (unknown model) or AIVM_EINVALID (contradictory inputs, e.g. full training
 * with int4 weights, or sizing flags without --params/--model).
 */
int aivm_sizing_resolve(aivm_sizing *out, const aivm_workload *wl, const aivm_models *models,
                        aivm_error *err);

/** Weights in GiB: params × bytes(precision) / 2^30. */
double aivm_sizing_weights_gib(double params, aivm_precision p);
/**
 * The bytes of a served model's weights: params × bytes(precision), except that an
 * MXFP4 mixture of experts (gpt-oss) holds only its routed experts in MXFP4, and its
 * attention, embeddings and head in bf16 (the published checkpoints). The one count
 * of weight bytes for memory and for decode reads.
 */
double aivm_sizing_weight_bytes(const aivm_sizing *sz);
/** Of aivm_sizing_weight_bytes(): the parameters of one routed expert (0 when dense). */
double aivm_sizing_expert_params(const aivm_sizing *sz);
/** KV cache in GiB: 2 · layers · kv_heads · head_dim · bytes(p) · tokens · seqs / 2^30. */
double aivm_sizing_kv_cache_gib(unsigned layers, unsigned kv_heads, unsigned head_dim,
                                aivm_precision p, double tokens, double seqs);
/** Fill out->mem from the resolved inputs of `sz` (called by resolve). */
void aivm_sizing_memory(aivm_memory *out, const aivm_sizing *sz);

/** Why a job does not fit a size. */
typedef enum {
    AIVM_FIT_OK = 0,
    AIVM_FIT_MAX_NODES, /* needs more VMs than --max-nodes */
    AIVM_FIT_PER_GPU,   /* the state every GPU must hold exceeds one GPU */
    AIVM_FIT_PARTIAL,   /* larger than a GPU partition (partitions are not combined) */
    AIVM_FIT_CPU_MEMORY /* larger than the RAM of a CPU size */
} aivm_fit_limit;

/** How a job fits on one catalog size. */
typedef struct {
    bool fits;
    aivm_fit_limit limit;
    double gpus_per_vm;        /* catalog gpu.count (fractional for partitions); 0 on CPU */
    double gpus_needed;        /* GPUs the job uses (the fraction for a partition) */
    unsigned vms;              /* VMs needed; 0 when no count of VMs works */
    double gpus_total;         /* vms × gpus_per_vm */
    double usable_gib;         /* usable memory per GPU (or per CPU VM) */
    double need_gib;           /* memory each used GPU (or the VM) must hold */
    double memory_utilization; /* job memory / memory of the whole deployment (HBM or RAM) */
    unsigned replicas;         /* inference: independent replicas the concurrency is split over */
    unsigned replica_vms;      /* VMs one replica (or the training job) spans */
} aivm_fit;

/** The smallest deployment of `size` for `sz` (respecting --gpus and --max-nodes). */
void aivm_fit_compute(aivm_fit *out, const aivm_sizing *sz, const aivm_size *size);

/**
 * The number format the GPUs must run for `sz`: the weights' precision, but
 * bf16 for LoRA/QLoRA over int8/int4 weights (the adapters and the compute
 * are 16-bit; QLoRA over 4-bit weights also runs with fp16 compute).
 */
aivm_precision aivm_sizing_compute_precision(const aivm_sizing *sz);

/**
 * Whether the GPUs of `s` run the compute precision of `sz` natively (the
 * catalog's gpu_models facts): fp32, bf16, fp16 and fp8 need that format;
 * int8 and int4 are weight-only formats that also run on any GPU with fp16
 * (dequantised for the matmuls). `*known` is false (and true is returned)
 * when the size has no GPU or the catalog has no facts about its model.
 */
bool aivm_sizing_runs_on(const aivm_sizing *sz, const aivm_size *s, bool *known);

/**
 * The number format the GPUs of `s` run `sz` in: the compute precision,
 * except that a 16-bit default (sz->any_16bit) runs fp16 on a GPU with fp16
 * but no bf16 (T4, V100). The compute precision when the catalog has no
 * facts about the GPU.
 */
aivm_precision aivm_sizing_runs_as(const aivm_sizing *sz, const aivm_size *s);

/**
 * The fit of `wl`'s sizing (which must be set) on `s` for the deployment the
 * workload asks for: with --nodes N, training is sharded over the GPUs of
 * exactly N VMs (aivm_fit_on) and an inference replica must fit within N
 * VMs (else limit max-nodes); without it, as few VMs as the job needs
 * (aivm_fit_compute). The deployment is then N VMs (or fit.vms).
 */
void aivm_fit_for(aivm_fit *f, const aivm_workload *wl, const aivm_size *s);

/**
 * Whether the job `sz` fits on exactly `vms` VMs of `size` using all their
 * GPUs (for check mode: a plan that deploys `vms` × `size`). out->need_gib
 * is what each GPU must hold; sz->mem.total is the job's memory on one GPU.
 */
void aivm_fit_on(aivm_fit *out, const aivm_sizing *sz, const aivm_size *size, unsigned vms);

#endif
