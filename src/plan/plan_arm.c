/*
 * plan_arm.c - reads ARM deployment templates (and `az bicep build`
 * output): virtualMachines, virtualMachineScaleSets, managedClusters agent
 * pools (inline and as child resources) and Machine Learning compute
 * clusters, in `resources` arrays or languageVersion 2.0 objects, through
 * inline nested deployments. Values may be literals, `[parameters('x')]` /
 * `[variables('x')]` references, resolved to defaults (or to what a nested
 * deployment passes in), or expressions the template alone decides
 * (arm_expr.c: format, concat, substring, an object indexed by a parameter,
 * if, ...); anything else is kept as an unresolved expression.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/util.h"
#include "plan_int.h"

#define MAX_NEST 8       /* nested deployments */
#define MAX_REF_DEPTH 40 /* hops through parameters, variables and expressions */

typedef struct scope scope;
struct scope {
    const aivm_ynode *tmpl;    /* the template whose parameters/variables apply */
    const aivm_ynode *dparams; /* parameters a nested deployment passes (inner scope) */
    const scope *parent;
    unsigned copies;        /* VMs per resource from enclosing deployments' copy loops */
    const char *count_expr; /* an enclosing deployment's copy count that is an expression */
    bool conditional;       /* an enclosing deployment has an unevaluated condition */
};

/* Work the expression evaluator may do for one template (steps; 64 bytes of
 * computed text count as one): far past what real templates need, small
 * enough that a hostile one stays a fraction of a second. */
#define ARM_EVAL_BUDGET 1000000LL

typedef struct {
    aivm_plan *plan;
    const char *file;
    long long budget;
    const aivm_ynode *siblings; /* the resources list being read (a pool's cluster is there) */
} arm_ctx;

/* ARM property names are case-insensitive. */
static const aivm_ynode *iget(const aivm_ynode *map, const char *key)
{
    if (!map || map->type != AIVM_Y_MAP)
        return NULL;
    for (size_t i = 0; i < map->n; i++)
        if (aivm_streq_nocase(map->kids[2 * i]->str, key))
            return map->kids[2 * i + 1];
    return NULL;
}

/* Name inside `[fn('name')]`, copied to `out`; false when `s` is not exactly that. */
static bool ref_name(char *out, size_t cap, const char *s, const char *fn)
{
    size_t fl = strlen(fn), len = strlen(s);
    const char *start, *end;
    if (len < fl + 6 || s[0] != '[' || s[len - 1] != ']')
        return false;
    if (strncmp(s + 1, fn, fl) != 0 || strncmp(s + 1 + fl, "('", 2) != 0)
        return false;
    start = s + 1 + fl + 2;
    end = s + len - 3;
    if (strncmp(end, "')]", 3) != 0 || end <= start || (size_t)(end - start) >= cap)
        return false;
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
    return strchr(out, '\'') == NULL;
}

/* Resolve a value node to a scalar node: literal, or one parameters()/variables()
 * hop at a time. `*via` names the first reference followed. NULL when unresolved. */
static const aivm_ynode *resolve_node(const scope *sc, const aivm_ynode *n, const char **via,
                                      arm_ctx *c, int depth, bool any);

static const aivm_ynode *resolve(const scope *sc, const aivm_ynode *n, const char **via, arm_ctx *c,
                                 int depth)
{
    return resolve_node(sc, n, via, c, depth, false);
}

/* An object or array value, literal or through parameters()/variables();
 * NULL for anything else (an expression is not a value). */
static const aivm_ynode *resolve_obj(const scope *sc, const aivm_ynode *n, arm_ctx *c)
{
    const aivm_ynode *v = resolve_node(sc, n, NULL, c, 0, true);
    return v && v->type != AIVM_Y_SCALAR ? v : NULL;
}

/* The reader's scope for the expression evaluator. */
typedef struct {
    const scope *sc;
    arm_ctx *c;
    const char *refs; /* the references followed, "a, b" (NULL: none yet) */
} eval_ctx;

static const aivm_ynode *lookup(const scope *sc, bool param, const char *name, const char **via,
                                arm_ctx *c, int depth, bool any);

