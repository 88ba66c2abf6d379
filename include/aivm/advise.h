/*
 * aivm/advise.h - scoring and ranking: apply a rule set to every catalog
 * size for one workload and return the ranked recommendations, the
 * rejected candidates (with the rule that rejected them) and warnings.
 *
 * aivm_advise() returns a new aivm_advice that the caller frees with
 * aivm_advice_free(). It borrows the catalog, the rules and the workload:
 * they must outlive it.
 */
#ifndef AIVM_ADVISE_H
#define AIVM_ADVISE_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/rules.h"
#include "aivm/sizing.h"
#include "aivm/workload.h"

typedef enum {
    AIVM_PRICE_NONE = 0,
    AIVM_PRICE_CATALOG = 1,
    AIVM_PRICE_LIVE = 2,
    AIVM_PRICE_CACHE = 3
} aivm_price_source;

/** The price shown for one candidate. Strings are borrowed from the catalog. */
struct aivm_extras;

typedef struct {
    aivm_price_source source;
    const char *currency;
    const char *region; /* where the price applies (may differ from the workload's) */
    aivm_os os;
    const char *as_of;
    bool has_on_demand;
    double on_demand;
    bool has_spot;
    double spot;
} aivm_price;

/** One rule that fired for a candidate. `message` is owned by the advice. */
typedef struct {
    const aivm_rule *rule;
    char *message;
    double delta; /* contribution to the score (0 for require) */
} aivm_reason;

typedef struct {
    unsigned rank; /* 1-based */
    const aivm_size *size;
    double score;
    aivm_price price;
    aivm_reason *reasons;
    size_t n_reasons;
    bool has_fit; /* the workload has sizing (aivm_workload.sizing) */
    aivm_fit fit; /* how the job fits this size; price × fit.vms is the deployment's */
} aivm_candidate;

typedef struct {
    const aivm_size *size;
    const aivm_rule *rule;
    char *message;
} aivm_rejection;

typedef struct {
    const aivm_catalog *catalog;
    const aivm_workload *workload;
    aivm_candidate *ranked; /* all accepted candidates, best first */
    size_t n_ranked;
    size_t n_shown; /* min(top, n_ranked) */
    aivm_rejection *rejected; /* sorted by size name */
    size_t n_rejected;
    char **warnings;
    size_t n_warnings;
    struct aivm_extras *extras; /* image, orchestrators, containers, spot (aivm/extras.h) */
} aivm_advice;

typedef struct {
    unsigned top; /* how many to show (0 = all) */
} aivm_advise_opts;

#define AIVM_ADVISE_OPTS_INIT {5}

/**
 * Rank the catalog's sizes for `wl` (which must have been finished with
 * aivm_workload_finish()), then run the target rules for the rank-1 size
 * (adv->extras). With wl->spot, equal scores are ordered by spot price. Returns 0; never fails on valid inputs other
 * than by aborting on out-of-memory. `*out` is freed with aivm_advice_free().
 */
int aivm_advise(aivm_advice **out, const aivm_catalog *cat, const aivm_rules *rules,
                const aivm_workload *wl, const aivm_advise_opts *opts, aivm_error *err);

void aivm_advice_free(aivm_advice *adv);

/** The lifecycle of `size` as of `today` ("YYYY-MM-DD" or NULL): a
 *  retiring size whose date has passed counts as retired. */
aivm_lifecycle aivm_size_lifecycle_on(const aivm_size *size, const char *today);

#endif
