/*
 * report_size_show.c - the renderer of `catalog show`: every fact the catalog
 * holds on one size, as JSON (its "sizes" entry of
 * docs/schema/catalog.schema.json, also used by `catalog compare`) and as a
 * table of facts for people. Reads the catalog only; report_catalog.c holds
 * the helpers the catalog renderers share.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "aivm/catalog.h"
#include "report_int.h"
#include "util/jsonw.h"

static const aivm_family *find_family(const aivm_catalog *cat, const char *id)
{
    for (size_t i = 0; id && i < aivm_catalog_family_count(cat); i++)
        if (strcmp(aivm_catalog_family_at(cat, i)->id, id) == 0)
            return aivm_catalog_family_at(cat, i);
    return NULL;
}

static const aivm_source *find_source(const aivm_catalog *cat, const char *id)
{
    for (size_t i = 0; id && i < aivm_catalog_source_count(cat); i++)
        if (strcmp(aivm_catalog_source_at(cat, i)->id, id) == 0)
            return aivm_catalog_source_at(cat, i);
    return NULL;
}

/* The "gpu" member of `catalog show`: the common fields plus the GPU model's
 * architecture, bandwidth and dense TFLOPS per precision; null without a GPU. */
static void json_size_gpu(aivm_jw *w, const aivm_size *s, const aivm_gpu_model *gm)
{
    if (s->has_gpu) {
        aivm_jw_object(w, "gpu");
        aivm_report__gpu_fields(w, s);
        aivm_jw_str(w, "interconnect_detail", aivm_str(&s->gpu_interconnect_detail));
        aivm_jw_str(w, "architecture", gm ? gm->architecture : NULL);
        aivm_jw_opt_num(w, "memory_bandwidth_gbs", gm && gm->memory_bandwidth_gbs > 0,
                        gm ? gm->memory_bandwidth_gbs : 0);
        aivm_jw_object(w, "dense_tflops");
        for (int d = 0; gm && d < AIVM_DTYPE_COUNT; d++)
            if (gm->tflops[d] > 0)
                aivm_jw_num(w, aivm_dtype_name((aivm_dtype)d), gm->tflops[d]);
        aivm_jw_end(w);
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "gpu");
    }
}

/* The "prices" member: the catalog's reference prices per region, or null. */
static void json_size_prices(aivm_jw *w, const aivm_size *s)
{
    const aivm_region_price *prices = aivm_size_prices(s);
    if (s->has_price) {
        aivm_jw_object(w, "prices");
        aivm_jw_str(w, "currency", aivm_report__str_or(&s->price_currency, "USD"));
        aivm_jw_str(w, "as_of", aivm_str(&s->price_as_of));
        aivm_jw_str(w, "source", aivm_str(&s->price_source));
        aivm_jw_str(w, "reference_region", aivm_str(&s->price_reference_region));
        aivm_jw_array(w, "regions");
        for (size_t i = 0; i < s->n_prices; i++) {
            aivm_jw_object(w, NULL);
            aivm_jw_str(w, "region", aivm_str(&prices[i].region));
            aivm_jw_num(w, "on_demand", prices[i].on_demand);
            aivm_jw_opt_num(w, "spot", prices[i].has_spot, prices[i].spot);
            aivm_jw_end(w);
        }
        aivm_jw_end(w);
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "prices");
    }
}

/* The "sources" member: each source id with its title, URL and date. */
static void json_size_sources(aivm_jw *w, const aivm_catalog *cat, const aivm_size *s)
{
    aivm_jw_array(w, "sources");
    for (size_t i = 0; i < s->sources.n; i++) {
        const char *id = aivm_rlist_at(&s->sources, i);
        const aivm_source *src = find_source(cat, id);
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "id", id);
        aivm_jw_str(w, "title", src ? src->title : NULL);
        aivm_jw_str(w, "url", src ? src->url : id);
        aivm_jw_str(w, "date", src ? src->date : NULL);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
}