static const aivm_ynode *eval_ref(void *ctx, bool param, const char *name, int depth)
{
    eval_ctx *x = ctx;
    const char *via = NULL;
    const aivm_ynode *v = lookup(x->sc, param, name, &via, x->c, depth, true);
    if (via && (!x->refs || !strstr(x->refs, via)))
        x->refs = x->refs ? aivm_plan__fmt(x->c->plan, "%s, %s", x->refs, via) : via;
    return v;
}

static const aivm_ynode *eval_value(void *ctx, const aivm_ynode *n, int depth)
{
    eval_ctx *x = ctx;
    return resolve_node(x->sc, n, NULL, x->c, depth, true);
}

/* One parameters('name') or variables('name') hop: what a nested deployment
 * passes in, else the default; the variable's value. */
static const aivm_ynode *lookup(const scope *sc, bool param, const char *name, const char **via,
                                arm_ctx *c, int depth, bool any)
{
    const aivm_ynode *p;
    if (!param) {
        if (via && !*via)
            *via = aivm_plan__fmt(c->plan, "variable '%s'", name);
        return resolve_node(sc, iget(iget(sc->tmpl, "variables"), name), via, c, depth + 1, any);
    }
    p = sc->dparams ? iget(iget(sc->dparams, name), "value") : NULL;
    if (p && sc->parent) {
        if (via && !*via)
            *via = aivm_plan__fmt(c->plan, "parameter '%s'", name);
        return resolve_node(sc->parent, p, via, c, depth + 1, any);
    }
    p = iget(iget(iget(sc->tmpl, "parameters"), name), "defaultValue");
    if (via && !*via)
        *via = aivm_plan__fmt(c->plan, "parameter '%s' default", name);
    return resolve_node(sc, p, via, c, depth + 1, any);
}

/* `any`: objects and arrays are values too (else only scalars are). */
static const aivm_ynode *resolve_node(const scope *sc, const aivm_ynode *n, const char **via,
                                      arm_ctx *c, int depth, bool any)
{
    char name[128];
    if (any && n && n->type != AIVM_Y_SCALAR && depth <= MAX_REF_DEPTH)
        return n;
    if (!n || n->type != AIVM_Y_SCALAR || aivm_yis_null(n) || depth > MAX_REF_DEPTH)
        return NULL;
    if (n->str[0] != '[' || n->str[1] == '[')
        return n;
    if (ref_name(name, sizeof name, n->str, "parameters"))
        return lookup(sc, true, name, via, c, depth, any);
    if (ref_name(name, sizeof name, n->str, "variables"))
        return lookup(sc, false, name, via, c, depth, any);
    {
        eval_ctx x = {sc, c, NULL};
        aivm_arm_env env = {eval_ref, eval_value, &x, &c->budget};
        const aivm_ynode *v = aivm_plan__arm_eval(c->plan, n, &env, depth);
        if (via && !*via)
            *via =
                x.refs ? aivm_plan__fmt(c->plan, "an expression of %s", x.refs) : "an expression";
        return v && (any || v->type == AIVM_Y_SCALAR) ? v : NULL;
    }
}

static const char *resolve_str(const scope *sc, const aivm_ynode *n, arm_ctx *c)
{
    const aivm_ynode *v = resolve(sc, n, NULL, c, 0);
    if (!v)
        return NULL;
    return v->str[0] == '[' ? v->str + 1 : v->str;
}

static bool resolve_uint(unsigned *out, const scope *sc, const aivm_ynode *n, arm_ctx *c)
{
    return aivm_plan__uint(out, resolve(sc, n, NULL, c, 0));
}

static void set_size(arm_ctx *c, aivm_plan_resource *r, const scope *sc, const aivm_ynode *v,
                     const char *ptr)
{
    const char *via = NULL;
    const aivm_ynode *s = resolve(sc, v, &via, c, 0);
    r->size_loc = v ? v->loc : r->loc;
    r->pointer = ptr;
    if (s && s->str[0]) {
        r->size = s->str[0] == '[' ? s->str + 1 : s->str;
        r->size_via = via;
    } else if (v && v->type == AIVM_Y_SCALAR) {
        r->size_expr = v->str;
    } else {
        r->size_expr = "(not set)";
    }
}

