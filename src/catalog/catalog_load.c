/*
 * catalog_load.c - YAML → aivm_catalog. Walks the tree from yamlutil with
 * the field tables of fields.c, then checks the cross-references (family
 * and source ids, category agreement, prices) so that everything after
 * loading can trust the catalog. Every error carries file:line:col.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "catalog_int.h"
#include "util/fields.h"
#include "util/rstr.h"
#include "util/yamlutil.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const category_names[] = {"gpu", "cpu-memory-optimized", "cpu-compute-optimized",
                                             "cpu-general-purpose", NULL};
static const char *const lifecycle_names[] = {"ga", "preview", "retiring", "retired", NULL};
static const char *const interconnects[] = {"nvlink", "infinity-fabric", "pcie", "none", NULL};
static const char *const vendors[] = {"nvidia", "amd", NULL};
static const char *const arches[] = {"x86_64", "arm64", NULL};

#define OFF(t, f) offsetof(t, f)

static const aivm_field source_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_source, id), NULL},
    {"title", AIVM_F_STR, false, OFF(aivm_source, title), NULL},
    {"url", AIVM_F_STR, false, OFF(aivm_source, url), NULL},
    {"date", AIVM_F_STR, false, OFF(aivm_source, date), NULL},
};

static const aivm_field family_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_family, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_family, name), NULL},
    {"category", AIVM_F_ENUM, true, OFF(aivm_family, category), category_names},
    {"description", AIVM_F_STR, false, OFF(aivm_family, description), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_family, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_family, as_of), NULL},
};

static const aivm_field size_fields[] = {
    {"name", AIVM_F_RSTR, true, OFF(aivm_size, name), NULL},
    {"series", AIVM_F_RSTR, true, OFF(aivm_size, series), NULL},
    {"family", AIVM_F_RSTR, true, OFF(aivm_size, family), NULL},
    {"category", AIVM_F_ENUM, true, OFF(aivm_size, category), category_names},
    {"vcpus", AIVM_F_UINT, true, OFF(aivm_size, vcpus), NULL},
    {"memory_gib", AIVM_F_NUM, true, OFF(aivm_size, memory_gib), NULL},
    {"gpu", AIVM_F_CUSTOM, false, 0, NULL},
    {"gpu_interconnect", AIVM_F_CUSTOM, false, 0, NULL},
    {"gpu_interconnect_detail", AIVM_F_RSTR, false, OFF(aivm_size, gpu_interconnect_detail), NULL},
    {"infiniband", AIVM_F_BOOL, false, OFF(aivm_size, infiniband), NULL},
    {"infiniband_gbps", AIVM_F_NUM, false, OFF(aivm_size, infiniband_gbps), NULL},
    {"accelerated_networking", AIVM_F_BOOL, false, OFF(aivm_size, accelerated_networking), NULL},
    {"hyperv_generations", AIVM_F_GENS, true, OFF(aivm_size, hyperv_generations), NULL},
    {"cpu", AIVM_F_RSTR, false, OFF(aivm_size, cpu), NULL},
    {"cpu_arch", AIVM_F_CUSTOM, false, 0, NULL},
    {"confidential", AIVM_F_BOOL, false, OFF(aivm_size, confidential), NULL},
    {"unverified", AIVM_F_BOOL, false, OFF(aivm_size, unverified), NULL},
    {"lifecycle", AIVM_F_CUSTOM, true, 0, NULL},
    {"generation_year", AIVM_F_INT, true, OFF(aivm_size, generation_year), NULL},
    {"regions", AIVM_F_RLIST, false, OFF(aivm_size, regions), NULL},
    {"os", AIVM_F_CUSTOM, false, 0, NULL},
    {"price", AIVM_F_CUSTOM, false, 0, NULL},
    {"sources", AIVM_F_RLIST, false, OFF(aivm_size, sources), NULL},
    {"notes", AIVM_F_RLIST, false, OFF(aivm_size, notes), NULL},
};

typedef struct {
    const char *vendor, *model;
    double count, memory_gb;
} gpu_rec;

static const aivm_field gpu_fields[] = {
    {"vendor", AIVM_F_CUSTOM, true, 0, NULL},
    {"model", AIVM_F_STR, true, OFF(gpu_rec, model), NULL},
    {"count", AIVM_F_NUM, true, OFF(gpu_rec, count), NULL},
    {"memory_gb", AIVM_F_NUM, true, OFF(gpu_rec, memory_gb), NULL},
};

typedef struct {
    int status;
    const char *date, *note;
} lifecycle_rec;

static const aivm_field lifecycle_fields[] = {
    {"status", AIVM_F_ENUM, true, OFF(lifecycle_rec, status), lifecycle_names},
    {"date", AIVM_F_CUSTOM, false, 0, NULL},
    {"note", AIVM_F_STR, false, OFF(lifecycle_rec, note), NULL},
};

typedef struct {
    const char *currency, *as_of, *source, *reference_region;
} price_rec;

static const aivm_field price_fields[] = {
    {"currency", AIVM_F_STR, true, OFF(price_rec, currency), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(price_rec, as_of), NULL},
    {"source", AIVM_F_STR, true, OFF(price_rec, source), NULL},
    {"reference_region", AIVM_F_STR, true, OFF(price_rec, reference_region), NULL},
    {"regions", AIVM_F_CUSTOM, true, 0, NULL},
};

static const aivm_field image_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_image, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_image, name), NULL},
    {"kind", AIVM_F_CUSTOM, true, 0, NULL},
    {"os", AIVM_F_CUSTOM, true, 0, NULL},
    {"publisher", AIVM_F_STR, true, OFF(aivm_image, publisher), NULL},
    {"offer", AIVM_F_STR, true, OFF(aivm_image, offer), NULL},
    {"sku", AIVM_F_STR, true, OFF(aivm_image, sku), NULL},
    {"version", AIVM_F_STR, true, OFF(aivm_image, version), NULL},
    {"hyperv_generations", AIVM_F_GENS, true, OFF(aivm_image, hyperv_generations), NULL},
    {"gpu_vendors", AIVM_F_STRLIST, false, OFF(aivm_image, gpu_vendors), NULL},
    {"ships", AIVM_F_STRLIST, false, OFF(aivm_image, ships), NULL},
    {"gpu_stack", AIVM_F_STRLIST, false, OFF(aivm_image, gpu_stack), NULL},
    {"supported_sizes", AIVM_F_STRLIST, false, OFF(aivm_image, supported_sizes), NULL},
    {"notes", AIVM_F_STRLIST, false, OFF(aivm_image, notes), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_image, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_image, as_of), NULL},
};

static const aivm_field orch_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_orchestrator, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_orchestrator, name), NULL},
    {"summary", AIVM_F_STR, true, OFF(aivm_orchestrator, summary), NULL},
    {"schedulers", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, schedulers), NULL},
    {"features", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, features), NULL},
    {"checklist", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, checklist), NULL},
    {"notes", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, notes), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_orchestrator, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_orchestrator, as_of), NULL},
};

static const aivm_field tool_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_container_tool, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_container_tool, name), NULL},
    {"summary", AIVM_F_STR, true, OFF(aivm_container_tool, summary), NULL},
    {"gpu_vendors", AIVM_F_STRLIST, false, OFF(aivm_container_tool, gpu_vendors), NULL},
    {"notes", AIVM_F_STRLIST, false, OFF(aivm_container_tool, notes), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_container_tool, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_container_tool, as_of), NULL},
};

typedef struct {
    aivm_catalog *cat;
    aivm_error *err;
} ctx;

/* "size 'Standard_X'" when the entry has a usable name/id, else "sizes[3]". */
static void describe(char *out, size_t n, const aivm_ynode *entry, const char *kind,
                     const char *idkey, const char *section, size_t i)
{
    const aivm_ynode *id = aivm_ymap_get(entry, idkey);
    if (id && id->type == AIVM_Y_SCALAR && !aivm_yis_null(id))
        snprintf(out, n, "%s '%s'", kind, id->str);
    else
        snprintf(out, n, "%s[%zu]", section, i);
}

