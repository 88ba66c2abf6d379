/* avail_int.h - the snapshot store the avail files share (private to the module). */
#ifndef AIVM_AVAIL_INT_H
#define AIVM_AVAIL_INT_H

#include "aivm/avail.h"
#include "util/arena.h"

/** One row of a usage snapshot. Strings live in the store's arena. */
typedef struct {
    const char *key;   /* aivm_avail_family_key() of `value` */
    const char *value; /* name.value: "standardNDASv4_A100Family", "cores", "lowPriorityCores" */
    const char *local; /* localName or name.localizedValue; may be NULL */
    double limit;      /* < 0: no limit */
    double used;
} aivm_avail__usage;

typedef struct {
    const char *region;
    aivm_avail__usage *rows;
    size_t n;
    void *index; /* the rows by key, a hash set (avail_load.c): lookups in constant time */
} aivm_avail__snap;

/** One VM size in one location of a SKU snapshot (public: aivm_avail_sku). */
typedef aivm_avail_sku aivm_avail__sku;

struct aivm_avail {
    aivm_arena arena;
    aivm_avail__snap *snaps;
    size_t n_snaps;
    aivm_avail__sku *skus;
    size_t n_skus, cap_skus;
    const char **covered; /* locations any SKU snapshot names */
    size_t n_covered, cap_covered;
    void *covered_set;    /* the same as a hash set (avail_load.c), for loading in linear time */
    const char **unknown; /* aivm_avail_unknown_sizes() of unknown_cat, worked out once */
    size_t n_unknown, unknown_skus; /* ... and n_skus when it was */
    const aivm_catalog *unknown_cat;
};

/** The usage snapshot of `region`, or NULL. */
const aivm_avail__snap *aivm_avail__snap_of(const aivm_avail *av, const char *region);
/** The SKU entry of `size` (case-insensitive) in `location`, or NULL. */
const aivm_avail__sku *aivm_avail__sku_of(const aivm_avail *av, const char *size,
                                          const char *location);
/** Sort the SKU entries for aivm_avail__sku_of() (after every SKU file). */
void aivm_avail__sort(aivm_avail *av);
/** Free the hash set of covered locations (aivm_avail_free). */
void aivm_avail__covered_free(aivm_avail *av);
/** The first row of usage snapshot `s` whose key is `key` (exact), or NULL;
 * a hash lookup, so judging many resources against a long list stays linear. */
const aivm_avail__usage *aivm_avail__row_of(const aivm_avail__snap *s, const char *key);
/** Whether a SKU snapshot names `location` (a hash lookup). */
bool aivm_avail__covers(const aivm_avail *av, const char *location);

#endif
