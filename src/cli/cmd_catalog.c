/*
 * cmd_catalog.c - `aivm-advise catalog list|show|compare|validate`: browse
 * the VM sizes of the catalog (the shipped one or --catalog FILE), show every
 * fact of one size, compare sizes side by side, and validate a catalog file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/report.h"
#include "aivm/util.h"
#include "browse.h"
#include "catalog_refresh.h"
#include "cli.h"
#include "msg.h"
#include "opts.h"
#include "price_opts.h"
#include "sources.h"
#include "term.h"

enum {
    O_FAMILY = 256,
    O_CATEGORY,
    O_GPU,
    O_MIN_GPU_MEMORY,
    O_INFINIBAND,
    O_REGION,
    O_INCLUDE_RETIRED,
    O_CATALOG,
    O_DATE,
    O_SKUS,
    O_REGIONS,
    O_RESET,
    O_PRICES
};

static const cli_opt options[] = {
    {O_FAMILY, "family", 0, "ID", "list: sizes of this family (ND, NC, NV, E, ...)"},
    {O_CATEGORY, "category", 0, "CAT",
     "list: gpu, cpu (any CPU), cpu-memory-optimized, cpu-compute-optimized or "
     "cpu-general-purpose"},
    {O_GPU, "gpu", 0, "MODEL", "list: sizes with this GPU model (H100, A100, T4, MI300X, ...)"},
    {O_MIN_GPU_MEMORY, "min-gpu-memory", 0, "GB", "list: at least this much memory per GPU"},
    {O_INFINIBAND, "infiniband", 0, NULL, "list: sizes with InfiniBand only"},
    {O_REGION, "region", 0, "NAME", "list: sizes offered in this region (its prices shown)"},
    {O_INCLUDE_RETIRED, "include-retired", 0, NULL, "list: retired sizes too"},
    {O_CATALOG, "catalog", 0, "FILE", "a catalog of one's own instead of the shipped one"},
    {O_DATE, "date", 0, "YYYY-MM-DD", "judge lifecycle as of this date (default today, UTC)"},
    {O_SKUS, "skus", 0, "FILE", "refresh: an az vm list-skus -o json snapshot (repeatable)"},
    {O_REGIONS, "regions", 0, "LIST",
     "refresh: read the cached price lists of R1,R2,... or us, europe, asia, all"},
    {O_RESET, "reset", 0, NULL, "refresh: remove the overlay"},
    {O_PRICES, "prices", 0, "cached|live",
     "refresh: read the --regions price lists from the cache (default) or fetch them"},
    CLI_PRICE_FETCH_OPTIONS,
    CLI_BROWSE_OPTIONS,
};

#define N_OPTIONS (sizeof options / sizeof options[0])

typedef struct {
    aivm_size_filter filter;
    char region_buf[64];
    const char *catalog, *date;
    aivm_browse_format format;
    cli_refresh_opts refresh;
    cli_price_opts prices; /* the default cache directory */
} catalog_opts;

/* The options that apply to subcommand `sub` (-1: all of them). */
static bool applies(int sub, int id)
{
    bool refresh_opt = id == O_SKUS || id == O_REGIONS || id == O_RESET || id == O_PRICES ||
                       (id >= CLI_O_CURRENCY && id <= CLI_O_RETRY_DELAY);
    if (sub < 0 || id == 'h' || id == 'q' || id == 'v' || id == 'V')
        return true;
    if (sub == 4) /* refresh */
        return refresh_opt || id == O_DATE;
    if (refresh_opt)
        return false;
    if (id == 'f' || sub == 0)
        return true;
    return sub != 3 && (id == O_CATALOG || id == O_DATE); /* show, compare, diff */
}

