/*
 * catalog_facts.c - the catalog's facts beside the sizes: `gpu_models` (the
 * number formats each GPU runs natively, its dense peaks, memory bandwidth
 * and interconnect, with sources) and `regions` (Azure's public regions, the
 * list region names are checked against). Both sections are optional: a
 * catalog without them knows no GPU facts and accepts any region.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "catalog_int.h"
#include "util/fields.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const dtype_names[AIVM_DTYPE_COUNT + 1] = {
    "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4", "fp4", NULL};

const char *aivm_dtype_name(aivm_dtype d)
{
    return (unsigned)d < AIVM_DTYPE_COUNT ? dtype_names[d] : "unknown";
}

static const char *const vendors[] = {"nvidia", "amd", NULL};

static const aivm_field gpu_model_fields[] = {
    {"model", AIVM_F_STR, true, offsetof(aivm_gpu_model, model), NULL},
    {"vendor", AIVM_F_CUSTOM, true, 0, NULL},
    {"architecture", AIVM_F_STR, false, offsetof(aivm_gpu_model, architecture), NULL},
    {"memory_gb", AIVM_F_NUM, true, offsetof(aivm_gpu_model, memory_gb), NULL},
    {"precisions", AIVM_F_CUSTOM, true, 0, NULL},
    {"dense_tflops", AIVM_F_CUSTOM, false, 0, NULL},
    {"memory_bandwidth_gbs", AIVM_F_CUSTOM, false, 0, NULL},
    {"interconnect_gbs", AIVM_F_CUSTOM, false, 0, NULL},
    {"sources", AIVM_F_STRLIST, true, offsetof(aivm_gpu_model, sources), NULL},
    {"notes", AIVM_F_STRLIST, false, offsetof(aivm_gpu_model, notes), NULL},
    {"as_of", AIVM_F_DATE, true, offsetof(aivm_gpu_model, as_of), NULL},
    {"variant_of", AIVM_F_STR, false, offsetof(aivm_gpu_model, variant_of), NULL},
    {"series", AIVM_F_STRLIST, false, offsetof(aivm_gpu_model, series), NULL},
};

/* A number that may be null ("unverified": stored as 0, unknown). */
static int opt_num(double *out, const aivm_ynode *v, const char *what, aivm_error *err)
{
    *out = 0;
    if (!v || aivm_yis_null(v))
        return 0;
    return aivm_yget_num(out, v, what, err);
}

static int load_precisions(aivm_gpu_model *g, const aivm_ynode *v, const char *what,
                           aivm_error *err)
{
    int rc = aivm_yexpect(v, AIVM_Y_SEQ, what, err);
    for (size_t i = 0; rc == 0 && i < v->n; i++) {
        int d = 0;
        rc = aivm_yget_enum(&d, v->kids[i], dtype_names, what, err);
        if (rc == 0)
            g->precisions |= 1u << d;
    }
    return rc;
}

static int load_tflops(aivm_gpu_model *g, const aivm_ynode *v, const char *what, aivm_error *err)
{
    int rc;
    if (!v || aivm_yis_null(v))
        return 0;
    rc = aivm_yexpect(v, AIVM_Y_MAP, what, err);
    if (rc == 0)
        rc = aivm_ycheck_keys(v, dtype_names, what, err);
    for (unsigned d = 0; rc == 0 && d < AIVM_DTYPE_COUNT; d++)
        rc = opt_num(&g->tflops[d], aivm_ymap_get(v, dtype_names[d]), what, err);
    return rc;
}

/* Every source is a catalog source id or an https URL. */
static int check_sources(const aivm_catalog *cat, const aivm_gpu_model *g, const aivm_ynode *e,
                         const char *what, aivm_error *err)
{
    const aivm_ynode *list = aivm_ymap_get(e, "sources");
    for (size_t i = 0; i < g->sources.n; i++) {
        const char *s = g->sources.items[i];
        bool found = strncmp(s, "https://", 8) == 0;
        for (size_t j = 0; !found && j < cat->n_sources; j++)
            found = strcmp(cat->sources[j].id, s) == 0;
        if (!found)
            return aivm_error_set(err, AIVM_EINVALID, &list->kids[i]->loc,
                                  "unknown source '%s' in %s (a source id or an https URL)", s,
                                  what);
    }
    return 0;
}

