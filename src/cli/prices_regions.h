/* prices_regions.h - region-wide `prices fetch` (prices_regions.c). */
#ifndef AIVM_CLI_PRICES_REGIONS_H
#define AIVM_CLI_PRICES_REGIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "price_opts.h"

/** The regions a `--regions` list names (aivm_catalog_regions_expand against
 *  the shipped catalog, or `catalog_path`'s): `*out` is a new array of `*n`
 *  names the caller frees with cli_prices_regions_free(). Returns 0 or an
 *  exit code (2: an unknown name, with a did-you-mean). */
int cli_prices_regions_list(char ***out, size_t *n, const char *spec, const char *catalog_path);
/** Free a list from cli_prices_regions_list(). Accepts NULL. */
void cli_prices_regions_free(char **v, size_t n);
/** "12 min old", "5 h old", "3 days old": the age of `s` seconds into `out`. */
void cli_age_text(char *out, size_t cap, long long s);
/** Fetch each region's whole price list into the region caches; prints a line
 *  per region and a summary. Returns 0 or an exit code (4: a region failed,
 *  5: nothing could be cached). */
int cli_prices_fetch_regions(const char *const *regions, size_t n, cli_price_opts *po,
                             const char *catalog_path, bool json);

/** After a fetch: cli_prices_fetch_report(), then what the lists tell about
 *  the catalog (`catalog_path`, else the built-in one with the overlay): the
 *  sizes they price that it lacks and its sizes (not retired) no list
 *  prices; per size (`regions` false) the sizes asked for that are priced
 *  but unknown, or known but without a row. Text: lines on stdout (none
 *  with -q); `json`: the JSON document (aivm_report_prices_fetch_json).
 *  Records the cache entries for -v. Returns 0 or an exit code. */
int cli_prices_fetch_done(const aivm_prices *store, size_t n, bool regions,
                          const cli_price_opts *po, const char *catalog_path, bool json);

/** Print what a fetch into the cache did: a line per region (`regions`) or
 *  size (none with -q), one error line each (or one for all when the whole
 *  fetch stopped), and the summary line. Returns 0, 4 (a fetch failed) or 5
 *  (fetched but not cached). `json`: no lines on stdout (the caller writes
 *  the document), only the errors on stderr. The entries' counts per state
 *  (aivm_prices_state_counts, counted once here) go to `counts` unless NULL. */
int cli_prices_fetch_report(const aivm_prices *store, size_t n, bool regions, const char *cache_dir,
                            bool json, size_t counts[AIVM_FETCH_STATE_COUNT]);

#endif
