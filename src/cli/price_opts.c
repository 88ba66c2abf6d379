/*
 * price_opts.c - the price options of the command line (--prices,
 * --pricing, --currency, --cache-dir, ...), the default cache directory
 * ($XDG_CACHE_HOME/aivm-advise, else ~/.cache/aivm-advise: the library
 * never reads the environment), the progress line on a terminal, and the
 * step that prices an advice and ranks it by cost.
 */
#include "price_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "cli.h"
#include "cli_config.h"
#include "msg.h"
#include "term.h"

void cli_price_opts_init(cli_price_opts *po)
{
    aivm_cost_opts c = AIVM_COST_OPTS_INIT;
    aivm_fetch_opts f = AIVM_FETCH_OPTS_INIT;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    aivm_buf b = AIVM_BUF_INIT;
    memset(po, 0, sizeof *po);
    po->mode = AIVM_PRICES_CATALOG;
    po->cost = c;
    po->fetch = f;
    po->fetch.now = cli_now(); /* ages and expiry of the cache: the run's clock */
    if (xdg && xdg[0] == '/')
        aivm_buf_printf(&b, "%s/aivm-advise", xdg);
    else if (home && home[0])
        aivm_buf_printf(&b, "%s/.cache/aivm-advise", home);
    po->default_cache_dir = b.ptr ? aivm_buf_detach(&b) : NULL;
    po->fetch.cache_dir = po->default_cache_dir;
}

void cli_price_opts_dispose(cli_price_opts *po)
{
    free(po->default_cache_dir);
    po->default_cache_dir = NULL;
}

static int parse_mode(cli_price_opts *po, const char *arg)
{
    static const char *const names[] = {"off", "catalog", "cached", "live"};
    int v = 0;
    int rc = cli_enum_option(&v, "prices", arg, names, sizeof names / sizeof names[0]);
    if (rc == 0)
        po->mode = (aivm_prices_mode)v;
    return rc;
}

/* --currency: ISO 4217 codes are upper case, so "eur" is EUR. */
static int parse_currency(cli_price_opts *po, const char *arg)
{
    size_t len = strlen(arg);
    if (len < sizeof po->currency) {
        for (size_t i = 0; i < len; i++)
            po->currency[i] = arg[i] >= 'a' && arg[i] <= 'z' ? (char)(arg[i] - 'a' + 'A') : arg[i];
        po->currency[len] = '\0';
        arg = po->currency;
    }
    if (!aivm_prices_currency_valid(arg))
        return cli_usagef("invalid currency '%s' for --currency (expected one of USD AUD "
                          "BRL CAD CHF CNY DKK EUR GBP INR JPY KRW NOK NZD RUB SEK TWD)",
                          arg);
    po->fetch.currency = arg;
    return 0;
}

/* The options of fetching (where, how long, how often): -1 for another id. */
static int fetch_option(cli_price_opts *po, int id, const char *arg)
{
    aivm_error err = AIVM_ERROR_INIT;
    double d;
    uint64_t n;
    switch (id) {
    case CLI_O_CURRENCY:
        return parse_currency(po, arg);
    case CLI_O_PRICES_URL:
        if (aivm_prices_check_url(arg, &err) < 0)
            return cli_usagef("%s (--prices-url)", err.msg);
        po->fetch.base_url = arg;
        return 0;
    case CLI_O_CACHE_DIR:
        if (!arg[0])
            return cli_usagef("empty value for --cache-dir");
        po->fetch.cache_dir = arg;
        po->cache_dir_set = true;
        return 0;
    case CLI_O_CACHE_TTL:
        if (!aivm_parse_duration(&d, arg))
            return cli_usagef("invalid duration '%s' for --cache-ttl (e.g. 3600, 90m, 24h, 7d)",
                              arg);
        po->fetch.cache_ttl_s = d;
        return 0;
    case CLI_O_REFRESH:
        po->fetch.refresh = true;
        return 0;
    case CLI_O_TIMEOUT:
        if (!aivm_parse_duration(&d, arg) || !(d > 0) || d > 3600)
            return cli_usagef("invalid value '%s' for --timeout (expected seconds, > 0 and at most "
                              "3600)",
                              arg);
        po->fetch.timeout_s = d;
        if (po->fetch.connect_timeout_s > d)
            po->fetch.connect_timeout_s = d;
        return 0;
    case CLI_O_RETRIES:
        if (!aivm_parse_u64(&n, arg, 10))
            return cli_usagef("invalid value '%s' for --retries (expected 0 to 10)", arg);
        po->fetch.retries = (unsigned)n;
        return 0;
    case CLI_O_RETRY_DELAY:
        if (!aivm_parse_duration(&d, arg) || d > 60)
            return cli_usagef("invalid value '%s' for --retry-delay (expected 0 to 60 seconds)",
                              arg);
        po->fetch.backoff_s = d;
        return 0;
    default:
        return -1;
    }
}

