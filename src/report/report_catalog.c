/*
 * report_catalog.c - the renderers of `catalog list`, `catalog show` and
 * `catalog compare`: a size's facts as a table for people and as JSON
 * (docs/schema/catalog.schema.json), and the names alone for completion.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "aivm/catalog.h"
#include "report_int.h"
#include "util/jsonw.h"

static const char *str_or(const aivm_rstr *s, const char *dflt)
{
    const char *v = aivm_str(s);
    return v && v[0] ? v : dflt;
}

/* The price a list row shows: in `region` when given and priced there, else
 * at the size's reference region. */
static const aivm_region_price *row_price(const aivm_size *s, const char *region)
{
    const aivm_region_price *p = region ? aivm_size_price_in(s, region) : NULL;
    if (!p && !region)
        p = aivm_size_price_in(s, str_or(&s->price_reference_region, "eastus"));
    return p;
}

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

/* "8 x H100 80 GB" (or "-" without a GPU) into `out`. */
static void gpu_text(char *out, size_t cap, const aivm_size *s)
{
    if (!s->has_gpu)
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "%g x %s %g GB", s->gpu_count, str_or(&s->gpu_model, "?"),
                 s->gpu_memory_gb);
}

static void precisions_text(char *out, size_t cap, unsigned mask)
{
    size_t k = 0;
    out[0] = '\0';
    for (int d = 0; d < AIVM_DTYPE_COUNT && k + 8 < cap; d++)
        if (mask & (1u << d))
            k += (size_t)snprintf(out + k, cap - k, "%s%s", k ? ", " : "",
                                  aivm_dtype_name((aivm_dtype)d));
    if (!k)
        snprintf(out, cap, "unknown");
}

void aivm_report__catalog_json(aivm_jw *w, const aivm_catalog *cat)
{
    const char *overlay = aivm_catalog_overlay_name(cat);
    aivm_jw_object(w, "catalog");
    aivm_jw_str(w, "version", aivm_catalog_version(cat));
    aivm_jw_str(w, "as_of", aivm_catalog_as_of(cat));
    aivm_jw_str(w, "prices_as_of", aivm_catalog_prices_as_of(cat));
    if (overlay) {
        size_t n[3] = {0, 0, 0};
        for (size_t i = 0; i < aivm_catalog_overlay_change_count(cat); i++)
            n[aivm_catalog_overlay_change_at(cat, i)->kind]++;
        aivm_jw_object(w, "overlay");
        aivm_jw_str(w, "file", overlay);
        aivm_jw_str(w, "as_of", aivm_catalog_overlay_as_of(cat));
        aivm_jw_num(w, "added", (double)n[AIVM_OVERLAY_ADDED]);
        aivm_jw_num(w, "changed", (double)n[AIVM_OVERLAY_CHANGED]);
        aivm_jw_num(w, "disagreements", (double)n[AIVM_OVERLAY_DISAGREES]);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
}

/* ---- list */

int aivm_report_size_list(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                          size_t n, const aivm_size_filter *f, aivm_browse_format fmt)
{
    if (fmt == AIVM_BROWSE_NAMES) {
        for (size_t i = 0; i < n; i++)
            aivm_buf_printf(out, "%s\n", aivm_str(&sizes[i]->name));
        return 0;
    }
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_report__catalog_json(&w, cat);
        aivm_jw_num(&w, "count", (double)n);
        aivm_jw_array(&w, "sizes");
        for (size_t i = 0; i < n; i++) {
            const aivm_size *s = sizes[i];
            const aivm_region_price *p = row_price(s, f->region);
            aivm_jw_object(&w, NULL);
            aivm_jw_str(&w, "name", aivm_str(&s->name));
            aivm_jw_str(&w, "series", aivm_str(&s->series));
            aivm_jw_str(&w, "family", aivm_str(&s->family));
            aivm_jw_str(&w, "category", aivm_category_name(s->category));
            aivm_jw_num(&w, "vcpus", s->vcpus);
            aivm_jw_num(&w, "memory_gib", s->memory_gib);
            aivm_report__gpu_json(&w, s);
            aivm_jw_bool(&w, "infiniband", s->infiniband);
            aivm_jw_str(&w, "lifecycle", aivm_lifecycle_name(aivm_size_lifecycle_on(s, f->today)));
            if (p) {
                aivm_jw_object(&w, "price");
                aivm_jw_str(&w, "region", aivm_str(&p->region));
                aivm_jw_str(&w, "currency", str_or(&s->price_currency, "USD"));
                aivm_jw_num(&w, "on_demand", p->on_demand);
                aivm_jw_opt_num(&w, "spot", p->has_spot, p->spot);
                aivm_jw_end(&w);
            } else {
                aivm_jw_null(&w, "price");
            }
            aivm_jw_end(&w);
        }
        aivm_jw_end(&w);
        aivm_report__doc_end(&w, out);
        return 0;
    }
    aivm_buf_printf(out, "%-30s %-6s %5s %8s %-22s %-3s %-9s %10s\n", "SIZE", "FAMILY", "VCPU",
                    "MEM_GIB", "GPU", "IB", "LIFECYCLE", "USD/HOUR");
    for (size_t i = 0; i < n; i++) {
        const aivm_size *s = sizes[i];
        const aivm_region_price *p = row_price(s, f->region);
        char gpu[64], price[24];
        gpu_text(gpu, sizeof gpu, s);
        if (p)
            snprintf(price, sizeof price, "%.2f", p->on_demand);
        else
            snprintf(price, sizeof price, "-");
        aivm_buf_printf(out, "%-30s %-6s %5u %8g %-22s %-3s %-9s %10s\n",
                        aivm_report__vis(aivm_str(&s->name)),
                        aivm_report__vis(aivm_str(&s->family)), s->vcpus, s->memory_gib,
                        aivm_report__vis(gpu), s->infiniband ? "yes" : "no",
                        aivm_lifecycle_name(aivm_size_lifecycle_on(s, f->today)), price);
    }
    aivm_buf_printf(out, "\n%zu size%s", n, n == 1 ? "" : "s");
    if (f->region) {
        size_t unknown = 0;
        for (size_t i = 0; i < n; i++)
            unknown += sizes[i]->regions.n == 0;
        aivm_buf_printf(out, " offered in %s", f->region);
        if (unknown)
            aivm_buf_printf(out,
                            " (%zu of them: regions not in the catalog, check before "
                            "deploying)",
                            unknown);
        aivm_buf_puts(out, "; prices there (catalog reference, Linux pay-as-you-go)");
    } else
        aivm_buf_puts(out, "; prices at each size's reference region (catalog, Linux "
                           "pay-as-you-go)");
    aivm_buf_printf(out, ". Catalog %s as of %s.\n", aivm_catalog_version(cat),
                    aivm_catalog_as_of(cat));
    return 0;
}

