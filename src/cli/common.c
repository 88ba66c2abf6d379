/*
 * common.c - what the commands share: data loading (catalog and rules),
 * today's date and --date, repeated option values, the version block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "aivm/aivm.h"
#include "aivm/prices.h"
#include "aivm/util.h"
#include "cli.h"
#include "msg.h"
#include "price_opts.h"
#include "sizing_opts.h"

void cli_print_version(void)
{
    const aivm_catalog *cat = aivm_catalog_builtin();
    const char *curl;
    printf("aivm-advise %s\n", AIVM_VERSION_STRING);
    printf("catalog %s (as of %s), %zu sizes\n", aivm_catalog_version(cat), aivm_catalog_as_of(cat),
           aivm_catalog_size_count(cat));
    const char *yaml = aivm_yaml_version(), *cjson = aivm_cjson_version();
    curl = aivm_prices_curl_version(); /* loads the libraries: fine for --version */
    printf("libyaml %s, cJSON %s, libcurl %s\n", yaml ? yaml : "(not available)",
           cjson ? cjson : "(not available)", curl ? curl : "(not available)");
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

void cli_today(char *out)
{
    aivm_utc_format(out, (long long)time(NULL), false);
}

int cli_load_data(aivm_catalog **cat, aivm_rules **rules, const char *catalog_path,
                  const char *const *rule_files, size_t n_rule_files)
{
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    *cat = NULL;
    *rules = NULL;
    if (catalog_path) {
        rc = aivm_catalog_load_file(cat, catalog_path, &err);
    } else {
        *cat = aivm_catalog_builtin(); /* compiled in: no parse */
        rc = 0;
    }
    if (rc < 0)
        return cli_report_error(&err);
    aivm_rules_new(rules);
    rc = aivm_rules_load_builtin(*rules, &err); /* compiled in: no parse */
    for (size_t i = 0; rc == 0 && i < n_rule_files; i++)
        rc = aivm_rules_load_file(*rules, rule_files[i], &err);
    if (rc == 0) /* ids that image/orchestrator/container rules select */
        rc = aivm_rules_check_targets(*rules, *cat, &err);
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
    aivm_names_list(list, sizeof list, names, n);
    return cli_usagef("invalid value '%s' for --%s (expected %s)", arg, opt, list);
}

int cli_common_option(cli_price_opts *po, aivm_sizing_input *sizing, int id, const char *arg)
{
    int rc;
    if (sizing && id >= CLI_O_SIZING && id < CLI_O_SIZING + AIVM_SZ_COUNT)
        return cli_sizing_option(sizing, id, arg);
    rc = po ? cli_price_option(po, id, arg) : -1;
    return rc >= 0 ? rc : cli_usagef("unhandled option");
}
