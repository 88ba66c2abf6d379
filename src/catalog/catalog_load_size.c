/*
 * catalog_load_size.c - one entry of the catalog's `sizes` → aivm_size: the
 * field table of a size and its nested blocks (gpu, lifecycle, os, price with
 * its per-region prices), then the checks against the families and sources
 * already loaded (category agreement, a GPU for GPU sizes, positive vCPUs and
 * memory, prices above the floor). catalog_load.c walks the document.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "aivm/util.h"
#include "catalog_int.h"
#include "util/fields.h"
#include "util/rstr.h"
#include "util/yamlutil.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OFF(t, f) offsetof(t, f)

static const char *const lifecycle_names[] = {"ga", "preview", "retiring", "retired", NULL};
static const char *const interconnects[] = {"nvlink", "infinity-fabric", "pcie", "none", NULL};
static const char *const vendors[] = {"nvidia", "amd", NULL};
static const char *const arches[] = {"x86_64", "arm64", NULL};

static const aivm_field size_fields[] = {
    {"name", AIVM_F_RSTR, true, OFF(aivm_size, name), NULL},
    {"series", AIVM_F_RSTR, true, OFF(aivm_size, series), NULL},
    {"family", AIVM_F_RSTR, true, OFF(aivm_size, family), NULL},
    {"category", AIVM_F_ENUM, true, OFF(aivm_size, category), aivm_catalog__category_names},
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

static int load_gpu(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *v, const char *what)
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

static int load_lifecycle(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *v,
                          const char *what)
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

static int load_region_price(aivm_catalog_loader *c, aivm_region_price *p, const aivm_ynode *k,
                             const aivm_ynode *v, const char *w)
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
    if (!(p->on_demand < AIVM_CATALOG_PRICE_CEILING))
        return aivm_error_set(c->err, AIVM_EINVALID, &od->loc,
                              "%s: on_demand %g is at or above the ceiling of %g per hour", w,
                              p->on_demand, AIVM_CATALOG_PRICE_CEILING);
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

static int load_price(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *v, const char *what)
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

static int check_size(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *e, const char *what)
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
    return aivm_catalog__check_sources(c, e, what);
}

/* `os: [linux, windows]`: what the series supports (docs/catalog-format.md). */
static int load_os(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *v, const char *what)
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

int aivm_catalog__load_size(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *e,
                            const char *what)
{
    const aivm_ynode *v;
    int idx = 0;
    int rc;
    rc = aivm_fields_load(s, e, size_fields, N(size_fields), &c->cat->arena, what, c->err);
    if (rc < 0)
        return rc;
    aivm_util__rstr_set(&s->loc.file, e->loc.file);
    s->loc.line = e->loc.line;
    s->loc.col = e->loc.col;
    s->accelerated_networking_known = aivm_ymap_get(e, "accelerated_networking") != NULL;
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
