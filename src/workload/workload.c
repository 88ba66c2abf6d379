/*
 * workload.c - the workload descriptor: parsing of its enum spellings,
 * defaults, and loading from a YAML/JSON workload file (the same keys as
 * the command-line flags, with positions on every error).
 */
#include "aivm/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "sizing_int.h"
#include "util/arena.h"
#include "util/yamlutil.h"

struct aivm_workload_doc {
    aivm_arena arena;
};

static const char *const phase_names[] = {"", "train", "inference", NULL};
static const char *const kind_names[] = {"", "generative", "non-generative", NULL};
static const char *const msize_names[] = {"", "small", "complex", NULL};
static const char *const os_names[] = {"", "linux", "windows", NULL};
static const char *const sched_names[] = {"", "slurm", "gridengine", "pbs", "none", NULL};

AIVM_ENUM_PARSER(aivm_phase_parse, aivm_phase, phase_names, "phase")

AIVM_ENUM_PARSER(aivm_kind_parse, aivm_kind, kind_names, "kind")

AIVM_ENUM_PARSER(aivm_model_size_parse, aivm_model_size, msize_names, "model size")

AIVM_ENUM_PARSER(aivm_os_parse, aivm_os, os_names, "os")

AIVM_ENUM_PARSER(aivm_scheduler_parse, aivm_scheduler, sched_names, "scheduler")

const char *aivm_scheduler_name(aivm_scheduler s)
{
    return sched_names[s];
}

const char *aivm_phase_name(aivm_phase p)
{
    return phase_names[p];
}

const char *aivm_kind_name(aivm_kind k)
{
    return kind_names[k];
}

const char *aivm_model_size_name(aivm_model_size m)
{
    return msize_names[m];
}

const char *aivm_os_name(aivm_os o)
{
    return os_names[o];
}

int aivm_workload_finish(aivm_workload *wl, aivm_error *err)
{
    if (wl->phase == AIVM_PHASE_UNSET)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the workload has no phase (use --phase train|inference)");
    if (wl->kind == AIVM_KIND_UNSET)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the workload has no kind (use --kind generative|non-generative)");
    if (wl->model_size == AIVM_MSIZE_UNSET)
        wl->model_size = AIVM_MSIZE_COMPLEX;
    if (!wl->region)
        wl->region = AIVM_DEFAULT_REGION;
    if (wl->os == AIVM_OS_UNSET)
        wl->os = AIVM_OS_LINUX;
    if (wl->nodes == 0)
        wl->nodes = 1;
    if (wl->scheduler == AIVM_SCHED_UNSET)
        wl->scheduler = AIVM_SCHED_NONE;
    return 0;
}

static int load_enum_key(int *out, const aivm_ynode *v, const char *key, const char *const *names,
                         aivm_error *err)
{
    char what[64];
    int idx = 0;
    int rc;
    snprintf(what, sizeof what, "key '%s' in the workload", key);
    rc = aivm_yget_enum(&idx, v, names + 1, what, err);
    if (rc == 0)
        *out = idx + 1;
    return rc;
}

/* The keys of docs/advice.md: nodes, scheduler and the four switches. */
static int load_extras(aivm_workload *wl, const aivm_ynode *root, aivm_error *err)
{
    static const char *const switch_keys[] = {"managed", "containers", "spot", "checkpointing"};
    static const unsigned switch_bits[] = {AIVM_WL_MANAGED, AIVM_WL_CONTAINERS, AIVM_WL_SPOT,
                                           AIVM_WL_CHECKPOINTING};
    bool *switches[] = {&wl->managed, &wl->containers, &wl->spot, &wl->checkpointing};
    const aivm_ynode *v;
    char what[64];
    int x = 0;
    int rc = 0;
    if ((v = aivm_ymap_get(root, "nodes")) != NULL) {
        rc = aivm_yget_uint(&wl->nodes, v, AIVM_MAX_NODES, "key 'nodes' in the workload", err);
        if (rc == 0 && wl->nodes == 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                "key 'nodes' in the workload: must be at least 1");
        if (rc < 0)
            return rc;
        wl->set |= AIVM_WL_NODES;
    }
    if ((v = aivm_ymap_get(root, "scheduler")) != NULL) {
        rc = load_enum_key(&x, v, "scheduler", sched_names, err);
        if (rc < 0)
            return rc;
        wl->scheduler = (aivm_scheduler)x;
        wl->set |= AIVM_WL_SCHEDULER;
    }
    for (size_t i = 0; i < sizeof switch_keys / sizeof switch_keys[0]; i++) {
        if ((v = aivm_ymap_get(root, switch_keys[i])) == NULL)
            continue;
        snprintf(what, sizeof what, "key '%s' in the workload", switch_keys[i]);
        rc = aivm_yget_bool(switches[i], v, what, err);
        if (rc < 0)
            return rc;
        wl->set |= switch_bits[i];
    }
    return 0;
}

