/*
 * cmd_recommend.c - `aivm-advise [recommend]`: read the workload from flags
 * and/or a workload file, load catalog and rules, rank sizes and write the
 * table or JSON report to stdout (warnings of a table report on stderr).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/aivm.h"
#include "aivm/util.h"
#include "avail_opts.h"
#include "cli.h"
#include "cli_config.h"
#include "emit_out.h"
#include "input_opts.h"
#include "msg.h"
#include "opts.h"
#include "price_opts.h"
#include "sizing_opts.h"
#include "sources.h"
#include "term.h"
#include "work_opts.h"

enum {
    O_WORKLOAD = 256,
    O_REGION,
    O_TOP,
    O_FORMAT,
    O_EXPLAIN,
    O_CATALOG,
    O_RULES,
    O_COLOR,
    O_DATE
};

/* The options before the workload inputs (input_opts.h) and after them. */
static const cli_opt head[] = {
    {O_WORKLOAD, "workload", 0, "FILE", "read the workload from a YAML/JSON file (flags win)"},
    {O_REGION, "region", 0, "NAME", "Azure region (default eastus)"},
    {O_TOP, "top", 0, "N", "show the N best sizes (default 5)"},
};
static const cli_opt tail[] = {
    {O_FORMAT, "format", 'f', "table|json|yaml|markdown|csv|html", "output format (default table)"},
    {O_EXPLAIN, "explain", 0, NULL, "show every rule per size and the rejected sizes"},
    {O_CATALOG, "catalog", 0, "FILE", "use this catalog instead of the shipped one"},
    {O_RULES, "rules", 0, "FILE", "add or override rules by id (repeatable)"},
    {O_COLOR, "color", 0, "auto|always|never", "colour the table (default auto; NO_COLOR)"},
    {O_DATE, "date", 0, "YYYY-MM-DD", "judge lifecycle as of this date (default today, UTC)"},
    CLI_EMIT_OPTIONS,
    CLI_PRICE_RANK_OPTIONS,
    CLI_PRICE_FETCH_OPTIONS,
    CLI_AVAIL_SNAPSHOT_OPTIONS,
    CLI_AVAIL_REGIONS_OPTION,
    CLI_CONFIG_OPTIONS,
    {'q', "quiet", 'q', NULL, "no warnings or progress line on stderr"},
    CLI_VERBOSE_OPTION,
    {'h', "help", 'h', NULL, "show this help and exit"},
    {'V', "version", 'V', NULL, "show versions and exit"},
};

#define N_HEAD (sizeof head / sizeof head[0])
#define N_TAIL (sizeof tail / sizeof tail[0])

/* The command's option table: head, the workload inputs, tail. */
static cli_opt options[N_HEAD + AIVM_IN_COUNT + N_TAIL];
static size_t n_options;

static void build_options(void)
{
    n_options = cli_input_table(options, head, N_HEAD, AIVM_IW_RECOMMEND, tail, N_TAIL);
}

static const char *const formats[] = {"table", "json", "yaml", "markdown", "csv", "html"};
#define N_FORMATS (sizeof formats / sizeof formats[0])

typedef struct {
    aivm_workload flags; /* what the flags said */
    const char *workload_file;
    unsigned top;
    int format; /* index in `formats`: 0 table, 1 json, 2 yaml, 3 markdown, 4 csv, 5 html */
    bool explain, help, version;
    const char *catalog;
    const char **rules;
    size_t n_rules;
    cli_color_mode color;
    const char *date;
    char region[64]; /* --region as Azure normalises it: "West Europe" -> "westeurope" */
    cli_price_opts prices;
    cli_avail_opts avail; /* --quota, --skus, --regions */
    cli_emit_opts emit;   /* --emit, --pick, -o */
} rec_opts;

static void help(void)
{
    printf("Usage: aivm-advise [recommend] --phase PHASE --kind KIND [options]\n"
           "       aivm-advise recommend --workload FILE [options]\n\n"
           "Recommend Azure VM sizes for an AI workload, following Azure's compute\n"
           "guidance for AI workloads on IaaS (docs/cli.md).\n\nOptions:\n");
    cli_opts_help(stdout, options, n_options);
    printf("\nExit status:\n"
           "  0  success\n"
           "  1  check: a finding at or above --fail-on\n"
           "  2  usage error (bad option or value)\n"
           "  3  invalid input (catalog, rules or workload file)\n"
           "  4  prices unavailable\n"
           "  5  output or internal error\n"
           "  6  no size fits the workload (the report says why)\n");
}

