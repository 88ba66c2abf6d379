/*
 * sizing_opts.c - the model presets of the CLI and resolving the sizing
 * after the data is loaded. Kept apart from cmd_recommend.c so that file
 * only wires it in.
 */
#include "sizing_opts.h"
#include "sources.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/inputs.h"
#include "aivm/util.h"
#include "msg.h"

/* Inputs of the other phase are accepted (one workload file may serve
 * both) but say so, since they change nothing. */
static void warn_ignored(const aivm_workload *wl)
{
    static const unsigned train_only[] = {AIVM_SZ_BATCH, AIVM_SZ_FINETUNE, AIVM_SZ_OPTIMIZER,
                                          AIVM_SZ_SHARDING, AIVM_SZ_ACT_CKPT};
    static const unsigned infer_only[] = {AIVM_SZ_CONCURRENCY, AIVM_SZ_KV_PRECISION};
    const aivm_sizing_input *in = &wl->sizing_in;
    bool train = wl->phase == AIVM_PHASE_TRAIN;
    const unsigned *list = train ? infer_only : train_only;
    size_t n =
        train ? sizeof infer_only / sizeof *infer_only : sizeof train_only / sizeof *train_only;
    for (size_t i = 0; i < n; i++)
        if (in->set & (1u << list[i]))
            cli_warnf("%s applies to %s only: ignored",
                      aivm_input_at(AIVM_IN_SIZING + list[i])->flag,
                      train ? "inference" : "training");
}

const aivm_models *cli_models(void)
{
    cli_sources_note("models", "built-in", NULL, "data/models.yaml, compiled in");
    return aivm_models_builtin();
}

int cli_sizing_prepare(const aivm_models **models, aivm_workload *wl, const char *workload_file)
{
    aivm_error err = AIVM_ERROR_INIT;
    *models = wl->sizing_in.set ? cli_models() : NULL;
    if (aivm_workload_settle(wl, *models, &err) == 0)
        return 0;
    if (aivm_workload_origin(wl, AIVM_IN_SIZING + AIVM_SZ_MODEL) == AIVM_ORIGIN_FILE &&
        workload_file) {
        cli_errorf("%s: %s", workload_file, err.msg);
        return CLI_EXIT_INPUT;
    }
    return cli_usagef("%s", err.msg);
}

int cli_sizing_resolve(aivm_sizing *sz, const aivm_models *models, aivm_workload *wl,
                       const aivm_rules *rules, const char *workload_file)
{
    aivm_error err = AIVM_ERROR_INIT;
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
    warn_ignored(wl);
    aivm_rules_settle_size_class(rules, wl);
    return 0;
}
