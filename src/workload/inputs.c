/*
 * inputs.c - the descriptor table of a workload's inputs (aivm/inputs.h):
 * one row per input with its flag, key, tag, type and range, the one parser
 * of every spelling and the one precedence rule (origins).
 */
#include "aivm/inputs.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "aivm/util.h"
#include "sizing_int.h"

_Static_assert(sizeof(aivm_phase) == sizeof(int) && sizeof(aivm_kind) == sizeof(int) &&
                   sizeof(aivm_model_size) == sizeof(int) && sizeof(aivm_os) == sizeof(int) &&
                   sizeof(aivm_scheduler) == sizeof(int) && sizeof(aivm_precision) == sizeof(int) &&
                   sizeof(aivm_finetune) == sizeof(int) && sizeof(aivm_optimizer) == sizeof(int) &&
                   sizeof(aivm_sharding) == sizeof(int),
               "an enum input is stored as an int");

#define R AIVM_IW_RECOMMEND
#define C AIVM_IW_CHECK
#define T AIVM_IW_TAG
#define G AIVM_IW_CONFIG
#define SZ(x) (AIVM_IN_SIZING + AIVM_SZ_##x)
#define WK(x) (AIVM_IN_WORK + AIVM_WK_##x)

/* clang-format off */
static const aivm_input rows[] = {
    {AIVM_IN_PHASE, "phase", "phase", AIVM_IV_ENUM, 0, aivm_workload__phase_names,
     "train|inference", "AI phase of the workload", R | C | T},
    {AIVM_IN_KIND, "kind", "kind", AIVM_IV_ENUM, 0, aivm_workload__kind_names,
     "generative|non-generative", "kind of AI workload (default: the model's)", R | C | T},
    {AIVM_IN_MODEL_SIZE, "model-size", "model_size", AIVM_IV_ENUM, 0, aivm_workload__msize_names,
     "small|complex", "model complexity (default: by parameters, else complex)", R | C | T},
    {AIVM_IN_OS, "os", "os", AIVM_IV_ENUM, 0, aivm_workload__os_names, "linux|windows",
     "operating system (default linux)", R | C | T | G},
    {AIVM_IN_INCLUDE_RETIRED, "include-retired", "include_retired", AIVM_IV_SWITCH, 0, NULL, NULL,
     "also rank retired sizes", R},
    {AIVM_IN_NODES, "nodes", "nodes", AIVM_IV_COUNT, AIVM_MAX_NODES, NULL, "N",
     "VMs the job spans (default 1)", R},
    {AIVM_IN_SCHEDULER, "scheduler", "scheduler", AIVM_IV_ENUM, 0, aivm_workload__sched_names,
     "slurm|gridengine|pbs|none", "scheduler you run (default none)", R | G},
    {AIVM_IN_MANAGED, "managed", "managed", AIVM_IV_SWITCH, 0, NULL, NULL,
     "built-in scheduling with nothing to install", R | G},
    {AIVM_IN_CONTAINERS, "containers", "containers", AIVM_IV_SWITCH, 0, NULL, NULL,
     "the workload runs in containers", R | G},
    {AIVM_IN_SPOT, "spot", "spot", AIVM_IV_SWITCH, 0, NULL, NULL,
     "ask for spot capacity (spot prices in the ranking)", R | G},
    {AIVM_IN_CHECKPOINTING, "checkpointing", "checkpointing", AIVM_IV_SWITCH, 0, NULL, NULL,
     "the job checkpoints and can resume", R | T | G},
    {SZ(PARAMS), "params", "params", AIVM_IV_PARAMS, 0, NULL, "N",
     "model parameters: 350M, 7B, 1.5T, ...", R | C | T},
    {SZ(MODEL), "model", "model", AIVM_IV_NAME, 0, NULL, "NAME",
     "model preset, e.g. llama-3.1-8b (docs/sizing.md)", R | C | T},
    {SZ(LAYERS), "layers", "layers", AIVM_IV_COUNT, 1e8, NULL, "N", "transformer layers",
     R | C | T},
    {SZ(HIDDEN), "hidden", "hidden", AIVM_IV_COUNT, 1e8, NULL, "N", "hidden size", R | C | T},
    {SZ(HEADS), "heads", "heads", AIVM_IV_COUNT, 1e8, NULL, "N", "attention heads", R | C | T},
    {SZ(KV_HEADS), "kv-heads", "kv_heads", AIVM_IV_COUNT, 1e8, NULL, "N",
     "KV heads (GQA; default = heads)", R | C | T},
    {SZ(PRECISION), "precision", "precision", AIVM_IV_ENUM, 0, aivm_sizing__prec_names,
     "PRECISION",
     "weights: fp32, bf16, fp16, fp8, int8, int4, fp4, mxfp4 or 16-bit (default: the preset's, "
     "else 16-bit serving, bf16 LLM training; int4 qlora)", R | C | T},
    {SZ(KV_PRECISION), "kv-precision", "kv_precision", AIVM_IV_ENUM, 0, aivm_sizing__prec_names,
     "PRECISION", "KV cache precision (default: weights', 16-bit for int8/int4)", R | C | T},
    {SZ(CONTEXT), "context", "context", AIVM_IV_COUNT, 1e8, NULL, "TOKENS",
     "sequence length, or max (default: serving prompt + output, else 4096; 4096 training)", R | C | T},
    {SZ(BATCH), "batch", "batch", AIVM_IV_COUNT, 1e8, NULL, "N",
     "training micro-batch per GPU (default 1)", R | C | T},
    {SZ(CONCURRENCY), "concurrency", "concurrency", AIVM_IV_COUNT, 1e8, NULL, "N",
     "inference sequences in flight (default 1)", R | C | T},
    {SZ(FINETUNE), "finetune", "finetune", AIVM_IV_ENUM, 0, aivm_sizing__ft_names,
     "full|lora|qlora", "training mode (default full)", R | C | T},
    {SZ(OPTIMIZER), "optimizer", "optimizer", AIVM_IV_ENUM, 0, aivm_sizing__opt_names,
     "adamw|adamw-8bit|sgd", "optimizer (default adamw)", R | C | T},
    {SZ(SHARDING), "sharding", "sharding", AIVM_IV_ENUM, 0, aivm_sizing__shard_names,
     "none|zero1|zero2|zero3", "training state split across GPUs (default zero3)", R | C | T},
    {SZ(ACT_CKPT), "activation-checkpointing", "activation_checkpointing", AIVM_IV_SWITCH, 0,
     NULL, NULL, "recompute activations in the backward pass", R | C | T},
    {SZ(MAX_NODES), "max-nodes", "max_nodes", AIVM_IV_COUNT, 1e8, NULL, "N",
     "most VMs per deployment (default 16)", R | C | G},
    {SZ(GPUS), "gpus", "gpus", AIVM_IV_COUNT, 1e8, NULL, "N", "pin the number of GPUs", R | C},
    {SZ(ACTIVE_PARAMS), "active-params", "active_params", AIVM_IV_PARAMS, 0, NULL, "N",
     "mixture of experts: parameters one token uses (compute; memory counts all)", R | C | T},
    {WK(TOKENS), "tokens", "tokens", AIVM_IV_TOKENS, 0, NULL, "N",
     "training tokens: 20B, 2T, ... (job time and cost)", R | C | T},
    {WK(EPOCHS), "epochs", "epochs", AIVM_IV_NUMBER, 1e6, NULL, "E",
     "passes over --dataset-tokens", R | C | T},
    {WK(DATASET_TOKENS), "dataset-tokens", "dataset_tokens", AIVM_IV_TOKENS, 0, NULL, "N",
     "tokens in the dataset", R | C | T},
    {WK(MFU), "mfu", "mfu", AIVM_IV_NUMBER, 1, NULL, "F",
     "training model-FLOPs utilisation (default: per GPU generation)", R | C | T},
    {WK(TOKENS_PER_SECOND), "tokens-per-second", "tokens_per_second", AIVM_IV_NUMBER, 1e12, NULL,
     "N", "output tokens/s the service must sustain", R | C | T},
    {WK(PROMPT_TOKENS), "prompt-tokens", "prompt_tokens", AIVM_IV_COUNT, 1e8, NULL, "N",
     "prompt tokens per request (default 1024)", R | C | T},
    {WK(OUTPUT_TOKENS), "output-tokens", "output_tokens", AIVM_IV_COUNT, 1e8, NULL, "N",
     "output tokens per request (default 256)", R | C | T},
    {WK(MAX_DAYS), "max-days", "max_days", AIVM_IV_DAYS, 36500, NULL, "D",
     "training: scale out to finish within D days (default 30; 0 = no limit)", R | C | T},
    {WK(MAX_TTFT_MS), "max-ttft-ms", "max_ttft_ms", AIVM_IV_NUMBER, 3.6e6, NULL, "MS",
     "serving: time to first token limit, ms (caps the batch)", R | C | T},
    {WK(MAX_TPOT_MS), "max-tpot-ms", "max_tpot_ms", AIVM_IV_NUMBER, 3.6e6, NULL, "MS",
     "serving: time per output token limit, ms (caps the batch)", R | C | T},
    {WK(REQUESTS_PER_SECOND), "requests-per-second", "requests_per_second", AIVM_IV_NUMBER, 1e12,
     NULL, "N", "non-generative serving: sequences of --prompt-tokens per second", R | C | T},
    {WK(SAMPLES), "samples", "samples", AIVM_IV_SAMPLES, 0, NULL, "N",
     "training samples: 1.2M, 115M, ... (images x epochs; job time and cost)", R | C | T},
};
/* clang-format on */

