/*
 * sizing.c - the memory a training or inference job needs (docs/sizing.md
 * gives every formula with its source). Inputs come from the workload's
 * aivm_sizing_input (flags or file), then the --model preset, then defaults;
 * aivm_sizing_resolve() records where each came from and computes the
 * breakdown that fit.c maps onto catalog sizes. Pure functions: no I/O.
 */
#include "aivm/sizing.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/throughput.h"
#include "aivm/util.h"
#include "sizing_int.h"

#define GIB 1073741824.0

const char *const aivm_sizing__prec_names[] = {"",     "fp32",   "bf16", "fp16",  "fp8", "int8",
                                               "int4", "16-bit", "fp4",  "mxfp4", NULL};
const char *const aivm_sizing__ft_names[] = {"", "full", "lora", "qlora", NULL};
const char *const aivm_sizing__opt_names[] = {"", "adamw", "adamw-8bit", "sgd", NULL};
const char *const aivm_sizing__shard_names[] = {"", "none", "zero1", "zero2", "zero3", NULL};
static const char *const src_names[] = {"default", "flag",      "file",   "preset",
                                        "derived", "estimated", "config", "tag"};
static const char *const input_names[AIVM_SZ_COUNT] = {
    "params",      "model",     "layers",       "hidden",   "heads",
    "kv_heads",    "precision", "kv_precision", "context",  "batch",
    "concurrency", "finetune",  "optimizer",    "sharding", "activation_checkpointing",
    "max_nodes",   "gpus",      "active_params"};

AIVM_ENUM_PARSER(aivm_precision_parse, aivm_precision, aivm_sizing__prec_names, "precision")
AIVM_ENUM_PARSER(aivm_finetune_parse, aivm_finetune, aivm_sizing__ft_names, "fine-tuning mode")
AIVM_ENUM_PARSER(aivm_optimizer_parse, aivm_optimizer, aivm_sizing__opt_names, "optimizer")
AIVM_ENUM_PARSER(aivm_sharding_parse, aivm_sharding, aivm_sizing__shard_names, "sharding mode")

const char *aivm_precision_name(aivm_precision p)
{
    return aivm_sizing__prec_names[p];
}

const char *aivm_finetune_name(aivm_finetune f)
{
    return aivm_sizing__ft_names[f];
}

const char *aivm_optimizer_name(aivm_optimizer o)
{
    return aivm_sizing__opt_names[o];
}

const char *aivm_sharding_name(aivm_sharding s)
{
    return aivm_sizing__shard_names[s];
}

const char *aivm_context_basis_name(aivm_context_basis b)
{
    static const char *const names[] = {"given", "max", "request", "typical", "model", "training"};
    return names[b];
}

const char *aivm_input_source_name(aivm_input_source s)
{
    return src_names[s];
}

const char *aivm_sizing_input_name(unsigned which)
{
    return which < AIVM_SZ_COUNT ? input_names[which] : "";
}

bool aivm_workload__parse_count(double *out, const char *s, double max)
{
    char num[64];
    size_t len = strlen(s);
    double mult = 1, v = 0;
    char last = len ? s[len - 1] : '\0';
    switch (last) {
    case 'k':
    case 'K':
        mult = 1e3;
        break;
    case 'm':
    case 'M':
        mult = 1e6;
        break;
    case 'b':
    case 'B':
        mult = 1e9;
        break;
    case 't':
    case 'T':
        mult = 1e12;
        break;
    default:
        break;
    }
    if (mult > 1)
        len--;
    if (len == 0 || len >= sizeof num)
        return false;
    memcpy(num, s, len);
    num[len] = '\0';
    if (!aivm_parse_double(&v, num) || !(v > 0) || v * mult > max || v * mult < 1)
        return false;
    *out = v * mult;
    return true;
}

int aivm_params_parse(double *out, const char *s, aivm_error *err)
{
    if (aivm_workload__parse_count(out, s, 1e15))
        return 0;
    return aivm_error_set(err, AIVM_EINVALID, NULL,
                          "invalid parameter count '%s' (expected e.g. 350M, 7B, 1.5T or a "
                          "number)",
                          s);
}

