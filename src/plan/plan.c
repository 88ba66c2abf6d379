/*
 * plan.c - the plan object: reading an input (format detection, then the
 * Terraform, ARM or plan-file reader), the aivm-* workload tags every
 * reader's resources carry, and grouping of instances (count/for_each)
 * into node totals. The readers build resources with plan_build.c. JSON is parsed by yamlutil
 * (libyaml reads JSON and, unlike cJSON, gives every value a line and column).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/inputs.h"
#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "aivm/util.h"
#include "plan_int.h"

static const char *const format_names[] = {"auto", "terraform", "arm", "plan", NULL};

void aivm_plan_new(aivm_plan **out)
{
    *out = aivm_xcalloc(1, sizeof **out);
}

void aivm_plan_free(aivm_plan *plan)
{
    if (!plan)
        return;
    aivm_arena_dispose(&plan->arena);
    free(plan->items);
    free(plan);
}

void aivm_plan__truncate(aivm_plan *plan, size_t n)
{
    if (n < plan->n)
        plan->n = n;
}

const aivm_tag *aivm_plan_resource_tag(const aivm_plan_resource *r, const char *key)
{
    for (size_t i = 0; i < r->n_tags; i++)
        if (aivm_streq_nocase(r->tags[i].key, key))
            return &r->tags[i];
    return NULL;
}

/* An aivm-* tag that is not an input: did-you-mean among every tag. */
static int unknown_tag(const aivm_plan_resource *r, const aivm_tag *t, aivm_error *err)
{
    char names[AIVM_IN_COUNT + 1][48];
    const char *list[AIVM_IN_COUNT + 1];
    size_t n = 0;
    const char *g;
    for (size_t i = 0; i < aivm_inputs_count(); i++)
        if (aivm_input_at(i)->where & AIVM_IW_TAG) {
            snprintf(names[n], sizeof names[n], "aivm-%s", aivm_input_at(i)->flag);
            list[n] = names[n];
            n++;
        }
    list[n++] = "aivm-waive";
    g = aivm_did_you_mean(t->key, list, n);
    if (g)
        return aivm_error_set(err, AIVM_EINVALID, &t->loc,
                              "unknown tag '%s' on %s (did you mean %s?)", t->key, r->address, g);
    return aivm_error_set(err, AIVM_EINVALID, &t->loc,
                          "unknown tag '%s' on %s (not an aivm-* tag of docs/check.md)", t->key,
                          r->address);
}

/* A workload tag (aivm/inputs.h: every input marked AIVM_IW_TAG) sets the
 * resource's workload as the same flag would; aivm-waive names waivers. */
static int apply_tag(aivm_plan_resource *r, const aivm_tag *t, aivm_error *err)
{
    const aivm_input *f = aivm_input_by_tag(t->key);
    char where[160];
    int rc;
    if (!f) {
        if (!aivm_streq_nocase(t->key, "aivm-waive"))
            return unknown_tag(r, t, err);
        r->waive = t->value;
        r->waive_loc = t->loc;
        return 0;
    }
    snprintf(where, sizeof where, "tag '%s' of %s", t->key, r->address);
    rc = aivm_input_set(&r->wl, f, t->value, AIVM_ORIGIN_TAG, where, &t->loc, err);
    if (rc < 0)
        return rc;
    if (f->id == AIVM_IN_SIZING + AIVM_SZ_PARAMS)
        r->params = t->value;
    else if (f->id == AIVM_IN_SIZING + AIVM_SZ_PRECISION)
        r->precision = t->value;
    else if (f->id == AIVM_IN_CHECKPOINTING)
        r->checkpointing = r->wl.checkpointing;
    else if (f->id == AIVM_IN_SIZING + AIVM_SZ_MODEL) {
        r->model = t->value; /* checked against the presets by check */
        r->model_loc = t->loc;
    }
    return 0;
}

void aivm_plan__apply_tags(aivm_plan *plan, aivm_plan_resource *r)
{
    for (size_t i = 0; i < r->n_tags; i++) {
        const aivm_tag *t = &r->tags[i];
        aivm_error e = AIVM_ERROR_INIT;
        aivm_tag_issue *all;
        if (strlen(t->key) < 5 || strncmp(t->key, "aivm-", 5) != 0 || apply_tag(r, t, &e) == 0)
            continue;
        all = aivm_arena_alloc(&plan->arena, (r->n_tag_issues + 1) * sizeof *all);
        if (r->n_tag_issues)
            memcpy(all, r->tag_issues, r->n_tag_issues * sizeof *all);
        all[r->n_tag_issues].message = aivm_arena_strdup(&plan->arena, e.msg);
        all[r->n_tag_issues].loc = t->loc;
        r->tag_issues = all;
        r->n_tag_issues++;
    }
}

