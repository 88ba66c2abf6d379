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
#include "msg.h"
#include "opts.h"
#include "price_opts.h"
#include "sizing_opts.h"
#include "term.h"
#include "work_opts.h"

enum {
    O_PHASE = 256,
    O_KIND,
    O_MODEL_SIZE,
    O_WORKLOAD,
    O_REGION,
    O_OS,
    O_TOP,
    O_RETIRED,
    O_FORMAT,
    O_EXPLAIN,
    O_CATALOG,
    O_RULES,
    O_COLOR,
    O_DATE,
    O_NODES,
    O_SCHEDULER,
    O_MANAGED,
    O_CONTAINERS,
    O_SPOT,
    O_CHECKPOINTING
};

_Static_assert(CLI_O_SIZING + AIVM_SZ_COUNT <= CLI_O_PRICES,
               "option ids of sizing and prices overlap");

static const cli_opt options[] = {
    {O_PHASE, "phase", 0, "train|inference", "AI phase of the workload"},
    {O_KIND, "kind", 0, "generative|non-generative", "kind of AI workload"},
    {O_MODEL_SIZE, "model-size", 0, "small|complex", "model complexity (default complex)"},
    {O_WORKLOAD, "workload", 0, "FILE", "read the workload from a YAML/JSON file (flags win)"},
    {O_REGION, "region", 0, "NAME", "Azure region (default eastus)"},
    {O_OS, "os", 0, "linux|windows", "operating system (default linux)"},
    {O_TOP, "top", 0, "N", "show the N best sizes (default 5)"},
    {O_RETIRED, "include-retired", 0, NULL, "also rank retired sizes"},
    {O_NODES, "nodes", 0, "N", "VMs the job spans (default 1)"},
    {O_SCHEDULER, "scheduler", 0, "slurm|gridengine|pbs|none", "scheduler you run (default none)"},
    {O_MANAGED, "managed", 0, NULL, "built-in scheduling with nothing to install"},
    {O_CONTAINERS, "containers", 0, NULL, "the workload runs in containers"},
    {O_SPOT, "spot", 0, NULL, "ask for spot capacity (spot prices in the ranking)"},
    {O_CHECKPOINTING, "checkpointing", 0, NULL, "the job checkpoints and can resume"},
    {O_FORMAT, "format", 'f', "table|json|yaml|markdown|csv|html", "output format (default table)"},
    {O_EXPLAIN, "explain", 0, NULL, "show every rule per size and the rejected sizes"},
    {O_CATALOG, "catalog", 0, "FILE", "use this catalog instead of the shipped one"},
    {O_RULES, "rules", 0, "FILE", "add or override rules by id (repeatable)"},
    {O_COLOR, "color", 0, "auto|always|never", "colour the table (default auto; NO_COLOR)"},
    {O_DATE, "date", 0, "YYYY-MM-DD", "judge lifecycle as of this date (default today, UTC)"},
    CLI_SIZING_OPTIONS,
    CLI_WORK_OPTIONS,
    CLI_PRICE_RANK_OPTIONS,
    CLI_PRICE_FETCH_OPTIONS,
    CLI_AVAIL_SNAPSHOT_OPTIONS,
    CLI_AVAIL_REGIONS_OPTION,
    CLI_CONFIG_OPTIONS,
    {'q', "quiet", 'q', NULL, "no warnings or progress line on stderr"},
    {'h', "help", 'h', NULL, "show this help and exit"},
    {'V', "version", 'V', NULL, "show versions and exit"},
};

#define N_OPTIONS (sizeof options / sizeof options[0])

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
} rec_opts;

static void help(void)
{
    printf("Usage: aivm-advise [recommend] --phase PHASE --kind KIND [options]\n"
           "       aivm-advise recommend --workload FILE [options]\n\n"
           "Recommend Azure VM sizes for an AI workload, following Azure's compute\n"
           "guidance for AI workloads on IaaS (docs/cli.md).\n\nOptions:\n");
    cli_opts_help(stdout, options, N_OPTIONS);
    printf("\nExit status:\n"
           "  0  success\n"
           "  1  check: a finding at or above --fail-on\n"
           "  2  usage error (bad option or value)\n"
           "  3  invalid input (catalog, rules or workload file)\n"
           "  4  prices unavailable\n"
           "  5  output or internal error\n"
           "  6  no size fits the workload (the report says why)\n");
}