static int load_gpu_model(aivm_catalog *cat, aivm_gpu_model *g, const aivm_ynode *e, size_t i,
                          aivm_error *err)
{
    char what[200];
    const aivm_ynode *m = aivm_ymap_get(e, "model");
    int vendor = 0, rc;
    snprintf(what, sizeof what, "gpu model '%s'",
             m && m->type == AIVM_Y_SCALAR ? m->str : "(unnamed)");
    (void)i;
    rc = aivm_fields_load(g, e, gpu_model_fields, N(gpu_model_fields), &cat->arena, what, err);
    if (rc < 0)
        return rc;
    g->loc = e->loc;
    rc = aivm_yget_enum(&vendor, aivm_ymap_get(e, "vendor"), vendors, what, err);
    if (rc == 0)
        g->vendor = vendors[vendor];
    if (rc == 0)
        rc = load_precisions(g, aivm_ymap_get(e, "precisions"), what, err);
    if (rc == 0)
        rc = load_tflops(g, aivm_ymap_get(e, "dense_tflops"), what, err);
    if (rc == 0)
        rc = opt_num(&g->memory_bandwidth_gbs, aivm_ymap_get(e, "memory_bandwidth_gbs"), what, err);
    if (rc == 0)
        rc = opt_num(&g->interconnect_gbs, aivm_ymap_get(e, "interconnect_gbs"), what, err);
    if (rc == 0)
        rc = check_sources(cat, g, e, what, err);
    for (size_t j = 0; rc == 0 && j < cat->n_gpu_models; j++)
        if (strcmp(cat->gpu_models[j].model, g->model) == 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &e->loc, "duplicate gpu model '%s'", g->model);
    if (rc == 0 && (g->variant_of != NULL) != (g->series.n > 0))
        rc = aivm_error_set(err, AIVM_EINVALID, &e->loc,
                            "%s: variant_of and series go together (a variant names its model "
                            "and the series whose sizes have it)",
                            what);
    return rc;
}

/* A variant names an earlier model (not a variant) and series whose sizes have that model. */
static int check_variant(const aivm_catalog *cat, const aivm_gpu_model *g, aivm_error *err)
{
    const aivm_gpu_model *base = aivm_catalog_gpu_model(cat, g->variant_of);
    if (!base || base->variant_of || base >= g)
        return aivm_error_set(err, AIVM_EINVALID, &g->loc,
                              "gpu model '%s': variant_of '%s' is not a GPU model listed before it",
                              g->model, g->variant_of);
    for (size_t k = 0; k < g->series.n; k++) {
        bool found = false;
        for (size_t i = 0; !found && i < cat->n_sizes; i++)
            found = cat->sizes[i].has_gpu &&
                    strcmp(aivm_str(&cat->sizes[i].series), g->series.items[k]) == 0 &&
                    strcmp(aivm_str(&cat->sizes[i].gpu_model), g->variant_of) == 0;
        if (!found)
            return aivm_error_set(err, AIVM_EINVALID, &g->loc,
                                  "gpu model '%s': no size of series '%s' has a %s GPU", g->model,
                                  g->series.items[k], g->variant_of);
    }
    return 0;
}

static const aivm_field region_fields[] = {
    {"name", AIVM_F_STR, true, offsetof(aivm_region, name), NULL},
    {"display", AIVM_F_STR, true, offsetof(aivm_region, display), NULL},
    {"geography", AIVM_F_STR, false, offsetof(aivm_region, geography), NULL},
};