/* The OS an ARM VM or scale-set profile declares: a literal osDisk.osType,
 * an osProfile windowsConfiguration / linuxConfiguration that is an object
 * (Bicep writes "[if(isWin, null(), ...)]" beside the other: an expression
 * says nothing), then the image's publisher/offer. UNSET when none says. */
static aivm_os declared_os(arm_ctx *c, const scope *sc, const aivm_ynode *profile)
{
    const aivm_ynode *storage = resolve_obj(sc, iget(profile, "storageProfile"), c);
    const aivm_ynode *os_prof = resolve_obj(sc, iget(profile, "osProfile"), c);
    const aivm_ynode *img = resolve_obj(sc, iget(storage, "imageReference"), c);
    bool win = resolve_obj(sc, iget(os_prof, "windowsConfiguration"), c) != NULL;
    bool lin = resolve_obj(sc, iget(os_prof, "linuxConfiguration"), c) != NULL;
    aivm_os os = aivm_plan__os_from_name(
        resolve_str(sc, iget(resolve_obj(sc, iget(storage, "osDisk"), c), "osType"), c));
    if (os != AIVM_OS_UNSET)
        return os;
    if (win != lin)
        return win ? AIVM_OS_WINDOWS : AIVM_OS_LINUX;
    return aivm_plan__os_from_image(resolve_str(sc, iget(img, "publisher"), c),
                                    resolve_str(sc, iget(img, "offer"), c));
}

/* The image reference of an ARM VM or scale-set profile, when publisher,
 * offer and sku resolve to literals (an image `id` has none). */
static void image_ref(arm_ctx *c, aivm_plan_resource *r, const scope *sc, const aivm_ynode *profile)
{
    const aivm_ynode *storage = resolve_obj(sc, iget(profile, "storageProfile"), c);
    const aivm_ynode *img = resolve_obj(sc, iget(storage, "imageReference"), c);
    const char *p = resolve_str(sc, iget(img, "publisher"), c);
    const char *o = resolve_str(sc, iget(img, "offer"), c);
    const char *k = resolve_str(sc, iget(img, "sku"), c);
    if (!p || !o || !k || !p[0] || !o[0] || !k[0] || p[0] == '[' || o[0] == '[' || k[0] == '[')
        return;
    r->image_publisher = p;
    r->image_offer = o;
    r->image_sku = k;
    r->image_loc = iget(img, "sku")->loc;
}

static bool is_spot(const char *s)
{
    return s && (aivm_streq_nocase(s, "Spot") || aivm_streq_nocase(s, "Low") ||
                 aivm_streq_nocase(s, "LowPriority"));
}

static void add_tags(arm_ctx *c, aivm_plan_resource *r, const scope *sc, const aivm_ynode *tags)
{
    if (!tags || tags->type != AIVM_Y_MAP)
        return;
    for (size_t i = 0; i < tags->n; i++) {
        const aivm_ynode *v = tags->kids[2 * i + 1];
        const char *s = resolve_str(sc, v, c);
        if (s)
            aivm_plan__add_tag(c->plan, r, tags->kids[2 * i]->str, s, v->loc);
    }
}

static aivm_plan_resource *new_res(arm_ctx *c, const aivm_ynode *res, const scope *sc,
                                   const char *type, const char *name, unsigned copies)
{
    aivm_plan_resource *r = aivm_plan__add(c->plan, c->file, AIVM_PLAN_ARM);
    const char *loc = resolve_str(sc, iget(res, "location"), c);
    const aivm_ynode *cond = iget(res, "condition");
    const char *slash = strchr(type, '/');
    r->type = type;
    r->address = aivm_plan__fmt(c->plan, "%s/%s", slash ? slash + 1 : type, name);
    r->loc = res->loc;
    aivm_plan__set_count(r, copies, sc->copies, 1);
    if (sc->count_expr)
        r->count_expr = sc->count_expr; /* how many deployments: unknown, never 1 */
    r->conditional = sc->conditional || (cond && !resolve(sc, cond, NULL, c, 0));
    r->region = aivm_plan__region(c->plan, loc);
    if (r->region)
        r->region_loc = iget(res, "location")->loc;
    add_tags(c, r, sc, iget(res, "tags"));
    return r;
}

