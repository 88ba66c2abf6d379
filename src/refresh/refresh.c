/*
 * refresh.c - `catalog refresh`: compares a catalog with the user's `az vm
 * list-skus` snapshots and region-wide price lists and writes the overlay
 * that aivm_catalog_overlay_mem() applies (docs/catalog-format.md, "The
 * local overlay"): its header, the changes of catalog sizes (regions,
 * prices, retirement dates) and the disagreements. A snapshot never replaces
 * a sourced fact: differences are written as disagreements. The new sizes
 * are refresh_sizes.c's, the price lists refresh_prices.c's.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/refresh.h"
#include "aivm/util.h"
#include "refresh_int.h"
#include "util/jsonw.h"

/* ASCII case-insensitive strcmp: sizes are matched by name whatever their case. */
static void disagree(aivm_refresh_ctx *c, const char *size, const char *fact, const char *catalog,
                     const char *snapshot, const char *source)
{
    const char *v[5] = {size, fact, catalog, snapshot, source};
    c->dis = aivm_xrealloc(c->dis, (c->n_dis + 1) * sizeof *c->dis);
    for (int i = 0; i < 5; i++)
        c->dis[c->n_dis][i] = aivm_xstrdup(v[i] ? v[i] : "");
    c->n_dis++;
    c->sum.disagreements++;
}

const char *aivm_refresh__arch_name(const char *sku_arch)
{
    return !sku_arch ? NULL : aivm_streq_nocase(sku_arch, "Arm64") ? "arm64" : "x86_64";
}

static void gens_text(char *out, size_t cap, unsigned g)
{
    snprintf(out, cap, "%s%s%s", g & 2u ? "1" : "", (g & 6u) == 6u ? "," : "", g & 4u ? "2" : "");
}

/* The capabilities of a SKU entry that differ from the catalog size's. */
static void compare(aivm_refresh_ctx *c, const aivm_size *s, const aivm_avail_sku *k)
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
    if (k->accelerated_net >= 0 && (k->accelerated_net == 1) != s->accelerated_networking)
        disagree(c, name, "accelerated_networking",
                 !s->accelerated_networking_known ? "not documented"
                 : s->accelerated_networking      ? "true"
                                                  : "false",
                 k->accelerated_net ? "true" : "false", src);
    if (k->hyperv && k->hyperv != s->hyperv_generations) {
        gens_text(a, sizeof a, s->hyperv_generations);
        gens_text(b, sizeof b, k->hyperv);
        disagree(c, name, "hyperv_generations", a, b, src);
    }
    if (k->arch && strcmp(aivm_refresh__arch_name(k->arch), aivm_str(&s->cpu_arch)) != 0)
        disagree(c, name, "cpu_arch", aivm_str(&s->cpu_arch), aivm_refresh__arch_name(k->arch),
                 src);
}

const char *aivm_refresh__first_retirement(const aivm_avail_sku *const *k, size_t nk)
{
    const char *retire = NULL;
    for (size_t i = 0; i < nk; i++)
        retire = retire ? retire : k[i]->retirement;
    return retire;
}

/* Open the change entry of `s` unless `*open` says it is: a size gets an
 * entry only when there is something to change. */
static void open_change(aivm_refresh_ctx *c, const aivm_size *s, bool *open)
{
    if (*open)
        return;
    aivm_jw_object(c->w, NULL);
    aivm_jw_str(c->w, "size", aivm_str(&s->name));
    aivm_jw_str(c->w, "source", AIVM_REFRESH_SOURCE);
    *open = true;
}

/* A catalog price of `s` that a price list p[0..np) states otherwise. */
static void price_disagreements(aivm_refresh_ctx *c, const aivm_size *s,
                                const aivm_refresh_priced *p, size_t np)
{
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
}

/* The regions of the SKU entries k[0..nk) and of the price lists p[0..np)
 * that `s` lacks, each once. An empty region list means unknown: adding to
 * it would exclude the rest. */
static void new_regions(aivm_refresh_ctx *c, const aivm_size *s, const aivm_avail_sku *const *k,
                        size_t nk, const aivm_refresh_priced *p, size_t np, bool *open)
{
    const char **seen;
    size_t ns = 0;
    if (!s->regions.n)
        return;
    seen = aivm_xcalloc(nk + np + 1, sizeof *seen);
    for (size_t i = 0; i < nk + np; i++) {
        const char *r = i < nk ? k[i]->location : p[i - nk].region;
        bool dup = aivm_refresh__has_region(&s->regions, r);
        for (size_t j = 0; !dup && j < ns; j++)
            dup = strcmp(seen[j], r) == 0;
        if (dup)
            continue;
        if (!ns) {
            open_change(c, s, open);
            aivm_jw_array(c->w, "regions");
        }
        seen[ns++] = r;
        aivm_jw_str(c->w, NULL, r);
    }
    if (ns)
        aivm_jw_end(c->w);
    free((void *)seen);
}

