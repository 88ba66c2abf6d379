/*
 * aivm/check.h - check mode: judge the VM resources of a plan against their
 * AI workload with the same rule set `recommend` ranks with, and produce
 * findings with stable ids (AIVM001...; docs/rules.md), waivers, suggested
 * sizes, a cost summary and the verdict against --fail-on (aivm_check_judge).
 * Renderers for text, JSON, SARIF 2.1.0, JUnit XML, Markdown, HTML and
 * GitHub workflow annotations (aivm/report.h) append to a caller-owned
 * aivm_buf and format only: every figure, count and the verdict are the
 * report's.
 *
 * aivm_check_run() returns a new aivm_check_report that the caller frees
 * with aivm_check_report_free(). The report borrows the plan, catalog,
 * rules and waivers: they must outlive it.
 */
#ifndef AIVM_CHECK_H
#define AIVM_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/advise.h"
#include "aivm/avail.h"
#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/plan.h"
#include "aivm/prices.h" /* AIVM_HOURS_PER_MONTH */
#include "aivm/rules.h"
#include "aivm/sizing.h"
#include "aivm/tfsource.h"
#include "aivm/throughput.h"
#include "aivm/waivers.h"
#include "aivm/warnings.h"
#include "aivm/workload.h"

/** One check id: the metadata SARIF rules, JUnit cases and docs/rules.md use. */
typedef struct {
    const char *id;         /* "AIVM003" */
    const char *name;       /* "InfiniBandForInference" (SARIF rule name) */
    aivm_severity severity; /* default level (a data rule may set its own) */
    const char *title;      /* one line */
    const char *help;       /* a paragraph: why, and what to do */
    const char *guidance;   /* "G12" or "G1 G2 G4 G5"; "" when none */
    bool needs_sizing;      /* AIVM007/AIVM008: active only with a GPU-memory sizing */
    bool needs_quota;       /* AIVM013: active only with a quota snapshot (--quota) */
} aivm_check_rule;

/** The built-in table of check ids, in id order; `*n` gets its length. */
const aivm_check_rule *aivm_check_rules(size_t *n);
/** Find a check id in the table; NULL when unknown. */
const aivm_check_rule *aivm_check_rule_find(const char *id);

/* ---- Findings and the report ----------------------------------------- */

/** A finding against the base plan (--base; SARIF's baselineState). */
typedef enum {
    AIVM_BASELINE_NONE = 0,  /* no base compared */
    AIVM_BASELINE_NEW,       /* not in the base */
    AIVM_BASELINE_UNCHANGED, /* in the base too (same check id on the same address) */
    AIVM_BASELINE_ABSENT     /* in the base only: fixed (aivm_check_diff.fixed) */
} aivm_baseline_state;

/** "new", "unchanged", "absent" (SARIF's words); NULL for NONE. */
const char *aivm_baseline_name(aivm_baseline_state s);

struct aivm_check_diff; /* below: the report's change against a base */

typedef struct {
    const char *id; /* check id, "AIVM003" */
    aivm_severity severity;
    char *message;                 /* owned by the report */
    const aivm_plan_resource *res; /* NULL for an expired waiver matching no resource */
    const aivm_rule *rule;         /* the data rule that produced it; NULL if built in */
    const char *const *guidance;   /* guidance ids ("G12") */
    size_t n_guidance;
    const aivm_size *suggested;   /* a better size from the advisor, or NULL */
    unsigned suggested_vms;       /* VMs of the suggested deployment (>= 1 with `suggested`):
                                     every format says "N x size" */
    aivm_loc loc;                 /* where it points (size value, tag, waiver entry) */
    const char *pointer;          /* JSON pointer within loc.file; NULL when none */
    const aivm_waiver *waiver;    /* non-NULL when waived (valid, unexpired) */
    aivm_baseline_state baseline; /* against --base (aivm_check_diff); NONE without one */
    aivm_loc plan_loc;            /* the plan position when `loc` was moved to the .tf source
                                     (aivm_check_locate_source); file NULL otherwise */
    bool fails;                   /* it fails the run's gate (aivm_check_judge): unwaived, at or
                                     above --fail-on, NEW with --fail-on-new; never with
                                     --fail-on never. A fixed finding (baseline ABSENT) never
                                     fails. JUnit's <failure>s are these */
} aivm_finding;