static int load_root(aivm_workload *wl, const aivm_ynode *root, const char *name, aivm_error *err)
{
    static const char *const keys[] = {
        "phase", "kind", "model_size", "region", "os", "include_retired", "nodes", "scheduler",
        "managed", "containers", "spot", "checkpointing",
        /* sizing keys (sizing_input.c, docs/sizing.md) */
        "params", "model", "layers", "hidden", "heads", "kv_heads", "precision", "kv_precision",
        "context", "batch", "concurrency", "finetune", "optimizer", "sharding",
        "activation_checkpointing", "max_nodes", "gpus",
        /* work keys (work_input.c, docs/throughput.md) */
        "tokens", "epochs", "dataset_tokens", "mfu", "tokens_per_second", "prompt_tokens",
        "output_tokens", "max_days", NULL};
    aivm_loc start = {name, 1, 1};
    const aivm_ynode *v;
    int x = 0;
    int rc;
    if (!root)
        return aivm_error_set(err, AIVM_EINVALID, &start, "empty workload file");
    rc = aivm_yexpect(root, AIVM_Y_MAP, "workload", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, keys, "the workload", err);
    if (rc == 0 && (v = aivm_ymap_get(root, "phase")) != NULL &&
        (rc = load_enum_key(&x, v, "phase", phase_names, err)) == 0) {
        wl->phase = (aivm_phase)x;
        wl->phase_loc = v->loc;
        wl->set |= AIVM_WL_PHASE;
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "kind")) != NULL &&
        (rc = load_enum_key(&x, v, "kind", kind_names, err)) == 0) {
        wl->kind = (aivm_kind)x;
        wl->kind_loc = v->loc;
        wl->set |= AIVM_WL_KIND;
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "model_size")) != NULL &&
        (rc = load_enum_key(&x, v, "model_size", msize_names, err)) == 0) {
        wl->model_size = (aivm_model_size)x;
        wl->set |= AIVM_WL_MODEL_SIZE;
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "os")) != NULL &&
        (rc = load_enum_key(&x, v, "os", os_names, err)) == 0) {
        wl->os = (aivm_os)x;
        wl->set |= AIVM_WL_OS;
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "region")) != NULL &&
        (rc = aivm_yget_str(&wl->region, v, "key 'region' in the workload", err)) == 0) {
        wl->region_loc = v->loc;
        wl->set |= AIVM_WL_REGION;
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "include_retired")) != NULL &&
        (rc = aivm_yget_bool(&wl->include_retired, v, "key 'include_retired' in the workload",
                             err)) == 0)
        wl->set |= AIVM_WL_INCLUDE_RETIRED;
    if (rc == 0)
        rc = load_extras(wl, root, err);
    if (rc == 0)
        rc = aivm_sizing__load_keys(&wl->sizing_in, root, err);
    if (rc == 0)
        rc = aivm_work__load_keys(&wl->work, root, err);
    return rc;
}

int aivm_workload_load_mem(aivm_workload_doc **out, aivm_workload *wl, const char *buf, size_t len,
                           const char *name, aivm_error *err)
{
    aivm_workload_doc *doc = aivm_xcalloc(1, sizeof *doc);
    aivm_workload tmp = *wl;
    aivm_ynode *root = NULL;
    int rc;
    *out = NULL;
    rc = aivm_yaml_parse(&root, &doc->arena, buf, len, name, err);
    if (rc == 0)
        rc = load_root(&tmp, root, name, err);
    if (rc < 0) {
        aivm_workload_doc_free(doc);
        return rc;
    }
    *wl = tmp;
    *out = doc;
    return 0;
}

int aivm_workload_load_file(aivm_workload_doc **out, aivm_workload *wl, const char *path,
                            aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc;
    *out = NULL;
    rc = aivm_buf_read_file(&b, path, (size_t)1 << 20, err);
    if (rc == 0)
        rc = aivm_workload_load_mem(out, wl, b.ptr, b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}

void aivm_workload_doc_free(aivm_workload_doc *doc)
{
    if (!doc)
        return;
    aivm_arena_dispose(&doc->arena);
    free(doc);
}
