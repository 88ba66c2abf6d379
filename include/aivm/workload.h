/*
 * aivm/workload.h - the workload descriptor: what the user wants to run.
 *
 * A workload is a plain caller-owned struct. Strings it points at are
 * borrowed (from argv, or from an aivm_workload_doc that must outlive it).
 */
#ifndef AIVM_WORKLOAD_H
#define AIVM_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"

typedef enum { AIVM_PHASE_UNSET = 0, AIVM_PHASE_TRAIN, AIVM_PHASE_INFERENCE } aivm_phase;
typedef enum { AIVM_KIND_UNSET = 0, AIVM_KIND_GENERATIVE, AIVM_KIND_NON_GENERATIVE } aivm_kind;
typedef enum { AIVM_MSIZE_UNSET = 0, AIVM_MSIZE_SMALL, AIVM_MSIZE_COMPLEX } aivm_model_size;
typedef enum { AIVM_OS_UNSET = 0, AIVM_OS_LINUX, AIVM_OS_WINDOWS } aivm_os;
typedef enum {
    AIVM_SCHED_UNSET = 0,
    AIVM_SCHED_SLURM,
    AIVM_SCHED_GRIDENGINE,
    AIVM_SCHED_PBS,
    AIVM_SCHED_NONE
} aivm_scheduler;

/** The region a workload is judged in when none is given. */
#define AIVM_DEFAULT_REGION "eastus"

/* Model-size inputs (docs/sizing.md). UNSET means "not given". */
typedef enum {
    AIVM_PREC_UNSET = 0,
    AIVM_PREC_FP32,
    AIVM_PREC_BF16,
    AIVM_PREC_FP16,
    AIVM_PREC_FP8,
    AIVM_PREC_INT8,
    AIVM_PREC_INT4,
    AIVM_PREC_ANY16, /* "16-bit": bf16, or fp16 on GPUs without bf16 (an input only: the
                        sizing resolves it to bf16 with aivm_sizing.any_16bit) */
    AIVM_PREC_FP4,   /* 4-bit float weights (NVFP4/MXFP4): inference on GPUs with FP4
                        tensor cores only (Blackwell: GB200, GB300) */
    AIVM_PREC_MXFP4  /* OCP MXFP4 weights as published (gpt-oss): 4.25 bits each (a shared
                        8-bit scale per 32); the FP4 peak where the GPU has FP4 tensor cores,
                        else dequantised to 16 bits for the matmuls (vLLM's Marlin/Triton
                        kernels on Hopper and Ampere) */
} aivm_precision;
typedef enum { AIVM_FT_UNSET = 0, AIVM_FT_FULL, AIVM_FT_LORA, AIVM_FT_QLORA } aivm_finetune;
typedef enum {
    AIVM_OPTIM_UNSET = 0,
    AIVM_OPTIM_ADAMW,
    AIVM_OPTIM_ADAMW_8BIT,
    AIVM_OPTIM_SGD
} aivm_optimizer;
typedef enum {
    AIVM_SHARD_UNSET = 0,
    AIVM_SHARD_NONE,
    AIVM_SHARD_ZERO1,
    AIVM_SHARD_ZERO2,
    AIVM_SHARD_ZERO3
} aivm_sharding;

/* Bits of aivm_sizing_input.set / .from_file, one per input (aivm/sizing.h). */
enum {
    AIVM_SZ_PARAMS = 0,
    AIVM_SZ_MODEL,
    AIVM_SZ_LAYERS,
    AIVM_SZ_HIDDEN,
    AIVM_SZ_HEADS,
    AIVM_SZ_KV_HEADS,
    AIVM_SZ_PRECISION,
    AIVM_SZ_KV_PRECISION,
    AIVM_SZ_CONTEXT,
    AIVM_SZ_BATCH,
    AIVM_SZ_CONCURRENCY,
    AIVM_SZ_FINETUNE,
    AIVM_SZ_OPTIMIZER,
    AIVM_SZ_SHARDING,
    AIVM_SZ_ACT_CKPT,
    AIVM_SZ_MAX_NODES,
    AIVM_SZ_GPUS,
    AIVM_SZ_ACTIVE_PARAMS,
    AIVM_SZ_COUNT
};

/** What the user said about the model (flags or workload file); zero = not given. */
typedef struct {
    double params;
    const char *model; /* preset id from data/models.yaml */
    unsigned layers, hidden, heads, kv_heads;
    aivm_precision precision, kv_precision;
    unsigned context, batch, concurrency;
    aivm_finetune finetune;
    aivm_optimizer optimizer;
    aivm_sharding sharding;
    bool act_ckpt;
    unsigned max_nodes, gpus;
    double active_params; /* mixture of experts: parameters a token uses (--active-params) */
    unsigned set;         /* 1u << AIVM_SZ_*: given explicitly */
    unsigned from_file;   /* 1u << AIVM_SZ_*: given by the workload file */
    unsigned from_config; /* 1u << AIVM_SZ_*: given by a configuration file */
    unsigned from_tag;    /* 1u << AIVM_SZ_*: given by a plan tag */
} aivm_sizing_input;