/** What check found out about one resource. */
typedef struct {
    const aivm_plan_resource *res;
    const aivm_size *size; /* catalog entry; NULL when unknown */
    aivm_workload wl;      /* as evaluated (defaults filled when has_workload) */
    bool has_workload;     /* phase and kind known */
    const aivm_size *suggested;
    bool region_unknown; /* the plan's location is not an Azure region of the catalog's list:
                            not priced, never put in a price query */
    bool priced;
    aivm_price_source price_source; /* catalog, live or cache; NONE when unpriced */
    bool price_fallback;            /* priced in the size's reference region */
    bool spot_price;                /* the spot rate was used */
    const char *price_region;
    const char *currency;
    double hourly;      /* all `count` VMs */
    double gpu_need_gb; /* the job's memory in GiB (on one GPU), or the hook's GB; 0 = unknown */
    bool fit_known;     /* `fit` holds the planned deployment's fit (sizing active) */
    aivm_fit fit;
    size_t first, n;         /* its findings: report->findings[first .. first+n) */
    bool has_work;           /* the workload gives an amount of work (aivm-tokens, ...) */
    aivm_work_estimate work; /* its time on the planned deployment (docs/throughput.md) */
    aivm_price price;        /* one planned VM's price (source NONE when unpriced) */
    aivm_deployment deploy;  /* the planned deployment (`count` VMs) through the same evaluator
                                as recommend's candidates: hourly, job cost, $/Mtok; `hourly`
                                and `priced` above are its figures */
    aivm_deployment suggested_deploy; /* the suggestion's deployment as recommend evaluated it
                                         (catalog prices): its VMs and hourly cost; has_hourly
                                         false without a suggestion, or when the report is
                                         priced another way (aivm_check_apply_prices) */
} aivm_check_item;

/** The gate a run is judged against (--fail-on, --fail-on-new). */
typedef struct {
    bool never;          /* --fail-on never: no finding fails, the verdict is PASS */
    aivm_severity level; /* --fail-on: unwaived findings at or above it fail */
    bool new_only;       /* --fail-on-new: only findings NEW against the base fail (without a
                            base, every finding counts) */
} aivm_check_gate;

#define AIVM_CHECK_GATE_INIT                                                                       \
    {                                                                                              \
        false, AIVM_SEV_ERROR, false                                                               \
    }

/** A run's verdict: FAIL is check's exit status 1. */
typedef enum { AIVM_VERDICT_PASS = 0, AIVM_VERDICT_FAIL } aivm_check_verdict;

/** "pass", "fail". */
const char *aivm_check_verdict_name(aivm_check_verdict v);

typedef struct {
    aivm_check_item *items; /* one per plan resource, in plan order */
    size_t n_items;
    aivm_finding *findings; /* grouped by item, then severity (highest first), id */
    size_t n_findings;
    size_t n_orphans; /* trailing findings with res == NULL */
    size_t open[3];   /* unwaived findings per aivm_severity */
    size_t n_open;    /* unwaived findings: the sum of open[] */
    size_t n_waived;
    aivm_check_gate gate;       /* what the verdict was judged against (aivm_check_judge) */
    aivm_check_verdict verdict; /* FAIL when some finding `fails` the gate */
    size_t n_failing;           /* findings that fail the gate */
    double hourly_total;        /* priced items only; meaningless without has_cost (nothing
                                   priced): renderers show unknown / null then */
    size_t n_unpriced;
    size_t n_priced;           /* n_items - n_unpriced: the items the totals hold */
    size_t n_reference_priced; /* priced items at another region's reference rate (the catalog
                                  has no price in their region): warning "catalog-price-region" */
    bool has_cost;             /* a total can be told: some item priced, or nothing to price */
    double monthly_total;      /* hourly_total x AIVM_HOURS_PER_MONTH */
    const char *currency;
    const char *today;
    const aivm_catalog *catalog;  /* the catalog checked against (borrowed) */
    bool sizing_active;           /* AIVM007/AIVM008 were evaluated */
    bool quota_active;            /* AIVM013 was evaluated (a quota snapshot was given) */
    struct aivm_check_diff *diff; /* against --base (aivm_check_diff_apply), owned; NULL without */
    aivm_warnings warnings;       /* every warning of the run, in the order they arose (the
                                     catalog's age, prices that could not be had), each beside
                                     its stable id ("catalog-stale", ...): every format shows
                                     them, the CLI prints them on stderr */
} aivm_check_report;

/**
 * Append a warning of the run to `rep->warnings` with its stable `id` (static,
 * borrowed; docs/check.md) beside it: what the caller found while pricing or
 * locating the report (prices that could not be had). `msg` is copied.
 */
void aivm_check_report_add_warning(aivm_check_report *rep, const char *id, const char *msg);

/**
 * GPU memory (GB) the resource's workload needs: for training, in total
 * across its nodes; for inference, per VM. Return 0 when unknown. This is
 * where model-memory sizing plugs in (AIVM007/AIVM008).
 */
typedef double (*aivm_gpu_need_fn)(void *ctx, const aivm_plan_resource *r, const aivm_workload *wl);