double aivm_precision_bytes(aivm_precision p)
{
    switch (p) {
    case AIVM_PREC_FP32:
        return 4;
    case AIVM_PREC_BF16:
    case AIVM_PREC_FP16:
        return 2;
    case AIVM_PREC_FP8:
    case AIVM_PREC_INT8:
        return 1;
    case AIVM_PREC_INT4:
    case AIVM_PREC_FP4:
        return 0.5;
    case AIVM_PREC_MXFP4:
        return 4.25 / 8; /* OCP MX v1.0: 32 E2M1 values share one E8M0 scale */
    default:
        return 2;
    }
}

bool aivm_sizing_wanted(const aivm_workload *wl)
{
    return (wl->sizing_in.set & ((1u << AIVM_SZ_PARAMS) | (1u << AIVM_SZ_MODEL))) != 0;
}

double aivm_sizing_weights_gib(double params, aivm_precision p)
{
    return params * aivm_precision_bytes(p) / GIB;
}

double aivm_sizing_expert_params(const aivm_sizing *sz)
{
    /* total = shared + E x expert, active = shared + k x expert */
    if (!(sz->experts > sz->experts_per_token && sz->experts_per_token && sz->active_params > 0))
        return 0;
    return (sz->params - sz->active_params) / (sz->experts - sz->experts_per_token);
}

double aivm_sizing_weight_bytes(const aivm_sizing *sz)
{
    double b = aivm_precision_bytes(sz->precision);
    double routed = aivm_sizing_expert_params(sz) * sz->experts;
    if (sz->precision == AIVM_PREC_MXFP4 && routed > 0)
        return (sz->params - routed) * 2 + routed * b;
    return sz->params * b;
}

double aivm_sizing_kv_cache_gib(unsigned layers, unsigned kv_heads, unsigned head_dim,
                                aivm_precision p, double tokens, double seqs)
{
    return 2.0 * layers * kv_heads * head_dim * aivm_precision_bytes(p) * tokens * seqs / GIB;
}

/* Bytes per trainable parameter of gradients and optimizer states. With
 * 16-bit weights the optimizer also keeps an fp32 master copy (4 bytes). */
static void state_bytes(double *grad, double *optim, aivm_precision p, aivm_optimizer o)
{
    bool fp32 = p == AIVM_PREC_FP32;
    double master = fp32 ? 0 : 4;
    *grad = fp32 ? 4 : 2;
    switch (o) {
    case AIVM_OPTIM_ADAMW_8BIT:
        *optim = master + 2; /* two 8-bit moments */
        break;
    case AIVM_OPTIM_SGD:
        *optim = master + 4; /* fp32 momentum */
        break;
    default:
        *optim = master + 8; /* fp32 momentum and variance */
        break;
    }
}

/* What every GPU holds (fixed) and what is divided among them (split).
 * ZeRO (and FSDP) shard model states, never activations: every GPU keeps the
 * activations of its own micro-batch (--batch per GPU; Rajbhandari et al.,
 * "ZeRO", 2020, sections 5.1-5.2). ZeRO-1 shards the optimizer states,
 * ZeRO-2 the gradients too, ZeRO-3 the weights too. */
static void split_by_sharding(aivm_memory *m, aivm_sharding s)
{
    double w = m->weights, g = m->gradients, o = m->optimizer;
    double fixed = m->activations + m->overhead;
    switch (s) {
    case AIVM_SHARD_NONE:
        m->fixed = fixed + w + g + o;
        m->split = 0;
        break;
    case AIVM_SHARD_ZERO1:
        m->fixed = fixed + w + g;
        m->split = o;
        break;
    case AIVM_SHARD_ZERO2:
        m->fixed = fixed + w;
        m->split = g + o;
        break;
    default:
        m->fixed = fixed;
        m->split = w + g + o;
        break;
    }
}