void aivm_report__size_json(aivm_jw *w, const aivm_catalog *cat, const aivm_size *s,
                            const char *today)
{
    const aivm_family *fam = find_family(cat, aivm_str(&s->family));
    const aivm_gpu_model *gm = aivm_catalog_size_gpu(cat, s);
    char at[300];
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "name", aivm_str(&s->name));
    aivm_jw_str(w, "series", aivm_str(&s->series));
    aivm_jw_str(w, "family", aivm_str(&s->family));
    aivm_jw_str(w, "family_name", fam ? fam->name : NULL);
    aivm_jw_str(w, "category", aivm_category_name(s->category));
    aivm_jw_num(w, "vcpus", s->vcpus);
    aivm_jw_num(w, "memory_gib", s->memory_gib);
    json_size_gpu(w, s, gm);
    aivm_jw_bool(w, "infiniband", s->infiniband);
    aivm_jw_opt_num(w, "infiniband_gbps", s->infiniband_gbps > 0, s->infiniband_gbps);
    aivm_jw_bool(w, "accelerated_networking", s->accelerated_networking);
    aivm_jw_bool(w, "accelerated_networking_documented", s->accelerated_networking_known);
    aivm_jw_array(w, "hyperv_generations");
    for (unsigned g = 1; g <= 2; g++)
        if (s->hyperv_generations & (1u << g))
            aivm_jw_num(w, NULL, g);
    aivm_jw_end(w);
    aivm_jw_str(w, "cpu", aivm_str(&s->cpu));
    aivm_jw_str(w, "cpu_arch", aivm_str(&s->cpu_arch));
    aivm_jw_bool(w, "confidential", s->confidential);
    aivm_jw_array(w, "os");
    for (size_t i = 0; i < s->os.n; i++)
        aivm_jw_str(w, NULL, aivm_rlist_at(&s->os, i));
    aivm_jw_end(w);
    aivm_jw_object(w, "lifecycle");
    aivm_jw_str(w, "status", aivm_lifecycle_name(aivm_size_lifecycle_on(s, today)));
    aivm_jw_str(w, "stored_status", aivm_lifecycle_name(s->lifecycle));
    aivm_jw_str(w, "date", aivm_str(&s->lifecycle_date));
    aivm_jw_str(w, "note", aivm_str(&s->lifecycle_note));
    aivm_jw_end(w);
    aivm_jw_opt_num(w, "generation_year", s->generation_year, s->generation_year);
    aivm_jw_bool(w, "unverified", s->unverified);
    aivm_jw_array(w, "regions");
    for (size_t i = 0; i < s->regions.n; i++)
        aivm_jw_str(w, NULL, aivm_rlist_at(&s->regions, i));
    aivm_jw_end(w);
    json_size_prices(w, s);
    json_size_sources(w, cat, s);
    aivm_jw_array(w, "notes");
    for (size_t i = 0; i < s->notes.n; i++)
        aivm_jw_str(w, NULL, aivm_rlist_at(&s->notes, i));
    aivm_jw_end(w);
    snprintf(at, sizeof at, "%s:%u", aivm_report__str_or(&s->loc.file, "?"), s->loc.line);
    aivm_jw_str(w, "defined_at", at);
    aivm_jw_end(w);
}

static void put_fact(aivm_buf *out, const char *key, const char *fmt, ...) AIVM_PRINTF(3, 4);
static void put_fact(aivm_buf *out, const char *key, const char *fmt, ...)
{
    char v[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v, sizeof v, fmt, ap);
    va_end(ap);
    aivm_buf_printf(out, "  %-22s %s\n", key, aivm_report__vis(v));
}