typedef struct {
    const char *today;             /* YYYY-MM-DD; required */
    const aivm_workload *workload; /* defaults for every resource (--workload); tags win */
    const aivm_waivers *waivers;   /* waivers file, or NULL */
    const aivm_models *models;     /* presets for aivm-model; non-NULL turns model-memory
                                      sizing on (AIVM007/AIVM008 through aivm_fit_on) */
    aivm_gpu_need_fn gpu_need;     /* replaces the sizing by a plain GB figure (tests) */
    void *gpu_need_ctx;
    const aivm_avail *avail;     /* quota and SKU snapshots (AIVM013, AIVM017), or NULL */
    const aivm_check_gate *gate; /* --fail-on, --fail-on-new; NULL: AIVM_CHECK_GATE_INIT
                                    (unwaived errors fail) */
} aivm_check_opts;

#define AIVM_CHECK_OPTS_INIT                                                                       \
    {                                                                                              \
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL                                             \
    }

/**
 * Check every resource of `plan`. Returns 0: a bad aivm-* tag or value
 * (plan->tag_issues), a malformed aivm-waive tag, model-size tags the sizing
 * rejects or an aivm-model that is not a preset are AIVM021 error findings on
 * their resource, which is judged without them. The report comes judged
 * against opts->gate (aivm_check_judge). `err` is kept for future
 * failures. `*out` is freed with aivm_check_report_free().
 */
int aivm_check_run(aivm_check_report **out, const aivm_plan *plan, const aivm_catalog *cat,
                   const aivm_rules *rules, const aivm_check_opts *opts, aivm_error *err);
/** Free a report (its diff and base report with it); NULL is fine. */
void aivm_check_report_free(aivm_check_report *rep);

/** How a check run is priced (--prices, the fetch options, --require-live-prices). */
typedef struct {
    aivm_prices_mode mode;        /* CATALOG: the catalog's prices (already on); OFF: none;
                                     CACHED/LIVE: from the price source (aivm_prices_get) */
    const aivm_fetch_opts *fetch; /* borrowed; NULL: defaults (currency USD) */
    bool require_live;            /* LIVE: a price that cannot be had fails (AIVM_ENET) instead
                                     of leaving catalog prices with a warning */
} aivm_check_pricing;

/** What one check run reads besides the catalog and rules (all borrowed). */
typedef struct {
    const aivm_plan *plan;
    const aivm_plan *base;  /* --base: the base branch's plan, or NULL */
    aivm_tf_source *source; /* --source: the .tf files (aivm_tf_source_load), or NULL; it
                               must outlive the report, which borrows its file names */
    aivm_check_pricing pricing;
} aivm_check_request;

/**
 * The one call of `check`: check `req->plan` (aivm_check_run), price it as
 * req->pricing says, check and price `req->base` the same way and compare
 * (aivm_check_diff_apply), and point the findings at `req->source`
 * (aivm_check_locate_source). Every warning of these steps is in the
 * report's list: "prices-unavailable" (the store could not be had: catalog
 * prices kept), "prices-warning", "prices-fallback", "catalog-price-region",
 * "source-warning" (a .tf file skipped), "skus-not-in-catalog" (sizes a SKU
 * snapshot of opts->avail lists that the catalog lacks). `*store` gets the plan's price store
 * (NULL without one) for the caller to report where prices came from; free
 * it with aivm_prices_free(). Returns 0, or AIVM_ENET (require_live: a live
 * price that cannot be had) with `*out` NULL. `*out` is freed with
 * aivm_check_report_free().
 */
int aivm_check(aivm_check_report **out, aivm_prices **store, const aivm_check_request *req,
               const aivm_catalog *cat, const aivm_rules *rules, const aivm_check_opts *opts,
               aivm_error *err);

/**
 * The price queries a report needs with `--prices cached|live`: one per
 * distinct (region, size) of its known sizes. Strings are borrowed from the
 * report. Returns the count; the caller frees `*out` with free().
 */
size_t aivm_check_price_queries(aivm_price_query **out, const aivm_check_report *rep,
                                const char *currency);

/**
 * Re-price the report for `mode`: OFF drops every price; CATALOG keeps the
 * catalog prices that are in `currency` (NULL = USD); CACHED/LIVE take each
 * resource's rate from the store `p` (spot where planned and known, for its
 * OS) and fall back to the catalog price (same currency) where the store has
 * none, except in LIVE mode without `allow_partial`, which returns
 * AIVM_ENET. Totals are recomputed. Returns 0 or AIVM_ENET.
 */
int aivm_check_apply_prices(aivm_check_report *rep, const aivm_prices *p, aivm_prices_mode mode,
                            bool allow_partial, const char *currency, aivm_error *err);

/**
 * Point the findings of Terraform resources at their `.tf` source (check
 * --source): each finding whose `loc` is in its resource's plan file moves
 * to the resource's size attribute, or its block when the size is not a
 * literal there (an image finding, AIVM024, to the image block's `sku`), as
 * `src` finds it (aivm_tf_source_find); `plan_loc` keeps
 * the plan position. Findings in other files (waivers) and resources no
 * `.tf` holds keep their `loc`. The report borrows `src`'s file names: `src`
 * must outlive it. Returns how many resources were found.
 */