static void help(int sub)
{
    static const char *const usages[] = {
        "aivm-advise catalog list [filters] [options]",
        "aivm-advise catalog show SIZE [options]",
        "aivm-advise catalog compare SIZE SIZE... [options]",
        "aivm-advise catalog validate FILE [options]",
        ("aivm-advise catalog refresh --skus FILE... [--regions LIST] "
         "| --reset"),
        "aivm-advise catalog diff [options]"};
    cli_opt shown[N_OPTIONS];
    size_t n = 0;
    for (int i = 0; i < 6; i++)
        if (sub < 0 || sub == i)
            printf("%s %s\n", i == (sub < 0 ? 0 : sub) ? "Usage:" : "      ", usages[i]);
    printf("\nBrowse the VM sizes of the catalog: list them (filtered), show every fact of\n"
           "one (hardware, lifecycle, regions, reference prices, sources), compare sizes\n"
           "side by side, or validate a catalog file (docs/catalog-format.md). SIZE is\n"
           "case-insensitive and 'Standard_' may be left out: nd96isr_h100_v5.\n"
           "refresh: build the local overlay ($XDG_DATA_HOME/aivm-advise/catalog-overlay.json)\n"
           "from az vm list-skus snapshots and cached price lists; every run then loads it\n"
           "after the built-in catalog (--catalog replaces both). diff: what it adds and\n"
           "changes, and where the snapshots disagree with the catalog (kept, not applied).\n\n"
           "Options:\n");
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (applies(sub, options[i].id))
            shown[n++] = options[i];
    cli_opts_help(stdout, shown, n);
    printf("\nExit status: 0 success, 2 usage error (unknown size, bad filter), 3 invalid\n"
           "catalog (validate: the first error, at its file:line:col).\n");
}

static int on_option(void *vctx, int id, const char *arg)
{
    static const char *const categories[] = {"gpu", "cpu-memory-optimized", "cpu-compute-optimized",
                                             "cpu-general-purpose", "cpu"};
    catalog_opts *o = vctx;
    double v = 0;
    int i = 0, rc;
    switch (id) {
    case O_FAMILY:
        o->filter.family = arg;
        return 0;
    case O_CATEGORY:
        rc = cli_enum_option(&i, "category", arg, categories, 5);
        if (rc)
            return rc;
        o->filter.categories |= i == 4 ? 0xEu : 1u << i; /* "cpu": every CPU category */
        return 0;
    case O_GPU:
        o->filter.gpu = arg;
        return 0;
    case O_MIN_GPU_MEMORY:
        if (!aivm_parse_double(&v, arg) || v <= 0 || v > 100000)
            return cli_usagef("invalid value '%s' for --min-gpu-memory (expected GB per GPU, "
                              "e.g. 80)",
                              arg);
        o->filter.min_gpu_memory_gb = v;
        return 0;
    case O_INFINIBAND:
        o->filter.infiniband = true;
        return 0;
    case O_REGION:
        if (!cli_region_option(o->region_buf, sizeof o->region_buf, arg))
            return cli_usagef("invalid region '%s' for --region (expected an Azure region name "
                              "such as eastus)",
                              arg);
        o->filter.region = o->region_buf;
        return 0;
    case O_INCLUDE_RETIRED:
        o->filter.include_retired = true;
        return 0;
    case O_CATALOG:
        o->catalog = arg;
        return 0;
    case O_DATE:
        return cli_date_option(&o->date, arg);
    case O_SKUS:
        cli_push_arg(&o->refresh.skus, &o->refresh.n_skus, arg);
        return 0;
    case O_REGIONS:
        o->refresh.regions = arg;
        return 0;
    case O_PRICES: {
        static const char *const modes[] = {"cached", "live"};
        rc = cli_enum_option(&i, "prices", arg, modes, 2);
        o->refresh.live = i == 1;
        o->refresh.prices_set = true;
        return rc;
    }
    case O_RESET:
        o->refresh.reset = true;
        return 0;
    default: /* the fetch options of the price lists (refresh) */
        o->refresh.fetch_set = true;
        return cli_common_option(&o->prices, NULL, id, arg);
    }
}

