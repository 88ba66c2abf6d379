/*
 * refresh_prices.c - the region-wide price lists as `catalog refresh` and
 * `prices fetch` read them: one Linux consumption price per size and region
 * (collected from an aivm_prices, sorted, looked up by size), and the gaps
 * between the lists and the catalog (sizes priced that the catalog lacks,
 * catalog sizes a fetched list does not price). refresh.c writes the overlay.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/refresh.h"
#include "aivm/util.h"
#include "refresh_int.h"
#include "util/jsonw.h"

static int priced_cmp(const void *pa, const void *pb)
{
    const aivm_refresh_priced *a = pa, *b = pb;
    int c = aivm_strcmp_nocase(a->sku, b->sku);
    return c ? c : strcmp(a->region, b->region);
}

aivm_refresh_priced *aivm_refresh__collect_prices(size_t *n_out, const aivm_prices *p)
{
    aivm_refresh_priced *v = NULL;
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

const aivm_refresh_priced *aivm_refresh__prices_of(const aivm_refresh_priced *v, size_t n,
                                                   const char *sku, size_t *count)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (aivm_strcmp_nocase(v[mid].sku, sku) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *count = 0;
    while (lo + *count < n && aivm_strcmp_nocase(v[lo + *count].sku, sku) == 0)
        (*count)++;
    return *count ? &v[lo] : NULL;
}

bool aivm_refresh__has_region(const aivm_rlist *l, const char *r)
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
    aivm_refresh_priced *v = aivm_refresh__collect_prices(&n, p);
    *unknown = NULL;
    *n_unknown = 0;
    *unpriced = NULL;
    *n_unpriced = 0;
    if (regions_of)
        *regions_of = NULL;
    for (size_t i = 0; i < n; i++) {
        if ((i && aivm_strcmp_nocase(v[i - 1].sku, v[i].sku) == 0) ||
            aivm_catalog_find_size(cat, v[i].sku))
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
                        aivm_refresh__has_region(&s->regions, e->query.region));
        }
        if (!expected || aivm_size_lifecycle_on(s, today) == AIVM_LC_RETIRED ||
            aivm_refresh__prices_of(v, n, aivm_str(&s->name), &c))
            continue;
        *unpriced = aivm_xrealloc((void *)*unpriced, (*n_unpriced + 1) * sizeof **unpriced);
        (*unpriced)[(*n_unpriced)++] = aivm_str(&s->name);
    }
    free(v);
}

void aivm_refresh__list_date(char *out, size_t cap, const aivm_refresh_priced *p,
                             const char *fallback)
{
    snprintf(out, cap, "%.10s", p->date ? p->date : fallback);
}

void aivm_refresh__write_region_price(aivm_jw *w, const aivm_refresh_priced *p)
{
    aivm_jw_object(w, p->region);
    aivm_jw_num(w, "on_demand", p->od);
    if (p->spot > 0 && p->spot <= p->od)
        aivm_jw_num(w, "spot", p->spot);
    aivm_jw_end(w);
}