#define N_ROWS (sizeof rows / sizeof rows[0])
_Static_assert(N_ROWS == AIVM_IN_COUNT, "one row per input (AIVM_IN_x)");

#define W(m) offsetof(aivm_workload, m)
/* Where each input lives in aivm_workload. */
static const size_t offs[AIVM_IN_COUNT] = {
    [AIVM_IN_PHASE] = W(phase),
    [AIVM_IN_KIND] = W(kind),
    [AIVM_IN_MODEL_SIZE] = W(model_size),
    [AIVM_IN_OS] = W(os),
    [AIVM_IN_INCLUDE_RETIRED] = W(include_retired),
    [AIVM_IN_NODES] = W(nodes),
    [AIVM_IN_SCHEDULER] = W(scheduler),
    [AIVM_IN_MANAGED] = W(managed),
    [AIVM_IN_CONTAINERS] = W(containers),
    [AIVM_IN_SPOT] = W(spot),
    [AIVM_IN_CHECKPOINTING] = W(checkpointing),
    [SZ(PARAMS)] = W(sizing_in.params),
    [SZ(MODEL)] = W(sizing_in.model),
    [SZ(LAYERS)] = W(sizing_in.layers),
    [SZ(HIDDEN)] = W(sizing_in.hidden),
    [SZ(HEADS)] = W(sizing_in.heads),
    [SZ(KV_HEADS)] = W(sizing_in.kv_heads),
    [SZ(PRECISION)] = W(sizing_in.precision),
    [SZ(KV_PRECISION)] = W(sizing_in.kv_precision),
    [SZ(CONTEXT)] = W(sizing_in.context),
    [SZ(BATCH)] = W(sizing_in.batch),
    [SZ(CONCURRENCY)] = W(sizing_in.concurrency),
    [SZ(FINETUNE)] = W(sizing_in.finetune),
    [SZ(OPTIMIZER)] = W(sizing_in.optimizer),
    [SZ(SHARDING)] = W(sizing_in.sharding),
    [SZ(ACT_CKPT)] = W(sizing_in.act_ckpt),
    [SZ(MAX_NODES)] = W(sizing_in.max_nodes),
    [SZ(GPUS)] = W(sizing_in.gpus),
    [SZ(ACTIVE_PARAMS)] = W(sizing_in.active_params),
    [WK(TOKENS)] = W(work.tokens),
    [WK(EPOCHS)] = W(work.epochs),
    [WK(DATASET_TOKENS)] = W(work.dataset_tokens),
    [WK(MFU)] = W(work.mfu),
    [WK(TOKENS_PER_SECOND)] = W(work.tokens_per_second),
    [WK(PROMPT_TOKENS)] = W(work.prompt_tokens),
    [WK(OUTPUT_TOKENS)] = W(work.output_tokens),
    [WK(MAX_DAYS)] = W(work.max_days),
    [WK(MAX_TTFT_MS)] = W(work.max_ttft_ms),
    [WK(MAX_TPOT_MS)] = W(work.max_tpot_ms),
    [WK(REQUESTS_PER_SECOND)] = W(work.requests_per_second),
    [WK(SAMPLES)] = W(work.samples),
};

