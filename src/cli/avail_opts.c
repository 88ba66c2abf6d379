/*
 * avail_opts.c - the availability options: --quota [REGION=]FILE, --skus
 * FILE, --regions LIST; loading the snapshots and the step that judges an
 * advice with them (docs/availability.md).
 */
#include "avail_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_config.h"
#include "msg.h"
#include "price_opts.h"
#include "safe_file.h"
#include "term.h"

int cli_avail_option(cli_avail_opts *ao, int id, const char *arg)
{
    switch (id) {
    case CLI_O_QUOTA:
        cli_push_arg(&ao->quota, &ao->n_quota, arg);
        return 0;
    case CLI_O_SKUS:
        cli_push_arg(&ao->skus, &ao->n_skus, arg);
        return 0;
    case CLI_O_REGIONS:
        ao->regions = arg;
        return 0;
    default:
        return -1;
    }
}

bool cli_avail_active(const cli_avail_opts *ao)
{
    return ao->n_quota || ao->n_skus || ao->regions;
}

/* "westeurope=usage.json" -> region and path; a path without '=' (or whose
 * part before it is not a region) is the default region's. */
static int load_quota(cli_avail_opts *ao, const aivm_catalog *cat, const char *arg,
                      const char *default_region)
{
    aivm_error err = AIVM_ERROR_INIT;
    const char *eq = strchr(arg, '=');
    const char *path = arg, *region = default_region;
    char name[64];
    if (eq && (size_t)(eq - arg) < sizeof name) {
        const aivm_region *r;
        memcpy(name, arg, (size_t)(eq - arg));
        name[eq - arg] = '\0';
        r = aivm_catalog_region_count(cat) ? aivm_catalog_find_region(cat, name) : NULL;
        if (!r && aivm_catalog_region_count(cat)) {
            const char *one = name;
            int rc = cli_check_region(cat, &one, NULL); /* the did-you-mean */
            return rc ? rc : cli_usagef("unknown region '%s' in --quota", name);
        }
        region = r ? r->name : name;
        path = eq + 1;
    }
    if (!region)
        return cli_usagef("--quota %s: name its region (--quota REGION=FILE): the usage list "
                          "does not say which region it is of",
                          arg);
    cli_safe_file_input(path); /* no output replaces an input (safe_file.c) */
    if (aivm_avail_add_usage_file(ao->avail, region, path, &err) < 0)
        return cli_report_error(&err);
    return 0;
}

int cli_avail_load(cli_avail_opts *ao, const aivm_catalog *cat, const char *default_region)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (ao->regions) {
        const aivm_region **rs = NULL;
        size_t n = 0;
        if (aivm_catalog_region_count(cat) == 0)
            return cli_usagef("--regions needs a catalog that lists regions");
        if (aivm_catalog_regions_expand(&rs, &n, cat, ao->regions, &err) < 0) {
            /* a value of the configuration: the error at its position (exit 3) */
            cli_msg_config_origin(cli_config_loc("regions"), "regions");
            return cli_usagef("invalid value '%s' for --regions: %s", ao->regions, err.msg);
        }
        ao->region_names = aivm_xcalloc(n, sizeof *ao->region_names);
        for (size_t i = 0; i < n; i++)
            ao->region_names[i] = rs[i]->name;
        ao->n_regions = n;
        free((void *)rs);
        for (size_t i = 1; default_region && i < n; i++) /* your own region wins ties */
            if (strcmp(ao->region_names[i], default_region) == 0) {
                memmove(&ao->region_names[1], &ao->region_names[0], i * sizeof(char *));
                ao->region_names[0] = default_region;
            }
    }
    if (!ao->n_quota && !ao->n_skus)
        return 0;
    ao->avail = aivm_avail_new();
    for (size_t i = 0; i < ao->n_quota; i++) {
        int rc = load_quota(ao, cat, ao->quota[i], default_region);
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < ao->n_skus; i++)
        cli_safe_file_input(ao->skus[i]);
    for (size_t i = 0; i < ao->n_skus; i++)
        if (aivm_avail_add_skus_file(ao->avail, ao->skus[i], &err) < 0)
            return cli_report_error(&err);
    return 0;
}

void cli_avail_request(aivm_request *req, const cli_avail_opts *ao)
{
    req->avail = ao->avail;
    req->regions = ao->region_names;
    req->n_regions = ao->n_regions;
}

void cli_avail_opts_dispose(cli_avail_opts *ao)
{
    free(ao->quota);
    free(ao->skus);
    free((void *)ao->region_names);
    aivm_avail_free(ao->avail);
}