int cli_price_option(cli_price_opts *po, int id, const char *arg)
{
    aivm_error err = AIVM_ERROR_INIT;
    double d;
    switch (id) {
    case CLI_O_PRICES:
        return parse_mode(po, arg);
    case CLI_O_ALLOW_PARTIAL:
        po->allow_partial = true;
        return 0;
    case CLI_O_PRICING:
        if (aivm_pricing_parse(&po->cost.pricing, arg, &err) < 0)
            return cli_usagef("%s for --pricing", err.msg);
        return 0;
    case CLI_O_SORT:
        if (aivm_sort_parse(&po->cost.sort, arg, &err) < 0)
            return cli_usagef("%s for --sort", err.msg);
        return 0;
    case CLI_O_MAX_PRICE:
        if (!aivm_parse_double(&d, arg) || !(d > 0) || d > 1e9)
            return cli_usagef("invalid value '%s' for --max-price-per-hour (expected a "
                              "positive number, at most 1e9)",
                              arg);
        po->cost.has_max_price = true;
        po->cost.max_price = d;
        return 0;
    default:
        return fetch_option(po, id, arg);
    }
}

void cli_price_opts_guard(cli_price_opts *po)
{
    const char *dir = po->fetch.cache_dir;
    if (dir && po->cache_dir_set && cli_config_in_found_tree(dir)) {
        cli_run_warnf("cache-dir-not-used",
                      "cache directory '%s' is inside the tree of the found .aivm-advise.yaml (a "
                      "repository's files): prices are not read from or written to it",
                      dir);
        po->fetch.cache_dir = NULL;
    }
}

int cli_price_opts_check(cli_price_opts *po)
{
    cli_price_opts_guard(po);
    if (po->mode == AIVM_PRICES_OFF &&
        ((po->cost.sort != AIVM_SORT_SCORE && po->cost.sort != AIVM_SORT_TIME) ||
         po->cost.has_max_price))
        return cli_usagef("--sort %s and --max-price-per-hour need prices (not --prices off)",
                          aivm_sort_name(po->cost.sort));
    if (po->mode != AIVM_PRICES_LIVE && po->allow_partial)
        return cli_usagef("--allow-partial applies to --prices live only");
    if (po->mode == AIVM_PRICES_CACHED && !po->fetch.cache_dir)
        return cli_usagef("--prices cached needs a cache directory (--cache-dir, or set HOME)");
    return 0;
}

void cli_price_progress(void *ctx, size_t done, size_t total, unsigned in_flight)
{
    (void)ctx;
    fprintf(stderr, "\raivm-advise: fetching prices: %zu/%zu done, %u in flight ", done, total,
            in_flight);
    if (done == total)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

void cli_price_request(aivm_request *req, aivm_price_provider *prov, aivm_fetch_source *fs,
                       const cli_price_opts *po)
{
    req->prices = po->mode;
    req->currency = po->fetch.currency;
    req->allow_partial = po->allow_partial;
    req->cost = po->cost;
    fs->mode = po->mode;
    fs->fetch = po->fetch;
    if (po->mode == AIVM_PRICES_LIVE && !cli_quiet && cli_term_stderr_tty())
        fs->fetch.progress = cli_price_progress;
    aivm_price_provider_fetch(prov, fs);
    req->source = prov;
}
