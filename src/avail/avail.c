/*
 * avail.c - judges a size in a region from the snapshots (docs/availability.md):
 * offered (SKU list, else the catalog's region list), restrictions and
 * zones, the quota family and its free vCPUs, the regional and spot
 * limits, and the capabilities the SKU list disagrees with the catalog on.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/avail.h"
#include "aivm/util.h"
#include "avail_int.h"

/* The order of lookups: location, then size (case-insensitive). */
static int key_cmp(const void *pa, const void *pb)
{
    const aivm_avail__sku *a = pa, *b = pb;
    int c = strcmp(a->location, b->location);
    return c ? c : aivm_strcmp_nocase(a->name, b->name);
}

/* The store's order: ties (one size and location in two snapshots) in input
 * order, not qsort's whim, so the first snapshot given is the one judged. */
static int sku_cmp(const void *pa, const void *pb)
{
    const aivm_avail__sku *a = pa, *b = pb;
    int c = key_cmp(pa, pb);
    return c ? c : (a->input_order > b->input_order) - (a->input_order < b->input_order);
}

void aivm_avail__sort(aivm_avail *av)
{
    if (av->n_skus > 1)
        qsort(av->skus, av->n_skus, sizeof *av->skus, sku_cmp);
}

size_t aivm_avail_sku_count(const aivm_avail *av)
{
    return av ? av->n_skus : 0;
}

const aivm_avail_sku *aivm_avail_sku_at(const aivm_avail *av, size_t i)
{
    return &av->skus[i];
}

static int name_cmp(const void *a, const void *b)
{
    return aivm_strcmp_nocase(*(const char *const *)a, *(const char *const *)b);
}

/* The names, worked out once per store and catalog: check asks for every
 * resource, and a long SKU list must not be scanned each time. */
static void unknown_names(aivm_avail *av, const aivm_catalog *cat)
{
    const char **v = NULL;
    size_t k = 0, cap = 0, n = 0;
    for (size_t i = 0; i < av->n_skus; i++)
        if (!aivm_catalog_find_size(cat, av->skus[i].name)) {
            if (k == cap) {
                cap = cap ? 2 * cap : 64;
                v = aivm_xrealloc((void *)v, cap * sizeof *v);
            }
            v[k++] = av->skus[i].name;
        }
    if (k > 1)
        qsort((void *)v, k, sizeof *v, name_cmp);
    for (size_t i = 0; i < k; i++) /* one per name: a size is listed per location */
        if (!n || aivm_strcmp_nocase(v[n - 1], v[i]))
            v[n++] = v[i];
    free((void *)av->unknown);
    av->unknown = v;
    av->n_unknown = n;
    av->unknown_cat = cat;
    av->unknown_skus = av->n_skus;
}

void aivm_avail_unknown_sizes(const char ***out, size_t *n, const aivm_avail *av,
                              const aivm_catalog *cat)
{
    aivm_avail *memo =
        (aivm_avail *)(uintptr_t)av; /* a cache: the store's contents do not change */
    *out = NULL;
    *n = 0;
    if (!av)
        return;
    if (av->unknown_cat != cat || av->unknown_skus != av->n_skus || !av->unknown_cat)
        unknown_names(memo, cat);
    if (!av->n_unknown)
        return;
    *out = aivm_xcalloc(av->n_unknown, sizeof **out);
    memcpy((void *)*out, (const void *)av->unknown, av->n_unknown * sizeof **out);
    *n = av->n_unknown;
}

const aivm_avail__snap *aivm_avail__snap_of(const aivm_avail *av, const char *region)
{
    for (size_t i = 0; av && region && i < av->n_snaps; i++)
        if (strcmp(av->snaps[i].region, region) == 0)
            return &av->snaps[i];
    return NULL;
}

const aivm_avail__sku *aivm_avail__sku_of(const aivm_avail *av, const char *size,
                                          const char *location)
{
    aivm_avail__sku key;
    const aivm_avail__sku *hit;
    if (!av || !av->n_skus || !size || !location)
        return NULL;
    memset(&key, 0, sizeof key);
    key.name = size;
    key.location = location;
    hit = bsearch(&key, av->skus, av->n_skus, sizeof *av->skus, key_cmp);
    while (hit && hit > av->skus && key_cmp(hit - 1, &key) == 0)
        hit--; /* of two snapshots' entries, the first given */
    return hit;
}

char *aivm_avail_zones_str(char *out, size_t cap, unsigned zones)
{
    size_t n = 0;
    if (!cap)
        return out;
    out[0] = '\0';
    for (unsigned z = 1; z < 32; z++)
        if (zones & (1u << z)) {
            int k = snprintf(out + n, cap - n, "%s%u", n ? "," : "", z);
            if (k < 0 || (size_t)k >= cap - n)
                break;
            n += (size_t)k;
        }
    return out;
}

#define row_of aivm_avail__row_of