/* An enum flag's bad value: the parser's message ("invalid phase 'x'
 * (expected train or inference; did you mean ...?)") names the values; the
 * usage error names the flag. */
static int bad_value(const char *opt, const char *arg, const aivm_error *err)
{
    const char *tail = strstr(err->msg, " (expected ");
    return cli_usagef("invalid value '%s' for --%s%s", arg, opt, tail ? tail : "");
}

static int on_option(void *vctx, int id, const char *arg)
{
    rec_opts *o = vctx;
    aivm_error err = AIVM_ERROR_INIT;
    uint64_t n;
    switch (id) {
    case O_PHASE:
        if (aivm_phase_parse(&o->flags.phase, arg, &err) < 0)
            return bad_value("phase", arg, &err);
        o->flags.set |= AIVM_WL_PHASE;
        return 0;
    case O_KIND:
        if (aivm_kind_parse(&o->flags.kind, arg, &err) < 0)
            return bad_value("kind", arg, &err);
        o->flags.set |= AIVM_WL_KIND;
        return 0;
    case O_MODEL_SIZE:
        if (aivm_model_size_parse(&o->flags.model_size, arg, &err) < 0)
            return bad_value("model-size", arg, &err);
        o->flags.set |= AIVM_WL_MODEL_SIZE;
        return 0;
    case O_OS:
        if (aivm_os_parse(&o->flags.os, arg, &err) < 0)
            return bad_value("os", arg, &err);
        o->flags.set |= AIVM_WL_OS;
        return 0;
    case O_REGION:
        if (!cli_region_option(o->region, sizeof o->region, arg))
            return cli_usagef("invalid value '%s' for --region (expected an Azure region name "
                              "such as eastus)",
                              arg);
        o->flags.region = o->region;
        o->flags.set |= AIVM_WL_REGION;
        return 0;
    case O_RETIRED:
        o->flags.include_retired = true;
        o->flags.set |= AIVM_WL_INCLUDE_RETIRED;
        return 0;
    case O_WORKLOAD:
        o->workload_file = arg;
        return 0;
    case O_NODES:
        if (!aivm_parse_u64(&n, arg, AIVM_MAX_NODES) || n == 0)
            return cli_usagef("invalid value '%s' for --nodes (expected a whole number from 1 "
                              "to %u)",
                              arg, AIVM_MAX_NODES);
        o->flags.nodes = (unsigned)n;
        o->flags.set |= AIVM_WL_NODES;
        return 0;
    case O_SCHEDULER:
        if (aivm_scheduler_parse(&o->flags.scheduler, arg, &err) < 0)
            return bad_value("scheduler", arg, &err);
        o->flags.set |= AIVM_WL_SCHEDULER;
        return 0;
    case O_MANAGED:
        o->flags.managed = true;
        o->flags.set |= AIVM_WL_MANAGED;
        return 0;
    case O_CONTAINERS:
        o->flags.containers = true;
        o->flags.set |= AIVM_WL_CONTAINERS;
        return 0;
    case O_SPOT:
        o->flags.spot = true;
        o->flags.set |= AIVM_WL_SPOT;
        return 0;
    case O_CHECKPOINTING:
        o->flags.checkpointing = true;
        o->flags.set |= AIVM_WL_CHECKPOINTING;
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
        if (cli_avail_option(&o->avail, id, arg) >= 0)
            return 0;
        if (cli_is_work_option(id))
            return cli_work_option(&o->flags.work, id, arg);
        return cli_common_option(&o->prices, &o->flags.sizing_in, id, arg);
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
    int rc;
    ro.explain = o->explain;
    ro.color = o->format == 0 && cli_term_color(o->color);
    ro.width = cli_term_width();
    cli_stream_to_stdout(&out); /* a JSON report lists every rejected size */
    rc = renderers[o->format](&out, adv, &ro, &err);
    if (rc < 0) {
        aivm_buf_dispose(&out);
        return cli_report_error(&err);
    }
    aivm_buf_flush(&out);
    aivm_buf_dispose(&out);
    if (o->format != 1 && o->format != 2) /* JSON and YAML carry them in "warnings" */
        for (size_t i = 0; i < adv->n_warnings; i++)
            cli_warnf("%s", adv->warnings[i]);
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
    aivm_request req = AIVM_REQUEST_INIT;
    aivm_price_provider prov;
    aivm_fetch_source fetch_src;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_loc *cfg_region = NULL;
    char today[11];
    char kind_assumed[160] = ""; /* "no --kind: ...": a warning of the report */
    int first = 0;
    int rc;

    memset(&o, 0, sizeof o);
    o.flags = wl;
    o.top = 5;
    cli_price_opts_init(&o.prices);
    rc = cli_opts_parse(options, N_OPTIONS, argc, argv, on_option, &o, &first);
    if (rc)
        goto done;
    if (o.help) {
        help();
        goto done;
    }
    if (o.version) {
        cli_print_version();
        goto done;
    }
    if (first < argc) {
        rc = cli_usagef("unexpected argument '%s'", argv[first]);
        goto done;
    }
    rc = cli_price_opts_check(&o.prices);
    if (rc)
        goto done;
    cfg_region = cli_config_loc("region"); /* a default: a workload file's region wins */
    if (cfg_region)
        o.flags.set &= ~(uint32_t)AIVM_WL_REGION;
    if (o.workload_file && aivm_workload_load_file(&doc, &wl, o.workload_file, &err) < 0) {
        rc = cli_report_error(&err);
        goto done;
    }
    cli_workload_apply_flags(&wl, &o.flags);
    if (cfg_region && (wl.set & AIVM_WL_REGION))
        cfg_region = NULL;
    else if (cfg_region)
        wl.region = o.region;
    rc = check_combinations(&wl, &o.prices);
    if (rc == 0)
        rc = cli_work_check(&wl, o.prices.cost.sort, o.workload_file);
    if (rc)
        goto done;
    rc = cli_sizing_prepare(&models, &wl, kind_assumed, sizeof kind_assumed);
    if (rc)
        goto done;
    if (aivm_workload_finish(&wl, &err) < 0) {
        rc = o.workload_file ? (cli_errorf("%s: %s", o.workload_file, err.msg), CLI_EXIT_INPUT)
                             : cli_usagef("%s", err.msg);
        goto done;
    }
    cli_today(today);
    wl.today = o.date ? o.date : today;
    rc = cli_load_data(&cat, &rules, o.catalog, o.rules, o.n_rules);
    if (rc)
        goto done;
    cli_warn_stale(cat, wl.today);
    cli_msg_config_origin(cfg_region, "region"); /* a bad one is an error at its position */
    rc = cli_check_region(
        cat, &wl.region,
        (o.flags.set & AIVM_WL_REGION) || !(wl.set & AIVM_WL_REGION) ? NULL : &wl.region_loc);
    cli_msg_config_origin(NULL, NULL);
    if (rc)
        goto done;
    rc = cli_avail_load(&o.avail, cat, wl.region);
    if (rc)
        goto done;
    if (o.avail.n_regions)
        wl.region_assumed = true; /* judged per region of --regions, not by the region rule */
    rc = cli_sizing_resolve(&sizing, models, &wl, rules, o.workload_file);
    if (rc == 0)
        rc = cli_work_check_model(&wl, o.workload_file);
    if (rc)
        goto done;
    req.catalog = cat;
    req.rules = rules;
    req.workload = &wl;
    req.top = o.top;
    cli_price_request(&req, &prov, &fetch_src, &o.prices);
    cli_avail_request(&req, &o.avail);
    if (aivm_recommend(&adv, &req, &err) < 0) {
        rc = cli_report_error(&err);
        goto done;
    }
    if (kind_assumed[0])
        aivm_advice_add_warning(adv, "kind-assumed", kind_assumed);
    rc = render(adv, &o);
    if (rc == 0 && adv->n_ranked == 0)
        rc = CLI_EXIT_NO_FIT; /* the report says why; scripts see it in the status */
done:
    aivm_advice_free(adv);
    cli_price_opts_dispose(&o.prices);
    cli_avail_opts_dispose(&o.avail);
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
    aivm_workload_doc_free(doc);
    free(o.rules);
    return rc;
}
