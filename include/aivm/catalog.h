/*
 * aivm/catalog.h - the VM catalog: sizes, families, images, orchestrators,
 * container tooling and their sources, loaded from YAML (docs/catalog-format.md).
 *
 * A catalog is immutable after loading and owns every string and array it
 * hands out; all pointers returned by the getters stay valid until
 * aivm_catalog_free() is called on the catalog.
 *
 * Size records (aivm_size, aivm_region_price) hold their strings and arrays
 * as offsets from the field itself (aivm_rstr, aivm_rlist), not as pointers:
 * the compiled-in catalog is then read-only data that a position-independent
 * binary need not relocate at start-up (relocating it wrote ~40 pages, a
 * third of a cold run; docs/performance.md). Read them with aivm_str(),
 * aivm_rlist_at() and aivm_size_prices(), and use records where the catalog
 * keeps them: a copy of a record does not carry its strings along.
 */
#ifndef AIVM_CATALOG_H
#define AIVM_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aivm/error.h"
#include "aivm/util.h"

/** The lowest price a catalog (or catalog overlay) may hold, USD or the
 *  currency's unit per hour: a positive price below it (1e-7, 5e-324) would
 *  rank its size first at $0, so loading refuses it, as the price reader
 *  refuses such an API price (AIVM_PRICE_FLOOR, docs/security.md). */
#define AIVM_CATALOG_PRICE_FLOOR 1e-4
/** The price a catalog (or catalog overlay) may not reach, per hour: no VM
 *  costs that, and a report prints every price in a bounded width (1e308
 *  would print 309 digits); the price reader refuses such an API price
 *  (AIVM_PRICE_CEILING). */
#define AIVM_CATALOG_PRICE_CEILING 1e9

typedef enum {
    AIVM_CAT_GPU = 0,
    AIVM_CAT_CPU_MEMORY = 1,  /* "cpu-memory-optimized" */
    AIVM_CAT_CPU_COMPUTE = 2, /* "cpu-compute-optimized" */
    AIVM_CAT_CPU_GENERAL = 3, /* "cpu-general-purpose" (D, B, A: recognised, for check) */
} aivm_category;

/** Number formats a GPU may run natively (gpu_models.precisions). */
typedef enum {
    AIVM_DT_FP64 = 0,
    AIVM_DT_FP32 = 1,
    AIVM_DT_TF32 = 2,
    AIVM_DT_BF16 = 3,
    AIVM_DT_FP16 = 4,
    AIVM_DT_FP8 = 5,
    AIVM_DT_INT8 = 6,
    AIVM_DT_INT4 = 7,
    AIVM_DT_FP4 = 8,
} aivm_dtype;

#define AIVM_DTYPE_COUNT 9

typedef enum {
    AIVM_LC_GA = 0,
    AIVM_LC_PREVIEW = 1,
    AIVM_LC_RETIRING = 2,
    AIVM_LC_RETIRED = 3,
} aivm_lifecycle;

/** A position in the catalog file (see aivm_loc). */
typedef struct {
    aivm_rstr file;
    unsigned line, col;
} aivm_rloc;

/** Reference Linux prices of one size in one region (USD per hour). */
typedef struct {
    aivm_rstr region;
    double on_demand;
    double spot; /* valid only when has_spot */
    bool has_spot;
} aivm_region_price;

/** One VM size. Transparent: renderers and rules read it directly (strings
 *  through aivm_str(), lists through aivm_rlist_at()). */
