/*
 * refresh_sizes.c - the sizes a `catalog refresh` adds: a size of the SKU
 * snapshots that the catalog lacks, described from its SKU entries and from
 * the catalog's own sizes of its series (the series table: GPU model, memory
 * and interconnect, CPU, OS list); a size of a series the catalog does not
 * know is written unverified. refresh.c calls it and writes the rest.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/refresh.h"
#include "aivm/util.h"
#include "refresh_int.h"
#include "util/jsonw.h"

static const char *strip_standard(const char *name)
{
    return aivm_strneq_nocase(name, "Standard_", 9) ? name + 9 : name;
}

bool aivm_refresh_series_key(char *out, size_t cap, const char *name)
{
    const char *p = strip_standard(name), *d = p;
    while (*d && ((*d >= 'A' && *d <= 'Z') || (*d >= 'a' && *d <= 'z')))
        d++;
    if (d == p || !(*d >= '0' && *d <= '9'))
        return false;
    const char *rest = d;
    while (*rest >= '0' && *rest <= '9')
        rest++;
    return snprintf(out, cap, "%.*s%s", (int)(d - p), p, rest) < (int)cap;
}

const aivm_size *aivm_refresh_series_gpu(const aivm_catalog *cat, const char *name, double gpus)
{
    char key[128], k2[128];
    const aivm_size *any = NULL, *same = NULL;
    bool uniform = true;
    if (!aivm_refresh_series_key(key, sizeof key, name))
        return NULL;
    for (size_t i = 0; i < aivm_catalog_size_count(cat); i++) {
        const aivm_size *s = aivm_catalog_size_at(cat, i);
        if (!s->has_gpu || s->unverified ||
            !aivm_refresh_series_key(k2, sizeof k2, aivm_str(&s->name)) || strcmp(key, k2) != 0)
            continue;
        if (any && (strcmp(aivm_str(&any->gpu_model), aivm_str(&s->gpu_model)) != 0 ||
                    any->gpu_memory_gb != s->gpu_memory_gb))
            uniform = false;
        any = any ? any : s;
        if (!same && fabs(s->gpu_count - gpus) < 0.01)
            same = s;
    }
    return same ? same : uniform ? any : NULL;
}

/* The catalog family of a size name: the longest run of its leading
 * letters that is a family id ("NCC40ads_H100_v5" -> "NC"); NULL when none. */
static const aivm_family *family_of(const aivm_catalog *cat, const char *name)
{
    const char *p = strip_standard(name);
    size_t n = 0;
    while ((p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= 'a' && p[n] <= 'z'))
        n++;
    for (; n > 0; n--)
        for (size_t i = 0; i < aivm_catalog_family_count(cat); i++) {
            const aivm_family *f = aivm_catalog_family_at(cat, i);
            if (strlen(f->id) == n && aivm_strneq_nocase(f->id, p, n))
                return f;
        }
    return NULL;
}

/* Zones and restrictions per region as two notes (they are the
 * subscription's and the snapshot's, not the size's). */
static void place_notes(aivm_jw *w, const aivm_avail_sku *const *k, size_t nk)
{
    aivm_buf z = AIVM_BUF_INIT, r = AIVM_BUF_INIT;
    for (size_t i = 0; i < nk; i++) {
        char zs[96];
        if (i && strcmp(k[i]->location, k[i - 1]->location) == 0)
            continue; /* a region two snapshots list: said once */
        aivm_avail_zones_str(zs, sizeof zs, k[i]->zones);
        if (zs[0])
            aivm_buf_printf(&z, "%s%s %s", z.size ? "; " : "", k[i]->location, zs);
        for (size_t j = 0; j < k[i]->n_restrictions; j++)
            aivm_buf_printf(&r, "%s%s %s", r.size ? "; " : "", k[i]->location,
                            k[i]->restrictions[j].reason);
    }
    if (z.size) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_buf_printf(&b, "Availability zones in the SKU snapshot: %s.", z.ptr);
        aivm_jw_str(w, NULL, b.ptr);
        aivm_buf_dispose(&b);
    }
    if (r.size) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_buf_printf(&b, "Restricted for the subscription of the SKU snapshot: %s.", r.ptr);
        aivm_jw_str(w, NULL, b.ptr);
        aivm_buf_dispose(&b);
    }
    aivm_buf_dispose(&z);
    aivm_buf_dispose(&r);
}

/* What a new size is made of: its first SKU entry, its family, the catalog
 * size of its series it takes facts from (NULL: none) and its prices. */
