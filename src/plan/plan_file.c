/*
 * plan_file.c - reads the aivm plan file (YAML or JSON), for teams without
 * Terraform: a list of workloads with their planned size, count, priority,
 * region and workload keys (docs/check.md). Loading is strict: unknown
 * keys and wrong types are errors with file:line:col. The workload keys
 * become aivm-* tags, so they are checked exactly like tags on resources.
 */
#include <stdio.h>
#include <string.h>

#include "plan_int.h"

static const char *const keys[] = {"name",
                                   "size",
                                   "count",
                                   "region",
                                   "priority",
                                   "os",
                                   "phase",
                                   "kind",
                                   "model_size",
                                   "params",
                                   "active_params",
                                   "precision",
                                   "checkpointing",
                                   "tags",
                                   "waive",
                                   "model",
                                   "finetune",
                                   "context",
                                   "concurrency",
                                   "activation_checkpointing",
                                   "tokens",
                                   "tokens_per_second",
                                   "max_ttft_ms",
                                   "max_tpot_ms",
                                   NULL};

/* Plan-file key -> tag name ("model_size" -> "aivm-model-size"). */
static const struct {
    const char *key, *tag;
} as_tags[] = {
    {"phase", "aivm-phase"},
    {"kind", "aivm-kind"},
    {"model_size", "aivm-model-size"},
    {"os", "aivm-os"},
    {"params", "aivm-params"},
    {"active_params", "aivm-active-params"},
    {"precision", "aivm-precision"},
    {"model", "aivm-model"},
    {"finetune", "aivm-finetune"},
    {"context", "aivm-context"},
    {"concurrency", "aivm-concurrency"},
    {"checkpointing", "aivm-checkpointing"},
    {"activation_checkpointing", "aivm-activation-checkpointing"},
    {"tokens", "aivm-tokens"},
    {"tokens_per_second", "aivm-tokens-per-second"},
    {"max_ttft_ms", "aivm-max-ttft-ms"},
    {"max_tpot_ms", "aivm-max-tpot-ms"},
    {"waive", "aivm-waive"},
};

static int read_workload(aivm_plan *plan, const aivm_ynode *e, size_t idx, const char *file,
                         aivm_error *err)
{
    static const char *const prios[] = {"regular", "spot", NULL};
    aivm_plan_resource *r;
    const aivm_ynode *v;
    char what[200];
    const char *name = NULL;
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "workload", err), x = 0;
    if (rc < 0)
        return rc;
    snprintf(what, sizeof what, "workloads[%zu]", idx);
    rc = aivm_ycheck_keys(e, keys, what, err);
    if (rc == 0)
        rc = aivm_yrequire(&v, e, "name", what, err);
    if (rc == 0)
        rc = aivm_yget_str(&name, v, what, err);
    if (rc < 0)
        return rc;
    snprintf(what, sizeof what, "workload '%s'", name);
    r = aivm_plan__add(plan, file, AIVM_PLAN_FILE);
    r->type = "workload";
    r->address = name;
    r->loc = e->loc;
    r->pointer = aivm_plan__ptr_idx(plan, "/workloads", idx);
    r->size_loc = e->loc;
    if ((v = aivm_ymap_get(e, "size")) != NULL) {
        rc = aivm_yget_str(&r->size, v, what, err);
        r->size_loc = v->loc;
        r->pointer = aivm_plan__fmt(plan, "%s/size", r->pointer);
    } else {
        r->size_expr = "(not set)";
    }
    if (rc == 0 && (v = aivm_ymap_get(e, "count")) != NULL) {
        rc = aivm_yget_uint(&r->count, v, 100000, what, err);
        if (rc == 0 && r->count == 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: count must be at least 1", what);
    }
    if (rc == 0 && (v = aivm_ymap_get(e, "region")) != NULL)
        rc = aivm_yget_str(&r->region, v, what, err);
    if (rc == 0 && (v = aivm_ymap_get(e, "priority")) != NULL &&
        (rc = aivm_yget_enum(&x, v, prios, what, err)) == 0)
        r->priority = (aivm_priority)x;
    if (rc == 0 && (v = aivm_ymap_get(e, "tags")) != NULL &&
        (rc = aivm_yexpect(v, AIVM_Y_MAP, what, err)) == 0)
        aivm_plan__add_tags(plan, r, v);
    for (size_t i = 0; rc == 0 && i < sizeof as_tags / sizeof as_tags[0]; i++) {
        const char *val = NULL;
        if ((v = aivm_ymap_get(e, as_tags[i].key)) == NULL)
            continue;
        rc = aivm_yget_str(&val, v, what, err);
        if (rc == 0)
            aivm_plan__add_tag(plan, r, as_tags[i].tag, val, v->loc);
    }
    return rc;
}

int aivm_plan__read_file(aivm_plan *plan, const aivm_ynode *root, const char *file, aivm_error *err)
{
    static const char *const top[] = {"version", "workloads", NULL};
    const aivm_ynode *seq, *v;
    int rc = aivm_ycheck_keys(root, top, "the plan file's top level", err);
    if (rc == 0 && (v = aivm_ymap_get(root, "version")) != NULL) {
        const char *ver = NULL;
        rc = aivm_yget_str(&ver, v, "key 'version'", err);
        if (rc == 0 && strcmp(ver, "1") != 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                "unsupported plan file version '%s' (expected 1)", ver);
    }
    if (rc == 0)
        rc = aivm_yrequire(&seq, root, "workloads", "the plan file's top level", err);
    if (rc == 0)
        rc = aivm_yexpect(seq, AIVM_Y_SEQ, "key 'workloads'", err);
    for (size_t i = 0; rc == 0 && i < seq->n; i++)
        rc = read_workload(plan, seq->kids[i], i, file, err);
    return rc;
}
