/*
 * sizing_input.c - the sizing keys of a workload file (params, model,
 * layers, ..., max_nodes, gpus): the same names and values as the flags,
 * with the key's position on every error. workload.c calls this for the
 * keys it does not know itself.
 */
#include <stdio.h>
#include <string.h>

#include "sizing_int.h"

const char *const aivm_sizing__file_keys[] = {
    "params",      "model",     "layers",        "hidden",   "heads",
    "kv_heads",    "precision", "kv_precision",  "context",  "batch",
    "concurrency", "finetune",  "optimizer",     "sharding", "activation_checkpointing",
    "max_nodes",   "gpus",      "active_params", NULL};

static int at(int rc, const aivm_ynode *v, aivm_error *err)
{
    if (rc < 0 && err && err->line == 0) {
        aivm_error copy = *err;
        aivm_error_set(err, (aivm_status)rc, &v->loc, "%s in the workload", copy.msg);
    }
    return rc;
}

static int load_count(unsigned *out, const aivm_ynode *v, const char *key, aivm_error *err)
{
    char what[64];
    int rc;
    snprintf(what, sizeof what, "key '%s' in the workload", key);
    rc = aivm_yget_uint(out, v, 100000000u, what, err);
    if (rc == 0 && *out == 0)
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: must be at least 1", what);
    return rc;
}

static int load_one(aivm_sizing_input *in, unsigned which, const aivm_ynode *v, aivm_error *err)
{
    const char *key = aivm_sizing__file_keys[which];
    char what[64];
    const char *s = NULL;
    int rc = 0;
    snprintf(what, sizeof what, "key '%s' in the workload", key);
    switch (which) {
    case AIVM_SZ_LAYERS:
        return load_count(&in->layers, v, key, err);
    case AIVM_SZ_HIDDEN:
        return load_count(&in->hidden, v, key, err);
    case AIVM_SZ_HEADS:
        return load_count(&in->heads, v, key, err);
    case AIVM_SZ_KV_HEADS:
        return load_count(&in->kv_heads, v, key, err);
    case AIVM_SZ_CONTEXT:
        return load_count(&in->context, v, key, err);
    case AIVM_SZ_BATCH:
        return load_count(&in->batch, v, key, err);
    case AIVM_SZ_CONCURRENCY:
        return load_count(&in->concurrency, v, key, err);
    case AIVM_SZ_MAX_NODES:
        return load_count(&in->max_nodes, v, key, err);
    case AIVM_SZ_GPUS:
        return load_count(&in->gpus, v, key, err);
    case AIVM_SZ_ACT_CKPT:
        return aivm_yget_bool(&in->act_ckpt, v, what, err);
    default:
        break;
    }
    rc = aivm_yget_str(&s, v, what, err);
    if (rc < 0)
        return rc;
    switch (which) {
    case AIVM_SZ_PARAMS:
        return at(aivm_params_parse(&in->params, s, err), v, err);
    case AIVM_SZ_ACTIVE_PARAMS:
        return at(aivm_params_parse(&in->active_params, s, err), v, err);
    case AIVM_SZ_MODEL:
        in->model = s;
        return 0;
    case AIVM_SZ_PRECISION:
        return at(aivm_precision_parse(&in->precision, s, err), v, err);
    case AIVM_SZ_KV_PRECISION:
        return at(aivm_precision_parse(&in->kv_precision, s, err), v, err);
    case AIVM_SZ_FINETUNE:
        return at(aivm_finetune_parse(&in->finetune, s, err), v, err);
    case AIVM_SZ_OPTIMIZER:
        return at(aivm_optimizer_parse(&in->optimizer, s, err), v, err);
    case AIVM_SZ_SHARDING:
        return at(aivm_sharding_parse(&in->sharding, s, err), v, err);
    default:
        return 0;
    }
}

int aivm_sizing__load_keys(aivm_sizing_input *in, const aivm_ynode *root, aivm_error *err)
{
    for (unsigned i = 0; i < AIVM_SZ_COUNT; i++) {
        const aivm_ynode *v = aivm_ymap_get(root, aivm_sizing__file_keys[i]);
        int rc;
        if (!v)
            continue;
        rc = load_one(in, i, v, err);
        if (rc < 0)
            return rc;
        in->set |= 1u << i;
        in->from_file |= 1u << i;
    }
    return 0;
}

/* Copy input `i` of `from` into `to`. */
static void copy_one(aivm_sizing_input *to, const aivm_sizing_input *from, unsigned i)
{
    switch (i) {
    case AIVM_SZ_PARAMS:
        to->params = from->params;
        break;
    case AIVM_SZ_MODEL:
        to->model = from->model;
        break;
    case AIVM_SZ_LAYERS:
        to->layers = from->layers;
        break;
    case AIVM_SZ_HIDDEN:
        to->hidden = from->hidden;
        break;
    case AIVM_SZ_HEADS:
        to->heads = from->heads;
        break;
    case AIVM_SZ_KV_HEADS:
        to->kv_heads = from->kv_heads;
        break;
    case AIVM_SZ_PRECISION:
        to->precision = from->precision;
        break;
    case AIVM_SZ_KV_PRECISION:
        to->kv_precision = from->kv_precision;
        break;
    case AIVM_SZ_CONTEXT:
        to->context = from->context;
        break;
    case AIVM_SZ_BATCH:
        to->batch = from->batch;
        break;
    case AIVM_SZ_CONCURRENCY:
        to->concurrency = from->concurrency;
        break;
    case AIVM_SZ_FINETUNE:
        to->finetune = from->finetune;
        break;
    case AIVM_SZ_OPTIMIZER:
        to->optimizer = from->optimizer;
        break;
    case AIVM_SZ_SHARDING:
        to->sharding = from->sharding;
        break;
    case AIVM_SZ_ACT_CKPT:
        to->act_ckpt = from->act_ckpt;
        break;
    case AIVM_SZ_MAX_NODES:
        to->max_nodes = from->max_nodes;
        break;
    case AIVM_SZ_GPUS:
        to->gpus = from->gpus;
        break;
    case AIVM_SZ_ACTIVE_PARAMS:
        to->active_params = from->active_params;
        break;
    default:
        break;
    }
}

void aivm_sizing_input_merge(aivm_sizing_input *wl, const aivm_sizing_input *f)
{
    for (unsigned i = 0; i < AIVM_SZ_COUNT; i++)
        if (f->set & (1u << i))
            copy_one(wl, f, i);
    wl->set |= f->set;
    wl->from_file &= ~f->set;
}