typedef struct {
    const aivm_avail_sku *f;
    const aivm_family *fam;
    const aivm_size *sib;
    double gpus;
    const char *retire;
    char key[128]; /* its series key, "" when the name has none */
    const aivm_refresh_priced *p;
    size_t np;
    bool unverified;
} new_facts;

/* A CPU size of a known series, or a GPU series' size without its GPU count
 * (`gpus` 0): the first verified GPU-less catalog size of series `key`. */
static const aivm_size *cpu_sibling(const aivm_catalog *cat, const char *key, double gpus)
{
    for (size_t i = 0; i < aivm_catalog_size_count(cat); i++) {
        const aivm_size *s = aivm_catalog_size_at(cat, i);
        char k2[128];
        if (!s->unverified && aivm_refresh_series_key(k2, sizeof k2, aivm_str(&s->name)) &&
            strcmp(k2, key) == 0 && !s->has_gpu && gpus == 0)
            return s;
    }
    return NULL;
}

/* The name, series, family and hardware of a new size, and whether it is
 * unverified. */
static void write_hardware(aivm_jw *w, const new_facts *n)
{
    const aivm_avail_sku *f = n->f;
    const aivm_size *sib = n->sib;
    unsigned gens = f->hyperv ? f->hyperv : sib ? sib->hyperv_generations : 0;
    aivm_jw_str(w, "name", f->name);
    aivm_jw_str(w, "series", sib ? aivm_str(&sib->series) : n->key);
    aivm_jw_str(w, "family", n->fam->id);
    aivm_jw_str(w, "category", aivm_category_name(n->fam->category));
    aivm_jw_num(w, "vcpus", f->vcpus);
    aivm_jw_num(w, "memory_gib", f->memory_gib);
    if (sib && sib->has_gpu) {
        aivm_jw_object(w, "gpu");
        aivm_jw_str(w, "vendor", aivm_str(&sib->gpu_vendor));
        aivm_jw_str(w, "model", aivm_str(&sib->gpu_model));
        aivm_jw_num(w, "count", n->gpus);
        aivm_jw_num(w, "memory_gb", sib->gpu_memory_gb);
        aivm_jw_end(w);
        aivm_jw_str(w, "gpu_interconnect", aivm_str(&sib->gpu_interconnect));
    } else {
        aivm_jw_null(w, "gpu");
    }
    aivm_jw_bool(w, "infiniband", f->rdma == 1);
    if (f->accelerated_net >= 0) /* absent from the snapshot: not documented */
        aivm_jw_bool(w, "accelerated_networking", f->accelerated_net == 1);
    aivm_jw_array(w, "hyperv_generations");
    if (gens & 2u || !gens)
        aivm_jw_num(w, NULL, 1);
    if (gens & 4u || !gens)
        aivm_jw_num(w, NULL, 2);
    aivm_jw_end(w);
    if (sib && aivm_str(&sib->cpu))
        aivm_jw_str(w, "cpu", aivm_str(&sib->cpu));
    aivm_jw_str(w, "cpu_arch",
                f->arch ? aivm_refresh__arch_name(f->arch)
                : sib   ? aivm_str(&sib->cpu_arch)
                        : "x86_64");
    aivm_jw_bool(w, "unverified", n->unverified);
}

/* The lifecycle of a new size and its generation year (the series', else
 * the year of the refresh). */
static void write_lifecycle(aivm_refresh_ctx *c, const new_facts *n)
{
    aivm_jw *w = c->w;
    const char *date = c->o->date;
    char note[400];
    aivm_jw_object(w, "lifecycle");
    aivm_jw_str(w, "status",
                n->retire                                        ? "retiring"
                : n->sib && n->sib->lifecycle == AIVM_LC_PREVIEW ? "preview"
                                                                 : "ga");
    if (n->retire)
        aivm_jw_str(w, "date", n->retire);
    snprintf(note, sizeof note, "Added by catalog refresh of %s from az vm list-skus.", date);
    aivm_jw_str(w, "note", note);
    aivm_jw_end(w);
    aivm_jw_num(w, "generation_year",
                n->sib ? n->sib->generation_year
                       : (double)((date[0] - '0') * 1000 + (date[1] - '0') * 100 +
                                  (date[2] - '0') * 10 + (date[3] - '0')));
}

/* The regions of a new size: its SKU entries' k[0..nk), then those only
 * its price lists have; and the OS list of its series. */