/* The names of the families and GPU models of the catalog, for a did-you-mean. */
static int unknown_filter(const aivm_catalog *cat, const char *opt, const char *value)
{
    size_t n = aivm_catalog_size_count(cat);
    const char **names = aivm_xcalloc(n ? n : 1, sizeof *names);
    const char *guess;
    for (size_t i = 0; i < n; i++) {
        const aivm_size *s = aivm_catalog_size_at(cat, i);
        names[i] = aivm_str(strcmp(opt, "gpu") == 0 ? &s->gpu_model : &s->family);
    }
    guess = aivm_did_you_mean(value, names, n);
    free((void *)names);
    if (guess)
        return cli_usagef("no size has --%s '%s' (did you mean %s?)", opt, value, guess);
    return cli_usagef("no size of the catalog has --%s '%s'", opt, value);
}

static int do_list(const aivm_catalog *cat, catalog_opts *o)
{
    size_t n = aivm_catalog_size_count(cat), k = 0;
    const aivm_size **list = aivm_xcalloc(n ? n : 1, sizeof *list);
    aivm_buf out = AIVM_BUF_INIT;
    bool family_known = !o->filter.family, gpu_known = !o->filter.gpu;
    int rc;
    for (size_t i = 0; i < n; i++) {
        const aivm_size *s = aivm_catalog_size_at(cat, i);
        family_known |=
            aivm_streq_nocase(o->filter.family ? o->filter.family : "", aivm_str(&s->family));
        gpu_known |= s->has_gpu &&
                     aivm_streq_nocase(o->filter.gpu ? o->filter.gpu : "", aivm_str(&s->gpu_model));
        if (aivm_size_filter_match(&o->filter, s))
            list[k++] = s;
    }
    if (!family_known || !gpu_known) {
        free((void *)list);
        return unknown_filter(cat, family_known ? "gpu" : "family",
                              family_known ? o->filter.gpu : o->filter.family);
    }
    cli_table_begin(&out, o->format == AIVM_BROWSE_JSON, true);
    aivm_report_size_list(&out, cat, list, k, &o->filter, o->format);
    rc = cli_table_end(&out, o->format == AIVM_BROWSE_JSON, true);
    aivm_buf_dispose(&out);
    free((void *)list);
    return rc;
}

/* The sizes named by the operands; an unknown one is a usage error with a did-you-mean. */
static int find_sizes(const aivm_size ***out, const aivm_catalog *cat, char **names, size_t n)
{
    *out = aivm_xcalloc(n ? n : 1, sizeof **out);
    for (size_t i = 0; i < n; i++) {
        const char *guess;
        (*out)[i] = aivm_catalog_lookup_size(cat, names[i]);
        if ((*out)[i])
            continue;
        guess = aivm_catalog_suggest_size(cat, names[i]);
        free((void *)*out);
        *out = NULL;
        if (guess)
            return cli_usagef("unknown size '%s' (did you mean %s?)", names[i], guess);
        return cli_usagef("unknown size '%s' ('aivm-advise catalog list' shows the sizes)",
                          names[i]);
    }
    return 0;
}

static int do_show(const aivm_catalog *cat, catalog_opts *o, char **names, size_t n, bool compare)
{
    const aivm_size **sizes = NULL;
    aivm_buf out = AIVM_BUF_INIT;
    int rc;
    if (!compare && n != 1)
        return cli_usagef(n ? "catalog show takes one size (catalog compare takes several)"
                            : "catalog show needs a size, e.g. Standard_ND96isr_H100_v5");
    if (compare && (n < 2 || n > 16))
        return cli_usagef("catalog compare takes 2 to 16 sizes");
    rc = find_sizes(&sizes, cat, names, n);
    if (rc)
        return rc;
    cli_report_begin(&out, o->format == AIVM_BROWSE_JSON);
    if (compare)
        aivm_report_size_compare(&out, cat, sizes, n, o->filter.today, o->format, cli_term_width());
    else
        aivm_report_size_show(&out, cat, sizes[0], o->filter.today, o->format);
    rc = cli_report_end(&out, o->format == AIVM_BROWSE_JSON);
    aivm_buf_dispose(&out);
    free((void *)sizes);
    return rc;
}