/* The prices of p[0..np) in the regions `s` has no price in. */
static void new_prices(aivm_refresh_ctx *c, const aivm_size *s, const aivm_refresh_priced *p,
                       size_t np, bool *open)
{
    size_t added = 0;
    for (size_t i = 0; i < np; i++) {
        if (aivm_size_price_in(s, p[i].region))
            continue;
        if (!added++) {
            char d[16];
            open_change(c, s, open);
            aivm_refresh__list_date(d, sizeof d, &p[i], c->o->date);
            aivm_jw_str(c->w, "prices_as_of", d);
            aivm_jw_object(c->w, "prices");
        }
        aivm_refresh__write_region_price(c->w, &p[i]);
    }
    if (added)
        aivm_jw_end(c->w);
}

/* The change of catalog size `s`: regions of its SKU entries k[0..nk) and of
 * the price lists, prices of regions it has none in, a retirement date. */
static void changes_of(aivm_refresh_ctx *c, const aivm_size *s, const aivm_avail_sku *const *k,
                       size_t nk)
{
    size_t np = 0;
    const aivm_refresh_priced *p = aivm_refresh__prices_of(c->pv, c->n_pv, aivm_str(&s->name), &np);
    const char *retire = aivm_refresh__first_retirement(k, nk);
    bool open = false;
    price_disagreements(c, s, p, np);
    new_regions(c, s, k, nk, p, np, &open);
    new_prices(c, s, p, np, &open);
    if (retire && !aivm_str(&s->lifecycle_date) && s->lifecycle != AIVM_LC_RETIRED) {
        open_change(c, s, &open);
        aivm_jw_str(c->w, "retiring", retire);
    } else if (retire && aivm_str(&s->lifecycle_date) &&
               strcmp(retire, aivm_str(&s->lifecycle_date)) != 0) {
        disagree(c, aivm_str(&s->name), "retirement date", aivm_str(&s->lifecycle_date), retire,
                 "az vm list-skus");
    }
    if (open) {
        aivm_jw_end(c->w);
        c->sum.changed++;
    }
}

static int sku_name_cmp(const void *pa, const void *pb)
{
    const aivm_avail_sku *a = *(const aivm_avail_sku *const *)pa,
                         *b = *(const aivm_avail_sku *const *)pb;
    int c = aivm_strcmp_nocase(a->name, b->name);
    if (!c)
        c = strcmp(a->location, b->location);
    /* the same size in the same region from two snapshots: the one given first */
    return c ? c : (a->input_order > b->input_order) - (a->input_order < b->input_order);
}

/* The index past the SKU entries of k[i]'s size (k sorted by name). */
static size_t group_end(const aivm_avail_sku *const *k, size_t nk, size_t i)
{
    size_t j = i + 1;
    while (j < nk && aivm_strcmp_nocase(k[j]->name, k[i]->name) == 0)
        j++;
    return j;
}

/* True when some SKU entry of k[0..nk) is of size `name`. */
static bool sku_listed(const aivm_avail_sku *const *k, size_t nk, const char *name)
{
    for (size_t m = 0; m < nk; m++)
        if (aivm_strcmp_nocase(k[m]->name, name) == 0)
            return true;
    return false;
}

/* The overlay's header and its one source. */
static void write_head(aivm_jw *w, const aivm_catalog *base, const aivm_refresh_opts *o)
{
    aivm_jw_object(w, "overlay");
    aivm_jw_str(w, "as_of", o->date);
    aivm_jw_str(w, "base", aivm_catalog_version(base));
    aivm_jw_array(w, "inputs");
    for (size_t i = 0; i < o->n_inputs; i++)
        aivm_jw_str(w, NULL, o->inputs[i]);
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_array(w, "sources");
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "id", AIVM_REFRESH_SOURCE);
    aivm_jw_str(w, "title",
                "catalog refresh: az vm list-skus snapshots and Azure Retail Prices "
                "lists of the user");
    if (o->url)
        aivm_jw_str(w, "url", o->url);
    aivm_jw_str(w, "date", o->date);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

