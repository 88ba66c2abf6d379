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
#include "aivm/warnings.h"
#include "aivm/workload.h"

/** Orders of `--sort`. */
typedef enum {
    AIVM_SORT_SCORE = 0,
    AIVM_SORT_PRICE = 1,
    AIVM_SORT_PRICE_PER_GPU = 2,
    AIVM_SORT_PRICE_PER_GPU_MEMORY = 3,
    AIVM_SORT_JOB_COST = 4,       /* with a work amount: the job's cost (training) or the cost
                                     per hour of serving the target (inference) */
    AIVM_SORT_TIME = 5,           /* training: wall-clock hours; inference: seconds per request */
    AIVM_SORT_COST_PER_TOKEN = 6, /* per million output tokens (inference) or training tokens */
    AIVM_SORT_LATENCY = 7         /* inference: time per output token (then to first token) */
} aivm_sort;

struct aivm_extras;

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
    double adjusted_hourly;       /* deployment_hourly x (1 - preference_pct / 100) */
    char *reason;                 /* one sentence: why this place; owned by the advice */
    aivm_sort sort;               /* the --sort this ranking follows */
    bool spot;                    /* --spot: spot prices break the guidance order's ties */
    bool has_sort_key;            /* sort_key holds the --sort figure (else it is unknown) */
    double sort_key; /* the --sort figure, stored before sorting: the comparator is stateless */
} aivm_ranking;

/**
 * The one deployment of a candidate (docs/ranking.md, "The deployment"):
 * how many VMs, what they cost and the cost of the work, computed once by
 * aivm_deployment_eval() from the fit, the work estimate and the price.
 * Every renderer, the ranking and check show these figures and compute
 * none of their own. An unknown figure has its has_ flag false (never 0).
 */
typedef struct {
    unsigned vms;             /* VMs deployed: --nodes, the VMs memory needs, training scaled out to
                                 finish within --max-days, or the VMs a serving target needs (never
                                 fewer than memory needs) */
    unsigned replicas;        /* inference with sizing: model replicas deployed; else 0 */
    aivm_precision precision; /* the number format its GPUs run (bf16, or fp16 where a 16-bit
                                 default meets a GPU without bf16); UNSET without sizing */
    const char *currency;     /* of every amount below */
    aivm_pricing pricing;
    bool has_hourly; /* vms x the price under `pricing` */
    double hourly;
    double monthly; /* hourly x AIVM_HOURS_PER_MONTH (when has_hourly) */
    bool has_on_demand_hourly;
    double on_demand_hourly;
    bool has_spot_hourly;
    double spot_hourly;
    /* the cost of the work (a work amount with a known estimate and price) */
    bool has_job_cost; /* training: hourly x wall hours */
    double job_cost;
    bool has_per_mtok; /* inference: hourly / the target's million output tokens per hour;
                          training: job cost per million training tokens */
    double per_mtok;
    bool has_per_mtok_at_capacity; /* inference: hourly / what the VMs sustain at full load */
    double per_mtok_at_capacity;
    double capacity_tokens_per_second; /* inference: what the deployed VMs sustain (0: unknown) */
    /* non-generative serving (--requests-per-second) */
    double capacity_requests_per_second; /* what the deployed VMs sustain (0: unknown) */
    bool has_per_million_requests;       /* hourly / the target's million requests per hour */
    double per_million_requests;
    /* whether the deployment meets the work's own target (check: AIVM018, AIVM019) */
    bool short_of_target;      /* serving: capacity below the target (tokens or requests/s) */
    unsigned vms_for_target;   /* serving: the VMs of this size the target needs (0: unknown) */
    bool over_max_days;        /* training: the job runs past its max_days */
    unsigned vms_for_max_days; /* training past max_days: the VMs of this size that finish
                                  within it by data parallelism, in proportion (0: n/a) */
} aivm_deployment;

