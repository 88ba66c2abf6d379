/*
 * cmd_check.c - `aivm-advise check [options] FILE...`: read Terraform plan
 * JSON, ARM templates or aivm plan files (`-` is stdin), check every planned
 * VM against its AI workload with the shipped rules, apply waivers, and
 * write text, JSON, SARIF, JUnit or GitHub annotations to stdout. The exit
 * status follows --fail-on (docs/check.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aivm/aivm.h"
#include "aivm/check.h"
#include "aivm/plan.h"
#include "aivm/sizing.h"
#include "aivm/util.h"
#include "avail_opts.h"
#include "check_out.h"
#include "check_source.h"
#include "cli.h"
#include "cli_config.h"
#include "input_opts.h"
#include "msg.h"
#include "opts.h"
#include "price_opts.h"
#include "safe_file.h"
#include "sizing_opts.h"
#include "sources.h"
#include "term.h"
#include "work_opts.h"

#define DEFAULT_WAIVERS ".aivm-waivers.yaml"

enum {
    O_INPUT = 256,
    O_WORKLOAD,
    O_WAIVERS,
    O_FORMAT,
    O_FAIL_ON,
    O_CATALOG,
    O_RULES,
    O_COLOR,
    O_DATE,
    O_OUTPUT,
    O_REQUIRE_LIVE,
    O_BASE,
    O_FAIL_ON_NEW,
    O_SOURCE
};

/* The options before the workload inputs (input_opts.h: defaults under the
 * plan's aivm-* tags) and after them. */
static const cli_opt head[] = {
    {O_INPUT, "input", 0, "terraform|arm|plan", "input format (default: detected per file)"},
    {O_WORKLOAD, "workload", 0, "FILE", "workload for every resource (aivm-* tags win)"},
    {O_WAIVERS, "waivers", 0, "FILE", "waivers file (default " DEFAULT_WAIVERS " if present)"},
    {O_FORMAT, "format", 'f', "FORMAT", "format of the report on stdout (default text)"},
    {O_OUTPUT, "output", 'o', "FORMAT=FILE",
     "also write the report in FORMAT to FILE (repeatable)"},
    {O_FAIL_ON, "fail-on", 0, "error|warning|note|never",
     "exit 1 when an unwaived finding at or above this remains (default error)"},
    {O_BASE, "base", 0, "FILE",
     "compare with the base branch's plan: findings new, unchanged or fixed, cost change"},
    {O_FAIL_ON_NEW, "fail-on-new", 0, NULL,
     "with --base: exit 1 only for new findings at or above --fail-on"},
    {O_SOURCE, "source", 0, "DIR",
     "find findings' .tf lines here (repeatable, comma list; default: plan dirs and .)"},
    {O_CATALOG, "catalog", 0, "FILE", "use this catalog instead of the shipped one"},
    {O_RULES, "rules", 0, "FILE", "add or override rules by id (repeatable)"},
    {O_COLOR, "color", 0, "auto|always|never", "colour the text report (default auto; NO_COLOR)"},
    {O_DATE, "date", 0, "YYYY-MM-DD", "today for lifecycle and waiver expiry (default: UTC)"},
};
static const cli_opt tail[] = {
    {CLI_O_PRICES, "prices", 0, "off|catalog|cached|live",
     "where the cost summary's prices come from (default catalog)"},
    {CLI_O_ALLOW_PARTIAL, "allow-partial", 0, NULL,
     "live: fall back to catalog prices with a warning (the default)"},
    {O_REQUIRE_LIVE, "require-live-prices", 0, NULL,
     "live: exit 4 when a live price cannot be had"},
    CLI_PRICE_FETCH_OPTIONS,
    CLI_AVAIL_SNAPSHOT_OPTIONS,
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
    n_options = cli_input_table(options, head, N_HEAD, AIVM_IW_CHECK, tail, N_TAIL);
}

typedef struct {
    aivm_plan_format input;
    const char *workload, *waivers, *catalog, *date;
    const char *base; /* --base: the base plan */
    const char **rules;
    size_t n_rules;
    size_t format; /* row of cli_check_formats() */
    cli_check_output *outputs;
    size_t n_outputs;
    aivm_workload flags; /* --phase, --kind, --params, ...: defaults under the aivm-* tags */
    bool help;
    bool require_live;    /* --require-live-prices */
    aivm_check_gate gate; /* --fail-on, --fail-on-new: the library judges the report by it */
    cli_color_mode color;
    cli_price_opts prices;
    cli_avail_opts avail; /* --quota, --skus */
    char **sources;       /* --source */
    size_t n_sources;
} chk_opts;

