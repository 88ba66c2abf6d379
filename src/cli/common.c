/*
 * common.c - what the commands share: data loading (catalog and rules),
 * the run's clock (AIVM_NOW) and --date, repeated option values, the version block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aivm/aivm.h"
#include "aivm/prices.h"
#include "aivm/util.h"
#include "cli.h"
#include "cli_config.h"
#include "input_opts.h"
#include "msg.h"
#include "price_opts.h"
#include "safe_file.h"
#include "sizing_opts.h"
#include "sources.h"

void cli_print_version_as(bool json)
{
    const aivm_catalog *cat = aivm_catalog_builtin();
    aivm_version_info v = {AIVM_VERSION_STRING,       aivm_catalog_version(cat),
                           aivm_catalog_as_of(cat),   aivm_catalog_size_count(cat),
                           aivm_yaml_version(),       aivm_cjson_version(),
                           aivm_prices_curl_version()}; /* loads libcurl: fine for --version */
    aivm_buf b = AIVM_BUF_INIT;
    aivm_report_version(&b, &v, json);
    cli_out_write(b.ptr, b.size);
    aivm_buf_dispose(&b);
}

void cli_print_version(void)
{
    cli_print_version_as(false);
}

void cli_push_arg(const char ***list, size_t *n, const char *arg)
{
    const char **l = realloc((void *)*list, (*n + 1) * sizeof *l);
    if (!l)
        abort();
    l[(*n)++] = arg;
    *list = l;
}

int cli_date_option(const char **out, const char *arg)
{
    if (!aivm_is_date(arg))
        return cli_usagef("invalid value '%s' for --date (expected a date YYYY-MM-DD)", arg);
    *out = arg;
    return 0;
}

static long long clock_now = -1; /* settled by cli_clock_init() */

int cli_clock_init(void)
{
    const char *pin = getenv("AIVM_NOW");
    if (pin && pin[0]) {
        /* 0 is the library's "now unset" (the wall clock): an instant after it */
        if (!aivm_parse_instant(&clock_now, pin) || clock_now <= 0)
            return cli_usagef("invalid value '%s' for AIVM_NOW (expected YYYY-MM-DD, "
                              "YYYY-MM-DDTHH:MM:SSZ or @SECONDS, after 1970-01-01T00:00:00Z)",
                              pin);
        return 0;
    }
    clock_now = aivm_clock_wall();
    return 0;
}

long long cli_now(void)
{
    if (clock_now < 0)
        clock_now = aivm_clock_wall(); /* a path that ran before main's init (tests) */
    return clock_now;
}

void cli_today(char *out)
{
    aivm_utc_format(out, cli_now(), false);
}

bool cli_overlay_path(char *out, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/') /* a relative one is invalid (XDG base directory spec) */
        n = snprintf(out, cap, "%s/aivm-advise/%s", xdg, CLI_OVERLAY_FILE);
    else if (home && home[0])
        n = snprintf(out, cap, "%s/.local/share/aivm-advise/%s", home, CLI_OVERLAY_FILE);
    else
        return false;
    return n > 0 && (size_t)n < cap;
}

int cli_load_catalog(aivm_catalog **cat, const char *catalog_path)
{
    aivm_error err = AIVM_ERROR_INIT;
    char path[4096];
    int rc = 0;
    *cat = NULL;
    if (catalog_path) /* --catalog replaces the built-in catalog and the overlay alike */
        rc = aivm_catalog_load_file(cat, catalog_path, &err);
    else if (cli_overlay_path(path, sizeof path) && access(path, F_OK) == 0 &&
             cli_found_file_trusted(path, "the catalog overlay",
                                    "'aivm-advise catalog refresh --reset' removes it"))
        rc = aivm_catalog_overlay_file(cat, aivm_catalog_builtin(), path, &err);
    else
        *cat = aivm_catalog_builtin(); /* compiled in: no parse */
    if (rc == 0)
        cli_sources_catalog(*cat, catalog_path);
    if (rc < 0) {
        rc = cli_report_error(&err);
        if (!catalog_path)
            cli_errorf("the overlay comes from 'aivm-advise catalog refresh'; "
                       "'aivm-advise catalog refresh --reset' removes it");
    }
    return rc;
}

