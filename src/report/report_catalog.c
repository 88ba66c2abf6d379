/*
 * report_catalog.c - the renderers of `catalog list`, `catalog validate` and
 * `catalog diff` (the overlay's changes): as a table for people, as JSON
 * (docs/schema/catalog.schema.json) and the names alone for completion; the
 * document's `catalog` object, and the helpers that `catalog show`
 * (report_size_show.c) and `catalog compare` (report_size_compare.c) share.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/catalog.h"
#include "report_int.h"
#include "util/jsonw.h"

const char *aivm_report__str_or(const aivm_rstr *s, const char *dflt)
{
    const char *v = aivm_str(s);
    return v && v[0] ? v : dflt;
}

/* "8 x H100 80 GB" (or "-" without a GPU) into `out`. */
void aivm_report__size_gpu_text(char *out, size_t cap, const aivm_size *s)
{
    if (!s->has_gpu)
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "%g x %s %g GB", s->gpu_count, aivm_report__str_or(&s->gpu_model, "?"),
                 s->gpu_memory_gb);
}

void aivm_report__precisions_text(char *out, size_t cap, unsigned mask)
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

/* `catalog list --format json`: the catalog object, the count and a row per size. */
static void list_json(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                      size_t n, const aivm_size_filter *f)
{
    aivm_jw w;
    aivm_report__doc_begin(&w, out);
    aivm_report__catalog_json(&w, cat);
    aivm_jw_num(&w, "count", (double)n);
    aivm_jw_array(&w, "sizes");
    for (size_t i = 0; i < n; i++) {
        const aivm_size *s = sizes[i];
        const aivm_region_price *p =
            f->region ? aivm_size_price_in(s, f->region) : aivm_size_price_for(s, NULL, NULL);
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
            aivm_jw_str(&w, "currency", aivm_report__str_or(&s->price_currency, "USD"));
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
}

/* The table of `catalog list`: a row per size, then where its prices come from. */
static void list_table(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                       size_t n, const aivm_size_filter *f)
{
    aivm_buf_printf(out, "%-30s %-6s %5s %8s %-22s %-3s %-9s %10s\n", "SIZE", "FAMILY", "VCPU",
                    "MEM_GIB", "GPU", "IB", "LIFECYCLE", "USD/HOUR");
    for (size_t i = 0; i < n; i++) {
        const aivm_size *s = sizes[i];
        const aivm_region_price *p =
            f->region ? aivm_size_price_in(s, f->region) : aivm_size_price_for(s, NULL, NULL);
        char gpu[64], price[24];
        aivm_report__size_gpu_text(gpu, sizeof gpu, s);
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
}

int aivm_report_size_list(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                          size_t n, const aivm_size_filter *f, aivm_browse_format fmt)
{
    if (fmt == AIVM_BROWSE_NAMES) {
        for (size_t i = 0; i < n; i++) {
            const char *name = aivm_str(&sizes[i]->name); /* a size always has one */
            aivm_buf_printf(out, "%s\n", name ? name : "");
        }
        return 0;
    }
    if (fmt == AIVM_BROWSE_JSON)
        list_json(out, cat, sizes, n, f);
    else
        list_table(out, cat, sizes, n, f);
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