static int on_option(void *vctx, int id, const char *arg)
{
    rec_opts *o = vctx;
    uint64_t n;
    int rc;
    switch (id) {
    case O_REGION:
        if (!cli_region_option(o->region, sizeof o->region, arg))
            return cli_usagef("invalid value '%s' for --region (expected an Azure region name "
                              "such as eastus)",
                              arg);
        o->flags.region = o->region;
        o->flags.region_origin = cli_msg_in_config() ? AIVM_ORIGIN_CONFIG : AIVM_ORIGIN_FLAG;
        o->flags.set |= AIVM_WL_REGION;
        return 0;
    case O_WORKLOAD:
        o->workload_file = arg;
        return 0;
    case O_TOP:
        if (!aivm_parse_u64(&n, arg, 100000) || n == 0)
            return cli_usagef("invalid value '%s' for --top (expected a whole number >= 1)", arg);
        o->top = (unsigned)n;
        return 0;
    case O_FORMAT:
        return cli_enum_option(&o->format, "format", arg, formats, N_FORMATS);
    case O_EXPLAIN:
        o->explain = true;
        return 0;
    case O_CATALOG:
        o->catalog = arg;
        return 0;
    case O_RULES:
        cli_push_arg(&o->rules, &o->n_rules, arg);
        return 0;
    case O_COLOR:
        return cli_color_option(&o->color, arg);
    case O_DATE:
        return cli_date_option(&o->date, arg);
    case 'q':
        cli_quiet = true;
        return 0;
    case 'h':
        o->help = true;
        return 0;
    case 'V':
        o->version = true;
        return 0;
    default:
        rc = cli_emit_option(&o->emit, id, arg);
        if (rc >= 0)
            return rc;
        if (cli_avail_option(&o->avail, id, arg) >= 0)
            return 0;
        return cli_common_option(&o->prices, &o->flags, id, arg);
    }
}

typedef int (*renderer)(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                        aivm_error *err);

static const renderer renderers[N_FORMATS] = {aivm_report_table, aivm_report_json,
                                              aivm_report_yaml,  aivm_report_markdown,
                                              aivm_report_csv,   aivm_report_html};

static int render(const aivm_advice *adv, const rec_opts *o)
{
    aivm_render_opts ro = AIVM_RENDER_OPTS_INIT;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    cli_output file;
    int rc;
    if (o->emit.emit) {
        rc = cli_emit_write(&o->emit, adv);
    } else {
        aivm_buf doc = AIVM_BUF_INIT;
        ro.explain = o->explain;
        ro.color = o->format == 0 && !o->emit.output && cli_term_color(o->color);
        ro.width = cli_term_width();
        rc = cli_output_begin(&file, &out, &o->emit); /* streamed: JSON lists every rejection */
        if (rc)
            return rc;
        if (cli_verbose && (o->format == 1 || o->format == 2)) {
            /* -v: the JSON with its sources (YAML: converted), held whole */
            if (aivm_report_json(&doc, adv, &ro, &err) < 0 ||
                (o->format == 2 && cli_sources_yaml(&out, &doc, &err) < 0))
                rc = cli_report_error(&err);
            else if (o->format == 1 && (rc = cli_sources_json(&doc)) == 0)
                aivm_buf_put(&out, doc.ptr, doc.size);
        } else if (renderers[o->format](&out, adv, &ro, &err) < 0) {
            rc = cli_report_error(&err);
        }
        aivm_buf_dispose(&doc);
        rc = cli_output_end(&file, &out, &o->emit, rc);
    }
    if (rc)
        return rc;
    if (!o->emit.emit && o->format == 4) { /* CSV rows have no place for the overlay */
        char ov[AIVM_OVERLAY_SUMMARY_CAP];
        if (aivm_catalog_overlay_summary(ov, sizeof ov, adv->catalog))
            cli_warnf("these rows include the catalog overlay %s", ov);
    }
    if (o->emit.emit || (o->format != 1 && o->format != 2)) /* JSON, YAML: in "warnings" */
        for (size_t i = 0; i < adv->warnings.n; i++)
            cli_warnf("%s", adv->warnings.text[i]);
    return 0;
}

/* Inputs that contradict each other are usage errors, not a silent choice. */
static int check_combinations(const aivm_workload *wl, const cli_price_opts *po)
{
    const aivm_sizing_input *in = &wl->sizing_in;
    aivm_pricing p = po->cost.pricing;
    if (wl->spot && p != AIVM_PRICING_ON_DEMAND && p != AIVM_PRICING_SPOT)
        return cli_usagef("--spot runs on spot capacity, --pricing %s on a commitment: pick one",
                          aivm_pricing_name(p));
    if ((wl->set & AIVM_WL_NODES) && (in->set & (1u << AIVM_SZ_MAX_NODES)) &&
        wl->nodes > in->max_nodes)
        return cli_usagef("--nodes %u is more than --max-nodes %u", wl->nodes, in->max_nodes);
    return 0;
}

/* Parses argv into *o. *answered is set when -h or -V was answered (rc 0). */
static int parse(rec_opts *o, int argc, char **argv, bool *answered)
{
    int first = 0;
    int rc = cli_opts_parse(options, n_options, argc, argv, on_option, o, &first);
    if (rc)
        return rc;
    if (o->help || o->version) {
        if (o->help)
            help();
        else
            cli_print_version();
        *answered = true;
        return 0;
    }
    if (first < argc)
        return cli_usagef("unexpected argument '%s'", argv[first]);
    rc = cli_price_opts_check(&o->prices);
    return rc ? rc : cli_emit_check(&o->emit);
}

/* The workload from config < file < flags, its inputs checked together and
 * finished; *cfg_region is the config's region position when it came from there. */