/* "standardNDASv4_A100Family" -> "NDASv4_A100" for messages. */
static void family_display(char *out, size_t cap, const char *value)
{
    size_t n;
    if (aivm_strneq_nocase(value, "standard", 8) && value[8])
        value += 8;
    while (*value == ' ')
        value++; /* "Standard NCASv3_T4 Family" -> "NCASv3_T4" */
    snprintf(out, cap, "%s", value);
    n = strlen(out);
    if (n > 6 && aivm_streq_nocase(out + n - 6, "family"))
        out[n -= 6] = '\0';
    while (n > 0 && out[n - 1] == ' ')
        out[--n] = '\0';
}

/* A limit the need (plus what was planned before) exceeds: fills the quota
 * fields and the reason. */
static bool short_of(aivm_availability *o, const aivm_avail__usage *u, double prior,
                     const char *scope, const char *label)
{
    double free_v;
    char before[64] = "";
    if (!u || u->limit < 0)
        return false;
    free_v = u->limit > u->used ? u->limit - u->used : 0;
    if ((double)o->needed + prior <= free_v)
        return false;
    o->quota_ok = false;
    o->quota_scope = scope;
    o->short_limit = u->limit;
    o->short_used = u->used;
    if (prior > 0)
        snprintf(before, sizeof before, " besides %g planned before it", prior);
    snprintf(o->why, sizeof o->why, "quota: %s %g of %g vCPUs free in %s, needs %u%s: ask for +%g",
             label, free_v, u->limit, o->region, o->needed, before,
             (double)o->needed + prior - free_v);
    return true;
}

/* The one row whose key starts with the series' first word and holds each
 * of its other words ("ND A100 v4" -> nd, a100, v4 -> "ndasv4a100"); NULL
 * when none or several do (then the family is unknown, not guessed). */
static const aivm_avail__usage *row_by_words(const aivm_avail__snap *s, const char *series)
{
    char words[8][32];
    size_t n = 0, len = 0;
    const aivm_avail__usage *found = NULL;
    for (const char *p = series ? series : "";; p++) {
        char c = aivm_ascii_lower(*p);
        bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (alnum && len + 1 < sizeof words[0] && n < 8)
            words[n][len++] = c;
        else if (!alnum && len) {
            words[n++][len] = '\0';
            len = 0;
        }
        if (!*p)
            break;
    }
    if (n < 2)
        return NULL;
    for (size_t i = 0; s && i < s->n; i++) {
        const char *k = s->rows[i].key;
        bool all = strncmp(k, words[0], strlen(words[0])) == 0;
        for (size_t w = 1; all && w < n; w++)
            all = strstr(k + strlen(words[0]), words[w]) != NULL;
        if (!all)
            continue;
        if (found)
            return NULL;
        found = &s->rows[i];
    }
    return found;
}

static void quota(aivm_availability *o, const aivm_avail__snap *snap, const aivm_size *size,
                  const aivm_avail__sku *sku, bool spot, const aivm_avail_prior *prior)
{
    static const aivm_avail_prior none = {0, 0, 0};
    char key[128], disp[96], label[128];
    const aivm_avail__usage *fam = NULL;
    if (sku && sku->family) {
        o->family = sku->family;
        o->family_source = "skus";
    } else {
        o->family = aivm_avail_series_family(aivm_str(&size->series), aivm_str(&size->name));
        o->family_source = o->family ? "series" : NULL;
    }
    if (o->family) {
        fam = row_of(snap, aivm_avail_family_key(key, sizeof key, o->family));
        if (fam && strcmp(o->family_source, "series") == 0)
            o->family = fam->value; /* as the snapshot spells it */
    } else if ((fam = row_of(snap,
                             aivm_avail_family_key(key, sizeof key, aivm_str(&size->series)))) ||
               (fam = row_by_words(snap, aivm_str(&size->series)))) {
        o->family = fam->value; /* the series, normalised, names a row exactly */
        o->family_source = "series";
    }
    if (!snap)
        return;
    o->has_quota = true;
    o->family_found = fam != NULL;
    if (fam) {
        o->limit = fam->limit;
        o->used = fam->used;
    }
    if (spot) {
        short_of(o, row_of(snap, "lowprioritycores"), (prior ? prior : &none)->spot, "spot",
                 "spot (low-priority) limit");
        return;
    }
    if (fam) {
        family_display(disp, sizeof disp, fam->value);
        snprintf(label, sizeof label, "%s family", disp);
        if (short_of(o, fam, (prior ? prior : &none)->family, "family", label))
            return;
    }
    short_of(o, row_of(snap, "cores"), (prior ? prior : &none)->regional, "regional",
             "regional limit");
}