/* The bit of each plain workload input in aivm_workload.set. */
static const unsigned wl_bits[AIVM_IN_SIZING] = {
    [AIVM_IN_PHASE] = AIVM_WL_PHASE,
    [AIVM_IN_KIND] = AIVM_WL_KIND,
    [AIVM_IN_MODEL_SIZE] = AIVM_WL_MODEL_SIZE,
    [AIVM_IN_OS] = AIVM_WL_OS,
    [AIVM_IN_INCLUDE_RETIRED] = AIVM_WL_INCLUDE_RETIRED,
    [AIVM_IN_NODES] = AIVM_WL_NODES,
    [AIVM_IN_SCHEDULER] = AIVM_WL_SCHEDULER,
    [AIVM_IN_MANAGED] = AIVM_WL_MANAGED,
    [AIVM_IN_CONTAINERS] = AIVM_WL_CONTAINERS,
    [AIVM_IN_SPOT] = AIVM_WL_SPOT,
    [AIVM_IN_CHECKPOINTING] = AIVM_WL_CHECKPOINTING,
};

size_t aivm_inputs_count(void)
{
    return N_ROWS;
}

const aivm_input *aivm_input_at(size_t i)
{
    return i < N_ROWS ? &rows[i] : NULL;
}

const aivm_input *aivm_input_by_flag(const char *name)
{
    for (size_t i = 0; i < N_ROWS; i++)
        if (strcmp(rows[i].flag, name) == 0)
            return &rows[i];
    return NULL;
}