/* A list as "a, b, c" wrapped under the value column (no trailing blank). */
static void put_list(aivm_buf *out, const char *key, const aivm_rlist *l)
{
    size_t col = 25;
    aivm_buf_printf(out, "  %-22s ", key);
    if (!l->n)
        aivm_buf_puts(out, "unknown");
    for (size_t i = 0; i < l->n; i++) {
        const char *v = aivm_report__vis(aivm_rlist_at(l, i));
        if (i && col + 2 + strlen(v) > 100) {
            aivm_buf_printf(out, ",\n  %-22s ", "");
            col = 25;
        } else if (i) {
            aivm_buf_puts(out, ", ");
            col += 2;
        }
        aivm_buf_puts(out, v);
        col += strlen(v);
    }
    aivm_buf_puts(out, "\n");
}

/* The GPU lines: count, model and memory, interconnect, precisions and the
 * GPU model's facts; "none" without a GPU. */
static void table_size_gpu(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s)
{
    char buf[128];
    if (s->has_gpu) {
        const aivm_gpu_model *gm = aivm_catalog_size_gpu(cat, s);
        put_fact(out, "GPU", "%g x %s %s, %g GB each (%g GB)", s->gpu_count,
                 aivm_report__str_or(&s->gpu_vendor, ""), aivm_report__str_or(&s->gpu_model, "?"),
                 s->gpu_memory_gb, s->gpu_count * s->gpu_memory_gb);
        put_fact(out, "GPU interconnect", "%s%s%s%s",
                 aivm_report__str_or(&s->gpu_interconnect, "unknown"),
                 aivm_str(&s->gpu_interconnect_detail) ? " (" : "",
                 aivm_report__str_or(&s->gpu_interconnect_detail, ""),
                 aivm_str(&s->gpu_interconnect_detail) ? ")" : "");
        aivm_report__precisions_text(buf, sizeof buf, s->gpu_precisions);
        put_fact(out, "native precisions", "%s", buf);
        if (gm && gm->architecture)
            put_fact(out, "GPU architecture", "%s", gm->architecture);
        if (gm && gm->variant_of)
            put_fact(out, "GPU variant", "%s (its own figures below)", gm->model);
        if (gm && gm->memory_bandwidth_gbs > 0)
            put_fact(out, "HBM bandwidth", "%g GB/s per GPU", gm->memory_bandwidth_gbs);
        if (gm && gm->tflops[AIVM_DT_BF16] > 0)
            put_fact(out, "dense bf16", "%g TFLOPS per GPU", gm->tflops[AIVM_DT_BF16]);
    } else {
        put_fact(out, "GPU", "none");
    }
}

/* The reference prices: a heading line, then one line per region. */
static void table_size_prices(aivm_buf *out, const aivm_size *s)
{
    const aivm_region_price *prices = aivm_size_prices(s);
    if (s->has_price) {
        put_fact(out, "reference prices", "%s per hour, Linux, as of %s (%s)",
                 aivm_report__str_or(&s->price_currency, "USD"),
                 aivm_report__str_or(&s->price_as_of, "?"),
                 aivm_report__str_or(&s->price_source, "?"));
        for (size_t i = 0; i < s->n_prices; i++) {
            char spot[32] = "no spot offer";
            if (prices[i].has_spot)
                snprintf(spot, sizeof spot, "spot %.4f", prices[i].spot);
            aivm_buf_printf(out, "  %-22s %-16s %10.4f  %s%s\n", "",
                            aivm_report__vis(aivm_str(&prices[i].region)), prices[i].on_demand,
                            spot,
                            strcmp(aivm_str(&prices[i].region),
                                   aivm_report__str_or(&s->price_reference_region, "")) == 0
                                ? "  (reference)"
                                : "");
        }
    } else {
        put_fact(out, "reference prices", "none in the catalog (see prices fetch)");
    }
}