/* `sizes`: the sizes of the SKU entries k[0..nk) (sorted) the catalog lacks. */
static void write_sizes(aivm_refresh_ctx *c, const aivm_avail_sku *const *k, size_t nk)
{
    aivm_jw_array(c->w, "sizes");
    for (size_t i = 0, j; i < nk; i = j) {
        j = group_end(k, nk, i);
        if (!aivm_catalog_find_size(c->base, k[i]->name))
            aivm_refresh__new_size(c, k + i, j - i);
    }
    aivm_jw_end(c->w);
}

/* `changes`: the catalog sizes of the SKU entries k[0..nk) (sorted), with
 * one disagreement per fact and size, then those only price lists have. */
static void write_changes(aivm_refresh_ctx *c, const aivm_avail_sku *const *k, size_t nk)
{
    aivm_jw_array(c->w, "changes");
    for (size_t i = 0, j; i < nk; i = j) {
        const aivm_size *s = aivm_catalog_find_size(c->base, k[i]->name);
        j = group_end(k, nk, i);
        if (s) {
            compare(c, s, k[i]);
            changes_of(c, s, k + i, j - i);
        }
    }
    for (size_t i = 0; i < aivm_catalog_size_count(c->base); i++) {
        const aivm_size *s = aivm_catalog_size_at(c->base, i); /* priced, not in the SKUs */
        if (!sku_listed(k, nk, aivm_str(&s->name)))
            changes_of(c, s, NULL, 0);
    }
    aivm_jw_end(c->w);
}

/* `disagreements`, in the order they were found; frees their strings. */
static void write_disagreements(aivm_refresh_ctx *c)
{
    static const char *const keys[] = {"size", "fact", "catalog", "snapshot", "source"};
    aivm_jw_array(c->w, "disagreements");
    for (size_t i = 0; i < c->n_dis; i++) {
        aivm_jw_object(c->w, NULL);
        for (int f = 0; f < 5; f++) {
            aivm_jw_str(c->w, keys[f], c->dis[i][f]);
            free(c->dis[i][f]);
        }
        aivm_jw_end(c->w);
    }
    aivm_jw_end(c->w);
}

/* How many sizes are priced in a region but in no SKU snapshot: the overlay
 * has nothing to describe them with. */
static size_t priced_unlisted(const aivm_catalog *base, const aivm_refresh_opts *o,
                              const aivm_avail_sku *const *k, size_t nk)
{
    const char **unknown = NULL, **unpriced = NULL;
    size_t n_unknown = 0, n_unpriced = 0, count = 0;
    aivm_refresh_price_gaps(&unknown, NULL, &n_unknown, &unpriced, &n_unpriced, base, o->prices,
                            o->date);
    for (size_t i = 0; i < n_unknown; i++)
        count += !sku_listed(k, nk, unknown[i]);
    free((void *)unknown);
    free((void *)unpriced);
    return count;
}

int aivm_refresh_build(aivm_buf *out, aivm_refresh_summary *sum, const aivm_catalog *base,
                       const aivm_refresh_opts *o, aivm_error *err)
{
    aivm_refresh_ctx c;
    aivm_jw w;
    size_t nk = aivm_avail_sku_count(o->skus);
    const aivm_avail_sku **k;
    if (!o->date || !aivm_is_date(o->date))
        return aivm_error_set(err, AIVM_EINVALID, NULL, "refresh: invalid date");
    k = aivm_xcalloc(nk + 1, sizeof *k);
    memset(&c, 0, sizeof c);
    c.w = &w;
    c.base = base;
    c.o = o;
    c.pv = aivm_refresh__collect_prices(&c.n_pv, o->prices);
    for (size_t i = 0; i < nk; i++)
        k[i] = aivm_avail_sku_at(o->skus, i);
    if (nk > 1)
        qsort((void *)k, nk, sizeof *k, sku_name_cmp);
    aivm_jw_init(&w, out);
    aivm_jw_object(&w, NULL);
    write_head(&w, base, o);
    write_sizes(&c, k, nk); /* new sizes, then changes of catalog sizes */
    write_changes(&c, k, nk);
    write_disagreements(&c);
    aivm_jw_end(&w);
    aivm_buf_puts(out, "\n");
    c.sum.skipped += priced_unlisted(base, o, k, nk);
    free(c.dis);
    free((aivm_refresh_priced *)(uintptr_t)c.pv);
    free((void *)k);
    if (sum)
        *sum = c.sum;
    return 0;
}
