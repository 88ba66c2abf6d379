/*
 * cmd_prices.c - `aivm-advise prices fetch|show`: warm the price cache for
 * a region's whole price list, or several (prices_regions.c), or the --sku
 * list one query per size; or print
 * every classified price row of one size in one region (on-demand, Spot,
 * Low Priority, reservations, savings plans, Linux and Windows, and the
 * rows left out with the reason).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/prices.h"
#include "aivm/util.h"
#include "cli.h"
#include "cli_config.h"
#include "msg.h"
#include "opts.h"
#include "price_opts.h"
#include "prices_regions.h"
#include "sources.h"
#include "term.h"

enum { O_REGION = 256, O_SKU, O_CATALOG, O_CACHED, O_FORMAT, O_REGIONS };

static const cli_opt options[] = {
    {O_REGION, "region", 0, "NAME", "Azure region (required, or --regions)"},
    {O_REGIONS, "regions", 0, "LIST",
     "fetch: whole price lists of R1,R2,... or us, europe, asia, all"},
    {O_SKU, "sku", 0, "SIZE", "VM size, e.g. Standard_ND96isr_H100_v5 (repeatable)"},
    {O_CATALOG, "catalog", 0, "FILE",
     "fetch: --regions names and the sizes it lacks from this catalog (default shipped)"},
    {O_CACHED, "cached", 0, NULL, "show: use the cache only, never the network"},
    {O_FORMAT, "format", 'f', "table|json|csv",
     "output format (default table; fetch: table or json)"},
    CLI_PRICE_FETCH_OPTIONS,
    CLI_CONFIG_OPTIONS,
    {'q', "quiet", 'q', NULL, "no progress or warnings; fetch: errors and the summary line only"},
    CLI_VERBOSE_OPTION,
    {'h', "help", 'h', NULL, "show this help and exit"},
    {'V', "version", 'V', NULL, "show versions and exit"},
};

#define N_OPTIONS (sizeof options / sizeof options[0])

typedef struct {
    const char *region;
    const char *regions; /* --regions */
    char region_buf[64];
    const char **skus;
    size_t n_skus;
    const char *catalog;
    bool cached, help, format_set;
    int format; /* 0 table, 1 json, 2 csv (show only) */
    cli_price_opts prices;
} prices_opts;

static void help(void)
{
    printf("Usage: aivm-advise prices fetch --region R [--sku SIZE]... [options]\n"
           "       aivm-advise prices fetch --regions R1,R2|us|europe|asia|all [options]\n"
           "       aivm-advise prices show --region R --sku SIZE [options]\n\n"
           "fetch: get live prices from the Azure Retail Prices API into the cache (entries\n"
           "younger than --cache-ttl are kept), so later runs can use --prices cached:\n"
           "without --sku a region's whole price list in one query, cached per region.\n"
           "fetch --format json: per region or size what was fetched, found cached or\n"
           "failed, with ages, and the sizes the lists and the catalog disagree on\n"
           "(docs/schema/prices-fetch.schema.json).\n"
           "show: print every classified price row of one size (docs/prices.md), as a\n"
           "table, JSON (docs/schema/prices.schema.json) or CSV (docs/formats.md).\n\n"
           "Options:\n");
    cli_opts_help(stdout, options, N_OPTIONS);
    printf("\nExit status: 0 success, 2 usage error, 3 invalid catalog, 4 prices "
           "unavailable.\n");
}

static int on_option(void *vctx, int id, const char *arg)
{
    prices_opts *o = vctx;
    switch (id) {
    case O_REGION:
        if (!cli_region_option(o->region_buf, sizeof o->region_buf, arg))
            return cli_usagef("invalid region '%s' for --region (expected an Azure region name "
                              "such as eastus)",
                              arg);
        o->region = o->region_buf;
        return 0;
    case O_REGIONS:
        o->regions = arg;
        return 0;
    case O_SKU:
        if (!arg[0] || strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "0123456789_-") != strlen(arg))
            return cli_usagef("invalid size '%s' for --sku", arg);
        cli_push_arg(&o->skus, &o->n_skus, arg);
        return 0;
    case O_CATALOG:
        o->catalog = arg;
        return 0;
    case O_CACHED:
        o->cached = true;
        return 0;
    case O_FORMAT: {
        static const char *const formats[] = {"table", "json", "csv"};
        o->format_set = true;
        return cli_enum_option(&o->format, "format", arg, formats, 3);
    }
    case 'V': /* main() answers -V before the command runs */
        return 0;
    case 'q':
        cli_quiet = true;
        return 0;
    case 'h':
        o->help = true;
        return 0;
    default:
        return cli_common_option(&o->prices, NULL, id, arg);
    }
}

