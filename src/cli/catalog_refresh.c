/*
 * catalog_refresh.c - `aivm-advise catalog refresh` and `catalog diff`: the
 * local overlay of the catalog (docs/catalog-format.md, "The local
 * overlay"). refresh reads `az vm list-skus` snapshots and the region-wide
 * price lists, cached by `prices fetch --regions` or fetched now
 * (--prices live, through the same client and cache), has the library
 * compare them with the built-in catalog, and writes the overlay
 * atomically under $XDG_DATA_HOME/aivm-advise/; --reset removes it. diff
 * lists what the overlay adds, changes and disputes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "aivm/aivm.h"
#include "aivm/prices.h"
#include "aivm/refresh.h"
#include "catalog_refresh.h"
#include "cli.h"
#include "msg.h"
#include "price_opts.h"
#include "prices_regions.h"
#include "safe_file.h"
#include "sources.h"
#include "term.h"

/* mkdir -p of the overlay's directory (the path up to its last '/'). */
static int make_dirs(const char *file)
{
    char d[4096];
    size_t n = strlen(file);
    if (n >= sizeof d)
        return -1;
    memcpy(d, file, n + 1);
    for (char *p = d + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(d, 0777) < 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

static int reset(const char *path)
{
    if (remove(path) < 0 && errno != ENOENT) {
        cli_errorf("cannot remove '%s': %s", path, strerror(errno));
        return CLI_EXIT_INTERNAL;
    }
    cli_outf("overlay %s removed: the built-in catalog alone is used\n", path);
    return 0;
}

/* The overlay, as every file the CLI writes (safe_file.c). */
static int write_overlay(const char *path, const aivm_buf *doc)
{
    aivm_buf out = AIVM_BUF_INIT;
    cli_safe_file f;
    int rc;
    if (make_dirs(path) < 0) {
        cli_errorf("cannot write '%s': %s", path, strerror(errno));
        return CLI_EXIT_INTERNAL;
    }
    rc = cli_safe_file_open(&f, &out, path, 0);
    if (rc) {
        aivm_buf_dispose(&out);
        return rc;
    }
    aivm_buf_put(&out, doc->ptr, doc->size);
    return cli_safe_file_close(&f, &out, 0);
}

/* The --regions price lists: read from the cache, or (--prices live) as
 * `prices fetch --regions` gets them: fresh cache entries kept, the rest
 * fetched and cached, a line per region and the summary; a region that
 * cannot be had stops the refresh (exit 4) before anything is written. */
static int get_lists(aivm_prices **lists, const cli_refresh_opts *o, char **regions, size_t n)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_fetch_opts f = o->fetch;
    aivm_prices_mode mode = o->live ? AIVM_PRICES_LIVE : AIVM_PRICES_CACHED;
    int rc;
    if (o->live && !cli_quiet && cli_term_stderr_tty())
        f.progress = cli_price_progress;
    if (aivm_prices_get_regions(lists, mode, (const char *const *)regions, n, &f, &err) < 0)
        return cli_report_error(&err);
    cli_sources_prices(mode, NULL, &o->fetch, (const aivm_prices *const *)lists, 1);
    if (!o->live)
        return 0;
    for (size_t i = 0; i < aivm_prices_warning_count(*lists); i++)
        cli_warnf("%s", aivm_prices_warning(*lists, i));
    rc = cli_prices_fetch_report(*lists, n, true, o->fetch.cache_dir, false, NULL);
    if (rc)
        cli_errorf("catalog refresh stopped: the overlay is left as it was");
    return rc;
}

/* What the refresh read, named for the overlay's sources. */
typedef struct {
    const char **v;
    size_t n;
    char **owned; /* the names made here */
    size_t n_owned;
} input_list;

static void inputs_add(input_list *l, const char *name, bool own)
{
    if (own) {
        l->owned = aivm_xrealloc(l->owned, (l->n_owned + 1) * sizeof *l->owned);
        name = l->owned[l->n_owned++] = aivm_xstrdup(name);
    }
    l->v = aivm_xrealloc((void *)l->v, (l->n + 1) * sizeof *l->v);
    l->v[l->n++] = name;
}

static void inputs_dispose(input_list *l)
{
    for (size_t i = 0; i < l->n_owned; i++)
        free(l->owned[i]);
    free(l->owned);
    free((void *)l->v);
}

/* Make `day` (16 bytes) the later of itself and `cand` (a YYYY-MM-DD prefix). */
static void later_day(char *day, const char *cand)
{
    char d[16];
    snprintf(d, sizeof d, "%.10s", cand ? cand : "");
    if (aivm_is_date(d) && (!day[0] || strcmp(d, day) > 0))
        snprintf(day, 16, "%s", d);
}

/* The day (UTC) `path` was last written: the only date an `az vm list-skus`
 * snapshot carries. Left as is when it cannot be read. */
static void file_day(char *day, const char *path)
{
    struct stat st;
    char d[16];
    if (stat(path, &st) == 0) {
        aivm_utc_format(d, (long long)st.st_mtime, false); /* a file's date, not the clock */
        later_day(day, d);
    }
}

/* The combinations a refresh refuses (exit 2), --reset apart. */
static int check_usage(const cli_refresh_opts *o)
{
    if (o->fetch.currency && strcmp(o->fetch.currency, "USD") != 0)
        return cli_usagef("catalog refresh reads USD price lists, the catalog's currency (not %s)",
                          o->fetch.currency);
    if (o->live && !o->regions)
        return cli_usagef("--prices live fetches the price lists of --regions LIST");
    if (!o->n_skus && !o->regions)
        return cli_usagef("catalog refresh needs --skus FILE (az vm list-skus -o json) and/or "
                          "--regions LIST (cached price lists), or --reset");
    return 0;
}

/* The --regions price lists into *lists, each region's list named in ins
 * ("prices R, fetched T") and its fetch day made the later of it and `day`;
 * a region with none cached is a warning. */
static int add_region_lists(aivm_prices **lists, char ***regions, size_t *n_regions,
                            const cli_refresh_opts *o, input_list *ins, char *day)
{
    aivm_buf name = AIVM_BUF_INIT;
    int rc = cli_prices_regions_list(regions, n_regions, o->regions, NULL);
    if (rc)
        return rc;
    if (!o->fetch.cache_dir)
        return cli_usagef("catalog refresh --regions needs a price cache (--cache-dir, or HOME)");
    rc = get_lists(lists, o, *regions, *n_regions);
    if (rc)
        return rc;
    for (size_t i = 0; i < aivm_prices_count(*lists); i++) {
        const aivm_price_entry *e = aivm_prices_entry(*lists, i);
        if (!e->set) {
            cli_warnf("%s: no cached price list (run 'aivm-advise prices fetch --regions %s' "
                      "first)",
                      e->query.region, e->query.region);
            continue;
        }
        aivm_buf_clear(&name);
        aivm_buf_printf(&name, "prices %s, fetched %s", e->query.region, e->fetched_at);
        inputs_add(ins, name.ptr, true);
        later_day(day, e->fetched_at);
    }
    aivm_buf_dispose(&name);
    return 0;
}

/* Builds the overlay from what was read, proves it loads (a refresh never
 * leaves an overlay every run refuses), writes it and says what changed. */
static int build_and_write(const char *path, const char *today, const input_list *ins,
                           aivm_avail *av, const aivm_prices *lists)
{
    aivm_buf doc = AIVM_BUF_INIT, url = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_refresh_summary sum;
    aivm_catalog *check = NULL;
    aivm_refresh_opts ro = {today, ins->v, ins->n, av, lists, NULL};
    int rc = 0;
    aivm_buf_printf(&url, "file://%s", path);
    ro.url = url.ptr;
    if (aivm_refresh_build(&doc, &sum, aivm_catalog_builtin(), &ro, &err) < 0 ||
        aivm_catalog_overlay_mem(&check, aivm_catalog_builtin(), doc.ptr, doc.size, path, &err) < 0)
        rc = cli_report_error(&err);
    if (rc == 0)
        rc = write_overlay(path, &doc);
    if (rc == 0) {
        cli_outf("overlay %s (as of %s): %zu sizes added (%zu unverified), %zu changed, %zu "
                 "disagreements listed, %zu not described\n",
                 path, today, sum.added, sum.unverified, sum.changed, sum.disagreements,
                 sum.skipped);
        if (sum.added || sum.changed || sum.disagreements)
            cli_outf("see 'aivm-advise catalog diff'; 'aivm-advise catalog refresh --reset' "
                     "removes it\n");
    }
    aivm_catalog_free(check);
    aivm_buf_dispose(&doc);
    aivm_buf_dispose(&url);
    return rc;
}

int cli_catalog_refresh(const cli_refresh_opts *o, const char *date, const char *today)
{
    char day[16] = "";
    aivm_avail *av = NULL;
    aivm_prices *lists = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    input_list ins = {0};
    char **regions = NULL, path[4096];
    size_t n_regions = 0;
    int rc = 0;
    if (!cli_overlay_path(path, sizeof path))
        return cli_usagef("catalog refresh needs XDG_DATA_HOME or HOME for its overlay");
    if (o->reset)
        return o->n_skus || o->regions || o->prices_set
                   ? cli_usagef("--reset takes no --skus, --regions or --prices")
                   : reset(path);
    cli_sources_catalog(aivm_catalog_builtin(), NULL); /* what the snapshots are compared with */
    rc = check_usage(o);
    if (rc)
        return rc;
    av = aivm_avail_new();
    for (size_t i = 0; i < o->n_skus && rc == 0; i++) {
        if (aivm_avail_add_skus_file(av, o->skus[i], &err) < 0)
            rc = cli_report_error(&err);
        else
            inputs_add(&ins, o->skus[i], false);
        file_day(day, o->skus[i]);
    }
    if (rc == 0 && o->regions)
        rc = add_region_lists(&lists, &regions, &n_regions, o, &ins, day);
    if (!day[0] || strcmp(day, today) > 0)
        snprintf(day, sizeof day, "%s", today); /* no input has a day, or one from the future */
    if (rc == 0)
        rc = build_and_write(path, date ? date : day, &ins, av, lists);
    inputs_dispose(&ins);
    cli_prices_regions_free(regions, n_regions);
    aivm_prices_free(lists);
    aivm_avail_free(av);
    return rc;
}

int cli_catalog_diff(const aivm_catalog *cat, aivm_browse_format fmt)
{
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    int rc;
    cli_report_begin(&out, fmt == AIVM_BROWSE_JSON);
    rc = aivm_report_overlay_diff(&out, cat, fmt, &err);
    if (rc == 0)
        rc = cli_report_end(&out, fmt == AIVM_BROWSE_JSON);
    aivm_buf_dispose(&out);
    return rc < 0 ? cli_report_error(&err) : rc;
}