typedef struct {
    aivm_rstr name;
    aivm_rstr series;
    aivm_rstr family;
    aivm_category category;
    unsigned vcpus;
    double memory_gib;
    bool has_gpu;
    aivm_rstr gpu_vendor; /* NULL when !has_gpu */
    aivm_rstr gpu_model;
    double gpu_count; /* fractional for partial GPUs */
    double gpu_memory_gb;
    aivm_rstr gpu_interconnect; /* "nvlink", "infinity-fabric", "pcie", "none" */
    aivm_rstr gpu_interconnect_detail;
    bool infiniband;
    double infiniband_gbps;            /* 0 = unknown */
    bool accelerated_networking;       /* false where not documented too */
    bool accelerated_networking_known; /* the catalog (or overlay) states it */
    unsigned hyperv_generations;       /* bit 1: Gen1, bit 2: Gen2 */
    aivm_rstr cpu;
    aivm_rstr cpu_arch;
    bool confidential;
    aivm_lifecycle lifecycle;
    aivm_rstr lifecycle_date; /* "YYYY-MM-DD" or NULL */
    aivm_rstr lifecycle_note;
    int generation_year;
    aivm_rlist regions;      /* empty = unknown */
    aivm_rlist os;           /* "linux", "windows" the series supports; empty = unknown */
    unsigned gpu_precisions; /* 1u << aivm_dtype of its GPU model (gpu_models); 0 = unknown */
    bool unverified;         /* not on its series' current Microsoft size page: never recommended */
    bool has_price;
    aivm_rstr price_currency;
    aivm_rstr price_as_of;
    aivm_rstr price_source;
    aivm_rstr price_reference_region;
    ptrdiff_t prices_off; /* read with aivm_size_prices() */
    size_t n_prices;
    aivm_rlist sources;
    aivm_rlist notes;
    aivm_rloc loc;
} aivm_size;

typedef struct {
    const char *id;
    const char *name;
    aivm_category category;
    const char *description;
    aivm_strlist sources;
    const char *as_of;
    aivm_loc loc;
} aivm_family;

typedef struct {
    const char *id;
    const char *title;
    const char *url;
    const char *date;
    aivm_loc loc;
} aivm_source;

typedef struct {
    const char *id;
    const char *name;
    const char *kind;     /* "dsvm", "hpc", "marketplace", "platform" */
    const char *os;       /* "linux", "windows" */
    const char *cpu_arch; /* "x86_64" (default) or "arm64": the sizes it boots (as aivm_size) */
    const char *publisher, *offer, *sku, *version;
    unsigned hyperv_generations;
    aivm_strlist gpu_vendors;
    aivm_strlist ships;
    aivm_strlist gpu_stack;
    aivm_strlist supported_sizes;
    aivm_strlist notes;
    aivm_strlist sources;
    const char *as_of;
    aivm_loc loc;
} aivm_image;

typedef struct {
    const char *id;
    const char *name;
    const char *summary;
    aivm_strlist schedulers;
    aivm_strlist features;
    aivm_strlist checklist;
    aivm_strlist notes;
    aivm_strlist sources;
    const char *as_of;
    aivm_loc loc;
} aivm_orchestrator;

typedef struct {
    const char *id;
    const char *name;
    const char *summary;
    aivm_strlist gpu_vendors;
    aivm_strlist notes;
    aivm_strlist sources;
    const char *as_of;
    aivm_loc loc;
} aivm_container_tool;

/** Facts about one GPU model (the catalog's `gpu_models`), keyed by the
 *  `gpu.model` of sizes. Strings and lists are owned by the catalog. */
typedef struct {
    const char *model;
    const char *vendor, *architecture;
    double memory_gb;                /* of the main variant (notes name the others) */
    unsigned precisions;             /* 1u << aivm_dtype: formats its tensor/matrix cores run */
    double tflops[AIVM_DTYPE_COUNT]; /* dense peak per GPU (TOPS for int); 0 = unknown */
    double memory_bandwidth_gbs;     /* GB/s; 0 = unknown */
    double interconnect_gbs;         /* GPU-to-GPU per GPU, GB/s; 0 = PCIe only or unknown */
    aivm_strlist sources;            /* catalog source ids or https URLs */
    aivm_strlist notes;
    const char *as_of;
    aivm_loc loc;
    const char *variant_of; /* a variant (H100 NVL) of this model (H100); NULL = a model */
    aivm_strlist series;    /* a variant: the series whose sizes have it */
} aivm_gpu_model;

/** An Azure public region (the catalog's `regions`). */
typedef struct {
    const char *name;      /* "westeurope" */
    const char *display;   /* "West Europe" */
    const char *geography; /* "Europe" */
    aivm_loc loc;
} aivm_region;

typedef struct aivm_catalog aivm_catalog;

/**
 * Parse and validate a catalog from memory. `name` is used in error
 * positions (e.g. the file path). On success `*out` owns a new catalog that
 * the caller frees with aivm_catalog_free(); on failure `*out` is NULL.
 * Returns 0, AIVM_ESYNTAX (malformed YAML), AIVM_EINVALID (schema) or
 * AIVM_ELIMIT (too deep, too large, aliases).
 */
