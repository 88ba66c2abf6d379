/*
 * aivm/report.h - renderers: turn an aivm_advice into a table for people, JSON
 * or YAML for scripts (docs/json-output.md), Markdown or CSV (docs/formats.md). Renderers append to
 * a caller-owned aivm_buf and never print.
 */
#ifndef AIVM_REPORT_H
#define AIVM_REPORT_H

#include <stdbool.h>

#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/error.h"
#include "aivm/prices.h"

typedef struct {
    bool color;     /* ANSI colour (tables only) */
    unsigned width; /* terminal width: tables drop or stack columns to fit (narrow under
                       80); 0 = a file or a pipe: the full table, reasons clipped at 100 */
    bool explain;   /* every rule per candidate, and the rejected ones */
    const char *tool_version;
} aivm_render_opts;

#define AIVM_RENDER_OPTS_INIT                                                                      \
    {                                                                                              \
        false, 0, false, NULL                                                                      \
    }

/** The JSON schema version this library writes. */
#define AIVM_JSON_SCHEMA_VERSION "1"

/** Append the table rendering of `adv` to `out`. Returns 0 or AIVM_ELIMIT. */
int aivm_report_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                      aivm_error *err);
/** Append the JSON rendering of `adv` (one document, newline-terminated). */
int aivm_report_json(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err);
/**
 * Append the YAML rendering of `adv`: the JSON document of aivm_report_json()
 * converted by aivm_report_json_to_yaml(), so both carry the same keys,
 * values and order. Returns 0 or AIVM_ELIMIT.
 */
int aivm_report_yaml(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err);
/**
 * Append the block-style YAML of the JSON text `json` (`len` bytes, as the
 * JSON writer prints it) to `out`: same keys, values and order; strings a
 * YAML reader would take for something else (yes, null, 1.0, dates, `: `,
 * `#`, leading spaces) double-quoted. Returns 0, AIVM_ERROR when `json` is
 * not well-formed, or AIVM_ELIMIT.
 */
int aivm_report_json_to_yaml(aivm_buf *out, const char *json, size_t len, aivm_error *err);
/**
 * Append the GitHub-flavoured Markdown rendering of `adv`: a table of the
 * ranked sizes (the table report's columns, escaped), then the advice
 * sections as bullet lists (docs/formats.md). Returns 0 or AIVM_ELIMIT.
 */
int aivm_report_markdown(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                         aivm_error *err);
/**
 * Append the CSV rendering of `adv`: RFC 4180 fields, LF line ends, a fixed
 * header row and one row per shown recommendation (docs/formats.md).
 * Returns 0 or AIVM_ELIMIT.
 */
int aivm_report_csv(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                    aivm_error *err);

/**
 * Append the HTML rendering of `adv` (docs/formats.md, "HTML"): one
 * self-contained page, inline CSS and SVG, no script and no external fetch:
 * with a training amount a chart of job cost against days (the frontier,
 * the #1, the --max-days line), with a serving target the hourly cost
 * against the headroom over it, with sizing a memory bar per shown size,
 * then the table, the reasons, the image / orchestration / containers /
 * spot advice and the rejected sizes. Every figure is the deployment
 * record's (the one the JSON shows); every text is HTML-escaped. Returns 0
 * or AIVM_ELIMIT.
 */
int aivm_report_html(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err);

/* --- prices show (one query's classified rows) ---------------------------- */

/** A price row's tier as `prices show` names it: "regular", "spot", "low-priority". */
const char *aivm_report_price_tier_name(aivm_price_tier t);
/** A price row's type: "consumption", "devtest", "reservation", "savings-plan". */
const char *aivm_report_price_type_name(aivm_price_type t);
/** What a row is used for: its --pricing model ("on-demand", "reserved-1y", ...),
 *  or why it is not used. Static or borrowed from `r`. */
const char *aivm_report_price_row_use(const aivm_price_row *r);
/**
 * Append the JSON document of `prices show` for `e` (schema_version "1",
 * docs/schema/prices.schema.json): the query, source, every row, and the
 * hourly price per OS and pricing model (null when unknown). `tool_version`
 * NULL means this library's. Returns 0 or AIVM_ELIMIT.
 */
int aivm_report_price_entry_json(aivm_buf *out, const aivm_price_entry *e, const char *tool_version,
                                 aivm_error *err);