static int get(aivm_prices **store, prices_opts *o, aivm_prices_mode mode,
               const aivm_price_query *qs, size_t n)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (mode == AIVM_PRICES_LIVE && !cli_quiet && cli_term_stderr_tty())
        o->prices.fetch.progress = cli_price_progress;
    if (aivm_prices_get(store, mode, qs, n, &o->prices.fetch, &err) < 0)
        return cli_report_error(&err);
    for (size_t i = 0; i < aivm_prices_warning_count(*store); i++)
        cli_warnf("%s", aivm_prices_warning(*store, i));
    return 0;
}

static int do_fetch(prices_opts *o)
{
    aivm_prices *store = NULL;
    aivm_price_query *qs = NULL;
    const char *const *skus = NULL;
    size_t n = 0;
    int rc;
    if (!o->n_skus) { /* whole price lists: one region-wide query per region */
        const char *one[1] = {o->region};
        char **list = NULL;
        rc = o->regions ? cli_prices_regions_list(&list, &n, o->regions, o->catalog) : 0;
        if (!rc)
            rc = cli_prices_fetch_regions(list ? (const char *const *)list : one, list ? n : 1,
                                          &o->prices, o->catalog, o->format == 1);
        cli_prices_regions_free(list, n);
        return rc;
    }
    skus = o->skus; /* --sku: one query per size */
    n = o->n_skus;
    if (!o->prices.fetch.cache_dir) {
        rc = cli_usagef("prices fetch needs a cache directory (--cache-dir, or set HOME)");
        goto done;
    }
    qs = calloc(n ? n : 1, sizeof *qs);
    if (!qs)
        abort();
    for (size_t i = 0; i < n; i++) {
        qs[i].region = o->region;
        qs[i].sku = skus[i];
    }
    rc = get(&store, o, AIVM_PRICES_LIVE, qs, n);
    if (rc)
        goto done;
    rc = cli_prices_fetch_done(store, n, false, &o->prices, o->catalog, o->format == 1);
done:
    aivm_prices_free(store);
    free(qs);
    return rc;
}

/* A number of a price row in a bounded width: the rows are the API's, a
 * refused one too (1e308 would print 309 digits): at or past 1e9 (no
 * price) in exponent form, "1e+308". */
static const char *num_text(char out[24], double v)
{
    snprintf(out, 24, fabs(v) < AIVM_CATALOG_PRICE_CEILING ? "%.4f" : "%.4g", v);
    return out;
}

static void show_set(const aivm_price_entry *e)
{
    const aivm_price_set *s = e->set;
    cli_outf("%s in %s, %s: %s (fetched %s), %zu items\n\n", e->query.sku, e->query.region,
             e->query.currency, e->source == AIVM_PRICE_LIVE ? "live" : "cache", e->fetched_at,
             aivm_price_set_items(s));
    cli_outf("%-7s %-12s %-12s %-4s %12s %12s  %s\n", "OS", "TIER", "TYPE", "TERM", "PRICE",
             "PER_HOUR", "USE");
    for (size_t i = 0; i < aivm_price_set_count(s); i++) {
        const aivm_price_row *r = aivm_price_set_row(s, i);
        char term[16] = "-", price[24], hourly[24];
        if (r->term_years)
            snprintf(term, sizeof term, "%uy", r->term_years);
        cli_outf("%-7s %-12s %-12s %-4s %12s %12s  %s%s\n", aivm_os_name(r->os),
                 aivm_report_price_tier_name(r->tier), aivm_report_price_type_name(r->type), term,
                 num_text(price, r->price), num_text(hourly, r->hourly),
                 aivm_report_price_row_use(r), r->ambiguous ? " (ambiguous: newest row used)" : "");
        char product[512], name[512]; /* API text is untrusted: control characters shown */
        aivm_vis(product, sizeof product, r->product_name ? r->product_name : "-");
        aivm_vis(name, sizeof name,
                 r->sku_name ? r->sku_name : (r->meter_name ? r->meter_name : "-"));
        cli_outf("        %s | %s\n", product, name);
    }
    for (int os = AIVM_OS_LINUX; os <= AIVM_OS_WINDOWS; os++) {
        cli_outf("\n%s:", aivm_os_name((aivm_os)os));
        for (unsigned k = 0; k < AIVM_PRICING_COUNT; k++) {
            double v = 0;
            char text[24];
            if (aivm_price_set_lookup(s, (aivm_os)os, (aivm_pricing)k, &v, NULL))
                cli_outf(" %s %s;", aivm_pricing_name((aivm_pricing)k), num_text(text, v));
            else
                cli_outf(" %s unknown;", aivm_pricing_name((aivm_pricing)k));
        }
    }
    cli_outf("\n");
}

