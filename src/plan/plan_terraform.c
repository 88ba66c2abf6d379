/*
 * plan_terraform.c - reads `terraform show -json` output: the planned
 * `change.after` of every managed azurerm VM-like resource in
 * resource_changes (deletes and reads skipped), or, when a plan has no
 * resource_changes, planned_values with its child modules. Each resource
 * keeps the position and JSON pointer of its size value.
 *
 * A plan repeats every attribute of every resource several times (planned
 * values, before/after, unknown and sensitive shapes, configuration), and
 * the reader needs a few of them: aivm_plan__terraform_verdict() is the
 * parse filter that leaves the rest out of the tree (most of the memory).
 */
#include <stdlib.h>
#include <string.h>

#include "plan_int.h"

typedef enum { K_VM, K_VMSS, K_AKS, K_AKS_POOL, K_BATCH, K_AML } tf_kind;

typedef struct {
    const char *type;
    tf_kind kind;
    const char *size_key;
} tf_type;

static const tf_type types[] = {
    {"azurerm_linux_virtual_machine", K_VM, "size"},
    {"azurerm_windows_virtual_machine", K_VM, "size"},
    {"azurerm_virtual_machine", K_VM, "vm_size"},
    {"azurerm_linux_virtual_machine_scale_set", K_VMSS, "sku"},
    {"azurerm_windows_virtual_machine_scale_set", K_VMSS, "sku"},
    {"azurerm_orchestrated_virtual_machine_scale_set", K_VMSS, "sku_name"},
    {"azurerm_kubernetes_cluster", K_AKS, "vm_size"},
    {"azurerm_kubernetes_cluster_node_pool", K_AKS_POOL, "vm_size"},
    {"azurerm_batch_pool", K_BATCH, "vm_size"},
    {"azurerm_machine_learning_compute_cluster", K_AML, "vm_size"},
};

typedef struct {
    aivm_plan *plan;
    const char *file;
    aivm_error *err;
} tf_ctx;

/* Attributes of a resource's values that fill() reads, the size keys of
 * types[] included, sorted for bsearch (the filter asks for every key of
 * every resource). Keep in step with fill(): what is not listed here is not
 * in the tree; test_plan checks that filtering changes no resource. */
static const char *const used_attrs[] = {"default_node_pool",
                                         "fixed_scale",
                                         "instances",
                                         "location",
                                         "max_count",
                                         "metadata",
                                         "min_count",
                                         "node_agent_sku_id",
                                         "node_count",
                                         "os_profile",
                                         "os_profile_linux_config",
                                         "os_profile_windows_config",
                                         "os_type",
                                         "priority",
                                         "scale_settings",
                                         "size",
                                         "sku",
                                         "sku_name",
                                         "storage_image_reference",
                                         "storage_os_disk",
                                         "tags",
                                         "vm_priority",
                                         "vm_size"};

/* Top-level keys of a plan that no reader looks into (kept, emptied). */
static const char *const unused_top[] = {
    "configuration",  "prior_state", "resource_drift", "relevant_attributes",
    "output_changes", "checks",      "variables",      NULL};

static bool listed(const char *const *list, const char *key)
{
    for (; *list; list++)
        if (strcmp(*list, key) == 0)
            return true;
    return false;
}

static int str_cmp(const void *key, const void *elem)
{
    return strcmp(key, *(const char *const *)elem);
}

static bool used_attr(const char *key)
{
    return bsearch(key, used_attrs, sizeof used_attrs / sizeof used_attrs[0], sizeof used_attrs[0],
                   str_cmp) != NULL;
}

static aivm_yverdict keep_if(bool keep)
{
    return keep ? AIVM_YKEEP : AIVM_YDROP;
}

/* Pairs under /resource_changes/N/...: `rest` is the path after it. */
static aivm_yverdict change_verdict(const char *const *rest, size_t n, const char *key)
{
    static const char *const entry[] = {"address", "mode", "type", "change", NULL};
    static const char *const change[] = {"actions", "after", "after_unknown", NULL};
    if (n == 0)
        return keep_if(listed(entry, key));
    if (n == 1 && rest[0] && strcmp(rest[0], "change") == 0)
        return keep_if(listed(change, key));
    if (n == 2 && rest[0] && strcmp(rest[0], "change") == 0 && rest[1] &&
        (strcmp(rest[1], "after") == 0 || strcmp(rest[1], "after_unknown") == 0))
        return keep_if(used_attr(key));
    return AIVM_YKEEP;
}

/* Pairs under /planned_values/root_module (child_modules/N)* ...: `rest`
 * is the path after the module. */