/**
 * Fill `out` for `vms` VMs (0 counts as 1) priced by `price` (may be NULL:
 * unpriced) doing the work `work` (may be NULL: no work amount), in the
 * format `precision`. The one evaluator of a deployment's figures:
 * recommend's candidates and check's planned resources both go through it.
 */
void aivm_deployment_eval(aivm_deployment *out, unsigned vms, const aivm_price *price,
                          const aivm_work_estimate *work, aivm_precision precision);

typedef struct {
    unsigned rank; /* 1-based */
    const aivm_size *size;
    double score;
    aivm_price price;
    aivm_reason *reasons;
    size_t n_reasons;
    bool has_fit; /* the workload has sizing (aivm_workload.sizing) */
    aivm_fit fit; /* how the job fits this size; price × fit.vms is the deployment's */
    aivm_ranking ranking;
    const char *region;       /* the region the recommendation is for: the workload's, or
                                 the best of --regions (the availability step) */
    aivm_availability *avail; /* owned; NULL unless availability was judged */
    bool has_work;            /* the workload gives an amount of work (aivm/throughput.h) */
    aivm_work_estimate work;  /* its time on this deployment (work.known: estimated) */
    aivm_deployment deploy;   /* the deployment: VMs (deploy.vms, the candidate's one count of
                                 VMs, set from the evaluation on), costs, cost of the work;
                                 what every renderer shows */
} aivm_candidate;

typedef struct {
    const aivm_size *size;
    const aivm_rule *rule; /* NULL when rejected by a built-in check (see reason_id) */
    char *message;
    const char *reason_id; /* built-in check, e.g. "max-price-per-hour"; NULL with a rule */
} aivm_rejection;

typedef struct {
    const aivm_catalog *catalog;
    const aivm_workload *workload;
    aivm_work_basis work;   /* the work asked for, as the estimates took it (renderers state it) */
    aivm_candidate *ranked; /* all accepted candidates, best first */
    size_t n_ranked;
    size_t n_shown;           /* min(top, n_ranked) */
    aivm_rejection *rejected; /* sorted by size name */
    size_t n_rejected;
    aivm_warnings warnings;     /* one line each, in the order they arose, each beside its
                                   stable id ("catalog-price-region", "prices-missing", ...;
                                   docs/json-output.md) */
    unsigned top;               /* as asked (0 = all) */
    struct aivm_extras *extras; /* image, orchestrators, containers, spot (aivm/extras.h) */
    bool cost_objective;        /* aivm_advise_opts.cost_objective */
    const aivm_rules *rules;    /* the rules it was made with (borrowed) */
    bool has_avail;             /* availability was judged: candidates carry `avail` */
    const char *const *regions; /* its --regions (borrowed from the request); n_regions 0:
                                   the workload's region only */
    size_t n_regions;
    aivm_prices_mode prices;    /* how it was priced */
    aivm_prices *store, *lists; /* owned: the cached/live prices its candidates borrow from */
    bool has_skus;              /* availability was judged with a SKU snapshot */
    const char **unknown_sizes; /* sizes the SKU snapshots list that the catalog lacks (the
                                   array owned, the names borrowed from the snapshots) */
    size_t n_unknown_sizes;
} aivm_advice;

/** Cost-related ranking (`--pricing`, `--sort`, `--max-price-per-hour`). */
typedef struct {
    aivm_pricing pricing;
    aivm_sort sort;
    bool has_max_price;
    double max_price; /* per hour, the whole deployment (with a serving target: the VMs
                         that meet it), in the prices' currency */
} aivm_cost_opts;

#define AIVM_COST_OPTS_INIT                                                                        \
    {                                                                                              \
        AIVM_PRICING_ON_DEMAND, AIVM_SORT_SCORE, false, 0                                          \
    }