const aivm_input *aivm_input_by_key(const char *name)
{
    for (size_t i = 0; i < N_ROWS; i++)
        if (strcmp(rows[i].key, name) == 0)
            return &rows[i];
    return NULL;
}

const aivm_input *aivm_input_by_tag(const char *name)
{
    if (strlen(name) < 5 || !aivm_strneq_nocase(name, "aivm-", 5))
        return NULL;
    for (size_t i = 0; i < N_ROWS; i++)
        if ((rows[i].where & AIVM_IW_TAG) && aivm_streq_nocase(rows[i].flag, name + 5))
            return &rows[i];
    return NULL;
}

static size_t size_of(aivm_input_type t)
{
    switch (t) {
    case AIVM_IV_ENUM:
        return sizeof(int);
    case AIVM_IV_COUNT:
        return sizeof(unsigned);
    case AIVM_IV_SWITCH:
        return sizeof(bool);
    case AIVM_IV_NAME:
        return sizeof(const char *);
    default:
        return sizeof(double);
    }
}

/* What a value of `f` looks like, after "expected ". */
static void expected(char *out, size_t cap, const aivm_input *f, const char *text)
{
    size_t n = 0;
    switch (f->type) {
    case AIVM_IV_ENUM:
        while (f->names[n + 1])
            n++;
        aivm_names_expected(out, cap, text, f->names + 1, n);
        return;
    case AIVM_IV_COUNT:
        snprintf(out, cap, "a whole number from 1 to %.0f%s", f->max,
                 f->id == SZ(CONTEXT) ? ", or max (the model's maximum)" : "");
        return;
    case AIVM_IV_NUMBER:
        snprintf(out, cap, "a number more than 0 and at most %g", f->max);
        return;
    case AIVM_IV_DAYS:
        snprintf(out, cap, "days, 0 (no limit) to %g", f->max);
        return;
    case AIVM_IV_TOKENS:
        snprintf(out, cap, "a token count such as 20B, 2T or 300K");
        return;
    case AIVM_IV_PARAMS:
        snprintf(out, cap, "a parameter count such as 7B, 350M or 1.3B");
        return;
    case AIVM_IV_SAMPLES:
        snprintf(out, cap, "a sample count such as 115M, 1.2M or 100K");
        return;
    default:
        snprintf(out, cap, "true or false");
        return;
    }
}

