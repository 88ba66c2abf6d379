/*
 * report_sizing.c - renders the sizing of an advice: the top-level JSON
 * "sizing" object (inputs as resolved with their source, memory in GiB),
 * each recommendation's "fit" and deployment price, and the memory block
 * of the table. Only called when the workload has sizing, so outputs
 * without --params/--model stay as they were.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>

#include "mathutil.h"
#include "report_sizing.h"

#define BOLD(o) ((o)->color ? "\033[1m" : "")
#define RESET(o) ((o)->color ? "\033[0m" : "")

static double round2(double v)
{
    double r = aivm_round(v * 100) / 100;
    return r == 0 ? 0 : r;
}

static bool is_training_input(unsigned i)
{
    return i == AIVM_SZ_BATCH || i == AIVM_SZ_FINETUNE || i == AIVM_SZ_OPTIMIZER ||
           i == AIVM_SZ_SHARDING || i == AIVM_SZ_ACT_CKPT;
}

static bool is_inference_input(unsigned i)
{
    return i == AIVM_SZ_CONCURRENCY || i == AIVM_SZ_KV_PRECISION;
}

static cJSON *input_value(const aivm_sizing *sz, unsigned i)
{
    unsigned u = 0;
    switch (i) {
    case AIVM_SZ_PARAMS:
        return cJSON_CreateNumber(sz->params);
    case AIVM_SZ_MODEL:
        return sz->preset ? cJSON_CreateString(sz->preset->id) : cJSON_CreateNull();
    case AIVM_SZ_PRECISION:
        return cJSON_CreateString(aivm_precision_name(sz->precision));
    case AIVM_SZ_KV_PRECISION:
        return cJSON_CreateString(aivm_precision_name(sz->kv_precision));
    case AIVM_SZ_FINETUNE:
        return cJSON_CreateString(aivm_finetune_name(sz->finetune));
    case AIVM_SZ_OPTIMIZER:
        return cJSON_CreateString(aivm_optimizer_name(sz->optimizer));
    case AIVM_SZ_SHARDING:
        return cJSON_CreateString(aivm_sharding_name(sz->sharding));
    case AIVM_SZ_ACT_CKPT:
        return cJSON_CreateBool(sz->act_ckpt);
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
    return u ? cJSON_CreateNumber(u) : cJSON_CreateNull();
}

static cJSON *preset_json(const aivm_model *m)
{
    cJSON *o = cJSON_CreateObject(), *src = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "id", m->id);
    cJSON_AddStringToObject(o, "name", m->name);
    cJSON_AddStringToObject(o, "family", m->family);
    cJSON_AddStringToObject(o, "kind", aivm_kind_name(m->kind));
    for (size_t i = 0; i < m->sources.n; i++)
        cJSON_AddItemToArray(src, cJSON_CreateString(m->sources.items[i]));
    cJSON_AddItemToObject(o, "sources", src);
    cJSON_AddStringToObject(o, "as_of", m->as_of);
    return o;
}

static cJSON *sizing_tree(const aivm_sizing *sz)
{
    cJSON *o = cJSON_CreateObject(), *in = cJSON_CreateObject(), *mem = cJSON_CreateObject();
    bool train = sz->phase == AIVM_PHASE_TRAIN;
    for (unsigned i = 0; i < AIVM_SZ_COUNT; i++) {
        cJSON *e;
        if ((train && is_inference_input(i)) || (!train && is_training_input(i)))
            continue;
        e = cJSON_CreateObject();
        cJSON_AddItemToObject(e, "value", input_value(sz, i));
        cJSON_AddStringToObject(e, "source", aivm_input_source_name(sz->source[i]));
        cJSON_AddItemToObject(in, aivm_sizing_input_name(i), e);
    }
    cJSON_AddItemToObject(o, "inputs", in);
    cJSON_AddItemToObject(o, "preset", sz->preset ? preset_json(sz->preset) : cJSON_CreateNull());
    if (train)
        cJSON_AddNumberToObject(o, "trainable_params", aivm_round(sz->trainable_params));
    else
        cJSON_AddNullToObject(o, "trainable_params");
    cJSON_AddNumberToObject(mem, "weights", round2(sz->mem.weights));
    cJSON_AddNumberToObject(mem, "gradients", round2(sz->mem.gradients));
    cJSON_AddNumberToObject(mem, "optimizer", round2(sz->mem.optimizer));
    cJSON_AddNumberToObject(mem, "activations", round2(sz->mem.activations));
    cJSON_AddNumberToObject(mem, "kv_cache", round2(sz->mem.kv_cache));
    cJSON_AddNumberToObject(mem, "overhead", round2(sz->mem.overhead));
    cJSON_AddNumberToObject(mem, "total", round2(sz->mem.total));
    cJSON_AddItemToObject(o, "memory_gib", mem);
    cJSON_AddNumberToObject(o, "usable_fraction", AIVM_SIZING_USABLE);
    cJSON_AddBoolToObject(o, "shape_known", sz->layers && sz->hidden && sz->heads);
    return o;
}

/* The sizing object is small and only there with --params/--model: built with
 * cJSON and spliced into the streamed report at the right indentation. */
