/*
 * sizing_opts.c - the model-size flags of recommend: parsing each value
 * with the library's parsers (usage errors name the flag), letting flags
 * override workload-file keys, and resolving the sizing after the data is
 * loaded. Kept apart from cmd_recommend.c so that file only wires it in.
 */
#include "sizing_opts.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "msg.h"

static const char *const flag_names[AIVM_SZ_COUNT] = {
    "params",      "model",     "layers",       "hidden",   "heads",
    "kv-heads",    "precision", "kv-precision", "context",  "batch",
    "concurrency", "finetune",  "optimizer",    "sharding", "activation-checkpointing",
    "max-nodes",   "gpus",      "active-params"};

static int count(unsigned *out, const char *arg, const char *flag)
{
    uint64_t n = 0;
    if (!aivm_parse_u64(&n, arg, 100000000u) || n == 0)
        return cli_usagef("invalid value '%s' for --%s (expected a whole number >= 1)", arg, flag);
    *out = (unsigned)n;
    return 0;
}

static int lib(int rc, const aivm_error *err, const char *flag)
{
    return rc < 0 ? cli_usagef("%s for --%s", err->msg, flag) : 0;
}

int cli_sizing_option(aivm_sizing_input *in, int id, const char *arg)
{
    unsigned which = (unsigned)(id - CLI_O_SIZING);
    const char *flag = flag_names[which];
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    switch (which) {
    case AIVM_SZ_PARAMS:
        rc = lib(aivm_params_parse(&in->params, arg, &err), &err, flag);
        break;
    case AIVM_SZ_MODEL:
        in->model = arg;
        break;
    case AIVM_SZ_LAYERS:
        rc = count(&in->layers, arg, flag);
        break;
    case AIVM_SZ_HIDDEN:
        rc = count(&in->hidden, arg, flag);
        break;
    case AIVM_SZ_HEADS:
        rc = count(&in->heads, arg, flag);
        break;
    case AIVM_SZ_KV_HEADS:
        rc = count(&in->kv_heads, arg, flag);
        break;
    case AIVM_SZ_PRECISION:
        rc = lib(aivm_precision_parse(&in->precision, arg, &err), &err, flag);
        break;
    case AIVM_SZ_KV_PRECISION:
        rc = lib(aivm_precision_parse(&in->kv_precision, arg, &err), &err, flag);
        break;
    case AIVM_SZ_CONTEXT:
        rc = count(&in->context, arg, flag);
        break;
    case AIVM_SZ_BATCH:
        rc = count(&in->batch, arg, flag);
        break;
    case AIVM_SZ_CONCURRENCY:
        rc = count(&in->concurrency, arg, flag);
        break;
    case AIVM_SZ_FINETUNE:
        rc = lib(aivm_finetune_parse(&in->finetune, arg, &err), &err, flag);
        break;
    case AIVM_SZ_OPTIMIZER:
        rc = lib(aivm_optimizer_parse(&in->optimizer, arg, &err), &err, flag);
        break;
    case AIVM_SZ_SHARDING:
        rc = lib(aivm_sharding_parse(&in->sharding, arg, &err), &err, flag);
        break;
    case AIVM_SZ_ACT_CKPT:
        in->act_ckpt = true;
        break;
    case AIVM_SZ_MAX_NODES:
        rc = count(&in->max_nodes, arg, flag);
        break;
    case AIVM_SZ_GPUS:
        rc = count(&in->gpus, arg, flag);
        break;
    case AIVM_SZ_ACTIVE_PARAMS:
        rc = lib(aivm_params_parse(&in->active_params, arg, &err), &err, flag);
        break;
    default:
        return cli_usagef("unhandled option");
    }
    if (rc == 0)
        in->set |= 1u << which;
    return rc;
}

/* Inputs of the other phase are accepted (one workload file may serve
 * both) but say so, since they change nothing. */