static aivm_yverdict module_verdict(const char *const *rest, size_t n, const char *key)
{
    static const char *const entry[] = {"address", "mode", "type", "values", NULL};
    while (n >= 2 && rest[0] && strcmp(rest[0], "child_modules") == 0 && !rest[1]) {
        rest += 2;
        n -= 2;
    }
    if (n < 2 || !rest[0] || strcmp(rest[0], "resources") != 0 || rest[1])
        return AIVM_YKEEP;
    if (n == 2)
        return keep_if(listed(entry, key));
    if (n == 3 && rest[2] && strcmp(rest[2], "values") == 0)
        return keep_if(used_attr(key));
    return AIVM_YKEEP;
}

void aivm_plan__terraform_reset(void *ctx)
{
    ((aivm_tf_filter *)ctx)->seen = false;
}

aivm_yverdict aivm_plan__terraform_verdict(const char *const *path, size_t depth, const char *key,
                                           void *ctx)
{
    aivm_tf_filter *tf = ctx;
    if (depth == 0) {
        if (strcmp(key, "format_version") == 0 || strcmp(key, "resource_changes") == 0 ||
            strcmp(key, "planned_values") == 0)
            tf->seen = true;
        return (tf->known || tf->seen) && listed(unused_top, key) ? AIVM_YHOLLOW : AIVM_YKEEP;
    }
    if (!path[0])
        return AIVM_YKEEP;
    if (strcmp(path[0], "resource_changes") == 0 && depth >= 2 && !path[1])
        return change_verdict(path + 2, depth - 2, key);
    if (strcmp(path[0], "planned_values") == 0 && depth >= 2 && path[1] &&
        strcmp(path[1], "root_module") == 0)
        return module_verdict(path + 2, depth - 2, key);
    return AIVM_YKEEP;
}

static const tf_type *find_type(const char *t)
{
    for (size_t i = 0; t && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(types[i].type, t) == 0)
            return &types[i];
    return NULL;
}

static bool is_spot(const char *s)
{
    return s && (strcmp(s, "Spot") == 0 || strcmp(s, "Low") == 0 || strcmp(s, "LowPriority") == 0);
}

/* The first element of a nested block list (`default_node_pool = [{...}]`). */
static const aivm_ynode *block(const aivm_ynode *map, const char *key)
{
    const aivm_ynode *v = aivm_ymap_get(map, key);
    if (v && v->type == AIVM_Y_SEQ && v->n > 0 && v->kids[0]->type == AIVM_Y_MAP)
        return v->kids[0];
    return v && v->type == AIVM_Y_MAP ? v : NULL;
}

static bool unknown_key(const aivm_ynode *after_unknown, const char *key)
{
    const aivm_ynode *u = aivm_ymap_get(after_unknown, key);
    return u && u->type == AIVM_Y_SCALAR && strcmp(u->str, "true") == 0;
}

/* Size value of `vals[key]`, its position and pointer. */
static void set_size(tf_ctx *c, aivm_plan_resource *r, const aivm_ynode *vals, const char *key,
                     const char *ptr, const aivm_ynode *unknown)
{
    const aivm_ynode *v = aivm_ymap_get(vals, key);
    const char *s = aivm_plan__str(v);
    r->size_loc = v ? v->loc : r->loc;
    r->pointer = v ? aivm_plan__ptr(c->plan, ptr, key) : ptr;
    if (s && s[0]) {
        r->size = s;
    } else if (unknown_key(unknown, key)) {
        r->size_expr = "(known after apply)";
    } else {
        r->size_expr = s ? "" : "(not set)";
    }
}

/* The first of `keys` that holds a count; an invalid one (-1, 1.5, NaN,
 * 1e400, 10^20) or one unknown until apply (`unknown`, the after_unknown
 * map) makes the count unknown rather than silently `dflt`. */
static unsigned first_uint(aivm_plan_resource *r, const aivm_ynode *m, const char *const *keys,
                           unsigned dflt, const aivm_ynode *unknown)
{
    unsigned v = 0;
    bool late = false;
    for (size_t i = 0; keys[i]; i++) {
        const aivm_ynode *n = aivm_ymap_get(m, keys[i]);
        int k = aivm_plan__count(&v, n);
        if (k > 0)
            return v;
        if (k == 0 && unknown_key(unknown, keys[i]))
            late = true;
        if (k < 0) {
            r->count_expr = n->type == AIVM_Y_SCALAR ? n->str : "(not a number)";
            return dflt;
        }
    }
    if (late)
        r->count_expr = "(known after apply)";
    return dflt;
}

/* The OS as azurerm declares it, most specific first: the OS disk's os_type,
 * the OS profile blocks, then the storage image's publisher/offer. UNSET when none
 * says (the type, aivm-os or the default then decide). */