void aivm_sizing_memory(aivm_memory *m, const aivm_sizing *sz)
{
    bool arch = sz->layers && sz->hidden && sz->heads;
    double P = sz->params;
    memset(m, 0, sizeof *m);
    m->overhead = AIVM_SIZING_OVERHEAD_GIB;
    if (sz->phase == AIVM_PHASE_INFERENCE) {
        m->weights = aivm_sizing_weight_bytes(sz) / GIB;
        if (arch && sz->kv_heads)
            m->kv_cache = aivm_sizing_kv_cache_gib(sz->layers, sz->kv_heads, sz->head_dim,
                                                   sz->kv_precision, sz->context, sz->concurrency);
        m->fixed = m->overhead;
        m->split = m->weights + m->kv_cache;
    } else {
        double T = sz->trainable_params, gb = 0, ob = 0;
        state_bytes(&gb, &ob, sz->finetune == AIVM_FT_FULL ? sz->precision : AIVM_PREC_BF16,
                    sz->optimizer);
        if (sz->finetune == AIVM_FT_FULL) {
            /* FP8 training (Transformer Engine) keeps bf16 weights and casts per GEMM */
            m->weights = aivm_sizing_weights_gib(P, sz->precision == AIVM_PREC_FP8 ? AIVM_PREC_BF16
                                                                                   : sz->precision);
        } else {
            double base = P * aivm_precision_bytes(sz->precision);
            if (sz->finetune == AIVM_FT_QLORA)
                base += P * 0.127 / 8; /* double-quantised constants (Dettmers et al.) */
            m->weights = (base + 2 * T) / GIB;
        }
        m->gradients = gb * T / GIB;
        m->optimizer = ob * T / GIB;
        if (arch) {
            double sbhl = (double)sz->context * sz->batch * sz->hidden * sz->layers;
            double act_bytes = sz->act_ckpt ? 2 : 34; /* Korthikanti et al., flash attention */
            if (sz->precision == AIVM_PREC_FP32 && sz->finetune == AIVM_FT_FULL)
                act_bytes *= 2;
            m->activations = act_bytes * sbhl / GIB;
        }
        split_by_sharding(m, sz->sharding);
    }
    m->total =
        m->weights + m->gradients + m->optimizer + m->activations + m->kv_cache + m->overhead;
}

/* Source of an input that was given: a plan tag, the workload file, a
 * configuration or a flag. */
static aivm_input_source given(const aivm_sizing_input *in, unsigned which)
{
    unsigned bit = 1u << which;
    if (in->from_tag & bit)
        return AIVM_SRC_TAG;
    if (in->from_file & bit)
        return AIVM_SRC_FILE;
    return (in->from_config & bit) ? AIVM_SRC_CONFIG : AIVM_SRC_FLAG;
}

#define IS_SET(in, which) (((in)->set & (1u << (which))) != 0)

/* unsigned input: given, else the preset's value (when non-zero), else `def`. */
static unsigned pick_u(aivm_sizing *sz, const aivm_sizing_input *in, unsigned which,
                       unsigned given_v, unsigned preset_v, unsigned def)
{
    if (IS_SET(in, which)) {
        sz->source[which] = given(in, which);
        return given_v;
    }
    if (preset_v) {
        sz->source[which] = AIVM_SRC_PRESET;
        return preset_v;
    }
    sz->source[which] = AIVM_SRC_DEFAULT;
    return def;
}

static int check_arch(const aivm_sizing *sz, aivm_error *err)
{
    if (sz->heads && sz->hidden && sz->hidden % sz->heads)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "hidden size %u is not a multiple of the %u attention heads",
                              sz->hidden, sz->heads);
    if (sz->kv_heads && sz->heads && (sz->kv_heads > sz->heads || sz->heads % sz->kv_heads))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "%u KV heads do not divide the %u attention heads", sz->kv_heads,
                              sz->heads);
    if (sz->phase == AIVM_PHASE_INFERENCE && sz->gpus && (sz->gpus & (sz->gpus - 1)))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--gpus %u: tensor parallelism splits a replica over 1, 2, 4, 8 "
                              "or 16 GPUs (a power of two)",
                              sz->gpus);
    if (sz->phase == AIVM_PHASE_TRAIN && sz->precision == AIVM_PREC_FP4)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "fp4 weights are for inference on GPUs with FP4 tensor cores "
                              "(GB200, GB300), not training: train in bf16 or fp8");
    if (sz->kv_precision == AIVM_PREC_FP4 || sz->kv_precision == AIVM_PREC_MXFP4)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "fp4 is a weight format: the KV cache is fp32, bf16, fp16, fp8 or "
                              "int8");
    if (sz->phase == AIVM_PHASE_TRAIN && sz->finetune == AIVM_FT_QLORA &&
        sz->precision != AIVM_PREC_INT4)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "qlora keeps the base weights in 4 bits (precision int4, its "
                              "default), not %s: with %s weights it is --finetune lora",
                              aivm_precision_name(sz->precision),
                              aivm_precision_name(sz->precision));
    if (sz->phase == AIVM_PHASE_TRAIN && sz->finetune == AIVM_FT_FULL &&
        aivm_precision_bytes(sz->precision) < 2 && sz->precision != AIVM_PREC_FP8)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "full training keeps fp32, bf16 or fp16 weights, or computes in fp8 "
                              "over bf16 weights, not %s (use --finetune lora or qlora for "
                              "quantised base weights)",
                              aivm_precision_name(sz->precision));
    return 0;
}