#define AIVM_SIZING_INPUT_INIT                                                                     \
    {                                                                                              \
        0, NULL, 0, 0, 0, 0, AIVM_PREC_UNSET, AIVM_PREC_UNSET, 0, 0, 0, AIVM_FT_UNSET,             \
            AIVM_OPTIM_UNSET, AIVM_SHARD_UNSET, false, 0, 0, 0, 0, 0, 0, 0                         \
    }

/* Bits of aivm_work_input.set / .from_file, one per input (aivm/throughput.h). */
enum {
    AIVM_WK_TOKENS = 0,
    AIVM_WK_EPOCHS,
    AIVM_WK_DATASET_TOKENS,
    AIVM_WK_MFU,
    AIVM_WK_TOKENS_PER_SECOND,
    AIVM_WK_PROMPT_TOKENS,
    AIVM_WK_OUTPUT_TOKENS,
    AIVM_WK_MAX_DAYS,
    AIVM_WK_MAX_TTFT_MS,
    AIVM_WK_MAX_TPOT_MS,
    AIVM_WK_REQUESTS_PER_SECOND,
    AIVM_WK_SAMPLES,
    AIVM_WK_COUNT
};

/** The amount of work (docs/throughput.md): training tokens, or the output
 *  tokens per second a service must sustain; zero = not given. Kept apart
 *  from the sizing inputs: they say how big the job is, these how much of it. */
typedef struct {
    double tokens;            /* training tokens (--tokens) */
    double epochs;            /* with dataset_tokens: tokens = epochs x dataset_tokens */
    double dataset_tokens;    /* tokens in one pass over the data */
    double mfu;               /* model-FLOPs utilisation override, (0, 1] */
    double tokens_per_second; /* inference: output tokens/s the service must sustain */
    unsigned prompt_tokens, output_tokens; /* inference: per request */
    double max_days;    /* training: the deployment scales out to finish within it; 0 = no limit */
    double max_ttft_ms; /* inference: time to first token limit (ms); 0 = none */
    double max_tpot_ms; /* inference: time per output token limit (ms); 0 = none */
    double requests_per_second; /* non-generative inference: sequences of prompt_tokens per
                                   second the service must sustain (prefill only) */
    double samples;             /* training in samples (images, sequences): the model's
                                   FLOPs per sample decide the time (docs/throughput.md) */
    unsigned set;               /* 1u << AIVM_WK_*: given explicitly */
    unsigned from_file;         /* 1u << AIVM_WK_*: given by the workload file */
} aivm_work_input;

#define AIVM_WORK_INPUT_INIT                                                                       \
    {                                                                                              \
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0                                                   \
    }

/* Every input of a workload, one id each (aivm/inputs.h: the descriptor
 * table that gives each its flag, workload-file key, plan tag and type). */
enum {
    AIVM_IN_PHASE = 0,
    AIVM_IN_KIND,
    AIVM_IN_MODEL_SIZE,
    AIVM_IN_OS,
    AIVM_IN_INCLUDE_RETIRED,
    AIVM_IN_NODES,
    AIVM_IN_SCHEDULER,
    AIVM_IN_MANAGED,
    AIVM_IN_CONTAINERS,
    AIVM_IN_SPOT,
    AIVM_IN_CHECKPOINTING,
    AIVM_IN_SIZING,                                /* + AIVM_SZ_x */
    AIVM_IN_WORK = AIVM_IN_SIZING + AIVM_SZ_COUNT, /* + AIVM_WK_x */
    AIVM_IN_COUNT = AIVM_IN_WORK + AIVM_WK_COUNT
};

/** Where an input's value came from, in rising precedence: a later origin
 *  wins over an earlier one (aivm_workload_overlay). */
typedef enum {
    AIVM_ORIGIN_NONE = 0, /* not given: the default applies */
    AIVM_ORIGIN_CONFIG,   /* a configuration file */
    AIVM_ORIGIN_FILE,     /* a workload file (--workload) */
    AIVM_ORIGIN_FLAG,     /* the command line */
    AIVM_ORIGIN_TAG       /* a plan resource's aivm-* tag (check: it describes that resource) */
} aivm_origin;

/** The resolved sizing (aivm/sizing.h); workloads borrow it. */
typedef struct aivm_sizing aivm_sizing;

/* Bits of aivm_workload.set: which fields were given explicitly. */
#define AIVM_WL_PHASE (1u << 0)
#define AIVM_WL_KIND (1u << 1)
#define AIVM_WL_MODEL_SIZE (1u << 2)
#define AIVM_WL_REGION (1u << 3)
#define AIVM_WL_OS (1u << 4)
#define AIVM_WL_INCLUDE_RETIRED (1u << 5)
#define AIVM_WL_NODES (1u << 6)
#define AIVM_WL_SCHEDULER (1u << 7)
#define AIVM_WL_MANAGED (1u << 8)
#define AIVM_WL_CONTAINERS (1u << 9)
#define AIVM_WL_SPOT (1u << 10)
#define AIVM_WL_CHECKPOINTING (1u << 11)

