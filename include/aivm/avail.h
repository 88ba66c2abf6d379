/*
 * aivm/avail.h - availability from offline snapshots (docs/availability.md):
 * the subscription's vCPU quota per region (what `az vm list-usage
 * --location R -o json` prints, or the REST Usage - List response) and the
 * sizes a region offers with their restrictions, zones and capabilities
 * (what `az vm list-skus --location R -o json` prints, or the REST Resource
 * Skus - List response). No credentials, no network: the files are read as
 * they were saved, one or many per region.
 *
 * An aivm_avail store owns every string it hands out; pointers stay valid
 * until aivm_avail_free(). An aivm_availability is a value: it borrows its
 * region and family strings from the store (and the caller's region).
 */
#ifndef AIVM_AVAIL_H
#define AIVM_AVAIL_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/error.h"

/** Files larger than this are refused (AIVM_ELIMIT): a whole-cloud skus list is ~40 MB. */
#define AIVM_AVAIL_MAX_FILE (256u * 1024 * 1024)
/** Entries kept per file (usage rows or sku entries); more is AIVM_ELIMIT. */
#define AIVM_AVAIL_MAX_ENTRIES 200000u

typedef struct aivm_avail aivm_avail;

/** A new, empty store; free it with aivm_avail_free(). Never NULL. */
aivm_avail *aivm_avail_new(void);
/** Free a store and everything it owns. Accepts NULL. */
void aivm_avail_free(aivm_avail *av);

/**
 * Add one usage snapshot of `region` (lowercase ARM name, copied): a JSON
 * array of usage rows, or an object whose "value" is that array. Each row
 * needs `currentValue`, `limit` (numbers) and `name.value` (a string);
 * `localName` / `name.localizedValue` are kept for messages, other keys are
 * ignored. `name` is used in error positions. A second snapshot of the same
 * region replaces the first. Returns 0, AIVM_ESYNTAX, AIVM_EINVALID (with
 * file:line:col) or AIVM_ELIMIT.
 */
int aivm_avail_add_usage_mem(aivm_avail *av, const char *region, const char *buf, size_t len,
                             const char *name, aivm_error *err);
/** File wrapper of aivm_avail_add_usage_mem(); also AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_avail_add_usage_file(aivm_avail *av, const char *region, const char *path,
                              aivm_error *err);

/**
 * Add one SKU list: a JSON array of resource SKUs, or an object whose
 * "value" is that array. Entries whose resourceType is not
 * "virtualMachines" are skipped; the others need `name` and `locations`.
 * Every location named counts as covered by the snapshot (a size absent
 * from a covered region is not offered there). Returns like
 * aivm_avail_add_usage_mem().
 */
int aivm_avail_add_skus_mem(aivm_avail *av, const char *buf, size_t len, const char *name,
                            aivm_error *err);
/** File wrapper of aivm_avail_add_skus_mem(); also AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_avail_add_skus_file(aivm_avail *av, const char *path, aivm_error *err);

/** Whether any usage / SKU snapshot was added. */
bool aivm_avail_has_usage(const aivm_avail *av);
bool aivm_avail_has_skus(const aivm_avail *av);
/** Whether a usage snapshot exists for `region`. */
bool aivm_avail_has_usage_for(const aivm_avail *av, const char *region);

/**
 * Quota family names normalised for comparison: ASCII letters and digits
 * only, lower case, a leading "standard" and a trailing "family",
 * "familyvcpus" or "vcpus" removed ("Standard NDASv4_A100 Family vCPUs",
 * "standardNDASv4_A100Family" -> "ndasv4a100"). Writes at most `cap` bytes
 * (always terminated) into `out` and returns `out`.
 */
char *aivm_avail_family_key(char *out, size_t cap, const char *name);

/**
 * The quota family of a catalog series as Azure's usage list spells it
 * ("NCasT4_v3" -> "Standard NCASv3_T4 Family"); `size_name` (may be NULL)
 * picks the Promo family of a `_Promo` size. NULL when the series is not in
 * the table (the family is then unknown). Static strings.
 */
const char *aivm_avail_series_family(const char *series, const char *size_name);
/** Entries of that table, and the i-th series (NULL past the end) with its
 *  family in `*family_out` (may be NULL). Static strings. */
size_t aivm_avail_series_family_count(void);
const char *aivm_avail_series_family_at(size_t i, const char **family_out);

/** One restriction of a size in a region. */
typedef struct {
    bool zone;          /* type Zone (only some zones); false: Location (the whole region) */
    const char *reason; /* reasonCode, e.g. "NotAvailableForSubscription"; borrowed */
    unsigned zones;     /* Zone: restricted zones, bit n for zone "n" (1..31) */
} aivm_avail_restriction;

#define AIVM_AVAIL_MAX_RESTRICTIONS 4
/** Locations one SKU entry may list (Azure has fewer than 100 regions); more is AIVM_ELIMIT. */
#define AIVM_AVAIL_MAX_LOCATIONS 256

