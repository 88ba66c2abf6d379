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

#include "aivm/avail.h"
#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/prices.h"
#include "aivm/rules.h"
#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "aivm/workload.h"

/** Orders of `--sort`. */
typedef enum {
    AIVM_SORT_SCORE = 0,
    AIVM_SORT_PRICE = 1,
    AIVM_SORT_PRICE_PER_GPU = 2,
    AIVM_SORT_PRICE_PER_GPU_MEMORY = 3,
    AIVM_SORT_JOB_COST = 4,      /* with a work amount: the job's cost (training) or the cost
                                    per hour of serving the target (inference) */
    AIVM_SORT_TIME = 5,          /* training: wall-clock hours; inference: seconds per request */
    AIVM_SORT_COST_PER_TOKEN = 6 /* per million output tokens (inference) or training tokens */
} aivm_sort;

struct aivm_extras;

/** One rule that fired for a candidate. `message` is owned by the advice. */
typedef struct {
    const aivm_rule *rule;
    char *message;
    double delta; /* contribution to the score (0 for require) */
    double
        effect_pct; /* with the cost objective: its share of the preference band, in % of
                       the cost (delta x AIVM_PREF_PCT_PER_POINT; + makes the size look cheaper) */
} aivm_reason;

/** What orders the candidates (docs/ranking.md). */
typedef enum {
    AIVM_OBJ_GUIDANCE = 0, /* no model size given: guidance score, then price */
    AIVM_OBJ_COST = 1,     /* the need is known: cost of the deployment (with a work amount:
                              of the work), preferences bounded */
    AIVM_OBJ_SORT = 2      /* --sort price|price-per-gpu|price-per-gpu-memory */
} aivm_objective;

/** Each score point of a preference moves the cost by this many percent ... */
#define AIVM_PREF_PCT_PER_POINT 2.0
/** ... and all preferences together by at most this many percent either way. */
#define AIVM_PREF_CAP_PCT 25.0

/** How a candidate was ranked: the decomposition --explain and the JSON show. */
typedef struct {
    aivm_objective objective;
    unsigned tier;       /* 0 first: cost objective tiers (below), else 0 */
    const char *tier_id; /* "fits", "multi-vm-replica", "unpriced", "os-undocumented" (static) */
    bool has_cost;
    double cost; /* deployment per hour: price under the pricing model x VMs; with a work
                    amount, the cost of the work (job cost, or per million output tokens) */
    bool cost_is_linux_reference; /* --os windows without a Windows price: ordered by the
                                     catalog's Linux price (Windows adds a licence), not shown */
    double preference_pct;        /* sum of effect_pct, clamped to +-AIVM_PREF_CAP_PCT */
    double adjusted_cost;         /* cost x (1 - preference_pct / 100): the sort key */
    bool cost_is_work;            /* cost is the work's (a work amount was given) */
    double deployment_hourly;     /* the deployment's price per hour behind cost */
    char *reason;                 /* one sentence: why this place; owned by the advice */
} aivm_ranking;

typedef struct {
    unsigned rank; /* 1-based */
    const aivm_size *size;
    double score;
    aivm_price price;
    unsigned instances; /* VMs in the deployment (1) */
    aivm_reason *reasons;
    size_t n_reasons;
    bool has_fit; /* the workload has sizing (aivm_workload.sizing) */
    aivm_fit fit; /* how the job fits this size; price × fit.vms is the deployment's */
    aivm_ranking ranking;
    const char *region;       /* the region the recommendation is for: the workload's, or
                                 the best of --regions (aivm_advice_availability) */
    aivm_availability *avail; /* owned; NULL unless availability was judged */
    bool has_work;            /* the workload gives an amount of work (aivm/throughput.h) */
    aivm_work_estimate work;  /* its time on this deployment (work.known: estimated) */
} aivm_candidate;

/** The cost of the work on one candidate (docs/throughput.md). */
typedef struct {
    bool known;            /* an estimate and an hourly price under the pricing model */
    double price_per_hour; /* one VM */
    const char *currency;  /* borrowed from the candidate's price; "USD" when unset */
    /* training */
    double job_cost; /* wall hours x price x VMs of the deployment */
    unsigned vms;    /* training: the deployment; inference: the VMs serving the target */
    double per_hour; /* what those VMs cost per hour */
    double per_mtok; /* inference: per million output tokens at full load; training: per
                        million training tokens */
} aivm_work_cost;