static void unknown_count(aivm_plan_resource *r, const aivm_ynode *expr);

static bool resolve_true(const scope *sc, const aivm_ynode *n, arm_ctx *c)
{
    const char *s = resolve_str(sc, n, c);
    return s && aivm_streq_nocase(s, "true");
}

static bool is_system(const scope *sc, const aivm_ynode *pool, arm_ctx *c)
{
    const char *m = resolve_str(sc, iget(pool, "mode"), c);
    return m && aivm_streq_nocase(m, "System");
}

/* What an agent pool profile (agentPoolProfiles[i], or an agentPools
 * resource's properties) says of its VMs: `count` (0 is no VM), or with
 * enableAutoScaling the range minCount..maxCount priced at its maximum; its
 * spot priority, its OS (osType, else what osSKU names) and its mode. */
static void read_pool(arm_ctx *c, aivm_plan_resource *r, const scope *sc, const aivm_ynode *p,
                      unsigned copies)
{
    unsigned n = 1, lo = 0;
    const aivm_ynode *cnt = iget(p, "count");
    if (resolve_true(sc, iget(p, "enableAutoScaling"), c)) {
        r->autoscale = true;
        cnt = iget(p, "maxCount");
        if (resolve_uint(&lo, sc, iget(p, "minCount"), c))
            r->count_min = (unsigned long long)lo * copies * sc->copies > AIVM_PLAN_MAX_COUNT
                               ? (unsigned)AIVM_PLAN_MAX_COUNT
                               : lo * copies * sc->copies;
    }
    if (resolve_uint(&n, sc, cnt, c))
        aivm_plan__set_count(r, copies, sc->copies, n);
    else if (cnt)
        unknown_count(r, cnt);
    else if (r->autoscale)
        r->count_expr = "(autoscaling without maxCount)";
    r->priority = is_spot(resolve_str(sc, iget(p, "scaleSetPriority"), c)) ? AIVM_PRIO_SPOT
                                                                           : AIVM_PRIO_REGULAR;
    r->wl.os = aivm_plan__os_from_name(resolve_str(sc, iget(p, "osType"), c));
    if (r->wl.os == AIVM_OS_UNSET)
        r->wl.os = aivm_plan__os_from_image(NULL, resolve_str(sc, iget(p, "osSKU"), c));
    r->node_pool = true;
    r->system_pool = r->system_pool || is_system(sc, p, c);
}

/* The inline pools of a cluster. A cluster needs a system pool: when no
 * profile says `mode: System`, the first is (AKS makes it so). */
static void read_pools(arm_ctx *c, const aivm_ynode *res, const scope *sc, const char *type,
                       const char *name, const char *ptr, unsigned copies)
{
    const aivm_ynode *pools = iget(iget(res, "properties"), "agentPoolProfiles");
    const char *pp = aivm_plan__fmt(c->plan, "%s/properties/agentPoolProfiles", ptr);
    bool any_system = false;
    if (!pools || pools->type != AIVM_Y_SEQ)
        return;
    for (size_t i = 0; i < pools->n; i++)
        any_system = any_system || is_system(sc, pools->kids[i], c);
    for (size_t i = 0; i < pools->n; i++) {
        const aivm_ynode *p = pools->kids[i];
        const char *pn = resolve_str(sc, iget(p, "name"), c);
        aivm_plan_resource *r;
        char label[160];
        snprintf(label, sizeof label, "%s/%s", name, pn ? pn : "pool");
        r = new_res(c, res, sc, type, label, copies);
        r->loc = p->loc;
        r->system_pool = !any_system && i == 0;
        read_pool(c, r, sc, p, copies);
        if (r->system_pool)
            aivm_plan__drop_job_tags(r);
        add_tags(c, r, sc, iget(p, "tags"));
        set_size(c, r, sc, iget(p, "vmSize"),
                 aivm_plan__fmt(c->plan, "%s/vmSize", aivm_plan__ptr_idx(c->plan, pp, i)));
    }
}