static int do_validate(catalog_opts *o, char **files, size_t n)
{
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf out = AIVM_BUF_INIT;
    int rc = 0;
    if (n != 1)
        return cli_usagef("catalog validate takes one file");
    cli_sources_note("catalog", "file", files[0], "validated");
    if (aivm_catalog_load_file(&cat, files[0], &err) < 0)
        rc = cli_report_error(&err);
    if (!rc || o->format == AIVM_BROWSE_JSON) { /* JSON says "valid": false too */
        /* its JSON has a "sources" count of its own: -v says its lines on stderr */
        cli_stream_to_stdout(&out);
        aivm_report_catalog_validation(&out, files[0], cat, rc ? &err : NULL, o->format);
        aivm_buf_flush(&out);
        aivm_buf_dispose(&out);
    }
    aivm_catalog_free(cat);
    return rc;
}

static int run(catalog_opts *po, int sub, int first, int argc, char **argv)
{
    catalog_opts o = *po; /* the fields below were one function's locals */
    aivm_catalog *cat = NULL;
    aivm_rules *rules = NULL;
    char today[16];
    int rc;
    if (sub != 4 && (o.refresh.n_skus || o.refresh.regions || o.refresh.reset ||
                     o.refresh.prices_set || o.refresh.fetch_set))
        return cli_usagef("--skus, --regions, --reset, --prices and the fetch options are for "
                          "catalog refresh");
    if ((sub == 4 || sub == 5) && first < argc)
        return cli_usagef("unexpected argument '%s'", argv[first]);
    cli_today(today);
    if (sub == 4)
        return cli_catalog_refresh(&o.refresh, o.date, today);
    if (sub != 0 &&
        (o.filter.family || o.filter.categories || o.filter.gpu || o.filter.min_gpu_memory_gb > 0 ||
         o.filter.infiniband || o.filter.region || o.filter.include_retired))
        return cli_usagef("the filters (--family, --gpu, --region, ...) apply to catalog list");
    if (sub == 0 && first < argc)
        return cli_usagef("unexpected argument '%s' (catalog list takes filters, e.g. "
                          "--gpu H100)",
                          argv[first]);
    if (sub == 3)
        return do_validate(&o, argv + first, (size_t)(argc - first));
    if (o.date) {
        o.filter.today = o.date;
    } else {
        cli_today(today);
        o.filter.today = today;
    }
    rc = cli_load_data(&cat, &rules, o.catalog, NULL, 0);
    aivm_rules_free(rules);
    if (rc)
        return rc;
    cli_warn_stale(cat, o.filter.today);
    rc = o.catalog ? 0 : cli_check_region(cat, &o.filter.region, NULL);
    if (!rc && sub == 5)
        rc = cli_catalog_diff(cat, o.format);
    else if (!rc)
        rc = sub == 0 ? do_list(cat, &o)
                      : do_show(cat, &o, argv + first, (size_t)(argc - first), sub == 2);
    aivm_catalog_free(cat);
    return rc;
}

int cmd_catalog(int argc, char **argv)
{
    static const char *const subs[] = {"list", "show", "compare", "validate", "refresh", "diff"};
    catalog_opts o;
    int first = 0, rc, sub;
    static const cli_browse_cmd cmd = {"catalog", subs, 6, options, N_OPTIONS, on_option, help};
    memset(&o, 0, sizeof o);
    cli_price_opts_init(&o.prices);
    rc = cli_browse_parse(&sub, &first, &o.format, &cmd, argc, argv, &o);
    cli_price_opts_guard(&o.prices);
    o.refresh.fetch = o.prices.fetch;
    if (rc < 0)
        rc = run(&o, sub, first, argc, argv);
    cli_price_opts_dispose(&o.prices);
    free((void *)o.refresh.skus);
    return rc;
}