/* ---- one size, every fact */

static void json_size(aivm_jw *w, const aivm_catalog *cat, const aivm_size *s, const char *today)
{
    const aivm_family *fam = find_family(cat, aivm_str(&s->family));
    const aivm_gpu_model *gm = aivm_catalog_size_gpu(cat, s);
    const aivm_region_price *prices = aivm_size_prices(s);
    char at[300];
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "name", aivm_str(&s->name));
    aivm_jw_str(w, "series", aivm_str(&s->series));
    aivm_jw_str(w, "family", aivm_str(&s->family));
    aivm_jw_str(w, "family_name", fam ? fam->name : NULL);
    aivm_jw_str(w, "category", aivm_category_name(s->category));
    aivm_jw_num(w, "vcpus", s->vcpus);
    aivm_jw_num(w, "memory_gib", s->memory_gib);
    if (s->has_gpu) {
        aivm_jw_object(w, "gpu");
        aivm_report__gpu_fields(w, s);
        aivm_jw_str(w, "interconnect_detail", aivm_str(&s->gpu_interconnect_detail));
        aivm_jw_str(w, "architecture", gm ? gm->architecture : NULL);
        aivm_jw_opt_num(w, "memory_bandwidth_gbs", gm && gm->memory_bandwidth_gbs > 0,
                        gm->memory_bandwidth_gbs);
        aivm_jw_object(w, "dense_tflops");
        for (int d = 0; gm && d < AIVM_DTYPE_COUNT; d++)
            if (gm->tflops[d] > 0)
                aivm_jw_num(w, aivm_dtype_name((aivm_dtype)d), gm->tflops[d]);
        aivm_jw_end(w);
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "gpu");
    }
    aivm_jw_bool(w, "infiniband", s->infiniband);
    aivm_jw_opt_num(w, "infiniband_gbps", s->infiniband_gbps > 0, s->infiniband_gbps);
    aivm_jw_bool(w, "accelerated_networking", s->accelerated_networking);
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
    if (s->has_price) {
        aivm_jw_object(w, "prices");
        aivm_jw_str(w, "currency", str_or(&s->price_currency, "USD"));
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
    aivm_jw_array(w, "notes");
    for (size_t i = 0; i < s->notes.n; i++)
        aivm_jw_str(w, NULL, aivm_rlist_at(&s->notes, i));
    aivm_jw_end(w);
    snprintf(at, sizeof at, "%s:%u", str_or(&s->loc.file, "?"), s->loc.line);
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

static void table_size(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                       const char *today)
{
    const aivm_family *fam = find_family(cat, aivm_str(&s->family));
    const aivm_region_price *prices = aivm_size_prices(s);
    char buf[128];
    aivm_lifecycle lc = aivm_size_lifecycle_on(s, today);
    aivm_buf_printf(out, "%s\n", aivm_report__vis(aivm_str(&s->name)));
    put_fact(out, "series", "%s", str_or(&s->series, "-"));
    put_fact(out, "family", "%s%s%s", str_or(&s->family, "-"), fam ? ": " : "",
             fam ? fam->name : "");
    put_fact(out, "category", "%s", aivm_category_name(s->category));
    put_fact(out, "vCPUs", "%u", s->vcpus);
    put_fact(out, "memory", "%g GiB", s->memory_gib);
    if (s->has_gpu) {
        const aivm_gpu_model *gm = aivm_catalog_size_gpu(cat, s);
        put_fact(out, "GPU", "%g x %s %s, %g GB each (%g GB)", s->gpu_count,
                 str_or(&s->gpu_vendor, ""), str_or(&s->gpu_model, "?"), s->gpu_memory_gb,
                 s->gpu_count * s->gpu_memory_gb);
        put_fact(out, "GPU interconnect", "%s%s%s%s", str_or(&s->gpu_interconnect, "unknown"),
                 aivm_str(&s->gpu_interconnect_detail) ? " (" : "",
                 str_or(&s->gpu_interconnect_detail, ""),
                 aivm_str(&s->gpu_interconnect_detail) ? ")" : "");
        precisions_text(buf, sizeof buf, s->gpu_precisions);
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
    if (s->infiniband && s->infiniband_gbps > 0)
        put_fact(out, "InfiniBand", "yes, %g Gb/s", s->infiniband_gbps);
    else
        put_fact(out, "InfiniBand", "%s", s->infiniband ? "yes" : "no");
    put_fact(out, "accelerated networking", "%s", s->accelerated_networking ? "yes" : "no");
    put_fact(out, "Hyper-V generations", "%s",
             (s->hyperv_generations & 6u) == 6u ? "1, 2"
             : s->hyperv_generations & 4u       ? "2"
             : s->hyperv_generations & 2u       ? "1"
                                                : "unknown");
    if (aivm_str(&s->cpu))
        put_fact(out, "CPU", "%s%s%s%s", aivm_str(&s->cpu), aivm_str(&s->cpu_arch) ? " (" : "",
                 str_or(&s->cpu_arch, ""), aivm_str(&s->cpu_arch) ? ")" : "");
    if (s->confidential)
        put_fact(out, "confidential", "yes");
    put_list(out, "OS", &s->os);
    put_fact(out, "lifecycle", "%s%s%s%s%s", aivm_lifecycle_name(lc),
             aivm_str(&s->lifecycle_date) ? " " : "", str_or(&s->lifecycle_date, ""),
             aivm_str(&s->lifecycle_note) ? ": " : "", str_or(&s->lifecycle_note, ""));
    if (s->generation_year)
        put_fact(out, "generation", "%d", s->generation_year);
    if (s->unverified)
        put_fact(out, "unverified", "yes: not on its series' Microsoft page, never recommended");
    snprintf(buf, sizeof buf, "regions (%zu)", s->regions.n);
    put_list(out, buf, &s->regions);
    if (s->has_price) {
        put_fact(out, "reference prices", "%s per hour, Linux, as of %s (%s)",
                 str_or(&s->price_currency, "USD"), str_or(&s->price_as_of, "?"),
                 str_or(&s->price_source, "?"));
        for (size_t i = 0; i < s->n_prices; i++) {
            char spot[32] = "no spot offer";
            if (prices[i].has_spot)
                snprintf(spot, sizeof spot, "spot %.4f", prices[i].spot);
            aivm_buf_printf(
                out, "  %-22s %-16s %10.4f  %s%s\n", "",
                aivm_report__vis(aivm_str(&prices[i].region)), prices[i].on_demand, spot,
                strcmp(aivm_str(&prices[i].region), str_or(&s->price_reference_region, "")) == 0
                    ? "  (reference)"
                    : "");
        }
    } else {
        put_fact(out, "reference prices", "none in the catalog (see prices fetch)");
    }
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
    put_fact(out, "defined at", "%s:%u", str_or(&s->loc.file, "?"), s->loc.line);
}

int aivm_report_size_show(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                          const char *today, aivm_browse_format fmt)
{
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_report__catalog_json(&w, cat);
        aivm_jw_array(&w, "sizes");
        json_size(&w, cat, s, today);
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

/* ---- compare: one column per size */

typedef void (*cell_fn)(char *out, size_t cap, const aivm_catalog *cat, const aivm_size *s,
                        const char *today);

static void c_family(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%s (%s)", str_or(&s->family, "-"), str_or(&s->series, "-"));
}
static void c_vcpu(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%u", s->vcpus);
}
static void c_mem(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%g GiB", s->memory_gib);
}
static void c_gpu(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    gpu_text(o, c, s);
}
static void c_gpumem(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    if (s->has_gpu)
        snprintf(o, c, "%g GB", s->gpu_count * s->gpu_memory_gb);
    else
        snprintf(o, c, "-");
}
static void c_link(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%s", s->has_gpu ? str_or(&s->gpu_interconnect, "unknown") : "-");
}
static void c_prec(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    if (s->has_gpu)
        precisions_text(o, c, s->gpu_precisions);
    else
        snprintf(o, c, "-");
}
static void c_ib(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    if (s->infiniband && s->infiniband_gbps > 0)
        snprintf(o, c, "%g Gb/s", s->infiniband_gbps);
    else
        snprintf(o, c, "%s", s->infiniband ? "yes" : "no");
}
static void c_os(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    size_t k = 0;
    (void)cat;
    (void)t;
    o[0] = '\0';
    for (size_t i = 0; i < s->os.n && k + 2 < c; i++)
        k += (size_t)snprintf(o + k, c - k, "%s%s", i ? ", " : "", aivm_rlist_at(&s->os, i));
    if (!s->os.n)
        snprintf(o, c, "unknown");
}
static void c_life(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    snprintf(o, c, "%s%s%s", aivm_lifecycle_name(aivm_size_lifecycle_on(s, t)),
             aivm_str(&s->lifecycle_date) ? " " : "", str_or(&s->lifecycle_date, ""));
}
static void c_regions(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%zu", s->regions.n);
}
static void c_price(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    const aivm_region_price *p = row_price(s, NULL);
    (void)cat;
    (void)t;
    if (p)
        snprintf(o, c, "%.2f %s (%s)", p->on_demand, str_or(&s->price_currency, "USD"),
                 aivm_str(&p->region));
    else
        snprintf(o, c, "-");
}
static void c_spot(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    const aivm_region_price *p = row_price(s, NULL);
    (void)cat;
    (void)t;
    if (p && p->has_spot)
        snprintf(o, c, "%.2f", p->spot);
    else
        snprintf(o, c, "-");
}
static void c_gpuhour(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    const aivm_region_price *p = row_price(s, NULL);
    (void)cat;
    (void)t;
    if (p && s->has_gpu && s->gpu_count > 0)
        snprintf(o, c, "%.2f", p->on_demand / s->gpu_count);
    else
        snprintf(o, c, "-");
}

static const struct {
    const char *label;
    cell_fn fn;
} rows[] = {
    {"family (series)", c_family},
    {"vCPUs", c_vcpu},
    {"memory", c_mem},
    {"GPUs", c_gpu},
    {"GPU memory per VM", c_gpumem},
    {"GPU interconnect", c_link},
    {"native precisions", c_prec},
    {"InfiniBand", c_ib},
    {"OS", c_os},
    {"lifecycle", c_life},
    {"regions offered", c_regions},
    {"on-demand per hour", c_price},
    {"spot per hour", c_spot},
    {"per GPU-hour", c_gpuhour},
};

#define N_ROWS (sizeof rows / sizeof rows[0])
#define CELL 64

/* Sizes [from, to) side by side: a column each, `w[j]` wide, the last unpadded. */
static void compare_columns(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                            size_t from, size_t to, const size_t *w, const char *today)
{
    char cell[CELL];
    aivm_buf_printf(out, "%-20s", "");
    for (size_t j = from; j < to; j++)
        aivm_buf_printf(out, "  %-*s", j + 1 < to ? (int)w[j] : 0,
                        aivm_report__vis(aivm_str(&sizes[j]->name)));
    aivm_buf_puts(out, "\n");
    for (size_t r = 0; r < N_ROWS; r++) {
        aivm_buf_printf(out, "%-20s", rows[r].label);
        for (size_t j = from; j < to; j++) {
            rows[r].fn(cell, sizeof cell, cat, sizes[j], today);
            aivm_buf_printf(out, "  %-*s", j + 1 < to ? (int)w[j] : 0, aivm_report__vis(cell));
        }
        aivm_buf_puts(out, "\n");
    }
}

/* One size too wide for a column beside the labels: its name, then a line per
 * fact, each value cut to what `width` leaves (on a UTF-8 lead byte, with "..."). */
static void compare_stacked(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                            const char *today, size_t width)
{
    char cell[CELL];
    size_t room = width > 24 + 8 ? width - 24 : 8;
    aivm_buf_printf(out, "%s\n", aivm_report__vis(aivm_str(&s->name)));
    for (size_t r = 0; r < N_ROWS; r++) {
        const char *v;
        size_t len;
        rows[r].fn(cell, sizeof cell, cat, s, today);
        v = aivm_report__vis(cell);
        len = strlen(v);
        if (len > room) {
            len = room - 3;
            while (len > 0 && ((unsigned char)v[len] & 0xC0) == 0x80)
                len--;
        }
        aivm_buf_printf(out, "  %-20s  %.*s%s\n", rows[r].label, (int)len, v,
                        len < strlen(v) ? "..." : "");
    }
}

int aivm_report_size_compare(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                             size_t n, const char *today, aivm_browse_format fmt, unsigned width)
{
    size_t w[16];
    char cell[CELL];
    if (fmt == AIVM_BROWSE_JSON || fmt == AIVM_BROWSE_NAMES) {
        aivm_jw jw;
        if (fmt == AIVM_BROWSE_NAMES) {
            for (size_t i = 0; i < n; i++)
                aivm_buf_printf(out, "%s\n", aivm_str(&sizes[i]->name));
            return 0;
        }
        aivm_report__doc_begin(&jw, out);
        aivm_report__catalog_json(&jw, cat);
        aivm_jw_array(&jw, "sizes");
        for (size_t i = 0; i < n; i++)
            json_size(&jw, cat, sizes[i], today);
        aivm_jw_end(&jw);
        aivm_report__doc_end(&jw, out);
        return 0;
    }
    if (n > sizeof w / sizeof w[0])
        n = sizeof w / sizeof w[0];
    for (size_t j = 0; j < n; j++) {
        w[j] = strlen(aivm_report__vis(aivm_str(&sizes[j]->name)));
        for (size_t r = 0; r < N_ROWS; r++) {
            rows[r].fn(cell, sizeof cell, cat, sizes[j], today);
            if (strlen(cell) > w[j])
                w[j] = strlen(cell);
        }
    }
    /* As many columns as fit in `width` per table; tables one under another. */
    for (size_t j = 0, k; j < n; j = k) {
        size_t used = 20;
        for (k = j; k < n && (width == 0 || used + 2 + w[k] <= width); k++)
            used += 2 + w[k];
        if (j)
            aivm_buf_puts(out, "\n");
        if (k == j)
            compare_stacked(out, cat, sizes[k++], today, width);
        else
            compare_columns(out, cat, sizes, j, k, w, today);
    }
    aivm_buf_puts(out, "\nPrices: catalog reference, Linux pay-as-you-go, at each size's "
                       "reference region.\n");
    return 0;
}

int aivm_report_catalog_validation(aivm_buf *out, const char *file, const aivm_catalog *cat,
                                   const aivm_error *err, aivm_browse_format fmt)
{
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_jw_str(&w, "file", file);
        aivm_jw_bool(&w, "valid", err == NULL);
        if (err) {
            aivm_jw_object(&w, "error");
            aivm_jw_str(&w, "file", err->file[0] ? err->file : file);
            aivm_jw_num(&w, "line", err->line);
            aivm_jw_num(&w, "col", err->col);
            aivm_jw_str(&w, "message", err->msg);
            aivm_jw_end(&w);
        } else {
            aivm_jw_str(&w, "version", aivm_catalog_version(cat));
            aivm_jw_str(&w, "as_of", aivm_catalog_as_of(cat));
            aivm_jw_num(&w, "sizes", (double)aivm_catalog_size_count(cat));
            aivm_jw_num(&w, "families", (double)aivm_catalog_family_count(cat));
            aivm_jw_num(&w, "gpu_models", (double)aivm_catalog_gpu_model_count(cat));
            aivm_jw_num(&w, "regions", (double)aivm_catalog_region_count(cat));
            aivm_jw_num(&w, "sources", (double)aivm_catalog_source_count(cat));
        }
        aivm_report__doc_end(&w, out);
        return 0;
    }
    if (err)
        return 0; /* the CLI prints the error line */
    aivm_buf_printf(out,
                    "%s: valid catalog %s (as of %s): %zu sizes, %zu families, %zu GPU models, "
                    "%zu regions, %zu sources\n",
                    aivm_report__vis(file), aivm_report__vis(aivm_catalog_version(cat)),
                    aivm_report__vis(aivm_catalog_as_of(cat)), aivm_catalog_size_count(cat),
                    aivm_catalog_family_count(cat), aivm_catalog_gpu_model_count(cat),
                    aivm_catalog_region_count(cat), aivm_catalog_source_count(cat));
    return 0;
}

/* ---- overlay diff */

int aivm_report_overlay_diff(aivm_buf *out, const aivm_catalog *cat, aivm_browse_format fmt,
                             aivm_error *err)
{
    static const char *const kinds[] = {"added", "changed", "disagrees"};
    size_t n = aivm_catalog_overlay_change_count(cat);
    (void)err;
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_report__catalog_json(&w, cat);
        aivm_jw_array(&w, "overlay");
        for (size_t i = 0; i < n; i++) {
            const aivm_overlay_change *c = aivm_catalog_overlay_change_at(cat, i);
            aivm_jw_object(&w, NULL);
            aivm_jw_str(&w, "kind", kinds[c->kind]);
            aivm_jw_str(&w, "size", c->size);
            aivm_jw_str(&w, "fact", c->fact);
            aivm_jw_str(&w, "catalog", c->catalog);
            aivm_jw_str(&w, "overlay", c->overlay);
            aivm_jw_str(&w, "source", c->source);
            aivm_jw_end(&w);
        }
        aivm_jw_end(&w);
        aivm_report__doc_end(&w, out);
        return 0;
    }
    if (fmt == AIVM_BROWSE_NAMES) {
        for (size_t i = 0; i < n; i++)
            if (i == 0 || strcmp(aivm_catalog_overlay_change_at(cat, i - 1)->size,
                                 aivm_catalog_overlay_change_at(cat, i)->size) != 0)
                aivm_buf_printf(out, "%s\n",
                                aivm_report__vis(aivm_catalog_overlay_change_at(cat, i)->size));
        return 0;
    }
    if (!aivm_catalog_overlay_name(cat)) {
        aivm_buf_puts(out, "No overlay: the built-in catalog alone is used (catalog refresh "
                           "builds one).\n");
        return 0;
    }
    aivm_buf_printf(out, "Overlay %s (as of %s) on catalog %s (as of %s): %zu entries\n",
                    aivm_report__vis(aivm_catalog_overlay_name(cat)),
                    aivm_report__vis(aivm_catalog_overlay_as_of(cat)),
                    aivm_report__vis(aivm_catalog_version(cat)),
                    aivm_report__vis(aivm_catalog_as_of(cat)), n);
    for (size_t i = 0; i < n; i++) {
        const aivm_overlay_change *c = aivm_catalog_overlay_change_at(cat, i);
        aivm_buf_printf(out, "%-9s %s %s: ", kinds[c->kind], aivm_report__vis(c->size),
                        aivm_report__vis(c->fact));
        if (c->kind == AIVM_OVERLAY_DISAGREES)
            aivm_buf_printf(out, "catalog %s, snapshot %s (kept: %s)", aivm_report__vis(c->catalog),
                            aivm_report__vis(c->overlay), aivm_report__vis(c->catalog));
        else if (c->catalog)
            aivm_buf_printf(out, "%s (was %s)", aivm_report__vis(c->overlay),
                            aivm_report__vis(c->catalog));
        else
            aivm_buf_puts(out, aivm_report__vis(c->overlay));
        if (c->source)
            aivm_buf_printf(out, " [%s]", aivm_report__vis(c->source));
        aivm_buf_puts(out, "\n");
    }
    return 0;
}