/**
 * Where cached or live prices come from: an interface the caller hands in
 * (the CLI: the Retail Prices client and cache of aivm/prices.h; tests: a
 * fixed store). Each function returns a new store in `*out` (freed by the
 * advice with aivm_prices_free()) or a negative aivm_status with `err` set.
 */
typedef struct {
    /** The prices of `n` (region, size, currency) queries. */
    int (*get)(void *ctx, aivm_prices **out, const aivm_price_query *qs, size_t n, aivm_error *err);
    /** Region-wide price lists of `n` regions (aivm_prices_get_regions());
     *  NULL: regions are judged by catalog prices. */
    int (*get_regions)(void *ctx, aivm_prices **out, const char *const *regions, size_t n,
                       aivm_error *err);
    void *ctx;
} aivm_price_provider;

/** The price source of aivm/prices.h: aivm_prices_get() and
 *  aivm_prices_get_regions() with `mode` and `fetch` (borrowed). */
typedef struct {
    aivm_prices_mode mode;
    aivm_fetch_opts fetch;
} aivm_fetch_source;

/** Make `*src` read through `ctx` (which must outlive every use of `src`). */
void aivm_price_provider_fetch(aivm_price_provider *src, aivm_fetch_source *ctx);

/**
 * One recommendation request: the settled workload, the data it is judged
 * with and the sources of prices and availability. Everything is borrowed
 * and must outlive the advice made from it.
 */
typedef struct {
    const aivm_catalog *catalog;
    const aivm_rules *rules;
    const aivm_workload *workload; /* finished with aivm_workload_finish() */
    unsigned top;                  /* how many to show (0 = all) */
    bool cost_objective;     /* rank by cost even without a model size (check's suggestions: the
                                cheapest size that does at least what the plan does) */
    aivm_prices_mode prices; /* off, catalog (reference prices), cached or live */
    const char *currency;    /* ISO 4217; NULL = USD (catalog prices are USD only) */
    bool allow_partial;      /* live: show what could be priced when some prices fail */
    aivm_cost_opts cost;
    const aivm_price_provider *source; /* cached and live: required */
    const aivm_avail *avail;           /* quota and SKU snapshots; NULL: the catalog's regions */
    const char *const *regions;        /* --regions; n_regions 0: the workload's region only */
    size_t n_regions;
    const aivm_warnings *settled; /* the warnings of aivm_request_settle() (inputs ignored), or
                                     NULL: the advice lists them after "catalog-stale" */
} aivm_request;

#define AIVM_REQUEST_INIT                                                                          \
    {                                                                                              \
        NULL, NULL, NULL, 5, false, AIVM_PRICES_CATALOG, NULL, false, AIVM_COST_OPTS_INIT, NULL,   \
            NULL, NULL, 0, NULL                                                                    \
    }

/**
 * The advice for `req`, made in one pass (docs/architecture.md, "The
 * engine"): every catalog size judged by the rules and the memory fit, the
 * time of the work estimated, availability judged (best region of
 * --regions), prices put on (catalog, or the source's cached or live
 * prices), each candidate's one deployment evaluated (aivm_deployment),
 * the budget applied, then ranked once and the image / orchestrator /
 * container / spot advice made for the final #1. Returns 0, or
 * AIVM_ENET/AIVM_EHTTP/... when live prices are missing without
 * allow_partial (the source's status; no advice then). `*out` is freed
 * with aivm_advice_free(); it borrows everything `req` points at.
 */
int aivm_recommend(aivm_advice **out, const aivm_request *req, aivm_error *err);

/** Options of aivm_advise(), the request without prices or availability. */
typedef struct {
    unsigned top;        /* how many to show (0 = all) */
    bool cost_objective; /* as aivm_request.cost_objective */
} aivm_advise_opts;

#define AIVM_ADVISE_OPTS_INIT                                                                      \
    {                                                                                              \
        5, false                                                                                   \
    }

