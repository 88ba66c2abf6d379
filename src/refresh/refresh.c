/*
 * refresh.c - `catalog refresh`: compares a catalog with the user's `az vm
 * list-skus` snapshots and region-wide price lists and writes the overlay
 * that aivm_catalog_overlay_mem() applies (docs/catalog-format.md, "The
 * local overlay"). New sizes of a known series take the series' GPU facts
 * from the catalog's own sizes (the series table); others are unverified.
 * A snapshot never replaces a sourced fact: differences are written as
 * disagreements. Also the price-list gaps `prices fetch` reports.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/refresh.h"
#include "aivm/util.h"
#include "util/jsonw.h"

#define SOURCE_ID "refresh"

static int cmp_nocase(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = aivm_ascii_lower(*a), y = aivm_ascii_lower(*b);
        if (x != y || !x)
            return (unsigned char)x - (unsigned char)y;
    }
}

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

/* ---- price lists */

typedef struct {
    const char *sku, *region, *date;
    double od, spot;
} priced;

static int priced_cmp(const void *pa, const void *pb)
{
    const priced *a = pa, *b = pb;
    int c = cmp_nocase(a->sku, b->sku);
    return c ? c : strcmp(a->region, b->region);
}

/* One entry per size and region of the region-wide lists, Linux prices. */
static priced *collect_prices(size_t *n_out, const aivm_prices *p)
{
    priced *v = NULL;
    size_t n = 0, k = 0;
    for (size_t i = 0; p && i < aivm_prices_count(p); i++) {
        const aivm_price_entry *e = aivm_prices_entry(p, i);
        if (e->query.sku || !e->set)
            continue;
        for (size_t j = 0; j < aivm_price_set_count(e->set); j++) {
            const aivm_price_row *r = aivm_price_set_row(e->set, j);
            if (r->excluded || !r->sku || r->os != AIVM_OS_LINUX ||
                r->type != AIVM_PTYPE_CONSUMPTION || r->tier == AIVM_TIER_LOW_PRIORITY)
                continue;
            v = aivm_xrealloc(v, (n + 1) * sizeof *v);
            v[n].sku = r->sku;
            v[n].region = e->query.region;
            v[n].date = e->fetched_at;
            v[n].od = r->tier == AIVM_TIER_REGULAR ? r->hourly : 0;
            v[n].spot = r->tier == AIVM_TIER_SPOT ? r->hourly : 0;
            n++;
        }
    }
    if (n > 1)
        qsort(v, n, sizeof *v, priced_cmp);
    for (size_t i = 0; i < n; i++) { /* merge a size's rows in one region */
        if (k && priced_cmp(&v[k - 1], &v[i]) == 0) {
            v[k - 1].od = v[k - 1].od > 0 ? v[k - 1].od : v[i].od;
            v[k - 1].spot = v[k - 1].spot > 0 ? v[k - 1].spot : v[i].spot;
        } else {
            v[k++] = v[i];
        }
    }
    k = 0;
    for (size_t i = 0; i < n; i++) /* a size with a Spot row only has no price */
        if (v[i].od > 0)
            v[k++] = v[i];
    *n_out = k;
    return v;
}

/* The first of `v` for `sku` (sorted), and how many follow it. */
static const priced *prices_of(const priced *v, size_t n, const char *sku, size_t *count)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_nocase(v[mid].sku, sku) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *count = 0;
    while (lo + *count < n && cmp_nocase(v[lo + *count].sku, sku) == 0)
        (*count)++;
    return *count ? &v[lo] : NULL;
}

static bool has_region(const aivm_rlist *l, const char *r)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(aivm_rlist_at(l, i), r) == 0)
            return true;
    return false;
}