static aivm_os declared_os(const aivm_ynode *vals)
{
    const aivm_ynode *prof = block(vals, "os_profile"), *img;
    aivm_os os = aivm_plan__os_from_name(aivm_plan__str(aivm_ymap_get(vals, "os_type")));
    if (os == AIVM_OS_UNSET)
        os = aivm_plan__os_from_name(
            aivm_plan__str(aivm_ymap_get(block(vals, "storage_os_disk"), "os_type")));
    if (os != AIVM_OS_UNSET)
        return os;
    if (block(vals, "os_profile_windows_config") || block(prof, "windows_configuration"))
        return AIVM_OS_WINDOWS;
    if (block(vals, "os_profile_linux_config") || block(prof, "linux_configuration"))
        return AIVM_OS_LINUX;
    /* source_image_reference is left out of the tree: the types that carry
     * it name their OS (or hold it in os_profile) */
    img = block(vals, "storage_image_reference");
    os = aivm_plan__os_from_image(aivm_plan__str(aivm_ymap_get(img, "publisher")),
                                  aivm_plan__str(aivm_ymap_get(img, "offer")));
    if (os != AIVM_OS_UNSET)
        return os;
    /* Batch: "batch.node.windows amd64", "batch.node.ubuntu 22.04" */
    return aivm_plan__os_from_image(NULL, aivm_plan__str(aivm_ymap_get(vals, "node_agent_sku_id")));
}

static void fill(tf_ctx *c, aivm_plan_resource *r, const tf_type *t, const aivm_ynode *vals,
                 const char *ptr, const aivm_ynode *unknown)
{
    static const char *const node_keys[] = {"node_count", "max_count", "min_count", NULL};
    static const char *const inst_keys[] = {"instances", NULL};
    const aivm_ynode *b;
    unsigned lo = 0, dedicated = 0;
    r->region = aivm_plan__region(c->plan, aivm_plan__str(aivm_ymap_get(vals, "location")));
    if (r->region)
        r->region_loc = aivm_ymap_get(vals, "location")->loc;
    aivm_plan__add_tags(c->plan, r, aivm_ymap_get(vals, "tags"));
    aivm_plan__os_from_type(r);
    if (r->wl.os == AIVM_OS_UNSET)
        r->wl.os = declared_os(t->kind == K_AKS ? block(vals, "default_node_pool") : vals);
    switch (t->kind) {
    case K_VM:
        set_size(c, r, vals, t->size_key, ptr, unknown);
        r->priority = is_spot(aivm_plan__str(aivm_ymap_get(vals, "priority"))) ? AIVM_PRIO_SPOT
                                                                               : AIVM_PRIO_REGULAR;
        break;
    case K_VMSS: {
        unsigned given = 0;
        set_size(c, r, vals, t->size_key, ptr, unknown);
        r->count = first_uint(r, vals, inst_keys, 1, unknown);
        if (!r->count_expr && aivm_plan__count(&given, aivm_ymap_get(vals, "instances")) == 0)
            r->count_expr = "(instances not set)"; /* missing or null: not 1 VM, unknown */
        r->priority = is_spot(aivm_plan__str(aivm_ymap_get(vals, "priority"))) ? AIVM_PRIO_SPOT
                                                                               : AIVM_PRIO_REGULAR;
        break;
    }
    case K_AKS:
        b = block(vals, "default_node_pool");
        r->address = aivm_plan__fmt(c->plan, "%s.default_node_pool", r->address);
        if (!b) {
            r->size_expr = "(not set)";
            r->pointer = ptr;
            break;
        }
        ptr = aivm_plan__ptr(c->plan, ptr, "default_node_pool");
        if (aivm_ymap_get(vals, "default_node_pool")->type == AIVM_Y_SEQ)
            ptr = aivm_plan__ptr_idx(c->plan, ptr, 0);
        aivm_plan__add_tags(c->plan, r, aivm_ymap_get(b, "tags"));
        set_size(c, r, b, "vm_size", ptr, NULL);
        r->count = first_uint(r, b, node_keys, 1, NULL);
        break;
    case K_AKS_POOL:
        set_size(c, r, vals, "vm_size", ptr, unknown);
        r->count = first_uint(r, vals, node_keys, 1, unknown);
        r->priority = is_spot(aivm_plan__str(aivm_ymap_get(vals, "priority"))) ? AIVM_PRIO_SPOT
                                                                               : AIVM_PRIO_REGULAR;
        break;
    case K_BATCH:
        set_size(c, r, vals, "vm_size", ptr, unknown);
        aivm_plan__add_tags(c->plan, r, aivm_ymap_get(vals, "metadata"));
        b = block(vals, "fixed_scale");
        aivm_plan__uint(&dedicated, aivm_ymap_get(b, "target_dedicated_nodes"));
        aivm_plan__uint(&lo, aivm_ymap_get(b, "target_low_priority_nodes"));
        r->count = dedicated + lo ? dedicated + lo : 1;
        r->priority = lo > 0 && dedicated == 0 ? AIVM_PRIO_SPOT : AIVM_PRIO_REGULAR;
        break;
    case K_AML:
        set_size(c, r, vals, "vm_size", ptr, unknown);
        b = block(vals, "scale_settings");
        aivm_plan__uint(&r->count, aivm_ymap_get(b, "max_node_count"));
        if (r->count == 0)
            r->count = 1;
        r->priority = is_spot(aivm_plan__str(aivm_ymap_get(vals, "vm_priority")))
                          ? AIVM_PRIO_SPOT
                          : AIVM_PRIO_REGULAR;
        break;
    }
}