/* The notes, then the sources with their URL, title and date. */
static void table_size_notes(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s)
{
    for (size_t i = 0; i < s->notes.n; i++)
        put_fact(out, i ? "" : "notes", "%s", aivm_rlist_at(&s->notes, i));
    for (size_t i = 0; i < s->sources.n; i++) {
        const char *id = aivm_rlist_at(&s->sources, i);
        const aivm_source *src = find_source(cat, id);
        if (src)
            put_fact(out, i ? "" : "sources", "%s %s (%s, %s)", id, src->url ? src->url : "-",
                     src->title ? src->title : "", src->date ? src->date : "undated");
        else
            put_fact(out, i ? "" : "sources", "%s", id);
    }
}

static void table_size(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                       const char *today)
{
    const aivm_family *fam = find_family(cat, aivm_str(&s->family));
    char buf[128];
    aivm_lifecycle lc = aivm_size_lifecycle_on(s, today);
    aivm_buf_printf(out, "%s\n", aivm_report__vis(aivm_str(&s->name)));
    put_fact(out, "series", "%s", aivm_report__str_or(&s->series, "-"));
    put_fact(out, "family", "%s%s%s", aivm_report__str_or(&s->family, "-"), fam ? ": " : "",
             fam ? fam->name : "");
    put_fact(out, "category", "%s", aivm_category_name(s->category));
    put_fact(out, "vCPUs", "%u", s->vcpus);
    put_fact(out, "memory", "%g GiB", s->memory_gib);
    table_size_gpu(out, cat, s);
    if (s->infiniband && s->infiniband_gbps > 0)
        put_fact(out, "InfiniBand", "yes, %g Gb/s", s->infiniband_gbps);
    else
        put_fact(out, "InfiniBand", "%s", s->infiniband ? "yes" : "no");
    put_fact(out, "accelerated networking", "%s",
             !s->accelerated_networking_known ? "not documented (--emit writes false)"
             : s->accelerated_networking      ? "yes"
                                              : "no");
    put_fact(out, "Hyper-V generations", "%s",
             (s->hyperv_generations & 6u) == 6u ? "1, 2"
             : s->hyperv_generations & 4u       ? "2"
             : s->hyperv_generations & 2u       ? "1"
                                                : "unknown");
    if (aivm_str(&s->cpu))
        put_fact(out, "CPU", "%s%s%s%s", aivm_str(&s->cpu), aivm_str(&s->cpu_arch) ? " (" : "",
                 aivm_report__str_or(&s->cpu_arch, ""), aivm_str(&s->cpu_arch) ? ")" : "");
    if (s->confidential)
        put_fact(out, "confidential", "yes");
    put_list(out, "OS", &s->os);
    put_fact(out, "lifecycle", "%s%s%s%s%s", aivm_lifecycle_name(lc),
             aivm_str(&s->lifecycle_date) ? " " : "", aivm_report__str_or(&s->lifecycle_date, ""),
             aivm_str(&s->lifecycle_note) ? ": " : "", aivm_report__str_or(&s->lifecycle_note, ""));
    if (s->generation_year)
        put_fact(out, "generation", "%d", s->generation_year);
    if (s->unverified)
        put_fact(out, "unverified",
                 "yes: not on its series' current Microsoft size page, never recommended");
    snprintf(buf, sizeof buf, "regions (%zu)", s->regions.n);
    put_list(out, buf, &s->regions);
    table_size_prices(out, s);
    table_size_notes(out, cat, s);
    put_fact(out, "defined at", "%s:%u", aivm_report__str_or(&s->loc.file, "?"), s->loc.line);
}

int aivm_report_size_show(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                          const char *today, aivm_browse_format fmt)
{
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_report__catalog_json(&w, cat);
        aivm_jw_array(&w, "sizes");
        aivm_report__size_json(&w, cat, s, today);
        aivm_jw_end(&w);
        aivm_report__doc_end(&w, out);
        return 0;
    }
    if (fmt == AIVM_BROWSE_NAMES) {
        aivm_buf_printf(out, "%s\n", aivm_str(&s->name));
        return 0;
    }
    table_size(out, cat, s, today);
    return 0;
}