void aivm_report__sizing_json(aivm_jw *w, const aivm_sizing *sz)
{
    cJSON *o = sizing_tree(sz);
    char *text = cJSON_Print(o);
    if (text)
        aivm_jw_raw(w, "sizing", text);
    else
        aivm_jw_null(w, "sizing");
    cJSON_free(text);
    cJSON_Delete(o);
}

void aivm_report__fit_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_fit *fit = &c->fit;
    aivm_jw_object(w, "fit");
    aivm_jw_num(w, "gpus_needed", aivm_round(fit->gpus_needed * 1e4) / 1e4);
    aivm_jw_num(w, "vms", fit->vms);
    aivm_jw_num(w, "gpus_total", aivm_round(fit->gpus_total * 1e4) / 1e4);
    aivm_jw_num(w, "memory_utilization", aivm_round(fit->memory_utilization * 1e3) / 1e3);
    aivm_jw_num(w, "memory_per_gpu_gib", round2(fit->need_gib));
    aivm_jw_num(w, "usable_per_gpu_gib", round2(fit->usable_gib));
    aivm_jw_bool(w, "fits", fit->fits);
    aivm_jw_end(w);
}

void aivm_report__fit_price_json(aivm_jw *w, const aivm_candidate *c)
{
    double vms = c->fit.vms;
    if (c->price.has_on_demand)
        aivm_jw_num(w, "deployment_on_demand_hourly",
                    aivm_round(c->price.on_demand * vms * 1e4) / 1e4);
    else
        aivm_jw_null(w, "deployment_on_demand_hourly");
    if (c->price.has_spot)
        aivm_jw_num(w, "deployment_spot_hourly", aivm_round(c->price.spot * vms * 1e4) / 1e4);
    else
        aivm_jw_null(w, "deployment_spot_hourly");
}

static void params_text(char *out, size_t n, double p)
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
    params_text(p, sizeof p, sz->params);
    aivm_buf_printf(out, "%sModel:%s ", BOLD(o), RESET(o));
    if (sz->preset)
        aivm_buf_printf(out, "%s (%s), ", sz->preset->name, sz->preset->id);
    aivm_buf_printf(out, "%s parameters, %s", p, aivm_precision_name(sz->precision));
    if (sz->phase == AIVM_PHASE_TRAIN)
        aivm_buf_printf(out, "; %s training, %s, sharding %s%s; context %u, batch %u\n",
                        aivm_finetune_name(sz->finetune), aivm_optimizer_name(sz->optimizer),
                        aivm_sharding_name(sz->sharding),
                        sz->act_ckpt ? ", activation checkpointing" : "", sz->context, sz->batch);
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