int aivm_catalog_load_mem(aivm_catalog **out, const char *buf, size_t len, const char *name,
                          aivm_error *err);

/** File wrapper of aivm_catalog_load_mem(); also returns AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_catalog_load_file(aivm_catalog **out, const char *path, aivm_error *err);

/** Free a catalog and everything it owns. Accepts NULL. */
void aivm_catalog_free(aivm_catalog *cat);

/** The catalog's `version` and `as_of` date, owned by the catalog. */
const char *aivm_catalog_version(const aivm_catalog *cat);
const char *aivm_catalog_as_of(const aivm_catalog *cat);

/** How many sizes the catalog holds. */
size_t aivm_catalog_size_count(const aivm_catalog *cat);
/** The i-th size in catalog order (i < count). Owned by the catalog. */
const aivm_size *aivm_catalog_size_at(const aivm_catalog *cat, size_t i);
/** Find a size by name, case-insensitively; NULL when absent. */
const aivm_size *aivm_catalog_find_size(const aivm_catalog *cat, const char *name);

/** Families, sources, images, orchestrators and container tools: counts, and the
 *  i-th entry in file order (i < count), owned by the catalog. */
size_t aivm_catalog_family_count(const aivm_catalog *cat);
const aivm_family *aivm_catalog_family_at(const aivm_catalog *cat, size_t i);
size_t aivm_catalog_source_count(const aivm_catalog *cat);
const aivm_source *aivm_catalog_source_at(const aivm_catalog *cat, size_t i);
size_t aivm_catalog_image_count(const aivm_catalog *cat);
const aivm_image *aivm_catalog_image_at(const aivm_catalog *cat, size_t i);
/**
 * The CPU architecture a Marketplace image `publisher:offer:sku` is built
 * for: "x86_64" or "arm64" (static strings), NULL when it is not known. A
 * catalog image with those coordinates (ASCII case ignored) gives its
 * `cpu_arch`; otherwise "arm64" when any of the three names arm64 or
 * aarch64; otherwise "x86_64" for the publishers that name every Arm64 SKU
 * so (Canonical, MicrosoftWindowsServer, microsoft-dsvm); else NULL, never
 * a guess. Any argument may be NULL (then NULL).
 */
const char *aivm_catalog_image_arch(const aivm_catalog *cat, const char *publisher,
                                    const char *offer, const char *sku);
size_t aivm_catalog_orchestrator_count(const aivm_catalog *cat);
const aivm_orchestrator *aivm_catalog_orchestrator_at(const aivm_catalog *cat, size_t i);
size_t aivm_catalog_container_tool_count(const aivm_catalog *cat);
const aivm_container_tool *aivm_catalog_container_tool_at(const aivm_catalog *cat, size_t i);

/** GPU models: count, i-th in file order, and the model named `model` (exact,
 *  as sizes spell it; NULL when the catalog has no facts about it). */
size_t aivm_catalog_gpu_model_count(const aivm_catalog *cat);
const aivm_gpu_model *aivm_catalog_gpu_model_at(const aivm_catalog *cat, size_t i);
const aivm_gpu_model *aivm_catalog_gpu_model(const aivm_catalog *cat, const char *model);
/** The GPU facts of size `s`: the variant of its GPU model listed for its series
 *  (A100 40GB on ND A100 v4, H100 NVL on NCads H100 v5), else the model's; NULL
 *  for a CPU size or a GPU without facts. Owned by the catalog. */
const aivm_gpu_model *aivm_catalog_size_gpu(const aivm_catalog *cat, const aivm_size *s);

/** Azure regions: count (0 when the catalog lists none: any region is then
 *  accepted), i-th in file order, and the region a user's spelling names:
 *  its name or display name, ASCII case and spaces ignored ("East US",
 *  "eastus", "EastUS"); NULL when none. The source of the list is
 *  aivm_catalog_regions_source(). */
size_t aivm_catalog_region_count(const aivm_catalog *cat);
const aivm_region *aivm_catalog_region_at(const aivm_catalog *cat, size_t i);
const aivm_region *aivm_catalog_find_region(const aivm_catalog *cat, const char *name);
/**
 * Expand a region list, as `--regions` spells it: comma-separated names or
 * display names ("eastus,West Europe") and the groups `us`, `europe`, `asia`
 * and `all` (by each region's geography; docs/availability.md). Duplicates
 * are dropped, the first mention's order kept. On success `*out` is a new
 * array of `*n_out` (>= 1) regions borrowed from `cat`; the caller frees the
 * array with free(). An unknown name is AIVM_ENOTFOUND with a did-you-mean;
 * an empty list AIVM_EINVALID. The catalog must list regions.
 */
