/* price_opts.h - the price options shared by `recommend` and `prices`, and
 * the step that prices and re-ranks an advice from the command line. */
#ifndef AIVM_CLI_PRICE_OPTS_H
#define AIVM_CLI_PRICE_OPTS_H

#include "aivm/advise.h"
#include "aivm/prices.h"

enum {
    CLI_O_PRICES = 1024, /* clear of the commands' own options (256 ...) */
    CLI_O_ALLOW_PARTIAL,
    CLI_O_PRICING,
    CLI_O_SORT,
    CLI_O_MAX_PRICE,
    CLI_O_CURRENCY,
    CLI_O_PRICES_URL,
    CLI_O_CACHE_DIR,
    CLI_O_CACHE_TTL,
    CLI_O_REFRESH,
    CLI_O_TIMEOUT,
    CLI_O_RETRIES,
    CLI_O_RETRY_DELAY
};

/* clang-format off */
/* Rows for a cli_opt table: how prices rank candidates (recommend only). */
#define CLI_PRICE_RANK_OPTIONS                                                                  \
    {CLI_O_PRICES, "prices", 0, "off|catalog|cached|live",                                      \
     "where prices come from (default catalog)"},                                               \
    {CLI_O_ALLOW_PARTIAL, "allow-partial", 0, NULL,                                             \
     "live: show what could be priced, with warnings, instead of exit 4"},                      \
    {CLI_O_PRICING, "pricing", 0, "MODEL",                                                      \
     "on-demand (default), spot, reserved-1y/3y, savings-plan-1y/3y"},                          \
    {CLI_O_SORT, "sort", 0, "ORDER", "score|price|price-per-gpu|price-per-gpu-memory|job-cost|time|cost-per-token|latency"},         \
    {CLI_O_MAX_PRICE, "max-price-per-hour", 0, "X",                                             \
     "reject sizes whose deployment costs more per hour"}

/* Rows for a cli_opt table: how prices are fetched and cached. */
#define CLI_PRICE_FETCH_OPTIONS                                                                 \
    {CLI_O_CURRENCY, "currency", 0, "CODE", "price currency (default USD; 17 supported)"},     \
    {CLI_O_PRICES_URL, "prices-url", 0, "URL",                                                  \
     "Retail Prices API base URL (https, or http to loopback)"},                                \
    {CLI_O_CACHE_DIR, "cache-dir", 0, "DIR", "price cache (default $XDG_CACHE_HOME/aivm-advise)"}, \
    {CLI_O_CACHE_TTL, "cache-ttl", 0, "DURATION",                                               \
     "live: reuse cached prices younger than this (default 24h)"},                              \
    {CLI_O_REFRESH, "refresh", 0, NULL, "live: ignore cached prices, fetch again"},             \
    {CLI_O_TIMEOUT, "timeout", 0, "SECONDS", "per-request timeout (default 30)"},               \
    {CLI_O_RETRIES, "retries", 0, "N", "retries of a failed request (default 4; unreachable host: 1)"},              \
    {CLI_O_RETRY_DELAY, "retry-delay", 0, "SECONDS",                                            \
     "first retry backoff, doubled each time (default 2)"}
/* clang-format on */

typedef struct cli_price_opts {
    aivm_prices_mode mode;
    bool allow_partial;
    aivm_cost_opts cost;
    aivm_fetch_opts fetch;
    bool cache_dir_set;
    char *default_cache_dir; /* owned */
    char currency[8];        /* --currency in upper case */
} cli_price_opts;

/** Defaults, including the cache directory from XDG_CACHE_HOME or HOME. */
void cli_price_opts_init(cli_price_opts *po);
void cli_price_opts_dispose(cli_price_opts *po);

/** Handle one price option. Returns 0, an exit code, or -1 when `id` is not one. */
int cli_price_option(cli_price_opts *po, int id, const char *arg);

/** Check combinations once all options are read. Returns 0 or an exit code. */
int cli_price_opts_check(cli_price_opts *po);

/** A cache directory given by --cache-dir or the user's configuration is
 *  never inside a found configuration's tree (a repository could commit
 *  entries there): warn and go without it (the default cache, under
 *  $XDG_CACHE_HOME or ~/.cache, is the user's wherever it is). Part of
 *  cli_price_opts_check(); `prices` calls it alone. */
void cli_price_opts_guard(cli_price_opts *po);

/**
 * Put the price options on a request: the mode, currency, pricing, sort and
 * budget, and for cached/live prices the Retail Prices client as the
 * request's source (`prov` and `fs`, which must outlive the request).
 */
void cli_price_request(aivm_request *req, aivm_price_provider *prov, aivm_fetch_source *fs,
                       const cli_price_opts *po);

/** The progress line on stderr (only installed when stderr is a terminal). */
void cli_price_progress(void *ctx, size_t done, size_t total, unsigned in_flight);

#endif
