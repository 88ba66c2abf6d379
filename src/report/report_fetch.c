/*
 * report_fetch.c - `prices fetch --format json` (docs/json-output.md,
 * docs/schema/prices-fetch.schema.json): per region or size what was
 * fetched, found fresh in the cache or failed, each entry's fetch time,
 * age and cache file, the summary counts, and what the lists tell about
 * the catalog (sizes priced but unknown to it, catalog sizes without a
 * meter). The CLI computes the lists and counts; this file only writes them.
 */
#include "aivm/report.h"
#include "aivm_version.h"
#include "report_int.h"
#include "util/jsonw.h"

static void entry_json(aivm_jw *w, const aivm_price_entry *e)
{
    bool ok = e->state != AIVM_FETCH_FAILED; /* then the entry has its set */
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "region", e->query.region);
    aivm_jw_str(w, "sku", e->query.sku);
    aivm_jw_str(w, "currency", e->query.currency);
    aivm_jw_str(w, "status", aivm_fetch_state_name(e->state));
    aivm_jw_opt_num(w, "items", ok, ok ? (double)aivm_price_set_items(e->set) : 0);
    aivm_jw_str(w, "fetched_at", ok ? e->fetched_at : NULL);
    aivm_jw_opt_num(w, "age_s", ok, (double)e->age_s);
    aivm_jw_bool(w, "in_cache", ok && e->in_cache);
    aivm_jw_str(w, "cache_path", ok ? e->cache_path : NULL);
    aivm_jw_str(w, "cache_error", e->cache_error);
    aivm_jw_str(w, "error", ok ? NULL : e->error);
    aivm_jw_end(w);
}

int aivm_report_prices_fetch_json(aivm_buf *out, const aivm_fetch_report *r, aivm_error *err)
{
    const aivm_prices *p = r->store;
    size_t n = aivm_prices_count(p);
    aivm_jw w;
    aivm_report__doc_begin(&w, out);
    aivm_jw_object(&w, "tool");
    aivm_jw_str(&w, "name", "aivm-advise");
    aivm_jw_str(&w, "version", r->tool_version ? r->tool_version : AIVM_VERSION_STRING);
    aivm_jw_end(&w);
    if (r->catalog)
        aivm_report__catalog_json(&w, r->catalog);
    aivm_jw_str(&w, "scope", r->regions ? "regions" : "sizes");
    aivm_jw_str(&w, "cache_dir", r->cache_dir);
    aivm_jw_array(&w, "entries");
    for (size_t i = 0; i < n; i++)
        entry_json(&w, aivm_prices_entry(p, i));
    aivm_jw_end(&w);
    aivm_jw_object(&w, "summary");
    aivm_jw_num(&w, "total", (double)n);
    aivm_jw_num(&w, "fetched", (double)r->counts[AIVM_FETCH_FETCHED]);
    aivm_jw_num(&w, "cached", (double)r->counts[AIVM_FETCH_CACHED]);
    aivm_jw_num(&w, "failed", (double)r->counts[AIVM_FETCH_FAILED]);
    aivm_jw_num(&w, "requests", (double)aivm_prices_requests(p));
    aivm_jw_end(&w);
    aivm_jw_str(&w, "fatal", aivm_prices_fatal(p));
    aivm_jw_array(&w, "unknown_sizes");
    for (size_t i = 0; i < r->n_unknown; i++) {
        aivm_jw_object(&w, NULL);
        aivm_jw_str(&w, "sku", r->unknown[i]);
        aivm_jw_str(&w, "region", r->unknown_region[i]);
        aivm_jw_end(&w);
    }
    aivm_jw_end(&w);
    aivm_jw_array(&w, "unpriced_sizes");
    for (size_t i = 0; i < r->n_unpriced; i++)
        aivm_jw_str(&w, NULL, r->unpriced[i]);
    aivm_jw_end(&w);
    aivm_jw_array(&w, "warnings");
    for (size_t i = 0; i < aivm_prices_warning_count(p); i++)
        aivm_jw_str(&w, NULL, aivm_prices_warning(p, i));
    aivm_jw_end(&w);
    aivm_report__doc_end(&w, out);
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "JSON output too large");
    return 0;
}
