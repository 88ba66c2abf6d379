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

#include "aivm/util.h"
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

/* An AKS cluster of the plan, for the node pools that name it. */
typedef struct {
    const char *module; /* the address up to the resource ("module.a." or "") */
    const char *id;     /* its id when known (an existing cluster), else NULL */
    const char *region;
    aivm_loc region_loc;
} tf_cluster;

/* A node pool whose location is its cluster's. */
typedef struct {
    aivm_plan_resource *r;
    const char *module;
    const char *cluster_id; /* kubernetes_cluster_id when known, else NULL */
} tf_pool;

typedef struct {
    aivm_plan *plan;
    const char *file;
    aivm_error *err;
    tf_cluster *clusters;
    size_t n_clusters, cap_clusters;
    tf_pool *pools;
    size_t n_pools, cap_pools;
} tf_ctx;

/* Attributes of a resource's values that fill() reads, the size keys of
 * types[] included, sorted for bsearch (the filter asks for every key of
 * every resource). Keep in step with fill(): what is not listed here is not
 * in the tree; test_plan checks that filtering changes no resource. */
static const char *const used_attrs[] = {"auto_scaling_enabled",
                                         "default_node_pool",
                                         "enable_auto_scaling",
                                         "fixed_scale",
                                         "id",
                                         "instances",
                                         "kubernetes_cluster_id",
                                         "location",
                                         "max_count",
                                         "metadata",
                                         "min_count",
                                         "mode",
                                         "node_agent_sku_id",
                                         "node_count",
                                         "os_profile",
                                         "os_profile_linux_config",
                                         "os_profile_windows_config",
                                         "os_sku",
                                         "os_type",
                                         "priority",
                                         "scale_settings",
                                         "size",
                                         "sku",
                                         "sku_name",
                                         "source_image_reference",
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
        strcmp(rest[1], "after") == 0)
        return keep_if(used_attr(key));
    if (n == 2 && rest[0] && strcmp(rest[0], "change") == 0 && rest[1] &&
        strcmp(rest[1], "after_unknown") == 0) /* a new resource's id is always unknown */
        return keep_if(used_attr(key) && strcmp(key, "id") != 0);
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
    /* source_image_reference: the types that carry it name their OS (or
     * hold it in os_profile) */
    img = block(vals, "storage_image_reference");
    os = aivm_plan__os_from_image(aivm_plan__str(aivm_ymap_get(img, "publisher")),
                                  aivm_plan__str(aivm_ymap_get(img, "offer")));
    if (os != AIVM_OS_UNSET)
        return os;
    /* Batch: "batch.node.windows amd64", "batch.node.ubuntu 22.04" */
    return aivm_plan__os_from_image(NULL, aivm_plan__str(aivm_ymap_get(vals, "node_agent_sku_id")));
}

/* The image reference of a VM, scale set or Batch pool: source_image_reference
 * (azurerm 3+) or storage_image_reference (older VMs, Batch), when its
 * publisher, offer and sku are all literals. */
static void image_ref(aivm_plan_resource *r, const aivm_ynode *vals)
{
    static const char *const blocks[] = {"source_image_reference", "storage_image_reference"};
    for (size_t i = 0; i < 2; i++) {
        const aivm_ynode *img = block(vals, blocks[i]);
        const aivm_ynode *sku = aivm_ymap_get(img, "sku");
        const char *p = aivm_plan__str(aivm_ymap_get(img, "publisher"));
        const char *o = aivm_plan__str(aivm_ymap_get(img, "offer"));
        const char *k = aivm_plan__str(sku);
        if (!p || !o || !k || !p[0] || !o[0] || !k[0])
            continue;
        r->image_publisher = p;
        r->image_offer = o;
        r->image_sku = k;
        r->image_block = blocks[i];
        r->image_loc = sku->loc;
        return;
    }
}

static bool is_true(const aivm_ynode *m, const char *key)
{
    const char *s = aivm_plan__str(aivm_ymap_get(m, key));
    return s && strcmp(s, "true") == 0;
}

/* The VMs of an AKS node pool: node_count (0 is no VM), or with autoscaling
 * (auto_scaling_enabled, enable_auto_scaling before azurerm 4, or only
 * min/max given) the range min_count..max_count, priced at its maximum. */