/**
 * The cost of the work of `c` (which has_work): training, the job at its
 * estimated wall-clock hours on its deployment; inference, the VMs the
 * target needs and the cost per million output tokens. out->known is false
 * without an estimate or a price. Returns out->known.
 */
bool aivm_candidate_work_cost(aivm_work_cost *out, const aivm_candidate *c);

typedef struct {
    const aivm_size *size;
    const aivm_rule *rule; /* NULL when rejected by a built-in check (see reason_id) */
    char *message;
    const char *reason_id; /* built-in check, e.g. "max-price-per-hour"; NULL with a rule */
} aivm_rejection;

typedef struct {
    const aivm_catalog *catalog;
    const aivm_workload *workload;
    aivm_candidate *ranked; /* all accepted candidates, best first */
    size_t n_ranked;
    size_t n_shown;           /* min(top, n_ranked) */
    aivm_rejection *rejected; /* sorted by size name */
    size_t n_rejected;
    char **warnings;
    size_t n_warnings;
    unsigned top;               /* as asked (0 = all) */
    struct aivm_extras *extras; /* image, orchestrators, containers, spot (aivm/extras.h) */
    bool cost_objective;        /* aivm_advise_opts.cost_objective */
    const aivm_rules *rules;    /* the rules it was made with (borrowed) */
    bool has_avail;             /* aivm_advice_availability() ran: candidates carry `avail` */
    const char *const *regions; /* its --regions (borrowed from its options); n_regions 0:
                                   the workload's region only */
    size_t n_regions;
    bool has_skus;              /* availability was judged with a SKU snapshot */
    const char **unknown_sizes; /* sizes the SKU snapshots list that the catalog lacks (the
                                   array owned, the names borrowed from the snapshots) */
    size_t n_unknown_sizes;
} aivm_advice;

typedef struct {
    unsigned top;                   /* how many to show (0 = all) */
    bool no_catalog_price_warnings; /* prices come from elsewhere (or are off) */
    bool cost_objective; /* rank by cost even without a model size (check's suggestions: the
                            cheapest size that does at least what the plan does) */
} aivm_advise_opts;

#define AIVM_ADVISE_OPTS_INIT                                                                      \
    {                                                                                              \
        5, false, false                                                                            \
    }

/** Cost-related ranking (`--pricing`, `--sort`, `--max-price-per-hour`). */
typedef struct {
    aivm_pricing pricing;
    aivm_sort sort;
    bool has_max_price;
    double max_price; /* per hour, whole deployment, in the prices' currency */
} aivm_cost_opts;

#define AIVM_COST_OPTS_INIT                                                                        \
    {                                                                                              \
        AIVM_PRICING_ON_DEMAND, AIVM_SORT_SCORE, false, 0                                          \
    }

/**
 * Apply `o` to an advice whose candidates carry prices: take each hourly
 * price under o->pricing (unknown stays unknown, never 0), reject sizes
 * over the budget or without a price when a budget is set (reason_id
 * "max-price-per-hour"), sort by o->sort, re-number ranks and recount
 * n_shown. Adds warnings for unknown prices. Returns 0.
 */
int aivm_advice_rank_by_cost(aivm_advice *adv, const aivm_cost_opts *o, aivm_error *err);

/**
 * Order the ranked candidates (docs/ranking.md) and fill each one's ranking:
 * with a model size known, feasible sizes by tier (a replica on one VM, then
 * replicas across VMs, then sizes without a price), then by the cost of the
 * deployment adjusted by the bounded preferences; without one, by guidance
 * score then price; with a `sort` other than score, by that key. Renumbers
 * ranks and recounts n_shown. The one ranking recommend and check share.
 */
void aivm_advice_rank(aivm_advice *adv, aivm_sort sort);

/** Drop every price from the advice (`--prices off`). */
void aivm_advice_clear_prices(aivm_advice *adv);
/** Drop one candidate's price (it becomes unknown, source "none"). */
void aivm_advice_clear_prices_of(aivm_candidate *c);

/** Append a warning (copied). */
void aivm_advice_add_warning(aivm_advice *adv, const char *msg);

/** The id shown for a rejection: its rule's id or its built-in reason_id. */
const char *aivm_rejection_id(const aivm_rejection *r);
/** The guidance ids of a rejection (G13 for the budget check). */
const aivm_strlist *aivm_rejection_guidance(const aivm_rejection *r);