void aivm_refresh_price_gaps(const char ***unknown, const char ***regions_of, size_t *n_unknown,
                             const char ***unpriced, size_t *n_unpriced, const aivm_catalog *cat,
                             const aivm_prices *p, const char *today)
{
    size_t n = 0, c;
    priced *v = collect_prices(&n, p);
    *unknown = NULL;
    *n_unknown = 0;
    *unpriced = NULL;
    *n_unpriced = 0;
    if (regions_of)
        *regions_of = NULL;
    for (size_t i = 0; i < n; i++) {
        if ((i && cmp_nocase(v[i - 1].sku, v[i].sku) == 0) || aivm_catalog_find_size(cat, v[i].sku))
            continue;
        *unknown = aivm_xrealloc((void *)*unknown, (*n_unknown + 1) * sizeof **unknown);
        if (regions_of) {
            *regions_of = aivm_xrealloc((void *)*regions_of, (*n_unknown + 1) * sizeof **unknown);
            (*regions_of)[*n_unknown] = v[i].region;
        }
        (*unknown)[(*n_unknown)++] = v[i].sku;
    }
    for (size_t i = 0; n && i < aivm_catalog_size_count(cat); i++) {
        const aivm_size *s = aivm_catalog_size_at(cat, i);
        bool expected = false; /* the catalog offers or prices it in a region fetched */
        for (size_t j = 0; !expected && j < aivm_prices_count(p); j++) {
            const aivm_price_entry *e = aivm_prices_entry(p, j);
            expected = !e->query.sku && e->set &&
                       (aivm_size_price_in(s, e->query.region) ||
                        has_region(&s->regions, e->query.region));
        }
        if (!expected || aivm_size_lifecycle_on(s, today) == AIVM_LC_RETIRED ||
            prices_of(v, n, aivm_str(&s->name), &c))
            continue;
        *unpriced = aivm_xrealloc((void *)*unpriced, (*n_unpriced + 1) * sizeof **unpriced);
        (*unpriced)[(*n_unpriced)++] = aivm_str(&s->name);
    }
    free(v);
}

/* ---- the overlay */

typedef struct {
    aivm_jw *w;
    const aivm_catalog *base;
    const aivm_refresh_opts *o;
    const priced *pv;
    size_t n_pv;
    aivm_refresh_summary sum;
    char *(*dis)[5]; /* the disagreements, written last: size, fact, catalog, snapshot, source */
    size_t n_dis;
} ctx;

static void disagree(ctx *c, const char *size, const char *fact, const char *catalog,
                     const char *snapshot, const char *source)
{
    const char *v[5] = {size, fact, catalog, snapshot, source};
    c->dis = aivm_xrealloc(c->dis, (c->n_dis + 1) * sizeof *c->dis);
    for (int i = 0; i < 5; i++)
        c->dis[c->n_dis][i] = aivm_xstrdup(v[i] ? v[i] : "");
    c->n_dis++;
    c->sum.disagreements++;
}

static const char *arch_name(const char *sku_arch)
{
    return !sku_arch ? NULL : aivm_streq_nocase(sku_arch, "Arm64") ? "arm64" : "x86_64";
}

static void gens_text(char *out, size_t cap, unsigned g)
{
    snprintf(out, cap, "%s%s%s", g & 2u ? "1" : "", (g & 6u) == 6u ? "," : "", g & 4u ? "2" : "");
}