static void help(void)
{
    char list[256];
    printf("Usage: aivm-advise check [options] [--] FILE...\n\n"
           "Check the VMs planned in Terraform plan JSON (terraform show -json), ARM\n"
           "templates or aivm plan files against their AI workload, with the rules\n"
           "recommend ranks with (docs/check.md, docs/rules.md). FILE '-' reads stdin.\n"
           "After '--' every argument is a file (a file named like an option goes there).\n"
           "The workload options (--phase ... --max-tpot-ms) are defaults for every\n"
           "resource; a resource's aivm-* tags win over them.\n\n"
           "Options:\n");
    cli_opts_help(stdout, options, n_options);
    cli_check_formats_list(list, sizeof list);
    printf("\nFormats (--format, --output): %s.\n", list);
    printf("\nExit status:\n"
           "  0  no unwaived finding at or above --fail-on (with --fail-on-new: no new one)\n"
           "  1  an unwaived finding at or above --fail-on (with --fail-on-new: a new one)\n"
           "  2  usage error (bad option or value)\n"
           "  3  unreadable or invalid input (plan, --base plan, workload, waivers, catalog,\n"
           "     rules or a --source directory)\n"
           "  4  --prices live --require-live-prices: prices unavailable\n"
           "  5  output or internal error\n");
}

static int on_option(void *vctx, int id, const char *arg)
{
    static const char *const levels[] = {"error", "warning", "note", "never", NULL};
    chk_opts *o = vctx;
    aivm_error err = AIVM_ERROR_INIT;
    int x = 0, rc;
    switch (id) {
    case O_INPUT:
        if (aivm_plan_format_parse(&o->input, arg, &err) < 0)
            return cli_usagef("%s for --input", err.msg);
        return 0;
    case O_WORKLOAD:
        o->workload = arg;
        return 0;
    case O_WAIVERS:
        o->waivers = arg;
        return 0;
    case O_FORMAT:
        return cli_check_format_option(&o->format, arg);
    case O_OUTPUT:
        return cli_check_output_option(&o->outputs, &o->n_outputs, arg);
    case O_FAIL_ON:
        rc = cli_enum_option(&x, "fail-on", arg, levels, sizeof levels / sizeof levels[0] - 1);
        o->gate.never = x == 3;
        o->gate.level = x == 3 ? AIVM_SEV_ERROR : (aivm_severity)(AIVM_SEV_ERROR - x);
        return rc;
    case O_SOURCE:
        return cli_source_option(&o->sources, &o->n_sources, arg);
    case O_CATALOG:
        o->catalog = arg;
        return 0;
    case O_BASE:
        o->base = arg;
        return 0;
    case O_FAIL_ON_NEW:
        o->gate.new_only = true;
        return 0;
    case O_RULES:
        cli_push_arg(&o->rules, &o->n_rules, arg);
        return 0;
    case O_COLOR:
        return cli_color_option(&o->color, arg);
    case O_DATE:
        return cli_date_option(&o->date, arg);
    case O_REQUIRE_LIVE:
        o->require_live = true;
        return 0;
    case 'V': /* main() answers -V before the command runs */
        return 0;
    case 'q':
        cli_quiet = true;
        return 0;
    case 'h':
        o->help = true;
        return 0;
    default:
        if (cli_avail_option(&o->avail, id, arg) >= 0)
            return 0;
        return cli_common_option(&o->prices, &o->flags, id, arg);
    }
}

/* The one location of the plan (a --quota without REGION= is its snapshot),
 * or NULL when the plan names none or several. */
static const char *plan_region(const aivm_plan *plan, const aivm_catalog *cat)
{
    const char *one = NULL;
    for (size_t i = 0; i < aivm_plan_count(plan); i++) {
        const char *r = aivm_plan_at(plan, i)->region;
        const aivm_region *reg = r ? aivm_catalog_find_region(cat, r) : NULL;
        if (reg)
            r = reg->name;
        if (!r)
            continue;
        if (one && strcmp(one, r) != 0)
            return NULL;
        one = r;
    }
    return one;
}

/* The report on stdout, then in each --output file. Returns 0 or an exit code. */
static int render(const aivm_check_report *rep, const chk_opts *o)
{
    aivm_check_render_opts ro = AIVM_CHECK_RENDER_OPTS_INIT;
    char cwd[4096];
    size_t n;
    int rc;
    ro.color = cli_check_formats(&n)[o->format].color && cli_term_color(o->color);
    ro.srcroot = getcwd(cwd, sizeof cwd); /* SARIF paths are relative to it; NULL if unknown */
    rc = cli_check_write_stdout(o->format, rep, &ro);
    if (rc == 0)
        rc = cli_check_write_files(o->outputs, o->n_outputs, rep, &ro);
    if (rc == 0 && rep->verdict == AIVM_VERDICT_FAIL) /* judged by the library */
        rc = CLI_EXIT_FINDINGS;
    return rc;
}