static void warn_ignored(const aivm_sizing_input *in, aivm_phase phase)
{
    static const unsigned train_only[] = {AIVM_SZ_BATCH, AIVM_SZ_FINETUNE, AIVM_SZ_OPTIMIZER,
                                          AIVM_SZ_SHARDING, AIVM_SZ_ACT_CKPT};
    static const unsigned infer_only[] = {AIVM_SZ_CONCURRENCY, AIVM_SZ_KV_PRECISION};
    bool train = phase == AIVM_PHASE_TRAIN;
    const unsigned *list = train ? infer_only : train_only;
    size_t n =
        train ? sizeof infer_only / sizeof *infer_only : sizeof train_only / sizeof *train_only;
    for (size_t i = 0; i < n; i++)
        if (in->set & (1u << list[i]))
            cli_warnf("%s applies to %s only: ignored", flag_names[list[i]],
                      train ? "inference" : "training");
}

const aivm_models *cli_models(void)
{
    return aivm_models_builtin();
}

int cli_unknown_model(const aivm_models *models, const char *name)
{
    size_t n = aivm_models_count(models);
    const char **ids = aivm_xcalloc(n ? n : 1, sizeof *ids);
    const char *guess;
    for (size_t i = 0; i < n; i++)
        ids[i] = aivm_models_at(models, i)->id;
    guess = aivm_did_you_mean(name, ids, n);
    free((void *)ids);
    if (guess)
        return cli_usagef("unknown model '%s' (did you mean %s?)", name, guess);
    return cli_usagef("unknown model '%s' ('aivm-advise models list' shows the presets)", name);
}

int cli_sizing_prepare(const aivm_models **models, aivm_workload *wl, char *assumed, size_t cap)
{
    const aivm_model *m;
    *models = NULL;
    if (assumed && cap)
        assumed[0] = '\0';
    if (!wl->sizing_in.set)
        return 0;
    *models = cli_models();
    m = wl->sizing_in.model ? aivm_models_find(*models, wl->sizing_in.model) : NULL;
    if (wl->sizing_in.model && !m)
        return cli_unknown_model(*models, wl->sizing_in.model);
    if (m && wl->kind == AIVM_KIND_UNSET) {
        wl->kind = m->kind; /* the preset knows whether the model is generative */
        wl->set |= AIVM_WL_KIND;
    } else if (!m && wl->kind == AIVM_KIND_UNSET && (wl->sizing_in.set & (1u << AIVM_SZ_PARAMS)) &&
               wl->sizing_in.params >= 1e9) {
        /* A model of a billion parameters or more is a generative transformer in practice. */
        wl->kind = AIVM_KIND_GENERATIVE;
        wl->set |= AIVM_WL_KIND;
        if (assumed)
            snprintf(assumed, cap,
                     "no --kind: a model of %g billion parameters is taken as generative",
                     wl->sizing_in.params / 1e9);
        else
            cli_warnf("no --kind: a model of %g billion parameters is taken as generative",
                      wl->sizing_in.params / 1e9);
    }
    return 0;
}

int cli_sizing_resolve(aivm_sizing *sz, const aivm_models *models, aivm_workload *wl,
                       const aivm_rules *rules, const char *workload_file)
{
    aivm_error err = AIVM_ERROR_INIT;
    double complex_from;
    int rc;
    if (!wl->sizing_in.set)
        return 0;
    rc = aivm_sizing_resolve(sz, wl, models, &err);
    if (rc < 0) {
        if (wl->sizing_in.from_file) {
            cli_errorf("%s: %s", workload_file, err.msg);
            return CLI_EXIT_INPUT;
        }
        return cli_usagef("%s", err.msg);
    }
    wl->sizing = sz;
    warn_ignored(&wl->sizing_in, wl->phase);
    complex_from = aivm_rules_complex_from_params(rules);
    if (!(wl->set & AIVM_WL_MODEL_SIZE) && complex_from > 0)
        wl->model_size = sz->params >= complex_from ? AIVM_MSIZE_COMPLEX : AIVM_MSIZE_SMALL;
    return 0;
}