/* The cluster an agentPools resource belongs to, among the resources of its
 * template: its `parent` (a symbolic name, languageVersion 2.0) or the first
 * segment of its name ("aks/gpu"). NULL when the template does not hold it. */
static const aivm_ynode *parent_cluster(arm_ctx *c, const scope *sc, const aivm_ynode *res,
                                        const char *name)
{
    const aivm_ynode *list = c->siblings;
    const char *parent = aivm_plan__str(iget(res, "parent"));
    const char *slash = strchr(name, '/');
    for (size_t i = 0; list && i < list->n; i++) {
        const aivm_ynode *k = list->type == AIVM_Y_SEQ ? list->kids[i] : list->kids[2 * i + 1];
        const char *t = aivm_plan__str(iget(k, "type"));
        const char *kn;
        if (!t || !aivm_streq_nocase(t, "Microsoft.ContainerService/managedClusters"))
            continue;
        if (parent && list->type == AIVM_Y_MAP && strcmp(list->kids[2 * i]->str, parent) == 0)
            return k;
        kn = resolve_str(sc, iget(k, "name"), c);
        if (!parent && slash && kn && strlen(kn) == (size_t)(slash - name) &&
            aivm_strneq_nocase(kn, name, (size_t)(slash - name)))
            return k;
    }
    return NULL;
}

/* An agentPools resource: its pool, placed in its cluster's location (a
 * pool resource has none of its own). */
static void read_agent_pool(arm_ctx *c, const aivm_ynode *res, const scope *sc, const char *name,
                            const char *ptr, unsigned copies)
{
    const aivm_ynode *props = iget(res, "properties"), *k, *kloc;
    aivm_plan_resource *r =
        new_res(c, res, sc, "Microsoft.ContainerService/managedClusters/agentPools", name, copies);
    set_size(c, r, sc, iget(props, "vmSize"), aivm_plan__fmt(c->plan, "%s/properties/vmSize", ptr));
    read_pool(c, r, sc, props, copies);
    if (r->system_pool)
        aivm_plan__drop_job_tags(r);
    add_tags(c, r, sc, iget(props, "tags")); /* an agent pool's own tags (over the resource's) */
    k = r->region ? NULL : parent_cluster(c, sc, res, name);
    kloc = iget(k, "location");
    r->region = k ? aivm_plan__region(c->plan, resolve_str(sc, kloc, c)) : r->region;
    if (k && r->region)
        r->region_loc = kloc->loc;
}

static void read_resources(arm_ctx *c, const aivm_ynode *list, const scope *sc, const char *ptr,
                           int depth);

/* A deployment of a linked template (properties.templateLink): its resources
 * are in another file the reader does not fetch, so it is kept as a resource
 * that says so (check: AIVM023), never as no VMs. */
static void linked_template(arm_ctx *c, const aivm_ynode *res, const scope *sc, const char *ptr,
                            unsigned copies)
{
    const aivm_ynode *link = iget(iget(res, "properties"), "templateLink");
    const char *name = resolve_str(sc, iget(res, "name"), c);
    const aivm_ynode *uri = iget(link, "uri");
    const char *u = resolve_str(sc, uri, c);
    aivm_plan_resource *r;
    if (!name)
        name = aivm_plan__str(iget(res, "name"));
    r = new_res(c, res, sc, "Microsoft.Resources/deployments", name ? name : "?", copies);
    if (!u)
        u = aivm_plan__str(uri);
    if (!u)
        u = aivm_plan__str(iget(link, "id")); /* a template spec */
    r->unread = u ? u : "(no uri)";
    r->size_expr = "(linked template)";
    r->size_loc = link->loc;
    r->pointer = aivm_plan__fmt(c->plan, "%s/properties/templateLink", ptr);
}