/** Append the CSV of `prices show` for `e`: a fixed header, one row per price
 *  row (RFC 4180, LF line ends). Returns 0 or AIVM_ELIMIT. */
int aivm_report_price_entry_csv(aivm_buf *out, const aivm_price_entry *e, aivm_error *err);

/* --- prices fetch --format json ------------------------------------------ */

/** What `prices fetch` did, for its JSON document. All borrowed. */
typedef struct {
    const aivm_prices *store; /* the fetch's entries, one per region or size */
    bool regions;             /* whole price lists (else one query per size) */
    const char *cache_dir;
    const char *const *unknown;        /* sizes priced but not in the catalog ... */
    const char *const *unknown_region; /* ... and where (beside each) */
    size_t n_unknown;
    const char *const *unpriced; /* catalog sizes with no price row in any list fetched */
    size_t n_unpriced;
    const aivm_catalog *catalog;           /* compared with: its dates (NULL: left out) */
    const char *tool_version;              /* NULL: this library's */
    size_t counts[AIVM_FETCH_STATE_COUNT]; /* the store's entries per state
                                            * (aivm_prices_state_counts): the summary */
} aivm_fetch_report;

/**
 * Append the JSON document of `prices fetch` (schema_version "1",
 * docs/schema/prices-fetch.schema.json): the tool, the catalog's dates, the
 * scope, the cache directory, one entry per region or size (status
 * fetched/cached/failed, items, fetched_at, age_s, in_cache, cache_path,
 * cache_error, error), the summary counts, the fatal error, the sizes
 * priced but unknown to the catalog, the catalog sizes without a price row
 * and the store's warnings. Returns 0 or AIVM_ELIMIT.
 */
int aivm_report_prices_fetch_json(aivm_buf *out, const aivm_fetch_report *r, aivm_error *err);

/* ---- browsing: catalog list|show|compare, models list|show, rules list|show */

#include "aivm/check.h"
#include "aivm/rules.h"
#include "aivm/sizing.h"

typedef enum {
    AIVM_BROWSE_TABLE = 0,
    AIVM_BROWSE_JSON = 1,
    AIVM_BROWSE_NAMES = 2 /* one name per line (shell completion) */
} aivm_browse_format;

/** Append the list of `sizes[0..n)` (borrowed from `cat`, already filtered
 *  with `f`, whose region picks the price column) in `fmt`. Returns 0. */
int aivm_report_size_list(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                          size_t n, const aivm_size_filter *f, aivm_browse_format fmt);
/** Append every fact of one size: hardware, GPU model facts, lifecycle as of
 *  `today` (NULL = as stored), regions, reference prices, notes and sources
 *  resolved against the catalog's source list. Returns 0. */
int aivm_report_size_show(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                          const char *today, aivm_browse_format fmt);
/** Append `sizes[0..n)` side by side (table: one column per size, at most 16,
 *  as many per table as fit in `width` columns, 0 = no limit; a size too wide
 *  for a column beside the labels is stacked, a line per fact cut to `width`;
 *  JSON: the objects of aivm_report_size_show). Returns 0. */
int aivm_report_size_compare(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                             size_t n, const char *today, aivm_browse_format fmt, unsigned width);
/**
 * What the overlay applied to `cat` adds, changes and disputes (`catalog
 * diff`): a table, JSON (the `catalog` object and an `overlay` array of
 * {kind, size, fact, catalog, overlay, source}) or the sizes' names. A
 * catalog without an overlay gives one line saying so (JSON: an empty
 * array). Returns 0.
 */
int aivm_report_overlay_diff(aivm_buf *out, const aivm_catalog *cat, aivm_browse_format fmt,
                             aivm_error *err);
/** Append the verdict of `catalog validate` on `file`: its counts when `cat`
 *  loaded (err NULL), or (JSON only) `"valid": false` with the error's
 *  position and message. Returns 0. */
int aivm_report_catalog_validation(aivm_buf *out, const char *file, const aivm_catalog *cat,
                                   const aivm_error *err, aivm_browse_format fmt);
/** Append the model presets of `models`, or (`one` not NULL) every fact of
 *  that preset with its sources, the prose of one preset wrapped to `width`
 *  columns (0: 100; the list's rows are the CLI's to fit). Everything is
 *  borrowed for the call. Returns 0. */