/**
 * aivm_recommend() with catalog prices, pay-as-you-go (spot with wl->spot),
 * no budget and no availability snapshot: the advice for `wl` (finished
 * with aivm_workload_finish()) from `cat` and `rules`. Returns 0; never
 * fails on valid inputs other than by aborting on out-of-memory. `*out` is
 * freed with aivm_advice_free().
 */
int aivm_advise(aivm_advice **out, const aivm_catalog *cat, const aivm_rules *rules,
                const aivm_workload *wl, const aivm_advise_opts *opts, aivm_error *err);

/** The id shown for a rejection: its rule's id or its built-in reason_id. */
const char *aivm_rejection_id(const aivm_rejection *r);
/** The guidance ids of a rejection (G13 for the budget check). */
const aivm_strlist *aivm_rejection_guidance(const aivm_rejection *r);

/** "score", "price", "price-per-gpu", "price-per-gpu-memory", "job-cost", "time",
 *  "cost-per-token", "latency"; parse returns 0 or
 *  AIVM_EINVALID with the expected values. */
const char *aivm_sort_name(aivm_sort s);
int aivm_sort_parse(aivm_sort *out, const char *s, aivm_error *err);

/**
 * Append a warning the caller found before the advice was made (the CLI's
 * "no --kind: ... taken as generative") to `adv->warnings`, with its stable
 * `id` (static, borrowed; docs/json-output.md) beside it. `msg` is copied.
 */
void aivm_advice_add_warning(aivm_advice *adv, const char *id, const char *msg);

/**
 * Settle a parsed workload once the data is loaded: the one step recommend
 * takes for its workload and check for each resource's (after
 * aivm_workload_settle() and aivm_workload_finish(), which need no data).
 * - the region: its catalog name ("West Europe" -> "westeurope"); when the
 *   catalog lists regions and not this one, `*region_unknown` is set and the
 *   region is left as given (the caller says so: recommend with an error and
 *   a did-you-mean, check with a finding);
 * - with `models` and sizing inputs (wl->sizing_in.set): the sizing resolved
 *   into `sz` (aivm_sizing_resolve) and wl->sizing pointed at it, so `sz`
 *   must outlive every use of `wl`; then the size class from the rules'
 *   threshold (aivm_rules_settle_size_class); with `notes`, a warning
 *   "input-ignored" there for each sizing input of the other phase given
 *   ("batch applies to training only: ignored"), for aivm_request.settled.
 * Returns 0, or the negative code of aivm_sizing_resolve with `err` (the
 * region is settled either way; wl->sizing stays NULL).
 */
int aivm_request_settle(aivm_workload *wl, aivm_sizing *sz, const aivm_catalog *cat,
                        const aivm_models *models, const aivm_rules *rules, bool *region_unknown,
                        aivm_warnings *notes, aivm_error *err);

/** A catalog older than this many days on `today` is warned about ("catalog-stale"). */
#define AIVM_CATALOG_STALE_DAYS 180

/**
 * Append to `out` the "catalog-stale" warning (its age on `today`, its dates and
 * how to refresh it) when `cat`'s sizes, or else its reference prices, are more
 * than AIVM_CATALOG_STALE_DAYS old on `today` (YYYY-MM-DD); returns whether it did. recommend and
 * check put it in their warnings; other commands print it.
 */
bool aivm_catalog_stale_warning(aivm_buf *out, const aivm_catalog *cat, const char *today);

/**
 * The image, orchestrator, container and spot advice (aivm/extras.h) for
 * candidate `i` of `adv->ranked` (`i` < n_ranked), made as the advice makes
 * its own for #1 (a sized job spans the candidate's VMs). `*out` is freed
 * with aivm_extras_free(); it borrows the advice's catalog and rules.
 */
void aivm_advice_extras_for(struct aivm_extras **out, const aivm_advice *adv, size_t i);

/** Free an advice and everything it owns (not what it borrows). Accepts NULL. */
void aivm_advice_free(aivm_advice *adv);

#endif