/* The capabilities of a SKU entry that differ from the catalog size's. */
static void compare(ctx *c, const aivm_size *s, const aivm_avail_sku *k)
{
    const char *name = aivm_str(&s->name), *src = "az vm list-skus";
    char a[64], b[64];
    if (k->vcpus >= 0 && (unsigned)k->vcpus != s->vcpus) {
        snprintf(a, sizeof a, "%u", s->vcpus);
        snprintf(b, sizeof b, "%d", k->vcpus);
        disagree(c, name, "vcpus", a, b, src);
    }
    if (k->memory_gib >= 0 && fabs(k->memory_gib - s->memory_gib) > 0.5) {
        snprintf(a, sizeof a, "%g", s->memory_gib);
        snprintf(b, sizeof b, "%g", k->memory_gib);
        disagree(c, name, "memory_gib", a, b, src);
    }
    if (k->gpus >= 0 && s->gpu_count >= 1 && fabs(k->gpus - s->gpu_count) > 0.01) {
        snprintf(a, sizeof a, "%g", s->gpu_count);
        snprintf(b, sizeof b, "%g", k->gpus);
        disagree(c, name, "gpu.count", a, b, src);
    }
    if (k->rdma >= 0 && (k->rdma == 1) != s->infiniband)
        disagree(c, name, "infiniband", s->infiniband ? "true" : "false",
                 k->rdma ? "true" : "false", src);
    if (k->hyperv && k->hyperv != s->hyperv_generations) {
        gens_text(a, sizeof a, s->hyperv_generations);
        gens_text(b, sizeof b, k->hyperv);
        disagree(c, name, "hyperv_generations", a, b, src);
    }
    if (k->arch && strcmp(arch_name(k->arch), aivm_str(&s->cpu_arch)) != 0)
        disagree(c, name, "cpu_arch", aivm_str(&s->cpu_arch), arch_name(k->arch), src);
}

/* The change of catalog size `s`: regions of its SKU entries k[0..nk) and of
 * the price lists, prices of regions it has none in, a retirement date. */
