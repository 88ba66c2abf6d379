/*
 * report_sizing.c - renders the sizing of an advice: the top-level JSON
 * "sizing" object (inputs as resolved with their source, memory in GiB),
 * each recommendation's "fit" and deployment price, and the memory block
 * of the table. Only called when the workload has sizing, so outputs
 * without --params/--model stay as they were.
 */
#include <math.h>
#include <stdio.h>

#include "report_int.h"
#include "report_sizing.h"
#include "util/mathutil.h"

#define BOLD(o) aivm_report__sgr((o)->color, AIVM_SGR_BOLD)
#define RESET(o) aivm_report__sgr((o)->color, AIVM_SGR_RESET)

static bool is_training_input(unsigned i)
{
    return i == AIVM_SZ_BATCH || i == AIVM_SZ_FINETUNE || i == AIVM_SZ_OPTIMIZER ||
           i == AIVM_SZ_SHARDING || i == AIVM_SZ_ACT_CKPT;
}

static bool is_inference_input(unsigned i)
{
    return i == AIVM_SZ_CONCURRENCY || i == AIVM_SZ_KV_PRECISION;
}

/* The value of sizing input i, as member "value" of the current object. */
static void input_value(aivm_jw *w, const aivm_sizing *sz, unsigned i)
{
    unsigned u = 0;
    switch (i) {
    case AIVM_SZ_PARAMS:
        aivm_jw_num(w, "value", sz->params);
        return;
    case AIVM_SZ_ACTIVE_PARAMS: /* null: dense, every parameter */
        if (sz->active_params > 0)
            aivm_jw_num(w, "value", sz->active_params);
        else
            aivm_jw_null(w, "value");
        return;
    case AIVM_SZ_MODEL:
        aivm_jw_str(w, "value", sz->preset ? sz->preset->id : NULL);
        return;
    case AIVM_SZ_PRECISION: /* "16-bit": bf16, or fp16 where the GPU has no bf16 */
        aivm_jw_str(w, "value",
                    sz->any_16bit ? aivm_precision_name(AIVM_PREC_ANY16)
                                  : aivm_precision_name(sz->precision));
        return;
    case AIVM_SZ_KV_PRECISION:
        aivm_jw_str(w, "value", aivm_precision_name(sz->kv_precision));
        return;
    case AIVM_SZ_FINETUNE:
        aivm_jw_str(w, "value", aivm_finetune_name(sz->finetune));
        return;
    case AIVM_SZ_OPTIMIZER:
        aivm_jw_str(w, "value", aivm_optimizer_name(sz->optimizer));
        return;
    case AIVM_SZ_SHARDING:
        aivm_jw_str(w, "value", aivm_sharding_name(sz->sharding));
        return;
    case AIVM_SZ_ACT_CKPT:
        aivm_jw_bool(w, "value", sz->act_ckpt);
        return;
    case AIVM_SZ_LAYERS:
        u = sz->layers;
        break;
    case AIVM_SZ_HIDDEN:
        u = sz->hidden;
        break;
    case AIVM_SZ_HEADS:
        u = sz->heads;
        break;
    case AIVM_SZ_KV_HEADS:
        u = sz->kv_heads;
        break;
    case AIVM_SZ_CONTEXT:
        u = sz->context;
        break;
    case AIVM_SZ_BATCH:
        u = sz->batch;
        break;
    case AIVM_SZ_CONCURRENCY:
        u = sz->concurrency;
        break;
    case AIVM_SZ_MAX_NODES:
        u = sz->max_nodes;
        break;
    case AIVM_SZ_GPUS:
        u = sz->gpus;
        break;
    default:
        break;
    }
    if (u)
        aivm_jw_num(w, "value", u);
    else
        aivm_jw_null(w, "value");
}

static void preset_json(aivm_jw *w, const aivm_model *m)
{
    aivm_jw_object(w, "preset");
    aivm_jw_str(w, "id", m->id);
    aivm_jw_str(w, "name", m->name);
    aivm_jw_str(w, "family", m->family);
    aivm_jw_str(w, "kind", aivm_kind_name(m->kind));
    aivm_jw_strlist(w, "sources", &m->sources);
    aivm_jw_str(w, "as_of", m->as_of);
    aivm_jw_end(w);
}

