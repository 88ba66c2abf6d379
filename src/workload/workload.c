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
#include "aivm/inputs.h"
#include "aivm/util.h"
#include "sizing_int.h"
#include "util/arena.h"
#include "util/yamlutil.h"

struct aivm_workload_doc {
    aivm_arena arena;
};

const char *const aivm_workload__phase_names[] = {"", "train", "inference", NULL};
const char *const aivm_workload__kind_names[] = {"", "generative", "non-generative", NULL};
const char *const aivm_workload__msize_names[] = {"", "small", "complex", NULL};
const char *const aivm_workload__os_names[] = {"", "linux", "windows", NULL};
const char *const aivm_workload__sched_names[] = {"", "slurm", "gridengine", "pbs", "none", NULL};

AIVM_ENUM_PARSER(aivm_phase_parse, aivm_phase, aivm_workload__phase_names, "phase")

AIVM_ENUM_PARSER(aivm_kind_parse, aivm_kind, aivm_workload__kind_names, "kind")

AIVM_ENUM_PARSER(aivm_model_size_parse, aivm_model_size, aivm_workload__msize_names, "model size")

AIVM_ENUM_PARSER(aivm_os_parse, aivm_os, aivm_workload__os_names, "os")

AIVM_ENUM_PARSER(aivm_scheduler_parse, aivm_scheduler, aivm_workload__sched_names, "scheduler")

const char *aivm_scheduler_name(aivm_scheduler s)
{
    return aivm_workload__sched_names[s];
}

const char *aivm_phase_name(aivm_phase p)
{
    return aivm_workload__phase_names[p];
}

const char *aivm_kind_name(aivm_kind k)
{
    return aivm_workload__kind_names[k];
}

const char *aivm_model_size_name(aivm_model_size m)
{
    return aivm_workload__msize_names[m];
}

const char *aivm_os_name(aivm_os o)
{
    return aivm_workload__os_names[o];
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

/* The keys of docs/advice.md, docs/sizing.md and docs/throughput.md: every
 * input of the descriptor table (aivm/inputs.h) by its key, plus region. */
static int load_root(aivm_workload *wl, const aivm_ynode *root, const char *name, aivm_error *err)
{
    const char *keys[AIVM_IN_COUNT + 2];
    aivm_loc start = {name, 1, 1};
    const aivm_ynode *v;
    int rc;
    for (size_t i = 0; i < aivm_inputs_count(); i++)
        keys[i] = aivm_input_at(i)->key;
    keys[AIVM_IN_COUNT] = "region";
    keys[AIVM_IN_COUNT + 1] = NULL;
    if (!root)
        return aivm_error_set(err, AIVM_EINVALID, &start, "empty workload file");
    rc = aivm_yexpect_root(root, AIVM_Y_MAP, "workload", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, keys, "the workload", err);
    for (size_t i = 0; rc == 0 && i < aivm_inputs_count(); i++) {
        const aivm_input *f = aivm_input_at(i);
        const char *text = NULL;
        char where[64];
        if ((v = aivm_ymap_get(root, f->key)) == NULL)
            continue;
        snprintf(where, sizeof where, "key '%s' in the workload", f->key);
        rc = aivm_yget_str(&text, v, where, err);
        if (rc == 0)
            rc = aivm_input_set(wl, f, text, AIVM_ORIGIN_FILE, where, &v->loc, err);
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "region")) != NULL &&
        (rc = aivm_yget_str(&wl->region, v, "key 'region' in the workload", err)) == 0) {
        wl->region_loc = v->loc;
        wl->region_origin = AIVM_ORIGIN_FILE;
        wl->set |= AIVM_WL_REGION;
    }
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