static void mismatches(aivm_availability *o, const aivm_size *s, const aivm_avail__sku *k)
{
    size_t n = 0;
    double gpus = s->has_gpu ? s->gpu_count : 0;
    const char *arch = aivm_str(&s->cpu_arch);
    if (!arch || strcmp(arch, "x86_64") == 0)
        arch = "x64"; /* the catalog's default, as Azure spells it */
#define ADD(...)                                                                                   \
    do {                                                                                           \
        int w_ = snprintf(o->mismatch + n, sizeof o->mismatch - n, "%s", n ? "; " : "");           \
        if (w_ > 0 && (size_t)w_ < sizeof o->mismatch - n)                                         \
            n += (size_t)w_;                                                                       \
        w_ = snprintf(o->mismatch + n, sizeof o->mismatch - n, __VA_ARGS__);                       \
        if (w_ > 0 && (size_t)w_ < sizeof o->mismatch - n)                                         \
            n += (size_t)w_;                                                                       \
    } while (0)
    if (k->vcpus >= 0 && (unsigned)k->vcpus != s->vcpus)
        ADD("vCPUs %d (catalog %u)", k->vcpus, s->vcpus);
    if (k->gpus >= 0 && (k->gpus - gpus > 0.01 || gpus - k->gpus > 0.01))
        ADD("GPUs %g (catalog %g)", k->gpus, gpus);
    if (k->rdma >= 0 && (k->rdma == 1) != s->infiniband)
        ADD("RdmaEnabled %s (catalog infiniband %s)", k->rdma ? "True" : "False",
            s->infiniband ? "yes" : "no");
    if (k->hyperv && s->hyperv_generations && k->hyperv != s->hyperv_generations)
        ADD("HyperVGenerations %s%s%s (catalog %s%s%s)", k->hyperv & 2 ? "V1" : "",
            k->hyperv == 6 ? "," : "", k->hyperv & 4 ? "V2" : "",
            s->hyperv_generations & 2 ? "V1" : "", s->hyperv_generations == 6 ? "," : "",
            s->hyperv_generations & 4 ? "V2" : "");
    if (k->arch && !aivm_streq_nocase(k->arch, arch))
        ADD("CpuArchitectureType %s (catalog %s)", k->arch, arch);
#undef ADD
}

bool aivm_avail_eval(aivm_availability *out, const aivm_avail *av, const aivm_size *size,
                     const char *region, unsigned vms, bool spot)
{
    return aivm_avail_eval_prior(out, av, size, region, vms, spot, NULL);
}

/* The SKU list's part of an evaluation: offered, zones, restrictions and
 * retirement. Returns the entry, or NULL. */
static const aivm_avail__sku *from_skus(aivm_availability *out, const aivm_avail *av,
                                        const char *name, const char *region)
{
    const aivm_avail__sku *sku = NULL;
    memset(out, 0, sizeof *out);
    out->region = region;
    out->offered = -1;
    out->quota_ok = true;
    out->has_skus = aivm_avail__covers(av, region);
    if (!out->has_skus)
        return NULL;
    sku = aivm_avail__sku_of(av, name, region);
    out->offered = sku != NULL;
    out->offered_source = "skus";
    if (!sku)
        return NULL;
    out->zones = sku->zones;
    out->n_restrictions = sku->n_restrictions;
    memcpy(out->restrictions, sku->restrictions, sizeof out->restrictions);
    for (size_t i = 0; i < sku->n_restrictions; i++)
        if (sku->restrictions[i].zone)
            out->zones &= ~sku->restrictions[i].zones;
    snprintf(out->retirement, sizeof out->retirement, "%s", sku->retirement ? sku->retirement : "");
    return sku;
}

/* Not offered, or restricted in the whole region: `why` and `blocked`. */
static void offer_verdict(aivm_availability *out, const char *region)
{
    for (size_t i = 0; i < out->n_restrictions && out->offered == 1; i++)
        if (!out->restrictions[i].zone) {
            snprintf(out->why, sizeof out->why, "restricted in %s: %s (az vm list-skus)", region,
                     out->restrictions[i].reason);
            out->blocked = true;
        }
    if (out->offered == 0) {
        snprintf(out->why, sizeof out->why, "not offered in %s (%s)", region,
                 strcmp(out->offered_source, "skus") == 0 ? "absent from the SKU list"
                                                          : "no price meter in the catalog");
        out->blocked = true;
    }
}

bool aivm_avail_eval_sku(aivm_availability *out, const aivm_avail *av, const char *size_name,
                         const char *region)
{
    from_skus(out, av, size_name, region);
    offer_verdict(out, region);
    return out->blocked;
}

bool aivm_avail_eval_prior(aivm_availability *out, const aivm_avail *av, const aivm_size *size,
                           const char *region, unsigned vms, bool spot,
                           const aivm_avail_prior *prior)
{
    const aivm_avail__sku *sku = from_skus(out, av, aivm_str(&size->name), region);
    out->needed = size->vcpus * (vms ? vms : 1);
    if (!out->has_skus && size->regions.n) {
        out->offered = 0;
        for (size_t i = 0; i < size->regions.n; i++)
            if (strcmp(aivm_rlist_at(&size->regions, i), region) == 0)
                out->offered = 1;
        out->offered_source = "catalog";
    }
    if (sku)
        mismatches(out, size, sku);
    quota(out, aivm_avail__snap_of(av, region), size, sku, spot, prior);
    offer_verdict(out, region);
    if (!out->quota_ok && !out->blocked)
        out->blocked = true; /* why was written by short_of() */
    return out->blocked;
}