/** "score", "price", "price-per-gpu", "price-per-gpu-memory", "job-cost", "time",
 *  "cost-per-token"; parse returns 0 or
 *  AIVM_EINVALID with the expected values. */
const char *aivm_sort_name(aivm_sort s);
int aivm_sort_parse(aivm_sort *out, const char *s, aivm_error *err);

/**
 * The queries an advice needs: its shown candidates, or every ranked one
 * when `all` (sorting by price, a budget). Strings are borrowed from the
 * advice. Returns the count; the caller frees `*out` with free().
 */
size_t aivm_advice_price_queries(aivm_price_query **out, const aivm_advice *adv,
                                 const char *currency, bool all);

/**
 * Put the store's prices on the advice's candidates (source live or cache,
 * currency, fetched_at, every pricing model known). A candidate whose price
 * could not be had keeps its catalog price (source "catalog", same currency
 * only) and a warning says so, except in live mode without `allow_partial`,
 * where this returns AIVM_ENET and the advice must not be shown. Store
 * warnings are copied to the advice. Returns 0 or AIVM_ENET.
 */
int aivm_advice_apply_prices(aivm_advice *adv, const aivm_prices *p, aivm_prices_mode mode,
                             bool allow_partial, aivm_error *err);

/** How an advice is priced and ranked by cost (recommend's price options). */
typedef struct {
    aivm_prices_mode mode;
    bool allow_partial;
    aivm_cost_opts cost;
    aivm_fetch_opts fetch; /* cached/live: where and how to fetch */
} aivm_price_step_opts;

/**
 * The price step of the advice: put prices on `adv` as `o` says and rank it
 * by cost. Off drops every price; catalog keeps the catalog's (USD only:
 * another currency drops them with a warning); cached and live fetch them
 * into a new store `*store`, which the advice then borrows from (free it
 * with aivm_prices_free() after the advice; NULL in the other modes).
 * Returns 0, or AIVM_ENET/AIVM_EINVALID when live prices are missing
 * (without allow_partial) or the fetch options are invalid.
 */
int aivm_advice_price(aivm_advice *adv, const aivm_price_step_opts *o, aivm_prices **store,
                      aivm_error *err);

/**
 * Rank the catalog's sizes for `wl` (which must have been finished with
 * aivm_workload_finish()), then run the target rules for the rank-1 size
 * (adv->extras). With wl->spot, equal scores are ordered by spot price. Returns 0; never fails on
 * valid inputs other than by aborting on out-of-memory. `*out` is freed with aivm_advice_free().
 */
int aivm_advise(aivm_advice **out, const aivm_catalog *cat, const aivm_rules *rules,
                const aivm_workload *wl, const aivm_advise_opts *opts, aivm_error *err);

/** What aivm_advice_availability() judges with (docs/availability.md). */
typedef struct {
    const aivm_avail *avail;    /* quota and SKU snapshots; NULL: the catalog's regions only */
    const char *const *regions; /* --regions, borrowed; n_regions 0: the workload's region */
    size_t n_regions;
    aivm_prices *region_prices; /* region-wide price lists (aivm_prices_get_regions) of
                                   --prices live|cached, borrowed; NULL: catalog prices */
} aivm_avail_opts;

/**
 * Judge every ranked candidate's availability (offered, restrictions, zones,
 * quota for its VMs) in the workload's region or, with regions, in each of
 * them, and keep the best region per candidate: one where it can be
 * deployed, with a catalog price there before one priced by its reference
 * region, then the lowest cost under the candidate's pricing, then list
 * order. The candidate's region and catalog price become that region's.
 * With o->region_prices, a region's cost is its price list's (the
 * workload's OS, the candidate's pricing), and a size its list holds no row
 * of is not offered there (no meter); a region whose list could not be had
 * falls back to the catalog.
 * Candidates blocked everywhere are rejected (reason_id "availability",
 * with the increase of quota needed or why it is not offered); SKU
 * capabilities that disagree with the catalog and quota families that
 * cannot be told become warnings. Re-ranks (AIVM_SORT_SCORE; the price step
 * ranks again). The candidates' `avail` records borrow strings from o->avail
 * and the regions from o->regions: both must outlive the advice. Returns 0.
 */
int aivm_advice_availability(aivm_advice *adv, const aivm_avail_opts *o, aivm_error *err);

/** Free an advice and everything it owns (not what it borrows). Accepts NULL. */
void aivm_advice_free(aivm_advice *adv);

#endif