/* The waivers file of the run: --waivers, else DEFAULT_WAIVERS when it exists. */
static const char *waivers_path(const chk_opts *o)
{
    return o->waivers ? o->waivers : access(DEFAULT_WAIVERS, F_OK) == 0 ? DEFAULT_WAIVERS : NULL;
}

/* Load --workload and the waivers file; returns 0 or an exit code. */
static int load_inputs(aivm_workload *wl, aivm_workload_doc **doc, aivm_waivers **waivers,
                       const chk_opts *o)
{
    aivm_error err = AIVM_ERROR_INIT;
    const char *wf = waivers_path(o);
    if (o->workload && aivm_workload_load_file(doc, wl, o->workload, &err) < 0)
        return cli_report_error(&err);
    if (!o->waivers && wf) {
        if (!cli_config_inside_cwd(DEFAULT_WAIVERS)) {
            cli_errorf("'%s' is a symbolic link leading outside the working directory: not read "
                       "(a committed link could make an error quote a secret); name it with "
                       "--waivers to read it anyway",
                       DEFAULT_WAIVERS);
            return CLI_EXIT_INPUT;
        }
    }
    if (wf && aivm_waivers_load_file(waivers, wf, &err) < 0)
        return cli_report_error(&err);
    return 0;
}

/* --base: read the base plan (exit 3 naming --base when it cannot be). */
static int read_base(aivm_plan **base_plan, const chk_opts *o)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_new(base_plan);
    if (aivm_plan_read_file(*base_plan, NULL, o->base, o->input, &err) < 0) {
        char msg[sizeof err.msg + 16]; /* say which input: the base, not the plan */
        size_t n = (size_t)snprintf(msg, sizeof msg, "--base: %s", err.msg);
        n = n < sizeof err.msg ? n : sizeof err.msg - 1;
        memcpy(err.msg, msg, n);
        err.msg[n] = '\0';
        return cli_report_error(&err);
    }
    return 0;
}

/* Parse the options and check how they combine; returns 0 or an exit code. */
static int parse_args(chk_opts *o, int argc, char **argv, int *first)
{
    aivm_workload init = AIVM_WORKLOAD_INIT;
    int rc;
    memset(o, 0, sizeof *o);
    o->flags = init;
    o->gate.level = AIVM_SEV_ERROR;
    cli_price_opts_init(&o->prices);
    build_options();
    rc = cli_opts_parse_files(options, n_options, argc, argv, on_option, o, first);
    if (rc == 0 && !o->help)
        rc = cli_price_opts_check(&o->prices);
    if (rc == 0 && !o->help && o->require_live && o->prices.mode != AIVM_PRICES_LIVE)
        rc = cli_usagef("--require-live-prices applies to --prices live only");
    if (rc == 0 && !o->help && o->gate.new_only && !o->base)
        rc = cli_usagef("--fail-on-new needs --base (the base branch's plan)");
    return rc;
}

/* Note the run's inputs, so that no output replaces one (safe_file.c): the
 * plans, the base, the workload, the waivers file (named, or the default one
 * the run reads), the catalog and rules files; then refuse an --output that
 * is one before any work. */
static int outputs_not_inputs(const chk_opts *o, const char *const *files, size_t n)
{
    const char *others[4] = {o->base, o->workload, waivers_path(o), o->catalog};
    int rc = 0;
    for (size_t i = 0; i < n; i++)
        cli_safe_file_input(files[i]);
    for (size_t i = 0; i < 4; i++)
        cli_safe_file_input(others[i]);
    for (size_t i = 0; i < o->n_rules; i++)
        cli_safe_file_input(o->rules[i]);
    for (size_t i = 0; rc == 0 && i < o->n_outputs; i++)
        rc = cli_safe_file_allowed(o->outputs[i].path);
    return rc;
}

/* Read every input file into one plan; returns 0 or an exit code. */
static int read_plan(aivm_plan **plan, char *const *files, size_t n, aivm_plan_format input)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_new(plan);
    for (size_t i = 0; i < n; i++)
        if (aivm_plan_read_file(*plan, NULL, files[i], input, &err) < 0)
            return cli_report_error(&err);
    return 0;
}

/* The library's options: the model presets, today (into `today`, 11 bytes),
 * the workload the tags settle over (`wl`: --workload under the flags), the
 * waivers and the --quota/--skus snapshots. Returns 0 or an exit code. */
