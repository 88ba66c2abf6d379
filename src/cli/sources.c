/*
 * sources.c - what `-v/--verbose` says: the sources the run used, recorded
 * as they are loaded (cli_config.c, common.c, sizing_opts.c, the price
 * steps of the commands) and said once at the end, one line each on stderr
 * through msg.c (control characters shown visibly), or added to the JSON
 * report by the report layer (aivm_report_json_add_sources).
 */
#include "sources.h"
#include "term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "msg.h"
#include "prices_regions.h"

bool cli_verbose = false;

static aivm_run_source *list;
static size_t n_list;
static bool said; /* a JSON report carried them */

static char **pool; /* the copies the records point to */
static size_t n_pool;

static const char *dup(const char *s)
{
    if (!s)
        return NULL;
    pool = aivm_xrealloc(pool, (n_pool + 1) * sizeof *pool);
    pool[n_pool] = aivm_xstrdup(s);
    return pool[n_pool++];
}

static bool same(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static void release(void)
{
    for (size_t i = 0; i < n_pool; i++)
        free(pool[i]);
    free(pool);
    pool = NULL;
    n_pool = 0;
    free(list);
    list = NULL;
    n_list = 0;
}

void cli_sources_add(const aivm_run_source *s)
{
    aivm_run_source *d;
    for (size_t i = 0; i < n_list; i++)
        if (same(list[i].kind, s->kind) && same(list[i].from, s->from) &&
            same(list[i].path, s->path) && same(list[i].region, s->region) &&
            same(list[i].sku, s->sku))
            return;
    if (!list)
        atexit(release);
    list = aivm_xrealloc(list, (n_list + 1) * sizeof *list);
    d = &list[n_list++];
    d->kind = dup(s->kind);
    d->from = dup(s->from);
    d->path = dup(s->path);
    d->region = dup(s->region);
    d->sku = dup(s->sku);
    d->as_of = dup(s->as_of);
    d->age_s = s->age_s;
    d->note = dup(s->note);
}

void cli_sources_note(const char *kind, const char *from, const char *path, const char *note)
{
    aivm_run_source s = {kind, from, path, NULL, NULL, NULL, -1, note};
    cli_sources_add(&s);
}

void cli_sources_catalog(const aivm_catalog *cat, const char *path)
{
    aivm_run_source s = {"catalog", path ? "file" : "built-in", path, NULL, NULL, NULL, -1, NULL};
    char note[96];
    const char *prices = aivm_catalog_prices_as_of(cat);
    snprintf(note, sizeof note, "reference prices as of %s", prices ? prices : "none");
    s.as_of = aivm_catalog_data_as_of(cat);
    s.note = note;
    cli_sources_add(&s);
    if (aivm_catalog_overlay_name(cat)) {
        aivm_run_source o = {"overlay",
                             "file",
                             aivm_catalog_overlay_name(cat),
                             NULL,
                             NULL,
                             aivm_catalog_overlay_as_of(cat),
                             -1,
                             "from 'aivm-advise catalog refresh'"};
        cli_sources_add(&o);
    }
}

void cli_sources_prices(aivm_prices_mode mode, const aivm_catalog *cat,
                        const aivm_fetch_opts *fetch, const aivm_prices *const *stores,
                        size_t n_stores)
{
    if (mode == AIVM_PRICES_OFF) {
        cli_sources_note("prices", "none", NULL, "--prices off");
        return;
    }
    if (mode == AIVM_PRICES_CATALOG) {
        aivm_run_source s = {"prices", "catalog", NULL, NULL,
                             NULL,     NULL,      -1,   "the catalog's reference prices"};
        s.as_of = cat ? aivm_catalog_prices_as_of(cat) : NULL;
        cli_sources_add(&s);
    }
    if (mode == AIVM_PRICES_LIVE)
        cli_sources_note("prices", "live",
                         fetch->base_url ? fetch->base_url : AIVM_PRICES_DEFAULT_URL, NULL);
    for (size_t k = 0; k < n_stores; k++) {
        for (size_t i = 0; stores[k] && i < aivm_prices_count(stores[k]); i++) {
            const aivm_price_entry *e = aivm_prices_entry(stores[k], i);
            aivm_run_source s = {"prices", "cache",       e->cache_path, e->query.region,
                                 NULL,     e->fetched_at, e->age_s,      NULL};
            if (!e->set || !e->cache_path)
                continue;
            if (!strstr(e->cache_path, ".all.json")) /* a size's own entry */
                s.sku = e->query.sku;
            if (e->source == AIVM_PRICE_LIVE)
                s.from = "live"; /* fetched now, written to the cache */
            cli_sources_add(&s);
        }
    }
}

int cli_sources_json(aivm_buf *doc)
{
    aivm_error err = AIVM_ERROR_INIT;
    if (!cli_verbose)
        return 0;
    said = true;
    if (aivm_report_json_add_sources(doc, list, n_list, &err) < 0)
        return cli_report_error(&err);
    return 0;
}

int cli_sources_yaml(aivm_buf *out, aivm_buf *json, aivm_error *err)
{
    int rc = aivm_report_json_add_sources(json, list, n_list, err);
    said = true;
    return rc < 0 ? rc : aivm_report_json_to_yaml(out, json->ptr, json->size, err);
}

void cli_report_begin(aivm_buf *out, bool json)
{
    if (!(cli_verbose && json))
        cli_stream_to_stdout(out);
}

int cli_report_end(aivm_buf *out, bool json)
{
    int rc = 0;
    if (cli_verbose && json && out->ptr) {
        rc = cli_sources_json(out);
        if (!rc) /* a failed write shows in ferror(stdout): cli_finish_stdout, exit 5 */
            (void)cli_out_write(out->ptr, out->size);
        aivm_buf_clear(out);
        return rc;
    }
    aivm_buf_flush(out);
    return rc;
}

void cli_table_begin(aivm_buf *out, bool json, bool rows)
{
    if (json || !rows || cli_term_width() == 0)
        cli_report_begin(out, json);
}

int cli_table_end(aivm_buf *out, bool json, bool rows)
{
    aivm_buf fitted = AIVM_BUF_INIT;
    unsigned width = cli_term_width();
    if (json || !rows || width == 0)
        return cli_report_end(out, json);
    if (cli_term_fit(&fitted, out->ptr ? out->ptr : "", out->size, width))
        cli_warnf("narrow terminal: rows cut at %u columns (COLUMNS; --format json has all)",
                  width);
    if (fitted.size)
        (void)cli_out_write(fitted.ptr, fitted.size); /* ferror(stdout): exit 5 at the end */
    aivm_buf_dispose(&fitted);
    aivm_buf_clear(out);
    return 0;
}

void cli_sources_finish(void)
{
    char age[48];
    aivm_buf line = AIVM_BUF_INIT;
    if (!cli_verbose || said)
        return;
    for (size_t i = 0; i < n_list; i++) {
        const aivm_run_source *s = &list[i];
        aivm_buf_clear(&line);
        aivm_buf_printf(&line, "%s: %s", s->kind, s->from);
        if (s->path)
            aivm_buf_printf(&line, " %s", s->path);
        if (s->region)
            aivm_buf_printf(&line, " (%s%s%s)", s->region, s->sku ? " " : ", whole list",
                            s->sku ? s->sku : "");
        if (s->as_of)
            aivm_buf_printf(&line, ", as of %s", s->as_of);
        if (s->age_s >= 0) {
            cli_age_text(age, sizeof age, s->age_s);
            aivm_buf_printf(&line, ", %s", age);
        }
        if (s->note)
            aivm_buf_printf(&line, "; %s", s->note);
        cli_verbosef("%s", line.ptr);
    }
    aivm_buf_dispose(&line);
}