static void pool_count(aivm_plan_resource *r, const aivm_ynode *m, const aivm_ynode *unknown)
{
    static const char *const node_keys[] = {"node_count", NULL};
    static const char *const max_keys[] = {"max_count", NULL};
    const aivm_ynode *max = aivm_ymap_get(m, "max_count");
    bool scale = is_true(m, "auto_scaling_enabled") || is_true(m, "enable_auto_scaling") ||
                 (aivm_plan__str(max) && !aivm_plan__str(aivm_ymap_get(m, "node_count")));
    if (!scale) {
        r->count = first_uint(r, m, node_keys, 1, unknown);
        return;
    }
    r->autoscale = true;
    r->count = first_uint(r, m, max_keys, 1, unknown);
    if (aivm_plan__count(&r->count_min, aivm_ymap_get(m, "min_count")) <= 0)
        r->count_min = 0; /* the floor is shown, never priced: unknown or bad is 0 */
    if (!r->count_expr && (!max || aivm_yis_null(max)))
        r->count_expr = "(autoscaling without max_count)";
}

/* A node pool's OS: os_type, else what os_sku names (Ubuntu, AzureLinux,
 * CBLMariner, Windows2022); azurerm's default node pool is always Linux. */
static aivm_os pool_os(const aivm_ynode *m, bool default_pool)
{
    aivm_os os = aivm_plan__os_from_name(aivm_plan__str(aivm_ymap_get(m, "os_type")));
    if (os == AIVM_OS_UNSET)
        os = aivm_plan__os_from_image(NULL, aivm_plan__str(aivm_ymap_get(m, "os_sku")));
    return os == AIVM_OS_UNSET && default_pool ? AIVM_OS_LINUX : os;
}

/* The module part of a resource address ("module.a[0]." or ""). */
static const char *module_of(tf_ctx *c, const char *addr, const char *type)
{
    const char *at = NULL;
    for (const char *p = strstr(addr, type); p; p = strstr(p + 1, type))
        at = p;
    return at ? aivm_plan__fmt(c->plan, "%.*s", (int)(at - addr), addr) : "";
}

static void note_cluster(tf_ctx *c, const aivm_plan_resource *r, const char *module,
                         const aivm_ynode *vals)
{
    tf_cluster *k;
    if (c->n_clusters == c->cap_clusters) {
        c->cap_clusters = c->cap_clusters ? 2 * c->cap_clusters : 4;
        c->clusters = aivm_xrealloc(c->clusters, c->cap_clusters * sizeof *c->clusters);
    }
    k = &c->clusters[c->n_clusters++];
    k->module = module;
    k->id = aivm_plan__str(aivm_ymap_get(vals, "id"));
    k->region = r->region;
    k->region_loc = r->region_loc;
}

static void note_pool(tf_ctx *c, aivm_plan_resource *r, const char *module, const aivm_ynode *vals)
{
    tf_pool *p;
    if (c->n_pools == c->cap_pools) {
        c->cap_pools = c->cap_pools ? 2 * c->cap_pools : 4;
        c->pools = aivm_xrealloc(c->pools, c->cap_pools * sizeof *c->pools);
    }
    p = &c->pools[c->n_pools++];
    p->r = r;
    p->module = module;
    p->cluster_id = aivm_plan__str(aivm_ymap_get(vals, "kubernetes_cluster_id"));
}

/* A node pool has no location of its own: it is its cluster's, the cluster
 * whose id its kubernetes_cluster_id gives, else the one cluster of its
 * module (a plan computes a new cluster's id at apply). Two clusters there
 * and no id: the region stays unknown rather than guessed. */
static void place_pools(tf_ctx *c)
{
    for (size_t i = 0; i < c->n_pools; i++) {
        const tf_pool *p = &c->pools[i];
        const tf_cluster *found = NULL;
        size_t n = 0;
        for (size_t j = 0; j < c->n_clusters; j++) {
            const tf_cluster *k = &c->clusters[j];
            bool same = p->cluster_id ? k->id && aivm_streq_nocase(k->id, p->cluster_id)
                                      : strcmp(k->module, p->module) == 0;
            if (same) {
                found = k;
                n++;
            }
        }
        if (n == 1 && found->region && !p->r->region) {
            p->r->region = found->region;
            p->r->region_loc = found->region_loc;
        }
    }
}