static void resolve_training(aivm_sizing *sz, const aivm_sizing_input *in)
{
    sz->finetune = in->finetune ? in->finetune : AIVM_FT_FULL;
    sz->source[AIVM_SZ_FINETUNE] = in->finetune ? given(in, AIVM_SZ_FINETUNE) : AIVM_SRC_DEFAULT;
    sz->optimizer = in->optimizer ? in->optimizer : AIVM_OPTIM_ADAMW;
    sz->source[AIVM_SZ_OPTIMIZER] = in->optimizer ? given(in, AIVM_SZ_OPTIMIZER) : AIVM_SRC_DEFAULT;
    sz->sharding = in->sharding ? in->sharding : AIVM_SHARD_ZERO3;
    sz->source[AIVM_SZ_SHARDING] = in->sharding ? given(in, AIVM_SZ_SHARDING) : AIVM_SRC_DEFAULT;
    /* QLoRA turns activation checkpointing on unless told otherwise, as PEFT's
     * prepare_model_for_kbit_training does (use_gradient_checkpointing=True). */
    sz->act_ckpt = IS_SET(in, AIVM_SZ_ACT_CKPT) ? in->act_ckpt : sz->finetune == AIVM_FT_QLORA;
    sz->source[AIVM_SZ_ACT_CKPT] =
        IS_SET(in, AIVM_SZ_ACT_CKPT) ? given(in, AIVM_SZ_ACT_CKPT) : AIVM_SRC_DEFAULT;
    sz->batch = pick_u(sz, in, AIVM_SZ_BATCH, in->batch, 0, 1);
    if (sz->finetune == AIVM_FT_FULL)
        sz->trainable_params = sz->params;
    else if (sz->layers && sz->hidden)
        /* r×h + h×r adapters on the four attention projections of every layer */
        sz->trainable_params = 8.0 * AIVM_SIZING_LORA_RANK * sz->hidden * sz->layers;
    else
        sz->trainable_params = 0.005 * sz->params;
}

/* A typical modern shape: grouped-query attention (more than one KV head, fewer than the
 * heads: Llama 3, Qwen2.5, Mistral), as an open model of that size is built today (neither
 * Llama 2 7B's one KV head per head nor Falcon 7B's single one); a mixture of experts'
 * (--active-params) among the presets that are one, a dense model's among the dense. */
static bool modern_shape(const aivm_model *m, bool moe)
{
    return m->kv_heads > 1 && m->kv_heads < m->heads && (m->active_params > 0) == moe;
}

/* The transformer preset nearest to `params` (by ratio, larger over smaller) of the asked
 * kind, for the shape of a model known only by its parameter count; `modern` 0 or 1: among
 * the typical modern dense (0) or mixture-of-experts (1) shapes only; -1: any. */
static const aivm_model *nearest_shape(const aivm_models *models, double params, aivm_kind kind,
                                       int modern)
{
    const aivm_model *best = NULL;
    double best_d = 0;
    for (size_t i = 0; models && i < aivm_models_count(models); i++) {
        const aivm_model *m = aivm_models_at(models, i);
        double d;
        if (!(m->layers && m->hidden && m->heads) || (kind && m->kind != kind) ||
            (modern >= 0 && !modern_shape(m, modern == 1)))
            continue;
        d = m->params > params ? m->params / params : params / m->params;
        if (!best || d < best_d) {
            best = m;
            best_d = d;
        }
    }
    return best;
}

/* With --params only: take the shape (layers, hidden, heads, KV heads) of the
 * nearest preset for what was not given, so activations and the KV cache are
 * estimated rather than counted as zero. */