void cli_warn_stale(const aivm_catalog *cat, const char *today)
{
    aivm_buf b = AIVM_BUF_INIT;
    if (aivm_catalog_stale_warning(&b, cat, today))
        cli_warnf("%s", b.ptr);
    aivm_buf_dispose(&b);
}

int cli_load_data(aivm_catalog **cat, aivm_rules **rules, const char *catalog_path,
                  const char *const *rule_files, size_t n_rule_files)
{
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    *rules = NULL;
    cli_safe_file_input(catalog_path); /* no output replaces an input (safe_file.c) */
    for (size_t i = 0; i < n_rule_files; i++)
        cli_safe_file_input(rule_files[i]);
    rc = cli_load_catalog(cat, catalog_path);
    if (rc)
        return rc;
    aivm_rules_new(rules);
    rc = aivm_rules_load_builtin(*rules, &err); /* compiled in: no parse */
    for (size_t i = 0; rc == 0 && i < n_rule_files; i++)
        rc = aivm_rules_load_file(*rules, rule_files[i], &err);
    if (rc == 0) /* ids that image/orchestrator/container rules select */
        rc = aivm_rules_check_targets(*rules, *cat, &err);
    if (rc == 0) {
        cli_sources_note("rules", "built-in", NULL, NULL);
        for (size_t i = 0; i < n_rule_files; i++)
            cli_sources_note("rules", "file", rule_files[i], NULL);
    }
    if (rc < 0) {
        aivm_catalog_free(*cat);
        aivm_rules_free(*rules);
        *cat = NULL;
        *rules = NULL;
        return cli_report_error(&err);
    }
    return 0;
}

int cli_enum_option(int *out, const char *opt, const char *arg, const char *const *names, size_t n)
{
    char list[256];
    int i = aivm_name_index(arg, names, n);
    if (i >= 0) {
        *out = i;
        return 0;
    }
    aivm_names_expected(list, sizeof list, arg, names, n);
    return cli_usagef("invalid value '%s' for --%s (expected %s)", arg, opt, list);
}

int cli_common_option(cli_price_opts *po, aivm_workload *flags, int id, const char *arg)
{
    int rc;
    if (flags && cli_is_input_option(id))
        return cli_input_option(flags, id, arg);
    rc = po ? cli_price_option(po, id, arg) : -1;
    return rc >= 0 ? rc : cli_usagef("unhandled option");
}

int cli_check_region(const aivm_catalog *cat, const char **region, const aivm_loc *from_file)
{
    const aivm_region *r;
    const char **names;
    const char *guess;
    char hint[160];
    size_t n = aivm_catalog_region_count(cat);
    if (!*region || n == 0) /* a catalog without a region list accepts any name */
        return 0;
    r = aivm_catalog_find_region(cat, *region);
    if (r) {
        *region = r->name; /* "West Europe" -> "westeurope" */
        return 0;
    }
    names = aivm_xcalloc(n, sizeof *names);
    for (size_t i = 0; i < n; i++)
        names[i] = aivm_catalog_region_at(cat, i)->name;
    guess = aivm_did_you_mean(*region, names, n);
    if (guess)
        snprintf(hint, sizeof hint, "did you mean %s?", guess);
    else
        snprintf(hint, sizeof hint, "not an Azure public region of the catalog's list");
    free((void *)names);
    if (from_file) { /* the workload file's key, at its position when known */
        aivm_error err = AIVM_ERROR_INIT;
        aivm_error_set(&err, AIVM_EINVALID, from_file,
                       "key 'region' in the workload: unknown region '%s' (%s)", *region, hint);
        return cli_report_error(&err);
    }
    return cli_usagef("unknown region '%s' (%s)", *region, hint);
}

bool cli_region_option(char *out, size_t cap, const char *arg)
{
    size_t k = 0;
    for (; *arg; arg++) {
        char c = aivm_ascii_lower(*arg);
        if (c == ' ')
            continue;
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) || k + 1 >= cap)
            return false;
        out[k++] = c;
    }
    out[k] = '\0';
    return k > 0;
}