static aivm_plan_format detect(const aivm_ynode *root)
{
    const aivm_ynode *schema = aivm_ymap_get(root, "$schema");
    if (aivm_ymap_get(root, "format_version") || aivm_ymap_get(root, "resource_changes") ||
        aivm_ymap_get(root, "planned_values"))
        return AIVM_PLAN_TERRAFORM;
    if ((aivm_plan__str(schema) && strstr(schema->str, "eploymentTemplate")) ||
        (aivm_ymap_get(root, "resources") && aivm_ymap_get(root, "contentVersion")))
        return AIVM_PLAN_ARM;
    if (aivm_ymap_get(root, "workloads"))
        return AIVM_PLAN_FILE;
    return AIVM_PLAN_AUTO;
}

static int group_cmp(const void *a, const void *b)
{
    const aivm_plan_resource *const *x = a, *const *y = b;
    int c = strcmp((*x)->group, (*y)->group);
    if (c)
        return c;
    return *x < *y ? -1 : *x > *y;
}

/* Instances of one resource (count/for_each) form a group: its node total.
 * Sorted, so large plans stay O(n log n). */
static void group_nodes(aivm_plan *plan, size_t from)
{
    size_t n = plan->n - from;
    aivm_plan_resource **v;
    for (size_t i = from; i < plan->n; i++) {
        aivm_plan_resource *r = plan->items[i];
        const char *br = strrchr(r->address, '[');
        size_t len = strlen(r->address);
        if (br && len > 0 && r->address[len - 1] == ']')
            r->group = aivm_arena_strndup(&plan->arena, r->address, (size_t)(br - r->address));
        else
            r->group = r->address;
    }
    if (n == 0)
        return;
    v = aivm_xmalloc(n * sizeof *v);
    memcpy(v, plan->items + from, n * sizeof *v);
    qsort(v, n, sizeof *v, group_cmp);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        unsigned total = 0;
        while (j < n && strcmp(v[j]->group, v[i]->group) == 0)
            total += v[j++]->count;
        for (; i < j; i++)
            v[i]->nodes = total;
    }
    free(v);
}

/* Copy what resource `r` borrows from the parse tree into the plan's arena,
 * so the tree (most of the memory of a large plan) can be freed at once. */
static void own_strings(aivm_plan *plan, aivm_plan_resource *r, const char *file)
{
    aivm_arena *a = &plan->arena;
#define OWN(field) ((field) = (field) ? aivm_arena_strdup(a, (field)) : NULL)
    OWN(r->address);
    OWN(r->type);
    OWN(r->size);
    OWN(r->size_expr);
    OWN(r->count_expr);
    OWN(r->region);
    OWN(r->unread);
    OWN(r->image_publisher);
    OWN(r->image_offer);
    OWN(r->image_sku);
    for (size_t i = 0; i < r->n_tags; i++) {
        OWN(r->tags[i].key);
        OWN(r->tags[i].value);
        r->tags[i].loc.file = file;
    }
#undef OWN
    r->loc.file = file;
    r->size_loc.file = file;
    r->region_loc.file = file;
    if (r->image_sku)
        r->image_loc.file = file;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && aivm_streq_nocase(s + n - k, tail);
}

/* A source file of Terraform or Bicep, named by its extension: check reads
 * what they produce, and says how to produce it (docs/check.md, "Inputs").
 * Returns 0 for any other name. */
static int source_file(const char *name, aivm_error *err)
{
    static const char *const tf[] = {".tf", ".tfvars", ".hcl", ".tf.json", ".tfvars.json"};
    aivm_loc at = {name, 0, 0};
    for (size_t i = 0; i < sizeof tf / sizeof tf[0]; i++)
        if (ends_with(name, tf[i]))
            return aivm_error_set(
                err, AIVM_EINVALID, &at,
                "Terraform source, not a plan: check reads the plan as JSON "
                "(terraform plan -out plan.out && terraform show -json plan.out > plan.json), "
                "an ARM template or an aivm plan file");
    if (ends_with(name, ".bicep") || ends_with(name, ".bicepparam"))
        return aivm_error_set(err, AIVM_EINVALID, &at,
                              "Bicep source: check reads the ARM template it builds "
                              "(az bicep build --file %s --outfile template.json), a Terraform "
                              "plan as JSON or an aivm plan file",
                              ends_with(name, ".bicepparam") ? "main.bicep" : name);
    return 0;
}

/* A hint for Azure CLI snapshots given to check as a plan: the SKU list and the
 * usage list are inputs of --skus and --quota, a plan is not in them. `items` is the
 * top-level list (a bare array, or a REST response's "value"). */