static void estimate_shape(aivm_sizing *sz, const aivm_sizing_input *in, const aivm_models *models,
                           aivm_kind kind)
{
    const aivm_model *m;
    if (IS_SET(in, AIVM_SZ_LAYERS) && IS_SET(in, AIVM_SZ_HIDDEN) && IS_SET(in, AIVM_SZ_HEADS))
        return;
    m = kind == AIVM_KIND_NON_GENERATIVE
            ? NULL
            : nearest_shape(models, sz->params, kind, sz->active_params > 0 ? 1 : 0);
    if (!m)
        m = nearest_shape(models, sz->params, kind, -1);
    if (!m)
        m = nearest_shape(models, sz->params, AIVM_KIND_UNSET, -1);
    sz->shape_from = m;
}

/* The parameters a token uses (mixture of experts): --active-params, else the
 * preset's when its parameter count stands; 0 = dense (all of them). */
static int resolve_active(aivm_sizing *sz, const aivm_sizing_input *in, const aivm_model *pm,
                          aivm_error *err)
{
    if (IS_SET(in, AIVM_SZ_ACTIVE_PARAMS)) {
        sz->active_params = in->active_params;
        sz->source[AIVM_SZ_ACTIVE_PARAMS] = given(in, AIVM_SZ_ACTIVE_PARAMS);
    } else if (pm && pm->active_params > 0 && sz->params == pm->params) {
        sz->active_params = pm->active_params;
        sz->source[AIVM_SZ_ACTIVE_PARAMS] = AIVM_SRC_PRESET;
        sz->experts = pm->experts;
        sz->experts_per_token = pm->experts_per_token;
    }
    if (!(sz->active_params > sz->params))
        return 0;
    return aivm_error_set(err, AIVM_EINVALID, NULL,
                          "active parameters %.4gB are more than the model's %.4gB: "
                          "active_params counts the parameters one token uses (a mixture of "
                          "experts' shared and routed experts), at most params",
                          sz->active_params / 1e9, sz->params / 1e9);
}

/* The preset named by --model, if any: an unknown one is an error. A
 * workload without the model's size takes no sizing input at all. */
static int resolve_preset(const aivm_model **pm, const aivm_workload *wl, const aivm_models *models,
                          aivm_sizing *sz, aivm_error *err)
{
    const aivm_sizing_input *in = &wl->sizing_in;
    *pm = NULL;
    if (!aivm_sizing_wanted(wl)) {
        for (unsigned i = 0; i < AIVM_SZ_COUNT; i++)
            if (IS_SET(in, i))
                return aivm_error_set(err, AIVM_EINVALID, NULL,
                                      "sizing input '%s' needs the model's size (give "
                                      "--params or --model)",
                                      input_names[i]);
        return aivm_error_set(err, AIVM_EINVALID, NULL, "no sizing inputs (--params or --model)");
    }
    if (!IS_SET(in, AIVM_SZ_MODEL))
        return 0;
    *pm = models ? aivm_models_find(models, in->model) : NULL;
    if (!*pm)
        return aivm_error_set(err, AIVM_ENOTFOUND, NULL,
                              "unknown model '%s' ('aivm-advise models list' shows the presets)",
                              in->model);
    sz->source[AIVM_SZ_MODEL] = given(in, AIVM_SZ_MODEL);
    return 0;
}

/* Layers, hidden size, heads, KV heads and head size: given, the preset's,
 * or (no preset) estimated from the parameter count. */
static void resolve_shape(aivm_sizing *sz, const aivm_sizing_input *in, const aivm_model *pm,
                          const aivm_models *models, aivm_kind kind)
{
    const aivm_model *shp;
    if (!pm)
        estimate_shape(sz, in, models, kind);
    shp = pm ? pm : sz->shape_from;
    sz->layers = pick_u(sz, in, AIVM_SZ_LAYERS, in->layers, shp ? shp->layers : 0, 0);
    sz->hidden = pick_u(sz, in, AIVM_SZ_HIDDEN, in->hidden, shp ? shp->hidden : 0, 0);
    sz->heads = pick_u(sz, in, AIVM_SZ_HEADS, in->heads, shp ? shp->heads : 0, 0);
    sz->kv_heads =
        pick_u(sz, in, AIVM_SZ_KV_HEADS, in->kv_heads, shp ? shp->kv_heads : 0, sz->heads);
    for (unsigned k = AIVM_SZ_LAYERS; !pm && k <= AIVM_SZ_KV_HEADS; k++)
        if (sz->source[k] == AIVM_SRC_PRESET)
            sz->source[k] = AIVM_SRC_ESTIMATED;
    if (!IS_SET(in, AIVM_SZ_KV_HEADS) && sz->source[AIVM_SZ_KV_HEADS] == AIVM_SRC_DEFAULT &&
        sz->heads)
        sz->source[AIVM_SZ_KV_HEADS] = AIVM_SRC_DERIVED; /* no GQA: one KV head per head */
    /* Qwen3, Gemma 3, gpt-oss (and MLA's cached latent) publish a head size other than
     * hidden / heads: the preset's, unless the shape was given */
    sz->head_dim = shp && shp->head_dim && !IS_SET(in, AIVM_SZ_HIDDEN) && !IS_SET(in, AIVM_SZ_HEADS)
                       ? shp->head_dim
                   : sz->heads ? sz->hidden / sz->heads
                               : 0;
}