static void read_deployment(arm_ctx *c, const aivm_ynode *res, const scope *sc, const char *ptr,
                            unsigned copies, const aivm_ynode *copy_expr, int depth)
{
    const aivm_ynode *props = iget(res, "properties");
    const aivm_ynode *tmpl = iget(props, "template");
    const char *mode = aivm_plan__str(iget(iget(props, "expressionEvaluationOptions"), "scope"));
    scope inner;
    if ((!tmpl || tmpl->type != AIVM_Y_MAP) && iget(props, "templateLink")) {
        linked_template(c, res, sc, ptr, copies);
        return;
    }
    if (!tmpl || tmpl->type != AIVM_Y_MAP || depth >= MAX_NEST)
        return;
    if (mode && aivm_streq_nocase(mode, "inner")) {
        inner.tmpl = tmpl;
        inner.dparams = iget(props, "parameters");
        inner.parent = sc;
    } else {
        inner = *sc; /* outer scope: expressions see the enclosing template */
    }
    /* saturating: a product past the cap stays past it (an unknown count later) */
    inner.copies = (unsigned long long)sc->copies * copies > AIVM_PLAN_MAX_COUNT
                       ? (unsigned)AIVM_PLAN_MAX_COUNT + 1
                       : sc->copies * copies;
    inner.count_expr = sc->count_expr;
    if (copy_expr)
        inner.count_expr = copy_expr->type == AIVM_Y_SCALAR ? copy_expr->str : "(not a number)";
    inner.conditional = sc->conditional || (iget(res, "condition") &&
                                            !resolve(sc, iget(res, "condition"), NULL, c, 0));
    read_resources(c, iget(tmpl, "resources"), &inner,
                   aivm_plan__fmt(c->plan, "%s/properties/template/resources", ptr), depth + 1);
}

/* A count the reader cannot evaluate (an expression beyond parameters() and
 * variables()): the VMs, and so the cost, are unknown, never 1 or 0. */
static void unknown_count(aivm_plan_resource *r, const aivm_ynode *expr)
{
    r->count_expr = expr->type == AIVM_Y_SCALAR ? expr->str : "(not a number)";
}