static int load_regions(aivm_catalog *cat, const aivm_ynode *v, aivm_error *err)
{
    static const char *const keys[] = {"source", "as_of", "list", NULL};
    const aivm_ynode *list = NULL, *src = NULL, *date = NULL;
    int rc = aivm_yexpect(v, AIVM_Y_MAP, "key 'regions'", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(v, keys, "key 'regions'", err);
    if (rc == 0)
        rc = aivm_yrequire(&src, v, "source", "key 'regions'", err);
    if (rc == 0)
        rc = aivm_yget_str(&cat->regions_source, src, "key 'source' in 'regions'", err);
    for (size_t j = 0; rc == 0 && j <= cat->n_sources; j++)
        if (j == cat->n_sources)
            rc = aivm_error_set(err, AIVM_EINVALID, &src->loc, "unknown source '%s' in 'regions'",
                                cat->regions_source);
        else if (strcmp(cat->sources[j].id, cat->regions_source) == 0)
            break;
    if (rc == 0)
        rc = aivm_yrequire(&date, v, "as_of", "key 'regions'", err);
    if (rc == 0)
        rc = aivm_yget_date(&cat->regions_as_of, date, "key 'as_of' in 'regions'", err);
    if (rc == 0)
        rc = aivm_yrequire(&list, v, "list", "key 'regions'", err);
    if (rc == 0)
        rc = aivm_yexpect(list, AIVM_Y_SEQ, "key 'list' in 'regions'", err);
    if (rc < 0)
        return rc;
    cat->regions = aivm_arena_alloc(&cat->arena, (list->n ? list->n : 1) * sizeof *cat->regions);
    for (size_t i = 0; i < list->n; i++) {
        aivm_region *r = &cat->regions[i];
        char what[64];
        snprintf(what, sizeof what, "regions.list[%zu]", i);
        rc = aivm_fields_load(r, list->kids[i], region_fields, N(region_fields), &cat->arena, what,
                              err);
        if (rc < 0)
            return rc;
        r->loc = list->kids[i]->loc;
        if (aivm_catalog_find_region(cat, r->name))
            return aivm_error_set(err, AIVM_EINVALID, &r->loc, "duplicate region '%s'", r->name);
        cat->n_regions = i + 1;
    }
    return 0;
}

int aivm_catalog__load_facts(aivm_catalog *cat, const aivm_ynode *root, aivm_error *err)
{
    const aivm_ynode *v = aivm_ymap_get(root, "gpu_models");
    int rc = 0;
    if (v) {
        rc = aivm_yexpect(v, AIVM_Y_SEQ, "key 'gpu_models'", err);
        if (rc < 0)
            return rc;
        cat->gpu_models =
            aivm_arena_alloc(&cat->arena, (v->n ? v->n : 1) * sizeof *cat->gpu_models);
        for (size_t i = 0; rc == 0 && i < v->n; i++) {
            memset(&cat->gpu_models[i], 0, sizeof cat->gpu_models[i]);
            rc = load_gpu_model(cat, &cat->gpu_models[i], v->kids[i], i, err);
            if (rc == 0)
                cat->n_gpu_models = i + 1;
        }
        for (size_t i = 0; rc == 0 && i < cat->n_gpu_models; i++)
            if (cat->gpu_models[i].variant_of)
                rc = check_variant(cat, &cat->gpu_models[i], err);
    }
    v = aivm_ymap_get(root, "regions");
    if (rc == 0 && v)
        rc = load_regions(cat, v, err);
    /* Each GPU size carries its model's native formats, so rules read them
     * from the size record alone. Sizes are the catalog's own arena memory. */
    for (size_t i = 0; rc == 0 && i < cat->n_sizes; i++) {
        aivm_size *sz = (aivm_size *)(uintptr_t)&cat->sizes[i];
        const aivm_gpu_model *g = aivm_catalog_size_gpu(cat, sz);
        sz->gpu_precisions = g ? g->precisions : 0;
    }
    return rc;
}

size_t aivm_catalog_gpu_model_count(const aivm_catalog *cat)
{
    return cat->n_gpu_models;
}

const aivm_gpu_model *aivm_catalog_gpu_model_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_gpu_models ? &cat->gpu_models[i] : NULL;
}

const aivm_gpu_model *aivm_catalog_gpu_model(const aivm_catalog *cat, const char *model)
{
    for (size_t i = 0; model && i < cat->n_gpu_models; i++)
        if (strcmp(cat->gpu_models[i].model, model) == 0)
            return &cat->gpu_models[i];
    return NULL;
}

size_t aivm_catalog_region_count(const aivm_catalog *cat)
{
    return cat->n_regions;
}

const aivm_region *aivm_catalog_region_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_regions ? &cat->regions[i] : NULL;
}

/* Equal ignoring ASCII case and spaces ("East US" == "eastus"). */
static bool same_region(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ')
            a++;
        while (*b == ' ')
            b++;
        if (aivm_ascii_lower(*a) != aivm_ascii_lower(*b))
            return false;
        if (!*a)
            return true;
        a++;
        b++;
    }
}

const aivm_region *aivm_catalog_find_region(const aivm_catalog *cat, const char *name)
{
    for (size_t i = 0; name && i < cat->n_regions; i++)
        if (same_region(cat->regions[i].name, name) || same_region(cat->regions[i].display, name))
            return &cat->regions[i];
    return NULL;
}

const char *aivm_catalog_regions_source(const aivm_catalog *cat)
{
    return cat->regions_source;
}

const char *aivm_catalog_regions_as_of(const aivm_catalog *cat)
{
    return cat->regions_as_of;
}

bool aivm_size_supports_os(const aivm_size *size, const char *os, bool *known)
{
    *known = size->os.n > 0;
    if (!*known)
        return true;
    for (size_t i = 0; i < size->os.n; i++)
        if (strcmp(aivm_rlist_at(&size->os, i), os) == 0)
            return true;
    return false;
}

/* The region groups of --regions (docs/availability.md): the catalog's
 * `geography` of each region decides. */