/* Weights' and KV cache's precision, and whether any 16-bit format will do. */
static void resolve_precision(aivm_sizing *sz, const aivm_sizing_input *in, const aivm_workload *wl,
                              const aivm_model *pm)
{
    aivm_precision def_prec;
    /* serving runs the checkpoint as published: the preset's native precision (gpt-oss
     * MXFP4, DeepSeek-V3/R1 FP8); training keeps its own defaults */
    bool native = !in->precision && pm && pm->precision && wl->phase == AIVM_PHASE_INFERENCE;
    def_prec = in->finetune == AIVM_FT_QLORA ? AIVM_PREC_INT4 : AIVM_PREC_BF16;
    sz->precision = in->precision && in->precision != AIVM_PREC_ANY16 ? in->precision
                    : native                                          ? pm->precision
                                                                      : def_prec;
    /* Unasked, serving (and non-generative training such as BERT or ResNet, fp16
     * AMP) runs in fp16 as well as bf16: the default is "16-bit", and so is
     * --precision 16-bit, spelled out. LLM training keeps bf16 (fp16 needs loss
     * scaling and diverges at scale), so V100 and T4 stay out of it unless asked. */
    sz->any_16bit = sz->precision == AIVM_PREC_BF16 &&
                    (in->precision == AIVM_PREC_ANY16 ||
                     (!in->precision &&
                      (wl->phase == AIVM_PHASE_INFERENCE || wl->kind == AIVM_KIND_NON_GENERATIVE)));
    sz->source[AIVM_SZ_PRECISION] = in->precision ? given(in, AIVM_SZ_PRECISION)
                                    : native      ? AIVM_SRC_PRESET
                                                  : AIVM_SRC_DEFAULT;
    if (in->kv_precision) {
        sz->kv_precision = in->kv_precision == AIVM_PREC_ANY16 ? AIVM_PREC_BF16 : in->kv_precision;
        sz->source[AIVM_SZ_KV_PRECISION] = given(in, AIVM_SZ_KV_PRECISION);
    } else {
        /* weight-only quantisation keeps a 16-bit KV cache */
        sz->kv_precision =
            aivm_precision_bytes(sz->precision) >= 2 ? sz->precision : AIVM_PREC_BF16;
        sz->source[AIVM_SZ_KV_PRECISION] = AIVM_SRC_DERIVED;
    }
}

/* The context (docs/sizing.md, "Serving context"): given, --context max, training's capped
 * preset context, or serving's request length or typical context within the maximum. */