/* Every id in the entry's (already loaded) `sources` list names a source. */
static int check_sources(ctx *c, const aivm_ynode *entry, const char *what)
{
    const aivm_ynode *node = aivm_ymap_get(entry, "sources");
    for (size_t i = 0; node && node->type == AIVM_Y_SEQ && i < node->n; i++) {
        const char *id = node->kids[i]->str;
        bool found = false;
        for (size_t j = 0; j < c->cat->n_sources; j++)
            if (strcmp(c->cat->sources[j].id, id) == 0) {
                found = true;
                break;
            }
        if (!found)
            return aivm_error_set(c->err, AIVM_EINVALID, &node->kids[i]->loc,
                                  "unknown source '%s' in %s", id, what);
    }
    return 0;
}

static int load_gpu(ctx *c, aivm_size *s, const aivm_ynode *v, const char *what)
{
    gpu_rec g = {NULL, NULL, 0, 0};
    int vendor = 0;
    char w[400];
    int rc;
    if (aivm_yis_null(v))
        return 0;
    snprintf(w, sizeof w, "gpu of %s", what);
    rc = aivm_fields_load(&g, v, gpu_fields, N(gpu_fields), &c->cat->arena, w, c->err);
    if (rc < 0)
        return rc;
    rc = aivm_yget_enum(&vendor, aivm_ymap_get(v, "vendor"), vendors, w, c->err);
    if (rc < 0)
        return rc;
    if (g.count <= 0 || g.memory_gb <= 0)
        return aivm_error_set(c->err, AIVM_EINVALID, &v->loc,
                              "%s: count and memory_gb must be positive", w);
    s->has_gpu = true;
    aivm_util__rstr_set(&s->gpu_vendor, vendors[vendor]);
    aivm_util__rstr_set(&s->gpu_model, g.model);
    s->gpu_count = g.count;
    s->gpu_memory_gb = g.memory_gb;
    return 0;
}