int aivm_catalog_regions_expand(const aivm_region ***out, size_t *n_out, const aivm_catalog *cat,
                                const char *spec, aivm_error *err);
/** The source id and date of the region list (NULL when there is none). */
const char *aivm_catalog_regions_source(const aivm_catalog *cat);
const char *aivm_catalog_regions_as_of(const aivm_catalog *cat);

/** "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4", "fp4". */
const char *aivm_dtype_name(aivm_dtype d);

/** True when the size's series is documented to support `os` ("linux" or
 *  "windows"); false when it is documented not to; `*known` says whether the
 *  catalog knows at all (an empty `os` list: unknown, and true is returned). */
bool aivm_size_supports_os(const aivm_size *size, const char *os, bool *known);

/** The n_prices reference prices of `size` (NULL when it has none). */
static inline const aivm_region_price *aivm_size_prices(const aivm_size *size)
{
    return size->n_prices ? (const aivm_region_price *)((uintptr_t)&size->prices_off +
                                                        (uintptr_t)size->prices_off)
                          : NULL;
}

/** The sizes' indices (aivm_catalog_size_at) in strcmp order of their names;
 *  aivm_catalog_size_count() entries, owned by the catalog. */
const unsigned *aivm_catalog_name_order(const aivm_catalog *cat);

/** Look up the reference price of `size` in `region`; NULL when not priced there. */
const aivm_region_price *aivm_size_price_in(const aivm_size *size, const char *region);

/**
 * The catalog's price of `size` for `region`: the region's own, else its
 * reference region's (`*reference` set true then; may be NULL). NULL when
 * the size has no price at all. The one place that rule is written.
 */
const aivm_region_price *aivm_size_price_for(const aivm_size *size, const char *region,
                                             bool *reference);

/** The on-demand price of one GPU-hour on `size` at price `p` (one of its
 *  own), or 0 when there is no price or the size has no (whole or shared) GPU. */
double aivm_size_gpu_hour_price(const aivm_size *size, const aivm_region_price *p);

/** Names used in files and JSON: "gpu", "cpu-memory-optimized", ... */
const char *aivm_category_name(aivm_category c);
const char *aivm_lifecycle_name(aivm_lifecycle l);

/**
 * The shipped catalog, compiled into the binary as C data at build time
 * (no parse at start-up). Static and read-only like every loaded catalog;
 * aivm_catalog_free() on it does nothing. Valid for the life of the process.
 */
aivm_catalog *aivm_catalog_builtin(void);

/* ---- the local overlay (`catalog refresh`, docs/catalog-format.md) */

/** What an overlay does to a catalog size: `catalog diff` lists them. */
typedef enum {
    AIVM_OVERLAY_ADDED = 0,    /* a size the catalog lacks */
    AIVM_OVERLAY_CHANGED = 1,  /* a fact added to a catalog size: regions, prices, lifecycle */
    AIVM_OVERLAY_DISAGREES = 2 /* the snapshots say otherwise; the catalog's fact is kept */
} aivm_overlay_kind;

/** One entry of an overlay. Strings owned by the catalog that applied it. */
typedef struct {
    aivm_overlay_kind kind;
    const char *size;    /* the size's full name */
    const char *fact;    /* "size", "regions", "prices", "lifecycle", "vcpus", ... */
    const char *catalog; /* the catalog's value; NULL for an added size */
    const char *overlay; /* what the overlay adds or what the snapshots say */
    const char *source;  /* the input it came from; may be NULL */
} aivm_overlay_change;

/**
 * Apply an overlay (the JSON that `catalog refresh` writes) to `base`: a new
 * catalog with base's sizes, the overlay's facts added to them (regions,
 * prices of regions the catalog does not price, a retirement date it does
 * not know) and the overlay's new sizes after them. Disagreements are
 * recorded, never applied. `*out` borrows from `base`, which must outlive
 * it, and is freed with aivm_catalog_free(); NULL on failure. `name` is used
 * in error positions and by aivm_catalog_overlay_name(). Returns 0,
 * AIVM_ESYNTAX, AIVM_EINVALID (with file:line:col) or AIVM_ELIMIT.
 */
