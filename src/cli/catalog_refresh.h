/* catalog_refresh.h - `catalog refresh` and `catalog diff` (catalog_refresh.c). */
#ifndef AIVM_CLI_CATALOG_REFRESH_H
#define AIVM_CLI_CATALOG_REFRESH_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/prices.h"
#include "aivm/report.h"

typedef struct {
    const char **skus; /* --skus files */
    size_t n_skus;
    const char *regions; /* --regions: the cached price lists read */
    bool reset;          /* --reset: remove the overlay */
    bool live;           /* --prices live: fetch the --regions lists (else the cache's) */
    bool prices_set;     /* --prices given */
    bool fetch_set;      /* a fetch option given (--prices-url, --cache-dir, ...) */
    aivm_fetch_opts fetch;
} cli_refresh_opts;

/** Build and write the overlay (or remove it with o->reset), dated `date`
 *  (--date) or, when NULL, by its newest input: the day a --skus file was
 *  last written, a price list's fetch day; never later than `today`, and
 *  `today` when no input has a day. Prints one summary line. Returns 0 or
 *  an exit code (2 usage, 3 invalid input, 5 the overlay could not be
 *  written). */
int cli_catalog_refresh(const cli_refresh_opts *o, const char *date, const char *today);

/** Print what the overlay of `cat` adds, changes and disputes. Returns 0 or an exit code. */
int cli_catalog_diff(const aivm_catalog *cat, aivm_browse_format fmt);

#endif
