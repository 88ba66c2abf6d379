/*
 * aivm/refresh.h - the local overlay of the catalog built from the user's
 * own snapshots (`catalog refresh`, docs/catalog-format.md): `az vm
 * list-skus` lists (aivm/avail.h) and region-wide price lists
 * (aivm/prices.h) compared with a catalog. The library writes the overlay
 * document; the CLI decides where it lives and writes it atomically;
 * aivm_catalog_overlay_mem() applies it.
 */
#ifndef AIVM_REFRESH_H
#define AIVM_REFRESH_H

#include <stddef.h>

#include "aivm/avail.h"
#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/prices.h"

/** What a refresh found. */
typedef struct {
    size_t added;         /* new sizes (unverified ones included) */
    size_t unverified;    /* new sizes of a series the catalog does not know */
    size_t changed;       /* catalog sizes given regions, prices or a retirement date */
    size_t disagreements; /* facts the snapshots state otherwise (listed, not applied) */
    size_t skipped;       /* sizes the overlay cannot describe (no family, no vCPUs or
                             memory, or priced but not in any SKU snapshot) */
} aivm_refresh_summary;

/** The inputs of a refresh (borrowed for the call). */
typedef struct {
    const char *date;          /* the overlay's as_of (YYYY-MM-DD; required) */
    const char *const *inputs; /* names of the inputs, recorded in the overlay */
    size_t n_inputs;
    const aivm_avail *skus;    /* SKU snapshots, or NULL */
    const aivm_prices *prices; /* region-wide price lists (aivm_prices_get_regions), or NULL */
    const char *url;           /* where the overlay will live ("file:///..."): the url of its
                                  source, which `catalog show` prints; NULL: none */
} aivm_refresh_opts;

/**
 * Write the overlay of `base` (the built-in catalog, not one with an
 * overlay already applied) as JSON into `out`: SKU-listed sizes the catalog
 * lacks (a size of a known series takes the series' GPU model, memory and
 * interconnect, aivm_refresh_series_gpu(); one of an unknown series is
 * unverified), regions, prices of unpriced regions and retirement dates the
 * catalog sizes lack, and the facts the snapshots disagree on. Fills `*sum`
 * (may be NULL). Returns 0, or AIVM_EINVALID when o->date is not a date.
 */
int aivm_refresh_build(aivm_buf *out, aivm_refresh_summary *sum, const aivm_catalog *base,
                       const aivm_refresh_opts *o, aivm_error *err);

/**
 * The series key of a size name, as the series table uses it: "Standard_"
 * dropped, then the letters before the vCPU count and everything after it
 * ("Standard_NC40ads_H100_v5" -> "NCads_H100_v5") into `out` (`cap` bytes).
 * False when the name has no vCPU count.
 */
bool aivm_refresh_series_key(char *out, size_t cap, const char *name);

/**
 * The catalog size a new size named `name` with `gpus` GPUs takes its GPU
 * model, memory and interconnect from: a size of `cat` with the same
 * series key, with the same GPU count when there is one (its memory per GPU
 * then holds for partial GPUs too), else any of the series when all of it
 * has one GPU model and one memory per GPU. NULL when the series is unknown
 * or its GPU facts cannot be told. Owned by `cat`.
 */
const aivm_size *aivm_refresh_series_gpu(const aivm_catalog *cat, const char *name, double gpus);

/**
 * Sizes the region-wide price lists of `p` price (Linux, on demand) that
 * `cat` lacks, and catalog sizes (not retired on `today`) that the catalog
 * offers or prices in a region fetched but that none of the lists prices
 * (no meter left), each sorted. The arrays are new (the caller frees them with
 * free()); the names are borrowed from `p` and `cat`. `*regions_of` (may be
 * NULL) gets, per unknown size, the first region that prices it.
 */
void aivm_refresh_price_gaps(const char ***unknown, const char ***regions_of, size_t *n_unknown,
                             const char ***unpriced, size_t *n_unpriced, const aivm_catalog *cat,
                             const aivm_prices *p, const char *today);

#endif