static void read_one(arm_ctx *c, const aivm_ynode *res, const char *symbolic, const scope *sc,
                     const char *ptr, int depth)
{
    const aivm_ynode *copy_count;
    const char *type = aivm_plan__str(iget(res, "type"));
    const char *name = resolve_str(sc, iget(res, "name"), c);
    const aivm_ynode *props = iget(res, "properties"), *ex = iget(res, "existing");
    const aivm_ynode *cond = resolve(sc, iget(res, "condition"), NULL, c, 0);
    aivm_plan_resource *r = NULL;
    unsigned copies = 1;
    if (!type || res->type != AIVM_Y_MAP ||
        (ex && aivm_plan__str(ex) && strcmp(ex->str, "true") == 0))
        return;
    if (cond && strcmp(cond->str, "false") == 0)
        return;
    if (!name)
        name = symbolic ? symbolic : aivm_plan__str(iget(res, "name"));
    if (!name)
        name = "?";
    copy_count = iget(iget(res, "copy"), "count");
    if (!resolve_uint(&copies, sc, copy_count, c) || copies == 0)
        copies = 1;
    else
        copy_count = NULL; /* evaluated */
    if (aivm_streq_nocase(type, "Microsoft.Resources/deployments")) {
        read_deployment(c, res, sc, ptr, copies, copy_count, depth);
    } else if (aivm_streq_nocase(type, "Microsoft.Compute/virtualMachines")) {
        r = new_res(c, res, sc, "Microsoft.Compute/virtualMachines", name, copies);
        set_size(c, r, sc, iget(iget(props, "hardwareProfile"), "vmSize"),
                 aivm_plan__fmt(c->plan, "%s/properties/hardwareProfile/vmSize", ptr));
        r->priority = is_spot(resolve_str(sc, iget(props, "priority"), c)) ? AIVM_PRIO_SPOT
                                                                           : AIVM_PRIO_REGULAR;
        r->wl.os = declared_os(c, sc, props);
        image_ref(c, r, sc, props);
    } else if (aivm_streq_nocase(type, "Microsoft.Compute/virtualMachineScaleSets")) {
        const aivm_ynode *sku = iget(res, "sku");
        unsigned cap = 1;
        r = new_res(c, res, sc, "Microsoft.Compute/virtualMachineScaleSets", name, copies);
        set_size(c, r, sc, iget(sku, "name"), aivm_plan__fmt(c->plan, "%s/sku/name", ptr));
        if (resolve_uint(&cap, sc, iget(sku, "capacity"), c))
            aivm_plan__set_count(r, copies, sc->copies, cap ? cap : 1);
        else if (iget(sku, "capacity"))
            unknown_count(r, iget(sku, "capacity"));
        r->priority =
            is_spot(resolve_str(sc, iget(iget(props, "virtualMachineProfile"), "priority"), c))
                ? AIVM_PRIO_SPOT
                : AIVM_PRIO_REGULAR;
        r->wl.os = declared_os(c, sc, iget(props, "virtualMachineProfile"));
        image_ref(c, r, sc, iget(props, "virtualMachineProfile"));
    } else if (aivm_streq_nocase(type, "Microsoft.ContainerService/managedClusters")) {
        read_pools(c, res, sc, "Microsoft.ContainerService/managedClusters", name, ptr, copies);
    } else if (aivm_streq_nocase(type, "Microsoft.ContainerService/managedClusters/agentPools")) {
        read_agent_pool(c, res, sc, name, ptr, copies);
    } else if (aivm_streq_nocase(type, "Microsoft.MachineLearningServices/workspaces/computes")) {
        const aivm_ynode *inner = iget(props, "properties");
        unsigned n = 1;
        r = new_res(c, res, sc, "Microsoft.MachineLearningServices/workspaces/computes", name,
                    copies);
        set_size(c, r, sc, iget(inner, "vmSize"),
                 aivm_plan__fmt(c->plan, "%s/properties/properties/vmSize", ptr));
        if (resolve_uint(&n, sc, iget(iget(inner, "scaleSettings"), "maxNodeCount"), c))
            aivm_plan__set_count(r, copies, sc->copies, n ? n : 1);
        r->priority = is_spot(resolve_str(sc, iget(inner, "vmPriority"), c)) ? AIVM_PRIO_SPOT
                                                                             : AIVM_PRIO_REGULAR;
    }
    if (copy_count && r)
        unknown_count(r, copy_count);
}

static void read_resources(arm_ctx *c, const aivm_ynode *list, const scope *sc, const char *ptr,
                           int depth)
{
    const aivm_ynode *outer = c->siblings;
    if (!list)
        return;
    c->siblings = list;
    if (list->type == AIVM_Y_SEQ)
        for (size_t i = 0; i < list->n; i++)
            read_one(c, list->kids[i], NULL, sc, aivm_plan__ptr_idx(c->plan, ptr, i), depth);
    else if (list->type == AIVM_Y_MAP) /* languageVersion 2.0: keyed by symbolic name */
        for (size_t i = 0; i < list->n; i++)
            read_one(c, list->kids[2 * i + 1], list->kids[2 * i]->str, sc,
                     aivm_plan__ptr(c->plan, ptr, list->kids[2 * i]->str), depth);
    c->siblings = outer;
}

int aivm_plan__read_arm(aivm_plan *plan, const aivm_ynode *root, const char *file, aivm_error *err)
{
    arm_ctx c = {plan, file, ARM_EVAL_BUDGET, NULL};
    scope top = {root, NULL, NULL, 1, NULL, false};
    const aivm_ynode *res = iget(root, "resources");
    aivm_loc start = {file, 1, 1};
    if (!res || (res->type != AIVM_Y_SEQ && res->type != AIVM_Y_MAP))
        return aivm_error_set(err, AIVM_EINVALID, res ? &res->loc : &start,
                              "ARM template without a 'resources' array or object");
    read_resources(&c, res, &top, "/resources", 0);
    return 0;
}