/** One VM size in one location of a SKU snapshot, as read (strings owned by the store). */
typedef struct {
    const char *name;     /* "Standard_ND96asr_v4", as listed */
    const char *location; /* lowercase */
    const char *family;   /* "standardNDASv4_A100Family"; may be NULL */
    unsigned zones;       /* locationInfo zones, bit n for "n" */
    aivm_avail_restriction restrictions[AIVM_AVAIL_MAX_RESTRICTIONS];
    size_t n_restrictions;
    int vcpus;              /* capabilities; -1 when absent */
    double gpus;            /* -1 when absent */
    double memory_gib;      /* MemoryGB (which Azure counts in GiB); -1 when absent */
    int rdma;               /* RdmaEnabled: 1, 0, -1 when absent */
    int accelerated_net;    /* AcceleratedNetworkingEnabled: 1, 0, -1 when absent */
    unsigned hyperv;        /* HyperVGenerations: bit 1 Gen1, bit 2 Gen2; 0 when absent */
    const char *arch;       /* CpuArchitectureType ("x64", "Arm64"); NULL when absent */
    const char *retirement; /* RetirementDateUtc as YYYY-MM-DD; NULL when absent */
    size_t input_order;     /* its place in the snapshots as given: of two entries of one
                               size and location (two snapshots), the first given sorts first */
} aivm_avail_sku;

/** How many size-and-location entries the SKU snapshots hold, and the i-th
 *  (i < count), sorted by location, then name (case-insensitive). Owned by `av`. */
size_t aivm_avail_sku_count(const aivm_avail *av);
const aivm_avail_sku *aivm_avail_sku_at(const aivm_avail *av, size_t i);

/**
 * The sizes the SKU snapshots list that `cat` lacks (no size of that name,
 * case-insensitive), each once, sorted: `*out` is a new array of `*n`
 * names borrowed from `av` (the caller frees the array with free(); NULL
 * when none).
 */
void aivm_avail_unknown_sizes(const char ***out, size_t *n, const aivm_avail *av,
                              const aivm_catalog *cat);

/** What is known of a size in a region: the `availability` of docs/json-output.md. */
typedef struct {
    const char *region;             /* borrowed from the caller */
    int offered;                    /* 1 yes, 0 no, -1 unknown */
    const char *offered_source;     /* "skus", "catalog" or NULL when unknown */
    bool has_quota;                 /* a usage snapshot of the region was given */
    const char *family;             /* quota family (usage name.value or the SKU's family);
                                       NULL when unknown */
    const char *family_source;      /* "skus", "series" or NULL */
    bool family_found;              /* the usage snapshot has a row for the family */
    double limit, used;             /* of the family row (or of the limit that failed) */
    unsigned needed;                /* vCPUs: the size's vCPUs x VMs */
    bool quota_ok;                  /* no known limit is short (true without a snapshot) */
    const char *quota_scope;        /* the limit that is short: "family", "regional",
                                       "spot"; NULL when none */
    double short_limit, short_used; /* of that limit */
    bool has_skus;                  /* the region is covered by a SKU snapshot */
    unsigned zones;                 /* zones offered (bit n: zone "n"), restricted ones removed */
    aivm_avail_restriction restrictions[AIVM_AVAIL_MAX_RESTRICTIONS];
    size_t n_restrictions;
    bool blocked;        /* not offered, restricted in the region, or short of quota */
    char why[256];       /* when blocked: one line, e.g. "quota: NDASv4_A100 family ..." */
    char mismatch[256];  /* capabilities of the SKU that disagree with the catalog; "" none */
    char retirement[11]; /* the SKU list's RetirementDateUtc as YYYY-MM-DD; "" none */
} aivm_availability;

/**
 * Judge `size` in `region` for `vms` VMs (spot: against the low-priority
 * limit, which Azure counts spot vCPUs against instead of the family and
 * regional limits). `av` may be NULL (catalog regions only). Offered comes
 * from the SKU snapshot when it covers the region, else from the catalog's
 * region list (empty: unknown). Fills `*out` and returns `out->blocked`.
 */
bool aivm_avail_eval(aivm_availability *out, const aivm_avail *av, const aivm_size *size,
                     const char *region, unsigned vms, bool spot);

/**
 * What the SKU list alone says of a size by name (one the catalog may not
 * hold) in `region`: offered (-1 when no SKU list covers the region),
 * restrictions, zones and retirement; no quota. `size_name` and `region` are
 * borrowed. Returns `out->blocked` (not offered, or restricted in the region).
 */
bool aivm_avail_eval_sku(aivm_availability *out, const aivm_avail *av, const char *size_name,
                         const char *region);

/** vCPUs that earlier deployments of the same plan already take from each limit
 *  of a region (check holds a whole plan to one quota). */
typedef struct {
    double family;   /* same quota family, regular priority */
    double regional; /* every family, regular priority */
    double spot;     /* spot / low-priority */
} aivm_avail_prior;

/** aivm_avail_eval() with `prior` vCPUs already taken from the limits (NULL: none):
 *  a limit is short when prior + needed exceeds what it has free, and the reason
 *  says how much was planned before. */
bool aivm_avail_eval_prior(aivm_availability *out, const aivm_avail *av, const aivm_size *size,
                           const char *region, unsigned vms, bool spot,
                           const aivm_avail_prior *prior);

/** Zones of a mask as "1,2,3" into `out` (cap bytes, terminated); "" for none. */
char *aivm_avail_zones_str(char *out, size_t cap, unsigned zones);

#endif
