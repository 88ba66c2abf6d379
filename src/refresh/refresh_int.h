/* refresh_int.h - internals shared by the refresh files (private to libaivm):
 * refresh.c writes the overlay, refresh_sizes.c its new sizes and
 * refresh_prices.c reads the region-wide price lists. */
#ifndef AIVM_REFRESH_INT_H
#define AIVM_REFRESH_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/avail.h"
#include "aivm/catalog.h"
#include "aivm/prices.h"
#include "aivm/refresh.h"
#include "util/jsonw.h"

/* The id of the overlay's source, which its new sizes and changes cite. */
#define AIVM_REFRESH_SOURCE "refresh"

/** One size in one region of the region-wide price lists (Linux, consumption):
 *  its on-demand and Spot prices per hour (0 = none) and the list's fetch date.
 *  The strings are borrowed from the aivm_prices they were collected from. */
typedef struct {
    const char *sku, *region, *date;
    double od, spot;
} aivm_refresh_priced;

/** The overlay being written by aivm_refresh_build(). */
typedef struct {
    aivm_jw *w;
    const aivm_catalog *base;
    const aivm_refresh_opts *o;
    const aivm_refresh_priced *pv; /* the price lists (aivm_refresh__collect_prices) */
    size_t n_pv;
    aivm_refresh_summary sum;
    char *(*dis)[5]; /* the disagreements, written last: size, fact, catalog, snapshot, source */
    size_t n_dis;
} aivm_refresh_ctx;

/* refresh.c */

/** The catalog's spelling of an `az vm list-skus` architecture ("arm64",
 *  else "x86_64"); NULL for NULL. */
const char *aivm_refresh__arch_name(const char *sku_arch);
/** The first retirement date of the SKU entries k[0..nk), or NULL. */
const char *aivm_refresh__first_retirement(const aivm_avail_sku *const *k, size_t nk);

/* refresh_sizes.c */

/** Write the size the catalog lacks of SKU entries k[0..nk) (one per location,
 *  at least one) into `c`'s `sizes` array, or count it skipped when it has no
 *  catalog family, vCPUs or memory (the loader needs them). */
void aivm_refresh__new_size(aivm_refresh_ctx *c, const aivm_avail_sku *const *k, size_t nk);

/* refresh_prices.c */

/** One entry per size and region of the region-wide lists of `p` (NULL: none),
 *  sorted by size (case ignored) then region; a size with a Spot row only has
 *  no entry. `*n_out` gets the count; the caller frees the array. */
aivm_refresh_priced *aivm_refresh__collect_prices(size_t *n_out, const aivm_prices *p);
/** The first entry of sorted `v[0..n)` for `sku` (case ignored), or NULL;
 *  `*count` gets how many entries, from that one on, are of `sku`. */
const aivm_refresh_priced *aivm_refresh__prices_of(const aivm_refresh_priced *v, size_t n,
                                                   const char *sku, size_t *count);
/** True when `r` is one of the regions of `l`. */
bool aivm_refresh__has_region(const aivm_rlist *l, const char *r);
/** The fetch date (YYYY-MM-DD) of price list entry `p`, else `fallback`. */
void aivm_refresh__list_date(char *out, size_t cap, const aivm_refresh_priced *p,
                             const char *fallback);
/** `"<region>": {"on_demand": .., "spot": ..}` of price list entry `p`. */
void aivm_refresh__write_region_price(aivm_jw *w, const aivm_refresh_priced *p);

#endif