void aivm_report__sizing_json(aivm_jw *w, const aivm_sizing *sz)
{
    bool train = sz->phase == AIVM_PHASE_TRAIN;
    aivm_jw_object(w, "sizing");
    aivm_jw_object(w, "inputs");
    for (unsigned i = 0; i < AIVM_SZ_COUNT; i++) {
        if ((train && is_inference_input(i)) || (!train && is_training_input(i)))
            continue;
        aivm_jw_object(w, aivm_sizing_input_name(i));
        input_value(w, sz, i);
        aivm_jw_str(w, "source", aivm_input_source_name(sz->source[i]));
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
    if (sz->preset)
        preset_json(w, sz->preset);
    else
        aivm_jw_null(w, "preset");
    if (train)
        aivm_jw_num(w, "trainable_params", aivm_round(sz->trainable_params));
    else
        aivm_jw_null(w, "trainable_params");
    aivm_jw_object(w, "memory_gib");
    aivm_jw_num(w, "weights", aivm_round_to(sz->mem.weights, 2));
    aivm_jw_num(w, "gradients", aivm_round_to(sz->mem.gradients, 2));
    aivm_jw_num(w, "optimizer", aivm_round_to(sz->mem.optimizer, 2));
    aivm_jw_num(w, "activations", aivm_round_to(sz->mem.activations, 2));
    aivm_jw_num(w, "kv_cache", aivm_round_to(sz->mem.kv_cache, 2));
    aivm_jw_num(w, "overhead", aivm_round_to(sz->mem.overhead, 2));
    aivm_jw_num(w, "total", aivm_round_to(sz->mem.total, 2));
    aivm_jw_end(w);
    aivm_jw_num(w, "usable_fraction", AIVM_SIZING_USABLE);
    aivm_jw_bool(w, "shape_known", sz->layers && sz->hidden && sz->heads);
    if (sz->shape_from)
        aivm_jw_str(w, "shape_estimated_from", sz->shape_from->id);
    else
        aivm_jw_null(w, "shape_estimated_from");
    aivm_jw_str(w, "context_basis", aivm_context_basis_name(sz->context_basis));
    aivm_jw_opt_num(w, "context_max", sz->context_max > 0, sz->context_max);
    aivm_jw_end(w);
}

void aivm_report__fit_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_fit *fit = &c->fit;
    aivm_jw_object(w, "fit");
    aivm_jw_num(w, "gpus_needed", aivm_round_to(fit->gpus_needed, 4));
    aivm_jw_num(w, "vms", fit->vms);
    aivm_jw_num(w, "gpus_total", aivm_round_to(fit->gpus_total, 4));
    aivm_jw_num(w, "memory_utilization", aivm_round_to(fit->memory_utilization, 3));
    aivm_jw_num(w, "memory_per_gpu_gib", aivm_round_to(fit->need_gib, 2));
    aivm_jw_num(w, "usable_per_gpu_gib", aivm_round_to(fit->usable_gib, 2));
    aivm_jw_bool(w, "fits", fit->fits);
    aivm_jw_num(w, "replicas", fit->replicas);
    aivm_jw_num(w, "replica_vms", fit->replica_vms);
    aivm_jw_end(w);
}

void aivm_report__fit_price_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_deployment *d = &c->deploy;
    aivm_jw_opt_num(w, "deployment_on_demand_hourly", d->has_on_demand_hourly,
                    aivm_round_to(d->on_demand_hourly, 4));
    aivm_jw_opt_num(w, "deployment_spot_hourly", d->has_spot_hourly,
                    aivm_round_to(d->spot_hourly, 4));
}

void aivm_report__params_text(char *out, size_t n, double p)
{
    if (p >= 1e12)
        snprintf(out, n, "%.3gT", p / 1e12);
    else if (p >= 1e9)
        snprintf(out, n, "%.3gB", p / 1e9);
    else if (p >= 1e6)
        snprintf(out, n, "%.3gM", p / 1e6);
    else
        snprintf(out, n, "%.0f", p);
}

void aivm_report__sizing_table(aivm_buf *out, const aivm_sizing *sz, const aivm_render_opts *o)
{
    const aivm_memory *m = &sz->mem;
    char p[32];
    aivm_report__params_text(p, sizeof p, sz->params);
    aivm_buf_printf(out, "%sModel:%s ", BOLD(o), RESET(o));
    if (sz->preset)
        aivm_buf_printf(out, "%s (%s), ", sz->preset->name, sz->preset->id);
    aivm_buf_printf(out, "%s parameters, %s", p,
                    sz->any_16bit ? "16-bit (bf16; fp16 on GPUs without bf16)"
                                  : aivm_precision_name(sz->precision));
    if (sz->phase == AIVM_PHASE_TRAIN && sz->preset && sz->preset->input_px && !sz->hidden)
        aivm_buf_printf(out, "; %s training, %s; input %u px, batch %u\n",
                        aivm_finetune_name(sz->finetune), aivm_optimizer_name(sz->optimizer),
                        sz->preset->input_px, sz->batch); /* a CNN: no context, no sharding */
    else if (sz->phase == AIVM_PHASE_TRAIN)
        aivm_buf_printf(out, "; %s training, %s, sharding %s%s; context %u, batch %u\n",
                        aivm_finetune_name(sz->finetune), aivm_optimizer_name(sz->optimizer),
                        aivm_sharding_name(sz->sharding),
                        !sz->act_ckpt ? ""
                        : sz->source[AIVM_SZ_ACT_CKPT] == AIVM_SRC_DERIVED
                            ? ", activation checkpointing (on: one micro-batch's activations "
                              "would not fit an 80 GB GPU)"
                            : ", activation checkpointing",
                        sz->context, sz->batch);
    else if (sz->preset && sz->preset->input_px && !sz->hidden)
        aivm_buf_printf(out, "; input %u px, concurrency %u\n", sz->preset->input_px,
                        sz->concurrency);
    else
        aivm_buf_printf(out, "; KV cache %s, context %u, concurrency %u\n",
                        aivm_precision_name(sz->kv_precision), sz->context, sz->concurrency);
    aivm_buf_printf(out, "%sMemory (GiB):%s weights %.2f", BOLD(o), RESET(o), m->weights);
    if (sz->phase == AIVM_PHASE_TRAIN)
        aivm_buf_printf(out, " + gradients %.2f + optimizer %.2f + activations %.2f", m->gradients,
                        m->optimizer, m->activations);
    else
        aivm_buf_printf(out, " + KV cache %.2f", m->kv_cache);
    aivm_buf_printf(out, " + overhead %.2f = %.2f; usable per GPU = %.0f%% of its memory\n\n",
                    m->overhead, m->total, AIVM_SIZING_USABLE * 100);
}