static void changes_of(ctx *c, const aivm_size *s, const aivm_avail_sku *const *k, size_t nk)
{
    aivm_jw *w = c->w;
    size_t np = 0, added = 0;
    const priced *p = prices_of(c->pv, c->n_pv, aivm_str(&s->name), &np);
    const char *retire = NULL;
    bool open = false;
    for (size_t i = 0; i < nk; i++)
        retire = retire ? retire : k[i]->retirement;
    for (size_t i = 0; i < np; i++) {
        const aivm_region_price *cp = aivm_size_price_in(s, p[i].region);
        if (cp && fabs(cp->on_demand - p[i].od) > 0.005 * cp->on_demand) {
            char a[64], b[64], fact[96], src[160];
            snprintf(a, sizeof a, "%.4f", cp->on_demand);
            snprintf(b, sizeof b, "%.4f", p[i].od);
            snprintf(fact, sizeof fact, "price in %s", p[i].region);
            snprintf(src, sizeof src, "price list of %s, fetched %s", p[i].region, p[i].date);
            disagree(c, aivm_str(&s->name), fact, a, b, src);
        }
    }
#define OPEN()                                                                                     \
    do {                                                                                           \
        if (!open) {                                                                               \
            aivm_jw_object(w, NULL);                                                               \
            aivm_jw_str(w, "size", aivm_str(&s->name));                                            \
            aivm_jw_str(w, "source", SOURCE_ID);                                                   \
            open = true;                                                                           \
        }                                                                                          \
    } while (0)
    if (s->regions.n) { /* an empty list means unknown: adding to it would exclude the rest */
        const char **seen = aivm_xcalloc(nk + np + 1, sizeof *seen);
        size_t ns = 0;
        for (size_t i = 0; i < nk + np; i++) {
            const char *r = i < nk ? k[i]->location : p[i - nk].region;
            bool dup = has_region(&s->regions, r);
            for (size_t j = 0; !dup && j < ns; j++)
                dup = strcmp(seen[j], r) == 0;
            if (dup)
                continue;
            if (!ns) {
                OPEN();
                aivm_jw_array(w, "regions");
            }
            seen[ns++] = r;
            aivm_jw_str(w, NULL, r);
        }
        if (ns)
            aivm_jw_end(w);
        free((void *)seen);
    }
    for (size_t i = 0; i < np; i++) {
        if (aivm_size_price_in(s, p[i].region))
            continue;
        if (!added++) {
            char d[16];
            OPEN();
            snprintf(d, sizeof d, "%.10s", p[i].date ? p[i].date : c->o->date);
            aivm_jw_str(w, "prices_as_of", d);
            aivm_jw_object(w, "prices");
        }
        aivm_jw_object(w, p[i].region);
        aivm_jw_num(w, "on_demand", p[i].od);
        if (p[i].spot > 0 && p[i].spot <= p[i].od)
            aivm_jw_num(w, "spot", p[i].spot);
        aivm_jw_end(w);
    }
    if (added)
        aivm_jw_end(w);
    if (retire && !aivm_str(&s->lifecycle_date) && s->lifecycle != AIVM_LC_RETIRED) {
        OPEN();
        aivm_jw_str(w, "retiring", retire);
    } else if (retire && aivm_str(&s->lifecycle_date) &&
               strcmp(retire, aivm_str(&s->lifecycle_date)) != 0) {
        disagree(c, aivm_str(&s->name), "retirement date", aivm_str(&s->lifecycle_date), retire,
                 "az vm list-skus");
    }
#undef OPEN
    if (open) {
        aivm_jw_end(w);
        c->sum.changed++;
    }
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

/* A size the catalog lacks, from its SKU entries k[0..nk) (one per location). */
static void new_size(ctx *c, const aivm_avail_sku *const *k, size_t nk)
{
    aivm_jw *w = c->w;
    const aivm_avail_sku *f = k[0];
    const aivm_family *fam = family_of(c->base, f->name);
    double gpus = f->gpus > 0 ? f->gpus : 0;
    const aivm_size *sib = gpus > 0 ? aivm_refresh_series_gpu(c->base, f->name, gpus) : NULL;
    const char *retire = NULL;
    char key[128] = "", note[400];
    size_t np = 0;
    const priced *p = prices_of(c->pv, c->n_pv, f->name, &np);
    unsigned gens;
    aivm_refresh_series_key(key, sizeof key, f->name);
    if (!fam || f->vcpus <= 0 || f->memory_gib <= 0) { /* the loader needs them */
        c->sum.skipped++;
        return;
    }
    if (!sib) { /* a CPU size of a known series, or a GPU series' size without its GPU count */
        for (size_t i = 0; !sib && i < aivm_catalog_size_count(c->base); i++) {
            const aivm_size *s = aivm_catalog_size_at(c->base, i);
            char k2[128];
            if (!s->unverified && aivm_refresh_series_key(k2, sizeof k2, aivm_str(&s->name)) &&
                strcmp(k2, key) == 0 && !s->has_gpu && gpus == 0)
                sib = s;
        }
    }
    for (size_t i = 0; i < nk; i++)
        retire = retire ? retire : k[i]->retirement;
    gens = f->hyperv ? f->hyperv : sib ? sib->hyperv_generations : 0;
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "name", f->name);
    aivm_jw_str(w, "series", sib ? aivm_str(&sib->series) : key);
    aivm_jw_str(w, "family", fam->id);
    aivm_jw_str(w, "category", aivm_category_name(fam->category));
    aivm_jw_num(w, "vcpus", f->vcpus);
    aivm_jw_num(w, "memory_gib", f->memory_gib);
    if (sib && sib->has_gpu) {
        aivm_jw_object(w, "gpu");
        aivm_jw_str(w, "vendor", aivm_str(&sib->gpu_vendor));
        aivm_jw_str(w, "model", aivm_str(&sib->gpu_model));
        aivm_jw_num(w, "count", gpus);
        aivm_jw_num(w, "memory_gb", sib->gpu_memory_gb);
        aivm_jw_end(w);
        aivm_jw_str(w, "gpu_interconnect", aivm_str(&sib->gpu_interconnect));
    } else {
        aivm_jw_null(w, "gpu");
    }
    aivm_jw_bool(w, "infiniband", f->rdma == 1);
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
                f->arch ? arch_name(f->arch)
                : sib   ? aivm_str(&sib->cpu_arch)
                        : "x86_64");
    aivm_jw_bool(w, "unverified", !sib || (fam->category == AIVM_CAT_GPU) != (gpus > 0));
    aivm_jw_object(w, "lifecycle");
    aivm_jw_str(w, "status",
                retire                                     ? "retiring"
                : sib && sib->lifecycle == AIVM_LC_PREVIEW ? "preview"
                                                           : "ga");
    if (retire)
        aivm_jw_str(w, "date", retire);
    snprintf(note, sizeof note, "Added by catalog refresh of %s from az vm list-skus.", c->o->date);
    aivm_jw_str(w, "note", note);
    aivm_jw_end(w);
    aivm_jw_num(w, "generation_year",
                sib ? sib->generation_year
                    : (double)((c->o->date[0] - '0') * 1000 + (c->o->date[1] - '0') * 100 +
                               (c->o->date[2] - '0') * 10 + (c->o->date[3] - '0')));
    aivm_jw_array(w, "regions");
    for (size_t i = 0; i < nk; i++)
        aivm_jw_str(w, NULL, k[i]->location);
    for (size_t i = 0; i < np; i++) {
        bool dup = false;
        for (size_t j = 0; !dup && j < nk; j++)
            dup = strcmp(k[j]->location, p[i].region) == 0;
        if (!dup)
            aivm_jw_str(w, NULL, p[i].region);
    }
    aivm_jw_end(w);
    if (sib && sib->os.n) {
        aivm_jw_array(w, "os");
        for (size_t i = 0; i < sib->os.n; i++)
            aivm_jw_str(w, NULL, aivm_rlist_at(&sib->os, i));
        aivm_jw_end(w);
    }
    if (np) {
        char d[16];
        snprintf(d, sizeof d, "%.10s", p[0].date ? p[0].date : c->o->date);
        aivm_jw_object(w, "price");
        aivm_jw_str(w, "currency", "USD");
        aivm_jw_str(w, "as_of", d);
        aivm_jw_str(w, "source", SOURCE_ID);
        aivm_jw_str(w, "reference_region", p[0].region);
        aivm_jw_object(w, "regions");
        for (size_t i = 0; i < np; i++) {
            aivm_jw_object(w, p[i].region);
            aivm_jw_num(w, "on_demand", p[i].od);
            if (p[i].spot > 0 && p[i].spot <= p[i].od)
                aivm_jw_num(w, "spot", p[i].spot);
            aivm_jw_end(w);
        }
        aivm_jw_end(w);
        aivm_jw_end(w);
    }
    aivm_jw_array(w, "sources");
    aivm_jw_str(w, NULL, SOURCE_ID);
    aivm_jw_end(w);
    aivm_jw_array(w, "notes");
    if (sib && sib->has_gpu)
        snprintf(note, sizeof note,
                 "GPU model, memory and interconnect of series %s (as %s has them); GPU count, "
                 "vCPUs, memory, RDMA and Hyper-V generations from az vm list-skus.",
                 key, aivm_str(&sib->name));
    else if (sib)
        snprintf(note, sizeof note, "Series %s (as %s); facts from az vm list-skus.", key,
                 aivm_str(&sib->name));
    else
        snprintf(note, sizeof note,
                 "Unverified: series %s is not in the catalog's series table, so its GPU is "
                 "unknown (%g GPUs per az vm list-skus); never recommended.",
                 key, gpus);
    aivm_jw_str(w, NULL, note);
    place_notes(w, k, nk);
    aivm_jw_end(w);
    aivm_jw_end(w);
    c->sum.added++;
    if (!sib || (fam->category == AIVM_CAT_GPU) != (gpus > 0))
        c->sum.unverified++;
}