int aivm_catalog_overlay_mem(aivm_catalog **out, const aivm_catalog *base, const char *buf,
                             size_t len, const char *name, aivm_error *err);
/** File wrapper of aivm_catalog_overlay_mem(); also AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_catalog_overlay_file(aivm_catalog **out, const aivm_catalog *base, const char *path,
                              aivm_error *err);
/** The overlay's name (its file) and date, owned by `cat`; NULL when none was applied. */
const char *aivm_catalog_overlay_name(const aivm_catalog *cat);
const char *aivm_catalog_overlay_as_of(const aivm_catalog *cat);
/** The overlay's entries (0 without one) and the i-th (i < count), owned by `cat`:
 *  added sizes, then changes and disagreements, in the overlay's order. */
size_t aivm_catalog_overlay_change_count(const aivm_catalog *cat);
const aivm_overlay_change *aivm_catalog_overlay_change_at(const aivm_catalog *cat, size_t i);
/**
 * The overlay in one line, "FILE (as of DATE): N added, N changed, N
 * disagreements", written into `out` (`cap` bytes, truncated to fit; "" when
 * none). Every output that a loaded overlay changes names it with this line;
 * the file name is untrusted text, which each format escapes.
 * `cat` may be NULL. Returns whether an overlay was applied.
 */
bool aivm_catalog_overlay_summary(char *out, size_t cap, const aivm_catalog *cat);
/** A buffer for aivm_catalog_overlay_summary(): a path of 1000 bytes and the counts fit. */
#define AIVM_OVERLAY_SUMMARY_CAP 1200

/** The newest `price.as_of` of the catalog's sizes ("YYYY-MM-DD", owned by
 *  `cat`), or NULL when no size has a reference price. */
const char *aivm_catalog_prices_as_of(const aivm_catalog *cat);
/** The date the catalog's size facts hold as of: its `as_of`, or the
 *  overlay's date when that is newer. Owned by `cat`. */
const char *aivm_catalog_data_as_of(const aivm_catalog *cat);
/** Days from aivm_catalog_data_as_of() to `today` (YYYY-MM-DD; negative when
 *  `today` is earlier), or 0 when `today` is not a date. */
long long aivm_catalog_age_days(const aivm_catalog *cat, const char *today);
/** Days from aivm_catalog_prices_as_of() to `today` (YYYY-MM-DD; negative
 *  when `today` is earlier), or 0 when the catalog has no reference price or
 *  `today` is not a date. */
long long aivm_catalog_prices_age_days(const aivm_catalog *cat, const char *today);

/** The lifecycle of `size` as of `today` ("YYYY-MM-DD" or NULL): a
 *  retiring size whose date has passed counts as retired. */
aivm_lifecycle aivm_size_lifecycle_on(const aivm_size *size, const char *today);

/* ---- browsing (catalog list, show, compare) */

/** Find a size the way people type it: case-insensitive, the "Standard_"
 *  prefix optional ("nd96isr_h100_v5"). NULL when absent. Owned by `cat`. */
const aivm_size *aivm_catalog_lookup_size(const aivm_catalog *cat, const char *name);
/** The catalog size whose name is closest to `name` when it looks like a
 *  typo (aivm_did_you_mean; the prefix may be left out), as its full name
 *  owned by `cat`; NULL when none is close. */
const char *aivm_catalog_suggest_size(const aivm_catalog *cat, const char *name);

/** The filters of `catalog list`: NULL / 0 / false fields do not filter. */
typedef struct {
    const char *family;       /* "ND": the size's family, case-insensitive */
    unsigned categories;      /* 1u << aivm_category; 0 = every category */
    const char *gpu;          /* "H100": the GPU model, case-insensitive */
    double min_gpu_memory_gb; /* memory of each GPU */
    bool infiniband;          /* only sizes with InfiniBand */
    const char *region;       /* sizes offered there (or whose regions are unknown) */
    bool include_retired;     /* retired sizes too (as of `today`) */
    bool include_unverified;  /* sizes marked unverified too */
    const char *today;        /* "YYYY-MM-DD"; NULL = as stored */
} aivm_size_filter;

/** True when `s` passes every filter of `f`. */
bool aivm_size_filter_match(const aivm_size_filter *f, const aivm_size *s);

#endif