/* Parse `text` into `v` (size_of(f->type) bytes). */
static bool parse(void *v, const aivm_input *f, const char *text)
{
    aivm_error e = AIVM_ERROR_INIT;
    uint64_t u = 0;
    double d = 0;
    int x = 0;
    bool b;
    size_t n = 0;
    switch (f->type) {
    case AIVM_IV_ENUM:
        while (f->names[n + 1])
            n++;
        if (!text || (x = aivm_name_index(text, f->names + 1, n)) < 0)
            return false;
        x++;
        memcpy(v, &x, sizeof x);
        return true;
    case AIVM_IV_COUNT: {
        unsigned c = AIVM_CONTEXT_MAX;
        if (text && f->id == SZ(CONTEXT) && strcmp(text, "max") == 0) {
            memcpy(v, &c, sizeof c); /* the preset's maximum (aivm_sizing_resolve) */
            return true;
        }
        if (!text || !aivm_parse_u64(&u, text, (uint64_t)f->max) || u == 0)
            return false;
        c = (unsigned)u;
        memcpy(v, &c, sizeof c);
        return true;
    }
    case AIVM_IV_NUMBER:
    case AIVM_IV_DAYS:
        if (!text || !aivm_parse_double(&d, text) || d > f->max ||
            !(f->type == AIVM_IV_DAYS ? d >= 0 : d > 0))
            return false;
        break;
    case AIVM_IV_TOKENS:
    case AIVM_IV_SAMPLES:
        if (!text || aivm_tokens_parse(&d, text, &e) < 0)
            return false;
        break;
    case AIVM_IV_PARAMS:
        if (!text || aivm_params_parse(&d, text, &e) < 0)
            return false;
        break;
    case AIVM_IV_SWITCH:
        if (text && strcmp(text, "true") && strcmp(text, "True") && strcmp(text, "false") &&
            strcmp(text, "False"))
            return false;
        b = !text || text[0] == 't' || text[0] == 'T';
        memcpy(v, &b, sizeof b);
        return true;
    default:
        if (!text || !*text)
            return false;
        memcpy(v, &text, sizeof text);
        return true;
    }
    memcpy(v, &d, sizeof d);
    return true;
}

/* Mark input `id` set in `wl` with `origin`. */
static void mark(aivm_workload *wl, unsigned id, aivm_origin origin)
{
    unsigned bit;
    wl->origin[id] = (unsigned char)origin;
    if (id < AIVM_IN_SIZING) {
        wl->set |= wl_bits[id];
        return;
    }
    if (id < AIVM_IN_WORK) {
        bit = 1u << (id - AIVM_IN_SIZING);
        wl->sizing_in.set |= bit;
        wl->sizing_in.from_file &= ~bit;
        wl->sizing_in.from_config &= ~bit;
        wl->sizing_in.from_tag &= ~bit;
        if (origin == AIVM_ORIGIN_FILE)
            wl->sizing_in.from_file |= bit;
        else if (origin == AIVM_ORIGIN_CONFIG)
            wl->sizing_in.from_config |= bit;
        else if (origin == AIVM_ORIGIN_TAG)
            wl->sizing_in.from_tag |= bit;
        return;
    }
    bit = 1u << (id - AIVM_IN_WORK);
    wl->work.set |= bit;
    if (origin == AIVM_ORIGIN_FILE)
        wl->work.from_file |= bit;
    else
        wl->work.from_file &= ~bit;
}

