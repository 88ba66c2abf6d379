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

/* The did-you-mean of a parser's message ("...; did you mean train?)"), as
 * "; did you mean train?", or "". */
static const char *guess_of(const char *msg)
{
    const char *g = strstr(msg, "; did you mean ");
    return g ? g : "";
}

static int tag_error_g(const aivm_plan_resource *r, const aivm_tag *t, const char *expected,
                       const aivm_error *parsed, aivm_error *err)
{
    const char *g = parsed ? guess_of(parsed->msg) : "";
    size_t n = strlen(g);
    if (n && g[n - 1] == ')')
        n--; /* the parser's closing parenthesis: ours follows */
    return aivm_error_set(err, AIVM_EINVALID, &t->loc,
                          "invalid value '%s' for tag '%s' of %s (expected %s%.*s)", t->value,
                          t->key, r->address, expected, (int)n, g);
}

static int tag_error(const aivm_plan_resource *r, const aivm_tag *t, const char *expected,
                     aivm_error *err)
{
    return tag_error_g(r, t, expected, NULL, err);
}

static int apply_enum_tag(aivm_plan_resource *r, const aivm_tag *t, const char *k, aivm_error *err)
{
    aivm_error e2 = AIVM_ERROR_INIT;
    if (aivm_streq_nocase(k, "phase")) {
        if (aivm_phase_parse(&r->wl.phase, t->value, &e2) < 0)
            return tag_error_g(r, t, "train or inference", &e2, err);
        r->wl.set |= AIVM_WL_PHASE;
        r->wl.phase_loc = t->loc;
    } else if (aivm_streq_nocase(k, "kind")) {
        if (aivm_kind_parse(&r->wl.kind, t->value, &e2) < 0)
            return tag_error_g(r, t, "generative or non-generative", &e2, err);
        r->wl.set |= AIVM_WL_KIND;
        r->wl.kind_loc = t->loc;
    } else if (aivm_streq_nocase(k, "model-size")) {
        if (aivm_model_size_parse(&r->wl.model_size, t->value, &e2) < 0)
            return tag_error_g(r, t, "small or complex", &e2, err);
        r->wl.set |= AIVM_WL_MODEL_SIZE;
    } else if (aivm_streq_nocase(k, "os")) {
        if (aivm_os_parse(&r->wl.os, t->value, &e2) < 0)
            return tag_error_g(r, t, "linux or windows", &e2, err);
        r->wl.set |= AIVM_WL_OS;
    } else {
        return 1;
    }
    return 0;
}

/* The model-size tags (docs/sizing.md) fill r->wl.sizing_in like recommend's flags. */
static int apply_sizing_tag(aivm_plan_resource *r, const aivm_tag *t, const char *k,
                            aivm_error *err)
{
    aivm_sizing_input *in = &r->wl.sizing_in;
    aivm_error e2 = AIVM_ERROR_INIT;
    uint64_t n = 0;
    unsigned bit;
    if (aivm_streq_nocase(k, "params")) {
        if (aivm_params_parse(&in->params, t->value, &e2) < 0)
            return tag_error(r, t, "a parameter count such as 7B, 350M or 1.3B", err);
        r->params = t->value;
        bit = AIVM_SZ_PARAMS;
    } else if (aivm_streq_nocase(k, "active-params")) {
        if (aivm_params_parse(&in->active_params, t->value, &e2) < 0)
            return tag_error(r, t, "a parameter count such as 37B or 3.3B", err);
        bit = AIVM_SZ_ACTIVE_PARAMS;
    } else if (aivm_streq_nocase(k, "model")) {
        in->model = t->value; /* checked against the presets by check */
        r->model = t->value;
        r->model_loc = t->loc;
        bit = AIVM_SZ_MODEL;
    } else if (aivm_streq_nocase(k, "precision")) {
        if (aivm_precision_parse(&in->precision, t->value, &e2) < 0)
            return tag_error_g(r, t, "fp32, bf16, fp16, fp8, int8, int4 or fp4", &e2, err);
        r->precision = t->value;
        bit = AIVM_SZ_PRECISION;
    } else if (aivm_streq_nocase(k, "finetune")) {
        if (aivm_finetune_parse(&in->finetune, t->value, &e2) < 0)
            return tag_error_g(r, t, "full, lora or qlora", &e2, err);
        bit = AIVM_SZ_FINETUNE;
    } else if (aivm_streq_nocase(k, "context") || aivm_streq_nocase(k, "concurrency")) {
        if (!aivm_parse_u64(&n, t->value, 10000000) || n == 0)
            return tag_error(r, t, "a whole number >= 1", err);
        bit = aivm_streq_nocase(k, "context") ? AIVM_SZ_CONTEXT : AIVM_SZ_CONCURRENCY;
        if (bit == AIVM_SZ_CONTEXT)
            in->context = (unsigned)n;
        else
            in->concurrency = (unsigned)n;
    } else if (aivm_streq_nocase(k, "activation-checkpointing")) {
        if (strcmp(t->value, "true") && strcmp(t->value, "false"))
            return tag_error(r, t, "true or false", err);
        in->act_ckpt = strcmp(t->value, "true") == 0;
        bit = AIVM_SZ_ACT_CKPT;
    } else {
        return 1;
    }
    in->set |= 1u << bit;
    return 0;
}

