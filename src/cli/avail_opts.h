/* avail_opts.h - the availability options (docs/availability.md): offline
 * quota and SKU snapshots (`recommend` and `check`) and the region list of
 * the cross-region ranking (`recommend`). */
#ifndef AIVM_CLI_AVAIL_OPTS_H
#define AIVM_CLI_AVAIL_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/advise.h"
#include "aivm/avail.h"
#include "aivm/catalog.h"
#include "aivm/workload.h"

enum {
    CLI_O_QUOTA = 1100, /* clear of price_opts.h (1024...) */
    CLI_O_SKUS,
    CLI_O_REGIONS
};

/* clang-format off */
/* Rows for a cli_opt table: the snapshots (recommend and check). */
#define CLI_AVAIL_SNAPSHOT_OPTIONS                                                              \
    {CLI_O_QUOTA, "quota", 0, "[REGION=]FILE",                                                  \
     "vCPU quota: az vm list-usage -o json (one per region)"},                      \
    {CLI_O_SKUS, "skus", 0, "FILE",                                                             \
     "sizes offered, restrictions, zones: az vm list-skus -o json"}

/* The row of --regions (recommend). */
#define CLI_AVAIL_REGIONS_OPTION                                                                \
    {CLI_O_REGIONS, "regions", 0, "LIST",                                                       \
     "best region per size among R1,R2,... or us, europe, asia, all"}
/* clang-format on */

typedef struct {
    const char **quota; /* --quota arguments as given */
    size_t n_quota;
    const char **skus; /* --skus files */
    size_t n_skus;
    const char *regions;       /* --regions as given, or NULL */
    const char **region_names; /* expanded, borrowed from the catalog (owned array) */
    size_t n_regions;
    aivm_avail *avail; /* owned; NULL until loaded (or when no snapshot was given) */
} cli_avail_opts;

/** Handle one availability option. Returns 0, an exit code, or -1 when `id` is not one. */
int cli_avail_option(cli_avail_opts *ao, int id, const char *arg);
/** Whether any of --quota, --skus, --regions was given. */
bool cli_avail_active(const cli_avail_opts *ao);

/**
 * Expand --regions and load the snapshots. A --quota without REGION= is the
 * snapshot of `default_region` (NULL: a usage error that asks for REGION=).
 * Returns 0 or an exit code (2: bad region, 3: unreadable or invalid file).
 */
int cli_avail_load(cli_avail_opts *ao, const aivm_catalog *cat, const char *default_region);

/** Put the snapshots and --regions on a request (borrowed: `ao` must outlive it). */
void cli_avail_request(aivm_request *req, const cli_avail_opts *ao);

void cli_avail_opts_dispose(cli_avail_opts *ao);

#endif