static const char *const group_us[] = {"United States", NULL};
static const char *const group_europe[] = {
    "Austria", "Belgium", "Denmark", "Europe", "France",      "Germany",        "Italy",
    "Norway",  "Poland",  "Spain",   "Sweden", "Switzerland", "United Kingdom", NULL};
static const char *const group_asia[] = {"Asia Pacific", "India",    "Indonesia", "Japan",
                                         "Korea",        "Malaysia", "Taiwan",    NULL};

static const struct {
    const char *name;
    const char *const *geographies; /* NULL: every region */
} region_groups[] = {
    {"us", group_us},
    {"europe", group_europe},
    {"asia", group_asia},
    {"all", NULL},
};

static bool in_group(const aivm_region *r, const char *const *geos)
{
    if (!geos)
        return true;
    for (; *geos; geos++)
        if (r->geography && strcmp(r->geography, *geos) == 0)
            return true;
    return false;
}

static void add_region(const aivm_region ***out, size_t *n, const aivm_region *r)
{
    for (size_t i = 0; i < *n; i++)
        if ((*out)[i] == r)
            return;
    *out = aivm_xrealloc((void *)*out, (*n + 1) * sizeof **out);
    (*out)[(*n)++] = r;
}

static int unknown_region(const aivm_catalog *cat, const char *name, aivm_error *err)
{
    const char **names = aivm_xcalloc(cat->n_regions + 4, sizeof *names);
    const char *guess;
    size_t n = 0;
    for (size_t i = 0; i < sizeof region_groups / sizeof region_groups[0]; i++)
        names[n++] = region_groups[i].name;
    for (size_t i = 0; i < cat->n_regions; i++)
        names[n++] = cat->regions[i].name;
    guess = aivm_did_you_mean(name, names, n);
    if (guess)
        aivm_error_set(err, AIVM_ENOTFOUND, NULL, "unknown region '%s' (did you mean %s?)", name,
                       guess);
    else
        aivm_error_set(err, AIVM_ENOTFOUND, NULL,
                       "unknown region '%s' (not an Azure public region of the catalog's list, "
                       "nor us, europe, asia or all)",
                       name);
    free((void *)names);
    return err->code;
}

int aivm_catalog_regions_expand(const aivm_region ***out, size_t *n_out, const aivm_catalog *cat,
                                const char *spec, aivm_error *err)
{
    const aivm_region **list = NULL;
    size_t n = 0;
    const char *p = spec ? spec : "";
    *out = NULL;
    *n_out = 0;
    while (*p) {
        char item[64];
        size_t len = strcspn(p, ",");
        size_t a = 0, b = len;
        while (a < b && p[a] == ' ')
            a++;
        while (b > a && p[b - 1] == ' ')
            b--;
        if (b - a >= sizeof item) {
            free((void *)list);
            return aivm_error_set(err, AIVM_EINVALID, NULL, "region name too long in '%s'", spec);
        }
        memcpy(item, p + a, b - a);
        item[b - a] = '\0';
        p += len + (p[len] == ',');
        if (!item[0])
            continue;
        const aivm_region *r = aivm_catalog_find_region(cat, item);
        if (r) {
            add_region(&list, &n, r);
            continue;
        }
        size_t g = 0;
        for (; g < sizeof region_groups / sizeof region_groups[0]; g++)
            if (aivm_streq_nocase(item, region_groups[g].name))
                break;
        if (g == sizeof region_groups / sizeof region_groups[0]) {
            free((void *)list);
            return unknown_region(cat, item, err);
        }
        for (size_t i = 0; i < cat->n_regions; i++)
            if (in_group(&cat->regions[i], region_groups[g].geographies))
                add_region(&list, &n, &cat->regions[i]);
    }
    if (n == 0)
        return aivm_error_set(err, AIVM_EINVALID, NULL, "no region in '%s'", spec ? spec : "");
    *out = list;
    *n_out = n;
    return 0;
}

const aivm_gpu_model *aivm_catalog_size_gpu(const aivm_catalog *cat, const aivm_size *s)
{
    const char *model = s->has_gpu ? aivm_str(&s->gpu_model) : NULL;
    if (!model)
        return NULL;
    for (size_t i = 0; i < cat->n_gpu_models; i++) {
        const aivm_gpu_model *g = &cat->gpu_models[i];
        if (!g->variant_of || strcmp(g->variant_of, model) != 0)
            continue;
        for (size_t k = 0; k < g->series.n; k++)
            if (strcmp(g->series.items[k], aivm_str(&s->series)) == 0)
                return g;
    }
    return aivm_catalog_gpu_model(cat, model);
}