static int load_lifecycle(ctx *c, aivm_size *s, const aivm_ynode *v, const char *what)
{
    lifecycle_rec l = {0, NULL, NULL};
    const aivm_ynode *date;
    char w[400];
    int rc;
    snprintf(w, sizeof w, "lifecycle of %s", what);
    rc = aivm_fields_load(&l, v, lifecycle_fields, N(lifecycle_fields), &c->cat->arena, w, c->err);
    if (rc < 0)
        return rc;
    date = aivm_ymap_get(v, "date");
    if (date && !aivm_yis_null(date)) {
        rc = aivm_yget_date(&l.date, date, w, c->err);
        if (rc < 0)
            return rc;
    }
    if ((l.status == AIVM_LC_RETIRING || l.status == AIVM_LC_RETIRED) && !l.date)
        return aivm_error_set(c->err, AIVM_EINVALID, &v->loc, "%s: a %s size needs a date", w,
                              lifecycle_names[l.status]);
    s->lifecycle = (aivm_lifecycle)l.status;
    aivm_util__rstr_set(&s->lifecycle_date, l.date);
    aivm_util__rstr_set(&s->lifecycle_note, l.note);
    return 0;
}

static int load_region_price(ctx *c, aivm_region_price *p, const aivm_ynode *k, const aivm_ynode *v,
                             const char *w)
{
    static const char *const keys[] = {"on_demand", "spot", NULL};
    const aivm_ynode *od, *spot;
    int rc = aivm_yexpect(v, AIVM_Y_MAP, w, c->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(v, keys, w, c->err);
    if (rc == 0)
        rc = aivm_yrequire(&od, v, "on_demand", w, c->err);
    if (rc == 0)
        rc = aivm_yget_num(&p->on_demand, od, w, c->err);
    if (rc < 0)
        return rc;
    aivm_util__rstr_set(&p->region, k->str);
    if (p->on_demand <= 0)
        return aivm_error_set(c->err, AIVM_EINVALID, &od->loc,
                              "%s: on_demand must be positive (a missing price is no price)", w);
    if (p->on_demand < AIVM_CATALOG_PRICE_FLOOR)
        return aivm_error_set(c->err, AIVM_EINVALID, &od->loc,
                              "%s: on_demand %g is below the floor of %g per hour (it would rank "
                              "first at 0)",
                              w, p->on_demand, AIVM_CATALOG_PRICE_FLOOR);
    spot = aivm_ymap_get(v, "spot");
    if (spot && !aivm_yis_null(spot)) {
        rc = aivm_yget_num(&p->spot, spot, w, c->err);
        if (rc < 0)
            return rc;
        if (p->spot <= 0 || p->spot > p->on_demand)
            return aivm_error_set(c->err, AIVM_EINVALID, &spot->loc,
                                  "%s: spot must be positive and not above on_demand", w);
        if (p->spot < AIVM_CATALOG_PRICE_FLOOR)
            return aivm_error_set(c->err, AIVM_EINVALID, &spot->loc,
                                  "%s: spot %g is below the floor of %g per hour (it would rank "
                                  "first at 0)",
                                  w, p->spot, AIVM_CATALOG_PRICE_FLOOR);
        p->has_spot = true;
    }
    return 0;
}

static int load_price(ctx *c, aivm_size *s, const aivm_ynode *v, const char *what)
{
    price_rec pr = {NULL, NULL, NULL, NULL};
    const aivm_ynode *regs;
    aivm_region_price *prices;
    char w[400];
    bool has_ref = false;
    int rc;
    snprintf(w, sizeof w, "price of %s", what);
    rc = aivm_fields_load(&pr, v, price_fields, N(price_fields), &c->cat->arena, w, c->err);
    if (rc < 0)
        return rc;
    regs = aivm_ymap_get(v, "regions");
    rc = aivm_yexpect(regs, AIVM_Y_MAP, w, c->err);
    if (rc < 0)
        return rc;
    prices = aivm_arena_alloc(&c->cat->arena, (regs->n ? regs->n : 1) * sizeof *prices);
    for (size_t i = 0; i < regs->n; i++) {
        char rw[480];
        snprintf(rw, sizeof rw, "region '%s' in %s", regs->kids[2 * i]->str, w);
        rc = load_region_price(c, &prices[i], regs->kids[2 * i], regs->kids[2 * i + 1], rw);
        if (rc < 0)
            return rc;
        if (strcmp(aivm_str(&prices[i].region), pr.reference_region) == 0)
            has_ref = true;
    }
    if (!has_ref)
        return aivm_error_set(c->err, AIVM_EINVALID, &aivm_ymap_get(v, "reference_region")->loc,
                              "%s: reference_region '%s' has no entry in regions", w,
                              pr.reference_region);
    s->has_price = true;
    aivm_util__rstr_set(&s->price_currency, pr.currency);
    aivm_util__rstr_set(&s->price_as_of, pr.as_of);
    aivm_util__rstr_set(&s->price_source, pr.source);
    aivm_util__rstr_set(&s->price_reference_region, pr.reference_region);
    aivm_util__roff_set(&s->prices_off, prices);
    s->n_prices = regs->n;
    return 0;
}

static const aivm_family *find_family(const aivm_catalog *cat, const char *id)
{
    for (size_t i = 0; i < cat->n_families; i++)
        if (strcmp(cat->families[i].id, id) == 0)
            return &cat->families[i];
    return NULL;
}

static int check_size(ctx *c, aivm_size *s, const aivm_ynode *e, const char *what)
{
    const aivm_family *fam = find_family(c->cat, aivm_str(&s->family));
    if (!fam)
        return aivm_error_set(c->err, AIVM_EINVALID, &aivm_ymap_get(e, "family")->loc,
                              "unknown family '%s' in %s", aivm_str(&s->family), what);
    if (fam->category != s->category)
        return aivm_error_set(c->err, AIVM_EINVALID, &aivm_ymap_get(e, "category")->loc,
                              "%s: category '%s' differs from family %s's '%s'", what,
                              aivm_category_name(s->category), fam->id,
                              aivm_category_name(fam->category));
    if (s->category == AIVM_CAT_GPU && !s->has_gpu && !s->unverified) /* unverified: GPU unknown */
        return aivm_error_set(c->err, AIVM_EINVALID, &e->loc, "%s: a gpu size needs 'gpu'", what);
    if (s->category != AIVM_CAT_GPU && s->has_gpu)
        return aivm_error_set(c->err, AIVM_EINVALID, &aivm_ymap_get(e, "gpu")->loc,
                              "%s: a cpu size must have 'gpu: null'", what);
    if (s->vcpus == 0 || s->memory_gib <= 0)
        return aivm_error_set(c->err, AIVM_EINVALID, &e->loc,
                              "%s: vcpus and memory_gib must be positive", what);
    return check_sources(c, e, what);
}

/* `os: [linux, windows]`: what the series supports (docs/catalog-format.md). */
static int load_os(ctx *c, aivm_size *s, const aivm_ynode *v, const char *what)
{
    static const char *const oses[] = {"linux", "windows", NULL};
    const char *items[2];
    size_t n = 0;
    char w[400];
    int rc;
    snprintf(w, sizeof w, "key 'os' in %s", what);
    rc = aivm_yexpect(v, AIVM_Y_SEQ, w, c->err);
    for (size_t i = 0; rc == 0 && i < v->n; i++) {
        int o = 0;
        rc = aivm_yget_enum(&o, v->kids[i], oses, w, c->err);
        if (rc == 0 && (n == 1 && items[0] == oses[o]))
            rc = aivm_error_set(c->err, AIVM_EINVALID, &v->kids[i]->loc, "%s: '%s' twice", w,
                                oses[o]);
        if (rc == 0)
            items[n++] = oses[o];
    }
    if (rc == 0)
        aivm_util__rlist_set(&s->os, items, n, &c->cat->arena);
    return rc;
}

static int load_size(ctx *c, aivm_size *s, const aivm_ynode *e, size_t i)
{
    char what[300];
    const aivm_ynode *v;
    int idx = 0;
    int rc;
    describe(what, sizeof what, e, "size", "name", "sizes", i);
    rc = aivm_fields_load(s, e, size_fields, N(size_fields), &c->cat->arena, what, c->err);
    if (rc < 0)
        return rc;
    aivm_util__rstr_set(&s->loc.file, e->loc.file);
    s->loc.line = e->loc.line;
    s->loc.col = e->loc.col;
    aivm_util__rstr_set(&s->gpu_interconnect, "none");
    aivm_util__rstr_set(&s->cpu_arch, "x86_64");
    v = aivm_ymap_get(e, "gpu_interconnect");
    if (v) {
        rc = aivm_yget_enum(&idx, v, interconnects, what, c->err);
        if (rc < 0)
            return rc;
        aivm_util__rstr_set(&s->gpu_interconnect, interconnects[idx]);
    }
    v = aivm_ymap_get(e, "cpu_arch");
    if (v) {
        rc = aivm_yget_enum(&idx, v, arches, what, c->err);
        if (rc < 0)
            return rc;
        aivm_util__rstr_set(&s->cpu_arch, arches[idx]);
    }
    v = aivm_ymap_get(e, "gpu");
    if (v && (rc = load_gpu(c, s, v, what)) < 0)
        return rc;
    v = aivm_ymap_get(e, "os");
    if (v && (rc = load_os(c, s, v, what)) < 0)
        return rc;
    rc = load_lifecycle(c, s, aivm_ymap_get(e, "lifecycle"), what);
    if (rc < 0)
        return rc;
    v = aivm_ymap_get(e, "price");
    if (v && (rc = load_price(c, s, v, what)) < 0)
        return rc;
    return check_size(c, s, e, what);
}

static int load_image_extra(ctx *c, aivm_image *img, const aivm_ynode *e, const char *what)
{
    static const char *const kinds[] = {"dsvm", "hpc", "marketplace", NULL};
    static const char *const oses[] = {"linux", "windows", NULL};
    char w[400];
    int k = 0, o = 0;
    int rc;
    snprintf(w, sizeof w, "key 'kind' in %s", what);
    rc = aivm_yget_enum(&k, aivm_ymap_get(e, "kind"), kinds, w, c->err);
    if (rc < 0)
        return rc;
    snprintf(w, sizeof w, "key 'os' in %s", what);
    rc = aivm_yget_enum(&o, aivm_ymap_get(e, "os"), oses, w, c->err);
    if (rc < 0)
        return rc;
    img->kind = kinds[k];
    img->os = oses[o];
    return 0;
}

typedef enum { SEC_SOURCES, SEC_FAMILIES, SEC_SIZES, SEC_IMAGES, SEC_ORCHS, SEC_TOOLS } section;

static int load_section(ctx *c, const aivm_ynode *root, section sec)
{
    static const char *const names[] = {"sources", "families",      "sizes",
                                        "images",  "orchestrators", "container_tools"};
    static const char *const kinds[] = {"source", "family",       "size",
                                        "image",  "orchestrator", "container tool"};
    static const size_t elem[] = {sizeof(aivm_source),       sizeof(aivm_family),
                                  sizeof(aivm_size),         sizeof(aivm_image),
                                  sizeof(aivm_orchestrator), sizeof(aivm_container_tool)};
    const aivm_ynode *list = aivm_ymap_get(root, names[sec]);
    char *arr;
    int rc;
    if (!list)
        return 0;
    rc = aivm_yexpect(list, AIVM_Y_SEQ, names[sec], c->err);
    if (rc < 0)
        return rc;
    arr = aivm_arena_alloc(&c->cat->arena, (list->n ? list->n : 1) * elem[sec]);
    for (size_t i = 0; i < list->n; i++) {
        const aivm_ynode *e = list->kids[i];
        void *obj = arr + i * elem[sec];
        char what[300];
        describe(what, sizeof what, e, kinds[sec], sec == SEC_SIZES ? "name" : "id", names[sec], i);
        switch (sec) {
        case SEC_SOURCES:
            rc = aivm_fields_load(obj, e, source_fields, N(source_fields), &c->cat->arena, what,
                                  c->err);
            ((aivm_source *)obj)->loc = e->loc;
            break;
        case SEC_FAMILIES:
            rc = aivm_fields_load(obj, e, family_fields, N(family_fields), &c->cat->arena, what,
                                  c->err);
            if (rc == 0)
                rc = check_sources(c, e, what);
            ((aivm_family *)obj)->loc = e->loc;
            break;
        case SEC_SIZES:
            rc = load_size(c, obj, e, i);
            break;
        case SEC_IMAGES:
            rc = aivm_fields_load(obj, e, image_fields, N(image_fields), &c->cat->arena, what,
                                  c->err);
            if (rc == 0)
                rc = load_image_extra(c, obj, e, what);
            if (rc == 0)
                rc = check_sources(c, e, what);
            ((aivm_image *)obj)->loc = e->loc;
            break;
        case SEC_ORCHS:
            rc =
                aivm_fields_load(obj, e, orch_fields, N(orch_fields), &c->cat->arena, what, c->err);
            if (rc == 0)
                rc = check_sources(c, e, what);
            ((aivm_orchestrator *)obj)->loc = e->loc;
            break;
        case SEC_TOOLS:
            rc =
                aivm_fields_load(obj, e, tool_fields, N(tool_fields), &c->cat->arena, what, c->err);
            if (rc == 0)
                rc = check_sources(c, e, what);
            ((aivm_container_tool *)obj)->loc = e->loc;
            break;
        }
        if (rc < 0)
            return rc;
    }
    switch (sec) {
    case SEC_SOURCES:
        c->cat->sources = (aivm_source *)(void *)arr;
        c->cat->n_sources = list->n;
        break;
    case SEC_FAMILIES:
        c->cat->families = (aivm_family *)(void *)arr;
        c->cat->n_families = list->n;
        break;
    case SEC_SIZES:
        c->cat->sizes = (aivm_size *)(void *)arr;
        c->cat->n_sizes = list->n;
        break;
    case SEC_IMAGES:
        c->cat->images = (aivm_image *)(void *)arr;
        c->cat->n_images = list->n;
        break;
    case SEC_ORCHS:
        c->cat->orchestrators = (aivm_orchestrator *)(void *)arr;
        c->cat->n_orchestrators = list->n;
        break;
    case SEC_TOOLS:
        c->cat->tools = (aivm_container_tool *)(void *)arr;
        c->cat->n_tools = list->n;
        break;
    }
    return 0;
}

int aivm_catalog__load_entries(aivm_catalog *cat, const aivm_ynode *root, bool sizes,
                               aivm_error *err)
{
    ctx c = {cat, err};
    return load_section(&c, root, sizes ? SEC_SIZES : SEC_SOURCES);
}

/* Ids must be unique within sources, families, images, orchestrators, tools. */
static int check_unique_ids(ctx *c, const void *arr, size_t n, size_t elem, size_t id_off,
                            size_t loc_off, const char *kind)
{
    for (size_t i = 1; i < n; i++) {
        const char *a = *(const char *const *)(const void *)((const char *)arr + i * elem + id_off);
        for (size_t j = 0; j < i; j++) {
            const char *b =
                *(const char *const *)(const void *)((const char *)arr + j * elem + id_off);
            if (strcmp(a, b) == 0) {
                const aivm_loc *loc =
                    (const aivm_loc *)(const void *)((const char *)arr + i * elem + loc_off);
                return aivm_error_set(c->err, AIVM_EINVALID, loc, "duplicate %s id '%s'", kind, a);
            }
        }
    }
    return 0;
}

#define UNIQUE(c, arr, n, T, kind)                                                                 \
    check_unique_ids(c, arr, n, sizeof(T), offsetof(T, id), offsetof(T, loc), kind)

static int load_root(ctx *c, const aivm_ynode *root, const char *name)
{
    static const char *const top[] = {
        "catalog",       "sources",    "families", "sizes",           "images",
        "orchestrators", "gpu_models", "regions",  "container_tools", NULL};
    static const char *const hdr_keys[] = {"version", "as_of", "description", NULL};
    const aivm_ynode *hdr, *v;
    aivm_loc start = {name, 1, 1};
    int rc;
    if (!root)
        return aivm_error_set(c->err, AIVM_EINVALID, &start, "empty catalog");
    rc = aivm_yexpect(root, AIVM_Y_MAP, "catalog document", c->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, top, "the catalog's top level", c->err);
    if (rc == 0)
        rc = aivm_yrequire(&hdr, root, "catalog", "the catalog's top level", c->err);
    if (rc == 0)
        rc = aivm_yexpect(hdr, AIVM_Y_MAP, "key 'catalog'", c->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(hdr, hdr_keys, "the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yrequire(&v, hdr, "version", "the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yget_str(&c->cat->version, v, "key 'version' in the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yrequire(&v, hdr, "as_of", "the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yget_date(&c->cat->as_of, v, "key 'as_of' in the catalog header", c->err);
    if (rc == 0 && (v = aivm_ymap_get(hdr, "description")) != NULL)
        rc = aivm_yget_str(&c->cat->description, v, "key 'description'", c->err);
    if (rc == 0 && !aivm_ymap_get(root, "sizes"))
        rc = aivm_error_set(c->err, AIVM_EINVALID, &root->loc,
                            "missing key 'sizes' in the catalog's top level");
    for (section s = SEC_SOURCES; rc == 0 && s <= SEC_TOOLS; s++)
        rc = load_section(c, root, s);
    if (rc == 0)
        rc = aivm_catalog__load_facts(c->cat, root, c->err);
    if (rc == 0)
        rc = UNIQUE(c, c->cat->sources, c->cat->n_sources, aivm_source, "source");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->families, c->cat->n_families, aivm_family, "family");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->images, c->cat->n_images, aivm_image, "image");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->orchestrators, c->cat->n_orchestrators, aivm_orchestrator,
                    "orchestrator");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->tools, c->cat->n_tools, aivm_container_tool, "container tool");
    if (rc == 0)
        rc = aivm_catalog__index(c->cat, c->err);
    return rc;
}

int aivm_catalog_load_mem(aivm_catalog **out, const char *buf, size_t len, const char *name,
                          aivm_error *err)
{
    aivm_catalog *cat = aivm_xcalloc(1, sizeof *cat);
    aivm_ynode *root = NULL;
    ctx c;
    int rc;
    *out = NULL;
    c.cat = cat;
    c.err = err;
    rc = aivm_yaml_parse(&root, &cat->arena, buf, len, name, err);
    if (rc == 0)
        rc = load_root(&c, root, name);
    if (rc < 0) {
        aivm_catalog_free(cat);
        return rc;
    }
    *out = cat;
    return 0;
}

int aivm_catalog_load_file(aivm_catalog **out, const char *path, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc;
    *out = NULL;
    rc = aivm_buf_read_file(&b, path, 0, err);
    if (rc == 0)
        rc = aivm_catalog_load_mem(out, b.ptr, b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}