static const char *snapshot_hint(const aivm_ynode *items)
{
    const aivm_ynode *first;
    if (!items || items->type != AIVM_Y_SEQ || items->n == 0)
        return "";
    first = items->kids[0];
    if (first->type != AIVM_Y_MAP)
        return "";
    if (aivm_ymap_get(first, "resourceType") &&
        (aivm_ymap_get(first, "locations") || aivm_ymap_get(first, "locationInfo")))
        return " (an 'az vm list-skus' snapshot: pass it with --skus)";
    if (aivm_ymap_get(first, "currentValue") && aivm_ymap_get(first, "limit"))
        return " (an 'az vm list-usage' snapshot: pass it with --quota)";
    return "";
}

int aivm_plan_read_mem(aivm_plan *plan, aivm_plan_format *fmt_out, const char *buf, size_t len,
                       const char *name, aivm_plan_format fmt, aivm_error *err)
{
    aivm_arena tree = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    size_t before = plan->n;
    const char *file = aivm_arena_strdup(&plan->arena, name);
    aivm_loc start = {file, 1, 1};
    aivm_tf_filter tf = {fmt == AIVM_PLAN_TERRAFORM, false};
    aivm_yfilter filter = {aivm_plan__terraform_verdict, &tf, aivm_plan__terraform_reset};
    bool filtered = fmt == AIVM_PLAN_AUTO || fmt == AIVM_PLAN_TERRAFORM;
    int rc = source_file(name, err);
    if (rc < 0)
        return rc;
    rc = aivm_yaml_parse_filtered(&root, &tree, buf, len, file, filtered ? &filter : NULL, err);
    if (rc == 0 && (!root || root->type != AIVM_Y_MAP)) {
        rc = aivm_error_set(err, AIVM_EINVALID, root ? &root->loc : &start,
                            "not a plan: expected a JSON/YAML object at the top level%s%s",
                            root && root->type == AIVM_Y_SCALAR ? ", found a scalar" : "",
                            snapshot_hint(root));
        if (err && root && root->type == AIVM_Y_SCALAR)
            err->no_excerpt = true; /* a file that is one scalar may be a secret: not quoted */
    }
    if (rc == 0 && fmt == AIVM_PLAN_AUTO)
        fmt = detect(root);
    if (rc == 0) {
        switch (fmt) {
        case AIVM_PLAN_TERRAFORM:
            rc = aivm_plan__read_terraform(plan, root, file, err);
            break;
        case AIVM_PLAN_ARM:
            rc = aivm_plan__read_arm(plan, root, file, err);
            break;
        case AIVM_PLAN_FILE:
            rc = aivm_plan__read_file(plan, root, file, err);
            break;
        default:
            rc = aivm_error_set(err, AIVM_EINVALID, &start,
                                "cannot tell the format: not a Terraform plan JSON "
                                "(format_version), an ARM template ($schema, resources) or an "
                                "aivm plan file (workloads); use --input%s",
                                snapshot_hint(aivm_ymap_get(root, "value")));
        }
    }
    for (size_t i = before; rc == 0 && i < plan->n; i++)
        own_strings(plan, plan->items[i], file);
    for (size_t i = before; rc == 0 && i < plan->n; i++)
        aivm_plan__apply_tags(plan, plan->items[i]);
    aivm_arena_dispose(&tree);
    if (rc < 0) {
        aivm_plan__truncate(plan, before);
        return rc;
    }
    group_nodes(plan, before);
    if (fmt_out)
        *fmt_out = fmt;
    return 0;
}

/* Reads the file, then hands it to aivm_plan_read_mem(). */
int aivm_plan_read_file(aivm_plan *plan, aivm_plan_format *fmt_out, const char *path,
                        aivm_plan_format fmt, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc = aivm_buf_read_file(&b, path, (size_t)64 << 20, err);
    if (rc == 0)
        rc = aivm_plan_read_mem(plan, fmt_out, b.ptr ? b.ptr : "", b.size, path, fmt, err);
    aivm_buf_dispose(&b);
    return rc;
}

size_t aivm_plan_count(const aivm_plan *plan)
{
    return plan->n;
}

const aivm_plan_resource *aivm_plan_at(const aivm_plan *plan, size_t i)
{
    return i < plan->n ? plan->items[i] : NULL;
}

const char *aivm_plan_format_name(aivm_plan_format f)
{
    return format_names[f];
}

int aivm_plan_format_parse(aivm_plan_format *out, const char *s, aivm_error *err)
{
    int v = 0; /* "auto" (0) is the default, never a value */
    int rc = aivm_enum_parse(&v, s, format_names + 1, 3, "input format", err);
    if (rc == 0)
        *out = (aivm_plan_format)(v + 1);
    return rc;
}

const char *aivm_priority_name(aivm_priority p)
{
    return p == AIVM_PRIO_SPOT ? "spot" : "regular";
}