static int resolve_context(aivm_sizing *sz, const aivm_workload *wl, const aivm_model *pm,
                           aivm_error *err)
{
    const aivm_sizing_input *in = &wl->sizing_in;
    const aivm_work_input *w = &wl->work;
    unsigned max = pm && pm->context ? pm->context : 0, want;
    sz->context_max = max;
    if (IS_SET(in, AIVM_SZ_CONTEXT)) {
        sz->source[AIVM_SZ_CONTEXT] = given(in, AIVM_SZ_CONTEXT);
        sz->context_basis = in->context == AIVM_CONTEXT_MAX ? AIVM_CTX_MAX : AIVM_CTX_GIVEN;
        sz->context = in->context == AIVM_CONTEXT_MAX ? max : in->context;
        if (sz->context)
            return 0;
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "--context max is the preset's maximum context: give --model, or "
                              "--context TOKENS");
    }
    if (wl->phase == AIVM_PHASE_TRAIN) { /* training runs rarely use the full serving window */
        want = max && max < 4096 ? max : 4096;
        sz->context_basis = AIVM_CTX_TRAINING;
        sz->source[AIVM_SZ_CONTEXT] = want == max ? AIVM_SRC_PRESET : AIVM_SRC_DEFAULT;
    } else if (w->set & ((1u << AIVM_WK_PROMPT_TOKENS) | (1u << AIVM_WK_OUTPUT_TOKENS))) {
        unsigned p =
            w->set & (1u << AIVM_WK_PROMPT_TOKENS) ? w->prompt_tokens : AIVM_TP_PROMPT_TOKENS;
        unsigned o =
            w->set & (1u << AIVM_WK_OUTPUT_TOKENS) ? w->output_tokens : AIVM_TP_OUTPUT_TOKENS;
        want = p + (wl->kind == AIVM_KIND_NON_GENERATIVE ? 0 : o);
        sz->context_basis = AIVM_CTX_REQUEST;
        sz->source[AIVM_SZ_CONTEXT] = AIVM_SRC_DERIVED;
    } else {
        want = AIVM_SIZING_SERVE_CONTEXT;
        sz->context_basis = AIVM_CTX_TYPICAL;
        sz->source[AIVM_SZ_CONTEXT] = AIVM_SRC_DEFAULT;
    }
    if (max && want > max) {
        want = max;
        sz->context_basis = wl->phase == AIVM_PHASE_TRAIN ? AIVM_CTX_TRAINING : AIVM_CTX_MODEL;
        sz->source[AIVM_SZ_CONTEXT] = AIVM_SRC_PRESET;
    }
    sz->context = want;
    return 0;
}

int aivm_sizing_resolve(aivm_sizing *sz, const aivm_workload *wl, const aivm_models *models,
                        aivm_error *err)
{
    const aivm_sizing_input *in = &wl->sizing_in;
    const aivm_model *pm = NULL;
    int rc;
    memset(sz, 0, sizeof *sz);
    rc = resolve_preset(&pm, wl, models, sz, err);
    if (rc < 0)
        return rc;
    sz->phase = wl->phase;
    sz->preset = pm;
    if (IS_SET(in, AIVM_SZ_PARAMS)) {
        sz->params = in->params;
        sz->source[AIVM_SZ_PARAMS] = given(in, AIVM_SZ_PARAMS);
    } else {
        sz->params = pm->params;
        sz->source[AIVM_SZ_PARAMS] = AIVM_SRC_PRESET;
    }
    rc = resolve_active(sz, in, pm, err);
    if (rc < 0)
        return rc;
    resolve_shape(sz, in, pm, models, wl->kind);
    resolve_precision(sz, in, wl, pm);
    rc = resolve_context(sz, wl, pm, err);
    if (rc < 0)
        return rc;
    sz->concurrency = pick_u(sz, in, AIVM_SZ_CONCURRENCY, in->concurrency, 0, 1);
    sz->max_nodes = pick_u(sz, in, AIVM_SZ_MAX_NODES, in->max_nodes, 0, AIVM_SIZING_MAX_NODES);
    sz->gpus = pick_u(sz, in, AIVM_SZ_GPUS, in->gpus, 0, 0);
    if (wl->phase == AIVM_PHASE_TRAIN)
        resolve_training(sz, in);
    rc = check_arch(sz, err);
    if (rc < 0)
        return rc;
    aivm_sizing_memory(&sz->mem, sz);
    if (sz->phase == AIVM_PHASE_TRAIN && !IS_SET(in, AIVM_SZ_ACT_CKPT) && !sz->act_ckpt &&
        sz->mem.activations + sz->mem.overhead > AIVM_SIZING_CKPT_FROM_GIB) {
        /* One micro-batch's activations would not fit an 80 GB GPU (no sharding
         * shrinks them): train with checkpointing, as practitioners do for
         * such models (Korthikanti et al., 2022), rather than only on the
         * largest GPUs. Its source says "derived"; a workload file's
         * activation_checkpointing: false keeps it off. */
        sz->act_ckpt = true;
        sz->source[AIVM_SZ_ACT_CKPT] = AIVM_SRC_DERIVED;
        aivm_sizing_memory(&sz->mem, sz);
    }
    return 0;
}