size_t aivm_check_locate_source(aivm_check_report *rep, aivm_tf_source *src);

/**
 * The verdict, in the library only: every renderer and the CLI's exit status
 * read it from the report. Set each finding's `fails` against `gate` (NULL:
 * AIVM_CHECK_GATE_INIT) and the report's `gate`, `verdict` and `n_failing`;
 * with a base (rep->diff) and gate->new_only, UNCHANGED findings do not fail.
 * aivm_check_run judges against opts->gate and aivm_check_diff_apply judges
 * again against rep->gate (NEW and UNCHANGED are known only then); call it
 * yourself to judge a report against another gate.
 */
void aivm_check_judge(aivm_check_report *rep, const aivm_check_gate *gate);

/* ---- The change against a base plan (--base) ---------------------------- */

/** A cost figure that may be unknown (an unpriced side): never read as 0. */
typedef struct {
    bool known;
    double hourly, monthly;
} aivm_cost_figure;

/** What the plan does to a resource of the base. */
typedef enum {
    AIVM_CHANGE_SAME = 0, /* same size and count */
    AIVM_CHANGE_ADDED,    /* not in the base */
    AIVM_CHANGE_REMOVED,  /* in the base only */
    AIVM_CHANGE_RESIZED   /* another size or count */
} aivm_change_kind;

/** "same", "added", "removed", "resized". */
const char *aivm_change_kind_name(aivm_change_kind k);

/** One resource before (in the base) and after (in the plan). */
typedef struct {
    aivm_change_kind kind;
    const aivm_check_item *before; /* NULL: added by the plan */
    const aivm_check_item *after;  /* NULL: removed by the plan */
    aivm_cost_figure cost_before;  /* an absent side costs 0 (known); an unpriced one unknown */
    aivm_cost_figure cost_after;
    aivm_cost_figure change; /* after - before; unknown when either side is */
} aivm_check_resource_change;

typedef struct aivm_check_diff {
    aivm_check_report *base; /* the base's report, owned by the diff */
    /* the plan's resources in plan order, then the base's that the plan removed */
    aivm_check_resource_change *resources;
    size_t n_resources;
    const aivm_finding **fixed; /* base findings the plan no longer has (baseline ABSENT on
                                   the base report), in the base's order */
    size_t n_fixed;
    size_t n_new, n_unchanged;    /* the plan's findings by state (waived included) */
    size_t new_open[3];           /* unwaived new findings per aivm_severity */
    size_t n_new_open;            /* unwaived new findings: the sum of new_open[] */
    aivm_cost_figure cost_before; /* the reports' totals (priced resources); unknown when a
                                     report has no total (nothing priced) */
    aivm_cost_figure cost_after;
    aivm_cost_figure change;                /* after - before; unknown when either is */
    size_t unpriced_before, unpriced_after; /* resources without a price on each side */
    const char *currency;
} aivm_check_diff;

/**
 * Compare `rep` with `base`, the report of the base plan (the main branch's,
 * checked with the same options): match resources by address (in order
 * among equal addresses) and findings by check id and resource address (a
 * moved resource keeps its findings' identity), mark each of rep's findings
 * NEW or UNCHANGED and each of base's that rep lacks ABSENT (diff->fixed),
 * and compute the cost before, after and the change from the items'
 * deployment records. `rep` takes `base` over (freed with rep), sets
 * rep->diff and is judged again against rep->gate (aivm_check_judge): the
 * base's findings fail nothing. Both reports must be priced already. Returns 0.
 */
int aivm_check_diff_apply(aivm_check_report *rep, aivm_check_report *base, aivm_error *err);

/* ---- Renderers --------------------------------------------------------- */

/* The renderers format the report and compute nothing: the verdict, the
 * gate (--fail-on, --fail-on-new), the counts and the costs are the report's
 * (aivm_check_judge, the totals). */
typedef struct {
    bool color; /* text only */
    const char *tool_version;
    /* SARIF: the absolute directory (the working directory) that relative
     * input paths are relative to. Files under it are written relative, with
     * uriBaseId %SRCROOT% (declared in originalUriBaseIds); files outside it as
     * file:// URIs. NULL: relative paths keep %SRCROOT% without a declaration,
     * absolute ones become file:// URIs. Borrowed for the call. */
    const char *srcroot;
} aivm_check_render_opts;

#define AIVM_CHECK_RENDER_OPTS_INIT                                                                \
    {                                                                                              \
        false, NULL, NULL                                                                          \
    }

/** The JSON schema version check writes (docs/check.md). */
#define AIVM_CHECK_SCHEMA_VERSION "1"

#endif