int aivm_report_models(aivm_buf *out, const aivm_models *models, const aivm_model *one,
                       aivm_browse_format fmt, unsigned width);
/** Append the rules of `rules` (shipped and loaded) and the check ids, or
 *  one of them: the rule `rule`, or the check id `check` with the rules that
 *  report it (exactly one of the two not NULL to show one), its prose (title,
 *  conditions, message, help) wrapped to `width` columns (0: 100).
 *  Everything is borrowed for the call. Returns 0. */
int aivm_report_rules(aivm_buf *out, const aivm_rules *rules, const aivm_rule *rule,
                      const aivm_check_rule *check, aivm_browse_format fmt, unsigned width);

/** The versions `aivm-advise version` names. Strings are borrowed; NULL: not
 *  available (libcurl when it cannot be loaded). */
typedef struct {
    const char *tool;                            /* aivm-advise's own */
    const char *catalog_version, *catalog_as_of; /* the shipped catalog's */
    size_t catalog_sizes;
    const char *libyaml, *cjson, *libcurl;
} aivm_version_info;

/** Append `v`: as text, three lines (the tool, the catalog, the libraries);
 *  as JSON (`json`), one document {schema_version, version, catalog
 *  {version, as_of, sizes}, libraries {libyaml, cjson, libcurl}} with null
 *  for what is not available (docs/cli.md). Returns 0. */
int aivm_report_version(aivm_buf *out, const aivm_version_info *v, bool json);

/* check's renderers (aivm_check_render_opts in aivm/check.h). Each appends one
 * document to `out`; returns 0 or AIVM_ELIMIT. They format the report only:
 * the verdict and gate (rep->verdict, rep->gate, each finding's `fails`:
 * aivm_check_judge), the counts and the costs are the report's. */
int aivm_check_render_text(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err);
int aivm_check_render_json(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err);
int aivm_check_render_github(aivm_buf *out, const aivm_check_report *rep,
                             const aivm_check_render_opts *o, aivm_error *err);
int aivm_check_render_sarif(aivm_buf *out, const aivm_check_report *rep,
                            const aivm_check_render_opts *o, aivm_error *err);
int aivm_check_render_junit(aivm_buf *out, const aivm_check_report *rep,
                            const aivm_check_render_opts *o, aivm_error *err);
/* Markdown for a pull-request comment: a verdict line (the report's verdict
 * and gate, open findings, monthly cost), a summary line with the counts by
 * severity, a table of the findings (rule, severity, resource, file:line,
 * message; escaped, @mentions neutralised) and the cost line with the
 * unpriced count (docs/formats.md). */
int aivm_check_render_markdown(aivm_buf *out, const aivm_check_report *rep,
                               const aivm_check_render_opts *o, aivm_error *err);
/* HTML (docs/formats.md, "HTML"): one self-contained page, inline CSS and
 * SVG, no script: the planned against the suggested deployment's hourly
 * cost as bars (the items' deploy and suggested_deploy records), each
 * resource's findings with their severity, the waivers and the totals.
 * Every plan, rule and waiver text is HTML-escaped. */
int aivm_check_render_html(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err);

/* ---- sources (`-v/--verbose`): which data a run used ---------------------- */

/** One source a run used (docs/json-output.md, "sources"). Strings borrowed. */
typedef struct {
    const char *kind;         /* "config", "catalog", "overlay", "rules", "models" or "prices" */
    const char *from;         /* "file", "built-in", "none", "catalog", "cache" or "live" */
    const char *path;         /* the file, cache entry or URL; NULL: none */
    const char *region, *sku; /* a price cache entry's query (sku NULL: a whole list) */
    const char *as_of;        /* the data's date or fetch time; NULL: unknown */
    long long age_s;          /* a cache entry's age in seconds; -1: not one */
    const char *note;         /* why (a configuration not read, ...), or NULL */
} aivm_run_source;

/**
 * Add `"sources": {KIND: [{from, path, region, sku, as_of, age_s, note}, ...],
 * ...}` (kinds in the order of their first source; NULL fields and a
 * negative age left out) as the last member of `doc`, which holds one whole
 * JSON object document as the JSON renderers write it. Returns 0,
 * AIVM_ERROR when `doc` is not such a document, or AIVM_ELIMIT.
 */
int aivm_report_json_add_sources(aivm_buf *doc, const aivm_run_source *s, size_t n,
                                 aivm_error *err);

#endif