int aivm_input_set(aivm_workload *wl, const aivm_input *f, const char *text, aivm_origin origin,
                   const char *where, const aivm_loc *loc, aivm_error *err)
{
    unsigned char v[sizeof(double) > sizeof(void *) ? sizeof(double) : sizeof(void *)];
    char list[256];
    if (!parse(v, f, text)) {
        expected(list, sizeof list, f, text ? text : "");
        return aivm_error_set(err, AIVM_EINVALID, loc, "invalid value '%s' for %s (expected %s)",
                              text ? text : "", where, list);
    }
    if (wl->origin[f->id] > origin)
        return 0;
    memcpy((unsigned char *)wl + offs[f->id], v, size_of(f->type));
    mark(wl, f->id, origin);
    if (loc && f->id == AIVM_IN_PHASE)
        wl->phase_loc = *loc;
    else if (loc && f->id == AIVM_IN_KIND)
        wl->kind_loc = *loc;
    return 0;
}

char *aivm_input_format(char *out, size_t cap, const aivm_workload *wl, const aivm_input *f)
{
    const unsigned char *v = (const unsigned char *)wl + offs[f->id];
    double d = 0;
    unsigned u = 0;
    const char *str = NULL;
    int x = 0;
    bool b = false;
    switch (f->type) {
    case AIVM_IV_ENUM:
        memcpy(&x, v, sizeof x);
        snprintf(out, cap, "%s", x > 0 ? f->names[x] : "");
        break;
    case AIVM_IV_COUNT:
        memcpy(&u, v, sizeof u);
        if (f->id == SZ(CONTEXT) && u == AIVM_CONTEXT_MAX)
            snprintf(out, cap, "max");
        else
            snprintf(out, cap, "%u", u);
        break;
    case AIVM_IV_SWITCH:
        memcpy(&b, v, sizeof b);
        snprintf(out, cap, "%s", b ? "true" : "false");
        break;
    case AIVM_IV_NAME:
        memcpy(&str, v, sizeof str);
        snprintf(out, cap, "%s", str ? str : "");
        break;
    default:
        memcpy(&d, v, sizeof d);
        snprintf(out, cap, "%.15g", d);
        break;
    }
    return out;
}

bool aivm_workload_given(const aivm_workload *wl, unsigned id)
{
    if (id >= AIVM_IN_COUNT)
        return false;
    if (wl->origin[id] != AIVM_ORIGIN_NONE)
        return true;
    if (id < AIVM_IN_SIZING)
        return (wl->set & wl_bits[id]) != 0;
    if (id < AIVM_IN_WORK)
        return (wl->sizing_in.set & (1u << (id - AIVM_IN_SIZING))) != 0;
    return (wl->work.set & (1u << (id - AIVM_IN_WORK))) != 0;
}

aivm_origin aivm_workload_origin(const aivm_workload *wl, unsigned id)
{
    return id < AIVM_IN_COUNT ? (aivm_origin)wl->origin[id] : AIVM_ORIGIN_NONE;
}

void aivm_workload_overlay(aivm_workload *dst, const aivm_workload *src)
{
    if (src->region_origin != AIVM_ORIGIN_NONE && src->region_origin >= dst->region_origin) {
        dst->region = src->region;
        dst->region_loc = src->region_loc;
        dst->region_origin = src->region_origin;
        dst->set |= AIVM_WL_REGION;
    }
    for (unsigned id = 0; id < AIVM_IN_COUNT; id++) {
        const aivm_input *f = &rows[id];
        if (src->origin[id] == AIVM_ORIGIN_NONE || src->origin[id] < dst->origin[id])
            continue;
        memcpy((unsigned char *)dst + offs[id], (const unsigned char *)src + offs[id],
               size_of(f->type));
        mark(dst, id, (aivm_origin)src->origin[id]);
        if (id == AIVM_IN_PHASE)
            dst->phase_loc = src->phase_loc;
        else if (id == AIVM_IN_KIND)
            dst->kind_loc = src->kind_loc;
    }
}
