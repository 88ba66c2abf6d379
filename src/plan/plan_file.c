/*
 * plan_file.c - reads the aivm plan file (YAML or JSON), for teams without
 * Terraform: a list of workloads with their planned size, count, priority,
 * region and workload keys (docs/check.md). Loading is strict: unknown
 * keys and wrong types are errors with file:line:col. The workload keys
 * become aivm-* tags, so they are checked exactly like tags on resources.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/inputs.h"
#include "plan_int.h"

/* The keys of a workload besides its workload inputs: those are every input
 * that is a tag (aivm/inputs.h), by its workload-file key, and become that
 * aivm-* tag, so they are checked exactly like tags on resources. */
static const char *const own_keys[] = {"name",     "size", "count", "region",
                                       "priority", "tags", "waive"};
#define N_OWN (sizeof own_keys / sizeof own_keys[0])

/* The tag of workload key `key`: "aivm-waive", or "aivm-" + the input's flag. */
static const char *tag_of(aivm_plan *plan, const char *key)
{
    const aivm_input *f = aivm_input_by_key(key);
    return aivm_plan__fmt(plan, "aivm-%s", f ? f->flag : key);
}

static int read_workload(aivm_plan *plan, const aivm_ynode *e, size_t idx, const char *file,
                         aivm_error *err)
{
    static const char *const prios[] = {"regular", "spot", NULL};
    aivm_plan_resource *r;
    const aivm_ynode *v;
    char what[200];
    const char *keys[N_OWN + AIVM_IN_COUNT + 1];
    size_t n_keys = N_OWN;
    const char *name = NULL;
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "workload", err), x = 0;
    if (rc < 0)
        return rc;
    snprintf(what, sizeof what, "workloads[%zu]", idx);
    memcpy(keys, own_keys, sizeof own_keys);
    for (size_t i = 0; i < aivm_inputs_count(); i++)
        if (aivm_input_at(i)->where & AIVM_IW_TAG)
            keys[n_keys++] = aivm_input_at(i)->key;
    keys[n_keys] = NULL;
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
    for (size_t i = N_OWN - 1; rc == 0 && i < n_keys; i++) { /* waive, then the inputs */
        const char *val = NULL;
        if ((v = aivm_ymap_get(e, keys[i])) == NULL)
            continue;
        rc = aivm_yget_str(&val, v, what, err);
        if (rc == 0)
            aivm_plan__add_tag(plan, r, tag_of(plan, keys[i]), val, v->loc);
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