/* The work tags (docs/throughput.md) fill r->wl.work like recommend's flags. */
static int apply_work_tag(aivm_plan_resource *r, const aivm_tag *t, const char *k, aivm_error *err)
{
    aivm_work_input *in = &r->wl.work;
    aivm_error e2 = AIVM_ERROR_INIT;
    double v = 0;
    if (aivm_streq_nocase(k, "tokens")) {
        if (aivm_tokens_parse(&in->tokens, t->value, &e2) < 0)
            return tag_error(r, t, "a token count such as 20B, 2T or 300K", err);
        in->set |= 1u << AIVM_WK_TOKENS;
    } else if (aivm_streq_nocase(k, "tokens-per-second")) {
        if (!aivm_parse_double(&v, t->value) || !(v > 0) || v > 1e12)
            return tag_error(r, t, "output tokens per second, a number more than 0", err);
        in->tokens_per_second = v;
        in->set |= 1u << AIVM_WK_TOKENS_PER_SECOND;
    } else if (aivm_streq_nocase(k, "max-ttft-ms") || aivm_streq_nocase(k, "max-tpot-ms")) {
        bool ttft = aivm_streq_nocase(k, "max-ttft-ms");
        if (!aivm_parse_double(&v, t->value) || !(v > 0) || v > 3.6e6)
            return tag_error(r, t, "milliseconds, a number more than 0", err);
        if (ttft)
            in->max_ttft_ms = v;
        else
            in->max_tpot_ms = v;
        in->set |= 1u << (ttft ? AIVM_WK_MAX_TTFT_MS : AIVM_WK_MAX_TPOT_MS);
    } else {
        return 1;
    }
    return 0;
}

static const char *const tag_names[] = {"aivm-phase",         "aivm-kind",
                                        "aivm-model-size",    "aivm-os",
                                        "aivm-params",        "aivm-active-params",
                                        "aivm-model",         "aivm-precision",
                                        "aivm-finetune",      "aivm-context",
                                        "aivm-concurrency",   "aivm-activation-checkpointing",
                                        "aivm-tokens",        "aivm-tokens-per-second",
                                        "aivm-max-ttft-ms",   "aivm-max-tpot-ms",
                                        "aivm-checkpointing", "aivm-waive"};

static int apply_tag(aivm_plan_resource *r, const aivm_tag *t, aivm_error *err)
{
    const char *k = t->key + 5;
    int rc = apply_enum_tag(r, t, k, err);
    if (rc <= 0)
        return rc;
    rc = apply_sizing_tag(r, t, k, err);
    if (rc <= 0)
        return rc;
    rc = apply_work_tag(r, t, k, err);
    if (rc <= 0)
        return rc;
    if (aivm_streq_nocase(k, "checkpointing")) {
        if (strcmp(t->value, "true") && strcmp(t->value, "false"))
            return tag_error(r, t, "true or false", err);
        r->checkpointing = strcmp(t->value, "true") == 0;
        r->wl.checkpointing = r->checkpointing;
        r->wl.set |= AIVM_WL_CHECKPOINTING;
    } else if (aivm_streq_nocase(k, "waive")) {
        r->waive = t->value;
        r->waive_loc = t->loc;
    } else {
        const char *g = aivm_did_you_mean(t->key, tag_names, sizeof tag_names / sizeof *tag_names);
        if (g)
            return aivm_error_set(err, AIVM_EINVALID, &t->loc,
                                  "unknown tag '%s' on %s (did you mean %s?)", t->key, r->address,
                                  g);
        return aivm_error_set(err, AIVM_EINVALID, &t->loc,
                              "unknown tag '%s' on %s (not an aivm-* tag of docs/check.md)", t->key,
                              r->address);
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
    for (size_t i = 0; i < r->n_tags; i++) {
        OWN(r->tags[i].key);
        OWN(r->tags[i].value);
        r->tags[i].loc.file = file;
    }
#undef OWN
    r->loc.file = file;
    r->size_loc.file = file;
    r->region_loc.file = file;
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
    int rc = aivm_yaml_parse_filtered(&root, &tree, buf, len, file, filtered ? &filter : NULL, err);
    if (rc == 0 && (!root || root->type != AIVM_Y_MAP))
        rc = aivm_error_set(err, AIVM_EINVALID, root ? &root->loc : &start,
                            "not a plan: expected a JSON/YAML object at the top level");
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
                                "aivm plan file (workloads); use --input");
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