typedef struct {
    aivm_phase phase;
    aivm_kind kind;
    aivm_model_size model_size;
    const char *region;
    aivm_os os;
    bool include_retired;
    const char *today; /* "YYYY-MM-DD": lifecycle is judged as of this date; NULL = as stored */
    unsigned set;      /* AIVM_WL_* bits */
    aivm_loc phase_loc, kind_loc,
        region_loc; /* where the value came from (file input); line 0 = flag */
    /* Beyond the size (docs/advice.md): image, orchestrator, containers, spot. */
    unsigned nodes;              /* VMs the job spans; 0 = unset (finish makes it 1) */
    aivm_scheduler scheduler;    /* open-source scheduler the user runs */
    bool managed;                /* wants built-in scheduling with nothing to install */
    bool containers;             /* runs in containers */
    bool spot;                   /* asks for spot capacity */
    bool checkpointing;          /* the job checkpoints and can resume */
    aivm_sizing_input sizing_in; /* model-size inputs; all zero when none were given */
    const aivm_sizing *sizing;   /* resolved by aivm_sizing_resolve(); NULL = no sizing */
    bool region_assumed;         /* check: the plan gives no location (eastus only for prices) */
    aivm_work_input work;        /* the amount of work (aivm/throughput.h); zero = none */
    bool kind_assumed;           /* the kind was taken from the parameter count alone */
    unsigned char origin[AIVM_IN_COUNT]; /* aivm_origin of each input (AIVM_IN_x) */
    unsigned char region_origin;         /* aivm_origin of region (a name, not a table row) */
} aivm_workload;

#define AIVM_WORKLOAD_INIT                                                                         \
    {                                                                                              \
        AIVM_PHASE_UNSET, AIVM_KIND_UNSET, AIVM_MSIZE_UNSET, NULL, AIVM_OS_UNSET, false, NULL, 0,  \
            {NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}, 0, AIVM_SCHED_UNSET, false, false, false,    \
            false, AIVM_SIZING_INPUT_INIT, NULL, false, AIVM_WORK_INPUT_INIT, false, {0}, 0        \
    }

/** The most VMs --nodes accepts. */
#define AIVM_MAX_NODES 10000u

/** Parse a value by its documented spelling. Return 0 or AIVM_EINVALID
 *  (err gets "invalid phase 'x' (expected train or inference)"). */
int aivm_phase_parse(aivm_phase *out, const char *s, aivm_error *err);
int aivm_kind_parse(aivm_kind *out, const char *s, aivm_error *err);
int aivm_model_size_parse(aivm_model_size *out, const char *s, aivm_error *err);
int aivm_os_parse(aivm_os *out, const char *s, aivm_error *err);
/** "slurm", "gridengine", "pbs" or "none". */
int aivm_scheduler_parse(aivm_scheduler *out, const char *s, aivm_error *err);

/** The names the flags and workload files use ("train", "generative", "small",
 *  "linux", "slurm"; "" for UNSET). Static strings. */
const char *aivm_phase_name(aivm_phase p);
const char *aivm_kind_name(aivm_kind k);
const char *aivm_model_size_name(aivm_model_size m);
const char *aivm_os_name(aivm_os o);
const char *aivm_scheduler_name(aivm_scheduler s);

/**
 * Fill the defaults the CLI documents (model_size complex, region eastus,
 * os linux, nodes 1, scheduler none) into fields not set, and check that
 * phase and kind are set.
 * Returns 0 or AIVM_EINVALID naming the missing field.
 */
int aivm_workload_finish(aivm_workload *wl, aivm_error *err);

/** A parsed workload file; owns the strings its workload points at. */
typedef struct aivm_workload_doc aivm_workload_doc;

/**
 * Parse a workload file (YAML or JSON: keys phase, kind, model_size,
 * region, os, include_retired, nodes, scheduler, managed, containers, spot,
 * checkpointing, and the sizing keys of docs/sizing.md into wl->sizing_in)
 * into `wl`, overwriting only the keys the file has. On success `*out` owns
 * the strings `wl` now borrows; free it
 * with aivm_workload_doc_free() after the last use of `wl`.
 * Returns 0, AIVM_ESYNTAX, AIVM_EINVALID or AIVM_ELIMIT.
 */
int aivm_workload_load_mem(aivm_workload_doc **out, aivm_workload *wl, const char *buf, size_t len,
                           const char *name, aivm_error *err);
int aivm_workload_load_file(aivm_workload_doc **out, aivm_workload *wl, const char *path,
                            aivm_error *err);
void aivm_workload_doc_free(aivm_workload_doc *doc);

#endif