static int settle_check_opts(aivm_check_opts *co, char *today, aivm_workload *wl, chk_opts *o,
                             const aivm_catalog *cat, const aivm_plan *plan,
                             const aivm_waivers *waivers)
{
    const aivm_models *models = NULL;
    int rc;
    /* --model: an unknown preset is a usage error with a did-you-mean (and the
     * preset gives the kind), as in recommend */
    rc = cli_sizing_prepare(&models, &o->flags, NULL);
    if (rc)
        return rc;
    if (!models)
        models = cli_models(); /* model-memory sizing is always on in check */
    cli_today(today);
    co->today = o->date ? o->date : today;
    co->models = models;
    aivm_workload_overlay(wl, &o->flags); /* flags win over --workload */
    co->workload = o->workload || wl->set || wl->sizing_in.set || wl->work.set ? wl : NULL;
    co->waivers = waivers;
    rc = cli_avail_load(&o->avail, cat, plan_region(plan, cat));
    if (rc)
        return rc;
    co->avail = o->avail.avail;
    co->gate = &o->gate;
    return 0;
}

/* Free what parse_args() and the option handlers allocated. */
static void chk_opts_dispose(chk_opts *o)
{
    for (size_t i = 0; i < o->n_sources; i++)
        free(o->sources[i]);
    free(o->sources);
    cli_price_opts_dispose(&o->prices);
    cli_avail_opts_dispose(&o->avail);
    free(o->rules);
    free(o->outputs);
}

int cmd_check(int argc, char **argv)
{
    chk_opts o;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_workload_doc *doc = NULL;
    aivm_waivers *waivers = NULL;
    aivm_catalog *cat = NULL;
    aivm_rules *rules = NULL;
    aivm_plan *plan = NULL, *base_plan = NULL;
    aivm_check_report *rep = NULL;
    aivm_prices *store = NULL;
    aivm_tf_source *tf = NULL;
    aivm_check_opts co = AIVM_CHECK_OPTS_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    char today[11];
    int first = 0;
    int rc;

    rc = parse_args(&o, argc, argv, &first);
    if (rc)
        goto done;
    if (o.help) {
        help();
        goto done;
    }
    if (first >= argc) {
        rc = cli_usagef("check needs at least one input FILE ('-' for stdin)");
        goto done;
    }
    rc = outputs_not_inputs(&o, (const char *const *)(argv + first), (size_t)(argc - first));
    if (rc == 0)
        rc = cli_load_data(&cat, &rules, o.catalog, o.rules, o.n_rules);
    if (rc == 0)
        rc = load_inputs(&wl, &doc, &waivers, &o);
    if (rc == 0)
        rc = read_plan(&plan, argv + first, (size_t)(argc - first), o.input);
    if (rc == 0)
        rc = settle_check_opts(&co, today, &wl, &o, cat, plan, waivers);
    if (rc)
        goto done;
    if (o.base)
        rc = read_base(&base_plan, &o);
    if (rc == 0)
        rc = cli_check_source_load(&tf, o.sources, o.n_sources, argv + first,
                                   (size_t)(argc - first));
    if (rc)
        goto done;
    if (o.prices.mode == AIVM_PRICES_LIVE && !cli_quiet && cli_term_stderr_tty())
        o.prices.fetch.progress = cli_price_progress;
    {
        /* the one library call: checked, priced, compared with the base, located */
        aivm_check_request req = {plan, base_plan, tf, {o.prices.mode, &o.prices.fetch, false}};
        req.pricing.require_live = o.require_live;
        if (aivm_check(&rep, &store, &req, cat, rules, &co, &err) < 0) {
            rc = cli_report_error(&err);
            goto done;
        }
    }
    {
        const aivm_prices *stores[1] = {store};
        cli_sources_prices(o.prices.mode, cat, &o.prices.fetch, stores, 1);
    }
    if (rc == 0) {
        aivm_warnings cli_notes = AIVM_WARNINGS_INIT;
        cli_run_warnings_take(&cli_notes); /* the CLI's (files not read) are the run's too */
        for (size_t i = 0; i < cli_notes.n; i++)
            aivm_check_report_add_warning(rep, cli_notes.ids[i], cli_notes.text[i]);
        aivm_warnings_dispose(&cli_notes);
        for (size_t i = 0; i < rep->warnings.n; i++) /* the report's list, on stderr too */
            cli_warnf("%s", rep->warnings.text[i]);
        rc = render(rep, &o);
    }
done:
    aivm_check_report_free(rep); /* and its base's, which borrows base_plan */
    aivm_tf_source_free(tf);
    aivm_prices_free(store);
    chk_opts_dispose(&o);
    aivm_plan_free(base_plan);
    aivm_plan_free(plan);
    aivm_waivers_free(waivers);
    aivm_workload_doc_free(doc);
    aivm_rules_free(rules);
    aivm_catalog_free(cat);
    return rc;
}