static int sku_name_cmp(const void *pa, const void *pb)
{
    const aivm_avail_sku *a = *(const aivm_avail_sku *const *)pa,
                         *b = *(const aivm_avail_sku *const *)pb;
    int c = cmp_nocase(a->name, b->name);
    return c ? c : strcmp(a->location, b->location);
}

int aivm_refresh_build(aivm_buf *out, aivm_refresh_summary *sum, const aivm_catalog *base,
                       const aivm_refresh_opts *o, aivm_error *err)
{
    ctx c;
    aivm_jw w;
    size_t nk = aivm_avail_sku_count(o->skus), n_unknown = 0, n_unpriced = 0;
    const aivm_avail_sku **k = aivm_xcalloc(nk + 1, sizeof *k);
    const char **unknown = NULL, **unpriced = NULL;
    if (!o->date || !aivm_is_date(o->date)) {
        free((void *)k);
        return aivm_error_set(err, AIVM_EINVALID, NULL, "refresh: invalid date");
    }
    memset(&c, 0, sizeof c);
    c.w = &w;
    c.base = base;
    c.o = o;
    c.pv = collect_prices(&c.n_pv, o->prices);
    for (size_t i = 0; i < nk; i++)
        k[i] = aivm_avail_sku_at(o->skus, i);
    if (nk > 1)
        qsort((void *)k, nk, sizeof *k, sku_name_cmp);
    aivm_jw_init(&w, out);
    aivm_jw_object(&w, NULL);
    aivm_jw_object(&w, "overlay");
    aivm_jw_str(&w, "as_of", o->date);
    aivm_jw_str(&w, "base", aivm_catalog_version(base));
    aivm_jw_array(&w, "inputs");
    for (size_t i = 0; i < o->n_inputs; i++)
        aivm_jw_str(&w, NULL, o->inputs[i]);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_array(&w, "sources");
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "id", SOURCE_ID);
    aivm_jw_str(&w, "title",
                "catalog refresh: az vm list-skus snapshots and Azure Retail Prices "
                "lists of the user");
    if (o->url)
        aivm_jw_str(&w, "url", o->url);
    aivm_jw_str(&w, "date", o->date);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    for (int pass = 0; pass < 2; pass++) { /* new sizes, then changes of catalog sizes */
        aivm_jw_array(&w, pass ? "changes" : "sizes");
        for (size_t i = 0; i < nk;) {
            size_t j = i + 1;
            const aivm_size *s = aivm_catalog_find_size(base, k[i]->name);
            while (j < nk && cmp_nocase(k[j]->name, k[i]->name) == 0)
                j++;
            if (!pass && !s)
                new_size(&c, k + i, j - i);
            if (pass && s) {
                for (size_t m = i; m < j; m++) /* one disagreement per fact and size */
                    if (m == i)
                        compare(&c, s, k[m]);
                changes_of(&c, s, k + i, j - i);
            }
            i = j;
        }
        for (size_t i = 0; pass && i < aivm_catalog_size_count(base); i++) {
            const aivm_size *s = aivm_catalog_size_at(base, i); /* priced, not in the SKUs */
            bool listed = false;
            for (size_t m = 0; !listed && m < nk; m++)
                listed = cmp_nocase(k[m]->name, aivm_str(&s->name)) == 0;
            if (!listed)
                changes_of(&c, s, NULL, 0);
        }
        aivm_jw_end(&w);
    }
    aivm_jw_array(&w, "disagreements");
    for (size_t i = 0; i < c.n_dis; i++) {
        static const char *const keys[] = {"size", "fact", "catalog", "snapshot", "source"};
        aivm_jw_object(&w, NULL);
        for (int f = 0; f < 5; f++) {
            aivm_jw_str(&w, keys[f], c.dis[i][f]);
            free(c.dis[i][f]);
        }
        aivm_jw_end(&w);
    }
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_buf_puts(out, "\n");
    /* priced in a region but in no SKU snapshot: nothing to describe it with */
    aivm_refresh_price_gaps(&unknown, NULL, &n_unknown, &unpriced, &n_unpriced, base, o->prices,
                            o->date);
    for (size_t i = 0; i < n_unknown; i++) {
        bool listed = false;
        for (size_t m = 0; !listed && m < nk; m++)
            listed = cmp_nocase(k[m]->name, unknown[i]) == 0;
        c.sum.skipped += !listed;
    }
    free((void *)unknown);
    free((void *)unpriced);
    free(c.dis);
    free((priced *)(uintptr_t)c.pv);
    free((void *)k);
    if (sum)
        *sum = c.sum;
    return 0;
}