/* prices show --format json|csv: the report layer's document on stdout. */
static int show_doc(const aivm_price_entry *e, bool json)
{
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    cli_report_begin(&out, json);
    rc = json ? aivm_report_price_entry_json(&out, e, NULL, &err)
              : aivm_report_price_entry_csv(&out, e, &err);
    if (rc == 0)
        rc = cli_report_end(&out, json);
    aivm_buf_dispose(&out);
    return rc < 0 ? cli_report_error(&err) : rc;
}

static int do_show(prices_opts *o)
{
    aivm_prices *store = NULL;
    aivm_price_query q = {o->region, NULL, NULL};
    const aivm_price_entry *e;
    int rc;
    if (o->n_skus != 1)
        return cli_usagef("prices show needs exactly one --sku");
    q.sku = o->skus[0];
    {
        /* the API prices sizes the catalog leaves out: a typo is only flagged */
        const aivm_catalog *cat = aivm_catalog_builtin();
        const char *guess =
            aivm_catalog_lookup_size(cat, q.sku) ? NULL : aivm_catalog_suggest_size(cat, q.sku);
        if (guess && strcmp(guess, q.sku) != 0)
            cli_warnf("%s is not in the catalog (did you mean %s?): looking its price up as given",
                      q.sku, guess);
    }
    rc = get(&store, o, o->cached ? AIVM_PRICES_CACHED : AIVM_PRICES_LIVE, &q, 1);
    if (rc)
        goto done;
    e = aivm_prices_entry(store, 0);
    {
        const aivm_prices *stores[1] = {store};
        cli_sources_prices(o->cached ? AIVM_PRICES_CACHED : AIVM_PRICES_LIVE, NULL,
                           &o->prices.fetch, stores, 1);
    }
    if (!e->set) {
        cli_errorf("%s in %s: %s", e->query.sku, e->query.region, e->error);
        rc = CLI_EXIT_PRICES;
        goto done;
    }
    rc = o->format == 0 ? (show_set(e), 0) : show_doc(e, o->format == 1);
done:
    aivm_prices_free(store);
    return rc;
}

int cmd_prices(int argc, char **argv)
{
    prices_opts o;
    int first = 0, rc;
    const char *sub = argc > 1 ? argv[1] : NULL;
    memset(&o, 0, sizeof o);
    cli_price_opts_init(&o.prices);
    if (sub && (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0)) {
        help();
        rc = 0;
        goto done;
    }
    if (!sub || (strcmp(sub, "fetch") && strcmp(sub, "show"))) {
        static const char *const subs[] = {"fetch", "show"};
        const char *guess = sub && sub[0] != '-' ? aivm_did_you_mean(sub, subs, 2) : NULL;
        if (guess)
            rc = cli_usagef("unknown prices subcommand '%s' (did you mean %s?)", sub, guess);
        else if (sub && sub[0] != '-')
            rc = cli_usagef("unknown prices subcommand '%s' (expected fetch or show)", sub);
        else
            rc = cli_usagef("prices needs a subcommand: fetch or show");
        goto done;
    }
    rc = cli_opts_parse(options, N_OPTIONS, argc - 1, argv + 1, on_option, &o, &first);
    if (rc)
        goto done;
    if (o.help) {
        help();
        goto done;
    }
    if (first < argc - 1) {
        rc = cli_usagef("unexpected argument '%s'", argv[first + 1]);
        goto done;
    }
    cli_price_opts_guard(&o.prices);
    if (o.regions && cli_config_loc("regions") &&
        ((o.region && !cli_config_loc("region")) || o.n_skus || strcmp(sub, "fetch")))
        o.regions = NULL; /* the configuration's list gives way to the command line */
    else if (o.regions && o.region && cli_config_loc("region"))
        o.region = NULL; /* the configuration's region gives way to a list */
    if (o.regions && (o.region || o.n_skus || strcmp(sub, "fetch"))) {
        rc = cli_usagef(strcmp(sub, "fetch") ? "--regions is for prices fetch (show takes --region)"
                        : o.region           ? "--region and --regions exclude each other"
                                             : "--regions fetches whole price lists: no --sku");
        goto done;
    }
    if (!o.region && !o.regions) {
        rc = cli_usagef("prices %s needs --region", sub);
        goto done;
    }
    /* the shipped region list (a --catalog of one's own may name other regions) */
    cli_msg_config_origin(cli_config_loc("region"), "region");
    rc = o.catalog ? 0 : cli_check_region(aivm_catalog_builtin(), &o.region, NULL);
    cli_msg_config_origin(NULL, NULL);
    if (rc)
        goto done;
    if (o.format_set && o.format == 2 && strcmp(sub, "fetch") == 0) {
        rc = cli_usagef("prices fetch --format takes table or json (csv is for prices show)");
        goto done;
    }
    rc = strcmp(sub, "fetch") == 0 ? do_fetch(&o) : do_show(&o);
done:
    cli_price_opts_dispose(&o.prices);
    free(o.skus);
    return rc;
}