static void fill(tf_ctx *c, aivm_plan_resource *r, const tf_type *t, const aivm_ynode *vals,
                 const char *ptr, const aivm_ynode *unknown)
{
    static const char *const inst_keys[] = {"instances", NULL};
    const aivm_ynode *b;
    const char *mode;
    unsigned lo = 0, dedicated = 0;
    r->region = aivm_plan__region(c->plan, aivm_plan__str(aivm_ymap_get(vals, "location")));
    if (r->region)
        r->region_loc = aivm_ymap_get(vals, "location")->loc;
    aivm_plan__add_tags(c->plan, r, aivm_ymap_get(vals, "tags"));
    aivm_plan__os_from_type(r);
    if (r->wl.os == AIVM_OS_UNSET && t->kind != K_AKS)
        r->wl.os = declared_os(vals);
    if (t->kind != K_AKS)
        image_ref(r, vals);
    switch (t->kind) {
    case K_VM:
        set_size(c, r, vals, t->size_key, ptr, unknown);
        r->priority = is_spot(aivm_plan__str(aivm_ymap_get(vals, "priority"))) ? AIVM_PRIO_SPOT
                                                                               : AIVM_PRIO_REGULAR;
        break;
    case K_VMSS: {
        const aivm_ynode *inst = aivm_ymap_get(vals, "instances");
        set_size(c, r, vals, t->size_key, ptr, unknown);
        r->count = first_uint(r, vals, inst_keys, 1, unknown);
        if (!r->count_expr && (!inst || aivm_yis_null(inst)))
            r->count_expr = "(instances not set)"; /* missing or null: not 1 VM, unknown */
        r->priority = is_spot(aivm_plan__str(aivm_ymap_get(vals, "priority"))) ? AIVM_PRIO_SPOT
                                                                               : AIVM_PRIO_REGULAR;
        break;
    }
    case K_AKS:
        note_cluster(c, r, module_of(c, r->address, t->type), vals);
        b = block(vals, "default_node_pool");
        r->address = aivm_plan__fmt(c->plan, "%s.default_node_pool", r->address);
        r->node_pool = true;
        r->system_pool = true; /* the default node pool is the cluster's system pool */
        r->wl.os = pool_os(b, true);
        if (!b) {
            r->size_expr = "(not set)";
            r->pointer = ptr;
            break;
        }
        ptr = aivm_plan__ptr(c->plan, ptr, "default_node_pool");
        if (aivm_ymap_get(vals, "default_node_pool")->type == AIVM_Y_SEQ)
            ptr = aivm_plan__ptr_idx(c->plan, ptr, 0);
        aivm_plan__drop_job_tags(r);
        aivm_plan__add_tags(c->plan, r, aivm_ymap_get(b, "tags"));
        set_size(c, r, b, "vm_size", ptr, NULL);
        pool_count(r, b, NULL);
        break;
    case K_AKS_POOL:
        note_pool(c, r, module_of(c, r->address, t->type), vals);
        r->node_pool = true;
        mode = aivm_plan__str(aivm_ymap_get(vals, "mode"));
        r->system_pool = mode && aivm_streq_nocase(mode, "System");
        if (r->wl.os == AIVM_OS_UNSET)
            r->wl.os = pool_os(vals, false);
        set_size(c, r, vals, "vm_size", ptr, unknown);
        pool_count(r, vals, unknown);
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
    tf_ctx c = {plan, file, err, NULL, 0, 0, NULL, 0, 0};
    const aivm_ynode *rc = aivm_ymap_get(root, "resource_changes");
    const aivm_ynode *pv = aivm_ymap_get(aivm_ymap_get(root, "planned_values"), "root_module");
    aivm_loc start = {file, 1, 1};
    int rc_ = 0;
    if (rc && rc->type == AIVM_Y_SEQ)
        read_changes(&c, rc);
    else if (pv && pv->type == AIVM_Y_MAP)
        read_module(&c, pv, "/planned_values/root_module", 0);
    else
        rc_ = aivm_error_set(err, AIVM_EINVALID, &start,
                             "Terraform plan without resource_changes or planned_values "
                             "(expected the output of 'terraform show -json PLANFILE')");
    place_pools(&c);
    free(c.clusters);
    free(c.pools);
    return rc_;
}