static bool skipped_actions(const aivm_ynode *actions)
{
    bool keep = false;
    if (!actions || actions->type != AIVM_Y_SEQ)
        return false;
    for (size_t i = 0; i < actions->n; i++) {
        const char *a = aivm_plan__str(actions->kids[i]);
        if (a && strcmp(a, "delete") && strcmp(a, "read"))
            keep = true;
    }
    return !keep;
}

static void add_one(tf_ctx *c, const aivm_ynode *entry, const aivm_ynode *vals,
                    const aivm_ynode *unknown, const char *vals_ptr)
{
    const tf_type *t = find_type(aivm_plan__str(aivm_ymap_get(entry, "type")));
    const char *mode = aivm_plan__str(aivm_ymap_get(entry, "mode"));
    const char *addr = aivm_plan__str(aivm_ymap_get(entry, "address"));
    aivm_plan_resource *r;
    if (!t || (mode && strcmp(mode, "managed") != 0) || !vals || vals->type != AIVM_Y_MAP)
        return;
    r = aivm_plan__add(c->plan, c->file, AIVM_PLAN_TERRAFORM);
    r->type = t->type;
    r->address = addr ? addr : t->type;
    r->loc = entry->loc;
    fill(c, r, t, vals, vals_ptr, unknown);
}

static void read_changes(tf_ctx *c, const aivm_ynode *seq)
{
    for (size_t i = 0; i < seq->n; i++) {
        const aivm_ynode *e = seq->kids[i], *ch = aivm_ymap_get(e, "change");
        const char *p;
        if (e->type != AIVM_Y_MAP || !ch || skipped_actions(aivm_ymap_get(ch, "actions")))
            continue;
        p = aivm_plan__ptr_idx(c->plan, "/resource_changes", i);
        p = aivm_plan__fmt(c->plan, "%s/change/after", p);
        add_one(c, e, aivm_ymap_get(ch, "after"), aivm_ymap_get(ch, "after_unknown"), p);
    }
}

static void read_module(tf_ctx *c, const aivm_ynode *mod, const char *ptr, int depth)
{
    const aivm_ynode *res = aivm_ymap_get(mod, "resources");
    const aivm_ynode *kids = aivm_ymap_get(mod, "child_modules");
    if (res && res->type == AIVM_Y_SEQ)
        for (size_t i = 0; i < res->n; i++) {
            const char *p =
                aivm_plan__ptr_idx(c->plan, aivm_plan__fmt(c->plan, "%s/resources", ptr), i);
            add_one(c, res->kids[i], aivm_ymap_get(res->kids[i], "values"), NULL,
                    aivm_plan__fmt(c->plan, "%s/values", p));
        }
    if (kids && kids->type == AIVM_Y_SEQ && depth < 32)
        for (size_t i = 0; i < kids->n; i++)
            read_module(
                c, kids->kids[i],
                aivm_plan__ptr_idx(c->plan, aivm_plan__fmt(c->plan, "%s/child_modules", ptr), i),
                depth + 1);
}

int aivm_plan__read_terraform(aivm_plan *plan, const aivm_ynode *root, const char *file,
                              aivm_error *err)
{
    tf_ctx c = {plan, file, err};
    const aivm_ynode *rc = aivm_ymap_get(root, "resource_changes");
    const aivm_ynode *pv = aivm_ymap_get(root, "planned_values");
    aivm_loc start = {file, 1, 1};
    if (rc && rc->type == AIVM_Y_SEQ) {
        read_changes(&c, rc);
        return 0;
    }
    pv = aivm_ymap_get(pv, "root_module");
    if (pv && pv->type == AIVM_Y_MAP) {
        read_module(&c, pv, "/planned_values/root_module", 0);
        return 0;
    }
    return aivm_error_set(err, AIVM_EINVALID, &start,
                          "Terraform plan without resource_changes or planned_values "
                          "(expected the output of 'terraform show -json PLANFILE')");
}
