/*
 * advise_settle.c - aivm_request_settle(): the step that finishes a parsed
 * request once the catalog, rules and presets are loaded. recommend settles
 * its workload with it, check each resource's: the region's catalog name,
 * the model's sizing, the size class by the rules' threshold. One step, so
 * the two commands judge a workload they both read the same way.
 */
#include <stddef.h>

#include "aivm/advise.h"
#include "aivm/inputs.h"
#include "aivm/rules.h"
#include "aivm/util.h"

/* Inputs of the other phase are accepted (one workload file may serve both)
 * but said, since they change nothing ("input-ignored"). */
static void ignored_inputs(aivm_warnings *notes, const aivm_workload *wl)
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
        if (in->set & (1u << list[i])) {
            aivm_buf b = AIVM_BUF_INIT;
            aivm_buf_printf(&b, "%s applies to %s only: ignored",
                            aivm_input_at(AIVM_IN_SIZING + list[i])->flag,
                            train ? "inference" : "training");
            aivm_warnings_take(notes, "input-ignored", aivm_buf_detach(&b));
        }
}

int aivm_request_settle(aivm_workload *wl, aivm_sizing *sz, const aivm_catalog *cat,
                        const aivm_models *models, const aivm_rules *rules, bool *region_unknown,
                        aivm_warnings *notes, aivm_error *err)
{
    int rc;
    *region_unknown = false;
    if (wl->region && aivm_catalog_region_count(cat)) { /* no list: any name goes */
        const aivm_region *r = aivm_catalog_find_region(cat, wl->region);
        if (r)
            wl->region = r->name; /* "West Europe" -> "westeurope" */
        else
            *region_unknown = true;
    }
    if (!models || !wl->sizing_in.set)
        return 0;
    rc = aivm_sizing_resolve(sz, wl, models, err);
    if (rc < 0) {
        wl->sizing = NULL;
        return rc;
    }
    wl->sizing = sz;
    aivm_rules_settle_size_class(rules, wl);
    if (notes)
        ignored_inputs(notes, wl);
    return 0;
}