static int build_workload(aivm_workload *wl, aivm_workload_doc **doc, const aivm_models **models,
                          const aivm_loc **cfg_region, rec_opts *o)
{
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    cli_safe_file_input(o->workload_file); /* no -o replaces it (safe_file.c) */
    if (o->workload_file && aivm_workload_load_file(doc, wl, o->workload_file, &err) < 0)
        return cli_report_error(&err);
    aivm_workload_overlay(wl, &o->flags); /* config < file < flags, region included */
    if (wl->region_origin == AIVM_ORIGIN_CONFIG)
        *cfg_region = cli_config_loc("region"); /* a bad one is an error at its position */
    rc = check_combinations(wl, &o->prices);
    if (rc == 0)
        rc = cli_work_check(wl, o->prices.cost.sort, o->workload_file);
    if (rc == 0)
        rc = cli_sizing_prepare(models, wl, o->workload_file);
    if (rc)
        return rc;
    if (aivm_workload_finish(wl, &err) < 0)
        return o->workload_file ? (cli_errorf("%s: %s", o->workload_file, err.msg), CLI_EXIT_INPUT)
                                : cli_usagef("%s", err.msg);
    return 0;
}

/* Catalog, rules, the region, availability and the sizing of the model. */
static int load_context(aivm_catalog **cat, aivm_rules **rules, aivm_sizing *sizing,
                        aivm_warnings *notes, const aivm_models *models, aivm_workload *wl,
                        const aivm_loc *cfg_region, rec_opts *o)
{
    aivm_error err = AIVM_ERROR_INIT;
    bool region_unknown = false;
    int settled, rc = cli_load_data(cat, rules, o->catalog, o->rules, o->n_rules);
    if (rc)
        return rc;
    cli_run_warnings_take(notes); /* the CLI's (files not read) are the run's too */
    /* the library's step, as check takes it for each resource: the region's
     * catalog name, the sizing, the size class */
    settled = aivm_request_settle(wl, sizing, *cat, models, *rules, &region_unknown, notes, &err);
    if (region_unknown) { /* the error, with a did-you-mean, at its position */
        cli_msg_config_origin(cfg_region, "region");
        rc = cli_check_region(*cat, &wl->region,
                              wl->region_origin == AIVM_ORIGIN_FILE ? &wl->region_loc : NULL);
        cli_msg_config_origin(NULL, NULL);
        if (rc)
            return rc;
    }
    rc = cli_avail_load(&o->avail, *cat, wl->region);
    if (rc)
        return rc;
    if (o->avail.n_regions)
        wl->region_assumed = true; /* judged per region of --regions, not by the region rule */
    rc = cli_sizing_settled(settled, &err, wl->sizing_in.from_file, o->workload_file);
    return rc ? rc : cli_work_check_model(wl, o->workload_file);
}

int cmd_recommend(int argc, char **argv)
{
    rec_opts o;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_workload_doc *doc = NULL;
    aivm_catalog *cat = NULL;
    aivm_rules *rules = NULL;
    aivm_advice *adv = NULL;
    const aivm_models *models = NULL;
    aivm_sizing sizing;
    aivm_warnings notes = AIVM_WARNINGS_INIT; /* the settling's, into the advice */
    aivm_request req = AIVM_REQUEST_INIT;
    aivm_price_provider prov;
    aivm_fetch_source fetch_src;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_loc *cfg_region = NULL;
    char today[11];
    bool answered = false;
    int rc;

    memset(&o, 0, sizeof o);
    o.flags = wl;
    o.top = 5;
    o.emit.eo.pick = 1;
    cli_price_opts_init(&o.prices);
    build_options();
    rc = parse(&o, argc, argv, &answered);
    if (rc == 0 && !answered)
        rc = build_workload(&wl, &doc, &models, &cfg_region, &o);
    if (rc || answered)
        goto done;
    cli_today(today);
    wl.today = o.date ? o.date : today;
    rc = load_context(&cat, &rules, &sizing, &notes, models, &wl, cfg_region, &o);
    if (rc)
        goto done;
    req.catalog = cat;
    req.rules = rules;
    req.workload = &wl;
    req.top = o.top;
    req.settled = &notes;
    cli_price_request(&req, &prov, &fetch_src, &o.prices);
    cli_avail_request(&req, &o.avail);
    if (aivm_recommend(&adv, &req, &err) < 0) {
        rc = cli_report_error(&err);
        goto done;
    }
    {
        const aivm_prices *stores[2] = {adv->store, adv->lists};
        cli_sources_prices(o.prices.mode, cat, &o.prices.fetch, stores, 2);
    }
    rc = render(adv, &o);
    if (rc == 0 && adv->n_ranked == 0 && !o.emit.emit)
        rc = CLI_EXIT_NO_FIT; /* the report says why; scripts see it in the status */
done:
    aivm_advice_free(adv);
    aivm_warnings_dispose(&notes);
    cli_price_opts_dispose(&o.prices);
    cli_avail_opts_dispose(&o.avail);
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
    aivm_workload_doc_free(doc);
    free(o.rules);
    return rc;
}