static void write_regions(aivm_jw *w, const new_facts *n, const aivm_avail_sku *const *k, size_t nk)
{
    aivm_jw_array(w, "regions");
    for (size_t i = 0; i < nk; i++)
        if (!i || strcmp(k[i]->location, k[i - 1]->location) != 0) /* k sorted by location */
            aivm_jw_str(w, NULL, k[i]->location);
    for (size_t i = 0; i < n->np; i++) {
        bool dup = false;
        for (size_t j = 0; !dup && j < nk; j++)
            dup = strcmp(k[j]->location, n->p[i].region) == 0;
        if (!dup)
            aivm_jw_str(w, NULL, n->p[i].region);
    }
    aivm_jw_end(w);
    if (n->sib && n->sib->os.n) {
        aivm_jw_array(w, "os");
        for (size_t i = 0; i < n->sib->os.n; i++)
            aivm_jw_str(w, NULL, aivm_rlist_at(&n->sib->os, i));
        aivm_jw_end(w);
    }
}

/* The price block of a new size, when a price list prices it. */
static void write_price(aivm_refresh_ctx *c, const new_facts *n)
{
    aivm_jw *w = c->w;
    char d[16];
    if (!n->np)
        return;
    aivm_refresh__list_date(d, sizeof d, &n->p[0], c->o->date);
    aivm_jw_object(w, "price");
    aivm_jw_str(w, "currency", "USD");
    aivm_jw_str(w, "as_of", d);
    aivm_jw_str(w, "source", AIVM_REFRESH_SOURCE);
    aivm_jw_str(w, "reference_region", n->p[0].region);
    aivm_jw_object(w, "regions");
    for (size_t i = 0; i < n->np; i++)
        aivm_refresh__write_region_price(w, &n->p[i]);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

/* The sources of a new size and its notes: where its facts come from, then
 * the zones and restrictions of its SKU entries k[0..nk). */
static void write_notes(aivm_jw *w, const new_facts *n, const aivm_avail_sku *const *k, size_t nk)
{
    char note[400];
    aivm_jw_array(w, "sources");
    aivm_jw_str(w, NULL, AIVM_REFRESH_SOURCE);
    aivm_jw_end(w);
    aivm_jw_array(w, "notes");
    if (n->sib && n->sib->has_gpu)
        snprintf(note, sizeof note,
                 "GPU model, memory and interconnect of series %s (as %s has them); GPU count, "
                 "vCPUs, memory, RDMA and Hyper-V generations from az vm list-skus.",
                 n->key, aivm_str(&n->sib->name));
    else if (n->sib)
        snprintf(note, sizeof note, "Series %s (as %s); facts from az vm list-skus.", n->key,
                 aivm_str(&n->sib->name));
    else
        snprintf(note, sizeof note,
                 "Unverified: series %s is not in the catalog's series table, so its GPU is "
                 "unknown (%g GPUs per az vm list-skus); never recommended.",
                 n->key, n->gpus);
    aivm_jw_str(w, NULL, note);
    place_notes(w, k, nk);
    aivm_jw_end(w);
}

void aivm_refresh__new_size(aivm_refresh_ctx *c, const aivm_avail_sku *const *k, size_t nk)
{
    new_facts n;
    memset(&n, 0, sizeof n);
    n.f = k[0];
    n.fam = family_of(c->base, n.f->name);
    n.gpus = n.f->gpus > 0 ? n.f->gpus : 0;
    n.sib = n.gpus > 0 ? aivm_refresh_series_gpu(c->base, n.f->name, n.gpus) : NULL;
    n.p = aivm_refresh__prices_of(c->pv, c->n_pv, n.f->name, &n.np);
    aivm_refresh_series_key(n.key, sizeof n.key, n.f->name);
    if (!n.fam || n.f->vcpus <= 0 || n.f->memory_gib <= 0) {
        c->sum.skipped++;
        return;
    }
    if (!n.sib)
        n.sib = cpu_sibling(c->base, n.key, n.gpus);
    n.retire = aivm_refresh__first_retirement(k, nk);
    n.unverified = !n.sib || (n.fam->category == AIVM_CAT_GPU) != (n.gpus > 0);
    aivm_jw_object(c->w, NULL);
    write_hardware(c->w, &n);
    write_lifecycle(c, &n);
    write_regions(c->w, &n, k, nk);
    write_price(c, &n);
    write_notes(c->w, &n, k, nk);
    aivm_jw_end(c->w);
    c->sum.added++;
    if (n.unverified)
        c->sum.unverified++;
}
